#!/usr/bin/env bash
# `ringmap eval PLATFORM --ring RING`: a ring the user gives, valued as the
# map command values its own (rm_ring_eval): the 3-host oracle (Proposition 1
# of Legrand et al. 2004: 0.591428571), the mapper's ring given back through
# its JSON (the same T_step bit for bit), hostfiles, machinefiles, rankfiles,
# comma lists and file order giving the same ring the same T_step, the
# outputs (JSON params, launch files read back, export-simgrid taking the
# JSON, T_step in s), and every refusal with its message and exit 2.
source "$(dirname "$0")/helpers.bash"

# bad_eval PATTERN DESCRIPTION ARGS...: exit 2, nothing on stdout, a
# "ringmap eval: " message containing PATTERN.
bad_eval() {
    local pat=$1 desc=$2
    shift 2
    expect_exit 2 "$desc" "$@"
    grep -q '^ringmap eval: ' "$TMP/err" || fail "$desc: stderr: $(cat "$TMP/err")"
    grep -qF -- "$pat" "$TMP/err" || fail "$desc: stderr does not mention '$pat': $(cat "$TMP/err")"
    [ ! -s "$TMP/out" ] || fail "$desc: something was printed on stdout"
}

H3=$SRC/platforms/test/homogeneous3.gml # P0, P1, P2: w = 1, 2, 4; a triangle of 1 Mb/s

# --- the oracle, under both network models
for nm in fair reserved; do
    expect_exit 0 "oracle $nm" eval "$H3" --ring P0,P1,P2 --duplex full --dc-dw 0.01 \
        --network $nm --json -
    jcheck "$TMP/out" "oracle $nm: T_step/D_w = 0.591428571" \
        '(.t_step_per_dw - 0.591428571 | fabs) < 1e-9'
    jcheck "$TMP/out" "oracle $nm: params" \
        '.params.given_ring == true and .params.network == $nm and .params.alphas == "best"
         and (.params | has("heuristic") | not) and (.sweep == [])' --arg nm $nm
done
# --- the overlap model (docs/model.md, "The overlap model"): every host's
# C = 1 + 1 s/Mb, d = 0.02; F = 0: max(d, w_cumul = 4/7); F = 1: the
# additive 0.591428571; at D_c/D_w 0.5 the communication bound d = 1 wins
# (additive: 4/7 (1 + 0.5 x 2 x 1.75) = 1.571428571)
for f in 0 0.5 1; do
    expect_exit 0 "overlap $f" eval "$H3" --ring P0,P1,P2 --duplex full --dc-dw 0.01 \
        --overlap=$f --json -
    want=0.571428571; [ $f = 1 ] && want=0.591428571
    jcheck "$TMP/out" "overlap $f: T_step/D_w = $want" \
        '(.t_step_per_dw - ($w | tonumber) | fabs) < 1e-9 and .params.overlap == ($f | tonumber)' \
        --arg w $want --arg f $f
done
expect_exit 0 "overlap, communication-bound" eval "$H3" --ring P0,P1,P2 --duplex full \
    --dc-dw 0.5 --overlap --json -
jcheck "$TMP/out" "overlap, communication-bound: 1" '(.t_step_per_dw - 1 | fabs) < 1e-12'
expect_exit 0 "additive, same ring" eval "$H3" --ring P0,P1,P2 --duplex full --dc-dw 0.5 --json -
jcheck "$TMP/out" "additive: 1.571428571, no params.overlap" \
    '(.t_step_per_dw - 1.571428571 | fabs) < 1e-9 and (.params | has("overlap") | not)'
bad_eval "--overlap: expected the boundary fraction" "overlap 1.5" eval "$H3" --ring P0,P1,P2 \
    --overlap=1.5
# the absolute boundary (--overlap=K/N: K of the step's N columns on every
# host, b/D_w = 1/20), D_c/D_w 0.2: d = 0.4 each, every host holds at least
# its boundary: T = max(max_i (d + w_i/20), w_cumul 4/7) = 0.6 (F = 0: 4/7;
# additive: 0.4 + 4/7)
expect_exit 0 "overlap 1/20" eval "$H3" --ring P0,P1,P2 --duplex full --dc-dw 0.2 \
    --overlap=1/20 --json -
jcheck "$TMP/out" "overlap 1/20: T_step/D_w = 0.6, params" \
    '(.t_step_per_dw - 0.6 | fabs) < 1e-12 and .params.overlap == 0
     and .params.overlap_boundary_dw == 0.05 and ([.ring[].alpha] | min) >= 0.05'
