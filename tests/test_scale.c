/*
 * test_scale.c — issue 15: the generators of bench/bench_scale are
 * deterministic; the stopping rule of the greedy heuristics (ring/cut_bound.h)
 * is a valid lower bound of T_step for random rings, and stopping by it gives
 * exactly the mapping of the full growth (--full-curve): same ring, routes,
 * shares, alphas and T_step, the same T_step curve up to the stop — on
 * generated Tiers-like, star, cluster and fat-tree platforms, both ratios of
 * the bench, both heuristics, half and full duplex.
 */
#include "ring/cut_bound.h"
#include "ring/ring_internal.h"
#include "ringmap.h"
#include "topo/generators.h"

#include <check.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static rm_platform *gen(rm_gen_topology t, int hosts, uint64_t seed)
{
    rm_platform *p = NULL;
    rm_error err;
    ck_assert_msg(rm_generate_topology(t, hosts, seed, &p, &err) == RM_OK, "%s", err.msg);
    return p;
}

START_TEST(test_generators_deterministic)
{
    const int want[RM_GEN_COUNT] = {198, 200, 200, 200}; /* tiers: 9 * round(200 / 9) */
    for (int t = 0; t < RM_GEN_COUNT; t++) {
        rm_platform *a = gen((rm_gen_topology)t, 200, 7), *b = gen((rm_gen_topology)t, 200, 7);
        ck_assert_int_eq(a->n_hosts, want[t]);
        ck_assert_int_eq(a->n_nodes, b->n_nodes);
        ck_assert_int_eq(a->n_links, b->n_links);
        for (int v = 0; v < a->n_nodes; v++) {
            ck_assert(a->nodes[v].w == b->nodes[v].w);
            ck_assert_str_eq(a->nodes[v].label, b->nodes[v].label);
        }
        for (int l = 0; l < a->n_links; l++) {
            ck_assert_int_eq(a->links[l].source, b->links[l].source);
            ck_assert_int_eq(a->links[l].target, b->links[l].target);
            ck_assert(a->links[l].bandwidth == b->links[l].bandwidth);
        }
        ck_assert_int_eq(rm_gen_topology_parse(rm_gen_topology_name((rm_gen_topology)t)), t);
        rm_platform_free(a);
        rm_platform_free(b);
    }
    /* the 1,000-host Tiers-like platform is the shipped tiers_1000.gml */
    rm_platform *g = gen(RM_GEN_TIERS, 1000, 1), *f = NULL;
    rm_error err;
    ck_assert_msg(rm_platform_read(RM_SOURCE_DIR "/platforms/generated/tiers_1000.gml", NULL, &f,
                                   &err) == RM_OK,
                  "%s", err.msg);
    ck_assert_int_eq(g->n_hosts, 999);
    ck_assert_int_eq(g->n_nodes, f->n_nodes);
    ck_assert_int_eq(g->n_links, f->n_links);
    for (int l = 0; l < g->n_links; l++)
        ck_assert(g->links[l].bandwidth == f->links[l].bandwidth);
    rm_platform_free(g);
    rm_platform_free(f);
    ck_assert_int_eq(rm_gen_topology_parse("ring"), -1);
    ck_assert_int_eq(rm_generate_topology(RM_GEN_STAR, 1, 1, &g, &err), RM_EINPUT);
}
END_TEST

static uint64_t rng_state = 99;
static int rnd(int n)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return (int)((rng_state >> 11) % (uint64_t)n);
}

/* Random rings (random hosts, random order, widest routes, max-min or
 * optimal shares): T_step/D_w >= D_c/D_w * the cut bound of their hosts. */
