/*
 * sharedring.c — the SharedRing greedy heuristic (H2) of seed 001 §4.4:
 * grow a ring by insertion, routing each new ring edge by a widest path on
 * the residual network and peeling its bandwidth off; the four routes of one
 * insertion share their common links optimally for eq. (5) (§4.4.2); the
 * best ring size is kept (§4.4.1: T_step is not monotone in q).
 */
#include "ring/cut_bound.h"
#include "ring/ring_internal.h"

#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

/* smallest ring on which the fast path scans its edges on two threads */
#define H2_THREAD_MIN_Q 4

typedef struct h2_work {
    const rm_network *net;
    const rm_platform *p;
    rm_routing routing; /* widest paths or direct links (ring/routing.c) */
    int N;
    double *residual; /* n_res: what the ring's routes left */
    double *res2;     /* n_res: residual with one ring edge given back */
    double *wid[4];   /* N each: trees from i, to i, from j, to j */
    int *arc[4];
    int *stamp; /* n_res, for detecting shared resources */
    unsigned char *rmask; /* n_res, all 0 between calls: which of 4 routes cross it */
    int stamp_now;
    int *in_ring; /* N */
    double *tw, *tC; /* q+1 scratch for rm_balance */
    /* fast path (issue 6): full-capacity widths between hosts, an upper
     * bound of every residual width, for lower bounds of insertions */
    int fast;
    int H;
    int *hidx;      /* N: host index of a node, -1 for a router */
    double *full;   /* H*H: full[a*H + b] = width host a -> host b (NULL: reference) */
    double *edge_lb; /* max_q: lower bound of each ring edge's best insertion */
    int *order;      /* max_q: ring edges by increasing edge_lb */
    rm_route cand[4];
    rm_route best[4];
    /* fast path: scratch of the second edge scan (its own network: the
     * routing scratch in priv is not thread-safe), NULL if none */
    struct h2_work *twin;
    rm_network *twin_net;
    int last_k; /* the host inserted by the last insert_best */
} h2_work;

static void work_destroy(h2_work *wk)
{
    free(wk->residual);
    free(wk->res2);
    for (int t = 0; t < 4; t++) {
        free(wk->wid[t]);
        free(wk->arc[t]);
        rm_route_clear(&wk->cand[t]);
        rm_route_clear(&wk->best[t]);
    }
    free(wk->stamp);
    free(wk->rmask);
    free(wk->in_ring);
    free(wk->tw);
    free(wk->tC);
    free(wk->hidx);
    free(wk->full);
    free(wk->edge_lb);
    free(wk->order);
    if (wk->twin) {
        work_destroy(wk->twin);
        free(wk->twin);
    }
    if (wk->twin_net) {
        rm_network_destroy(wk->twin_net);
        free(wk->twin_net);
    }
}

static rm_status work_init(h2_work *wk, const rm_network *net, int max_q, rm_error *err)
{
    memset(wk, 0, sizeof *wk);
    wk->net = net;
    wk->p = net->platform;
    wk->N = net->platform->n_nodes;
    size_t nr = (size_t)net->n_res + 1, N = (size_t)wk->N;
    wk->residual = malloc(nr * sizeof(double));
    wk->res2 = malloc(nr * sizeof(double));
    wk->stamp = calloc(nr, sizeof(int));
    wk->rmask = calloc(nr, 1);
    wk->in_ring = calloc(N, sizeof(int));
    wk->tw = malloc((size_t)(max_q + 1) * sizeof(double));
    wk->tC = malloc((size_t)(max_q + 1) * sizeof(double));
    int ok = wk->residual && wk->res2 && wk->stamp && wk->rmask && wk->in_ring && wk->tw && wk->tC;
    for (int t = 0; t < 4; t++) {
        wk->wid[t] = malloc(N * sizeof(double));
        wk->arc[t] = malloc(N * sizeof(int));
        ok = ok && wk->wid[t] && wk->arc[t];
    }
    if (!ok) {
        work_destroy(wk);
        return rm_error_set(err, RM_ENOMEM, "out of memory in SharedRing");
    }
    memcpy(wk->residual, net->res_cap, (size_t)net->n_res * sizeof(double));
    return RM_OK;
}

/* Non-zero when two of the n routes cross the same non-backbone resource. */
static int routes_share(h2_work *wk, int n, const rm_route *r)
{
    const rm_network *net = wk->net;
    for (int k = 0; k < n; k++) {
        wk->stamp_now++;
        for (int i = 0; i < r[k].n_arcs; i++) {
            int res = net->arc_res[r[k].arcs[i]];
            if (!net->res_backbone[res])
                wk->stamp[res] = wk->stamp_now;
        }
        for (int l = k + 1; l < n; l++)
            for (int i = 0; i < r[l].n_arcs; i++)
                if (wk->stamp[net->arc_res[r[l].arcs[i]]] == wk->stamp_now)
                    return 1;
    }
    return 0;
}

/* Bandwidths of n routes computed independently on cap: their widths if
 * they share nothing, else the optimal split of rm_share_optimal. */
static rm_status share_routes(h2_work *wk, const double *cap, int n, const rm_route *r,
                              const double *a, double *x, rm_error *err)
{
    if (!routes_share(wk, n, r)) {
        for (int k = 0; k < n; k++)
            x[k] = r[k].bandwidth;
        return RM_OK;
    }
    rm_status st = rm_share_optimal(wk->net, cap, n, r, a, 1e-10, x, err);
    if (st == RM_ESOLVER) /* never lose a mapping to the solver: max-min is feasible */
        st = rm_maxmin(wk->net, cap, n, r, x, err);
    return st;
}

static void take_routes(const rm_network *net, double *residual, int n, const rm_route *r, int sign)
{
    for (int k = 0; k < n; k++)
        if (r[k].n_arcs > 0)
            rm_residual_apply(net, residual, &r[k], r[k].bandwidth, sign);
    for (int res = 0; res < net->n_res; res++)
        if (residual[res] < 0.0)
            residual[res] = 0.0;
}

