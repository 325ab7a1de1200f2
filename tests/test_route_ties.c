/*
 * test_route_ties.c — tie rules between equally wide routes
 * (rm_options.route_ties, heur/route_ties.h; beyond the paper):
 *  - a hand-made platform with two equally wide routes between two hosts
 *    (3 links and 2 links, all 100 Mb/s): the index rule's route, each
 *    rule's routes and SliceRing's T_step (max-min shares) computed by hand,
 *    half and full duplex;
 *  - on seeded random platforms with many equal capacities, every rule's
 *    route has the index rule's width, is a walk of usable arcs of at least
 *    that width, and hops gives no more links than any other rule; every
 *    route of SliceRing's mapping under every rule has the widest width;
 *  - the default is the index rule and changes nothing (same routes as
 *    rmi_routing_route); rm_options_check refuses unknown rules.
 */
#include "ringmap.h"
#include "heur/heur.h"
#include "heur/route_ties.h"
#include "support.h"

#include <check.h>
#include <math.h>
#include <stdlib.h>

/* Hosts 0, 1 (w 1 s/Mflop); routers 2, 3, 4. Links 0-2, 2-3, 3-1 (the long
 * route) and 0-4, 4-1 (the short one), all 100 Mb/s. The widest-path search
 * from 0 pops 2 before 4 (index order), then 3, then 1: the index rule takes
 * the long route (0-2-3-1), and from 1 the long one back (1-3-2-0). */
static rm_platform *two_routes(void)
{
    double w[5] = {1.0, 1.0, 0.0, 0.0, 0.0}, b[5] = {100, 100, 100, 100, 100};
    int lu[5] = {0, 2, 3, 0, 4}, lv[5] = {2, 3, 1, 4, 1};
    return rmt_build("two_routes", 5, 2, w, 5, lu, lv, b, NULL, NULL);
}

static int route_has_node(const rm_network *net, const rm_route *r, int v)
{
    for (int i = 0; i < r->n_arcs; i++)
        if (net->arc_head[r->arcs[i]] == v || net->arc_tail[r->arcs[i]] == v)
            return 1;
    return 0;
}

START_TEST(test_hand_routes)
{
    rm_platform *p = two_routes();
    rm_network net;
    rm_error err = {RM_OK, ""};
    ck_assert_int_eq(rm_network_init(&net, p, RM_DUPLEX_HALF, &err), RM_OK);
    rm_route r = {0};
    /* index: the long route, width 100 */
    ck_assert_int_eq(rmi_ties_route(NULL, &net, RM_ROUTING_WIDEST, NULL, 0, 1, &r, &err), RM_OK);
    ck_assert_int_eq(r.n_arcs, 3);
    ck_assert(route_has_node(&net, &r, 2) && route_has_node(&net, &r, 3));
    ck_assert(r.bandwidth == 100.0);
    /* hops and bottleneck2 (every arc is 100 = W: no second bottleneck): the
       short route through 4 */
    rm_route_ties rules[2] = {RM_TIES_HOPS, RM_TIES_BOTTLENECK2};
    for (int k = 0; k < 2; k++) {
        rmi_ties *t;
        ck_assert_int_eq(rmi_ties_new(&net, RM_ROUTING_WIDEST, rules[k], &t, &err), RM_OK);
        ck_assert_ptr_nonnull(t);
        for (int rep = 0; rep < 3; rep++) {
            ck_assert_int_eq(rmi_ties_route(t, &net, RM_ROUTING_WIDEST, NULL, 0, 1, &r, &err), RM_OK);
            ck_assert_int_eq(r.n_arcs, 2);
            ck_assert(route_has_node(&net, &r, 4));
            ck_assert(r.bandwidth == 100.0);
        }
        rmi_ties_free(t);
    }
    /* load: short (no route yet), long (the short one's 2 links carry one
       route each: cost 2N+2 > 3), then for 1 -> 0 short (cost 2N+2 < 3N+3),
       long (4N+2 > 3N+3): alternating */
    rmi_ties *t;
    ck_assert_int_eq(rmi_ties_new(&net, RM_ROUTING_WIDEST, RM_TIES_LOAD, &t, &err), RM_OK);
    int want[4] = {2, 3, 2, 3}, src[4] = {0, 0, 1, 1};
    for (int k = 0; k < 4; k++) {
        ck_assert_int_eq(rmi_ties_route(t, &net, RM_ROUTING_WIDEST, NULL, src[k], 1 - src[k], &r, &err),
                         RM_OK);
        ck_assert_int_eq(r.n_arcs, want[k]);
        ck_assert_int_eq(r.arcs[0] >= 0 && net.arc_tail[r.arcs[0]] == src[k], 1);
        ck_assert_int_eq(net.arc_head[r.arcs[r.n_arcs - 1]], 1 - src[k]);
        ck_assert(r.bandwidth == 100.0);
    }
    /* after a reset the loads are gone: the short route again */
    rmi_ties_reset(t);
    ck_assert_int_eq(rmi_ties_route(t, &net, RM_ROUTING_WIDEST, NULL, 0, 1, &r, &err), RM_OK);
    ck_assert_int_eq(r.n_arcs, 2);
    rmi_ties_free(t);
    /* the index rule and direct routing need no state */
    ck_assert_int_eq(rmi_ties_new(&net, RM_ROUTING_WIDEST, RM_TIES_INDEX, &t, &err), RM_OK);
    ck_assert_ptr_null(t);
    ck_assert_int_eq(rmi_ties_new(&net, RM_ROUTING_DIRECT, RM_TIES_LOAD, &t, &err), RM_OK);
    ck_assert_ptr_null(t);
    rm_route_clear(&r);
    rm_network_destroy(&net);
    rm_platform_free(p);
}
END_TEST

