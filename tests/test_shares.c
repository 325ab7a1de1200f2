/*
 * test_shares.c — a mapping's integer work units and part sizes
 * (include/ringmap/shares.h): the units of `ringmap map --units N` are the
 * optimum of the integer problem min max_k (c_k w_k / N + dc_dw C_k) on the
 * mapped ring (brute force over every allocation on small cases), equal
 * the published allocations without communication (Boulet et al. 1999 Table 3, perfect
 * balance for t = (3,5,8), Table 1, and the 8-processor example, Table 2), and the Zoltan part
 * sizes are the alphas in ring order.
 */
#include "ringmap.h"

#include "support.h"

#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A star: n hosts of cycle-times w joined to one router by links of
 * bandwidths b (Mb/s). */
static rm_mapping *map_it(const rm_platform *p, double dc_dw, rm_network *net)
{
    rm_error err;
    ck_assert_msg(rm_network_init(net, p, RM_DUPLEX_HALF, &err) == RM_OK, "%s", err.msg);
    rm_options opt;
    rm_options_init(&opt);
    opt.cost.dc_dw = dc_dw;
    rm_mapping *m = NULL;
    ck_assert_msg(rm_map_network(net, &opt, &m, &err) == RM_OK, "%s", err.msg);
    return m;
}

/* Least max_k (c_k t_k + o_k) over every c >= 0 with sum c = left.  Not
   inlined: GCC -O3 unrolls the recursion past q and then warns
   (-Warray-bounds) about indices the k == q - 1 test never reaches. */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static double brute(int q, const double *t, const double *o, long left, int k, double cur)
{
    if (k == q - 1) {
        double v = o[k] + t[k] * (double)left;
        return v > cur ? v : cur;
    }
    double best = INFINITY;
    for (long c = 0; c <= left; c++) {
        double v = o[k] + t[k] * (double)c;
        double r = brute(q, t, o, left - c, k + 1, v > cur ? v : cur);
        if (r < best)
            best = r;
    }
    return best;
}

START_TEST(units_equal_brute_force)
{
    /* heterogeneous hosts and links; several D_c/D_w so that the route
       costs matter (a slow-linked host may get few or no units) */
    const double w[4] = {1, 2, 3, 1.5}, b[4] = {10, 40, 5, 20};
    const double ratios[4] = {0, 0.1, 0.5, 2};
    rm_platform *p = rmt_star(4, w, b, 0);
    int checked = 0;
    for (int r = 0; r < 4; r++) {
        rm_network net;
        rm_mapping *m = map_it(p, ratios[r], &net);
        double C[4], t[4], o[4];
        rm_mapping_costs(&net, m, C);
        for (long N = 1; N <= 14; N++) {
            long units[4] = {0};
            rm_error err;
            ck_assert_msg(rm_mapping_units(&net, m, N, 0, units, &err) == RM_OK, "%s", err.msg);
            long sum = 0;
            for (int k = 0; k < m->q; k++) {
                t[k] = p->nodes[m->ring[k]].w / (double)N;
                o[k] = ratios[r] * C[k];
                sum += units[k];
                ck_assert_int_ge(units[k], 0);
            }
            ck_assert_int_eq(sum, N);
            double got = rm_mapping_units_tstep(&net, m, N, units);
            double best = brute(m->q, t, o, N, 0, 0);
            ck_assert_msg(fabs(got - best) <= 1e-12 * best,
                          "dc_dw %g, N %ld: units give %.15g, brute force %.15g", ratios[r], N,
                          got, best);
            checked++;
        }
        rm_mapping_free(m);
        rm_network_destroy(&net);
    }
    ck_assert_int_eq(checked, 56);
    rm_platform_free(p);
}
END_TEST

/* units of host i (the mapping's ring is in its own order) */
static void units_by_host(const rm_mapping *m, const long *units, long *by_host)
{
    for (int k = 0; k < m->q; k++)
        by_host[m->ring[k]] = units[k];
}