expect_exit 0 "overlap 1/20, table" eval "$H3" --ring P0,P1,P2 --duplex full --dc-dw 0.2 \
    --overlap=1/20
grep -q "absolute boundary b/D_w 0.05 on every host" "$TMP/out" ||
    fail "overlap 1/20: the table does not name the absolute boundary: $(cat "$TMP/out")"
for b in 3/2 1/0 -1/4 x/4 1/ /4 1/4/2; do
    bad_eval "--overlap=K/N: expected the absolute boundary" "overlap $b" eval "$H3" \
        --ring P0,P1,P2 --overlap=$b
done
# the mapper under it: the same ring (all three hosts) and value; the final
# solvers (the additive model's optimum) refused
expect_exit 0 "map --overlap" map "$H3" --duplex full --dc-dw 0.01 --overlap --json -
jcheck "$TMP/out" "map --overlap: 4/7 with the three hosts" \
    '(.t_step_per_dw - 0.571428571 | fabs) < 1e-9 and (.ring | length) == 3
     and .params.overlap == 0'
expect_exit 2 "map --overlap --final-solver kinsol" map "$H3" --overlap --network reserved \
    --final-solver kinsol
grep -qF "not the overlap model's" "$TMP/err" || fail "final solver: $(cat "$TMP/err")"
expect_exit 2 "map --overlap --heuristic slice-exact" map "$H3" --overlap --heuristic slice-exact
grep -qF "not the overlap model" "$TMP/err" || fail "slice-exact: $(cat "$TMP/err")"

# half duplex: each link carries both directions of its ring edge (0.5 Mb/s
# each under max-min): 4/7 + 2 x 0.01 x 2 = 0.611428571; the reserved optimum
# moves bandwidth to where it pays and is lower
expect_exit 0 "half duplex fair" eval "$H3" --ring P0,P1,P2 --dc-dw 0.01 --network fair --json -
jcheck "$TMP/out" "half duplex fair: 0.611428571" '(.t_step_per_dw - 0.611428571 | fabs) < 1e-9'
expect_exit 0 "half duplex reserved" eval "$H3" --ring P0,P1,P2 --dc-dw 0.01 --network reserved \
    --json -
jcheck "$TMP/out" "half duplex reserved: below fair" \
    '.t_step_per_dw < 0.611428571 - 1e-4 and .params.final_solver == "glpk"'
expect_exit 0 "oracle, table" eval "$H3" --ring P0,P1,P2 --duplex full --dc-dw 0.01 \
    --network fair
grep -q 'given ring, network fair' "$TMP/out" || fail "table header: $(head -3 "$TMP/out")"
grep -q 'T_step/D_w = 0.591429 s/Mflop with a ring of 3 hosts' "$TMP/out" || fail "table T_step"
ok "table"

# --- the mapper's ring given back through its JSON: the same T_step, bit for bit
P=$SRC/platforms/geant2009.gml
# (--no-improve: SliceRing's own ring in both maps, the one the eval values)
expect_exit 0 "map slice" "$P" --heuristic slice --no-improve --dc-dw 0.064 --json "$TMP/slice.json" -q
expect_exit 0 "eval its ring" eval "$P" --ring "$TMP/slice.json" --dc-dw 0.064 --network fair \
    --json "$TMP/e.json" -q
jcheck "$TMP/e.json" "eval fair = SliceRing's T_step bit for bit" \
    '.t_step_per_dw == $s[0].t_step_per_dw' --slurpfile s "$TMP/slice.json"
jcheck "$TMP/e.json" "the same ring order" \
    '[.ring[].node] == [$s[0].ring[].node]' --slurpfile s "$TMP/slice.json"
expect_exit 0 "map slice + glpk" "$P" --network reserved --heuristic slice --no-improve --dc-dw 0.064 --final-solver glpk \
    --json "$TMP/glpk.json" -q
expect_exit 0 "eval reserved" eval "$P" --ring "$TMP/slice.json" --dc-dw 0.064 \
    --network reserved --json "$TMP/r.json" -q
jcheck "$TMP/r.json" "eval reserved = the lower of GLPK's and max-min's, bit for bit" \
    '.t_step_per_dw == ([$s[0].t_step_per_dw, $g[0].t_step_per_dw] | min)' \
    --slurpfile s "$TMP/slice.json" --slurpfile g "$TMP/glpk.json"
expect_exit 0 "note: D_c/D_w differs" eval "$P" --ring "$TMP/slice.json" --dc-dw 0.0064 -q
grep -q "mapped at D_c/D_w = 0.064; valued here at 0.0064" "$TMP/err" || fail "note: $(cat "$TMP/err")"
ok "note on another D_c/D_w"

