/*
 * sharedring_inc.c — the incremental scan of SharedRing's fast path
 * (docs/scale.md): each ring edge i -> j keeps, across insertion steps, the shares and
 * route costs of its candidate hosts (Legrand et al. 2004 §4.4.2: four widest routes on
 * the residual with the edge's routes given back, shared optimally). Only
 * T_step changes from one step to the next through the ring's sums (an O(1)
 * evaluation); a candidate is computed again only when something it was
 * computed from changed:
 *   - its four routes: the paths of the edge's current widest-path trees
 *     from the candidate to i and j are walked and compared arc by arc with
 *     the stored ones (a route's width is the least arc width of its path);
 *   - the residual of a resource on them: every resource carries the step at
 *     which its residual last changed (bit for bit, rmi_h2_cache_step);
 *   - the edge's own routes and bandwidths (its give-back): the same head j
 *     and bitwise equal bandwidths, else the edge's cache is emptied.
 * A member of a symmetry class (heur/sharedring/sharedring_sym.c) is on its own access
 * link, which no route crosses while it is out of the ring: that link is at
 * full capacity, and the class's next member in the same run (no resource of
 * the routes' common part between their links' indices) takes over the
 * entry of a member that joined the ring — the class's exactness argument:
 * the same shares and costs bit for bit.
 * Candidates are taken in the same order (host order) and compared by the
 * same rule as rmi_h2_scan_edge, with the same O(1) evaluation of the same
 * costs: the same insertion, without the pruning bounds (every candidate's
 * costs are computed once per life of its entry).
 */
#include "heur/sharedring/sharedring_internal.h"
#include "topo/route/widest.h"

#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

int rmi_h2_inc_valid_for(const rm_cost_model *m)
{
    return rmi_h2_fast_valid_for(m);
}

void rmi_h2_cache_destroy(h2_work *wk)
{
    if (wk->ecache)
        for (int h = 0; h < wk->H; h++) {
            h2_ecache *ec = &wk->ecache[h];
            free(ec->ent);
            free(ec->ent2);
            free(ec->arcs);
            free(ec->arcs2);
            free(ec->twid);
            free(ec->tarc);
        }
    free(wk->ecache);
    free(wk->cache_bytes);
    wk->cache_bytes = NULL;
    free(wk->res_step);
    free(wk->res_prev);
    free(wk->clog);
    free(wk->clog_at);
    free(wk->ra_start);
    free(wk->ra_arc);
    free(wk->core_pos);
    free(wk->core_run);
    wk->core_run = NULL;
    free(wk->kanchor);
    wk->kanchor = NULL;
    wk->ecache = NULL;
    wk->res_step = NULL;
    wk->res_prev = NULL;
    wk->clog = NULL;
    wk->clog_at = NULL;
    wk->ra_start = wk->ra_arc = wk->core_pos = NULL;
}

rm_status rmi_h2_cache_init(h2_work *wk, rm_error *err)
{
    const rm_network *net = wk->net;
    wk->ecache = calloc((size_t)wk->H, sizeof *wk->ecache);
    wk->cache_bytes = malloc(sizeof *wk->cache_bytes);
    if (wk->cache_bytes)
        atomic_init(wk->cache_bytes, 0);
    wk->cache_budget = atomic_load(&rmi_h2_cache_budget);
    if (wk->cache_budget <= 0)
        wk->cache_budget = H2_CACHE_BUDGET;
    wk->res_step = calloc((size_t)net->n_res + 1, sizeof *wk->res_step);
    wk->res_prev = malloc(((size_t)net->n_res + 1) * sizeof *wk->res_prev);
    wk->ra_start = calloc((size_t)net->n_res + 2, sizeof *wk->ra_start);
    wk->ra_arc = malloc(((size_t)net->n_arcs + 1) * sizeof *wk->ra_arc);
    wk->core_pos = malloc(((size_t)wk->N + 1) * sizeof *wk->core_pos);
    wk->kanchor = malloc(((size_t)wk->H + 1) * sizeof *wk->kanchor);
    wk->core_run = NULL;
    wk->cap_clog_at = 64;
    wk->clog_at = malloc(wk->cap_clog_at * sizeof *wk->clog_at);
    if (!wk->ecache || !wk->cache_bytes || !wk->res_step || !wk->res_prev || !wk->ra_start || !wk->ra_arc ||
        !wk->core_pos || !wk->kanchor || !wk->clog_at) {
        rmi_h2_cache_destroy(wk);
        return rm_error_set(err, RM_ENOMEM, "out of memory in SharedRing (edge caches)");
    }
    for (int h = 0; h < wk->H; h++)
        wk->ecache[h].j = -1;
    memcpy(wk->res_prev, wk->residual, (size_t)net->n_res * sizeof(double));
    wk->step = 0;
    wk->clog_at[0] = wk->clog_at[1] = 0;
    /* the arcs of each resource, by increasing arc index */
    for (int a = 0; a < net->n_arcs; a++)
        if (net->arc_res[a] >= 0)
            wk->ra_start[net->arc_res[a] + 1]++;
    for (int r = 0; r < net->n_res; r++)
        wk->ra_start[r + 1] += wk->ra_start[r];
    for (int a = 0; a < net->n_arcs; a++)
        if (net->arc_res[a] >= 0)
            wk->ra_arc[wk->ra_start[net->arc_res[a]]++] = a;
    for (int r = net->n_res; r > 0; r--)
        wk->ra_start[r] = wk->ra_start[r - 1];
    wk->ra_start[0] = 0;
    wk->core = rmi_widest_core_nodes(net, &wk->n_core);
    for (int v = 0; v < wk->N; v++)
        wk->core_pos[v] = -1;
    for (int x = 0; x < wk->n_core; x++)
        wk->core_pos[wk->core[x]] = x;
    /* runs of consecutive core node ids (core is increasing) */
    int nrun = 0;
    for (int x = 0; x < wk->n_core; x++)
        nrun += x == 0 || wk->core[x] != wk->core[x - 1] + 1;
    wk->core_run = malloc(((size_t)2 * nrun + 1) * sizeof *wk->core_run);
    if (!wk->core_run) {
        rmi_h2_cache_destroy(wk);
        return rm_error_set(err, RM_ENOMEM, "out of memory in SharedRing (edge caches)");
    }
    wk->n_core_run = 0;
    for (int x = 0; x < wk->n_core; x++)
        if (x == 0 || wk->core[x] != wk->core[x - 1] + 1) {
            wk->core_run[2 * wk->n_core_run] = x;
            wk->core_run[2 * wk->n_core_run + 1] = wk->core[x];
            wk->n_core_run++;
        }
    wk->core_run[2 * wk->n_core_run] = wk->n_core;
    /* a leaf host's node: the other end of its usable arcs (-1: none) */
    for (int h = 0; h < wk->H; h++) {
        int v = wk->p->hosts[h], u = wk->core_pos[v] >= 0 ? v : -1;
        for (int k = wk->out_start[v]; u < 0 && k < wk->out_start[v + 1]; k++)
            if (net->arc_res[wk->out_arc[k]] >= 0)
                u = net->arc_head[wk->out_arc[k]];
        for (int k = wk->in_start[v]; u < 0 && k < wk->in_start[v + 1]; k++)
            if (net->arc_res[wk->in_arc[k]] >= 0)
                u = net->arc_tail[wk->in_arc[k]];
        wk->kanchor[h] = u;
    }
    return RM_OK;
}

