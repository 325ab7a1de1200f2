/*
 * solvers.h — optimal link shares for a fixed ring and fixed routes, computed
 * two independent ways that check each other: Newton on the KKT system with
 * KINSOL (shares_kinsol.c) and outer approximation by tangent cuts with GLPK
 * (shares_glpk.c). Used by bw/ and ring/ for --refine kinsol | glpk (issue 3).
 *
 * THE CONVEX PROGRAM (seed 001 §4.4.3, method 2; eq. (5)). For a ring whose
 * routes k = 0..K-1 are fixed, let x_k > 0 be the bandwidth (Mb/s) of route
 * k and a_k >= 0 its weight (a_k = 1/w of the route's sender, s/Mflop^-1).
 * By eq. (5), T_step/D_w = w_cumul (1 + dc_dw sum_i (c_i,pred + c_i,succ)/w_i)
 * with c = 1/x, so minimising T_step of a balanced ring is
 *
 *     minimise   f(x) = sum_k a_k / x_k
 *     subject to sum_k m_rk x_k <= cap_r   for each non-backbone resource r
 *                x_k <= cap_r              for each backbone resource r on k
 *                x_k > 0,
 *
 * where m_rk is the number of arcs of route k on resource r (1 for a simple
 * path). f is strictly convex on x > 0 for the routes with a_k > 0, the
 * feasible set is a polytope, so the optimum is unique in those x_k.
 * Writing every constraint j (a shared resource, or a backbone bound seen as
 * a resource of one route) as sum_k m_jk x_k <= c_j, the KKT conditions are
 *
 *     stationarity:     a_k / x_k^2 = Lambda_k := sum_j m_jk lambda_j
 *                       (so x_k = sqrt(a_k / Lambda_k)),
 *     primal feasible:  load_j := sum_k m_jk x_k <= c_j,
 *     dual feasible:    lambda_j >= 0,
 *     complementarity:  lambda_j (c_j - load_j) = 0.
 *
 * Nonnegativity x_k >= 0 is never active at the optimum (f -> infinity as
 * x_k -> 0), so it carries no multiplier; the solvers keep x_k > 0
 * explicitly (KINSOL constraint vector; GLPK lower bounds a_k / f(x0)).
 * Every route with a_k > 0 is blocked by at least one saturated constraint
 * with lambda_j > 0 (Lambda_k > 0). Routes with a_k = 0 do not enter f:
 * they get the bandwidth left on their path after the others, shared
 * among them by max-min fairness (0 if none is left); routes with no arcs
 * get INFINITY.
 */
#ifndef RINGMAP_SOLVERS_H
#define RINGMAP_SOLVERS_H

#include "ringmap.h"

/** What a share solver did (filled when the pointer is not NULL). */
typedef struct rm_solver_info {
    /** Outer iterations: active-set changes + 1 (KINSOL), LP solves (GLPK). */
    int iterations;
    /** Inner iterations: Newton iterations summed over all KINSOL calls
     *  (KINSOL), simplex iterations summed over all LP solves (GLPK). */
    long inner_iterations;
    /** Size of the final active set (KINSOL) or number of tangent cuts in
     *  the last LP (GLPK). */
    int n_active;
    /** f(x) = sum_k a_k / x_k at the returned x (routes with a_k > 0). */
    double objective;
    /** KINSOL: largest relative KKT violation at the end (stationarity,
     *  load vs capacity, negative multiplier). GLPK: relative gap
     *  (f(x) - LP bound) / f(x). */
    double gap;
    /** "optimal", or the solver's own status name on failure
     *  (KINGetReturnFlagName, GLPK's glp_simplex / glp_get_status). */
    char status[64];
} rm_solver_info;

