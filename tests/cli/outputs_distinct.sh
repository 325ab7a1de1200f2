# outputs_distinct.sh — outputs never clobber each other or the inputs,
# whatever their spelling: two outputs naming one file ('a.json' and
# './a.json', a dangling symlink and its target, two hard links), two
# outputs on standard output ('-' twice), export-simgrid's -o and
# --hostfile, sweep's --csv and its --plot script, iterapp's --json over
# its --mapping, ringmap-measure's -o over its --emulate spec: exit 2
# before any computation, no output written and the existing files as they
# were. A newline in the platform's file name does not start a line of the
# hostfile or rankfile. SIGINT while writing leaves no .ringmap-tmp-* file.
source "$(dirname "$0")/helpers.bash"

P="$SRC/platforms/test/star3.gml"
cd "$TMP" || fail "cd"
expect_bad "both write one file" "--json a.json --dot ./a.json" "$P" --json a.json --dot ./a.json
[ ! -e a.json ] || fail "an output was written"
mkdir d
expect_bad "both write one file" "--json a.json --dot d/../a.json" "$P" --json a.json --dot d/../a.json
ln -s target.json link.json
expect_bad "both write one file" "--json target.json --dot link.json (dangling symlink)" \
    "$P" --json target.json --dot link.json
[ ! -e target.json ] || fail "the symlink's target was written"
echo keep >h1
ln h1 h2
expect_bad "both write one file" "--json h1 --dot h2 (hard links)" "$P" --json h1 --dot h2
[ "$(cat h1)" = keep ] || fail "the hard-linked file was changed"
expect_bad "standard output" "--svg - --json -" "$P" --svg - --json -
expect_bad "standard output" "--dot - --json -" "$P" --dot - --json -
expect_bad "standard output" "--json - --dot /dev/stdout" "$P" --json - --dot /dev/stdout
expect_bad "both write one file" "--json x.json --hostfile ./x.json" "$P" --json x.json --hostfile ./x.json
expect_bad "is the input file" "--json ./star3.gml over its input" \
    "$(cp "$P" star3.gml && echo star3.gml)" --json ./star3.gml
cmp -s "$P" star3.gml || fail "the input was changed"

# export-simgrid: -o and --hostfile
run export-simgrid "$P" -o out.xml --hostfile ./out.xml
[ "$RC" = 2 ] || fail "export-simgrid -o out.xml --hostfile ./out.xml: exit $RC, expected 2"
grep -qF "both write one file" "$TMP/err" || fail "export-simgrid: message: $(cat "$TMP/err")"
[ ! -e out.xml ] || fail "export-simgrid wrote an output"
ok "export-simgrid -o out.xml --hostfile ./out.xml refused (exit 2)"

# sweep: --csv and the --plot script (FILE.gp)
run sweep "$P" --csv ./c.gp --plot c.png
[ "$RC" = 2 ] || fail "sweep --csv ./c.gp --plot c.png: exit $RC, expected 2: $(cat "$TMP/err")"
grep -qF "both write one file" "$TMP/err" || fail "sweep: message: $(cat "$TMP/err")"
ok "sweep --csv ./c.gp --plot c.png refused (exit 2)"

# a failed run keeps the outputs it had (a later output fails to write:
# /dev/full): the earlier output is not replaced, no temporary file is left
if [ -w /dev/full ]; then
    echo old >j.json
    expect_exit 1 "--json j.json --hostfile /dev/full" "$P" --json j.json --hostfile /dev/full --quiet
    [ "$(cat j.json)" = old ] || fail "a failed run replaced --json's file"
    echo old >x.xml
    run export-simgrid "$P" -o x.xml --hostfile /dev/full
    [ "$RC" = 1 ] || fail "export-simgrid -o x.xml --hostfile /dev/full: exit $RC, expected 1"
    [ "$(cat x.xml)" = old ] || fail "a failed export-simgrid replaced -o's file"
    echo old >e.json
    run eval "$P" --ring file-order --json e.json --hostfile /dev/full
    [ "$RC" = 1 ] || fail "eval --json e.json --hostfile /dev/full: exit $RC, expected 1: $(cat "$TMP/err")"
    [ "$(cat e.json)" = old ] || fail "a failed eval replaced --json's file"
    expect_bad "both write one file" "eval --json e.json --dot ./e.json" eval "$P" --ring file-order --json e.json --dot ./e.json
    ! ls .ringmap-tmp-* >/dev/null 2>&1 || fail "a failed run left $(ls .ringmap-tmp-*)"
    ok "a failed run kept the earlier outputs"
