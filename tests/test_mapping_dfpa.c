/*
 * test_mapping_dfpa.c — from a ring mapping to DFPA in one call
 * (include/ringmap/balance.h rm_mapping_dfpa, include/ringmap/mapping_json.h
 * rm_mapping_doc_units / rm_mapping_doc_dfpa): the units are the optimal
 * integer shares of rm_mapping_units (Boulet et al. 1999 §3 with the route
 * costs of Legrand et al. 2004 eq. (1)), the same from the mapping read back
 * from its JSON, and DFPA (Lastovetsky and Reddy §2) starts from them, 0-unit
 * positions included when min_units is 0; the FPM points of ringmap-measure's
 * GML (fpm_x, fpm_t) parsed by libringmap.
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

static const double W5[5] = {1.0, 1.5, 2.0, 3.0, 5.0};

static rm_mapping *map_it(const rm_platform *p, rm_network *net, rm_options *opt)
{
    rm_error err;
    ck_assert_msg(rm_network_init(net, p, RM_DUPLEX_HALF, &err) == RM_OK, "%s", err.msg);
    rm_options_init(opt);
    opt->cost.dc_dw = 1e-3;
    rm_mapping *m = NULL;
    ck_assert_msg(rm_map_network(net, opt, &m, &err) == RM_OK, "%s", err.msg);
    return m;
}

START_TEST(mapping_to_dfpa_with_zero_units)
{
    rm_platform *p = rmt_star(5, W5, NULL, 1000);
    rm_network net;
    rm_options opt;
    rm_mapping *m = map_it(p, &net, &opt);
    int q = m->q;
    ck_assert_int_ge(q, 3);
    /* fewer units than ring positions: the optimum gives some positions 0 */
    long n = q - 1, want[8], units[8];
    rm_error err;
    ck_assert_int_eq(rm_mapping_units(&net, m, n, 0, want, &err), RM_OK);
    int zeros = 0;
    for (int k = 0; k < q; k++)
        zeros += want[k] == 0;
    ck_assert_int_ge(zeros, 1);
    rm_dfpa *a = NULL;
    ck_assert_msg(rm_mapping_dfpa(&net, m, n, 0.0, NULL, units, &a, &err) == RM_OK, "%s", err.msg);
    const long *d = rm_dfpa_distribution(a);
    for (int k = 0; k < q; k++) {
        ck_assert_int_eq(units[k], want[k]);
        ck_assert_int_eq(d[k], want[k]);
    }
    /* one step: the 0-unit positions are not measured and keep 0 */
    double t[8];
    for (int k = 0; k < q; k++)
        t[k] = d[k] > 0 ? (double)d[k] * p->nodes[m->ring[k]].w : NAN;
    long next[8];
    rm_dfpa_state state;
    ck_assert_msg(rm_dfpa_step(a, t, next, &state, &err) == RM_OK, "%s", err.msg);
    long sum = 0;
    for (int k = 0; k < q; k++) {
        if (want[k] == 0)
            ck_assert_int_eq(next[k], 0);
        sum += next[k];
    }
    ck_assert_int_eq(sum, n);
    rm_dfpa_free(a);
    /* min_units 1 refuses what cannot give each position a unit */
    rm_dfpa_options o;
    rm_dfpa_options_init(&o);
    o.min_units = 1;
    ck_assert_int_eq(rm_mapping_dfpa(&net, m, n, 0.0, &o, NULL, &a, &err), RM_EINPUT);
    ck_assert_ptr_null(a);
    /* larger n, with communication: units as rm_mapping_units, min_units honoured */
    ck_assert_int_eq(rm_mapping_units(&net, m, 1000, 1, want, &err), RM_OK);
    ck_assert_msg(rm_mapping_dfpa(&net, m, 1000, 8.0, &o, units, &a, &err) == RM_OK, "%s",
                  err.msg);
    for (int k = 0; k < q; k++)
        ck_assert_int_eq(rm_dfpa_distribution(a)[k], want[k]);
    rm_dfpa_free(a);
    ck_assert_int_eq(rm_mapping_dfpa(&net, m, 10, -1.0, NULL, NULL, &a, &err), RM_EINPUT);
    rm_mapping_free(m);
    rm_network_destroy(&net);
    rm_platform_free(p);
}
END_TEST

