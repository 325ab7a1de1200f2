/*
 * test_network.c — the two network models (rm_options.network; docs/model.md,
 * "Two network models"):
 *  - the paper's setup (rm_options_init_paper) is the 1.1 default, field by
 *    field, and rm_options_init differs from it only where the 1.2 defaults
 *    say so;
 *  - the default (the fair model) on the 3-host complete graph of Proposition 1 (Legrand
 *    et al. 2004 §3.2: w = 1, 2, 4; every pair 1 Mb/s; full duplex;
 *    D_c/D_w = 0.01) gives its optimum 4/7 + 0.02 = 0.591428571..., where
 *    the paper's greedy shares give 0.6;
 *  - on a hand-made shared star the fair T_step is the hand computation of
 *    the max-min rates and the balance (below);
 *  - every mapping valued under the fair model (SharedRing with each sharing
 *    policy as its guide, SliceRing, the exhaustive SharedRing, exact
 *    SliceRing) on random and shipped platforms, half and full duplex, has
 *    the rates of an independent max-min computation (progressive filling
 *    written here from the platform's links, not the library's resources)
 *    and T_step = the balance of those rates (eq. (1), alpha >= 0);
 *  - options that ask for reserved shares are refused under the fair model
 *    (RM_EINPUT naming the option and --network reserved);
 *  - the reserved model keeps the paper's numbers.
 */
#include "ringmap.h"

#include "support.h"
#include "bw/fluid.h"
#include "bw/fluid_ring.h"

#include <check.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------ */
/* an independent max-min: progressive filling over the platform's links */
/* ------------------------------------------------------------------ */

/* The resource of arc a: its link (half duplex: one capacity for both
 * directions), or the link and the direction (full duplex: each direction
 * its capacity; a directed platform uses one direction only). */
static int arc_key(const rm_network *net, int a)
{
    int l = net->arc_link[a];
    if (net->duplex == RM_DUPLEX_HALF)
        return l;
    return 2 * l + (net->arc_tail[a] == net->platform->links[l].source ? 0 : 1);
}

/* Max-min fair rates x[0..n) of routes r[0..n) on the full capacities:
 * every unfrozen route grows at the same rate; a shared link that fills up
 * freezes the routes crossing it; a backbone link (no sharing, Legrand et
 * al. 2004 §2.4) only caps each route crossing it at its capacity. */
static void maxmin_by_hand(const rm_network *net, int n, const rm_route *r, double *x)
{
    const rm_platform *p = net->platform;
    int K = 2 * p->n_links;
    double *used = calloc((size_t)K, sizeof *used);
    int *live = calloc((size_t)K, sizeof *live);
    double *cap_route = malloc((size_t)n * sizeof *cap_route);
    int *frozen = calloc((size_t)n, sizeof *frozen);
    ck_assert(used && live && cap_route && frozen);
    for (int i = 0; i < n; i++) {
        x[i] = 0.0;
        cap_route[i] = INFINITY;
        for (int k = 0; k < r[i].n_arcs; k++) {
            int l = net->arc_link[r[i].arcs[k]];
            if (p->links[l].backbone && p->links[l].bandwidth < cap_route[i])
                cap_route[i] = p->links[l].bandwidth;
        }
    }
    for (;;) {
        memset(live, 0, (size_t)K * sizeof *live);
        int any = 0;
        for (int i = 0; i < n; i++)
            if (!frozen[i]) {
                any = 1;
                for (int k = 0; k < r[i].n_arcs; k++) {
                    int l = net->arc_link[r[i].arcs[k]];
                    if (!p->links[l].backbone)
                        live[arc_key(net, r[i].arcs[k])]++;
                }
            }
        if (!any)
            break;
        double inc = INFINITY;
        for (int j = 0; j < K; j++)
            if (live[j]) { /* j: link j (half duplex), link j / 2 (full) */
                double c = p->links[net->duplex == RM_DUPLEX_HALF ? j : j / 2].bandwidth;
                inc = fmin(inc, (c - used[j]) / live[j]);
            }
        for (int i = 0; i < n; i++)
            if (!frozen[i])
                inc = fmin(inc, cap_route[i] - x[i]);
        ck_assert(isfinite(inc));
        for (int i = 0; i < n; i++)
            if (!frozen[i]) {
                x[i] += inc;
                for (int k = 0; k < r[i].n_arcs; k++) {
                    int l = net->arc_link[r[i].arcs[k]];
                    if (!p->links[l].backbone)
                        used[arc_key(net, r[i].arcs[k])] += inc;
                }
            }
        /* freeze the routes of the full links and those at their cap */
        for (int i = 0; i < n; i++) {
            if (frozen[i])
                continue;
            if (x[i] >= cap_route[i] * (1 - 1e-12))
                frozen[i] = 1;
            for (int k = 0; k < r[i].n_arcs && !frozen[i]; k++) {
                int a = r[i].arcs[k], l = net->arc_link[a];
                if (!p->links[l].backbone &&
                    used[arc_key(net, a)] >= p->links[l].bandwidth * (1 - 1e-12))
                    frozen[i] = 1;
            }
        }
    }
    free(used);
    free(live);
    free(cap_route);
    free(frozen);
}

