#!/usr/bin/env bash
# memory_limit.sh RINGMAP SOURCE_ROOT — a platform whose all-pairs tables
# exceed the machine's memory (a generated 100,000-host star: about 110 GiB
# for SharedRing's best pair, 150 GiB for SliceRing's complete graph) is
# refused up front with a limit message, exit 2, for each heuristic and with
# --max-q 2 — never "out of memory" exit 1 (docs/scale.md, "Memory").
source "$(dirname "$0")/helpers.bash" "$@"
cd "$TMP" || exit 1
ram_kb=$(awk '/^MemTotal:/ {print $2}' /proc/meminfo)
if [ "${ram_kb:-0}" -gt 100000000 ]; then
    echo "SKIP: this machine has more than 95 GiB of memory: the 100,000-host tables would fit"
    exit 77
fi
"$RINGMAP" generate star --hosts 100000 -o star.gml >/dev/null 2>&1 || fail "generate star --hosts 100000"
for h in "" "--heuristic shared" "--heuristic slice"; do
    # shellcheck disable=SC2086
    expect_bad "of the 100000 hosts: about" "100,000-host star, --max-q 2 $h" star.gml --max-q 2 $h
    grep -qF "of memory (docs/scale.md)" "$TMP/err" || fail "the message does not name the memory: $(cat "$TMP/err")"
done
finish_test
