/*
 * sharedring_sym.c — symmetry classes of interchangeable hosts for
 * SharedRing's fast path (docs/scale.md): hosts on an access link of their own
 * (a leaf: one link, to node u) with the same cycle-time w, the same u and
 * the same link (capacity, latency, backbone flag) are interchangeable while
 * they are out of the ring: no widest path crosses a leaf, so their link
 * keeps its full capacity, and every widest-path tree gives them the same
 * width (min(width[u], capacity)) and the same route up to their own link.
 *
 * Exactness. The reference evaluates the candidates in host order and keeps
 * the first strict improvement; two members of a class give the same T_step
 * bit for bit when the optimal sharing of their four routes is computed on
 * resources in the same relative order (bw/system.c sorts a route system's
 * resources by index). So, for one ring edge, a class is cut at the
 * resources of the four routes' common part (the tree paths between the
 * edge's hosts and u): the members between two consecutive cuts give one
 * T_step, and only the first unused one (least host index, as the
 * reference's scan) is evaluated; the others cannot win (their T_step equals
 * a value already seen, later in host order). A class's members are kept in
 * host order with increasing resource index (a member breaking that starts a
 * new class), so a gap between cuts is a run of positions.
 */
#include "heur/sharedring/sharedring_internal.h"
#include "model/cost_valid.h"

#include <stdlib.h>
#include <string.h>

int rmi_h2_sym_valid_for(const rm_cost_model *m)
{
    return rmi_cost_model_eq1(m);
}

typedef struct h2_sym_key {
    int h, u, l, bb;
    double w, bw, lat;
} h2_sym_key;

/* the class key: node, w, link capacity, latency, backbone flag */
static int key_cmp3(const h2_sym_key *x, const h2_sym_key *y)
{
    if (x->u != y->u)
        return x->u < y->u ? -1 : 1;
    if (x->w != y->w)
        return x->w < y->w ? -1 : 1;
    if (x->bw != y->bw)
        return x->bw < y->bw ? -1 : 1;
    if (x->lat != y->lat)
        return x->lat < y->lat ? -1 : 1;
    if (x->bb != y->bb)
        return x->bb < y->bb ? -1 : 1;
    return 0;
}

static int key_cmp(const void *va, const void *vb)
{
    const h2_sym_key *x = va, *y = vb;
    int c = key_cmp3(x, y);
    if (c)
        return c;
    return x->h < y->h ? -1 : x->h > y->h;
}

void rmi_h2_sym_destroy(h2_sym *sy)
{
    if (!sy)
        return;
    free(sy->cls_start);
    free(sy->cls_u);
    free(sy->mem);
    free(sy->mres);
    free(sy->nx);
    free(sy->pos_of);
    free(sy->single);
    free(sy->base);
    free(sy->multi);
    free(sy->tmp);
    free(sy->closed);
    free(sy->lres);
    free(sy->cls_of);
    free(sy);
}

/* sy->lres (each host's one link's resources when it has one link, a leaf
 * of the platform: the least and the largest; -1 -1 else) and sy->closed
 * (a class whose range of member resources holds only resources of links
 * with an end of one link; 0 as well when the range is long). Out of
 * memory: both NULL (rmi_h2_sym_candidates then walks every class). */
static void sym_closed(h2_sym *sy, const rm_network *net, const int *deg, const int *lnk)
{
    const rm_platform *p = net->platform;
    int H = p->n_hosts;
    sy->lres = malloc(2 * ((size_t)H + 1) * sizeof *sy->lres);
    sy->closed = malloc((size_t)sy->n_class + 1);
    if (!sy->lres || !sy->closed) {
        free(sy->lres);
        free(sy->closed);
        sy->lres = NULL;
        sy->closed = NULL;
        return;
    }
    for (int h = 0; h < H; h++) {
        int v = p->hosts[h], l = lnk[v];
        sy->lres[2 * h] = sy->lres[2 * h + 1] = -1;
        if (deg[v] != 1)
            continue;
        int r0 = net->arc_res[2 * l], r1 = net->arc_res[2 * l + 1];
        sy->lres[2 * h] = r0 < r1 ? r0 : r1;
        sy->lres[2 * h + 1] = r0 < r1 ? r1 : r0;
    }
    for (int c = 0; c < sy->n_class; c++) {
        int s = sy->cls_start[c], e = sy->cls_start[c + 1];
        int lo = sy->mres[s], hi = sy->mres[e - 1];
        int ok = hi - lo <= 4 * (e - s) + 8;
        for (int r = lo + 1; r < hi && ok; r++) {
            const rm_link *l = &p->links[net->res_link[r]];
            ok = deg[l->source] == 1 || deg[l->target] == 1;
        }
        sy->closed[c] = (unsigned char)ok;
    }
}

