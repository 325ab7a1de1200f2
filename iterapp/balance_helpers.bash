# balance_helpers.bash — the shared setup of iterapp's --balance tests under
# Open MPI (balance_test.sh, balance_overlap_test.sh); sourced, not a test.
# Usage in a test: NP=4; source "$(dirname "$0")/balance_helpers.bash" "$@"
# with the test's arguments ITERAPP SOURCE_DIR WORKDIR. Provides IT, SRC, W
# (the working folder, made and entered), TD (iterapp/testdata), MPIRUN (NP
# processes), fail, and run JSON ARGS... (iterapp --quiet --json JSON ARGS
# under mpirun within 100 s; a failure prints its output and fails). Exits 77
# (skipped) without jq.
set -u
IT=$1 SRC=$2 W=$3
mkdir -p "$W" && cd "$W" || exit 1
command -v jq >/dev/null || { echo "SKIP: jq not installed"; exit 77; }
MPIRUN=(mpirun --allow-run-as-root --oversubscribe --mca btl self,vader -np "$NP")
TD=$SRC/iterapp/testdata
fail() { echo "FAIL: $*" >&2; exit 1; }
run() { # JSON ARGS...
  local j=$1; shift
  local rc=0
  timeout 100 "${MPIRUN[@]}" "$IT" --quiet --json "$j" "$@" >run.out 2>run.err || rc=$?
  [ "$rc" = 0 ] || { cat run.out run.err; fail "iterapp $* exited $rc (124: killed by the 100 s timeout)"; }
}
