/*
 * routing.c — the routing layer of the ring heuristics and exact baselines
 * (issue 6): widest-path trees, single routes and the complete graph of
 * SliceRing, either by widest (maximum-bottleneck) paths on the network
 * (seed 001 §4.4.2, rm_routing = RM_ROUTING_WIDEST, delegated to topo/) or by
 * direct links only (RM_ROUTING_DIRECT: the route between two hosts is the
 * widest single arc joining them, none if they are not adjacent). Direct
 * routing takes the complete-graph instance of SliceRing (§2.2, §3.1) as
 * given; it is what the Theorem 1 reduction needs, where widest paths through
 * third nodes would give every pair of a connected graph the eps cost.
 */
#include "ring/ring_internal.h"

#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Width of usable arc a on residual (full capacity when residual is NULL or
 * the resource is a backbone), as topo/network.c counts it; <= 0 -> 0. */
static double direct_arc_width(const rm_network *net, const double *residual, int a)
{
    int r = net->arc_res[a];
    if (r < 0)
        return 0.0;
    double x = (residual && !net->res_backbone[r]) ? residual[r] : net->res_cap[r];
    return x > 0.0 ? x : 0.0;
}

/* ---- fixed routes (the platform file's, --routing fixed) ---------------- */

/* Arcs of the fixed route a -> b (node indices) into arcs[] (capacity
 * cap); returns the count, 0 when the file fixes no route, -1 if the route is
 * not a simple path of usable arcs from a to b. O(len^2). */
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

static int fixed_arcs(const rm_network *net, int a, int b, int *arcs, int cap)
{
    const rm_platform *p = net->platform;
    int ia = host_position(p, a), ib = host_position(p, b);
    if (ia < 0 || ib < 0)
        return 0; /* fixed routes join hosts only */
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
        if (net->arc_res[arc] < 0)
            return -1;
        arcs[i - s] = arc;
        at = net->arc_head[arc];
        /* a simple path only: a node visited twice would loop the tree */
        if (at == a)
            return -1;
        for (int j = s; j < i; j++)
            if (net->arc_head[arcs[j - s]] == at)
                return -1;
    }
    return at == b ? e - s : -1;
}

static rm_status need_fixed(const rm_network *net, rm_error *err)
{
    if (!net->platform->fixed_route_start)
        return rm_error_set(err, RM_EINPUT,
                            "platform %s fixes no routes (--routing fixed needs a SimGrid file "
                            "with <route> elements)",
                            net->platform->name ? net->platform->name : "");
    return RM_OK;
}

static double fixed_width(const rm_network *net, const double *residual, const int *arcs, int n)
{
    double x = INFINITY;
    for (int i = 0; i < n; i++) {
        double y = direct_arc_width(net, residual, arcs[i]);
        if (y < x)
            x = y;
    }
    return x;
}

/* Tree of the fixed routes from src (to src when reverse). The routes of a
 * file from one source must be prefix-closed (to src: suffix-closed), as
 * shortest-path routing tables are, for them to form the tree the heuristics
 * walk; otherwise RM_EINPUT names the pair. */
