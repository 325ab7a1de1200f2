/*
 * solvers.h — the final solvers of a fixed ring (T_step, eqs. (1) and (5)):
 * KINSOL (tstep_kinsol.c) and GLPK (tstep_glpk.c), and the eq. (5) share
 * program they start from (solved by bw's rm_share_optimal_sys). Used by
 * ring/ for --final-solver kinsol | glpk.
 *
 * THE CONVEX PROGRAM (Legrand et al. 2004 §4.4.3, method 2; eq. (5)). For a ring whose
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

#include "ringmap/bw.h"
#include "ringmap/model.h"

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

/* The eq. (5) program above has ONE solver in the library:
 * rm_share_optimal / rm_share_optimal_sys (bw.h, bw/share.c: dual ascent
 * with Newton steps, exact per active set). The tests keep an independent
 * cross-check by GLPK cutting planes (tests/share_glpk.c). The former
 * rm_share_kinsol (an active-set method with KINSOL) was removed:
 * on the rings and random route sets of the shipped platforms it agreed
 * with rm_share_optimal to 9e-13 in f but failed on 4 of 467 instances and
 * took 10-100x longer. */

/* ------------------------------------------------------------------------ */
/* The step time of a fixed ring (tstep_kinsol.c, tstep_glpk.c)               */
/* ------------------------------------------------------------------------ */

/**
 * THE REAL PROGRAM FOR A FIXED RING AND FIXED ROUTES. Eq. (5) is T_step
 * only when every alpha_i >= 0 (docs/model.md, "Balanced alphas"). For the ring
 * of a ring instance (rm_ring_instance, bw.h: q >= 2 hosts, cycle-times
 * w_i, routes succ[i], pred[i]
 * kept), with d = dc_dw, the step time T_step/D_w of route bandwidths x
 * (Mb/s) with the best alphas is
 *
 *   T(x) = min T  over (T, alpha)  s.t.  alpha_i w_i + d C_i(x) <= T,
 *                                        sum_i alpha_i = 1, alpha >= 0
 *        = max( w_cumul (1 + d sum_i C_i(x) / w_i),  max_i d C_i(x) )
 *
 * (the first term is eq. (5), the others bind when an alpha is clamped at
 * 0; the same value as rm_balance), where C_i = c(succ_i) + c(pred_i), or
 * max(c(succ_i), c(pred_i)) with parallel send, and c(route k) = 1/x_k +
 * L_k/D_c (L_k the route's latency, latency model) or 1/x_k. We solve
 *
 *   minimise T(x)  subject to  sum_k m_rk x_k <= cap_r  (non-backbone r),
 *                              x_k <= cap_r  (backbone r on route k),
 *
 * a convex program (max of convex functions of x over a polytope), in
 * epigraph form with host costs u_i >= C_i:
 *   min T  s.t.  F_0 = w_cumul (1 + d sum_i u_i / w_i) <= T,
 *                F_i = d u_i <= T (i = 1..q),
 *                sum_{k in g} c_k(x_k) <= u_{h(g)} for each cost group g
 *                  (sum model: one group {succ_i, pred_i} per host; parallel
 *                  send: one group {k} per route, i.e. u_i >= each c_k),
 *                A x <= cap.
 * KKT conditions, multipliers mu_p >= 0 (pieces p = 0..q), rho_g >= 0
 * (groups), lambda_j >= 0 (capacity rows), Lambda_k = sum_j m_jk lambda_j:
 *   T:   sum_p mu_p = 1;
 *   u_i: sum_{g of i} rho_g = d (w_cumul mu_0 / w_i + mu_i);
 *   x_k: rho_{g(k)} / x_k^2 = Lambda_k;
 *   complementarity mu_p (F_p - T) = 0, rho_g (sum c - u) = 0,
 *   lambda_j (load_j - cap_j) = 0, and primal feasibility.
 * When every alpha_i > 0 at the optimum, mu = (1, 0, ..., 0) and the
 * conditions are those of min sum_k a_k / x_k (a_k = 1/w of the sender,
 * rm_share_optimal): eq. (5). Its optimum is <= T_step of ANY feasible
 * shares of the same ring and routes (the greedy's, max-min's, eq. (5)'s).
 * rho_g / x_k^2 = Lambda_k vanishes for the routes of a host whose weight
 * is 0 (x_k not unique there); see rm_tstep_kinsol for the regularisation.
 */

