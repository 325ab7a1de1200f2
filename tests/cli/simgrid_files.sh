# simgrid_files.sh — hardening: the files a SimGrid platform names (speed,
# bandwidth, latency, state and availability traces: speed_file=,
# bandwidth_file=, ...) obey the rules of every input file (docs/cli.md,
# "Input and output files"): a FIFO (SimGrid's open blocked for ever), a
# device, a directory or a file over 256 MiB (a 1 GiB sparse trace took
# 8.4 GB) is refused before SimGrid opens it, naming the platform's line, the
# attribute and the file; a regular trace still loads. SimGrid's loader (a
# forked child) ends with a killed ringmap instead of running on. The host
# cap at its boundary: a cluster of CAP hosts (RM_SIMGRID_MAX_HOSTS, the
# documented maximum) loads, CAP + 1 hosts are refused; the default pipeline
# maps the CAP-host cluster with SliceRing recorded as not run (its all-pairs
# tables do not fit in memory) instead of failing.
source "$(dirname "$0")/helpers.bash"

T=20
N=0
VMEM=1500000 # KiB of address space for one run
bounded() { # RC PATTERN DESCRIPTION ARGS...
    local want=$1 pat=$2 desc=$3
    shift 3
    (rm_ulimit_v $VMEM && exec timeout $T "$RINGMAP" "$@") </dev/null >"$TMP/out" 2>"$TMP/err"
    RC=$?
    [ "$RC" = "$want" ] || fail "$desc: exit $RC, expected $want (124: hung): $(head -c 300 "$TMP/err")"
    grep -qF -- "$pat" "$TMP/err" "$TMP/out" || fail "$desc: no '$pat' in: $(head -c 300 "$TMP/err")"
    ok "$desc: exit $RC, $(head -n 1 "$TMP/err")"
    N=$((N + 1))
}
platform() { # FILE HOST_ATTRS LINK_ATTRS
    cat >"$1" <<X
<?xml version='1.0'?>
<!DOCTYPE platform SYSTEM "https://simgrid.org/simgrid.dtd">
<platform version="4.1">
<zone id="z" routing="Full">
  <host id="A" speed="1Gf" $2/>
  <host id="B" speed="2Gf"/>
  <link id="l" bandwidth="125MBps" latency="0" $3/>
  <route src="A" dst="B"><link_ctn id="l"/></route>
</zone>
</platform>
X
}

mkdir "$TMP/tr" "$TMP/tr/dir"
printf '0 1.0\n10 0.5\n' >"$TMP/tr/ok.txt"
printf '0 0.001\n10 0.002\n' >"$TMP/tr/lat.txt"
cp "$TMP/tr/ok.txt" "$TMP/tr/bw.txt"
mkfifo "$TMP/tr/fifo.txt"
truncate -s 1G "$TMP/tr/huge.txt" # sparse: no disk space used
platform "$TMP/ok.xml" 'speed_file="tr/ok.txt"' 'bandwidth_file="tr/bw.txt" latency_file="tr/lat.txt"'
bounded 0 "<- chosen" "regular traces beside the platform" "$TMP/ok.xml"
for attr in speed_file state_file bandwidth_file latency_file; do
    for f in fifo.txt dir huge.txt /dev/zero; do
        name=tr/$f
        [ "$f" = /dev/zero ] && name=/dev/zero
        case $f in
        fifo.txt) pat="not a regular file (a FIFO)" ;;
        dir) pat="not a regular file (a directory)" ;;
        huge.txt) pat="1073741824 bytes, more than the limit of 256 MiB" ;;
        *) pat="not a regular file (a character device)" ;;
        esac
        case $attr in
        speed_file | state_file) platform "$TMP/p.xml" "$attr=\"$name\"" "" ; el=host ;;
        *) platform "$TMP/p.xml" "" "$attr=\"$name\"" ; el=link ;;
        esac
        bounded 2 "p.xml: line $([ $el = host ] && echo 5 || echo 7): <$el $attr=\"$name\">: " \
            "$attr $f" "$TMP/p.xml"
        grep -qF "$pat" "$TMP/err" || fail "$attr $f: no '$pat' in $(cat "$TMP/err")"
    done
done
# found from another directory too (the platform's directory is SimGrid's search path)
platform "$TMP/tr/../q.xml" 'speed_file="tr/fifo.txt"' ""
(cd / && bounded 2 "tr/fifo.txt: not a regular file (a FIFO)" "FIFO trace, run from /" "$TMP/q.xml")

# the loader ends with ringmap: a Floyd zone of 1500 routers keeps SimGrid
# busy for seconds; ringmap is killed while its child loads
awk 'BEGIN { n = 1500; print "<?xml version=\"1.0\"?>\n<!DOCTYPE platform SYSTEM \"https://simgrid.org/simgrid.dtd\">\n<platform version=\"4.1\">\n<zone id=\"z\" routing=\"Floyd\">";
             print "<host id=\"A\" speed=\"1Gf\"/>\n<host id=\"B\" speed=\"1Gf\"/>";
             for (i = 0; i < n; i++) printf "<router id=\"r%d\"/>\n", i;
             for (i = 0; i <= n; i++) printf "<link id=\"l%d\" bandwidth=\"125MBps\" latency=\"0\"/>\n", i;
             prev = "A"; for (i = 0; i <= n; i++) { next_ = (i < n) ? "r" i : "B";
               printf "<route src=\"%s\" dst=\"%s\"><link_ctn id=\"l%d\"/></route>\n", prev, next_, i; prev = next_ }
             print "</zone>\n</platform>" }' >"$TMP/floyd.xml"
