#!/usr/bin/env bash
# smpi_overlap.sh RINGMAP ITERAPP_SMPI SOURCE_ROOT WORKDIR — iterapp's
# overlapping stencil (--overlap: halo exchange posted, interior columns
# computed meanwhile, wait, boundary columns) under SimGrid SMPI (CM02, no
# cross traffic, factors 1, computation declared with smpi_execute_flops) on
# the export of medium_tiers' SharedRing ring of 4 (--parallel-send, link
# latencies 0), at two grid widths: one where the exchange is shorter than
# the interior (hidden) and one where it is longer (exposed). Checks: both
# modes bit-exact with the sequential run, the overlapping run's simulated
# T_step / its prediction max(interior, communication) + boundary in
# [0.95, 1.05], every rank's simulated interior and boundary times equal to
# their predictions, and the overlapping run faster than the blocking one by
# about min(interior, communication) of the slowest position. Then the same
# ring valued under the overlap model (`ringmap eval --overlap=F`): its JSON
# (params.overlap) makes iterapp run overlapping without --overlap, within
# [0.95, 1.05] of its prediction; and with iterapp's absolute boundary
# (`--overlap=2/2000`, params.overlap_boundary_dw) at the run's D_c/D_w, the
# mapping's T_step equal to iterapp's rational prediction.
# Exit 77 (skipped) without smpirun.
set -u
RINGMAP=$1 APP=$2 SRC=$3 WORK=$4
command -v smpirun >/dev/null || { echo "SKIP: smpirun not installed"; exit 77; }
set -e
mkdir -p "$WORK"
cd "$WORK"
"$RINGMAP" "$SRC/platforms/medium_tiers.gml" --max-q 4 --dc-dw 0.0064 --parallel-send \
  --json ov4.json -q
"$RINGMAP" export-simgrid "$SRC/platforms/medium_tiers.gml" ov4.json \
  --zero-latency -o ov4.xml --hostfile ov4.hosts
SG=(--cfg=smpi/simulate-computation:no --cfg=network/model:CM02 --cfg=network/crosstraffic:0
    --cfg=smpi/bw-factor:1 --cfg=smpi/lat-factor:1 --log=root.thres:critical)
for cols in 60 2000; do
  for mode in blocking overlap; do
    flag=; [ $mode = overlap ] && flag=--overlap
    smpirun -platform ov4.xml -hostfile ov4.hosts -np 4 "${SG[@]}" \
      "$APP" --mapping ov4.json --rows 200 --total-cols $cols --steps 30 --check $flag \
      --json "ov4_${mode}_$cols.json" > "ov4_${mode}_$cols.txt" 2>&1 ||
      { cat "ov4_${mode}_$cols.txt"; exit 1; }
    grep -q "equals the sequential run bit for bit" "ov4_${mode}_$cols.txt"
  done
done
if "$RINGMAP" eval --help 2>/dev/null | grep -q -- --overlap; then
  "$RINGMAP" eval "$SRC/platforms/medium_tiers.gml" --ring ov4.json --dc-dw 0.0064 --parallel-send \
    --overlap=0.004 --json ov4_model.json -q
  smpirun -platform ov4.xml -hostfile ov4.hosts -np 4 "${SG[@]}" \
    "$APP" --mapping ov4_model.json --rows 200 --total-cols 2000 --steps 30 --check \
    --json ov4_model_run.json > ov4_model_run.txt 2>&1 || { cat ov4_model_run.txt; exit 1; }
  python3 - <<'PY'
import json
m, d = json.load(open("ov4_model.json")), json.load(open("ov4_model_run.json"))
assert m["params"]["overlap"] == 0.004, m["params"]
assert d["overlap"] is True and d["bitexact"] is True, "a mapping of the overlap model runs overlapping"
r = d["t_step_measured"] / d["t_step_predicted"]
print("overlap-model mapping (ringmap eval --overlap): simulated/predicted %.4f" % r)
assert 0.95 <= r <= 1.05, r
PY
  # the absolute boundary iterapp has, 2 of its 2000 columns on every position
  # (--overlap=2/2000), at the run's own D_c/D_w (--dc 0.0128 Mb: 200 rows;
  # --dw 2.772 Mflop: 2000 columns of 198 cells of 7 flops): the mapping's
  # T_step is iterapp's prediction at rational columns, to rounding
  "$RINGMAP" eval "$SRC/platforms/medium_tiers.gml" --ring ov4.json --dc 0.0128 --dw 2.772 \
    --parallel-send --overlap=2/2000 --json ov4_abs.json -q
  smpirun -platform ov4.xml -hostfile ov4.hosts -np 4 "${SG[@]}" \
    "$APP" --mapping ov4_abs.json --rows 200 --total-cols 2000 --steps 30 --check \
    --json ov4_abs_run.json > ov4_abs_run.txt 2>&1 || { cat ov4_abs_run.txt; exit 1; }
  python3 - <<'PY'
import json
m, d = json.load(open("ov4_abs.json")), json.load(open("ov4_abs_run.json"))
assert m["params"]["overlap_boundary_dw"] == 0.001, m["params"]
assert d["overlap"] is True and d["bitexact"] is True and d["boundary_dw"] == 0.001, d
tm, tr = d["t_step_mapping"], d["t_step_predicted_rational"]
assert abs(tm - tr) <= 1e-9 * tr, (tm, tr)
r = d["t_step_measured"] / d["t_step_predicted"]
print("absolute boundary 2/2000 (ringmap eval --overlap=2/2000): mapping %.6f ms = iterapp's "
      "rational prediction %.6f ms; simulated/predicted %.4f" % (tm * 1e3, tr * 1e3, r))
assert 0.95 <= r <= 1.05, r
PY
fi
python3 - <<'PY'
import json
ok = True
for cols in (60, 2000):
    b = json.load(open("ov4_blocking_%d.json" % cols))
    o = json.load(open("ov4_overlap_%d.json" % cols))
    assert b["bitexact"] is True and o["bitexact"] is True and o["overlap"] is True
    for r in o["ranks"]:
        for key in ("interior", "boundary"):
            m, p = r[key + "_mean"], r[key + "_predicted"]
            if abs(m - p) > 2e-7 + 1e-6 * p:
                print("rank %d: %s simulated %.9f predicted %.9f" % (r["pos"], key, m, p))
                ok = False
    ratio = o["t_step_measured"] / o["t_step_predicted"]
    # the slowest position's hidden part: min(interior, communication)
    k = max(o["ranks"], key=lambda r: r["t_predicted"])
    hidden = min(k["interior_predicted"], k["comm_predicted"])
    print("SMPI medium_tiers ring4, %d columns: blocking %.4f ms (predicted %.4f), "
          "overlapping %.4f ms (predicted %.4f, ratio %.4f), boundary fraction %.4f, "
          "gain %.1f %%" % (cols, b["t_step_measured"] * 1e3, b["t_step_predicted"] * 1e3,
          o["t_step_measured"] * 1e3, o["t_step_predicted"] * 1e3, ratio,
          o["boundary_fraction"], 100 * (1 - o["t_step_measured"] / b["t_step_measured"])))
    ok &= 0.95 <= ratio <= 1.05
    ok &= o["t_step_measured"] < b["t_step_measured"] - 0.5 * hidden
raise SystemExit(0 if ok else 1)
PY
