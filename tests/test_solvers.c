/*
 * test_solvers.c — the eq. (5) share program of solvers.h: the library's
 * one solver (rm_share_optimal, bw/) and the tests' independent cross-check
 * (GLPK outer approximation, tests/share_glpk.c) against the hand-solved
 * 3-host star (docs/sources.md), closed forms (one shared link, backbone
 * bounds), error reporting, and each other on seeded random instances
 * (objective within 1e-6 relative, feasibility, no worse than max-min).
 * Networks and routes are built by hand here.
 * The step-time solvers of a fixed ring (rm_tstep_kinsol, rm_tstep_glpk)
 * at scale (docs/scale.md): SliceRing's rings of 65, 100 and 120 hosts on the
 * generated 999-host Tiers-like platform (agreement to 1e-6, certified
 * gaps), the best certified point when the tolerance cannot be reached,
 * a solver stopped at its limit through the mapper (final_converged 0, a
 * valid certified gap), and RM_EINVAL argument checks.
 */
#include "ringmap.h"
#include "share_glpk.h"
#include "solvers/solvers.h"
#include "solvers/tstep_problem.h"
#include "topo/gen/generators.h"

#include "support.h"

#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* ------------------------------------------------------------ helpers */

/* A hand-built network: undirected links (u, v, cap, backbone). Arc 2l is
 * u->v, 2l+1 is v->u; half duplex: both arcs on resource l; full duplex:
 * arc a on resource a. */
typedef struct tnet {
    rm_network net;
    int n_nodes;
    int *lu, *lv; /* link ends */
} tnet;

static void tnet_init(tnet *t, int n_nodes, int n_links, const int *lu, const int *lv,
                      const double *cap, const int *backbone, rm_duplex duplex)
{
    memset(t, 0, sizeof *t);
    rm_network *net = &t->net;
    t->n_nodes = n_nodes;
    t->lu = malloc((size_t)n_links * sizeof *t->lu);
    t->lv = malloc((size_t)n_links * sizeof *t->lv);
    net->platform = NULL;
    net->duplex = duplex;
    net->n_arcs = 2 * n_links;
    net->arc_link = malloc((size_t)net->n_arcs * sizeof(int));
    net->arc_tail = malloc((size_t)net->n_arcs * sizeof(int));
    net->arc_head = malloc((size_t)net->n_arcs * sizeof(int));
    net->arc_res = malloc((size_t)net->n_arcs * sizeof(int));
    net->n_res = duplex == RM_DUPLEX_HALF ? n_links : 2 * n_links;
    net->res_cap = malloc((size_t)net->n_res * sizeof(double));
    net->res_backbone = malloc((size_t)net->n_res * sizeof(int));
    net->res_link = malloc((size_t)net->n_res * sizeof(int));
    net->priv = NULL;
    for (int l = 0; l < n_links; l++) {
        t->lu[l] = lu[l], t->lv[l] = lv[l];
        for (int d = 0; d < 2; d++) {
            int arc = 2 * l + d;
            net->arc_link[arc] = l;
            net->arc_tail[arc] = d ? lv[l] : lu[l];
            net->arc_head[arc] = d ? lu[l] : lv[l];
            int r = duplex == RM_DUPLEX_HALF ? l : arc;
            net->arc_res[arc] = r;
            net->res_cap[r] = cap[l];
            net->res_backbone[r] = backbone ? backbone[l] : 0;
            net->res_link[r] = l;
        }
    }
}

static void tnet_destroy(tnet *t)
{
    rm_network *net = &t->net;
    free(net->arc_link), free(net->arc_tail), free(net->arc_head), free(net->arc_res);
    free(net->res_cap), free(net->res_backbone), free(net->res_link);
    free(t->lu), free(t->lv);
}

static void route_set(rm_route *r, int src, int dst, int n, const int *arcs)
{
    r->src = src, r->dst = dst, r->n_arcs = n, r->bandwidth = 0.0;
    r->arcs = n ? malloc((size_t)n * sizeof *r->arcs) : NULL;
    for (int i = 0; i < n; i++)
        r->arcs[i] = arcs[i];
}

static void routes_free(int n, rm_route *r)
{
    for (int k = 0; k < n; k++)
        free(r[k].arcs);
}

/* sum_k a_k / x_k over a_k > 0 */
static double objective(int n, const double *a, const double *x)
{
    double f = 0.0;
    for (int k = 0; k < n; k++)
        if (a[k] > 0.0)
            f += a[k] / x[k];
    return f;
}

/* Largest relative capacity excess (<= 0 when feasible). */
static double max_excess(const rm_network *net, int n, const rm_route *r, const double *x)
{
    double *load = calloc((size_t)net->n_res, sizeof *load), worst = -INFINITY;
    for (int k = 0; k < n; k++)
        for (int i = 0; i < r[k].n_arcs; i++) {
            int res = net->arc_res[r[k].arcs[i]];
            if (net->res_backbone[res]) {
                double e = (x[k] - net->res_cap[res]) / net->res_cap[res];
                if (e > worst)
                    worst = e;
            } else {
                load[res] += x[k];
            }
        }
    for (int res = 0; res < net->n_res; res++)
        if (!net->res_backbone[res] && load[res] > 0.0) {
            double e = (load[res] - net->res_cap[res]) / net->res_cap[res];
            if (e > worst)
                worst = e;
        }
    free(load);
    return worst;
}

/* Max-min fair rates by progressive filling, written independently of the
 * library (backbone: per-route bound). */
