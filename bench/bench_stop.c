/*
 * bench_stop.c — the heuristic stopping rule --stop-patience N (docs/scale.md,
 * "Stopping bounds"; rm_options.stop_patience, off by default) against the default growth
 * (provable stops only: the same mapping as --full-curve), in the same run:
 * per platform, D_c/D_w and heuristic, the ring size q, the last size
 * evaluated (stop), T_step/D_w and the CPU seconds of the mapping
 * (--threads 1), then for each N the same and the ratio T(N) / T(default)
 * (>= 1: how much the heuristic stop loses). The summary gives, per N, the
 * cases that lose, the largest and the geometric-mean ratio and the total
 * CPU time against the default's.
 *
 *   bench_stop [--patience 10,25,50,100] [--heuristics shared,slice]
 *              [--large] [--quick] [--csv FILE]
 *
 * Cases: the shipped GML platforms (4 ratios), generated Tiers-like
 * platforms of 300 hosts (seeds 1-6, 3 ratios) and 999 hosts (seeds 1-3,
 * 0.0064 and 0.00064), star / cluster / fat-tree of 300 hosts (seeds 1-2);
 * --large adds the 1,000-host star, cluster and fat-tree (0.0064, 0.00064)
 * and the 3,000-host cluster and fat-tree at 0.0064 (minutes);
 * --quick: the shipped platforms at 0.0064 and 0.00064, N = 10 (ctest
 * bench_stop_smoke). Prints FAIL when a SharedRing run with a patience has a
 * lower T_step than the default (it evaluates a prefix of the same curve:
 * that would be a bug). Exit 0, 2 on bad arguments.
 */
#define _POSIX_C_SOURCE 200809L
#include "ringmap.h"
#include "topo/gen/generators.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define MAX_N 8

static double cpu_now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

typedef struct {
    double T, cpu;
    int q, stop;
} run_out;

static int run(const rm_platform *p, rm_options *o, run_out *r)
{
    rm_mapping *m = NULL;
    rm_error err;
    double c0 = cpu_now();
    if (rm_map(p, o, &m, &err) != RM_OK) {
        fprintf(stderr, "bench_stop: %s: %s\n", p->name, err.msg);
        return -1;
    }
    r->cpu = cpu_now() - c0;
    r->T = m->t_step_per_dw;
    r->q = m->q;
    r->stop = 0;
    /* SliceRing: its estimates (the feasible value is computed only for the
     * chosen size) */
    const double *curve = m->sweep_t_unshared ? m->sweep_t_unshared : m->sweep_t;
    for (int k = 0; k < m->n_sweep; k++)
        if (isfinite(curve[k]))
            r->stop = k + 1;
    rm_mapping_free(m);
    return 0;
}

typedef struct {
    int n_pat, pat[MAX_N];
    int lose[MAX_N], cases;
    double worst[MAX_N], log_sum[MAX_N], cpu[MAX_N], cpu_def;
    int fail;
    FILE *csv;
} stats;

static void bench_case(const rm_platform *p, const char *label, double ratio, rm_heuristic h,
                       stats *s)
{
    rm_options o;
    rm_options_init(&o);
    o.cost.dc_dw = ratio;
    o.threads = 1;
    o.heuristic = h;
    const char *hn = h == RM_HEUR_SLICE ? "slice" : "shared";
    run_out d;
    if (run(p, &o, &d))
        return;
    printf("%-22s %-7s %-6s %5d %5d %-11.6g %7.2f", label, hn, "", d.q, d.stop, d.T, d.cpu);
    if (s->csv)
        fprintf(s->csv, "%s,%s,%g,0,%d,%d,%.17g,%.4f,1\n", label, hn, ratio, d.q, d.stop, d.T,
                d.cpu);
    s->cases++;
    s->cpu_def += d.cpu;
    for (int i = 0; i < s->n_pat; i++) {
        o.stop_patience = s->pat[i];
        run_out r;
        if (run(p, &o, &r))
            return;
        double x = r.T / d.T;
        printf(" | %4d %4d %.4f %6.2f", r.q, r.stop, x, r.cpu);
        if (s->csv)
            fprintf(s->csv, "%s,%s,%g,%d,%d,%d,%.17g,%.4f,%.6f\n", label, hn, ratio, s->pat[i], r.q,
                    r.stop, r.T, r.cpu, x);
        s->lose[i] += x > 1.0;
        if (x > s->worst[i])
            s->worst[i] = x;
        s->log_sum[i] += log(x);
        s->cpu[i] += r.cpu;
        if (h == RM_HEUR_SHARED && x < 1.0) {
            printf(" FAIL");
            s->fail = 1;
        }
    }
    printf("\n");
    fflush(stdout);
}

static int parse_list(const char *arg, int *v, int max)
{
    int n = 0;
    const char *c = arg;
    while (*c) {
        char *end;
        long x = strtol(c, &end, 10);
        if (end == c || x < 1 || x > 1000000 || n >= max)
            return -1;
        v[n++] = (int)x;
        c = *end == ',' ? end + 1 : end;
        if (*end && *end != ',')
            return -1;
    }
    return n;
}

