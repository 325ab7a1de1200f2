/*
 * exact.c — exact baselines for small instances (bench_quality): the proven
 * optimum of SliceRing (eq. (2) of Legrand et al. 2004) on a complete graph by
 * Held–Karp lower bounds and branch and bound, and SharedRing exhaustive
 * over rings for fixed widest-path routing. The methods, their correctness
 * arguments and complexities are in heur/exact.h.
 */
#include "model/cost_valid.h"
#include "heur/exact.h"
#include "heur/heur.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------ */
/* SliceRing exact                                                      */
/* ------------------------------------------------------------------ */

typedef struct slice_bb {
    int n, q;             /* processors; size of the subset being searched */
    unsigned S;           /* subset being searched */
    int s;                /* its smallest processor: first on the ring */
    const double *w, *c;  /* cycle-times, costs (n x n) */
    const double *d;      /* d_ij = c_ij/w_i + c_ji/w_j */
    const double *P;      /* Held–Karp table, (1 << n) x n */
    double r;             /* dc_dw */
    double wcum;          /* w_cumul of S */
    int path[RM_SLICE_EXACT_MAX];
    double tw[RM_SLICE_EXACT_MAX], tC[RM_SLICE_EXACT_MAX];
    /* incumbent */
    double best_t;
    int best_q;
    int best_ring[RM_SLICE_EXACT_MAX];
} slice_bb;

/* least c[from][j] over j in set (INFINITY if the set is empty) */
static double min_cost_to(const slice_bb *b, int from, unsigned set)
{
    double m = INFINITY;
    for (int j = 0; j < b->n; j++)
        if ((set >> j & 1u) && b->c[from * b->n + j] < m)
            m = b->c[from * b->n + j];
    return m;
}

static void leaf(slice_bb *b)
{
    int q = b->q;
    for (int k = 0; k < q; k++) {
        int i = b->path[k], pr = b->path[(k + q - 1) % q], su = b->path[(k + 1) % q];
        b->tw[k] = b->w[i];
        b->tC[k] = b->c[i * b->n + pr] + b->c[i * b->n + su];
    }
    double t = rm_balance(q, b->tw, b->tC, b->r, NULL);
    if (t < b->best_t) {
        b->best_t = t;
        b->best_q = q;
        memcpy(b->best_ring, b->path, (size_t)q * sizeof(int));
    }
}

/* path[0..k] fixed, last = path[k], used = its set; len = d-length of the
 * path; dmax = dc_dw * max C of path[1..k-1] (both neighbours known). */
static void dfs(slice_bb *b, int k, unsigned used, double len, double dmax)
{
    int n = b->n, l = b->path[k];
    if (k == b->q - 1) {
        if (b->path[1] < b->path[k]) /* skip the reflected order */
            leaf(b);
        return;
    }
    unsigned rest = b->S & ~used;
    for (int m = 0; m < n; m++) {
        if (!(rest >> m & 1u))
            continue;
        unsigned R = rest & ~(1u << m); /* still to visit after m */
        if (k == 0 && !(R >> (m + 1)))
            continue; /* no later host can close above path[1]: only reflections */
        double nlen = len + b->d[l * n + m];
        double nd = dmax;
        if (k >= 1) {
            double Cl = b->c[l * n + b->path[k - 1]] + b->c[l * n + m];
            if (b->r * Cl > nd)
                nd = b->r * Cl;
        }
        /* lower bounds on C of the two path ends m and s */
        unsigned sset = 1u << b->s;
        double Cm = b->c[m * n + l] + min_cost_to(b, m, R ? R : sset);
        int p1 = k == 0 ? m : b->path[1];
        double Cs = b->c[b->s * n + p1] + min_cost_to(b, b->s, R | (1u << m));
        double dlow = b->r * fmax(Cm, Cs);
        double comp = b->P[(size_t)(R | sset | (1u << m)) * n + m];
        double T5 = b->wcum * (1.0 + b->r * (nlen + comp));
        double bound = fmax(T5, fmax(nd, dlow));
        if (!(bound < b->best_t))
            continue;
        b->path[k + 1] = m;
        dfs(b, k + 1, used | (1u << m), nlen, nd);
    }
}