static void check_bound_random(const rm_platform *p, rm_duplex duplex, int trials)
{
    rm_network net;
    rm_error err;
    ck_assert_int_eq(rm_network_init(&net, p, duplex, &err), RM_OK);
    rm_cut_bound cb;
    ck_assert_int_eq(rm_cut_bound_init(&cb, &net, 4.0, 2.0, &err), RM_OK);
    int H = p->n_hosts, hits = 0;
    int *perm = malloc((size_t)H * sizeof *perm);
    for (int t = 0; t < trials; t++) {
        int q = 2 + rnd(H < 24 ? H - 1 : 23);
        for (int h = 0; h < H; h++)
            perm[h] = h;
        for (int h = 0; h < q; h++) {
            int j = h + rnd(H - h), x = perm[h];
            perm[h] = perm[j];
            perm[j] = x;
        }
        rm_mapping *m = rm_mapping_new(q, 0);
        m->dc_dw = 0.0064;
        rm_cut_bound_reset(&cb);
        for (int k = 0; k < q; k++) {
            m->ring[k] = p->hosts[perm[k]];
            rm_cut_bound_add(&cb, m->ring[k]);
        }
        for (int k = 0; k < q; k++) {
            ck_assert_int_eq(rm_routing_route(&net, RM_ROUTING_WIDEST, NULL, m->ring[k],
                                              m->ring[(k + 1) % q], &m->succ[k], &err),
                             RM_OK);
            ck_assert_int_eq(rm_routing_route(&net, RM_ROUTING_WIDEST, NULL, m->ring[k],
                                              m->ring[(k + q - 1) % q], &m->pred[k], &err),
                             RM_OK);
        }
        ck_assert_int_eq(t % 2 ? rm_mapping_refine_maxmin(&net, m, &err)
                               : rm_mapping_refine_optimal(&net, m, &err),
                         RM_OK);
        double lb = m->dc_dw * rm_cut_bound_value(&cb);
        ck_assert_msg(m->t_step_per_dw >= lb * (1.0 - 1e-9), "%s q=%d: T %.12g < bound %.12g",
                      p->name, q, m->t_step_per_dw, lb);
        /* with max-min shares the bound is tight enough to matter */
        hits += lb > 0.5 * m->t_step_per_dw;
        rm_mapping_free(m);
    }
    (void)hits;
    free(perm);
    rm_cut_bound_destroy(&cb);
    rm_network_destroy(&net);
}

START_TEST(test_cut_bound_valid)
{
    rm_platform *p = gen(RM_GEN_TIERS, 200, 3);
    check_bound_random(p, RM_DUPLEX_HALF, 120);
    check_bound_random(p, RM_DUPLEX_FULL, 60);
    rm_platform_free(p);
    p = gen(RM_GEN_FATTREE, 90, 2);
    check_bound_random(p, RM_DUPLEX_HALF, 60);
    rm_platform_free(p);
    p = gen(RM_GEN_CLUSTER, 90, 2);
    check_bound_random(p, RM_DUPLEX_HALF, 60);
    rm_platform_free(p);
    rm_error err;
    ck_assert_int_eq(rm_platform_read(RM_SOURCE_DIR "/platforms/medium_tiers.gml", NULL, &p, &err),
                     RM_OK);
    check_bound_random(p, RM_DUPLEX_HALF, 120);
    rm_platform_free(p);
}
END_TEST

static void same_route(const rm_route *a, const rm_route *b, const char *what)
{
    ck_assert_msg(a->n_arcs == b->n_arcs && a->bandwidth == b->bandwidth, "%s: route differs", what);
    for (int i = 0; i < a->n_arcs; i++)
        ck_assert_msg(a->arcs[i] == b->arcs[i], "%s: route arcs differ", what);
}

/* Default (stopping rule) against --full-curve: the same mapping bit for bit
 * and the same curve where the stopped run has one. Returns whether the
 * stopped run tried fewer sizes. */
static int check_same(const rm_platform *p, rm_heuristic h, double r, rm_duplex duplex)
{
    rm_options o;
    rm_options_init(&o);
    o.heuristic = h;
    o.dc_dw = r;
    o.duplex = duplex;
    rm_mapping *a = NULL, *b = NULL;
    rm_error err;
    ck_assert_msg(rm_map(p, &o, &a, &err) == RM_OK, "%s", err.msg);
    o.full_curve = 1;
    ck_assert_msg(rm_map(p, &o, &b, &err) == RM_OK, "%s", err.msg);
    char what[160];
    snprintf(what, sizeof what, "%s %s r=%g duplex=%d", p->name, h == RM_HEUR_SHARED ? "shared" : "slice",
             r, (int)duplex);
    ck_assert_msg(a->q == b->q, "%s: q %d vs %d", what, a->q, b->q);
    ck_assert_msg(a->t_step_per_dw == b->t_step_per_dw, "%s: T %.17g vs %.17g", what,
                  a->t_step_per_dw, b->t_step_per_dw);
    for (int k = 0; k < a->q; k++) {
        ck_assert_msg(a->ring[k] == b->ring[k], "%s: ring differs at %d", what, k);
        ck_assert_msg(a->alpha[k] == b->alpha[k], "%s: alpha differs at %d", what, k);
        same_route(&a->succ[k], &b->succ[k], what);
        same_route(&a->pred[k], &b->pred[k], what);
    }
    ck_assert_int_eq(a->n_sweep, b->n_sweep);
    int tried_a = 0, tried_b = 0;
    for (int k = 0; k < a->n_sweep; k++) {
        tried_a += isfinite(a->sweep_t[k]);
        tried_b += isfinite(b->sweep_t[k]);
        if (isfinite(a->sweep_t[k]))
            ck_assert_msg(a->sweep_t[k] == b->sweep_t[k], "%s: curve differs at q=%d", what, k + 1);
    }
    rm_mapping_free(a);
    rm_mapping_free(b);
    return tried_a < tried_b;
}

