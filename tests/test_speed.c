/*
 * test_speed.c — the issue-6 fast code paths return what the reference
 * (pre-issue-6) code paths return: SharedRing (edge and pair pruning by
 * lower bounds) and SliceRing (O(1) candidate values with exact
 * re-evaluation of near ties, fastest-host start only) give the same ring
 * and T_step to 1e-12 on every shipped platform and on random small
 * platforms (sparse, with routers) at the four ratios of Legrand et al. 2004, for
 * refine none and max-min, half and full duplex. Also: the second SliceRing
 * start never worsens the estimate of any ring size, and the direct routing
 * layer (topo/route/routing.c) on a hand-made graph.
 */
#include "heur/heur.h"
#include "ringmap.h"
#include "support.h"

#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const double RATIOS[4] = {0.64, 0.064, 0.0064, 0.00064};

#define rnd rmt_rnd /* the shared random stream (support.h) */

/* Same ring (as a sequence) and T_step to 1e-12 relative. */
static void assert_same(const rm_mapping *a, const rm_mapping *b, const char *what)
{
    ck_assert_msg(a->q == b->q, "%s: ring size %d vs reference %d", what, a->q, b->q);
    for (int k = 0; k < a->q; k++)
        ck_assert_msg(a->ring[k] == b->ring[k], "%s: ring position %d: node %d vs reference %d",
                      what, k, a->ring[k], b->ring[k]);
    ck_assert_msg(fabs(a->t_step_per_dw - b->t_step_per_dw) <= 1e-12 * fabs(b->t_step_per_dw),
                  "%s: T_step/D_w %.17g vs reference %.17g", what, a->t_step_per_dw,
                  b->t_step_per_dw);
}

/* Run fast and reference SharedRing and SliceRing on p with every ratio;
 * returns the number of comparisons. */
static int compare_all(const rm_platform *p, rm_duplex duplex, const char *name)
{
    rm_network net;
    rm_error err;
    ck_assert_int_eq(rm_network_init(&net, p, duplex, &err), RM_OK);
    int n = 0;
    for (int r = 0; r < 4; r++) {
        for (int refine = 0; refine < 2; refine++) {
            rm_options opt;
            rm_options_init(&opt);
            opt.routing = rm_routing_resolve(&net, opt.routing); /* internal entry: resolved */
            opt.cost.dc_dw = RATIOS[r];
            opt.sharing = refine ? RM_SHARING_MAXMIN : RM_SHARING_GREEDY;
            char what[256];
            rm_mapping *a = NULL, *b = NULL;
            rm_status sa = rm_sharedring(&net, &opt, &a, &err);
            rm_status sb = rmi_sharedring_reference(&net, &opt, &b, &err);
            ck_assert_int_eq(sa, sb);
            if (!sa) {
                snprintf(what, sizeof what, "%s SharedRing dc/dw %g refine %d duplex %d", name,
                         RATIOS[r], refine, (int)duplex);
                assert_same(a, b, what);
                /* the sweeps too: every size's T_step */
                for (int k = 0; k < a->n_sweep; k++)
                    ck_assert_msg((isnan(a->sweep_t[k]) && isnan(b->sweep_t[k])) ||
                                      a->sweep_t[k] == b->sweep_t[k],
                                  "%s: sweep size %d differs", what, k + 1);
                n++;
            }
            rm_mapping_free(a);
            rm_mapping_free(b);
            if (refine)
                continue;
            a = b = NULL;
            sa = rmi_slicering_mode(&net, &opt, RM_SLICE_FAST, &a, &err);
            sb = rmi_slicering_reference(&net, &opt, &b, &err);
            ck_assert_int_eq(sa, sb);
            if (!sa) {
                snprintf(what, sizeof what, "%s SliceRing dc/dw %g duplex %d", name, RATIOS[r],
                         (int)duplex);
                assert_same(a, b, what);
                for (int k = 0; k < a->n_sweep; k++)
                    ck_assert_msg((isnan(a->sweep_t_unshared[k]) &&
                                   isnan(b->sweep_t_unshared[k])) ||
                                      a->sweep_t_unshared[k] == b->sweep_t_unshared[k],
                                  "%s: estimate of size %d differs (%.17g vs %.17g)", what, k + 1,
                                  a->sweep_t_unshared[k], b->sweep_t_unshared[k]);
                n++;
            }
            rm_mapping_free(a);
            rm_mapping_free(b);
            /* the second start never worsens any size's estimate (every
             * size: no stopping rule) */
            a = b = NULL;
            rm_options full = opt;
            full.full_curve = 1;
            ck_assert_int_eq(rm_slicering(&net, &full, &a, &err), RM_OK);
            ck_assert_int_eq(rmi_slicering_reference(&net, &full, &b, &err), RM_OK);
            for (int k = 0; k < a->n_sweep; k++)
                if (!isnan(b->sweep_t_unshared[k]))
                    ck_assert_msg(a->sweep_t_unshared[k] <= b->sweep_t_unshared[k],
                                  "%s: two starts worsen size %d", name, k + 1);
            ck_assert(a->t_step_per_dw_unshared <= b->t_step_per_dw_unshared);
            rm_mapping_free(a);
            rm_mapping_free(b);
        }
    }
    rm_network_destroy(&net);
    return n;
}

