/*
 * test_bw.c — the bw module: max-min fairness (rm_maxmin), optimal shares
 * for eq. (5) (rm_share_optimal) and the residual network
 * (rm_residual_apply), on networks built by hand (no topo module):
 * the hand-solved 3-host star (docs/sources.md), textbook max-min cases, backbone and
 * duplex variants, closed forms, KKT certificates and cross-checks on
 * seeded random instances, and the speed of one call.
 */
#include "ringmap.h"

#include "support.h"
#include "bw/maxmin_ring.h"

#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* ------------------------------------------------------------ helpers */

/* A network built by hand from links (ends, capacity, backbone flag), with
 * the arc/resource numbering of ringmap.h (arc 2l = source->target). */
static void net_build(rm_network *net, int n_links, const int ends[][2], const double *cap,
                      const int *backbone, rm_duplex dx, int directed)
{
    memset(net, 0, sizeof *net);
    net->duplex = dx;
    net->n_arcs = 2 * n_links;
    net->arc_link = calloc((size_t)net->n_arcs, sizeof(int));
    net->arc_tail = calloc((size_t)net->n_arcs, sizeof(int));
    net->arc_head = calloc((size_t)net->n_arcs, sizeof(int));
    net->arc_res = calloc((size_t)net->n_arcs, sizeof(int));
    net->n_res = dx == RM_DUPLEX_FULL && !directed ? 2 * n_links : n_links;
    net->res_cap = calloc((size_t)net->n_res, sizeof(double));
    net->res_backbone = calloc((size_t)net->n_res, sizeof(int));
    net->res_link = calloc((size_t)net->n_res, sizeof(int));
    for (int l = 0; l < n_links; l++) {
        for (int d = 0; d < 2; d++) {
            int a = 2 * l + d;
            net->arc_link[a] = l;
            net->arc_tail[a] = ends[l][d];
            net->arc_head[a] = ends[l][1 - d];
            int r = net->n_res == n_links ? l : a;
            net->arc_res[a] = (directed && d == 1) ? -1 : r;
            if (net->arc_res[a] >= 0) {
                net->res_cap[r] = cap[l];
                net->res_backbone[r] = backbone ? backbone[l] : 0;
                net->res_link[r] = l;
            }
        }
    }
}

/* A "flat" network: n resources, one arc each (arc a uses resource a), so a
 * route is just a list of resources. */
static void net_flat(rm_network *net, int n, const double *cap, const int *backbone)
{
    memset(net, 0, sizeof *net);
    net->n_arcs = n;
    net->n_res = n;
    net->arc_link = calloc((size_t)n, sizeof(int));
    net->arc_tail = calloc((size_t)n, sizeof(int));
    net->arc_head = calloc((size_t)n, sizeof(int));
    net->arc_res = calloc((size_t)n, sizeof(int));
    net->res_cap = calloc((size_t)n, sizeof(double));
    net->res_backbone = calloc((size_t)n, sizeof(int));
    net->res_link = calloc((size_t)n, sizeof(int));
    for (int a = 0; a < n; a++) {
        net->arc_link[a] = a;
        net->arc_head[a] = 1;
        net->arc_res[a] = a;
        net->res_cap[a] = cap[a];
        net->res_backbone[a] = backbone ? backbone[a] : 0;
        net->res_link[a] = a;
    }
}

static void net_free(rm_network *net)
{
    free(net->arc_link);
    free(net->arc_tail);
    free(net->arc_head);
    free(net->arc_res);
    free(net->res_cap);
    free(net->res_backbone);
    free(net->res_link);
}

/* Route through the node sequence nodes[0..n-1] (first usable arc joining
 * each consecutive pair). */
static rm_route route_nodes(const rm_network *net, int n, const int *nodes)
{
    rm_route r = {nodes[0], nodes[n - 1], n - 1, malloc((size_t)(n > 1 ? n - 1 : 1) * sizeof(int)), 0};
    for (int i = 0; i + 1 < n; i++) {
        int found = -1;
        for (int a = 0; a < net->n_arcs && found < 0; a++)
            if (net->arc_tail[a] == nodes[i] && net->arc_head[a] == nodes[i + 1] && net->arc_res[a] >= 0)
                found = a;
        ck_assert_int_ge(found, 0);
        r.arcs[i] = found;
    }
    return r;
}

/* Route through the arcs arcs[0..n-1]. */
static rm_route route_arcs(int n, const int *arcs)
{
    rm_route r = {0, 1, n, malloc((size_t)(n > 0 ? n : 1) * sizeof(int)), 0};
    if (n > 0)
        memcpy(r.arcs, arcs, (size_t)n * sizeof(int));
    return r;
}

static void routes_free(int n, rm_route *r)
{
    for (int k = 0; k < n; k++)
        free(r[k].arcs);
}

/* Seeded generator (no global state). */
typedef struct rng {
    unsigned long long s;
} rng;

static double rnd(rng *g)
{
    g->s = g->s * 6364136223846793005ULL + 1442695040888963407ULL;
    return (double)(g->s >> 11) / 9007199254740992.0;
}

static int rndi(rng *g, int n)
{
    int v = (int)(rnd(g) * n);
    return v < n ? v : n - 1;
}

static double objective(int K, const double *a, const double *x)
{
    double s = 0.0;
    for (int k = 0; k < K; k++)
        if (a[k] > 0)
            s += a[k] / x[k];
    return s;
}

/* Load of every resource (multiplicities counted). */
static void loads(const rm_network *net, int K, const rm_route *r, const double *x, double *load)
{
    for (int j = 0; j < net->n_res; j++)
        load[j] = 0.0;
    for (int k = 0; k < K; k++)
        for (int i = 0; i < r[k].n_arcs; i++)
            load[net->arc_res[r[k].arcs[i]]] += x[k];
}

/* Feasibility to relative tolerance tol. */
static int feasible(const rm_network *net, int K, const rm_route *r, const double *x, double tol)
{
    double *load = malloc((size_t)net->n_res * sizeof(double));
    loads(net, K, r, x, load);
    int ok = 1;
    for (int j = 0; j < net->n_res; j++)
        if (!net->res_backbone[j] && load[j] > net->res_cap[j] * (1 + tol))
            ok = 0;
    for (int k = 0; k < K; k++) {
        if (!(x[k] >= 0))
            ok = 0;
        for (int i = 0; i < r[k].n_arcs; i++) {
            int j = net->arc_res[r[k].arcs[i]];
            if (net->res_backbone[j] && x[k] > net->res_cap[j] * (1 + tol))
                ok = 0;
        }
    }
    free(load);
    return ok;
}

/* Random instance on a flat network: n_res resources (some backbone), K
 * routes of 1..maxlen resources (repeats allowed: walks). */
static void random_instance(rng *g, rm_network *net, int n_res, int K, int maxlen, double p_bb,
                            rm_route *r, double *a)
{
    double *cap = malloc((size_t)n_res * sizeof(double));
    int *bb = malloc((size_t)n_res * sizeof(int));
    for (int j = 0; j < n_res; j++) {
        cap[j] = 1.0 + 99.0 * rnd(g);
        bb[j] = rnd(g) < p_bb;
    }
    net_flat(net, n_res, cap, bb);
    for (int k = 0; k < K; k++) {
        int len = 1 + rndi(g, maxlen), arcs[16];
        for (int i = 0; i < len; i++)
            arcs[i] = rndi(g, n_res);
        r[k] = route_arcs(len, arcs);
        a[k] = 0.05 + rnd(g) * (rnd(g) < 0.2 ? 100.0 : 2.0);
    }
    free(cap);
    free(bb);
}

/* ------------------------------- the hand-solved 3-host star (docs/sources.md) */

/* hosts 0, 1 (w = 1), 2 (w = 2), router 3; links 0-3, 1-3 (10), 2-3 (20);
 * routes of the ring 0 -> 1 -> 2: 0->1, 1->0, 1->2, 2->1, 2->0, 0->2. */
static const int star_ends[3][2] = {{0, 3}, {1, 3}, {2, 3}};
static const double star_cap[3] = {10, 10, 20};
static const int star_pairs[6][2] = {{0, 1}, {1, 0}, {1, 2}, {2, 1}, {2, 0}, {0, 2}};
static const double star_w[3] = {1, 1, 2};

