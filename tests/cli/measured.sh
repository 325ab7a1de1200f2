#!/usr/bin/env bash
# measured.sh RINGMAP SOURCE_ROOT — measured input of `ringmap map`:
# --bandwidth-matrix + --speeds (CSV with host names, units in the
# header or by option, empty cell = no link, asymmetric = directed, direct
# routing by default), standard input '-' and --format for any file name;
# bad CSV exits 2 naming the file, row and column.
source "$(dirname "$0")/helpers.bash" "$@"
cd "$TMP" || exit 1
cat >bw.csv <<'CSV'
Mb/s,a,b,c,d
a,,100,10,
b,100,,50,20
c,10,50,,80
d,,20,80,
CSV
cat >sp.csv <<'CSV'
host,speed (Mflop/s)
a,100
b,50
c,200
d,25
CSV
expect_exit 0 "matrix + speeds" --bandwidth-matrix bw.csv --speeds sp.csv --json m.json -q
jcheck m.json "4 hosts, 0 routers, 5 undirected links (symmetric matrix)" \
  '.platform.hosts == 4 and .platform.routers == 0 and .platform.links == 5'
jcheck m.json "speeds -> w = 1/speed" \
  '[.ring[] | {(.label): .w}] | add == {"a": 0.01, "b": 0.02, "c": 0.005, "d": 0.04}'
jcheck m.json "direct routing by default: every route is one link" \
  'all(.ring[]; (.succ.links | length) == 1 and (.pred.links | length) == 1)'
expect_exit 0 "--routing widest overrides" --bandwidth-matrix bw.csv --speeds sp.csv --routing widest --json w.json -q
jcheck w.json "widest routing may go through other hosts" '.t_step_per_dw <= '"$(jq .t_step_per_dw m.json)"
# the same from standard input and with --format
expect_exit 0 "matrix from stdin" - --format csv --speeds sp.csv --json s.json -q <bw.csv
cmp -s <(jq -S 'del(.platform.name)' m.json) <(jq -S 'del(.platform.name)' s.json) || fail "stdin matrix differs"
ok "the matrix on standard input gives the same mapping"
cp bw.csv bw.txt
expect_exit 0 "--format csv for a .txt" bw.txt --format csv --speeds sp.csv --json t.json -q
jcheck t.json "same ring" '.t_step_per_dw == '"$(jq .t_step_per_dw m.json)"
# units: the same matrix in Gb/s (corner) and speeds as w in s/Gflop
sed 's/^Mb\/s/bandwidth (Gb\/s)/; s/100/0.1/g; s/,10,/,0.01,/; s/50/0.05/g; s/,20/,0.02/g; s/80/0.08/g' bw.csv >g.csv
sed '1s/.*/host,w [s\/Gflop]/; s/,100$/,10/; s/,50$/,20/; s/,200$/,5/; s/,25$/,40/' sp.csv >gw.csv
expect_exit 0 "units in the headers" --bandwidth-matrix g.csv --speeds gw.csv --json g.json -q
jcheck g.json "Gb/s and s/Gflop converted: same T_step/D_w" \
  '(.t_step_per_dw - '"$(jq .t_step_per_dw m.json)"' | fabs) < 1e-12'
printf ',a,b\na,,3\nb,3,\n' >plain.csv
printf 'host,speed\na,1\nb,2\n' >plain_sp.csv
expect_exit 0 "units by option" --bandwidth-matrix plain.csv --speeds plain_sp.csv --bandwidth-unit Gb/s --speed-unit Gflop/s --json u.json -q
jcheck u.json "--bandwidth-unit Gb/s: 3000 Mb/s; --speed-unit Gflop/s: w = 1/1000" \
  '.ring[0].succ.bandwidth <= 3000 and (.ring | map(select(.label == "a"))[0].w) == 0.001'
# asymmetric -> directed
printf 'Mb/s,a,b,c\na,,10,20\nb,15,,10\nc,20,10,\n' >dir.csv
printf 'host,w\na,1\nb,1\nc,1\n' >dir_sp.csv
expect_exit 0 "asymmetric matrix" --bandwidth-matrix dir.csv --speeds dir_sp.csv --json d.json -q
jcheck d.json "asymmetric (a->b 10, b->a 15): directed, one link per cell (6)" '.platform.links == 6'
printf 'Mb/s,a,b,c\na,,10,\nb,,,10\nc,10,,\n' >cyc.csv
expect_exit 0 "one-way cycle, widest routing" --bandwidth-matrix cyc.csv --speeds dir_sp.csv --routing widest --json c.json -q
jcheck c.json "a one-way cycle a->b->c->a: 3 one-way links, every route along the cycle" \
  '.platform.links == 3 and (.ring | length) == 3 and all(.ring[]; .succ.links | length >= 1)'
