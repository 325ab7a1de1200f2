/*
 * widest.h — internal interface of our own widest (maximum-bottleneck)
 * path trees (Legrand et al. 2004 §4.4.2): a CSR adjacency of the usable arcs of a
 * network and an indexed binary max-heap, both allocated once (in
 * rm_network_init) so that the O(p^2)..O(p^3) widest-path calls of
 * SharedRing allocate nothing. Also declares the igraph reference
 * implementation of rm_widest_tree, kept for cross-checks (tests/test_widest.c).
 */
#ifndef RM_TOPO_WIDEST_H
#define RM_TOPO_WIDEST_H

#include "ringmap/topo.h"

#include <float.h>

/* CSR adjacency of the usable arcs: built once, then only read (shared by
 * all threads routing on the network). */
typedef struct rm_widest_csr {
    int n_nodes;
    int *out_start; /* n_nodes + 1: out_arcs[out_start[v] .. out_start[v+1]) leave v */
    int *out_arcs;  /* usable arcs sorted by tail, increasing arc index within a node */
    int *in_start;  /* n_nodes + 1: in_arcs[in_start[v] .. in_start[v+1]) enter v */
    int *in_arcs;   /* usable arcs sorted by head, increasing arc index within a node */
    int *core;      /* n_core: the nodes that are not leaves, increasing */
    int *cout_start, *cout_arcs; /* as out_start/out_arcs, only the arcs to core nodes */
    int *cin_start, *cin_arcs;   /* as in_start/in_arcs, only the arcs from core nodes */
    int n_core;
    int *leaf_of;   /* n_nodes: u when every usable arc of v goes to or comes from one
                       other node u (a leaf: a host on its access link), else -1 */
} rm_widest_csr;

/* The scratch space of one routing call (a workspace): the widest-path tree
 * (width, arc), the heap of the Dijkstra and a stack. A network keeps a pool
 * of them (topo/network.c): each routing call takes one for its duration,
 * so calls from several threads on one `const rm_network` never share
 * scratch; one thread reuses the same workspace (no allocation per call). */
typedef struct rm_route_ws {
    struct rm_route_ws *next; /* the pool's free list */
    double *width;            /* n_nodes */
    int *arc;                 /* n_nodes */
    int *stack;               /* n_nodes */
    int *heap;                /* n_nodes: the binary max-heap of nodes */
    int *pos;                 /* n_nodes: heap position, -1 = not reached, -2 = settled */
} rm_route_ws;

/* A workspace for n_nodes nodes; NULL when out of memory. O(N). */
rm_route_ws *rmi_route_ws_new(int n_nodes);

/* Free a workspace (NULL is fine). */
void rmi_route_ws_free(rm_route_ws *w);

/* Width of usable arc a: the residual bandwidth of its resource (full
 * capacity when residual is NULL or the resource is a backbone). Widths
 * <= 0 (or NaN) become 0: the arc is unusable. +inf becomes DBL_MAX (as
 * igraph, which ignores edges of infinite weight, needs). O(1). */
static inline double rm_arc_width(const rm_network *net, const double *residual, int a)
{
    int r = net->arc_res[a];
    double x = (residual && !net->res_backbone[r]) ? residual[r] : net->res_cap[r];
    if (!(x > 0.0))
        return 0.0;
    return x > DBL_MAX ? DBL_MAX : x;
}

/* Build the CSR adjacency of net's usable arcs (arc_res >= 0). Returns 0
 * on success, -1 when out of memory (c is then freed). O(N + A). */
int rmi_widest_csr_init(rm_widest_csr *c, const rm_network *net);

/* Release what rmi_widest_csr_init allocated (c may be zeroed). */
void rmi_widest_csr_free(rm_widest_csr *c);

