/*
 * tstep_glpk.c — T_step of a fixed ring with fixed routes at its optimum
 * (the real program of solvers.h: alphas >= 0, every cost model) by outer
 * approximation: Kelley's cutting planes on the convex 1/x in an LP in
 * (T, alpha, x, t [, u]) solved by GLPK's simplex, until the gap between a
 * lower bound (LP optimum, Lagrangian bound from the LP duals) and the true
 * T_step of the best feasible shares found is below the tolerance. The
 * independent check of tstep_kinsol.c (Legrand et al. 2004 §4.4.3).
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
/* Cut management and trust region (prune_cuts, set_box): a cut inactive
 * at TG_AGE LPs in a row is deleted; the first LP is global, the next
 * ones in a box of relative size TG_DELTA0 around the best point, doubled
 * after an LP that moved the best point (at most 1), quartered after one
 * that did not (at least 1e-9). Tuned on bench_solvers' SliceRing rings
 * (65-300 hosts; ages 3, 4, 6, 10 and several box rules tried: age 3
 * stalled above the tolerance, 10 kept too many rows). */
#define TG_AGE 6
#define TG_DELTA0 0.5

static int cT(void) { return 1; }
static int cA(const tg_cols *c, int i) { return 2 + i; }
static int cY(const tg_cols *c, int k) { return 2 + c->q + k; }
static int cTk(const tg_cols *c, int k) { return 2 + c->q + c->K + k; }
static int cU(const tg_cols *c, int i) { return 2 + c->q + 2 * c->K + i; }

/* Tangent cut of 1/y at y0 for t_k:  y_k / y0 + y0 t_k >= 2. */
static void add_cut(glp_prob *lp, const tg_cols *c, int k, double y0)
{
    rmi_glpk_add_tangent_cut(lp, cY(c, k), cTk(c, k), 1.0, y0);
}

/* The state of one solve: the problem, the LP and its row blocks, the
 * points and bounds found so far, and scratch. */
typedef struct tg_state {
    rm_tstep_problem p;
    tg_cols cols;
    glp_prob *lp;
    int rH, rS, rG;                 /* first host row, the sum row, first group row */
    double *y, *yb, *ylp, *lb, *ys; /* K: scratch point, best, LP point, lower bounds, scratch */
    double *Lam, *rho;              /* K: route link prices and weights of the duals */
    double *C, *mh;                 /* q: host costs, host prices */
    double *load;                   /* M + 1 */
    int *lprow, *ind;               /* M + 1; K + q + 8 */
    double *val;                    /* K + q + 8 */
    double best, lower;             /* best T(y) found (upper bound), best lower bound */
    int it, ncuts, retries;
    double delta;          /* trust region: y_k within yb_k (1 + delta)^(+-1) */
    int box;               /* the trust region is on (the LP value is then no bound) */
    int cut_base;          /* LP row of the first cut; cut c is row cut_base + c */
    int *age, cap_age;     /* LPs each cut has been inactive (basic) in a row */
    int *del;              /* rows to delete (1-based list for glp_del_rows) */
    long simplex_its;
} tg_state;

static void tg_free(tg_state *s)
{
    if (s->lp)
        glp_delete_prob(s->lp);
    free(s->y), free(s->yb), free(s->ylp), free(s->lb), free(s->ys), free(s->Lam), free(s->rho);
    free(s->C), free(s->mh), free(s->load), free(s->lprow), free(s->ind), free(s->val);
    free(s->age), free(s->del);
    rmi_tstep_problem_destroy(&s->p);
}

/* The arrays of a solve of s->p (already built). RM_ENOMEM or RM_OK. */
static rm_status tg_alloc(tg_state *s, rm_error *err)
{
    size_t K = (size_t)s->p.K, q = (size_t)s->p.q, M = (size_t)s->p.sp.m, nind = K + q + 8;
    s->cols = (tg_cols){s->p.q, s->p.K};
    s->y = malloc(K * sizeof(double)), s->yb = malloc(K * sizeof(double));
    s->ylp = malloc(K * sizeof(double)), s->lb = malloc(K * sizeof(double));
    s->ys = malloc(K * sizeof(double)), s->Lam = malloc(K * sizeof(double));
    s->rho = malloc(K * sizeof(double)), s->C = malloc(q * sizeof(double));
    s->mh = malloc(q * sizeof(double)), s->load = malloc((M + 1) * sizeof(double));
    s->lprow = malloc((M + 1) * sizeof(int)), s->ind = malloc(nind * sizeof(int));
    s->val = malloc(nind * sizeof(double));
    if (!s->y || !s->yb || !s->ylp || !s->lb || !s->ys || !s->Lam || !s->rho || !s->C || !s->mh ||
        !s->load || !s->lprow || !s->ind || !s->val)
        return rm_error_set(err, RM_ENOMEM, "rm_tstep_glpk: out of memory");
    return RM_OK;
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
    rmi_share_make_feasible(&p->sp, y, load);
    return rmi_tstep_value(p, y, C, NULL);
}