# stdin for the other formats
expect_exit 0 "GML on stdin" - --format gml --json g2.json -q <"$SRC/tests/data/star4.gml"
jcheck g2.json "GML from stdin" '.platform.hosts == 3'
expect_bad "<stdin>" "bad GML on stdin names <stdin>" - --format gml <<<'graph [ node [ id 0 w -1 ] ]'
expect_bad "needs --format" "stdin without --format" - <"$SRC/tests/data/star4.gml"
expect_bad "--format: expected gml" "unknown --format" x --format json
# bad CSV: exit 2 naming row and column
bad_csv() { # PATTERN DESCRIPTION MATRIX_CONTENT [SPEEDS_CONTENT]
  printf '%b' "$3" >bad.csv
  printf '%b' "${4:-host,w\na,1\nb,1\n}" >bad_sp.csv
  expect_bad "$1" "$2" --bandwidth-matrix bad.csv --speeds bad_sp.csv
}
bad_csv "bad.csv: row 2, column 3 (a -> b)" "non-numeric cell" ',a,b\na,,fast\nb,3,\n'
bad_csv "bad.csv: row 3, column 2 (b -> a)" "negative cell" ',a,b\na,,3\nb,-3,\n'
bad_csv "bad.csv: row 3, column 2 (b -> a)" "zero cell" ',a,b\na,,3\nb,0,\n'
bad_csv "bad.csv: row 3: 2 fields, expected 3" "ragged row" ',a,b\na,,3\nb,3\n'
bad_csv "bad.csv: size mismatch: the header names 2 hosts, the matrix has 3 rows" "size mismatch" ',a,b\na,,3\nb,3,\nc,1,1\n'
bad_csv "bad.csv: row 1, column 3: duplicate host name 'a'" "duplicate names" ',a,a\na,,3\na,3,\n'
bad_csv "bad.csv: row 3, column 1: host 'c', expected 'b'" "row names another host" ',a,b\na,,3\nc,3,\n'
bad_csv "bad_sp.csv: no row for host 'b' (column 3 of bad.csv)" "host missing from the speeds" ',a,b\na,,3\nb,3,\n' 'host,w\na,1\n'
bad_csv "bad_sp.csv: row 3, column 1: host 'z' is not in the bandwidth matrix" "unknown host in the speeds" ',a,b\na,,3\nb,3,\n' 'host,w\na,1\nz,1\n'
bad_csv "bad_sp.csv: row 2, column 2 (host 'a')" "non-numeric speed" ',a,b\na,,3\nb,3,\n' 'host,speed\na,quick\nb,1\n'
bad_csv "bad_sp.csv: row 1, column 2: expected 'speed' or 'w'" "bad speeds header" ',a,b\na,,3\nb,3,\n' 'host,velocity\na,1\nb,1\n'
bad_csv "row 1, column 1: 'bw (furlongs)': unknown bandwidth unit" "unknown unit in the corner" 'bw (furlongs),a,b\na,,3\nb,3,\n'
bad_csv "malformed CSV" "unterminated quote" ',a,b\na,,"3\nb,3,\n'
bad_csv "cannot reach" "no link at all" ',a,b\na,,\nb,,\n'
expect_bad "replaces PLATFORM" "matrix and PLATFORM" --bandwidth-matrix bw.csv --speeds sp.csv x.gml
expect_bad "needs --speeds" "matrix without speeds" --bandwidth-matrix bw.csv
expect_bad "go with a bandwidth matrix" "--speeds with a GML platform" "$SRC/tests/data/star4.gml" --speeds sp.csv
expect_bad "is the input file" "output over the speeds" --bandwidth-matrix bw.csv --speeds sp.csv --hostfile sp.csv
# --latency-matrix: the same layout, latencies where the matrix has links
cat >lat.csv <<'CSV'
latency (ms),a,b,c,d
a,,1,2,
b,1,,0.5,3
c,2,0.5,,1
d,,3,1,
CSV
expect_exit 0 "matrix + latencies" --bandwidth-matrix bw.csv --speeds sp.csv --latency-matrix lat.csv \
  --dc 0.1 --dw 10 --latency --json lat.json -q
jcheck lat.json "latencies in s on the links (ms in the corner), still undirected" \
  '.platform.links == 5 and ([.ring[] | {(.label + ">" + (.succ.nodes[-1] | tostring)): .succ.latency}] | add | to_entries | all(.value > 0)) and ([.ring[].succ.latency] | all(. == 0.001 or . == 0.002 or . == 0.0005 or . == 0.003))'
jcheck lat.json "same ring's routes as without latencies, or a cost with the latencies" \
  '.t_step_per_dw > 0'
expect_exit 0 "latencies from stdin" --bandwidth-matrix bw.csv --speeds sp.csv --latency-matrix - \
  --dc 0.1 --dw 10 --latency --json lat2.json -q <lat.csv
