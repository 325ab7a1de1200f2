# simgrid_names.sh — a SimGrid platform's outputs speak SimGrid's names
# (docs/simgrid.md, "Names in the outputs"): the table prints each route as
# the file's link ids in SimGrid's order ("Boivin -[47,44,11]-> Fafard"),
# never ringmap's link:N:in/out nodes; the summary counts SimGrid's routers
# and links; the JSON carries each route's SimGrid link ids and each used
# link's id; export-simgrid keeps the link ids (its own connection links
# never take a file's id) and writes numbers in their shortest round-trip
# form. A Vivaldi zone of hosts without links is mapped under --latency
# (the route's latency from the coordinates) and refused without it.
source "$(dirname "$0")/helpers.bash"
command -v xmllint >/dev/null || { echo "SKIP: xmllint is not installed"; exit 77; }
D=$SRC/tests/data/simgrid

# ---- the table
run "$D/names.xml" --dc-dw 0.001 --heuristic shared --json "$TMP/m.json"
[ "$RC" = 0 ] || fail "names.xml: exit $RC: $(head -c 300 "$TMP/err")"
grep -qF "platform names: 3 hosts, 2 routers, 4 links;" "$TMP/out" ||
    fail "summary: $(grep '^platform' "$TMP/out")"
grep -q "link:" "$TMP/out" && fail "ringmap's link nodes in the table: $(grep -m1 'link:' "$TMP/out")"
for r in "Boivin -[47,44,11]-> Fafard" "Fafard -[11,44,47]-> Boivin" "Boivin -[47,l5]-> Jupiter" \
         "Jupiter -[l5,11]-> Fafard"; do
    grep -qF -- "$r (" "$TMP/out" || fail "no route '$r' in the table: $(sed -n 5,8p "$TMP/out")"
done
ok "table: routes as SimGrid's link ids in SimGrid's order, 2 routers, 4 links"

# ---- the JSON
jcheck() { jq -e "$1" "$TMP/m.json" >/dev/null || fail "JSON: $2: $(jq -c "$3" "$TMP/m.json")"; }
jcheck '.platform.routers == 2 and .platform.simgrid_links == 4' "routers, simgrid_links" .platform
jcheck '[.ring[] | .succ, .pred | .simgrid_links | join(",")] | sort ==
        ["11,44,47","11,l5","47,44,11","47,l5","l5,11","l5,47"]' \
    "each route's simgrid_links" '[.ring[] | .succ.simgrid_links, .pred.simgrid_links]'
jcheck '[.link_usage[] | select(.simgrid_link != null) | .simgrid_link] | sort == ["11","44","47","l5"]' \
    "link_usage's simgrid_link" .link_usage
jcheck '[.link_usage[] | select(.simgrid_link == null) | .capacity] | all(. > 1e5)' \
    "connection links (no SimGrid id) are the wide ones" .link_usage
# a route's simgrid_links are its links that have an id, in order
jcheck '. as $m | [.ring[0].succ.links[] as $l | $m.link_usage[] | select(.link == $l) |
        .simgrid_link | select(. != null)] == .ring[0].succ.simgrid_links' \
    "ring[0].succ: simgrid_links = the ids of its links" '.ring[0].succ'
ok "JSON: routers, simgrid_links of the platform and of each route, link_usage[].simgrid_link"

# ---- export-simgrid
run export-simgrid "$D/names.xml" "$TMP/m.json" -o "$TMP/x.xml"
[ "$RC" = 0 ] || fail "export-simgrid: exit $RC: $(cat "$TMP/err")"
xmllint --noout "$TMP/x.xml" 2>"$TMP/lint" || fail "export is not XML: $(cat "$TMP/lint")"
for id in 47 44 11 l5; do
    grep -qF "<link id=\"$id\" " "$TMP/x.xml" || fail "export: no link id $id"
done
grep -qF '<host id="Boivin" speed="98.095Mf"/>' "$TMP/x.xml" ||
    fail "export: Boivin's speed not in shortest form: $(grep 'Boivin' "$TMP/x.xml" | head -1)"
