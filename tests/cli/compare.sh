#!/usr/bin/env bash
# `ringmap compare`: Tables 3-4 and SharedRing's variants on the hand-solved star (docs/sources.md, "Oracles"), exit codes.
set -euo pipefail
RM=$1; SRC=$2
fail() { echo "FAIL: $*"; exit 1; }
near() { jq -e -n --argjson a "$1" --argjson b "$2" '($a - $b) | fabs < 1e-6' >/dev/null || fail "$3: $1 != $2"; }
J=$("$RM" compare "$SRC/platforms/test/star3.gml" --dc-dw 0.01 --json -)
near "$(jq '.rows[0].slice.t_step_per_dw' <<<"$J")" 0.408 "SliceRing made feasible by max-min"
near "$(jq '.rows[0].slice.t_step_per_dw_unshared' <<<"$J")" 0.402 "SliceRing unshared estimate"
near "$(jq '.rows[0].shared_variants.maxmin.t_step_per_dw' <<<"$J")" 0.408 "SharedRing + max-min"
near "$(jq '.rows[0].shared_variants.eq5.t_step_per_dw' <<<"$J")" 0.4077941 "SharedRing + eq. (5) shares"
jq -e '.rows[0] | (.slice.t_step_per_dw - .shared.t_step_per_dw) / .slice.t_step_per_dw * 100 - .improvement_percent | fabs < 1e-9' <<<"$J" >/dev/null || fail "improvement"
echo "ok: star3 oracle values"
# four default ratios, table on stdout
n=$("$RM" compare "$SRC/platforms/medium_tiers.gml" --json - | jq '.rows | length')
[ "$n" = 4 ] || fail "expected 4 rows, got $n"
"$RM" compare "$SRC/platforms/medium_tiers.gml" | grep -q "improvement" || fail "table header"
echo "ok: default ratios"
for bad in "--dc-dw" "--dc-dw 1,,2" "--dc-dw nan" "--dc-dw -1" "--duplex x" "--max-q -2" "--bogus"; do
  set +e; "$RM" compare "$SRC/platforms/test/star3.gml" $bad >/dev/null 2>&1; rc=$?; set -e
  [ $rc = 2 ] || fail "compare $bad: exit $rc, expected 2"
done
set +e; "$RM" compare /nonexistent.gml >/dev/null 2>&1; rc=$?; set -e
[ $rc = 2 ] || fail "missing file: exit $rc"
echo "ok: exit codes"
echo "compare: all checks passed"