/* The mapping m is valued under the fair model: its 2q rates are the
 * max-min rates by hand (1e-9), its T_step the balance of their costs
 * (1e-12), and it passes rm_mapping_check. */
static void check_fair(const rm_network *net, const rm_mapping *m, const char *what)
{
    ck_assert_msg(m->network == RM_NETWORK_FAIR, "%s: mapping network %d", what, (int)m->network);
    rm_error err = {RM_OK, ""};
    ck_assert_msg(rm_mapping_check(net, m, 1e-9, &err) == RM_OK, "%s: %s", what, err.msg);
    int q = m->q;
    if (q < 2)
        return;
    rm_route *r = malloc((size_t)(2 * q) * sizeof *r);
    double *x = malloc((size_t)(2 * q) * sizeof *x);
    double *w = malloc((size_t)q * sizeof *w), *C = malloc((size_t)q * sizeof *C);
    ck_assert(r && x && w && C);
    for (int k = 0; k < q; k++) {
        r[k] = m->succ[k];
        r[q + k] = m->pred[k];
    }
    maxmin_by_hand(net, 2 * q, r, x);
    for (int k = 0; k < 2 * q; k++) {
        double b = r[k].bandwidth;
        ck_assert_msg(fabs(b - x[k]) <= 1e-9 * x[k], "%s: route %d rate %.17g, max-min %.17g",
                      what, k, b, x[k]);
    }
    for (int k = 0; k < q; k++) {
        w[k] = net->platform->nodes[m->ring[k]].w;
        C[k] = rm_host_cost(rm_route_cost(x[k], 0.0, 0, 0.0), rm_route_cost(x[q + k], 0.0, 0, 0.0),
                            m->cost.parallel_send);
    }
    double t = rm_balance(q, w, C, m->cost.dc_dw, NULL);
    ck_assert_msg(fabs(t - m->t_step_per_dw) <= 1e-9 * t, "%s: T_step %.17g, balance %.17g",
                  what, m->t_step_per_dw, t);
    free(r);
    free(x);
    free(w);
    free(C);
}

/* rm_map_network under opt, checked, or fail. */
static rm_mapping *map(const rm_network *net, const rm_options *opt, const char *what)
{
    rm_mapping *m = NULL;
    rm_error err = {RM_OK, ""};
    rm_status st = rm_map_network(net, opt, &m, &err);
    ck_assert_msg(st == RM_OK, "%s: %s", what, err.msg);
    return m;
}

/* ------------------------------------------------------------------ */

START_TEST(test_paper_options)
{
    rm_options p, d;
    rm_options_init_paper(&p);
    rm_options_init(&d);
    ck_assert_int_eq(p.network, RM_NETWORK_RESERVED);
    ck_assert_int_eq(p.heuristic, RM_HEUR_SHARED);
    ck_assert_int_eq(p.sharing, RM_SHARING_GREEDY);
    ck_assert_int_eq(p.make_feasible, RM_SHARING_MAXMIN);
    ck_assert_int_eq(p.final_solver, RM_FINAL_NONE);
    ck_assert_int_eq(p.improve, 0);
    ck_assert_int_eq(p.duplex, RM_DUPLEX_HALF);
    ck_assert(p.cost.dc_dw == 0.0064);
    rm_error err;
    ck_assert_int_eq(rm_options_check(&p, &err), RM_OK);
    ck_assert_int_eq(rm_options_check(&d, &err), RM_OK);
    ck_assert_int_eq(d.network, RM_NETWORK_FAIR); /* the default since 1.2 */
    /* the paper's setup and the defaults differ in the network model and the
       pipeline (both heuristics, SliceRing's tie rule, the search) */
    ck_assert_int_eq(d.heuristic, RM_HEUR_BOTH);
    ck_assert_int_eq(d.improve, 1);
    ck_assert_int_eq(d.slice_ties, 1);
    d.network = p.network;
    d.heuristic = p.heuristic, d.improve = p.improve, d.slice_ties = p.slice_ties;
    ck_assert(memcmp(&p, &d, sizeof p) == 0);
}
END_TEST

