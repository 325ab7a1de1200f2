# sim_pick.sh — SimGrid's run of the final candidates under the overlap
# model (mapper/sim_pick.c, docs/model.md "SimGrid's run of the final
# candidates"): with --simulate, --overlap, --latency, the fair model and the
# default pipeline on an uncalibrated SimGrid file (rm_mapping_judge's
# policy), the fluid check's choice, the additive pipeline's ring
# re-balanced under the overlap model, the additive pipeline's mapping with
# its own alphas and the other candidate lowest by the fluid step are each
# run by SimGrid, and the fastest is handed on with SimGrid's pace as its
# printed prediction.
#  - the fat-tree at D_c/D_w 0.064, 2,000 rows (iterapp's 143 columns): the
#    fluid step values the overlap ring and the additive ring re-balanced
#    both at 0.4200 ms; SimGrid runs them at 0.4272 and 0.4200 and the
#    additive mapping with its own alphas at 0.4120 (SMPI: 0.4302 and 0.4124):
#    that mapping is handed on, the additive pipeline's ring and alphas bit
#    for bit;
#  - the same fat-tree with the run's 143 whole columns (--cols 143): the
#    additive mapping with its own alphas runs its columns allocated under
#    the additive model (the integer allocation of eq. (1)'s balance), SimGrid
#    runs it at 0.4120 ms against 0.4200 and 0.4289, it is handed on, its
#    JSON's ring[].columns are the additive mapping's whole columns bit for
#    bit, and iterapp_smpi (where SMPI is installed) runs exactly those;
#  - the torus at the same sizes: the fluid check's choice is the fastest
#    in SimGrid too, the mapping is the one without --simulate;
#  - the default (no --simulate) picks the same; over the judge's budget
#    (a 251-host cluster: 251 x 40 steps > 10,000) it runs no candidate,
#    --simulate runs the mapping handed on;
#  - without --overlap, or under the reserved network model, no pick: the
#    mapping is the one without --simulate.
source "$(dirname "$0")/helpers.bash"

F="$SRC/bench/platforms/cluster_fat_tree.xml" T="$SRC/bench/platforms/cluster_torus.xml"
[ -f "$F" ] && [ -f "$T" ] || fail "bench/platforms is missing cluster_fat_tree.xml or cluster_torus.xml"
RUN=(--dc 0.128 --dw 1.999998 --latency --parallel-send --one-core -q)
OVL=(--overlap=2/143)
# ring FILE: the ring's hosts and alphas, bit for bit
ring() { jq -c '[.ring[] | [.label, .alpha]]' "$1"; }

"$RINGMAP" "$F" "${RUN[@]}" "${OVL[@]}" --simulate --json "$TMP/f.json" ||
    fail "cluster_fat_tree --overlap --simulate: exit $?"
"$RINGMAP" "$F" "${RUN[@]}" --no-simulate --json "$TMP/fa.json" ||
    fail "cluster_fat_tree additive: exit $?"
