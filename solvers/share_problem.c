/*
 * share_problem.c — builds the scaled constraint matrix of the optimal-share
 * program (solvers.h) from a network and fixed routes, and the pieces both
 * solvers need: max-min start point, loads, feasibility repair, objective,
 * and writing the result back (routes without arcs, routes of weight 0).
 * The constraints are those of bw's system (bw/bw_internal.h, the one
 * constraint system of the library: routes x resources): max-min fairness
 * and make-feasible are rmi_bw_fill and rmi_bw_make_feasible on it, with the
 * scaled capacities; the rows here are its resources merged (duplicates)
 * and scaled, for the solvers' active sets and LPs.
 */
#include "solvers/share_problem.h"
#include "bw/bw_internal.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void rmi_share_problem_destroy(rm_share_problem *p)
{
    if (!p)
        return;
    free(p->var_route);
    free(p->alpha);
    free(p->ub);
    free(p->c);
    free(p->row_start);
    free(p->row_var);
    free(p->row_coef);
    free(p->col_start);
    free(p->col_row);
    free(p->col_coef);
    if (p->sys)
        rmi_bw_system_free(p->sys);
    free(p->sys);
    free(p->caps);
    free(p->bb);
    free(p->take);
    free(p->res_row);
    free(p->bb_row);
    free(p->route_var);
    free(p->xw);
    free(p->fw);
    free(p->iw);
    memset(p, 0, sizeof *p);
}

/* Check the weights and the capacities of the resources the routes use
 * (the resource indices are checked by rmi_bw_system_build_lists). */
static rm_status validate(const rm_share_system *sys, const double *a, rm_error *err)
{
    int K = sys->n_routes;
    if (K > 0 && !a)
        return rm_error_set(err, RM_EINPUT, "share solver: weights missing");
    for (int k = 0; k < K; k++) {
        if (!(a[k] >= 0.0) || !isfinite(a[k]))
            return rm_error_set(err, RM_EINPUT, "share solver: route %d: weight a = %g", k, a[k]);
        for (int i = sys->route_start[k]; i < sys->route_start[k + 1]; i++) {
            int r = sys->route_res[i];
            double c = sys->res_cap[r];
            if (!(c >= 0.0) || !isfinite(c))
                return rm_error_set(err, RM_EINPUT, "share solver: resource %d: capacity %g", r, c);
            if (c == 0.0 && a[k] > 0.0)
                return rm_error_set(err, RM_ESOLVER,
                                    "share solver: infeasible: route %d crosses resource %d of "
                                    "capacity 0",
                                    k, r);
        }
    }
    return RM_OK;
}

static int rows_equal(const rm_share_problem *p, int i, int j)
{
    int li = p->row_start[i + 1] - p->row_start[i], lj = p->row_start[j + 1] - p->row_start[j];
    if (li != lj)
        return 0;
    for (int e = 0; e < li; e++) {
        int ei = p->row_start[i] + e, ej = p->row_start[j] + e;
        if (p->row_var[ei] != p->row_var[ej] || p->row_coef[ei] != p->row_coef[ej])
            return 0;
    }
    return 1;
}

/* Build bw's system of the routes (p->sys) with the scaled capacities of
 * its resources (p->caps: capv / S, the rows' c; 0 where capv <= 0),
 * backbone flags, the variables as take mask, and the rows of its
 * resources (res_row of the global resource through merged_of) and of the
 * backbone bounds (bb_row), so that its bottlenecks map to rows. */
