#define _GNU_SOURCE /* open_memstream */
/*
 * test_limits.c — the final solvers' iteration limits in rm_options
 * (rm_options.final_limits): rm_options_init leaves the
 * solvers' own limits (0), rm_options_check refuses negative ones, explicit
 * limits at the solvers' own values give the same mapping as the defaults,
 * a limit reaches the solver, and a limit too small to reach the tolerance
 * never gives a silently wrong answer (GLPK: its certified gap; KINSOL: the
 * same optimum or RM_ESOLVER; through the mapper, never worse: the heuristic's shares
 * with final_outcome no_gain or failed).
 */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support.h"
#include "ring/refine.h"
#include "solvers/solvers.h"
#include "topo/gen/generators.h"

/* A 6-host platform with shared links: a router core, two hosts per
 * router, so that the final solver has links to share. */
static rm_platform *platform6(void)
{
    /* hosts 0..5, routers 6, 7, 8 */
    static const double w[9] = {1.0, 1.3, 2.0, 0.7, 1.1, 1.6, 0, 0, 0};
    static const int lu[8] = {0, 1, 2, 3, 4, 5, 6, 7};
    static const int lv[8] = {6, 6, 7, 7, 8, 8, 7, 8};
    static const double b[8] = {10, 20, 15, 12, 30, 9, 8, 11};
    return rmt_build("limits6", 9, 6, w, 8, lu, lv, b, NULL, NULL);
}

static rm_mapping *map_with(const rm_platform *p, rm_final_solver fs, rm_solver_limits lim,
                            rm_status *st, rm_error *err)
{
    rm_options o;
    rm_options_init_paper(&o);
    o.cost.dc_dw = 0.64; /* communication-heavy: the shares matter */
    o.final_solver = fs;
    o.final_limits = lim;
    rm_mapping *m = NULL;
    *st = rm_map(p, &o, &m, err);
    return m;
}

START_TEST(test_defaults_and_check)
{
    rm_options o;
    rm_options_init_paper(&o);
    ck_assert_int_eq(o.final_limits.kinsol_max_newton, 0);
    ck_assert_int_eq(o.final_limits.kinsol_max_set_changes, 0);
    ck_assert_int_eq(o.final_limits.glpk_max_lps, 0);
    rm_error err;
    ck_assert_int_eq(rm_options_check(&o, &err), RM_OK);
    o.final_limits.glpk_max_lps = -1;
    ck_assert_int_eq(rm_options_check(&o, &err), RM_EINPUT);
    ck_assert_ptr_nonnull(strstr(err.msg, "glpk_max_lps"));
    o.final_limits.glpk_max_lps = 0;
    o.final_limits.kinsol_max_newton = -3;
    ck_assert_int_eq(rm_options_check(&o, &err), RM_EINPUT);
    ck_assert_ptr_nonnull(strstr(err.msg, "kinsol_max_newton"));
    o.final_limits.kinsol_max_newton = 0;
    o.final_limits.kinsol_max_set_changes = -1;
    ck_assert_int_eq(rm_options_check(&o, &err), RM_EINPUT);
    ck_assert_ptr_nonnull(strstr(err.msg, "kinsol_max_set_changes"));
}
END_TEST

