/*
 * maxmin_ring.c — rm_maxmin's max-min fair shares of a growing ring's routes,
 * kept from one size to the next and solved again only where an insertion
 * changes them (bw/maxmin_ring.h; Legrand et al. 2004 §4.4.3, method 1, the
 * progressive filling of bw/maxmin.c; Bertsekas & Gallager §6.5.2).
 *
 * Exactness. rmi_bw_fill's result on a resource j is a function of its
 * capacity, the sequence of rounds' d (and levels), and the rounds at which
 * the routes crossing it freeze; a route's freezing round is a function of
 * its backbone bound, the levels, and the rounds at which its resources
 * saturate. Nothing else, and each of these is computed here with the same
 * operations in the same order (fmin is exact, so the order of a minimum
 * does not matter; the loads of make-feasible are summed in rm_maxmin's
 * route order). The replay keeps every round's d: it holds when a witness of
 * the round (a resource or route that gave exactly d last time) is
 * unchanged at that round and no changed resource or route gives less.
 * Then the unchanged resources and routes follow the same steps as last
 * time, and the changed ones (the insertion's, and those a changed freezing
 * reaches, round by round) are computed again from their start.
 */
#include "bw/maxmin_ring.h"
#include "bw/bw_internal.h"

#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* as in maxmin.c: two saturation levels within this relative tolerance tie */
#define MMR_TIE 1e-12
#define MMR_W 16         /* witnesses kept per round */
#define MMR_PEND INT_MAX /* a route not frozen (yet) */
#define MMR_CLEAN INT_MAX

typedef struct mmr_slot {
    int *arcs, n_arcs, cap_arcs;
    int *res, *mult, nt, cap_t; /* distinct resources ascending, multiplicities */
    double ub;                  /* backbone bound */
    int alive, pos, frz, dfrom, stamp;
    double fill, rate;
} mmr_slot;

struct rmi_mm_ring {
    const rm_network *net;
    int R, bad_cap;
    double *capl;
    int *bb;
    /* resources: routes crossing each (slot, multiplicity), in route order */
    int **rl_s, **rl_m, *rn, *rcap;
    int *used, *upos, n_used;
    int *sat, *satn, *wt, *dfrom, *stamp;
    double *rem, *dr, *f;
    /* slots */
    mmr_slot *sl;
    int n_sl, cap_sl, *freel, n_free;
    int stamp_now;
    /* the last ring */
    int pq, cap_q, *pring, *psucc, *ppred;
    int *nsucc, *npred, *live;
    /* the last filling's rounds */
    int traj_ok, nr, cap_r;
    double *d, *lev;
    int *wit, *nwit;
    int *rsum; /* cap_r: res_start's multiplicity frozen at each round */
    /* replay scratch */
    int *dres, n_dres, *dsl, n_dsl, *nd, n_nd, *cand, cap_cand, *lres;
    int *nw, n_nw, cap_nw; /* new witnesses (round, id) pairs */
    long calls, full, replays, partial;
};

static int grow(void **p, int *cap, int need, size_t sz)
{
    if (need <= *cap)
        return 1;
    int c = *cap ? *cap : 16;
    while (c < need)
        c *= 2;
    void *q = realloc(*p, (size_t)c * sz);
    if (!q)
        return 0;
    *p = q;
    *cap = c;
    return 1;
}

rmi_mm_ring *rmi_mm_ring_new(const rm_network *net)
{
    rmi_mm_ring *m = calloc(1, sizeof *m);
    if (!m)
        return NULL;
    int R = m->R = net->n_res;
    m->net = net;
    size_t n = (size_t)R + 1;
    m->capl = malloc(n * sizeof(double));
    m->rem = malloc(n * sizeof(double));
    m->dr = malloc(n * sizeof(double));
    m->f = malloc(n * sizeof(double));
    m->bb = calloc(n, sizeof(int));
    m->rl_s = calloc(n, sizeof(int *));
    m->rl_m = calloc(n, sizeof(int *));
    m->rn = calloc(n, sizeof(int));
    m->rcap = calloc(n, sizeof(int));
    m->used = malloc(n * sizeof(int));
    m->upos = malloc(n * sizeof(int));
    m->sat = malloc(n * sizeof(int));
    m->satn = malloc(n * sizeof(int));
    m->wt = calloc(n, sizeof(int));
    m->dfrom = malloc(n * sizeof(int));
    m->stamp = calloc(n, sizeof(int));
    m->dres = malloc(n * sizeof(int));
    m->nd = malloc(n * sizeof(int));
    m->lres = malloc(n * sizeof(int));
    if (!m->capl || !m->rem || !m->dr || !m->f || !m->bb || !m->rl_s || !m->rl_m || !m->rn ||
        !m->rcap || !m->used || !m->upos || !m->sat || !m->satn || !m->wt || !m->dfrom ||
        !m->stamp || !m->dres || !m->nd || !m->lres) {
        rmi_mm_ring_free(m);
        return NULL;
    }
    for (int g = 0; g < R; g++) {
        double c = net->res_cap[g];
        if (isnan(c))
            m->bad_cap = 1;
        m->capl[g] = bw_clean_cap(c, c);
        m->bb[g] = net->res_backbone ? net->res_backbone[g] != 0 : 0;
        m->upos[g] = -1;
        m->dfrom[g] = MMR_CLEAN;
        m->f[g] = 1.0;
        m->sat[g] = m->satn[g] = -1;
    }
    return m;
}

