# sweep.sh — `ringmap sweep` (cli/cmd_sweep.c): its curves equal the map
# command's for the same options (the JSON run's sweep is the map JSON's
# sweep, every CSV row equals the map sweep's entry, best_q = the map's q,
# best_t_step_per_dw = its T_step/D_w), on the hand-solved star (sweep
# 1 / 0.508 / 0.408 at D_c/D_w = 0.01 with max-min, docs/sources.md) and on
# platforms/medium_tiers.gml with both heuristics and all sharing policies; the
# bath tub's shape (T_step/D_w falls then rises on medium_tiers at 0.0064);
# the optimal size shrinks as D_c/D_w grows; exit codes of bad ratio lists
# and options; --plot with and without gnuplot; no progress on a non-terminal.
source "$(dirname "$0")/helpers.bash"

OWN="$TMP/own_star3.gml"
write_star3 "$OWN"
MED="$SRC/platforms/medium_tiers.gml"
[ -f "$MED" ] || fail "$MED is missing"

# csv_to_json FILE: the CSV as a JSON array of objects (numbers parsed).
csv_to_json() {
    jq -R -s '
        split("\n") | map(select(length > 0)) | (.[0] | split(",")) as $h
        | .[1:] | map(split(",") as $v
            | reduce range(0; $h|length) as $i ({}; . + {($h[$i]): (
                if $h[$i] == "heuristic" or $h[$i] == "sharing" then $v[$i]
                elif $v[$i] == "" then null else ($v[$i] | tonumber) end)}))' "$1"
}

# compare_with_map PLATFORM SWEEP_JSON SWEEP_CSV [map options...]: every run
# of the sweep equals `ringmap map` with the same heuristic/sharing/ratio.
compare_with_map() {
    local plat=$1 sj=$2 sc=$3
    shift 3
    csv_to_json "$sc" >"$TMP/csv.json" || fail "CSV does not parse"
    local n
    n=$(jq '.runs | length' "$sj")
    [ "$n" -ge 1 ] || fail "no runs in $sj"
    for i in $(seq 0 $((n - 1))); do
        local h r d
        h=$(jq -r ".runs[$i].heuristic" "$sj")
        r=$(jq -r ".runs[$i].sharing" "$sj")
        d=$(jq -r ".runs[$i].dc_dw" "$sj")
        # a SliceRing run uses the sharing policy as its make-feasible step
        # (greedy: its default, maxmin)
        # (under the fair network model: max-min, eq. (5)'s shares being a
        # reservation)
        local f=$r net
        net=$(jq -r '.params.network' "$sj")
        [ "$r" = greedy ] && f=maxmin
        [ "$net" = fair ] && f=maxmin
        "$RINGMAP" "$plat" --network "$net" --heuristic "$h" --sharing "$r" --make-feasible "$f" --dc-dw "$d" --no-improve "$@" --json - >"$TMP/map.json" ||
            fail "map $h/$r/$d failed"
        jq -e --slurpfile m "$TMP/map.json" --argjson i "$i" '
            .runs[$i] as $run | $m[0] as $m
            | $run.sweep == $m.sweep and $run.q == ($m.ring|length)
              and $run.t_step_per_dw == $m.t_step_per_dw
              and (if $run.heuristic == "slice" then $run.t_step_per_dw_unshared == $m.t_step_per_dw_unshared
                   else ($run | has("t_step_per_dw_unshared") | not) end)' "$sj" >/dev/null ||
            fail "JSON run $i ($h, $r, $d) differs from the map command's JSON"
        jq -e --slurpfile m "$TMP/map.json" --arg h "$h" --arg r "$r" --argjson d "$d" '
            $m[0] as $m
            | [.[] | select(.heuristic == $h and .sharing == $r and .dc_dw == $d)] as $rows
            | ($rows | length) == ($m.sweep | length)
              and all(range(0; $rows|length); . as $k
                  | $rows[$k].q == $m.sweep[$k].q and $rows[$k].t_step_per_dw == $m.sweep[$k].t_step_per_dw
                    and $rows[$k].t_step_per_dw_unshared == $m.sweep[$k].t_step_per_dw_unshared
                    and $rows[$k].best_q == ($m.ring|length)
                    and $rows[$k].best_t_step_per_dw == $m.t_step_per_dw)' "$TMP/csv.json" >/dev/null ||
            fail "CSV rows of ($h, $r, $d) differ from the map command's sweep/q"
    done
    ok "$n runs of $(basename "$plat"): JSON sweep, CSV rows, best_q and best T_step equal the map command's"
}