static rm_status link_system(rm_share_problem *p, const rm_share_system *in, const int *res_row,
                             const int *merged_of, rm_error *err)
{
    int K = p->n_routes;
    p->sys = malloc(sizeof *p->sys);
    if (!p->sys)
        return rm_error_set(err, RM_ENOMEM, "share solver: out of memory");
    p->sys->heap = NULL;
    rm_status st = rmi_bw_system_build_lists(p->sys, in, "share solver", err);
    if (st)
        return st;
    int R = p->sys->n_res;
    p->caps = malloc(((size_t)R + 1) * sizeof *p->caps);
    p->bb = malloc(((size_t)R + 1) * sizeof *p->bb);
    p->take = malloc(((size_t)K + 1) * sizeof *p->take);
    p->res_row = malloc(((size_t)R + 1) * sizeof *p->res_row);
    p->xw = malloc(((size_t)K + 1) * sizeof *p->xw);
    p->fw = malloc(((size_t)3 * R + 2 * K + 1) * sizeof *p->fw);
    p->iw = malloc(((size_t)R + 3 * K + 1) * sizeof *p->iw);
    if (!p->caps || !p->bb || !p->take || !p->res_row || !p->xw || !p->fw || !p->iw)
        return rm_error_set(err, RM_ENOMEM, "share solver: out of memory");
    for (int j = 0; j < R; j++) {
        int g = p->sys->res[j];
        p->caps[j] = in->res_cap[g] > 0.0 ? in->res_cap[g] / p->S : 0.0;
        p->bb[j] = in->res_backbone ? in->res_backbone[g] != 0 : 0;
        p->res_row[j] = !p->bb[j] && res_row[g] >= 0 ? merged_of[res_row[g]] : -1;
    }
    for (int v = 0; v < p->n; v++)
        if (p->bb_row[v] >= 0)
            p->bb_row[v] = merged_of[p->bb_row[v]];
    for (int k = 0; k < K; k++) {
        p->take[k] = p->route_var[k] >= 0;
        p->xw[k] = 0.0;
    }
    return RM_OK;
}

/* The temporaries of rmi_share_problem_init: the entries (row id, variable,
 * coefficient, capacity) in variable order, per-resource cursors, the row
 * of each resource and the merged row of each row. */
typedef struct sp_build {
    size_t ne;
    int *ent_row, *ent_var;
    double *ent_coef, *ent_cap;
    int *last_var, *last_pos, *res_row, *merged_of;
    double amax;
} sp_build;

static void sp_build_free(sp_build *b)
{
    free(b->ent_row);
    free(b->ent_var);
    free(b->ent_coef);
    free(b->ent_cap);
    free(b->last_var);
    free(b->last_pos);
    free(b->res_row);
    free(b->merged_of);
}

/* The arguments: route lists, resource indices in range, weights and the
 * capacities of the resources used (validate). RM_EINPUT, RM_ESOLVER. */
static rm_status sp_check(const rm_share_system *in, const double *a, rm_error *err)
{
    if (!in || in->n_routes < 0 || (in->n_routes > 0 && (!in->route_start || !in->route_res)) ||
        !in->res_cap)
        return rm_error_set(err, RM_EINPUT, "share solver: no routes or capacities");
    const int *rs = in->route_start, *rr = in->route_res;
    for (int k = 0; k < in->n_routes; k++)
        for (int i = rs[k]; i < rs[k + 1]; i++)
            if (rr[i] < 0 || rr[i] >= in->n_res)
                return rm_error_set(err, RM_EINPUT, "share solver: route %d: resource %d does "
                                    "not exist", k, rr[i]);
    return validate(in, a, err);
}

/* The variables (routes with a > 0 and at least one resource) and the
 * arrays sized by them. RM_ENOMEM. */
static rm_status sp_alloc(rm_share_problem *p, sp_build *b, const rm_share_system *in,
                          const double *a, rm_error *err)
{
    int n_routes = in->n_routes, n_res = in->n_res, n = 0;
    const int *rs = in->route_start;
    size_t total = 0;
    for (int k = 0; k < n_routes; k++) {
        if (a[k] > 0.0 && rs[k + 1] > rs[k]) {
            n++;
            total += (size_t)(rs[k + 1] - rs[k]) + 1;
        }
    }
    p->n_routes = n_routes;
    p->n = n;
    p->var_route = malloc(((size_t)n + 1) * sizeof *p->var_route);
    p->alpha = malloc(((size_t)n + 1) * sizeof *p->alpha);
    p->ub = malloc(((size_t)n + 1) * sizeof *p->ub);
    p->route_var = malloc(((size_t)n_routes + 1) * sizeof *p->route_var);
    p->bb_row = malloc(((size_t)n + 1) * sizeof *p->bb_row);
    b->ent_row = malloc((total + 1) * sizeof *b->ent_row);
    b->ent_var = malloc((total + 1) * sizeof *b->ent_var);
    b->ent_coef = malloc((total + 1) * sizeof *b->ent_coef);
    b->ent_cap = malloc((total + 1) * sizeof *b->ent_cap);
    b->last_var = malloc(((size_t)n_res + 1) * sizeof *b->last_var);
    b->last_pos = malloc(((size_t)n_res + 1) * sizeof *b->last_pos);
    b->res_row = malloc(((size_t)n_res + 1) * sizeof *b->res_row);
    if (!p->var_route || !p->alpha || !p->ub || !p->route_var || !p->bb_row || !b->ent_row ||
        !b->ent_var || !b->ent_coef || !b->ent_cap || !b->last_var || !b->last_pos || !b->res_row)
        return rm_error_set(err, RM_ENOMEM, "share solver: out of memory");
    for (int r = 0; r < n_res; r++)
        b->last_var[r] = -1, b->res_row[r] = -1;
    return RM_OK;
}