void rmi_h2_cache_step(h2_work *wk, const int *tl, int nt, int all)
{
    const rm_network *net = wk->net;
    wk->step++;
    /* the log (off for good after an allocation failure: cap_clog_at 0) */
    int log_ok = wk->cap_clog_at > 0;
    if (log_ok && wk->step + 1 >= wk->cap_clog_at) {
        long *b = realloc(wk->clog_at, 2 * wk->cap_clog_at * sizeof *b);
        if (b) {
            wk->clog_at = b;
            wk->cap_clog_at *= 2;
        } else {
            log_ok = 0;
        }
    }
    int nr = all ? net->n_res : nt;
    for (int x = 0; x < nr; x++) {
        int r = all ? x : tl[x];
        if (memcmp(&wk->residual[r], &wk->res_prev[r], sizeof(double)) != 0) {
            wk->res_step[r] = wk->step;
            if (log_ok && wk->n_clog >= wk->cap_clog) {
                long c = wk->cap_clog ? 2 * wk->cap_clog : 1024;
                h2_clog *b = realloc(wk->clog, (size_t)c * sizeof *b);
                if (b) {
                    wk->clog = b;
                    wk->cap_clog = c;
                } else {
                    log_ok = 0;
                }
            }
            if (log_ok)
                wk->clog[wk->n_clog++] = (h2_clog){wk->step, r, wk->res_prev[r]};
            wk->res_prev[r] = wk->residual[r];
        }
    }
    if (log_ok)
        wk->clog_at[wk->step + 1] = wk->n_clog;
    else
        wk->cap_clog_at = 0; /* no stored tree is proven any more */
}

/* Grow *buf (elements of size sz) to hold at least n; 0 on ENOMEM. */
static int grow(void **buf, int *cap, int n, size_t sz)
{
    if (n <= *cap)
        return 1;
    int c = *cap ? *cap : 16;
    while (c < n)
        c *= 2;
    void *b = realloc(*buf, (size_t)c * sz);
    if (!b)
        return 0;
    *buf = b;
    *cap = c;
    return 1;
}

/* grow for the edge caches: the bytes added are counted in the caches'
 * total (wk->cache_bytes). */
static int cgrow(h2_work *wk, void **buf, int *cap, int n, size_t sz)
{
    int c0 = *cap;
    if (!grow(buf, cap, n, sz))
        return 0;
    if (*cap != c0)
        atomic_fetch_add_explicit(wk->cache_bytes, (long)(*cap - c0) * (long)sz,
                                  memory_order_relaxed);
    return 1;
}

atomic_long rmi_h2_cache_budget;
atomic_long rmi_h2_cache_fallbacks;

/* The bytes of ec's stored trees (n_core widths and arcs, 4 trees). */
static long tree_bytes(const h2_work *wk)
{
    return ((long)4 * wk->n_core + 1) * (long)(sizeof(double) + sizeof(int));
}

int rmi_h2_cache_admit(h2_work *wk, const rm_ring_state *s, int e)
{
    if (atomic_load_explicit(wk->cache_bytes, memory_order_relaxed) <= wk->cache_budget)
        return 1;
    /* over the budget: this edge gives its cache back and is scanned
     * without it (its entries and trees are computed again if it is
     * admitted at a later visit) */
    h2_ecache *ec = &wk->ecache[wk->hidx[s->ring[e]]];
    long freed = (long)ec->cap_ent * (long)sizeof *ec->ent + (long)ec->cap_ent2 * (long)sizeof *ec->ent2 +
                 (long)ec->cap_arcs * (long)sizeof *ec->arcs +
                 (long)ec->cap_arcs2 * (long)sizeof *ec->arcs2 + (ec->twid ? tree_bytes(wk) : 0);
    free(ec->ent);
    free(ec->ent2);
    free(ec->arcs);
    free(ec->arcs2);
    free(ec->twid);
    free(ec->tarc);
    memset(ec, 0, sizeof *ec);
    ec->j = -1;
    atomic_fetch_sub_explicit(wk->cache_bytes, freed, memory_order_relaxed);
    atomic_fetch_add_explicit(&rmi_h2_cache_fallbacks, 1, memory_order_relaxed);
    return 0;
}

