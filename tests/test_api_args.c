/*
 * test_api_args.c — hardening: the public entry points check what
 * they document and return RM_EINVAL with a message instead of crashing:
 * NULL options, outputs, networks, platforms and streams; a platform built
 * with rm_platform_new but never finalized; a link index corrupted after
 * finalize (an end outside 0..n_nodes-1); a host list that no longer
 * matches the nodes.
 */
#define _POSIX_C_SOURCE 200809L /* open_memstream */
#include "ringmap.h"

#include "support.h"

#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A valid 2-host platform (P0 -- P1, 10 Mb/s), finalized. */
static rm_platform *two_hosts(void)
{
    rm_platform *p = rm_platform_new("two", 2, 1, 0);
    ck_assert_ptr_nonnull(p);
    for (int v = 0; v < 2; v++) {
        p->nodes[v].is_host = 1;
        p->nodes[v].w = 1.0;
    }
    p->links[0].source = 0;
    p->links[0].target = 1;
    p->links[0].bandwidth = 10.0;
    rm_error err = {RM_OK, ""};
    ck_assert_int_eq(rm_platform_finalize(p, &err), RM_OK);
    return p;
}

#define EXPECT_EINVAL(call, fragment)                                                          \
    do {                                                                                       \
        rm_error err_ = {RM_OK, ""};                                                           \
        rm_error *err = &err_;                                                                 \
        rm_status st_ = (call);                                                                \
        ck_assert_msg(st_ == RM_EINVAL, "%s: status %d (%s)", #call, (int)st_, err_.msg);      \
        ck_assert_msg(strstr(err_.msg, fragment), "%s: message '%s' lacks '%s'", #call,        \
                      err_.msg, fragment);                                                     \
        ck_assert_int_eq(rm_status_exit_code(st_), 1);                                         \
        ck_assert_str_eq(rm_status_name(st_), "invalid argument");                             \
    } while (0)

START_TEST(test_null_arguments)
{
    rm_platform *p = two_hosts();
    rm_options opt;
    rm_options_init(&opt);
    rm_mapping *m = (rm_mapping *)0x1;
    rm_network net;
    EXPECT_EINVAL(rm_map(p, NULL, &m, err), "options are NULL");
    EXPECT_EINVAL(rm_map(p, &opt, NULL, err), "rm_map: out is NULL");
    EXPECT_EINVAL(rm_map(NULL, &opt, &m, err), "the platform is NULL");
    ck_assert_ptr_null(m); /* *out cleared */
    EXPECT_EINVAL(rm_options_check(NULL, err), "options are NULL");
    EXPECT_EINVAL(rm_network_init(NULL, p, RM_DUPLEX_HALF, err), "net is NULL");
    EXPECT_EINVAL(rm_network_init(&net, NULL, RM_DUPLEX_HALF, err), "the platform is NULL");
    EXPECT_EINVAL(rm_map_network(NULL, &opt, &m, err), "rm_map_network: net is NULL");
    rm_error e0 = {RM_OK, ""};
    ck_assert_int_eq(rm_network_init(&net, p, RM_DUPLEX_HALF, &e0), RM_OK);
    EXPECT_EINVAL(rm_map_network(&net, &opt, NULL, err), "rm_map_network: out is NULL");
    EXPECT_EINVAL(rm_map_network(&net, NULL, &m, err), "options are NULL");
    EXPECT_EINVAL(rm_mapping_check(&net, NULL, 1e-9, err), "the mapping is NULL");
    EXPECT_EINVAL(rm_widest_route(&net, NULL, 0, 1, NULL, err), "route is NULL");
    ck_assert_int_eq(rm_map_network(&net, &opt, &m, &e0), RM_OK);
    EXPECT_EINVAL(rm_mapping_check(NULL, m, 1e-9, err), "net is NULL");
    EXPECT_EINVAL(rm_mapping_write_json(NULL, &net, &opt, m, err), "the stream is NULL");
    EXPECT_EINVAL(rm_mapping_write_json(stdout, &net, &opt, NULL, err), "the mapping is NULL");
    rm_mapping_free(m);
    rm_network_destroy(&net);
    rm_platform_free(p);
}
END_TEST

START_TEST(test_unfinalized_and_corrupt)
{
    rm_options opt;
    rm_options_init(&opt);
    rm_mapping *m = NULL;
    /* built but never finalized: no host list */
    rm_platform *p = rm_platform_new("raw", 2, 1, 0);
    p->nodes[0].is_host = p->nodes[1].is_host = 1;
    p->nodes[0].w = p->nodes[1].w = 1.0;
    p->links[0].target = 1;
    p->links[0].bandwidth = 10.0;
    EXPECT_EINVAL(rm_map(p, &opt, &m, err), "not finalized");
    rm_platform_free(p);
    /* a corrupted link index after finalize */
    p = two_hosts();
    p->links[0].target = 7;
    EXPECT_EINVAL(rm_map(p, &opt, &m, err), "link 0 joins nodes 0 and 7, not in 0..1");
    p->links[0].target = -1;
    rm_network net;
    EXPECT_EINVAL(rm_network_init(&net, p, RM_DUPLEX_HALF, err), "corrupt platform");
    p->links[0].target = 1;
    /* a host turned into a router after finalize */
    p->nodes[1].is_host = 0;
    EXPECT_EINVAL(rm_map(p, &opt, &m, err), "hosts[1] = 1 is not a host node");
    p->nodes[1].is_host = 1;
    rm_error e0 = {RM_OK, ""};
    ck_assert_int_eq(rm_map(p, &opt, &m, &e0), RM_OK); /* repaired: maps */
    ck_assert_int_eq(m->q, 2);
    rm_mapping_free(m);
    rm_platform_free(p);
}
END_TEST

/* The ring module's entry points: the
 * heuristics, refinements, work units and part sizes, on NULL arguments, a
 * platform corrupted after the network was built, and a mapping whose ring
 * position or route arc is out of range. */
START_TEST(test_ring_entries)
{
    rm_platform *p = two_hosts();
    rm_options opt;
    rm_options_init(&opt);
    rm_network net;
    rm_error e0 = {RM_OK, ""};
    ck_assert_int_eq(rm_network_init(&net, p, RM_DUPLEX_HALF, &e0), RM_OK);
    rm_mapping *m = (rm_mapping *)0x1;
    EXPECT_EINVAL(rm_sharedring(NULL, &opt, &m, err), "rm_sharedring: net is NULL");
    ck_assert_ptr_null(m); /* *out cleared */
    EXPECT_EINVAL(rm_sharedring(&net, NULL, &m, err), "options are NULL");
    EXPECT_EINVAL(rm_sharedring(&net, &opt, NULL, err), "rm_sharedring: out is NULL");
    EXPECT_EINVAL(rm_slicering(NULL, &opt, &m, err), "rm_slicering: net is NULL");
    EXPECT_EINVAL(rm_slicering(&net, NULL, &m, err), "options are NULL");
    EXPECT_EINVAL(rm_slicering(&net, &opt, NULL, err), "rm_slicering: out is NULL");
    /* the platform corrupted after the network was built */
    p->links[0].target = 7;
    EXPECT_EINVAL(rm_sharedring(&net, &opt, &m, err), "link 0 joins nodes 0 and 7");
    EXPECT_EINVAL(rm_slicering(&net, &opt, &m, err), "link 0 joins nodes 0 and 7");
    p->links[0].target = 1;
    int *hosts = p->hosts;
    p->hosts = NULL;
    EXPECT_EINVAL(rm_sharedring(&net, &opt, &m, err), "not finalized");
    p->hosts = hosts;

    ck_assert_int_eq(rm_sharedring(&net, &opt, &m, &e0), RM_OK);
    ck_assert_int_eq(m->q, 2);
    long units[2];
    float sizes[2];
    EXPECT_EINVAL(rm_mapping_units(NULL, m, 10, 0, units, err), "rm_mapping_units: net is NULL");
    EXPECT_EINVAL(rm_mapping_units(&net, NULL, 10, 0, units, err), "the mapping is NULL");
    EXPECT_EINVAL(rm_mapping_units(&net, m, 10, 0, NULL, err), "rm_mapping_units: units is NULL");
    EXPECT_EINVAL(rm_mapping_part_sizes(NULL, 2, NULL, sizes, err), "the mapping is NULL");
    EXPECT_EINVAL(rm_mapping_part_sizes(m, 2, NULL, NULL, err), "part_sizes is NULL");
    EXPECT_EINVAL(rm_mapping_refine_maxmin(NULL, m, err), "rm_mapping_refine_maxmin: net is NULL");
    EXPECT_EINVAL(rm_mapping_refine_optimal(&net, NULL, err), "the mapping is NULL");
    /* a ring position that is not a host node */
    int v = m->ring[1];
    m->ring[1] = 99;
    EXPECT_EINVAL(rm_mapping_units(&net, m, 10, 0, units, err), "ring[1] = 99 is not a host");
    EXPECT_EINVAL(rm_mapping_refine_maxmin(&net, m, err), "ring[1] = 99 is not a host");
    EXPECT_EINVAL(rm_mapping_refine_optimal(&net, m, err), "ring[1] = 99 is not a host");
    EXPECT_EINVAL(rm_mapping_check(&net, m, 1e-9, err), "ring[1] = 99 is not a host");
    EXPECT_EINVAL(rm_mapping_write_json(stdout, &net, &opt, m, err), "ring[1] = 99 is not a host");
    ck_assert(isnan(rm_mapping_units_tstep(&net, m, 10, units)));
    m->ring[1] = v;
    /* a route arc out of range */
    ck_assert_int_ge(m->succ[0].n_arcs, 1);
    int a = m->succ[0].arcs[0];
    m->succ[0].arcs[0] = 1000;
    EXPECT_EINVAL(rm_mapping_units(&net, m, 10, 0, units, err), "succ[0]: arc 1000");
    EXPECT_EINVAL(rm_mapping_refine_maxmin(&net, m, err), "succ[0]: arc 1000");
    EXPECT_EINVAL(rm_mapping_check(&net, m, 1e-9, err), "succ[0]: arc 1000");
    ck_assert(isnan(rm_mapping_units_tstep(&net, m, 10, units)));
    m->succ[0].arcs[0] = a;
    /* restored: valid again */
    ck_assert_int_eq(rm_mapping_units(&net, m, 10, 0, units, &e0), RM_OK);
    ck_assert_int_eq(units[0] + units[1], 10);
    ck_assert_int_eq(rm_mapping_part_sizes(m, 2, NULL, sizes, &e0), RM_OK);
    ck_assert_int_eq(rm_mapping_check(&net, m, 1e-9, &e0), RM_OK);
    rm_mapping_free(m);

    /* topo's tree and matrix entries */
    double wd[2], bw[4];
    int in_arc[2];
    rm_route r = {0};
    EXPECT_EINVAL(rm_widest_tree(NULL, NULL, 0, 0, wd, in_arc, err), "rm_widest_tree: net is NULL");
    EXPECT_EINVAL(rm_route_from_tree(&net, 0, 0, NULL, 1, &r, err), "rm_route_from_tree: in_arc is NULL");
    EXPECT_EINVAL(rm_route_from_tree(&net, 0, 0, in_arc, 1, NULL, err), "rm_route_from_tree: route is NULL");
    EXPECT_EINVAL(rm_route_from_tree(NULL, 0, 0, in_arc, 1, &r, err), "rm_route_from_tree: net is NULL");
    EXPECT_EINVAL(rm_capacity_matrix(&net, NULL, err), "rm_capacity_matrix: bw is NULL");
    EXPECT_EINVAL(rm_capacity_matrix(NULL, bw, err), "rm_capacity_matrix: net is NULL");
    rm_network_destroy(&net);
    rm_platform_free(p);
}
END_TEST

/* ---- model/, topo/ (platform, readers,
 * network), balance/, alloc, measured and output entries. ---------------- */

/* model/: the functions returning a number give NaN for an invalid argument. */
START_TEST(test_h13_model_entries)
{
    double w[2] = {1.0, 2.0}, C[2] = {0.1, 0.1}, al[2] = {0.5, 0.5};
    ck_assert(isnan(rm_tstep_eq1(2, NULL, al, C, 1.0)));
    ck_assert(isnan(rm_tstep_eq1(2, w, NULL, C, 1.0)));
    ck_assert(isnan(rm_tstep_eq1(2, w, al, NULL, 1.0)));
    ck_assert(isnan(rm_tstep_eq1(-1, w, al, C, 1.0)));
    ck_assert(isnan(rm_tstep_eq5(2, NULL, C, 1.0)));
    ck_assert(isnan(rm_tstep_eq5(2, w, NULL, 1.0)));
    ck_assert(isnan(rm_tstep_eq5(0, w, C, 1.0)));
    ck_assert(isnan(rm_balance(2, NULL, C, 1.0, al)));
    ck_assert(isnan(rm_balance(2, w, NULL, 1.0, al)));
    /* valid calls still give the model's values: eq. (5) = 2/3 (1 + 0.15) */
    ck_assert_double_eq_tol(rm_tstep_eq5(2, w, C, 1.0), 2.0 / 3.0 * 1.15, 1e-15);
    ck_assert_double_eq_tol(rm_tstep_eq1(2, w, al, C, 1.0), 1.1, 1e-15);
}
END_TEST

/* model/: rm_cost_model_init gives the documented defaults; rm_cost_model_check
 * refuses each bad field with the message rm_options_check gives for it. */
START_TEST(test_cost_model)
{
    rm_cost_model c;
    memset(&c, 0xff, sizeof c);
    rm_cost_model_init(&c);
    ck_assert(c.dc_dw == 0.0064 && c.dc == 0.0 && c.latency == 0 && c.parallel_send == 0);
    for (size_t k = 0; k < sizeof c.reserved / sizeof c.reserved[0]; k++)
        ck_assert(c.reserved[k] == 0.0);
    rm_options o;
    rm_options_init(&o);
    ck_assert(memcmp(&o.cost, &c, sizeof c) == 0); /* rm_options_init uses it */
    rm_error err = {RM_OK, ""};
    ck_assert_int_eq(rm_cost_model_check(&c, &err), RM_OK);
    EXPECT_EINVAL(rm_cost_model_check(NULL, err), "cost model is NULL");
    static const struct {
        double dc_dw, dc;
        int latency, reserved;
        const char *msg;
    } bad[] = {{-1.0, 0.0, 0, 0, "D_c/D_w must be a finite number >= 0 (got -1)"},
               {NAN, 0.0, 0, 0, "D_c/D_w must be a finite number >= 0"},
               {0.1, 0.0, 1, 0, "the latency model needs the absolute message size D_c > 0"},
               {0.1, INFINITY, 1, 0, "the latency model needs the absolute message size D_c > 0"},
               {0.1, -2.0, 0, 0, "D_c must be a finite number >= 0 (got -2)"},
               {0.1, 0.0, 0, 1, "reserved[4] must be 0"}};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        rm_cost_model_init(&c);
        c.dc_dw = bad[i].dc_dw;
        c.dc = bad[i].dc;
        c.latency = bad[i].latency;
        if (bad[i].reserved)
            c.reserved[4] = 1.0;
        o.cost = c;
        for (int via = 0; via < 2; via++) {
            err = (rm_error){RM_OK, ""};
            rm_status st = via ? rm_options_check(&o, &err) : rm_cost_model_check(&c, &err);
            ck_assert_msg(st == RM_EINPUT, "case %zu via %d: status %d", i, via, (int)st);
            ck_assert_msg(strstr(err.msg, bad[i].msg), "case %zu: '%s' lacks '%s'", i, err.msg,
                          bad[i].msg);
        }
    }
    rm_cost_model_init(&c);
    c.latency = 1;
    c.dc = 0.5;
    c.parallel_send = 1;
    ck_assert_int_eq(rm_cost_model_check(&c, &err), RM_OK);
}
END_TEST

