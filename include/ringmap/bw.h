/*
 * ringmap/bw.h — bandwidth sharing among routes: max-min fairness, optimal shares of
 * eq. (5), residual capacities.
 *
 * Part of the public C API of libringmap (include <ringmap.h> for all of it).
 * Conventions, indices and units: see ringmap.h.
 */
#ifndef RINGMAP_BW_H
#define RINGMAP_BW_H

#include "ringmap/model.h"
#include "ringmap/topo.h"

#ifdef __cplusplus
extern "C" {
#endif
#pragma GCC visibility push(default)

/* ------------------------------------------------------------------------ */
/* bw: bandwidth sharing among routes                                        */
/* ------------------------------------------------------------------------ */

/**
 * Max-min fair rates of a set of routes on capacities cap, by progressive
 * filling as SimGrid's lmm does: all unfrozen routes grow at the same rate;
 * when a resource saturates, its routes freeze. A backbone resource limits
 * each route separately. A route crossing a resource m times (a walk)
 * weighs m on it.
 * Shapes and units: cap has net->n_res entries (Mb/s; NULL = net->res_cap;
 * negative or noise-level values, <= 1e-12 of the full capacity, count as
 * 0); routes has n_routes entries (arcs of net); rate (n_routes entries,
 * Mb/s) is written: INFINITY for a route with no arcs, 0 for a route
 * crossing a resource of capacity 0. The routes' bandwidth fields are not
 * touched.
 * Errors: RM_EINVAL "rm_maxmin: ..." naming the argument (NULL net,
 * n_routes < 0, NULL routes or rate with n_routes > 0, a route with
 * n_arcs < 0 or NULL arcs, an arc index outside 0..net->n_arcs-1);
 * RM_EINPUT (an arc unusable in its direction, a NaN capacity); RM_ENOMEM.
 * Complexity: O(rounds (R + K + T)) with R resources used, K routes, T
 * (resource, route) pairs, rounds <= R + K; plus O(L log L) to collect the
 * resources (L = total route length).
 * Source: Legrand et al., "Mapping and Load-Balancing Iterative
 * Computations" (IEEE TPDS 2004), §4.4.3, method 1; Bertsekas & Gallager,
 * Data Networks, §6.5.2.
 * Thread safety: reentrant: the network and the routes are only read, so one
 * network may be shared by several threads.
 */
rm_status rm_maxmin(const rm_network *net, const double *cap, int n_routes,
                    const rm_route *routes, double *rate, rm_error *err);

/**
 * THE eq. (5) share solver of the library (SharedRing's split of each
 * insertion, the sharing policy and make-feasible "eq5", the start of the
 * final KINSOL solver; rm_share_optimal_sys is the same on resource lists).
 * Optimal shares for fixed routes: minimise sum_k a[k] / x[k] subject to,
 * for each non-backbone resource r, sum_{k uses r} m_kr x[k] <= cap[r]
 * (m_kr: how many times route k crosses r), and for each backbone resource
 * x[k] <= cap[r]. By eq. (5) of Legrand et al. 2004 this minimises T_step of a
 * balanced ring when a[k] is 1/w of route k's sender.
 * Shapes and units: cap has net->n_res entries (Mb/s; NULL = net->res_cap;
 * negative, zero or noise-level values, <= 1e-12 of the full capacity,
 * count as 0; INFINITY = no limit); routes, a and x have n_routes entries;
 * a[k] >= 0 finite (1/(s/Mflop) when a = 1/w); x (Mb/s) is written.
 * Routes with a[k] == 0 get the bandwidth left on their path by the others,
 * shared by max-min (0 if none); routes with no arcs get INFINITY; a route
 * crossing a resource of capacity 0 gets 0 (its cost is infinite: callers
 * test x > 0). The result is always feasible (scaled down by at most a
 * factor 1 - tol where rounding left a load above capacity).
 * Method: the dual by Gauss-Seidel coordinate ascent on the link prices,
 * each price exact by a 1-D Newton solve, accelerated by full Newton steps
 * with a primal-dual active set (KKT: x_k = min(u_k, sqrt(a_k / sum_{r in k}
 * m_kr lambda_r)), lambda_r (cap_r - load_r) = 0), to relative KKT
 * accuracy tol (1e-12 if tol <= 0); bw/share.c has the details. Agrees with
 * an independent KINSOL active-set solver to 9e-13 relative in the
 * objective and with GLPK cutting planes to their 1e-9 gap on the rings and
 * random route sets of the shipped platforms (tests/test_solvers.c keeps
 * the GLPK cross-check), 10-100x faster than the former.
 * Errors: RM_EINVAL "rm_share_optimal: ..." naming the argument (NULL net,
 * n_routes < 0, NULL routes, a or x with n_routes > 0, a route with n_arcs <
 * 0 or NULL arcs, an arc index outside 0..net->n_arcs-1); RM_EINPUT (an arc
 * unusable in its direction, a[k] negative or not finite, a NaN capacity);
 * RM_ESOLVER (no convergence in 20000 sweeps); RM_ENOMEM.
 * Complexity: O(L log L) to build, then O(sweeps * T * n1d + Newton steps
 * * (T + sum_k d_k^2 + |P|^3)) (T terms, n1d ~ 3-6, d_k shared resources of
 * route k, |P| <= 200 priced resources); typically 1-3 sweeps: ~1.4 us for
 * the 4 routes of one SharedRing insertion, ~45 us for 40 routes on 60
 * resources (tests/test_bw.c test_speed).
 * Source: Legrand et al. 2004 §4.4.2 ("brute force (analytical) method"),
 * §4.4.3, eq. (5); Bertsekas, Nonlinear Programming, §6 (dual ascent).
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
/** Iteration limits of the final solvers of a fixed ring (rm_tstep_kinsol,
 *  rm_tstep_glpk): rm_options.final_limits, copied into
 *  rm_ring_instance.limits by the mapper. 0 in a field = that solver's own
 *  limit (the default, rm_options_init). A limit reached before the
 *  tolerance: GLPK returns its best point so far with its certified gap
 *  (rm_solver_info.gap); KINSOL restarts or backs off, then returns a
 *  certified point or RM_ESOLVER (the mapper then returns no mapping). */
typedef struct rm_solver_limits {
    int kinsol_max_newton;      /* KINSOL Newton iterations per solve (own: 200) */
    int kinsol_max_set_changes; /* KINSOL active-set changes per continuation stage (own:
                                   60 + 4 (link rows + q + host groups) of the instance) */
    int glpk_max_lps;           /* GLPK cutting-plane LPs (own: 1000) */
    /* reserved for fields of later 1.x releases, which take slots from it
       so that the size and the offsets above stay (docs/library.md, "ABI
       notes"); zeroed by rm_options_init and rm_ring_instance_of_mapping */
    rm_reserved_slot reserved[4];
} rm_solver_limits;

typedef struct rm_ring_instance {
    int q;                       /* ring size, >= 1 */
    const double *w;             /* q cycle-times (s/Mflop), > 0 */
    /* the cost model (model.h): D_c/D_w (Mb/Mflop, >= 0), D_c (Mb: the latency
       model only), latency (route cost 1/x + L/D_c instead of 1/x), parallel
       send (host cost max(c_succ, c_pred) instead of the sum). Before 1.1 the
       fields dc_dw, dc, latency, parallel_send: ri.dc_dw is ri.cost.dc_dw */
    rm_cost_model cost;
    const double *route_latency; /* 2q route latencies L_k (s), or NULL (0) */
    rm_share_system sys;         /* 2q routes (q >= 2) */
    rm_solver_limits limits;     /* the solvers' iteration limits; zeroed (= their own)
                                    by rm_ring_instance_of_mapping */
    /* reserved for fields of later 1.x releases, which take slots from it
       so that the size and the offsets above stay (docs/library.md, "ABI
       notes"); zeroed by rm_ring_instance_of_mapping; an instance filled
       by hand starts from {0} */
    rm_reserved_slot reserved[8];
} rm_ring_instance;

/**
 * rm_share_optimal on a constraint system given as resource lists (the form
 * the solvers and rm_ring_instance take): the routes sys->route_res
 * [route_start[k] .. route_start[k + 1]), capacities sys->res_cap (Mb/s,
 * >= 0, INFINITY = no limit; each is its own full capacity: only 0 counts
 * as 0), backbone flags sys->res_backbone (NULL: none). a and x have
 * sys->n_routes entries. Same result, method and complexity as
 * rm_share_optimal.
 * Errors: RM_EINVAL "rm_share_optimal_sys: ..." naming the field (NULL sys,
 * a or x; n_routes or n_res negative; NULL route_start, route_res or
 * res_cap; route_start[0] != 0 or decreasing; a resource index outside
 * 0..n_res-1; a capacity NaN or negative); RM_EINPUT (a[k] negative or not
 * finite); RM_ESOLVER; RM_ENOMEM.
 * Source: Legrand et al. 2004 §4.4.2-4.4.3, eq. (5).
 * Thread safety: reentrant (sys and a only read).
 */
rm_status rm_share_optimal_sys(const rm_share_system *sys, const double *a, double tol, double *x,
                               rm_error *err);

/** residual[r] -= sign * x for every non-backbone resource r on the route
 *  (sign = +1 takes bandwidth, -1 gives it back). O(len). Source: Legrand et al. 2004
 *  §4.4.2 ("peeling off the bandwidths").
 *  Shapes and units: residual has net->n_res entries (Mb/s), x in Mb/s.
 *  No errors (void): a NULL argument is a no-op and unusable or unknown arcs
 *  are skipped (the routes given are the widest paths of the same net).
 *  Thread safety: writes residual (one array per thread); the network is only
 *  read. */
void rm_residual_apply(const rm_network *net, double *residual, const rm_route *route, double x,
                       int sign);

#pragma GCC visibility pop
#ifdef __cplusplus
}
#endif

#endif /* RINGMAP_BW_H */