typedef struct subset_lb {
    unsigned S;
    double lb;
} subset_lb;

static int cmp_lb(const void *x, const void *y)
{
    const subset_lb *a = x, *b = y;
    if (a->lb != b->lb)
        return a->lb < b->lb ? -1 : 1;
    return (a->S > b->S) - (a->S < b->S);
}

static int popcount(unsigned x)
{
    int k = 0;
    for (; x; x &= x - 1)
        k++;
    return k;
}

static int lowest(unsigned x)
{
    int k = 0;
    while (!(x >> k & 1u))
        k++;
    return k;
}

/* The checks of rmi_slicering_exact_costs's arguments (heur/exact.h). */
static rm_status exact_check(int H, const double *w, const double *c, double dc_dw, rm_error *err)
{
    if (H > RM_SLICE_EXACT_MAX)
        return rm_error_set(err, RM_ELIMIT,
                            "exact SliceRing is limited to %d processors (got %d): the search "
                            "grows like 2^p p^2 and (p-1)!/2; use the SliceRing greedy",
                            RM_SLICE_EXACT_MAX, H);
    if (H < 1)
        return rm_error_set(err, RM_EINPUT, "exact SliceRing needs at least one processor (got %d)", H);
    if (!isfinite(dc_dw) || dc_dw < 0.0)
        return rm_error_set(err, RM_EINPUT, "D_c/D_w must be finite and >= 0 (got %g)", dc_dw);
    for (int i = 0; i < H; i++) {
        if (!isfinite(w[i]) || !(w[i] > 0.0))
            return rm_error_set(err, RM_EINPUT, "processor %d: cycle-time w must be finite and > 0 (got %g)", i, w[i]);
        for (int j = 0; j < H; j++)
            if (i != j && !(c[i * H + j] >= 0.0))
                return rm_error_set(err, RM_EINPUT, "cost c[%d][%d] must be >= 0 (got %g)", i, j, c[i * H + j]);
    }
    return RM_OK;
}

/* The rings of one and two processors into b's incumbent: the fastest
 * processor, then every pair (each message sent twice along the same
 * pair) when Q >= 2. O(n^2). */
static void exact_small_rings(slice_bb *b, int Q)
{
    int n = b->n;
    const double *w = b->w, *cc = b->c;
    /* q = 1: the fastest processor, no communication */
    int f = 0;
    for (int i = 1; i < n; i++)
        if (w[i] < w[f])
            f = i;
    b->best_t = w[f];
    b->best_q = 1;
    b->best_ring[0] = f;
    /* q = 2: every pair, each message sent twice along the same pair */
    if (Q >= 2)
        for (int i = 0; i < n; i++)
            for (int j = i + 1; j < n; j++) {
                double w2[2] = {w[i], w[j]}, C2[2] = {2.0 * cc[i * n + j], 2.0 * cc[j * n + i]};
                double t2 = rm_balance(2, w2, C2, b->r, NULL);
                if (t2 < b->best_t) {
                    b->best_t = t2;
                    b->best_q = 2;
                    b->best_ring[0] = i;
                    b->best_ring[1] = j;
                }
            }
}

/* Held–Karp: P[S][l] = least d-length of a path from min(S) through S to
 * l (INFINITY when l is not in S or is min(S) with S larger). O(2^n n^2). */
static void exact_held_karp(double *P, const double *d, int n)
{
    size_t nS = (size_t)1 << n;
    for (size_t S = 1; S < nS; S++) {
        int s = lowest((unsigned)S);
        for (int l = 0; l < n; l++) {
            double v = INFINITY;
            if ((S >> l & 1u) && l == s && S == ((size_t)1 << s))
                v = 0.0;
            else if ((S >> l & 1u) && l != s) {
                size_t Sp = S & ~((size_t)1 << l);
                for (int m = 0; m < n; m++)
                    if ((Sp >> m & 1u)) {
                        double x = P[Sp * n + m] + d[m * n + l];
                        if (x < v)
                            v = x;
                    }
            }
            P[S * n + l] = v;
        }
    }
}

