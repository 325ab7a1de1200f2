/*
 * sharedring_scan.c — the parallel scan of SharedRing's insertion step: the
 * ring edges are taken from a shared cursor (on the fast path in order of
 * their lower bounds, heur/sharedring/sharedring_bounds.c) by the caller and by the
 * threads of a persistent pool (one per extra core, started once per
 * mapping, each with its own network for the routing scratch and its own
 * trees and routes); the scans share the best T_step found for exact
 * pruning and their bests are merged by (T_step, ring edge): the insertion
 * of the sequential scan, for any number of threads.
 */
#define _POSIX_C_SOURCE 200809L /* sysconf */
#include "heur/sharedring/sharedring_internal.h"

#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* at most this many scan threads */
#define H2_MAX_THREADS 64

typedef struct h2_worker {
    struct h2_pool *pool;
    int idx; /* 1 .. n - 1: its scan and twin */
} h2_worker;

typedef struct h2_pool {
    int n;             /* scans: the caller + the workers started */
    int n_twins;       /* twins (and networks) initialised */
    rm_network *nets;  /* n_twins: each worker's own network */
    h2_work *twins;    /* n_twins: each worker's scratch */
    h2_work *views;    /* n_twins: the shared state with a twin's scratch */
    h2_worker *who;    /* n_twins */
    pthread_t *th;     /* n - 1 */
    h2_scan sc[H2_MAX_THREADS];
    pthread_mutex_t mu;
    pthread_cond_t go, done;
    unsigned long gen; /* scan round, bumped by the caller */
    int pending;       /* workers still scanning this round */
    int quit;
    /* the round's job: 0 the scan of the ring edges, 1 the edge bounds
     * (rmi_h2_edge_bounds_range) of chunks of edges taken from bnext */
    int job;
    const rm_ring_state *bs;
    double bdc_dw;
    int bchunk;
    atomic_int bnext;
} h2_pool;

/* edges per chunk of the parallel edge bounds, and the least ring for them
 * (below it one thread's pass costs less than waking the others) */
#define H2_BOUNDS_CHUNK 32
#define H2_BOUNDS_MIN_Q 128

/* Steps whose edge bounds the pool's threads shared (tests check that the
 * parallel pass ran). */
atomic_long rmi_h2_bounds_parallel_steps;

/* Ring edges a scan skipped by their kept hosts' largest D_c/D_w C (tests
 * check that the skip ran). */
atomic_long rmi_h2_dmax_skips;

/* One scan: takes ring edges from the shared cursor (in edge_lb order on the
 * fast path) until none is left or, on the fast path, the next edge's lower
 * bound already loses to this scan's best (every later edge's bound is
 * larger: none of them can beat or tie earlier than the best insertion). A
 * scan's best is never better than the global best, so this pruning is
 * exact whichever scan took which edge. */
static void scan_edges(h2_scan *sc)
{
    h2_work *wk = sc->wk;
    int q = sc->s->q;
    long skipped = 0;
    /* the scan's residual copy, given back per edge and restored (fast
     * path): synced by rmi_h2_scan_all (res2_sync) */
    for (;;) {
        int oe = atomic_fetch_add(sc->next, 1);
        if (oe >= sc->n_order)
            break;
        int e = oe;
        if (wk->fast && q >= 2) {
            e = wk->order[oe];
            double g = atomic_load_explicit(sc->gbest, memory_order_relaxed);
            if (wk->edge_lb[e] > (sc->bestT < g ? sc->bestT : g) * (1.0 + 1e-12))
                break;
            /* every insertion into e keeps the ring's other hosts, so its
             * T_step is at least their largest D_c/D_w C (ev.dmax: a
             * maximum of the products rm_balance takes, exact whatever the
             * order; rm_balance returns at least each of them, and so does
             * the O(1) evaluation): an edge whose dmax loses to the scan's
             * best, or ties it on a later edge, or loses to another scan's
             * best, has no insertion that wins */
            double dm = wk->ectx[e].ev.dmax;
            if (dm > g || dm > sc->bestT || (dm == sc->bestT && sc->bs >= 0 && e > sc->bs)) {
                skipped++;
                continue;
            }
        }
        if ((sc->st = rmi_h2_scan_edge(sc, e, &sc->err)))
            break;
    }
    if (skipped)
        atomic_fetch_add(&rmi_h2_dmax_skips, skipped);
}

