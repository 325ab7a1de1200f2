/*
 * fluid_ring.c — rmi_bw_fluid_ring (bw/fluid_ring.h): iterapp's loop of
 * computation and halo exchange on a ring, many steps as a fluid
 * (SimGrid's CM02 flow model with equal weights, SMPI's rendezvous).
 */
#include "bw/fluid_ring.h"
#include "bw/bw_internal.h"

#include <math.h>
#include <stdlib.h>

/* Relative tolerance of an event time and of a transfer's end (as
 * rmi_bw_fluid_step's). */
#define FLUID_TIE 1e-12

/* The receiver of route f of a ring of q positions (2k: k -> k+1, 2k+1:
 * k -> k-1). */
static int ring_dst(int f, int q)
{
    int k = f / 2;
    return f % 2 == 0 ? (k + 1) % q : (k + q - 1) % q;
}

rm_status rmi_bw_fluid_ring(const rm_network *net, int q, const rm_route *routes,
                            const double *latency, double size, const double *comp, int steps,
                            double *pace, rm_error *err)
{
    int F = 2 * q;
    if (q < 2 || steps < 2 || !latency || !comp || !pace || !(size > 0.0) || !isfinite(size))
        return rm_error_set(err, RM_EINVAL,
                            "rmi_bw_fluid_ring: q = %d, steps = %d (both >= 2), size %g (> 0), "
                            "latency/comp/pace must not be NULL",
                            q, steps, size);
    rm_status st = rmi_bw_check_routes(net, F, routes, "rmi_bw_fluid_ring", err);
    if (st)
        return st;
    for (int f = 0; f < F; f++)
        if (!(latency[f] >= 0.0) || !isfinite(latency[f]))
            return rm_error_set(err, RM_EINVAL, "rmi_bw_fluid_ring: latency of route %d is %g", f,
                                latency[f]);
    for (int k = 0; k < q; k++)
        if (!(comp[k] >= 0.0) || !isfinite(comp[k]))
            return rm_error_set(err, RM_EINVAL,
                                "rmi_bw_fluid_ring: computation time of position %d is %g", k,
                                comp[k]);
    bw_system s;
    if ((st = rmi_bw_system_build(&s, net, F, routes, "rmi_bw_fluid_ring", err)))
        return st;
    int R = s.n_res;
    /* dw: fill's 2R + 2F, capl R, rate F, left F, sched F, ready q, end steps */
    double *dw = malloc((size_t)(3 * R + 5 * F + q + steps + 1) * sizeof(double));
    /* iw: fill's R + F, bb R, take F, fstep F, st q, need q */
    int *iw = malloc((size_t)(2 * R + 3 * F + 2 * q + 1) * sizeof(int));
    if (!dw || !iw) {
        free(dw);
        free(iw);
        rmi_bw_system_free(&s);
        return rm_error_set(err, RM_ENOMEM, "rmi_bw_fluid_ring: out of memory (q = %d)", q);
    }
    double *capl = dw + 2 * R + 2 * F, *rate = capl + R, *left = rate + F, *sched = left + F;
    double *ready = sched + F, *end = ready + q;
    int *bb = iw + R + F, *take = bb + R, *fstep = take + F, *stp = fstep + F, *need = stp + q;
    for (int j = 0; j < R; j++) {
        int g = s.res[j];
        capl[j] = bw_clean_cap(net->res_cap[g], net->res_cap[g]);
        bb[j] = net->res_backbone ? net->res_backbone[g] != 0 : 0;
    }
    for (int k = 0; k < q; k++)
        stp[k] = 0, need[k] = 4, ready[k] = comp[k];
    for (int i = 0; i < steps; i++)
        end[i] = 0.0;
    /* route f's transfer of step fstep[f] is scheduled (its latency phase
       starts) once its sender and its receiver have both posted that step:
       iterapp posts its receives after computing, and SMPI starts a
       rendezvous transfer when the receive is posted */
    for (int f = 0; f < F; f++) {
        fstep[f] = 0;
        int a = f / 2, b = ring_dst(f, q);
        sched[f] = fmax(ready[a], ready[b]) + latency[f];
        left[f] = size;
    }
    int n_done = 0;
    double t = 0.0;
    long long max_rounds = 4LL * F * steps + 16, round = 0;
    while (n_done < q && round++ < max_rounds) {
        int n_take = 0;
        for (int f = 0; f < F; f++) {
            take[f] = !isnan(sched[f]) && sched[f] <= t * (1.0 + FLUID_TIE);
            n_take += take[f];
        }
        if (n_take)
            rmi_bw_fill(&s, capl, bb, take, rate, dw, iw, NULL, NULL);
        double dt = INFINITY;
        for (int f = 0; f < F; f++) {
            if (isnan(sched[f]))
                continue;
            if (!take[f])
                dt = fmin(dt, sched[f] - t);
            else if (s.rt_start[f] == s.rt_start[f + 1] || rate[f] == INFINITY)
                dt = 0.0;
            else if (rate[f] > 0.0)
                dt = fmin(dt, left[f] / rate[f]);
        }
        if (dt == INFINITY)
            break; /* what is left cannot move (a zero capacity) */
        t += dt;
        for (int f = 0; f < F; f++) {
            if (!take[f])
                continue;
            int free_run = s.rt_start[f] == s.rt_start[f + 1] || rate[f] == INFINITY;
            if (!free_run)
                left[f] -= rate[f] * dt;
            if (!(free_run || left[f] <= size * FLUID_TIE))
                continue;
            sched[f] = NAN; /* done: its two ranks count it */
            fstep[f]++;
            int ends[2] = {f / 2, ring_dst(f, q)};
            for (int i = 0; i < 2; i++) {
                int k = ends[i];
                if (--need[k] > 0)
                    continue;
                end[stp[k]] = fmax(end[stp[k]], t);
                if (++stp[k] == steps)
                    n_done++;
                need[k] = 4;
                ready[k] = t + comp[k];
            }
        }
        /* schedule the transfers whose two ranks have now posted their step */
        for (int f = 0; f < F; f++) {
            int a = f / 2, b = ring_dst(f, q);
            if (!isnan(sched[f]) || fstep[f] >= steps || stp[a] != fstep[f] || stp[b] != fstep[f])
                continue;
            sched[f] = fmax(ready[a], ready[b]) + latency[f];
            left[f] = size;
        }
    }
    int h = steps / 2;
    *pace = n_done < q ? INFINITY : (end[steps - 1] - end[h - 1]) / (double)(steps - h);
    free(dw);
    free(iw);
    rmi_bw_system_free(&s);
    return RM_OK;
}
