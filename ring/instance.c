/*
 * instance.c — the ring instance of a mapping (include/ringmap/bw.h,
 * rm_ring_instance): what the solvers of a fixed ring take — cycle-times
 * per ring position, the 2q routes as resource lists on the network's
 * capacities, route latencies, D_c/D_w and the cost model — built in this
 * one place so that solvers/ never sees an rm_mapping.
 */
#include "bw/bw_internal.h"

#include <stdlib.h>
#include "ringmap/ring.h"

rm_status rm_ring_instance_of_mapping(const rm_network *net, const rm_mapping *m,
                                      rm_ring_instance *ri, rm_error *err)
{
    *ri = (rm_ring_instance){0};
    if (!net || !m || m->q < 1 || !net->platform)
        return rm_error_set(err, RM_EINVAL, "rm_ring_instance_of_mapping: no network or ring");
    int q = m->q, K = 2 * q;
    double *w = malloc((size_t)q * sizeof *w), *lat = malloc((size_t)K * sizeof *lat);
    rm_route *flat = calloc((size_t)K, sizeof *flat); /* calloc: no maybe-uninitialized */
    int *start = NULL, *res = NULL;
    rm_status st = RM_OK;
    if (!w || !lat || !flat) {
        st = rm_error_set(err, RM_ENOMEM, "ring instance: out of memory");
        goto fail;
    }
    for (int i = 0; i < q; i++)
        w[i] = net->platform->nodes[m->ring[i]].w;
    for (int k = 0; k < K; k++)
        flat[k] = k < q ? m->succ[k] : m->pred[k - q];
    if ((st = rmi_bw_route_lists(net, K, flat, &start, &res, "ring instance", err)))
        goto fail; /* every arc checked: the latencies below read only usable ones */
    for (int k = 0; k < K; k++)
        lat[k] = rm_route_latency(net, &flat[k]);
    free(flat);
    *ri = (rm_ring_instance){.q = q,
                             .w = w,
                             .cost = m->cost,
                             .route_latency = lat,
                             .sys = {K, start, res, net->n_res, net->res_cap, net->res_backbone}};
    return RM_OK;
fail:
    free(w), free(lat), free(flat);
    return st;
}

void rm_ring_instance_free(rm_ring_instance *ri)
{
    if (!ri)
        return;
    free((void *)ri->w);
    free((void *)ri->route_latency);
    free((void *)ri->sys.route_start);
    free((void *)ri->sys.route_res);
    *ri = (rm_ring_instance){0};
}
