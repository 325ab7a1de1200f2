/*
 * sharedring_pair.c — SharedRing's first step (the best pair, Legrand et al.
 * 2004 §4.4.1) over the twin classes of one SimGrid star zone (a <cluster>,
 * rmi_fixed_route_star), with the widths of the pair's routes from each
 * host's two pieces instead of a route per ordered pair; and over the twin
 * classes of a zone hierarchy of clusters, the widths from each host's
 * parts (sharedring_zones.c; the argument above zone_host_res).
 *
 * Widths. On a star zone every route s -> d is U(s) then D(d), the SimGrid
 * links already met taken once (rmi_fixed_route_side gives U and D). A
 * resource belongs to one platform link (rm_network_init) and the pieces
 * cross each link by its forward arc, so when no side crosses a link twice
 * the route crosses each of its resources once: its width at full capacity
 * (rmi_fixed_route_width: the least capacity, a resource crossed m times
 * giving capacity / m, here m = 1, so capacity / 1 = capacity exactly) is
 * the least capacity over U(s) and D(d), the links left out of D(d) being on
 * U(s): min(wu[s], wd[d]) bit for bit, fmin being exact and order free.
 *
 * Values. The best pair values hosts hi < hj (host indices) by the shares
 * of the four routes hi -> hj, hi -> hj, hj -> hi, hj -> hi and their costs
 * (rmi_h2_share_routes, rmi_ring_state_route_cost), and keeps the first
 * strictly least T_step in (hi, hj) order: the least T_step, ties to the
 * least (hi, hj). Take hi in class A, hj in class B and another pair
 * (a', b') of the same ordered classes, a' < b'. The twins of a class read
 * their pieces alike token by token (rmi_h2_fixed_new: a private resource
 * by its side, rank, capacity, backbone, latency; any other arc as itself),
 * so the map phi that sends hi's private resource of rank o to a''s of rank
 * o, hj's to b''s and every other resource to itself sends the four routes
 * onto the other pair's, arc by arc, with the same capacities, latencies,
 * backbones and cycle-times. The share solver (bw/share.c) treats backbones
 * as per-route bounds (fmin: order free) and prices the other resources in
 * index order (the argument at the top of sharedring_fixed.c); so when phi
 * keeps the order of the non-backbone resources of the four routes, the two
 * pairs' T_step are computed by the same operations and are equal bit for
 * bit. That order is the pair's signature: the non-backbone resources of
 * U(hi), D(hi), U(hj), D(hj) in index order, each written as (hi's, rank),
 * (hj's, rank) or itself. Pairs of one signature have one T_step, so the
 * first of all pairs with the least T_step is the first of some signature:
 * valuing the first pair of each signature (in (hi, hj) order) and keeping
 * the least T_step, ties to the least (hi, hj), gives today's pair, bit for
 * bit (a pair with no positive share is out in both, a NaN never wins).
 *
 * Finding each signature's first pair without every pair: for a fixed hj in
 * B, the members of A below hj (a prefix of A: members in host order) keep
 * one signature between cuts, the places where one of their non-backbone
 * private resources of some rank passes a resource of X = hj's and the
 * class pair's shared ones (rmi_h2_fixed_run_cuts: each rank's resource
 * increases along a class); a run's first member is its first pair with hj.
 * So each hj costs O(|X| x private resources x log |A|) plus a signature per
 * run, and a class pair O(|B| x that): O(classes x H x R log H) in all
 * instead of a route per ordered host pair (O(H^2 R)) and the H x H widths.
 */
#include "heur/sharedring/sharedring_internal.h"
#include "topo/route/widest.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Width of arc a at full capacity (rmi_fixed_route_width's term). */
static double arc_cap(const rm_network *net, int a)
{
    int r = net->arc_res[a];
    double x = r >= 0 ? net->res_cap[r] : 0.0;
    return x > 0.0 ? x : 0.0;
}

static int int_cmp(const void *x, const void *y)
{
    int a = *(const int *)x, b = *(const int *)y;
    return (a > b) - (a < b);
}