/* The entries (row id, var, coef, cap), variable by variable: a resource's
 * row id is assigned when it is first met (a walk adds 1 to its
 * coefficient per crossing); a variable's backbone bounds become one row of
 * its own (the smallest capacity). Sets p->m, the weights and b->amax. */
static void sp_entries(rm_share_problem *p, sp_build *b, const rm_share_system *in,
                       const double *a)
{
    const int *rs = in->route_start, *rr = in->route_res;
    size_t ne = 0;
    int m = 0;
    double amax = 0.0;
    for (int k = 0, v = 0; k < in->n_routes; k++) {
        if (!(a[k] > 0.0) || rs[k + 1] == rs[k]) {
            p->route_var[k] = -1;
            continue;
        }
        p->route_var[k] = v;
        p->var_route[v] = k;
        p->alpha[v] = a[k];
        if (p->alpha[v] > amax)
            amax = p->alpha[v];
        double bb = INFINITY;
        for (int i = rs[k]; i < rs[k + 1]; i++) {
            int r = rr[i];
            double c = in->res_cap[r];
            if (in->res_backbone && in->res_backbone[r]) {
                if (c < bb)
                    bb = c;
            } else if (b->last_var[r] == v) {
                b->ent_coef[b->last_pos[r]] += 1.0;
            } else {
                if (b->res_row[r] < 0)
                    b->res_row[r] = m++;
                b->last_var[r] = v;
                b->last_pos[r] = (int)ne;
                b->ent_row[ne] = b->res_row[r], b->ent_var[ne] = v;
                b->ent_coef[ne] = 1.0, b->ent_cap[ne] = c;
                ne++;
            }
        }
        p->bb_row[v] = -1;
        if (bb < INFINITY) {
            p->bb_row[v] = m;
            b->ent_row[ne] = m++, b->ent_var[ne] = v, b->ent_coef[ne] = 1.0, b->ent_cap[ne] = bb;
            ne++;
        }
        v++;
    }
    p->m = m;
    b->ne = ne;
    b->amax = amax;
}

/* The rows (CSR) and their capacities from the entries, by counting sort
 * on the row id (entries are var-major, so each row's vars come out
 * ascending); also allocates the columns. RM_ENOMEM. */
static rm_status sp_rows(rm_share_problem *p, sp_build *b, int n_res, rm_error *err)
{
    int m = p->m;
    size_t ne = b->ne;
    p->c = malloc(((size_t)m + 1) * sizeof *p->c);
    p->row_start = calloc((size_t)m + 2, sizeof *p->row_start);
    p->row_var = malloc((ne + 1) * sizeof *p->row_var);
    p->row_coef = malloc((ne + 1) * sizeof *p->row_coef);
    p->col_start = calloc((size_t)p->n + 2, sizeof *p->col_start);
    p->col_row = malloc((ne + 1) * sizeof *p->col_row);
    p->col_coef = malloc((ne + 1) * sizeof *p->col_coef);
    int *tmp = m > n_res ? malloc(((size_t)m + 1) * sizeof *tmp) : NULL;
    if (!p->c || !p->row_start || !p->row_var || !p->row_coef || !p->col_start || !p->col_row ||
        !p->col_coef || (m > n_res && !tmp)) {
        free(tmp);
        return rm_error_set(err, RM_ENOMEM, "share solver: out of memory");
    }
    for (size_t e = 0; e < ne; e++) {
        p->row_start[b->ent_row[e] + 1]++;
        p->c[b->ent_row[e]] = b->ent_cap[e];
    }
    for (int j = 0; j < m; j++)
        p->row_start[j + 1] += p->row_start[j];
    int *fill = tmp ? tmp : b->last_pos; /* per-row cursor */
    for (int j = 0; j < m; j++)
        fill[j] = p->row_start[j];
    for (size_t e = 0; e < ne; e++) {
        int pos = fill[b->ent_row[e]]++;
        p->row_var[pos] = b->ent_var[e];
        p->row_coef[pos] = b->ent_coef[e];
    }
    free(tmp);
    return RM_OK;
}

/* Merge rows with the same routes and coefficients (the smallest capacity
 * kept); b->merged_of maps each old row to its merged row. RM_ENOMEM. */
