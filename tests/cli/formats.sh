#!/usr/bin/env bash
# formats.sh RINGMAP SOURCE_ROOT — the command's formats come from the
# library's format table (topo/io/formats.def): --format takes every name of
# the table and lists them all when refused, `ringmap --help` names them,
# and every format read from one file reads its sample
# tests/data/formats/sample<extension> by extension, by --format (any file
# name) and from standard input, giving the same mapping each time.
source "$(dirname "$0")/helpers.bash" "$@"
cd "$TMP" || exit 1
format_table >table || exit 1 # name|extensions|description|needs_speeds
names=$(cut -d'|' -f1 table)
list=$(awk -F'|' '{a[NR] = $1} END {for (i = 1; i <= NR; i++) printf "%s%s", (i == 1 ? "" : i == NR ? " or " : ", "), a[i]}' table)
bars=$(cut -d'|' -f1 table | paste -sd'|')

expect_bad "--format: expected $list, got 'json'" "unknown --format lists the table" x --format json
case $list in "gml, xml, graphml, tiers"*) ok "the list starts with the formats of docs/formats.md" ;;
*) fail "the list of formats is '$list'" ;; esac
expect_bad "needs --format $bars" "stdin without --format lists the table" - </dev/null
expect_bad "needs --format $bars" "sweep: stdin without --format lists the table" sweep - </dev/null
for cmd in "" sweep compare; do
    # shellcheck disable=SC2086
    run $cmd --help
    [ "$RC" = 0 ] || fail "ringmap $cmd --help: exit $RC"
    tr -s ' \n' '  ' <"$TMP/out" >help1
    while IFS='|' read -r name exts desc speeds; do
        want=$name
        [ -n "$desc" ] && want="$name ($desc"
        grep -qF -- "$want" help1 || fail "ringmap $cmd --help does not name '$want'"
    done <table
    ok "ringmap $cmd --help names every format"
    awk 'length($0) > 80 {exit 1}' <(grep -A4 -- '--format F' "$TMP/out") ||
        fail "ringmap $cmd --help: a --format line is longer than 80 columns"
done

n=0
while IFS='|' read -r name exts desc speeds; do
    [ "$speeds" = 0 ] || continue
    ext=${exts%% *}
    sample=$SRC/tests/data/formats/sample$ext
    [ -f "$sample" ] || fail "format $name has no sample $sample"
    expect_exit 0 "$name: by extension" "$sample" --json a.json -q
    cp "$sample" plat.data
    expect_exit 0 "$name: --format $name on a file without its extension" plat.data --format "$name" --json b.json -q
    expect_exit 0 "$name: --format $name from standard input" - --format "$name" --json c.json -q <"$sample"
    jcheck c.json "$name: standard input is named stdin" '.platform.name == "stdin"'
    for f in a b c; do
        jq -S -e '.ring, .t_step_per_dw' $f.json >$f.cmp || fail "$name: no ring or T_step in $f.json"
    done
    cmp -s a.cmp b.cmp && cmp -s a.cmp c.cmp || fail "$name: another ring or T_step by --format or stdin"
    ok "$name: the same ring and T_step by extension, --format and standard input"
    for other in $names; do
        [ "$other" = "$name" ] && continue
        grep -q "^$other|[^|]*|[^|]*|0$" table || continue
        run plat.data --format "$other" -q
        [ "$RC" != 0 ] || fail "$name's sample read as --format $other"
    done
    ok "$name: its sample is refused as every other format"
    n=$((n + 1))
done <table
[ "$n" -ge 4 ] || fail "only $n formats read from one file"
finish_test