# --- a SharedRing mapping given back: its own routes (widest paths on the
# residual bandwidths, rm_ring_eval_routes), not routes taken again on the
# full capacities; the same ring by names is routed again (here 1.048 x)
expect_exit 0 "map shared" "$P" --heuristic shared --no-improve --dc-dw 0.064 \
    --json "$TMP/shared.json" -q
expect_exit 0 "eval its ring and routes" eval "$P" --ring "$TMP/shared.json" --dc-dw 0.064 \
    --network fair --json "$TMP/se.json" -q
jcheck "$TMP/se.json" "eval fair = SharedRing's T_step bit for bit" \
    '.t_step_per_dw == $s[0].t_step_per_dw' --slurpfile s "$TMP/shared.json"
jcheck "$TMP/se.json" "SharedRing's routes kept" \
    '[.ring[] | .succ.links, .pred.links] == [$s[0].ring[] | .succ.links, .pred.links]' \
    --slurpfile s "$TMP/shared.json"
jq -r '.ring[].label' "$TMP/shared.json" >"$TMP/shared.names"
expect_exit 0 "eval the ring by names" eval "$P" --ring "$TMP/shared.names" --dc-dw 0.064 \
    --network fair --json "$TMP/sn.json" -q
jcheck "$TMP/sn.json" "by names: routed again, slower" \
    '.t_step_per_dw > 1.04 * $s[0].t_step_per_dw and
     [.ring[] | .succ.links, .pred.links] != [$s[0].ring[] | .succ.links, .pred.links]' \
    --slurpfile s "$TMP/shared.json"
jq '.ring[0].succ.links[0] = 99999' "$TMP/shared.json" >"$TMP/badroute.json"
bad_eval "ring[0].succ hop 1: link 99999" "a route's link not in the platform" \
    eval "$P" --ring "$TMP/badroute.json" --dc-dw 0.064
jq '.ring[1].pred.links = .ring[1].succ.links | .ring[1].pred.nodes = .ring[1].succ.nodes' \
    "$TMP/shared.json" >"$TMP/badroute2.json"
expect_exit 2 "a route to the wrong neighbour" eval "$P" --ring "$TMP/badroute2.json" --dc-dw 0.064
ok "a mapping's own routes"

# --- the same ring from a hostfile, a machinefile, a rankfile and a list
LIST=$(jq -r '[.ring[].label] | join(",")' "$TMP/e.json")
Q=$(jq '.ring | length' "$TMP/e.json")
{
    echo "# the rank order of my run"
    jq -r '.ring[] | "\(.label) slots=4"' "$TMP/e.json" | sed '2s/$/   # a comment/'
} >"$TMP/hosts"
jq -r '.ring[] | "\(.label):1"' "$TMP/e.json" >"$TMP/machines"
jq -r '.ring | to_entries | reverse[] | "rank \(.key)=\(.value.label) slot=0"' "$TMP/e.json" \
    >"$TMP/rankfile"
T=$(jq .t_step_per_dw "$TMP/e.json")
for ring in "$TMP/hosts" "$TMP/machines" "$TMP/rankfile" "$LIST"; do
    expect_exit 0 "eval --ring ${ring##*/}" eval "$P" --ring "$ring" --dc-dw 0.064 \
        --network fair --json -
    jcheck "$TMP/out" "${ring##*/}: the same T_step" '.t_step_per_dw == $t' --argjson t "$T"
    jcheck "$TMP/out" "${ring##*/}: $Q positions" '.ring | length == $q' --argjson q "$Q"
done
expect_exit 0 "slots note" eval "$P" --ring "$TMP/hosts" --dc-dw 0.064 -q
grep -q "slot counts (up to 4) are not ring positions" "$TMP/err" || fail "slots note: $(cat "$TMP/err")"
ok "slots note"

# --- file order, alphas by speed, absolute T_step, launch files read back
expect_exit 0 "file-order, alphas by speed" eval "$P" --ring file-order --alpha speed \
    --dc 0.64 --dw 10 --network fair --json "$TMP/fo.json" --hostfile "$TMP/fo.hosts" \
    --machinefile "$TMP/fo.machines"
grep -q '^T_step = .* s (D_c = 0.64 Mb, D_w = 10 Mflop)' "$TMP/out" || fail "T_step in s"
jcheck "$TMP/fo.json" "file order: every host, alphas proportional to speed" \
    '.params.alphas == "speed" and (.ring | length) == .platform.hosts and
     ([.ring[] | .alpha * .w] | (max - min) < 1e-12) and (.t_step - .t_step_per_dw * 10 | fabs) < 1e-15'
