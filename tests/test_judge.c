/*
 * test_judge.c — rm_mapping_judge's policy (mapper/simulate.c): SimGrid's
 * run of a mapping as its printed prediction, the default of `ringmap map`
 * on an uncalibrated SimGrid file under the fair model with the latency
 * model; its deterministic size budget (RM_SIMULATE_BUDGET ring positions x
 * steps, lifted when the simulation is required); rm_mapping.judge_outcome
 * and the note left in *err.
 * The platform: tests/data/simgrid/sim_three_hosts.xml (three hosts, each on
 * a private SHARED link of 8 MBps, 0.5 ms; A 100, B and C 50 Mflop/s). With
 * D_c 0.064 Mb (8000 bytes, sent detached), D_w 10 Mflop and the run's 40
 * columns (20, 10, 10: 50 ms each) iterapp's step takes 5 ms + 50 ms
 * (tests/cli/simulate.sh's closed form): SimGrid's pace is 0.055 s.
 */
#include "ringmap.h"

#include "support.h"

#include <check.h>
#include <math.h>
#include <string.h>

#define PLATFORM RM_SOURCE_DIR "/tests/data/simgrid/sim_three_hosts.xml"

static rm_platform *g_p;
static rm_network g_net;

static void load(void)
{
    rm_read_options ro;
    rm_read_options_init(&ro);
    rm_error err = {RM_OK, ""};
    ck_assert_msg(rm_platform_read(PLATFORM, &ro, &g_p, &err) == RM_OK, "%s", err.msg);
    ck_assert_msg(rm_network_init(&g_net, g_p, RM_DUPLEX_FULL, &err) == RM_OK, "%s", err.msg);
}

static void unload(void)
{
    rm_network_destroy(&g_net);
    rm_platform_free(g_p);
    g_p = NULL;
}

/* the default pipeline under the fair model with the latency model (the
   judge's policy applies) or without it (latency 0: it does not) */
static rm_mapping *map(rm_options *o, int latency)
{
    rm_options_init(o);
    o->cost.dc = 0.064;
    o->cost.dc_dw = 0.064 / 10.0;
    o->cost.latency = latency;
    o->cost.parallel_send = 1;
    o->columns = 40;
    o->threads = 1;
    rm_mapping *m = NULL;
    rm_error err = {RM_OK, ""};
    ck_assert_msg(rm_map_network(&g_net, o, &m, &err) == RM_OK, "%s", err.msg);
    ck_assert_int_eq(m->q, 3);
    ck_assert_int_eq(m->judge_outcome, RM_JUDGE_NOT_RUN);
    return m;
}

static rm_simulate_options sim_opts(int steps)
{
    rm_simulate_options so;
    memset(&so, 0, sizeof so);
    so.columns = 40;
    so.steps = steps;
    return so;
}

START_TEST(test_policy_applies)
{
    load();
    rm_options o;
    rm_mapping *m = map(&o, 1);
    double model = rm_mapping_tstep_printed(m), chosen_by = m->t_step_per_dw;
    rm_simulate_options so = sim_opts(0);
    rm_error err = {RM_OK, ""};
    ck_assert_int_eq(rm_mapping_judge(&g_net, m, &o, PLATFORM, &so, 0, &err), RM_OK);
    ck_assert_msg(err.status == RM_OK, "a note: %s", err.msg);
    ck_assert_int_eq(m->judge_outcome, RM_JUDGE_SIMULATED);
    ck_assert_int_eq(m->t_step_judged, 1);
    ck_assert_msg(fabs(m->t_step_simulated - 0.055) <= 1e-9 * 0.055, "%.17g", m->t_step_simulated);
    ck_assert(rm_mapping_tstep_printed(m) == m->t_step_simulated * o.cost.dc_dw / o.cost.dc);
    ck_assert(m->t_step_per_dw == chosen_by); /* what the mapper chose by stays */
    ck_assert(isfinite(model));
    rm_mapping_free(m);
    unload();
}
END_TEST

