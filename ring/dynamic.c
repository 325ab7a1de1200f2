/*
 * dynamic.c — rm_mapping_tstep_dynamic (ring.h): the one-step fluid
 * valuation of a mapping (bw/fluid.h), what the printed prediction of the
 * fair network model is, under eq. (1) and under the overlap model. The mapper still chooses by the static max-min
 * valuation (t_step_per_dw): this costs up to 4q max-min solutions, once.
 */
#include "ring/args.h"
#include "ring/dynamic_cols.h"
#include "bw/fluid.h"
#include "ringmap/ring.h"

#include <math.h>
#include <stdlib.h>

/* Relative distance under which a host's dynamic cost is its static one. */
#define DYN_SAME 1e-9

void rmi_mapping_flows(const rm_network *net, const rm_mapping *m, rm_route *routes, double *lat)
{
    for (int k = 0; k < m->q; k++) {
        routes[2 * k] = m->succ[k];
        routes[2 * k + 1] = m->pred[k];
        lat[2 * k] = rm_route_latency(net, &m->succ[k]);
        lat[2 * k + 1] = rm_route_latency(net, &m->pred[k]);
    }
}

rm_status rm_mapping_tstep_dynamic(const rm_network *net, rm_mapping *m, rm_error *err)
{
    rm_status st = rmi_mapping_args_check(net, m, "rm_mapping_tstep_dynamic", err);
    if (st)
        return st;
    free(m->c_dynamic);
    m->c_dynamic = NULL;
    m->t_step_per_dw_dynamic = NAN;
    int q = m->q;
    if (m->network != RM_NETWORK_FAIR || !m->cost.latency || !(m->cost.dc > 0.0) || q < 2)
        return RM_OK;
    rm_route *routes = malloc((size_t)(2 * q) * sizeof *routes);
    double *lat = malloc((size_t)(2 * q) * sizeof *lat), *fin = malloc((size_t)(2 * q) * sizeof *fin);
    double *C = malloc((size_t)q * sizeof *C), *w = malloc((size_t)q * sizeof *w);
    double *cd = malloc((size_t)q * sizeof *cd);
    if (!routes || !lat || !fin || !C || !w || !cd) {
        st = rm_error_set(err, RM_ENOMEM, "rm_mapping_tstep_dynamic: out of memory (q = %d)", q);
        goto out;
    }
    rmi_mapping_flows(net, m, routes, lat);
    for (int k = 0; k < q; k++)
        w[k] = net->platform->nodes[m->ring[k]].w;
    if ((st = rmi_bw_fluid_step(net, 2 * q, routes, lat, m->cost.dc, fin, err)))
        goto out;
    rm_mapping_costs(net, m, C);
    int same = 1;
    for (int k = 0; k < q; k++) {
        double a = fin[2 * k], b = fin[2 * k + 1];
        double c = (m->cost.parallel_send ? fmax(a, b) : a + b) / m->cost.dc;
        cd[k] = fabs(c - C[k]) <= DYN_SAME * C[k] ? C[k] : c;
        same &= cd[k] == C[k];
    }
    /* nothing moved (one latency for all, or no flow ends before another's
       bottleneck): the static valuation, bit for bit. Under the overlap
       model the 2q flows are posted together at the step's start, as the
       fluid step assumes: T_i = max(alpha_i D_w w_i - b_i, D_c C_i^fluid)
       + b_i (Weissman 1995 §4.1.2, Eq. 4.10, with the boundary b_i) */
    m->t_step_per_dw_dynamic = same ? m->t_step_per_dw
                                    : rm_tstep_model(q, w, m->alpha, cd, &m->cost);
    m->c_dynamic = cd;
    cd = NULL;
out:
    free(routes);
    free(lat);
    free(fin);
    free(C);
    free(w);
    free(cd);
    return st;
}

double rm_mapping_tstep_printed(const rm_mapping *m)
{
    if (!m)
        return NAN;
    if (m->t_step_judged && m->t_step_simulated > 0.0 && m->cost.dc > 0.0 && m->cost.dc_dw > 0.0)
        return m->t_step_simulated * m->cost.dc_dw / m->cost.dc;
    return isfinite(m->t_step_per_dw_dynamic) ? m->t_step_per_dw_dynamic : m->t_step_per_dw;
}
