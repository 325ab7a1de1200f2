#!/usr/bin/env bash
# smpi_all.sh RINGMAP ITERAPP_SMPI SOURCE_ROOT — the SMPI comparison of
# iterapp/smpi_compare.sh for every shipped platform and the ratios D_c/D_w
# 0.064 and 0.0064: predicted (eq. (1) with integer columns) vs simulated
# T_step for the SharedRing, SliceRing and naive rings.
set -eu
RM=$1 APP=$2 SRC=$3
for p in "$SRC"/platforms/medium_tiers.gml "$SRC"/platforms/renater2001.gml "$SRC"/platforms/geant2009.gml \
         "$SRC"/platforms/test/shared4.gml "$SRC"/platforms/test/star3.gml; do
  for r in 0.064 0.0064; do
    echo "== $(basename "$p") D_c/D_w = $r"
    bash "$SRC/iterapp/smpi_compare.sh" "$RM" "$APP" "$p" "$r" || echo "(failed)"
  done
done
