/*
 * cut_bound.c — the bridges of a platform and the lower bound of T_step of
 * every ring containing a set of hosts (see heur/bounds/cut_bound.h).
 */
#include "heur/bounds/cut_bound.h"
#include "model/cost_valid.h"
#include "topo/igraph_guard.h"

#include <igraph.h>
#include <math.h>
#include <pthread.h>

#include <stdlib.h>
#include <string.h>

int rmi_cut_bound_valid_for(const rm_cost_model *m, rm_network_model net)
{
    return rmi_cost_model_eq1(m) && rmi_network_model_known(net);
}

int rmi_host_bound_valid_for(const rm_cost_model *m, rm_network_model net)
{
    return rmi_cost_model_eq1(m) && rmi_network_model_known(net);
}

void rmi_cut_bound_destroy(rm_cut_bound *cb)
{
    free(cb->parent);
    free(cb->bridge_of);
    free(cb->inv_cap);
    free(cb->count);
    memset(cb, 0, sizeof *cb);
}

/* Serialises this module's igraph calls (Debian's igraph is built without
 * thread safety). */
static pthread_mutex_t cut_igraph_lock = PTHREAD_MUTEX_INITIALIZER;

/* Node v belongs to the component nodes[0..n-1] (local: its position there,
 * possibly stale from an earlier component). */
static int in_comp(int v, const int *local, const int *nodes, int n)
{
    return local[v] >= 0 && local[v] < n && nodes[local[v]] == v;
}

/* Gomory–Hu tree (igraph, Gusfield's flow-equivalent tree) of the 2-edge-
 * connected component whose nodes are nodes[0..n-1] (global indices), over
 * its non-bridge links; backbone links get an unbounded capacity. Appends
 * the n-1 tree edges to tu/tv/tw (global node indices, cut value). */
static rm_status component_tree(const rm_platform *p, const int *is_bridge, const int *local,
                                const int *nodes, int n, int *tu, int *tv, double *tw, int *nt,
                                rm_error *err)
{
    int E = p->n_links, m = 0;
    for (int l = 0; l < E; l++)
        if (!is_bridge[l] && in_comp(p->links[l].source, local, nodes, n) &&
            in_comp(p->links[l].target, local, nodes, n))
            m++;
    igraph_vector_int_t edges;
    igraph_vector_t cap, flows;
    igraph_t g, tree;
    rm_status st = RM_OK;
    pthread_mutex_lock(&cut_igraph_lock);
    rm_igraph_guard guard;
    rmi_igraph_guard_begin(&guard);
    int have_e = 0, have_c = 0, have_f = 0, have_g = 0, have_t = 0;
    if (igraph_vector_int_init(&edges, 2 * (igraph_integer_t)m) || !(have_e = 1) ||
        igraph_vector_init(&cap, m) || !(have_c = 1) || igraph_vector_init(&flows, 0) ||
        !(have_f = 1)) {
        st = rm_error_set(err, RM_ENOMEM, "out of memory for a cut tree");
        goto out;
    }
    int k = 0;
    for (int l = 0; l < E; l++) {
        int a = p->links[l].source, b = p->links[l].target;
        if (is_bridge[l] || !in_comp(a, local, nodes, n) || !in_comp(b, local, nodes, n))
            continue;
        VECTOR(edges)[2 * k] = local[a];
        VECTOR(edges)[2 * k + 1] = local[b];
        VECTOR(cap)[k] = p->links[l].backbone ? 1e300 : p->links[l].bandwidth;
        k++;
    }
    if (igraph_create(&g, &edges, n, IGRAPH_UNDIRECTED) || !(have_g = 1) ||
        igraph_gomory_hu_tree(&g, &tree, &flows, &cap) || !(have_t = 1)) {
        st = rm_error_set(err, RM_EINTERNAL, "igraph: Gomory-Hu tree: %s", rmi_igraph_last_error());
        goto out;
    }
    for (igraph_integer_t e = 0; e < igraph_ecount(&tree); e++) {
        igraph_integer_t from, to;
        igraph_edge(&tree, e, &from, &to);
        tu[*nt] = nodes[from];
        tv[*nt] = nodes[to];
        tw[*nt] = VECTOR(flows)[e];
        (*nt)++;
    }
out:
    if (have_t)
        igraph_destroy(&tree);
    if (have_g)
        igraph_destroy(&g);
    if (have_f)
        igraph_vector_destroy(&flows);
    if (have_c)
        igraph_vector_destroy(&cap);
    if (have_e)
        igraph_vector_int_destroy(&edges);
    rmi_igraph_guard_end(&guard);
    pthread_mutex_unlock(&cut_igraph_lock);
    return st;
}

