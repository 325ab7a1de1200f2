/*
 * test_scale.c — the generators of bench/bench_scale are
 * deterministic; the stopping rule of the greedy heuristics (heur/bounds/cut_bound.h)
 * is a valid lower bound of T_step for random rings, and stopping by it gives
 * exactly the mapping of the full growth (--full-curve): same ring, routes,
 * shares, alphas and T_step, the same T_step curve up to the stop — on
 * generated Tiers-like, star, cluster and fat-tree platforms, both ratios of
 * the bench, both heuristics, half and full duplex; on a star and the
 * Tiers-like platform at 0.00064 also with latency, parallel send, max-min
 * and eq. (5) shares. The host bound (rm_host_bound) is checked as a
 * property on random rings of random platforms (directed ones too).
 */
#include "heur/bounds/cross_bound.h"
#include "heur/bounds/cut_bound.h"
#include "heur/heur.h"
#include "ringmap.h"
#include "topo/gen/generators.h"
#include "support.h"

#include <check.h>
#include <math.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static rm_platform *gen(rm_gen_topology t, int hosts, uint64_t seed)
{
    rm_platform *p = NULL;
    rm_error err;
    ck_assert_msg(rmi_generate_topology(t, hosts, seed, &p, &err) == RM_OK, "%s", err.msg);
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
        ck_assert_int_eq(rmi_gen_topology_parse(rmi_gen_topology_name((rm_gen_topology)t)), t);
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
    ck_assert_int_eq(rmi_gen_topology_parse("ring"), -1);
    ck_assert_int_eq(rmi_generate_topology(RM_GEN_STAR, 1, 1, &g, &err), RM_EINPUT);
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
    ck_assert_int_eq(rmi_cut_bound_init(&cb, &net, 4.0, 2.0, &err), RM_OK);
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
        m->cost.dc_dw = 0.0064;
        rmi_cut_bound_reset(&cb);
        for (int k = 0; k < q; k++) {
            m->ring[k] = p->hosts[perm[k]];
            rmi_cut_bound_add(&cb, m->ring[k]);
        }
        for (int k = 0; k < q; k++) {
            ck_assert_int_eq(rmi_routing_route(&net, RM_ROUTING_WIDEST, NULL, m->ring[k],
                                              m->ring[(k + 1) % q], &m->succ[k], &err),
                             RM_OK);
            ck_assert_int_eq(rmi_routing_route(&net, RM_ROUTING_WIDEST, NULL, m->ring[k],
                                              m->ring[(k + q - 1) % q], &m->pred[k], &err),
                             RM_OK);
        }
        ck_assert_int_eq(t % 2 ? rm_mapping_refine_maxmin(&net, m, &err)
                               : rm_mapping_refine_optimal(&net, m, &err),
                         RM_OK);
        double lb = m->cost.dc_dw * rm_cut_bound_value(&cb);
        ck_assert_msg(m->t_step_per_dw >= lb * (1.0 - 1e-9), "%s q=%d: T %.12g < bound %.12g",
                      p->name, q, m->t_step_per_dw, lb);
        /* with max-min shares the bound is tight enough to matter */
        hits += lb > 0.5 * m->t_step_per_dw;
        rm_mapping_free(m);
    }
    (void)hits;
    free(perm);
    rmi_cut_bound_destroy(&cb);
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
static int check_same_model(const rm_platform *p, rm_heuristic h, double r, rm_duplex duplex,
                            int latency, int parallel_send, rm_sharing sharing)
{
    rm_options o;
    rm_options_init(&o);
    o.improve = 0, o.slice_ties = 0; /* the heuristic alone, 1.1's (the pipeline: test_pipeline.c) */
    o.heuristic = h;
    o.cost.dc_dw = r;
    o.duplex = duplex;
    o.cost.latency = latency;
    o.cost.parallel_send = parallel_send;
    if (latency)
        o.cost.dc = 10.0;
    if (h == RM_HEUR_SHARED)
        o.sharing = sharing;
    rm_mapping *a = NULL, *b = NULL;
    rm_error err;
    ck_assert_msg(rm_map(p, &o, &a, &err) == RM_OK, "%s", err.msg);
    o.full_curve = 1;
    ck_assert_msg(rm_map(p, &o, &b, &err) == RM_OK, "%s", err.msg);
    char what[160];
    snprintf(what, sizeof what, "%s %s r=%g duplex=%d lat=%d par=%d sharing=%d", p->name,
             h == RM_HEUR_SHARED ? "shared" : "slice", r, (int)duplex, latency, parallel_send,
             (int)sharing);
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

static int check_same(const rm_platform *p, rm_heuristic h, double r, rm_duplex duplex)
{
    return check_same_model(p, h, r, duplex, 0, 0, RM_SHARING_GREEDY);
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
        rm_platform *p = rmt_shipped(files[f]);
        for (int r = 0; r < 4; r++) {
            check_same(p, RM_HEUR_SHARED, ratios[r], RM_DUPLEX_HALF);
            check_same(p, RM_HEUR_SLICE, ratios[r], RM_DUPLEX_HALF);
        }
        rm_platform_free(p);
    }
}
END_TEST

