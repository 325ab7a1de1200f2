# reference.sh — stored reference outputs: every shipped
# platform x D_c/D_w in {0.64, 0.064, 0.0064, 0.00064} x both heuristics with
# the paper's setup (--paper: the reserved network model, the 1.1 defaults)
# gives the ring (node order), the routes (nodes and links
# to successor and predecessor) and T_step/D_w (and SliceRing's unshared
# estimate) stored under tests/reference/ — rings and routes exactly, T_step
# to 1e-12 relative. Configurations: tests/reference/configs.bash. A change
# meant to alter results regenerates them with tools/update-reference and
# says why in its commit; any other change must keep this test green.
source "$(dirname "$0")/helpers.bash"
source "$SRC/tests/reference/configs.bash"
REFDIR=$SRC/tests/reference

n=0
nplat=0
while read -r rel; do
    name=$(ref_name "$rel")
    ref=$REFDIR/$name.json
    [ -f "$ref" ] || fail "$rel has no stored reference $ref: a new platform? run tools/update-reference and commit the new file"
    [ "$(jq -r .platform "$ref")" = "$rel" ] || fail "$ref: is for $(jq -r .platform "$ref"), not $rel"
    mapfile -t extra < <(ref_extra_options "$SRC/$rel")
    [ "$(jq -c .options "$ref")" = "$(printf '%s\n' "${extra[@]}" | jq -R . | jq -cs 'map(select(. != ""))')" ] ||
        fail "$ref: stored with options $(jq -c .options "$ref"), configs.bash now gives ${extra[*]}"
    nruns=$(jq '.runs | length' "$ref")
    [ "$nruns" = $((${#REF_HEURISTICS[@]} * ${#REF_RATIOS[@]})) ] || fail "$ref: $nruns runs, expected $((${#REF_HEURISTICS[@]} * ${#REF_RATIOS[@]}))"
    for h in "${REF_HEURISTICS[@]}"; do
        for r in "${REF_RATIOS[@]}"; do
            what="$rel --heuristic $h --dc-dw $r ${extra[*]}"
            run "$SRC/$rel" --paper --heuristic "$h" --dc-dw "$r" "${extra[@]}" --json - --quiet
            [ "$RC" = 0 ] || fail "$what: exit $RC: $(head -c 400 "$TMP/err")"
            jq "$REF_REDUCE" "$TMP/out" >"$TMP/got.json" || fail "$what: output is not JSON"
            # the stored run, then a list of the differences (empty: same)
            jq --arg h "$h" --argjson r "$r" --slurpfile got "$TMP/got.json" -r '
                def rel(a; b): if a == b then 0 elif a == null or b == null then 1
                               else ((a - b) | fabs) / ([(a|fabs), (b|fabs)] | max) end;
                [.runs[] | select(.heuristic == $h and .dc_dw == $r)] as $m
                | if ($m | length) != 1 then "no stored run (found \($m | length))"
                  else $m[0] as $want | $got[0] as $g
                  | (if ($want.ring | map(.node)) != ($g.ring | map(.node))
                     then "ring differs: stored \($want.ring | map(.node)), now \($g.ring | map(.node))"
                     elif $want.ring != $g.ring
                     then "routes differ at host(s) \([range($want.ring | length) | select($want.ring[.] != $g.ring[.]) | $want.ring[.].node])"
                     else empty end),
                    (if rel($want.t_step_per_dw; $g.t_step_per_dw) > 1e-12
                     then "T_step/D_w differs: stored \($want.t_step_per_dw), now \($g.t_step_per_dw)" else empty end),
                    (if rel($want.t_step_per_dw_unshared; $g.t_step_per_dw_unshared) > 1e-12
                     then "unshared T_step/D_w differs: stored \($want.t_step_per_dw_unshared), now \($g.t_step_per_dw_unshared)" else empty end)
                  end' "$ref" >"$TMP/diff" || fail "$what: jq comparison failed"
            if [ -s "$TMP/diff" ]; then
                sed 's/^/  /' "$TMP/diff" >&2
                fail "$what: differs from $ref (if the change is meant to alter results: tools/update-reference, reason in the commit)"
            fi
            n=$((n + 1))
        done
    done
    nplat=$((nplat + 1))
    ok "$rel: ${#REF_HEURISTICS[@]} heuristics x ${#REF_RATIOS[@]} ratios as stored"
done < <(ref_platforms "$SRC")
[ "$nplat" -ge 3 ] || fail "only $nplat platforms found"
for f in "$REFDIR"/*.json; do
    rel=$(jq -r .platform "$f")
    [ -f "$SRC/$rel" ] || fail "$f: platform $rel no longer shipped (run tools/update-reference)"
done
ok "$n configurations on $nplat platforms equal to the stored reference outputs"
