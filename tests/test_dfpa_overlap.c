/*
 * test_dfpa_overlap.c — DFPA (Lastovetsky and Reddy §2) under the overlap
 * model of communication and computation (Weissman 1995 §4.1.2, Eq. 4.10,
 * with a boundary part that cannot overlap; docs/balance.md, "DFPA under
 * overlap"): a position's step is max(t - b, comm) + b, not comm + t.
 *  - hand-solved 2- and 3-host instances with constant speeds: the rational
 *    partition gives rm_balance_overlap's alphas, DFPA reaches the integer
 *    optimum (which is those alphas in units) and its time;
 *  - the absolute boundary (B units per step, iterapp's 2 columns), hand-solved;
 *  - speed functions that are not constant: DFPA ends with times equal within
 *    its eps, at the exhaustive integer optimum of the true functions within eps;
 *  - a host whose communication exceeds any computation: T is its
 *    communication, DFPA stops at once there, the shares are
 *    rm_balance_overlap's;
 *  - integer units: rm_fpm_partition_overlap against every distribution of
 *    small random instances, against rm_alloc_columns_model for constant
 *    speeds, and F = 1 equals the additive partition bit for bit;
 *  - a mapping of the overlap model (boundary fraction or absolute boundary)
 *    seeds DFPA under it (rm_mapping_dfpa), and
 *    so does its JSON read back (rm_mapping_doc_units, rm_mapping_doc_dfpa);
 *  - rm_dfpa_set_comm: new communication times, the models kept;
 *  - the checks: a boundary without overlap, a bad fraction, refused.
 */
#define _POSIX_C_SOURCE 200809L /* mkstemp, fdopen */
#include "ringmap.h"

#include "support.h"

#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define NEAR(a, b, tol) (fabs((double)(a) - (double)(b)) <= (tol) * (1.0 + fabs((double)(b))))

static unsigned long long seed = 0x26d26d26dULL;

/* A constant model: one point (1, w) — t(x) = x w. */
static void constant_models(int p, const double *w, double unit, rm_fpm *m)
{
    rm_error err;
    for (int i = 0; i < p; i++) {
        rm_fpm_init(&m[i]);
        ck_assert_int_eq(rm_fpm_add(&m[i], 1.0, w[i] * unit, NULL, &err), RM_OK);
    }
}

static void free_models(int p, rm_fpm *m)
{
    for (int i = 0; i < p; i++)
        rm_fpm_destroy(&m[i]);
}

/* A synthetic processor: the computation time of x units. */
typedef double (*time_fn)(int i, long x);

static const double *g_w;
static double g_unit;
static double const_time(int i, long x)
{
    return (double)x * g_w[i] * g_unit;
}

/* Drive DFPA until it is done; *iters gets its steps. */
static rm_dfpa_state drive(rm_dfpa *a, int p, time_fn f, int *iters)
{
    rm_error err = {RM_OK, ""};
    rm_dfpa_state st = RM_DFPA_RUNNING;
    double t[16];
    int it = 0;
    while (st == RM_DFPA_RUNNING) {
        const long *d = rm_dfpa_distribution(a);
        for (int i = 0; i < p; i++)
            t[i] = d[i] > 0 ? f(i, d[i]) : 0.0;
        ck_assert_msg(rm_dfpa_step(a, t, NULL, &st, &err) == RM_OK, "%s", err.msg);
        it++;
    }
    if (iters)
        *iters = it;
    return st;
}

static rm_dfpa *new_overlap(int p, long n, const double *comm, double F, double B, double eps,
                            long min_units)
{
    rm_dfpa_options o;
    rm_dfpa_options_init(&o);
    o.comm = comm;
    o.overlap = 1;
    o.overlap_boundary = F;
    o.overlap_boundary_units = B;
    o.eps = eps;
    o.min_units = min_units;
    rm_dfpa *a = NULL;
    rm_error err = {RM_OK, ""};
    ck_assert_msg(rm_dfpa_new(p, n, &o, &a, &err) == RM_OK, "%s", err.msg);
    return a;
}

