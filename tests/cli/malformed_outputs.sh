# malformed_outputs.sh — hardening (malformed outputs): every output is re-read by a
# standard parser, whatever the labels and file names hold (control
# characters, bytes that are not UTF-8, quotes, XML specials, "--", names of
# the fallback ids): the mapping JSON and sweep JSON by jq, the SimGrid XML
# of export-simgrid by xmllint (its hostfile: one id per ring host, each a
# <host> of the XML), the DOT by Graphviz dot, the SVG by xmllint, the CSV by
# Python's csv module, the gnuplot script by gnuplot. First hand-written
# hostile labels, then a property test over random labels (seeded).
source "$(dirname "$0")/helpers.bash"

command -v xmllint >/dev/null || { echo "SKIP: xmllint is not installed"; exit 77; }
command -v python3 >/dev/null || { echo "SKIP: python3 is not installed"; exit 77; }
HAVE_DOT=0
command -v dot >/dev/null && HAVE_DOT=1
N=0

# check_outputs PLATFORM DESCRIPTION: map, export-simgrid, pictures, re-read.
check_outputs() {
    local p=$1 d=$2
    "$RINGMAP" "$p" --dc-dw 0.01 --json "$TMP/o.json" --dot "$TMP/o.dot" --quiet 2>"$TMP/err" ||
        fail "$d: map: exit $?: $(cat "$TMP/err")"
    jq -e '.ring | length >= 1' "$TMP/o.json" >/dev/null || fail "$d: the JSON does not parse"
    "$RINGMAP" export-simgrid "$p" "$TMP/o.json" -o "$TMP/o.xml" --hostfile "$TMP/o.hosts" 2>"$TMP/err" ||
        fail "$d: export-simgrid: $(cat "$TMP/err")"
    xmllint --noout "$TMP/o.xml" 2>"$TMP/xerr" || fail "$d: SimGrid XML not well-formed: $(head -3 "$TMP/xerr")"
    python3 - "$TMP/o.xml" "$TMP/o.hosts" "$TMP/o.json" <<'PY' || fail "$d: XML ids / hostfile do not agree"
import json, sys, xml.etree.ElementTree as ET
root = ET.parse(sys.argv[1]).getroot()
hosts = [h.get("id") for h in root.iter("host")]
assert len(hosts) == len(set(hosts)), "duplicate host ids"
ids = set(hosts) | {l.get("id") for l in root.iter("link")}
for r in root.iter("route"):
    assert r.get("src") in hosts and r.get("dst") in hosts, "route between unknown hosts"
lines = open(sys.argv[2], "rb").read().decode("utf-8").split("\n")
assert lines[-1] == "", "hostfile does not end with a newline"
q = len(json.load(open(sys.argv[3]))["ring"])
assert len(lines) - 1 == q, "hostfile: %d lines for %d ring hosts" % (len(lines) - 1, q)
for h in lines[:-1]:
    assert h in hosts and " " not in h, "hostfile id %r not a host" % h
PY
    if [ "$HAVE_DOT" = 1 ]; then
        dot -Tsvg "$TMP/o.dot" -o "$TMP/o.svg" 2>"$TMP/derr" || fail "$d: dot does not parse the DOT: $(cat "$TMP/derr")"
        ! grep -q -i "error\|invalid\|syntax" "$TMP/derr" || fail "$d: dot complains: $(cat "$TMP/derr")"
        xmllint --noout "$TMP/o.svg" || fail "$d: the SVG is not well-formed"
    else
        skip_part "Graphviz dot is not installed (DOT parse checks)"
    fi
    N=$((N + 1))
}

echo "--- hand-written hostile labels"
printf 'graph [\n directed 0\n node [ id 0 label "a\001b\177\377\376--c" w 1 ]\n node [ id 1 label "x&quot;y<&>'"'"'" w 1 ]\n node [ id 2 label "n0" w 2 ]\n node [ id 3 label "\300\257-" ]\n edge [ source 0 target 3 bandwidth 10 ]\n edge [ source 1 target 3 bandwidth 10 ]\n edge [ source 2 target 3 bandwidth 20 ]\n]\n' >"$TMP/labels.gml"
check_outputs "$TMP/labels.gml" "control characters, invalid UTF-8, quotes, '--', 'n0'"
jcheck "$TMP/o.json" "invalid UTF-8 written as U+FFFD, control characters escaped" \
    '[.ring[].label] | sort == ["a\u0001b\u007f\ufffd\ufffd--c", "n0", "x\"y<&>'"'"'"]'