static void star_routes(const rm_network *net, rm_route *r, double *a)
{
    for (int k = 0; k < 6; k++) {
        int nodes[3] = {star_pairs[k][0], 3, star_pairs[k][1]};
        r[k] = route_nodes(net, 3, nodes);
        a[k] = 1.0 / star_w[star_pairs[k][0]];
    }
}

/* T_step / D_w by eq. (5): w_cumul * (1 + dc_dw * sum_k a_k / x_k), where
 * the sum over routes of a_k / x_k = sum over hosts of C_i / w_i. */
static double star_tstep(const double *a, const double *x, double dc_dw)
{
    double wc = 1.0 / (1.0 / star_w[0] + 1.0 / star_w[1] + 1.0 / star_w[2]);
    return wc * (1.0 + dc_dw * objective(6, a, x));
}

START_TEST(test_star_maxmin)
{
    rm_network net;
    net_build(&net, 3, star_ends, star_cap, NULL, RM_DUPLEX_HALF, 0);
    rm_route r[6];
    double a[6], x[6];
    star_routes(&net, r, a);
    rm_error err;
    ck_assert_int_eq(rm_maxmin(&net, NULL, 6, r, x, &err), RM_OK);
    for (int k = 0; k < 6; k++)
        ck_assert_double_eq_tol(x[k], 2.5, 1e-12);
    ck_assert_double_eq_tol(star_tstep(a, x, 0.01), 0.408, 1e-12);
    routes_free(6, r);
    net_free(&net);
}
END_TEST

START_TEST(test_star_optimal)
{
    rm_network net;
    net_build(&net, 3, star_ends, star_cap, NULL, RM_DUPLEX_HALF, 0);
    rm_route r[6];
    double a[6], x[6];
    star_routes(&net, r, a);
    rm_error err;
    ck_assert_int_eq(rm_share_optimal(&net, NULL, 6, r, a, 0.0, x, &err), RM_OK);
    double u = 10.0 / (3.0 + sqrt(2.0)), v = sqrt(2.0) * u;
    ck_assert_double_eq_tol(u, 2.26541, 1e-5);
    ck_assert_double_eq_tol(v, 3.20377, 1e-5);
    /* 0->1, 1->0, 2->1, 2->0 get u; 1->2, 0->2 get v */
    const double want[6] = {u, u, v, u, u, v};
    for (int k = 0; k < 6; k++)
        ck_assert_double_eq_tol(x[k], want[k], 1e-9);
    ck_assert_double_eq_tol(x[0], 2.26541, 1e-5);
    ck_assert_double_eq_tol(x[5], 3.20377, 1e-5);
    ck_assert_double_eq_tol(star_tstep(a, x, 0.01), 0.4077941, 1e-7);
    /* the optimum beats max-min (0.408) */
    ck_assert(star_tstep(a, x, 0.01) < 0.408 - 1e-4);
    routes_free(6, r);
    net_free(&net);
}
END_TEST

/* -------------------------------------------------- textbook max-min */

START_TEST(test_maxmin_two_links)
{
    /* link A (0-1) cap 10, link B (1-2) cap 4; route 1 uses A, route 2 A
     * and B, route 3 B. B saturates first at 4/2 = 2 (routes 2, 3); route
     * 1 then takes the rest of A: 10 - 2 = 8. */
    const int ends[2][2] = {{0, 1}, {1, 2}};
    const double cap[2] = {10, 4};
    rm_network net;
    net_build(&net, 2, ends, cap, NULL, RM_DUPLEX_HALF, 0);
    int n1[2] = {0, 1}, n2[3] = {0, 1, 2}, n3[2] = {1, 2};
    rm_route r[3] = {route_nodes(&net, 2, n1), route_nodes(&net, 3, n2), route_nodes(&net, 2, n3)};
    double x[3];
    ck_assert_int_eq(rm_maxmin(&net, NULL, 3, r, x, NULL), RM_OK);
    ck_assert_double_eq_tol(x[0], 8.0, 1e-12);
    ck_assert_double_eq_tol(x[1], 2.0, 1e-12);
    ck_assert_double_eq_tol(x[2], 2.0, 1e-12);
    /* capacities given explicitly (residual network): A = 3 now limits
     * first: 3/2 = 1.5 for routes 1, 2; route 3 gets 4 - 1.5 = 2.5 */
    double cap2[2] = {3, 4};
    ck_assert_int_eq(rm_maxmin(&net, cap2, 3, r, x, NULL), RM_OK);
    ck_assert_double_eq_tol(x[0], 1.5, 1e-12);
    ck_assert_double_eq_tol(x[1], 1.5, 1e-12);
    ck_assert_double_eq_tol(x[2], 2.5, 1e-12);
    routes_free(3, r);
    net_free(&net);
}
END_TEST

START_TEST(test_alone_bottleneck)
{
    /* a path 0-1-2-3 of capacities 7, 3, 9: a route alone gets 3 */
    const int ends[3][2] = {{0, 1}, {1, 2}, {2, 3}};
    const double cap[3] = {7, 3, 9};
    rm_network net;
    net_build(&net, 3, ends, cap, NULL, RM_DUPLEX_HALF, 0);
    int nodes[4] = {0, 1, 2, 3};
    rm_route r = route_nodes(&net, 4, nodes);
    double x, a = 2.0;
    ck_assert_int_eq(rm_maxmin(&net, NULL, 1, &r, &x, NULL), RM_OK);
    ck_assert_double_eq_tol(x, 3.0, 1e-12);
    ck_assert_int_eq(rm_share_optimal(&net, NULL, 1, &r, &a, 0, &x, NULL), RM_OK);
    ck_assert_double_eq_tol(x, 3.0, 1e-12);
    /* the reverse direction shares the same links (half duplex) */
    int back[4] = {3, 2, 1, 0};
    rm_route rr[2] = {r, route_nodes(&net, 4, back)};
    double x2[2], a2[2] = {1, 1};
    ck_assert_int_eq(rm_maxmin(&net, NULL, 2, rr, x2, NULL), RM_OK);
    ck_assert_double_eq_tol(x2[0], 1.5, 1e-12);
    ck_assert_double_eq_tol(x2[1], 1.5, 1e-12);
    ck_assert_int_eq(rm_share_optimal(&net, NULL, 2, rr, a2, 0, x2, NULL), RM_OK);
    ck_assert_double_eq_tol(x2[0], 1.5, 1e-12);
    ck_assert_double_eq_tol(x2[1], 1.5, 1e-12);
    routes_free(2, rr);
    net_free(&net);
}
END_TEST

START_TEST(test_backbone)
{
    /* star around router 0: link 0 (0-1) backbone cap 10, link 1 (0-2)
     * cap 8, link 2 (0-3) cap 20, link 3 (0-4) cap 30. Routes 1->2, 1->3,
     * 1->4 all cross the backbone: each is limited by it separately. */
    const int ends[4][2] = {{0, 1}, {0, 2}, {0, 3}, {0, 4}};
    const double cap[4] = {10, 8, 20, 30};
    const int bb[4] = {1, 0, 0, 0};
    rm_network net;
    net_build(&net, 4, ends, cap, bb, RM_DUPLEX_HALF, 0);
    int n1[3] = {1, 0, 2}, n2[3] = {1, 0, 3}, n3[3] = {1, 0, 4};
    rm_route r[3] = {route_nodes(&net, 3, n1), route_nodes(&net, 3, n2), route_nodes(&net, 3, n3)};
    double x[3], a[3] = {1, 2, 3};
    ck_assert_int_eq(rm_maxmin(&net, NULL, 3, r, x, NULL), RM_OK);
    ck_assert_double_eq_tol(x[0], 8.0, 1e-12);
    ck_assert_double_eq_tol(x[1], 10.0, 1e-12);
    ck_assert_double_eq_tol(x[2], 10.0, 1e-12);
    ck_assert_int_eq(rm_share_optimal(&net, NULL, 3, r, a, 0, x, NULL), RM_OK);
    ck_assert_double_eq_tol(x[0], 8.0, 1e-12);
    ck_assert_double_eq_tol(x[1], 10.0, 1e-12);
    ck_assert_double_eq_tol(x[2], 10.0, 1e-12);
    /* the same link not backbone: shared, 10/3 each by max-min; optimal
     * x_k = 10 sqrt(a_k) / sum sqrt(a) (all below their private caps) */
    net.res_backbone[0] = 0;
    ck_assert_int_eq(rm_maxmin(&net, NULL, 3, r, x, NULL), RM_OK);
    for (int k = 0; k < 3; k++)
        ck_assert_double_eq_tol(x[k], 10.0 / 3.0, 1e-12);
    ck_assert_int_eq(rm_share_optimal(&net, NULL, 3, r, a, 0, x, NULL), RM_OK);
    double ss = 1 + sqrt(2) + sqrt(3);
    for (int k = 0; k < 3; k++)
        ck_assert_double_eq_tol(x[k], 10.0 * sqrt(a[k]) / ss, 1e-10);
    /* rm_residual_apply leaves backbone resources alone */
    net.res_backbone[0] = 1;
    double res[4] = {10, 8, 20, 30};
    rm_residual_apply(&net, res, &r[0], 3.0, +1);
    ck_assert_double_eq(res[0], 10.0);
    ck_assert_double_eq_tol(res[1], 5.0, 1e-15);
    ck_assert_double_eq(res[2], 20.0);
    rm_residual_apply(&net, res, &r[0], 3.0, -1);
    ck_assert_double_eq_tol(res[1], 8.0, 1e-15);
    routes_free(3, r);
    net_free(&net);
}
END_TEST

