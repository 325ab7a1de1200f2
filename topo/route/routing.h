/*
 * topo/route/routing.h — the routing layer of the heuristics and exact
 * baselines (not public): widest-path trees, fixed routes of the platform
 * file and direct links behind one interface, single routes and SliceRing's
 * complete graph of route bandwidths (Legrand et al. 2004 §2.2, §4.4.2).
 */
#ifndef RINGMAP_TOPO_ROUTE_ROUTING_H
#define RINGMAP_TOPO_ROUTE_ROUTING_H

#include "ringmap/topo.h"

/* The routing functions below take a RESOLVED routing (WIDEST, DIRECT or
 * FIXED: rm_routing_resolve, include/ringmap/topo.h, run by every entry point
 * of the library): RM_ROUTING_AUTO or a value out of range gives RM_EINTERNAL. */

/**
 * Tree of routes from src (to src when reverse) under a routing mode, same
 * outputs and conventions as rm_widest_tree (width[v] 0 = no route, INFINITY
 * at src; in_arc[v] the arc entering v, or leaving v when reverse; either may
 * be NULL), usable by rm_route_from_tree.
 * RM_ROUTING_WIDEST: rm_widest_tree. RM_ROUTING_FIXED: the platform file's
 * routes (rm_platform.fixed_route_*), in any shape (they need not form a
 * tree): in_arc[v] = RM_ARC_FIXED for each host v with a route, whose route
 * rm_route_from_tree takes from the platform (RM_EINPUT when the file fixes
 * none); width = least residual along the route. RM_ROUTING_DIRECT: only one-hop routes — for each v, the
 * widest usable arc src -> v (v -> src when reverse) on residual (NULL: full
 * capacities; backbones at full capacity), ties to the lowest arc index.
 * Errors: RM_EINPUT (bad src), those of rm_widest_tree.
 * Complexity: widest O(E log N); direct O(E).
 */
rm_status rmi_routing_tree(const rm_network *net, rm_routing routing, const double *residual,
                          int src, int reverse, double *width, int *in_arc, rm_error *err);

/** RM_ROUTING_FIXED, one route: the arcs of the platform file's route from
 *  host node a to host node b into arcs (room for n_links + 1) and its width
 *  on residual (NULL: full capacities) into *width, bit for bit the width
 *  rmi_routing_tree's fixed tree gives b (least residual along the route, a
 *  resource crossed m times giving residual / m; 0 when there is no route).
 *  Returns the number of arcs: 0 when the file fixes no route a -> b (or it
 *  crosses a link too slow for the model), -1 when it is not a walk over
 *  usable links (the tree's RM_EINPUT). Thread-safe (reads only).
 *  O(log H + R^2) for a route of R links. */
int rmi_fixed_route_width(const rm_network *net, const double *residual, int a, int b, int *arcs,
                          double *width);

/** rmi_fixed_route_width with the host indices ia, ib of a and b given
 *  (both >= 0; else found by a and b). O(R^2). */
int rmi_fixed_route_width_at(const rm_network *net, const double *residual, int ia, int ib, int a,
                             int b, int *arcs, double *width);

/** Latency (s) of the route src -> dst held by the forward tree in_arc of
 *  rmi_routing_tree (any routing mode; RM_ARC_FIXED entries: the platform's
 *  fixed route): the sum of its links' latencies, 0 if dst is unreachable
 *  or dst == src. O(N), O(R^2) for a fixed route of R links. */
double rmi_routing_tree_latency(const rm_network *net, int src, const int *in_arc, int dst);

/** One route src -> dst under a routing mode (rm_widest_route conventions:
 *  bandwidth = its width, 0 with no arcs when there is none, INFINITY when
 *  src == dst). Direct: the widest arc src -> dst. O(E log N) / O(E). */
rm_status rmi_routing_route(const rm_network *net, rm_routing routing, const double *residual,
                           int src, int dst, rm_route *route, rm_error *err);

/** The links of the platform file that its fixed routes cross (a SimGrid
 *  platform: the links some route between two kept hosts crosses, not the
 *  connection links the reader adds between them nor the hub node of the
 *  route pieces): the same count whether the routes are kept as the
 *  all-pairs table (its links with a SimGrid id) or as the pieces
 *  (rm_fixed_pieces.n_used). -1 when p fixes no routes
 *  (rm_platform_fixes_routes) or p is NULL. O(L) for the table, O(1) for
 *  the pieces. Thread-safe (reads p only). */
int rmi_fixed_route_links(const rm_platform *p);

/** SliceRing's complete graph under a routing mode (rm_capacity_matrix
 *  conventions: bw[i*H+j], host indices, diagonal INFINITY, 0 = no route).
 *  Direct: the widest arc between the two hosts (0 if not adjacent): the
 *  complete-graph instance taken as given (Legrand et al. 2004 §2.2, Theorem 1).
 *  Errors: RM_ENOMEM, those of rm_capacity_matrix. O(H E log N) / O(H^2 + E). */
rm_status rmi_routing_matrix(const rm_network *net, rm_routing routing, double *bw, rm_error *err);

#endif