/* A node pair of a directed platform: its links merged, with the capacity
 * of each direction (a -> b and b -> a, a < b) summed. */
typedef struct {
    int a, b, l;
} pair_link;

static int pair_cmp(const void *x, const void *y)
{
    const pair_link *p = x, *q = y;
    if (p->a != q->a)
        return p->a < q->a ? -1 : 1;
    if (p->b != q->b)
        return p->b < q->b ? -1 : 1;
    return (p->l > q->l) - (p->l < q->l);
}

/* Bridges of the multigraph of E edges ea[e] - eb[e] on N nodes:
 * iterative DFS with low-links (a parallel edge is not the parent edge, so
 * a doubled edge is never a bridge); is_bridge[e] = 1 for a bridge. Leaves
 * in off (N + 1, zeroed by the caller) / adj (2E) the CSR of edge indices
 * per node. Scratch: it, tin, low, par, pe, stack (N each). O(N + E). */
static void find_bridges(int N, int E, const int *ea, const int *eb, int *off, int *adj, int *it,
                         int *tin, int *low, int *par, int *pe, int *stack, int *is_bridge)
{
    for (int e = 0; e < E; e++) {
        off[ea[e] + 1]++;
        off[eb[e] + 1]++;
    }
    for (int v = 0; v < N; v++)
        off[v + 1] += off[v];
    for (int v = 0; v < N; v++) {
        it[v] = off[v];
        tin[v] = -1;
    }
    for (int e = 0; e < E; e++) {
        adj[it[ea[e]]++] = e;
        adj[it[eb[e]]++] = e;
    }
    int timer = 0;
    for (int r = 0; r < N; r++) {
        if (tin[r] >= 0)
            continue;
        int top = 0;
        stack[top++] = r;
        tin[r] = low[r] = timer++;
        pe[r] = -1;
        par[r] = -1;
        it[r] = off[r];
        while (top > 0) {
            int v = stack[top - 1];
            if (it[v] < off[v + 1]) {
                int e = adj[it[v]++];
                if (e == pe[v])
                    continue;
                int u = ea[e] == v ? eb[e] : ea[e];
                if (tin[u] < 0) {
                    tin[u] = low[u] = timer++;
                    pe[u] = e;
                    par[u] = v;
                    it[u] = off[u];
                    stack[top++] = u;
                } else if (tin[u] < low[v]) {
                    low[v] = tin[u];
                }
            } else {
                top--;
                if (par[v] >= 0) {
                    if (low[v] < low[par[v]])
                        low[par[v]] = low[v];
                    if (low[v] > tin[par[v]])
                        is_bridge[pe[v]] = 1;
                }
            }
        }
    }
}

/* The cut tree of a directed platform (SimGrid SPLITDUPLEX: one link per
 * direction): the links between a node pair merged into one edge, the
 * bridges of that graph with value min(capacity a -> b, capacity b -> a)
 * (a ring with hosts on both sides crosses the bridge with >= 2 ring edges,
 * each with one route in each direction: >= 2 routes share each direction's
 * capacity, so one route of the weaker direction has a share <= c/2 and
 * m = 2, as in full duplex; a width <= c for SliceRing, m = 1); no bound
 * (INFINITY) with a backbone link or a direction without capacity; inside a
 * 2-edge-connected component a spanning tree of unbounded edges. Writes at
 * most N - 1 edges to tu/tv/tw. O(E log E + N). Errors: RM_ENOMEM. */
