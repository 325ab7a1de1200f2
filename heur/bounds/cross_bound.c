/*
 * cross_bound.c — the crossing-count stopping bound of SharedRing
 * (heur/bounds/cross_bound.h has the proof).
 */
#include "heur/bounds/cross_bound.h"
#include "model/cost_valid.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

int rmi_cross_bound_valid_for(const rm_cost_model *m, rm_network_model net)
{
    return rmi_cost_model_eq1(m) && rmi_network_model_known(net);
}

void rmi_cross_bound_destroy(rm_cross_bound *xb)
{
    if (!xb)
        return;
    free(xb->up);
    free(xb->depth);
    free(xb->order);
    free(xb->parent);
    free(xb->inv_out);
    free(xb->inv_in);
    free(xb->inv_tot2);
    free(xb->cnt);
    memset(xb, 0, sizeof *xb);
}

static int lca(const rm_cross_bound *xb, int u, int v)
{
    int N = xb->N;
    if (xb->depth[u] < xb->depth[v]) {
        int t = u;
        u = v;
        v = t;
    }
    int diff = xb->depth[u] - xb->depth[v];
    for (int k = 0; diff; k++, diff >>= 1)
        if (diff & 1)
            u = xb->up[(size_t)k * N + u];
    if (u == v)
        return u;
    for (int k = xb->LOG - 1; k >= 0; k--) {
        int a = xb->up[(size_t)k * N + u], b = xb->up[(size_t)k * N + v];
        if (a != b) {
            u = a;
            v = b;
        }
    }
    u = xb->parent[u];
    return u; /* -1 when u and v lie in different trees */
}

/* value at node a, its ancestor-difference at lca l (-1: none) */
static void add_diff(long double *s, long double *m, int a, int b, int l, double c)
{
    s[a] += c;
    m[a] += fabs(c);
    if (b >= 0) {
        s[b] += c;
        m[b] += fabs(c);
    }
    if (l >= 0) {
        s[l] -= (b >= 0 ? 2.0L : 1.0L) * c;
        m[l] += (b >= 0 ? 2.0L : 1.0L) * fabs(c);
    }
}

