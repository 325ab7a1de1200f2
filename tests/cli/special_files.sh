# special_files.sh — hardening: no crash or hang on special
# files: a platform path that is not a regular file (directory, FIFO,
# /dev/zero, a symlink to it) or is larger than the documented limit (256
# MiB, topo/input_file.h) gets exit 2 at once with a message naming it,
# for every extension of a format read from one file (the library's format
# table: .gml, .xml, .graphml, .tiers) and every command; never
# igraph's abort (exit 134) or a hang (timeout: exit 124).
source "$(dirname "$0")/helpers.bash"

N=0
T=20 # seconds: every case must end at once; 124 = it hung
special() { # DESCRIPTION PATTERN ARGS...
    local desc=$1 pat=$2
    shift 2
    timeout $T "$RINGMAP" "$@" >"$TMP/out" 2>"$TMP/err" </dev/null
    RC=$?
    [ "$RC" = 2 ] || fail "$desc: exit $RC, expected 2 (124: hung, 134: abort): $(head -c 300 "$TMP/err")"
    grep -q '^ringmap' "$TMP/err" || fail "$desc: no 'ringmap' message"
    grep -qF -- "$pat" "$TMP/err" || fail "$desc: message lacks '$pat': $(cat "$TMP/err")"
    ok "$desc: exit 2, $(head -n 1 "$TMP/err")"
    N=$((N + 1))
}

format_table >"$TMP/table" || exit 1
exts=$(awk -F'|' '$4 == 0 {print $2}' "$TMP/table" | tr ' ' '\n' | sed -n 's/^\.//p')
for ext in gml xml graphml tiers; do # the table has at least these
    grep -qx "$ext" <<<"$exts" || fail "no format of extension .$ext in the table"
done
for ext in $exts; do
    mkfifo "$TMP/fifo.$ext"
    mkdir "$TMP/dir.$ext"
    ln -s /dev/zero "$TMP/zero.$ext"
    special "directory *.$ext" "not a regular file (a directory)" "$TMP/dir.$ext"
    special "symlink to /dev/zero as *.$ext" "not a regular file (a character device)" "$TMP/zero.$ext"
    special "FIFO *.$ext" "not a regular file (a FIFO)" "$TMP/fifo.$ext"
    truncate -s 300M "$TMP/huge.$ext" # sparse: no disk space used
    special "300 MiB *.$ext" "more than the limit of 256 MiB" "$TMP/huge.$ext"
    rm -f "$TMP/huge.$ext"
done
special "sweep on a directory *.gml" "not a regular file" sweep "$TMP/dir.gml"
special "compare on /dev/zero" "not a regular file" compare "$TMP/zero.gml"
special "export-simgrid on a FIFO" "not a regular file" export-simgrid "$TMP/fifo.gml"

echo "new cases: $N"
