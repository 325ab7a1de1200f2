/* args.c — argument checks of the ring module's entry points (ring/args.h). */
#include "ring/args.h"
#include "topo/args.h"
#include <stddef.h>

rm_status rmi_network_args_check(const rm_network *net, const char *fn, rm_error *err)
{
    if (!net)
        return rm_error_set(err, RM_EINVAL, "%s: net is NULL", fn);
    if (!net->platform)
        return rm_error_set(err, RM_EINVAL, "%s: net->platform is NULL (network not built?)", fn);
    rm_status st = rmi_platform_args_check(net->platform, fn, err);
    if (st)
        return st;
    if (net->n_arcs != 2 * net->platform->n_links || !net->arc_res || !net->arc_tail ||
        !net->arc_head || !net->arc_link || net->n_res < 0 || (net->n_res > 0 && !net->res_cap))
        return rm_error_set(err, RM_EINVAL,
                            "%s: network out of step with its platform (%d arcs for %d links; "
                            "build it with rm_network_init)",
                            fn, net->n_arcs, net->platform->n_links);
    return RM_OK;
}

static rm_status route_check(const rm_network *net, const rm_route *r, const char *fn,
                             const char *which, int k, rm_error *err)
{
    int nn = net->platform->n_nodes;
    if (r->src < 0 || r->src >= nn || r->dst < 0 || r->dst >= nn)
        return rm_error_set(err, RM_EINVAL,
                            "%s: mapping %s[%d] goes from node %d to node %d, not in 0..%d "
                            "(corrupt mapping or another platform's)",
                            fn, which, k, r->src, r->dst, nn - 1);
    if (r->n_arcs < 0 || (r->n_arcs > 0 && !r->arcs))
        return rm_error_set(err, RM_EINVAL, "%s: mapping %s[%d] has %d arcs and %s", fn, which, k,
                            r->n_arcs, r->arcs ? "an arc list" : "no arc list");
    for (int i = 0; i < r->n_arcs; i++)
        if (r->arcs[i] < 0 || r->arcs[i] >= net->n_arcs)
            return rm_error_set(err, RM_EINVAL,
                                "%s: mapping %s[%d]: arc %d at position %d not in 0..%d (corrupt "
                                "mapping)",
                                fn, which, k, r->arcs[i], i, net->n_arcs - 1);
    return RM_OK;
}

rm_status rmi_mapping_args_check(const rm_network *net, const rm_mapping *m, const char *fn,
                                 rm_error *err)
{
    rm_status st = rmi_network_args_check(net, fn, err);
    if (st)
        return st;
    if (!m)
        return rm_error_set(err, RM_EINVAL, "%s: the mapping is NULL", fn);
    const rm_platform *p = net->platform;
    if (m->q < 1 || m->q > p->n_hosts || !m->ring || !m->alpha)
        return rm_error_set(err, RM_EINVAL,
                            "%s: mapping with ring size %d (platform of %d hosts) or without "
                            "ring/alpha arrays",
                            fn, m->q, p->n_hosts);
    for (int k = 0; k < m->q; k++)
        if (m->ring[k] < 0 || m->ring[k] >= p->n_nodes || !p->nodes[m->ring[k]].is_host)
            return rm_error_set(err, RM_EINVAL,
                                "%s: mapping ring[%d] = %d is not a host node of the platform "
                                "(0..%d; corrupt mapping or another platform's)",
                                fn, k, m->ring[k], p->n_nodes - 1);
    if (m->n_sweep < 0 || m->n_sweep > p->n_hosts || (m->n_sweep > 0 && !m->sweep_t))
        return rm_error_set(err, RM_EINVAL,
                            "%s: mapping with %d ring sizes tried (platform of %d hosts)%s", fn,
                            m->n_sweep, p->n_hosts, m->sweep_t ? "" : " and no sweep_t array");
    if (m->q > 1) {
        if (!m->succ || !m->pred)
            return rm_error_set(err, RM_EINVAL, "%s: mapping of %d hosts without routes", fn,
                                m->q);
        for (int k = 0; k < m->q && !st; k++) {
            st = route_check(net, &m->succ[k], fn, "succ", k, err);
            if (!st)
                st = route_check(net, &m->pred[k], fn, "pred", k, err);
        }
    }
    return st;
}
