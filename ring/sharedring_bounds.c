/*
 * sharedring_bounds.c — the exact lower bounds of SharedRing's fast path
 * (issue 6): the O(1) evaluation of eq. (5) after an insertion and its lower
 * bound max(T5, D), the per-ring-edge bounds from full-capacity widths (an
 * upper bound of every residual width), and the lower bound of the optimal
 * sharing of four routes (a relaxation of rm_share_optimal's problem). They
 * only skip candidates that cannot win: the choices are the reference's.
 */
#include "ring/sharedring_internal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

void rm_h2_fast_eval_init(fast_eval *ev, const double *w, const double *C, int m, double dc_dw)
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

double rm_h2_fast_eval_T(const fast_eval *ev, h2_work *wk, int m, double wi, double Ci, double wj,
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

double rm_h2_fast_eval_lb(const fast_eval *ev, double wi, double Ci, double wj, double Cj,
                           double wk3, double Ck);

void rm_h2_edge_ctx_init(edge_ctx *c, h2_work *wk, const rm_ring_state *s, int e, double dc_dw)
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
    rm_h2_fast_eval_init(&c->ev, wk->tw, wk->tC, c->m, dc_dw);
    c->wi = s->w[e];
    c->wj = s->w[c->ni];
    c->ci_keep = rm_ring_state_route_cost(wk->net, s, &s->pred[e], s->pred[e].bandwidth);
    c->cj_keep = rm_ring_state_route_cost(wk->net, s, &s->succ[c->ni], s->succ[c->ni].bandwidth);
}

void rm_h2_edge_bounds(h2_work *wk, const rm_ring_state *s, double dc_dw)
{
    const rm_platform *p = wk->p;
    int q = s->q, H = wk->H, par = s->parallel_send;
    for (int e = 0; e < q; e++) {
        edge_ctx c;
        rm_h2_edge_ctx_init(&c, wk, s, e, dc_dw);
        int i = c.i, j = c.j;
        const fast_eval ev = c.ev;
        double wi = c.wi, wj = c.wj, ci_keep = c.ci_keep, cj_keep = c.cj_keep;
        const double *fi = wk->full + (size_t)wk->hidx[i] * H, *fj = wk->full + (size_t)wk->hidx[j] * H;
        int hi = wk->hidx[i], hj = wk->hidx[j];
        double lb = INFINITY;
        /* symmetry classes: members give the same bound, one per class */
        int n_cand = wk->sym ? rm_h2_sym_candidates(wk, i, j, 0, wk->cand_h) : H;
        for (int ci = 0; ci < n_cand; ci++) {
            int h = wk->sym ? wk->cand_h[ci] : ci;
            int k = p->hosts[h];
            if (wk->in_ring[k])
                continue;
            const double *fk = wk->full + (size_t)h * H;
            double w0 = fi[h], w1 = fk[hi], w2 = fk[hj], w3 = fj[h];
            if (!(w0 > 0 && w1 > 0 && w2 > 0 && w3 > 0))
                continue;
            double T = rm_h2_fast_eval_lb(&ev, wi, rm_host_cost(1.0 / w0, ci_keep, par), wj,
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

/* Fast path: max(T5, D) without rm_balance — a lower bound of rm_h2_fast_eval_T,
 * bitwise equal to it when T5 >= D (rm_balance returns at least D, the
 * same products D_c/D_w * C). O(1). */
double rm_h2_fast_eval_lb(const fast_eval *ev, double wi, double Ci, double wj, double Cj,
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
double rm_h2_share_lower_bound(h2_work *wk, const double *cap, const rm_route *r, const double *a,
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