grep -q '<host id="n0"' "$TMP/o.xml" && grep -q '<host id="n2"' "$TMP/o.xml" ||
    fail "'n0' (the fallback form) kept as an id: $(grep '<host' "$TMP/o.xml")"
ok "a label of the fallback form n<id> is not an id (no collision)"
N=$((N + 1))

echo "--- hostile file names (newline, '--', not UTF-8) in the outputs"
for name in "$(printf 'na\nme--x\377')" "$(printf -- '--\001')" "it's &<>"; do
    p="$TMP/$name.gml"
    write_star3 "$p"
    check_outputs "$p" "file name $(printf '%q' "$name")"
    "$RINGMAP" sweep "$p" --dc-dw 0.01,0.1 --json "$TMP/sw.json" --csv "$TMP/sw.csv" -q 2>"$TMP/err" ||
        fail "sweep: $(cat "$TMP/err")"
    jq -e '.runs | length >= 1' "$TMP/sw.json" >/dev/null || fail "sweep JSON does not parse"
    python3 -c 'import csv,sys; rows=list(csv.DictReader(open(sys.argv[1]))); assert rows and all(len(r)==8 for r in rows)' "$TMP/sw.csv" ||
        fail "sweep CSV does not parse"
    if command -v gnuplot >/dev/null; then
        "$RINGMAP" sweep "$p" --dc-dw 0.01,0.1 --plot "$TMP/sw.svg" -q 2>"$TMP/err" || fail "sweep --plot: $(cat "$TMP/err")"
        xmllint --noout "$TMP/sw.svg" || fail "sweep --plot: the SVG is not well-formed"
        sed -n 2p "$TMP/sw.gp" | grep -aq '^# platform: ' && sed -n 3p "$TMP/sw.gp" | grep -aq '^set terminal svg' ||
            fail "sweep --plot: the file name broke the script's comment line: $(head -4 "$TMP/sw.gp" | cat -A)"
    else
        skip_part "gnuplot is not installed (--plot checks)"
    fi
    ok "file name $(printf '%q' "$name"): JSON, XML, DOT, sweep JSON/CSV/plot all parse"
    N=$((N + 1))
done

echo "--- property: 15 platforms with random labels (seed 13)"
python3 - "$TMP" <<'PY'
import random, sys
rnd = random.Random(13)
pool = [bytes([b]) for b in range(1, 256) if b not in (0x22,)] + [b"--", b"&quot;", b"n1", b"<!--", b"-->", b"\xe2\x82\xac", b"\xf0\x9f\x98\x80", b"\xed\xa0\x80"]
for i in range(15):
    n = rnd.randint(3, 6)
    lines = [b"graph [", b" directed 0"]
    for v in range(n + 1):
        lab = b"".join(rnd.choice(pool) for _ in range(rnd.randint(0, 8)))
        w = b" w %d" % rnd.randint(1, 4) if v < n else b""
        lines.append(b' node [ id %d label "%s"%s ]' % (v, lab, w))
    for v in range(n):
        lines.append(b" edge [ source %d target %d bandwidth %d ]" % (v, n, rnd.randint(5, 50)))
    lines.append(b"]")
    open("%s/rand%02d.gml" % (sys.argv[1], i), "wb").write(b"\n".join(lines) + b"\n")
PY
accepted=0
for i in $(seq -w 0 14); do
    p="$TMP/rand$i.gml"
    if "$RINGMAP" "$p" --quiet 2>/dev/null; then
        check_outputs "$p" "random labels $i"
        accepted=$((accepted + 1))
    fi
done
[ "$accepted" -ge 10 ] || fail "only $accepted of 15 random-label platforms read"
ok "$accepted random-label platforms: every output parses"
echo "new cases: $N"
finish_test
