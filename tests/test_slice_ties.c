/*
 * test_slice_ties.c — SliceRing's near-tie rule
 * (rm_options.slice_ties, heur/slicering.c: a candidate whose multiset of
 * (D_c/D_w * C, w) pairs is bit for bit that of an earlier candidate of the
 * same step is skipped, so among candidates equal in real arithmetic the
 * first in scan order wins).
 *  - The fast path and the reference path apply it alike: the same ring and
 *    every ring size's estimate bit for bit (rmi_slicering_mode with
 *    RM_SLICE_FAST against rmi_slicering_reference), on generated star,
 *    cluster, fat-tree and Tiers-like platforms (half and full duplex, the
 *    latency and parallel-send cost models) and on shipped platforms; the
 *    default entry (rm_slicering: pair start, lazy sweep) against the
 *    reference's flags too.
 *  - It only skips candidates equal in real arithmetic: on a homogeneous
 *    star (every ring of q hosts has the same multiset) every size's
 *    estimate equals today's rule's within 1e-12 relative; and it ran (the
 *    fast path dropped twins) on the star and the cluster.
 *  - Off (default) it changes nothing: rm_options_init leaves it 0.
 * The cluster and fat-tree cases also run the fast scan on the costs by
 * class (slice_cost_classes: H x classes matrices; the test fails if it
 * never ran), compared with the reference bit for bit.
 *  - Classes found in the costs alone (slice_classes_from_costs: every host
 *    behind its own router, as a SimGrid cluster's private links, so
 *    SharedRing's symmetry classes give none): the fast scan runs on them
 *    and gives the reference's rings bit for bit; on a ring of routers
 *    (every host the same multiset of costs, no two twins) nothing changes.
 */
#include "heur/heur.h"
#include "ringmap.h"
#include "topo/gen/generators.h"

#include "support.h"

#include <check.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

extern _Thread_local long rmi_slice_ties_skipped;
extern _Thread_local long rmi_slice_cost_class_runs;

static void opts(rm_options *o, double r, rm_duplex duplex, int model)
{
    rm_options_init(o);
    o->improve = 0, o->slice_ties = 0; /* the heuristic alone, its ties set below */
    o->cost.dc_dw = r;
    o->duplex = duplex;
    o->full_curve = 1;
    o->slice_ties = 1;
    if (model == 1) {
        o->cost.latency = 1;
        o->cost.dc = r * 1000.0; /* D_w = 1000 Mflop */
    } else if (model == 2) {
        o->cost.parallel_send = 1;
    }
}

static void check_same(const rm_platform *p, double r, rm_duplex duplex, int model)
{
    rm_network net;
    rm_error err;
    ck_assert_int_eq(rm_network_init(&net, p, duplex, &err), RM_OK);
    rm_options o;
    opts(&o, r, duplex, model);
    o.routing = rm_routing_resolve(&net, o.routing); /* rmi_slicering_mode runs it resolved */
    rm_mapping *a = NULL, *b = NULL, *c = NULL, *d = NULL;
    char what[200];
    snprintf(what, sizeof what, "%s r=%g duplex=%d model=%d", p->name, r, (int)duplex, model);
    ck_assert_msg(rmi_slicering_mode(&net, &o, RM_SLICE_FAST, &a, &err) == RM_OK, "%s", err.msg);
    ck_assert_msg(rmi_slicering_reference(&net, &o, &b, &err) == RM_OK, "%s", err.msg);
    rmt_same_slice_mapping(a, b, what);
    /* the library's entry (pair start, lazy sweep) against the same flags
     * without the fast path */
    int all = RM_SLICE_FAST | RM_SLICE_PAIR_START | RM_SLICE_LAZY_SWEEP;
    ck_assert_msg(rmi_slicering_mode(&net, &o, all, &c, &err) == RM_OK, "%s", err.msg);
    ck_assert_msg(rmi_slicering_mode(&net, &o, all & ~RM_SLICE_FAST, &d, &err) == RM_OK, "%s",
                  err.msg);
    rmt_same_slice_mapping(c, d, what);
    rm_mapping_free(a);
    rm_mapping_free(b);
    rm_mapping_free(c);
    rm_mapping_free(d);
    rm_network_destroy(&net);
}

START_TEST(test_ties_generated)
{
    static const struct {
        rm_gen_topology t;
        int hosts;
    } cases[] = {{RM_GEN_STAR, 60},    {RM_GEN_CLUSTER, 60}, {RM_GEN_FATTREE, 60},
                 {RM_GEN_TIERS, 70}};
    static const double ratios[] = {0.64, 0.0064, 0.00064};
    long before = rmi_slice_ties_skipped, cls_before = rmi_slice_cost_class_runs;
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        rm_platform *p = NULL;
        rm_error err;
        ck_assert_msg(rmi_generate_topology(cases[c].t, cases[c].hosts, 11 + c, &p, &err) == RM_OK,
                      "%s", err.msg);
        for (int r = 0; r < 3; r++)
            check_same(p, ratios[r], RM_DUPLEX_HALF, 0);
        check_same(p, 0.0064, RM_DUPLEX_FULL, 0);
        check_same(p, 0.00064, RM_DUPLEX_HALF, 1);
        check_same(p, 0.0064, RM_DUPLEX_HALF, 2);
        rm_platform_free(p);
    }
    /* the rule dropped twins in the fast path (else this proves nothing) */
    ck_assert_msg(rmi_slice_ties_skipped - before >= 1000, "twins skipped: %ld",
                  rmi_slice_ties_skipped - before);
    /* the scan read the costs by class (cluster, fat-tree: <= H / 8 classes) */
    ck_assert_msg(rmi_slice_cost_class_runs - cls_before >= 10, "cost-class runs: %ld",
                  rmi_slice_cost_class_runs - cls_before);
}
END_TEST