/* Refinement after an insertion (§4.4.3): recompute every share of the ring's
 * routes on the full capacities, then the residual network. */
static rm_status refine_state(h2_work *wk, rm_ring_state *s, rm_refine refine, rm_error *err)
{
    const rm_network *net = wk->net;
    int q = s->q, n = 2 * q;
    rm_route *r = malloc((size_t)n * sizeof *r);
    double *a = malloc((size_t)n * sizeof *a), *x = malloc((size_t)n * sizeof *x);
    rm_status st = RM_OK;
    if (!r || !a || !x) {
        st = rm_error_set(err, RM_ENOMEM, "out of memory in refinement");
        goto out;
    }
    for (int k = 0; k < q; k++) {
        r[k] = s->succ[k];
        r[q + k] = s->pred[k];
        a[k] = a[q + k] = 1.0 / s->w[k];
    }
    st = refine == RM_REFINE_MAXMIN ? rm_maxmin(net, NULL, n, r, x, err)
                                    : rm_share_optimal(net, NULL, n, r, a, 1e-10, x, err);
    if (st)
        goto out;
    for (int k = 0; k < q; k++) {
        s->succ[k].bandwidth = x[k];
        s->pred[k].bandwidth = x[q + k];
    }
    memcpy(wk->residual, net->res_cap, (size_t)net->n_res * sizeof(double));
    take_routes(net, wk->residual, q, s->succ, +1);
    take_routes(net, wk->residual, q, s->pred, +1);
    rm_ring_state_costs(net, s);
out:
    free(r);
    free(a);
    free(x);
    return st;
}

static double state_tstep(h2_work *wk, const rm_ring_state *s, double dc_dw)
{
    (void)wk;
    return rm_balance(s->q, s->w, s->C, dc_dw, NULL);
}

/* The best pair (§4.4.1): for every pair of hosts, the widest routes both
 * ways, each used twice (successor and predecessor), shared optimally. */
static rm_status best_pair(h2_work *wk, rm_ring_state *s, double dc_dw, rm_error *err)
{
    const rm_network *net = wk->net;
    const rm_platform *p = wk->p;
    int H = p->n_hosts, N = wk->N;
    rm_status st = RM_OK;
    double *wid = malloc((size_t)H * N * sizeof *wid);
    int *arc = malloc((size_t)H * N * sizeof *arc);
    if (!wid || !arc) {
        st = rm_error_set(err, RM_ENOMEM, "out of memory for %d widest-path trees", H);
        goto out;
    }
    for (int h = 0; h < H; h++)
        if ((st = rm_routing_tree(net, wk->routing, NULL, p->hosts[h], 0, wid + (size_t)h * N,
                                 arc + (size_t)h * N, err)))
            goto out;
    if (wk->full)
        for (int a = 0; a < H; a++)
            for (int b = 0; b < H; b++)
                wk->full[(size_t)a * H + b] = a == b ? INFINITY : wid[(size_t)a * N + p->hosts[b]];
    double bestT = INFINITY, bx[4] = {0};
    int bi = -1, bj = -1;
    for (int hi = 0; hi < H; hi++) {
        for (int hj = hi + 1; hj < H; hj++) {
            int i = p->hosts[hi], j = p->hosts[hj];
            if (!(wid[(size_t)hi * N + j] > 0.0) || !(wid[(size_t)hj * N + i] > 0.0))
                continue;
            if (wk->fast) {
                /* fast path: the unshared value (widths, no latency) bounds
                 * the pair's T_step from below; skip a pair that cannot win */
                double b0 = wid[(size_t)hi * N + j], b2 = wid[(size_t)hj * N + i];
                double w2l[2] = {p->nodes[i].w, p->nodes[j].w};
                double C2l[2] = {rm_host_cost(1.0 / b0, 1.0 / b0, s->parallel_send),
                                 rm_host_cost(1.0 / b2, 1.0 / b2, s->parallel_send)};
                if (rm_balance(2, w2l, C2l, dc_dw, NULL) * (1.0 - 1e-12) > bestT)
                    continue;
            }
            if ((st = rm_route_from_tree(net, i, 0, arc + (size_t)hi * N, j, &wk->cand[0], err)) ||
                (st = rm_route_from_tree(net, j, 0, arc + (size_t)hj * N, i, &wk->cand[2], err)) ||
                (st = rm_route_copy(&wk->cand[1], &wk->cand[0])) ||
                (st = rm_route_copy(&wk->cand[3], &wk->cand[2])))
                goto out;
            wk->cand[0].bandwidth = wk->cand[1].bandwidth = wid[(size_t)hi * N + j];
            wk->cand[2].bandwidth = wk->cand[3].bandwidth = wid[(size_t)hj * N + i];
            double wi = p->nodes[i].w, wj = p->nodes[j].w;
            double a[4] = {1.0 / wi, 1.0 / wi, 1.0 / wj, 1.0 / wj}, x[4];
            if ((st = share_routes(wk, NULL, 4, wk->cand, a, x, err)))
                goto out;
            if (!(x[0] > 0 && x[1] > 0 && x[2] > 0 && x[3] > 0))
                continue;
            double c[4];
            for (int t = 0; t < 4; t++)
                c[t] = rm_ring_state_route_cost(net, s, &wk->cand[t], x[t]);
            double w2[2] = {wi, wj};
            double C2[2] = {rm_host_cost(c[0], c[1], s->parallel_send),
                            rm_host_cost(c[2], c[3], s->parallel_send)};
            double T = rm_balance(2, w2, C2, dc_dw, NULL);
            if (T < bestT) {
                bestT = T;
                bi = i;
                bj = j;
                memcpy(bx, x, sizeof bx);
                for (int t = 0; t < 4; t++)
                    if ((st = rm_route_copy(&wk->best[t], &wk->cand[t])))
                        goto out;
            }
        }
    }
    if (bi < 0) {
        st = rm_error_set(err, RM_EINPUT, "no two hosts can exchange messages (no positive-bandwidth routes)");
        goto out;
    }
    s->q = 0;
    rm_ring_state_insert(s, 0, bi, p->nodes[bi].w);
    rm_ring_state_insert(s, 1, bj, p->nodes[bj].w);
    rm_route *dst[4] = {&s->succ[0], &s->pred[0], &s->succ[1], &s->pred[1]};
    for (int t = 0; t < 4; t++) {
        if ((st = rm_route_copy(dst[t], &wk->best[t])))
            goto out;
        dst[t]->bandwidth = bx[t];
    }
    rm_ring_state_costs(net, s);
    take_routes(net, wk->residual, 2, s->succ, +1);
    take_routes(net, wk->residual, 2, s->pred, +1);
    wk->in_ring[bi] = wk->in_ring[bj] = 1;
out:
    free(wid);
    free(arc);
    return st;
}