/* The stopping rule's exactness on the cases the host bound is for:
 * a star whose best ring holds the hosts of fast links (it stops at the
 * best q) and the Tiers-like platform at D_c/D_w = 0.00064, under every cost
 * model variant: full duplex, the latency model, parallel send, max-min and
 * eq. (5) shares. */
START_TEST(test_stop_exact_models)
{
    rm_platform *p = gen(RM_GEN_STAR, 500, 1);
    int stopped = 0;
    stopped += check_same_model(p, RM_HEUR_SHARED, 0.04, RM_DUPLEX_HALF, 0, 0, RM_SHARING_GREEDY);
    stopped += check_same_model(p, RM_HEUR_SHARED, 0.04, RM_DUPLEX_FULL, 0, 0, RM_SHARING_GREEDY);
    stopped += check_same_model(p, RM_HEUR_SHARED, 0.04, RM_DUPLEX_HALF, 0, 1, RM_SHARING_GREEDY);
    stopped += check_same_model(p, RM_HEUR_SHARED, 0.04, RM_DUPLEX_HALF, 1, 0, RM_SHARING_GREEDY);
    stopped += check_same_model(p, RM_HEUR_SHARED, 0.04, RM_DUPLEX_HALF, 0, 0, RM_SHARING_MAXMIN);
    /* the star stops at its best ring (q 118 of 500) in every variant */
    ck_assert_int_eq(stopped, 5);
    check_same_model(p, RM_HEUR_SLICE, 0.04, RM_DUPLEX_HALF, 0, 1, RM_SHARING_GREEDY);
    check_same_model(p, RM_HEUR_SLICE, 0.04, RM_DUPLEX_HALF, 1, 0, RM_SHARING_GREEDY);
    rm_platform_free(p);
    p = gen(RM_GEN_TIERS, 200, 1);
    check_same_model(p, RM_HEUR_SHARED, 0.00064, RM_DUPLEX_FULL, 0, 0, RM_SHARING_GREEDY);
    check_same_model(p, RM_HEUR_SHARED, 0.00064, RM_DUPLEX_HALF, 0, 1, RM_SHARING_GREEDY);
    check_same_model(p, RM_HEUR_SHARED, 0.00064, RM_DUPLEX_HALF, 1, 0, RM_SHARING_GREEDY);
    check_same_model(p, RM_HEUR_SHARED, 0.00064, RM_DUPLEX_HALF, 0, 0, RM_SHARING_MAXMIN);
    check_same_model(p, RM_HEUR_SHARED, 0.00064, RM_DUPLEX_HALF, 0, 0, RM_SHARING_EQ5);
    check_same_model(p, RM_HEUR_SLICE, 0.00064, RM_DUPLEX_HALF, 0, 1, RM_SHARING_GREEDY);
    check_same_model(p, RM_HEUR_SLICE, 0.00064, RM_DUPLEX_HALF, 1, 0, RM_SHARING_GREEDY);
    rm_platform_free(p);
}
END_TEST

/* A random connected platform: H hosts and R routers on a random tree plus
 * extra links, bandwidths 1-100 Mb/s, some backbone links, latencies; hosts
 * may be transit nodes. directed: every link is two arcs of different
 * bandwidths (SimGrid's SPLITDUPLEX). */