START_TEST(test_fair_refuses_reservations)
{
    rm_options o;
    rm_options_init(&o);
    o.network = RM_NETWORK_FAIR;
    o.heuristic = RM_HEUR_SHARED; /* the cases below name their heuristic */
    rm_error err = {RM_OK, ""};
    for (int f = RM_FINAL_KINSOL; f <= RM_FINAL_GLPK; f++) {
        o.final_solver = (rm_final_solver)f;
        ck_assert_int_eq(rm_options_check(&o, &err), RM_EINPUT);
        ck_assert_msg(strstr(err.msg, "--final-solver") && strstr(err.msg, "--network reserved"),
                      "message: %s", err.msg);
        o.network = RM_NETWORK_RESERVED;
        ck_assert_int_eq(rm_options_check(&o, &err), RM_OK);
        o.network = RM_NETWORK_FAIR;
    }
    o.final_solver = RM_FINAL_NONE;
    o.make_feasible = RM_SHARING_EQ5;
    /* SharedRing ignores the make-feasible step (its mask): accepted */
    ck_assert_int_eq(rm_options_check(&o, &err), RM_OK);
    o.heuristic = RM_HEUR_SLICE;
    ck_assert_int_eq(rm_options_check(&o, &err), RM_EINPUT);
    ck_assert_msg(strstr(err.msg, "--make-feasible eq5") && strstr(err.msg, "--network reserved"),
                  "message: %s", err.msg);
    o.make_feasible = RM_SHARING_MAXMIN;
    o.network = (rm_network_model)2;
    ck_assert_int_eq(rm_options_check(&o, &err), RM_EINPUT);
}
END_TEST

/* Proposition 1's instance (platforms/test/homogeneous3.gml, built here):
 * complete graph of 3 hosts, w = 1, 2, 4, every pair 1 Mb/s, full duplex,
 * D_c/D_w = 0.01: optimum min(1, 4/7 + 2 * 0.01) = 0.591428571... */
START_TEST(test_three_hosts)
{
    static const double w[3] = {1, 2, 4}, b[3] = {1, 1, 1};
    static const int lu[3] = {0, 0, 1}, lv[3] = {1, 2, 2};
    rm_platform *p = rmt_build("homogeneous3", 3, 3, w, 3, lu, lv, b, NULL, NULL);
    rm_network net;
    rm_error err;
    ck_assert_int_eq(rm_network_init(&net, p, RM_DUPLEX_FULL, &err), RM_OK);
    rm_options o;
    rm_options_init(&o); /* the defaults: the fair model */
    o.duplex = RM_DUPLEX_FULL;
    o.cost.dc_dw = 0.01;
    rm_mapping *m = map(&net, &o, "default");
    ck_assert_int_eq(m->q, 3);
    ck_assert_msg(fabs(m->t_step_per_dw - (4.0 / 7.0 + 0.02)) <= 1e-12, "fair T_step %.17g",
                  m->t_step_per_dw);
    ck_assert_msg(fabs(m->t_step_per_dw - 0.591428571) <= 1e-9, "fair T_step %.17g",
                  m->t_step_per_dw);
    check_fair(&net, m, "three hosts, fair");
    rm_mapping_free(m);
    /* the paper's setup: the greedy's shares (one route at 0.5 Mb/s), 0.6 */
    rm_options_init_paper(&o);
    o.duplex = RM_DUPLEX_FULL;
    o.cost.dc_dw = 0.01;
    m = map(&net, &o, "paper");
    ck_assert_int_eq(m->network, RM_NETWORK_RESERVED);
    ck_assert_msg(fabs(m->t_step_per_dw - 0.6) <= 1e-12, "paper T_step %.17g", m->t_step_per_dw);
    rm_mapping_free(m);
    rm_network_destroy(&net);
    rm_platform_free(p);
}
END_TEST

