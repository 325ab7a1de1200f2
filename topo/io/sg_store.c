/*
 * sg_store.c — SimGrid's routes as pieces (topo/io/sg_store.h): the decoder
 * of rmi_sg_child_extract_pieces's stream and the composition of a route,
 * SimGrid 3.32's NetZoneImpl::get_global_route on the pieces.
 */
#include "topo/io/sg_store.h"
#include "topo/io/sg_wire.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* (a, b) -> v; -1 when out of memory */
static int map_put(rmi_sg_pairmap *m, int a, int b, int v)
{
    int added;
    int *slot = rmi_sg_pairmap_slot(m, a, b, 64, &added);
    if (!slot)
        return -1;
    *slot = v;
    return 0;
}

void rmi_sg_store_free(rmi_sg_store *st)
{
    if (!st)
        return;
    for (int i = 0; st->hname && i < st->H; i++)
        free(st->hname[i]);
    for (int i = 0; st->npname && i < st->P; i++)
        free(st->npname[i]);
    for (int i = 0; st->zname && i < st->Z; i++)
        free(st->zname[i]);
    for (int i = 0; st->lname && i < st->L; i++)
        free(st->lname[i]);
    free(st->hname);
    free(st->speed);
    free(st->cores);
    free(st->npname);
    free(st->npzone);
    free(st->zname);
    free(st->zparent);
    free(st->znp);
    free(st->zprobe);
    free(st->zcluster);
    free(st->up);
    free(st->down);
    free(st->pc);
    free(st->pl);
    free(st->tab.key);
    free(st->tab.val);
    free(st->gw.key);
    free(st->gw.val);
    free(st->lname);
    free(st->bw);
    free(st->lat);
    free(st->policy);
    memset(st, 0, sizeof *st);
}

/* One piece from the stream; its index, -1 bad. */
static int read_piece(rmi_sg_rd *r, rmi_sg_store *st, size_t *cap_pc, size_t *cap_pl)
{
    if ((size_t)st->npc >= *cap_pc) {
        size_t nc = *cap_pc ? 2 * *cap_pc : 256;
        rmi_sg_piece *x = realloc(st->pc, nc * sizeof *x);
        if (!x) {
            r->nomem = 1;
            return -1;
        }
        st->pc = x;
        *cap_pc = nc;
    }
    rmi_sg_piece *p = &st->pc[st->npc];
    p->gw_src = rmi_sg_i32(r);
    p->gw_dst = rmi_sg_i32(r);
    p->lat = rmi_sg_f64(r);
    int32_t m = rmi_sg_i32(r);
    if (r->bad || m < 0 || (size_t)m > (r->n - r->at) / 4 || p->gw_src < -1 ||
        p->gw_src >= st->P || p->gw_dst < -1 || p->gw_dst >= st->P || !(p->lat >= 0)) {
        r->bad = 1;
        return -1;
    }
    while (st->npl + (size_t)m > *cap_pl) {
        size_t nc = *cap_pl ? 2 * *cap_pl : 1024;
        int32_t *x = realloc(st->pl, nc * sizeof *x);
        if (!x) {
            r->nomem = 1;
            return -1;
        }
        st->pl = x;
        *cap_pl = nc;
    }
    p->off = st->npl;
    p->n = m;
    for (int32_t k = 0; k < m; k++)
        st->pl[st->npl++] = rmi_sg_i32(r);
    return r->bad ? -1 : st->npc++;
}

