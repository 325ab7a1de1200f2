/*
 * cut_bound.h — a provable lower bound of T_step/D_w for every ring that
 * contains a given set of hosts, from the platform's bridges (issue 15: stop
 * the ring growth once it cannot pay).
 *
 * A bridge is a link whose removal disconnects the platform. If a ring has
 * hosts on both sides of bridge l, it crosses l with at least two ring edges
 * (a cycle crosses a cut an even number of times), each with one route in
 * each direction: at least 4 routes cross l. Their shares fit in l's
 * capacity c_l (half duplex: one resource for both directions; full duplex:
 * the 2 routes of each direction in c_l), so one of them has a share <= c_l/4
 * (full duplex c_l/2), its owner's cost C_i >= 1/share (a route's cost is
 * 1/bandwidth plus a latency >= 0; C_i is the sum or, with parallel send, the
 * max of its two route costs), and T_step/D_w >= D_c/D_w * max_i C_i
 * (rm_balance, eq. (5) with alpha >= 0). Hence
 *     T_step/D_w >= D_c/D_w * m / c_l,   m = 4 (half duplex) or 2 (full),
 * for EVERY feasible sharing — the greedy's, max-min's, eq. (5)'s optimum —
 * of every ring and every routing that contains hosts on both sides. Without
 * sharing (SliceRing's estimate on the complete graph of widest paths) the
 * crossing route's width is at most c_l: m = 1. Backbone links (no sharing,
 * §2.4) and directed platforms give no bound. As rings only grow in both
 * greedy heuristics, the bound of the current ring holds for every larger
 * ring they can still build: once it is >= the best T_step found, growing
 * further cannot change the answer (same ring, same T_step).
 */
#ifndef RM_RING_CUT_BOUND_H
#define RM_RING_CUT_BOUND_H

#include "ringmap/ring.h"

typedef struct rm_cut_bound {
    int n_nodes;
    int n_bridges;
    int *parent;       /* n_nodes: DFS parent node, -1 at a root */
    int *bridge_of;    /* n_nodes: bridge index of the link to the parent, -1 if none */
    double *inv_cap;   /* n_bridges: m / c_l (Mb/s)^-1 */
    int *count;        /* n_bridges: hosts of the set below the bridge (child side) */
    int n_set;         /* hosts in the set */
    double value;      /* max inv_cap over the bridges that separate the set */
} rm_cut_bound;

/**
 * Bridges of net's platform (iterative DFS, O(N + E)), with m = mult_half
 * on a half-duplex network and m = mult_full on a full-duplex one (4 and 2
 * for shared routes, 1 and 1 for widths). A directed platform gets no
 * bridges (the bound is then 0). Errors: RM_ENOMEM. Not thread-safe on one
 * cb; O(N + E) memory.
 */
rm_status rm_cut_bound_init(rm_cut_bound *cb, const rm_network *net, double mult_half,
                            double mult_full, rm_error *err);

/** Forget the set (no host in it). O(N). */
void rm_cut_bound_reset(rm_cut_bound *cb);

/** Add host node v to the set. O(depth of v + bridges) — the bridges that
 *  separate the set are re-scanned. */
void rm_cut_bound_add(rm_cut_bound *cb, int v);

/** The bound for the current set, in (Mb/s)^-1: T_step/D_w of every ring
 *  containing the set is >= D_c/D_w times it. 0 if no bridge separates the
 *  set. O(1). */
static inline double rm_cut_bound_value(const rm_cut_bound *cb) { return cb->value; }

void rm_cut_bound_destroy(rm_cut_bound *cb);

#endif
