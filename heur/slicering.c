/*
 * slicering.c — the SliceRing greedy heuristic (H1) of Legrand et al. 2004 §5.2.2, on
 * the complete graph of widest-path bandwidths (§2.2, §5.2.1), and its ring
 * made feasible on the real, shared network by max-min fairness (§5.2.2:
 * "we keep the ring and the communicating paths ... and we compute feasible
 * values using the max-min fairness heuristic").
 */
#include "ring/args.h"
#include "heur/bounds/cut_bound.h"
#include "heur/exact.h"
#include "heur/heur.h"
#include "heur/route_ties.h"
#include "heur/sharedring/sharedring_internal.h"
#include "model/cost_inline.h"
#include "model/cost_valid.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Grow the SliceRing ring on cost matrix c (H x H, s/Mb, host indices):
 * rings + (q-1)*max_q receives the ring of each size, est[q-1] its
 * estimate. cs/cp: per-position successor / predecessor route costs. */
typedef struct slice_scratch {
    int *ring, *in_ring;
    double *cs, *cp, *tw, *tC;
    double *Cq;      /* fast path: per-position C */
    double *invw;    /* fast path: 1/w of each host (H) */
    double *ct;      /* fast path: transposed costs, ct[j*H + k] = c[k*H + j] (H*H) */
    int *cand_e, *cand_k; /* fast path: near-best candidates */
    double *cand_t5, *cand_d;
    int n_cand, cap_cand;
    /* fast path: the ring's (D_c/D_w * C, w) sorted by d, stable (ring order
     * among equal d) — glibc's qsort in rm_balance is a stable merge sort —
     * for exact evaluations in O(q) without sorting (slice_exact_T_sorted) */
    double *sd, *sw;
    int *spos, *stmp;
    int sorted_ok;
    /* fast path: classes of interchangeable hosts (bitwise equal w, cost
     * rows and columns; NULL: none), one candidate per class and step */
    int *cls_of;   /* H: class of each host, -1: none */
    int *cls_seen; /* n_class: step stamp */
    int *cands;    /* H: the step's candidates, increasing */
    int n_class, stamp;
    /* fast path: the costs by class (slice_cost_classes; NULL: none): a
     * class member's cost row and column are its class's, so the scan
     * reads H x ncid doubles instead of the H x H matrix (cache) */
    int *cid;     /* H: cost class of each host (a class, or the host alone) */
    int ncid;
    double *ccr;  /* H x ncid: ccr[i*ncid + cid[k]] = c[i*H + k] for every k != i */
    double *ccc;  /* H x ncid: ccc[i*ncid + cid[k]] = c[k*H + i] for every k != i */
    /* fast path: candidate pruning by a lower bound (slice_prune): least
     * cost from any ring host to k (mo) and from k to any ring host (mi),
     * the hosts folded into them, per-edge terms of the O(1) value */
    double *mo, *mi, *lb, *piv, *pivF, *eA, *eB, *ebase, *edm;
    unsigned char *folded;
    int *ord, *kept, n_kept;
    int prune_reset;
    /* the pruning's values kept for the scan: the m-th candidate k the
     * pruning evaluates (pslot[k] = m) has its entries pbeg[m] ..
     * pbeg[m + 1] - 1, each a value pval and its edge pent, those within tol
     * of the running least value when computed (a superset of those within
     * tol of the step's least value), edges increasing; prmin[m] = the least
     * value of its row; n_ent entries of pval_cap (pval, pent and pidx);
     * prec = this step's are all there; pval_on = so, and then the
     * candidates within tol of their least value pmin by edge: those of
     * edge e are kept[pidx[pstart[e] .. pstart[e + 1] - 1]], increasing
     * (pstart: q + 1) */
    double *pval, *prmin;
    int *pslot, *pidx, *pstart, *pent, *pbeg;
    size_t pval_cap, n_ent;
    int pval_on, prec;
    /* the pruning's exact pass: each ring edge's terms in one record */
    struct slice_pedge *ped;
    double pmin;
    /* the twins' table of the scan's current edge (slice_near_dup; NULL:
     * the walk over the edge's kept candidates): dmask + 1 slots (a power
     * of two >= 2 H), a slot in use when dstamp == dst, for edge dedge */
    int *dtab;
    unsigned *dstamp;
    int dmask, dedge;
    unsigned dst;
    /* the near-tie rule (rm_options.slice_ties): the step's keys seen */
    int ties;
    struct slice_keyset *ks;
    /* the pruning is valid for the run's cost model (rmi_slice_prune_valid_for) */
    int prune;
    /* the run's cost model: the reference values every candidate under it
       (rmi_balance_in) */
    const rm_cost_model *cost;
} slice_scratch;

/* SliceRing's stopping rule (heur/bounds/cut_bound.h) for one run: on = the rule
 * applies (not full_curve, max_q > 2: the best estimate is tracked and
 * --stop-patience may stop); cb, hb = the cut and host bounds when they are
 * valid for the cost model (rmi_cut_bound_valid_for,
 * rmi_host_bound_valid_for), NULL when not: not used. */
typedef struct slice_stop {
    int on;
    rm_cut_bound *cb;
    rm_host_bound *hb;
} slice_stop;

int rmi_slice_fast_valid_for(const rm_cost_model *m)
{
    return rmi_cost_model_eq1(m);
}

int rmi_slice_prune_valid_for(const rm_cost_model *m)
{
    return rmi_cost_model_eq1(m) && !m->parallel_send && m->dc_dw > 0.0 && isfinite(m->dc_dw);
}

int rmi_slice_pair_start_valid_for(const rm_cost_model *m)
{
    return rmi_cost_model_eq1(m);
}

/* The near-tie rule (rm_options.slice_ties, beyond the paper). A candidate (ring
 * edge e: i -> j, host k) of one step has the T_step of rm_balance over the
 * multiset M = R - {r0, r1} + {a0, a1, a2} of (d = D_c/D_w * C, w) pairs: R
 * the ring's pairs, r0 and r1 those of positions e and e + 1, a0..a2 the
 * new pairs of i, j and k. The optimum of eq. (1) (Legrand et al. 2004,
 * eq. (5) form) depends on M only, so two candidates with the same M are
 * equal in real arithmetic; their rm_balance values differ only in the
 * order of its sums. Two candidates of one step have the same M iff their
 * deltas (removed, added) after cancelling bitwise equal pairs are equal
 * (M - R as a signed multiset): the key, each part sorted by (d, w). */
typedef struct slice_key {
    int nr, na;         /* removed, added pairs: nr <= 2, na <= 3 */
    double d[5], w[5];  /* removed first, then added */
} slice_key;

/* The keys of one step in an open-addressing table (tstamp: the step whose
 * entry a slot holds, so a new step clears nothing). */
typedef struct slice_keyset {
    slice_key *key;
    int n, cap;
    int *tab, *tstamp;
    int tcap, stamp;
} slice_keyset;

static int pair_less(double d1, double w1, double d2, double w2)
{
    return d1 < d2 || (d1 == d2 && w1 < w2);
}

static void sort_pairs(double *d, double *w, int n)
{
    for (int x = 1; x < n; x++)
        for (int y = x; y > 0 && pair_less(d[y], w[y], d[y - 1], w[y - 1]); y--) {
            double td = d[y], tw = w[y];
            d[y] = d[y - 1];
            w[y] = w[y - 1];
            d[y - 1] = td;
            w[y - 1] = tw;
        }
}

/* The key of a candidate: removed pairs (rd, rw)[0..1], added (ad, aw)[0..2].
 * Returns 0 (no key: the candidate is never skipped) when a value is NaN. O(1). */
static int slice_key_make(const double *rd, const double *rw, const double *ad, const double *aw,
                          slice_key *k)
{
    for (int x = 0; x < 2; x++)
        if (isnan(rd[x]) || isnan(rw[x]))
            return 0;
    for (int x = 0; x < 3; x++)
        if (isnan(ad[x]) || isnan(aw[x]))
            return 0;
    int used[3] = {0, 0, 0};
    k->nr = 0;
    for (int r = 0; r < 2; r++) {
        int hit = -1;
        for (int a = 0; a < 3 && hit < 0; a++)
            if (!used[a] && ad[a] == rd[r] && aw[a] == rw[r])
                hit = a;
        if (hit >= 0) {
            used[hit] = 1;
        } else {
            k->d[k->nr] = rd[r] + 0.0; /* + 0.0: -0 -> +0 for the hash */
            k->w[k->nr] = rw[r] + 0.0;
            k->nr++;
        }
    }
    k->na = 0;
    for (int a = 0; a < 3; a++)
        if (!used[a]) {
            k->d[k->nr + k->na] = ad[a] + 0.0;
            k->w[k->nr + k->na] = aw[a] + 0.0;
            k->na++;
        }
    sort_pairs(k->d, k->w, k->nr);
    sort_pairs(k->d + k->nr, k->w + k->nr, k->na);
    return 1;
}

static int slice_key_eq(const slice_key *a, const slice_key *b)
{
    if (a->nr != b->nr || a->na != b->na)
        return 0;
    for (int x = 0; x < a->nr + a->na; x++)
        if (a->d[x] != b->d[x] || a->w[x] != b->w[x])
            return 0;
    return 1;
}

static unsigned long long slice_key_hash(const slice_key *k)
{
    unsigned long long h = 1469598103934665603ULL ^ (unsigned long long)(k->nr * 8 + k->na);
    for (int x = 0; x < k->nr + k->na; x++) {
        unsigned long long u, v;
        memcpy(&u, &k->d[x], sizeof u);
        memcpy(&v, &k->w[x], sizeof v);
        h = (h ^ u) * 1099511628211ULL;
        h ^= h >> 29;
        h = (h ^ v) * 1099511628211ULL;
        h ^= h >> 31;
    }
    return h;
}

/* A new step with room for n keys. Returns -1 on allocation failure. */
static int slice_keyset_begin(slice_keyset *s, int n)
{
    if (n > s->cap) {
        slice_key *nk = realloc(s->key, (size_t)n * sizeof *nk);
        if (!nk)
            return -1;
        s->key = nk;
        s->cap = n;
    }
    if (2 * (size_t)n > (size_t)s->tcap) {
        int tc = 64;
        while ((size_t)tc < 2 * (size_t)n)
            tc *= 2;
        int *nt = malloc((size_t)tc * sizeof *nt), *ns = calloc((size_t)tc, sizeof *ns);
        if (!nt || !ns) {
            free(nt);
            free(ns);
            return -1;
        }
        free(s->tab);
        free(s->tstamp);
        s->tab = nt;
        s->tstamp = ns;
        s->tcap = tc;
        s->stamp = 0;
    }
    s->stamp++;
    s->n = 0;
    return 0;
}

/* 1 if k is new in this step (and is added), 0 if an earlier candidate had
 * it. Needs fewer than the n keys of slice_keyset_begin. O(1) expected. */
static int slice_keyset_add(slice_keyset *s, const slice_key *k)
{
    unsigned mask = (unsigned)s->tcap - 1u;
    unsigned h = (unsigned)(slice_key_hash(k) & mask);
    while (s->tstamp[h] == s->stamp) {
        if (slice_key_eq(&s->key[s->tab[h]], k))
            return 0;
        h = (h + 1u) & mask;
    }
    s->tstamp[h] = s->stamp;
    s->tab[h] = s->n;
    s->key[s->n++] = *k;
    return 1;
}

static void slice_keyset_free(slice_keyset *s)
{
    if (!s)
        return;
    free(s->key);
    free(s->tab);
    free(s->tstamp);
    free(s);
}

#define W(h) (p->nodes[p->hosts[h]].w)

/* T_step of inserting host k on ring edge e exactly as the reference
 * computes it: rm_balance over the unchanged hosts in ring order, then i, j,
 * k (bitwise the reference's value). O(q log q). */
