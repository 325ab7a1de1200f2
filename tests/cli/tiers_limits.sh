# tiers_limits.sh — hardening: a Tiers file is read up to the documented
# limits (docs/formats.md, "Tiers"): lines of any length (a line longer than
# 4095 characters was refused), node ids that are any integer a long holds
# (2^31 and 2^53 + 1 exactly, not "not an integer"; beyond 2^63 - 1 "out of
# range"), and a NUL byte refused with its line (the bytes after it were
# ignored). GML ids beyond igraph's 32 bits are named as such (they were
# "Non-integer node id").
source "$(dirname "$0")/helpers.bash"

N=0
# a long comment and a long node line (5000 spaces), two LAN hosts
{
    printf '# %05000d\n' 0
    printf '# NODES\n1 0 0 2%5000s\n2 0 0 2\n# EDGES\n1 2 1 100 2 2 0\n' ''
} >"$TMP/long.tiers"
expect_exit 0 "Tiers lines of 5002 characters" "$TMP/long.tiers" --json "$TMP/long.json" --quiet
jcheck "$TMP/long.json" "long lines: the platform's two LAN nodes, one a host" \
    '.platform.hosts == 1 and .platform.routers == 1 and .platform.links == 1'
N=$((N + 1))

# ids at 2^31, 2^53 + 1 (not exact as a double) and 2^63 - 1, all LAN hosts
cat >"$TMP/ids.tiers" <<'T'
# NODES
2147483648 0 0 2
9007199254740993 0 0 2
9223372036854775807 0 0 2
5 0 0 1
# EDGES
2147483648 5 1 100 2 1 0
9007199254740993 5 1 100 2 1 0
9223372036854775807 5 1 100 2 1 0
T
expect_exit 0 "Tiers ids 2^31, 2^53 + 1, 2^63 - 1" "$TMP/ids.tiers" --json "$TMP/ids.json" --quiet
# the ring's host (one of the three LAN nodes) by its exact id and label,
# read as text (jq may round integers beyond 2^53)
pairs=$(tr -d " \n" <"$TMP/ids.json" | grep -o '"node":[0-9]*,"label":"LAN[0-9]*"')
[ -n "$pairs" ] || fail "ids: no ring node in $(head -c 300 "$TMP/ids.json")"
while read -r pr; do
    id=${pr#\"node\":}; id=${id%%,*}; lab=${pr##*LAN}; lab=${lab%\"}
    [ "$id" = "$lab" ] || fail "ids: node $id labelled LAN$lab"
    case $id in 2147483648 | 9007199254740993 | 9223372036854775807) ;; *) fail "ids: node $id is not in the file" ;; esac
    ok "ids: ring node $id, label LAN$lab, exact"
done <<<"$pairs"
N=$((N + 1))
sed 's/^9223372036854775807/9223372036854775808/' "$TMP/ids.tiers" >"$TMP/big.tiers"
expect_bad "big.tiers:4: node id '9223372036854775808' is out of range" "Tiers node id 2^63" "$TMP/big.tiers"
N=$((N + 1))
sed 's/^2147483648 5/2147483649 5/' "$TMP/ids.tiers" >"$TMP/undecl.tiers"
expect_bad "undecl.tiers:7: edge 2147483649 -- 5: node 2147483649 is not declared" \
    "Tiers edge end 2^31 + 1 undeclared" "$TMP/undecl.tiers"
N=$((N + 1))
sed 's/^9007199254740993 0/9.007199254740993e15 0/' "$TMP/ids.tiers" >"$TMP/float.tiers"
expect_bad "float.tiers:3: node id '9.007199254740993e15' is not exact beyond 2^53" \
    "Tiers id 2^53 + 1 written as a float" "$TMP/float.tiers"
N=$((N + 1))
sed 's/^5 0 0 1/5.5 0 0 1/' "$TMP/ids.tiers" >"$TMP/frac.tiers"
expect_bad "frac.tiers:5: node id '5.5' is not an integer" "Tiers id 5.5" "$TMP/frac.tiers"
N=$((N + 1))

# a NUL byte: refused with its line, whatever follows it
printf '# NODES\n1 0 0 2\n2 0 0 2\n# EDGES\n1 2 1 100 2 2 0\0 junk\n' >"$TMP/nul.tiers"
expect_bad "nul.tiers:5: a NUL byte" "Tiers NUL byte after a valid edge" "$TMP/nul.tiers"
N=$((N + 1))

# GML ids: igraph reads 32-bit ids; 2^31 and 2^53 + 1 were "Non-integer node id"
for id in 2147483647 -2147483648; do
    printf 'graph [\n node [ id %s w 1 ]\n node [ id 1 w 2 ]\n edge [ source %s target 1 bandwidth 10 ]\n]\n' "$id" "$id" >"$TMP/id.gml"
    expect_exit 0 "GML node id $id (the range's end)" "$TMP/id.gml" --json "$TMP/id.json" --quiet
    tr -d ' \n' <"$TMP/id.json" | grep -qF "\"node\":$id," || fail "GML node id $id not in the JSON"
    N=$((N + 1))
done
for id in 2147483648 9007199254740993; do
    printf 'graph [\n node [ id %s w 1 ]\n node [ id 1 w 2 ]\n edge [ source %s target 1 bandwidth 10 ]\n]\n' "$id" "$id" >"$TMP/id.gml"
    expect_bad "id.gml: line 2: node id $id is out of the range of GML ids (igraph reads ids from -2147483648 to 2147483647)" \
        "GML node id $id" "$TMP/id.gml"
    N=$((N + 1))
done
printf 'graph [\n node [ id 0 w 1 ]\n node [ id 1 w 2 ]\n edge [ source 0 target 4294967297 bandwidth 10 ]\n]\n' >"$TMP/id.gml"
expect_bad "id.gml: line 4: edge target 4294967297 is out of the range of GML ids" "GML edge target 2^32 + 1" "$TMP/id.gml"
N=$((N + 1))

echo "cases: $N"
