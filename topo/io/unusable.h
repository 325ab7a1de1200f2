/*
 * unusable.h — links too slow for the model (hardening: a valid input is not refused): a link
 * whose bandwidth is below RM_LINK_BW_MIN is kept in the platform (its index,
 * its value in the JSON) but is left out of routing as if it were absent
 * (rm_network_init gives its arcs no resource), and each reader warns once
 * naming such links. Internal to the library.
 */
#ifndef RM_TOPO_UNUSABLE_H
#define RM_TOPO_UNUSABLE_H

#include "ringmap/topo.h"

#include <float.h>
#include <math.h>

/* Smallest bandwidth (Mb/s) a route may use. What the model computes with a
 * route of bandwidth b: its cost per Mb 1/b (eq. (1)), and, for the eq. (5)
 * shares, the squares x^2 of the route shares x <= b (the optimality
 * condition a_k / x_k^2 = the links' prices): a square below DBL_MIN
 * (x < 2^-511 ~ 1.5e-154) is subnormal or 0, 1/x^2 overflows, and the eq. (5)
 * solver stopped with "no convergence" from b = 1.5e-154 (1/b alone
 * overflows from b < 1/DBL_MAX ~ 5.6e-309: "weight a = inf"). A link carries
 * at most 2q routes of a ring (2e4 at 10,000 hosts) and their shares differ
 * by the square roots of their weights: 1e-140 leaves a factor 1e14 above
 * 1.5e-154 for both. Documented in docs/formats.md. */
#define RM_LINK_BW_MIN 1e-140

/* 1 if a link of bandwidth bw can carry routes (bw >= RM_LINK_BW_MIN;
 * NaN: 0). O(1). */
static inline int rm_link_bw_usable(double bw)
{
    return bw >= RM_LINK_BW_MIN;
}

/* 1 if x is subnormal (0 < |x| < DBL_MIN, e.g. 1e-310): strtod sets errno
 * to ERANGE for it, yet it is a double that the file wrote; the readers take
 * it (an underflow to 0, e.g. 1e-400, stays an error). O(1). */
static inline int rm_is_subnormal(double x)
{
    return x != 0.0 && fabs(x) < DBL_MIN;
}

/* One warning through ro->warn (rm_warn_stderr when ro or ro->warn is NULL;
 * nothing when no link is below RM_LINK_BW_MIN) naming the first links of p below the
 * threshold: "PATH: N link(s) with a bandwidth below 1e-140 Mb/s, too small
 * for the model, left out of routing (as absent): link L (A -- B) b Mb/s,
 * ...". Thread-safe (the callback's own safety aside). O(E). */
void rmi_platform_warn_unusable(const rm_platform *p, const char *path, const rm_read_options *ro);

#endif