/* A star by hand: hosts A, B (w = 1), C (w = 2), router R; links A-R 4,
 * B-R 8, C-R 8 Mb/s, half duplex; D_c/D_w = 0.01. The ring of the 3 hosts
 * (one ring up to reflection) has 6 routes, each over two access links;
 * every access link carries the 4 routes to and from its host. Max-min:
 * A-R fills first (4 routes, 1 Mb/s each: A->B, A->C, B->A, C->A), then
 * B-R and C-R have 8 - 2 = 6 Mb/s left for B->C and C->B: 3 each. Costs
 * C_A = 1 + 1 = 2, C_B = C_C = 1 + 1/3 = 4/3; balance (all alphas > 0):
 * T = (1 + 0.01 (2/1 + (4/3)/1 + (4/3)/2)) / (1/1 + 1/1 + 1/2) = 1.04/2.5
 * = 0.416. Two hosts give at least 1/(1 + 1) = 0.5 and one host 1: the
 * mapper keeps the 3 hosts at 0.416. */
START_TEST(test_hand_star)
{
    static const double w[3] = {1, 1, 2}, b[3] = {4, 8, 8};
    static const int lu[3] = {0, 1, 2}, lv[3] = {3, 3, 3};
    rm_platform *p = rmt_build("hand_star", 4, 3, w, 3, lu, lv, b, NULL, NULL);
    rm_network net;
    rm_error err;
    ck_assert_int_eq(rm_network_init(&net, p, RM_DUPLEX_HALF, &err), RM_OK);
    for (int h = 0; h < 4; h++)
        for (int sh = RM_SHARING_GREEDY; sh <= RM_SHARING_EQ5; sh++) {
            rm_options o;
            rm_options_init(&o);
            o.network = RM_NETWORK_FAIR;
            o.cost.dc_dw = 0.01;
            o.heuristic = (rm_heuristic)h;
            o.sharing = (rm_sharing)sh;
            rm_mapping *m = map(&net, &o, "hand star");
            ck_assert_int_eq(m->q, 3);
            ck_assert_msg(fabs(m->t_step_per_dw - 0.416) <= 1e-12,
                          "heuristic %d sharing %d: T_step %.17g, hand 0.416", h, sh,
                          m->t_step_per_dw);
            for (int k = 0; k < 3; k++) {
                const rm_route *r[2] = {&m->succ[k], &m->pred[k]};
                for (int s = 0; s < 2; s++) {
                    int a_end = r[s]->src == 0 || r[s]->dst == 0;
                    double want = a_end ? 1.0 : 3.0;
                    ck_assert_msg(fabs(r[s]->bandwidth - want) <= 1e-12,
                                  "route %d->%d: %.17g Mb/s, hand %g", r[s]->src, r[s]->dst,
                                  r[s]->bandwidth, want);
                }
            }
            check_fair(&net, m, "hand star");
            rm_mapping_free(m);
        }
    rm_network_destroy(&net);
    rm_platform_free(p);
}
END_TEST

/* A random connected platform: H hosts, R routers, a random tree plus a few
 * extra links, random capacities (some backbone links). */
static rm_platform *random_platform(unsigned long long *s, int H, int R)
{
    int N = H + R, L = N - 1 + rmt_rndint(s, 0, N);
    double *w = malloc((size_t)H * sizeof *w), *b = malloc((size_t)L * sizeof *b);
    int *lu = malloc((size_t)L * sizeof *lu), *lv = malloc((size_t)L * sizeof *lv);
    int *bb = malloc((size_t)L * sizeof *bb);
    ck_assert(w && b && lu && lv && bb);
    for (int h = 0; h < H; h++)
        w[h] = 0.5 + 4.0 * rmt_rnd(s);
    for (int l = 0; l < L; l++) {
        if (l < N - 1) {
            lu[l] = l + 1;
            lv[l] = rmt_rndint(s, 0, l);
        } else {
            lu[l] = rmt_rndint(s, 0, N - 1);
            do
                lv[l] = rmt_rndint(s, 0, N - 1);
            while (lv[l] == lu[l]);
        }
        b[l] = 1.0 + 99.0 * rmt_rnd(s);
        bb[l] = rmt_rnd(s) < 0.1;
    }
    rm_platform *p = rmt_build("random", N, H, w, L, lu, lv, b, NULL, bb);
    free(w);
    free(b);
    free(lu);
    free(lv);
    free(bb);
    return p;
}

/* Every heuristic (SharedRing with each sharing policy as its guide,
 * SliceRing, and the exhaustive ones where the platform is small enough)
 * under the fair model, half and full duplex, with and without parallel
 * sends, checked against the max-min by hand. */