static rm_platform *random_platform(unsigned long long *rs, int directed)
{
    int H = rmt_rndint(rs, 4, 12), R = rmt_rndint(rs, 0, 5), N = H + R;
    int extra = rmt_rndint(rs, 0, N), E1 = N - 1 + extra, E = directed ? 2 * E1 : E1;
    rm_platform *p = rm_platform_new("random", N, E, directed);
    ck_assert_ptr_nonnull(p);
    for (int v = 0; v < H; v++) {
        p->nodes[v].is_host = 1;
        p->nodes[v].w = 0.01 * rmt_rndint(rs, 1, 10);
    }
    for (int l = 0; l < E1; l++) {
        int u = l < N - 1 ? l + 1 : rmt_rndint(rs, 0, N - 1);
        int v = l < N - 1 ? rmt_rndint(rs, 0, l) : rmt_rndint(rs, 0, N - 1);
        if (u == v)
            v = (u + 1) % N;
        for (int d = 0; d < (directed ? 2 : 1); d++) {
            rm_link *k = &p->links[directed ? 2 * l + d : l];
            k->source = d ? v : u;
            k->target = d ? u : v;
            k->bandwidth = rmt_rndint(rs, 1, 100);
            k->latency = 1e-4 * rmt_rndint(rs, 0, 10);
            k->backbone = rmt_rndint(rs, 0, 9) == 0;
        }
    }
    rm_error err = {RM_OK, ""};
    ck_assert_msg(rm_platform_finalize(p, &err) == RM_OK, "%s", err.msg);
    return p;
}

/* A random ring of q hosts of H: q uniform in [3, H] and perm[0..q) a random
 * partial permutation of 0..H-1 (H <= 12), drawn from *rs in a fixed order.
 * Returns q. O(H). */
static int random_ring_hosts(unsigned long long *rs, int H, int perm[12])
{
    int q = rmt_rndint(rs, 3, H);
    for (int h = 0; h < H; h++)
        perm[h] = h;
    for (int h = 0; h < q; h++) {
        int j = rmt_rndint(rs, h, H - 1), x = perm[h];
        perm[h] = perm[j];
        perm[j] = x;
    }
    return q;
}

/* The mapping of the ring of p's hosts perm[0..q) at D_c/D_w d (cost model
 * par, lat; D_c 10 Mb) with widest routes on the full network and shares by
 * max-min (maxmin != 0) or eq. (5). *ok = 0 when some pair has no route
 * (the shares are then not computed). */
static rm_mapping *random_ring_mapping(const rm_platform *p, const rm_network *net,
                                       const int *perm, int q, double d, int par, int lat,
                                       int maxmin, int *ok)
{
    rm_error err;
    rm_mapping *m = rm_mapping_new(q, 0);
    m->cost.dc_dw = d;
    m->cost.parallel_send = par;
    m->cost.latency = lat;
    m->cost.dc = 10.0;
    *ok = 1;
    for (int k = 0; k < q && *ok; k++) {
        m->ring[k] = p->hosts[perm[k]];
        *ok = rmi_routing_route(net, RM_ROUTING_WIDEST, NULL, p->hosts[perm[k]],
                               p->hosts[perm[(k + 1) % q]], &m->succ[k], &err) == RM_OK &&
              rmi_routing_route(net, RM_ROUTING_WIDEST, NULL, p->hosts[perm[k]],
                               p->hosts[perm[(k + q - 1) % q]], &m->pred[k], &err) == RM_OK;
    }
    if (*ok)
        ck_assert_int_eq(maxmin ? rm_mapping_refine_maxmin(net, m, &err)
                                : rm_mapping_refine_optimal(net, m, &err),
                         RM_OK);
    return m;
}

/* Property of the host bound (heur/bounds/cut_bound.h): for random rings S with
 * widest routes and max-min or eq. (5) shares, under every cost model, and
 * every set R of >= 2 of their hosts (S strictly contains R), T_step/D_w
 * of S >= min(T0, bound of R at T0) for T0 below, at and above it. */
