/*
 * sharedring_zones.c — full-capacity widths of the fixed routes of a
 * SimGrid zone hierarchy of clusters (rmi_fixed_zones_build,
 * topo/route/widest.h) from each host's parts, without a route per ordered
 * host pair: SharedRing's best pair and its edge bounds (Legrand et al.
 * 2004 §4.4.1, §4.4.2) read these widths.
 *
 * Widths. rmi_fixed_route_width gives a route's width at full capacity as
 * the least over its arcs of capacity / m (clamped at 0), m the times a
 * non-backbone resource is crossed (a backbone's crossing counts alone).
 * A route s -> d
 *  - inside block A is U(s) then D(d), the SimGrid links already met taken
 *    once; the pieces cross each link by its forward arc and a resource
 *    belongs to one link, so when neither side crosses a non-backbone
 *    resource twice the route crosses each of its non-backbone resources
 *    once, and its width is min(wu[s], wd[d]) (the least capacity over
 *    each side: the dropped arcs are on U(s));
 *  - from block A to block B is the out part of s for A's slot of B, the
 *    middle of (A, B), the in part of d for B's slot of A, concatenated;
 *    when no non-backbone resource is crossed twice by one part, and none
 *    lies on two of the three parts of one block pair (checked resource by
 *    resource over the parts' memberships below), m = 1 on every arc and
 *    the width is min(wo[s][slot], wm[A][B], wi[d][slot]).
 * fmin is exact and order free and capacity / 1 = capacity, so these are
 * rmi_fixed_route_width's values bit for bit.
 * A dragonfly kept factored (rmi_fixed_zones_factored: its routers as the
 * blocks, one out and one in slot a block, no U and D) has every route,
 * in its block or not, of the second form: out part of s, the middle of
 * (A, B) (for A = B what lies between two hosts of router A, often
 * nothing), in part of d; the same checks then cover the pairs inside a
 * block too (an out and an in part of one block meet on a route when the
 * block has two hosts or more). Any other platform (a part
 * crossing a resource twice, a resource shared by two parts of one route,
 * an arc without resource) keeps the route-reading path.
 */
#include "heur/sharedring/sharedring_internal.h"
#include "topo/route/widest.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Set to 0 (tests only) to keep the route-reading widths on zone hierarchies. */
int rmi_h2_zone_widths = 1;

void rmi_h2_zw_free(h2_zw *zw)
{
    if (!zw)
        return;
    free(zw->blk);
    free(zw->slot);
    free(zw->wu);
    free(zw->wd);
    free(zw->ooff);
    free(zw->ioff);
    free(zw->wo);
    free(zw->wi);
    free(zw->wm);
    if (zw->fz) {
        rmi_fixed_zones_free(zw->fz);
        free(zw->fz);
    }
    free(zw);
}

/* A non-backbone resource on a part: (r, what) with what = 4 x (block or
 * block pair) + type (0 out part, 1 in part, 2 middle) and the slot; h the
 * host whose part it is (a dragonfly's parts, fz->fact; -1 otherwise),
 * -2 once the membership holds for two hosts or more. */
typedef struct zw_mem {
    int r;
    int type, x, k, h;
} zw_mem;

/* The order of memberships, h left out. */
static int mem_cmp4(const zw_mem *a, const zw_mem *b)
{
    if (a->r != b->r)
        return (a->r > b->r) - (a->r < b->r);
    if (a->type != b->type)
        return (a->type > b->type) - (a->type < b->type);
    if (a->x != b->x)
        return (a->x > b->x) - (a->x < b->x);
    return (a->k > b->k) - (a->k < b->k);
}

static int mem_cmp(const void *p, const void *q)
{
    const zw_mem *a = p, *b = q;
    int c = mem_cmp4(a, b);
    return c ? c : (a->h > b->h) - (a->h < b->h);
}

/* Append membership v to *mem (n used, room cap); 0 on ENOMEM. */
static int mem_push(zw_mem **mem, size_t *n, size_t *cap, zw_mem v)
{
    if (*n == *cap) {
        size_t c = *cap ? 2 * *cap : 4096;
        zw_mem *nb = realloc(*mem, c * sizeof *nb);
        if (!nb)
            return 0;
        *mem = nb;
        *cap = c;
    }
    (*mem)[(*n)++] = v;
    return 1;
}

