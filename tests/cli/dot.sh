# dot.sh — `ringmap PLATFORM --dot FILE [--svg FILE]` (output/dot.c,
# cli/pictures.c): the DOT has one node per platform node (hosts boxes,
# routers circles, labels from the platform), one edge per link, every ring
# host labelled with its ring position and alpha (as in the JSON), every
# link the ring uses drawn thick with its share of capacity allocated/capacity
# in percent (as in the JSON's link_usage; hand-checked 100 % on the star
# with max-min at D_c/D_w = 0.01), unused links thin; Graphviz parses it
# (when installed); --svg with and without Graphviz; exit codes.
source "$(dirname "$0")/helpers.bash"

OWN="$TMP/own_star3.gml"
write_star3 "$OWN"
MED="$SRC/platforms/medium_tiers.gml"
[ -f "$MED" ] || fail "$MED is missing"

# check_dot DOT JSON: the DOT agrees with the mapping's JSON.
check_dot() {
    local d=$1 j=$2
    local nodes links hosts
    nodes=$(jq '.platform.hosts + .platform.routers' "$j")
    links=$(jq '.platform.links' "$j")
    hosts=$(jq '.platform.hosts' "$j")
    [ "$(grep -cE '^  n[0-9]+ \[' "$d")" = "$nodes" ] || fail "$d: expected $nodes node lines"
    [ "$(grep -cE '^  n[0-9]+ \[shape=box' "$d")" = "$hosts" ] || fail "$d: expected $hosts boxes (hosts)"
    [ "$(grep -cE '^  n[0-9]+ \[shape=circle' "$d")" = $((nodes - hosts)) ] || fail "$d: expected routers as circles"
    [ "$(grep -cE 'id="link[0-9]+"' "$d")" = "$links" ] || fail "$d: expected $links edges"
    for l in $(seq 0 $((links - 1))); do
        [ "$(grep -c "id=\"link$l\"" "$d")" = 1 ] || fail "$d: link $l is not drawn exactly once"
    done
    ok "$(basename "$d"): $nodes nodes ($hosts boxes), $links links, each once"
    # ring hosts: "#k label ... alpha=<alpha %.3f>" in ring order
    local q
    q=$(jq '.ring | length' "$j")
    for k in $(seq 0 $((q - 1))); do
        local lab alpha drawn
        lab=$(jq -r ".ring[$k].label" "$j")
        alpha=$(jq -r ".ring[$k].alpha" "$j")
        drawn=$(grep -F "label=\"#$k $lab\\n" "$d" | sed -n 's/.*alpha=\([0-9.]*\)".*/\1/p')
        [ -n "$drawn" ] && awk -v a="$alpha" -v b="$drawn" 'BEGIN { d = a - b; exit !(d < 0.0005 && d > -0.0005) }' ||
            fail "$d: ring host #$k ($lab, alpha $alpha) not labelled (drawn: '$drawn')"
    done
    [ "$(grep -c 'label="#' "$d")" = "$q" ] || fail "$d: expected exactly $q ring hosts marked"
    ok "$(basename "$d"): the $q ring hosts marked with their position and alpha"
    # used links: thick, percent label = 100 * allocated / capacity (half duplex)
    local n_used
    n_used=$(jq '.link_usage | length' "$j")
    while read -r l pct; do
        grep -E "id=\"link$l\"" "$d" | grep -qE "penwidth=([2-9]|[2-9]\\.[0-9]+), color=\"#[0-9a-f]{6}\", label=\"$pct%\"" ||
            fail "$d: used link $l not drawn thick with label $pct%: $(grep "id=\"link$l\"" "$d")"
    done < <(jq -r '.link_usage[] | "\(.link) \(100 * .allocated / .capacity | round)"' "$j")
    [ "$(grep -c 'allocated to the ring' "$d")" = "$n_used" ] || fail "$d: expected $n_used used links"
    [ "$(grep -c 'penwidth=1, color="#b0b0b0"' "$d")" = $((links - n_used)) ] ||
        fail "$d: expected $((links - n_used)) thin grey unused links"
    ok "$(basename "$d"): the $n_used used links thick with their share, the others thin"
    if command -v dot >/dev/null; then
        dot -Tsvg "$d" -o "$TMP/parsed.svg" 2>"$TMP/doterr" || fail "$d: Graphviz does not parse it: $(cat "$TMP/doterr")"
        grep -q '<svg' "$TMP/parsed.svg" || fail "$d: dot made no SVG"
        ok "$(basename "$d"): Graphviz dot parses it"
    else
        skip_part "Graphviz dot is not installed (parse check)"
    fi
}

echo "--- the star, max-min at D_c/D_w = 0.01: every link carries 4 routes of 2.5 Mb/s"
expect_exit 0 "star --dot" "$OWN" --dc-dw 0.01 --sharing maxmin --dot "$TMP/s.dot" --json "$TMP/s.json" --quiet
check_dot "$TMP/s.dot" "$TMP/s.json"
grep 'id="link0"' "$TMP/s.dot" | grep -q 'label="100%"' && grep 'id="link1"' "$TMP/s.dot" | grep -q 'label="100%"' &&
    grep 'id="link2"' "$TMP/s.dot" | grep -q 'label="50%"' || fail "star: expected links at 100%, 100%, 50%"
ok "star: links P0-R3, P1-R3 at 100% (10 of 10 Mb/s), P2-R3 at 50% (10 of 20) (hand-computed)"
grep -q '^graph "own_star3" {' "$TMP/s.dot" || fail "star: not an undirected graph named after the platform"
grep -qF 'ring of q = 3 hosts, D_c/D_w = 0.01 Mb/Mflop, T_step/D_w = 0.408 s/Mflop' "$TMP/s.dot" ||
    fail "star: graph label lacks q, D_c/D_w, T_step/D_w"
ok "star: graph named after the platform, label with q = 3 and T_step/D_w = 0.408"
grep -q 'label="R3"' "$TMP/s.dot" || fail "star: router label R3 missing"
ok "star: router labelled R3"

echo "--- medium_tiers at D_c/D_w = 0.0064 (SharedRing), and SliceRing"
expect_exit 0 "medium --dot --svg" "$MED" --dc-dw 0.0064 --dot "$TMP/m.dot" --svg "$TMP/m.svg" --json "$TMP/m.json" --quiet
check_dot "$TMP/m.dot" "$TMP/m.json"
if command -v dot >/dev/null; then
    grep -q '<svg' "$TMP/m.svg" || fail "--svg: no SVG written"
    grep -q 'Saint_Amand' "$TMP/m.svg" || fail "--svg: host labels missing from the SVG"
    ok "--svg: an SVG with the platform's labels"
fi
expect_exit 0 "medium slice --dot" "$MED" --heuristic slice --dc-dw 0.00064 --dot "$TMP/ms.dot" --json "$TMP/ms.json" --quiet
check_dot "$TMP/ms.dot" "$TMP/ms.json"
grep -q 'unshared estimate' "$TMP/ms.dot" || fail "SliceRing: the unshared estimate is not in the label"
ok "SliceRing: unshared estimate in the graph label"
expect_exit 0 "medium both --dot (the better ring drawn)" "$MED" --heuristic both --dot "$TMP/mb.dot" --json "$TMP/mb.json" --quiet
H=$(jq -r .handed_on "$TMP/mb.json")
cmp -s "$TMP/mb.dot" <("$RINGMAP" "$MED" --heuristic "$H" --dot /dev/stdout --quiet) || fail "--heuristic both: not the picture of the handed-on ring ($H)"
ok "--heuristic both draws the better ring ($H)"

echo "--- q = 1: no route, every link thin"
expect_exit 0 "--max-q 1 --dot" "$MED" --max-q 1 --dot "$TMP/q1.dot" --json "$TMP/q1.json" --quiet
check_dot "$TMP/q1.dot" "$TMP/q1.json"

echo "--- --svg only, without Graphviz, errors"
if command -v dot >/dev/null; then
    expect_exit 0 "--svg alone" "$OWN" --svg "$TMP/only.svg" --quiet
    grep -q '<svg' "$TMP/only.svg" || fail "--svg alone: no SVG"
    ok "--svg alone writes an SVG"
fi
mkdir -p "$TMP/emptybin"
PATH="$TMP/emptybin" "$RINGMAP" "$OWN" --dot "$TMP/nd.dot" --svg "$TMP/nd.svg" --quiet >"$TMP/out" 2>"$TMP/err"
rc=$?
[ "$rc" = 0 ] || fail "without Graphviz: exit $rc: $(cat "$TMP/err")"
grep -q "'dot' is not installed" "$TMP/err" || fail "without Graphviz: no message: $(cat "$TMP/err")"
[ -s "$TMP/nd.dot" ] && [ ! -e "$TMP/nd.svg" ] || fail "without Graphviz: the DOT and no SVG expected"
ok "without Graphviz: message, exit 0, DOT written, no SVG"
expect_exit 2 "unwritable --dot" "$OWN" --dot "$TMP/no_dir/x.dot" --quiet
grep -q "cannot open" "$TMP/err" || fail "unwritable --dot: no message"
expect_bad "--dot" "empty --dot" "$OWN" --dot ""
expect_bad "needs an argument" "--svg without a file" "$OWN" --svg
finish_test