START_TEST(dfpa_start_with_zero)
{
    rm_dfpa_options opt;
    rm_dfpa_options_init(&opt);
    long z[3] = {6, 0, 4};
    opt.start = z;
    rm_dfpa *a = NULL;
    rm_error err;
    ck_assert_msg(rm_dfpa_new(3, 10, &opt, &a, &err) == RM_OK, "%s", err.msg);
    double t[3] = {6.0, NAN, 8.0}; /* P2 twice as slow as P0 */
    long next[3];
    ck_assert_int_eq(rm_dfpa_step(a, t, next, NULL, &err), RM_OK);
    ck_assert_int_eq(next[1], 0);
    ck_assert_int_eq(next[0] + next[2], 10);
    ck_assert_int_gt(next[0], next[2]);
    rm_dfpa_free(a);
    opt.min_units = 1;
    ck_assert_int_eq(rm_dfpa_new(3, 10, &opt, &a, &err), RM_EINPUT);
    ck_assert_ptr_nonnull(strstr(err.msg, "processor 1"));
    /* fewer units than processors with a start that has zeros */
    long s2[3] = {0, 2, 0};
    opt.min_units = 0;
    opt.start = s2;
    ck_assert_msg(rm_dfpa_new(3, 2, &opt, &a, &err) == RM_OK, "%s", err.msg);
    rm_dfpa_free(a);
}
END_TEST

START_TEST(doc_units_equal_computed)
{
    rm_platform *p = rmt_star(5, W5, NULL, 50);
    rm_network net;
    rm_options opt;
    rm_mapping *m = map_it(p, &net, &opt);
    char path[] = "/tmp/test_mapping_dfpa_XXXXXX";
    int fd = mkstemp(path);
    ck_assert_int_ge(fd, 0);
    FILE *f = fdopen(fd, "w");
    rm_error err;
    ck_assert_msg(rm_mapping_write_json(f, &net, &opt, m, &err) == RM_OK, "%s", err.msg);
    fclose(f);
    rm_mapping_doc *d = NULL;
    ck_assert_msg(rm_mapping_read_json(path, &d, &err) == RM_OK, "%s", err.msg);
    unlink(path);
    ck_assert_int_eq(d->q, m->q);
    long ns[] = {1, 7, 100, 12345};
    for (size_t i = 0; i < sizeof ns / sizeof ns[0]; i++) {
        long want[8], got[8];
        double t = NAN;
        ck_assert_int_eq(rm_mapping_units(&net, m, ns[i], 0, want, &err), RM_OK);
        ck_assert_msg(rm_mapping_doc_units(d, ns[i], 0, got, &t, &err) == RM_OK, "%s", err.msg);
        for (int k = 0; k < m->q; k++)
            ck_assert_int_eq(got[k], want[k]);
        double tw = rm_mapping_units_tstep(&net, m, ns[i], want);
        ck_assert_msg(fabs(t - tw) <= 1e-12 * tw, "T_step/D_w %.17g vs %.17g", t, tw);
    }
    rm_dfpa *a = NULL;
    long u[8], want[8];
    ck_assert_int_eq(rm_mapping_units(&net, m, 500, 0, want, &err), RM_OK);
    ck_assert_msg(rm_mapping_doc_dfpa(d, 500, 8.0, NULL, u, &a, &err) == RM_OK, "%s", err.msg);
    for (int k = 0; k < m->q; k++) {
        ck_assert_int_eq(u[k], want[k]);
        ck_assert_int_eq(rm_dfpa_distribution(a)[k], want[k]);
    }
    rm_dfpa_free(a);
    ck_assert_int_eq(rm_mapping_doc_units(d, 2, 1, u, NULL, &err), m->q > 2 ? RM_EINPUT : RM_OK);
    d->cost.dc_dw = NAN; /* a document without params.dc_dw */
    ck_assert_int_eq(rm_mapping_doc_units(d, 10, 0, u, NULL, &err), RM_EINPUT);
    ck_assert_ptr_nonnull(strstr(err.msg, "dc_dw"));
    rm_mapping_doc_free(d);
    rm_mapping_free(m);
    rm_network_destroy(&net);
    rm_platform_free(p);
}
END_TEST