START_TEST(test_host_bound_valid)
{
    unsigned long long rs = 15;
    int checked = 0, tight = 0;
    for (int trial = 0; trial < 400; trial++) {
        int directed = trial % 5 == 4;
        rm_platform *p = random_platform(&rs, directed);
        int H = p->n_hosts;
        rm_duplex duplex = !directed && trial % 3 == 1 ? RM_DUPLEX_FULL : RM_DUPLEX_HALF;
        int par = trial % 4 == 2, lat = trial % 7 == 3;
        static const double ds[4] = {0.0064, 0.064, 0.64, 6.4};
        double d = ds[(trial / 2) % 4];
        rm_network net;
        rm_error err;
        ck_assert_int_eq(rm_network_init(&net, p, duplex, &err), RM_OK);
        rm_host_bound hb;
        ck_assert_int_eq(rmi_host_bound_init_shared(&hb, &net, par, &err), RM_OK);
        int perm[12], q = random_ring_hosts(&rs, H, perm);
        int ok;
        rm_mapping *m = random_ring_mapping(p, &net, perm, q, d, par, lat, trial % 2, &ok);
        for (int sub = 0; ok && sub < 4; sub++) {
            int r = rmt_rndint(&rs, 2, q - 1);
            rmi_host_bound_reset(&hb);
            for (int k = 0; k < r; k++)
                rmi_host_bound_add(&hb, m->ring[(k * 7 + sub) % q]);
            ck_assert_int_le(hb.n_in, q - 1);
            double T = m->t_step_per_dw;
            static const double f[4] = {0.5, 1.0, 1.5, 1e6};
            double t0 = T * f[sub], v = rmi_host_bound_value(&hb, d, t0);
            double lb = v < t0 ? v : t0;
            ck_assert_msg(T >= lb * (1.0 - 1e-9),
                          "trial %d: T %.12g < min(T0 %.12g, bound %.12g) (q %d, |R| %d, "
                          "duplex %d, "
                          "par %d, lat %d, directed %d)",
                          trial, T, t0, v, q, hb.n_in, (int)duplex, par, lat, directed);
            checked++;
            tight += v > 0.5 * T;
        }
        rm_mapping_free(m);
        rmi_host_bound_destroy(&hb);
        rm_network_destroy(&net);
        rm_platform_free(p);
    }
    ck_assert_int_gt(checked, 1000);
    ck_assert_int_gt(tight, 50); /* not vacuous */
    /* a ring where the half-duplex coupling is tight: host 0 (w 1) behind
     * 10 Mb/s, hosts 1, 2 (w 4) behind 1000 Mb/s, eq. (5) shares, D_c/D_w
     * large: the shares on host 0's link are 10/3 (its own two) and 10/6
     * (the two incoming), hosts 0, 1, 2 all cost about 0.6 s/Mb, and the
     * bound of {0, 1} at T0 = T_step is T_step itself (4 / (c - 2 d/T0)) */
    static const double w3[3] = {1, 4, 4}, b3[3] = {10, 1000, 1000};
    static const int lu[3] = {0, 1, 2}, lv[3] = {3, 3, 3};
    rm_platform *p = rmt_build("coupled", 4, 3, w3, 3, lu, lv, b3, NULL, NULL);
    rm_network net;
    rm_error err;
    ck_assert_int_eq(rm_network_init(&net, p, RM_DUPLEX_HALF, &err), RM_OK);
    rm_mapping *m = rm_mapping_new(3, 0);
    m->cost.dc_dw = 1000.0;
    for (int k = 0; k < 3; k++) {
        m->ring[k] = k;
        ck_assert_int_eq(
            rmi_routing_route(&net, RM_ROUTING_WIDEST, NULL, k, (k + 1) % 3, &m->succ[k], &err),
            RM_OK);
        ck_assert_int_eq(
            rmi_routing_route(&net, RM_ROUTING_WIDEST, NULL, k, (k + 2) % 3, &m->pred[k], &err),
            RM_OK);
    }
    ck_assert_int_eq(rm_mapping_refine_optimal(&net, m, &err), RM_OK);
    rm_host_bound hb;
    ck_assert_int_eq(rmi_host_bound_init_shared(&hb, &net, 0, &err), RM_OK);
    rmi_host_bound_add(&hb, 0);
    rmi_host_bound_add(&hb, 1);
    double T = m->t_step_per_dw, v = rmi_host_bound_value(&hb, m->cost.dc_dw, T);
    ck_assert_msg(v <= T * (1.0 + 1e-9) && v >= T * (1.0 - 1e-2), "tight case: T %.12g bound %.12g",
                  T, v);
    rmi_host_bound_destroy(&hb);
    rm_mapping_free(m);
    rm_network_destroy(&net);
    rm_platform_free(p);
}
END_TEST