/* Sort v[0 .. n) and drop repeats: the new count. */
static int sort_unique(int *v, int n)
{
    if (n > 1)
        qsort(v, (size_t)n, sizeof *v, int_cmp);
    int u = 0;
    for (int x = 0; x < n; x++)
        if (!u || v[x] != v[u - 1])
            v[u++] = v[x];
    return u;
}

void rmi_h2_pairs_free(h2_pairs *pp)
{
    if (!pp)
        return;
    free(pp->wu);
    free(pp->wd);
    free(pp->loff);
    free(pp->lres);
    free(pp->pair);
    free(pp->x);
    free(pp->cut);
    free(pp->sig);
    free(pp->slot);
    free(pp->spool);
    free(pp->za);
    free(pp->zm);
    free(pp->zarcs);
    memset(pp, 0, sizeof *pp);
}

int rmi_h2_side_widths(const rm_network *net, double *wu, double *wd)
{
    const rm_platform *p = net->platform;
    int H = p->n_hosts, R = net->n_res, cap = p->n_links + 2;
    if (!rmi_fixed_route_star(net))
        return 0;
    int *arcs = malloc((size_t)cap * sizeof *arcs);
    unsigned *seen = calloc((size_t)R + 1, sizeof *seen);
    int ok = arcs && seen ? 1 : -1;
    for (int h = 0; ok > 0 && h < H; h++)
        for (int side = 0; ok > 0 && side < 2; side++) {
            int n = rmi_fixed_route_side(net, h, side, arcs, cap);
            double w = INFINITY;
            unsigned tag = (unsigned)(2 * h + side + 1);
            if (n <= 0)
                ok = 0; /* not a piece */
            for (int t = 0; ok > 0 && t < n; t++) {
                int r = net->arc_res[arcs[t]];
                if (r < 0 || seen[r] == tag)
                    ok = 0; /* an unusable arc, or a side crossing a link twice */
                else {
                    seen[r] = tag;
                    double y = arc_cap(net, arcs[t]);
                    if (y < w)
                        w = y;
                }
            }
            (side ? wd : wu)[h] = w;
        }
    free(arcs);
    free(seen);
    return ok;
}

/*
 * Zone hierarchies of clusters (wk->fw.zw, sharedring_zones.c). The same
 * argument as on one star zone, with a pair's four routes made of the
 * hosts' parts: for a in block P and b in block Q, P = Q, the routes are
 * U(a) D(b) and U(b) D(a) as on a star zone; P != Q, a -> b is the out
 * part of a for P's slot of Q, the middle of (P, Q), the in part of b for
 * Q's slot of P, and b -> a likewise. The twins of a class lie in one
 * block (checked) and read their parts alike token by token, so phi (a's
 * private resource of rank o to a''s, b's to b''s, every other resource
 * to itself) sends the four routes onto another pair's of the same class
 * pair arc by arc; the signature is the non-backbone resources of the four
 * routes in index order, each as (a's, rank), (b's, rank) or itself. The
 * members of A below b keep one signature between the cuts of a's private
 * resources among X = b's resources, A's shared ones and the middles' (a
 * private resource of a off these parts adds cuts, never hides one: the
 * first pair of each signature is still listed).
 * On a dragonfly kept factored (zw->fact: its routers as the blocks) every
 * route is of the second form, in its block or not (the middle of (P, P)
 * is what lies between two hosts of router P), and the same argument
 * holds with P = Q.
 */

/* The non-backbone resources of host index h's parts on its routes to and
 * from block Q (U and D when Q is h's block), appended at v[n ..) (room
 * cap): the new count, -1 when a part is missing or the room too small. */
static int zone_host_res(h2_pairs *pp, const rm_network *net, int h, int Q, int *v, int n, int cap)
{
    const h2_zw *zw = pp->zw;
    int P = zw->blk[h];
    size_t e1 = (size_t)P * zw->C + Q, e2 = (size_t)Q * zw->C + P;
    for (int t = 0; t < 2; t++) {
        int star = P == Q && !zw->fact; /* U and D */
        int kind = star ? t : 2 + t, k = star ? 0 : t ? zw->slot[2 * e2 + 1] : zw->slot[2 * e1];
        int m = rmi_fixed_zones_part(net, zw->fz, h, kind, k, pp->zarcs, pp->zacap);
        if (m < 0)
            return -1;
        for (int u = 0; u < m; u++) {
            int r = net->arc_res[pp->zarcs[u]];
            if (r < 0 || net->res_backbone[r])
                continue;
            if (n >= cap)
                return -1;
            v[n++] = r;
        }
    }
    return n;
}

