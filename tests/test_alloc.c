/*
 * test_alloc.c — the optimal integer allocation of B work units (include/ringmap/alloc.h)
 * against every published allocation (docs/sources.md, "Oracles": Boulet et al. 1999 Tables
 * 1-6, Lemma 1, the LU example, perfect balance; Casanova, ICS 632) and against brute force.
 */
#include "ringmap/alloc.h"

#include "support.h"

#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ringmap.h"

static const double T358[3] = {3, 5, 8};
static const double T8[8] = {11, 26, 33, 33, 38, 40, 528, 530};

/* Brute force: least makespan max_i (o_i + t_i c_i) over every c >= min with
 * sum c = B (small n and B only). */
static double brute_rec(int n, const double *t, const double *o, long min, long left, int i,
                        double cur)
{
    if (i == n - 1) {
        if (left < min)
            return INFINITY;
        double v = (o ? o[i] : 0) + t[i] * (double)left;
        return v > cur ? v : cur;
    }
    double best = INFINITY;
    for (long ci = min; ci <= left; ci++) {
        double v = (o ? o[i] : 0) + t[i] * (double)ci;
        double r = brute_rec(n, t, o, min, left - ci, i + 1, v > cur ? v : cur);
        if (r < best)
            best = r;
    }
    return best;
}

static double makespan_affine(int n, const double *t, const double *o, const long *c)
{
    double m = 0;
    for (int i = 0; i < n; i++) {
        double v = (o ? o[i] : 0) + t[i] * (double)c[i];
        if (v > m)
            m = v;
    }
    return m;
}

/* Simple deterministic generator (no global state). */
static double rnd(unsigned *s)
{
    *s = *s * 1103515245u + 12345u;
    return (double)((*s >> 8) & 0xffff) / 65536.0;
}

/* --------------------------------------------------- Boulet et al. 1999, Table 3 */

START_TEST(test_table3_per_B)
{
    static const long expect[10][3] = {{1, 0, 0}, {1, 1, 0}, {2, 1, 0}, {2, 1, 1}, {3, 1, 1},
                                       {3, 2, 1}, {4, 2, 1}, {5, 2, 1}, {5, 3, 1}, {5, 3, 2}};
    static const double cost[10] = {3, 2.5, 2, 2, 1.8, 10.0 / 6, 12.0 / 7, 15.0 / 8,
                                    15.0 / 9, 1.6};
    /* printed (rounded) costs of Table 3 */
    static const double printed[10] = {3, 2.5, 2, 2, 1.8, 1.67, 1.71, 1.87, 1.67, 1.6};
    for (long B = 1; B <= 10; B++) {
        long c[3], c2[3];
        ck_assert_int_eq(rm_alloc_units(3, T358, B, c, NULL), RM_OK);
        ck_assert_int_eq(rm_alloc_units_order(3, T358, B, c2, NULL, NULL), RM_OK);
        for (int i = 0; i < 3; i++) {
            ck_assert_int_eq(c[i], expect[B - 1][i]);
            ck_assert_int_eq(c2[i], expect[B - 1][i]);
        }
        ck_assert_double_eq_tol(rm_alloc_cost(3, T358, c), cost[B - 1], 1e-12);
        ck_assert_double_eq_tol(rm_alloc_cost(3, T358, c), printed[B - 1], 0.006);
        ck_assert_int_eq(rm_alloc_certificate(3, T358, c, 0), 1);
        ck_assert_int_eq(rm_alloc_is_optimal(3, T358, c, 0), 1);
        ck_assert_double_eq(rm_alloc_makespan(3, T358, c),
                            brute_rec(3, T358, NULL, 0, B, 0, 0));
    }
    /* the cost is not monotone in B (Boulet et al. 1999: "not a decreasing function") */
    long c6[3], c8[3];
    rm_alloc_units(3, T358, 6, c6, NULL);
    rm_alloc_units(3, T358, 8, c8, NULL);
    ck_assert(rm_alloc_cost(3, T358, c8) > rm_alloc_cost(3, T358, c6));
}
END_TEST