/* Empty ec unless it holds edge e (same head, same give-back). */
static void edge_prepare(h2_ecache *ec, const rm_ring_state *s, int e, int ni)
{
    int j = s->ring[ni];
    double b0 = s->succ[e].bandwidth, b1 = s->pred[ni].bandwidth;
    if (ec->j == j && memcmp(&ec->bw[0], &b0, sizeof b0) == 0 && memcmp(&ec->bw[1], &b1, sizeof b1) == 0)
        return;
    ec->j = j;
    ec->bw[0] = b0;
    ec->bw[1] = b1;
    ec->n_ent = 0;
    ec->n_arcs = 0;
    ec->n_chk = ec->n_bad = 0;
    ec->tstep = 0;
    ec->vstep = ec->vtstep = 0;
    ec->sl_tstep = 0;
}

void rmi_h2_edge_prepare(h2_work *wk, const rm_ring_state *s, int e)
{
    int ni = (e + 1) % s->q;
    edge_prepare(&wk->ecache[wk->hidx[s->ring[e]]], s, e, ni);
}

/* arc width of a residual value x of a non-backbone resource, as
 * rm_arc_width gives it */
static inline double arcw(double x)
{
    if (!(x > 0.0))
        return 0.0;
    return x > DBL_MAX ? DBL_MAX : x;
}

int rmi_h2_trees_check(h2_work *wk, const rm_ring_state *s, int e, int mirror)
{
    const rm_network *net = wk->net;
    int ni = (e + 1) % s->q, i = s->ring[e], j = s->ring[ni];
    h2_ecache *ec = &wk->ecache[wk->hidx[i]];
    for (int t = 0; t < 4; t++)
        wk->tlow[t] = -1.0;
    if (!wk->cap_clog_at || !ec->tstep || ec->j != j || !ec->twid || ec->tchk > wk->step)
        return 0;
    long l0 = wk->clog_at[ec->tchk + 1];
    if (wk->n_clog - l0 > H2_TREE_LOG_MAX)
        return 0; /* a long log: cheaper to search again */
    int nt = mirror ? 2 : 4, nc = wk->n_core;
    const rm_route *own[2] = {&s->succ[e], &s->pred[ni]};
    for (int g = 0; g < 2; g++)
        for (int x = 0; x < own[g]->n_arcs; x++) {
            int r = net->arc_res[own[g]->arcs[x]];
            if (r >= 0)
                wk->rmask[r] |= 0x80;
        }
    int ok = 1;
    double low[4] = {ec->tacc[0], ec->tacc[1], ec->tacc[2], ec->tacc[3]};
    wk->stamp_now++;
    for (long l = l0; l < wk->n_clog && ok; l++) {
        int r = wk->clog[l].r;
        if (wk->stamp[r] == wk->stamp_now)
            continue; /* a later change of r: the first one holds its old value */
        wk->stamp[r] = wk->stamp_now;
        if (net->res_backbone[r])
            continue; /* its arcs' width is its capacity */
        if (wk->rmask[r] & 0x80) {
            ok = 0; /* on the edge's own routes (given back): not proven here */
            break;
        }
        double wo = arcw(wk->clog[l].old), wn = arcw(wk->res2[r]);
        if (memcmp(&wo, &wn, sizeof wo) == 0)
            continue;
        for (int x = wk->ra_start[r]; x < wk->ra_start[r + 1]; x++) {
            int a = wk->ra_arc[x];
            for (int t = 0; t < nt; t++) {
                int tr = mirror ? 2 * t : t, rv = tr & 1, root = tr < 2 ? i : j;
                int u = rv ? net->arc_head[a] : net->arc_tail[a];
                int v = rv ? net->arc_tail[a] : net->arc_head[a];
                if (wk->core_pos[v] < 0)
                    continue; /* towards a leaf: never relaxed by a search of the core */
                double wu;
                if (u == root) {
                    wu = INFINITY;
                } else {
                    if (wk->core_pos[u] < 0)
                        continue; /* a leaf other than the root: never popped */
                    wu = ec->twid[(size_t)t * nc + wk->core_pos[u]];
                    if (!(wu > 0.0) || wu <= low[t])
                        continue; /* never popped, or below the exact part: its
                                     relaxations give at most its width */
                }
                double mo = wu < wo ? wu : wo, mn = wu < wn ? wu : wn;
                if (memcmp(&mo, &mn, sizeof mo) != 0) {
                    /* the searches differ only in values <= max(mo, mn) */
                    double m = mo > mn ? mo : mn;
                    if (m > low[t])
                        low[t] = m;
                }
            }
        }
    }
    for (int g = 0; g < 2; g++)
        for (int x = 0; x < own[g]->n_arcs; x++) {
            int r = net->arc_res[own[g]->arcs[x]];
            if (r >= 0)
                wk->rmask[r] &= 0x7f;
        }
    if (!ok)
        return 0;
    for (int t = 0; t < 4; t++)
        ec->tacc[t] = low[t];
    ec->tchk = wk->step;
    for (int t = 0; t < nt; t++) {
        int tr = mirror ? 2 * t : t;
        wk->tlow[tr] = low[t];
        if (mirror)
            wk->tlow[tr + 1] = low[t];
    }
    return 1;
}

void rmi_h2_trees_copy(h2_work *wk, const rm_ring_state *s, int e, int mirror)
{
    int ni = (e + 1) % s->q, i = s->ring[e], j = s->ring[ni];
    const h2_ecache *ec = &wk->ecache[wk->hidx[i]];
    int nt = mirror ? 2 : 4, nc = wk->n_core;
    for (int t = 0; t < nt; t++) {
        int tr = mirror ? 2 * t : t, root = tr < 2 ? i : j;
        const double *sw = ec->twid + (size_t)t * nc;
        const int *sa = ec->tarc + (size_t)t * nc;
        /* run by run: the same values as wid[core[x]] = sw[x] for each x */
        for (int u = 0; u < wk->n_core_run; u++) {
            int x0 = wk->core_run[2 * u], len = wk->core_run[2 * u + 2] - x0,
                v0 = wk->core_run[2 * u + 1];
            memcpy(wk->wid[tr] + v0, sw + x0, (size_t)len * sizeof *sw);
            memcpy(wk->arc[tr] + v0, sa + x0, (size_t)len * sizeof *sa);
        }
        wk->wid[tr][root] = INFINITY;
        wk->arc[tr][root] = -1;
    }
}

