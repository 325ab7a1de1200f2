# outputs.sh — hardening: no output destroys data (cli/outfile.c):
# every output (--json, --dot, --svg, sweep --csv/--json/--plot,
# export-simgrid -o/--hostfile, generate -o) refuses the input file and a
# directory before any computation (exit 2, input unchanged), is written
# through a temporary file renamed at the end (a failed write or a failed
# tool leaves the previous file intact and no temporary file behind), and
# reports write errors (/dev/full, a file size limit) with a non-zero exit.
# Also class 1 (a picture name starting with '-' is never taken for an
# option of dot) and class 2 for the mapping inputs.
source "$(dirname "$0")/helpers.bash"

N=0 # new cases, counted for the issue's note
STAR="$TMP/star.gml"
write_star3 "$STAR"
cp "$STAR" "$TMP/star.orig"
same_star() { cmp -s "$STAR" "$TMP/star.orig" || fail "$1: the input platform was modified"; }
no_temp() { # DIR DESCRIPTION: no temporary file left behind
    ! ls -A "$1" | grep -q '^\.ringmap-tmp-' || fail "$2: a temporary file was left in $1: $(ls -A "$1")"
}

echo "--- an output that is the input platform: exit 2 at once, platform unchanged"
for opt in --json --dot --svg; do
    expect_bad "refusing to overwrite" "map $opt INPUT" "$STAR" $opt "$STAR"
    same_star "map $opt INPUT"
    N=$((N + 1))
done
ln -s "$STAR" "$TMP/alias.gml"
expect_bad "refusing to overwrite" "map --json via a symlink to the input" "$STAR" --json "$TMP/alias.gml"
same_star "symlink"
ln "$STAR" "$TMP/hard.gml"
expect_bad "refusing to overwrite" "map --json a hard link of the input" "$TMP/hard.gml" --json "$STAR"
same_star "hard link"
expect_bad "refusing to overwrite" "sweep --csv INPUT" sweep "$STAR" --csv "$STAR"
expect_bad "refusing to overwrite" "sweep --json INPUT" sweep "$STAR" --json "$STAR"
expect_bad "refusing to overwrite" "export-simgrid -o INPUT" export-simgrid "$STAR" -o "$STAR"
expect_bad "refusing to overwrite" "export-simgrid --hostfile INPUT" export-simgrid "$STAR" --hostfile "$STAR"
same_star "sweep/export-simgrid"
N=$((N + 7))
"$RINGMAP" "$STAR" --dc-dw 0.01 --json "$TMP/map.json" --quiet || fail "map --json"
cp "$TMP/map.json" "$TMP/map.orig"
expect_bad "refusing to overwrite" "export-simgrid -o MAPPING.json" export-simgrid "$STAR" "$TMP/map.json" -o "$TMP/map.json"
cmp -s "$TMP/map.json" "$TMP/map.orig" || fail "export-simgrid -o MAPPING.json: the mapping was modified"
N=$((N + 1))

echo "--- a directory, two outputs to one file, a control character"
mkdir "$TMP/adir"
expect_bad "is a directory" "map --json DIR" "$STAR" --json "$TMP/adir"
expect_bad "is a directory" "map --svg DIR" "$STAR" --svg "$TMP/adir"
expect_bad "is a directory" "export-simgrid -o DIR" export-simgrid "$STAR" -o "$TMP/adir"
expect_bad "is a directory" "generate -o DIR" generate tiers -o "$TMP/adir"
expect_bad "both write" "--json and --dot to one file" "$STAR" --json "$TMP/x.out" --dot "$TMP/x.out"
expect_bad "control character" "--plot name with a newline" sweep "$STAR" --plot "$TMP/$(printf 'a\nb').png"
LONG=$(printf 'x%.0s' $(seq 300))
expect_bad "file name too long" "--json with a 300-byte file name (found by fuzz_cli)" "$STAR" --json "$TMP/$LONG.json"
N=$((N + 7))

