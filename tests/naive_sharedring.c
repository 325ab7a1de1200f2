/*
 * naive_sharedring.c — SharedRing as the plain loop of Legrand et al. 2004
 * §4.4 (see naive_sharedring.h): every ring edge, every host, every step,
 * from the public API only. Written for reading, not for speed: O(q H)
 * widest-path trees and share solves per step.
 *
 * Arithmetic conventions (they decide near-ties, so they are spelled out):
 *  - residual network: the capacities; the pair's routes taken (succ routes,
 *    then pred routes, negative residuals clamped to 0 after each group);
 *    per candidate edge a copy with the edge's two routes given back and
 *    every residual capped at its capacity; the winner's edge given back
 *    the same way, then its four routes taken in the order i -> k, k -> i,
 *    k -> j, j -> k (negative residuals clamped to 0);
 *  - a route's cost: rm_route_cost (1/x, plus latency/D_c with the latency
 *    model); a host's: rm_host_cost of its successor and predecessor routes;
 *  - the ring's T_step: rm_balance in ring order;
 *  - a candidate's T_step (RMT_EVAL_EQ5_ORDERED): eq. (5),
 *    T = (1 + D_c/D_w sum C/w) / sum 1/w, each sum accumulated over the
 *    ring's hosts other than i and j in ring order, then i, j, k; valid when
 *    no alpha is negative, i.e. T >= D_c/D_w C for every host; else eq. (1)
 *    with the alphas >= 0, rm_balance of the hosts in that same order.
 */
#include "naive_sharedring.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* A ring being grown: nodes and routes by position (capacity cap). */
typedef struct nv_ring {
    int q, cap;
    int *node;
    rm_route *succ, *pred;
} nv_ring;

static int nv_ring_init(nv_ring *r, int cap)
{
    memset(r, 0, sizeof *r);
    r->cap = cap;
    r->node = calloc((size_t)cap, sizeof *r->node);
    r->succ = calloc((size_t)cap, sizeof *r->succ);
    r->pred = calloc((size_t)cap, sizeof *r->pred);
    return r->node && r->succ && r->pred ? 0 : -1;
}

static void nv_ring_free(nv_ring *r)
{
    for (int k = 0; k < r->cap && r->succ && r->pred; k++) {
        rm_route_clear(&r->succ[k]);
        rm_route_clear(&r->pred[k]);
    }
    free(r->node);
    free(r->succ);
    free(r->pred);
    memset(r, 0, sizeof *r);
}

static rm_status nv_ring_copy(nv_ring *dst, const nv_ring *src)
{
    for (int k = 0; k < src->q; k++) {
        dst->node[k] = src->node[k];
        rm_status st = rm_route_copy(&dst->succ[k], &src->succ[k]);
        if (!st)
            st = rm_route_copy(&dst->pred[k], &src->pred[k]);
        if (st)
            return st;
    }
    dst->q = src->q;
    return RM_OK;
}

/* Insert node v at position pos with empty routes (the caller sets them). */
static void nv_ring_insert(nv_ring *r, int pos, int v)
{
    int tail = r->q - pos;
    memmove(r->node + pos + 1, r->node + pos, (size_t)tail * sizeof *r->node);
    memmove(r->succ + pos + 1, r->succ + pos, (size_t)tail * sizeof *r->succ);
    memmove(r->pred + pos + 1, r->pred + pos, (size_t)tail * sizeof *r->pred);
    r->node[pos] = v;
    memset(&r->succ[pos], 0, sizeof r->succ[pos]);
    memset(&r->pred[pos], 0, sizeof r->pred[pos]);
    r->q++;
}

/* Cost (s/Mb) of route r at bandwidth x under opt's cost model. */
static double nv_route_cost(const rm_network *net, const rm_options *opt, const rm_route *r, double x)
{
    double lat = opt->cost.latency ? rm_route_latency(net, r) : 0.0;
    return rm_route_cost(x, lat, opt->cost.latency, opt->cost.dc);
}

/* Cycle-times w[] and host costs C[] of the ring, by position. */
static void nv_ring_wc(const rm_network *net, const rm_options *opt, const nv_ring *r, double *w,
                       double *C)
{
    for (int k = 0; k < r->q; k++) {
        w[k] = net->platform->nodes[r->node[k]].w;
        C[k] = r->q == 1 ? 0.0
                         : rm_host_cost(nv_route_cost(net, opt, &r->succ[k], r->succ[k].bandwidth),
                                        nv_route_cost(net, opt, &r->pred[k], r->pred[k].bandwidth),
                                        opt->cost.parallel_send);
    }
}

