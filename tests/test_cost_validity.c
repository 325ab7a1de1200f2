/*
 * test_cost_validity.c — the cost-model seam (rm_cost_model): every fast
 * evaluator and stopping bound of the heuristics declares the cost models it
 * is proven for (its valid_for), and the heuristics fall back to their
 * reference evaluation where one is not valid.
 *  - the declarations: for the models of this version (eq. (1) of Legrand
 *    et al. 2004 with D_c/D_w 0 or > 0, latency and parallel send on or off)
 *    each valid_for says what its proof and the code before the seam
 *    checked: SliceRing's pruning only for the sum of the route costs and
 *    0 < D_c/D_w < inf, the resource bound only for D_c/D_w > 0, every other
 *    one always; for a model with a reserved field set (a variant this
 *    version does not know, refused by rm_cost_model_check) none of them;
 *  - the fallback: with such a model SharedRing (rmi_sharedring: fast path
 *    and stopping bounds asked for) returns the ring, T_step and the T_step
 *    of every ring size of rmi_sharedring_reference with full_curve (the
 *    reference path, no bound), bit for bit; SliceRing (rmi_slicering_mode
 *    with every flag) those of rmi_slicering_reference with full_curve, and
 *    its pruning never runs. On the same platforms today's model stops the
 *    growth early (a NaN in the sweep) and SliceRing's pair start or bounds
 *    change its result: a bound or change used for the unknown model would
 *    fail the comparison.
 */
#include "heur/bounds/cross_bound.h"
#include "heur/bounds/cut_bound.h"
#include "heur/bounds/res_bound.h"
#include "heur/heur.h"
#include "heur/sharedring/sharedring_internal.h"
#include "ringmap.h"
#include "topo/gen/generators.h"

#include "support.h"

#include <check.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

extern _Thread_local long rmi_slice_prune_steps;

/* every valid_for of the heuristics, in one row */
enum { V_SH_FAST, V_SH_INC, V_SH_SYM, V_SL_FAST, V_SL_PRUNE, V_SL_PAIR, V_CUT, V_HOST, V_RES, V_CROSS, NV };
static const char *vname[NV] = {"sharedring fast", "sharedring inc", "sharedring sym",
                                "slice fast", "slice prune", "slice pair start", "cut bound",
                                "host bound", "res bound", "cross bound"};

static void valid_row(const rm_cost_model *m, rm_network_model net, int *v)
{
    v[V_SH_FAST] = rmi_h2_fast_valid_for(m);
    v[V_SH_INC] = rmi_h2_inc_valid_for(m);
    v[V_SH_SYM] = rmi_h2_sym_valid_for(m);
    v[V_SL_FAST] = rmi_slice_fast_valid_for(m);
    v[V_SL_PRUNE] = rmi_slice_prune_valid_for(m);
    v[V_SL_PAIR] = rmi_slice_pair_start_valid_for(m);
    v[V_CUT] = rmi_cut_bound_valid_for(m, net);
    v[V_HOST] = rmi_host_bound_valid_for(m, net);
    v[V_RES] = rmi_res_bound_valid_for(m, net);
    v[V_CROSS] = rmi_cross_bound_valid_for(m, net);
}

