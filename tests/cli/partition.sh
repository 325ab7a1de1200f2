#!/usr/bin/env bash
# partition.sh RINGMAP SOURCE_ROOT — `ringmap partition` (docs/launch.md,
# "A partition that keeps the ring"): on a 2-D mesh, a 3-D mesh and an
# irregular mesh (holes, diagonals, isolated vertices), with and without
# coordinates, the partition of the mapping's units has no contact between
# parts that are not ring neighbours and every size within 1 % of its units;
# gpmetis -tpwgts on the same mesh gives the sizes but such contacts (the
# reason for the command); the METIS graph reader refuses bad input with
# exit 2 naming the line.
source "$(dirname "$0")/helpers.bash" "$@"
cd "$TMP" || exit 1
P=$SRC/platforms/medium_tiers.gml
G=$SRC/tests/data/partition/mesh.awk
expect_exit 0 "the mapping" "$P" --json m.json -q
Q=$(jq '.ring | length' m.json)
[ "$Q" -ge 8 ] || fail "expected a ring of >= 8 hosts on medium_tiers, got $Q"
awk -v NX=40 -v NY=40 -v OUT=m2 -f "$G" || fail "mesh m2"
awk -v NX=12 -v NY=12 -v NZ=30 -v OUT=m3 -f "$G" || fail "mesh m3"
awk -v NX=60 -v NY=30 -v IRR=1 -v OUT=irr -f "$G" || fail "mesh irr"

# part files: one part per vertex line, parts 0..Q-1; the report's sizes are the file's
check_part() { # GRAPH PARTFILE REPORT DESCRIPTION
    local n
    n=$(head -1 "$1" | awk '{print $1}')
    [ "$(wc -l <"$2")" = "$n" ] || fail "$4: $(wc -l <"$2") part lines for $n vertices"
    awk -v q="$Q" '$0 !~ /^[0-9]+$/ || $1 >= q {exit 1}' "$2" || fail "$4: a line that is not a part 0..$((Q - 1))"
    diff <(sort -n "$2" | uniq -c | awk '{print $2, $1}') \
         <(jq -r '.parts[] | select(.size > 0) | "\(.part) \(.size)"' "$3") >/dev/null ||
        fail "$4: the part file's sizes differ from the report"
    # the contacts recomputed from the files: part k touches only k-1 and k+1 (mod Q)
    awk -v q="$Q" 'NR == FNR { p[FNR] = $1; next }
        FNR > 1 { u = FNR - 1; for (i = 1; i <= NF; i++) { a = p[u]; b = p[$i]; d = a > b ? a - b : b - a
                  if (d > 1 && d < q - 1) bad++ } }
        END { exit bad > 0 }' "$2" "$1" || fail "$4: the part file has non-neighbour contacts"
    jcheck "$3" "$4: no non-neighbour contact reported" '.non_neighbour_contacts == []'
    jcheck "$3" "$4: every size within 1 % of its units" \
        'all(.parts[]; ((.size - .target) | fabs) <= 0.01 * .target)'
    jq -e --slurpfile m m.json '[.parts[].host] == [$m[0].ring[].label]' "$3" >/dev/null ||
        fail "$4: parts are not in ring order"
}
for g in m2 m3 irr; do
    expect_exit 0 "$g: levels" partition $g.graph --mapping m.json -o $g.part --json $g.json
    grep -q "No contact between parts that are not ring neighbours" "$TMP/out" || fail "$g: report: $(cat "$TMP/out")"
    check_part $g.graph $g.part $g.json "$g (levels)"
    expect_exit 0 "$g: with coordinates" partition $g.graph --mapping m.json --coords $g.xyz -o $g.pc --json $g.c.json -q
    check_part $g.graph $g.pc $g.c.json "$g (coordinates, $(jq -r .order $g.c.json))"
done
# the units are the mapping's (rm_mapping_doc_units with N = the vertex count):
# `ringmap --units N` gives the same numbers
expect_exit 0 "units of 1600" "$P" --units 1600 --json u.json -q
diff <(jq '.ring[].units' u.json) <(jq '.parts[].target' m2.json) >/dev/null ||
    fail "the part sizes are not ringmap --units 1600"
ok "part sizes = ringmap --units N (N = 1600 vertices)"
# halo per ring edge: the closing edge of the linear order carries none, the others some
jcheck m2.json "halo volume: Q ring edges, positive on Q-1 of them" \
    '(.ring_edges | length) == ($q | tonumber) and ([.ring_edges[] | select(.halo > 0)] | length) == ($q | tonumber) - 1' --arg q "$Q"
# --units instead of a mapping; a 0-unit part between two others on a path:
# the order starts after it (the ring is a cycle), no contact
printf '6 5\n2\n1 3\n2 4\n3 5\n4 6\n5\n' >path.graph
expect_exit 0 "--units with a 0" partition path.graph --units 2,0,2,2 -o path.part --json path.json -q
jcheck path.json "a 0-unit part: no contact (the order starts after it)" \
    '.non_neighbour_contacts == [] and ([.parts[].size] == [2,0,2,2])'
