#!/usr/bin/env bash
# launch_outputs.sh RINGMAP SOURCE_ROOT — the launch files of `ringmap map`
# (docs/launch.md): --hostfile (Open MPI, ring order), --rankfile (Open MPI),
# --machinefile (MPICH Hydra), --tpwgts (gpmetis), --units N in the table,
# the JSON and --units-csv; outputs checked before any computation and
# written through a temporary file (a failed run leaves a previous file as it
# was; an output never replaces the platform).
source "$(dirname "$0")/helpers.bash" "$@"
P=$SRC/platforms/medium_tiers.gml
cd "$TMP" || exit 1

expect_exit 0 "every launch output at once" "$P" --units 1000 --json m.json \
  --hostfile h.txt --rankfile r.txt --machinefile mf.txt --tpwgts t.txt --units-csv u.csv -q
jq -r '.ring[].label' m.json >labels
Q=$(wc -l <labels)
[ "$Q" -ge 4 ] || fail "expected a ring of >= 4 hosts on medium_tiers, got $Q"
diff <(grep -v '^#' h.txt) <(sed 's/$/ slots=1/' labels) >/dev/null || fail "hostfile not in ring order"
ok "hostfile: 'HOST slots=1' in ring order ($Q hosts)"
diff <(grep -v '^#' r.txt) <(awk '{print "rank " NR-1 "=" $0 " slot=0"}' labels) >/dev/null ||
  fail "rankfile: $(cat r.txt)"
ok "rankfile: 'rank k=HOST slot=0'"
diff mf.txt <(sed 's/$/:1/' labels) >/dev/null || fail "machinefile: $(cat mf.txt)"
ok "machinefile: 'HOST:1', no comment line (smpirun reads it too)"
# tpwgts: "k = alpha_k", k = 0..Q-1, each in (0,1), sum 1
awk -v q="$Q" 'BEGIN{s=0} $2!="=" || $1!=NR-1 || !($3>0 && $3<1) {bad=1} {s+=$3}
  END{exit !(NR==q && !bad && s>0.999999 && s<1.000001)}' t.txt || fail "tpwgts: $(cat t.txt)"
paste -d' ' <(awk '{print $3}' t.txt) <(jq -r '.ring[].alpha' m.json) |
  awk '{d=$1-$2; if (d<0) d=-d; if (d>1e-8) exit 1}' || fail "tpwgts != alphas"
ok "tpwgts: part k = alpha of ring position k, sum 1"
jcheck m.json "JSON: units sum to N, one per ring position" \
  '.units.total == 1000 and ([.ring[].units] | add) == 1000 and all(.ring[]; .units >= 0)'
jcheck m.json "JSON: integer T_step/D_w >= the rational one, within 2 %" \
  '.units.t_step_per_dw >= .t_step_per_dw * (1 - 1e-12) and .units.t_step_per_dw <= .t_step_per_dw * 1.02'
[ "$(head -1 u.csv)" = "rank,host,w,alpha,units" ] || fail "units CSV header: $(head -1 u.csv)"
diff <(tail -n +2 u.csv | cut -d, -f1,2,5) <(jq -r '.ring | to_entries[] | "\(.key),\(.value.label),\(.value.units)"' m.json) \
  >/dev/null || fail "units CSV differs from the JSON: $(cat u.csv)"
ok "units CSV: rank,host,w,alpha,units as in the JSON"

# standard output: the file instead of the table
expect_exit 0 "--hostfile -" "$P" --hostfile -
diff "$TMP/out" h.txt >/dev/null || fail "--hostfile - differs from the file"
ok "--hostfile - writes only the hostfile to stdout"
expect_exit 0 "--units in the table" "$P" --units 50
grep -q "Integer work shares of 50 units" "$TMP/out" || fail "no units table: $(cat "$TMP/out")"
ok "--units 50 prints the shares under the table"

# --heuristic both: the better ring (the JSON's handed_on), said on stderr
expect_exit 0 "both" "$P" --heuristic both --units 100 --json b.json --hostfile hb.txt -q
H=$(jq -r .handed_on b.json)
T=$(jq -r 'if .handed_on == "slice" then "SliceRing" else "SharedRing" end' b.json)
grep -q "follow $T's ring (the better one)" "$TMP/err" || fail "both: no note on stderr"
diff <(grep -v '^#' hb.txt) <(jq -r --arg h "$H" '.[$h].ring[].label + " slots=1"' b.json) >/dev/null ||
  fail "both: hostfile is not the handed-on ring ($H)"
jcheck b.json "both: units in the handed-on mapping" '(.[.handed_on].ring | map(.units) | add) == 100'
ok "both: the launch files follow the better ring ($H)"