/* residual -= the routes' bandwidths, then negative residuals set to 0. */
static void nv_take(const rm_network *net, double *residual, int n, const rm_route *r)
{
    for (int k = 0; k < n; k++)
        if (r[k].n_arcs > 0)
            rm_residual_apply(net, residual, &r[k], r[k].bandwidth, +1);
    for (int res = 0; res < net->n_res; res++)
        if (residual[res] < 0.0)
            residual[res] = 0.0;
}

/* residual += the bandwidths of routes a and b, then capped at capacity. */
static void nv_give_back(const rm_network *net, double *residual, const rm_route *a, const rm_route *b)
{
    rm_residual_apply(net, residual, a, a->bandwidth, -1);
    rm_residual_apply(net, residual, b, b->bandwidth, -1);
    for (int res = 0; res < net->n_res; res++)
        if (residual[res] > net->res_cap[res])
            residual[res] = net->res_cap[res];
}

/* Non-zero when two of the n routes cross one non-backbone resource. */
static int nv_routes_share(const rm_network *net, int n, const rm_route *r)
{
    for (int k = 0; k < n; k++)
        for (int l = k + 1; l < n; l++)
            for (int i = 0; i < r[k].n_arcs; i++) {
                int res = net->arc_res[r[k].arcs[i]];
                if (res < 0 || net->res_backbone[res])
                    continue;
                for (int m = 0; m < r[l].n_arcs; m++)
                    if (net->arc_res[r[l].arcs[m]] == res)
                        return 1;
            }
    return 0;
}

/* The shares x of the n routes on cap (§4.4.2): their widths (the routes'
 * bandwidths) if they share nothing, else eq. (5)'s optimal split. */
static rm_status nv_share(const rm_network *net, const double *cap, int n, const rm_route *r,
                          const double *a, double *x, rm_error *err)
{
    if (!nv_routes_share(net, n, r)) {
        for (int k = 0; k < n; k++)
            x[k] = r[k].bandwidth;
        return RM_OK;
    }
    rm_status st = rm_share_optimal(net, cap, n, r, a, 1e-10, x, err);
    if (st == RM_ESOLVER)
        st = rm_maxmin(net, cap, n, r, x, err);
    return st;
}

/* A widest-path tree: width and arc per node. */
typedef struct nv_tree {
    double *wid;
    int *arc;
} nv_tree;

/* The best pair (§4.4.1) into r (q = 2), or r->q = 0 if no two hosts can
 * exchange messages. */
static rm_status nv_best_pair(const rm_network *net, const rm_options *opt, nv_tree *tr, nv_ring *r,
                              rm_error *err)
{
    const rm_platform *p = net->platform;
    int H = p->n_hosts;
    double bestT = INFINITY, bx[4] = {0};
    rm_route cand[4], best[4];
    memset(cand, 0, sizeof cand);
    memset(best, 0, sizeof best);
    rm_status st = RM_OK;
    int bi = -1, bj = -1;
    for (int hi = 0; hi < H && !st; hi++) {
        int i = p->hosts[hi];
        if ((st = rm_widest_tree(net, NULL, i, 0, tr[0].wid, tr[0].arc, err)))
            break;
        for (int hj = hi + 1; hj < H && !st; hj++) {
            int j = p->hosts[hj];
            if ((st = rm_widest_tree(net, NULL, j, 0, tr[1].wid, tr[1].arc, err)))
                break;
            double wij = tr[0].wid[j], wji = tr[1].wid[i];
            if (!(wij > 0.0) || !(wji > 0.0))
                continue;
            if ((st = rm_route_from_tree(net, i, 0, tr[0].arc, j, &cand[0], err)) ||
                (st = rm_route_from_tree(net, j, 0, tr[1].arc, i, &cand[2], err)) ||
                (st = rm_route_copy(&cand[1], &cand[0])) || (st = rm_route_copy(&cand[3], &cand[2])))
                break;
            cand[0].bandwidth = cand[1].bandwidth = wij;
            cand[2].bandwidth = cand[3].bandwidth = wji;
            double wi = p->nodes[i].w, wj = p->nodes[j].w;
            double a[4] = {1.0 / wi, 1.0 / wi, 1.0 / wj, 1.0 / wj}, x[4];
            if ((st = nv_share(net, NULL, 4, cand, a, x, err)))
                break;
            if (!(x[0] > 0 && x[1] > 0 && x[2] > 0 && x[3] > 0))
                continue;
            double c[4];
            for (int t = 0; t < 4; t++)
                c[t] = nv_route_cost(net, opt, &cand[t], x[t]);
            double w2[2] = {wi, wj};
            double C2[2] = {rm_host_cost(c[0], c[1], opt->cost.parallel_send),
                            rm_host_cost(c[2], c[3], opt->cost.parallel_send)};
            double T = rm_balance_model(2, w2, C2, &opt->cost, NULL);
            if (T < bestT) {
                bestT = T;
                bi = i;
                bj = j;
                memcpy(bx, x, sizeof bx);
                for (int t = 0; t < 4 && !st; t++)
                    st = rm_route_copy(&best[t], &cand[t]);
            }
        }
    }
    r->q = 0;
    if (!st && bi >= 0) {
        nv_ring_insert(r, 0, bi);
        nv_ring_insert(r, 1, bj);
        rm_route *dst[4] = {&r->succ[0], &r->pred[0], &r->succ[1], &r->pred[1]};
        for (int t = 0; t < 4 && !st; t++) {
            st = rm_route_copy(dst[t], &best[t]);
            dst[t]->bandwidth = bx[t];
        }
    }
    for (int t = 0; t < 4; t++) {
        rm_route_clear(&cand[t]);
        rm_route_clear(&best[t]);
    }
    return st;
}

