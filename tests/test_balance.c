/*
 * test_balance.c — functional performance models and DFPA
 * (include/ringmap/balance.h, Lastovetsky and Reddy): the insertion cases, the
 * partitioning by speed functions against Boulet et al. 1999's integer optimum
 * (its Tables 3-4, docs/sources.md, and alloc/alloc.c on random instances),
 * hand-solved cliff instances, the ring's communication term, and DFPA on
 * synthetic speed functions (deterministic, no MPI).
 */
#include "ringmap/alloc.h"
#include "ringmap.h"

#include "support.h"

#include <check.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static unsigned rnd_state = 12345u;
static double rnd(void)
{
    rnd_state = rnd_state * 1103515245u + 12345u;
    return (double)((rnd_state >> 8) & 0xffff) / 65536.0;
}

/* p constant models, one point (1, w_i) each: the cycle-time model. */
static rm_fpm *constant_models(int p, const double *w)
{
    rm_fpm *m = calloc((size_t)p, sizeof *m);
    for (int i = 0; i < p; i++) {
        rm_fpm_init(&m[i]);
        ck_assert_int_eq(rm_fpm_add(&m[i], 1.0, w[i], NULL, NULL), RM_OK);
    }
    return m;
}

static void free_models(int p, rm_fpm *m)
{
    for (int i = 0; i < p; i++)
        rm_fpm_destroy(&m[i]);
    free(m);
}

/* ------------------------------------------------------- insertion cases */

START_TEST(test_insertion_cases)
{
    rm_fpm m;
    rm_fpm_init(&m);
    rm_fpm_case c;
    ck_assert(isnan(rm_fpm_speed(&m, 1.0)));
    ck_assert_int_eq(rm_fpm_add(&m, 10, 1.0, &c, NULL), RM_OK); /* s = 10 */
    ck_assert_int_eq(c, RM_FPM_FIRST);
    /* constant model: s(x) = 10 everywhere, t(x) = x / 10 */
    ck_assert_double_eq(rm_fpm_speed(&m, 0), 10);
    ck_assert_double_eq(rm_fpm_speed(&m, 1000), 10);
    ck_assert_double_eq_tol(rm_fpm_time(&m, 35), 3.5, 1e-15);
    ck_assert_int_eq(rm_fpm_add(&m, 5, 0.4, &c, NULL), RM_OK); /* s = 12.5 */
    ck_assert_int_eq(c, RM_FPM_BELOW);
    ck_assert_int_eq(rm_fpm_add(&m, 20, 3.0, &c, NULL), RM_OK); /* s = 20/3 */
    ck_assert_int_eq(c, RM_FPM_ABOVE);
    ck_assert_int_eq(rm_fpm_add(&m, 15, 2.0, &c, NULL), RM_OK); /* s = 7.5 */
    ck_assert_int_eq(c, RM_FPM_BETWEEN);
    ck_assert_int_eq(m.n, 4);
    const double xs[4] = {5, 10, 15, 20};
    for (int k = 0; k < 4; k++)
        ck_assert_double_eq(m.x[k], xs[k]);
    /* flat below the first point (BELOW case: (0, s(d)) -> (d, s(d))) */
    ck_assert_double_eq(rm_fpm_speed(&m, 0), 12.5);
    ck_assert_double_eq(rm_fpm_speed(&m, 2.5), 12.5);
    /* linear between points */
    ck_assert_double_eq_tol(rm_fpm_speed(&m, 7.5), 11.25, 1e-12);
    ck_assert_double_eq_tol(rm_fpm_speed(&m, 12.5), 8.75, 1e-12);
    /* flat after the last point (ABOVE case: (d, s(d)) -> (inf, s(d))) */
    ck_assert_double_eq_tol(rm_fpm_speed(&m, 1000), 20.0 / 3.0, 1e-12);
    /* measured times exactly at the points */
    ck_assert_double_eq(rm_fpm_time(&m, 15), 2.0);
    ck_assert_double_eq_tol(rm_fpm_time(&m, 7.5), 7.5 / 11.25, 1e-12);
    ck_assert_int_eq(rm_fpm_check_shape(&m), 1);
    /* a newer measurement at a known size replaces it */
    ck_assert_int_eq(rm_fpm_add(&m, 15, 1.5, &c, NULL), RM_OK);
    ck_assert_int_eq(c, RM_FPM_REPLACE);
    ck_assert_int_eq(m.n, 4);
    ck_assert_double_eq(rm_fpm_speed(&m, 15), 10);
    /* t(15) = 1.5 < t(10) = 1.0? no: 1.5 > 1.0, shape still fine; make it fail */
    ck_assert_int_eq(rm_fpm_add(&m, 15, 0.5, &c, NULL), RM_OK); /* s = 30: t drops */
    ck_assert_int_eq(rm_fpm_check_shape(&m), 0);
    /* the hull keeps the partitioning well defined: max over [0, x] */
    ck_assert_double_eq(rm_fpm_time_hull(&m, 15), 1.0);
    ck_assert_double_eq(rm_fpm_time_hull(&m, 20), 3.0);
    /* errors */
    rm_error err;
    ck_assert_int_eq(rm_fpm_add(&m, 0, 1, NULL, &err), RM_EINPUT);
    ck_assert_int_eq(rm_fpm_add(&m, 1, -1, NULL, &err), RM_EINPUT);
    ck_assert_int_eq(rm_fpm_add(&m, NAN, 1, NULL, &err), RM_EINPUT);
    ck_assert_int_eq(rm_fpm_add(&m, 1, INFINITY, NULL, &err), RM_EINPUT);
    ck_assert_ptr_nonnull(strstr(err.msg, "time"));
    rm_fpm cp;
    rm_fpm_init(&cp);
    ck_assert_int_eq(rm_fpm_copy(&cp, &m, NULL), RM_OK);
    ck_assert_int_eq(cp.n, 4);
    ck_assert_double_eq(cp.s[3], m.s[3]);
    rm_fpm_destroy(&cp);
    rm_fpm_clear(&m);
    ck_assert_int_eq(m.n, 0);
    ck_assert_int_eq(rm_fpm_check_shape(&m), -1);
    rm_fpm_destroy(&m);
}
END_TEST

