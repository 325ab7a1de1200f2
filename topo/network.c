/*
 * network.c — the network seen by routing and bandwidth sharing (Legrand et al. 2004
 * §2.4, §4.4.2): arcs (directed uses of links) and resources (capacity
 * constraints) in half or full duplex, routes, widest (maximum-bottleneck)
 * paths on the full or residual network with our own widest-path Dijkstra
 * (topo/route/widest.c; igraph's is kept as the reference, rm_widest_tree_igraph),
 * and SliceRing's complete-graph capacity matrix (§2.2, §5.2.1).
 *
 * The network keeps in priv a CSR adjacency of the usable arcs
 * (topo/route/widest.h), read-only after rm_network_init, and a pool of
 * routing workspaces (rm_route_ws: tree, heap, stack). The directed igraph
 * graph of the usable arcs (with an edge->arc map) that the reference
 * implementation needs is built on its first call only (ig_graph_get),
 * under the library's igraph mutex: rm_network_init touches no igraph
 * state. Each routing call takes a workspace from the pool for its
 * duration and gives it back, so that
 *  - one thread reuses one workspace: the O(p^3) calls of SharedRing
 *    allocate nothing (the first workspace is made by rm_network_init);
 *  - several threads may route on the same `const rm_network *` at once:
 *    each holds its own workspace (the pool grows to the number of
 *    concurrent calls); only the pool's free list is under a mutex.
 * The igraph reference (rm_widest_tree_igraph) runs under the library's
 * igraph mutex (topo/igraph_guard.h), with its igraph graph and scratch
 * vectors.
 */
#include "ringmap/topo.h"
#include "topo/args.h"
#include "topo/igraph_guard.h"
#include "topo/io/sg_store.h"
#include "topo/io/unusable.h"
#include "topo/route/widest.h"

#include <float.h>
#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

/* Private routing state of a network. */
typedef struct rm_netpriv {
    /* The igraph reference's graph and scratch, built by its first call
     * (ig_graph_get); every field of this group is read and written under
     * the library's igraph mutex only. */
    int ig_built;                /* 1: the fields below exist */
    igraph_t g;                  /* directed graph of usable arcs (vertex = node index) */
    int n_edges;                 /* edges of g = usable arcs */
    int *edge_arc;               /* n_edges: igraph edge -> arc */
    igraph_vector_t weights;     /* igraph scratch: arc widths */
    igraph_vector_int_t parents; /* igraph scratch: parents in the widest-path tree */
    igraph_vector_int_t inbound; /* igraph scratch: tree edges */
    rm_widest_csr csr;           /* CSR adjacency of our own Dijkstra (read-only) */
    pthread_mutex_t pool_lock;   /* guards pool */
    rm_route_ws *pool;           /* free workspaces (a stack) */
} rm_netpriv;

/* Take a workspace from the network's pool (a new one if the pool is
 * empty: another thread holds the others). NULL when out of memory. */
static rm_route_ws *ws_take(const rm_network *net)
{
    rm_netpriv *pv = net->priv;
    pthread_mutex_lock(&pv->pool_lock);
    rm_route_ws *w = pv->pool;
    if (w)
        pv->pool = w->next;
    pthread_mutex_unlock(&pv->pool_lock);
    return w ? w : rmi_route_ws_new(net->platform->n_nodes);
}

/* Give a workspace back to the pool. */
static void ws_give(const rm_network *net, rm_route_ws *w)
{
    rm_netpriv *pv = net->priv;
    pthread_mutex_lock(&pv->pool_lock);
    w->next = pv->pool;
    pv->pool = w;
    pthread_mutex_unlock(&pv->pool_lock);
}

rm_status rm_network_init(rm_network *net, const rm_platform *p, rm_duplex duplex, rm_error *err)
{
    if (!net)
        return rm_error_set(err, RM_EINVAL, "rm_network_init: net is NULL");
    memset(net, 0, sizeof *net);
    rm_status ast = rmi_platform_args_check(p, "rm_network_init", err); /* topo/args.h */
    if (ast)
        return ast;
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
            if (!rm_link_bw_usable(e->bandwidth))
                net->arc_res[a] = -1; /* too slow for the model: as absent (topo/io/unusable.h) */
            else if (p->directed)
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

    pv->pool = rmi_route_ws_new(N); /* the first workspace: one thread never allocates */
    int ok = pv->pool != NULL;
    int csr_ok = ok && rmi_widest_csr_init(&pv->csr, net) == 0;
    int lock_ok = pthread_mutex_init(&pv->pool_lock, NULL) == 0;
    if (!ok || !csr_ok || !lock_ok) {
        if (lock_ok)
            pthread_mutex_destroy(&pv->pool_lock);
        rmi_route_ws_free(pv->pool);
        rmi_widest_csr_free(&pv->csr);
        free(pv);
        rm_network_destroy(net);
        return rm_error_set(err, RM_ENOMEM, "out of memory building the routing graph");
    }
    net->priv = pv;
    return RM_OK;
}

/* The igraph reference's graph of net (one igraph edge per usable arc, in
 * arc order) and its scratch vectors, built on the first call. The caller
 * holds the igraph mutex (rmi_igraph_guard_begin), which serialises the
 * build and every later use. 0, or -1 out of memory (nothing kept: a later
 * call tries again). O(N + A) the first time, O(1) after. */
