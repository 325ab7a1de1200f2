/*
 * simulate.c — rm_mapping_simulate (ringmap/mapper.h): a mapping valued by
 * SimGrid itself, the run's judge, rather than by ringmap's own models: its
 * ring's steps simulated on the SimGrid platform file it was made on
 * (topo/io/sg_sim.h, a forked child), as iterapp runs them.
 */
#include "ringmap/mapper.h"
#include "mapper/sim_pick.h"
#include "ringmap/shares.h"
#include "topo/io/sg_sim.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

rm_status rm_mapping_simulate(const rm_network *net, const rm_mapping *m, const char *simgrid_path,
                              const rm_simulate_options *o, double *t_step, rm_error *err)
{
    if (t_step)
        *t_step = NAN;
    if (!net || !net->platform || !m || !simgrid_path || !t_step)
        return rm_error_set(err, RM_EINVAL, "rm_mapping_simulate: NULL argument");
    rm_simulate_options d;
    memset(&d, 0, sizeof d);
    if (o)
        d = *o;
    for (int i = 0; i < 4; i++)
        if (d.reserved[i] != 0.0)
            return rm_error_set(err, RM_EINVAL, "rm_mapping_simulate: reserved[%d] must be 0", i);
    if (d.steps == 1 || d.steps < 0 || d.columns < 0 || !(d.timeout_s >= 0.0))
        return rm_error_set(err, RM_EINVAL,
                            "rm_mapping_simulate: steps = %d (need 0 or >= 2), columns = %lld "
                            "(need >= 0), timeout %g s (need >= 0)",
                            d.steps, d.columns, d.timeout_s);
    const rm_platform *p = net->platform;
    if (!p->link_ids)
        return rm_error_set(err, RM_EINPUT,
                            "simulation: the platform was not read from a SimGrid file (write "
                            "one with `ringmap export-simgrid` and map on it)");
    const rm_cost_model *cm = &m->cost;
    if (!(cm->dc > 0.0 && cm->dc_dw > 0.0 && isfinite(cm->dc) && isfinite(cm->dc_dw)))
        return rm_error_set(err, RM_EINPUT,
                            "simulation: needs the message size D_c (--dc) and D_c/D_w > 0 "
                            "(D_c = %g Mb, D_c/D_w = %g)",
                            cm->dc, cm->dc_dw);
    const int q = m->q;
    if (q < 1)
        return rm_error_set(err, RM_EINVAL, "rm_mapping_simulate: empty ring");
    for (int k = 0; k < q; k++)
        if (m->ring[k] < 0 || m->ring[k] >= p->n_nodes || !p->nodes[m->ring[k]].is_host)
            return rm_error_set(err, RM_EINVAL,
                                "rm_mapping_simulate: ring position %d is not a host of the "
                                "platform",
                                k);
    const double dw_flop = cm->dc / cm->dc_dw * 1e6; /* D_w, flop */
    const char **hosts = malloc(sizeof(char *) * (size_t)q);
    double *flops = malloc(sizeof(double) * (size_t)q);
    double *bnd = cm->overlap ? malloc(sizeof(double) * (size_t)q) : NULL;
    long *units = d.columns > 0 ? malloc(sizeof(long) * (size_t)q) : NULL;
    rm_status st = RM_OK;
    if (!hosts || !flops || (cm->overlap && !bnd) || (d.columns > 0 && !units))
        st = rm_error_set(err, RM_ENOMEM, "simulation: out of memory");
    if (!st && units)
        st = rm_mapping_units(net, m, (long)d.columns, 1, units, err);
    for (int k = 0; !st && k < q; k++) {
        hosts[k] = p->nodes[m->ring[k]].label;
        double share = units ? (double)units[k] / (double)d.columns : m->alpha[k];
        flops[k] = share * dw_flop;
        if (bnd) /* the boundary b_k that cannot overlap (model.h) */
            bnd[k] = cm->overlap_boundary_dw > 0.0
                         ? fmin(cm->overlap_boundary_dw * dw_flop, flops[k])
                         : fmin(cm->overlap_boundary * flops[k], flops[k]);
    }
    if (!st) {
        rmi_sg_sim_spec spec = {q, hosts, flops, bnd, cm->dc * 1e6 / 8.0,
                                d.steps ? d.steps : RM_SIMULATE_STEPS,
                                d.timeout_s > 0.0 ? d.timeout_s : 600.0};
        rmi_sg_sim_result res;
        st = rmi_sg_simulate(simgrid_path, &spec, &res, err);
        if (!st)
            *t_step = res.pace;
        free(res.end);
    }
    free(hosts);
    free(flops);
    free(bnd);
    free(units);
    return st;
}

