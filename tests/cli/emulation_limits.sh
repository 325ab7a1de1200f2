# emulation_limits.sh — hardening (bounded time and memory): iterapp's and
# ringmap-measure's emulation specs and integer options. A spec's factors
# whose product is huge (`load 0 0 1e300` slept for ever), a spec whose
# emulated run would last more than a day, a spec that is a FIFO (the open
# blocked) and iterapp's --period 2^61 (its buffers' size wrapped: a heap
# overflow) give exit 2 at once with a message naming the spec's line or the
# option; ringmap-measure's host cycle-time 1e300 and link bandwidth 1e-300
# likewise. Singleton runs (no mpirun); SKIP when the MPI apps are not built.
source "$(dirname "$0")/helpers.bash"

ITERAPP="$(dirname "$RINGMAP")/iterapp/iterapp"
MEASURE="$(dirname "$RINGMAP")/measure/ringmap-measure"
[ -x "$ITERAPP" ] && [ -x "$MEASURE" ] || { echo "SKIP: iterapp or ringmap-measure not built"; exit 77; }
N=0
T=30 # every case ends at once; 124 = it hung
app() { # BINARY EXPECTED_EXIT PATTERN DESCRIPTION ARGS...
    local bin=$1 want=$2 pat=$3 desc=$4
    shift 4
    if [ -n "${NOLIMIT:-}" ]; then # mpirun reserves more address space than any limit
        timeout $T "$bin" "$@" >"$TMP/out" 2>"$TMP/err" </dev/null
    else
        (rm_ulimit_v 2000000 && exec timeout $T "$bin" "$@") >"$TMP/out" 2>"$TMP/err" </dev/null
    fi
    RC=$?
    [ "$RC" = "$want" ] || fail "$desc: exit $RC, expected $want (124: hung, 134/139: crashed): $(head -c 300 "$TMP/err")"
    [ -z "$pat" ] || grep -qF -- "$pat" "$TMP/err" || fail "$desc: message lacks '$pat': $(cat "$TMP/err")"
    ok "$desc: exit $RC $(head -n 1 "$TMP/err")"
    N=$((N + 1))
}

W=(--weights 1 --steps 2 --quiet)
app "$ITERAPP" 2 "--period 2305843009213693952: expected an integer in [1, 10^9]" \
    "iterapp --period 2^61 (was a heap overflow)" "${W[@]}" --balance static --period 2305843009213693952
app "$ITERAPP" 0 "" "iterapp --period 10^9 on 2 steps (buffers of 2 steps)" \
    "${W[@]}" --balance static --period 1000000000
printf 'load 0 0 1e300\n' >"$TMP/huge.spec"
app "$ITERAPP" 2 "huge.spec:1: load 0 0 1e+300: position 0's factors (cliff 1 x load 1e+300) are more than 1e+06" \
    "iterapp spec load 1e300 (slept for ever)" "${W[@]}" --emulate "$TMP/huge.spec"
printf 'cliff 0 1 1e4\nload 0 0 1e3\n' >"$TMP/prod.spec"
app "$ITERAPP" 2 "prod.spec:2: load 0 0 1000: position 0's factors (cliff 10000 x load 1000) are more than 1e+06" \
    "iterapp spec: a product of factors over 10^6" "${W[@]}" --emulate "$TMP/prod.spec"
printf 'load 0 0 1e6\n' >"$TMP/day.spec"
app "$ITERAPP" 2 "ring position 0 (factor 1e+06) could run" \
    "iterapp spec: an emulated run of more than a day" --weights 1 --steps 100000 --quiet --emulate "$TMP/day.spec"
grep -qF "more than one day" "$TMP/err" || fail "day.spec: $(cat "$TMP/err")"
mkfifo "$TMP/fifo.spec"
app "$ITERAPP" 2 "fifo.spec: not a regular file (a FIFO)" "iterapp spec a FIFO (blocked)" "${W[@]}" --emulate "$TMP/fifo.spec"

printf 'host 0 w 1e300\n' >"$TMP/w.emu"
app "$MEASURE" 2 "host 0 (w 1e+300 s/Mflop) would compute" "ringmap-measure host w 1e300 (slept for ever)" \
    --emulate "$TMP/w.emu" -o "$TMP/m.gml" --quiet
# links need two ranks
MPIRUN=$(command -v mpirun) || { echo "SKIP: mpirun not found"; exit 77; }
MPI=(--allow-run-as-root --oversubscribe --mca btl self,vader -np 2 "$MEASURE")
printf 'link 0 1 1e-300 0\n' >"$TMP/b.emu"
NOLIMIT=1 app "$MPIRUN" 2 "link 0-1 (1e-300 Mb/s, 0 s) would take" "ringmap-measure link 1e-300 Mb/s" \
    "${MPI[@]}" --emulate "$TMP/b.emu" -o "$TMP/m.gml" --quiet
printf 'link 0 1 100 1e300\n' >"$TMP/l.emu"
NOLIMIT=1 app "$MPIRUN" 2 "link 0-1 (100 Mb/s, 1e+300 s) would take" "ringmap-measure link latency 1e300 s" \
    "${MPI[@]}" --emulate "$TMP/l.emu" -o "$TMP/m.gml" --quiet
mkfifo "$TMP/fifo.emu"
app "$MEASURE" 2 "fifo.emu: not a regular file (a FIFO)" "ringmap-measure spec a FIFO" \
    --emulate "$TMP/fifo.emu" -o "$TMP/m.gml" --quiet
echo "cases: $N"
