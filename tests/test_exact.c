/*
 * test_exact.c — the exact baselines of heur/exact.c: SliceRing optimum on
 * the Hamiltonian-cycle reduction of Theorem 1 (6-cycle, Petersen graph,
 * a Hamiltonian 10-node graph), Proposition 1 (docs/sources.md), a brute-force
 * cross-check including negative-alpha rings, greedy >= exact; SharedRing
 * exhaustive on the hand-solved 3-host star, against the greedy on trees,
 * limits and invariants.
 */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include "ringmap.h"
#include "support.h"
#include "heur/exact.h"

#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* ------------------------------------------------------------ helpers */

/* the shared random stream (support.h) */
#define rnd rmt_rnd
#define rndint rmt_rndint

static double seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* Theorem 1 instance: c = eps on the edges of G_h, 2 elsewhere; w_i = p. */
static void thm1_costs(int n, int ne, const int (*e)[2], double eps, double *w, double *c)
{
    for (int i = 0; i < n; i++) {
        w[i] = n;
        for (int j = 0; j < n; j++)
            c[i * n + j] = i == j ? 0.0 : 2.0;
    }
    for (int k = 0; k < ne; k++) {
        c[e[k][0] * n + e[k][1]] = eps;
        c[e[k][1] * n + e[k][0]] = eps;
    }
}

static double ring_T(int n, const double *w, const double *c, double r, int q, const int *ring)
{
    double tw[16], tC[16];
    for (int k = 0; k < q; k++) {
        int i = ring[k];
        tw[k] = w[i];
        tC[k] = q == 1 ? 0.0 : c[i * n + ring[(k + q - 1) % q]] + c[i * n + ring[(k + 1) % q]];
    }
    return rm_balance(q, tw, tC, r, NULL);
}

/* brute force: every subset, every permutation (no symmetry used) */
static void brute_perm(int n, const double *w, const double *c, double r, int *ring, int q, int k,
                       unsigned used, unsigned S, double *best)
{
    if (k == q) {
        double t = ring_T(n, w, c, r, q, ring);
        if (t < *best)
            *best = t;
        return;
    }
    for (int m = 0; m < n; m++)
        if ((S >> m & 1u) && !(used >> m & 1u)) {
            ring[k] = m;
            brute_perm(n, w, c, r, ring, q, k + 1, used | (1u << m), S, best);
        }
}

static double brute_force(int n, const double *w, const double *c, double r)
{
    double best = INFINITY;
    int ring[16];
    for (unsigned S = 1; S < (1u << n); S++) {
        int q = __builtin_popcount(S);
        brute_perm(n, w, c, r, ring, q, 0, 0, S, &best);
    }
    return best;
}

static void assert_valid_ring(int n, int q, const int *ring)
{
    ck_assert_int_ge(q, 1);
    ck_assert_int_le(q, n);
    unsigned seen = 0;
    for (int k = 0; k < q; k++) {
        ck_assert_int_ge(ring[k], 0);
        ck_assert_int_lt(ring[k], n);
        ck_assert(!(seen >> ring[k] & 1u));
        seen |= 1u << ring[k];
    }
}

static const double tbl_w[] = {0.0206, 0.0291, 0.0087, 0.0451, 0.0072, 0.0131, 0.016, 0.0058, 0.0262, 0.0102};

/* A random sparse platform: nh hosts + nr routers, random spanning tree and
 * `extra` additional links, bandwidths 10..1000 Mb/s. */
static rm_platform *random_platform(unsigned long long *s, int nh, int nr, int extra)
{
    int N = nh + nr;
    int E = N - 1 + extra;
    rm_platform *p = rm_platform_new("random", N, E, 0);
    ck_assert_ptr_nonnull(p);
    for (int v = 0; v < nh; v++) {
        p->nodes[v].is_host = 1;
        p->nodes[v].w = tbl_w[rndint(s, 0, 9)];
    }
    int l = 0;
    for (int v = 1; v < N; v++, l++) {
        p->links[l].source = v;
        p->links[l].target = rndint(s, 0, v - 1);
        p->links[l].bandwidth = 10.0 + 990.0 * rnd(s);
    }
    for (; l < E; l++) {
        int a = rndint(s, 0, N - 1), b = rndint(s, 0, N - 2);
        if (b >= a)
            b++;
        p->links[l].source = a;
        p->links[l].target = b;
        p->links[l].bandwidth = 10.0 + 990.0 * rnd(s);
    }
    rm_error err;
    ck_assert_msg(rm_platform_finalize(p, &err) == RM_OK, "%s", err.msg);
    return p;
}