/* The subsets of 3 to Q processors with their lower bound w_cumul (1 + r
 * tour length) from the Held–Karp table P, into order sorted by bound.
 * Returns their number. O(2^n n + sort). */
static size_t exact_subsets(subset_lb *order, const double *P, const double *d, const double *w,
                            int n, int Q, double r)
{
    size_t nS = (size_t)1 << n, no = 0;
    for (size_t S = 1; S < nS; S++) {
        int k = popcount((unsigned)S);
        if (k < 3 || k > Q)
            continue;
        int s = lowest((unsigned)S);
        double tsp = INFINITY, inv = 0.0;
        for (int l = 0; l < n; l++)
            if ((S >> l & 1u)) {
                inv += 1.0 / w[l];
                if (l != s && P[S * n + l] + d[l * n + s] < tsp)
                    tsp = P[S * n + l] + d[l * n + s];
            }
        order[no].S = (unsigned)S;
        order[no].lb = (1.0 / inv) * (1.0 + r * tsp);
        no++;
    }
    qsort(order, no, sizeof *order, cmp_lb);
    return no;
}

/* Branch and bound over the rings of each subset of order[0..no-1] in
 * bound order, until a subset's bound reaches b's incumbent. */
static void exact_search(slice_bb *b, const subset_lb *order, size_t no)
{
    for (size_t o = 0; o < no; o++) {
        if (!(order[o].lb < b->best_t))
            break; /* sorted: no remaining subset can do better */
        unsigned S = order[o].S;
        double inv = 0.0;
        for (int l = 0; l < b->n; l++)
            if (S >> l & 1u)
                inv += 1.0 / b->w[l];
        b->S = S;
        b->q = popcount(S);
        b->s = lowest(S);
        b->wcum = 1.0 / inv;
        b->path[0] = b->s;
        dfs(b, 0, 1u << b->s, 0.0, 0.0);
    }
}

/* The reported value: rm_balance of ring[0..q-1] on the costs cc (n x n)
 * with the caller's dc_dw. O(q log q). */
static double exact_value(const int *ring, int q, const double *w, const double *cc, int n,
                          double dc_dw)
{
    double tw[RM_SLICE_EXACT_MAX], tC[RM_SLICE_EXACT_MAX];
    for (int k = 0; k < q; k++) {
        int i = ring[k], pr = ring[(k + q - 1) % q], su = ring[(k + 1) % q];
        tw[k] = w[i];
        tC[k] = q == 1 ? 0.0 : cc[i * n + pr] + cc[i * n + su];
    }
    return rm_balance(q, tw, tC, dc_dw, NULL);
}

rm_status rmi_slicering_exact_costs(int H, const double *w, const double *c, double dc_dw,
                                    int max_q, int *ring, int *q, double *t, rm_error *err)
{
    rm_status st = exact_check(H, w, c, dc_dw, err);
    if (st)
        return st;
    int n = H, Q = max_q > 0 && max_q < H ? max_q : H;
    size_t nS = (size_t)1 << n;
    double *cc = malloc((size_t)n * n * sizeof *cc);
    double *d = malloc((size_t)n * n * sizeof *d);
    double *P = malloc(nS * n * sizeof *P);
    subset_lb *order = malloc(nS * sizeof *order);
    slice_bb *b = malloc(sizeof *b);
    if (!cc || !d || !P || !order || !b) {
        free(cc);
        free(d);
        free(P);
        free(order);
        free(b);
        return rm_error_set(err, RM_ENOMEM, "out of memory in exact SliceRing (%d processors)", n);
    }
    /* free communication (dc_dw = 0): the search runs with a ratio r so
     * small that r * C < 2^-53 for every finite cost C (C <= 1e140 s/Mb:
     * links below RM_LINK_BW_MIN = 1e-140 Mb/s are unusable), so every
     * finite ring gets exactly its computation bound, while a pair without
     * a route keeps its infinite cost (0 * INFINITY = NaN would let such a
     * pair into the ring: "successor route is empty"). The reported T_step
     * below is computed with the caller's dc_dw. */
    double r = dc_dw > 0.0 ? dc_dw : 1e-300;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            cc[i * n + j] = i == j ? 0.0 : c[i * n + j];
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            d[i * n + j] = i == j ? 0.0 : cc[i * n + j] / w[i] + cc[j * n + i] / w[j];

    memset(b, 0, sizeof *b);
    b->n = n;
    b->w = w;
    b->c = cc;
    b->d = d;
    b->P = P;
    b->r = r;
    exact_small_rings(b, Q);
    if (Q >= 3) {
        exact_held_karp(P, d, n);
        exact_search(b, order, exact_subsets(order, P, d, w, n, Q, r));
    }
    *q = b->best_q;
    memcpy(ring, b->best_ring, (size_t)b->best_q * sizeof *ring);
    /* the reported value: rm_balance of the ring on the caller's costs */
    *t = exact_value(ring, b->best_q, w, cc, n, dc_dw);
    free(cc);
    free(d);
    free(P);
    free(order);
    free(b);
    return RM_OK;
}