int rmi_h2_trees_reuse(h2_work *wk, const rm_ring_state *s, int e, int mirror)
{
    if (!rmi_h2_trees_check(wk, s, e, mirror))
        return 0;
    rmi_h2_trees_copy(wk, s, e, mirror);
    return 1;
}

void rmi_h2_trees_store(h2_work *wk, const rm_ring_state *s, int e, int mirror)
{
    int i = s->ring[e];
    h2_ecache *ec = &wk->ecache[wk->hidx[i]];
    int nt = mirror ? 2 : 4, nc = wk->n_core;
    ec->tstep = 0;
    if (!wk->cap_clog_at)
        return;
    if (!ec->twid) {
        if (atomic_load_explicit(wk->cache_bytes, memory_order_relaxed) > wk->cache_budget)
            return; /* over the budget: not stored (searched again next time) */
        ec->twid = malloc(((size_t)4 * nc + 1) * sizeof *ec->twid);
        ec->tarc = malloc(((size_t)4 * nc + 1) * sizeof *ec->tarc);
        if (!ec->twid || !ec->tarc) {
            free(ec->twid);
            free(ec->tarc);
            ec->twid = NULL;
            ec->tarc = NULL;
            return;
        }
        atomic_fetch_add_explicit(wk->cache_bytes, tree_bytes(wk), memory_order_relaxed);
    }
    for (int t = 0; t < nt; t++) {
        int tr = mirror ? 2 * t : t;
        double *sw = ec->twid + (size_t)t * nc;
        int *sa = ec->tarc + (size_t)t * nc;
        for (int u = 0; u < wk->n_core_run; u++) {
            int x0 = wk->core_run[2 * u], len = wk->core_run[2 * u + 2] - x0,
                v0 = wk->core_run[2 * u + 1];
            memcpy(sw + x0, wk->wid[tr] + v0, (size_t)len * sizeof *sw);
            memcpy(sa + x0, wk->arc[tr] + v0, (size_t)len * sizeof *sa);
        }
    }
    ec->tstep = ec->tchk = wk->step;
    for (int t = 0; t < 4; t++)
        ec->tacc[t] = -1.0;
}

/* route t of a candidate: 0 = i->k (tree 0, from i), 1 = k->i (tree 1, to
 * i), 2 = k->j (tree 3, to j), 3 = j->k (tree 2, from j) */
static const int route_tree[4] = {0, 1, 3, 2};

/* Append the path of route t of candidate k (walked from k to the root in
 * the edge's current tree) to ec's new pool; its length, -1 on ENOMEM. */
static int walk_store(h2_work *wk, h2_ecache *ec, int i, int j, int t, int k)
{
    const rm_network *net = wk->net;
    int tr = route_tree[t], root = t < 2 ? i : j, rev = tr & 1;
    const int *arc = wk->arc[tr];
    int n = 0, v = k;
    while (v != root && n <= wk->N) {
        int a = arc[v];
        if (!cgrow(wk, (void **)&ec->arcs2, &ec->cap_arcs2, ec->n_arcs2 + 1, sizeof *ec->arcs2))
            return -1;
        ec->arcs2[ec->n_arcs2++] = a < 0 ? -1 : a;
        n++;
        if (a < 0)
            break;
        v = rev ? net->arc_head[a] : net->arc_tail[a];
    }
    return n;
}

/* Class of member position t of the symmetry classes. O(log classes). */
static int class_of(const h2_sym *sy, int t)
{
    if (sy->cls_of)
        return sy->cls_of[t];
    int lo = 0, hi = sy->n_class - 1;
    while (lo < hi) {
        int mid = (lo + hi + 1) / 2;
        if (sy->cls_start[mid] <= t)
            lo = mid;
        else
            hi = mid - 1;
    }
    return lo;
}

/* Non-zero when entry o (computed for host index o->h) holds for candidate
 * host index h, node k: the same paths in the current trees (a class
 * member's own first arc excepted), no resource on them changed since
 * o->step, and, when h != o->h, both in one class and one run (no resource
 * of the common part between their links' indices). */
static int entry_valid(const h2_work *wk, const h2_ecache *ec, const h2_cent *o, int h, int k, int i,
                       int j)
{
    const rm_network *net = wk->net;
    const h2_sym *sy = wk->sym;
    int member = sy->pos_of[h] >= 0;
    int lo_r = 0, hi_r = 0;
    if (o->h != h) {
        int po = sy->pos_of[o->h], ph = sy->pos_of[h];
        if (!member || po < 0 || class_of(sy, po) != class_of(sy, ph))
            return 0;
        lo_r = sy->mres[po] < sy->mres[ph] ? sy->mres[po] : sy->mres[ph];
        hi_r = sy->mres[po] < sy->mres[ph] ? sy->mres[ph] : sy->mres[po];
    }
    const int *sa = ec->arcs + o->a0;
    for (int t = 0; t < 4; t++) {
        int tr = route_tree[t], root = t < 2 ? i : j, rev = tr & 1;
        const int *arc = wk->arc[tr];
        int v = k, n = o->len[t], broken = 0;
        for (int x = 0; x < n; x++) {
            if (v == root)
                return 0;
            int a = arc[v] < 0 ? -1 : arc[v];
            int own = member && x == 0;
            if (!own && a != sa[x])
                return 0;
            if (a < 0) {
                if (sa[x] >= 0 || x != n - 1)
                    return 0;
                broken = 1; /* the same unreachable path */
                break;
            }
            int r = net->arc_res[a];
            if (!own && r >= 0) {
                if (wk->res_step[r] > o->step)
                    return 0;
                if (o->h != h && r > lo_r && r < hi_r)
                    return 0;
            }
            v = rev ? net->arc_head[a] : net->arc_tail[a];
        }
        if (!broken && v != root)
            return 0;
        sa += n;
    }
    return 1;
}

