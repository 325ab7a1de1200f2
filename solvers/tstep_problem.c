/*
 * tstep_problem.c — builds the scaled step-time program of a fixed ring
 * (tstep_problem.h) from a ring instance (bw.h): capacity rows through rm_share_problem,
 * host weights, latency parts of the route costs; and evaluates T(y).
 */
#include "solvers/tstep_problem.h"

#include "bw/bw_internal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

void rmi_tstep_problem_destroy(rm_tstep_problem *p)
{
    if (!p)
        return;
    rmi_share_problem_destroy(&p->sp);
    free(p->a);
    free(p->w);
    free(p->lc);
    memset(p, 0, sizeof *p);
}

rm_status rmi_tstep_problem_init(rm_tstep_problem *p, const rm_ring_instance *ri, rm_error *err)
{
    memset(p, 0, sizeof *p);
    if (!ri || ri->q < 2 || !ri->w)
        return rm_error_set(err, RM_EINPUT, "step-time solver: needs a ring of at least 2 hosts");
    if (!(isfinite(ri->cost.dc_dw) && ri->cost.dc_dw >= 0.0))
        return rm_error_set(err, RM_EINPUT, "step-time solver: D_c/D_w = %g", ri->cost.dc_dw);
    int q = ri->q, K = 2 * q;
    if (ri->sys.n_routes != K || !ri->sys.route_start)
        return rm_error_set(err, RM_EINPUT, "step-time solver: %d routes for a ring of %d hosts",
                            ri->sys.n_routes, q);
    p->ri = ri;
    p->q = q, p->K = K;
    p->parallel = ri->cost.parallel_send;
    p->a = malloc((size_t)q * sizeof *p->a);
    p->w = malloc((size_t)q * sizeof *p->w);
    p->lc = malloc((size_t)K * sizeof *p->lc);
    double *ak = malloc((size_t)K * sizeof *ak);
    rm_status st = RM_OK;
    if (!p->a || !p->w || !p->lc || !ak) {
        st = rm_error_set(err, RM_ENOMEM, "step-time solver: out of memory");
        goto done;
    }
    double inv = 0.0;
    for (int i = 0; i < q; i++) {
        double w = ri->w[i];
        if (!(w > 0.0) || !isfinite(w)) {
            st = rm_error_set(err, RM_EINPUT, "step-time solver: host %d has cycle-time %g", i, w);
            goto done;
        }
        inv += 1.0 / w;
    }
    p->tau = 1.0 / inv;
    for (int k = 0; k < K; k++) {
        int i = k % q;
        if (ri->sys.route_start[k + 1] <= ri->sys.route_start[k]) {
            st = rm_error_set(err, RM_EINPUT, "step-time solver: ring position %d: empty %s route",
                              i, k < q ? "successor" : "predecessor");
            goto done;
        }
        ak[k] = 1.0 / ri->w[i];
    }
    if ((st = rmi_share_problem_init(&p->sp, &ri->sys, ak, err)))
        goto done;
    if (p->sp.n != K) {
        st = rm_error_set(err, RM_EINTERNAL, "step-time solver: %d variables for %d routes",
                          p->sp.n, K);
        goto done;
    }
    for (int i = 0; i < q; i++) {
        p->w[i] = ri->w[i] / p->tau;
        p->a[i] = 1.0 / p->w[i];
    }
    p->D = ri->cost.dc_dw / (p->sp.S * p->tau);
    for (int k = 0; k < K; k++) {
        double lat = ri->cost.latency && ri->cost.dc > 0.0 && ri->route_latency
                         ? ri->route_latency[k] / ri->cost.dc
                         : 0.0;
        p->lc[k] = lat * p->sp.S;
    }
done:
    free(ak);
    if (st)
        rmi_tstep_problem_destroy(p);
    return st;
}

void rmi_tstep_host_costs(const rm_tstep_problem *p, const double *y, double *C)
{
    int q = p->q;
    for (int i = 0; i < q; i++) {
        double cs = 1.0 / y[i] + p->lc[i], cp = 1.0 / y[q + i] + p->lc[q + i];
        C[i] = rm_host_cost(cs, cp, p->parallel);
    }
}

double rmi_tstep_value(const rm_tstep_problem *p, const double *y, double *C, double *F)
{
    rmi_tstep_host_costs(p, y, C);
    double f0 = 1.0, t;
    for (int i = 0; i < p->q; i++)
        f0 += p->D * p->a[i] * C[i];
    t = f0;
    if (F)
        F[0] = f0;
    for (int i = 0; i < p->q; i++) {
        double fi = p->D * C[i];
        if (F)
            F[i + 1] = fi;
        if (fi > t)
            t = fi;
    }
    return t;
}

double rmi_tstep_true(const rm_ring_instance *ri, const double *x)
{
    int q = ri->q;
    double *C = malloc((size_t)q * sizeof *C);
    double t = NAN;
    if (C) {
        for (int i = 0; i < q; i++) {
            const double *L = ri->route_latency;
            double ls = ri->cost.latency && L ? L[i] : 0.0, lp = ri->cost.latency && L ? L[q + i] : 0.0;
            C[i] = rm_host_cost(rm_route_cost(x[i], ls, ri->cost.latency, ri->cost.dc),
                                rm_route_cost(x[q + i], lp, ri->cost.latency, ri->cost.dc), ri->cost.parallel_send);
        }
        t = rm_balance(q, ri->w, C, ri->cost.dc_dw, NULL);
    }
    free(C);
    return t;
}

int rmi_tstep_start(rm_tstep_problem *p, const char *who, const rm_ring_instance *ri, double *x,
                   double *t_step, rm_solver_info *info, rm_error *err, rm_status *st)
{
    rmi_solver_info_fill(info, 0, 0, 0, NAN, NAN, "not run", 0);
    /* arguments (RM_EINVAL) */
    if (!ri) {
        *st = rm_error_set(err, RM_EINVAL, "%s: the ring instance ri is NULL", who);
        return 1;
    }
    if (ri->q >= 2 && !x) {
        *st = rm_error_set(err, RM_EINVAL, "%s: the output array x is NULL", who);
        return 1;
    }
    if (ri->q >= 1 && !ri->w) {
        *st = rm_error_set(err, RM_EINVAL, "%s: ri->w (the cycle-times) is NULL", who);
        return 1;
    }
    if (ri->q >= 2 && (*st = rmi_bw_check_share_system(&ri->sys, who, err)))
        return 1;
    if (ri->q < 1) {
        *st = rm_error_set(err, RM_EINPUT, "%s: no ring", who);
        return 1;
    }
    if (ri->q == 1) {
        double w = ri->w[0];
        if (t_step)
            *t_step = w;
        rmi_solver_info_fill(info, 0, 0, 0, w, 0.0, "optimal", 0);
        *st = RM_OK;
        return 1;
    }
    if (!x) {
        *st = rm_error_set(err, RM_EINPUT, "%s: no output array", who);
        return 1;
    }
    *st = rmi_tstep_problem_init(p, ri, err);
    return *st != RM_OK;
}