/* T on the segment from the best point to the feasible point c (both
 * feasible, so is every point between: the polytope is convex): s->ys =
 * yb + t (c - yb), returns T(ys). O(K + q). */
static double segment_value(tg_state *s, const double *c, double t)
{
    for (int k = 0; k < s->p.K; k++)
        s->ys[k] = s->yb[k] + t * (c[k] - s->yb[k]);
    return rmi_tstep_value(&s->p, s->ys, s->C, NULL);
}

/* Upper bound from the feasible point c (made feasible by the caller): the
 * least T on the segment from the best point to c (T is convex along it;
 * golden-section search, 40 steps); keeps it as the best point if lower.
 * Returns 1 if the best bound moved. O(40 (K + q)). */
static int try_upper(tg_state *s, const double *c)
{
    const double g = 0.5 * (sqrt(5.0) - 1.0);
    double a = 0.0, b = 1.0, x1 = b - g * (b - a), x2 = a + g * (b - a);
    double f1 = segment_value(s, c, x1), f2 = segment_value(s, c, x2);
    for (int i = 0; i < 40; i++) {
        if (f1 <= f2)
            b = x2, x2 = x1, f2 = f1, x1 = b - g * (b - a), f1 = segment_value(s, c, x1);
        else
            a = x1, x1 = x2, f1 = f2, x2 = a + g * (b - a), f2 = segment_value(s, c, x2);
    }
    double tb = f1 <= f2 ? x1 : x2, fb = segment_value(s, c, tb);
    double fc = rmi_tstep_value(&s->p, c, s->C, NULL);
    const double *win = s->ys;
    if (fc <= fb)
        fb = fc, win = c;
    if (!(fb < s->best * (1.0 - 1e-15)))
        return 0;
    s->best = fb;
    if (win != s->yb)
        memcpy(s->yb, win, (size_t)s->p.K * sizeof *win);
    return 1;
}

/* Columns T, alpha_i, y_k (in [lb_k, ub_k]), t_k (>= 1/ub_k), u_i
 * (parallel send), the objective T; lb_k = D / T0 (below y_k; T0 the T of
 * a feasible point, >= the optimum's: D / y_k <= D C_i <= T there). O(K). */
static void build_columns(tg_state *s, double T0)
{
    const rm_tstep_problem *p = &s->p;
    const tg_cols *c = &s->cols;
    glp_prob *lp = s->lp;
    glp_set_obj_dir(lp, GLP_MIN);
    glp_add_cols(lp, 1 + p->q + 2 * p->K + (p->parallel ? p->q : 0));
    glp_set_col_bnds(lp, cT(), GLP_LO, 0.0, 0.0);
    glp_set_obj_coef(lp, cT(), 1.0);
    for (int i = 0; i < p->q; i++) {
        glp_set_col_bnds(lp, cA(c, i), GLP_DB, 0.0, 1.0);
        if (p->parallel)
            glp_set_col_bnds(lp, cU(c, i), GLP_LO, 0.0, 0.0);
    }
    for (int k = 0; k < p->K; k++) {
        double ub = p->sp.ub[k];
        s->lb[k] = p->D / T0 < s->y[k] ? p->D / T0 : s->y[k];
        if (s->lb[k] < ub)
            glp_set_col_bnds(lp, cY(c, k), GLP_DB, s->lb[k], ub);
        else
            glp_set_col_bnds(lp, cY(c, k), GLP_FX, s->lb[k], s->lb[k]);
        glp_set_col_bnds(lp, cTk(c, k), GLP_LO, 1.0 / ub, 0.0);
    }
}