static void check_all(const rm_platform *p, double dc_dw, const char *what)
{
    for (int d = RM_DUPLEX_HALF; d <= RM_DUPLEX_FULL; d++) {
        rm_network net;
        rm_error err;
        ck_assert_int_eq(rm_network_init(&net, p, (rm_duplex)d, &err), RM_OK);
        for (int h = 0; h < 4; h++) {
            if (h == RM_HEUR_SHARED_EXACT && p->n_hosts > 7)
                continue;
            if (h == RM_HEUR_SLICE_EXACT && p->n_hosts > 9)
                continue;
            for (int sh = RM_SHARING_GREEDY; sh <= RM_SHARING_EQ5; sh++) {
                if (h != RM_HEUR_SHARED && sh != RM_SHARING_GREEDY)
                    continue;
                for (int par = 0; par < 2; par++) {
                    rm_options o;
                    rm_options_init(&o);
                    o.network = RM_NETWORK_FAIR;
                    o.duplex = (rm_duplex)d;
                    o.cost.dc_dw = dc_dw;
                    o.cost.parallel_send = par && h != RM_HEUR_SHARED_EXACT;
                    o.heuristic = (rm_heuristic)h;
                    o.sharing = (rm_sharing)sh;
                    o.threads = 1;
                    char buf[256];
                    snprintf(buf, sizeof buf, "%s dc/dw %g duplex %d heuristic %d sharing %d par %d",
                             what, dc_dw, d, h, sh, par);
                    rm_mapping *m = map(&net, &o, buf);
                    check_fair(&net, m, buf);
                    /* every size of the sweep is a fair value too: never
                       below the chosen one */
                    for (int k = 0; k < m->n_sweep; k++)
                        ck_assert_msg(isnan(m->sweep_t[k]) || h == RM_HEUR_SLICE ||
                                          h == RM_HEUR_SLICE_EXACT ||
                                          m->sweep_t[k] >= m->t_step_per_dw * (1 - 1e-12),
                                      "%s: sweep[%d] %.17g below T_step %.17g", buf, k,
                                      m->sweep_t[k], m->t_step_per_dw);
                    rm_mapping_free(m);
                }
            }
        }
        rm_network_destroy(&net);
    }
}

START_TEST(test_crosscheck_random)
{
    unsigned long long s = 0x5eedf00dULL + (unsigned long long)_i;
    int H = rmt_rndint(&s, 3, 9), R = rmt_rndint(&s, 0, 4);
    rm_platform *p = random_platform(&s, H, R);
    check_all(p, 0.064, "random");
    check_all(p, 0.0064, "random");
    rm_platform_free(p);
}
END_TEST

START_TEST(test_crosscheck_shipped)
{
    static const char *const plats[] = {"medium_tiers.gml", "renater2001.gml",
                                        "generated/tiers_fig3.gml", "test/shared4.gml"};
    rm_platform *p = rmt_shipped(plats[_i]);
    check_all(p, 0.064, plats[_i]);
    check_all(p, 0.0064, plats[_i]);
    rm_platform_free(p);
}
END_TEST

/* The reserved model is the paper's: rm_options_init_paper gives today's
 * SharedRing bit for bit whatever rm_options_init's network is, and a
 * mapping under it records RM_NETWORK_RESERVED. */
START_TEST(test_reserved_is_paper)
{
    rm_platform *p = rmt_shipped("medium_tiers.gml");
    rm_network net;
    rm_error err;
    ck_assert_int_eq(rm_network_init(&net, p, RM_DUPLEX_HALF, &err), RM_OK);
    rm_options a, b;
    rm_options_init_paper(&a);
    rm_options_init(&b);
    b.network = RM_NETWORK_RESERVED; /* --network reserved --heuristic shared --no-improve */
    b.heuristic = RM_HEUR_SHARED, b.improve = 0, b.slice_ties = 0;
    rm_mapping *ma = map(&net, &a, "paper"), *mb = map(&net, &b, "reserved");
    ck_assert_int_eq(ma->network, RM_NETWORK_RESERVED);
    ck_assert_int_eq(ma->q, mb->q);
    ck_assert(ma->t_step_per_dw == mb->t_step_per_dw);
    for (int k = 0; k < ma->q; k++)
        ck_assert_int_eq(ma->ring[k], mb->ring[k]);
    rm_mapping_free(ma);
    rm_mapping_free(mb);
    rm_network_destroy(&net);
    rm_platform_free(p);
}
END_TEST