int rmi_h2_sym_closed_on = 1;

h2_sym *rmi_h2_sym_new(const rm_network *net)
{
    const rm_platform *p = net->platform;
    int H = p->n_hosts, N = p->n_nodes;
    if (p->directed || H < 2)
        return NULL;
    int *deg = calloc((size_t)N, sizeof *deg), *lnk = malloc((size_t)N * sizeof *lnk);
    h2_sym_key *key = malloc((size_t)H * sizeof *key);
    h2_sym *sy = calloc(1, sizeof *sy);
    int ok = deg && lnk && key && sy;
    if (ok) {
        sy->cls_start = malloc((size_t)(H + 1) * sizeof(int));
        sy->cls_u = malloc((size_t)(H + 1) * sizeof(int));
        sy->mem = malloc((size_t)(H + 1) * sizeof(int));
        sy->mres = malloc((size_t)(H + 1) * sizeof(int));
        sy->nx = malloc((size_t)(H + 1) * sizeof(int));
        sy->pos_of = malloc((size_t)(H + 1) * sizeof(int));
        sy->single = malloc((size_t)(H + 1) * sizeof(int));
        sy->base = malloc((size_t)(H + 1) * sizeof(int));
        sy->multi = malloc((size_t)(H + 1) * sizeof(int));
        sy->tmp = malloc((size_t)(H + 1) * sizeof(int));
        ok = sy->cls_start && sy->cls_u && sy->mem && sy->mres && sy->nx && sy->pos_of && sy->single &&
             sy->base && sy->multi && sy->tmp;
    }
    if (!ok) {
        free(deg);
        free(lnk);
        free(key);
        rmi_h2_sym_destroy(sy);
        return NULL;
    }
    /* nb1[v]: v's first neighbour; multi[v]: v has two distinct ones */
    int *nb1 = malloc((size_t)N * sizeof *nb1);
    unsigned char *multi = calloc((size_t)N, 1);
    if (!nb1 || !multi) {
        free(nb1);
        free(multi);
        free(deg);
        free(lnk);
        free(key);
        rmi_h2_sym_destroy(sy);
        return NULL;
    }
    for (int v = 0; v < N; v++)
        nb1[v] = -1;
    for (int l = 0; l < p->n_links; l++) {
        const rm_link *e = &p->links[l];
        deg[e->source]++;
        deg[e->target]++;
        lnk[e->source] = lnk[e->target] = l;
        for (int d = 0; d < 2; d++) {
            int v = d ? e->target : e->source, o = d ? e->source : e->target;
            if (nb1[v] < 0)
                nb1[v] = o;
            else if (nb1[v] != o)
                multi[v] = 1;
        }
    }
    int nk = 0;
    for (int h = 0; h < H; h++) {
        int v = p->hosts[h];
        sy->pos_of[h] = -1;
        if (deg[v] != 1)
            continue;
        int l = lnk[v];
        const rm_link *e = &p->links[l];
        int u = e->source == v ? e->target : e->source;
        /* u must not be a leaf itself (the trees' core nodes include it) */
        if (u == v || !multi[u] || net->arc_res[2 * l] < 0 || net->arc_res[2 * l + 1] < 0)
            continue;
        key[nk].h = h;
        key[nk].u = u;
        key[nk].l = l;
        key[nk].bb = e->backbone ? 1 : 0;
        key[nk].w = p->nodes[v].w;
        key[nk].bw = e->bandwidth;
        key[nk].lat = e->latency;
        nk++;
    }
    qsort(key, (size_t)nk, sizeof *key, key_cmp);
    int nc = 0;
    for (int t = 0; t < nk; t++) {
        int l = key[t].l;
        int r0 = net->arc_res[2 * l], r1 = net->arc_res[2 * l + 1];
        int mr = r0 < r1 ? r0 : r1;
        /* a new class at a new key, or where the resource order breaks */
        if (t == 0 || key_cmp3(&key[t - 1], &key[t]) != 0 || sy->mres[t - 1] > mr) {
            sy->cls_start[nc] = t;
            sy->cls_u[nc] = key[t].u;
            nc++;
        }
        sy->mem[t] = key[t].h;
        sy->mres[t] = mr;
        sy->nx[t] = t;
        sy->pos_of[key[t].h] = t;
    }
    sy->cls_start[nc] = nk;
    sy->nx[nk] = nk;
    sy->n_class = nc;
    sy->n_mem = nk;
    sy->n_single = 0;
    for (int h = 0; h < H; h++)
        if (sy->pos_of[h] < 0)
            sy->single[sy->n_single++] = h;
    sym_closed(sy, net, deg, lnk);
    sy->cls_of = malloc(((size_t)nk + 1) * sizeof *sy->cls_of);
    if (sy->cls_of)
        for (int c = 0; c < nc; c++)
            for (int t = sy->cls_start[c]; t < sy->cls_start[c + 1]; t++)
                sy->cls_of[t] = c;
    free(deg);
    free(lnk);
    free(key);
    free(nb1);
    free(multi);
    return sy;
}