/* Rows: alpha_i w_i + D (t_s + t_p) <= T - D (lc_s + lc_p) (sum) or
 * alpha_i w_i + D u_i <= T with u_i - t_k >= lc_k (parallel send);
 * sum alpha = 1; the capacity rows; the first tangent cuts. O(K + nnz). */
static void build_rows(tg_state *s)
{
    const rm_tstep_problem *p = &s->p;
    const tg_cols *c = &s->cols;
    glp_prob *lp = s->lp;
    int q = p->q, K = p->K, *ind = s->ind;
    double *val = s->val;
    s->rH = glp_add_rows(lp, q);
    for (int i = 0; i < q; i++) {
        int n = 0;
        ind[++n] = cT(), val[n] = -1.0;
        ind[++n] = cA(c, i), val[n] = p->w[i];
        if (p->parallel) {
            ind[++n] = cU(c, i), val[n] = p->D;
            glp_set_row_bnds(lp, s->rH + i, GLP_UP, 0.0, 0.0);
        } else {
            ind[++n] = cTk(c, i), val[n] = p->D;
            ind[++n] = cTk(c, q + i), val[n] = p->D;
            glp_set_row_bnds(lp, s->rH + i, GLP_UP, 0.0, -p->D * (p->lc[i] + p->lc[q + i]));
        }
        glp_set_mat_row(lp, s->rH + i, n, ind, val);
    }
    s->rS = glp_add_rows(lp, 1);
    for (int i = 0; i < q; i++)
        ind[i + 1] = cA(c, i), val[i + 1] = 1.0;
    glp_set_mat_row(lp, s->rS, q, ind, val);
    glp_set_row_bnds(lp, s->rS, GLP_FX, 1.0, 1.0);
    if (p->parallel) {
        s->rG = glp_add_rows(lp, K);
        for (int k = 0; k < K; k++) {
            ind[1] = cU(c, k % q), val[1] = 1.0;
            ind[2] = cTk(c, k), val[2] = -1.0;
            glp_set_mat_row(lp, s->rG + k, 2, ind, val);
            glp_set_row_bnds(lp, s->rG + k, GLP_LO, p->lc[k], 0.0);
        }
    }
    rmi_glpk_add_capacity_rows(lp, &p->sp, cY(c, 0), s->lprow, ind, val);
    s->cut_base = glp_get_num_rows(lp) + 1;
    for (int k = 0; k < K; k++)
        s->ncuts += rmi_glpk_initial_cuts(lp, cY(c, k), cTk(c, k), 1.0, s->lb[k], p->sp.ub[k],
                                         s->y[k]);
}

/* Route weights rho_k from the LP duals: host prices m_i (normalised to
 * sum 1), D m_i per route (sum), or split by the duals of u_i - t_k >=
 * lc_k (parallel send). Returns min_i m_i w_i (the alpha part of the
 * Lagrangian bound). O(K). */
static double dual_weights(tg_state *s)
{
    const rm_tstep_problem *p = &s->p;
    int q = p->q;
    double smh = 0.0, g = INFINITY;
    for (int i = 0; i < q; i++) {
        s->mh[i] = -glp_get_row_dual(s->lp, s->rH + i);
        if (!(s->mh[i] > 0.0))
            s->mh[i] = 0.0;
        smh += s->mh[i];
    }
    for (int i = 0; i < q; i++) {
        s->mh[i] = smh > 0.0 ? s->mh[i] / smh : 1.0 / q;
        if (s->mh[i] * p->w[i] < g)
            g = s->mh[i] * p->w[i];
    }
    for (int k = 0; k < p->K; k++) {
        int i = k % q;
        if (!p->parallel) {
            s->rho[k] = p->D * s->mh[i];
            continue;
        }
        double r1 = glp_get_row_dual(s->lp, s->rG + i), r2 = glp_get_row_dual(s->lp, s->rG + q + i);
        r1 = r1 > 0.0 ? r1 : 0.0, r2 = r2 > 0.0 ? r2 : 0.0;
        double r = k < q ? r1 : r2;
        s->rho[k] = r1 + r2 > 0.0 ? p->D * s->mh[i] * r / (r1 + r2) : 0.5 * p->D * s->mh[i];
    }
    return g;
}

/* The Lagrangian bound of the LP's duals (solvers.h; valid whatever the
 * LP's accuracy) and, in s->y, its minimiser x_k = sqrt(rho_k / Lam_k) in
 * the box (the LP point where rho_k or Lam_k is 0: there the minimiser is
 * not unique). O(K + nnz). */
