# badinput.sh — the table of hostile platform files (tests/data/bad/
# MANIFEST.tsv) through the command: a refused file gives exit 2, a
# "ringmap: " message on stderr naming the file and containing the table's
# fragment, and nothing on stdout; an accepted one maps (exit 0, valid JSON).
# Also a few hostile options and a generated 200000-node file.
source "$(dirname "$0")/helpers.bash"

BAD="$SRC/tests/data/bad"
n=0
while IFS=$'\t' read -r file status frag; do
    case $file in '#'* | '') continue ;; esac
    n=$((n + 1))
    if [ "$status" = OK ]; then
        expect_exit 0 "$file (accepted)" "$BAD/$file" --max-q 4 --json - --quiet
        jq -e '.ring | length >= 1' "$TMP/out" >/dev/null || fail "$file: no ring in the JSON"
        [ -z "$frag" ] || grep -qF -- "$frag" "$TMP/err" || fail "$file: no warning with '$frag': $(cat "$TMP/err")"
        continue
    fi
    expect_bad "$frag" "$file" "$BAD/$file"
    grep -qF -- "$file" "$TMP/err" || fail "$file: the message does not name the file: $(cat "$TMP/err")"
    [ "$(wc -l <"$TMP/err")" -le 2 ] || fail "$file: more than 2 lines on stderr: $(cat "$TMP/err")"
done <"$BAD/MANIFEST.tsv"
[ "$n" -ge 30 ] || fail "only $n entries in MANIFEST.tsv"
ok "$n table entries through the command"

# hostile options on a valid platform: exit 2, message, nothing on stdout
P="$SRC/platforms/test/star3.gml"
expect_bad "--dc-dw" "--dc-dw nan" "$P" --dc-dw nan
expect_bad "--dc-dw" "--dc-dw inf" "$P" --dc-dw inf
expect_bad "--dc-dw" "--dc-dw 1e999" "$P" --dc-dw 1e999
expect_bad "--dc-dw" "--dc-dw -1" "$P" --dc-dw -1
expect_bad "--max-q" "--max-q 2^63" "$P" --max-q 9223372036854775808
expect_bad "--max-q" "--max-q -1" "$P" --max-q -1
expect_bad "--max-q" "--max-q 4x" "$P" --max-q 4x
expect_bad "--dw" "--dw 0" "$P" --dc 1 --dw 0
expect_bad "--host-w" "--host-w -0" "$P" --host-w -0
expect_bad "unknown option" "binary option" "$P" $'--\x01\x02'
expect_bad "PLATFORM" "no platform" --dc-dw 0.1
big=$(head -c 100000 /dev/zero | tr '\0' 'x')
expect_bad "one PLATFORM" "two platforms, one of 100000 characters" "$P" "$big"
expect_bad "$(printf '%.40s' "$big")" "a platform path of 100000 characters" "$big.gml"

# generated: 200000 hosts without links (refused quickly: they cannot reach each other)
{
    echo "graph ["
    echo "  directed 0"
    seq 0 199999 | sed 's/.*/  node [ id & w 1 ]/'
    echo "]"
} >"$TMP/many.gml"
start=$(date +%s)
expect_bad "cannot reach" "200000 unconnected hosts" "$TMP/many.gml"
el=$(($(date +%s) - start))
[ "$el" -le 20 ] || fail "200000 unconnected hosts took $el s"
ok "all bad inputs refused through the command"