int main(int argc, char **argv)
{
    stats s;
    memset(&s, 0, sizeof s);
    s.n_pat = 4;
    s.pat[0] = 10;
    s.pat[1] = 25;
    s.pat[2] = 50;
    s.pat[3] = 100;
    int large = 0, quick = 0, heur[2] = {1, 1};
    for (int a = 1; a < argc; a++) {
        if (!strcmp(argv[a], "--patience") && a + 1 < argc) {
            if ((s.n_pat = parse_list(argv[++a], s.pat, MAX_N)) < 1) {
                fprintf(stderr, "bench_stop: --patience: a list of integers >= 1 (at most %d)\n",
                        MAX_N);
                return 2;
            }
        } else if (!strcmp(argv[a], "--heuristics") && a + 1 < argc) {
            const char *v = argv[++a];
            heur[0] = strstr(v, "shared") != NULL;
            heur[1] = strstr(v, "slice") != NULL;
            if (!heur[0] && !heur[1]) {
                fprintf(stderr, "bench_stop: --heuristics: shared, slice or shared,slice\n");
                return 2;
            }
        } else if (!strcmp(argv[a], "--large")) {
            large = 1;
        } else if (!strcmp(argv[a], "--quick")) {
            quick = 1;
        } else if (!strcmp(argv[a], "--csv") && a + 1 < argc) {
            if (!(s.csv = fopen(argv[++a], "w"))) {
                fprintf(stderr, "bench_stop: cannot write %s\n", argv[a]);
                return 2;
            }
            fprintf(s.csv, "case,heuristic,dc_dw,patience,q,stop,t_step_per_dw,cpu_s,ratio\n");
        } else {
            fprintf(stderr, "usage: bench_stop [--patience N1,N2,..] [--heuristics shared,slice] "
                            "[--large] [--quick] [--csv FILE]\n");
            return 2;
        }
    }
    if (quick) {
        s.n_pat = 1;
        s.pat[0] = 10;
    }
    printf("%-22s %-7s %-6s %5s %5s %-11s %7s", "case", "heur", "", "q", "stop", "T_step/D_w",
           "CPU s");
    for (int i = 0; i < s.n_pat; i++)
        printf(" | N=%-3d q stop ratio  CPU s", s.pat[i]);
    printf("\n");
    static const char *files[] = {"geant2009.gml", "renater2001.gml", "medium_tiers.gml",
                                  "generated/tiers_fig3.gml", "generated/tiers_fig4.gml"};
    static const double r4[4] = {0.64, 0.064, 0.0064, 0.00064};
    for (int hh = 0; hh < 2; hh++) {
        if (!heur[hh])
            continue;
        rm_heuristic h = hh ? RM_HEUR_SLICE : RM_HEUR_SHARED;
        for (size_t f = 0; f < sizeof files / sizeof files[0]; f++) {
            char path[1024], label[64];
            snprintf(path, sizeof path, "%s/platforms/%s", RM_SOURCE_DIR, files[f]);
            rm_platform *p = NULL;
            rm_error err;
            if (rm_platform_read(path, NULL, &p, &err) != RM_OK) {
                fprintf(stderr, "bench_stop: %s\n", err.msg);
                return 1;
            }
            for (int r = quick ? 2 : 0; r < 4; r++) {
                snprintf(label, sizeof label, "%.14s %g", strrchr(path, '/') + 1, r4[r]);
                bench_case(p, label, r4[r], h, &s);
            }
            rm_platform_free(p);
        }
        if (quick)
            continue;
        struct {
            rm_gen_topology t;
            int hosts, seeds, n_r;
            double r[3];
        } gens[] = {{RM_GEN_TIERS, 300, 6, 3, {0.064, 0.0064, 0.00064}},
                    {RM_GEN_TIERS, 1000, 3, 2, {0.0064, 0.00064}},
                    {RM_GEN_STAR, 300, 2, 2, {0.0064, 0.00064}},
                    {RM_GEN_CLUSTER, 300, 2, 2, {0.0064, 0.00064}},
                    {RM_GEN_FATTREE, 300, 2, 2, {0.0064, 0.00064}},
                    {RM_GEN_STAR, 1000, 1, 2, {0.0064, 0.00064}},
                    {RM_GEN_CLUSTER, 1000, 1, 2, {0.0064, 0.00064}},
                    {RM_GEN_FATTREE, 1000, 1, 2, {0.0064, 0.00064}},
                    {RM_GEN_CLUSTER, 3000, 1, 1, {0.0064}},
                    {RM_GEN_FATTREE, 3000, 1, 1, {0.0064}}};
        for (size_t g = 0; g < sizeof gens / sizeof gens[0]; g++) {
            if (!large && gens[g].hosts > 300 && gens[g].t != RM_GEN_TIERS)
                continue;
            if (!large && gens[g].hosts > 1000)
                continue;
            for (int seed = 1; seed <= gens[g].seeds; seed++) {
                rm_platform *p = NULL;
                rm_error err;
                if (rmi_generate_topology(gens[g].t, gens[g].hosts, (uint64_t)seed, &p, &err) !=
                    RM_OK) {
                    fprintf(stderr, "bench_stop: %s\n", err.msg);
                    return 1;
                }
                for (int r = 0; r < gens[g].n_r; r++) {
                    char label[64];
                    snprintf(label, sizeof label, "%s-%d-s%d %g",
                             rmi_gen_topology_name(gens[g].t), p->n_hosts, seed, gens[g].r[r]);
                    bench_case(p, label, gens[g].r[r], h, &s);
                }
                rm_platform_free(p);
            }
        }
    }
    printf("\nsummary over %d cases (default: CPU %.2f s)\n", s.cases, s.cpu_def);
    for (int i = 0; i < s.n_pat; i++)
        printf("N = %-4d lose in %d (%.1f %%), worst ratio %.4f, geometric mean %.5f, CPU %.2f s "
               "(%.2fx the default's)\n",
               s.pat[i], s.lose[i], s.cases ? 100.0 * s.lose[i] / s.cases : 0.0, s.worst[i],
               s.cases ? exp(s.log_sum[i] / s.cases) : 1.0, s.cpu[i],
               s.cpu_def > 0 ? s.cpu[i] / s.cpu_def : 0.0);
    if (s.csv)
        fclose(s.csv);
    return s.fail ? 1 : 0;
}
