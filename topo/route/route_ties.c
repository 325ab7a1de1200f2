/*
 * route_ties.c — tie rules between equally wide routes (beyond Legrand et
 * al. 2004; topo/route/route_ties.h): the width of the index rule's route, then an
 * exact search among the paths of that width (a widest path on the rule's
 * own value, then a least-cost path over the arcs that keep both values).
 */
#include "topo/route/route_ties.h"
#include "topo/route/routing.h"
#include "topo/route/widest.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

struct rmi_ties {
    rm_route_ties rule;
    int n_nodes, n_res;
    int *out_start, *out_arcs; /* usable arcs by tail, increasing arc index */
    int *load;                 /* n_res: routes placed on each resource */
    double *key;               /* n_nodes: the search's key (min-heap) */
    int *arc;                  /* n_nodes: arc entering the node in the search's tree */
    int *heap, *pos;           /* n_nodes: binary min-heap, pos -1 = unseen, -2 = settled */
    int *path;                 /* n_nodes: a route's arcs, reversed */
};

void rmi_ties_free(rmi_ties *t)
{
    if (!t)
        return;
    free(t->out_start);
    free(t->out_arcs);
    free(t->load);
    free(t->key);
    free(t->arc);
    free(t->heap);
    free(t->pos);
    free(t->path);
    free(t);
}

rm_status rmi_ties_new(const rm_network *net, rm_routing routing, rm_route_ties rule,
                       rmi_ties **out, rm_error *err)
{
    *out = NULL;
    if (rule == RM_TIES_INDEX || routing != RM_ROUTING_WIDEST)
        return RM_OK;
    rmi_ties *t = calloc(1, sizeof *t);
    if (!t)
        return rm_error_set(err, RM_ENOMEM, "out of memory for the route tie rule");
    int N = net->platform->n_nodes, A = net->n_arcs;
    size_t ns = (size_t)N + 1;
    t->rule = rule;
    t->n_nodes = N;
    t->n_res = net->n_res;
    t->out_start = calloc(ns, sizeof(int));
    t->out_arcs = malloc(((size_t)A + 1) * sizeof(int));
    t->load = calloc((size_t)net->n_res + 1, sizeof(int));
    t->key = malloc(ns * sizeof(double));
    t->arc = malloc(ns * sizeof(int));
    t->heap = malloc(ns * sizeof(int));
    t->pos = malloc(ns * sizeof(int));
    t->path = malloc(ns * sizeof(int));
    if (!t->out_start || !t->out_arcs || !t->load || !t->key || !t->arc || !t->heap || !t->pos ||
        !t->path) {
        rmi_ties_free(t);
        return rm_error_set(err, RM_ENOMEM, "out of memory for the route tie rule");
    }
    for (int a = 0; a < A; a++)
        if (net->arc_res[a] >= 0)
            t->out_start[net->arc_tail[a] + 1]++;
    for (int v = 0; v < N; v++)
        t->out_start[v + 1] += t->out_start[v];
    memcpy(t->pos, t->out_start, (size_t)N * sizeof(int)); /* insertion cursors */
    for (int a = 0; a < A; a++)
        if (net->arc_res[a] >= 0)
            t->out_arcs[t->pos[net->arc_tail[a]]++] = a;
    *out = t;
    return RM_OK;
}

void rmi_ties_reset(rmi_ties *t)
{
    if (t)
        memset(t->load, 0, (size_t)t->n_res * sizeof(int));
}

/* ---- an indexed binary min-heap on key, ties to the smaller node -------- */

static inline int before(const double *key, int u, int v)
{
    return key[u] < key[v] || (key[u] == key[v] && u < v);
}

static void heap_up(rmi_ties *t, int i)
{
    int v = t->heap[i];
    while (i > 0) {
        int parent = (i - 1) / 2, u = t->heap[parent];
        if (!before(t->key, v, u))
            break;
        t->heap[i] = u;
        t->pos[u] = i;
        i = parent;
    }
    t->heap[i] = v;
    t->pos[v] = i;
}

static void heap_down(rmi_ties *t, int n, int i)
{
    int v = t->heap[i];
    for (;;) {
        int l = 2 * i + 1;
        if (l >= n)
            break;
        int b = l;
        if (l + 1 < n && before(t->key, t->heap[l + 1], t->heap[l]))
            b = l + 1;
        if (!before(t->key, t->heap[b], v))
            break;
        t->heap[i] = t->heap[b];
        t->pos[t->heap[i]] = i;
        i = b;
    }
    t->heap[i] = v;
    t->pos[v] = i;
}

/* Value of arc a (width wa) in the second phase, a widest path: bottleneck2,
 * its width when wider than W, else +inf (the arcs of width W do not count in
 * the second bottleneck); share, the equal share wa / (routes on it + 1) the
 * route would get (a backbone: wa); the other rules, +inf (no second phase). */