/*
 * Widest-path Dijkstra from src on the CSR (out-arcs; in-arcs when reverse:
 * paths TO src). Writes width[v] (0 = unreachable through arcs of positive
 * width, INFINITY at src) and arc[v] (tree arc entering v — leaving v when
 * reverse —, -1 at src and unreachable nodes). target >= 0 stops as soon as
 * target is settled: then only settled nodes (target and its tree path
 * included) have final values. src must be a valid node index.
 * Tie-breaking (deterministic): the heap pops the widest node, the smallest
 * node index among equal widths; a node's tree arc is replaced only by a
 * strictly wider one, so it is the first arc reaching the final width, in
 * settling order then CSR (arc index) order. A full tree (target < 0)
 * searches only the non-leaf nodes (and src) and fills each leaf v from its
 * node u afterwards (width min(width[u], arc width), the first widest arc in
 * CSR order): a leaf relaxes only u, settled before it, so the other nodes'
 * pops, widths and arcs are those of the search of every node, and the
 * result is identical (O(core log core + N) on a cluster). One route
 * (target >= 0) searches no leaf but target (and src), for the same reason:
 * target's width and tree path are those of the search of every node; the
 * other leaves keep width 0. No allocation; writes only
 * ws->heap, ws->pos, width and arc (thread-safe with distinct workspaces).
 * O(A log N).
 */
void rmi_widest_csr_run(const rm_widest_csr *c, rm_route_ws *ws, const rm_network *net,
                       const double *residual, int src, int reverse, int target, double *width,
                       int *arc);

/* target value of rmi_widest_csr_run: a full tree whose leaves are neither
 * initialised nor filled (rmi_widest_csr_leaf fills one on demand). */
#define RM_WIDEST_CORE (-2)

/* Fill leaf v (not src) of a tree of rmi_widest_csr_run(..., RM_WIDEST_CORE)
 * on the same residual: width[v], arc[v] as the full tree has them. A node
 * that is not a leaf, or src, is left as it is. O(deg v). */
void rmi_widest_csr_leaf(const rm_widest_csr *c, const rm_network *net, const double *residual,
                        int src, int reverse, int v, double *width, int *arc);

/* Internal (ring/ uses it on the fast path): the widest-path tree of
 * rm_widest_tree computed into width/in_arc directly, leaves left out
 * (neither written nor valid until rmi_widest_tree_leaf fills them); the
 * core nodes and src are valid. O(core log core + arcs of the core). */
rm_status rmi_widest_tree_core(const rm_network *net, const double *residual, int src, int reverse,
                              double *width, int *in_arc, rm_error *err);

/* The core nodes (not leaves) of net's routing graph, increasing; *n their
 * count. Read-only, valid while net is. O(1). */
const int *rmi_widest_core_nodes(const rm_network *net, int *n);

/* Fill leaf v of a tree of rmi_widest_tree_core (same residual, src,
 * reverse). O(deg v). */
void rmi_widest_tree_leaf(const rm_network *net, const double *residual, int src, int reverse, int v,
                         double *width, int *in_arc);

/*
 * Reference implementation of rm_widest_tree (same contract, ringmap.h)
 * with igraph_get_widest_paths: kept to cross-check our own Dijkstra. Widths
 * are identical (the maximum bottleneck is unique); among equally wide
 * paths the tree may differ. Errors: RM_EINPUT, RM_ENOMEM, RM_EINTERNAL.
 * O(A log N) plus igraph's per-call incidence-list construction; the first
 * call on a network also builds its igraph graph (O(N + A)), kept until
 * rm_network_destroy. Thread-safe: serialised by the library's igraph mutex
 * (topo/igraph_guard.h), build included.
 */
rm_status rm_widest_tree_igraph(const rm_network *net, const double *residual, int src, int reverse,
                                double *width, int *in_arc, rm_error *err);

/* Arcs of the platform's fixed route from node a to node b (both hosts;
 * rm_platform.fixed_route_*) into arcs[] (capacity cap): the count, 0 when
 * the file fixes no route between them (or a or b is not a host, or the
 * route crosses a link too slow for the model, topo/io/unusable.h), -1 when
 * the route is not a walk of usable arcs from a to b (it may cross a link
 * twice: a SimGrid WIFI access point). O(len + log H). Thread safety: reentrant (net is only read). */
