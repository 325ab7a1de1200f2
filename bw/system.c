/*
 * system.c — the compact (resource x route) incidence of a set of routes,
 * built once per call of the bw solvers (bw_internal.h). Works on the
 * resources the routes actually use, so its cost does not depend on the size
 * of the network: important for the SharedRing greedy, which shares the four
 * routes of every candidate insertion (Legrand et al. 2004 §4.4.2).
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

/* Bottom-up merge sort of n > 48 pairs (the order of qsort: pairs are
 * totally ordered, equal ones identical) without a call per comparison;
 * qsort when the buffer cannot be had. */
static void merge_pairs(pair *p, int n)
{
    pair *t = malloc((size_t)n * sizeof *t);
    if (!t) {
        qsort(p, (size_t)n, sizeof *p, pair_cmp);
        return;
    }
    pair *a = p, *b = t;
    for (int width = 1; width < n; width *= 2) {
        for (int lo = 0; lo < n; lo += 2 * width) {
            int mid = lo + width < n ? lo + width : n, hi = lo + 2 * width < n ? lo + 2 * width : n;
            int i = lo, j = mid, k = lo;
            while (i < mid && j < hi)
                b[k++] = pair_less(a[j], a[i]) ? a[j++] : a[i++];
            while (i < mid)
                b[k++] = a[i++];
            while (j < hi)
                b[k++] = a[j++];
        }
        pair *x = a;
        a = b, b = x;
    }
    if (a != p)
        memcpy(p, a, (size_t)n * sizeof *p);
    free(t);
}

/* Counting sort of n pairs by resource (n_res resources), the pairs given
 * in route order (both builders generate them route by route): stable, so
 * in (resource, route) order, the order merge_pairs gives. O(n + n_res).
 * 0 when its buffers cannot be had (p unchanged). */
static int count_pairs(pair *p, int n, int n_res)
{
    int *cnt = calloc((size_t)n_res + 1, sizeof *cnt);
    pair *t = malloc((size_t)n * sizeof *t);
    if (!cnt || !t) {
        free(cnt);
        free(t);
        return 0;
    }
    for (int i = 0; i < n; i++)
        cnt[p[i].res + 1]++;
    for (int r = 0; r < n_res; r++)
        cnt[r + 1] += cnt[r];
    for (int i = 0; i < n; i++)
        t[cnt[p[i].res]++] = p[i];
    memcpy(p, t, (size_t)n * sizeof *p);
    free(cnt);
    free(t);
    return 1;
}

/* Sort the n pairs (given in route order) by (resource, route): by counts
 * when the resources are few against the pairs (a ring's 2q routes on a
 * large platform), else by merges; the same order either way (pairs are
 * totally ordered, equal ones identical). */