/* The four routes of candidate k from the edge's trees, bandwidths = widths. */
static rm_status build_routes(h2_work *wk, int i, int j, int k, rm_error *err)
{
    const rm_network *net = wk->net;
    rm_status st;
    if ((st = rm_route_from_tree(net, i, 0, wk->arc[0], k, &wk->cand[0], err)) ||
        (st = rm_route_from_tree(net, i, 1, wk->arc[1], k, &wk->cand[1], err)) ||
        (st = rm_route_from_tree(net, j, 1, wk->arc[3], k, &wk->cand[2], err)) ||
        (st = rm_route_from_tree(net, j, 0, wk->arc[2], k, &wk->cand[3], err)))
        return st;
    wk->cand[0].bandwidth = wk->wid[0][k];
    wk->cand[1].bandwidth = wk->wid[1][k];
    wk->cand[2].bandwidth = wk->wid[3][k];
    wk->cand[3].bandwidth = wk->wid[2][k];
    return RM_OK;
}

/* One bit of a 64-bit signature for resource r (a multiplicative hash). */
static inline unsigned long long res_bit(int r)
{
    return 1ULL << (((unsigned long long)(unsigned)r * 0x9E3779B97F4A7C15ULL) >> 58);
}

/* The four tree paths of candidate k into en (ec's new pool), and their
 * resources' signature. */
static rm_status store_paths(h2_work *wk, h2_ecache *ec, const edge_ctx *c, int k, h2_cent *en,
                             rm_error *err)
{
    for (int t = 0; t < 4; t++)
        if ((en->len[t] = walk_store(wk, ec, c->i, c->j, t, k)) < 0)
            return rm_error_set(err, RM_ENOMEM, "out of memory in SharedRing (edge cache)");
    en->sig = 0;
    for (int x = en->a0; x < ec->n_arcs2; x++) {
        int a = ec->arcs2[x];
        if (a >= 0 && wk->net->arc_res[a] >= 0)
            en->sig |= res_bit(wk->net->arc_res[a]);
    }
    return RM_OK;
}

/* changes of residuals since an edge's last visit up to which the visit
 * checks its entries by their signatures (entry_same) */
#define H2_SAME_MAX 32

/* Entry o of candidate node k, valid at the edge's last visit (step
 * ec->vstep, stored trees of step ec->vtstep, still the trees in wk): 1
 * when it is still valid, by entry_valid's rule without walking its paths.
 * Its paths past k are walks of the same core trees (arcs at the core
 * nodes and the roots the same), so they are the same when k's own arc
 * of each tree is (the leaves are filled from this step's residual); no
 * resource on them changed since o->step when none changed since the last
 * visit (o was valid then): chg, the signature of the resources whose
 * residual changed since, shares no bit with o's. Else 0 (entry_valid
 * decides). O(1). */
static int entry_same(const h2_work *wk, const h2_ecache *ec, const h2_cent *o, int k,
                      unsigned long long chg)
{
    if (o->sig & chg)
        return 0;
    const int *sa = ec->arcs + o->a0;
    for (int t = 0; t < 4; t++) {
        if (o->len[t] < 1)
            return 0;
        int a = wk->arc[route_tree[t]][k];
        if ((a < 0 ? -1 : a) != sa[0])
            return 0;
        sa += o->len[t];
    }
    return 1;
}

/* The pruning bounds of a candidate in entry_compute by their inputs: k =
 * wkk, the four widths, the residual of its access resource out and in, 1
 * when that is one resource both ways; tlow = the widths' bound, tk = the
 * host bound (NAN: not computed yet). Within one visit of a ring edge, for
 * one context c: candidates of the same inputs bit for bit (on a cluster,
 * the hosts of one speed whose routes have the same widths) share them. */
typedef struct pmemo {
    double k[8];
    double tlow, tk;
} pmemo;

/* distinct candidate inputs remembered per visit */
#define H2_PRUNE_MEMO 8

typedef struct pmemo_set {
    pmemo m[H2_PRUNE_MEMO];
    int n, at;
} pmemo_set;

/* Compute candidate host index h (node k) of the edge into the new entry en:
 * its four tree paths, and when its four widths are > 0 its routes
 * (wk->cand), the shares (rmi_h2_share_routes on wk->res2) and the route
 * costs — what rmi_h2_scan_edge computes for a candidate it does not prune. */