static void maxmin_rates(const rm_network *net, int n, const rm_route *r, double *x)
{
    char *frozen = calloc((size_t)n, 1);
    double *load = calloc((size_t)net->n_res, sizeof *load);
    int *cnt = calloc((size_t)net->n_res, sizeof *cnt);
    int left = 0;
    for (int k = 0; k < n; k++) {
        x[k] = r[k].n_arcs ? 0.0 : INFINITY;
        if (r[k].n_arcs)
            left++;
        else
            frozen[k] = 1;
    }
    while (left > 0) {
        memset(cnt, 0, (size_t)net->n_res * sizeof *cnt);
        double d = INFINITY;
        for (int k = 0; k < n; k++) {
            if (frozen[k])
                continue;
            for (int i = 0; i < r[k].n_arcs; i++) {
                int res = net->arc_res[r[k].arcs[i]];
                if (net->res_backbone[res])
                    d = fmin(d, net->res_cap[res] - x[k]);
                else
                    cnt[res]++;
            }
        }
        for (int res = 0; res < net->n_res; res++)
            if (cnt[res])
                d = fmin(d, (net->res_cap[res] - load[res]) / cnt[res]);
        for (int k = 0; k < n; k++)
            if (!frozen[k]) {
                x[k] += d;
                for (int i = 0; i < r[k].n_arcs; i++) {
                    int res = net->arc_res[r[k].arcs[i]];
                    if (!net->res_backbone[res])
                        load[res] += d;
                }
            }
        for (int k = 0; k < n; k++) {
            if (frozen[k])
                continue;
            for (int i = 0; i < r[k].n_arcs && !frozen[k]; i++) {
                int res = net->arc_res[r[k].arcs[i]];
                double c = net->res_cap[res];
                double used = net->res_backbone[res] ? x[k] : load[res];
                if (used >= c * (1.0 - 1e-12))
                    frozen[k] = 1, left--;
            }
        }
    }
    free(frozen), free(load), free(cnt);
}

/* ------------------------------------------------------ the 3-host star */

/* The hand-solved star (docs/sources.md): hosts 0, 1 (w = 1), 2 (w = 2), router 3; links 0-3, 1-3 of
 * 10, 2-3 of 20; half duplex; ring 0 -> 1 -> 2; routes: succ 0->1, 1->2,
 * 2->0, pred 0->2, 1->0, 2->1. */
static void star(tnet *t, rm_route *r, double *a)
{
    int lu[3] = {0, 1, 2}, lv[3] = {3, 3, 3};
    double cap[3] = {10, 10, 20};
    tnet_init(t, 4, 3, lu, lv, cap, NULL, RM_DUPLEX_HALF);
    /* arc 2l: host -> router, 2l+1: router -> host */
    route_set(&r[0], 0, 1, 2, (int[]){0, 3});
    route_set(&r[1], 1, 2, 2, (int[]){2, 5});
    route_set(&r[2], 2, 0, 2, (int[]){4, 1});
    route_set(&r[3], 0, 2, 2, (int[]){0, 5});
    route_set(&r[4], 1, 0, 2, (int[]){2, 1});
    route_set(&r[5], 2, 1, 2, (int[]){4, 3});
    double w[3] = {1, 1, 2};
    for (int k = 0; k < 6; k++)
        a[k] = 1.0 / w[r[k].src];
}

typedef rm_status (*share_fn)(const rm_network *, const double *, int, const rm_route *,
                              const double *, double, double *, rm_solver_info *, rm_error *);
/* rm_share_optimal with the cross-check's signature: info reports the
 * objective (routes with a > 0) and "optimal". */
static rm_status share_optimal(const rm_network *net, const double *cap, int n, const rm_route *r,
                               const double *a, double tol, double *x, rm_solver_info *info,
                               rm_error *err)
{
    rm_status st = rm_share_optimal(net, cap, n, r, a, tol, x, err);
    if (info) {
        memset(info, 0, sizeof *info);
        info->objective = st ? NAN : objective(n, a, x);
        snprintf(info->status, sizeof info->status, "%s", st ? "failed" : "optimal");
    }
    return st;
}
static const share_fn solvers[2] = {share_optimal, rmt_share_glpk};
static const char *solver_names[2] = {"optimal", "glpk"};
/* tolerance asked of each solver, and the relative accuracy of the shares
 * x that it implies: the objective is flat at the optimum, so GLPK's x
 * (gap 1e-9) is only good to about sqrt(gap) */
static const double solver_tol[2] = {1e-12, 1e-9};
static const double x_tol[2] = {1e-9, 1e-4};

START_TEST(test_star_oracle)
{
    tnet t;
    rm_route r[6];
    double a[6], x[6];
    star(&t, r, a);
    double u = 10.0 / (3.0 + sqrt(2.0)), v = sqrt(2.0) * u;
    ck_assert_double_eq_tol(u, 2.26541, 1e-5);
    ck_assert_double_eq_tol(v, 3.20377, 1e-5);
    rm_solver_info info;
    rm_error err = {0};
    for (int s = 0; s < 2; s++) {
        rm_status st = solvers[s](&t.net, NULL, 6, r, a, solver_tol[s], x, &info, &err);
        ck_assert_msg(st == RM_OK, "%s: %s", solver_names[s], err.msg);
        ck_assert_str_eq(info.status, "optimal");
        double exp[6] = {u, v, u, v, u, u};
        for (int k = 0; k < 6; k++)
            ck_assert_msg(fabs(x[k] - exp[k]) <= x_tol[s] * exp[k], "%s route %d: %.9g, expected %.9g",
                          solver_names[s], k, x[k], exp[k]);
        double f = objective(6, a, x);
        ck_assert_double_eq_tol(f, 3.0 / u + 2.0 / v, 1e-8);
        ck_assert_double_eq_tol(info.objective, f, 1e-12 * f);
        /* T_step/D_w by eq. (5): w_cumul = 0.4 */
        ck_assert_double_eq_tol(0.4 * (1.0 + 0.01 * f), 0.4077941, 1e-7);
        ck_assert(max_excess(&t.net, 6, r, x) <= 1e-12);
        /* max-min gives 2.5 to every route, T_step/D_w = 0.408 */
        double mm[6];
        maxmin_rates(&t.net, 6, r, mm);
        for (int k = 0; k < 6; k++)
            ck_assert_double_eq_tol(mm[k], 2.5, 1e-12);
        ck_assert_double_eq_tol(0.4 * (1.0 + 0.01 * objective(6, a, mm)), 0.408, 1e-12);
        ck_assert(f < objective(6, a, mm));
    }
    routes_free(6, r);
    tnet_destroy(&t);
}
END_TEST