rm_status rmi_cross_bound_init(rm_cross_bound *xb, const rm_cut_bound *cb, const rm_network *net,
                              rm_error *err)
{
    memset(xb, 0, sizeof *xb);
    const rm_platform *p = net->platform;
    int N = p->n_nodes;
    if (!cb->parent || N < 2)
        return RM_OK;
    int LOG = 1;
    while ((1 << LOG) < N)
        LOG++;
    xb->N = N;
    xb->LOG = LOG;
    xb->up = malloc((size_t)LOG * N * sizeof *xb->up);
    xb->depth = malloc((size_t)N * sizeof *xb->depth);
    xb->order = malloc((size_t)N * sizeof *xb->order);
    xb->parent = malloc((size_t)N * sizeof *xb->parent);
    xb->inv_out = calloc((size_t)N, sizeof *xb->inv_out);
    xb->inv_in = calloc((size_t)N, sizeof *xb->inv_in);
    xb->inv_tot2 = calloc((size_t)N, sizeof *xb->inv_tot2);
    xb->cnt = calloc((size_t)N, sizeof *xb->cnt);
    int *off = calloc((size_t)N + 1, sizeof *off), *kid = malloc((size_t)N * sizeof *kid);
    /* sums (long double) and magnitudes: out, in, tot; backbone counts */
    long double *s = calloc((size_t)6 * N, sizeof *s);
    long *bb = calloc((size_t)N, sizeof *bb);
    if (!xb->up || !xb->depth || !xb->order || !xb->parent || !xb->inv_out || !xb->inv_in ||
        !xb->inv_tot2 || !xb->cnt || !off || !kid || !s || !bb) {
        free(off);
        free(kid);
        free(s);
        free(bb);
        rmi_cross_bound_destroy(xb);
        return rm_error_set(err, RM_ENOMEM, "out of memory for the crossing bound of %d nodes", N);
    }
    memcpy(xb->parent, cb->parent, (size_t)N * sizeof *xb->parent);
    /* children lists, then an order with parents first (BFS from the roots) */
    for (int v = 0; v < N; v++)
        if (xb->parent[v] >= 0)
            off[xb->parent[v] + 1]++;
    for (int v = 0; v < N; v++)
        off[v + 1] += off[v];
    int *fill = xb->depth; /* scratch before depth is set */
    for (int v = 0; v < N; v++)
        fill[v] = off[v];
    for (int v = 0; v < N; v++)
        if (xb->parent[v] >= 0)
            kid[fill[xb->parent[v]]++] = v;
    int n = 0;
    for (int v = 0; v < N; v++)
        if (xb->parent[v] < 0)
            xb->order[n++] = v;
    for (int h = 0; h < n; h++) {
        int v = xb->order[h];
        for (int a = off[v]; a < off[v + 1]; a++)
            xb->order[n++] = kid[a];
    }
    /* n == N: parent[] is a forest (the cut tree) */
    for (int h = 0; h < N; h++) {
        int v = xb->order[h], pv = xb->parent[v];
        xb->depth[v] = pv >= 0 ? xb->depth[pv] + 1 : 0;
        xb->up[v] = pv;
    }
    for (int k = 1; k < LOG; k++)
        for (int v = 0; v < N; v++) {
            int a = xb->up[(size_t)(k - 1) * N + v];
            xb->up[(size_t)k * N + v] = a >= 0 ? xb->up[(size_t)(k - 1) * N + a] : -1;
        }
    /* capacities of every subtree's cut by the lca difference */
    long double *so = s, *mo = s + N, *si = s + 2 * N, *mi = s + 3 * N, *st = s + 4 * N,
                *mt = s + 5 * N;
    for (int l = 0; l < p->n_links; l++) {
        int r0 = net->arc_res[2 * l], r1 = net->arc_res[2 * l + 1];
        if (r0 < 0 && r1 < 0)
            continue;
        int u = net->arc_tail[2 * l], v = net->arc_head[2 * l];
        if (u == v)
            continue;
        int w = lca(xb, u, v);
        for (int d = 0; d < 2; d++) {
            int r = d ? r1 : r0;
            if (r < 0)
                continue;
            int t = d ? v : u, hd = d ? u : v;
            if (net->res_backbone[r] || !(net->res_cap[r] > 0.0)) {
                /* an unbounded resource in every cut this link crosses */
                bb[u]++;
                bb[v]++;
                if (w >= 0)
                    bb[w] -= 2;
                continue;
            }
            double c = net->res_cap[r];
            add_diff(so, mo, t, -1, w, c);
            add_diff(si, mi, hd, -1, w, c);
            if (d == 0 || r1 != r0)
                add_diff(st, mt, u, v, w, c);
        }
    }
    for (int h = N - 1; h >= 0; h--) {
        int v = xb->order[h], pv = xb->parent[v];
        if (pv < 0)
            continue;
        so[pv] += so[v];
        mo[pv] += mo[v];
        si[pv] += si[v];
        mi[pv] += mi[v];
        st[pv] += st[v];
        mt[pv] += mt[v];
        bb[pv] += bb[v];
    }
    for (int v = 0; v < N; v++) {
        if (xb->parent[v] < 0 || bb[v] > 0)
            continue;
        /* raised by the rounding of the differences (1e-13 of the magnitudes) */
        double o = (double)(so[v] + 1e-13L * mo[v]), i = (double)(si[v] + 1e-13L * mi[v]),
               t = (double)(st[v] + 1e-13L * mt[v]);
        xb->inv_out[v] = o > 0.0 ? 1.0 / o : 0.0;
        xb->inv_in[v] = i > 0.0 ? 1.0 / i : 0.0;
        xb->inv_tot2[v] = t > 0.0 ? 2.0 / t : 0.0;
        if (xb->inv_out[v] > 0.0 || xb->inv_in[v] > 0.0 || xb->inv_tot2[v] > 0.0)
            xb->active = 1;
    }
    free(off);
    free(kid);
    free(s);
    free(bb);
    return RM_OK;
}

double rmi_cross_bound_value(rm_cross_bound *xb, const int *ring, int q)
{
    if (!xb->active || q < 2)
        return 0.0;
    int N = xb->N;
    long *c = xb->cnt;
    memset(c, 0, (size_t)N * sizeof *c);
    for (int k = 0; k < q; k++) {
        int u = ring[k], v = ring[(k + 1) % q];
        if (u < 0 || v < 0 || u >= N || v >= N || u == v)
            continue;
        int w = lca(xb, u, v);
        c[u]++;
        c[v]++;
        if (w >= 0)
            c[w] -= 2;
    }
    double best = 0.0;
    for (int h = N - 1; h >= 0; h--) {
        int v = xb->order[h], pv = xb->parent[v];
        if (pv < 0)
            continue;
        long x = c[v];
        c[pv] += x;
        if (x <= 0)
            continue;
        double m = xb->inv_out[v];
        if (xb->inv_in[v] > m)
            m = xb->inv_in[v];
        if (xb->inv_tot2[v] > m)
            m = xb->inv_tot2[v];
        if ((double)x * m > best)
            best = (double)x * m;
    }
    return best;
}
