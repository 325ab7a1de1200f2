/*
 * bw_internal.h — internals shared by the bw module (bandwidth sharing):
 * the compact "system" view of the resources a set of routes uses, in the
 * vocabulary of SimGrid's lmm (constraints = resources, variables = routes),
 * and the progressive-filling core used by rm_maxmin and by rm_share_optimal
 * (for the routes of zero weight). This is the ONE constraint system of the
 * library: the solvers (solvers/share_problem.c) build their scaled rows
 * from it and use its max-min fairness and make-feasible.
 *
 * Not part of the public API (include/ringmap.h).
 */
#ifndef RM_BW_INTERNAL_H
#define RM_BW_INTERNAL_H

#include "ringmap/bw.h"

#include <math.h>

/* Number of ints a system can hold without calling malloc (small problems
 * such as the four routes of one SharedRing insertion). */
#define BW_SYSTEM_SMALL 768

/**
 * The resources used by a set of routes, with multiplicities, in two
 * compressed-sparse-row incidence lists (by resource and by route).
 * A route that crosses a resource m times (a walk) has multiplicity m on it:
 * it counts m times in that resource's load.
 * Local resource j (0..n_res-1) is global resource res[j]; res[] ascends.
 */
typedef struct bw_system {
    int n_routes;    /* K: number of routes given */
    int n_res;       /* R: distinct resources used by the routes */
    int n_terms;     /* T: distinct (resource, route) pairs */
    int *res;        /* R: global resource index, ascending */
    int *res_start;  /* R+1: terms of resource j are res_start[j]..res_start[j+1]-1 */
    int *res_route;  /* T: route of each term (ascending within a resource) */
    int *res_mult;   /* T: multiplicity of each term */
    int *rt_start;   /* K+1: terms of route k */
    int *rt_res;     /* T: local resource of each term (ascending within a route) */
    int *rt_mult;    /* T: multiplicity */
    int *heap;       /* malloc'ed block, or NULL when small[] was enough */
    int small[BW_SYSTEM_SMALL];
} bw_system;

/* A capacity below BW_NOISE times the link's full capacity is the rounding
 * left over by rm_residual_apply (take, then give back) and counts as 0. */
#define BW_NOISE 1e-12

/** Capacity c of a resource whose full capacity is full, as the solvers use
 *  it: negative, zero and noise-level values (see BW_NOISE) become 0. */
static inline double bw_clean_cap(double c, double full)
{
    if (!(c > 0.0))
        return 0.0;
    if (full < INFINITY && c <= BW_NOISE * full)
        return 0.0;
    return c;
}

/**
 * Build the system of n_routes routes on net. Checks that every arc index
 * is in range and usable (arc_res >= 0); `who` names the caller in messages.
 * Errors: RM_EINPUT (naming the route and the arc), RM_ENOMEM.
 * Complexity O(L log L), L = total route length (independent of net->n_res).
 */
rm_status rmi_bw_system_build(bw_system *s, const rm_network *net, int n_routes,
                          const rm_route *routes, const char *who, rm_error *err);

/**
 * The same from route lists (rm_share_system: resource indices per route;
 * capacities not read). Errors: RM_EINPUT (a resource out of 0..n_res-1, a
 * route of negative length), RM_ENOMEM. Complexity O(L log L).
 */
rm_status rmi_bw_system_build_lists(bw_system *s, const rm_share_system *sys, const char *who,
                                rm_error *err);

/**
 * Routes given as arcs of net -> resource lists (the rm_share_system
 * form): *start (n_routes + 1) and *res (total length) malloc'ed, to be
 * freed by the caller. Checks every arc (in range, usable in its
 * direction). Errors: RM_EINPUT naming the route and the arc, RM_ENOMEM.
 * O(L).
 */
rm_status rmi_bw_route_lists(const rm_network *net, int n_routes, const rm_route *routes, int **start,
                         int **res, const char *who, rm_error *err);

/**
 * Entry checks of the public functions taking routes as arcs of net
 * (rm_maxmin, rm_share_optimal): RM_EINVAL "<who>: ..." naming the argument
 * for a NULL net, n_routes < 0, NULL routes (n_routes > 0), a route with
 * n_arcs < 0 or NULL arcs, an arc index outside 0..net->n_arcs-1. (An arc
 * that exists but is unusable in its direction is rmi_bw_system_build's
 * RM_EINPUT.) O(L).
 */
rm_status rmi_bw_check_routes(const rm_network *net, int n_routes, const rm_route *routes,
                          const char *who, rm_error *err);

/**
 * Entry checks of the public functions taking an rm_share_system: RM_EINVAL
 * naming the field for a NULL sys, negative counts, NULL arrays,
 * route_start not starting at 0 or decreasing, a resource index outside
 * 0..n_res-1, a capacity that is NaN or negative (INFINITY is allowed: no
 * limit). O(L + n_res).
 */
rm_status rmi_bw_check_share_system(const rm_share_system *sys, const char *who, rm_error *err);

/** Release a system (safe on a zeroed or failed one). */
void rmi_bw_system_free(bw_system *s);

/**
 * Progressive filling (max-min fairness) on a system: the routes k with
 * take[k] != 0 (all if take is NULL) and at least one resource share the
 * local capacities capl[j] (>= 0, may be INFINITY; capl[j] is the whole
 * capacity of a backbone resource, which limits each route separately);
 * backbone[j] flags backbone resources. rate[k] is written for the
 * participating routes only (INFINITY when nothing limits a route).
 * If bott is not NULL it receives, in order, the constraints that froze
 * new routes (*n_bott of them, at most K): a local resource j >= 0 (it
 * saturated), or -(k + 1) (route k reached its backbone bound); each one
 * freezes a route no earlier one did, so as rows of the constraint matrix
 * they are linearly independent, and together they cover every route that
 * got a finite rate (the active-set start of the solvers).
 * dwork: 2 R + 2 K doubles, iwork: R + K ints (R + 2 K with bott).
 * Complexity O(rounds * (R + K + T)), rounds <= R + K.
 */
void rmi_bw_fill(const bw_system *s, const double *capl, const int *backbone, const int *take,
             double *rate, double *dwork, int *iwork, int *bott, int *n_bott);

/**
 * Make-feasible: scale down routes so that no resource is over capacity
 * (removes the rounding excess of an iterative solution): each route k is
 * multiplied by the smallest over its non-backbone resources j of
 * min(1, margin capl[j] / load[j]) (factor 1 where load <= capl) and over
 * its backbone resources of min(1, margin capl[j] / rate[k]) (where rate[k]
 * > capl[j]). margin = 1 is the exact ratio (the heuristics); a margin
 * just below 1 (the solvers: 1 - 2e-15) leaves room for the rounding of a
 * later rescaling. Only routes with take[k] (all if NULL) and finite rate
 * count and move. dwork: R doubles. Complexity O(R + T).
 */
void rmi_bw_make_feasible(const bw_system *s, const double *capl, const int *backbone,
                      const int *take, double margin, double *rate, double *dwork);

#endif /* RM_BW_INTERNAL_H */