static int zone_pairs_init(h2_pairs *pp, const h2_work *wk, const h2_fixed *fx)
{
    const h2_zw *zw = wk->fw.zw;
    int H = wk->p->n_hosts;
    if (!zw->fz || zw->H != H)
        return 0;
    for (int c = 0; c < fx->n_class; c++) /* every class inside one block */
        for (int m = fx->cls_start[c] + 1; m < fx->cls_start[c + 1]; m++)
            if (zw->blk[fx->mem[m]] != zw->blk[fx->mem[fx->cls_start[c]]])
                return 0;
    int np = 0;
    for (int h = 0; h < H; h++)
        if (fx->pstart[h + 1] - fx->pstart[h] > np)
            np = fx->pstart[h + 1] - fx->pstart[h];
    pp->zw = zw;
    pp->zacap = zw->fz->max_arcs + 2;
    pp->zcap = 2 * pp->zacap + 1; /* a host's two parts, or two middles */
    pp->xcap = 3 * pp->zcap;      /* a pair's four routes */
    pp->zarcs = malloc((size_t)pp->zacap * sizeof *pp->zarcs);
    pp->za = malloc(2 * (size_t)pp->zcap * sizeof *pp->za);
    pp->zm = malloc((size_t)pp->zcap * sizeof *pp->zm);
    pp->x = malloc((size_t)pp->xcap * sizeof *pp->x);
    pp->cut = malloc(((size_t)pp->xcap * (np + 1) + 1) * sizeof *pp->cut);
    pp->sig = malloc(((size_t)pp->xcap + 1) * sizeof *pp->sig);
    pp->cap_spool = 1024;
    pp->spool = malloc((size_t)pp->cap_spool * sizeof *pp->spool);
    if (!pp->zarcs || !pp->za || !pp->zm || !pp->x || !pp->cut || !pp->sig || !pp->spool) {
        rmi_h2_pairs_free(pp);
        return -1;
    }
    return 1;
}

/* The signature of pair (a, b) (a in block P, b in block Q; b's resources
 * lb, the middles' lm) into pp->sig: its length, -1 on a missing part. */
static int zone_signature(h2_pairs *pp, const rm_network *net, const h2_fixed *fx, int a, int b, int Q,
                          const int *lb, int nlb, const int *lm, int nlm)
{
    int n = zone_host_res(pp, net, a, Q, pp->sig, 0, pp->xcap - nlb - nlm);
    if (n < 0)
        return -1;
    memcpy(pp->sig + n, lb, (size_t)nlb * sizeof *lb);
    n += nlb;
    memcpy(pp->sig + n, lm, (size_t)nlm * sizeof *lm);
    n = sort_unique(pp->sig, n + nlm);
    for (int t = 0; t < n; t++) {
        int r = pp->sig[t], o = fx->owner[r];
        pp->sig[t] = o == a ? 3 * fx->rank[r] + 1 : o == b ? 3 * fx->rank[r] + 2 : 3 * r;
    }
    return n;
}

static int pair_cmp(const void *x, const void *y);
static int keep_first(h2_pairs *pp, int n, int a, int b);