static double dual_bound(tg_state *s)
{
    const rm_tstep_problem *p = &s->p;
    double g = rmi_glpk_link_prices(s->lp, &p->sp, s->lprow, s->Lam, dual_weights(s));
    for (int k = 0; k < p->K; k++) {
        double lo = s->lb[k], hi = p->sp.ub[k], yk, yb;
        if (s->Lam[k] > 0.0 && s->rho[k] > 0.0)
            yk = sqrt(s->rho[k] / s->Lam[k]);
        else
            yk = s->rho[k] > 0.0 ? hi : lo;
        yk = yk < lo ? lo : yk > hi ? hi : yk;
        g += s->rho[k] * (1.0 / yk + p->lc[k]) + s->Lam[k] * yk;
        yb = s->Lam[k] > 0.0 && s->rho[k] > 0.0 ? yk : s->ylp[k];
        s->y[k] = yb;
    }
    return g;
}

/* A new cut at the LP point for every route whose t_k underestimates
 * 1/y_k by more than 1e-4 tol best (one per route: a second one at the
 * Lagrangian point made each LP larger and slower, bench_solvers). Returns
 * the number of cuts added. O(K). */
static int add_cuts(tg_state *s, double tol)
{
    double thr = 1e-4 * tol * s->best;
    const rm_tstep_problem *p = &s->p;
    int added = 0;
    for (int k = 0; k < p->K; k++) {
        double tk = glp_get_col_prim(s->lp, cTk(&s->cols, k)), lo = s->lb[k], hi = p->sp.ub[k];
        double yk = s->ylp[k] < lo ? lo : s->ylp[k] > hi ? hi : s->ylp[k];
        if (p->D * (1.0 / yk - tk) > thr)
            add_cut(s->lp, &s->cols, k, yk), s->ncuts++, added++;
    }
    return added;
}

/* Cut management: a cut inactive (its row basic) at the optimum of TG_AGE
 * LPs in a row is deleted from the LP (every subset of the cuts is a valid
 * outer approximation; the Lagrangian bound does not read the cuts). Only
 * the cuts present at the last LP (n_old of them) age; cuts added since
 * start at 0. Deleting basic rows keeps the basis valid (warm start).
 * Without it the LP of the 218-host SliceRing ring grew to 12,000 rows
 * (2-5 s per LP); with it alone (no trust region) the LP points wandered
 * and the gap stalled (bench_solvers). Returns RM_ENOMEM or RM_OK.
 * O(cuts). */
static rm_status prune_cuts(tg_state *s, int n_old)
{
    int n = glp_get_num_rows(s->lp) - s->cut_base + 1;
    if (n > s->cap_age) {
        int cap = 2 * n;
        int *na = realloc(s->age, (size_t)cap * sizeof *na);
        if (!na)
            return RM_ENOMEM;
        s->age = na;
        int *nd = realloc(s->del, ((size_t)cap + 1) * sizeof *nd);
        if (!nd)
            return RM_ENOMEM;
        s->del = nd;
        for (int c = s->cap_age; c < cap; c++)
            s->age[c] = 0;
        s->cap_age = cap;
    }
    int nd = 0, w = 0;
    for (int c = 0; c < n; c++) {
        int a = s->age[c];
        if (c < n_old)
            a = glp_get_row_stat(s->lp, s->cut_base + c) == GLP_BS ? a + 1 : 0;
        else
            a = 0;
        if (a >= TG_AGE)
            s->del[++nd] = s->cut_base + c;
        else
            s->age[w++] = a;
    }
    for (int c = w; c < n; c++)
        s->age[c] = 0;
    if (nd > 0)
        glp_del_rows(s->lp, nd, s->del);
    s->ncuts = w;
    return RM_OK;
}

/* The trust region of the next LP (box-step stabilisation of Kelley's
 * method): y_k in [yb_k / (1 + delta), yb_k (1 + delta)] around the best
 * point, within [lb_k, ub_k]. The LP value is then no lower bound (only
 * the Lagrangian bound of its duals is: it minimises over the whole box
 * [lb, ub]). O(K). */
