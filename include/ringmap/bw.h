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
 * Source: Legrand et al. 2004 §4.4.3, method 1; Bertsekas & Gallager, Data Networks.
 * Thread safety: reentrant: the network and the routes are only read, so one
 * network may be shared by several threads.
 */
rm_status rm_maxmin(const rm_network *net, const double *cap, int n_routes,
                    const rm_route *routes, double *rate, rm_error *err);

/**
 * Optimal shares for fixed routes: minimise sum_k a[k] / x[k] subject to,
 * for each non-backbone resource r, sum_{k uses r} x[k] <= cap[r], and for
 * each backbone resource x[k] <= cap[r] (cap NULL = net->res_cap). By
 * eq. (5) of Legrand et al. 2004 this minimises T_step of a balanced ring when a[k] is
 * 1/w of route k's sender. Routes with a[k] == 0 get the bandwidth left on
 * their path after the others (0 if none); routes with no arcs get INFINITY.
 * Solved on the dual by coordinate ascent on the link prices (KKT:
 * x_k = sqrt(a_k / sum_{r in k} lambda_r), lambda_r (cap_r - load_r) = 0) to
 * relative accuracy tol (1e-12 if tol <= 0). Meant for the small problems of
 * one insertion (Legrand et al. 2004 §4.4.2, "brute force (analytical) method") but
 * correct for any size.
 * Errors: RM_EINPUT (unusable arc, negative a), RM_ESOLVER (no convergence),
 * RM_ENOMEM. Complexity: O(iterations * L).
 * Thread safety: reentrant: the network and the routes are only read, so one
 * network may be shared by several threads.
 */
rm_status rm_share_optimal(const rm_network *net, const double *cap, int n_routes,
                           const rm_route *routes, const double *a, double tol, double *x,
                           rm_error *err);

/* ------------------------------------------------------------------------ */
/* The constraint system and the ring instance the solvers take              */
/* ------------------------------------------------------------------------ */

/**
 * Routes x resources: the constraint system of bandwidth sharing in the
 * vocabulary of SimGrid's lmm (variables = routes, constraints = links).
 * Route k crosses the resources route_res[route_start[k] ..
 * route_start[k + 1]) in order (a walk may cross one several times: it
 * then counts that many times in the resource's load; once on a
 * backbone). A resource is a link (one per direction with full duplex;
 * rm_network's res_* arrays): capacity res_cap[r] (Mb/s, >= 0), and
 * res_backbone[r] != 0 when each route may use the whole capacity
 * (Legrand et al. 2004 §2.4; NULL: none). The arrays are the caller's (only read).
 */
typedef struct rm_share_system {
    int n_routes;
    const int *route_start; /* n_routes + 1, route_start[0] = 0 */
    const int *route_res;   /* route_start[n_routes] resource indices in 0..n_res-1 */
    int n_res;
    const double *res_cap;   /* n_res */
    const int *res_backbone; /* n_res, or NULL */
} rm_share_system;

/**
 * A ring instance: everything the solvers of a fixed ring with fixed
 * routes need (Legrand et al. 2004 eqs. (1), (5)), without the platform or the
 * mapping it came from: the cycle-times of the q ring positions, the 2q
 * routes as resource lists with the resources' capacities (sys: route i
 * is position i's route to its successor, route q + i its route to its
 * predecessor), the route latencies, D_c/D_w and the cost model. Built
 * from a mapping by rm_ring_instance_of_mapping (ring/).
 */
typedef struct rm_ring_instance {
    int q;                       /* ring size, >= 1 */
    const double *w;             /* q cycle-times (s/Mflop), > 0 */
    double dc_dw;                /* D_c / D_w (Mb/Mflop), >= 0 */
    double dc;                   /* D_c (Mb): latency model only */
    int latency;                 /* route cost 1/x + L/D_c instead of 1/x */
    int parallel_send;           /* host cost max(c_succ, c_pred) instead of the sum */
    const double *route_latency; /* 2q route latencies L_k (s), or NULL (0) */
    rm_share_system sys;         /* 2q routes (q >= 2) */
} rm_ring_instance;

/** residual[r] -= sign * x for every non-backbone resource r on the route
 *  (sign = +1 takes bandwidth, -1 gives it back). O(len). Source: Legrand et al. 2004
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
