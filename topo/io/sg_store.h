/*
 * sg_store.h — SimGrid's routes kept as pieces, not as the route of every
 * host pair (docs/simgrid.md, "Routes without the all-pairs store"): the
 * stream of rmi_sg_child_extract_pieces (topo/io/sg_loader.h) decoded, and
 * a route put together from it the way SimGrid 3.32 does
 * (NetZoneImpl::get_global_route): the common ancestor zone's local route
 * between the two child zones with its gateways, the routes to and from the
 * gateways, a star zone's member links UP then DOWN with a link met twice
 * taken once. Memory O(pieces): linear in the hosts for a hierarchy of
 * clusters. The reader keeps it above RM_SIMGRID_PAIRS_MAX hosts
 * (rm_platform.fixed_pieces, topo/io/simgrid.c); tests/test_sg_store.c
 * checks it against the all-pairs table, every pair, and
 * tests/test_sg_pieces_map.c the mappings on both.
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


/* A fat-tree zone's structure (SimGrid 3.32's FatTreeZone, a PGFT of
 * Zahavi's d-mod-k routing): its local route between two members is found
 * from it the way SimGrid does (FatTreeZone::get_local_route), O(levels)
 * links, instead of kept per pair. Nodes in SimGrid's order (the compute
 * nodes, then the switches level by level). */
typedef struct rmi_sg_ft {
    int zone, levels;
    int *C, *P, *K;          /* levels each: children, parents, parallel links */
    int nn;                  /* nodes */
    int *level, *pos, *lim;  /* nn: level (0: compute node), position, limiter link (-1) */
    int *label;              /* nn x levels */
    int *par0, *ch0;         /* nn + 1: offsets into up_* and dn_* */
    int *up_l, *up_n;        /* a node's parents in port order: up link, upper node (-1) */
    int *dn_l, *dn_n;        /* its children: down link, lower node (-1) */
} rmi_sg_ft;

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
    int n_routers; /* SimGrid's own routers */
    int nft;       /* version 3: fat-tree zones */
    rmi_sg_ft *ft;
    int *zft;      /* Z: the zone's fat-tree, -1 (NULL: none) */
    int *npft;     /* P: a member's node in its zone's fat-tree, -1 */
    int *ftgs, *ftgd; /* P: that member's gateways (netpoints, -1) */
    /* version 3: factored zones (SimGrid's dragonflies): the local route
     * s -> d is piece fzu[s], then piece fzmid[zfz[zone]][cls s x nc + cls d]
     * (empty on one router), then piece fzd[d] */
    int nfz;
    int *zfz;      /* Z: the zone's factored index, -1 (NULL: none) */
    int *fznc;     /* nfz: classes (routers) */
    int **fzmid;   /* nfz: nc x nc pieces */
    int *fzc, *fzu, *fzd; /* P: a member's class, up and down pieces (-1) */
} rmi_sg_store;

/** Decode the stream d (n bytes) into st (zeroed first). RM_OK; RM_EINPUT
 *  with the child's "ERR!" message, RM_ELIMIT on "LIM!"; RM_EINTERNAL for a
 *  malformed stream; RM_ENOMEM. O(n). */
rm_status rmi_sg_store_decode(const unsigned char *d, size_t n, rmi_sg_store *st, rm_error *err,
                              const char *shown);

void rmi_sg_store_free(rmi_sg_store *st);

/** The route from host s to host d (host indices, s != d): its link
 *  indices (rmi_sg_store.lname) into links (room for cap) in SimGrid's
 *  order, its latency (s) into *lat (NULL: not summed). Returns the number of links; -1 when
 *  the pieces give no route (a piece missing: SimGrid has none), -2 when cap
 *  is too small. O(depth + route length^2) (a star's shared backbone is
 *  looked for in the links UP; a fat-tree's walk is O(levels^2)).
 *  Thread-safe (reads only). */
int rmi_sg_store_route(const rmi_sg_store *st, int s, int d, int *links, int cap, double *lat);

/** The middle of the route between hosts s and d (host indices) of two
 *  zones neither of which holds the other: the local route of their
 *  common ancestor between its two child zones that hold them (links into
 *  links, room for cap, SimGrid's order), its gateways into *gs, *gd
 *  (netpoints). The route s -> d is then the gateway route s -> *gs (none
 *  when s is *gs), these links, the gateway route *gd -> d, concatenated
 *  (SimGrid 3.32's NetZoneImpl::get_global_route): all three depend on s's
 *  and d's zones only. Returns the count; -1 when the pieces give no such
 *  route, -2 when cap is too small, -3 when s and d lie in one zone or one
 *  zone holds the other. O(depth + route length^2). Thread-safe. */
int rmi_sg_store_middle(const rmi_sg_store *st, int s, int d, int *links, int cap, int *gs, int *gd);

/** The piece of the gateway route a -> b (netpoints, a != b; links at
 *  st->pl + st->pc[k].off), -1 none. O(1). Thread-safe. */
int rmi_sg_store_gw_piece(const rmi_sg_store *st, int a, int b);

/** What rmi_sg_ft_rects hands on: store link `link` is crossed by the
 *  routes from every host of a set S of the caller's hosts (n of them, the
 *  least min, the only one sole when n = 1, else -1) to the caller's host
 *  d (not in S). */
typedef void (*rmi_sg_ft_fn)(void *ctx, int n, int min, int sole, int d, int link);