/* The T_step/D_w of ring r with host k inserted on edge e (i = position e,
 * j = position e + 1), k's cycle-time wk, the new host costs Ci, Cj, Ck
 * (the others unchanged); scratch arrays w, C of r->q + 1 entries. */
static double nv_candidate_T(const rm_network *net, const rm_options *opt, rmt_naive_eval eval,
                             const nv_ring *r, const double *rw, const double *rC, int e,
                             double Ci, double Cj, double wk, double Ck, double *w, double *C)
{
    int q = r->q, ni = (e + 1) % q;
    double dc_dw = opt->cost.dc_dw, wi = rw[e], wj = rw[ni];
    (void)net;
    if (eval == RMT_EVAL_BALANCE) {
        /* the candidate ring in ring order: ..., i, k, j, ... */
        int n = 0;
        for (int t = 0; t < q; t++) {
            w[n] = rw[t];
            C[n] = t == e ? Ci : t == ni ? Cj : rC[t];
            n++;
            if (t == e) {
                w[n] = wk;
                C[n] = Ck;
                n++;
            }
        }
        return rm_balance_model(q + 1, w, C, &opt->cost, NULL);
    }
    /* eq. (5): the other hosts in ring order, then i, j, k */
    double inv = 0.0, cw = 0.0, d = 0.0;
    int n = 0;
    for (int t = 0; t < q; t++) {
        if (t == e || t == ni)
            continue;
        inv += 1.0 / rw[t];
        cw += rC[t] / rw[t];
        w[n] = rw[t];
        C[n] = rC[t];
        n++;
    }
    double Cx[3] = {Ci, Cj, Ck}, wx[3] = {wi, wj, wk};
    for (int x = 0; x < 3; x++) {
        w[n] = wx[x];
        C[n] = Cx[x];
        n++;
    }
    if (opt->cost.overlap) /* eq. (5) is the additive model's */
        return rm_balance_model(n, w, C, &opt->cost, NULL);
    inv = inv + 1.0 / wi + 1.0 / wj + 1.0 / wk;
    double T5 = (1.0 + dc_dw * (cw + Ci / wi + Cj / wj + Ck / wk)) / inv;
    for (int t = 0; t < n; t++)
        if (dc_dw * C[t] > d)
            d = dc_dw * C[t];
    if (T5 >= d)
        return T5; /* every alpha of eq. (5) is >= 0 */
    return rm_balance_model(n, w, C, &opt->cost, NULL);
}

/* The best insertion: host k after position *be (§4.4.1-4.4.2), its four
 * routes best[] (i -> k, k -> i, k -> j, j -> k) with their shares bx[];
 * *bk = -1 if no host can be inserted. */