rm_status rmi_sg_store_decode(const unsigned char *d, size_t n, rmi_sg_store *st, rm_error *err,
                              const char *shown)
{
    rmi_sg_rd r = {d, n, 0, 0, 0};
    memset(st, 0, sizeof *st);
    int lim = rmi_sg_magic(&r, "LIM!");
    if (lim || rmi_sg_magic(&r, "ERR!")) {
        char *m = rmi_sg_str(&r);
        rm_status s = rm_error_set(err, lim ? RM_ELIMIT : RM_EINPUT, "%s: %s%s", shown,
                                   lim ? "" : "SimGrid: ", m ? m : "error");
        free(m);
        return s;
    }
    size_t cap_pc = 0, cap_pl = 0;
    if (!rmi_sg_magic(&r, "RMSP") || rmi_sg_i32(&r) != 1)
        goto bad;
    st->H = rmi_sg_i32(&r);
    if (r.bad || st->H < 1 || (size_t)st->H > r.n / 16)
        goto bad;
    st->hname = calloc((size_t)st->H, sizeof *st->hname);
    st->speed = malloc((size_t)st->H * sizeof *st->speed);
    st->cores = malloc((size_t)st->H * sizeof *st->cores);
    if (!st->hname || !st->speed || !st->cores)
        goto nomem;
    for (int i = 0; i < st->H; i++) {
        st->hname[i] = rmi_sg_str(&r);
        st->speed[i] = rmi_sg_f64(&r);
        st->cores[i] = rmi_sg_i32(&r);
        if (r.nomem)
            goto nomem;
        if (r.bad)
            goto bad;
    }
    st->P = rmi_sg_i32(&r);
    if (r.bad || st->P < st->H || (size_t)st->P > r.n / 8)
        goto bad;
    st->npname = calloc((size_t)st->P, sizeof *st->npname);
    st->npzone = malloc((size_t)st->P * sizeof *st->npzone);
    st->up = malloc((size_t)st->P * sizeof *st->up);
    st->down = malloc((size_t)st->P * sizeof *st->down);
    if (!st->npname || !st->npzone || !st->up || !st->down)
        goto nomem;
    for (int i = 0; i < st->P; i++) {
        st->npname[i] = rmi_sg_str(&r);
        st->npzone[i] = rmi_sg_i32(&r);
        st->up[i] = st->down[i] = -1;
        if (r.nomem)
            goto nomem;
        if (r.bad)
            goto bad;
    }
    st->Z = rmi_sg_i32(&r);
    if (r.bad || st->Z < 1 || (size_t)st->Z > r.n / 20)
        goto bad;
    st->zname = calloc((size_t)st->Z, sizeof *st->zname);
    st->zparent = malloc((size_t)st->Z * sizeof *st->zparent);
    st->znp = malloc((size_t)st->Z * sizeof *st->znp);
    st->zprobe = malloc((size_t)st->Z * sizeof *st->zprobe);
    st->zcluster = malloc((size_t)st->Z * sizeof *st->zcluster);
    if (!st->zname || !st->zparent || !st->znp || !st->zprobe || !st->zcluster)
        goto nomem;
    for (int z = 0; z < st->Z; z++) {
        st->zname[z] = rmi_sg_str(&r);
        st->zparent[z] = rmi_sg_i32(&r);
        st->znp[z] = rmi_sg_i32(&r);
        st->zprobe[z] = rmi_sg_i32(&r);
        st->zcluster[z] = rmi_sg_i32(&r);
        if (r.nomem)
            goto nomem;
        /* parents come first (the zones in depth-first order) */
        if (r.bad || st->zparent[z] < -1 || st->zparent[z] >= z || (z > 0 && st->zparent[z] < 0) ||
            st->znp[z] < -1 || st->znp[z] >= st->P || st->zprobe[z] < -1 || st->zprobe[z] >= st->P)
            goto bad;
    }
    for (int i = 0; i < st->P; i++)
        if (st->npzone[i] < -1 || st->npzone[i] >= st->Z)
            goto bad;
    for (int side = 0; side < 2; side++) {
        int32_t k = rmi_sg_i32(&r);
        if (r.bad || k < 0 || k > st->P)
            goto bad;
        for (int32_t t = 0; t < k; t++) {
            int32_t v = rmi_sg_i32(&r);
            if (r.bad || v < 0 || v >= st->P)
                goto bad;
            int pi = read_piece(&r, st, &cap_pc, &cap_pl);
            if (r.nomem)
                goto nomem;
            if (pi < 0)
                goto bad;
            (side ? st->down : st->up)[v] = pi;
        }
    }
    for (int side = 0; side < 2; side++) {
        int32_t k = rmi_sg_i32(&r);
        if (r.bad || k < 0 || (size_t)k > r.n / 8)
            goto bad;
        for (int32_t t = 0; t < k; t++) {
            int32_t a = rmi_sg_i32(&r), b = rmi_sg_i32(&r);
            if (r.bad || a < 0 || a >= st->P || b < 0 || b >= st->P)
                goto bad;
            int pi = read_piece(&r, st, &cap_pc, &cap_pl);
            if (r.nomem)
                goto nomem;
            if (pi < 0)
                goto bad;
            if (map_put(side ? &st->gw : &st->tab, a, b, pi))
                goto nomem;
        }
    }
    st->L = rmi_sg_i32(&r);
    if (r.bad || st->L < 0 || (size_t)st->L > r.n / 8)
        goto bad;
    st->lname = calloc((size_t)st->L + 1, sizeof *st->lname);
    st->bw = malloc(((size_t)st->L + 1) * sizeof *st->bw);
    st->lat = malloc(((size_t)st->L + 1) * sizeof *st->lat);
    st->policy = malloc(((size_t)st->L + 1) * sizeof *st->policy);
    if (!st->lname || !st->bw || !st->lat || !st->policy)
        goto nomem;
    for (int l = 0; l < st->L; l++) {
        st->lname[l] = rmi_sg_str(&r);
        st->bw[l] = rmi_sg_f64(&r);
        st->lat[l] = rmi_sg_f64(&r);
        st->policy[l] = rmi_sg_i32(&r);
        if (r.nomem)
            goto nomem;
        if (r.bad)
            goto bad;
    }
    for (size_t k = 0; k < st->npl; k++)
        if (st->pl[k] < 0 || st->pl[k] >= st->L)
            goto bad;
    if (!rmi_sg_magic(&r, "END!") || r.at != r.n)
        goto bad;
    return RM_OK;
bad:
    rmi_sg_store_free(st);
    return rm_error_set(err, RM_EINTERNAL, "%s: the SimGrid loader's pieces are truncated or malformed",
                        shown);
nomem:
    rmi_sg_store_free(st);
    return rm_error_set(err, RM_ENOMEM, "%s: out of memory for SimGrid's routes", shown);
}

