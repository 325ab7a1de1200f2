/*
 * widest.c — our own widest (maximum-bottleneck) path trees, Legrand et al. 2004
 * §4.4.2 ("paths of maximal bandwidth, using a standard shortest path
 * algorithm"): Dijkstra where a path's value is the minimum width of its
 * arcs and the widest node is settled first. The adjacency (CSR of the
 * usable arcs, both directions) is built once per network and the heap lives
 * in a workspace the network's pool hands out (rm_route_ws), so a call
 * allocates nothing — SharedRing makes O(p^2) to O(p^3) of them. igraph_get_widest_paths (network.c,
 * rm_widest_tree_igraph) remains the reference implementation.
 */
#include "topo/route/widest.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

void rmi_widest_csr_free(rm_widest_csr *c)
{
    if (!c)
        return;
    free(c->out_start);
    free(c->out_arcs);
    free(c->in_start);
    free(c->in_arcs);
    free(c->leaf_of);
    free(c->core);
    free(c->cout_start);
    free(c->cout_arcs);
    free(c->cin_start);
    free(c->cin_arcs);
    memset(c, 0, sizeof *c);
}

rm_route_ws *rmi_route_ws_new(int n_nodes)
{
    rm_route_ws *w = calloc(1, sizeof *w);
    if (!w)
        return NULL;
    size_t ns = (size_t)n_nodes + 1;
    w->width = malloc(ns * sizeof *w->width);
    w->arc = malloc(ns * sizeof *w->arc);
    w->stack = malloc(ns * sizeof *w->stack);
    w->heap = malloc(ns * sizeof *w->heap);
    w->pos = malloc(ns * sizeof *w->pos);
    if (!w->width || !w->arc || !w->stack || !w->heap || !w->pos) {
        rmi_route_ws_free(w);
        return NULL;
    }
    return w;
}

void rmi_route_ws_free(rm_route_ws *w)
{
    if (!w)
        return;
    free(w->width);
    free(w->arc);
    free(w->stack);
    free(w->heap);
    free(w->pos);
    free(w);
}