int rmi_fixed_route_arcs(const rm_network *net, int a, int b, int *arcs, int cap);

/** rmi_fixed_route_arcs between the hosts of indices ia and ib
 *  (rm_platform.hosts; 0 when either is not a host index). O(len). */
int rmi_fixed_route_arcs_at(const rm_network *net, int ia, int ib, int *arcs, int cap);

/** For a platform whose fixed routes are kept as pieces
 *  (rm_platform.fixed_pieces): 1 when every kept host lies in one star zone
 *  of SimGrid (a <cluster>: its members' links UP and DOWN, a shared
 *  backbone), every host has both pieces and every arc they give is
 *  usable, so that every route s -> d (s != d) is rmi_fixed_route_side(s,
 *  0) then rmi_fixed_route_side(d, 1) less the SimGrid links already met
 *  (SimGrid 3.32's StarZone::get_local_route; topo/io/sg_store.c); 0
 *  otherwise (any other platform). O(H x piece length). Thread-safe. */
int rmi_fixed_route_star(const rm_network *net);

/** For a platform with rmi_fixed_route_star: host index ia's arcs on the
 *  routes leaving it (side 0: the host to the hub, then each link UP as
 *  hub -> entry, link, exit -> hub) or entering it (side 1: each link DOWN
 *  likewise, then the hub to the host) into arcs (room for cap): their
 *  count, -1 when cap is too small or ia is not a host index. O(length).
 *  Thread-safe. */
int rmi_fixed_route_side(const rm_network *net, int ia, int side, int *arcs, int cap);

/** The fixed routes of a SimGrid zone hierarchy of clusters kept as pieces
 *  (rm_platform.fixed_pieces), in two levels: every kept host is a member
 *  of a star zone (a <cluster>; its block), and the route s -> d is
 *  - in one block: U(s) then D(d), the SimGrid links already met taken
 *    once (rmi_fixed_zones_part kinds 0 and 1; SimGrid 3.32's
 *    StarZone::get_local_route);
 *  - across blocks A -> B: the out part of s for A's gateway slot of B
 *    (the host to the hub, then the gateway route s -> gs; kind 2), the
 *    middle route of (A, B) (mid), the in part of d for B's gateway slot
 *    of A (the gateway route gd -> d, then the hub to the host; kind 3),
 *    concatenated (NetZoneImpl::get_global_route: the gateways and the
 *    middle depend on the two zones only; rmi_sg_store_middle).
 *  Every arc these give is usable and every route fits in n_links + 1
 *  arcs, so that the route rmi_fixed_route_arcs_at reads is exactly this
 *  composition. Blocks are numbered by their first host index; the
 *  gateway slots of a block by first use (B, then A, increasing). */
typedef struct rmi_fixed_zones {
    int H, C;        /* kept hosts; blocks */
    int *blk;        /* H: host index -> block */
    int *bfirst;     /* C: the block's first host index */
    int *bsize;      /* C: its hosts */
    int *mid_off;    /* C x C + 1: the middle arcs of A -> B at mid[mid_off[A C + B] ..
                        mid_off[A C + B + 1]) (none when A = B) */
    int *mid;
    int *slot;       /* 2 C x C: [2 (A C + B)] A's out slot for B, [2 (A C + B) + 1] B's in slot
                        for A (-1 when A = B) */
    int *gw_off;     /* 2 C + 1: block A's out gateways (netpoints of the pieces' store) at
                        gw[gw_off[2 A] .. gw_off[2 A + 1]), its in gateways up to gw_off[2 A + 2] */
    int *gw;
    int max_arcs;    /* the longest route's arcs (a bound) */
    int fact;        /* 1: built by rmi_fixed_zones_factored (see there) */
} rmi_fixed_zones;

/** Builds fz for net's platform: 1 when its fixed routes have the two-level
 *  form above (every piece present, every arc usable, at most 1,024
 *  blocks), 0 when not (fz left empty: the routes must be read pair by
 *  pair), -1 out of memory. O(H x depth x R + C^2 x (depth + R^2)) for
 *  routes of R links, C blocks. Thread-safe (reads net). */
