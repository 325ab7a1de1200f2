/*
 * balance_internal.h — helpers shared by the files of balance/ (not public).
 */
#ifndef RINGMAP_BALANCE_INTERNAL_H
#define RINGMAP_BALANCE_INTERNAL_H

#include "ringmap/balance.h"

/* Grow m's storage to cap points (>= 8), keeping its points. RM_ENOMEM with
 * m unchanged. */
rm_status rmi_fpm_reserve(rm_fpm *m, int cap, rm_error *err);

/* Largest x >= 0 with rm_fpm_time_hull(m, x) <= T (0 if T <= 0): the
 * intersection of the speed graph with the line s = x / T through the origin
 * (the first one when the shape assumption fails). m has >= 1 point. O(n). */
double rmi_fpm_hull_inverse(const rm_fpm *m, double T);

#endif
