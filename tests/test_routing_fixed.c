/*
 * test_routing_fixed.c — --routing fixed: the routes a SimGrid file
 * fixes are used instead of widest paths; on the tree-shaped medium_tiers
 * platform they coincide with the widest paths, on a diamond they do not;
 * routes that do not form a tree are mapped as the file gives them; the
 * default routing (RM_ROUTING_AUTO) is the file's routes for SimGrid files,
 * widest paths otherwise.
 */
#include "ringmap.h"

#include "support.h"

#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static rm_platform *load(const char *path)
{
    rm_read_options ro;
    rm_read_options_init(&ro);
    rm_platform *p;
    rm_error err;
    ck_assert_msg(rm_platform_read(path, &ro, &p, &err) == RM_OK, "%s", err.msg);
    return p;
}

static rm_mapping *map(const rm_platform *p, rm_network *net, rm_routing routing, rm_heuristic h,
                       double dc_dw, rm_status want)
{
    rm_options opt;
    rm_options_init(&opt);
    opt.routing = routing;
    opt.heuristic = h;
    opt.cost.dc_dw = dc_dw;
    rm_error err;
    ck_assert_int_eq(rm_network_init(net, p, opt.duplex, &err), RM_OK);
    rm_mapping *m = NULL;
    rm_status st = h == RM_HEUR_SLICE ? rm_slicering(net, &opt, &m, &err)
                                      : rm_sharedring(net, &opt, &m, &err);
    ck_assert_msg(st == want, "status %d, want %d: %s", st, want, err.msg);
    if (m)
        ck_assert_msg(rm_mapping_check(net, m, 1e-9, &err) == RM_OK, "%s", err.msg);
    return m;
}

START_TEST(test_tree_platform_fixed_equals_widest)
{
    rm_platform *p = load(RM_SHARED_DIR "/data/simgrid/medium_tiers-p.xml");
    ck_assert_ptr_nonnull(p->fixed_route_start);
    const double ratios[4] = {0.64, 0.064, 0.0064, 0.00064};
    for (int r = 0; r < 4; r++)
        for (int h = 0; h < 2; h++) {
            rm_network n1, n2;
            rm_mapping *a = map(p, &n1, RM_ROUTING_WIDEST, (rm_heuristic)h, ratios[r], RM_OK);
            rm_mapping *b = map(p, &n2, RM_ROUTING_FIXED, (rm_heuristic)h, ratios[r], RM_OK);
            ck_assert_int_eq(a->q, b->q);
            for (int k = 0; k < a->q; k++)
                ck_assert_int_eq(a->ring[k], b->ring[k]);
            ck_assert_double_eq_tol(a->t_step_per_dw, b->t_step_per_dw, 1e-12 * a->t_step_per_dw);
            rm_mapping_free(a);
            rm_mapping_free(b);
            rm_network_destroy(&n1);
            rm_network_destroy(&n2);
        }
    rm_platform_free(p);
}
END_TEST

START_TEST(test_diamond_follows_the_file)
{
    rm_platform *p = load(RM_SOURCE_DIR "/tests/data/fixed_diamond.xml");
    for (int h = 0; h < 2; h++) {
        rm_network n2;
        rm_mapping *f = map(p, &n2, RM_ROUTING_FIXED, (rm_heuristic)h, 0.01, RM_OK);
        ck_assert_int_eq(f->q, 2);
        /* fixed: via R2 (80 Mb/s shared by 4 routes); a widest path would
         * go via R1, but SimGrid's routes between the two hosts never use
         * it: the platform holds SimGrid's links only */
        ck_assert_double_eq_tol(f->t_step_per_dw, 0.5 * (1 + 0.01 * 0.2), 1e-12);
        ck_assert_double_eq_tol(f->succ[0].bandwidth, 20.0, 1e-9);
        /* host, a2 or b2, the other, host: 2 SimGrid links + 3 connections */
        ck_assert_int_eq(f->succ[0].n_arcs, 5);
        const char *lab = p->nodes[p->links[n2.arc_link[f->succ[0].arcs[1]]].source].label;
        ck_assert_msg(strcmp(lab, "link:a2:in") == 0 || strcmp(lab, "link:b2:in") == 0, "%s", lab);
        rm_mapping_free(f);
        rm_network_destroy(&n2);
    }
    rm_platform_free(p);
}
END_TEST

START_TEST(test_fixed_refused)
{
    rm_error err;
    rm_network net;
    rm_options opt;
    rm_options_init(&opt);
    opt.routing = RM_ROUTING_FIXED;
    rm_mapping *m = NULL;
    /* GML files fix no route */
    rm_platform *p = load(RM_SOURCE_DIR "/platforms/test/star3.gml");
    ck_assert_ptr_null(p->fixed_route_start);
    ck_assert_int_eq(rm_network_init(&net, p, RM_DUPLEX_HALF, &err), RM_OK);
    ck_assert_int_eq(rm_sharedring(&net, &opt, &m, &err), RM_EINPUT);
    ck_assert_ptr_nonnull(strstr(err.msg, "fixes no routes"));
    rm_network_destroy(&net);
    rm_platform_free(p);
}
END_TEST

