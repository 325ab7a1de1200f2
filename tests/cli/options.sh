# options.sh — the ringmap command line: --help documents every option with
# its units and the exit codes (exit 0), --version, and every absurd option
# is refused with exit 2 and a message naming it (on a valid platform, so
# that the refusal comes from the option).
source "$(dirname "$0")/helpers.bash"

P="$TMP/star3.gml"
write_star3 "$P"

expect_exit 0 "--help" --help
for o in --dc-dw --dc --dw --heuristic --sharing --make-feasible --final-solver --all-shares --refine --duplex --max-q --host-w \
    --default-bandwidth --json --quiet --help --version; do
    grep -qF -- "$o" "$TMP/out" || fail "--help does not mention $o"
done
ok "--help mentions every option"
for u in "s/Mflop" "Mb/s" "Mb/Mflop" "Mflop" "Mb" "shared" "slice" "both" "greedy" "maxmin" "eq5" "kinsol" "glpk" \
    "half" "full"; do
    grep -qF -- "$u" "$TMP/out" || fail "--help does not mention '$u'"
done
ok "--help gives the units and the choices"
grep -q "0 success" "$TMP/out" && grep -q "2 bad input" "$TMP/out" && grep -q "1 internal" "$TMP/out" ||
    fail "--help does not document the exit codes 0, 2, 1"
ok "--help documents the exit codes"
expect_exit 0 "-h" -h
expect_exit 0 "map --help (subcommand)" map --help
expect_exit 0 "--version" --version
grep -q '^ringmap [0-9]' "$TMP/out" || fail "--version prints '$(cat "$TMP/out")'"
ok "--version prints the version"

# a valid call first, so that the refusals below are about the options
expect_exit 0 "valid call" "$P" --quiet

expect_bad "--dc-dw" "negative --dc-dw" "$P" --dc-dw -1
expect_bad "--dc-dw" "NaN --dc-dw" "$P" --dc-dw nan
expect_bad "--dc-dw" "infinite --dc-dw" "$P" --dc-dw inf
expect_bad "--dc-dw" "non-numeric --dc-dw" "$P" --dc-dw abc
expect_bad "--dc-dw" "--dc-dw with trailing garbage" "$P" --dc-dw 0.1x
expect_bad "--dc-dw" "empty --dc-dw" "$P" --dc-dw ""
expect_bad "--dc-dw" "overflowing --dc-dw" "$P" --dc-dw 1e999
expect_bad "--dw" "--dc without --dw" "$P" --dc 1
expect_bad "--dc" "--dw without --dc" "$P" --dw 1
expect_bad "--dw" "--dw 0" "$P" --dc 1 --dw 0
expect_bad "--dw" "negative --dw" "$P" --dc 1 --dw -3
expect_bad "--dc" "negative --dc" "$P" --dc -1 --dw 3
expect_bad "--dc-dw" "--dc-dw with --dc/--dw" "$P" --dc-dw 0.1 --dc 1 --dw 10
expect_bad "--heuristic" "unknown heuristic" "$P" --heuristic greedy
expect_bad "--refine" "unknown refinement (old spelling)" "$P" --refine best
expect_bad "--sharing" "unknown sharing policy" "$P" --sharing optimal
expect_bad "--make-feasible" "SliceRing has no greedy make-feasible step" "$P" --make-feasible greedy
expect_bad "--final-solver" "unknown final solver" "$P" --final-solver ipopt
expect_bad "--duplex" "unknown duplex" "$P" --duplex triple
expect_bad "--max-q" "--max-q -1" "$P" --max-q -1
expect_bad "--max-q" "non-integer --max-q" "$P" --max-q 2.5
expect_bad "--host-w" "--host-w 0" "$P" --host-w 0
expect_bad "--host-w" "negative --host-w" "$P" --host-w -1
expect_bad "--default-bandwidth" "--default-bandwidth 0" "$P" --default-bandwidth 0
expect_bad "--default-bandwidth" "NaN --default-bandwidth" "$P" --default-bandwidth nan
expect_bad "--json" "--json without argument" "$P" --json
expect_bad "PLATFORM" "missing platform" --dc-dw 0.1
expect_bad "PLATFORM" "missing platform (map subcommand)" map
expect_bad "PLATFORM" "two platforms" "$P" "$P"
expect_bad "--frobnicate" "unknown long option" "$P" --frobnicate
expect_bad "-z" "unknown short option" "$P" -z
expect_exit 2 "--json into a missing directory" "$P" --quiet --json "$TMP/no/such/dir/out.json"
grep -qF -- "--json" "$TMP/err" || fail "--json error does not name the option"
ok "all bad options refused"
