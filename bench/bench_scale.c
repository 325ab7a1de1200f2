/*
 * bench_scale.c — SharedRing and SliceRing at the scale of real clusters
 * (docs/scale.md): hosts x topology x D_c/D_w, each case mapped by the current
 * code (default options) and by today's path (the code path without the
 * stopping bounds: --full-curve, the ring grown to all hosts) in the same run, each in
 * its own child process (wall time, peak RSS by getrusage of the child),
 * with a time limit per case (a case past it is killed and shown as
 * "timeout" with the limit as a lower bound of its time).
 * Platforms come from the deterministic generators of topo/gen/generators.h
 * (tiers, star, cluster, fattree; seed 1). Prints the table, the scale
 * targets (SharedRing: 1,000 hosts <= 2 s, 3,000 <= 20 s, 10,000 <= 300 s,
 * peak RSS <= 2 GiB at 10,000; SliceRing likewise) and --csv FILE writes it.
 * Usage: bench_scale [--sizes 1000,3000] [--topologies tiers,star,cluster,fattree]
 *        [--ratios 0.0064,0.00064] [--heuristics shared,slice] [--max-seconds S]
 *        [--today-max-seconds S] [--no-today] [--baseline full-curve|reference]
 *        [--threads N] [--seed N] [--csv FILE]
 * The baseline is today's path (--full-curve, default) or the reference
 * code path (rmi_sharedring_reference / rmi_slicering_reference: without the
 * fast paths of docs/scale.md); CPU seconds are the child's own
 * (CLOCK_PROCESS_CPUTIME_ID around the mapping: every thread); the target
 * column compares them (not the wall time) with the targets.
 */
#define _POSIX_C_SOURCE 200809L
#define _DEFAULT_SOURCE
#include "bench/bench_child.h"
#include "heur/heur.h"
#include "ringmap.h"
#include "topo/gen/generators.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct {
    int ok;
    double seconds, cpu, t;
    int q;
    unsigned long long ring_hash;
} result;

typedef struct {
    const rm_platform *p;
    rm_heuristic h;
    double r;
    int today; /* 0: current code, 1: --full-curve, 2: the reference code path,
                  3: the paper's setup (--pipeline's baseline) */
    int threads;
    int pipeline; /* --pipeline: the current case is rm_options_init's default as is */
    int no_search; /* the heuristic alone (against the reference code path, which has no
                      local search) */
} scale_case;

static double cpu_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static void run_child(int fd, void *ctx)
{
    const scale_case *c = ctx;
    result res;
    memset(&res, 0, sizeof res);
    rm_options opt;
    rm_options_init(&opt);
    if (c->today == 3) { /* the TPDS 2004 setup: SharedRing, greedy shares, no search */
        opt.heuristic = RM_HEUR_SHARED;
        opt.sharing = RM_SHARING_GREEDY;
        opt.improve = 0;
        opt.final_solver = RM_FINAL_NONE;
        opt.network = RM_NETWORK_RESERVED;
    } else if (!c->pipeline) {
        opt.heuristic = c->h;
        if (c->no_search)
            opt.improve = 0;
    }
    opt.cost.dc_dw = c->r;
    opt.full_curve = c->today == 1;
    opt.threads = c->threads;
    rm_mapping *m = NULL;
    rm_error err = {RM_OK, ""};
    double t0 = bench_now(), c0 = cpu_now();
    rm_status st;
    if (c->today == 2) {
        /* the reference code path (without the fast paths of docs/scale.md) */
        rm_network net;
        st = rm_network_init(&net, c->p, opt.duplex, &err);
        if (!st) {
            st = c->h == RM_HEUR_SHARED ? rmi_sharedring_reference(&net, &opt, &m, &err)
                                        : rmi_slicering_reference(&net, &opt, &m, &err);
            rm_network_destroy(&net);
        }
    } else {
        st = rm_map(c->p, &opt, &m, &err);
    }
    res.seconds = bench_now() - t0;
    res.cpu = cpu_now() - c0;
    if (!st) {
        res.ok = 1;
        res.q = m->q;
        res.t = m->t_step_per_dw;
        res.ring_hash = bench_ring_hash(m);
    } else {
        fprintf(stderr, "bench_scale: %s: %s\n", c->p->name, err.msg);
    }
    bench_child_report(fd, &res, sizeof res);
}

/* 0 ok, 1 timeout, 2 failure; *rss_kb = the child's peak RSS; pipeline -1: the
 * heuristic alone, without the local search */
static int run_case(const rm_platform *p, rm_heuristic h, double r, int today, int threads,
                    int pipeline, int max_seconds, result *res, long *rss_kb)
{
    scale_case c = {p, h, r, today, threads, pipeline < 0 ? 0 : pipeline, pipeline < 0};
    return bench_run_in_child(run_child, &c, res, sizeof *res, max_seconds, rss_kb);
}

static int parse_list(const char *s, double *out, int max)
{
    int n = 0;
    char *dup = strdup(s), *save = NULL;
    for (char *t = strtok_r(dup, ",", &save); t && n < max; t = strtok_r(NULL, ",", &save))
        out[n++] = atof(t);
    free(dup);
    return n;
}