/* the solvers' own limits given explicitly: the same ring, shares, T_step */
START_TEST(test_explicit_own_limits_same_result)
{
    rm_platform *p = platform6();
    rm_final_solver fs[2] = {RM_FINAL_KINSOL, RM_FINAL_GLPK};
    for (int s = 0; s < 2; s++) {
        rm_status st0, st1;
        rm_error e0, e1;
        rm_mapping *a = map_with(p, fs[s], (rm_solver_limits){0}, &st0, &e0);
        /* 200 Newton iterations and 1000 LPs are the solvers' own; a
         * generous set-change limit (the own one here is 60 + 4 (rows +
         * q + groups) < 1000) */
        rm_solver_limits own = {.kinsol_max_newton = 200, .kinsol_max_set_changes = 1000,
                                .glpk_max_lps = 1000};
        rm_mapping *b = map_with(p, fs[s], own, &st1, &e1);
        ck_assert_msg(st0 == RM_OK, "%s", e0.msg);
        ck_assert_msg(st1 == RM_OK, "%s", e1.msg);
        ck_assert_int_eq(a->q, b->q);
        for (int k = 0; k < a->q; k++) {
            ck_assert_int_eq(a->ring[k], b->ring[k]);
            ck_assert(a->succ[k].bandwidth == b->succ[k].bandwidth);
            ck_assert(a->pred[k].bandwidth == b->pred[k].bandwidth);
        }
        ck_assert(a->t_step_per_dw == b->t_step_per_dw);
        ck_assert_int_eq(a->final_solver, fs[s]);
        rm_mapping_free(a);
        rm_mapping_free(b);
    }
    rm_platform_free(p);
}
END_TEST

/* A tight limit never gives a silently wrong answer. GLPK stopped after 1
 * LP returns its best point with its certified gap (rm_solver_info.gap):
 * T_step >= the optimum and (T_step - optimum) / T_step <= gap. KINSOL
 * restarts a solve stopped by its Newton limit and backs off in its
 * continuation: a tight KINSOL limit converges to the same T_step (its
 * certificate) or fails with RM_ESOLVER; through the mapper the heuristic's
 * shares are kept then (rmi_mapping_final_solver). */
START_TEST(test_tight_limits_fail_loudly)
{
    rm_platform *p = platform6();
    rm_network net;
    rm_error err;
    ck_assert_int_eq(rm_network_init(&net, p, RM_DUPLEX_HALF, &err), RM_OK);
    rm_options o;
    rm_options_init_paper(&o);
    o.cost.dc_dw = 0.64;
    rm_mapping *ref = NULL, *m = NULL;
    ck_assert_int_eq(rm_map_network(&net, &o, &ref, &err), RM_OK);
    ck_assert_msg(rmi_mapping_refine_solver(&net, ref, RM_FINAL_KINSOL, 0.0, NULL, &err) == RM_OK,
                  "%s", err.msg);
    double t_opt = ref->t_step_per_dw;
    ck_assert_int_eq(ref->final_converged, 1);
    ck_assert(ref->final_gap >= 0.0 && ref->final_gap <= 1e-6);
    ck_assert_int_eq(rm_map_network(&net, &o, &m, &err), RM_OK);
    rm_solver_info info;
    rm_solver_limits one_lp = {.glpk_max_lps = 1};
    rm_status st = rmi_mapping_refine_solver_lim(&net, m, RM_FINAL_GLPK, 0.0, &one_lp, &info, &err);
    printf("GLPK, 1 LP: %s, %d LPs, gap %.3g (%s), T_step %.12g (optimum %.12g)\n",
           rm_status_name(st), info.iterations, info.gap, info.status, m->t_step_per_dw, t_opt);
    if (st == RM_OK) {
        ck_assert_int_eq(info.iterations, 1);
        ck_assert(m->t_step_per_dw >= t_opt * (1.0 - 1e-9));
        ck_assert(m->t_step_per_dw - t_opt <= (info.gap + 1e-9) * m->t_step_per_dw);
        /* the mapping says so (JSON final_gap / final_converged; the CLI warns) */
        ck_assert_double_eq(m->final_gap, info.gap);
        ck_assert_int_eq(m->final_converged, strncmp(info.status, "optimal", 7) == 0);
        if (info.gap > 1e-6)
            ck_assert_int_eq(m->final_converged, 0);
        char *js = NULL;
        size_t jn = 0;
        FILE *f = open_memstream(&js, &jn);
        ck_assert_ptr_nonnull(f);
        ck_assert_int_eq(rm_mapping_write_json(f, &net, NULL, m, &err), RM_OK);
        fclose(f);
        ck_assert_ptr_nonnull(strstr(js, "\"final_gap\""));
        ck_assert_ptr_nonnull(strstr(js, m->final_converged ? "\"final_converged\": true"
                                                             : "\"final_converged\": false"));
        free(js);
    } else {
        ck_assert_int_eq(st, RM_ESOLVER);
    }
    rm_mapping_free(m);
    rm_solver_limits tight[2] = {{.kinsol_max_newton = 1}, {.kinsol_max_set_changes = 1}};
    int n_fail = 0;
    for (int k = 0; k < 2; k++) {
        rm_mapping *mk = NULL;
        o.final_solver = RM_FINAL_KINSOL;
        o.final_limits = tight[k];
        st = rm_map_network(&net, &o, &mk, &err);
        /* never worse (rmi_mapping_final_solver): RM_OK, the optimum or
           the heuristic's shares with the outcome recorded */
        ck_assert_msg(st == RM_OK, "%d: %s", (int)st, err.msg);
        if (mk->final_outcome == RM_FINAL_OUTCOME_IMPROVED) {
            ck_assert_double_eq_tol(mk->t_step_per_dw, t_opt, 1e-9 * t_opt);
        } else {
            ck_assert_double_eq(mk->t_step_per_dw, mk->final_t_start);
            ck_assert(mk->final_message[0] != '\0');
            n_fail++;
        }
        rm_mapping_free(mk);
    }
    printf("tight KINSOL limits: %d of 2 kept the heuristic's shares, the rest reached T_step %.12g\n",
           n_fail, t_opt);
    rm_mapping_free(ref);
    rm_network_destroy(&net);
    rm_platform_free(p);
}
END_TEST

