#!/usr/bin/env bash
# smpi_platform.sh RINGMAP ITERAPP_SMPI PLATFORM.xml [ROWS COLS [CHECK]] — the
# check of a mapping on the user's own SimGrid platform (docs/simgrid.md):
# for SharedRing, SliceRing and a naive ring (every host in SimGrid's order,
# columns proportional to speed), map PLATFORM.xml with the run's absolute
# sizes (D_c = one column of ROWS doubles = 64 ROWS 1e-6 Mb, D_w = COLS
# columns of (ROWS-2) 7-flop cells) under the latency + parallel-send cost
# model with one core per host (iterapp's ranks are single-threaded), write the ring-order host list (`ringmap --machinefile`), run the
# Jacobi stencil under SMPI on PLATFORM.xml itself (not an export) and print
# predicted vs simulated T_step. SMPI configuration and why: docs/simgrid.md.
# With CHECK=1 (the ctest entry): exit 1 unless SharedRing's
# simulated/predicted T_step is in [0.9, 1.05] and its simulated T_step is
# below SliceRing's (or equal: the same ring) and the naive ring's; with
# CHECK=2 SharedRing's simulated T_step must be at least 5 % below both
# (a platform where the two heuristics pick different rings).
# Exit 77 (skipped) without smpirun.
set -eu
RINGMAP=$1 APP=$2 PLAT=$3 ROWS=${4:-1000} COLS=${5:-2000} CHECK=${6:-0}
command -v smpirun >/dev/null || { echo "SKIP: smpirun not installed"; exit 77; }
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
# CM02: SimGrid's plain max-min sharing of link capacities (the model's
# sharing); no cross traffic (no ACK flows on the reverse path); SMPI's
# bandwidth and latency correction factors 1 (the platform's values as they
# are); computation only as declared by the application (smpi_execute_flops).
SG=(--cfg=smpi/simulate-computation:no --cfg=network/model:CM02 --cfg=network/crosstraffic:0
    --cfg=smpi/bw-factor:1 --cfg=smpi/lat-factor:1 --log=root.thres:critical)
read -r DC DW < <(python3 -c "n=$ROWS; m=$COLS; print(64*n*1e-6, (n-2)*7e-6*m)")
name=$(basename "$PLAT" .xml)
printf "%-22s %-7s %3s %12s %12s %8s\n" platform ring q "pred(ms)" "simul(ms)" ratio
run() { # label hostfile q iterapp-args...
  local h=$1 hosts=$2 q=$3
  shift 3
  smpirun -platform "$PLAT" -hostfile "$hosts" -np "$q" "${SG[@]}" "$APP" "$@" \
    --rows "$ROWS" --total-cols "$COLS" --steps 20 --quiet --json "$W/$h.run.json" \
    >"$W/$h.out" 2>&1 || { cat "$W/$h.out"; exit 1; }
  python3 - "$W/$h.run.json" "$name" "$h" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
pred = d["t_step_predicted"] if sys.argv[3] != "naive" else float("nan")
print("%-22s %-7s %3d %12.4f %12.4f %8.3f" % (sys.argv[2], sys.argv[3], d["q"], pred * 1e3,
      d["t_step_measured"] * 1e3, d["t_step_measured"] / pred))
PY
}
for h in shared slice; do
  # --one-core: each MPI rank of iterapp is single-threaded (one core of its host)
  "$RINGMAP" "$PLAT" --heuristic $h --dc "$DC" --dw "$DW" --latency --parallel-send --one-core \
    --json "$W/$h.json" --machinefile "$W/$h.hosts" -q
  run $h "$W/$h.hosts" "$(grep -vc '^#' "$W/$h.hosts")" --mapping "$W/$h.json"
done
# the naive ring: all hosts in SimGrid's order, columns proportional to
# speed, on the original platform. The host names and one-core cycle-times
# are ringmap's own reading of the file: a mapping at D_c/D_w = 0 (free
# communication: every host is in the ring), its ring sorted back into
# SimGrid's host order. (Not `ringmap export-simgrid`: its host ids are
# SimGrid ids of the export, e.g. n0 for a cluster's host n-0.)
"$RINGMAP" "$PLAT" --heuristic slice --dc-dw 0 --one-core --json "$W/all.json" -q
WS=$(python3 - "$W/all.json" "$W/naive.hosts" <<'PY'
import json, sys
ring = sorted(json.load(open(sys.argv[1]))["ring"], key=lambda h: h["node"])
open(sys.argv[2], "w").write("".join(h["label"] + "\n" for h in ring))
print(",".join("%.17g" % h["w"] for h in ring))
PY
)
run naive "$W/naive.hosts" "$(grep -vc '^#' "$W/naive.hosts")" --weights "$WS"
[ "$CHECK" = 1 ] || [ "$CHECK" = 2 ] || exit 0
python3 - "$W" "$CHECK" <<'PY'
import json, sys
w = sys.argv[1]
r = {h: json.load(open("%s/%s.run.json" % (w, h))) for h in ("shared", "slice", "naive")}
ratio = r["shared"]["t_step_measured"] / r["shared"]["t_step_predicted"]
ok = 0.9 <= ratio <= 1.05
ok &= r["shared"]["t_step_measured"] <= r["slice"]["t_step_measured"] * (1 + 1e-9)
ok &= r["shared"]["t_step_measured"] < r["naive"]["t_step_measured"]
if sys.argv[2] == "2":  # strictly faster, by a real margin
    ok &= r["shared"]["t_step_measured"] < 0.95 * r["slice"]["t_step_measured"]
    ok &= r["shared"]["t_step_measured"] < 0.95 * r["naive"]["t_step_measured"]
print("SharedRing simulated/predicted %.4f (want [0.9, 1.05]); simulated ms: shared %.4f, slice %.4f, naive %.4f"
      % (ratio, r["shared"]["t_step_measured"] * 1e3, r["slice"]["t_step_measured"] * 1e3,
         r["naive"]["t_step_measured"] * 1e3))
sys.exit(0 if ok else 1)
PY