jcheck "$TMP/f.json" "fat-tree: four candidates simulated, the additive mapping's own alphas handed on" \
    '[.params.pipeline[] | select(.step == "simulated_pick")] as $s
     | ($s | length) == 4 and ([$s[] | select(.kept)] | length) == 1
     and ($s[0].note == "the fluid check'"'"'s choice") and ($s[0].kept | not)
     and ($s[1].note | test("additive pipeline.s ring, overlap alphas"))
     and ($s[2].note | test("additive pipeline.s mapping, its own alphas")) and $s[2].kept
     and ([$s[] | .t_step_per_dw_after] | min) == $s[2].t_step_per_dw_after
     and ($s[0].t_step_per_dw_after * 2e7 | round) == 4272
     and ($s[1].t_step_per_dw_after * 2e7 | round) == 4200
     and ($s[2].t_step_per_dw_after * 2e7 | round) == 4120
     and .params.alphas == "additive" and .t_step_valuation == "simgrid"
     and (.t_step_simulated * 1e7 | round) == 4120
     and .t_step_per_dw == $s[2].t_step_per_dw_after
     and ([.params.pipeline[] | select(.step == "search" or .step == "fluid_check") | .kept] | any | not)'
[ "$(ring "$TMP/f.json")" = "$(ring "$TMP/fa.json")" ] ||
    fail "fat-tree: the mapping handed on is not the additive pipeline's ring and alphas"
ok "fat-tree: the additive pipeline's ring and alphas, bit for bit"
# with the run's whole columns: the additive mapping's own alphas with the
# additive model's columns win, handed on bit for bit (ring, alphas, columns)
"$RINGMAP" "$F" "${RUN[@]}" "${OVL[@]}" --cols 143 --json "$TMP/fc.json" --machinefile "$TMP/fc.hosts" ||
    fail "cluster_fat_tree --overlap --cols 143: exit $?"
"$RINGMAP" "$F" "${RUN[@]}" --cols 143 --no-simulate --units 143 --json "$TMP/fac.json" ||
    fail "cluster_fat_tree additive --cols 143: exit $?"
jcheck "$TMP/fc.json" "fat-tree --cols 143: the additive mapping's own alphas and columns handed on" \
    '[.params.pipeline[] | select(.step == "simulated_pick")] as $s
     | ($s | length) == 4 and ([$s[] | select(.kept)] | length) == 1
     and ($s[2].note | test("additive pipeline.s mapping, its own alphas")) and $s[2].kept
     and ($s[0].t_step_per_dw_after * 2e7 | round) == 4289
     and ($s[1].t_step_per_dw_after * 2e7 | round) == 4200
     and ($s[2].t_step_per_dw_after * 2e7 | round) == 4120
     and .params.alphas == "additive" and .t_step_valuation == "simgrid"
     and (.t_step_simulated * 1e7 | round) == 4120
     and ([.ring[] | .columns] | add) == 143 and ([.ring[] | .columns >= 1] | all)'
[ "$(ring "$TMP/fc.json")" = "$(ring "$TMP/fa.json")" ] ||
    fail "fat-tree --cols 143: the mapping handed on is not the additive pipeline's ring and alphas"
cols() { jq -c '[.ring[] | .columns]' "$1"; }
[ "$(cols "$TMP/fc.json")" = "$(cols "$TMP/fac.json")" ] &&
    [ "$(cols "$TMP/fc.json")" = "$(jq -c '[.ring[] | .units]' "$TMP/fac.json")" ] ||
    fail "fat-tree --cols 143: columns $(cols "$TMP/fc.json"), the additive mapping's $(cols "$TMP/fac.json")"
ok "fat-tree --cols 143: the additive mapping's ring, alphas and whole columns, bit for bit"
# iterapp runs those columns as they are (its default --alloc columns)
SMPI_APP="$(dirname "$RINGMAP")/iterapp/iterapp_smpi"
if command -v smpirun >/dev/null && [ -x "$SMPI_APP" ]; then
    smpirun -platform "$F" -hostfile "$TMP/fc.hosts" -np 16 --cfg=smpi/simulate-computation:no \
        --log=root.thres:critical --cfg=network/model:CM02 --cfg=network/crosstraffic:0 \
        --cfg=smpi/bw-factor:1 --cfg=smpi/lat-factor:1 "$SMPI_APP" --mapping "$TMP/fc.json" \
        --rows 2000 --total-cols 143 --steps 4 --quiet --json "$TMP/fc.run.json" >/dev/null 2>&1 ||
        fail "iterapp_smpi on the --cols 143 mapping: exit $?"
    [ "$(jq -c '[.ranks | sort_by(.pos)[] | .cols]' "$TMP/fc.run.json")" = "$(cols "$TMP/fc.json")" ] ||
        fail "iterapp ran $(jq -c '[.ranks[] | .cols]' "$TMP/fc.run.json"), the mapping's columns are $(cols "$TMP/fc.json")"
    ok "iterapp_smpi runs the mapping's whole columns bit for bit"
else
    skip_part "smpirun or iterapp_smpi missing: iterapp's run of the mapping's columns"
fi
# the default (no --simulate: the judge's policy, under its budget) picks the same
"$RINGMAP" "$F" "${RUN[@]}" "${OVL[@]}" --json "$TMP/fd.json" || fail "cluster_fat_tree --overlap: exit $?"
[ "$(ring "$TMP/fd.json")" = "$(ring "$TMP/f.json")" ] ||
    fail "fat-tree: the default does not hand on what --simulate hands on"
ok "fat-tree: the default hands on SimGrid's pick too"
# the same mapping given to eval: the additive alphas valued under overlap, the same SimGrid run
"$RINGMAP" eval "$F" --ring "$TMP/fa.json" "${RUN[@]}" "${OVL[@]}" --alpha additive --simulate \
    --json "$TMP/e.json" || fail "eval --alpha additive --overlap --simulate: exit $?"
[ "$(ring "$TMP/e.json")" = "$(ring "$TMP/f.json")" ] ||
    fail "eval --alpha additive: not the alphas SimGrid's pick handed on"
jcheck "$TMP/e.json" "eval --alpha additive: SimGrid's pace of the mapping handed on" \
    '.params.alphas == "additive" and .t_step_simulated == $f[0].t_step_simulated' --slurpfile f "$TMP/f.json"

"$RINGMAP" "$F" --dc 0.128 --dw 1.999998 --latency --parallel-send --one-core "${OVL[@]}" --simulate \
    > "$TMP/f.txt" || fail "fat-tree text: exit $?"
grep -q "^  SimGrid's run of the final candidates (ms per step): the fluid check's choice 0.4272; .* its own alphas 0.4120 (handed on); " \
    "$TMP/f.txt" || fail "the text output does not say SimGrid's pick: $(grep -i simgrid "$TMP/f.txt")"
grep -q "^alphas: the additive model's balance" "$TMP/f.txt" ||
    fail "the text output does not say the alphas are the additive model's"
ok "the text output says SimGrid's pick in one line"

"$RINGMAP" "$T" "${RUN[@]}" "${OVL[@]}" --simulate --json "$TMP/t.json" ||
    fail "cluster_torus --overlap --simulate: exit $?"
"$RINGMAP" "$T" "${RUN[@]}" "${OVL[@]}" --no-simulate --json "$TMP/t0.json" ||
    fail "cluster_torus --overlap: exit $?"
jcheck "$TMP/t.json" "torus: the fluid check's choice is SimGrid's fastest, kept" \
    '[.params.pipeline[] | select(.step == "simulated_pick")] as $s
     | ($s | length) == 4 and $s[0].kept and ([$s[1:][] | .kept] | any | not)
     and ([$s[1:][] | .t_step_per_dw_after > $s[0].t_step_per_dw_after] | all)
     and (has("params") and (.params | has("alphas") | not)) and .t_step_valuation == "simgrid"
     and (.t_step_simulated * 1e7 | round) == 2060'
[ "$(ring "$TMP/t.json")" = "$(ring "$TMP/t0.json")" ] ||
    fail "torus: SimGrid's pick changed a mapping it ranks first"
ok "torus: the same ring and alphas as without --simulate"

# the judge's budget (RM_SIMULATE_BUDGET, 10,000 positions x steps): on a
# 251-host cluster the default's pick runs no candidate (251 x 40 steps),
# its step says so, the model's T_step is printed; --simulate lifts the
# budget for the mapping handed on (the same ring and alphas)
B="$TMP/c251.xml"
cat > "$B" <<'XML'
<?xml version='1.0'?>
<!DOCTYPE platform SYSTEM "https://simgrid.org/simgrid.dtd">
<platform version="4.1">
  <cluster id="c" prefix="n-" suffix="" radical="0-250" speed="1Gf" bw="125MBps" lat="50us"/>
</platform>
XML
BR=(--dc 0.0128 --dw 20 --latency --parallel-send --one-core -q "${OVL[@]}")
"$RINGMAP" "$B" "${BR[@]}" --json "$TMP/b.json" 2>"$TMP/b.err" || fail "251 hosts --overlap: exit $?"
grep -q "note: not simulated.* 251 ring positions x 40 steps = 10040 is over the budget" "$TMP/b.err" ||
    fail "251 hosts: no note of the budget: $(cat "$TMP/b.err")"
jcheck "$TMP/b.json" "251 hosts, the default: no candidate run (over the budget), the model's T_step" \
    '[.params.pipeline[] | select(.step == "simulated_pick")] as $s
     | ($s | length) == 1 and ($s[0].kept | not) and $s[0].t_step_per_dw_after == null
     and ($s[0].note | test("251 positions x 40 steps over the budget of 10000"))
     and (.ring | length) == 251 and .t_step_valuation != "simgrid"
     and .t_step_valuation_reason == "over_budget"'
"$RINGMAP" "$B" "${BR[@]}" --simulate --json "$TMP/bs.json" || fail "251 hosts --simulate: exit $?"
jcheck "$TMP/bs.json" "251 hosts, --simulate: the budget lifted, SimGrid's pace printed" \
    '.t_step_valuation == "simgrid" and .t_step_simulated > 0 and .t_step == .t_step_simulated'
[ "$(ring "$TMP/b.json")" = "$(ring "$TMP/bs.json")" ] ||
    fail "251 hosts: --simulate changed the mapping"
ok "251 hosts: the same ring and alphas with --simulate"

# no pick outside the overlap model or under the reserved network model
for v in add res; do
    case $v in
    add) X=() ;;
    res) X=("${OVL[@]}" --network reserved) ;;
    esac
    "$RINGMAP" "$F" "${RUN[@]}" "${X[@]}" --simulate --json "$TMP/$v.json" 2>/dev/null ||
        fail "fat-tree $v --simulate: exit $?"
    "$RINGMAP" "$F" "${RUN[@]}" "${X[@]}" --no-simulate --json "$TMP/$v.0.json" ||
        fail "fat-tree $v: exit $?"
    jcheck "$TMP/$v.json" "fat-tree $v: no simulated pick" \
        '[.params.pipeline[] | select(.step == "simulated_pick")] | length == 0'
    [ "$(ring "$TMP/$v.json")" = "$(ring "$TMP/$v.0.json")" ] ||
        fail "fat-tree $v: --simulate changed the mapping"
    ok "fat-tree $v: the same ring and alphas as without --simulate"
done
finish_test
