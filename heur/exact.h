/*
 * exact.h — exact baselines for small instances (bench_quality): the proven
 * optimum of SliceRing, eq. (2) of Legrand et al. 2004, on a complete graph of up to 12
 * processors, and the exhaustive SharedRing over every ring for fixed
 * widest-path routing, up to 8 hosts. Used by the quality benchmark and by
 * `--heuristic exact` (RM_HEUR_SHARED_EXACT / RM_HEUR_SLICE_EXACT through
 * rm_map). Internal to the library: the rmi_ prefix, hidden by
 * -fvisibility=hidden (tests and benchmarks link the static library).
 * Thread safety: reentrant (no global state; net and opt only read).
 */
#ifndef RINGMAP_RING_EXACT_H
#define RINGMAP_RING_EXACT_H

#include "ringmap/heur.h"

/** Largest number of processors rmi_slicering_exact_costs accepts. */
#define RM_SLICE_EXACT_MAX 12
/** Largest number of hosts rmi_sharedring_exhaustive accepts. */
#define RM_SHARED_EXHAUSTIVE_MAX 8

/**
 * Proven optimum of SliceRing, eq. (2) of Legrand et al. 2004 (§3.1), on the complete
 * graph given by the cost matrix c: over every ring size 1 <= q <= max_q,
 * every subset of q processors and every ring order, the least
 * T_step/D_w = min over alpha >= 0, sum alpha = 1, of
 *   max_i [alpha_i w_i + dc_dw (c_{i,pred} + c_{i,succ})],
 * which is rm_balance() of the ring (alpha >= 0 clamp; a host whose two
 * messages cost more than the balanced time gets alpha = 0 but still sends).
 *
 * Inputs: H processors (1 <= H <= RM_SLICE_EXACT_MAX); w[H] cycle-times
 *   (s/Mflop, finite > 0); c[H*H] costs, c[i*H + j] = cost (s/Mb) of a
 *   message from i to j (diagonal ignored, >= 0, +INFINITY allowed for "no
 *   route"); dc_dw = D_c/D_w (finite >= 0; 0 means free communication);
 *   max_q: largest ring size tried (0 or > H: H). A ring of two uses the same
 *   pair twice: C_i = 2 c_{i,j} (as rm_slicering does).
 * Outputs: ring[0..*q-1] (ring must hold H ints) the processors in ring
 *   order (ring[k+1] succeeds ring[k] cyclically), *q the size, *t the
 *   optimum T_step/D_w, evaluated by rm_balance on the returned ring.
 *   Ties are broken towards the first ring found (fastest single host, then
 *   pairs in index order, then subsets by increasing lower bound).
 *
 * Method (branch and bound, exact). For a fixed ring let
 * C_i = c_{i,pred} + c_{i,succ}, T5 = w_cumul (1 + dc_dw sum_i C_i / w_i)
 * (eq. (5)) and dmax = dc_dw max_i C_i. Then rm_balance = max(T5, dmax):
 * if T5 >= dmax every alpha of eq. (5) is >= 0 and the clamped optimum is T5;
 * otherwise the clamped T* is <= T5 < dmax (clamping only adds work
 * capacity) and T = max(T*, dmax) = dmax. This covers the negative-alpha
 * case exactly: no ring is ever judged by eq. (5) alone. Since
 * sum_i C_i / w_i = sum over ring edges {i, j} of d_ij with the symmetric
 * d_ij = c_ij/w_i + c_ji/w_j, min over orders of T5 is a TSP on d:
 *  1. Held–Karp over subsets: P[S][l] = least d-length of a path from
 *     min(S) through all of S to l; TSP(S) = min_l P[S][l] + d_{l,min S}.
 *     LB(S) = w_cumul(S) (1 + dc_dw TSP(S)) bounds every ring on S.
 *  2. Incumbent: the fastest single host, then every pair (exact).
 *  3. Subsets of size >= 3 in increasing LB(S); stop when LB(S) >= the
 *     incumbent (no later subset can be better). For each, a depth-first
 *     search over ring orders starting at min(S), pruned by
 *     max( w_cumul(S)(1 + dc_dw (length so far + P[rest + {min S, last}][last])),
 *          dc_dw * max(C_i of the hosts whose two neighbours are fixed,
 *                      lower bounds of C at the two path ends) )
 *     — valid because P gives the exact least completion of the path and
 *     every C only grows as the ring closes. Leaves are evaluated by
 *     rm_balance; a reflected order is skipped (same C_i, same T).
 * Correctness: every (subset, order) is either evaluated or cut by a lower
 * bound that is >= the incumbent, so the result is optimal (up to
 * floating-point ties).
 * Complexity: O(2^H H^2) time and O(2^H H) memory for the DP, plus the
 * search: worst case O(sum_q C(H,q) (q-1)!/2), in practice a few hundred
 * leaves per subset; 12 processors take well under a second on random
 * instances (bench_quality --timing prints measured times).
 * Errors: RM_ELIMIT if H > RM_SLICE_EXACT_MAX (the message says so);
 *   RM_EINPUT (H < 1, bad w, c or dc_dw); RM_ENOMEM.
 */
