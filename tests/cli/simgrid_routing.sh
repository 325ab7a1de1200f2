# simgrid_routing.sh — routing on SimGrid platforms (docs/simgrid.md): --routing
# widest on a .xml file says on stderr that it ignores SimGrid's routes (what
# smpirun uses) and is refused (exit 2) when a widest path would go through a
# host between two links no SimGrid route crosses in a row (SPLITDUPLEX
# private links of a fat-tree: down to a host, up again); SimGrid's routes
# (the default) say nothing of it.
source "$(dirname "$0")/helpers.bash"
SG="$SRC/tests/data/simgrid"

# widest where it applies: a cluster with a backbone (every widest path is a
# SimGrid route's chain of links): exit 0 and the notice
expect_exit 0 "widest on a cluster with a backbone" "$SG/style_cluster_backbone.xml" --routing widest --quiet
grep -q "warning: .*--routing widest .*ignores SimGrid's own routes, which smpirun will use" "$TMP/err" ||
    fail "no notice that widest ignores SimGrid's routes: $(cat "$TMP/err")"
ok "widest says it ignores SimGrid's routes"
expect_exit 0 "SimGrid's routes (default)" "$SG/style_cluster_backbone.xml" --quiet
! grep -q "routing widest" "$TMP/err" || fail "the default routing spoke of widest"
ok "the default routing is silent"

# widest where it cannot apply: through a host between two of its
# SPLITDUPLEX private links (fat-tree, torus, dragonfly, a bypass route)
for f in style_fat_tree style_torus style_dragonfly style_bypass; do
    expect_bad "--routing widest cannot apply: the widest path" "widest on $f refused" \
        "$SG/$f.xml" --routing widest --quiet --heuristic both --no-improve
    grep -q "goes through host .* which no SimGrid route crosses in a row" "$TMP/err" ||
        fail "$f: the message does not name the host and the links: $(cat "$TMP/err")"
    expect_exit 0 "$f with SimGrid's routes" "$SG/$f.xml" --quiet --heuristic both
done
