/*
 * slicering.c — the SliceRing greedy heuristic (H1) of seed 001 §5.2.2, on
 * the complete graph of widest-path bandwidths (§2.2, §5.2.1), and its ring
 * made feasible on the real, shared network by max-min fairness (§5.2.2:
 * "we keep the ring and the communicating paths ... and we compute feasible
 * values using the max-min fairness heuristic").
 */
#include "ring/exact.h"
#include "ring/ring_internal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Grow the SliceRing ring on cost matrix c (H x H, s/Mb, host indices):
 * rings + (q-1)*max_q receives the ring of each size, est[q-1] its
 * estimate. cs/cp: per-position successor / predecessor route costs. */
typedef struct slice_scratch {
    int *ring, *in_ring;
    double *cs, *cp, *tw, *tC;
} slice_scratch;

static void slice_greedy(const rm_platform *p, const double *c, int max_q, double dc_dw, int par,
                         int *rings, double *est, slice_scratch *sc)
{
    int H = p->n_hosts;
    int *ring = sc->ring, *in_ring = sc->in_ring;
    double *cs = sc->cs, *cp = sc->cp, *tw = sc->tw, *tC = sc->tC;
#define W(h) (p->nodes[p->hosts[h]].w)
    int f = 0;
    for (int h = 1; h < H; h++)
        if (W(h) < W(f))
            f = h;
    int q = 1;
    ring[0] = f;
    in_ring[f] = 1;
    cs[0] = cp[0] = 0.0;
    est[0] = W(f);
    rings[0] = f;
    while (q < max_q) {
        double bestT = INFINITY;
        int bk = -1, bs = -1;
        for (int e = 0; e < q; e++) {
            int ni = (e + 1) % q, i = ring[e], j = ring[ni];
            int m = 0;
            for (int t = 0; t < q; t++) {
                if (t == e || t == ni)
                    continue;
                tw[m] = W(ring[t]);
                tC[m] = rm_host_cost(cs[t], cp[t], par);
                m++;
            }
            for (int k = 0; k < H; k++) {
                if (in_ring[k])
                    continue;
                if (q == 1) {
                    /* ring i, k: each sends both its messages to the other */
                    tw[0] = W(i);
                    tC[0] = rm_host_cost(c[i * H + k], c[i * H + k], par);
                    tw[1] = W(k);
                    tC[1] = rm_host_cost(c[k * H + i], c[k * H + i], par);
                } else {
                    tw[m] = W(i);
                    tC[m] = rm_host_cost(c[i * H + k], cp[e], par);
                    tw[m + 1] = W(j);
                    tC[m + 1] = rm_host_cost(cs[ni], c[j * H + k], par);
                    tw[m + 2] = W(k);
                    tC[m + 2] = rm_host_cost(c[k * H + j], c[k * H + i], par);
                }
                double T = rm_balance(q + 1, tw, tC, dc_dw, NULL);
                if (T < bestT) {
                    bestT = T;
                    bk = k;
                    bs = e;
                }
            }
        }
        if (bk < 0)
            break;
        int ni = (bs + 1) % q, i = ring[bs], j = ring[ni];
        cs[bs] = c[i * H + bk];
        cp[ni] = c[j * H + bk];
        memmove(ring + bs + 2, ring + bs + 1, (size_t)(q - bs - 1) * sizeof *ring);
        memmove(cs + bs + 2, cs + bs + 1, (size_t)(q - bs - 1) * sizeof *cs);
        memmove(cp + bs + 2, cp + bs + 1, (size_t)(q - bs - 1) * sizeof *cp);
        ring[bs + 1] = bk;
        cs[bs + 1] = c[bk * H + j];
        cp[bs + 1] = c[bk * H + i];
        in_ring[bk] = 1;
        q++;
        est[q - 1] = bestT;
        memcpy(rings + (size_t)(q - 1) * max_q, ring, (size_t)q * sizeof *ring);
    }
#undef W
    for (int k = q; k < max_q; k++)
        est[k] = NAN;
}

/* SliceRing's complete graph: c[i*H+j] = cost (s/Mb) of the widest path
 * from host i to host j on the full network (1/width, plus latency/D_c with
 * the latency model); 0 on the diagonal. O(H E log N). */
static rm_status slice_costs(const rm_network *net, const rm_options *opt, double *c, rm_error *err)
{
    const rm_platform *p = net->platform;
    int H = p->n_hosts, N = p->n_nodes;
    rm_status st = rm_routing_matrix(net, opt->routing, c, err);
    if (st)
        return st;
    for (int k = 0; k < H * H; k++)
        c[k] = 1.0 / c[k];
    if (!opt->latency)
        return RM_OK;
    double *wid = malloc((size_t)N * sizeof *wid);
    int *arc = malloc((size_t)N * sizeof *arc);
    if (!wid || !arc) {
        free(wid);
        free(arc);
        return rm_error_set(err, RM_ENOMEM, "out of memory for SliceRing costs");
    }
    for (int hi = 0; hi < H && !st; hi++) {
        if ((st = rm_routing_tree(net, opt->routing, NULL, p->hosts[hi], 0, wid, arc, err)))
            break;
        for (int hj = 0; hj < H; hj++) {
            double l = 0.0;
            for (int v = p->hosts[hj]; arc[v] >= 0; v = net->arc_tail[arc[v]])
                l += p->links[net->arc_link[arc[v]]].latency;
            if (hj != hi)
                c[hi * H + hj] += l / opt->dc;
        }
    }
    free(wid);
    free(arc);
    return st;
}

/* The mapping of a SliceRing ring (host indices) with widest routes on the
 * full network, made feasible by max-min (or optimal shares). */
