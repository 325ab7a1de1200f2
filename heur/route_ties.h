/*
 * route_ties.h — the tie rules between equally wide routes
 * (topo/route/route_ties.h) applied to the 2q routes of a ring: SliceRing's
 * routes and SharedRing's re-routing of its final ring. Internal.
 */
#ifndef RM_HEUR_ROUTE_TIES_H
#define RM_HEUR_ROUTE_TIES_H

#include "ringmap/heur.h"
#include "topo/route/route_ties.h"

/**
 * The 2q routes of mapping m's ring (m->ring set, q > 1) on the full
 * capacities under opt->routing and opt->route_ties: succ[k] then pred[k]
 * for k = 0..q-1 (the load rule counts the routes placed before each).
 * With RM_TIES_INDEX exactly the rmi_routing_route calls SliceRing has always
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