int rmi_judge_policy(const rm_network *net, const rm_mapping *m, const rm_options *opt)
{
    const rm_platform *p = net ? net->platform : NULL;
    const rm_cost_model *cm = &m->cost;
    int calibrated = p && ((p->bw_factor != 0.0 && p->bw_factor != 1.0) ||
                           (p->lat_factor != 0.0 && p->lat_factor != 1.0));
    return opt->network == RM_NETWORK_FAIR && cm->latency && cm->dc > 0.0 && cm->dc_dw > 0.0 &&
           p && p->link_ids && !calibrated && m->q >= 2;
}

rm_status rm_mapping_judge(const rm_network *net, rm_mapping *m, const rm_options *opt,
                           const char *simgrid_path, const rm_simulate_options *o, int required,
                           rm_error *err)
{
    if (err) {
        err->status = RM_OK;
        err->msg[0] = '\0';
    }
    if (!net || !m || !opt || !simgrid_path)
        return rm_error_set(err, RM_EINVAL, "rm_mapping_judge: NULL argument");
    int policy = rmi_judge_policy(net, m, opt);
    m->judge_outcome = RM_JUDGE_NOT_RUN;
    if (!policy && !required)
        return RM_OK;
    /* the default's size budget (deterministic): ring positions x steps */
    const int steps = o && o->steps >= 2 ? o->steps : RM_SIMULATE_STEPS;
    if (policy && !required && (long long)m->q * steps > RM_SIMULATE_BUDGET) {
        m->t_step_simulated = 0.0;
        m->t_step_judged = 0;
        m->judge_outcome = RM_JUDGE_OVER_BUDGET;
        rm_error_set(err, RM_ELIMIT,
                     "SimGrid's run of %d ring positions x %d steps = %lld is over the budget "
                     "of %d positions x steps simulated by default",
                     m->q, steps, (long long)m->q * steps, RM_SIMULATE_BUDGET);
        return RM_OK; /* a note: the model's value stays */
    }
    /* already run by the pipeline's SimGrid pick of its final candidates
       (rm_options.simulate_file, mapper/sim_pick.c: its first step is m's
       run) with the same steps and columns: that run is this one, judged or
       refused; required, a ring the pick left out for the default's budget
       (the same test as below) is run here, the budget lifted */
    if (policy && opt->simulate_file &&
        (!o || ((o->steps == 0 || o->steps == RM_SIMULATE_STEPS) && o->columns == opt->columns)) &&
        !(required && (long long)m->q * RM_SIMULATE_STEPS > RM_SIMULATE_BUDGET))
        for (int k = 0; k < m->n_steps; k++)
            if (m->steps[k].kind == RM_STEP_SIMULATE && m->steps[k].detail == 0) {
                if (m->t_step_judged && m->t_step_simulated > 0.0) {
                    m->judge_outcome = RM_JUDGE_SIMULATED;
                    return RM_OK;
                }
                m->judge_outcome = RM_JUDGE_REFUSED;
                rm_error_set(err, RM_EINPUT, "%s", m->steps[k].note);
                return RM_OK;
            }
    double t = NAN;
    rm_status st = rm_mapping_simulate(net, m, simgrid_path, o, &t, err);
    if (st) {
        m->t_step_simulated = 0.0;
        m->t_step_judged = 0;
        m->judge_outcome = policy ? RM_JUDGE_REFUSED : RM_JUDGE_NOT_RUN;
        return policy ? RM_OK : st; /* under the policy the refusal stays in *err as a note */
    }
    m->t_step_simulated = t;
    m->t_step_judged = policy && t > 0.0;
    m->judge_outcome = RM_JUDGE_SIMULATED;
    return RM_OK;
}