/* ------------------------------------------- constant speeds = Boulet et al. 1999 */

START_TEST(test_constant_table3)
{
    /* t = (3,5,8), B = 1..10 (Boulet et al. 1999 Table 3) */
    static const long expect[10][3] = {{1, 0, 0}, {1, 1, 0}, {2, 1, 0}, {2, 1, 1}, {3, 1, 1},
                                       {3, 2, 1}, {4, 2, 1}, {5, 2, 1}, {5, 3, 1}, {5, 3, 2}};
    static const double t[3] = {3, 5, 8};
    rm_fpm *m = constant_models(3, t);
    for (long B = 1; B <= 10; B++) {
        long d[3];
        double T;
        ck_assert_int_eq(rm_fpm_partition(3, m, NULL, B, 0, d, &T, NULL), RM_OK);
        for (int i = 0; i < 3; i++)
            ck_assert_int_eq(d[i], expect[B - 1][i]);
        ck_assert_double_eq(T, rm_alloc_makespan(3, t, d));
    }
    /* perfect balance: C = 79 -> (40, 24, 15), makespan 120 */
    long d[3];
    double T;
    ck_assert_int_eq(rm_fpm_partition(3, m, NULL, 79, 0, d, &T, NULL), RM_OK);
    ck_assert_int_eq(d[0], 40);
    ck_assert_int_eq(d[1], 24);
    ck_assert_int_eq(d[2], 15);
    ck_assert_double_eq(T, 120);
    /* the rational partition: x_i = B (1/t_i) / sum(1/t), T = 120 B / 79 */
    double x[3];
    ck_assert_int_eq(rm_fpm_partition_real(3, m, NULL, 10, x, &T, NULL), RM_OK);
    ck_assert_double_eq_tol(T, 1200.0 / 79, 1e-12);
    ck_assert_double_eq_tol(x[0], 400.0 / 79, 1e-12);
    ck_assert_double_eq_tol(x[1], 240.0 / 79, 1e-12);
    ck_assert_double_eq_tol(x[2], 150.0 / 79, 1e-12);
    free_models(3, m);
}
END_TEST

START_TEST(test_constant_oracles)
{
    /* t = (11,26,33,33,38,40,528,530): perfect balance C = 8,469,789 */
    static const double t8[8] = {11, 26, 33, 33, 38, 40, 528, 530};
    static const long big[8] = {3141840, 1329240, 1047280, 1047280, 909480, 864006, 65455, 65208};
    rm_fpm *m = constant_models(8, t8);
    long d[8];
    ck_assert_int_eq(rm_fpm_partition(8, m, NULL, 8469789, 0, d, NULL, NULL), RM_OK);
    for (int i = 0; i < 8; i++)
        ck_assert_int_eq(d[i], big[i]);
    /* Boulet et al. 1999 Table 4: the allocations for b = 18, 46 (u = 25, 50) */
    static const long b18[8] = {7, 3, 2, 2, 2, 2, 0, 0};
    ck_assert_int_eq(rm_fpm_partition(8, m, NULL, 18, 0, d, NULL, NULL), RM_OK);
    for (int i = 0; i < 8; i++)
        ck_assert_int_eq(d[i], b18[i]);
    free_models(8, m);
    /* LU example: t = (210, 361, 646, 573, 660, 555), B = 9 -> (3,2,1,1,1,1) */
    static const double tlu[6] = {210, 361, 646, 573, 660, 555};
    static const long elu[6] = {3, 2, 1, 1, 1, 1};
    m = constant_models(6, tlu);
    ck_assert_int_eq(rm_fpm_partition(6, m, NULL, 9, 0, d, NULL, NULL), RM_OK);
    for (int i = 0; i < 6; i++)
        ck_assert_int_eq(d[i], elu[i]);
    free_models(6, m);
}
END_TEST