static rm_status directed_tree(const rm_platform *p, int *tu, int *tv, double *tw, int *nt,
                               rm_error *err)
{
    int N = p->n_nodes, E = p->n_links, P = 0;
    pair_link *pl = malloc((size_t)E * sizeof *pl + 1);
    int *pa = calloc((size_t)E + 1, sizeof *pa), *pb = calloc((size_t)E + 1, sizeof *pb);
    double *cf = calloc((size_t)E + 1, sizeof *cf), *cr = calloc((size_t)E + 1, sizeof *cr);
    unsigned char *bb = calloc((size_t)E + 1, 1);
    int *br = calloc((size_t)E + 1, sizeof *br);
    int *off = calloc((size_t)N + 1, sizeof *off), *adj = malloc((size_t)(2 * E + 1) * sizeof *adj);
    int *tin = malloc((size_t)N * sizeof *tin + 1), *low = malloc((size_t)N * sizeof *low + 1);
    int *pe = malloc((size_t)N * sizeof *pe + 1), *it = malloc((size_t)N * sizeof *it + 1);
    int *stack = malloc((size_t)N * sizeof *stack + 1), *par = malloc((size_t)N * sizeof *par + 1);
    rm_status st = RM_OK;
    if (!pl || !pa || !pb || !cf || !cr || !bb || !br || !off || !adj || !tin || !low || !pe ||
        !it || !stack || !par) {
        st = rm_error_set(err, RM_ENOMEM, "out of memory for the cut tree of %d nodes", N);
        goto out;
    }
    int n = 0;
    for (int l = 0; l < E; l++) {
        int u = p->links[l].source, v = p->links[l].target;
        if (u == v)
            continue;
        pl[n].a = u < v ? u : v;
        pl[n].b = u < v ? v : u;
        pl[n].l = l;
        n++;
    }
    qsort(pl, (size_t)n, sizeof *pl, pair_cmp);
    for (int k = 0; k < n; k++) {
        if (k == 0 || pl[k].a != pl[k - 1].a || pl[k].b != pl[k - 1].b) {
            pa[P] = pl[k].a;
            pb[P] = pl[k].b;
            P++;
        }
        const rm_link *lk = &p->links[pl[k].l];
        if (lk->source == pa[P - 1])
            cf[P - 1] += lk->bandwidth;
        else
            cr[P - 1] += lk->bandwidth;
        if (lk->backbone)
            bb[P - 1] = 1;
    }
    /* bridges of the pair graph (no parallel edges left) */
    find_bridges(N, P, pa, pb, off, adj, it, tin, low, par, pe, stack, br);
    /* the tree: every bridge with its value, and a BFS spanning tree of
     * unbounded edges inside each 2-edge-connected component */
    for (int e = 0; e < P; e++)
        if (br[e]) {
            double c = cf[e] < cr[e] ? cf[e] : cr[e];
            tu[*nt] = pa[e];
            tv[*nt] = pb[e];
            tw[*nt] = bb[e] || !(c > 0.0) ? INFINITY : c;
            (*nt)++;
        }
    for (int v = 0; v < N; v++)
        tin[v] = 0;
    for (int r = 0; r < N; r++) {
        if (tin[r])
            continue;
        int m = 0;
        tin[r] = 1;
        stack[m++] = r;
        for (int h = 0; h < m; h++) {
            int v = stack[h];
            for (int a = off[v]; a < off[v + 1]; a++) {
                int e = adj[a], u = pa[e] == v ? pb[e] : pa[e];
                if (br[e] || tin[u])
                    continue;
                tin[u] = 1;
                tu[*nt] = v;
                tv[*nt] = u;
                tw[*nt] = INFINITY;
                (*nt)++;
                stack[m++] = u;
            }
        }
    }
out:
    free(pl);
    free(pa);
    free(pb);
    free(cf);
    free(cr);
    free(bb);
    free(br);
    free(off);
    free(adj);
    free(tin);
    free(low);
    free(pe);
    free(it);
    free(stack);
    free(par);
    return st;
}