static const char *SHIPPED[] = {"platforms/geant2009.gml",     "platforms/medium_tiers.gml",
                                "platforms/renater2001.gml",   "platforms/generated/tiers_fig3.gml",
                                "platforms/generated/tiers_fig4.gml", "platforms/test/star3.gml",
                                "platforms/test/line2.gml",    "platforms/test/shared4.gml",
                                "platforms/test/homogeneous3.gml"};

START_TEST(test_shipped_same)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", RM_SOURCE_DIR, SHIPPED[_i]);
    rm_read_options ro;
    rm_read_options_init(&ro);
    rm_platform *p = NULL;
    rm_error err;
    ck_assert_msg(rm_platform_read(path, &ro, &p, &err) == RM_OK, "%s: %s", path, err.msg);
    int n = compare_all(p, RM_DUPLEX_HALF, SHIPPED[_i]);
    if (p->n_hosts <= 40)
        n += compare_all(p, RM_DUPLEX_FULL, SHIPPED[_i]);
    ck_assert_int_ge(n, 8);
    rm_platform_free(p);
}
END_TEST

START_TEST(test_random_same)
{
    int n = 0;
    for (int t = 0; t < 12; t++) {
        unsigned long long seed = (unsigned long long)(_i * 100 + t);
        rm_platform *p = rmt_random_ties(seed, 8 + (int)(seed % 13), 1 + (int)(seed % 5), t % 2, 0);
        char name[64];
        snprintf(name, sizeof name, "random seed %llu", seed);
        n += compare_all(p, t % 3 == 0 ? RM_DUPLEX_FULL : RM_DUPLEX_HALF, name);
        rm_platform_free(p);
    }
    ck_assert_int_ge(n, 12 * 8);
}
END_TEST

/* A square 0-1-2-3 with a diagonal 0-2 and two parallel links 1-2:
 * direct routing gives one-hop routes, the widest parallel arc, and no
 * route between non-adjacent 1 and 3; widest routing goes around. */
