/*
 * cross_bound.h — a fourth provable lower bound of T_step/D_w of every larger
 * ring SharedRing can still build (docs/scale.md, "Stopping bounds"): the cut bound of
 * heur/bounds/cut_bound.h counts 2 ring edges across a cut; the greedy's larger
 * rings cross each cut at least as often as the current ring does.
 *
 * Proof (d = D_c/D_w, T = T_step/D_w).
 * 1. Order. Both greedy heuristics only insert hosts between two ring
 *    neighbours, so every larger ring S they build from the current ring R
 *    holds R's hosts in R's cyclic order: R's cycle r_0 .. r_{q-1} is a
 *    cyclic subsequence of S's, and S's cycle splits into q edge-disjoint
 *    walks, walk t from r_t to r_{t+1}.
 * 2. Crossings. For a node set A, let x_A(R) be the number of R's ring edges
 *    with exactly one end in A. A walk from a host in A to a host outside A
 *    has at least one edge with exactly one end in A, and the walks are edge
 *    disjoint, so x_A(S) >= x_A(R) for every such S. (x_A is even.)
 * 3. Routes. A ring edge u - v of S (|S| >= 3) carries two routes: u -> v
 *    (u's route to that neighbour) and v -> u. If exactly one of u, v is in
 *    A, each route goes from one side of the cut delta(A) (the links with
 *    exactly one end in A) to the other and so crosses it: x_A(S) routes
 *    leave A and x_A(S) enter it, all distinct. Every route loads the
 *    resources of the arcs it crosses with its share (a share is the same
 *    on all its links), so with
 *        out(A) = capacity of the resources of the usable arcs leaving A,
 *        in(A)  = the same for the arcs entering A,
 *        tot(A) = capacity of the distinct resources of both
 *    (half duplex, undirected: one resource per link, out = in = tot; full
 *    duplex: tot = out + in; a directed platform: one arc per link), the
 *    x leaving routes have shares summing to <= out(A), the x entering ones
 *    <= in(A), all 2x <= tot(A), whatever the sharing (the greedy's
 *    residuals, max-min, eq. (5): all feasible). A backbone resource limits
 *    each route, not their sum: a cut with one gives no bound.
 * 4. Hence one of these routes has a share
 *        x_min <= min(out/x, in/x, tot/(2x)),
 *    its owner's cost C_i >= 1/x_min (a route's cost is 1/share plus a
 *    latency >= 0; C_i is the sum or, with parallel send, the max of its two
 *    route costs), and T >= d max_i C_i (rm_balance, eq. (5), alpha >= 0):
 *        T(S) >= d * max(x/out, x/in, 2x/tot)     for every cut delta(A),
 *    x = x_A(R). The cut bound of heur/bounds/cut_bound.h is the case x = 2.
 * 5. The sets A: the subtrees of the rooted cut tree of rm_cut_bound (its
 *    bridges and the Gomory–Hu trees of the 2-edge-connected components),
 *    whose cuts are small. The bound does not rely on the tree's cut values:
 *    out, in and tot are the real capacities of delta(A), summed over the
 *    links by the lowest-common-ancestor difference on the tree (a link u - v
 *    adds its capacity at u and v and takes it twice at lca(u, v): the sum
 *    over a subtree is the capacity of the links leaving it), in long double,
 *    each capacity raised by 1e-13 times the sum of the magnitudes added
 *    (the rounding of the difference) before it is used.
 * Valid for every routing and every sharing of SharedRing (its rings only
 * grow by insertion); not used by SliceRing (no sharing: a route's width
 * does not fall with the number of routes across a cut).
 */
#ifndef RINGMAP_RING_CROSS_BOUND_H
#define RINGMAP_RING_CROSS_BOUND_H

#include "heur/bounds/cut_bound.h"
#include "ringmap/topo.h"

typedef struct rm_cross_bound {
    int active;        /* 0: no finite cut (the value is 0) */
    int N, LOG;        /* nodes, binary-lifting levels */
    int *up;           /* LOG x N: 2^k-th ancestor, -1 above a root */
    int *depth;        /* N */
    int *order;        /* N: parents before children */
    int *parent;       /* N: copy of the cut tree's parents */
    double *inv_out, *inv_in, *inv_tot2; /* N: 1/out, 1/in, 2/tot of the subtree of v (0: none) */
    long *cnt;         /* N: scratch for the crossing counts */
} rm_cross_bound;

/**
 * The cost models the bound is proven for (the proof above, step 4): T >=
 * d max_i C_i (rm_balance, alpha >= 0) and C_i >= 1/x_min (route cost 1/x
 * plus a latency term >= 0; C_i the sum or, with parallel send, the max of
 * the two) — Legrand et al. 2004 eq. (1), §2.4, any D_c/D_w:
 * rmi_cost_model_eq1 (model/cost_valid.h). 1 when valid, else 0. O(1).
 * With the network model net (rm_network_model): the proof bounds
 * T_step for every feasible sharing, and the fair model's max-min shares
 * are feasible, so both models this version defines are valid
 * (rmi_network_model_known, model/cost_valid.h).
 */
int rmi_cross_bound_valid_for(const rm_cost_model *m, rm_network_model net);
/**
 * From the rooted cut tree of cb (rmi_cut_bound_init) and net's resources.
 * cb is only read during the call. Errors: RM_ENOMEM. O((N + E) log N) time,
 * O(N log N) memory. Not thread-safe on one xb.
 */
rm_status rmi_cross_bound_init(rm_cross_bound *xb, const rm_cut_bound *cb, const rm_network *net,
                              rm_error *err);

/**
 * The bound for a ring of q >= 2 host nodes ring[0..q-1] (their cyclic
 * order): every ring that holds them in this cyclic order (every larger
 * ring a greedy insertion heuristic can build from it) has T_step/D_w >=
 * dc_dw times the returned value, (Mb/s)^-1. 0 when inactive. The caller
 * keeps a relative margin. O(q log N + N). Not thread-safe on one xb
 * (scratch counts).
 */
double rmi_cross_bound_value(rm_cross_bound *xb, const int *ring, int q);

/** Release. Safe on a zeroed or destroyed xb. */
void rmi_cross_bound_destroy(rm_cross_bound *xb);

#endif