/* least ring for scan_tiers */
#define H2_TIER_MIN_Q 4

int rmi_h2_scan_tiers_on = 1;
atomic_long rmi_h2_tier_skips;

/* The first edges of scan_tiers into f (room for 4), their count: those of
 * dmax < top (next to top's one position, at most two) and the hint's
 * two. */
static int tier_first(const h2_work *wk, int q, double top, int *f)
{
    int n = 0;
    for (int t = 0; t < q && n < 2 && top > 0.0; t++)
        if (wk->pd[t] == top)
            for (int d = 0; d < 2; d++) {
                int e = (t - 1 + d + q) % q, dup = 0;
                for (int x = 0; x < n; x++)
                    dup |= f[x] == e;
                if (!dup && n < 2 && rmi_h2_edge_dmax(wk, q, e) < top)
                    f[n++] = e;
            }
    for (int d = 0; d < 2 && wk->tier_hint > 0; d++) {
        int e = wk->tier_hint - 1 + d, dup = 0;
        for (int x = 0; x < n; x++)
            dup |= f[x] == e;
        if (!dup && e < q)
            f[n++] = e;
    }
    return n;
}

/* The one scan of a step (no pool, no fixed routes; after
 * rmi_h2_edge_bounds_begin), first edges first. Every insertion into ring
 * edge e has T_step >= its dmax, the largest D_c/D_w C of the ring's hosts
 * other than e's two (the argument at scan_edges' skip). Let top be the
 * ring's largest D_c/D_w C: an edge not next to a position of top has
 * dmax = top. The first edges (tier_first: the edges of dmax < top, at
 * most two, and the two edges of the last step's insertion, where the
 * winner of a step whose T_step is top, the least edge among ties, most
 * often lies) are bounded and scanned first. With their best (T, bs):
 *   - T < top: every other edge has dmax = top > T;
 *   - T = top: every other edge e > bs has dmax = T and comes after bs;
 * either way scan_edges skips such an edge whenever it takes it (the best
 * only falls, and never below top off the first edges), so they are left
 * out without their bounds. The rest are bounded (rmi_h2_edge_bounds_range
 * on runs of edges: the same values bit for bit) and scanned in order of
 * their bounds. The scan's insertion is the least (T_step, ring edge,
 * host) over every edge in whichever order the edges are taken
 * (scan_edges' pruning is exact): that of the scan of all edges in one
 * order. O(q) plus the edges bounded. */
static void scan_tiers(h2_work *wk, const rm_ring_state *s, double dc_dw, h2_scan *sc, atomic_int *next)
{
    int q = s->q, f[4];
    double top = 0.0;
    for (int t = 0; t < q; t++)
        if (wk->pd[t] > top)
            top = wk->pd[t];
    int nf = tier_first(wk, q, top, f);
    for (int x = 0; x < nf; x++) {
        rmi_h2_edge_bounds_range(wk, s, dc_dw, f[x], f[x] + 1);
        wk->order[x] = f[x];
    }
    rmi_h2_sort_edges(wk, wk->order, nf);
    atomic_store(next, 0);
    sc->n_order = nf;
    scan_edges(sc);
    if (sc->st)
        return;
    /* the other edges that may win: those before lim */
    int lim = top > sc->bestT ? 0 : top == sc->bestT && sc->bs >= 0 ? sc->bs : q;
    int n = 0, e0 = 0, left = 0;
    for (int e = 0; e <= q; e++) {
        int first = 0;
        for (int x = 0; x < nf; x++)
            first |= f[x] == e;
        if (e < q && !first)
            continue;
        int e1 = e < lim ? e : lim;
        if (e1 > e0)
            rmi_h2_edge_bounds_range(wk, s, dc_dw, e0, e1);
        for (int x = e0; x < e1; x++)
            wk->order[n++] = x;
        left += e - (e1 > e0 ? e1 : e0) > 0 ? e - (e1 > e0 ? e1 : e0) : 0;
        e0 = e + 1;
    }
    if (left) {
        atomic_fetch_add(&rmi_h2_tier_skips, left);
        atomic_fetch_add(&rmi_h2_dmax_skips, left);
    }
    rmi_h2_sort_edges(wk, wk->order, n);
    atomic_store(next, 0);
    sc->n_order = n;
    scan_edges(sc);
}

