/*
 * test_alloc_limits.c — the integer allocation (alloc/alloc.c) on extreme
 * numbers (hardening: no overflow, no endless loop): cycle-time ratios of 1e18, unit times of
 * 1e-300 and subnormal, offsets of 1e300 (bandwidth 1e-300), B near 2^53,
 * all finish at once (the former threshold walk and greedy finish looped
 * ~1e15 times or forever) with the greedy's own result; beyond the
 * documented limits (B > 2^53; B > 2^26 for the unit-by-unit replays) the
 * answer is RM_ELIMIT, never a hang.
 * Property: for random t over 1e-300..1e300 and random offsets, the fast
 * allocation equals the unit-by-unit greedy of Boulet et al. 1999 (rm_alloc_units_order
 * for offsets 0; a local replay of the affine greedy otherwise).
 */
#include "ringmap/alloc.h"
#include "ringmap.h"
#include "topo/io/readers.h" /* rm_rng */

#include "support.h"

#include <check.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

static long sum(int n, const long *c)
{
    long s = 0;
    for (int i = 0; i < n; i++)
        s += c[i];
    return s;
}

START_TEST(test_ratio_1e18)
{
    double t[2] = {1e-18, 1.0};
    long c[2];
    rm_error err = {RM_OK, ""};
    /* all 10^15 units are worth at most 1e-3 on processor 0, < 1 of processor 1 */
    ck_assert_int_eq(rm_alloc_units(2, t, 1000000000000000L, c, &err), RM_OK);
    ck_assert_int_eq(c[0], 1000000000000000L);
    ck_assert_int_eq(c[1], 0);
    /* one unit per position at least: (B - 1, 1) */
    double w[2] = {1e-18, 1.0};
    ck_assert_int_eq(rm_alloc_columns(2, w, NULL, 0.0, 1000000, 1, c, &err), RM_OK);
    ck_assert_int_eq(c[0], 999999);
    ck_assert_int_eq(c[1], 1);
    /* B = 2^53: still at once */
    ck_assert_int_eq(rm_alloc_units(2, t, 1L << 53, c, &err), RM_OK);
    ck_assert_int_eq(sum(2, c), 1L << 53);
}
END_TEST

START_TEST(test_tiny_and_huge)
{
    rm_error err = {RM_OK, ""};
    long c[3];
    /* w = 1e-300 and a subnormal unit time: all units to the fastest */
    double t[3] = {1e-300, 4.9e-324, 1.0};
    ck_assert_int_eq(rm_alloc_units(3, t, 1000000, c, &err), RM_OK);
    ck_assert_int_eq(sum(3, c), 1000000);
    ck_assert_int_eq(c[2], 0);
    /* offsets 1e300 (route bandwidth 1e-300): values 1e300 + t j cannot be told
       apart for small t; the greedy's ties go to the lowest index */
    double tt[3] = {1.0, 1.0, 1.0}, o[3] = {1e300, 1e300, 0.0};
    ck_assert_int_eq(rm_alloc_affine(3, tt, o, 1, 1000000, c, &err), RM_OK);
    ck_assert_int_eq(c[0], 1);
    ck_assert_int_eq(c[1], 1);
    ck_assert_int_eq(c[2], 999998);
    double ts[2] = {1e-300, 1e-300}, os[2] = {1.0, 1.0};
    ck_assert_int_eq(rm_alloc_affine(2, ts, os, 0, 1000000000L, c, &err), RM_OK);
    ck_assert_int_eq(c[0], 1000000000L); /* 1 + 1e-300 j == 1: one tie block, index 0 */
    ck_assert_int_eq(c[1], 0);
}
END_TEST

START_TEST(test_limits)
{
    rm_error err = {RM_OK, ""};
    double t[2] = {1.0, 2.0};
    long c[2];
    ck_assert_int_eq(rm_alloc_units(2, t, (1L << 53) + 1, c, &err), RM_ELIMIT);
    ck_assert_ptr_nonnull(strstr(err.msg, "2^53"));
    ck_assert_int_eq(rm_alloc_units(2, t, 9223372036854775807L, c, &err), RM_ELIMIT);
    ck_assert_int_eq(rm_alloc_units_order(2, t, (1L << 26) + 1, c, NULL, &err), RM_ELIMIT);
    long b;
    ck_assert_int_eq(rm_alloc_best_upto(2, t, 1L << 40, c, &b, &err), RM_ELIMIT);
    double w[2] = {1.0, 1.0};
    ck_assert_int_eq(rm_alloc_columns(2, w, NULL, 0.0, 9223372036854775807L, 1, c, &err),
                     RM_ELIMIT);
}
END_TEST

/* The affine greedy replayed unit by unit (the definition). */
static void replay(int n, const double *t, const double *o, long min, long B, long *c)
{
    for (int k = 0; k < n; k++)
        c[k] = min;
    for (long s = (long)n * min; s < B; s++) {
        int best = 0;
        for (int k = 1; k < n; k++)
            if (o[k] + t[k] * (double)(c[k] + 1) < o[best] + t[best] * (double)(c[best] + 1))
                best = k;
        c[best]++;
    }
}

START_TEST(test_property_extreme)
{
    rm_rng r;
    rmi_rng_seed(&r, 13);
    rm_error err = {RM_OK, ""};
    for (int it = 0; it < 400; it++) {
        int n = 1 + (int)rmi_rng_below(&r, 6);
        double t[6], o[6], zero[6] = {0};
        for (int k = 0; k < n; k++) {
            /* 10^(-300..300), a few repeated to force ties */
            t[k] = k > 0 && rmi_rng_below(&r, 4) == 0 ? t[k - 1]
                                                      : pow(10.0, -300.0 + 600.0 * rmi_rng_uniform(&r));
            o[k] = rmi_rng_below(&r, 3) == 0 ? 0.0 : pow(10.0, -300.0 + 600.0 * rmi_rng_uniform(&r));
        }
        long B = (long)rmi_rng_below(&r, 3000), min = (long)rmi_rng_below(&r, 3);
        if ((long)n * min > B)
            min = 0;
        long c[6], g[6];
        ck_assert_int_eq(rm_alloc_affine(n, t, o, min, B, c, &err), RM_OK);
        replay(n, t, o, min, B, g);
        for (int k = 0; k < n; k++)
            ck_assert_msg(c[k] == g[k], "it %d: k %d: fast %ld, greedy %ld", it, k, c[k], g[k]);
        ck_assert_int_eq(rm_alloc_affine(n, t, zero, 0, B, c, &err), RM_OK);
        ck_assert_int_eq(rm_alloc_units_order(n, t, B, g, NULL, &err), RM_OK);
        for (int k = 0; k < n; k++)
            ck_assert_int_eq(c[k], g[k]);
    }
}
END_TEST

int main(void)
{
    Suite *s = suite_create("alloc_limits");
    TCase *tc = tcase_create("extreme");
    tcase_add_test(tc, test_ratio_1e18);
    tcase_add_test(tc, test_tiny_and_huge);
    tcase_add_test(tc, test_limits);
    tcase_add_test(tc, test_property_extreme);
    suite_add_tcase(s, tc);
    return rmt_run_suite(s);
}
