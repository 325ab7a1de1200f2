/*
 * test_naive_sharedring.c — rm_sharedring (its fast path: bounds, pruning,
 * symmetry classes, incremental scan, threads) against SharedRing written
 * again as the plain loop of Legrand et al. 2004 §4.4 from the public API
 * only (tests/naive_sharedring.c: every ring edge, every host, every step,
 * no bound), bit for bit: ring size q, ring, every route's arcs and
 * bandwidth, T_step/D_w, and the T_step/D_w of every ring size the library
 * grew. Platforms: small random ones (sparse, with routers; discrete
 * bandwidths and speeds for ties, or continuous), the small shipped ones,
 * generated star, cluster, fat-tree and Tiers-like ones, and a star whose
 * access links are listed against the host order. Options: the ratios
 * D_c/D_w of Legrand et al. 2004 §5, greedy, max-min and eq. (5) sharing,
 * half and full duplex, the latency and parallel-send cost models, 1 or 3
 * threads, the stopping rule or the full curve.
 */
#include "naive_sharedring.h"
#include "ringmap.h"
#include "topo/gen/generators.h"

#include "support.h"

#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const double RATIOS[4] = {0.64, 0.064, 0.0064, 0.00064};

static void same_route(const rm_route *a, const rm_route *b, const char *what, const char *which,
                       int k)
{
    ck_assert_msg(a->n_arcs == b->n_arcs, "%s: %s route %d: %d arcs vs naive %d", what, which, k,
                  a->n_arcs, b->n_arcs);
    for (int i = 0; i < a->n_arcs; i++)
        ck_assert_msg(a->arcs[i] == b->arcs[i], "%s: %s route %d: arc %d differs", what, which, k, i);
    ck_assert_msg(a->bandwidth == b->bandwidth, "%s: %s route %d: bandwidth %.17g vs naive %.17g",
                  what, which, k, a->bandwidth, b->bandwidth);
}

/* rm_sharedring and the naive loop on net with opt: the same mapping and
 * curve, bit for bit. */
static void check_naive(const rm_network *net, const rm_options *opt, const char *name)
{
    char what[300];
    snprintf(what, sizeof what,
             "%s dc/dw %g sharing %d duplex %d latency %d parallel %d threads %d full %d "
             "overlap %d %g (F, or b/D_w)",
             name, opt->cost.dc_dw, (int)opt->sharing, (int)net->duplex, opt->cost.latency,
             opt->cost.parallel_send, opt->threads, opt->full_curve, opt->cost.overlap,
             opt->cost.overlap_boundary + opt->cost.overlap_boundary_dw);
    rm_error err;
    rm_mapping *m = NULL;
    ck_assert_msg(rm_sharedring(net, opt, &m, &err) == RM_OK, "%s: %s", what, err.msg);
    rmt_naive_result nv;
    ck_assert_msg(rmt_naive_sharedring(net, opt, RMT_EVAL_EQ5_ORDERED, &nv, &err) == RM_OK, "%s: %s",
                  what, err.msg);
    ck_assert_msg(m->q == nv.q, "%s: q %d vs naive %d", what, m->q, nv.q);
    for (int k = 0; k < m->q; k++)
        ck_assert_msg(m->ring[k] == nv.ring[k], "%s: ring position %d: node %d vs naive %d", what, k,
                      m->ring[k], nv.ring[k]);
    for (int k = 0; k < m->q && m->q > 1; k++) {
        same_route(&m->succ[k], &nv.succ[k], what, "succ", k);
        same_route(&m->pred[k], &nv.pred[k], what, "pred", k);
    }
    ck_assert_msg(m->t_step_per_dw == nv.t_step_per_dw, "%s: T_step/D_w %.17g vs naive %.17g", what,
                  m->t_step_per_dw, nv.t_step_per_dw);
    /* every size the library grew (its stopping rule may end sooner; with
     * the full curve, the same sizes) */
    ck_assert_int_eq(m->n_sweep, nv.n_sweep);
    for (int k = 0; k < m->n_sweep; k++) {
        if (isnan(m->sweep_t[k]) && !opt->full_curve)
            continue;
        ck_assert_msg((isnan(m->sweep_t[k]) && isnan(nv.sweep[k])) || m->sweep_t[k] == nv.sweep[k],
                      "%s: T_step/D_w of size %d: %.17g vs naive %.17g", what, k + 1, m->sweep_t[k],
                      nv.sweep[k]);
    }
    rmt_naive_result_free(&nv);
    rm_mapping_free(m);
}

