# simulate.sh — `ringmap eval --simulate` (rm_mapping_simulate): the ring's
# steps run by SimGrid itself (s4u, CM02, in a forked child), iterapp's
# exchange and computation per step, the steady pace over the second half of
# 40 steps (docs/simgrid.md, "The judge: SimGrid's own run").
#  - closed forms where nothing contends: tests/data/simgrid/sim_two_hosts.xml
#    (SPLITDUPLEX 8 MBps, 1 ms: two flows each way, each 4 MBps) and
#    sim_three_hosts.xml (three private SHARED links of 8 MBps, 0.5 ms: four
#    flows on each, 2 MBps each), both below and above SMPI's 64 KiB detached
#    send threshold, blocking and overlapping steps;
#  - SimGrid against ringmap's many-step fluid (`--cols`, bw/fluid_ring.c) on
#    rings whose routes have one latency, where the fluid is CM02's sharing:
#    they agree within 1e-6 relative;
#  - `ringmap map`'s default (rm_mapping_judge's policy): SimGrid's pace is
#    the printed T_step on an uncalibrated SimGrid file under the fair model
#    with --latency; --no-simulate, over the size budget, a refused
#    simulation (the model's T_step with a note and the JSON's reason), and
#    outside the policy (no latency model, --smpi-factors);
#  - refusals: a platform not read from a SimGrid file, no D_c.
source "$(dirname "$0")/helpers.bash"

D="$SRC/tests/data/simgrid"
RUN=(--latency --parallel-send --one-core -q)

# sim ARGS...: eval --simulate into $TMP/s.json, print t_step_simulated
sim() {
    "$RINGMAP" eval "$@" --simulate --json "$TMP/s.json" || fail "eval --simulate $*: exit $?"
    jq -r '.t_step_simulated' "$TMP/s.json"
}
# near GOT WANT TOL DESCRIPTION: |GOT - WANT| <= TOL |WANT|
near() {
    awk -v g="$1" -v w="$2" -v t="$3" 'BEGIN { d = g - w; if (d < 0) d = -d; exit !(d <= t * (w < 0 ? -w : w)) }' ||
        fail "$4: got $1, want $2 (relative tolerance $3)"
    ok "$4: $1 (want $2)"
}

# Two hosts, D_w = 10 Mflop in 30 columns: A (100 Mflop/s) 20, B (50) 10, both
# 0.0666667 s. D_c 0.064 Mb = 8000 bytes (detached sends): 1 ms + 2 x 8000 /
# 8e6 = 3 ms; D_c 0.8 Mb = 100000 bytes (the sender waits): 1 ms + 25 ms.
t=$(sim "$D/sim_two_hosts.xml" --ring A,B --dc 0.064 --dw 10 --cols 30 "${RUN[@]}")
near "$t" 0.0696666666666667 1e-9 "2 hosts, 8000-byte messages: 3 ms + 66.67 ms"
t=$(sim "$D/sim_two_hosts.xml" --ring A,B --dc 0.8 --dw 10 --cols 30 "${RUN[@]}")
near "$t" 0.0926666666666667 1e-9 "2 hosts, 100000-byte messages: 26 ms + 66.67 ms"
# 40 columns: 27 and 13 (the integer optimum), A's 67.5 ms the longest
t=$(sim "$D/sim_two_hosts.xml" --ring A,B --dc 0.064 --dw 10 --cols 40 "${RUN[@]}")
near "$t" 0.0705 1e-9 "2 hosts, 40 columns (27, 13): 3 ms + 67.5 ms"
# overlapping, 80 % of the computation after the wait: the interior (13.3 ms)
# is hidden by the exchange (26 ms), then the boundary 53.3 ms
t=$(sim "$D/sim_two_hosts.xml" --ring A,B --dc 0.8 --dw 10 --alpha speed --overlap=0.8 "${RUN[@]}")
near "$t" 0.0793333333333333 1e-9 "2 hosts overlapping (boundary 0.8): 26 ms + 53.33 ms"
jcheck "$TMP/s.json" "overlap: ringmap's prediction is SimGrid's here" \
    '((.t_step - .t_step_simulated) | fabs) <= 1e-9 * .t_step'

