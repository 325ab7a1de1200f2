# json.sh — the JSON output (DESIGN.md, "a stable interface"): every field
# present with the right type on platforms/test/star3.gml, the invariants
# recomputed in jq (alpha sums to 1; time_per_dw = alpha*w + dc_dw*(1/b_succ +
# 1/b_pred); t_step_per_dw = max time_per_dw; link_usage = sum of the route
# bandwidths per link; routes join ring neighbours), the hand-solved 3-host
# star (docs/sources.md, "Oracles": max-min 0.408, optimal 0.4077941, full duplex 0.404,
# SliceRing 0.408 with unshared estimate 0.402), q = 1, --dc/--dw, and where
# the table and the JSON go (--json FILE, --json -, --quiet).
source "$(dirname "$0")/helpers.bash"

STAR="$SRC/platforms/test/star3.gml"
[ -f "$STAR" ] || fail "$STAR is missing"
OWN="$TMP/own_star3.gml"
write_star3 "$OWN"

# schema_checks FILE: field types and recomputed invariants of one mapping JSON.
schema_checks() {
    local f=$1
    jcheck "$f" "ringmap_version is a string" '.ringmap_version | type == "string"'
    jcheck "$f" "platform{name,hosts,routers,links}" \
        '.platform | (.name|type) == "string" and (.hosts|type) == "number" and (.routers|type) == "number" and (.links|type) == "number" and .hosts >= 1'
    jcheck "$f" "params{dc_dw,heuristic,sharing|make_feasible,final_solver,duplex,routing,latency,parallel_send,max_q}" \
        '.params | (.dc_dw|type) == "number" and (.heuristic == "shared" or .heuristic == "slice")
         and (if .heuristic == "shared" then (.sharing | IN("greedy", "maxmin", "eq5")) and (has("make_feasible") | not)
              else (.make_feasible | IN("maxmin", "eq5")) and (has("sharing") | not) end)
         and (.final_solver | IN("none", "kinsol", "glpk")) and (.duplex == "half" or .duplex == "full")
         and (.routing | IN("widest", "direct", "fixed")) and (.latency|type) == "boolean"
         and (.parallel_send|type) == "boolean" and (.max_q|type) == "number" and (has("refine") | not)'
    jcheck "$f" "t_step_per_dw is a positive number" '(.t_step_per_dw|type) == "number" and .t_step_per_dw > 0'
    jcheck "$f" "ring is a non-empty array of distinct hosts" \
        '(.ring|type) == "array" and (.ring|length) >= 1 and (.ring|length) <= .platform.hosts and ([.ring[].node]|unique|length) == (.ring|length)'
    jcheck "$f" "ring entries {node,label,w,alpha,time_per_dw}" \
        'all(.ring[]; (.node|type) == "number" and (.label|type) == "string" and (.w|type) == "number" and .w > 0 and (.alpha|type) == "number" and .alpha >= 0 and (.time_per_dw|type) == "number")'
    jcheck "$f" "succ/pred routes join ring neighbours (null if q = 1)" '
        def route(a; b): type == "object" and (.nodes|type) == "array" and (.links|type) == "array"
            and (.nodes|length) == (.links|length) + 1 and (.links|length) >= 1
            and all(.nodes[]; type == "number") and all(.links[]; type == "number")
            and (.bandwidth|type) == "number" and .bandwidth > 0
            and .nodes[0] == a and .nodes[-1] == b;
        .ring as $r | ($r|length) as $q
        | all(range(0; $q); . as $k | $r[$k] |
            if $q == 1 then .succ == null and .pred == null
            else (.succ | route($r[$k].node; $r[($k + 1) % $q].node))
             and (.pred | route($r[$k].node; $r[($k + $q - 1) % $q].node)) end)'
    jcheck "$f" "alpha sums to 1" '(([.ring[].alpha] | add) - 1 | fabs) < 1e-9'
    jcheck "$f" "time_per_dw = alpha*w + dc_dw*(1/b_succ + 1/b_pred)" '
        .params.dc_dw as $d
        | all(.ring[]; ((.alpha * .w + (if .succ == null then 0 else $d * (1/.succ.bandwidth + 1/.pred.bandwidth) end)) - .time_per_dw | fabs) <= 1e-9 * .time_per_dw)'
    jcheck "$f" "t_step_per_dw = max of ring[].time_per_dw" \
        '([.ring[].time_per_dw] | max) as $m | ((.t_step_per_dw - $m) | fabs) <= 1e-9 * .t_step_per_dw'
    jcheck "$f" "link_usage entries {link,capacity,allocated}" \
        '(.link_usage|type) == "array" and all(.link_usage[]; (.link|type) == "number" and (.capacity|type) == "number" and .capacity > 0 and (.allocated|type) == "number" and .allocated > 0)'
    jcheck "$f" "link_usage = sum of route bandwidths per used link, ascending" '
        . as $m | [.ring[] | (.succ, .pred) | select(. != null) | .bandwidth as $b | .links[] | {l: ., b: $b}]
        | group_by(.l) | map({link: .[0].l, allocated: (map(.b) | add)}) as $u
        | $m.link_usage as $lu
        | ([$lu[].link] == [$u[].link])
          and all(range(0; $u|length); (($u[.].allocated - $lu[.].allocated) | fabs) <= 1e-9 * $u[.].allocated)'
    jcheck "$f" "sweep: ring sizes tried, increasing, with numbers" \
        '(.sweep|type) == "array" and (.sweep|length) >= 1 and all(.sweep[]; (.q|type) == "number" and .q >= 1 and (.t_step_per_dw|type) == "number") and ([.sweep[].q] | . == (sort|unique))'
    jcheck "$f" "sweep entry of the chosen size equals t_step_per_dw" \
        '(.ring|length) as $q | .t_step_per_dw as $t | any(.sweep[]; .q == $q and ((.t_step_per_dw - $t) | fabs) <= 1e-12 * $t)'
    if jq -e '.params.heuristic == "slice"' "$f" >/dev/null; then
        jcheck "$f" "SliceRing: t_step_per_dw_unshared everywhere, chosen by it" \
            '(.t_step_per_dw_unshared|type) == "number" and all(.sweep[]; (.t_step_per_dw_unshared|type) == "number") and (.t_step_per_dw_unshared as $u | all(.sweep[]; .t_step_per_dw_unshared >= $u * (1 - 1e-12)))'
    else
        jcheck "$f" "SharedRing: no unshared estimate; best size of the sweep chosen" \
            '(has("t_step_per_dw_unshared")|not) and (.t_step_per_dw as $t | all(.sweep[]; .t_step_per_dw >= $t * (1 - 1e-12)))'
    fi
}

