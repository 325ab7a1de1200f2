#!/usr/bin/env bash
# comm_warning_test.sh RINGMAP ITERAPP WORKDIR MPIRUN... — iterapp warns when
# the measured communication exceeds its prediction by more than 2x and names
# the likely cause: a mapping that counts no latency. Two hosts joined by a
# link of 1e9 Mb/s: the mapping predicts about 1e-11 s per message, which
# any real exchange (shared memory: microseconds) exceeds by orders of
# magnitude; with --latency and the link's 10 ms latency the prediction is
# far above, and no warning.
set -u
RINGMAP=$1 ITERAPP=$2 WORK=$3
shift 3
fail() { echo "FAIL: $*" >&2; exit 1; }
mkdir -p "$WORK" && cd "$WORK" || exit 1
cat >fast2.gml <<'GML'
graph [
  directed 0
  node [ id 0 label "a" w 1 ]
  node [ id 1 label "b" w 1 ]
  edge [ source 0 target 1 bandwidth 1e9 latency 1e-2 ]
]
GML
"$RINGMAP" map fast2.gml --dc-dw 0.0064 --json fast2.json -q || fail "ringmap map"
[ "$(jq '.ring | length' fast2.json)" = 2 ] || fail "expected a ring of 2"
"$@" -np 2 "$ITERAPP" --mapping fast2.json --rows 40 --steps 10 --quiet 2>err.txt ||
  fail "iterapp: $(head -c 600 err.txt)"
grep -q "iterapp: warning: the measured communication, .* x its prediction .*: the mapping counts no latency" err.txt ||
  fail "no warning: $(head -c 600 err.txt)"
echo "ok: $(grep -o 'is [0-9.e+]* x its prediction' err.txt)"
"$RINGMAP" map fast2.gml --latency --dc 0.0128 --dw 2 --json lat2.json -q || fail "ringmap map --latency"
[ "$(jq '.ring | length' lat2.json)" = 2 ] || fail "expected a ring of 2 with the latency"
"$@" -np 2 "$ITERAPP" --mapping lat2.json --rows 40 --steps 10 --quiet 2>err2.txt ||
  fail "iterapp (latency): $(head -c 600 err2.txt)"
! grep -q 'measured communication' err2.txt || fail "a warning with the latency counted: $(cat err2.txt)"
echo "ok: no warning when the prediction counts the latency"
