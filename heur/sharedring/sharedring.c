/*
 * sharedring.c — the SharedRing greedy heuristic (H2) of Legrand et al. 2004 §4.4:
 * grow a ring by insertion, routing each new ring edge by a widest path on
 * the residual network and peeling its bandwidth off; the four routes of one
 * insertion share their common links optimally for eq. (5) (§4.4.2); the
 * best ring size is kept (§4.4.1: T_step is not monotone in q), and the
 * growth stops once a lower bound proves that no larger ring can beat it
 * (heur/bounds/cut_bound.h). This file is the paper's step; the exact bounds of the
 * fast path are in heur/sharedring/sharedring_bounds.c, the parallel scan of the ring
 * edges in heur/sharedring/sharedring_scan.c.
 */
#include "bw/maxmin_ring.h"
#include "ring/args.h"
#include "heur/bounds/cut_bound.h"
#include "heur/bounds/res_bound.h"
#include "heur/bounds/cross_bound.h"
#include "heur/sharedring/sharedring_internal.h"
#include "topo/route/widest.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void rmi_h2_work_destroy(h2_work *wk)
{
    free(wk->residual);
    free(wk->res2);
    free(wk->touch);
    free(wk->tmark);
    for (int t = 0; t < 4; t++) {
        free(wk->wid[t]);
        free(wk->arc[t]);
        rm_route_clear(&wk->cand[t]);
        rm_route_clear(&wk->best[t]);
    }
    free(wk->stamp);
    free(wk->rmask);
    free(wk->fx_arcs);
    rmi_h2_fixed_destroy(wk->fx);
    free(wk->in_ring);
    free(wk->tw);
    free(wk->tC);
    free(wk->hidx);
    rmi_h2_wtab_free(wk);
    rmi_h2_fullw_destroy(wk);
    free(wk->kres_out);
    free(wk->kres_in);
    free(wk->edge_lb);
    free(wk->order);
    free(wk->cand_h);
    free(wk->cand_x);
    free(wk->cand_f);
    free(wk->cand_j);
    free(wk->bnd_t);
    free(wk->pinv);
    free(wk->ectx);
    free(wk->pmax_pre);
    free(wk->pmax_suf);
    free(wk->psuf);
    rmi_h2_seq_free(&wk->seq_inv);
    rmi_h2_seq_free(&wk->seq_cw);
    free(wk->pcw);
    free(wk->pd);
    free(wk->out_start);
    free(wk->out_arc);
    free(wk->in_start);
    free(wk->in_arc);
    free(wk->sym_r);
    rmi_h2_sym_destroy(wk->sym);
    rmi_h2_cache_destroy(wk);
    rmi_h2_pool_destroy(wk);
    rmi_mm_ring_free(wk->mmr);
    free(wk->fair_x);
}

rm_status rmi_h2_work_init(h2_work *wk, const rm_network *net, int max_q, rm_error *err)
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
    wk->tmark = calloc(nr, 1);
    wk->touch_all = 1;
    wk->last_pos = wk->best_q = -1;
    wk->in_ring = calloc(N, sizeof(int));
    wk->tw = malloc((size_t)(max_q + 1) * sizeof(double));
    wk->tC = malloc((size_t)(max_q + 1) * sizeof(double));
    wk->pinv = malloc((size_t)(max_q + 1) * sizeof(double));
    wk->pmax_pre = malloc((size_t)(max_q + 1) * sizeof(double));
    wk->pmax_suf = malloc((size_t)(max_q + 1) * sizeof(double));
    wk->psuf = malloc(2 * (size_t)(max_q + 2) * sizeof(double));
    wk->ectx = malloc((size_t)(max_q + 1) * sizeof *wk->ectx);
    wk->pcw = malloc((size_t)(max_q + 1) * sizeof(double));
    wk->pd = malloc((size_t)(max_q + 1) * sizeof(double));
    wk->cand_h = malloc((size_t)(net->platform->n_hosts + 1) * sizeof(int));
    wk->cand_x = malloc((size_t)(net->platform->n_hosts + 1) * sizeof(int));
    wk->cand_f = malloc((size_t)(net->platform->n_hosts + 1) * sizeof(int));
    wk->cand_j = malloc((size_t)(net->platform->n_hosts + 1) * sizeof(int));
    wk->bnd_t = malloc((size_t)(net->platform->n_hosts + 1) * sizeof(double));
    wk->sym_rcap = 4 * wk->N + 4;
    wk->sym_r = malloc(2 * (size_t)wk->sym_rcap * sizeof(int)); /* paths, then cuts */
    int ok = wk->residual && wk->res2 && wk->stamp && wk->rmask && wk->tmark && wk->in_ring && wk->tw && wk->tC &&
             wk->cand_h && wk->cand_x && wk->cand_f && wk->cand_j && wk->bnd_t && wk->sym_r && wk->pinv && wk->pcw && wk->pd && wk->ectx && wk->pmax_pre && wk->pmax_suf && wk->psuf;
    for (int t = 0; t < 4; t++) {
        wk->wid[t] = malloc(N * sizeof(double));
        wk->arc[t] = malloc(N * sizeof(int));
        ok = ok && wk->wid[t] && wk->arc[t];
    }
    if (rm_platform_fixes_routes(net->platform)) { /* fixed_cand's room for four routes */
        wk->fx_room = net->platform->n_links + 1;
        wk->fx_arcs = malloc(4 * (size_t)wk->fx_room * sizeof(int));
        ok = ok && wk->fx_arcs;
    }
    if (!ok) {
        rmi_h2_work_destroy(wk);
        return rm_error_set(err, RM_ENOMEM, "out of memory in SharedRing");
    }
    memcpy(wk->residual, net->res_cap, (size_t)net->n_res * sizeof(double));
    for (int t = 0; t < 4; t++)
        wk->tlow[t] = -1.0;
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
rm_status rmi_h2_share_routes(h2_work *wk, const double *cap, int n, const rm_route *r, const double *a,
                             double *x, rm_error *err)
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

void rmi_h2_touch_route(h2_work *wk, const rm_route *r)
{
    const rm_network *net = wk->net;
    if (wk->touch_all)
        return;
    for (int k = 0; k < r->n_arcs; k++) {
        int a = r->arcs[k];
        int res = a >= 0 && a < net->n_arcs ? net->arc_res[a] : -1;
        if (res < 0 || wk->tmark[res])
            continue;
        if (wk->n_touch >= wk->cap_touch) {
            int c = wk->cap_touch ? 2 * wk->cap_touch : 256;
            int *b = realloc(wk->touch, (size_t)c * sizeof *b);
            if (!b) {
                wk->touch_all = 1; /* every resource at the next flush */
                return;
            }
            wk->touch = b;
            wk->cap_touch = c;
        }
        wk->tmark[res] = 1;
        wk->touch[wk->n_touch++] = res;
    }
}

static int touch_cmp(const void *x, const void *y)
{
    int a = *(const int *)x, b = *(const int *)y;
    return (a > b) - (a < b);
}

void rmi_h2_touch_list(h2_work *wk, const int **out, int *n, int *all)
{
    *all = wk->touch_all;
    if (!wk->touch_all && wk->n_touch > 1)
        qsort(wk->touch, (size_t)wk->n_touch, sizeof *wk->touch, touch_cmp);
    *out = wk->touch;
    *n = wk->touch_all ? 0 : wk->n_touch;
}

void rmi_h2_touch_clear(h2_work *wk)
{
    for (int k = 0; k < wk->n_touch; k++)
        wk->tmark[wk->touch[k]] = 0;
    wk->n_touch = 0;
    wk->touch_all = 0;
}

/* Peel routes r off wk->residual (take_routes's result where the residual
 * is >= 0 elsewhere, as every earlier take_routes left it: only the routes'
 * resources can go below 0), recorded as touched. O(len). */
static void take_routes_wk(h2_work *wk, int n, const rm_route *r)
{
    const rm_network *net = wk->net;
    for (int k = 0; k < n; k++)
        if (r[k].n_arcs > 0) {
            rm_residual_apply(net, wk->residual, &r[k], r[k].bandwidth, +1);
            rmi_h2_touch_route(wk, &r[k]);
        }
    for (int k = 0; k < n; k++)
        for (int x = 0; x < r[k].n_arcs; x++) {
            int a = r[k].arcs[x];
            int res = a >= 0 && a < net->n_arcs ? net->arc_res[a] : -1;
            if (res >= 0 && wk->residual[res] < 0.0)
                wk->residual[res] = 0.0;
        }
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

/* rm_maxmin of the ring of s (its 2q routes: succ, then pred; r: those
 * routes in that order, or NULL) into x: on the fast path by the ring solver
 * kept from the last size (bw/maxmin_ring.h, the same rates bit for bit),
 * else rm_maxmin itself. */
static rm_status ring_maxmin(h2_work *wk, const rm_ring_state *s, const rm_route *r, double *x,
                             rm_error *err)
{
    if (wk->fast && !wk->mmr)
        wk->mmr = rmi_mm_ring_new(wk->net); /* NULL: rm_maxmin */
    if (wk->fast && wk->mmr)
        /* kept: between sizes only insert_best rewrites routes, the broken
         * edge's two (refine_state sets bandwidths only) */
        return rmi_mm_ring_solve(wk->mmr, s->q, s->ring, s->succ, s->pred, 1, x, err);
    int q = s->q;
    rm_route *own = NULL;
    if (!r) { /* the routes in rm_maxmin's order */
        if (!(own = malloc((size_t)(2 * q) * sizeof *own)))
            return rm_error_set(err, RM_ENOMEM, "out of memory valuing a ring under max-min");
        for (int k = 0; k < q; k++) {
            own[k] = s->succ[k];
            own[q + k] = s->pred[k];
        }
        r = own;
    }
    rm_status st = rm_maxmin(wk->net, NULL, 2 * q, r, x, err);
    free(own);
    return st;
}

/* Refinement after an insertion (§4.4.3): recompute every share of the ring's
 * routes on the full capacities, then the residual network. */
static rm_status refine_state(h2_work *wk, rm_ring_state *s, rm_sharing sharing, double tol,
                               rm_error *err)
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
    st = sharing == RM_SHARING_MAXMIN ? ring_maxmin(wk, s, r, x, err)
                                      : rm_share_optimal(net, NULL, n, r, a, tol, x, err);
    if (st)
        goto out;
    for (int k = 0; k < q; k++) {
        s->succ[k].bandwidth = x[k];
        s->pred[k].bandwidth = x[q + k];
    }
    memcpy(wk->residual, net->res_cap, (size_t)net->n_res * sizeof(double));
    take_routes(net, wk->residual, q, s->succ, +1);
    take_routes(net, wk->residual, q, s->pred, +1);
    wk->touch_all = 1;
    rmi_ring_state_costs(net, s);
out:
    free(r);
    free(a);
    free(x);
    return st;
}

static double state_tstep(h2_work *wk, const rm_ring_state *s, double dc_dw)
{
    return rmi_balance_in(wk->cost, s->q, s->w, s->C, dc_dw, NULL);
}

/* The fair network model (rm_options.network = RM_NETWORK_FAIR): the ring of
 * s with every route at its max-min fair rate on the full capacities (the
 * links shared as TCP and SimGrid's CM02 share them): the rates into
 * wk->fair_x (succ, then pred), the ring's order, cycle-times and costs
 * into f (capacity s->max_q; its routes are not copied: fair_best makes
 * the ring of s with these rates when it is the best so far); the greedy's
 * own shares in s stay its construction guide. T_step of f by state_tstep. */
