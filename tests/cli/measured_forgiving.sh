#!/usr/bin/env bash
# measured_forgiving.sh RINGMAP SOURCE_ROOT — measured input that forgives
# and tells the truth (docs/measured-matrix.md): SimGrid's unit spellings
# (MBps = 8 Mb/s) read, unknown ones refused with the accepted list;
# implausible magnitudes warned about; tab, ';' and blank-separated files,
# headers without a corner cell and edge lists read; two directions that
# differ by noise averaged with a note (--symmetric auto|none|max|mean|min);
# a directed platform called directed; a latency matrix read but not
# counted said; and ringmap-measure's GML and the CSV files of the same
# measurements give the same model.
source "$(dirname "$0")/helpers.bash" "$@"
cd "$TMP" || exit 1
cat >bw.csv <<'CSV'
Mb/s,node1,node2,node3,node4
node1,,940,935,
node2,938,,112,941
node3,936,110,,939
node4,,942,940,
CSV
cat >sp.csv <<'CSV'
host,speed (Gflop/s)
node1,12.5
node2,12.1
node3,3.2
node4,12.4
CSV
# units: SimGrid's MBps is bytes, 8 Mb/s (before: read as Mb/s, silently)
expect_exit 0 "Mb/s matrix" --bandwidth-matrix bw.csv --speeds sp.csv --dc-dw 0.001 --json mb.json -q
sed '1s#^Mb/s#MBps#' bw.csv >mbps.csv
expect_exit 0 "MBps matrix" --bandwidth-matrix mbps.csv --speeds sp.csv --dc-dw 0.001 --json mbps.json -q
jcheck mbps.json "MBps = 8 Mb/s: every ring bandwidth 8 times the Mb/s one's" \
  "[.ring[].succ.bandwidth] == $(jq -c "[.ring[].succ.bandwidth | . * 8]" mb.json) and (.ring | length) == 4"
sed '1s/.*/hostname,GFLOPS/' sp.csv >gflops.csv
expect_exit 0 "speeds header 'hostname,GFLOPS'" --bandwidth-matrix bw.csv --speeds gflops.csv --dc-dw 0.001 --json gf.json -q
jcheck gf.json "GFLOPS read as Gflop/s" ".t_step_per_dw == $(jq .t_step_per_dw mb.json)"
sed '1s/.*/furlongs\/s,node1,node2,node3,node4/' bw.csv >bad_unit.csv
expect_bad "'furlongs/s': unknown bandwidth unit (bandwidth: b/s, bit/s, bps (bits) or B/s" \
  "unknown unit word" --bandwidth-matrix bad_unit.csv --speeds sp.csv
grep -qF "MBps, MiB/s" err || fail "the refusal lists the accepted spellings: $(cat err)"
expect_bad "unknown speed unit 'GFLOPZ' (speed: flop/s, flops or f" "unknown --speed-unit" \
  --bandwidth-matrix bw.csv --speeds sp.csv --speed-unit GFLOPZ
# plausibility: flop/s read as Mflop/s
printf 'host,speed\nnode1,12.5e9\nnode2,12.1e9\nnode3,3.2e9\nnode4,12.4e9\n' >flops.csv
expect_exit 0 "speeds in flop/s without a unit" --bandwidth-matrix bw.csv --speeds flops.csv -q
grep -qF "flops.csv: host 'node1' computes 1.25e+10 Mflop/s (read in Mflop/s, the default): more than 100 Tflop/s, are the values in flop/s?" err ||
  fail "no plausibility warning: $(cat err)"
ok "12.5e9 read as Mflop/s is warned about"
# layouts
tr ',' '\t' <bw.csv >bw.tsv
expect_exit 0 "tab-separated" --bandwidth-matrix bw.tsv --speeds sp.csv --dc-dw 0.001 --json tsv.json -q
jcheck tsv.json "TSV = CSV" ".t_step_per_dw == $(jq .t_step_per_dw mb.json)"
tr ',' ';' <bw.csv | sed '1s/^Mb\/s;//' >semi.csv
expect_exit 0 "';' without a corner cell" --bandwidth-matrix semi.csv --speeds sp.csv --dc-dw 0.001 --json semi.json -q
jcheck semi.json "';' and no corner = CSV" ".t_step_per_dw == $(jq .t_step_per_dw mb.json)"
printf 'src,dst,bandwidth (Mb/s)\n' >edges.csv
awk -F, 'NR > 1 { for (j = 2; j <= NF; j++) if ($j != "") print $1 "," h[j] "," $j; next } { for (j = 2; j <= NF; j++) h[j] = $j }' bw.csv >>edges.csv
expect_exit 0 "edge list" --bandwidth-matrix edges.csv --speeds sp.csv --dc-dw 0.001 --json edges.json -q
jcheck edges.json "edge list = matrix" ".t_step_per_dw == $(jq .t_step_per_dw mb.json)"
printf ',node1,node2,node3\nnode1,,10,20\nnode2,,,30\nnode3,,,\n' >tri.csv
printf 'host,w\nnode1,1\nnode2,1\nnode3,1\n' >sp3.csv
expect_bad "tri.csv: an upper triangle" "a triangle without --symmetric" --bandwidth-matrix tri.csv --speeds sp3.csv
expect_exit 0 "a triangle with --symmetric max" --bandwidth-matrix tri.csv --speeds sp3.csv --symmetric max --json tri.json -q
jcheck tri.json "3 undirected links" '.platform.links == 3 and (.platform | has("directed") | not)'
printf 'x,a,b,c\na,1\nb,1,2,3,4,5\n' >none.csv
expect_bad "saw comma-separated, a first row of 4 fields, then 2 rows" "a layout that is none" \
  --bandwidth-matrix none.csv --speeds sp3.csv
