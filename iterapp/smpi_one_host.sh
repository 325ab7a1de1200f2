#!/usr/bin/env bash
# smpi_one_host.sh RINGMAP ITERAPP_SMPI PLATFORM.xml — a ring of one host under
# SimGrid SMPI (CM02, factors 1): the model charges no communication to a ring
# of one (eq. (1) of Legrand et al. 2004 with q = 1), and iterapp copies the
# host's own boundary columns in memory instead of sending them to itself
# (SimGrid routed those self-messages through the host's link: 1.43 x the
# prediction on cluster_shared_backbone.xml at D_c/D_w 0.064). Checks: the grid
# equals the sequential run bit for bit, the simulated communication time is 0 (SMPI's 10 ns per MPI_Wtime)
# on every step, and simulated/predicted T_step is in [0.999, 1.001]; in the
# blocking and the overlapping (--overlap) modes.
# Exit 77 (skipped) without smpirun.
set -eu
RINGMAP=$1 APP=$2 PLAT=$3
command -v smpirun >/dev/null || { echo "SKIP: smpirun not installed"; exit 77; }
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
ROWS=1000 COLS=1430
read -r DC DW < <(python3 -c "n=$ROWS; m=$COLS; print(64*n*1e-6, (n-2)*7e-6*m)")
"$RINGMAP" "$PLAT" --dc "$DC" --dw "$DW" --latency --parallel-send --one-core --max-q 1 \
  --json "$W/m.json" --machinefile "$W/m.hosts" -q
test "$(jq '.ring | length' "$W/m.json")" = 1
for MODE in "" --overlap; do
(cd "$W" && smpirun -platform "$PLAT" -hostfile m.hosts -np 1 \
  --cfg=smpi/simulate-computation:no --cfg=network/model:CM02 --cfg=network/crosstraffic:0 \
  --cfg=smpi/bw-factor:1 --cfg=smpi/lat-factor:1 --log=root.thres:critical \
  "$APP" --mapping m.json --rows "$ROWS" --total-cols "$COLS" --steps 20 --check $MODE \
  --json r.json >r.out 2>&1) || { cat "$W/r.out"; exit 1; }
python3 - "$W/r.json" "${MODE:-blocking}" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
assert d["bitexact"] is True, "grid differs from the sequential run"
r = d["ranks"][0]
# SMPI adds ~10 ns per MPI_Wtime call (smpi/wtime)
assert max(r["comm"]) <= 1e-7, ("communication on a ring of one", max(r["comm"]))
ratio = d["t_step_measured"] / d["t_step_predicted"]
print("ring of one host (%s): simulated %.6f ms, predicted %.6f ms, ratio %.4f, max comm %.3g s"
      % (sys.argv[2], d["t_step_measured"] * 1e3, d["t_step_predicted"] * 1e3, ratio, max(r["comm"])))
assert 0.999 <= ratio <= 1.001, ratio
PY
done
