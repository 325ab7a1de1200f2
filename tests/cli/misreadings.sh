# misreadings.sh — no silent misreading, no library output, through the command
# (the table of refused files is tests/data/bad/MANIFEST.tsv, run by badinput.sh):
#  - GraphML ids "+1", "01", " 0" are nodes of their own, with ids distinct from
#    those of "1" and "0" (they shared them: the JSON named one node twice);
#  - a UTF-8 byte order mark is skipped by the GML, Tiers and GraphML readers as
#    by the CSV reader: the same ring as without it;
#  - two hosts with one host name (ignoring case and a final '.') give no hostfile, rankfile or
#    machinefile (Open MPI would run two ranks on one machine);
#  - export-simgrid refuses another platform's mapping (labels, w differ) and a
#    route that crosses a link twice (it wrote a file ringmap then refused);
#  - a read error (/proc/self/mem) is exit 2 with a message, not igraph's abort;
#  - a GraphML or SimGrid encoding error gives one "ringmap: " message, no
#    libxml2 lines.
source "$(dirname "$0")/helpers.bash"

BAD="$SRC/tests/data/bad"
FMT="$SRC/tests/data/formats"

# --- GraphML ids
expect_exit 0 "GraphML ids +1 1 01 ' 0' 0" "$BAD/gm_id_forms.graphml" --json "$TMP/ids.json" --quiet
jcheck "$TMP/ids.json" "five hosts, five distinct node ids" '[.ring[].node] | length == 5 and (unique | length) == 5'
jcheck "$TMP/ids.json" "ids 1 and 0 kept for the nodes written 1 and 0" \
    '[.ring[] | select(.label == "1" or .label == "0") | [.label, .node]] | sort == [["0", 0], ["1", 1]]'

# --- the byte order mark: skipped as CSV skips it
for ext in gml tiers graphml; do
    expect_exit 0 "$ext without a byte order mark" "$FMT/sample.$ext" --json "$TMP/plain.json" --quiet
    expect_exit 0 "$ext with a byte order mark" "$BAD/bom.$ext" --json "$TMP/bom.json" --quiet
    [ "$(jq -c '[.ring[] | [.node, .label, .w, .alpha]]' "$TMP/plain.json")" = \
        "$(jq -c '[.ring[] | [.node, .label, .w, .alpha]]' "$TMP/bom.json")" ] ||
        fail "$ext: the byte order mark changed the ring"
    ok "$ext: the same ring with and without a byte order mark"
done
expect_bad "byte order mark" "SimGrid file with a byte order mark" "$BAD/bom.xml"

# --- one host name for two hosts
cat >"$TMP/dup.gml" <<'GML'
graph [
  directed 0
  node [ id 0 label "nodeA" w 1 ]
  node [ id 1 label "nodeB" w 1 ]
  node [ id 2 label "NODEA" w 2 ]
  edge [ source 0 target 1 bandwidth 10 ]
  edge [ source 1 target 2 bandwidth 10 ]
]
GML
for opt in --hostfile --rankfile --machinefile; do
    expect_bad "host nodes 0 ('nodeA') and 2 ('NODEA') have one host name" "$opt with two hosts named nodeA" \
        "$TMP/dup.gml" $opt "$TMP/launch.txt"
    [ ! -e "$TMP/launch.txt" ] || fail "$opt: a launch file was written"
done
sed 's/"NODEA"/"nodeA"/' "$TMP/dup.gml" >"$TMP/dup2.gml"
expect_bad "have one host name:" "--hostfile with two hosts labelled nodeA" "$TMP/dup2.gml" --hostfile "$TMP/launch.txt"
sed 's/"NODEA"/"nodeb."/' "$TMP/dup.gml" >"$TMP/dup3.gml"
expect_bad "('nodeB') and 2 ('nodeb.') have one host name" "--machinefile with hosts nodeB and nodeb." \
    "$TMP/dup3.gml" --machinefile "$TMP/launch.txt"
expect_exit 0 "the same platform without launch files" "$TMP/dup.gml" --quiet