/* Random instances: identical to alloc/alloc.c's affine greedy (with
 * communication offsets and a minimum), and, for models whose point is not
 * at x = 1, the same optimal makespan. */
START_TEST(test_constant_cross_alloc)
{
    rnd_state = 4242u;
    for (int rep = 0; rep < 300; rep++) {
        int p = 1 + (int)(rnd() * 7);
        double w[8], o[8], wx[8];
        for (int i = 0; i < p; i++) {
            w[i] = 0.05 + rnd() * 3;
            o[i] = rep % 2 ? rnd() * 20 : 0;
            wx[i] = 1 + (int)(rnd() * 50);
        }
        long min = rep % 3 == 0 ? 1 : 0;
        long B = p * min + (long)(rnd() * 500);
        long da[8], df[8], dx[8];
        ck_assert_int_eq(rm_alloc_affine(p, w, o, min, B, da, NULL), RM_OK);
        rm_fpm *m = constant_models(p, w);
        double T;
        ck_assert_int_eq(rm_fpm_partition(p, m, o, B, min, df, &T, NULL), RM_OK);
        for (int i = 0; i < p; i++)
            ck_assert_int_eq(df[i], da[i]);
        /* a model measured at x = wx units (t = wx * w) */
        rm_fpm mx[8];
        for (int i = 0; i < p; i++) {
            rm_fpm_init(&mx[i]);
            ck_assert_int_eq(rm_fpm_add(&mx[i], wx[i], wx[i] * w[i], NULL, NULL), RM_OK);
        }
        double Tx;
        ck_assert_int_eq(rm_fpm_partition(p, mx, o, B, min, dx, &Tx, NULL), RM_OK);
        long sum = 0;
        for (int i = 0; i < p; i++) {
            sum += dx[i];
            ck_assert_int_ge(dx[i], min);
        }
        ck_assert_int_eq(sum, B);
        ck_assert_double_eq_tol(Tx, T, 1e-9 * (T + 1));
        for (int i = 0; i < p; i++)
            rm_fpm_destroy(&mx[i]);
        free_models(p, m);
    }
}
END_TEST

/* ------------------------------------------------------ cliff instances */

/* Brute force over 2 processors: least max(t0(a), t1(n - a)). */
static double brute2(const rm_fpm *m, long n, long *best_a)
{
    double best = INFINITY;
    for (long a = 0; a <= n; a++) {
        double v0 = rm_fpm_time_hull(&m[0], (double)a), v1 = rm_fpm_time_hull(&m[1], (double)(n - a));
        double v = v0 > v1 ? v0 : v1;
        if (v < best) {
            best = v;
            *best_a = a;
        }
    }
    return best;
}

START_TEST(test_cliff_hand_solved)
{
    /* P0: constant speed 10 units/s. P1: 20 units/s up to 100 units, then a
       cliff: 5 units/s from 200 units on (s = 35 - 0.15 x in between).
       n = 300. The line through the origin: x0 = 10 T, x1 = 35 T / (1 +
       0.15 T), x0 + x1 = 300 <=> 1.5 T^2 = 300: T = sqrt(200) = 14.1421 s,
       x0 = 141.421, x1 = 158.579 (on the cliff segment). Integer optimum:
       (142, 158): t0 = 14.2, t1 = 158 / 11.3 = 13.982; (141, 159) would give
       t1 = 159 / 11.15 = 14.260. */
    rm_fpm m[2];
    rm_fpm_init(&m[0]);
    rm_fpm_init(&m[1]);
    ck_assert_int_eq(rm_fpm_add(&m[0], 10, 1.0, NULL, NULL), RM_OK);
    ck_assert_int_eq(rm_fpm_add(&m[1], 100, 5.0, NULL, NULL), RM_OK);
    ck_assert_int_eq(rm_fpm_add(&m[1], 200, 40.0, NULL, NULL), RM_OK);
    ck_assert_int_eq(rm_fpm_check_shape(&m[1]), 1);
    double x[2], T;
    ck_assert_int_eq(rm_fpm_partition_real(2, m, NULL, 300, x, &T, NULL), RM_OK);
    ck_assert_double_eq_tol(T, sqrt(200.0), 1e-12);
    ck_assert_double_eq_tol(x[0], 10 * sqrt(200.0), 1e-9);
    ck_assert_double_eq_tol(x[1], 300 - 10 * sqrt(200.0), 1e-9);
    long d[2];
    ck_assert_int_eq(rm_fpm_partition(2, m, NULL, 300, 0, d, &T, NULL), RM_OK);
    ck_assert_int_eq(d[0], 142);
    ck_assert_int_eq(d[1], 158);
    ck_assert_double_eq_tol(T, 14.2, 1e-12);
    ck_assert_double_eq_tol(rm_fpm_time(&m[1], 158), 158 / 11.3, 1e-12);
    long a;
    ck_assert_double_eq_tol(brute2(m, 300, &a), 14.2, 1e-12);
    ck_assert_int_eq(a, 142);
    /* the constant-speed answer (speeds measured at 100 units) is off: P1
       would get 2/3 of the units and run on its cliff */
    rm_fpm_destroy(&m[0]);
    rm_fpm_destroy(&m[1]);
}
END_TEST

