/*
 * bench_quality.c — how good is the mapper (issue 6): on random small
 * sparse platforms with routers, the ratio of the greedy heuristics' T_step
 * to the exact baselines of ring/exact.c, at the four D_c/D_w ratios of
 * seed 001:
 *   - SliceRing greedy estimate (t_step_per_dw_unshared, complete graph of
 *     widest-path bandwidths) / SliceRing exact optimum (same matrix);
 *   - SharedRing greedy (refine none, maxmin, optimal) / SharedRing
 *     exhaustive over rings for widest-path routing (optimal or max-min
 *     shares). The exhaustive search fixes the routes to full-network widest
 *     paths, so the greedy (residual routing) can be below 1;
 *   - SharedRing greedy (optimal) / best known (the least of the exhaustive
 *     value and the three greedy variants): a lower bound on its true
 *     distance to the optimum.
 * Prints median, 95th percentile, worst and best per comparison and ratio,
 * and, with --timing, the time of the exact SliceRing solver on random
 * complete graphs of 8, 10 and 12 processors and on the Petersen instance.
 * With --improve (issue 15): the local search after the heuristic
 * (rm_options.improve, ring/improve.c) on the same platforms and ratios, for
 * SharedRing (greedy sharing) and SliceRing (max-min make-feasible): how often
 * it beats the plain heuristic (by > 1e-9 relative), the gain T_heuristic /
 * T_improved (median, 95th percentile, max over all runs), both values'
 * ratios to the exhaustive SharedRing (median, 95th percentile), and the time;
 * with --shipped also the shipped platforms (GML files of platforms/, no
 * exhaustive baseline) per platform and ratio.
 * Exit status 1 if SliceRing greedy ever beats the exact optimum, or an
 * improved mapping is worse than its heuristic's or fails rm_mapping_check
 * (bugs).
 * Usage: bench_quality [--platforms N] [--seed S] [--max-hosts H] [--timing] [--improve]
 *                      [--shipped] [--csv FILE]
 */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include "ringmap.h"
#include "ring/exact.h"
#include "ring/improve.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* xorshift64* random stream */
static double rnd(unsigned long long *s)
{
    *s ^= *s >> 12;
    *s ^= *s << 25;
    *s ^= *s >> 27;
    return (double)((*s * 2685821657736338717ULL) >> 11) * (1.0 / 9007199254740992.0);
}

static int rndint(unsigned long long *s, int lo, int hi)
{
    return lo + (int)(rnd(s) * (hi - lo + 1));
}

/* cycle-times of ORACLES.md Tables 1 and 2 (Lyon, Strasbourg), s/Mflop */
static const double tbl_w[] = {0.0206, 0.0206, 0.0206, 0.0206, 0.0291, 0.0206, 0.0087, 0.0206, 0.0206,
                               0.0206, 0.0206, 0.0206, 0.0291, 0.0451, 0.0087, 0.0072, 0.0087, 0.0131,
                               0.016,  0.0058, 0.0087, 0.0262, 0.0102, 0.0131, 0.0072, 0.0058, 0.0072};
#define N_TBL_W ((int)(sizeof tbl_w / sizeof tbl_w[0]))

static const double ratios[4] = {0.64, 0.064, 0.0064, 0.00064};

/* A random sparse platform: nh hosts and nr routers on a random spanning
 * tree plus `extra` distinct additional links; bandwidths uniform in
 * 10..1000 Mb/s; hosts' w drawn from Tables 1-2. NULL on failure. */