H=$(jq -r '[.ring[].label] | join(",")' "$TMP/fo.json")
[ "$(grep -v '^#' "$TMP/fo.hosts" | cut -d' ' -f1 | paste -sd,)" = "$H" ] || fail "hostfile order"
for f in fo.hosts fo.machines fo.json; do
    expect_exit 0 "read back $f" eval "$P" --ring "$TMP/$f" --alpha speed --dc 0.64 --dw 10 \
        --network fair --json -
    jcheck "$TMP/out" "$f: the same T_step" '.t_step_per_dw == $a[0].t_step_per_dw' \
        --slurpfile a "$TMP/fo.json"
done
expect_exit 0 "export-simgrid takes eval's JSON" export-simgrid "$P" "$TMP/fo.json" \
    -o "$TMP/fo.xml" --hostfile "$TMP/fo.sg"
[ "$(paste -sd, "$TMP/fo.sg")" = "$H" ] || fail "export-simgrid hostfile order"
ok "export-simgrid hostfile in ring order"

# --- refusals
S4=$SRC/tests/data/star4.gml # router R; hosts A, B, C
printf 'A\n\nB slots=2\nZ\n' >"$TMP/unknown"
bad_eval "$TMP/unknown:4: no host named 'Z'" "unknown host, by line" eval "$S4" --ring "$TMP/unknown"
printf '# x\nA\nB\nA slots=1\n' >"$TMP/twice"
bad_eval "$TMP/twice:4: host 'A' again (first at $TMP/twice:2)" "repeated host" \
    eval "$S4" --ring "$TMP/twice"
printf 'A\nR\n' >"$TMP/router"
bad_eval "$TMP/router:2: 'R' is a router, not a host" "router" eval "$S4" --ring "$TMP/router"
printf '# nobody\n\n' >"$TMP/empty"
bad_eval "no host in the file (an empty ring)" "empty hostfile" eval "$S4" --ring "$TMP/empty"
printf 'A slots=two\n' >"$TMP/slots"
bad_eval "$TMP/slots:1: slots=two: expected an integer >= 1" "bad slots" eval "$S4" --ring "$TMP/slots"
bad_eval "--ring item 2 is empty" "empty list item" eval "$S4" --ring A,,B
bad_eval "--ring item 3: no host named 'D'" "unknown host in a list" eval "$S4" --ring A,B,D
bad_eval "--ring item 3: host 'A' again (first at --ring item 1)" "repeated in a list" \
    eval "$S4" --ring A,B,A
bad_eval "--ring RING is required" "no --ring" eval "$S4"
bad_eval "cannot open" "missing file" eval "$S4" --ring ./nonexistent/hosts
bad_eval "--network: expected reserved or fair, got 'tcp'" "bad --network" \
    eval "$S4" --ring A,B --network tcp
bad_eval "--alpha: expected best, speed or additive, got 'equal'" "bad --alpha" \
    eval "$S4" --ring A,B --alpha equal
# (refused by the library's option check, rm_options_check, as for map)
expect_exit 2 "a final solver under fair" eval "$S4" --ring A,B --network fair --final-solver kinsol
grep -qF -- "--final-solver kinsol" "$TMP/err" && grep -qF -- "--network reserved" "$TMP/err" ||
    fail "a final solver under fair: stderr: $(cat "$TMP/err")"
bad_eval "no route from 'A' to 'B'" "no direct route" eval "$S4" --ring A,B,C --routing direct
echo '{"ring": [{"node": 999, "label": "x", "w": 1, "alpha": 1}], "params": {"dc_dw": 0.01}}' \
    >"$TMP/far.json"
bad_eval "ring[0].node: GML node id 999 is not in platform" "JSON node not in the platform" \
    eval "$P" --ring "$TMP/far.json"
cp "$TMP/hosts" "$TMP/inout"
expect_exit 2 "an output over the ring file" eval "$P" --ring "$TMP/inout" --hostfile "$TMP/inout"
cmp -s "$TMP/hosts" "$TMP/inout" || fail "the ring file was overwritten"
ok "the ring file left as it was"
bad_eval "--latency needs the absolute sizes" "latency without --dc" \
    eval "$S4" --ring A,B --latency
expect_exit 0 "eval --help" eval --help
grep -q -- "--ring RING" "$TMP/out" || fail "--help lacks --ring"
grep -q "file-order" "$TMP/out" || fail "--help lacks file-order"
expect_exit 0 "ringmap --help lists eval" --help
grep -q '^  eval ' "$TMP/out" || fail "ringmap --help does not list eval"
ok "help"
finish_test
