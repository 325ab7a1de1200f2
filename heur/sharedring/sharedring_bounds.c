/*
 * sharedring_bounds.c — the exact lower bounds of SharedRing's fast path
 * (docs/scale.md): the O(1) evaluation of eq. (5) after an insertion and its lower
 * bound max(T5, D), the per-ring-edge bounds from full-capacity widths (an
 * upper bound of every residual width), and the lower bound of the optimal
 * sharing of four routes (a relaxation of rm_share_optimal's problem). They
 * only skip candidates that cannot win: the choices are the reference's.
 */
#include "heur/sharedring/sharedring_internal.h"
#include "model/cost_valid.h"
#include "topo/route/widest.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

int rmi_h2_fast_valid_for(const rm_cost_model *m)
{
    return rmi_cost_model_eq1(m);
}

void rmi_h2_fast_eval_init(fast_eval *ev, const double *w, const double *C, int m, double dc_dw)
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

double rmi_h2_fast_eval_T(const fast_eval *ev, h2_work *wk, int m, double wi, double Ci, double wj,
                          double Cj, double wk3, double Ck)
{
    int ok = 0;
    double T = NAN;
    if (!(wk->cost && wk->cost->overlap)) /* the closed form is eq. (5)'s */
        T = rmi_h2_fast_eval_T_try(ev, wi, Ci, wj, Cj, wk3, Ck, &ok);
    if (ok)
        return T;
    double r = ev->dc_dw;
    wk->tw[m] = wi;
    wk->tC[m] = Ci;
    wk->tw[m + 1] = wj;
    wk->tC[m + 1] = Cj;
    wk->tw[m + 2] = wk3;
    wk->tC[m + 2] = Ck;
    return rmi_balance_in(wk->cost, m + 3, wk->tw, wk->tC, r, NULL);
}

/* Fast path: for every ring edge e (i -> j), a lower bound of its
 * best insertion: the O(1) evaluation of every host k with the four routes
 * at their full-capacity widths (an upper bound of any residual width, and
 * shares never exceed widths; latencies >= 0 are left out) — the bound of
 * the reference's per-candidate test with full instead of residual widths,
 * so it never exceeds that test. edge_lb[e] = the least bound; order[] the
 * edges sorted by it. O(q H + q log q). */
static void sort_edges(h2_work *wk, int q)
{
    for (int e = 0; e < q; e++)
        wk->order[e] = e;
    rmi_h2_sort_edges(wk, wk->order, q);
}

