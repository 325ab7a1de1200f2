# both.sh — `--heuristic both` (Legrand et al. 2004, Tables 3–4): the JSON is
# {"ringmap_version", "shared": mapping, "slice": mapping,
# "improvement_percent", "handed_on"} with improvement = (T_slice - T_shared)/T_slice*100
# recomputed from the two mappings; the table shows both ring sizes and the
# improvement; on the hand-solved star with max-min shares both give 0.408
# (improvement 0).
source "$(dirname "$0")/helpers.bash"

STAR="$SRC/platforms/test/star3.gml"
[ -f "$STAR" ] || fail "$STAR is missing"
OWN="$TMP/own_star3.gml"
write_star3 "$OWN"

check_both() { # FILE
    local f=$1
    jcheck "$f" "top-level keys in order" \
        '[keys_unsorted[]] == ["ringmap_version", "shared", "slice", "improvement_percent", "handed_on"]'
    # a tie under the fair model: the lower balance root T* (the largest
    # host time among the hosts with alpha > 0), else SharedRing's
    jcheck "$f" "handed_on: the lower T_step, ties under fair the lower T*, else SharedRing's (rm_mapping_better_on)" \
        'def tstar: [.ring[] | select(.alpha > 0) | .time_per_dw] | max;
         (.slice.t_step_per_dw) as $l | (.shared.t_step_per_dw) as $s |
         (.slice | tstar) as $kl | (.shared | tstar) as $ks |
         if ((($l - $s) | fabs) <= 1e-12 * ([$l, $s] | max)) and .shared.params.network == "fair"
            and .slice.params.network == "fair" and ($kl < $ks * (1 - 1e-12) or $ks < $kl * (1 - 1e-12))
         then .handed_on == (if $kl < $ks then "slice" else "shared" end)
         else .handed_on == (if $l < $s then "slice" else "shared" end) end'
    jcheck "$f" "types" \
        '(.ringmap_version|type) == "string" and (.shared|type) == "object" and (.slice|type) == "object" and (.improvement_percent|type) == "number"'
    jcheck "$f" "shared is SharedRing, slice is SliceRing with its unshared estimate" \
        '.shared.params.heuristic == "shared" and .slice.params.heuristic == "slice" and (.slice.t_step_per_dw_unshared|type) == "number" and (.shared|has("t_step_per_dw_unshared")|not)'
    jcheck "$f" "both mappings: alpha sums to 1, t_step = max time_per_dw" \
        'all(.shared, .slice; ((([.ring[].alpha] | add) - 1) | fabs) < 1e-9 and ((([.ring[].time_per_dw] | max) - .t_step_per_dw) | fabs) <= 1e-9 * .t_step_per_dw)'
    jcheck "$f" "improvement_percent = (T_slice - T_shared)/T_slice*100" \
        '((.slice.t_step_per_dw - .shared.t_step_per_dw) / .slice.t_step_per_dw * 100) as $i | ((.improvement_percent - $i) | fabs) < 1e-9'
}

for d in 0.64 0.064 0.0064; do
    for r in greedy maxmin; do
        echo "--- $STAR --heuristic both --dc-dw $d --sharing $r"
        expect_exit 0 "both, D_c/D_w $d, sharing $r" "$STAR" --heuristic both --dc-dw $d --sharing $r --json "$TMP/b.json"
        check_both "$TMP/b.json"
        jcheck "$TMP/b.json" "both mappings carry dc_dw = $d" '.shared.params.dc_dw == ($d|tonumber) and .slice.params.dc_dw == ($d|tonumber)' --arg d $d
        for s in "SharedRing" "SliceRing" "Improvement" "%"; do
            grep -qF "$s" "$TMP/out" || fail "table lacks '$s'"
        done
        imp=$(jq -r '.improvement_percent * 100 | round / 100 | tostring' "$TMP/b.json")
        ok "table printed (improvement $imp %)"
    done
done

echo "--- hand-solved star, max-min, D_c/D_w = 0.01"
expect_exit 0 "both on the star" "$OWN" --heuristic both --dc-dw 0.01 --sharing maxmin --json "$TMP/s.json"
check_both "$TMP/s.json"
jcheck "$TMP/s.json" "star: both 0.408 with 3 hosts, improvement 0" \
    '((.shared.t_step_per_dw - 0.408) | fabs) < 1e-9 and ((.slice.t_step_per_dw - 0.408) | fabs) < 1e-9 and (.shared.ring|length) == 3 and (.slice.ring|length) == 3 and (.improvement_percent | fabs) < 1e-6'
grep -q "0.408 (3)" "$TMP/out" || fail "comparison table lacks '0.408 (3)': $(cat "$TMP/out")"
ok "comparison table gives T_step/D_w with the ring size"
expect_exit 0 "both, --json -" "$OWN" --heuristic both --json -
check_both "$TMP/out"