void rmi_mm_ring_free(rmi_mm_ring *m)
{
    if (!m)
        return;
    for (int g = 0; g < m->R; g++) {
        if (m->rl_s)
            free(m->rl_s[g]);
        if (m->rl_m)
            free(m->rl_m[g]);
    }
    for (int s = 0; s < m->n_sl; s++) {
        free(m->sl[s].arcs);
        free(m->sl[s].res);
        free(m->sl[s].mult);
    }
    free(m->sl);
    free(m->freel);
    free(m->capl), free(m->rem), free(m->dr), free(m->f), free(m->bb);
    free(m->rl_s), free(m->rl_m), free(m->rn), free(m->rcap), free(m->used), free(m->upos);
    free(m->sat), free(m->satn), free(m->wt), free(m->dfrom), free(m->stamp);
    free(m->pring), free(m->psucc), free(m->ppred), free(m->nsucc), free(m->npred), free(m->live);
    free(m->d), free(m->lev), free(m->wit), free(m->nwit), free(m->rsum);
    free(m->dres), free(m->dsl), free(m->nd), free(m->lres), free(m->cand), free(m->nw);
    free(m);
}

void rmi_mm_ring_stats(const rmi_mm_ring *m, long *calls, long *full, long *replays,
                       long *partial)
{
    *calls = m->calls;
    *full = m->full;
    *replays = m->replays;
    *partial = m->partial;
}

/* ------------------------------------------------------------ incidence */

/* Remove slot s from resource g's list (order kept). */
static void res_remove(rmi_mm_ring *m, int g, int s)
{
    int n = m->rn[g], i = 0;
    while (i < n && m->rl_s[g][i] != s)
        i++;
    if (i == n)
        return;
    memmove(m->rl_s[g] + i, m->rl_s[g] + i + 1, (size_t)(n - i - 1) * sizeof(int));
    memmove(m->rl_m[g] + i, m->rl_m[g] + i + 1, (size_t)(n - i - 1) * sizeof(int));
    m->rn[g] = n - 1;
    if (n - 1 == 0) { /* no longer used */
        int p = m->upos[g], last = m->used[--m->n_used];
        m->used[p] = last;
        m->upos[last] = p;
        m->upos[g] = -1;
    }
}

/* Insert slot s (multiplicity mu) into resource g's list at its route
 * order (slot positions, already the new ones). 0: out of memory. */
static int res_insert(rmi_mm_ring *m, int g, int s, int mu)
{
    int n = m->rn[g];
    if (n + 1 > m->rcap[g]) {
        int c = m->rcap[g] ? 2 * m->rcap[g] : 4;
        int *a = realloc(m->rl_s[g], (size_t)c * sizeof(int));
        if (!a)
            return 0;
        m->rl_s[g] = a;
        int *b = realloc(m->rl_m[g], (size_t)c * sizeof(int));
        if (!b)
            return 0;
        m->rl_m[g] = b;
        m->rcap[g] = c;
    }
    int ps = m->sl[s].pos, i = n;
    while (i > 0 && m->sl[m->rl_s[g][i - 1]].pos > ps)
        i--;
    memmove(m->rl_s[g] + i + 1, m->rl_s[g] + i, (size_t)(n - i) * sizeof(int));
    memmove(m->rl_m[g] + i + 1, m->rl_m[g] + i, (size_t)(n - i) * sizeof(int));
    m->rl_s[g][i] = s;
    m->rl_m[g][i] = mu;
    m->rn[g] = n + 1;
    if (n == 0) {
        m->upos[g] = m->n_used;
        m->used[m->n_used++] = g;
    }
    return 1;
}

/* Mark resource g changed from round 0 (non-backbone ones only). */
static void touch_res(rmi_mm_ring *m, int g)
{
    if (m->bb[g] || m->dfrom[g] != MMR_CLEAN)
        return;
    m->dfrom[g] = 0;
    m->dres[m->n_dres++] = g;
}

static void slot_drop(rmi_mm_ring *m, int s)
{
    mmr_slot *x = &m->sl[s];
    for (int t = 0; t < x->nt; t++) {
        res_remove(m, x->res[t], s);
        touch_res(m, x->res[t]);
    }
    x->alive = 0;
    m->freel[m->n_free++] = s;
}

/* A new slot for route r at position pos; -1 out of memory, -2 an arc not
 * usable (rm_maxmin gives the message). */