/* One shared link of capacity c: x_k = c sqrt(a_k) / sum_j sqrt(a_j),
 * f = (sum sqrt a)^2 / c. Also full duplex: the two directions are apart. */
START_TEST(test_single_link)
{
    int lu[1] = {0}, lv[1] = {1};
    double cap[1] = {7.5};
    double a[4] = {1.0, 4.0, 0.25, 9.0}, x[4];
    for (int duplex = 0; duplex < 2; duplex++) {
        tnet t;
        tnet_init(&t, 2, 1, lu, lv, cap, NULL, (rm_duplex)duplex);
        rm_route r[4];
        route_set(&r[0], 0, 1, 1, (int[]){0});
        route_set(&r[1], 1, 0, 1, (int[]){1});
        route_set(&r[2], 0, 1, 1, (int[]){0});
        route_set(&r[3], 1, 0, 1, (int[]){1});
        for (int s = 0; s < 2; s++) {
            rm_solver_info info;
            rm_error err = {0};
            ck_assert_msg(solvers[s](&t.net, NULL, 4, r, a, solver_tol[s], x, &info, &err) == RM_OK, "%s",
                          err.msg);
            if (duplex == RM_DUPLEX_HALF) {
                double ssum = 1 + 2 + 0.5 + 3;
                for (int k = 0; k < 4; k++)
                    ck_assert_double_eq_tol(x[k], 7.5 * sqrt(a[k]) / ssum, 7.5 * x_tol[s]);
                ck_assert_double_eq_tol(info.objective, ssum * ssum / 7.5, 1e-9 * ssum * ssum / 7.5);
            } else {
                /* direction 0->1: routes 0, 2 (sqrt a: 1, 0.5); 1->0: 1, 3 (2, 3) */
                ck_assert_double_eq_tol(x[0], 7.5 * 1.0 / 1.5, 7.5 * x_tol[s]);
                ck_assert_double_eq_tol(x[2], 7.5 * 0.5 / 1.5, 7.5 * x_tol[s]);
                ck_assert_double_eq_tol(x[1], 7.5 * 2.0 / 5.0, 7.5 * x_tol[s]);
                ck_assert_double_eq_tol(x[3], 7.5 * 3.0 / 5.0, 7.5 * x_tol[s]);
                ck_assert_double_eq_tol(info.objective, (1.5 * 1.5 + 5.0 * 5.0) / 7.5, 1e-8);
            }
            ck_assert(max_excess(&t.net, 4, r, x) <= 1e-12);
        }
        routes_free(4, r);
        tnet_destroy(&t);
    }
}
END_TEST

/* Backbone links bound each route separately. Path 0 -L0- 1 -L1- 2: L0 a
 * backbone of 5, L1 shared of capacity 20. Route A 0->2 (a = 1), B 1->2
 * (a = 1), C 1->0 (a = 4, only the backbone). Unconstrained by L0, A and B
 * would get 10 each: A is held at 5 by the backbone, B gets the other 15,
 * C gets the whole backbone (5) although A also uses it. */
START_TEST(test_backbone)
{
    int lu[2] = {0, 1}, lv[2] = {1, 2}, bb[2] = {1, 0};
    double cap[2] = {5, 20};
    tnet t;
    tnet_init(&t, 3, 2, lu, lv, cap, bb, RM_DUPLEX_HALF);
    rm_route r[3];
    route_set(&r[0], 0, 2, 2, (int[]){0, 2});
    route_set(&r[1], 1, 2, 1, (int[]){2});
    route_set(&r[2], 1, 0, 1, (int[]){1});
    double a[3] = {1, 1, 4}, x[3];
    for (int s = 0; s < 2; s++) {
        rm_solver_info info;
        rm_error err = {0};
        ck_assert_msg(solvers[s](&t.net, NULL, 3, r, a, solver_tol[s], x, &info, &err) == RM_OK, "%s",
                      err.msg);
        ck_assert_double_eq_tol(x[0], 5.0, 5 * x_tol[s]);
        ck_assert_double_eq_tol(x[1], 15.0, 15 * x_tol[s]);
        ck_assert_double_eq_tol(x[2], 5.0, 5 * x_tol[s]);
        ck_assert_double_eq_tol(info.objective, 1.0 / 5 + 1.0 / 15 + 4.0 / 5, 1e-9);
        ck_assert(max_excess(&t.net, 3, r, x) <= 1e-12);
    }
    /* the same link not backbone: A and C share L0, A and B share L1, both
       saturated; KKT: a_A / x_A^2 = lambda_0 + lambda_1 with lambda_0 =
       a_C / x_C^2 (C only on L0) and lambda_1 = a_B / x_B^2 (B only on L1) */
    t.net.res_backbone[0] = 0;
    for (int s = 0; s < 2; s++) {
        rm_solver_info info;
        rm_error err = {0};
        ck_assert_msg(solvers[s](&t.net, NULL, 3, r, a, solver_tol[s], x, &info, &err) == RM_OK, "%s",
                      err.msg);
        ck_assert_double_eq_tol(x[0] + x[2], 5.0, 1e-9);
        ck_assert_double_eq_tol(x[0] + x[1], 20.0, 1e-9);
        double lam0 = a[2] / (x[2] * x[2]), lam1 = a[1] / (x[1] * x[1]);
        ck_assert_double_eq_tol(a[0] / (x[0] * x[0]), lam0 + lam1, 1e3 * x_tol[s] * (lam0 + lam1));
        /* close to the uncoupled split of L0 by sqrt a (1 : 2) */
        ck_assert_double_eq_tol(x[0], 5.0 / 3.0, 0.02);
    }
    routes_free(3, r);
    tnet_destroy(&t);
}
END_TEST