START_TEST(test_cliff_step)
{
    /* A memory cliff as iterapp emulates it: P1 has w = 0.5 s/unit up to 40
       units and w = 1 (doubled) above (points (40, 20) and (41, 41)); P0 has
       w = 1. n = 100: the static (constant w) split (33, 67) would run P1 at
       67 s instead of the predicted 33.5 (the cliff factor 2); the optimum is
       (50, 50), T = 50 s: every unit of cost <= 50 is P0's 1..50 and P1's
       1..40 (0.5 .. 20) and 41..50 (41 .. 50). */
    rm_fpm m[2];
    rm_fpm_init(&m[0]);
    rm_fpm_init(&m[1]);
    ck_assert_int_eq(rm_fpm_add(&m[0], 1, 1.0, NULL, NULL), RM_OK);
    ck_assert_int_eq(rm_fpm_add(&m[1], 40, 20.0, NULL, NULL), RM_OK);
    ck_assert_int_eq(rm_fpm_add(&m[1], 41, 41.0, NULL, NULL), RM_OK);
    long d[2];
    double T;
    ck_assert_int_eq(rm_fpm_partition(2, m, NULL, 100, 0, d, &T, NULL), RM_OK);
    ck_assert_int_eq(d[0], 50);
    ck_assert_int_eq(d[1], 50);
    ck_assert_double_eq(T, 50);
    long a;
    ck_assert_double_eq(brute2(m, 100, &a), 50);
    /* n = 60: the line passes through the gap; P1 stays at the cliff edge
       (40 units, 20 s < T), P0 takes 20 — T = 20 */
    ck_assert_int_eq(rm_fpm_partition(2, m, NULL, 60, 0, d, &T, NULL), RM_OK);
    ck_assert_int_eq(d[0], 20);
    ck_assert_int_eq(d[1], 40);
    ck_assert_double_eq(T, 20);
    ck_assert_double_eq(brute2(m, 60, &a), 20);
    rm_fpm_destroy(&m[0]);
    rm_fpm_destroy(&m[1]);
}
END_TEST

/* Integer partition vs brute force on random piecewise models (3 processors). */
START_TEST(test_partition_brute_force)
{
    rnd_state = 777u;
    for (int rep = 0; rep < 60; rep++) {
        rm_fpm m[3];
        double o[3];
        for (int i = 0; i < 3; i++) {
            rm_fpm_init(&m[i]);
            int np = 1 + (int)(rnd() * 4);
            for (int k = 0; k < np; k++) {
                double x = 1 + (int)(rnd() * 40);
                double s = 0.2 + rnd() * 3;
                ck_assert_int_eq(rm_fpm_add(&m[i], x, x / s, NULL, NULL), RM_OK);
            }
            o[i] = rep % 2 ? rnd() * 5 : 0;
        }
        long n = 1 + (long)(rnd() * 40), d[3];
        double T;
        ck_assert_int_eq(rm_fpm_partition(3, m, o, n, 0, d, &T, NULL), RM_OK);
        ck_assert_int_eq(d[0] + d[1] + d[2], n);
        double best = INFINITY;
        for (long a = 0; a <= n; a++)
            for (long b = 0; a + b <= n; b++) {
                long c[3] = {a, b, n - a - b};
                double v = rm_fpm_step_time(3, m, o, c, NULL);
                if (v < best)
                    best = v;
            }
        ck_assert_double_eq_tol(T, best, 1e-12 * (best + 1));
        for (int i = 0; i < 3; i++)
            rm_fpm_destroy(&m[i]);
    }
}
END_TEST

/* Extreme sizes terminate: n = LONG_MAX is refused at once (it ran for
 * ever), n = 2^53 is handed out exactly, and units of equal cost (a flat
 * model: t = 1 s from 1 to 10^15 units) go together. Where few units are
 * left, the result is the one-unit-at-a-time greedy's (ties to the lowest
 * index), checked against that greedy itself on random models with flat
 * parts. */
static void greedy_units(int p, const rm_fpm *m, const double *o, long n, long *d)
{
    for (int i = 0; i < p; i++)
        d[i] = 0;
    for (long u = 0; u < n; u++) {
        int best = 0;
        double bv = o[0] + rm_fpm_time_hull(&m[0], (double)(d[0] + 1));
        for (int k = 1; k < p; k++) {
            double v = o[k] + rm_fpm_time_hull(&m[k], (double)(d[k] + 1));
            if (v < bv) {
                bv = v;
                best = k;
            }
        }
        d[best]++;
    }
}