static int slot_add(rmi_mm_ring *m, const rm_route *r, int pos)
{
    const rm_network *net = m->net;
    if (r->n_arcs < 0 || (r->n_arcs > 0 && !r->arcs))
        return -2;
    for (int i = 0; i < r->n_arcs; i++) {
        int a = r->arcs[i];
        if (a < 0 || a >= net->n_arcs || net->arc_res[a] < 0 || net->arc_res[a] >= net->n_res)
            return -2;
    }
    int s; /* room made by the caller (rmi_mm_ring_solve) */
    if (m->n_free > 0) {
        s = m->freel[--m->n_free];
    } else {
        if (m->n_sl >= m->cap_sl)
            return -1;
        s = m->n_sl++;
        memset(&m->sl[s], 0, sizeof m->sl[s]);
    }
    mmr_slot *x = &m->sl[s];
    int n = r->n_arcs;
    if (n > x->cap_arcs) {
        int *a = realloc(x->arcs, (size_t)n * sizeof(int));
        int *b = a ? realloc(x->res, (size_t)n * sizeof(int)) : NULL;
        if (a)
            x->arcs = a;
        if (b)
            x->res = b;
        int *c = b ? realloc(x->mult, (size_t)n * sizeof(int)) : NULL;
        if (!c) {
            m->freel[m->n_free++] = s;
            return -1;
        }
        x->mult = c;
        x->cap_arcs = x->cap_t = n;
    }
    if (n > 0)
        memcpy(x->arcs, r->arcs, (size_t)n * sizeof(int));
    x->n_arcs = n;
    /* distinct resources ascending with multiplicities (insertion sort) */
    x->nt = 0;
    for (int i = 0; i < n; i++) {
        int g = net->arc_res[r->arcs[i]], t = 0;
        while (t < x->nt && x->res[t] < g)
            t++;
        if (t < x->nt && x->res[t] == g) {
            x->mult[t]++;
            continue;
        }
        memmove(x->res + t + 1, x->res + t, (size_t)(x->nt - t) * sizeof(int));
        memmove(x->mult + t + 1, x->mult + t, (size_t)(x->nt - t) * sizeof(int));
        x->res[t] = g;
        x->mult[t] = 1;
        x->nt++;
    }
    x->ub = INFINITY;
    for (int t = 0; t < x->nt; t++)
        if (m->bb[x->res[t]])
            x->ub = fmin(x->ub, m->capl[x->res[t]]);
    x->alive = 1;
    x->pos = pos;
    x->frz = MMR_PEND;
    x->dfrom = 0;
    x->stamp = 0;
    x->fill = x->rate = INFINITY;
    for (int t = 0; t < x->nt; t++) {
        if (!res_insert(m, x->res[t], s, x->mult[t]))
            return -1; /* the caller resets everything */
        touch_res(m, x->res[t]);
    }
    return s;
}

/* ------------------------------------------------------------ filling */

static int add_round(rmi_mm_ring *m)
{
    int need = m->nr + 1;
    if (need > m->cap_r) {
        int c = m->cap_r ? 2 * m->cap_r : 16;
        double *d = realloc(m->d, (size_t)c * sizeof(double));
        if (d)
            m->d = d;
        double *l = d ? realloc(m->lev, (size_t)c * sizeof(double)) : NULL;
        if (l)
            m->lev = l;
        int *w = l ? realloc(m->wit, (size_t)c * MMR_W * sizeof(int)) : NULL;
        if (w)
            m->wit = w;
        int *nw = w ? realloc(m->nwit, (size_t)c * sizeof(int)) : NULL;
        if (nw)
            m->nwit = nw;
        int *rs = nw ? realloc(m->rsum, (size_t)c * sizeof(int)) : NULL;
        if (!rs)
            return 0;
        m->rsum = rs;
        m->cap_r = c;
    }
    m->nwit[m->nr] = 0;
    return 1;
}

/* The rounds of rmi_bw_fill from round t0 on (the same operations on each
 * resource and route): on the resources lres[0 .. nl) (their rem and wt at
 * the start of round t0; others are skipped as unloaded) and the routes
 * m->live[0 .. n_live) unfrozen at t0. Records the rounds from t0 (d, level,
 * witnesses), the saturations, the freezings and the fills. 0: out of
 * memory. */
