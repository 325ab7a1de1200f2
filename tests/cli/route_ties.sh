# route_ties.sh — `--route-ties` (heur/route_ties.c, docs/route-ties.md)
# on the Topology Zoo's Geant2009 (every node a host, w 0.02): SliceRing's
# ring (34 hosts) keeps its size under every rule; share and best lower its
# T_step/D_w from 6.397334900e-4 (index) to 6.365426409e-4, hops to
# 6.385688507e-4; SharedRing with best re-routes and re-shares its ring
# (max-min) to 6.400206361e-4 from 6.400425806e-4 (greedy shares), never
# worse; params.route_ties is written only when the rule is not index; a bad
# rule exits 2.
source "$(dirname "$0")/helpers.bash"

P=$SRC/tests/data/shared/data/topology-zoo/Geant2009.gml
[ -f "$P" ] || fail "$P is missing"
expect_exit 0 "slice, index" "$P" --paper --host-w 0.02 --heuristic slice --json "$TMP/i.json" -q
jcheck "$TMP/i.json" "index: T_step/D_w 6.397334900e-4, no params.route_ties" \
    '(.t_step_per_dw - 6.397334900366352e-4 | fabs) < 1e-12 and (.params | has("route_ties") | not)'
for r in share best; do
    expect_exit 0 "slice, $r" "$P" --paper --host-w 0.02 --heuristic slice --route-ties $r --json "$TMP/$r.json" -q
    jcheck "$TMP/$r.json" "$r: T_step/D_w 6.365426409e-4, 34 hosts, params.route_ties" \
        "(.t_step_per_dw - 6.365426408840014e-4 | fabs) < 1e-12 and (.ring | length) == 34 and .params.route_ties == \"$r\""
done
expect_exit 0 "slice, hops" "$P" --paper --host-w 0.02 --heuristic slice --route-ties hops --json "$TMP/h.json" -q
jcheck "$TMP/h.json" "hops: T_step/D_w 6.385688507e-4" '(.t_step_per_dw - 6.385688507373781e-4 | fabs) < 1e-12'
expect_exit 0 "shared, index" "$P" --paper --host-w 0.02 --json "$TMP/si.json" -q
expect_exit 0 "shared, best" "$P" --paper --host-w 0.02 --route-ties best --json "$TMP/sb.json" -q
jcheck "$TMP/si.json" "shared index: 6.400425806e-4, greedy shares" \
    '(.t_step_per_dw - 6.400425806451612e-4 | fabs) < 1e-12 and .params.sharing == "greedy"'
jcheck "$TMP/sb.json" "shared best: 6.400206361e-4, greedy asked, max-min shares" \
    '(.t_step_per_dw - 6.400206360558567e-4 | fabs) < 1e-12 and .params.sharing == "greedy" and .params.shares == "maxmin" and .params.route_ties == "best"'
expect_bad "--route-ties: expected index, hops, load, bottleneck2, share or best" "bad rule" "$P" --route-ties widest
finish_test