START_TEST(test_two_hosts)
{
    /* docs/model.md's hand-solved instance: w (1, 1), d (0.1, 0.4), F = 1/2:
       T = 0.6, alpha (0.6, 0.4) (additive: T = 0.75, alpha (0.65, 0.35)).
       In n = 10 units of 0.1 s: (6, 4), both at 0.6 s. */
    const double w[2] = {1, 1}, comm[2] = {0.1, 0.4};
    rm_fpm m[2];
    constant_models(2, w, 0.1, m);
    double x[2], T, alpha[2];
    rm_error err = {RM_OK, ""};
    ck_assert_int_eq(rm_fpm_partition_real_overlap(2, m, comm, 0.5, 0, 10, x, &T, &err), RM_OK);
    double Tb = rm_balance_overlap(2, w, comm, 1.0, 0.5, alpha);
    ck_assert_msg(NEAR(T, 0.6, 1e-14) && NEAR(Tb, 0.6, 1e-15), "T %.17g", T);
    ck_assert_msg(NEAR(x[0] / 10, alpha[0], 1e-14) && NEAR(x[1] / 10, alpha[1], 1e-14),
                  "x %.17g %.17g", x[0], x[1]);
    ck_assert(NEAR(x[0], 6, 1e-13) && NEAR(x[1], 4, 1e-13));
    /* the additive partition of the same numbers: T = 0.75 */
    ck_assert_int_eq(rm_fpm_partition_real(2, m, comm, 10, x, &T, &err), RM_OK);
    ck_assert_msg(NEAR(T, 0.75, 1e-14) && NEAR(x[0], 6.5, 1e-13), "T %.17g", T);
    long d[2];
    ck_assert_int_eq(rm_fpm_partition_overlap(2, m, comm, 0.5, 0, 10, 0, d, &T, &err), RM_OK);
    ck_assert_msg(d[0] == 6 && d[1] == 4 && NEAR(T, 0.6, 1e-15), "%ld %ld %g", d[0], d[1], T);
    /* DFPA from (5, 5): host 1 at max(0.5, 0.4 + 0.25) = 0.65, host 0 at
       0.5; one repartition to (6, 4), balanced */
    g_w = w;
    g_unit = 0.1;
    rm_dfpa *a = new_overlap(2, 10, comm, 0.5, 0, 1e-9, 0);
    int it;
    ck_assert_int_eq(drive(a, 2, const_time, &it), RM_DFPA_BALANCED);
    const long *r = rm_dfpa_distribution(a);
    ck_assert_msg(r[0] == 6 && r[1] == 4 && it == 2, "%ld %ld after %d", r[0], r[1], it);
    rm_dfpa_stats s;
    rm_dfpa_stats_get(a, &s);
    ck_assert_msg(NEAR(s.t_max, 0.6, 1e-15) && s.imbalance < 1e-12, "%.17g", s.t_max);
    double pt[2];
    ck_assert(NEAR(rm_dfpa_predict(a, pt), 0.6, 1e-15) && NEAR(pt[1], 0.6, 1e-15));
    rm_dfpa_free(a);
    /* the additive DFPA on the same hosts ends elsewhere: (7, 3) or (6, 4)
       at comm + t, 0.8 (0.1 + 0.7) or 0.8 (0.4 + 0.4) */
    rm_dfpa_options o;
    rm_dfpa_options_init(&o);
    o.comm = comm;
    o.eps = 1e-9;
    ck_assert_int_eq(rm_dfpa_new(2, 10, &o, &a, &err), RM_OK);
    drive(a, 2, const_time, NULL);
    rm_dfpa_stats_get(a, &s);
    ck_assert_msg(NEAR(s.t_max, 0.8, 1e-15), "additive %.17g", s.t_max);
    rm_dfpa_free(a);
    free_models(2, m);
}
END_TEST