/* Every option combination of the differential tests on p; how many. */
static int check_platform(const rm_platform *p, const char *name, int all_ratios)
{
    int n = 0;
    for (int duplex = 0; duplex < 2; duplex++) {
        rm_network net;
        rm_error err;
        ck_assert_int_eq(rm_network_init(&net, p, duplex ? RM_DUPLEX_FULL : RM_DUPLEX_HALF, &err),
                         RM_OK);
        for (int r = all_ratios ? 0 : 2; r < 4; r++) {
            for (int v = 0; v < 9; v++) { /* 6, 7, 8: the overlap model, F = 0 and 0.3, b/D_w 0.02 */
                rm_options o;
                rm_options_init_paper(&o);
                o.cost.dc_dw = RATIOS[r];
                o.duplex = duplex ? RM_DUPLEX_FULL : RM_DUPLEX_HALF;
                o.sharing = v == 1 ? RM_SHARING_MAXMIN : v == 2 ? RM_SHARING_EQ5 : RM_SHARING_GREEDY;
                o.full_curve = v == 3 || v == 5;
                o.threads = v == 4 ? 3 : 1;
                if (v == 3) {
                    o.cost.latency = 1;
                    o.cost.dc = RATIOS[r] * 1000.0; /* D_w = 1000 Mflop */
                }
                o.cost.parallel_send = v == 4 || v == 5;
                o.cost.overlap = v >= 6;
                o.cost.overlap_boundary = v == 7 ? 0.3 : 0.0;
                o.cost.overlap_boundary_dw = v == 8 ? 0.02 : 0.0;
                check_naive(&net, &o, name);
                n++;
            }
        }
        rm_network_destroy(&net);
    }
    return n;
}

START_TEST(test_naive_random)
{
    int n = 0;
    for (int t = 0; t < 6; t++) {
        unsigned long long seed = (unsigned long long)(_i * 100 + t);
        rm_platform *p = rmt_random_ties(seed, 8 + (int)(seed % 9), 1 + (int)(seed % 5), t % 2, 1);
        char name[64];
        snprintf(name, sizeof name, "random seed %llu", seed);
        n += check_platform(p, name, 1);
        rm_platform_free(p);
    }
    ck_assert_int_eq(n, 6 * 2 * 4 * 9);
}
END_TEST

static const char *SHIPPED[] = {"test/star3.gml",   "test/line2.gml",       "test/shared4.gml",
                                "test/homogeneous3.gml", "medium_tiers.gml", "renater2001.gml",
                                "geant2009.gml",    "generated/tiers_fig3.gml"};

START_TEST(test_naive_shipped)
{
    rm_platform *p = rmt_shipped(SHIPPED[_i]);
    ck_assert_int_eq(check_platform(p, SHIPPED[_i], 1), 2 * 4 * 9);
    rm_platform_free(p);
}
END_TEST

START_TEST(test_naive_generated)
{
    static const rm_gen_topology t[] = {RM_GEN_STAR, RM_GEN_CLUSTER, RM_GEN_FATTREE, RM_GEN_TIERS};
    static const char *const names[] = {"star", "cluster", "fattree", "tiers"};
    rm_platform *p = NULL;
    rm_error err;
    ck_assert_msg(rmi_generate_topology(t[_i], 30, 5 + _i, &p, &err) == RM_OK, "%s", err.msg);
    ck_assert_int_eq(check_platform(p, names[_i], 1), 2 * 4 * 9);
    rm_platform_free(p);
}
END_TEST

/* A star of 12 hosts whose access links are listed in a shuffled order
 * (the resource order does not follow the host order), two speeds, two
 * link classes, and 4 hosts behind a second switch. */
START_TEST(test_naive_shuffled_star)
{
    int H = 16, L = H + 1;
    rm_platform *p = rm_platform_new("shuffled-star", H + 2, L, 0);
    ck_assert_ptr_nonnull(p);
    for (int h = 0; h < H; h++) {
        p->nodes[h].is_host = 1;
        p->nodes[h].w = h % 5 == 4 ? 0.02 : 0.01;
    }
    unsigned long long s = 4321;
    int order[16];
    for (int h = 0; h < H; h++)
        order[h] = h;
    for (int h = H - 1; h > 0; h--) {
        int j = rmt_rndint(&s, 0, h), x = order[h];
        order[h] = order[j];
        order[j] = x;
    }
    for (int l = 0; l < H; l++) {
        int h = order[l];
        p->links[l].source = h;
        p->links[l].target = h < 12 ? H : H + 1;
        p->links[l].bandwidth = h % 3 == 0 ? 1000.0 : 100.0;
        p->links[l].latency = 1e-4;
    }
    p->links[H].source = H;
    p->links[H].target = H + 1;
    p->links[H].bandwidth = 300.0;
    p->links[H].latency = 2e-4;
    rm_error err;
    ck_assert_int_eq(rm_platform_finalize(p, &err), RM_OK);
    ck_assert_int_eq(check_platform(p, "shuffled star", 1), 2 * 4 * 9);
    rm_platform_free(p);
}
END_TEST

/* The naive loop itself on the 3-host star of tests/support.h (hosts 0, 1
 * of w 1, host 2 of w 2; links 0-3, 1-3, 2-3 of 10, 10, 20 Mb/s), half
 * duplex, D_c/D_w = 0.1, values worked out by hand. */
