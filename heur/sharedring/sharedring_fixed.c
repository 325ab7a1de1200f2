/*
 * sharedring_fixed.c — interchangeable hosts under fixed routes (the routes
 * a SimGrid file fixes), for SharedRing's scan (Legrand et al. 2004 §4.4.2):
 * of hosts that no evaluation can tell apart, only the first one out of the
 * ring can be chosen, so a ring edge's scan evaluates that one alone.
 *
 * A resource is private to host x when every fixed route that crosses it
 * starts or ends at x (a cluster host's own links). A route s -> d is read
 * as tokens: a resource private to s or to d as (which end, its rank among
 * that host's private resources by index, capacity, backbone, the link's
 * latency), any other arc as itself. Hosts a and b are twins when their
 * cycle-times are equal, their private resources are described alike, the
 * routes a -> x and b -> x, x -> a and x -> b read alike for every other
 * host x, and a -> b reads as b -> a. Twins of one class are pairwise twins:
 * each is checked against the class's first member h (h's routes read as
 * tokens once), and reading alike is equality of token sequences, so for
 * members m and b, m -> b reads as h -> b (x = b for m), as b -> h, as b -> m
 * (x = b for m again), and the routes to and from every other x alike.
 *
 * A backbone crossed only by the routes between two hosts (SimGrid's
 * connection from one host's link to another's) reads as such a pair's
 * backbone (capacity, latency).
 *
 * Why it is exact: a host out of the ring has its private resources at full
 * capacity (no route of the ring crosses them), so for ring edge i -> j two
 * twins k, k' have four routes crossing the same other resources at the same
 * positions, with the same residuals, latencies and sharing pattern. The
 * share solver (bw/share.c) turns backbones and resources of one route into
 * per-route bounds (fmin: order free) and prices the other, shared
 * resources in index order (bw/system.c); its final scaling is per resource
 * then fmin per route. So their shares are computed by the same operations
 * when, in addition, the non-backbone private resources of k and k' lie
 * alike among the other non-backbone resources of the four routes: then
 * T_step is the same bit for bit and the reference scan, which keeps the
 * first of equal T_step in host order, never chooses k' after k. The
 * members of a class are kept in host order with every non-backbone private
 * rank's resource index increasing, so the members whose private resources
 * lie alike among a set S of resources form runs, cut where a member's
 * resource passes an element of S.
 */
#include "heur/sharedring/sharedring_internal.h"
#include "topo/route/widest.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Token of arc a on route s -> d (see the file comment); 64 bits per field
 * compared exactly. */
typedef struct fx_tok {
    int kind; /* 0: other arc (v = arc), 1: private to s, 2: private to d */
    int v;    /* arc, or the private rank */
    double cap, lat;
    int bb;
} fx_tok;

static int tok_of(const h2_work *wk, const h2_fixed *fx, int s, int d, int a, fx_tok *t)
{
    const rm_network *net = wk->net;
    int r = net->arc_res[a];
    int hs = wk->hidx[s], hd = wk->hidx[d];
    int o = r >= 0 ? fx->owner[r] : -1;
    memset(t, 0, sizeof *t);
    if (o >= 0 && (o == hs || o == hd)) {
        t->kind = o == hs ? 1 : 2;
        t->v = fx->rank[r];
        t->cap = net->res_cap[r];
        t->bb = net->res_backbone[r];
        t->lat = wk->p->links[net->arc_link[a]].latency;
    } else if (r >= 0 && o < 0 && net->res_backbone[r] && fx->pair[2 * r] >= 0 &&
               ((fx->pair[2 * r] == hs && fx->pair[2 * r + 1] == hd) ||
                (fx->pair[2 * r] == hd && fx->pair[2 * r + 1] == hs))) {
        /* a backbone crossed by the routes between s and d only (a SimGrid
         * connection between two hosts' own links): each route alone on it */
        t->kind = 3;
        t->v = fx->pair[2 * r] == hs;
        t->cap = net->res_cap[r];
        t->bb = 1;
        t->lat = wk->p->links[net->arc_link[a]].latency;
    } else {
        t->kind = 0;
        t->v = a;
    }
    return 0;
}

static int tok_eq(const fx_tok *x, const fx_tok *y)
{
    return x->kind == y->kind && x->v == y->v && x->bb == y->bb &&
           memcmp(&x->cap, &y->cap, sizeof x->cap) == 0 && memcmp(&x->lat, &y->lat, sizeof x->lat) == 0;
}

/* 1 when route s1 -> d1 reads as route s2 -> d2 (host nodes). */
static int routes_alike(const h2_work *wk, const h2_fixed *fx, int s1, int d1, int s2, int d2)
{
    int *a1 = fx->scr, *a2 = fx->scr + fx->room;
    int n1 = rmi_fixed_route_arcs(wk->net, s1, d1, a1, fx->room - 1);
    int n2 = rmi_fixed_route_arcs(wk->net, s2, d2, a2, fx->room - 1);
    if (n1 != n2 || n1 < 0)
        return 0;
    for (int k = 0; k < n1; k++) {
        fx_tok x, y;
        tok_of(wk, fx, s1, d1, a1[k], &x);
        tok_of(wk, fx, s2, d2, a2[k], &y);
        if (!tok_eq(&x, &y))
            return 0;
    }
    return 1;
}

/* The routes of a class's first member a to and from every host, read as
 * tokens once (the members after it are checked against them): route
 * a -> x at tok[off[2x] .. off[2x] + len[2x]), x -> a at [2x + 1]; len -1:
 * not a walk (alike with none). */
typedef struct fx_tc {
    int a;      /* host index, -1: none read */
    fx_tok *tok;
    int n_tok, cap_tok;
    int *off, *len; /* 2 H */
} fx_tc;

static void tc_free(fx_tc *tc)
{
    free(tc->tok);
    free(tc->off);
    free(tc->len);
}

/* Route s -> d (host indices) read as tokens, appended to tc. 0 on ENOMEM. */
static int tc_read(const h2_work *wk, const h2_fixed *fx, fx_tc *tc, int s, int d, int slot)
{
    const rm_platform *p = wk->p;
    int n = rmi_fixed_route_arcs_at(wk->net, s, d, fx->scr, fx->room - 1);
    tc->off[slot] = tc->n_tok;
    tc->len[slot] = n;
    if (n <= 0)
        return 1;
    if (tc->n_tok + n > tc->cap_tok) {
        int c = tc->cap_tok ? 2 * tc->cap_tok : 1024;
        while (c < tc->n_tok + n)
            c *= 2;
        fx_tok *nb = realloc(tc->tok, (size_t)c * sizeof *nb);
        if (!nb)
            return 0;
        tc->tok = nb;
        tc->cap_tok = c;
    }
    for (int k = 0; k < n; k++)
        tok_of(wk, fx, p->hosts[s], p->hosts[d], fx->scr[k], &tc->tok[tc->n_tok++]);
    return 1;
}

/* tc holds host index a's routes (read now when it holds another's). 0 on
 * ENOMEM. O(H R). */
static int tc_fill(const h2_work *wk, const h2_fixed *fx, fx_tc *tc, int a)
{
    if (tc->a == a)
        return 1;
    int H = wk->p->n_hosts;
    tc->a = -1;
    tc->n_tok = 0;
    for (int x = 0; x < H; x++) {
        if (x == a)
            continue;
        if (!tc_read(wk, fx, tc, a, x, 2 * x) || !tc_read(wk, fx, tc, x, a, 2 * x + 1))
            return 0;
    }
    tc->a = a;
    return 1;
}

/* 1 when route s -> d (host indices) reads as the tokens of tc's slot
 * (routes_alike against a route read before). */
static int alike_tc(const h2_work *wk, const h2_fixed *fx, const fx_tc *tc, int slot, int s, int d)
{
    int n = tc->len[slot];
    if (n < 0)
        return 0;
    int m = rmi_fixed_route_arcs_at(wk->net, s, d, fx->scr, fx->room - 1);
    if (m != n)
        return 0;
    const fx_tok *t = tc->tok + tc->off[slot];
    for (int k = 0; k < n; k++) {
        fx_tok y;
        tok_of(wk, fx, wk->p->hosts[s], wk->p->hosts[d], fx->scr[k], &y);
        if (!tok_eq(&t[k], &y))
            return 0;
    }
    return 1;
}

/* 1 when host index b is a twin of host index a (every x but a, b), a's
 * routes read into tc (-1: out of memory). O(H R). */
static int twins_pre(const h2_work *wk, const h2_fixed *fx, int a, int b)
{
    const rm_platform *p = wk->p;
    int va = p->hosts[a], vb = p->hosts[b];
    if (memcmp(&p->nodes[va].w, &p->nodes[vb].w, sizeof(double)) != 0)
        return 0;
    int na = fx->pstart[a + 1] - fx->pstart[a];
    if (na != fx->pstart[b + 1] - fx->pstart[b])
        return 0;
    for (int o = 0; o < na; o++) {
        int ra = fx->pres[fx->pstart[a] + o], rb = fx->pres[fx->pstart[b] + o];
        if (wk->net->res_cap[ra] != wk->net->res_cap[rb] ||
            wk->net->res_backbone[ra] != wk->net->res_backbone[rb])
            return 0;
    }
    /* the access resources of the edge bounds (rmi_h2_k_bound): alike */
    const rm_network *net = wk->net;
    int oa = wk->kres_out[a], ob = wk->kres_out[b], ia = wk->kres_in[a], ib = wk->kres_in[b];
    if ((oa < 0) != (ob < 0) || (ia < 0) != (ib < 0) || (oa >= 0 && oa == ia) != (ob >= 0 && ob == ib) ||
        (oa >= 0 && net->res_cap[oa] != net->res_cap[ob]) ||
        (ia >= 0 && net->res_cap[ia] != net->res_cap[ib]))
        return 0;
    return 1;
}

static int twins(const h2_work *wk, const h2_fixed *fx, fx_tc *tc, int a, int b)
{
    const rm_platform *p = wk->p;
    int va = p->hosts[a], vb = p->hosts[b];
    if (!twins_pre(wk, fx, a, b))
        return 0;
    if (!routes_alike(wk, fx, va, vb, vb, va))
        return 0;
    if (!tc_fill(wk, fx, tc, a))
        return -1;
    for (int x = 0; x < p->n_hosts; x++) {
        if (x == a || x == b)
            continue;
        if (!alike_tc(wk, fx, tc, 2 * x, b, x) || !alike_tc(wk, fx, tc, 2 * x + 1, x, b))
            return 0;
    }
    return 1;
}

/* A cheap key of host index a: its cycle-time, its private resources and the
 * routes to and from three probe hosts read as tokens (equal for twins that
 * are not probes); probes get keys of their own. */