START_TEST(test_set_comm)
{
    /* rm_dfpa_set_comm replaces the communication and keeps the models
       (iterapp's measured communication, docs/balance.md): the 2-host
       instance at (6, 4), T = 0.6; with comm (0.1, 0.1) the same models
       predict (0.6, 0.4) at once, and one more step gives (5, 5) at 0.5,
       max(t, 0.1 + t/2) = t for both */
    const double w[2] = {1, 1}, comm[2] = {0.1, 0.4}, c2[2] = {0.1, 0.1}, bad[2] = {0.1, NAN};
    g_w = w;
    g_unit = 0.1;
    rm_dfpa *a = new_overlap(2, 10, comm, 0.5, 0, 1e-9, 0);
    ck_assert_int_eq(drive(a, 2, const_time, NULL), RM_DFPA_BALANCED);
    rm_error err = {RM_OK, ""};
    ck_assert_int_eq(rm_dfpa_set_comm(a, NULL, &err), RM_EINVAL);
    ck_assert_int_eq(rm_dfpa_set_comm(NULL, c2, &err), RM_EINVAL);
    ck_assert_int_eq(rm_dfpa_set_comm(a, bad, &err), RM_EINPUT);
    ck_assert_msg(strstr(err.msg, "comm[1]"), "%s", err.msg);
    double pt[2];
    ck_assert(NEAR(rm_dfpa_predict(a, pt), 0.6, 1e-15) && NEAR(pt[1], 0.6, 1e-15));
    ck_assert_int_eq(rm_dfpa_set_comm(a, c2, &err), RM_OK);
    ck_assert_msg(NEAR(rm_dfpa_predict(a, pt), 0.6, 1e-15) && NEAR(pt[1], 0.4, 1e-15),
                  "%.17g %.17g", pt[0], pt[1]);
    rm_dfpa_stats s;
    rm_dfpa_stats_get(a, &s);
    ck_assert_int_eq(s.state, RM_DFPA_BALANCED);
    const long *d = rm_dfpa_distribution(a);
    double t[2] = {const_time(0, d[0]), const_time(1, d[1])};
    long next[2];
    rm_dfpa_state st;
    ck_assert_int_eq(rm_dfpa_step(a, t, next, &st, &err), RM_OK);
    ck_assert_msg(st == RM_DFPA_RUNNING && next[0] == 5 && next[1] == 5, "%d: %ld %ld", st,
                  next[0], next[1]);
    ck_assert_int_eq(drive(a, 2, const_time, NULL), RM_DFPA_BALANCED);
    rm_dfpa_stats_get(a, &s);
    ck_assert_msg(NEAR(s.t_max, 0.5, 1e-15), "%.17g", s.t_max);
    rm_dfpa_free(a);
}
END_TEST

START_TEST(test_three_hosts)
{
    /* F = 1/4, w (1, 2, 4), d (0.3, 0.6, 0.1) (tests/test_overlap.c):
       T = 44/65, alpha (44, 10, 11)/65 — exactly (44, 10, 11) of 65 units. */
    const double w[3] = {1, 2, 4}, comm[3] = {0.3, 0.6, 0.1};
    rm_fpm m[3];
    constant_models(3, w, 1.0 / 65, m);
    double x[3], T, alpha[3];
    rm_error err = {RM_OK, ""};
    ck_assert_int_eq(rm_fpm_partition_real_overlap(3, m, comm, 0.25, 0, 65, x, &T, &err), RM_OK);
    rm_balance_overlap(3, w, comm, 1.0, 0.25, alpha);
    ck_assert_msg(NEAR(T, 44.0 / 65, 1e-14), "T %.17g", T);
    for (int i = 0; i < 3; i++)
        ck_assert_msg(NEAR(x[i] / 65, alpha[i], 1e-13), "%d: %.17g %.17g", i, x[i] / 65,
                      alpha[i]);
    ck_assert(NEAR(x[0], 44, 1e-12) && NEAR(x[1], 10, 1e-12) && NEAR(x[2], 11, 1e-12));
    g_w = w;
    g_unit = 1.0 / 65;
    rm_dfpa *a = new_overlap(3, 65, comm, 0.25, 0, 1e-9, 0);
    ck_assert_int_eq(drive(a, 3, const_time, NULL), RM_DFPA_BALANCED);
    const long *r = rm_dfpa_distribution(a);
    ck_assert_msg(r[0] == 44 && r[1] == 10 && r[2] == 11, "%ld %ld %ld", r[0], r[1], r[2]);
    rm_dfpa_stats s;
    rm_dfpa_stats_get(a, &s);
    ck_assert_msg(NEAR(s.t_max, 44.0 / 65, 1e-14), "%.17g", s.t_max);
    rm_dfpa_free(a);
    free_models(3, m);
}
END_TEST