START_TEST(test_declarations)
{
    static const double ratios[] = {0.0, 0.0064, 0.64};
    for (int r = 0; r < 3; r++)
        for (int lat = 0; lat < 2; lat++)
            for (int par = 0; par < 2; par++) {
                rm_cost_model m;
                rm_cost_model_init(&m);
                m.dc_dw = ratios[r];
                m.latency = lat;
                m.dc = lat ? 1.0 : 0.0;
                m.parallel_send = par;
                rm_error err;
                ck_assert_int_eq(rm_cost_model_check(&m, &err), RM_OK);
                int v[NV];
                /* the bounds hold for every feasible sharing: under both
                   network models (max-min shares are feasible); an unknown
                   network model gets none */
                valid_row(&m, (rm_network_model)2, v);
                for (int k = V_CUT; k < NV; k++)
                    ck_assert_msg(!v[k], "%s: valid for network model 2", vname[k]);
                for (int net = RM_NETWORK_RESERVED; net <= RM_NETWORK_FAIR; net++) {
                valid_row(&m, (rm_network_model)net, v);
                for (int k = 0; k < NV; k++) {
                    int want = 1;
                    if (k == V_SL_PRUNE) /* its bound writes C = c_succ + c_pred, divides by d */
                        want = !par && ratios[r] > 0.0;
                    if (k == V_RES) /* positive only with communication */
                        want = ratios[r] > 0.0;
                    ck_assert_msg(v[k] == want,
                                  "%s: valid_for %d, expected %d (d %g lat %d par %d net %d)",
                                  vname[k], v[k], want, ratios[r], lat, par, net);
                }
                }
                /* a variant this version does not know: no valid_for holds */
                /* the overlap model: known (rm_cost_model_check accepts it), but no
                   shortcut is proven for it */
                for (int ov = 0; ov < 4; ov++) { /* 3: the absolute boundary */
                    rm_cost_model o = m;
                    o.overlap = 1;
                    o.overlap_boundary = ov < 3 ? ov * 0.5 : 0.0;
                    o.overlap_boundary_dw = ov < 3 ? 0.0 : 0.01;
                    ck_assert_int_eq(rm_cost_model_check(&o, &err), RM_OK);
                    valid_row(&o, RM_NETWORK_RESERVED, v);
                    for (int k = 0; k < NV; k++)
                        ck_assert_msg(!v[k], "%s: valid for overlap %g", vname[k],
                                      o.overlap_boundary);
                }
                for (int slot = 3; slot < 6; slot++) { /* slots 0-2: the overlap fields */
                    rm_cost_model u = m;
                    u.reserved[slot] = 1.0;
                    ck_assert_int_eq(rm_cost_model_check(&u, &err), RM_EINPUT);
                    valid_row(&u, RM_NETWORK_RESERVED, v);
                    for (int k = 0; k < NV; k++)
                        ck_assert_msg(!v[k], "%s: valid for reserved[%d] = 1", vname[k], slot);
                }
            }
}
END_TEST

/* The same ring, T_step and sweep (NaN equals NaN), bit for bit. */
static void same_mapping(const rm_mapping *a, const rm_mapping *b, const char *what)
{
    ck_assert_msg(a->q == b->q, "%s: q %d vs %d", what, a->q, b->q);
    ck_assert_msg(a->t_step_per_dw == b->t_step_per_dw, "%s: T_step %.17g vs %.17g", what,
                  a->t_step_per_dw, b->t_step_per_dw);
    for (int k = 0; k < a->q; k++)
        ck_assert_msg(a->ring[k] == b->ring[k], "%s: ring[%d] %d vs %d", what, k, a->ring[k],
                      b->ring[k]);
    ck_assert_int_eq(a->n_sweep, b->n_sweep);
    for (int k = 0; k < a->n_sweep; k++) {
        double x = a->sweep_t[k], y = b->sweep_t[k];
        ck_assert_msg((isnan(x) && isnan(y)) || x == y, "%s: sweep[%d] %.17g vs %.17g", what, k,
                      x, y);
    }
}

static int sweep_has_nan(const rm_mapping *m, const double *t)
{
    for (int k = 0; k < m->n_sweep; k++)
        if (isnan(t[k]))
            return 1;
    return 0;
}

static int differs(const rm_mapping *a, const rm_mapping *b)
{
    if (a->q != b->q || a->t_step_per_dw != b->t_step_per_dw)
        return 1;
    for (int k = 0; k < a->q; k++)
        if (a->ring[k] != b->ring[k])
            return 1;
    for (int k = 0; k < a->n_sweep; k++) {
        double x = a->sweep_t_unshared[k], y = b->sweep_t_unshared[k];
        if (!((isnan(x) && isnan(y)) || x == y))
            return 1;
    }
    return 0;
}

/* what today's model does differently from the reference on the platforms
 * below: counted, so that the test shows it could fail */
static int n_shared_stopped, n_slice_changed;

