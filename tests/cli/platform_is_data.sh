# platform_is_data.sh — a platform file or a path is data, never
# configuration or code (SimGrid platforms). A <config><prop> key outside
# the short list (tracing/filename, path, plugin, smpi/...) is refused with
# exit 2 naming the key and the file, through map, export-simgrid and
# iterapp's --platform, and the file it names is neither created nor
# truncated (SimGrid 3.32 truncated it, exit 0); the platform's directory
# reaches SimGrid's search path as one directory (a comma or a space in
# it splits nothing, turns on nothing); only XML reaches SimGrid (a shared
# object named on the command line with --format xml is not dlopen()ed).
source "$(dirname "$0")/helpers.bash"

plat() { # FILE CONFIG_PROPS [speed_file]
    cat >"$1" <<XML
<?xml version='1.0'?>
<!DOCTYPE platform SYSTEM "https://simgrid.org/simgrid.dtd">
<platform version="4.1">
  <config id="General">
$2
  </config>
  <zone id="w" routing="Full">
    <host id="a" speed="1Gf"${3:+ speed_file=\"$3\"}/>
    <host id="b" speed="2Gf"/>
    <host id="c" speed="3Gf"/>
    <link id="l" bandwidth="1MBps" latency="0"/>
    <route src="a" dst="b"><link_ctn id="l"/></route>
    <route src="b" dst="c"><link_ctn id="l"/></route>
    <route src="a" dst="c"><link_ctn id="l"/></route>
  </zone>
</platform>
XML
}
victim_intact() { # DESCRIPTION
    [ "$(cat "$TMP/victim")" = keep ] || fail "$1: the file the platform names was changed"
}

cd "$TMP" || fail "cd $TMP"
echo keep >"$TMP/victim"
for key in tracing/filename tracing path plugin smpi/comp-adjustment-file model-check/replay \
    contexts/factory network/coordinates; do
    plat "$TMP/p.xml" "    <prop id=\"$key\" value=\"$TMP/victim\"/>"
    expect_bad "line 5: <config> <prop id=\"$key\">" "map: <prop id=$key>" "$TMP/p.xml"
    grep -qF "$TMP/p.xml" "$TMP/err" || fail "$key: the message does not name the file"
    victim_intact "map: $key"
done
# the trace written by SimGrid's own example (tracing on, then its file)
plat "$TMP/p.xml" "    <prop id=\"tracing\" value=\"yes\"/>
    <prop id=\"tracing/filename\" value=\"$TMP/victim\"/>"
expect_bad "prop id=\"tracing\"" "map: tracing on and its file" "$TMP/p.xml"
victim_intact "map: tracing"
expect_exit 2 "export-simgrid: tracing on and its file" export-simgrid "$TMP/p.xml" -o "$TMP/out.xml"
grep -qF 'prop id="tracing"' "$TMP/err" || fail "export-simgrid: message lacks the key: $(cat "$TMP/err")"
victim_intact "export-simgrid"
[ ! -e "$TMP/out.xml" ] || fail "export-simgrid wrote its output for a refused platform"
ITERAPP="$(dirname "$RINGMAP")/iterapp/iterapp"
if [ -x "$ITERAPP" ]; then
    timeout 60 "$ITERAPP" --platform "$TMP/p.xml" --steps 1 --quiet >"$TMP/out" 2>"$TMP/err" </dev/null
    rc=$?
    [ "$rc" = 2 ] || fail "iterapp --platform: exit $rc, expected 2: $(head -c 300 "$TMP/err")"
    grep -qF 'prop id="tracing"' "$TMP/err" || fail "iterapp --platform: message lacks the key: $(cat "$TMP/err")"
    victim_intact "iterapp --platform"
    ok "iterapp --platform: refused (exit 2)"
else
    skip_part "iterapp not built"
fi
# the allowed keys: mapped
plat "$TMP/p.xml" '    <prop id="network/model" value="CM02"/>
    <prop id="network/crosstraffic" value="0"/>'
expect_exit 0 "map: network/model and network/crosstraffic allowed" "$TMP/p.xml" --quiet
# a value that is not a model name or numbers
plat "$TMP/p.xml" '    <prop id="network/model" value="a b"/>'
expect_bad "the value must be" "map: network/model with a space" "$TMP/p.xml"

# the platform's directory: one directory on SimGrid's search path
mkdir -p "$TMP/My Platforms, v2"
echo "0 1.0" >"$TMP/My Platforms, v2/speed.txt"
plat "$TMP/My Platforms, v2/p.xml" "" speed.txt
expect_exit 0 "a platform in 'My Platforms, v2/' naming a trace file beside it" \
    "$TMP/My Platforms, v2/p.xml" --quiet
mkdir -p "$TMP/x,tracing:yes,tracing/filename:F"
plat "$TMP/x,tracing:yes,tracing/filename:F/p.xml" ""
expect_exit 0 "a platform in 'x,tracing:yes,tracing/filename:F/'" \
    "$TMP/x,tracing:yes,tracing/filename:F/p.xml" --quiet
[ ! -e "$TMP/F" ] || fail "the directory's name turned tracing on (F was written)"
ok "the directory's name set no SimGrid option"

# only XML reaches SimGrid: a shared object with a constructor is not loaded
if command -v cc >/dev/null; then
    printf '#include <stdio.h>\n__attribute__((constructor)) static void c(void) { FILE *f = fopen("%s/ran", "w"); if (f) fclose(f); }\n' "$TMP" >"$TMP/lib.c"
    cc -shared -fPIC -o "$TMP/lib.so" "$TMP/lib.c" || fail "cc"
    expect_bad "not an XML document" "./lib.so --format xml" ./lib.so --format xml
    [ ! -e "$TMP/ran" ] || fail "the shared object's constructor ran"
    ok "the shared object was not loaded"
else
    skip_part "no C compiler for the shared object"
fi
# a platform file named .so (XML inside): read as XML
plat "$TMP/plat.so" ""
expect_exit 0 "an XML platform named plat.so --format xml" "$TMP/plat.so" --format xml --quiet
# labels and file names with terminal escape sequences never reach the
# terminal raw: the table, the messages and the warnings show them as \xHH
esc=$'\033'
printf 'graph [\n directed 0\n node [ id 0 label "a%s[31mRED%s[0m" w 1 ]\n node [ id 1 label "b" w 2 ]\n edge [ source 0 target 1 bandwidth 10 ]\n]\n' "$esc" "$esc" >"$TMP/esc.gml"
expect_exit 0 "a label with an escape sequence" "$TMP/esc.gml"
! grep -q "$esc" "$TMP/out" || fail "the table has a raw ESC"
grep -qF 'a\x1b[31mRED\x1b[0m' "$TMP/out" || fail "the table does not show the label escaped: $(cat -v "$TMP/out")"
printf 'graph [\n directed 0\n node [ id 0 label "a%s[2J" w 1 ]\n node [ id 1 label "b" w 2 ]\n node [ id 2 label "c" w 2 ]\n edge [ source 2 target 1 bandwidth 10 ]\n]\n' "$esc" >"$TMP/esc3.gml"
expect_bad 'a\x1b[2J' "a message naming a label with an escape sequence" "$TMP/esc3.gml"
! grep -q "$esc" "$TMP/err" || fail "the message has a raw ESC"
bad="$TMP/f${esc}[2J"$'\n'"x.gml"
printf 'x' >"$bad"
expect_bad '\x1b[2J\x0ax.gml' "a file name with an escape sequence and a newline" "$bad"
! grep -q "$esc" "$TMP/err" || fail "the message has a raw ESC"
[ "$(wc -l <"$TMP/err")" = 1 ] || fail "the file name's newline split the message: $(cat -v "$TMP/err")"
finish_test