/* Routes with a = 0 get what is left (max-min among them); routes without
 * arcs get INFINITY; a capacity argument overrides res_cap. */
START_TEST(test_zero_weight_and_cap)
{
    int lu[1] = {0}, lv[1] = {1};
    double cap[1] = {12};
    tnet t;
    tnet_init(&t, 2, 1, lu, lv, cap, NULL, RM_DUPLEX_FULL);
    rm_route r[4];
    route_set(&r[0], 0, 1, 1, (int[]){0});
    route_set(&r[1], 0, 1, 1, (int[]){0});
    route_set(&r[2], 1, 0, 1, (int[]){1});
    route_set(&r[3], 0, 0, 0, NULL);
    double a[4] = {1, 0, 0, 1}, x[4];
    double rescap[2] = {12, 3};
    for (int s = 0; s < 2; s++) {
        rm_error err = {0};
        rm_solver_info info;
        ck_assert_msg(solvers[s](&t.net, NULL, 4, r, a, solver_tol[s], x, &info, &err) == RM_OK, "%s",
                      err.msg);
        /* route 0 alone with a > 0 on 0->1: takes all 12; route 1 gets 0 */
        ck_assert_double_eq_tol(x[0], 12.0, 1e-9);
        ck_assert_double_eq_tol(x[1], 0.0, 1e-9);
        ck_assert_double_eq_tol(x[2], 12.0, 1e-12); /* all of 1->0 */
        ck_assert(isinf(x[3]));
        ck_assert_double_eq_tol(info.objective, 1.0 / 12.0, 1e-12);
        ck_assert_msg(solvers[s](&t.net, rescap, 4, r, a, solver_tol[s], x, &info, &err) == RM_OK, "%s",
                      err.msg);
        ck_assert_double_eq_tol(x[2], 3.0, 1e-12);
    }
    routes_free(4, r);
    tnet_destroy(&t);
}
END_TEST

/* The active set moves away from the max-min bottlenecks: path 0 -L0- 1
 * -L1- 2 -L2- 3 of capacities 5, 10, 8; route A 0->2 (a = 1) on L0, L1;
 * route B 1->3 (a = 100) on L1, L2. Max-min: both reach 5, L0 and L1
 * saturate. An active-set method: W = {L0, L1} gives lambda_L0 = 1/25 - 100/25 < 0 ->
 * release L0; W = {L1} wants B = 100/11 > 8 -> the step stops on L2,
 * which joins; W = {L1, L2}: A = 2, B = 8, lambda_L1 = 1/4, lambda_L2 =
 * 100/64 - 1/4 > 0: optimal after 3 subproblems; f = 1/2 + 100/8 = 13. */
START_TEST(test_active_set_moves)
{
    int lu[3] = {0, 1, 2}, lv[3] = {1, 2, 3};
    double cap[3] = {5, 10, 8};
    tnet t;
    tnet_init(&t, 4, 3, lu, lv, cap, NULL, RM_DUPLEX_HALF);
    rm_route r[2];
    route_set(&r[0], 0, 2, 2, (int[]){0, 2});
    route_set(&r[1], 1, 3, 2, (int[]){2, 4});
    double a[2] = {1, 100}, x[2], mm[2];
    maxmin_rates(&t.net, 2, r, mm);
    ck_assert_double_eq_tol(mm[0], 5.0, 1e-12);
    ck_assert_double_eq_tol(mm[1], 5.0, 1e-12);
    for (int s = 0; s < 2; s++) {
        rm_solver_info info;
        rm_error err = {0};
        ck_assert_msg(solvers[s](&t.net, NULL, 2, r, a, solver_tol[s], x, &info, &err) == RM_OK,
                      "%s", err.msg);
        ck_assert_double_eq_tol(x[0], 2.0, 2 * x_tol[s]);
        ck_assert_double_eq_tol(x[1], 8.0, 8 * x_tol[s]);
        ck_assert_double_eq_tol(info.objective, 13.0, 13 * 10 * solver_tol[s]);
    }
    routes_free(2, r);
    tnet_destroy(&t);
}
END_TEST

START_TEST(test_errors)
{
    tnet t;
    rm_route r[6];
    double a[6], x[6];
    star(&t, r, a);
    for (int s = 0; s < 2; s++) {
        rm_error err = {0};
        rm_solver_info info;
        /* negative weight */
        a[2] = -1.0;
        ck_assert_int_eq(solvers[s](&t.net, NULL, 6, r, a, 0, x, &info, &err), RM_EINPUT);
        ck_assert_ptr_nonnull(strstr(err.msg, "weight"));
        a[2] = 0.5;
        /* an arc that does not exist: the library's entry breaks the
           contract (RM_EINVAL), the cross-check reports it as input */
        int saved = r[1].arcs[1];
        r[1].arcs[1] = 99;
        ck_assert_int_eq(solvers[s](&t.net, NULL, 6, r, a, 0, x, &info, &err),
                         s == 0 ? RM_EINVAL : RM_EINPUT);
        ck_assert_ptr_nonnull(strstr(err.msg, "arc 99"));
        r[1].arcs[1] = saved;
        /* capacity 0 on a used link: the cross-check calls it infeasible;
           rm_share_optimal gives the routes crossing it 0 (infinite cost,
           SharedRing drops the candidate) and shares the rest */
        double cap0[3] = {10, 0, 20};
        if (s == 1) {
            ck_assert_int_eq(solvers[s](&t.net, cap0, 6, r, a, 0, x, &info, &err), RM_ESOLVER);
            ck_assert_ptr_nonnull(strstr(err.msg, "infeasible"));
        } else {
            ck_assert_int_eq(solvers[s](&t.net, cap0, 6, r, a, 0, x, &info, &err), RM_OK);
            for (int k = 0; k < 6; k++) {
                int on1 = 0;
                for (int i = 0; i < r[k].n_arcs; i++)
                    on1 |= t.net.arc_res[r[k].arcs[i]] == 1;
                ck_assert(on1 ? x[k] == 0.0 : x[k] > 0.0);
            }
        }
        /* an unreachable tolerance for GLPK is reported, not faked */
        if (s == 1) {
            rm_status st = rmt_share_glpk(&t.net, NULL, 6, r, a, 1e-18, x, &info, &err);
            ck_assert_int_eq(st, RM_ESOLVER);
            ck_assert_ptr_nonnull(strstr(err.msg, "gap"));
        }
    }
    routes_free(6, r);
    tnet_destroy(&t);
}
END_TEST