START_TEST(test_duplex)
{
    /* one link 0-1 of capacity 10, routes 0->1 and 1->0 */
    const int ends[1][2] = {{0, 1}};
    const double cap[1] = {10};
    int f[2] = {0, 1}, b[2] = {1, 0};
    double x[2], a[2] = {1, 4};
    rm_network half, full;
    net_build(&half, 1, ends, cap, NULL, RM_DUPLEX_HALF, 0);
    net_build(&full, 1, ends, cap, NULL, RM_DUPLEX_FULL, 0);
    ck_assert_int_eq(half.n_res, 1);
    ck_assert_int_eq(full.n_res, 2);
    rm_route r[2] = {route_nodes(&half, 2, f), route_nodes(&half, 2, b)};
    ck_assert_int_eq(rm_maxmin(&half, NULL, 2, r, x, NULL), RM_OK);
    ck_assert_double_eq_tol(x[0], 5.0, 1e-12);
    ck_assert_double_eq_tol(x[1], 5.0, 1e-12);
    ck_assert_int_eq(rm_share_optimal(&half, NULL, 2, r, a, 0, x, NULL), RM_OK);
    ck_assert_double_eq_tol(x[0], 10.0 / 3.0, 1e-10); /* 10 sqrt(1) / (1 + 2) */
    ck_assert_double_eq_tol(x[1], 20.0 / 3.0, 1e-10);
    /* full duplex: each direction has the whole link */
    ck_assert_int_eq(rm_maxmin(&full, NULL, 2, r, x, NULL), RM_OK);
    ck_assert_double_eq_tol(x[0], 10.0, 1e-12);
    ck_assert_double_eq_tol(x[1], 10.0, 1e-12);
    ck_assert_int_eq(rm_share_optimal(&full, NULL, 2, r, a, 0, x, NULL), RM_OK);
    ck_assert_double_eq_tol(x[0], 10.0, 1e-12);
    ck_assert_double_eq_tol(x[1], 10.0, 1e-12);
    /* directed: the reverse arc is unusable -> bad input */
    rm_network dir;
    net_build(&dir, 1, ends, cap, NULL, RM_DUPLEX_HALF, 1);
    rm_error err;
    err.status = RM_OK;
    ck_assert_int_eq(rm_maxmin(&dir, NULL, 2, r, x, &err), RM_EINPUT);
    ck_assert_int_eq(err.status, RM_EINPUT);
    ck_assert_ptr_nonnull(strstr(err.msg, "unusable"));
    ck_assert_int_eq(rm_share_optimal(&dir, NULL, 2, r, a, 0, x, &err), RM_EINPUT);
    ck_assert_int_eq(rm_maxmin(&dir, NULL, 1, r, x, &err), RM_OK);
    ck_assert_double_eq_tol(x[0], 10.0, 1e-12);
    routes_free(2, r);
    net_free(&half);
    net_free(&full);
    net_free(&dir);
}
END_TEST

START_TEST(test_walk_counts_twice)
{
    /* link 0-1 cap 10, half duplex. Route 1 is the walk 0->1->0->1 (three
     * crossings), alone: 10/3. With route 2 = 0->1 (one crossing):
     * max-min 10/4 each; optimal (a = 1, 1): x1 = sqrt(1/(3 l)), x2 =
     * sqrt(1/l), 3 x1 + x2 = 10 -> x2 = 10 / (1 + sqrt 3), x1 = x2/sqrt 3. */
    const int ends[1][2] = {{0, 1}};
    const double cap[1] = {10};
    rm_network net;
    net_build(&net, 1, ends, cap, NULL, RM_DUPLEX_HALF, 0);
    int w[4] = {0, 1, 0, 1}, s[2] = {0, 1};
    rm_route r[2] = {route_nodes(&net, 4, w), route_nodes(&net, 2, s)};
    double x[2], a[2] = {1, 1};
    ck_assert_int_eq(rm_maxmin(&net, NULL, 1, r, x, NULL), RM_OK);
    ck_assert_double_eq_tol(x[0], 10.0 / 3.0, 1e-12);
    ck_assert_int_eq(rm_share_optimal(&net, NULL, 1, r, a, 0, x, NULL), RM_OK);
    ck_assert_double_eq_tol(x[0], 10.0 / 3.0, 1e-12);
    ck_assert_int_eq(rm_maxmin(&net, NULL, 2, r, x, NULL), RM_OK);
    ck_assert_double_eq_tol(x[0], 2.5, 1e-12);
    ck_assert_double_eq_tol(x[1], 2.5, 1e-12);
    ck_assert_int_eq(rm_share_optimal(&net, NULL, 2, r, a, 0, x, NULL), RM_OK);
    double x2 = 10.0 / (1.0 + sqrt(3.0));
    ck_assert_double_eq_tol(x[1], x2, 1e-10);
    ck_assert_double_eq_tol(x[0], x2 / sqrt(3.0), 1e-10);
    /* the residual network counts the walk three times */
    double res[1] = {10};
    rm_residual_apply(&net, res, &r[0], 2.0, +1);
    ck_assert_double_eq_tol(res[0], 4.0, 1e-15);
    routes_free(2, r);
    net_free(&net);
}
END_TEST

