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
expect_exit 0 "same label fine without host files" sp.gml --units 10 --tpwgts t3.txt -q
echo "all launch output checks passed"