# noise: 0.2 % asymmetry is averaged by default, with a note
expect_exit 0 "noisy matrix" --bandwidth-matrix bw.csv --speeds sp.csv
grep -qF "bw.csv: the largest asymmetry, 1.79 % (node2 -> node3 112 Mb/s, node3 -> node2 110 Mb/s), is within the 5 % of measurement noise" err ||
  fail "no note on the asymmetry: $(cat err)"
grep -q '5 links; half duplex' out || fail "not the undirected platform: $(head -1 out)"
ok "noise averaged into one link per pair, said on stderr"
expect_exit 0 "--symmetric none" --bandwidth-matrix bw.csv --speeds sp.csv --symmetric none --json none.json
grep -q '10 links; directed (one-way links' out || fail "the header does not say directed: $(head -1 out)"
jcheck none.json "JSON: directed" '.platform.directed == true and .platform.links == 10'
[ ! -s err ] || fail "--symmetric none: no note expected: $(cat err)"
expect_bad "--symmetric: expected auto, none, max, mean or min" "bad --symmetric" --bandwidth-matrix bw.csv --speeds sp.csv --symmetric maxx
expect_bad "go with a bandwidth matrix" "--symmetric with GML" "$SRC/tests/data/star4.gml" --symmetric max
# latencies: read but not counted is said
cat >lat.csv <<'CSV'
latency (us),node1,node2,node3,node4
node1,,65,70,
node2,65,,570,66
node3,70,570,,68
node4,,66,68,
CSV
expect_exit 0 "latency matrix without --latency" --bandwidth-matrix bw.csv --speeds sp.csv --latency-matrix lat.csv -q
grep -qF "lat.csv: latencies of 6.5e-05 s to 0.00057 s read but not counted" err || fail "no note: $(cat err)"
expect_exit 0 "latency matrix with --latency" --bandwidth-matrix bw.csv --speeds sp.csv --latency-matrix lat.csv \
  --latency --dc 0.01 --dw 1 -q
! grep -q 'not counted' err || fail "--latency: the latencies are counted: $(cat err)"
ok "a latency matrix is used or the user is told"
# one model for the same measurements: a GML as ringmap-measure writes it
# (rm_measure_write_gml: undirected, one edge per pair, w in s/Mflop) and
# the CSV of the same figures with 0.2 % noise around each pair's figure
cat >m.gml <<'GML'
graph [
  directed 0
  node [ id 0 label "node1" w 0.5 ]
  node [ id 1 label "node2" w 0.2 ]
  node [ id 2 label "node3" w 1.25 ]
  node [ id 3 label "node4" w 0.3125 ]
  edge [ source 0 target 1 bandwidth 80 latency 0.001 ]
  edge [ source 0 target 2 bandwidth 16 latency 0.002 ]
  edge [ source 0 target 3 bandwidth 40 latency 0.0005 ]
  edge [ source 1 target 2 bandwidth 10 latency 0.0015 ]
  edge [ source 1 target 3 bandwidth 64 latency 0.003 ]
  edge [ source 2 target 3 bandwidth 20 latency 0.001 ]
]
GML
cat >m_bw.csv <<'CSV'
Mb/s,node1,node2,node3,node4
node1,,80.08,16.016,40.04
node2,79.92,,10.01,64.064
node3,15.984,9.99,,20.02
node4,39.96,63.936,19.98,
CSV
cat >m_lat.csv <<'CSV'
s,node1,node2,node3,node4
node1,,0.001,0.002,0.0005
node2,0.001,,0.0015,0.003
node3,0.002,0.0015,,0.001
node4,0.0005,0.003,0.001,
CSV
printf 'host,w\nnode1,0.5\nnode2,0.2\nnode3,1.25\nnode4,0.3125\n' >m_sp.csv
for extra in "--dc-dw 0.5" "--latency --dc 0.1 --dw 1"; do
  # shellcheck disable=SC2086
  expect_exit 0 "measure's GML ($extra)" m.gml --routing direct $extra --json g.json -q
  # shellcheck disable=SC2086
  expect_exit 0 "the CSV files ($extra)" --bandwidth-matrix m_bw.csv --latency-matrix m_lat.csv --speeds m_sp.csv $extra --json c.json -q
  jcheck c.json "same model as ringmap-measure's GML ($extra): links, ring, T_step/D_w" \
    "(.platform.links == $(jq .platform.links g.json)) and ([.ring[].label] == $(jq -c '[.ring[].label]' g.json)) and ((.t_step_per_dw - $(jq .t_step_per_dw g.json)) | fabs) <= 1e-12 * .t_step_per_dw"
done
finish_test