int rmi_widest_csr_init(rm_widest_csr *c, const rm_network *net)
{
    memset(c, 0, sizeof *c);
    int N = net->platform->n_nodes, A = net->n_arcs;
    c->n_nodes = N;
    size_t ns = (size_t)N + 1, na = (size_t)A + 1;
    c->out_start = calloc(ns, sizeof(int));
    c->in_start = calloc(ns, sizeof(int));
    c->out_arcs = malloc(na * sizeof(int));
    c->in_arcs = malloc(na * sizeof(int));
    c->leaf_of = malloc(ns * sizeof(int));
    c->core = malloc(ns * sizeof(int));
    int *oc = malloc(ns * sizeof(int)), *ic = malloc(ns * sizeof(int));
    if (!c->out_start || !c->in_start || !c->out_arcs || !c->in_arcs || !c->leaf_of || !c->core || !oc || !ic) {
        free(oc);
        free(ic);
        rmi_widest_csr_free(c);
        return -1;
    }
    for (int a = 0; a < A; a++) {
        if (net->arc_res[a] < 0)
            continue;
        c->out_start[net->arc_tail[a] + 1]++;
        c->in_start[net->arc_head[a] + 1]++;
    }
    for (int v = 0; v < N; v++) {
        c->out_start[v + 1] += c->out_start[v];
        c->in_start[v + 1] += c->in_start[v];
    }
    /* fill in increasing arc order (oc, ic: insertion cursors) */
    memcpy(oc, c->out_start, (size_t)N * sizeof(int));
    memcpy(ic, c->in_start, (size_t)N * sizeof(int));
    for (int a = 0; a < A; a++) {
        if (net->arc_res[a] < 0)
            continue;
        c->out_arcs[oc[net->arc_tail[a]]++] = a;
        c->in_arcs[ic[net->arc_head[a]]++] = a;
    }
    free(oc);
    free(ic);
    /* leaves: every usable arc of v (out and in) joins v to one node u != v */
    for (int v = 0; v < N; v++) {
        int u = -1, ok = 1;
        for (int k = c->out_start[v]; ok && k < c->out_start[v + 1]; k++) {
            int h = net->arc_head[c->out_arcs[k]];
            if (h == v || (u >= 0 && h != u))
                ok = 0;
            u = h;
        }
        for (int k = c->in_start[v]; ok && k < c->in_start[v + 1]; k++) {
            int t = net->arc_tail[c->in_arcs[k]];
            if (t == v || (u >= 0 && t != u))
                ok = 0;
            u = t;
        }
        /* a node without usable arcs (a link too slow for the model,
         * topo/io/unusable.h) is a core node: core searches give it width 0 */
        c->leaf_of[v] = ok && u >= 0 ? u : -1;
        if (c->leaf_of[v] < 0)
            c->core[c->n_core++] = v;
    }
    /* the core adjacency: the arcs between a node and a core node (a search
     * of the core never relaxes an arc to a leaf other than src, and src is
     * settled first), in the same order */
    c->cout_start = malloc(ns * sizeof(int));
    c->cin_start = malloc(ns * sizeof(int));
    c->cout_arcs = malloc(na * sizeof(int));
    c->cin_arcs = malloc(na * sizeof(int));
    if (!c->cout_start || !c->cin_start || !c->cout_arcs || !c->cin_arcs) {
        rmi_widest_csr_free(c);
        return -1;
    }
    int no = 0, ni = 0;
    for (int v = 0; v < N; v++) {
        c->cout_start[v] = no;
        c->cin_start[v] = ni;
        for (int k = c->out_start[v]; k < c->out_start[v + 1]; k++)
            if (c->leaf_of[net->arc_head[c->out_arcs[k]]] < 0)
                c->cout_arcs[no++] = c->out_arcs[k];
        for (int k = c->in_start[v]; k < c->in_start[v + 1]; k++)
            if (c->leaf_of[net->arc_tail[c->in_arcs[k]]] < 0)
                c->cin_arcs[ni++] = c->in_arcs[k];
    }
    c->cout_start[N] = no;
    c->cin_start[N] = ni;
    return 0;
}

/* Heap order: wider first, then smaller node index. */
static inline int better(const double *width, int u, int v)
{
    return width[u] > width[v] || (width[u] == width[v] && u < v);
}

static inline void sift_up(int *heap, int *pos, const double *width, int i)
{
    int v = heap[i];
    while (i > 0) {
        int parent = (i - 1) / 2;
        int u = heap[parent];
        if (!better(width, v, u))
            break;
        heap[i] = u;
        pos[u] = i;
        i = parent;
    }
    heap[i] = v;
    pos[v] = i;
}

static inline void sift_down(int *heap, int *pos, const double *width, int n, int i)
{
    int v = heap[i];
    for (;;) {
        int l = 2 * i + 1;
        if (l >= n)
            break;
        int b = l;
        if (l + 1 < n && better(width, heap[l + 1], heap[l]))
            b = l + 1;
        if (!better(width, heap[b], v))
            break;
        heap[i] = heap[b];
        pos[heap[i]] = i;
        i = b;
    }
    heap[i] = v;
    pos[v] = i;
}