START_TEST(fpm_points_from_text)
{
    rm_fpm m;
    rm_fpm_init(&m);
    rm_error err;
    ck_assert_msg(rm_fpm_parse_points("100 200 400", " 0.5 1.25\t3 ", &m, &err) == RM_OK, "%s",
                  err.msg);
    ck_assert_int_eq(m.n, 3);
    ck_assert_double_eq(rm_fpm_time(&m, 400), 3.0);
    ck_assert_double_eq(rm_fpm_time(&m, 200), 1.25);
    ck_assert_int_eq(rm_fpm_parse_points("1 x", "1 2", &m, &err), RM_EINPUT);
    ck_assert_ptr_nonnull(strstr(err.msg, "point 2"));
    ck_assert_int_eq(rm_fpm_parse_points("1 2", "1", &m, &err), RM_EINPUT);
    ck_assert_int_eq(rm_fpm_parse_points("2 1", "1 2", &m, &err), RM_EINPUT);
    ck_assert_int_eq(rm_fpm_parse_points("", "", &m, &err), RM_EINPUT);
    ck_assert_int_eq(rm_fpm_parse_points(NULL, "1", &m, &err), RM_EINVAL);
    rm_fpm_destroy(&m);
}
END_TEST

START_TEST(fpm_from_measured_gml)
{
    /* the attributes ringmap-measure writes (include/ringmap_measure.h) */
    char dir[] = "/tmp/test_fpm_gml_XXXXXX", path[64];
    ck_assert_ptr_nonnull(mkdtemp(dir));
    snprintf(path, sizeof path, "%s/m.gml", dir);
    FILE *f = fopen(path, "w");
    ck_assert_ptr_nonnull(f);
    fputs("graph [\n directed 0\n"
          " node [ id 0 label \"n0\" w 0.01 fpm_mflop_per_unit 1 fpm_x \"10 20 40\" "
          "fpm_t \"0.1 0.25 0.7\" ]\n"
          " node [ id 1 label \"sw\" ]\n"
          " node [ id 2 label \"n2\" w 0.02 ]\n"
          " node [ id 3 label \"n3\" w 0.02 fpm_x \"5\" fpm_t \"0.1\" ]\n"
          " edge [ source 0 target 1 bandwidth 100 ]\n edge [ source 2 target 1 bandwidth 100 ]\n"
          " edge [ source 3 target 1 bandwidth 100 ]\n]\n",
          f);
    fclose(f);
    rm_read_options ro;
    rm_read_options_init(&ro);
    rm_platform *p = NULL;
    rm_error err;
    ck_assert_msg(rm_platform_read(path, &ro, &p, &err) == RM_OK, "%s", err.msg);
    ck_assert_int_eq(p->n_hosts, 3);
    rm_fpm m[3];
    for (int h = 0; h < 3; h++)
        rm_fpm_init(&m[h]);
    int found = -1;
    ck_assert_msg(rm_platform_read_fpm(path, p, m, &found, &err) == RM_OK, "%s", err.msg);
    ck_assert_int_eq(found, 2);
    ck_assert_int_eq(m[0].n, 3);
    ck_assert_double_eq(rm_fpm_time(&m[0], 20), 0.25);
    ck_assert_int_eq(m[1].n, 0); /* n2: no points */
    ck_assert_int_eq(m[2].n, 1);
    ck_assert_double_eq(rm_fpm_time(&m[2], 5), 0.1);
    /* bad points name the host */
    f = fopen(path, "w");
    fputs("graph [\n node [ id 7 label \"a\" w 1 fpm_x \"1 2\" fpm_t \"1\" ]\n]\n", f);
    fclose(f);
    rm_platform *p2 = NULL;
    ck_assert_msg(rm_platform_read(path, &ro, &p2, &err) == RM_OK, "%s", err.msg);
    ck_assert_int_eq(rm_platform_read_fpm(path, p2, m, NULL, &err), RM_EINPUT);
    ck_assert_ptr_nonnull(strstr(err.msg, "host node 7 ('a')"));
    /* another file than the platform's */
    ck_assert_int_eq(rm_platform_read_fpm(path, p, m, NULL, &err), RM_EINPUT);
    unlink(path);
    rmdir(dir);
    for (int h = 0; h < 3; h++)
        rm_fpm_destroy(&m[h]);
    rm_platform_free(p2);
    rm_platform_free(p);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("mapping_dfpa");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, mapping_to_dfpa_with_zero_units);
    tcase_add_test(tc, dfpa_start_with_zero);
    tcase_add_test(tc, doc_units_equal_computed);
    tcase_add_test(tc, fpm_points_from_text);
    tcase_add_test(tc, fpm_from_measured_gml);
    suite_add_tcase(s, tc);
    return rmt_run_suite(s);
}