static rm_status entry_compute(h2_scan *sc, h2_ecache *ec, const edge_ctx *c, int h, int k, int prune,
                               pmemo_set *pm, h2_cent *en, rm_error *err)
{
    h2_work *wk = sc->wk;
    const rm_ring_state *s = sc->s;
    const rm_network *net = wk->net;
    en->h = h;
    en->step = wk->step;
    en->ok = 0;
    en->a0 = ec->n_arcs2;
    double w0 = wk->wid[0][k], w1 = wk->wid[1][k], w2 = wk->wid[3][k], w3 = wk->wid[2][k];
    if (w0 > 0 && w1 > 0 && w2 > 0 && w3 > 0) {
        double wkk = wk->p->nodes[k].w;
        double wi = c->wi, wj = c->wj, ci_keep = c->ci_keep, cj_keep = c->cj_keep;
        int par = s->cost.parallel_send;
        /* the least T_step it may win against, and the margin of rounding
         * and of inexact sums */
        double lim = atomic_load_explicit(sc->gbest, memory_order_relaxed);
        if (sc->bestT < lim)
            lim = sc->bestT;
        double mg = 1.0 - 2 * H2_CTX_REL - 1e-12;
        double Tlow = 0.0;
        if (prune) {
            /* rmi_h2_scan_edge's bounds: widths, then the share lower bound
             * (both functions of pmemo's inputs and c only) */
            int ro = wk->kres_out[h], ri = wk->kres_in[h];
            pmemo key = {{wkk, w0, w1, w2, w3, ro >= 0 ? wk->res2[ro] : INFINITY,
                          ri >= 0 ? wk->res2[ri] : INFINITY, ro >= 0 && ro == ri ? 1.0 : 0.0},
                         0.0, NAN};
            pmemo *m = NULL;
            for (int y = 0; y < pm->n && !m; y++)
                if (memcmp(pm->m[y].k, key.k, sizeof key.k) == 0)
                    m = &pm->m[y];
            if (!m) {
                key.tlow = rmi_h2_fast_eval_lb(&c->ev, wi, rmi_host_cost(1.0 / w0, ci_keep, par), wj,
                                               rmi_host_cost(cj_keep, 1.0 / w3, par), wkk,
                                               rmi_host_cost(1.0 / w2, 1.0 / w1, par));
                m = &pm->m[pm->at];
                *m = key;
                pm->at = (pm->at + 1) % H2_PRUNE_MEMO;
                if (pm->n < H2_PRUNE_MEMO)
                    pm->n++;
            }
            Tlow = m->tlow;
            if (Tlow * mg > lim)
                goto pruned;
            /* the optimal split's bounds from the trees, before the routes
             * are built (rmi_h2_share_tree_bound: they prune most), then
             * k's access link shared by its routes for every split (the
             * latter a function of pmemo's inputs and c: once per input) */
            double u[4] = {w0, w1, w2, w3};
            double a[4] = {1.0 / wi, 1.0 / wkk, 1.0 / wkk, 1.0 / wj}, ti[4], tk;
            if (rmi_h2_share_tree_bound(wk, wk->res2, c->i, c->j, h, k, u, a, ti, &tk) &&
                rmi_h2_share_T_lb(c, wkk, Tlow, par, sc->dc_dw, tk,
                                  a[0] * ti[0] + a[1] * ti[1] + a[2] * ti[2] + a[3] * ti[3],
                                  ti[0], ti[3]) * mg > lim) {
                atomic_fetch_add_explicit(&rmi_h2_tree_prunes, 1, memory_order_relaxed);
                goto pruned;
            }
            if (isnan(m->tk))
                m->tk = rmi_h2_k_bound(wk, c, h, wkk, u, wk->res2, par, sc->dc_dw);
            if (m->tk * mg > lim)
                goto pruned;
        }
        rm_status st = build_routes(wk, c->i, c->j, k, err);
        if (st)
            return st;
        double a[4] = {1.0 / wi, 1.0 / wkk, 1.0 / wkk, 1.0 / wj};
        if (prune) {
            /* the optimal split's bounds first (rmi_h2_share_opt_bound: they
             * prune most), then with those for every split */
            double inv[4] = {0.0, 0.0, 0.0, 0.0}, kk = 0.0, so = 0.0;
            if (rmi_h2_share_opt_bound(wk, wk->res2, wk->cand, a, inv, &kk)) {
                so = a[0] * inv[0] + a[1] * inv[1] + a[2] * inv[2] + a[3] * inv[3];
                if (rmi_h2_share_T_lb(c, wkk, Tlow, par, sc->dc_dw, kk, so, inv[0], inv[3]) * mg >
                    lim) {
                    atomic_fetch_add_explicit(&rmi_h2_opt_prunes, 1, memory_order_relaxed);
                    goto pruned;
                }
            }
            double k_lb;
            double sum_lb = rmi_h2_share_lower_bound(wk, wk->res2, wk->cand, a, &k_lb);
            double Tb = rmi_h2_share_T_lb(c, wkk, Tlow, par, sc->dc_dw, rm_h2_fmax(k_lb, kk),
                                          rm_h2_fmax(sum_lb, so), inv[0], inv[3]);
            if (Tb * mg > lim)
                goto pruned;
        }
        if ((st = store_paths(wk, ec, c, k, en, err)))
            return st;
        if ((st = rmi_h2_share_routes(wk, wk->res2, 4, wk->cand, a, en->x, err)))
            return st;
        if (en->x[0] > 0 && en->x[1] > 0 && en->x[2] > 0 && en->x[3] > 0) {
            for (int t = 0; t < 4; t++)
                en->c[t] = rmi_ring_state_route_cost(net, s, &wk->cand[t], en->x[t]);
            en->ok = 1;
        }
        return RM_OK;
    }
    /* a width of 0: the paths show when it can be inserted again */
    return store_paths(wk, ec, c, k, en, err);
pruned: /* it cannot win this step: not kept (computed again at the next visit) */
    ec->n_arcs2 = en->a0;
    en->ok = -1;
    return RM_OK;
}

/* rmi_h2_scan_cached's check by signature (entry_same): 1 when the
 * edge's trees are the stored ones of its last visit and few residuals
 * changed since, with *chg the signature bits of those changed; else 0. */
static int ecache_changes(const h2_work *wk, const h2_ecache *ec, unsigned long long *chg)
{
    if (!(ec->vstep && ec->tstep && ec->tstep == ec->vtstep && wk->cap_clog_at && ec->vstep < wk->step &&
          ec->vstep + 1 < wk->cap_clog_at))
        return 0;
    long l0 = wk->clog_at[ec->vstep + 1];
    if (wk->n_clog - l0 > H2_SAME_MAX)
        return 0;
    for (long l = l0; l < wk->n_clog; l++)
        *chg |= res_bit(wk->clog[l].r);
    return 1;
}

int rmi_h2_entry_stored_on = 1;
atomic_long rmi_h2_entry_stored_hits;
int rmi_h2_entry_stored_verify;
atomic_long rmi_h2_entry_stored_mismatch;

/* 1 when the edge's trees in wk are the stored ones of its last visit
 * (ecache_changes' condition on the trees, whatever the number of
 * residuals changed since). */
static int ecache_trees_same(const h2_work *wk, const h2_ecache *ec)
{
    return ec->vstep && ec->tstep && ec->tstep == ec->vtstep && ec->vstep < wk->step;
}

