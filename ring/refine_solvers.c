/*
 * refine_solvers.c — the real optimum of the shares of a fixed ring
 * (solvers.h: KINSOL and GLPK) applied to a mapping, and rm_map_network,
 * and the five share methods side by side (rmi_mapping_refinements; the
 * final solver, --final-solver; Legrand et al. 2004 §4.4.3).
 */
#include "ring/refine.h"

#include <math.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

rm_status rmi_mapping_refine_solver(const rm_network *net, rm_mapping *m, rm_final_solver which,
                                   double tol, rm_solver_info *info, rm_error *err)
{
    return rmi_mapping_refine_solver_lim(net, m, which, tol, NULL, info, err);
}

rm_status rmi_mapping_refine_solver_lim(const rm_network *net, rm_mapping *m,
                                        rm_final_solver which, double tol,
                                        const rm_solver_limits *lim, rm_solver_info *info,
                                        rm_error *err)
{
    rm_solver_info own;
    if (!info)
        info = &own; /* the mapping records the gap and status */
    if (which != RM_FINAL_KINSOL && which != RM_FINAL_GLPK)
        return rm_error_set(err, RM_EINPUT, "final solver %d is not a solver (kinsol or glpk)",
                            (int)which);
    int q = m->q;
    if (q <= 1) {
        rm_mapping_rebalance(net, m);
        m->final_solver = which;
        m->final_gap = 0.0;
        m->final_converged = 1;
        *info = (rm_solver_info){0};
        info->objective = m->t_step_per_dw;
        info->gap = 0.0;
        snprintf(info->status, sizeof info->status, "optimal");
        return RM_OK;
    }
    double *x = malloc((size_t)(2 * q) * sizeof *x), *old = malloc((size_t)(2 * q) * sizeof *old);
    double *alpha = malloc((size_t)q * sizeof *alpha);
    if (!x || !old || !alpha) {
        free(x), free(old), free(alpha);
        return rm_error_set(err, RM_ENOMEM, "out of memory refining the shares");
    }
    double t = NAN, told = m->t_step_per_dw;
    rm_final_solver rold = m->final_solver;
    double gold = m->final_gap;
    int cold = m->final_converged;
    rm_ring_instance ri;
    rm_status st = rm_ring_instance_of_mapping(net, m, &ri, err);
    if (st == RM_OK && lim)
        ri.limits = *lim;
    if (st == RM_OK) {
        st = which == RM_FINAL_KINSOL ? rm_tstep_kinsol(&ri, tol, x, &t, info, err)
                                      : rm_tstep_glpk(&ri, tol, x, &t, info, err);
        rm_ring_instance_free(&ri);
    }
    if (st == RM_OK) {
        for (int k = 0; k < q; k++) {
            old[k] = m->succ[k].bandwidth, old[q + k] = m->pred[k].bandwidth;
            alpha[k] = m->alpha[k];
            m->succ[k].bandwidth = x[k];
            m->pred[k].bandwidth = x[q + k];
        }
        rm_mapping_rebalance(net, m);
        m->final_solver = which;
        m->final_gap = info->gap;
        m->final_converged = strncmp(info->status, "optimal", 7) == 0;
        if (!(fabs(m->t_step_per_dw - t) <= 1e-9 * t))
            st = rm_error_set(err, RM_EINTERNAL,
                              "%s: T_step/D_w %.17g after rebalancing differs from the solver's "
                              "%.17g",
                              which == RM_FINAL_KINSOL ? "kinsol" : "glpk", m->t_step_per_dw, t);
        else
            st = rm_mapping_check(net, m, 1e-9, err);
        if (st) {
            for (int k = 0; k < q; k++) {
                m->succ[k].bandwidth = old[k], m->pred[k].bandwidth = old[q + k];
                m->alpha[k] = alpha[k];
            }
            m->t_step_per_dw = told;
            m->final_solver = rold;
            m->final_gap = gold;
            m->final_converged = cold;
        }
    }
    free(x), free(old), free(alpha);
    return st;
}

/* rmi_mapping_copy (ring/refine.h). */
rm_mapping *rmi_mapping_copy(const rm_mapping *m)
{
    rm_mapping *c = rm_mapping_new(m->q, 0);
    if (!c)
        return NULL;
    for (int k = 0; k < m->q; k++) {
        c->ring[k] = m->ring[k];
        c->alpha[k] = m->alpha[k];
        if (m->q > 1 &&
            (rm_route_copy(&c->succ[k], &m->succ[k]) || rm_route_copy(&c->pred[k], &m->pred[k]))) {
            rm_mapping_free(c);
            return NULL;
        }
    }
    c->cost = m->cost;
    c->network = m->network;
    c->t_step_per_dw = m->t_step_per_dw;
    c->t_step_per_dw_unshared = m->t_step_per_dw_unshared;
    c->heuristic = m->heuristic;
    c->sharing = m->sharing;
    c->network = m->network;
    c->final_solver = m->final_solver;
    c->final_gap = m->final_gap;
    c->final_converged = m->final_converged;
    c->network = m->network;
    c->ring_given = m->ring_given;
    c->alphas = m->alphas;
    return c;
}

rm_status rmi_mapping_refinements(const rm_network *net, const rm_mapping *m, double *t,
                                 rm_status *st, rm_mapping **best, rm_error *err)
{
    if (best)
        *best = NULL;
    rm_mapping *c[RM_N_REFINE] = {NULL};
    for (int r = 0; r < RM_N_REFINE; r++) {
        t[r] = NAN;
        if (st)
            st[r] = RM_OK;
        if (!(c[r] = rmi_mapping_copy(m))) {
            for (int i = 0; i < r; i++)
                rm_mapping_free(c[i]);
            return rm_error_set(err, RM_ENOMEM, "out of memory comparing refinements");
        }
    }
    for (int r = 0; r < RM_N_REFINE; r++) {
        rm_error e = {RM_OK, ""};
        rm_status s = RM_OK;
        switch ((rm_refine)r) {
        case RM_REFINE_NONE: break;
        case RM_REFINE_MAXMIN: s = rm_mapping_refine_maxmin(net, c[r], &e); break;
        case RM_REFINE_OPTIMAL: s = rm_mapping_refine_optimal(net, c[r], &e); break;
        case RM_REFINE_KINSOL: s = rmi_mapping_refine_solver(net, c[r], RM_FINAL_KINSOL, 0.0, NULL, &e); break;
        default: s = rmi_mapping_refine_solver(net, c[r], RM_FINAL_GLPK, 0.0, NULL, &e); break;
        }
        if (s == RM_OK) {
            if (r == RM_REFINE_MAXMIN || r == RM_REFINE_OPTIMAL)
                c[r]->sharing = r == RM_REFINE_MAXMIN ? RM_SHARING_MAXMIN : RM_SHARING_EQ5;
            t[r] = c[r]->t_step_per_dw;
        } else if (s == RM_ENOMEM) {
            for (int i = 0; i < RM_N_REFINE; i++)
                rm_mapping_free(c[i]);
            return rm_error_set(err, RM_ENOMEM, "%s", e.msg);
        }
        if (st)
            st[r] = s;
    }
    if (best) {
        int b = !isnan(t[RM_REFINE_KINSOL]) ? RM_REFINE_KINSOL
                : !isnan(t[RM_REFINE_GLPK]) ? RM_REFINE_GLPK
                                            : -1;
        if (b >= 0) {
            *best = c[b];
            c[b] = NULL;
        }
    }
    for (int r = 0; r < RM_N_REFINE; r++)
        rm_mapping_free(c[r]);
    return RM_OK;
}
