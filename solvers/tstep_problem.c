/*
 * tstep_problem.c — builds the scaled step-time program of a fixed ring
 * (tstep_problem.h) from a mapping: capacity rows through rm_share_problem,
 * host weights, latency parts of the route costs; and evaluates T(y).
 */
#include "solvers/tstep_problem.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

void rm_tstep_problem_destroy(rm_tstep_problem *p)
{
    if (!p)
        return;
    rm_share_problem_destroy(&p->sp);
    free(p->a);
    free(p->w);
    free(p->lc);
    free(p->route);
    memset(p, 0, sizeof *p);
}

rm_status rm_tstep_problem_init(rm_tstep_problem *p, const rm_network *net, const rm_mapping *m,
                                rm_error *err)
{
    memset(p, 0, sizeof *p);
    if (!net || !m || m->q < 2)
        return rm_error_set(err, RM_EINPUT, "step-time solver: needs a ring of at least 2 hosts");
    if (!(isfinite(m->dc_dw) && m->dc_dw >= 0.0))
        return rm_error_set(err, RM_EINPUT, "step-time solver: D_c/D_w = %g", m->dc_dw);
    int q = m->q, K = 2 * q;
    p->q = q, p->K = K;
    p->parallel = m->parallel_send;
    p->a = malloc((size_t)q * sizeof *p->a);
    p->w = malloc((size_t)q * sizeof *p->w);
    p->lc = malloc((size_t)K * sizeof *p->lc);
    p->route = malloc((size_t)K * sizeof *p->route);
    rm_route *flat = malloc((size_t)K * sizeof *flat);
    double *ak = malloc((size_t)K * sizeof *ak);
    rm_status st = RM_OK;
    if (!p->a || !p->w || !p->lc || !p->route || !flat || !ak) {
        st = rm_error_set(err, RM_ENOMEM, "step-time solver: out of memory");
        goto done;
    }
    double inv = 0.0;
    for (int i = 0; i < q; i++) {
        double w = net->platform->nodes[m->ring[i]].w;
        if (!(w > 0.0) || !isfinite(w)) {
            st = rm_error_set(err, RM_EINPUT, "step-time solver: host %d has cycle-time %g", i, w);
            goto done;
        }
        inv += 1.0 / w;
    }
    p->tau = 1.0 / inv;
    for (int k = 0; k < K; k++) {
        int i = k % q;
        p->route[k] = k < q ? &m->succ[i] : &m->pred[i];
        flat[k] = *p->route[k];
        if (flat[k].n_arcs <= 0) {
            st = rm_error_set(err, RM_EINPUT, "step-time solver: ring position %d: empty %s route",
                              i, k < q ? "successor" : "predecessor");
            goto done;
        }
        ak[k] = 1.0 / net->platform->nodes[m->ring[i]].w;
    }
    if ((st = rm_share_problem_init(&p->sp, net, NULL, K, flat, ak, err)))
        goto done;
    if (p->sp.n != K) {
        st = rm_error_set(err, RM_EINTERNAL, "step-time solver: %d variables for %d routes",
                          p->sp.n, K);
        goto done;
    }
    for (int i = 0; i < q; i++) {
        p->w[i] = net->platform->nodes[m->ring[i]].w / p->tau;
        p->a[i] = 1.0 / p->w[i];
    }
    p->D = m->dc_dw / (p->sp.S * p->tau);
    for (int k = 0; k < K; k++) {
        double lat = m->latency && m->dc > 0.0 ? rm_route_latency(net, p->route[k]) / m->dc : 0.0;
        p->lc[k] = lat * p->sp.S;
    }
done:
    free(flat);
    free(ak);
    if (st)
        rm_tstep_problem_destroy(p);
    return st;
}

void rm_tstep_host_costs(const rm_tstep_problem *p, const double *y, double *C)
{
    int q = p->q;
    for (int i = 0; i < q; i++) {
        double cs = 1.0 / y[i] + p->lc[i], cp = 1.0 / y[q + i] + p->lc[q + i];
        C[i] = rm_host_cost(cs, cp, p->parallel);
    }
}

double rm_tstep_value(const rm_tstep_problem *p, const double *y, double *C, double *F)
{
    rm_tstep_host_costs(p, y, C);
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

double rm_tstep_true(const rm_network *net, const rm_mapping *m, const double *x)
{
    int q = m->q;
    double *w = malloc((size_t)q * sizeof *w), *C = malloc((size_t)q * sizeof *C);
    double t = NAN;
    if (w && C) {
        for (int i = 0; i < q; i++) {
            w[i] = net->platform->nodes[m->ring[i]].w;
            double ls = m->latency ? rm_route_latency(net, &m->succ[i]) : 0.0;
            double lp = m->latency ? rm_route_latency(net, &m->pred[i]) : 0.0;
            C[i] = rm_host_cost(rm_route_cost(x[i], ls, m->latency, m->dc),
                                rm_route_cost(x[q + i], lp, m->latency, m->dc), m->parallel_send);
        }
        t = rm_balance(q, w, C, m->dc_dw, NULL);
    }
    free(w);
    free(C);
    return t;
}

int rm_tstep_start(rm_tstep_problem *p, const char *who, const rm_network *net,
                   const rm_mapping *m, double *x, double *t_step, rm_solver_info *info,
                   rm_error *err, rm_status *st)
{
    rm_solver_info_fill(info, 0, 0, 0, NAN, NAN, "not run", 0);
    if (!net || !m || m->q < 1) {
        *st = rm_error_set(err, RM_EINPUT, "%s: no ring", who);
        return 1;
    }
    if (m->q == 1) {
        double w = net->platform->nodes[m->ring[0]].w;
        if (t_step)
            *t_step = w;
        rm_solver_info_fill(info, 0, 0, 0, w, 0.0, "optimal", 0);
        *st = RM_OK;
        return 1;
    }
    if (!x) {
        *st = rm_error_set(err, RM_EINPUT, "%s: no output array", who);
        return 1;
    }
    *st = rm_tstep_problem_init(p, net, m, err);
    return *st != RM_OK;
}