void rmi_h2_sym_remove(h2_sym *sy, int h)
{
    if (!sy)
        return;
    int t = sy->pos_of[h];
    if (t < 0) {
        for (int s = 0; s < sy->n_single; s++)
            if (sy->single[s] == h) {
                memmove(sy->single + s, sy->single + s + 1,
                        (size_t)(sy->n_single - s - 1) * sizeof *sy->single);
                sy->n_single--;
                break;
            }
        return;
    }
    if (sy->nx[t] != t)
        return; /* already out */
    int to = sy->nx[t + 1];
    for (int s = t; s >= 0 && sy->nx[s] == t; s--)
        sy->nx[s] = to;
}

/* Sorted, without duplicates. */
static int sort_unique(int *a, int n)
{
    for (int x = 1; x < n; x++) { /* insertion sort: a few dozen resources */
        int v = a[x], y = x - 1;
        while (y >= 0 && a[y] > v) {
            a[y + 1] = a[y];
            y--;
        }
        a[y + 1] = v;
    }
    int m = 0;
    for (int x = 0; x < n; x++)
        if (m == 0 || a[m - 1] != a[x])
            a[m++] = a[x];
    return m;
}

/* Resources of the tree path between node u and the tree's root, walking
 * arc[] (reverse: arcs leave each node towards the root). */
static int path_res(const rm_network *net, const int *arc, int reverse, int u, int root, int *out,
                    int n, int cap)
{
    int v = u, steps = 0;
    while (v != root && n < cap && steps <= net->platform->n_nodes) {
        int a = arc[v];
        if (a < 0)
            break;
        out[n++] = net->arc_res[a];
        v = reverse ? net->arc_head[a] : net->arc_tail[a];
        steps++;
    }
    return n;
}