static double slice_exact_T(const rm_platform *p, const double *c, int H, int q, int e, int k,
                            int par, double dc_dw, slice_scratch *sc)
{
    int ni = (e + 1) % q, i = sc->ring[e], j = sc->ring[ni];
    int m = 0;
    for (int t = 0; t < q; t++) {
        if (t == e || t == ni)
            continue;
        sc->tw[m] = W(sc->ring[t]);
        sc->tC[m] = rmi_host_cost(sc->cs[t], sc->cp[t], par);
        m++;
    }
    sc->tw[m] = W(i);
    sc->tC[m] = rmi_host_cost(c[i * H + k], sc->cp[e], par);
    sc->tw[m + 1] = W(j);
    sc->tC[m + 1] = rmi_host_cost(sc->cs[ni], c[j * H + k], par);
    sc->tw[m + 2] = W(k);
    sc->tC[m + 2] = rmi_host_cost(c[k * H + j], c[k * H + i], par);
    return rm_balance(q + 1, sc->tw, sc->tC, dc_dw, NULL);
}

/* The near-tie key of inserting host k on ring edge e (slice_key): the
 * pairs of positions e and e + 1 out, those of i, j, k in, with the same
 * expressions as slice_exact_T (bitwise the same d and w). O(1). */
static int slice_step_key(const rm_platform *p, const double *c, int H, int q, int e, int k,
                          int par, double dc_dw, const slice_scratch *sc, slice_key *key)
{
    int ni = (e + 1) % q, i = sc->ring[e], j = sc->ring[ni];
    double rd[2], rw[2], ad[3], aw[3];
    rd[0] = dc_dw * rmi_host_cost(sc->cs[e], sc->cp[e], par);
    rw[0] = W(i);
    rd[1] = dc_dw * rmi_host_cost(sc->cs[ni], sc->cp[ni], par);
    rw[1] = W(j);
    ad[0] = dc_dw * rmi_host_cost(c[(size_t)i * H + k], sc->cp[e], par);
    aw[0] = W(i);
    ad[1] = dc_dw * rmi_host_cost(sc->cs[ni], c[(size_t)j * H + k], par);
    aw[1] = W(j);
    ad[2] = dc_dw * rmi_host_cost(c[(size_t)k * H + j], c[(size_t)k * H + i], par);
    aw[2] = W(k);
    return slice_key_make(rd, rw, ad, aw, key);
}

/* Sort the ring's pairs (d = D_c/D_w * C, w) by d, ties in ring order (a
 * stable merge sort, as glibc's qsort in rm_balance); sc->sorted_ok = 0 when
 * a d is not finite (rm_balance's special cases: slice_exact_T). O(q log q). */
static void slice_sort_ring(const rm_platform *p, int q, double dc_dw, slice_scratch *sc)
{
    sc->sorted_ok = 1;
    int *a = sc->spos, *tmp = sc->stmp;
    for (int t = 0; t < q; t++) {
        a[t] = t;
        if (!isfinite(dc_dw * sc->Cq[t]))
            sc->sorted_ok = 0;
    }
    for (int width = 1; width < q; width *= 2) {
        for (int lo = 0; lo < q; lo += 2 * width) {
            int mid = lo + width < q ? lo + width : q, hi = lo + 2 * width < q ? lo + 2 * width : q;
            int x = lo, y = mid, t = lo;
            while (x < mid && y < hi) {
                if (dc_dw * sc->Cq[a[y]] < dc_dw * sc->Cq[a[x]])
                    tmp[t++] = a[y++];
                else
                    tmp[t++] = a[x++];
            }
            while (x < mid)
                tmp[t++] = a[x++];
            while (y < hi)
                tmp[t++] = a[y++];
        }
        memcpy(a, tmp, (size_t)q * sizeof *a);
    }
    for (int t = 0; t < q; t++) {
        sc->sd[t] = dc_dw * sc->Cq[a[t]];
        sc->sw[t] = W(sc->ring[a[t]]);
    }
}

/* slice_exact_T without sorting: rm_balance's stable sort of the unchanged
 * hosts (ring order) then i, j, k is the ring's sorted list without e and
 * ni, merged with i, j, k (ties: the ring's hosts first, then i, j, k); the
 * same sums in the same order give bitwise rm_balance's value. Needs
 * slice_sort_ring of this step. O(q). */
static double slice_exact_T_sorted(const rm_platform *p, const double *c, int H, int q, int e,
                                   int k, int par, double dc_dw, slice_scratch *sc)
{
    int ni = (e + 1) % q, i = sc->ring[e], j = sc->ring[ni];
    double nd[3], nw[3];
    nd[0] = dc_dw * rmi_host_cost(c[i * H + k], sc->cp[e], par);
    nw[0] = W(i);
    nd[1] = dc_dw * rmi_host_cost(sc->cs[ni], c[j * H + k], par);
    nw[1] = W(j);
    nd[2] = dc_dw * rmi_host_cost(c[k * H + j], c[k * H + i], par);
    nw[2] = W(k);
    if (!sc->sorted_ok || !isfinite(nd[0]) || !isfinite(nd[1]) || !isfinite(nd[2]))
        return slice_exact_T(p, c, H, q, e, k, par, dc_dw, sc);
    /* the three new pairs, stable by d */
    int o[3] = {0, 1, 2};
    for (int x = 1; x < 3; x++)
        for (int y = x; y > 0 && nd[o[y]] < nd[o[y - 1]]; y--) {
            int tt = o[y];
            o[y] = o[y - 1];
            o[y - 1] = tt;
        }
    double dmax = 0.0;
    int total = q + 1, bx = 0, nx = 0, taken = 0;
    double sum_inv = 0.0, sum_dw = 0.0, t = INFINITY;
    /* dmax: every d is finite, so the maximum in any order */
    for (int x = 0; x < q; x++)
        if (sc->spos[x] != e && sc->spos[x] != ni && sc->sd[x] > dmax)
            dmax = sc->sd[x];
    for (int x = 0; x < 3; x++)
        if (nd[x] > dmax)
            dmax = nd[x];
    while (bx < q && (sc->spos[bx] == e || sc->spos[bx] == ni))
        bx++;
    while (taken < total) {
        double d, w;
        if (nx >= 3 || (bx < q && sc->sd[bx] <= nd[o[nx]])) {
            d = sc->sd[bx];
            w = sc->sw[bx];
            bx++;
            while (bx < q && (sc->spos[bx] == e || sc->spos[bx] == ni))
                bx++;
        } else {
            d = nd[o[nx]];
            w = nw[o[nx]];
            nx++;
        }
        taken++;
        sum_inv += 1.0 / w;
        sum_dw += d / w;
        t = (1.0 + sum_dw) / sum_inv;
        if (taken == total)
            break;
        double next = (nx >= 3 || (bx < q && sc->sd[bx] <= nd[o[nx]])) ? sc->sd[bx] : nd[o[nx]];
        if (t <= next)
            break;
    }
    return t > dmax ? t : dmax;
}

/* The O(1) value max(T5, D) of inserting k (cycle-time 1/iwk, costs Ci, Cj,
 * Ck of positions i, j, k) on an edge with the terms base and dm of
 * slice_step_fast; the one expression both the scan and the pruning use
 * (bitwise the same value). */
static inline double slice_approx(double base, double dm, double iwi, double iwj, double iwk,
                                  double Ci, double Cj, double Ck, double S_inv, double dc_dw,
                                  double *T5_out, double *D_out)
{
    double T5 = (1.0 + dc_dw * (base + Ci * iwi + Cj * iwj + Ck * iwk)) / (S_inv + iwk);
    double D = dm;
    if (dc_dw * Ci > D)
        D = dc_dw * Ci;
    if (dc_dw * Cj > D)
        D = dc_dw * Cj;
    if (dc_dw * Ck > D)
        D = dc_dw * Ck;
    *T5_out = T5;
    *D_out = D;
    return T5 > D ? T5 : D;
}

/* Groups of the pruning bound: the bound's edge term is computed exactly
 * at up to this many values of mo (one O(q) pass each). */
#define SLICE_PRUNE_PIVOTS 64
/* Fewest candidates worth the pruning's O(H log H) sort. */
#define SLICE_PRUNE_MIN 32
/* Near-best candidates the near-tie rule dropped in this thread (tests
 * check that it ran). */
_Thread_local long rmi_slice_ties_skipped;
/* Steps pruned in this thread (tests check that the pruning ran). */
_Thread_local long rmi_slice_prune_steps;
/* Relative margin under which the bound is taken (the bound and the scan's
 * value add the same terms in other orders). */
#define SLICE_PRUNE_MARGIN 1e-7
/* Most doubles the pruning keeps for the scan (16 MiB): the values of the
 * candidates past it are computed again by the scan. */
#define SLICE_PVAL_MAX ((size_t)1 << 21)
/* Scans that read the pruning's kept values in this thread (tests check
 * that they ran). */
_Thread_local long rmi_slice_pval_reads;

/* The ring edge's terms the pruning's exact pass reads, in edge order (the
 * same values slice_prune read from the ring's arrays). */
typedef struct slice_pedge {
    int i, j;             /* hosts of positions e and e + 1 */
    double base, dm;      /* sc->ebase[e], sc->edm[e] */
    double iwi, iwj;      /* sc->invw[i], sc->invw[j] */
    double cpe, csn;      /* c_pred of e, c_succ of e + 1 */
} slice_pedge;

/* Append the entry (edge e, value T) of the pruning's current candidate
 * (growing pval, pent and pidx, at most SLICE_PVAL_MAX). Returns -1 when
 * it cannot be kept: the scan then values every kept candidate. */
static int slice_pent_add(slice_scratch *sc, int e, double T)
{
    if (sc->n_ent == sc->pval_cap) {
        if (sc->pval_cap >= SLICE_PVAL_MAX)
            return -1;
        size_t cap = sc->pval_cap ? 2 * sc->pval_cap : (size_t)1 << 12;
        double *nv = realloc(sc->pval, cap * sizeof *nv);
        if (!nv)
            return -1;
        sc->pval = nv;
        int *ne = realloc(sc->pent, cap * sizeof *ne);
        if (!ne)
            return -1;
        sc->pent = ne;
        int *ni = realloc(sc->pidx, cap * sizeof *ni);
        if (!ni)
            return -1; /* pval_cap unchanged: all three hold at least that */
        sc->pidx = ni;
        sc->pval_cap = cap;
    }
    sc->pval[sc->n_ent] = T;
    sc->pent[sc->n_ent] = e;
    sc->n_ent++;
    return 0;
}

/* From the pruning's entries of the nk kept candidates: their least value
 * sc->pmin (the least of their rows' least values; it must be the
 * pruning's U, the least value of every evaluated candidate, else the scan
 * values them all) and, by edge, the candidates within a relative tol of
 * it (sc->pstart, sc->pidx: the scan's order, edges increasing, then the
 * kept candidates increasing); sets sc->pval_on when every kept
 * candidate's entries are there. An entry within tol of pmin was within
 * tol of the running least value when computed (that is >= pmin), so it
 * is there: the same lists as from the full rows. O(nk + entries). */
static void slice_pval_near(slice_scratch *sc, int nk, int q, double tol, double U)
{
    sc->pval_on = 0;
    if (!sc->prec || !sc->pidx || !sc->pstart || nk == 0)
        return;
    double least = INFINITY;
    for (int x = 0; x < nk; x++) {
        int s = sc->pslot[sc->kept[x]];
        if (s < 0)
            return;
        if (sc->prmin[s] < least)
            least = sc->prmin[s];
    }
    if (!(least == U))
        return;
    double lim = least * (1.0 + tol);
    /* a counting sort by edge: the candidates of an edge in increasing x */
    int *start = sc->pstart;
    for (int e = 0; e <= q; e++)
        start[e] = 0;
    for (int x = 0; x < nk; x++) {
        int s = sc->pslot[sc->kept[x]];
        for (int t = sc->pbeg[s]; t < sc->pbeg[s + 1]; t++)
            if (sc->pval[t] <= lim)
                start[sc->pent[t] + 1]++;
    }
    for (int e = 0; e < q; e++)
        start[e + 1] += start[e];
    for (int x = 0; x < nk; x++) {
        int s = sc->pslot[sc->kept[x]];
        for (int t = sc->pbeg[s]; t < sc->pbeg[s + 1]; t++)
            if (sc->pval[t] <= lim)
                sc->pidx[start[sc->pent[t]]++] = x;
    }
    for (int e = q; e > 0; e--) /* back to the starts */
        start[e] = start[e - 1];
    start[0] = 0;
    sc->pmin = least;
    sc->pval_on = 1;
}

