/*
 * test_limits.c — the final solvers' iteration limits in rm_options
 * (rm_options.final_limits, issue 10 item 3): rm_options_init leaves the
 * solvers' own limits (0), rm_options_check refuses negative ones, explicit
 * limits at the solvers' own values give the same mapping as the defaults,
 * and a limit too small to reach the tolerance is an RM_ESOLVER error that
 * names it, never a silently worse answer.
 */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "support.h"
#include "ring/refine.h"
#include "solvers/solvers.h"

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
    rm_options_init(&o);
    o.dc_dw = 0.64; /* communication-heavy: the shares matter */
    o.final_solver = fs;
    o.final_limits = lim;
    rm_mapping *m = NULL;
    *st = rm_map(p, &o, &m, err);
    return m;
}

START_TEST(test_defaults_and_check)
{
    rm_options o;
    rm_options_init(&o);
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
        rm_mapping *a = map_with(p, fs[s], (rm_solver_limits){0, 0, 0}, &st0, &e0);
        /* 200 Newton iterations and 1000 LPs are the solvers' own; a
         * generous set-change limit (the own one here is 60 + 4 (rows +
         * q + groups) < 1000) */
        rm_mapping *b = map_with(p, fs[s], (rm_solver_limits){200, 1000, 1000}, &st1, &e1);
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

/* one cutting-plane LP cannot close GLPK's gap to 1e-9: RM_ESOLVER naming
 * the LPs. KINSOL restarts a solve that stopped at its Newton limit and
 * backs off in its continuation, so a tight KINSOL limit may still converge:
 * then to the same T_step (its certificate), otherwise RM_ESOLVER. */
START_TEST(test_tight_limits_fail_loudly)
{
    rm_platform *p = platform6();
    rm_status st;
    rm_error err;
    rm_mapping *m = map_with(p, RM_FINAL_GLPK, (rm_solver_limits){0, 0, 1}, &st, &err);
    ck_assert_ptr_null(m);
    ck_assert_int_eq(st, RM_ESOLVER);
    ck_assert_msg(strstr(err.msg, "after 1 LPs"), "%s", err.msg);
    rm_mapping *ref = map_with(p, RM_FINAL_KINSOL, (rm_solver_limits){0, 0, 0}, &st, &err);
    ck_assert_msg(st == RM_OK, "%s", err.msg);
    rm_solver_limits tight[2] = {{1, 0, 0}, {0, 1, 0}};
    int n_fail = 0;
    for (int k = 0; k < 2; k++) {
        m = map_with(p, RM_FINAL_KINSOL, tight[k], &st, &err);
        if (st == RM_OK) {
            ck_assert_double_eq_tol(m->t_step_per_dw, ref->t_step_per_dw,
                                    1e-9 * ref->t_step_per_dw);
            rm_mapping_free(m);
        } else {
            ck_assert_ptr_null(m);
            ck_assert_msg(st == RM_ESOLVER, "%d: %s", (int)st, err.msg);
            n_fail++;
        }
    }
    printf("tight KINSOL limits: %d of 2 stopped with RM_ESOLVER, the rest reached T_step %.12g\n",
           n_fail, ref->t_step_per_dw);
    rm_mapping_free(ref);
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
    rm_options_init(&o);
    o.dc_dw = 0.64;
    rm_mapping *a = NULL, *b = NULL;
    ck_assert_int_eq(rm_map_network(&net, &o, &a, &err), RM_OK);
    ck_assert_int_eq(rm_map_network(&net, &o, &b, &err), RM_OK);
    rm_solver_info ia, ib;
    rm_solver_limits one = {1, 0, 0};
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

int main(void)
{
    Suite *s = suite_create("limits");
    TCase *tc = tcase_create("final_limits");
    tcase_add_test(tc, test_defaults_and_check);
    tcase_add_test(tc, test_explicit_own_limits_same_result);
    tcase_add_test(tc, test_tight_limits_fail_loudly);
    tcase_add_test(tc, test_limits_reach_the_solver);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int nf = srunner_ntests_failed(sr);
    srunner_free(sr);
    return nf ? 1 : 0;
}