static int lower_bound(const int *a, int lo, int hi, int x)
{
    while (lo < hi) {
        int mid = lo + (hi - lo) / 2;
        if (a[mid] < x)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

static int int_cmp(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

/* Merge the increasing lists a (na) and b (nb) into out. */
static int merge_sorted(const int *a, int na, const int *b, int nb, int *out)
{
    int x = 0, y = 0, z = 0;
    while (x < na || y < nb)
        out[z++] = (y >= nb || (x < na && a[x] < b[y])) ? a[x++] : b[y++];
    return z;
}

void rmi_h2_sym_step(h2_sym *sy)
{
    int nf = 0;
    sy->n_multi = 0;
    for (int c = 0; c < sy->n_class; c++) {
        int s = sy->cls_start[c], e = sy->cls_start[c + 1];
        int first = sy->nx[s];
        if (first >= e)
            continue;
        sy->tmp[nf++] = sy->mem[first];
        if (first + 1 < e && sy->nx[first + 1] < e)
            sy->multi[sy->n_multi++] = c;
    }
    qsort(sy->tmp, (size_t)nf, sizeof *sy->tmp, int_cmp);
    sy->n_base = merge_sorted(sy->tmp, nf, sy->single, sy->n_single, sy->base);
}

const int *rmi_h2_sym_candidates(h2_work *wk, int i, int j, int trees, int *n_out)
{
    const h2_sym *sy = wk->sym;
    const rm_network *net = wk->net;
    *n_out = sy->n_base;
    if (!trees || sy->n_multi == 0)
        return sy->base;
    int nr = 0, cap = wk->sym_rcap, last_u = -1;
    int *rr = wk->sym_r;
    int low = wk->tlow[0] >= 0.0 || wk->tlow[1] >= 0.0 || wk->tlow[2] >= 0.0 || wk->tlow[3] >= 0.0;
    /* a closed class (sy->closed) is cut only by the resources of a link
     * with an end of one link; no simple path has such an end inside, and
     * the four paths run between u (not such an end: two neighbours) and
     * i or j, so only i's and j's own links can cut it (lri, lrj: -1 -1
     * when i or j has several links) */
    static const int none[2] = {-1, -1};
    int closed = rmi_h2_sym_closed_on && sy->closed && wk->hidx;
    const int *lri = closed ? sy->lres + 2 * wk->hidx[i] : none;
    const int *lrj = closed ? sy->lres + 2 * wk->hidx[j] : none;
    /* the extra members (beyond each class's first, already in the base
     * list), sorted and merged with it into cand_h */
    int *extra = wk->cand_x;
    int n = 0;
    for (int mc = 0; mc < sy->n_multi; mc++) {
        int c = sy->multi[mc];
        int s = sy->cls_start[c], e = sy->cls_start[c + 1];
        int first = sy->nx[s];
        /* the cuts: resources of the four routes' common part (classes are
         * ordered by node: one computation per node) */
        int u = sy->cls_u[c];
        if (low && rm_h2_node_low(wk, u, i, j))
            continue; /* below the exact part of reused trees: its first member
                         stands for all (rmi_h2_scan_edge drops them or searches
                         the trees again) */
        int lo_r = sy->mres[first], hi_r = sy->mres[e - 1];
        if (closed && sy->closed[c] && !(lri[0] > lo_r && lri[0] < hi_r) &&
            !(lri[1] > lo_r && lri[1] < hi_r) && !(lrj[0] > lo_r && lrj[0] < hi_r) &&
            !(lrj[1] > lo_r && lrj[1] < hi_r))
            continue; /* no cut inside: one run, its first member in the base list */
        if (u != last_u) {
            nr = 0;
            nr = path_res(net, wk->arc[0], 0, u, i, rr, nr, cap);
            nr = path_res(net, wk->arc[1], 1, u, i, rr, nr, cap);
            nr = path_res(net, wk->arc[2], 0, u, j, rr, nr, cap);
            nr = path_res(net, wk->arc[3], 1, u, j, rr, nr, cap);
            last_u = u;
        }
        /* only the cuts strictly inside the class's resource range split it */
        int *cut = rr + nr, nc = 0;
        for (int x = 0; x < nr; x++) /* room: sym_r holds 2 * cap */
            if (rr[x] > lo_r && rr[x] < hi_r)
                cut[nc++] = rr[x];
        nc = sort_unique(cut, nc);
        int lo = first;
        for (int t = 0; t <= nc && lo < e; t++) {
            int hi = t < nc ? lower_bound(sy->mres, lo, e, cut[t]) : e;
            if (hi > lo) {
                int r = sy->nx[lo];
                if (r < hi && r != first)
                    extra[n++] = sy->mem[r];
                lo = hi;
            }
        }
    }
    if (n == 0)
        return sy->base;
    qsort(extra, (size_t)n, sizeof *extra, int_cmp);
    *n_out = merge_sorted(sy->base, sy->n_base, extra, n, wk->cand_h);
    return wk->cand_h;
}