static int fill_rounds(rmi_mm_ring *m, const int *lres, int nl, int n_live, int t0)
{
    double level = t0 ? m->lev[t0 - 1] : 0.0;
    m->nr = t0;
    m->traj_ok = 1;
    while (n_live > 0) {
        double d = INFINITY;
        for (int u = 0; u < nl; u++) {
            int g = lres[u];
            if (m->wt[g] > 0 && !m->bb[g]) {
                m->dr[g] = m->rem[g] / m->wt[g];
                d = fmin(d, m->dr[g]);
            }
        }
        for (int i = 0; i < n_live; i++)
            d = fmin(d, m->sl[m->live[i]].ub - level);
        if (d == INFINITY) {
            for (int i = 0; i < n_live; i++) {
                m->sl[m->live[i]].frz = -1; /* rate INFINITY */
                m->sl[m->live[i]].fill = INFINITY;
            }
            m->traj_ok = 0;
            break;
        }
        if (!add_round(m))
            return 0;
        int t = m->nr++;
        int *w = m->wit + (size_t)t * MMR_W;
        if (d >= 0.0) { /* witnesses: what gives exactly d */
            for (int u = 0; u < nl && m->nwit[t] < MMR_W; u++) {
                int g = lres[u];
                if (m->wt[g] > 0 && !m->bb[g] && m->dr[g] == d)
                    w[m->nwit[t]++] = g;
            }
            for (int i = 0; i < n_live && m->nwit[t] < MMR_W; i++)
                if (m->sl[m->live[i]].ub - level == d)
                    w[m->nwit[t]++] = -(m->live[i] + 1);
        } else {
            d = 0.0; /* no witness: a replay fills again from here */
        }
        level += d;
        m->d[t] = d;
        m->lev[t] = level;
        for (int u = 0; u < nl; u++) {
            int g = lres[u];
            if (m->wt[g] > 0 && !m->bb[g]) {
                if (m->dr[g] <= d * (1.0 + MMR_TIE)) {
                    m->rem[g] = 0.0;
                    m->dr[g] = -1.0;
                    m->sat[g] = t;
                } else {
                    m->rem[g] = fmax(0.0, m->rem[g] - d * m->wt[g]);
                }
            }
        }
        /* freeze (the multiplicities leave at once, as in rmi_bw_fill: a
         * saturated resource keeps wt > 0 while any of its routes is
         * unfrozen, so the order does not matter) */
        int k = 0;
        for (int i = 0; i < n_live; i++) {
            mmr_slot *x = &m->sl[m->live[i]];
            int fr = x->ub <= level * (1.0 + MMR_TIE);
            for (int e = 0; e < x->nt && !fr; e++) {
                int g = x->res[e];
                fr = !m->bb[g] && m->wt[g] > 0 && m->dr[g] < 0.0;
            }
            if (!fr) {
                m->live[k++] = m->live[i];
                continue;
            }
            x->frz = t;
            x->fill = fmin(level, x->ub);
            for (int e = 0; e < x->nt; e++)
                if (!m->bb[x->res[e]])
                    m->wt[x->res[e]] -= x->mult[e];
        }
        n_live = k;
    }
    return 1;
}

/* rmi_bw_fill on the whole kept incidence. 0: out of memory. */
static int fill_all(rmi_mm_ring *m)
{
    int n_live = 0;
    for (int u = 0; u < m->n_used; u++) {
        int g = m->used[u];
        m->wt[g] = 0;
        m->rem[g] = m->capl[g];
        m->sat[g] = -1;
    }
    for (int s = 0; s < m->n_sl; s++) {
        mmr_slot *x = &m->sl[s];
        if (!x->alive)
            continue;
        x->fill = INFINITY;
        x->frz = -1;
        if (x->nt == 0)
            continue;
        x->frz = MMR_PEND;
        m->live[n_live++] = s;
        for (int t = 0; t < x->nt; t++)
            if (!m->bb[x->res[t]])
                m->wt[x->res[t]] += x->mult[t];
    }
    return fill_rounds(m, m->used, m->n_used, n_live, 0);
}

/* make-feasible of resource g: its factor from its routes' loads in route
 * order (rmi_bw_make_feasible, margin 1). */
static double res_factor(const rmi_mm_ring *m, int g)
{
    double load = 0.0;
    for (int i = 0; i < m->rn[g]; i++) {
        double r = m->sl[m->rl_s[g][i]].fill;
        if (isfinite(r))
            load += m->rl_m[g][i] * r;
    }
    return load > m->capl[g] ? m->capl[g] / load * 1.0 : 1.0;
}

static void slot_rate(rmi_mm_ring *m, mmr_slot *x)
{
    x->rate = x->fill;
    if (!isfinite(x->fill))
        return;
    double mu = 1.0;
    for (int e = 0; e < x->nt; e++) {
        int g = x->res[e];
        if (!m->bb[g])
            mu = fmin(mu, m->f[g]);
        else if (x->fill > m->capl[g])
            mu = fmin(mu, m->capl[g] / x->fill * 1.0);
    }
    if (mu < 1.0)
        x->rate = x->fill * mu;
}

/* slot_rate of x if it is marked (stamp_now), then unmarked. */
static void rate_once(rmi_mm_ring *m, mmr_slot *x)
{
    if (x->stamp != m->stamp_now)
        return;
    slot_rate(m, x);
    x->stamp = m->stamp_now - 1;
}

