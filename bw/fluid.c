/*
 * fluid.c — one exchange step of a ring as a fluid (bw/fluid.h): the flows
 * start together, each holds no bandwidth during its route latency, then
 * shares the links max-min fairly with the flows transferring at that
 * moment; the rates are recomputed at every latency end and every flow end
 * (a flow that ends releases its bandwidth). This is how SimGrid's CM02
 * network model (Casanova, Legrand, Quinson, "SimGrid: a generic framework
 * for large-scale distributed experiments", 2008 §4; Velho, Legrand 2009)
 * runs a step whose flows start at once, with equal weights.
 */
#include "bw/fluid.h"
#include "bw/bw_internal.h"

#include <math.h>
#include <stdlib.h>

/* Relative tolerance under which two event times are one event. */
#define FLUID_TIE 1e-12

rm_status rmi_bw_fluid_step(const rm_network *net, int n_routes, const rm_route *routes,
                            const double *latency, double size, double *finish, rm_error *err)
{
    rm_status st = rmi_bw_check_routes(net, n_routes, routes, "rmi_bw_fluid_step", err);
    if (st)
        return st;
    if (n_routes == 0)
        return RM_OK;
    if (!latency || !finish || !(size > 0.0) || !isfinite(size))
        return rm_error_set(err, RM_EINVAL,
                            "rmi_bw_fluid_step: latency/finish NULL or message size %g not > 0", size);
    bw_system s;
    if ((st = rmi_bw_system_build(&s, net, n_routes, routes, "rmi_bw_fluid_step", err)))
        return st;
    int R = s.n_res, K = n_routes;
    double *dw = malloc((size_t)(3 * R + 4 * K + 1) * sizeof(double));
    int *iw = malloc((size_t)(2 * R + 2 * K + 1) * sizeof(int));
    if (!dw || !iw) {
        free(dw);
        free(iw);
        rmi_bw_system_free(&s);
        return rm_error_set(err, RM_ENOMEM, "rmi_bw_fluid_step: out of memory (%d routes)", K);
    }
    /* dw: fill's 2R + 2K work, capl R, rate K, left K; iw: fill's R + K, bb R, take K */
    double *capl = dw + 2 * R + 2 * K, *rate = capl + R, *left = rate + K;
    int *bb = iw + R + K, *take = bb + R;
    for (int j = 0; j < R; j++) {
        int g = s.res[j];
        capl[j] = bw_clean_cap(net->res_cap[g], net->res_cap[g]);
        bb[j] = net->res_backbone ? net->res_backbone[g] != 0 : 0;
    }
    int n_left = K;
    for (int k = 0; k < K; k++) {
        if (!(latency[k] >= 0.0) || !isfinite(latency[k])) {
            st = rm_error_set(err, RM_EINVAL, "rmi_bw_fluid_step: latency of route %d is %g", k,
                              latency[k]);
            goto out;
        }
        left[k] = size;
        finish[k] = NAN;
    }
    double t = 0.0;
    /* each round ends at a latency end or a flow end: at most 2K rounds */
    for (int round = 0; n_left > 0 && round <= 2 * K + 1; round++) {
        int n_take = 0;
        for (int k = 0; k < K; k++) {
            take[k] = isnan(finish[k]) && latency[k] <= t * (1.0 + FLUID_TIE);
            n_take += take[k];
        }
        if (n_take)
            rmi_bw_fill(&s, capl, bb, take, rate, dw, iw, NULL, NULL);
        double dt = INFINITY;
        for (int k = 0; k < K; k++) {
            if (!isnan(finish[k]))
                continue;
            if (!take[k])
                dt = fmin(dt, latency[k] - t);
            else if (s.rt_start[k] == s.rt_start[k + 1] || rate[k] == INFINITY)
                dt = 0.0; /* nothing limits it: it ends with its latency */
            else if (rate[k] > 0.0)
                dt = fmin(dt, left[k] / rate[k]);
        }
        if (dt == INFINITY) /* the rest cannot move (a zero capacity) */
            break;
        for (int k = 0; k < K; k++) {
            if (!take[k])
                continue;
            int free_run = s.rt_start[k] == s.rt_start[k + 1] || rate[k] == INFINITY;
            if (!free_run)
                left[k] -= rate[k] * dt;
            if (free_run || left[k] <= size * FLUID_TIE) {
                finish[k] = t + dt;
                left[k] = 0.0;
                n_left--;
            }
        }
        t += dt;
    }
    for (int k = 0; k < K; k++)
        if (isnan(finish[k]))
            finish[k] = INFINITY;
out:
    free(dw);
    free(iw);
    rmi_bw_system_free(&s);
    return st;
}
