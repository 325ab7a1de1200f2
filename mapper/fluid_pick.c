/*
 * fluid_pick.c — (module mapper/) the fluid check of the final candidates
 * under the overlap model, beyond the paper (docs/model.md, "The fluid
 * check of the final candidates").
 *
 * Under the overlap model a host posts its two messages at the start of
 * its step (Weissman 1995 §4.1.2, Eq. 4.10), so the 2q flows of a step do
 * start together, as the one-step fluid valuation assumes
 * (rm_mapping_tstep_dynamic: SimGrid's CM02 flow model, a flow holding no
 * bandwidth during its latency and releasing it when it ends). The static
 * max-min valuation the heuristics and the search choose by gives every
 * flow of a link its share for the whole step; a ring with many
 * communication-bound hosts whose flows end early runs well below it. So
 * among the few rings the pipeline ends with, the mapper keeps the one
 * whose fluid T_step is lowest — a valuation per candidate, not per move
 * of the search.
 */
#include "mapper/fluid_pick.h"
#include "ring/refine.h"
#include "ring/steps.h"
#include "ringmap/ring.h"

#include <math.h>
#include <stdio.h>

/* The relative margin a candidate's fluid T_step must go below m's by: the
 * one-step fluid valuation is one synchronous step, a run's steady state
 * desynchronises the ranks' posts (bench_overlap: the fluid predictions
 * within 0.94-1.03 of the simulation); a smaller gain is within that
 * difference, and the search's ring is the static optimum it found.
 * Measured on bench_overlap: a 0.8 % fluid gain (tiers_medium 0.0064/200)
 * took a ring that ran at 0.942 of its prediction. */
#define FLUID_PICK_MARGIN 0.01

int rmi_fluid_pick_applies(const rm_options *opt)
{
    return opt && opt->cost.overlap && opt->network == RM_NETWORK_FAIR && opt->cost.latency &&
           opt->cost.dc > 0.0;
}

rm_status rmi_fluid_pick(const rm_network *net, rm_mapping *m, rm_mapping **cand,
                         char (*what)[64], int n, int *pick, rm_error *err)
{
    *pick = -1;
    rm_error e = {RM_OK, ""};
    rm_status st = rm_mapping_tstep_dynamic(net, m, &e);
    if (st)
        return st == RM_ENOMEM ? rm_error_set(err, st, "%s", e.msg) : RM_OK;
    double t0 = rm_mapping_tstep_printed(m), tb = t0;
    int bi = -1, n_valued = 0;
    for (int i = 0; i < n; i++) {
        if (!cand[i])
            continue;
        cand[i]->network = m->network;
        if ((st = rm_mapping_tstep_dynamic(net, cand[i], &e))) {
            if (st == RM_ENOMEM)
                return rm_error_set(err, st, "%s", e.msg);
            continue;
        }
        n_valued++;
        double ti = rm_mapping_tstep_printed(cand[i]);
        if (ti <= t0 * (1.0 - FLUID_PICK_MARGIN) && ti < tb &&
            !rm_mapping_check(net, cand[i], 1e-9, &e))
            tb = ti, bi = i;
    }
    rm_pipeline_step s = rmi_step_make(RM_STEP_FLUID, 0, t0, tb);
    if (bi < 0) {
        snprintf(s.note, sizeof s.note,
                 "the mapping's ring is the lowest by the one-step fluid valuation (%d other "
                 "candidate%s valued)",
                 n_valued, n_valued == 1 ? "" : "s");
        return rmi_mapping_add_step(m, &s, err);
    }
    const rm_mapping *c = cand[bi];
    s.kept = 1;
    snprintf(s.note, sizeof s.note,
             "the ring of %s, lower by the one-step fluid valuation (static %.6g s/Mflop; %d "
             "candidates valued)",
             what[bi], c->t_step_per_dw, n_valued + 1);
    /* m's record (steps, sweep, search and solver records) stays; the
       search's result is no longer the mapping; the caller moves the
       candidate's ring, routes, shares and alphas into m */
    m->heuristic = c->heuristic;
    m->improve_moves = 0;
    for (int k = 0; k < m->n_steps; k++)
        if (m->steps[k].kind == RM_STEP_SEARCH)
            m->steps[k].kept = 0;
    *pick = bi;
    return rmi_mapping_add_step(m, &s, err);
}
