# refine.sh — --refine kinsol | glpk | all (issue 3): the real optimum of
# the chosen ring's shares. 'all' adds "refinements" with the five share
# methods to the JSON; KINSOL and GLPK agree (1e-6) and are no worse than
# max-min, the greedy's own shares and eq. (5)'s optimal shares; the
# printed mapping is the KINSOL one. The ORACLES.md star: 0.4077941.
source "$(dirname "$0")/helpers.bash"

P="$SRC/platforms/medium_tiers.gml"
for h in shared slice; do
    for r in 0.064 0.0064; do
        expect_exit 0 "--refine all, $h, D_c/D_w $r" "$P" --heuristic $h --dc-dw $r --refine all --json -
        cp "$TMP/out" "$TMP/all.json"
        jcheck "$TMP/all.json" "$h $r: five refinements" \
            '.refinements | keys == ["glpk","kinsol","maxmin","none","optimal"]'
        jcheck "$TMP/all.json" "$h $r: all numbers" '[.refinements[] | numbers] | length == 5'
        jcheck "$TMP/all.json" "$h $r: kinsol ~ glpk" \
            '(.refinements.kinsol - .refinements.glpk | fabs) <= 1e-6 * .refinements.glpk'
        jcheck "$TMP/all.json" "$h $r: kinsol <= maxmin, none, optimal" \
            '.refinements as $t | ($t.kinsol <= $t.maxmin * (1 + 1e-9)) and ($t.kinsol <= $t.none * (1 + 1e-9)) and ($t.kinsol <= $t.optimal * (1 + 1e-9))'
        jcheck "$TMP/all.json" "$h $r: the printed mapping is the KINSOL one" \
            '.params.refine == "kinsol" and ((.t_step_per_dw - .refinements.kinsol) | fabs) <= 1e-12 * .t_step_per_dw'
    done
done

# the slice ring at 0.064: alphas clamp, the real optimum beats eq. (5)'s shares
"$RINGMAP" "$P" --heuristic slice --dc-dw 0.064 --refine all --json - >"$TMP/s.json" || fail "slice all"
jcheck "$TMP/s.json" "slice 0.064: real optimum < eq. (5) optimal shares" \
    '.refinements.kinsol < 0.9 * .refinements.optimal'

# --refine kinsol / glpk on their own: same T_step as in 'all'
for s in kinsol glpk; do
    expect_exit 0 "--refine $s" "$P" --dc-dw 0.0064 --refine $s --json -
    cp "$TMP/out" "$TMP/$s.json"
    jcheck "$TMP/$s.json" "--refine $s recorded" ".params.refine == \"$s\""
done
"$RINGMAP" "$P" --dc-dw 0.0064 --refine all --json - >"$TMP/a.json" || fail "all"
k=$(jq .t_step_per_dw "$TMP/kinsol.json")
jcheck "$TMP/a.json" "--refine kinsol equals the kinsol column of all" \
    "((.refinements.kinsol - $k) | fabs) <= 1e-12 * $k"

# the ORACLES.md star (hand-solved): 0.4077941
if [ -r "$SRC/platforms/test/star3.gml" ]; then
    expect_exit 0 "star3 --refine all" "$SRC/platforms/test/star3.gml" --dc-dw 0.01 --refine all --json -
    cp "$TMP/out" "$TMP/star.json"
    jcheck "$TMP/star.json" "star3: kinsol 0.4077941" '(.refinements.kinsol - 0.4077941 | fabs) < 1e-7'
    jcheck "$TMP/star.json" "star3: glpk 0.4077941" '(.refinements.glpk - 0.4077941 | fabs) < 1e-7'
    jcheck "$TMP/star.json" "star3: maxmin 0.408" '(.refinements.maxmin - 0.408 | fabs) < 1e-9'
fi

# the table shows the five side by side
expect_exit 0 "--refine all table" "$P" --dc-dw 0.0064 --refine all
grep -q "none *maxmin *optimal *kinsol *glpk" "$TMP/out" || fail "no refinement table: $(cat "$TMP/out")"
ok "refinement table"

expect_bad "kinsol" "--refine bogus" "$P" --refine bogus

# compare: kinsol and glpk columns
expect_exit 0 "compare --json" compare "$P" --dc-dw 0.0064 --json -
cp "$TMP/out" "$TMP/c.json"
jcheck "$TMP/c.json" "compare: kinsol and glpk columns agree" \
    '.rows[0].shared_refinements as $r | (($r.kinsol.t_step_per_dw - $r.glpk.t_step_per_dw) | fabs) <= 1e-6 * $r.glpk.t_step_per_dw'
jcheck "$TMP/c.json" "compare: kinsol <= none on the same ring" \
    '.rows[0].shared_refinements as $r | $r.kinsol.t_step_per_dw <= $r.none.t_step_per_dw * (1 + 1e-9) and $r.kinsol.q == $r.none.q'
echo "refine.sh: all passed"