static const double ratios[4] = {0.64, 0.064, 0.0064, 0.00064};

/* ---------------------------------------------------- Theorem 1 */

START_TEST(test_thm1_cycle6)
{
    const int e[6][2] = {{0, 3}, {3, 1}, {1, 4}, {4, 2}, {2, 5}, {5, 0}};
    double w[6], c[36], t;
    int ring[6], q;
    rm_error err;
    thm1_costs(6, 6, e, 0.1, w, c);
    ck_assert_int_eq(rmi_slicering_exact_costs(6, w, c, 1.0, 0, ring, &q, &t, &err), RM_OK);
    ck_assert_int_eq(q, 6);
    ck_assert_double_eq_tol(t, 1.2, 1e-12);
    assert_valid_ring(6, q, ring);
    for (int k = 0; k < 6; k++) /* the ring is the Hamiltonian cycle */
        ck_assert_double_eq(c[ring[k] * 6 + ring[(k + 1) % 6]], 0.1);
}
END_TEST

static const int petersen[15][2] = {{0, 1}, {1, 2}, {2, 3}, {3, 4}, {4, 0}, {0, 5}, {1, 6}, {2, 7},
                                    {3, 8}, {4, 9}, {5, 7}, {7, 9}, {9, 6}, {6, 8}, {8, 5}};

START_TEST(test_thm1_petersen)
{
    double w[10], c[100], t;
    int ring[10], q;
    rm_error err;
    thm1_costs(10, 15, petersen, 0.1, w, c);
    double t0 = seconds();
    ck_assert_int_eq(rmi_slicering_exact_costs(10, w, c, 1.0, 0, ring, &q, &t, &err), RM_OK);
    double dt = seconds() - t0;
    /* no Hamiltonian cycle: T > 1 + 2 eps. Petersen is hypohamiltonian, so
     * the optimum is a 9-cycle: T = 10/9 + 2 eps, alphas 1/9 each. */
    ck_assert(t > 1.2 + 1e-9);
    ck_assert_int_eq(q, 9);
    ck_assert_double_eq_tol(t, 10.0 / 9.0 + 0.2, 1e-12);
    assert_valid_ring(10, q, ring);
    ck_assert_double_eq_tol(ring_T(10, w, c, 1.0, q, ring), t, 1e-15);
    printf("Petersen took %.2f s (CPU/wall time, not asserted: timings belong to bench/)\n", dt);
}
END_TEST

START_TEST(test_thm1_prism10)
{
    /* the pentagonal prism (C5 x K2) has a Hamiltonian cycle:
     * 0-1-2-3-4-9-8-7-6-5-0 */
    const int e[15][2] = {{0, 1}, {1, 2}, {2, 3}, {3, 4}, {4, 0}, {5, 6}, {6, 7}, {7, 8},
                          {8, 9}, {9, 5}, {0, 5}, {1, 6}, {2, 7}, {3, 8}, {4, 9}};
    double w[10], c[100], t;
    int ring[10], q;
    rm_error err;
    thm1_costs(10, 15, e, 0.1, w, c);
    ck_assert_int_eq(rmi_slicering_exact_costs(10, w, c, 1.0, 0, ring, &q, &t, &err), RM_OK);
    ck_assert_int_eq(q, 10);
    ck_assert_double_eq_tol(t, 1.2, 1e-12);
    /* ring size limited to 9: at least 10/9 + 2 eps (one processor fewer) */
    ck_assert_int_eq(rmi_slicering_exact_costs(10, w, c, 1.0, 9, ring, &q, &t, &err), RM_OK);
    ck_assert_int_le(q, 9);
    ck_assert(t >= 10.0 / 9.0 + 0.2 - 1e-12);
}
END_TEST