START_TEST(units_oracles_without_communication)
{
    /* Boulet et al. 1999 Table 3: t = (3,5,8) */
    static const long table3[10][3] = {{1, 0, 0}, {1, 1, 0}, {2, 1, 0}, {2, 1, 1}, {3, 1, 1},
                                       {3, 2, 1}, {4, 2, 1}, {5, 2, 1}, {5, 3, 1}, {5, 3, 2}};
    const double w[3] = {3, 5, 8}, b[3] = {10, 10, 10};
    rm_platform *p = rmt_star(3, w, b, 0);
    rm_network net;
    rm_mapping *m = map_it(p, 0, &net);
    ck_assert_int_eq(m->q, 3);
    rm_error err;
    long units[3], h[3];
    for (long B = 1; B <= 10; B++) {
        ck_assert_msg(rm_mapping_units(&net, m, B, 0, units, &err) == RM_OK, "%s", err.msg);
        units_by_host(m, units, h);
        for (int i = 0; i < 3; i++)
            ck_assert_msg(h[i] == table3[B - 1][i], "B = %ld: host P%d gets %ld, Table 3 %ld",
                          B, i, h[i], table3[B - 1][i]);
    }
    /* perfect balance: 79 units -> (40, 24, 15) */
    ck_assert_int_eq(rm_mapping_units(&net, m, 79, 0, units, &err), RM_OK);
    units_by_host(m, units, h);
    ck_assert_int_eq(h[0], 40);
    ck_assert_int_eq(h[1], 24);
    ck_assert_int_eq(h[2], 15);
    /* Zoltan part sizes: alpha in ring order, part k = position k */
    int ids[3];
    float sz[3];
    ck_assert_int_eq(rm_mapping_part_sizes(m, 3, ids, sz, &err), RM_OK);
    for (int k = 0; k < 3; k++) {
        ck_assert_int_eq(ids[k], k);
        ck_assert_float_eq_tol(sz[k], (float)m->alpha[k], 1e-7f);
        /* alpha proportional to 1/w without communication: 1/3 : 1/5 : 1/8 */
        ck_assert_double_eq_tol(m->alpha[k], (1 / w[m->ring[k]]) / (1. / 3 + 1. / 5 + 1. / 8),
                                1e-9);
    }
    ck_assert_int_eq(rm_mapping_part_sizes(m, 2, ids, sz, &err), RM_EINPUT);
    ck_assert_int_eq(rm_mapping_units(&net, m, 2, 1, units, &err), RM_EINPUT);
    ck_assert_int_eq(rm_mapping_units(&net, m, -1, 0, units, &err), RM_EINPUT);
    rm_mapping_free(m);
    rm_network_destroy(&net);
    rm_platform_free(p);
}
END_TEST

START_TEST(units_oracle_eight_hosts)
{
    /* Boulet et al. 1999 Table 2: t = (11,26,33,33,38,40,528,530), C = 8,469,789 units ->
       (3141840, 1329240, 1047280, 1047280, 909480, 864006, 65455, 65208) */
    const double w[8] = {11, 26, 33, 33, 38, 40, 528, 530};
    const double b[8] = {100, 100, 100, 100, 100, 100, 100, 100};
    const long want[8] = {3141840, 1329240, 1047280, 1047280, 909480, 864006, 65455, 65208};
    rm_platform *p = rmt_star(8, w, b, 0);
    rm_network net;
    rm_mapping *m = map_it(p, 0, &net);
    ck_assert_int_eq(m->q, 8);
    long units[8], h[8];
    rm_error err;
    ck_assert_msg(rm_mapping_units(&net, m, 8469789, 0, units, &err) == RM_OK, "%s", err.msg);
    units_by_host(m, units, h);
    for (int i = 0; i < 8; i++)
        ck_assert_msg(h[i] == want[i], "host %d: %ld units, oracle %ld", i, h[i], want[i]);
    rm_mapping_free(m);
    rm_network_destroy(&net);
    rm_platform_free(p);
}
END_TEST

