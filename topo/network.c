/*
 * network.c — the network seen by routing and bandwidth sharing (seed 001
 * §2.4, §4.4.2): arcs (directed uses of links) and resources (capacity
 * constraints) in half or full duplex, routes, widest (maximum-bottleneck)
 * paths on the full or residual network with our own widest-path Dijkstra
 * (topo/widest.c; igraph's is kept as the reference, rm_widest_tree_igraph),
 * and SliceRing's complete-graph capacity matrix (§2.2, §5.2.1).
 *
 * The network keeps in priv a CSR adjacency of the usable arcs with a heap
 * (topo/widest.h), a directed igraph graph of the usable arcs (an edge->arc
 * map, for the reference implementation) and scratch vectors reused by
 * every routing call, so that the O(p^3) calls of SharedRing do not rebuild
 * or allocate anything. Consequence: the
 * routing functions taking a `const rm_network *` still write the scratch
 * space in priv — a network is NOT thread-safe; give each thread its own
 * (rm_network_init is O(N + E)).
 */
#include "ringmap.h"
#include "topo/igraph_guard.h"
#include "topo/widest.h"

#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Private routing state of a network. */
typedef struct rm_netpriv {
    igraph_t g;                  /* directed graph of usable arcs (vertex = node index) */
    int n_edges;                 /* edges of g = usable arcs */
    int *edge_arc;               /* n_edges: igraph edge -> arc */
    igraph_vector_t weights;     /* scratch: arc widths for one Dijkstra */
    igraph_vector_int_t parents; /* scratch: parents in the widest-path tree */
    igraph_vector_int_t inbound; /* scratch: tree edges */
    double *width;               /* scratch: n_nodes widths */
    int *arc;                    /* scratch: n_nodes tree arcs */
    int *stack;                  /* scratch: n_nodes */
    rm_widest_csr csr;           /* CSR adjacency + heap of our own Dijkstra */
} rm_netpriv;

static void priv_free(rm_netpriv *pv, int has_graph)
{
    if (!pv)
        return;
    if (has_graph)
        igraph_destroy(&pv->g);
    igraph_vector_destroy(&pv->weights);
    igraph_vector_int_destroy(&pv->parents);
    igraph_vector_int_destroy(&pv->inbound);
    free(pv->edge_arc);
    free(pv->width);
    free(pv->arc);
    free(pv->stack);
    rm_widest_csr_free(&pv->csr);
    free(pv);
}