/* ------------------------------------ Boulet et al. 1999 Table 5, Casanova, ICS 632; LU order */

START_TEST(test_order_of_units)
{
    static const int fwd[10] = {1, 2, 1, 3, 1, 2, 1, 1, 2, 3};     /* P1 P2 P1 P3 ... */
    static const int rev[10] = {3, 2, 1, 1, 2, 1, 3, 1, 2, 1};     /* LU: reversed */
    int order[10];
    long c[3];
    ck_assert_int_eq(rm_alloc_units_order(3, T358, 10, c, order, NULL), RM_OK);
    for (int s = 0; s < 10; s++)
        ck_assert_int_eq(order[s] + 1, fwd[s]);
    ck_assert_int_eq(c[0], 5);
    ck_assert_int_eq(c[1], 3);
    ck_assert_int_eq(c[2], 2);
    rm_alloc_reverse(10, order);
    for (int s = 0; s < 10; s++)
        ck_assert_int_eq(order[s] + 1, rev[s]);
    /* LU property: after consuming the s leftmost units of the reversed slice,
     * the remaining ones form the optimal allocation for 10 - s units */
    for (int s = 0; s < 10; s++) {
        long rem[3] = {0, 0, 0}, opt[3];
        for (int k = s; k < 10; k++)
            rem[order[k]]++;
        rm_alloc_units(3, T358, 10 - s, opt, NULL);
        for (int i = 0; i < 3; i++)
            ck_assert_int_eq(rem[i], opt[i]);
    }
}
END_TEST

/* ------------------------------------------- naive rounding, B = 9 */

START_TEST(test_naive_rounding_B9)
{
    long naive[3], opt[3];
    ck_assert_int_eq(rm_alloc_round_shares(3, T358, 9, naive, NULL), RM_OK);
    ck_assert_int_eq(naive[0], 4);
    ck_assert_int_eq(naive[1], 3);
    ck_assert_int_eq(naive[2], 2);
    ck_assert_double_eq_tol(rm_alloc_cost(3, T358, naive), 16.0 / 9, 1e-12);
    ck_assert_double_eq_tol(rm_alloc_cost(3, T358, naive), 1.78, 0.005);
    ck_assert_int_eq(rm_alloc_certificate(3, T358, naive, 0), 0);
    ck_assert_int_eq(rm_alloc_is_optimal(3, T358, naive, 0), 0);
    ck_assert_int_eq(rm_alloc_units(3, T358, 9, opt, NULL), RM_OK);
    ck_assert_int_eq(opt[0], 5);
    ck_assert_int_eq(opt[1], 3);
    ck_assert_int_eq(opt[2], 1);
    ck_assert_double_eq_tol(rm_alloc_cost(3, T358, opt), 15.0 / 9, 1e-12);
    ck_assert_double_eq_tol(rm_alloc_cost(3, T358, opt), 1.67, 0.005);
}
END_TEST

/* ------------------------------------------- perfect balance, Tables 1-2 */

START_TEST(test_perfect_balance)
{
    long c[8];
    ck_assert_int_eq(rm_alloc_units(3, T358, 79, c, NULL), RM_OK);
    ck_assert_int_eq(c[0], 40);
    ck_assert_int_eq(c[1], 24);
    ck_assert_int_eq(c[2], 15);
    ck_assert_double_eq_tol(rm_alloc_cost(3, T358, c), 120.0 / 79, 1e-12);
    ck_assert_double_eq_tol(rm_alloc_cost(3, T358, c), 1.519, 0.0005);
    /* every processor finishes at lcm = 120 */
    for (int i = 0; i < 3; i++)
        ck_assert_double_eq(T358[i] * (double)c[i], 120.0);

    static const long big[8] = {3141840, 1329240, 1047280, 1047280,
                                909480,  864006,  65455,   65208};
    const long C = 8469789, L = 34560240;
    ck_assert_int_eq(rm_alloc_units(8, T8, C, c, NULL), RM_OK);
    long sum = 0;
    for (int i = 0; i < 8; i++) {
        ck_assert_int_eq(c[i], big[i]);
        ck_assert_double_eq(T8[i] * (double)c[i], (double)L);
        sum += c[i];
    }
    ck_assert_int_eq(sum, C);
    ck_assert_double_eq_tol(rm_alloc_cost(8, T8, c), (double)L / (double)C, 1e-12);
    ck_assert_double_eq_tol(rm_alloc_cost(8, T8, c), 4.08, 0.005);
    ck_assert_int_eq(rm_alloc_certificate(8, T8, c, 0), 1);
    /* the unit-by-unit replay (8.5 million steps) agrees */
    long c2[8];
    ck_assert_int_eq(rm_alloc_units_order(8, T8, C, c2, NULL, NULL), RM_OK);
    for (int i = 0; i < 8; i++)
        ck_assert_int_eq(c2[i], big[i]);
}
END_TEST