static void set_box(tg_state *s)
{
    const rm_tstep_problem *p = &s->p;
    for (int k = 0; k < p->K; k++) {
        double lo = s->yb[k] / (1.0 + s->delta), hi = s->yb[k] * (1.0 + s->delta);
        if (lo < s->lb[k])
            lo = s->lb[k];
        if (hi > p->sp.ub[k])
            hi = p->sp.ub[k];
        if (lo < hi)
            glp_set_col_bnds(s->lp, cY(&s->cols, k), GLP_DB, lo, hi);
        else
            glp_set_col_bnds(s->lp, cY(&s->cols, k), GLP_FX, lo, lo);
    }
    s->box = 1;
}

/* One LP and its bounds: solve, upper bounds at the LP point and at the
 * Lagrangian point, lower bound max(LP optimum, Lagrangian bound).
 * Returns -1 if the LP failed (*ret, *status: GLPK's codes), 1 if a bound
 * moved, else 0. */
static int lp_round(tg_state *s, glp_smcp *parm, int *ret, int *status)
{
    const rm_tstep_problem *p = &s->p;
    int K = p->K, progress = 0;
    s->it++;
    if (rmi_glpk_simplex(s->lp, parm, ret, status, &s->retries, &s->simplex_its))
        return -1;
    double lpobj = glp_get_obj_val(s->lp);
    for (int k = 0; k < K; k++)
        s->ylp[k] = s->y[k] = glp_get_col_prim(s->lp, cY(&s->cols, k));
    upper_point(p, s->y, s->lb, s->load, s->C);
    progress |= try_upper(s, s->y);
    double g = dual_bound(s);
    memcpy(s->ys, s->y, (size_t)K * sizeof *s->y);
    upper_point(p, s->ys, s->lb, s->load, s->C);
    {
        /* try_upper reads s->ys as scratch: keep the candidate apart */
        double *cand = s->Lam; /* the prices are not needed any more */
        memcpy(cand, s->ys, (size_t)K * sizeof *cand);
        progress |= try_upper(s, cand);
    }
    double lower = !s->box && lpobj > g ? lpobj : g;
    if (lower > s->lower * (1.0 + 1e-15)) {
        s->lower = lower;
        progress = 1;
    }
    return progress;
}

static rm_status tstep_glpk_run(const rm_ring_instance *ri, double tol, double *x,
                                double *t_step, rm_solver_info *info, rm_error *err);

/* rm_tstep_glpk (solvers/solvers.h): the solve in this thread's GLPK
 * environment, freed again if this call created it (glpk_common.h). */
rm_status rm_tstep_glpk(const rm_ring_instance *ri, double tol, double *x,
                        double *t_step, rm_solver_info *info, rm_error *err)
{
    int fresh = rmi_glpk_env_begin();
    rm_status st = tstep_glpk_run(ri, tol, x, t_step, info, err);
    rmi_glpk_env_end(fresh);
    return st;
}

/* The start: the max-min rates (feasible; T(opt) <= their T0, so y_k >=
 * D / T0 at the optimum), or the eq. (5) optimum (rm_share_optimal_sys,
 * bw's solver; made exactly feasible), the best point on the segment
 * between them: the first cuts are drawn there, near the optimum when few
 * alphas are clamped (cuts at the eq. (5) point as well made the first LP
 * of a shipped ring, renater2001 SliceRing 0.00064, fail in GLPK). s->y =
 * s->yb = the start, s->best its T. Returns RM_ENOMEM or RM_OK. */
static rm_status start_point(tg_state *s, const rm_ring_instance *ri)
{
    const rm_tstep_problem *p = &s->p;
    int K = p->K;
    if (rmi_share_maxmin(&p->sp, s->y, NULL, NULL))
        return RM_ENOMEM;
    s->best = rmi_tstep_value(p, s->y, s->C, NULL);
    memcpy(s->yb, s->y, (size_t)K * sizeof *s->y);
    double *a0 = s->Lam, *x0 = s->rho; /* scratch: not used yet */
    for (int k = 0; k < K; k++)
        a0[k] = p->a[k % p->q];
    rm_error e2 = {RM_OK, ""};
    int ok = rm_share_optimal_sys(&ri->sys, a0, 1e-12, x0, &e2) == RM_OK;
    for (int k = 0; k < K && ok; k++)
        ok = x0[k] > 0.0 && isfinite(x0[k]);
    if (!ok)
        return RM_OK;
    for (int k = 0; k < K; k++)
        s->ys[k] = x0[k] / p->sp.S;
    rmi_share_make_feasible(&p->sp, s->ys, s->load);
    /* the best point on the segment from max-min to it (s->ylp: scratch,
       not used before the first LP) */
    memcpy(s->ylp, s->ys, (size_t)K * sizeof *s->y);
    try_upper(s, s->ylp);
    memcpy(s->y, s->yb, (size_t)K * sizeof *s->y);
    return RM_OK;
}