/* The edge bounds of the chunks of edges taken from the round's cursor,
 * on wk (the caller's work or a twin view). */
static void bounds_chunks(h2_pool *pl, h2_work *wk)
{
    int q = pl->bs->q;
    for (;;) {
        int e0 = atomic_fetch_add(&pl->bnext, pl->bchunk);
        if (e0 >= q)
            break;
        int e1 = e0 + pl->bchunk < q ? e0 + pl->bchunk : q;
        rmi_h2_edge_bounds_range(wk, pl->bs, pl->bdc_dw, e0, e1);
    }
}

static void *worker_main(void *arg)
{
    h2_worker *w = arg;
    h2_pool *pl = w->pool;
    unsigned long seen = 0;
    pthread_mutex_lock(&pl->mu);
    for (;;) {
        while (pl->gen == seen && !pl->quit)
            pthread_cond_wait(&pl->go, &pl->mu);
        if (pl->quit)
            break;
        seen = pl->gen;
        int job = pl->job;
        pthread_mutex_unlock(&pl->mu);
        if (job == 1)
            bounds_chunks(pl, &pl->views[w->idx - 1]);
        else
            scan_edges(&pl->sc[w->idx]);
        pthread_mutex_lock(&pl->mu);
        if (--pl->pending == 0)
            pthread_cond_signal(&pl->done);
    }
    pthread_mutex_unlock(&pl->mu);
    return NULL;
}

/* A worker scan's view of the work: the shared read-only state of wk (ring
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
    tv->cand_h = tw->cand_h;
    tv->cand_x = tw->cand_x;
    tv->cand_f = tw->cand_f;
    tv->cand_j = tw->cand_j;
    tv->bnd_t = tw->bnd_t;
    tv->fx_arcs = tw->fx_arcs;
    tv->fx_room = tw->fx_room;
    tv->sym_r = tw->sym_r;
    tv->sym_rcap = tw->sym_rcap;
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

int rmi_h2_threads(const rm_options *opt)
{
    if (opt->threads > 0)
        return opt->threads;
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n >= 1 ? (n > H2_MAX_THREADS ? H2_MAX_THREADS : (int)n) : 1;
}

void rmi_h2_pool_create(h2_work *wk, int threads, int max_q)
{
    wk->pool = NULL;
    if (threads > H2_MAX_THREADS)
        threads = H2_MAX_THREADS;
    if (threads <= 1)
        return;
    h2_pool *pl = calloc(1, sizeof *pl);
    int m = threads - 1;
    if (!pl)
        return;
    pl->nets = calloc((size_t)m, sizeof *pl->nets);
    pl->twins = calloc((size_t)m, sizeof *pl->twins);
    pl->views = calloc((size_t)m, sizeof *pl->views);
    pl->who = calloc((size_t)m, sizeof *pl->who);
    pl->th = calloc((size_t)m, sizeof *pl->th);
    pthread_mutex_init(&pl->mu, NULL);
    pthread_cond_init(&pl->go, NULL);
    pthread_cond_init(&pl->done, NULL);
    pl->n = 1;
    wk->pool = pl;
    if (!pl->nets || !pl->twins || !pl->views || !pl->who || !pl->th) {
        rmi_h2_pool_destroy(wk);
        return;
    }
    rm_error terr;
    for (int t = 0; t < m; t++) {
        if (rm_network_init(&pl->nets[t], wk->p, wk->net->duplex, &terr) != RM_OK)
            break;
        if (rmi_h2_work_init(&pl->twins[t], &pl->nets[t], max_q, &terr) != RM_OK) {
            rm_network_destroy(&pl->nets[t]);
            break;
        }
        pl->n_twins++;
    }
    for (int t = 0; t < pl->n_twins; t++) {
        pl->who[t].pool = pl;
        pl->who[t].idx = t + 1;
        if (pthread_create(&pl->th[t], NULL, worker_main, &pl->who[t]) != 0)
            break;
        pl->n++;
    }
    if (pl->n == 1)
        rmi_h2_pool_destroy(wk); /* no worker: scans in the caller */
}