static rm_status fixed_tree(const rm_network *net, const double *residual, int src, int reverse,
                            double *width, int *in_arc, rm_error *err)
{
    rm_status st = need_fixed(net, err);
    if (st)
        return st;
    const rm_platform *p = net->platform;
    int N = p->n_nodes;
    int *arcs = malloc((size_t)(p->n_links + 1) * sizeof *arcs);
    int *tree = malloc((size_t)N * sizeof *tree);
    if (!arcs || !tree) {
        free(arcs);
        free(tree);
        return rm_error_set(err, RM_ENOMEM, "out of memory for fixed routes");
    }
    for (int v = 0; v < N; v++) {
        tree[v] = -1;
        if (width)
            width[v] = 0.0;
    }
    /* every route from src (to src) sets the tree arc of each node it passes;
     * two routes that disagree on a node's arc do not form a tree */
    for (int v = 0; v < N && !st; v++) {
        if (v == src)
            continue;
        int n = reverse ? fixed_arcs(net, v, src, arcs, p->n_links)
                        : fixed_arcs(net, src, v, arcs, p->n_links);
        if (n < 0) {
            st = rm_error_set(err, RM_EINPUT, "fixed route %s -> %s is not a simple path over usable links",
                              p->nodes[reverse ? v : src].label, p->nodes[reverse ? src : v].label);
            break;
        }
        if (n == 0)
            continue;
        if (width) {
            double x = fixed_width(net, residual, arcs, n);
            width[v] = x > 0.0 ? x : 0.0;
        }
        for (int i = 0; i < n; i++) {
            int a = arcs[i], u = reverse ? net->arc_tail[a] : net->arc_head[a];
            if (tree[u] < 0) {
                tree[u] = a;
            } else if (tree[u] != a) {
                st = rm_error_set(err, RM_EINPUT,
                                  "the fixed routes %s %s do not form a tree (the route %s -> %s "
                                  "reaches %s by another link than an other route does); "
                                  "--routing fixed needs shortest-path-like routing tables",
                                  reverse ? "to" : "from", p->nodes[src].label,
                                  p->nodes[reverse ? v : src].label,
                                  p->nodes[reverse ? src : v].label, p->nodes[u].label);
                break;
            }
        }
    }
    if (!st) {
        if (width)
            width[src] = INFINITY;
        if (in_arc)
            for (int v = 0; v < N; v++)
                in_arc[v] = v == src ? -1 : tree[v];
    }
    free(arcs);
    free(tree);
    return st;
}

static rm_status fixed_route(const rm_network *net, const double *residual, int src, int dst,
                             rm_route *route, rm_error *err)
{
    rm_status st = need_fixed(net, err);
    if (st)
        return st;
    const rm_platform *p = net->platform;
    int *arcs = malloc((size_t)(p->n_links + 1) * sizeof *arcs);
    if (!arcs)
        return rm_error_set(err, RM_ENOMEM, "out of memory for a fixed route");
    int n = src == dst ? 0 : fixed_arcs(net, src, dst, arcs, p->n_links);
    if (n < 0) {
        free(arcs);
        return rm_error_set(err, RM_EINPUT, "fixed route %s -> %s is not a simple path over usable links",
                            p->nodes[src].label, p->nodes[dst].label);
    }
    double x = fixed_width(net, residual, arcs, n);
    free(route->arcs);
    route->src = src;
    route->dst = dst;
    route->n_arcs = n;
    route->arcs = n ? arcs : NULL;
    if (!n)
        free(arcs);
    route->bandwidth = src == dst ? INFINITY : n == 0 ? 0.0 : (x > 0.0 ? x : 0.0);
    return RM_OK;
}

rm_status rm_routing_tree(const rm_network *net, rm_routing routing, const double *residual,
                          int src, int reverse, double *width, int *in_arc, rm_error *err)
{
    if (routing == RM_ROUTING_FIXED)
        return fixed_tree(net, residual, src, reverse, width, in_arc, err);
    if (routing != RM_ROUTING_DIRECT)
        return rm_widest_tree(net, residual, src, reverse, width, in_arc, err);
    int N = net->platform->n_nodes;
    if (src < 0 || src >= N)
        return rm_error_set(err, RM_EINPUT, "direct route: source node %d not in 0..%d", src,
                            N - 1);
    for (int v = 0; v < N; v++) {
        if (width)
            width[v] = 0.0;
        if (in_arc)
            in_arc[v] = -1;
    }
    /* the widest arc leaving src (entering it, for a reverse tree); ties:
     * the lowest arc index */
    for (int a = 0; a < net->n_arcs; a++) {
        int from = reverse ? net->arc_head[a] : net->arc_tail[a];
        if (from != src)
            continue;
        int v = reverse ? net->arc_tail[a] : net->arc_head[a];
        double x = direct_arc_width(net, residual, a);
        if (!(x > 0.0))
            continue;
        if (width && x > width[v]) {
            width[v] = x;
            if (in_arc)
                in_arc[v] = a;
        } else if (!width && in_arc && in_arc[v] < 0) {
            in_arc[v] = a; /* widths not wanted: still the widest arc */
            for (int b = a + 1; b < net->n_arcs; b++) {
                int f2 = reverse ? net->arc_head[b] : net->arc_tail[b];
                int v2 = reverse ? net->arc_tail[b] : net->arc_head[b];
                if (f2 == src && v2 == v &&
                    direct_arc_width(net, residual, b) > direct_arc_width(net, residual, in_arc[v]))
                    in_arc[v] = b;
            }
        }
    }
    if (width)
        width[src] = INFINITY;
    if (in_arc)
        in_arc[src] = -1;
    return RM_OK;
}