/* O(1) evaluation of T_step after an insertion (eq. (5) in incremental
 * form), exact when every alpha stays >= 0; otherwise rm_balance. The m
 * unchanged hosts are in tw/tC[0..m-1]; the three changed ones are passed. */
typedef struct fast_eval {
    double sum_inv, sum_cw, dmax, dc_dw;
} fast_eval;

static void fast_eval_init(fast_eval *ev, const double *w, const double *C, int m, double dc_dw)
{
    ev->sum_inv = ev->sum_cw = ev->dmax = 0.0;
    ev->dc_dw = dc_dw;
    for (int t = 0; t < m; t++) {
        ev->sum_inv += 1.0 / w[t];
        ev->sum_cw += C[t] / w[t];
        if (dc_dw * C[t] > ev->dmax)
            ev->dmax = dc_dw * C[t];
    }
}

static double fast_eval_T(const fast_eval *ev, h2_work *wk, int m, double wi, double Ci, double wj,
                          double Cj, double wk3, double Ck)
{
    double r = ev->dc_dw;
    double inv = ev->sum_inv + 1.0 / wi + 1.0 / wj + 1.0 / wk3;
    double T5 = (1.0 + r * (ev->sum_cw + Ci / wi + Cj / wj + Ck / wk3)) / inv;
    double d = fmax(ev->dmax, fmax(r * Ci, fmax(r * Cj, r * Ck)));
    if (T5 >= d)
        return T5;
    wk->tw[m] = wi;
    wk->tC[m] = Ci;
    wk->tw[m + 1] = wj;
    wk->tC[m + 1] = Cj;
    wk->tw[m + 2] = wk3;
    wk->tC[m + 2] = Ck;
    return rm_balance(m + 3, wk->tw, wk->tC, r, NULL);
}

/* Fast path (issue 6): for every ring edge e (i -> j), a lower bound of its
 * best insertion: the O(1) evaluation of every host k with the four routes
 * at their full-capacity widths (an upper bound of any residual width, and
 * shares never exceed widths; latencies >= 0 are left out) — the bound of
 * the reference's per-candidate test with full instead of residual widths,
 * so it never exceeds that test. edge_lb[e] = the least bound; order[] the
 * edges sorted by it. O(q H + q log q). */
static void sort_edges(h2_work *wk, int q)
{
    /* insertion sort is too slow for large q: a merge sort by (lb, e) */
    int *a = wk->order;
    for (int e = 0; e < q; e++)
        a[e] = e;
    int *tmp = (int *)wk->tw; /* tw has q + 1 doubles: room for q ints */
    for (int width = 1; width < q; width *= 2) {
        for (int lo = 0; lo < q; lo += 2 * width) {
            int mid = lo + width < q ? lo + width : q, hi = lo + 2 * width < q ? lo + 2 * width : q;
            int x = lo, y = mid, t = lo;
            while (x < mid && y < hi) {
                double lx = wk->edge_lb[a[x]], ly = wk->edge_lb[a[y]];
                if (lx < ly || (lx == ly && a[x] < a[y]) || isnan(ly))
                    tmp[t++] = a[x++];
                else
                    tmp[t++] = a[y++];
            }
            while (x < mid)
                tmp[t++] = a[x++];
            while (y < hi)
                tmp[t++] = a[y++];
        }
        memcpy(a, tmp, (size_t)q * sizeof *a);
    }
}

static double fast_eval_lb(const fast_eval *ev, double wi, double Ci, double wj, double Cj,
                           double wk3, double Ck);

/* Give back to residual the two routes of ring edge e (i -> j: i's
 * successor route and j's predecessor route), capped at the capacities
 * (§4.4.2: "reinject ... the bandwidth portions used by the two
 * communication paths between P_i and P_j"). O(len + R). */
static void give_back_edge(const rm_network *net, double *residual, const rm_ring_state *s, int e)
{
    int ni = (e + 1) % s->q;
    rm_residual_apply(net, residual, &s->succ[e], s->succ[e].bandwidth, -1);
    rm_residual_apply(net, residual, &s->pred[ni], s->pred[ni].bandwidth, -1);
    for (int res = 0; res < net->n_res; res++)
        if (residual[res] > net->res_cap[res])
            residual[res] = net->res_cap[res];
}

/* What the evaluation of insertions into ring edge e (i -> j) needs: the
 * unchanged hosts (all but i and j) summed into ev, their count m in
 * wk->tw/tC, the cycle-times of i and j and the costs of the routes of i and
 * j that stay (i's predecessor route, j's successor route). O(q + len). */
typedef struct edge_ctx {
    int ni, i, j, m;
    fast_eval ev;
    double wi, wj, ci_keep, cj_keep;
} edge_ctx;