static void check_platform(const rm_platform *p, rm_routing routing, double r, int lat, int par)
{
    rm_network net;
    rm_error err;
    ck_assert_int_eq(rm_network_init(&net, p, RM_DUPLEX_HALF, &err), RM_OK);
    rm_options today;
    rm_options_init(&today);
    today.routing = routing;
    today.cost.dc_dw = r;
    today.cost.latency = lat;
    today.cost.dc = lat ? r * 1000.0 : 0.0; /* D_w = 1000 Mflop */
    today.cost.parallel_send = par;
    today.threads = 1;
    rm_options unknown = today; /* a variant no valid_for knows */
    unknown.cost.reserved[4] = 1.0;
    ck_assert_int_eq(rm_options_check(&unknown, &err), RM_EINPUT);
    rm_options ref = today;
    ref.full_curve = 1;
    char what[256];
    snprintf(what, sizeof what, "%s d=%g lat=%d par=%d routing=%d", p->name, r, lat, par,
             (int)routing);

    /* SharedRing */
    rm_mapping *a = NULL, *b = NULL, *c = NULL;
    ck_assert_msg(rmi_sharedring(&net, &unknown, &a, &err) == RM_OK, "%s: %s", what, err.msg);
    ck_assert_msg(rmi_sharedring_reference(&net, &ref, &b, &err) == RM_OK, "%s: %s", what, err.msg);
    same_mapping(a, b, what);
    ck_assert_msg(!sweep_has_nan(a, a->sweep_t), "%s: a ring size was not tried", what);
    ck_assert_msg(rmi_sharedring(&net, &today, &c, &err) == RM_OK, "%s: %s", what, err.msg);
    n_shared_stopped += sweep_has_nan(c, c->sweep_t);
    rm_mapping_free(a);
    rm_mapping_free(b);
    rm_mapping_free(c);

    /* SliceRing */
    long pruned = rmi_slice_prune_steps;
    int all = RM_SLICE_FAST | RM_SLICE_PAIR_START | RM_SLICE_LAZY_SWEEP;
    ck_assert_msg(rmi_slicering_mode(&net, &unknown, all, &a, &err) == RM_OK, "%s: %s", what,
                  err.msg);
    ck_assert_msg(rmi_slice_prune_steps == pruned, "%s: the pruning ran", what);
    ck_assert_msg(rmi_slicering_reference(&net, &ref, &b, &err) == RM_OK, "%s: %s", what, err.msg);
    rmt_same_slice_mapping(a, b, what);
    ck_assert_msg(!sweep_has_nan(a, a->sweep_t_unshared), "%s: a ring size was not tried", what);
    ck_assert_msg(rmi_slicering_mode(&net, &today, all, &c, &err) == RM_OK, "%s: %s", what,
                  err.msg);
    n_slice_changed += differs(c, b);
    rm_mapping_free(a);
    rm_mapping_free(b);
    rm_mapping_free(c);

    /* the overlap model (rm_cost_model.overlap): known, no shortcut proven
       for it: the fast entries give the reference's mappings bit for bit */
    for (int ov = 0; ov < 3; ov++) { /* 2: the absolute boundary b/D_w = 0.02 */
        rm_options o = today, oref;
        o.cost.overlap = 1;
        o.cost.overlap_boundary = ov == 1 ? 0.3 : 0.0;
        o.cost.overlap_boundary_dw = ov == 2 ? 0.02 : 0.0;
        ck_assert_int_eq(rm_options_check(&o, &err), RM_OK);
        oref = o;
        oref.full_curve = 1;
        char w2[300];
        snprintf(w2, sizeof w2, "%s overlap %g/%g", what, o.cost.overlap_boundary,
                 o.cost.overlap_boundary_dw);
        ck_assert_msg(rmi_sharedring(&net, &o, &a, &err) == RM_OK, "%s: %s", w2, err.msg);
        ck_assert_msg(rmi_sharedring_reference(&net, &oref, &b, &err) == RM_OK, "%s: %s", w2,
                      err.msg);
        same_mapping(a, b, w2);
        ck_assert(a->cost.overlap == 1 && a->cost.overlap_boundary == o.cost.overlap_boundary &&
                  a->cost.overlap_boundary_dw == o.cost.overlap_boundary_dw);
        rm_mapping_free(a);
        rm_mapping_free(b);
        pruned = rmi_slice_prune_steps;
        ck_assert_msg(rmi_slicering_mode(&net, &o, all, &a, &err) == RM_OK, "%s: %s", w2,
                      err.msg);
        ck_assert_msg(rmi_slice_prune_steps == pruned, "%s: the pruning ran", w2);
        ck_assert_msg(rmi_slicering_reference(&net, &oref, &b, &err) == RM_OK, "%s: %s", w2,
                      err.msg);
        rmt_same_slice_mapping(a, b, w2);
        rm_mapping_free(a);
        rm_mapping_free(b);
    }
    rm_network_destroy(&net);
}

