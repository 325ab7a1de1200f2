/*
 * bench_quality.c — how good is the mapper: on random small
 * sparse platforms with routers, the ratio of the greedy heuristics' T_step
 * to the exact baselines of heur/exact.c, at the four D_c/D_w ratios of
 * Legrand et al. 2004:
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
 * With --improve (docs/improve.md): the local search after the heuristic
 * (rm_options.improve, heur/improve.c) on the same platforms and ratios, for
 * SharedRing (greedy sharing) and SliceRing (max-min make-feasible): how often
 * it beats the plain heuristic (by > 1e-9 relative), the gain T_heuristic /
 * T_improved (median, 95th percentile, max over all runs), both values'
 * ratios to the exhaustive SharedRing (median, 95th percentile), and the time;
 * with --shipped also the shipped platforms (GML files of platforms/, no
 * exhaustive baseline) per platform and ratio.
 * Exit status 1 if SliceRing greedy ever beats the exact optimum, or an
 * improved mapping is worse than its heuristic's or fails rm_mapping_check
 * (bugs).
 * With --route-ties (docs/route-ties.md, its own table; route_ties_main): the tie rules
 * between equally wide routes (rm_options.route_ties) against the index rule
 * on these random platforms (and their ratio to the exhaustive SharedRing),
 * the Topology Zoo files and the shipped Tiers platforms (docs/route-ties.md);
 * RM_BENCH_TIES_VERBOSE=1 / RM_BENCH_TIES_DUMP=1 print each run / each
 * SliceRing mapping's routes on stderr.
 * With --pipeline: the default of rm_options_init (the pipeline of rm_map)
 * against each single option changed from it (heuristic, sharing,
 * make-feasible, the search toggled, route ties, SliceRing's tie rule, a
 * final solver; each under the default's network model, so the paper's
 * reserved setup is not among them) on the
 * random platforms and the shipped ones at the four ratios: how many rows
 * some single option beats the default on (by > 1e-9 relative, and by > 1 %),
 * the worst T_default / T_best_single and which option, the CPU time; and
 * the 3-host complete graph against Proposition 1's optimum 0.591428571.
 * --verbose prints each row (with the ring sizes q of the default and of the
 * best single option); --timing adds, per shipped row, the default's CPU
 * time against the paper's setup (rm_options_init_paper; --threads 1, the
 * mean of 5 runs each) and the worst ratio.
 * Exit 1 only when a mapping fails rm_mapping_check.
 * With --overlap [F] (overlap_main): the mapper under the overlap model
 * (docs/model.md, "The overlap model") against the exhaustive SharedRing
 * under it, Weissman 1995's criterion (Tables 6.4-6.6).
 * Usage: bench_quality [--platforms N] [--seed S] [--max-hosts H] [--timing] [--improve]
 *                      [--shipped] [--pipeline [--verbose]] [--csv FILE]
 *        bench_quality --overlap [F] [--platforms N] [--seed S] [--max-hosts H]
 *        bench_quality --route-ties [--platforms N] [--seed S] [--max-hosts H]
 *                      [--zoo-draws K] [--md FILE]
 */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include "ringmap.h"
#include "heur/exact.h"
#include "heur/improve.h"
#include "ring/refine.h"
#include "heur/route_ties.h"
#include "topo/gen/generators.h"
#include "heur/heur.h"

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

/* cycle-times of Legrand et al. 2004 Tables 1 and 2 (Lyon, Strasbourg), s/Mflop */
static const double tbl_w[] = {0.0206, 0.0206, 0.0206, 0.0206, 0.0291, 0.0206, 0.0087, 0.0206, 0.0206,
                               0.0206, 0.0206, 0.0206, 0.0291, 0.0451, 0.0087, 0.0072, 0.0087, 0.0131,
                               0.016,  0.0058, 0.0087, 0.0262, 0.0102, 0.0131, 0.0072, 0.0058, 0.0072};
#define N_TBL_W ((int)(sizeof tbl_w / sizeof tbl_w[0]))

static const double ratios[4] = {0.64, 0.064, 0.0064, 0.00064};

/* SliceRing's complete-graph model of p (half duplex): net initialised (the
 * caller destroys it), c[i*H+j] = 1 / widest-path bandwidth (s/Mb) and w[h]
 * the hosts' cycle-times; c holds H*H values. Returns 0, or 1 after a
 * message on stderr (net is then not initialised). */
static int slice_model(const rm_platform *p, rm_network *net, double *c, double *w)
{
    rm_error err;
    if (rm_network_init(net, p, RM_DUPLEX_HALF, &err)) {
        fprintf(stderr, "bench_quality: %s\n", err.msg);
        return 1;
    }
    int H = p->n_hosts;
    if (rm_capacity_matrix(net, c, &err)) {
        fprintf(stderr, "bench_quality: %s\n", err.msg);
        rm_network_destroy(net);
        return 1;
    }
    for (int k = 0; k < H * H; k++)
        c[k] = 1.0 / c[k];
    for (int h = 0; h < H; h++)
        w[h] = p->nodes[p->hosts[h]].w;
    return 0;
}

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

/* The RNG state of the i-th platform of a run with this seed (its first four
 * draws discarded): every mode draws its platforms from it. */
static unsigned long long platform_seed(unsigned long long seed, int i)
{
    unsigned long long s = seed * 0x9E3779B97F4A7C15ULL + (unsigned long long)i * 0xBF58476D1CE4E5B9ULL + 1;
    for (int k = 0; k < 4; k++)
        rnd(&s);
    return s;
}

/* The i-th random sparse platform of a run: 5..max_hosts hosts, 2..6
 * routers, 1..3 extra links (random_platform). NULL on failure. */
