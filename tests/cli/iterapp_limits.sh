# iterapp_limits.sh — hardening (overflows and endless loops): iterapp's integer options and the
# column allocation on extreme numbers. Each case gives exit 2 at once with a
# message naming the option (never a heap overflow, a value silently
# wrapped, an endless allocation loop or an endless sleep), or, for the
# valid extreme ratios, the right answer at once. Singleton MPI runs (no
# mpirun); SKIP when iterapp is not built (RINGMAP_MPI off).
source "$(dirname "$0")/helpers.bash"

ITERAPP="$(dirname "$RINGMAP")/iterapp/iterapp"
[ -x "$ITERAPP" ] || { echo "SKIP: $ITERAPP not built"; exit 77; }
N=0
T=30 # every case must end at once; 124 = it hung
it() { # EXPECTED_EXIT PATTERN DESCRIPTION ARGS...
    local want=$1 pat=$2 desc=$3
    shift 3
    timeout $T "$ITERAPP" "$@" >"$TMP/out" 2>"$TMP/err" </dev/null
    RC=$?
    [ "$RC" = "$want" ] || fail "$desc: exit $RC, expected $want (124: hung, 139: crashed): $(head -c 300 "$TMP/err")"
    [ -z "$pat" ] || grep -qF -- "$pat" "$TMP/err" || fail "$desc: message lacks '$pat': $(cat "$TMP/err")"
    ok "$desc: exit $RC $(head -n 1 "$TMP/err")"
    N=$((N + 1))
}

W=--weights
it 2 "--cols" "--cols 2^63-1 (was a heap overflow)" $W 1 --cols 9223372036854775807 --steps 1 --quiet
it 2 "--cols" "--cols summing past 2^63" $W 1,1 --cols 4611686018427387904,4611686018427387904 --quiet
it 2 "--cols" "--cols 2^28 x 2 rows over the cell limit" $W 1,1 --cols 268435456,268435456 --quiet
it 2 "--placement" "--placement 4294967296 (was taken as 0)" $W 1 --placement 4294967296 --steps 1 --quiet
it 2 "--placement" "--placement -2" $W 1 --placement -2 --steps 1 --quiet
it 2 "--total-cols" "--total-cols near 2^63 (was an endless allocation)" $W 1,2 --total-cols 9223372036854775000 --quiet
it 2 "--rows" "--rows near 2^63" $W 1,2 --rows 9223372036854775000 --quiet
it 2 "2^28 grid cells" "--rows 2^20 --total-cols 2^20" $W 1,2 --rows 1048576 --total-cols 1048576 --quiet
it 2 "--steps" "--steps 2^62" $W 1 --steps 4611686018427387904 --quiet
it 2 "more than one day" "--time-scale 1e308 --emulate (was an endless sleep)" $W 2 --emulate --time-scale 1e308 --steps 1 --quiet
it 2 "more than one day" "--emulate 10^9 steps" $W 2 --emulate --steps 1000000000 --quiet

echo "--- valid extreme ratios: the allocation answers at once"
# one process: the allocation runs, then the ring of 2 needs 2 processes
it 2 "needs at least 2 MPI processes" "cycle-time ratio 1e18 (was an endless allocation)" $W 1e-18,1 --rows 3 --total-cols 1000000 --steps 1 --quiet
it 2 "needs at least 2 MPI processes" "w 1e-300" $W 1e-300,1 --rows 3 --total-cols 1000 --steps 1 --quiet
if command -v mpirun >/dev/null; then
    timeout 120 mpirun --allow-run-as-root --oversubscribe --mca btl self,vader -np 2 "$ITERAPP" $W 1e-18,1 \
        --rows 3 --total-cols 1000000 --steps 1 --json "$TMP/r.json" --quiet >"$TMP/out" 2>"$TMP/err" </dev/null ||
        fail "mpirun -np 2 ratio 1e18: exit $?: $(head -c 300 "$TMP/err")"
    jcheck "$TMP/r.json" "ratio 1e18 under mpirun -np 2: columns (999999, 1)" '[.. | objects | select(has("cols")) | .cols] == [999999, 1]'
    N=$((N + 1))
else
    skip_part "mpirun is not installed (the 2-process run)"
fi

echo "--- a mapping whose D_c/D_w asks for an impossible grid"
jq ".params.dc_dw = 1e-300" "$SRC/tests/data/badmap/ok_q1.json" >"$TMP/tiny.json"
it 2 "2^28 grid cells" "mapping dc_dw 1e-300 (was a 256x1 grid and exit 0)" --mapping "$TMP/tiny.json" --steps 1 --quiet
echo "new cases: $N"
finish_test