static double target_seconds(int hosts)
{
    return hosts <= 1000 ? 2.0 : hosts <= 3000 ? 20.0 : 300.0;
}

int main(int argc, char **argv)
{
    double sizes[8] = {1000, 3000}, ratios[8] = {0.0064, 0.00064};
    int n_sizes = 2, n_ratios = 2, topo[RM_GEN_COUNT], n_topo = RM_GEN_COUNT;
    rm_heuristic heur[2] = {RM_HEUR_SHARED, RM_HEUR_SLICE};
    int n_heur = 2, max_seconds = 300, today_max = 120, today = 1, threads = 0, pipeline = 0;
    unsigned long long seed = 1;
    const char *csv = NULL;
    for (int t = 0; t < RM_GEN_COUNT; t++)
        topo[t] = t;
    for (int a = 1; a < argc; a++) {
        const char *v = a + 1 < argc ? argv[a + 1] : NULL;
        if (!strcmp(argv[a], "--sizes") && v) {
            n_sizes = parse_list(v, sizes, 8);
            a++;
        } else if (!strcmp(argv[a], "--ratios") && v) {
            n_ratios = parse_list(v, ratios, 8);
            a++;
        } else if (!strcmp(argv[a], "--topologies") && v) {
            n_topo = 0;
            char *dup = strdup(v), *save = NULL;
            for (char *t = strtok_r(dup, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
                int k = rmi_gen_topology_parse(t);
                if (k < 0 || n_topo == RM_GEN_COUNT) {
                    fprintf(stderr, "bench_scale: unknown topology '%s'\n", t);
                    return 2;
                }
                topo[n_topo++] = k;
            }
            free(dup);
            a++;
        } else if (!strcmp(argv[a], "--heuristics") && v) {
            /* names of the library's table (rm_enum_from_name); the two with
               a reference code path */
            n_heur = 0;
            char *dup = strdup(v), *save = NULL;
            for (char *t = strtok_r(dup, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
                int h;
                if (rm_enum_from_name(RM_ENUM_HEURISTIC, t, &h) ||
                    (h != RM_HEUR_SHARED && h != RM_HEUR_SLICE) || n_heur == 2 ||
                    (n_heur == 1 && heur[0] == (rm_heuristic)h)) {
                    fprintf(stderr, "bench_scale: --heuristics: shared and/or slice, got '%s'\n", t);
                    free(dup);
                    return 2;
                }
                heur[n_heur++] = (rm_heuristic)h;
            }
            free(dup);
            a++;
        } else if (!strcmp(argv[a], "--max-seconds") && v) {
            max_seconds = atoi(v);
            a++;
        } else if (!strcmp(argv[a], "--today-max-seconds") && v) {
            today_max = atoi(v);
            a++;
        } else if (!strcmp(argv[a], "--no-today")) {
            today = 0;
        } else if (!strcmp(argv[a], "--pipeline")) {
            /* the default pipeline (rm_options_init as is) against the
               paper's setup, target max(2 x its CPU, 3 s) */
            pipeline = 1;
        } else if (!strcmp(argv[a], "--baseline") && v) {
            if (!strcmp(v, "full-curve"))
                today = 1;
            else if (!strcmp(v, "reference"))
                today = 2;
            else {
                fprintf(stderr, "bench_scale: --baseline full-curve|reference\n");
                return 2;
            }
            a++;
        } else if (!strcmp(argv[a], "--threads") && v) {
            threads = atoi(v);
            a++;
        } else if (!strcmp(argv[a], "--seed") && v) {
            seed = strtoull(v, NULL, 10);
            a++;
        } else if (!strcmp(argv[a], "--csv") && v) {
            csv = v;
            a++;
        } else {
            fprintf(stderr, "usage: bench_scale [--sizes LIST] [--topologies LIST] [--ratios LIST] "
                            "[--heuristics shared,slice] [--max-seconds S] [--today-max-seconds S] "
                            "[--no-today] [--baseline full-curve|reference] [--pipeline] [--threads N] "
                            "[--seed N] [--csv FILE]\n");
            return 2;
        }
    }
    if (pipeline) {
        today = 3;
        n_heur = 1; /* the default's own heuristic(s) */
    }
    FILE *out = csv ? fopen(csv, "w") : NULL;
    if (csv && !out) {
        perror(csv);
        return 2;
    }
    if (out)
        fprintf(out, "hosts,topology,dc_dw,heuristic,code,seconds,cpu_seconds,peak_rss_mb,q,t_step_per_dw,"
                     "today_code,today_seconds,today_cpu_seconds,today_peak_rss_mb,today_q,"
                     "today_t_step_per_dw,speedup,same,target_seconds,met\n");
    printf("bench_scale: each case in its own process; time limit %d s (baseline, %s: %d s, "
           "'>' = killed at the limit); threads %d (0 = all cores); wall and CPU seconds\n",
           max_seconds,
           today == 3   ? "the paper's setup: SharedRing, greedy, reserved, no search"
           : today == 2 ? "the reference code path"
                        : "today's path, --full-curve",
           today_max, threads);
    printf("%6s %-8s %-8s %-6s | %9s %8s %8s %5s %12s | %9s %8s %8s %5s %12s | %8s %4s %6s\n",
           "hosts", "topology", "D_c/D_w", "heur", "seconds", "CPU s", "RSS MB", "q", "T_step/D_w",
           "base s", "CPU s", "RSS MB", "q", "T_step/D_w", "speedup", "same", "target");
    int failures = 0;
    for (int is = 0; is < n_sizes; is++)
        for (int it = 0; it < n_topo; it++) {
            rm_platform *p = NULL;
            rm_error err;
            if (rmi_generate_topology((rm_gen_topology)topo[it], (int)sizes[is], seed, &p, &err)) {
                fprintf(stderr, "bench_scale: %s\n", err.msg);
                return 1;
            }
            for (int ir = 0; ir < n_ratios; ir++)
                for (int ih = 0; ih < n_heur; ih++) {
                    result a, b;
                    long ra = 0, rb = 0;
                    /* against the reference code path: the heuristic alone on both sides */
                    int ca = run_case(p, heur[ih], ratios[ir], 0, threads,
                                      today == 2 && !pipeline ? -1 : pipeline, max_seconds, &a, &ra);
                    int cb = today ? run_case(p, heur[ih], ratios[ir], today, threads, pipeline,
                                              today_max, &b, &rb)
                                   : 3;
                    failures += ca == 2 || cb == 2;
                    double sa = ca == 1 ? max_seconds : a.seconds;
                    double sb = cb == 1 ? today_max : b.seconds;
                    const char *same = ca == 0 && cb == 0
                                           ? (a.q == b.q && a.ring_hash == b.ring_hash &&
                                                      a.t == b.t
                                                  ? "yes"
                                                  : "NO")
                                           : "-";
                    char sp[32] = "-", ta[32], tb[32];
                    if (ca == 0 && cb <= 1)
                        snprintf(sp, sizeof sp, "%s%.1fx", cb == 1 ? ">" : "", sb / sa);
                    snprintf(ta, sizeof ta, "%s%.2f", ca == 1 ? ">" : ca == 2 ? "FAIL " : "", sa);
                    snprintf(tb, sizeof tb, "%s%.2f", cb == 1 ? ">" : cb == 2 ? "FAIL " : "", sb);
                    if (cb == 3)
                        snprintf(tb, sizeof tb, "-");
                    double tgt = target_seconds(p->n_hosts);
                    if (pipeline) /* the default pipeline: max(2 x the paper's CPU, 3 s) */
                        tgt = cb == 0 && 2 * b.cpu > 3.0 ? 2 * b.cpu : 3.0;
                    /* the targets are CPU seconds (with --threads 1: the
                     * time of one core, whatever else the machine runs) */
                    int met = ca == 0 && a.cpu <= tgt && (p->n_hosts < 5000 || ra <= 2L * 1024 * 1024);
                    printf("%6d %-8s %-8g %-6s | %9s %8.2f %8.1f %5d %12.6g | %9s %8.2f %8.1f %5d %12.6g | "
                           "%8s %4s %4.0fs%s\n",
                           p->n_hosts, rmi_gen_topology_name((rm_gen_topology)topo[it]), ratios[ir],
                           pipeline ? "dflt" : rm_enum_name(RM_ENUM_HEURISTIC, (int)heur[ih]), ta,
                           ca == 0 ? a.cpu : NAN,
                           ra / 1024.0, ca == 0 ? a.q : 0, ca == 0 ? a.t : NAN, tb,
                           cb == 0 ? b.cpu : NAN, rb / 1024.0, cb == 0 ? b.q : 0, cb == 0 ? b.t : NAN,
                           sp, same, tgt, met ? " ok" : " MISS");
                    if (pipeline && ca == 0 && cb == 0)
                        printf("%6s default / paper: CPU x%.2f, T_step x%.4f\n", "", a.cpu / b.cpu,
                               a.t / b.t);
                    fflush(stdout);
                    if (out)
                        fprintf(out, "%d,%s,%g,%s,%d,%.3f,%.3f,%.1f,%d,%.17g,%d,%.3f,%.3f,%.1f,%d,%.17g,%s,%s,%g,%d\n",
                                p->n_hosts, rmi_gen_topology_name((rm_gen_topology)topo[it]),
                                ratios[ir], rm_enum_name(RM_ENUM_HEURISTIC, (int)heur[ih]), ca, sa,
                                ca == 0 ? a.cpu : NAN, ra / 1024.0, ca == 0 ? a.q : 0,
                                ca == 0 ? a.t : NAN, cb, sb, cb == 0 ? b.cpu : NAN, rb / 1024.0,
                                cb == 0 ? b.q : 0, cb == 0 ? b.t : NAN, sp, same, tgt, met);
                }
            rm_platform_free(p);
        }
    if (out)
        fclose(out);
    return failures ? 1 : 0;
}