static uint64_t host_key(const h2_work *wk, const h2_fixed *fx, int a)
{
    const rm_platform *p = wk->p;
    int H = p->n_hosts, probe[3] = {0, H / 2, H - 1};
    uint64_t k = 1469598103934665603ULL;
#define MIX(x) (k = (k ^ (uint64_t)(x)) * 1099511628211ULL)
    for (int t = 0; t < 3; t++)
        if (a == probe[t])
            MIX(0x9e3779b97f4a7c15ULL + (uint64_t)a);
    uint64_t wb;
    memcpy(&wb, &p->nodes[p->hosts[a]].w, sizeof wb);
    MIX(wb);
    MIX(fx->pstart[a + 1] - fx->pstart[a]);
    int *arcs = fx->scr;
    for (int t = 0; t < 3; t++) {
        int x = probe[t];
        if (x == a)
            continue;
        for (int dir = 0; dir < 2; dir++) {
            int s = dir ? p->hosts[x] : p->hosts[a], d = dir ? p->hosts[a] : p->hosts[x];
            int n = rmi_fixed_route_arcs(wk->net, s, d, arcs, fx->room - 1);
            MIX(n + 7);
            for (int i = 0; i < n; i++) {
                fx_tok tk;
                tok_of(wk, fx, s, d, arcs[i], &tk);
                uint64_t c;
                memcpy(&c, &tk.cap, sizeof c);
                MIX(tk.kind);
                MIX(tk.v);
                MIX(c);
                memcpy(&c, &tk.lat, sizeof c);
                MIX(c);
                MIX(tk.bb);
            }
        }
    }
#undef MIX
    return k;
}

static void fx_inc_free(h2_fixed *fx, int H);

void rmi_h2_fixed_destroy(h2_fixed *fx)
{
    if (!fx)
        return;
    fx_inc_free(fx, fx->n_host);
    free(fx->owner);
    free(fx->pair);
    free(fx->rank);
    free(fx->pstart);
    free(fx->pres);
    free(fx->cls_start);
    free(fx->mem);
    free(fx->pos_of);
    free(fx->nx);
    free(fx->scr);
    free(fx->cls_of);
    free(fx);
}

typedef struct {
    uint64_t key;
    int h;
} fx_kh;

static int kh_cmp(const void *x, const void *y)
{
    const fx_kh *a = x, *b = y;
    if (a->key != b->key)
        return a->key < b->key ? -1 : 1;
    return (a->h > b->h) - (a->h < b->h);
}

/* The structural set-up on a SimGrid zone hierarchy of clusters kept as
 * pieces (rmi_fixed_zones_build, topo/route/widest.h): every kept host is
 * a member of a star zone (its block); a route inside block A is U(s) then
 * D(d) less the links already met; a route from block A to block B is the
 * out part of s for A's gateway slot of B, the middle route of (A, B), the
 * in part of d for B's gateway slot of A (SimGrid 3.32's get_global_route).
 *
 * Owners: the routes crossing a resource are a union of rectangles S x T
 * with S and T disjoint: {s} x (A - s) for r on U(s), (A - d) x {d} for r
 * on D(d), {s} x (the blocks of s's out slot) for r on an out part,
 * (the blocks of d's in slot) x {d} for r on an in part, A x B for r on
 * the middle of (A, B). The hosts every route of a rectangle starts or
 * ends at are S when |S| = 1 and T when |T| = 1, its first route in
 * row-major order (min S, min T); so the owner (one host at every route's
 * end), the pair (two) and the pair's order (the first route) of each
 * resource come out as reading every route gives them, in
 * O(H x depth x R + C^2 R) instead of O(H^2 R).
 *
 * Twins: a host h is kept alone when a resource with an owner or a pair
 * lies on one of h's parts without being h's own, when one of h's own
 * resources lies anywhere but on h's parts, or when h is one of a pair.
 * Otherwise the tokens of h's parts (U, D, each out slot, each in slot;
 * h's own resource as (side, rank, capacity, backbone, latency), any other
 * arc as itself) are the tokens they take on every route through them.
 * Two such hosts a, b of one block whose parts read alike token by token,
 * with equal cycle-times: a -> x reads as b -> x for every other host x
 * (x in A: U(a) and U(b) hold the same shared arcs at the same places, so
 * the same links of D(x) are dropped, and D(x) reads the same from either
 * since neither a nor b owns or pairs a resource of it; x in another block:
 * the out parts alike, the middle and x's in part the same arcs, owned by
 * neither), x -> a as x -> b likewise, and a -> b as b -> a (U(a) then D(b)
 * against U(b) then D(a), the same places dropped). So the classes are
 * classes of twins as twins() checks them (Legrand et al. 2004 §4.4.2, the
 * exactness argument at the top of the file), found without reading every
 * route; they may be coarser than the route-reading scan's (it keeps three
 * probe hosts alone and has a budget).
 *
 * A SimGrid dragonfly (rmi_fixed_zones_factored, fz.fact) is read the same
 * way with its routers as the blocks: every route s -> d is the out part of
 * s (its node's up links), the middle of the two routers (of a router with
 * itself too), the in part of d, with no link taken once. The out part of
 * s is crossed by {s} x (every other host), the in part of d by (every
 * other host) x {d}, the middle of (A, B) by A x B, and of (A, A) by
 * {s} x (A less s) for each s of A. Twins a, b of one router: a -> x and
 * b -> x are their out parts then the same arcs, x -> a and x -> b alike,
 * and a -> b (out a, middle, in b) reads as b -> a (out b, middle, in a). */
typedef struct fx_sig {
    rmi_fixed_zones fz;
    fx_tok *tok;
    int *off;    /* H + 1: host index h's tokens at tok[off[h] .. off[h + 1]) */
    int *plen;   /* the tokens of each of h's parts at plen[poff[h] ..] */
    int *poff;   /* H + 1 */
    unsigned char *solo; /* H: h kept alone */
} fx_sig;

static void sig_free(fx_sig *sg)
{
    rmi_fixed_zones_free(&sg->fz);
    free(sg->tok);
    free(sg->off);
    free(sg->plen);
    free(sg->poff);
    free(sg->solo);
}

/* A set of hosts: its size, its least member, its member when alone. */
typedef rmi_host_set fx_set;

/* The routes crossing each resource so far: the hosts at an end of every
 * one (e[0], e[1], -1 none), the first in row-major order (s, d), the
 * host whose parts hold it (-2 none yet, -3 two hosts' or a middle). */
typedef struct fx_rc {
    int n, e[2], s, d, ph;
} fx_rc;

/* Resource r crossed by the routes S x T (disjoint, both non-empty). */
static void rc_add(fx_rc *c, fx_set S, fx_set T)
{
    int E[2] = {S.n == 1 ? S.sole : -1, T.n == 1 ? T.sole : -1};
    if (!c->n++) {
        c->e[0] = E[0] >= 0 ? E[0] : E[1];
        c->e[1] = E[0] >= 0 ? E[1] : -1;
        c->s = S.min;
        c->d = T.min;
        return;
    }
    int k = 0, keep[2] = {-1, -1};
    for (int t = 0; t < 2; t++)
        if (c->e[t] >= 0 && (c->e[t] == E[0] || c->e[t] == E[1]))
            keep[k++] = c->e[t];
    c->e[0] = keep[0];
    c->e[1] = keep[1];
    if (S.min < c->s || (S.min == c->s && T.min < c->d)) {
        c->s = S.min;
        c->d = T.min;
    }
}

/* The arcs of a part (n of them, in arcs) crossed by S x T; the part is
 * host h's (-3: a middle). */
static void rc_part(const rm_network *net, fx_rc *rc, const int *arcs, int n, fx_set S, fx_set T, int h)
{
    if (S.n <= 0 || T.n <= 0)
        return;
    for (int t = 0; t < n; t++) {
        fx_rc *c = &rc[net->arc_res[arcs[t]]];
        rc_add(c, S, T);
        c->ph = c->ph == -2 || c->ph == h ? h : -3;
    }
}

/* Owners and pairs (fx->owner, fx->pair) of the R resources from what
 * crosses them (rc); with solo, the hosts kept alone marked (a pair's two
 * hosts, an owner whose own parts do not hold the resource). */
static void rc_owners(h2_fixed *fx, const fx_rc *rc, int R, unsigned char *solo)
{
    for (int r = 0; r < R; r++) {
        const fx_rc *c = &rc[r];
        fx->pair[2 * r] = fx->pair[2 * r + 1] = -1;
        fx->owner[r] = -1;
        if (c->n && c->e[1] >= 0) {
            fx->pair[2 * r] = c->s;
            fx->pair[2 * r + 1] = c->d;
            if (solo)
                solo[c->s] = solo[c->d] = 1;
        } else if (c->n && c->e[0] >= 0) {
            fx->owner[r] = c->e[0];
            if (solo && c->ph != c->e[0])
                solo[c->e[0]] = 1;
        }
    }
}

static void rc_init(fx_rc *rc, int R)
{
    for (int r = 0; r < R; r++) {
        rc[r].n = 0;
        rc[r].e[0] = rc[r].e[1] = -1;
        rc[r].ph = -2;
    }
}

typedef struct rc_ctx {
    const rm_network *net;
    fx_rc *rc;
} rc_ctx;

static void rc_rect(void *c, rmi_host_set S, rmi_host_set T, const int *arcs, int n)
{
    rc_ctx *x = c;
    for (int t = 0; t < n; t++) {
        int r = x->net->arc_res[arcs[t]];
        if (r >= 0)
            rc_add(&x->rc[r], S, T);
    }
}

/* Owners and pairs from the platform's route rectangles (rmi_fixed_rects:
 * a SimGrid fat-tree, destination by destination), as reading every route
 * gives them (the argument above rc_add: the hosts at an end of every
 * route of a rectangle, its first route). 1 done, 0 not that form, -1 out
 * of memory. O(H x (nodes + links x levels) + R). */
static int rect_owners(const h2_work *wk, h2_fixed *fx)
{
    int R = wk->net->n_res;
    fx_rc *rc = malloc(((size_t)R + 1) * sizeof *rc);
    if (!rc)
        return -1;
    rc_init(rc, R);
    rc_ctx x = {wk->net, rc};
    int b = rmi_fixed_rects(wk->net, rc_rect, &x);
    if (b > 0)
        rc_owners(fx, rc, R, NULL);
    free(rc);
    return b;
}

static fx_set set_one(int h)
{
    fx_set s = {1, h, h};
    return s;
}

/* The parts of host i: kind 0, 1 (blocks of 2 hosts or more), then its
 * block's out slots, then its in slots. */
static int parts_of(const rmi_fixed_zones *fz, int i)
{
    int A = fz->blk[i];
    return (fz->bsize[A] >= 2 && !fz->fact ? 2 : 0) + fz->gw_off[2 * A + 2] - fz->gw_off[2 * A];
}

static void part_at(const rmi_fixed_zones *fz, int i, int j, int *kind, int *k)
{
    int A = fz->blk[i], nu = fz->bsize[A] >= 2 && !fz->fact ? 2 : 0, no = fz->gw_off[2 * A + 1] - fz->gw_off[2 * A];
    if (j < nu) {
        *kind = j;
        *k = 0;
    } else if (j < nu + no) {
        *kind = 2;
        *k = j - nu;
    } else {
        *kind = 3;
        *k = j - nu - no;
    }
}

/* Owners and pairs (fx->owner, fx->pair) from the parts; sg->fz built.
 * 1 done, 0 not the two-level form, -1 out of memory. */