static rm_platform *random_platform(unsigned long long *s, int idx, int nh, int nr, int extra)
{
    int N = nh + nr, E = N - 1 + extra;
    char name[32];
    snprintf(name, sizeof name, "random%03d", idx);
    rm_platform *p = rm_platform_new(name, N, E, 0);
    if (!p)
        return NULL;
    for (int v = 0; v < nh; v++) {
        p->nodes[v].is_host = 1;
        p->nodes[v].w = tbl_w[rndint(s, 0, N_TBL_W - 1)];
    }
    /* random labels order: shuffle which node attaches where */
    int l = 0;
    for (int v = 1; v < N; v++, l++) {
        p->links[l].source = v;
        p->links[l].target = rndint(s, 0, v - 1);
        p->links[l].bandwidth = 10.0 + 990.0 * rnd(s);
    }
    while (l < E) {
        int a = rndint(s, 0, N - 1), b = rndint(s, 0, N - 2);
        if (b >= a)
            b++;
        int dup = 0;
        for (int k = 0; k < l; k++)
            if ((p->links[k].source == a && p->links[k].target == b) ||
                (p->links[k].source == b && p->links[k].target == a))
                dup = 1;
        if (dup)
            continue;
        p->links[l].source = a;
        p->links[l].target = b;
        p->links[l].bandwidth = 10.0 + 990.0 * rnd(s);
        l++;
    }
    rm_error err;
    if (rm_platform_finalize(p, &err)) {
        fprintf(stderr, "bench_quality: %s\n", err.msg);
        rm_platform_free(p);
        return NULL;
    }
    return p;
}

#define TS(m) ((m) ? (m)->t_step_per_dw : NAN)
#define QS(m) ((m) ? (m)->q : 0)

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* nearest-rank percentile of a sorted array */
static double pct(const double *v, int n, double pc)
{
    int k = (int)ceil(pc / 100.0 * n) - 1;
    return v[k < 0 ? 0 : k >= n ? n - 1 : k];
}

#define N_CMP 5
static const char *cmp_names[N_CMP] = {"SliceRing greedy / exact", "SharedRing none / exhaustive",
                                       "SharedRing maxmin / exhaustive",
                                       "SharedRing optimal / exhaustive",
                                       "SharedRing optimal / best known"};

static void print_stats(const char *what, const char *ratio, double *v, int n)
{
    int fail = 0;
    for (int k = 0; k < n; k++) /* NaN: the heuristic failed; not ranked */
        if (isnan(v[k])) {
            v[k--] = v[--n];
            fail++;
        }
    if (n == 0)
        return;
    qsort(v, (size_t)n, sizeof *v, cmp_double);
    int below = 0, over2 = 0, over10 = 0;
    for (int k = 0; k < n; k++) {
        below += v[k] < 1.0 - 1e-9;
        over2 += v[k] > 1.02;
        over10 += v[k] > 1.10;
    }
    printf("%-32s %8s %5d %8.4f %8.4f %8.4f %8.4f %6d %6d %6d %6d\n", what, ratio, n, pct(v, n, 50),
           pct(v, n, 95), v[n - 1], v[0], below, over2, over10, fail);
}