/* rmi_h2_pairs_of on a zone hierarchy (the argument above zone_host_res). */
static int zone_pairs_of(h2_pairs *pp, const h2_work *wk, const h2_fixed *fx, int A, int B)
{
    const rm_network *net = wk->net;
    const h2_zw *zw = pp->zw;
    int csA = fx->cls_start[A], ceA = fx->cls_start[A + 1];
    int csB = fx->cls_start[B], ceB = fx->cls_start[B + 1];
    int rep = fx->mem[csA], P = zw->blk[rep], Q = zw->blk[fx->mem[csB]];
    pp->n_pair = pp->n_spool = 0;
    for (int t = 0; t < pp->n_slot; t++)
        pp->slot[t] = -1;
    if (A == B && ceA - csA < 2)
        return 0; /* no pair (one host) */
    int *lr = pp->za, *lb = pp->za + pp->zcap, *lm = pp->zm;
    int nlr = zone_host_res(pp, net, rep, Q, lr, 0, pp->zcap), nlm = 0;
    if (nlr < 0)
        return -1;
    nlr = sort_unique(lr, nlr);
    if (P != Q || zw->fact) { /* the middles' non-backbone resources */
        const rmi_fixed_zones *fz = zw->fz;
        size_t e[2] = {(size_t)P * zw->C + Q, (size_t)Q * zw->C + P};
        for (int t = 0; t < 2; t++)
            for (int u = fz->mid_off[e[t]]; u < fz->mid_off[e[t] + 1]; u++) {
                int r = net->arc_res[fz->mid[u]];
                if (r < 0 || net->res_backbone[r])
                    continue;
                if (nlm >= pp->zcap)
                    return -1;
                lm[nlm++] = r;
            }
        nlm = sort_unique(lm, nlm);
    }
    for (int pb = csB; pb < ceB; pb++) {
        int b = fx->mem[pb];
        /* the members of A below b: positions [csA, lim) */
        int lo = csA, hi = ceA;
        while (lo < hi) {
            int mid = lo + (hi - lo) / 2;
            if (fx->mem[mid] < b)
                lo = mid + 1;
            else
                hi = mid;
        }
        int lim = lo;
        if (lim <= csA)
            continue;
        int nlb = zone_host_res(pp, net, b, P, lb, 0, pp->zcap);
        if (nlb < 0)
            return -1;
        nlb = sort_unique(lb, nlb);
        /* X: b's resources, A's shared ones and the middles', increasing */
        int nx = 0;
        for (int t = 0; t < nlb; t++)
            pp->x[nx++] = lb[t];
        for (int t = 0; t < nlr; t++)
            if (fx->owner[lr[t]] != rep)
                pp->x[nx++] = lr[t];
        for (int t = 0; t < nlm; t++)
            pp->x[nx++] = lm[t];
        nx = sort_unique(pp->x, nx);
        int nc = rmi_h2_fixed_run_cuts(net, fx, rep, csA, lim, pp->x, nx, pp->cut);
        nc = sort_unique(pp->cut, nc);
        for (int c = -1; c < nc; c++) {
            int a = fx->mem[c < 0 ? csA : pp->cut[c]];
            int n = zone_signature(pp, net, fx, a, b, Q, lb, nlb, lm, nlm);
            if (n < 0 || !keep_first(pp, n, a, b))
                return -1;
        }
    }
    if (pp->n_pair > 1)
        qsort(pp->pair, (size_t)pp->n_pair, sizeof *pp->pair, pair_cmp);
    return pp->n_pair;
}