int rmi_fixed_zones_build(const rm_network *net, rmi_fixed_zones *fz);

/** Builds fz for a platform whose kept hosts are the members of one
 *  SimGrid zone kept factored (a dragonfly, topo/io/sg_store.h: the local
 *  route s -> d is s's up piece, the path between their two routers, d's
 *  down piece; DragonflyZone::get_local_route), in the form above with
 *  fact = 1: the blocks are the routers (by first host index), each with
 *  one out slot (the host to the hub, then its up piece: kind 2, k = 0)
 *  and one in slot (its down piece, then the hub to the host: kind 3),
 *  used for every route, in its block or not; the middle of (A, B) the
 *  routers' path (of (A, A): between two hosts of one router, often
 *  none); no kinds 0 and 1. So every route
 *  s -> d is the out part of s, the middle, the in part of d,
 *  concatenated, exactly as rmi_fixed_route_arcs_at reads it. 1 built, 0
 *  not this form (fz empty), -1 out of memory. O(H x R + C^2 x R) for
 *  pieces of R links and C routers holding hosts (at most 1,024).
 *  Thread-safe (reads net). */
int rmi_fixed_zones_factored(const rm_network *net, rmi_fixed_zones *fz);

/** Frees what fz holds (an empty fz is fine). */
void rmi_fixed_zones_free(rmi_fixed_zones *fz);

/** Host index ia's part (arcs into arcs, room for cap): kind 0 U(ia) and 1
 *  D(ia) (rmi_fixed_route_side 0 and 1; only for blocks of 2 hosts or
 *  more), kind 2 the out part for out slot k, kind 3 the in part for in
 *  slot k of ia's block. Returns the count, -1 when cap is too small or the
 *  part does not exist. O(length). Thread-safe. */
int rmi_fixed_zones_part(const rm_network *net, const rmi_fixed_zones *fz, int ia, int kind, int k,
                         int *arcs, int cap);

/** A set of host indices as the owner scans read it: its size, its least
 *  member, its only member when n = 1 (else -1). */
typedef struct rmi_host_set {
    int n, min, sole;
} rmi_host_set;

/** What rmi_fixed_rects hands on: the n arcs `arcs` are crossed by the
 *  fixed routes s -> d of every s in S and d in T (S and T disjoint, not
 *  empty). */
typedef void (*rmi_fixed_rect_fn)(void *ctx, rmi_host_set S, rmi_host_set T, const int *arcs, int n);

/** The fixed routes of a platform whose kept hosts are the compute nodes
 *  of one SimGrid fat-tree zone (rm_platform.fixed_pieces; parallel
 *  cables of counts whose least common multiple is at most 64), read as
 *  rectangles without composing every
 *  pair: fn is called with sets S x T and arcs such that every route
 *  s -> d (s != d) crosses the arcs of each call whose rectangle holds
 *  (s, d), and each arc the route crosses comes in such a call (an arc
 *  may come in several calls: the union of their rectangles is the set of
 *  routes crossing it). The arcs are those rmi_fixed_route_arcs_at gives
 *  (the host to the hub, each link from the hub and back, the hub to the
 *  host). Returns 1 done; 0 for any other platform, or a route that is not
 *  a walk of usable arcs (fn may have been called: the caller discards
 *  what it gathered and reads the routes pair by pair), -1 out of memory.
 *  O(H x (nodes + links x levels)) calls for a tree of that many nodes
 *  (topo/io/sg_store.h, rmi_sg_ft_rects). Thread-safe (reads net). */
int rmi_fixed_rects(const rm_network *net, rmi_fixed_rect_fn fn, void *ctx);

/** For a platform whose fixed routes are kept as pieces
 *  (rm_platform.fixed_pieces): per platform link (n_links entries), 1 when
 *  every kept host pair's route crosses it (found by the SimGrid reader zone
 *  pair by zone pair, topo/io/sg_store.h); NULL for any other platform.
 *  O(1). Thread-safe (read only). */
const char *rmi_fixed_route_every_link(const rm_platform *p);

#endif