/* Entry o of candidate host index h = o->h (node k), valid at the edge's
 * last visit, whose trees are still those in wk (ecache_trees_same): 1
 * when it is still valid by entry_valid's rule, read on its stored path
 * instead of walking the trees; 0 when not proven (entry_valid decides).
 * As in entry_same, its paths past k are walks of the same core trees, so
 * they are the stored arcs when k's own arc of each tree is the stored
 * first one; then entry_valid's walk compares equal arcs and reaches the
 * root as it did, and it rejects the entry only when a resource of one of
 * those arcs (a member's own first arc excepted) changed since o->step:
 * the same test here on the stored arcs. A path with an unreachable end
 * (stored arc -1) is left to entry_valid. O(length of the paths). */
static int entry_stored(const h2_work *wk, const h2_ecache *ec, const h2_cent *o, int h, int k)
{
    const rm_network *net = wk->net;
    int member = wk->sym->pos_of[h] >= 0;
    const int *sa = ec->arcs + o->a0;
    for (int t = 0; t < 4; t++) {
        int n = o->len[t];
        if (n < 1)
            return 0;
        int a = wk->arc[route_tree[t]][k];
        if ((a < 0 ? -1 : a) != sa[0])
            return 0;
        for (int x = 0; x < n; x++) {
            if (sa[x] < 0)
                return 0;
            int r = net->arc_res[sa[x]];
            if (r >= 0 && !(member && x == 0) && wk->res_step[r] > o->step)
                return 0;
        }
        sa += n;
    }
    return 1;
}

/* rmi_h2_scan_cached: the edge's valid entry for candidate h (node k), or
 * NULL. ec->ent[oc] is h's own entry when its h matches (counted in n_chk,
 * n_bad when stale); else, for a member of a class, the first valid entry
 * of a member that joined the ring (listed once per visit in wk->cand_j,
 * *n_join < 0: not yet; the ring does not change during a scan). */
static const h2_cent *ecache_find(h2_work *wk, h2_ecache *ec, int oc, int *n_join, int h, int k,
                                  const edge_ctx *c, int same, unsigned long long chg, int tsame,
                                  long *hits)
{
    const rm_platform *p = wk->p;
    const h2_cent *o = NULL;
    if (oc < ec->n_ent && ec->ent[oc].h == h) {
        const h2_cent *e0 = &ec->ent[oc];
        ec->n_chk++;
        int ok = same && entry_same(wk, ec, e0, k, chg);
        if (!ok && tsame && entry_stored(wk, ec, e0, h, k)) {
            ok = 1;
            (*hits)++;
            if (rmi_h2_entry_stored_verify && !entry_valid(wk, ec, e0, h, k, c->i, c->j))
                atomic_fetch_add(&rmi_h2_entry_stored_mismatch, 1);
        }
        if (ok || entry_valid(wk, ec, e0, h, k, c->i, c->j))
            o = e0;
        else
            ec->n_bad++;
    }
    if (!o && wk->sym->pos_of[h] >= 0) {
        if (*n_join < 0) {
            *n_join = 0;
            for (int x = 0; x < ec->n_ent; x++)
                if (wk->in_ring[p->hosts[ec->ent[x].h]])
                    wk->cand_j[(*n_join)++] = x;
        }
        for (int y = 0; y < *n_join && !o; y++)
            if (entry_valid(wk, ec, &ec->ent[wk->cand_j[y]], h, k, c->i, c->j))
                o = &ec->ent[wk->cand_j[y]];
    }
    return o;
}

/* The lists built by a visit become the edge's (ent2/arcs2 swapped with
 * ent/arcs), every entry kept valid as of step, for these trees. */
static void ecache_swap(h2_ecache *ec, unsigned long step)
{
    h2_cent *te = ec->ent;
    ec->ent = ec->ent2;
    ec->ent2 = te;
    int tc = ec->cap_ent;
    ec->cap_ent = ec->cap_ent2;
    ec->cap_ent2 = tc;
    ec->n_ent = ec->n_ent2;
    int *ta = ec->arcs;
    ec->arcs = ec->arcs2;
    ec->arcs2 = ta;
    tc = ec->cap_arcs;
    ec->cap_arcs = ec->cap_arcs2;
    ec->cap_arcs2 = tc;
    ec->n_arcs = ec->n_arcs2;
    ec->vstep = step;
    ec->vtstep = ec->tstep;
}

/* Copy old entry o into the new list as en, for host index h. */
static int entry_keep(h2_work *wk, h2_ecache *ec, const h2_cent *o, int h, h2_cent *en)
{
    int n = o->len[0] + o->len[1] + o->len[2] + o->len[3];
    if (!cgrow(wk, (void **)&ec->arcs2, &ec->cap_arcs2, ec->n_arcs2 + n, sizeof *ec->arcs2))
        return 0;
    *en = *o;
    en->h = h;
    en->a0 = ec->n_arcs2;
    memcpy(ec->arcs2 + ec->n_arcs2, ec->arcs + o->a0, (size_t)n * sizeof *ec->arcs2);
    ec->n_arcs2 += n;
    return 1;
}