START_TEST(test_partition_extreme_sizes)
{
    rm_fpm m[3];
    for (int i = 0; i < 3; i++) {
        rm_fpm_init(&m[i]);
        ck_assert_int_eq(rm_fpm_add(&m[i], 1, 0.01 * (i + 1), NULL, NULL), RM_OK);
    }
    long d[3];
    rm_error err = {RM_OK, ""};
    ck_assert_int_eq(rm_fpm_partition(3, m, NULL, LONG_MAX, 0, d, NULL, &err), RM_ELIMIT);
    ck_assert_str_eq(err.msg, "partitioning: n = 9223372036854775807 units, more than 2^53");
    const long n53 = 9007199254740992L;
    ck_assert_int_eq(rm_fpm_partition(3, m, NULL, n53, 0, d, NULL, NULL), RM_OK);
    ck_assert(d[0] + d[1] + d[2] == n53);
    ck_assert(d[0] > d[1] && d[1] > d[2]); /* speeds 100 > 50 > 33.3 units/s */
    rm_fpm flat[2];
    rm_fpm_init(&flat[0]);
    ck_assert_int_eq(rm_fpm_add(&flat[0], 1, 1, NULL, NULL), RM_OK);
    ck_assert_int_eq(rm_fpm_add(&flat[0], 1e15, 1, NULL, NULL), RM_OK);
    flat[1] = m[0]; /* 0.01 s per unit: 99 units below 1 s, the 100th ties */
    ck_assert_int_eq(rm_fpm_partition(2, flat, NULL, 1000000000000L, 0, d, NULL, NULL), RM_OK);
    ck_assert(d[0] == 1000000000000L - 99 && d[1] == 99);
    rm_fpm_destroy(&flat[0]);
    for (int i = 0; i < 3; i++)
        rm_fpm_destroy(&m[i]);
    /* the one-unit greedy, on models with flat parts (many ties) */
    rnd_state = 4242u;
    for (int rep = 0; rep < 40; rep++) {
        rm_fpm r[3];
        double o[3];
        for (int i = 0; i < 3; i++) {
            rm_fpm_init(&r[i]);
            double x = 1, t = 0.5 + (int)(rnd() * 4) * 0.25;
            for (int k = 0, np = 1 + (int)(rnd() * 4); k < np; k++) {
                ck_assert_int_eq(rm_fpm_add(&r[i], x, t, NULL, NULL), RM_OK);
                x += 1 + (int)(rnd() * 300);
                t += rnd() < 0.5 ? 0 : 0.25 * (int)(rnd() * 3); /* flat segments */
            }
            o[i] = rep % 2 ? 0.25 * (int)(rnd() * 4) : 0;
        }
        long n = 1 + (long)(rnd() * 2000), dg[3];
        ck_assert_int_eq(rm_fpm_partition(3, r, o, n, 0, d, NULL, NULL), RM_OK);
        greedy_units(3, r, o, n, dg);
        for (int i = 0; i < 3; i++)
            ck_assert_msg(d[i] == dg[i], "rep %d, n %ld: d[%d] = %ld, the greedy's %ld", rep, n, i,
                          d[i], dg[i]);
        for (int i = 0; i < 3; i++)
            rm_fpm_destroy(&r[i]);
    }
}
END_TEST

/* ------------------------------------------------- ring communication */

START_TEST(test_ring_comm)
{
    /* constant speeds + communication = rm_alloc_columns (eq. (1), integer) */
    static const double w[3] = {0.02, 0.01, 0.04}, C[3] = {0.5, 1.5, 0.25};
    const long N = 400;
    const double dc_dw = 0.1;
    long da[3], df[3];
    ck_assert_int_eq(rm_alloc_columns(3, w, C, dc_dw, N, 1, da, NULL), RM_OK);
    /* per column: D_w / N of the work, i.e. t_k = w_k / N (D_w = 1),
       comm_k = D_c C_k with D_c = dc_dw */
    double t[3], o[3];
    for (int k = 0; k < 3; k++) {
        t[k] = w[k] / (double)N;
        o[k] = dc_dw * C[k];
    }
    rm_fpm *m = constant_models(3, t);
    ck_assert_int_eq(rm_fpm_partition(3, m, o, N, 1, df, NULL, NULL), RM_OK);
    for (int k = 0; k < 3; k++)
        ck_assert_int_eq(df[k], da[k]);
    /* step time of eq. (1) with the speed functions */
    double times[3];
    double Ts = rm_fpm_step_time(3, m, o, df, times);
    double ref = 0;
    for (int k = 0; k < 3; k++) {
        double v = o[k] + t[k] * (double)df[k];
        ck_assert_double_eq_tol(times[k], v, 1e-15);
        if (v > ref)
            ref = v;
    }
    ck_assert_double_eq(Ts, ref);
    /* a position whose communication alone exceeds T gets nothing */
    double o2[3] = {0, 0, 100};
    ck_assert_int_eq(rm_fpm_partition(3, m, o2, N, 0, df, NULL, NULL), RM_OK);
    ck_assert_int_eq(df[2], 0);
    double x[3], T;
    ck_assert_int_eq(rm_fpm_partition_real(3, m, o2, (double)N, x, &T, NULL), RM_OK);
    ck_assert_double_eq(x[2], 0);
    ck_assert_double_eq_tol(x[0] + x[1], (double)N, 1e-9);
    free_models(3, m);
}
END_TEST