static rm_status fair_state(h2_work *wk, const rm_ring_state *s, rm_ring_state *f, rm_error *err)
{
    int q = s->q, n = 2 * q;
    f->q = q;
    memcpy(f->ring, s->ring, (size_t)q * sizeof *f->ring);
    memcpy(f->w, s->w, (size_t)q * sizeof *f->w);
    memcpy(f->C, s->C, (size_t)q * sizeof *f->C);
    if (q < 2)
        return RM_OK;
    if (n > wk->fair_cap) {
        double *x = realloc(wk->fair_x, (size_t)n * sizeof *x);
        if (!x)
            return rm_error_set(err, RM_ENOMEM, "out of memory valuing a ring under max-min");
        wk->fair_x = x;
        wk->fair_cap = n;
    }
    double *x = wk->fair_x;
    rm_status st = ring_maxmin(wk, s, NULL, x, err);
    if (st)
        return st;
    for (int k = 0; k < q; k++) /* rmi_ring_state_costs with the rates x */
        f->C[k] = rm_host_cost(rmi_ring_state_route_cost(wk->net, s, &s->succ[k], x[k]),
                               rmi_ring_state_route_cost(wk->net, s, &s->pred[k], x[q + k]),
                               s->cost.parallel_send);
    return RM_OK;
}

int rmi_h2_best_incremental = 1;
atomic_long rmi_h2_best_incremental_takes;

/* best := the ring of s (its order, cycle-times, costs and routes with their
 * bandwidths: rmi_ring_state_copy's result). When best was made the ring of
 * s at the size before (wk->best_q == s->q - 1) and s grew by one
 * insert_best since, the two differ only there: between sizes only
 * insert_best rewrites routes (the broken edge's succ at bs and pred at its
 * old successor, the new host's two at bs + 1; refine_state and the fair
 * valuation set bandwidths only, ring_maxmin relies on the same), so best
 * takes the same insertion (rmi_ring_state_insert: its later positions
 * shifted, the routes moved with them) and the routes of positions
 * bs .. bs + 2 (mod q) are copied; the cycle-times, costs and bandwidths
 * of every position are written. O(q) scalars and 6 routes, where the copy
 * is 2q routes' arcs (a third of a flat cluster's growth). */
static rm_status best_take(h2_work *wk, const rm_ring_state *s, rm_ring_state *best,
                           rm_error *err)
{
    int q = s->q, pos = wk->last_pos;
    if (!rmi_h2_best_incremental || wk->best_q != q - 1 || best->q != q - 1 || q < 4 || pos < 1 ||
        pos >= q || s->ring[pos] != wk->last_k) {
        wk->best_q = q;
        return rmi_ring_state_copy(best, s, err);
    }
    rmi_ring_state_insert(best, pos, s->ring[pos], s->w[pos]);
    atomic_fetch_add_explicit(&rmi_h2_best_incremental_takes, 1, memory_order_relaxed);
    for (int t = -1; t <= 1; t++) {
        int k = (pos + t + q) % q;
        if (rm_route_copy(&best->succ[k], &s->succ[k]) || rm_route_copy(&best->pred[k], &s->pred[k]))
            return rm_error_set(err, RM_ENOMEM, "out of memory copying a ring");
    }
    for (int k = 0; k < q; k++) {
        best->w[k] = s->w[k];
        best->C[k] = s->C[k];
        best->succ[k].bandwidth = s->succ[k].bandwidth;
        best->pred[k].bandwidth = s->pred[k].bandwidth;
    }
    wk->best_q = q;
    return RM_OK;
}

/* best: the ring of s at the fair rates of fair_state (wk->fair_x) and
 * the costs f has from them. */
static rm_status fair_best(h2_work *wk, const rm_ring_state *s, const rm_ring_state *f,
                           rm_ring_state *best, rm_error *err)
{
    rm_status st = best_take(wk, s, best, err);
    if (st || s->q < 2)
        return st;
    int q = s->q;
    for (int k = 0; k < q; k++) {
        best->succ[k].bandwidth = wk->fair_x[k];
        best->pred[k].bandwidth = wk->fair_x[q + k];
    }
    memcpy(best->C, f->C, (size_t)q * sizeof *best->C);
    return RM_OK;
}

/* best_pair's trees: on the fast path with factored widths (wk->fw), each
 * host's widest-path tree of the core at full capacity, kept as its arcs at
 * the core nodes only (H x nc ints: the leaf filled on demand, its node's
 * width from the factored widths); else every tree's arcs (H x N ints; none
 * under fixed routes: each pair's route is the platform's, composed on demand) and
 * host-to-host widths (wk->full, or an H x H matrix on the reference path). */
typedef struct pair_trees {
    int compact;
    int nc;
    int fixed;   /* not compact, fixed routes: no tree kept (every route a
                    pair with a width takes is the platform's fixed route) */
    int zoned;   /* fixed, a zone hierarchy: the widths from the parts (wk->fw.zw) */
    int *arc;    /* compact: H x nc; fixed: NULL; else H x N */
    int *tarc;   /* compact, fixed: N scratch arcs of the route being built */
    double *twid; /* compact: N scratch widths (the leaf's node) */
    double *hw;  /* not compact: H x H widths */
} pair_trees;

/* Width host index a -> host index b at full capacity. */
static double pair_width(const h2_work *wk, const pair_trees *pt, int a, int b)
{
    return pt->compact || pt->zoned || !pt->hw ? rm_h2_full(wk, a, b) : pt->hw[(size_t)a * wk->H + b];
}

/* The route host index ha -> host index hb of ha's tree (rm_route_from_tree
 * on the tree rmi_routing_tree gives: its arcs at the core nodes are the core
 * tree's, a leaf's arc is the fill from its node, topo/route/widest.h). */
static rm_status pair_route(h2_work *wk, pair_trees *pt, int ha, int hb, rm_route *r, rm_error *err)
{
    const rm_network *net = wk->net;
    int src = wk->p->hosts[ha], dst = wk->p->hosts[hb];
    if (pt->fixed) { /* what ha's fixed-route tree holds at dst (a width > 0) */
        pt->tarc[dst] = RM_ARC_FIXED;
        return rm_route_from_tree(net, src, 0, pt->tarc, dst, r, err);
    }
    if (!pt->compact)
        return rm_route_from_tree(net, src, 0, pt->arc + (size_t)ha * wk->N, dst, r, err);
    const h2_fullw *f = &wk->fw;
    const int *row = pt->arc + (size_t)ha * pt->nc;
    int v = dst;
    if (f->cpos[dst] < 0) {
        /* a leaf: filled from its node u (width src -> u at full capacity) */
        int u = f->cnode[f->anchor[hb]];
        double wu = f->core[(size_t)f->anchor[ha] * f->nc + f->anchor[hb]];
        pt->twid[u] = f->out[ha] < wu ? f->out[ha] : wu;
        rmi_widest_tree_leaf(net, NULL, src, 0, dst, pt->twid, pt->tarc);
        v = pt->tarc[dst] < 0 ? src : u; /* unreachable: rm_route_from_tree says so */
    }
    for (int n = 0; v != src && n < wk->N; n++) {
        int a = f->cpos[v] >= 0 ? row[f->cpos[v]] : -1;
        pt->tarc[v] = a;
        if (a < 0)
            break;
        v = net->arc_tail[a];
    }
    return rm_route_from_tree(net, src, 0, pt->tarc, dst, r, err);
}

/* The best pair so far: T_step, host indices (hi -1: none), shares. */
typedef struct pair_best {
    double T;
    int hi, hj;
    double x[4];
} pair_best;

/* The fast path's lower bound of pair hi < hj's T_step (host indices,
 * full-capacity widths wij, wji): the unshared value, widths alone, no
 * latency. */
static double pair_lb(const h2_work *wk, const rm_ring_state *s, int hi, int hj, double wij, double wji,
                      double dc_dw)
{
    const rm_platform *p = wk->p;
    double w2l[2] = {p->nodes[p->hosts[hi]].w, p->nodes[p->hosts[hj]].w};
    double C2l[2] = {rmi_host_cost(1.0 / wij, 1.0 / wij, s->cost.parallel_send),
                     rmi_host_cost(1.0 / wji, 1.0 / wji, s->cost.parallel_send)};
    return rmi_balance_in(wk->cost, 2, w2l, C2l, dc_dw, NULL);
}

/* Whether the fast path values pair hi < hj (full-capacity widths wij,
 * wji): both widths positive, its lower bound (pair_lb) not above the best
 * T_step so far, and under fixed routes not a pair of twins of an earlier
 * pair. O(1) but for the twin check (rmi_h2_fixed_pair_dup). */
static int pair_kept(const h2_work *wk, const rm_ring_state *s, int hi, int hj, double wij, double wji,
                     double dc_dw, double best_T)
{
    if (!(wij > 0.0) || !(wji > 0.0))
        return 0;
    if (pair_lb(wk, s, hi, hj, wij, wji, dc_dw) * (1.0 - 1e-12) > best_T)
        return 0;
    return !(wk->fx && rmi_h2_fixed_pair_dup(wk, wk->fx, hi, hj));
}

/* Value pair hi < hj (host indices; full-capacity widths wij, wji > 0):
 * the routes both ways, each used twice (successor and predecessor), shared
 * optimally, their costs and T_step; it becomes pb's when its T_step is
 * less, or equal with a lesser (hi, hj): the first strictly least T_step in
 * (hi, hj) order, whatever order the pairs are valued in. */
static rm_status pair_value(h2_work *wk, pair_trees *pt, const rm_ring_state *s, int hi, int hj, double wij,
                            double wji, double dc_dw, pair_best *pb, rm_error *err)
{
    const rm_network *net = wk->net;
    const rm_platform *p = wk->p;
    int i = p->hosts[hi], j = p->hosts[hj];
    rm_status st;
    if ((st = pair_route(wk, pt, hi, hj, &wk->cand[0], err)) ||
        (st = pair_route(wk, pt, hj, hi, &wk->cand[2], err)) ||
        (st = rm_route_copy(&wk->cand[1], &wk->cand[0])) || (st = rm_route_copy(&wk->cand[3], &wk->cand[2])))
        return st;
    wk->cand[0].bandwidth = wk->cand[1].bandwidth = wij;
    wk->cand[2].bandwidth = wk->cand[3].bandwidth = wji;
    double wi = p->nodes[i].w, wj = p->nodes[j].w;
    double a[4] = {1.0 / wi, 1.0 / wi, 1.0 / wj, 1.0 / wj}, x[4];
    if ((st = rmi_h2_share_routes(wk, NULL, 4, wk->cand, a, x, err)))
        return st;
    if (!(x[0] > 0 && x[1] > 0 && x[2] > 0 && x[3] > 0))
        return RM_OK;
    double c[4];
    for (int t = 0; t < 4; t++)
        c[t] = rmi_ring_state_route_cost(net, s, &wk->cand[t], x[t]);
    double w2[2] = {wi, wj};
    double C2[2] = {rmi_host_cost(c[0], c[1], s->cost.parallel_send),
                    rmi_host_cost(c[2], c[3], s->cost.parallel_send)};
    double T = rmi_balance_in(wk->cost, 2, w2, C2, dc_dw, NULL);
    if (T < pb->T || (T == pb->T && pb->hi >= 0 && (hi < pb->hi || (hi == pb->hi && hj < pb->hj)))) {
        pb->T = T;
        pb->hi = hi;
        pb->hj = hj;
        memcpy(pb->x, x, sizeof pb->x);
        for (int t = 0; t < 4; t++)
            if ((st = rm_route_copy(&wk->best[t], &wk->cand[t])))
                return st;
    }
    return RM_OK;
}

/* Set to 0 (tests only) to take every host pair on a SimGrid star zone too. */
int rmi_h2_pair_classes = 1;

/* Value the first pair of each signature of ordered class pair (A, B)
 * (widths wab, wba: the same for every pair of them) into pb. */
static rm_status class_pair_value(h2_work *wk, h2_pairs *pp, pair_trees *pt, const rm_ring_state *s, int A,
                                  int B, double wab, double wba, double dc_dw, pair_best *pb, rm_error *err)
{
    rm_status st = RM_OK;
    int n = rmi_h2_pairs_of(pp, wk, wk->fx, A, B);
    if (n < 0)
        return rm_error_set(err, RM_ENOMEM, "out of memory in SharedRing's first step");
    for (int k = 0; k < n && !st; k++)
        st = pair_value(wk, pt, s, pp->pair[k].a, pp->pair[k].b, wab, wba, dc_dw, pb, err);
    return st;
}

