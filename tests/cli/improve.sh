# improve.sh — `--improve` (heur/improve.c, docs/improve.md): on shared4, SliceRing's
# 4-host ring (124/147 at D_c/D_w 0.5) becomes the best ring, hosts A0 A1 at
# 0.54 (hand-solved in platforms/test/shared4.gml); the JSON's params.improve
# records it; the same command twice gives byte-identical JSON (no budget
# hit); bad values of --improve-seconds / --improve-moves exit 2.
source "$(dirname "$0")/helpers.bash"

P=$SRC/platforms/test/shared4.gml
[ -f "$P" ] || fail "$P is missing"
expect_exit 0 "slice --improve" "$P" --heuristic slice --dc-dw 0.5 --improve --json "$TMP/a.json" -q
jcheck "$TMP/a.json" "improved T_step/D_w = 0.54" '(.t_step_per_dw - 0.54 | fabs) < 1e-9'
jcheck "$TMP/a.json" "ring A0 A1" '[.ring[].label] | sort == ["A0","A1"]'
jcheck "$TMP/a.json" "params.improve" '.params.improve.stop == "local_optimum" and .params.improve.moves >= 1'
jcheck "$TMP/a.json" "heuristic's T_step recorded" '(.params.improve.t_step_per_dw_heuristic - 124/147 | fabs) < 1e-9'
expect_exit 0 "slice --improve (run 2)" "$P" --heuristic slice --dc-dw 0.5 --improve --json "$TMP/b.json" -q
cmp -s "$TMP/a.json" "$TMP/b.json" || fail "--improve: JSON differs between runs"
ok "--improve: byte-identical JSON twice"
expect_exit 0 "no --improve" "$P" --heuristic slice --dc-dw 0.5 --json "$TMP/c.json" -q
jcheck "$TMP/c.json" "no params.improve without --improve" '.params | has("improve") | not'
expect_exit 0 "--improve-moves 1" "$P" --heuristic slice --dc-dw 0.5 --improve-moves 1 --json "$TMP/d.json" -q
jcheck "$TMP/d.json" "move limit" '.params.improve.stop == "move_limit" and .params.improve.moves == 1'
expect_exit 0 "--improve --all-shares" "$P" --heuristic slice --dc-dw 0.5 --improve --all-shares --json "$TMP/e.json" -q
jcheck "$TMP/e.json" "params.improve kept with --all-shares" '.params.improve.moves >= 1'
expect_bad "improve-seconds" "--improve-seconds -1" "$P" --improve-seconds -1
expect_bad "improve-moves" "--improve-moves x" "$P" --improve-moves x
finish_test
