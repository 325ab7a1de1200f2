/*
 * routing.c — the routing layer of the ring heuristics and exact baselines:
 * widest-path trees, single routes and the complete graph of
 * SliceRing, either by widest (maximum-bottleneck) paths on the network
 * (Legrand et al. 2004 §4.4.2, rm_routing = RM_ROUTING_WIDEST, delegated to topo/) or by
 * direct links only (RM_ROUTING_DIRECT: the route between two hosts is the
 * widest single arc joining them, none if they are not adjacent). Direct
 * routing takes the complete-graph instance of SliceRing (§2.2, §3.1) as
 * given; it is what the Theorem 1 reduction needs, where widest paths through
 * third nodes would give every pair of a connected graph the eps cost.
 */
#include "topo/route/routing.h"
#include "topo/route/widest.h"
#include "topo/io/sg_store.h"

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

rm_routing rm_routing_resolve(const rm_network *net, rm_routing routing)
{
    if (routing != RM_ROUTING_AUTO)
        return routing;
    return net && net->platform && rm_platform_fixes_routes(net->platform) ? RM_ROUTING_FIXED
                                                                     : RM_ROUTING_WIDEST;
}

/* The routing layer runs resolved routings only: RM_ROUTING_AUTO (or a value
 * out of range) reaching it is a caller that skipped rm_routing_resolve. */
static rm_status unresolved(rm_routing routing, rm_error *err)
{
    return rm_error_set(err, RM_EINTERNAL,
                        "routing %d reached the routing layer unresolved (rm_routing_resolve)",
                        (int)routing);
}

/* ---- fixed routes (the platform file's, --routing fixed) ---------------- */

/* Arcs of the fixed route a -> b: rmi_fixed_route_arcs (topo/route/widest.h). */
static int fixed_arcs(const rm_network *net, int a, int b, int *arcs, int cap)
{
    return rmi_fixed_route_arcs(net, a, b, arcs, cap);
}

static rm_status need_fixed(const rm_network *net, rm_error *err)
{
    if (!rm_platform_fixes_routes(net->platform))
        return rm_error_set(err, RM_EINPUT,
                            "platform %s fixes no routes (--routing fixed needs a SimGrid file "
                            "with <route> elements)",
                            net->platform->name ? net->platform->name : "");
    return RM_OK;
}

/* Width of a fixed route alone: the least residual along it, a resource
 * crossed m times (a SimGrid WIFI access point, up then down) giving
 * residual / m (backbones: each crossing alone). O(n^2). */
static double fixed_width(const rm_network *net, const double *residual, const int *arcs, int n)
{
    double x = INFINITY;
    for (int i = 0; i < n; i++) {
        double y = direct_arc_width(net, residual, arcs[i]);
        int r = net->arc_res[arcs[i]], m = 1;
        if (r >= 0 && !net->res_backbone[r])
            for (int j = 0; j < n; j++)
                if (j != i && net->arc_res[arcs[j]] == r)
                    m++;
        y /= m;
        if (y < x)
            x = y;
    }
    return x;
}

int rmi_fixed_route_links(const rm_platform *p)
{
    if (!rm_platform_fixes_routes(p))
        return -1;
    if (p->fixed_pieces)
        return p->fixed_pieces->n_used;
    if (!p->link_ids)
        return p->n_links;
    int n = 0;
    for (int l = 0; l < p->n_links; l++)
        n += p->link_ids[l] != NULL;
    return n;
}

int rmi_fixed_route_width(const rm_network *net, const double *residual, int a, int b, int *arcs,
                          double *width)
{
    return rmi_fixed_route_width_at(net, residual, -1, -1, a, b, arcs, width);
}

int rmi_fixed_route_width_at(const rm_network *net, const double *residual, int ia, int ib, int a,
                             int b, int *arcs, double *width)
{
    int n = ia >= 0 && ib >= 0 ? rmi_fixed_route_arcs_at(net, ia, ib, arcs, net->platform->n_links)
                               : fixed_arcs(net, a, b, arcs, net->platform->n_links);
    *width = 0.0;
    if (n > 0) {
        double x = fixed_width(net, residual, arcs, n);
        *width = x > 0.0 ? x : 0.0;
    }
    return n;
}

/* "Tree" of the fixed routes from src (to src when reverse): the width of
 * each host's fixed route (least residual along it) and in_arc = RM_ARC_FIXED
 * for every host with a route, so that rm_route_from_tree takes the file's
 * route itself. The routes of a file need not form a tree (a SimGrid Full
 * zone's hand-written routes may enter one link after two different links
 * from one source, or share links in any way): each route is kept as its
 * list of links, as SimGrid and SMPI use it. RM_EINPUT names a route that is
 * not a simple path over usable links. O(H R^2) for routes of R links. */
