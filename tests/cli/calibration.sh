#!/usr/bin/env bash
# calibration.sh RINGMAP SOURCE_ROOT — the network calibration options of
# `ringmap map` (rm_platform_calibrate, rm_smpi_factors): --bw-factor and
# --lat-factor give the mapping of the same platform written with scaled
# links; --smpi-factors takes SimGrid 3.32's factors for the message size
# D_c (0.064 Mb = 8000 bytes: bandwidth x 1.08739, latency x 2.18796) and
# says so in the table and the JSON ("platform.calibration"); bad values and
# a missing D_c are refused (exit 2); export-simgrid of a calibrated mapping
# writes the file's own links.
source "$(dirname "$0")/helpers.bash" "$@"
cd "$TMP" || exit 1
write_star3 star.gml
sed 's/bandwidth 10.0/bandwidth 25.0/; s/bandwidth 20.0/bandwidth 50.0/' star.gml >star25.gml
sed -i 's/bandwidth 10.0 ]/bandwidth 10.0 latency 0.0001 ]/' star.gml
sed -i 's/bandwidth 25.0 ]/bandwidth 25.0 latency 0.0003 ]/' star25.gml
sed -i 's/bandwidth 20.0 ]/bandwidth 20.0 latency 0.0001 ]/; s/bandwidth 50.0 ]/bandwidth 50.0 latency 0.0003 ]/' star.gml star25.gml

# the factors equal the scaled file (both latency models, both heuristics)
for extra in "" "--latency" "--heuristic slice --latency"; do
    # shellcheck disable=SC2086
    "$RINGMAP" star.gml --dc 0.64 --dw 10 $extra --bw-factor 2.5 --lat-factor 3 --json a.json -q ||
        fail "calibrated map ($extra)"
    # shellcheck disable=SC2086
    "$RINGMAP" star25.gml --dc 0.64 --dw 10 $extra --json b.json -q || fail "scaled map ($extra)"
    ta=$(jq .t_step_per_dw a.json) tb=$(jq .t_step_per_dw b.json)
    awk -v a="$ta" -v b="$tb" 'BEGIN { d = a - b; if (d < 0) d = -d; exit !(d <= 1e-12 * b) }' ||
        fail "--bw-factor 2.5 --lat-factor 3 ($extra): T_step/D_w $ta, the scaled file's $tb"
    [ "$(jq -c '[.ring[].host]' a.json)" = "$(jq -c '[.ring[].host]' b.json)" ] ||
        fail "calibrated and scaled rings differ ($extra)"
    ok "--bw-factor/--lat-factor = the scaled file ($extra): $ta"
done
jcheck a.json "JSON records the factors" '.platform.calibration == {"bw_factor": 2.5, "lat_factor": 3}'
jcheck b.json "no calibration recorded when none asked" '.platform | has("calibration") | not'

# SMPI's factors for 8000-byte messages
run star.gml --dc 0.064 --dw 10 --latency --smpi-factors --json s.json
[ "$RC" = 0 ] || fail "--smpi-factors: exit $RC: $(cat "$TMP/err")"
grep -qF "calibrated: bandwidths x 1.08739, latencies x 2.18796" "$TMP/out" ||
    fail "the table does not state the calibration: $(head -3 "$TMP/out")"
ok "the table states SMPI's factors for 8000 bytes"
jcheck s.json "JSON: SMPI's factors for 8000 bytes" \
    '.platform.calibration == {"bw_factor": 1.08739, "lat_factor": 2.18796}'
"$RINGMAP" star.gml --dc 0.064 --dw 10 --latency --bw-factor 1.08739 --lat-factor 2.18796 --json f.json -q
jcheck f.json "--smpi-factors = its factors given by hand" '.t_step_per_dw == $t' \
    --argjson t "$(jq .t_step_per_dw s.json)"
run star.gml --dc 0.0008 --dw 10 --smpi-factors --json t.json # 100 bytes: the smallest row
jcheck t.json "JSON: SMPI's factors for 100 bytes" '.platform.calibration == {"bw_factor": 0.812084, "lat_factor": 2.01467}'
run star.gml --dc 0.064 --dw 10 --smpi-factors --bw-factor 2 --json u.json # both: the product
jcheck u.json "--smpi-factors times --bw-factor" '.platform.calibration.bw_factor == 2.17478'

# refused
expect_bad "--smpi-factors: the factors depend on the message size" "--smpi-factors without --dc" \
    star.gml --smpi-factors
expect_bad "--bw-factor: expected a finite number > 0" "--bw-factor 0" star.gml --bw-factor 0
expect_bad "--bw-factor: expected a finite number > 0" "--bw-factor abc" star.gml --bw-factor abc
expect_bad "--lat-factor: expected a finite number > 0" "--lat-factor -1" star.gml --lat-factor -1
expect_bad "--lat-factor: expected a factor in [1e-6, 1e6]" "--lat-factor 1e9" star.gml --lat-factor 1e9
expect_bad "--bw-factor: expected a finite number > 0" "--bw-factor nan" star.gml --bw-factor nan

# export-simgrid of a calibrated mapping: the file's links, not the calibrated ones
run export-simgrid star.gml s.json -o s.xml
[ "$RC" = 0 ] || fail "export-simgrid of a calibrated mapping: exit $RC: $(cat "$TMP/err")"
grep -q 'bandwidth="10Mbps"' s.xml ||
    fail "export-simgrid did not write the file's 10 Mb/s link: $(grep -m2 bandwidth s.xml)"
ok "export-simgrid writes the file's links"
finish_test