static void feasible_all(rmi_mm_ring *m)
{
    for (int u = 0; u < m->n_used; u++) {
        int g = m->used[u];
        m->f[g] = m->bb[g] ? 1.0 : res_factor(m, g);
    }
    for (int s = 0; s < m->n_sl; s++)
        if (m->sl[s].alive)
            slot_rate(m, &m->sl[s]);
}

/* ------------------------------------------------------------ replay */

/* Resource g (changed from round t0 = dfrom[g]): its state at the start of
 * round t0 from its capacity, the rounds' d and its routes' freezing
 * (those before t0 are settled). */
static void res_start(rmi_mm_ring *m, int g, int t0)
{
    int wt = 0;
    /* the multiplicity frozen at each round before t0 (integers: the same
     * wt at every round as taking the routes round by round) */
    for (int u = 0; u < t0; u++)
        m->rsum[u] = 0;
    for (int i = 0; i < m->rn[g]; i++) {
        wt += m->rl_m[g][i];
        int fz = m->sl[m->rl_s[g][i]].frz;
        if (fz >= 0 && fz < t0)
            m->rsum[fz] += m->rl_m[g][i];
    }
    double rem = m->capl[g];
    int sat = -1;
    for (int u = 0; u < t0; u++) {
        if (wt > 0) {
            double dr = rem / wt;
            if (dr <= m->d[u] * (1.0 + MMR_TIE)) {
                rem = 0.0;
                sat = u;
            } else {
                rem = fmax(0.0, rem - m->d[u] * wt);
            }
        }
        wt -= m->rsum[u];
    }
    m->wt[g] = wt;
    m->rem[g] = rem;
    m->satn[g] = sat;
}

static int sat_at(const rmi_mm_ring *m, int g, int t)
{
    return (m->dfrom[g] <= t ? m->satn[g] : m->sat[g]) == t;
}

static int add_nw(rmi_mm_ring *m, int t, int id)
{
    if (!grow((void **)&m->nw, &m->cap_nw, m->n_nw + 2, sizeof(int)))
        return 0;
    m->nw[m->n_nw++] = t;
    m->nw[m->n_nw++] = id;
    return 1;
}

/* Replay the kept rounds with the changed resources (m->dres, from round
 * 0) and routes (m->dsl). -1: done, the result is rm_maxmin's; t >= 0: round
 * t's d would change (no witness left, or a changed resource or route gives
 * less), or t = nr: more rounds are needed; the state is then the start of
 * round t (the caller fills from there: fill_from). Out of memory: -3. */
static int replay(rmi_mm_ring *m)
{
    m->n_nw = 0;
    for (int i = 0; i < m->n_dres; i++)
        res_start(m, m->dres[i], 0);
    for (int t = 0; t < m->nr; t++) {
        double levprev = t ? m->lev[t - 1] : 0.0, d = m->d[t], level = m->lev[t];
        int ok = 0;
        for (int i = 0; i < m->nwit[t] && !ok; i++) {
            int w = m->wit[(size_t)t * MMR_W + i];
            ok = w >= 0 ? m->dfrom[w] > t && m->upos[w] >= 0
                        : m->sl[-w - 1].alive && m->sl[-w - 1].dfrom > t;
        }
        if (!ok)
            return t;
        for (int i = 0; i < m->n_dres; i++) {
            int g = m->dres[i];
            if (m->dfrom[g] > t || m->wt[g] <= 0)
                continue;
            m->dr[g] = m->rem[g] / m->wt[g];
            if (m->dr[g] < d)
                return t;
            if (m->dr[g] == d && !add_nw(m, t, g))
                return -3;
        }
        for (int i = 0; i < m->n_dsl; i++) {
            mmr_slot *x = &m->sl[m->dsl[i]];
            if (x->dfrom > t || x->frz != MMR_PEND)
                continue;
            double v = x->ub - levprev;
            if (v < d)
                return t;
            if (v == d && !add_nw(m, t, -(m->dsl[i] + 1)))
                return -3;
        }
        for (int i = 0; i < m->n_dres; i++) {
            int g = m->dres[i];
            if (m->dfrom[g] > t || m->wt[g] <= 0)
                continue;
            if (m->dr[g] <= d * (1.0 + MMR_TIE)) {
                m->rem[g] = 0.0;
                m->satn[g] = t;
            } else {
                m->rem[g] = fmax(0.0, m->rem[g] - d * m->wt[g]);
            }
        }
        /* the routes whose freezing at round t may change */
        m->stamp_now++;
        int nc = 0;
        for (int i = 0; i < m->n_dres; i++) {
            int g = m->dres[i];
            if (m->dfrom[g] > t)
                continue;
            if (!grow((void **)&m->cand, &m->cap_cand, nc + m->rn[g], sizeof(int)))
                return -3;
            for (int j = 0; j < m->rn[g]; j++) {
                int s = m->rl_s[g][j];
                if (m->sl[s].stamp != m->stamp_now) {
                    m->sl[s].stamp = m->stamp_now;
                    m->cand[nc++] = s;
                }
            }
        }
        if (!grow((void **)&m->cand, &m->cap_cand, nc + m->n_dsl, sizeof(int)))
            return -3;
        for (int i = 0; i < m->n_dsl; i++) {
            int s = m->dsl[i];
            if (m->sl[s].stamp != m->stamp_now && m->sl[s].dfrom <= t) {
                m->sl[s].stamp = m->stamp_now;
                m->cand[nc++] = s;
            }
        }
        m->n_nd = 0;
        for (int c = 0; c < nc; c++) {
            int s = m->cand[c];
            mmr_slot *x = &m->sl[s];
            if (x->frz != MMR_PEND && x->frz < t)
                continue; /* frozen before */
            int fr = x->ub <= level * (1.0 + MMR_TIE);
            for (int e = 0; e < x->nt && !fr; e++)
                fr = !m->bb[x->res[e]] && sat_at(m, x->res[e], t);
            if (x->dfrom <= t) { /* changed already: settle it */
                if (fr)
                    x->frz = t;
                continue;
            }
            if (fr == (x->frz == t))
                continue;
            /* an unchanged route freezes otherwise: changed from round t,
             * its resources from round t + 1 */
            x->dfrom = t;
            x->frz = fr ? t : MMR_PEND;
            m->dsl[m->n_dsl++] = s;
            for (int e = 0; e < x->nt; e++) {
                int g = x->res[e];
                if (m->bb[g] || m->dfrom[g] != MMR_CLEAN)
                    continue;
                m->dfrom[g] = t + 1;
                m->dres[m->n_dres++] = g;
                m->nd[m->n_nd++] = g;
            }
        }
        /* the changed resources' unfrozen multiplicity after round t */
        for (int i = 0; i < m->n_dres; i++) {
            int g = m->dres[i];
            if (m->dfrom[g] > t)
                continue;
            int wt = 0;
            for (int j = 0; j < m->rn[g]; j++) {
                int fz = m->sl[m->rl_s[g][j]].frz;
                if (fz == MMR_PEND || fz > t)
                    wt += m->rl_m[g][j];
            }
            m->wt[g] = wt;
        }
        for (int i = 0; i < m->n_nd; i++)
            res_start(m, m->nd[i], t + 1);
    }
    for (int i = 0; i < m->n_dsl; i++)
        if (m->sl[m->dsl[i]].frz == MMR_PEND)
            return m->nr; /* more rounds */
    return -1;
}