/* exact SliceRing solver times on random complete graphs */
static int timing(unsigned long long seed)
{
    printf("\nExact SliceRing solver (Held-Karp bounds + branch and bound), random complete graphs\n");
    printf("(bandwidths 10..1000 Mb/s, w from Tables 1-2), 5 instances per size and ratio:\n");
    printf("%4s %8s %10s %10s %4s\n", "p", "dc_dw", "mean s", "max s", "q");
    int sizes[3] = {8, 10, 12};
    for (int si = 0; si < 3; si++) {
        int n = sizes[si];
        for (int r = 0; r < 4; r++) {
            unsigned long long s = seed * 7919ULL + (unsigned long long)(n * 10 + r) + 1;
            double sum = 0, mx = 0;
            int qlast = 0;
            for (int it = 0; it < 5; it++) {
                double w[12], c[144], t;
                int ring[12], q;
                for (int i = 0; i < n; i++) {
                    w[i] = tbl_w[rndint(&s, 0, N_TBL_W - 1)];
                    for (int j = 0; j < n; j++)
                        c[i * n + j] = i == j ? 0.0 : 1.0 / (10.0 + 990.0 * rnd(&s));
                }
                rm_error err;
                double t0 = now();
                if (rmi_slicering_exact_costs(n, w, c, ratios[r], 0, ring, &q, &t, &err)) {
                    fprintf(stderr, "bench_quality: %s\n", err.msg);
                    return 1;
                }
                double dt = now() - t0;
                sum += dt;
                mx = dt > mx ? dt : mx;
                qlast = q;
            }
            printf("%4d %8g %10.4f %10.4f %4d\n", n, ratios[r], sum / 5, mx, qlast);
        }
    }
    /* Theorem 1 on the Petersen graph (no Hamiltonian cycle) */
    static const int pe[15][2] = {{0, 1}, {1, 2}, {2, 3}, {3, 4}, {4, 0}, {0, 5}, {1, 6}, {2, 7},
                                  {3, 8}, {4, 9}, {5, 7}, {7, 9}, {9, 6}, {6, 8}, {8, 5}};
    double w[10], c[100], t;
    int ring[10], q;
    for (int i = 0; i < 10; i++) {
        w[i] = 10;
        for (int j = 0; j < 10; j++)
            c[i * 10 + j] = i == j ? 0 : 2;
    }
    for (int k = 0; k < 15; k++)
        c[pe[k][0] * 10 + pe[k][1]] = c[pe[k][1] * 10 + pe[k][0]] = 0.1;
    rm_error err;
    double t0 = now();
    if (rmi_slicering_exact_costs(10, w, c, 1.0, 0, ring, &q, &t, &err)) {
        fprintf(stderr, "bench_quality: %s\n", err.msg);
        return 1;
    }
    printf("Theorem 1, Petersen graph (eps 0.1): T = %.6f (> 1 + 2 eps = 1.2), q = %d, %.4f s\n", t, q,
           now() - t0);
    return 0;
}

/* --improve: one heuristic's mapping and its improved copy */
typedef struct imp_run {
    double tg, ti, tex; /* heuristic, improved, exhaustive (NAN on the shipped platforms) */
    double sec_g, sec_i;
    int qg, qi, moves, stop;
} imp_run;

/* Run heuristic h at dc_dw on net, then the local search on its mapping. */
static int improve_run(const rm_network *net, rm_heuristic h, double dc_dw, imp_run *r)
{
    rm_options opt;
    rm_options_init(&opt);
    opt.dc_dw = dc_dw;
    opt.heuristic = h;
    opt.threads = 1;
    opt.improve = 1;
    rm_mapping *m = NULL;
    rm_error err;
    double t0 = now();
    rm_status st = h == RM_HEUR_SLICE ? rm_slicering(net, &opt, &m, &err)
                                      : rm_sharedring(net, &opt, &m, &err);
    r->sec_g = now() - t0;
    if (st) {
        fprintf(stderr, "bench_quality: %s: %s\n", net->platform->name, err.msg);
        return 1;
    }
    r->tg = m->t_step_per_dw;
    r->qg = m->q;
    rm_improve_info info;
    t0 = now();
    st = rmi_mapping_improve(net, &opt, m, &info, &err);
    r->sec_i = now() - t0;
    if (st) {
        fprintf(stderr, "bench_quality: %s: improve: %s\n", net->platform->name, err.msg);
        rm_mapping_free(m);
        return 1;
    }
    r->ti = m->t_step_per_dw;
    r->qi = m->q;
    r->moves = info.moves;
    r->stop = info.stop;
    int bad = 0;
    if (!(r->ti <= r->tg)) {
        fprintf(stderr, "bench_quality: %s dc_dw %g: improved %.17g worse than the heuristic %.17g\n",
                net->platform->name, dc_dw, r->ti, r->tg);
        bad = 1;
    }
    if (rm_mapping_check(net, m, 1e-9, &err)) {
        fprintf(stderr, "bench_quality: %s dc_dw %g: improved mapping: %s\n", net->platform->name,
                dc_dw, err.msg);
        bad = 1;
    }
    rm_mapping_free(m);
    return bad;
}

static const char *const imp_heur[2] = {"SharedRing", "SliceRing"};

