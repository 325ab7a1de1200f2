/*
 * tstep_glpk.c — T_step of a fixed ring with fixed routes at its optimum
 * (the real program of solvers.h: alphas >= 0, every cost model) by outer
 * approximation: Kelley's cutting planes on the convex 1/x in an LP in
 * (T, alpha, x, t [, u]) solved by GLPK's simplex, until the gap between a
 * lower bound (LP optimum, Lagrangian bound from the LP duals) and the true
 * T_step of the best feasible shares found is below the tolerance. The
 * independent check of tstep_kinsol.c (seed 001 §4.4.3).
 */
#include "solvers/solvers.h"
#include "solvers/tstep_problem.h"

#include <glpk.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *ret_name(int ret)
{
    switch (ret) {
    case 0: return "0 (ok)";
    case GLP_EBADB: return "GLP_EBADB";
    case GLP_ESING: return "GLP_ESING";
    case GLP_ECOND: return "GLP_ECOND";
    case GLP_EBOUND: return "GLP_EBOUND";
    case GLP_EFAIL: return "GLP_EFAIL";
    case GLP_EOBJLL: return "GLP_EOBJLL";
    case GLP_EOBJUL: return "GLP_EOBJUL";
    case GLP_EITLIM: return "GLP_EITLIM";
    case GLP_ETMLIM: return "GLP_ETMLIM";
    case GLP_ENOPFS: return "GLP_ENOPFS";
    case GLP_ENODFS: return "GLP_ENODFS";
    default: return "GLP_E?";
    }
}

static const char *status_name(int s)
{
    switch (s) {
    case GLP_UNDEF: return "GLP_UNDEF";
    case GLP_FEAS: return "GLP_FEAS";
    case GLP_INFEAS: return "GLP_INFEAS";
    case GLP_NOFEAS: return "GLP_NOFEAS";
    case GLP_OPT: return "GLP_OPT";
    case GLP_UNBND: return "GLP_UNBND";
    default: return "GLP_?";
    }
}

static void fill_info(rm_solver_info *info, int iters, long inner, int ncuts, double obj,
                      double gap, const char *status, int restarts)
{
    if (!info)
        return;
    info->iterations = iters;
    info->inner_iterations = inner;
    info->n_active = ncuts;
    info->objective = obj;
    info->gap = gap;
    info->restarts = restarts;
    snprintf(info->status, sizeof info->status, "%s", status);
}

/* Column layout (1-based): T, alpha_i, y_k, t_k, u_i (parallel send). */
typedef struct tg_cols {
    int q, K;
} tg_cols;
static int cT(void) { return 1; }
static int cA(const tg_cols *c, int i) { return 2 + i; }
static int cY(const tg_cols *c, int k) { return 2 + c->q + k; }
static int cTk(const tg_cols *c, int k) { return 2 + c->q + c->K + k; }
static int cU(const tg_cols *c, int i) { return 2 + c->q + 2 * c->K + i; }