rm_status rmi_cut_bound_init(rm_cut_bound *cb, const rm_network *net, double mult_half,
                            double mult_full, rm_error *err)
{
    const rm_platform *p = net->platform;
    int N = p->n_nodes, E = p->n_links;
    double mult = net->duplex == RM_DUPLEX_FULL ? mult_full : mult_half;
    memset(cb, 0, sizeof *cb);
    cb->n_nodes = N;
    cb->parent = malloc((size_t)N * sizeof *cb->parent);
    cb->bridge_of = malloc((size_t)N * sizeof *cb->bridge_of);
    cb->inv_cap = malloc((size_t)(N + 1) * sizeof *cb->inv_cap);
    cb->count = calloc((size_t)N + 1, sizeof *cb->count);
    int *off = calloc((size_t)N + 1, sizeof *off), *adj = malloc((size_t)(2 * E + 1) * sizeof *adj);
    int *tin = malloc((size_t)N * sizeof *tin), *low = malloc((size_t)N * sizeof *low);
    int *plink = malloc((size_t)N * sizeof *plink), *it = malloc((size_t)N * sizeof *it);
    int *stack = malloc((size_t)N * sizeof *stack), *par = malloc((size_t)N * sizeof *par);
    int *is_bridge = calloc((size_t)E + 1, sizeof *is_bridge);
    int *la = calloc((size_t)E + 1, sizeof *la), *lb = calloc((size_t)E + 1, sizeof *lb);
    int *comp = malloc((size_t)N * sizeof *comp), *local = malloc((size_t)N * sizeof *local);
    int *tu = malloc((size_t)N * sizeof *tu), *tv = malloc((size_t)N * sizeof *tv);
    double *tw = malloc((size_t)N * sizeof *tw);
    rm_status st = RM_OK;
    if (!cb->parent || !cb->bridge_of || !cb->inv_cap || !cb->count || !off || !adj || !tin ||
        !low || !plink || !it || !stack || !par || !is_bridge || !la || !lb || !comp || !local ||
        !tu || !tv || !tw) {
        rmi_cut_bound_destroy(cb);
        st = rm_error_set(err, RM_ENOMEM, "out of memory for the cut tree of %d nodes", N);
        goto out;
    }
    for (int v = 0; v < N; v++) {
        cb->parent[v] = -1;
        cb->bridge_of[v] = -1;
        tin[v] = -1;
    }
    int nt = 0;
    if (p->directed) {
        /* per direction: m as in full duplex */
        mult = mult_full;
        if ((st = directed_tree(p, tu, tv, tw, &nt, err))) {
            rmi_cut_bound_destroy(cb);
            goto out;
        }
        goto root;
    }
    /* 1. bridges over links (CSR of link indices per node in off/adj) */
    for (int l = 0; l < E; l++) {
        la[l] = p->links[l].source;
        lb[l] = p->links[l].target;
    }
    find_bridges(N, E, la, lb, off, adj, it, tin, low, par, plink, stack, is_bridge);
    /* 2. the cut tree: bridges (value: capacity, none for a backbone link)
     * plus, inside each 2-edge-connected component of more than one node,
     * its Gomory–Hu tree. Every tree edge is the minimum cut of some pair of
     * nodes on its two sides, with that value. */
    for (int l = 0; l < E; l++)
        if (is_bridge[l]) {
            tu[nt] = p->links[l].source;
            tv[nt] = p->links[l].target;
            tw[nt] = p->links[l].backbone ? INFINITY : p->links[l].bandwidth;
            nt++;
        }
    for (int v = 0; v < N; v++) {
        comp[v] = -1;
        local[v] = -1;
    }
    for (int r = 0; r < N && !st; r++) {
        if (comp[r] >= 0)
            continue;
        int n = 0; /* BFS over non-bridge links: stack[] holds the component */
        comp[r] = r;
        stack[n++] = r;
        for (int h = 0; h < n; h++) {
            int v = stack[h];
            local[v] = h;
            for (int a = off[v]; a < off[v + 1]; a++) {
                int l = adj[a];
                if (is_bridge[l])
                    continue;
                int u = p->links[l].source == v ? p->links[l].target : p->links[l].source;
                if (comp[u] < 0) {
                    comp[u] = r;
                    stack[n++] = u;
                }
            }
        }
        if (n >= 2)
            st = component_tree(p, is_bridge, local, stack, n, tu, tv, tw, &nt, err);
    }
    if (st) {
        rmi_cut_bound_destroy(cb);
        goto out;
    }
root:
    /* 3. root the cut tree (BFS from node 0 over its nt = N - 1 edges) */
    memset(off, 0, (size_t)(N + 1) * sizeof *off);
    for (int e = 0; e < nt; e++) {
        off[tu[e] + 1]++;
        off[tv[e] + 1]++;
    }
    for (int v = 0; v < N; v++)
        off[v + 1] += off[v];
    for (int v = 0; v < N; v++)
        it[v] = off[v];
    for (int e = 0; e < nt; e++) {
        adj[it[tu[e]]++] = e;
        adj[it[tv[e]]++] = e;
    }
    for (int v = 0; v < N; v++)
        tin[v] = 0;
    for (int r = 0; r < N; r++) {
        if (tin[r])
            continue;
        int n = 0;
        tin[r] = 1;
        stack[n++] = r;
        for (int h = 0; h < n; h++) {
            int v = stack[h];
            for (int a = off[v]; a < off[v + 1]; a++) {
                int e = adj[a], u = tu[e] == v ? tv[e] : tu[e];
                if (tin[u])
                    continue;
                tin[u] = 1;
                cb->parent[u] = v;
                if (tw[e] < INFINITY) {
                    cb->bridge_of[u] = cb->n_bridges;
                    cb->inv_cap[cb->n_bridges++] = mult / tw[e];
                }
                stack[n++] = u;
            }
        }
    }
out:
    free(off);
    free(adj);
    free(tin);
    free(low);
    free(plink);
    free(it);
    free(stack);
    free(par);
    free(is_bridge);
    free(la);
    free(lb);
    free(comp);
    free(local);
    free(tu);
    free(tv);
    free(tw);
    return st;
}

