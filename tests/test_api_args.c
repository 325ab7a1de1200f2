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

int main(void)
{
    Suite *s = suite_create("api_args");
    TCase *tc = tcase_create("einval");
    tcase_add_test(tc, test_null_arguments);
    tcase_add_test(tc, test_unfinalized_and_corrupt);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? 1 : 0;
}
