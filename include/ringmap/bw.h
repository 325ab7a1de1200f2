/*
 * ringmap/bw.h — bandwidth sharing among routes: max-min fairness, optimal shares of
 * eq. (5), residual capacities.
 *
 * Part of the public C API of libringmap (include <ringmap.h> for all of it).
 * Conventions, indices and units: see ringmap.h.
 */
#ifndef RINGMAP_BW_H
#define RINGMAP_BW_H

#include "ringmap/topo.h"

#ifdef __cplusplus
extern "C" {
#endif
#pragma GCC visibility push(default)

/* ------------------------------------------------------------------------ */
/* bw: bandwidth sharing among routes                                        */
/* ------------------------------------------------------------------------ */

/**
 * Max-min fair rates of a set of routes on capacities cap (n_res entries;
 * NULL = net->res_cap), by progressive filling as SimGrid's lmm does: all
 * unfrozen routes grow at the same rate; when a resource saturates, its
 * routes freeze. A backbone resource limits each route separately. Routes
 * with no arcs get INFINITY. rate[k] is written (n_routes entries); the
 * routes' bandwidth fields are not touched.
 * Errors: RM_EINPUT (a route uses an unusable arc), RM_ENOMEM.
 * Complexity: O(R (K + L)) with R resources, K routes, L = total route length.
 * Source: seed 001 §4.4.3, method 1; Bertsekas & Gallager, Data Networks.
 * Thread safety: reentrant: the network and the routes are only read, so one
 * network may be shared by several threads.
 */
rm_status rm_maxmin(const rm_network *net, const double *cap, int n_routes,
                    const rm_route *routes, double *rate, rm_error *err);

/**
 * Optimal shares for fixed routes: minimise sum_k a[k] / x[k] subject to,
 * for each non-backbone resource r, sum_{k uses r} x[k] <= cap[r], and for
 * each backbone resource x[k] <= cap[r] (cap NULL = net->res_cap). By
 * eq. (5) of seed 001 this minimises T_step of a balanced ring when a[k] is
 * 1/w of route k's sender. Routes with a[k] == 0 get the bandwidth left on
 * their path after the others (0 if none); routes with no arcs get INFINITY.
 * Solved on the dual by coordinate ascent on the link prices (KKT:
 * x_k = sqrt(a_k / sum_{r in k} lambda_r), lambda_r (cap_r - load_r) = 0) to
 * relative accuracy tol (1e-12 if tol <= 0). Meant for the small problems of
 * one insertion (seed 001 §4.4.2, "brute force (analytical) method") but
 * correct for any size.
 * Errors: RM_EINPUT (unusable arc, negative a), RM_ESOLVER (no convergence),
 * RM_ENOMEM. Complexity: O(iterations * L).
 * Thread safety: reentrant: the network and the routes are only read, so one
 * network may be shared by several threads.
 */
rm_status rm_share_optimal(const rm_network *net, const double *cap, int n_routes,
                           const rm_route *routes, const double *a, double tol, double *x,
                           rm_error *err);

/** residual[r] -= sign * x for every non-backbone resource r on the route
 *  (sign = +1 takes bandwidth, -1 gives it back). O(len). Source: seed 001
 *  §4.4.2 ("peeling off the bandwidths").
 *  Thread safety: writes residual (one array per thread); the network is only
 *  read. */
void rm_residual_apply(const rm_network *net, double *residual, const rm_route *route, double x,
                       int sign);

#pragma GCC visibility pop
#ifdef __cplusplus
}
#endif

#endif /* RINGMAP_BW_H */
