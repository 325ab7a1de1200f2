/*
 * test_calibration.c — the network calibration (rm_smpi_factors,
 * rm_platform_calibrate): SimGrid 3.32's default smpi/bw-factor and
 * smpi/lat-factor at and around each threshold; a calibrated platform's
 * links and recorded factors; errors leave the platform unchanged; mapping
 * a platform calibrated by factors (bandwidth f, latency g) equals mapping
 * the same platform written with the scaled values, under every network
 * model and sharing policy (uniform factors commute with widest paths,
 * max-min fairness and eq. (5)); a bandwidth factor f divides every route
 * cost by f, so with latency off T_step/D_w of the same ring is eq. (1)
 * with D_c/D_w / f.
 */
#define _POSIX_C_SOURCE 200809L
#include "ringmap.h"

#include "support.h"

#include <check.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* bytes -> Mb */
static double mb(double bytes) { return bytes * 8.0 / 1e6; }

START_TEST(test_smpi_factors_thresholds)
{
    /* SimGrid 3.32's tables: threshold (bytes), bandwidth, latency factor */
    static const double t[][3] = {
        {65472, 0.940694, 11.6436}, {15424, 0.697866, 3.48845}, {9376, 0.58729, 2.59299},
        {5776, 1.08739, 2.18796},   {3484, 0.77493, 1.88101},   {1426, 0.608902, 1.61075},
        {732, 0.341987, 1.9503},    {257, 0.338112, 1.95341},   {1, 0.812084, 2.01467},
    };
    for (size_t k = 0; k < sizeof t / sizeof t[0]; k++) {
        double bw = 0, lat = 0;
        rm_error err = {0};
        ck_assert_int_eq(rm_smpi_factors(mb(t[k][0]), &bw, &lat, &err), RM_OK);
        ck_assert_double_eq(bw, t[k][1]);
        ck_assert_double_eq(lat, t[k][2]);
        ck_assert_int_eq(rm_smpi_factors(mb(t[k][0]) * 1.001, &bw, &lat, &err), RM_OK);
        ck_assert_double_eq(bw, t[k][1]);
        if (k + 1 < sizeof t / sizeof t[0]) { /* just below: the next row */
            ck_assert_int_eq(rm_smpi_factors(mb(t[k][0]) * 0.999, &bw, &lat, &err), RM_OK);
            ck_assert_double_eq(bw, t[k + 1][1]);
            ck_assert_double_eq(lat, t[k + 1][2]);
        }
    }
    double bw, lat;
    rm_error err = {0};
    ck_assert_int_eq(rm_smpi_factors(1e9, &bw, &lat, &err), RM_OK); /* huge: the last row */
    ck_assert_double_eq(bw, 0.940694);
    ck_assert_int_eq(rm_smpi_factors(0.0, &bw, &lat, &err), RM_EINPUT);
    ck_assert_ptr_nonnull(strstr(err.msg, "message size"));
    ck_assert_int_eq(rm_smpi_factors(NAN, &bw, &lat, &err), RM_EINPUT);
    ck_assert_int_eq(rm_smpi_factors(INFINITY, &bw, &lat, &err), RM_EINPUT);
    ck_assert_int_eq(rm_smpi_factors(-1.0, &bw, &lat, &err), RM_EINPUT);
    ck_assert_int_eq(rm_smpi_factors(1.0, NULL, &lat, &err), RM_EINVAL);
    ck_assert_int_eq(rm_smpi_factors(1.0, &bw, NULL, &err), RM_EINVAL);
}
END_TEST

/* Two copies of the 4-host shared platform (tests/data): one to calibrate,
 * one whose links are scaled by hand. */
static rm_platform *read_shared4(void)
{
    rm_platform *p = NULL;
    rm_error err = {0};
    rm_read_options ro;
    rm_read_options_init(&ro);
    ro.warn = rm_warn_silent;
    ck_assert_msg(rm_platform_read(RM_SOURCE_DIR "/platforms/test/shared4.gml", &ro, &p, &err) == RM_OK,
                  "%s", err.msg);
    return p;
}

