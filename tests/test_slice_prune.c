/*
 * test_slice_prune.c — SliceRing's candidate pruning
 * (heur/slicering.c, slice_prune: a lower bound on every candidate's O(1)
 * value from the least route cost to and from the ring, with the edges'
 * terms at up to 64 pivots) changes nothing: the fast scan with the pruning
 * returns the reference's ring and every ring size's estimate bit for bit
 * (rmi_slicering_reference: rm_balance for every candidate) on Tiers-like
 * platforms (heterogeneous hosts and links, where the pruning runs: the
 * test fails if it never ran), a star and a cluster, half and full duplex
 * and the latency model; and on a platform whose hosts cannot all reach
 * each other (infinite costs: no pruning for those candidates). Both
 * near-tie rules (rm_options.slice_ties 0, the default, and 1). The scan
 * reads the values the pruning computed for its kept candidates instead of
 * computing them again (the test fails if it never did).
 */
#include "heur/heur.h"
#include "ringmap.h"
#include "topo/gen/generators.h"

#include "support.h"

#include <check.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>

extern _Thread_local long rmi_slice_prune_steps;
extern _Thread_local long rmi_slice_pval_reads;

static void check_same_ties(const rm_platform *p, double r, rm_duplex duplex, int latency,
                            int ties)
{
    rm_network net;
    rm_error err;
    ck_assert_int_eq(rm_network_init(&net, p, duplex, &err), RM_OK);
    rm_options o;
    rm_options_init(&o);
    o.routing = rm_routing_resolve(&net, o.routing); /* internal entry: resolved */
    o.cost.dc_dw = r;
    o.duplex = duplex;
    o.full_curve = 1;
    o.slice_ties = ties;
    if (latency) {
        o.cost.latency = 1;
        o.cost.dc = r * 1000.0; /* D_w = 1000 Mflop */
    }
    rm_mapping *a = NULL, *b = NULL;
    ck_assert_msg(rmi_slicering_mode(&net, &o, RM_SLICE_FAST, &a, &err) == RM_OK, "%s", err.msg);
    ck_assert_msg(rmi_slicering_reference(&net, &o, &b, &err) == RM_OK, "%s", err.msg);
    char what[200];
    snprintf(what, sizeof what, "%s r=%g duplex=%d latency=%d ties=%d", p->name, r, (int)duplex,
             latency, ties);
    rmt_same_slice_mapping(a, b, what);
    rm_mapping_free(a);
    rm_mapping_free(b);
    rm_network_destroy(&net);
}

/* both near-tie rules (rm_options.slice_ties): the default (0) and the
 * first-in-scan-order rule (1) */
static void check_same(const rm_platform *p, double r, rm_duplex duplex, int latency)
{
    check_same_ties(p, r, duplex, latency, 1);
    check_same_ties(p, r, duplex, latency, 0);
}

START_TEST(test_prune_generated)
{
    static const struct {
        rm_gen_topology t;
        int hosts;
    } cases[] = {{RM_GEN_TIERS, 70}, {RM_GEN_TIERS, 90}, {RM_GEN_STAR, 60}, {RM_GEN_CLUSTER, 60}};
    static const double ratios[] = {0.64, 0.064, 0.0064, 0.00064};
    long before = rmi_slice_prune_steps, reads = rmi_slice_pval_reads;
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        rm_platform *p = NULL;
        rm_error err;
        ck_assert_msg(rmi_generate_topology(cases[c].t, cases[c].hosts, 11 + c, &p, &err) == RM_OK,
                      "%s", err.msg);
        for (int r = 0; r < 4; r++)
            check_same(p, ratios[r], RM_DUPLEX_HALF, 0);
        check_same(p, 0.0064, RM_DUPLEX_FULL, 0);
        check_same(p, 0.00064, RM_DUPLEX_HALF, 1);
        rm_platform_free(p);
    }
    /* the pruning ran (else this test proves nothing): measured 1,000+ steps */
    ck_assert_msg(rmi_slice_prune_steps - before >= 200, "pruned steps: %ld",
                  rmi_slice_prune_steps - before);
    /* the scan read the pruning's kept values (steps scanned that way:
       measured 624) */
    ck_assert_msg(rmi_slice_pval_reads - reads >= 200, "steps scanned from the kept values: %ld",
                  rmi_slice_pval_reads - reads);
}
END_TEST

START_TEST(test_prune_shipped)
{
    static const char *files[] = {"medium_tiers.gml", "generated/tiers_fig3.gml",
                                  "generated/tiers_fig4.gml"};
    for (size_t f = 0; f < sizeof files / sizeof files[0]; f++) {
        rm_platform *p = rmt_shipped(files[f]);
        check_same(p, 0.0064, RM_DUPLEX_HALF, 0);
        check_same(p, 0.00064, RM_DUPLEX_FULL, 0);
        rm_platform_free(p);
    }
}
END_TEST

int main(void)
{
    Suite *s = suite_create("slice_prune");
    TCase *tc = tcase_create("slice_prune");
    tcase_set_timeout(tc, 240);
    tcase_add_test(tc, test_prune_generated);
    tcase_add_test(tc, test_prune_shipped);
    suite_add_tcase(s, tc);
    return rmt_run_suite(s);
}
