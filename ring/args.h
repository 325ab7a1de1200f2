/*
 * args.h — argument checks of the ring module's public entry points (issue
 * 13, class 8): the heuristics, refinements and work-unit functions return
 * RM_EINVAL with a message for NULL arguments, a network whose platform is
 * not finalized, or a mapping with ring positions, alphas or route arcs out
 * of range, instead of crashing. Internal.
 */
#ifndef RM_RING_ARGS_H
#define RM_RING_ARGS_H

#include "ringmap/ring.h"

/** RM_EINVAL "FN: ..." unless net is a usable network (not NULL, its
 *  platform passes rm_platform_args_check, arcs = 2 x links with their
 *  arrays). O(N + E). Thread-safe. */
rm_status rmi_network_args_check(const rm_network *net, const char *fn, rm_error *err);

/** The checks of a heuristic's entry (rm_sharedring, rm_slicering, the
 *  reference entries, the mapper's): out not NULL (*out set to NULL), net
 *  usable, opt valid (rm_options_check); then *run = *opt with its routing
 *  resolved on net (rm_routing_resolve: RM_ROUTING_AUTO becomes FIXED or
 *  WIDEST), the options the heuristic runs with (run is written only on
 *  success). O(N + E). Thread-safe. */
rm_status rmi_heuristic_args_check(const rm_network *net, const rm_options *opt,
                                   rm_mapping **out, const char *fn, rm_options *run,
                                   rm_error *err);

/** RM_EINVAL "FN: ..." unless m is a mapping of net: not NULL, 1 <= q <=
 *  n_hosts, ring/alpha arrays present, every ring[k] a host node of net's
 *  platform, every route (q > 1) with its arcs in 0..n_arcs-1. net is
 *  checked too. O(N + E + q + L). Thread-safe. */
rm_status rmi_mapping_args_check(const rm_network *net, const rm_mapping *m, const char *fn,
                                 rm_error *err);

#endif