START_TEST(test_stop_exact_generated)
{
    static const struct {
        rm_gen_topology t;
        int hosts;
    } cases[] = {{RM_GEN_TIERS, 200}, {RM_GEN_TIERS, 120}, {RM_GEN_STAR, 60},
                 {RM_GEN_CLUSTER, 100}, {RM_GEN_FATTREE, 100}};
    static const double ratios[] = {0.0064, 0.00064};
    int stopped = 0;
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        rm_platform *p = gen(cases[c].t, cases[c].hosts, 1 + c);
        for (int r = 0; r < 2; r++) {
            stopped += check_same(p, RM_HEUR_SHARED, ratios[r], RM_DUPLEX_HALF);
            stopped += check_same(p, RM_HEUR_SLICE, ratios[r], RM_DUPLEX_HALF);
        }
        if (cases[c].t == RM_GEN_TIERS)
            stopped += check_same(p, RM_HEUR_SHARED, 0.0064, RM_DUPLEX_FULL);
        rm_platform_free(p);
    }
    /* the rule does stop on the Tiers-like platforms */
    ck_assert_int_gt(stopped, 3);
}
END_TEST

START_TEST(test_stop_exact_shipped)
{
    static const char *files[] = {"medium_tiers.gml", "geant2009.gml", "renater2001.gml",
                                  "generated/tiers_fig3.gml", "generated/tiers_fig4.gml"};
    static const double ratios[] = {0.64, 0.064, 0.0064, 0.00064};
    for (size_t f = 0; f < sizeof files / sizeof files[0]; f++) {
        char path[512];
        snprintf(path, sizeof path, "%s/platforms/%s", RM_SOURCE_DIR, files[f]);
        rm_platform *p = NULL;
        rm_error err;
        ck_assert_msg(rm_platform_read(path, NULL, &p, &err) == RM_OK, "%s", err.msg);
        for (int r = 0; r < 4; r++) {
            check_same(p, RM_HEUR_SHARED, ratios[r], RM_DUPLEX_HALF);
            check_same(p, RM_HEUR_SLICE, ratios[r], RM_DUPLEX_HALF);
        }
        rm_platform_free(p);
    }
}
END_TEST

/* The same mapping for any thread count (the persistent pool's scans are
 * merged by (T_step, ring edge)). */
START_TEST(test_threads_same)
{
    static const rm_gen_topology topo[] = {RM_GEN_TIERS, RM_GEN_FATTREE, RM_GEN_STAR};
    static const int hosts[] = {150, 80, 50};
    for (int c = 0; c < 3; c++) {
        rm_platform *p = gen(topo[c], hosts[c], 5);
        rm_mapping *ref = NULL;
        rm_error err;
        for (int th = 1; th <= 5; th += 2) {
            rm_options o;
            rm_options_init(&o);
            o.threads = th;
            o.full_curve = c == 2; /* also the long growth */
            rm_mapping *m = NULL;
            ck_assert_msg(rm_map(p, &o, &m, &err) == RM_OK, "%s", err.msg);
            if (!ref) {
                ref = m;
                continue;
            }
            ck_assert_int_eq(m->q, ref->q);
            ck_assert_msg(m->t_step_per_dw == ref->t_step_per_dw, "%s: %d threads", p->name, th);
            for (int k = 0; k < m->q; k++) {
                ck_assert_int_eq(m->ring[k], ref->ring[k]);
                same_route(&m->succ[k], &ref->succ[k], p->name);
                same_route(&m->pred[k], &ref->pred[k], p->name);
            }
            for (int k = 0; k < m->n_sweep; k++)
                ck_assert((isnan(m->sweep_t[k]) && isnan(ref->sweep_t[k])) ||
                          m->sweep_t[k] == ref->sweep_t[k]);
            rm_mapping_free(m);
        }
        rm_mapping_free(ref);
        rm_platform_free(p);
    }
    rm_options o;
    rm_options_init(&o);
    o.threads = -1;
    rm_error err;
    ck_assert_int_eq(rm_options_check(&o, &err), RM_EINPUT);
}
END_TEST

static Suite *scale_suite(void)
{
    Suite *s = suite_create("scale");
    TCase *tc = tcase_create("scale");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_generators_deterministic);
    tcase_add_test(tc, test_cut_bound_valid);
    tcase_add_test(tc, test_stop_exact_generated);
    tcase_add_test(tc, test_stop_exact_shipped);
    tcase_add_test(tc, test_threads_same);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(scale_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? 1 : 0;
}
