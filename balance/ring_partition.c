/*
 * ring_partition.c — a partition of the user's graph in ring order
 * (include/ringmap/partition.h): the vertices ordered by a level structure
 * (breadth-first levels from a pseudo-peripheral vertex, Gibbs, Poole and
 * Stockmeyer 1976, with igraph's pseudo-diameter and BFS) or by slabs along
 * the widest coordinate axis, the order cut into q chunks of the mapping's
 * unit counts, so that part k's neighbours are parts k-1 and k+1 (Legrand
 * et al. 2004 §2: a processor exchanges with its two ring neighbours only);
 * then the report: part sizes, the cut and halo volume of each ring edge,
 * the pairs of non-neighbour parts that touch.
 */
#include "ringmap/partition.h"

#include "topo/igraph_guard.h"

#include <igraph.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

void rm_ring_partition_free(rm_ring_partition *p)
{
    if (!p)
        return;
    free(p->part);
    free(p->target);
    free(p->size);
    free(p->cut);
    free(p->halo);
    free(p->contact);
    free(p->contact_cut);
    free(p);
}

/* order[0..n): the vertices component by component, each in breadth-first
 * order from a pseudo-peripheral vertex of its component. Under the
 * library's igraph guard (topo/igraph_guard.h: igraph's handlers must
 * neither abort nor print, and its globals are shared). */
static rm_status level_order_igraph(const rm_graph *g, long *order, rm_error *err);

static rm_status level_order(const rm_graph *g, long *order, rm_error *err)
{
    rm_igraph_guard guard;
    rmi_igraph_guard_begin(&guard);
    rm_status st = level_order_igraph(g, order, err);
    rmi_igraph_guard_end(&guard);
    return st;
}

static rm_status level_order_igraph(const rm_graph *g, long *order, rm_error *err)
{
    igraph_vector_int_t edges, ord;
    igraph_t ig;
    if (igraph_vector_int_init(&edges, 2 * g->m) != IGRAPH_SUCCESS)
        return rm_error_set(err, RM_ENOMEM, "ring partition: out of memory");
    long e = 0;
    for (long u = 0; u < g->n; u++)
        for (long i = g->xadj[u]; i < g->xadj[u + 1]; i++)
            if (g->adjncy[i] > u) {
                VECTOR(edges)[2 * e] = u;
                VECTOR(edges)[2 * e + 1] = g->adjncy[i];
                e++;
            }
    rm_status st = RM_OK;
    if (igraph_create(&ig, &edges, g->n, IGRAPH_UNDIRECTED) != IGRAPH_SUCCESS) {
        igraph_vector_int_destroy(&edges);
        return rm_error_set(err, RM_EINTERNAL, "ring partition: igraph_create failed");
    }
    igraph_vector_int_destroy(&edges);
    if (igraph_vector_int_init(&ord, 0) != IGRAPH_SUCCESS) {
        igraph_destroy(&ig);
        return rm_error_set(err, RM_ENOMEM, "ring partition: out of memory");
    }
    char *seen = calloc((size_t)g->n, 1);
    if (!seen)
        st = rm_error_set(err, RM_ENOMEM, "ring partition: out of memory");
    long k = 0;
    for (long s = 0; s < g->n && !st; s++) {
        if (seen[s])
            continue;
        igraph_real_t diam;
        igraph_integer_t from = s, to = s;
        if (igraph_pseudo_diameter(&ig, &diam, s, &from, &to, 0, 1) != IGRAPH_SUCCESS ||
            igraph_bfs_simple(&ig, from, IGRAPH_ALL, &ord, NULL, NULL) != IGRAPH_SUCCESS) {
            st = rm_error_set(err, RM_EINTERNAL, "ring partition: igraph's breadth-first search "
                                                 "failed");
            break;
        }
        for (igraph_integer_t i = 0; i < igraph_vector_int_size(&ord); i++) {
            long v = (long)VECTOR(ord)[i];
            if (!seen[v] && k < g->n) {
                seen[v] = 1;
                order[k++] = v;
            }
        }
    }
    if (!st && k != g->n)
        st = rm_error_set(err, RM_EINTERNAL, "ring partition: the search ordered %ld of %ld "
                                             "vertices", k, g->n);
    free(seen);
    igraph_vector_int_destroy(&ord);
    igraph_destroy(&ig);
    return st;
}

/* Slabs: the vertices sorted along the axis of widest extent (ties by the
 * other axes, then the vertex number). key[0] is the widest axis. */
typedef struct slab_key {
    double key[3];
    long v;
} slab_key;