/* ----------------------------------------------- Boulet et al. 1999, Table 4 */

START_TEST(test_table4_best_upto)
{
    static const long u[4] = {25, 50, 100, 150};
    static const long panel[4] = {18, 39, 87, 139};
    static const double cost[4] = {4.44, 4.23, 4.18, 4.12};
    static const long expect[4][8] = {{7, 3, 2, 2, 2, 2, 0, 0},
                                      {15, 6, 5, 5, 4, 4, 0, 0},
                                      {33, 14, 11, 11, 9, 9, 0, 0},
                                      {52, 22, 17, 17, 15, 14, 1, 1}};
    for (int r = 0; r < 4; r++) {
        long c[8], b = 0;
        ck_assert_int_eq(rm_alloc_best_upto(8, T8, u[r], c, &b, NULL), RM_OK);
        ck_assert_int_eq(b, panel[r]);
        for (int i = 0; i < 8; i++)
            ck_assert_int_eq(c[i], expect[r][i]);
        ck_assert_double_eq_tol(rm_alloc_cost(8, T8, c), cost[r], 0.005);
        /* and it is the optimum for its own size b */
        long o[8];
        rm_alloc_units(8, T8, b, o, NULL);
        for (int i = 0; i < 8; i++)
            ck_assert_int_eq(o[i], c[i]);
        /* no b' <= u does better */
        for (long b2 = 1; b2 <= u[r]; b2++) {
            rm_alloc_units(8, T8, b2, o, NULL);
            ck_assert(rm_alloc_cost(8, T8, o) >= rm_alloc_cost(8, T8, c));
        }
        /* the rational optimum L / C = 4.08 is a lower bound */
        ck_assert(rm_alloc_cost(8, T8, c) > 34560240.0 / 8469789.0);
    }
    /* exact costs: 80/18, 165/39, 364/87, 572/139 */
    long c[8], b;
    rm_alloc_best_upto(8, T8, 150, c, &b, NULL);
    ck_assert_double_eq_tol(rm_alloc_cost(8, T8, c), 572.0 / 139, 1e-12);
    rm_alloc_best_upto(8, T8, 25, c, &b, NULL);
    ck_assert_double_eq_tol(rm_alloc_cost(8, T8, c), 80.0 / 18, 1e-12);
}
END_TEST

/* ----------------------------------------------------- LU example */

START_TEST(test_lu_example)
{
    static const double t[6] = {210, 361, 646, 573, 660, 555};
    static const long expect[6] = {3, 2, 1, 1, 1, 1};
    long c[6];
    ck_assert_int_eq(rm_alloc_units(6, t, 9, c, NULL), RM_OK);
    for (int i = 0; i < 6; i++)
        ck_assert_int_eq(c[i], expect[i]);
    ck_assert_double_eq(rm_alloc_makespan(6, t, c), 722.0); /* 2 * 361 */
    ck_assert_double_eq(rm_alloc_makespan(6, t, c), brute_rec(6, t, NULL, 0, 9, 0, 0));
}
END_TEST

/* ----------------------------------------------- Lemma 1 certificate */

