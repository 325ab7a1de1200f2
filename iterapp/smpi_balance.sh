#!/usr/bin/env bash
# smpi_balance.sh ITERAPP_SMPI WORKDIR [Q [CHECK [MODE [STEPS]]]] — iterapp's --balance
# policies under SimGrid SMPI where the load change is a SimGrid host speed
# trace (docs/balance.md): a ring of Q identical hosts (1 Mflop/s, links of
# 1 GB/s and latency 0) whose host 1 carries speed_file="slow.trace"
# (SimGrid's profile format: lines "DATE VALUE", VALUE the fraction of the
# peak speed from DATE on, in simulated seconds): full speed, then half speed
# from the middle of step 17 on. The stencil's work is declared to the
# simulator (smpi_execute_flops, run.h), so the trace really slows the
# simulated host — nothing sleeps and nothing is emulated.
#
# Runs --balance static, dfpa and dynamic (202 rows, 20 Q columns, 48 steps
# in periods of 4, eps 0.05) and writes WORKDIR/trace_q<Q>_<policy>.json
# (MODE cliff: cliff_q<Q>_<policy>.json).
# With CHECK=1 (the ctest entry smpi_balance_trace) exit 1 unless
#  - every run is bit-exact with the sequential one;
#  - before the change, each policy's period T_step is the prediction
#    20 (n-2) 7 / 1e6 s (20 columns on a 1 Mflop/s host) within 1 %;
#  - static stays slow: every period after the one holding the change has
#    T_step = 20 (n-2) 7 / 0.5e6 within 1 % (the slowed host, unchanged
#    columns), and so does dfpa (its DFPA phase ended before the change);
#  - dynamic recovers: within 3 periods after the change and until the end,
#    T_step equals the rebalanced prediction within 1 %, the prediction being
#    the optimal integer allocation for the speeds (1, 0.5, 1, ...) computed
#    here independently (greedy of Boulet et al. 1999 and Casanova, ICS 632: one column at a time to the
#    position that finishes first), max_k c_k (n-2) 7 / s_k.
# 1 % and not eps: the simulation is deterministic; the only time outside the
# model is the halo messages (2 x 1.6 kB at 1 GB/s, ~3 us per step, 0.01 %).
#
# MODE cliff (bench_balance's SMPI rows): no trace; host Q-1 has twice the
# speed (2 Mflop/s, --weights ...,0.5) and a memory cliff (--emulate SPEC
# "cliff Q-1 8 2": above 8 columns its declared flops double, as paging does
# in Lastovetsky and Reddy Fig. 4); 10 Q columns, periods of 3. CHECK=1 then asserts
# bit-exactness; static: host Q-1 (16 columns by the platform's w, above the
# cliff) measures twice its prediction, within 1 %; dfpa and dynamic: last
# period T_step = the integer optimum of the cliff model (10 columns each)
# within 1 %, the optimum computed here by bisection over the candidate times.
# STEPS (default 48 / 36) lengthens the run (the bench: DFPA's share).
# Exit 77 (skipped) without smpirun or python3.
set -u
APP=$1 W=$2 Q=${3:-4} CHECK=${4:-0} MODE=${5:-trace} STEPS=${6:-}
command -v smpirun >/dev/null || { echo "SKIP: smpirun not installed"; exit 77; }
command -v python3 >/dev/null || { echo "SKIP: python3 not installed"; exit 77; }
mkdir -p "$W" || exit 1
case $Q in ''|*[!0-9]*) echo "smpi_balance.sh: Q = '$Q' is not a count" >&2; exit 2 ;; esac
[ "$Q" -ge 2 ] && [ "$Q" -le 64 ] || { echo "smpi_balance.sh: Q = $Q (2..64)" >&2; exit 2; }
case $MODE in trace|cliff) ;; *) echo "smpi_balance.sh: MODE = '$MODE' (trace or cliff)" >&2; exit 2 ;; esac
case $STEPS in *[!0-9]*) echo "smpi_balance.sh: STEPS = '$STEPS' is not a count" >&2; exit 2 ;; esac
ROWS=202 EPS=0.05
if [ "$MODE" = trace ]; then
  COLS=$((20 * Q)) STEPS=${STEPS:-48} PERIOD=4 WTS=$(python3 -c "print(','.join(['1'] * $Q))") EMU=()