rm_status rm_network_init(rm_network *net, const rm_platform *p, rm_duplex duplex, rm_error *err)
{
    memset(net, 0, sizeof *net);
    if (!p)
        return rm_error_set(err, RM_EINPUT, "no platform");
    if (duplex != RM_DUPLEX_HALF && duplex != RM_DUPLEX_FULL)
        return rm_error_set(err, RM_EINPUT, "unknown duplex model %d", (int)duplex);
    int L = p->n_links, N = p->n_nodes;
    int full = duplex == RM_DUPLEX_FULL && !p->directed;
    net->platform = p;
    net->duplex = duplex;
    net->n_arcs = 2 * L;
    net->n_res = full ? 2 * L : L;
    size_t na = (size_t)net->n_arcs + 1, nr = (size_t)net->n_res + 1;
    net->arc_link = malloc(na * sizeof(int));
    net->arc_tail = malloc(na * sizeof(int));
    net->arc_head = malloc(na * sizeof(int));
    net->arc_res = malloc(na * sizeof(int));
    net->res_cap = malloc(nr * sizeof(double));
    net->res_backbone = malloc(nr * sizeof(int));
    net->res_link = malloc(nr * sizeof(int));
    rm_netpriv *pv = calloc(1, sizeof *pv);
    if (!net->arc_link || !net->arc_tail || !net->arc_head || !net->arc_res || !net->res_cap ||
        !net->res_backbone || !net->res_link || !pv) {
        free(pv);
        rm_network_destroy(net);
        return rm_error_set(err, RM_ENOMEM, "out of memory building the network");
    }
    for (int l = 0; l < L; l++) {
        const rm_link *e = &p->links[l];
        for (int d = 0; d < 2; d++) {
            int a = 2 * l + d;
            net->arc_link[a] = l;
            net->arc_tail[a] = d ? e->target : e->source;
            net->arc_head[a] = d ? e->source : e->target;
            if (p->directed)
                net->arc_res[a] = d ? -1 : l;
            else
                net->arc_res[a] = full ? a : l;
        }
    }
    for (int r = 0; r < net->n_res; r++) {
        int l = full ? r / 2 : r;
        net->res_link[r] = l;
        net->res_cap[r] = p->links[l].bandwidth;
        net->res_backbone[r] = p->links[l].backbone ? 1 : 0;
    }

    /* the routing graph: one igraph edge per usable arc */
    int n_usable = 0;
    for (int a = 0; a < net->n_arcs; a++)
        n_usable += net->arc_res[a] >= 0;
    pv->n_edges = n_usable;
    pv->edge_arc = malloc(((size_t)n_usable + 1) * sizeof(int));
    pv->width = malloc(((size_t)N + 1) * sizeof(double));
    pv->arc = malloc(((size_t)N + 1) * sizeof(int));
    pv->stack = malloc(((size_t)N + 1) * sizeof(int));
    int ok = pv->edge_arc && pv->width && pv->arc && pv->stack;
    int vinit = 0, has_graph = 0;
    rm_igraph_guard guard;
    rm_igraph_guard_begin(&guard);
    /* no attribute handler: the routing graph carries no attributes */
    const igraph_attribute_table_t *old_table = igraph_set_attribute_table(NULL);
    igraph_vector_int_t edges;
    if (ok && igraph_vector_int_init(&edges, 2 * (igraph_integer_t)n_usable) == IGRAPH_SUCCESS) {
        int k = 0;
        for (int a = 0; a < net->n_arcs; a++) {
            if (net->arc_res[a] < 0)
                continue;
            pv->edge_arc[k] = a;
            VECTOR(edges)[2 * k] = net->arc_tail[a];
            VECTOR(edges)[2 * k + 1] = net->arc_head[a];
            k++;
        }
        has_graph = igraph_create(&pv->g, &edges, N, IGRAPH_DIRECTED) == IGRAPH_SUCCESS;
        igraph_vector_int_destroy(&edges);
    }
    if (igraph_vector_init(&pv->weights, n_usable) == IGRAPH_SUCCESS)
        vinit |= 1;
    if (igraph_vector_int_init(&pv->parents, N) == IGRAPH_SUCCESS)
        vinit |= 2;
    if (igraph_vector_int_init(&pv->inbound, N) == IGRAPH_SUCCESS)
        vinit |= 4;
    igraph_set_attribute_table(old_table);
    rm_igraph_guard_end(&guard);
    int csr_ok = ok && rm_widest_csr_init(&pv->csr, net) == 0;
    if (!ok || !has_graph || vinit != 7 || !csr_ok) {
        if (has_graph)
            igraph_destroy(&pv->g);
        if (vinit & 1)
            igraph_vector_destroy(&pv->weights);
        if (vinit & 2)
            igraph_vector_int_destroy(&pv->parents);
        if (vinit & 4)
            igraph_vector_int_destroy(&pv->inbound);
        free(pv->edge_arc);
        free(pv->width);
        free(pv->arc);
        free(pv->stack);
        rm_widest_csr_free(&pv->csr);
        free(pv);
        rm_network_destroy(net);
        return rm_error_set(err, RM_ENOMEM, "out of memory building the routing graph");
    }
    net->priv = pv;
    return RM_OK;
}

