/*
 * test_api_args.c — issue 13, class 8: the public entry points check what
 * they document and return RM_EINVAL with a message instead of crashing:
 * NULL options, outputs, networks, platforms and streams; a platform built
 * with rm_platform_new but never finalized; a link index corrupted after
 * finalize (an end outside 0..n_nodes-1); a host list that no longer
 * matches the nodes.
 */
#include "ringmap.h"

#include <check.h>
#include <math.h>
#include <stdio.h>
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

/* The ring module's entry points (issue 13, class 8, round 2): the
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

int main(void)
{
    Suite *s = suite_create("api_args");
    TCase *tc = tcase_create("einval");
    tcase_add_test(tc, test_null_arguments);
    tcase_add_test(tc, test_ring_entries);
    tcase_add_test(tc, test_unfinalized_and_corrupt);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? 1 : 0;
}