# --- export-simgrid: the mapping must be one of the platform
# export_bad PATTERN DESCRIPTION ARGS...: exit 2 and an "ringmap export-simgrid: " message with PATTERN
export_bad() {
    local pat=$1 desc=$2
    shift 2
    expect_exit 2 "$desc" "$@"
    grep -q '^ringmap export-simgrid: ' "$TMP/err" || fail "$desc: stderr: $(cat "$TMP/err")"
    grep -qF -- "$pat" "$TMP/err" || fail "$desc: stderr does not mention '$pat': $(cat "$TMP/err")"
}
write_star3 "$TMP/star3.gml"
expect_exit 0 "map star3" "$TMP/star3.gml" --json "$TMP/star3.json" --quiet
sed 's/"P\([0-9]\)"/"Q\1"/' "$TMP/star3.gml" >"$TMP/other.gml"
export_bad "in the mapping but 'Q" "export-simgrid: a mapping of another platform (labels)" \
    export-simgrid "$TMP/other.gml" "$TMP/star3.json" -o "$TMP/o.xml"
sed 's/w 2.0/w 3.0/' "$TMP/star3.gml" >"$TMP/w3.gml"
export_bad "with w = 2 in the mapping but 'P2' with w = 3" "export-simgrid: a mapping of another platform (w)" \
    export-simgrid "$TMP/w3.gml" "$TMP/star3.json" -o "$TMP/o.xml"
[ ! -e "$TMP/o.xml" ] || fail "export-simgrid wrote a platform for another platform's mapping"
# ring[0]'s successor route made to cross link 0 three times: P0 R3 P0 R3 <succ>
jq '.ring[0].succ.nodes = [.ring[0].succ.nodes[0], 3, .ring[0].succ.nodes[0]] + .ring[0].succ.nodes[1:]
    | .ring[0].succ.links = [.ring[0].succ.links[0], .ring[0].succ.links[0]] + .ring[0].succ.links' \
    "$TMP/star3.json" >"$TMP/loop.json"
export_bad "cross link" "export-simgrid: a route through one link twice" \
    export-simgrid "$TMP/star3.gml" "$TMP/loop.json" -o "$TMP/o.xml"
[ ! -e "$TMP/o.xml" ] || fail "export-simgrid wrote a route through one link twice"
expect_exit 0 "export-simgrid of star3's own mapping" export-simgrid "$TMP/star3.gml" "$TMP/star3.json" -o "$TMP/o.xml"
expect_exit 0 "the export reads back" "$TMP/o.xml" --quiet

# --- the library neither aborts nor prints
if [ -r /proc/self/mem ]; then
    expect_bad "read error" "GML read error (/proc/self/mem)" /proc/self/mem --format gml
    for f in graphml tiers; do
        expect_exit 2 "$f read error (/proc/self/mem)" /proc/self/mem --format $f
    done
else
    skip_part "no /proc/self/mem"
fi
sed 's/encoding="UTF-8"/encoding="ISO-2022-JP"/; s/>A</>\x1b$B\xff\xff</' "$FMT/sample.graphml" >"$TMP/enc.graphml"
expect_bad "GraphML error" "GraphML encoding error" "$TMP/enc.graphml"
[ "$(wc -l <"$TMP/err")" = 1 ] || fail "encoding error: more than the one ringmap line on stderr: $(cat "$TMP/err")"
ok "encoding error: one line on stderr"
sed "1s/.*/<?xml version='1.0' encoding='ISO-2022-JP'?>/; s/id=\"A\"/id=\"\x1b\$B\xff\xff\"/" "$FMT/sample.xml" >"$TMP/enc.xml"
grep -q "ISO-2022-JP" "$TMP/enc.xml" || fail "could not write the ISO-2022-JP SimGrid file"
expect_bad "not well-formed XML" "SimGrid encoding error" "$TMP/enc.xml"
[ "$(wc -l <"$TMP/err")" = 1 ] || fail "SimGrid encoding error: more than the one ringmap line on stderr: $(cat "$TMP/err")"
ok "SimGrid encoding error: one line on stderr"
finish_test
