/*
 * slicering.c — the SliceRing greedy heuristic (H1) of seed 001 §5.2.2, on
 * the complete graph of widest-path bandwidths (§2.2, §5.2.1), and its ring
 * made feasible on the real, shared network by max-min fairness (§5.2.2:
 * "we keep the ring and the communicating paths ... and we compute feasible
 * values using the max-min fairness heuristic").
 */
#include "ring/ring_internal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Grow the SliceRing ring on cost matrix c (H x H, s/Mb, host indices);
 * order[q-1][.] receives the ring of each size, est[q-1] its estimate. */
static void slice_greedy(const rm_platform *p, const double *c, int max_q, double dc_dw,
                         int *ring, int *rings, double *est, double *C, double *tw, double *tC,
                         int *in_ring)
{
    int H = p->n_hosts;
    int f = 0;
    for (int h = 1; h < H; h++)
        if (p->nodes[p->hosts[h]].w < p->nodes[p->hosts[f]].w)
            f = h;
    int q = 1;
    ring[0] = f;
    in_ring[f] = 1;
    C[0] = 0.0;
    est[0] = p->nodes[p->hosts[f]].w;
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
                tw[m] = p->nodes[p->hosts[ring[t]]].w;
                tC[m] = C[t];
                m++;
            }
            for (int k = 0; k < H; k++) {
                if (in_ring[k])
                    continue;
                double wi = p->nodes[p->hosts[i]].w, wk = p->nodes[p->hosts[k]].w;
                if (q == 1) {
                    tw[0] = wi;
                    tC[0] = 2.0 * c[i * H + k];
                    tw[1] = wk;
                    tC[1] = 2.0 * c[k * H + i];
                } else {
                    double wj = p->nodes[p->hosts[j]].w;
                    tw[m] = wi;
                    tC[m] = C[e] - c[i * H + j] + c[i * H + k];
                    tw[m + 1] = wj;
                    tC[m + 1] = C[ni] - c[j * H + i] + c[j * H + k];
                    tw[m + 2] = wk;
                    tC[m + 2] = c[k * H + i] + c[k * H + j];
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
        if (q == 1) {
            C[0] = 2.0 * c[i * H + bk];
            C[1] = 2.0 * c[bk * H + i];
        } else {
            C[bs] += c[i * H + bk] - c[i * H + j];
            C[ni] += c[j * H + bk] - c[j * H + i];
            memmove(C + bs + 2, C + bs + 1, (size_t)(q - bs - 1) * sizeof *C);
            C[bs + 1] = c[bk * H + i] + c[bk * H + j];
        }
        memmove(ring + bs + 2, ring + bs + 1, (size_t)(q - bs - 1) * sizeof *ring);
        ring[bs + 1] = bk;
        in_ring[bk] = 1;
        q++;
        est[q - 1] = bestT;
        memcpy(rings + (size_t)(q - 1) * max_q, ring, (size_t)q * sizeof *ring);
    }
    for (int k = q; k < max_q; k++)
        est[k] = NAN;
}

/* The mapping of a SliceRing ring (host indices) with widest routes on the
 * full network, made feasible by max-min (or optimal shares). */
static rm_status feasible_mapping(const rm_network *net, const int *hring, int q, double dc_dw,
                                  rm_refine refine, rm_mapping **out, rm_error *err)
{
    const rm_platform *p = net->platform;
    rm_mapping *m = rm_mapping_new(q, 0);
    if (!m)
        return rm_error_set(err, RM_ENOMEM, "out of memory for a mapping");
    m->dc_dw = dc_dw;
    rm_status st = RM_OK;
    for (int k = 0; k < q; k++)
        m->ring[k] = p->hosts[hring[k]];
    if (q > 1)
        for (int k = 0; k < q && !st; k++) {
            st = rm_widest_route(net, NULL, m->ring[k], m->ring[(k + 1) % q], &m->succ[k], err);
            if (!st)
                st = rm_widest_route(net, NULL, m->ring[k], m->ring[(k + q - 1) % q], &m->pred[k], err);
        }
    if (!st)
        st = refine == RM_REFINE_OPTIMAL ? rm_mapping_refine_optimal(net, m, err)
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
    double *C = malloc((size_t)(max_q + 1) * sizeof *C);
    double *tw = malloc((size_t)(max_q + 1) * sizeof *tw);
    double *tC = malloc((size_t)(max_q + 1) * sizeof *tC);
    int *ring = malloc((size_t)(max_q + 1) * sizeof *ring);
    int *rings = malloc((size_t)max_q * max_q * sizeof *rings);
    int *in_ring = calloc((size_t)H, sizeof *in_ring);
    double *sweep = malloc((size_t)max_q * sizeof *sweep);
    rm_mapping *m = NULL;
    if (!bw || !est || !C || !tw || !tC || !ring || !rings || !in_ring || !sweep) {
        st = rm_error_set(err, RM_ENOMEM, "out of memory in SliceRing (%d hosts)", H);
        goto out;
    }
    if ((st = rm_capacity_matrix(net, bw, err)))
        goto out;
    for (int k = 0; k < H * H; k++)
        bw[k] = 1.0 / bw[k]; /* costs c = 1/b; diagonal 0 */
    slice_greedy(p, bw, max_q, opt->dc_dw, ring, rings, est, C, tw, tC, in_ring);
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
        if ((st = feasible_mapping(net, rings + (size_t)(q - 1) * max_q, q, opt->dc_dw,
                                   opt->refine, &mq, err)))
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
    free(C);
    free(tw);
    free(tC);
    free(ring);
    free(rings);
    free(in_ring);
    free(sweep);
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
    st = opt->heuristic == RM_HEUR_SLICE ? rm_slicering(&net, opt, out, err)
                                         : rm_sharedring(&net, opt, out, err);
    rm_network_destroy(&net);
    return st;
}