/* ------------------------------------------------------------------ DFPA */

/* Synthetic processors: time of x units. */
typedef struct synth {
    int kind;
    double w, X, f;
} synth;

static double synth_time(const synth *s, long x)
{
    double xd = (double)x;
    switch (s->kind) {
    case 0: /* constant cycle-time */
        return s->w * xd;
    case 1: /* steep but continuous memory cliff: speed 1/w up to X, falls
               linearly to 1/(f w) over [X, 1.2 X], flat beyond */
    {
        double s0 = 1 / s->w, s1 = 1 / (s->f * s->w), sp;
        if (xd <= s->X)
            sp = s0;
        else if (xd >= 1.2 * s->X)
            sp = s1;
        else
            sp = s0 + (s1 - s0) * (xd - s->X) / (0.2 * s->X);
        return xd / sp;
    }
    case 2: /* cache effect: faster for small sizes, s = 3/w falling to 1/w at X */
    {
        double sp = xd >= s->X ? 1 / s->w : (3 - 2 * xd / s->X) / s->w;
        return xd / sp;
    }
    default: /* step cliff: w doubles (f) above X for all units */
        return (xd <= s->X ? s->w : s->f * s->w) * xd;
    }
}

/* Run DFPA to the end; returns iterations, fills stats. */
static int run_dfpa(int p, const synth *sy, long n, double eps, const double *comm,
                    rm_dfpa_stats *st, long *final_d, double *final_imb)
{
    rm_dfpa_options opt;
    rm_dfpa_options_init(&opt);
    opt.eps = eps;
    opt.comm = comm;
    opt.max_iter = 30;
    rm_dfpa *a;
    rm_error err;
    ck_assert_msg(rm_dfpa_new(p, n, &opt, &a, &err) == RM_OK, "%s", err.msg);
    rm_dfpa_state state = RM_DFPA_RUNNING;
    double times[16];
    while (state == RM_DFPA_RUNNING) {
        const long *d = rm_dfpa_distribution(a);
        long sum = 0;
        for (int i = 0; i < p; i++) {
            times[i] = d[i] > 0 ? synth_time(&sy[i], d[i]) : 0;
            sum += d[i];
        }
        ck_assert_int_eq(sum, n);
        ck_assert_msg(rm_dfpa_step(a, times, NULL, &state, &err) == RM_OK, "%s", err.msg);
    }
    rm_dfpa_stats_get(a, st);
    const long *d = rm_dfpa_distribution(a);
    double tmax = 0, tmin = INFINITY;
    for (int i = 0; i < p; i++) {
        final_d[i] = d[i];
        double v = (comm ? comm[i] : 0) + synth_time(&sy[i], d[i]);
        if (v > tmax)
            tmax = v;
        if (d[i] > 0 && v < tmin)
            tmin = v;
    }
    *final_imb = (tmax - tmin) / tmin;
    /* the predicted times of a measured point are the measured ones */
    double pred[16];
    double pm = rm_dfpa_predict(a, pred);
    ck_assert_double_eq_tol(pm, tmax, 1e-12 * tmax);
    rm_dfpa_free(a);
    return st->iterations;
}

START_TEST(test_dfpa_converges)
{
    const synth sy[4] = {{0, 1.0, 0, 0}, {1, 0.25, 300, 4}, {2, 0.5, 600, 0}, {0, 2.0, 0, 0}};
    int cases[RM_FPM_NCASES] = {0};
    int maxit = 0;
    for (long n = 1000; n <= 16000; n *= 2) {
        rm_dfpa_stats st;
        long d[4];
        double imb;
        int it = run_dfpa(4, sy, n, 0.02, NULL, &st, d, &imb);
        ck_assert_msg(st.state == RM_DFPA_BALANCED, "n=%ld state %d after %d steps", n, st.state,
                      it);
        ck_assert_double_le(imb, 0.02 + 1e-12);
        ck_assert_double_le(st.imbalance, 0.02 + 1e-12);
        /* the measured time is close to the integer optimum of the true functions */
        for (int k = 0; k < RM_FPM_NCASES; k++)
            cases[k] += st.cases[k];
        if (it > maxit)
            maxit = it;
        fprintf(stderr, "DFPA n=%ld: %d iterations, imbalance %.4f, d = %ld %ld %ld %ld, cases %d %d %d %d %d\n",
                n, it, imb, d[0], d[1], d[2], d[3], st.cases[0], st.cases[1], st.cases[2],
                st.cases[3], st.cases[4]);
    }
    ck_assert_int_le(maxit, 10);
    ck_assert_int_gt(cases[RM_FPM_FIRST], 0);
    ck_assert_int_gt(cases[RM_FPM_BELOW], 0);
    ck_assert_int_gt(cases[RM_FPM_ABOVE], 0);
    ck_assert_int_gt(cases[RM_FPM_BETWEEN], 0);
}
END_TEST