/* the limits reach the solver: its work counters change (KINSOL restarts a
 * solve stopped by the Newton limit: more restarts) */
START_TEST(test_limits_reach_the_solver)
{
    rm_platform *p = platform6();
    rm_network net;
    rm_error err;
    ck_assert_int_eq(rm_network_init(&net, p, RM_DUPLEX_HALF, &err), RM_OK);
    rm_options o;
    rm_options_init_paper(&o);
    o.cost.dc_dw = 0.64;
    rm_mapping *a = NULL, *b = NULL;
    ck_assert_int_eq(rm_map_network(&net, &o, &a, &err), RM_OK);
    ck_assert_int_eq(rm_map_network(&net, &o, &b, &err), RM_OK);
    rm_solver_info ia, ib;
    rm_solver_limits one = {.kinsol_max_newton = 1};
    ck_assert_msg(rmi_mapping_refine_solver_lim(&net, a, RM_FINAL_KINSOL, 0.0, NULL, &ia, &err) ==
                      RM_OK, "%s", err.msg);
    rm_status st = rmi_mapping_refine_solver_lim(&net, b, RM_FINAL_KINSOL, 0.0, &one, &ib, &err);
    printf("KINSOL own limits: %d outer, %ld Newton, %d restarts; Newton limit 1: %s, %d outer, "
           "%ld Newton, %d restarts\n",
           ia.iterations, ia.inner_iterations, ia.restarts, rm_status_name(st),
           ib.iterations, ib.inner_iterations, ib.restarts);
    ck_assert(ib.restarts > ia.restarts || st == RM_ESOLVER);
    rm_mapping_free(a);
    rm_mapping_free(b);
    rm_network_destroy(&net);
    rm_platform_free(p);
}
END_TEST

/* The promise at scale (docs/scale.md, "Final solvers at 300 hosts"): on the
 * 300-host SliceRing ring of bench_solvers (999-host Tiers-like platform,
 * seed 1, D_c/D_w 0.0002) a solver stopped by a small limit returns its best
 * point (RM_OK) with final_converged 0 and a certified gap that holds
 * against the optimum: T_step >= optimum and (T_step - optimum) / T_step <=
 * gap. GLPK: 2 LPs; KINSOL: 5 active-set changes per stage (or RM_ESOLVER,
 * never a wrong value). The optimum: KINSOL with its own limits, checked
 * against GLPK's certificate only through the bounds above. */