static int cmp_slab(const void *a, const void *b)
{
    const slab_key *x = a, *y = b;
    for (int j = 0; j < 3; j++)
        if (x->key[j] != y->key[j])
            return (x->key[j] > y->key[j]) - (x->key[j] < y->key[j]);
    return (x->v > y->v) - (x->v < y->v);
}

static rm_status slab_order(const rm_graph *g, long *order, rm_error *err)
{
    int d = g->dim, best = 0;
    double widest = -1;
    for (int ax = 0; ax < d; ax++) {
        double lo = INFINITY, hi = -INFINITY;
        for (long v = 0; v < g->n; v++) {
            double x = g->xyz[(size_t)v * (size_t)d + (size_t)ax];
            lo = x < lo ? x : lo;
            hi = x > hi ? x : hi;
        }
        if (hi - lo > widest)
            widest = hi - lo, best = ax;
    }
    slab_key *k = malloc((size_t)g->n * sizeof *k);
    if (!k)
        return rm_error_set(err, RM_ENOMEM, "ring partition: out of memory");
    for (long v = 0; v < g->n; v++) {
        k[v].v = v;
        for (int j = 0; j < 3; j++)
            k[v].key[j] = j < d ? g->xyz[(size_t)v * (size_t)d + (size_t)((best + j) % d)] : 0;
    }
    qsort(k, (size_t)g->n, sizeof *k, cmp_slab);
    for (long v = 0; v < g->n; v++)
        order[v] = k[v].v;
    free(k);
    return RM_OK;
}

/* target[k]: units scaled to the total weight W by largest remainders. */
static void scale_targets(int q, const long *units, long W, long *target)
{
    long double sum = 0;
    for (int k = 0; k < q; k++)
        sum += units[k];
    long given = 0;
    long double *rem = malloc((size_t)q * sizeof *rem);
    for (int k = 0; k < q; k++) {
        long double x = (long double)W * units[k] / sum;
        target[k] = (long)floorl(x);
        given += target[k];
        if (rem)
            rem[k] = x - target[k];
    }
    while (given < W) { /* at most q rounds */
        int best = 0;
        for (int k = 1; k < q; k++)
            if (rem ? rem[k] > rem[best] : units[k] > units[best])
                best = k;
        target[best]++;
        if (rem)
            rem[best] = -1;
        given++;
    }
    free(rem);
}

/* Cut order into q chunks along the ring sequence seq (q parts): chunk i,
 * of part seq[i], ends where the running weight is closest to the sum of
 * the targets of seq[0..i]. */
static void cut_order(const rm_graph *g, int q, const long *order, const long *target,
                      const int *seq, int *part)
{
    long cum_target = 0, run = 0, i = 0;
    for (int c = 0; c < q; c++) {
        int k = seq[c];
        cum_target += target[k];
        while (i < g->n) {
            long w = g->vwgt[order[i]];
            /* take the vertex if that brings the running weight closer (or as close) */
            if (c < q - 1 && (run + w > cum_target) && (run + w - cum_target > cum_target - run))
                break;
            part[order[i]] = k;
            run += w;
            i++;
            if (c < q - 1 && run >= cum_target)
                break;
        }
    }
}

/* The weight of the edges between parts that are not ring neighbours, and
 * of those between ring neighbours (*ring_cut). O(n + m). */
static long contact_weight(const rm_graph *g, int q, const int *part, long *ring_cut)
{
    long bad = 0, good = 0;
    for (long u = 0; u < g->n; u++)
        for (long i = g->xadj[u]; i < g->xadj[u + 1]; i++) {
            long v = g->adjncy[i];
            if (v < u || part[v] == part[u])
                continue;
            int d = part[u] > part[v] ? part[u] - part[v] : part[v] - part[u];
            if (d == 1 || d == q - 1)
                good += g->adjwgt[i];
            else
                bad += g->adjwgt[i];
        }
    *ring_cut = good;
    return bad;
}

/* The ring is a cycle: the order may start at any ring position and run
 * either way round (the ring edge closing the cycle then carries no halo).
 * Keep the sequence with the least weight between non-neighbour parts, then
 * the least cut; the identity first, so that a partition without contact
 * is the plain one. Tries all 2q sequences when 2q (n + m) stays below 1e8
 * operations, else the identity only. */