rm_status rmi_slicering_exact_costs(int H, const double *w, const double *c, double dc_dw,
                                    int max_q, int *ring, int *q, double *t, rm_error *err);

/**
 * SliceRing exact on a network: the complete graph of widest-path
 * bandwidths (rm_capacity_matrix, costs 1/b), solved by
 * rmi_slicering_exact_costs (opt->cost.dc_dw, opt->max_q); the optimal ring keeps
 * its widest routes on the full network, which get max-min shares (or
 * eq. (5) shares if opt->make_feasible == RM_SHARING_EQ5) on the real shared
 * network, as rm_slicering does (Legrand et al. 2004 §5.2.2). t_step_per_dw_unshared
 * holds the exact optimum of the complete-graph model.
 * net, opt and out are NOT checked here: opt must have passed
 * rm_options_check and net rmi_network_args_check (the mapper's entry
 * checks them once, mapper/map.c).
 * Errors: RM_ELIMIT (more than RM_SLICE_EXACT_MAX hosts), RM_ENOMEM,
 * errors of routing and sharing.
 * Complexity: O(H E log N) + rmi_slicering_exact_costs.
 */
rm_status rmi_slicering_exact(const rm_network *net, const rm_options *opt, rm_mapping **out,
                              rm_error *err);

/**
 * SharedRing exhaustive for FIXED routing (Legrand et al. 2004 §4.2, eq. (5)): every
 * ring size 1 <= q <= max_q, every subset of q hosts and every ring order
 * (first host = the subset's smallest index; a ring and its reflection use
 * the same set of directed routes {i -> j, j -> i} for each ring edge, so
 * reflections are skipped, in directed and full-duplex networks too);
 * the route i -> j is ALWAYS the widest path on the full network
 * (rm_widest_route, residual NULL), computed once per ordered pair; a ring
 * of two uses the route i -> j twice (succ and pred). The 2q routes get
 * the optimal shares of rm_share_optimal (a = 1/w of the sender; these
 * minimise eq. (5)) and, as a second candidate, the max-min fair shares
 * (rm_maxmin; better when eq. (5) would give a negative alpha); T_step by
 * rm_balance; the best ring is kept. A ring whose unshared value (every
 * route at its full width, a lower bound since shares never exceed widths)
 * cannot beat the incumbent is skipped without sharing. A ring whose
 * optimal sharing does not converge (RM_ESOLVER) keeps its max-min shares.
 * Under the fair network model (opt->network RM_NETWORK_FAIR) the links
 * share max-min, so each ring gets its max-min shares only (sharing
 * RM_SHARING_MAXMIN): the optimum over rings of the fair T_step.
 * This is the optimum over rings for widest-path routing and these shares,
 * NOT a global optimum over routings: the greedy (which routes on the
 * residual network) can beat it.
 * Output: a mapping (heuristic RM_HEUR_SHARED, sharing RM_SHARING_EQ5)
 * that passes rm_mapping_check; sweep_t[q-1] = best T_step of size q.
 * net, opt and out are NOT checked here (as rmi_slicering_exact: the
 * mapper's entry checks them once).
 * Errors: RM_ELIMIT if the platform has more than RM_SHARED_EXHAUSTIVE_MAX
 * hosts; RM_ENOMEM, errors of routing and sharing.
 * Complexity: O(H^2 E log N) for the routes plus O(sum_q C(H,q)(q-1)!/2)
 * sharings (8 hosts: at most 7,936 rings) of cost O(S) each.
 */
rm_status rmi_sharedring_exhaustive(const rm_network *net, const rm_options *opt,
                                    rm_mapping **out, rm_error *err);

/**
 * Same as rmi_sharedring_exhaustive for n_ratios values of D_c/D_w at once
 * (the shares do not depend on dc_dw, so each ring is shared once):
 * out[k] gets the best mapping for dc_dw[k]; opt->cost.dc_dw is ignored.
 * On error no mapping is returned (out[] all NULL). Same errors (and
 * RM_EINPUT: n_ratios < 1 or a dc_dw[k] not finite >= 0) and complexity
 * (plus O(n_ratios) per ring).
 */
rm_status rmi_sharedring_exhaustive_ratios(const rm_network *net, const rm_options *opt,
                                           int n_ratios, const double *dc_dw, rm_mapping **out,
                                           rm_error *err);

#endif