static int zones_owners(const h2_work *wk, h2_fixed *fx, fx_sig *sg)
{
    const rm_network *net = wk->net;
    int H = wk->p->n_hosts, R = net->n_res;
    memset(sg, 0, sizeof *sg);
    int b = rmi_fixed_zones_build(net, &sg->fz);
    if (!b)
        b = rmi_fixed_zones_factored(net, &sg->fz);
    if (b <= 0)
        return b;
    const rmi_fixed_zones *fz = &sg->fz;
    int C = fz->C, ng = fz->gw_off[2 * C];
    fx_rc *rc = malloc(((size_t)R + 1) * sizeof *rc);
    fx_set *un = malloc(((size_t)ng + 1) * sizeof *un);
    int *bmem = malloc((size_t)H * sizeof *bmem), *bpos = calloc((size_t)C + 1, sizeof *bpos);
    sg->poff = malloc(((size_t)H + 1) * sizeof *sg->poff);
    sg->solo = calloc((size_t)H + 1, 1);
    if (!rc || !un || !bmem || !bpos || !sg->poff || !sg->solo) {
        free(rc);
        free(un);
        free(bmem);
        free(bpos);
        return -1;
    }
    rc_init(rc, R);
    /* each block's hosts in host order */
    for (int A = 0; A < C; A++)
        bpos[A + 1] = bpos[A] + fz->bsize[A];
    for (int i = 0; i < H; i++)
        bmem[bpos[fz->blk[i]]++] = i;
    for (int A = C; A > 0; A--)
        bpos[A] = bpos[A - 1];
    bpos[0] = 0;
    /* the blocks behind each gateway slot */
    for (int g = 0; g < ng; g++)
        un[g].n = 0, un[g].min = un[g].sole = -1;
    for (int A = 0; A < C; A++)
        for (int X = 0; X < C; X++)
            for (int side = 0; X != A && side < 2; side++) {
                size_t e = side ? (size_t)X * C + A : (size_t)A * C + X;
                fx_set *u = &un[fz->gw_off[2 * A + side] + fz->slot[2 * e + side]];
                if (!u->n || fz->bfirst[X] < u->min)
                    u->min = fz->bfirst[X];
                u->sole = fz->bfirst[X];
                u->n += fz->bsize[X];
            }
    int *arcs = fx->scr, cap = fx->room, np = 0;
    for (int i = 0; i < H; i++) {
        int A = fz->blk[i], nA = fz->bsize[A], m0 = bmem[bpos[A]], m1 = nA > 1 ? bmem[bpos[A] + 1] : -1;
        /* A less i */
        fx_set rest = {nA - 1, m0 == i ? m1 : m0, nA == 2 ? (m0 == i ? m1 : m0) : -1};
        sg->poff[i] = np;
        np += parts_of(fz, i);
        for (int j = 0; j < parts_of(fz, i); j++) {
            int kind, k;
            part_at(fz, i, j, &kind, &k);
            int n = rmi_fixed_zones_part(net, fz, i, kind, k, arcs, cap);
            fx_set S = set_one(i), T = set_one(i);
            if (kind == 0)
                T = rest;
            else if (kind == 1)
                S = rest;
            else if (fz->fact) { /* every other host, in i's block or not */
                fx_set all = {H - 1, i ? 0 : 1, H == 2 ? 1 - i : -1};
                if (kind == 2)
                    T = all;
                else
                    S = all;
            } else if (kind == 2)
                T = un[fz->gw_off[2 * A] + k];
            else
                S = un[fz->gw_off[2 * A + 1] + k];
            rc_part(net, rc, arcs, n, S, T, i);
        }
    }
    sg->poff[H] = np;
    for (int A = 0; A < C; A++)
        for (int B = 0; B < C; B++) {
            size_t e = (size_t)A * C + B;
            if (A == B && fz->fact) { /* a router's own middle: {i} x (A less i) for each host i of A */
                int nA = fz->bsize[A], m0 = bmem[bpos[A]], m1 = nA > 1 ? bmem[bpos[A] + 1] : -1;
                for (int t = bpos[A]; t < bpos[A] + nA; t++) {
                    int i = bmem[t];
                    fx_set rest = {nA - 1, m0 == i ? m1 : m0, nA == 2 ? (m0 == i ? m1 : m0) : -1};
                    rc_part(net, rc, fz->mid + fz->mid_off[e], fz->mid_off[e + 1] - fz->mid_off[e], set_one(i),
                            rest, -3);
                }
            }
            if (A == B)
                continue;
            fx_set S = {fz->bsize[A], fz->bfirst[A], fz->bfirst[A]}, T = {fz->bsize[B], fz->bfirst[B], fz->bfirst[B]};
            rc_part(net, rc, fz->mid + fz->mid_off[e], fz->mid_off[e + 1] - fz->mid_off[e], S, T, -3);
        }
    rc_owners(fx, rc, R, sg->solo);
    free(rc);
    free(un);
    free(bmem);
    free(bpos);
    return 1;
}

/* The tokens of every host's parts (after the owners and ranks). 0 on
 * ENOMEM. */
static int zones_sig(const h2_work *wk, const h2_fixed *fx, fx_sig *sg)
{
    const rm_network *net = wk->net;
    const rmi_fixed_zones *fz = &sg->fz;
    int H = wk->p->n_hosts, m = 0, capt = 1024;
    sg->off = malloc(((size_t)H + 1) * sizeof *sg->off);
    sg->plen = malloc(((size_t)sg->poff[H] + 1) * sizeof *sg->plen);
    sg->tok = malloc((size_t)capt * sizeof *sg->tok);
    if (!sg->off || !sg->plen || !sg->tok)
        return 0;
    for (int h = 0; h < H; h++) {
        sg->off[h] = m;
        for (int j = 0; j < parts_of(fz, h); j++) {
            int kind, k;
            part_at(fz, h, j, &kind, &k);
            int n = rmi_fixed_zones_part(net, fz, h, kind, k, fx->scr, fx->room);
            sg->plen[sg->poff[h] + j] = n;
            if (m + n > capt) {
                while (m + n > capt)
                    capt *= 2;
                fx_tok *nb = realloc(sg->tok, (size_t)capt * sizeof *nb);
                if (!nb)
                    return 0;
                sg->tok = nb;
            }
            for (int t = 0; t < n; t++) {
                int a = fx->scr[t], r = net->arc_res[a];
                fx_tok *tk = &sg->tok[m++];
                memset(tk, 0, sizeof *tk);
                if (fx->owner[r] == h) {
                    tk->kind = kind == 0 || kind == 2 ? 1 : 2;
                    tk->v = fx->rank[r];
                    tk->cap = net->res_cap[r];
                    tk->bb = net->res_backbone[r];
                    tk->lat = wk->p->links[net->arc_link[a]].latency;
                } else {
                    if (fx->owner[r] >= 0 || fx->pair[2 * r] >= 0)
                        sg->solo[h] = 1;
                    tk->v = a;
                }
            }
        }
    }
    sg->off[H] = m;
    return 1;
}

/* 1 when host indices a and b are kept together: one block, parts alike. */
static int sig_eq(const fx_sig *sg, int a, int b)
{
    int n = sg->off[a + 1] - sg->off[a], np = sg->poff[a + 1] - sg->poff[a];
    if (sg->solo[a] || sg->solo[b] || sg->fz.blk[a] != sg->fz.blk[b] || n != sg->off[b + 1] - sg->off[b])
        return 0;
    for (int j = 0; j < np; j++)
        if (sg->plen[sg->poff[a] + j] != sg->plen[sg->poff[b] + j])
            return 0;
    for (int t = 0; t < n; t++)
        if (!tok_eq(&sg->tok[sg->off[a] + t], &sg->tok[sg->off[b] + t]))
            return 0;
    return 1;
}

/* rmi_h2_fixed_twins (sharedring_internal.h). */
int rmi_h2_fixed_twins(const h2_work *wk, const h2_fixed *fx, int a, int b)
{
    int H = wk->p->n_hosts;
    fx_tc tc = {-1, NULL, 0, 0, malloc(2 * (size_t)H * sizeof(int)), malloc(2 * (size_t)H * sizeof(int))};
    int t = tc.off && tc.len ? twins(wk, fx, &tc, a, b) : -1;
    tc_free(&tc);
    return t;
}

static uint64_t sig_key(const h2_work *wk, const fx_sig *sg, int a)
{
    uint64_t k = 1469598103934665603ULL, c;
#define MIX(x) (k = (k ^ (uint64_t)(x)) * 1099511628211ULL)
    if (sg->solo[a])
        MIX(0x9e3779b97f4a7c15ULL + (uint64_t)a);
    memcpy(&c, &wk->p->nodes[wk->p->hosts[a]].w, sizeof c);
    MIX(c);
    MIX(sg->fz.blk[a]);
    for (int j = sg->poff[a]; j < sg->poff[a + 1]; j++)
        MIX(sg->plen[j]);
    for (int t = sg->off[a]; t < sg->off[a + 1]; t++) {
        const fx_tok *tk = &sg->tok[t];
        MIX(tk->kind);
        MIX(tk->v);
        memcpy(&c, &tk->cap, sizeof c);
        MIX(c);
        memcpy(&c, &tk->lat, sizeof c);
        MIX(c);
        MIX(tk->bb);
    }
#undef MIX
    return k;
}

/* rmi_h2_fixed_new's owners by reading every route (the pair walk, O(H^2)
 * routes): fx->owner[r] the one host every route crossing resource r
 * starts or ends at (-1: none), fx->pair[2r], fx->pair[2r + 1] both ends
 * when every route crossing r is between the same two hosts (-1: not).
 * own2: scratch of R + 1. 0, or -1 when a route cannot be read (the scan
 * reports it). */
static int walk_owners(const h2_work *wk, h2_fixed *fx, int *own2)
{
    const rm_network *net = wk->net;
    int H = wk->p->n_hosts, R = net->n_res;
    for (int r = 0; r < R; r++)
        fx->owner[r] = own2[r] = -2;
    for (int a = 0; a < H; a++)
        for (int b = 0; b < H; b++) {
            if (a == b)
                continue;
            int n = rmi_fixed_route_arcs_at(net, a, b, fx->scr, fx->room - 1);
            if (n < 0)
                return -1;
            for (int i = 0; i < n; i++) {
                int r = net->arc_res[fx->scr[i]];
                if (r < 0)
                    continue;
                if (fx->owner[r] == -2) {
                    fx->owner[r] = a;
                    own2[r] = b;
                    continue;
                }
                int o1 = fx->owner[r], o2 = own2[r];
                fx->owner[r] = (o1 == a || o1 == b) ? o1 : -1;
                own2[r] = (o2 == a || o2 == b) ? o2 : -1;
                if (fx->owner[r] < 0) {
                    fx->owner[r] = own2[r];
                    own2[r] = -1;
                }
            }
        }
    for (int r = 0; r < R; r++) { /* both ends of every route crossing it: a pair's */
        fx->pair[2 * r] = fx->pair[2 * r + 1] = -1;
        if (fx->owner[r] >= 0 && own2[r] >= 0) {
            fx->pair[2 * r] = fx->owner[r];
            fx->pair[2 * r + 1] = own2[r];
        }
        if (fx->owner[r] < 0 || own2[r] >= 0)
            fx->owner[r] = -1;
    }
    return 0;
}