/* After a replay up to round tw (its rounds before tw kept; from tw on,
 * fill_from's): the witnesses of the rounds before tw that are still
 * unchanged there, with the changed ones that gave exactly d; the changed
 * routes' fills; make-feasible again where a fill moved (the changed
 * resources, lres[0 .. nl) and the routes relive[0 .. n_re) that fill_from
 * filled again). */
static void commit(rmi_mm_ring *m, int tw, const int *lres, int nl, const int *relive, int n_re)
{
    for (int t = 0; t < tw; t++) { /* witnesses still unchanged at t */
        int *w = m->wit + (size_t)t * MMR_W, k = 0;
        for (int i = 0; i < m->nwit[t]; i++) {
            int v = w[i];
            int keep = v >= 0 ? m->dfrom[v] > t && m->upos[v] >= 0
                              : m->sl[-v - 1].alive && m->sl[-v - 1].dfrom > t;
            if (keep)
                w[k++] = v;
        }
        m->nwit[t] = k;
    }
    for (int i = 0; i < m->n_nw; i += 2) {
        int t = m->nw[i];
        if (t < tw && m->nwit[t] < MMR_W)
            m->wit[(size_t)t * MMR_W + m->nwit[t]++] = m->nw[i + 1];
    }
    m->stamp_now++;
    for (int i = 0; i < m->n_dsl; i++) {
        mmr_slot *x = &m->sl[m->dsl[i]];
        if (x->frz != MMR_PEND && x->frz >= 0 && x->frz < tw)
            x->fill = fmin(m->lev[x->frz], x->ub);
        x->stamp = m->stamp_now;
    }
    for (int i = 0; i < n_re; i++)
        m->sl[relive[i]].stamp = m->stamp_now;
    for (int pass = 0; pass < 2; pass++) {
        const int *L = pass ? lres : m->dres;
        int n = pass ? nl : m->n_dres;
        for (int i = 0; i < n; i++) {
            int g = L[i];
            if (m->upos[g] < 0 || m->bb[g])
                continue;
            double f = res_factor(m, g);
            if (f != m->f[g])
                for (int j = 0; j < m->rn[g]; j++)
                    m->sl[m->rl_s[g][j]].stamp = m->stamp_now;
            m->f[g] = f;
        }
    }
    /* each marked route once (its mark taken off) */
    for (int i = 0; i < m->n_dsl; i++)
        rate_once(m, &m->sl[m->dsl[i]]);
    for (int i = 0; i < n_re; i++)
        rate_once(m, &m->sl[relive[i]]);
    for (int pass = 0; pass < 2; pass++) {
        const int *L = pass ? lres : m->dres;
        int n = pass ? nl : m->n_dres;
        for (int i = 0; i < n; i++) {
            int g = L[i];
            for (int j = 0; j < m->rn[g]; j++)
                rate_once(m, &m->sl[m->rl_s[g][j]]);
        }
    }
}

