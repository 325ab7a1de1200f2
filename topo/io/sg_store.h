/*
 * sg_store.h — SimGrid's routes kept as pieces, not as the route of every
 * host pair (docs/simgrid.md, "Routes without the all-pairs store"): the
 * stream of rmi_sg_child_extract_pieces (topo/io/sg_loader.h) decoded, and
 * a route put together from it the way SimGrid 3.32 does
 * (NetZoneImpl::get_global_route): the common ancestor zone's local route
 * between the two child zones with its gateways, the routes to and from the
 * gateways, a star zone's member links UP then DOWN with a link met twice
 * taken once. Memory O(pieces): linear in the hosts for a hierarchy of
 * clusters. Not yet used by the reader (the platform keeps the all-pairs
 * table); tests/test_sg_store.c checks it against that table, every pair.
 */
#ifndef RM_TOPO_SG_STORE_H
#define RM_TOPO_SG_STORE_H

#include "ringmap/error.h"
#include "topo/io/sg_pairmap.h"

#include <stddef.h>
#include <stdint.h>

typedef struct rmi_sg_piece {
    int gw_src, gw_dst; /* netpoints, -1 */
    double lat;         /* s */
    size_t off;         /* into rmi_sg_store.pl */
    int n;              /* links */
} rmi_sg_piece;


typedef struct rmi_sg_store {
    int H;
    char **hname;
    double *speed;
    int *cores;
    int P; /* netpoints: hosts 0..H-1 first */
    char **npname;
    int *npzone;
    int Z;
    char **zname;
    int *zparent, *znp, *zprobe, *zcluster;
    int *up, *down; /* P: star pieces, -1 */
    rmi_sg_piece *pc;
    int npc;
    int32_t *pl;
    size_t npl;
    rmi_sg_pairmap tab, gw;
    int L;
    char **lname;
    double *bw, *lat; /* bytes/s, s */
    int *policy;
} rmi_sg_store;

/** Decode the stream d (n bytes) into st (zeroed first). RM_OK; RM_EINPUT
 *  with the child's "ERR!" message, RM_ELIMIT on "LIM!"; RM_EINTERNAL for a
 *  malformed stream; RM_ENOMEM. O(n). */
rm_status rmi_sg_store_decode(const unsigned char *d, size_t n, rmi_sg_store *st, rm_error *err,
                              const char *shown);

void rmi_sg_store_free(rmi_sg_store *st);

/** The route from host s to host d (host indices, s != d): its link
 *  indices (rmi_sg_store.lname) into links (room for cap) in SimGrid's
 *  order, its latency (s) into *lat. Returns the number of links; -1 when
 *  the pieces give no route (a piece missing: SimGrid has none), -2 when cap
 *  is too small. O(depth + route length^2) (a star's shared backbone is
 *  looked for in the links UP). Thread-safe (reads only). */
int rmi_sg_store_route(const rmi_sg_store *st, int s, int d, int *links, int cap, double *lat);

/** Bytes the pieces take (the store's size, for the tables). O(1). */
size_t rmi_sg_store_bytes(const rmi_sg_store *st);

#endif
