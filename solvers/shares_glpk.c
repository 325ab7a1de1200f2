/*
 * shares_glpk.c — optimal link shares for fixed routes (the convex program
 * of solvers.h) by outer approximation: Kelley's cutting planes, tangent
 * cuts of the convex 1/x added to an LP solved by GLPK's simplex until the
 * gap between the LP bound and the objective at the LP point is below tol.
 * An independent check of the KINSOL solver (seed 001 §4.4.3).
 */
#include "solvers/share_problem.h"
#include "solvers/solvers.h"

#include <glpk.h>
#include <math.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

/** Name of a glp_simplex return code. */
static const char *glpk_ret_name(int ret)
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

/** Name of a glp_get_status solution status. */
static const char *glpk_status_name(int s)
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

/* Tangent cut of alpha/y at y0, divided by alpha/y0 so that its numbers
 * stay near 1:  (y0/alpha) t_v + y_v / y0 >= 2. */
static void add_cut(glp_prob *lp, int n, int v, double alpha, double y0)
{
    int ind[3];
    double val[3];
    int row = glp_add_rows(lp, 1);
    ind[1] = v + 1, val[1] = 1.0 / y0;
    ind[2] = n + v + 1, val[2] = y0 / alpha;
    glp_set_mat_row(lp, row, 2, ind, val);
    glp_set_row_bnds(lp, row, GLP_LO, 2.0, 0.0);
}