# a mesh that cannot avoid contact (900 parts of one vertex each: thinner
# than a level): reported, exit 0
awk -v NX=30 -v NY=30 -v OUT=sq -f "$G"
U=$(seq 900 | sed 's/.*/1/' | paste -sd, -)
expect_exit 0 "thin parts" partition sq.graph --units "$U" -o sq.part --json sq.json -q
grep -q "pair(s) of parts that are not ring neighbours touch" "$TMP/err" || fail "thin parts: no warning: $(cat "$TMP/err")"
jcheck sq.json "thin parts: the contacts are reported" '(.non_neighbour_contacts | length) > 0'

# gpmetis -tpwgts: the sizes, not the ring's adjacency (why this command exists)
if command -v gpmetis >/dev/null; then
    expect_exit 0 "tpwgts" "$P" --tpwgts t.txt -q
    gpmetis -tpwgts=t.txt m2.graph "$Q" >gp.log 2>&1 || fail "gpmetis: $(cat gp.log)"
    nn=$(awk -v q="$Q" 'NR == FNR { p[FNR] = $1; next }
        FNR > 1 { u = FNR - 1; for (i = 1; i <= NF; i++) { a = p[u]; b = p[$i]; d = a > b ? a - b : b - a
                  if (d > 1 && d < q - 1) bad[a < b ? a " " b : b " " a] = 1 } }
        END { n = 0; for (k in bad) n++; print n }' "m2.graph.part.$Q" m2.graph)
    [ "$nn" -gt 0 ] || fail "gpmetis -tpwgts gave no non-neighbour contact on the 40x40 mesh (docs/launch.md says it does)"
    ok "gpmetis -tpwgts on the 40x40 mesh: $nn pairs of non-neighbour parts touch; ringmap partition: none"
else
    skip_part "gpmetis is not installed: the comparison with METIS -tpwgts"
fi

# the METIS graph reader: bad input, exit 2, the line named
bad_graph() { # PATTERN DESCRIPTION TEXT
    printf "$3" >bad.graph
    expect_bad "$1" "$2" partition bad.graph --units 1,1 -o bad.part
    [ ! -e bad.part ] || fail "$2: a part file was written"
}
bad_graph "bad.graph:1: header: expected 'n m [fmt [ncon]]'" "header of one number" '3\n2\n1 3\n2\n'
bad_graph "bad.graph:3: neighbour 4 of vertex 2 is not a vertex (1..3)" "neighbour out of range" '3 2\n2\n1 4\n2\n'
bad_graph "bad.graph:2: vertex 1 lists itself" "self-loop" '2 1\n1\n1\n'
bad_graph "bad.graph:3: vertex 2 lists neighbour 3, but vertex 3 (line 4) does not list 2: the graph must be undirected" "asymmetric" '3 2\n2\n1 3\n1\n'
bad_graph "the header announces 3 vertices, the file has 2 vertex lines" "too few lines" '3 1\n2\n1\n'
bad_graph "more vertex lines than the header's 2 vertices" "too many lines" '2 1\n2\n1\n1\n'
bad_graph "the header announces 2 edges" "edge count" '3 2\n2\n1\n\n'
bad_graph "bad.graph:2: a neighbour that is not an integer" "not a number" '2 1\n2x\n1\n'
bad_graph "bad.graph:1: header: format '2'" "bad fmt" '2 1 2\n2\n1\n'
bad_graph "ncon = 2" "ncon 2" '2 1 10 2\n1 1 2\n1 1 1\n'
bad_graph "edge 1-2 has weight 5 here and 3" "edge weights differ" '2 1 1\n2 5\n1 3\n'
bad_graph "lists neighbour 2 twice" "duplicate" '2 2\n2 2\n1 1\n'
bad_graph "cannot fit in the" "huge header" '99999999 99999999\n'
bad_graph "no header line" "empty" ''
printf '%% a comment\n3 2 11\n%% vertex 1\n5 2 1\n1 1 1 3 7\n2 2 7\n' >ok.graph
expect_exit 0 "comments, weights (fmt 11)" partition ok.graph --units 1,1 -o ok.part --json ok.json -q
jcheck ok.json "vertex weights: total 8 split 4/4 or as near as the order allows" '[.parts[].target] == [4,4]'
printf '0 0\n1 1\n' >c2.xyz
expect_bad "c2.xyz: 2 coordinate lines for the graph's 3 vertices" "coords too few" partition ok.graph --units 1,1 --coords c2.xyz -o c.part
printf '0 0\n1 x\n2 2\n' >c3.xyz
expect_bad "c3.xyz:2: expected 1 to 3 numbers" "coords not a number" partition ok.graph --units 1,1 --coords c3.xyz -o c.part
expect_bad "give the part sizes by --mapping M.json or --units LIST" "no sizes" partition ok.graph -o c.part
expect_bad "-o PARTFILE is required" "no output" partition ok.graph --units 1,1
expect_bad "is the input file" "output over the graph" partition ok.graph --units 1,1 -o ok.graph
expect_bad "cannot open '$TMP/nodir/p'" "output in a missing directory" partition ok.graph --units 1,1 -o "$TMP/nodir/p"
expect_bad "--units: entry 2 is not an integer >= 0" "bad units" partition ok.graph --units 1,-1 -o c.part
finish_test