size_t rmi_sg_store_bytes(const rmi_sg_store *st)
{
    return (size_t)st->npc * sizeof *st->pc + st->npl * sizeof *st->pl +
           (st->tab.cap + st->gw.cap) * (sizeof(uint64_t) + sizeof(int)) +
           (size_t)st->P * 3 * sizeof(int) + (size_t)st->Z * 5 * sizeof(int);
}

/* ---- composition ------------------------------------------------------- */

typedef struct acc {
    int *links;
    int cap, n;
    double lat;
    int err; /* -1 no route, -2 over cap */
} acc;

static void add(acc *a, const rmi_sg_store *st, const rmi_sg_piece *p)
{
    if (a->err)
        return;
    if (a->n + p->n > a->cap) {
        a->err = -2;
        return;
    }
    memcpy(a->links + a->n, st->pl + p->off, (size_t)p->n * sizeof *a->links);
    a->n += p->n;
    a->lat += p->lat;
}

/* Zone z's local route s -> d, added to a; its gateways into *gs, *gd. */
static void local(const rmi_sg_store *st, int z, int s, int d, acc *a, int *gs, int *gd)
{
    int r = st->zprobe[z];
    if (r >= 0 && s != d && s != r && d != r) {
        int u = st->up[s], w = st->down[d];
        if (u < 0 || w < 0) {
            a->err = -1;
            return;
        }
        const rmi_sg_piece *pu = &st->pc[u], *pw = &st->pc[w];
        add(a, st, pu);
        *gs = pu->gw_src;
        *gd = pw->gw_dst;
        for (int k = 0; k < pw->n && !a->err; k++) {
            int l = st->pl[pw->off + k], seen = 0;
            for (int t = 0; t < pu->n && !seen; t++)
                seen = st->pl[pu->off + t] == l;
            if (seen)
                continue;
            if (a->n >= a->cap) {
                a->err = -2;
                return;
            }
            a->links[a->n++] = l;
            a->lat += st->lat[l];
        }
        return;
    }
    int pi = r >= 0 && s != d ? (s == r ? st->down[d] : st->up[s]) : rmi_sg_pairmap_get(&st->tab, s, d);
    if (pi < 0) {
        a->err = -1;
        return;
    }
    add(a, st, &st->pc[pi]);
    *gs = st->pc[pi].gw_src;
    *gd = st->pc[pi].gw_dst;
}