static rm_status sp_merge_rows(rm_share_problem *p, sp_build *b, rm_error *err)
{
    int m = p->m;
    size_t ne = b->ne;
    int *keep_of = malloc(((size_t)m + 1) * sizeof *keep_of);
    b->merged_of = malloc(((size_t)m + 1) * sizeof *b->merged_of);
    int *rs = calloc((size_t)m + 2, sizeof *rs), *rv = malloc((ne + 1) * sizeof *rv);
    double *rc = malloc((ne + 1) * sizeof *rc), *cc = malloc(((size_t)m + 1) * sizeof *cc);
    if (!keep_of || !b->merged_of || !rs || !rv || !rc || !cc) {
        free(keep_of), free(rs), free(rv), free(rc), free(cc);
        return rm_error_set(err, RM_ENOMEM, "share solver: out of memory");
    }
    int m2 = 0, pos = 0;
    for (int j = 0; j < m; j++) {
        int dup = -1;
        for (int i = 0; i < m2 && dup < 0; i++)
            if (rows_equal(p, keep_of[i], j))
                dup = i;
        b->merged_of[j] = dup >= 0 ? dup : m2;
        if (dup >= 0) {
            if (p->c[j] < cc[dup])
                cc[dup] = p->c[j];
            continue;
        }
        int len = p->row_start[j + 1] - p->row_start[j], from = p->row_start[j];
        memcpy(rv + pos, p->row_var + from, (size_t)len * sizeof *rv);
        memcpy(rc + pos, p->row_coef + from, (size_t)len * sizeof *rc);
        keep_of[m2] = j;
        cc[m2] = p->c[j];
        rs[m2] = pos;
        pos += len;
        rs[m2 + 1] = pos;
        m2++;
    }
    free(keep_of);
    free(p->row_start), free(p->row_var), free(p->row_coef), free(p->c);
    p->row_start = rs, p->row_var = rv, p->row_coef = rc, p->c = cc;
    p->m = m2;
    b->ne = (size_t)pos;
    return RM_OK;
}

/* Scales (capacities and weights at most 1), then the columns (CSC) and
 * the per-variable upper bounds ub_v = min_j c_j / coef. RM_ENOMEM. */
static rm_status sp_scale_columns(rm_share_problem *p, const sp_build *b, rm_error *err)
{
    int m = p->m, n = p->n;
    double cmax = 0.0;
    for (int j = 0; j < m; j++)
        if (p->c[j] > cmax)
            cmax = p->c[j];
    p->S = cmax > 0.0 ? cmax : 1.0;
    p->A = b->amax > 0.0 ? b->amax : 1.0;
    for (int j = 0; j < m; j++)
        p->c[j] /= p->S;
    for (int v = 0; v < n; v++)
        p->alpha[v] /= p->A;
    for (size_t e = 0; e < b->ne; e++)
        p->col_start[p->row_var[e] + 1]++;
    for (int v = 0; v < n; v++) {
        p->col_start[v + 1] += p->col_start[v];
        p->ub[v] = INFINITY;
    }
    int *cur = malloc(((size_t)n + 1) * sizeof *cur);
    if (!cur)
        return rm_error_set(err, RM_ENOMEM, "share solver: out of memory");
    for (int v = 0; v < n; v++)
        cur[v] = p->col_start[v];
    for (int j = 0; j < m; j++)
        for (int e = p->row_start[j]; e < p->row_start[j + 1]; e++) {
            int v = p->row_var[e], at = cur[v]++;
            p->col_row[at] = j;
            p->col_coef[at] = p->row_coef[e];
            double u = p->c[j] / p->row_coef[e];
            if (u < p->ub[v])
                p->ub[v] = u;
        }
    free(cur);
    return RM_OK;
}

/* rmi_share_problem_init (share_problem.h): the steps above, then bw's
 * system of the same routes (link_system) for max-min and make-feasible. */
rm_status rmi_share_problem_init(rm_share_problem *p, const rm_share_system *in, const double *a,
                                rm_error *err)
{
    memset(p, 0, sizeof *p);
    p->S = p->A = 1.0;
    rm_status st = sp_check(in, a, err);
    if (st)
        return st;
    sp_build b = {0};
    st = sp_alloc(p, &b, in, a, err);
    if (!st) {
        sp_entries(p, &b, in, a);
        st = sp_rows(p, &b, in->n_res, err);
    }
    if (!st)
        st = sp_merge_rows(p, &b, err);
    if (!st)
        st = sp_scale_columns(p, &b, err);
    if (!st)
        st = link_system(p, in, b.res_row, b.merged_of, err);
    sp_build_free(&b);
    if (st)
        rmi_share_problem_destroy(p);
    return st;
}

