# improve.sh — `--improve` (heur/improve.c, docs/improve.md): on shared4, SliceRing's
# 4-host ring (124/147 at D_c/D_w 0.5) becomes the best ring, hosts A0 A1 at
# 0.54 (hand-solved in platforms/test/shared4.gml); the JSON's params.improve
# records it (and params.pipeline the steps); the same command twice gives
# byte-identical JSON; --improve-evals stops it deterministically; bad values
# of --improve-seconds / --improve-moves / --improve-evals exit 2.
source "$(dirname "$0")/helpers.bash"

P=$SRC/platforms/test/shared4.gml
[ -f "$P" ] || fail "$P is missing"
expect_exit 0 "slice --improve" "$P" --paper --heuristic slice --dc-dw 0.5 --improve --json "$TMP/a.json" -q
jcheck "$TMP/a.json" "improved T_step/D_w = 0.54" '(.t_step_per_dw - 0.54 | fabs) < 1e-9'
jcheck "$TMP/a.json" "ring A0 A1" '[.ring[].label] | sort == ["A0","A1"]'
jcheck "$TMP/a.json" "params.improve" '.params.improve.stop == "local_optimum" and .params.improve.moves >= 1'
jcheck "$TMP/a.json" "heuristic's T_step recorded" '(.params.improve.t_step_per_dw_heuristic - 124/147 | fabs) < 1e-9'
expect_exit 0 "slice --improve (run 2)" "$P" --paper --heuristic slice --dc-dw 0.5 --improve --json "$TMP/b.json" -q
cmp -s "$TMP/a.json" "$TMP/b.json" || fail "--improve: JSON differs between runs"
ok "--improve: byte-identical JSON twice"
expect_exit 0 "no --improve" "$P" --paper --heuristic slice --dc-dw 0.5 --json "$TMP/c.json" -q
jcheck "$TMP/c.json" "no params.improve without --improve" '.params | has("improve") | not'
expect_exit 0 "--improve-moves 1" "$P" --paper --heuristic slice --dc-dw 0.5 --improve-moves 1 --json "$TMP/d.json" -q
jcheck "$TMP/d.json" "move limit" '.params.improve.stop == "move_limit" and .params.improve.moves == 1'
expect_exit 0 "--improve --all-shares" "$P" --network reserved --heuristic slice --dc-dw 0.5 --improve --all-shares --json "$TMP/e.json" -q
jcheck "$TMP/e.json" "params.improve kept with --all-shares" '.params.improve.moves >= 1'
# the pipeline's record: the search's step, what was asked and what ran
jcheck "$TMP/a.json" "params.pipeline: the heuristic, then the search, kept" \
    '[.params.pipeline[].step] == ["heuristic","search"] and .params.pipeline[1].kept and .params.pipeline[1].moves == .params.improve.moves and (.params.pipeline[1].t_step_per_dw_after - .t_step_per_dw | fabs) < 1e-15'
jcheck "$TMP/a.json" "what was asked (make_feasible maxmin) beside what ran" \
    '.params.make_feasible == "maxmin" and ((.params | has("shares") | not) or .params.shares != "maxmin")'
jcheck "$TMP/a.json" "the evaluation budget recorded" \
    '.params.improve.max_evaluations >= 1000 and .params.pipeline[1].evaluations <= .params.improve.max_evaluations'
jcheck "$TMP/c.json" "no params.pipeline for the heuristic alone" '.params | has("pipeline") | not'
expect_exit 0 "--improve (table)" "$P" --paper --heuristic slice --dc-dw 0.5 --improve
grep -q "^Pipeline" "$TMP/out" || fail "no Pipeline block in the table"
grep -q "search: 0.843537 -> 0.54 s/Mflop, [0-9]* moves*, [0-9]* evaluations, kept" "$TMP/out" || fail "no search line: $(cat "$TMP/out")"
ok "the table states the pipeline and the search's gain"
expect_exit 0 "--improve-evals 3" "$P" --paper --heuristic slice --dc-dw 0.5 --improve-evals 3 --json "$TMP/f.json" -q
jcheck "$TMP/f.json" "evaluation limit" \
    '.params.improve.stop == "evaluation_limit" and .params.improve.max_evaluations == 3 and .params.pipeline[1].evaluations <= 3'
expect_exit 0 "--improve-evals 3 (run 2)" "$P" --paper --heuristic slice --dc-dw 0.5 --improve-evals 3 --threads 3 --json "$TMP/g.json" -q
cmp -s "$TMP/f.json" "$TMP/g.json" || fail "--improve-evals: JSON differs between runs / thread counts"
ok "--improve-evals: byte-identical JSON twice (1 and 3 threads)"
expect_bad "improve-evals" "--improve-evals x" "$P" --improve-evals x
expect_bad "improve-seconds" "--improve-seconds -1" "$P" --improve-seconds -1
expect_bad "improve-moves" "--improve-moves x" "$P" --improve-moves x
expect_bad "cols" "--cols -1" "$P" --cols -1
# --cols N (rm_options.columns): the run's whole columns judge the search's
# ring; on tiers_fig4 at 0.0064 with 100 columns its rings are lower by the
# model but slower with whole columns, so the handed-on ring stays
T4="$SRC/platforms/generated/tiers_fig4.gml"
expect_exit 0 "--cols 100" "$T4" --dc-dw 0.0064 --cols 100 --json "$TMP/cols.json" -q
expect_exit 0 "--no-improve" "$T4" --dc-dw 0.0064 --no-improve --json "$TMP/nocols.json" -q
jcheck "$TMP/cols.json" "--cols 100: recorded, the search's rings not kept (slower with whole columns)" \
    '.params.improve.columns == 100 and ([.params.pipeline[] | select(.step == "search")][0]
     | .kept == false and (.note | test("slower with 100 whole columns")))'
jq -s '.[0].t_step_per_dw == .[1].t_step_per_dw and (.[0].ring | map(.node)) == (.[1].ring | map(.node))' \
    "$TMP/cols.json" "$TMP/nocols.json" | grep -qx true || fail "--cols 100: not the handed-on ring"
ok "--cols 100: the handed-on ring"
finish_test