/* ------------------------------------------------- Proposition 1 */

START_TEST(test_prop1_oracle)
{
    double w[3] = {1, 2, 4}, c[9] = {0, 1, 1, 1, 0, 1, 1, 1, 0}, t;
    int ring[3], q;
    rm_error err;
    ck_assert_int_eq(rmi_slicering_exact_costs(3, w, c, 0.01, 0, ring, &q, &t, &err), RM_OK);
    ck_assert_int_eq(q, 3);
    ck_assert_double_eq_tol(t, 4.0 / 7.0 + 0.02, 1e-12);
    ck_assert_int_eq(rmi_slicering_exact_costs(3, w, c, 0.3, 0, ring, &q, &t, &err), RM_OK);
    ck_assert_int_eq(q, 1);
    ck_assert_int_eq(ring[0], 0);
    ck_assert_double_eq_tol(t, 1.0, 1e-15);
}
END_TEST

START_TEST(test_prop1_random)
{
    unsigned long long s = 0x9e3779b97f4a7c15ULL;
    for (int it = 0; it < 60; it++) {
        int n = rndint(&s, 1, 10);
        double w[10], c[100], cc = 0.01 + 2.0 * rnd(&s), r = ratios[it % 4] * (0.5 + 5 * rnd(&s));
        double inv = 0.0, wmin = INFINITY, t;
        for (int i = 0; i < n; i++) {
            w[i] = 0.005 + 0.05 * rnd(&s);
            inv += 1.0 / w[i];
            wmin = fmin(wmin, w[i]);
            for (int j = 0; j < n; j++)
                c[i * n + j] = i == j ? 0.0 : cc;
        }
        int ring[10], q;
        rm_error err;
        ck_assert_int_eq(rmi_slicering_exact_costs(n, w, c, r, 0, ring, &q, &t, &err), RM_OK);
        double expect = n == 1 ? wmin : fmin(wmin, 1.0 / inv + 2.0 * r * cc);
        ck_assert_msg(fabs(t - expect) <= 1e-12 * expect, "n=%d: %.15g vs %.15g", n, t, expect);
        ck_assert_int_eq(q, expect == wmin ? 1 : n);
    }
}
END_TEST

/* ------------------------------------------------- brute force */

START_TEST(test_bruteforce)
{
    unsigned long long s = 12345;
    int n_clamped = 0;
    for (int it = 0; it < 300; it++) {
        int n = rndint(&s, 1, 7);
        double w[7], c[49], t;
        for (int i = 0; i < n; i++) {
            w[i] = tbl_w[rndint(&s, 0, 9)];
            for (int j = 0; j < n; j++) /* bandwidths 10..1000, sometimes very asymmetric */
                c[i * n + j] = i == j ? 0.0 : 1.0 / (10.0 * pow(100.0, rnd(&s)));
        }
        double r = ratios[it % 4] * (it % 8 < 4 ? 1.0 : 3.0);
        int ring[7], q;
        rm_error err;
        ck_assert_int_eq(rmi_slicering_exact_costs(n, w, c, r, 0, ring, &q, &t, &err), RM_OK);
        assert_valid_ring(n, q, ring);
        double bf = brute_force(n, w, c, r);
        ck_assert_msg(fabs(t - bf) <= 1e-12 * bf, "it %d n=%d: exact %.15g brute %.15g", it, n, t, bf);
        ck_assert_double_eq_tol(ring_T(n, w, c, r, q, ring), t, 1e-15);
        /* count optima where eq. (5) would give a negative alpha */
        double tw[7], tC[7];
        for (int k = 0; k < q; k++) {
            tw[k] = w[ring[k]];
            tC[k] = q == 1 ? 0 : c[ring[k] * n + ring[(k + q - 1) % q]] + c[ring[k] * n + ring[(k + 1) % q]];
        }
        if (rm_tstep_eq5(q, tw, tC, r) < t - 1e-12)
            n_clamped++;
    }
    /* also instances built so that the clamp matters: one very slow link */
    for (int it = 0; it < 100; it++) {
        int n = rndint(&s, 3, 6);
        double w[6], c[36], t;
        for (int i = 0; i < n; i++) {
            w[i] = 0.01 + 0.01 * rnd(&s);
            for (int j = 0; j < n; j++)
                c[i * n + j] = i == j ? 0.0 : (rnd(&s) < 0.3 ? 5.0 : 0.01 * rnd(&s));
        }
        double r = 0.002 + 0.01 * rnd(&s);
        int ring[6], q;
        rm_error err;
        ck_assert_int_eq(rmi_slicering_exact_costs(n, w, c, r, 0, ring, &q, &t, &err), RM_OK);
        double bf = brute_force(n, w, c, r);
        ck_assert_msg(fabs(t - bf) <= 1e-12 * bf, "clamp it %d: exact %.15g brute %.15g", it, t, bf);
        /* max_q honoured */
        ck_assert_int_eq(rmi_slicering_exact_costs(n, w, c, r, 2, ring, &q, &t, &err), RM_OK);
        ck_assert_int_le(q, 2);
        ck_assert(t >= bf - 1e-12 * bf);
    }
    ck_assert_int_ge(n_clamped, 0);
}
END_TEST