/* The best pair over the twin classes of one SimGrid star zone
 * (sharedring_pair.c: the widths from each host's pieces, the first pair of
 * each signature valued; the same pair as every pair's scan, bit for bit):
 * the ordered class pairs by their lower bound, the least first, those
 * that can still win. pt: fixed routes, no tree. */
static rm_status best_pair_classes(h2_work *wk, h2_pairs *pp, pair_trees *pt, const rm_ring_state *s,
                                   double dc_dw, pair_best *pb, rm_error *err)
{
    const h2_fixed *fx = wk->fx;
    int C = fx->n_class;
    rm_status st = RM_OK;
    /* the ordered class pairs with a pair a < b and positive widths, by
     * lower bound: first the least one's pairs, then every other's */
    int firstA = -1, firstB = -1;
    double first_lb = INFINITY;
    for (int pass = 0; pass < 2; pass++) {
        for (int A = 0; A < C; A++)
            for (int B = 0; B < C; B++) {
                int ra = fx->mem[fx->cls_start[A]], rb = fx->mem[fx->cls_start[B]];
                int has = A == B ? fx->cls_start[A + 1] - fx->cls_start[A] >= 2
                                 : ra < fx->mem[fx->cls_start[B + 1] - 1];
                double wab = rmi_h2_pairs_width(pp, ra, rb), wba = rmi_h2_pairs_width(pp, rb, ra);
                if (!has || !(wab > 0.0) || !(wba > 0.0))
                    continue;
                double lb = pair_lb(wk, s, ra, rb, wab, wba, dc_dw);
                if (pass == 0) {
                    if (firstA < 0 || lb < first_lb) {
                        firstA = A;
                        firstB = B;
                        first_lb = lb;
                    }
                    continue;
                }
                if ((A == firstA && B == firstB) || lb * (1.0 - 1e-12) > pb->T)
                    continue;
                if ((st = class_pair_value(wk, pp, pt, s, A, B, wab, wba, dc_dw, pb, err)))
                    return st;
            }
        if (pass == 0 && firstA >= 0) {
            int ra = fx->mem[fx->cls_start[firstA]], rb = fx->mem[fx->cls_start[firstB]];
            if ((st = class_pair_value(wk, pp, pt, s, firstA, firstB, rmi_h2_pairs_width(pp, ra, rb),
                                       rmi_h2_pairs_width(pp, rb, ra), dc_dw, pb, err)))
                return st;
        }
    }
    return st;
}

/* The best pair on a zone hierarchy (pt->zoned): every host pair in
 * (hi, hj) order as best_pair's loop takes them, the widths from the
 * parts (rm_h2_full: bit for bit the route-reading widths,
 * sharedring_zones.c), the same lower bound and twin skips. */
static rm_status best_pair_zoned(h2_work *wk, pair_trees *pt, const rm_ring_state *s, double dc_dw,
                                 pair_best *pb, rm_error *err)
{
    int H = wk->H;
    rm_status st = RM_OK;
    for (int hi = 0; hi < H && !st; hi++)
        for (int hj = hi + 1; hj < H && !st; hj++) {
            double wij = rm_h2_full(wk, hi, hj), wji = rm_h2_full(wk, hj, hi);
            if (pair_kept(wk, s, hi, hj, wij, wji, dc_dw, pb->T))
                st = pair_value(wk, pt, s, hi, hj, wij, wji, dc_dw, pb, err);
        }
    return st;
}

/* The best pair under fixed routes on the fast path when neither twin
 * classes nor factored widths apply (a SimGrid fat-tree; sharedring_sig.c):
 * every pair in (hi, hj) order as best_pair's loop takes it, its two
 * routes read once (their widths into wk->full, the table best_pair's tree
 * pass fills: rmi_fixed_route_width_at on the same routes, bit for bit),
 * the same lower bound and twin skips, then valued only when its
 * signature is new: the same pair, T_step and shares. *done = 0 (pb and pt
 * as on entry) when the platform fixes no route or a route is not a walk:
 * the tree pass reports it. */
static rm_status best_pair_sig(h2_work *wk, pair_trees *pt, const rm_ring_state *s, double dc_dw,
                               pair_best *pb, int *done, rm_error *err)
{
    const rm_network *net = wk->net;
    const rm_platform *p = wk->p;
    int H = wk->H, room = p->n_links + 1;
    rm_status st = RM_OK;
    h2_sig sg;
    *done = 0;
    if (!rm_platform_fixes_routes(p))
        return RM_OK; /* the tree pass refuses it */
    int *ab = malloc(2 * (size_t)room * sizeof *ab);
    pt->tarc = malloc((size_t)wk->N * sizeof *pt->tarc);
    if (!ab || !pt->tarc || rmi_h2_sig_init(&sg, net, (size_t)1 << 23)) {
        free(ab);
        return rm_error_set(err, RM_ENOMEM, "out of memory in SharedRing's first step (%d hosts)", H);
    }
    int *ba = ab + room;
    for (int hi = 0; hi < H && !st; hi++)
        if (rm_h2_wtab_set(wk, hi, hi, INFINITY))
            st = rm_error_set(err, RM_ENOMEM, "out of memory in SharedRing's first step (%d hosts)", H);
    for (int hi = 0; hi < H && !st; hi++)
        for (int hj = hi + 1; hj < H && !st; hj++) {
            double wij, wji;
            int n1 = rmi_fixed_route_width_at(net, NULL, hi, hj, p->hosts[hi], p->hosts[hj], ab, &wij);
            int n2 = rmi_fixed_route_width_at(net, NULL, hj, hi, p->hosts[hj], p->hosts[hi], ba, &wji);
            if (n1 < 0 || n2 < 0)
                goto fallback;
            if (rm_h2_wtab_set(wk, hi, hj, wij) || rm_h2_wtab_set(wk, hj, hi, wji)) {
                st = rm_error_set(err, RM_ENOMEM, "out of memory in SharedRing's first step (%d hosts)", H);
                break;
            }
            if (!pair_kept(wk, s, hi, hj, wij, wji, dc_dw, pb->T))
                continue;
            double hdr[4] = {p->nodes[p->hosts[hi]].w, p->nodes[p->hosts[hj]].w, wij, wji};
            int seen = rmi_h2_sig_seen(&sg, hdr, ab, n1, ba, n2);
            if (seen < 0)
                st = rm_error_set(err, RM_ENOMEM, "out of memory in SharedRing's first step (%d hosts)", H);
            else if (!seen)
                st = pair_value(wk, pt, s, hi, hj, wij, wji, dc_dw, pb, err);
            else
                rmi_h2_pair_sig_skips++;
        }
    *done = 1;
    goto out;
fallback:
    *pb = (pair_best){INFINITY, -1, -1, {0}};
    free(pt->tarc);
    pt->tarc = NULL;
out:
    free(ab);
    rmi_h2_sig_free(&sg);
    return st;
}

/* best_pair's trees and widths (pair_trees) from H trees: on the fast
 * path with factored widths each host's core tree, else each host's
 * routing tree and its host-to-host widths (wk->full on the fast path).
 * wid: N scratch widths (NULL: out of memory). */
static rm_status pair_trees_fill(h2_work *wk, pair_trees *pt, double *wid, rm_error *err)
{
    const rm_network *net = wk->net;
    const rm_platform *p = wk->p;
    int H = p->n_hosts, N = wk->N;
    rm_status st = RM_OK;
    if (pt->compact) {
        pt->nc = wk->fw.nc;
        pt->arc = malloc(((size_t)H * pt->nc + 1) * sizeof *pt->arc);
        pt->tarc = malloc((size_t)N * sizeof *pt->tarc);
        pt->twid = malloc((size_t)N * sizeof *pt->twid);
        if (!wid || !pt->arc || !pt->tarc || !pt->twid)
            return rm_error_set(err, RM_ENOMEM, "out of memory for %d widest-path trees", H);
        for (int h = 0; h < H; h++) {
            if ((st = rmi_widest_tree_core(net, NULL, p->hosts[h], 0, wid, pt->tarc, err)))
                return st;
            for (int x = 0; x < pt->nc; x++)
                pt->arc[(size_t)h * pt->nc + x] = pt->tarc[wk->fw.cnode[x]];
        }
    } else {
        /* the H trees' arcs (routes of the chosen pairs) and their
         * host-to-host widths (wk->full on the fast path) */
        int own = !rm_h2_has_wtab(wk);
        pt->hw = own ? malloc((size_t)H * H * sizeof *pt->hw) : NULL;
        if (pt->fixed)
            pt->tarc = malloc((size_t)N * sizeof *pt->tarc);
        else
            pt->arc = malloc((size_t)H * N * sizeof *pt->arc);
        if (!wid || (own && !pt->hw) || !(pt->fixed ? pt->tarc : pt->arc))
            return rm_error_set(err, RM_ENOMEM, "out of memory for %d widest-path trees", H);
        for (int h = 0; h < H; h++) {
            if ((st = rmi_routing_tree(net, wk->routing, NULL, p->hosts[h], 0, wid,
                                      pt->fixed ? NULL : pt->arc + (size_t)h * N, err)))
                return st;
            for (int b = 0; b < H; b++) {
                double w = h == b ? INFINITY : wid[p->hosts[b]];
                if (own)
                    pt->hw[(size_t)h * H + b] = w;
                else if (rm_h2_wtab_set(wk, h, b, w))
                    return rm_error_set(err, RM_ENOMEM, "out of memory for %d widest-path trees", H);
            }
        }
    }
    return st;
}

/* The best pair (§4.4.1): for every pair of hosts, the widest routes both
 * ways, each used twice (successor and predecessor), shared optimally. */
