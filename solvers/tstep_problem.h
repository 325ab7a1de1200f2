/*
 * tstep_problem.h — the step-time program of a fixed ring with fixed routes
 * (solvers.h, rm_tstep_kinsol / rm_tstep_glpk) in a compact, scaled form
 * shared by the KINSOL and GLPK solvers (not public).
 *
 * Scaling: bandwidths y = x / S (the capacities of sp are <= 1), times
 * divided by tau = w_cumul = 1 / sum_i 1/w_i. With a_i = tau / w_i
 * (sum_i a_i = 1), D = dc_dw / (S tau) and the scaled route cost
 * c_k(y_k) = 1/y_k + lc_k (lc_k = latency_k S / D_c with the latency model,
 * else 0), the scaled T_step of shares y is
 *     T(y) = max(F_0, F_1, ..., F_q),   F_0 = 1 + D sum_i a_i C_i,
 *                                      F_i = D C_i  (i = 1..q, 1-based pieces),
 * C_i the host cost (sum, or max with parallel send) of its two routes: the
 * same value as rm_balance / tau (eq. (1) with optimal alphas >= 0).
 */
#ifndef RINGMAP_TSTEP_PROBLEM_H
#define RINGMAP_TSTEP_PROBLEM_H

#include "ringmap/bw.h"
#include "ringmap/model.h"
#include "solvers/share_problem.h"

typedef struct rm_tstep_problem {
    rm_share_problem sp; /* capacity rows on y; variable k = route k */
    int q, K;            /* ring size, routes K = 2q (succ k, pred q + k) */
    int parallel;        /* max instead of sum in the host cost */
    double tau;          /* w_cumul (s/Mflop): the time scale */
    double D;            /* dc_dw / (S tau) */
    double *a;           /* q: tau / w_i, sum 1 */
    double *w;           /* q: w_i / tau (= 1 / a_i) */
    double *lc;          /* K: scaled latency part of the route cost */
    const rm_ring_instance *ri; /* the instance (routes: succ then pred) */
} rm_tstep_problem;

/** Build the program of the ring instance ri (q >= 2, 2q non-empty routes)
 *  on its capacities. RM_EINPUT (bad instance), RM_ESOLVER (a route on a
 *  zero capacity), RM_ENOMEM. O(L log L + m^2 d). */
rm_status rmi_tstep_problem_init(rm_tstep_problem *p, const rm_ring_instance *ri, rm_error *err);
void rmi_tstep_problem_destroy(rm_tstep_problem *p);

/** Scaled host costs C (q entries) of shares y. O(q). */
void rmi_tstep_host_costs(const rm_tstep_problem *p, const double *y, double *C);

/** Scaled T(y) = max_p F_p; if F is not NULL it receives F_0..F_q (q + 1).
 *  Scratch C (q entries). O(q). */
double rmi_tstep_value(const rm_tstep_problem *p, const double *y, double *C, double *F);

/** The unscaled T_step/D_w of bandwidths x (K entries, Mb/s) as
 *  rm_mapping_rebalance computes it (rm_route_cost, rm_host_cost,
 *  rm_balance of model/). RM_ENOMEM gives NAN. O(q log q). */
double rmi_tstep_true(const rm_ring_instance *ri, const double *x);

/**
 * Common start of rm_tstep_kinsol / rm_tstep_glpk (who: the caller's name
 * for the messages): reports "not run" in info; RM_EINPUT "<who>: no ring"
 * without a ring; a ring of one host is solved here (T_step = its w,
 * "optimal"); RM_EINPUT "<who>: no output array" when x is NULL; then
 * builds p (rmi_tstep_problem_init, its errors). Returns 1 when the caller
 * is done and must return *st, 0 when p is built for the caller to solve
 * and destroy. O(rmi_tstep_problem_init).
 */
int rmi_tstep_start(rm_tstep_problem *p, const char *who, const rm_ring_instance *ri, double *x,
                   double *t_step, rm_solver_info *info, rm_error *err, rm_status *st);

#endif