void rmi_cut_bound_reset(rm_cut_bound *cb)
{
    if (cb->count)
        memset(cb->count, 0, (size_t)(cb->n_bridges + 1) * sizeof *cb->count);
    cb->n_set = 0;
    cb->value = 0.0;
}

void rmi_cut_bound_add(rm_cut_bound *cb, int v)
{
    if (!cb->parent)
        return;
    cb->n_set++;
    for (int u = v; u >= 0; u = cb->parent[u])
        if (cb->bridge_of[u] >= 0)
            cb->count[cb->bridge_of[u]]++;
    /* a bridge separates the set when some but not all of its hosts are
     * below it; separation is kept as the set grows, so the value only rises */
    double best = cb->value;
    for (int b = 0; b < cb->n_bridges; b++)
        if (cb->count[b] > 0 && cb->count[b] < cb->n_set && cb->inv_cap[b] > best)
            best = cb->inv_cap[b];
    cb->value = best;
}

/* ---------------------------------------------------------------------- */
/* rm_host_bound: every host's own cost (heur/bounds/cut_bound.h, points 1-3)     */
/* ---------------------------------------------------------------------- */

/* relative slack on capacities and route costs: the shares are feasible up
 * to rounding (bw.h: rm_share_optimal scales down what rounding left above
 * capacity; the greedy shares are residuals) */
#define HB_SLACK 1e-9

void rmi_host_bound_destroy(rm_host_bound *hb)
{
    free(hb->host_of);
    free(hb->invw);
    free(hb->cap);
    free(hb->L);
    free(hb->coupled);
    free(hb->in);
    free(hb->ord_c);
    free(hb->ord_u);
    memset(hb, 0, sizeof *hb);
}

static rm_status hb_alloc(rm_host_bound *hb, const rm_platform *p, int parallel_send, rm_error *err)
{
    int N = p->n_nodes, H = p->n_hosts;
    memset(hb, 0, sizeof *hb);
    hb->n_nodes = N;
    hb->n_hosts = H;
    hb->parallel_send = parallel_send;
    hb->host_of = malloc((size_t)N * sizeof *hb->host_of + 1);
    hb->invw = malloc((size_t)H * sizeof *hb->invw + 1);
    hb->cap = calloc((size_t)H + 1, sizeof *hb->cap);
    hb->L = calloc((size_t)H + 1, sizeof *hb->L);
    hb->coupled = calloc((size_t)H + 1, 1);
    hb->in = calloc((size_t)H + 1, 1);
    hb->ord_c = malloc((size_t)H * sizeof *hb->ord_c + 1);
    hb->ord_u = malloc((size_t)H * sizeof *hb->ord_u + 1);
    if (!hb->host_of || !hb->invw || !hb->cap || !hb->L || !hb->coupled || !hb->in || !hb->ord_c ||
        !hb->ord_u) {
        rmi_host_bound_destroy(hb);
        return rm_error_set(err, RM_ENOMEM, "out of memory for the host bound of %d hosts", H);
    }
    for (int v = 0; v < N; v++)
        hb->host_of[v] = -1;
    for (int h = 0; h < H; h++) {
        hb->host_of[p->hosts[h]] = h;
        hb->invw[h] = 1.0 / p->nodes[p->hosts[h]].w;
    }
    return RM_OK;
}

