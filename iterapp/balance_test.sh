#!/bin/bash
# balance_test.sh — iterapp --balance (docs/balance.md) under Open MPI, 4 processes:
#  1. columns moved mid-run keep the result bit-exact with the sequential run
#     (ring sizes 1-4, uneven distributions, idle ranks; dfpa and dynamic);
#  2. emulated memory cliff (testdata/cliff.spec): static balance is off by
#     the cliff factor (position 3 measures ~2x its predicted time), DFPA
#     reaches eps 0.05 in <= 5 iterations, on the optimal columns, and the
#     last periods stay balanced (best of the last 6 within 0.02);
#  3. emulated load change (testdata/load.spec): dynamic balance is back
#     within 0.05 at most 4 periods after the change, and the last periods
#     within 0.02 (best of the last 6).
# Usage: balance_test.sh ITERAPP SOURCE_DIR WORKDIR
NP=4; source "$(dirname "$0")/balance_helpers.bash" "$@"

# 1. bit-exact after moves (the cliff makes DFPA move columns)
for cfg in "1|1||none" "2|1,0.5||cliff1" "3|1,0.5,1|2,-1,0,1|cliff1" "4|1,1,1,0.5|3,1,0,2|cliff"; do
  IFS='|' read -r q wts pl spec <<<"$cfg"
  for pol in dfpa dynamic; do
    args=(--weights "$wts" --rows 34 --total-cols 23 --steps 24 --period 2 --emulate "$TD/$spec.spec"
          --time-scale 2 --balance $pol --check)
    [ -n "$pl" ] && args+=(--placement "$pl")
    run b.json "${args[@]}"
    [ "$(jq -r .bitexact b.json)" = true ] || fail "q=$q $pol: not bit-exact"
    moved=$(jq -r .cols_moved b.json)
    if [ "$q" -gt 1 ]; then [ "$moved" -gt 0 ] || fail "q=$q $pol: no column moved"; fi
    echo "ok: ring of $q ($wts${pl:+, placement $pl}) --balance $pol: $moved columns moved, bit-exact"
  done
done

# Tolerances of parts 2 and 3 (measured: 16 runs of each at load average
# 6.1-7.3 on this 2-core machine, 6 other jobs): with the optimal columns a
# quiet period's imbalance is 0.000-0.006; the scheduler's bursts (a sleeping
# rank woken late for ~1 s) give 0.03-0.42 in 1 to 6 consecutive periods,
# ~5 % of periods; one column off the optimum gives >= 0.1 in every period.
# So: the BEST of the last 6 periods (a burst would have to cover all of the
# last ~1.5 s) within 0.02, the median of the last 6 periods' T_step against
# static's, and the exact optimal columns where only the first ~0.3 s decide.
lastmed() { jq '[.periods[-6:][].t_step] | sort | .[length / 2 | floor]' "$1"; }

# 2. memory cliff: static vs DFPA (w = 1,1,1,0.5; 40 columns; position 3
#    pages above 8 columns: static gives it 16 at twice the predicted time;
#    the optimum is 10 columns each). eps 0.05 (< 0.1, one column of 10): DFPA
#    does not stop on a distribution one column off when a burst hits its
#    measurement, it takes one more step (measured: 2 iterations, 3 once).
base=(--weights 1,1,1,0.5 --rows 202 --total-cols 40 --steps 36 --period 3 --emulate "$TD/cliff.spec"
      --time-scale 3 --eps 0.05)
run s.json "${base[@]}" --balance static
ratio=$(jq -r '.ranks[3].comp / .ranks[3].comp_predicted_w' s.json)
jq -e '.ranks[3].comp / .ranks[3].comp_predicted_w | . > 1.8 and . < 2.2' s.json >/dev/null ||
  fail "static: position 3 measured/predicted = $ratio, expected the cliff factor 2"
echo "ok: static balance on the cliff: position 3 measured/predicted = $ratio (cliff factor 2), T_step $(jq -r .t_step_measured s.json) s"
run d.json "${base[@]}" --balance dfpa
it=$(jq -r .dfpa_iterations d.json) imb=$(jq -r .imbalance_last_period d.json)
[ "$it" -le 5 ] || fail "dfpa: $it iterations (> 5)"
jq -e '[.ranks[].cols] == [10, 10, 10, 10]' d.json >/dev/null ||
  fail "dfpa: columns $(jq -c '[.ranks[].cols]' d.json), expected the optimum 10,10,10,10"
jq -e '[.periods[-6:][].imbalance] | min <= 0.02' d.json >/dev/null ||
  fail "dfpa: none of the last 6 periods within 0.02: $(jq -c '[.periods[].imbalance]' d.json)"
sm=$(lastmed s.json) dm=$(lastmed d.json)
# 0.8: 0.626 measured at load 6-7, 0.713 once under the full ctest suite (the
# noise adds ~8 ms to every step, a larger share of DFPA's shorter step)
python3 -c "import sys; sys.exit(0 if $dm < 0.8 * $sm else 1)" ||
  fail "dfpa: median T_step of the last 6 periods $dm s not below 0.8 x static's $sm s (expected ~0.62)"
echo "ok: DFPA on the cliff: $it iterations, columns 10 each, best of the last 6 periods $(jq -r '[.periods[-6:][].imbalance] | min' d.json) (last $imb), T_step median of the last 6 periods $dm s vs static $sm s, DFPA share $(jq -r .dfpa_share d.json)"

# 3. load change: position 1 twice slower from step 16; 70 columns (20,10,20,20 balances it);
#    eps 0.1: before the change 70 columns give 18,18,17,17 (imbalance 18/17 - 1 = 0.059,
#    the integer granularity), which must not trigger a rebalance
run y.json --weights 1,1,1,1 --rows 202 --total-cols 70 --steps 48 --period 4 \
  --emulate "$TD/load.spec" --time-scale 2 --eps 0.1 --balance dynamic
# recovery within 0.05 (not 0.02): under the full ctest suite bursts come every
# few periods and a restart on one (eps 0.1) can move a column the wrong way for
# a while (measured: 0.039 at step 24, then 0.12-0.22 until step 40); the best
# of the last 6 periods stays below 0.002 even then
back=$(jq -r '[.periods[] | select(.end_step > 16 and .imbalance <= 0.05)][0].end_step // -1' y.json)
[ "$back" -gt 16 ] && [ "$back" -le 32 ] || fail "dynamic: not back within 0.05 by step 32 (first such period ends at $back): $(jq -c '[.periods[].imbalance]' y.json)"
jq -e '[.periods[-6:][].imbalance] | min <= 0.02' y.json >/dev/null ||
  fail "dynamic: none of the last 6 periods within 0.02: $(jq -c '[.periods[].imbalance]' y.json)"
jq -e '.ranks[1].cols >= 8 and .ranks[1].cols <= 12' y.json >/dev/null || fail "dynamic: position 1 keeps $(jq -r .ranks[1].cols y.json) columns, expected about 10"
echo "ok: dynamic balance after the load change at step 16: within 0.05 again at step $back, best of the last 6 periods $(jq -r '[.periods[-6:][].imbalance] | min' y.json); columns $(jq -c '[.ranks[].cols]' y.json)"