START_TEST(test_special_routes)
{
    /* flat network: resources 0 (cap 10), 1 (cap 4), 2 (cap 6) */
    const double cap[3] = {10, 4, 6};
    rm_network net;
    net_flat(&net, 3, cap, NULL);
    rm_error err;
    /* empty route: INFINITY; a route with nothing else gets its path */
    int p0[1] = {0}, p01[2] = {0, 1};
    rm_route r[3] = {route_arcs(0, NULL), route_arcs(2, p01), route_arcs(1, p0)};
    double x[3], a[3] = {1, 1, 0};
    ck_assert_int_eq(rm_maxmin(&net, NULL, 3, r, x, &err), RM_OK);
    ck_assert(isinf(x[0]) && x[0] > 0);
    ck_assert_double_eq_tol(x[1], 4.0, 1e-12);
    ck_assert_double_eq_tol(x[2], 6.0, 1e-12);
    /* a = 0: route 2 gets what route 1 leaves on resource 0 */
    ck_assert_int_eq(rm_share_optimal(&net, NULL, 3, r, a, 0, x, &err), RM_OK);
    ck_assert(isinf(x[0]) && x[0] > 0);
    ck_assert_double_eq_tol(x[1], 4.0, 1e-12);
    ck_assert_double_eq_tol(x[2], 6.0, 1e-12);
    /* two zero-weight routes share the leftover by max-min */
    rm_route r2[3] = {r[1], r[2], route_arcs(1, p0)};
    double a2[3] = {1, 0, 0}, x2[3];
    ck_assert_int_eq(rm_share_optimal(&net, NULL, 3, r2, a2, 0, x2, &err), RM_OK);
    ck_assert_double_eq_tol(x2[0], 4.0, 1e-12);
    ck_assert_double_eq_tol(x2[1], 3.0, 1e-12);
    ck_assert_double_eq_tol(x2[2], 3.0, 1e-12);
    free(r2[2].arcs);
    /* nothing left: 0 */
    double capz[3] = {4, 4, 6};
    ck_assert_int_eq(rm_share_optimal(&net, capz, 3, r, a, 0, x, &err), RM_OK);
    ck_assert_double_eq_tol(x[1], 4.0, 1e-12);
    ck_assert_double_eq_tol(x[2], 0.0, 1e-12);
    /* a zero (or negative: an over-used residual) capacity: the routes
     * crossing it get 0, the others are shared as if they were absent */
    double cap0[3] = {10, 0, 6}, capn[3] = {10, -1e-13, 6};
    double a1[3] = {1, 1, 1};
    ck_assert_int_eq(rm_share_optimal(&net, cap0, 3, r, a1, 0, x, &err), RM_OK);
    ck_assert_double_eq(x[1], 0.0);
    ck_assert_double_eq_tol(x[2], 10.0, 1e-12);
    ck_assert_int_eq(rm_share_optimal(&net, capn, 3, r, a1, 0, x, &err), RM_OK);
    ck_assert_double_eq(x[1], 0.0);
    ck_assert_double_eq_tol(x[2], 10.0, 1e-12);
    ck_assert_int_eq(rm_maxmin(&net, cap0, 3, r, x, &err), RM_OK);
    ck_assert_double_eq(x[1], 0.0);
    ck_assert_double_eq_tol(x[2], 10.0, 1e-12);
    /* bad inputs */
    double aneg[3] = {1, -1, 1}, anan[3] = {1, NAN, 1};
    ck_assert_int_eq(rm_share_optimal(&net, NULL, 3, r, aneg, 0, x, &err), RM_EINPUT);
    ck_assert_ptr_nonnull(strstr(err.msg, "route 1"));
    ck_assert_int_eq(rm_share_optimal(&net, NULL, 3, r, anan, 0, x, &err), RM_EINPUT);
    int bad[1] = {7};
    rm_route rb = route_arcs(1, bad);
    /* an arc index that does not exist breaks the contract (RM_EINVAL) */
    ck_assert_int_eq(rm_maxmin(&net, NULL, 1, &rb, x, &err), RM_EINVAL);
    ck_assert_int_eq(rm_share_optimal(&net, NULL, 1, &rb, a, 0, x, &err), RM_EINVAL);
    free(rb.arcs);
    /* no routes at all */
    ck_assert_int_eq(rm_maxmin(&net, NULL, 0, NULL, NULL, &err), RM_OK);
    ck_assert_int_eq(rm_share_optimal(&net, NULL, 0, NULL, NULL, 0, NULL, &err), RM_OK);
    routes_free(3, r);
    net_free(&net);
}
END_TEST

START_TEST(test_residual_noise)
{
    /* A residual of 5e-15 on a link of capacity 10 is the rounding left by
     * taking and giving back bandwidth: it counts as 0 (the route gets 0,
     * and the caller discards the candidate). */
    const double cap[2] = {10, 20};
    rm_network net;
    net_flat(&net, 2, cap, NULL);
    int p0[1] = {0}, p1[1] = {1}, p01[2] = {0, 1};
    rm_route r[3] = {route_arcs(2, p01), route_arcs(1, p0), route_arcs(1, p1)};
    double res[2] = {10, 20}, a[3] = {1, 1, 1}, x[3];
    rm_residual_apply(&net, res, &r[1], 10.0 - 5e-15, +1);
    ck_assert(res[0] > 0 && res[0] < 1e-13);
    ck_assert_int_eq(rm_share_optimal(&net, res, 3, r, a, 0, x, NULL), RM_OK);
    ck_assert_double_eq(x[0], 0.0);
    ck_assert_double_eq(x[1], 0.0);
    ck_assert_double_eq_tol(x[2], 20.0, 1e-12);
    ck_assert_int_eq(rm_maxmin(&net, res, 3, r, x, NULL), RM_OK);
    ck_assert_double_eq(x[0], 0.0);
    ck_assert_double_eq(x[1], 0.0);
    ck_assert_double_eq_tol(x[2], 20.0, 1e-12);
    /* 1e-9 of the capacity is real bandwidth */
    res[0] = 1e-8;
    ck_assert_int_eq(rm_share_optimal(&net, res, 3, r, a, 0, x, NULL), RM_OK);
    ck_assert_double_eq_tol(x[0] + x[1], 1e-8, 1e-20);
    ck_assert(x[0] > 0 && x[1] > 0);
    routes_free(3, r);
    net_free(&net);
}
END_TEST

START_TEST(test_tiny_capacity_regression)
{
    /* SharedRing on medium_tiers.gml: four routes whose resources span 18
     * decades (two of ~1e-15 that really are capacities here). Summing
     * s_k - m lambda_j cancelled catastrophically and the coordinate ascent
     * cycled; the prices are now summed afresh. */
    const double cap[14] = {214.5705, 889.7455, 1004.1085, 1004.1085, 214.5705,
                            8.8817841970012523e-16, 116.0135, 52.0075, 163.8555,
                            3.5527136788005009e-15, 64.121, 21.0825, 21.2645, 4.448};
    const int r01[12] = {0, 1, 2, 3, 4, 5, 6, 8, 9, 10, 11, 13};
    const int r23[13] = {0, 1, 2, 3, 4, 5, 7, 8, 9, 10, 11, 12, 13};
    rm_network net;
    net_flat(&net, 14, cap, NULL);
    rm_route r[4] = {route_arcs(12, r01), route_arcs(12, r01), route_arcs(13, r23),
                     route_arcs(13, r23)};
    double a[4] = {114.444, 68.667, 68.667, 68.667}, x[4];
    rm_error err;
    ck_assert_msg(rm_share_optimal(&net, NULL, 4, r, a, 1e-10, x, &err) == RM_OK, "%s", err.msg);
    /* one binding link of capacity C shared by all: closed form */
    double C = cap[5], ss = sqrt(a[0]) + 3 * sqrt(a[1]);
    for (int k = 0; k < 4; k++)
        ck_assert_double_eq_tol(x[k], C * sqrt(a[k]) / ss, 1e-9 * C);
    routes_free(4, r);
    net_free(&net);
}
END_TEST

/* ---------------------------------------------- optimal shares: theory */

START_TEST(test_single_link_closed_form)
{
    /* K routes on one link of capacity C: x_k = C sqrt(a_k) / sum sqrt(a) */
    rng g = {12345};
    for (int trial = 0; trial < 50; trial++) {
        int K = 2 + rndi(&g, 12);
        double C = 1 + 200 * rnd(&g);
        rm_network net;
        net_flat(&net, 1, &C, NULL);
        rm_route r[16];
        double a[16], x[16], ss = 0;
        int arc0 = 0;
        for (int k = 0; k < K; k++) {
            r[k] = route_arcs(1, &arc0);
            a[k] = 0.01 + 50 * rnd(&g);
            ss += sqrt(a[k]);
        }
        ck_assert_int_eq(rm_share_optimal(&net, NULL, K, r, a, 0, x, NULL), RM_OK);
        for (int k = 0; k < K; k++)
            ck_assert_double_eq_tol(x[k], C * sqrt(a[k]) / ss, 1e-10 * C);
        routes_free(K, r);
        net_free(&net);
    }
}
END_TEST

/* Non-negative least squares min |M y - b| (y >= 0) by projected
 * Gauss-Seidel on the normal equations; M is n x m row-major. */
static void nnls(int n, int m, const double *M, const double *b, double *y)
{
    double *G = calloc((size_t)(m * m + 1), sizeof(double)), *h = calloc((size_t)(m + 1), sizeof(double));
    for (int k = 0; k < n; k++)
        for (int i = 0; i < m; i++) {
            if (M[k * m + i] == 0)
                continue;
            h[i] += M[k * m + i] * b[k];
            for (int l = 0; l < m; l++)
                G[i * m + l] += M[k * m + i] * M[k * m + l];
        }
    for (int i = 0; i < m; i++)
        y[i] = 0;
    for (int it = 0; it < 20000; it++) {
        double change = 0;
        for (int i = 0; i < m; i++) {
            double num = h[i];
            for (int l = 0; l < m; l++)
                if (l != i)
                    num -= G[i * m + l] * y[l];
            double v = G[i * m + i] > 0 ? fmax(0, num / G[i * m + i]) : 0;
            change = fmax(change, fabs(v - y[i]) / (fabs(v) + 1e-300));
            y[i] = v;
        }
        if (change < 1e-13)
            break;
    }
    free(G);
    free(h);
}