/* idx[0..n-1] sorted by increasing key[idx], ties by host index (the
 * order is deterministic); -1 on allocation failure */
typedef struct {
    double key;
    int idx;
} hb_item;

static int hb_cmp(const void *a, const void *b)
{
    const hb_item *x = a, *y = b;
    return x->key < y->key ? -1 : x->key > y->key ? 1 : (x->idx > y->idx) - (x->idx < y->idx);
}

static int hb_sort(int *idx, int n, const double *key)
{
    hb_item *it = malloc((size_t)n * sizeof *it + 1);
    if (!it)
        return -1;
    for (int k = 0; k < n; k++) {
        it[k].key = key[idx[k]];
        it[k].idx = idx[k];
    }
    qsort(it, (size_t)n, sizeof *it, hb_cmp);
    for (int k = 0; k < n; k++)
        idx[k] = it[k].idx;
    free(it);
    return 0;
}

rm_status rmi_host_bound_init_shared(rm_host_bound *hb, const rm_network *net, int parallel_send,
                                    rm_error *err)
{
    const rm_platform *p = net->platform;
    rm_status st = hb_alloc(hb, p, parallel_send, err);
    if (st)
        return st;
    int H = p->n_hosts;
    /* c_i: the distinct resources of the usable arcs leaving node i (an arc
     * of link l is 2l or 2l+1: a resource is met at most twice, by the two
     * arcs of one link in half duplex; a self-loop is skipped) */
    for (int h = 0; h < H; h++)
        hb->coupled[h] = net->duplex == RM_DUPLEX_HALF && !p->directed;
    double *negc = malloc((size_t)H * sizeof *negc + 1);
    if (!negc) {
        rmi_host_bound_destroy(hb);
        return rm_error_set(err, RM_ENOMEM, "out of memory for the host bound of %d hosts", H);
    }
    for (int a = 0; a < net->n_arcs; a++) {
        int r = net->arc_res[a];
        if (r < 0 || net->arc_tail[a] == net->arc_head[a])
            continue;
        int ht = hb->host_of[net->arc_tail[a]];
        if (ht >= 0)
            hb->cap[ht] += net->res_backbone[r] ? 2.0 * net->res_cap[r] : net->res_cap[r];
        int hh = hb->host_of[net->arc_head[a]];
        if (hh >= 0 && net->res_backbone[r])
            hb->coupled[hh] = 0; /* an incoming route may not load the shared capacity */
        if (ht >= 0 && net->res_backbone[r])
            hb->coupled[ht] = 0;
    }
    /* in half duplex the incoming arcs use the resources of the outgoing
     * ones (one resource per undirected link): coupled stays valid only
     * when every arc into i is the reverse of a usable arc out of i, which
     * holds on an undirected half-duplex network */
    for (int h = 0; h < H; h++) {
        if (hb->coupled[h])
            hb->ord_c[hb->n_c++] = h;
        else
            hb->ord_u[hb->n_u++] = h;
        negc[h] = -hb->cap[h];
        hb->L[h] = hb->cap[h] > 0.0 ? (parallel_send ? 2.0 : 4.0) / (hb->cap[h] * (1.0 + HB_SLACK))
                                    : INFINITY;
    }
    int bad = hb_sort(hb->ord_c, hb->n_c, negc) || hb_sort(hb->ord_u, hb->n_u, hb->L);
    free(negc);
    if (bad) {
        rmi_host_bound_destroy(hb);
        return rm_error_set(err, RM_ENOMEM, "out of memory for the host bound of %d hosts", H);
    }
    return RM_OK;
}