else
  COLS=$((10 * Q)) STEPS=${STEPS:-36} PERIOD=3 WTS=$(python3 -c "print(','.join(['1'] * ($Q - 1) + ['0.5']))")
  echo "cliff $((Q - 1)) 8 2" >"$W/cliff_q$Q.spec"
  EMU=(--emulate "$W/cliff_q$Q.spec")
fi
TAG=${MODE}_q$Q
# the change at the middle of step 17 (the period of steps 17-20 holds it)
python3 - "$W" "$Q" "$ROWS" "$MODE" <<'PY' || exit 1
import sys
w, q, n, mode = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
t0 = 20 * (n - 2) * 7 / 1e6          # s per step at 1 Mflop/s, 20 columns
with open("%s/slow.trace" % w, "w") as f:
    f.write("# SimGrid speed profile of host h1: fraction of 1 Mflop/s from DATE (s) on\n")
    f.write("0 1.0\n%.9g 0.5\n" % (16.5 * t0))
x = ['<?xml version="1.0"?>', '<!DOCTYPE platform SYSTEM "https://simgrid.org/simgrid.dtd">',
     '<platform version="4.1">', '  <zone id="ring" routing="Floyd">']
for i in range(q):
    tr = ' speed_file="slow.trace"' if i == 1 and mode == "trace" else ''
    sp = "2Mf" if i == q - 1 and mode == "cliff" else "1Mf"
    x.append('    <host id="h%d" speed="%s"%s/>' % (i, sp, tr))
for i in range(q):
    x.append('    <link id="l%d" bandwidth="1GBps" latency="0"/>' % i)
for i in range(q):
    x.append('    <route src="h%d" dst="h%d"><link_ctn id="l%d"/></route>' % (i, (i + 1) % q, i))
x += ['  </zone>', '</platform>']
open("%s/%s_q%d.xml" % (w, mode, q), "w").write("\n".join(x) + "\n")
open("%s/%s_q%d.hosts" % (w, mode, q), "w").write("".join("h%d\n" % i for i in range(q)))
PY
SG=(--cfg=smpi/simulate-computation:no --cfg=network/model:CM02 --cfg=network/crosstraffic:0
    --cfg=smpi/bw-factor:1 --cfg=smpi/lat-factor:1 --log=root.thres:critical)
for pol in static dfpa dynamic; do
  smpirun -platform "$W/$TAG.xml" -hostfile "$W/$TAG.hosts" -np "$Q" "${SG[@]}" "$APP" \
    --weights "$WTS" --rows $ROWS --total-cols $COLS --steps $STEPS --period $PERIOD --eps $EPS \
    "${EMU[@]}" --balance $pol --check --quiet --json "$W/${TAG}_$pol.json" >"$W/${TAG}_$pol.out" 2>&1 ||
    { cat "$W/${TAG}_$pol.out"; echo "FAIL: iterapp_smpi --balance $pol exited non-zero" >&2; exit 1; }
done
[ "$CHECK" = 1 ] || exit 0
if [ "$MODE" = cliff ]; then
python3 - "$W" "$Q" "$ROWS" "$COLS" <<'PY'
import json, sys
w, q, n, m = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
work = (n - 2) * 7 / 1e6
speed = [1.0] * (q - 1) + [2.0]
def t(i, c):                             # the cliff model: 2 x the flops above 8 columns
    return c * work / speed[i] * (2.0 if i == q - 1 and c > 8 else 1.0)
cand = sorted({t(i, c) for i in range(q) for c in range(1, m + 1)})
lo, hi = 0, len(cand) - 1                # smallest T with sum_i max{c : t(i, c) <= T} >= m
while lo < hi:
    mid = (lo + hi) // 2
    if sum(max([c for c in range(1, m + 1) if t(i, c) <= cand[mid]] or [0]) for i in range(q)) >= m:
        hi = mid
    else:
        lo = mid + 1