/*
 * SliceRing on the two-route platform, D_c/D_w = 1, max-min shares: the
 * ring is both hosts (q = 1 gives T_step/D_w = 1; q = 2 less), alpha = 1/2
 * each, T_step/D_w = 1/2 + (1/b_succ + 1/b_pred) with the four routes'
 * max-min rates b (eq. (1), Legrand et al. 2004 §2.3).
 * Half duplex: index and hops put all four routes on one route's links
 * (one resource per link): b = 25, T = 0.5 + 2/25 = 0.58; load puts two on
 * each: b = 50, T = 0.54.
 * Share (equal shares 100, then 50 on the short route's links against 100
 * on the long one's, ...) alternates as load does. Best: the least of the
 * four (index, hops, load, share).
 * Full duplex: index puts the two routes 0 -> 1 on the long route's forward
 * arcs and the two 1 -> 0 on its backward ones: b = 50, T = 0.54; load and
 * share alternate in each direction: b = 100, T = 0.52.
 */
START_TEST(test_hand_slicering)
{
    static const struct {
        rm_duplex duplex;
        rm_route_ties rule;
        double t;
    } cases[] = {
        {RM_DUPLEX_HALF, RM_TIES_INDEX, 0.58},       {RM_DUPLEX_HALF, RM_TIES_HOPS, 0.58},
        {RM_DUPLEX_HALF, RM_TIES_BOTTLENECK2, 0.58}, {RM_DUPLEX_HALF, RM_TIES_LOAD, 0.54},
        {RM_DUPLEX_HALF, RM_TIES_SHARE, 0.54},       {RM_DUPLEX_HALF, RM_TIES_BEST, 0.54},
        {RM_DUPLEX_FULL, RM_TIES_INDEX, 0.54},       {RM_DUPLEX_FULL, RM_TIES_HOPS, 0.54},
        {RM_DUPLEX_FULL, RM_TIES_LOAD, 0.52},        {RM_DUPLEX_FULL, RM_TIES_SHARE, 0.52},
        {RM_DUPLEX_FULL, RM_TIES_BEST, 0.52},
    };
    rm_platform *p = two_routes();
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        rm_network net;
        rm_error err = {RM_OK, ""};
        ck_assert_int_eq(rm_network_init(&net, p, cases[c].duplex, &err), RM_OK);
        rm_options o;
        rm_options_init(&o);
        o.heuristic = RM_HEUR_SLICE;
        o.cost.dc_dw = 1.0;
        o.route_ties = cases[c].rule;
        rm_mapping *m = NULL;
        ck_assert_int_eq(rm_slicering(&net, &o, &m, &err), RM_OK);
        ck_assert_int_eq(m->q, 2);
        ck_assert_msg(fabs(m->t_step_per_dw - cases[c].t) < 1e-12, "case %zu: T_step/D_w %.15g, want %g",
                      c, m->t_step_per_dw, cases[c].t);
        ck_assert(fabs(m->alpha[0] - 0.5) < 1e-12);
        rm_mapping_free(m);
        /* SharedRing with the rule: re-routed, re-shared, never worse */
        o.heuristic = RM_HEUR_SHARED;
        rm_mapping *m0 = NULL;
        o.route_ties = RM_TIES_INDEX;
        ck_assert_int_eq(rm_map_network(&net, &o, &m0, &err), RM_OK);
        o.route_ties = cases[c].rule;
        ck_assert_int_eq(rm_map_network(&net, &o, &m, &err), RM_OK);
        ck_assert(m->t_step_per_dw <= m0->t_step_per_dw);
        rm_mapping_free(m);
        rm_mapping_free(m0);
        rm_network_destroy(&net);
    }
    rm_platform_free(p);
}
END_TEST