/* Routes that do not form a tree (from A, link l is entered after x on the
 * route to B, after y on the route to C): mapped on the file's routes as
 * they are (docs/simgrid.md). By hand, D_c/D_w = 0.01, ring A B C (w = 1): l is
 * crossed by A->B, B->A, A->C, C->A (4 x 200 Mb/s of its 800), w by B->C,
 * C->B (2 x 400): C_A = 2/200, C_B = C_C = 1/400 + 1/200, T_step/D_w =
 * (1 + 0.01 (0.01 + 2 x 0.0075)) / 3 = 0.33341666... */
START_TEST(test_nontree_routes_mapped)
{
    rm_platform *p = load(RM_SOURCE_DIR "/tests/data/fixed_nontree.xml");
    for (int h = 0; h < 2; h++) {
        rm_network net;
        rm_mapping *m = map(p, &net, RM_ROUTING_FIXED, (rm_heuristic)h, 0.01, RM_OK);
        ck_assert_int_eq(m->q, 3);
        ck_assert_double_eq_tol(m->t_step_per_dw, (1 + 0.01 * 0.025) / 3, 1e-12);
        /* every route is the file's: A -> C crosses y, l, z (3 SimGrid links
         * + 4 connections), its bandwidth l's share */
        for (int k = 0; k < m->q; k++) {
            const char *a = p->nodes[m->ring[k]].label;
            const char *b = p->nodes[m->succ[k].dst].label;
            int sg = (!strcmp(a, "A") && !strcmp(b, "C")) || (!strcmp(a, "C") && !strcmp(b, "A"))
                         ? 3
                     : (!strcmp(a, "B") && !strcmp(b, "C")) || (!strcmp(a, "C") && !strcmp(b, "B"))
                         ? 1
                         : 2;
            ck_assert_int_eq(m->succ[k].n_arcs, 2 * sg + 1);
            ck_assert_double_eq_tol(m->succ[k].bandwidth, sg == 1 ? 400.0 : 200.0, 1e-9);
        }
        rm_mapping_free(m);
        rm_network_destroy(&net);
    }
    rm_platform_free(p);
}
END_TEST

/* RM_ROUTING_AUTO, the default (rm_routing_resolve): a SimGrid file is
 * mapped on its own routes by the library as by `ringmap`. A fat-tree with
 * two top switches (two equally wide routes between its pods) and a
 * dragonfly: rm_map with rm_options_init's options gives the ring and T_step
 * that `ringmap FILE --json -` prints (node ids and T_step/D_w below, read
 * from it; tests/lib_json.sh compares the whole JSON), bit for bit the
 * explicit RM_ROUTING_FIXED mapping, and not the widest-path one (another
 * ring on the fat-tree, another T_step on the dragonfly). */
static rm_mapping *map_default(const rm_platform *p, rm_heuristic h, rm_routing routing)
{
    rm_options opt;
    rm_options_init(&opt);
    ck_assert_int_eq(opt.routing, RM_ROUTING_AUTO);
    opt.heuristic = h;
    if (routing != RM_ROUTING_AUTO)
        opt.routing = routing;
    rm_mapping *m = NULL;
    rm_error err;
    ck_assert_msg(rm_map(p, &opt, &m, &err) == RM_OK, "%s", err.msg);
    return m;
}

static void assert_same_mapping(const rm_mapping *a, const rm_mapping *b)
{
    ck_assert_int_eq(a->q, b->q);
    for (int k = 0; k < a->q; k++) {
        ck_assert_int_eq(a->ring[k], b->ring[k]);
        ck_assert_int_eq(a->succ[k].n_arcs, b->succ[k].n_arcs);
        for (int i = 0; i < a->succ[k].n_arcs; i++)
            ck_assert_int_eq(a->succ[k].arcs[i], b->succ[k].arcs[i]);
    }
    ck_assert(a->t_step_per_dw == b->t_step_per_dw); /* bit for bit */
}