START_TEST(test_certificate)
{
    /* sufficient, not necessary: two processors reach the makespan */
    static const double t[3] = {2, 2, 1.5};
    long c[3] = {1, 1, 0};
    ck_assert_int_eq(rm_alloc_certificate(3, t, c, 0), 0);
    ck_assert_int_eq(rm_alloc_is_optimal(3, t, c, 0), 1);
    ck_assert_double_eq(rm_alloc_makespan(3, t, c), brute_rec(3, t, NULL, 0, 2, 0, 0));
    /* a clearly bad allocation fails both */
    long bad[3] = {0, 0, 10};
    ck_assert_int_eq(rm_alloc_certificate(3, T358, bad, 0), 0);
    ck_assert_int_eq(rm_alloc_is_optimal(3, T358, bad, 0), 0);
    /* every incremental allocation carries the certificate (Lemma 2) */
    unsigned s = 7;
    for (int trial = 0; trial < 200; trial++) {
        int n = 1 + (int)(rnd(&s) * 6);
        double tt[6];
        for (int i = 0; i < n; i++)
            tt[i] = 0.1 + 10 * rnd(&s);
        long B = (long)(rnd(&s) * 300), cc[6];
        rm_alloc_units(n, tt, B, cc, NULL);
        ck_assert_int_eq(rm_alloc_certificate(n, tt, cc, 0), 1);
    }
}
END_TEST

/* ---------------------------------- fast path == unit-by-unit replay */

START_TEST(test_fast_equals_incremental)
{
    unsigned s = 12345;
    for (int trial = 0; trial < 400; trial++) {
        int n = 1 + (int)(rnd(&s) * 12);
        double t[12];
        /* integer times make many ties: the tie rule must match too */
        int integer = trial % 2;
        for (int i = 0; i < n; i++)
            t[i] = integer ? (double)(1 + (int)(rnd(&s) * 9)) : 0.01 + rnd(&s);
        long B = (long)(rnd(&s) * 2000);
        long c1[12], c2[12];
        ck_assert_int_eq(rm_alloc_units(n, t, B, c1, NULL), RM_OK);
        ck_assert_int_eq(rm_alloc_units_order(n, t, B, c2, NULL, NULL), RM_OK);
        long sum = 0;
        for (int i = 0; i < n; i++) {
            ck_assert_int_eq(c1[i], c2[i]);
            ck_assert(c1[i] >= 0);
            sum += c1[i];
        }
        ck_assert_int_eq(sum, B);
    }
}
END_TEST

START_TEST(test_brute_force_small)
{
    unsigned s = 99;
    for (int trial = 0; trial < 300; trial++) {
        int n = 1 + (int)(rnd(&s) * 4);
        double t[4], o[4];
        for (int i = 0; i < n; i++) {
            t[i] = 0.5 + 4 * rnd(&s);
            o[i] = rnd(&s) < 0.5 ? 0 : 3 * rnd(&s);
        }
        long min = trial % 3 == 0 ? 1 : 0;
        long B = n * min + (long)(rnd(&s) * 12);
        long c[4];
        ck_assert_int_eq(rm_alloc_units(n, t, B, c, NULL), RM_OK);
        ck_assert_double_eq_tol(rm_alloc_makespan(n, t, c), brute_rec(n, t, NULL, 0, B, 0, 0),
                                1e-12);
        ck_assert_int_eq(rm_alloc_affine(n, t, o, min, B, c, NULL), RM_OK);
        long sum = 0;
        for (int i = 0; i < n; i++) {
            ck_assert(c[i] >= min);
            sum += c[i];
        }
        ck_assert_int_eq(sum, B);
        ck_assert_double_eq_tol(makespan_affine(n, t, o, c), brute_rec(n, t, o, min, B, 0, 0),
                                1e-12);
    }
}
END_TEST

/* -------------------------------------------- stencil columns of a ring */