static void edge_ctx_init(edge_ctx *c, h2_work *wk, const rm_ring_state *s, int e, double dc_dw)
{
    int q = s->q;
    c->ni = (e + 1) % q;
    c->i = s->ring[e];
    c->j = s->ring[c->ni];
    c->m = 0;
    for (int t = 0; t < q; t++) {
        if (t == e || t == c->ni)
            continue;
        wk->tw[c->m] = s->w[t];
        wk->tC[c->m] = s->C[t];
        c->m++;
    }
    fast_eval_init(&c->ev, wk->tw, wk->tC, c->m, dc_dw);
    c->wi = s->w[e];
    c->wj = s->w[c->ni];
    c->ci_keep = rm_ring_state_route_cost(wk->net, s, &s->pred[e], s->pred[e].bandwidth);
    c->cj_keep = rm_ring_state_route_cost(wk->net, s, &s->succ[c->ni], s->succ[c->ni].bandwidth);
}

static void edge_bounds(h2_work *wk, const rm_ring_state *s, double dc_dw)
{
    const rm_platform *p = wk->p;
    int q = s->q, H = wk->H, par = s->parallel_send;
    for (int e = 0; e < q; e++) {
        edge_ctx c;
        edge_ctx_init(&c, wk, s, e, dc_dw);
        int i = c.i, j = c.j;
        const fast_eval ev = c.ev;
        double wi = c.wi, wj = c.wj, ci_keep = c.ci_keep, cj_keep = c.cj_keep;
        const double *fi = wk->full + (size_t)wk->hidx[i] * H, *fj = wk->full + (size_t)wk->hidx[j] * H;
        int hi = wk->hidx[i], hj = wk->hidx[j];
        double lb = INFINITY;
        for (int h = 0; h < H; h++) {
            int k = p->hosts[h];
            if (wk->in_ring[k])
                continue;
            const double *fk = wk->full + (size_t)h * H;
            double w0 = fi[h], w1 = fk[hi], w2 = fk[hj], w3 = fj[h];
            if (!(w0 > 0 && w1 > 0 && w2 > 0 && w3 > 0))
                continue;
            double T = fast_eval_lb(&ev, wi, rm_host_cost(1.0 / w0, ci_keep, par), wj,
                                    rm_host_cost(cj_keep, 1.0 / w3, par), p->nodes[k].w,
                                    rm_host_cost(1.0 / w2, 1.0 / w1, par));
            if (T < lb)
                lb = T;
        }
        /* a relative margin covers rounding differences between this
         * evaluation and the reference's */
        wk->edge_lb[e] = lb * (1.0 - 1e-12);
    }
    sort_edges(wk, q);
}

/* Fast path: max(T5, D) without rm_balance — a lower bound of fast_eval_T,
 * bitwise equal to it when T5 >= D (rm_balance returns at least D, the
 * same products D_c/D_w * C). O(1). */
static double fast_eval_lb(const fast_eval *ev, double wi, double Ci, double wj, double Cj,
                           double wk3, double Ck)
{
    double r = ev->dc_dw;
    double inv = ev->sum_inv + 1.0 / wi + 1.0 / wj + 1.0 / wk3;
    double T5 = (1.0 + r * (ev->sum_cw + Ci / wi + Cj / wj + Ck / wk3)) / inv;
    double d = fmax(ev->dmax, fmax(r * Ci, fmax(r * Cj, r * Ck)));
    return T5 >= d ? T5 : d;
}

/*
 * Fast path: least value of sum_{t in G} a_t / x_t over 0 < x_t <= u_t with
 * sum_{t in G} x_t <= c (one resource crossed by every route of G; a route
 * crossing it m >= 1 times only tightens the constraint, so m = 1 is a
 * relaxation). KKT: x_t = min(u_t, sqrt(a_t / lambda)); the routes whose
 * unconstrained share exceeds their bound stay at it (water filling, at most
 * |G| rounds). c = INFINITY: every x_t = u_t. O(|G|^2).
 */
static double group_min(int G, const double *a, const double *u, double c)
{
    int capped = 0;
    for (;;) {
        double rest = c, sq = 0.0;
        for (int t = 0; t < 4; t++) {
            if (!(G >> t & 1))
                continue;
            if (capped >> t & 1)
                rest -= u[t];
            else
                sq += sqrt(a[t]);
        }
        int more = 0;
        if (sq > 0.0 && rest > 0.0 && rest < INFINITY) {
            for (int t = 0; t < 4; t++)
                if ((G >> t & 1) && !(capped >> t & 1) && sqrt(a[t]) * rest / sq > u[t])
                    more |= 1 << t;
        } else if (sq > 0.0 && !(rest > 0.0)) {
            return INFINITY; /* the capped routes already fill c: infeasible */
        } else {
            more = G & ~capped; /* infinite capacity: every route at its bound */
        }
        if (!more) {
            double v = sq > 0.0 ? sq * sq / rest : 0.0;
            for (int t = 0; t < 4; t++)
                if ((capped >> t & 1) && (G >> t & 1))
                    v += a[t] / u[t];
            return v;
        }
        capped |= more;
    }
}

/*
 * Fast path: a lower bound of min sum_t a_t / x_t over the shares x of the
 * four candidate routes r on the capacities cap (rm_share_optimal's problem;
 * its answer, and max-min's, are feasible, so their objective is at least
 * this). Relaxation: keep only, for each group of a partition of the routes,
 * the tightest non-backbone resource crossed by every route of the group,
 * plus x_t <= width_t (a share never exceeds the route's width); the groups
 * are then independent (group_min). The best of the 15 partitions of
 * {0,1,2,3} is returned. O(L) for routes of L arcs.
 */