rm_status rm_routing_route(const rm_network *net, rm_routing routing, const double *residual,
                           int src, int dst, rm_route *route, rm_error *err)
{
    if (routing == RM_ROUTING_FIXED)
        return fixed_route(net, residual, src, dst, route, err);
    if (routing != RM_ROUTING_DIRECT)
        return rm_widest_route(net, residual, src, dst, route, err);
    int N = net->platform->n_nodes;
    if (src < 0 || src >= N || dst < 0 || dst >= N)
        return rm_error_set(err, RM_EINPUT, "direct route: node %d or %d not in 0..%d", src, dst,
                            N - 1);
    route->src = src;
    route->dst = dst;
    if (src == dst) {
        free(route->arcs);
        route->arcs = NULL;
        route->n_arcs = 0;
        route->bandwidth = INFINITY;
        return RM_OK;
    }
    int best = -1;
    double bw = 0.0;
    for (int a = 0; a < net->n_arcs; a++)
        if (net->arc_tail[a] == src && net->arc_head[a] == dst) {
            double x = direct_arc_width(net, residual, a);
            if (x > bw) {
                bw = x;
                best = a;
            }
        }
    if (best < 0) { /* not adjacent: no route (bandwidth 0), as rm_widest_route */
        free(route->arcs);
        route->arcs = NULL;
        route->n_arcs = 0;
        route->bandwidth = 0.0;
        return RM_OK;
    }
    int *arcs = realloc(route->arcs, sizeof *arcs);
    if (!arcs)
        return rm_error_set(err, RM_ENOMEM, "out of memory for a route");
    route->arcs = arcs;
    route->arcs[0] = best;
    route->n_arcs = 1;
    route->bandwidth = bw;
    return RM_OK;
}

rm_status rm_routing_matrix(const rm_network *net, rm_routing routing, double *bw, rm_error *err)
{
    const rm_platform *p = net->platform;
    if (routing == RM_ROUTING_FIXED) {
        int H = p->n_hosts;
        rm_route r = {0};
        rm_status st = RM_OK;
        for (int i = 0; i < H && !st; i++)
            for (int j = 0; j < H && !st; j++) {
                if (i == j) {
                    bw[(size_t)i * H + j] = INFINITY;
                    continue;
                }
                st = fixed_route(net, NULL, p->hosts[i], p->hosts[j], &r, err);
                bw[(size_t)i * H + j] = r.bandwidth;
            }
        rm_route_clear(&r);
        return st;
    }
    if (routing != RM_ROUTING_DIRECT)
        return rm_capacity_matrix(net, bw, err);
    int H = p->n_hosts, N = p->n_nodes;
    int *hidx = malloc((size_t)N * sizeof *hidx);
    if (!hidx)
        return rm_error_set(err, RM_ENOMEM, "out of memory for the direct-link matrix");
    for (int v = 0; v < N; v++)
        hidx[v] = -1;
    for (int h = 0; h < H; h++)
        hidx[p->hosts[h]] = h;
    for (int i = 0; i < H; i++)
        for (int j = 0; j < H; j++)
            bw[(size_t)i * H + j] = i == j ? INFINITY : 0.0;
    for (int a = 0; a < net->n_arcs; a++) {
        int i = hidx[net->arc_tail[a]], j = hidx[net->arc_head[a]];
        if (i < 0 || j < 0 || i == j)
            continue;
        double x = direct_arc_width(net, NULL, a);
        if (x > bw[(size_t)i * H + j])
            bw[(size_t)i * H + j] = x;
    }
    free(hidx);
    return RM_OK;
}