typedef struct nv_step {
    nv_tree tr[4];  /* from i, to i, from j, to j */
    double *res2;   /* residual with the edge given back */
    double *w, *C;  /* the ring's cycle-times and host costs */
    double *tw, *tC; /* scratch of nv_candidate_T */
    char *in_ring;
    rm_route cand[4], best[4];
} nv_step;

static rm_status nv_scan(const rm_network *net, const rm_options *opt, rmt_naive_eval eval,
                         const nv_ring *r, const double *residual, nv_step *sp, int *be, int *bk,
                         double *bx, rm_error *err)
{
    const rm_platform *p = net->platform;
    int q = r->q, par = opt->cost.parallel_send;
    double bestT = INFINITY;
    *be = *bk = -1;
    nv_ring_wc(net, opt, r, sp->w, sp->C);
    for (int e = 0; e < q; e++) {
        int ni = (e + 1) % q, i = r->node[e], j = r->node[ni];
        memcpy(sp->res2, residual, (size_t)net->n_res * sizeof *sp->res2);
        nv_give_back(net, sp->res2, &r->succ[e], &r->pred[ni]);
        rm_status st;
        for (int t = 0; t < 4; t++)
            if ((st = rm_widest_tree(net, sp->res2, t < 2 ? i : j, t % 2, sp->tr[t].wid, sp->tr[t].arc,
                                     err)))
                return st;
        double ci_keep = nv_route_cost(net, opt, &r->pred[e], r->pred[e].bandwidth);
        double cj_keep = nv_route_cost(net, opt, &r->succ[ni], r->succ[ni].bandwidth);
        double wi = sp->w[e], wj = sp->w[ni];
        for (int h = 0; h < p->n_hosts; h++) {
            int k = p->hosts[h];
            if (sp->in_ring[k])
                continue;
            /* widths of i -> k, k -> i, k -> j, j -> k on the residual */
            double u[4] = {sp->tr[0].wid[k], sp->tr[1].wid[k], sp->tr[3].wid[k], sp->tr[2].wid[k]};
            if (!(u[0] > 0 && u[1] > 0 && u[2] > 0 && u[3] > 0))
                continue;
            if ((st = rm_route_from_tree(net, i, 0, sp->tr[0].arc, k, &sp->cand[0], err)) ||
                (st = rm_route_from_tree(net, i, 1, sp->tr[1].arc, k, &sp->cand[1], err)) ||
                (st = rm_route_from_tree(net, j, 1, sp->tr[3].arc, k, &sp->cand[2], err)) ||
                (st = rm_route_from_tree(net, j, 0, sp->tr[2].arc, k, &sp->cand[3], err)))
                return st;
            for (int t = 0; t < 4; t++)
                sp->cand[t].bandwidth = u[t];
            double wk = p->nodes[k].w;
            double a[4] = {1.0 / wi, 1.0 / wk, 1.0 / wk, 1.0 / wj}, x[4];
            if ((st = nv_share(net, sp->res2, 4, sp->cand, a, x, err)))
                return st;
            if (!(x[0] > 0 && x[1] > 0 && x[2] > 0 && x[3] > 0))
                continue;
            double c[4];
            for (int t = 0; t < 4; t++)
                c[t] = nv_route_cost(net, opt, &sp->cand[t], x[t]);
            double Ci = rm_host_cost(c[0], ci_keep, par), Cj = rm_host_cost(cj_keep, c[3], par),
                   Ck = rm_host_cost(c[2], c[1], par);
            double T = nv_candidate_T(net, opt, eval, r, sp->w, sp->C, e, Ci, Cj, wk, Ck, sp->tw,
                                      sp->tC);
            if (T < bestT) {
                bestT = T;
                *be = e;
                *bk = k;
                memcpy(bx, x, 4 * sizeof *bx);
                for (int t = 0; t < 4; t++)
                    if ((st = rm_route_copy(&sp->best[t], &sp->cand[t])))
                        return st;
            }
        }
    }
    return RM_OK;
}

/* Apply the insertion of k after position e: give back the edge's routes,
 * take the four new ones, insert k. */
static rm_status nv_apply(const rm_network *net, nv_ring *r, double *residual, int e, int k,
                          const double *bx, rm_route *best)
{
    int ni = (e + 1) % r->q;
    nv_give_back(net, residual, &r->succ[e], &r->pred[ni]);
    for (int t = 0; t < 4; t++)
        best[t].bandwidth = bx[t];
    nv_take(net, residual, 4, best);
    rm_status st;
    if ((st = rm_route_copy(&r->succ[e], &best[0])) || (st = rm_route_copy(&r->pred[ni], &best[3])))
        return st;
    nv_ring_insert(r, e + 1, k);
    if ((st = rm_route_copy(&r->pred[e + 1], &best[1])) ||
        (st = rm_route_copy(&r->succ[e + 1], &best[2])))
        return st;
    return RM_OK;
}