static double share_lower_bound(h2_work *wk, const double *cap, const rm_route *r, const double *a,
                                double *k_lb)
{
    const rm_network *net = wk->net;
    double mincap[16];
    for (int g = 0; g < 16; g++)
        mincap[g] = INFINITY;
    for (int t = 0; t < 4; t++)
        for (int i = 0; i < r[t].n_arcs; i++) {
            int res = net->arc_res[r[t].arcs[i]];
            if (!net->res_backbone[res])
                wk->rmask[res] |= (unsigned char)(1u << t);
        }
    for (int t = 0; t < 4; t++)
        for (int i = 0; i < r[t].n_arcs; i++) {
            int res = net->arc_res[r[t].arcs[i]];
            int M = wk->rmask[res];
            if (!M)
                continue;
            wk->rmask[res] = 0;
            double c = cap[res];
            /* every group inside M may use this resource */
            for (int g = M; g; g = (g - 1) & M)
                if (c < mincap[g])
                    mincap[g] = c;
        }
    double u[4], gm[16];
    for (int t = 0; t < 4; t++)
        u[t] = r[t].bandwidth;
    for (int g = 1; g < 16; g++)
        gm[g] = group_min(g, a, u, mincap[g]);
    /* the new host's two routes (1: k -> i, 2: k -> j) with unit weights:
     * a lower bound of 1/x_1 + 1/x_2 */
    static const double ones[4] = {1.0, 1.0, 1.0, 1.0};
    *k_lb = group_min(6, ones, u, mincap[6]);
    static const unsigned char parts[15][4] = {
        {15, 0, 0, 0}, {7, 8, 0, 0}, {11, 4, 0, 0}, {13, 2, 0, 0}, {14, 1, 0, 0},
        {3, 12, 0, 0}, {5, 10, 0, 0}, {9, 6, 0, 0}, {3, 4, 8, 0}, {5, 2, 8, 0},
        {9, 2, 4, 0}, {6, 1, 8, 0}, {10, 1, 4, 0}, {12, 1, 2, 0}, {1, 2, 4, 8}};
    double best = 0.0;
    for (int k = 0; k < 15; k++) {
        double v = 0.0;
        for (int t = 0; t < 4 && parts[k][t]; t++)
            v += gm[parts[k][t]];
        if (v > best)
            best = v;
    }
    return best;
}

/* Non-zero when the widest-path tree TO a node is the mirror of the tree FROM
 * it: undirected platform, half duplex (both arcs of a link share one
 * resource), widest-path routing (the CSR lists of in- and out-arcs follow the
 * same link order, so the searches explore the same links in the same order;
 * checked by tests/test_mirror.c). */
static int mirror_trees(const rm_network *net, rm_routing routing)
{
    return routing == RM_ROUTING_WIDEST && !net->platform->directed &&
           net->duplex == RM_DUPLEX_HALF;
}

/* The reverse tree from a forward one: same widths, partner arcs. O(N). */
static void mirror_tree(int N, const double *wid, const int *arc, double *wid_r, int *arc_r)
{
    memcpy(wid_r, wid, (size_t)N * sizeof *wid);
    for (int v = 0; v < N; v++)
        arc_r[v] = arc[v] < 0 ? -1 : (arc[v] ^ 1);
}

/* One scan of the edge loop: its work (thread-private scratch), its own best
 * insertion so far (least T_step, ties: least ring edge, then first host in
 * host order — the reference's first strict improvement in scan order). */
typedef struct h2_scan {
    h2_work *wk;
    const rm_ring_state *s;
    double dc_dw;
    atomic_int *next; /* next position in the edge order, shared by the scans */
    _Atomic double *gbest; /* least T_step found by any scan (fast path pruning) */
    double bestT, bx[4];
    int bk, bs;
    rm_status st;
    rm_error err;
} h2_scan;

/* Every candidate host k of ring edge e (i -> j): trees on the residual with
 * the edge's routes given back, bounds, shares, T_step; updates sc's best.
 * Writes only sc and sc->wk's scratch. O(E log N + H (L + share)). */