/* The mapping of a ring of host indices with widest routes on the full
 * network, shared by max-min or optimally (as rm_slicering does). */
static rm_status routed_mapping(const rm_network *net, const int *hring, int q, double dc_dw,
                                rm_sharing make_feasible, rm_routing routing, rm_mapping **out,
                                rm_error *err)
{
    const rm_platform *p = net->platform;
    rm_mapping *m = rm_mapping_new(q, 0);
    if (!m)
        return rm_error_set(err, RM_ENOMEM, "out of memory for a mapping");
    m->cost.dc_dw = dc_dw;
    rm_status st = RM_OK;
    for (int k = 0; k < q; k++)
        m->ring[k] = p->hosts[hring[k]];
    if (q > 1)
        for (int k = 0; k < q && !st; k++) {
            st = rmi_routing_route(net, routing, NULL, m->ring[k], m->ring[(k + 1) % q], &m->succ[k], err);
            if (!st)
                st = rmi_routing_route(net, routing, NULL, m->ring[k], m->ring[(k + q - 1) % q], &m->pred[k], err);
        }
    if (!st)
        st = make_feasible == RM_SHARING_EQ5 ? rm_mapping_refine_optimal(net, m, err)
                                             : rm_mapping_refine_maxmin(net, m, err);
    if (st) {
        rm_mapping_free(m);
        return st;
    }
    *out = m;
    return RM_OK;
}

rm_status rmi_slicering_exact(const rm_network *net, const rm_options *opt, rm_mapping **out,
                              rm_error *err)
{
    rm_status st = RM_OK; /* opt checked by the caller (heur/exact.h) */
    const rm_platform *p = net->platform;
    int H = p->n_hosts;
    if (opt->cost.overlap) /* its Held-Karp bounds are eq. (5)'s sums */
        return rm_error_set(err, RM_EINPUT,
                            "exact SliceRing bounds the additive model (eq. (5)), not the overlap "
                            "model (--overlap): use --heuristic exact (exhaustive SharedRing), "
                            "shared or slice");
    if (H > RM_SLICE_EXACT_MAX)
        return rm_error_set(err, RM_ELIMIT,
                            "exact SliceRing is limited to %d hosts; platform '%s' has %d "
                            "(use --heuristic slice or shared)",
                            RM_SLICE_EXACT_MAX, p->name ? p->name : "", H);
    double *bw = malloc((size_t)H * H * sizeof *bw), *w = malloc((size_t)H * sizeof *w);
    int *ring = malloc((size_t)H * sizeof *ring);
    if (!bw || !w || !ring) {
        st = rm_error_set(err, RM_ENOMEM, "out of memory in exact SliceRing");
        goto out;
    }
    if ((st = rmi_routing_matrix(net, opt->routing, bw, err)))
        goto out;
    for (int k = 0; k < H * H; k++)
        bw[k] = bw[k] > 0.0 ? 1.0 / bw[k] : INFINITY; /* costs; diagonal 0 */
    for (int h = 0; h < H; h++)
        w[h] = p->nodes[p->hosts[h]].w;
    int q;
    double t;
    if ((st = rmi_slicering_exact_costs(H, w, bw, opt->cost.dc_dw, opt->max_q, ring, &q, &t, err)))
        goto out;
    rm_mapping *m = NULL;
    if ((st = routed_mapping(net, ring, q, opt->cost.dc_dw, opt->make_feasible, opt->routing, &m, err)))
        goto out;
    m->t_step_per_dw_unshared = t;
    m->heuristic = RM_HEUR_SLICE;
    m->sharing = opt->make_feasible;
    *out = m;
out:
    free(bw);
    free(w);
    free(ring);
    return st;
}