else
    skip_part "no /dev/full: a failed later output not tried"
fi

# a newline in the platform's file name: no line injected in the launch files
nl=$'p\nlocalhost slots=64'
cp "$P" "$nl.gml"
expect_exit 0 "a platform whose file name holds a newline" "$nl.gml" --hostfile hf --rankfile rf --quiet
! grep -q '^localhost' hf || fail "the hostfile got a line from the file name: $(cat hf)"
! grep -q '^localhost' rf || fail "the rankfile got a line from the file name: $(cat rf)"
grep -qF '\x0a' hf || fail "the hostfile's comment does not show the newline as \\x0a: $(cat hf)"
ok "the launch files' comments escape the newline"

# iterapp's --json over its --mapping; ringmap-measure's -o over its --emulate
ITERAPP="$(dirname "$RINGMAP")/iterapp/iterapp"
if [ -x "$ITERAPP" ]; then
    cp "$SRC/iterapp/testdata/ring4.json" m.json
    timeout 60 "$ITERAPP" --mapping m.json --json ./m.json --steps 1 --quiet >"$TMP/out" 2>"$TMP/err" </dev/null
    rc=$?
    [ "$rc" = 2 ] || fail "iterapp --mapping m.json --json ./m.json: exit $rc, expected 2: $(head -c 300 "$TMP/err")"
    cmp -s "$SRC/iterapp/testdata/ring4.json" m.json || fail "iterapp overwrote its mapping"
    ok "iterapp --json ./m.json over --mapping m.json refused (exit 2)"
else
    skip_part "iterapp not built"
fi
MEASURE="$(dirname "$RINGMAP")/measure/ringmap-measure"
if [ -x "$MEASURE" ]; then
    cp "$SRC/measure/testdata/emulate4.txt" spec.txt
    timeout 60 "$MEASURE" --emulate spec.txt -o ./spec.txt >"$TMP/out" 2>"$TMP/err" </dev/null
    rc=$?
    [ "$rc" = 2 ] || fail "ringmap-measure --emulate spec.txt -o ./spec.txt: exit $rc, expected 2: $(head -c 300 "$TMP/err")"
    cmp -s "$SRC/measure/testdata/emulate4.txt" spec.txt || fail "ringmap-measure overwrote its spec"
    ok "ringmap-measure -o ./spec.txt over --emulate spec.txt refused (exit 2)"
else
    skip_part "ringmap-measure not built"
fi

# SIGINT or SIGTERM while an output is being written: its temporary file
# (here the SVG's, which Graphviz writes for seconds) is removed. A
# background job starts with SIGINT ignored: env --default-signal gives it
# back its default, as in a terminal.
interrupt() { # SIGNAL
    local sig=$1 pid seen=0
    rm -f .ringmap-tmp-* o.svg
    env --default-signal=INT "$RINGMAP" t.gml --svg o.svg --quiet >/dev/null 2>&1 &
    pid=$!
    for _ in $(seq 1 1000); do
        if ls .ringmap-tmp-* >/dev/null 2>&1; then
            seen=1
            kill -"$sig" "$pid"
            break
        fi
        kill -0 "$pid" 2>/dev/null || break
        sleep 0.01
    done
    wait "$pid" 2>/dev/null
    if [ "$seen" = 1 ]; then
        ! ls .ringmap-tmp-* >/dev/null 2>&1 || fail "SIG$sig left $(ls .ringmap-tmp-*)"
        ok "SIG$sig while writing left no temporary file"
    else
        skip_part "SIG$sig: the output's temporary file was never seen"
    fi
}
if command -v dot >/dev/null && env --default-signal=INT true 2>/dev/null; then
    "$RINGMAP" generate tiers -o t.gml >/dev/null 2>&1 || fail "generate tiers"
    interrupt INT
    interrupt TERM
else
    skip_part "no Graphviz dot or no env --default-signal: SIGINT while writing not tried"
fi
finish_test
