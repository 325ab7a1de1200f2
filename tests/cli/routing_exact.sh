# routing_exact.sh — --routing direct and --heuristic exact / slice-exact on the
# NP-completeness reduction of Legrand et al. 2004, Theorem 1 (§3.3): a complete
# graph of links, bandwidth 1/eps (cost eps) on the edges of G_h and 1/2
# (cost 2) elsewhere, w_i = p, D_c/D_w = 1. The SliceRing optimum is 1 + 2 eps
# iff G_h has a Hamiltonian cycle. With direct routing the 6-cycle gives
# 1 + 2 eps (exact SliceRing, and exhaustive SharedRing in full duplex, where
# no two routes share an arc); the Petersen graph (no Hamiltonian cycle) gives
# more; with widest-path routing every pair gets cost eps through G_h and the
# Petersen graph also gives 1 + 2 eps. Platforms beyond the exact solvers'
# limits are refused with exit 2.
source "$(dirname "$0")/helpers.bash"

EPS=0.1
# write_theorem1 FILE P "EDGES" : complete graph on P hosts, w = P, edges of G_h
# (pairs "a-b") at bandwidth 1/eps = 10, the others at 1/2
write_theorem1() {
    local f=$1 p=$2 edges=" $3 "
    {
        echo "graph ["
        echo "  directed 0"
        for ((i = 0; i < p; i++)); do echo "  node [ id $i label \"H$i\" w $p ]"; done
        for ((i = 0; i < p; i++)); do
            for ((j = i + 1; j < p; j++)); do
                if [[ $edges == *" $i-$j "* || $edges == *" $j-$i "* ]]; then b=10; else b=0.5; fi
                echo "  edge [ source $i target $j bandwidth $b ]"
            done
        done
        echo "]"
    } >"$f"
}
C6="$TMP/cycle6.gml"
write_theorem1 "$C6" 6 "0-1 1-2 2-3 3-4 4-5 5-0"
PET="$TMP/petersen.gml"
write_theorem1 "$PET" 10 "0-1 1-2 2-3 3-4 4-0 0-5 1-6 2-7 3-8 4-9 5-7 7-9 9-6 6-8 8-5"

close() { # close A B: |A - B| <= 1e-9
    awk -v a="$1" -v b="$2" 'BEGIN { d = a - b; if (d < 0) d = -d; exit !(d <= 1e-9) }'
}

# exact SliceRing, direct routing, 6-cycle: unshared optimum 1 + 2 eps = 1.2,
# and the ring is the Hamiltonian cycle (all 6 hosts)
expect_exit 0 "slice-exact direct on the 6-cycle" "$C6" --heuristic slice-exact --routing direct --dc-dw 1 --json - 
t=$(jq -r '.t_step_per_dw_unshared' "$TMP/out")
close "$t" 1.2 || fail "slice-exact direct on the 6-cycle: unshared $t, expected 1 + 2 eps = 1.2"
[ "$(jq -r '.params.heuristic' "$TMP/out")" = "slice-exact" ] || fail "JSON heuristic is not slice-exact"
[ "$(jq -r '.ring | length' "$TMP/out")" = 6 ] || fail "slice-exact ring is not of 6 hosts"
ok "slice-exact direct: 6-cycle optimum 1 + 2 eps"

# exhaustive SharedRing, direct routing, full duplex: 1 + 2 eps
expect_exit 0 "exact direct full duplex on the 6-cycle" "$C6" --heuristic exact --routing direct --duplex full --dc-dw 1 --json -
t=$(jq -r '.t_step_per_dw' "$TMP/out")
close "$t" 1.2 || fail "exact direct full duplex on the 6-cycle: $t, expected 1.2"
[ "$(jq -r '.params.heuristic' "$TMP/out")" = "exact" ] || fail "JSON heuristic is not exact"
ok "exact direct full duplex: 6-cycle 1 + 2 eps"
# half duplex: i->i+1 and i+1->i share each link, cost 2 eps each: 1 + 4 eps
expect_exit 0 "exact direct half duplex on the 6-cycle" "$C6" --heuristic exact --routing direct --dc-dw 1 --json -
t=$(jq -r '.t_step_per_dw' "$TMP/out")
close "$t" 1.4 || fail "exact direct half duplex on the 6-cycle: $t, expected 1 + 4 eps = 1.4"
ok "exact direct half duplex: 6-cycle 1 + 4 eps"

# Petersen graph: no Hamiltonian cycle -> more than 1 + 2 eps with direct
# routing, exactly 1 + 2 eps with widest paths (every pair at cost eps)
expect_exit 0 "slice-exact direct on Petersen" "$PET" --heuristic slice-exact --routing direct --dc-dw 1 --json -
t=$(jq -r '.t_step_per_dw_unshared' "$TMP/out")
awk -v t="$t" 'BEGIN { exit !(t > 1.2 + 1e-6) }' || fail "Petersen direct: $t, expected > 1.2"
ok "slice-exact direct: Petersen above 1 + 2 eps ($t)"
expect_exit 0 "slice-exact widest on Petersen" "$PET" --heuristic slice-exact --dc-dw 1 --json -
t=$(jq -r '.t_step_per_dw_unshared' "$TMP/out")
close "$t" 1.2 || fail "Petersen widest: $t, expected 1.2 (routes through G_h)"
ok "slice-exact widest: Petersen at 1 + 2 eps (widest paths hide the reduction)"

# greedy heuristics accept direct routing and stay on direct links
expect_exit 0 "shared direct on the 6-cycle" "$C6" --routing direct --dc-dw 1 --json -
jq -e '[.ring[] | .succ.links, .pred.links | length] | all(. == 1)' "$TMP/out" >/dev/null ||
    fail "direct routing produced a route that is not one hop"
ok "SharedRing with direct routing uses one-hop routes"
expect_exit 0 "slice direct on Petersen" "$PET" --heuristic slice --routing direct --dc-dw 1 --quiet

# limits: 10 hosts > 8 for exact, 14 hosts > 12 for slice-exact
expect_bad "8" "exact on 10 hosts" "$PET" --heuristic exact
BIG="$TMP/big.gml"
write_theorem1 "$BIG" 14 ""
expect_bad "12" "slice-exact on 14 hosts" "$BIG" --heuristic slice-exact
expect_bad "--routing" "unknown routing" "$C6" --routing fixed
expect_bad "--heuristic" "unknown heuristic" "$C6" --heuristic exactly
echo "routing_exact: all ok"