"$RINGMAP" "$TMP/floyd.xml" >/dev/null 2>&1 &
P=$!
C=
for i in $(seq 200); do
    C=$(pgrep -P $P) && [ -n "$C" ] && break
    sleep 0.01
done
[ -n "$C" ] || { kill $P; wait $P 2>/dev/null; fail "no SimGrid loader child of ringmap seen"; }
sleep 0.2
kill -9 $P
wait $P 2>/dev/null
sleep 0.5
state=$(ps -o stat= -p "$C" 2>/dev/null | cut -c1)
kill -9 "$C" 2>/dev/null
case $state in
"" | Z) ok "the SimGrid loader ($C) ended with the killed ringmap (state '${state:-gone}')" ;;
*) fail "the SimGrid loader ($C) runs on after ringmap was killed (state $state)" ;;
esac
N=$((N + 1))

# the host cap, at its boundary: CAP hosts load (SimGrid's own host count; a
# cluster's hosts are signalled twice by SimGrid, which once refused 1025),
# CAP + 1 are refused, naming the cap, as soon as SimGrid creates the extra
# host; CAP is the one docs/simgrid.md gives and the reader enforces
CAP=$(sed -n 's/^#define RM_SIMGRID_MAX_HOSTS \([0-9]*\).*/\1/p' "$SRC/topo/io/readers.h")
[ -n "$CAP" ] || fail "no RM_SIMGRID_MAX_HOSTS in topo/io/readers.h"
grep -qF "At most $CAP hosts" "$SRC/docs/simgrid.md" || fail "docs/simgrid.md does not give the cap $CAP"
cluster() { # FILE HOSTS
    cat >"$1" <<X
<?xml version='1.0'?>
<!DOCTYPE platform SYSTEM "https://simgrid.org/simgrid.dtd">
<platform version="4.1">
<zone id="z" routing="Full">
  <cluster id="c" prefix="h" suffix="" radical="0-$(($2 - 1))" speed="1Gf" bw="125MBps" lat="0" bb_bw="1GBps" bb_lat="0"/>
</zone>
</platform>
X
}
cluster "$TMP/cap.xml" "$CAP"
if [ -n "${ASAN_OPTIONS:-}" ]; then # a sanitizer build (tools/ci-hardening)
    skip_part "a cluster of $CAP hosts: CAP^2 routes take minutes under the sanitizers (the plain build checks it)"
else
    T=120 # CAP^2 routes: seconds on a loaded machine
    bounded 0 "with a ring of 2 hosts" "a cluster of $CAP hosts (the cap) loads" eval "$TMP/cap.xml" --ring h0,h$((CAP - 1))
    grep -qF "h$((CAP - 1))" "$TMP/out" || fail "cap: host h$((CAP - 1)) not in the ring: $(head -c 300 "$TMP/out")"
    # the default pipeline maps it: SliceRing's all-pairs tables (about
    # 149 GiB) do not fit, so it is a step not run, SharedRing's ring stands
    ram_kb=$(awk '/^MemTotal:/ {print $2}' /proc/meminfo)
    if [ "${ram_kb:-0}" -gt 140000000 ]; then
        skip_part "the default pipeline on $CAP hosts: SliceRing's tables would fit in this machine's memory"
    else
        bounded 0 "not run: needs tables over every pair of the $CAP hosts" \
            "the default pipeline on $CAP hosts: SliceRing not run, SharedRing's ring handed on" map "$TMP/cap.xml"
        grep -qE "^T_step/D_w = [0-9.e+-]+ s/Mflop with a ring of [0-9]+ hosts" "$TMP/out" ||
            fail "the default pipeline on $CAP hosts printed no mapping: $(head -c 300 "$TMP/out")"
        grep -qE "^  SharedRing \(H2\): [0-9.e+-]+ s/Mflop, kept" "$TMP/out" ||
            fail "the default pipeline on $CAP hosts: SharedRing's ring not handed on"
    fi
fi
cluster "$TMP/over.xml" $((CAP + 1))
T=20
bounded 2 "more than $CAP hosts" "a cluster of $((CAP + 1)) hosts (cap + 1) is refused" eval "$TMP/over.xml" --ring h0,h1
# plain <host>s count once too (each signalled once): CAP + 1 refused
awk -v n=$((CAP + 1)) 'BEGIN { print "<?xml version=\"1.0\"?>\n<!DOCTYPE platform SYSTEM \"https://simgrid.org/simgrid.dtd\">\n<platform version=\"4.1\">\n<zone id=\"z\" routing=\"Full\">";
    for (i = 0; i < n; i++) printf "<host id=\"x%d\" speed=\"1Gf\"/>\n", i; print "</zone>\n</platform>" }' >"$TMP/hosts.xml"
bounded 2 "more than $CAP hosts" "$((CAP + 1)) <host>s are refused" eval "$TMP/hosts.xml" --ring x0,x1
echo "cases: $N"
finish_test