/**
 * T_step of a fixed ring at its optimum (the program above) by Newton on
 * the KKT system with KINSOL (SUNDIALS 6, SUNContext; dense Jacobian given
 * analytically; line search; x > 0 by KINSetConstraints), inside an active
 * set over BOTH the saturated capacity rows and the pieces F_p (piece i > 0
 * active = host i's constraint d C_i <= T binds, its alpha is 0), and, with
 * parallel send, over which of a host's two route costs equals u_i (both
 * may). Unknowns (x, u, T, lambda_W, mu_A, rho_G); equations: x-
 * stationarity (written beta_k / x_k - Lambda_k x_k = 0), u-stationarity,
 * sum mu = 1, F_p = T (p in A), group costs = u (g in G), loads = cap
 * (rows in W). The route weights are beta_k = rho_{g(k)} + eps d w_cumul /
 * w_{s(k)}: this adds eps times the communication part of eq. (5) (<= T)
 * to the objective, which keeps x unique and the Jacobian nonsingular when
 * a host's weight is 0, and moves T by at most eps relative.
 * Start: the eq. (5) optimum (rm_share_optimal_sys; max-min rates if it fails),
 * its saturated rows (linearly independent ones, covering every route),
 * the pieces at the max plus F_0, the groups at the max. Each round solves
 * the equations of the current sets, then drops the most negative
 * multiplier (below -1e-9 relative) if any, else adds the most violated
 * constraint (row, piece, group; above 1e-9 relative) — a piece together
 * with every other piece violated by at least half as much (SliceRing's
 * large rings clamp dozens of alphas: one round each before) — else the
 * round is a KKT point. A solve that fails after a batch of pieces returns
 * to the last solved point and adds them one at a time; one that fails
 * after a single change, when no stage can be backed off to (see below),
 * returns to the last solved point and skips that change in the stage (at
 * most 16): the 300-host SliceRing ring of bench_solvers ended at a
 * certified gap of 0.086 in its first stage before, optimal in ~2.5 s now. If only F_0 binds at the start (no alpha clamped: the
 * eq. (5) optimum is the optimum) eps = 1e-10 at once; else continuation:
 * eps = 1e-2, 1e-3, ..., 1e-10, each stage from the previous one's KKT
 * point (with a tiny eps the routes of a host of weight 0 collapse between
 * two set changes, too far for Newton). Step control on that path: when
 * a stage fails (KINSOL, cycling, not settled), it restarts from the last
 * stage's KKT point with the eps ratio square-rooted (0.1 -> 0.32 -> 0.56
 * ..., at most 40 times in all); each stage that settles squares the ratio
 * back towards 0.1.
 * CERTIFICATE: every solved point gives T(x) of its shares made exactly
 * feasible (an upper bound) and a Lagrangian lower bound from its
 * multipliers (the bound g of rm_tstep_glpk, valid for any multipliers);
 * the stages stop at a certified relative gap <= 1e-9. If a later round
 * fails (KINSOL, cycling, no settling) the best certified point is
 * returned (RM_OK): info->status "optimal" when its gap is <= 1e-7, else
 * "gap above tolerance" with info->gap its certified relative gap (the
 * optimum is >= T (1 - gap)); RM_ESOLVER only when no point was certified.
 * PARALLEL SEND AND LATENCY. The host cost max(c_succ, c_pred) is not
 * smooth; its epigraph (u_i >= c_k for each route, the groups) is, but on
 * symmetric rings (fat-trees, dragonflies) the saturated links and the
 * binding route bounds outnumber the unknowns they bind: their gradients
 * are dependent, the KKT matrix singular (KINSOL's LU failed, or Newton
 * stalled, on SimGrid's fat-tree and dragonfly clusters and Topology Zoo
 * rings). With parallel send, therefore: the equations of the working rows
 * and groups are stabilised (load - c + dW lambda, cost - u + dG rho, 1e-10
 * relative to the prices: nonsingular, unique multipliers, the point moved
 * by ~1e-10 to the feasible side, which the certificate absorbs); a route
 * bound taken starts its route where its cost meets the host's (its share
 * had collapsed to sqrt(eps a / Lambda)); an active set that cycles at an
 * intermediate eps ends that stage at its last solved point; and when the
 * first attempt does not close the gap, a second one starts with both
 * route bounds of every host in the sets, and the better bounds of the two
 * are kept. The latency model's constant L_k/D_c per route only shifts
 * c_k (the x-stationarity is unchanged). For every model: a first stage at
 * the final eps (no alpha clamped) that fails before any stage ended
 * restarts once with the continuation from eps = 1e-2, and a solve that
 * stops short is certified too (the bounds hold at any point). On the
 * platforms of tests/test_final_outcome.c (SimGrid styles and random, x
 * {parallel send, latency, both}) KINSOL closes the gap on 41 of 42 rows
 * (32 before) and agrees with GLPK within their gaps.
 * Degenerate rings where many hosts end with alpha = 0 and tiny
 * multipliers (SliceRing's rings on medium_tiers.gml and tiers_fig3.gml at
 * D_c/D_w = 0.00064) need that step control; should it still fail before
 * the gap closes: RM_ESOLVER, never a wrong value.
 *
 * ri: the ring instance (rm_ring_instance, bw.h; built from a mapping by
 * rm_ring_instance_of_mapping in ring/): cycle-times, routes as resource
 * lists with capacities, latencies, dc_dw and the cost model (latency,
 * parallel_send, dc) — the solvers never see a mapping;
 * tol: accepted relative KKT residual of each Newton solve (1e-10 if <= 0);
 * x (2q entries, Mb/s): receives the bandwidths, succ[i] at i, pred[i] at
 * q + i; t_step (may be NULL): T_step/D_w of x by rm_balance (what
 * rm_mapping_rebalance will compute); info (may be NULL): iterations =
 * active-set rounds, inner_iterations = Newton iterations, n_active = |W| +
 * |A| + |G| at the end, objective = T_step/D_w, gap = certified relative
 * duality gap, restarts = KINSol calls restarted with fresh scales.
 * q == 1: nothing to share (x untouched), T = w. dc_dw == 0: every share
 * gives T = w_cumul; x = max-min rates.
 * Errors: RM_EINVAL "rm_tstep_kinsol: <argument> ..." (ri or, for q >= 2,
 * x NULL; tol NaN; ri->w NULL; a malformed ri->sys), RM_EINPUT (q < 1,
 * bad routes), RM_ESOLVER (KINSOL's own flag name and message, active set
 * cycling or not settled, before any certified point; a route on a zero
 * capacity), RM_ENOMEM.
 * Complexity: O(rounds * Newton steps * N^3), N = 2q + q + 1 + |W| + |A| +
 * |G| (dense LU below 200 unknowns; from 200 on the Jacobian is sparse and
 * factorised by KLU, near O(N) per step: 218-host ring 100 s -> 3.4 s CPU,
 * bench/bench_solvers.c), plus O(q m K) per round for the independence tests.
 * Source: Legrand et al. 2004 eqs. (1), (5), §4.4.3 (method 2, KINSOL); Nocedal &
 * Wright, Numerical Optimization, §16.5, §18.1.
 */