/* ----------------------------------------------------- random instances */

#ifndef N_RANDOM
#define N_RANDOM 120 /* instances of test_random_agree */
#endif
#ifndef Q_MAX
#define Q_MAX 15 /* largest ring: 2 Q_MAX routes */
#endif

static unsigned long long rng_state;
static double urand(void)
{
    rng_state = rng_state * 6364136223846793005ULL + 1442695040888963407ULL;
    return (double)(rng_state >> 11) / 9007199254740992.0;
}
static int irand(int n) { return (int)(urand() * n) % n; }

/* BFS path of arcs from s to d with random neighbour order. */
static int bfs_path(const tnet *t, int n_links, int s, int d, int *out)
{
    int N = t->n_nodes;
    int *prev_arc = malloc((size_t)N * sizeof(int)), *queue = malloc((size_t)N * sizeof(int));
    int *order = malloc((size_t)2 * n_links * sizeof(int));
    for (int v = 0; v < N; v++)
        prev_arc[v] = -2;
    for (int i = 0; i < 2 * n_links; i++)
        order[i] = i;
    for (int i = 2 * n_links - 1; i > 0; i--) {
        int j = irand(i + 1), tmp = order[i];
        order[i] = order[j], order[j] = tmp;
    }
    int qh = 0, qt = 0;
    queue[qt++] = s;
    prev_arc[s] = -1;
    while (qh < qt) {
        int v = queue[qh++];
        for (int i = 0; i < 2 * n_links; i++) {
            int arc = order[i];
            if (t->net.arc_tail[arc] == v && prev_arc[t->net.arc_head[arc]] == -2) {
                prev_arc[t->net.arc_head[arc]] = arc;
                queue[qt++] = t->net.arc_head[arc];
            }
        }
    }
    int len = 0;
    for (int v = d; v != s; v = t->net.arc_tail[prev_arc[v]])
        len++;
    int pos = len;
    for (int v = d; v != s; v = t->net.arc_tail[prev_arc[v]])
        out[--pos] = prev_arc[v];
    free(prev_arc), free(queue), free(order);
    return len;
}

typedef struct rand_inst {
    tnet t;
    int n_routes;
    rm_route *r;
    double *a;
} rand_inst;

/* A random connected network (random tree + extra links), random
 * capacities (1..1000, log-uniform), some backbone links, half or full
 * duplex, a random ring of q hosts (2q routes along BFS paths) and weights
 * a = 1/w with w log-uniform over w_decades decades from 0.005, sometimes 0.
 * The network has q + 1 + [0, spare_nodes) nodes. */
static void rand_instance(rand_inst *ri, int q, double w_decades, int spare_nodes)
{
    int N = q + 1 + irand(spare_nodes);
    int extra = irand(N);
    int L = N - 1 + extra;
    int *lu = malloc((size_t)L * sizeof(int)), *lv = malloc((size_t)L * sizeof(int));
    int *bb = malloc((size_t)L * sizeof(int));
    double *cap = malloc((size_t)L * sizeof(double));
    for (int l = 0; l < L; l++) {
        if (l < N - 1) {
            lu[l] = l + 1, lv[l] = irand(l + 1);
        } else {
            lu[l] = irand(N);
            do
                lv[l] = irand(N);
            while (lv[l] == lu[l]);
        }
        cap[l] = pow(10.0, 3.0 * urand());
        bb[l] = urand() < 0.1;
    }
    tnet_init(&ri->t, N, L, lu, lv, cap, bb, urand() < 0.7 ? RM_DUPLEX_HALF : RM_DUPLEX_FULL);
    /* ring: q distinct nodes */
    int *perm = malloc((size_t)N * sizeof(int));
    for (int v = 0; v < N; v++)
        perm[v] = v;
    for (int i = N - 1; i > 0; i--) {
        int j = irand(i + 1), tmp = perm[i];
        perm[i] = perm[j], perm[j] = tmp;
    }
    ri->n_routes = 2 * q;
    ri->r = calloc((size_t)2 * q, sizeof(rm_route));
    ri->a = malloc((size_t)2 * q * sizeof(double));
    double *w = malloc((size_t)N * sizeof(double));
    for (int v = 0; v < N; v++)
        w[v] = 0.005 * pow(10.0, w_decades * urand());
    int *path = malloc((size_t)N * sizeof(int));
    for (int k = 0; k < q; k++) {
        int h = perm[k], nx = perm[(k + 1) % q], pv = perm[(k + q - 1) % q];
        for (int d = 0; d < 2; d++) {
            int dst = d ? pv : nx;
            int len = bfs_path(&ri->t, L, h, dst, path);
            route_set(&ri->r[2 * k + d], h, dst, len, path);
            ri->a[2 * k + d] = urand() < 0.03 ? 0.0 : 1.0 / w[h];
        }
    }
    free(lu), free(lv), free(bb), free(cap), free(perm), free(w), free(path);
}

static void rand_free(rand_inst *ri)
{
    routes_free(ri->n_routes, ri->r);
    free(ri->r), free(ri->a);
    tnet_destroy(&ri->t);
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + 1e-9 * ts.tv_nsec;
}

