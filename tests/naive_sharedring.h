/*
 * naive_sharedring.h — SharedRing written again as the plain loop of
 * Legrand et al. 2004 §4.4, for the differential test
 * tests/test_naive_sharedring.c. Independent of the library's engine
 * (heur/sharedring/): it uses only the public API — widest-path trees
 * (rm_widest_tree, rm_route_from_tree), the bandwidth primitives
 * (rm_share_optimal, rm_maxmin, rm_residual_apply) and the cost model
 * (rm_route_cost, rm_host_cost, rm_balance) — and no bound, cache,
 * symmetry class or pruning: every ring edge, every host, every step.
 */
#ifndef RINGMAP_TESTS_NAIVE_SHAREDRING_H
#define RINGMAP_TESTS_NAIVE_SHAREDRING_H

#include "ringmap.h"

/** How a candidate insertion's T_step is evaluated. */
typedef enum rmt_naive_eval {
    /* eq. (5) when no alpha is negative, else eq. (1) with the alphas >= 0
     * (rm_balance); eq. (5)'s sums taken over the ring's other hosts in ring
     * order, then i, k's two neighbours, and k (see naive_sharedring.c) */
    RMT_EVAL_EQ5_ORDERED = 0,
    /* rm_balance of the candidate ring in ring order: eq. (1) with the
     * optimal alphas >= 0, summed as rm_balance sums (sorted by D_c/D_w C) */
    RMT_EVAL_BALANCE = 1
} rmt_naive_eval;

/** The best ring found: q hosts (node indices, ring order), its 2q routes
 *  (succ[k]: ring[k] -> ring[k+1], pred[k]: ring[k] -> ring[k-1], with
 *  their bandwidths), T_step/D_w (rm_balance of the ring, as
 *  rm_mapping_rebalance computes it), and the best T_step/D_w of every ring
 *  size grown (sweep[s - 1], NaN for sizes not reached). */
typedef struct rmt_naive_result {
    int q;
    int *ring;
    rm_route *succ, *pred;
    double t_step_per_dw;
    int n_sweep;
    double *sweep;
} rmt_naive_result;

/**
 * SharedRing (Legrand et al. 2004 §4.4.1-4.4.3) on net with opt's cost
 * model, max_q, sharing policy (greedy, maxmin, eq5 with share_tol),
 * full_curve and stop_patience; routing must resolve to widest paths
 * (RM_EINPUT otherwise). Steps:
 *  - ring of one: the fastest host (least w, ties: first in p->hosts);
 *  - the best pair: for every two hosts i < j (p->hosts order), the widest
 *    routes i -> j and j -> i on the full network, each used twice, shared
 *    optimally for eq. (5); the least T_step (first pair of equal ones);
 *  - each step: for every ring edge e (i -> j, ring order) with its two
 *    routes' bandwidths given back to the residual network (capped at the
 *    capacities), the widest-path trees from and to i and j on it; for
 *    every host k not in the ring (p->hosts order) with four routes of
 *    positive width: the routes i -> k, k -> i, k -> j, j -> k, their shares
 *    (their widths if no two cross one non-backbone resource, else
 *    rm_share_optimal with tolerance 1e-10, max-min if it fails to
 *    converge), the candidate ring's T_step; the least T_step wins (first
 *    (e, k) of equal ones); its bandwidths are given back and the four new
 *    ones taken (negative residuals clamped to 0); with the maxmin or eq5
 *    policy every share of the ring is then recomputed on the full network
 *    and the residual network rebuilt (succ routes, then pred routes);
 *  - the best ring of all sizes (the smallest of equal T_step); the growth
 *    stops at max_q, when no host can be inserted, or (stop_patience > 0,
 *    without full_curve, max_q > 2) stop_patience sizes after the best.
 * No stopping bound: the sizes the library's bounds skip are grown too.
 * Errors: those of the primitives; RM_ENOMEM.
 */
rm_status rmt_naive_sharedring(const rm_network *net, const rm_options *opt, rmt_naive_eval eval,
                               rmt_naive_result *out, rm_error *err);

/** Free what rmt_naive_sharedring allocated in r. */
void rmt_naive_result_free(rmt_naive_result *r);

#endif