rm_status rm_tstep_kinsol(const rm_ring_instance *ri, double tol, double *x, double *t_step,
                          rm_solver_info *info, rm_error *err);

/**
 * The same program by outer approximation (Kelley's cutting planes) with
 * GLPK's simplex. LP variables (scaled): T, alpha_i in [0, 1], x_k in
 * [lb, ub_k], t_k >= 1/ub_k (epigraph of 1/x_k) and, with parallel send,
 * u_i >= 0; rows: alpha_i w_i + d (t_s + t_p + L_s + L_p) <= T (sum) or
 * alpha_i w_i + d u_i <= T with u_i - t_k >= L_k (parallel send), sum alpha
 * = 1, the capacity rows, and tangent cuts t_k >= 2/x0 - x_k/x0^2 of the
 * convex 1/x; minimise T. lb = d / T(max-min rates) cuts off no optimum
 * (d/x_k <= d C_i <= T). Cuts first at ub, lb, the start (the best point
 * on the segment from the max-min rates to the eq. (5) optimum of
 * rm_share_optimal_sys) and three geometric points between, then after each LP at the LP point, for every route whose t_k
 * underestimates. Stabilised: the first LP is global, the next ones keep
 * y_k in a trust region [yb_k / (1 + delta), yb_k (1 + delta)] around the
 * best point (delta 0.5, doubled up to 1 after an LP that moved the best
 * point, quartered down to 1e-9 after one that did not), and a cut inactive
 * at 6 LPs in a row is deleted (the LP stays at ~10 cuts per route instead
 * of growing by one per route per LP: 218-host SliceRing ring > 90 s ->
 * ~6 s, 300 hosts 38.6 s -> ~17 s, bench_solvers).
 * Bounds: lower = max(LP optimum of the first LP, Lagrangian bound from the LP's duals:
 * with host prices m_i (normalised to sum 1), route weights rho_k (sum:
 * d m_i; parallel send: the duals of u_i - t_k >= L_k scaled to sum d m_i)
 * and link prices lambda_j, g = min_i m_i w_i + sum_k [rho_k L_k +
 * min_{lb<=x<=ub} (rho_k / x + Lambda_k x)] - lambda.cap, valid whatever
 * the LP's accuracy); upper = the true T(x) (rm_balance form) at the LP
 * point and at the Lagrangian minimiser x_k = sqrt(rho_k / Lambda_k), each
 * made exactly feasible. Stops when (upper - lower) / upper <= tol (1e-9
 * if tol <= 0) and returns the best point: its T is exact for its shares,
 * and within tol of the optimum.
 * Arguments, outputs, trivial cases as rm_tstep_kinsol; info: iterations =
 * LPs, inner_iterations = simplex iterations, n_active = cuts, gap =
 * relative gap, restarts = LP retries from a fresh basis.
 * Each upper bound is the least T on the segment from the best point to
 * the candidate (convex along it; golden section): Kelley's LP points
 * zig-zag between the cuts, and alone they left the bound stalled (gap
 * 1.8e-3 on a 65-host SliceRing ring, bench_solvers).
 * When tol cannot be reached (no bound moved for 5 LPs, 1000 LPs, or an
 * LP fails after the first) the best point is returned (RM_OK) with
 * info->status "gap above tolerance" (and GLPK's code if an LP failed)
 * and info->gap its certified relative gap.
 * Errors: as rm_tstep_kinsol (RM_EINVAL "rm_tstep_glpk: ..."); RM_ESOLVER
 * naming glp_simplex's return code and glp_get_status when the first LP
 * fails after two retries.
 * Complexity: O(LPs * simplex(q + m + cuts rows, 1 + q + 4q columns)),
 * cuts <= about 10 per route.
 * Source: Kelley (1960); Legrand et al. 2004 eqs. (1), (5), §4.4.3.
 */
rm_status rm_tstep_glpk(const rm_ring_instance *ri, double tol, double *x, double *t_step,
                        rm_solver_info *info, rm_error *err);

#endif