/* The pruning's exact pass: the O(1) value of the candidates sc->ord[0 ..
 * n - 1] (increasing bound) on every ring edge until the next bound
 * exceeds U (1 + tol), U the least value so far; records their entries
 * (slice_scratch.pval) when it can. Returns U. O(evaluated x q). */
static double slice_prune_exact(const rm_platform *p, const double *c, int q, double dc_dw,
                                int n, double S_inv, double tol, slice_scratch *sc)
{
    int H = p->n_hosts;
    slice_pedge *ped = sc->ped;
    for (int e = 0; e < q; e++) {
        int ni = (e + 1) % q, i = sc->ring[e], j = sc->ring[ni];
        ped[e] = (slice_pedge){i, j, sc->ebase[e], sc->edm[e], sc->invw[i], sc->invw[j],
                               sc->cp[e], sc->cs[ni]};
    }
    sc->n_ent = 0;
    sc->prec = sc->pslot && sc->pbeg && sc->prmin;
    double U = INFINITY;
    for (int m = 0; m < n; m++) {
        int k = sc->ord[m];
        if (sc->lb[k] > U * (1.0 + tol))
            break;
        if (sc->pslot)
            sc->pslot[k] = sc->prec ? m : -1;
        if (sc->prec)
            sc->pbeg[m] = (int)sc->n_ent;
        double iwk = sc->invw[k], rmin = INFINITY;
        const double *ctk = c + (size_t)k * H; /* c_k. : costs from k */
        /* c_.k : costs to k, from the transpose's row (the same values,
         * read along one row instead of down a column) */
        const double *ttk = sc->ct + (size_t)k * H;
        for (int e = 0; e < q; e++) {
            const slice_pedge *pe = &ped[e];
            double t5, d;
            /* the same expression on the same inputs as the scan's: bitwise
             * the value it would compute */
            double T = slice_approx(pe->base, pe->dm, pe->iwi, pe->iwj, iwk,
                                    rmi_host_cost(ttk[pe->i], pe->cpe, 0),
                                    rmi_host_cost(pe->csn, ttk[pe->j], 0),
                                    rmi_host_cost(ctk[pe->j], ctk[pe->i], 0), S_inv, dc_dw, &t5,
                                    &d);
            if (T < U)
                U = T;
            if (T < rmin)
                rmin = T;
            if (sc->prec && T <= U * (1.0 + tol) && slice_pent_add(sc, e, T))
                sc->prec = 0;
        }
        if (sc->prec) {
            sc->prmin[m] = rmin;
            sc->pbeg[m + 1] = (int)sc->n_ent;
        }
    }
    return U;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static _Thread_local const double *t_lb; /* qsort context of cmp_lb */
static int cmp_lb(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    double u = t_lb[x], v = t_lb[y];
    return u < v ? -1 : u > v ? 1 : (x > y) - (x < y);
}

/* Pruning of one fast SliceRing step (sum cost model, 0 < D_c/D_w < inf):
 * keeps in sc->kept (increasing host index) the candidates cand[0..n-1]
 * that may come within the scan's tolerance tol of the step's least value,
 * and returns their number, or -1 when it does not apply.
 *
 * Why it is exact: with C = c_succ + c_pred, inserting k on edge i -> j
 * gives base + Ci/w_i + Cj/w_j + Ck/w_k = S_cw + (c_ik - c_ij)/w_i +
 * (c_jk - c_ji)/w_j + (c_kj + c_ki)/w_k (Legrand et al., eq. (1) in the form
 * of eq. (5)). With mo_k = min over ring hosts r of c_rk and mi_k = min of
 * c_kr, that is >= S_cw + A_e + mo_k B_e + 2 mi_k / w_k where A_e = -(c_ij/w_i +
 * c_ji/w_j), B_e = 1/w_i + 1/w_j > 0; min_e (A_e + x B_e) is nondecreasing
 * in x, so its value at any pivot x <= mo_k bounds it. The value max(T5, D)
 * is also >= D >= 2 D_c/D_w mi_k and >= the third largest D_c/D_w C of the
 * ring (dm). A candidate whose bound (less a relative 1e-7 for the order
 * of the additions) exceeds U (1 + tol), U the least value of some
 * candidates, can never be within tol of the least value: the scan would
 * keep it only to drop it later, so the scan over the kept candidates makes
 * the same choice. O(H log H + P q + (kept) q) per step, P = 64 pivots. */
static int slice_prune(const rm_platform *p, const double *c, int q, double dc_dw,
                       const int *cand, int n, double S_cw, double S_inv, double d3, double tol,
                       slice_scratch *sc)
{
    int H = p->n_hosts;
    /* 0 < dc_dw < inf and no parallel send: sc->prune (rmi_slice_prune_valid_for) */
    if (!sc->mo || n < SLICE_PRUNE_MIN)
        return -1;
    if (sc->prune_reset) {
        for (int k = 0; k < H; k++) {
            sc->mo[k] = sc->mi[k] = INFINITY;
            sc->folded[k] = 0;
        }
        sc->prune_reset = 0;
    }
    for (int t = 0; t < q; t++) {
        int r = sc->ring[t];
        if (sc->folded[r])
            continue;
        sc->folded[r] = 1;
        const double *row = c + (size_t)r * H, *col = sc->ct + (size_t)r * H;
        for (int k = 0; k < H; k++) {
            if (row[k] < sc->mo[k])
                sc->mo[k] = row[k];
            if (col[k] < sc->mi[k])
                sc->mi[k] = col[k];
        }
    }
    for (int e = 0; e < q; e++) {
        int ni = (e + 1) % q, i = sc->ring[e], j = sc->ring[ni];
        double iwi = 1.0 / W(i), iwj = 1.0 / W(j);
        sc->eA[e] = -(sc->cs[e] * iwi + sc->cp[ni] * iwj);
        sc->eB[e] = iwi + iwj;
        if (!isfinite(sc->eA[e]) || !isfinite(sc->eB[e]))
            return -1;
    }
    /* pivots: the distinct finite mo of the candidates, or P quantiles */
    int nf = 0;
    for (int x = 0; x < n; x++)
        if (isfinite(sc->mo[cand[x]]) && isfinite(sc->mi[cand[x]]))
            sc->lb[nf++] = sc->mo[cand[x]];
    if (nf == 0)
        return -1;
    qsort(sc->lb, (size_t)nf, sizeof *sc->lb, cmp_double);
    int np = 0;
    for (int x = 0; x < nf; x++)
        if (np == 0 || sc->lb[x] != sc->piv[np - 1]) {
            if (np == SLICE_PRUNE_PIVOTS) {
                np = 0;
                break;
            }
            sc->piv[np++] = sc->lb[x];
        }
    if (np == 0) /* too many distinct values: quantiles (lower ends) */
        for (int g = 0; g < SLICE_PRUNE_PIVOTS; g++) {
            double v = sc->lb[(size_t)g * nf / SLICE_PRUNE_PIVOTS];
            if (np == 0 || v != sc->piv[np - 1])
                sc->piv[np++] = v;
        }
    for (int g = 0; g < np; g++) {
        double f = INFINITY, x0 = sc->piv[g];
        for (int e = 0; e < q; e++) {
            double v = sc->eA[e] + x0 * sc->eB[e];
            if (v < f)
                f = v;
        }
        sc->pivF[g] = f;
    }
    double dfloor = d3 > 0.0 ? d3 : 0.0;
    for (int x = 0; x < n; x++) {
        int k = cand[x];
        double mo = sc->mo[k], mi = sc->mi[k];
        if (!isfinite(mo) || !isfinite(mi)) {
            sc->lb[k] = -INFINITY;
            continue;
        }
        int lo = 0, hi = np - 1; /* the largest pivot <= mo */
        while (lo < hi) {
            int mid = (lo + hi + 1) / 2;
            if (sc->piv[mid] <= mo)
                lo = mid;
            else
                hi = mid - 1;
        }
        double iwk = sc->invw[k];
        double T5 = (1.0 + dc_dw * (S_cw + sc->pivF[lo] + 2.0 * mi * iwk)) / (S_inv + iwk);
        double b = T5;
        if (2.0 * dc_dw * mi > b)
            b = 2.0 * dc_dw * mi;
        if (dfloor > b)
            b = dfloor;
        sc->lb[k] = b * (1.0 - SLICE_PRUNE_MARGIN);
    }
    /* U: the least value of the candidates in increasing bound order, until
     * the next bound exceeds U (1 + tol) */
    for (int x = 0; x < n; x++)
        sc->ord[x] = cand[x];
    t_lb = sc->lb;
    qsort(sc->ord, (size_t)n, sizeof *sc->ord, cmp_lb);
    double U = slice_prune_exact(p, c, q, dc_dw, n, S_inv, tol, sc);
    rmi_slice_prune_steps++;
    /* kept: bound <= U (1 + tol), in the scan's (increasing) order */
    int nk = 0;
    for (int x = 0; x < n; x++)
        if (sc->lb[cand[x]] <= U * (1.0 + tol))
            sc->kept[nk++] = cand[x];
    slice_pval_near(sc, nk, q, tol, U);
    return nk;
}

/* The ring's terms of one fast step (slice_step_fast). */
typedef struct slice_terms {
    double S_inv, S_cw;  /* sum over the positions of 1/w and of C/w, ring order */
    double d1, d2, d3;   /* the three largest D_c/D_w * C (-1: fewer positions) */
    int p1, p2;          /* positions of d1 and d2 */
} slice_terms;

/* The ring's terms of a fast step: sc->Cq (C of each position), tm's sums
 * and largest d, then the per-edge terms sc->ebase (S_cw without positions
 * e and e + 1) and sc->edm (largest d over the other positions). O(q). */
static void slice_step_terms(const rm_platform *p, int q, double dc_dw, int par,
                             slice_scratch *sc, slice_terms *tm)
{
    double S_inv = 0.0, S_cw = 0.0;
    double d1 = -1.0, d2 = -1.0, d3 = -1.0; /* three largest D_c/D_w * C and positions */
    int p1 = -1, p2 = -1;
    for (int t = 0; t < q; t++) {
        double wt = W(sc->ring[t]);
        double C = rmi_host_cost(sc->cs[t], sc->cp[t], par);
        sc->Cq[t] = C;
        S_inv += 1.0 / wt;
        S_cw += C / wt;
        double d = dc_dw * C;
        if (d > d1) {
            d3 = d2;
            d2 = d1;
            p2 = p1;
            d1 = d;
            p1 = t;
        } else if (d > d2) {
            d3 = d2;
            d2 = d;
            p2 = t;
        } else if (d > d3) {
            d3 = d;
        }
    }
    for (int e = 0; e < q; e++) {
        int ni = (e + 1) % q;
        sc->ebase[e] = S_cw - sc->Cq[e] / W(sc->ring[e]) - sc->Cq[ni] / W(sc->ring[ni]);
        /* largest d over the positions other than e and ni */
        double dm = p1 != e && p1 != ni ? d1 : p2 != e && p2 != ni ? d2 : d3;
        sc->edm[e] = dm < 0.0 ? 0.0 : dm;
    }
    *tm = (slice_terms){S_inv, S_cw, d1, d2, d3, p1, p2};
}

/* The step's candidates into sc->cands, increasing: the hosts out of the
 * ring, the first of each class only (the others have bitwise the same
 * inputs on every edge, so they are the duplicates the scan skips: same
 * value, later: cannot win). Returns their number. O(H). */
static int slice_step_cands(int H, slice_scratch *sc)
{
    int n_cands = 0;
    if (sc->cls_of)
        sc->stamp++;
    for (int k = 0; k < H; k++) {
        if (sc->in_ring[k])
            continue;
        int cl = sc->cls_of ? sc->cls_of[k] : -1;
        if (cl >= 0) {
            if (sc->cls_seen[cl] == sc->stamp)
                continue;
            sc->cls_seen[cl] = sc->stamp;
        }
        sc->cands[n_cands++] = k;
    }
    return n_cands;
}

/* Ring edge e: i -> j of a fast step as the scan reads it. */
typedef struct slice_edge {
    int e, i, j;
    double base, dm;                  /* sc->ebase[e], sc->edm[e] */
    double cpe, csn, iwi, iwj;        /* c_pred of e, c_succ of e + 1, 1/w_i, 1/w_j */
    const double *ci, *cj, *cti, *ctj; /* costs from i, j (rows of c) and to i, j (of ct) */
    const double *ri, *rj, *ti, *tj;  /* the same by cost class (NULL: no classes) */
} slice_edge;

/* The terms of ring edge e for the scan (slice_edge). O(1). */
static void slice_edge_make(const rm_platform *p, const double *c, int q, int e,
                            const slice_scratch *sc, slice_edge *ed)
{
    int H = p->n_hosts;
    int ni = (e + 1) % q, i = sc->ring[e], j = sc->ring[ni];
    double wi = W(i), wj = W(j);
    int nc = sc->ncid;
    ed->e = e;
    ed->i = i;
    ed->j = j;
    ed->base = sc->ebase[e];
    ed->dm = sc->edm[e];
    ed->ci = c + (size_t)i * H;
    ed->cj = c + (size_t)j * H;
    ed->cpe = sc->cp[e];
    ed->csn = sc->cs[ni];
    ed->iwi = 1.0 / wi;
    ed->iwj = 1.0 / wj;
    ed->cti = sc->ct + (size_t)i * H;
    ed->ctj = sc->ct + (size_t)j * H;
    ed->ri = sc->cid ? sc->ccr + (size_t)i * nc : NULL;
    ed->rj = sc->cid ? sc->ccr + (size_t)j * nc : NULL;
    ed->ti = sc->cid ? sc->ccc + (size_t)i * nc : NULL;
    ed->tj = sc->cid ? sc->ccc + (size_t)j * nc : NULL;
}

/* Drop the kept candidates that are no longer within tol of best (a new
 * least value). O(n_cand). */
static void slice_near_drop(slice_scratch *sc, double best, double tol)
{
    int n = 0;
    for (int x = 0; x < sc->n_cand; x++) {
        double tx = sc->cand_t5[x] > sc->cand_d[x] ? sc->cand_t5[x] : sc->cand_d[x];
        if (tx <= best * (1.0 + tol)) {
            sc->cand_e[n] = sc->cand_e[x];
            sc->cand_k[n] = sc->cand_k[x];
            sc->cand_t5[n] = sc->cand_t5[x];
            sc->cand_d[n] = sc->cand_d[x];
            n++;
        }
    }
    sc->n_cand = n;
}

/* 1 when hosts kx and k have bitwise the same inputs on ring edge ed (w,
 * the costs from i and j to each, the costs from each to i and j; by cost
 * class K, Kx where there are classes): then bitwise the same value. */
static inline int slice_edge_twins(const rm_platform *p, const slice_scratch *sc,
                                   const slice_edge *ed, int kx, int k, int K)
{
    if (ed->ri) { /* the same values from the class matrices */
        int Kx = sc->cid[kx];
        return sc->invw[kx] == sc->invw[k] && W(kx) == W(k) && ed->ri[Kx] == ed->ri[K] &&
               ed->rj[Kx] == ed->rj[K] && ed->tj[Kx] == ed->tj[K] && ed->ti[Kx] == ed->ti[K];
    }
    /* costs to i and j along the transpose's rows (the same values) */
    return W(kx) == W(k) && ed->ci[kx] == ed->ci[k] && ed->cj[kx] == ed->cj[k] &&
           ed->ctj[kx] == ed->ctj[k] && ed->cti[kx] == ed->cti[k];
}

/* One term of the twins' hash (slice_near_dup): a double's bits, -0 as +0
 * (== equal, so the same hash). */
static inline uint64_t slice_dup_mix(uint64_t h, double v)
{
    uint64_t z;
    if (v == 0.0)
        v = 0.0;
    memcpy(&z, &v, sizeof z);
    h ^= z + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2);
    return h * 0xbf58476d1ce4e5b9ull;
}