/* Tangent cut of 1/y at y0 for t_k:  y0 t_k + y_k / y0 >= 2. */
static void add_cut(glp_prob *lp, const tg_cols *c, int k, double y0)
{
    int ind[3] = {0, cY(c, k), cTk(c, k)};
    double val[3] = {0.0, 1.0 / y0, y0};
    int row = glp_add_rows(lp, 1);
    glp_set_mat_row(lp, row, 2, ind, val);
    glp_set_row_bnds(lp, row, GLP_LO, 2.0, 0.0);
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

rm_status rm_tstep_glpk(const rm_network *net, const rm_mapping *m, double tol, double *x,
                        double *t_step, rm_solver_info *info, rm_error *err)
{
    if (tol <= 0.0)
        tol = 1e-9;
    fill_info(info, 0, 0, 0, NAN, NAN, "not run", 0);
    if (!net || !m || m->q < 1)
        return rm_error_set(err, RM_EINPUT, "rm_tstep_glpk: no ring");
    if (m->q == 1) {
        double w = net->platform->nodes[m->ring[0]].w;
        if (t_step)
            *t_step = w;
        fill_info(info, 0, 0, 0, w, 0.0, "optimal", 0);
        return RM_OK;
    }
    if (!x)
        return rm_error_set(err, RM_EINPUT, "rm_tstep_glpk: no output array");
    rm_tstep_problem p;
    rm_status st = rm_tstep_problem_init(&p, net, m, err);
    if (st)
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
        fill_info(info, 0, 0, 0, NAN, 0.0, "optimal", 0);
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
    for (int j = 0; j < M; j++) {
        int len = sp->row_start[j + 1] - sp->row_start[j];
        lprow[j] = 0;
        if (len == 1)
            continue; /* a bound of its route */
        int row = glp_add_rows(lp, 1);
        lprow[j] = row;
        for (int e = 0; e < len; e++) {
            ind[e + 1] = cY(&cols, sp->row_var[sp->row_start[j] + e]);
            val[e + 1] = sp->row_coef[sp->row_start[j] + e];
        }
        glp_set_mat_row(lp, row, len, ind, val);
        glp_set_row_bnds(lp, row, GLP_UP, 0.0, sp->c[j]);
    }
    int ncuts = 0;
    for (int k = 0; k < K; k++) {
        double lo = lb[k], hi = sp->ub[k];
        add_cut(lp, &cols, k, hi), ncuts++;
        if (lo < hi) {
            add_cut(lp, &cols, k, lo), ncuts++;
            if (y[k] > lo && y[k] < hi)
                add_cut(lp, &cols, k, y[k]), ncuts++;
            for (int g = 1; g <= 3; g++)
                add_cut(lp, &cols, k, lo * pow(hi / lo, g / 4.0)), ncuts++;
        }
    }
    glp_smcp parm;
    glp_init_smcp(&parm);
    parm.msg_lev = GLP_MSG_OFF;
    parm.meth = GLP_DUALP;
    parm.tol_bnd = 1e-10;
    parm.tol_dj = 1e-10;
    int it = 0, stalled = 0, retries = 0;
    long simplex_its = 0;
    double gap = INFINITY, lower = 0.0, prev_lower = -INFINITY;
    const int max_lp = 1000;
    for (;;) {
        it++;
        int before = glp_get_it_cnt(lp);
        glp_scale_prob(lp, GLP_SF_AUTO);
        parm.it_lim = 10 * (glp_get_num_rows(lp) + glp_get_num_cols(lp)) + 500;
        int ret = glp_simplex(lp, &parm);
        int status = glp_get_status(lp);
        for (int attempt = 1; attempt <= 2 && (ret != 0 || status != GLP_OPT); attempt++) {
            glp_smcp alt = parm;
            if (attempt == 1) {
                glp_unscale_prob(lp);
                glp_adv_basis(lp, 0);
                alt.meth = GLP_PRIMAL;
                alt.pricing = GLP_PT_STD;
            } else {
                glp_scale_prob(lp, GLP_SF_AUTO);
                glp_std_basis(lp);
                alt.meth = GLP_DUAL;
                alt.r_test = GLP_RT_STD;
            }
            ret = glp_simplex(lp, &alt);
            status = glp_get_status(lp);
            retries++;
        }
        simplex_its += glp_get_it_cnt(lp) - before;
        if (ret != 0 || status != GLP_OPT) {
            char buf[64];
            snprintf(buf, sizeof buf, "%s", ret != 0 ? ret_name(ret) : status_name(status));
            fill_info(info, it, simplex_its, ncuts, NAN, gap, buf, retries);
            st = rm_error_set(err, RM_ESOLVER,
                              "rm_tstep_glpk: glp_simplex returned %s, status %s, at LP %d "
                              "(%d routes, %d cuts)",
                              ret_name(ret), status_name(status), it, K, ncuts);
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
            Lam[k] = 0.0;
        }
        for (int j = 0; j < M; j++) {
            if (!lprow[j])
                continue;
            double lam = -glp_get_row_dual(lp, lprow[j]);
            if (!(lam > 0.0))
                continue;
            g -= lam * sp->c[j];
            for (int e = sp->row_start[j]; e < sp->row_start[j + 1]; e++)
                Lam[sp->row_var[e]] += lam * sp->row_coef[e];
        }
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
        fill_info(info, it, simplex_its, ncuts, NAN, gap, "gap above tolerance", retries);
        st = rm_error_set(err, RM_ESOLVER,
                          "rm_tstep_glpk: relative gap %.3g still above %.3g after %d LPs "
                          "(%d cuts)%s",
                          gap, tol, it, ncuts, it < max_lp ? ": LP accuracy exhausted" : "");
        goto done;
    }
    fill_info(info, it, simplex_its, ncuts, NAN, gap, "optimal", retries);
finish:
    for (int k = 0; k < K; k++)
        x[k] = sp->S * yb[k];
    {
        double tt = rm_tstep_true(net, m, x);
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