# half duplex, no backbone: no link over capacity
capacity_check() {
    jcheck "$1" "half duplex: allocated <= capacity on every link" \
        'all(.link_usage[]; .allocated <= .capacity * (1 + 1e-9))'
}

for h in shared slice; do
    for r in greedy maxmin eq5; do
        f=$r
        [ "$r" = greedy ] && f=maxmin
        echo "--- $STAR --heuristic $h --sharing $r --make-feasible $f"
        net=fair # eq. (5)'s shares in SliceRing's make-feasible step: a reservation
        [ "$h/$f" = slice/eq5 ] && net=reserved
        expect_exit 0 "json $h/$r to a file" "$STAR" --network $net --heuristic $h --sharing $r --make-feasible $f --json "$TMP/m.json" --quiet
        [ ! -s "$TMP/out" ] || fail "--quiet printed something on stdout"
        schema_checks "$TMP/m.json"
        grep -q backbone "$STAR" || capacity_check "$TMP/m.json"
        jcheck "$TMP/m.json" "params echo the options" '.params.dc_dw == 0.0064 and .params.heuristic == $h and .params.duplex == "half" and .params.final_solver == "none" and .params.network == $net and (if $h == "shared" then .params.sharing == $r else .params.make_feasible == $f end)' --arg h $h --arg r $r --arg f $f --arg net $net
    done
done