/* the clamp of rm_balance decides: eq. (5) would prefer a ring with a
 * negative alpha; the exact value must not use it */
START_TEST(test_negative_alpha_ring)
{
    /* 3 processors, w = 1; 0 <-> 1 cheap, anything to/from 2 costs 100.
     * r = 0.01: ring {0,1} gives C = 2*0.01*... */
    double w[3] = {1, 1, 1};
    double c[9] = {0, 0.5, 100, 0.5, 0, 100, 100, 100, 0};
    double t;
    int ring[3], q;
    rm_error err;
    ck_assert_int_eq(rmi_slicering_exact_costs(3, w, c, 0.01, 0, ring, &q, &t, &err), RM_OK);
    /* pair {0,1}: C = 1 each, T = 0.5 (1 + 0.01 * 2) = 0.51.
     * ring of 3: C = (100.5, 100.5, 200); eq. (5): (1/3)(1 + 0.01*401) = 1.67,
     * dmax = 2: T = 2. Single: 1. Optimum 0.51. */
    ck_assert_int_eq(q, 2);
    ck_assert_double_eq_tol(t, 0.51, 1e-12);
    /* with dc_dw tiny, eq. (5) of the 3-ring: (1/3)(1 + 1e-4*401) = 0.34670 <
     * dmax? dmax = 0.02: T = 0.34670 beats the pair 0.5001 */
    ck_assert_int_eq(rmi_slicering_exact_costs(3, w, c, 1e-4, 0, ring, &q, &t, &err), RM_OK);
    ck_assert_int_eq(q, 3);
    ck_assert_double_eq_tol(t, (1.0 + 1e-4 * 401.0) / 3.0, 1e-12);
}
END_TEST

START_TEST(test_limits)
{
    double w[13], c[169], t;
    int ring[13], q;
    rm_error err;
    for (int i = 0; i < 13; i++) {
        w[i] = 1;
        for (int j = 0; j < 13; j++)
            c[i * 13 + j] = i == j ? 0 : 1;
    }
    ck_assert_int_eq(rmi_slicering_exact_costs(13, w, c, 0.1, 0, ring, &q, &t, &err), RM_ELIMIT);
    ck_assert(strstr(err.msg, "12") != NULL);
    ck_assert_int_eq(rmi_slicering_exact_costs(0, w, c, 0.1, 0, ring, &q, &t, &err), RM_EINPUT);
    w[1] = -1;
    ck_assert_int_eq(rmi_slicering_exact_costs(3, w, c, 0.1, 0, ring, &q, &t, &err), RM_EINPUT);
    w[1] = 1;
    c[1] = NAN;
    ck_assert_int_eq(rmi_slicering_exact_costs(3, w, c, 0.1, 0, ring, &q, &t, &err), RM_EINPUT);
    c[1] = 1;
    ck_assert_int_eq(rmi_slicering_exact_costs(3, w, c, -1, 0, ring, &q, &t, &err), RM_EINPUT);
    /* dc_dw = 0 with an unreachable pair (0 -> 1): communication is free,
     * but 0 and 1 cannot be ring neighbours (no route), and every ring of
     * 3 makes them neighbours: the best ring is a pair with host 2, T = 1/2
     * (was q = 3, T = 1/3: a ring whose route 0 -> 1 is empty) */
    c[1] = INFINITY;
    ck_assert_int_eq(rmi_slicering_exact_costs(3, w, c, 0.0, 0, ring, &q, &t, &err), RM_OK);
    ck_assert_int_eq(q, 2);
    ck_assert(ring[0] == 2 || ring[1] == 2);
    ck_assert_double_eq_tol(t, 0.5, 1e-15);
}
END_TEST