START_TEST(test_fallback_shipped)
{
    n_shared_stopped = n_slice_changed = 0;
    static const char *files[] = {"medium_tiers.gml", "geant2009.gml", "test/star3.gml"};
    for (size_t f = 0; f < sizeof files / sizeof files[0]; f++) {
        rm_platform *p = rmt_shipped(files[f]);
        check_platform(p, RM_ROUTING_WIDEST, 0.0064, 0, 0);
        check_platform(p, RM_ROUTING_WIDEST, 0.064, 1, 1);
        rm_platform_free(p);
    }
    printf("shipped: today's model stopped SharedRing early on %d runs, changed SliceRing "
           "(bounds, pair start) on %d of 6\n",
           n_shared_stopped, n_slice_changed);
    ck_assert_int_ge(n_shared_stopped, 1);
    ck_assert_int_ge(n_slice_changed, 1);
}
END_TEST

START_TEST(test_fallback_generated)
{
    n_shared_stopped = n_slice_changed = 0;
    long pruned = rmi_slice_prune_steps;
    rm_platform *p = NULL;
    rm_error err;
    ck_assert_msg(rmi_generate_topology(RM_GEN_TIERS, 60, 11, &p, &err) == RM_OK, "%s", err.msg);
    check_platform(p, RM_ROUTING_WIDEST, 0.0064, 0, 0);
    check_platform(p, RM_ROUTING_WIDEST, 0.00064, 0, 1);
    rm_platform_free(p);
    ck_assert_msg(rmi_generate_topology(RM_GEN_CLUSTER, 40, 12, &p, &err) == RM_OK, "%s", err.msg);
    check_platform(p, RM_ROUTING_WIDEST, 0.0064, 1, 0);
    rm_platform_free(p);
    /* today's model pruned SliceRing's steps there (the unknown one never did) */
    ck_assert_msg(rmi_slice_prune_steps > pruned, "pruned steps: %ld",
                  rmi_slice_prune_steps - pruned);
    printf("generated: today's model stopped SharedRing early on %d runs, changed SliceRing on "
           "%d of 3; pruned steps %ld\n",
           n_shared_stopped, n_slice_changed, rmi_slice_prune_steps - pruned);
    ck_assert_int_ge(n_shared_stopped + n_slice_changed, 1);
}
END_TEST

/* SimGrid clusters with the file's routes: the resource bound's case (a
 * backbone every fixed route crosses) */
START_TEST(test_fallback_fixed_routes)
{
    n_shared_stopped = n_slice_changed = 0;
    static const char *files[] = {"cluster_backbone_160.xml", "full_shared_core.xml"};
    for (size_t f = 0; f < sizeof files / sizeof files[0]; f++) {
        char path[512];
        snprintf(path, sizeof path, "%s/tests/data/simgrid/%s", RM_SOURCE_DIR, files[f]);
        rm_platform *p = NULL;
        rm_error err;
        ck_assert_msg(rm_platform_read(path, NULL, &p, &err) == RM_OK, "%s", err.msg);
        check_platform(p, RM_ROUTING_FIXED, 0.0064, 0, 0);
        rm_platform_free(p);
    }
    printf("fixed routes: today's model stopped SharedRing early on %d runs, changed SliceRing "
           "on %d of 2\n",
           n_shared_stopped, n_slice_changed);
    ck_assert_int_ge(n_shared_stopped, 1);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("cost_validity");
    TCase *tc = tcase_create("cost_validity");
    tcase_set_timeout(tc, 300);
    tcase_add_test(tc, test_declarations);
    tcase_add_test(tc, test_fallback_shipped);
    tcase_add_test(tc, test_fallback_generated);
    tcase_add_test(tc, test_fallback_fixed_routes);
    suite_add_tcase(s, tc);
    return rmt_run_suite(s);
}