static rm_status scan_edge(h2_scan *sc, int e, rm_error *err)
{
    h2_work *wk = sc->wk;
    const rm_ring_state *s = sc->s;
    const rm_network *net = wk->net;
    const rm_platform *p = wk->p;
    double dc_dw = sc->dc_dw;
    int q = s->q;
    double bestT = sc->bestT;
    int bk = sc->bk, bs = sc->bs;
    rm_status st = RM_OK;
    int ni = (e + 1) % q, i = s->ring[e], j = s->ring[ni];
    memcpy(wk->res2, wk->residual, (size_t)net->n_res * sizeof(double));
    give_back_edge(net, wk->res2, s, e);
    if (mirror_trees(net, wk->routing)) {
        /* undirected, half duplex: the tree to a node mirrors the tree
         * from it (tests/test_mirror.c), two trees instead of four */
        if ((st = rm_routing_tree(net, wk->routing, wk->res2, i, 0, wk->wid[0], wk->arc[0], err)) ||
            (st = rm_routing_tree(net, wk->routing, wk->res2, j, 0, wk->wid[2], wk->arc[2], err)))
            goto done;
        mirror_tree(wk->N, wk->wid[0], wk->arc[0], wk->wid[1], wk->arc[1]);
        mirror_tree(wk->N, wk->wid[2], wk->arc[2], wk->wid[3], wk->arc[3]);
    } else if ((st = rm_routing_tree(net, wk->routing, wk->res2, i, 0, wk->wid[0], wk->arc[0], err)) ||
               (st = rm_routing_tree(net, wk->routing, wk->res2, i, 1, wk->wid[1], wk->arc[1], err)) ||
               (st = rm_routing_tree(net, wk->routing, wk->res2, j, 0, wk->wid[2], wk->arc[2], err)) ||
               (st = rm_routing_tree(net, wk->routing, wk->res2, j, 1, wk->wid[3], wk->arc[3], err)))
        goto done;
    /* costs of the hosts other than i, j, k are unchanged */
    edge_ctx c;
    edge_ctx_init(&c, wk, s, e, dc_dw);
    int m = c.m;
    const fast_eval ev = c.ev;
    double wi = c.wi, wj = c.wj, ci_keep = c.ci_keep, cj_keep = c.cj_keep;
    int par = s->parallel_send;
    for (int h = 0; h < p->n_hosts; h++) {
        int k = p->hosts[h];
        if (wk->in_ring[k])
            continue;
        /* cand: 0 = i->k, 1 = k->i, 2 = k->j, 3 = j->k */
        double w0 = wk->wid[0][k], w1 = wk->wid[1][k], w2 = wk->wid[3][k], w3 = wk->wid[2][k];
        if (!(w0 > 0 && w1 > 0 && w2 > 0 && w3 > 0))
            continue;
        double wkk = p->nodes[k].w;
        /* Sharing can only lower the four bandwidths below their widths,
         * latencies are >= 0, and T_step grows with every cost: the
         * widths alone give a lower bound, which prunes most candidates
         * without building routes. */
        double Tlow =
            wk->fast ? fast_eval_lb(&ev, wi, rm_host_cost(1.0 / w0, ci_keep, par), wj,
                                    rm_host_cost(cj_keep, 1.0 / w3, par), wkk,
                                    rm_host_cost(1.0 / w2, 1.0 / w1, par))
                     : fast_eval_T(&ev, wk, m, wi, rm_host_cost(1.0 / w0, ci_keep, par), wj,
                                   rm_host_cost(cj_keep, 1.0 / w3, par), wkk,
                                   rm_host_cost(1.0 / w2, 1.0 / w1, par));
        /* the reference scans edges in ring order and keeps the first of
         * equal T_step: with edges out of order, a tie goes to the
         * lexicographically first (edge, host) */
        if (!(Tlow < bestT) && !(wk->fast && Tlow == bestT && e < bs))
            continue;
        /* fast path: a candidate that loses strictly to another scan's
         * insertion cannot be the global best (the winner's T_step is at
         * most that one), so it may be skipped by any scan */
        if (wk->fast && Tlow * (1.0 - 1e-12) > atomic_load_explicit(sc->gbest, memory_order_relaxed))
            continue;
        if ((st = rm_route_from_tree(net, i, 0, wk->arc[0], k, &wk->cand[0], err)) ||
            (st = rm_route_from_tree(net, i, 1, wk->arc[1], k, &wk->cand[1], err)) ||
            (st = rm_route_from_tree(net, j, 1, wk->arc[3], k, &wk->cand[2], err)) ||
            (st = rm_route_from_tree(net, j, 0, wk->arc[2], k, &wk->cand[3], err)))
            goto done;
        wk->cand[0].bandwidth = w0;
        wk->cand[1].bandwidth = w1;
        wk->cand[2].bandwidth = w2;
        wk->cand[3].bandwidth = w3;
        double a[4] = {1.0 / wi, 1.0 / wkk, 1.0 / wkk, 1.0 / wj}, x[4];
        if (wk->fast) {
            /* Lower bound of T_step from the shares (see share_lower_bound):
             * T_step >= max(T5, D_c/D_w * C_k) (as fast_eval_lb) and
             * T5 grows with every cost; c_t >= 1/x_t (latencies >= 0).
             * C_k = c_2 + c_1 >= 1/x_1 + 1/x_2 >= k_lb, or with parallel
             * send max(c_2, c_1) >= k_lb / 2. Summed costs: Ci/wi + Cj/wj
             * + Ck/wk = ci_keep/wi + cj_keep/wj + sum_t a_t c_t, so a
             * lower bound of sum a_t/x_t bounds T5 from below. The
             * relative margin covers rounding. */
            double k_lb;
            double sum_lb = share_lower_bound(wk, wk->res2, wk->cand, a, &k_lb);
            double Tb = Tlow;
            double dk = dc_dw * (par ? 0.5 * k_lb : k_lb);
            if (dk > Tb)
                Tb = dk;
            if (!par) {
                double phi = ci_keep / wi + cj_keep / wj + sum_lb;
                double inv = ev.sum_inv + 1.0 / wi + 1.0 / wj + 1.0 / wkk;
                double T5 = (1.0 + dc_dw * (ev.sum_cw + phi)) / inv;
                if (T5 > Tb)
                    Tb = T5;
            }
            if (Tb * (1.0 - 1e-12) > bestT ||
                Tb * (1.0 - 1e-12) > atomic_load_explicit(sc->gbest, memory_order_relaxed))
                continue;
        }
        if ((st = share_routes(wk, wk->res2, 4, wk->cand, a, x, err)))
            goto done;
        if (!(x[0] > 0 && x[1] > 0 && x[2] > 0 && x[3] > 0))
            continue;
        double c[4];
        for (int t = 0; t < 4; t++)
            c[t] = rm_ring_state_route_cost(net, s, &wk->cand[t], x[t]);
        if (wk->fast) {
            /* a candidate whose bound already loses needs no rm_balance */
            double Tq = fast_eval_lb(&ev, wi, rm_host_cost(c[0], ci_keep, par), wj,
                                     rm_host_cost(cj_keep, c[3], par), wkk,
                                     rm_host_cost(c[2], c[1], par));
            if (Tq > bestT || (Tq == bestT && !(e < bs)) ||
                Tq > atomic_load_explicit(sc->gbest, memory_order_relaxed))
                continue;
        }
        double T = fast_eval_T(&ev, wk, m, wi, rm_host_cost(c[0], ci_keep, par), wj,
                               rm_host_cost(cj_keep, c[3], par), wkk,
                               rm_host_cost(c[2], c[1], par));
        if (T < bestT || (wk->fast && T == bestT && e < bs)) {
            bestT = T;
            double g = atomic_load_explicit(sc->gbest, memory_order_relaxed);
            while (T < g && !atomic_compare_exchange_weak(sc->gbest, &g, T))
                ;
            bk = k;
            bs = e;
            memcpy(sc->bx, x, sizeof sc->bx);
            for (int t = 0; t < 4; t++)
                if ((st = rm_route_copy(&wk->best[t], &wk->cand[t])))
                    goto done;
        }
    }
done:
    sc->bestT = bestT;
    sc->bk = bk;
    sc->bs = bs;
    return st;
}