static rm_status best_cut(const rm_graph *g, int q, const long *order, const long *target,
                          int *part, rm_error *err)
{
    int *seq = malloc((size_t)q * sizeof *seq), *best = calloc((size_t)q, sizeof *best);
    int *tmp = malloc((size_t)g->n * sizeof *tmp);
    if (!seq || !best || !tmp) {
        free(seq), free(best), free(tmp);
        return rm_error_set(err, RM_ENOMEM, "ring partition: out of memory");
    }
    for (int k = 0; k < q; k++)
        best[k] = k;
    cut_order(g, q, order, target, best, part);
    long best_cut, best_bad = contact_weight(g, q, part, &best_cut);
    double work = 2.0 * q * (double)(g->n + g->m);
    for (int s = 0; s < q && best_bad > 0 && q > 2 && work <= 1e8; s++)
        for (int dir = 1; dir >= -1; dir -= 2) {
            if (s == 0 && dir == 1)
                continue;
            for (int i = 0; i < q; i++)
                seq[i] = ((s + dir * i) % q + q) % q;
            cut_order(g, q, order, target, seq, tmp);
            long c, b = contact_weight(g, q, tmp, &c);
            if (b < best_bad || (b == best_bad && c < best_cut)) {
                best_bad = b;
                best_cut = c;
                memcpy(part, tmp, (size_t)g->n * sizeof *part);
            }
        }
    free(seq), free(best), free(tmp);
    return RM_OK;
}

typedef struct pair_w {
    int i, j;
    long w;
} pair_w;

static int cmp_pair(const void *a, const void *b)
{
    const pair_w *x = a, *y = b;
    if (x->i != y->i)
        return (x->i > y->i) - (x->i < y->i);
    return (x->j > y->j) - (x->j < y->j);
}

/* Sizes, cut and halo per ring edge, the touching non-neighbour pairs. */
static rm_status report(const rm_graph *g, rm_ring_partition *r, rm_error *err)
{
    int q = r->q;
    pair_w *pw = NULL;
    long npw = 0, cap = 0;
    for (long u = 0; u < g->n; u++)
        r->size[r->part[u]] += g->vwgt[u];
    for (long u = 0; u < g->n; u++) {
        int pu = r->part[u], has_succ = 0, has_pred = 0;
        for (long i = g->xadj[u]; i < g->xadj[u + 1]; i++) {
            long v = g->adjncy[i];
            int pv = r->part[v];
            if (pv == pu)
                continue;
            if (pv == (pu + 1) % q)
                has_succ = 1;
            else if (pv == (pu + q - 1) % q)
                has_pred = 1;
            if (v < u)
                continue; /* each edge once below */
            int lo = pu < pv ? pu : pv, hi = pu < pv ? pv : pu;
            if (hi - lo == 1 || (lo == 0 && hi == q - 1)) {
                r->cut[hi - lo == 1 ? lo : q - 1] += g->adjwgt[i];
                continue;
            }
            if (npw == cap) {
                cap = cap ? 2 * cap : 64;
                pair_w *np = realloc(pw, (size_t)cap * sizeof *np);
                if (!np) {
                    free(pw);
                    return rm_error_set(err, RM_ENOMEM, "ring partition: out of memory");
                }
                pw = np;
            }
            pw[npw++] = (pair_w){lo, hi, g->adjwgt[i]};
        }
        if (q == 2) /* one pair: ring edges 0 and 1 are the same neighbours */
            r->halo[0] += has_succ || has_pred;
        else {
            r->halo[pu] += has_succ;
            r->halo[(pu + q - 1) % q] += has_pred;
        }
    }
    if (q == 2) {
        r->cut[0] += r->cut[1];
        r->cut[1] = 0;
    }
    if (npw) /* qsort(NULL, 0): undefined */
        qsort(pw, (size_t)npw, sizeof *pw, cmp_pair);
    long nc = 0;
    for (long i = 0; i < npw; i++)
        if (i == 0 || cmp_pair(&pw[i], &pw[i - 1]))
            pw[nc++] = pw[i];
        else
            pw[nc - 1].w += pw[i].w;
    r->n_contacts = (int)nc;
    if (nc) {
        r->contact = malloc((size_t)nc * 2 * sizeof *r->contact);
        r->contact_cut = malloc((size_t)nc * sizeof *r->contact_cut);
        if (!r->contact || !r->contact_cut) {
            free(pw);
            return rm_error_set(err, RM_ENOMEM, "ring partition: out of memory");
        }
        for (long i = 0; i < nc; i++) {
            r->contact[2 * i] = pw[i].i;
            r->contact[2 * i + 1] = pw[i].j;
            r->contact_cut[i] = pw[i].w;
        }
    }
    free(pw);
    return RM_OK;
}

/* r holds the slab partition: replace it by the level one when that puts
 * less weight between non-neighbour parts (or as much, with a smaller ring
 * cut). ord is scratch (n entries). */