/* topo/: platform construction, readers, network and routes. */
START_TEST(test_h13_topo_entries)
{
    rm_read_options_init(NULL); /* no crash */
    rm_matrix_options_init(NULL);
    rm_platform *p = (rm_platform *)0x1;
    EXPECT_EINVAL(rm_platform_read(NULL, NULL, &p, err), "rm_platform_read: path is NULL");
    ck_assert_ptr_null(p);
    EXPECT_EINVAL(rm_platform_read("x.gml", NULL, NULL, err), "rm_platform_read: out is NULL");
    EXPECT_EINVAL(rm_platform_read_gml(NULL, NULL, &p, err), "rm_platform_read_gml: path is NULL");
    EXPECT_EINVAL(rm_platform_read_gml("x.gml", NULL, NULL, err), "rm_platform_read_gml: out is NULL");
    EXPECT_EINVAL(rm_platform_read_matrix(NULL, "bw", stdin, "sp", NULL, &p, err),
                  "rm_platform_read_matrices: bw");
    EXPECT_EINVAL(rm_platform_read_matrix(stdin, "bw", NULL, "sp", NULL, &p, err),
                  "rm_platform_read_matrices: sp");
    EXPECT_EINVAL(rm_platform_read_matrices(stdin, "bw", NULL, NULL, stdin, "sp", NULL, NULL, NULL, err),
                  "rm_platform_read_matrices: out is NULL");
    EXPECT_EINVAL(rm_platform_finalize(NULL, err), "rm_platform_finalize: the platform is NULL");
    EXPECT_EINVAL(rm_platform_validate(NULL, err), "rm_platform_validate: the platform is NULL");
    ck_assert_ptr_null(rm_platform_new("neg", -1, 0, 0));
    p = rm_platform_new("two", 2, 1, 0);
    ck_assert_int_eq(rm_platform_set_label(NULL, 0, "a"), RM_EINVAL);
    ck_assert_int_eq(rm_platform_set_label(p, 2, "a"), RM_EINVAL);
    ck_assert_int_eq(rm_platform_set_label(p, -1, "a"), RM_EINVAL);
    ck_assert_int_eq(rm_platform_set_label(p, 1, "b"), RM_OK);
    ck_assert_str_eq(p->nodes[1].label, "b");
    /* a platform whose arrays were taken away */
    rm_node *nodes = p->nodes;
    p->nodes = NULL;
    EXPECT_EINVAL(rm_platform_finalize(p, err), "inconsistent sizes");
    p->nodes = nodes;
    rm_platform_free(p);

    p = two_hosts();
    rm_network net;
    rm_error e0 = {RM_OK, ""};
    ck_assert_int_eq(rm_network_init(&net, p, RM_DUPLEX_HALF, &e0), RM_OK);
    rm_route r = {0}, r2 = {0};
    ck_assert_int_eq(rm_widest_route(&net, NULL, 0, 1, &r, &e0), RM_OK);
    ck_assert_int_eq(rm_route_copy(NULL, &r), RM_EINVAL);
    ck_assert_int_eq(rm_route_copy(&r2, NULL), RM_EINVAL);
    ck_assert_int_eq(rm_route_copy(&r2, &r), RM_OK);
    ck_assert_int_eq(r2.n_arcs, 1);
    ck_assert(isnan(rm_route_latency(NULL, &r)));
    ck_assert(isnan(rm_route_latency(&net, NULL)));
    ck_assert_double_eq(rm_route_latency(&net, &r), 0.0);
    r2.arcs[0] = 99; /* an arc that does not exist */
    ck_assert(isnan(rm_route_latency(&net, &r2)));
    rm_route_clear(NULL);
    rm_route_clear(&r);
    rm_route_clear(&r2);
    rm_network_destroy(NULL);
    rm_network_destroy(&net);
    rm_platform_free(p);
}
END_TEST

