# badmapping.sh — the table of hostile mapping JSON files (tests/data/badmap/
# MANIFEST.tsv: no silent wrong reading) through `ringmap export-simgrid
# platforms/test/star3.gml MAPPING` and, when built, `iterapp --mapping
# MAPPING`: a refused file gives exit 2 and a message naming the file and
# the element (never a ring read as something else: a string, real or
# missing "node" taken as node 0, a host twice in the ring); an accepted one
# exports a well-formed SimGrid XML (xmllint). Also the special files of
# class 2 given as the mapping (directory, FIFO, /dev/zero: exit 2 at once).
source "$(dirname "$0")/helpers.bash"

BAD="$SRC/tests/data/badmap"
STAR="$SRC/platforms/test/star3.gml"
ITERAPP="$(dirname "$RINGMAP")/iterapp/iterapp"
[ -x "$ITERAPP" ] || { skip_part "$ITERAPP not built (RINGMAP_MPI off): export-simgrid only"; ITERAPP=; }
n=0
while IFS=$'\t' read -r file status frag; do
    case $file in '#'* | '') continue ;; esac
    n=$((n + 1))
    if [ "$status" = OK ]; then
        expect_exit 0 "$file (accepted)" export-simgrid "$STAR" "$BAD/$file" -o "$TMP/ok.xml"
        xmllint --noout "$TMP/ok.xml" || fail "$file: export not well-formed XML"
        continue
    fi
    expect_exit 2 "export-simgrid $file" export-simgrid "$STAR" "$BAD/$file" -o "$TMP/x.xml"
    grep -qF -- "$frag" "$TMP/err" && grep -qF -- "$file" "$TMP/err" ||
        fail "$file: message lacks '$frag' or the file name: $(cat "$TMP/err")"
    [ ! -e "$TMP/x.xml" ] || fail "$file: an XML was written"
    if [ -n "$ITERAPP" ]; then
        timeout 30 "$ITERAPP" --mapping "$BAD/$file" --steps 1 --quiet >"$TMP/out" 2>"$TMP/err" </dev/null
        rc=$?
        [ "$rc" = 2 ] || fail "iterapp $file: exit $rc, expected 2: $(cat "$TMP/err")"
        grep -qF -- "$frag" "$TMP/err" || fail "iterapp $file: message lacks '$frag': $(cat "$TMP/err")"
        ok "iterapp $file (exit 2)"
    fi
done <"$BAD/MANIFEST.tsv"
[ "$n" -ge 30 ] || fail "only $n entries in MANIFEST.tsv"
ok "$n table entries through the commands"

mkdir "$TMP/dir.json"
mkfifo "$TMP/fifo.json"
for m in "$TMP/dir.json" "$TMP/fifo.json" /dev/zero; do
    timeout 20 "$RINGMAP" export-simgrid "$STAR" "$m" -o "$TMP/s.xml" >"$TMP/out" 2>"$TMP/err" </dev/null
    rc=$?
    [ "$rc" = 2 ] && grep -q "not a regular file" "$TMP/err" || fail "export-simgrid MAPPING=$m: exit $rc (124: hung): $(cat "$TMP/err")"
    ok "export-simgrid with the mapping $m: exit 2, $(cat "$TMP/err")"
    if [ -n "$ITERAPP" ]; then
        timeout 20 "$ITERAPP" --mapping "$m" --quiet >"$TMP/out" 2>"$TMP/err" </dev/null
        rc=$?
        [ "$rc" = 2 ] && grep -q "not a regular file" "$TMP/err" || fail "iterapp --mapping $m: exit $rc (124: hung): $(cat "$TMP/err")"
        ok "iterapp --mapping $m: exit 2"
    fi
done
finish_test
