# simgrid_picture.sh — the pictures of a SimGrid platform (--dot, --svg;
# output/dot.c, docs/plots.md) are readable at any size: each cluster is one
# box with its host count (as hwloc's lstopo collapses identical objects),
# the ring is drawn as a cycle over the boxes with SimGrid's link ids on its
# edges, ringmap's internal link:N:in/out nodes are never drawn, and Graphviz
# draws it without a warning in bounded time: a 100-host cluster, and a
# griffon-like grid of 92 hosts in 3 clusters (bench/platforms/).
source "$(dirname "$0")/helpers.bash"

cat >"$TMP/c100.xml" <<'X'
<?xml version='1.0'?>
<!DOCTYPE platform SYSTEM "https://simgrid.org/simgrid.dtd">
<platform version="4.1">
<zone id="z" routing="Full">
  <cluster id="c" prefix="h" suffix="" radical="0-99" speed="1Gf" bw="125MBps" lat="50us"
           bb_bw="2.25GBps" bb_lat="500us"/>
</zone>
</platform>
X
picture() { # NAME PLATFORM ARGS...: DOT and SVG of its mapping, bounded
    local name=$1 plat=$2
    shift 2
    timeout 120 "$RINGMAP" "$plat" "$@" --dot "$TMP/$name.dot" --svg "$TMP/$name.svg" \
        --json "$TMP/$name.json" >"$TMP/out" 2>"$TMP/err"
    RC=$?
    [ "$RC" = 0 ] || fail "$name: exit $RC (124: over 120 s): $(head -c 400 "$TMP/err")"
    grep -q 'link:' "$TMP/$name.dot" && fail "$name: ringmap's link nodes drawn: $(grep -m1 'link:' "$TMP/$name.dot")"
    grep -qi 'warning\|error' "$TMP/err" && fail "$name: warnings on stderr: $(head -c 400 "$TMP/err")"
    return 0
}

picture c100 "$TMP/c100.xml" --dc-dw 0.01
D=$TMP/c100.dot
[ "$(grep -c '^  b[0-9]* \[' "$D")" = 1 ] || fail "c100: expected 1 box, got $(grep -c '^  b[0-9]* \[' "$D")"
q=$(jq '.ring | length' "$TMP/c100.json")
grep -qF "label=\"c: 100 hosts\\nw=0.001\\n$q on the ring (#0..#$((q - 1)))\"" "$D" ||
    fail "c100: the cluster's box: $(grep '^  b0 ' "$D")"
grep -qF "b0 -> b0 [label=\"$q ring edges inside" "$D" || fail "c100: the ring inside the box: $(grep -- '->' "$D")"
[ "$(grep -c -- '->' "$D")" = 1 ] || fail "c100: expected one edge"
ok "100-host cluster: one box 'c: 100 hosts' with its $q ring hosts, no link node, no warning"
if command -v dot >/dev/null; then
    grep -q '<svg' "$TMP/c100.svg" || fail "c100: no SVG written"
    ok "100-host cluster: SVG by Graphviz without a warning"
else
    skip_part "Graphviz 'dot' is not installed: no SVG drawn"
fi

G=$SRC/bench/platforms/griffon_like.xml
[ -f "$G" ] || fail "$G is missing"
picture griffon "$G" --dc-dw 0.01
D=$TMP/griffon.dot
boxes=$(grep -c '^  b[0-9]* \[' "$D")
[ "$boxes" -le 8 ] || fail "griffon_like: $boxes boxes, expected its clusters (at most 8)"
hosts=$(grep -o ': [0-9]* hosts\\n' "$D" | grep -o '[0-9]*' | awk '{ s += $1 } END { print s + 0 }')
[ "$hosts" = "$(jq .platform.hosts "$TMP/griffon.json")" ] ||
    fail "griffon_like: the boxes hold $hosts hosts, the platform $(jq .platform.hosts "$TMP/griffon.json")"
# every ring edge between two boxes is labelled with SimGrid link ids of its route
while read -r e; do
    lbl=${e#*label=\"}
    lbl=${lbl%%\\n*}
    case $lbl in *"ring edges"*) continue ;; esac
    for id in ${lbl//,/ }; do
        [ "$id" = "..." ] && continue
        jq -e --arg id "$id" '[.link_usage[].simgrid_link] | index($id) != null' "$TMP/griffon.json" >/dev/null ||
            fail "griffon_like: edge label '$lbl': $id is not a used SimGrid link"
    done
done < <(grep -- ' -> ' "$D")
ok "griffon_like: $boxes boxes holding its $hosts hosts, ring edges labelled with SimGrid link ids"
finish_test