echo "--- q = 1 (--max-q 1)"
expect_exit 0 "--max-q 1" "$STAR" --max-q 1 --json "$TMP/q1.json" --quiet
schema_checks "$TMP/q1.json"
jcheck "$TMP/q1.json" "q = 1: one host, alpha 1, T_step/D_w = its w, no routes" \
    '(.ring|length) == 1 and .ring[0].alpha == 1 and ((.t_step_per_dw - .ring[0].w) | fabs) <= 1e-12 and .link_usage == [] and [.sweep[].q] == [1]'

echo "--- the hand-solved star (docs/sources.md), D_c/D_w = 0.01"
expect_exit 0 "star, max-min" "$OWN" --dc-dw 0.01 --sharing maxmin --json "$TMP/s.json" --quiet
schema_checks "$TMP/s.json"
capacity_check "$TMP/s.json"
jcheck "$TMP/s.json" "star max-min: 3 hosts, every route 2.5 Mb/s, T_step/D_w = 0.408" \
    '(.ring|length) == 3 and all(.ring[]; (.succ.bandwidth - 2.5 | fabs) < 1e-9 and (.pred.bandwidth - 2.5 | fabs) < 1e-9) and ((.t_step_per_dw - 0.408) | fabs) < 1e-9'
jcheck "$TMP/s.json" "star platform summary: 3 hosts, 1 router, 3 links" \
    '.platform.hosts == 3 and .platform.routers == 1 and .platform.links == 3'
jcheck "$TMP/s.json" "star link usage: each link carries 4 routes of 2.5 (10 Mb/s)" \
    '[.link_usage[].link] == [0, 1, 2] and [.link_usage[].capacity] == [10, 10, 20] and all(.link_usage[]; (.allocated - 10 | fabs) < 1e-9)'
jcheck "$TMP/s.json" "star node ids are the GML ids, labels P0..P2" \
    '([.ring[].node] | sort) == [0, 1, 2] and all(.ring[]; .label == "P\(.node)") and all(.ring[]; .succ.nodes[1] == 3)'
jcheck "$TMP/s.json" "star sweep: q=1 -> 1, q=2 -> 0.508, q=3 -> 0.408" \
    '[.sweep[].q] == [1, 2, 3] and ((.sweep[0].t_step_per_dw - 1) | fabs) < 1e-12 and ((.sweep[1].t_step_per_dw - 0.508) | fabs) < 1e-9 and ((.sweep[2].t_step_per_dw - 0.408) | fabs) < 1e-9'

expect_exit 0 "star, eq. (5) shares" "$OWN" --paper --dc-dw 0.01 --sharing eq5 --json "$TMP/o.json" --quiet
schema_checks "$TMP/o.json"
capacity_check "$TMP/o.json"
jcheck "$TMP/o.json" "star eq. (5) shares: T_step/D_w = 0.4077941" \
    '(.ring|length) == 3 and ((.t_step_per_dw - 0.4077941) | fabs) < 1e-6'

expect_exit 0 "star, full duplex, max-min" "$OWN" --dc-dw 0.01 --sharing maxmin --duplex full --json "$TMP/f.json" --quiet
schema_checks "$TMP/f.json"
jcheck "$TMP/f.json" "star full duplex: routes 5 Mb/s, T_step/D_w = 0.404, 20 Mb/s on a 10 Mb/s link" \
    '.params.duplex == "full" and ((.t_step_per_dw - 0.404) | fabs) < 1e-9 and all(.ring[]; (.succ.bandwidth - 5 | fabs) < 1e-9) and ((.link_usage[0].allocated - 20) | fabs) < 1e-9'

expect_exit 0 "star, SliceRing" "$OWN" --dc-dw 0.01 --heuristic slice --json "$TMP/sl.json" --quiet
schema_checks "$TMP/sl.json"
capacity_check "$TMP/sl.json"
jcheck "$TMP/sl.json" "star SliceRing: feasible 0.408, unshared estimate 0.402, sweep 1/0.508/0.408 and 1/0.502/0.402" '
    def near(a; b): ((a - b) | fabs) < 1e-9;
    (.ring|length) == 3 and near(.t_step_per_dw; 0.408) and near(.t_step_per_dw_unshared; 0.402)
    and .params.make_feasible == "maxmin" and .params.final_solver == "none"
    and near(.sweep[1].t_step_per_dw; 0.508) and near(.sweep[1].t_step_per_dw_unshared; 0.502)
    and near(.sweep[2].t_step_per_dw; 0.408) and near(.sweep[0].t_step_per_dw_unshared; 1)'