/* A random connected platform: nh hosts, nr routers, a spanning tree plus
 * extra links, capacities from a small set (many equally wide routes). */
static rm_platform *random_platform(unsigned long long *s, int nh, int nr, int extra)
{
    static const double set[] = {10.0, 10.0, 100.0, 100.0, 100.0, 1000.0};
    int N = nh + nr, E = N - 1 + extra;
    double w[40], b[96];
    int lu[96], lv[96];
    for (int v = 0; v < N; v++)
        w[v] = v < nh ? 0.005 + 0.045 * rmt_rnd(s) : 0.0;
    int l = 0;
    for (int v = 1; v < N; v++, l++) {
        lu[l] = v;
        lv[l] = rmt_rndint(s, 0, v - 1);
        b[l] = set[rmt_rndint(s, 0, 5)];
    }
    while (l < E) {
        int a = rmt_rndint(s, 0, N - 1), c = rmt_rndint(s, 0, N - 2);
        if (c >= a)
            c++;
        lu[l] = a, lv[l] = c, b[l] = set[rmt_rndint(s, 0, 5)]; /* parallel links allowed */
        l++;
    }
    return rmt_build("random", N, nh, w, E, lu, lv, b, NULL, NULL);
}

/* r is a walk of usable arcs src -> dst whose narrowest arc (on the full
 * capacities) is exactly W. */
static void check_walk(const rm_network *net, const rm_route *r, int src, int dst, double W)
{
    ck_assert_int_gt(r->n_arcs, 0);
    int v = src;
    double x = INFINITY;
    for (int i = 0; i < r->n_arcs; i++) {
        int a = r->arcs[i];
        ck_assert_int_ge(net->arc_res[a], 0);
        ck_assert_int_eq(net->arc_tail[a], v);
        v = net->arc_head[a];
        double y = net->res_cap[net->arc_res[a]];
        x = y < x ? y : x;
    }
    ck_assert_int_eq(v, dst);
    ck_assert_msg(x == W, "route bottleneck %g, widest width %g", x, W);
}