START_TEST(test_boundary_units)
{
    /* w (1, 1) in 20 units of 0.05 s, comm (0.1, 0.4), F = 1/2 and B = 2
       units (0.1 s) that cannot overlap: H_1(x) = max(0.05 x, 0.5 + 0.025 x),
       H_0(x) = max(0.05 x, 0.2 + 0.025 x). Rational: 0.05 x_0 = 0.5 +
       0.025 (20 - x_0): x = (40/3, 20/3), T = 2/3. Integer: (13, 7) at
       max(0.65, 0.675) = 0.675 ((14, 6): 0.7). */
    const double w[2] = {1, 1}, comm[2] = {0.1, 0.4};
    rm_fpm m[2];
    constant_models(2, w, 0.05, m);
    double x[2], T;
    rm_error err = {RM_OK, ""};
    ck_assert_int_eq(rm_fpm_partition_real_overlap(2, m, comm, 0.5, 2, 20, x, &T, &err), RM_OK);
    ck_assert_msg(NEAR(T, 2.0 / 3, 1e-14) && NEAR(x[0], 40.0 / 3, 1e-13), "T %.17g x0 %.17g",
                  T, x[0]);
    ck_assert(NEAR(rm_fpm_host_time_overlap(&m[1], 7, 0.4, 0.5, 2), 0.675, 1e-15));
    ck_assert(NEAR(rm_fpm_host_time_overlap(&m[1], 1, 0.4, 0.5, 2), 0.45, 1e-15)); /* x < B */
    ck_assert(rm_fpm_host_time_overlap(&m[1], 0, 0.4, 0.5, 2) == 0.4);
    g_w = w;
    g_unit = 0.05;
    rm_dfpa *a = new_overlap(2, 20, comm, 0.5, 2, 0.0, 1);
    ck_assert_int_eq(drive(a, 2, const_time, NULL), RM_DFPA_STABLE);
    const long *r = rm_dfpa_distribution(a);
    ck_assert_msg(r[0] == 13 && r[1] == 7, "%ld %ld", r[0], r[1]);
    double pt[2];
    ck_assert(NEAR(rm_dfpa_predict(a, pt), 0.675, 1e-15) && NEAR(pt[0], 0.65, 1e-15));
    rm_dfpa_free(a);
    free_models(2, m);
}
END_TEST

/* Speed functions that are not constant: position 0 pages above 18 % of the work
   (each unit then costs 3 times more), position 1 gets faster with size
   (t = 0.6 x^0.9), position 2 is slow and superlinear. */
#define CURVE_N 600
static double curve_time(int i, long x)
{
    double u = (double)x * 60.0 / CURVE_N; /* 60 units of a tenth */
    switch (i) {
    case 0: return u <= 18 ? 0.01 * u : 0.18 + 0.03 * (u - 18);
    case 1: return 0.006 * pow(u, 0.9);
    default: return 0.02 * u * (1 + u / 40);
    }
}

START_TEST(test_speed_functions)
{
    const double comm[3] = {0.05, 0.30, 0.10};
    const long n = CURVE_N;
    const double F = 0.2, B = 2, eps = 0.03;
    /* the exhaustive integer optimum of the true functions */
    double best = INFINITY;
    for (long a0 = 1; a0 <= n - 2; a0++)
        for (long a1 = 1; a0 + a1 <= n - 1; a1++) {
            long d[3] = {a0, a1, n - a0 - a1};
            double T = 0;
            for (int i = 0; i < 3; i++) {
                double t = curve_time(i, d[i]), b = F * t + curve_time(i, d[i] < 2 ? d[i] : 2);
                b = b > t ? t : b;
                double h = fmax(t, comm[i] + b);
                T = fmax(T, h);
            }
            best = fmin(best, T);
        }
    rm_dfpa *a = new_overlap(3, n, comm, F, B, eps, 1);
    int it;
    rm_dfpa_state st = drive(a, 3, curve_time, &it);
    rm_dfpa_stats s;
    rm_dfpa_stats_get(a, &s);
    const long *r = rm_dfpa_distribution(a);
    ck_assert_msg(st == RM_DFPA_BALANCED && s.imbalance <= eps && it <= 8,
                  "state %d, imbalance %g after %d: %ld %ld %ld", st, s.imbalance, it, r[0], r[1],
                  r[2]);
    /* equal times within eps, the true host times of the final distribution */
    double H[3], hmax = 0, hmin = INFINITY;
    for (int i = 0; i < 3; i++) {
        double t = curve_time(i, r[i]);
        double b = fmin(t, F * t + curve_time(i, r[i] < 2 ? r[i] : 2));
        H[i] = fmax(t, comm[i] + b);
        hmax = fmax(hmax, H[i]);
        hmin = fmin(hmin, H[i]);
    }
    ck_assert_msg((hmax - hmin) / hmin <= eps, "times %g %g %g", H[0], H[1], H[2]);
    ck_assert_msg(NEAR(s.t_max, hmax, 1e-15), "%.17g %.17g", s.t_max, hmax);
    ck_assert_msg(hmax <= best * (1 + eps) && hmax >= best, "%.17g vs optimum %.17g", hmax,
                  best);
    /* it moved work onto position 1 (slow link, its computation covers it
       up to ~0.3 s) and off the paging position 0 */
    /* the additive DFPA (comm + t) on the same processors gives position 1,
       whose slow link it cannot hide behind computation, less work, and
       runs slower under overlap (measured: (240, 242, 118) at 0.360 s
       against (228, 249, 123) at 0.324 s) */
    rm_dfpa_options o;
    rm_dfpa_options_init(&o);
    o.comm = comm;
    o.eps = eps;
    o.min_units = 1;
    rm_dfpa *b = NULL;
    rm_error err = {RM_OK, ""};
    ck_assert_int_eq(rm_dfpa_new(3, n, &o, &b, &err), RM_OK);
    drive(b, 3, curve_time, NULL);
    const long *ra = rm_dfpa_distribution(b);
    double Ha = 0;
    for (int i = 0; i < 3; i++) {
        double t = curve_time(i, ra[i]);
        Ha = fmax(Ha, fmax(t, comm[i] + fmin(t, F * t + curve_time(i, ra[i] < 2 ? ra[i] : 2))));
    }
    ck_assert_msg(ra[1] < r[1] && Ha > hmax * 1.05, "additive %ld %ld %ld: %g vs %g", ra[0],
                  ra[1], ra[2], Ha, hmax);
    rm_dfpa_free(b);
    rm_dfpa_free(a);
}
END_TEST

