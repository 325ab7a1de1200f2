/*
 * tstep_glpk.c — T_step of a fixed ring with fixed routes at its optimum
 * (the real program of solvers.h: alphas >= 0, every cost model) by outer
 * approximation: Kelley's cutting planes on the convex 1/x in an LP in
 * (T, alpha, x, t [, u]) solved by GLPK's simplex, until the gap between a
 * lower bound (LP optimum, Lagrangian bound from the LP duals) and the true
 * T_step of the best feasible shares found is below the tolerance. The
 * independent check of tstep_kinsol.c (seed 001 §4.4.3).
 */
#include "solvers/glpk_common.h"
#include "solvers/solvers.h"
#include "solvers/tstep_problem.h"

#include <glpk.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Column layout (1-based): T, alpha_i, y_k, t_k, u_i (parallel send). */
typedef struct tg_cols {
    int q, K;
} tg_cols;
static int cT(void) { return 1; }
static int cA(const tg_cols *c, int i) { return 2 + i; }
static int cY(const tg_cols *c, int k) { return 2 + c->q + k; }
static int cTk(const tg_cols *c, int k) { return 2 + c->q + c->K + k; }
static int cU(const tg_cols *c, int i) { return 2 + c->q + 2 * c->K + i; }

/* Tangent cut of 1/y at y0 for t_k:  y_k / y0 + y0 t_k >= 2. */
static void add_cut(glp_prob *lp, const tg_cols *c, int k, double y0)
{
    rm_glpk_add_tangent_cut(lp, cY(c, k), cTk(c, k), 1.0, y0);
}

/* Keep y in the box and make it exactly feasible; return T(y). */
static double upper_point(const rm_tstep_problem *p, double *y, const double *lb, double *load,
                          double *C)
{
    for (int k = 0; k < p->K; k++) {
        if (y[k] < lb[k])
            y[k] = lb[k];
        if (y[k] > p->sp.ub[k])
            y[k] = p->sp.ub[k];
    }
    rm_share_make_feasible(&p->sp, y, load);
    return rm_tstep_value(p, y, C, NULL);
}

static rm_status tstep_glpk_run(const rm_ring_instance *ri, double tol, double *x,
                                double *t_step, rm_solver_info *info, rm_error *err);

/* rm_tstep_glpk (solvers/solvers.h): the solve in this thread's GLPK
 * environment, freed again if this call created it (glpk_common.h). */
rm_status rm_tstep_glpk(const rm_ring_instance *ri, double tol, double *x,
                        double *t_step, rm_solver_info *info, rm_error *err)
{
    int fresh = rm_glpk_env_begin();
    rm_status st = tstep_glpk_run(ri, tol, x, t_step, info, err);
    rm_glpk_env_end(fresh);
    return st;
}