START_TEST(test_direct_routing)
{
    rm_platform *p = rm_platform_new("square", 4, 6, 0);
    int ends[6][2] = {{0, 1}, {1, 2}, {2, 3}, {3, 0}, {0, 2}, {1, 2}};
    double bw[6] = {10, 5, 10, 10, 1, 7};
    for (int l = 0; l < 6; l++) {
        p->links[l].source = ends[l][0];
        p->links[l].target = ends[l][1];
        p->links[l].bandwidth = bw[l];
    }
    for (int v = 0; v < 4; v++) {
        p->nodes[v].is_host = 1;
        p->nodes[v].w = 1.0;
    }
    rm_error err;
    ck_assert_int_eq(rm_platform_finalize(p, &err), RM_OK);
    rm_network net;
    ck_assert_int_eq(rm_network_init(&net, p, RM_DUPLEX_HALF, &err), RM_OK);
    double wd[4], ww[4];
    int ad[4], aw[4];
    ck_assert_int_eq(rmi_routing_tree(&net, RM_ROUTING_DIRECT, NULL, 1, 0, wd, ad, &err), RM_OK);
    ck_assert_int_eq(rmi_routing_tree(&net, RM_ROUTING_WIDEST, NULL, 1, 0, ww, aw, &err), RM_OK);
    ck_assert(isinf(wd[1]) && ad[1] == -1);
    ck_assert_double_eq(wd[0], 10.0);
    ck_assert_double_eq(wd[2], 7.0); /* the wider of the parallel links 1-2 (5 and 7) */
    ck_assert_int_eq(net.arc_link[ad[2]], 5);
    ck_assert_double_eq(wd[3], 0.0); /* not adjacent */
    ck_assert_int_eq(ad[3], -1);
    ck_assert_double_eq(ww[3], 10.0); /* 1-0-3 */
    ck_assert_double_eq(ww[2], 10.0); /* 1-0-3-2 beats the direct 7 */
    /* residual: link 5 nearly used up -> the direct route takes link 1 */
    double res[6] = {10, 5, 10, 10, 1, 0.5};
    rm_route r = {0};
    ck_assert_int_eq(rmi_routing_route(&net, RM_ROUTING_DIRECT, res, 1, 2, &r, &err), RM_OK);
    ck_assert_int_eq(r.n_arcs, 1);
    ck_assert_int_eq(net.arc_link[r.arcs[0]], 1);
    ck_assert_double_eq(r.bandwidth, 5.0);
    ck_assert_int_eq(rmi_routing_route(&net, RM_ROUTING_DIRECT, NULL, 1, 3, &r, &err), RM_OK);
    ck_assert_int_eq(r.n_arcs, 0);
    ck_assert_double_eq(r.bandwidth, 0.0);
    rm_route_clear(&r);
    /* matrix: host indices = node indices here */
    double m[16];
    ck_assert_int_eq(rmi_routing_matrix(&net, RM_ROUTING_DIRECT, m, &err), RM_OK);
    ck_assert_double_eq(m[0 * 4 + 2], 1.0);
    ck_assert_double_eq(m[2 * 4 + 1], 7.0);
    ck_assert_double_eq(m[1 * 4 + 3], 0.0);
    ck_assert(isinf(m[3 * 4 + 3]));
    /* reverse tree: arcs entering node 2 */
    ck_assert_int_eq(rmi_routing_tree(&net, RM_ROUTING_DIRECT, NULL, 2, 1, wd, ad, &err), RM_OK);
    ck_assert_double_eq(wd[1], 7.0);
    ck_assert_int_eq(net.arc_tail[ad[1]], 1);
    ck_assert_int_eq(net.arc_head[ad[1]], 2);
    /* whole mappings with direct routing pass the checker and use one hop */
    for (int h = 0; h < 2; h++) {
        rm_options opt;
        rm_options_init(&opt);
        opt.routing = RM_ROUTING_DIRECT;
        opt.heuristic = h ? RM_HEUR_SLICE : RM_HEUR_SHARED;
        opt.cost.dc_dw = 0.1;
        rm_mapping *mp = NULL;
        ck_assert_int_eq(rmi_run_heuristic(&net, &opt, &mp, &err), RM_OK);
        ck_assert_int_eq(rm_mapping_check(&net, mp, 1e-9, &err), RM_OK);
        for (int k = 0; k < mp->q && mp->q > 1; k++)
            ck_assert(mp->succ[k].n_arcs == 1 && mp->pred[k].n_arcs == 1);
        rm_mapping_free(mp);
    }
    rm_network_destroy(&net);
    rm_platform_free(p);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("speed");
    TCase *tc = tcase_create("same");
    tcase_set_timeout(tc, 120);
    tcase_add_loop_test(tc, test_shipped_same, 0, (int)(sizeof SHIPPED / sizeof *SHIPPED));
    tcase_add_loop_test(tc, test_random_same, 0, 4);
    tcase_add_test(tc, test_direct_routing);
    suite_add_tcase(s, tc);
    return rmt_run_suite(s);
}