/* The one-step fluid (bw/fluid.h) by hand: two flows of 1 Mb on one 1 Mb/s
 * link. Latencies 0 and 1 s: the first runs alone from 0 to 1 s, the second
 * from its latency end, 1 s, alone to 2 s (static max-min: 0.5 Mb/s each,
 * ends 2 s and 3 s). Latencies 0 and 0: together at 0.5 Mb/s, both end at
 * 2 s. Latencies 0 and 0.5 s: the first alone for 0.5 s (0.5 Mb left), then
 * both at 0.5 Mb/s: the first ends at 1.5 s, the second has 0.5 Mb left and
 * ends alone at 2 s. */
START_TEST(test_fluid_step)
{
    static const double w[2] = {1, 1}, b[1] = {1};
    static const int lu[1] = {0}, lv[1] = {1};
    rm_platform *p = rmt_build("fluid2", 2, 2, w, 1, lu, lv, b, NULL, NULL);
    rm_network net;
    rm_error err;
    ck_assert_int_eq(rm_network_init(&net, p, RM_DUPLEX_HALF, &err), RM_OK);
    int arc[1] = {0};
    rm_route r[2] = {{0, 1, 1, arc, 1.0}, {0, 1, 1, arc, 1.0}};
    static const double lat[3][2] = {{0, 1}, {0, 0}, {0, 0.5}};
    static const double want[3][2] = {{1, 2}, {2, 2}, {1.5, 2}};
    for (int c = 0; c < 3; c++) {
        double fin[2];
        ck_assert_int_eq(rmi_bw_fluid_step(&net, 2, r, lat[c], 1.0, fin, &err), RM_OK);
        for (int k = 0; k < 2; k++)
            ck_assert_msg(fabs(fin[k] - want[c][k]) <= 1e-12, "case %d flow %d: %.17g, want %g",
                          c, k, fin[k], want[c][k]);
    }
    rm_network_destroy(&net);
    rm_platform_free(p);
}
END_TEST

/* Many steps (rmi_bw_fluid_ring) by hand: a ring of 2 hosts on one 1 Mb/s
 * link (half duplex: the 4 routes of a step share it), 1 Mb messages, 0.5 s
 * of latency. Computations 1 and 1 s: every step the 4 transfers start
 * together at 1 + 0.5 s after the last end and take 4 s: pace 5.5 s. 1 and
 * 2 s: a transfer starts when both ranks have posted (rendezvous), so at
 * 2 + 0.5 s, and both ranks end together: pace 6.5 s. */
START_TEST(test_fluid_ring)
{
    static const double w[2] = {1, 1}, b[1] = {1};
    static const int lu[1] = {0}, lv[1] = {1};
    rm_platform *p = rmt_build("fluid_ring2", 2, 2, w, 1, lu, lv, b, NULL, NULL);
    rm_network net;
    rm_error err;
    ck_assert_int_eq(rm_network_init(&net, p, RM_DUPLEX_HALF, &err), RM_OK);
    int fwd[1] = {0}, back[1] = {1};
    rm_route r[4] = {{0, 1, 1, fwd, 1.0}, {0, 1, 1, fwd, 1.0}, {1, 0, 1, back, 1.0},
                     {1, 0, 1, back, 1.0}};
    static const double lat[4] = {0.5, 0.5, 0.5, 0.5};
    static const double comp[2][2] = {{1, 1}, {1, 2}}, want[2] = {5.5, 6.5};
    for (int c = 0; c < 2; c++) {
        double pace = 0;
        ck_assert_int_eq(rmi_bw_fluid_ring(&net, 2, r, lat, 1.0, comp[c], 10, &pace, &err), RM_OK);
        ck_assert_msg(fabs(pace - want[c]) <= 1e-9, "case %d: pace %.17g, want %g", c, pace,
                      want[c]);
    }
    rm_network_destroy(&net);
    rm_platform_free(p);
}
END_TEST

/* rm_mapping_tstep_dynamic on the hand star with latencies (A-R, B-R 0,
 * C-R 2 ms; D_c 0.01 Mb): computed under the fair model with the latency
 * model only; no host's cost above its static one (the latency phases only
 * free bandwidth here: every route shares an access link with a route of
 * C), C's own routes unchanged or lower, the printed value the fluid one;
 * with every latency 0 it is the static valuation bit for bit. */