static rm_status try_levels(const rm_graph *g, int q, rm_ring_partition *r, long *ord,
                            rm_error *err)
{
    int *lev = malloc((size_t)g->n * sizeof *lev);
    if (!lev)
        return rm_error_set(err, RM_ENOMEM, "ring partition: out of memory");
    rm_status st = level_order(g, ord, err);
    if (!st)
        st = best_cut(g, q, ord, r->target, lev, err);
    if (!st) {
        long cs, cl;
        long bs = contact_weight(g, q, r->part, &cs), bl = contact_weight(g, q, lev, &cl);
        if (bl < bs || (bl == bs && cl < cs)) {
            memcpy(r->part, lev, (size_t)g->n * sizeof *lev);
            r->order = RM_RING_ORDER_LEVELS;
        }
    }
    free(lev);
    return st;
}

static rm_status check_args(const rm_graph *g, int q, const long *units, rm_ring_order order,
                            long *W, rm_error *err)
{
    if (!g || !units)
        return rm_error_set(err, RM_EINVAL, "rm_ring_partition_compute: %s is NULL",
                            !g ? "g" : "units");
    if (q < 1)
        return rm_error_set(err, RM_EINPUT, "ring partition: %d parts (need >= 1)", q);
    long su = 0;
    for (int k = 0; k < q; k++) {
        if (units[k] < 0 || units[k] > RM_GRAPH_MAX * 100L)
            return rm_error_set(err, RM_EINPUT, "ring partition: units[%d] = %ld (need 0..%ld)", k,
                                units[k], RM_GRAPH_MAX * 100L);
        su += units[k];
    }
    if (su == 0)
        return rm_error_set(err, RM_EINPUT, "ring partition: every part has 0 units");
    *W = 0;
    for (long v = 0; v < g->n; v++)
        *W += g->vwgt[v];
    if (*W <= 0)
        return rm_error_set(err, RM_EINPUT, "ring partition: the graph's vertex weights sum to 0");
    if (order == RM_RING_ORDER_SLABS && (g->dim < 1 || !g->xyz))
        return rm_error_set(err, RM_EINPUT, "ring partition: slabs need the vertices' "
                                            "coordinates");
    if (order != RM_RING_ORDER_AUTO && order != RM_RING_ORDER_LEVELS &&
        order != RM_RING_ORDER_SLABS)
        return rm_error_set(err, RM_EINPUT, "ring partition: unknown order %d", (int)order);
    return RM_OK;
}

rm_status rm_ring_partition_compute(const rm_graph *g, int q, const long *units,
                                    rm_ring_order order, rm_ring_partition **out, rm_error *err)
{
    if (!out)
        return rm_error_set(err, RM_EINVAL, "rm_ring_partition_compute: out is NULL");
    *out = NULL;
    long W = 0;
    rm_status st = check_args(g, q, units, order, &W, err);
    if (st)
        return st;
    /* AUTO: levels, and with coordinates slabs too, the one with less weight
       between non-neighbour parts kept (then the smaller ring cut; ties: slabs) */
    int both = order == RM_RING_ORDER_AUTO && g->dim > 0 && g->xyz;
    if (order == RM_RING_ORDER_AUTO)
        order = both ? RM_RING_ORDER_SLABS : RM_RING_ORDER_LEVELS;
    rm_ring_partition *r = calloc(1, sizeof *r);
    long *ord = malloc((size_t)g->n * sizeof *ord);
    if (r) {
        r->q = q;
        r->n = g->n;
        r->order = order;
        r->part = malloc((size_t)g->n * sizeof *r->part);
        r->target = calloc((size_t)q, sizeof *r->target);
        r->size = calloc((size_t)q, sizeof *r->size);
        r->cut = calloc((size_t)q, sizeof *r->cut);
        r->halo = calloc((size_t)q, sizeof *r->halo);
    }
    if (!r || !ord || !r->part || !r->target || !r->size || !r->cut || !r->halo) {
        free(ord);
        rm_ring_partition_free(r);
        return rm_error_set(err, RM_ENOMEM, "ring partition: out of memory");
    }
    if (order == RM_RING_ORDER_SLABS)
        st = slab_order(g, ord, err);
    else
        st = level_order(g, ord, err);
    if (!st) {
        scale_targets(q, units, W, r->target);
        st = best_cut(g, q, ord, r->target, r->part, err);
    }
    if (!st && both)
        st = try_levels(g, q, r, ord, err);
    if (!st)
        st = report(g, r, err);
    free(ord);
    if (st) {
        rm_ring_partition_free(r);
        return st;
    }
    *out = r;
    return RM_OK;
}