/* balance/: speed functions, partitioning, DFPA, ring communication. */
START_TEST(test_h13_balance_entries)
{
    rm_fpm m;
    rm_fpm_init(&m);
    rm_fpm_init(NULL);
    rm_fpm_clear(NULL);
    rm_fpm_destroy(NULL);
    EXPECT_EINVAL(rm_fpm_add(NULL, 1.0, 1.0, NULL, err), "rm_fpm_add: m is NULL");
    rm_fpm bad = {.n = 3}; /* points without arrays */
    EXPECT_EINVAL(rm_fpm_add(&bad, 1.0, 1.0, NULL, err), "rm_fpm_add: model with 3 points");
    EXPECT_EINVAL(rm_fpm_copy(NULL, &m, err), "rm_fpm_copy: dst is NULL");
    EXPECT_EINVAL(rm_fpm_copy(&m, NULL, err), "rm_fpm_copy: src is NULL");
    EXPECT_EINVAL(rm_fpm_copy(&m, &bad, err), "rm_fpm_copy: src has 3 points");
    ck_assert(isnan(rm_fpm_speed(NULL, 1.0)));
    ck_assert(isnan(rm_fpm_time(NULL, 1.0)));
    ck_assert(isnan(rm_fpm_time_hull(NULL, 1.0)));
    ck_assert_int_eq(rm_fpm_check_shape(NULL), -1);
    rm_error e0 = {RM_OK, ""};
    ck_assert_int_eq(rm_fpm_add(&m, 10.0, 1.0, NULL, &e0), RM_OK);
    rm_fpm two[2];
    rm_fpm_init(&two[0]);
    rm_fpm_init(&two[1]);
    ck_assert_int_eq(rm_fpm_copy(&two[0], &m, &e0), RM_OK);
    ck_assert_int_eq(rm_fpm_copy(&two[1], &m, &e0), RM_OK);
    double x[2];
    long d[2];
    EXPECT_EINVAL(rm_fpm_partition_real(2, NULL, NULL, 10.0, x, NULL, err),
                  "rm_fpm_partition_real: models is NULL");
    EXPECT_EINVAL(rm_fpm_partition_real(2, two, NULL, 10.0, NULL, NULL, err),
                  "rm_fpm_partition_real: x is NULL");
    EXPECT_EINVAL(rm_fpm_partition(2, NULL, NULL, 10, 0, d, NULL, err), "rm_fpm_partition: models is NULL");
    EXPECT_EINVAL(rm_fpm_partition(2, two, NULL, 10, 0, NULL, NULL, err), "rm_fpm_partition: d is NULL");
    ck_assert(isnan(rm_fpm_step_time(2, NULL, NULL, d, NULL)));
    ck_assert_int_eq(rm_fpm_partition(2, two, NULL, 10, 0, d, NULL, &e0), RM_OK);
    ck_assert_int_eq(d[0] + d[1], 10); /* equal speeds: 5 + 5 */
    ck_assert_int_eq(d[0], 5);

    rm_dfpa_options_init(NULL);
    EXPECT_EINVAL(rm_dfpa_new(2, 10, NULL, NULL, err), "rm_dfpa_new: out is NULL");
    rm_dfpa *a = NULL;
    ck_assert_int_eq(rm_dfpa_new(2, 10, NULL, &a, &e0), RM_OK);
    double times[2] = {1.0, 1.0};
    long next[2];
    EXPECT_EINVAL(rm_dfpa_step(NULL, times, next, NULL, err), "rm_dfpa_step: a is NULL");
    EXPECT_EINVAL(rm_dfpa_step(a, NULL, next, NULL, err), "rm_dfpa_step: times is NULL");
    EXPECT_EINVAL(rm_dfpa_restart(NULL, NULL, NULL, err), "rm_dfpa_restart: a is NULL");
    ck_assert_ptr_null(rm_dfpa_distribution(NULL));
    ck_assert_ptr_null(rm_dfpa_model(NULL, 0));
    ck_assert_ptr_null(rm_dfpa_model(a, 2));
    ck_assert(isnan(rm_dfpa_predict(NULL, NULL)));
    rm_dfpa_stats_get(NULL, NULL);
    rm_dfpa_free(a);
    rm_dfpa_free(NULL);

    /* the ring's communication term: NULL and a corrupt mapping */
    rm_platform *p = two_hosts();
    rm_network net;
    ck_assert_int_eq(rm_network_init(&net, p, RM_DUPLEX_HALF, &e0), RM_OK);
    rm_options opt;
    rm_options_init(&opt);
    rm_mapping *mp = NULL;
    ck_assert_int_eq(rm_map_network(&net, &opt, &mp, &e0), RM_OK);
    double comm[2];
    EXPECT_EINVAL(rm_fpm_ring_comm(NULL, mp, 1.0, comm, err), "rm_fpm_ring_comm: net is NULL");
    EXPECT_EINVAL(rm_fpm_ring_comm(&net, NULL, 1.0, comm, err), "the mapping is NULL");
    EXPECT_EINVAL(rm_fpm_ring_comm(&net, mp, 1.0, NULL, err), "rm_fpm_ring_comm: comm is NULL");
    int v = mp->ring[0];
    mp->ring[0] = 42;
    EXPECT_EINVAL(rm_fpm_ring_comm(&net, mp, 1.0, comm, err), "ring[0] = 42 is not a host");
    /* rm_mapping_print writes nothing for the corrupt mapping */
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    ck_assert_ptr_nonnull(f);
    rm_mapping_print(f, &net, mp);
    rm_mapping_print(f, NULL, mp);
    rm_mapping_print(f, &net, NULL);
    rm_mapping_print(NULL, &net, mp);
    fflush(f);
    ck_assert_uint_eq(len, 0);
    mp->ring[0] = v;
    ck_assert_int_eq(rm_fpm_ring_comm(&net, mp, 1.0, comm, &e0), RM_OK);
    ck_assert(comm[0] > 0.0 && isfinite(comm[0]));
    rm_mapping_print(f, &net, mp);
    fclose(f);
    ck_assert_uint_gt(len, 0); /* the valid mapping is printed */
    free(buf);
    rm_mapping_free(mp);
    rm_network_destroy(&net);
    rm_platform_free(p);
    rm_fpm_destroy(&m);
    rm_fpm_destroy(&two[0]);
    rm_fpm_destroy(&two[1]);
}
END_TEST

