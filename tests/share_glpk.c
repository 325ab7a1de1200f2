/*
 * share_glpk.c — THE TESTS' independent cross-check of the library's one
 * eq. (5) share solver (rm_share_optimal, bw/share.c): the same convex
 * program (solvers/solvers.h) by outer approximation: Kelley's cutting
 * planes, tangent cuts of the convex 1/x added to an LP solved by GLPK's
 * simplex until the gap between the LP bound (a certified lower bound) and
 * the objective at the LP point is below tol. Legrand et al., "Mapping and
 * Load-Balancing Iterative Computations", §4.4.3, eq. (5); Kelley (1960).
 * Not in the library (one eq. (5) solver there); linked into
 * test_solvers (tests/CMakeLists.txt). It was solvers/shares_glpk.c; the
 * KINSOL share solver (solvers/shares_kinsol.c) was removed: on the rings
 * and random route sets of the shipped platforms it agreed with
 * rm_share_optimal to 9e-13 but failed on 4 of 467 instances and was
 * 10-100x slower.
 */
#include "share_glpk.h"
#include "solvers/glpk_common.h"
#include "solvers/share_problem.h"
#include "bw/bw_internal.h"

#include <glpk.h>
#include <math.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

static rm_status share_glpk_run(const rm_network *net, const double *cap, int n_routes,
                                const rm_route *routes, const double *a, double tol, double *x,
                                rm_solver_info *info, rm_error *err);

/* Common start (was rm_share_start / rm_share_start_net of
 * solvers/share_problem.c): reports "not run" in info, turns the routes into
 * resource lists (rmi_bw_route_lists), checks x, builds p and, when no route is a
 * variable, writes the result. Returns 1 when the caller must return *st, 0
 * when p holds a problem with n > 0 to solve and destroy. */
static int share_start_net(rm_share_problem *p, const char *who, const rm_network *net,
                           const double *cap, int n_routes, const rm_route *routes,
                           const double *a, double *x, rm_solver_info *info, rm_error *err,
                           rm_status *st)
{
    rmi_solver_info_fill(info, 0, 0, 0, NAN, NAN, "not run", 0);
    int *start = NULL, *res = NULL;
    *st = rmi_bw_route_lists(net, n_routes, routes, &start, &res, who, err);
    if (*st)
        return 1;
    rm_share_system in = {n_routes, start, res, net->n_res, cap ? cap : net->res_cap,
                          net->res_backbone};
    if (n_routes > 0 && !x) {
        free(start), free(res);
        *st = rm_error_set(err, RM_EINPUT, "%s: no output array", who);
        return 1;
    }
    *st = rmi_share_problem_init(p, &in, a, err);
    free(start), free(res);
    if (*st)
        return 1;
    if (p->n == 0) {
        rmi_share_finish(p, a, NULL, x);
        rmi_solver_info_fill(info, 0, 0, 0, 0.0, 0.0, "optimal", 0);
        rmi_share_problem_destroy(p);
        return 1;
    }
    return 0;
}

/* rmt_share_glpk (share_glpk.h): the solve in this thread's GLPK
 * environment, freed again if this call created it (glpk_common.h). */
rm_status rmt_share_glpk(const rm_network *net, const double *cap, int n_routes,
                        const rm_route *routes, const double *a, double tol, double *x,
                        rm_solver_info *info, rm_error *err)
{
    int fresh = rmi_glpk_env_begin();
    rm_status st = share_glpk_run(net, cap, n_routes, routes, a, tol, x, info, err);
    rmi_glpk_env_end(fresh);
    return st;
}

static rm_status share_glpk_run(const rm_network *net, const double *cap, int n_routes,
                                const rm_route *routes, const double *a, double tol, double *x,
                                rm_solver_info *info, rm_error *err)
{
    if (tol <= 0.0)
        tol = 1e-9;
    rm_share_problem p;
    rm_status st;
    if (share_start_net(&p, "rmt_share_glpk", net, cap, n_routes, routes, a, x, info, err, &st))
        return st;
    int n = p.n, m = p.m;
    double *y = malloc(((size_t)n + 1) * sizeof *y), *yb = malloc(((size_t)n + 1) * sizeof *yb);
    double *ylp = malloc(((size_t)n + 1) * sizeof *ylp), *lb = malloc(((size_t)n + 1) * sizeof *lb);
    double *load = malloc(((size_t)m + 1) * sizeof *load);
    int *ind = malloc(((size_t)n + 2) * sizeof *ind), *lprow = malloc(((size_t)m + 1) * sizeof *lprow);
    double *Lam = malloc(((size_t)n + 1) * sizeof *Lam);
    double *val = malloc(((size_t)n + 2) * sizeof *val);
    glp_prob *lp = NULL;
    int term = glp_term_out(GLP_OFF);
    if (!y || !yb || !ylp || !lb || !load || !ind || !val || !lprow || !Lam) {
        st = rm_error_set(err, RM_ENOMEM, "rmt_share_glpk: out of memory");
        goto done;
    }
    /* max-min rates: a feasible point, hence f(opt) <= f0 and
       y_v >= alpha_v / f0 at the optimum */
    if (rmi_share_maxmin(&p, y, NULL, NULL)) {
        st = rm_error_set(err, RM_ENOMEM, "rmt_share_glpk: out of memory");
        goto done;
    }
    double f0 = rmi_share_objective(&p, y), best = f0;
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
    rmi_glpk_add_capacity_rows(lp, &p, 1, lprow, ind, val);
    int ncuts = 0;
    for (int v = 0; v < n; v++)
        ncuts += rmi_glpk_initial_cuts(lp, v + 1, n + v + 1, p.alpha[v], lb[v], p.ub[v], y[v]);
    glp_smcp parm;
    rmi_glpk_init_smcp(&parm);
    int it = 0;
    long simplex_its = 0;
    double gap = INFINITY, prev_lower = -INFINITY, prev_f = INFINITY;
    int stalled = 0, retries = 0;
    const int max_lp = 500;
    for (;;) {
        it++;
        int ret, status;
        if (rmi_glpk_simplex(lp, &parm, &ret, &status, &retries, &simplex_its)) {
            st = rmi_glpk_simplex_failed("rmt_share_glpk", ret, status, it, n, ncuts, simplex_its,
                                        gap, retries, info, err);
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
        rmi_share_make_feasible(&p, y, load);
        double f = rmi_share_objective(&p, y);
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
        double g = rmi_glpk_link_prices(lp, &p, lprow, Lam, 0.0);
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
        rmi_share_make_feasible(&p, y, load);
        double f2 = rmi_share_objective(&p, y);
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
                rmi_glpk_add_tangent_cut(lp, v + 1, n + v + 1, p.alpha[v], ylp[v]);
                ncuts++, added++;
            }
        }
        if (!added || it >= max_lp)
            break;
    }
    if (gap > tol) {
        st = rmi_glpk_gap_failed("rmt_share_glpk", gap, tol, it, max_lp, ncuts, simplex_its, retries,
                                info, err);
        goto done;
    }
    rmi_share_finish(&p, a, yb, x);
    rmi_solver_info_fill(info, it, simplex_its, ncuts, best * p.A / p.S, gap, "optimal", retries);
done:
    if (lp)
        glp_delete_prob(lp);
    glp_term_out(term);
    free(y), free(yb), free(ylp), free(lb), free(load), free(ind), free(val), free(lprow), free(Lam);
    rmi_share_problem_destroy(&p);
    return st;
}
