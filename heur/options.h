/*
 * heur/options.h — the argument check of the heuristics' entry points
 * (internal; the options themselves are public: include/ringmap/heur.h).
 */
#ifndef RM_HEUR_OPTIONS_H
#define RM_HEUR_OPTIONS_H

#include "ringmap/heur.h"

/** The policy for routes that have only a latency (rm_platform
 *  .n_latency_routes > 0: a Vivaldi zone's hosts without links): mapped only
 *  with the latency in the cost model (opt->cost.latency); else RM_EINPUT
 *  saying so (--latency --dc). And the policy for widest paths on a SimGrid
 *  platform whose routes are kept as pieces (rm_platform.fixed_pieces,
 *  above RM_SIMGRID_PAIRS_MAX hosts): its links meet at one hub node, so
 *  widest paths there would go host - hub - host past every link:
 *  RM_ROUTING_WIDEST is RM_EINPUT (map on SimGrid's routes). Called by every
 *  mapping entry (below, and rm_map). O(1). Thread-safe. */
rm_status rmi_latency_routes_check(const rm_platform *p, const rm_options *opt, rm_error *err);

/** The checks of a heuristic's entry (rm_sharedring, rm_slicering, the
 *  reference entries, the mapper's): out not NULL (*out set to NULL), net
 *  usable, opt valid (rm_options_check); then *run = *opt with its routing
 *  resolved on net (rm_routing_resolve: RM_ROUTING_AUTO becomes FIXED or
 *  WIDEST), the options the heuristic runs with (run is written only on
 *  success). O(N + E). Thread-safe. */
rm_status rmi_heuristic_args_check(const rm_network *net, const rm_options *opt,
                                   rm_mapping **out, const char *fn, rm_options *run,
                                   rm_error *err);

#endif