/* The maxmin and eq5 policies (§4.4.3): every share of the ring on the full
 * network, then the residual network again (succ routes, then pred). */
static rm_status nv_refine(const rm_network *net, const rm_options *opt, nv_ring *r,
                           double *residual, rm_error *err)
{
    int q = r->q, n = 2 * q;
    rm_route *rt = malloc((size_t)n * sizeof *rt);
    double *a = malloc((size_t)n * sizeof *a), *x = malloc((size_t)n * sizeof *x);
    rm_status st = RM_OK;
    if (!rt || !a || !x) {
        st = rm_error_set(err, RM_ENOMEM, "naive SharedRing: out of memory");
        goto out;
    }
    for (int k = 0; k < q; k++) {
        rt[k] = r->succ[k];
        rt[q + k] = r->pred[k];
        a[k] = a[q + k] = 1.0 / net->platform->nodes[r->node[k]].w;
    }
    st = opt->sharing == RM_SHARING_MAXMIN ? rm_maxmin(net, NULL, n, rt, x, err)
                                           : rm_share_optimal(net, NULL, n, rt, a, opt->share_tol, x, err);
    if (st)
        goto out;
    for (int k = 0; k < q; k++) {
        r->succ[k].bandwidth = x[k];
        r->pred[k].bandwidth = x[q + k];
    }
    memcpy(residual, net->res_cap, (size_t)net->n_res * sizeof *residual);
    nv_take(net, residual, q, r->succ);
    nv_take(net, residual, q, r->pred);
out:
    free(rt);
    free(a);
    free(x);
    return st;
}

void rmt_naive_result_free(rmt_naive_result *r)
{
    for (int k = 0; k < r->q && r->succ && r->pred; k++) {
        rm_route_clear(&r->succ[k]);
        rm_route_clear(&r->pred[k]);
    }
    free(r->ring);
    free(r->succ);
    free(r->pred);
    free(r->sweep);
    memset(r, 0, sizeof *r);
}

static void nv_step_free(nv_step *sp)
{
    for (int t = 0; t < 4; t++) {
        free(sp->tr[t].wid);
        free(sp->tr[t].arc);
        rm_route_clear(&sp->cand[t]);
        rm_route_clear(&sp->best[t]);
    }
    free(sp->res2);
    free(sp->w);
    free(sp->C);
    free(sp->tw);
    free(sp->tC);
    free(sp->in_ring);
}

static int nv_step_init(nv_step *sp, const rm_network *net, int max_q)
{
    memset(sp, 0, sizeof *sp);
    int N = net->platform->n_nodes, ok = 1;
    for (int t = 0; t < 4; t++) {
        sp->tr[t].wid = malloc((size_t)N * sizeof(double));
        sp->tr[t].arc = malloc((size_t)N * sizeof(int));
        ok = ok && sp->tr[t].wid && sp->tr[t].arc;
    }
    sp->res2 = malloc(((size_t)net->n_res + 1) * sizeof(double));
    sp->w = malloc(((size_t)max_q + 1) * sizeof(double));
    sp->C = malloc(((size_t)max_q + 1) * sizeof(double));
    sp->tw = malloc(((size_t)max_q + 1) * sizeof(double));
    sp->tC = malloc(((size_t)max_q + 1) * sizeof(double));
    sp->in_ring = calloc((size_t)N, 1);
    return ok && sp->res2 && sp->w && sp->C && sp->tw && sp->tC && sp->in_ring ? 0 : -1;
}