START_TEST(test_twelve)
{
    unsigned long long s = 777;
    double tmax = 0.0;
    for (int it = 0; it < 4; it++) {
        double w[12], c[144], t;
        for (int i = 0; i < 12; i++) {
            w[i] = tbl_w[rndint(&s, 0, 9)];
            for (int j = 0; j < 12; j++)
                c[i * 12 + j] = i == j ? 0.0 : 1.0 / (10.0 + 990.0 * rnd(&s));
        }
        int ring[12], q;
        rm_error err;
        double t0 = seconds();
        ck_assert_int_eq(rmi_slicering_exact_costs(12, w, c, ratios[it], 0, ring, &q, &t, &err),
                         RM_OK);
        tmax = fmax(tmax, seconds() - t0);
        assert_valid_ring(12, q, ring);
        /* no worse than simple feasible rings: index order of every prefix of
         * the hosts sorted by w is one such family */
        int ord[12];
        for (int i = 0; i < 12; i++)
            ord[i] = i;
        for (int i = 0; i < 12; i++)
            for (int j = i + 1; j < 12; j++)
                if (w[ord[j]] < w[ord[i]]) {
                    int x = ord[i];
                    ord[i] = ord[j];
                    ord[j] = x;
                }
        for (int k = 1; k <= 12; k++)
            ck_assert(t <= ring_T(12, w, c, ratios[it], k, ord) * (1 + 1e-12));
    }
    printf("12 processors took %.2f s (CPU/wall time, not asserted: timings belong to bench/)\n", tmax);
}
END_TEST

/* ------------------------------------------- on platforms (topo, bw) */

START_TEST(test_greedy_ge_exact)
{
    unsigned long long s = 4242;
    for (int it = 0; it < 40; it++) {
        rm_platform *p = random_platform(&s, rndint(&s, 3, 8), rndint(&s, 0, 4), rndint(&s, 0, 3));
        rm_network net;
        rm_error err;
        ck_assert_int_eq(rm_network_init(&net, p, RM_DUPLEX_HALF, &err), RM_OK);
        int H = p->n_hosts;
        double bw[64], c[64], w[8], t;
        ck_assert_int_eq(rm_capacity_matrix(&net, bw, &err), RM_OK);
        for (int k = 0; k < H * H; k++)
            c[k] = 1.0 / bw[k];
        for (int h = 0; h < H; h++)
            w[h] = p->nodes[p->hosts[h]].w;
        rm_options opt;
        rm_options_init_paper(&opt);
        opt.routing = rm_routing_resolve(&net, opt.routing); /* internal entry: resolved */
        opt.heuristic = RM_HEUR_SLICE;
        opt.cost.dc_dw = ratios[it % 4];
        rm_mapping *g = NULL, *x = NULL;
        ck_assert_int_eq(rm_slicering(&net, &opt, &g, &err), RM_OK);
        int ring[8], q;
        ck_assert_int_eq(rmi_slicering_exact_costs(H, w, c, opt.cost.dc_dw, 0, ring, &q, &t, &err),
                         RM_OK);
        ck_assert_msg(g->t_step_per_dw_unshared >= t * (1 - 1e-12), "greedy %.15g < exact %.15g",
                      g->t_step_per_dw_unshared, t);
        /* the network version: same optimum, a checked mapping */
        ck_assert_int_eq(rmi_slicering_exact(&net, &opt, &x, &err), RM_OK);
        ck_assert_double_eq_tol(x->t_step_per_dw_unshared, t, 1e-12 * t);
        ck_assert_int_eq(x->q, q);
        ck_assert_msg(rm_mapping_check(&net, x, 1e-9, &err) == RM_OK, "%s", err.msg);
        /* sharing can only slow the ring down */
        ck_assert(x->t_step_per_dw >= t * (1 - 1e-12));
        rm_mapping_free(g);
        rm_mapping_free(x);
        rm_network_destroy(&net);
        rm_platform_free(p);
    }
}
END_TEST