/**
 * Optimal shares by an active-set method whose equality-constrained
 * subproblems are solved by KINSOL (SUNDIALS 6, SUNContext API; Newton with
 * line search, dense Jacobian given analytically, dense linear solver).
 *
 * Arguments as rm_share_optimal (include/ringmap.h): net the network;
 * cap its n_res capacities (Mb/s; NULL = net->res_cap); routes[0..n_routes)
 * the fixed routes; a[k] >= 0 their weights (1/w of the sender); tol the
 * relative KKT tolerance (1e-12 if tol <= 0); x (n_routes, Mb/s) receives
 * the bandwidths; info (may be NULL) what the solver did.
 *
 * Algorithm: (1) constraints are built from the resources (duplicates with
 * the same routes keep the smallest capacity; backbone resources become
 * one-route bounds); the problem is scaled to capacities <= 1 and weights
 * <= 1. (2) Start: max-min fair rates by progressive filling; the
 * constraints that froze new routes form the first working set W
 * (linearly independent, every route covered). (3) For W, solve the KKT
 * equations  Lambda_k x_k^2 / a_k - 1 = 0  (each route) and
 * (load_j - c_j)/c_j = 0  (j in W) in the unknowns (x, lambda_W) with
 * KINSOL, x > 0 enforced by KINSetConstraints. (4) If some lambda_j < 0
 * (relative to the route prices), drop the most negative; else if some
 * constraint outside W is violated, add the most violated (if its row
 * depends on W's rows, it replaces the row i of W with beta_i > 0 that
 * minimises lambda_i / beta_i, Goldfarb–Idnani's ratio test); else stop:
 * all KKT conditions hold. (5) x is scaled down where rounding left a load
 * above its capacity (relative 1e-15), so the result is feasible.
 *
 * Errors: RM_EINPUT (route with an unusable or out-of-range arc, a[k]
 * negative or not finite, capacity negative or not finite), RM_ESOLVER (a
 * route with a[k] > 0 crosses a resource of capacity 0: infeasible; KINSOL
 * failure, message with KINGetReturnFlagName; active set not settled after
 * 50 + 4m changes), RM_ENOMEM.
 * Complexity: O(iterations * Newton steps * (K + m)^3) for K routes and m
 * constraints (dense LU), plus O(m^2 K) for building and dependency tests.
 * Source: seed 001 §4.4.3 (method 2, "KINSOL"), eq. (5); Nocedal & Wright
 * ch. 16 (active-set methods), Goldfarb & Idnani (1983).
 */
rm_status rm_share_kinsol(const rm_network *net, const double *cap, int n_routes,
                          const rm_route *routes, const double *a, double tol, double *x,
                          rm_solver_info *info, rm_error *err);

/**
 * Optimal shares by outer approximation (Kelley's cutting planes) with
 * GLPK's simplex. Same arguments and result as rm_share_kinsol; tol is the
 * relative gap at which to stop (1e-9 if tol <= 0; gaps below ~1e-11 are
 * beyond the LP's accuracy).
 *
 * LP: variables x_k in [a_k / f(x0), ub_k] (x0 the max-min rates, which
 * bound f at the optimum, so the lower bound cuts off nothing; ub_k the
 * smallest capacity on route k) and t_k >= a_k / ub_k; minimise sum_k t_k
 * subject to the capacity constraints and tangent cuts of the convex 1/x,
 *     t_k >= 2 a_k / x0 - a_k x_k / x0^2,
 * first at ub_k, at the lower bound, at the max-min rate and at three
 * geometric points between the bounds, then, after each LP, at the LP
 * solution for every route whose t_k underestimates a_k / x_k. The LP
 * optimum is a lower bound of the convex optimum; f at the LP solution
 * (made exactly feasible) an upper bound; stop when (upper - lower) / upper
 * <= tol, returning the best feasible point. LPs are warm-started (dual
 * simplex, msg_lev GLP_MSG_OFF; terminal output off while solving and
 * restored afterwards).
 *
 * Errors: as rm_share_kinsol, RM_ESOLVER naming glp_simplex's return code
 * or the solution status when the LP fails, or when the gap is still above
 * tol after 500 LP solves.
 * Complexity: O(iterations * simplex(K + m rows, 2K columns, cuts)).
 * Source: Kelley (1960), "The cutting-plane method for solving convex
 * programs"; seed 001 §4.4.3, eq. (5).
 */
rm_status rm_share_glpk(const rm_network *net, const double *cap, int n_routes,
                        const rm_route *routes, const double *a, double tol, double *x,
                        rm_solver_info *info, rm_error *err);

#endif