/* One row of the --improve table over n runs (a ratio or all). */
static void improve_row(const char *heur, const char *ratio, const imp_run *rs, int n)
{
    double *g = malloc((size_t)(n ? n : 1) * sizeof *g), *eg = malloc((size_t)(n ? n : 1) * sizeof *eg);
    double *ei = malloc((size_t)(n ? n : 1) * sizeof *ei);
    int better = 0, better1 = 0, ne = 0, budget = 0, over_g = 0, over_i = 0;
    double sg = 0, si = 0, mi = 0;
    for (int k = 0; k < n; k++) {
        g[k] = rs[k].tg / rs[k].ti;
        better += rs[k].ti < rs[k].tg * (1 - 1e-9);
        better1 += g[k] > 1.01;
        budget += rs[k].stop == RM_IMPROVE_STOP_BUDGET;
        sg += rs[k].sec_g, si += rs[k].sec_i;
        mi = rs[k].sec_i > mi ? rs[k].sec_i : mi;
        if (!isnan(rs[k].tex)) {
            eg[ne] = rs[k].tg / rs[k].tex, ei[ne] = rs[k].ti / rs[k].tex;
            over_g += eg[ne] > 1.02, over_i += ei[ne] > 1.02;
            ne++;
        }
    }
    qsort(g, (size_t)n, sizeof *g, cmp_double);
    qsort(eg, (size_t)ne, sizeof *eg, cmp_double);
    qsort(ei, (size_t)ne, sizeof *ei, cmp_double);
    printf("%-10s %8s %4d %6d %6d %8.4f %8.4f %8.4f", heur, ratio, n, better, better1, pct(g, n, 50),
           pct(g, n, 95),
           g[n - 1]);
    if (ne)
        printf(" %8.4f %8.4f %8.4f %8.4f %5d %5d", pct(eg, ne, 50), pct(eg, ne, 95), pct(ei, ne, 50),
               pct(ei, ne, 95), over_g, over_i);
    else
        printf(" %8s %8s %8s %8s %5s %5s", "-", "-", "-", "-", "-", "-");
    printf(" %9.4f %9.4f %9.4f %6d\n", sg, si, mi, budget);
    free(g), free(eg), free(ei);
}

static void improve_header(void)
{
    printf("%-10s %8s %4s %6s %6s %8s %8s %8s %8s %8s %8s %8s %5s %5s %9s %9s %9s %6s\n", "heuristic",
           "dc_dw", "n", "better", ">1%", "gain_med", "gain_p95", "gain_max", "h/ex_med", "h/ex_p95",
           "i/ex_med", "i/ex_p95", "h>1.02", "i>1.02", "t_heur s", "t_impr s", "max_impr", "budget");
}

/* The shipped platforms (no exhaustive baseline): per platform and ratio. */
static int improve_shipped(void)
{
    static const char *const files[] = {"platforms/test/shared4.gml", "platforms/renater2001.gml",
                                        "platforms/geant2009.gml", "platforms/medium_tiers.gml",
                                        "platforms/generated/tiers_fig3.gml",
                                        "platforms/generated/tiers_fig4.gml"};
    printf("\n--improve on the shipped platforms (T_step/D_w heuristic -> improved, gain = ratio):\n");
    printf("%-16s %-10s %8s %12s %12s %8s %4s %4s %6s %9s %9s %s\n", "platform", "heuristic", "dc_dw",
           "T_heur", "T_improved", "gain", "q_h", "q_i", "moves", "t_heur s", "t_impr s", "stop");
    int rc = 0;
    for (size_t f = 0; f < sizeof files / sizeof files[0]; f++) {
        char path[1024];
        snprintf(path, sizeof path, "%s/%s", RM_SOURCE_DIR, files[f]);
        rm_read_options ro;
        rm_read_options_init(&ro);
        rm_platform *p = NULL;
        rm_error err;
        if (rm_platform_read(path, &ro, &p, &err)) {
            printf("%-16s (not read: %s)\n", files[f], err.msg);
            continue;
        }
        rm_network net;
        if (rm_network_init(&net, p, RM_DUPLEX_HALF, &err)) {
            rm_platform_free(p);
            continue;
        }
        for (int r = 0; r < 4; r++)
            for (int h = 0; h < 2; h++) {
                imp_run x;
                if (improve_run(&net, h ? RM_HEUR_SLICE : RM_HEUR_SHARED, ratios[r], &x)) {
                    rc = 1;
                    continue;
                }
                static const char *const why[] = {"-", "local", "moves", "BUDGET"};
                printf("%-16s %-10s %8g %12.6g %12.6g %8.4f %4d %4d %6d %9.3f %9.3f %s\n", p->name,
                       imp_heur[h], ratios[r], x.tg, x.ti, x.tg / x.ti, x.qg, x.qi, x.moves, x.sec_g,
                       x.sec_i, why[x.stop & 3]);
            }
        rm_network_destroy(&net);
        rm_platform_free(p);
    }
    return rc;
}