/* One scan: takes ring edges from the shared cursor (in edge_lb order on the
 * fast path) until none is left or, on the fast path, the next edge's lower
 * bound already loses to this scan's best (every later edge's bound is
 * larger: none of them can beat or tie earlier than the best insertion). A
 * scan's best is never better than the global best, so this pruning is
 * exact whichever scan took which edge. */
static void scan_edges(h2_scan *sc)
{
    const h2_work *wk = sc->wk;
    int q = sc->s->q;
    for (;;) {
        int oe = atomic_fetch_add(sc->next, 1);
        if (oe >= q)
            break;
        int e = oe;
        if (wk->fast && q >= 2) {
            e = wk->order[oe];
            double g = atomic_load_explicit(sc->gbest, memory_order_relaxed);
            if (wk->edge_lb[e] > (sc->bestT < g ? sc->bestT : g) * (1.0 + 1e-12))
                break;
        }
        if ((sc->st = scan_edge(sc, e, &sc->err)))
            break;
    }
}

static void *scan_thread(void *arg)
{
    scan_edges(arg);
    return NULL;
}

/* The second scan's view of the work: the shared read-only state of wk (ring
 * membership, residual, bounds) with the scratch of tw (its own network for
 * the routing scratch, residual copy, trees, routes). */
static void twin_view(h2_work *tv, const h2_work *wk, const h2_work *tw)
{
    *tv = *wk;
    tv->net = tw->net;
    tv->res2 = tw->res2;
    for (int t = 0; t < 4; t++) {
        tv->wid[t] = tw->wid[t];
        tv->arc[t] = tw->arc[t];
        tv->cand[t] = tw->cand[t];
        tv->best[t] = tw->best[t];
    }
    tv->stamp = tw->stamp;
    tv->stamp_now = tw->stamp_now;
    tv->rmask = tw->rmask;
    tv->tw = tw->tw;
    tv->tC = tw->tC;
}

/* Give the view's scratch (routes may have been reallocated) back to tw. */
static void twin_back(h2_work *tw, const h2_work *tv)
{
    for (int t = 0; t < 4; t++) {
        tw->cand[t] = tv->cand[t];
        tw->best[t] = tv->best[t];
    }
    tw->stamp_now = tv->stamp_now;
}

/* One insertion step (§4.4.1–4.4.2): the (host k, ring edge s) of least T_step.
 * Returns RM_OK with *found = 0 if no host can be inserted. On the fast path
 * with a twin work, two POSIX threads scan the ring edges; their bests are
 * merged by (T_step, edge) — the same insertion as the sequential scan. */
static rm_status insert_best(h2_work *wk, rm_ring_state *s, double dc_dw, int *found, rm_error *err)
{
    const rm_network *net = wk->net;
    const rm_platform *p = wk->p;
    int q = s->q;
    rm_status st = RM_OK;
    *found = 0;
    if (wk->fast && q >= 2)
        edge_bounds(wk, s, dc_dw);
    atomic_int next;
    atomic_init(&next, 0);
    _Atomic double gbest;
    atomic_init(&gbest, INFINITY);
    h2_work tv;
    h2_scan sc[2];
    int nsc = wk->fast && wk->twin && q >= H2_THREAD_MIN_Q ? 2 : 1;
    for (int t = 0; t < nsc; t++) {
        memset(&sc[t], 0, sizeof sc[t]);
        sc[t].wk = t ? &tv : wk;
        sc[t].s = s;
        sc[t].dc_dw = dc_dw;
        sc[t].next = &next;
        sc[t].gbest = &gbest;
        sc[t].bestT = INFINITY;
        sc[t].bk = sc[t].bs = -1;
    }
    if (nsc == 2) {
        twin_view(&tv, wk, wk->twin);
        pthread_t th;
        int started = pthread_create(&th, NULL, scan_thread, &sc[1]) == 0;
        scan_edges(&sc[0]);
        if (started)
            pthread_join(th, NULL);
        else
            scan_edges(&sc[1]); /* no thread: the same scans one after the other */
        twin_back(wk->twin, &tv);
    } else {
        scan_edges(&sc[0]);
    }
    for (int t = 0; t < nsc; t++)
        if (sc[t].st) {
            if (err)
                *err = sc[t].err;
            return sc[t].st;
        }
    int win = 0;
    if (nsc == 2 && sc[1].bk >= 0 &&
        (sc[0].bk < 0 || sc[1].bestT < sc[0].bestT ||
         (sc[1].bestT == sc[0].bestT && sc[1].bs < sc[0].bs)))
        win = 1;
    int bk = sc[win].bk, bs = sc[win].bs;
    double *bx = sc[win].bx;
    rm_route *best = sc[win].wk->best;
    if (bk < 0)
        return RM_OK;
    /* apply: give back the edge's two routes, insert k after position bs */
    int ni = (bs + 1) % q;
    give_back_edge(net, wk->residual, s, bs);
    for (int t = 0; t < 4; t++)
        best[t].bandwidth = bx[t];
    take_routes(net, wk->residual, 4, best, +1);
    if ((st = rm_route_copy(&s->succ[bs], &best[0])) ||
        (st = rm_route_copy(&s->pred[ni], &best[3])))
        return st;
    rm_ring_state_insert(s, bs + 1, bk, p->nodes[bk].w);
    if ((st = rm_route_copy(&s->pred[bs + 1], &best[1])) ||
        (st = rm_route_copy(&s->succ[bs + 1], &best[2])))
        return st;
    wk->in_ring[bk] = 1;
    wk->last_k = bk;
    rm_ring_state_costs(net, s);
    *found = 1;
    return RM_OK;
}

/* SharedRing greedy; fast = 0 is the reference code path (every ring edge's
 * four trees at every step), fast = 1 prunes ring edges and pairs by lower
 * bounds and returns the same ring and T_step. */