static rm_status feasible_mapping(const rm_network *net, const int *hring, int q, double dc_dw,
                                  const rm_options *opt, rm_mapping **out, rm_error *err)
{
    const rm_platform *p = net->platform;
    rm_mapping *m = rm_mapping_new(q, 0);
    if (!m)
        return rm_error_set(err, RM_ENOMEM, "out of memory for a mapping");
    m->dc_dw = dc_dw;
    m->latency = opt->latency;
    m->parallel_send = opt->parallel_send;
    m->dc = opt->dc;
    rm_status st = RM_OK;
    for (int k = 0; k < q; k++)
        m->ring[k] = p->hosts[hring[k]];
    if (q > 1)
        for (int k = 0; k < q && !st; k++) {
            st = rm_routing_route(net, opt->routing, NULL, m->ring[k], m->ring[(k + 1) % q], &m->succ[k], err);
            if (!st)
                st = rm_routing_route(net, opt->routing, NULL, m->ring[k], m->ring[(k + q - 1) % q], &m->pred[k], err);
        }
    if (!st)
        st = opt->refine == RM_REFINE_OPTIMAL ? rm_mapping_refine_optimal(net, m, err)
                                         : rm_mapping_refine_maxmin(net, m, err);
    if (st) {
        rm_mapping_free(m);
        return st;
    }
    *out = m;
    return RM_OK;
}

rm_status rm_slicering(const rm_network *net, const rm_options *opt, rm_mapping **out,
                       rm_error *err)
{
    rm_status st = rm_options_check(opt, err);
    if (st)
        return st;
    if (opt->refine == RM_REFINE_KINSOL || opt->refine == RM_REFINE_GLPK)
        return rm_error_set(err, RM_EINPUT, "refinement by KINSOL/GLPK is not available in SliceRing yet");
    const rm_platform *p = net->platform;
    int H = p->n_hosts;
    int max_q = opt->max_q > 0 && opt->max_q < H ? opt->max_q : H;
    double *bw = malloc((size_t)H * H * sizeof *bw);
    double *est = malloc((size_t)max_q * sizeof *est);
    int *rings = malloc((size_t)max_q * max_q * sizeof *rings);
    double *sweep = malloc((size_t)max_q * sizeof *sweep);
    slice_scratch sc;
    size_t n1 = (size_t)max_q + 1;
    sc.ring = malloc(n1 * sizeof(int));
    sc.in_ring = calloc((size_t)H, sizeof(int));
    sc.cs = malloc(n1 * sizeof(double));
    sc.cp = malloc(n1 * sizeof(double));
    sc.tw = malloc(n1 * sizeof(double));
    sc.tC = malloc(n1 * sizeof(double));
    rm_mapping *m = NULL;
    if (!bw || !est || !rings || !sweep || !sc.ring || !sc.in_ring || !sc.cs || !sc.cp || !sc.tw ||
        !sc.tC) {
        st = rm_error_set(err, RM_ENOMEM, "out of memory in SliceRing (%d hosts)", H);
        goto out;
    }
    if ((st = slice_costs(net, opt, bw, err)))
        goto out;
    slice_greedy(p, bw, max_q, opt->dc_dw, opt->parallel_send, rings, est, &sc);
    int bq = 1;
    for (int q = 1; q <= max_q; q++)
        if (est[q - 1] < est[bq - 1])
            bq = q;
    /* the feasible value of every ring size, for the sweep */
    for (int q = 1; q <= max_q; q++) {
        sweep[q - 1] = NAN;
        if (isnan(est[q - 1]))
            continue;
        rm_mapping *mq = NULL;
        if ((st = feasible_mapping(net, rings + (size_t)(q - 1) * max_q, q, opt->dc_dw, opt, &mq,
                                   err)))
            goto out;
        sweep[q - 1] = mq->t_step_per_dw;
        if (q == bq)
            m = mq;
        else
            rm_mapping_free(mq);
    }
    m->t_step_per_dw_unshared = est[bq - 1];
    free(m->sweep_t);
    m->sweep_t = sweep;
    m->sweep_t_unshared = est;
    m->n_sweep = max_q;
    sweep = est = NULL;
    m->heuristic = RM_HEUR_SLICE;
    m->refine = opt->refine == RM_REFINE_OPTIMAL ? RM_REFINE_OPTIMAL : RM_REFINE_MAXMIN;
    *out = m;
    m = NULL;
out:
    rm_mapping_free(m);
    free(bw);
    free(est);
    free(rings);
    free(sweep);
    free(sc.ring);
    free(sc.in_ring);
    free(sc.cs);
    free(sc.cp);
    free(sc.tw);
    free(sc.tC);
    return st;
}

rm_status rm_run_heuristic(const rm_network *net, const rm_options *opt, rm_mapping **out,
                           rm_error *err)
{
    rm_status st = rm_options_check(opt, err);
    if (st)
        return st;
    switch (opt->heuristic) {
    case RM_HEUR_SLICE: return rm_slicering(net, opt, out, err);
    case RM_HEUR_SHARED_EXACT: st = rm_sharedring_exhaustive(net, opt, out, err); break;
    case RM_HEUR_SLICE_EXACT: st = rm_slicering_exact(net, opt, out, err); break;
    default: return rm_sharedring(net, opt, out, err);
    }
    if (!st)
        (*out)->heuristic = opt->heuristic;
    return st;
}

rm_status rm_map(const rm_platform *p, const rm_options *opt, rm_mapping **out, rm_error *err)
{
    rm_status st = rm_options_check(opt, err);
    if (st)
        return st;
    rm_network net;
    if ((st = rm_network_init(&net, p, opt->duplex, err)))
        return st;
    st = rm_run_heuristic(&net, opt, out, err);
    rm_network_destroy(&net);
    return st;
}