static rm_platform *star3(void)
{
    return rmt_star3(); /* support.h */
}

START_TEST(test_shared_star3)
{
    rm_platform *p = star3();
    rm_network net;
    rm_error err;
    ck_assert_int_eq(rm_network_init(&net, p, RM_DUPLEX_HALF, &err), RM_OK);
    rm_options opt;
    rm_options_init_paper(&opt);
    opt.routing = rm_routing_resolve(&net, opt.routing); /* internal entry: resolved */
    opt.cost.dc_dw = 0.01;
    rm_mapping *m = NULL;
    ck_assert_int_eq(rmi_sharedring_exhaustive(&net, &opt, &m, &err), RM_OK);
    /* hand-solved (docs/sources.md): ring 0 -> 1 -> 2 with optimal shares: 0.4077941; the pair
     * {0, 1} gives 0.5 (1 + 0.01 * 1.6) = 0.508, one host 1 */
    ck_assert_int_eq(m->q, 3);
    ck_assert_double_eq_tol(m->t_step_per_dw, 0.4077941, 1e-6);
    ck_assert_double_eq_tol(m->sweep_t[0], 1.0, 1e-12);
    ck_assert_double_eq_tol(m->sweep_t[1], 0.508, 1e-9);
    ck_assert_double_eq_tol(m->sweep_t[2], m->t_step_per_dw, 1e-12);
    ck_assert_msg(rm_mapping_check(&net, m, 1e-9, &err) == RM_OK, "%s", err.msg);
    rm_mapping_free(m);
    /* max_q = 2: the pair */
    opt.max_q = 2;
    ck_assert_int_eq(rmi_sharedring_exhaustive(&net, &opt, &m, &err), RM_OK);
    ck_assert_int_eq(m->q, 2);
    ck_assert_double_eq_tol(m->t_step_per_dw, 0.508, 1e-9);
    ck_assert_msg(rm_mapping_check(&net, m, 1e-9, &err) == RM_OK, "%s", err.msg);
    rm_mapping_free(m);
    /* communication dear: the fastest host alone */
    opt.max_q = 0;
    opt.cost.dc_dw = 10.0;
    ck_assert_int_eq(rmi_sharedring_exhaustive(&net, &opt, &m, &err), RM_OK);
    ck_assert_int_eq(m->q, 1);
    ck_assert_double_eq_tol(m->t_step_per_dw, 1.0, 1e-15);
    rm_mapping_free(m);
    rm_network_destroy(&net);
    rm_platform_free(p);
}
END_TEST

START_TEST(test_shared_limit)
{
    unsigned long long s = 99;
    rm_platform *p = random_platform(&s, 9, 2, 1);
    rm_network net;
    rm_error err;
    ck_assert_int_eq(rm_network_init(&net, p, RM_DUPLEX_HALF, &err), RM_OK);
    rm_options opt;
    rm_options_init_paper(&opt);
    opt.routing = rm_routing_resolve(&net, opt.routing); /* internal entry: resolved */
    rm_mapping *m = NULL;
    ck_assert_int_eq(rmi_sharedring_exhaustive(&net, &opt, &m, &err), RM_ELIMIT);
    ck_assert_ptr_null(m);
    ck_assert(strstr(err.msg, "8 hosts") != NULL);
    rm_network_destroy(&net);
    rm_platform_free(p);
}
END_TEST