/* ------------------------------------------------------------------ */
/* SharedRing exhaustive for fixed routing                              */
/* ------------------------------------------------------------------ */

#define XH RM_SHARED_EXHAUSTIVE_MAX

typedef struct shared_ex {
    const rm_network *net;
    int H, nr;
    const double *dc;     /* nr ratios */
    rm_route *R;          /* H x H widest routes, host indices */
    rm_route r[2 * XH];   /* shallow copies for one ring */
    double a[2 * XH], x[2 * XH], xm[2 * XH], tw[XH], tC[XH];
    int path[XH];
    /* per ratio: best ring, its shares, and the best value of each size */
    double *best_t;  /* nr */
    int *best_q;     /* nr */
    int *best_ring;  /* nr x XH */
    double *best_x;  /* nr x 2 XH */
    double *sweep;   /* nr x XH */
    int n_solver_fail; /* rings whose optimal sharing did not converge */
    int fair;          /* the fair network model: each ring valued by max-min only */
    const rm_cost_model *cost; /* the run's model (the overlap model or eq. (1)) */
} shared_ex;

static double ring_value(shared_ex *e, int q, const double *x, double dc)
{
    for (int k = 0; k < q; k++)
        e->tC[k] = 1.0 / x[k] + 1.0 / x[q + k];
    return rmi_balance_in(e->cost, q, e->tw, e->tC, dc, NULL);
}

static rm_status shared_leaf(shared_ex *e, int q, rm_error *err)
{
    const rm_platform *p = e->net->platform;
    int H = e->H;
    for (int k = 0; k < q; k++) {
        int i = e->path[k], su = e->path[(k + 1) % q], pr = e->path[(k + q - 1) % q];
        e->r[k] = e->R[i * H + su];
        e->r[q + k] = e->R[i * H + pr];
        if (!(e->r[k].bandwidth > 0.0) || !(e->r[q + k].bandwidth > 0.0))
            return RM_OK; /* unreachable pair */
        e->tw[k] = p->nodes[p->hosts[i]].w;
        e->a[k] = e->a[q + k] = 1.0 / e->tw[k];
        e->x[k] = e->r[k].bandwidth;
        e->x[q + k] = e->r[q + k].bandwidth;
    }
    /* unshared lower bound: shares never exceed the routes' widths */
    int need = 0;
    for (int k = 0; k < e->nr; k++)
        if (ring_value(e, q, e->x, e->dc[k]) * (e->cost->overlap ? 1.0 - 1e-12 : 1.0) <
            e->sweep[k * XH + q - 1]) /* overlap: exact only in real arithmetic (rounding) */
            need = 1;
    if (!need)
        return RM_OK;
    int ok_opt = !e->fair, ok_mm = 1;
    /* reserved shares: the better of eq. (5)'s and max-min; under the fair
     * network model the links share max-min, the only shares */
    rm_status st = e->fair ? RM_OK
                           : rm_share_optimal(e->net, NULL, 2 * q, e->r, e->a, 1e-10, e->x, err);
    if (st == RM_ESOLVER) { /* no convergence: this ring keeps max-min shares */
        ok_opt = 0;
        e->n_solver_fail++;
        st = RM_OK;
    }
    if (!st)
        st = rm_maxmin(e->net, NULL, 2 * q, e->r, e->xm, err);
    if (st)
        return st;
    for (int k = 0; k < 2 * q; k++) {
        ok_opt = ok_opt && e->x[k] > 0.0 && isfinite(e->x[k]);
        ok_mm = ok_mm && e->xm[k] > 0.0 && isfinite(e->xm[k]);
    }
    for (int k = 0; k < e->nr; k++) {
        double to = ok_opt ? ring_value(e, q, e->x, e->dc[k]) : INFINITY;
        double tm = ok_mm ? ring_value(e, q, e->xm, e->dc[k]) : INFINITY;
        const double *xs = tm < to ? e->xm : e->x;
        double t = fmin(to, tm);
        if (t < e->sweep[k * XH + q - 1])
            e->sweep[k * XH + q - 1] = t;
        if (t < e->best_t[k]) {
            e->best_t[k] = t;
            e->best_q[k] = q;
            memcpy(e->best_ring + k * XH, e->path, (size_t)q * sizeof(int));
            memcpy(e->best_x + k * 2 * XH, xs, (size_t)(2 * q) * sizeof(double));
        }
    }
    return RM_OK;
}

