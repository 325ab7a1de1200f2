# scale_options.sh — the options that change how far or how the
# greedy heuristics search (docs/scale.md), recorded in the JSON params so
# that a result says how it was obtained:
# - --stop-patience N on the generated 297-host Tiers platform (seed 1) at
#   D_c/D_w 0.00064: SharedRing's best ring is q = 76 (T_step/D_w
#   2.8996011760e-4); the default grows to all 297 hosts, N = 10 stops at
#   76 + 10 = 86 sizes and N = 100 at 176, with the same ring;
#   params.stop_patience is written, and not with --full-curve (ignored);
# - --slice-ties on medium_tiers.gml at 0.00064: SliceRing's ring (17 hosts,
#   2.46985045827e-3) unchanged, params.slice_ties true; absent with --paper
#   (the paper's rule); present by default (the near-tie rule is the
#   library's default) and absent with --no-slice-ties;
# - bad values exit 2.
source "$(dirname "$0")/helpers.bash"

expect_exit 0 "generate tiers 300" generate tiers --hosts 300 --seed 1 -o "$TMP/t300.gml"
T="$TMP/t300.gml"
expect_exit 0 "shared, default growth" "$T" --paper --dc-dw 0.00064 --json "$TMP/d.json" -q
jcheck "$TMP/d.json" "default: q 76, T_step/D_w 2.8996011760e-4, every size evaluated, no params.stop_patience" \
    '(.t_step_per_dw - 2.8996011760497905e-4 | fabs) < 1e-15 and (.ring | length) == 76 and
     ([.sweep[] | select(.t_step_per_dw != null)] | length) == 297 and (.params | has("stop_patience") | not)'
for n in 10 100; do
    expect_exit 0 "shared, --stop-patience $n" "$T" --paper --dc-dw 0.00064 --stop-patience $n --json "$TMP/p$n.json" -q
    jcheck "$TMP/p$n.json" "--stop-patience $n: the same ring, stopped at 76 + $n sizes, params.stop_patience $n" \
        "(.t_step_per_dw - 2.8996011760497905e-4 | fabs) < 1e-15 and [.ring[].node] == $(jq -c "[.ring[].node]" "$TMP/d.json") and
         ([.sweep[] | select(.t_step_per_dw != null)] | length) == $((76 + n)) and .params.stop_patience == $n"
done
expect_exit 0 "shared, --stop-patience with --full-curve" "$T" --paper --dc-dw 0.00064 --stop-patience 10 --full-curve \
    --json "$TMP/f.json" -q
jcheck "$TMP/f.json" "--full-curve: every size, no params.stop_patience" \
    '([.sweep[] | select(.t_step_per_dw != null)] | length) == 297 and (.params | has("stop_patience") | not)'

M=$SRC/platforms/medium_tiers.gml
expect_exit 0 "slice, default" "$M" --paper --dc-dw 0.00064 --heuristic slice --json "$TMP/s0.json" -q
expect_exit 0 "slice, --slice-ties" "$M" --paper --dc-dw 0.00064 --heuristic slice --slice-ties --json "$TMP/s1.json" -q
jcheck "$TMP/s0.json" "slice default: 17 hosts, 2.46985045827e-3, no params.slice_ties" \
    '(.t_step_per_dw - 2.4698504582730345e-3 | fabs) < 1e-15 and (.ring | length) == 17 and (.params | has("slice_ties") | not)'
jcheck "$TMP/s1.json" "--slice-ties: the same ring and T_step, params.slice_ties" \
    "(.t_step_per_dw - 2.4698504582730345e-3 | fabs) < 1e-15 and [.ring[].node] == $(jq -c "[.ring[].node]" "$TMP/s0.json") and .params.slice_ties == true"

expect_exit 0 "slice, no --paper" "$M" --dc-dw 0.00064 --heuristic slice --json "$TMP/s2.json" -q
expect_exit 0 "slice, --no-slice-ties" "$M" --dc-dw 0.00064 --heuristic slice --no-slice-ties --json "$TMP/s3.json" -q
jcheck "$TMP/s2.json" "slice without --paper: the near-tie rule by default, params.slice_ties" \
    '.params.slice_ties == true'
jcheck "$TMP/s3.json" "--no-slice-ties: no params.slice_ties" '(.params | has("slice_ties") | not)'

expect_bad "--stop-patience: expected an integer >= 0" "negative patience" "$M" --stop-patience -1
expect_bad "--stop-patience: expected an integer >= 0" "patience not a number" "$M" --stop-patience 5x
expect_bad "--stop-patience: expected an integer >= 0" "patience beyond int" "$M" --stop-patience 99999999999
finish_test