/* rmi_h2_fixed_new's private resources of each host by increasing index
 * (fx->pres from fx->pstart[h]) and their ranks (fx->rank, -1: shared),
 * from fx->owner; fill: scratch of H. 0, or -1 out of memory. */
static int private_resources(h2_fixed *fx, int R, int H, int *fill)
{
    for (int r = 0; r < R; r++)
        if (fx->owner[r] >= 0)
            fx->pstart[fx->owner[r] + 1]++;
    for (int h = 0; h < H; h++)
        fx->pstart[h + 1] += fx->pstart[h];
    fx->pres = malloc(((size_t)fx->pstart[H] + 1) * sizeof(int));
    if (!fx->pres)
        return -1;
    for (int h = 0; h < H; h++)
        fill[h] = fx->pstart[h];
    for (int r = 0; r < R; r++) {
        fx->rank[r] = -1;
        if (fx->owner[r] >= 0) {
            int h = fx->owner[r];
            fx->rank[r] = fill[h] - fx->pstart[h];
            fx->pres[fill[h]++] = r;
        }
    }
    return 0;
}

/* Set to 0 (tests only) to build the classes by reading every route. */
int rmi_h2_fixed_structural = 1;

h2_fixed *rmi_h2_fixed_new(const h2_work *wk)
{
    const rm_network *net = wk->net;
    const rm_platform *p = wk->p;
    int H = p->n_hosts, R = net->n_res;
    if (!rm_platform_fixes_routes(p) || H < 3 || !wk->hidx)
        return NULL;
    h2_fixed *fx = calloc(1, sizeof *fx);
    if (!fx)
        return NULL;
    fx_sig sg;
    int star = 0; /* the structural set-up: 1 one star zone, 2 clusters joined by gateways */
    memset(&sg, 0, sizeof sg);
    fx_tc tc = {-1, NULL, 0, 0, malloc(2 * (size_t)H * sizeof(int)), malloc(2 * (size_t)H * sizeof(int))};
    fx->room = p->n_links + 2;
    fx->n_host = H;
    fx->owner = malloc((size_t)(R + 1) * sizeof(int));
    fx->pair = malloc(2 * (size_t)(R + 1) * sizeof(int));
    int *own2 = malloc((size_t)(R + 1) * sizeof(int));
    fx->rank = malloc((size_t)(R + 1) * sizeof(int));
    fx->pstart = calloc((size_t)H + 2, sizeof(int));
    fx->pos_of = malloc((size_t)H * sizeof(int));
    fx->scr = malloc(2 * (size_t)fx->room * sizeof(int));
    fx_kh *kh = malloc((size_t)H * sizeof *kh);
    int *cls_of = fx->cls_of = malloc((size_t)H * sizeof(int));
    if (!fx->owner || !fx->pair || !own2 || !fx->rank || !fx->pstart || !fx->pos_of || !fx->scr || !kh || !cls_of ||
        !tc.off || !tc.len)
        goto fail;
    /* owners: the hosts every route crossing r starts or ends at (-2:
     * crossed by none yet, -1: none) */
    star = rmi_h2_fixed_structural ? zones_owners(wk, fx, &sg) : 0;
    if (star < 0)
        goto fail;
    if (star)
        star = sg.fz.C == 1 && !sg.fz.fact ? 1 : 2;
    /* a fat-tree: the owners from its route rectangles, the classes by
     * reading routes (walk: 0) */
    int walk = !star;
    if (walk && rmi_h2_fixed_structural) {
        int b = rect_owners(wk, fx);
        if (b < 0)
            goto fail;
        walk = !b;
    }
    if ((walk && walk_owners(wk, fx, own2) < 0) || private_resources(fx, R, H, cls_of) < 0)
        goto fail;
    /* classes: hosts of one key, in host order, each against the class's
     * first member and the members so far (routes both ways), private
     * resources increasing along the class */
    if (star && !zones_sig(wk, fx, &sg))
        goto fail;
    for (int h = 0; h < H; h++) {
        kh[h].key = star ? sig_key(wk, &sg, h) : host_key(wk, fx, h);
        kh[h].h = h;
        cls_of[h] = -1;
    }
    qsort(kh, (size_t)H, sizeof *kh, kh_cmp);
    fx->mem = malloc((size_t)H * sizeof(int));
    fx->cls_start = malloc(((size_t)H + 1) * sizeof(int));
    fx->nx = malloc(((size_t)H + 1) * sizeof(int));
    if (!fx->mem || !fx->cls_start || !fx->nx)
        goto fail;
    int nm = 0, nc = 0;
    long budget = 8L * H + 64; /* twin checks (O(H R) each); past it, hosts stay alone */
    for (int g = 0; g < H;) {
        int ge = g;
        while (ge < H && kh[ge].key == kh[g].key)
            ge++;
        /* hosts kh[g .. ge) in host order: greedy classes */
        for (int t = g; t < ge; t++) {
            int h = kh[t].h;
            if (cls_of[h] >= 0)
                continue;
            int last = h;
            fx->cls_start[nc] = nm;
            fx->mem[nm++] = h;
            cls_of[h] = nc;
            for (int u = t + 1; u < ge; u++) {
                int b = kh[u].h, ok = cls_of[b] < 0;
                int np = fx->pstart[h + 1] - fx->pstart[h];
                for (int o = 0; ok && o < np; o++)
                    ok = fx->pstart[b + 1] - fx->pstart[b] == np &&
                         (net->res_backbone[fx->pres[fx->pstart[h] + o]] ||
                          fx->pres[fx->pstart[b] + o] > fx->pres[fx->pstart[last] + o]);
                if (ok && star) {
                    ok = twins_pre(wk, fx, h, b) && sig_eq(&sg, h, b);
                } else if (ok && budget-- > 0) {
                    ok = twins(wk, fx, &tc, h, b);
                    if (ok < 0)
                        goto fail;
                } else {
                    ok = 0;
                }
                /* m -> b reads as b -> m for every member m so far: m -> b
                 * as h -> b (m twin of h, x = b), as b -> h (checked by
                 * twins), as b -> m (m twin of h, x = b); reading alike is
                 * equality of token sequences */
                if (ok) {
                    fx->mem[nm++] = b;
                    cls_of[b] = nc;
                    last = b;
                }
            }
            nc++;
        }
        g = ge;
    }
    fx->cls_start[nc] = nm;
    fx->n_class = nc;
    fx->star = star == 1;
    for (int c = 0; c < nc; c++)
        for (int m = fx->cls_start[c]; m < fx->cls_start[c + 1]; m++)
            fx->pos_of[fx->mem[m]] = m;
    for (int m = 0; m <= nm; m++)
        fx->nx[m] = m;
    free(own2);
    free(kh);
    tc_free(&tc);
    sig_free(&sg);
    return fx;
fail:
    sig_free(&sg);
    free(own2);
    free(kh);
    tc_free(&tc);
    rmi_h2_fixed_destroy(fx);
    return NULL;
}

void rmi_h2_fixed_remove(h2_fixed *fx, int h)
{
    if (!fx)
        return;
    int c = fx->cls_of[h], e = fx->cls_start[c + 1];
    /* nx[m]: the first position >= m of the class out of the ring (e: none) */
    int m = fx->pos_of[h];
    fx->nx[m] = m + 1 < e ? fx->nx[m + 1] : e;
    for (int k = m - 1; k >= fx->cls_start[c] && fx->nx[k] == m; k--)
        fx->nx[k] = fx->nx[m];
}

/* int compare */
static int int_cmp(const void *x, const void *y)
{
    int a = *(const int *)x, b = *(const int *)y;
    return (a > b) - (a < b);
}

/* Sort v[0 .. n) increasing: insertion for the few resources of four
 * routes, qsort beyond. */
static void sort_ints(int *v, int n)
{
    if (n > 32) {
        qsort(v, (size_t)n, sizeof *v, int_cmp);
        return;
    }
    for (int a = 1; a < n; a++) {
        int x = v[a], b = a - 1;
        while (b >= 0 && v[b] > x) {
            v[b + 1] = v[b];
            b--;
        }
        v[b + 1] = x;
    }
}

/* The cut positions of class members [b, e) (h: one of them) among the
 * resources S[0 .. ns), increasing, into cut (room for ns x h's private
 * resources): for each s and non-backbone private rank o, the first member
 * whose rank-o resource is above s, when inside (b, e). Returns their
 * count, unsorted. O(ns np log(e - b)). */
static int run_cuts(const rm_network *net, const h2_fixed *fx, int h, int b, int e, const int *S, int ns,
                    int *cut)
{
    int np = fx->pstart[h + 1] - fx->pstart[h], nc = 0;
    for (int x = 0; x < ns; x++)
        for (int o = 0; o < np; o++) {
            if (net->res_backbone[fx->pres[fx->pstart[h] + o]])
                continue; /* each route alone on it: its place is no matter */
            int lo = b, hi = e; /* first position with resource > S[x] */
            while (lo < hi) {
                int mid = lo + (hi - lo) / 2;
                int hm = fx->mem[mid];
                if (fx->pres[fx->pstart[hm] + o] > S[x])
                    hi = mid;
                else
                    lo = mid + 1;
            }
            if (lo > b && lo < e)
                cut[nc++] = lo;
        }
    return nc;
}

int rmi_h2_fixed_candidates(const h2_work *wk, const h2_fixed *fx, int i, int j, int *out, int *scr,
                            int scr_cap)
{
    const rm_network *net = wk->net;
    const rm_platform *p = wk->p;
    int n = 0;
    for (int c = 0; c < fx->n_class; c++) {
        int b = fx->cls_start[c], e = fx->cls_start[c + 1];
        int first = fx->nx[b];
        if (first >= e)
            continue; /* every member in the ring */
        int h = fx->mem[first], k = p->hosts[h];
        int np = fx->pstart[h + 1] - fx->pstart[h];
        if (e - b == 1 || np == 0) {
            out[n++] = h; /* one member, or nothing private to cut */
            continue;
        }
        /* S: the resources of k's four routes not private to k */
        int hi = wk->hidx[i], hj = wk->hidx[j];
        const int ends[4][2] = {{hi, h}, {h, hi}, {h, hj}, {hj, h}};
        int ns = 0, ok = 1;
        (void)k;
        for (int t = 0; t < 4 && ok; t++) {
            int room = scr_cap - ns;
            int m = room > 1 ? rmi_fixed_route_arcs_at(net, ends[t][0], ends[t][1], scr + ns, room - 1)
                             : -1;
            if (m < 0) {
                ok = 0;
                break;
            }
            int base = ns; /* arcs at base .., resources compacted to ns <= base + x */
            for (int x = 0; x < m; x++) {
                int r = net->arc_res[scr[base + x]];
                if (r >= 0 && fx->owner[r] != h && !net->res_backbone[r])
                    scr[ns++] = r;
            }
        }
        if (ok) {
            sort_ints(scr, ns);
            int u = 0;
            for (int x = 0; x < ns; x++)
                if (!u || scr[x] != scr[u - 1])
                    scr[u++] = scr[x];
            ns = u;
            /* cut positions: for each s and private rank o, the first
             * member whose rank-o resource is above s */
            int nc = 0;
            int *cut = scr + ns;
            if (ns + ns * np + 2 > scr_cap)
                ok = 0;
            else
                nc = run_cuts(net, fx, h, b, e, scr, ns, cut);
            if (ok) {
                cut[nc++] = e;
                sort_ints(cut, nc);
                int start = b;
                for (int x = 0; x < nc; x++) {
                    if (cut[x] <= start)
                        continue;
                    int f = fx->nx[start];
                    if (f < cut[x])
                        out[n++] = fx->mem[f];
                    start = cut[x];
                }
            }
        }
        if (!ok) /* out of room: every member out of the ring */
            for (int m = b; m < e; m++)
                if (!wk->in_ring[p->hosts[fx->mem[m]]])
                    out[n++] = fx->mem[m];
    }
    sort_ints(out, n);
    return n;
}

