#!/usr/bin/env bash
# subcommands.sh RINGMAP SOURCE_ROOT — `ringmap WORD ...` where WORD is no
# subcommand and no file: "unknown subcommand", the nearest subcommand when
# one is within 2 edits, exit 2 (not a platform-format error).
source "$(dirname "$0")/helpers.bash" "$@"
cd "$TMP" || exit 1
expect_bad "unknown subcommand 'swep', did you mean 'sweep'?" "swep" swep P
expect_bad "unknown subcommand 'comapre', did you mean 'compare'?" "comapre" comapre x.gml
expect_bad "unknown subcommand 'evla', did you mean 'eval'?" "evla" evla
expect_bad "unknown subcommand 'help': for help, ringmap --help" "help" help
# a word far from every subcommand is a platform file name to the map command
expect_exit 2 "no near subcommand" frobnicate
grep -q "unknown subcommand" "$TMP/err" && fail "frobnicate: $(cat "$TMP/err")"
# a platform file named like a word still maps (with --format), and a missing
# file with an extension gets the reader's message
cp "$SRC/tests/data/star4.gml" swep
expect_exit 0 "a file named 'swep' is a platform" swep --format gml -q
expect_exit 2 "missing platform.gml" missing.gml
grep -q "unknown subcommand" "$TMP/err" && fail "missing.gml: $(cat "$TMP/err")"
ok "a word that names a file, or a path, is a platform"