/* KKT certificate of an optimal x: feasibility, and multipliers >= 0 on the
 * tight constraints only (complementary slackness) that make the gradient
 * vanish: a_k / x_k^2 = sum_{tight r} m_kr lambda_r + nu_k (nu_k for a
 * tight backbone of route k). Returns the relative stationarity residual. */
static double kkt_residual(const rm_network *net, int K, const rm_route *r, const double *a,
                           const double *x)
{
    int R = net->n_res;
    double *load = malloc((size_t)R * sizeof(double));
    loads(net, K, r, x, load);
    int m = 0, *col = malloc((size_t)(R + K) * sizeof(int));
    for (int j = 0; j < R; j++) {
        col[j] = -1;
        if (!net->res_backbone[j] && load[j] >= net->res_cap[j] * (1 - 1e-8))
            col[j] = m++;
    }
    for (int k = 0; k < K; k++) {
        col[R + k] = -1;
        for (int i = 0; i < r[k].n_arcs; i++) {
            int j = net->arc_res[r[k].arcs[i]];
            if (net->res_backbone[j] && x[k] >= net->res_cap[j] * (1 - 1e-8))
                col[R + k] = 0;
        }
        if (col[R + k] == 0)
            col[R + k] = m++;
    }
    size_t nM = (size_t)(K > 0 ? K : 1) * (size_t)(m > 0 ? m : 1);
    double *M = calloc(nM, sizeof(double));
    double *b = malloc((size_t)K * sizeof(double)), *y = malloc((size_t)(m + 1) * sizeof(double));
    for (int k = 0; k < K; k++) {
        b[k] = a[k] / (x[k] * x[k]);
        for (int i = 0; i < r[k].n_arcs; i++) {
            int j = net->arc_res[r[k].arcs[i]];
            if (col[j] >= 0)
                M[k * m + col[j]] += 1.0;
        }
        if (col[R + k] >= 0)
            M[k * m + col[R + k]] = 1.0;
    }
    /* relative equations: row k divided by b_k (weights span decades) */
    for (int k = 0; k < K; k++) {
        for (int l = 0; l < m; l++)
            M[k * m + l] /= b[k];
        b[k] = 1.0;
    }
    nnls(K, m, M, b, y);
    double worst = 0;
    for (int k = 0; k < K; k++) {
        double s = 0;
        for (int l = 0; l < m; l++)
            s += M[k * m + l] * y[l];
        worst = fmax(worst, fabs(s - 1.0));
    }
    free(load);
    free(col);
    free(M);
    free(b);
    free(y);
    return worst;
}

/* Project x onto the feasible set by scaling down (each route by the worst
 * ratio of its over-used resources; backbone caps clamp). */
static void project(const rm_network *net, int K, const rm_route *r, double *x)
{
    double *load = malloc((size_t)net->n_res * sizeof(double));
    loads(net, K, r, x, load);
    for (int k = 0; k < K; k++) {
        double f = 1.0;
        for (int i = 0; i < r[k].n_arcs; i++) {
            int j = net->arc_res[r[k].arcs[i]];
            if (net->res_backbone[j])
                f = fmin(f, net->res_cap[j] / x[k]);
            else if (load[j] > net->res_cap[j])
                f = fmin(f, net->res_cap[j] / load[j]);
        }
        x[k] *= f;
    }
    free(load);
}

START_TEST(test_optimal_kkt_random)
{
    rng g = {2024};
    for (int trial = 0; trial < 200; trial++) {
        int R = 2 + rndi(&g, 8), K = 2 + rndi(&g, 7);
        rm_network net;
        rm_route r[16];
        double a[16], x[16], xp[16];
        random_instance(&g, &net, R, K, 4, 0.15, r, a);
        rm_error err;
        ck_assert_msg(rm_share_optimal(&net, NULL, K, r, a, 0, x, &err) == RM_OK, "%s", err.msg);
        ck_assert(feasible(&net, K, r, x, 1e-12));
        for (int k = 0; k < K; k++)
            ck_assert(x[k] > 0 && isfinite(x[k]));
        double kr = kkt_residual(&net, K, r, a, x);
        ck_assert_msg(kr < 1e-6, "trial %d: KKT residual %g", trial, kr);
        /* no feasible perturbation does better */
        double f0 = objective(K, a, x);
        for (int p = 0; p < 100; p++) {
            double eps = p % 2 ? 1e-3 : 1e-6;
            for (int k = 0; k < K; k++)
                xp[k] = x[k] * (1 + eps * (2 * rnd(&g) - 1));
            project(&net, K, r, xp);
            ck_assert(feasible(&net, K, r, xp, 1e-12));
            ck_assert_msg(objective(K, a, xp) >= f0 * (1 - 1e-11), "trial %d: %.17g < %.17g", trial,
                          objective(K, a, xp), f0);
        }
        routes_free(K, r);
        net_free(&net);
    }
}
END_TEST

START_TEST(test_optimal_degenerate)
{
    /* the four routes of SharedRing's best pair (§4.4.1): i->j twice and
     * j->i twice on the path 0-4-5-1, half duplex: every link carries the
     * same four routes, so the dual prices are not unique. The answer is
     * the single-link closed form on the narrowest link. */
    const int ends[3][2] = {{0, 4}, {4, 5}, {5, 1}};
    const double caps[3][3] = {{10, 10, 10}, {10, 10, 12}, {15, 10, 10}};
    for (int c = 0; c < 3; c++) {
        rm_network net;
        net_build(&net, 3, ends, caps[c], NULL, RM_DUPLEX_HALF, 0);
        int f[4] = {0, 4, 5, 1}, b[4] = {1, 5, 4, 0};
        rm_route r[4] = {route_nodes(&net, 4, f), route_nodes(&net, 4, f), route_nodes(&net, 4, b),
                         route_nodes(&net, 4, b)};
        double a[4] = {1, 1, 2, 2}, x[4], ss = 2 + 2 * sqrt(2);
        rm_error err;
        ck_assert_msg(rm_share_optimal(&net, NULL, 4, r, a, 0, x, &err) == RM_OK, "%s", err.msg);
        for (int k = 0; k < 4; k++)
            ck_assert_double_eq_tol(x[k], 10 * sqrt(a[k]) / ss, 1e-10);
        ck_assert_int_eq(rm_maxmin(&net, NULL, 4, r, x, NULL), RM_OK);
        for (int k = 0; k < 4; k++)
            ck_assert_double_eq_tol(x[k], 2.5, 1e-12);
        routes_free(4, r);
        net_free(&net);
    }
}
END_TEST

START_TEST(test_optimal_wide_ranges)
{
    /* capacities over 8 decades, weights over 10: converges, feasible,
     * KKT, and no feasible perturbation is better */
    rng g = {5150};
    for (int trial = 0; trial < 300; trial++) {
        int R = 1 + rndi(&g, 10), K = 1 + rndi(&g, 12);
        rm_network net;
        rm_route r[16];
        double a[16], x[16], xp[16];
        random_instance(&g, &net, R, K, 5, 0.1, r, a);
        for (int j = 0; j < R; j++)
            net.res_cap[j] = pow(10.0, -3 + 8 * rnd(&g));
        for (int k = 0; k < K; k++)
            a[k] = pow(10.0, -6 + 10 * rnd(&g));
        rm_error err;
        ck_assert_msg(rm_share_optimal(&net, NULL, K, r, a, 0, x, &err) == RM_OK, "trial %d: %s", trial,
                      err.msg);
        ck_assert(feasible(&net, K, r, x, 1e-12));
        for (int k = 0; k < K; k++)
            ck_assert(x[k] > 0 && isfinite(x[k]));
        double kr = kkt_residual(&net, K, r, a, x);
        ck_assert_msg(kr < 1e-5, "trial %d: KKT residual %g", trial, kr);
        double f0 = objective(K, a, x);
        for (int p = 0; p < 50; p++) {
            for (int k = 0; k < K; k++)
                xp[k] = x[k] * (1 + 1e-4 * (2 * rnd(&g) - 1));
            project(&net, K, r, xp);
            ck_assert_msg(objective(K, a, xp) >= f0 * (1 - 1e-11), "trial %d", trial);
        }
        routes_free(K, r);
        net_free(&net);
    }
}
END_TEST

/* Max-min characterisation (Bertsekas & Gallager): every route has a
 * bottleneck — a saturated resource on which no route has a larger rate,
 * or a backbone resource it fills. */
