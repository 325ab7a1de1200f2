/*
 * system.c — the compact (resource x route) incidence of a set of routes,
 * built once per call of the bw solvers (bw_internal.h). Works on the
 * resources the routes actually use, so its cost does not depend on the size
 * of the network: important for the SharedRing greedy, which shares the four
 * routes of every candidate insertion (seed 001 §4.4.2).
 */
#include "bw/bw_internal.h"

#include <stdlib.h>
#include <string.h>

/* (resource, route) pair, sorted lexicographically. */
typedef struct pair {
    int res, route;
} pair;

static int pair_less(pair x, pair y)
{
    return x.res < y.res || (x.res == y.res && x.route < y.route);
}

static int pair_cmp(const void *a, const void *b)
{
    pair x = *(const pair *)a, y = *(const pair *)b;
    return pair_less(x, y) ? -1 : pair_less(y, x) ? 1 : 0;
}

static void sort_pairs(pair *p, int n)
{
    if (n > 48) {
        qsort(p, (size_t)n, sizeof *p, pair_cmp);
        return;
    }
    for (int i = 1; i < n; i++) { /* insertion sort: fastest for a few routes */
        pair v = p[i];
        int j = i - 1;
        while (j >= 0 && pair_less(v, p[j])) {
            p[j + 1] = p[j];
            j--;
        }
        p[j + 1] = v;
    }
}

void bw_system_free(bw_system *s)
{
    if (s) {
        free(s->heap);
        s->heap = NULL;
    }
}

rm_status bw_system_build(bw_system *s, const rm_network *net, int n_routes,
                          const rm_route *routes, const char *who, rm_error *err)
{
    s->heap = NULL;
    s->n_routes = n_routes;
    s->n_res = s->n_terms = 0;
    if (n_routes < 0 || (n_routes > 0 && !routes) || !net)
        return rm_error_set(err, RM_EINPUT, "%s: invalid arguments (%d routes)", who, n_routes);
    long L = 0;
    for (int k = 0; k < n_routes; k++) {
        const rm_route *r = &routes[k];
        if (r->n_arcs < 0 || (r->n_arcs > 0 && !r->arcs))
            return rm_error_set(err, RM_EINPUT, "%s: route %d (%d -> %d) has an invalid arc list",
                                who, k, r->src, r->dst);
        for (int i = 0; i < r->n_arcs; i++) {
            int a = r->arcs[i];
            if (a < 0 || a >= net->n_arcs)
                return rm_error_set(err, RM_EINPUT,
                                    "%s: route %d (%d -> %d): arc %d at position %d does not exist "
                                    "(%d arcs)",
                                    who, k, r->src, r->dst, a, i, net->n_arcs);
            int res = net->arc_res[a];
            if (res < 0 || res >= net->n_res)
                return rm_error_set(err, RM_EINPUT,
                                    "%s: route %d (%d -> %d): arc %d at position %d (link %d) "
                                    "is unusable in this direction",
                                    who, k, r->src, r->dst, a, i, net->arc_link ? net->arc_link[a] : -1);
        }
        L += r->n_arcs;
    }
    if (L > (1L << 26))
        return rm_error_set(err, RM_ENOMEM, "%s: routes too long (%ld arcs)", who, L);
    /* ints: pairs 2L, res L, res_start L+1, res_route L, res_mult L,
     * rt_start K+1, rt_res L, rt_mult L, counters K+1 */
    size_t need = (size_t)(8 * L + 2 * (long)n_routes + 4);
    int *mem = s->small;
    if (need > BW_SYSTEM_SMALL) {
        s->heap = malloc(need * sizeof(int));
        if (!s->heap)
            return rm_error_set(err, RM_ENOMEM, "%s: out of memory (%ld arcs)", who, L);
        mem = s->heap;
    }
    pair *pr = (pair *)(void *)mem;
    int n = 0;
    for (int k = 0; k < n_routes; k++)
        for (int i = 0; i < routes[k].n_arcs; i++) {
            pr[n].res = net->arc_res[routes[k].arcs[i]];
            pr[n].route = k;
            n++;
        }
    sort_pairs(pr, n);
    int *p = mem + 2 * L;
    s->res = p;
    p += L;
    s->res_start = p;
    p += L + 1;
    s->res_route = p;
    p += L;
    s->res_mult = p;
    p += L;
    s->rt_start = p;
    p += n_routes + 1;
    s->rt_res = p;
    p += L;
    s->rt_mult = p;
    p += L;
    int *cnt = p;
    /* compress into terms, grouped by resource */
    int R = 0, T = 0;
    for (int i = 0; i < n; i++) {
        if (i == 0 || pr[i].res != pr[i - 1].res) {
            s->res[R] = pr[i].res;
            s->res_start[R] = T;
            R++;
        }
        if (i > 0 && pr[i].res == pr[i - 1].res && pr[i].route == pr[i - 1].route) {
            s->res_mult[T - 1]++;
        } else {
            s->res_route[T] = pr[i].route;
            s->res_mult[T] = 1;
            T++;
        }
    }
    s->res_start[R] = T;
    s->n_res = R;
    s->n_terms = T;
    /* transpose: terms grouped by route (resources ascending) */
    memset(cnt, 0, (size_t)(n_routes + 1) * sizeof(int));
    for (int t = 0; t < T; t++)
        cnt[s->res_route[t] + 1]++;
    s->rt_start[0] = 0;
    for (int k = 0; k < n_routes; k++)
        s->rt_start[k + 1] = s->rt_start[k] + cnt[k + 1];
    for (int k = 0; k < n_routes; k++)
        cnt[k] = s->rt_start[k];
    for (int j = 0; j < R; j++)
        for (int t = s->res_start[j]; t < s->res_start[j + 1]; t++) {
            int k = s->res_route[t], pos = cnt[k]++;
            s->rt_res[pos] = j;
            s->rt_mult[pos] = s->res_mult[t];
        }
    return RM_OK;
}