rm_status rm_share_glpk(const rm_network *net, const double *cap, int n_routes,
                        const rm_route *routes, const double *a, double tol, double *x,
                        rm_solver_info *info, rm_error *err)
{
    if (tol <= 0.0)
        tol = 1e-9;
    fill_info(info, 0, 0, 0, NAN, NAN, "not run", 0);
    if (n_routes > 0 && !x)
        return rm_error_set(err, RM_EINPUT, "rm_share_glpk: no output array");
    rm_share_problem p;
    rm_status st = rm_share_problem_init(&p, net, cap, n_routes, routes, a, 0, err);
    if (st)
        return st;
    int n = p.n, m = p.m;
    if (n == 0) {
        st = rm_share_finish(&p, net, cap, routes, a, NULL, x, err);
        fill_info(info, 0, 0, 0, 0.0, 0.0, "optimal", 0);
        rm_share_problem_destroy(&p);
        return st;
    }
    double *y = malloc(((size_t)n + 1) * sizeof *y), *yb = malloc(((size_t)n + 1) * sizeof *yb);
    double *ylp = malloc(((size_t)n + 1) * sizeof *ylp), *lb = malloc(((size_t)n + 1) * sizeof *lb);
    double *load = malloc(((size_t)m + 1) * sizeof *load);
    int *ind = malloc(((size_t)n + 2) * sizeof *ind), *lprow = malloc(((size_t)m + 1) * sizeof *lprow);
    double *Lam = malloc(((size_t)n + 1) * sizeof *Lam);
    double *val = malloc(((size_t)n + 2) * sizeof *val);
    glp_prob *lp = NULL;
    int term = glp_term_out(GLP_OFF);
    if (!y || !yb || !ylp || !lb || !load || !ind || !val || !lprow || !Lam) {
        st = rm_error_set(err, RM_ENOMEM, "rm_share_glpk: out of memory");
        goto done;
    }
    /* max-min rates: a feasible point, hence f(opt) <= f0 and
       y_v >= alpha_v / f0 at the optimum */
    if (rm_share_maxmin(&p, y, NULL, NULL)) {
        st = rm_error_set(err, RM_ENOMEM, "rm_share_glpk: out of memory");
        goto done;
    }
    double f0 = rm_share_objective(&p, y), best = f0;
    memcpy(yb, y, (size_t)n * sizeof *y);
    lp = glp_create_prob();
    glp_set_obj_dir(lp, GLP_MIN);
    glp_add_cols(lp, 2 * n);
    for (int v = 0; v < n; v++) {
        lb[v] = p.alpha[v] / f0;
        if (lb[v] > p.ub[v])
            lb[v] = p.ub[v];
        if (lb[v] < p.ub[v])
            glp_set_col_bnds(lp, v + 1, GLP_DB, lb[v], p.ub[v]);
        else
            glp_set_col_bnds(lp, v + 1, GLP_FX, lb[v], lb[v]);
        glp_set_col_bnds(lp, n + v + 1, GLP_LO, p.alpha[v] / p.ub[v], 0.0);
        glp_set_obj_coef(lp, n + v + 1, 1.0);
    }
    /* capacity rows (one-route rows are already the upper bounds) */
    for (int j = 0; j < m; j++) {
        int len = p.row_start[j + 1] - p.row_start[j];
        lprow[j] = 0;
        if (len == 1)
            continue;
        int row = glp_add_rows(lp, 1);
        lprow[j] = row;
        for (int e = 0; e < len; e++) {
            ind[e + 1] = p.row_var[p.row_start[j] + e] + 1;
            val[e + 1] = p.row_coef[p.row_start[j] + e];
        }
        glp_set_mat_row(lp, row, len, ind, val);
        glp_set_row_bnds(lp, row, GLP_UP, 0.0, p.c[j]);
    }
    int ncuts = 0;
    for (int v = 0; v < n; v++) {
        double lo = lb[v], hi = p.ub[v];
        add_cut(lp, n, v, p.alpha[v], hi), ncuts++;
        if (lo < hi) {
            add_cut(lp, n, v, p.alpha[v], lo), ncuts++;
            if (y[v] > lo && y[v] < hi)
                add_cut(lp, n, v, p.alpha[v], y[v]), ncuts++;
            for (int g = 1; g <= 3; g++)
                add_cut(lp, n, v, p.alpha[v], lo * pow(hi / lo, g / 4.0)), ncuts++;
        }
    }
    glp_smcp parm;
    glp_init_smcp(&parm);
    parm.msg_lev = GLP_MSG_OFF;
    parm.meth = GLP_DUALP;
    parm.tol_bnd = 1e-10;
    parm.tol_dj = 1e-10;
    int it = 0;
    long simplex_its = 0;
    double gap = INFINITY, prev_lower = -INFINITY, prev_f = INFINITY;
    int stalled = 0, retries = 0;
    const int max_lp = 500;
    for (;;) {
        it++;
        int before = glp_get_it_cnt(lp);
        glp_scale_prob(lp, GLP_SF_AUTO);
        /* degenerate LPs can make the simplex cycle: a limit far above the
           ~20 iterations a warm-started LP needs, then the retries below */
        parm.it_lim = 10 * (glp_get_num_rows(lp) + glp_get_num_cols(lp)) + 500;
        int ret = glp_simplex(lp, &parm);
        int status = glp_get_status(lp);
        for (int attempt = 1; attempt <= 2 && (ret != 0 || status != GLP_OPT); attempt++) {
            /* numerical trouble or cycling on a degenerate LP: retry from a
               fresh basis, first unscaled with the primal simplex and
               Dantzig pricing, then scaled with the dual simplex and the
               textbook ratio test */
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
            snprintf(buf, sizeof buf, "%s", ret != 0 ? glpk_ret_name(ret) : glpk_status_name(status));
            fill_info(info, it, simplex_its, ncuts, NAN, gap, buf, retries);
            st = rm_error_set(err, RM_ESOLVER,
                              "rm_share_glpk: glp_simplex returned %s, status %s, at LP %d "
                              "(%d routes, %d cuts)",
                              glpk_ret_name(ret), glpk_status_name(status), it, n, ncuts);
            goto done;
        }
        double lower = glp_get_obj_val(lp);
        for (int v = 0; v < n; v++) {
            double t = glp_get_col_prim(lp, v + 1);
            if (t < lb[v])
                t = lb[v];
            if (t > p.ub[v])
                t = p.ub[v];
            ylp[v] = y[v] = t;
        }
        rm_share_make_feasible(&p, y, load);
        double f = rm_share_objective(&p, y);
        /* progress: either bound, or the LP point itself, improved */
        int progress = f < best * (1.0 - 1e-15) || f < prev_f * (1.0 - 1e-15);
        prev_f = f;
        if (f < best) {
            best = f;
            memcpy(yb, y, (size_t)n * sizeof *y);
        }
        /* the LP's row duals as link prices lambda_j >= 0: the Lagrangian
           g(lambda) = sum_v min_{lb<=y<=ub} (alpha_v/y + Lambda_v y) - c.lambda
           is a lower bound of the convex optimum whatever the LP's
           accuracy, and its minimisers y_v = sqrt(alpha_v/Lambda_v), made
           feasible, another upper bound */
        for (int v = 0; v < n; v++)
            Lam[v] = 0.0;
        double g = 0.0;
        for (int j = 0; j < m; j++) {
            if (!lprow[j])
                continue;
            double lam = -glp_get_row_dual(lp, lprow[j]);
            if (!(lam > 0.0))
                continue;
            g -= lam * p.c[j];
            for (int e = p.row_start[j]; e < p.row_start[j + 1]; e++)
                Lam[p.row_var[e]] += lam * p.row_coef[e];
        }
        for (int v = 0; v < n; v++) {
            double yv = Lam[v] > 0.0 ? sqrt(p.alpha[v] / Lam[v]) : p.ub[v];
            if (yv < lb[v])
                yv = lb[v];
            if (yv > p.ub[v])
                yv = p.ub[v];
            g += p.alpha[v] / yv + Lam[v] * yv;
            y[v] = yv;
        }
        if (g > lower)
            lower = g;
        rm_share_make_feasible(&p, y, load);
        double f2 = rm_share_objective(&p, y);
        if (f2 < best * (1.0 - 1e-15))
            progress = 1;
        if (f2 < best) {
            best = f2;
            memcpy(yb, y, (size_t)n * sizeof *y);
        }
        if (lower > prev_lower * (1.0 + 1e-15))
            progress = 1;
        gap = (best - lower) / best;
        if (getenv("RM_GLPK_TRACE")) fprintf(stderr, "LP %d lower %.15g g %.15g f %.15g f2 %.15g best %.15g gap %.3g cuts %d\n", it, glp_get_obj_val(lp), g, f, f2, best, gap, ncuts);
        if (gap <= tol)
            break;
        /* neither bound moves any more: the cuts are below the LP's accuracy */
        if (!progress) {
            if (++stalled >= 5)
                break;
        } else {
            stalled = 0;
        }
        prev_lower = lower;
        int added = 0;
        for (int v = 0; v < n; v++) {
            double t = glp_get_col_prim(lp, n + v + 1), fv = p.alpha[v] / ylp[v];
            if (fv - t > 1e-3 * tol * best / n) {
                add_cut(lp, n, v, p.alpha[v], ylp[v]);
                ncuts++, added++;
            }
        }
        if (!added || it >= max_lp)
            break;
    }
    if (gap > tol) {
        fill_info(info, it, simplex_its, ncuts, NAN, gap, "gap above tolerance", retries);
        st = rm_error_set(err, RM_ESOLVER,
                          "rm_share_glpk: relative gap %.3g still above %.3g after %d LPs "
                          "(%d cuts)%s",
                          gap, tol, it, ncuts, it < max_lp ? ": LP accuracy exhausted" : "");
        goto done;
    }
    st = rm_share_finish(&p, net, cap, routes, a, yb, x, err);
    if (st == RM_OK)
        fill_info(info, it, simplex_its, ncuts, best * p.A / p.S, gap, "optimal", retries);
done:
    if (lp)
        glp_delete_prob(lp);
    glp_term_out(term);
    free(y), free(yb), free(ylp), free(lb), free(load), free(ind), free(val), free(lprow), free(Lam);
    rm_share_problem_destroy(&p);
    return st;
}