static inline double second_value(const rmi_ties *t, const rm_network *net, int a, double wa,
                                  double W)
{
    if (t->rule == RM_TIES_BOTTLENECK2)
        return wa > W ? wa : INFINITY;
    if (t->rule == RM_TIES_SHARE) {
        int r = net->arc_res[a];
        return net->res_backbone[r] ? wa : wa / (double)(t->load[r] + 1);
    }
    return INFINITY;
}

/* Cost of arc a in the least-cost phase: load * N + 1 (the load rule: the
 * routes already on its resource first, then one per hop; exact in a
 * double below 2^53) or 1 (fewest hops). */
static inline double arc_cost(const rmi_ties *t, const rm_network *net, int a)
{
    if (t->rule != RM_TIES_LOAD && t->rule != RM_TIES_SHARE)
        return 1.0;
    int r = net->arc_res[a];
    return (double)t->load[r] * (double)t->n_nodes + 1.0;
}

/*
 * One search from src over the arcs of width >= W (and, when widest2, of
 * second value >= V2). widest2 = 1: a widest path on second_value (key =
 * -value, so that the min-heap settles the widest first; an arc is replaced
 * only by a strictly wider path); 0: a least-cost path on arc_cost. Stops
 * when dst is settled. Returns the key of dst (+inf: not reached).
 */
static double search(rmi_ties *t, const rm_network *net, const double *residual, int src, int dst,
                     double W, double V2, int widest2)
{
    int N = t->n_nodes;
    for (int v = 0; v < N; v++) {
        t->key[v] = INFINITY;
        t->arc[v] = -1;
        t->pos[v] = -1;
    }
    t->key[src] = widest2 ? -INFINITY : 0.0;
    t->heap[0] = src;
    t->pos[src] = 0;
    int n = 1;
    while (n > 0) {
        int u = t->heap[0];
        t->pos[u] = -2;
        if (--n > 0) {
            t->heap[0] = t->heap[n];
            t->pos[t->heap[0]] = 0;
            heap_down(t, n, 0);
        }
        if (u == dst)
            break;
        double ku = t->key[u];
        for (int k = t->out_start[u], ke = t->out_start[u + 1]; k < ke; k++) {
            int a = t->out_arcs[k], v = net->arc_head[a];
            if (t->pos[v] == -2)
                continue;
            double wa = rm_arc_width(net, residual, a);
            if (!(wa >= W) || !(wa > 0.0))
                continue;
            double kv;
            if (widest2) {
                double x = -second_value(t, net, a, wa, W); /* key = -(bottleneck so far) */
                kv = ku > x ? ku : x;
            } else {
                if (!(second_value(t, net, a, wa, W) >= V2))
                    continue;
                kv = ku + arc_cost(t, net, a);
            }
            if (!(kv < t->key[v]))
                continue;
            t->key[v] = kv;
            t->arc[v] = a;
            if (t->pos[v] < 0) {
                t->heap[n] = v;
                t->pos[v] = n;
                n++;
            }
            heap_up(t, t->pos[v]);
        }
    }
    return t->pos[dst] == -2 ? t->key[dst] : INFINITY;
}

/* Count route r's resources once more (backbones: never, each route has
 * them whole). */
static void add_load(rmi_ties *t, const rm_network *net, const rm_route *r)
{
    for (int i = 0; i < r->n_arcs; i++) {
        int res = net->arc_res[r->arcs[i]];
        if (res >= 0 && !net->res_backbone[res])
            t->load[res]++;
    }
}

rm_status rmi_ties_route(rmi_ties *t, const rm_network *net, rm_routing routing,
                         const double *residual, int src, int dst, rm_route *route, rm_error *err)
{
    rm_status st = rmi_routing_route(net, routing, residual, src, dst, route, err);
    if (st || !t)
        return st;
    double W = route->bandwidth;
    if (src != dst && W > 0.0) {
        double V2 = -INFINITY;
        if (t->rule == RM_TIES_BOTTLENECK2 || t->rule == RM_TIES_SHARE)
            V2 = -search(t, net, residual, src, dst, W, -INFINITY, 1);
        double c = search(t, net, residual, src, dst, W, V2, 0);
        if (isfinite(c)) { /* always: the index route itself qualifies */
            int n = 0;
            for (int v = dst; v != src && n < t->n_nodes; v = net->arc_tail[t->arc[v]])
                t->path[n++] = t->arc[v];
            int *arcs = realloc(route->arcs, (size_t)n * sizeof *arcs);
            if (!arcs)
                return rm_error_set(err, RM_ENOMEM, "out of memory for a route");
            for (int i = 0; i < n; i++)
                arcs[i] = t->path[n - 1 - i];
            route->arcs = arcs;
            route->n_arcs = n;
        }
    }
    add_load(t, net, route);
    return RM_OK;
}

void rmi_ties_unload(rmi_ties *t, const rm_network *net, const rm_route *r)
{
    for (int i = 0; t && i < r->n_arcs; i++) {
        int res = net->arc_res[r->arcs[i]];
        if (res >= 0 && !net->res_backbone[res])
            t->load[res]--;
    }
}
