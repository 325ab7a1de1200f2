# bounded_inputs.sh — hardening: bounded time and memory for any input, and
# valid inputs accepted up to the documented limits (docs/cli.md, "Input and
# output files"; docs/formats.md; docs/measured-matrix.md). Every case runs
# under an address-space limit (ulimit -v) and a timeout: an input that
# grows without bound fails with "out of memory" or is killed (exit 124 or
# 137), never passes. CSV matrices and speeds obey the regular-file and
# 256 MiB rules of the platform files; standard input is read up to 256 MiB;
# a 4096-host matrix (the stated maximum) is read.
source "$(dirname "$0")/helpers.bash"

T=20        # seconds: every case ends long before
VMEM=800000 # KiB of address space for one run (the 4096-host matrix needs ~300 MB)
N=0
# bounded RC PATTERN DESCRIPTION ARGS... (standard input from $STDIN, default /dev/null)
bounded() {
    local want=$1 pat=$2 desc=$3
    shift 3
    (rm_ulimit_v $VMEM && exec timeout $T "$RINGMAP" "$@") <"${STDIN:-/dev/null}" >"$TMP/out" 2>"$TMP/err"
    RC=$?
    [ "$RC" = "$want" ] || fail "$desc: exit $RC, expected $want (124: hung): $(head -c 300 "$TMP/err")"
    grep -qF -- "$pat" "$TMP/err" "$TMP/out" || fail "$desc: no '$pat' in: $(head -c 300 "$TMP/err")"
    ok "$desc: exit $RC, $(head -n 1 "$TMP/err")"
    N=$((N + 1))
}

printf ',a,b\na,,10\nb,10,\n' >"$TMP/m.csv"
printf 'host,speed\na,1\nb,2\n' >"$TMP/s.csv"
mkfifo "$TMP/fifo.csv"
mkdir "$TMP/dir.csv"
truncate -s 300M "$TMP/huge.csv" # sparse
bounded 0 "<- chosen" "a small matrix" --bandwidth-matrix "$TMP/m.csv" --speeds "$TMP/s.csv"
for role in matrix speeds latency; do
    for bad in /dev/zero "$TMP/fifo.csv" "$TMP/dir.csv" "$TMP/huge.csv"; do
        m=$TMP/m.csv s=$TMP/s.csv lat=()
        case $role in
        matrix) m=$bad ;;
        speeds) s=$bad ;;
        latency) lat=(--latency-matrix "$bad") ;;
        esac
        pat="not a regular file"
        [ "$bad" = "$TMP/huge.csv" ] && pat="more than the limit of 256 MiB"
        bounded 2 "$pat" "$role $bad" --bandwidth-matrix "$m" --speeds "$s" "${lat[@]}"
    done
done
# standard input: a device refused, a pipe read up to 256 MiB, never copied without end
STDIN=/dev/zero bounded 2 "<stdin>: not a regular file (a character device)" \
    "matrix on standard input from /dev/zero" --bandwidth-matrix - --speeds "$TMP/s.csv"
mkfifo "$TMP/pipe"
cat /dev/zero >"$TMP/pipe" &
STDIN=$TMP/pipe bounded 2 "a field longer than 4096 characters" \
    "matrix on standard input: an endless field" --bandwidth-matrix - --speeds "$TMP/s.csv"
kill $! 2>/dev/null; wait 2>/dev/null
tr '\0' ',' </dev/zero >"$TMP/pipe" &
STDIN=$TMP/pipe bounded 2 "more than 16785409 cells (at most 4096 hosts)" \
    "matrix on standard input: endless empty cells" --bandwidth-matrix - --speeds "$TMP/s.csv"
kill $! 2>/dev/null; wait 2>/dev/null
for fmt in gml; do # the copy is the same for every format
    mkdir "$TMP/tmpdir.$fmt"
    head -c 300000000 /dev/zero >"$TMP/pipe" &
    STDIN=$TMP/pipe TMPDIR=$TMP/tmpdir.$fmt bounded 2 "<stdin>: more than the limit of 256 MiB" \
        "300 MB on standard input as $fmt" - --format $fmt
    kill $! 2>/dev/null; wait 2>/dev/null
    [ -z "$(ls -A "$TMP/tmpdir.$fmt")" ] || fail "standard input as $fmt: left in TMPDIR: $(ls "$TMP/tmpdir.$fmt")"
done

# GML: a 20 MiB label and a 20 MiB number (igraph's lexer is quadratic in a
# token's length: minutes), a distinct key per node (igraph stores every key
# for every node: 5 GB for 650 kB) — refused before igraph reads them
for what in label number; do
    {
        printf 'graph [\n  node [ id 0 w 1 label '
        if [ $what = label ]; then printf '"'; head -c 20971520 /dev/zero | tr '\0' x; printf '"'
        else printf '1'; head -c 20971520 /dev/zero | tr '\0' 0; fi
        printf ' ]\n  node [ id 1 w 1 ]\n  edge [ source 0 target 1 bandwidth 1 ]\n]\n'
    } >"$TMP/long.gml"
    bounded 2 "long.gml: line 2: a $([ $what = label ] && echo string || echo word) of more than 65536 bytes" \
        "GML: a 20 MiB $what" "$TMP/long.gml"
done
awk 'BEGIN { print "graph [\n  directed 0"; for (i = 0; i < 10000; i++) printf "  node [ id %d w 1 k%d 1 ]\n", i, i;
             for (i = 1; i < 10000; i++) printf "  edge [ source 0 target %d bandwidth 10 ]\n", i; print "]" }' >"$TMP/keys.gml"
bounded 2 "keys.gml: 10002 distinct node keys over 10000 nodes" "GML: a distinct key per node (10000 nodes)" "$TMP/keys.gml"

# the stated maximum: 4096 hosts (a star: host h0 linked to every other)
awk 'BEGIN { n = 4096; printf ""; for (j = 0; j < n; j++) printf ",h%d", j; printf "\n";
             for (i = 0; i < n; i++) { printf "h%d", i;
               for (j = 0; j < n; j++) printf ",%s", (i != j && (i == 0 || j == 0)) ? "100" : ""; printf "\n" } }' \
    >"$TMP/big.csv"
awk 'BEGIN { print "host,speed"; for (i = 0; i < 4096; i++) printf "h%d,%d\n", i, 10 + i % 7 }' >"$TMP/bigs.csv"
# 8 s of CPU, 32 s of wall time on a 2-core machine at load 16: its own limit
T=180 bounded 0 "<- chosen" "4096-host matrix (the maximum)" --bandwidth-matrix "$TMP/big.csv" \
    --speeds "$TMP/bigs.csv" --max-q 2
sed -i '1s/$/,h4096/' "$TMP/big.csv"
bounded 2 "at most 4096" "4097 hosts in the header" --bandwidth-matrix "$TMP/big.csv" \
    --speeds "$TMP/bigs.csv" --max-q 2

# generated platforms: linear in their size (the MAN meshes' adjacency
# test scanned every edge so far: 100,000 MANs took minutes)
bounded 0 "ringmap generate: " "generate tiers --man 100000" generate tiers --man 100000 --lan 1 -o "$TMP/gen.gml"
grep -q "^  node \[" "$TMP/gen.gml" || fail "generate tiers --man 100000: no node in the output"

echo "cases: $N"