/* alloc/alloc.c: every rm_alloc_* entry names itself and the NULL array. */
START_TEST(test_h13_alloc_entries)
{
    double t[2] = {1.0, 2.0};
    long c[2];
    int order[3];
    EXPECT_EINVAL(rm_alloc_units(2, NULL, 3, c, err), "rm_alloc_units: t is NULL");
    EXPECT_EINVAL(rm_alloc_units(2, t, 3, NULL, err), "rm_alloc_units: c is NULL");
    EXPECT_EINVAL(rm_alloc_units_order(2, NULL, 3, c, order, err), "rm_alloc_units_order: t is NULL");
    EXPECT_EINVAL(rm_alloc_best_upto(2, t, 3, NULL, NULL, err), "rm_alloc_best_upto: c is NULL");
    EXPECT_EINVAL(rm_alloc_round_shares(2, NULL, 3, c, err), "rm_alloc_round_shares: t is NULL");
    EXPECT_EINVAL(rm_alloc_affine(2, t, NULL, 0, 3, NULL, err), "rm_alloc_affine: c is NULL");
    EXPECT_EINVAL(rm_alloc_columns(2, NULL, NULL, 0.0, 3, 0, c, err), "rm_alloc_columns: w is NULL");
    EXPECT_EINVAL(rm_alloc_columns(2, t, NULL, 0.0, 3, 0, NULL, err), "rm_alloc_columns: cols is NULL");
    EXPECT_EINVAL(rm_alloc_from_alpha(2, NULL, 3, c, err), "rm_alloc_from_alpha: alpha is NULL");
    EXPECT_EINVAL(rm_alloc_from_alpha(2, t, 3, NULL, err), "rm_alloc_from_alpha: cols is NULL");
    ck_assert(isnan(rm_alloc_makespan(2, NULL, c)));
    ck_assert(isnan(rm_alloc_cost(2, t, NULL)));
    ck_assert_int_eq(rm_alloc_certificate(2, NULL, c, 0.0), 0);
    ck_assert_int_eq(rm_alloc_is_optimal(2, NULL, c, 0.0), -1);
    rm_alloc_reverse(3, NULL);
    /* valid: t = (1, 2), 3 units: (2, 1), makespan 2 */
    rm_error e0 = {RM_OK, ""};
    ck_assert_int_eq(rm_alloc_units_order(2, t, 3, c, order, &e0), RM_OK);
    ck_assert_int_eq(c[0], 2);
    ck_assert_int_eq(c[1], 1);
    ck_assert_double_eq(rm_alloc_makespan(2, t, c), 2.0);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("api_args");
    TCase *tc = tcase_create("einval");
    tcase_add_test(tc, test_null_arguments);
    tcase_add_test(tc, test_ring_entries);
    tcase_add_test(tc, test_unfinalized_and_corrupt);
    tcase_add_test(tc, test_h13_model_entries);
    tcase_add_test(tc, test_cost_model);
    tcase_add_test(tc, test_h13_topo_entries);
    tcase_add_test(tc, test_h13_balance_entries);
    tcase_add_test(tc, test_h13_alloc_entries);
    suite_add_tcase(s, tc);
    return rmt_run_suite(s);
}