void rm_network_destroy(rm_network *net)
{
    if (!net)
        return;
    if (net->priv) {
        const igraph_attribute_table_t *old_table = igraph_set_attribute_table(NULL);
        priv_free(net->priv, 1);
        igraph_set_attribute_table(old_table);
    }
    free(net->arc_link);
    free(net->arc_tail);
    free(net->arc_head);
    free(net->arc_res);
    free(net->res_cap);
    free(net->res_backbone);
    free(net->res_link);
    memset(net, 0, sizeof *net);
}

/* ---------------------------------------------------------------------- */
/* routes                                                                   */
/* ---------------------------------------------------------------------- */

void rm_route_clear(rm_route *r)
{
    if (!r)
        return;
    free(r->arcs);
    r->arcs = NULL;
    r->n_arcs = 0;
    r->bandwidth = 0.0;
}

/* Make room for n arcs (exact size). 0 on allocation failure. */
static int route_resize(rm_route *r, int n)
{
    if (n == 0) {
        free(r->arcs);
        r->arcs = NULL;
        r->n_arcs = 0;
        return 1;
    }
    int *a = realloc(r->arcs, (size_t)n * sizeof *a);
    if (!a)
        return 0;
    r->arcs = a;
    r->n_arcs = n;
    return 1;
}

rm_status rm_route_copy(rm_route *dst, const rm_route *src)
{
    if (dst == src)
        return RM_OK;
    if (!route_resize(dst, src->n_arcs))
        return RM_ENOMEM;
    if (src->n_arcs > 0)
        memcpy(dst->arcs, src->arcs, (size_t)src->n_arcs * sizeof *dst->arcs);
    dst->src = src->src;
    dst->dst = src->dst;
    dst->bandwidth = src->bandwidth;
    return RM_OK;
}

double rm_route_latency(const rm_network *net, const rm_route *r)
{
    double s = 0.0;
    for (int k = 0; k < r->n_arcs; k++)
        s += net->platform->links[net->arc_link[r->arcs[k]]].latency;
    return s;
}

/* ---------------------------------------------------------------------- */
/* widest paths                                                             */
/* ---------------------------------------------------------------------- */

/*
 * One widest-path Dijkstra from src (mode IGRAPH_OUT, or IGRAPH_IN when
 * reverse), stopping early once node `target` is settled (target < 0: all
 * nodes). Writes pv->width[v] (0 = unreachable through positive widths,
 * INFINITY at src) and pv->arc[v] (tree arc at v, -1 at src / unreachable)
 * for every node if target < 0, else at least along target's tree path.
 * O(E log N). The reference implementation (rm_widest_tree_igraph).
 */
static rm_status widest_core_igraph(const rm_network *net, const double *residual, int src, int reverse,
                                    int target, rm_error *err)
{
    rm_netpriv *pv = net->priv;
    const rm_platform *p = net->platform;
    int N = p->n_nodes;
    if (!pv)
        return rm_error_set(err, RM_EINTERNAL, "network not initialised");
    if (src < 0 || src >= N)
        return rm_error_set(err, RM_EINPUT, "widest path: source node %d not in 0..%d", src, N - 1);
    for (int e = 0; e < pv->n_edges; e++)
        VECTOR(pv->weights)[e] = rm_arc_width(net, residual, pv->edge_arc[e]);
    rm_igraph_guard guard;
    rm_igraph_guard_begin(&guard);
    igraph_error_t ie = igraph_get_widest_paths(&pv->g, NULL, NULL, src,
                                                target < 0 ? igraph_vss_all() : igraph_vss_1(target),
                                                &pv->weights, reverse ? IGRAPH_IN : IGRAPH_OUT,
                                                &pv->parents, &pv->inbound);
    rm_igraph_guard_end(&guard);
    if (ie != IGRAPH_SUCCESS)
        return rm_error_set(err, ie == IGRAPH_ENOMEM ? RM_ENOMEM : RM_EINTERNAL,
                            "widest path from node %d: igraph: %s", src, rm_igraph_last_error());
    /* widths along the tree: width[v] = min(width[parent], width(arc)) */
    const igraph_integer_t *par = VECTOR(pv->parents), *inb = VECTOR(pv->inbound);
    for (int v = 0; v < N; v++) {
        pv->width[v] = -1.0; /* unknown */
        pv->arc[v] = -1;
    }
    pv->width[src] = INFINITY;
    for (int v0 = 0; v0 < N; v0++) {
        if (pv->width[v0] >= 0.0)
            continue;
        int top = 0, v = v0;
        /* climb to a node of known width */
        while (pv->width[v] < 0.0) {
            if (inb[v] < 0 || par[v] < 0) { /* unreached */
                pv->width[v] = 0.0;
                break;
            }
            pv->stack[top++] = v;
            v = (int)par[v];
        }
        double wv = pv->width[v];
        while (top > 0) {
            int u = pv->stack[--top];
            int a = pv->edge_arc[inb[u]];
            double wa = VECTOR(pv->weights)[inb[u]];
            wv = wv < wa ? wv : wa;
            if (!(wv > 0.0))
                wv = 0.0;
            pv->width[u] = wv;
            pv->arc[u] = wv > 0.0 ? a : -1;
        }
    }
    /* a node whose parent is unreachable is unreachable too (width 0) */
    return RM_OK;
}