START_TEST(test_random_agree)
{
    rng_state = 20240603ULL;
    int n_inst = N_RANDOM;
    double worst_rel = 0.0, time_o = 0.0, time_g = 0.0, gain_max = 0.0;
    long it_g = 0, simplex = 0;
    int max_it_g = 0, restarts_g = 0;
    for (int i = 0; i < n_inst; i++) {
        int q = 1 + i % Q_MAX; /* 2..2 Q_MAX routes */
        rand_inst ri;
        /* odd instances: cycle-times over 3 decades on a tight network,
           so that the max-min bottlenecks are not the optimal active set */
        if (i % 2)
            rand_instance(&ri, q, 3.0, 2);
        else
            rand_instance(&ri, q, 1.0, 8);
        int n = ri.n_routes;
        double *xo = malloc((size_t)n * sizeof(double)), *xg = malloc((size_t)n * sizeof(double));
        double *mm = malloc((size_t)n * sizeof(double));
        rm_solver_info ig;
        rm_error err = {0};
        double t0 = now();
        rm_status st = rm_share_optimal(&ri.t.net, NULL, n, ri.r, ri.a, 1e-12, xo, &err);
        double t1 = now();
        ck_assert_msg(st == RM_OK, "instance %d (rm_share_optimal): %s", i, err.msg);
        st = rmt_share_glpk(&ri.t.net, NULL, n, ri.r, ri.a, 1e-9, xg, &ig, &err);
        double t2 = now();
        ck_assert_msg(st == RM_OK, "instance %d (glpk): %s", i, err.msg);
        time_o += t1 - t0, time_g += t2 - t1;
        if (t2 - t0 > 0.2)
            printf("slow instance %d: optimal %.3f s, glpk %.3f s (%d LPs, %ld simplex its)\n",
                   i, t1 - t0, t2 - t1, ig.iterations, ig.inner_iterations);
        it_g += ig.iterations, restarts_g += ig.restarts, simplex += ig.inner_iterations;
        if (ig.iterations > max_it_g)
            max_it_g = ig.iterations;
        double fo = objective(n, ri.a, xo), fg = objective(n, ri.a, xg);
        ck_assert_msg(fabs(fg - ig.objective) <= 1e-12 * fg, "instance %d", i);
        /* GLPK's gap certifies a lower bound: f(opt) >= fg (1 - gap) */
        ck_assert_msg(fo >= fg * (1 - ig.gap) * (1 - 1e-12), "instance %d: optimal %.12g below "
                      "glpk's lower bound %.12g", i, fo, fg * (1 - ig.gap));
        double rel = fo > 0.0 ? fabs(fo - fg) / fo : fabs(fg);
        if (rel > worst_rel)
            worst_rel = rel;
        ck_assert_msg(rel <= 1e-6, "instance %d: optimal %.12g glpk %.12g", i, fo, fg);
        ck_assert_msg(fo <= fg * (1 + 1e-12), "instance %d: optimal %.12g above glpk %.12g", i, fo,
                      fg);
        ck_assert_msg(max_excess(&ri.t.net, n, ri.r, xo) <= 1e-12, "instance %d optimal infeasible",
                      i);
        ck_assert_msg(max_excess(&ri.t.net, n, ri.r, xg) <= 1e-12, "instance %d glpk infeasible",
                      i);
        for (int k = 0; k < n; k++) {
            if (ri.r[k].n_arcs == 0) {
                ck_assert(isinf(xo[k]) && isinf(xg[k]));
            } else {
                ck_assert(ri.a[k] == 0.0 || (xo[k] > 0.0 && isfinite(xo[k])));
                ck_assert(ri.a[k] == 0.0 || (xg[k] > 0.0 && isfinite(xg[k])));
                ck_assert(xo[k] >= 0.0 && xg[k] >= 0.0);
            }
        }
        maxmin_rates(&ri.t.net, n, ri.r, mm);
        double fm = objective(n, ri.a, mm);
        ck_assert_msg(fo <= fm * (1 + 1e-12), "instance %d: optimal %.12g > maxmin %.12g", i, fo, fm);
        ck_assert_msg(fg <= fm * (1 + 1e-12), "instance %d: glpk %.12g > maxmin %.12g", i, fg, fm);
        if (fm > 0 && (fm - fo) / fm > gain_max)
            gain_max = (fm - fo) / fm;
        /* bw's max-min against the test's own */
        st = rm_maxmin(&ri.t.net, NULL, n, ri.r, xo, &err);
        ck_assert_msg(st == RM_OK, "instance %d (rm_maxmin): %s", i, err.msg);
        for (int k = 0; k < n; k++)
            ck_assert_msg(isinf(mm[k]) ? isinf(xo[k]) : fabs(xo[k] - mm[k]) <= 1e-9 * mm[k],
                          "instance %d route %d: rm_maxmin %.12g, test's max-min %.12g", i, k,
                          xo[k], mm[k]);
        free(xo), free(xg), free(mm);
        rand_free(&ri);
    }
    printf("random %d instances: max |optimal-glpk|/optimal = %.3g; rm_share_optimal %.3f ms "
           "avg; glpk %.3f ms avg, %.1f LPs avg (max %d), %.0f simplex its avg, restarts %d; "
           "best gain over max-min %.1f%%\n",
           n_inst, worst_rel, 1e3 * time_o / n_inst, 1e3 * time_g / n_inst,
           (double)it_g / n_inst, max_it_g, (double)simplex / n_inst, restarts_g, 100 * gain_max);
}
END_TEST

/* ------------------------------------------------ T_step solvers at scale */

/* SliceRing's ring of at most max_q hosts on the generated 999-host
 * Tiers-like platform (seed 1, deterministic) at D_c/D_w r, as a ring
 * instance; *t_heur the T_step/D_w of the heuristic's own (max-min) shares. */
typedef struct gen_ring {
    rm_platform *p;
    rm_network net;
    rm_mapping *m;
    rm_ring_instance ri;
} gen_ring;

