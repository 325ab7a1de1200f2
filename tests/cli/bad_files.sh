# bad_files.sh — platform files the command must refuse with exit 2 and a
# "ringmap: <message>" on stderr naming the file (missing, empty, malformed
# GML, zero/negative bandwidth, no host, disconnected hosts, bad cycle-time),
# never printing a mapping.
source "$(dirname "$0")/helpers.bash"

bad_file() { # DESCRIPTION FILE
    expect_exit 2 "$1" "$2"
    grep -q '^ringmap: ' "$TMP/err" || fail "$1: stderr does not start with 'ringmap: ': $(cat "$TMP/err")"
    [ ! -s "$TMP/out" ] || fail "$1: a mapping was printed on stdout"
    echo "    message: $(head -n 1 "$TMP/err")"
}

bad_file "missing file" "$TMP/does-not-exist.gml"
grep -qF "does-not-exist" "$TMP/err" || fail "missing file: message does not name the file"

: >"$TMP/empty.gml"
bad_file "empty file" "$TMP/empty.gml"

printf 'graph [\n  node [ id 0 label "P0" w 1\n  edge [ source 0 \n' >"$TMP/malformed.gml"
bad_file "malformed GML" "$TMP/malformed.gml"

printf 'this is not GML at all {{{\n' >"$TMP/garbage.gml"
bad_file "not GML" "$TMP/garbage.gml"

cat >"$TMP/zero_bw.gml" <<'GML'
graph [
  directed 0
  node [ id 0 label "P0" w 1.0 ]
  node [ id 1 label "P1" w 1.0 ]
  edge [ source 0 target 1 bandwidth 0 ]
]
GML
bad_file "zero bandwidth" "$TMP/zero_bw.gml"

sed 's/bandwidth 0/bandwidth -5/' "$TMP/zero_bw.gml" >"$TMP/neg_bw.gml"
bad_file "negative bandwidth" "$TMP/neg_bw.gml"

cat >"$TMP/no_bw.gml" <<'GML'
graph [
  directed 0
  node [ id 0 label "P0" w 1.0 ]
  node [ id 1 label "P1" w 1.0 ]
  edge [ source 0 target 1 ]
]
GML
bad_file "link without bandwidth" "$TMP/no_bw.gml"
expect_exit 0 "link without bandwidth, with --default-bandwidth" "$TMP/no_bw.gml" --default-bandwidth 100 --quiet

cat >"$TMP/no_host.gml" <<'GML'
graph [
  directed 0
  node [ id 0 label "R0" ]
  node [ id 1 label "R1" ]
  edge [ source 0 target 1 bandwidth 10 ]
]
GML
bad_file "no host" "$TMP/no_host.gml"
expect_exit 0 "no host, with --host-w" "$TMP/no_host.gml" --host-w 0.02 --quiet

cat >"$TMP/disconnected.gml" <<'GML'
graph [
  directed 0
  node [ id 0 label "P0" w 1.0 ]
  node [ id 1 label "P1" w 1.0 ]
  node [ id 2 label "P2" w 1.0 ]
  node [ id 3 label "P3" w 1.0 ]
  edge [ source 0 target 1 bandwidth 10 ]
  edge [ source 2 target 3 bandwidth 10 ]
]
GML
bad_file "disconnected hosts" "$TMP/disconnected.gml"

cat >"$TMP/neg_w.gml" <<'GML'
graph [
  directed 0
  node [ id 0 label "P0" w -1.0 ]
  node [ id 1 label "P1" w 1.0 ]
  edge [ source 0 target 1 bandwidth 10 ]
]
GML
bad_file "negative cycle-time" "$TMP/neg_w.gml"
ok "all bad files refused"