START_TEST(test_over_budget)
{
    load();
    rm_options o;
    rm_mapping *m = map(&o, 1);
    double model = rm_mapping_tstep_printed(m);
    /* 3 positions x 3334 steps = 10002 > RM_SIMULATE_BUDGET: the model's
       value stays, with the reason as a note */
    int steps = RM_SIMULATE_BUDGET / 3 + 1;
    rm_simulate_options so = sim_opts(steps);
    rm_error err = {RM_OK, ""};
    ck_assert_int_eq(rm_mapping_judge(&g_net, m, &o, PLATFORM, &so, 0, &err), RM_OK);
    ck_assert_int_eq(err.status, RM_ELIMIT);
    ck_assert_ptr_nonnull(strstr(err.msg, "over the budget of 10000"));
    ck_assert_int_eq(m->judge_outcome, RM_JUDGE_OVER_BUDGET);
    ck_assert_int_eq(m->t_step_judged, 0);
    ck_assert(m->t_step_simulated == 0.0);
    ck_assert(rm_mapping_tstep_printed(m) == model);
    ck_assert_str_eq(rm_enum_name(RM_ENUM_JUDGE, m->judge_outcome), "over_budget");
    /* exactly at the budget (3 x 3333 = 9999): simulated */
    so.steps = RM_SIMULATE_BUDGET / 3;
    err = (rm_error){RM_OK, ""};
    ck_assert_int_eq(rm_mapping_judge(&g_net, m, &o, PLATFORM, &so, 0, &err), RM_OK);
    ck_assert_msg(err.status == RM_OK, "a note: %s", err.msg);
    ck_assert_int_eq(m->judge_outcome, RM_JUDGE_SIMULATED);
    /* required lifts the budget */
    so.steps = steps;
    err = (rm_error){RM_OK, ""};
    ck_assert_int_eq(rm_mapping_judge(&g_net, m, &o, PLATFORM, &so, 1, &err), RM_OK);
    ck_assert_msg(err.status == RM_OK, "a note: %s", err.msg);
    ck_assert_int_eq(m->judge_outcome, RM_JUDGE_SIMULATED);
    ck_assert_int_eq(m->t_step_judged, 1);
    ck_assert_msg(fabs(m->t_step_simulated - 0.055) <= 1e-9 * 0.055, "%.17g", m->t_step_simulated);
    rm_mapping_free(m);
    unload();
}
END_TEST

START_TEST(test_refused_and_outside)
{
    load();
    rm_options o;
    rm_mapping *m = map(&o, 1);
    double model = rm_mapping_tstep_printed(m);
    /* a refused simulation under the policy (more than the messages
       rm_mapping_simulate simulates at most, required): RM_OK, a note */
    rm_simulate_options so = sim_opts(1000000);
    rm_error err = {RM_OK, ""};
    ck_assert_int_eq(rm_mapping_judge(&g_net, m, &o, PLATFORM, &so, 1, &err), RM_OK);
    ck_assert_int_eq(err.status, RM_ELIMIT);
    ck_assert_int_eq(m->judge_outcome, RM_JUDGE_REFUSED);
    ck_assert_int_eq(m->t_step_judged, 0);
    ck_assert(rm_mapping_tstep_printed(m) == model);
    rm_mapping_free(m);
    /* outside the policy (no latency model): not simulated unless required */
    m = map(&o, 0);
    so = sim_opts(0);
    err = (rm_error){RM_OK, ""};
    ck_assert_int_eq(rm_mapping_judge(&g_net, m, &o, PLATFORM, &so, 0, &err), RM_OK);
    ck_assert_int_eq(err.status, RM_OK);
    ck_assert_int_eq(m->judge_outcome, RM_JUDGE_NOT_RUN);
    ck_assert(m->t_step_simulated == 0.0);
    ck_assert_int_eq(rm_mapping_judge(&g_net, m, &o, PLATFORM, &so, 1, &err), RM_OK);
    ck_assert_int_eq(m->judge_outcome, RM_JUDGE_SIMULATED);
    ck_assert_int_eq(m->t_step_judged, 0); /* simulated, the model's value printed */
    ck_assert(m->t_step_simulated > 0.0);
    /* required, outside the policy, refused: the error itself */
    so = sim_opts(1000000);
    ck_assert_int_eq(rm_mapping_judge(&g_net, m, &o, PLATFORM, &so, 1, &err), RM_ELIMIT);
    ck_assert_int_eq(m->judge_outcome, RM_JUDGE_NOT_RUN);
    rm_mapping_free(m);
    unload();
}
END_TEST

int main(void)
{
    Suite *s = suite_create("judge");
    TCase *tc = tcase_create("judge");
    tcase_add_test(tc, test_policy_applies);
    tcase_add_test(tc, test_over_budget);
    tcase_add_test(tc, test_refused_and_outside);
    suite_add_tcase(s, tc);
    return rmt_run_suite(s);
}
