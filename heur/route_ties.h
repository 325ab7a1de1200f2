/*
 * route_ties.h — tie rules between equally wide routes (issue 15, "better
 * rings", beyond the paper; rm_options.route_ties, rm_route_ties in
 * ringmap/ring.h). Internal to the ring layer.
 *
 * Widest-path routing (seed 001 §4.4.2) fixes a route's width W (the
 * maximum bottleneck, unique) but not the route: several paths may have
 * width W. The index rule (topo/route/widest.h) takes the Dijkstra's own; the
 * other rules take, among the paths of width W, the best one for a key:
 *   hops:        fewest arcs;
 *   load:        least sum over its arcs of the routes already placed on the
 *                arc's resource (rmi_ties.load), then fewest arcs;
 *   bottleneck2: largest second bottleneck (narrowest arc wider than W),
 *                then fewest arcs;
 *   share:       largest equal share min_a width(a) / (load(a) + 1) (the rate
 *                the route would get if every link were split equally), then
 *                as load; for a ring (rmi_ring_routes), after the first pass
 *                two rounds re-route each route in turn against the loads of
 *                all the others;
 *   best:        the whole ring routed by each of index, hops, load, share,
 *                keeping the lowest T_step (rmi_ring_routes, rmi_ties_reshare).
 * Exact per route (not a Dijkstra with a secondary key, which is not exact
 * since "widest, then shortest" is not isotone): (1) the width W of the
 * index route; (2) for bottleneck2 and share, a widest path over the arcs
 * of width >= W on the value v(a) (bottleneck2: width(a) if > W else +inf;
 * share: width(a) / (load(a) + 1)), giving V2; (3) a
 * least-cost path (Dijkstra, integer costs: load * N + 1, or 1) over the
 * arcs of width >= W (and v(a) >= V2). Ties left by the key: the smallest
 * node index first out of the heap, a node's arc replaced only by a strictly
 * cheaper one (deterministic).
 */
#ifndef RM_RING_ROUTE_TIES_H
#define RM_RING_ROUTE_TIES_H

#include "ringmap/heur.h"

/** The state of the tie rule for the routes of one ring: the network's
 *  usable out-arcs (CSR), Dijkstra scratch, and the per-resource count of
 *  routes placed so far (the load rule's key). Not shared between threads. */
typedef struct rmi_ties rmi_ties;

/** A tie state for net under rule and routing; *out NULL (no state needed)
 *  when the rule is RM_TIES_INDEX or the routing is not RM_ROUTING_WIDEST.
 *  RM_TIES_BEST is a choice between whole rings, not a per-route rule: its
 *  state routes as hops (use rmi_ring_routes / rmi_ties_reshare for it).
 *  Errors: RM_ENOMEM. O(N + A). Thread safety: reentrant (net only read). */
rm_status rmi_ties_new(const rm_network *net, rm_routing routing, rm_route_ties rule,
                       rmi_ties **out, rm_error *err);

/** Free a tie state (NULL is fine). */
void rmi_ties_free(rmi_ties *t);

/** Forget the routes placed (all loads 0). O(R). */
void rmi_ties_reset(rmi_ties *t);

/**
 * One route src -> dst by widest-path routing on residual (NULL: full
 * capacities) with ties broken by t's rule (t NULL: rm_routing_route under
 * routing, the index rule). Conventions of rm_widest_route: bandwidth = the
 * width (identical under every rule), 0 and no arcs when unreachable,
 * INFINITY when src == dst. The route's resources then count one more route
 * each (the load rule's key for the next routes). Errors: those of
 * rm_routing_route, RM_ENOMEM. O(A log N) per phase, three phases at most.
 * Thread safety: writes t and route only.
 */
rm_status rmi_ties_route(rmi_ties *t, const rm_network *net, rm_routing routing,
                         const double *residual, int src, int dst, rm_route *route, rm_error *err);

/**
 * The 2q routes of mapping m's ring (m->ring set, q > 1) on the full
 * capacities under opt->routing and opt->route_ties: succ[k] then pred[k]
 * for k = 0..q-1 (the load rule counts the routes placed before each).
 * With RM_TIES_INDEX exactly the rm_routing_route calls SliceRing has always
 * made. RM_TIES_BEST: the ring routed by index, hops, load and share in
 * turn, each made feasible by opt->make_feasible (max-min or eq. (5)),
 * keeping the routes of the lowest T_step (ties: the earlier rule); the
 * caller makes them feasible again. Errors: those of rmi_ties_route and of
 * the make-feasible step, RM_ENOMEM. O(q A log N) (x4 plus four
 * make-feasible steps for best).
 * Thread safety: writes m only; net is only read.
 */
rm_status rmi_ring_routes(const rm_network *net, const rm_options *opt, rm_mapping *m,
                          rm_error *err);

/**
 * SharedRing's use of the rule (its scan routes on the residual network and
 * stays as it is): the 2q routes of m's ring re-routed by rule on the full
 * capacities (as rmi_ring_routes), shares by max-min fairness
 * (rm_mapping_refine_maxmin, bw/), kept (routes, alphas, T_step, sharing =
 * RM_SHARING_MAXMIN) only when T_step drops: never worse than m. *kept (may
 * be NULL) = 1 when kept. RM_TIES_BEST tries index, hops, load and share in
 * turn, keeping each that lowers T_step further. Runs for any rule (RM_TIES_INDEX included: the
 * control of the measurement, bench_quality --route-ties); nothing for
 * q < 2 or a routing other than widest. Errors: RM_ENOMEM, those of the
 * max-min sharing. O(q A log N) plus the max-min sharing.
 * Thread safety: writes m only; net is only read.
 */
rm_status rmi_ties_reshare(const rm_network *net, const rm_options *opt, rm_route_ties rule,
                           rm_mapping *m, int *kept, rm_error *err);

#endif
