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

/* rmi_mapping_final_solver (ring/refine.h): the final solver, never worse. */
rm_status rmi_mapping_final_solver(const rm_network *net, rm_mapping *m, rm_final_solver which,
                                   double tol, const rm_solver_limits *lim, rm_error *err)
{
    m->final_outcome = RM_FINAL_OUTCOME_NOT_RUN;
    m->final_t_start = 0.0;
    m->final_message[0] = '\0';
    if (which == RM_FINAL_NONE)
        return RM_OK;
    if (which != RM_FINAL_KINSOL && which != RM_FINAL_GLPK)
        return rm_error_set(err, RM_EINPUT, "final solver %d is not a solver (kinsol or glpk)",
                            (int)which);
    rm_mapping *c = rmi_mapping_copy(m);
    if (!c)
        return rm_error_set(err, RM_ENOMEM, "out of memory for the final solver");
    double t0 = m->t_step_per_dw;
    rm_error e = {RM_OK, ""};
    rm_solver_info info = {0};
    rm_status st = rmi_mapping_refine_solver_lim(net, c, which, tol, lim, &info, &e);
    if (st == RM_ENOMEM) {
        rm_mapping_free(c);
        return rm_error_set(err, RM_ENOMEM, "%s", e.msg);
    }
    m->final_solver = which;
    m->final_t_start = t0;
    if (st == RM_OK && c->t_step_per_dw < t0) {
        for (int k = 0; k < m->q; k++) {
            m->alpha[k] = c->alpha[k];
            if (m->q > 1) {
                m->succ[k].bandwidth = c->succ[k].bandwidth;
                m->pred[k].bandwidth = c->pred[k].bandwidth;
            }
        }
        m->t_step_per_dw = c->t_step_per_dw;
        m->final_gap = c->final_gap;
        m->final_converged = c->final_converged;
        m->final_outcome = RM_FINAL_OUTCOME_IMPROVED;
    } else if (st == RM_OK) {
        /* the solver's point is no better: the optimum is >= t (1 - gap),
           so the starting shares are within that of it */
        double t = c->t_step_per_dw, g = c->final_gap > 0.0 ? c->final_gap : 0.0;
        int cert = isfinite(c->final_gap) && g < 1.0 && isfinite(t) && t0 > 0.0;
        double g0 = cert ? (t0 - t * (1.0 - g)) / t0 : NAN;
        m->final_gap = cert ? (g0 > 0.0 ? g0 : 0.0) : NAN;
        m->final_converged = cert && c->final_converged;
        m->final_outcome = RM_FINAL_OUTCOME_NO_GAIN;
        snprintf(m->final_message, sizeof m->final_message,
                 "T_step/D_w %.9g (%s, gap %.3g) is not below the starting %.9g", t,
                 info.status, g, t0);
    } else {
        m->final_gap = NAN;
        m->final_converged = 0;
        m->final_outcome = RM_FINAL_OUTCOME_FAILED;
        snprintf(m->final_message, sizeof m->final_message, "%s",
                 e.msg[0] ? e.msg : rm_status_name(st));
    }
    rm_mapping_free(c);
    return RM_OK;
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
    c->final_outcome = m->final_outcome;
    c->final_t_start = m->final_t_start;
    memcpy(c->final_message, m->final_message, sizeof c->final_message);
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
        /* never worse (rmi_mapping_final_solver): the KINSOL copy, else the
           GLPK one, only when it lowers T_step; else the own shares */
        int b = t[RM_REFINE_KINSOL] < t[RM_REFINE_NONE]  ? RM_REFINE_KINSOL
                : t[RM_REFINE_GLPK] < t[RM_REFINE_NONE] ? RM_REFINE_GLPK
                                                        : RM_REFINE_NONE;
        *best = c[b];
        c[b] = NULL;
        (*best)->final_t_start = t[RM_REFINE_NONE];
        if (b != RM_REFINE_NONE) {
            (*best)->final_outcome = RM_FINAL_OUTCOME_IMPROVED;
        } else {
            int failed = isnan(t[RM_REFINE_KINSOL]) && isnan(t[RM_REFINE_GLPK]);
            (*best)->final_solver = RM_FINAL_KINSOL;
            (*best)->final_gap = NAN;
            (*best)->final_converged = 0;
            (*best)->final_outcome = failed ? RM_FINAL_OUTCOME_FAILED : RM_FINAL_OUTCOME_NO_GAIN;
            snprintf((*best)->final_message, sizeof (*best)->final_message,
                     "neither KINSOL (T_step/D_w %.9g) nor GLPK (%.9g) is below the own shares' "
                     "%.9g",
                     t[RM_REFINE_KINSOL], t[RM_REFINE_GLPK], t[RM_REFINE_NONE]);
        }
    }
    for (int r = 0; r < RM_N_REFINE; r++)
        rm_mapping_free(c[r]);
    return RM_OK;
}