int rmi_h2_fixed_base(const h2_fixed *fx, int *out)
{
    int n = 0;
    for (int c = 0; c < fx->n_class; c++) {
        int b = fx->cls_start[c], e = fx->cls_start[c + 1];
        if (fx->nx[b] < e)
            out[n++] = fx->mem[fx->nx[b]];
    }
    sort_ints(out, n);
    return n;
}

/* ---- the incremental scan under fixed routes ------------------------------
 *
 * Ring edge i -> j's candidates are the runs of the twin classes (see the
 * file comment). A run's candidate k has four routes: i -> k and k -> i (the
 * routes between ring host i and class c), k -> j and j -> k. Every member's
 * routes cross the same resources that are not private to it (tokens of
 * other arcs are the arcs themselves; i's and j's private resources are
 * i's and j's), so per ring host x and class c the route x -> k and k -> x
 * are read once (fx_ri): those resources with their multiplicity on the
 * route (S-part), and the least width of the others (the member's private
 * resources, at full capacity while it is out of the ring, and backbones,
 * at their capacity): the route's width on any residual is the least of
 * these, bit for bit the walk's (rmi_fixed_route_width: min is exact and each
 * term is the same y / m).
 * A run's entry (fx_slot) keeps the widths (state 1), then the shares and
 * route costs (state 2), of the scan at which they were computed; it holds
 * while no S-part resource of the four routes changed its residual since
 * (fx->res_step) and the edge's own routes and bandwidths are the same
 * (fx_ec: else the cache is emptied), whichever member of the run is first
 * out of the ring (the twins' exactness argument: the same shares and costs
 * bit for bit). */

typedef struct fx_ri {
    int off, n; /* S-part: pool[off .. off + 2n) as (resource, multiplicity) */
    int len;    /* arcs of the route (0: no route) */
    double cw;  /* least width of its other arcs (INFINITY: none) */
} fx_ri;

typedef struct fx_hr {
    fx_ri *ri; /* 2 n_class: [2c] = x -> member, [2c + 1] = member -> x */
    int *pool, n_pool;
} fx_hr;

typedef struct fx_slot {
    int c, b, e;        /* class, run of member positions [b, e) */
    int state;          /* 0: nothing, 1: widths, 2: shares and costs */
    int ok;             /* state 2: every share > 0 */
    unsigned long step; /* the scan the entry was computed at */
    double w[4], x[4], cst[4];
    int wr[4], wm[4];   /* each route's witness (wit_holds): resource (-1:
                           none), its multiplicity on the route */
} fx_slot;

/* distinct cycle-times an edge's summary keeps (more: no summary) */
#define FX_GRP 8

typedef struct fx_ec {
    int j; /* -1: empty */
    double bw[2];
    fx_slot *slot;
    int n_slot, cap_slot;
    /* the summary (vmin_ok): per cycle-time gw[g], the least 1 / width of
     * each route over the runs of that cycle-time (a lower bound of its
     * cost) */
    int vmin_ok, n_grp;
    double gw[FX_GRP], gv[FX_GRP][4];
    int *cfirst; /* n_class + 1: the runs of class c at slot[cfirst[c] .. cfirst[c + 1]) */
} fx_ec;

/* The (ring host, class) pairs whose routes cross one resource, as
 * e[2k], e[2k + 1], in no order (the pushes are sorted). */
typedef struct fx_rvec {
    int *e;
    int n, cap;
} fx_rvec;

static void hr_free(fx_hr *h)
{
    if (!h)
        return;
    free(h->ri);
    free(h->pool);
    free(h);
}

static void fx_inc_free(h2_fixed *fx, int H)
{
    if (fx->hr)
        for (int h = 0; h < H; h++)
            hr_free(fx->hr[h]);
    if (fx->ec)
        for (int h = 0; h < H; h++) {
            free(fx->ec[h].slot);
            free(fx->ec[h].cfirst);
        }
    free(fx->hr);
    free(fx->ec);
    free(fx->res_step);
    free(fx->res_prev);
    if (fx->rv)
        for (int r = 0; r < fx->n_rv; r++)
            free(fx->rv[r].e);
    free(fx->rv);
    free(fx->mark_x);
    free(fx->mark_c);
    free(fx->pos);
    free(fx->pushf);
    free(fx->up);
    free(fx->cbits);
    free(fx->work);
    fx->pushf = NULL;
    fx->up = NULL;
    fx->cbits = NULL;
    fx->work = NULL;
    fx->cap_work = 0;
    fx->hr = NULL;
    fx->ec = NULL;
    fx->res_step = NULL;
    fx->res_prev = NULL;
    fx->rv = NULL;
    fx->n_rv = 0;
    fx->mark_x = fx->mark_c = fx->pos = NULL;
    fx->inc = 0;
}

int rmi_h2_fixed_inc_init(const h2_work *wk, h2_fixed *fx)
{
    int H = wk->p->n_hosts, R = wk->net->n_res;
    fx->res_step = calloc((size_t)R + 1, sizeof *fx->res_step);
    fx->res_prev = malloc(((size_t)R + 1) * sizeof *fx->res_prev);
    fx->hr = calloc((size_t)H, sizeof *fx->hr);
    fx->ec = calloc((size_t)H, sizeof *fx->ec);
    fx->rv = calloc((size_t)R + 1, sizeof *fx->rv);
    fx->n_rv = R;
    fx->mark_x = malloc(((size_t)R + 1) * sizeof *fx->mark_x);
    fx->mark_c = malloc(((size_t)R + 1) * sizeof *fx->mark_c);
    fx->pos = malloc(((size_t)H + 1) * sizeof *fx->pos);
    fx->pushf = calloc((size_t)H + 1, 1);
    fx->up = malloc(((size_t)R + 1) * sizeof *fx->up);
    fx->cwords = (fx->n_class + 63) / 64;
    fx->cbits = calloc((size_t)H * (size_t)fx->cwords + 1, sizeof *fx->cbits);
    if (!fx->res_step || !fx->res_prev || !fx->hr || !fx->ec || !fx->rv || !fx->mark_x ||
        !fx->mark_c || !fx->pos || !fx->pushf || !fx->up || !fx->cbits) {
        fx_inc_free(fx, H);
        return 0;
    }
    for (int h = 0; h < H; h++)
        fx->ec[h].j = -1;
    for (int r = 0; r < R; r++)
        fx->mark_x[r] = -1;
    memcpy(fx->res_prev, wk->residual, (size_t)R * sizeof(double));
    fx->step = 0;
    fx->inc_bytes = 0;
    fx->inc_budget = atomic_load(&rmi_h2_cache_budget);
    if (fx->inc_budget <= 0)
        fx->inc_budget = H2_FIXED_INC_BUDGET;
    fx->inc = 1;
    return 1;
}

atomic_long rmi_h2_fixed_inc_dropped;

/* Read route s -> d (host indices; member: the class member end) into ri,
 * its S-part appended to hr's pool (room for cap pairs). 0 on ENOMEM. */
static int ri_read(const h2_work *wk, const h2_fixed *fx, fx_hr *hr, int *cap, int s, int d, int member,
                   int *arcs, int room, fx_ri *ri)
{
    const rm_network *net = wk->net;
    int n = rmi_fixed_route_arcs_at(net, s, d, arcs, room - 1);
    ri->off = hr->n_pool;
    ri->n = 0;
    ri->len = n > 0 ? n : 0;
    ri->cw = INFINITY;
    for (int x = 0; x < n; x++) {
        int r = net->arc_res[arcs[x]];
        if (r < 0) { /* not on a walk fx was built from: as no width */
            ri->cw = 0.0;
            continue;
        }
        int m = 1, first = 1;
        if (!net->res_backbone[r])
            for (int y = 0; y < n; y++)
                if (y != x && net->arc_res[arcs[y]] == r) {
                    m++;
                    if (y < x)
                        first = 0;
                }
        if (net->res_backbone[r] || fx->owner[r] == member) {
            /* at its capacity: direct_arc_width's value, then / m */
            double y = net->res_cap[r];
            y = y > 0.0 ? y : 0.0;
            y /= m;
            if (y < ri->cw)
                ri->cw = y;
            continue;
        }
        if (!first)
            continue; /* one entry per resource */
        if (hr->n_pool + 2 > *cap) {
            int c = *cap ? 2 * *cap : 64;
            int *b = realloc(hr->pool, (size_t)c * sizeof *b);
            if (!b)
                return 0;
            hr->pool = b;
            *cap = c;
        }
        hr->pool[hr->n_pool++] = r;
        hr->pool[hr->n_pool++] = m;
        ri->n++;
    }
    return 1;
}

void rmi_h2_fixed_join(const h2_work *wk, h2_fixed *fx, int h)
{
    if (!fx || !fx->inc)
        return;
    int C = fx->n_class, cap = 0;
    fx_hr *hr = calloc(1, sizeof *hr);
    if (!hr || !(hr->ri = calloc(2 * (size_t)C + 1, sizeof *hr->ri))) {
        hr_free(hr);
        fx_inc_free(fx, wk->p->n_hosts);
        return;
    }
    int *arcs = malloc((size_t)fx->room * sizeof *arcs);
    if (!arcs) {
        hr_free(hr);
        fx_inc_free(fx, wk->p->n_hosts);
        return;
    }
    for (int c = 0; c < C; c++) {
        int b = fx->cls_start[c], e = fx->cls_start[c + 1];
        if (fx->nx[b] >= e)
            continue; /* every member in the ring: never a candidate again */
        int m0 = fx->mem[b] == h && b + 1 < e ? fx->mem[b + 1] : fx->mem[b];
        if (m0 == h)
            continue;
        if (!ri_read(wk, fx, hr, &cap, h, m0, m0, arcs, fx->room, &hr->ri[2 * c]) ||
            !ri_read(wk, fx, hr, &cap, m0, h, m0, arcs, fx->room, &hr->ri[2 * c + 1])) {
            free(arcs);
            hr_free(hr);
            fx_inc_free(fx, wk->p->n_hosts);
            return;
        }
        /* the runs of class c on h's two edges follow these resources */
        for (int d = 0; d < 2; d++) {
            const fx_ri *ri = &hr->ri[2 * c + d];
            for (int x = 0; x < ri->n; x++) {
                int r = hr->pool[ri->off + 2 * x];
                if (fx->mark_x[r] == h && fx->mark_c[r] == c)
                    continue;
                fx->mark_x[r] = h;
                fx->mark_c[r] = c;
                fx_rvec *rv = &fx->rv[r];
                if (rv->n >= rv->cap) {
                    int nc = rv->cap ? 2 * rv->cap : 16;
                    int *nb = realloc(rv->e, 2 * (size_t)nc * sizeof *nb);
                    if (!nb) {
                        free(arcs);
                        hr_free(hr);
                        fx_inc_free(fx, wk->p->n_hosts);
                        return;
                    }
                    rv->e = nb;
                    rv->cap = nc;
                }
                rv->e[2 * rv->n] = h;
                rv->e[2 * rv->n + 1] = c;
                rv->n++;
            }
        }
    }
    free(arcs);
    fx->hr[h] = hr;
    /* h's routes and lists, and the cache of the ring edge leaving it (at
     * most one slot a class): past the budget, the plain scan */
    fx->inc_bytes += (2 * (size_t)C + 1) * sizeof *hr->ri + (size_t)cap * sizeof *hr->pool +
                     (size_t)hr->n_pool * sizeof(int) + ((size_t)C + 1) * (sizeof(int) + sizeof(fx_slot));
    if (fx->inc_bytes > (size_t)fx->inc_budget) {
        fx_inc_free(fx, wk->p->n_hosts);
        atomic_fetch_add(&rmi_h2_fixed_inc_dropped, 1);
    }
}