/* Least capacity over arcs[0 .. n) into *w; 0 when an arc has no
 * resource or a non-backbone resource is crossed twice (seen: tag per
 * resource). */
static int part_min(const rm_network *net, const int *arcs, int n, unsigned *seen, unsigned tag, double *w)
{
    double x = INFINITY;
    for (int t = 0; t < n; t++) {
        int r = net->arc_res[arcs[t]];
        if (r < 0)
            return 0;
        if (!net->res_backbone[r]) {
            if (seen[r] == tag)
                return 0;
            seen[r] = tag;
        }
        double y = net->res_cap[r];
        y = y > 0.0 ? y : 0.0;
        if (y < x)
            x = y;
    }
    *w = x;
    return 1;
}

/* Two memberships of one resource that meet on one route (a conflict). */
static int mem_meet(const rmi_fixed_zones *fz, const zw_mem *a, const zw_mem *b)
{
    int C = fz->C;
    if (a->type > b->type) {
        const zw_mem *t = a;
        a = b;
        b = t;
    }
    if (a->type == 0 && b->type == 1) { /* out part of A, in part of B */
        if (a->x == b->x) /* a route inside A: U and D (the star zone's
                             argument), or out part of s, middle, in part
                             of d != s (a dragonfly) */
            return fz->fact && fz->bsize[a->x] >= 2 && (a->h != b->h || a->h < 0);
        size_t e = (size_t)a->x * C + b->x;
        return fz->slot[2 * e] == a->k && fz->slot[2 * e + 1] == b->k;
    }
    if (a->type == 0 && b->type == 2) /* out part of A, middle of (A', B) */
        return b->x / C == a->x && fz->slot[2 * (size_t)b->x] == a->k;
    if (a->type == 1 && b->type == 2) /* in part of B, middle of (A, B') */
        return b->x % C == a->x && fz->slot[2 * (size_t)b->x + 1] == a->k;
    return 0; /* two out parts, two in parts, two middles: never one route */
}

