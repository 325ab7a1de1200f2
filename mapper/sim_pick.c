/*
 * sim_pick.c — (module mapper/) SimGrid's run of the default pipeline's
 * final candidates under the overlap model, beyond the paper (docs/model.md,
 * "SimGrid's run of the final candidates").
 *
 * Under the overlap model the one-step fluid valuation (the fluid check,
 * fluid_pick.c) sees one synchronous step; in a run the ranks post when
 * their own previous step ends, so fewer flows share a link than in that
 * step, more so on a ring whose every position is communication-bound
 * (bench_overlap: cluster_fat_tree at D_c/D_w 0.064 and 2,000 rows, two
 * rings both at 0.4200 ms by the fluid step, 0.4200 and 0.4272 ms in
 * SimGrid, as SMPI ranks them). Where SimGrid's run is the printed
 * prediction (rm_mapping_judge's policy) and the caller gave the SimGrid
 * file (rm_options.simulate_file), the few rings the pipeline ends with are
 * each run by SimGrid (rm_mapping_simulate: Weissman 1995 §4.1.2's
 * overlapping step, as iterapp runs it) and the fastest is handed on.
 */
#include "mapper/sim_pick.h"
#include "ring/steps.h"
#include "ringmap/ring.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* Two simulated paces within this relative difference tie: the earlier
 * candidate (the fluid check's choice first) is kept. */
#define SIM_PICK_TIE 1e-6

int rmi_sim_pick_applies(const rm_network *net, const rm_mapping *m, const rm_options *opt)
{
    return opt && opt->simulate_file && opt->cost.overlap && m &&
           rmi_judge_policy(net, m, opt);
}

rm_status rmi_sim_pick(const rm_network *net, const rm_options *opt, rm_mapping *m,
                       rm_mapping *const *cand, char (*what)[64], int n, int *pick,
                       rm_error *err)
{
    *pick = -1;
    if (n > RM_SIM_PICK_MAX - 1)
        n = RM_SIM_PICK_MAX - 1;
    rm_simulate_options so;
    memset(&so, 0, sizeof so);
    so.columns = opt->columns;
    const double dw = m->cost.dc / m->cost.dc_dw; /* Mflop: T_step (s) / dw = s/Mflop */
    double t[RM_SIM_PICK_MAX];
    for (int j = 0; j < RM_SIM_PICK_MAX; j++)
        t[j] = NAN;
    rm_pipeline_step s[RM_SIM_PICK_MAX];
    int ns = 0, bi = -1;
    for (int i = -1; i < n; i++) {
        const rm_mapping *c = i < 0 ? m : cand[i];
        if (!c)
            continue;
        rm_error e = {RM_OK, ""};
        double ti = NAN;
        rm_status st = RM_OK;
        if ((long long)c->q * RM_SIMULATE_STEPS > RM_SIMULATE_BUDGET) /* the judge's budget */
            st = rm_error_set(&e, RM_ELIMIT, "%d positions x %d steps over the budget of %d",
                              c->q, RM_SIMULATE_STEPS, RM_SIMULATE_BUDGET);
        else
            st = rm_mapping_simulate(net, c, opt->simulate_file, &so, &ti, &e);
        if (st == RM_ENOMEM)
            return rm_error_set(err, st, "%s", e.msg);
        rm_pipeline_step *si = &s[ns];
        *si = rmi_step_make(RM_STEP_SIMULATE, i + 1, c->t_step_per_dw,
                            st || !(ti > 0.0) ? NAN : ti / dw);
        const char *name = i < 0 ? "the fluid check's choice" : what[i];
        if (st || !(ti > 0.0))
            snprintf(si->note, sizeof si->note, "%.60s (%.90s)", name, e.msg);
        else
            snprintf(si->note, sizeof si->note, "%.150s", name);
        t[ns++] = st || !(ti > 0.0) ? NAN : ti;
        if (i < 0 && isnan(t[0]))
            break; /* m not simulated: the model's prediction stays, nothing else run */
        if (i >= 0 && !isnan(t[ns - 1]) &&
            t[ns - 1] < (bi < 0 ? t[0] : t[bi]) * (1.0 - SIM_PICK_TIE) &&
            !rm_mapping_check(net, c, 1e-9, &e))
            bi = ns - 1, *pick = i;
    }
    int kept = isnan(t[0]) ? -1 : bi < 0 ? 0 : bi;
    for (int j = 0; j < ns; j++) {
        s[j].kept = j == kept;
        rm_status st = rmi_mapping_add_step(m, &s[j], err);
        if (st)
            return st;
    }
    if (kept < 0)
        return RM_OK;
    m->t_step_simulated = t[kept];
    m->t_step_judged = 1;
    m->judge_outcome = RM_JUDGE_SIMULATED;
    if (*pick >= 0) {
        const rm_mapping *c = cand[*pick];
        m->heuristic = c->heuristic;
        m->alphas = c->alphas;
        m->improve_moves = 0;
        for (int k = 0; k < m->n_steps; k++)
            if (m->steps[k].kind == RM_STEP_SEARCH || m->steps[k].kind == RM_STEP_FLUID)
                m->steps[k].kept = 0;
    }
    return RM_OK;
}