static void gen_ring_make(gen_ring *g, int max_q, double r)
{
    rm_error err = {0};
    memset(g, 0, sizeof *g);
    ck_assert_int_eq(rmi_generate_topology(RM_GEN_TIERS, 999, 1, &g->p, &err), RM_OK);
    ck_assert_int_eq(rm_network_init(&g->net, g->p, RM_DUPLEX_HALF, &err), RM_OK);
    rm_options opt;
    rm_options_init_paper(&opt);
    opt.heuristic = RM_HEUR_SLICE;
    opt.cost.dc_dw = r;
    opt.max_q = max_q;
    ck_assert_msg(rm_map_network(&g->net, &opt, &g->m, &err) == RM_OK, "%s", err.msg);
    ck_assert_msg(rm_ring_instance_of_mapping(&g->net, g->m, &g->ri, &err) == RM_OK, "%s",
                  err.msg);
}

static void gen_ring_free(gen_ring *g)
{
    rm_ring_instance_free(&g->ri);
    rm_mapping_free(g->m);
    rm_network_destroy(&g->net);
    rm_platform_free(g->p);
}

/* Both solvers on the ring: "optimal", certified gaps <= 1e-9 (GLPK) and
 * 1e-7 (KINSOL), the same T_step to 1e-6, no worse than the heuristic's
 * shares, T equal to rmi_tstep_true of the returned shares. */
static void check_agree(int max_q, double r, int q_expect)
{
    gen_ring g;
    gen_ring_make(&g, max_q, r);
    int q = g.ri.q;
    ck_assert_int_eq(q, q_expect);
    double *xk = malloc((size_t)(2 * q) * sizeof *xk), *xg = malloc((size_t)(2 * q) * sizeof *xg);
    double tk = NAN, tg = NAN;
    rm_solver_info ik, ig;
    rm_error err = {0};
    ck_assert_msg(rm_tstep_kinsol(&g.ri, 0.0, xk, &tk, &ik, &err) == RM_OK, "kinsol q=%d: %s", q,
                  err.msg);
    ck_assert_msg(rm_tstep_glpk(&g.ri, 0.0, xg, &tg, &ig, &err) == RM_OK, "glpk q=%d: %s", q,
                  err.msg);
    ck_assert_str_eq(ik.status, "optimal");
    ck_assert_str_eq(ig.status, "optimal");
    ck_assert(ig.gap >= 0.0 && ig.gap <= 1e-9);
    ck_assert(ik.gap <= 1e-7);
    ck_assert_msg(fabs(tk - tg) <= 1e-6 * tg, "q=%d: kinsol %.15g glpk %.15g", q, tk, tg);
    /* each T is the lower bound of the other's certificate, within its gap */
    ck_assert(tk >= tg * (1.0 - ig.gap) * (1.0 - 1e-12));
    ck_assert(tg >= tk * (1.0 - ik.gap) * (1.0 - 1e-12));
    ck_assert(tk <= g.m->t_step_per_dw * (1.0 + 1e-9));
    ck_assert(tg <= g.m->t_step_per_dw * (1.0 + 1e-9));
    ck_assert(fabs(rmi_tstep_true(&g.ri, xk) - tk) <= 1e-12 * tk);
    ck_assert(fabs(rmi_tstep_true(&g.ri, xg) - tg) <= 1e-12 * tg);
    printf("SliceRing ring of %d hosts at %g: kinsol %.12g (%d rounds, %ld Newton), glpk %.12g "
           "(%d LPs, %ld simplex), |diff| %.2g\n",
           q, r, tk, ik.iterations, ik.inner_iterations, tg, ig.iterations, ig.inner_iterations,
           fabs(tk - tg) / tg);
    free(xk), free(xg);
    gen_ring_free(&g);
}

/* A 100-host ring (the solvers at scale). */
START_TEST(test_tstep_ring_100)
{
    check_agree(100, 0.00064, 100);
}
END_TEST

/* The 65-host ring where GLPK's upper bound used to stall ("LP accuracy
 * exhausted" at a gap of 1.8e-3): Kelley's LP points zig-zag between the
 * cuts, the line search from the best point settles it. */
START_TEST(test_tstep_ring_65)
{
    check_agree(65, 0.0064, 65);
}
END_TEST

/* A tolerance GLPK cannot reach: RM_OK with the best point, its certified
 * gap above the tolerance and said so in the status; the point's T is the
 * true T of its shares and within its gap of KINSOL's. */
START_TEST(test_tstep_best_bound)
{
    gen_ring g;
    gen_ring_make(&g, 33, 0.00064);
    int q = g.ri.q;
    double *x = malloc((size_t)(2 * q) * sizeof *x), t = NAN, tk = NAN;
    rm_solver_info info;
    rm_error err = {0};
    ck_assert_msg(rm_tstep_glpk(&g.ri, 1e-16, x, &t, &info, &err) == RM_OK, "%s", err.msg);
    /* "gap above tolerance", with GLPK's code when an LP failed on the way */
    ck_assert_msg(strncmp(info.status, "gap above tolerance", 19) == 0, "%s", info.status);
    ck_assert(info.gap > 1e-16 && info.gap < 1e-6);
    ck_assert(fabs(rmi_tstep_true(&g.ri, x) - t) <= 1e-12 * t);
    ck_assert_int_eq(rm_tstep_kinsol(&g.ri, 0.0, x, &tk, NULL, &err), RM_OK);
    ck_assert(tk >= t * (1.0 - info.gap) * (1.0 - 1e-12));
    ck_assert(fabs(tk - t) <= 1e-6 * t);
    free(x);
    gen_ring_free(&g);
}
END_TEST

/* The 120-host ring at 0.00064 where KINSOL used to stop in its first
 * stage at a certified gap of 0.15 ("gap above tolerance": a Newton solve
 * failed after a change of sets with no stage to back off to); now both
 * solvers reach their tolerance and agree. */
START_TEST(test_tstep_ring_120_clamped)
{
    check_agree(120, 0.00064, 120);
}
END_TEST

