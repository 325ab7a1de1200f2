/* ring_internal.h — shared helpers of the ring heuristics (not public). */
#ifndef RINGMAP_RING_INTERNAL_H
#define RINGMAP_RING_INTERNAL_H

#include "ringmap.h"

/** A ring being grown: positions, routes (owned), per-position cost
 *  C = c_pred + c_succ (s/Mb) and cycle-time w. Capacity max_q. */
typedef struct rm_ring_state {
    int q, max_q;
    int latency, parallel_send; /* cost model (rm_route_cost, rm_host_cost) */
    double dc;
    int *ring;
    double *w, *C;
    rm_route *succ, *pred;
} rm_ring_state;

rm_status rm_ring_state_init(rm_ring_state *s, int max_q, const rm_options *opt, rm_error *err);
void rm_ring_state_destroy(rm_ring_state *s);
/** Recompute C from the routes' bandwidths (and latencies). O(q + L). */
void rm_ring_state_costs(const rm_network *net, rm_ring_state *s);
/** Cost (s/Mb) of one route of the state under its cost model. O(len). */
double rm_ring_state_route_cost(const rm_network *net, const rm_ring_state *s, const rm_route *r,
                                double bandwidth);
/** Deep-copy the state into a new mapping (alphas and T_step by rm_balance). */
rm_status rm_ring_state_to_mapping(const rm_network *net, const rm_ring_state *s, double dc_dw,
                                   rm_mapping **out, rm_error *err);
/** Insert node v with cycle-time w at position pos (shifting the rest);
 *  its routes are left empty. Capacity must allow it. O(q). */
void rm_ring_state_insert(rm_ring_state *s, int pos, int v, double w);
/** Deep copy src into dst (same max_q). RM_ENOMEM. O(q + L). */
rm_status rm_ring_state_copy(rm_ring_state *dst, const rm_ring_state *src, rm_error *err);
/** Index of the fastest host (smallest w, ties: lowest index). */
int rm_fastest_host(const rm_platform *p);

#endif