static rm_status fixed_tree(const rm_network *net, const double *residual, int src, int reverse,
                            double *width, int *in_arc, rm_error *err)
{
    rm_status st = need_fixed(net, err);
    if (st)
        return st;
    const rm_platform *p = net->platform;
    int N = p->n_nodes;
    int *arcs = calloc((size_t)p->n_links + 1, sizeof *arcs); /* zeroed: GCC -O1 (ASan build) cannot see that n == 0 reads none */
    if (!arcs)
        return rm_error_set(err, RM_ENOMEM, "out of memory for fixed routes");
    for (int v = 0; v < N; v++) {
        if (width)
            width[v] = 0.0;
        if (in_arc)
            in_arc[v] = -1;
    }
    for (int h = 0; h < p->n_hosts; h++) {
        int v = p->hosts[h];
        if (v == src)
            continue;
        double x;
        int n = reverse ? rmi_fixed_route_width(net, residual, v, src, arcs, &x)
                        : rmi_fixed_route_width(net, residual, src, v, arcs, &x);
        if (n < 0) {
            st = rm_error_set(err, RM_EINPUT, "fixed route %s -> %s is not a walk over usable links",
                              p->nodes[reverse ? v : src].label, p->nodes[reverse ? src : v].label);
            break;
        }
        if (n == 0)
            continue;
        if (width)
            width[v] = x;
        if (in_arc)
            in_arc[v] = RM_ARC_FIXED;
    }
    if (!st && width && src >= 0 && src < N)
        width[src] = INFINITY;
    free(arcs);
    return st;
}

/* Latency (s) of the route between src and dst held by a routing tree
 * (rmi_routing_tree's in_arc, forward): the sum of its links' latencies; 0
 * when dst is unreachable or dst == src. O(N) (O(R^2) for a fixed route). */
double rmi_routing_tree_latency(const rm_network *net, int src, const int *in_arc, int dst)
{
    const rm_platform *p = net->platform;
    double l = 0.0;
    if (dst == src)
        return 0.0;
    if (in_arc[dst] == RM_ARC_FIXED) {
        rm_route r = {0};
        rm_error e = {RM_OK, ""};
        if (rm_route_from_tree(net, src, 0, in_arc, dst, &r, &e) == RM_OK)
            for (int i = 0; i < r.n_arcs; i++)
                l += p->links[net->arc_link[r.arcs[i]]].latency;
        rm_route_clear(&r);
        return l;
    }
    int n = 0;
    for (int v = dst; in_arc[v] >= 0 && n < p->n_nodes; v = net->arc_tail[in_arc[v]], n++)
        l += p->links[net->arc_link[in_arc[v]]].latency;
    return l;
}

static rm_status fixed_route(const rm_network *net, const double *residual, int src, int dst,
                             rm_route *route, rm_error *err)
{
    rm_status st = need_fixed(net, err);
    if (st)
        return st;
    const rm_platform *p = net->platform;
    /* room for a short route first (SimGrid's routes cross a few links):
     * one int per link of the platform per route was most of the local
     * search's time on a 1,000-host cluster (1,003,000 links); a longer
     * route (-1 at that room) is read again with room for every link */
    enum { SHORT = 64 };
    int cap = p->n_links < SHORT ? p->n_links : SHORT;
    int *arcs = calloc((size_t)cap + 1, sizeof *arcs); /* zeroed: GCC -O1 (ASan build) cannot see that n == 0 reads none */
    if (!arcs)
        return rm_error_set(err, RM_ENOMEM, "out of memory for a fixed route");
    int n = src == dst ? 0 : fixed_arcs(net, src, dst, arcs, cap);
    if (n < 0 && cap < p->n_links) {
        int *all = realloc(arcs, ((size_t)p->n_links + 1) * sizeof *arcs);
        if (!all) {
            free(arcs);
            return rm_error_set(err, RM_ENOMEM, "out of memory for a fixed route");
        }
        arcs = all;
        n = fixed_arcs(net, src, dst, arcs, p->n_links);
    }
    if (n < 0) {
        free(arcs);
        return rm_error_set(err, RM_EINPUT, "fixed route %s -> %s is not a walk over usable links",
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

rm_status rmi_routing_tree(const rm_network *net, rm_routing routing, const double *residual,
                          int src, int reverse, double *width, int *in_arc, rm_error *err)
{
    if (routing == RM_ROUTING_WIDEST)
        return rm_widest_tree(net, residual, src, reverse, width, in_arc, err);
    if (routing == RM_ROUTING_FIXED)
        return fixed_tree(net, residual, src, reverse, width, in_arc, err);
    if (routing != RM_ROUTING_DIRECT)
        return unresolved(routing, err);
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

rm_status rmi_routing_route(const rm_network *net, rm_routing routing, const double *residual,
                           int src, int dst, rm_route *route, rm_error *err)
{
    if (routing == RM_ROUTING_WIDEST)
        return rm_widest_route(net, residual, src, dst, route, err);
    if (routing == RM_ROUTING_FIXED)
        return fixed_route(net, residual, src, dst, route, err);
    if (routing != RM_ROUTING_DIRECT)
        return unresolved(routing, err);
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

rm_status rmi_routing_matrix(const rm_network *net, rm_routing routing, double *bw, rm_error *err)
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
    if (routing == RM_ROUTING_WIDEST)
        return rm_capacity_matrix(net, bw, err);
    if (routing != RM_ROUTING_DIRECT)
        return unresolved(routing, err);
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
