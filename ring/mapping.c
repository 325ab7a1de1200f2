/*
 * mapping.c — the rm_mapping object (ring, routes, alphas, T_step) and the
 * refinements of Legrand et al. 2004 §4.4.3 that recompute
 * all shares of a fixed ring with fixed routes.
 */
#include "ring/args.h"
#include "ringmap/ring.h"
#include "ring/refine.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

rm_mapping *rm_mapping_new(int q, int n_sweep)
{
    rm_mapping *m = calloc(1, sizeof *m);
    if (!m)
        return NULL;
    m->q = q;
    m->n_sweep = n_sweep;
    m->ring = calloc((size_t)(q > 0 ? q : 1), sizeof *m->ring);
    m->alpha = calloc((size_t)(q > 0 ? q : 1), sizeof *m->alpha);
    m->succ = calloc((size_t)(q > 0 ? q : 1), sizeof *m->succ);
    m->pred = calloc((size_t)(q > 0 ? q : 1), sizeof *m->pred);
    m->sweep_t = calloc((size_t)(n_sweep > 0 ? n_sweep : 1), sizeof *m->sweep_t);
    if (!m->ring || !m->alpha || !m->succ || !m->pred || !m->sweep_t) {
        rm_mapping_free(m);
        return NULL;
    }
    for (int i = 0; i < n_sweep; i++)
        m->sweep_t[i] = NAN;
    for (int k = 0; k < q; k++)
        m->succ[k].bandwidth = m->pred[k].bandwidth = INFINITY;
    m->t_step_per_dw = NAN;
    m->t_step_per_dw_unshared = NAN;
    m->final_gap = NAN;
    m->final_converged = 1;
    m->t_step_per_dw_dynamic = NAN;
    return m;
}

void rm_mapping_free(rm_mapping *m)
{
    if (!m)
        return;
    for (int k = 0; k < m->q; k++) {
        if (m->succ)
            rm_route_clear(&m->succ[k]);
        if (m->pred)
            rm_route_clear(&m->pred[k]);
    }
    free(m->ring);
    free(m->alpha);
    free(m->succ);
    free(m->pred);
    free(m->sweep_t);
    free(m->sweep_t_unshared);
    free(m->steps);
    free(m->c_dynamic);
    free(m);
}

void rm_mapping_costs(const rm_network *net, const rm_mapping *m, double *C)
{
    for (int k = 0; k < m->q; k++) {
        if (m->q == 1) {
            C[k] = 0.0;
            continue;
        }
        double ls = m->cost.latency ? rm_route_latency(net, &m->succ[k]) : 0.0;
        double lp = m->cost.latency ? rm_route_latency(net, &m->pred[k]) : 0.0;
        C[k] = rm_host_cost(rm_route_cost(m->succ[k].bandwidth, ls, m->cost.latency, m->cost.dc),
                            rm_route_cost(m->pred[k].bandwidth, lp, m->cost.latency, m->cost.dc),
                            m->cost.parallel_send);
    }
}

void rm_mapping_rebalance(const rm_network *net, rm_mapping *m)
{
    int q = m->q;
    double *w = malloc((size_t)q * sizeof *w), *C = malloc((size_t)q * sizeof *C);
    if (!w || !C) {
        free(w);
        free(C);
        m->t_step_per_dw = NAN;
        return;
    }
    for (int k = 0; k < q; k++)
        w[k] = net->platform->nodes[m->ring[k]].w;
    rm_mapping_costs(net, m, C);
    m->t_step_per_dw = rm_balance_model(q, w, C, &m->cost, m->alpha);
    free(w);
    free(C);
}

/* Gather the 2q routes of a mapping (succ then pred) as a flat array of
 * shallow copies, and the weights a = 1/w of their senders. */
static rm_status gather_routes(const rm_network *net, const rm_mapping *m, rm_route **routes,
                               double **a, rm_error *err)
{
    int q = m->q;
    *routes = malloc((size_t)(2 * q) * sizeof **routes);
    *a = malloc((size_t)(2 * q) * sizeof **a);
    if (!*routes || !*a) {
        free(*routes);
        free(*a);
        return rm_error_set(err, RM_ENOMEM, "out of memory gathering routes");
    }
    for (int k = 0; k < q; k++) {
        (*routes)[k] = m->succ[k];
        (*routes)[q + k] = m->pred[k];
        (*a)[k] = (*a)[q + k] = 1.0 / net->platform->nodes[m->ring[k]].w;
    }
    return RM_OK;
}

