/*
 * maxmin.c — max-min fair bandwidth sharing among routes by progressive
 * filling, as SimGrid's lmm solver does (Legrand et al. 2004 §4.4.3, method 1;
 * Bertsekas & Gallager, "Data Networks", §6.5.2).
 *
 * Every unfrozen route grows at the same rate from 0; when a (non-backbone)
 * resource saturates, the routes crossing it freeze; a backbone resource
 * freezes a route when the route alone reaches its capacity. A route that
 * crosses a resource m times (a walk) weighs m on it: growing it by d takes
 * m*d of the resource. The result is unique and deterministic.
 */
#include "bw/bw_internal.h"

#include <math.h>
#include <stdlib.h>

/* Relative tolerance under which two saturation levels are taken as equal. */
#define BW_TIE 1e-12

/* The constraints that freeze routes at this level, in order, for
 * rmi_bw_fill's bott: each saturated (non-backbone) resource j with a live
 * route not yet recorded (recorded as j), then each live route at its
 * backbone bound not yet recorded (as -(k + 1)); mark (K ints) flags the
 * recorded routes. Reads only: the filling itself is unchanged. */
static void record_bottlenecks(const bw_system *s, const int *backbone, const int *wt,
                               const double *dr, const int *live, const double *ub, double level,
                               int *mark, int *bott, int *nb)
{
    for (int j = 0; j < s->n_res; j++) {
        if (backbone[j] || !(wt[j] > 0 && dr[j] < 0.0))
            continue;
        int fresh = 0;
        for (int t = s->res_start[j]; t < s->res_start[j + 1]; t++) {
            int k = s->res_route[t];
            if (live[k] && !mark[k])
                mark[k] = 1, fresh = 1;
        }
        if (fresh)
            bott[(*nb)++] = j;
    }
    for (int k = 0; k < s->n_routes; k++)
        if (live[k] && !mark[k] && ub[k] <= level * (1.0 + BW_TIE)) {
            mark[k] = 1;
            bott[(*nb)++] = -(k + 1);
        }
}

void rmi_bw_fill(const bw_system *s, const double *capl, const int *backbone, const int *take,
             double *rate, double *dwork, int *iwork, int *bott, int *n_bott)
{
    int R = s->n_res, K = s->n_routes;
    double *rem = dwork, *dr = dwork + R, *ub = dwork + 2 * R;
    int *wt = iwork, *live = iwork + R; /* wt: unfrozen multiplicity on j */
    int *mark = bott ? iwork + R + K : NULL;
    int n_live = 0;
    if (n_bott)
        *n_bott = 0;
    for (int j = 0; j < R; j++)
        wt[j] = 0;
    for (int k = 0; k < K; k++) {
        live[k] = 0;
        if (mark)
            mark[k] = 0;
        if ((take && !take[k]) || s->rt_start[k] == s->rt_start[k + 1])
            continue;
        live[k] = 1;
        n_live++;
        ub[k] = INFINITY;
        for (int t = s->rt_start[k]; t < s->rt_start[k + 1]; t++) {
            int j = s->rt_res[t];
            if (backbone[j])
                ub[k] = fmin(ub[k], capl[j]);
            else
                wt[j] += s->rt_mult[t];
        }
    }
    for (int j = 0; j < R; j++)
        rem[j] = capl[j];
    double level = 0.0;
    while (n_live > 0) {
        /* the next saturation level */
        double d = INFINITY;
        for (int j = 0; j < R; j++) {
            if (wt[j] > 0 && !backbone[j]) {
                dr[j] = rem[j] / wt[j];
                d = fmin(d, dr[j]);
            }
        }
        for (int k = 0; k < K; k++)
            if (live[k])
                d = fmin(d, ub[k] - level);
        if (d == INFINITY) { /* nothing limits the remaining routes */
            for (int k = 0; k < K; k++)
                if (live[k]) {
                    rate[k] = INFINITY;
                    live[k] = 0;
                }
            break;
        }
        if (!(d > 0.0))
            d = 0.0;
        level += d;
        /* take d from every loaded resource; mark the saturated ones */
        for (int j = 0; j < R; j++) {
            if (wt[j] > 0 && !backbone[j]) {
                if (dr[j] <= d * (1.0 + BW_TIE)) {
                    rem[j] = 0.0;
                    dr[j] = -1.0; /* saturated */
                } else {
                    rem[j] = fmax(0.0, rem[j] - d * wt[j]);
                }
            }
        }
        if (bott)
            record_bottlenecks(s, backbone, wt, dr, live, ub, level, mark, bott, n_bott);
        /* freeze the routes of saturated resources and the routes at their
         * backbone bound, at the current level */
        for (int k = 0; k < K; k++) {
            if (!live[k])
                continue;
            int freeze = ub[k] <= level * (1.0 + BW_TIE);
            for (int t = s->rt_start[k]; t < s->rt_start[k + 1] && !freeze; t++) {
                int j = s->rt_res[t];
                freeze = !backbone[j] && wt[j] > 0 && dr[j] < 0.0;
            }
            if (!freeze)
                continue;
            rate[k] = fmin(level, ub[k]);
            live[k] = 0;
            n_live--;
            for (int t = s->rt_start[k]; t < s->rt_start[k + 1]; t++) {
                int j = s->rt_res[t];
                if (!backbone[j])
                    wt[j] -= s->rt_mult[t];
            }
        }
    }
}