/* every ring order of subset S starting at its smallest host, reflections
 * skipped (path[1] < path[q-1]) */
static rm_status shared_dfs(shared_ex *e, unsigned S, int q, int k, unsigned used, rm_error *err)
{
    if (k == q - 1) {
        if (q >= 3 && e->path[1] > e->path[k])
            return RM_OK;
        return shared_leaf(e, q, err);
    }
    for (int m = 0; m < e->H; m++) {
        if (!((S & ~used) >> m & 1u))
            continue;
        e->path[k + 1] = m;
        rm_status st = shared_dfs(e, S, q, k + 1, used | (1u << m), err);
        if (st)
            return st;
    }
    return RM_OK;
}

rm_status rmi_sharedring_exhaustive_ratios(const rm_network *net, const rm_options *opt,
                                           int n_ratios, const double *dc_dw, rm_mapping **out,
                                           rm_error *err)
{
    rm_status st = RM_OK; /* opt checked by the caller (heur/exact.h) */
    if (n_ratios < 1)
        return rm_error_set(err, RM_EINPUT, "at least one D_c/D_w ratio is needed");
    for (int k = 0; k < n_ratios; k++)
        out[k] = NULL;
    for (int k = 0; k < n_ratios; k++) {
        if (!isfinite(dc_dw[k]) || dc_dw[k] < 0.0)
            return rm_error_set(err, RM_EINPUT, "D_c/D_w must be finite and >= 0 (got %g)", dc_dw[k]);
    }
    const rm_platform *p = net->platform;
    int H = p->n_hosts;
    if (H > RM_SHARED_EXHAUSTIVE_MAX)
        return rm_error_set(err, RM_ELIMIT,
                            "exhaustive SharedRing is limited to %d hosts; platform '%s' has %d "
                            "(use --heuristic shared)",
                            RM_SHARED_EXHAUSTIVE_MAX, p->name ? p->name : "", H);
    int Q = opt->max_q > 0 && opt->max_q < H ? opt->max_q : H;
    shared_ex *e = calloc(1, sizeof *e);
    if (!e)
        return rm_error_set(err, RM_ENOMEM, "out of memory in exhaustive SharedRing");
    e->net = net;
    e->H = H;
    e->nr = n_ratios;
    e->dc = dc_dw;
    e->fair = opt->network == RM_NETWORK_FAIR;
    e->cost = &opt->cost;
    e->R = calloc((size_t)H * H, sizeof *e->R);
    e->best_t = malloc((size_t)n_ratios * sizeof *e->best_t);
    e->best_q = malloc((size_t)n_ratios * sizeof *e->best_q);
    e->best_ring = malloc((size_t)n_ratios * XH * sizeof *e->best_ring);
    e->best_x = malloc((size_t)n_ratios * 2 * XH * sizeof *e->best_x);
    e->sweep = malloc((size_t)n_ratios * XH * sizeof *e->sweep);
    if (!e->R || !e->best_t || !e->best_q || !e->best_ring || !e->best_x || !e->sweep) {
        st = rm_error_set(err, RM_ENOMEM, "out of memory in exhaustive SharedRing");
        goto out;
    }
    for (int i = 0; i < H; i++)
        for (int j = 0; j < H; j++)
            if (i != j && (st = rmi_routing_route(net, opt->routing, NULL, p->hosts[i], p->hosts[j],
                                                &e->R[i * H + j], err)))
                goto out;
    int f = 0;
    for (int h = 1; h < H; h++)
        if (p->nodes[p->hosts[h]].w < p->nodes[p->hosts[f]].w)
            f = h;
    for (int k = 0; k < n_ratios; k++) {
        for (int s = 0; s < XH; s++)
            e->sweep[k * XH + s] = s < Q ? INFINITY : NAN;
        e->best_t[k] = e->sweep[k * XH] = p->nodes[p->hosts[f]].w;
        e->best_q[k] = 1;
        e->best_ring[k * XH] = f;
    }
    for (unsigned S = 1; S < (1u << H); S++) {
        int q = popcount(S);
        if (q < 2 || q > Q)
            continue;
        e->path[0] = lowest(S);
        if ((st = shared_dfs(e, S, q, 0, 1u << e->path[0], err)))
            goto out;
    }
    for (int k = 0; k < n_ratios; k++) {
        int q = e->best_q[k];
        rm_mapping *m = rm_mapping_new(q, Q);
        if (!m) {
            st = rm_error_set(err, RM_ENOMEM, "out of memory for a mapping");
            goto out;
        }
        out[k] = m;
        m->cost.dc_dw = dc_dw[k];
        m->cost.overlap = opt->cost.overlap; /* valued under the run's model */
        m->cost.overlap_boundary = opt->cost.overlap_boundary;
        m->cost.overlap_boundary_dw = opt->cost.overlap_boundary_dw;
        rm_cost_model_set_overlap_floor(&m->cost, rm_cost_model_overlap_floor(&opt->cost));
        m->heuristic = RM_HEUR_SHARED;
        m->sharing = e->fair ? RM_SHARING_MAXMIN : RM_SHARING_EQ5;
        const int *ring = e->best_ring + k * XH;
        const double *x = e->best_x + k * 2 * XH;
        for (int t = 0; t < q; t++)
            m->ring[t] = p->hosts[ring[t]];
        for (int t = 0; q > 1 && t < q; t++) {
            int i = ring[t], su = ring[(t + 1) % q], pr = ring[(t + q - 1) % q];
            if ((st = rm_route_copy(&m->succ[t], &e->R[i * H + su])) ||
                (st = rm_route_copy(&m->pred[t], &e->R[i * H + pr]))) {
                st = rm_error_set(err, RM_ENOMEM, "out of memory copying routes");
                goto out;
            }
            m->succ[t].bandwidth = x[t];
            m->pred[t].bandwidth = x[q + t];
        }
        for (int s = 0; s < Q; s++)
            m->sweep_t[s] = isinf(e->sweep[k * XH + s]) ? NAN : e->sweep[k * XH + s];
        rm_mapping_rebalance(net, m);
    }
out:
    if (st)
        for (int k = 0; k < n_ratios; k++) {
            rm_mapping_free(out[k]);
            out[k] = NULL;
        }
    if (e->R)
        for (int i = 0; i < H * H; i++)
            rm_route_clear(&e->R[i]);
    free(e->R);
    free(e->best_t);
    free(e->best_q);
    free(e->best_ring);
    free(e->best_x);
    free(e->sweep);
    free(e);
    return st;
}

rm_status rmi_sharedring_exhaustive(const rm_network *net, const rm_options *opt,
                                    rm_mapping **out, rm_error *err)
{
    return rmi_sharedring_exhaustive_ratios(net, opt, 1, &opt->cost.dc_dw, out, err);
}