/* The SliceRing form (fixed L from a cost matrix): every ring of >= 3 hosts
 * strictly containing R has its estimate (rm_balance with the host costs of
 * the matrix) >= the bound, whatever T0. */
START_TEST(test_host_bound_costs_valid)
{
    unsigned long long rs = 16;
    int tight = 0;
    for (int trial = 0; trial < 300; trial++) {
        rm_platform *p = random_platform(&rs, 0);
        int H = p->n_hosts, par = trial % 3 == 1;
        double d = trial % 2 ? 0.0064 : 0.64;
        double *c = malloc((size_t)H * H * sizeof *c);
        for (int i = 0; i < H * H; i++)
            c[i] = i % (H + 1) == 0 ? 0.0 : 1.0 / rmt_rndint(&rs, 1, 100) + 1e-3 * rmt_rnd(&rs);
        rm_host_bound hb;
        rm_error err;
        ck_assert_int_eq(rmi_host_bound_init_costs(&hb, p, c, par, &err), RM_OK);
        int perm[12], q = random_ring_hosts(&rs, H, perm);
        double w[12], C[12];
        for (int k = 0; k < q; k++) {
            int i = perm[k], s = perm[(k + 1) % q], pr = perm[(k + q - 1) % q];
            w[k] = p->nodes[p->hosts[i]].w;
            C[k] = rm_host_cost(c[i * H + s], c[i * H + pr], par);
        }
        double T = rm_balance(q, w, C, d, NULL);
        int r = rmt_rndint(&rs, 2, q - 1);
        rmi_host_bound_reset(&hb);
        for (int k = 0; k < r; k++)
            rmi_host_bound_add(&hb, p->hosts[perm[k]]);
        double v = rmi_host_bound_value(&hb, d, T * (trial % 4 ? 1.0 : 0.5));
        ck_assert_msg(T >= v * (1.0 - 1e-9), "trial %d: estimate %.12g < bound %.12g", trial, T, v);
        tight += v > 0.5 * T;
        rmi_host_bound_destroy(&hb);
        free(c);
        rm_platform_free(p);
    }
    ck_assert_int_gt(tight, 30);
}
END_TEST

/* A directed copy of p (SimGrid SPLITDUPLEX): each link becomes two links,
 * one per direction, the reverse one with bandwidth times rev_factor. */
static rm_platform *directed_copy(const rm_platform *p, double rev_factor)
{
    rm_platform *d = rm_platform_new("directed", p->n_nodes, 2 * p->n_links, 1);
    ck_assert_ptr_nonnull(d);
    for (int v = 0; v < p->n_nodes; v++) {
        d->nodes[v].is_host = p->nodes[v].is_host;
        d->nodes[v].w = p->nodes[v].w;
    }
    for (int l = 0; l < p->n_links; l++)
        for (int k = 0; k < 2; k++) {
            rm_link *e = &d->links[2 * l + k];
            *e = p->links[l];
            e->source = k ? p->links[l].target : p->links[l].source;
            e->target = k ? p->links[l].source : p->links[l].target;
            if (k)
                e->bandwidth *= rev_factor;
        }
    rm_error err = {RM_OK, ""};
    ck_assert_msg(rm_platform_finalize(d, &err) == RM_OK, "%s", err.msg);
    return d;
}

/* The cut bound on directed platforms: valid on random rings (random
 * directed platforms and a directed Tiers-like one), non-zero there, and
 * the stopping rule gives the mapping of --full-curve. */
