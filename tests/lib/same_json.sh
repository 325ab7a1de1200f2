# same_json.sh — the library and the command write the same mapping JSON,
# byte for byte: `lib_json PLATFORM [options]` (rm_map with rm_options_init's
# options, then rm_mapping_write_json, or rm_mapping_write_json_extras for
# --dc/--dw, --all-shares, --units and --heuristic both) and `ringmap
# PLATFORM [options] --json -`, on a SimGrid platform and GML ones. On the
# SimGrid fat-tree (two equally wide routes between its pods) the default
# routing (RM_ROUTING_AUTO) is the file's own routes in both; the
# widest-path mapping differs (checked, so the comparison can fail), and so
# do the documents of different options.
# Usage: bash same_json.sh RINGMAP SOURCE_ROOT LIB_JSON
LIB=$3
source "$(dirname "$0")/../cli/helpers.bash"
[ -x "$LIB" ] || fail "$LIB is not an executable"

same() { # same DESCRIPTION PLATFORM [OPTIONS...]
    local desc=$1 plat=$2
    shift 2
    "$LIB" "$plat" "$@" >"$TMP/lib.json" 2>"$TMP/lib.err" || fail "$desc: lib_json: $(cat "$TMP/lib.err")"
    "$RINGMAP" "$plat" "$@" --json - >"$TMP/cli.json" 2>"$TMP/cli.err" ||
        fail "$desc: ringmap: $(cat "$TMP/cli.err")"
    [ -s "$TMP/cli.json" ] || fail "$desc: ringmap wrote no JSON"
    cmp -s "$TMP/lib.json" "$TMP/cli.json" ||
        fail "$desc: the library's JSON differs from ringmap's: $(diff "$TMP/lib.json" "$TMP/cli.json" | head -20)"
    ok "$desc: the same $(wc -c <"$TMP/cli.json") bytes"
}

FT="$SRC/tests/data/simgrid/style_fat_tree.xml"
for h in shared slice; do
    same "SimGrid fat-tree, $h" "$FT" --heuristic $h
    jcheck "$TMP/lib.json" "fat-tree $h: SimGrid's routes" '.params.routing == "fixed"'
done
jcheck "$TMP/lib.json" "fat-tree: the CLI's ring" '[.ring[].node] == [0, 7, 6, 5, 4, 3, 2, 1]'
"$RINGMAP" "$FT" --routing widest --json - >"$TMP/widest.json" 2>/dev/null || fail "widest on the fat-tree"
jcheck "$TMP/widest.json" "fat-tree: widest paths give another ring" '[.ring[].node] != [0, 7, 6, 5, 4, 3, 2, 1]'
same "SimGrid dragonfly" "$SRC/tests/data/simgrid/style_dragonfly.xml" --heuristic shared
for g in platforms/test/star3.gml platforms/renater2001.gml; do
    same "GML $(basename $g)" "$SRC/$g" --heuristic shared
    jcheck "$TMP/lib.json" "$(basename $g): widest paths" '.params.routing == "widest"'
done

# what the command adds beyond the mapping: rm_mapping_write_json_extras
for plat in "$FT" "$SRC/platforms/renater2001.gml"; do
    b=$(basename "$plat")
    same "$b, --dc/--dw" "$plat" --dc 0.5 --dw 100
    jcheck "$TMP/lib.json" "$b: params.dc, params.dw, t_step" \
        '.params.dc == 0.5 and .params.dw == 100 and .t_step == .t_step_per_dw * 100'
    same "$b, --all-shares" "$plat" --all-shares --network reserved
    jcheck "$TMP/lib.json" "$b: share_methods" \
        '(.share_methods | keys_unsorted) == ["own", "maxmin", "eq5", "kinsol", "glpk"] and .params.final_solver == "kinsol"'
    same "$b, --units 1000" "$plat" --units 1000
    jcheck "$TMP/lib.json" "$b: units" '.units.total == 1000 and ([.ring[].units] | add) == 1000'
    same "$b, --heuristic both" "$plat" --heuristic both
    jcheck "$TMP/lib.json" "$b: both" '(keys_unsorted) == ["ringmap_version", "shared", "slice", "improvement_percent", "handed_on"]'
    same "$b, everything" "$plat" --heuristic both --dc 0.2 --dw 50 --all-shares --units 77 --network reserved
    jcheck "$TMP/lib.json" "$b: everything" \
        '.shared.units.total == 77 and (.shared.share_methods | length) == 5 and .slice.params.dw == 50 and (.slice | has("units") | not)'
    same "$b, slice --dc/--dw --units" "$plat" --heuristic slice --dc 1 --dw 400 --units 9
done
# the documents differ between options (the comparison sees the extras)
"$LIB" "$FT" --dc 0.5 --dw 100 >"$TMP/a.json" && "$LIB" "$FT" --dc 0.5 --dw 101 >"$TMP/b.json" ||
    fail "lib_json --dc/--dw"
! cmp -s "$TMP/a.json" "$TMP/b.json" || fail "another D_w gives the same document"
ok "another D_w gives another document"
finish_test