static void push_runs(h2_work *wk, const rm_ring_state *s, int t, int c);

static int long_cmp(const void *x, const void *y)
{
    long a = *(const long *)x, b = *(const long *)y;
    return (a > b) - (a < b);
}

void rmi_h2_fixed_step(h2_work *wk, const rm_ring_state *s, const int *tl, int nt, int all)
{
    h2_fixed *fx = wk->fx;
    if (!fx || !fx->inc)
        return;
    fx->step++;
    int nr = all ? wk->net->n_res : nt, n_up = 0;
    for (int x = 0; x < nr; x++) {
        int r = all ? x : tl[x];
        if (memcmp(&wk->residual[r], &fx->res_prev[r], sizeof(double)) != 0) {
            if (!all && !(wk->residual[r] < fx->res_prev[r]))
                fx->up[n_up++] = r; /* went up (or NaN): pushed */
            fx->res_step[r] = fx->step;
            fx->res_prev[r] = wk->residual[r];
        }
    }
    if (all) { /* every summary is visited again (its runs checked there) */
        for (int h = 0; h < fx->n_host; h++)
            fx->ec[h].vmin_ok = 0;
        return;
    }
    for (int h = 0; h < fx->n_host; h++)
        fx->pos[h] = -1;
    for (int e = 0; e < s->q; e++) {
        int t = wk->hidx[s->ring[e]], ni = (e + 1) % s->q;
        fx_ec *ec = &fx->ec[t];
        double b0 = s->succ[e].bandwidth, b1 = s->pred[ni].bandwidth;
        fx->pos[t] = e;
        fx->pushf[t] = ec->vmin_ok && ec->j == s->ring[ni] && memcmp(&ec->bw[0], &b0, sizeof b0) == 0 &&
                       memcmp(&ec->bw[1], &b1, sizeof b1) == 0;
    }
    /* each resource that went up: the runs of the (ring host, class)
     * routes crossing it, on the host's two edges with a summary, each
     * (edge, class) once, by edge */
    int nw = 0, W = fx->cwords;
    for (int x = 0; x < n_up; x++) {
        int r = fx->up[x];
        fx_rvec *rv = &fx->rv[r];
        for (int v = 0; v < rv->n;) {
            int h = rv->e[2 * v], c = rv->e[2 * v + 1], e = fx->pos[h];
            if (fx->nx[fx->cls_start[c]] >= fx->cls_start[c + 1]) {
                /* every member of class c in the ring: never a candidate
                 * again, its runs are never pushed (push_runs skips them) */
                rv->n--;
                rv->e[2 * v] = rv->e[2 * rv->n];
                rv->e[2 * v + 1] = rv->e[2 * rv->n + 1];
                atomic_fetch_add_explicit(&rmi_h2_fixed_rev_unlinked, 1, memory_order_relaxed);
                continue;
            }
            v++;
            if (e < 0)
                continue;
            int tt[2] = {h, wk->hidx[s->ring[(e + s->q - 1) % s->q]]}; /* h -> succ, pred -> h */
            for (int u = 0; u < 2; u++) {
                int t = tt[u];
                unsigned long long *bw = fx->cbits + (size_t)t * W + (c >> 6), bit = 1ULL << (c & 63);
                if (!fx->pushf[t] || (*bw & bit))
                    continue;
                *bw |= bit;
                if (nw >= fx->cap_work) {
                    int nc2 = fx->cap_work ? 2 * fx->cap_work : 1024;
                    long *nb = realloc(fx->work, (size_t)nc2 * sizeof *nb);
                    if (!nb) { /* every summary visited again */
                        for (int y = 0; y < nw; y++)
                            fx->cbits[(size_t)(fx->work[y] >> 32) * W + ((fx->work[y] & 0xffffffff) >> 6)] = 0;
                        fx->cbits[(size_t)t * W + (c >> 6)] = 0;
                        for (int g = 0; g < fx->n_host; g++)
                            fx->ec[g].vmin_ok = 0;
                        return;
                    }
                    fx->work = nb;
                    fx->cap_work = nc2;
                }
                fx->work[nw++] = ((long)t << 32) | c;
            }
        }
    }
    if (nw > 1)
        qsort(fx->work, (size_t)nw, sizeof *fx->work, long_cmp);
    for (int y = 0; y < nw; y++) {
        int t = (int)(fx->work[y] >> 32), c = (int)(fx->work[y] & 0xffffffff);
        fx->cbits[(size_t)t * W + (c >> 6)] = 0;
        push_runs(wk, s, t, c);
    }
}

/* Residual y of resource r with ring edge e's routes g[0 .. 2) given back
 * (scan_give_back's res2: each crossing adds its bandwidth, then the
 * capacity clamps), the routes' resources marked in wk->stamp. */
static inline double gb_res(const h2_work *wk, int r, double y, const rm_route *const *g)
{
    const rm_network *net = wk->net;
    if (wk->stamp[r] == wk->stamp_now) {
        for (int t = 0; t < 2; t++)
            for (int a = 0; a < g[t]->n_arcs; a++) {
                int ga = g[t]->arcs[a];
                if (ga >= 0 && ga < net->n_arcs && net->arc_res[ga] == r)
                    y -= -1 * g[t]->bandwidth;
            }
        if (y > net->res_cap[r])
            y = net->res_cap[r];
    }
    return y;
}

/* Width of route ri on the residual with ring edge e's routes g[0 .. 2)
 * given back (gb_res). */
static double ri_width_gb(const h2_work *wk, const fx_hr *hr, const fx_ri *ri, const rm_route *const *g,
                          int *wr, int *wm)
{
    *wr = -1;
    if (ri->len <= 0)
        return 0.0;
    double x = ri->cw;
    const int *p = hr->pool ? hr->pool + ri->off : NULL; /* no pool: ri->n is 0 */
    for (int k = 0; k < ri->n; k++) {
        int r = p[2 * k];
        double y = gb_res(wk, r, wk->residual[r], g);
        y = y > 0.0 ? y : 0.0;
        y /= p[2 * k + 1];
        if (y < x) {
            x = y;
            *wr = r;
            *wm = p[2 * k + 1];
        }
    }
    return x > 0.0 ? x : 0.0;
}

/* The push bound (rmi_h2_fixed_push_bound): 1 when the term of the route's
 * witness (resource r of multiplicity m on it, the S-part entry whose term
 * gave its stored width w; -1: its other arcs or no route, both fixed) is
 * still at most w on this step's
 * residual given back, so that the route's width now, the least of its
 * terms, is at most w. When that holds for the four routes of a run, its
 * recomputed 1 / width would not lower any entry of the edge's summary
 * (each at most the run's 1 / w, folded when w was stored): skipping it
 * leaves the summary bit for bit as the recomputation would, and the scan
 * recomputes the run anyway when it reaches it (its S-part changed:
 * ri_same). O(1). */
static inline int wit_holds(const h2_work *wk, int r, int m, double w, const rm_route *const *g)
{
    if (r < 0)
        return 1;
    double y = gb_res(wk, r, wk->residual[r], g);
    y = y > 0.0 ? y : 0.0;
    y /= m;
    return y <= w;
}

/* Fold a run of cycle-time wkk and route costs (lower bounds) v into ec's
 * summary. */
static void ec_fold(fx_ec *ec, double wkk, const double *v)
{
    int g = 0;
    while (g < ec->n_grp && memcmp(&ec->gw[g], &wkk, sizeof wkk) != 0)
        g++;
    if (g == ec->n_grp) {
        if (g == FX_GRP) {
            ec->vmin_ok = 0; /* too many cycle-times: no summary */
            return;
        }
        ec->gw[g] = wkk;
        for (int t = 0; t < 4; t++)
            ec->gv[g][t] = v[t];
        ec->n_grp++;
        return;
    }
    for (int t = 0; t < 4; t++)
        if (v[t] < ec->gv[g][t])
            ec->gv[g][t] = v[t];
}

/* The route cost lower bounds of a run's entry into v, 1 / width (a cost is
 * 1 / share plus a latency term >= 0, a share at most its route's width): 0
 * when a width is 0. A residual that only went down since keeps them lower
 * bounds (the widths only went down), so only increases are pushed. */
static int slot_vec(const fx_slot *sl, double *v)
{
    if (!(sl->w[0] > 0 && sl->w[1] > 0 && sl->w[2] > 0 && sl->w[3] > 0))
        return 0;
    for (int t = 0; t < 4; t++)
        v[t] = 1.0 / sl->w[t];
    return 1;
}

/* Set to 0 (tests only) to recompute every run a raised residual reaches. */
int rmi_h2_fixed_push_bound = 1;
atomic_long rmi_h2_fixed_push_skips;
atomic_long rmi_h2_fixed_rev_unlinked;

/* The runs of class c on the edge leaving ring host index t (with a
 * summary, matching the ring: fx->pushf[t]): their widths on this step's
 * residual (the edge's routes given back), folded into the edge's summary;
 * runs whose widths cannot have risen (wit_holds) are left as they are. */
