/* ring_state.c — a ring being grown by the greedy heuristics (Legrand et al. 2004 §4.4.1). */
#include "heur/heur.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

rm_status rmi_ring_state_init(rm_ring_state *s, int max_q, const rm_options *opt, rm_error *err)
{
    memset(s, 0, sizeof *s);
    s->max_q = max_q;
    s->cost = opt->cost;
    size_t n = (size_t)(max_q > 0 ? max_q : 1);
    s->ring = calloc(n, sizeof *s->ring);
    s->w = calloc(n, sizeof *s->w);
    s->C = calloc(n, sizeof *s->C);
    s->succ = calloc(n, sizeof *s->succ);
    s->pred = calloc(n, sizeof *s->pred);
    if (!s->ring || !s->w || !s->C || !s->succ || !s->pred) {
        rmi_ring_state_destroy(s);
        return rm_error_set(err, RM_ENOMEM, "out of memory for a ring of %d hosts", max_q);
    }
    return RM_OK;
}

void rmi_ring_state_destroy(rm_ring_state *s)
{
    for (int k = 0; k < s->max_q; k++) {
        if (s->succ)
            rm_route_clear(&s->succ[k]);
        if (s->pred)
            rm_route_clear(&s->pred[k]);
    }
    free(s->ring);
    free(s->w);
    free(s->C);
    free(s->succ);
    free(s->pred);
    memset(s, 0, sizeof *s);
}

double rmi_ring_state_route_cost(const rm_network *net, const rm_ring_state *s, const rm_route *r,
                                double bandwidth)
{
    double l = s->cost.latency ? rm_route_latency(net, r) : 0.0;
    return rm_route_cost(bandwidth, l, s->cost.latency, s->cost.dc);
}

void rmi_ring_state_costs(const rm_network *net, rm_ring_state *s)
{
    for (int k = 0; k < s->q; k++)
        s->C[k] = s->q == 1 ? 0.0
                            : rm_host_cost(rmi_ring_state_route_cost(net, s, &s->succ[k], s->succ[k].bandwidth),
                                           rmi_ring_state_route_cost(net, s, &s->pred[k], s->pred[k].bandwidth),
                                           s->cost.parallel_send);
}

void rmi_ring_state_insert(rm_ring_state *s, int pos, int v, double w)
{
    int tail = s->q - pos;
    memmove(s->ring + pos + 1, s->ring + pos, (size_t)tail * sizeof *s->ring);
    memmove(s->w + pos + 1, s->w + pos, (size_t)tail * sizeof *s->w);
    memmove(s->C + pos + 1, s->C + pos, (size_t)tail * sizeof *s->C);
    memmove(s->succ + pos + 1, s->succ + pos, (size_t)tail * sizeof *s->succ);
    memmove(s->pred + pos + 1, s->pred + pos, (size_t)tail * sizeof *s->pred);
    s->ring[pos] = v;
    s->w[pos] = w;
    s->C[pos] = 0.0;
    memset(&s->succ[pos], 0, sizeof s->succ[pos]);
    memset(&s->pred[pos], 0, sizeof s->pred[pos]);
    s->q++;
}

rm_status rmi_ring_state_to_mapping(const rm_network *net, const rm_ring_state *s, double dc_dw,
                                   rm_mapping **out, rm_error *err)
{
    rm_mapping *m = rm_mapping_new(s->q, 0);
    if (!m)
        return rm_error_set(err, RM_ENOMEM, "out of memory for a mapping");
    m->cost = s->cost;
    m->cost.dc_dw = dc_dw;
    for (int k = 0; k < s->q; k++) {
        m->ring[k] = s->ring[k];
        if (s->q > 1 &&
            (rm_route_copy(&m->succ[k], &s->succ[k]) || rm_route_copy(&m->pred[k], &s->pred[k]))) {
            rm_mapping_free(m);
            return rm_error_set(err, RM_ENOMEM, "out of memory copying routes");
        }
    }
    rm_mapping_rebalance(net, m);
    *out = m;
    return RM_OK;
}

int rmi_fastest_host(const rm_platform *p)
{
    int best = p->hosts[0];
    for (int h = 1; h < p->n_hosts; h++)
        if (p->nodes[p->hosts[h]].w < p->nodes[best].w)
            best = p->hosts[h];
    return best;
}

rm_status rmi_ring_state_copy(rm_ring_state *dst, const rm_ring_state *src, rm_error *err)
{
    for (int k = 0; k < src->q; k++) {
        dst->ring[k] = src->ring[k];
        dst->w[k] = src->w[k];
        dst->C[k] = src->C[k];
        if (rm_route_copy(&dst->succ[k], &src->succ[k]) ||
            rm_route_copy(&dst->pred[k], &src->pred[k]))
            return rm_error_set(err, RM_ENOMEM, "out of memory copying a ring");
    }
    for (int k = src->q; k < dst->q; k++) {
        rm_route_clear(&dst->succ[k]);
        rm_route_clear(&dst->pred[k]);
    }
    dst->q = src->q;
    return RM_OK;
}