static rm_status tstep_glpk_run(const rm_ring_instance *ri, double tol, double *x,
                                double *t_step, rm_solver_info *info, rm_error *err)
{
    if (tol <= 0.0)
        tol = 1e-9;
    rm_tstep_problem p;
    rm_status st;
    if (rm_tstep_start(&p, "rm_tstep_glpk", ri, x, t_step, info, err, &st))
        return st;
    const rm_share_problem *sp = &p.sp;
    int K = p.K, q = p.q, M = sp->m;
    tg_cols cols = {q, K};
    double *y = malloc((size_t)K * sizeof *y), *yb = malloc((size_t)K * sizeof *yb);
    double *ylp = malloc((size_t)K * sizeof *ylp), *lb = malloc((size_t)K * sizeof *lb);
    double *Lam = malloc((size_t)K * sizeof *Lam), *rho = malloc((size_t)K * sizeof *rho);
    double *C = malloc((size_t)q * sizeof *C), *mh = malloc((size_t)q * sizeof *mh);
    double *load = malloc(((size_t)M + 1) * sizeof *load);
    int *lprow = malloc(((size_t)M + 1) * sizeof *lprow);
    int nind = K + q + 8;
    int *ind = malloc((size_t)nind * sizeof *ind);
    double *val = malloc((size_t)nind * sizeof *val);
    glp_prob *lp = NULL;
    int term = glp_term_out(GLP_OFF);
    if (!y || !yb || !ylp || !lb || !Lam || !rho || !C || !mh || !load || !lprow || !ind || !val) {
        st = rm_error_set(err, RM_ENOMEM, "rm_tstep_glpk: out of memory");
        goto done;
    }
    /* max-min rates: feasible, T(opt) <= T0, so y_k >= D / T0 at the optimum */
    if (rm_share_maxmin(sp, y, NULL, NULL)) {
        st = rm_error_set(err, RM_ENOMEM, "rm_tstep_glpk: out of memory");
        goto done;
    }
    double T0 = rm_tstep_value(&p, y, C, NULL), best = T0;
    memcpy(yb, y, (size_t)K * sizeof *y);
    if (p.D == 0.0) {
        rm_solver_info_fill(info, 0, 0, 0, NAN, 0.0, "optimal", 0);
        goto finish;
    }
    lp = glp_create_prob();
    glp_set_obj_dir(lp, GLP_MIN);
    glp_add_cols(lp, 1 + q + 2 * K + (p.parallel ? q : 0));
    glp_set_col_bnds(lp, cT(), GLP_LO, 0.0, 0.0);
    glp_set_obj_coef(lp, cT(), 1.0);
    for (int i = 0; i < q; i++) {
        glp_set_col_bnds(lp, cA(&cols, i), GLP_DB, 0.0, 1.0);
        if (p.parallel)
            glp_set_col_bnds(lp, cU(&cols, i), GLP_LO, 0.0, 0.0);
    }
    for (int k = 0; k < K; k++) {
        lb[k] = p.D / T0;
        if (lb[k] > y[k])
            lb[k] = y[k];
        if (lb[k] < sp->ub[k])
            glp_set_col_bnds(lp, cY(&cols, k), GLP_DB, lb[k], sp->ub[k]);
        else
            glp_set_col_bnds(lp, cY(&cols, k), GLP_FX, lb[k], lb[k]);
        glp_set_col_bnds(lp, cTk(&cols, k), GLP_LO, 1.0 / sp->ub[k], 0.0);
    }
    /* host rows */
    int rH = glp_add_rows(lp, q);
    for (int i = 0; i < q; i++) {
        int n = 0;
        ind[++n] = cT(), val[n] = -1.0;
        ind[++n] = cA(&cols, i), val[n] = p.w[i];
        if (p.parallel) {
            ind[++n] = cU(&cols, i), val[n] = p.D;
            glp_set_row_bnds(lp, rH + i, GLP_UP, 0.0, 0.0);
        } else {
            ind[++n] = cTk(&cols, i), val[n] = p.D;
            ind[++n] = cTk(&cols, q + i), val[n] = p.D;
            glp_set_row_bnds(lp, rH + i, GLP_UP, 0.0, -p.D * (p.lc[i] + p.lc[q + i]));
        }
        glp_set_mat_row(lp, rH + i, n, ind, val);
    }
    int rS = glp_add_rows(lp, 1);
    for (int i = 0; i < q; i++)
        ind[i + 1] = cA(&cols, i), val[i + 1] = 1.0;
    glp_set_mat_row(lp, rS, q, ind, val);
    glp_set_row_bnds(lp, rS, GLP_FX, 1.0, 1.0);
    int rG = 0;
    if (p.parallel) {
        rG = glp_add_rows(lp, K);
        for (int k = 0; k < K; k++) {
            ind[1] = cU(&cols, k % q), val[1] = 1.0;
            ind[2] = cTk(&cols, k), val[2] = -1.0;
            glp_set_mat_row(lp, rG + k, 2, ind, val);
            glp_set_row_bnds(lp, rG + k, GLP_LO, p.lc[k], 0.0);
        }
    }
    rm_glpk_add_capacity_rows(lp, sp, cY(&cols, 0), lprow, ind, val);
    int ncuts = 0;
    for (int k = 0; k < K; k++)
        ncuts += rm_glpk_initial_cuts(lp, cY(&cols, k), cTk(&cols, k), 1.0, lb[k], sp->ub[k], y[k]);
    glp_smcp parm;
    rm_glpk_init_smcp(&parm);
    int it = 0, stalled = 0, retries = 0;
    long simplex_its = 0;
    double gap = INFINITY, lower = 0.0, prev_lower = -INFINITY;
    const int max_lp = 1000;
    for (;;) {
        it++;
        int ret, status;
        if (rm_glpk_simplex(lp, &parm, &ret, &status, &retries, &simplex_its)) {
            st = rm_glpk_simplex_failed("rm_tstep_glpk", ret, status, it, K, ncuts, simplex_its,
                                        gap, retries, info, err);
            goto done;
        }
        int progress = 0;
        double lpobj = glp_get_obj_val(lp);
        /* upper bound at the LP point */
        for (int k = 0; k < K; k++)
            ylp[k] = y[k] = glp_get_col_prim(lp, cY(&cols, k));
        double f = upper_point(&p, y, lb, load, C);
        if (f < best * (1.0 - 1e-15)) {
            progress = 1;
            best = f;
            memcpy(yb, y, (size_t)K * sizeof *y);
        }
        /* Lagrangian bound from the LP duals (solvers.h) */
        double smh = 0.0;
        for (int i = 0; i < q; i++) {
            mh[i] = -glp_get_row_dual(lp, rH + i);
            if (!(mh[i] > 0.0))
                mh[i] = 0.0;
            smh += mh[i];
        }
        for (int i = 0; i < q; i++)
            mh[i] = smh > 0.0 ? mh[i] / smh : 1.0 / q;
        double g = INFINITY;
        for (int i = 0; i < q; i++)
            if (mh[i] * p.w[i] < g)
                g = mh[i] * p.w[i];
        for (int k = 0; k < K; k++) {
            int i = k % q;
            if (!p.parallel) {
                rho[k] = p.D * mh[i];
            } else {
                double r1 = glp_get_row_dual(lp, rG + i), r2 = glp_get_row_dual(lp, rG + q + i);
                r1 = r1 > 0.0 ? r1 : 0.0, r2 = r2 > 0.0 ? r2 : 0.0;
                double r = k < q ? r1 : r2;
                rho[k] = r1 + r2 > 0.0 ? p.D * mh[i] * r / (r1 + r2) : 0.5 * p.D * mh[i];
            }
        }
        g = rm_glpk_link_prices(lp, sp, lprow, Lam, g);
        for (int k = 0; k < K; k++) {
            double yk;
            if (Lam[k] > 0.0 && rho[k] > 0.0)
                yk = sqrt(rho[k] / Lam[k]);
            else
                yk = rho[k] > 0.0 ? sp->ub[k] : lb[k];
            if (yk < lb[k])
                yk = lb[k];
            if (yk > sp->ub[k])
                yk = sp->ub[k];
            g += rho[k] * (1.0 / yk + p.lc[k]) + Lam[k] * yk;
            y[k] = yk;
        }
        lower = lpobj > g ? lpobj : g;
        double f2 = upper_point(&p, y, lb, load, C);
        if (f2 < best * (1.0 - 1e-15)) {
            progress = 1;
            best = f2;
            memcpy(yb, y, (size_t)K * sizeof *y);
        }
        if (lower > prev_lower * (1.0 + 1e-15)) {
            progress = 1;
            prev_lower = lower;
        }
        gap = (best - lower) / best;
        if (gap <= tol)
            break;
        if (!progress) {
            if (++stalled >= 5)
                break;
        } else {
            stalled = 0;
        }
        int added = 0;
        for (int k = 0; k < K; k++) {
            double tk = glp_get_col_prim(lp, cTk(&cols, k));
            double yk = ylp[k] < lb[k] ? lb[k] : ylp[k] > sp->ub[k] ? sp->ub[k] : ylp[k];
            if (p.D * (1.0 / yk - tk) > 1e-4 * tol * best) {
                add_cut(lp, &cols, k, yk), ncuts++, added++;
                if (fabs(y[k] - yk) > 1e-9 * yk)
                    add_cut(lp, &cols, k, y[k]), ncuts++;
            }
        }
        if (!added || it >= max_lp)
            break;
    }
    if (gap > tol) {
        st = rm_glpk_gap_failed("rm_tstep_glpk", gap, tol, it, max_lp, ncuts, simplex_its, retries,
                                info, err);
        goto done;
    }
    rm_solver_info_fill(info, it, simplex_its, ncuts, NAN, gap, "optimal", retries);
finish:
    for (int k = 0; k < K; k++)
        x[k] = sp->S * yb[k];
    {
        double tt = rm_tstep_true(ri, x);
        if (t_step)
            *t_step = tt;
        if (info)
            info->objective = tt;
    }
done:
    if (lp)
        glp_delete_prob(lp);
    glp_term_out(term);
    free(y), free(yb), free(ylp), free(lb), free(Lam), free(rho), free(C), free(mh), free(load);
    free(lprow), free(ind), free(val);
    rm_tstep_problem_destroy(&p);
    return st;
}