echo "--- write errors are reported (exit != 0), never a silent exit 0"
for args in "export-simgrid $STAR" "$STAR --json -" "$STAR" "sweep $STAR --dc-dw 0.01 --csv -" "generate tiers --seed 1"; do
    # shellcheck disable=SC2086
    "$RINGMAP" $args >/dev/full 2>"$TMP/err"
    rc=$?
    [ "$rc" != 0 ] || fail "'ringmap $args > /dev/full' exit 0"
    grep -q "No space left\|cannot write\|write error" "$TMP/err" || fail "'ringmap $args > /dev/full': no message: $(cat "$TMP/err")"
    ok "ringmap $args > /dev/full: exit $rc, '$(head -n 1 "$TMP/err")'"
    N=$((N + 1))
done
expect_exit 1 "--json /dev/full" "$STAR" --json /dev/full --quiet
expect_exit 1 "export-simgrid -o /dev/full" export-simgrid "$STAR" -o /dev/full
N=$((N + 2))

echo "--- a failed write leaves the previous file intact and no temporary file"
mkdir "$TMP/w"
"$RINGMAP" "$STAR" --json "$TMP/w/m.json" --quiet || fail "first --json"
cp "$TMP/w/m.json" "$TMP/w/m.prev"
# a file size limit of 1 kB: the JSON (about 2 kB) cannot be written
(ulimit -f 1; trap '' XFSZ; exec "$RINGMAP" "$STAR" --dc-dw 0.02 --json "$TMP/w/m.json" --quiet) 2>"$TMP/err"
rc=$?
[ "$rc" = 1 ] || fail "--json over the file size limit: exit $rc, expected 1: $(cat "$TMP/err")"
grep -q "cannot write" "$TMP/err" || fail "--json over the size limit: no message"
cmp -s "$TMP/w/m.json" "$TMP/w/m.prev" || fail "--json over the size limit: previous JSON damaged"
jq -e .ring "$TMP/w/m.json" >/dev/null || fail "previous JSON no longer valid"
no_temp "$TMP/w" "--json over the size limit"
ok "--json over a file size limit: exit 1, previous JSON intact, no temporary file"
(ulimit -f 1; trap '' XFSZ; exec "$RINGMAP" export-simgrid "$STAR" "$TMP/map.json" -o "$TMP/w/p.xml") 2>"$TMP/err"
rc=$?
[ "$rc" = 1 ] && [ ! -e "$TMP/w/p.xml" ] || fail "export-simgrid over the size limit: exit $rc, file left: $(ls "$TMP/w")"
no_temp "$TMP/w" "export-simgrid over the size limit"
ok "export-simgrid -o over a file size limit: exit 1, nothing left"
N=$((N + 2))