/*
 * Same contract as widest_core_igraph, with our own Dijkstra on the CSR
 * adjacency (rm_widest_csr_run: no allocation, deterministic tie-breaking
 * documented in topo/widest.h). O(E log N).
 */
static rm_status widest_core(const rm_network *net, const double *residual, int src, int reverse,
                             int target, rm_error *err)
{
    rm_netpriv *pv = net->priv;
    int N = net->platform->n_nodes;
    if (!pv)
        return rm_error_set(err, RM_EINTERNAL, "network not initialised");
    if (src < 0 || src >= N)
        return rm_error_set(err, RM_EINPUT, "widest path: source node %d not in 0..%d", src, N - 1);
    rm_widest_csr_run(&pv->csr, net, residual, src, reverse, target, pv->width, pv->arc);
    return RM_OK;
}

/* Copy the tree of the last widest_core* call into the caller's arrays. */
static void tree_out(const rm_network *net, double *width, int *in_arc)
{
    const rm_netpriv *pv = net->priv;
    int N = net->platform->n_nodes;
    if (width)
        memcpy(width, pv->width, (size_t)N * sizeof *width);
    if (in_arc)
        memcpy(in_arc, pv->arc, (size_t)N * sizeof *in_arc);
}

/* rm_widest_tree_igraph (topo/widest.h): igraph_get_widest_paths in mode OUT
 * (IN when reverse) with parents and inbound edges; widths recomputed along
 * the tree. Measured: 6 us per call on Geant2009 (34 nodes, 104 arcs), -O2. */
rm_status rm_widest_tree_igraph(const rm_network *net, const double *residual, int src, int reverse,
                                double *width, int *in_arc, rm_error *err)
{
    rm_status st = widest_core_igraph(net, residual, src, reverse, -1, err);
    if (st)
        return st;
    tree_out(net, width, in_arc);
    return RM_OK;
}

/* rm_widest_tree (ringmap.h): our own widest-path Dijkstra (topo/widest.c)
 * on the CSR adjacency built by rm_network_init; no allocation per call. */
rm_status rm_widest_tree(const rm_network *net, const double *residual, int src, int reverse,
                         double *width, int *in_arc, rm_error *err)
{
    rm_status st = widest_core(net, residual, src, reverse, -1, err);
    if (st)
        return st;
    tree_out(net, width, in_arc);
    return RM_OK;
}