static int maxmin_certified(const rm_network *net, int K, const rm_route *r, const double *x)
{
    double *load = malloc((size_t)net->n_res * sizeof(double));
    loads(net, K, r, x, load);
    int ok = 1;
    for (int k = 0; k < K && ok; k++) {
        int has = 0;
        for (int i = 0; i < r[k].n_arcs && !has; i++) {
            int j = net->arc_res[r[k].arcs[i]];
            if (net->res_backbone[j]) {
                has = fabs(x[k] - net->res_cap[j]) <= 1e-9 * net->res_cap[j];
                continue;
            }
            if (load[j] < net->res_cap[j] * (1 - 1e-9))
                continue;
            int top = 1;
            for (int l = 0; l < K; l++)
                for (int t = 0; t < r[l].n_arcs; t++)
                    if (net->arc_res[r[l].arcs[t]] == j && x[l] > x[k] * (1 + 1e-9))
                        top = 0;
            has = top;
        }
        ok = has;
    }
    free(load);
    return ok;
}

START_TEST(test_maxmin_random_certificate)
{
    rng g = {777};
    for (int trial = 0; trial < 300; trial++) {
        int R = 1 + rndi(&g, 10), K = 1 + rndi(&g, 10);
        rm_network net;
        rm_route r[16];
        double a[16], x[16];
        random_instance(&g, &net, R, K, 5, 0.2, r, a);
        ck_assert_int_eq(rm_maxmin(&net, NULL, K, r, x, NULL), RM_OK);
        ck_assert(feasible(&net, K, r, x, 1e-12));
        ck_assert_msg(maxmin_certified(&net, K, r, x), "trial %d", trial);
        routes_free(K, r);
        net_free(&net);
    }
}
END_TEST

START_TEST(test_optimal_beats_maxmin)
{
    /* a few hundred seeded instances: the optimum of sum a/x is never worse
     * than max-min's, and strictly better on some */
    rng g = {99};
    int better = 0, n = 400;
    for (int trial = 0; trial < n; trial++) {
        int R = 2 + rndi(&g, 12), K = 2 + rndi(&g, 12);
        rm_network net;
        rm_route r[16];
        double a[16], xo[16], xm[16];
        random_instance(&g, &net, R, K, 5, 0.1, r, a);
        rm_error err;
        ck_assert_msg(rm_share_optimal(&net, NULL, K, r, a, 0, xo, &err) == RM_OK, "%s", err.msg);
        ck_assert_int_eq(rm_maxmin(&net, NULL, K, r, xm, NULL), RM_OK);
        double fo = objective(K, a, xo), fm = objective(K, a, xm);
        ck_assert_msg(fo <= fm * (1 + 1e-12), "trial %d: optimal %.17g > max-min %.17g", trial, fo, fm);
        better += fo < fm * (1 - 1e-6);
        routes_free(K, r);
        net_free(&net);
    }
    ck_assert_int_gt(better, n / 4);
}
END_TEST

START_TEST(test_optimal_larger_random)
{
    /* 40-200 routes on up to 150 resources: converges, feasible, KKT */
    rng g = {4242};
    for (int trial = 0; trial < 20; trial++) {
        int R = 20 + rndi(&g, 130), K = 40 + rndi(&g, 160);
        rm_network net;
        rm_route *r = malloc((size_t)K * sizeof *r);
        double *a = malloc((size_t)K * sizeof *a), *x = malloc((size_t)K * sizeof *x),
               *xm = malloc((size_t)K * sizeof *xm);
        random_instance(&g, &net, R, K, 6, 0.05, r, a);
        rm_error err;
        ck_assert_msg(rm_share_optimal(&net, NULL, K, r, a, 0, x, &err) == RM_OK, "%s", err.msg);
        ck_assert(feasible(&net, K, r, x, 1e-12));
        double kr = kkt_residual(&net, K, r, a, x);
        ck_assert_msg(kr < 1e-5, "trial %d: KKT residual %g", trial, kr);
        ck_assert_int_eq(rm_maxmin(&net, NULL, K, r, xm, NULL), RM_OK);
        ck_assert(objective(K, a, x) <= objective(K, a, xm) * (1 + 1e-12));
        routes_free(K, r);
        net_free(&net);
        free(r);
        free(a);
        free(x);
        free(xm);
    }
}
END_TEST

/* ------------------------------------------------------------ speed */

static double now_us(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e6 + ts.tv_nsec * 1e-3;
}

START_TEST(test_speed)
{
    /* One SharedRing insertion: i = 0, j = 1, k = 2, routers 3..7, ten
     * links; routes i->k, k->i, k->j, j->k share links 0, 2, 3, 9. */
    const int ends[10][2] = {{0, 3}, {3, 4}, {4, 2}, {1, 5}, {5, 4},
                             {3, 5}, {2, 6}, {6, 5}, {3, 7}, {7, 1}};
    const double cap[10] = {100, 40, 30, 80, 50, 20, 25, 60, 45, 35};
    rm_network net;
    net_build(&net, 10, ends, cap, NULL, RM_DUPLEX_HALF, 0);
    int ik[4] = {0, 3, 4, 2}, ki2[5] = {2, 6, 5, 3, 0};
    int kj[4] = {2, 4, 5, 1}, jk[4] = {1, 5, 6, 2};
    rm_route r[4] = {route_nodes(&net, 4, ik), route_nodes(&net, 5, ki2),
                     route_nodes(&net, 4, kj), route_nodes(&net, 4, jk)};
    double a[4] = {1 / 0.0206, 1 / 0.0087, 1 / 0.0087, 1 / 0.0291}, x[4], xm[4];
    int n = 20000;
    double t0 = now_us();
    for (int it = 0; it < n; it++)
        ck_assert_int_eq(rm_share_optimal(&net, NULL, 4, r, a, 1e-10, x, NULL), RM_OK);
    double t_opt4 = (now_us() - t0) / n;
    t0 = now_us();
    for (int it = 0; it < n; it++)
        ck_assert_int_eq(rm_maxmin(&net, NULL, 4, r, xm, NULL), RM_OK);
    double t_mm4 = (now_us() - t0) / n;
    ck_assert(feasible(&net, 4, r, x, 1e-12));
    ck_assert(kkt_residual(&net, 4, r, a, x) < 1e-6);
    ck_assert(objective(4, a, x) < objective(4, a, xm));
    routes_free(4, r);
    net_free(&net);

    /* 40 routes on 60 resources, 3-6 resources each */
    rng g = {31337};
    int K = 40;
    rm_route r40[40];
    double a40[40], x40[40];
    double tot = 0, totm = 0;
    int calls = 0;
    for (int inst = 0; inst < 10; inst++) {
        random_instance(&g, &net, 60, K, 6, 0.0, r40, a40);
        t0 = now_us();
        for (int it = 0; it < 200; it++)
            ck_assert_int_eq(rm_share_optimal(&net, NULL, K, r40, a40, 0, x40, NULL), RM_OK);
        tot += now_us() - t0;
        t0 = now_us();
        for (int it = 0; it < 200; it++)
            ck_assert_int_eq(rm_maxmin(&net, NULL, K, r40, x40, NULL), RM_OK);
        totm += now_us() - t0;
        calls += 200;
        routes_free(K, r40);
        net_free(&net);
    }
    double t_opt40 = tot / calls, t_mm40 = totm / calls;
    printf("bw speed: rm_share_optimal 4 routes/10 links %.2f us, 40 routes/60 res %.1f us; "
           "rm_maxmin %.2f us, %.1f us\n",
           t_opt4, t_opt40, t_mm4, t_mm40);
    /* printed, not asserted: speed targets live in bench/ */
}
END_TEST

/* ------------------------------------------------------------ entry checks */

#define EXPECT_EINVAL_MSG(call, text)                                                          \
    do {                                                                                       \
        rm_error e_ = {RM_OK, ""};                                                             \
        ck_assert_int_eq((call), RM_EINVAL);                                                   \
        ck_assert_msg(strstr(e_.msg, (text)) != NULL, "message '%s' lacks '%s'", e_.msg,      \
                      (text));                                                                 \
    } while (0)

/* RM_EINVAL naming the function and the argument at every public entry of
 * bw.h that returns a status; nothing is written on failure. */
