# same_json.sh — the library and the command write the same mapping JSON:
# `lib_json PLATFORM` (rm_map with rm_options_init's options, then
# rm_mapping_write_json) and `ringmap PLATFORM --json -` give the same bytes.
# On a SimGrid fat-tree with two equally wide routes between its pods the
# default routing (RM_ROUTING_AUTO) is the file's own routes in both; the
# widest-path mapping differs (checked, so the comparison can fail).
# Usage: bash same_json.sh RINGMAP SOURCE_ROOT LIB_JSON
LIB=$3
source "$(dirname "$0")/../cli/helpers.bash"
[ -x "$LIB" ] || fail "$LIB is not an executable"

same() { # same DESCRIPTION PLATFORM HEURISTIC
    local desc=$1 plat=$2 h=$3
    "$LIB" "$plat" "$h" >"$TMP/lib.json" 2>"$TMP/lib.err" || fail "$desc: lib_json: $(cat "$TMP/lib.err")"
    "$RINGMAP" "$plat" --heuristic "$h" --json - >"$TMP/cli.json" 2>"$TMP/cli.err" ||
        fail "$desc: ringmap: $(cat "$TMP/cli.err")"
    cmp -s "$TMP/lib.json" "$TMP/cli.json" ||
        fail "$desc: the library's JSON differs from ringmap's: $(diff "$TMP/lib.json" "$TMP/cli.json" | head -20)"
    ok "$desc: the same $(wc -c <"$TMP/cli.json") bytes"
}

FT="$SRC/tests/data/simgrid/style_fat_tree.xml"
for h in shared slice; do
    same "SimGrid fat-tree, $h" "$FT" $h
    jcheck "$TMP/lib.json" "fat-tree $h: SimGrid's routes" '.params.routing == "fixed"'
done
jcheck "$TMP/lib.json" "fat-tree: the CLI's ring" '[.ring[].node] == [0, 7, 6, 5, 4, 3, 2, 1]'
"$RINGMAP" "$FT" --routing widest --json - >"$TMP/widest.json" 2>/dev/null || fail "widest on the fat-tree"
jcheck "$TMP/widest.json" "fat-tree: widest paths give another ring" '[.ring[].node] != [0, 7, 6, 5, 4, 3, 2, 1]'
same "SimGrid dragonfly" "$SRC/tests/data/simgrid/style_dragonfly.xml" shared
for g in platforms/test/star3.gml platforms/renater2001.gml; do
    same "GML $(basename $g)" "$SRC/$g" shared
    jcheck "$TMP/lib.json" "$(basename $g): widest paths" '.params.routing == "widest"'
done
finish_test
