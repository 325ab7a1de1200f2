/*
 * dot.h — Graphviz DOT picture of a platform with a mapping drawn over it
 * (docs/plots.md): hosts as boxes filled by speed, routers as small
 * circles, every link, and the ring's routes on top (link width and colour
 * by the fraction of capacity the ring's routes take). Not in ringmap.h: an
 * output of the CLI, like output/output.h.
 */
#ifndef RINGMAP_RING_DOT_H
#define RINGMAP_RING_DOT_H

#include "ringmap/ring.h"

#include <stdio.h>

/**
 * Write the platform of net as an undirected (or, for a directed platform,
 * directed) Graphviz graph to f, with the mapping m drawn over it (m may be
 * NULL: the bare platform).
 *
 * Drawing (node names n<index>, labels from the platform; an empty label
 * becomes the GML id):
 *  - host: box, label "label\nw=<w>" (w in s/Mflop), filled from light to dark
 *    blue by speed 1/w on a log scale between the slowest and fastest host;
 *  - ring host: label "#k label\nw=<w>\nalpha=<alpha>" (k = 0-based ring
 *    position, ring[k+1] succeeds ring[k]), thick dark red border;
 *  - router: small circle labelled with its label;
 *  - link: one edge per link, id "link<index>", tooltip with capacity
 *    (Mb/s); unused links thin and grey; a link used by the ring's routes is
 *    drawn with penwidth 2 + 6 * share and a yellow -> red colour by share,
 *    labelled "<percent>%", where share = the largest, over the capacity
 *    resources of the link (rm_network: one per link in half duplex, one per
 *    direction in full duplex), of allocated / capacity (the sum of the
 *    bandwidths of the routes crossing the resource; for a backbone link the
 *    largest single route bandwidth), so share <= 1 for a feasible mapping.
 *    In half duplex allocated is the "allocated" of the JSON's link_usage.
 *  - graph label: platform name, q, D_c/D_w, T_step/D_w, and a legend.
 * A platform that names its links (a SimGrid file: rm_platform.link_ids)
 * is drawn otherwise, readable at any size: each cluster (node_group) one
 * box "name: N hosts" with its ring hosts' count, every other host a box
 * (beyond 48 of them, those off the ring share one box "N other hosts"),
 * and the ring as a cycle over the boxes: one edge per ordered pair of
 * boxes the ring goes between, labelled with the SimGrid link ids of its
 * route and its bandwidth (several ring edges: their count and smallest
 * bandwidth); ringmap's link:N:in/out nodes are not drawn. O(H + q + L).
 * The graph asks for the neato layout (graph attribute layout=neato, so
 * `dot -Tsvg` lays it out with neato; `-K dot` overrides).
 *
 * Errors: RM_EINPUT if a route uses an arc or node outside the network,
 * RM_ENOMEM, RM_EINTERNAL if writing to f fails.
 * Complexity: O(N + E + L), L = total length of the ring's routes.
 */
rm_status rmi_mapping_write_dot(FILE *f, const rm_network *net, const rm_mapping *m,
                               rm_error *err);

#endif