START_TEST(test_entry_checks)
{
    rm_network net;
    double cap[3] = {10, 4, 6};
    net_flat(&net, 3, cap, NULL);
    int p01[2] = {0, 1}, bad[2] = {0, 3}, neg[1] = {-1};
    rm_route r[2] = {route_arcs(2, p01), route_arcs(1, p01)};
    rm_route rbad = route_arcs(2, bad), rneg = route_arcs(1, neg);
    rm_route rnull = {0, 1, 2, NULL, 0}, rlen = {0, 1, -1, NULL, 0};
    double a[2] = {1, 2}, x[2] = {-7, -7};

    EXPECT_EINVAL_MSG(rm_maxmin(NULL, NULL, 2, r, x, &e_), "rm_maxmin: net is NULL");
    EXPECT_EINVAL_MSG(rm_maxmin(&net, NULL, -1, r, x, &e_), "rm_maxmin: n_routes = -1");
    EXPECT_EINVAL_MSG(rm_maxmin(&net, NULL, 2, NULL, x, &e_), "rm_maxmin: routes is NULL");
    EXPECT_EINVAL_MSG(rm_maxmin(&net, NULL, 2, r, NULL, &e_), "rm_maxmin: rate is NULL");
    EXPECT_EINVAL_MSG(rm_maxmin(&net, NULL, 1, &rbad, x, &e_), "arc 3 at position 1 does not exist");
    EXPECT_EINVAL_MSG(rm_maxmin(&net, NULL, 1, &rneg, x, &e_), "arc -1 at position 0");
    EXPECT_EINVAL_MSG(rm_maxmin(&net, NULL, 1, &rnull, x, &e_), "routes[0]");
    EXPECT_EINVAL_MSG(rm_maxmin(&net, NULL, 1, &rlen, x, &e_), "n_arcs = -1");
    EXPECT_EINVAL_MSG(rm_share_optimal(NULL, NULL, 2, r, a, 0, x, &e_),
                      "rm_share_optimal: net is NULL");
    EXPECT_EINVAL_MSG(rm_share_optimal(&net, NULL, -3, r, a, 0, x, &e_),
                      "rm_share_optimal: n_routes = -3");
    EXPECT_EINVAL_MSG(rm_share_optimal(&net, NULL, 2, NULL, a, 0, x, &e_),
                      "rm_share_optimal: routes is NULL");
    EXPECT_EINVAL_MSG(rm_share_optimal(&net, NULL, 2, r, NULL, 0, x, &e_),
                      "rm_share_optimal: a is NULL");
    EXPECT_EINVAL_MSG(rm_share_optimal(&net, NULL, 2, r, a, 0, NULL, &e_),
                      "rm_share_optimal: x is NULL");
    EXPECT_EINVAL_MSG(rm_share_optimal(&net, NULL, 1, &rbad, a, 0, x, &e_),
                      "rm_share_optimal: routes[0] (0 -> 1): arc 3");
    ck_assert(x[0] == -7 && x[1] == -7); /* nothing written */
    /* the system form */
    int start[3] = {0, 2, 3}, res[3] = {0, 1, 1};
    rm_share_system sys = {2, start, res, 3, cap, NULL};
    EXPECT_EINVAL_MSG(rm_share_optimal_sys(NULL, a, 0, x, &e_), "rm_share_optimal_sys: sys is NULL");
    EXPECT_EINVAL_MSG(rm_share_optimal_sys(&sys, NULL, 0, x, &e_), "rm_share_optimal_sys: a is NULL");
    EXPECT_EINVAL_MSG(rm_share_optimal_sys(&sys, a, 0, NULL, &e_), "rm_share_optimal_sys: x is NULL");
    rm_share_system s2 = sys;
    s2.n_routes = -1;
    EXPECT_EINVAL_MSG(rm_share_optimal_sys(&s2, a, 0, x, &e_), "sys->n_routes = -1");
    s2 = sys, s2.n_res = -2;
    EXPECT_EINVAL_MSG(rm_share_optimal_sys(&s2, a, 0, x, &e_), "sys->n_res = -2");
    s2 = sys, s2.route_start = NULL;
    EXPECT_EINVAL_MSG(rm_share_optimal_sys(&s2, a, 0, x, &e_), "sys->route_start is NULL");
    s2 = sys, s2.route_res = NULL;
    EXPECT_EINVAL_MSG(rm_share_optimal_sys(&s2, a, 0, x, &e_), "sys->route_res is NULL");
    s2 = sys, s2.res_cap = NULL;
    EXPECT_EINVAL_MSG(rm_share_optimal_sys(&s2, a, 0, x, &e_), "sys->res_cap is NULL");
    int start1[3] = {1, 2, 3}, startd[3] = {0, 2, 1}, res_bad[3] = {0, 3, 1};
    s2 = sys, s2.route_start = start1;
    EXPECT_EINVAL_MSG(rm_share_optimal_sys(&s2, a, 0, x, &e_), "sys->route_start[0] = 1");
    s2 = sys, s2.route_start = startd;
    EXPECT_EINVAL_MSG(rm_share_optimal_sys(&s2, a, 0, x, &e_), "sys->route_start[2] = 1");
    s2 = sys, s2.route_res = res_bad;
    EXPECT_EINVAL_MSG(rm_share_optimal_sys(&s2, a, 0, x, &e_), "sys->route_res[1] = 3");
    double capneg[3] = {10, -1, 6}, capnan[3] = {10, 4, NAN};
    s2 = sys, s2.res_cap = capneg;
    EXPECT_EINVAL_MSG(rm_share_optimal_sys(&s2, a, 0, x, &e_), "sys->res_cap[1] = -1");
    s2 = sys, s2.res_cap = capnan;
    EXPECT_EINVAL_MSG(rm_share_optimal_sys(&s2, a, 0, x, &e_), "sys->res_cap[2] = nan");
    ck_assert(x[0] == -7 && x[1] == -7);

    /* weights stay RM_EINPUT (data, documented) */
    double aneg[2] = {1, -1};
    rm_error err;
    ck_assert_int_eq(rm_share_optimal_sys(&sys, aneg, 0, x, &err), RM_EINPUT);
    ck_assert_ptr_nonnull(strstr(err.msg, "route 1"));
    /* the valid call, and no routes at all */
    ck_assert_int_eq(rm_share_optimal_sys(&sys, a, 0, x, &err), RM_OK);
    rm_share_system s0 = {0, NULL, NULL, 0, NULL, NULL};
    ck_assert_int_eq(rm_share_optimal_sys(&s0, NULL, 0, NULL, &err), RM_OK);
    /* rm_residual_apply: NULL arguments are a no-op */
    double resid[3] = {1, 2, 3};
    rm_residual_apply(NULL, resid, &r[0], 1.0, 1);
    rm_residual_apply(&net, NULL, &r[0], 1.0, 1);
    rm_residual_apply(&net, resid, NULL, 1.0, 1);
    ck_assert(resid[0] == 1 && resid[1] == 2 && resid[2] == 3);
    routes_free(2, r);
    free(rbad.arcs), free(rneg.arcs);
    net_free(&net);
}
END_TEST

/* rm_share_optimal_sys is rm_share_optimal on resource lists: bit for bit
 * the same shares on random instances (flat networks: arc a = resource a),
 * with and without backbones, zero weights and infinite capacities. */
START_TEST(test_optimal_sys_same)
{
    rng g = {777};
    for (int trial = 0; trial < 300; trial++) {
        int R = 2 + rndi(&g, 12), K = 1 + rndi(&g, 12);
        rm_network net;
        rm_route r[16];
        double a[16], x[16], xs[16];
        random_instance(&g, &net, R, K, 5, 0.15, r, a);
        if (trial % 3 == 0)
            a[rndi(&g, K)] = 0.0;
        if (trial % 5 == 0)
            net.res_cap[rndi(&g, R)] = INFINITY;
        int start[17], res[16 * 16], n = 0;
        for (int k = 0; k < K; k++) {
            start[k] = n;
            for (int i = 0; i < r[k].n_arcs; i++)
                res[n++] = r[k].arcs[i];
        }
        start[K] = n;
        rm_share_system sys = {K, start, res, R, net.res_cap, net.res_backbone};
        rm_error err;
        ck_assert_msg(rm_share_optimal(&net, NULL, K, r, a, 0, x, &err) == RM_OK, "%s", err.msg);
        ck_assert_msg(rm_share_optimal_sys(&sys, a, 0, xs, &err) == RM_OK, "%s", err.msg);
        for (int k = 0; k < K; k++)
            ck_assert_msg(x[k] == xs[k] || (isnan(x[k]) && isnan(xs[k])),
                          "trial %d route %d: %.17g vs %.17g", trial, k, x[k], xs[k]);
        routes_free(K, r);
        net_free(&net);
    }
}
END_TEST