/* The filling again from round t0 (the replay's state at its start): the
 * routes unfrozen at t0 and their resources, each resource's state at t0
 * (the changed ones' from the replay, the others' from their start), then
 * fill_rounds; commit. 0: out of memory. */
static int fill_from(rmi_mm_ring *m, int t0)
{
    int n_live = 0, nl = 0;
    for (int i = 0; i < m->n_dres; i++)
        m->sat[m->dres[i]] = m->satn[m->dres[i]];
    m->stamp_now++;
    for (int s = 0; s < m->n_sl; s++) {
        mmr_slot *x = &m->sl[s];
        if (!x->alive || x->nt == 0 || (x->frz != MMR_PEND && x->frz < t0))
            continue;
        x->frz = MMR_PEND;
        m->live[n_live++] = s;
        for (int e = 0; e < x->nt; e++) {
            int g = x->res[e];
            if (!m->bb[g] && m->stamp[g] != m->stamp_now) {
                m->stamp[g] = m->stamp_now;
                m->lres[nl++] = g;
            }
        }
    }
    if (!grow((void **)&m->cand, &m->cap_cand, n_live + 1, sizeof(int)))
        return 0;
    memcpy(m->cand, m->live, (size_t)n_live * sizeof(int));
    for (int i = 0; i < nl; i++) {
        int g = m->lres[i];
        if (m->dfrom[g] > t0)
            res_start(m, g, t0);
        m->sat[g] = -1;
    }
    if (!fill_rounds(m, m->lres, nl, n_live, t0))
        return 0;
    commit(m, t0, m->lres, nl, m->cand, n_live);
    return 1;
}

static void clear_dirty(rmi_mm_ring *m)
{
    for (int i = 0; i < m->n_dres; i++)
        m->dfrom[m->dres[i]] = MMR_CLEAN;
    for (int i = 0; i < m->n_dsl; i++)
        m->sl[m->dsl[i]].dfrom = MMR_CLEAN;
    m->n_dres = m->n_dsl = 0;
}

/* ------------------------------------------------------------ the ring */

static void forget(rmi_mm_ring *m)
{
    clear_dirty(m);
    for (int s = 0; s < m->n_sl; s++)
        if (m->sl[s].alive)
            slot_drop(m, s);
    clear_dirty(m);
    m->pq = 0;
    m->traj_ok = 0;
}

/* Old index of new host index i (q hosts, host p inserted; p = -1: the same
 * ring). */
static int old_of(int i, int p)
{
    return p < 0 || i < p ? i : i == p ? -1 : i - 1;
}

static int same_route(const mmr_slot *x, const rm_route *r)
{
    return x->n_arcs == r->n_arcs &&
           (r->n_arcs == 0 || memcmp(x->arcs, r->arcs, (size_t)r->n_arcs * sizeof(int)) == 0);
}

/* Room for a ring of q hosts: the ring arrays, the slots (at most the
 * last ring's and this one's) and the changed-route list (as many as the
 * slots). 0: out of memory. */
static int room(rmi_mm_ring *m, int q)
{
    int n = 2 * q;
    if (q > m->cap_q) {
        int c = m->cap_q ? m->cap_q : 16;
        while (c < q)
            c *= 2;
        int *a = realloc(m->pring, (size_t)c * sizeof(int));
        if (a)
            m->pring = a;
        int *b = a ? realloc(m->psucc, (size_t)c * sizeof(int)) : NULL;
        if (b)
            m->psucc = b;
        int *c3 = b ? realloc(m->ppred, (size_t)c * sizeof(int)) : NULL;
        if (c3)
            m->ppred = c3;
        int *d = c3 ? realloc(m->nsucc, (size_t)c * sizeof(int)) : NULL;
        if (d)
            m->nsucc = d;
        int *e = d ? realloc(m->npred, (size_t)c * sizeof(int)) : NULL;
        if (e)
            m->npred = e;
        int *l = e ? realloc(m->live, (size_t)(2 * c + 1) * sizeof(int)) : NULL;
        if (!l)
            return 0;
        m->live = l;
        m->cap_q = c;
    }
    int need = m->n_sl + n + 1;
    int *a = realloc(m->dsl, (size_t)need * sizeof(int));
    if (!a)
        return 0;
    m->dsl = a;
    if (!grow((void **)&m->sl, &m->cap_sl, need, sizeof *m->sl))
        return 0;
    int *fl = realloc(m->freel, (size_t)m->cap_sl * sizeof(int));
    if (!fl)
        return 0;
    m->freel = fl;
    return 1;
}