void rmi_h2_pool_destroy(h2_work *wk)
{
    h2_pool *pl = wk->pool;
    if (!pl)
        return;
    pthread_mutex_lock(&pl->mu);
    pl->quit = 1;
    pthread_cond_broadcast(&pl->go);
    pthread_mutex_unlock(&pl->mu);
    for (int t = 0; t + 1 < pl->n; t++)
        pthread_join(pl->th[t], NULL);
    for (int t = 0; t < pl->n_twins; t++) {
        pl->twins[t].pool = NULL;
        rmi_h2_work_destroy(&pl->twins[t]);
        rm_network_destroy(&pl->nets[t]);
    }
    pthread_mutex_destroy(&pl->mu);
    pthread_cond_destroy(&pl->go);
    pthread_cond_destroy(&pl->done);
    free(pl->nets);
    free(pl->twins);
    free(pl->views);
    free(pl->who);
    free(pl->th);
    free(pl);
    wk->pool = NULL;
}

/* tw->res2 = wk->residual: the touched resources tl[0 .. nt) when tw's copy
 * was synced at the last scan, else (all, or never synced) every one. */
static void res2_sync(h2_work *tw, const h2_work *wk, const int *tl, int nt, int all)
{
    if (all || !tw->res2_ok) {
        memcpy(tw->res2, wk->residual, (size_t)wk->net->n_res * sizeof(double));
        tw->res2_ok = 1;
        return;
    }
    for (int x = 0; x < nt; x++)
        tw->res2[tl[x]] = wk->residual[tl[x]];
}