static int ig_graph_get(rm_netpriv *pv, const rm_network *net)
{
    if (pv->ig_built)
        return 0;
    int N = net->platform->n_nodes;
    int n_usable = 0;
    for (int a = 0; a < net->n_arcs; a++)
        n_usable += net->arc_res[a] >= 0;
    pv->n_edges = n_usable;
    pv->edge_arc = malloc(((size_t)n_usable + 1) * sizeof(int));
    int vinit = 0, has_graph = 0;
    /* no attribute handler: the routing graph carries no attributes */
    const igraph_attribute_table_t *old_table = igraph_set_attribute_table(NULL);
    igraph_vector_int_t edges;
    if (pv->edge_arc &&
        igraph_vector_int_init(&edges, 2 * (igraph_integer_t)n_usable) == IGRAPH_SUCCESS) {
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
    if (!has_graph || vinit != 7) {
        if (has_graph)
            igraph_destroy(&pv->g);
        if (vinit & 1)
            igraph_vector_destroy(&pv->weights);
        if (vinit & 2)
            igraph_vector_int_destroy(&pv->parents);
        if (vinit & 4)
            igraph_vector_int_destroy(&pv->inbound);
        igraph_set_attribute_table(old_table);
        free(pv->edge_arc);
        pv->edge_arc = NULL;
        return -1;
    }
    igraph_set_attribute_table(old_table);
    pv->ig_built = 1;
    return 0;
}

void rm_network_destroy(rm_network *net)
{
    if (!net)
        return;
    rm_netpriv *pv = net->priv;
    if (pv) {
        /* the caller's last use of net happens before (its contract), so
         * ig_built is read safely; igraph state only if the reference ran */
        if (pv->ig_built) {
            rmi_igraph_lock();
            const igraph_attribute_table_t *old_table = igraph_set_attribute_table(NULL);
            igraph_destroy(&pv->g);
            igraph_vector_destroy(&pv->weights);
            igraph_vector_int_destroy(&pv->parents);
            igraph_vector_int_destroy(&pv->inbound);
            igraph_set_attribute_table(old_table);
            rmi_igraph_unlock();
        }
        while (pv->pool) {
            rm_route_ws *w = pv->pool;
            pv->pool = w->next;
            rmi_route_ws_free(w);
        }
        pthread_mutex_destroy(&pv->pool_lock);
        free(pv->edge_arc);
        rmi_widest_csr_free(&pv->csr);
        free(pv);
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
    if (!dst || !src || src->n_arcs < 0 || (src->n_arcs > 0 && !src->arcs))
        return RM_EINVAL; /* argument check (no rm_error here: the status alone) */
    if (dst == src)
        return RM_OK;
    /* a route of the same length keeps its array (a ring's copies each step) */
    if ((dst->n_arcs != src->n_arcs || (src->n_arcs > 0 && !dst->arcs)) && !route_resize(dst, src->n_arcs))
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
    if (!net || !net->platform || !r || r->n_arcs < 0 || (r->n_arcs > 0 && !r->arcs))
        return NAN; /* an invalid argument, not a crash */
    double s = 0.0;
    for (int k = 0; k < r->n_arcs; k++) {
        if (r->arcs[k] < 0 || r->arcs[k] >= net->n_arcs)
            return NAN; /* an arc that does not exist */
        s += net->platform->links[net->arc_link[r->arcs[k]]].latency;
    }
    return s;
}

/* ---------------------------------------------------------------------- */
/* widest paths                                                             */
/* ---------------------------------------------------------------------- */

/*
 * One widest-path Dijkstra from src (mode IGRAPH_OUT, or IGRAPH_IN when
 * reverse) over all nodes. Writes ws->width[v] (0 = unreachable through
 * positive widths, INFINITY at src) and ws->arc[v] (tree arc at v, -1 at
 * src / unreachable). O(E log N). The reference implementation
 * (rm_widest_tree_igraph); the igraph graph (built by the first call) and
 * scratch vectors of the network are used under the igraph mutex (held
 * from building or filling them to reading them).
 */
static rm_status widest_core_igraph(const rm_network *net, rm_route_ws *ws, const double *residual,
                                    int src, int reverse, rm_error *err)
{
    rm_netpriv *pv = net->priv;
    const rm_platform *p = net->platform;
    int N = p->n_nodes;
    if (src < 0 || src >= N)
        return rm_error_set(err, RM_EINPUT, "widest path: source node %d not in 0..%d", src, N - 1);
    double *width = ws->width;
    int *arcv = ws->arc, *stack = ws->stack;
    rm_igraph_guard guard;
    rmi_igraph_guard_begin(&guard);
    if (ig_graph_get(pv, net)) {
        rmi_igraph_guard_end(&guard);
        return rm_error_set(err, RM_ENOMEM, "out of memory building the igraph routing graph");
    }
    for (int e = 0; e < pv->n_edges; e++)
        VECTOR(pv->weights)[e] = rm_arc_width(net, residual, pv->edge_arc[e]);
    igraph_error_t ie = igraph_get_widest_paths(&pv->g, NULL, NULL, src, igraph_vss_all(),
                                                &pv->weights, reverse ? IGRAPH_IN : IGRAPH_OUT,
                                                &pv->parents, &pv->inbound);
    if (ie != IGRAPH_SUCCESS) {
        rmi_igraph_guard_end(&guard);
        return rm_error_set(err, ie == IGRAPH_ENOMEM ? RM_ENOMEM : RM_EINTERNAL,
                            "widest path from node %d: igraph: %s", src, rmi_igraph_last_error());
    }
    /* widths along the tree: width[v] = min(width[parent], width(arc)) */
    const igraph_integer_t *par = VECTOR(pv->parents), *inb = VECTOR(pv->inbound);
    for (int v = 0; v < N; v++) {
        width[v] = -1.0; /* unknown */
        arcv[v] = -1;
    }
    width[src] = INFINITY;
    for (int v0 = 0; v0 < N; v0++) {
        if (width[v0] >= 0.0)
            continue;
        int top = 0, v = v0;
        /* climb to a node of known width */
        while (width[v] < 0.0) {
            if (inb[v] < 0 || par[v] < 0) { /* unreached */
                width[v] = 0.0;
                break;
            }
            stack[top++] = v;
            v = (int)par[v];
        }
        double wv = width[v];
        while (top > 0) {
            int u = stack[--top];
            int a = pv->edge_arc[inb[u]];
            double wa = VECTOR(pv->weights)[inb[u]];
            wv = wv < wa ? wv : wa;
            if (!(wv > 0.0))
                wv = 0.0;
            width[u] = wv;
            arcv[u] = wv > 0.0 ? a : -1;
        }
    }
    rmi_igraph_guard_end(&guard);
    /* a node whose parent is unreachable is unreachable too (width 0) */
    return RM_OK;
}

/* Check that net is initialised and src a node; take a workspace into *ws. */
static rm_status routing_begin(const rm_network *net, int src, rm_route_ws **ws, rm_error *err)
{
    *ws = NULL;
    if (!net || !net->priv)
        return rm_error_set(err, RM_EINTERNAL, "network not initialised");
    int N = net->platform->n_nodes;
    if (src < 0 || src >= N)
        return rm_error_set(err, RM_EINPUT, "widest path: source node %d not in 0..%d", src, N - 1);
    if (!(*ws = ws_take(net)))
        return rm_error_set(err, RM_ENOMEM, "out of memory for a routing workspace (%d nodes)", N);
    return RM_OK;
}

/* Copy the tree of a workspace into the caller's arrays. */
static void tree_out(const rm_network *net, const rm_route_ws *ws, double *width, int *in_arc)
{
    int N = net->platform->n_nodes;
    if (width)
        memcpy(width, ws->width, (size_t)N * sizeof *width);
    if (in_arc)
        memcpy(in_arc, ws->arc, (size_t)N * sizeof *in_arc);
}

/* rm_widest_tree_igraph (topo/route/widest.h): igraph_get_widest_paths in mode OUT
 * (IN when reverse) with parents and inbound edges; widths recomputed along
 * the tree. Measured: 6 us per call on Geant2009 (34 nodes, 104 arcs), -O2.
 * Thread-safe (serialised by the igraph mutex). */
rm_status rm_widest_tree_igraph(const rm_network *net, const double *residual, int src, int reverse,
                                double *width, int *in_arc, rm_error *err)
{
    rm_route_ws *ws;
    rm_status st = routing_begin(net, src, &ws, err);
    if (st)
        return st;
    if (!(st = widest_core_igraph(net, ws, residual, src, reverse, err)))
        tree_out(net, ws, width, in_arc);
    ws_give(net, ws);
    return st;
}

/* rm_widest_tree (ringmap/topo.h): our own widest-path Dijkstra
 * (topo/route/widest.c) on the CSR adjacency built by rm_network_init, in a
 * workspace of the network's pool (no allocation per call). */
rm_status rm_widest_tree(const rm_network *net, const double *residual, int src, int reverse,
                         double *width, int *in_arc, rm_error *err)
{
    if (!net || !net->platform)
        return rm_error_set(err, RM_EINVAL, "rm_widest_tree: %s is NULL", !net ? "net" : "net->platform");
    rm_route_ws *ws;
    rm_status st = routing_begin(net, src, &ws, err);
    if (st)
        return st;
    const rm_netpriv *pv = net->priv;
    rmi_widest_csr_run(&pv->csr, ws, net, residual, src, reverse, -1, ws->width, ws->arc);
    tree_out(net, ws, width, in_arc);
    ws_give(net, ws);
    return RM_OK;
}

/* Position of node v in p->hosts (ascending), -1 if v is not a host.
 * O(log H). */
static int host_position(const rm_platform *p, int v)
{
    int lo = 0, hi = p->n_hosts - 1;
    while (lo <= hi) {
        int mid = lo + (hi - lo) / 2;
        if (p->hosts[mid] == v)
            return mid;
        if (p->hosts[mid] < v)
            lo = mid + 1;
        else
            hi = mid - 1;
    }
    return -1;
}

/* Arc k of the route on net: 1 usable; 0 a link too slow for the model
 * (no route, topo/io/unusable.h); -1 not an arc of the platform's. */
static int fixed_arc_ok(const rm_network *net, int arc)
{
    if (net->arc_res[arc] >= 0)
        return 1;
    return rm_link_bw_usable(net->platform->links[arc / 2].bandwidth) ? -1 : 0;
}

/* The route of hosts ia -> ib put together from the platform's pieces
 * (struct rm_fixed_pieces, topo/io/sg_store.h): the host to the hub, each
 * SimGrid link from the hub and back, the hub to the other host.
 * O(depth + R^2) for a route of R links. */
static int pieces_arcs(const rm_network *net, const struct rm_fixed_pieces *fp, int ia, int ib,
                       int *arcs, int cap)
{
    int buf[96], *lk = buf;
    int n = rmi_sg_store_route(&fp->st, fp->st_host[ia], fp->st_host[ib], lk, 96, NULL);
    if (n == -2) { /* a route longer than the buffer */
        lk = malloc(((size_t)fp->st.L + 1) * sizeof *lk);
        n = lk ? rmi_sg_store_route(&fp->st, fp->st_host[ia], fp->st_host[ib], lk, fp->st.L + 1,
                                    NULL)
               : -1;
    }
    int m = n >= 0 && 3 * n + 2 <= cap ? 0 : -1, H = fp->n_hosts;
    for (int t = -1; m >= 0 && t <= n; t++) {
        int k = t < 0 ? 2 * (fp->conn0 + 2 * ia) : t == n ? 2 * (fp->conn0 + 2 * ib + 1) : -1;
        int three[3] = {k, -1, -1}, c = 1;
        if (k < 0) { /* link l: the hub to its entry, the link, its exit to the hub */
            int l = fp->lpos[lk[t]];
            three[0] = 2 * (fp->conn0 + 2 * H + 2 * l);
            three[1] = 2 * l;
            three[2] = 2 * (fp->conn0 + 2 * H + 2 * l + 1);
            c = 3;
        }
        for (int u = 0; u < c && m >= 0; u++) {
            int ok = fixed_arc_ok(net, three[u]);
            if (ok <= 0)
                m = ok < 0 ? -1 : -3;
            else
                arcs[m++] = three[u];
        }
    }
    if (lk != buf)
        free(lk);
    return m == -3 ? 0 : m;
}

/* rmi_fixed_route_side (topo/route/widest.h). */
int rmi_fixed_route_side(const rm_network *net, int ia, int side, int *arcs, int cap)
{
    const rm_platform *p = net->platform;
    const struct rm_fixed_pieces *fp = p->fixed_route_start ? NULL : p->fixed_pieces;
    if (!fp || ia < 0 || ia >= p->n_hosts)
        return -1;
    const rmi_sg_store *st = &fp->st;
    int h = fp->st_host[ia], pi = side ? st->down[h] : st->up[h], H = fp->n_hosts, m = 0;
    if (pi < 0 || 3 * st->pc[pi].n + 1 > cap)
        return -1;
    if (!side)
        arcs[m++] = 2 * (fp->conn0 + 2 * ia);
    for (int t = 0; t < st->pc[pi].n; t++) {
        int l = fp->lpos[st->pl[st->pc[pi].off + t]];
        arcs[m++] = 2 * (fp->conn0 + 2 * H + 2 * l);
        arcs[m++] = 2 * l;
        arcs[m++] = 2 * (fp->conn0 + 2 * H + 2 * l + 1);
    }
    if (side)
        arcs[m++] = 2 * (fp->conn0 + 2 * ia + 1);
    return m;
}

/* rmi_fixed_route_star (topo/route/widest.h). */
int rmi_fixed_route_star(const rm_network *net)
{
    const rm_platform *p = net->platform;
    const struct rm_fixed_pieces *fp = p->fixed_route_start ? NULL : p->fixed_pieces;
    if (!fp || p->n_hosts < 2 || fp->n_hosts != p->n_hosts)
        return 0;
    const rmi_sg_store *st = &fp->st;
    int z = st->npzone[fp->st_host[0]];
    if (z < 0 || z >= st->Z || st->zprobe[z] < 0)
        return 0;
    int cap = 3 * st->L + 2, *arcs = malloc((size_t)cap * sizeof *arcs), ok = arcs != NULL;
    for (int i = 0; ok && i < p->n_hosts; i++) {
        int h = fp->st_host[i];
        /* a member that is the zone's probe would take its piece the other way */
        ok = h >= 0 && h < st->H && st->npzone[h] == z && h != st->zprobe[z];
        for (int side = 0; ok && side < 2; side++) {
            int n = rmi_fixed_route_side(net, i, side, arcs, cap);
            ok = n >= 0 && 3 * (st->pc[st->up[h]].n + st->pc[st->down[h]].n) + 2 <= net->platform->n_links + 1;
            for (int t = 0; ok && t < n; t++)
                ok = fixed_arc_ok(net, arcs[t]) > 0;
        }
    }
    free(arcs);
    return ok;
}

/* The pieces of a platform kept as such, NULL for any other. */
static const struct rm_fixed_pieces *fixed_pieces_of(const rm_network *net)
{
    const rm_platform *p = net->platform;
    return p->fixed_route_start ? NULL : p->fixed_pieces;
}

/* Links lk[0 .. n) as arcs (the hub to the entry, the link, the exit to
 * the hub) appended at arcs + m; the new count, -1 over cap. */
static int links_as_arcs(const struct rm_fixed_pieces *fp, const int32_t *lk, int n, int *arcs, int m, int cap)
{
    if (m + 3 * n > cap)
        return -1;
    int H = fp->n_hosts;
    for (int t = 0; t < n; t++) {
        int l = fp->lpos[lk[t]];
        arcs[m++] = 2 * (fp->conn0 + 2 * H + 2 * l);
        arcs[m++] = 2 * l;
        arcs[m++] = 2 * (fp->conn0 + 2 * H + 2 * l + 1);
    }
    return m;
}

/* rmi_fixed_zones_part (topo/route/widest.h). */
int rmi_fixed_zones_part(const rm_network *net, const rmi_fixed_zones *fz, int ia, int kind, int k,
                         int *arcs, int cap)
{
    const struct rm_fixed_pieces *fp = fixed_pieces_of(net);
    if (!fp || ia < 0 || ia >= fz->H)
        return -1;
    if (kind < 2)
        return fz->bsize[fz->blk[ia]] >= 2 && !fz->fact ? rmi_fixed_route_side(net, ia, kind, arcs, cap) : -1;
    const rmi_sg_store *st = &fp->st;
    if (fz->fact) { /* the host to the hub and its node's links; its node's links and the hub to it */
        int h = fp->st_host[ia], pi = kind == 2 ? st->fzu[h] : st->fzd[h], m = 0;
        if (k != 0 || pi < 0 || cap < 1)
            return -1;
        if (kind == 2)
            arcs[m++] = 2 * (fp->conn0 + 2 * ia);
        m = links_as_arcs(fp, st->pl + st->pc[pi].off, st->pc[pi].n, arcs, m, cap);
        if (m < 0 || (kind == 3 && m + 1 > cap))
            return -1;
        if (kind == 3)
            arcs[m++] = 2 * (fp->conn0 + 2 * ia + 1);
        return m;
    }
    int A = fz->blk[ia], side = kind - 2, h = fp->st_host[ia], m = 0;
    int base = fz->gw_off[2 * A + side];
    if (k < 0 || base + k >= fz->gw_off[2 * A + side + 1])
        return -1;
    int g = fz->gw[base + k];
    if (!side) {
        if (cap < 1)
            return -1;
        arcs[m++] = 2 * (fp->conn0 + 2 * ia);
    }
    if (g != h) {
        int pi = side ? rmi_sg_store_gw_piece(st, g, h) : rmi_sg_store_gw_piece(st, h, g);
        if (pi < 0)
            return -1;
        m = links_as_arcs(fp, st->pl + st->pc[pi].off, st->pc[pi].n, arcs, m, cap);
        if (m < 0)
            return -1;
    }
    if (side) {
        if (m + 1 > cap)
            return -1;
        arcs[m++] = 2 * (fp->conn0 + 2 * ia + 1);
    }
    return m;
}

void rmi_fixed_zones_free(rmi_fixed_zones *fz)
{
    free(fz->blk);
    free(fz->bfirst);
    free(fz->bsize);
    free(fz->mid_off);
    free(fz->mid);
    free(fz->slot);
    free(fz->gw_off);
    free(fz->gw);
    memset(fz, 0, sizeof *fz);
}

/* Gateway g's slot in list[0 .. *n) (appended when new). */
static int gw_slot(int *list, int *n, int g)
{
    for (int k = 0; k < *n; k++)
        if (list[k] == g)
            return k;
    list[*n] = g;
    return (*n)++;
}

/* The middle arcs of every block pair of fz (blocks set), their gateways
 * into gs, gd (C x C). 1, 0 not the form, -1 out of memory. */
static int zones_middles(const rm_network *net, const struct rm_fixed_pieces *fp, rmi_fixed_zones *fz,
                         int *gs, int *gd, int *lk, int cap)
{
    const rmi_sg_store *st = &fp->st;
    int C = fz->C, room = net->platform->n_links + 1, ok = 1;
    size_t nmid = 0, capmid = 1024;
    fz->mid = malloc(capmid * sizeof(int));
    if (!fz->mid)
        return -1;
    for (int A = 0; ok && A < C; A++)
        for (int B = 0; ok && B < C; B++) {
            size_t e = (size_t)A * C + B;
            fz->mid_off[e] = (int)nmid;
            gs[e] = gd[e] = -1;
            if (A == B)
                continue;
            int n = rmi_sg_store_middle(st, fp->st_host[fz->bfirst[A]], fp->st_host[fz->bfirst[B]], lk, cap,
                                        &gs[e], &gd[e]);
            ok = n >= 0 && 3 * n <= room && nmid + 3 * (size_t)n < (size_t)INT32_MAX / 2;
            if (!ok)
                break;
            if (nmid + 3 * (size_t)n > capmid) {
                while (nmid + 3 * (size_t)n > capmid)
                    capmid *= 2;
                int *nb = realloc(fz->mid, capmid * sizeof(int));
                if (!nb)
                    return -1;
                fz->mid = nb;
            }
            int m = links_as_arcs(fp, lk, n, fz->mid, (int)nmid, (int)capmid);
            for (int t = (int)nmid; ok && t < m; t++)
                ok = fixed_arc_ok(net, fz->mid[t]) > 0;
            nmid = (size_t)m;
        }
    fz->mid_off[(size_t)C * C] = (int)nmid;
    return ok;
}

/* Every host's parts of fz: present and usable (1, else 0); the longest
 * of each block's out and in slots into plen[gw_off + k], of its U and D
 * into plen[ng + 2 A + kind]. */
static int zones_parts(const rm_network *net, const rmi_fixed_zones *fz, int *plen, int *arcs, int acap)
{
    int ok = 1, ng = fz->gw_off[2 * fz->C];
    for (int i = 0; ok && i < fz->H; i++) {
        int A = fz->blk[i];
        for (int kind = 0; ok && kind < 4; kind++) {
            int nk = kind < 2 ? (fz->bsize[A] >= 2) : fz->gw_off[2 * A + kind - 1] - fz->gw_off[2 * A + kind - 2];
            for (int k = 0; ok && k < nk; k++) {
                int n = rmi_fixed_zones_part(net, fz, i, kind, k, arcs, acap);
                ok = n >= 0;
                for (int t = 0; ok && t < n; t++)
                    ok = fixed_arc_ok(net, arcs[t]) > 0;
                int *l = kind < 2 ? &plen[ng + 2 * A + kind] : &plen[fz->gw_off[2 * A + kind - 2] + k];
                if (n > *l)
                    *l = n;
            }
        }
    }
    return ok;
}

/* rmi_fixed_zones_build (topo/route/widest.h). */
int rmi_fixed_zones_build(const rm_network *net, rmi_fixed_zones *fz)
{
    memset(fz, 0, sizeof *fz);
    const rm_platform *p = net->platform;
    const struct rm_fixed_pieces *fp = fixed_pieces_of(net);
    int H = p->n_hosts;
    if (!fp || H < 2 || fp->n_hosts != H)
        return 0;
    const rmi_sg_store *st = &fp->st;
    int Z = st->Z, room = p->n_links + 1, ok = 1, C = 0;
    int *zb = malloc(((size_t)Z + 1) * sizeof *zb);
    fz->H = H;
    fz->blk = malloc((size_t)H * sizeof *fz->blk);
    if (!zb || !fz->blk)
        goto nomem;
    for (int z = 0; z < Z; z++)
        zb[z] = -1;
    for (int i = 0; ok && i < H; i++) {
        int h = fp->st_host[i], z = h >= 0 && h < st->H ? st->npzone[h] : -1;
        /* a member that is the zone's probe would take its piece the other way */
        ok = z >= 0 && z < Z && st->zprobe[z] >= 0 && h != st->zprobe[z];
        if (ok && zb[z] < 0)
            zb[z] = C++;
        if (ok)
            fz->blk[i] = zb[z];
    }
    free(zb);
    zb = NULL;
    if (!ok || C > 1024) {
        rmi_fixed_zones_free(fz);
        return 0;
    }
    fz->C = C;
    size_t CC = (size_t)C * (size_t)C;
    fz->bfirst = malloc((size_t)C * sizeof(int));
    fz->bsize = calloc((size_t)C, sizeof(int));
    fz->mid_off = calloc(CC + 1, sizeof(int));
    fz->slot = malloc(2 * CC * sizeof(int));
    fz->gw_off = calloc(2 * (size_t)C + 1, sizeof(int));
    int *gs = malloc((CC + 1) * sizeof *gs), *gd = malloc((CC + 1) * sizeof *gd);
    int cap = 2 * st->L + 2, *lk = malloc((size_t)cap * sizeof *lk);
    int acap = 3 * cap + 2, *arcs = malloc((size_t)acap * sizeof *arcs);
    /* the longest part per block and slot: out parts, then in parts */
    int *plen = NULL;
    if (!fz->bfirst || !fz->bsize || !fz->mid_off || !fz->slot || !fz->gw_off || !gs || !gd || !lk || !arcs)
        goto fail_mem;
    for (int i = H - 1; i >= 0; i--) {
        fz->bfirst[fz->blk[i]] = i;
        fz->bsize[fz->blk[i]]++;
    }
    /* the middles and their gateways, block pair by block pair */
    ok = zones_middles(net, fp, fz, gs, gd, lk, cap);
    if (ok < 0)
        goto fail_mem;
    if (!ok)
        goto not_form;
    /* gateway slots: A's out gateways by B, B's in gateways by A */
    fz->gw = malloc((2 * CC + 1) * sizeof(int));
    if (!fz->gw)
        goto fail_mem;
    int ng = 0;
    for (int A = 0; A < C; A++)
        for (int side = 0; side < 2; side++) {
            fz->gw_off[2 * A + side] = ng;
            int n = 0;
            for (int X = 0; X < C; X++) {
                size_t e = side ? (size_t)X * C + A : (size_t)A * C + X;
                fz->slot[2 * e + side] = -1;
                if (X != A)
                    fz->slot[2 * e + side] = gw_slot(fz->gw + ng, &n, side ? gd[e] : gs[e]);
            }
            ng += n;
        }
    fz->gw_off[2 * C] = ng;
    /* every host's parts: present, usable; the longest per block and slot */
    plen = calloc((size_t)ng + 2 * (size_t)C + 1, sizeof *plen);
    if (!plen)
        goto fail_mem;
    if (!zones_parts(net, fz, plen, arcs, acap))
        goto not_form;
    /* every route fits the room the route readers give it */
    for (int A = 0; ok && A < C; A++) {
        if (fz->bsize[A] >= 2) {
            int n = plen[ng + 2 * A] + plen[ng + 2 * A + 1];
            ok = n <= room;
            fz->max_arcs = n > fz->max_arcs ? n : fz->max_arcs;
        }
        for (int B = 0; ok && B < C; B++) {
            if (A == B)
                continue;
            size_t e = (size_t)A * C + B;
            int n = plen[fz->gw_off[2 * A] + fz->slot[2 * e]] + (fz->mid_off[e + 1] - fz->mid_off[e]) +
                    plen[fz->gw_off[2 * B + 1] + fz->slot[2 * e + 1]];
            ok = n <= room;
            fz->max_arcs = n > fz->max_arcs ? n : fz->max_arcs;
        }
    }
    if (!ok)
        goto not_form;
    free(plen);
    free(gs);
    free(gd);
    free(lk);
    free(arcs);
    return 1;
not_form:
    free(plen);
    free(gs);
    free(gd);
    free(lk);
    free(arcs);
    rmi_fixed_zones_free(fz);
    return 0;
fail_mem:
    free(plen);
    free(gs);
    free(gd);
    free(lk);
    free(arcs);
nomem:
    free(zb);
    rmi_fixed_zones_free(fz);
    return -1;
}

/* Store link l as its three arcs (the hub to its entry, the link, its exit
 * to the hub), 1 when all three are usable. */
static int link_arcs3(const rm_network *net, const struct rm_fixed_pieces *fp, int l, int *arcs)
{
    int pl = fp->lpos[l], H = fp->n_hosts;
    arcs[0] = 2 * (fp->conn0 + 2 * H + 2 * pl);
    arcs[1] = 2 * pl;
    arcs[2] = 2 * (fp->conn0 + 2 * H + 2 * pl + 1);
    return fixed_arc_ok(net, arcs[0]) > 0 && fixed_arc_ok(net, arcs[1]) > 0 && fixed_arc_ok(net, arcs[2]) > 0;
}

typedef struct ft_rects_ctx {
    const rm_network *net;
    const struct rm_fixed_pieces *fp;
    rmi_fixed_rect_fn fn;
    void *ctx;
    const char *ok; /* per store link: its three arcs usable */
    int bad;        /* a link of a route not usable: not the form */
} ft_rects_ctx;

static void ft_rect_link(void *c, int n, int min, int sole, int d, int link)
{
    ft_rects_ctx *x = c;
    if (!x->ok[link]) {
        x->bad = 1;
        return;
    }
    int arcs[3];
    link_arcs3(x->net, x->fp, link, arcs);
    rmi_host_set S = {n, min, sole}, T = {1, d, d};
    x->fn(x->ctx, S, T, arcs, 3);
}

/* rmi_fixed_rects (topo/route/widest.h). */
int rmi_fixed_rects(const rm_network *net, rmi_fixed_rect_fn fn, void *ctx)
{
    const struct rm_fixed_pieces *fp = fixed_pieces_of(net);
    const rm_platform *p = net->platform;
    int H = p->n_hosts;
    if (!fp || H < 3 || fp->n_hosts != H || !fp->st.zft || !fp->st.npft)
        return 0;
    const rmi_sg_store *st = &fp->st;
    int z = fp->st_host[0] >= 0 && fp->st_host[0] < st->H ? st->npzone[fp->st_host[0]] : -1;
    if (z < 0 || z >= st->Z || st->zft[z] < 0)
        return 0;
    const rmi_sg_ft *f = &st->ft[st->zft[z]];
    /* every route fits the room the route readers give it: at most two
     * links and two limiters a level, one more limiter */
    if (3 * (4 * f->levels + 1) + 2 > p->n_links + 1)
        return 0;
    int *node = malloc((size_t)H * sizeof *node), rc = -1;
    char *ok = malloc((size_t)st->L + 1);
    if (!node || !ok)
        goto done;
    rc = 0;
    for (int i = 0; i < H; i++) { /* every kept host a member of f, its arcs to and from the hub usable */
        int h = fp->st_host[i];
        if (h < 0 || h >= st->H || st->npzone[h] != z || st->npft[h] < 0 ||
            fixed_arc_ok(net, 2 * (fp->conn0 + 2 * i)) <= 0 || fixed_arc_ok(net, 2 * (fp->conn0 + 2 * i + 1)) <= 0)
            goto done;
        node[i] = st->npft[h];
    }
    for (int l = 0; l < st->L; l++) {
        int arcs[3];
        ok[l] = fp->lpos[l] >= 0 && fp->lpos[l] < p->n_links && link_arcs3(net, fp, l, arcs);
    }
    ft_rects_ctx x = {net, fp, fn, ctx, ok, 0};
    rc = rmi_sg_ft_rects(st, f, node, H, ft_rect_link, &x);
    if (rc <= 0 || x.bad) {
        rc = rc < 0 ? -1 : 0;
        goto done;
    }
    for (int i = 0; i < H; i++) { /* the host to the hub, the hub to the host */
        rmi_host_set one = {1, i, i}, rest = {H - 1, i ? 0 : 1, -1};
        int a = 2 * (fp->conn0 + 2 * i), b = 2 * (fp->conn0 + 2 * i + 1);
        fn(ctx, one, rest, &a, 1);
        fn(ctx, rest, one, &b, 1);
    }
    rc = 1;
done:
    free(node);
    free(ok);
    return rc;
}

/* rmi_fixed_zones_factored (topo/route/widest.h). */
int rmi_fixed_zones_factored(const rm_network *net, rmi_fixed_zones *fz)
{
    memset(fz, 0, sizeof *fz);
    const rm_platform *p = net->platform;
    const struct rm_fixed_pieces *fp = fixed_pieces_of(net);
    int H = p->n_hosts;
    if (!fp || H < 2 || fp->n_hosts != H || !fp->st.zfz || !fp->st.fzc)
        return 0;
    const rmi_sg_store *st = &fp->st;
    int h0 = fp->st_host[0], z = h0 >= 0 && h0 < st->H ? st->npzone[h0] : -1;
    if (z < 0 || z >= st->Z || st->zfz[z] < 0)
        return 0;
    int f = st->zfz[z], nc = st->fznc[f], C = 0, room = p->n_links + 1, rc = 0;
    int *cb = malloc((size_t)nc * sizeof *cb), *cls = malloc((size_t)nc * sizeof *cls);
    int *plen = NULL, *arcs = NULL;
    fz->H = H;
    fz->fact = 1;
    fz->blk = malloc((size_t)H * sizeof *fz->blk);
    if (!cb || !cls || !fz->blk)
        goto nomem;
    for (int c = 0; c < nc; c++)
        cb[c] = -1;
    for (int i = 0; i < H; i++) { /* blocks: the routers, numbered by their first host index */
        int h = fp->st_host[i], c = h >= 0 && h < st->H && st->npzone[h] == z ? st->fzc[h] : -1;
        if (c < 0 || c >= nc || st->fzu[h] < 0 || st->fzd[h] < 0)
            goto done;
        if (cb[c] < 0) {
            cls[C] = c;
            cb[c] = C++;
        }
        fz->blk[i] = cb[c];
    }
    if (C > 1024)
        goto done;
    fz->C = C;
    size_t CC = (size_t)C * (size_t)C;
    fz->bfirst = malloc((size_t)C * sizeof(int));
    fz->bsize = calloc((size_t)C, sizeof(int));
    fz->mid_off = calloc(CC + 1, sizeof(int));
    fz->slot = calloc(2 * CC, sizeof(int)); /* one out slot and one in slot a block */
    fz->gw_off = malloc((2 * (size_t)C + 1) * sizeof(int));
    fz->gw = malloc((2 * (size_t)C + 1) * sizeof(int));
    plen = calloc(2 * (size_t)C + 1, sizeof *plen);
    arcs = malloc(((size_t)room + 1) * sizeof *arcs);
    if (!fz->bfirst || !fz->bsize || !fz->mid_off || !fz->slot || !fz->gw_off || !fz->gw || !plen || !arcs)
        goto nomem;
    for (int i = H - 1; i >= 0; i--) {
        fz->bfirst[fz->blk[i]] = i;
        fz->bsize[fz->blk[i]]++;
    }
    for (int g = 0; g <= 2 * C; g++) {
        fz->gw_off[g] = g;
        fz->gw[g] = -1;
    }
    /* the middles: the routers' paths (a router to itself: what SimGrid
     * puts between two of its hosts, e.g. none) */
    size_t nmid = 0;
    for (size_t e = 0; e < CC; e++) {
        const rmi_sg_piece *pc = &st->pc[st->fzmid[f][(size_t)cls[e / C] * nc + cls[e % C]]];
        nmid += 3 * (size_t)pc->n;
        if (3 * pc->n > room || nmid >= (size_t)INT32_MAX / 2)
            goto done;
    }
    fz->mid = malloc((nmid + 1) * sizeof(int));
    if (!fz->mid)
        goto nomem;
    nmid = 0;
    for (size_t e = 0; e < CC; e++) {
        const rmi_sg_piece *pc = &st->pc[st->fzmid[f][(size_t)cls[e / C] * nc + cls[e % C]]];
        fz->mid_off[e] = (int)nmid;
        int m = links_as_arcs(fp, st->pl + pc->off, pc->n, fz->mid, (int)nmid, (int)nmid + 3 * pc->n);
        for (int t = (int)nmid; t < m; t++)
            if (fixed_arc_ok(net, fz->mid[t]) <= 0)
                goto done;
        nmid = (size_t)m;
    }
    fz->mid_off[CC] = (int)nmid;
    /* every host's parts present and usable; the longest per block and side */
    for (int i = 0; i < H; i++)
        for (int side = 0; side < 2; side++) {
            int n = rmi_fixed_zones_part(net, fz, i, 2 + side, 0, arcs, room);
            if (n < 0)
                goto done;
            for (int t = 0; t < n; t++)
                if (fixed_arc_ok(net, arcs[t]) <= 0)
                    goto done;
            int *l = &plen[2 * fz->blk[i] + side];
            *l = n > *l ? n : *l;
        }
    for (int A = 0; A < C; A++) /* every route fits the room the route readers give it */
        for (int B = 0; B < C; B++) {
            size_t e = (size_t)A * C + B;
            int n = plen[2 * A] + (fz->mid_off[e + 1] - fz->mid_off[e]) + plen[2 * B + 1];
            if (n > room)
                goto done;
            fz->max_arcs = n > fz->max_arcs ? n : fz->max_arcs;
        }
    rc = 1;
    goto done;
nomem:
    rc = -1;
done:
    free(cb);
    free(cls);
    free(plen);
    free(arcs);
    if (rc != 1)
        rmi_fixed_zones_free(fz);
    return rc;
}

/* rmi_fixed_route_every_link (topo/route/widest.h). */
const char *rmi_fixed_route_every_link(const rm_platform *p)
{
    return p && !p->fixed_route_start && p->fixed_pieces ? p->fixed_pieces->every : NULL;
}

/* rmi_fixed_route_arcs (topo/route/widest.h). */
int rmi_fixed_route_arcs(const rm_network *net, int a, int b, int *arcs, int cap)
{
    const rm_platform *p = net->platform;
    if (!rm_platform_fixes_routes(p))
        return 0;
    return rmi_fixed_route_arcs_at(net, host_position(p, a), host_position(p, b), arcs, cap);
}

/* rmi_fixed_route_arcs_at (topo/route/widest.h). */
int rmi_fixed_route_arcs_at(const rm_network *net, int ia, int ib, int *arcs, int cap)
{
    const rm_platform *p = net->platform;
    if (!rm_platform_fixes_routes(p))
        return 0;
    if (ia < 0 || ib < 0 || ia >= p->n_hosts || ib >= p->n_hosts)
        return 0; /* fixed routes join hosts only */
    if (!p->fixed_route_start)
        return ia == ib ? 0 : pieces_arcs(net, p->fixed_pieces, ia, ib, arcs, cap);
    int a = p->hosts[ia], b = p->hosts[ib];
    size_t H = (size_t)p->n_hosts, k = (size_t)ia * H + (size_t)ib;
    int s = p->fixed_route_start[k], e = p->fixed_route_start[k + 1];
    if (e - s > cap)
        return -1;
    int at = a;
    for (int i = s; i < e; i++) {
        int l = p->fixed_route_links[i], arc;
        if (l < 0 || l >= p->n_links)
            return -1;
        if (p->links[l].source == at)
            arc = 2 * l;
        else if (p->links[l].target == at)
            arc = 2 * l + 1;
        else
            return -1;
        if (net->arc_res[arc] < 0) /* a link too slow for the model: no route (topo/io/unusable.h) */
            return rm_link_bw_usable(p->links[l].bandwidth) ? -1 : 0;
        arcs[i - s] = arc;
        at = net->arc_head[arc];
        /* a walk: a route may cross a link twice (a SimGrid WIFI access
         * point, up then down), counted twice on its capacity */
    }
    return at == b ? e - s : -1;
}

/* The fixed route src -> dst (dst -> src when reverse) into route (the
 * in_arc[dst] == RM_ARC_FIXED case of rm_route_from_tree). */
static rm_status route_fixed(const rm_network *net, int src, int reverse, int dst, rm_route *route,
                             rm_error *err)
{
    const rm_platform *p = net->platform;
    int a = reverse ? dst : src, b = reverse ? src : dst;
    int ia = host_position(p, a), ib = host_position(p, b), cap = 0;
    if (ia >= 0 && ib >= 0 && p->fixed_route_start) {
        size_t k = (size_t)ia * (size_t)p->n_hosts + (size_t)ib;
        cap = p->fixed_route_start[k + 1] - p->fixed_route_start[k];
    }
    else if (ia >= 0 && ib >= 0 && ia != ib && p->fixed_pieces)
        cap = p->fixed_pieces->max_arcs;
    if (cap > 0 && !route_resize(route, cap))
        return rm_error_set(err, RM_ENOMEM, "out of memory for a fixed route");
    int n = cap > 0 ? rmi_fixed_route_arcs(net, a, b, route->arcs, cap) : 0;
    if (n > 0 && n < cap && !p->fixed_route_start)
        route_resize(route, n); /* the pieces' bound was an upper one */
    if (n <= 0) {
        route_resize(route, 0);
        route->bandwidth = 0.0;
        return rm_error_set(err, RM_EINPUT, "route: the platform fixes no usable route %s -> %s",
                            p->nodes[a].label, p->nodes[b].label);
    }
    route->n_arcs = n;
    route->bandwidth = 0.0;
    return RM_OK;
}

/* rmi_widest_tree_core (topo/route/widest.h): the tree straight into the caller's
 * arrays, leaves left out; the workspace only lends its heap. */
rm_status rmi_widest_tree_core(const rm_network *net, const double *residual, int src, int reverse,
                              double *width, int *in_arc, rm_error *err)
{
    rm_route_ws *ws;
    rm_status st = routing_begin(net, src, &ws, err);
    if (st)
        return st;
    const rm_netpriv *pv = net->priv;
    rmi_widest_csr_run(&pv->csr, ws, net, residual, src, reverse, RM_WIDEST_CORE, width, in_arc);
    ws_give(net, ws);
    return RM_OK;
}

const int *rmi_widest_core_nodes(const rm_network *net, int *n)
{
    const rm_netpriv *pv = net->priv;
    *n = pv->csr.n_core;
    return pv->csr.core;
}

void rmi_widest_tree_leaf(const rm_network *net, const double *residual, int src, int reverse, int v,
                         double *width, int *in_arc)
{
    const rm_netpriv *pv = net->priv;
    rmi_widest_csr_leaf(&pv->csr, net, residual, src, reverse, v, width, in_arc);
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
    if (in_arc[dst] == RM_ARC_FIXED)
        return route_fixed(net, src, reverse, dst, route, err);
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
    if (!net || !net->platform || !in_arc || !route)
        return rm_error_set(err, RM_EINVAL, "rm_route_from_tree: %s is NULL",
                            !net ? "net" : !in_arc ? "in_arc" : !route ? "route" : "net->platform");
    return route_from_arcs(net, src, reverse, in_arc, dst, route, err);
}

/* rm_widest_route (ringmap.h): one widest-path Dijkstra from src that stops
 * as soon as dst is settled. O(E log N). */
rm_status rm_widest_route(const rm_network *net, const double *residual, int src, int dst, rm_route *route,
                          rm_error *err)
{
    if (!net || !net->platform || !route)
        return rm_error_set(err, RM_EINVAL, "rm_widest_route: %s is NULL",
                            !net ? "net" : !route ? "route" : "net->platform");
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
    rm_route_ws *ws;
    rm_status st = routing_begin(net, src, &ws, err);
    if (st)
        return st;
    const rm_netpriv *pv = net->priv;
    rmi_widest_csr_run(&pv->csr, ws, net, residual, src, 0, dst, ws->width, ws->arc);
    if (!(ws->width[dst] > 0.0)) {
        route_resize(route, 0);
        route->bandwidth = 0.0;
    } else if (!(st = route_from_arcs(net, src, 0, ws->arc, dst, route, err))) {
        route->bandwidth = ws->width[dst];
    }
    ws_give(net, ws);
    return st;
}

/* rm_capacity_matrix (ringmap/topo.h): one full-capacity widest tree per
 * host, in one workspace. O(H E log N). */
rm_status rm_capacity_matrix(const rm_network *net, double *bw, rm_error *err)
{
    if (!net || !net->platform || !bw)
        return rm_error_set(err, RM_EINVAL, "rm_capacity_matrix: %s is NULL",
                            !net ? "net" : !bw ? "bw" : "net->platform");
    const rm_platform *p = net->platform;
    int H = p->n_hosts;
    if (H == 0)
        return RM_OK;
    rm_route_ws *ws;
    rm_status st = routing_begin(net, p->hosts[0], &ws, err);
    if (st)
        return st;
    const rm_netpriv *pv = net->priv;
    for (int i = 0; i < H; i++) {
        rmi_widest_csr_run(&pv->csr, ws, net, NULL, p->hosts[i], 0, -1, ws->width, ws->arc);
        for (int j = 0; j < H; j++)
            bw[(size_t)i * H + j] = i == j ? INFINITY : ws->width[p->hosts[j]];
    }
    ws_give(net, ws);
    return RM_OK;
}