cmp -s <(jq -S . lat.json) <(jq -S . lat2.json) || fail "latencies from stdin differ"
ok "the latency matrix on standard input gives the same mapping"
sed '3s/^b,1,,0.5,3$/b,1.5,,0.5,3/' lat.csv >lat_asym.csv
expect_exit 0 "asymmetric latencies" --bandwidth-matrix bw.csv --speeds sp.csv --latency-matrix lat_asym.csv --json la.json -q
jcheck la.json "asymmetric latencies: a directed platform, one link per cell" '.platform.links == 10'
bad_lat() { # PATTERN DESCRIPTION LATENCY_CONTENT [options]
  printf '%b' "$3" >bad_lat.csv
  expect_bad "$1" "$2" --bandwidth-matrix bw.csv --speeds sp.csv --latency-matrix bad_lat.csv "${@:4}"
}
bad_lat "bad_lat.csv: row 3, column 4 (b -> c): expected a latency >= 0" "non-numeric latency" \
  ',a,b,c,d\na,,1,2,\nb,1,,slow,3\nc,2,0.5,,1\nd,,3,1,\n'
bad_lat "bad_lat.csv: row 3, column 4 (b -> c): expected a latency >= 0" "negative latency" \
  ',a,b,c,d\na,,1,2,\nb,1,,-1,3\nc,2,0.5,,1\nd,,3,1,\n'
bad_lat "bad_lat.csv: row 3, column 4 (b -> c): expected a latency >= 0" "missing latency of a link" \
  ',a,b,c,d\na,,1,2,\nb,1,,,3\nc,2,0.5,,1\nd,,3,1,\n'
bad_lat "bad_lat.csv: row 2, column 5 (a -> d): a latency '4' for a pair without a link" "latency without a link" \
  ',a,b,c,d\na,,1,2,4\nb,1,,0.5,3\nc,2,0.5,,1\nd,,3,1,\n'
bad_lat "bad_lat.csv: row 1, column 4: host 'd', expected 'c'" "other host order" \
  ',a,b,d,c\na,,1,,2\nb,1,,3,0.5\nd,,3,,1\nc,2,0.5,1,\n'
bad_lat "bad_lat.csv: row 4: 4 fields, expected 5" "ragged latency row" \
  ',a,b,c,d\na,,1,2,\nb,1,,0.5,3\nc,2,0.5,\nd,,3,1,\n'
bad_lat "bad_lat.csv: size mismatch" "latency rows missing" ',a,b,c,d\na,,1,2,\nb,1,,0.5,3\n'
bad_lat "unknown latency unit" "unknown latency unit" 'lat (fortnights),a,b,c,d\na,,1,2,\nb,1,,0.5,3\nc,2,0.5,,1\nd,,3,1,\n'
bad_lat "the header says latency in ms, the option s" "conflicting latency units" \
  'ms,a,b,c,d\na,,1,2,\nb,1,,0.5,3\nc,2,0.5,,1\nd,,3,1,\n' --latency-unit s
expect_bad "go with a bandwidth matrix" "--latency-matrix with a GML platform" "$SRC/tests/data/star4.gml" --latency-matrix lat.csv
expect_bad "--latency-unit goes with --latency-matrix" "--latency-unit alone" --bandwidth-matrix bw.csv --speeds sp.csv --latency-unit ms
expect_bad "only one of the matrix, --speeds and --latency-matrix" "two inputs on stdin" \
  - --format csv --speeds sp.csv --latency-matrix - <bw.csv
expect_bad "is the input file" "output over the latency matrix" --bandwidth-matrix bw.csv --speeds sp.csv \
  --latency-matrix lat.csv --json lat.csv

# sweep and compare: --format, standard input and the measured matrix too
expect_exit 0 "sweep on the matrix" sweep --bandwidth-matrix bw.csv --speeds sp.csv --dc-dw 0.01 --json sw.json -q
expect_exit 0 "sweep on the matrix from stdin" sweep - --format csv --speeds sp.csv --dc-dw 0.01 --json sw2.json -q <bw.csv
jcheck sw.json "sweep: 4 hosts" '.platform.hosts == 4'
cmp -s <(jq -S 'del(.platform.name)' sw.json) <(jq -S 'del(.platform.name)' sw2.json) || fail "sweep: stdin differs"
ok "sweep: the matrix on standard input gives the same curves"
expect_exit 0 "sweep on GML from stdin" sweep - --format gml --dc-dw 0.01 --json sw3.json -q <"$SRC/tests/data/star4.gml"
jcheck sw3.json "sweep: GML from stdin" '.platform.hosts == 3'
expect_bad "needs --format" "sweep: stdin without --format" sweep - <"$SRC/tests/data/star4.gml"
expect_exit 0 "compare on the matrix" compare bw.csv --speeds sp.csv --latency-matrix lat.csv --dc-dw 0.01 --json cmp.json
expect_exit 0 "compare on the matrix from stdin" compare - --format csv --speeds sp.csv --dc-dw 0.01 --json cmp2.json <bw.csv
jcheck cmp.json "compare: one row" '.rows | length == 1'
cmp -s <(jq -S 'del(.platform)' cmp.json) <(jq -S 'del(.platform)' cmp2.json) || fail "compare: stdin differs"
ok "compare: the matrix on standard input gives the same table"
expect_exit 2 "compare: a matrix without speeds" compare bw.csv
grep -q "^ringmap compare: a bandwidth matrix needs --speeds" "$TMP/err" || fail "compare: message $(cat "$TMP/err")"
echo "all measured-input checks passed"