START_TEST(test_dynamic_valuation)
{
    static const double w[3] = {1, 1, 2}, b[3] = {4, 8, 8}, lat[3] = {0, 0, 2e-3},
                        lat0[3] = {0, 0, 0};
    static const int lu[3] = {0, 1, 2}, lv[3] = {3, 3, 3};
    for (int z = 0; z < 2; z++) {
        rm_platform *p = rmt_build("hand_star_lat", 4, 3, w, 3, lu, lv, b, z ? lat0 : lat, NULL);
        rm_network net;
        rm_error err;
        ck_assert_int_eq(rm_network_init(&net, p, RM_DUPLEX_HALF, &err), RM_OK);
        rm_options o;
        rm_options_init(&o);
        o.cost.latency = 1;
        o.cost.dc = 0.01;
        o.cost.dc_dw = 0.01;
        rm_mapping *m = map(&net, &o, "fair latency");
        ck_assert_int_eq(m->q, 3);
        ck_assert(m->c_dynamic != NULL && isfinite(m->t_step_per_dw_dynamic));
        double C[3];
        rm_mapping_costs(&net, m, C);
        int moved = 0;
        for (int k = 0; k < 3; k++) {
            ck_assert_msg(m->c_dynamic[k] <= C[k] * (1 + 1e-12), "host %d: %.17g > static %.17g",
                          k, m->c_dynamic[k], C[k]);
            moved |= m->c_dynamic[k] != C[k];
        }
        ck_assert(rm_mapping_tstep_printed(m) == m->t_step_per_dw_dynamic);
        if (z) { /* one latency: nothing moves, the static value exactly */
            ck_assert(!moved);
            ck_assert(m->t_step_per_dw_dynamic == m->t_step_per_dw);
        } else {
            ck_assert(moved);
            ck_assert(m->t_step_per_dw_dynamic < m->t_step_per_dw);
        }
        rm_mapping_free(m);
        /* not under the paper's reserved model, nor without the latency model */
        rm_options_init_paper(&o);
        o.cost.latency = 1;
        o.cost.dc = 0.01;
        o.cost.dc_dw = 0.01;
        m = map(&net, &o, "paper latency");
        ck_assert(m->c_dynamic == NULL && isnan(m->t_step_per_dw_dynamic));
        ck_assert(rm_mapping_tstep_printed(m) == m->t_step_per_dw);
        rm_mapping_free(m);
        rm_options_init(&o);
        o.cost.dc_dw = 0.01;
        m = map(&net, &o, "fair no latency");
        ck_assert(m->c_dynamic == NULL && isnan(m->t_step_per_dw_dynamic));
        rm_mapping_free(m);
        rm_network_destroy(&net);
        rm_platform_free(p);
    }
}
END_TEST

/* rm_mapping_tstep_dynamic under the overlap model, solved by hand: the star
 * A, B, C - R with capacities 1, 1, 2 Mb/s, latencies 0, 0, 1 s, half
 * duplex, D_c = 1 Mb, parallel sends, the ring A, B, C (each host sends to
 * both others; each access link carries 4 flows). Static max-min: every
 * flow 0.25 Mb/s (A's and B's links), a route cost 4 s/Mb plus 1 s/Mb on
 * the routes through C: C_k = max = 5 for every host. Fluid step: A<->B
 * alone from 0 to 1 s at 0.5 Mb/s (0.5 Mb left), then all six flows at
 * 0.25 Mb/s: A<->B end at 3 s, C's flows have 0.5 Mb left; then A's and
 * B's links carry 2 flows (0.5 Mb/s each), C's link 4 flows of 2 Mb/s: 0.5
 * each, they end at 4 s. Every host's exchange ends at 4 s: C^fluid = 4.
 * Overlap model, boundary fraction 1/2, D_c/D_w 0.05, w = 1: alpha 1/3
 * each (symmetric), T_i/D_w = max(alpha w, dc_dw C + alpha w / 2):
 * static 0.25 + 1/6 = 5/12, fluid 0.2 + 1/6 = 11/30 (Legrand et al. 2004
 * eq. (1) with Weissman 1995 §4.1.2, Eq. 4.10). */
