# determinism_all.sh — the same input and options give byte-identical JSON
# across runs, for every shipped platform (platforms/*.gml, platforms/test/,
# platforms/generated/), both heuristics and every refinement the command
# accepts (none, maxmin, optimal, and kinsol/glpk when offered) in half
# duplex, plus full duplex without refinement. Platforms of more than 60
# hosts are mapped with --max-q 12 to bound the time (the options are the
# same in both runs).
source "$(dirname "$0")/helpers.bash"

refines=()
for r in none maxmin optimal kinsol glpk; do
    run "$SRC/platforms/test/line2.gml" --refine "$r" --quiet
    if [ "$RC" = 0 ]; then
        refines+=("$r")
    elif [ "$RC" = 2 ] && grep -q -- '--refine' "$TMP/err"; then
        echo "note: --refine $r not offered by this build"
    else
        fail "--refine $r on line2: exit $RC: $(cat "$TMP/err")"
    fi
done
[ ${#refines[@]} -ge 3 ] || fail "expected at least none, maxmin and optimal"

n=0
for p in "$SRC"/platforms/*.gml "$SRC"/platforms/test/*.gml "$SRC"/platforms/generated/*.gml; do
    [ -f "$p" ] || continue
    name=$(basename "$p")
    hosts=$(grep -cE '\b(w|speed) [0-9.eE+-]+' "$p")
    extra=()
    [ "$hosts" -gt 60 ] && extra=(--max-q 12)
    for h in shared slice; do
        for r in "${refines[@]}"; do
            duplexes=(half)
            [ "$r" = none ] && duplexes+=(full)
            for d in "${duplexes[@]}"; do
                args=(--heuristic "$h" --refine "$r" --duplex "$d" "${extra[@]}")
                expect_exit 0 "$name ${args[*]} (run 1)" "$p" "${args[@]}" --json - --quiet >/dev/null
                mv "$TMP/out" "$TMP/a.json"
                run "$p" "${args[@]}" --json - --quiet
                [ "$RC" = 0 ] || fail "$name ${args[*]} (run 2): exit $RC"
                cmp -s "$TMP/a.json" "$TMP/out" || {
                    diff "$TMP/a.json" "$TMP/out" | head -n 10 >&2
                    fail "$name ${args[*]}: JSON differs between runs"
                }
                jq -e '.t_step_per_dw > 0' "$TMP/a.json" >/dev/null || fail "$name ${args[*]}: bad JSON"
                n=$((n + 1))
            done
        done
    done
    ok "$name: byte-identical JSON for ${#refines[@]} refinements x 2 heuristics (+ full duplex)"
done
ok "$n configurations byte-identical across runs"