static rm_status best_pair(h2_work *wk, rm_ring_state *s, double dc_dw, rm_error *err)
{
    const rm_network *net = wk->net;
    const rm_platform *p = wk->p;
    int H = p->n_hosts, N = wk->N;
    rm_status st = RM_OK;
    pair_trees pt;
    memset(&pt, 0, sizeof pt);
    pair_best pb = {INFINITY, -1, -1, {0}};
    h2_pairs pp;
    int classes = wk->fast && wk->fx && rmi_h2_pair_classes ? rmi_h2_pairs_init(&pp, wk, wk->fx) : 0;
    double *wid = NULL;
    if (classes < 0)
        return rm_error_set(err, RM_ENOMEM, "out of memory in SharedRing's first step (%d hosts)", H);
    if (classes) {
        /* one SimGrid star zone: no tree, no width table */
        pt.fixed = 1;
        if (!(pt.tarc = malloc((size_t)N * sizeof *pt.tarc)))
            st = rm_error_set(err, RM_ENOMEM, "out of memory in SharedRing's first step (%d hosts)", H);
        else
            st = best_pair_classes(wk, &pp, &pt, s, dc_dw, &pb, err);
        rmi_h2_pairs_free(&pp);
        if (st)
            goto out;
        goto chosen;
    }
    pt.compact = wk->fast && wk->fw.core;
    pt.fixed = !pt.compact && wk->routing == RM_ROUTING_FIXED;
    if (wk->fast && !wk->fw.core && wk->fw.zw) {
        /* a zone hierarchy: the widths from the parts (rm_h2_full), no
         * tree, no width table */
        pt.fixed = pt.zoned = 1;
        if (!(pt.tarc = malloc((size_t)N * sizeof *pt.tarc))) {
            st = rm_error_set(err, RM_ENOMEM, "out of memory in SharedRing's first step (%d hosts)", H);
            goto out;
        }
        if ((st = best_pair_zoned(wk, &pt, s, dc_dw, &pb, err)))
            goto out;
        goto chosen;
    }
    if (wk->fast && pt.fixed && rm_h2_has_wtab(wk) && rmi_h2_pair_sigs) {
        int done;
        if ((st = best_pair_sig(wk, &pt, s, dc_dw, &pb, &done, err)) || done)
            goto chosen_or_out;
    }
    wid = malloc((size_t)N * sizeof *wid);
    double need = pt.compact ? (double)H * wk->fw.nc * sizeof *pt.arc
                             : (pt.fixed ? (double)N : (double)H * N) * sizeof *pt.arc +
                                   (rm_h2_has_wtab(wk) ? 0.0 : (double)H * H * sizeof *pt.hw);
    if ((st = rmi_pair_tables_fit("SharedRing's first step (the best pair, Legrand et al. "
                                  "2004 §4.4.1)", H, need, err))) {
        free(wid);
        return st;
    }
    if ((st = pair_trees_fill(wk, &pt, wid, err)))
        goto out;
    for (int hi = 0; hi < H; hi++) {
        for (int hj = hi + 1; hj < H; hj++) {
            double wij = pair_width(wk, &pt, hi, hj), wji = pair_width(wk, &pt, hj, hi);
            if (!(wij > 0.0) || !(wji > 0.0))
                continue;
            /* fast path: skip a pair whose unshared value cannot win, or a
             * pair of twins of an earlier pair under fixed routes */
            if (wk->fast && !pair_kept(wk, s, hi, hj, wij, wji, dc_dw, pb.T))
                continue;
            if ((st = pair_value(wk, &pt, s, hi, hj, wij, wji, dc_dw, &pb, err)))
                goto out;
        }
    }
chosen_or_out:
    if (st)
        goto out;
chosen:;
    int bi = pb.hi >= 0 ? p->hosts[pb.hi] : -1, bj = pb.hj >= 0 ? p->hosts[pb.hj] : -1;
    double *bx = pb.x;
    if (bi < 0) { /* no pair can exchange messages (e.g. a star under --routing direct):
                     s->q = 0, the caller keeps the ring of one host: a valid input, not refused) */
        s->q = 0;
        goto out;
    }
    s->q = 0;
    rmi_ring_state_insert(s, 0, bi, p->nodes[bi].w);
    rmi_ring_state_insert(s, 1, bj, p->nodes[bj].w);
    rm_route *dst[4] = {&s->succ[0], &s->pred[0], &s->succ[1], &s->pred[1]};
    for (int t = 0; t < 4; t++) {
        if ((st = rm_route_copy(dst[t], &wk->best[t])))
            goto out;
        dst[t]->bandwidth = bx[t];
    }
    rmi_ring_state_costs(net, s);
    /* every resource >= 0 before (capacities, or the refinement's global
     * clamp): the routes' own clamp is take_routes's */
    take_routes_wk(wk, 2, s->succ);
    take_routes_wk(wk, 2, s->pred);
    wk->in_ring[bi] = wk->in_ring[bj] = 1;
    if (wk->sym) {
        rmi_h2_sym_remove(wk->sym, wk->hidx[bi]);
        rmi_h2_sym_remove(wk->sym, wk->hidx[bj]);
    }
    if (wk->fx) {
        rmi_h2_fixed_remove(wk->fx, wk->hidx[bi]);
        rmi_h2_fixed_remove(wk->fx, wk->hidx[bj]);
        rmi_h2_fixed_join(wk, wk->fx, wk->hidx[bi]);
        rmi_h2_fixed_join(wk, wk->fx, wk->hidx[bj]);
    }
out:
    free(wid);
    free(pt.hw);
    free(pt.arc);
    free(pt.tarc);
    free(pt.twid);
    return st;
}

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

/* Clamp the resources of route r to their capacity (give_back_edge's clamp
 * where it can act). O(len). */
static void clamp_route(const rm_network *net, double *residual, const rm_route *r)
{
    for (int k = 0; k < r->n_arcs; k++) {
        int res = net->arc_res[r->arcs[k]];
        if (res >= 0 && residual[res] > net->res_cap[res])
            residual[res] = net->res_cap[res];
    }
}