/* Entry checks: RM_EINVAL naming the function and the argument
 * for contract violations, RM_EINPUT naming the function for bad counts;
 * nothing written on failure; NAN from rm_mapping_units_tstep. */
START_TEST(entry_checks)
{
    const double w[3] = {3, 5, 8}, b[3] = {100, 100, 100};
    rm_platform *p = rmt_star(3, w, b, 0);
    rm_network net;
    rm_mapping *m = map_it(p, 0.01, &net);
    long units[3] = {-5, -5, -5};
    int ids[3] = {-5, -5, -5};
    float sz[3] = {-5, -5, -5};
    rm_error err;
#define EXPECT(call, code, text)                                                                \
    do {                                                                                        \
        ck_assert_int_eq((call), (code));                                                       \
        ck_assert_msg(strstr(err.msg, (text)) != NULL, "'%s' lacks '%s'", err.msg, (text));     \
    } while (0)
    EXPECT(rm_mapping_units(NULL, m, 10, 0, units, &err), RM_EINVAL, "rm_mapping_units: net");
    EXPECT(rm_mapping_units(&net, NULL, 10, 0, units, &err), RM_EINVAL, "mapping is NULL");
    EXPECT(rm_mapping_units(&net, m, 10, 0, NULL, &err), RM_EINVAL,
           "rm_mapping_units: units is NULL");
    EXPECT(rm_mapping_units(&net, m, -1, 0, units, &err), RM_EINPUT,
           "rm_mapping_units: work units: expected n_units >= 0");
    EXPECT(rm_mapping_units(&net, m, 10, -2, units, &err), RM_EINPUT, "got 10 and -2");
    EXPECT(rm_mapping_units(&net, m, 5, 2, units, &err), RM_EINPUT,
           "n_units = 5 cannot give min_units = 2 to each of the 3 ring positions");
    ck_assert(units[0] == -5 && units[1] == -5 && units[2] == -5);
    EXPECT(rm_mapping_part_sizes(NULL, 3, ids, sz, &err), RM_EINVAL, "the mapping is NULL");
    EXPECT(rm_mapping_part_sizes(m, 3, ids, NULL, &err), RM_EINVAL, "part_sizes is NULL");
    EXPECT(rm_mapping_part_sizes(m, 2, ids, sz, &err), RM_EINPUT,
           "rm_mapping_part_sizes: part sizes: len = 2");
    double *alpha = m->alpha;
    m->alpha = NULL;
    EXPECT(rm_mapping_part_sizes(m, 3, ids, sz, &err), RM_EINVAL, "without alphas");
    m->alpha = alpha;
    ck_assert(ids[0] == -5 && sz[0] == -5);
#undef EXPECT
    ck_assert(isnan(rm_mapping_units_tstep(NULL, m, 10, units)));
    ck_assert(isnan(rm_mapping_units_tstep(&net, NULL, 10, units)));
    ck_assert(isnan(rm_mapping_units_tstep(&net, m, 10, NULL)));
    ck_assert(isnan(rm_mapping_units_tstep(&net, m, 0, units)));
    /* the valid calls */
    ck_assert_int_eq(rm_mapping_units(&net, m, 10, 1, units, &err), RM_OK);
    ck_assert(isfinite(rm_mapping_units_tstep(&net, m, 10, units)));
    ck_assert_int_eq(rm_mapping_part_sizes(m, 3, NULL, sz, &err), RM_OK);
    rm_mapping_free(m);
    rm_network_destroy(&net);
    rm_platform_free(p);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("shares");
    TCase *tc = tcase_create("units");
    tcase_add_test(tc, units_equal_brute_force);
    tcase_add_test(tc, units_oracles_without_communication);
    tcase_add_test(tc, units_oracle_eight_hosts);
    tcase_add_test(tc, entry_checks);
    suite_add_tcase(s, tc);
    return rmt_run_suite(s);
}
