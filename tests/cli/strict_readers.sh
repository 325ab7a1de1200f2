# strict_readers.sh — hardening (no silent wrong reading) through the command: the hostile
# GraphML/GML files of tests/data/bad (MANIFEST.tsv, run by badinput.sh)
# plus what the table cannot say: a GML key given twice gives a warning on
# stderr naming the line and the key (igraph keeps the last value) and still
# maps; GraphML ids "1" and "a" are two nodes with distinct ids in the JSON
# (they were both node 1, so export-simgrid routed through the wrong one).
source "$(dirname "$0")/helpers.bash"

BAD="$SRC/tests/data/bad"
cat >"$TMP/rep.gml" <<'GML'
graph [
  directed 0
  node [ id 0 label "a" w 1 w 3 ]
  node [ id 1 label "b" w 1 ]
  edge [ source 0 target 1 bandwidth 10 ]
]
GML
expect_exit 0 "GML key given twice" "$TMP/rep.gml" --json "$TMP/rep.json" --quiet
grep -q "^ringmap: warning: .*rep.gml: line 3: node: key 'w' given twice (first at line 3); the last value is used" "$TMP/err" ||
    fail "repeated key: no warning: $(cat "$TMP/err")"
jcheck "$TMP/rep.json" "repeated key: the last value (w = 3) is used" '[.ring[] | select(.label == "a") | .w] | (length == 0 or .[0] == 3)'
expect_exit 0 "GraphML ids 1 and a" "$BAD/gm_id_collision.graphml" --json "$TMP/ids.json" --max-q 3 --quiet
jcheck "$TMP/ids.json" "GraphML ids 1, a, 2: three distinct node ids" '[.ring[].node] | length == 3 and (unique | length) == 3'
expect_exit 0 "export-simgrid of the 1/a platform" export-simgrid "$BAD/gm_id_collision.graphml" "$TMP/ids.json" -o "$TMP/ids.xml"
xmllint --noout "$TMP/ids.xml" || fail "1/a export not well-formed"
[ "$(grep -c '<host ' "$TMP/ids.xml")" = 3 ] || fail "1/a export: expected 3 hosts"
ok "1/a platform exported with 3 hosts"
echo "new cases: 3"