/* SimGrid 3.32's find_common_ancestors on the zone tree. */
static void ancestors(const rmi_sg_store *st, int s, int d, int *common, int *sa, int *da)
{
    int zs = st->npzone[s], zd = st->npzone[d];
    if (zs == zd) {
        *common = *sa = *da = zs;
        return;
    }
    int ps[64], pd[64], ns = 0, nd = 0;
    for (int z = zs; z >= 0 && ns < 64; z = st->zparent[z])
        ps[ns++] = z;
    for (int z = zd; z >= 0 && nd < 64; z = st->zparent[z])
        pd[nd++] = z;
    int father = -1;
    while (ns > 1 && nd > 1 && ps[ns - 1] == pd[nd - 1]) {
        father = ps[ns - 1];
        ns--;
        nd--;
    }
    *sa = ps[ns - 1];
    *da = pd[nd - 1];
    *common = *sa == *da ? *sa : father;
}

static void global(const rmi_sg_store *st, int s, int d, acc *a, int top)
{
    if (a->err)
        return;
    if (!top) {
        int pi = rmi_sg_pairmap_get(&st->gw, s, d);
        if (pi < 0)
            a->err = -1;
        else
            add(a, st, &st->pc[pi]);
        return;
    }
    int common, sa, da, gs = -1, gd = -1;
    ancestors(st, s, d, &common, &sa, &da);
    if (common < 0 || sa < 0 || da < 0) {
        a->err = -1;
        return;
    }
    if (sa == da) {
        local(st, common, s, d, a, &gs, &gd);
        return;
    }
    if (st->znp[sa] < 0 || st->znp[da] < 0) {
        a->err = -1;
        return;
    }
    /* the local route goes between the gateway routes: composed into a
     * scratch accumulator first */
    int *mid = malloc(((size_t)a->cap + 1) * sizeof *mid);
    if (!mid) {
        a->err = -2;
        return;
    }
    acc m = {mid, a->cap, 0, 0.0, 0};
    local(st, common, st->znp[sa], st->znp[da], &m, &gs, &gd);
    if (!m.err && (gs < 0 || gd < 0))
        m.err = -1;
    if (m.err) {
        a->err = m.err;
        free(mid);
        return;
    }
    if (s != gs)
        global(st, s, gs, a, 0);
    if (!a->err) {
        if (a->n + m.n > a->cap)
            a->err = -2;
        else {
            memcpy(a->links + a->n, mid, (size_t)m.n * sizeof *mid);
            a->n += m.n;
            a->lat += m.lat;
        }
    }
    free(mid);
    if (gd != d)
        global(st, gd, d, a, 0);
}

int rmi_sg_store_route(const rmi_sg_store *st, int s, int d, int *links, int cap, double *lat)
{
    acc a = {links, cap, 0, 0.0, 0};
    if (s < 0 || d < 0 || s >= st->H || d >= st->H || s == d)
        return -1;
    global(st, s, d, &a, 1);
    if (lat)
        *lat = a.lat;
    return a.err ? a.err : a.n;
}
