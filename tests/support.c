/* support.c — helpers shared by the Check tests (tests/support.h). */
#include "support.h"

#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

double rmt_rnd(unsigned long long *s)
{
    if (*s == 0)
        *s = 0x9E3779B97F4A7C15ULL;
    *s ^= *s >> 12;
    *s ^= *s << 25;
    *s ^= *s >> 27;
    return (double)((*s * 2685821657736338717ULL) >> 11) * (1.0 / 9007199254740992.0);
}

int rmt_rndint(unsigned long long *s, int lo, int hi)
{
    return lo + (int)(rmt_rnd(s) * (hi - lo + 1));
}

rm_platform *rmt_build(const char *name, int n_nodes, int n_hosts, const double *w, int n_links,
                       const int *lu, const int *lv, const double *b, const double *lat,
                       const int *bb)
{
    rm_platform *p = rm_platform_new(name, n_nodes, n_links, 0);
    ck_assert_ptr_nonnull(p);
    for (int i = 0; i < n_hosts; i++) {
        p->nodes[i].is_host = 1;
        p->nodes[i].w = w[i];
    }
    for (int l = 0; l < n_links; l++) {
        p->links[l].source = lu[l];
        p->links[l].target = lv[l];
        p->links[l].bandwidth = b[l];
        p->links[l].latency = lat ? lat[l] : 0.0;
        p->links[l].backbone = bb ? bb[l] : 0;
    }
    rm_error err = {RM_OK, ""};
    ck_assert_msg(rm_platform_finalize(p, &err) == RM_OK, "%s: %s", name, err.msg);
    return p;
}

rm_platform *rmt_random_sparse(unsigned long long *s, int nh, int nr, int extra, int with_latency)
{
    int N = nh + nr, E = N - 1 + extra;
    ck_assert(nh > 0 && nr >= 0 && extra >= 0 && N <= 1000);
    double *w = malloc((size_t)N * sizeof *w), *b = malloc((size_t)E * sizeof *b),
           *lat = malloc((size_t)E * sizeof *lat);
    int *lu = malloc((size_t)E * sizeof *lu), *lv = malloc((size_t)E * sizeof *lv);
    ck_assert(w && b && lat && lu && lv);
    for (int v = 0; v < N; v++)
        w[v] = v < nh ? 0.005 + 0.045 * rmt_rnd(s) : 0.0;
    int l = 0;
    for (int v = 1; v < N; v++, l++) {
        lu[l] = v;
        lv[l] = rmt_rndint(s, 0, v - 1);
        b[l] = 10.0 + 990.0 * rmt_rnd(s);
        lat[l] = with_latency ? 1e-4 * rmt_rnd(s) : 0.0;
    }
    while (l < E) {
        int a = rmt_rndint(s, 0, N - 1), c = rmt_rndint(s, 0, N - 2);
        if (c >= a)
            c++;
        int dup = 0;
        for (int k = 0; k < l; k++)
            dup |= (lu[k] == a && lv[k] == c) || (lu[k] == c && lv[k] == a);
        if (dup)
            continue;
        lu[l] = a, lv[l] = c, b[l] = 10.0 + 990.0 * rmt_rnd(s);
        lat[l] = with_latency ? 1e-4 * rmt_rnd(s) : 0.0;
        l++;
    }
    rm_platform *p = rmt_build("random", N, nh, w, E, lu, lv, b, lat, NULL);
    free(w), free(b), free(lat), free(lu), free(lv);
    return p;
}

rm_platform *rmt_random_ties(unsigned long long seed, int n_nodes, int extra, int discrete,
                             int with_latency)
{
    unsigned long long s = seed * 2654435761ULL + 17;
    int L = n_nodes - 1 + extra;
    rm_platform *p = rm_platform_new("random", n_nodes, L, 0);
    ck_assert_ptr_nonnull(p);
    for (int v = 0; v < n_nodes; v++) {
        int host = rmt_rnd(&s) < 0.6 || v < 2;
        p->nodes[v].is_host = host;
        p->nodes[v].w = host ? (discrete ? (double)(1 + (int)(rmt_rnd(&s) * 3)) * 0.01
                                         : 0.005 + 0.05 * rmt_rnd(&s))
                             : 0.0;
    }
    const double bws[4] = {10, 34.3, 100, 155};
    for (int l = 0; l < L; l++) {
        int a, b;
        if (l < n_nodes - 1) {
            a = l + 1;
            b = (int)(rmt_rnd(&s) * (l + 1));
        } else {
            do {
                a = (int)(rmt_rnd(&s) * n_nodes);
                b = (int)(rmt_rnd(&s) * n_nodes);
            } while (a == b);
        }
        p->links[l].source = a;
        p->links[l].target = b;
        p->links[l].bandwidth = discrete ? bws[(int)(rmt_rnd(&s) * 4)] : 5.0 + 150.0 * rmt_rnd(&s);
        p->links[l].latency = with_latency ? 1e-4 * (1 + l % 3) : 0.0;
    }
    rm_error err;
    ck_assert_int_eq(rm_platform_finalize(p, &err), RM_OK);
    return p;
}

rm_platform *rmt_star3(void)
{
    static const double w[3] = {1, 1, 2}, b[3] = {10, 10, 20};
    static const int lu[3] = {0, 1, 2}, lv[3] = {3, 3, 3};
    return rmt_build("star3", 4, 3, w, 3, lu, lv, b, NULL, NULL);
}

rm_platform *rmt_star(int n, const double *w, const double *b, double b_all)
{
    rm_platform *p = rm_platform_new("star", n + 1, n, 0);
    ck_assert_ptr_nonnull(p);
    for (int i = 0; i < n; i++) {
        char name[16];
        snprintf(name, sizeof name, "P%d", i);
        ck_assert_int_eq(rm_platform_set_label(p, i, name), RM_OK);
        p->nodes[i].is_host = 1;
        p->nodes[i].w = w[i];
        p->links[i].source = i;
        p->links[i].target = n;
        p->links[i].bandwidth = b ? b[i] : b_all;
    }
    rm_error err = {RM_OK, ""};
    ck_assert_msg(rm_platform_finalize(p, &err) == RM_OK, "%s", err.msg);
    return p;
}

int rmt_run_suite(Suite *s)
{
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? 1 : 0;
}

rm_platform *rmt_shipped(const char *rel)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/platforms/%s", RM_SOURCE_DIR, rel);
    rm_platform *p = NULL;
    rm_error err;
    ck_assert_msg(rm_platform_read(path, NULL, &p, &err) == RM_OK, "%s: %s", path, err.msg);
    return p;
}

void rmt_same_slice_mapping(const rm_mapping *a, const rm_mapping *b, const char *what)
{
    ck_assert_msg(a->q == b->q, "%s: q %d vs %d", what, a->q, b->q);
    ck_assert_msg(a->t_step_per_dw == b->t_step_per_dw, "%s: T %.17g vs %.17g", what,
                  a->t_step_per_dw, b->t_step_per_dw);
    for (int k = 0; k < a->q; k++)
        ck_assert_msg(a->ring[k] == b->ring[k], "%s: ring differs at %d", what, k);
    ck_assert_int_eq(a->n_sweep, b->n_sweep);
    for (int k = 0; k < a->n_sweep; k++)
        ck_assert_msg((isnan(a->sweep_t_unshared[k]) && isnan(b->sweep_t_unshared[k])) ||
                          a->sweep_t_unshared[k] == b->sweep_t_unshared[k],
                      "%s: estimate of size %d differs (%.17g vs %.17g)", what, k + 1,
                      a->sweep_t_unshared[k], b->sweep_t_unshared[k]);
}
