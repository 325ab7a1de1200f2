/*
 * sg_store.c — SimGrid's routes as pieces (topo/io/sg_store.h): the decoder
 * of rmi_sg_child_extract_pieces's stream and the composition of a route,
 * SimGrid 3.32's NetZoneImpl::get_global_route on the pieces.
 */
#include "topo/io/sg_store.h"
#include "topo/io/sg_wire.h"

#include <limits.h>
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

static void ft_free(rmi_sg_ft *f)
{
    free(f->C);
    free(f->P);
    free(f->K);
    free(f->level);
    free(f->pos);
    free(f->lim);
    free(f->label);
    free(f->par0);
    free(f->ch0);
    free(f->up_l);
    free(f->up_n);
    free(f->dn_l);
    free(f->dn_n);
}

/* Node k's edges up (side 0) and down (side 1) of fat-tree f, appended to
 * f->up_l/up_n and f->dn_l/dn_n (cnt2[side] read so far, cap2[side]
 * allocated), their ends in f->par0/ch0[k + 1]: 0, -1 (r->bad or r->nomem
 * set). Every link and node index is checked. */
static int read_ft_edges(rmi_sg_rd *r, const rmi_sg_store *st, rmi_sg_ft *f, size_t k, size_t cnt2[2],
                         size_t cap2[2])
{
    for (int side = 0; side < 2; side++) {
        int32_t m = rmi_sg_i32(r);
        if (r->bad || m < 0 || (size_t)m > (r->n - r->at) / 8) {
            r->bad = 1;
            return -1;
        }
        size_t *cnt = &cnt2[side], *cap = &cap2[side];
        int **pl = side ? &f->dn_l : &f->up_l, **pn = side ? &f->dn_n : &f->up_n;
        if (*cnt + (size_t)m > INT32_MAX) {
            r->bad = 1;
            return -1;
        }
        if (*cnt + (size_t)m > *cap) {
            size_t nc = *cap ? 2 * *cap : 64;
            while (nc < *cnt + (size_t)m)
                nc *= 2;
            int *a = realloc(*pl, nc * sizeof *a);
            if (a)
                *pl = a;
            int *b = a ? realloc(*pn, nc * sizeof *b) : NULL;
            if (!a || !b) {
                r->nomem = 1;
                return -1;
            }
            *pn = b;
            *cap = nc;
        }
        for (int32_t e = 0; e < m; e++) {
            (*pl)[*cnt] = rmi_sg_i32(r);
            (*pn)[*cnt] = rmi_sg_i32(r);
            if (r->bad || (*pl)[*cnt] < -1 || (*pl)[*cnt] >= st->L || (*pn)[*cnt] < -1 ||
                (*pn)[*cnt] >= f->nn) {
                r->bad = 1;
                return -1;
            }
            (*cnt)++;
        }
        (side ? f->ch0 : f->par0)[k + 1] = (int)*cnt;
    }
    return 0;
}

/* The version 3 fat-tree section into st (st->L, Z, P, H known): 0, -1
 * (r->bad or r->nomem set). Every index is checked, and each parent one
 * level up and each child one level down, so that a route walk ends. */
static int read_fat_trees(rmi_sg_rd *r, rmi_sg_store *st)
{
    int32_t n = rmi_sg_i32(r);
    if (r->bad || n < 0 || n > st->Z) {
        r->bad = 1;
        return -1;
    }
    st->nft = 0;
    st->ft = calloc((size_t)n + 1, sizeof *st->ft);
    st->zft = malloc((size_t)st->Z * sizeof *st->zft);
    st->npft = malloc((size_t)st->P * sizeof *st->npft);
    st->ftgs = malloc((size_t)st->P * sizeof *st->ftgs);
    st->ftgd = malloc((size_t)st->P * sizeof *st->ftgd);
    if (!st->ft || !st->zft || !st->npft || !st->ftgs || !st->ftgd) {
        r->nomem = 1;
        return -1;
    }
    for (int z = 0; z < st->Z; z++)
        st->zft[z] = -1;
    for (int v = 0; v < st->P; v++)
        st->npft[v] = st->ftgs[v] = st->ftgd[v] = -1;
    for (int32_t t = 0; t < n; t++) {
        rmi_sg_ft *f = &st->ft[st->nft++];
        f->zone = rmi_sg_i32(r);
        f->levels = rmi_sg_i32(r);
        if (r->bad || f->zone < 0 || f->zone >= st->Z || st->zft[f->zone] >= 0 || f->levels < 1 ||
            f->levels > 64) {
            r->bad = 1;
            return -1;
        }
        st->zft[f->zone] = t;
        size_t lv = (size_t)f->levels;
        f->C = malloc(lv * sizeof *f->C);
        f->P = malloc(lv * sizeof *f->P);
        f->K = malloc(lv * sizeof *f->K);
        if (!f->C || !f->P || !f->K) {
            r->nomem = 1;
            return -1;
        }
        for (size_t l = 0; l < lv; l++) {
            f->C[l] = rmi_sg_i32(r);
            f->P[l] = rmi_sg_i32(r);
            f->K[l] = rmi_sg_i32(r);
            if (r->bad || f->C[l] < 1 || f->P[l] < 1 || f->K[l] < 1 ||
                (long long)f->P[l] * f->K[l] > INT32_MAX) {
                r->bad = 1;
                return -1;
            }
        }
        f->nn = rmi_sg_i32(r);
        if (r->bad || f->nn < 1 || (size_t)f->nn > (r->n - r->at) / (4 * (5 + lv))) {
            r->bad = 1;
            return -1;
        }
        size_t nn = (size_t)f->nn;
        f->level = malloc(nn * sizeof *f->level);
        f->pos = malloc(nn * sizeof *f->pos);
        f->lim = malloc(nn * sizeof *f->lim);
        f->label = malloc(nn * lv * sizeof *f->label);
        f->par0 = malloc((nn + 1) * sizeof *f->par0);
        f->ch0 = malloc((nn + 1) * sizeof *f->ch0);
        if (!f->level || !f->pos || !f->lim || !f->label || !f->par0 || !f->ch0) {
            r->nomem = 1;
            return -1;
        }
        size_t cnt2[2] = {0, 0}, cap2[2] = {0, 0}; /* edges up, down: read, allocated */
        f->par0[0] = f->ch0[0] = 0;
        for (size_t k = 0; k < nn; k++) {
            f->level[k] = rmi_sg_i32(r);
            f->pos[k] = rmi_sg_i32(r);
            f->lim[k] = rmi_sg_i32(r);
            for (size_t l = 0; l < lv; l++)
                f->label[k * lv + l] = rmi_sg_i32(r);
            if (r->bad || f->level[k] < 0 || f->level[k] > f->levels || f->pos[k] < 0 ||
                f->lim[k] < -1 || f->lim[k] >= st->L) {
                r->bad = 1;
                return -1;
            }
            if (read_ft_edges(r, st, f, k, cnt2, cap2))
                return -1;
        }
        if (!f->up_l) { /* no edge at all */
            f->up_l = malloc(sizeof *f->up_l);
            f->up_n = malloc(sizeof *f->up_n);
        }
        if (!f->dn_l) {
            f->dn_l = malloc(sizeof *f->dn_l);
            f->dn_n = malloc(sizeof *f->dn_n);
        }
        if (!f->up_l || !f->up_n || !f->dn_l || !f->dn_n) {
            r->nomem = 1;
            return -1;
        }
        for (size_t k = 0; k < nn; k++) { /* one level up, one level down */
            for (int e = f->par0[k]; e < f->par0[k + 1]; e++)
                if (f->up_n[e] >= 0 && f->level[f->up_n[e]] != f->level[k] + 1) {
                    r->bad = 1;
                    return -1;
                }
            for (int e = f->ch0[k]; e < f->ch0[k + 1]; e++)
                if (f->dn_n[e] >= 0 && f->level[f->dn_n[e]] != f->level[k] - 1) {
                    r->bad = 1;
                    return -1;
                }
        }
        int32_t nh = rmi_sg_i32(r);
        if (r->bad || nh < 0 || nh > st->P) {
            r->bad = 1;
            return -1;
        }
        for (int32_t k = 0; k < nh; k++) {
            int32_t v = rmi_sg_i32(r), node = rmi_sg_i32(r), gs = rmi_sg_i32(r), gd = rmi_sg_i32(r);
            if (r->bad || v < 0 || v >= st->P || st->npzone[v] != f->zone || node < -1 ||
                node >= f->nn || (node >= 0 && f->level[node] != 0) || gs < -1 || gs >= st->P ||
                gd < -1 || gd >= st->P) {
                r->bad = 1;
                return -1;
            }
            st->npft[v] = node;
            st->ftgs[v] = gs;
            st->ftgd[v] = gd;
        }
    }
    return 0;
}