static void push_runs(h2_work *wk, const rm_ring_state *s, int t, int c)
{
    h2_fixed *fx = wk->fx;
    fx_ec *ec = &fx->ec[t];
    int lo = ec->cfirst[c], hi = ec->cfirst[c + 1];
    int e = fx->pos[t], ni = (e + 1) % s->q, j = s->ring[ni];
    const rm_route *g[2] = {&s->succ[e], &s->pred[ni]};
    const fx_hr *A = fx->hr[t], *B = fx->hr[wk->hidx[j]];
    const fx_ri *r4[4] = {&A->ri[2 * c], &A->ri[2 * c + 1], &B->ri[2 * c + 1], &B->ri[2 * c]};
    const fx_hr *h4[4] = {A, A, B, B};
    int marked = 0;
    for (int x = lo; x < hi; x++) {
        fx_slot *sl = &ec->slot[x];
        if (fx->nx[sl->b] >= sl->e || !sl->state || (sl->state == 1 && sl->step == fx->step))
            continue; /* a run all in the ring, never computed, or done this step */
        if (!marked) { /* the edge's routes, given back */
            wk->stamp_now++;
            for (int u = 0; u < 2; u++)
                for (int a = 0; a < g[u]->n_arcs; a++) {
                    int ga = g[u]->arcs[a];
                    int r = ga >= 0 && ga < wk->net->n_arcs ? wk->net->arc_res[ga] : -1;
                    if (r >= 0)
                        wk->stamp[r] = wk->stamp_now;
                }
            marked = 1;
        }
        if (rmi_h2_fixed_push_bound && wit_holds(wk, sl->wr[0], sl->wm[0], sl->w[0], g) &&
            wit_holds(wk, sl->wr[1], sl->wm[1], sl->w[1], g) && wit_holds(wk, sl->wr[2], sl->wm[2], sl->w[2], g) &&
            wit_holds(wk, sl->wr[3], sl->wm[3], sl->w[3], g)) {
            atomic_fetch_add_explicit(&rmi_h2_fixed_push_skips, 1, memory_order_relaxed);
            continue;
        }
        for (int u = 0; u < 4; u++)
            sl->w[u] = ri_width_gb(wk, h4[u], r4[u], g, &sl->wr[u], &sl->wm[u]);
        sl->state = 1;
        sl->step = fx->step;
        double v[4];
        if (slot_vec(sl, v))
            ec_fold(ec, wk->p->nodes[wk->p->hosts[fx->mem[fx->nx[sl->b]]]].w, v);
        if (!ec->vmin_ok)
            return;
    }
}

/* The least fast_eval_lb of ec's summary on c's sums as they are. */
static double summary_lb(const fx_ec *ec, const edge_ctx *c, int par)
{
    double lb = INFINITY;
    for (int g = 0; g < ec->n_grp; g++) {
        const double *v = ec->gv[g];
        double T = rmi_h2_fast_eval_lb(&c->ev, c->wi, rm_host_cost(v[0], c->ci_keep, par), c->wj,
                                       rm_host_cost(c->cj_keep, v[3], par), ec->gw[g],
                                       rm_host_cost(v[2], v[1], par));
        if (T < lb)
            lb = T;
    }
    return lb;
}

/* ec, the cache of ring edge e (context c), when it holds the edge (same
 * head, same bandwidths) with a summary; else NULL. */
static const fx_ec *summary_of(const h2_work *wk, const rm_ring_state *s, int e, const edge_ctx *c)
{
    const fx_ec *ec = &wk->fx->ec[wk->hidx[c->i]];
    double b0 = s->succ[e].bandwidth, b1 = s->pred[c->ni].bandwidth;
    if (!ec->vmin_ok ||
        !(ec->j == c->j && memcmp(&ec->bw[0], &b0, sizeof b0) == 0 && memcmp(&ec->bw[1], &b1, sizeof b1) == 0))
        return NULL;
    return ec;
}

double rmi_h2_fixed_edge_lb(const h2_work *wk, const rm_ring_state *s, int e, edge_ctx *c)
{
    const fx_ec *ec = summary_of(wk, s, e, c);
    if (!ec)
        return -INFINITY;
    if (c->exact < 1) {
        if (wk->seq_inv.pre && wk->seq_cw.pre && wk->seq_inv.n == s->q && wk->seq_cw.n == s->q)
            rmi_h2_edge_ctx_exact(c, wk, s, e);
        else
            return -INFINITY;
    }
    return summary_lb(ec, c, s->cost.parallel_send);
}

double rmi_h2_fixed_edge_lb_order(const h2_work *wk, const rm_ring_state *s, int e, const edge_ctx *c)
{
    const fx_ec *ec = summary_of(wk, s, e, c);
    if (!ec)
        return -INFINITY;
    double lb = summary_lb(ec, c, s->cost.parallel_send);
    /* inexact sums: T_step values within a relative H2_CTX_REL of the exact
     * ones (sharedring_internal.h), and one more rounding of the product */
    return c->exact ? lb : lb * (1.0 - 2 * H2_CTX_REL - 1e-12);
}

/* The runs of every class with a member out of the ring for edge i -> j
 * (host indices) into ec (rmi_h2_fixed_candidates's cuts). 0 on ENOMEM. */
static int ec_build(const h2_work *wk, const h2_fixed *fx, fx_ec *ec, int hi, int hj, int *scr, int scr_cap)
{
    const rm_network *net = wk->net;
    const fx_hr *A = fx->hr[hi], *B = fx->hr[hj];
    ec->n_slot = 0;
    ec->vmin_ok = 0;
    if (!ec->cfirst && !(ec->cfirst = malloc(((size_t)fx->n_class + 1) * sizeof *ec->cfirst)))
        return 0;
    for (int c = 0; c < fx->n_class; c++) {
        int b = fx->cls_start[c], e = fx->cls_start[c + 1];
        ec->cfirst[c] = ec->n_slot;
        if (fx->nx[b] >= e)
            continue;
        int h = fx->mem[fx->nx[b]];
        int np = fx->pstart[h + 1] - fx->pstart[h];
        int nc = 0;
        int *cut = NULL;
        if (e - b > 1 && np > 0) {
            /* S: the four routes' S-parts */
            const fx_ri *rs[4] = {&A->ri[2 * c], &A->ri[2 * c + 1], &B->ri[2 * c + 1], &B->ri[2 * c]};
            const int *pl[4] = {A->pool, A->pool, B->pool, B->pool};
            int ns = 0;
            for (int t = 0; t < 4; t++)
                for (int x = 0; x < rs[t]->n && ns < scr_cap; x++)
                    scr[ns++] = pl[t][rs[t]->off + 2 * x];
            sort_ints(scr, ns);
            int u = 0;
            for (int x = 0; x < ns; x++)
                if (!u || scr[x] != scr[u - 1])
                    scr[u++] = scr[x];
            ns = u;
            cut = scr + ns;
            if (ns + ns * np + 2 > scr_cap || e - b + 2 > scr_cap) {
                /* out of room: every member a run of its own */
                for (int m = b + 1; m < e; m++)
                    scr[nc++] = m;
                cut = scr;
                ns = 0;
            }
            nc += run_cuts(net, fx, h, b, e, scr, ns, cut + nc);
            sort_ints(cut, nc);
        }
        int start = b;
        for (int x = 0; x <= nc; x++) {
            int end = x < nc ? cut[x] : e;
            if (end <= start)
                continue;
            if (fx->nx[start] < end) {
                if (ec->n_slot >= ec->cap_slot) {
                    int cc = ec->cap_slot ? 2 * ec->cap_slot : 16;
                    fx_slot *nb = realloc(ec->slot, (size_t)cc * sizeof *nb);
                    if (!nb)
                        return 0;
                    ec->slot = nb;
                    ec->cap_slot = cc;
                }
                fx_slot *sl = &ec->slot[ec->n_slot++];
                memset(sl, 0, sizeof *sl);
                sl->c = c;
                sl->b = start;
                sl->e = end;
            }
            start = end;
        }
    }
    ec->cfirst[fx->n_class] = ec->n_slot;
    return 1;
}

int rmi_h2_fixed_runs(const h2_work *wk, const h2_fixed *fx, int i, int j, int *out)
{
    int hi = wk->hidx[i], hj = wk->hidx[j];
    if (!fx->inc || !fx->hr[hi] || !fx->hr[hj] || !wk->fx_arcs)
        return -1;
    fx_ec ec = {.j = -1};
    int n = -1;
    if (ec_build(wk, fx, &ec, hi, hj, wk->fx_arcs, 4 * wk->fx_room)) {
        n = 0;
        for (int x = 0; x < ec.n_slot; x++)
            if (fx->nx[ec.slot[x].b] < ec.slot[x].e)
                out[n++] = fx->mem[fx->nx[ec.slot[x].b]];
        sort_ints(out, n);
    }
    free(ec.slot);
    free(ec.cfirst);
    return n;
}

/* 1 when no S-part resource of route ri changed after scan st. */
static inline int ri_same(const h2_fixed *fx, const fx_hr *hr, const fx_ri *ri, unsigned long st)
{
    const int *p = hr->pool ? hr->pool + ri->off : NULL; /* no pool: ri->n is 0 */
    for (int x = 0; x < ri->n; x++)
        if (fx->res_step[p[2 * x]] > st)
            return 0;
    return 1;
}

/* Width of route ri on res (rmi_fixed_route_width's value). */
static inline double ri_width(const fx_hr *hr, const fx_ri *ri, const double *res, int *wr, int *wm)
{
    *wr = -1;
    if (ri->len <= 0)
        return 0.0;
    double x = ri->cw;
    const int *p = hr->pool ? hr->pool + ri->off : NULL; /* no pool: ri->n is 0 */
    for (int k = 0; k < ri->n; k++) {
        double y = res[p[2 * k]];
        y = y > 0.0 ? y : 0.0;
        y /= p[2 * k + 1];
        if (y < x) {
            x = y;
            *wr = p[2 * k];
            *wm = p[2 * k + 1];
        }
    }
    return x > 0.0 ? x : 0.0;
}

/* (T, e, h) before the scan's best (least T_step, then ring edge, then host
 * index: the reference's first strict improvement in its scan order). */
static inline int fx_beats(const h2_scan *sc, double T, int e, int h, int bh)
{
    return T < sc->bestT || (T == sc->bestT && (e < sc->bs || (e == sc->bs && h < bh)));
}

/* The four routes of candidate node k of edge i -> j into wk->cand with
 * their widths on wk->res2 (fixed_cand's walk). */
static rm_status fx_routes(h2_work *wk, int i, int j, int k, rm_error *err)
{
    const int hi = wk->hidx[i], hj = wk->hidx[j], h = wk->hidx[k];
    const int ends[4][2] = {{i, k}, {k, i}, {k, j}, {j, k}};
    const int hend[4][2] = {{hi, h}, {h, hi}, {h, hj}, {hj, h}};
    for (int t = 0; t < 4; t++) {
        double w;
        int *arcs = wk->fx_arcs + (size_t)t * wk->fx_room;
        int n = rmi_fixed_route_width_at(wk->net, wk->res2, hend[t][0], hend[t][1], ends[t][0],
                                         ends[t][1], arcs, &w);
        if (n < 0)
            return rm_error_set(err, RM_EINPUT, "fixed route %s -> %s is not a walk over usable links",
                                wk->p->nodes[ends[t][0]].label, wk->p->nodes[ends[t][1]].label);
        rm_route r = {ends[t][0], ends[t][1], n, arcs, w};
        if (rm_route_copy(&wk->cand[t], &r))
            return rm_error_set(err, RM_ENOMEM, "out of memory for a route of %d arcs", n);
    }
    return RM_OK;
}