grep -qF 'bandwidth="330.233Mbps" latency="5.9904e-05s"' "$TMP/x.xml" ||
    fail "export: link 47 not in shortest form: $(grep 'id="47"' "$TMP/x.xml")"
dups=$(grep -o '<link id="[^"]*"' "$TMP/x.xml" | sort | uniq -d)
[ -z "$dups" ] || fail "export: link ids given twice: $dups"
grep -q 'e+\|[0-9]\{12,\}' <(grep -o '"[0-9.e+-]*M[bf]' "$TMP/x.xml") &&
    fail "export: a number in %.17g form: $(grep -o '"[0-9.e+-]*M[bf]' "$TMP/x.xml" | grep 'e+\|[0-9]\{12,\}' | head -1)"
# the export maps as the file does
run "$TMP/x.xml" --dc-dw 0.001 --heuristic shared --json "$TMP/x.json"
[ "$RC" = 0 ] || fail "the export does not map: $(head -c 300 "$TMP/err")"
a=$(jq .t_step_per_dw "$TMP/m.json") b=$(jq .t_step_per_dw "$TMP/x.json")
awk -v a="$a" -v b="$b" 'BEGIN { exit !((a - b) ^ 2 <= (1e-9 * a) ^ 2) }' ||
    fail "export: T_step/D_w $b, the file's $a"
ok "export-simgrid: the file's link ids, connection links apart (l5 of the file kept), shortest numbers, the same T_step/D_w ($a)"

# ---- a GML platform keeps its node-by-node routes
write_star3 "$TMP/star3.gml"
run "$TMP/star3.gml" --heuristic shared --json "$TMP/g.json"
[ "$RC" = 0 ] || fail "star3: exit $RC"
grep -q -- '-\[' "$TMP/out" && fail "a GML platform's routes in SimGrid's form: $(sed -n 5,6p "$TMP/out")"
jq -e '[.. | objects | has("simgrid_links") or has("simgrid_link")] | any | not' "$TMP/g.json" >/dev/null ||
    fail "a GML platform's JSON has simgrid keys"
ok "GML: routes and JSON as before (no SimGrid names)"

# ---- Vivaldi hosts without links: latency only
run "$D/vivaldi_hosts.xml" --dc-dw 0.01
[ "$RC" = 2 ] || fail "Vivaldi without --latency: exit $RC, expected 2: $(cat "$TMP/err")"
grep -qF -- "map with --latency --dc" "$TMP/err" || fail "Vivaldi without --latency: $(cat "$TMP/err")"
ok "Vivaldi hosts without --latency: exit 2, $(grep -v warning "$TMP/err" | head -c 160)"
run "$D/vivaldi_hosts.xml" --dc 0.064 --dw 100 --latency --no-simulate --heuristic shared --json "$TMP/v.json"
[ "$RC" = 0 ] || fail "Vivaldi with --latency: exit $RC: $(cat "$TMP/err")"
# by hand: 2 hosts of w = 1e-3 s/Mflop, alpha 1/2: 0.05 s of work; each host
# sends D_c = 0.064 Mb to its two neighbours (the other host) on the route's
# connection (1e6 Mb/s, no link), each paying the 5 ms of the coordinates
# (|(0,0)-(3,4)| = 5 ms): 0.05 + 2 x (0.005 + 0.064/1e6) = 0.060000128 s
jq -e '.ring | length == 2' "$TMP/v.json" >/dev/null || fail "Vivaldi: q $(jq '.ring|length' "$TMP/v.json")"
jq -e '(.t_step - 0.060000128) | fabs < 1e-12' "$TMP/v.json" >/dev/null ||
    fail "Vivaldi: T_step $(jq .t_step "$TMP/v.json"), expected 0.060000128 s"
jq -e '.ring[0].succ.latency == 0.005 and .ring[0].succ.simgrid_links == []' "$TMP/v.json" >/dev/null ||
    fail "Vivaldi: route $(jq -c .ring[0].succ "$TMP/v.json")"
ok "Vivaldi hosts with --latency --dc: q 2, T_step 0.060000128 s (5 ms from the coordinates)"