rm_status rmi_h2_scan_cached(h2_scan *sc, int e, edge_ctx *c, const int *cands, int n_cand,
                            rm_error *err)
{
    h2_work *wk = sc->wk;
    const rm_ring_state *s = sc->s;
    const rm_platform *p = wk->p;
    int m = c->m, par = s->cost.parallel_send;
    double wi = c->wi, wj = c->wj, ci_keep = c->ci_keep, cj_keep = c->cj_keep;
    h2_ecache *ec = &wk->ecache[wk->hidx[c->i]];
    rm_status st;
    edge_prepare(ec, s, e, c->ni);
    ec->n_ent2 = 0;
    ec->n_arcs2 = 0;
    int oc = 0;
    /* the entries of hosts that joined the ring (a class member takes
     * one over), by increasing position: listed once per visit, at the
     * first member that needs them (n_join < 0: not yet) */
    int n_join = -1;
    /* the entries' check by signature (entry_same): the trees are the
     * stored ones of the last visit, and few residuals changed since */
    unsigned long long chg = 0;
    int same = ecache_changes(wk, ec, &chg);
    /* the check on the stored paths (entry_stored) when the signatures fail */
    int tsame = rmi_h2_entry_stored_on && ecache_trees_same(wk, ec);
    long hits = 0;
    /* entry_compute's bounds by their inputs, for the context c as it is
     * (emptied when c is made exact) */
    pmemo_set pm;
    pm.n = pm.at = 0;
    /* the last entry's bound rmi_h2_fast_eval_lb by (wkk, costs), for c as
     * it is */
    double qm[5], qm_v = 0.0;
    int qm_ok = 0;
    for (int ci = 0; ci < n_cand; ci++) {
        int h = cands[ci];
        int k = p->hosts[h];
        if (wk->in_ring[k])
            continue;
        if (!cgrow(wk, (void **)&ec->ent2, &ec->cap_ent2, ec->n_ent2 + 1, sizeof *ec->ent2))
            return rm_error_set(err, RM_ENOMEM, "out of memory in SharedRing (edge cache)");
        h2_cent *en = &ec->ent2[ec->n_ent2];
        while (oc < ec->n_ent && ec->ent[oc].h < h)
            oc++;
        const h2_cent *o = ecache_find(wk, ec, oc, &n_join, h, k, c, same, chg, tsame, &hits);
        int fresh = 0;
        if (o) {
            if (!entry_keep(wk, ec, o, h, en))
                return rm_error_set(err, RM_ENOMEM, "out of memory in SharedRing (edge cache)");
        } else {
            /* an edge whose entries often go stale (routes through links
             * that every insertion loads), or with many candidates (most of
             * them lose by the bounds: their entries would cost memory
             * and a share computation each), computes only the candidates
             * that may win, as rmi_h2_scan_edge; else every candidate, once */
            int prune = ec->n_bad * 4 > ec->n_chk || n_cand > H2_CACHE_MAX_CAND;
            if ((st = entry_compute(sc, ec, c, h, k, prune, &pm, en, err)))
                return st;
            if (en->ok < 0)
                continue;
            fresh = 1;
        }
        ec->n_ent2++;
        if (!en->ok)
            continue;
        /* rmi_h2_scan_edge's comparisons on the same costs */
        double wkk = p->nodes[k].w;
        /* the bound of the last entry of the same wkk and costs bit for bit
         * under the same c (twins of one run have the same costs) */
        double qk[5] = {wkk, en->c[0], en->c[1], en->c[2], en->c[3]}, Tq;
        if (qm_ok && memcmp(qm, qk, sizeof qk) == 0) {
            Tq = qm_v;
        } else {
            Tq = rmi_h2_fast_eval_lb(&c->ev, wi, rmi_host_cost(en->c[0], ci_keep, par), wj,
                                     rmi_host_cost(cj_keep, en->c[3], par), wkk,
                                     rmi_host_cost(en->c[2], en->c[1], par));
            memcpy(qm, qk, sizeof qk);
            qm_v = Tq;
            qm_ok = 1;
        }
        if (!c->exact) {
            /* inexact sums: a candidate that loses by more than their error
             * loses; else the exact context (and tw/tC for rm_balance) */
            double lo = Tq * (1.0 - 2 * H2_CTX_REL);
            if (lo > sc->bestT || lo > atomic_load_explicit(sc->gbest, memory_order_relaxed))
                continue;
            if (wk->seq_inv.pre && wk->seq_cw.pre && wk->seq_inv.n == s->q && wk->seq_cw.n == s->q)
                rmi_h2_edge_ctx_exact(c, wk, s, e);
            else
                rmi_h2_edge_ctx_init(c, wk, s, e, sc->dc_dw);
            pm.n = pm.at = 0; /* c's sums changed */
            qm_ok = 0;
            Tq = rmi_h2_fast_eval_lb(&c->ev, wi, rmi_host_cost(en->c[0], ci_keep, par), wj,
                                    rmi_host_cost(cj_keep, en->c[3], par), wkk,
                                    rmi_host_cost(en->c[2], en->c[1], par));
        }
        if (Tq > sc->bestT || (Tq == sc->bestT && !(e < sc->bs)) ||
            Tq > atomic_load_explicit(sc->gbest, memory_order_relaxed))
            continue;
        int ok;
        double T = rmi_h2_fast_eval_T_try(&c->ev, wi, rmi_host_cost(en->c[0], ci_keep, par), wj,
                                         rmi_host_cost(cj_keep, en->c[3], par), wkk,
                                         rmi_host_cost(en->c[2], en->c[1], par), &ok);
        if (!ok) {
            if (c->exact < 2) {
                rmi_h2_edge_ctx_init(c, wk, s, e, sc->dc_dw); /* tw/tC for rm_balance */
                pm.n = pm.at = 0;
                qm_ok = 0;
            }
            T = rmi_h2_fast_eval_T(&c->ev, wk, m, wi, rmi_host_cost(en->c[0], ci_keep, par), wj,
                                  rmi_host_cost(cj_keep, en->c[3], par), wkk,
                                  rmi_host_cost(en->c[2], en->c[1], par));
        }
        if (T < sc->bestT || (T == sc->bestT && e < sc->bs)) {
            sc->bestT = T;
            double g = atomic_load_explicit(sc->gbest, memory_order_relaxed);
            while (T < g && !atomic_compare_exchange_weak(sc->gbest, &g, T))
                ;
            sc->bk = k;
            sc->bs = e;
            memcpy(sc->bx, en->x, sizeof sc->bx);
            if (!fresh && (st = build_routes(wk, c->i, c->j, k, err)))
                return st;
            for (int t = 0; t < 4; t++)
                if ((st = rm_route_copy(&wk->best[t], &wk->cand[t])))
                    return st;
        }
    }
    ecache_swap(ec, wk->step);
    if (hits)
        atomic_fetch_add_explicit(&rmi_h2_entry_stored_hits, hits, memory_order_relaxed);
    return RM_OK;
}