START_TEST(test_cut_bound_directed)
{
    unsigned long long rs = 17;
    for (int t = 0; t < 40; t++) {
        rm_platform *p = random_platform(&rs, 1);
        check_bound_random(p, RM_DUPLEX_HALF, 10);
        rm_platform_free(p);
    }
    rm_platform *u = gen(RM_GEN_TIERS, 200, 3), *p = directed_copy(u, 0.5);
    check_bound_random(p, RM_DUPLEX_HALF, 120);
    /* a bridge between two hosts' sides gives min(c, c/2) with m = 2 */
    rm_network net;
    rm_error err;
    ck_assert_int_eq(rm_network_init(&net, p, RM_DUPLEX_HALF, &err), RM_OK);
    rm_cut_bound cb;
    ck_assert_int_eq(rmi_cut_bound_init(&cb, &net, 4.0, 2.0, &err), RM_OK);
    ck_assert_int_gt(cb.n_bridges, 0);
    rmi_cut_bound_destroy(&cb);
    rm_network_destroy(&net);
    int stopped = 0;
    for (int r = 0; r < 2; r++) {
        double ratio = r ? 0.00064 : 0.0064;
        stopped += check_same(p, RM_HEUR_SHARED, ratio, RM_DUPLEX_HALF);
        stopped += check_same(p, RM_HEUR_SLICE, ratio, RM_DUPLEX_HALF);
    }
    ck_assert_int_gt(stopped, 0);
    rm_platform_free(p);
    rm_platform_free(u);
}
END_TEST

/* Property of the crossing bound (heur/bounds/cross_bound.h): for random rings S
 * (random hosts and order, widest routes, max-min or eq. (5) shares, every
 * cost model, half and full duplex, directed platforms) and every ring R
 * whose hosts are a cyclic subsequence of S's (R in S's order: the rings
 * the greedy can grow into S), T_step/D_w of S >= D_c/D_w * the bound of R.
 * A sabotaged bound (twice the value) must fail on some case: the check is
 * not vacuous. */