int rmi_h2_pairs_init(h2_pairs *pp, const h2_work *wk, const h2_fixed *fx)
{
    const rm_network *net = wk->net;
    int H = wk->p->n_hosts;
    memset(pp, 0, sizeof *pp);
    if (fx && !fx->star && fx->n_host == H && wk->fw.zw)
        return zone_pairs_init(pp, wk, fx);
    if (!fx || !fx->star || fx->n_host != H)
        return 0;
    int cap = wk->p->n_links + 2;
    int *arcs = malloc((size_t)cap * sizeof *arcs);
    pp->wu = malloc((size_t)H * sizeof *pp->wu);
    pp->wd = malloc((size_t)H * sizeof *pp->wd);
    pp->loff = malloc(((size_t)H + 1) * sizeof *pp->loff);
    int ok = arcs && pp->wu && pp->wd && pp->loff ? rmi_h2_side_widths(net, pp->wu, pp->wd) : -1;
    int nl = 0, room = 0;
    /* the non-backbone resources of each host's two pieces */
    for (int h = 0; ok > 0 && h < H; h++) {
        pp->loff[h] = nl;
        for (int side = 0; ok > 0 && side < 2; side++) {
            int n = rmi_fixed_route_side(net, h, side, arcs, cap);
            if (nl + n > room) {
                int c = room ? 2 * room : 1024;
                while (c < nl + n)
                    c *= 2;
                int *nb = realloc(pp->lres, (size_t)c * sizeof *nb);
                if (!nb) {
                    ok = -1;
                    break;
                }
                pp->lres = nb;
                room = c;
            }
            for (int t = 0; t < n; t++) {
                int r = net->arc_res[arcs[t]];
                if (!net->res_backbone[r])
                    pp->lres[nl++] = r;
            }
        }
        if (ok > 0)
            nl = pp->loff[h] + sort_unique(pp->lres + pp->loff[h], nl - pp->loff[h]);
    }
    free(arcs);
    if (ok <= 0) {
        rmi_h2_pairs_free(pp);
        return ok < 0 ? -1 : 0;
    }
    pp->loff[H] = nl;
    int lmax = 0;
    for (int h = 0; h < H; h++)
        if (pp->loff[h + 1] - pp->loff[h] > lmax)
            lmax = pp->loff[h + 1] - pp->loff[h];
    int np = 0;
    for (int h = 0; h < H; h++)
        if (fx->pstart[h + 1] - fx->pstart[h] > np)
            np = fx->pstart[h + 1] - fx->pstart[h];
    pp->xcap = 2 * lmax + 1;
    pp->x = malloc((size_t)pp->xcap * sizeof *pp->x);
    pp->cut = malloc(((size_t)pp->xcap * (np + 1) + 1) * sizeof *pp->cut);
    pp->sig = malloc(((size_t)pp->xcap + 1) * sizeof *pp->sig);
    pp->cap_spool = 1024;
    pp->spool = malloc((size_t)pp->cap_spool * sizeof *pp->spool);
    if (!pp->x || !pp->cut || !pp->sig || !pp->spool) {
        rmi_h2_pairs_free(pp);
        return -1;
    }
    return 1;
}

double rmi_h2_pairs_width(const h2_pairs *pp, int a, int b)
{
    if (pp->zw)
        return rmi_h2_zw_width(pp->zw, a, b);
    double x = pp->wu[a] < pp->wd[b] ? pp->wu[a] : pp->wd[b];
    return x > 0.0 ? x : 0.0;
}

/* The signature of pair (a, b) into pp->sig (see the file comment): its
 * length. */
static int signature(h2_pairs *pp, const h2_fixed *fx, int a, int b)
{
    const int *la = pp->lres + pp->loff[a], *lb = pp->lres + pp->loff[b];
    int na = pp->loff[a + 1] - pp->loff[a], nb = pp->loff[b + 1] - pp->loff[b];
    int x = 0, y = 0, n = 0;
    while (x < na || y < nb) {
        int r;
        if (y >= nb || (x < na && la[x] < lb[y]))
            r = la[x++];
        else if (x >= na || lb[y] < la[x])
            r = lb[y++];
        else {
            r = la[x++];
            y++;
        }
        int o = fx->owner[r];
        pp->sig[n++] = o == a ? 3 * fx->rank[r] + 1 : o == b ? 3 * fx->rank[r] + 2 : 3 * r;
    }
    return n;
}

static uint64_t sig_hash(const int *s, int n)
{
    uint64_t k = 1469598103934665603ULL;
    for (int t = 0; t < n; t++)
        k = (k ^ (uint64_t)(uint32_t)s[t]) * 1099511628211ULL;
    return (k ^ (uint64_t)n) * 1099511628211ULL;
}

/* Keep pair (a, b) as the first of its signature pp->sig[0 .. n) (the
 * least (a, b) seen). 0 on ENOMEM. */