START_TEST(test_columns)
{
    /* no communication: exactly rm_alloc_units with t = w */
    static const double w[3] = {3, 5, 8};
    long cols[3];
    ck_assert_int_eq(rm_alloc_columns(3, w, NULL, 0.0, 9, 0, cols, NULL), RM_OK);
    ck_assert_int_eq(cols[0], 5);
    ck_assert_int_eq(cols[1], 3);
    ck_assert_int_eq(cols[2], 1);
    /* at least one column each */
    ck_assert_int_eq(rm_alloc_columns(3, w, NULL, 0.0, 3, 1, cols, NULL), RM_OK);
    ck_assert_int_eq(cols[0] + cols[1] + cols[2], 3);
    ck_assert_int_eq(cols[2], 1);
    /* communication shifts columns away: w = (1,1), C = (0, 100), dc_dw = 0.01:
     * host 1 pays 1.0 of communication per D_w, so with N = 10 columns
     * (0.1 each) the optimum is max(0.1 c0, 1 + 0.1 c1): c = (10, 0) -> 1.0,
     * and with min_cols = 1: (9, 1) -> 1.1 */
    static const double w2[2] = {1, 1}, C2[2] = {0, 100};
    ck_assert_int_eq(rm_alloc_columns(2, w2, C2, 0.01, 10, 0, cols, NULL), RM_OK);
    ck_assert_int_eq(cols[0], 10);
    ck_assert_int_eq(cols[1], 0);
    ck_assert_int_eq(rm_alloc_columns(2, w2, C2, 0.01, 10, 1, cols, NULL), RM_OK);
    ck_assert_int_eq(cols[0], 9);
    ck_assert_int_eq(cols[1], 1);
    /* large N: c/N tends to rm_balance's alphas */
    static const double w3[4] = {0.0206, 0.0087, 0.0291, 0.0451};
    static const double C3[4] = {0.1, 0.2, 0.05, 0.3};
    double alpha[4];
    rm_balance(4, w3, C3, 0.0064, alpha);
    long c4[4];
    ck_assert_int_eq(rm_alloc_columns(4, w3, C3, 0.0064, 100000, 1, c4, NULL), RM_OK);
    for (int k = 0; k < 4; k++)
        ck_assert_double_eq_tol((double)c4[k] / 100000.0, alpha[k], 2e-5);
    /* from alpha directly */
    static const double a[4] = {0.5, 0.3, 0.2, 0.0};
    ck_assert_int_eq(rm_alloc_from_alpha(4, a, 10, c4, NULL), RM_OK);
    ck_assert_int_eq(c4[0], 5);
    ck_assert_int_eq(c4[1], 3);
    ck_assert_int_eq(c4[2], 2);
    ck_assert_int_eq(c4[3], 0);
}
END_TEST

START_TEST(test_errors)
{
    rm_error e;
    long c[3];
    static const double bad[3] = {1, 0, 2};
    ck_assert_int_eq(rm_alloc_units(3, bad, 5, c, &e), RM_EINPUT);
    ck_assert_ptr_nonnull(strstr(e.msg, "t[1]"));
    ck_assert_int_eq(rm_alloc_units(0, T358, 5, c, &e), RM_EINPUT);
    ck_assert_int_eq(rm_alloc_units(3, T358, -1, c, &e), RM_EINPUT);
    ck_assert_int_eq(rm_alloc_affine(3, T358, NULL, 2, 5, c, &e), RM_EINPUT);
    ck_assert_int_eq(rm_alloc_best_upto(3, T358, 0, c, NULL, &e), RM_EINPUT);
    static const double z[3] = {0, 0, 0};
    ck_assert_int_eq(rm_alloc_from_alpha(3, z, 5, c, &e), RM_EINPUT);
    ck_assert_int_eq(rm_alloc_units(3, T358, 0, c, &e), RM_OK);
    ck_assert_int_eq(c[0] + c[1] + c[2], 0);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("alloc");
    TCase *tc = tcase_create("alloc");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_table3_per_B);
    tcase_add_test(tc, test_order_of_units);
    tcase_add_test(tc, test_naive_rounding_B9);
    tcase_add_test(tc, test_perfect_balance);
    tcase_add_test(tc, test_table4_best_upto);
    tcase_add_test(tc, test_lu_example);
    tcase_add_test(tc, test_certificate);
    tcase_add_test(tc, test_fast_equals_incremental);
    tcase_add_test(tc, test_brute_force_small);
    tcase_add_test(tc, test_columns);
    tcase_add_test(tc, test_errors);
    suite_add_tcase(s, tc);
    return rmt_run_suite(s);
}