START_TEST(test_cross_bound_valid)
{
    unsigned long long rs = 21;
    int checked = 0, tight = 0, broken = 0;
    for (int trial = 0; trial < 500; trial++) {
        int directed = trial % 5 == 4;
        rm_platform *p = random_platform(&rs, directed);
        int H = p->n_hosts;
        rm_duplex duplex = !directed && trial % 3 == 1 ? RM_DUPLEX_FULL : RM_DUPLEX_HALF;
        int par = trial % 4 == 2, lat = trial % 7 == 3;
        static const double ds[4] = {0.0064, 0.064, 0.64, 6.4};
        double d = ds[(trial / 2) % 4];
        rm_network net;
        rm_error err;
        ck_assert_int_eq(rm_network_init(&net, p, duplex, &err), RM_OK);
        rm_cut_bound cb;
        rm_cross_bound xb;
        ck_assert_int_eq(rmi_cut_bound_init(&cb, &net, 4.0, 2.0, &err), RM_OK);
        ck_assert_int_eq(rmi_cross_bound_init(&xb, &cb, &net, &err), RM_OK);
        int perm[12], q = random_ring_hosts(&rs, H, perm);
        int ok;
        rm_mapping *m = random_ring_mapping(p, &net, perm, q, d, par, lat, trial % 2, &ok);
        for (int sub = 0; ok && sub < 4; sub++) {
            /* R: a random subset of S's hosts in S's cyclic order (sub 0: S) */
            int R[12], r = 0, start = rmt_rndint(&rs, 0, q - 1);
            for (int k = 0; k < q; k++)
                if (sub == 0 || rmt_rndint(&rs, 0, 2) > 0)
                    R[r++] = m->ring[(start + k) % q];
            if (r < 2)
                continue;
            double T = m->t_step_per_dw, v = d * rmi_cross_bound_value(&xb, R, r);
            ck_assert_msg(T >= v * (1.0 - 1e-9),
                          "trial %d: T %.12g < crossing bound %.12g (q %d, |R| %d, duplex %d, "
                          "par %d, lat %d, directed %d)",
                          trial, T, v, q, r, (int)duplex, par, lat, directed);
            checked++;
            tight += v > 0.4 * T;
            broken += T < 2.0 * v * (1.0 - 1e-9);
        }
        rm_mapping_free(m);
        rmi_cross_bound_destroy(&xb);
        rmi_cut_bound_destroy(&cb);
        rm_network_destroy(&net);
        rm_platform_free(p);
    }
    ck_assert_int_gt(checked, 1000);
    ck_assert_int_gt(tight, 20);  /* not vacuous */
    ck_assert_int_gt(broken, 0);  /* twice the bound is not a bound */
    /* two pairs of hosts (w 1) on routers 4 and 5 joined by one 10 Mb/s
     * link (access links 1000 Mb/s): the ring 0, 2, 1, 3 crosses it with 4
     * ring edges, 8 routes of 10/8 Mb/s at most: the bound is 8/10 (the cut
     * bound of heur/bounds/cut_bound.h, 4/10, counts 2 edges) */
    static const double w4[4] = {1, 1, 1, 1}, b5[5] = {1000, 1000, 1000, 1000, 10};
    static const int lu[5] = {0, 1, 2, 3, 4}, lv[5] = {4, 4, 5, 5, 5};
    rm_platform *p = rmt_build("pairs", 6, 4, w4, 5, lu, lv, b5, NULL, NULL);
    rm_network net;
    rm_error err;
    ck_assert_int_eq(rm_network_init(&net, p, RM_DUPLEX_HALF, &err), RM_OK);
    rm_cut_bound cb;
    rm_cross_bound xb;
    ck_assert_int_eq(rmi_cut_bound_init(&cb, &net, 4.0, 2.0, &err), RM_OK);
    ck_assert_int_eq(rmi_cross_bound_init(&xb, &cb, &net, &err), RM_OK);
    static const int r4[4] = {0, 2, 1, 3}, r2[2] = {0, 2}, b4[4] = {0, 1, 2, 3};
    ck_assert(fabs(rmi_cross_bound_value(&xb, r4, 4) - 0.8) < 1e-9);
    ck_assert(fabs(rmi_cross_bound_value(&xb, r2, 2) - 0.4) < 1e-9);
    ck_assert(fabs(rmi_cross_bound_value(&xb, b4, 4) - 0.4) < 1e-9);
    rmi_cross_bound_destroy(&xb);
    rmi_cut_bound_destroy(&cb);
    rm_network_destroy(&net);
    /* full duplex: one direction's 4 routes share 10 Mb/s: 4/10 */
    ck_assert_int_eq(rm_network_init(&net, p, RM_DUPLEX_FULL, &err), RM_OK);
    ck_assert_int_eq(rmi_cut_bound_init(&cb, &net, 4.0, 2.0, &err), RM_OK);
    ck_assert_int_eq(rmi_cross_bound_init(&xb, &cb, &net, &err), RM_OK);
    ck_assert(fabs(rmi_cross_bound_value(&xb, r4, 4) - 0.4) < 1e-9);
    rmi_cross_bound_destroy(&xb);
    rmi_cut_bound_destroy(&cb);
    rm_network_destroy(&net);
    rm_platform_free(p);
}
END_TEST

/* --stop-patience N (a heuristic, off by default): SharedRing evaluates the
 * sizes of the full curve up to the first size N past the last improvement
 * (or an earlier provable stop), with the full curve's values bit for bit,
 * and returns the best of them; SliceRing's estimate is never below the
 * full curve's; the option is checked. */
