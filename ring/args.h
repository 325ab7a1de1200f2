/*
 * args.h — argument checks of the ring module's public entry points
 * (hardening: bad arguments): the refinements and work-unit functions return
 * RM_EINVAL with a message for NULL arguments, a network whose platform is
 * not finalized, or a mapping with ring positions, alphas or route arcs out
 * of range, instead of crashing. Internal.
 */
#ifndef RM_RING_ARGS_H
#define RM_RING_ARGS_H

#include "ringmap/ring.h"

/** RM_EINVAL "FN: ..." unless net is a usable network (not NULL, its
 *  platform passes rmi_platform_args_check, arcs = 2 x links with their
 *  arrays). O(N + E). Thread-safe. */
rm_status rmi_network_args_check(const rm_network *net, const char *fn, rm_error *err);

/** RM_EINVAL "FN: ..." unless m is a mapping of net: not NULL, 1 <= q <=
 *  n_hosts, ring/alpha arrays present, every ring[k] a host node of net's
 *  platform, every route (q > 1) with its ends src, dst in 0..n_nodes-1 and
 *  its arcs in 0..n_arcs-1, n_sweep in 0..n_hosts with its sweep_t array
 *  (the printers read all of these). net is checked too. O(N + E + q + L). Thread-safe. */
rm_status rmi_mapping_args_check(const rm_network *net, const rm_mapping *m, const char *fn,
                                 rm_error *err);

#endif
