#!/usr/bin/env bash
# smpi_test.sh RINGMAP ITERAPP_SMPI SOURCE_ROOT WORKDIR — iterapp under SimGrid
# SMPI (CM02 = plain max-min, no cross-traffic, bandwidth/latency factors 1,
# computation declared with smpi_execute_flops) on the SimGrid platform that
# `ringmap export-simgrid` writes for the mapping of iterapp/testdata/ring4.json
# (medium_tiers, SharedRing, --max-q 4, D_c/D_w 0.0064) computed with
# --parallel-send (ring Interleaf McGee Rochefort Lamothe) (iterapp posts its two sends at once: a host's
# communication time is the max of its two route costs, not their sum), with
# link latencies set to 0 as in the model of Legrand et al. 2004. Checks: bit-exact
# grid, every rank's simulated computation time equal to the prediction
# cols_k (n-2) 7e-6 w_k, and the simulated T_step / eq. (1) in [0.9, 1.05]
# (SMPI is deterministic: measured 1.004; the mapping without
# --parallel-send, testdata/ring4.json, predicts the sum and gives 0.858). Exit 77 (skipped) while
# `ringmap export-simgrid` is not wired into the command.
set -u
RINGMAP=$1 APP=$2 SRC=$3 WORK=$4
if ! "$RINGMAP" export-simgrid --help 2>/dev/null | grep -q export-simgrid; then
  echo "SKIP: ringmap export-simgrid is not dispatched by cli/main.c yet"; exit 77
fi
set -e
cd "$WORK"
"$RINGMAP" "$SRC/platforms/medium_tiers.gml" --max-q 4 --dc-dw 0.0064 --parallel-send \
  --json ring4ps.json -q
test "$(jq '.ring | length' ring4ps.json)" = 4
"$RINGMAP" export-simgrid "$SRC/platforms/medium_tiers.gml" ring4ps.json \
  --zero-latency -o ring4.xml --hostfile ring4.hosts
test "$(wc -l < ring4.hosts)" = 4
grep -q 'platform version="4.1"' ring4.xml
smpirun -platform ring4.xml -hostfile ring4.hosts -np 4 \
  --cfg=smpi/simulate-computation:no --cfg=network/model:CM02 --cfg=network/crosstraffic:0 \
  --cfg=smpi/bw-factor:1 --cfg=smpi/lat-factor:1 --log=root.thres:warning \
  "$APP" --mapping ring4ps.json --rows 200 --steps 40 --check \
  --json ring4_smpi.json | tee ring4_smpi.txt
grep -q "equals the sequential run bit for bit" ring4_smpi.txt
python3 - ring4_smpi.json <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
assert d["bitexact"] is True
for r in d["ranks"]:
    # SMPI adds ~10 ns per MPI_Wtime call (smpi/wtime)
    assert abs(r["comp_mean"] - r["comp_predicted"]) <= 1e-7 + 1e-6 * r["comp_predicted"], r
ratio = d["t_step_measured"] / d["t_step_predicted"]
print("SMPI medium_tiers ring4: T_step simulated %.4f ms, predicted %.4f ms, ratio %.3f"
      % (d["t_step_measured"] * 1e3, d["t_step_predicted"] * 1e3, ratio))
assert 0.9 <= ratio <= 1.05, ratio
PY