START_TEST(test_comm_dominates)
{
    /* position 2's communication (5 s) exceeds any computation (all 30 units
       on it: 4 s): T = 5 whatever the shares. The rational shares are
       rm_balance_overlap's (each the same fraction of what it can take
       within 5 s); the integer greedy leaves position 2 without work, DFPA
       stops as soon as the slowest time is that floor. */
    const double w[3] = {1, 2, 4}, comm[3] = {0.05, 0.05, 5.0};
    rm_fpm m[3];
    constant_models(3, w, 1.0 / 30, m);
    double x[3], T, alpha[3];
    rm_error err = {RM_OK, ""};
    ck_assert_int_eq(rm_fpm_partition_real_overlap(3, m, comm, 0.1, 0, 30, x, &T, &err), RM_OK);
    double Tb = rm_balance_overlap(3, w, comm, 1.0, 0.1, alpha);
    ck_assert_msg(T == 5.0 && Tb == 5.0, "T %.17g %.17g", T, Tb);
    for (int i = 0; i < 3; i++)
        ck_assert_msg(NEAR(x[i] / 30, alpha[i], 1e-14), "%d: %.17g %.17g", i, x[i] / 30,
                      alpha[i]);
    long d[3];
    ck_assert_int_eq(rm_fpm_partition_overlap(3, m, comm, 0.1, 0, 30, 0, d, &T, &err), RM_OK);
    ck_assert_msg(d[0] == 20 && d[1] == 10 && d[2] == 0 && T == 5.0, "%ld %ld %ld %g", d[0],
                  d[1], d[2], T);
    g_w = w;
    g_unit = 1.0 / 30;
    /* eps 0.01: the even start (10, 10, 10) is at 5 + 0.1 * 4/3 = 5.133 */
    rm_dfpa *a = new_overlap(3, 30, comm, 0.1, 0, 0.01, 0);
    ck_assert_int_eq(drive(a, 3, const_time, NULL), RM_DFPA_BALANCED);
    rm_dfpa_stats s;
    rm_dfpa_stats_get(a, &s);
    const long *r = rm_dfpa_distribution(a);
    ck_assert_msg(s.t_max == 5.0 && r[2] == 0, "%.17g: %ld %ld %ld", s.t_max, r[0], r[1], r[2]);
    rm_dfpa_free(a);
    /* eps 0.05: (10, 10, 10) is within 5 % of the floor, balanced at once */
    a = new_overlap(3, 30, comm, 0.1, 0, 0.05, 0);
    int it;
    ck_assert_int_eq(drive(a, 3, const_time, &it), RM_DFPA_BALANCED);
    ck_assert_int_eq(it, 1);
    rm_dfpa_free(a);
    free_models(3, m);
}
END_TEST