# bad options and outputs: exit 2 before any computation, nothing written
expect_bad "--units: expected an integer >= 1" "--units 0" "$P" --units 0
expect_bad "--units: expected an integer >= 1" "--units x" "$P" --units 12x
expect_bad "--units-csv needs --units" "--units-csv alone" "$P" --units-csv u2.csv
expect_bad "both write to standard output" "two outputs on stdout" "$P" --json - --rankfile -
expect_bad "name the same output" "two outputs in one file" "$P" --hostfile x --machinefile x
expect_bad "is a directory" "output is a directory" "$P" --tpwgts "$TMP"
cp "$P" plat.gml
expect_bad "is the input file" "output over the platform" plat.gml --hostfile plat.gml
expect_bad "is the input file" "output over the platform (other path)" plat.gml --rankfile ./plat.gml
cmp -s plat.gml "$P" || fail "the platform was modified"
expect_bad "cannot open" "directory does not exist" "$P" --machinefile "$TMP/nodir/m.txt"
# a failed run leaves a previous file as it was
echo "good previous content" >keep.txt
expect_exit 2 "bad platform" "$SRC/tests/data/bad/neg_w.gml" --hostfile keep.txt
[ "$(cat keep.txt)" = "good previous content" ] || fail "a failed run changed the previous file"
ls .ringmap-tmp-* keep.txt.tmp.* >/dev/null 2>&1 && fail "a temporary file was left behind"
ok "a failed run leaves the previous file intact, no temporary file"
expect_exit 1 "write error on /dev/full" "$P" --hostfile /dev/full -q
grep -q "cannot write" "$TMP/err" || fail "/dev/full: $(cat "$TMP/err")"
ok "/dev/full: write error reported, exit 1"
# host labels a hostfile cannot carry
cat >sp.gml <<'GML'
graph [
  node [ id 0 label "host one" w 1 ]
  node [ id 1 label "h2" w 1 ]
  edge [ source 0 target 1 bandwidth 10 ]
]
GML
expect_bad "host node 0: label 'host one'" "label with a blank" sp.gml --hostfile h3.txt
[ ! -e h3.txt ] || fail "hostfile written despite the bad label"
grep -qF -- "--label-map" "$TMP/err" || fail "the refusal does not suggest --label-map: $(cat "$TMP/err")"
expect_exit 0 "same label fine without host files" sp.gml --units 10 --tpwgts t3.txt -q
# only the ring's hosts need launchable names: a slow host (never in the ring)
# and a router may have any label
cat >nr.gml <<'GML'
graph [
  node [ id 0 label "h0" w 1 ]
  node [ id 1 label "h1" w 1 ]
  node [ id 2 label "Rio de Janeiro" w 1e6 ]
  node [ id 3 label "core router" ]
  node [ id 4 label "h0" w 1e6 ]
  edge [ source 0 target 3 bandwidth 100 ]
  edge [ source 1 target 3 bandwidth 100 ]
  edge [ source 2 target 3 bandwidth 0.001 ]
  edge [ source 4 target 3 bandwidth 0.001 ]
]
GML
expect_exit 0 "non-ring labels with blanks or shared names" nr.gml --hostfile hnr.txt --json nr.json -q
jcheck nr.json "the ring is h0 (node 0) and h1" '[.ring[].label] | sort == ["h0", "h1"]'
[ "$(grep -v '^#' hnr.txt | sort | tr '\n' ' ')" = "h0 slots=1 h1 slots=1 " ] ||
  fail "hostfile of the ring: $(cat hnr.txt)"
ok "--hostfile: only the ring's hosts need launchable, distinct names"
# --label-map renames (CSV, quoted labels), everywhere: table, JSON, files
printf '# label,hostname\n"host one",node-a.example.org\nh2,node-b\n' >lm.csv
expect_exit 0 "--label-map" sp.gml --label-map lm.csv --hostfile h4.txt --units-csv u4.csv --units 10 --json lm.json -q
[ "$(grep -v '^#' h4.txt | sort | tr '\n' ' ')" = "node-a.example.org slots=1 node-b slots=1 " ] ||
  fail "--label-map hostfile: $(cat h4.txt)"
jcheck lm.json "--label-map: the JSON names the renamed hosts" '[.ring[].label] | sort == ["node-a.example.org", "node-b"]'
grep -q ',node-b,' u4.csv || fail "--label-map: units CSV: $(cat u4.csv)"
ok "--label-map renames the ring's hosts in every output"
printf 'h2,node-b\nnowhere,x\n' >lm2.csv
expect_bad "lm2.csv:2: no node of the platform is labelled 'nowhere'" "--label-map: unknown label" sp.gml --label-map lm2.csv --hostfile h5.txt
printf 'h2,bad name\n' >lm3.csv
expect_bad "lm3.csv:1: 'bad name' is not a host name" "--label-map: bad host name" sp.gml --label-map lm3.csv
printf 'h2,a,b\n' >lm4.csv
expect_bad "lm4.csv:1: expected 'LABEL,HOSTNAME' (2 CSV fields), got 3" "--label-map: 3 fields" sp.gml --label-map lm4.csv
printf '"h2,a\n' >lm5.csv
expect_bad "lm5.csv:1: expected 'LABEL,HOSTNAME', got a malformed CSV line" "--label-map: open quote" sp.gml --label-map lm5.csv
printf 'h2,a\nh2,b\n' >lm6.csv
expect_bad "lm6.csv:2: label 'h2' already renamed on line 1" "--label-map: twice" sp.gml --label-map lm6.csv
expect_bad "lm7.csv" "--label-map: missing file" sp.gml --label-map lm7.csv
expect_bad "is the input file" "an output over the label map" sp.gml --label-map lm.csv --hostfile lm.csv
# every output checked before the computation, --json and --svg included
for o in --json --svg --dot --hostfile --units-csv; do
  extra=(); [ "$o" = --units-csv ] && extra=(--units 10)
  expect_bad "$o: cannot open '$TMP/nodir/o'" "$o into a missing directory" "$P" "${extra[@]}" "$o" "$TMP/nodir/o"
  grep -q "chosen" "$TMP/err" && fail "$o: the computation ran before the refusal"
done
ok "outputs into a missing directory refused before the computation"
echo "all launch output checks passed"