int rmi_h2_fixed_edge_pruned(const h2_scan *sc, int e)
{
    h2_work *wk = sc->wk;
    const rm_ring_state *s = sc->s;
    edge_ctx *cp = &wk->ectx[e];
    /* the edge is visited: its sums made exact here, once (the scan's copy
     * of the context then starts exact) */
    if (cp->exact < 1 && wk->seq_inv.pre && wk->seq_cw.pre && wk->seq_inv.n == s->q && wk->seq_cw.n == s->q)
        rmi_h2_edge_ctx_exact(cp, wk, s, e);
    edge_ctx c = *cp;
    const fx_ec *ec = summary_of(wk, s, e, &c);
    if (!ec || !c.exact)
        return 0;
    double lb = summary_lb(ec, &c, s->cost.parallel_send);
    double lim = atomic_load_explicit(sc->gbest, memory_order_relaxed);
    return lb > sc->bestT || (lb == sc->bestT && e > sc->bs) || lb > lim;
}

rm_status rmi_h2_fixed_scan_cached(h2_scan *sc, int e, edge_ctx *c, rm_error *err)
{
    h2_work *wk = sc->wk;
    h2_fixed *fx = wk->fx;
    const rm_ring_state *s = sc->s;
    const rm_platform *p = wk->p;
    int par = s->cost.parallel_send, i = c->i, j = c->j;
    int hi = wk->hidx[i], hj = wk->hidx[j];
    double wi = c->wi, wj = c->wj, ci_keep = c->ci_keep, cj_keep = c->cj_keep;
    fx_ec *ec = &fx->ec[hi];
    rm_status st = RM_OK;
    /* the edge's two routes are given back on wk->res2 (scan_give_back) only
     * when a run reads res2 (its widths, k's bound, its routes and shares);
     * runs kept from an earlier scan are evaluated from their costs alone */
    int gb = 0;
#define FX_GIVE_BACK()                                                                                     \
    do {                                                                                                   \
        if (!gb) {                                                                                         \
            rmi_h2_scan_give_back(wk, s, e);                                                               \
            gb = 1;                                                                                        \
        }                                                                                                  \
    } while (0)
    double b0 = s->succ[e].bandwidth, b1 = s->pred[c->ni].bandwidth;
    if (!(ec->j == j && memcmp(&ec->bw[0], &b0, sizeof b0) == 0 && memcmp(&ec->bw[1], &b1, sizeof b1) == 0)) {
        ec->j = -1;
        if (!ec_build(wk, fx, ec, hi, hj, wk->fx_arcs, 4 * wk->fx_room))
            return rm_error_set(err, RM_ENOMEM, "out of memory in SharedRing (fixed-route cache)");
        ec->j = j;
        ec->bw[0] = b0;
        ec->bw[1] = b1;
    }
    const fx_hr *A = fx->hr[hi], *B = fx->hr[hj];
    int bh = sc->bk >= 0 ? wk->hidx[sc->bk] : -1;
    if (ec->vmin_ok && c->exact) {
        /* the summary's bound (rmi_h2_fixed_edge_lb, exact): every run's
         * T_step is at least it; ties go to the least ring edge */
        double lb = rmi_h2_fixed_edge_lb(wk, s, e, c);
        double lim = atomic_load_explicit(sc->gbest, memory_order_relaxed);
        if (lb > sc->bestT || (lb == sc->bestT && e > sc->bs) || lb > lim)
            return RM_OK;
    }
    for (int x = 0; x < ec->n_slot; x++) {
        fx_slot *sl = &ec->slot[x];
        int rep = fx->nx[sl->b];
        if (rep >= sl->e)
            continue; /* every member of the run in the ring */
        int h = fx->mem[rep], k = p->hosts[h], cc = sl->c;
        const fx_ri *r4[4] = {&A->ri[2 * cc], &A->ri[2 * cc + 1], &B->ri[2 * cc + 1], &B->ri[2 * cc]};
        const fx_hr *h4[4] = {A, A, B, B};
        if (sl->state && !(ri_same(fx, A, r4[0], sl->step) && ri_same(fx, A, r4[1], sl->step) &&
                           ri_same(fx, B, r4[2], sl->step) && ri_same(fx, B, r4[3], sl->step)))
            sl->state = 0;
        if (!sl->state) {
            FX_GIVE_BACK();
            for (int t = 0; t < 4; t++)
                sl->w[t] = ri_width(h4[t], r4[t], wk->res2, &sl->wr[t], &sl->wm[t]);
            sl->state = 1;
            sl->step = fx->step;
        }
        double wkk = p->nodes[k].w;
        double lim = atomic_load_explicit(sc->gbest, memory_order_relaxed);
        int fresh = 0;
        if (sl->state == 1) {
            const double *w = sl->w;
            if (!(w[0] > 0 && w[1] > 0 && w[2] > 0 && w[3] > 0))
                continue;
            /* scan_prune's bound: T_step of the widths alone */
            double Tl = rmi_h2_fast_eval_lb(&c->ev, wi, rm_host_cost(1.0 / w[0], ci_keep, par), wj,
                                            rm_host_cost(cj_keep, 1.0 / w[3], par), wkk,
                                            rm_host_cost(1.0 / w[2], 1.0 / w[1], par));
            double mg = c->exact ? 1.0 - 1e-12 : 1.0 - 2 * H2_CTX_REL - 1e-12;
            if (Tl * mg > sc->bestT || Tl * mg > lim)
                continue;
            if (c->exact && !(Tl < sc->bestT) && !fx_beats(sc, Tl, e, h, bh))
                continue;
            /* k's access link shared by its routes, before building them */
            FX_GIVE_BACK();
            if (rmi_h2_k_bound(wk, c, h, wkk, w, wk->res2, par, sc->dc_dw) * mg > (sc->bestT < lim ? sc->bestT : lim))
                continue;
            if ((st = fx_routes(wk, i, j, k, err)))
                goto out;
            double a[4] = {1.0 / wi, 1.0 / wkk, 1.0 / wkk, 1.0 / wj};
            if ((st = rmi_h2_share_routes(wk, wk->res2, 4, wk->cand, a, sl->x, err)))
                goto out;
            sl->ok = sl->x[0] > 0 && sl->x[1] > 0 && sl->x[2] > 0 && sl->x[3] > 0;
            if (sl->ok)
                for (int t = 0; t < 4; t++)
                    sl->cst[t] = rmi_ring_state_route_cost(wk->net, s, &wk->cand[t], sl->x[t]);
            sl->state = 2;
            fresh = 1;
        }
        if (!sl->ok)
            continue;
        double Ci = rm_host_cost(sl->cst[0], ci_keep, par), Cj = rm_host_cost(cj_keep, sl->cst[3], par);
        double Ck = rm_host_cost(sl->cst[2], sl->cst[1], par);
        double Tq = rmi_h2_fast_eval_lb(&c->ev, wi, Ci, wj, Cj, wkk, Ck);
        if (!c->exact) {
            double lo = Tq * (1.0 - 2 * H2_CTX_REL);
            if (lo > sc->bestT || lo > lim)
                continue;
            if (wk->seq_inv.pre && wk->seq_cw.pre && wk->seq_inv.n == s->q && wk->seq_cw.n == s->q)
                rmi_h2_edge_ctx_exact(c, wk, s, e);
            else
                rmi_h2_edge_ctx_init(c, wk, s, e, sc->dc_dw);
            Tq = rmi_h2_fast_eval_lb(&c->ev, wi, Ci, wj, Cj, wkk, Ck);
        }
        if (!fx_beats(sc, Tq, e, h, bh) || Tq > lim)
            continue;
        int ok;
        double T = rmi_h2_fast_eval_T_try(&c->ev, wi, Ci, wj, Cj, wkk, Ck, &ok);
        if (!ok) {
            if (c->exact < 2)
                rmi_h2_edge_ctx_init(c, wk, s, e, sc->dc_dw); /* tw/tC for rm_balance */
            T = rmi_h2_fast_eval_T(&c->ev, wk, c->m, wi, Ci, wj, Cj, wkk, Ck);
        }
        if (!fx_beats(sc, T, e, h, bh))
            continue;
        sc->bestT = T;
        double g = atomic_load_explicit(sc->gbest, memory_order_relaxed);
        while (T < g && !atomic_compare_exchange_weak(sc->gbest, &g, T))
            ;
        sc->bk = k;
        sc->bs = e;
        bh = h;
        memcpy(sc->bx, sl->x, sizeof sc->bx);
        if (!fresh) {
            FX_GIVE_BACK(); /* the routes' widths on res2, as the scan builds them */
            if ((st = fx_routes(wk, i, j, k, err)))
                goto out;
        }
        for (int t = 0; t < 4; t++)
            if ((st = rm_route_copy(&wk->best[t], &wk->cand[t])))
                goto out;
    }
    /* the summary of every run, as computed now */
    ec->n_grp = 0;
    ec->vmin_ok = 1;
    for (int x = 0; x < ec->n_slot && ec->vmin_ok; x++) {
        const fx_slot *sl = &ec->slot[x];
        double v[4];
        int rep = fx->nx[sl->b];
        if (rep < sl->e && sl->state && slot_vec(sl, v))
            ec_fold(ec, p->nodes[p->hosts[fx->mem[rep]]].w, v);
    }
out:
    if (gb)
        rmi_h2_scan_restore(wk, s, e);
    return st;
#undef FX_GIVE_BACK
}

/* 1 when member m2 (the class member before m, in host order) and m lie in
 * one run for the routes between m and host index o: no resource of those
 * routes that is not a backbone nor private to m lies between their
 * non-backbone private resources of any rank (the scan's cut rule). */
static int pair_same_run(const h2_work *wk, const h2_fixed *fx, int m2, int m, int o)
{
    const rm_network *net = wk->net;
    int *arcs = wk->fx_arcs;
    int np = fx->pstart[m + 1] - fx->pstart[m];
    for (int d = 0; d < 2; d++) {
        int n = rmi_fixed_route_arcs_at(net, d ? o : m, d ? m : o, arcs, wk->fx_room - 1);
        if (n < 0)
            return 0;
        for (int x = 0; x < n; x++) {
            int r = net->arc_res[arcs[x]];
            if (r < 0 || fx->owner[r] == m || net->res_backbone[r])
                continue;
            for (int k = 0; k < np; k++) {
                int r2 = fx->pres[fx->pstart[m2] + k], r1 = fx->pres[fx->pstart[m] + k];
                if (!net->res_backbone[r1] && r2 < r && r < r1)
                    return 0;
            }
        }
    }
    return 1;
}

int rmi_h2_fixed_pair_dup(const h2_work *wk, const h2_fixed *fx, int hi, int hj)
{
    /* hi and hj may be of one class: hi's member before it is below hi,
     * hj's is taken above hi only, so neither is the pair's other end */
    int ci = fx->cls_of[hi], cj = fx->cls_of[hj];
    int p = fx->pos_of[hi];
    if (p > fx->cls_start[ci] && pair_same_run(wk, fx, fx->mem[p - 1], hi, hj))
        return 1;
    p = fx->pos_of[hj];
    if (p > fx->cls_start[cj] && fx->mem[p - 1] > hi && pair_same_run(wk, fx, fx->mem[p - 1], hj, hi))
        return 1;
    return 0;
}

int rmi_h2_fixed_run_cuts(const rm_network *net, const h2_fixed *fx, int h, int b, int e, const int *S,
                          int ns, int *cut)
{
    return run_cuts(net, fx, h, b, e, S, ns, cut);
}