START_TEST(test_stop_patience)
{
    rm_platform *p = gen(RM_GEN_TIERS, 200, 1);
    static const int pats[3] = {1, 5, 20};
    static const double ratios[2] = {0.0064, 0.00064};
    int shorter = 0;
    for (int r = 0; r < 2; r++) {
        rm_options o;
        rm_options_init(&o);
        o.heuristic = RM_HEUR_SHARED, o.improve = 0, o.slice_ties = 0; /* the heuristic alone, 1.1's (the pipeline: test_pipeline.c) */
        o.cost.dc_dw = ratios[r];
        o.full_curve = 1;
        rm_mapping *f = NULL, *a = NULL, *d = NULL;
        rm_error err;
        ck_assert_msg(rm_map(p, &o, &f, &err) == RM_OK, "%s", err.msg);
        o.full_curve = 0;
        ck_assert_msg(rm_map(p, &o, &d, &err) == RM_OK, "%s", err.msg);
        int tried_d = 0;
        for (int k = 0; k < d->n_sweep; k++)
            tried_d += isfinite(d->sweep_t[k]);
        for (int i = 0; i < 3; i++) {
            o.stop_patience = pats[i];
            ck_assert_msg(rm_map(p, &o, &a, &err) == RM_OK, "%s", err.msg);
            /* the sizes tried: 1 .. stop, the full curve's values */
            int stop = 0, bq = 1;
            for (int k = 0; k < a->n_sweep; k++)
                if (isfinite(a->sweep_t[k])) {
                    ck_assert_int_eq(stop, k); /* a prefix */
                    stop = k + 1;
                    ck_assert(a->sweep_t[k] == f->sweep_t[k]);
                    if (a->sweep_t[k] < a->sweep_t[bq - 1])
                        bq = k + 1;
                }
            ck_assert_int_eq(a->q, bq);
            ck_assert(a->t_step_per_dw == a->sweep_t[bq - 1]);
            ck_assert(a->t_step_per_dw >= f->t_step_per_dw);
            /* stopped N sizes after its best, or where the default stops */
            ck_assert(stop - bq == pats[i] || stop == tried_d);
            ck_assert_int_le(stop, tried_d);
            shorter += stop < tried_d;
            rm_mapping_free(a);
            /* SliceRing: never below the full curve's estimate */
            o.heuristic = RM_HEUR_SLICE;
            ck_assert_msg(rm_map(p, &o, &a, &err) == RM_OK, "%s", err.msg);
            rm_mapping *fs = NULL;
            o.full_curve = 1;
            ck_assert_msg(rm_map(p, &o, &fs, &err) == RM_OK, "%s", err.msg);
            ck_assert(a->t_step_per_dw_unshared >= fs->t_step_per_dw_unshared);
            rm_mapping_free(fs);
            rm_mapping_free(a);
            o.full_curve = 0;
            o.heuristic = RM_HEUR_SHARED;
        }
        o.stop_patience = 0;
        rm_mapping_free(f);
        rm_mapping_free(d);
    }
    ck_assert_int_gt(shorter, 2);
    rm_options o;
    rm_options_init(&o);
    ck_assert_int_eq(o.stop_patience, 0);
    o.stop_patience = -1;
    rm_error err;
    ck_assert_int_eq(rm_options_check(&o, &err), RM_EINPUT);
    rm_platform_free(p);
}
END_TEST

/* steps whose edge bounds the SharedRing pool's threads shared
 * (heur/sharedring/sharedring_scan.c) */
extern atomic_long rmi_h2_bounds_parallel_steps;

/* The same mapping for any thread count (the persistent pool's scans are
 * merged by (T_step, ring edge); the edge bounds of rings of 128 hosts or
 * more are shared by the threads: the 300-host cluster's long growth). */
START_TEST(test_threads_same)
{
    static const rm_gen_topology topo[] = {RM_GEN_TIERS, RM_GEN_FATTREE, RM_GEN_STAR,
                                           RM_GEN_CLUSTER};
    static const int hosts[] = {150, 80, 50, 300};
    long par0 = atomic_load(&rmi_h2_bounds_parallel_steps);
    for (int c = 0; c < 4; c++) {
        rm_platform *p = gen(topo[c], hosts[c], 5);
        rm_mapping *ref = NULL;
        rm_error err;
        for (int th = 1; th <= 5; th += 2) {
            rm_options o;
            rm_options_init(&o);
            o.heuristic = RM_HEUR_SHARED, o.improve = 0, o.slice_ties = 0; /* the heuristic alone, 1.1's (the pipeline: test_pipeline.c) */
            o.threads = th;
            o.full_curve = c >= 2; /* also the long growth */
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
    ck_assert_msg(atomic_load(&rmi_h2_bounds_parallel_steps) > par0,
                  "the threads shared the edge bounds");
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
    tcase_add_test(tc, test_stop_exact_models);
    tcase_add_test(tc, test_host_bound_valid);
    tcase_add_test(tc, test_host_bound_costs_valid);
    tcase_add_test(tc, test_cut_bound_directed);
    tcase_add_test(tc, test_cross_bound_valid);
    tcase_add_test(tc, test_stop_patience);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return rmt_run_suite(scale_suite());
}
