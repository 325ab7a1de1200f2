# valgrind.sh — valgrind memcheck on the command, one run per shipped
# platform (platforms/*.gml), SharedRing and SliceRing (--heuristic both)
# with the JSON written: no memory error and no definite leak
# (--error-exitcode=1 --leak-check=full --errors-for-leak-kinds=definite).
# Skipped (exit 77, ctest SKIP_RETURN_CODE, with a message) when valgrind is absent or when the
# command is built with AddressSanitizer (the two cannot run together).
source "$(dirname "$0")/helpers.bash"

if ! command -v valgrind >/dev/null; then
    echo "SKIP: valgrind is not installed (tools/install-deps installs it)"
    exit 77
fi
if ldd "$RINGMAP" 2>/dev/null | grep -q 'libasan\|libubsan' || grep -qa '__asan_init' "$RINGMAP"; then
    echo "SKIP: $RINGMAP is built with sanitizers; valgrind runs on the normal build"
    exit 77
fi

n=0
for p in "$SRC"/platforms/*.gml; do
    name=$(basename "$p")
    start=$(date +%s)
    valgrind --quiet --error-exitcode=1 --leak-check=full --errors-for-leak-kinds=definite \
        --log-file="$TMP/vg.log" "$RINGMAP" "$p" --heuristic both --json "$TMP/out.json" \
        >"$TMP/out" 2>"$TMP/err"
    rc=$?
    if [ "$rc" != 0 ]; then
        cat "$TMP/vg.log" >&2
        fail "$name: valgrind exit $rc; stderr: $(head -c 400 "$TMP/err")"
    fi
    [ -s "$TMP/vg.log" ] && { cat "$TMP/vg.log" >&2; fail "$name: valgrind reported something"; }
    jq -e '.shared.t_step_per_dw > 0 and .slice.t_step_per_dw > 0' "$TMP/out.json" >/dev/null ||
        fail "$name: no valid JSON under valgrind"
    ok "$name: memcheck clean ($(($(date +%s) - start)) s)"
    n=$((n + 1))
done
[ "$n" -ge 1 ] || fail "no platform in $SRC/platforms"
ok "$n shipped platforms memcheck clean"
