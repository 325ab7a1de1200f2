#!/usr/bin/env bash
# smpi_cores.sh RINGMAP ITERAPP_SMPI PLATFORM.xml — the core-count policy
# (docs/simgrid.md): on a platform with a multi-core host, ringmap's default mapping
# (w = speed x cores) warns and points to --one-core, and iterapp under SMPI
# (single-threaded ranks) says that it runs such a mapping; with --one-core
# neither says a word about cores. Exit 77 (skipped) without smpirun.
set -eu
RINGMAP=$1 APP=$2 PLAT=$3
command -v smpirun >/dev/null || { echo "SKIP: smpirun not installed"; exit 77; }
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
for mode in default one; do
  extra=()
  [ $mode = one ] && extra=(--one-core)
  "$RINGMAP" "$PLAT" "${extra[@]}" --json "$W/$mode.json" --machinefile "$W/$mode.hosts" -q \
    2>"$W/$mode.map.err" || fail "ringmap $mode: $(cat "$W/$mode.map.err")"
  smpirun -platform "$PLAT" -hostfile "$W/$mode.hosts" -np "$(grep -vc '^#' "$W/$mode.hosts")" \
    --cfg=smpi/simulate-computation:no --log=root.thres:critical "$APP" --mapping "$W/$mode.json" \
    --rows 100 --total-cols 200 --steps 2 --quiet >"$W/$mode.out" 2>"$W/$mode.run.err" ||
    fail "iterapp $mode: $(cat "$W/$mode.out" "$W/$mode.run.err")"
  echo "== $mode: ringmap:"; cat "$W/$mode.map.err"; echo "== $mode: iterapp:"; grep iterapp "$W/$mode.run.err" || true
done
grep -q "several cores (up to 4).*--one-core" "$W/default.map.err" || fail "ringmap did not state the policy"
grep -q "iterapp: the mapping takes 1 host(s) at speed x cores (e.g. A: 4 cores).*--one-core" \
  "$W/default.run.err" || fail "iterapp did not say it runs a multi-core mapping"
! grep -q "cores" "$W/one.map.err" || fail "ringmap --one-core spoke of cores"
! grep -q "cores" "$W/one.run.err" || fail "iterapp spoke of cores with a --one-core mapping"
echo "OK"