int main(int argc, char **argv)
{
    int n_plat = 200, max_hosts = 8, do_timing = 0, do_improve = 0, do_shipped = 0;
    unsigned long long seed = 1;
    const char *csv = NULL;
    for (int a = 1; a < argc; a++) {
        if (!strcmp(argv[a], "--platforms") && a + 1 < argc)
            n_plat = atoi(argv[++a]);
        else if (!strcmp(argv[a], "--seed") && a + 1 < argc)
            seed = strtoull(argv[++a], NULL, 10);
        else if (!strcmp(argv[a], "--max-hosts") && a + 1 < argc)
            max_hosts = atoi(argv[++a]);
        else if (!strcmp(argv[a], "--csv") && a + 1 < argc)
            csv = argv[++a];
        else if (!strcmp(argv[a], "--timing"))
            do_timing = 1;
        else if (!strcmp(argv[a], "--improve"))
            do_improve = 1;
        else if (!strcmp(argv[a], "--shipped"))
            do_improve = do_shipped = 1;
        else {
            fprintf(stderr, "usage: bench_quality [--platforms N] [--seed S] [--max-hosts H (5..8)] "
                            "[--timing] [--improve] [--shipped] [--csv FILE]\n");
            return 2;
        }
    }
    if (n_plat < 1 || max_hosts < 5 || max_hosts > RM_SHARED_EXHAUSTIVE_MAX) {
        fprintf(stderr, "bench_quality: need --platforms >= 1 and 5 <= --max-hosts <= %d\n",
                RM_SHARED_EXHAUSTIVE_MAX);
        return 2;
    }
    FILE *out = csv ? fopen(csv, "w") : NULL;
    if (csv && !out) {
        perror(csv);
        return 2;
    }
    if (out)
        fprintf(out, "platform,hosts,routers,links,dc_dw,slice_greedy,slice_exact,q_slice_greedy,"
                     "q_slice_exact,shared_none,shared_maxmin,shared_optimal,shared_exhaustive,"
                     "q_shared_none,q_shared_maxmin,q_shared_optimal,q_shared_exhaustive\n");
    size_t cap = (size_t)n_plat;
    double *val[N_CMP][4];
    for (int c = 0; c < N_CMP; c++)
        for (int r = 0; r < 4; r++)
            val[c][r] = malloc(cap * sizeof(double));
    double *all = malloc(4 * cap * sizeof(double));
    imp_run *ir[2][4]; /* --improve: [SharedRing, SliceRing][ratio][platform] */
    for (int h = 0; h < 2; h++)
        for (int r = 0; r < 4; r++)
            ir[h][r] = calloc(cap, sizeof(imp_run));
    int nval = 0, rc = 0;
    double t_exact = 0, t_exh = 0, t_greedy = 0;
    for (int i = 0; i < n_plat; i++) {
        unsigned long long s = seed * 0x9E3779B97F4A7C15ULL + (unsigned long long)i * 0xBF58476D1CE4E5B9ULL + 1;
        for (int k = 0; k < 4; k++)
            rnd(&s);
        int nh = rndint(&s, 5, max_hosts), nr = rndint(&s, 2, 6), extra = rndint(&s, 1, 3);
        rm_platform *p = random_platform(&s, i, nh, nr, extra);
        if (!p)
            return 1;
        rm_network net;
        rm_error err;
        if (rm_network_init(&net, p, RM_DUPLEX_HALF, &err)) {
            fprintf(stderr, "bench_quality: %s\n", err.msg);
            return 1;
        }
        int H = p->n_hosts;
        double bw[64], c[64], w[8];
        if (rm_capacity_matrix(&net, bw, &err)) {
            fprintf(stderr, "bench_quality: %s\n", err.msg);
            return 1;
        }
        for (int k = 0; k < H * H; k++)
            c[k] = 1.0 / bw[k];
        for (int h = 0; h < H; h++)
            w[h] = p->nodes[p->hosts[h]].w;
        rm_options opt;
        rm_options_init(&opt);
        rm_mapping *ex[4];
        double t0 = now();
        if (rmi_sharedring_exhaustive_ratios(&net, &opt, 4, ratios, ex, &err)) {
            fprintf(stderr, "bench_quality: %s: %s\n", p->name, err.msg);
            return 1;
        }
        t_exh += now() - t0;
        for (int r = 0; r < 4; r++) {
            int ring[8], q;
            double t_se;
            t0 = now();
            if (rmi_slicering_exact_costs(H, w, c, ratios[r], 0, ring, &q, &t_se, &err)) {
                fprintf(stderr, "bench_quality: %s: %s\n", p->name, err.msg);
                return 1;
            }
            t_exact += now() - t0;
            opt.dc_dw = ratios[r];
            opt.heuristic = RM_HEUR_SLICE;
            opt.sharing = RM_SHARING_MAXMIN;
            rm_mapping *g[4] = {NULL, NULL, NULL, NULL};
            t0 = now();
            if (rm_slicering(&net, &opt, &g[0], &err)) {
                fprintf(stderr, "bench_quality: %s: %s\n", p->name, err.msg);
                return 1;
            }
            const rm_sharing rf[3] = {RM_SHARING_GREEDY, RM_SHARING_MAXMIN, RM_SHARING_EQ5};
            opt.heuristic = RM_HEUR_SHARED;
            for (int v = 0; v < 3; v++) {
                opt.sharing = rf[v];
                rm_status st = rm_sharedring(&net, &opt, &g[v + 1], &err);
                if (st == RM_ESOLVER) { /* counted as a failure of the greedy */
                    fprintf(stderr, "bench_quality: warning: %s dc_dw %g %s: %s\n", p->name, ratios[r],
                            cmp_names[v + 1], err.msg);
                    g[v + 1] = NULL;
                } else if (st) {
                    fprintf(stderr, "bench_quality: %s: %s\n", p->name, err.msg);
                    return 1;
                }
            }
            t_greedy += now() - t0;
            double ratio[N_CMP];
            ratio[0] = g[0]->t_step_per_dw_unshared / t_se;
            if (ratio[0] < 1.0 - 1e-9) {
                fprintf(stderr, "bench_quality: %s dc_dw %g: SliceRing greedy %.15g below the exact optimum %.15g\n",
                        p->name, ratios[r], g[0]->t_step_per_dw_unshared, t_se);
                rc = 1;
            }
            double known = ex[r]->t_step_per_dw; /* best of exhaustive and the greedies */
            for (int v = 1; v < 4; v++) {
                ratio[v] = g[v] ? g[v]->t_step_per_dw / ex[r]->t_step_per_dw : NAN;
                if (g[v] && g[v]->t_step_per_dw < known)
                    known = g[v]->t_step_per_dw;
            }
            ratio[4] = g[3] ? g[3]->t_step_per_dw / known : NAN;
            for (int v = 0; v < N_CMP; v++)
                val[v][r][i] = ratio[v];
            if (out)
                fprintf(out, "%s,%d,%d,%d,%g,%.10g,%.10g,%d,%d,%.10g,%.10g,%.10g,%.10g,%d,%d,%d,%d\n",
                        p->name, H, p->n_nodes - H, p->n_links, ratios[r], g[0]->t_step_per_dw_unshared,
                        t_se, g[0]->q, q, TS(g[1]), TS(g[2]), TS(g[3]), ex[r]->t_step_per_dw,
                        QS(g[1]), QS(g[2]), QS(g[3]), ex[r]->q);
            for (int v = 0; v < 4; v++)
                rm_mapping_free(g[v]);
            for (int h = 0; do_improve && h < 2; h++) {
                imp_run *x = &ir[h][r][i];
                if (improve_run(&net, h ? RM_HEUR_SLICE : RM_HEUR_SHARED, ratios[r], x))
                    rc = 1;
                x->tex = ex[r]->t_step_per_dw;
            }
        }
        for (int r = 0; r < 4; r++)
            rm_mapping_free(ex[r]);
        rm_network_destroy(&net);
        rm_platform_free(p);
        nval++;
    }
    printf("Quality of the greedy heuristics on %d random platforms (5..%d hosts, 2..6 routers,\n"
           "spanning tree + 1..3 links, 10..1000 Mb/s, half duplex, seed %llu)\n",
           nval, max_hosts, seed);
    printf("ratio = greedy T_step / exact (SliceRing: estimates on the complete graph;\n"
           "SharedRing: exhaustive over rings for widest-path routing, <1 possible)\n\n");
    printf("%-32s %8s %5s %8s %8s %8s %8s %6s %6s %6s %6s\n", "comparison", "dc_dw", "n", "median", "p95",
           "worst", "best", "<1", ">1.02", ">1.10", "failed");
    for (int v = 0; v < N_CMP; v++) {
        int na = 0;
        for (int r = 0; r < 4; r++) {
            char rs[16];
            snprintf(rs, sizeof rs, "%g", ratios[r]);
            for (int k = 0; k < nval; k++)
                all[na++] = val[v][r][k];
            print_stats(cmp_names[v], rs, val[v][r], nval);
        }
        print_stats(cmp_names[v], "all", all, na);
    }
    printf("\ntime: exact SliceRing %.3f s, exhaustive SharedRing %.3f s, greedy heuristics %.3f s\n",
           t_exact, t_exh, t_greedy);
    if (do_improve) {
        printf("\n--improve: the local search after the heuristic (ring/improve.c) on the same\n"
               "platforms and ratios; better = improved below the heuristic by > 1e-9 (>1%%: by\n"
               "more than 1%%); gain =\n"
               "T_heuristic / T_improved over all runs; h/ex, i/ex = heuristic's, improved\n"
               "T_step / exhaustive SharedRing; h>1.02, i>1.02 = runs more than 2%% above it;\n"
               "times summed over the runs (one thread); budget = runs stopped by the 10 s budget\n\n");
        improve_header();
        imp_run *allr = malloc(4 * cap * sizeof *allr);
        for (int h = 0; h < 2; h++) {
            int na = 0;
            for (int r = 0; r < 4; r++) {
                char rs[16];
                snprintf(rs, sizeof rs, "%g", ratios[r]);
                improve_row(imp_heur[h], rs, ir[h][r], nval);
                for (int k = 0; k < nval; k++)
                    allr[na++] = ir[h][r][k];
            }
            improve_row(imp_heur[h], "all", allr, na);
        }
        free(allr);
        if (do_shipped && improve_shipped())
            rc = 1;
    }
    for (int h = 0; h < 2; h++)
        for (int r = 0; r < 4; r++)
            free(ir[h][r]);
    if (do_timing && timing(seed))
        rc = 1;
    if (out)
        fclose(out);
    for (int c = 0; c < N_CMP; c++)
        for (int r = 0; r < 4; r++)
            free(val[c][r]);
    free(all);
    return rc;
}
