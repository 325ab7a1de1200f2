/*
 * route_ties.h — tie rules between equally wide routes (beyond Legrand et
 * al. 2004; rm_options.route_ties, rm_route_ties in ringmap/topo.h), one
 * route at a time. Internal; heur/route_ties.h applies them to a ring.
 *
 * Widest-path routing (Legrand et al. 2004 §4.4.2) fixes a route's width W (the
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
#ifndef RM_TOPO_ROUTE_ROUTE_TIES_H
#define RM_TOPO_ROUTE_ROUTE_TIES_H

#include "ringmap/topo.h"

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
 * capacities) with ties broken by t's rule (t NULL: rmi_routing_route under
 * routing, the index rule). Conventions of rm_widest_route: bandwidth = the
 * width (identical under every rule), 0 and no arcs when unreachable,
 * INFINITY when src == dst. The route's resources then count one more route
 * each (the load rule's key for the next routes). Errors: those of
 * rmi_routing_route, RM_ENOMEM. O(A log N) per phase, three phases at most.
 * Thread safety: writes t and route only.
 */
rm_status rmi_ties_route(rmi_ties *t, const rm_network *net, rm_routing routing,
                         const double *residual, int src, int dst, rm_route *route, rm_error *err);

/** Take route r's resources out of t's loads (the inverse of the count
 *  rmi_ties_route adds): for re-routing a placed route against all the
 *  others. t NULL: nothing. O(|r|). Thread safety: writes t only. */
void rmi_ties_unload(rmi_ties *t, const rm_network *net, const rm_route *r);

#endif