void rmi_bw_make_feasible(const bw_system *s, const double *capl, const int *backbone,
                      const int *take, double margin, double *rate, double *dwork)
{
    int R = s->n_res;
    double *f = dwork;
    for (int j = 0; j < R; j++) {
        f[j] = 1.0;
        if (backbone[j])
            continue;
        double load = 0.0;
        for (int t = s->res_start[j]; t < s->res_start[j + 1]; t++) {
            int k = s->res_route[t];
            if ((!take || take[k]) && isfinite(rate[k]))
                load += s->res_mult[t] * rate[k];
        }
        if (load > capl[j])
            f[j] = capl[j] / load * margin;
    }
    for (int k = 0; k < s->n_routes; k++) {
        if ((take && !take[k]) || !isfinite(rate[k]))
            continue;
        double m = 1.0;
        for (int t = s->rt_start[k]; t < s->rt_start[k + 1]; t++) {
            int j = s->rt_res[t];
            if (!backbone[j])
                m = fmin(m, f[j]);
            else if (rate[k] > capl[j]) /* a backbone bound, route by route */
                m = fmin(m, capl[j] / rate[k] * margin);
        }
        if (m < 1.0)
            rate[k] *= m;
    }
}

/* rm_maxmin (bw.h): rmi_bw_fill on the routes' resources, then the
 * rounding excess removed. Capacities: NULL = net->res_cap; negative or
 * noise-level values (bw_clean_cap) count as 0, so routes crossing them get
 * 0. Errors: RM_EINVAL (rmi_bw_check_routes; rate NULL), RM_EINPUT (unusable
 * arc, NaN capacity), RM_ENOMEM.
 * O(rounds (R + K + T)) on the R resources actually used, plus
 * O(L log L) to collect them. */
rm_status rm_maxmin(const rm_network *net, const double *cap, int n_routes,
                    const rm_route *routes, double *rate, rm_error *err)
{
    rm_status st = rmi_bw_check_routes(net, n_routes, routes, "rm_maxmin", err);
    if (st)
        return st;
    if (n_routes > 0 && !rate)
        return rm_error_set(err, RM_EINVAL, "rm_maxmin: rate is NULL (%d routes)", n_routes);
    bw_system s;
    if ((st = rmi_bw_system_build(&s, net, n_routes, routes, "rm_maxmin", err)))
        return st;
    if (!cap)
        cap = net->res_cap;
    int R = s.n_res, K = n_routes;
    double *dw = malloc((size_t)(3 * R + 2 * K + 1) * sizeof(double));
    int *iw = malloc((size_t)(2 * R + K + 1) * sizeof(int));
    if (!dw || !iw) {
        free(dw);
        free(iw);
        rmi_bw_system_free(&s);
        return rm_error_set(err, RM_ENOMEM, "rm_maxmin: out of memory (%d routes)", K);
    }
    double *capl = dw + 2 * R + 2 * K;
    int *bb = iw + R + K;
    for (int j = 0; j < R; j++) {
        int g = s.res[j];
        double c = cap[g];
        if (isnan(c)) {
            st = rm_error_set(err, RM_EINPUT, "rm_maxmin: capacity of resource %d (link %d) is NaN",
                              g, net->res_link ? net->res_link[g] : -1);
            goto out;
        }
        capl[j] = bw_clean_cap(c, net->res_cap[g]);
        bb[j] = net->res_backbone ? net->res_backbone[g] != 0 : 0;
    }
    for (int k = 0; k < K; k++)
        rate[k] = INFINITY; /* routes with no arcs */
    rmi_bw_fill(&s, capl, bb, NULL, rate, dw, iw, NULL, NULL);
    rmi_bw_make_feasible(&s, capl, bb, NULL, 1.0, rate, dw);
out:
    free(dw);
    free(iw);
    rmi_bw_system_free(&s);
    return st;
}
