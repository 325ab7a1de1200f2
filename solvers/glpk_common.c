/*
 * glpk_common.c — helpers shared by shares_glpk.c and tstep_glpk.c (the
 * outer-approximation solvers of Legrand et al. 2004 §4.4.3 on GLPK); see
 * glpk_common.h.
 */
#include "solvers/glpk_common.h"

#include <math.h>
#include <stdio.h>

const char *rmi_glpk_ret_name(int ret)
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

const char *rmi_glpk_status_name(int s)
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

void rmi_glpk_init_smcp(glp_smcp *parm)
{
    glp_init_smcp(parm);
    parm->msg_lev = GLP_MSG_OFF;
    parm->meth = GLP_DUALP;
    parm->tol_bnd = 1e-10;
    parm->tol_dj = 1e-10;
}

void rmi_glpk_add_tangent_cut(glp_prob *lp, int col_y, int col_t, double alpha, double y0)
{
    int ind[3] = {0, col_y, col_t};
    double val[3] = {0.0, 1.0 / y0, y0 / alpha};
    int row = glp_add_rows(lp, 1);
    glp_set_mat_row(lp, row, 2, ind, val);
    glp_set_row_bnds(lp, row, GLP_LO, 2.0, 0.0);
}

int rmi_glpk_initial_cuts(glp_prob *lp, int col_y, int col_t, double alpha, double lo, double hi,
                         double y)
{
    int ncuts = 0;
    rmi_glpk_add_tangent_cut(lp, col_y, col_t, alpha, hi), ncuts++;
    if (lo < hi) {
        rmi_glpk_add_tangent_cut(lp, col_y, col_t, alpha, lo), ncuts++;
        if (y > lo && y < hi)
            rmi_glpk_add_tangent_cut(lp, col_y, col_t, alpha, y), ncuts++;
        for (int g = 1; g <= 3; g++)
            rmi_glpk_add_tangent_cut(lp, col_y, col_t, alpha, lo * pow(hi / lo, g / 4.0)), ncuts++;
    }
    return ncuts;
}

void rmi_glpk_add_capacity_rows(glp_prob *lp, const rm_share_problem *sp, int col_y0, int *lprow,
                               int *ind, double *val)
{
    for (int j = 0; j < sp->m; j++) {
        int len = sp->row_start[j + 1] - sp->row_start[j];
        lprow[j] = 0;
        if (len == 1)
            continue; /* a bound of its route */
        int row = glp_add_rows(lp, 1);
        lprow[j] = row;
        for (int e = 0; e < len; e++) {
            ind[e + 1] = col_y0 + sp->row_var[sp->row_start[j] + e];
            val[e + 1] = sp->row_coef[sp->row_start[j] + e];
        }
        glp_set_mat_row(lp, row, len, ind, val);
        glp_set_row_bnds(lp, row, GLP_UP, 0.0, sp->c[j]);
    }
}

int rmi_glpk_simplex(glp_prob *lp, glp_smcp *parm, int *ret, int *status, int *retries,
                    long *simplex_its)
{
    int before = glp_get_it_cnt(lp);
    glp_scale_prob(lp, GLP_SF_AUTO);
    /* degenerate LPs can make the simplex cycle: a limit far above the
       ~20 iterations a warm-started LP needs, then the retries below */
    parm->it_lim = 10 * (glp_get_num_rows(lp) + glp_get_num_cols(lp)) + 500;
    *ret = glp_simplex(lp, parm);
    *status = glp_get_status(lp);
    for (int attempt = 1; attempt <= 2 && (*ret != 0 || *status != GLP_OPT); attempt++) {
        /* numerical trouble or cycling on a degenerate LP: retry from a
           fresh basis, first unscaled with the primal simplex and Dantzig
           pricing, then scaled with the dual simplex and the textbook
           ratio test */
        glp_smcp alt = *parm;
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
        *ret = glp_simplex(lp, &alt);
        *status = glp_get_status(lp);
        (*retries)++;
    }
    *simplex_its += glp_get_it_cnt(lp) - before;
    return *ret != 0 || *status != GLP_OPT ? -1 : 0;
}

double rmi_glpk_link_prices(glp_prob *lp, const rm_share_problem *sp, const int *lprow,
                           double *Lam, double g)
{
    for (int v = 0; v < sp->n; v++)
        Lam[v] = 0.0;
    for (int j = 0; j < sp->m; j++) {
        if (!lprow[j])
            continue;
        double lam = -glp_get_row_dual(lp, lprow[j]);
        if (!(lam > 0.0))
            continue;
        g -= lam * sp->c[j];
        for (int e = sp->row_start[j]; e < sp->row_start[j + 1]; e++)
            Lam[sp->row_var[e]] += lam * sp->row_coef[e];
    }
    return g;
}

rm_status rmi_glpk_simplex_failed(const char *who, int ret, int status, int it, int n, int ncuts,
                                 long simplex_its, double gap, int retries, rm_solver_info *info,
                                 rm_error *err)
{
    char buf[64];
    snprintf(buf, sizeof buf, "%s",
             ret != 0 ? rmi_glpk_ret_name(ret) : rmi_glpk_status_name(status));
    rmi_solver_info_fill(info, it, simplex_its, ncuts, NAN, gap, buf, retries);
    return rm_error_set(err, RM_ESOLVER,
                        "%s: glp_simplex returned %s, status %s, at LP %d (%d routes, %d cuts)",
                        who, rmi_glpk_ret_name(ret), rmi_glpk_status_name(status), it, n, ncuts);
}

rm_status rmi_glpk_gap_failed(const char *who, double gap, double tol, int it, int max_lp,
                             int ncuts, long simplex_its, int retries, rm_solver_info *info,
                             rm_error *err)
{
    rmi_solver_info_fill(info, it, simplex_its, ncuts, NAN, gap, "gap above tolerance", retries);
    return rm_error_set(err, RM_ESOLVER,
                        "%s: relative gap %.3g still above %.3g after %d LPs (%d cuts)%s", who,
                        gap, tol, it, ncuts, it < max_lp ? ": LP accuracy exhausted" : "");
}

int rmi_glpk_env_begin(void) { return glp_init_env() == 0; }

void rmi_glpk_env_end(int fresh)
{
    if (fresh)
        glp_free_env();
}