echo "--- absolute D_c and D_w"
expect_exit 0 "--dc 0.02 --dw 2" "$OWN" --dc 0.02 --dw 2 --sharing maxmin --json "$TMP/abs.json"
jcheck "$TMP/abs.json" "--dc/--dw: dc_dw = 0.01, params dc/dw, t_step = 0.816 s" \
    '.params.dc_dw == 0.01 and .params.dc == 0.02 and .params.dw == 2 and ((.t_step - 0.816) | fabs) < 1e-9'
grep -q "T_step = 0.816 s" "$TMP/out" || fail "table does not give the absolute T_step: $(cat "$TMP/out")"
ok "table gives the absolute T_step (0.816 s)"

echo "--- where the outputs go"
expect_exit 0 "table on stdout" "$OWN" --dc-dw 0.01 --sharing maxmin
for s in "T_step/D_w = 0.408" "P0" "R3" "->" "ring size" "alpha"; do
    grep -qF -- "$s" "$TMP/out" || fail "table lacks '$s': $(cat "$TMP/out")"
done
ok "table: T_step/D_w, labels, routes, sweep"
expect_exit 0 "--json - writes only JSON on stdout" "$OWN" --json -
jq -e '.ring | length >= 1' "$TMP/out" >/dev/null || fail "stdout of --json - is not the JSON alone"
ok "--json - output parses as JSON"
expect_exit 0 "--json FILE keeps the table on stdout" "$OWN" --json "$TMP/t.json"
grep -q "T_step/D_w" "$TMP/out" && jq -e . "$TMP/t.json" >/dev/null || fail "--json FILE: table or file missing"
ok "--json FILE: table on stdout and JSON in the file"
cmp -s "$TMP/t.json" <("$RINGMAP" "$OWN" --json -) || fail "--json FILE and --json - differ"
ok "--json FILE and --json - write the same JSON"
expect_exit 0 "--quiet" "$OWN" --quiet
[ ! -s "$TMP/out" ] || fail "--quiet printed on stdout"
ok "--quiet prints nothing"

echo "--- edge values of the options"
expect_exit 0 "--dc-dw 0" "$OWN" --dc-dw 0 --json "$TMP/z.json" --quiet
schema_checks "$TMP/z.json"
jcheck "$TMP/z.json" "--dc-dw 0: no communication cost, all 3 hosts, T_step/D_w = w_cumul = 0.4" \
    '(.ring|length) == 3 and ((.t_step_per_dw - 0.4) | fabs) < 1e-12'
expect_exit 0 "--max-q 99 (more than the hosts)" "$OWN" --max-q 99 --json "$TMP/m99.json" --quiet
jcheck "$TMP/m99.json" "--max-q 99: sizes 1..3 tried" '[.sweep[].q] == [1, 2, 3]'
expect_exit 0 "--max-q 2" "$OWN" --max-q 2 --dc-dw 0.01 --sharing maxmin --json "$TMP/m2.json" --quiet
schema_checks "$TMP/m2.json"
jcheck "$TMP/m2.json" "--max-q 2: q = 2, hosts P0 and P1, T_step/D_w = 0.508, succ and pred distinct routes to the same host" \
    '(.ring|length) == 2 and ([.ring[].label] | sort) == ["P0", "P1"] and ((.t_step_per_dw - 0.508) | fabs) < 1e-9 and all(.ring[]; .succ.nodes[-1] == .pred.nodes[-1])'
expect_exit 0 "--opt=value syntax" "$OWN" --dc-dw=0.01 --sharing=maxmin --json=-
jcheck "$TMP/out" "--dc-dw=0.01 --sharing=maxmin gives 0.408" '((.t_step_per_dw - 0.408) | fabs) < 1e-9'