/* A random model of 1-3 points. */
static void random_model(rm_fpm *m)
{
    rm_fpm_init(m);
    int k = rmt_rndint(&seed, 1, 3);
    double x = 0;
    for (int j = 0; j < k; j++) {
        x += 1 + (double)rmt_rndint(&seed, 0, 4);
        ck_assert_int_eq(rm_fpm_add(m, x, x * (0.05 + rmt_rnd(&seed)), NULL, NULL), RM_OK);
    }
}

START_TEST(test_units_exhaustive)
{
    for (int it = 0; it < 600; it++) {
        int p = rmt_rndint(&seed, 1, 3);
        long n = rmt_rndint(&seed, 0, 12), mu = rmt_rndint(&seed, 0, 1);
        if ((long)p * mu > n)
            mu = 0;
        rm_fpm m[3];
        double comm[3];
        for (int i = 0; i < p; i++) {
            random_model(&m[i]);
            comm[i] = it % 4 == 0 ? 0.0 : 2.0 * rmt_rnd(&seed);
        }
        double F = it % 3 == 0 ? 0.0 : it % 7 == 0 ? 1.0 : rmt_rnd(&seed);
        double B = it % 2 ? 0.0 : (double)rmt_rndint(&seed, 1, 5) / 2;
        long d[3];
        double T;
        rm_error err = {RM_OK, ""};
        ck_assert_msg(rm_fpm_partition_overlap(p, m, comm, F, B, n, mu, d, &T, &err) == RM_OK,
                      "%s", err.msg);
        long sum = 0;
        for (int i = 0; i < p; i++) {
            ck_assert(d[i] >= mu);
            sum += d[i];
        }
        ck_assert_int_eq(sum, n);
        ck_assert(T == rm_fpm_step_time_overlap(p, m, comm, F, B, d, NULL));
        /* every distribution */
        double best = INFINITY;
        long e[3] = {0, 0, 0};
        for (e[0] = mu; e[0] <= n; e[0]++)
            for (e[1] = p > 1 ? mu : 0; e[1] <= (p > 1 ? n - e[0] : 0); e[1]++) {
                long rest = n - e[0] - e[1];
                if (p == 1 && rest != 0)
                    continue;
                if (p == 2 && rest != 0)
                    continue;
                if (p == 3) {
                    if (rest < mu)
                        continue;
                    e[2] = rest;
                }
                double v = rm_fpm_step_time_overlap(p, m, comm, F, B, e, NULL);
                best = fmin(best, v);
            }
        ck_assert_msg(T == best, "it %d: greedy %.17g, optimum %.17g", it, T, best);
        /* F = 1, B = 0: the additive partition, bit for bit */
        long da[3], df[3];
        double Ta, Tf;
        ck_assert_int_eq(rm_fpm_partition(p, m, comm, n, mu, da, &Ta, &err), RM_OK);
        ck_assert_int_eq(rm_fpm_partition_overlap(p, m, comm, 1.0, 0, n, mu, df, &Tf, &err), RM_OK);
        ck_assert(!memcmp(da, df, sizeof(long) * (size_t)p) && Ta == Tf);
        free_models(p, m);
    }
}
END_TEST

START_TEST(test_units_constant)
{
    /* constant speeds, B = 0: the makespan of rm_alloc_columns_model (the
       same greedy on max(c w/N, dc_dw C + F c w/N)) */
    for (int it = 0; it < 300; it++) {
        int q = rmt_rndint(&seed, 1, 6);
        long N = rmt_rndint(&seed, q, 200);
        double w[6], C[6];
        for (int i = 0; i < q; i++) {
            w[i] = 0.2 + 3 * rmt_rnd(&seed);
            C[i] = rmt_rnd(&seed);
        }
        rm_cost_model cm;
        rm_cost_model_init(&cm);
        cm.dc_dw = 1.0;
        cm.overlap = 1;
        cm.overlap_boundary = it % 3 == 0 ? 0.0 : rmt_rnd(&seed);
        long c[6], d[6];
        rm_error err = {RM_OK, ""};
        ck_assert_int_eq(rm_alloc_columns_model(q, w, C, &cm, N, 1, c, &err), RM_OK);
        rm_fpm m[6];
        constant_models(q, w, 1.0 / (double)N, m);
        double T;
        ck_assert_int_eq(
            rm_fpm_partition_overlap(q, m, C, cm.overlap_boundary, 0, N, 1, d, &T, &err), RM_OK);
        double Tc = 0;
        for (int i = 0; i < q; i++)
            Tc = fmax(Tc, rm_host_time(&cm, (double)c[i] / (double)N, w[i], C[i]));
        ck_assert_msg(NEAR(T, Tc, 1e-13), "it %d: %.17g vs %.17g", it, T, Tc);
        free_models(q, m);
    }
}
END_TEST

