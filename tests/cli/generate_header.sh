# generate_header.sh — hardening (malformed outputs): control
# characters of the command line (strtol skips leading \r, \n, \t, \v, \f in
# `--hosts`) reach the header comment of `ringmap generate`'s GML; each is
# written escaped on its comment line, so the file is read back (a \r ended
# the comment for igraph's lexer: "Parse error in GML file, line 1") as the
# same platform as without it.
source "$(dirname "$0")/helpers.bash"
expect_exit 0 "clean" generate star --hosts 4 --seed 3 -o "$TMP/clean.gml"
expect_exit 0 "clean read back" "$TMP/clean.gml" --dc-dw 0.01 --json "$TMP/clean.json" --quiet
n=0
for c in $'\r' $'\n' $'\t' $'\v' $'\f' $'\r\n' $'\n\r' $'\r\r\t'; do
    n=$((n + 1))
    expect_exit 0 "generate with control character case $n" generate star --hosts "${c}4" --seed 3 -o "$TMP/g$n.gml"
    expect_exit 0 "read back case $n" "$TMP/g$n.gml" --dc-dw 0.01 --json "$TMP/g$n.json" --quiet
    [ "$(jq -c '[.t_step_per_dw, [.ring[].label]]' "$TMP/g$n.json")" = \
      "$(jq -c '[.t_step_per_dw, [.ring[].label]]' "$TMP/clean.json")" ] ||
        fail "case $n: not the same platform as without the control character"
    # every line before "graph [" is a comment
    awk '/^graph \[/ {exit} !/^# / {bad=1} END {exit bad}' "$TMP/g$n.gml" ||
        fail "case $n: a header line is not a comment: $(head -3 "$TMP/g$n.gml" | od -c | head)"
    ! grep -q $'\r' "$TMP/g$n.gml" || fail "case $n: a raw \\r in the GML"
done
ok "$n command lines with control characters give well-formed GML"