/* On a tree every route is the unique path, so the greedy's final ring is
 * one of the rings the exhaustive search evaluates with the same routes:
 * with optimal or max-min final shares it cannot beat it. */
START_TEST(test_shared_tree_vs_greedy)
{
    unsigned long long s = 2024;
    int n_runs = 0, n_solver = 0;
    for (int it = 0; it < 24; it++) {
        rm_platform *p = random_platform(&s, rndint(&s, 3, 7), rndint(&s, 0, 4), 0);
        rm_network net;
        rm_error err;
        ck_assert_int_eq(rm_network_init(&net, p, it % 3 == 2 ? RM_DUPLEX_FULL : RM_DUPLEX_HALF, &err), RM_OK);
        rm_options opt;
        rm_options_init_paper(&opt);
        opt.routing = rm_routing_resolve(&net, opt.routing); /* internal entry: resolved */
        rm_mapping *ex[4];
        ck_assert_int_eq(rmi_sharedring_exhaustive_ratios(&net, &opt, 4, ratios, ex, &err), RM_OK);
        for (int k = 0; k < 4; k++) {
            ck_assert_msg(rm_mapping_check(&net, ex[k], 1e-9, &err) == RM_OK, "%s", err.msg);
            ck_assert_double_eq(ex[k]->cost.dc_dw, ratios[k]);
            for (int rf = 1; rf <= 2; rf++) {
                opt.cost.dc_dw = ratios[k];
                opt.sharing = rf == 1 ? RM_SHARING_MAXMIN : RM_SHARING_EQ5;
                rm_mapping *g = NULL;
                rm_status st = rm_sharedring(&net, &opt, &g, &err);
                n_runs++;
                if (st == RM_ESOLVER) { /* the greedy's sharing did not converge (bw) */
                    n_solver++;
                    continue;
                }
                ck_assert_msg(st == RM_OK, "%s", err.msg);
                ck_assert_msg(ex[k]->t_step_per_dw <= g->t_step_per_dw * (1 + 1e-7),
                              "it %d ratio %g refine %d: exhaustive %.12g > greedy %.12g", it,
                              ratios[k], rf, ex[k]->t_step_per_dw, g->t_step_per_dw);
                rm_mapping_free(g);
            }
        }
        /* the single-ratio call agrees with the multi-ratio one */
        opt.sharing = RM_SHARING_GREEDY;
        opt.cost.dc_dw = ratios[it % 4];
        rm_mapping *one = NULL;
        ck_assert_int_eq(rmi_sharedring_exhaustive(&net, &opt, &one, &err), RM_OK);
        ck_assert_double_eq_tol(one->t_step_per_dw, ex[it % 4]->t_step_per_dw, 1e-15);
        rm_mapping_free(one);
        for (int k = 0; k < 4; k++)
            rm_mapping_free(ex[k]);
        rm_network_destroy(&net);
        rm_platform_free(p);
    }
    /* a greedy that fails to share is not the subject here, but most runs
     * must have been compared */
    ck_assert_msg(n_solver * 4 <= n_runs, "%d of %d greedy runs failed to share (RM_ESOLVER)",
                  n_solver, n_runs);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("exact");
    TCase *tc = tcase_create("slicering_exact");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_thm1_cycle6);
    tcase_add_test(tc, test_thm1_petersen);
    tcase_add_test(tc, test_thm1_prism10);
    tcase_add_test(tc, test_prop1_oracle);
    tcase_add_test(tc, test_prop1_random);
    tcase_add_test(tc, test_bruteforce);
    tcase_add_test(tc, test_negative_alpha_ring);
    tcase_add_test(tc, test_limits);
    tcase_add_test(tc, test_twelve);
    suite_add_tcase(s, tc);
    tc = tcase_create("platforms");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_greedy_ge_exact);
    tcase_add_test(tc, test_shared_star3);
    tcase_add_test(tc, test_shared_limit);
    tcase_add_test(tc, test_shared_tree_vs_greedy);
    suite_add_tcase(s, tc);
    return rmt_run_suite(s);
}