START_TEST(test_dfpa_constant_one_step)
{
    /* constant speeds: one measurement fixes the model exactly; the second
       step measures the Boulet et al. 1999 optimum and stops there */
    const synth sy[3] = {{0, 3, 0, 0}, {0, 5, 0, 0}, {0, 8, 0, 0}};
    rm_dfpa_stats st;
    long d[3];
    double imb;
    run_dfpa(3, sy, 79, 0.0, NULL, &st, d, &imb);
    ck_assert_int_eq(d[0], 40);
    ck_assert_int_eq(d[1], 24);
    ck_assert_int_eq(d[2], 15);
    ck_assert_int_eq(st.iterations, 2);
    ck_assert_int_eq(st.state, RM_DFPA_BALANCED);
    /* n = 10: eps = 0 cannot be met, the optimum (5,3,2) is a fixed point */
    run_dfpa(3, sy, 10, 0.0, NULL, &st, d, &imb);
    ck_assert_int_eq(d[0], 5);
    ck_assert_int_eq(d[1], 3);
    ck_assert_int_eq(d[2], 2);
    ck_assert_int_eq(st.state, RM_DFPA_STABLE);
    ck_assert_int_le(st.iterations, 3);
}
END_TEST

START_TEST(test_dfpa_comm_and_step_cliff)
{
    /* with ring communication: constant speeds converge to rm_alloc_affine */
    const synth sy[4] = {{0, 0.02, 0, 0}, {0, 0.01, 0, 0}, {0, 0.04, 0, 0}, {0, 0.02, 0, 0}};
    const double comm[4] = {0.5, 1.0, 0.2, 0.0};
    rm_dfpa_stats st;
    long d[4], da[4];
    double imb;
    run_dfpa(4, sy, 1000, 0.01, comm, &st, d, &imb);
    ck_assert_int_ne(st.state, RM_DFPA_MAX_ITER);
    const double w[4] = {0.02, 0.01, 0.04, 0.02};
    ck_assert_int_eq(rm_alloc_affine(4, w, comm, 0, 1000, da, NULL), RM_OK);
    double Ta = 0, Tf = 0;
    for (int i = 0; i < 4; i++) {
        double va = comm[i] + w[i] * (double)da[i], vf = comm[i] + w[i] * (double)d[i];
        Ta = va > Ta ? va : Ta;
        Tf = vf > Tf ? vf : Tf;
    }
    ck_assert_double_le(Tf, Ta * 1.01);
    /* step cliff (w doubles above X for every unit, iterapp's emulation): 4
       hosts w = (1, 1, 1, 0.5), cliff X = 200 on host 3, n = 1000: the line
       meets the upper branch, 250 each, in a few steps */
    const synth sc[4] = {{0, 1, 0, 0}, {0, 1, 0, 0}, {0, 1, 0, 0}, {3, 0.5, 200, 2}};
    int it = run_dfpa(4, sc, 1000, 0.05, NULL, &st, d, &imb);
    ck_assert_int_eq(st.state, RM_DFPA_BALANCED);
    ck_assert_int_le(it, 5);
    for (int i = 0; i < 4; i++)
        ck_assert_int_eq(d[i], 250);
}
END_TEST

