# determinism_all.sh — the same input and options give byte-identical JSON
# across runs, for every shipped platform (platforms/*.gml, platforms/test/,
# platforms/generated/), both heuristics and every choice of shares the command
# accepts (--sharing greedy | maxmin | eq5 with the same --make-feasible for
# SliceRing, and --final-solver kinsol | glpk when offered) in half duplex,
# plus full duplex with the defaults. Platforms of more than 60
# hosts are mapped with --max-q 12 to bound the time (the options are the
# same in both runs).
source "$(dirname "$0")/helpers.bash"

refines=()
# (eq. (5)'s shares and the final solvers are reservations: --network reserved;
# the others under the default, fair, model)
for r in "--sharing greedy" "--sharing maxmin --make-feasible maxmin" \
    "--network reserved --sharing eq5 --make-feasible eq5" \
    "--network reserved --final-solver kinsol" "--network reserved --final-solver glpk"; do
    # shellcheck disable=SC2086 # $r is a list of options
    run "$SRC/platforms/test/line2.gml" $r --quiet
    if [ "$RC" = 0 ]; then
        refines+=("$r")
    elif [ "$RC" = 2 ] && grep -q -- '--final-solver' "$TMP/err"; then
        skip_part "$r not offered by this build"
    else
        fail "$r on line2: exit $RC: $(cat "$TMP/err")"
    fi
done
[ ${#refines[@]} -ge 3 ] || fail "expected at least the three sharing policies"

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
            [ "$r" = "--sharing greedy" ] && duplexes+=(full)
            for d in "${duplexes[@]}"; do
                # shellcheck disable=SC2206 # $r is a list of options
                args=(--heuristic "$h" $r --duplex "$d" "${extra[@]}")
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
    ok "$name: byte-identical JSON for ${#refines[@]} share choices x 2 heuristics (+ full duplex)"
done
ok "$n configurations byte-identical across runs"
finish_test
