/*
 * res_bound.c — the shared-resource stopping bound of SharedRing with fixed
 * routes (heur/bounds/res_bound.h has the proof).
 */
#include "heur/bounds/res_bound.h"
#include "model/cost_valid.h"
#include "topo/route/widest.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

int rmi_res_bound_valid_for(const rm_cost_model *m, rm_network_model net)
{
    return rmi_cost_model_eq1(m) && m->dc_dw > 0.0 && rmi_network_model_known(net);
}

void rmi_res_bound_destroy(rm_res_bound *rb)
{
    if (!rb)
        return;
    free(rb->a);
    free(rb->ord);
    free(rb->in);
    free(rb->host_of);
    memset(rb, 0, sizeof *rb);
    rb->res = -1;
}

static _Thread_local const double *t_a; /* qsort context of cmp_a */
static int cmp_a(const void *x, const void *y)
{
    int i = *(const int *)x, j = *(const int *)y;
    double u = t_a[i], v = t_a[j];
    return u < v ? -1 : u > v ? 1 : (i > j) - (i < j);
}

/* The bound on resource rb->res of capacity cmin (every kept pair's route
 * crosses it): the hosts by 1/sqrt(w) and kappa per unit of D_c. */
static rm_status res_bound_finish(rm_res_bound *rb, const rm_network *net, const rm_options *opt,
                                  double cmin, rm_error *err)
{
    const rm_platform *p = net->platform;
    int H = p->n_hosts;
    if (rb->res < 0 || !isfinite(cmin))
        return RM_OK;
    rb->H = H;
    rb->a = malloc((size_t)H * sizeof *rb->a);
    rb->ord = malloc((size_t)H * sizeof *rb->ord);
    rb->in = calloc((size_t)H, 1);
    rb->host_of = malloc((size_t)p->n_nodes * sizeof *rb->host_of);
    if (!rb->a || !rb->ord || !rb->in || !rb->host_of) {
        rmi_res_bound_destroy(rb);
        return rm_error_set(err, RM_ENOMEM, "out of memory for the shared-resource bound");
    }
    for (int v = 0; v < p->n_nodes; v++)
        rb->host_of[v] = -1;
    for (int h = 0; h < H; h++) {
        rb->host_of[p->hosts[h]] = h;
        rb->a[h] = 1.0 / sqrt(p->nodes[p->hosts[h]].w);
        rb->ord[h] = h;
    }
    t_a = rb->a;
    qsort(rb->ord, (size_t)H, sizeof *rb->ord, cmp_a);
    rb->kappa_per_d = (opt->cost.parallel_send ? 2.0 : 4.0) / cmin;
    rb->active = 1;
    return RM_OK;
}

/* The routes kept as pieces (rm_platform.fixed_pieces, topo/io/sg_store.h):
 * the links every kept pair's route crosses come from the reader's survey
 * (zone pair by zone pair), not from a walk of every pair's route; every
 * kept pair has a route there. The same resource as the walk's: the
 * least capacity among the non-backbone resources of those links. O(L). */
static rm_status res_bound_pieces(rm_res_bound *rb, const rm_network *net, const rm_options *opt,
                                  rm_error *err)
{
    const rm_platform *p = net->platform;
    const char *every = rmi_fixed_route_every_link(p);
    double cmin = INFINITY;
    for (int l = 0; every && l < p->n_links; l++) {
        if (!every[l])
            continue;
        int r = net->arc_res[2 * l];
        if (r >= 0 && !net->res_backbone[r] && net->res_cap[r] > 0 && net->res_cap[r] < cmin) {
            cmin = net->res_cap[r];
            rb->res = r;
        }
    }
    return res_bound_finish(rb, net, opt, cmin, err);
}

rm_status rmi_res_bound_init(rm_res_bound *rb, const rm_network *net, const rm_options *opt,
                            rm_error *err)
{
    memset(rb, 0, sizeof *rb);
    rb->res = -1;
    const rm_platform *p = net->platform;
    int H = p->n_hosts;
    if (opt->routing != RM_ROUTING_FIXED || !rm_platform_fixes_routes(p) || H < 3)
        return RM_OK;
    int R = net->n_res;
    if (!p->fixed_route_start)
        return res_bound_pieces(rb, net, opt, err);
    long *count = calloc((size_t)R + 1, sizeof *count);
    int *stamp = malloc(((size_t)R + 1) * sizeof *stamp);
    int cap = p->n_links * 2 + 2;
    int *arcs = malloc((size_t)cap * sizeof *arcs);
    if (!count || !stamp || !arcs) {
        free(count);
        free(stamp);
        free(arcs);
        return rm_error_set(err, RM_ENOMEM, "out of memory for the shared-resource bound");
    }
    for (int r = 0; r < R; r++)
        stamp[r] = -1;
    long routed = 0;
    int pair = 0;
    for (int i = 0; i < H; i++)
        for (int j = 0; j < H; j++, pair++) {
            if (i == j)
                continue;
            int n = rmi_fixed_route_arcs(net, p->hosts[i], p->hosts[j], arcs, cap);
            if (n <= 0)
                continue; /* no route: that pair is in no ring */
            routed++;
            for (int k = 0; k < n; k++) {
                int r = net->arc_res[arcs[k]];
                if (r >= 0 && stamp[r] != pair) {
                    stamp[r] = pair;
                    count[r]++;
                }
            }
        }
    double cmin = INFINITY;
    for (int r = 0; r < R; r++)
        if (routed > 0 && count[r] == routed && !net->res_backbone[r] && net->res_cap[r] > 0 &&
            net->res_cap[r] < cmin) {
            cmin = net->res_cap[r];
            rb->res = r;
        }
    free(count);
    free(stamp);
    free(arcs);
    return res_bound_finish(rb, net, opt, cmin, err);
}

void rmi_res_bound_reset(rm_res_bound *rb)
{
    if (!rb->active)
        return;
    memset(rb->in, 0, (size_t)rb->H);
    rb->A_R = rb->B_R = 0.0;
}

void rmi_res_bound_add(rm_res_bound *rb, int v)
{
    if (!rb->active || v < 0 || !rb->host_of)
        return;
    int h = rb->host_of[v];
    if (h < 0 || rb->in[h])
        return;
    rb->in[h] = 1;
    rb->A_R += rb->a[h];
    rb->B_R += rb->a[h] * rb->a[h];
}

double rmi_res_bound_value(const rm_res_bound *rb, double dc_dw)
{
    if (!rb->active) /* dc_dw > 0: rmi_res_bound_valid_for, asked by the caller */
        return 0.0;
    double kappa = dc_dw * rb->kappa_per_d;
    /* m added hosts: the m least a (ascending walk) and the m largest a^2
     * (descending walk) among the hosts outside the ring */
    int lo = 0, hi = rb->H - 1;
    double A = rb->A_R, B = rb->B_R, best = INFINITY;
    for (;;) {
        while (lo < rb->H && rb->in[rb->ord[lo]])
            lo++;
        while (hi >= 0 && rb->in[rb->ord[hi]])
            hi--;
        if (lo >= rb->H || hi < 0)
            break;
        A += rb->a[rb->ord[lo++]];
        double ah = rb->a[rb->ord[hi--]];
        B += ah * ah;
        double g = (1.0 + kappa * A * A) / B;
        if (g < best)
            best = g;
    }
    return best < INFINITY ? best : 0.0;
}