opt = cand[lo]
close = lambda x, y: abs(x - y) <= 0.01 * y
ok = True
res = {p: json.load(open("%s/cliff_q%d_%s.json" % (w, q, p))) for p in ("static", "dfpa", "dynamic")}
for p, d in res.items():
    if d.get("bitexact") is not True:
        ok = False; print("FAIL: %s: not bit-exact" % p)
s = res["static"]
r = s["ranks"][q - 1]["comp"] / s["ranks"][q - 1]["comp_predicted_w"]
if not close(r, 2.0):
    ok = False; print("FAIL: static: position %d measured/predicted %.4f, expected the cliff factor 2" % (q - 1, r))
for p in ("dfpa", "dynamic"):
    if not close(res[p]["t_step_last_period"], opt):
        ok = False
        print("FAIL: %s: last period T_step %.6g s, the cliff model's integer optimum %.6g s"
              % (p, res[p]["t_step_last_period"], opt))
print("%s: q=%d cliff: static %.4f ms (position %d at %.3f x its prediction), dfpa %.4f ms in %d "
      "iterations, dynamic %.4f ms; optimum %.4f ms"
      % ("ok" if ok else "FAIL", q, s["t_step_last_period"] * 1e3, q - 1, r,
         res["dfpa"]["t_step_last_period"] * 1e3, res["dfpa"]["dfpa_iterations"],
         res["dynamic"]["t_step_last_period"] * 1e3, opt * 1e3))
sys.exit(0 if ok else 1)
PY
exit
fi
python3 - "$W" "$Q" "$ROWS" "$COLS" <<'PY'
import json, sys
w, q, n, m = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
work = (n - 2) * 7 / 1e6                 # s per column at 1 Mflop/s
speed = [1.0] * q
speed[1] = 0.5
before, slow = 20 * work, 20 * work / 0.5
c = [1] * q                              # the integer optimum, one column at a time
for _ in range(m - q):
    k = min(range(q), key=lambda i: ((c[i] + 1) / speed[i], i))
    c[k] += 1
after = max(c[i] * work / speed[i] for i in range(q))
close = lambda x, y: abs(x - y) <= 0.01 * y
ok = True
def bad(msg):
    global ok
    ok = False
    print("FAIL: " + msg)
for pol in ("static", "dfpa", "dynamic"):
    d = json.load(open("%s/trace_q%d_%s.json" % (w, q, pol)))
    per = d["periods"]
    if d.get("bitexact") is not True:
        bad("%s: not bit-exact" % pol)
    for p in per:
        if p["end_step"] <= 16 and not close(p["t_step"], before):
            bad("%s: period ending at step %d: T_step %.6g s, predicted %.6g s before the change"
                % (pol, p["end_step"], p["t_step"], before))
    late = [p for p in per if p["end_step"] > 20]
    if pol in ("static", "dfpa"):
        for p in late:
            if not close(p["t_step"], slow):
                bad("%s: period ending at step %d: T_step %.6g s, expected the slowed %.6g s"
                    % (pol, p["end_step"], p["t_step"], slow))
    else:
        rec = [p for p in per if p["end_step"] > 16 and close(p["t_step"], after)]
        first = rec[0]["end_step"] if rec else -1
        if not (20 < first <= 32):
            bad("dynamic: T_step not back at the rebalanced %.6g s by step 32: %s"
                % (after, [round(p["t_step"], 6) for p in per]))
        for p in per:
            if first > 0 and p["end_step"] >= first and not close(p["t_step"], after):
                bad("dynamic: period ending at step %d: T_step %.6g s after recovery, predicted %.6g s"
                    % (p["end_step"], p["t_step"], after))
        cols = [r["cols"] for r in d["ranks"]]
        if max(cols[i] * work / speed[i] for i in range(q)) > after * (1 + 1e-12):
            bad("dynamic: final columns %s are not an optimal integer allocation %s" % (cols, c))
        print("ok: q=%d dynamic: T_step %.4f ms before the change, back at %.4f ms (predicted %.4f ms, "
              "columns %s) at step %d; static stays at %.4f ms (ratio %.3f)"
              % (q, before * 1e3, per[-1]["t_step"] * 1e3, after * 1e3, cols, first, slow * 1e3,
                 slow / per[-1]["t_step"]))
sys.exit(0 if ok else 1)
PY