static rm_platform *seeded_platform(unsigned long long seed, int i, int max_hosts)
{
    unsigned long long s = platform_seed(seed, i);
    int nh = rndint(&s, 5, max_hosts), nr = rndint(&s, 2, 6), extra = rndint(&s, 1, 3);
    return random_platform(&s, i, nh, nr, extra);
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
    opt.cost.dc_dw = dc_dw;
    opt.heuristic = h;
    opt.threads = 1;
    opt.improve = 1;
    opt.routing = rm_routing_resolve(net, opt.routing); /* rmi_mapping_improve: resolved */
    rm_mapping *m = NULL;
    rm_error err;
    double t0 = now();
    rm_status st = rmi_run_heuristic(net, &opt, &m, &err); /* the heuristic alone */
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

/* ---- --route-ties (better rings, docs/route-ties.md): tie rules between equally
 * wide routes (rm_options.route_ties, heur/route_ties.h) ------------------ */

#define RT_N_RULES 6
static const char *const rt_rule_names[RT_N_RULES] = {"index", "hops", "load", "bottleneck2", "share",
                                                      "best"};

/* The ratios of one (set, heuristic, rule, D_c/D_w) cell. */
typedef struct rt_cell {
    double *v;  /* T(rule) / T(index) */
    double *vc; /* SharedRing: T(rule) / T(index re-routed, re-shared): the control */
    double *ex; /* T(rule) / exhaustive SharedRing (random platforms) */
    int n, nex;
} rt_cell;

static void rt_cell_add(rt_cell *c, double v, double vc, double ex)
{
    c->v[c->n] = v;
    c->vc[c->n] = vc;
    c->n++;
    if (!isnan(ex))
        c->ex[c->nex++] = ex;
}

static void rt_cell_row(const char *set, const char *heur, const char *rule, const char *ratio, rt_cell *c,
                        FILE *md)
{
    if (c->n == 0)
        return;
    int win = 0, tie = 0, loss = 0;
    double lg = 0.0, lgc = 0.0;
    for (int k = 0; k < c->n; k++) {
        win += c->v[k] < 1.0 - 1e-9;
        loss += c->v[k] > 1.0 + 1e-9;
        lg += log(c->v[k]);
        lgc += log(c->vc[k]);
    }
    tie = c->n - win - loss;
    double *v = malloc((size_t)c->n * sizeof *v);
    memcpy(v, c->v, (size_t)c->n * sizeof *v);
    qsort(v, (size_t)c->n, sizeof *v, cmp_double);
    qsort(c->ex, (size_t)c->nex, sizeof *c->ex, cmp_double);
    char exs[40] = "-";
    if (c->nex)
        snprintf(exs, sizeof exs, "%.4f / %.4f", pct(c->ex, c->nex, 50), pct(c->ex, c->nex, 95));
    char cs[16] = "-";
    if (!strcmp(heur, "SharedRing"))
        snprintf(cs, sizeof cs, "%.4f", exp(lgc / c->n));
    printf("%-8s %-10s %-11s %8s %4d %8.4f %8.4f %8.4f %8.4f %8.4f %4d/%3d/%3d %8s %17s\n", set, heur, rule,
           ratio, c->n, pct(v, c->n, 50), pct(v, c->n, 95), v[0], v[c->n - 1], exp(lg / c->n), win, tie, loss,
           cs, exs);
    if (md)
        fprintf(md, "| %s | %s | %s | %s | %d | %.4f | %.4f | %.4f | %.4f | %.4f | %d/%d/%d | %s | %s |\n", set,
                heur, rule, ratio, c->n, pct(v, c->n, 50), pct(v, c->n, 95), v[0], v[c->n - 1], exp(lg / c->n),
                win, tie, loss, cs, exs);
    free(v);
}

/* Every rule on one platform at one ratio: SliceRing (max-min make-feasible)
 * with opt.route_ties, and SharedRing (greedy sharing) followed by
 * rmi_ties_reshare (what rm_map does with the rule; for the index rule the
 * control: the same re-route and max-min re-share). cell[h][rule]. Returns 1
 * on an error (the widths are checked by tests/test_route_ties.c). */
static int rt_platform(const rm_network *net, double dc_dw, double t_ex, rt_cell cell[2][RT_N_RULES])
{
    rm_options opt;
    rm_options_init(&opt);
    opt.cost.dc_dw = dc_dw;
    opt.threads = 1;
    rm_error err;
    double ts[RT_N_RULES];
    opt.heuristic = RM_HEUR_SLICE;
    for (int k = 0; k < RT_N_RULES; k++) {
        opt.route_ties = (rm_route_ties)k;
        rm_mapping *m = NULL;
        if (rm_slicering(net, &opt, &m, &err)) {
            fprintf(stderr, "bench_quality: %s: %s\n", net->platform->name, err.msg);
            return 1;
        }
        ts[k] = m->t_step_per_dw;
        if (getenv("RM_BENCH_TIES_DUMP")) {
            fprintf(stderr, "%s %g rule %s q %d T %.6g:", net->platform->name, dc_dw, rt_rule_names[k], m->q,
                    ts[k]);
            for (int j = 0; j < m->q; j++)
                fprintf(stderr, " [%d s%.4g/%d p%.4g/%d]", m->ring[j], m->succ[j].bandwidth, m->succ[j].n_arcs,
                        m->pred[j].bandwidth, m->pred[j].n_arcs);
            fprintf(stderr, "\n");
        }
        rm_mapping_free(m);
    }
    for (int k = 0; k < RT_N_RULES; k++)
        rt_cell_add(&cell[1][k], ts[k] / ts[0], NAN, t_ex > 0 ? ts[k] / t_ex : NAN);
    if (getenv("RM_BENCH_TIES_VERBOSE")) /* one line per platform and ratio */
        fprintf(stderr, "%s dc_dw %g SliceRing %.6g %.6g %.6g %.6g %.6g %.6g\n", net->platform->name, dc_dw,
                ts[0], ts[1], ts[2], ts[3], ts[4], ts[5]);
    opt.heuristic = RM_HEUR_SHARED;
    opt.route_ties = RM_TIES_INDEX;
    rm_mapping *m0 = NULL;
    if (rm_sharedring(net, &opt, &m0, &err)) {
        fprintf(stderr, "bench_quality: %s: %s\n", net->platform->name, err.msg);
        return 1;
    }
    double tr[RT_N_RULES];
    for (int k = 0; k < RT_N_RULES; k++) {
        rm_mapping *m = rmi_mapping_copy(m0);
        int kept = 0;
        if (!m || rmi_ties_reshare(net, &opt, (rm_route_ties)k, m, &kept, &err)) {
            fprintf(stderr, "bench_quality: %s: reshare: %s\n", net->platform->name, m ? err.msg : "no memory");
            rm_mapping_free(m);
            rm_mapping_free(m0);
            return 1;
        }
        tr[k] = m->t_step_per_dw;
        rm_mapping_free(m);
    }
    for (int k = 0; k < RT_N_RULES; k++)
        rt_cell_add(&cell[0][k], k ? tr[k] / m0->t_step_per_dw : tr[0] / m0->t_step_per_dw, tr[k] / tr[0],
                    t_ex > 0 ? tr[k] / t_ex : NAN);
    rm_mapping_free(m0);
    return 0;
}

/* bench_quality --route-ties [--platforms N] [--seed S] [--max-hosts H]
 * [--zoo-draws K] [--md FILE]: the random platforms of the main table (with
 * the exhaustive SharedRing baseline) and the Topology Zoo files of
 * /work/shared/data/topology-zoo (RM_SHARED_DIR copy in tests/data/shared:
 * every node a host, w drawn from Tables 1-2, K draws per file; Abilene's
 * links, which have no speed, 10,000 Mb/s) and the shipped Tiers platforms,
 * at the four ratios of Legrand et al. 2004. */
static int route_ties_main(int argc, char **argv)
{
    int n_plat = 200, max_hosts = 8, draws = 20;
    unsigned long long seed = 1;
    const char *md_path = NULL;
    for (int a = 1; a < argc; a++) {
        if (!strcmp(argv[a], "--route-ties"))
            continue;
        if (!strcmp(argv[a], "--platforms") && a + 1 < argc)
            n_plat = atoi(argv[++a]);
        else if (!strcmp(argv[a], "--seed") && a + 1 < argc)
            seed = strtoull(argv[++a], NULL, 10);
        else if (!strcmp(argv[a], "--max-hosts") && a + 1 < argc)
            max_hosts = atoi(argv[++a]);
        else if (!strcmp(argv[a], "--zoo-draws") && a + 1 < argc)
            draws = atoi(argv[++a]);
        else if (!strcmp(argv[a], "--md") && a + 1 < argc)
            md_path = argv[++a];
        else {
            fprintf(stderr, "usage: bench_quality --route-ties [--platforms N] [--seed S] [--max-hosts H] "
                            "[--zoo-draws K] [--md FILE]\n");
            return 2;
        }
    }
    if (n_plat < 0 || draws < 0 || max_hosts < 5 || max_hosts > RM_SHARED_EXHAUSTIVE_MAX) {
        fprintf(stderr, "bench_quality: need --platforms >= 0, --zoo-draws >= 0, 5 <= --max-hosts <= %d\n",
                RM_SHARED_EXHAUSTIVE_MAX);
        return 2;
    }
    static const char *const zoo[] = {"topology-zoo/Abilene.gml", "topology-zoo/Geant2009.gml",
                                      "topology-zoo/Renater2001.gml"};
    static const char *const tiers[] = {"platforms/medium_tiers.gml", "platforms/generated/tiers_fig3.gml",
                                        "platforms/generated/tiers_fig4.gml"};
    int n_zoo = 3 * draws, n_tiers = 3, cap = n_plat > n_zoo ? n_plat : n_zoo;
    rt_cell cell[3][2][RT_N_RULES][4]; /* [set: random, zoo, tiers][heur][rule][ratio] */
    for (int s = 0; s < 3; s++)
        for (int h = 0; h < 2; h++)
            for (int k = 0; k < RT_N_RULES; k++)
                for (int r = 0; r < 4; r++) {
                    rt_cell *c = &cell[s][h][k][r];
                    c->v = malloc((size_t)(cap + n_tiers) * sizeof(double));
                    c->vc = malloc((size_t)(cap + n_tiers) * sizeof(double));
                    c->ex = malloc((size_t)(cap + n_tiers) * sizeof(double));
                    c->n = c->nex = 0;
                }
    int rc = 0;
    double t0 = now();
    /* random platforms, as the main table draws them */
    for (int i = 0; i < n_plat && !rc; i++) {
        rm_platform *p = seeded_platform(seed, i, max_hosts);
        rm_network net;
        rm_error err;
        if (!p || rm_network_init(&net, p, RM_DUPLEX_HALF, &err))
            return 1;
        rm_options opt;
        rm_options_init(&opt);
        opt.routing = rm_routing_resolve(&net, opt.routing); /* internal entry: resolved */
        rm_mapping *ex[4];
        if (rmi_sharedring_exhaustive_ratios(&net, &opt, 4, ratios, ex, &err)) {
            fprintf(stderr, "bench_quality: %s: %s\n", p->name, err.msg);
            return 1;
        }
        for (int r = 0; r < 4 && !rc; r++) {
            rt_cell row[2][RT_N_RULES];
            for (int h = 0; h < 2; h++)
                for (int k = 0; k < RT_N_RULES; k++)
                    row[h][k] = cell[0][h][k][r];
            rc = rt_platform(&net, ratios[r], ex[r]->t_step_per_dw, row);
            for (int h = 0; h < 2; h++)
                for (int k = 0; k < RT_N_RULES; k++)
                    cell[0][h][k][r] = row[h][k];
        }
        for (int r = 0; r < 4; r++)
            rm_mapping_free(ex[r]);
        rm_network_destroy(&net);
        rm_platform_free(p);
    }
    double t_rand = now() - t0;
    /* Topology Zoo (draws of the hosts' w) and the shipped Tiers platforms */
    t0 = now();
    for (int f = 0; f < 6 && !rc; f++) {
        int is_zoo = f < 3, nd = is_zoo ? draws : 1;
        char path[1024];
        if (is_zoo)
            snprintf(path, sizeof path, "%s/tests/data/shared/data/%s", RM_SOURCE_DIR, zoo[f]);
        else
            snprintf(path, sizeof path, "%s/%s", RM_SOURCE_DIR, tiers[f - 3]);
        rm_read_options ro;
        rm_read_options_init(&ro);
        if (is_zoo) {
            ro.host_w = 0.02;
            ro.default_bandwidth = 10000.0; /* Abilene: OC-192 */
        }
        rm_platform *p = NULL;
        rm_error err;
        if (rm_platform_read(path, &ro, &p, &err)) {
            printf("(%s not read: %s)\n", path, err.msg);
            continue;
        }
        rm_network net;
        if (rm_network_init(&net, p, RM_DUPLEX_HALF, &err)) {
            rm_platform_free(p);
            return 1;
        }
        unsigned long long s = seed * 0x2545F4914F6CDD1DULL + (unsigned long long)f + 1;
        for (int d = 0; d < nd && !rc; d++) {
            if (is_zoo)
                for (int h = 0; h < p->n_hosts; h++)
                    p->nodes[p->hosts[h]].w = tbl_w[rndint(&s, 0, N_TBL_W - 1)];
            for (int r = 0; r < 4 && !rc; r++) {
                rt_cell row[2][RT_N_RULES];
                for (int h = 0; h < 2; h++)
                    for (int k = 0; k < RT_N_RULES; k++)
                        row[h][k] = cell[is_zoo ? 1 : 2][h][k][r];
                rc = rt_platform(&net, ratios[r], NAN, row);
                for (int h = 0; h < 2; h++)
                    for (int k = 0; k < RT_N_RULES; k++)
                        cell[is_zoo ? 1 : 2][h][k][r] = row[h][k];
            }
        }
        rm_network_destroy(&net);
        rm_platform_free(p);
    }
    double t_zoo = now() - t0;
    FILE *md = md_path ? fopen(md_path, "w") : NULL;
    printf("Route tie rules (rm_options.route_ties): ratio = T_step(rule) / T_step(index rule);\n"
           "SliceRing: max-min make-feasible; SharedRing: greedy sharing, then the ring re-routed by the\n"
           "rule on the full capacities and re-shared by max-min, kept when T_step drops (index row: that\n"
           "control itself); vs_ctl = geometric mean of T(rule) / T(index control); w/t/l = wins, ties,\n"
           "losses (1e-9); ex = T(rule) / exhaustive SharedRing (median / p95), random platforms only.\n"
           "random: %d platforms, 5..%d hosts, seed %llu; zoo: Abilene, Geant2009, Renater2001, every\n"
           "node a host, %d draws of w; tiers: medium_tiers, tiers_fig3, tiers_fig4.\n\n",
           n_plat, max_hosts, seed, draws);
    printf("%-8s %-10s %-11s %8s %4s %8s %8s %8s %8s %8s %12s %8s %17s\n", "set", "heuristic", "rule", "dc_dw",
           "n", "median", "p95", "min", "max", "geomean", "w/t/l", "vs_ctl", "ex med / p95");
    if (md)
        fprintf(md, "| set | heuristic | rule | D_c/D_w | n | median | p95 | min | max | geomean | w/t/l | "
                    "vs control | / exhaustive (median / p95) |\n|---|---|---|---|---|---|---|---|---|---|---|---|---|\n");
    static const char *const sets[3] = {"random", "zoo", "tiers"};
    static const char *const heur[2] = {"SharedRing", "SliceRing"};
    for (int s = 0; s < 3; s++)
        for (int h = 1; h >= 0; h--)
            for (int k = 0; k < RT_N_RULES; k++)
                for (int r = 0; r < 4; r++) {
                    char rs[16];
                    snprintf(rs, sizeof rs, "%g", ratios[r]);
                    if (h == 1 && k == 0)
                        continue; /* SliceRing index / index = 1 */
                    rt_cell_row(sets[s], heur[h], h == 0 && k == 0 ? "index+ctl" : rt_rule_names[k], rs,
                                &cell[s][h][k][r], md);
                }
    printf("\ntime: random %.1f s, zoo + tiers %.1f s\n", t_rand, t_zoo);
    if (md)
        fclose(md);
    for (int s = 0; s < 3; s++)
        for (int h = 0; h < 2; h++)
            for (int k = 0; k < RT_N_RULES; k++)
                for (int r = 0; r < 4; r++) {
                    free(cell[s][h][k][r].v);
                    free(cell[s][h][k][r].vc);
                    free(cell[s][h][k][r].ex);
                }
    return rc;
}

/* --slice-ties (docs/scale.md, "SliceRing at scale"): SliceRing's near-tie rule
 * (rm_options.slice_ties: among candidates equal in real arithmetic, the
 * first in scan order) against today's rule (the least rm_balance value as
 * rounded). Tie-rich small platforms as well as the random ones: generated
 * stars and two-switch clusters whose hosts share a few w and link values. */
static double ties_cpu(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* nh hosts on two switches joined by a 1000 Mb/s link; w from 3 values of
 * Tables 1-2, access links 100 or 1000 Mb/s */
static rm_platform *ties_cluster(unsigned long long *s, int idx, int nh)
{
    char name[32];
    snprintf(name, sizeof name, "cluster2-%03d", idx);
    rm_platform *p = rm_platform_new(name, nh + 2, nh + 1, 0);
    if (!p)
        return NULL;
    static const double ws[3] = {0.0206, 0.0087, 0.0131};
    for (int v = 0; v < nh; v++) {
        p->nodes[v].is_host = 1;
        p->nodes[v].w = ws[rndint(s, 0, 2)];
        p->links[v].source = v;
        p->links[v].target = nh + rndint(s, 0, 1);
        p->links[v].bandwidth = rnd(s) < 0.7 ? 1000.0 : 100.0;
    }
    p->links[nh].source = nh;
    p->links[nh].target = nh + 1;
    p->links[nh].bandwidth = 1000.0;
    rm_error err;
    if (rm_platform_finalize(p, &err)) {
        fprintf(stderr, "bench_quality: %s\n", err.msg);
        rm_platform_free(p);
        return NULL;
    }
    return p;
}

#define TIES_FAM 3
static const char *const ties_fam[TIES_FAM] = {"random", "star", "cluster2"};

static int slice_ties_bench(unsigned long long seed, int n_plat, int max_hosts, int large)
{
    /* [family][ratio][platform]: today's and the rule's estimate / exact
     * SliceRing, their feasible T_step / exhaustive SharedRing */
    double *v[TIES_FAM][4][4];
    for (int f = 0; f < TIES_FAM; f++)
        for (int r = 0; r < 4; r++)
            for (int x = 0; x < 4; x++)
                v[f][r][x] = malloc((size_t)n_plat * sizeof(double));
    int ndiff[TIES_FAM][4] = {{0}}, nworse[TIES_FAM][4] = {{0}}, nbetter[TIES_FAM][4] = {{0}};
    int rc = 0;
    for (int f = 0; f < TIES_FAM; f++)
        for (int i = 0; i < n_plat; i++) {
            unsigned long long s = platform_seed(seed, i);
            rm_platform *p = NULL;
            rm_error err;
            if (f == 0) {
                int nh = rndint(&s, 5, max_hosts), nr = rndint(&s, 2, 6), extra = rndint(&s, 1, 3);
                p = random_platform(&s, i, nh, nr, extra);
            } else if (f == 1) {
                if (rmi_generate_topology(RM_GEN_STAR, rndint(&s, 6, 8), seed + (unsigned long long)i,
                                         &p, &err))
                    p = NULL;
            } else {
                p = ties_cluster(&s, i, rndint(&s, 6, 8));
            }
            if (!p)
                return 1;
            rm_network net;
            int H = p->n_hosts;
            double c[RM_SLICE_EXACT_MAX * RM_SLICE_EXACT_MAX], w[RM_SLICE_EXACT_MAX];
            if (slice_model(p, &net, c, w))
                return 1;
            rm_mapping *ex[4];
            rm_options eo;
            rm_options_init(&eo);
            eo.routing = rm_routing_resolve(&net, eo.routing); /* internal entry: resolved */
            if (rmi_sharedring_exhaustive_ratios(&net, &eo, 4, ratios, ex, &err)) {
                fprintf(stderr, "bench_quality: %s: %s\n", p->name, err.msg);
                return 1;
            }
            for (int r = 0; r < 4; r++) {
                int ring[RM_SLICE_EXACT_MAX], q;
                double t_se;
                if (rmi_slicering_exact_costs(H, w, c, ratios[r], 0, ring, &q, &t_se, &err)) {
                    fprintf(stderr, "bench_quality: %s: %s\n", p->name, err.msg);
                    return 1;
                }
                rm_options opt;
                rm_options_init(&opt);
                opt.cost.dc_dw = ratios[r];
                opt.heuristic = RM_HEUR_SLICE;
                rm_mapping *g[2] = {NULL, NULL};
                for (int t = 0; t < 2; t++) {
                    opt.slice_ties = t;
                    if (rm_slicering(&net, &opt, &g[t], &err)) {
                        fprintf(stderr, "bench_quality: %s: %s\n", p->name, err.msg);
                        return 1;
                    }
                    if (g[t]->t_step_per_dw_unshared < t_se * (1.0 - 1e-9)) {
                        fprintf(stderr, "bench_quality: %s: SliceRing below the exact optimum\n",
                                p->name);
                        rc = 1;
                    }
                }
                v[f][r][0][i] = g[0]->t_step_per_dw_unshared / t_se;
                v[f][r][1][i] = g[1]->t_step_per_dw_unshared / t_se;
                v[f][r][2][i] = g[0]->t_step_per_dw / ex[r]->t_step_per_dw;
                v[f][r][3][i] = g[1]->t_step_per_dw / ex[r]->t_step_per_dw;
                nworse[f][r] += g[1]->t_step_per_dw > g[0]->t_step_per_dw * (1.0 + 1e-9);
                nbetter[f][r] += g[1]->t_step_per_dw < g[0]->t_step_per_dw * (1.0 - 1e-9);
                int same = g[0]->q == g[1]->q;
                for (int k = 0; same && k < g[0]->q; k++)
                    same = g[0]->ring[k] == g[1]->ring[k];
                ndiff[f][r] += !same;
                rm_mapping_free(g[0]);
                rm_mapping_free(g[1]);
            }
            for (int r = 0; r < 4; r++)
                rm_mapping_free(ex[r]);
            rm_network_destroy(&net);
            rm_platform_free(p);
        }
    printf("SliceRing near-tie rule (--slice-ties) against today's rule, %d platforms per family\n"
           "(random: as above, 5..%d hosts; star: generated, 6..8 hosts; cluster2: two switches,\n"
           "6..8 hosts, 3 cycle-times, 100/1000 Mb/s access links); 0 = today's rule, 1 = the\n"
           "near-tie rule; est = SliceRing's estimate / its exact optimum; feas = T_step (max-min\n"
           "on the real network) / exhaustive SharedRing; rings = platforms where the chosen ring\n"
           "differs, worse / better = the rule's T_step above / below today's by > 1e-9\n\n",
           n_plat, max_hosts);
    printf("%-9s %8s %9s %9s %9s %9s %9s %9s %9s %9s %5s %5s %6s\n", "family", "dc_dw",
           "est0 med", "est0 p95", "est1 med", "est1 p95", "feas0 med", "feas0 p95", "feas1 med",
           "feas1 p95", "rings", "worse", "better");
    for (int f = 0; f < TIES_FAM; f++)
        for (int r = 0; r < 4; r++) {
            double st[4][3];
            for (int x = 0; x < 4; x++) {
                qsort(v[f][r][x], (size_t)n_plat, sizeof(double), cmp_double);
                st[x][0] = pct(v[f][r][x], n_plat, 50);
                st[x][1] = pct(v[f][r][x], n_plat, 95);
                st[x][2] = v[f][r][x][n_plat - 1];
            }
            printf("%-9s %8g %9.5f %9.5f %9.5f %9.5f %9.5f %9.5f %9.5f %9.5f %5d %5d %6d\n",
                   ties_fam[f], ratios[r], st[0][0], st[0][1], st[1][0], st[1][1], st[2][0],
                   st[2][1], st[3][0], st[3][1], ndiff[f][r], nworse[f][r], nbetter[f][r]);
        }
    for (int f = 0; f < TIES_FAM; f++)
        for (int r = 0; r < 4; r++)
            for (int x = 0; x < 4; x++)
                free(v[f][r][x]);
    if (!large)
        return rc;
    printf("\n1,000 generated hosts (seed 1, --threads 1, default options): today's rule (0) and\n"
           "the near-tie rule (1); CPU s of the mapping, estimate and feasible T_step/D_w\n\n");
    printf("%-8s %8s %8s %8s %5s %5s %12s %12s %12s %12s %8s\n", "topology", "dc_dw", "cpu0 s",
           "cpu1 s", "q0", "q1", "est0", "est1", "feas0", "feas1", "feas1/0");
    static const double big_r[2] = {0.0064, 0.00064};
    for (int t = 0; t < RM_GEN_COUNT; t++) {
        rm_platform *p = NULL;
        rm_error err;
        if (rmi_generate_topology((rm_gen_topology)t, 1000, 1, &p, &err)) {
            fprintf(stderr, "bench_quality: %s\n", err.msg);
            return 1;
        }
        for (int r = 0; r < 2; r++) {
            rm_options opt;
            rm_options_init(&opt);
            opt.cost.dc_dw = big_r[r];
            opt.heuristic = RM_HEUR_SLICE;
            opt.threads = 1;
            rm_mapping *g[2] = {NULL, NULL};
            double cpu[2];
            for (int x = 0; x < 2; x++) {
                opt.slice_ties = x;
                double c0 = ties_cpu();
                if (rm_map(p, &opt, &g[x], &err)) {
                    fprintf(stderr, "bench_quality: %s: %s\n", p->name, err.msg);
                    return 1;
                }
                cpu[x] = ties_cpu() - c0;
            }
            printf("%-8s %8g %8.2f %8.2f %5d %5d %12.6g %12.6g %12.6g %12.6g %8.4f\n",
                   rmi_gen_topology_name((rm_gen_topology)t), big_r[r], cpu[0], cpu[1], g[0]->q,
                   g[1]->q, g[0]->t_step_per_dw_unshared, g[1]->t_step_per_dw_unshared,
                   g[0]->t_step_per_dw, g[1]->t_step_per_dw,
                   g[1]->t_step_per_dw / g[0]->t_step_per_dw);
            fflush(stdout);
            rm_mapping_free(g[0]);
            rm_mapping_free(g[1]);
        }
        rm_platform_free(p);
    }
    return rc;
}

/* --- --pipeline: the default pipeline against every single option ------------------------ */

/* One option changed from the default (rm_options_init). */
typedef struct pl_variant {
    const char *name;
    void (*set)(rm_options *o);
} pl_variant;

static void pv_shared(rm_options *o) { o->heuristic = RM_HEUR_SHARED; }
static void pv_slice(rm_options *o) { o->heuristic = RM_HEUR_SLICE; }
static void pv_both(rm_options *o) { o->heuristic = RM_HEUR_BOTH; }
static void pv_greedy(rm_options *o) { o->sharing = RM_SHARING_GREEDY; }
static void pv_maxmin(rm_options *o) { o->sharing = RM_SHARING_MAXMIN; }
static void pv_eq5(rm_options *o) { o->sharing = RM_SHARING_EQ5; }
static void pv_mf_eq5(rm_options *o) { o->make_feasible = RM_SHARING_EQ5; }
static void pv_improve(rm_options *o) { o->improve = !o->improve; }
static void pv_ties(rm_options *o) { o->route_ties = RM_TIES_BEST; }
static void pv_slice_ties(rm_options *o) { o->slice_ties = !o->slice_ties; }

static void pv_kinsol(rm_options *o) { o->final_solver = RM_FINAL_KINSOL; }
static void pv_glpk(rm_options *o) { o->final_solver = RM_FINAL_GLPK; }

static const pl_variant pl_variants[] = {
    {"heuristic shared", pv_shared}, {"heuristic slice", pv_slice},
    {"heuristic both", pv_both},     {"sharing greedy", pv_greedy},
    {"sharing maxmin", pv_maxmin},   {"sharing eq5", pv_eq5},
    {"make-feasible eq5", pv_mf_eq5}, {"improve toggled", pv_improve},
    {"route-ties best", pv_ties},    {"slice-ties toggled", pv_slice_ties},
    {"final-solver kinsol", pv_kinsol},
    {"final-solver glpk", pv_glpk},
};
#define PL_N ((int)(sizeof pl_variants / sizeof pl_variants[0]))

typedef struct pl_stats {
    int rows, beaten, beaten1pct, by_variant[PL_N];
    double worst;     /* max T_default / T_best_single */
    char worst_what[160];
    double cpu_default, cpu_single, cpu_paper;
    double worst_cpu; /* max CPU default / CPU paper over the rows (timed rows only) */
    char worst_cpu_what[96];
} pl_stats;

static double cpu_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* rm_map_network under o, checked; NAN when it is refused (an option the
 * network model does not take) or fails; *bad = 1 on an invariant violation. */
static double pl_map(const rm_network *net, const rm_options *o, int *bad, int *q)
{
    rm_mapping *m = NULL;
    rm_error err = {RM_OK, ""};
    *q = 0;
    if (rm_map_network(net, o, &m, &err))
        return NAN;
    double t = m->t_step_per_dw;
    *q = m->q;
    if (rm_mapping_check(net, m, 1e-9, &err)) {
        fprintf(stderr, "bench_quality --pipeline: %s: invariant violated: %s\n",
                net->platform->name, err.msg);
        *bad = 1;
    }
    rm_mapping_free(m);
    return t;
}

/* The default and every single-option variant on one platform and ratio. */
/* CPU seconds of one rm_map_network under o, the mean of reps runs. */
static double pl_cpu(const rm_network *net, const rm_options *o, int reps, int *bad)
{
    int q;
    double c0 = cpu_now();
    for (int i = 0; i < reps; i++)
        pl_map(net, o, bad, &q);
    return (cpu_now() - c0) / reps;
}

/* The default and every single-option variant on one platform and ratio;
 * timed > 0: also the default's CPU time against the paper's setup
 * (rm_options_init_paper), each the mean of `timed` runs. */
static int pl_row(const rm_network *net, double dc_dw, pl_stats *st, int verbose, int timed)
{
    int bad = 0, qd = 0, qb = 0, q;
    rm_options d;
    rm_options_init(&d);
    d.cost.dc_dw = dc_dw;
    d.threads = 1;
    double c0 = cpu_now();
    double td = pl_map(net, &d, &bad, &qd);
    st->cpu_default += cpu_now() - c0;
    double best = INFINITY;
    int bi = -1;
    for (int v = 0; v < PL_N; v++) {
        rm_options o = d;
        pl_variants[v].set(&o);
        if (!memcmp(&o, &d, sizeof o))
            continue; /* the default already */
        c0 = cpu_now();
        double t = pl_map(net, &o, &bad, &q);
        st->cpu_single += cpu_now() - c0;
        if (t < td * (1 - 1e-9))
            st->by_variant[v]++;
        if (t < best)
            best = t, bi = v, qb = q;
    }
    double cd = NAN, cp = NAN;
    if (timed > 0) {
        rm_options pp;
        rm_options_init_paper(&pp);
        pp.cost.dc_dw = dc_dw;
        pp.threads = 1;
        cd = pl_cpu(net, &d, timed, &bad);
        cp = pl_cpu(net, &pp, timed, &bad);
        st->cpu_paper += cp;
        if (cd / cp > st->worst_cpu) {
            st->worst_cpu = cd / cp;
            snprintf(st->worst_cpu_what, sizeof st->worst_cpu_what, "%s at %g: %.4f vs %.4f s",
                     net->platform->name, dc_dw, cd, cp);
        }
    }
    st->rows++;
    if (best < td * (1 - 1e-9)) {
        st->beaten++;
        st->beaten1pct += best < td * (1 - 1e-2);
    }
    if (bi >= 0 && td / best > st->worst) {
        st->worst = td / best;
        snprintf(st->worst_what, sizeof st->worst_what, "%s at %g: %s %.6g vs default %.6g",
                 net->platform->name, dc_dw, pl_variants[bi].name, best, td);
    }
    if (verbose) {
        printf("  %-18s %8g  default %.7g  best single %.7g (%s)  q %d / %d", net->platform->name,
               dc_dw, td, best, bi >= 0 ? pl_variants[bi].name : "-", qd, qb);
        if (timed > 0)
            printf("  CPU default %.4f s, paper %.4f s (x%.2f)", cd, cp, cd / cp);
        printf("\n");
    }
    return bad;
}

static void pl_print(const char *set, const pl_stats *st)
{
    printf("%-8s rows %4d  default beaten %4d (by > 1 %%: %d)  worst T_default/T_best %.4f  "
           "CPU default %.2f s, singles %.2f s\n",
           set, st->rows, st->beaten, st->beaten1pct, st->rows ? st->worst : NAN, st->cpu_default,
           st->cpu_single);
    if (st->worst > 1)
        printf("         worst: %s\n", st->worst_what);
    if (st->worst_cpu > 0)
        printf("         CPU default / paper (--threads 1, mean of 5 runs per row): worst x%.2f "
               "(%s)\n", st->worst_cpu, st->worst_cpu_what);
    for (int v = 0; v < PL_N; v++)
        if (st->by_variant[v])
            printf("         beaten by %-20s %d times\n", pl_variants[v].name, st->by_variant[v]);
}

/* The 3-host complete graph (w = 1, 2, 4; every pair 1 Mb/s; full duplex;
 * D_c/D_w = 0.01): Proposition 1's optimum is 0.591428571 (Legrand et al.
 * 2004 §3.2). */
static double pl_tiny(void)
{
    rm_platform *p = rm_platform_new("complete3", 3, 3, 0);
    if (!p)
        return NAN;
    static const double w[3] = {1, 2, 4};
    for (int v = 0; v < 3; v++)
        p->nodes[v].is_host = 1, p->nodes[v].w = w[v];
    for (int l = 0; l < 3; l++) {
        p->links[l].source = l;
        p->links[l].target = (l + 1) % 3;
        p->links[l].bandwidth = 1.0;
    }
    rm_error err;
    double t = NAN;
    rm_options o;
    rm_options_init(&o);
    o.cost.dc_dw = 0.01;
    o.duplex = RM_DUPLEX_FULL;
    rm_mapping *m = NULL;
    if (!rm_platform_finalize(p, &err) && !rm_map(p, &o, &m, &err))
        t = m->t_step_per_dw;
    rm_mapping_free(m);
    rm_platform_free(p);
    return t;
}

static int pipeline_main(unsigned long long seed, int n_plat, int max_hosts, int verbose, int timed)
{
    static const char *const files[] = {"platforms/test/shared4.gml", "platforms/test/star3.gml",
                                        "platforms/renater2001.gml", "platforms/geant2009.gml",
                                        "platforms/medium_tiers.gml",
                                        "platforms/generated/tiers_fig3.gml",
                                        "platforms/generated/tiers_fig4.gml"};
    rm_options d;
    rm_options_init(&d);
    printf("bench_quality --pipeline: the default (rm_options_init: network %s, heuristic %s, "
           "search %s, final solver %s) against each single option changed from it "
           "(%d variants), 4 ratios\n",
           rm_enum_name(RM_ENUM_NETWORK, d.network), rm_enum_name(RM_ENUM_HEURISTIC, d.heuristic),
           d.improve ? "on" : "off", rm_enum_name(RM_ENUM_FINAL_SOLVER, d.final_solver), PL_N);
    int rc = 0;
    pl_stats sr, ss;
    memset(&sr, 0, sizeof sr);
    memset(&ss, 0, sizeof ss);
    for (int i = 0; i < n_plat; i++) {
        rm_platform *p = seeded_platform(seed, i, max_hosts);
        rm_network net;
        rm_error err;
        if (!p || rm_network_init(&net, p, RM_DUPLEX_HALF, &err))
            return 1;
        for (int r = 0; r < 4; r++)
            rc |= pl_row(&net, ratios[r], &sr, verbose, 0);
        rm_network_destroy(&net);
        rm_platform_free(p);
    }
    for (size_t f = 0; f < sizeof files / sizeof files[0]; f++) {
        char path[1024];
        snprintf(path, sizeof path, "%s/%s", RM_SOURCE_DIR, files[f]);
        rm_read_options ro;
        rm_read_options_init(&ro);
        rm_platform *p = NULL;
        rm_error err;
        rm_network net;
        if (rm_platform_read(path, &ro, &p, &err) ||
            rm_network_init(&net, p, RM_DUPLEX_HALF, &err)) {
            printf("%s: not read: %s\n", files[f], err.msg);
            rm_platform_free(p);
            rc = 1;
            continue;
        }
        for (int r = 0; r < 4; r++)
            rc |= pl_row(&net, ratios[r], &ss, verbose, timed);
        rm_network_destroy(&net);
        rm_platform_free(p);
    }
    pl_print("random", &sr);
    pl_print("shipped", &ss);
    double t3 = pl_tiny();
    printf("3-host complete graph (w 1, 2, 4; 1 Mb/s; full duplex; D_c/D_w 0.01): default "
           "T_step/D_w %.9g (Proposition 1's optimum 0.591428571: %s)\n",
           t3, fabs(t3 - 0.591428571) < 1e-9 ? "reached" : "NOT reached");
    return rc;
}

/* --- --overlap [F]: the mapper under the overlap model (rm_cost_model.overlap,
 * docs/model.md) against the exhaustive SharedRing under it ------------------------------ */

/* T_step/D_w of the mapping of o on net (NAN when refused), checked */
static double ov_map(const rm_network *net, const rm_options *o, int *bad, int *q)
{
    rm_mapping *m = NULL;
    rm_error err = {RM_OK, ""};
    if (rm_map_network(net, o, &m, &err)) {
        fprintf(stderr, "bench_quality --overlap: %s: %s\n", net->platform->name, err.msg);
        *bad = 1;
        return NAN;
    }
    double t = m->t_step_per_dw;
    *q = m->q;
    if (rm_mapping_check(net, m, 1e-9, &err) || !m->cost.overlap) {
        fprintf(stderr, "bench_quality --overlap: %s: invariant violated: %s\n",
                net->platform->name, err.msg);
        *bad = 1;
    }
    rm_mapping_free(m);
    return t;
}

#define OV_N 4 /* the default pipeline, SharedRing, SliceRing, the additive mapping */
static const char *const ov_names[OV_N] = {"pipeline (default)", "SharedRing", "SliceRing",
                                           "additive mapping"};

/* bench_quality --overlap [F]: on the random platforms of the main table and
 * the ratios 0.64 ... 0.00064 plus 6.4 (communication-heavy), the ratio of
 * each mapping's T_step/D_w under the overlap model with boundary fraction
 * F to the exhaustive SharedRing under it (every ring, widest-path routes,
 * max-min shares: the fair network model of the default), and of the
 * additive model's mapping (the default pipeline without --overlap) valued
 * under the overlap model. Weissman 1995 (Tables 6.4-6.6) asks >= 90 % of
 * the runs within 10 % of the optimum; the worst ratio is printed. Exit 1
 * on a failed check. */
static int overlap_main(unsigned long long seed, int n_plat, int max_hosts, double F)
{
    static const double ov_ratios[5] = {6.4, 0.64, 0.064, 0.0064, 0.00064};
    int rc = 0, n = 0, cap = n_plat * 5;
    double *v[OV_N], *vr[OV_N][5];
    int nr_[5] = {0};
    for (int h = 0; h < OV_N; h++) {
        v[h] = malloc((size_t)cap * sizeof(double));
        for (int r = 0; r < 5; r++)
            vr[h][r] = malloc((size_t)n_plat * sizeof(double));
    }
    int qdiff = 0; /* runs where the overlap pipeline's ring size differs from the additive one's */
    double c0 = cpu_now(), t_exh = 0;
    for (int i = 0; i < n_plat; i++) {
        rm_platform *p = seeded_platform(seed, i, max_hosts);
        rm_network net;
        rm_error err;
        if (!p || rm_network_init(&net, p, RM_DUPLEX_HALF, &err))
            return 1;
        for (int r = 0; r < 5; r++) {
            rm_options o;
            rm_options_init(&o);
            o.cost.dc_dw = ov_ratios[r];
            o.cost.overlap = 1;
            o.cost.overlap_boundary = F;
            o.threads = 1;
            rm_mapping *ex = NULL;
            double c1 = cpu_now();
            rm_options eo = o;
            eo.routing = rm_routing_resolve(&net, eo.routing); /* internal entry: resolved */
            if (rmi_sharedring_exhaustive(&net, &eo, &ex, &err)) {
                fprintf(stderr, "bench_quality --overlap: exhaustive: %s\n", err.msg);
                return 1;
            }
            t_exh += cpu_now() - c1;
            double te = ex->t_step_per_dw;
            rm_mapping_free(ex);
            double t[OV_N];
            int q[OV_N];
            t[0] = ov_map(&net, &o, &rc, &q[0]);
            rm_options sh = o, sl = o;
            sh.heuristic = RM_HEUR_SHARED;
            sl.heuristic = RM_HEUR_SLICE;
            t[1] = ov_map(&net, &sh, &rc, &q[1]);
            t[2] = ov_map(&net, &sl, &rc, &q[2]);
            /* the additive model's mapping, its ring valued under the overlap model */
            rm_options ad = o;
            ad.cost.overlap = 0;
            ad.cost.overlap_boundary = 0.0;
            rm_mapping *ma = NULL, *mo = NULL;
            t[3] = NAN;
            if (!rm_map_network(&net, &ad, &ma, &err) &&
                !rm_ring_eval(&net, &o, ma->ring, ma->q, RM_ALPHA_BEST, &mo, &err)) {
                t[3] = mo->t_step_per_dw;
                q[3] = mo->q;
            } else {
                rc = 1;
            }
            rm_mapping_free(ma);
            rm_mapping_free(mo);
            qdiff += q[0] != q[3];
            for (int h = 0; h < OV_N; h++) {
                v[h][n] = t[h] / te;
                vr[h][r][nr_[r]] = t[h] / te;
            }
            n++;
            nr_[r]++;
        }
        rm_network_destroy(&net);
        rm_platform_free(p);
    }
    printf("bench_quality --overlap %g: %d random platforms (5-%d hosts), ratios 6.4 0.64 0.064 "
           "0.0064 0.00064, %d runs; T_step/D_w under the overlap model (boundary fraction %g) "
           "/ exhaustive SharedRing under it (widest-path routes, max-min shares)\n",
           F, n_plat, max_hosts, n, F);
    printf("%-20s %8s %8s %8s %8s %10s %10s\n", "mapping", "median", "p95", "worst", "best",
           "<= 1.10", "<= 1.40");
    for (int h = 0; h < OV_N; h++) {
        int in10 = 0, in40 = 0;
        for (int k = 0; k < n; k++) {
            in10 += v[h][k] <= 1.10 + 1e-12;
            in40 += v[h][k] <= 1.40 + 1e-12;
        }
        qsort(v[h], (size_t)n, sizeof(double), cmp_double);
        printf("%-20s %8.4f %8.4f %8.4f %8.4f %9.1f%% %9.1f%%\n", ov_names[h], pct(v[h], n, 50),
               pct(v[h], n, 95), v[h][n - 1], v[h][0], 100.0 * in10 / n, 100.0 * in40 / n);
    }
    printf("per ratio (pipeline; additive mapping): median, worst, within 10 %%\n");
    for (int r = 0; r < 5; r++) {
        int m = nr_[r], a10 = 0, b10 = 0;
        for (int k = 0; k < m; k++) {
            a10 += vr[0][r][k] <= 1.10 + 1e-12;
            b10 += vr[3][r][k] <= 1.10 + 1e-12;
        }
        qsort(vr[0][r], (size_t)m, sizeof(double), cmp_double);
        qsort(vr[3][r], (size_t)m, sizeof(double), cmp_double);
        printf("  %-8g  %.4f %.4f %5.1f%%;  %.4f %.4f %5.1f%%\n", ov_ratios[r],
               pct(vr[0][r], m, 50), vr[0][r][m - 1], 100.0 * a10 / m, pct(vr[3][r], m, 50),
               vr[3][r][m - 1], 100.0 * b10 / m);
    }
    printf("ring size of the overlap mapping differs from the additive mapping's in %d of %d runs; "
           "CPU %.1f s (exhaustive %.1f s)\n",
           qdiff, n, cpu_now() - c0, t_exh);
    for (int h = 0; h < OV_N; h++) {
        free(v[h]);
        for (int r = 0; r < 5; r++)
            free(vr[h][r]);
    }
    return rc;
}

int main(int argc, char **argv)
{
    int n_plat = 200, max_hosts = 8, do_timing = 0, do_improve = 0, do_shipped = 0, do_ties = 0;
    int do_pipeline = 0, verbose = 0, do_overlap = 0;
    double overlap_f = 0.0;
    unsigned long long seed = 1;
    const char *csv = NULL;
    for (int a = 1; a < argc; a++) /* --route-ties: its own table (route_ties_main) */
        if (!strcmp(argv[a], "--route-ties"))
            return route_ties_main(argc, argv);
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
        else if (!strcmp(argv[a], "--slice-ties")) /* SliceRing's near-tie rule */
            do_ties = 1;
        else if (!strcmp(argv[a], "--slice-ties-large"))
            do_ties = 2;
        else if (!strcmp(argv[a], "--pipeline")) /* the default against each single option */
            do_pipeline = 1;
        else if (!strcmp(argv[a], "--verbose"))
            verbose = 1;
        else if (!strcmp(argv[a], "--overlap")) { /* the overlap model, boundary fraction F */
            do_overlap = 1;
            if (a + 1 < argc && argv[a + 1][0] != '-')
                overlap_f = atof(argv[++a]);
        }
        else {
            fprintf(stderr, "usage: bench_quality [--platforms N] [--seed S] [--max-hosts H (5..8)] "
                            "[--timing] [--improve] [--shipped] [--slice-ties | --slice-ties-large] "
                            "[--pipeline [--verbose]] [--overlap [F]] [--csv FILE]\n");
            return 2;
        }
    }
    if (n_plat < 1 || max_hosts < 5 || max_hosts > RM_SHARED_EXHAUSTIVE_MAX) {
        fprintf(stderr, "bench_quality: need --platforms >= 1 and 5 <= --max-hosts <= %d\n",
                RM_SHARED_EXHAUSTIVE_MAX);
        return 2;
    }
    if (do_ties)
        return slice_ties_bench(seed, n_plat, max_hosts, do_ties == 2);
    if (do_pipeline)
        return pipeline_main(seed, n_plat, max_hosts, verbose, do_timing ? 5 : 0);
    if (do_overlap) {
        if (!(overlap_f >= 0.0 && overlap_f <= 1.0)) {
            fprintf(stderr, "bench_quality: --overlap F needs 0 <= F <= 1\n");
            return 2;
        }
        return overlap_main(seed, n_plat, max_hosts, overlap_f);
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
        rm_platform *p = seeded_platform(seed, i, max_hosts);
        if (!p)
            return 1;
        rm_network net;
        rm_error err;
        int H = p->n_hosts;
        double c[64], w[8];
        if (slice_model(p, &net, c, w))
            return 1;
        rm_options opt;
        rm_options_init(&opt);
        opt.routing = rm_routing_resolve(&net, opt.routing); /* internal entry: resolved */
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
            opt.cost.dc_dw = ratios[r];
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
        printf("\n--improve: the local search after the heuristic (heur/improve.c) on the same\n"
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
