# valid_extremes.sh — hardening: valid inputs that were refused.
# A star under --routing direct (no host pair has a direct link) gives the
# ring of one host (the fastest, T_step/D_w = its w) with every heuristic;
# routes whose latency overflows to infinity (--latency) leave the ring of
# one host instead of "no two hosts can exchange messages"; a subnormal
# ratio --dc-dw 1e-320 (and 1e-400, which rounds to 0) is a number, not
# "not finite" (1e400 still is refused).
source "$(dirname "$0")/helpers.bash"

STAR="$SRC/platforms/test/star3.gml"
N=0
for h in shared slice both exact slice-exact; do
    expect_exit 0 "star --routing direct --heuristic $h" "$STAR" --routing direct --heuristic $h --json "$TMP/d.json" --quiet
    jcheck "$TMP/d.json" "star --routing direct --heuristic $h: the ring of one host P0, T_step/D_w = w = 1" \
        '(if has("shared") then .shared else . end) | (.ring | length) == 1 and .ring[0].label == "P0" and .t_step_per_dw == 1'
    N=$((N + 1))
    # free communication (--dc-dw 0): a pair without a route still cannot be
    # ring neighbours (slice-exact exited 1: "successor route P0->P1 is empty")
    expect_exit 0 "star --routing direct --dc-dw 0 --heuristic $h" "$STAR" --routing direct --dc-dw 0 --heuristic $h --json "$TMP/d0.json" --quiet
    jcheck "$TMP/d0.json" "star --routing direct --dc-dw 0 --heuristic $h: the ring of one host P0, T_step/D_w = 1" \
        '(if has("shared") then .shared else . end) | (.ring | length) == 1 and .ring[0].label == "P0" and .t_step_per_dw == 1'
    N=$((N + 1))
done

cat >"$TMP/lat.gml" <<'GML'
graph [
  directed 0
  node [ id 0 label "P0" w 1.0 ]
  node [ id 1 label "P1" w 1.0 ]
  node [ id 2 label "P2" w 2.0 ]
  node [ id 3 label "R3" ]
  edge [ source 0 target 3 bandwidth 10.0 latency 1e308 ]
  edge [ source 1 target 3 bandwidth 10.0 latency 1e308 ]
  edge [ source 2 target 3 bandwidth 20.0 latency 1e308 ]
]
GML
expect_exit 0 "route latency 2e308 = inf with --latency" "$TMP/lat.gml" --latency --dc 1 --dw 100 --json "$TMP/l.json" --quiet
jcheck "$TMP/l.json" "infinite route latency: the ring of one host, T_step = 100 s" '(.ring | length) == 1 and .t_step == 100'
N=$((N + 1))

expect_exit 0 "--dc-dw 1e-320 (subnormal)" "$STAR" --dc-dw 1e-320 --json "$TMP/s.json" --quiet
jcheck "$TMP/s.json" "--dc-dw 1e-320: the ratio kept, T_step/D_w = 0.4 (no communication cost)" '.params.dc_dw == 1e-320 and (.t_step_per_dw - 0.4 | fabs) < 1e-12'
expect_exit 0 "--dc-dw 1e-400 (rounds to 0)" "$STAR" --dc-dw 1e-400 --quiet
expect_exit 0 "sweep --dc-dw 1e-320,0.01" sweep "$STAR" --dc-dw 1e-320,0.01 --quiet
expect_bad "--dc-dw" "--dc-dw 1e400 still refused" "$STAR" --dc-dw 1e400
N=$((N + 4))
echo "new cases: $N"
