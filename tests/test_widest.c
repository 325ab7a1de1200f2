/*
 * test_widest.c — our own widest (maximum-bottleneck) path trees
 * (topo/route/widest.c, the default of rm_widest_tree / rm_widest_route) against
 * the igraph reference (rm_widest_tree_igraph): identical widths for every
 * source and node, forward and reverse, on seeded random platforms (trees
 * with extra and parallel links, directed, half / full duplex, random
 * residuals with zeros, NaN, +inf and backbones) and on the GML files of
 * platforms/ (and its test/, generated/ subfolders);
 * every tree route is a valid walk of usable arcs whose bottleneck is its
 * width; rm_capacity_matrix equals the igraph matrix; the documented
 * tie-breaking on a hand-made diamond.
 */
#include "ringmap.h"
#include "topo/gen/generators.h"
#include "topo/route/widest.h"

#include "support.h"

#include <check.h>
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---------------------------------------------------------------- helpers */

/* splitmix64: a local seeded generator (no dependency on topo internals). */
static uint64_t rng_next(uint64_t *s)
{
    uint64_t z = (*s += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

static int rng_below(uint64_t *s, int n) { return (int)(rng_next(s) % (uint64_t)n); }

/* Capacities from a small set: many equally wide paths (ties). */
static double rand_bw(uint64_t *s)
{
    static const double set[] = {1.0, 2.0, 5.0, 10.0, 10.0, 100.0, 1000.0, 2.5};
    return set[rng_below(s, 8)];
}

/*
 * A random connected platform: a random tree (both directions when
 * directed, so that hosts reach each other), extra random links, some
 * parallel copies of existing links, random backbones and latencies.
 */
static rm_platform *random_platform(uint64_t *s, int n, int directed)
{
    int n_extra = rng_below(s, n + 1), n_par = rng_below(s, n / 2 + 1);
    int n_tree = directed ? 2 * (n - 1) : n - 1;
    int L = n_tree + n_extra + n_par;
    rm_platform *p = rm_platform_new("random", n, L, directed);
    ck_assert_ptr_nonnull(p);
    int l = 0;
    for (int v = 1; v < n; v++) {
        int u = rng_below(s, v);
        p->links[l].source = u, p->links[l].target = v, l++;
        if (directed)
            p->links[l].source = v, p->links[l].target = u, l++;
    }
    for (int k = 0; k < n_extra; k++) {
        int u = rng_below(s, n), v = rng_below(s, n - 1);
        if (v >= u)
            v++;
        p->links[l].source = u, p->links[l].target = v, l++;
    }
    for (int k = 0; k < n_par; k++) {
        int m = rng_below(s, l);
        int flip = directed ? 0 : rng_below(s, 2);
        p->links[l].source = flip ? p->links[m].target : p->links[m].source;
        p->links[l].target = flip ? p->links[m].source : p->links[m].target;
        l++;
    }
    ck_assert_int_eq(l, L);
    for (int k = 0; k < L; k++) {
        p->links[k].bandwidth = rand_bw(s);
        p->links[k].latency = 1e-3 * rng_below(s, 5);
        p->links[k].backbone = rng_below(s, 6) == 0;
    }
    int any = 0;
    for (int v = 0; v < n; v++) {
        if (rng_below(s, 2) || (v == n - 1 && !any)) {
            p->nodes[v].is_host = 1;
            p->nodes[v].w = 1.0 + rng_below(s, 4);
            any = 1;
        }
    }
    rm_error err = {RM_OK, ""};
    ck_assert_msg(rm_platform_finalize(p, &err) == RM_OK, "%s", err.msg);
    return p;
}

/* Random residual bandwidths: zeros, the capacity, fractions, NaN, -1, +inf. */
static void random_residual(uint64_t *s, const rm_network *net, double *res)
{
    for (int r = 0; r < net->n_res; r++) {
        int k = rng_below(s, 10);
        double c = net->res_cap[r];
        res[r] = k < 2 ? 0.0 : k < 4 ? c : k < 6 ? c / 2 : k == 6 ? rand_bw(s) : k == 7 ? NAN : k == 8 ? -1.0 : INFINITY;
    }
}

/* Hot-loop assertions: Check's ck_assert records every PASSING assertion
 * (one write per call), which would dominate this test's run time. */
#define REQ_MSG(cond, ...)                                                                           \
    do {                                                                                             \
        if (!(cond))                                                                                 \
            ck_abort_msg(__VA_ARGS__);                                                               \
    } while (0)
#define REQ(cond) REQ_MSG(cond, "%s:%d: %s", __FILE__, __LINE__, #cond)
#define REQ_INT_EQ(x, y)                                                                             \
    REQ_MSG((x) == (y), "%s:%d: %s == %s (%d vs %d)", __FILE__, __LINE__, #x, #y, (int)(x), (int)(y))
#define REQ_INT_GE(x, y)                                                                             \
    REQ_MSG((x) >= (y), "%s:%d: %s >= %s (%d vs %d)", __FILE__, __LINE__, #x, #y, (int)(x), (int)(y))

/* Width of arc a as the contract says (independent of topo/route/widest.h). */
static double expect_arc_width(const rm_network *net, const double *res, int a)
{
    int r = net->arc_res[a];
    double x = (res && !net->res_backbone[r]) ? res[r] : net->res_cap[r];
    if (!(x > 0.0))
        return 0.0;
    return x > DBL_MAX ? DBL_MAX : x;
}

/*
 * One source, one direction: our tree vs igraph's (widths exactly equal),
 * the tree's arcs consistent with the widths, every route a valid walk
 * whose bottleneck is the width, rm_widest_route (forward) agrees.
 * Returns the number of reachable nodes (for the caller's sanity checks).
 */
static int check_source(const rm_network *net, const double *res, int src, int reverse, double *w1, int *a1,
                        double *w2, int *a2)
{
    const rm_platform *p = net->platform;
    int N = p->n_nodes;
    rm_error err = {RM_OK, ""};
    REQ_MSG(rm_widest_tree(net, res, src, reverse, w1, a1, &err) == RM_OK, "%s", err.msg);
    REQ_MSG(rm_widest_tree_igraph(net, res, src, reverse, w2, a2, &err) == RM_OK, "%s", err.msg);
    int reached = 0;
    rm_route route = {0};
    for (int v = 0; v < N; v++) {
        REQ_MSG(w1[v] == w2[v], "%s src %d %s node %d: ours %.17g, igraph %.17g", p->name, src,
                      reverse ? "reverse" : "forward", v, w1[v], w2[v]);
        if (v == src) {
            REQ(isinf(w1[v]) && w1[v] > 0);
            REQ_INT_EQ(a1[v], -1);
            continue;
        }
        REQ(w1[v] >= 0.0);
        REQ_INT_EQ(a1[v] < 0, w1[v] == 0.0);
        REQ_INT_EQ(a2[v] < 0, w2[v] == 0.0);
        if (w1[v] == 0.0) {
            REQ(rm_route_from_tree(net, src, reverse, a1, v, &route, &err) == RM_EINPUT);
            continue;
        }
        reached++;
        REQ_MSG(rm_route_from_tree(net, src, reverse, a1, v, &route, &err) == RM_OK, "%s", err.msg);
        REQ_INT_EQ(route.src, reverse ? v : src);
        REQ_INT_EQ(route.dst, reverse ? src : v);
        REQ(route.n_arcs >= 1 && route.n_arcs < N);
        int at = route.src;
        double bott = INFINITY;
        for (int k = 0; k < route.n_arcs; k++) {
            int a = route.arcs[k];
            REQ(a >= 0 && a < net->n_arcs);
            REQ_INT_GE(net->arc_res[a], 0);
            REQ_INT_EQ(net->arc_tail[a], at);
            at = net->arc_head[a];
            double wa = expect_arc_width(net, res, a);
            bott = wa < bott ? wa : bott;
        }
        REQ_INT_EQ(at, route.dst);
        REQ_MSG(bott == w1[v], "route bottleneck %.17g != width %.17g", bott, w1[v]);
        if (!reverse && (N <= 100 || v % 17 == 0)) {
            /* the early-stopping single route (it searches no leaf but v)
               is the tree's route, arc for arc (sampled on large
               platforms: keeps the test short) */
            int n_tree = route.n_arcs, tree_arcs[64];
            int keep = n_tree <= 64;
            if (keep)
                memcpy(tree_arcs, route.arcs, (size_t)n_tree * sizeof *tree_arcs);
            REQ_MSG(rm_widest_route(net, res, src, v, &route, &err) == RM_OK, "%s", err.msg);
            REQ(route.bandwidth == w1[v]);
            REQ(route.n_arcs >= 1);
            if (keep) {
                REQ_MSG(route.n_arcs == n_tree, "%s src %d node %d: %d arcs alone, %d in the tree",
                        p->name, src, v, route.n_arcs, n_tree);
                for (int k = 0; k < n_tree; k++)
                    REQ_MSG(route.arcs[k] == tree_arcs[k], "%s src %d node %d: arc %d: %d alone, %d in the tree",
                            p->name, src, v, k, route.arcs[k], tree_arcs[k]);
            }
            double b2 = INFINITY;
            at = src;
            for (int k = 0; k < route.n_arcs; k++) {
                int a = route.arcs[k];
                REQ_INT_EQ(net->arc_tail[a], at);
                at = net->arc_head[a];
                double wa = expect_arc_width(net, res, a);
                b2 = wa < b2 ? wa : b2;
            }
            REQ_INT_EQ(at, v);
            REQ(b2 == w1[v]);
        }
    }
    /* unreachable: rm_widest_route gives an empty route of width 0 */
    if (!reverse)
        for (int v = 0; v < N; v++)
            if (w1[v] == 0.0) {
                REQ(rm_widest_route(net, res, src, v, &route, &err) == RM_OK);
                REQ_INT_EQ(route.n_arcs, 0);
                REQ(route.bandwidth == 0.0);
                break;
            }
    rm_route_clear(&route);
    return reached;
}

/* rm_capacity_matrix == widths of igraph's full-capacity trees. */
static void check_capacity_matrix(const rm_network *net, double *w2, int *a2)
{
    const rm_platform *p = net->platform;
    int H = p->n_hosts;
    double *bw = malloc((size_t)H * H * sizeof *bw);
    ck_assert_ptr_nonnull(bw);
    rm_error err = {RM_OK, ""};
    REQ_MSG(rm_capacity_matrix(net, bw, &err) == RM_OK, "%s", err.msg);
    for (int i = 0; i < H; i++) {
        REQ(rm_widest_tree_igraph(net, NULL, p->hosts[i], 0, w2, a2, &err) == RM_OK);
        for (int j = 0; j < H; j++) {
            double e = i == j ? INFINITY : w2[p->hosts[j]];
            REQ_MSG(bw[(size_t)i * H + j] == e, "%s bw[%d][%d] %.17g != %.17g", p->name, i, j,
                          bw[(size_t)i * H + j], e);
            if (i != j)
                REQ(e > 0.0); /* validated platform: hosts reach each other */
        }
    }
    free(bw);
}

/* Every check on one network: NULL residual, then n_res_draws random
 * residuals, every source (or every stride-th), both directions. */
static void check_network(const rm_network *net, uint64_t *s, int n_res_draws, int stride)
{
    int N = net->platform->n_nodes;
    double *w1 = malloc((size_t)N * sizeof *w1), *w2 = malloc((size_t)N * sizeof *w2);
    int *a1 = malloc((size_t)N * sizeof *a1), *a2 = malloc((size_t)N * sizeof *a2);
    double *res = malloc(((size_t)net->n_res + 1) * sizeof *res);
    ck_assert(w1 && w2 && a1 && a2 && res);
    for (int draw = 0; draw <= n_res_draws; draw++) {
        const double *r = NULL;
        if (draw > 0) {
            random_residual(s, net, res);
            r = res;
        }
        for (int src = draw % stride; src < N; src += stride)
            for (int rev = 0; rev < 2; rev++) {
                int reached = check_source(net, r, src, rev, w1, a1, w2, a2);
                if (!r && net->platform->n_hosts > 1 && net->platform->nodes[src].is_host)
                    ck_assert_int_ge(reached, net->platform->n_hosts - 1);
            }
    }
    check_capacity_matrix(net, w2, a2);
    free(w1), free(w2), free(a1), free(a2), free(res);
}

/* ------------------------------------------------------------------ tests */

START_TEST(test_random_platforms)
{
    uint64_t s = 20261121u + (uint64_t)_i;
    for (int k = 0; k < 40; k++) {
        int n = 2 + rng_below(&s, 40);
        int directed = rng_below(&s, 3) == 0;
        rm_platform *p = random_platform(&s, n, directed);
        for (int d = 0; d < 2; d++) {
            rm_network net;
            rm_error err = {RM_OK, ""};
            ck_assert_msg(rm_network_init(&net, p, d ? RM_DUPLEX_FULL : RM_DUPLEX_HALF, &err) == RM_OK, "%s",
                          err.msg);
            check_network(&net, &s, 4, 1);
            rm_network_destroy(&net);
        }
        rm_platform_free(p);
    }
}
END_TEST

static void check_file(const char *path, int n_res_draws)
{
    rm_read_options ro;
    rm_read_options_init(&ro);
    rm_platform *p = NULL;
    rm_error err = {RM_OK, ""};
    ck_assert_msg(rm_platform_read(path, &ro, &p, &err) == RM_OK, "%s: %s", path, err.msg);
    uint64_t s = 77;
    int stride = p->n_nodes > 400 ? 37 : 1;
    for (int d = 0; d < 2; d++) {
        rm_network net;
        ck_assert_msg(rm_network_init(&net, p, d ? RM_DUPLEX_FULL : RM_DUPLEX_HALF, &err) == RM_OK, "%s",
                      err.msg);
        check_network(&net, &s, n_res_draws, stride);
        rm_network_destroy(&net);
    }
    rm_platform_free(p);
}

static const char *const files[] = {
    "platforms/geant2009.gml",         "platforms/medium_tiers.gml",        "platforms/renater2001.gml",
    "platforms/test/homogeneous3.gml", "platforms/test/line2.gml",          "platforms/test/shared4.gml",
    "platforms/test/star3.gml",        "platforms/generated/tiers_fig3.gml", "platforms/generated/tiers_fig4.gml",
    "platforms/generated/tiers_1000.gml",
};

START_TEST(test_platform_files)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", RM_SOURCE_DIR, files[_i]);
    check_file(path, 3);
}
END_TEST

/* The generated star, cluster and fat-tree (every host a leaf on its
 * access link): trees, single routes (arc for arc) and the capacity matrix
 * against igraph, sampled sources. */
START_TEST(test_generated_topologies)
{
    rm_platform *p = NULL;
    rm_error err = {RM_OK, ""};
    ck_assert_msg(rmi_generate_topology((rm_gen_topology)(RM_GEN_STAR + _i), 120, 1, &p, &err) == RM_OK,
                  "%s", err.msg);
    uint64_t s = 4242u + (uint64_t)_i;
    for (int d = 0; d < 2; d++) {
        rm_network net;
        ck_assert_msg(rm_network_init(&net, p, d ? RM_DUPLEX_FULL : RM_DUPLEX_HALF, &err) == RM_OK, "%s",
                      err.msg);
        check_network(&net, &s, 2, 7);
        rm_network_destroy(&net);
    }
    rm_platform_free(p);
}
END_TEST

/*
 * Diamond 0-1 (10), 0-2 (10), 1-3 (5), 2-3 (5), undirected: two paths of
 * width 5 to node 3. Documented tie-breaking: among equally wide nodes the
 * smallest index settles first (1 before 2), and a tree arc is only replaced
 * by a strictly wider one, so node 3 hangs on link 2 (1-3): arc 4 = 1->3.
 * Reverse tree to 0: node 3's arc leaves it; 3 settles last, it relaxes
 * from 1 first (arcs entering 1 scanned when 1 settles): arc 5 = 3->1.
 */
START_TEST(test_tie_breaking)
{
    rm_platform *p = rm_platform_new("diamond", 4, 4, 0);
    ck_assert_ptr_nonnull(p);
    const int ends[4][2] = {{0, 1}, {0, 2}, {1, 3}, {2, 3}};
    const double bw[4] = {10, 10, 5, 5};
    for (int l = 0; l < 4; l++) {
        p->links[l].source = ends[l][0];
        p->links[l].target = ends[l][1];
        p->links[l].bandwidth = bw[l];
    }
    p->nodes[0].is_host = p->nodes[3].is_host = 1;
    p->nodes[0].w = p->nodes[3].w = 1.0;
    rm_error err = {RM_OK, ""};
    ck_assert(rm_platform_finalize(p, &err) == RM_OK);
    rm_network net;
    ck_assert(rm_network_init(&net, p, RM_DUPLEX_FULL, &err) == RM_OK);
    double w[4];
    int a[4];
    ck_assert(rm_widest_tree(&net, NULL, 0, 0, w, a, &err) == RM_OK);
    ck_assert(w[1] == 10 && w[2] == 10 && w[3] == 5);
    ck_assert_int_eq(a[0], -1);
    ck_assert_int_eq(a[1], 0);
    ck_assert_int_eq(a[2], 2);
    ck_assert_int_eq(a[3], 4);
    ck_assert(rm_widest_tree(&net, NULL, 0, 1, w, a, &err) == RM_OK);
    ck_assert(w[1] == 10 && w[2] == 10 && w[3] == 5);
    ck_assert_int_eq(a[1], 1); /* 1->0 */
    ck_assert_int_eq(a[2], 3); /* 2->0 */
    ck_assert_int_eq(a[3], 5); /* 3->1 */
    /* residual: link 2 (1-3) full-duplex arc 4 emptied -> node 3 via 2 */
    double res[8] = {10, 10, 10, 10, 0, 5, 5, 5};
    ck_assert(rm_widest_tree(&net, res, 0, 0, w, a, &err) == RM_OK);
    ck_assert(w[3] == 5);
    ck_assert_int_eq(a[3], 6);
    /* bad source */
    ck_assert(rm_widest_tree(&net, NULL, 4, 0, w, a, &err) == RM_EINPUT);
    ck_assert(rm_widest_tree(&net, NULL, -1, 1, w, a, &err) == RM_EINPUT);
    rm_network_destroy(&net);
    rm_platform_free(p);
}
END_TEST

static Suite *widest_suite(void)
{
    Suite *s = suite_create("widest");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_tie_breaking);
    tcase_add_loop_test(tc, test_random_platforms, 0, 5);
    tcase_add_loop_test(tc, test_generated_topologies, 0, 3);
    tcase_add_loop_test(tc, test_platform_files, 0, (int)(sizeof files / sizeof files[0]));
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return rmt_run_suite(widest_suite());
}