/** The routes between the members of fat-tree f, destination by
 *  destination, without composing each pair: node[i] is the caller's host
 *  i's compute node in f (H hosts, distinct). For each d, the routes
 *  x -> d of every other host x form a tree (the parent each switch takes
 *  depends on d only, SimGrid 3.32's FatTreeZone::get_local_route as
 *  ft_local reads it): the sources are gathered switch by switch upwards,
 *  and every link of every such route is handed to fn with the sources
 *  whose route to d crosses it there (a link may come in several calls:
 *  their union is the set). Parallel cables: the cable a down step takes
 *  depends on the source's position modulo the level's cable count K, so
 *  the sources at a node are gathered in M groups (M the least common
 *  multiple of the counts, at most 64). Returns 1 done; 0 when f is not of
 *  the form read here (M above 64, nodes out of level order, a structure on
 *  which ft_local gives no route, or a down walk leaving d's subtree; fn
 *  may have been called: the caller discards what it gathered), -1 out of
 *  memory. Exactly the links rmi_sg_store_route gives for every pair of a
 *  platform whose kept hosts are f's zone's members.
 *  O(H x (M nodes + links x levels)), O(M nodes) memory. Thread-safe
 *  (reads st and f). */
int rmi_sg_ft_rects(const rmi_sg_store *st, const rmi_sg_ft *f, const int *node, int H, rmi_sg_ft_fn fn,
                    void *ctx);

/** What every ordered pair of the kept hosts' routes holds, found zone
 *  pair by zone pair without composing every pair (a cluster's members
 *  share their gateway's pieces): miss_s -> miss_d a kept pair without a
 *  route (-1: none); twice_s -> twice_d a kept pair whose route crosses
 *  link twice_l twice (-1: none); every[l] (L entries, caller frees) 1
 *  when every kept pair's route crosses link l (the shared-resource bound,
 *  heur/bounds/res_bound.h); max_links an upper bound of a route's links. */
typedef struct rmi_sg_survey {
    int miss_s, miss_d;
    int twice_s, twice_d, twice_l;
    char *every;
    int max_links;
} rmi_sg_survey;

/** The survey of the routes between the hosts h with alive[h] (H
 *  entries). A fat-tree zone's own pairs come from its destination walk
 *  (rmi_sg_ft_rects' walk, with its links' route counts) when no route can
 *  cross a link twice by the tree's structure; a zone the walk does not
 *  apply to is composed pair by pair. 0, -1 out of memory.
 *  O(H x Zh x R + sum over the fat-tree zones of their size x nodes + sum
 *  over the other zones that are not stars of their squared size x R): Zh
 *  zones holding hosts, R a route's links. Thread-safe (reads st only). */
int rmi_sg_store_survey(const rmi_sg_store *st, const char *alive, rmi_sg_survey *sv);

/** The store's links in the order the all-pairs reader numbers them (the
 *  first use by the routes of the kept hosts, h with alive[h], in
 *  row-major pair order; the links no such route crosses last):
 *  lorig[k] = the store link numbered k, lpos its inverse (L entries each).
 *  SharedRing breaks its ties by resource index: the same order gives the
 *  same rings as the table. Without composing every pair: each link's
 *  first pair is kept, then the links sorted by it and by their place on
 *  its route; a block of pairs (source zone, destination zone) whose middle
 *  and destination side are all seen contributes its first destination
 *  only; a fat-tree zone's own pairs come from its destination walk (the
 *  least source whose route to each destination crosses each link).
 *  *n_used (may be NULL): the links some such route crosses (numbered
 *  0..*n_used-1, the table's links). 0, -1 out of memory.
 *  O(H x (Zh log Zh + R) + L log L) plus a fat-tree zone's size x nodes
 *  plus the pairs of the other zones that are not stars; Zh^2 bytes.
 *  Thread-safe (reads st only). */
int rmi_sg_store_link_order(const rmi_sg_store *st, const char *alive, int *lorig, int *lpos,
                            int *n_used);

/** 1 (the default): rmi_sg_store_survey and rmi_sg_store_link_order read a
 *  fat-tree zone's own pairs from its destination walk; 0 (tests only):
 *  every pair composed, to compare the two. Not thread-safe to change. */
extern int rmi_sg_store_ft_walk;

/** The routes a SimGrid platform of more hosts than the all-pairs table
 *  is kept for holds as pieces (rm_platform.fixed_pieces; built by
 *  topo/io/simgrid.c, read by rmi_fixed_route_arcs_at, topo/network.c).
 *  The platform's nodes: the kept hosts 0..n_hosts-1, then each platform
 *  link l < st.L (store link lorig) as its entry n_hosts + 2l and exit
 *  n_hosts + 2l + 1, then one hub node; connection links (unlimited,
 *  backbone) from conn0: host i to the hub conn0 + 2i, the hub to host i
 *  conn0 + 2i + 1, the hub to link l's entry conn0 + 2 n_hosts + 2l, link
 *  l's exit to the hub conn0 + 2 n_hosts + 2l + 1. A route of R links is
 *  then 3R + 2 arcs with SimGrid's links in SimGrid's order. */
struct rm_fixed_pieces {
    rmi_sg_store st;
    int n_hosts;   /* kept hosts */
    int *st_host;  /* n_hosts: platform host position -> store host */
    int *lpos;     /* st.L: store link -> platform link (the table's order:
                      first use by the routes in row-major host pair order) */
    char *every;   /* the platform's n_links: every route crosses the link
                      (rmi_sg_survey.every; 0 for the connection links) */
    int hub, conn0;
    int max_arcs;  /* the longest route's arcs (an upper bound) */
    int n_used;    /* platform links 0..n_used-1: those a kept pair's route
                      crosses (the all-pairs table's links) */
};

/** Frees fp and what it holds (NULL: nothing). */
void rmi_fixed_pieces_free(struct rm_fixed_pieces *fp);

/** Bytes the pieces take (the store's size, for the tables). O(1). */
size_t rmi_sg_store_bytes(const rmi_sg_store *st);

#endif
