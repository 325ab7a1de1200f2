/*
 * share_problem.c — builds the scaled constraint matrix of the optimal-share
 * program (solvers.h) from a network and fixed routes, and the pieces both
 * solvers need: max-min start point, loads, feasibility repair, objective,
 * and writing the result back (routes without arcs, routes of weight 0).
 */
#include "solvers/share_problem.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void rm_share_problem_destroy(rm_share_problem *p)
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
    memset(p, 0, sizeof *p);
}

static const char *node_label(const rm_network *net, int v)
{
    if (net->platform && v >= 0 && v < net->platform->n_nodes && net->platform->nodes[v].label)
        return net->platform->nodes[v].label;
    return "?";
}

/* Check every route's arcs and the capacities of the resources they use. */
static rm_status validate(const rm_network *net, const double *capv, int n_routes,
                          const rm_route *routes, const double *a, int zero_weight, rm_error *err)
{
    if (n_routes < 0)
        return rm_error_set(err, RM_EINPUT, "share solver: %d routes", n_routes);
    if (n_routes > 0 && (!routes || !a))
        return rm_error_set(err, RM_EINPUT, "share solver: routes or weights missing");
    for (int k = 0; k < n_routes; k++) {
        const rm_route *r = &routes[k];
        if (!zero_weight && (!(a[k] >= 0.0) || !isfinite(a[k])))
            return rm_error_set(err, RM_EINPUT, "share solver: route %d (%s -> %s): weight a = %g",
                                k, node_label(net, r->src), node_label(net, r->dst), a[k]);
        if (r->n_arcs < 0 || (r->n_arcs > 0 && !r->arcs))
            return rm_error_set(err, RM_EINPUT, "share solver: route %d has %d arcs", k, r->n_arcs);
        for (int i = 0; i < r->n_arcs; i++) {
            int arc = r->arcs[i];
            if (arc < 0 || arc >= net->n_arcs || net->arc_res[arc] < 0 ||
                net->arc_res[arc] >= net->n_res)
                return rm_error_set(err, RM_EINPUT,
                                    "share solver: route %d (%s -> %s): arc %d is not usable", k,
                                    node_label(net, r->src), node_label(net, r->dst), arc);
            double c = capv[net->arc_res[arc]];
            if (!zero_weight && (!(c >= 0.0) || !isfinite(c)))
                return rm_error_set(err, RM_EINPUT, "share solver: link %d: capacity %g",
                                    net->res_link ? net->res_link[net->arc_res[arc]] : -1, c);
            if (!zero_weight && c == 0.0 && a[k] > 0.0)
                return rm_error_set(err, RM_ESOLVER,
                                    "share solver: infeasible: route %d (%s -> %s) crosses link "
                                    "%d of capacity 0",
                                    k, node_label(net, r->src), node_label(net, r->dst),
                                    net->res_link ? net->res_link[net->arc_res[arc]] : -1);
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

rm_status rm_share_problem_init(rm_share_problem *p, const rm_network *net, const double *cap,
                                int n_routes, const rm_route *routes, const double *a,
                                int zero_weight, rm_error *err)
{
    memset(p, 0, sizeof *p);
    p->S = p->A = 1.0;
    if (!net)
        return rm_error_set(err, RM_EINPUT, "share solver: no network");
    const double *capv = cap ? cap : net->res_cap;
    rm_status st = validate(net, capv, n_routes, routes, a, zero_weight, err);
    if (st)
        return st;
    p->n_routes = n_routes;
    size_t total = 0;
    int n = 0;
    for (int k = 0; k < n_routes; k++) {
        int sel = zero_weight ? (a[k] == 0.0) : (a[k] > 0.0);
        if (sel && routes[k].n_arcs > 0) {
            n++;
            total += (size_t)routes[k].n_arcs + 1;
        }
    }
    int n_res = net->n_res;
    p->n = n;
    p->var_route = malloc(((size_t)n + 1) * sizeof *p->var_route);
    p->alpha = malloc(((size_t)n + 1) * sizeof *p->alpha);
    p->ub = malloc(((size_t)n + 1) * sizeof *p->ub);
    int *ent_row = malloc((total + 1) * sizeof *ent_row);
    int *ent_var = malloc((total + 1) * sizeof *ent_var);
    double *ent_coef = malloc((total + 1) * sizeof *ent_coef);
    double *ent_cap = malloc((total + 1) * sizeof *ent_cap);
    int *last_var = malloc(((size_t)n_res + 1) * sizeof *last_var);
    int *last_pos = malloc(((size_t)n_res + 1) * sizeof *last_pos);
    int *res_row = malloc(((size_t)n_res + 1) * sizeof *res_row);
    if (!p->var_route || !p->alpha || !p->ub || !ent_row || !ent_var || !ent_coef || !ent_cap ||
        !last_var || !last_pos || !res_row) {
        st = rm_error_set(err, RM_ENOMEM, "share solver: out of memory");
        goto done;
    }
    for (int r = 0; r < n_res; r++)
        last_var[r] = -1, res_row[r] = -1;
    /* entries (row id, var, coef): a resource's row id is assigned when it
       is first met; backbone bounds get rows of their own */
    size_t ne = 0;
    int m = 0;
    double amax = 0.0;
    for (int k = 0, v = 0; k < n_routes; k++) {
        int sel = zero_weight ? (a[k] == 0.0) : (a[k] > 0.0);
        if (!sel || routes[k].n_arcs == 0)
            continue;
        p->var_route[v] = k;
        p->alpha[v] = zero_weight ? 1.0 : a[k];
        if (p->alpha[v] > amax)
            amax = p->alpha[v];
        double bb = INFINITY;
        for (int i = 0; i < routes[k].n_arcs; i++) {
            int r = net->arc_res[routes[k].arcs[i]];
            double c = capv[r];
            if (zero_weight && !(c > 0.0))
                c = 0.0;
            if (net->res_backbone[r]) {
                if (c < bb)
                    bb = c;
            } else if (last_var[r] == v) {
                ent_coef[last_pos[r]] += 1.0;
            } else {
                if (res_row[r] < 0)
                    res_row[r] = m++;
                last_var[r] = v;
                last_pos[r] = (int)ne;
                ent_row[ne] = res_row[r], ent_var[ne] = v, ent_coef[ne] = 1.0, ent_cap[ne] = c;
                ne++;
            }
        }
        if (bb < INFINITY) {
            ent_row[ne] = m++, ent_var[ne] = v, ent_coef[ne] = 1.0, ent_cap[ne] = bb;
            ne++;
        }
        v++;
    }
    p->m = m;
    p->c = malloc(((size_t)m + 1) * sizeof *p->c);
    p->row_start = calloc((size_t)m + 2, sizeof *p->row_start);
    p->row_var = malloc((ne + 1) * sizeof *p->row_var);
    p->row_coef = malloc((ne + 1) * sizeof *p->row_coef);
    p->col_start = calloc((size_t)n + 2, sizeof *p->col_start);
    p->col_row = malloc((ne + 1) * sizeof *p->col_row);
    p->col_coef = malloc((ne + 1) * sizeof *p->col_coef);
    if (!p->c || !p->row_start || !p->row_var || !p->row_coef || !p->col_start || !p->col_row ||
        !p->col_coef) {
        st = rm_error_set(err, RM_ENOMEM, "share solver: out of memory");
        goto done;
    }
    /* CSR by counting sort on the row id (entries are var-major, so each
       row's vars come out ascending) */
    for (size_t e = 0; e < ne; e++) {
        p->row_start[ent_row[e] + 1]++;
        p->c[ent_row[e]] = ent_cap[e];
    }
    for (int j = 0; j < m; j++)
        p->row_start[j + 1] += p->row_start[j];
    {
        int *fill = last_pos; /* reuse as per-row cursor when m <= n_res */
        int *tmp = NULL;
        if (m > n_res) {
            tmp = malloc(((size_t)m + 1) * sizeof *tmp);
            if (!tmp) {
                st = rm_error_set(err, RM_ENOMEM, "share solver: out of memory");
                goto done;
            }
            fill = tmp;
        }
        for (int j = 0; j < m; j++)
            fill[j] = p->row_start[j];
        for (size_t e = 0; e < ne; e++) {
            int pos = fill[ent_row[e]]++;
            p->row_var[pos] = ent_var[e];
            p->row_coef[pos] = ent_coef[e];
        }
        free(tmp);
    }
    /* merge rows with the same routes and coefficients (smallest capacity) */
    {
        int *keep_of = malloc(((size_t)m + 1) * sizeof *keep_of);
        int *rs = calloc((size_t)m + 2, sizeof *rs);
        int *rv = malloc((ne + 1) * sizeof *rv);
        double *rc = malloc((ne + 1) * sizeof *rc), *cc = malloc(((size_t)m + 1) * sizeof *cc);
        if (!keep_of || !rs || !rv || !rc || !cc) {
            free(keep_of), free(rs), free(rv), free(rc), free(cc);
            st = rm_error_set(err, RM_ENOMEM, "share solver: out of memory");
            goto done;
        }
        int m2 = 0, pos = 0;
        for (int j = 0; j < m; j++) {
            int dup = -1;
            for (int i = 0; i < m2 && dup < 0; i++)
                if (rows_equal(p, keep_of[i], j))
                    dup = i;
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
        p->m = m = m2;
        ne = (size_t)pos;
    }
    /* scales: capacities and weights at most 1 */
    {
        double cmax = 0.0;
        for (int j = 0; j < m; j++)
            if (p->c[j] > cmax)
                cmax = p->c[j];
        p->S = cmax > 0.0 ? cmax : 1.0;
        p->A = amax > 0.0 ? amax : 1.0;
        for (int j = 0; j < m; j++)
            p->c[j] /= p->S;
        for (int v = 0; v < n; v++)
            p->alpha[v] /= p->A;
    }
    /* CSC and the per-variable upper bounds */
    for (size_t e = 0; e < ne; e++)
        p->col_start[p->row_var[e] + 1]++;
    for (int v = 0; v < n; v++) {
        p->col_start[v + 1] += p->col_start[v];
        p->ub[v] = INFINITY;
    }
    {
        int *cur = malloc(((size_t)n + 1) * sizeof *cur);
        if (!cur) {
            st = rm_error_set(err, RM_ENOMEM, "share solver: out of memory");
            goto done;
        }
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
    }
    st = RM_OK;
done:
    free(ent_row);
    free(ent_var);
    free(ent_coef);
    free(ent_cap);
    free(last_var);
    free(last_pos);
    free(res_row);
    if (st)
        rm_share_problem_destroy(p);
    return st;
}

void rm_share_loads(const rm_share_problem *p, const double *y, double *load)
{
    for (int j = 0; j < p->m; j++) {
        double s = 0.0;
        for (int e = p->row_start[j]; e < p->row_start[j + 1]; e++)
            s += p->row_coef[e] * y[p->row_var[e]];
        load[j] = s;
    }
}

double rm_share_objective(const rm_share_problem *p, const double *y)
{
    double f = 0.0;
    for (int v = 0; v < p->n; v++)
        f += p->alpha[v] / y[v];
    return f;
}

void rm_share_make_feasible(const rm_share_problem *p, double *y, double *load)
{
    rm_share_loads(p, y, load);
    for (int v = 0; v < p->n; v++) {
        double f = 1.0;
        for (int e = p->col_start[v]; e < p->col_start[v + 1]; e++) {
            int j = p->col_row[e];
            if (load[j] > p->c[j]) {
                double g = p->c[j] / load[j] * (1.0 - 2e-15);
                if (g < f)
                    f = g;
            }
        }
        y[v] *= f;
    }
}

rm_status rm_share_maxmin(const rm_share_problem *p, double *y, int *bott, int *n_bott)
{
    int n = p->n, m = p->m;
    char *frozen = calloc((size_t)n + 1, 1);
    double *load = calloc((size_t)m + 1, sizeof *load), *rate = malloc(((size_t)m + 1) * sizeof *rate);
    if (!frozen || !load || !rate) {
        free(frozen), free(load), free(rate);
        return RM_ENOMEM;
    }
    for (int v = 0; v < n; v++)
        y[v] = 0.0;
    int left = n, nb = 0;
    while (left > 0) {
        double delta = INFINITY;
        int arg = -1;
        for (int j = 0; j < m; j++) {
            double r = 0.0;
            for (int e = p->row_start[j]; e < p->row_start[j + 1]; e++)
                if (!frozen[p->row_var[e]])
                    r += p->row_coef[e];
            rate[j] = r;
            if (r > 0.0) {
                double t = (p->c[j] - load[j]) / r;
                if (t < 0.0)
                    t = 0.0;
                if (t < delta)
                    delta = t, arg = j;
            }
        }
        if (arg < 0) /* cannot happen: every variable has a row */
            break;
        for (int v = 0; v < n; v++)
            if (!frozen[v])
                y[v] += delta;
        for (int j = 0; j < m; j++)
            load[j] += delta * rate[j];
        for (int j = 0; j < m; j++) {
            if (!(rate[j] > 0.0))
                continue;
            if (j != arg && p->c[j] - load[j] > 1e-12 * p->c[j])
                continue;
            int fresh = 0;
            for (int e = p->row_start[j]; e < p->row_start[j + 1]; e++) {
                int v = p->row_var[e];
                if (!frozen[v])
                    frozen[v] = 2, fresh++;
            }
            if (fresh) {
                if (bott)
                    bott[nb] = j;
                nb++;
                left -= fresh;
                for (int e = p->row_start[j]; e < p->row_start[j + 1]; e++)
                    if (frozen[p->row_var[e]] == 2)
                        frozen[p->row_var[e]] = 1;
            }
        }
    }
    if (n_bott)
        *n_bott = nb;
    free(frozen), free(load), free(rate);
    return RM_OK;
}

rm_status rm_share_finish(const rm_share_problem *p, const rm_network *net, const double *cap,
                          const rm_route *routes, const double *a, const double *y, double *x,
                          rm_error *err)
{
    const double *capv = cap ? cap : net->res_cap;
    int nz = 0;
    for (int k = 0; k < p->n_routes; k++) {
        x[k] = routes[k].n_arcs == 0 ? INFINITY : 0.0;
        if (a[k] == 0.0 && routes[k].n_arcs > 0)
            nz++;
    }
    for (int v = 0; v < p->n; v++)
        x[p->var_route[v]] = p->S * y[v];
    if (nz == 0)
        return RM_OK;
    /* routes of weight 0: max-min fair shares of what the others left */
    double *resid = malloc(((size_t)net->n_res + 1) * sizeof *resid);
    if (!resid)
        return rm_error_set(err, RM_ENOMEM, "share solver: out of memory");
    for (int r = 0; r < net->n_res; r++)
        resid[r] = capv[r];
    for (int v = 0; v < p->n; v++) {
        const rm_route *rt = &routes[p->var_route[v]];
        for (int i = 0; i < rt->n_arcs; i++) {
            int r = net->arc_res[rt->arcs[i]];
            if (!net->res_backbone[r])
                resid[r] -= p->S * y[v];
        }
    }
    rm_share_problem z;
    rm_status st = rm_share_problem_init(&z, net, resid, p->n_routes, routes, a, 1, err);
    if (st == RM_OK) {
        double *yz = malloc(((size_t)z.n + 1) * sizeof *yz);
        if (!yz || rm_share_maxmin(&z, yz, NULL, NULL) != RM_OK) {
            st = rm_error_set(err, RM_ENOMEM, "share solver: out of memory");
        } else {
            for (int v = 0; v < z.n; v++)
                x[z.var_route[v]] = z.S * yz[v];
        }
        free(yz);
        rm_share_problem_destroy(&z);
    }
    free(resid);
    return st;
}

void rm_solver_info_fill(rm_solver_info *info, int iters, long inner, int n_active, double obj,
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

int rm_share_start(rm_share_problem *p, const char *who, const rm_network *net, const double *cap,
                   int n_routes, const rm_route *routes, const double *a, double *x,
                   rm_solver_info *info, rm_error *err, rm_status *st)
{
    rm_solver_info_fill(info, 0, 0, 0, NAN, NAN, "not run", 0);
    if (n_routes > 0 && !x) {
        *st = rm_error_set(err, RM_EINPUT, "%s: no output array", who);
        return 1;
    }
    *st = rm_share_problem_init(p, net, cap, n_routes, routes, a, 0, err);
    if (*st)
        return 1;
    if (p->n == 0) {
        *st = rm_share_finish(p, net, cap, routes, a, NULL, x, err);
        rm_solver_info_fill(info, 0, 0, 0, 0.0, 0.0, "optimal", 0);
        rm_share_problem_destroy(p);
        return 1;
    }
    return 0;
}