static int read_piece(rmi_sg_rd *r, rmi_sg_store *st, size_t *cap_pc, size_t *cap_pl);

/* The version 3 factored zones into st (after the fat-trees): 0, -1
 * (r->bad or r->nomem set). */
static int read_factored(rmi_sg_rd *r, rmi_sg_store *st, size_t *cap_pc, size_t *cap_pl)
{
    int32_t n = rmi_sg_i32(r);
    if (r->bad || n < 0 || n > st->Z) {
        r->bad = 1;
        return -1;
    }
    st->nfz = 0;
    st->zfz = malloc((size_t)st->Z * sizeof *st->zfz);
    st->fznc = calloc((size_t)n + 1, sizeof *st->fznc);
    st->fzmid = calloc((size_t)n + 1, sizeof *st->fzmid);
    st->fzc = malloc((size_t)st->P * sizeof *st->fzc);
    st->fzu = malloc((size_t)st->P * sizeof *st->fzu);
    st->fzd = malloc((size_t)st->P * sizeof *st->fzd);
    if (!st->zfz || !st->fznc || !st->fzmid || !st->fzc || !st->fzu || !st->fzd) {
        r->nomem = 1;
        return -1;
    }
    for (int z = 0; z < st->Z; z++)
        st->zfz[z] = -1;
    for (int v = 0; v < st->P; v++)
        st->fzc[v] = st->fzu[v] = st->fzd[v] = -1;
    for (int32_t t = 0; t < n; t++) {
        int32_t z = rmi_sg_i32(r), nc = rmi_sg_i32(r), nm = rmi_sg_i32(r);
        if (r->bad || z < 0 || z >= st->Z || st->zfz[z] >= 0 || (st->zft && st->zft[z] >= 0) ||
            nc < 1 || nm < 1 || nm > st->P || (size_t)nc * (size_t)nc > (r->n - r->at) / 20) {
            r->bad = 1;
            return -1;
        }
        st->zfz[z] = t;
        st->fznc[t] = nc;
        st->nfz++;
        for (int32_t k = 0; k < nm; k++) {
            int32_t v = rmi_sg_i32(r), c = rmi_sg_i32(r);
            if (r->bad || v < 0 || v >= st->P || st->npzone[v] != z || c < 0 || c >= nc ||
                st->fzc[v] >= 0) {
                r->bad = 1;
                return -1;
            }
            st->fzc[v] = c;
            st->fzu[v] = read_piece(r, st, cap_pc, cap_pl);
            st->fzd[v] = st->fzu[v] < 0 ? -1 : read_piece(r, st, cap_pc, cap_pl);
            if (st->fzd[v] < 0) {
                r->bad = !r->nomem;
                return -1;
            }
        }
        int *mid = st->fzmid[t] = malloc((size_t)nc * (size_t)nc * sizeof *mid);
        if (!mid) {
            r->nomem = 1;
            return -1;
        }
        for (size_t k = 0; k < (size_t)nc * (size_t)nc; k++) {
            mid[k] = read_piece(r, st, cap_pc, cap_pl);
            if (mid[k] < 0) {
                r->bad = !r->nomem;
                return -1;
            }
        }
    }
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
    for (int f = 0; st->ft && f < st->nft; f++)
        ft_free(&st->ft[f]);
    free(st->ft);
    free(st->zft);
    free(st->npft);
    free(st->ftgs);
    free(st->ftgd);
    for (int f = 0; st->fzmid && f < st->nfz; f++)
        free(st->fzmid[f]);
    free(st->fzmid);
    free(st->zfz);
    free(st->fznc);
    free(st->fzc);
    free(st->fzu);
    free(st->fzd);
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
    if (!rmi_sg_magic(&r, "RMSP"))
        goto bad;
    int version = rmi_sg_i32(&r);
    if (version != 2 && version != 3)
        goto bad;
    st->H = rmi_sg_i32(&r);
    if (r.bad || st->H < 1 || (size_t)st->H > r.n / 16)
        goto bad;
    st->hname = calloc((size_t)st->H, sizeof *st->hname);
    st->speed = malloc((size_t)st->H * sizeof *st->speed);
    st->cores = malloc((size_t)st->H * sizeof *st->cores);
    if (!st->hname || !st->speed || !st->cores)
        goto nomem;
    switch (rmi_sg_records(&r, st->H, st->hname, st->speed, NULL, st->cores)) {
    case -1: goto nomem;
    case -2: goto bad;
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
    switch (rmi_sg_records(&r, st->L, st->lname, st->bw, st->lat, st->policy)) {
    case -1: goto nomem;
    case -2: goto bad;
    }
    st->n_routers = rmi_sg_i32(&r);
    if (r.bad || st->n_routers < 0)
        goto bad;
    if (version == 3 && (read_fat_trees(&r, st) || read_factored(&r, st, &cap_pc, &cap_pl))) {
        if (r.nomem)
            goto nomem;
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
    size_t b = 0;
    for (int f = 0; st->ft && f < st->nft; f++) {
        const rmi_sg_ft *t = &st->ft[f];
        size_t nn = (size_t)t->nn;
        b += nn * (5 + (size_t)t->levels) * sizeof(int) +
             ((size_t)t->par0[nn] + (size_t)t->ch0[nn]) * 2 * sizeof(int);
    }
    if (st->ft)
        b += (size_t)st->P * 3 * sizeof(int);
    for (int f = 0; st->fzmid && f < st->nfz; f++)
        b += (size_t)st->fznc[f] * (size_t)st->fznc[f] * sizeof(int);
    if (st->fzc)
        b += (size_t)st->P * 3 * sizeof(int);
    return b + (size_t)st->npc * sizeof *st->pc + st->npl * sizeof *st->pl +
           (st->tab.cap + st->gw.cap) * (sizeof(uint64_t) + sizeof(int)) +
           (size_t)st->P * 3 * sizeof(int) + (size_t)st->Z * 5 * sizeof(int);
}

/* ---- composition ------------------------------------------------------- */

typedef struct acc {
    int *links;
    int cap, n;
    double lat;
    int err; /* -1 no route, -2 over cap */
    int nolat; /* 1: the links only (no latency read: a cache miss a link) */
} acc;

static void add(acc *a, const rmi_sg_store *st, const rmi_sg_piece *p)
{
    if (a->err)
        return;
    if (a->n + p->n > a->cap) {
        a->err = -2;
        return;
    }
    if (p->n > 0) /* st->pl is NULL when no piece has a link */
        memcpy(a->links + a->n, st->pl + p->off, (size_t)p->n * sizeof *a->links);
    a->n += p->n;
    if (!a->nolat)
        a->lat += p->lat;
}

static void push_link(acc *a, const rmi_sg_store *st, int l, int with_lat)
{
    if (a->err)
        return;
    if (l < 0) {
        a->err = -1;
        return;
    }
    if (a->n >= a->cap) {
        a->err = -2;
        return;
    }
    a->links[a->n++] = l;
    if (with_lat && !a->nolat)
        a->lat += st->lat[l];
}

/* SimGrid 3.32's FatTreeZone::is_in_sub_tree. */
static int ft_in_sub(const rmi_sg_ft *f, int root, int node)
{
    if (f->level[root] <= f->level[node])
        return 0;
    const int *lr = f->label + (size_t)root * f->levels, *ln = f->label + (size_t)node * f->levels;
    for (int i = 0; i < f->level[node]; i++)
        if (lr[i] != ln[i])
            return 0;
    for (int i = f->level[root]; i < f->levels; i++)
        if (lr[i] != ln[i])
            return 0;
    return 1;
}

/* Fat-tree f's local route between members s and d (netpoints), added to
 * a: SimGrid 3.32's FatTreeZone::get_local_route (up until the node's
 * subtree holds d, each level's parent by d's position divided by the
 * parents of the levels below, modulo this level's parents times parallel
 * links, as SimGrid 3.32 computes it; down by d's label,
 * the parallel cable picked by the source's position; each limiter link
 * without latency). The down scan's index runs on over the next node's
 * children as SimGrid's loop does; each match is found in O(1). A
 * structure SimGrid would loop on or index out of range on gives -1.
 * O(levels^2). */
static void ft_local(const rmi_sg_store *st, const rmi_sg_ft *f, int s, int d, acc *a, int *gs,
                     int *gd)
{
    int src = st->npft[s], dst = st->npft[d];
    if (src < 0 || dst < 0 || src == dst) { /* a router end: SimGrid's route is empty */
        if (src == dst && src >= 0)
            a->err = -1;
        return;
    }
    int cur = src;
    while (!a->err && !ft_in_sub(f, cur, dst)) {
        int lv = f->level[cur];
        if (lv >= f->levels) {
            a->err = -1;
            return;
        }
        long long x = f->pos[dst];
        for (int i = 0; i < lv; i++)
            x /= f->P[i];
        x %= (long long)f->P[lv] * f->K[lv];
        if (f->lim[cur] >= 0)
            push_link(a, st, f->lim[cur], 0);
        int e = f->par0[cur] + (int)x;
        if (x >= f->par0[cur + 1] - f->par0[cur] || f->up_n[e] < 0) {
            a->err = -1;
            return;
        }
        push_link(a, st, f->up_l[e], 1);
        cur = f->up_n[e];
    }
    const int *ld = f->label + (size_t)dst * f->levels;
    while (!a->err && cur != dst) {
        int lv = f->level[cur], moved = 0;
        if (lv < 1) {
            a->err = -1;
            return;
        }
        long long i = (long long)(f->pos[src] % f->K[lv - 1]) * f->C[lv - 1];
        for (;;) {
            int nch = f->ch0[cur + 1] - f->ch0[cur];
            if (i >= nch)
                break;
            lv = f->level[cur];
            int c = f->C[lv - 1], t = ld[lv - 1];
            if (t < 0 || t >= c)
                break; /* never equal: the scan runs to the end */
            i += ((t - (int)(i % c)) % c + c) % c;
            if (i >= nch)
                break;
            int e = f->ch0[cur] + (int)i;
            if (f->dn_n[e] < 0) {
                a->err = -1;
                return;
            }
            push_link(a, st, f->dn_l[e], 1);
            if (f->lim[cur] >= 0)
                push_link(a, st, f->lim[cur], 0);
            cur = f->dn_n[e];
            moved = 1;
            if (f->level[cur] < 1)
                break; /* a compute node has no children */
            i++;
        }
        if (!moved) {
            a->err = -1;
            return;
        }
    }
    if (f->lim[cur] >= 0)
        push_link(a, st, f->lim[cur], 0);
    *gs = st->ftgs[s];
    *gd = st->ftgd[d];
}

/* The least common multiple of f's parallel cable counts (the down walk
 * depends on a source through its position modulo each level's count), 0
 * past 64 or for a count below 1. */
static int ft_groups(const rmi_sg_ft *f)
{
    long m = 1;
    for (int l = 0; l < f->levels; l++) {
        long k = f->K[l], a = m, b = k;
        if (k < 1)
            return 0;
        while (b) {
            long t = a % b;
            a = b;
            b = t;
        }
        m = m / a * k;
        if (m > 64)
            return 0;
    }
    return (int)m;
}

/* The per-destination walk of rmi_sg_ft_rects, the sources at a node kept
 * in groups by their position modulo M (ft_groups: the parallel cable a
 * down step takes is the source's position modulo that level's count);
 * with ml, the longest route's links into *ml. The down walk is checked
 * to go down (a node of a lower index) through nodes whose subtree holds
 * d, so that no route visits a node twice (ft_roles_ok below). */
static int ft_walk(const rmi_sg_store *st, const rmi_sg_ft *f, const int *node, int H, rmi_sg_ft_fn fn,
                   void *ctx, int *ml)
{
    int nn = f->nn, nl = f->levels, rc = -1, M = ft_groups(f), maxlen = 0;
    if (nl < 1 || H < 2 || M < 1)
        return 0;
    for (int l = 0; l < nl; l++)
        if (f->P[l] < 1 || f->C[l] < 1)
            return 0;
    for (int v = 0; v + 1 < nn; v++)
        if (f->level[v] > f->level[v + 1])
            return 0;
    for (int i = 0; i < H; i++)
        if (node[i] < 0 || node[i] >= nn || f->level[node[i]] != 0 || f->pos[node[i]] < 0)
            return 0;
    size_t ng = (size_t)nn * (size_t)M + 1;
    int *an = malloc(5 * ng * sizeof *an), *xd = malloc(((size_t)nl + 1) * sizeof *xd);
    if (!an || !xd)
        goto done;
    /* per node and group: the sources gathered (count, least, sole), the
     * epoch (the destination) they were gathered for, their longest route
     * so far (links) */
    int *amin = an + ng, *asole = amin + ng, *aep = asole + ng, *alen = aep + ng;
    for (size_t v = 0; v < ng; v++)
        aep[v] = -1;
    for (int d = 0; d < H; d++) {
        int dst = node[d];
        /* the parent port SimGrid takes at each level towards d (ft_local) */
        for (int lv = 0; lv < nl; lv++) {
            long long x = f->pos[dst];
            for (int i = 0; i < lv; i++)
                x /= f->P[i];
            xd[lv] = (int)(x % ((long long)f->P[lv] * f->K[lv]));
        }
        for (int i = 0; i < H; i++)
            if (i != d) {
                size_t k = (size_t)node[i] * M + (size_t)(f->pos[node[i]] % M);
                if (aep[k] == d)
                    goto form; /* two hosts on one node */
                an[k] = 1;
                amin[k] = asole[k] = i;
                aep[k] = d;
                alen[k] = 0;
            }
        /* up, level by level: the sources at v take its limiter and its
         * parent for d, unless v's subtree holds d (a top node: down) */
        for (int v = 0; v < nn; v++)
            for (int g = 0; g < M; g++) {
                size_t k = (size_t)v * M + (size_t)g;
                if (aep[k] != d)
                    continue;
                int lv = f->level[v];
                if (lv >= 1 && ft_in_sub(f, v, dst)) { /* down as ft_local goes */
                    int cur = v, len = alen[k];
                    const int *ld = f->label + (size_t)dst * nl;
                    while (cur != dst) {
                        int moved = 0;
                        if (f->level[cur] < 1)
                            goto form;
                        long long i = (long long)(g % f->K[f->level[cur] - 1]) * f->C[f->level[cur] - 1];
                        for (;;) {
                            int nch = f->ch0[cur + 1] - f->ch0[cur];
                            if (i >= nch)
                                break;
                            int c = f->C[f->level[cur] - 1], t = ld[f->level[cur] - 1];
                            if (t < 0 || t >= c)
                                break;
                            i += ((t - (int)(i % c)) % c + c) % c;
                            if (i >= nch)
                                break;
                            int e = f->ch0[cur] + (int)i;
                            if (f->dn_n[e] < 0 || f->dn_n[e] >= cur || f->dn_l[e] < 0 || f->dn_l[e] >= st->L)
                                goto form;
                            fn(ctx, an[k], amin[k], asole[k], d, f->dn_l[e]);
                            len++;
                            if (f->lim[cur] >= 0) {
                                fn(ctx, an[k], amin[k], asole[k], d, f->lim[cur]);
                                len++;
                            }
                            cur = f->dn_n[e];
                            moved = 1;
                            if (f->level[cur] < 1)
                                break;
                            if (!ft_in_sub(f, cur, dst))
                                goto form; /* a walk leaving d's subtree */
                            i++;
                        }
                        if (!moved)
                            goto form;
                    }
                    len += f->lim[dst] >= 0;
                    maxlen = len > maxlen ? len : maxlen;
                    continue;
                }
                if (lv >= nl)
                    goto form;
                int e = f->par0[v] + xd[lv];
                if (xd[lv] >= f->par0[v + 1] - f->par0[v] || f->up_n[e] <= v || f->up_n[e] >= nn ||
                    f->up_l[e] < 0 || f->up_l[e] >= st->L)
                    goto form;
                int len = alen[k] + 1;
                if (f->lim[v] >= 0) {
                    fn(ctx, an[k], amin[k], asole[k], d, f->lim[v]);
                    len++;
                }
                fn(ctx, an[k], amin[k], asole[k], d, f->up_l[e]);
                size_t u = (size_t)f->up_n[e] * M + (size_t)g;
                if (aep[u] != d) {
                    an[u] = an[k];
                    amin[u] = amin[k];
                    asole[u] = asole[k];
                    aep[u] = d;
                    alen[u] = len;
                } else {
                    an[u] += an[k];
                    amin[u] = amin[k] < amin[u] ? amin[k] : amin[u];
                    asole[u] = -1;
                    alen[u] = len > alen[u] ? len : alen[u];
                }
            }
        if (f->lim[dst] >= 0) /* every route to d ends on d's limiter */
            fn(ctx, H - 1, d ? 0 : 1, H == 2 ? 1 - d : -1, d, f->lim[dst]);
    }
    if (ml)
        *ml = maxlen;
    rc = 1;
    goto done;
form:
    rc = 0;
done:
    free(an);
    free(xd);
    return rc;
}

/* rmi_sg_ft_rects (sg_store.h). */
int rmi_sg_ft_rects(const rmi_sg_store *st, const rmi_sg_ft *f, const int *node, int H, rmi_sg_ft_fn fn,
                    void *ctx)
{
    return ft_walk(st, f, node, H, fn, ctx, NULL);
}

/* 1 when no route of fat-tree f that visits each node at most once (as
 * ft_walk checks) crosses a link twice: every link belongs to one node
 * (its limiter; a cable up from it, or down into it: a route leaving a
 * node upwards takes one of its up cables, one arriving from above one of
 * its down cables, never both), and a limiter to nothing else. 0
 * otherwise, -1 out of memory. O(nodes + cables + L). */
static int ft_roles_ok(const rmi_sg_store *st, const rmi_sg_ft *f)
{
    int *own = malloc(((size_t)st->L + 1) * sizeof *own), rc = 1;
    char *lim = calloc((size_t)st->L + 1, 1);
    if (!own || !lim) {
        free(own);
        free(lim);
        return -1;
    }
    for (int l = 0; l < st->L; l++)
        own[l] = -1;
    for (int v = 0; v < f->nn && rc; v++) {
        int l = f->lim[v];
        if (l >= st->L || (l >= 0 && own[l] >= 0))
            rc = 0;
        else if (l >= 0) {
            own[l] = v;
            lim[l] = 1;
        }
    }
    for (int v = 0; v < f->nn && rc; v++)
        for (int side = 0; side < 2 && rc; side++) {
            int b = side ? f->ch0[v] : f->par0[v], e = side ? f->ch0[v + 1] : f->par0[v + 1];
            for (int k = b; k < e && rc; k++) {
                int l = side ? f->dn_l[k] : f->up_l[k], o = side ? f->dn_n[k] : v;
                if (l < 0 || l >= st->L || o < 0)
                    continue; /* never crossed: ft_walk refuses such a step */
                if (own[l] < 0)
                    own[l] = o;
                else if (lim[l] || own[l] != o)
                    rc = 0;
            }
        }
    free(own);
    free(lim);
    return rc;
}

/* Set to 0 (tests only) to compose every pair of a fat-tree zone in the
 * survey and the link order, as before the destination walk. */
int rmi_sg_store_ft_walk = 1;

/* Zone z's local route s -> d, added to a; its gateways into *gs, *gd. */
static void local(const rmi_sg_store *st, int z, int s, int d, acc *a, int *gs, int *gd)
{
    if (st->zft && st->zft[z] >= 0) {
        ft_local(st, &st->ft[st->zft[z]], s, d, a, gs, gd);
        return;
    }
    if (st->zfz && st->zfz[z] >= 0) { /* U(s), M(class s, class d), D(d) */
        int f = st->zfz[z], cs = st->fzc[s], cd = st->fzc[d];
        if (cs < 0 || cd < 0)
            return; /* a router end: SimGrid's route is empty */
        const rmi_sg_piece *pu = &st->pc[st->fzu[s]], *pd = &st->pc[st->fzd[d]];
        add(a, st, pu);
        add(a, st, &st->pc[st->fzmid[f][cs * st->fznc[f] + cd]]);
        add(a, st, pd);
        *gs = pu->gw_src;
        *gd = pd->gw_dst;
        return;
    }
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
            if (!a->nolat)
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
    acc m = {mid, a->cap, 0, 0.0, 0, a->nolat};
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
    acc a = {links, cap, 0, 0.0, 0, lat == NULL};
    if (s < 0 || d < 0 || s >= st->H || d >= st->H || s == d)
        return -1;
    global(st, s, d, &a, 1);
    if (lat)
        *lat = a.lat;
    return a.err ? a.err : a.n;
}

/* rmi_sg_store_middle (topo/io/sg_store.h). */
int rmi_sg_store_middle(const rmi_sg_store *st, int s, int d, int *links, int cap, int *gs, int *gd)
{
    if (s < 0 || d < 0 || s >= st->H || d >= st->H || s == d)
        return -1;
    int common, sa, da;
    *gs = *gd = -1;
    ancestors(st, s, d, &common, &sa, &da);
    if (common < 0 || sa < 0 || da < 0)
        return -1;
    if (sa == da)
        return -3;
    if (st->znp[sa] < 0 || st->znp[da] < 0)
        return -1;
    acc m = {links, cap, 0, 0.0, 0, 1};
    local(st, common, st->znp[sa], st->znp[da], &m, gs, gd);
    if (!m.err && (*gs < 0 || *gd < 0))
        m.err = -1;
    return m.err ? m.err : m.n;
}

/* rmi_sg_store_gw_piece (topo/io/sg_store.h). */
int rmi_sg_store_gw_piece(const rmi_sg_store *st, int a, int b)
{
    return a < 0 || b < 0 || a == b ? -1 : rmi_sg_pairmap_get(&st->gw, a, b);
}

/* ---- the survey: every kept pair, block by block ----------------------- */

/* A count per link with an epoch, so that it needs no clearing. */
typedef struct lcount {
    int *ep, *n;
    long *sum;
    int epoch;
} lcount;

static int lc_get(const lcount *c, int l)
{
    return c->ep[l] == c->epoch ? c->n[l] : 0;
}

static long lc_sum(const lcount *c, int l)
{
    return c->ep[l] == c->epoch ? c->sum[l] : 0;
}

static void lc_add(lcount *c, int l, int h)
{
    if (c->ep[l] != c->epoch) {
        c->ep[l] = c->epoch;
        c->n[l] = 0;
        c->sum[l] = 0;
    }
    c->n[l]++;
    c->sum[l] += h;
}

typedef struct survey_ws {
    const rmi_sg_store *st;
    rmi_sg_survey *sv;
    lcount a, b, m;  /* per block: the source side, the destination side, the middle */
    int *hit;        /* L: blocks whose every route crosses the link */
    int *hit_ep;     /* L: the block that last counted it */
    int block;       /* blocks with a pair */
    int *links;      /* a route's links */
    int cap;
} survey_ws;

/* Link l crossed by every route of this block. */
static void qualify(survey_ws *w, int l)
{
    if (w->hit_ep[l] != w->block) {
        w->hit_ep[l] = w->block;
        w->hit[l]++;
    }
}

static void set_pair(int *a, int *b, int s, int d)
{
    if (*a < 0) {
        *a = s;
        *b = d;
    }
}

/* The first link piece p holds twice, -1. O(n^2), n a piece's links. */
static int piece_twice(const rmi_sg_store *st, const rmi_sg_piece *p)
{
    for (int t = 1; t < p->n; t++)
        for (int u = 0; u < t; u++)
            if (st->pl[p->off + t] == st->pl[p->off + u])
                return st->pl[p->off + t];
    return -1;
}

static const rmi_sg_piece *gw_piece(const rmi_sg_store *st, int a, int b, int *missing)
{
    if (a == b)
        return NULL; /* the gateway itself: no piece */
    int pi = rmi_sg_pairmap_get(&st->gw, a, b);
    if (pi < 0)
        *missing = 1;
    return pi < 0 ? NULL : &st->pc[pi];
}

/* Every pair of hosts (A[i], B[j]), i != j when A == B, composed one by one
 * (a zone that is not a star; a host in an ancestor of the other's zone). */
static void block_pairs(survey_ws *w, const int *A, int na, const int *B, int nb)
{
    const rmi_sg_store *st = w->st;
    rmi_sg_survey *sv = w->sv;
    long pairs = 0;
    w->m.epoch++;
    for (int i = 0; i < na; i++)
        for (int j = 0; j < nb; j++) {
            int s = A[i], d = B[j];
            if (s == d)
                continue;
            pairs++;
            int n = rmi_sg_store_route(st, s, d, w->links, w->cap, NULL);
            if (n < 0) {
                set_pair(&sv->miss_s, &sv->miss_d, s, d);
                continue;
            }
            if (n > sv->max_links)
                sv->max_links = n;
            for (int t = 0; t < n; t++) {
                int l = w->links[t], seen = 0;
                for (int u = 0; u < t && !seen; u++)
                    seen = w->links[u] == l;
                if (seen) {
                    if (sv->twice_l < 0) {
                        sv->twice_l = l;
                        sv->twice_s = s;
                        sv->twice_d = d;
                    }
                    continue;
                }
                lc_add(&w->m, l, 0);
            }
        }
    if (!pairs)
        return;
    w->block++;
    for (int i = 0; i < na; i++)
        for (int j = 0; j < nb; j++) {
            if (A[i] == B[j])
                continue;
            int n = rmi_sg_store_route(st, A[i], B[j], w->links, w->cap, NULL);
            for (int t = 0; t < n; t++)
                if (lc_get(&w->m, w->links[t]) == pairs)
                    qualify(w, w->links[t]);
            return; /* a link on every route is on the first one */
        }
}

typedef struct ft_count {
    long *n; /* L: the routes crossing the link */
} ft_count;

static void ft_count_fn(void *c, int n, int min, int sole, int d, int link)
{
    (void)min;
    (void)sole;
    (void)d;
    ((ft_count *)c)->n[link] += n;
}

/* The pairs of fat-tree zone's members A (na >= 2, SimGrid's order) from
 * the destination walk (ft_walk): no route composed. Each route is found
 * whole and crosses no link twice (ft_roles_ok), so the counts the walk
 * hands on are each link's routes; a link on all na (na - 1) of them is
 * on every route. 1 done; 0 when the walk or the roles do not apply (the
 * caller composes every pair: block_pairs, which also names a missing
 * route or a link crossed twice). O(na x (nodes + links x levels) + L). */
static int block_ft(survey_ws *w, const int *A, int na, const rmi_sg_ft *f)
{
    const rmi_sg_store *st = w->st;
    int *node = malloc((size_t)na * sizeof *node), ml = 0, ok = 0;
    ft_count c = {calloc((size_t)st->L + 1, sizeof(long))};
    if (!node || !c.n)
        goto done;
    for (int i = 0; i < na; i++)
        if ((node[i] = st->npft[A[i]]) < 0)
            goto done;
    if (ft_roles_ok(st, f) != 1 || ft_walk(st, f, node, na, ft_count_fn, &c, &ml) != 1)
        goto done;
    ok = 1;
    if (ml > w->sv->max_links)
        w->sv->max_links = ml;
    w->block++;
    long pairs = (long)na * (na - 1);
    for (int l = 0; l < st->L; l++)
        if (c.n[l] == pairs)
            qualify(w, l);
done:
    free(node);
    free(c.n);
    return ok;
}

/* The pairs of a star zone's members A: member s's links UP then d's links
 * DOWN, the links met twice (the backbone) taken once. */
static void block_star(survey_ws *w, const int *A, int n)
{
    const rmi_sg_store *st = w->st;
    rmi_sg_survey *sv = w->sv;
    if (n < 2)
        return;
    w->a.epoch++;
    w->b.epoch++;
    long tot = 0;
    int mu = 0, md = 0;
    for (int i = 0; i < n; i++) {
        int h = A[i];
        tot += h;
        if (st->up[h] < 0 || st->down[h] < 0) {
            set_pair(&sv->miss_s, &sv->miss_d, st->up[h] < 0 ? h : A[i ? 0 : 1],
                     st->up[h] < 0 ? A[i ? 0 : 1] : h);
            return;
        }
        const rmi_sg_piece *pu = &st->pc[st->up[h]], *pd = &st->pc[st->down[h]];
        int l = piece_twice(st, pu);
        if (l < 0)
            l = piece_twice(st, pd);
        if (l >= 0 && sv->twice_l < 0) {
            sv->twice_l = l;
            sv->twice_s = h;
            sv->twice_d = A[i ? 0 : 1];
        }
        mu = pu->n > mu ? pu->n : mu;
        md = pd->n > md ? pd->n : md;
        for (int t = 0; t < pu->n; t++)
            lc_add(&w->a, st->pl[pu->off + t], h);
        for (int t = 0; t < pd->n; t++)
            lc_add(&w->b, st->pl[pd->off + t], h);
    }
    if (mu + md > sv->max_links)
        sv->max_links = mu + md;
    w->block++;
    /* on every route s -> d (s != d) unless some s lacks it UP and some
     * other d lacks it DOWN */
    for (int i = 0; i < n; i++)
        for (int side = 0; side < 2; side++) {
            const rmi_sg_piece *p = &st->pc[side ? st->down[A[i]] : st->up[A[i]]];
            for (int t = 0; t < p->n; t++) {
                int l = st->pl[p->off + t];
                int cu = lc_get(&w->a, l), cd = lc_get(&w->b, l);
                if (cu == n || cd == n ||
                    (cu == n - 1 && cd == n - 1 && tot - lc_sum(&w->a, l) == tot - lc_sum(&w->b, l)))
                    qualify(w, l);
            }
        }
}

/* The pairs from zone A's hosts to zone B's (A != B, sa != da): the route
 * from s to its gateway, the common ancestor's local route between the
 * two child zones, the route from the other gateway to d. */
static void block_cross(survey_ws *w, const int *A, int na, const int *B, int nb, int common,
                        int sa, int da)
{
    const rmi_sg_store *st = w->st;
    rmi_sg_survey *sv = w->sv;
    int gs = -1, gd = -1;
    acc m = {w->links, w->cap, 0, 0.0, 0, 1};
    if (st->znp[sa] < 0 || st->znp[da] < 0)
        m.err = -1;
    else
        local(st, common, st->znp[sa], st->znp[da], &m, &gs, &gd);
    if (!m.err && (gs < 0 || gd < 0))
        m.err = -1;
    if (m.err) {
        set_pair(&sv->miss_s, &sv->miss_d, A[0], B[0]);
        return;
    }
    w->m.epoch++;
    w->a.epoch++;
    w->b.epoch++;
    for (int t = 0; t < m.n; t++) {
        if (lc_get(&w->m, m.links[t]) && sv->twice_l < 0) {
            sv->twice_l = m.links[t];
            sv->twice_s = A[0];
            sv->twice_d = B[0];
        }
        lc_add(&w->m, m.links[t], 0);
    }
    int ms = 0, mdd = 0;
    for (int side = 0; side < 2; side++) {
        const int *X = side ? B : A;
        int nx = side ? nb : na;
        lcount *c = side ? &w->b : &w->a;
        for (int i = 0; i < nx; i++) {
            int h = X[i], missing = 0;
            const rmi_sg_piece *p = side ? gw_piece(st, gd, h, &missing) : gw_piece(st, h, gs, &missing);
            if (missing) {
                set_pair(&sv->miss_s, &sv->miss_d, side ? A[0] : h, side ? h : B[0]);
                return;
            }
            if (!p)
                continue;
            if (side)
                mdd = p->n > mdd ? p->n : mdd;
            else
                ms = p->n > ms ? p->n : ms;
            int l = piece_twice(st, p);
            for (int t = 0; t < p->n && l < 0; t++) {
                int x = st->pl[p->off + t];
                if (lc_get(&w->m, x) || (side && lc_get(&w->a, x)))
                    l = x;
            }
            if (l >= 0 && sv->twice_l < 0) {
                sv->twice_l = l;
                /* the source holding it on its side, when that is where */
                int s0 = A[0];
                if (side && lc_get(&w->a, l))
                    for (int k = 0; k < na; k++) {
                        const rmi_sg_piece *q = gw_piece(st, A[k], gs, &missing);
                        for (int t = 0; q && t < q->n; t++)
                            if (st->pl[q->off + t] == l)
                                s0 = A[k];
                    }
                sv->twice_s = side ? s0 : h;
                sv->twice_d = side ? h : B[0];
            }
            for (int t = 0; t < p->n; t++)
                lc_add(c, st->pl[p->off + t], h);
        }
    }
    if (m.n + ms + mdd > sv->max_links)
        sv->max_links = m.n + ms + mdd;
    w->block++;
    for (int t = 0; t < m.n; t++)
        qualify(w, m.links[t]);
    for (int side = 0; side < 2; side++) {
        int h = side ? B[0] : A[0], missing = 0;
        const rmi_sg_piece *p = side ? gw_piece(st, gd, h, &missing) : gw_piece(st, h, gs, &missing);
        for (int t = 0; p && t < p->n; t++)
            if (lc_get(side ? &w->b : &w->a, st->pl[p->off + t]) == (side ? nb : na))
                qualify(w, st->pl[p->off + t]);
    }
}

int rmi_sg_store_survey(const rmi_sg_store *st, const char *alive, rmi_sg_survey *sv)
{
    memset(sv, 0, sizeof *sv);
    sv->miss_s = sv->miss_d = sv->twice_s = sv->twice_d = sv->twice_l = -1;
    int L = st->L, Z = st->Z, rc = -1;
    survey_ws w;
    memset(&w, 0, sizeof w);
    w.st = st;
    w.sv = sv;
    w.cap = L + 1;
    size_t nl = (size_t)L + 1;
    int *zfirst = calloc((size_t)Z + 1, sizeof *zfirst), *byz = malloc(((size_t)st->H + 1) * sizeof *byz);
    sv->every = calloc(nl, 1);
    w.hit = calloc(nl, sizeof *w.hit);
    w.hit_ep = malloc(nl * sizeof *w.hit_ep);
    w.links = malloc(nl * sizeof *w.links);
    lcount *cs[3] = {&w.a, &w.b, &w.m};
    int ok = zfirst && byz && sv->every && w.hit && w.hit_ep && w.links;
    for (int k = 0; k < 3; k++) {
        cs[k]->ep = calloc(nl, sizeof *cs[k]->ep);
        cs[k]->n = malloc(nl * sizeof *cs[k]->n);
        cs[k]->sum = malloc(nl * sizeof *cs[k]->sum);
        cs[k]->epoch = 0;
        ok = ok && cs[k]->ep && cs[k]->n && cs[k]->sum;
    }
    if (!ok)
        goto done;
    for (size_t l = 0; l < nl; l++)
        w.hit_ep[l] = -1;
    /* the kept hosts by zone (counting sort, SimGrid's order inside) */
    for (int h = 0; h < st->H; h++)
        if (alive[h] && st->npzone[h] >= 0)
            zfirst[st->npzone[h] + 1]++;
    for (int z = 0; z < Z; z++)
        zfirst[z + 1] += zfirst[z];
    {
        int *at = malloc(((size_t)Z + 1) * sizeof *at);
        if (!at)
            goto done;
        memcpy(at, zfirst, ((size_t)Z + 1) * sizeof *at);
        for (int h = 0; h < st->H; h++)
            if (alive[h] && st->npzone[h] >= 0)
                byz[at[st->npzone[h]]++] = h;
        free(at);
    }
    for (int h = 0; h < st->H; h++)
        if (alive[h] && st->npzone[h] < 0) { /* a host outside every zone: never */
            sv->miss_s = sv->miss_d = h;
            rc = 0;
            goto done;
        }
    for (int za = 0; za < Z && sv->miss_s < 0; za++) {
        int na = zfirst[za + 1] - zfirst[za];
        const int *A = byz + zfirst[za];
        for (int zb = 0; zb < Z && na && sv->miss_s < 0; zb++) {
            int nb = zfirst[zb + 1] - zfirst[zb];
            const int *B = byz + zfirst[zb];
            if (!nb)
                continue;
            if (za == zb) {
                if (st->zprobe[za] >= 0)
                    block_star(&w, A, na);
                else if (!(na >= 2 && rmi_sg_store_ft_walk && st->zft && st->zft[za] >= 0 &&
                           block_ft(&w, A, na, &st->ft[st->zft[za]])))
                    block_pairs(&w, A, na, A, na);
                continue;
            }
            int common, sa, da;
            ancestors(st, A[0], B[0], &common, &sa, &da);
            if (common < 0 || sa < 0 || da < 0)
                set_pair(&sv->miss_s, &sv->miss_d, A[0], B[0]);
            else if (sa == da)
                block_pairs(&w, A, na, B, nb);
            else
                block_cross(&w, A, na, B, nb, common, sa, da);
        }
    }
    for (int l = 0; l < L; l++)
        sv->every[l] = w.block > 0 && w.hit[l] == w.block;
    rc = 0;
done:
    free(zfirst);
    free(byz);
    free(w.hit);
    free(w.hit_ep);
    free(w.links);
    for (int k = 0; k < 3; k++) {
        free(cs[k]->ep);
        free(cs[k]->n);
        free(cs[k]->sum);
    }
    if (rc) {
        free(sv->every);
        sv->every = NULL;
    }
    return rc;
}

void rmi_fixed_pieces_free(struct rm_fixed_pieces *fp)
{
    if (!fp)
        return;
    rmi_sg_store_free(&fp->st);
    free(fp->st_host);
    free(fp->lpos);
    free(fp->every);
    free(fp);
}

/* ---- the links in the order the all-pairs table numbers them ------------ */

static int int_cmp(const void *x, const void *y)
{
    int a = *(const int *)x, b = *(const int *)y;
    return (a > b) - (a < b);
}

/* The first pair (source, destination) whose route crosses each link, a
 * key source x H + destination in store host numbers (LLONG_MAX none). */
typedef struct ft_first {
    long long *key;
    const int *host; /* the walk's hosts -> store hosts */
    int H;
} ft_first;

static void ft_first_fn(void *c, int n, int min, int sole, int d, int link)
{
    ft_first *x = c;
    (void)n;
    (void)sole;
    long long k = (long long)x->host[min] * x->H + x->host[d];
    if (k < x->key[link])
        x->key[link] = k;
}

typedef struct lo_ent {
    long long key;
    int pos, l;
} lo_ent;

static int lo_cmp(const void *x, const void *y)
{
    const lo_ent *a = x, *b = y;
    if (a->key != b->key)
        return (a->key > b->key) - (a->key < b->key);
    return (a->pos > b->pos) - (a->pos < b->pos);
}

/* For each compact zone whose zone is a fat-tree: its pairs' first use of
 * each link into key (the least over the zone's pairs), ftz[zone] = 1;
 * a zone the walk does not apply to is left to the pair walk. 0, -1 out
 * of memory. */
static int lo_fat_trees(const rmi_sg_store *st, int Zh, const int *first, const int *next, long long *key,
                        char *ftz)
{
    int H = st->H, L = st->L, rc = 0;
    int *host = malloc(((size_t)H + 1) * sizeof *host), *node = malloc(((size_t)H + 1) * sizeof *node);
    long long *kz = malloc(((size_t)L + 1) * sizeof *kz);
    if (!host || !node || !kz)
        rc = -1;
    for (int A = 0; A < Zh && !rc; A++) {
        int z = first[A] >= 0 ? st->npzone[first[A]] : -1, n = 0, ok = 1;
        if (z < 0 || !st->zft || st->zft[z] < 0)
            continue;
        const rmi_sg_ft *f = &st->ft[st->zft[z]];
        for (int h = first[A]; h >= 0; h = next[h]) {
            host[n] = h;
            ok = ok && (node[n++] = st->npft[h]) >= 0;
        }
        if (!ok || n < 2)
            continue;
        for (int l = 0; l < L; l++)
            kz[l] = LLONG_MAX;
        ft_first x = {kz, host, H};
        int w = ft_walk(st, f, node, n, ft_first_fn, &x, NULL);
        if (w < 0)
            rc = -1;
        if (w != 1)
            continue;
        ftz[A] = 1;
        for (int l = 0; l < L; l++)
            key[l] = kz[l] < key[l] ? kz[l] : key[l];
    }
    free(host);
    free(node);
    free(kz);
    return rc;
}

int rmi_sg_store_link_order(const rmi_sg_store *st, const char *alive, int *lorig, int *lpos,
                            int *n_used)
{
    int H = st->H, Z = st->Z, L = st->L, n = 0, rc = -1;
    /* the zones holding kept hosts, compactly: cz[zone] -> 0..Zh-1 */
    int *cz = malloc(((size_t)Z + 1) * sizeof *cz), *first = NULL, *next = NULL, *ev = NULL;
    int *lk = malloc(((size_t)L + 1) * sizeof *lk);
    unsigned char *rows = NULL, *kind = NULL;
    char *ftz = NULL;
    long long *key = malloc(((size_t)L + 1) * sizeof *key);
    lo_ent *ent = malloc(((size_t)L + 1) * sizeof *ent);
    int Zh = 0;
    if (!cz || !lk || !key || !ent)
        goto done;
    for (int z = 0; z < Z; z++)
        cz[z] = -1;
    for (int h = 0; h < H; h++)
        if (alive[h] && st->npzone[h] >= 0 && cz[st->npzone[h]] < 0)
            cz[st->npzone[h]] = Zh++;
    /* each compact zone's kept hosts in order: first[], next[] */
    first = malloc(((size_t)Zh + 1) * sizeof *first);
    next = malloc(((size_t)H + 1) * sizeof *next);
    ev = malloc(((size_t)H + (size_t)Zh + 1) * sizeof *ev);
    rows = calloc((size_t)Zh * (size_t)Zh + 1, 1);
    kind = calloc((size_t)Zh * (size_t)Zh + 1, 1);
    ftz = calloc((size_t)Zh + 1, 1);
    if (!first || !next || !ev || !rows || !kind || !ftz)
        goto done;
    for (int z = 0; z < Zh; z++)
        first[z] = -1;
    for (int h = H - 1; h >= 0; h--)
        if (alive[h] && st->npzone[h] >= 0) {
            int z = cz[st->npzone[h]];
            next[h] = first[z];
            first[z] = h;
        }
    for (int l = 0; l < L; l++)
        key[l] = LLONG_MAX;
    /* a fat-tree zone's own pairs from its destination walk (the least
     * pair of each link), the other pairs composed below */
    if (rmi_sg_store_ft_walk && lo_fat_trees(st, Zh, first, next, key, ftz))
        goto done;
    for (int i = 0; i < H; i++) {
        if (!alive[i] || st->npzone[i] < 0)
            continue;
        int A = cz[st->npzone[i]], ne = 0;
        /* the destinations whose routes from i may hold a link not seen
         * yet, in host order: every host of a block not done; of a block
         * done (its other side and middle all seen), the first host only
         * (i's own part is the same for all of them) */
        for (int B = 0; B < Zh; B++) {
            size_t k = (size_t)A * Zh + B;
            if (!kind[k]) { /* 1 cross, 2 a star's own pairs, 3 pair by pair */
                int s = first[A], d = first[B];
                if (A == B)
                    kind[k] = st->zprobe[st->npzone[s]] >= 0 ? 2 : 3;
                else {
                    int common, sa, da;
                    ancestors(st, s, d, &common, &sa, &da);
                    kind[k] = common >= 0 && sa >= 0 && da >= 0 && sa != da ? 1 : 3;
                }
            }
            if (A == B && ftz[A])
                continue; /* found by the walk */
            int done_b = (kind[k] == 1 && rows[k] >= 1) || (kind[k] == 2 && rows[k] >= 2);
            for (int j = first[B]; j >= 0; j = next[j]) {
                if (j == i)
                    continue;
                ev[ne++] = j;
                if (done_b)
                    break;
            }
            if (!done_b && rows[k] < 2)
                rows[k]++;
        }
        qsort(ev, (size_t)ne, sizeof *ev, int_cmp);
        for (int e = 0; e < ne; e++) {
            int m = rmi_sg_store_route(st, i, ev[e], lk, L + 1, NULL);
            long long k = (long long)i * H + ev[e];
            for (int t = 0; t < m; t++)
                if (k < key[lk[t]])
                    key[lk[t]] = k;
        }
    }
    /* the links by their first pair (row-major), then by their place on
     * that pair's route: the first use, as reading the pairs in order */
    int ne = 0;
    for (int l = 0; l < L; l++)
        if (key[l] != LLONG_MAX)
            ent[ne++] = (lo_ent){key[l], 0, l};
    qsort(ent, (size_t)ne, sizeof *ent, lo_cmp);
    for (int l = 0; l < L; l++)
        lpos[l] = -1;
    for (int b = 0, e; b < ne; b = e) {
        for (e = b + 1; e < ne && ent[e].key == ent[b].key; e++)
            ;
        if (e - b < 2)
            continue;
        int m = rmi_sg_store_route(st, (int)(ent[b].key / H), (int)(ent[b].key % H), lk, L + 1, NULL);
        for (int t = 0; t < m; t++)
            lpos[lk[t]] = t;
        for (int x = b; x < e; x++)
            ent[x].pos = lpos[ent[x].l];
        qsort(ent + b, (size_t)(e - b), sizeof *ent, lo_cmp);
    }
    for (int l = 0; l < L; l++)
        lpos[l] = -1;
    for (int x = 0; x < ne; x++) {
        lpos[ent[x].l] = n;
        lorig[n++] = ent[x].l;
    }
    if (n_used)
        *n_used = n;
    for (int l = 0; l < L; l++) /* links no kept pair's route crosses: last */
        if (lpos[l] < 0) {
            lpos[l] = n;
            lorig[n++] = l;
        }
    rc = 0;
done:
    free(cz);
    free(first);
    free(next);
    free(ev);
    free(rows);
    free(kind);
    free(ftz);
    free(key);
    free(ent);
    free(lk);
    return rc;
}