int rmi_h2_zw_build(const rm_network *net, h2_zw **out)
{
    *out = NULL;
    const rm_platform *p = net->platform;
    rmi_fixed_zones fz;
    int b = rmi_fixed_zones_build(net, &fz);
    if (b == 0)
        b = rmi_fixed_zones_factored(net, &fz); /* a dragonfly */
    if (b <= 0)
        return b;
    int H = fz.H, C = fz.C, R = net->n_res, cap = fz.max_arcs + p->n_links + 2;
    size_t CC = (size_t)C * C;
    h2_zw *zw = calloc(1, sizeof *zw);
    int *arcs = malloc((size_t)cap * sizeof *arcs);
    unsigned *seen = calloc((size_t)R + 1, sizeof *seen);
    zw_mem *mem = NULL;
    size_t nmem = 0, capmem = 0;
    int ok = zw && arcs && seen ? 1 : -1;
    if (ok > 0) {
        zw->H = H;
        zw->C = C;
        zw->fact = fz.fact;
        zw->blk = malloc((size_t)H * sizeof *zw->blk);
        zw->slot = malloc(2 * CC * sizeof *zw->slot);
        zw->wu = malloc((size_t)H * sizeof *zw->wu);
        zw->wd = malloc((size_t)H * sizeof *zw->wd);
        zw->ooff = malloc(((size_t)H + 1) * sizeof *zw->ooff);
        zw->ioff = malloc(((size_t)H + 1) * sizeof *zw->ioff);
        zw->wm = malloc((CC + 1) * sizeof *zw->wm);
        if (!zw->blk || !zw->slot || !zw->wu || !zw->wd || !zw->ooff || !zw->ioff || !zw->wm)
            ok = -1;
    }
    if (ok > 0) {
        memcpy(zw->blk, fz.blk, (size_t)H * sizeof *zw->blk);
        memcpy(zw->slot, fz.slot, 2 * CC * sizeof *zw->slot);
        size_t no = 0, ni = 0;
        for (int h = 0; h < H; h++) {
            int A = fz.blk[h];
            zw->ooff[h] = (int)no;
            zw->ioff[h] = (int)ni;
            no += (size_t)(fz.gw_off[2 * A + 1] - fz.gw_off[2 * A]);
            ni += (size_t)(fz.gw_off[2 * A + 2] - fz.gw_off[2 * A + 1]);
        }
        if (no >= INT32_MAX || ni >= INT32_MAX)
            ok = 0;
        else {
            zw->ooff[H] = (int)no;
            zw->ioff[H] = (int)ni;
            zw->wo = malloc((no + 1) * sizeof *zw->wo);
            zw->wi = malloc((ni + 1) * sizeof *zw->wi);
            if (!zw->wo || !zw->wi)
                ok = -1;
        }
    }
    unsigned tag = 0;
    /* the middles: their least capacity, no resource twice */
    for (size_t e = 0; ok > 0 && e < CC; e++) {
        int n = fz.mid_off[e + 1] - fz.mid_off[e];
        ok = part_min(net, fz.mid + fz.mid_off[e], n, seen, ++tag, &zw->wm[e]);
        for (int t = 0; ok > 0 && t < n; t++) {
            int r = net->arc_res[fz.mid[fz.mid_off[e] + t]];
            if (!net->res_backbone[r] && !mem_push(&mem, &nmem, &capmem, (zw_mem){r, 2, (int)e, 0, -1}))
                ok = -1;
        }
    }
    /* every host's parts: U, D (blocks of 2 or more), each out and in slot */
    for (int h = 0; ok > 0 && h < H; h++) {
        int A = fz.blk[h];
        zw->wu[h] = zw->wd[h] = INFINITY;
        for (int kind = 0; ok > 0 && kind < 4; kind++) {
            int nk = kind < 2 ? (fz.bsize[A] >= 2 && !fz.fact)
                              : fz.gw_off[2 * A + kind - 1] - fz.gw_off[2 * A + kind - 2];
            for (int k = 0; ok > 0 && k < nk; k++) {
                int n = rmi_fixed_zones_part(net, &fz, h, kind, k, arcs, cap);
                double w = 0.0;
                ok = n > 0 && part_min(net, arcs, n, seen, ++tag, &w);
                if (ok <= 0)
                    break;
                if (kind == 0)
                    zw->wu[h] = w;
                else if (kind == 1)
                    zw->wd[h] = w;
                else if (kind == 2)
                    zw->wo[zw->ooff[h] + k] = w;
                else
                    zw->wi[zw->ioff[h] + k] = w;
                if (kind < 2)
                    continue; /* U and D: the star zone's argument (file comment) */
                for (int t = 0; t < n; t++) {
                    int r = net->arc_res[arcs[t]];
                    if (!net->res_backbone[r] &&
                        !mem_push(&mem, &nmem, &capmem, (zw_mem){r, kind - 2, A, k, fz.fact ? h : -1})) {
                        ok = -1;
                        break;
                    }
                }
            }
        }
    }
    /* no resource on two parts of one block pair's route */
    if (ok > 0 && nmem > 1)
        qsort(mem, nmem, sizeof *mem, mem_cmp);
    for (size_t s = 0; ok > 0 && s < nmem;) {
        size_t e = s, u = s;
        while (e < nmem && mem[e].r == mem[s].r)
            e++;
        /* distinct memberships of this resource, compacted in place (of
         * two hosts or more: h = -2) */
        for (size_t t = s + 1; t < e; t++) {
            if (mem_cmp4(&mem[t], &mem[u]))
                mem[++u] = mem[t];
            else if (mem[t].h != mem[u].h)
                mem[u].h = -2;
        }
        if (u - s + 1 > 4096)
            ok = 0; /* too many to pair up: the route-reading path */
        for (size_t x = s; ok > 0 && x <= u; x++)
            for (size_t y = x + 1; ok > 0 && y <= u; y++)
                if (mem_meet(&fz, &mem[x], &mem[y]))
                    ok = 0;
        s = e;
    }
    free(mem);
    free(arcs);
    free(seen);
    if (ok > 0 && (zw->fz = malloc(sizeof *zw->fz)) != NULL)
        *zw->fz = fz; /* kept: the parts of the best pair's signatures (sharedring_pair.c) */
    else {
        rmi_fixed_zones_free(&fz);
        ok = ok > 0 ? -1 : ok;
    }
    if (ok <= 0) {
        rmi_h2_zw_free(zw);
        return ok;
    }
    *out = zw;
    return 1;
}