START_TEST(test_dfpa_restart_and_errors)
{
    rm_dfpa_options opt;
    rm_dfpa_options_init(&opt);
    rm_dfpa *a = NULL;
    rm_error err;
    ck_assert_int_eq(rm_dfpa_new(0, 10, &opt, &a, &err), RM_EINPUT);
    ck_assert_ptr_null(a);
    ck_assert_int_eq(rm_dfpa_new(4, 3, &opt, &a, &err), RM_EINPUT);
    opt.eps = -1;
    ck_assert_int_eq(rm_dfpa_new(2, 10, &opt, &a, &err), RM_EINPUT);
    opt.eps = 0.05;
    long bad[2] = {10, 0};
    opt.start = bad;
    opt.min_units = 1; /* a 0-unit start is refused only when min_units > 0 */
    ck_assert_int_eq(rm_dfpa_new(2, 10, &opt, &a, &err), RM_EINPUT);
    ck_assert_ptr_nonnull(strstr(err.msg, "processor 1"));
    opt.min_units = 0;
    long good[2] = {3, 7};
    opt.start = good;
    ck_assert_int_eq(rm_dfpa_new(2, 10, &opt, &a, &err), RM_OK);
    ck_assert_int_eq(rm_dfpa_distribution(a)[1], 7);
    ck_assert(isnan(rm_dfpa_predict(a, NULL)));
    double tbad[2] = {1.0, NAN};
    ck_assert_int_eq(rm_dfpa_step(a, tbad, NULL, NULL, &err), RM_EINPUT);
    ck_assert_ptr_nonnull(strstr(err.msg, "processor 1"));
    rm_dfpa_stats st;
    rm_dfpa_stats_get(a, &st);
    ck_assert_int_eq(st.iterations, 0);
    ck_assert_int_eq(rm_dfpa_model(a, 0)->n, 0);
    /* measured: P0 3 units in 3 s, P1 7 units in 7 s -> equal speeds -> (5, 5) */
    double t1[2] = {3.0, 7.0};
    long next[2];
    rm_dfpa_state state;
    ck_assert_int_eq(rm_dfpa_step(a, t1, next, &state, &err), RM_OK);
    ck_assert_int_eq(state, RM_DFPA_RUNNING);
    ck_assert_int_eq(next[0], 5);
    ck_assert_int_eq(next[1], 5);
    double t2[2] = {5.0, 5.0};
    ck_assert_int_eq(rm_dfpa_step(a, t2, next, &state, &err), RM_OK);
    ck_assert_int_eq(state, RM_DFPA_BALANCED);
    /* a load change: P1 now 4 times slower; restart from the current
       distribution, one constant-model step moves units to P0 */
    ck_assert_int_eq(rm_dfpa_restart(a, NULL, NULL, &err), RM_OK);
    rm_dfpa_stats_get(a, &st);
    ck_assert_int_eq(st.iterations, 0);
    ck_assert_int_eq(st.state, RM_DFPA_RUNNING);
    ck_assert_int_eq(rm_dfpa_model(a, 1)->n, 0);
    double t3[2] = {5.0, 20.0};
    ck_assert_int_eq(rm_dfpa_step(a, t3, next, &state, &err), RM_OK);
    ck_assert_int_eq(next[0], 8);
    ck_assert_int_eq(next[1], 2);
    long rs[2] = {1, 8};
    ck_assert_int_eq(rm_dfpa_restart(a, rs, NULL, &err), RM_EINPUT);
    double cb[2] = {0, -1};
    ck_assert_int_eq(rm_dfpa_restart(a, NULL, cb, &err), RM_EINPUT);
    rm_dfpa_free(a);
    /* partition errors */
    rm_fpm m[2];
    rm_fpm_init(&m[0]);
    rm_fpm_init(&m[1]);
    long d[2];
    ck_assert_int_eq(rm_fpm_partition(2, m, NULL, 10, 0, d, NULL, &err), RM_EINPUT);
    ck_assert_ptr_nonnull(strstr(err.msg, "processor 0"));
    rm_fpm_add(&m[0], 1, 1, NULL, NULL);
    rm_fpm_add(&m[1], 1, 1, NULL, NULL);
    ck_assert_int_eq(rm_fpm_partition(2, m, NULL, 10, 6, d, NULL, &err), RM_EINPUT);
    ck_assert_int_eq(rm_fpm_partition(2, m, NULL, -1, 0, d, NULL, &err), RM_EINPUT);
    double cbad[2] = {INFINITY, 0};
    ck_assert_int_eq(rm_fpm_partition(2, m, cbad, 10, 0, d, NULL, &err), RM_EINPUT);
    double x[2];
    ck_assert_int_eq(rm_fpm_partition_real(2, m, NULL, 0, x, NULL, &err), RM_EINPUT);
    ck_assert_int_eq(rm_fpm_partition(2, m, NULL, 0, 0, d, NULL, &err), RM_OK);
    ck_assert_int_eq(d[0] + d[1], 0);
    ck_assert(isnan(rm_fpm_step_time(0, m, NULL, d, NULL)));
    rm_fpm_destroy(&m[0]);
    rm_fpm_destroy(&m[1]);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("balance");
    TCase *tc = tcase_create("balance");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_insertion_cases);
    tcase_add_test(tc, test_constant_table3);
    tcase_add_test(tc, test_constant_oracles);
    tcase_add_test(tc, test_constant_cross_alloc);
    tcase_add_test(tc, test_cliff_hand_solved);
    tcase_add_test(tc, test_cliff_step);
    tcase_add_test(tc, test_partition_brute_force);
    tcase_add_test(tc, test_partition_extreme_sizes);
    tcase_add_test(tc, test_ring_comm);
    tcase_add_test(tc, test_dfpa_converges);
    tcase_add_test(tc, test_dfpa_constant_one_step);
    tcase_add_test(tc, test_dfpa_comm_and_step_cliff);
    tcase_add_test(tc, test_dfpa_restart_and_errors);
    suite_add_tcase(s, tc);
    return rmt_run_suite(s);
}