START_TEST(test_calibrate_links)
{
    rm_platform *p = read_shared4(), *q = read_shared4();
    rm_error err = {0};
    ck_assert_double_eq(p->bw_factor, 0.0); /* never calibrated */
    for (int l = 0; l < p->n_links; l++)
        p->links[l].latency = 1e-4 * (l + 1);
    ck_assert_int_eq(rm_platform_calibrate(p, 2.0, 3.0, &err), RM_OK);
    ck_assert_int_eq(rm_platform_calibrate(p, 0.5, 2.0, &err), RM_OK);
    ck_assert_double_eq(p->bw_factor, 1.0);
    ck_assert_double_eq(p->lat_factor, 6.0);
    for (int l = 0; l < p->n_links; l++) {
        ck_assert_double_eq_tol(p->links[l].bandwidth, q->links[l].bandwidth, 1e-12);
        ck_assert_double_eq_tol(p->links[l].latency, 6e-4 * (l + 1), 1e-15);
    }
    /* errors: p unchanged */
    double b0 = p->links[0].bandwidth;
    ck_assert_int_eq(rm_platform_calibrate(p, 0.0, 1.0, &err), RM_EINPUT);
    ck_assert_ptr_nonnull(strstr(err.msg, "bandwidth factor"));
    ck_assert_int_eq(rm_platform_calibrate(p, 1.0, -1.0, &err), RM_EINPUT);
    ck_assert_ptr_nonnull(strstr(err.msg, "latency factor"));
    ck_assert_int_eq(rm_platform_calibrate(p, NAN, 1.0, &err), RM_EINPUT);
    ck_assert_int_eq(rm_platform_calibrate(p, 1e308, 1.0, &err), RM_EINPUT);
    ck_assert_ptr_nonnull(strstr(err.msg, "link"));
    ck_assert_double_eq(p->links[0].bandwidth, b0);
    ck_assert_double_eq(p->bw_factor, 1.0);
    ck_assert_int_eq(rm_platform_calibrate(NULL, 1.0, 1.0, &err), RM_EINVAL);
    rm_platform_free(p);
    rm_platform_free(q);
}
END_TEST

/* rm_map on a platform calibrated by (f, g) and on a copy scaled by hand:
 * the same ring and T_step (to rounding) for each option set. */
static void map_both(double f, double g, const rm_options *opt)
{
    rm_platform *p = read_shared4(), *q = read_shared4();
    for (int l = 0; l < p->n_links; l++) {
        p->links[l].latency = q->links[l].latency = 2e-4 * (1 + l % 3);
        q->links[l].bandwidth *= f;
        q->links[l].latency *= g;
    }
    rm_error err = {0};
    ck_assert_int_eq(rm_platform_calibrate(p, f, g, &err), RM_OK);
    rm_mapping *a = NULL, *b = NULL;
    ck_assert_msg(rm_map(p, opt, &a, &err) == RM_OK, "%s", err.msg);
    ck_assert_msg(rm_map(q, opt, &b, &err) == RM_OK, "%s", err.msg);
    ck_assert_int_eq(a->q, b->q);
    for (int k = 0; k < a->q; k++)
        ck_assert_int_eq(a->ring[k], b->ring[k]);
    ck_assert_double_eq_tol(a->t_step_per_dw, b->t_step_per_dw, 1e-9 * b->t_step_per_dw);
    rm_mapping_free(a);
    rm_mapping_free(b);
    rm_platform_free(p);
    rm_platform_free(q);
}

START_TEST(test_calibrated_equals_scaled)
{
    static const rm_sharing sh[] = {RM_SHARING_GREEDY, RM_SHARING_MAXMIN, RM_SHARING_EQ5};
    for (int lat = 0; lat < 2; lat++)
        for (size_t s = 0; s < 3; s++)
            for (int h = 0; h < 2; h++) {
                rm_options opt;
                rm_options_init(&opt);
                opt.heuristic = h ? RM_HEUR_SLICE : RM_HEUR_SHARED;
                opt.sharing = sh[s];
                opt.threads = 1;
                if (lat) {
                    opt.cost.latency = 1;
                    opt.cost.dc = 0.064;
                }
                map_both(1.08739, 2.18796, &opt);
                map_both(0.5, 1.0, &opt);
            }
}
END_TEST

/* Latency off: a bandwidth factor f divides every route cost by f, so the
 * same ring's T_step is eq. (1) at D_c/D_w / f (rm_balance with C / f). */
START_TEST(test_bw_factor_scales_costs)
{
    rm_platform *p = read_shared4();
    rm_options opt;
    rm_options_init(&opt);
    opt.threads = 1;
    opt.cost.dc_dw = 0.064;
    rm_error err = {0};
    rm_mapping *m = NULL;
    ck_assert_int_eq(rm_platform_calibrate(p, 4.0, 1.0, &err), RM_OK);
    ck_assert_int_eq(rm_map(p, &opt, &m, &err), RM_OK);
    rm_network net;
    ck_assert_int_eq(rm_network_init(&net, p, opt.duplex, &err), RM_OK);
    double *C = calloc((size_t)m->q, sizeof *C), *w = calloc((size_t)m->q, sizeof *w);
    rm_mapping_costs(&net, m, C);
    for (int k = 0; k < m->q; k++) {
        w[k] = p->nodes[m->ring[k]].w;
        C[k] *= 4.0; /* the file's route costs */
    }
    ck_assert_double_eq_tol(rm_balance(m->q, w, C, 0.064 / 4.0, NULL), m->t_step_per_dw,
                            1e-12 * m->t_step_per_dw);
    free(C);
    free(w);
    rm_network_destroy(&net);
    rm_mapping_free(m);
    rm_platform_free(p);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("calibration");
    TCase *tc = tcase_create("calibration");
    tcase_add_test(tc, test_smpi_factors_thresholds);
    tcase_add_test(tc, test_calibrate_links);
    tcase_add_test(tc, test_calibrated_equals_scaled);
    tcase_add_test(tc, test_bw_factor_scales_costs);
    suite_add_tcase(s, tc);
    return rmt_run_suite(s);
}