/* 1 when a kept candidate of edge ed has bitwise the same inputs as host k
 * (cost class K, 1/w iwk): then bitwise the same value, so k cannot win
 * (strict <). With the twins' table (sc->dtab: the candidates of the
 * current edge kept so far, hashed by their five inputs; a new edge or step
 * starts a new stamp) it records k when it has no twin, O(1) expected; the
 * table also holds the edge's candidates dropped since by a lower least
 * value, but a twin of one of them has its value, out of tol as well, so
 * it never comes here: the same answer as the walk over the kept ones of
 * the edge (without the table: O(kept candidates of the edge)). */
static int slice_near_dup(const rm_platform *p, const double *c, slice_scratch *sc,
                          const slice_edge *ed, int k, int K, double iwk)
{
    (void)c;
    (void)iwk;
    if (sc->dtab) {
        if (sc->dedge != ed->e) {
            sc->dedge = ed->e;
            if (++sc->dst == 0) { /* wrapped: clear the stamps */
                memset(sc->dstamp, 0, ((size_t)sc->dmask + 1) * sizeof *sc->dstamp);
                sc->dst = 1;
            }
        }
        uint64_t h = 0x243f6a8885a308d3ull;
        h = slice_dup_mix(h, W(k));
        if (ed->ri) {
            h = slice_dup_mix(h, ed->ri[K]);
            h = slice_dup_mix(h, ed->rj[K]);
            h = slice_dup_mix(h, ed->tj[K]);
            h = slice_dup_mix(h, ed->ti[K]);
        } else {
            h = slice_dup_mix(h, ed->ci[k]);
            h = slice_dup_mix(h, ed->cj[k]);
            h = slice_dup_mix(h, ed->ctj[k]);
            h = slice_dup_mix(h, ed->cti[k]);
        }
        size_t s = (size_t)((h ^ (h >> 29)) & (uint64_t)sc->dmask);
        for (; sc->dstamp[s] == sc->dst; s = (s + 1) & (size_t)sc->dmask)
            if (slice_edge_twins(p, sc, ed, sc->dtab[s], k, K))
                return 1;
        sc->dstamp[s] = sc->dst;
        sc->dtab[s] = k;
        return 0;
    }
    int dup = 0;
    for (int x = sc->n_cand - 1; x >= 0 && sc->cand_e[x] == ed->e && !dup; x--)
        dup = slice_edge_twins(p, sc, ed, sc->cand_k[x], k, K);
    return dup;
}

/* Append candidate (edge e, host k) with its T5 and D to the kept ones,
 * growing the arrays. Returns -1 on allocation failure. O(1) amortized. */
static int slice_near_push(slice_scratch *sc, int e, int k, double T5, double D)
{
    if (sc->n_cand == sc->cap_cand) {
        int nc = sc->cap_cand ? 2 * sc->cap_cand : 64;
        int *ne = realloc(sc->cand_e, (size_t)nc * sizeof *ne);
        if (ne)
            sc->cand_e = ne;
        int *nk = realloc(sc->cand_k, (size_t)nc * sizeof *nk);
        if (nk)
            sc->cand_k = nk;
        double *n5 = realloc(sc->cand_t5, (size_t)nc * sizeof *n5);
        if (n5)
            sc->cand_t5 = n5;
        double *nd = realloc(sc->cand_d, (size_t)nc * sizeof *nd);
        if (nd)
            sc->cand_d = nd;
        if (!ne || !nk || !n5 || !nd)
            return -1;
        sc->cap_cand = nc;
    }
    sc->cand_e[sc->n_cand] = e;
    sc->cand_k[sc->n_cand] = k;
    sc->cand_t5[sc->n_cand] = T5;
    sc->cand_d[sc->n_cand] = D;
    sc->n_cand++;
    return 0;
}

/* The scan of ring edge e over the candidates cand[0..n-1]: the O(1)
 * value of each, the candidates within a relative tol of the least value
 * *best (updated) kept in scan order in sc. Returns -1 on allocation
 * failure. O(n) plus the kept candidates' upkeep. */
/* One candidate k of ring edge *ed in the scan: its O(1) value; kept in sc
 * when within a relative tol of the least value *best (lowered, dropping
 * the kept ones no longer within tol) and not a duplicate of a kept one of
 * the edge. Returns -1 on allocation failure. O(1) plus the upkeep. */
static inline int slice_scan_one(const rm_platform *p, const double *c, const slice_edge *ed,
                                 int k, double dc_dw, int par, double S_inv, double tol,
                                 slice_scratch *sc, double *best_io)
{
    const double *ri = ed->ri, *rj = ed->rj, *ti = ed->ti, *tj = ed->tj;
    double iwk = sc->invw[k];
    double Ci, Cj, Ck;
    int K = ri ? sc->cid[k] : -1;
    if (ri) { /* the same values from the class matrices */
        Ci = rmi_host_cost(ri[K], ed->cpe, par);
        Cj = rmi_host_cost(ed->csn, rj[K], par);
        Ck = rmi_host_cost(tj[K], ti[K], par);
    } else {
        Ci = rmi_host_cost(ed->ci[k], ed->cpe, par);
        Cj = rmi_host_cost(ed->csn, ed->cj[k], par);
        Ck = rmi_host_cost(ed->ctj[k], ed->cti[k], par);
    }
    /* approximate (products by 1/w): the candidates near the least
     * value are re-evaluated exactly by slice_step_choose */
    double T5, D;
    double T =
        slice_approx(ed->base, ed->dm, ed->iwi, ed->iwj, iwk, Ci, Cj, Ck, S_inv, dc_dw, &T5, &D);
    if (!(T <= *best_io * (1.0 + tol)))
        return 0;
    if (T < *best_io) {
        *best_io = T;
        slice_near_drop(sc, T, tol);
    }
    if (slice_near_dup(p, c, sc, ed, k, K, iwk))
        return 0;
    return slice_near_push(sc, ed->e, k, T5, D);
}

/* The scan of ring edge e over the candidates cand[0..n-1]: the O(1)
 * value of each, the candidates within a relative tol of the least value
 * *best (updated) kept in scan order in sc. Returns -1 on allocation
 * failure. O(n) plus the kept candidates' upkeep. */
static int slice_scan_edge(const rm_platform *p, const double *c, int q, int e, double dc_dw,
                           int par, const int *cand, int n, double S_inv, double tol,
                           slice_scratch *sc, double *best_io)
{
    slice_edge ed;
    slice_edge_make(p, c, q, e, sc, &ed);
    for (int ck = 0; ck < n; ck++)
        if (slice_scan_one(p, c, &ed, cand[ck], dc_dw, par, S_inv, tol, sc, best_io))
            return -1;
    return 0;
}

/* The scan when the pruning kept its values (sc->pval_on): the least
 * value sc->pmin is the scan's, so only the candidates within tol of it
 * (sc->pidx by edge, in the scan's order) are valued again and kept, as
 * slice_scan_edge from *best_io = pmin would: none lowers it, each one
 * out of tol is never read (a duplicate's twin has its value, so it is
 * there too): the same kept list in the same order. Returns -1 on
 * allocation failure. O(q + kept candidates). */
static int slice_scan_near(const rm_platform *p, const double *c, int q, double dc_dw, int par,
                           double S_inv, double tol, slice_scratch *sc, double *best_io)
{
    *best_io = sc->pmin;
    rmi_slice_pval_reads++;
    for (int e = 0; e < q; e++) {
        if (sc->pstart[e] == sc->pstart[e + 1])
            continue;
        slice_edge ed;
        slice_edge_make(p, c, q, e, sc, &ed);
        for (int y = sc->pstart[e]; y < sc->pstart[e + 1]; y++)
            if (slice_scan_one(p, c, &ed, sc->kept[sc->pidx[y]], dc_dw, par, S_inv, tol, sc,
                               best_io))
                return -1;
    }
    return 0;
}

/* The near-tie rule on the kept candidates: keep the first candidate of
 * each key (scan order). A candidate whose earlier twin is not near the
 * best is itself more than tol above the least value: it cannot win.
 * Returns -1 on allocation failure. O(kept) expected. */