rm_status rmi_mm_ring_solve(rmi_mm_ring *m, int q, const int *ring, const rm_route *succ,
                            const rm_route *pred, int kept, double *x, rm_error *err)
{
    m->calls++;
    int n = 2 * q;
    if (q < 1 || m->bad_cap) {
        forget(m);
        goto plain;
    }
    if (!room(m, q))
        goto nomem;
    /* the insertion: ring = the last ring with host p inserted (p = -1:
     * the same ring); else every route new */
    int p = -2, pq = m->pq;
    if (pq > 0 && q == pq) {
        p = memcmp(ring, m->pring, (size_t)q * sizeof(int)) == 0 ? -1 : -2;
    } else if (pq > 0 && q == pq + 1) {
        int i = 0;
        while (i < pq && ring[i] == m->pring[i])
            i++;
        if (i == pq || memcmp(ring + i + 1, m->pring + i, (size_t)(pq - i) * sizeof(int)) == 0)
            p = i;
    }
    if (p == -2) {
        forget(m);
        pq = 0;
    }
    clear_dirty(m);
    /* match the routes: succ[i] is the last succ[o] when both ends map to
     * consecutive old hosts and the arcs are the same (kept: the caller
     * says they are) */
    m->stamp_now++;
    for (int i = 0; i < q && pq > 0; i++) {
        int o = old_of(i, p), o2 = old_of((i + 1) % q, p), o3 = old_of((i - 1 + q) % q, p);
        m->nsucc[i] = m->npred[i] = -1;
        if (o < 0)
            continue;
        if (o2 == (o + 1) % pq && (kept || same_route(&m->sl[m->psucc[o]], &succ[i]))) {
            m->nsucc[i] = m->psucc[o];
            m->sl[m->psucc[o]].stamp = m->stamp_now;
        }
        if (o3 == (o - 1 + pq) % pq && (kept || same_route(&m->sl[m->ppred[o]], &pred[i]))) {
            m->npred[i] = m->ppred[o];
            m->sl[m->ppred[o]].stamp = m->stamp_now;
        }
    }
    for (int o = 0; o < pq; o++) { /* the last ring's routes not kept */
        if (m->sl[m->psucc[o]].stamp != m->stamp_now)
            slot_drop(m, m->psucc[o]);
        if (m->sl[m->ppred[o]].stamp != m->stamp_now)
            slot_drop(m, m->ppred[o]);
    }
    for (int i = 0; i < q && pq > 0; i++) { /* kept routes: their new order */
        if (m->nsucc[i] >= 0)
            m->sl[m->nsucc[i]].pos = i;
        if (m->npred[i] >= 0)
            m->sl[m->npred[i]].pos = q + i;
    }
    int fresh = 0; /* every route new */
    for (int i = 0; i < q; i++) {
        for (int w = 0; w < 2; w++) {
            int *ns = w ? m->npred : m->nsucc;
            if (pq > 0 && ns[i] >= 0)
                continue;
            int s = slot_add(m, w ? &pred[i] : &succ[i], w ? q + i : i);
            if (s == -2) {
                forget(m);
                goto plain;
            }
            if (s < 0)
                goto nomem;
            ns[i] = s;
            m->dsl[m->n_dsl++] = s;
            fresh++;
        }
    }
    memcpy(m->pring, ring, (size_t)q * sizeof(int));
    memcpy(m->psucc, m->nsucc, (size_t)q * sizeof(int));
    memcpy(m->ppred, m->npred, (size_t)q * sizeof(int));
    m->pq = q;
    int t0 = fresh < n && m->traj_ok ? replay(m) : -2;
    if (t0 == -1) { /* every round kept */
        m->replays++;
        for (int i = 0; i < m->n_dres; i++)
            m->sat[m->dres[i]] = m->satn[m->dres[i]];
        commit(m, m->nr, NULL, 0, NULL, 0);
    } else if (t0 >= 0) { /* the rounds before t0 kept */
        m->partial++;
        if (!fill_from(m, t0))
            goto nomem;
    } else {
        m->full++;
        if (!fill_all(m))
            goto nomem;
        feasible_all(m);
    }
    clear_dirty(m);
    for (int i = 0; i < q; i++) {
        x[i] = m->sl[m->psucc[i]].rate;
        x[q + i] = m->sl[m->ppred[i]].rate;
    }
    return RM_OK;
nomem:
    forget(m);
    return rm_error_set(err, RM_ENOMEM, "out of memory in the ring's max-min shares (%d routes)", n);
plain: {
    rm_route *r = malloc((size_t)(n > 0 ? n : 1) * sizeof *r);
    if (!r)
        return rm_error_set(err, RM_ENOMEM, "out of memory in the ring's max-min shares");
    for (int k = 0; k < q; k++) {
        r[k] = succ[k];
        r[q + k] = pred[k];
    }
    rm_status st = rm_maxmin(m->net, NULL, n, r, x, err);
    free(r);
    return st;
}
}