START_TEST(test_ties_shipped)
{
    static const char *files[] = {"medium_tiers.gml", "generated/tiers_fig3.gml"};
    for (size_t f = 0; f < sizeof files / sizeof files[0]; f++) {
        rm_platform *p = rmt_shipped(files[f]);
        check_same(p, 0.0064, RM_DUPLEX_HALF, 0);
        check_same(p, 0.00064, RM_DUPLEX_FULL, 0);
        rm_platform_free(p);
    }
}
END_TEST

/* A star of n identical hosts (w 0.02 s/Mflop, links 100 Mb/s): every ring
 * of q hosts has the same multiset of pairs, so every candidate of a step is
 * equal in real arithmetic and the rule may only change the last bits. */
START_TEST(test_ties_homogeneous)
{
    int n = 40;
    rm_platform *p = rm_platform_new("homstar", n + 1, n, 0);
    ck_assert_ptr_nonnull(p);
    for (int h = 0; h < n; h++) {
        p->nodes[h].is_host = 1;
        p->nodes[h].w = 0.02;
        p->links[h].source = h;
        p->links[h].target = n;
        p->links[h].bandwidth = 100.0;
    }
    rm_error err;
    ck_assert_msg(rm_platform_finalize(p, &err) == RM_OK, "%s", err.msg);
    rm_network net;
    ck_assert_int_eq(rm_network_init(&net, p, RM_DUPLEX_HALF, &err), RM_OK);
    static const double ratios[] = {0.64, 0.0064};
    for (int r = 0; r < 2; r++) {
        rm_options o;
        opts(&o, ratios[r], RM_DUPLEX_HALF, 0);
        rm_mapping *a = NULL, *b = NULL;
        ck_assert_msg(rm_slicering(&net, &o, &a, &err) == RM_OK, "%s", err.msg);
        o.slice_ties = 0;
        ck_assert_msg(rm_slicering(&net, &o, &b, &err) == RM_OK, "%s", err.msg);
        ck_assert_int_eq(a->n_sweep, b->n_sweep);
        for (int k = 0; k < a->n_sweep; k++) {
            double x = a->sweep_t_unshared[k], y = b->sweep_t_unshared[k];
            ck_assert_msg(fabs(x - y) <= 1e-12 * fabs(y), "size %d: %.17g vs %.17g", k + 1, x, y);
        }
        ck_assert_msg(fabs(a->t_step_per_dw_unshared - b->t_step_per_dw_unshared) <=
                          1e-12 * b->t_step_per_dw_unshared,
                      "estimate %.17g vs %.17g", a->t_step_per_dw_unshared,
                      b->t_step_per_dw_unshared);
        rm_mapping_free(a);
        rm_mapping_free(b);
    }
    rm_network_destroy(&net);
    rm_platform_free(p);
}
END_TEST

/* n hosts, host h behind its own router h (links host-router and
 * router-hub, or router-next router when ring), w 0.02 or 0.03 s/Mflop by
 * parity, host 0's link slower. */
static rm_platform *behind_routers(int n, int ring)
{
    rm_platform *p = rm_platform_new(ring ? "router_ring" : "router_star", 2 * n + !ring, 2 * n, 0);
    ck_assert_ptr_nonnull(p);
    for (int h = 0; h < n; h++) {
        p->nodes[h].is_host = 1;
        p->nodes[h].w = h % 2 ? 0.03 : 0.02;
        p->links[h].source = h;
        p->links[h].target = n + h;
        p->links[h].bandwidth = h == 0 ? 50.0 : 100.0;
        p->links[n + h].source = n + h;
        p->links[n + h].target = ring ? n + (h + 1) % n : 2 * n;
        p->links[n + h].bandwidth = 1000.0;
    }
    rm_error err;
    ck_assert_msg(rm_platform_finalize(p, &err) == RM_OK, "%s", err.msg);
    return p;
}

START_TEST(test_ties_cost_twins)
{
    for (int ring = 0; ring < 2; ring++) {
        rm_platform *p = behind_routers(ring ? 12 : 40, ring);
        long cls_before = rmi_slice_cost_class_runs;
        check_same(p, 0.0064, RM_DUPLEX_HALF, 0);
        check_same(p, 0.64, RM_DUPLEX_HALF, 0);
        check_same(p, 0.0064, RM_DUPLEX_FULL, 0);
        check_same(p, 0.00064, RM_DUPLEX_HALF, 1);
        check_same(p, 0.0064, RM_DUPLEX_HALF, 2);
        long runs = rmi_slice_cost_class_runs - cls_before;
        if (ring)
            ck_assert_msg(runs == 0, "router ring: cost-class runs %ld (no twins there)", runs);
        else
            ck_assert_msg(runs >= 5, "router star: cost-class runs %ld (twins from the costs)", runs);
        rm_platform_free(p);
    }
}
END_TEST

START_TEST(test_ties_default_off)
{
    rm_options o;
    rm_options_init_paper(&o);
    ck_assert_int_eq(o.slice_ties, 0); /* the paper's setup: today's rings */
    rm_options_init(&o);
    ck_assert_int_eq(o.slice_ties, 1); /* the default pipeline's SliceRing (1.2) */
}
END_TEST

int main(void)
{
    Suite *s = suite_create("slice_ties");
    TCase *tc = tcase_create("slice_ties");
    tcase_set_timeout(tc, 240);
    tcase_add_test(tc, test_ties_default_off);
    tcase_add_test(tc, test_ties_homogeneous);
    tcase_add_test(tc, test_ties_generated);
    tcase_add_test(tc, test_ties_shipped);
    tcase_add_test(tc, test_ties_cost_twins);
    suite_add_tcase(s, tc);
    return rmt_run_suite(s);
}
