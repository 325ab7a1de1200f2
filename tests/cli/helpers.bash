# helpers.bash — shared helpers of the CLI tests (sourced, not a test itself).
# Usage in a test: RINGMAP=$1 SRC=$2; source "$(dirname "$0")/helpers.bash".
# Provides: $TMP (removed on exit), fail, ok, run (captures exit code, stdout
# in $TMP/out, stderr in $TMP/err), expect_exit, expect_bad (exit 2 and a
# message naming something), format_table (the library's formats), jcheck (a
# jq assertion), write_star3.

set -u
if [ $# -lt 2 ]; then
    echo "usage: bash $0 RINGMAP_BINARY SOURCE_ROOT" >&2
    exit 2
fi
RINGMAP=$1
SRC=$2
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
command -v jq >/dev/null || { echo "FAIL: jq is required" >&2; exit 1; }
[ -x "$RINGMAP" ] || { echo "FAIL: $RINGMAP is not an executable" >&2; exit 1; }

fail() { echo "FAIL: $*" >&2; exit 1; }
ok() { echo "ok: $*"; }
# A check that cannot run here (a tool is missing) is not a pass: skip_part
# records it, finish_test (the test's last line) then exits 77, which ctest
# shows as "Skipped" (SKIP_RETURN_CODE 77), after every other check passed.
RM_SKIPPED_PARTS=""
skip_part() { echo "SKIP (part of this test): $*"; RM_SKIPPED_PARTS="$RM_SKIPPED_PARTS$*; "; }
finish_test() {
    if [ -n "$RM_SKIPPED_PARTS" ]; then
        echo "SKIP: the other checks passed, but these could not run: $RM_SKIPPED_PARTS"
        exit 77
    fi
}

# run ARGS...: run ringmap; RC = exit code; stdout in $TMP/out, stderr in $TMP/err.
run() {
    "$RINGMAP" "$@" >"$TMP/out" 2>"$TMP/err"
    RC=$?
}

# expect_exit CODE DESCRIPTION ARGS...
expect_exit() {
    local want=$1 desc=$2
    shift 2
    run "$@"
    [ "$RC" = "$want" ] || fail "$desc: exit $RC, expected $want; stderr: $(head -c 400 "$TMP/err")"
    ok "$desc (exit $want)"
}

# expect_bad PATTERN DESCRIPTION ARGS...: exit 2, nothing on stdout, and a
# "ringmap: " message on stderr that contains PATTERN (fixed string).
expect_bad() {
    local pat=$1 desc=$2
    shift 2
    expect_exit 2 "$desc" "$@"
    grep -q '^ringmap: ' "$TMP/err" || fail "$desc: stderr does not start with 'ringmap: ': $(cat "$TMP/err")"
    grep -qF -- "$pat" "$TMP/err" || fail "$desc: stderr does not mention '$pat': $(cat "$TMP/err")"
    [ ! -s "$TMP/out" ] || fail "$desc: something was printed on stdout"
}

# format_table: the library's format table (topo/io/formats.def), one line
# "name|extensions|description|needs_speeds" per format, in its order; fails
# the test when fewer than 5 lines can be read.
format_table() {
    local def=$SRC/topo/io/formats.def rows
    rows=$(sed -n 's/^RM_FORMAT("\([a-z0-9_]*\)", "\([^"]*\)", "\([^"]*\)", \([a-z0-9_]*\), \([01]\))$/\1|\2|\3|\5/p' "$def")
    [ "$(printf '%s\n' "$rows" | grep -c .)" -ge 5 ] || fail "read fewer than 5 formats from $def"
    [ "$(grep -c '^RM_FORMAT(' "$def")" = "$(printf '%s\n' "$rows" | grep -c .)" ] ||
        fail "a line of $def has another form than RM_FORMAT(\"name\", \"exts\", \"desc\", reader, 0|1)"
    printf '%s\n' "$rows"
}

# jcheck FILE DESCRIPTION JQ_EXPR [jq args...]: the expression must be true.
jcheck() {
    local f=$1 desc=$2 expr=$3
    shift 3
    jq -e "$@" "$expr" "$f" >/dev/null 2>"$TMP/jqerr" ||
        fail "$desc (jq: $expr) $(cat "$TMP/jqerr")"
    ok "$desc"
}

# The hand-solved 3-host star (docs/sources.md, "Oracles"): hosts P0, P1 (w = 1) and P2 (w = 2), router
# R3; links P0-R3 and P1-R3 of 10 Mb/s, P2-R3 of 20 Mb/s.
write_star3() {
    cat >"$1" <<'GML'
graph [
  directed 0
  node [ id 0 label "P0" w 1.0 ]
  node [ id 1 label "P1" w 1.0 ]
  node [ id 2 label "P2" w 2.0 ]
  node [ id 3 label "R3" ]
  edge [ source 0 target 3 bandwidth 10.0 ]
  edge [ source 1 target 3 bandwidth 10.0 ]
  edge [ source 2 target 3 bandwidth 20.0 ]
]
GML
}

# rm_ulimit_v KB: ulimit -v KB, except in a sanitizer build (ASAN_OPTIONS
# set, tools/ci-hardening), whose shadow memory needs terabytes of address
# space: there the test's timeout alone bounds the run (the memory bound is
# checked by the plain build).
rm_ulimit_v() {
    if [ -n "${ASAN_OPTIONS:-}" ]; then
        return 0
    fi
    ulimit -v "$1"
}