static int keep_first(h2_pairs *pp, int n, int a, int b)
{
    if (2 * (pp->n_pair + 1) > pp->n_slot) { /* grow and rehash */
        int ns = pp->n_slot ? 2 * pp->n_slot : 64;
        int *slot = malloc((size_t)ns * sizeof *slot);
        if (!slot)
            return 0;
        for (int t = 0; t < ns; t++)
            slot[t] = -1;
        for (int e = 0; e < pp->n_pair; e++) {
            const int *s = pp->spool + pp->pair[e].soff;
            size_t t = (size_t)(sig_hash(s, pp->pair[e].slen) & (uint64_t)(ns - 1));
            while (slot[t] >= 0)
                t = (t + 1) & (size_t)(ns - 1);
            slot[t] = e;
        }
        free(pp->slot);
        pp->slot = slot;
        pp->n_slot = ns;
    }
    size_t t = (size_t)(sig_hash(pp->sig, n) & (uint64_t)(pp->n_slot - 1));
    for (; pp->slot[t] >= 0; t = (t + 1) & (size_t)(pp->n_slot - 1)) {
        h2_pair_first *e = &pp->pair[pp->slot[t]];
        if (e->slen == n && (!n || !memcmp(pp->spool + e->soff, pp->sig, (size_t)n * sizeof *pp->sig))) {
            if (a < e->a || (a == e->a && b < e->b)) {
                e->a = a;
                e->b = b;
            }
            return 1;
        }
    }
    if (pp->n_pair >= pp->cap_pair) {
        int c = pp->cap_pair ? 2 * pp->cap_pair : 16;
        h2_pair_first *nb = realloc(pp->pair, (size_t)c * sizeof *nb);
        if (!nb)
            return 0;
        pp->pair = nb;
        pp->cap_pair = c;
    }
    if (pp->n_spool + n > pp->cap_spool) {
        int c = pp->cap_spool ? 2 * pp->cap_spool : 1024;
        while (c < pp->n_spool + n)
            c *= 2;
        int *nb = realloc(pp->spool, (size_t)c * sizeof *nb);
        if (!nb)
            return 0;
        pp->spool = nb;
        pp->cap_spool = c;
    }
    if (n)
        memcpy(pp->spool + pp->n_spool, pp->sig, (size_t)n * sizeof *pp->sig);
    pp->pair[pp->n_pair] = (h2_pair_first){a, b, pp->n_spool, n};
    pp->n_spool += n;
    pp->slot[t] = pp->n_pair++;
    return 1;
}

static int pair_cmp(const void *x, const void *y)
{
    const h2_pair_first *a = x, *b = y;
    if (a->a != b->a)
        return (a->a > b->a) - (a->a < b->a);
    return (a->b > b->b) - (a->b < b->b);
}

int rmi_h2_pairs_of(h2_pairs *pp, const h2_work *wk, const h2_fixed *fx, int A, int B)
{
    if (pp->zw)
        return zone_pairs_of(pp, wk, fx, A, B);
    const rm_network *net = wk->net;
    int csA = fx->cls_start[A], ceA = fx->cls_start[A + 1];
    int csB = fx->cls_start[B], ceB = fx->cls_start[B + 1];
    int rep = fx->mem[csA];
    pp->n_pair = pp->n_spool = 0;
    for (int t = 0; t < pp->n_slot; t++)
        pp->slot[t] = -1;
    /* the class pair's shared resources: the non-private ones of A's pieces */
    const int *lr = pp->lres + pp->loff[rep];
    int nlr = pp->loff[rep + 1] - pp->loff[rep];
    for (int pb = csB; pb < ceB; pb++) {
        int b = fx->mem[pb];
        /* the members of A below b: positions [csA, lim) */
        int lo = csA, hi = ceA;
        while (lo < hi) {
            int mid = lo + (hi - lo) / 2;
            if (fx->mem[mid] < b)
                lo = mid + 1;
            else
                hi = mid;
        }
        int lim = lo;
        if (lim <= csA)
            continue;
        /* X: b's resources and A's shared ones, increasing */
        int nx = 0;
        for (int t = pp->loff[b]; t < pp->loff[b + 1]; t++)
            pp->x[nx++] = pp->lres[t];
        for (int t = 0; t < nlr; t++)
            if (fx->owner[lr[t]] != rep)
                pp->x[nx++] = lr[t];
        nx = sort_unique(pp->x, nx);
        int nc = rmi_h2_fixed_run_cuts(net, fx, rep, csA, lim, pp->x, nx, pp->cut);
        nc = sort_unique(pp->cut, nc);
        for (int c = -1; c < nc; c++) {
            int a = fx->mem[c < 0 ? csA : pp->cut[c]];
            if (!keep_first(pp, signature(pp, fx, a, b), a, b))
                return -1;
        }
    }
    if (pp->n_pair > 1)
        qsort(pp->pair, (size_t)pp->n_pair, sizeof *pp->pair, pair_cmp);
    return pp->n_pair;
}