void rmi_share_loads(const rm_share_problem *p, const double *y, double *load)
{
    for (int j = 0; j < p->m; j++) {
        double s = 0.0;
        for (int e = p->row_start[j]; e < p->row_start[j + 1]; e++)
            s += p->row_coef[e] * y[p->row_var[e]];
        load[j] = s;
    }
}

double rmi_share_objective(const rm_share_problem *p, const double *y)
{
    double f = 0.0;
    for (int v = 0; v < p->n; v++)
        f += p->alpha[v] / y[v];
    return f;
}

void rmi_share_make_feasible(const rm_share_problem *p, double *y, double *load)
{
    rmi_share_loads(p, y, load);
    for (int v = 0; v < p->n; v++)
        p->xw[p->var_route[v]] = y[v];
    rmi_bw_make_feasible(p->sys, p->caps, p->bb, p->take, 1.0 - 2e-15, p->xw, p->fw);
    for (int v = 0; v < p->n; v++)
        y[v] = p->xw[p->var_route[v]];
}

rm_status rmi_share_maxmin(const rm_share_problem *p, double *y, int *bott, int *n_bott)
{
    int K = p->n_routes, nb = 0;
    int *rec = bott ? p->iw + p->sys->n_res + 2 * K : NULL;
    rmi_bw_fill(p->sys, p->caps, p->bb, p->take, p->xw, p->fw, p->iw, rec, &nb);
    for (int v = 0; v < p->n; v++)
        y[v] = p->xw[p->var_route[v]];
    if (!bott)
        return RM_OK;
    /* bw's bottlenecks as rows: a resource's (merged) row, or the row of a
       route's backbone bound; a merged duplicate only once */
    int out = 0;
    for (int i = 0; i < nb; i++) {
        int e = rec[i];
        int row = e >= 0 ? p->res_row[e] : p->bb_row[p->route_var[-e - 1]];
        int dup = row < 0;
        for (int o = 0; o < out && !dup; o++)
            dup = bott[o] == row;
        if (!dup)
            bott[out++] = row;
    }
    if (n_bott)
        *n_bott = out;
    return RM_OK;
}

void rmi_share_finish(const rm_share_problem *p, const double *a, const double *y, double *x)
{
    const bw_system *sy = p->sys;
    int nz = 0;
    for (int k = 0; k < p->n_routes; k++) {
        int empty = sy->rt_start[k] == sy->rt_start[k + 1];
        x[k] = empty ? INFINITY : 0.0;
        if (a[k] == 0.0 && !empty)
            nz++;
    }
    for (int v = 0; v < p->n; v++)
        x[p->var_route[v]] = p->S * y[v];
    if (nz == 0)
        return;
    /* routes of weight 0: max-min fair shares (rmi_bw_fill) of what the others
       left on each resource (scaled) */
    int R = sy->n_res;
    double *left = p->fw + 2 * R + 2 * p->n_routes; /* R more doubles: see link_system */
    int *take0 = p->iw + R + 2 * p->n_routes;
    for (int j = 0; j < R; j++) {
        left[j] = p->caps[j];
        if (p->bb[j])
            continue;
        for (int t = sy->res_start[j]; t < sy->res_start[j + 1]; t++) {
            int v = p->route_var[sy->res_route[t]];
            if (v >= 0)
                left[j] -= sy->res_mult[t] * y[v];
        }
        if (!(left[j] > 0.0))
            left[j] = 0.0;
    }
    for (int k = 0; k < p->n_routes; k++)
        take0[k] = a[k] == 0.0 && sy->rt_start[k] < sy->rt_start[k + 1];
    rmi_bw_fill(sy, left, p->bb, take0, p->xw, p->fw, p->iw, NULL, NULL);
    for (int k = 0; k < p->n_routes; k++)
        if (take0[k])
            x[k] = p->S * p->xw[k];
}

void rmi_solver_info_fill(rm_solver_info *info, int iters, long inner, int n_active, double obj,
                         double gap, const char *status, int restarts)
{
    if (!info)
        return;
    info->iterations = iters;
    info->inner_iterations = inner;
    info->n_active = n_active;
    info->objective = obj;
    info->gap = gap;
    info->restarts = restarts;
    snprintf(info->status, sizeof info->status, "%s", status);
}