static void check_certified(const char *who, rm_status st, const rm_mapping *m,
                            const rm_solver_info *info, double t_opt)
{
    printf("300 hosts, %s: %s, %d outer, gap %.3g (%s), T_step %.12g (optimum %.12g), "
           "converged %d\n",
           who, rm_status_name(st), info->iterations, info->gap, info->status,
           m->t_step_per_dw, t_opt, m->final_converged);
    ck_assert_int_eq(st, RM_OK);
    ck_assert(info->gap > 1e-6 && info->gap < 1.0);
    ck_assert_int_eq(m->final_converged, 0);
    ck_assert_double_eq(m->final_gap, info->gap);
    ck_assert(m->t_step_per_dw >= t_opt * (1.0 - 1e-9));
    ck_assert(m->t_step_per_dw - t_opt <= (info->gap + 1e-9) * m->t_step_per_dw);
}

START_TEST(test_limits_300_hosts_certified)
{
    rm_platform *p = NULL;
    rm_error err = {RM_OK, ""};
    ck_assert_msg(rmi_generate_topology(RM_GEN_TIERS, 999, 1, &p, &err) == RM_OK, "%s", err.msg);
    rm_network net;
    ck_assert_int_eq(rm_network_init(&net, p, RM_DUPLEX_HALF, &err), RM_OK);
    rm_options o;
    rm_options_init_paper(&o);
    o.heuristic = RM_HEUR_SLICE;
    o.cost.dc_dw = 0.0002;
    o.max_q = 300;
    rm_mapping *ref = NULL;
    ck_assert_msg(rm_map_network(&net, &o, &ref, &err) == RM_OK, "%s", err.msg);
    ck_assert_int_eq(ref->q, 300);
    rm_mapping *g = rmi_mapping_copy(ref), *k = rmi_mapping_copy(ref);
    ck_assert_ptr_nonnull(g);
    ck_assert_ptr_nonnull(k);
    rm_solver_info info;
    ck_assert_msg(rmi_mapping_refine_solver(&net, ref, RM_FINAL_KINSOL, 0.0, &info, &err) == RM_OK,
                  "%s", err.msg);
    ck_assert_int_eq(ref->final_converged, 1);
    double t_opt = ref->t_step_per_dw;
    rm_solver_limits two_lps = {.glpk_max_lps = 2};
    rm_status st = rmi_mapping_refine_solver_lim(&net, g, RM_FINAL_GLPK, 0.0, &two_lps, &info, &err);
    ck_assert_int_eq(info.iterations, 2);
    check_certified("GLPK, 2 LPs", st, g, &info, t_opt);
    rm_solver_limits five_changes = {.kinsol_max_set_changes = 5};
    st = rmi_mapping_refine_solver_lim(&net, k, RM_FINAL_KINSOL, 0.0, &five_changes, &info, &err);
    if (st == RM_OK)
        check_certified("KINSOL, 5 set changes", st, k, &info, t_opt);
    else
        ck_assert_msg(st == RM_ESOLVER, "%d: %s", (int)st, err.msg);
    rm_mapping_free(g);
    rm_mapping_free(k);
    rm_mapping_free(ref);
    rm_network_destroy(&net);
    rm_platform_free(p);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("limits");
    TCase *tc = tcase_create("final_limits");
    tcase_add_test(tc, test_defaults_and_check);
    tcase_add_test(tc, test_explicit_own_limits_same_result);
    tcase_add_test(tc, test_tight_limits_fail_loudly);
    tcase_add_test(tc, test_limits_reach_the_solver);
    tcase_add_test(tc, test_limits_300_hosts_certified);
    tcase_set_timeout(tc, 120);
    suite_add_tcase(s, tc);
    return rmt_run_suite(s);
}
