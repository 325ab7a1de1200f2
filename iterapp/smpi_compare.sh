#!/usr/bin/env bash
# smpi_compare.sh RINGMAP ITERAPP_SMPI PLATFORM.gml [DC_DW] — run the stencil
# under SimGrid SMPI (CM02 max-min, latencies 0) for three rings of PLATFORM:
# SharedRing, SliceRing (both from `ringmap --json`, their own routes) and a
# naive ring (all hosts in file order, widest routes, columns proportional to
# speed), same grid (200 rows, m from DC_DW), and print predicted vs simulated
# T_step. The mappings are computed with --parallel-send: iterapp posts its
# two sends at once, so a host's communication time is the max of its two
# route costs; and with --refine maxmin (REFINE overrides it): SMPI's CM02
# shares each link by max-min fairness, which the greedy's own shares are not
# (on medium_tiers at 0.0064 they give SharedRing a simulated/predicted ratio
# of 1.059, max-min 1.004). With CHECK=1, exit 1 unless SharedRing's simulated/predicted
# T_step is in [0.9, 1.05] (SMPI is deterministic). Needs `ringmap
# export-simgrid`.
set -eu
RINGMAP=$1 APP=$2 PLAT=$3 DCDW=${4:-0.0064} CHECK=${5:-0} REFINE=${REFINE:---refine maxmin}
command -v smpirun >/dev/null || { echo "SKIP: smpirun not installed"; exit 77; }
W=$(mktemp -d)
SG="--cfg=smpi/simulate-computation:no --cfg=network/model:CM02 --cfg=network/crosstraffic:0
    --cfg=smpi/bw-factor:1 --cfg=smpi/lat-factor:1 --log=root.thres:critical"
M=$(python3 -c "print(round(64*200/(7*198*$DCDW)))")
name=$(basename "$PLAT" .gml)
printf "%-14s %-8s %3s %12s %12s %8s\n" platform ring q "pred(ms)" "simul(ms)" ratio
for h in shared slice; do
  "$RINGMAP" "$PLAT" --heuristic $h --dc-dw "$DCDW" --parallel-send $REFINE --json "$W/$h.json" -q
  "$RINGMAP" export-simgrid "$PLAT" "$W/$h.json" --zero-latency -o "$W/$h.xml" --hostfile "$W/$h.hosts"
  q=$(wc -l < "$W/$h.hosts")
  smpirun -platform "$W/$h.xml" -hostfile "$W/$h.hosts" -np "$q" $SG "$APP" --mapping "$W/$h.json" \
    --rows 200 --total-cols "$M" --steps 30 --quiet --json "$W/$h.run.json" >/dev/null 2>&1
  python3 -c "
import json; d=json.load(open('$W/$h.run.json'))
print('%-14s %-8s %3d %12.4f %12.4f %8.3f' % ('$name','$h',d['q'],d['t_step_predicted']*1e3,d['t_step_measured']*1e3,d['t_step_measured']/d['t_step_predicted']))"
done
"$RINGMAP" export-simgrid "$PLAT" --zero-latency -o "$W/naive.xml" --hostfile "$W/naive.hosts"
q=$(wc -l < "$W/naive.hosts")
WS=$(python3 - "$PLAT" "$W/naive.xml" <<'PY'
import re, sys
xml = open(sys.argv[2]).read()
print(",".join("%.17g" % (1.0 / float(s)) for s in re.findall(r'<host id="[^"]*" speed="([0-9.eE+-]+)Mf"', xml)))
PY
)
smpirun -platform "$W/naive.xml" -hostfile "$W/naive.hosts" -np "$q" $SG "$APP" --weights "$WS" \
  --rows 200 --total-cols "$M" --steps 30 --quiet --json "$W/naive.run.json" >/dev/null 2>&1
python3 -c "
import json; d=json.load(open('$W/naive.run.json'))
print('%-14s %-8s %3d %12s %12.4f %8s' % ('$name','naive',d['q'],'-',d['t_step_measured']*1e3,'-'))"
if [ "$CHECK" = 1 ]; then
  python3 - "$W/shared.run.json" <<'PY' || { rm -rf "$W"; exit 1; }
import json, sys
d = json.load(open(sys.argv[1]))
r = d["t_step_measured"] / d["t_step_predicted"]
print("SharedRing simulated/predicted %.4f (want [0.9, 1.05])" % r)
sys.exit(0 if 0.9 <= r <= 1.05 else 1)
PY
fi
rm -rf "$W"