echo "--- the hand-solved star, D_c/D_w = 0.01 and 0.64"
expect_exit 0 "sweep star" sweep "$OWN" --dc-dw 0.01,0.64 --sharing maxmin,greedy,eq5 \
    --heuristic both --csv "$TMP/s.csv" --json "$TMP/s.json"
[ ! -s "$TMP/err" ] || fail "stderr is not a terminal but got: $(cat "$TMP/err")"
ok "no progress output when stderr is not a terminal"
grep -q "best q" "$TMP/out" || fail "no summary table on stdout: $(cat "$TMP/out")"
ok "summary table on stdout"
jcheck "$TMP/s.json" "params echo the options" \
    '.params.dc_dw == [0.01, 0.64] and .params.heuristics == ["shared", "slice"] and .params.sharings == ["maxmin", "greedy", "eq5"] and .params.duplex == "half" and .platform.hosts == 3'
jcheck "$TMP/s.json" "2 ratios x 2 heuristics x 3 sharing policies = 12 runs, ratio-major order" \
    '(.runs|length) == 12 and [.runs[].dc_dw] == [range(0;6) | 0.01] + [range(0;6) | 0.64] and .runs[0].heuristic == "shared" and .runs[0].sharing == "maxmin" and .runs[3].heuristic == "slice"'
jcheck "$TMP/s.json" "star, SharedRing max-min at 0.01: sweep 1 / 0.508 / 0.408, q = 3" '
    .runs[0] | .q == 3 and [.sweep[].q] == [1, 2, 3] and ((.sweep[0].t_step_per_dw - 1) | fabs) < 1e-12
      and ((.sweep[1].t_step_per_dw - 0.508) | fabs) < 1e-9 and ((.sweep[2].t_step_per_dw - 0.408) | fabs) < 1e-9
      and ((.t_step_per_dw - 0.408) | fabs) < 1e-9'
jcheck "$TMP/s.json" "star, SliceRing at 0.01: unshared estimates 1 / 0.502 / 0.402" '
    [.runs[] | select(.heuristic == "slice" and .dc_dw == 0.01 and .sharing == "maxmin")][0]
    | ((.sweep[1].t_step_per_dw_unshared - 0.502) | fabs) < 1e-9 and ((.t_step_per_dw_unshared - 0.402) | fabs) < 1e-9'
# by hand, max-min at 0.64: q = 2 puts 4 routes of 2.5 Mb/s on each link,
# T = 0.5 + 0.64 * (1/2.5 + 1/2.5) = 1.012; q = 3 (eq. (5), w_cumul = 0.4,
# every route 2.5 Mb/s): 0.4 * (1 + 0.64 * (0.8 + 0.8 + 0.8/2)) = 0.912.
jcheck "$TMP/s.json" "star at 0.64, max-min: sweep 1 / 1.012 / 0.912, q = 3 (the bath tub's bump at q = 2)" '
    .runs[] | select(.dc_dw == 0.64 and .heuristic == "shared" and .sharing == "maxmin")
    | .q == 3 and .sweep[0].t_step_per_dw == 1 and ((.sweep[1].t_step_per_dw - 1.012) | fabs) < 1e-9
      and ((.sweep[2].t_step_per_dw - 0.912) | fabs) < 1e-9'
compare_with_map "$OWN" "$TMP/s.json" "$TMP/s.csv"
head -1 "$TMP/s.csv" | grep -qx 'heuristic,sharing,dc_dw,q,t_step_per_dw,t_step_per_dw_unshared,best_q,best_t_step_per_dw' ||
    fail "CSV header: $(head -1 "$TMP/s.csv")"