echo "--- --svg: a failing or missing 'dot' leaves the previous SVG"
mkdir "$TMP/fakebin" "$TMP/nobin"
printf '#!/bin/sh\nexit 3\n' >"$TMP/fakebin/dot"
chmod +x "$TMP/fakebin/dot"
echo '<svg>previous</svg>' >"$TMP/w/p.svg"
PATH="$TMP/fakebin:$PATH" "$RINGMAP" "$STAR" --svg "$TMP/w/p.svg" --quiet 2>"$TMP/err"
rc=$?
[ "$rc" = 1 ] || fail "--svg with a failing dot: exit $rc"
grep -q previous "$TMP/w/p.svg" || fail "--svg with a failing dot: previous SVG damaged ($(wc -c <"$TMP/w/p.svg") bytes)"
no_temp "$TMP/w" "--svg with a failing dot"
ok "--svg with a failing dot: exit 1, previous SVG intact"
PATH="$TMP/nobin" "$RINGMAP" "$STAR" --svg "$TMP/w/p.svg" --quiet 2>"$TMP/err"
rc=$?
[ "$rc" = 0 ] && grep -q "not installed" "$TMP/err" || fail "--svg without dot: exit $rc: $(cat "$TMP/err")"
grep -q previous "$TMP/w/p.svg" || fail "--svg without dot: previous SVG deleted"
ok "--svg without dot: message, previous SVG intact"
N=$((N + 2))
if command -v gnuplot >/dev/null; then
    printf '#!/bin/sh\nexit 1\n' >"$TMP/fakebin/gnuplot"
    chmod +x "$TMP/fakebin/gnuplot"
    echo previous >"$TMP/w/s.png"
    PATH="$TMP/fakebin:$PATH" "$RINGMAP" sweep "$STAR" --dc-dw 0.01 --plot "$TMP/w/s.png" -q 2>"$TMP/err"
    rc=$?
    [ "$rc" = 1 ] && grep -q previous "$TMP/w/s.png" || fail "--plot with a failing gnuplot: exit $rc, previous picture damaged"
    no_temp "$TMP/w" "--plot with a failing gnuplot"
    ok "--plot with a failing gnuplot: exit 1, previous picture intact"
    N=$((N + 1))
else
    skip_part "gnuplot is not installed (--plot outputs)"
fi

echo "--- outputs through symlinks and to non-regular files"
ln -s m.json "$TMP/w/link.json"
"$RINGMAP" "$STAR" --dc-dw 0.03 --json "$TMP/w/link.json" --quiet || fail "--json through a symlink"
[ -L "$TMP/w/link.json" ] || fail "--json through a symlink: the symlink was replaced"
jcheck "$TMP/w/m.json" "--json through a symlink writes its target" '.params.dc_dw == 0.03'
"$RINGMAP" "$STAR" --json /dev/null --quiet || fail "--json /dev/null"
[ -c /dev/null ] || fail "/dev/null is no longer a device"
"$RINGMAP" "$STAR" --dot /dev/stdout --quiet | grep -q '^graph' || fail "--dot /dev/stdout"
ok "--json /dev/null, --dot /dev/stdout written directly"
chmod 640 "$TMP/w/m.json"
"$RINGMAP" "$STAR" --json "$TMP/w/m.json" --quiet || fail "--json over a 640 file"
[ "$(stat -c %a "$TMP/w/m.json")" = 640 ] || fail "--json: mode of the previous file not kept"
ok "--json keeps the mode of the file it replaces"
N=$((N + 3))

echo "--- class 1: picture names starting with '-' are files, never options of dot"
if command -v dot >/dev/null; then
    (cd "$TMP/w" && timeout 60 "$RINGMAP" "$STAR" --dot -V --svg -x.svg --quiet </dev/null) 2>"$TMP/err"
    rc=$?
    [ "$rc" = 0 ] || fail "--dot -V --svg -x.svg: exit $rc: $(cat "$TMP/err")"
    grep -q '^graph' "$TMP/w/-V" || fail "--dot -V: no DOT file named -V"
    xmllint --noout "$TMP/w/-x.svg" || fail "--svg -x.svg: not well-formed XML"
    grep -q '<svg' "$TMP/w/-x.svg" || fail "--svg -x.svg: no SVG"
    ok "--dot -V --svg -x.svg: a DOT file '-V' and a well-formed SVG '-x.svg'"
    (cd "$TMP/w" && timeout 60 "$RINGMAP" "$STAR" --dot -x.dot --svg s2.svg --quiet </dev/null) 2>"$TMP/err"
    rc=$?
    [ "$rc" = 0 ] && grep -q '<svg' "$TMP/w/s2.svg" || fail "--dot -x.dot --svg: exit $rc (124: hung)"
    ok "--dot -x.dot --svg s2.svg: no hang, SVG written"
    N=$((N + 2))
else
    skip_part "Graphviz dot is not installed (picture names)"
fi

echo "new cases: $N"
finish_test