void rmi_h2_sort_edges(h2_work *wk, int *a, int q)
{
    /* insertion sort is too slow for large q: a merge sort by (lb, e) */
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

#ifdef __SIZEOF_INT128__
typedef unsigned __int128 h2_u128;
#endif

void rmi_h2_seq_free(h2_seq *sq)
{
    free(sq->pre);
    free(sq->R);
    free(sq->T);
    free(sq->win);
    free(sq->off);
    free(sq->rs);
    free(sq->re);
    free(sq->rv);
    memset(sq, 0, sizeof *sq);
}

static void seq_tables(h2_seq *sq, const double *a, int n, int tables)
{
    sq->a = a;
    sq->n = 0;
    sq->n_bin = 0;
    if (n + 1 > sq->cap) {
        free(sq->pre);
        sq->pre = malloc(((size_t)n + 1) * sizeof *sq->pre);
        sq->cap = sq->pre ? n + 1 : 0;
        if (!sq->pre)
            return;
    }
    sq->n = n;
    double lo = INFINITY, amax = 0.0;
    sq->pre[0] = 0.0;
    for (int k = 0; k < n; k++) {
        sq->pre[k + 1] = sq->pre[k] + a[k];
        if (a[k] > 0.0 && a[k] < lo)
            lo = a[k];
        if (a[k] > amax)
            amax = a[k];
    }
#ifdef __SIZEOF_INT128__
    double hi = sq->pre[n];
    if (!tables || n < 32 || !(lo < INFINITY) || !(hi < INFINITY) || !(amax < INFINITY))
        return; /* short, no positive term or an infinite sum: one by one */
    int elo, ehi;
    frexp(lo, &elo);
    frexp(hi, &ehi);
    /* binade of x: E = exponent - 1 (x in [2^E, 2^(E+1))) */
    int nb = ehi - elo + 1;
    if (nb > sq->bin_cap) {
        free(sq->win);
        free(sq->off);
        sq->win = malloc(2 * (size_t)nb * sizeof *sq->win);
        sq->off = malloc((size_t)nb * sizeof *sq->off);
        sq->bin_cap = sq->win && sq->off ? nb : 0;
        if (!sq->bin_cap)
            return;
    }
    sq->e_lo = elo - 1;
    /* windows: a running sum of a[0 .. k) without two terms lies in
     * [pre[k] - 2 amax, pre[k]] up to rounding (the margins): generous */
    long tot = 0;
    int k0 = 0;
    for (int b = 0; b < nb; b++) {
        double bl = ldexp(1.0, sq->e_lo + b), bh = 2.0 * bl;
        while (k0 < n && sq->pre[k0] * (1.0 + 1e-6) < bl)
            k0++;
        int k1 = k0;
        while (k1 < n && sq->pre[k1 + 1] * (1.0 - 1e-6) - 2.0 * amax < bh)
            k1++;
        sq->win[2 * b] = k0;
        sq->win[2 * b + 1] = k1;
        sq->off[b] = (int)tot;
        tot += k1 - k0 + 1;
    }
    if (tot > sq->tab_cap) {
        free(sq->R);
        free(sq->T);
        sq->R = malloc((size_t)tot * sizeof(h2_u128));
        sq->T = malloc((size_t)tot * sizeof(int));
        sq->tab_cap = sq->R && sq->T ? tot : 0;
        if (!sq->tab_cap) {
            free(sq->R);
            free(sq->T);
            sq->R = NULL;
            sq->T = NULL;
            return;
        }
    }
    for (int b = 0; b < nb; b++) {
        h2_u128 *R = (h2_u128 *)sq->R + sq->off[b];
        int *T = sq->T + sq->off[b];
        double scale = ldexp(1.0, 52 - (sq->e_lo + b)); /* 1 / u: exact scaling */
        int w0 = sq->win[2 * b], w1 = sq->win[2 * b + 1];
        R[0] = 0;
        T[0] = 0;
        for (int k = w0; k < w1; k++) {
            double v = a[k] * scale; /* a / u */
            unsigned long long U = 0;
            int irr = 0;
            if (!(v >= 0.0 && v < 0x1p53)) {
                irr = 1;
            } else {
                unsigned long long f = (unsigned long long)v; /* floor */
                double r = v - (double)f;                   /* exact */
                if (r == 0.5)
                    irr = 1; /* a tie: the parity of the sum decides */
                else
                    U = f + (r > 0.5);
            }
            R[k - w0 + 1] = R[k - w0] + U;
            T[k - w0 + 1] = T[k - w0] + irr;
        }
    }
    sq->n_bin = nb;
#endif
}

/* sq's runs of bitwise-equal terms (h2_seq: rs, re, rv), after its prefix
 * sums and tables: one rmi_h2_seq_sum per run of H2_SEQ_RUN_MIN terms or
 * more. Without memory: no runs (rs NULL; rmi_h2_seq_skip2 sums). */
static void seq_runs(h2_seq *sq)
{
    int n = sq->n;
    if (n > sq->run_cap) {
        free(sq->rs);
        free(sq->re);
        free(sq->rv);
        sq->rs = malloc((size_t)n * sizeof *sq->rs);
        sq->re = malloc((size_t)n * sizeof *sq->re);
        sq->rv = malloc((size_t)n * sizeof *sq->rv);
        sq->run_cap = sq->rs && sq->re && sq->rv ? n : 0;
        if (!sq->run_cap) {
            free(sq->rs);
            free(sq->re);
            free(sq->rv);
            sq->rs = sq->re = NULL;
            sq->rv = NULL;
            return;
        }
    }
    const double *a = sq->a;
    for (int b = 0; b < n;) {
        int k = b + 1;
        while (k < n && memcmp(&a[k], &a[b], sizeof a[b]) == 0)
            k++;
        for (int t = b; t < k; t++)
            sq->rs[t] = b;
        sq->re[b] = -1;
        if (k - b >= H2_SEQ_RUN_MIN) {
            sq->re[b] = k;
            sq->rv[b] = rmi_h2_seq_sum(sq, sq->pre[b], b + 2, n);
        }
        b = k;
    }
}

void rmi_h2_seq_build(h2_seq *sq, const double *a, int n)
{
    /* all n terms equal (a flat cluster's ring): every sum without two
     * adjacent positions is the run's one, summed once one by one (O(n)),
     * so no tables */
    int one = n >= H2_SEQ_RUN_MIN;
    for (int k = 1; k < n && one; k++)
        one = memcmp(&a[k], &a[0], sizeof a[0]) == 0;
    seq_tables(sq, a, n, !one);
    if (sq->n == n && n > 0)
        seq_runs(sq);
}

double rmi_h2_seq_skip2(const h2_seq *sq, int e)
{
    int n = sq->n;
    if (e + 1 < n) {
        if (sq->rs && sq->rs[e] == sq->rs[e + 1]) {
            int b = sq->rs[e];
            if (sq->re[b] >= 0)
                return sq->rv[b];
        }
        return rmi_h2_seq_sum(sq, sq->pre[e], e + 2, n);
    }
    /* the wrap edge: positions 1 .. n - 2, the same terms as without 0
     * and 1 when all n are equal */
    if (sq->rs && sq->rs[n - 1] == 0 && sq->re[0] == n)
        return sq->rv[0];
    return rmi_h2_seq_sum(sq, 0.0, 1, n - 1);
}

double rmi_h2_seq_sum(const h2_seq *sq, double s, int k, int k1)
{
    const double *a = sq->a;
#ifdef __SIZEOF_INT128__
    if (sq->n_bin > 0) {
        while (k < k1) {
            int ex;
            if (!(s > 0.0) || (frexp(s, &ex), ex - 1 < sq->e_lo || ex - 1 >= sq->e_lo + sq->n_bin)) {
                s += a[k++];
                continue;
            }
            int b = ex - 1 - sq->e_lo, E = ex - 1;
            int w0 = sq->win[2 * b], w1 = sq->win[2 * b + 1];
            if (k < w0 || k >= w1) {
                s += a[k++];
                continue;
            }
            const h2_u128 *R = (const h2_u128 *)sq->R + sq->off[b] - w0;
            const int *T = sq->T + sq->off[b] - w0;
            h2_u128 S = (h2_u128)(unsigned long long)ldexp(s, 52 - E); /* in [2^52, 2^53) */
            h2_u128 lim = ((h2_u128)1 << 53) - 1 - S;
            /* the last k' in [k, min(k1, w1)] with no irregular term in
             * [k, k') and the running sum within the binade */
            int lo = k, hi = k1 < w1 ? k1 : w1;
            while (lo < hi) {
                int mid = lo + (hi - lo + 1) / 2;
                if (T[mid] == T[k] && R[mid] - R[k] <= lim)
                    lo = mid;
                else
                    hi = mid - 1;
            }
            if (lo > k) {
                s = ldexp((double)(unsigned long long)(S + (R[lo] - R[k])), E - 52);
                k = lo;
            }
            if (k < k1)
                s += a[k++];
        }
        return s;
    }
#endif
    for (; k < k1; k++)
        s += a[k];
    return s;
}

void rmi_h2_edge_ctx_exact(edge_ctx *c, const h2_work *wk, const rm_ring_state *s, int e)
{
    (void)s; /* the sums without positions e and c->ni: rmi_h2_seq_skip2 */
    c->ev.sum_inv = rmi_h2_seq_skip2(&wk->seq_inv, e);
    c->ev.sum_cw = rmi_h2_seq_skip2(&wk->seq_cw, e);
    c->exact = 1;
}

void rmi_h2_edge_ctx_init(edge_ctx *c, h2_work *wk, const rm_ring_state *s, int e, double dc_dw)
{
    int q = s->q;
    c->ni = (e + 1) % q;
    c->i = s->ring[e];
    c->j = s->ring[c->ni];
    c->m = 0;
    c->exact = 2;
    if (wk->fast && q >= 2) {
        /* rmi_h2_fast_eval_init's sums from the step's terms (the same
         * divisions and products, done once per step): bitwise equal */
        fast_eval *ev = &c->ev;
        ev->sum_inv = ev->sum_cw = ev->dmax = 0.0;
        ev->dc_dw = dc_dw;
        for (int t = 0; t < q; t++) {
            if (t == e || t == c->ni)
                continue;
            wk->tw[c->m] = s->w[t];
            wk->tC[c->m] = s->C[t];
            c->m++;
            ev->sum_inv += wk->pinv[t];
            ev->sum_cw += wk->pcw[t];
            if (wk->pd[t] > ev->dmax)
                ev->dmax = wk->pd[t];
        }
    } else {
        for (int t = 0; t < q; t++) {
            if (t == e || t == c->ni)
                continue;
            wk->tw[c->m] = s->w[t];
            wk->tC[c->m] = s->C[t];
            c->m++;
        }
        rmi_h2_fast_eval_init(&c->ev, wk->tw, wk->tC, c->m, dc_dw);
    }
    c->wi = s->w[e];
    c->wj = s->w[c->ni];
    c->ci_keep = rmi_ring_state_route_cost(wk->net, s, &s->pred[e], s->pred[e].bandwidth);
    c->cj_keep = rmi_ring_state_route_cost(wk->net, s, &s->succ[c->ni], s->succ[c->ni].bandwidth);
}

rm_status rmi_h2_adjacency(h2_work *wk, rm_error *err)
{
    const rm_network *net = wk->net;
    int N = wk->N, A = net->n_arcs;
    wk->out_start = calloc((size_t)N + 1, sizeof(int));
    wk->in_start = calloc((size_t)N + 1, sizeof(int));
    wk->out_arc = malloc(((size_t)A + 1) * sizeof(int));
    wk->in_arc = malloc(((size_t)A + 1) * sizeof(int));
    int *cur = malloc(((size_t)N + 1) * sizeof(int));
    if (!wk->out_start || !wk->in_start || !wk->out_arc || !wk->in_arc || !cur) {
        free(cur);
        return rm_error_set(err, RM_ENOMEM, "out of memory in SharedRing (adjacency)");
    }
    for (int a = 0; a < A; a++) {
        wk->out_start[net->arc_tail[a] + 1]++;
        wk->in_start[net->arc_head[a] + 1]++;
    }
    for (int v = 0; v < N; v++) {
        wk->out_start[v + 1] += wk->out_start[v];
        wk->in_start[v + 1] += wk->in_start[v];
    }
    memcpy(cur, wk->out_start, (size_t)N * sizeof(int));
    for (int a = 0; a < A; a++)
        wk->out_arc[cur[net->arc_tail[a]]++] = a;
    memcpy(cur, wk->in_start, (size_t)N * sizeof(int));
    for (int a = 0; a < A; a++)
        wk->in_arc[cur[net->arc_head[a]]++] = a;
    free(cur);
    return RM_OK;
}

static double group_min(int G, const double *a, const double *u, double c);

/* Times route r crosses resource res. O(len). */
static int route_count(const rm_network *net, const rm_route *r, int res)
{
    int n = 0;
    for (int i = 0; i < r->n_arcs; i++)
        n += net->arc_res[r->arcs[i]] == res;
    return n;
}

/* An upper bound of the width of every route leaving (out = 1) or entering
 * node v on the residual with ring edge e's two routes given back: the
 * widest usable arc of v there (every such route crosses one). Backbones
 * count at full capacity, as in rm_arc_width. O(deg(v) len). */
static double node_width_ub(const h2_work *wk, const rm_ring_state *s, int e, int v, int out,
                            int *single)
{
    const rm_network *net = wk->net;
    int ni = (e + 1) % s->q;
    const rm_route *g0 = &s->succ[e], *g1 = &s->pred[ni];
    const int *st = out ? wk->out_start : wk->in_start, *arcs = out ? wk->out_arc : wk->in_arc;
    double ub = 0.0;
    /* *single: the one non-backbone resource of every usable arc of v (out
     * and in), -1 if none or several */
    if (single) {
        int one = -1;
        for (int d = 0; d < 2 && one != -2; d++) {
            const int *st2 = d ? wk->in_start : wk->out_start, *arcs2 = d ? wk->in_arc : wk->out_arc;
            for (int k = st2[v]; k < st2[v + 1]; k++) {
                int r = net->arc_res[arcs2[k]];
                if (r < 0)
                    continue;
                if (net->res_backbone[r] || (one >= 0 && r != one)) {
                    one = -2;
                    break;
                }
                one = r;
            }
        }
        *single = one >= 0 ? one : -1;
    }
    for (int k = st[v]; k < st[v + 1]; k++) {
        int r = net->arc_res[arcs[k]];
        if (r < 0)
            continue;
        double cap = net->res_cap[r], x = cap;
        if (!net->res_backbone[r]) {
            x = wk->residual[r];
            int n0 = route_count(net, g0, r), n1 = route_count(net, g1, r);
            if (n0 && g0->n_arcs > 0)
                x += n0 * g0->bandwidth;
            if (n1 && g1->n_arcs > 0)
                x += n1 * g1->bandwidth;
            if (x > cap)
                x = cap;
        }
        if (x > ub)
            ub = x;
    }
    /* rounding of the give-back's sums: a relative margin */
    return ub * (1.0 + 1e-12);
}

double rmi_h2_edge_dmax(const h2_work *wk, int q, int e)
{
    double dm = 0.0;
    if (e + 1 < q) {
        dm = e > 0 ? wk->pmax_pre[e - 1] : 0.0;
        if (e + 2 < q && wk->pmax_suf[e + 2] > dm)
            dm = wk->pmax_suf[e + 2];
    } else {
        /* the wrap edge (ni = 0): positions 1 .. q - 2 */
        for (int t = 1; t < q - 1; t++)
            if (wk->pd[t] > dm)
                dm = wk->pd[t];
    }
    return dm;
}

/* Running sums of positions 0 .. e-1 (what rmi_h2_fast_eval_init's loop
 * holds before skipping e and e + 1) and the largest d after each position. */
typedef struct ctx_prefix {
    double inv, cw;
    int upto;
} ctx_prefix;

/* rmi_h2_edge_ctx_init without tw/tC, in O(1): the sums of positions
 * 0 .. e-1 are the sequential prefix (the same additions in the same
 * order), plus the suffix sum of e + 2 .. q - 1 (another order: within
 * H2_CTX_REL, c->exact = 0); dmax (order-free) from the prefix and suffix
 * maxima, exact. The wrap edge (positions 1 .. q - 2) is summed in order:
 * exact. Edges are visited in increasing order. */
static void edge_ctx_fast(edge_ctx *c, h2_work *wk, const rm_ring_state *s, int e, double dc_dw,
                          ctx_prefix *pre)
{
    int q = s->q;
    c->ni = (e + 1) % q;
    c->i = s->ring[e];
    c->j = s->ring[c->ni];
    c->m = q - 2;
    fast_eval *ev = &c->ev;
    ev->dc_dw = dc_dw;
    double si = 0.0, sw = 0.0, dm = rmi_h2_edge_dmax(wk, q, e);
    if (c->ni == e + 1) {
        /* advance the prefix to e (edges are visited in increasing order) */
        while (pre->upto < e) {
            pre->inv += wk->pinv[pre->upto];
            pre->cw += wk->pcw[pre->upto];
            pre->upto++;
        }
        si = pre->inv;
        sw = pre->cw;
        int from = e + 2;
        c->exact = from >= q;
        if (from < q) {
            si += wk->psuf[from];
            sw += wk->psuf[q + 1 + from];
        }
    } else {
        /* the wrap edge (e = q - 1, ni = 0): positions 1 .. q - 2 */
        for (int t = 1; t < q - 1; t++) {
            si += wk->pinv[t];
            sw += wk->pcw[t];
        }
        c->exact = 1;
    }
    ev->sum_inv = si;
    ev->sum_cw = sw;
    ev->dmax = dm;
    c->wi = s->w[e];
    c->wj = s->w[c->ni];
    c->ci_keep = rmi_ring_state_route_cost(wk->net, s, &s->pred[e], s->pred[e].bandwidth);
    c->cj_keep = rmi_ring_state_route_cost(wk->net, s, &s->succ[c->ni], s->succ[c->ni].bandwidth);
}

void rmi_h2_edge_bounds_begin(h2_work *wk, const rm_ring_state *s)
{
    {
        /* prefix / suffix maxima of d (the comparisons of fast_eval_init
         * pick the largest value, whatever the order; NaN never counts) */
        int q = s->q;
        double m = 0.0;
        for (int t = 0; t < q; t++) {
            if (wk->pd[t] > m)
                m = wk->pd[t];
            wk->pmax_pre[t] = m;
        }
        m = 0.0;
        for (int t = q - 1; t >= 0; t--) {
            if (wk->pd[t] > m)
                m = wk->pd[t];
            wk->pmax_suf[t] = m;
        }
        /* sequential sums of 1/w and C/w (rmi_h2_edge_ctx_exact) */
        rmi_h2_seq_build(&wk->seq_inv, wk->pinv, q);
        rmi_h2_seq_build(&wk->seq_cw, wk->pcw, q);
        /* suffix sums of 1/w and C/w (edge_ctx_fast) */
        double *si = wk->psuf, *sw = wk->psuf + q + 1;
        si[q] = sw[q] = 0.0;
        for (int t = q - 1; t >= 0; t--) {
            si[t] = si[t + 1] + wk->pinv[t];
            sw[t] = sw[t + 1] + wk->pcw[t];
        }
    }
}

/* A candidate's edge bound by its inputs (rmi_h2_edge_bounds_range): k =
 * wkk, the four widths, its access resource's capacity out and in, 1 when
 * that is one resource both ways; v = the bound. */
typedef struct bmemo {
    double k[8];
    double v;
} bmemo;

/* distinct candidate inputs remembered per ring edge */
#define H2_BOUND_MEMO 8

/* The least bound (before its margin) of an insertion into ring edge e of
 * context *cp (rmi_h2_edge_bounds_range) over candidates cands[0 ..
 * n_cand) (NULL: every host): each candidate's width bound, then its host
 * and group bounds below the running least. Scratch wk->bnd_t, wk->cand_f.
 * O(n_cand + deg(i) + deg(j)) plus the host bounds of distinct inputs. */
/* Ring edges whose bound cands_lb found at its floor ev.dmax without
 * reading every candidate (tests check that it ran). */
atomic_long rmi_h2_dmax_floor_edges;

/* Ring edges bounded by their local bound (rmi_h2_edge_local_lb; tests
 * check that it ran). */
atomic_long rmi_h2_local_bounds;

/* A candidate's whole edge bound (cands_lb): its width bound T
 * (rmi_h2_fast_eval_lb on the widths of host index h into ring edge c,
 * each capped by oi, ii, oj, ij) raised by the host bound of k's access
 * link (rmi_h2_k_bound) and, when i's or j's routes share one resource
 * (shared_i, shared_j), by the group bound of eq. (5)'s sums. Never below
 * T. O(1). */
static double edge_full_bound(h2_work *wk, const edge_ctx *c, int h, double T, double oi, double ii,
                              double oj, double ij, int shared_i, int shared_j, int par, double dc_dw)
{
    const rm_platform *p = wk->p;
    int hi = wk->hidx[c->i], hj = wk->hidx[c->j];
    double wkk = p->nodes[p->hosts[h]].w, w0 = rm_h2_fmin(rm_h2_full(wk, hi, h), oi),
           w1 = rm_h2_fmin(rm_h2_full(wk, h, hi), ii), w2 = rm_h2_fmin(rm_h2_full(wk, h, hj), ij),
           w3 = rm_h2_fmin(rm_h2_full(wk, hj, h), oj);
    {
        /* the resources every route of k crosses (its access link) */
        double u[4] = {w0, w1, w2, w3};
        double Tk = rmi_h2_k_bound(wk, c, h, wkk, u, wk->net->res_cap, par, dc_dw);
        if (Tk > T)
            T = Tk;
    }
    if (shared_i || shared_j) {
        double wi = c->wi, wj = c->wj;
        double base_phi = c->ci_keep / wi + c->cj_keep / wj;
        double ev_inv = c->ev.sum_inv + 1.0 / wi + 1.0 / wj;
        double a[4] = {1.0 / wi, 1.0 / wkk, 1.0 / wkk, 1.0 / wj}, u[4] = {w0, w1, w2, w3};
        double g01 = group_min(3, a, u, shared_i ? oi : INFINITY);
        double g23 = group_min(12, a, u, shared_j ? oj : INFINITY);
        double T5 = (1.0 + dc_dw * (c->ev.sum_cw + base_phi + g01 + g23)) / (ev_inv + 1.0 / wkk);
        if (T5 > T)
            T = T5;
    }
    return T;
}

static double cands_lb(h2_work *wk, const rm_ring_state *s, double dc_dw, int e, const edge_ctx *cp,
                       const int *cands, int n_cand)
{
    bmemo memo[H2_BOUND_MEMO];
    const rm_platform *p = wk->p;
    int par = s->cost.parallel_send;
    const edge_ctx c = *cp;
    int i = c.i, j = c.j;
    const fast_eval ev = c.ev;
    double wi = c.wi, wj = c.wj, ci_keep = c.ci_keep, cj_keep = c.cj_keep;
    int hi = wk->hidx[i], hj = wk->hidx[j];
    /* every route of an insertion into e leaves or enters i or j
     * through one of their arcs, on the residual with e given back */
    int si, sj;
    double oi = node_width_ub(wk, s, e, i, 1, &si), ii = node_width_ub(wk, s, e, i, 0, NULL);
    double oj = node_width_ub(wk, s, e, j, 1, &sj), ij = node_width_ub(wk, s, e, j, 0, NULL);
    /* i (j) on one resource (a host on its access link): routes 0 and
     * 1 (2 and 3) share it, their shares sum to at most its residual
     * (oi, the same resource both ways) — the bound of the scan's share
     * lower bound, with the groups {0, 1} and {2, 3} */
    int shared_i = si >= 0 && !par, shared_j = sj >= 0 && !par;
    double lb = INFINITY;
    /* first every candidate's bound from its widths alone (O(1) each),
     * then the host and group bounds, which only raise a candidate's
     * bound, for the candidates whose width bound is below lb, the least
     * width bound first: lb = min over the candidates of max(width
     * bound, host bound[, group bound]) whatever the order (a candidate
     * whose partial bound is already >= lb has its whole bound >= lb),
     * so the same lb bit for bit as taking them one by one in host
     * order, with the host bounds of a few candidates instead of all */
    int nb = 0, amin = -1, n_tm = 0;
    double tmin = INFINITY, tm[5], tm_v = 0.0;
    for (int ci = 0; ci < n_cand; ci++) {
        int h = cands ? cands[ci] : ci;
        int k = p->hosts[h];
        if (wk->in_ring[k])
            continue;
        double w0 = rm_h2_fmin(rm_h2_full(wk, hi, h), oi),
               w1 = rm_h2_fmin(rm_h2_full(wk, h, hi), ii),
               w2 = rm_h2_fmin(rm_h2_full(wk, h, hj), ij),
               w3 = rm_h2_fmin(rm_h2_full(wk, hj, h), oj);
        if (!(w0 > 0 && w1 > 0 && w2 > 0 && w3 > 0))
            continue;
        /* the width bound of the last candidate of the same wkk and
         * widths bit for bit (the same function of them) */
        double tk[5] = {p->nodes[k].w, w0, w1, w2, w3}, T;
        if (n_tm && memcmp(tm, tk, sizeof tk) == 0) {
            T = tm_v;
        } else {
            double wkk = tk[0];
            T = rmi_h2_fast_eval_lb(&ev, wi, rmi_host_cost(1.0 / w0, ci_keep, par), wj,
                                    rmi_host_cost(cj_keep, 1.0 / w3, par), wkk,
                                    rmi_host_cost(1.0 / w2, 1.0 / w1, par));
            memcpy(tm, tk, sizeof tk);
            tm_v = T;
            n_tm = 1;
        }
        /* a NaN bound never lowers lb (T < lb is false): dropped */
        if (!(T < INFINITY))
            continue;
        if (T <= ev.dmax && edge_full_bound(wk, &c, h, T, oi, ii, oj, ij, shared_i, shared_j, par,
                                            dc_dw) <= ev.dmax) {
            /* every candidate's whole bound is at least ev.dmax (each term
             * only raises the width bound, itself >= ev.dmax) and this
             * one's is ev.dmax: lb = ev.dmax bit for bit, what the second
             * loop would return; the others need not be read */
            atomic_fetch_add_explicit(&rmi_h2_dmax_floor_edges, 1, memory_order_relaxed);
            return ev.dmax;
        }
        wk->bnd_t[nb] = T;
        wk->cand_f[nb] = h;
        if (T < tmin) {
            tmin = T;
            amin = nb;
        }
        nb++;
    }
    /* the bound of a candidate is a function of (wkk, w0 .. w3, the
     * capacities of its one access resource out and in): candidates of
     * the same inputs bit for bit (on a cluster, every host of one
     * speed) share one evaluation (bmemo) */
    int n_memo = 0, memo_at = 0;
    for (int x = -1; x < nb; x++) {
        if (x == amin)
            continue;
        int b = x < 0 ? amin : x;
        if (b < 0)
            break;
        double T = wk->bnd_t[b];
        if (!(T < lb))
            continue;
        int h = wk->cand_f[b];
        int ro = wk->kres_out[h], ri = wk->kres_in[h];
        bmemo key = {{p->nodes[p->hosts[h]].w, rm_h2_fmin(rm_h2_full(wk, hi, h), oi),
                      rm_h2_fmin(rm_h2_full(wk, h, hi), ii), rm_h2_fmin(rm_h2_full(wk, h, hj), ij),
                      rm_h2_fmin(rm_h2_full(wk, hj, h), oj), ro >= 0 ? wk->net->res_cap[ro] : INFINITY,
                      ri >= 0 ? wk->net->res_cap[ri] : INFINITY, ro >= 0 && ro == ri ? 1.0 : 0.0},
                     0.0};
        int hit = -1;
        for (int y = 0; y < n_memo && hit < 0; y++)
            if (memcmp(memo[y].k, key.k, sizeof key.k) == 0)
                hit = y;
        if (hit >= 0) {
            T = memo[hit].v;
        } else {
            T = edge_full_bound(wk, &c, h, T, oi, ii, oj, ij, shared_i, shared_j, par, dc_dw);
            key.v = T;
            memo[memo_at] = key;
            memo_at = (memo_at + 1) % H2_BOUND_MEMO;
            if (n_memo < H2_BOUND_MEMO)
                n_memo++;
        }
        if (T < lb)
            lb = T;
        /* every candidate's bound is at least ev.dmax (the kept hosts'
         * largest D_c/D_w C, in d of rmi_h2_fast_eval_lb; the other
         * terms only raise it): once lb is there, no other candidate
         * lowers it */
        if (lb <= ev.dmax)
            break;
    }
    return lb;
}

void rmi_h2_edge_bounds_range(h2_work *wk, const rm_ring_state *s, double dc_dw, int e0, int e1)
{
    int q = s->q, H = wk->H;
    /* the running sums of positions 0 .. e0 - 1: the sequential prefix sums
     * from 0.0 (the same additions in the same order as advancing from 0) */
    ctx_prefix pre = {0.0, 0.0, 0};
    if (e0 > 0 && e0 < q && wk->seq_inv.pre && wk->seq_cw.pre && wk->seq_inv.n == q &&
        wk->seq_cw.n == q)
        pre = (ctx_prefix){wk->seq_inv.pre[e0], wk->seq_cw.pre[e0], e0};
    /* fixed routes: twins give the same bound, one per class */
    int fx_inc = wk->fx && wk->fx->inc;
    int n_fx = wk->fx && !fx_inc ? rmi_h2_fixed_base(wk->fx, wk->cand_h) : 0;
    for (int e = e0; e < e1; e++) {
        edge_ctx c;
        edge_ctx_fast(&c, wk, s, e, dc_dw, &pre);
        wk->ectx[e] = c;
        if (fx_inc) {
            /* fixed routes, incremental: the bound of the edge's summary
             * on the inexact sums, lowered by their margin (it orders the
             * edges and stops the scan; an edge visited gets its exact
             * sums then, rmi_h2_fixed_edge_pruned, where ties between
             * edges are decided by the edge index, bit for bit), or
             * -INFINITY: visit it; its runs are evaluated in O(1) each
             * from its cache */
            wk->edge_lb[e] = rmi_h2_fixed_edge_lb_order(wk, s, e, &wk->ectx[e]);
            continue;
        }
        /* the edge's local bound kept with its stored trees, when they
         * still hold and it is above the floor dmax (no candidate's bound
         * is read, and the edge is ordered by it) */
        if (!wk->pool) {
            double ll = rmi_h2_edge_local_lb(wk, s, e);
            if (ll > c.ev.dmax) {
                wk->edge_lb[e] = ll;
                atomic_fetch_add_explicit(&rmi_h2_local_bounds, 1, memory_order_relaxed);
                continue;
            }
        }
        /* symmetry classes: members give the same bound, one per class */
        int n_cand = H;
        const int *cands = wk->sym ? rmi_h2_sym_candidates(wk, c.i, c.j, 0, &n_cand) : NULL;
        if (wk->fx) {
            cands = wk->cand_h;
            n_cand = n_fx;
        }
        const h2_ecache *ec = wk->ecache ? &wk->ecache[wk->hidx[c.i]] : NULL;
        if (ec && cands && n_cand <= H2_CACHE_MAX_CAND && !(ec->j == c.j && ec->n_bad * 4 > ec->n_chk)) {
            /* the incremental scan evaluates such an edge's candidates in
             * O(1) each from its cache (unless its entries often go
             * stale): cheaper than this bound (and than the widest arcs
             * around i and j it starts from), visit it */
            wk->edge_lb[e] = -INFINITY;
            continue;
        }
        double lb = cands_lb(wk, s, dc_dw, e, &c, cands, n_cand);
        /* a relative margin covers rounding differences between this
         * evaluation and the reference's, and the inexact sums */
        wk->edge_lb[e] = lb * (c.exact ? 1.0 - 1e-12 : 1.0 - 2 * H2_CTX_REL);
    }
}

void rmi_h2_edge_bounds_end(h2_work *wk, int q)
{
    sort_edges(wk, q);
}

void rmi_h2_edge_bounds(h2_work *wk, const rm_ring_state *s, double dc_dw)
{
    rmi_h2_edge_bounds_begin(wk, s);
    rmi_h2_edge_bounds_range(wk, s, dc_dw, 0, s->q);
    rmi_h2_edge_bounds_end(wk, s->q);
}

/*
 * Fast path: least value of sum_{t in G} a_t / x_t over 0 < x_t <= u_t with
 * sum_{t in G} x_t <= c (one resource crossed by every route of G; a route
 * crossing it m >= 1 times only tightens the constraint, so m = 1 is a
 * relaxation). KKT: x_t = min(u_t, sqrt(a_t / lambda)); the routes whose
 * unconstrained share exceeds their bound stay at it (water filling, at most
 * |G| rounds). c = INFINITY: every x_t = u_t. O(|G|^2).
 */
static double group_min_s(int G, const double *a, const double *sa, const double *u, double c)
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
                sq += sa[t];
        }
        int more = 0;
        if (sq > 0.0 && rest > 0.0 && rest < INFINITY) {
            for (int t = 0; t < 4; t++)
                if ((G >> t & 1) && !(capped >> t & 1) && sa[t] * rest / sq > u[t])
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

/* group_min_s with sa[t] = sqrt(a[t]) (the same values: sqrt is correctly
 * rounded), computed once per call of the caller instead of per round. */
static double group_min(int G, const double *a, const double *u, double c)
{
    double sa[4];
    for (int t = 0; t < 4; t++)
        sa[t] = (G >> t & 1) ? sqrt(a[t]) : 0.0;
    return group_min_s(G, a, sa, u, c);
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
double rmi_h2_share_lower_bound(h2_work *wk, const double *cap, const rm_route *r, const double *a,
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
    double sa[4];
    for (int t = 0; t < 4; t++)
        sa[t] = sqrt(a[t]);
    for (int g = 1; g < 16; g++)
        gm[g] = group_min_s(g, a, sa, u, mincap[g]);
    /* the new host's two routes (1: k -> i, 2: k -> j) with unit weights:
     * a lower bound of 1/x_1 + 1/x_2 */
    static const double ones[4] = {1.0, 1.0, 1.0, 1.0};
    *k_lb = group_min_s(6, ones, ones, u, mincap[6]);
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

/* The end of the optimal split's bounds (rmi_h2_share_opt_bound,
 * rmi_h2_share_tree_bound): each resource constraint n (capacity kc[n],
 * crossed by the routes of mask km[n], in that order) lowers U[t], what the
 * other routes at their lower shares xl leave to route t, and C12, what
 * they leave to routes 1 and 2 together; then inv_lb[t] and *k_lb, the
 * group bound over routes 1 and 2 (INFINITY when a share is 0). 1. */
static int split_bound_finish(const int *km, const double *kc, int nk, const double xl[4], double eps,
                              double U[4], double inv_lb[4], double *k_lb)
{
    double C12 = INFINITY;
    for (int x = 0; x < nk; x++) {
        int M = km[x];
        double cc = kc[x] * (1.0 + eps), all = 0.0;
        for (int t = 0; t < 4; t++)
            if (M >> t & 1)
                all += xl[t];
        for (int t = 0; t < 4; t++)
            if (M >> t & 1) {
                double v = cc - (all - xl[t]);
                U[t] = v < U[t] ? v : U[t];
            }
        if ((M & 6) == 6) {
            double v = cc - (all - xl[1] - xl[2]);
            C12 = v < C12 ? v : C12;
        }
    }
    for (int t = 0; t < 4; t++)
        inv_lb[t] = U[t] > 0.0 ? (1.0 - eps) / U[t] : INFINITY;
    if (!(U[1] > 0.0 && U[2] > 0.0 && C12 > 0.0)) {
        *k_lb = INFINITY; /* a share of 0: the candidate cannot be taken */
        return 1;
    }
    static const double ones[4] = {1.0, 1.0, 1.0, 1.0};
    *k_lb = group_min_s(6, ones, ones, U, C12) * (1.0 - eps);
    return 1;
}

/*
 * Fast path: bounds on the shares that rmi_h2_share_routes returns for the
 * four candidate routes r (weights a > 0) on the capacities cap, valid for
 * the OPTIMAL split of eq. (5) (Legrand et al. 2004 §4.4.2, rm_share_optimal)
 * only, not for every feasible split as rmi_h2_share_lower_bound's: the
 * optimum gives every route a definite part of what it shares, so the new
 * host's two routes cannot take the whole of a resource they share with
 * the routes of i and j. Proof (P: min sum_t a_t / x_t, x > 0, sum_t m_tR
 * x_t <= c_R on the non-backbone resources, x_t <= c_R on the backbones):
 *  1. x^ (below) is feasible, so OPT <= F = sum_t a_t / x^_t.
 *  2. The solver's answer is x~_t = min(u_t, sqrt(a_t / s_t)), s_t =
 *     sum_R m_tR lambda_R (lambda >= 0 on the shared resources, u_t the
 *     private bounds), with every priced load within tol = 1e-10 of its
 *     capacity (bw/share.c). As a_t / x~_t >= s_t x~_t (equality below
 *     u_t), sum_R lambda_R load_R = sum_t s_t x~_t <= G = sum_t a_t / x~_t;
 *     x~ minimises the Lagrangian over the box 0 < x <= u, which holds x^,
 *     so G <= F + sum_R lambda_R (c_R - load_R) <= F + tol sum_R lambda_R c_R.
 *     Together: sum_R lambda_R c_R <= B = F (1 + 4 tol).
 *  3. With l_t = min over t's finite resources of c_R / m_tR (a bound of
 *     every private bound u_t, and of c_R / m_tR on t's priced resources):
 *     s_t <= B / l_t, so x~_t >= min(l_t, sqrt(a_t l_t / B)) = x-_t.
 *  4. The returned shares are x~ scaled down by at most 1 / (1 + tol)
 *     (rmi_bw_make_feasible) and feasible; so on every non-backbone
 *     resource R crossed by a set M of the routes, for t in M:
 *     x_t <= c_R - sum_{t' in M, t' != t} m x-_t', and x_1 + x_2 <=
 *     c_R - sum_{t' in M \ {1, 2}} m x-_t' when 1, 2 in M. With x_t <=
 *     width_t as in rmi_h2_share_lower_bound, 1 / x_t >= inv_lb[t] and
 *     1 / x_1 + 1 / x_2 >= *k_lb (group_min_s on the pair).
 * x^_t = min over t's finite resources of c_R (backbone) or c_R sqrt(a_t)
 * / sum_{t' on R} m_t'R sqrt(a_t') (a weighted even split: loads <= c_R).
 * Every quantity carries a relative margin of 1e-9, far above tol and the
 * rounding of these few operations. Not covered: the max-min fallback after
 * RM_ESOLVER (no convergence in 20,000 sweeps; four routes converge in one
 * or two). Returns 0 with inv_lb = k_lb = 0 when it does not apply: a route
 * with no arcs or crossing a resource twice, a capacity <= 1e-9 of the
 * link's (where the solver may count it as 0), a route of infinite width,
 * more than 512 distinct resources. Units: cap in Mb/s, a in Mflop/s (1/w),
 * the bounds in s/Mb. Thread safety: uses wk->rmask (cleared on return), the
 * scan's private scratch. O(L) for routes of L arcs.
 */
atomic_long rmi_h2_opt_prunes;

int rmi_h2_share_opt_bound(h2_work *wk, const double *cap, const rm_route *r, const double *a,
                           double *inv_lb, double *k_lb)
{
    enum { NMAX = 512 }; /* distinct non-backbone resources kept */
    const rm_network *net = wk->net;
    const double eps = 1e-9;
    double sa[4], ell[4], xh[4], xl[4], U[4];
    int rl[NMAX];
    int ok = 1, n = 0;
    for (int t = 0; t < 4; t++) {
        inv_lb[t] = 0.0;
        sa[t] = sqrt(a[t]);
        ell[t] = xh[t] = INFINITY;
        U[t] = r[t].bandwidth * (1.0 + eps);
        if (r[t].n_arcs <= 0 || !(a[t] > 0.0))
            ok = 0;
    }
    *k_lb = 0.0;
    /* which routes cross each resource (the distinct ones listed as they
     * come); the backbones */
    int over = 0;
    for (int t = 0; t < 4; t++)
        for (int i = 0; i < r[t].n_arcs; i++) {
            int res = net->arc_res[r[t].arcs[i]];
            if (net->res_backbone[res]) {
                double c = cap[res], full = net->res_cap[res];
                if (!(c > 0.0) || (full < INFINITY && !(c > 1e-9 * full)))
                    ok = 0; /* the solver may count it as 0 */
                else {
                    ell[t] = c < ell[t] ? c : ell[t];
                    xh[t] = c < xh[t] ? c : xh[t];
                    U[t] = rm_h2_fmin(U[t], c * (1.0 + eps));
                }
                continue;
            }
            int m = wk->rmask[res];
            if (m >> t & 1)
                ok = 0; /* crossed twice */
            if (!m) {
                if (n < NMAX)
                    rl[n++] = res;
                else
                    over = 1;
            }
            wk->rmask[res] = (unsigned char)(m | 1 << t);
        }
    if (over) { /* too many: the masks cleared, no bound */
        for (int t = 0; t < 4; t++)
            for (int i = 0; i < r[t].n_arcs; i++)
                wk->rmask[net->arc_res[r[t].arcs[i]]] = 0;
        return 0;
    }
    /* the least capacity of the resources crossed by exactly the routes
     * of M (masks cleared): every bound below depends on a resource through
     * its mask and grows with its capacity, so these 15 stand for all */
    double mc[16];
    for (int M = 0; M < 16; M++)
        mc[M] = INFINITY;
    for (int x = 0; x < n; x++) {
        int res = rl[x], M = wk->rmask[res];
        wk->rmask[res] = 0;
        double c = cap[res], full = net->res_cap[res];
        if (!(c > 0.0) || (full < INFINITY && !(c > 1e-9 * full)))
            ok = 0; /* the solver may count it as 0 */
        mc[M] = c < mc[M] ? c : mc[M]; /* INFINITY: no constraint */
    }
    if (!ok)
        return 0;
    /* the even split x^ (x^_t = sqrt(a_t) times the least c_R / S_R) and l */
    double ms[4] = {INFINITY, INFINITY, INFINITY, INFINITY};
    for (int M = 1; M < 16; M++) {
        double c = mc[M], S = 0.0;
        if (c == INFINITY)
            continue;
        for (int t = 0; t < 4; t++)
            if (M >> t & 1)
                S += sa[t];
        double q = c / S;
        for (int t = 0; t < 4; t++)
            if (M >> t & 1) {
                ell[t] = c < ell[t] ? c : ell[t];
                ms[t] = q < ms[t] ? q : ms[t];
            }
    }
    for (int t = 0; t < 4; t++) {
        double v = ms[t] * sa[t];
        xh[t] = v < xh[t] ? v : xh[t];
    }
    double F = 0.0;
    for (int t = 0; t < 4; t++) {
        if (!(ell[t] < INFINITY))
            return 0;
        F += a[t] / xh[t];
    }
    double B = F * (1.0 + 4e-10) * (1.0 + eps);
    for (int t = 0; t < 4; t++)
        xl[t] = rm_h2_fmin(ell[t], sqrt(a[t] * ell[t] / B)) * (1.0 - eps);
    /* what the others leave on each resource */
    int km[15], nk = 0;
    double kc[15];
    for (int M = 1; M < 16; M++)
        if (mc[M] != INFINITY) {
            kc[nk] = mc[M];
            km[nk++] = M;
        }
    return split_bound_finish(km, kc, nk, xl, eps, U, inv_lb, k_lb);
}

/*
 * Fast path, routes read from widest-path (or direct-link) trees: the bounds
 * of rmi_h2_share_opt_bound before the four routes are built (building
 * them was most of a candidate's cost once the width bounds keep it), from
 * what the trees give without the routes:
 *  - the four widths u_t (route order: 0 = i->k, 1 = k->i, 2 = k->j,
 *    3 = j->k);
 *  - k's access resources: wk->kres_out lies on the first arc of routes 1
 *    and 2, wk->kres_in on the last arc of routes 0 and 3 (the same
 *    resource: on all four);
 *  - the arcs the paths from k share in the tree from i and the tree from
 *    j (routes 0 and 3 enter k by them), and in the trees to i and to j
 *    (routes 1 and 2 leave k by them), walked from k while they agree; on
 *    mirrored trees (tree_opt >= 2: an undirected half-duplex network, the
 *    tree to a node is the tree from it with partner arcs, which share the
 *    resource) all four routes cross those;
 *  - with mirrored trees and no backbone anywhere (tree_opt == 3): routes 0
 *    and 1 take the same links, so the resource where route 0's width u_0
 *    is reached (u_0 = u_1) is crossed by both; likewise routes 2 and 3.
 * Proof: rmi_h2_share_opt_bound's, with four relaxations, each of which
 * only lowers the bounds:
 *  1. no route crosses a resource twice: a tree path is simple in nodes,
 *     each resource is one link's (rm_network.res_link), and a simple path
 *     never takes both arcs of one link; so m_tR <= 1 below;
 *  2. the split x^_t = u_t theta_t, with theta_t = sqrt(a_t / u_t) / S and
 *     S = sum_t sqrt(a_t / u_t), is feasible whatever the routes share. On
 *     a resource R crossed by the set M of routes, sum_{t in M} x^_t <=
 *     c_R sum_M theta_t <= c_R, since u_t <= c_R: a tree width is the
 *     least arc width of its path, the residual of a non-backbone resource
 *     or a backbone's capacity. A backbone bounds each route alone, and
 *     x^_t <= u_t <= c_R. So OPT <= F = sum_t a_t / x^_t = S^2 (by
 *     Cauchy-Schwarz, the least F over the splits u_t theta_t with sum
 *     theta <= 1). In exact arithmetic x^_t <= the even split of
 *     rmi_h2_share_opt_bound (sum_{s in M} sqrt(a_s / u_s) >= S_M /
 *     sqrt(c_R) and u_t <= c_R), so this F is at least that one's;
 *  3. l_t = u_t <= c_R on every resource of route t (as in 2), so the
 *     solver's x~_t >= x-_t = min(u_t, sqrt(a_t u_t / B)), B = F (1 + 4
 *     tol);
 *  4. step 4 on the known resources only, each with a subset M' of the
 *     routes that cross it (t in M'). The returned shares are feasible,
 *     so x_t <= c_R - sum_{t' in M \ t} x_t' <= c_R - sum_{t' in M' \ t}
 *     x-_t', and x_1 + x_2 <= c_R - sum_{t' in M' \ {1, 2}} x-_t' when
 *     1, 2 are in M'. Also x_t <= u_t: a share never exceeds its route's
 *     width.
 * Each relaxation raises every U_t and C_12: x-_t falls with F and l_t,
 * and fewer terms are taken off. So in exact arithmetic every bound here
 * is at most rmi_h2_share_opt_bound's on the routes the scan builds from
 * the same trees. The argument above holds in any case, with
 * rmi_h2_share_opt_bound's margins (relative 1e-9 on every quantity).
 * Not covered, as there: the max-min fallback after RM_ESOLVER.
 * Returns 0 (bounds 0) when it does not apply:
 *  - wk->tree_opt == 0 (fixed routes: not tree paths; or turned off);
 *  - a width of 0 or of infinite capacity (DBL_MAX);
 *  - a width <= 1e-9 of the network's largest finite capacity
 *    (wk->cap_max): then a resource the solver may count as 0 could be on
 *    the route (every resource of a route is at least as wide as it).
 * Units: cap and u in Mb/s, a in Mflop/s (1/w), the bounds in s/Mb. Reads
 * only: thread-safe. O(1) plus the shared arcs walked.
 */
atomic_long rmi_h2_tree_prunes;
int rmi_h2_tree_bound_on = 1;

int rmi_h2_share_tree_bound(const h2_work *wk, const double *cap, int i, int j, int h, int k,
                            const double *u, const double *a, double *inv_lb, double *k_lb)
{
    const rm_network *net = wk->net;
    const double eps = 1e-9;
    double sq[4], xl[4], U[4];
    *k_lb = 0.0;
    for (int t = 0; t < 4; t++)
        inv_lb[t] = 0.0;
    if (!wk->tree_opt)
        return 0;
    double S = 0.0;
    for (int t = 0; t < 4; t++) {
        if (!(u[t] > 1e-9 * wk->cap_max && u[t] < DBL_MAX && a[t] > 0.0))
            return 0;
        sq[t] = sqrt(a[t] / u[t]);
        S += sq[t];
    }
    double B = S * S * (1.0 + eps) * (1.0 + 4e-10) * (1.0 + eps);
    for (int t = 0; t < 4; t++) {
        xl[t] = rm_h2_fmin(u[t], sqrt(a[t] * u[t] / B)) * (1.0 - eps);
        U[t] = u[t] * (1.0 + eps);
    }
    /* the known resources: (capacity, routes known to cross it) */
    double kc[8];
    int km[8], nk = 0;
    int ro = wk->kres_out[h], ri = wk->kres_in[h];
    if (ro >= 0 && ro == ri) {
        kc[nk] = cap[ro];
        km[nk++] = 15;
    } else {
        if (ro >= 0) {
            kc[nk] = cap[ro];
            km[nk++] = 6;
        }
        if (ri >= 0) {
            kc[nk] = cap[ri];
            km[nk++] = 9;
        }
    }
    /* the common part of the paths from k in the trees from i and from j
     * (routes 0 and 3 enter k by the same arcs there), and in the trees to
     * i and to j (routes 1 and 2 leave k by the same arcs); mirrored trees
     * on a half-duplex network: the partner arcs, the same resources, so
     * all four routes cross them */
    int mir = wk->tree_opt == 2 || wk->tree_opt == 3;
    for (int w = 0; w < (mir ? 1 : 2); w++) {
        const int *ax = wk->arc[w], *ay = wk->arc[w + 2];
        double cm = INFINITY;
        int v = k, n = 0;
        while (v != i && v != j && n < wk->N) {
            int x = ax[v];
            if (x < 0 || x != ay[v])
                break;
            int r = net->arc_res[x];
            if (r >= 0 && !net->res_backbone[r] && cap[r] < cm)
                cm = cap[r];
            v = w ? net->arc_head[x] : net->arc_tail[x];
            n++;
        }
        if (cm < INFINITY) {
            kc[nk] = cm;
            km[nk++] = mir ? 15 : w ? 6 : 9;
        }
    }
    if (wk->tree_opt == 3 && u[0] == u[1] && u[2] == u[3]) {
        kc[nk] = u[0];
        km[nk++] = 3;
        kc[nk] = u[2];
        km[nk++] = 12;
    }
    return split_bound_finish(km, kc, nk, xl, eps, U, inv_lb, k_lb);
}

void rmi_h2_tree_bound_init(h2_work *wk, int mirror)
{
    const rm_network *net = wk->net;
    int backbone = 0;
    wk->cap_max = 0.0;
    for (int r = 0; r < net->n_res; r++) {
        if (net->res_backbone[r])
            backbone = 1;
        if (net->res_cap[r] < INFINITY && net->res_cap[r] > wk->cap_max)
            wk->cap_max = net->res_cap[r];
    }
    wk->tree_opt = !rmi_h2_tree_bound_on || wk->routing == RM_ROUTING_FIXED || !wk->kres_out
                       ? 0
                       : 1 + (mirror != 0) + (mirror && !backbone);
}

void rmi_h2_fullw_destroy(h2_work *wk)
{
    h2_fullw *f = &wk->fw;
    free(f->cpos);
    free(f->anchor);
    free(f->out);
    free(f->in);
    free(f->core);
    free(f->su);
    free(f->sd);
    rmi_h2_zw_free(f->zw);
    memset(f, 0, sizeof *f);
}

/* The factored widths of wk->fw (see h2_fullw); 0 when a leaf host hangs
 * off a node that is not a core node (a component of two nodes): the caller
 * then keeps the matrix. Leaf access widths: the widest usable arc (the
 * Dijkstra keeps the first strictly wider arc: the largest width), as
 * rm_arc_width gives it at full capacity. */
static rm_status fullw_build(h2_work *wk, int *ok, rm_error *err)
{
    const rm_network *net = wk->net;
    const rm_platform *p = wk->p;
    h2_fullw *f = &wk->fw;
    int N = wk->N, H = wk->H;
    *ok = 0;
    f->cnode = rmi_widest_core_nodes(net, &f->nc);
    int nc = f->nc;
    f->cpos = malloc((size_t)N * sizeof *f->cpos);
    f->anchor = malloc((size_t)H * sizeof *f->anchor);
    f->out = malloc((size_t)H * sizeof *f->out);
    f->in = malloc((size_t)H * sizeof *f->in);
    if (!f->cpos || !f->anchor || !f->out || !f->in)
        return rm_error_set(err, RM_ENOMEM, "out of memory in SharedRing (%d hosts)", H);
    for (int v = 0; v < N; v++)
        f->cpos[v] = -1;
    for (int x = 0; x < nc; x++)
        f->cpos[f->cnode[x]] = x;
    for (int h = 0; h < H; h++) {
        int v = p->hosts[h];
        if (f->cpos[v] >= 0) {
            f->anchor[h] = f->cpos[v];
            f->out[h] = f->in[h] = INFINITY;
            continue;
        }
        int u = -1;
        double o = 0.0, in = 0.0;
        for (int k = wk->out_start[v]; k < wk->out_start[v + 1]; k++) {
            int a = wk->out_arc[k];
            if (net->arc_res[a] < 0)
                continue;
            u = net->arc_head[a];
            double x = rm_arc_width(net, NULL, a);
            if (x > o)
                o = x;
        }
        for (int k = wk->in_start[v]; k < wk->in_start[v + 1]; k++) {
            int a = wk->in_arc[k];
            if (net->arc_res[a] < 0)
                continue;
            u = net->arc_tail[a];
            double x = rm_arc_width(net, NULL, a);
            if (x > in)
                in = x;
        }
        if (u < 0 || f->cpos[u] < 0)
            return RM_OK; /* not a leaf on a core node: the matrix */
        f->anchor[h] = f->cpos[u];
        f->out[h] = o;
        f->in[h] = in;
    }
    double *wid = malloc((size_t)N * sizeof *wid);
    int *arc = malloc((size_t)N * sizeof *arc);
    f->core = malloc((size_t)nc * (size_t)nc * sizeof *f->core);
    if (!wid || !arc || !f->core) {
        free(wid);
        free(arc);
        return rm_error_set(err, RM_ENOMEM, "out of memory in SharedRing (%d core nodes)", nc);
    }
    rm_status st = RM_OK;
    for (int x = 0; x < nc && !st; x++) {
        st = rmi_widest_tree_core(net, NULL, f->cnode[x], 0, wid, arc, err);
        for (int y = 0; y < nc && !st; y++)
            f->core[(size_t)x * nc + y] = wid[f->cnode[y]];
    }
    free(wid);
    free(arc);
    *ok = !st;
    return st;
}

rm_status rmi_h2_fullw_init(h2_work *wk, rm_error *err)
{
    int ok = 0;
    rm_status st = RM_OK;
    if (wk->routing == RM_ROUTING_WIDEST && (st = fullw_build(wk, &ok, err)) == RM_OK && ok)
        return RM_OK;
    rmi_h2_fullw_destroy(wk);
    if (st)
        return st;
    if (wk->routing == RM_ROUTING_FIXED) {
        /* one SimGrid star zone: every width from two pieces, no H x H matrix */
        h2_fullw *f = &wk->fw;
        f->su = malloc(((size_t)wk->H + 1) * sizeof *f->su);
        f->sd = malloc(((size_t)wk->H + 1) * sizeof *f->sd);
        int sw = f->su && f->sd ? rmi_h2_side_widths(wk->net, f->su, f->sd) : -1;
        if (sw > 0)
            return RM_OK;
        rmi_h2_fullw_destroy(wk);
        if (sw < 0)
            return rm_error_set(err, RM_ENOMEM, "out of memory in SharedRing (%d hosts)", wk->H);
        /* a zone hierarchy of clusters: every width from the hosts' parts */
        int zw = rmi_h2_zone_widths ? rmi_h2_zw_build(wk->net, &f->zw) : 0;
        if (zw < 0)
            return rm_error_set(err, RM_ENOMEM, "out of memory in SharedRing (%d hosts)", wk->H);
        if (zw > 0 && f->zw->H == wk->H)
            return RM_OK;
        rmi_h2_fullw_destroy(wk);
    }
    return rmi_h2_wtab_init(wk, err);
}

/* The one non-backbone resource of every usable arc leaving (out = 1) or
 * entering node v, -1 when none or several. O(deg v). */
static int node_single_res(const h2_work *wk, int v, int out)
{
    const rm_network *net = wk->net;
    const int *st = out ? wk->out_start : wk->in_start, *arcs = out ? wk->out_arc : wk->in_arc;
    int one = -1;
    for (int k = st[v]; k < st[v + 1]; k++) {
        int r = net->arc_res[arcs[k]];
        if (r < 0)
            continue;
        if (net->res_backbone[r] || (one >= 0 && r != one))
            return -1;
        one = r;
    }
    return one;
}

rm_status rmi_h2_kres_init(h2_work *wk, rm_error *err)
{
    int H = wk->H;
    wk->kres_out = malloc(((size_t)H + 1) * sizeof *wk->kres_out);
    wk->kres_in = malloc(((size_t)H + 1) * sizeof *wk->kres_in);
    if (!wk->kres_out || !wk->kres_in)
        return rm_error_set(err, RM_ENOMEM, "out of memory in SharedRing (%d hosts)", H);
    for (int h = 0; h < H; h++) {
        wk->kres_out[h] = node_single_res(wk, wk->p->hosts[h], 1);
        wk->kres_in[h] = node_single_res(wk, wk->p->hosts[h], 0);
    }
    return RM_OK;
}

double rmi_h2_k_bound(const h2_work *wk, const edge_ctx *c, int h, double wkk, const double *u,
                     const double *cap, int par, double dc_dw)
{
    int ro = wk->kres_out[h], ri = wk->kres_in[h];
    double co = ro >= 0 ? cap[ro] : INFINITY, cin = ri >= 0 ? cap[ri] : INFINITY;
    static const double ones[4] = {1.0, 1.0, 1.0, 1.0};
    /* C_k >= 1/x_1 + 1/x_2 (routes 1 and 2 leave k) */
    double k_lb = group_min_s(6, ones, ones, u, co);
    double T = dc_dw * (par ? 0.5 * k_lb : k_lb);
    if (!par) {
        double a[4] = {1.0 / c->wi, 1.0 / wkk, 1.0 / wkk, 1.0 / c->wj};
        double gk = ro >= 0 && ro == ri ? group_min(15, a, u, co)
                                        : group_min(6, a, u, co) + group_min(9, a, u, cin);
        double phi = c->ci_keep / c->wi + c->cj_keep / c->wj + gk;
        double inv = c->ev.sum_inv + 1.0 / c->wi + 1.0 / c->wj + 1.0 / wkk;
        double T5 = (1.0 + dc_dw * (c->ev.sum_cw + phi)) / inv;
        if (T5 > T)
            T = T5;
    }
    return T;
}