START_TEST(test_auto_maps_simgrid_like_the_cli)
{
    static const struct {
        const char *file;
        int q;
        long ring[16]; /* GML/SimGrid node ids, as `ringmap --json` prints them */
        double t;      /* its t_step_per_dw */
        int widest_other_ring;
    } cases[] = {
        {"style_fat_tree.xml", 8, {0, 7, 6, 5, 4, 3, 2, 1}, 0.0001506, 1},
        {"style_dragonfly.xml",
         16,
         {0, 13, 12, 11, 10, 9, 8, 15, 14, 7, 6, 5, 4, 3, 2, 1},
         5.685000000000001e-05,
         1},
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        char path[512];
        snprintf(path, sizeof path, "%s/tests/data/simgrid/%s", RM_SOURCE_DIR, cases[c].file);
        rm_platform *p = load(path);
        ck_assert_ptr_nonnull(p->fixed_route_start);
        rm_mapping *a = map_default(p, RM_HEUR_SHARED, RM_ROUTING_AUTO);
        ck_assert_int_eq(a->q, cases[c].q);
        for (int k = 0; k < a->q; k++)
            ck_assert_int_eq(p->nodes[a->ring[k]].id, cases[c].ring[k]);
        ck_assert_double_eq_tol(a->t_step_per_dw, cases[c].t, 1e-15 * cases[c].t);
        rm_mapping *f = map_default(p, RM_HEUR_SHARED, RM_ROUTING_FIXED);
        assert_same_mapping(a, f);
        /* widest paths: another mapping (so this test can fail) */
        rm_mapping *w = map_default(p, RM_HEUR_SHARED, RM_ROUTING_WIDEST);
        int same_ring = w->q == a->q;
        for (int k = 0; same_ring && k < a->q; k++)
            same_ring = w->ring[k] == a->ring[k];
        ck_assert_msg(!same_ring || w->t_step_per_dw != a->t_step_per_dw,
                      "%s: widest paths give the same mapping", cases[c].file);
        /* the heuristics' own entries and rm_map_network resolve it alike */
        rm_network net;
        rm_error err;
        ck_assert_int_eq(rm_network_init(&net, p, RM_DUPLEX_HALF, &err), RM_OK);
        ck_assert_int_eq(rm_routing_resolve(&net, RM_ROUTING_AUTO), RM_ROUTING_FIXED);
        rm_options opt;
        rm_options_init(&opt);
        rm_mapping *b = NULL, *s = NULL, *sf = NULL;
        ck_assert_msg(rm_sharedring(&net, &opt, &b, &err) == RM_OK, "%s", err.msg);
        assert_same_mapping(a, b);
        rm_mapping_free(b);
        ck_assert_msg(rm_map_network(&net, &opt, &b, &err) == RM_OK, "%s", err.msg);
        assert_same_mapping(a, b);
        opt.heuristic = RM_HEUR_SLICE;
        ck_assert_msg(rm_slicering(&net, &opt, &s, &err) == RM_OK, "%s", err.msg);
        opt.routing = RM_ROUTING_FIXED;
        ck_assert_msg(rm_slicering(&net, &opt, &sf, &err) == RM_OK, "%s", err.msg);
        assert_same_mapping(s, sf);
        rm_mapping_free(b);
        rm_mapping_free(s);
        rm_mapping_free(sf);
        rm_network_destroy(&net);
        rm_mapping_free(a);
        rm_mapping_free(f);
        rm_mapping_free(w);
        rm_platform_free(p);
    }
}
END_TEST

/* rm_routing_resolve: AUTO is widest paths on a platform without fixed
 * routes (GML) and on a NULL network; every other value is kept. */
START_TEST(test_resolve)
{
    rm_platform *p = load(RM_SOURCE_DIR "/platforms/test/star3.gml");
    rm_network net;
    rm_error err;
    ck_assert_int_eq(rm_network_init(&net, p, RM_DUPLEX_HALF, &err), RM_OK);
    ck_assert_int_eq(rm_routing_resolve(&net, RM_ROUTING_AUTO), RM_ROUTING_WIDEST);
    ck_assert_int_eq(rm_routing_resolve(NULL, RM_ROUTING_AUTO), RM_ROUTING_WIDEST);
    const rm_routing keep[3] = {RM_ROUTING_WIDEST, RM_ROUTING_DIRECT, RM_ROUTING_FIXED};
    for (int k = 0; k < 3; k++)
        ck_assert_int_eq(rm_routing_resolve(&net, keep[k]), keep[k]);
    /* AUTO and WIDEST give the same mapping on it */
    rm_options opt;
    rm_options_init(&opt);
    rm_mapping *a = NULL, *b = NULL;
    ck_assert_int_eq(rm_map_network(&net, &opt, &a, &err), RM_OK);
    opt.routing = RM_ROUTING_WIDEST;
    ck_assert_int_eq(rm_map_network(&net, &opt, &b, &err), RM_OK);
    assert_same_mapping(a, b);
    rm_mapping_free(a);
    rm_mapping_free(b);
    rm_network_destroy(&net);
    rm_platform_free(p);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("routing_fixed");
    TCase *tc = tcase_create("fixed");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_tree_platform_fixed_equals_widest);
    tcase_add_test(tc, test_diamond_follows_the_file);
    tcase_add_test(tc, test_fixed_refused);
    tcase_add_test(tc, test_nontree_routes_mapped);
    tcase_add_test(tc, test_auto_maps_simgrid_like_the_cli);
    tcase_add_test(tc, test_resolve);
    suite_add_tcase(s, tc);
    return rmt_run_suite(s);
}