START_TEST(test_dynamic_overlap)
{
    static const double w[3] = {1, 1, 1}, b[3] = {1, 1, 2}, lat[3] = {0, 0, 1};
    static const int lu[3] = {0, 1, 2}, lv[3] = {3, 3, 3}, ring[3] = {0, 1, 2};
    rm_platform *p = rmt_build("hand_star_ovl", 4, 3, w, 3, lu, lv, b, lat, NULL);
    rm_network net;
    rm_error err;
    ck_assert_int_eq(rm_network_init(&net, p, RM_DUPLEX_HALF, &err), RM_OK);
    rm_options o;
    rm_options_init(&o);
    o.cost.latency = 1;
    o.cost.parallel_send = 1;
    o.cost.dc = 1.0;
    o.cost.dc_dw = 0.05;
    o.cost.overlap = 1;
    o.cost.overlap_boundary = 0.5;
    rm_mapping *m = NULL;
    ck_assert_int_eq(rm_ring_eval(&net, &o, ring, 3, RM_ALPHA_BEST, &m, &err), RM_OK);
    ck_assert(m->c_dynamic != NULL);
    double C[3];
    rm_mapping_costs(&net, m, C);
    for (int k = 0; k < 3; k++) {
        ck_assert_msg(fabs(C[k] - 5.0) <= 1e-12, "host %d static %.17g, want 5", k, C[k]);
        ck_assert_msg(fabs(m->c_dynamic[k] - 4.0) <= 1e-12, "host %d fluid %.17g, want 4", k,
                      m->c_dynamic[k]);
        ck_assert(fabs(m->alpha[k] - 1.0 / 3.0) <= 1e-12);
    }
    ck_assert_msg(fabs(m->t_step_per_dw - 5.0 / 12.0) <= 1e-12, "static %.17g",
                  m->t_step_per_dw);
    ck_assert_msg(fabs(m->t_step_per_dw_dynamic - 11.0 / 30.0) <= 1e-12, "fluid %.17g",
                  m->t_step_per_dw_dynamic);
    ck_assert(rm_mapping_tstep_printed(m) == m->t_step_per_dw_dynamic);
    rm_mapping_free(m);
    /* every latency 0 with the run's columns known: the many-step ring fluid
       (blocking steps) is not the overlap model's; the one-step valuation,
       here the static one, stays */
    {
        static const double lat0[3] = {0, 0, 0};
        rm_platform *p0 = rmt_build("hand_star_ovl0", 4, 3, w, 3, lu, lv, b, lat0, NULL);
        rm_network n0;
        ck_assert_int_eq(rm_network_init(&n0, p0, RM_DUPLEX_HALF, &err), RM_OK);
        rm_options oc = o;
        oc.columns = 300;
        rm_mapping *mc = NULL;
        ck_assert_int_eq(rm_map_network(&n0, &oc, &mc, &err), RM_OK);
        ck_assert(mc->c_dynamic != NULL);
        ck_assert_msg(mc->t_step_per_dw_dynamic == mc->t_step_per_dw, "%.17g != static %.17g",
                      mc->t_step_per_dw_dynamic, mc->t_step_per_dw);
        rm_mapping_free(mc);
        rm_network_destroy(&n0);
        rm_platform_free(p0);
    }
    /* eq. (1) on the same ring: alpha 1/3, T/D_w = 1/3 + 0.05 C */
    o.cost.overlap = 0;
    o.cost.overlap_boundary = 0.0;
    ck_assert_int_eq(rm_ring_eval(&net, &o, ring, 3, RM_ALPHA_BEST, &m, &err), RM_OK);
    ck_assert(fabs(m->t_step_per_dw - (1.0 / 3.0 + 0.25)) <= 1e-12);
    ck_assert(fabs(m->t_step_per_dw_dynamic - (1.0 / 3.0 + 0.2)) <= 1e-12);
    rm_mapping_free(m);
    rm_network_destroy(&net);
    rm_platform_free(p);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("network");
    TCase *tc = tcase_create("network");
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, test_paper_options);
    tcase_add_test(tc, test_fair_refuses_reservations);
    tcase_add_test(tc, test_three_hosts);
    tcase_add_test(tc, test_hand_star);
    tcase_add_loop_test(tc, test_crosscheck_random, 0, 12);
    tcase_add_loop_test(tc, test_crosscheck_shipped, 0, 4);
    tcase_add_test(tc, test_reserved_is_paper);
    tcase_add_test(tc, test_fluid_step);
    tcase_add_test(tc, test_fluid_ring);
    tcase_add_test(tc, test_dynamic_valuation);
    tcase_add_test(tc, test_dynamic_overlap);
    suite_add_tcase(s, tc);
    return rmt_run_suite(s);
}
