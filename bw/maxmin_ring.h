/*
 * maxmin_ring.h — max-min fair shares of a growing ring's routes, kept from
 * one size to the next (bw/maxmin_ring.c). Internal (rmi_*): SharedRing's
 * fair valuation of each size (heur/sharedring/sharedring.c) and the tests.
 *
 * rm_maxmin's progressive filling (Legrand et al. 2004 §4.4.3, method 1;
 * Bertsekas & Gallager §6.5.2) runs in rounds: each round raises every
 * unfrozen route by the same d (the smallest remaining share of a resource
 * or backbone bound), saturates resources and freezes their routes. When a
 * SharedRing insertion replaces one ring edge's two routes by four, only the
 * resources of those routes, and the routes and resources their changed
 * freezing reaches, can move. This solver keeps the last solve's rounds
 * (each d, the level, and witnesses: resources or routes that reached d
 * exactly) and replays only the changed part, with the same floating-point
 * operations rm_maxmin performs on each resource and route; the unchanged
 * part is bit for bit the last solve's as long as every round's d is, which
 * a witness outside the changed part proves (it gives exactly d, and every
 * unchanged resource or route gave at least d before). When no witness is
 * left, or a changed part would give a smaller d, the whole filling runs
 * again (on the kept incidence, without rebuilding it). The result is
 * rm_maxmin's, bit for bit (then its make-feasible step, the loads summed
 * in rm_maxmin's route order).
 */
#ifndef RM_BW_MAXMIN_RING_H
#define RM_BW_MAXMIN_RING_H

#include "ringmap/bw.h"

typedef struct rmi_mm_ring rmi_mm_ring;

/** A solver for rings on net (net must outlive it). NULL when out of
 *  memory. O(net->n_res). Not thread-safe (one per thread). */
rmi_mm_ring *rmi_mm_ring_new(const rm_network *net);

/** Release (NULL is fine). */
void rmi_mm_ring_free(rmi_mm_ring *m);

/**
 * Max-min fair rates of a ring's 2q routes, x[k] for succ[k] (k < q) and
 * x[q + k] for pred[k] (ring[k] -> ring[k-1]): exactly rm_maxmin(net, NULL,
 * 2q, {succ, pred}, x). ring: the q host nodes in order. When ring is the
 * last call's ring with one host inserted (or the same ring), the routes
 * equal to the last call's are kept and only the changed part is solved
 * again; else every route is new. kept != 0: the caller guarantees that a
 * route between two hosts consecutive in both rings is the last call's
 * (SharedRing's growth: an insertion rewrites only the broken edge's two
 * routes), and the arcs are not compared. Errors: those of rm_maxmin (the call is
 * rm_maxmin's when a route or capacity is not usable, so are its messages),
 * RM_ENOMEM. Time: O(changed part x rounds) when a witness of every round
 * survives, else O(rounds (R + K + T)) as rm_maxmin without its sort; plus
 * O(q), and O(total route length) to compare the routes unless kept.
 */
rm_status rmi_mm_ring_solve(rmi_mm_ring *m, int q, const int *ring, const rm_route *succ,
                            const rm_route *pred, int kept, double *x, rm_error *err);

/** Counters for the tests and benchmarks: calls; whole fillings; replays
 *  that kept every round; replays that kept the rounds before the first
 *  one whose d changed, then filled the rest. */
void rmi_mm_ring_stats(const rmi_mm_ring *m, long *calls, long *full, long *replays,
                       long *partial);

#endif