START_TEST(test_mapping_dfpa_overlap)
{
    const double w[3] = {1.0, 2.0, 4.0};
    rm_platform *p = rmt_star(3, w, NULL, 10);
    rm_network net;
    rm_error err = {RM_OK, ""};
    ck_assert_int_eq(rm_network_init(&net, p, RM_DUPLEX_HALF, &err), RM_OK);
    rm_options opt;
    rm_options_init(&opt);
    opt.cost.dc_dw = 0.5;
    opt.cost.overlap = 1;
    /* _i = 0: the boundary fraction F = 1/4; 1: the absolute boundary, 2 % of
       the work on every host (8 of the 400 units) */
    if (_i == 0)
        opt.cost.overlap_boundary = 0.25;
    else
        opt.cost.overlap_boundary_dw = 0.02;
    rm_mapping *m = NULL;
    ck_assert_msg(rm_map_network(&net, &opt, &m, &err) == RM_OK, "%s", err.msg);
    ck_assert(m->cost.overlap);
    const long n = 400;
    const double dw = 1.0, dc = 0.5; /* D_c / D_w = 0.5 */
    long u[3];
    rm_dfpa *a = NULL;
    rm_dfpa_options o;
    rm_dfpa_options_init(&o);
    o.eps = 0.01;
    ck_assert_msg(rm_mapping_dfpa(&net, m, n, dc, &o, u, &a, &err) == RM_OK, "%s", err.msg);
    double comm[3];
    ck_assert_int_eq(rm_fpm_ring_comm(&net, m, dc, comm, &err), RM_OK);
    /* the hosts run at their w: one measurement gives exact models, and
       DFPA's step time is the overlap model's (not comm + t) */
    double wq[3], t[3];
    for (int k = 0; k < m->q; k++)
        wq[k] = p->nodes[m->ring[k]].w;
    const long *d = rm_dfpa_distribution(a);
    ck_assert(!memcmp(d, u, sizeof(long) * (size_t)m->q));
    double Hmax = 0, Amax = 0;
    for (int k = 0; k < m->q; k++) {
        t[k] = d[k] > 0 ? (double)d[k] / (double)n * dw * wq[k] : 0;
        double b = _i == 0 ? 0.25 * t[k] : (double)(d[k] < 8 ? d[k] : 8) / (double)n * dw * wq[k];
        Hmax = fmax(Hmax, fmax(t[k], comm[k] + b));
        ck_assert(NEAR(fmax(t[k], comm[k] + b),
                       rm_host_time(&m->cost, (double)d[k] / (double)n, wq[k], comm[k] / dc) * dw,
                       1e-13));
        Amax = fmax(Amax, comm[k] + t[k]);
    }
    rm_dfpa_state st;
    ck_assert_int_eq(rm_dfpa_step(a, t, NULL, &st, &err), RM_OK);
    rm_dfpa_stats s;
    rm_dfpa_stats_get(a, &s);
    ck_assert_msg(NEAR(s.t_max, Hmax, 1e-15) && Hmax < Amax, "%.17g %.17g %.17g", s.t_max,
                  Hmax, Amax);
    /* the mapping's units are already the overlap model's integer optimum */
    ck_assert_msg(NEAR(Hmax, rm_mapping_units_tstep(&net, m, n, u) * dw, 1e-13), "%.17g %.17g",
                  Hmax, rm_mapping_units_tstep(&net, m, n, u));
    ck_assert_msg(st == RM_DFPA_BALANCED || st == RM_DFPA_STABLE, "state %d", st);
    rm_dfpa_free(a);
    /* the same mapping read back from its JSON (params.overlap): the same
       units (the overlap model's, not eq. (1)'s) and DFPA under overlap */
    char path[] = "/tmp/test_dfpa_overlap_XXXXXX";
    int fd = mkstemp(path);
    ck_assert_int_ge(fd, 0);
    FILE *f = fdopen(fd, "w");
    ck_assert_msg(rm_mapping_write_json(f, &net, &opt, m, &err) == RM_OK, "%s", err.msg);
    fclose(f);
    rm_mapping_doc *doc = NULL;
    ck_assert_msg(rm_mapping_read_json(path, &doc, &err) == RM_OK, "%s", err.msg);
    unlink(path);
    ck_assert(doc->cost.overlap && doc->cost.overlap_boundary == m->cost.overlap_boundary &&
              doc->cost.overlap_boundary_dw == m->cost.overlap_boundary_dw);
    long ud[3];
    double tdw;
    ck_assert_msg(rm_mapping_doc_units(doc, n, 0, ud, &tdw, &err) == RM_OK, "%s", err.msg);
    ck_assert(!memcmp(ud, u, sizeof(long) * (size_t)m->q));
    ck_assert_msg(NEAR(tdw, rm_mapping_units_tstep(&net, m, n, u), 1e-13), "%.17g", tdw);
    ck_assert_msg(rm_mapping_doc_dfpa(doc, n, dc, &o, ud, &a, &err) == RM_OK, "%s", err.msg);
    ck_assert_int_eq(rm_dfpa_step(a, t, NULL, &st, &err), RM_OK);
    rm_dfpa_stats_get(a, &s);
    ck_assert_msg(NEAR(s.t_max, Hmax, 1e-13), "doc %.17g %.17g", s.t_max, Hmax);
    rm_dfpa_free(a);
    rm_mapping_doc_free(doc);
    rm_mapping_free(m);
    rm_network_destroy(&net);
    rm_platform_free(p);
}
END_TEST