/* res2 = residual again on the resources of route r. O(len). */
static void restore_route(const rm_network *net, double *res2, const double *residual, const rm_route *r)
{
    for (int k = 0; k < r->n_arcs; k++) {
        int res = net->arc_res[r->arcs[k]];
        if (res >= 0)
            res2[res] = residual[res];
    }
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

/* Tree t + 1 at node v mirrored from tree t (mirror_tree for one node). */
static void mirror_at(h2_work *wk, int t, int v)
{
    wk->wid[t + 1][v] = wk->wid[t][v];
    wk->arc[t + 1][v] = wk->arc[t][v] < 0 ? -1 : (wk->arc[t][v] ^ 1);
}

/* Trees 1 and 3 at node v mirrored from trees 0 and 2. */
static void mirror_one(h2_work *wk, int v)
{
    mirror_at(wk, 0, v);
    mirror_at(wk, 2, v);
}

/* The four widest-path trees of edge (i, j) completed at the leaves that
 * are the candidate hosts cands[0..n_cand-1] (core-mode trees stop at the
 * core; a leaf host hangs off it): from i and j, and to them (mirrored on
 * an undirected half-duplex network). O(n_cand * degree). */
static void tree_leaves(h2_work *wk, const rm_network *net, const rm_platform *p, int i, int j,
                        int mirror, const int *cands, int n_cand)
{
    for (int ci = 0; ci < n_cand; ci++) {
        int k = p->hosts[cands[ci]];
        rmi_widest_tree_leaf(net, wk->res2, i, 0, k, wk->wid[0], wk->arc[0]);
        rmi_widest_tree_leaf(net, wk->res2, j, 0, k, wk->wid[2], wk->arc[2]);
        if (mirror) {
            mirror_one(wk, k);
        } else {
            rmi_widest_tree_leaf(net, wk->res2, i, 1, k, wk->wid[1], wk->arc[1]);
            rmi_widest_tree_leaf(net, wk->res2, j, 1, k, wk->wid[3], wk->arc[3]);
        }
    }
}

/* Trees 1 and 3 at the core nodes and the roots mirrored from 0 and 2 (an
 * undirected half-duplex network; mirror = 0: nothing to do). */
static void core_mirror(h2_work *wk, int i, int j, int mirror)
{
    if (!mirror)
        return;
    int n_core;
    const int *core = rmi_widest_core_nodes(wk->net, &n_core);
    for (int x = 0; x < n_core; x++)
        mirror_one(wk, core[x]);
    mirror_at(wk, 0, i); /* the roots (maybe leaves) */
    mirror_at(wk, 2, j);
}

/* The four widest-path trees of ring edge e at the core nodes on wk->res2
 * (two searches and their mirrors when mirror), stored in the edge's cache
 * for later steps (rmi_h2_trees_reuse). */
static rm_status core_trees(h2_work *wk, const rm_ring_state *s, int e, int mirror, rm_error *err)
{
    const rm_network *net = wk->net;
    int i = s->ring[e], j = s->ring[(e + 1) % s->q];
    rm_status st;
    if ((st = rmi_widest_tree_core(net, wk->res2, i, 0, wk->wid[0], wk->arc[0], err)) ||
        (st = rmi_widest_tree_core(net, wk->res2, j, 0, wk->wid[2], wk->arc[2], err)))
        return st;
    if (!mirror && ((st = rmi_widest_tree_core(net, wk->res2, i, 1, wk->wid[1], wk->arc[1], err)) ||
                    (st = rmi_widest_tree_core(net, wk->res2, j, 1, wk->wid[3], wk->arc[3], err))))
        return st;
    if (wk->ecache && s->q >= 2)
        rmi_h2_trees_store(wk, s, e, mirror);
    for (int t = 0; t < 4; t++)
        wk->tlow[t] = -1.0;
    core_mirror(wk, i, j, mirror);
    return RM_OK;
}

/* After rmi_h2_trees_reuse with some tlow[t] >= 0 and the candidates' leaves
 * filled: the candidates of ring edge e into wk->cand_f (their count),
 * without those whose node has a width <= tlow[t] in a tree t (its exact
 * route in that tree is at most tlow[t] wide) when the O(1) lower bound of
 * rmi_h2_scan_edge with those widths (the others exact) loses to the best
 * insertion found so far (margin of the inexact sums of wk->ectx[e]); -1
 * when one of them may win (the trees are then searched again). That bound
 * is at least D_c/D_w times the cost its low route alone puts on its host
 * (route i->k on C_i, j->k on C_j, k->i or k->j on C_k: every cost >= 0,
 * IEEE sums, maxima and products monotone), so a tree t whose tlow[t]
 * gives a cost that loses already (drop[t], once per edge) drops every
 * candidate low there without its bound: the same candidates.
 * O(n_cand). */
static int low_filter(h2_scan *sc, int e, const int *cands, int n_cand)
{
    h2_work *wk = sc->wk;
    const rm_platform *p = wk->p;
    const edge_ctx *c = &wk->ectx[e];
    int par = sc->s->cost.parallel_send;
    static const int rt[4] = {0, 1, 3, 2}; /* tree of route t (rmi_h2_scan_edge's cand) */
    double lim = atomic_load_explicit(sc->gbest, memory_order_relaxed);
    if (sc->bestT < lim)
        lim = sc->bestT;
    double mg = 1.0 - 2 * H2_CTX_REL - 1e-12;
    double r = sc->dc_dw;
    int drop[4];
    for (int t = 0; t < 4; t++) {
        double x = wk->tlow[t];
        /* tree t: 0 from i (C_i), 1 to i and 3 to j (C_k), 2 from j (C_j) */
        double ct = t == 0 ? rmi_host_cost(1.0 / x, c->ci_keep, par)
                    : t == 2 ? rmi_host_cost(c->cj_keep, 1.0 / x, par)
                             : 1.0 / x;
        drop[t] = x >= 0.0 && r * ct * mg > lim;
    }
    int n = 0;
    for (int ci = 0; ci < n_cand; ci++) {
        int h = cands[ci], k = p->hosts[h], u = wk->kanchor[h];
        if (wk->in_ring[k])
            continue;
        if (!rm_h2_node_low(wk, u, c->i, c->j)) {
            wk->cand_f[n++] = h;
            continue;
        }
        int dropped = 0;
        for (int t = 0; t < 4 && !dropped; t++)
            dropped = drop[t] && u != (t < 2 ? c->i : c->j) && wk->wid[t][u] <= wk->tlow[t];
        if (dropped)
            continue;
        /* route widths: at most tlow below it, else at most its node's
         * (exact there; the leaf's access arc may narrow it) */
        double w[4];
        for (int t = 0; t < 4; t++) {
            int tr = rt[t], root = tr < 2 ? c->i : c->j;
            double wu = u == root ? INFINITY : wk->wid[tr][u];
            w[t] = wk->tlow[tr] >= 0.0 && wu <= wk->tlow[tr] ? wk->tlow[tr] : wu;
        }
        if (!(w[0] > 0 && w[1] > 0 && w[2] > 0 && w[3] > 0))
            continue; /* an exact width of 0: never inserted */
        double Tlow = rmi_h2_fast_eval_lb(&c->ev, c->wi, rmi_host_cost(1.0 / w[0], c->ci_keep, par),
                                          c->wj,
                                         rmi_host_cost(c->cj_keep, 1.0 / w[3], par), p->nodes[k].w,
                                         rmi_host_cost(1.0 / w[2], 1.0 / w[1], par));
        if (!(Tlow * mg > lim))
            return -1;
    }
    return n;
}

atomic_long rmi_h2_local_skips;
int rmi_h2_local_skip_on = 1;

/* Upper bounds of candidate host index h's four route widths (route order
 * of scan_prune) on the trees in wk of ring edge i -> j, from its node's
 * widths (the leaf's access arc may only narrow a route): the exact width
 * above tree t's exact level tlow[t], else tlow[t] (low_filter's). O(1). */
static void node_widths_ub(const h2_work *wk, int h, int i, int j, double *w)
{
    static const int rt[4] = {0, 1, 3, 2}; /* tree of route t */
    int u = wk->kanchor[h];
    for (int t = 0; t < 4; t++) {
        int tr = rt[t], root = tr < 2 ? i : j;
        double wu = u == root ? INFINITY : wk->wid[tr][u];
        w[t] = wk->tlow[tr] >= 0.0 && wu <= wk->tlow[tr] ? wk->tlow[tr] : wu;
    }
}

/* Every insertion into ring edge e (i -> j) changes only the costs of i, j
 * and the new host k, so its T_step is at least D_c/D_w times the largest
 * of C_i, C_j, C_k (the argument at scan_edges' dmax skip: rm_balance
 * returns at least each d, and so does rmi_h2_fast_eval_lb, whose d-term
 * is the same expression). Each of them grows as a route's width falls
 * (c_t >= 1/x_t >= 1/width: shares at most their route's width, latencies
 * >= 0; IEEE divisions, sums, maxima and products monotone), so with the
 * widths' upper bounds of node_widths_ub the least of
 * D_c/D_w max(C_i, C_j, C_k) over the candidates cands[0 .. n_cand) is a
 * lower bound of every insertion's d-term. Stored in e's cache with what it
 * depends on: the stored trees (their step ec->tstep and exact levels
 * wk->tlow: while rmi_h2_trees_reuse keeps both, every core node's width
 * bound is the same, bit for bit) and the context (wi, wj, ci_keep,
 * cj_keep). The hosts out of the ring only become fewer, and a symmetry
 * class's members hang off one node, so every later candidate's node is
 * one of this visit's. After scan_cands (the candidates before low_filter,
 * and the trees the scan reads). O(n_cand). */
static void edge_local_store(h2_work *wk, const rm_ring_state *s, int e, const int *cands, int n_cand,
                             double dc_dw)
{
    int i = s->ring[e], j = s->ring[(e + 1) % s->q];
    h2_ecache *ec = &wk->ecache[wk->hidx[i]];
    const edge_ctx *c = &wk->ectx[e];
    const rm_platform *p = wk->p;
    int par = s->cost.parallel_send;
    ec->sl_tstep = 0;
    if (!ec->tstep || ec->j != j || !cands)
        return;
    double lb = INFINITY;
    for (int ci = 0; ci < n_cand; ci++) {
        int h = cands[ci];
        if (wk->in_ring[p->hosts[h]])
            continue;
        double w[4];
        node_widths_ub(wk, h, i, j, w);
        if (!(w[0] > 0 && w[1] > 0 && w[2] > 0 && w[3] > 0))
            continue; /* a width of 0: never inserted while the bound holds */
        double Ci = rmi_host_cost(1.0 / w[0], c->ci_keep, par);
        double Cj = rmi_host_cost(c->cj_keep, 1.0 / w[3], par);
        double Ck = rmi_host_cost(1.0 / w[2], 1.0 / w[1], par);
        double d = rm_h2_fmax(dc_dw * Ci, rm_h2_fmax(dc_dw * Cj, dc_dw * Ck));
        if (d < lb)
            lb = d;
        else if (!(d >= lb))
            return; /* NaN: no bound */
    }
    ec->sl = lb;
    ec->sl_tstep = ec->tstep;
    memcpy(ec->sl_tlow, wk->tlow, sizeof ec->sl_tlow);
    ec->sl_ctx[0] = c->wi;
    ec->sl_ctx[1] = c->wj;
    ec->sl_ctx[2] = c->ci_keep;
    ec->sl_ctx[3] = c->cj_keep;
}

/* Ring edge e's stored local bound raised to the kept hosts' dmax
 * (edge_local_store) when it holds for the trees rmi_h2_trees_check just
 * proved (the same stored trees, the same exact levels wk->tlow, the same
 * context bit for bit): every insertion into e has T_step at least that
 * (before a relative 1e-12 for rounding); else -1. O(1). */
static double edge_local_bound(const h2_work *wk, const rm_ring_state *s, int e)
{
    int i = s->ring[e], j = s->ring[(e + 1) % s->q];
    const h2_ecache *ec = &wk->ecache[wk->hidx[i]];
    const edge_ctx *c = &wk->ectx[e];
    double ctx[4] = {c->wi, c->wj, c->ci_keep, c->cj_keep};
    if (!rmi_h2_local_skip_on || !ec->sl_tstep || ec->sl_tstep != ec->tstep || ec->j != j ||
        memcmp(ec->sl_tlow, wk->tlow, sizeof ec->sl_tlow) != 0 ||
        memcmp(ec->sl_ctx, ctx, sizeof ctx) != 0)
        return -1.0;
    return rm_h2_fmax(c->ev.dmax, ec->sl);
}

/* 1 when ring edge e's local bound (edge_local_bound) loses to the scan's
 * best (or ties it on a later edge) or to another scan's best: no
 * insertion into e can win. O(1). */
static int edge_local_skip(const h2_scan *sc, int e)
{
    double b = edge_local_bound(sc->wk, sc->s, e);
    if (!(b >= 0.0))
        return 0;
    b *= 1.0 - 1e-12;
    double g = atomic_load_explicit(sc->gbest, memory_order_relaxed);
    if (b > sc->bestT || b > g || (b == sc->bestT && sc->bs >= 0 && e > sc->bs)) {
        atomic_fetch_add_explicit(&rmi_h2_local_skips, 1, memory_order_relaxed);
        return 1;
    }
    return 0;
}

double rmi_h2_edge_local_lb(h2_work *wk, const rm_ring_state *s, int e)
{
    if (!rmi_h2_local_skip_on || !wk->fast || !wk->sym || !wk->ecache || wk->fx || s->q < 2)
        return -1.0;
    int i = s->ring[e];
    const h2_ecache *ec = &wk->ecache[wk->hidx[i]];
    if (!ec->sl_tstep)
        return -1.0;
    rmi_h2_edge_prepare(wk, s, e);
    if (!rmi_h2_trees_check(wk, s, e, mirror_trees(wk->net, wk->routing)))
        return -1.0;
    double b = edge_local_bound(wk, s, e);
    return b >= 0.0 ? b * (1.0 - 1e-12) : -1.0;
}

/* Ring edge e's two routes given back to the residual, in wk->res2. Fast
 * path: res2 == residual here (scan_edges) and residual <= capacity
 * everywhere, so the give-back's clamp only changes the resources of the
 * two routes: O(len) instead of O(resources); undone by scan_restore. */
static void scan_give_back(h2_work *wk, const rm_ring_state *s, int e)
{
    const rm_network *net = wk->net;
    int ni = (e + 1) % s->q;
    if (wk->fast) {
        rm_residual_apply(net, wk->res2, &s->succ[e], s->succ[e].bandwidth, -1);
        rm_residual_apply(net, wk->res2, &s->pred[ni], s->pred[ni].bandwidth, -1);
        clamp_route(net, wk->res2, &s->succ[e]);
        clamp_route(net, wk->res2, &s->pred[ni]);
    } else {
        memcpy(wk->res2, wk->residual, (size_t)net->n_res * sizeof(double));
        give_back_edge(net, wk->res2, s, e);
    }
}

/* wk->res2 = wk->residual again after scan_give_back (fast path: on the
 * two routes' resources; else res2 is a copy, nothing to undo). O(len). */
static void scan_restore(h2_work *wk, const rm_ring_state *s, int e)
{
    if (wk->fast) {
        int ni = (e + 1) % s->q;
        restore_route(wk->net, wk->res2, wk->residual, &s->succ[e]);
        restore_route(wk->net, wk->res2, wk->residual, &s->pred[ni]);
    }
}

void rmi_h2_scan_give_back(h2_work *wk, const rm_ring_state *s, int e)
{
    scan_give_back(wk, s, e);
}

void rmi_h2_scan_restore(h2_work *wk, const rm_ring_state *s, int e)
{
    scan_restore(wk, s, e);
}

/* The four widest-path trees of ring edge e (i -> j) on wk->res2: from and
 * to i (trees 0, 1), from and to j (trees 2, 3). With symmetry classes
 * (wk->sym) the core nodes only, an earlier step's when they are provably
 * this step's (*reused = 1, heur/sharedring/sharedring_inc.c); on an
 * undirected half-duplex network two searches and their mirrors. With
 * sc_local (the fast path's scan), *reused = 2 and no trees when the
 * edge's local bound on the stored trees rules it out (edge_local_skip). */
static rm_status scan_trees(h2_work *wk, const rm_ring_state *s, int e, int mirror,
                            const h2_scan *sc_local, int *reused, rm_error *err)
{
    const rm_network *net = wk->net;
    int i = s->ring[e], j = s->ring[(e + 1) % s->q];
    rm_status st = RM_OK;
    *reused = 0;
    if (wk->sym && wk->ecache && s->q >= 2) {
        rmi_h2_edge_prepare(wk, s, e);
        *reused = rmi_h2_trees_check(wk, s, e, mirror);
        /* the edge's local bound on the stored trees may rule it out
         * before they are copied (edge_local_skip) */
        if (*reused && wk->fast && sc_local && edge_local_skip(sc_local, e)) {
            *reused = 2;
            return RM_OK;
        }
        if (*reused)
            rmi_h2_trees_copy(wk, s, e, mirror);
    }
    if (wk->sym) {
        /* fast path, widest routing: trees of the core nodes only, the
         * candidates' leaves filled later (topo/route/widest.h) */
        if (*reused)
            core_mirror(wk, i, j, mirror);
        else
            st = core_trees(wk, s, e, mirror, err);
    } else if (mirror) {
        /* undirected, half duplex: the tree to a node mirrors the tree
         * from it (tests/test_mirror.c), two trees instead of four */
        if ((st = rmi_routing_tree(net, wk->routing, wk->res2, i, 0, wk->wid[0], wk->arc[0], err)) ||
            (st = rmi_routing_tree(net, wk->routing, wk->res2, j, 0, wk->wid[2], wk->arc[2], err)))
            return st;
        mirror_tree(wk->N, wk->wid[0], wk->arc[0], wk->wid[1], wk->arc[1]);
        mirror_tree(wk->N, wk->wid[2], wk->arc[2], wk->wid[3], wk->arc[3]);
    } else if ((st = rmi_routing_tree(net, wk->routing, wk->res2, i, 0, wk->wid[0], wk->arc[0], err)) ||
               (st = rmi_routing_tree(net, wk->routing, wk->res2, i, 1, wk->wid[1], wk->arc[1], err)) ||
               (st = rmi_routing_tree(net, wk->routing, wk->res2, j, 0, wk->wid[2], wk->arc[2], err)) ||
               (st = rmi_routing_tree(net, wk->routing, wk->res2, j, 1, wk->wid[3], wk->arc[3], err))) {
        return st;
    }
    return st;
}

/* The candidate hosts of ring edge e into *cands_out (host indices; NULL:
 * every host, *n_out = H): one per run of interchangeable hosts (symmetry
 * classes); with reused trees (reused) exact above tlow, without those
 * that cannot win (low_filter), or the trees are searched again. */
static rm_status scan_cands(h2_scan *sc, int e, int mirror, int reused, const int **cands_out,
                            int *n_out, rm_error *err)
{
    h2_work *wk = sc->wk;
    const rm_ring_state *s = sc->s;
    int i = s->ring[e], j = s->ring[(e + 1) % s->q];
    rm_status st;
    int n_cand = wk->p->n_hosts;
    const int *cands = wk->sym ? rmi_h2_sym_candidates(wk, i, j, 1, &n_cand) : NULL;
    const int *all = cands;
    int n_all = n_cand;
    if (reused && (wk->tlow[0] >= 0.0 || wk->tlow[1] >= 0.0 || wk->tlow[2] >= 0.0 ||
                   wk->tlow[3] >= 0.0)) {
        int n = low_filter(sc, e, cands, n_cand);
        if (n >= 0) {
            cands = wk->cand_f;
            n_cand = n;
        } else {
            if ((st = core_trees(wk, s, e, mirror, err)))
                return st;
            n_cand = wk->p->n_hosts;
            cands = rmi_h2_sym_candidates(wk, i, j, 1, &n_cand);
            all = cands;
            n_all = n_cand;
        }
    }
    if (wk->fast && wk->sym && wk->ecache && s->q >= 2)
        edge_local_store(wk, s, e, all, n_all, sc->dc_dw);
    *cands_out = cands;
    *n_out = n_cand;
    return RM_OK;
}

/* Prune: 1 when candidate k (host index h, cycle-time wkk, route widths w
 * in route order: 0 = i->k, 1 = k->i, 2 = k->j, 3 = j->k) cannot beat the
 * scan's best (bestT, on edge bs) by what needs no route: a zero width;
 * T_step of the widths alone (sharing only lowers the four bandwidths
 * below their widths, latencies are >= 0 and T_step grows with every
 * cost), *Tlow_out; on the fast path also another scan's best (sc->gbest)
 * and k's access link shared by its routes. O(1) plus rmi_h2_k_bound. */
static int scan_prune(const h2_scan *sc, const edge_ctx *c, int e, int h, double wkk,
                      const double *w, double bestT, int bs, double *Tlow_out)
{
    h2_work *wk = sc->wk;
    int par = sc->s->cost.parallel_send;
    if (!(w[0] > 0 && w[1] > 0 && w[2] > 0 && w[3] > 0))
        return 1;
    double Ci = rmi_host_cost(1.0 / w[0], c->ci_keep, par);
    double Cj = rmi_host_cost(c->cj_keep, 1.0 / w[3], par);
    double Ck = rmi_host_cost(1.0 / w[2], 1.0 / w[1], par);
    double Tlow = wk->fast ? rmi_h2_fast_eval_lb(&c->ev, c->wi, Ci, c->wj, Cj, wkk, Ck)
                           : rmi_h2_fast_eval_T(&c->ev, wk, c->m, c->wi, Ci, c->wj, Cj, wkk, Ck);
    *Tlow_out = Tlow;
    /* the reference scans edges in ring order and keeps the first of
     * equal T_step: with edges out of order, a tie goes to the
     * lexicographically first (edge, host) */
    /* under the overlap model T >= Tlow holds in exact arithmetic only:
     * rm_balance_overlap sums 1/w in the order of the hosts' d/(1 - F),
     * which the shares may change, so the two can differ by rounding (an
     * ulp where computation covers communication and T = w_cumul) */
    double Tcmp = wk->cost && wk->cost->overlap ? Tlow * (1.0 - 1e-12) : Tlow;
    if (!(Tcmp < bestT) && !(wk->fast && Tlow == bestT && e < bs))
        return 1;
    /* fast path: a candidate that loses strictly to another scan's
     * insertion cannot be the global best (the winner's T_step is at
     * most that one), so it may be skipped by any scan */
    if (wk->fast && Tlow * (1.0 - 1e-12) > atomic_load_explicit(sc->gbest, memory_order_relaxed))
        return 1;
    if (wk->fast) {
        /* the optimal split's bounds from the trees, before the routes
         * are built (rmi_h2_share_tree_bound: they prune most) */
        double a[4] = {1.0 / c->wi, 1.0 / wkk, 1.0 / wkk, 1.0 / c->wj}, ti[4], tk;
        if (rmi_h2_share_tree_bound(wk, wk->res2, c->i, c->j, h, wk->p->hosts[h], w, a, ti, &tk)) {
            double so = a[0] * ti[0] + a[1] * ti[1] + a[2] * ti[2] + a[3] * ti[3];
            double Tt = rmi_h2_share_T_lb(c, wkk, Tlow, par, sc->dc_dw, tk, so, ti[0], ti[3]);
            if (Tt * (1.0 - 1e-12) > bestT ||
                Tt * (1.0 - 1e-12) > atomic_load_explicit(sc->gbest, memory_order_relaxed)) {
                atomic_fetch_add_explicit(&rmi_h2_tree_prunes, 1, memory_order_relaxed);
                return 1;
            }
        }
        /* k's access link shared by its routes (every split) */
        double Tk = rmi_h2_k_bound(wk, c, h, wkk, w, wk->res2, par, sc->dc_dw);
        if (Tk * (1.0 - 1e-12) > bestT ||
            Tk * (1.0 - 1e-12) > atomic_load_explicit(sc->gbest, memory_order_relaxed))
            return 1;
    }
    return 0;
}

/* Route: candidate k's four routes (route order of scan_prune) from the
 * trees of edge i -> j into wk->cand, with their widths w. O(len). */
static rm_status scan_route(h2_work *wk, int i, int j, int k, const double *w, rm_error *err)
{
    const rm_network *net = wk->net;
    rm_status st;
    if ((st = rm_route_from_tree(net, i, 0, wk->arc[0], k, &wk->cand[0], err)) ||
        (st = rm_route_from_tree(net, i, 1, wk->arc[1], k, &wk->cand[1], err)) ||
        (st = rm_route_from_tree(net, j, 1, wk->arc[3], k, &wk->cand[2], err)) ||
        (st = rm_route_from_tree(net, j, 0, wk->arc[2], k, &wk->cand[3], err)))
        return st;
    for (int t = 0; t < 4; t++)
        wk->cand[t].bandwidth = w[t];
    return RM_OK;
}

/* Share: the shares x of the routes wk->cand (weights a = 1/w of their
 * sending hosts) on wk->res2; *skip = 1 when a share is 0 or, on the fast
 * path first, the shares' lower bound proves the candidate loses (Tlow:
 * scan_prune's bound, bestT: the scan's best). */
static rm_status scan_share(const h2_scan *sc, const edge_ctx *c, double wkk, double Tlow,
                            double bestT, const double *a, double *x, int *skip, rm_error *err)
{
    h2_work *wk = sc->wk;
    rm_status st;
    *skip = 1;
    if (wk->fast) {
        /* Lower bound of T_step from the shares (see rmi_h2_share_lower_bound):
         * T_step >= max(T5, D_c/D_w * C_k) (as rmi_h2_fast_eval_lb) and
         * T5 grows with every cost; c_t >= 1/x_t (latencies >= 0).
         * C_k = c_2 + c_1 >= 1/x_1 + 1/x_2 >= k_lb, or with parallel
         * send max(c_2, c_1) >= k_lb / 2. Summed costs: Ci/wi + Cj/wj
         * + Ck/wk = ci_keep/wi + cj_keep/wj + sum_t a_t c_t, so a
         * lower bound of sum a_t/x_t bounds T5 from below. The
         * relative margin covers rounding. The optimal split's bounds
         * (rmi_h2_share_opt_bound) also bound 1/x_0 and 1/x_3, so C_i
         * and C_j, and prune most candidates, so they come first. */
        int par = sc->s->cost.parallel_send;
        double dc_dw = sc->dc_dw, mg = 1.0 - 1e-12;
        double g = atomic_load_explicit(sc->gbest, memory_order_relaxed);
        double lim = bestT < g ? bestT : g;
        /* the optimal split's bounds first (rmi_h2_share_opt_bound: they
         * prune most), then with those for every split */
        double inv[4] = {0.0, 0.0, 0.0, 0.0}, kk = 0.0, so = 0.0;
        if (rmi_h2_share_opt_bound(wk, wk->res2, wk->cand, a, inv, &kk)) {
            so = a[0] * inv[0] + a[1] * inv[1] + a[2] * inv[2] + a[3] * inv[3];
            if (rmi_h2_share_T_lb(c, wkk, Tlow, par, dc_dw, kk, so, inv[0], inv[3]) * mg > lim) {
                atomic_fetch_add_explicit(&rmi_h2_opt_prunes, 1, memory_order_relaxed);
                return RM_OK;
            }
        }
        double k_lb;
        double sum_lb = rmi_h2_share_lower_bound(wk, wk->res2, wk->cand, a, &k_lb);
        double Tb = rmi_h2_share_T_lb(c, wkk, Tlow, par, dc_dw, rm_h2_fmax(k_lb, kk),
                                      rm_h2_fmax(sum_lb, so), inv[0], inv[3]);
        if (Tb * mg > lim)
            return RM_OK;
    }
    if ((st = rmi_h2_share_routes(wk, wk->res2, 4, wk->cand, a, x, err)))
        return st;
    *skip = !(x[0] > 0 && x[1] > 0 && x[2] > 0 && x[3] > 0);
    return RM_OK;
}

/* Evaluate: 1 when inserting the candidate (cycle-time wkk, routes
 * wk->cand with shares x) on edge e beats the scan's best (bestT on edge
 * bs; ties as scan_prune), its T_step in *T_out; on the fast path a
 * candidate whose bound already loses needs no rm_balance. O(q) at worst. */
static int scan_eval(const h2_scan *sc, const edge_ctx *c, int e, double wkk, const double *x,
                     double bestT, int bs, double *T_out)
{
    h2_work *wk = sc->wk;
    const rm_ring_state *s = sc->s;
    int par = s->cost.parallel_send;
    double cost[4];
    for (int t = 0; t < 4; t++)
        cost[t] = rmi_ring_state_route_cost(wk->net, s, &wk->cand[t], x[t]);
    double Ci = rmi_host_cost(cost[0], c->ci_keep, par);
    double Cj = rmi_host_cost(c->cj_keep, cost[3], par);
    double Ck = rmi_host_cost(cost[2], cost[1], par);
    if (wk->fast) {
        double Tq = rmi_h2_fast_eval_lb(&c->ev, c->wi, Ci, c->wj, Cj, wkk, Ck);
        if (Tq > bestT || (Tq == bestT && !(e < bs)) ||
            Tq > atomic_load_explicit(sc->gbest, memory_order_relaxed))
            return 0;
    }
    double T = rmi_h2_fast_eval_T(&c->ev, wk, c->m, c->wi, Ci, c->wj, Cj, wkk, Ck);
    *T_out = T;
    return T < bestT || (wk->fast && T == bestT && e < bs);
}

/* The scan's new best: host node k on edge e with T_step T and shares x
 * (*bestT, *bk, *bs, sc->bx, the routes wk->cand into wk->best), and the
 * least T_step of all scans (sc->gbest) lowered to T. */
static rm_status scan_take(h2_scan *sc, int e, int k, double T, const double *x, double *bestT,
                           int *bk, int *bs)
{
    h2_work *wk = sc->wk;
    rm_status st;
    *bestT = T;
    double g = atomic_load_explicit(sc->gbest, memory_order_relaxed);
    while (T < g && !atomic_compare_exchange_weak(sc->gbest, &g, T))
        ;
    *bk = k;
    *bs = e;
    memcpy(sc->bx, x, sizeof sc->bx);
    for (int t = 0; t < 4; t++)
        if ((st = rm_route_copy(&wk->best[t], &wk->cand[t])))
            return st;
    return RM_OK;
}

/* Fixed routes on the fast path: a ring edge's candidates are evaluated
 * from their own four routes (fixed_cand) instead of the four "trees" of
 * every host's fixed route (topo/route/routing.c), which cost O(H R^2) per
 * scanned ring edge. Needs the full-capacity widths (wk->full, or
 * wk->fw.su and sd on one star zone, or wk->fw.zw on a zone hierarchy) and
 * wk->fx_arcs. */
static int fixed_lazy(const h2_work *wk)
{
    return wk->fast && wk->routing == RM_ROUTING_FIXED && wk->hidx && (rm_h2_has_wtab(wk) || wk->fw.su || wk->fw.zw) &&
           !wk->fw.core && wk->fx_arcs;
}

/* Fixed routes, fast path: candidate k (host index h, cycle-time wkk) of
 * ring edge e (i -> j). First the full-capacity widths wk->full of its four
 * routes (route order of scan_prune): a fixed route's width is the least
 * residual along it, so these bound its widths on wk->res2 (<= capacity)
 * from above, and the lower bound rmi_h2_fast_eval_lb is nondecreasing in
 * every cost (IEEE operations are monotone): a candidate they prune,
 * scan_prune prunes with the exact widths too. Else its four routes' arcs
 * into wk->fx_arcs (fn[t] of them) and their exact widths w on wk->res2,
 * bit for bit the fixed trees' (rmi_fixed_route_width). Returns 1 when k
 * is pruned (or *st is set: a route that is not a walk), else 0. O(R^2). */
static int fixed_cand(const h2_scan *sc, const edge_ctx *c, int e, int h, int i, int j,
                      double wkk, double bestT, int bs, double *w, int *fn, rm_status *st,
                      rm_error *err)
{
    h2_work *wk = sc->wk;
    const rm_platform *p = wk->p;
    int par = sc->s->cost.parallel_send;
    int hi = wk->hidx[i], hj = wk->hidx[j], k = p->hosts[h];
    double u[4] = {rm_h2_full(wk, hi, h), rm_h2_full(wk, h, hi), rm_h2_full(wk, h, hj),
                   rm_h2_full(wk, hj, h)};
    if (!(u[0] > 0 && u[1] > 0 && u[2] > 0 && u[3] > 0))
        return 1; /* an exact width of 0 too */
    double Tl = rmi_h2_fast_eval_lb(&c->ev, c->wi, rmi_host_cost(1.0 / u[0], c->ci_keep, par),
                                    c->wj,
                                    rmi_host_cost(c->cj_keep, 1.0 / u[3], par), wkk,
                                    rmi_host_cost(1.0 / u[2], 1.0 / u[1], par));
    if (!(Tl < bestT) && !(Tl == bestT && e < bs))
        return 1;
    if (Tl * (1.0 - 1e-12) > atomic_load_explicit(sc->gbest, memory_order_relaxed))
        return 1;
    const int ends[4][2] = {{i, k}, {k, i}, {k, j}, {j, k}};
    const int hend[4][2] = {{hi, h}, {h, hi}, {h, hj}, {hj, h}};
    for (int t = 0; t < 4; t++) {
        fn[t] = rmi_fixed_route_width_at(wk->net, wk->res2, hend[t][0], hend[t][1], ends[t][0],
                                         ends[t][1], wk->fx_arcs + (size_t)t * wk->fx_room, &w[t]);
        if (fn[t] < 0) {
            *st = rm_error_set(err, RM_EINPUT, "fixed route %s -> %s is not a walk over usable links",
                               p->nodes[ends[t][0]].label, p->nodes[ends[t][1]].label);
            return 1;
        }
    }
    return 0;
}

/* Fixed routes, fast path: candidate k's four routes from fixed_cand's arcs
 * into wk->cand (what scan_route takes from the fixed trees). */
static rm_status fixed_cand_routes(h2_work *wk, int i, int j, int k, const double *w, const int *fn,
                                   rm_error *err)
{
    const int ends[4][2] = {{i, k}, {k, i}, {k, j}, {j, k}};
    for (int t = 0; t < 4; t++) {
        rm_route r = {ends[t][0], ends[t][1], fn[t], wk->fx_arcs + (size_t)t * wk->fx_room, w[t]};
        if (rm_route_copy(&wk->cand[t], &r))
            return rm_error_set(err, RM_ENOMEM, "out of memory for a route of %d arcs", fn[t]);
    }
    return RM_OK;
}

/* Every candidate host k of ring edge e (i -> j): trees on the residual with
 * the edge's routes given back, then per candidate prune (bounds), route,
 * share, evaluate (T_step); updates sc's best. Writes only sc and sc->wk's
 * scratch. O(E log N + H (L + share)). */
rm_status rmi_h2_scan_edge(h2_scan *sc, int e, rm_error *err)
{
    h2_work *wk = sc->wk;
    const rm_ring_state *s = sc->s;
    const rm_platform *p = wk->p;
    int q = s->q;
    double bestT = sc->bestT;
    int bk = sc->bk, bs = sc->bs;
    int i = s->ring[e], j = s->ring[(e + 1) % q];
    int mirror = mirror_trees(wk->net, wk->routing);
    int reused, n_cand = p->n_hosts, lazy = fixed_lazy(wk);
    const int *cands = NULL;
    edge_ctx c;
    rm_status st = RM_OK;
    if (lazy && wk->fx && wk->fx->inc && q >= 2) {
        /* fixed routes, incremental: an edge its cache's bound already
         * rules out, before its routes are given back (and restored); else
         * the edge's runs from its cache (the scan gives the edge's routes
         * back, and restores them, only if a run reads the residual) */
        if (rmi_h2_fixed_edge_pruned(sc, e))
            return RM_OK;
        c = wk->ectx[e];
        return rmi_h2_fixed_scan_cached(sc, e, &c, err);
    }
    scan_give_back(wk, s, e);
    if (!lazy) {
        st = scan_trees(wk, s, e, mirror, sc, &reused, err);
        if (!st && reused == 2)
            goto done; /* ruled out by its local bound (edge_local_skip) */
        if (!st)
            st = scan_cands(sc, e, mirror, reused, &cands, &n_cand, err);
    } else if (wk->fx) {
        /* fixed routes: one candidate per run of twins (sharedring_fixed.c) */
        n_cand = rmi_h2_fixed_candidates(wk, wk->fx, i, j, wk->cand_h, wk->fx_arcs,
                                         4 * wk->fx_room);
        cands = wk->cand_h;
    }
    if (st)
        goto done;
    /* costs of the hosts other than i, j, k are unchanged */
    if (wk->fast && q >= 2 && cands && wk->ecache && rmi_h2_cache_admit(wk, s, e)) {
        /* incremental: the edge's cached costs (heur/sharedring/sharedring_inc.c),
         * with this step's context of rmi_h2_edge_bounds (its sums exact
         * only when needed); an edge of more than H2_CACHE_MAX_CAND
         * candidates keeps only those that passed the pruning bounds */
        c = wk->ectx[e];
        tree_leaves(wk, wk->net, p, i, j, mirror, cands, n_cand);
        st = rmi_h2_scan_cached(sc, e, &c, cands, n_cand, err);
        bestT = sc->bestT;
        bk = sc->bk;
        bs = sc->bs;
        goto done;
    }
    rmi_h2_edge_ctx_init(&c, wk, s, e, sc->dc_dw);
    if (cands && !lazy)
        tree_leaves(wk, wk->net, p, i, j, mirror, cands, n_cand);
    for (int ci = 0; ci < n_cand; ci++) {
        int h = cands ? cands[ci] : ci;
        int k = p->hosts[h];
        if (wk->in_ring[k])
            continue;
        /* route t's width: tree 0 = i->k, 1 = k->i, 3 = k->j, 2 = j->k
         * (fixed routes, fast path: k's own routes, fixed_cand) */
        double w[4], wkk = p->nodes[k].w, Tlow, x[4], T;
        int skip, fn[4];
        if (lazy) {
            if (fixed_cand(sc, &c, e, h, i, j, wkk, bestT, bs, w, fn, &st, err)) {
                if (st)
                    goto done;
                continue;
            }
        } else {
            w[0] = wk->wid[0][k];
            w[1] = wk->wid[1][k];
            w[2] = wk->wid[3][k];
            w[3] = wk->wid[2][k];
        }
        if (scan_prune(sc, &c, e, h, wkk, w, bestT, bs, &Tlow))
            continue;
        if ((st = lazy ? fixed_cand_routes(wk, i, j, k, w, fn, err)
                       : scan_route(wk, i, j, k, w, err)))
            goto done;
        double a[4] = {1.0 / c.wi, 1.0 / wkk, 1.0 / wkk, 1.0 / c.wj};
        if ((st = scan_share(sc, &c, wkk, Tlow, bestT, a, x, &skip, err)))
            goto done;
        if (skip || !scan_eval(sc, &c, e, wkk, x, bestT, bs, &T))
            continue;
        if ((st = scan_take(sc, e, k, T, x, &bestT, &bk, &bs)))
            goto done;
    }
done:
    scan_restore(wk, s, e);
    sc->bestT = bestT;
    sc->bk = bk;
    sc->bs = bs;
    return st;
}

/* One insertion step (§4.4.1–4.4.2): the (host k, ring edge s) of least
 * T_step (rmi_h2_scan_all), then its application: give back the edge's two
 * routes, peel the four new ones off the residual, insert k. Returns RM_OK
 * with *found = 0 if no host can be inserted. */
static rm_status insert_best(h2_work *wk, rm_ring_state *s, double dc_dw, int *found, rm_error *err)
{
    const rm_network *net = wk->net;
    const rm_platform *p = wk->p;
    int q = s->q;
    rm_status st = RM_OK;
    *found = 0;
    h2_choice ch;
    if ((st = rmi_h2_scan_all(wk, s, dc_dw, &ch, err)))
        return st;
    int bk = ch.bk, bs = ch.bs;
    rm_route *best = ch.best;
    if (bk < 0)
        return RM_OK;
    /* apply: give back the edge's two routes, insert k after position bs */
    int ni = (bs + 1) % q;
    /* 0 <= residual <= capacity everywhere before (every give-back and
     * take clamps where it acts): give_back_edge and take_routes clamp the
     * routes' resources only, bit for bit their global clamps */
    {
        const rm_route *gb[2] = {&s->succ[bs], &s->pred[ni]};
        for (int g = 0; g < 2; g++) {
            rm_residual_apply(net, wk->residual, gb[g], gb[g]->bandwidth, -1);
            rmi_h2_touch_route(wk, gb[g]);
        }
        clamp_route(net, wk->residual, gb[0]);
        clamp_route(net, wk->residual, gb[1]);
    }
    for (int t = 0; t < 4; t++)
        best[t].bandwidth = ch.bx[t];
    take_routes_wk(wk, 4, best);
    if ((st = rm_route_copy(&s->succ[bs], &best[0])) ||
        (st = rm_route_copy(&s->pred[ni], &best[3])))
        return st;
    rmi_ring_state_insert(s, bs + 1, bk, p->nodes[bk].w);
    if ((st = rm_route_copy(&s->pred[bs + 1], &best[1])) ||
        (st = rm_route_copy(&s->succ[bs + 1], &best[2])))
        return st;
    wk->in_ring[bk] = 1;
    if (wk->sym)
        rmi_h2_sym_remove(wk->sym, wk->hidx[bk]);
    if (wk->fx) {
        rmi_h2_fixed_remove(wk->fx, wk->hidx[bk]);
        rmi_h2_fixed_join(wk, wk->fx, wk->hidx[bk]);
    }
    wk->last_k = bk;
    wk->last_pos = bs + 1;
    rmi_ring_state_costs(net, s);
    *found = 1;
    return RM_OK;
}

/* Host node v joins the ring of the stopping bounds in use (NULL: not used). */
static void stop_bounds_add(rm_cut_bound *cb, rm_host_bound *hb, rm_res_bound *rb, int v)
{
    if (cb)
        rmi_cut_bound_add(cb, v);
    if (hb)
        rmi_host_bound_add(hb, v);
    if (rb)
        rmi_res_bound_add(rb, v);
}

/* The stopping rule of a SharedRing run (heur/bounds/cut_bound.h): 4 routes
 * of any larger ring share a bridge its hosts span (rm_cut_bound), and
 * every host's two routes leave through its own links (rm_host_bound,
 * eq. (1)); with the resource and crossing bounds (heur/bounds/res_bound.h,
 * cross_bound.h) — each only where it is proven for the cost model (its
 * valid_for). */
typedef struct sr_stop {
    int rule; /* the rule applies: not full_curve, max_q > 2 */
    int use_cut, use_host, use_res, use_cross;
    rm_cut_bound cb;
    rm_host_bound hb;
    rm_res_bound rb;
    rm_cross_bound xb;
} sr_stop;

/* The bounds of b in use for a run of up to max_q hosts (b zeroed first:
 * sr_stop_destroy frees it after a failure too). */
static rm_status sr_stop_init(sr_stop *b, const rm_network *net, const rm_options *opt, int max_q,
                              rm_error *err)
{
    rm_status st = RM_OK;
    memset(b, 0, sizeof *b);
    b->rule = !opt->full_curve && max_q > 2;
    b->use_cut = b->rule && rmi_cut_bound_valid_for(&opt->cost, opt->network);
    b->use_host = b->rule && rmi_host_bound_valid_for(&opt->cost, opt->network);
    b->use_res = b->rule && rmi_res_bound_valid_for(&opt->cost, opt->network);
    b->use_cross = b->rule && rmi_cross_bound_valid_for(&opt->cost, opt->network);
    if (((b->use_cut || b->use_cross) && (st = rmi_cut_bound_init(&b->cb, net, 4.0, 2.0, err))) ||
        (b->use_host && (st = rmi_host_bound_init_shared(&b->hb, net, opt->cost.parallel_send, err))) ||
        (b->use_res && (st = rmi_res_bound_init(&b->rb, net, opt, err))) ||
        (b->use_cross && (st = rmi_cross_bound_init(&b->xb, &b->cb, net, err))))
        return st;
    return RM_OK;
}

static void sr_stop_destroy(sr_stop *b)
{
    rmi_cut_bound_destroy(&b->cb);
    rmi_host_bound_destroy(&b->hb);
    rmi_res_bound_destroy(&b->rb);
    rmi_cross_bound_destroy(&b->xb);
}

/* Host node v joins the ring of the bounds in use. */
static void sr_stop_add(sr_stop *b, int v)
{
    stop_bounds_add(b->use_cut ? &b->cb : NULL, b->use_host ? &b->hb : NULL,
                    b->use_res ? &b->rb : NULL, v);
}

/* 1 when the ring s stops growing: --stop-patience (a heuristic, off by
 * default: no better ring than best, of T_step bestT, in the last
 * stop_patience sizes), or every larger ring contains this one: T_step >=
 * the cut bound, and T_step >= min(bestT, the host bound) (the margin
 * covers the solvers' tolerance on capacities): none can be better. */
static int sr_stop_now(sr_stop *b, const rm_options *opt, const rm_ring_state *s,
                       const rm_ring_state *best, double dc_dw, double bestT)
{
    if (b->rule && opt->stop_patience > 0 && s->q - best->q >= opt->stop_patience)
        return 1;
    return (b->use_cut && dc_dw * rm_cut_bound_value(&b->cb) * (1.0 - 1e-9) >= bestT) ||
           (b->use_host && rmi_host_bound_value(&b->hb, dc_dw, bestT) * (1.0 - 1e-9) >= bestT) ||
           (b->use_res && rmi_res_bound_value(&b->rb, dc_dw) * (1.0 - 1e-9) >= bestT) ||
           (b->use_cross &&
            dc_dw * rmi_cross_bound_value(&b->xb, s->ring, s->q) * (1.0 - 1e-9) >= bestT);
}

/* The fast path's tables of wk for a run of up to max_q hosts (host
 * indices, symmetry classes, adjacency, widths, incremental cache, thread
 * pool), each only where it is proven for the cost model; wk->fast = 0
 * when there is nothing to prune (max_q < 3). */
static rm_status sharedring_fast_init(h2_work *wk, const rm_network *net, const rm_options *opt,
                                      int max_q, rm_error *err)
{
    const rm_platform *p = net->platform;
    int H = p->n_hosts;
    rm_status st;
    if (!(wk->fast && max_q >= 3)) {
        wk->fast = 0; /* nothing to prune */
        return RM_OK;
    }
    wk->hidx = malloc((size_t)wk->N * sizeof *wk->hidx);
    wk->edge_lb = malloc((size_t)max_q * sizeof *wk->edge_lb);
    wk->order = malloc((size_t)max_q * sizeof *wk->order);
    if (!wk->hidx || !wk->edge_lb || !wk->order)
        return rm_error_set(err, RM_ENOMEM, "out of memory in SharedRing (%d hosts)", H);
    for (int v = 0; v < wk->N; v++)
        wk->hidx[v] = -1;
    for (int h = 0; h < H; h++)
        wk->hidx[p->hosts[h]] = h;
    if (wk->routing == RM_ROUTING_WIDEST && rmi_h2_sym_valid_for(&opt->cost))
        wk->sym = rmi_h2_sym_new(net); /* NULL: every host a candidate */
    if ((st = rmi_h2_adjacency(wk, err)) || (st = rmi_h2_fullw_init(wk, err)) ||
        (st = rmi_h2_kres_init(wk, err)))
        return st;
    rmi_h2_tree_bound_init(wk, mirror_trees(net, wk->routing));
    if (fixed_lazy(wk) && rmi_h2_sym_valid_for(&opt->cost))
        wk->fx = rmi_h2_fixed_new(wk); /* NULL: every host a candidate */
    /* fixed routes, greedy sharing: each ring edge keeps its runs' widths,
     * shares and costs across steps (the incremental scan's conditions) */
    if (wk->fx && opt->sharing == RM_SHARING_GREEDY && rmi_h2_inc_valid_for(&opt->cost))
        rmi_h2_fixed_inc_init(wk, wk->fx); /* 0: the plain scan */
    if (wk->sym && opt->sharing == RM_SHARING_GREEDY && rmi_h2_inc_valid_for(&opt->cost) &&
        (st = rmi_h2_cache_init(wk, err)))
        return st;
    if (max_q >= H2_THREAD_MIN_Q)
        rmi_h2_pool_create(wk, rmi_h2_threads(opt), max_q);
    return RM_OK;
}

/* The greedy from the best pair (§4.4.1): each size's T_step into sweep
 * (after its sharing step, opt->sharing; with fs, valued under max-min:
 * the fair network model), the best ring so far into best
 * (T_step bestT: the ring of one's before), one insertion per size
 * (insert_best) until max_q hosts, no host fits or the stopping rule b. */
static rm_status sharedring_grow(h2_work *wk, rm_ring_state *s, rm_ring_state *best,
                                 rm_ring_state *fs, const rm_options *opt, sr_stop *b, int max_q,
                                 double bestT, double *sweep, rm_error *err)
{
    double dc_dw = opt->cost.dc_dw;
    /* fs: the scratch state of the fair valuation (NULL: not needed) */
    int fair = fs != NULL;
    rm_status st;
    if ((st = best_pair(wk, s, dc_dw, err)))
        return st;
    if (s->q < 2)
        return RM_OK; /* no two hosts can talk: the ring of one host */
    for (int k = 0; k < 2; k++)
        sr_stop_add(b, s->ring[k]);
    for (;;) {
        if (opt->sharing == RM_SHARING_MAXMIN || opt->sharing == RM_SHARING_EQ5)
            if ((st = refine_state(wk, s, opt->sharing, opt->share_tol, err)))
                return st;
        /* under the fair network model every size is valued with max-min
         * shares (already the state's with --sharing maxmin); the greedy's
         * or eq. (5)'s shares only guide the construction */
        const rm_ring_state *v = s;
        if (fair) {
            if ((st = fair_state(wk, s, fs, err)))
                return st;
            v = fs;
        }
        double T = state_tstep(wk, v, dc_dw);
        sweep[s->q - 1] = T;
        if (T < bestT) {
            bestT = T;
            if ((st = fair ? fair_best(wk, s, fs, best, err) : best_take(wk, v, best, err)))
                return st;
        }
        if (opt->progress)
            opt->progress(opt->progress_ctx, s->q, max_q, bestT);
        if (s->q >= max_q || sr_stop_now(b, opt, s, best, dc_dw, bestT))
            break;
        int found;
        if ((st = insert_best(wk, s, dc_dw, &found, err)))
            return st;
        if (!found)
            break;
        sr_stop_add(b, wk->last_k);
    }
    return RM_OK;
}

/* SharedRing greedy; fast = 0 is the reference code path (every ring edge's
 * four trees at every step), fast = 1 prunes ring edges and pairs by lower
 * bounds and returns the same ring and T_step. */
static rm_status sharedring_run(const rm_network *net, const rm_options *opt, int fast,
                                rm_mapping **out, rm_error *err)
{
    rm_status st; /* net, opt and out checked by the entry (rm_sharedring) */
    const rm_platform *p = net->platform;
    int H = p->n_hosts;
    int max_q = opt->max_q > 0 && opt->max_q < H ? opt->max_q : H;
    double dc_dw = opt->cost.dc_dw;
    rm_ring_state s, best, fs;
    h2_work wk;
    sr_stop b;
    memset(&b, 0, sizeof b);
    memset(&fs, 0, sizeof fs);
    /* the fair network model values each size under max-min: already the
     * state's shares with --sharing maxmin, else a scratch copy (fs) */
    int fair = opt->network == RM_NETWORK_FAIR && opt->sharing != RM_SHARING_MAXMIN;
    if ((st = rmi_ring_state_init(&s, max_q, opt, err)))
        return st;
    if ((st = rmi_ring_state_init(&best, max_q, opt, err))) {
        rmi_ring_state_destroy(&s);
        return st;
    }
    if ((fair && (st = rmi_ring_state_init(&fs, max_q, opt, err))) ||
        (st = rmi_h2_work_init(&wk, net, max_q, err))) {
        rmi_ring_state_destroy(&s);
        rmi_ring_state_destroy(&best);
        rmi_ring_state_destroy(&fs);
        return st;
    }
    wk.routing = opt->routing;
    wk.cost = &opt->cost;
    double *sweep = malloc((size_t)max_q * sizeof *sweep);
    if (!sweep) {
        st = rm_error_set(err, RM_ENOMEM, "out of memory");
        goto out;
    }
    for (int k = 0; k < max_q; k++)
        sweep[k] = NAN;
    /* each part of the fast path only where it is proven for the cost model
     * (its valid_for); else the reference path for it */
    wk.fast = fast && rmi_h2_fast_valid_for(&opt->cost);
    wk.H = H;
    if ((st = sharedring_fast_init(&wk, net, opt, max_q, err)))
        goto out;
    /* ring of one: the fastest host, no communication */
    int f = rmi_fastest_host(p);
    rmi_ring_state_insert(&best, 0, f, p->nodes[f].w);
    double bestT = p->nodes[f].w;
    sweep[0] = bestT;
    if ((st = sr_stop_init(&b, net, opt, max_q, err)))
        goto out;
    if (max_q >= 2 && (st = sharedring_grow(&wk, &s, &best, fair ? &fs : NULL, opt, &b, max_q,
                                            bestT, sweep, err)))
        goto out;
    rm_mapping *m;
    if ((st = rmi_ring_state_to_mapping(net, &best, dc_dw, &m, err)))
        goto out;
    free(m->sweep_t);
    m->sweep_t = sweep;
    m->n_sweep = max_q;
    sweep = NULL;
    m->heuristic = RM_HEUR_SHARED;
    m->sharing = opt->sharing;
    *out = m;
out:
    sr_stop_destroy(&b);
    free(sweep);
    rmi_h2_work_destroy(&wk);
    rmi_ring_state_destroy(&s);
    rmi_ring_state_destroy(&best);
    rmi_ring_state_destroy(&fs);
    return st;
}

rm_status rmi_sharedring(const rm_network *net, const rm_options *opt, rm_mapping **out,
                         rm_error *err)
{
    return sharedring_run(net, opt, 1, out, err);
}

rm_status rm_sharedring(const rm_network *net, const rm_options *opt, rm_mapping **out,
                        rm_error *err)
{
    rm_options run; /* opt with its routing resolved */
    rm_status st = rmi_heuristic_args_check(net, opt, out, "rm_sharedring", &run,
                                            err); /* ring/args.h */
    return st ? st : rmi_sharedring(net, &run, out, err);
}

rm_status rmi_sharedring_reference(const rm_network *net, const rm_options *opt, rm_mapping **out,
                                  rm_error *err)
{
    rm_options run; /* opt with its routing resolved */
    rm_status st = rmi_heuristic_args_check(net, opt, out, "rmi_sharedring_reference", &run, err);
    return st ? st : sharedring_run(net, &run, 0, out, err);
}