# Three hosts, 40 columns: 20, 10, 10 (50 ms each); messages 1 ms + S / 2 MBps
t=$(sim "$D/sim_three_hosts.xml" --ring A,B,C --dc 0.064 --dw 10 --cols 40 "${RUN[@]}")
near "$t" 0.055 1e-9 "3 hosts, 8000-byte messages: 5 ms + 50 ms"
t=$(sim "$D/sim_three_hosts.xml" --ring A,B,C --dc 0.8 --dw 10 --cols 40 "${RUN[@]}")
near "$t" 0.101 1e-9 "3 hosts, 100000-byte messages: 51 ms + 50 ms"

# SimGrid against the many-step fluid with the run's columns (map --cols): one
# latency on every route of these rings, where equal-weight max-min is CM02's
for pc in "$D/cluster_shared_backbone.xml:1431" "$SRC/bench/platforms/cluster_backbone.xml:143"; do
    P=${pc%:*} cols=${pc##*:}
    dw=$(awk -v c="$cols" 'BEGIN { printf "%.17g", 998 * 7e-6 * c }')
    "$RINGMAP" "$P" --dc 0.064 --dw "$dw" --cols "$cols" "${RUN[@]}" --no-simulate --json "$TMP/m.json" ||
        fail "map $P: exit $?"
    jcheck "$TMP/m.json" "$(basename "$P") $cols columns: the many-step fluid prediction" \
        '.t_step_valuation == "fluid" and (.ring | length) > 1'
    t=$(sim "$P" --ring "$TMP/m.json" --dc 0.064 --dw "$dw" --cols "$cols" "${RUN[@]}")
    near "$t" "$(jq -r .t_step "$TMP/m.json")" 1e-6 "$(basename "$P") $cols columns: SimGrid = the fluid"
done

# `ringmap map` on a SimGrid file, fair model, --latency and --dc: by default
# the mapping handed on is simulated and SimGrid's pace is the printed T_step
# (rm_mapping_judge's policy); the mapping itself is --no-simulate's, whose
# printed T_step is the fluid model's
"$RINGMAP" "$D/sim_three_hosts.xml" --dc 0.064 --dw 10 --cols 40 "${RUN[@]}" --no-simulate \
    --json "$TMP/m0.json" || fail "map --no-simulate: exit $?"
jcheck "$TMP/m0.json" "--no-simulate: the fluid valuation printed, no simulation" \
    '.t_step_valuation == "fluid" and has("t_step_simulated") == false
     and has("t_step_valuation_reason") == false'
"$RINGMAP" "$D/sim_three_hosts.xml" --dc 0.064 --dw 10 --cols 40 "${RUN[@]}" \
    --json "$TMP/m1.json" || fail "map: exit $?"
near "$(jq -r .t_step_simulated "$TMP/m1.json")" 0.055 1e-9 "map by default, 3 hosts: 5 ms + 50 ms"
jcheck "$TMP/m1.json" "by default: the printed T_step is SimGrid's" \
    '.t_step_valuation == "simgrid" and .t_step == .t_step_simulated
     and .t_step_per_dw == .t_step_simulated / 10'
jq -e -n --slurpfile a "$TMP/m0.json" --slurpfile b "$TMP/m1.json" \
    '($a[0] | del(.ringmap_version, .t_step, .t_step_per_dw, .t_step_valuation)) ==
     ($b[0] | del(.ringmap_version, .t_step, .t_step_per_dw, .t_step_valuation, .t_step_simulated,
                  .t_step_per_dw_fluid))
     and $b[0].t_step_per_dw_fluid == $a[0].t_step_per_dw' >/dev/null ||
    fail "the judge changed the mapping beyond its printed T_step"
ok "by default: the same mapping as --no-simulate, SimGrid's T_step printed, the models' beside it"
"$RINGMAP" "$D/sim_three_hosts.xml" --dc 0.064 --dw 10 --cols 40 "${RUN[@]}" --simulate \
    --json "$TMP/m3.json" || fail "map --simulate: exit $?"
cmp -s <(jq 'del(.ringmap_version)' "$TMP/m1.json") <(jq 'del(.ringmap_version)' "$TMP/m3.json") ||
    fail "--simulate under the policy is not the default"
"$RINGMAP" "$D/sim_three_hosts.xml" --dc 0.064 --dw 10 --cols 40 "${RUN[@]}" --simulate --no-simulate \
    --json "$TMP/mn.json" || fail "map --simulate --no-simulate: exit $?"
cmp -s <(jq 'del(.ringmap_version)' "$TMP/m0.json") <(jq 'del(.ringmap_version)' "$TMP/mn.json") ||
    fail "--simulate --no-simulate is not --no-simulate"
ok "--simulate under the policy: the default's document; the last of --simulate/--no-simulate wins"
"$RINGMAP" "$D/sim_three_hosts.xml" --dc 0.064 --dw 10 --cols 40 --latency --parallel-send \
    --one-core > "$TMP/t.txt" || fail "map (text): exit $?"
grep -q "^  (simulated by SimGrid: CM02, iterapp's steps, steady pace, T_step = 0.055 s" "$TMP/t.txt" ||
    fail "the table does not say the T_step is SimGrid's: $(cat "$TMP/t.txt")"
ok "the table says the printed T_step is SimGrid's"
# over the size budget (3 positions x 4000 steps > 10000): not simulated by
# default, the model's T_step stays with a one-line note and the JSON's reason;
# --simulate lifts the budget
"$RINGMAP" "$D/sim_three_hosts.xml" --dc 0.064 --dw 10 --cols 40 "${RUN[@]}" \
    --simulate-steps 4000 --json "$TMP/m6.json" 2> "$TMP/err" || fail "map over the budget: exit $?"
[ "$(wc -l < "$TMP/err")" -eq 1 ] &&
    grep -q "^ringmap: note: not simulated, the model's T_step printed: .*3 ring positions x 4000 steps = 12000 is over the budget of 10000" "$TMP/err" ||
    fail "over the budget: want one note, got: $(cat "$TMP/err")"
jq -e -n --slurpfile a "$TMP/m0.json" --slurpfile b "$TMP/m6.json" \
    '($a[0] | del(.ringmap_version)) == ($b[0] | del(.ringmap_version, .t_step_valuation_reason))
     and $b[0].t_step_valuation == "fluid" and $b[0].t_step_valuation_reason == "over_budget"' \
    >/dev/null || fail "over the budget: not --no-simulate's document with the reason"
ok "over the budget: the fluid T_step kept, one note, t_step_valuation_reason over_budget"
"$RINGMAP" "$D/sim_three_hosts.xml" --dc 0.064 --dw 10 --cols 40 "${RUN[@]}" --simulate \
    --simulate-steps 3336 --json "$TMP/m7.json" 2> "$TMP/err" || fail "map --simulate over the budget: exit $?"
[ ! -s "$TMP/err" ] || fail "--simulate over the budget: $(cat "$TMP/err")"
near "$(jq -r .t_step_simulated "$TMP/m7.json")" 0.055 1e-9 "--simulate lifts the budget (3 x 3336 steps)"
# a refused simulation (more than the messages simulated at most): the model's
# T_step stays, with a one-line note
"$RINGMAP" "$D/sim_three_hosts.xml" --dc 0.064 --dw 10 --cols 40 "${RUN[@]}" --simulate \
    --simulate-steps 1000000 --json "$TMP/m2.json" 2> "$TMP/err" || fail "map, refused simulation: exit $?"
[ "$(wc -l < "$TMP/err")" -eq 1 ] && grep -q "^ringmap: note: not simulated, the model's T_step printed: .*more than the 4000000 messages" "$TMP/err" ||
    fail "refused simulation: want one note, got: $(cat "$TMP/err")"
jq -e -n --slurpfile a "$TMP/m0.json" --slurpfile b "$TMP/m2.json" \
    '($a[0] | del(.ringmap_version)) == ($b[0] | del(.ringmap_version, .t_step_valuation_reason))
     and $b[0].t_step_valuation_reason == "refused"' >/dev/null ||
    fail "refused simulation: not --no-simulate's document with the reason"
ok "refused simulation: the fluid T_step kept, one note, t_step_valuation_reason refused"
expect_exit 2 "--simulate-steps 1" "$D/sim_three_hosts.xml" --dc 0.064 --dw 10 "${RUN[@]}" \
    --simulate-steps 1
# outside the policy (--smpi-factors: SMPI's model, not CM02; no latency
# model) --simulate simulates, the printed T_step stays the model's, and a
# refusal is an error
"$RINGMAP" "$D/sim_three_hosts.xml" --dc 0.064 --dw 10 --cols 40 "${RUN[@]}" --smpi-factors \
    --json "$TMP/m5.json" || fail "map --smpi-factors: exit $?"
jcheck "$TMP/m5.json" "--smpi-factors: not simulated by default" \
    'has("t_step_simulated") == false and .t_step_valuation != "simgrid"'
"$RINGMAP" "$D/sim_three_hosts.xml" --dc 0.064 --dw 10 --cols 40 "${RUN[@]}" --smpi-factors \
    --simulate --json "$TMP/m5.json" || fail "map --smpi-factors --simulate: exit $?"
jcheck "$TMP/m5.json" "--smpi-factors --simulate: simulated, the model's T_step printed" \
    '.t_step_simulated > 0 and .t_step_valuation != "simgrid" and .t_step != .t_step_simulated'
"$RINGMAP" "$D/sim_three_hosts.xml" --dc 0.064 --dw 10 --cols 40 --parallel-send -q \
    --json "$TMP/m4.json" || fail "map without --latency: exit $?"
jcheck "$TMP/m4.json" "no latency model: not simulated by default" \
    'has("t_step_simulated") == false and has("t_step_valuation") == false'
"$RINGMAP" "$D/sim_three_hosts.xml" --dc 0.064 --dw 10 --cols 40 --parallel-send -q --simulate \
    --json "$TMP/m4.json" || fail "map --simulate without --latency: exit $?"
jcheck "$TMP/m4.json" "no latency model: simulated, the model's T_step printed" \
    '.t_step_simulated > 0 and has("t_step_valuation") == false'
expect_exit 2 "--smpi-factors --simulate refused" "$D/sim_three_hosts.xml" --dc 0.064 --dw 10 \
    --cols 40 "${RUN[@]}" --smpi-factors --simulate --simulate-steps 1000000
grep -q "more than the 4000000 messages" "$TMP/err" || fail "--simulate refused: $(cat "$TMP/err")"

# eval without --simulate: no such field
"$RINGMAP" eval "$D/sim_two_hosts.xml" --ring A,B --dc 0.064 --dw 10 "${RUN[@]}" --json "$TMP/n.json" ||
    fail "eval: exit $?"
jcheck "$TMP/n.json" "no t_step_simulated unless asked" 'has("t_step_simulated") == false'
"$RINGMAP" eval "$D/sim_two_hosts.xml" --ring A,B --dc 0.064 --dw 10 --latency --parallel-send \
    --one-core --simulate > "$TMP/t.txt" || fail "eval --simulate (text): exit $?"
grep -q "simulated by SimGrid (CM02, iterapp's steps, steady pace): T_step = 0.0696667 s" "$TMP/t.txt" ||
    fail "the table does not print the simulated T_step: $(cat "$TMP/t.txt")"
ok "the table prints the simulated T_step"

# refusals (exit 2, a message)
expect_exit 2 "--simulate on a GML platform" eval "$SRC/tests/data/star4.gml" --ring file-order \
    --dc 0.064 --dw 10 --latency --simulate -q
grep -q "not read from a SimGrid file" "$TMP/err" || fail "GML: $(cat "$TMP/err")"
expect_exit 2 "--simulate without D_c" eval "$D/sim_two_hosts.xml" --ring A,B --simulate -q
grep -q "needs the message size D_c" "$TMP/err" || fail "no D_c: $(cat "$TMP/err")"
finish_test