START_TEST(test_random_widths)
{
    unsigned long long s = 0x5eed15;
    rm_route_ties rules[6] = {RM_TIES_INDEX, RM_TIES_HOPS,  RM_TIES_LOAD,
                              RM_TIES_BOTTLENECK2, RM_TIES_SHARE, RM_TIES_BEST};
    for (int trial = 0; trial < 24; trial++) {
        int nh = rmt_rndint(&s, 3, 10), nr = rmt_rndint(&s, 0, 12);
        rm_platform *p = random_platform(&s, nh, nr, rmt_rndint(&s, 0, nh + nr));
        rm_duplex d = trial % 2 ? RM_DUPLEX_FULL : RM_DUPLEX_HALF;
        rm_network net;
        rm_error err = {RM_OK, ""};
        ck_assert_int_eq(rm_network_init(&net, p, d, &err), RM_OK);
        rmi_ties *t[5]; /* the per-route rules (best chooses between whole rings) */
        for (int k = 0; k < 5; k++)
            ck_assert_int_eq(rmi_ties_new(&net, RM_ROUTING_WIDEST, rules[k], &t[k], &err), RM_OK);
        rm_route r0 = {0}, r = {0};
        for (int i = 0; i < nh; i++)
            for (int j = 0; j < nh; j++) {
                if (i == j)
                    continue;
                ck_assert_int_eq(rmi_routing_route(&net, RM_ROUTING_WIDEST, NULL, i, j, &r0, &err), RM_OK);
                int hops = 0;
                for (int k = 0; k < 5; k++) {
                    ck_assert_int_eq(rmi_ties_route(t[k], &net, RM_ROUTING_WIDEST, NULL, i, j, &r, &err),
                                     RM_OK);
                    ck_assert(r.bandwidth == r0.bandwidth);
                    check_walk(&net, &r, i, j, r0.bandwidth);
                    if (k == 0) { /* index: rmi_routing_route's own route */
                        ck_assert_int_eq(r.n_arcs, r0.n_arcs);
                        for (int a = 0; a < r.n_arcs; a++)
                            ck_assert_int_eq(r.arcs[a], r0.arcs[a]);
                    }
                    if (k == 1)
                        hops = r.n_arcs;
                    ck_assert_int_le(hops ? hops : r.n_arcs, r.n_arcs); /* hops: fewest */
                    ck_assert_int_le(hops ? hops : 0, r0.n_arcs);
                }
            }
        /* SliceRing's mapping: every route has the widest width under every
           rule (its max-min share may differ) */
        double t_index = 0.0;
        for (int k = 0; k < 6; k++) {
            rm_options o;
            rm_options_init(&o);
            o.heuristic = RM_HEUR_SLICE;
            o.duplex = d;
            o.route_ties = rules[k];
            rm_mapping *m = NULL;
            ck_assert_int_eq(rm_slicering(&net, &o, &m, &err), RM_OK);
            for (int q = 0; q < m->q && m->q > 1; q++) {
                rm_route *rs[2] = {&m->succ[q], &m->pred[q]};
                for (int e = 0; e < 2; e++) {
                    ck_assert_int_eq(rmi_routing_route(&net, RM_ROUTING_WIDEST, NULL, rs[e]->src,
                                                      rs[e]->dst, &r0, &err), RM_OK);
                    check_walk(&net, rs[e], rs[e]->src, rs[e]->dst, r0.bandwidth);
                }
            }
            if (k == 0)
                t_index = m->t_step_per_dw;
            if (k == 5) /* best: never worse than index (same ring, index tried first) */
                ck_assert(m->t_step_per_dw <= t_index);
            rm_mapping_free(m);
        }
        for (int k = 0; k < 5; k++)
            rmi_ties_free(t[k]);
        rm_route_clear(&r0);
        rm_route_clear(&r);
        rm_network_destroy(&net);
        rm_platform_free(p);
    }
}
END_TEST

START_TEST(test_default_unchanged)
{
    rm_options o;
    rm_options_init(&o);
    ck_assert_int_eq(o.route_ties, RM_TIES_INDEX);
    rm_error err = {RM_OK, ""};
    ck_assert_int_eq(rm_options_check(&o, &err), RM_OK);
    o.route_ties = (rm_route_ties)6;
    ck_assert_int_eq(rm_options_check(&o, &err), RM_EINPUT);
    o.route_ties = (rm_route_ties)-1;
    ck_assert_int_eq(rm_options_check(&o, &err), RM_EINPUT);
    /* the default SliceRing mapping's routes are rmi_routing_route's */
    rm_platform *p = two_routes();
    rm_network net;
    ck_assert_int_eq(rm_network_init(&net, p, RM_DUPLEX_HALF, &err), RM_OK);
    rm_options_init(&o);
    o.heuristic = RM_HEUR_SLICE;
    o.cost.dc_dw = 1.0;
    rm_mapping *m = NULL;
    ck_assert_int_eq(rm_slicering(&net, &o, &m, &err), RM_OK);
    rm_route r = {0};
    for (int k = 0; k < m->q; k++) {
        ck_assert_int_eq(rmi_routing_route(&net, RM_ROUTING_WIDEST, NULL, m->ring[k],
                                          m->ring[(k + 1) % m->q], &r, &err), RM_OK);
        ck_assert_int_eq(r.n_arcs, m->succ[k].n_arcs);
        for (int a = 0; a < r.n_arcs; a++)
            ck_assert_int_eq(r.arcs[a], m->succ[k].arcs[a]);
    }
    rm_route_clear(&r);
    rm_mapping_free(m);
    rm_network_destroy(&net);
    rm_platform_free(p);
}
END_TEST

int main(void)
{
    Suite *su = suite_create("route_ties");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_hand_routes);
    tcase_add_test(tc, test_hand_slicering);
    tcase_add_test(tc, test_random_widths);
    tcase_add_test(tc, test_default_unchanged);
    suite_add_tcase(su, tc);
    return rmt_run_suite(su);
}
