/*
 * solvers.h — optimal link shares for a fixed ring and fixed routes, computed
 * two independent ways that check each other: Newton on the KKT system with
 * KINSOL (shares_kinsol.c) and outer approximation by tangent cuts with GLPK
 * (shares_glpk.c). Used by bw/ and ring/ for --refine kinsol | glpk (issue 3).
 *
 * THE CONVEX PROGRAM (seed 001 §4.4.3, method 2; eq. (5)). For a ring whose
 * routes k = 0..K-1 are fixed, let x_k > 0 be the bandwidth (Mb/s) of route
 * k and a_k >= 0 its weight (a_k = 1/w of the route's sender, Mflop/s).
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
    /** Recoveries: KINSol calls restarted with fresh scaling (KINSOL), LP
     *  solves retried from a fresh basis after a simplex failure (GLPK). */
    int restarts;
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
 * Algorithm (primal feasible active set): (1) constraints are built from
 * the resources (rows with the same routes keep the smallest capacity;
 * backbone resources become one-route bounds); the problem is scaled to
 * capacities <= 1 and weights <= 1. (2) Start: max-min fair rates y by
 * progressive filling, a feasible point; the rows that froze new routes
 * form the working set W (linearly independent, every route covered, so
 * every subproblem below is bounded). (3) Subproblem: minimise f subject to
 * the rows of W as equalities, i.e. solve the KKT equations
 *     Lambda_v - a_v / y_v^2 = 0  (each route),  (load_j - c_j)/c_j = 0  (j in W)
 * in (y, lambda_W) with KINSOL from the current feasible y: Newton with
 * line search, analytic Jacobian [[diag(2a/y^3), A_W^T], [A_W/c, 0]]
 * (nonsingular: positive definite Hessian, independent rows), so each step
 * is the SQP step; y > 0 is enforced by KINSetConstraints; KINSOL is
 * restarted with fresh scaling (up to 5 calls) until the relative residual
 * max |Lambda_v y_v^2 / a_v - 1|, |load_j/c_j - 1| is below max(tol,
 * 1e-10) (KINSOL itself aims at tol / 100; 1e-10 is the rounding level of
 * the dense LU for a few hundred unknowns).
 * (4) Step from y towards the subproblem's solution y*; if a row outside W
 * would overflow, stop on the first one and add it to W (it is independent
 * of W's rows, whose loads do not change along the step). Else y = y*; if
 * some lambda_j < -tol (relative to the route prices of its row), release
 * the most negative row; else all KKT conditions hold: stop. f decreases
 * at every step. (5) x is scaled down where rounding left a load above its
 * capacity (relative 2e-15), so the result is feasible.
 *
 * Errors: RM_EINPUT (route with an unusable or out-of-range arc, a[k]
 * negative or not finite, capacity negative or not finite), RM_ESOLVER (a
 * route with a[k] > 0 crosses a resource of capacity 0: infeasible; KINSOL
 * failure, message with KINGetReturnFlagName and KINSOL's own message;
 * active set not settled after 50 + 4m changes), RM_ENOMEM.
 * Complexity: O(iterations * Newton steps * (K + m)^3) for K routes and m
 * constraints (dense LU), plus O(m^2 d) to merge duplicate rows.
 * Measured (tests/test_solvers.c, 2..30 routes): ~0.1 ms, 1.1 active-set
 * iterations and 10 Newton iterations on average.
 * Source: seed 001 §4.4.3 (method 2, "KINSOL"), eq. (5); Nocedal & Wright,
 * Numerical Optimization, §16.5 (active-set methods) and §18.1 (SQP).
 */
rm_status rm_share_kinsol(const rm_network *net, const double *cap, int n_routes,
                          const rm_route *routes, const double *a, double tol, double *x,
                          rm_solver_info *info, rm_error *err);

/**
 * Optimal shares by outer approximation (Kelley's cutting planes) with
 * GLPK's simplex. Same arguments and result as rm_share_kinsol; tol is the
 * relative gap at which to stop (1e-9 if tol <= 0; gaps below ~1e-10 are
 * beyond the LP's accuracy and reported as failures). The shares x are
 * accurate to about sqrt(tol) only (f is flat at its minimum); f to tol.
 *
 * LP (scaled as in rm_share_kinsol): variables x_k in [a_k / f(x0), ub_k]
 * (x0 the max-min rates: f(opt) <= f(x0), so the lower bound cuts off
 * nothing; ub_k the smallest capacity on route k) and t_k >= a_k / ub_k;
 * minimise sum_k t_k subject to the capacity constraints and tangent cuts
 * of the convex 1/x at points x0,
 *     t_k >= 2 a_k / x0 - a_k x_k / x0^2    (stored divided by a_k / x0),
 * first at ub_k, at the lower bound, at the max-min rate and at three
 * geometric points between the bounds, then, after each LP, at the LP
 * solution for every route whose t_k underestimates a_k / x_k.
 * Bounds: lower = max(LP optimum, Lagrangian bound g(lambda) with the LP's
 * row duals as link prices: sum_k min over the box of (a_k/x + Lambda_k x)
 * - cap.lambda, valid whatever the LP's accuracy); upper = f at the LP
 * solution, and at the minimisers x_k = sqrt(a_k / Lambda_k) of g, each
 * made exactly feasible. Stop when (upper - lower) / upper <= tol and
 * return the best feasible point; fail when no bound has moved for 5 LPs.
 * LPs: warm-started dual simplex (GLP_DUALP), GLPK scaling, msg_lev
 * GLP_MSG_OFF and glp_term_out(GLP_OFF) while solving (restored after);
 * iteration limit 10 (rows + cols) + 500, then up to two retries from a
 * fresh basis (unscaled primal simplex with Dantzig pricing; scaled dual
 * simplex with the textbook ratio test) against cycling on degenerate LPs.
 *
 * Errors: as rm_share_kinsol; RM_ESOLVER naming glp_simplex's return code
 * and the solution status (glp_get_status) when an LP still fails, or when
 * the gap is above tol (after 500 LPs or when the bounds stall).
 * Complexity: O(iterations * simplex(K + m + cuts rows, 2K columns)).
 * Measured (2..30 routes): ~2 ms, 13 LPs and 200 simplex iterations on
 * average to a gap of 1e-9.
 * Source: Kelley (1960), "The cutting-plane method for solving convex
 * programs"; seed 001 §4.4.3, eq. (5).
 */
rm_status rm_share_glpk(const rm_network *net, const double *cap, int n_routes,
                        const rm_route *routes, const double *a, double tol, double *x,
                        rm_solver_info *info, rm_error *err);

#endif