rm_status rmi_host_bound_init_costs(rm_host_bound *hb, const rm_platform *p, const double *c,
                                   int parallel_send, rm_error *err)
{
    rm_status st = hb_alloc(hb, p, parallel_send, err);
    if (st)
        return st;
    int H = p->n_hosts;
    hb->costs = 1;
    for (int i = 0; i < H; i++) {
        double m1 = INFINITY, m2 = INFINITY;
        for (int j = 0; j < H; j++) {
            double x = c[(size_t)i * H + j];
            if (j == i || !(x < m2))
                continue;
            if (x < m1) {
                m2 = m1;
                m1 = x;
            } else {
                m2 = x;
            }
        }
        hb->L[i] = rm_host_cost(m1, m2, parallel_send);
        hb->ord_u[hb->n_u++] = i;
    }
    if (hb_sort(hb->ord_u, hb->n_u, hb->L)) {
        rmi_host_bound_destroy(hb);
        return rm_error_set(err, RM_ENOMEM, "out of memory for the host bound of %d hosts", H);
    }
    return RM_OK;
}

void rmi_host_bound_reset(rm_host_bound *hb)
{
    if (hb->in)
        memset(hb->in, 0, (size_t)hb->n_hosts);
    hb->n_in = 0;
}

void rmi_host_bound_add(rm_host_bound *hb, int v)
{
    if (!hb->host_of || v < 0 || v >= hb->n_nodes)
        return;
    int h = hb->host_of[v];
    if (h >= 0 && !hb->in[h]) {
        hb->in[h] = 1;
        hb->n_in++;
    }
}

double rmi_host_bound_value(rm_host_bound *hb, double dc_dw, double t0)
{
    int H = hb->n_hosts;
    if (!hb->host_of || hb->n_in >= H)
        return INFINITY;
    if (!hb->costs) {
        /* L_i(T0) of the coupled hosts (point 2): x1 + x2 <= c_i - 2 d/T0,
         * with the slack on c_i and on d/T0 */
        double y = 2.0 * dc_dw / t0 * (1.0 - HB_SLACK);
        double own = hb->parallel_send ? 2.0 : 4.0;
        for (int k = 0; k < hb->n_c; k++) {
            int h = hb->ord_c[k];
            double x = hb->cap[h] * (1.0 + HB_SLACK) - y;
            hb->L[h] = x > 0.0 ? own / x : INFINITY;
        }
    }
    /* point 1 over the set R */
    double A = 1.0, B = 0.0, lmax = 0.0;
    for (int h = 0; h < H; h++)
        if (hb->in[h]) {
            A += dc_dw * hb->L[h] * hb->invw[h];
            B += hb->invw[h];
            if (hb->L[h] > lmax)
                lmax = hb->L[h];
        }
    /* point 3: the hosts out of the set by increasing L (merge of the two
     * sorted lists); U' = those with d L_j < T0, a prefix */
    double best = INFINITY, pa = A, pb = B, first_out = INFINITY;
    int kc = 0, ku = 0, prefix_on = 1;
    for (;;) {
        while (kc < hb->n_c && hb->in[hb->ord_c[kc]])
            kc++;
        while (ku < hb->n_u && hb->in[hb->ord_u[ku]])
            ku++;
        int j;
        if (kc < hb->n_c && (ku >= hb->n_u || hb->L[hb->ord_c[kc]] <= hb->L[hb->ord_u[ku]]))
            j = hb->ord_c[kc++];
        else if (ku < hb->n_u)
            j = hb->ord_u[ku++];
        else
            break;
        double dl = dc_dw * hb->L[j];
        if (!(dl < t0)) {
            first_out = dl;
            break;
        }
        double a = dl * hb->invw[j], b = hb->invw[j];
        /* (b) j alone */
        double single = (A + a) / (B + b);
        if (single < best)
            best = single;
        /* (a) the prefix up to j: once d L_j is not below the prefix ratio,
         * every longer prefix is larger (heur/bounds/cut_bound.h, point 3) */
        if (prefix_on) {
            if (pb > B && !(dl < pa / pb))
                prefix_on = 0;
            else {
                pa += a;
                pb += b;
                if (pa / pb < best)
                    best = pa / pb;
            }
        }
    }
    if (first_out < best)
        best = first_out;
    double lm = dc_dw * lmax;
    return lm > best ? lm : best;
}