static rm_status refine_with(const rm_network *net, rm_mapping *m, int optimal, rm_error *err)
{
    int q = m->q;
    if (q <= 1) {
        rm_mapping_rebalance(net, m);
        return RM_OK;
    }
    rm_route *routes;
    double *a;
    rm_status st = gather_routes(net, m, &routes, &a, err);
    if (st)
        return st;
    double *x = malloc((size_t)(2 * q) * sizeof *x);
    if (!x) {
        free(routes);
        free(a);
        return rm_error_set(err, RM_ENOMEM, "out of memory in refinement");
    }
    st = optimal ? rm_share_optimal(net, NULL, 2 * q, routes, a, 0.0, x, err)
                 : rm_maxmin(net, NULL, 2 * q, routes, x, err);
    if (st == RM_OK) {
        for (int k = 0; k < q; k++) {
            m->succ[k].bandwidth = x[k];
            m->pred[k].bandwidth = x[q + k];
        }
        rm_mapping_rebalance(net, m);
    }
    free(routes);
    free(a);
    free(x);
    return st;
}

rm_status rm_mapping_refine_maxmin(const rm_network *net, rm_mapping *m, rm_error *err)
{
    rm_status st = rmi_mapping_args_check(net, m, "rm_mapping_refine_maxmin", err);
    if (st)
        return st;
    return refine_with(net, m, 0, err);
}

rm_status rm_mapping_refine_optimal(const rm_network *net, rm_mapping *m, rm_error *err)
{
    rm_status st = rmi_mapping_args_check(net, m, "rm_mapping_refine_optimal", err);
    if (st)
        return st;
    return refine_with(net, m, 1, err);
}

int rm_mapping_better(const rm_mapping *a, const rm_mapping *b)
{
    if (!b)
        return 0;
    if (!a)
        return 1;
    return b->t_step_per_dw < a->t_step_per_dw || (isnan(a->t_step_per_dw) && !isnan(b->t_step_per_dw));
}

/* Relative difference under which two T_step/D_w are a tie for
 * rm_mapping_better_on: rings bound by the same route compute the same
 * d_max through different share computations (a few ulps apart). */
#define TIE_REL 1e-12

/* The balance of m's computation, the communication bound aside: T* =
 * max_k (alpha_k w_k + dc_dw C_k) over the hosts with alpha_k > 0. With
 * rm_balance's alphas (alpha_k = max(0, T* - dc_dw C_k)/w_k) it is the root
 * T* of sum_k max(0, (T* - dc_dw C_k)/w_k) = 1, below T_step/D_w exactly when
 * the ring is communication-bound (T = max_k dc_dw C_k). NAN when it does
 * not apply (overlap model, q < 2) or on allocation failure. O(q). */
static double balance_root(const rm_network *net, const rm_mapping *m)
{
    if (m->q < 2 || m->cost.overlap)
        return NAN;
    double *C = malloc((size_t)m->q * sizeof *C);
    if (!C)
        return NAN;
    rm_mapping_costs(net, m, C);
    double t = NAN;
    for (int k = 0; k < m->q; k++) {
        if (!(m->alpha[k] > 0.0))
            continue;
        double tk = m->alpha[k] * net->platform->nodes[m->ring[k]].w + m->cost.dc_dw * C[k];
        if (isnan(t) || tk > t)
            t = tk;
    }
    free(C);
    return t;
}

int rm_mapping_better_on(const rm_network *net, const rm_mapping *a, const rm_mapping *b)
{
    if (!net || !a || !b || a->network != RM_NETWORK_FAIR || b->network != RM_NETWORK_FAIR)
        return rm_mapping_better(a, b);
    double ta = a->t_step_per_dw, tb = b->t_step_per_dw;
    if (!(isfinite(ta) && isfinite(tb) && fabs(ta - tb) <= TIE_REL * fmax(ta, tb)))
        return rm_mapping_better(a, b);
    double ka = balance_root(net, a), kb = balance_root(net, b);
    if (kb < ka * (1.0 - TIE_REL))
        return 1;
    if (ka < kb * (1.0 - TIE_REL))
        return 0;
    return rm_mapping_better(a, b); /* no key (NAN) or equal keys */
}

double rmi_mapping_bar(const rm_network *net, const rm_mapping *m, const rm_mapping *tied)
{
    double t = m->t_step_per_dw;
    if (!net || !tied || m->network != RM_NETWORK_FAIR || tied->network != RM_NETWORK_FAIR)
        return t;
    double tt = tied->t_step_per_dw;
    if (!(isfinite(t) && isfinite(tt) && fabs(t - tt) <= TIE_REL * fmax(t, tt)))
        return t; /* no tie */
    double km = balance_root(net, m), kt = balance_root(net, tied);
    if (!(km < kt * (1.0 - TIE_REL)) || !(km < t * (1.0 - TIE_REL)))
        return t; /* not won by T*, or not communication-bound */
    return km;
}

int rmi_mapping_replaces(const rm_network *net, const rm_mapping *inc, double bar,
                         const rm_mapping *c)
{
    if (!c)
        return 0;
    if (inc && bar < inc->t_step_per_dw) /* a tie-won, communication-bound ring */
        return c->t_step_per_dw < bar;
    return rm_mapping_better_on(net, inc, c);
}