/* ------------------------------------------------- a growing ring's max-min */

/* The route a -> b of a random zoned cluster on a flat network (resource =
 * arc): a's up link, across zones the zones' up and down links and a
 * backbone (a per-route bound), b's down link; some routes cross a link
 * twice (a walk) or a shared middle link. Deterministic in (a, b). */
static int zoned_route(unsigned long long seed, int H, int Z, int a, int b, int *arcs)
{
    rng g = {seed ^ ((unsigned long long)a * 1000003ULL + (unsigned long long)b * 7919ULL)};
    int n = 0, za = a % Z, zb = b % Z;
    arcs[n++] = a;
    if (rnd(&g) < 0.1)
        arcs[n++] = a; /* a walk: multiplicity 2 */
    if (za != zb) {
        arcs[n++] = 2 * H + 2 * za;
        arcs[n++] = 2 * H + 2 * Z + (rnd(&g) < 0.5 ? 0 : 1); /* backbones */
        arcs[n++] = 2 * H + 2 * zb + 1;
    } else if (rnd(&g) < 0.2) {
        arcs[n++] = 2 * H + 2 * Z + 2; /* a shared middle link */
    }
    arcs[n++] = H + b;
    return n;
}

/* rmi_mm_ring_solve against rm_maxmin, bit for bit, on rings grown by
 * random insertions (and the same ring again, and a new ring) on random
 * zoned clusters, capacities from a few values (ties: the replay's
 * witnesses) or all distinct (no ties: full fillings). */
START_TEST(test_maxmin_ring_incremental)
{
    long replays_all = 0, full_all = 0, partial_all = 0, sizes = 0;
    for (int trial = 0; trial < 60; trial++) {
        rng g = {1000 + (unsigned long long)trial};
        int H = 8 + rndi(&g, 60), Z = 1 + rndi(&g, 4), nres = 2 * H + 2 * Z + 3;
        int ties = trial % 4 != 3;
        unsigned long long rseed = 77 + 31ULL * (unsigned long long)trial;
        double *cap = malloc((size_t)nres * sizeof *cap);
        int *bb = calloc((size_t)nres, sizeof *bb);
        const double vals[4] = {1e8, 2e8, 1.25e8, 5e7};
        for (int r = 0; r < nres; r++)
            cap[r] = ties ? vals[rndi(&g, trial % 2 ? 2 : 4)] : 1e7 * (1.0 + 20.0 * rnd(&g));
        for (int z = 0; z < 2 * Z; z++)
            cap[2 * H + z] *= 4 + rndi(&g, 8); /* zone links carry several routes */
        cap[2 * H + 2 * Z + 2] *= trial % 3 ? 20.0 : 1.0; /* the middle link: the bottleneck */
        bb[2 * H + 2 * Z] = bb[2 * H + 2 * Z + 1] = 1;
        cap[2 * H + 2 * Z] = 3e7 + 1e8 * rnd(&g);
        if (trial % 5 == 0)
            cap[rndi(&g, nres)] = 0.0; /* a dead link: rate 0 */
        rm_network net;
        net_flat(&net, nres, cap, bb);
        rmi_mm_ring *m = rmi_mm_ring_new(&net);
        ck_assert_ptr_nonnull(m);
        int *ring = malloc((size_t)H * sizeof *ring), *in = calloc((size_t)H, sizeof *in);
        rm_route *sc = calloc((size_t)H, sizeof *sc), *pc = calloc((size_t)H, sizeof *pc);
        rm_route *all = malloc(2 * (size_t)H * sizeof *all);
        double *x = malloc(2 * (size_t)H * sizeof *x), *y = malloc(2 * (size_t)H * sizeof *y);
        for (int k = 0; k < H; k++) {
            sc[k].arcs = malloc(8 * sizeof(int));
            pc[k].arcs = malloc(8 * sizeof(int));
        }
        int q = 2;
        ring[0] = rndi(&g, H);
        do
            ring[1] = rndi(&g, H);
        while (ring[1] == ring[0]);
        in[ring[0]] = in[ring[1]] = 1;
        for (int step = 0; q <= H; step++) {
            for (int i = 0; i < q; i++) {
                int a = ring[i], b = ring[(i + 1) % q], c = ring[(i - 1 + q) % q];
                sc[i].n_arcs = zoned_route(rseed, H, Z, a, b, sc[i].arcs);
                pc[i].n_arcs = zoned_route(rseed, H, Z, a, c, pc[i].arcs);
                sc[i].src = pc[i].src = a;
                sc[i].dst = b, pc[i].dst = c;
                all[i] = sc[i];
                all[q + i] = pc[i];
            }
            ck_assert_int_eq(rm_maxmin(&net, NULL, 2 * q, all, y, NULL), RM_OK);
            ck_assert_int_eq(rmi_mm_ring_solve(m, q, ring, sc, pc, trial % 2, x, NULL), RM_OK);
            for (int k = 0; k < 2 * q; k++)
                ck_assert_msg(memcmp(&x[k], &y[k], sizeof(double)) == 0,
                              "trial %d, q %d, route %d: %.17g, rm_maxmin %.17g", trial, q, k,
                              x[k], y[k]);
            sizes++;
            double u = rnd(&g);
            if (u < 0.05 && q > 3) { /* a new ring: the first and last hosts swap */
                int t = ring[0];
                ring[0] = ring[q - 1];
                ring[q - 1] = t;
            } else if (u >= 0.1) { /* else the same ring again */
                if (q == H)
                    break;
                int h;
                do
                    h = rndi(&g, H);
                while (in[h]);
                int p = 1 + rndi(&g, q); /* after position p - 1 */
                memmove(ring + p + 1, ring + p, (size_t)(q - p) * sizeof *ring);
                ring[p] = h;
                in[h] = 1;
                q++;
            }
        }
        long calls, full, replays, partial;
        rmi_mm_ring_stats(m, &calls, &full, &replays, &partial);
        ck_assert_int_eq(calls, full + replays + partial);
        replays_all += replays;
        partial_all += partial;
        full_all += full;
        for (int k = 0; k < H; k++) {
            free(sc[k].arcs);
            free(pc[k].arcs);
        }
        free(sc), free(pc), free(all), free(x), free(y), free(ring), free(in), free(cap), free(bb);
        rmi_mm_ring_free(m);
        net_free(&net);
    }
    /* every path ran, the replays most of the time */
    ck_assert_msg(replays_all > sizes / 6 && partial_all > sizes / 6 && full_all >= 60 &&
                      full_all < sizes / 4,
                  "%ld sizes: %ld replays, %ld partial, %ld full", sizes, replays_all, partial_all,
                  full_all);
}
END_TEST

/* ------------------------------------------------------------ suite */

static Suite *bw_suite(void)
{
    Suite *s = suite_create("bw");
    TCase *tc = tcase_create("oracles");
    tcase_add_test(tc, test_star_maxmin);
    tcase_add_test(tc, test_star_optimal);
    tcase_add_test(tc, test_maxmin_two_links);
    tcase_add_test(tc, test_alone_bottleneck);
    tcase_add_test(tc, test_backbone);
    tcase_add_test(tc, test_duplex);
    tcase_add_test(tc, test_walk_counts_twice);
    tcase_add_test(tc, test_special_routes);
    tcase_add_test(tc, test_residual_noise);
    tcase_add_test(tc, test_tiny_capacity_regression);
    tcase_add_test(tc, test_entry_checks);
    suite_add_tcase(s, tc);
    TCase *tr = tcase_create("random");
    tcase_set_timeout(tr, 120);
    tcase_add_test(tr, test_single_link_closed_form);
    tcase_add_test(tr, test_optimal_kkt_random);
    tcase_add_test(tr, test_optimal_degenerate);
    tcase_add_test(tr, test_optimal_wide_ranges);
    tcase_add_test(tr, test_maxmin_random_certificate);
    tcase_add_test(tr, test_optimal_beats_maxmin);
    tcase_add_test(tr, test_optimal_larger_random);
    tcase_add_test(tr, test_optimal_sys_same);
    tcase_add_test(tr, test_speed);
    tcase_add_test(tr, test_maxmin_ring_incremental);
    suite_add_tcase(s, tr);
    return s;
}

int main(void)
{
    return rmt_run_suite(bw_suite());
}
