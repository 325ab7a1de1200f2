#!/usr/bin/env bash
# mapping_dfpa_example.sh EXAMPLE RINGMAP SOURCE_ROOT — examples/mapping_dfpa_example.c:
# DFPA seeded with a mapping's integer units, from the mapping computed by the
# library and from its JSON read back (rm_mapping_doc_dfpa): the same units,
# equal to `ringmap --units N`, and DFPA ends balanced or stable.
set -u
EX=$1 RINGMAP=$2 SRC=$3
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
P=$SRC/platforms/medium_tiers.gml
"$EX" "$P" 1000 >"$TMP/a.out" 2>"$TMP/a.err" || fail "from the platform: exit $? $(cat "$TMP/a.err")"
"$RINGMAP" "$P" --units 1000 --json "$TMP/m.json" -q || fail "ringmap --units"
"$EX" "$TMP/m.json" 1000 >"$TMP/b.out" 2>"$TMP/b.err" || fail "from the JSON: exit $? $(cat "$TMP/b.err")"
ua=$(sed -n 's/^units from the mapping (ring order): //p' "$TMP/a.out")
ub=$(sed -n 's/^units from the mapping (ring order): //p' "$TMP/b.out")
uj=$(jq -r '[.ring[].units | tostring] | join(" ")' "$TMP/m.json")
[ -n "$ua" ] && [ "$ua" = "$ub" ] && [ "$ua" = "$uj" ] ||
  fail "units differ: computed '$ua', from the JSON '$ub', ringmap --units '$uj'"
echo "ok: the same units from the computed mapping, its JSON and ringmap --units ($ua)"
first=$(sed -n 's/^run  d = //p' "$TMP/b.out" | head -1)
[ "$first" = "$ub" ] || fail "DFPA does not start from the units: '$first'"
grep -Eq '^DFPA: [1-9][0-9]* iterations, state (balanced|stable)' "$TMP/b.out" || fail "DFPA: $(tail -2 "$TMP/b.out")"
echo "ok: DFPA starts from the mapping's units and ends $(sed -n 's/^DFPA: .*state \([a-z]*\).*/\1/p' "$TMP/b.out")"
# fewer units than ring positions: 0-unit positions are allowed (min_units 0)
Q=$(jq '.ring | length' "$TMP/m.json")
"$EX" "$TMP/m.json" $((Q - 1)) >"$TMP/c.out" 2>"$TMP/c.err" || fail "N = Q-1: exit $? $(cat "$TMP/c.err")"
grep -q ' 0' <(sed -n 's/^units from the mapping (ring order)://p' "$TMP/c.out") || fail "N = Q-1: no 0-unit position: $(head -1 "$TMP/c.out")"
echo "ok: N = Q-1 = $((Q - 1)) units: positions with 0 units accepted"