static rm_status sharedring_run(const rm_network *net, const rm_options *opt, int fast,
                                rm_mapping **out, rm_error *err)
{
    rm_status st = rm_options_check(opt, err);
    if (st)
        return st;
    if (opt->refine == RM_REFINE_KINSOL || opt->refine == RM_REFINE_GLPK)
        return rm_error_set(err, RM_EINPUT, "refinement by KINSOL/GLPK is not available in SharedRing yet");
    const rm_platform *p = net->platform;
    int H = p->n_hosts;
    int max_q = opt->max_q > 0 && opt->max_q < H ? opt->max_q : H;
    double dc_dw = opt->dc_dw;
    rm_ring_state s, best;
    h2_work wk;
    rm_cut_bound cb;
    memset(&cb, 0, sizeof cb);
    if ((st = rm_ring_state_init(&s, max_q, opt, err)))
        return st;
    if ((st = rm_ring_state_init(&best, max_q, opt, err))) {
        rm_ring_state_destroy(&s);
        return st;
    }
    if ((st = work_init(&wk, net, max_q, err))) {
        rm_ring_state_destroy(&s);
        rm_ring_state_destroy(&best);
        return st;
    }
    wk.routing = opt->routing;
    double *sweep = malloc((size_t)max_q * sizeof *sweep);
    if (!sweep) {
        st = rm_error_set(err, RM_ENOMEM, "out of memory");
        goto out;
    }
    for (int k = 0; k < max_q; k++)
        sweep[k] = NAN;
    wk.fast = fast;
    wk.H = H;
    if (fast && max_q >= 3) {
        wk.hidx = malloc((size_t)wk.N * sizeof *wk.hidx);
        wk.full = malloc((size_t)H * H * sizeof *wk.full);
        wk.edge_lb = malloc((size_t)max_q * sizeof *wk.edge_lb);
        wk.order = malloc((size_t)max_q * sizeof *wk.order);
        if (!wk.hidx || !wk.full || !wk.edge_lb || !wk.order) {
            st = rm_error_set(err, RM_ENOMEM, "out of memory in SharedRing (%d hosts)", H);
            goto out;
        }
        for (int v = 0; v < wk.N; v++)
            wk.hidx[v] = -1;
        for (int h = 0; h < H; h++)
            wk.hidx[p->hosts[h]] = h;
        if (max_q >= H2_THREAD_MIN_Q) {
            /* the second scan's work; without memory for it, one scan */
            wk.twin_net = calloc(1, sizeof *wk.twin_net);
            wk.twin = calloc(1, sizeof *wk.twin);
            rm_error terr;
            if (!wk.twin_net || !wk.twin ||
                rm_network_init(wk.twin_net, p, net->duplex, &terr) != RM_OK) {
                free(wk.twin_net);
                free(wk.twin);
                wk.twin_net = NULL;
                wk.twin = NULL;
            } else if (work_init(wk.twin, wk.twin_net, max_q, &terr) != RM_OK) {
                free(wk.twin); /* work_init freed its parts */
                wk.twin = NULL;
            }
        }
    } else {
        wk.fast = 0; /* nothing to prune */
    }
    /* ring of one: the fastest host, no communication */
    int f = rm_fastest_host(p);
    rm_ring_state_insert(&best, 0, f, p->nodes[f].w);
    double bestT = p->nodes[f].w;
    sweep[0] = bestT;
    /* the stopping rule (ring/cut_bound.h): 4 routes of any larger ring
     * share a bridge its hosts span */
    int stop_rule = !opt->full_curve && max_q > 2;
    if (stop_rule && (st = rm_cut_bound_init(&cb, net, 4.0, 2.0, err)))
        goto out;
    if (max_q >= 2) {
        if ((st = best_pair(&wk, &s, dc_dw, err)))
            goto out;
        if (stop_rule) {
            rm_cut_bound_add(&cb, s.ring[0]);
            rm_cut_bound_add(&cb, s.ring[1]);
        }
        for (;;) {
            if (opt->refine == RM_REFINE_MAXMIN || opt->refine == RM_REFINE_OPTIMAL)
                if ((st = refine_state(&wk, &s, opt->refine, err)))
                    goto out;
            double T = state_tstep(&wk, &s, dc_dw);
            sweep[s.q - 1] = T;
            if (T < bestT) {
                bestT = T;
                if ((st = rm_ring_state_copy(&best, &s, err)))
                    goto out;
            }
            if (opt->progress)
                opt->progress(opt->progress_ctx, s.q, max_q, bestT);
            if (s.q >= max_q)
                break;
            /* every larger ring contains this one: T_step >= the bound (the
             * margin covers the solvers' tolerance on capacities) */
            if (stop_rule && dc_dw * rm_cut_bound_value(&cb) * (1.0 - 1e-9) >= bestT)
                break;
            int found;
            if ((st = insert_best(&wk, &s, dc_dw, &found, err)))
                goto out;
            if (!found)
                break;
            if (stop_rule)
                rm_cut_bound_add(&cb, wk.last_k);
        }
    }
    rm_mapping *m;
    if ((st = rm_ring_state_to_mapping(net, &best, dc_dw, &m, err)))
        goto out;
    free(m->sweep_t);
    m->sweep_t = sweep;
    m->n_sweep = max_q;
    sweep = NULL;
    m->heuristic = RM_HEUR_SHARED;
    m->refine = opt->refine;
    *out = m;
out:
    rm_cut_bound_destroy(&cb);
    free(sweep);
    work_destroy(&wk);
    rm_ring_state_destroy(&s);
    rm_ring_state_destroy(&best);
    return st;
}

rm_status rm_sharedring(const rm_network *net, const rm_options *opt, rm_mapping **out,
                        rm_error *err)
{
    return sharedring_run(net, opt, 1, out, err);
}

rm_status rm_sharedring_reference(const rm_network *net, const rm_options *opt, rm_mapping **out,
                                  rm_error *err)
{
    return sharedring_run(net, opt, 0, out, err);
}