START_TEST(test_naive_star3_values)
{
    rm_platform *p = rmt_star3();
    rm_network net;
    rm_error err;
    ck_assert_int_eq(rm_network_init(&net, p, RM_DUPLEX_HALF, &err), RM_OK);
    rm_options o;
    rm_options_init_paper(&o);
    o.cost.dc_dw = 0.1;
    o.full_curve = 1;
    rmt_naive_result nv;
    ck_assert_int_eq(rmt_naive_sharedring(&net, &o, RMT_EVAL_EQ5_ORDERED, &nv, &err), RM_OK);
    /* ring of one: host 0 (w 1), T = 1 */
    ck_assert_double_eq(nv.sweep[0], 1.0);
    /* pair {0, 1}: the four routes 0->1, 0->1, 1->0, 1->0 all cross links
     * 0-3 and 1-3 (10 Mb/s, one capacity for both ways): each gets 10/4 =
     * 2.5 Mb/s (equal weights 1/w), so c = 0.4 s/Mb and C = 0.8 per host;
     * eq. (5) with w = 1, 1: T = (1 + 0.1 (0.8 + 0.8)) / 2 = 0.58. A pair
     * with host 2 is worse: on link 0-3 the weights 1, 1, 1/2, 1/2 split
     * 10 Mb/s as sqrt(a): 2.93, 2.93, 2.07, 2.07, T = 0.744. */
    ck_assert_double_eq_tol(nv.sweep[1], 0.58, 1e-9);
    ck_assert(nv.q >= 2);
    rmt_naive_result_free(&nv);
    rm_network_destroy(&net);
    rm_platform_free(p);
}
END_TEST

/* Ring b is ring a up to rotation and reflection (the same cycle). */
static int same_cycle(int q, const int *a, const int *b)
{
    for (int dir = -1; dir <= 1; dir += 2)
        for (int r = 0; r < q; r++) {
            int k = 0;
            while (k < q && a[k] == b[((r + dir * k) % q + q) % q])
                k++;
            if (k == q)
                return 1;
        }
    return 0;
}

/* Why the naive loop evaluates a candidate by eq. (5) summed in a fixed
 * order: with rm_balance of the candidate ring instead (eq. (1) with the
 * optimal alphas; its sums are taken in order of D_c/D_w C, of terms
 * (D_c/D_w C)/w instead of D_c/D_w (C/w)), a candidate's value may differ
 * from the library's in the last bit, and that decides ties. One tie comes
 * with every platform: the third host goes on either edge of the pair
 * (i, k, j or i, j, k: the same cycle, mirrored) at exactly the same
 * T_step. So where no other candidates tie (random continuous speeds and
 * bandwidths) it grows the same cycle, maybe mirrored, to the same T_step
 * within 1e-12; where hosts or links are equal (generated stars,
 * clusters, fat-trees; Tiers platforms' discrete values) it may grow
 * another ring (tests/naive_sharedring.h). */
START_TEST(test_naive_balance_eval)
{
    for (int f = 0; f < 8; f++) {
        rm_platform *p = rmt_random_ties(100 + (unsigned long long)f, 10 + f, 2 + f % 4, 0, 1);
        rm_network net;
        rm_error err;
        ck_assert_int_eq(rm_network_init(&net, p, RM_DUPLEX_HALF, &err), RM_OK);
        for (int r = 0; r < 4; r++) {
            rm_options o;
            rm_options_init_paper(&o);
            o.cost.dc_dw = RATIOS[r];
            o.full_curve = 1;
            rm_mapping *m = NULL;
            ck_assert_msg(rm_sharedring(&net, &o, &m, &err) == RM_OK, "%s", err.msg);
            rmt_naive_result nv;
            ck_assert_msg(rmt_naive_sharedring(&net, &o, RMT_EVAL_BALANCE, &nv, &err) == RM_OK, "%s",
                          err.msg);
            ck_assert_msg(m->q == nv.q, "%s dc/dw %g: q %d vs %d", p->name, RATIOS[r], m->q, nv.q);
            ck_assert_msg(same_cycle(m->q, m->ring, nv.ring), "%s dc/dw %g: another cycle",
                          p->name, RATIOS[r]);
            ck_assert_msg(fabs(m->t_step_per_dw - nv.t_step_per_dw) <= 1e-12 * m->t_step_per_dw,
                          "%s dc/dw %g: T_step/D_w %.17g vs %.17g", p->name, RATIOS[r],
                          m->t_step_per_dw, nv.t_step_per_dw);
            rmt_naive_result_free(&nv);
            rm_mapping_free(m);
        }
        rm_network_destroy(&net);
        rm_platform_free(p);
    }
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("naive_sharedring");
    TCase *tc = tcase_create("naive");
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, test_naive_star3_values);
    tcase_add_loop_test(tc, test_naive_random, 0, 3);
    tcase_add_loop_test(tc, test_naive_shipped, 0, (int)(sizeof SHIPPED / sizeof SHIPPED[0]));
    tcase_add_loop_test(tc, test_naive_generated, 0, 4);
    tcase_add_test(tc, test_naive_shuffled_star);
    tcase_add_test(tc, test_naive_balance_eval);
    suite_add_tcase(s, tc);
    return s;
}

int main(void) { return rmt_run_suite(suite()); }
