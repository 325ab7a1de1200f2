# refine.sh — --final-solver kinsol | glpk and --all-shares: the real
# optimum of the chosen ring's shares. --all-shares adds
# "share_methods" with the five share methods to the JSON; KINSOL and GLPK
# agree (1e-6) and are no worse than max-min, the heuristic's own shares and
# eq. (5)'s surrogate optimum; the printed mapping is the KINSOL one. The
# hand-solved star (docs/sources.md): 0.4077941. The old spellings (--refine X) still work,
# with one note on stderr, and give the same JSON as the new ones.
source "$(dirname "$0")/helpers.bash"

P="$SRC/platforms/medium_tiers.gml"
for h in shared slice; do
    for r in 0.064 0.0064; do
        expect_exit 0 "--all-shares, $h, D_c/D_w $r" "$P" --network reserved --heuristic $h --dc-dw $r --all-shares --json -
        cp "$TMP/out" "$TMP/all.json"
        jcheck "$TMP/all.json" "$h $r: five share methods" \
            '.share_methods | keys == ["eq5","glpk","kinsol","maxmin","own"]'
        jcheck "$TMP/all.json" "$h $r: all numbers" '[.share_methods[] | numbers] | length == 5'
        jcheck "$TMP/all.json" "$h $r: kinsol ~ glpk" \
            '(.share_methods.kinsol - .share_methods.glpk | fabs) <= 1e-6 * .share_methods.glpk'
        jcheck "$TMP/all.json" "$h $r: kinsol <= maxmin, own, eq5" \
            '.share_methods as $t | ($t.kinsol <= $t.maxmin * (1 + 1e-9)) and ($t.kinsol <= $t.own * (1 + 1e-9)) and ($t.kinsol <= $t.eq5 * (1 + 1e-9))'
        jcheck "$TMP/all.json" "$h $r: the printed mapping is the KINSOL one" \
            '.params.final_solver == "kinsol" and ((.t_step_per_dw - .share_methods.kinsol) | fabs) <= 1e-12 * .t_step_per_dw'
    done
done

# the slice ring at 0.064: alphas clamp, the real optimum beats eq. (5)'s shares
"$RINGMAP" "$P" --network reserved --heuristic slice --dc-dw 0.064 --no-improve --all-shares --json - >"$TMP/s.json" || fail "slice all"
jcheck "$TMP/s.json" "slice 0.064: real optimum < eq. (5)'s surrogate optimum" \
    '.share_methods.kinsol < 0.9 * .share_methods.eq5'

# --final-solver kinsol / glpk on their own: same T_step as in --all-shares
for s in kinsol glpk; do
    expect_exit 0 "--final-solver $s" "$P" --network reserved --heuristic shared --no-improve --dc-dw 0.0064 --final-solver $s --json -
    cp "$TMP/out" "$TMP/$s.json"
    jcheck "$TMP/$s.json" "--final-solver $s recorded" ".params.final_solver == \"$s\" and .params.sharing == \"greedy\""
done
"$RINGMAP" "$P" --network reserved --heuristic shared --no-improve --dc-dw 0.0064 --all-shares --json - >"$TMP/a.json" || fail "all"
k=$(jq .t_step_per_dw "$TMP/kinsol.json")
jcheck "$TMP/a.json" "--final-solver kinsol equals the kinsol column of --all-shares" \
    "((.share_methods.kinsol - $k) | fabs) <= 1e-12 * $k"

# the hand-solved star (docs/sources.md, "Oracles"): 0.4077941
if [ -r "$SRC/platforms/test/star3.gml" ]; then
    expect_exit 0 "star3 --all-shares" "$SRC/platforms/test/star3.gml" --network reserved --dc-dw 0.01 --all-shares --json -
    cp "$TMP/out" "$TMP/star.json"
    jcheck "$TMP/star.json" "star3: kinsol 0.4077941" '(.share_methods.kinsol - 0.4077941 | fabs) < 1e-7'
    jcheck "$TMP/star.json" "star3: glpk 0.4077941" '(.share_methods.glpk - 0.4077941 | fabs) < 1e-7'
    jcheck "$TMP/star.json" "star3: maxmin 0.408" '(.share_methods.maxmin - 0.408 | fabs) < 1e-9'