/* The best shares x = S yb and their true T_step/D_w. */
static void finish(const tg_state *s, const rm_ring_instance *ri, double *x, double *t_step,
                   rm_solver_info *info)
{
    for (int k = 0; k < s->p.K; k++)
        x[k] = s->p.sp.S * s->yb[k];
    double tt = rmi_tstep_true(ri, x);
    if (t_step)
        *t_step = tt;
    if (info)
        info->objective = tt;
}

static rm_status tstep_glpk_run(const rm_ring_instance *ri, double tol, double *x,
                                double *t_step, rm_solver_info *info, rm_error *err)
{
    if (isnan(tol))
        return rm_error_set(err, RM_EINVAL, "rm_tstep_glpk: tol is NaN");
    if (tol <= 0.0)
        tol = 1e-9;
    tg_state s = {0};
    rm_status st;
    if (rmi_tstep_start(&s.p, "rm_tstep_glpk", ri, x, t_step, info, err, &st))
        return st;
    int term = glp_term_out(GLP_OFF);
    if ((st = tg_alloc(&s, err)))
        goto done;
    if (start_point(&s, ri)) {
        st = rm_error_set(err, RM_ENOMEM, "rm_tstep_glpk: out of memory");
        goto done;
    }
    double T0 = s.best, gap = INFINITY;
    s.lower = -INFINITY;
    if (s.p.D == 0.0) {
        rmi_solver_info_fill(info, 0, 0, 0, NAN, 0.0, "optimal", 0);
        finish(&s, ri, x, t_step, info);
        goto done;
    }
    s.lp = glp_create_prob();
    build_columns(&s, T0);
    build_rows(&s);
    glp_smcp parm;
    rmi_glpk_init_smcp(&parm);
    int stalled = 0, ret, status;
    const int max_lp = ri->limits.glpk_max_lps > 0 ? ri->limits.glpk_max_lps : 1000;
    s.delta = TG_DELTA0;
    for (;;) {
        double best_before = s.best;
        int progress = lp_round(&s, &parm, &ret, &status);
        if (progress < 0 && !(s.lower > -INFINITY)) { /* no bound yet: nothing certified */
            st = rmi_glpk_simplex_failed("rm_tstep_glpk", ret, status, s.it, s.p.K, s.ncuts,
                                        s.simplex_its, gap, s.retries, info, err);
            goto done;
        }
        if (progress < 0) { /* the best point so far, with its certified gap */
            char buf[64];
            snprintf(buf, sizeof buf, "gap above tolerance (%s)",
                     ret != 0 ? rmi_glpk_ret_name(ret) : rmi_glpk_status_name(status));
            rmi_solver_info_fill(info, s.it, s.simplex_its, s.ncuts, NAN, gap, buf, s.retries);
            finish(&s, ri, x, t_step, info);
            goto done;
        }
        gap = (s.best - s.lower) / s.best;
        if (gap <= tol)
            break;
        stalled = progress ? 0 : stalled + 1;
        int n_old = glp_get_num_rows(s.lp) - s.cut_base + 1;
        int added = add_cuts(&s, tol);
        if (stalled >= 5 || (!added && !s.box) || s.it >= max_lp)
            break;
        if (prune_cuts(&s, n_old)) {
            st = rm_error_set(err, RM_ENOMEM, "rm_tstep_glpk: out of memory");
            goto done;
        }
        /* serious step (the best point moved): a larger region; null
           step: a smaller one */
        if (s.box)
            s.delta = s.best < best_before * (1.0 - 1e-15) ? fmin(2.0 * s.delta, 1.0)
                                                             : fmax(0.25 * s.delta, 1e-9);
        set_box(&s);
    }
    /* above tol (bounds stalled, or max_lp LPs): the best point, with its
       certified gap, instead of a failure */
    rmi_solver_info_fill(info, s.it, s.simplex_its, s.ncuts, NAN, gap,
                        gap <= tol ? "optimal" : "gap above tolerance", s.retries);
    finish(&s, ri, x, t_step, info);
done:
    glp_term_out(term);
    tg_free(&s);
    return st;
}