/* The result from the best ring. */
static rm_status nv_result(const rm_network *net, const rm_options *opt, const nv_ring *best,
                           double *sweep, int n_sweep, rmt_naive_result *out)
{
    int q = best->q;
    out->q = q;
    out->ring = malloc((size_t)q * sizeof *out->ring);
    out->succ = calloc((size_t)q, sizeof *out->succ);
    out->pred = calloc((size_t)q, sizeof *out->pred);
    double *w = malloc((size_t)q * sizeof *w), *C = malloc((size_t)q * sizeof *C);
    rm_status st = out->ring && out->succ && out->pred && w && C ? RM_OK : RM_ENOMEM;
    for (int k = 0; k < q && !st; k++) {
        out->ring[k] = best->node[k];
        if (q > 1 && ((st = rm_route_copy(&out->succ[k], &best->succ[k])) ||
                      (st = rm_route_copy(&out->pred[k], &best->pred[k]))))
            break;
    }
    if (!st) {
        nv_ring_wc(net, opt, best, w, C);
        out->t_step_per_dw = rm_balance_model(q, w, C, &opt->cost, NULL);
        out->sweep = sweep;
        out->n_sweep = n_sweep;
    }
    free(w);
    free(C);
    return st;
}

rm_status rmt_naive_sharedring(const rm_network *net, const rm_options *opt, rmt_naive_eval eval,
                               rmt_naive_result *out, rm_error *err)
{
    memset(out, 0, sizeof *out);
    if (rm_routing_resolve(net, opt->routing) != RM_ROUTING_WIDEST)
        return rm_error_set(err, RM_EINPUT, "naive SharedRing: widest-path routing only");
    const rm_platform *p = net->platform;
    int H = p->n_hosts;
    int max_q = opt->max_q > 0 && opt->max_q < H ? opt->max_q : H;
    nv_ring s, best;
    nv_step sp;
    double *residual = malloc(((size_t)net->n_res + 1) * sizeof *residual);
    double *sweep = malloc((size_t)max_q * sizeof *sweep);
    double *w = malloc((size_t)max_q * sizeof *w), *C = malloc((size_t)max_q * sizeof *C);
    int ok = nv_ring_init(&s, max_q) == 0;
    ok = nv_ring_init(&best, max_q) == 0 && ok;
    ok = nv_step_init(&sp, net, max_q) == 0 && ok;
    rm_status st = RM_OK;
    if (!ok || !residual || !sweep || !w || !C) {
        st = rm_error_set(err, RM_ENOMEM, "naive SharedRing: out of memory");
        goto out;
    }
    for (int k = 0; k < max_q; k++)
        sweep[k] = NAN;
    /* the ring of one: the fastest host */
    int f = p->hosts[0];
    for (int h = 1; h < H; h++)
        if (p->nodes[p->hosts[h]].w < p->nodes[f].w)
            f = p->hosts[h];
    nv_ring_insert(&best, 0, f);
    double bestT = p->nodes[f].w;
    sweep[0] = bestT;
    if (max_q < 2)
        goto done;
    if ((st = nv_best_pair(net, opt, sp.tr, &s, err)))
        goto out;
    if (s.q < 2)
        goto done;
    memcpy(residual, net->res_cap, (size_t)net->n_res * sizeof *residual);
    nv_take(net, residual, 2, s.succ);
    nv_take(net, residual, 2, s.pred);
    sp.in_ring[s.node[0]] = sp.in_ring[s.node[1]] = 1;
    for (;;) {
        if (opt->sharing == RM_SHARING_MAXMIN || opt->sharing == RM_SHARING_EQ5)
            if ((st = nv_refine(net, opt, &s, residual, err)))
                goto out;
        nv_ring_wc(net, opt, &s, w, C);
        double T = rm_balance_model(s.q, w, C, &opt->cost, NULL);
        sweep[s.q - 1] = T;
        if (T < bestT) {
            bestT = T;
            if ((st = nv_ring_copy(&best, &s)))
                goto out;
        }
        if (s.q >= max_q)
            break;
        if (!opt->full_curve && max_q > 2 && opt->stop_patience > 0 &&
            s.q - best.q >= opt->stop_patience)
            break;
        int e, k;
        double bx[4];
        if ((st = nv_scan(net, opt, eval, &s, residual, &sp, &e, &k, bx, err)))
            goto out;
        if (k < 0)
            break;
        if ((st = nv_apply(net, &s, residual, e, k, bx, sp.best)))
            goto out;
        sp.in_ring[k] = 1;
    }
done:
    if ((st = nv_result(net, opt, &best, sweep, max_q, out)))
        goto out;
    sweep = NULL;
out:
    if (st)
        rmt_naive_result_free(out);
    nv_ring_free(&s);
    nv_ring_free(&best);
    nv_step_free(&sp);
    free(residual);
    free(sweep);
    free(w);
    free(C);
    return st;
}