static int slice_near_ties(const rm_platform *p, const double *c, int q, double dc_dw, int par,
                           slice_scratch *sc)
{
    if (slice_keyset_begin(sc->ks, sc->n_cand))
        return -1;
    int n = 0;
    for (int x = 0; x < sc->n_cand; x++) {
        slice_key key;
        if (slice_step_key(p, c, p->n_hosts, q, sc->cand_e[x], sc->cand_k[x], par, dc_dw, sc,
                           &key) &&
            !slice_keyset_add(sc->ks, &key))
            continue;
        sc->cand_e[n] = sc->cand_e[x];
        sc->cand_k[n] = sc->cand_k[x];
        sc->cand_t5[n] = sc->cand_t5[x];
        sc->cand_d[n] = sc->cand_d[x];
        n++;
    }
    rmi_slice_ties_skipped += sc->n_cand - n;
    sc->n_cand = n;
    return 0;
}

/* The choice among the kept candidates: each re-evaluated exactly as the
 * reference does (rm_balance, or D itself when T5 is clearly below D: then
 * rm_balance returns D bitwise), the first least one wins. Returns 0 when
 * none has a value, else 1 with host, edge and T_step. O(kept q). */
static int slice_step_choose(const rm_platform *p, const double *c, int q, double dc_dw, int par,
                             double tol, slice_scratch *sc, int *bk_out, int *bs_out,
                             double *T_out)
{
    int H = p->n_hosts;
    double bestT = INFINITY;
    int bk = -1, bs = -1;
    /* many near ties (clusters of identical hosts): exact values by merging
     * into the ring's sorted pairs instead of sorting per candidate */
    int merged = sc->n_cand > 4 && sc->sd;
    if (merged)
        slice_sort_ring(p, q, dc_dw, sc);
    for (int x = 0; x < sc->n_cand; x++) {
        double T;
        if (sc->n_cand > 1 && sc->cand_t5[x] < sc->cand_d[x] * (1.0 - tol))
            T = sc->cand_d[x]; /* rm_balance returns D bitwise */
        else if (merged)
            T = slice_exact_T_sorted(p, c, H, q, sc->cand_e[x], sc->cand_k[x], par, dc_dw, sc);
        else
            T = slice_exact_T(p, c, H, q, sc->cand_e[x], sc->cand_k[x], par, dc_dw, sc);
        if (T < bestT) {
            bestT = T;
            bk = sc->cand_k[x];
            bs = sc->cand_e[x];
        }
    }
    if (bk < 0)
        return 0;
    *bk_out = bk;
    *bs_out = bs;
    *T_out = bestT;
    return 1;
}

/* Fast search of one SliceRing step (q >= 2), same choice as the
 * reference: every (edge e, host k) gets the O(1) value max(T5, D) of
 * eq. (5) in incremental form (T5 over the q + 1 hosts, D = D_c/D_w times
 * the largest C; this equals rm_balance, see heur/exact.h); the candidates
 * within a relative 1e-9 of the least value are kept in scan order and
 * re-evaluated exactly as the reference does (rm_balance, or D itself when
 * T5 is clearly below D: then rm_balance returns D bitwise), and the first
 * least one wins, as in the reference's strict-< scan. O(q H) plus
 * O(q log q) per near tie. Returns 0 when no host can be inserted, -1 on
 * allocation failure. */
static int slice_step_fast(const rm_platform *p, const double *c, int q, double dc_dw, int par,
                           slice_scratch *sc, int *bk_out, int *bs_out, double *T_out)
{
    const double tol = 1e-9;
    slice_terms tm;
    slice_step_terms(p, q, dc_dw, par, sc, &tm);
    double best = INFINITY;
    sc->n_cand = 0;
    sc->pval_on = 0;
    sc->dedge = -1; /* a new step: the twins' table starts again */
    int n_cands = slice_step_cands(p->n_hosts, sc);
    const int *cand = sc->cands;
    if (sc->prune) { /* rmi_slice_prune_valid_for: no parallel send, 0 < D_c/D_w < inf */
        int nk = slice_prune(p, c, q, dc_dw, sc->cands, n_cands, tm.S_cw, tm.S_inv, tm.d3, tol, sc);
        if (nk >= 0) {
            cand = sc->kept;
            n_cands = nk;
        }
    }
    if (sc->pval_on) {
        if (slice_scan_near(p, c, q, dc_dw, par, tm.S_inv, tol, sc, &best))
            return -1;
    } else {
        for (int e = 0; e < q; e++)
            if (slice_scan_edge(p, c, q, e, dc_dw, par, cand, n_cands, tm.S_inv, tol, sc, &best))
                return -1;
    }
    if (!(best < INFINITY) || sc->n_cand == 0)
        return 0;
    if (sc->ties && sc->n_cand > 1 && slice_near_ties(p, c, q, dc_dw, par, sc))
        return -1;
    return slice_step_choose(p, c, q, dc_dw, par, tol, sc, bk_out, bs_out, T_out);
}

/* Classes of 2+ hosts in the shape of h2_sym (cls_start, mem; members
 * increasing within a class) that slice_classes verifies. */
typedef struct slice_cand_classes {
    int n_class, n_mem;
    int *cls_start, *mem;
} slice_cand_classes;

/* A 64-bit mix of a cost's bits (splitmix64's finaliser): the terms of the
 * order-free sums that group hosts by their rows and columns. */
