# determinism.sh — the same command twice gives byte-identical JSON (and
# table), for each heuristic and refinement, on the test platforms.
source "$(dirname "$0")/helpers.bash"

plats=("$SRC/platforms/test/star3.gml")
[ -f "${plats[0]}" ] || fail "${plats[0]} is missing"
if [ -f "$SRC/platforms/medium_tiers.gml" ]; then
    plats+=("$SRC/platforms/medium_tiers.gml")
else
    skip_part "$SRC/platforms/medium_tiers.gml not present, only star3 checked"
fi

for p in "${plats[@]}"; do
    for args in "--heuristic shared" "--heuristic shared --sharing maxmin" \
        "--heuristic shared --sharing eq5" "--heuristic slice" "--heuristic both --dc-dw 0.064"; do
        # shellcheck disable=SC2086
        expect_exit 0 "$(basename "$p") $args (run 1)" "$p" $args --json "$TMP/a.json"
        mv "$TMP/out" "$TMP/a.txt"
        # shellcheck disable=SC2086
        expect_exit 0 "$(basename "$p") $args (run 2)" "$p" $args --json "$TMP/b.json"
        cmp -s "$TMP/a.json" "$TMP/b.json" || fail "$(basename "$p") $args: JSON differs between runs"
        cmp -s "$TMP/a.txt" "$TMP/out" || fail "$(basename "$p") $args: table differs between runs"
        jq -e . "$TMP/a.json" >/dev/null || fail "invalid JSON"
        ok "$(basename "$p") $args: byte-identical JSON ($(wc -c <"$TMP/a.json") bytes) and table"
    done
done
finish_test