fi

# the table shows the five side by side
expect_exit 0 "--all-shares table" "$P" --network reserved --dc-dw 0.0064 --all-shares
grep -q "own *maxmin *eq5 *kinsol *glpk" "$TMP/out" || fail "no share methods table: $(cat "$TMP/out")"
ok "share methods table"

expect_bad "kinsol" "--refine bogus" "$P" --refine bogus
expect_bad "kinsol" "--final-solver bogus" "$P" --final-solver bogus

# the old spellings: one note on stderr naming the new one, same JSON
S="$SRC/platforms/test/star3.gml"
for pair in "none|--sharing greedy" "maxmin|--sharing maxmin --make-feasible maxmin" \
    "optimal|--sharing eq5 --make-feasible eq5" "kinsol|--final-solver kinsol" \
    "glpk|--final-solver glpk" "all|--all-shares"; do
    old=${pair%%|*} new=${pair#*|}
    for h in shared slice; do
        expect_exit 0 "--refine $old ($h)" "$S" --network reserved --heuristic $h --dc-dw 0.01 --refine "$old" --json -
        [ "$(wc -l <"$TMP/err")" = 1 ] && grep -qF -- "note: --refine $old is an old spelling of $new" "$TMP/err" ||
            fail "--refine $old: expected one note naming '$new' on stderr, got: $(cat "$TMP/err")"
        cp "$TMP/out" "$TMP/old.json"
        # shellcheck disable=SC2086 # $new is a list of options
        expect_exit 0 "$new ($h)" "$S" --network reserved --heuristic $h --dc-dw 0.01 $new --json -
        [ ! -s "$TMP/err" ] || fail "$new: something on stderr: $(cat "$TMP/err")"
        cmp -s "$TMP/old.json" "$TMP/out" || fail "--refine $old and $new ($h) give different JSON"
    done
    ok "--refine $old = $new, with a note"
done
# sweep's old --refine LIST
expect_exit 0 "sweep --refine none,optimal" sweep "$S" --dc-dw 0.01 --refine none,optimal --json - --quiet
grep -qF "note: --refine LIST is an old spelling of --sharing LIST" "$TMP/err" || fail "sweep: no note"
jcheck "$TMP/out" "sweep --refine none,optimal = --sharing greedy,eq5" '.params.sharings == ["greedy", "eq5"]'

# SliceRing has no greedy shares: refused, not silently replaced by max-min
expect_bad "make-feasible" "--make-feasible greedy" "$S" --heuristic slice --make-feasible greedy

# compare: kinsol and glpk columns
expect_exit 0 "compare --json" compare "$P" --dc-dw 0.0064 --json -
cp "$TMP/out" "$TMP/c.json"
jcheck "$TMP/c.json" "compare: greedy_kinsol and greedy_glpk columns agree" \
    '.rows[0].shared_variants as $r | (($r.greedy_kinsol.t_step_per_dw - $r.greedy_glpk.t_step_per_dw) | fabs) <= 1e-6 * $r.greedy_glpk.t_step_per_dw'
jcheck "$TMP/c.json" "compare: greedy_kinsol <= greedy on the same ring" \
    '.rows[0].shared_variants as $r | $r.greedy_kinsol.t_step_per_dw <= $r.greedy.t_step_per_dw * (1 + 1e-9) and $r.greedy_kinsol.q == $r.greedy.q'
jcheck "$TMP/c.json" "compare: the columns are named by what they optimise" \
    '.rows[0].shared_variants | keys == ["eq5", "greedy", "greedy_glpk", "greedy_kinsol", "maxmin"]'
echo "refine.sh: all passed"
