# slow_links.sh — hardening (valid inputs are not refused): a link whose bandwidth is too small for
# the model (below 1e-140 Mb/s: subnormal like 1e-310, or 1/b overflowing,
# or so small that eq. (5)'s squares of the shares underflow; docs/formats.md)
# is a valid input: it is read, named in a warning and left out of routing as
# if absent; the platform maps with the remaining links, or as the ring of one
# host when nothing is left. Every reader: GML, GraphML, Tiers, SimGrid XML,
# CSV matrices. (On main: GraphML/Tiers/CSV refused 1e-310 as a number, the
# eq. (5) sharing stopped with "no convergence" from 1.5e-154 Mb/s, SimGrid's
# fixed routes over such a link were "not a walk over usable links".)
source "$(dirname "$0")/helpers.bash"

BAD="$SRC/tests/data/bad"
N=0
warned() { grep -qF -- "$1" "$TMP/err" || fail "$2: no warning with '$1': $(cat "$TMP/err")"; }

# GML: the triangle P0-P1 (1e-310), P1-P2, P0-P2 (10): the ring of 3 hosts
# over the two other links (P0 <-> P1 through P2), link 0 never used
for h in shared slice exact; do
    expect_exit 0 "triangle with a subnormal link, --heuristic $h" "$BAD/sub_bandwidth.gml" --heuristic $h --json "$TMP/t.json" --quiet
    warned "link 0 (P0 -- P1) 1e-310 Mb/s" "triangle $h"
    jcheck "$TMP/t.json" "triangle $h: 3 hosts, link 0 carries nothing" \
        '(.ring | length) == 3 and ([.link_usage[].link] | index(0) == null) and (.t_step_per_dw | . > 0.545 and . < 0.551)'
    N=$((N + 1))
done

# GML: two hosts joined only by a 4.9e-324 link: the ring of one host, also
# with free communication (--dc-dw 0) and every sharing / final solver
for o in "" "--dc-dw 0" "--sharing eq5" "--sharing maxmin" "--network reserved --final-solver kinsol" "--network reserved --final-solver glpk" "--heuristic both" "--heuristic exact" "--routing direct" "--duplex full"; do
    expect_exit 0 "only link 4.9e-324 $o" "$BAD/sub_only_link.gml" $o --json "$TMP/o.json" --quiet
    jcheck "$TMP/o.json" "only link 4.9e-324 $o: the ring of P0, T_step/D_w = w = 1" \
        '(if has("shared") then .shared else . end) | (.ring | length) == 1 and .ring[0].label == "P0" and .t_step_per_dw == 1'
    N=$((N + 1))
done

# GML: a ring of four 1e-200 Mb/s links (normal doubles, below the
# threshold): was "optimal sharing: no convergence" (exit 1) with eq5
for o in "--sharing eq5" "--network reserved --heuristic slice --make-feasible eq5"; do
    expect_exit 0 "four 1e-200 Mb/s links $o" "$BAD/tiny_normal_bandwidth.gml" $o --json "$TMP/n.json" --quiet
    warned "4 links with a bandwidth below 1e-140 Mb/s" "1e-200 $o"
    jcheck "$TMP/n.json" "four 1e-200 Mb/s links $o: the ring of one host" '(.ring | length) == 1 and .t_step_per_dw == 1'
    N=$((N + 1))
done
# just above the threshold the links are used: 1e-139 Mb/s, D_c/D_w = 1e-150
sed 's/1e-200/1e-139/' "$BAD/tiny_normal_bandwidth.gml" >"$TMP/above.gml"
expect_exit 0 "1e-139 Mb/s links are used" "$TMP/above.gml" --dc-dw 1e-150 --sharing eq5 --json "$TMP/a.json" --quiet
grep -qF "too small for the model" "$TMP/err" && fail "1e-139 Mb/s: warned: $(cat "$TMP/err")"
jcheck "$TMP/a.json" "1e-139 Mb/s, D_c/D_w 1e-150: a ring of 4 hosts" '(.ring | length) == 4'
N=$((N + 1))

# GraphML (a string-typed bandwidth) and Tiers: 1e-310 read, link named
expect_exit 0 "GraphML string bandwidth 1e-310" "$BAD/gm_sub_bandwidth_string.graphml" --json "$TMP/g.json" --quiet
warned "link 0 (1 -- 0) 1e-310 Mb/s" "GraphML"
jcheck "$TMP/g.json" "GraphML: the ring of host 0 (w 1) alone" '(.ring | length) == 1 and .t_step_per_dw == 1'
expect_exit 0 "Tiers bandwidth 1e-310" "$BAD/tiers_sub_bandwidth.tiers" --json "$TMP/ti.json" --quiet
warned "link 2 (LAN2 -- LAN3) 1e-310 Mb/s" "Tiers"
jcheck "$TMP/ti.json" "Tiers: one host (the only other LAN host is behind the slow link)" '(.ring | length) == 1'
N=$((N + 2))

# SimGrid: a 1e-200 B/s link on SimGrid's fixed routes A-B and A-C: host A
# can exchange with nobody; every heuristic gives a ring without A or A alone
for h in shared slice exact slice-exact; do
    expect_exit 0 "SimGrid 1e-200 B/s link --heuristic $h" "$BAD/sg_tiny_bandwidth.xml" --heuristic $h --json "$TMP/s.json" --quiet
    warned "link 0 (link:slow:in -> link:slow:out) 8e-206 Mb/s" "SimGrid $h"
    jcheck "$TMP/s.json" "SimGrid $h: A alone (w 0.001 beats B+C's 1/750)" '(.ring | length) == 1 and .ring[0].label == "A" and .t_step_per_dw == 0.001'
    N=$((N + 1))
done

# CSV matrices: 1e-310 Mb/s between A and B; and 1e-300 b/s (1e-306 Mb/s)
printf ',A,B,C\nA,,1e-310,10\nB,1e-310,,10\nC,10,10,\n' >"$TMP/bw.csv"
printf 'host,speed\nA,10\nB,20\nC,30\n' >"$TMP/sp.csv"
expect_exit 0 "CSV bandwidth 1e-310" --bandwidth-matrix "$TMP/bw.csv" --speeds "$TMP/sp.csv" --json "$TMP/c.json" --quiet
warned "link 0 (A -- B) 1e-310 Mb/s" "CSV"
jcheck "$TMP/c.json" "CSV: ring B, C (A-B unusable; A reaches B only through C)" '[.ring[].label] | sort == ["B", "C"]'
printf 'b/s,A,B\nA,,1e-300\nB,1e-300,\n' >"$TMP/bits.csv"
printf 'host,speed\nA,10\nB,20\n' >"$TMP/sp2.csv"
expect_exit 0 "CSV 1e-300 b/s" --bandwidth-matrix "$TMP/bits.csv" --speeds "$TMP/sp2.csv" --json "$TMP/c2.json" --quiet
warned "1e-306 Mb/s" "CSV b/s"
jcheck "$TMP/c2.json" "CSV 1e-300 b/s: the ring of B alone" '(.ring | length) == 1 and .ring[0].label == "B"'
N=$((N + 2))

# 1e-400 still rounds to 0: an error (the value is not a double)
expect_bad "line 5" "GML bandwidth 1e-400 stays refused" "$BAD/tiny_bandwidth.gml"
N=$((N + 1))
echo "new cases: $N"