rm_status rmi_h2_scan_all(h2_work *wk, const rm_ring_state *s, double dc_dw, h2_choice *out,
                         rm_error *err)
{
    int q = s->q;
    out->bk = out->bs = -1;
    out->best = NULL;
    /* one scan, in the caller, on the symmetry classes' fast path: the
     * edges by tiers of their dmax (scan_tiers) */
    int tiers = wk->fast && !wk->fx && !wk->pool && q >= H2_TIER_MIN_Q && rmi_h2_scan_tiers_on;
    if (wk->fast && q >= 2) {
        /* residual <= capacity everywhere (as every give-back leaves it):
         * the per-edge give-back then only touches its routes' resources;
         * only the resources touched since the last scan can be above */
        const rm_network *net = wk->net;
        const int *tl;
        int nt, all;
        rmi_h2_touch_list(wk, &tl, &nt, &all);
        if (all) {
            for (int r = 0; r < net->n_res; r++)
                if (wk->residual[r] > net->res_cap[r])
                    wk->residual[r] = net->res_cap[r];
        } else {
            for (int x = 0; x < nt; x++)
                if (wk->residual[tl[x]] > net->res_cap[tl[x]])
                    wk->residual[tl[x]] = net->res_cap[tl[x]];
        }
        /* each scan's copy (the caller's and every pool thread's) */
        res2_sync(wk, wk, tl, nt, all);
        if (wk->pool)
            for (int t = 0; t < wk->pool->n_twins; t++)
                res2_sync(&wk->pool->twins[t], wk, tl, nt, all);
        if (wk->ecache)
            rmi_h2_cache_step(wk, tl, nt, all);
        if (wk->fx)
            rmi_h2_fixed_step(wk, s, tl, nt, all);
        rmi_h2_touch_clear(wk);
        /* per position, once per step: the terms of the edges' sums */
        for (int t = 0; t < q; t++) {
            wk->pinv[t] = 1.0 / s->w[t];
            wk->pcw[t] = s->C[t] / s->w[t];
            wk->pd[t] = dc_dw * s->C[t];
        }
        if (wk->sym)
            rmi_h2_sym_step(wk->sym); /* before the bounds: they read its base list */
        h2_pool *bp = wk->pool;
        if (tiers) {
            rmi_h2_edge_bounds_begin(wk, s); /* the bounds by tier: scan_tiers */
        } else if (bp && !wk->fx && q >= H2_BOUNDS_MIN_Q) {
            /* the edges' bounds in chunks by the caller and the pool's
             * threads (each edge's values do not depend on who computes
             * them: bit for bit those of one pass), then the order */
            rmi_h2_edge_bounds_begin(wk, s);
            for (int t = 1; t < bp->n; t++)
                twin_view(&bp->views[t - 1], wk, &bp->twins[t - 1]);
            pthread_mutex_lock(&bp->mu);
            bp->job = 1;
            bp->bs = s;
            bp->bdc_dw = dc_dw;
            bp->bchunk = H2_BOUNDS_CHUNK;
            atomic_store(&bp->bnext, 0);
            bp->pending = bp->n - 1;
            bp->gen++;
            pthread_cond_broadcast(&bp->go);
            pthread_mutex_unlock(&bp->mu);
            bounds_chunks(bp, wk);
            pthread_mutex_lock(&bp->mu);
            while (bp->pending > 0)
                pthread_cond_wait(&bp->done, &bp->mu);
            pthread_mutex_unlock(&bp->mu);
            for (int t = 1; t < bp->n; t++)
                twin_back(&bp->twins[t - 1], &bp->views[t - 1]);
            rmi_h2_edge_bounds_end(wk, q);
            atomic_fetch_add(&rmi_h2_bounds_parallel_steps, 1);
        } else {
            rmi_h2_edge_bounds(wk, s, dc_dw);
        }
    }
    atomic_int next;
    atomic_init(&next, 0);
    _Atomic double gbest;
    atomic_init(&gbest, INFINITY);
    h2_pool *pl = wk->pool;
    int nsc = pl && wk->fast && q >= H2_THREAD_MIN_Q ? pl->n : 1;
    h2_scan one, *sc = pl ? pl->sc : &one;
    for (int t = 0; t < nsc; t++) {
        memset(&sc[t], 0, sizeof sc[t]);
        sc[t].wk = t ? &pl->views[t - 1] : wk;
        sc[t].s = s;
        sc[t].dc_dw = dc_dw;
        sc[t].next = &next;
        sc[t].n_order = q;
        sc[t].gbest = &gbest;
        sc[t].bestT = INFINITY;
        sc[t].bk = sc[t].bs = -1;
    }
    if (nsc > 1) {
        for (int t = 1; t < nsc; t++)
            twin_view(&pl->views[t - 1], wk, &pl->twins[t - 1]);
        pthread_mutex_lock(&pl->mu);
        pl->job = 0;
        pl->pending = nsc - 1;
        pl->gen++;
        pthread_cond_broadcast(&pl->go);
        pthread_mutex_unlock(&pl->mu);
        scan_edges(&sc[0]);
        pthread_mutex_lock(&pl->mu);
        while (pl->pending > 0)
            pthread_cond_wait(&pl->done, &pl->mu);
        pthread_mutex_unlock(&pl->mu);
        for (int t = 1; t < nsc; t++)
            twin_back(&pl->twins[t - 1], &pl->views[t - 1]);
    } else if (tiers) {
        scan_tiers(wk, s, dc_dw, &sc[0], &next);
    } else {
        scan_edges(&sc[0]);
    }
    int win = -1;
    for (int t = 0; t < nsc; t++) {
        if (sc[t].st) {
            if (err)
                *err = sc[t].err;
            return sc[t].st;
        }
        if (sc[t].bk >= 0 && (win < 0 || sc[t].bestT < sc[win].bestT ||
                              (sc[t].bestT == sc[win].bestT && sc[t].bs < sc[win].bs)))
            win = t;
    }
    if (tiers)
        wk->tier_hint = win >= 0 ? sc[win].bs + 1 : 0;
    if (win < 0)
        return RM_OK;
    out->bk = sc[win].bk;
    out->bs = sc[win].bs;
    memcpy(out->bx, sc[win].bx, sizeof out->bx);
    out->best = sc[win].wk->best;
    return RM_OK;
}
