#!/usr/bin/env bash
# launch_test.sh RINGMAP PROBE EXAMPLE SOURCE_ROOT WORKDIR — the launch files
# of `ringmap map` start MPI rank k on ring position k's host (docs/launch.md).
# Open MPI: every host of the ring is aliased to this machine by a stand-in
# for ssh (plm_rsh_agent) that runs Open MPI's daemon locally with
# RM_LAUNCH_HOST set to the host it was asked for; the probe prints it.
#  - --rankfile: mpirun --rankfile;  --hostfile: mpirun --hostfile;
#  - the ring communicator example runs on the rankfile (token around the ring).
# SMPI (when smpicc/smpirun are installed): the --machinefile given to smpirun
# on the platform of `ringmap export-simgrid`; the probe prints the SimGrid
# host (processor name).
set -u
RINGMAP=$1 PROBE=$2 EXAMPLE=$3 SRC=$4 WORK=$5
fail() { echo "FAIL: $*" >&2; exit 1; }
mkdir -p "$WORK" && cd "$WORK" || exit 1
ip link set lo up 2>/dev/null || true
PLAT=$SRC/tests/data/star4.gml
"$RINGMAP" map "$PLAT" --dc-dw 0.01 --json ring.json --hostfile ring.hosts \
  --rankfile ring.rankfile --machinefile ring.machines -q || fail "ringmap map"
jq -r '.ring[].label' ring.json >labels.txt
Q=$(wc -l <labels.txt)
[ "$Q" -ge 3 ] || fail "expected a ring of at least 3 hosts, got $Q"
awk '{print "rank " NR-1 " host " $0}' labels.txt >expected.txt

cat >fakessh <<'SH'
#!/bin/sh
# stand-in for ssh: run the "remote" command here, telling it its host
while [ $# -gt 0 ]; do case "$1" in -*) shift ;; *) break ;; esac; done
host=$1; shift
exec env RM_LAUNCH_HOST="$host" sh -c "$*"
SH
chmod +x fakessh
MPIRUN=(mpirun --allow-run-as-root --oversubscribe --bind-to none
  --mca plm_rsh_agent "$PWD/fakessh" --mca plm_rsh_no_tree_spawn 1
  --mca btl self,vader,tcp --mca btl_tcp_if_include lo --mca oob_tcp_if_include lo)

# mpirun with the ssh stand-in: one retry when the launch itself times out
# (exit 124: seen once in ~20 runs on a 2-core machine at load 12-16, the
# daemons never reporting back); any other failure fails at once.
mpirun_try() { # OUT ERR MPIRUN-ARGS...
  local out=$1 err=$2 rc=0; shift 2
  timeout 60 "${MPIRUN[@]}" "$@" >"$out" 2>"$err" || rc=$?
  if [ "$rc" = 124 ]; then
    echo "note: mpirun timed out after 60 s; retrying once" >&2
    rc=0; timeout 90 "${MPIRUN[@]}" "$@" >"$out" 2>"$err" || rc=$?
  fi
  return "$rc"
}

check() { # FILE DESCRIPTION
  sort -k2,2n "$1" >"$1.sorted"
  diff expected.txt "$1.sorted" >/dev/null ||
    fail "$2: ranks not on their ring hosts: $(paste -d'|' expected.txt "$1.sorted")"
  echo "ok: $2: rank k on ring position k's host ($(tr '\n' ' ' <labels.txt))"
}
mpirun_try rf.out rf.err -np "$Q" --rankfile ring.rankfile "$PROBE" ||
  fail "mpirun --rankfile: $(head -c 600 rf.err)"
check rf.out "Open MPI --rankfile"
mpirun_try hf.out hf.err -np "$Q" --hostfile ring.hosts "$PROBE" ||
  fail "mpirun --hostfile: $(head -c 600 hf.err)"
check hf.out "Open MPI --hostfile"
# (the example maps the platform itself with the same D_c/D_w: the same ring)
mpirun_try ex.out ex.err -np "$Q" --rankfile ring.rankfile "$EXAMPLE" "$PLAT" 0.01 ||
  fail "ring_comm_example on the rankfile: $(head -c 600 ex.err)"
[ "$(grep -c 'token from .* ok' ex.out)" = "$Q" ] || fail "ring_comm_example: $(cat ex.out)"
echo "ok: ring_comm_example on the rankfile: $Q tokens around the ring"

if command -v smpicc >/dev/null && command -v smpirun >/dev/null; then
  smpicc -O1 "$SRC/iterapp/launch_probe.c" -o probe_smpi 2>smpicc.err || fail "smpicc: $(cat smpicc.err)"
  "$RINGMAP" export-simgrid "$PLAT" ring.json -o ring.xml || fail "export-simgrid"
  smpirun -platform ring.xml -hostfile ring.machines -np "$Q" --log=root.thres:critical \
    ./probe_smpi >smpi.out 2>smpi.err || fail "smpirun: $(head -c 600 smpi.err)"
  check smpi.out "SMPI --machinefile"
else
  echo "note: SMPI not installed, its part is not run"
fi