static uint64_t slice_cost_mix(double v)
{
    uint64_t z;
    memcpy(&z, &v, sizeof z);
    z += 0x9e3779b97f4a7c15ull;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

/* A host's grouping key: its w's bits, the hashes of its row and column. */
typedef struct slice_host_key {
    uint64_t w, hr, hc;
    int h;
} slice_host_key;

static int slice_key_cmp(const void *a, const void *b)
{
    const slice_host_key *x = a, *y = b;
    if (x->w != y->w)
        return x->w < y->w ? -1 : 1;
    if (x->hr != y->hr)
        return x->hr < y->hr ? -1 : 1;
    if (x->hc != y->hc)
        return x->hc < y->hc ? -1 : 1;
    return (x->h > y->h) - (x->h < y->h);
}

/* 1 when hosts m and r are twins in the costs: the same w, c[m][r] =
 * c[r][m], and the same cost to and from every other host, bit for bit.
 * *work counts the costs read. O(H). */
static int slice_twins(const rm_platform *p, const double *c, int H, int m, int r, long long *work)
{
    if (W(m) != W(r) || c[(size_t)m * H + r] != c[(size_t)r * H + m])
        return 0;
    const double *cm = c + (size_t)m * H, *cr = c + (size_t)r * H;
    for (int x = 0; x < H; x++) {
        if (x == m || x == r)
            continue;
        (*work)++;
        if (cm[x] != cr[x] || c[(size_t)x * H + m] != c[(size_t)x * H + r])
            return 0;
    }
    return 1;
}

/* Candidate classes from the costs alone, where SharedRing's symmetry
 * classes give none (fixed routes: SimGrid clusters, whose every host has
 * its own private links): hosts grouped by w and an order-free hash of
 * their row and column off the diagonal (twins have the same multisets),
 * then each group split into the twins of its first member left
 * (slice_twins). Returns 0 with *cc filled (classes of 2+ only; none:
 * n_class 0), -1 on allocation failure or when the splits would read more
 * than 8 H^2 costs (groups of hosts alike in their multisets but not
 * twins: a torus): no classes then. O(H^2) time, O(H) memory. */
static int slice_classes_from_costs(const rm_platform *p, const double *c, slice_cand_classes *cc)
{
    int H = p->n_hosts;
    memset(cc, 0, sizeof *cc);
    slice_host_key *key = calloc((size_t)H, sizeof *key);
    int *cls = malloc((size_t)H * sizeof *cls);
    int *start = malloc(((size_t)H / 2 + 2) * sizeof *start), *mem = malloc((size_t)H * sizeof *mem);
    int *tmp = malloc((size_t)H * sizeof *tmp);
    int rc = -1;
    if (!key || !cls || !start || !mem || !tmp)
        goto out;
    for (int m = 0; m < H; m++) {
        const double *cm = c + (size_t)m * H;
        for (int x = 0; x < H; x++) {
            if (x == m)
                continue;
            uint64_t z = slice_cost_mix(cm[x]);
            key[m].hr += z;
            key[x].hc += z;
        }
        double wm = W(m);
        memcpy(&key[m].w, &wm, sizeof wm);
        key[m].h = m;
        cls[m] = -1;
    }
    qsort(key, (size_t)H, sizeof *key, slice_key_cmp);
    long long work = 0, budget = 8LL * H * H;
    int n_class = 0, n_mem = 0;
    for (int a = 0; a < H;) {
        int b = a + 1;
        while (b < H && key[b].w == key[a].w && key[b].hr == key[a].hr && key[b].hc == key[a].hc)
            b++;
        for (int t = a; t < b && b - a > 1; t++) { /* the group key[a..b), increasing hosts */
            int r = key[t].h;
            if (cls[r] >= 0)
                continue;
            int n = 0;
            tmp[n++] = r;
            for (int u = t + 1; u < b; u++) {
                int m = key[u].h;
                if (cls[m] < 0 && slice_twins(p, c, H, m, r, &work))
                    tmp[n++] = m;
                if (work > budget)
                    goto out; /* rc -1: no classes */
            }
            if (n < 2)
                continue;
            start[n_class] = n_mem;
            for (int u = 0; u < n; u++)
                cls[tmp[u]] = n_class, mem[n_mem++] = tmp[u];
            n_class++;
        }
        a = b;
    }
    start[n_class] = n_mem;
    cc->n_class = n_class, cc->n_mem = n_mem;
    cc->cls_start = start, cc->mem = mem;
    start = mem = NULL;
    rc = 0;
out:
    free(key), free(cls), free(start), free(mem), free(tmp);
    return rc;
}

/* Classes of interchangeable hosts for the fast scan: the symmetry classes
 * of SharedRing (leaves with the same w, node and access link), or where
 * they give none the twins of the costs (slice_classes_from_costs), kept
 * only when every member's cost row and column equal the first member's
 * bit for bit outside the class and every cost inside the class is one
 * value (then members differ in nothing the scan reads). Fills sc->cls_of,
 * or leaves it NULL. O(H^2) once. */
static void slice_classes(const rm_network *net, const double *c, slice_scratch *sc)
{
    const rm_platform *p = net->platform;
    int H = p->n_hosts;
    slice_cand_classes cc = {0};
    h2_sym *sy = rmi_h2_sym_new(net);
    if (sy && sy->n_class < sy->n_mem) { /* some class of 2 */
        cc = (slice_cand_classes){sy->n_class, sy->n_mem, sy->cls_start, sy->mem};
    } else if (slice_classes_from_costs(p, c, &cc) || cc.n_class == 0) {
        free(cc.cls_start), free(cc.mem);
        rmi_h2_sym_destroy(sy);
        return;
    }
    int *cl = malloc((size_t)H * sizeof *cl);
    int *seen = calloc((size_t)(cc.n_class + 1), sizeof *seen);
    int *cands = malloc((size_t)H * sizeof *cands);
    int ok = cl && seen && cands;
    for (int h = 0; ok && h < H; h++)
        cl[h] = -1;
    for (int k = 0; ok && k < cc.n_class; k++) {
        int a = cc.cls_start[k], b = cc.cls_start[k + 1];
        for (int t = a; t < b; t++)
            cl[cc.mem[t]] = k;
    }
    for (int k = 0; ok && k < cc.n_class; k++) {
        int a = cc.cls_start[k], b = cc.cls_start[k + 1];
        int r = cc.mem[a];
        double in = b - a > 1 ? c[(size_t)r * H + cc.mem[a + 1]] : 0.0;
        for (int t = a + 1; ok && t < b; t++) {
            int m = cc.mem[t];
            ok = W(m) == W(r);
            for (int x = 0; ok && x < H; x++) {
                if (cl[x] == k)
                    ok = x == m || c[(size_t)m * H + x] == in;
                else
                    ok = c[(size_t)m * H + x] == c[(size_t)r * H + x] &&
                         c[(size_t)x * H + m] == c[(size_t)x * H + r];
            }
            for (int x = a; ok && x < b; x++)
                ok = cc.mem[x] == r || c[(size_t)r * H + cc.mem[x]] == in;
        }
    }
    if (ok) {
        sc->cls_of = cl;
        sc->cls_seen = seen;
        sc->cands = cands;
        sc->n_class = cc.n_class;
    } else {
        free(cl);
        free(seen);
        free(cands);
    }
    if (!sy || cc.cls_start != sy->cls_start)
        free(cc.cls_start), free(cc.mem);
    rmi_h2_sym_destroy(sy);
}

/* Runs that read the costs by class in this thread (tests check it ran). */
_Thread_local long rmi_slice_cost_class_runs;

/* The costs by class for the fast scan, after slice_classes: each class
 * of sc->cls_of is one cost class, every other host its own. A member k of
 * class K has c[i][k] = c[i][m] and c[k][i] = c[m][i] for every other
 * member m and every host i out of K, and every cost inside K is one value
 * (slice_classes checks it bit for bit), so ccr[i][K] = c[i][m] for any
 * member m != i is c[i][k] for every k != i of K: the same values. Kept
 * only when there are at most H / 8 cost classes (else the H x H matrix is
 * read as it is). O(H ncid) time and memory. */
static void slice_cost_classes(const rm_platform *p, const double *c, slice_scratch *sc)
{
    int H = p->n_hosts;
    if (!sc->cls_of)
        return;
    int *cid = malloc((size_t)H * sizeof *cid);
    int *first = malloc((size_t)(sc->n_class + H) * sizeof *first); /* first member of each id */
    int *second = malloc((size_t)(sc->n_class + H) * sizeof *second);
    if (!cid || !first || !second)
        goto fail;
    int n = 0;
    for (int K = 0; K < sc->n_class; K++)
        first[K] = second[K] = -1;
    n = sc->n_class;
    for (int k = 0; k < H; k++) {
        int K = sc->cls_of[k];
        if (K < 0) {
            cid[k] = n;
            first[n] = k;
            second[n] = -1;
            n++;
        } else {
            cid[k] = K;
            if (first[K] < 0)
                first[K] = k;
            else if (second[K] < 0)
                second[K] = k;
        }
    }
    if ((size_t)n * 8 > (size_t)H)
        goto fail;
    double *ccr = malloc((size_t)H * n * sizeof *ccr), *ccc = malloc((size_t)H * n * sizeof *ccc);
    if (!ccr || !ccc) {
        free(ccr);
        free(ccc);
        goto fail;
    }
    for (int i = 0; i < H; i++)
        for (int K = 0; K < n; K++) {
            int m = first[K];
            if (m == i && second[K] >= 0)
                m = second[K];
            /* m < 0: a class with no member (cannot happen); m == i: the
             * class is i alone, never read for i (k != i) */
            ccr[(size_t)i * n + K] = m >= 0 ? c[(size_t)i * H + m] : 0.0;
            ccc[(size_t)i * n + K] = m >= 0 ? c[(size_t)m * H + i] : 0.0;
        }
    rmi_slice_cost_class_runs++;
    sc->cid = cid;
    sc->ncid = n;
    sc->ccr = ccr;
    sc->ccc = ccc;
    free(first);
    free(second);
    return;
fail:
    free(cid);
    free(first);
    free(second);
}

/* Keep the ring of size q (estimate e): in its slot of rings (keep_all) or,
 * without keep_all, in rings[0..q-1] when it is the first of the least
 * estimate so far (*first_best) — all that the lazy sweep needs (O(max_q)
 * memory instead of O(max_q^2): 10,000-host platforms). */
static void store_ring(int *rings, int max_q, int keep_all, int q, const int *ring, double e,
                       double *first_best)
{
    if (keep_all) {
        memcpy(rings + (size_t)(q - 1) * max_q, ring, (size_t)q * sizeof *ring);
    } else if (e < *first_best) {
        *first_best = e;
        memcpy(rings, ring, (size_t)q * sizeof *ring);
    }
}

/* The start of a greedy run (slice_greedy's n_start, start, start_T): est
 * all NAN, sc's ring the pair start[0..1] (n_start = 2) or the fastest host,
 * its estimate and ring stored. Returns the ring's size. O(H + max_q). */
static int slice_start(const rm_platform *p, const double *c, int max_q, int *rings, double *est,
                       slice_scratch *sc, int n_start, const int *start, double start_T,
                       int keep_all, double *first_best)
{
    int H = p->n_hosts;
    int *ring = sc->ring, *in_ring = sc->in_ring;
    double *cs = sc->cs, *cp = sc->cp;
    for (int k = 0; k < max_q; k++)
        est[k] = NAN;
    memset(in_ring, 0, (size_t)H * sizeof *in_ring);
    sc->prune_reset = 1;
    if (n_start == 2 && max_q >= 2) {
        int a = start[0], b = start[1];
        ring[0] = a;
        ring[1] = b;
        in_ring[a] = in_ring[b] = 1;
        cs[0] = cp[0] = c[a * H + b];
        cs[1] = cp[1] = c[b * H + a];
        est[1] = start_T;
        store_ring(rings, max_q, keep_all, 2, ring, start_T, first_best);
        return 2;
    }
    int f = 0;
    for (int h = 1; h < H; h++)
        if (W(h) < W(f))
            f = h;
    ring[0] = f;
    in_ring[f] = 1;
    cs[0] = cp[0] = 0.0;
    est[0] = W(f);
    store_ring(rings, max_q, keep_all, 1, ring, est[0], first_best);
    return 1;
}

/* The stopping bounds of ss (those in use) reset to the hosts of ring[0..q-1]. */
static void slice_stop_begin(const rm_platform *p, const slice_stop *ss, const int *ring, int q)
{
    if (ss->cb)
        rmi_cut_bound_reset(ss->cb);
    if (ss->hb)
        rmi_host_bound_reset(ss->hb);
    for (int t = 0; t < q; t++) {
        if (ss->cb)
            rmi_cut_bound_add(ss->cb, p->hosts[ring[t]]);
        if (ss->hb)
            rmi_host_bound_add(ss->hb, p->hosts[ring[t]]);
    }
}

/* 1 when the run stops growing at size q (the least estimate so far
 * best_est, first reached at size best_q), with *stop_q and *stop_lb as
 * slice_greedy says; 0 to go on. O(bound values). */
static int slice_stop_now(const slice_stop *ss, const rm_options *opt, double dc_dw, int q,
                          double best_est, int best_q, int *stop_q, double *stop_lb)
{
    /* every larger ring contains this one: its estimate is >= both
     * bounds (the host bound needs rings of >= 3 hosts: q >= 2) */
    double lb = ss->cb ? dc_dw * rm_cut_bound_value(ss->cb) : 0.0;
    if (ss->hb && q >= 2) {
        double hl = rmi_host_bound_value(ss->hb, dc_dw, best_est);
        if (hl > lb)
            lb = hl;
    }
    if (ss->on && lb * (1.0 - 1e-9) >= best_est) {
        *stop_q = q;
        *stop_lb = lb * (1.0 - 1e-9);
        return 1;
    }
    /* --stop-patience (a heuristic, off by default): no better estimate
     * in the last stop_patience sizes; beyond, the run's estimate is
     * taken to stay >= its best (an assumption, not a bound) */
    if (ss->on && opt->stop_patience > 0 && q - best_q >= opt->stop_patience) {
        *stop_q = q;
        *stop_lb = best_est;
        return 1;
    }
    return 0;
}

/* One step of the reference: rm_balance of every (ring edge e, host k out
 * of the ring), edges in ring order, hosts increasing; the first least
 * wins (*bk_out = -1: none), with the near-tie rule when sc->ties. Returns
 * -1 on allocation failure. O(q H q log q). */
static int slice_step_ref(const rm_platform *p, const double *c, int q, double dc_dw, int par,
                          slice_scratch *sc, int *bk_out, int *bs_out, double *T_out)
{
    int H = p->n_hosts;
    const int *ring = sc->ring, *in_ring = sc->in_ring;
    const double *cs = sc->cs, *cp = sc->cp;
    double *tw = sc->tw, *tC = sc->tC;
    double bestT = INFINITY;
    int bk = -1, bs = -1;
    int ties = sc->ties && q >= 2;
    if (ties && slice_keyset_begin(sc->ks, q * (H - q)))
        return -1;
    for (int e = 0; e < q; e++) {
        int ni = (e + 1) % q, i = ring[e], j = ring[ni];
        int m = 0;
        for (int t = 0; t < q; t++) {
            if (t == e || t == ni)
                continue;
            tw[m] = W(ring[t]);
            tC[m] = rmi_host_cost(cs[t], cp[t], par);
            m++;
        }
        for (int k = 0; k < H; k++) {
            if (in_ring[k])
                continue;
            if (q == 1) {
                /* ring i, k: each sends both its messages to the other */
                tw[0] = W(i);
                tC[0] = rmi_host_cost(c[i * H + k], c[i * H + k], par);
                tw[1] = W(k);
                tC[1] = rmi_host_cost(c[k * H + i], c[k * H + i], par);
            } else {
                tw[m] = W(i);
                tC[m] = rmi_host_cost(c[i * H + k], cp[e], par);
                tw[m + 1] = W(j);
                tC[m + 1] = rmi_host_cost(cs[ni], c[j * H + k], par);
                tw[m + 2] = W(k);
                tC[m + 2] = rmi_host_cost(c[k * H + j], c[k * H + i], par);
            }
            slice_key key; /* the near-tie rule: first of each key */
            if (ties && slice_step_key(p, c, H, q, e, k, par, dc_dw, sc, &key) &&
                !slice_keyset_add(sc->ks, &key))
                continue;
            double T = rmi_balance_in(sc->cost, q + 1, tw, tC, dc_dw, NULL);
            if (T < bestT) {
                bestT = T;
                bk = k;
                bs = e;
            }
        }
    }
    *bk_out = bk;
    *bs_out = bs;
    *T_out = bestT;
    return 0;
}

/* Insert host bk after ring position bs of sc's ring of q hosts, with the
 * route costs of c (H x H) around it. O(q). */
static void slice_insert(const double *c, int H, slice_scratch *sc, int q, int bs, int bk)
{
    int *ring = sc->ring;
    double *cs = sc->cs, *cp = sc->cp;
    int ni = (bs + 1) % q, i = ring[bs], j = ring[ni];
    cs[bs] = c[i * H + bk];
    cp[ni] = c[j * H + bk];
    memmove(ring + bs + 2, ring + bs + 1, (size_t)(q - bs - 1) * sizeof *ring);
    memmove(cs + bs + 2, cs + bs + 1, (size_t)(q - bs - 1) * sizeof *cs);
    memmove(cp + bs + 2, cp + bs + 1, (size_t)(q - bs - 1) * sizeof *cp);
    ring[bs + 1] = bk;
    cs[bs + 1] = c[bk * H + j];
    cp[bs + 1] = c[bk * H + i];
    sc->in_ring[bk] = 1;
}

/* Grow the SliceRing ring on cost matrix c (H x H, s/Mb, host indices) from
 * a start of n_start hosts (1: the fastest host, Legrand et al. 2004 §5.2.2; 2: a pair
 * in ring order, whose estimate is start_T): rings + (q-1)*max_q receives
 * the ring of each size, est[q-1] its estimate (NAN for sizes not reached
 * or below the start). cs/cp: per-position successor / predecessor route
 * costs. fast: slice_step_fast instead of the reference's rm_balance per
 * candidate (same choices). ss: the stopping rule of heur/bounds/cut_bound.h
 * (ss->on), with the cut bound (ss->cb, m = 1: a route crossing a cut of
 * value c has a width <= c) and the host bound (ss->hb) where they are
 * valid for the cost model (else NULL): growth stops once the larger of
 * D_c/D_w times the cut bound and the host bound is >= the least
 * estimate so far (no larger ring can have a smaller one; the sizes not
 * reached keep est NAN; *stop_q = the size it stopped at, max_q if it did
 * not, *stop_lb = a lower bound of the estimate of every larger size,
 * INFINITY if it did not stop). opt->progress, if set, is called after
 * each size. Returns -1 on allocation failure. */
static int slice_greedy(const rm_platform *p, const double *c, int max_q, double dc_dw, int par,
                        int *rings, double *est, slice_scratch *sc, int n_start,
                        const int *start, double start_T, int fast, const slice_stop *ss,
                        int *stop_q, double *stop_lb, const rm_options *opt,
                        int keep_all)
{
    double first_best = INFINITY;
    *stop_q = max_q;
    *stop_lb = INFINITY;
    int q = slice_start(p, c, max_q, rings, est, sc, n_start, start, start_T, keep_all,
                        &first_best);
    double best_est = INFINITY;
    int best_q = q;
    if (ss->on) {
        slice_stop_begin(p, ss, sc->ring, q);
        best_est = est[q - 1];
        best_q = q;
    }
    while (q < max_q) {
        if (slice_stop_now(ss, opt, dc_dw, q, best_est, best_q, stop_q, stop_lb))
            break;
        double bestT = INFINITY;
        int bk = -1, bs = -1;
        if (fast && q >= 2) {
            int r = slice_step_fast(p, c, q, dc_dw, par, sc, &bk, &bs, &bestT);
            if (r < 0)
                return -1;
            if (r == 0)
                break;
        } else if (slice_step_ref(p, c, q, dc_dw, par, sc, &bk, &bs, &bestT)) {
            return -1;
        }
        if (bk < 0)
            break;
        slice_insert(c, p->n_hosts, sc, q, bs, bk);
        q++;
        est[q - 1] = bestT;
        store_ring(rings, max_q, keep_all, q, sc->ring, bestT, &first_best);
        if (ss->on) {
            if (ss->cb)
                rmi_cut_bound_add(ss->cb, p->hosts[bk]);
            if (ss->hb)
                rmi_host_bound_add(ss->hb, p->hosts[bk]);
            if (bestT < best_est) {
                best_est = bestT;
                best_q = q;
            }
        }
        if (opt->progress)
            opt->progress(opt->progress_ctx, q, max_q, bestT < best_est ? bestT : best_est);
    }
    return 0;
}

/* The best pair by SliceRing's own estimate (ring i, k: each sends both its
 * messages to the other, as the greedy's first step): the least rm_balance,
 * ties to the first pair in index order. Returns 0 if no pair has finite
 * costs. O(H^2). */
static int slice_best_pair(const rm_platform *p, const double *c, const rm_cost_model *cost,
                           double dc_dw, int par, int *pair, double *T_out)
{
    int H = p->n_hosts;
    double best = INFINITY;
    for (int a = 0; a < H; a++)
        for (int b = a + 1; b < H; b++) {
            double w2[2] = {W(a), W(b)};
            double C2[2] = {rmi_host_cost(c[a * H + b], c[a * H + b], par),
                            rmi_host_cost(c[b * H + a], c[b * H + a], par)};
            double T = rmi_balance_in(cost, 2, w2, C2, dc_dw, NULL);
            if (T < best) {
                best = T;
                pair[0] = a;
                pair[1] = b;
            }
        }
    *T_out = best;
    return best < INFINITY;
}
#undef W

/* SliceRing's complete graph: c[i*H+j] = cost (s/Mb) of the widest path
 * from host i to host j on the full network (1/width, plus latency/D_c with
 * the latency model); 0 on the diagonal. O(H E log N). */
static rm_status slice_costs(const rm_network *net, const rm_options *opt, double *c, rm_error *err)
{
    const rm_platform *p = net->platform;
    int H = p->n_hosts, N = p->n_nodes;
    rm_status st = rmi_routing_matrix(net, opt->routing, c, err);
    if (st)
        return st;
    for (int k = 0; k < H * H; k++)
        c[k] = 1.0 / c[k];
    if (!opt->cost.latency)
        return RM_OK;
    double *wid = malloc((size_t)N * sizeof *wid);
    int *arc = malloc((size_t)N * sizeof *arc);
    if (!wid || !arc) {
        free(wid);
        free(arc);
        return rm_error_set(err, RM_ENOMEM, "out of memory for SliceRing costs");
    }
    for (int hi = 0; hi < H && !st; hi++) {
        if ((st = rmi_routing_tree(net, opt->routing, NULL, p->hosts[hi], 0, wid, arc, err)))
            break;
        for (int hj = 0; hj < H; hj++) {
            double l = rmi_routing_tree_latency(net, p->hosts[hi], arc, p->hosts[hj]);
            if (hj != hi)
                c[hi * H + hj] += l / opt->cost.dc;
        }
    }
    free(wid);
    free(arc);
    return st;
}

/* The mapping of a SliceRing ring (host indices) with widest routes on the
 * full network, made feasible by its make-feasible step (max-min or eq. (5)). */
static rm_status feasible_mapping(const rm_network *net, const int *hring, int q, double dc_dw,
                                  const rm_options *opt, rm_mapping **out, rm_error *err)
{
    const rm_platform *p = net->platform;
    rm_mapping *m = rm_mapping_new(q, 0);
    if (!m)
        return rm_error_set(err, RM_ENOMEM, "out of memory for a mapping");
    m->cost = opt->cost;
    m->cost.dc_dw = dc_dw;
    rm_status st = RM_OK;
    for (int k = 0; k < q; k++)
        m->ring[k] = p->hosts[hring[k]];
    if (q > 1) /* widest routes, ties by opt->route_ties (heur/route_ties.h) */
        st = rmi_ring_routes(net, opt, m, err);
    if (!st)
        st = opt->make_feasible == RM_SHARING_EQ5 ? rm_mapping_refine_optimal(net, m, err)
                                                  : rm_mapping_refine_maxmin(net, m, err);
    if (st) {
        rm_mapping_free(m);
        return st;
    }
    *out = m;
    return RM_OK;
}

/* Largest platform whose SliceRing sweep gets a feasible (max-min) value
 * for every ring size; beyond, only the chosen size is made feasible (each
 * size costs 2q widest routes and a max-min sharing: O(p^2) Dijkstras in
 * all) and the sweep's other feasible entries are NAN — the estimates
 * (sweep_t_unshared) are always complete. */
#define RM_SLICE_FULL_SWEEP_MAX 100

/* sc zeroed, then its arrays for rings of up to n1 - 1 hosts (one more
 * while a step inserts) on H hosts and the run's rules from opt (near-tie
 * rule, pruning). Returns -1 on allocation failure (sc can be freed). */
static int slice_scratch_init(slice_scratch *sc, int H, size_t n1, const rm_options *opt)
{
    memset(sc, 0, sizeof *sc);
    sc->ring = malloc(n1 * sizeof(int));
    sc->in_ring = calloc((size_t)H, sizeof(int));
    sc->cs = malloc(n1 * sizeof(double));
    sc->cp = malloc(n1 * sizeof(double));
    sc->tw = malloc(n1 * sizeof(double));
    sc->tC = malloc(n1 * sizeof(double));
    sc->Cq = malloc(n1 * sizeof(double));
    sc->ties = opt->slice_ties != 0;
    sc->cost = &opt->cost;
    sc->prune = rmi_slice_prune_valid_for(&opt->cost);
    sc->ks = sc->ties ? calloc(1, sizeof *sc->ks) : NULL;
    return (sc->ties && !sc->ks) || !sc->ring || !sc->in_ring || !sc->cs || !sc->cp || !sc->tw ||
                   !sc->tC || !sc->Cq
               ? -1
               : 0;
}

/* The pruning's arrays (optional: when one is missing sc->mo is NULL and
 * every candidate is scanned). */
static void slice_prune_init(slice_scratch *sc, int H, size_t n1)
{
    sc->mo = malloc((size_t)H * sizeof *sc->mo);
    sc->mi = malloc((size_t)H * sizeof *sc->mi);
    sc->lb = malloc((size_t)H * sizeof *sc->lb);
    sc->folded = malloc((size_t)H);
    sc->ord = malloc((size_t)H * sizeof *sc->ord);
    sc->kept = malloc((size_t)H * sizeof *sc->kept);
    sc->piv = malloc(SLICE_PRUNE_PIVOTS * sizeof *sc->piv);
    sc->pivF = malloc(SLICE_PRUNE_PIVOTS * sizeof *sc->pivF);
    sc->eA = malloc(n1 * sizeof *sc->eA);
    sc->eB = malloc(n1 * sizeof *sc->eB);
    /* optional: NULL keeps no values */
    sc->pslot = malloc((size_t)H * sizeof *sc->pslot);
    sc->pstart = malloc((n1 + 1) * sizeof *sc->pstart);
    sc->pbeg = malloc(((size_t)H + 1) * sizeof *sc->pbeg);
    sc->prmin = malloc((size_t)H * sizeof *sc->prmin);
    sc->ped = malloc(n1 * sizeof *sc->ped);
    if (!sc->mi || !sc->lb || !sc->folded || !sc->ord || !sc->kept || !sc->piv || !sc->pivF ||
        !sc->eA || !sc->eB || !sc->ped) {
        free(sc->mo);
        sc->mo = NULL;
    }
}

/* The fast scan's tables for the costs bw (H x H): 1/w, the transpose,
 * the sorted-ring arrays, the classes and cost classes, the per-edge terms
 * and the pruning's arrays. Returns -1 on allocation failure. O(H^2). */
static int slice_fast_init(const rm_network *net, double *bw, slice_scratch *sc, size_t n1)
{
    const rm_platform *p = net->platform;
    int H = p->n_hosts;
    sc->invw = malloc((size_t)H * sizeof *sc->invw);
    /* the transpose: the costs themselves when they are symmetric bit
     * for bit (widest paths on an undirected platform without latency:
     * a width is a minimum over the same links both ways), else a copy
     * (H x H doubles: 800 MB at 10,000 hosts) */
    int sym = 1;
    for (int a = 0; a < H && sym; a++)
        for (int b = a + 1; b < H && sym; b++)
            sym = bw[(size_t)a * H + b] == bw[(size_t)b * H + a];
    sc->ct = sym ? bw : malloc((size_t)H * H * sizeof *sc->ct);
    sc->sd = malloc(n1 * sizeof *sc->sd);
    sc->sw = malloc(n1 * sizeof *sc->sw);
    sc->spos = malloc(n1 * sizeof *sc->spos);
    sc->stmp = malloc(n1 * sizeof *sc->stmp);
    if (!sc->invw || !sc->ct || !sc->sd || !sc->sw || !sc->spos || !sc->stmp)
        return -1;
    slice_classes(net, bw, sc);
    slice_cost_classes(p, bw, sc);
    if (!sc->cands)
        sc->cands = malloc((size_t)H * sizeof *sc->cands);
    sc->ebase = malloc(n1 * sizeof *sc->ebase);
    sc->edm = malloc(n1 * sizeof *sc->edm);
    if (!sc->cands || !sc->ebase || !sc->edm)
        return -1;
    slice_prune_init(sc, H, n1);
    /* the twins' table (optional: NULL walks the kept candidates) */
    size_t dcap = 16;
    while (dcap < 2 * (size_t)H)
        dcap *= 2;
    sc->dtab = malloc(dcap * sizeof *sc->dtab);
    sc->dstamp = calloc(dcap, sizeof *sc->dstamp);
    if (!sc->dtab || !sc->dstamp) {
        free(sc->dtab);
        free(sc->dstamp);
        sc->dtab = NULL;
        sc->dstamp = NULL;
    }
    sc->dmask = (int)(dcap - 1);
    sc->dst = 0;
    sc->dedge = -1;
    for (int a = 0; a < H; a++) {
        sc->invw[a] = 1.0 / p->nodes[p->hosts[a]].w;
        for (int b = 0; b < H && sc->ct != bw; b++)
            sc->ct[(size_t)b * H + a] = bw[(size_t)a * H + b];
    }
    return 0;
}

/* Free sc's arrays (sc->ct unless it is the costs bw themselves). */
static void slice_scratch_free(slice_scratch *sc, const double *bw)
{
    if (sc->ct != bw)
        free(sc->ct);
    free(sc->ring);
    free(sc->in_ring);
    free(sc->cs);
    free(sc->cp);
    free(sc->tw);
    free(sc->tC);
    free(sc->Cq);
    free(sc->invw);
    free(sc->cand_e);
    free(sc->cand_k);
    free(sc->cand_t5);
    free(sc->cand_d);
    free(sc->sd);
    free(sc->sw);
    free(sc->spos);
    free(sc->stmp);
    free(sc->cls_of);
    free(sc->cid);
    free(sc->ccr);
    free(sc->ccc);
    free(sc->ebase);
    free(sc->edm);
    free(sc->mo);
    free(sc->mi);
    free(sc->lb);
    free(sc->folded);
    free(sc->ord);
    free(sc->kept);
    free(sc->piv);
    free(sc->pivF);
    free(sc->eA);
    free(sc->eB);
    free(sc->pval);
    free(sc->pidx);
    free(sc->pstart);
    free(sc->pslot);
    free(sc->pent);
    free(sc->pbeg);
    free(sc->prmin);
    free(sc->ped);
    free(sc->cls_seen);
    free(sc->cands);
    free(sc->dtab);
    free(sc->dstamp);
    slice_keyset_free(sc->ks);
}

/* The stopping rule of a run of up to max_q hosts with the bounds valid
 * for opt->cost, built in cb_store and hb_store (zeroed by the caller,
 * destroyed by it) on the network and the costs bw. */
static rm_status slice_stop_init(slice_stop *ss, rm_cut_bound *cb_store, rm_host_bound *hb_store,
                                 const rm_network *net, const double *bw, const rm_options *opt,
                                 int max_q, rm_error *err)
{
    rm_status st;
    *ss = (slice_stop){!opt->full_curve && max_q > 2, NULL, NULL};
    if (ss->on && rmi_cut_bound_valid_for(&opt->cost, opt->network)) {
        if ((st = rmi_cut_bound_init(cb_store, net, 1.0, 1.0, err)))
            return st;
        ss->cb = cb_store;
    }
    if (ss->on && rmi_host_bound_valid_for(&opt->cost, opt->network)) {
        if ((st = rmi_host_bound_init_costs(hb_store, net->platform, bw, opt->cost.parallel_send,
                                           err)))
            return st;
        ss->hb = hb_store;
    }
    return RM_OK;
}

/* One greedy run's results (slice_greedy): the estimate and ring of each
 * size, and where the stopping rule stopped it. */
typedef struct slice_run {
    double *est; /* max_q estimates, NAN: not reached */
    int *rings;  /* every size's ring, or the first best one (lazy sweep) */
    int stop_q;
    double stop_lb;
} slice_run;

/* Each ring size keeps the better of the two runs' rings (r1: from the
 * fastest host, r2: from the best pair; ties: r1), in r1; lazy: took2[q-1]
 * marks the sizes taken from r2 instead of copying their ring. O(max_q^2). */
static void slice_two_starts(slice_run *r1, const slice_run *r2, unsigned char *took2, int max_q,
                             int lazy)
{
    for (int q = 2; q <= max_q; q++) {
        /* a run stopped by the bound has an unknown estimate >= its
         * stop_lb beyond its stop: the better of the two is known only
         * when the other one is below that bound (else NAN: that size
         * cannot be the best, see slice_greedy) */
        double e1 = r1->est[q - 1], e2 = r2->est[q - 1];
        int u1 = isnan(e1) && q > r1->stop_q, u2 = isnan(e2) && q > r2->stop_q;
        int take2;
        if (u1 || u2) {
            double known = u1 ? e2 : e1, lb = u1 ? r1->stop_lb : r2->stop_lb;
            if ((u1 && u2) || !(known < lb)) {
                r1->est[q - 1] = NAN;
                continue;
            }
            take2 = u1;
        } else {
            take2 = e2 < e1 || (isnan(e1) && !isnan(e2));
        }
        if (take2) {
            r1->est[q - 1] = e2;
            if (lazy)
                took2[q - 1] = 1;
            else
                memcpy(r1->rings + (size_t)(q - 1) * max_q, r2->rings + (size_t)(q - 1) * max_q,
                       (size_t)q * sizeof *r1->rings);
        }
    }
}

/* The feasible value of every ring size of est (NAN where est is; only the
 * chosen size bq when lazy) into sweep, and *out the mapping of size bq.
 * rings2, took2: the pair start's rings in the lazy sweep (slice_two_starts). */
static rm_status slice_sweep_feasible(const rm_network *net, const rm_options *opt,
                                      const slice_run *r1, const int *rings2,
                                      const unsigned char *took2, int max_q, int lazy, int bq,
                                      double *sweep, rm_mapping **out, rm_error *err)
{
    rm_mapping *m = NULL;
    for (int q = 1; q <= max_q; q++) {
        sweep[q - 1] = NAN;
        if (isnan(r1->est[q - 1]) || (lazy && q != bq))
            continue;
        rm_mapping *mq = NULL;
        /* lazy: the chosen size is the first best of the run it comes from
         * (the combined minimum is that run's minimum, first reached there),
         * whose ring that run kept */
        const int *hring = !lazy ? r1->rings + (size_t)(q - 1) * max_q
                                 : took2[q - 1] ? rings2 : r1->rings;
        rm_status st = feasible_mapping(net, hring, q, opt->cost.dc_dw, opt, &mq, err);
        if (st) {
            rm_mapping_free(m);
            return st;
        }
        sweep[q - 1] = mq->t_step_per_dw;
        if (q == bq)
            m = mq;
        else
            rm_mapping_free(mq);
    }
    *out = m;
    return RM_OK;
}

rm_status rmi_slicering_mode(const rm_network *net, const rm_options *opt, int flags,
                            rm_mapping **out, rm_error *err)
{
    rm_status st; /* net, opt and out checked by the entry (rm_slicering) */
    const rm_platform *p = net->platform;
    int H = p->n_hosts;
    int max_q = opt->max_q > 0 && opt->max_q < H ? opt->max_q : H;
    /* each change only where it is proven for the cost model (valid_for):
     * else the reference's evaluation */
    int fast = (flags & RM_SLICE_FAST) && rmi_slice_fast_valid_for(&opt->cost);
    int two = (flags & RM_SLICE_PAIR_START) && max_q >= 2 &&
              rmi_slice_pair_start_valid_for(&opt->cost);
    int lazy = (flags & RM_SLICE_LAZY_SWEEP) && H > RM_SLICE_FULL_SWEEP_MAX;
    /* the complete graph's widths and costs (H x H each, heur/memory.c) */
    if ((st = rmi_pair_tables_fit("SliceRing's complete graph (Legrand et al. 2004 §5.2.2)", H,
                                  2.0 * H * H * sizeof(double), err)))
        return st;
    double *bw = malloc((size_t)H * H * sizeof *bw);
    /* every size's ring only when every size is made feasible */
    size_t ring_room = lazy ? (size_t)max_q : (size_t)max_q * max_q;
    slice_run r1 = {malloc((size_t)max_q * sizeof(double)), malloc(ring_room * sizeof(int)), 0, 0.0};
    slice_run r2 = {two ? malloc((size_t)max_q * sizeof(double)) : NULL,
                    two ? malloc(ring_room * sizeof(int)) : NULL, 0, 0.0};
    unsigned char *took2 = lazy ? calloc((size_t)max_q, 1) : NULL;
    double *sweep = malloc((size_t)max_q * sizeof *sweep);
    slice_scratch sc;
    rm_cut_bound cb_store;
    rm_host_bound hb_store;
    memset(&cb_store, 0, sizeof cb_store);
    memset(&hb_store, 0, sizeof hb_store);
    size_t n1 = (size_t)max_q + 1;
    int sc_bad = slice_scratch_init(&sc, H, n1, opt);
    rm_mapping *m = NULL;
    slice_stop ss;
    if (sc_bad || !bw || !r1.est || !r1.rings || !sweep || (two && (!r2.est || !r2.rings)) ||
        (lazy && !took2)) {
        st = rm_error_set(err, RM_ENOMEM, "out of memory in SliceRing (%d hosts)", H);
        goto out;
    }
    if ((st = slice_costs(net, opt, bw, err)))
        goto out;
    if (fast && slice_fast_init(net, bw, &sc, n1)) {
        st = rm_error_set(err, RM_ENOMEM, "out of memory in SliceRing (%d hosts)", H);
        goto out;
    }
    /* the stopping rule with the bounds valid for the cost model */
    if ((st = slice_stop_init(&ss, &cb_store, &hb_store, net, bw, opt, max_q, err)))
        goto out;
    int par = opt->cost.parallel_send;
    if (slice_greedy(p, bw, max_q, opt->cost.dc_dw, par, r1.rings, r1.est, &sc, 1, NULL, 0.0,
                     fast, &ss, &r1.stop_q, &r1.stop_lb, opt, !lazy)) {
        st = rm_error_set(err, RM_ENOMEM, "out of memory in SliceRing (%d hosts)", H);
        goto out;
    }
    int pair[2];
    double pairT;
    if (two && slice_best_pair(p, bw, &opt->cost, opt->cost.dc_dw, par, pair, &pairT)) {
        /* second start (an improvement over Legrand et al. 2004 §5.2.2, which always
         * starts from the fastest host): the best pair by the estimate;
         * each ring size keeps the better of the two rings (ties: the
         * fastest-host start) */
        if (slice_greedy(p, bw, max_q, opt->cost.dc_dw, par, r2.rings, r2.est, &sc, 2, pair,
                         pairT, fast, &ss, &r2.stop_q, &r2.stop_lb, opt, !lazy)) {
            st = rm_error_set(err, RM_ENOMEM, "out of memory in SliceRing (%d hosts)", H);
            goto out;
        }
        slice_two_starts(&r1, &r2, took2, max_q, lazy);
    }
    int bq = 1;
    for (int q = 1; q <= max_q; q++)
        if (r1.est[q - 1] < r1.est[bq - 1])
            bq = q;
    /* the feasible value of every ring size (only the chosen one when lazy) */
    if ((st = slice_sweep_feasible(net, opt, &r1, r2.rings, took2, max_q, lazy, bq, sweep, &m,
                                   err)))
        goto out;
    m->t_step_per_dw_unshared = r1.est[bq - 1];
    free(m->sweep_t);
    m->sweep_t = sweep;
    m->sweep_t_unshared = r1.est;
    m->n_sweep = max_q;
    sweep = r1.est = NULL;
    m->heuristic = RM_HEUR_SLICE;
    m->sharing = opt->make_feasible;
    *out = m;
    m = NULL;
out:
    rmi_cut_bound_destroy(&cb_store);
    rmi_host_bound_destroy(&hb_store);
    rm_mapping_free(m);
    slice_scratch_free(&sc, bw);
    free(bw);
    free(r1.est);
    free(r1.rings);
    free(r2.est);
    free(r2.rings);
    free(took2);
    free(sweep);
    return st;
}

rm_status rmi_slicering(const rm_network *net, const rm_options *opt, rm_mapping **out,
                        rm_error *err)
{
    return rmi_slicering_mode(net, opt, RM_SLICE_FAST | RM_SLICE_PAIR_START | RM_SLICE_LAZY_SWEEP,
                             out, err);
}

rm_status rm_slicering(const rm_network *net, const rm_options *opt, rm_mapping **out,
                       rm_error *err)
{
    rm_options run; /* opt with its routing resolved */
    rm_status st = rmi_heuristic_args_check(net, opt, out, "rm_slicering", &run,
                                            err); /* ring/args.h */
    return st ? st : rmi_slicering(net, &run, out, err);
}

rm_status rmi_slicering_reference(const rm_network *net, const rm_options *opt, rm_mapping **out,
                                 rm_error *err)
{
    rm_options run; /* opt with its routing resolved */
    rm_status st = rmi_heuristic_args_check(net, opt, out, "rmi_slicering_reference", &run, err);
    return st ? st : rmi_slicering_mode(net, &run, 0, out, err);
}