ok "CSV header"
[ "$(wc -l <"$TMP/s.csv")" = $((1 + 12 * 3)) ] || fail "CSV: expected 36 rows, got $(($(wc -l <"$TMP/s.csv") - 1))"
ok "CSV: one row per run and ring size (36)"

echo "--- medium_tiers: both heuristics, all sharing policies, the paper's ratios and setup"
expect_exit 0 "sweep medium_tiers" sweep "$MED" --paper --dc-dw 0.64,0.064,0.0064,0.00064 --heuristic both \
    --csv "$TMP/m.csv" --json "$TMP/m.json" --quiet
[ ! -s "$TMP/out" ] || fail "--quiet printed on stdout"
compare_with_map "$MED" "$TMP/m.json" "$TMP/m.csv"
jcheck "$TMP/m.json" "bath tub: at 0.0064 SharedRing's T_step/D_w falls below q=1's, then rises again after the optimum" '
    .runs[] | select(.heuristic == "shared" and .sharing == "greedy" and .dc_dw == 0.0064)
    | .q as $q | [.sweep[].t_step_per_dw] as $t
    | $q > 2 and $q < ($t|length) and $t[$q-1] < $t[0] and $t[$q-1] < $t[-1] and ($t|min) == $t[$q-1]'
jcheck "$TMP/m.json" "the optimal ring size does not grow with D_c/D_w (SharedRing, each sharing policy)" '
    [.runs[] | select(.heuristic == "shared")] | group_by(.sharing)
    | all(.[]; (sort_by(.dc_dw) | [.[].q]) as $qs | all(range(1; $qs|length); $qs[.] <= $qs[. - 1]))'
jcheck "$TMP/m.json" "SharedRing: eq. (5) sharing never worse than greedy (best T_step per ratio)" '
    [.runs[] | select(.heuristic == "shared")] | group_by(.dc_dw)
    | all(.[]; (map(select(.sharing == "greedy"))[0].t_step_per_dw) as $n
               | (map(select(.sharing == "eq5"))[0].t_step_per_dw) <= $n * (1 + 1e-12))'

echo "--- --json - and --csv - write only the data on stdout"
expect_exit 0 "--json -" sweep "$OWN" --dc-dw 0.01 --json -
jq -e '.runs | length == 3' "$TMP/out" >/dev/null || fail "--json - stdout is not the JSON alone"
ok "--json - stdout parses"
expect_exit 0 "--csv -" sweep "$OWN" --dc-dw 0.01 --sharing greedy --csv -
[ "$(wc -l <"$TMP/out")" = 4 ] && head -1 "$TMP/out" | grep -q '^heuristic,' ||
    fail "--csv - stdout is not the CSV alone: $(cat "$TMP/out")"
ok "--csv - stdout is the CSV alone"

echo "--- --plot"
if command -v gnuplot >/dev/null; then
    expect_exit 0 "--plot out.png" sweep "$OWN" --dc-dw 0.01,0.1 --plot "$TMP/p.png" --quiet
    [ -s "$TMP/p.gp" ] || fail "--plot: no gnuplot script $TMP/p.gp"
    head -c 8 "$TMP/p.png" | od -An -c | grep -q 'P   N   G' || fail "--plot: $TMP/p.png is not a PNG"
    ok "--plot out.png: a PNG and its gnuplot script"
    expect_exit 0 "--plot out.svg" sweep "$OWN" --dc-dw 0.01 --heuristic both --plot "$TMP/p.svg" --quiet
    grep -q '<svg' "$TMP/p.svg" || fail "--plot: $TMP/p.svg is not an SVG"
    ok "--plot out.svg: an SVG"
else
    skip_part "gnuplot is not installed (PNG/SVG checks)"
fi
mkdir -p "$TMP/emptybin"
PATH="$TMP/emptybin" "$RINGMAP" sweep "$OWN" --dc-dw 0.01 --plot "$TMP/np.png" --csv "$TMP/np.csv" --quiet \
    >"$TMP/out" 2>"$TMP/err"
