#!/usr/bin/env bash
# measure_test.sh MODE RINGMAP MEASURE SOURCE_ROOT WORKDIR — ringmap-measure's tests.
#  ompi: 4 Open MPI ranks on this machine with emulated hosts and links
#        (testdata/emulate4.txt): every w and every pair's bandwidth within
#        5 % (check_platform.py); latency within 5 % + 2 ms only: it is the
#        intercept of the affine fit, and on this shared 2-core machine under
#        the full suite a late wake-up adds up to ~1 ms to the small messages'
#        medians (seen: +1.1 ms on 0.5 ms; 0.4 % when the machine is quieter);
#        the platform maps with `ringmap map`; bad options exit 2, --help 0.
#  smpi: ringmap-measure_smpi under smpirun on testdata/measure4.xml (4 hosts
#        of known speeds, a direct link of its own per pair): the same checks
#        against the SimGrid platform (latency within 5 % + 2 us). Exit 77 (skipped) without smpirun.
set -u
MODE=$1 RINGMAP=$2 MEASURE=$3 SRC=$4 WORK=$5
fail() { echo "FAIL: $*" >&2; exit 1; }
mkdir -p "$WORK" && cd "$WORK" || exit 1
CHECK=$SRC/measure/check_platform.py
case $MODE in
ompi)
  ip link set lo up 2>/dev/null || true
  # yield_when_idle: 4 ranks share the machine's cores with the rest of the
  # suite; a rank waiting in MPI must not spin.
  MPIRUN=(mpirun --allow-run-as-root --oversubscribe --mca btl self,vader --mca mpi_yield_when_idle 1)
  # bad options: exit 2 with a message naming the option (run as an MPI
  # singleton: no mpirun needed for one rank), under mpirun too; --help: 0
  for bad in "--sizes 64,16" "--rows x" "--msg-sizes 8" "--pp-reps 3" "--bogus" "--host-names a,a" \
             "--emulate $SRC/measure/testdata/measure4.xml" "-o /"; do
    rc=0
    # shellcheck disable=SC2086
    timeout 60 "$MEASURE" $bad -q >bad.out 2>bad.err || rc=$?
    [ "$rc" = 2 ] || fail "ringmap-measure $bad: exit $rc, expected 2 ($(head -c 300 bad.err))"
    grep -q "ringmap" bad.err || fail "ringmap-measure $bad: no message"
    echo "ok: $bad -> exit 2: $(grep -m1 ringmap bad.err)"
  done
  rc=0
  timeout 60 "${MPIRUN[@]}" -np 2 "$MEASURE" --steps 0 >bad.out 2>bad.err || rc=$?
  [ "$rc" = 2 ] || fail "mpirun -np 2 ringmap-measure --steps 0: exit $rc, expected 2"
  echo "ok: under mpirun: exit 2: $(grep -m1 ringmap-measure bad.err)"
  timeout 60 "$MEASURE" --help >help.out || fail "--help"
  grep -q "^usage: mpirun" help.out || fail "--help: no usage"
  # Two attempts: 4 oversubscribed ranks on a loaded 2-core machine can lose a
  # whole time slice inside one emulated kernel timing (seen once in CI: host d
  # 6.3 % off, all else within 0.8 %); a second measurement must then pass.
  ok=0
  for attempt in 1 2; do
    timeout 120 "${MPIRUN[@]}" -np 4 "$MEASURE" --host-names a,b,c,d \
      --emulate "$SRC/measure/testdata/emulate4.txt" --rows 10 --steps 20 --sizes 8,32,128 \
      --msg-sizes 8,8192,262144 --pp-reps 15,7 --warmup 1 -o measured.gml ||
      fail "mpirun ringmap-measure (emulated)"
    if python3 "$CHECK" measured.gml "$SRC/measure/testdata/emulate4.txt" 0.05 2e-3; then
      ok=1
      break
    fi
    echo "attempt $attempt beyond tolerance"
  done
  if [ "$ok" != 1 ]; then
    # Emulated kernels are timed by the wall clock: on a machine running more
    # than four runnable processes per core (other builds and benchmarks), the
    # 4 ranks lose whole time slices and no tolerance holds. Say so and skip
    # (ctest shows it as skipped, not passed); on a machine that is not that
    # busy, two misses are a failure.
    if busy=$(bash "$SRC/tools/busy-machine"); then
      echo "SKIP: emulated platform not recovered within 5 % in 2 attempts on a busy machine" \
        "($busy): run this test alone"
      exit 77
    fi
    fail "emulated platform not recovered within 5 % (2 attempts, $busy)"
  fi
  ;;
smpi)
  command -v smpirun >/dev/null || { echo "SKIP: smpirun not installed"; exit 77; }
  PLAT=$SRC/measure/testdata/measure4.xml
  printf "n0\nn1\nn2\nn3\n" >hosts
  # the platform's values as they are: CM02 max-min sharing, no cross
  # traffic, SMPI's bandwidth/latency factors 1, computation as declared
  # (as iterapp/smpi_platform.sh)
  timeout 120 smpirun -platform "$PLAT" -hostfile hosts -np 4 \
    --cfg=smpi/simulate-computation:no --cfg=network/model:CM02 --cfg=network/crosstraffic:0 \
    --cfg=smpi/bw-factor:1 --cfg=smpi/lat-factor:1 --log=root.thres:critical \
    "$MEASURE" -o measured.gml --pp-reps 5,3 -q || fail "smpirun ringmap-measure_smpi"
  python3 "$CHECK" measured.gml "$PLAT" 0.05 || fail "SimGrid platform not recovered within 5 %"
  # one pair at a time (--one-pair): the same figures (direct links, no sharing)
  timeout 120 smpirun -platform "$PLAT" -hostfile hosts -np 4 \
    --cfg=smpi/simulate-computation:no --cfg=network/model:CM02 --cfg=network/crosstraffic:0 \
    --cfg=smpi/bw-factor:1 --cfg=smpi/lat-factor:1 --log=root.thres:critical \
    "$MEASURE" -o one_pair.gml --pp-reps 5,3 --one-pair -q || fail "smpirun ringmap-measure_smpi --one-pair"
  python3 "$CHECK" one_pair.gml "$PLAT" 0.05 >/dev/null || fail "--one-pair: not recovered within 5 %"
  echo "ok: --one-pair recovers the platform too"
  ;;
*) fail "mode $MODE" ;;
esac
# the platform is one ringmap reads and maps (direct routes: measured pairs)
"$RINGMAP" map measured.gml --routing direct --dc-dw 0.01 --json ring.json -q ||
  fail "ringmap map measured.gml"
q=$(jq '.ring | length' ring.json)
[ "$q" -ge 1 ] || fail "no ring"
echo "ok: ringmap maps the measured platform (ring of $q hosts)"