START_TEST(test_checks)
{
    rm_dfpa_options o;
    rm_dfpa_options_init(&o);
    ck_assert(o.overlap == 0 && o.overlap_boundary == 0.0 && o.overlap_boundary_units == 0.0);
    rm_dfpa *a = NULL;
    rm_error err = {RM_OK, ""};
    o.overlap_boundary = 0.5; /* without overlap */
    ck_assert_int_eq(rm_dfpa_new(2, 10, &o, &a, &err), RM_EINPUT);
    ck_assert_msg(strstr(err.msg, "need overlap on"), "%s", err.msg);
    ck_assert_ptr_null(a);
    o.overlap = 1;
    const double bad[] = {-0.1, 1.5, NAN, INFINITY};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        o.overlap_boundary = bad[i];
        ck_assert_int_eq(rm_dfpa_new(2, 10, &o, &a, &err), RM_EINPUT);
        ck_assert_msg(strstr(err.msg, "overlap_boundary"), "%s", err.msg);
    }
    o.overlap_boundary = 0.5;
    o.overlap_boundary_units = -1;
    ck_assert_int_eq(rm_dfpa_new(2, 10, &o, &a, &err), RM_EINPUT);
    o.overlap_boundary_units = 2;
    ck_assert_int_eq(rm_dfpa_new(2, 10, &o, &a, &err), RM_OK);
    rm_dfpa_free(a);
    rm_fpm m[1];
    const double w[1] = {1};
    constant_models(1, w, 1, m);
    long d[1];
    double x[1];
    ck_assert_int_eq(rm_fpm_partition_overlap(1, m, NULL, 2.0, 0, 5, 0, d, NULL, &err),
                     RM_EINPUT);
    ck_assert_int_eq(rm_fpm_partition_real_overlap(1, m, NULL, 0, NAN, 5, x, NULL, &err),
                     RM_EINPUT);
    ck_assert(isnan(rm_fpm_host_time_overlap(m, 1, 0, -1, 0)));
    ck_assert(isnan(rm_fpm_step_time_overlap(1, m, NULL, 0, -1, d, NULL)));
    free_models(1, m);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("dfpa_overlap");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_two_hosts);
    tcase_add_test(tc, test_three_hosts);
    tcase_add_test(tc, test_set_comm);
    tcase_add_test(tc, test_boundary_units);
    tcase_add_test(tc, test_speed_functions);
    tcase_add_test(tc, test_comm_dominates);
    tcase_add_test(tc, test_units_exhaustive);
    tcase_add_test(tc, test_units_constant);
    tcase_add_loop_test(tc, test_mapping_dfpa_overlap, 0, 2);
    tcase_add_test(tc, test_checks);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return rmt_run_suite(suite());
}
