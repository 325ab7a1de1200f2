/*
 * share_glpk.h — the tests' independent cross-check of rm_share_optimal (the
 * library's one eq. (5) share solver): the program of solvers/solvers.h by
 * GLPK cutting planes (tests/share_glpk.c, linked into test_solvers only).
 */
#ifndef RINGMAP_TESTS_SHARE_GLPK_H
#define RINGMAP_TESTS_SHARE_GLPK_H

#include "ringmap.h"
#include "solvers/solvers.h"

/**
 * Optimal shares by outer approximation (Kelley's cutting planes) with
 * GLPK's simplex. Arguments as rm_share_optimal (bw.h) plus info (may be
 * NULL: iterations = LPs, inner_iterations = simplex iterations, n_active =
 * cuts, objective = f(x), gap = relative gap, restarts = LP retries); tol is the
 * relative gap at which to stop (1e-9 if tol <= 0; gaps below ~1e-10 are
 * beyond the LP's accuracy and reported as failures). The shares x are
 * accurate to about sqrt(tol) only (f is flat at its minimum); f to tol.
 *
 * LP (scaled: capacities and weights <= 1, share_problem.h): variables x_k in [a_k / f(x0), ub_k]
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
 * Errors: RM_EINPUT (an unusable arc, a[k] negative or not finite, a
 * capacity negative or not finite, no output array); RM_ESOLVER (a route
 * with a[k] > 0 crosses a resource of capacity 0: "infeasible"; an LP
 * that still fails, naming glp_simplex's return code and glp_get_status;
 * the gap above tol after 500 LPs or when the bounds stall), RM_ENOMEM.
 * Complexity: O(iterations * simplex(K + m + cuts rows, 2K columns)).
 * Measured (2..30 routes): ~2 ms, 13 LPs and 200 simplex iterations on
 * average to a gap of 1e-9.
 * Source: Kelley (1960), "The cutting-plane method for solving convex
 * programs"; Legrand et al. 2004 §4.4.3, eq. (5).
 */
rm_status rmt_share_glpk(const rm_network *net, const double *cap, int n_routes,
                         const rm_route *routes, const double *a, double tol, double *x,
                         rm_solver_info *info, rm_error *err);

#endif