static void sort_pairs(pair *p, int n, int n_res)
{
    if (n > 48 && (long)n_res <= 4L * n && count_pairs(p, n, n_res))
        return;
    if (n > 48) {
        merge_pairs(p, n);
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

void rmi_bw_system_free(bw_system *s)
{
    if (s) {
        free(s->heap);
        s->heap = NULL;
    }
}

/* Allocate s's arrays for n_routes routes of total length L (small[] when
 * it is enough); returns the pair buffer (2 L ints) or NULL (RM_ENOMEM). */
static pair *system_alloc(bw_system *s, int n_routes, long L, const char *who, rm_error *err,
                          rm_status *st)
{
    *st = RM_OK;
    if (L > (1L << 26)) {
        *st = rm_error_set(err, RM_ENOMEM, "%s: routes too long (%ld arcs)", who, L);
        return NULL;
    }
    /* ints: pairs 2L, res L, res_start L+1, res_route L, res_mult L,
     * rt_start K+1, rt_res L, rt_mult L, counters K+1 */
    size_t need = (size_t)(8 * L + 2 * (long)n_routes + 4);
    int *mem = s->small;
    if (need > BW_SYSTEM_SMALL) {
        s->heap = malloc(need * sizeof(int));
        if (!s->heap) {
            *st = rm_error_set(err, RM_ENOMEM, "%s: out of memory (%ld arcs)", who, L);
            return NULL;
        }
        mem = s->heap;
    }
    return (pair *)(void *)mem;
}

/* Sort the n pairs and compress them into s's incidence lists (both ways). */
static void system_compress(bw_system *s, pair *pr, int n, long L, int n_routes, int n_res)
{
    int *mem = (int *)(void *)pr;
    sort_pairs(pr, n, n_res);
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
}

/* Check the routes against net (every arc exists and is usable in its
 * direction) and count their arcs into *L: the common first pass of
 * rmi_bw_system_build and rmi_bw_route_lists. RM_EINPUT naming the route and the
 * arc. O(total arcs). */
static rm_status routes_arcs(const rm_network *net, int n_routes, const rm_route *routes,
                             const char *who, long *L, rm_error *err)
{
    *L = 0;
    if (n_routes < 0 || (n_routes > 0 && !routes) || !net)
        return rm_error_set(err, RM_EINPUT, "%s: invalid arguments (%d routes)", who, n_routes);
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
        *L += r->n_arcs;
    }
    return RM_OK;
}

rm_status rmi_bw_system_build(bw_system *s, const rm_network *net, int n_routes,
                          const rm_route *routes, const char *who, rm_error *err)
{
    s->heap = NULL;
    s->n_routes = n_routes;
    s->n_res = s->n_terms = 0;
    long L = 0;
    rm_status st = routes_arcs(net, n_routes, routes, who, &L, err);
    if (st)
        return st;
    pair *pr = system_alloc(s, n_routes, L, who, err, &st);
    if (!pr)
        return st;
    int n = 0;
    for (int k = 0; k < n_routes; k++)
        for (int i = 0; i < routes[k].n_arcs; i++) {
            pr[n].res = net->arc_res[routes[k].arcs[i]];
            pr[n].route = k;
            n++;
        }
    system_compress(s, pr, n, L, n_routes, net->n_res);
    return RM_OK;
}

rm_status rmi_bw_system_build_lists(bw_system *s, const rm_share_system *sys, const char *who,
                                rm_error *err)
{
    s->heap = NULL;
    s->n_routes = 0;
    s->n_res = s->n_terms = 0;
    int K = sys ? sys->n_routes : -1;
    if (K < 0 || (K > 0 && (!sys->route_start || !sys->route_res)))
        return rm_error_set(err, RM_EINPUT, "%s: invalid route lists", who);
    s->n_routes = K;
    for (int k = 0; k < K; k++)
        if (sys->route_start[k + 1] < sys->route_start[k])
            return rm_error_set(err, RM_EINPUT, "%s: route %d has a negative length", who, k);
    long L = K > 0 ? sys->route_start[K] - sys->route_start[0] : 0;
    for (long i = 0; i < L; i++) {
        int r = sys->route_res[sys->route_start[0] + i];
        if (r < 0 || r >= sys->n_res)
            return rm_error_set(err, RM_EINPUT, "%s: resource %d does not exist (%d resources)",
                                who, r, sys->n_res);
    }
    rm_status st;
    pair *pr = system_alloc(s, K, L, who, err, &st);
    if (!pr)
        return st;
    int n = 0;
    for (int k = 0; k < K; k++)
        for (int i = sys->route_start[k]; i < sys->route_start[k + 1]; i++) {
            pr[n].res = sys->route_res[i];
            pr[n].route = k;
            n++;
        }
    system_compress(s, pr, n, L, K, sys->n_res);
    return RM_OK;
}

rm_status rmi_bw_route_lists(const rm_network *net, int n_routes, const rm_route *routes, int **start,
                         int **res, const char *who, rm_error *err)
{
    *start = NULL, *res = NULL;
    long L = 0;
    rm_status st = routes_arcs(net, n_routes, routes, who, &L, err);
    if (st)
        return st;
    if (L > (1L << 26))
        return rm_error_set(err, RM_ENOMEM, "%s: routes too long (%ld arcs)", who, L);
    *start = malloc(((size_t)n_routes + 1) * sizeof **start);
    *res = malloc(((size_t)L + 1) * sizeof **res);
    if (!*start || !*res) {
        free(*start), free(*res);
        *start = NULL, *res = NULL;
        return rm_error_set(err, RM_ENOMEM, "%s: out of memory", who);
    }
    int n = 0;
    for (int k = 0; k < n_routes; k++) {
        (*start)[k] = n;
        for (int i = 0; i < routes[k].n_arcs; i++)
            (*res)[n++] = net->arc_res[routes[k].arcs[i]];
    }
    (*start)[n_routes] = n;
    return RM_OK;
}

rm_status rmi_bw_check_routes(const rm_network *net, int n_routes, const rm_route *routes,
                          const char *who, rm_error *err)
{
    if (!net)
        return rm_error_set(err, RM_EINVAL, "%s: net is NULL", who);
    if (n_routes < 0)
        return rm_error_set(err, RM_EINVAL, "%s: n_routes = %d is negative", who, n_routes);
    if (n_routes > 0 && !routes)
        return rm_error_set(err, RM_EINVAL, "%s: routes is NULL (%d routes)", who, n_routes);
    for (int k = 0; k < n_routes; k++) {
        const rm_route *r = &routes[k];
        if (r->n_arcs < 0 || (r->n_arcs > 0 && !r->arcs))
            return rm_error_set(err, RM_EINVAL, "%s: routes[%d] (%d -> %d) has n_arcs = %d and "
                                "arcs %s", who, k, r->src, r->dst, r->n_arcs,
                                r->arcs ? "set" : "NULL");
        for (int i = 0; i < r->n_arcs; i++)
            if (r->arcs[i] < 0 || r->arcs[i] >= net->n_arcs)
                return rm_error_set(err, RM_EINVAL,
                                    "%s: routes[%d] (%d -> %d): arc %d at position %d does not "
                                    "exist (%d arcs)",
                                    who, k, r->src, r->dst, r->arcs[i], i, net->n_arcs);
    }
    return RM_OK;
}

rm_status rmi_bw_check_share_system(const rm_share_system *sys, const char *who, rm_error *err)
{
    if (!sys)
        return rm_error_set(err, RM_EINVAL, "%s: sys is NULL", who);
    int K = sys->n_routes;
    if (K < 0)
        return rm_error_set(err, RM_EINVAL, "%s: sys->n_routes = %d is negative", who, K);
    if (sys->n_res < 0)
        return rm_error_set(err, RM_EINVAL, "%s: sys->n_res = %d is negative", who, sys->n_res);
    if (K > 0 && !sys->route_start)
        return rm_error_set(err, RM_EINVAL, "%s: sys->route_start is NULL", who);
    if (K > 0 && !sys->route_res)
        return rm_error_set(err, RM_EINVAL, "%s: sys->route_res is NULL", who);
    if (sys->n_res > 0 && !sys->res_cap)
        return rm_error_set(err, RM_EINVAL, "%s: sys->res_cap is NULL", who);
    if (K > 0 && sys->route_start[0] != 0)
        return rm_error_set(err, RM_EINVAL, "%s: sys->route_start[0] = %d (must be 0)", who,
                            sys->route_start[0]);
    for (int k = 0; k < K; k++) {
        if (sys->route_start[k + 1] < sys->route_start[k])
            return rm_error_set(err, RM_EINVAL, "%s: sys->route_start[%d] = %d < "
                                "route_start[%d] = %d", who, k + 1, sys->route_start[k + 1], k,
                                sys->route_start[k]);
        for (int i = sys->route_start[k]; i < sys->route_start[k + 1]; i++)
            if (sys->route_res[i] < 0 || sys->route_res[i] >= sys->n_res)
                return rm_error_set(err, RM_EINVAL, "%s: route %d: sys->route_res[%d] = %d is "
                                    "not a resource (0..%d)", who, k, i, sys->route_res[i],
                                    sys->n_res - 1);
    }
    for (int r = 0; r < sys->n_res; r++)
        if (!(sys->res_cap[r] >= 0.0))
            return rm_error_set(err, RM_EINVAL, "%s: sys->res_cap[%d] = %g (must be >= 0)", who,
                                r, sys->res_cap[r]);
    return RM_OK;
}