void rmi_widest_csr_run(const rm_widest_csr *c, rm_route_ws *ws, const rm_network *net,
                       const double *residual, int src, int reverse, int target, double *width,
                       int *arc)
{
    int N = c->n_nodes;
    int *heap = ws->heap, *pos = ws->pos;
    int core_mode = target == RM_WIDEST_CORE;
    const int *start = core_mode ? (reverse ? c->cin_start : c->cout_start)
                                 : (reverse ? c->in_start : c->out_start);
    const int *arcs = core_mode ? (reverse ? c->cin_arcs : c->cout_arcs)
                                : (reverse ? c->in_arcs : c->out_arcs);
    const int *other = reverse ? net->arc_tail : net->arc_head;
    /* full tree: leaves are filled after the search (see widest.h); one
     * route (target >= 0): no leaf but target is searched, since a leaf
     * relaxes only its node, settled before it, and the heap's order is
     * total (better): the other nodes pop in the same order, with the same
     * widths and arcs, up to target */
    const int *leaf = c->leaf_of;
    int core_only = target == RM_WIDEST_CORE;
    if (core_only) {
        for (int x = 0; x < c->n_core; x++) {
            int v = c->core[x];
            width[v] = 0.0;
            arc[v] = -1;
            pos[v] = -1;
        }
    } else {
        for (int v = 0; v < N; v++) {
            width[v] = 0.0;
            arc[v] = -1;
            pos[v] = -1;
        }
    }
    arc[src] = -1;
    width[src] = INFINITY;
    heap[0] = src;
    pos[src] = 0;
    int n = 1;
    while (n > 0) {
        int u = heap[0];
        pos[u] = -2;
        if (--n > 0) {
            heap[0] = heap[n];
            pos[heap[0]] = 0;
            sift_down(heap, pos, width, n, 0);
        }
        if (u == target)
            break;
        double wu = width[u];
        for (int k = start[u], ke = start[u + 1]; k < ke; k++) {
            int a = arcs[k];
            int v = other[a];
            if ((leaf[v] >= 0 && v != src && v != target) || pos[v] == -2)
                continue;
            double wa = rm_arc_width(net, residual, a);
            double w = wu < wa ? wu : wa;
            if (!(w > width[v])) /* also skips w == 0: unusable arc */
                continue;
            width[v] = w;
            arc[v] = a;
            if (pos[v] < 0) {
                heap[n] = v;
                pos[v] = n;
                n++;
            }
            sift_up(heap, pos, width, pos[v]);
        }
    }
    if (target >= 0 || core_only)
        return;
    /* a leaf v != src would have been relaxed only when its node u was
     * popped, by u's arcs to v in CSR order (arc index order, as v's own
     * list in the other direction) */
    const int *vstart = reverse ? c->out_start : c->in_start;
    const int *varcs = reverse ? c->out_arcs : c->in_arcs;
    for (int v = 0; v < N; v++) {
        int u = leaf[v];
        if (u < 0 || v == src)
            continue;
        double wu = width[u];
        if (!(wu > 0.0))
            continue;
        for (int k = vstart[v], ke = vstart[v + 1]; k < ke; k++) {
            int a = varcs[k];
            double wa = rm_arc_width(net, residual, a);
            double w = wu < wa ? wu : wa;
            if (w > width[v]) {
                width[v] = w;
                arc[v] = a;
            }
        }
    }
}

void rmi_widest_csr_leaf(const rm_widest_csr *c, const rm_network *net, const double *residual,
                        int src, int reverse, int v, double *width, int *arc)
{
    int u = c->leaf_of[v];
    if (u < 0 || v == src)
        return;
    /* as the fill of rmi_widest_csr_run; u is a core node or src (a leaf
     * whose node is a leaf too: a component of two nodes, unreachable
     * unless src is in it) */
    width[v] = 0.0;
    arc[v] = -1;
    if (c->leaf_of[u] >= 0 && u != src)
        return;
    double wu = width[u];
    if (!(wu > 0.0))
        return;
    const int *vstart = reverse ? c->out_start : c->in_start;
    const int *varcs = reverse ? c->out_arcs : c->in_arcs;
    for (int k = vstart[v], ke = vstart[v + 1]; k < ke; k++) {
        int a = varcs[k];
        double wa = rm_arc_width(net, residual, a);
        double w = wu < wa ? wu : wa;
        if (w > width[v]) {
            width[v] = w;
            arc[v] = a;
        }
    }
}