/* A solver stopped at its limit (rm_options.final_limits) through the
 * mapper: the mapping says so (final_converged 0) with a valid certified
 * gap: the optimum (both solvers without limits, agreeing to 1e-6) lies
 * between T_step (1 - final_gap) and T_step. */
START_TEST(test_tstep_limit_certified)
{
    gen_ring g;
    gen_ring_make(&g, 100, 0.00064);
    int q = g.ri.q;
    double *x = malloc((size_t)(2 * q) * sizeof *x), topt = NAN, tk = NAN;
    rm_error err = {0};
    ck_assert_msg(rm_tstep_glpk(&g.ri, 0.0, x, &topt, NULL, &err) == RM_OK, "%s", err.msg);
    ck_assert_msg(rm_tstep_kinsol(&g.ri, 0.0, x, &tk, NULL, &err) == RM_OK, "%s", err.msg);
    ck_assert(fabs(tk - topt) <= 1e-6 * topt);
    for (int solver = 0; solver < 2; solver++) {
        rm_options opt;
        rm_options_init_paper(&opt);
        opt.heuristic = RM_HEUR_SLICE;
        opt.cost.dc_dw = 0.00064;
        opt.max_q = 100;
        opt.final_solver = solver == 0 ? RM_FINAL_KINSOL : RM_FINAL_GLPK;
        if (solver == 0)
            opt.final_limits.kinsol_max_set_changes = 3; /* it needs ~40 */
        else
            opt.final_limits.glpk_max_lps = 2; /* it needs ~20 */
        rm_mapping *m = NULL;
        ck_assert_msg(rm_map_network(&g.net, &opt, &m, &err) == RM_OK, "solver %d: %s", solver,
                      err.msg);
        ck_assert_int_eq(m->q, q);
        ck_assert_int_eq(m->final_converged, 0);
        ck_assert_msg(isfinite(m->final_gap) && m->final_gap > 1e-9 && m->final_gap < 1.0,
                      "solver %d: gap %g", solver, m->final_gap);
        double t = m->t_step_per_dw;
        ck_assert_msg(t >= topt * (1.0 - 1e-9), "solver %d: %.15g below the optimum %.15g",
                      solver, t, topt);
        ck_assert_msg(t * (1.0 - m->final_gap) <= topt * (1.0 + 1e-9),
                      "solver %d: lower bound %.15g above the optimum %.15g", solver,
                      t * (1.0 - m->final_gap), topt);
        printf("limited %s on the %d-host ring: T %.12g, certified gap %.3g, optimum %.12g\n",
               solver == 0 ? "kinsol" : "glpk", q, t, m->final_gap, topt);
        rm_mapping_free(m);
    }
    free(x);
    gen_ring_free(&g);
}
END_TEST

/* RM_EINVAL naming the function and the argument. */
START_TEST(test_tstep_args)
{
    gen_ring g;
    gen_ring_make(&g, 8, 0.0064);
    double x[64], t;
    rm_error err = {0};
    typedef rm_status (*tstep_fn)(const rm_ring_instance *, double, double *, double *,
                                  rm_solver_info *, rm_error *);
    tstep_fn fn[2] = {rm_tstep_kinsol, rm_tstep_glpk};
    const char *name[2] = {"rm_tstep_kinsol", "rm_tstep_glpk"};
    ck_assert_int_le(2 * g.ri.q, 64);
    for (int f = 0; f < 2; f++) {
        char want[80];
        ck_assert_int_eq(fn[f](NULL, 0.0, x, &t, NULL, &err), RM_EINVAL);
        snprintf(want, sizeof want, "%s: the ring instance ri is NULL", name[f]);
        ck_assert_str_eq(err.msg, want);
        ck_assert_int_eq(fn[f](&g.ri, 0.0, NULL, &t, NULL, &err), RM_EINVAL);
        snprintf(want, sizeof want, "%s: the output array x is NULL", name[f]);
        ck_assert_str_eq(err.msg, want);
        ck_assert_int_eq(fn[f](&g.ri, NAN, x, &t, NULL, &err), RM_EINVAL);
        snprintf(want, sizeof want, "%s: tol is NaN", name[f]);
        ck_assert_str_eq(err.msg, want);
        rm_ring_instance bad = g.ri;
        bad.w = NULL;
        ck_assert_int_eq(fn[f](&bad, 0.0, x, &t, NULL, &err), RM_EINVAL);
        ck_assert_ptr_nonnull(strstr(err.msg, name[f]));
        ck_assert_ptr_nonnull(strstr(err.msg, "ri->w"));
        bad = g.ri;
        bad.sys.route_start = NULL;
        ck_assert_int_eq(fn[f](&bad, 0.0, x, &t, NULL, &err), RM_EINVAL);
        ck_assert_ptr_nonnull(strstr(err.msg, name[f]));
        /* and the instance itself still solves */
        ck_assert_int_eq(fn[f](&g.ri, 0.0, x, &t, NULL, &err), RM_OK);
    }
    gen_ring_free(&g);
}
END_TEST

static Suite *solvers_suite(void)
{
    Suite *s = suite_create("solvers");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_star_oracle);
    tcase_add_test(tc, test_single_link);
    tcase_add_test(tc, test_backbone);
    tcase_add_test(tc, test_zero_weight_and_cap);
    tcase_add_test(tc, test_active_set_moves);
    tcase_add_test(tc, test_errors);
    tcase_add_test(tc, test_random_agree);
    suite_add_tcase(s, tc);
    TCase *ts = tcase_create("tstep_scale");
    tcase_set_timeout(ts, 120);
    tcase_add_test(ts, test_tstep_args);
    tcase_add_test(ts, test_tstep_best_bound);
    tcase_add_test(ts, test_tstep_ring_65);
    tcase_add_test(ts, test_tstep_ring_100);
    tcase_add_test(ts, test_tstep_ring_120_clamped);
    tcase_add_test(ts, test_tstep_limit_certified);
    suite_add_tcase(s, ts);
    return s;
}

int main(void)
{
    return rmt_run_suite(solvers_suite());
}