rc=$?
[ "$rc" = 0 ] || fail "without gnuplot: exit $rc: $(cat "$TMP/err")"
grep -q "gnuplot is not installed" "$TMP/err" || fail "without gnuplot: no message: $(cat "$TMP/err")"
[ -s "$TMP/np.gp" ] && [ -s "$TMP/np.csv" ] && [ ! -e "$TMP/np.png" ] ||
    fail "without gnuplot: script and CSV must be written, no picture"
ok "without gnuplot: message on stderr, exit 0, script and data written"

echo "--- bad input: exit 2"
expect_bad "--dc-dw" "empty ratio list" sweep "$OWN" --dc-dw ""
expect_bad "empty item" "empty item" sweep "$OWN" --dc-dw 0.1,,0.2
expect_bad "empty item" "trailing comma" sweep "$OWN" --dc-dw 0.1,
expect_bad "nan" "NaN ratio" sweep "$OWN" --dc-dw 0.1,nan
expect_bad "inf" "infinite ratio" sweep "$OWN" --dc-dw inf
expect_bad "-0.5" "negative ratio" sweep "$OWN" --dc-dw 0.1,-0.5
expect_bad "abc" "not a number" sweep "$OWN" --dc-dw abc
expect_bad "twice" "duplicate ratio" sweep "$OWN" --dc-dw 0.1,0.10
expect_bad "1e999" "overflowing ratio" sweep "$OWN" --dc-dw 1e999
expect_bad "more than 64" "65 ratios" sweep "$OWN" --dc-dw "$(seq -s, 1 65)"
expect_bad "--sharing" "unknown sharing policy" sweep "$OWN" --sharing greedy,fast
expect_bad "twice" "duplicate sharing policy" sweep "$OWN" --sharing greedy,greedy
expect_bad "--heuristic" "unknown heuristic" sweep "$OWN" --heuristic greedy
expect_bad "--plot" "plot extension" sweep "$OWN" --plot "$TMP/x.jpg"
expect_bad "standard output" "--csv - with --json -" sweep "$OWN" --csv - --json -
expect_bad "--max-q" "bad --max-q" sweep "$OWN" --max-q -1
expect_bad "--host-w" "bad --host-w" sweep "$OWN" --host-w 0
expect_bad "PLATFORM" "missing platform" sweep
expect_bad "unknown option" "unknown option" sweep "$OWN" --frobnicate
expect_bad "no_such" "missing file" sweep "$TMP/no_such.gml"
expect_bad "cannot open" "unwritable --csv" sweep "$OWN" --csv "$TMP/no_dir/x.csv" --quiet
expect_exit 0 "--help" sweep --help
grep -q "Usage: ringmap sweep" "$TMP/out" || fail "--help does not print the usage"
ok "--help prints the usage"
expect_exit 0 "ratio 0 is allowed" sweep "$OWN" --dc-dw 0,0.01 --json "$TMP/z.json" --quiet
jcheck "$TMP/z.json" "D_c/D_w = 0: every host used, T_step/D_w = w_cumul = 0.4" \
    '.runs[0].dc_dw == 0 and .runs[0].q == 3 and ((.runs[0].t_step_per_dw - 0.4) | fabs) < 1e-12'

# SimGrid platforms: sweep (like map) follows SimGrid's own routes. On the
# torus, widest paths give another ring (T_step/D_w 1.525e-4 with greedy sharing);
# SimGrid's routes give map's 1.4875e-4.
SGP="$SRC/tests/data/simgrid/style_torus.xml"
expect_exit 0 "map of a SimGrid file" map "$SGP" --paper --dc-dw 0.01 --json "$TMP/sgm.json" --quiet
expect_exit 0 "sweep of a SimGrid file" sweep "$SGP" --paper --dc-dw 0.01 --json "$TMP/sg.json" --quiet
want=$(jq -r .t_step_per_dw "$TMP/sgm.json")
jcheck "$TMP/sg.json" "sweep of a SimGrid file uses SimGrid's routes (T_step/D_w = map's $want)" \
    "[.runs[] | select(.sharing == \"greedy\")][0] | .q == 8 and ((.t_step_per_dw - $want) | fabs) < 1e-12 and ((.t_step_per_dw - 1.4875e-4) | fabs) < 1e-12"
finish_test