/* Fill route with the tree path between src and dst (see rm_route_from_tree). */
static rm_status route_from_arcs(const rm_network *net, int src, int reverse, const int *in_arc, int dst,
                                 rm_route *route, rm_error *err)
{
    int N = net->platform->n_nodes;
    if (src < 0 || src >= N || dst < 0 || dst >= N)
        return rm_error_set(err, RM_EINPUT, "route: node %d or %d not in 0..%d", src, dst, N - 1);
    route->src = reverse ? dst : src;
    route->dst = reverse ? src : dst;
    if (src == dst) {
        route_resize(route, 0);
        route->bandwidth = INFINITY;
        return RM_OK;
    }
    /* count the hops (a tree path has at most N - 1 arcs: guards a corrupt tree) */
    int n = 0, v = dst;
    while (v != src) {
        int a = in_arc[v];
        if (a < 0 || a >= net->n_arcs || n >= N) {
            route_resize(route, 0);
            route->bandwidth = 0.0;
            return rm_error_set(err, RM_EINPUT, "route: node %s (index %d) is unreachable %s node %s (index %d)",
                                net->platform->nodes[dst].label, dst, reverse ? "towards" : "from",
                                net->platform->nodes[src].label, src);
        }
        v = reverse ? net->arc_head[a] : net->arc_tail[a];
        n++;
    }
    if (!route_resize(route, n))
        return rm_error_set(err, RM_ENOMEM, "out of memory for a route of %d arcs", n);
    v = dst;
    for (int k = 0; k < n; k++) {
        int a = in_arc[v];
        /* forward tree: arcs collected from dst back to src -> fill from the end;
         * reverse tree: arcs collected from dst (the route's start) onwards */
        route->arcs[reverse ? k : n - 1 - k] = a;
        v = reverse ? net->arc_head[a] : net->arc_tail[a];
    }
    route->bandwidth = 0.0;
    return RM_OK;
}

/*
 * rm_route_from_tree (ringmap.h): the tree path between src and dst. With
 * reverse = 0 the route goes src -> dst (route->src = src); with reverse = 1
 * the tree holds paths TO src, and the route is the one it holds: dst -> src
 * (route->src = dst, route->dst = src). route->bandwidth is left 0
 * (unassigned; the width is in the tree's width array), INFINITY when
 * src == dst. O(N).
 */
rm_status rm_route_from_tree(const rm_network *net, int src, int reverse, const int *in_arc, int dst,
                             rm_route *route, rm_error *err)
{
    return route_from_arcs(net, src, reverse, in_arc, dst, route, err);
}

/* rm_widest_route (ringmap.h): one widest-path Dijkstra from src that stops
 * as soon as dst is settled. O(E log N). */
rm_status rm_widest_route(const rm_network *net, const double *residual, int src, int dst, rm_route *route,
                          rm_error *err)
{
    int N = net->platform->n_nodes;
    if (src < 0 || src >= N || dst < 0 || dst >= N)
        return rm_error_set(err, RM_EINPUT, "widest route: node %d or %d not in 0..%d", src, dst, N - 1);
    route->src = src;
    route->dst = dst;
    if (src == dst) {
        route_resize(route, 0);
        route->bandwidth = INFINITY;
        return RM_OK;
    }
    rm_status st = widest_core(net, residual, src, 0, dst, err);
    if (st)
        return st;
    const rm_netpriv *pv = net->priv;
    if (!(pv->width[dst] > 0.0)) {
        route_resize(route, 0);
        route->bandwidth = 0.0;
        return RM_OK;
    }
    if ((st = route_from_arcs(net, src, 0, pv->arc, dst, route, err)))
        return st;
    route->bandwidth = pv->width[dst];
    return RM_OK;
}

/* rm_capacity_matrix (ringmap.h): one full-capacity widest tree per host.
 * O(H E log N). */
rm_status rm_capacity_matrix(const rm_network *net, double *bw, rm_error *err)
{
    const rm_platform *p = net->platform;
    int H = p->n_hosts;
    for (int i = 0; i < H; i++) {
        rm_status st = widest_core(net, NULL, p->hosts[i], 0, -1, err);
        if (st)
            return st;
        const rm_netpriv *pv = net->priv;
        for (int j = 0; j < H; j++)
            bw[(size_t)i * H + j] = i == j ? INFINITY : pv->width[p->hosts[j]];
    }
    return RM_OK;
}
