/*
 * bench_speed.c — mapping time and peak memory of SliceRing (H1) and
 * SharedRing (H2, refine none and max-min) against the number of hosts
 * with the growth exponent fitted by least squares on log-log.
 * Each (platform, variant) runs in its own child process, so that its peak
 * RSS (getrusage of the child, ru_maxrss) is its own; a case that exceeds
 * --max-seconds is killed and reported as a timeout. With --reference the
 * variants are also run with the pre-issue-6 code paths (rm_*_reference of
 * heur/heur.h) and the rings are compared (same ring and T_step to
 * 1e-12 relative: "same" column).
 * Prints a table; --csv FILE also writes the rows as CSV.
 * Usage: bench_speed [--dc-dw R] [--max-seconds S] [--reference] [--csv FILE] PLATFORM...
 */
#define _POSIX_C_SOURCE 200809L
#define _DEFAULT_SOURCE
#include "heur/heur.h"
#include "ringmap.h"
#include "bench/bench_child.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    const char *name;
    rm_heuristic heur;
    rm_sharing sharing;
    int reference;
} variant;

/* What a child reports: time, ring size, T_step/D_w, and the ring. */
typedef struct {
    int ok;
    double seconds, t;
    int q, hosts, links;
    unsigned long long ring_hash;
} result;

typedef struct {
    const char *path;
    const variant *v;
    double dc_dw;
} speed_case;

static void run_child(int fd, void *ctx)
{
    const speed_case *c = ctx;
    const char *path = c->path;
    const variant *v = c->v;
    double dc_dw = c->dc_dw;
    result r;
    memset(&r, 0, sizeof r);
    rm_error err = {RM_OK, ""};
    rm_read_options ro;
    rm_read_options_init(&ro);
    rm_platform *p = NULL;
    rm_network net;
    rm_mapping *m = NULL;
    if (rm_platform_read(path, &ro, &p, &err) || rm_network_init(&net, p, RM_DUPLEX_HALF, &err)) {
        fprintf(stderr, "bench_speed: %s: %s\n", path, err.msg);
        if (write(fd, &r, sizeof r) < 0)
            _exit(3);
        _exit(2);
    }
    rm_options opt;
    rm_options_init(&opt);
    opt.cost.dc_dw = dc_dw;
    opt.heuristic = v->heur;
    opt.sharing = v->sharing;
    opt.routing = rm_routing_resolve(&net, opt.routing); /* rmi_slicering_mode: resolved */
    double t0 = bench_now();
    rm_status st;
    if (v->heur == RM_HEUR_SLICE)
        st = v->reference == 1 ? rmi_slicering_reference(&net, &opt, &m, &err)
             : v->reference == 2 ? rmi_slicering_mode(&net, &opt, RM_SLICE_FAST | RM_SLICE_LAZY_SWEEP,
                                                     &m, &err)
                                 : rm_slicering(&net, &opt, &m, &err);
    else
        st = v->reference ? rmi_sharedring_reference(&net, &opt, &m, &err)
                          : rm_sharedring(&net, &opt, &m, &err);
    r.seconds = bench_now() - t0;
    r.hosts = p->n_hosts;
    r.links = p->n_links;
    if (!st) {
        r.ok = 1;
        r.q = m->q;
        r.t = m->t_step_per_dw;
        r.ring_hash = bench_ring_hash(m);
    } else {
        fprintf(stderr, "bench_speed: %s: %s\n", path, err.msg);
    }
    bench_child_report(fd, &r, sizeof r);
}

/* Run one case in a child; *rss_kb its peak RSS; returns 0 ok, 1 timeout, 2 failure. */
static int run_case(const char *path, const variant *v, double dc_dw, int max_seconds, result *r,
                    long *rss_kb)
{
    speed_case c = {path, v, dc_dw};
    return bench_run_in_child(run_child, &c, r, sizeof *r, max_seconds, rss_kb);
}

static const char *base(const char *path)
{
    const char *s = strrchr(path, '/');
    return s ? s + 1 : path;
}

int main(int argc, char **argv)
{
    double dc_dw = 0.0064;
    int max_seconds = 600, reference = 0;
    const char *csv = NULL;
    int first = 1;
    for (; first < argc && argv[first][0] == '-'; first++) {
        if (!strcmp(argv[first], "--csv") && first + 1 < argc)
            csv = argv[++first];
        else if (!strcmp(argv[first], "--dc-dw") && first + 1 < argc)
            dc_dw = atof(argv[++first]);
        else if (!strcmp(argv[first], "--max-seconds") && first + 1 < argc)
            max_seconds = atoi(argv[++first]);
        else if (!strcmp(argv[first], "--reference"))
            reference = 1;
        else
            break;
    }
    if (first >= argc) {
        fprintf(stderr, "usage: bench_speed [--dc-dw R] [--max-seconds S] [--reference] [--csv "
                        "FILE] PLATFORM...\n");
        return 2;
    }
    FILE *out = csv ? fopen(csv, "w") : NULL;
    if (csv && !out) {
        perror(csv);
        return 2;
    }
    if (out)
        fprintf(out, "platform,hosts,links,dc_dw,variant,code,seconds,peak_rss_mb,q,t_step_per_dw,"
                     "same_as_reference\n");
    /* "H1 slice 1-start" is the fast path with the fastest-host start only:
     * the one that must match the reference (the pair start may change the
     * ring on purpose) */
    const variant all[8] = {{"H1 slice", RM_HEUR_SLICE, RM_SHARING_MAXMIN, 0},
                            {"H2 shared", RM_HEUR_SHARED, RM_SHARING_GREEDY, 0},
                            {"H2 shared+maxmin", RM_HEUR_SHARED, RM_SHARING_MAXMIN, 0},
                            {"H1 slice 1-start", RM_HEUR_SLICE, RM_SHARING_MAXMIN, 2},
                            {"H1 slice", RM_HEUR_SLICE, RM_SHARING_MAXMIN, 1},
                            {"H2 shared", RM_HEUR_SHARED, RM_SHARING_GREEDY, 1},
                            {"H2 shared+maxmin", RM_HEUR_SHARED, RM_SHARING_MAXMIN, 1},
                            {"H1 slice", RM_HEUR_SLICE, RM_SHARING_MAXMIN, 1}};
    int nv = reference ? 7 : 3;
    int np = argc - first;
    double *lx = calloc((size_t)np * nv, sizeof *lx), *ly = calloc((size_t)np * nv, sizeof *ly);
    int *cnt = calloc((size_t)nv, sizeof *cnt);
    result *res = calloc((size_t)np * nv, sizeof *res);
    int *codes = calloc((size_t)np * nv, sizeof *codes);
    if (!lx || !ly || !cnt || !res || !codes)
        return 1;
    printf("D_c/D_w = %g, each case in its own process (time limit %d s)\n", dc_dw, max_seconds);
    printf("%-18s %6s %6s %-17s %-9s %10s %9s %5s %14s %5s\n", "platform", "hosts", "links",
           "variant", "code", "seconds", "RSS MB", "q", "T_step/D_w", "same");
    int failures = 0;
    for (int ip = 0; ip < np; ip++) {
        const char *path = argv[first + ip];
        for (int iv = 0; iv < nv; iv++) {
            const variant *v = &all[iv];
            result *r = &res[ip * nv + iv];
            long rss = 0;
            int code = run_case(path, v, dc_dw, max_seconds, r, &rss);
            codes[ip * nv + iv] = code;
            const char *code_s = code == 0 ? (v->reference == 1 ? "reference" : "current")
                                           : code == 1 ? "timeout" : "FAILED";
            failures += code == 2;
            const char *same = "";
            /* reference rows 4, 5, 6 against current rows 3 (1-start), 1, 2 */
            int cmp = iv == 4 ? 3 : iv - 4;
            if (v->reference == 1 && code == 0 && codes[ip * nv + cmp] == 0) {
                const result *f = &res[ip * nv + cmp];
                int eq = f->q == r->q && f->ring_hash == r->ring_hash &&
                         fabs(f->t - r->t) <= 1e-12 * fabs(r->t);
                same = eq ? "yes" : "NO";
            }
            printf("%-18.18s %6d %6d %-17s %-9s %10.3f %9.1f %5d %14.8g %5s\n", base(path),
                   r->hosts, r->links, v->name, code_s,
                   code == 1 ? (double)max_seconds : r->seconds, rss / 1024.0, r->q, r->t, same);
            fflush(stdout);
            if (out)
                fprintf(out, "%s,%d,%d,%g,%s%s,%s,%.6f,%.1f,%d,%.17g,%s\n", base(path), r->hosts,
                        r->links, dc_dw, v->name, v->reference == 1 ? " (reference)" : "", code_s,
                        code == 1 ? (double)max_seconds : r->seconds, rss / 1024.0, r->q, r->t,
                        same);
            if (code == 0 && r->seconds > 0.005 && r->hosts > 1) {
                lx[iv * np + cnt[iv]] = log((double)r->hosts);
                ly[iv * np + cnt[iv]] = log(r->seconds);
                cnt[iv]++;
            }
        }
    }
    printf("\nfitted growth exponent (least squares of log time on log hosts, cases > 5 ms):\n");
    for (int iv = 0; iv < nv; iv++) {
        int n = cnt[iv];
        double sx = 0, sy = 0, sxx = 0, sxy = 0;
        for (int k = 0; k < n; k++) {
            sx += lx[iv * np + k];
            sy += ly[iv * np + k];
            sxx += lx[iv * np + k] * lx[iv * np + k];
            sxy += lx[iv * np + k] * ly[iv * np + k];
        }
        double den = n * sxx - sx * sx;
        double b = n >= 2 && den > 0 ? (n * sxy - sx * sy) / den : NAN;
        printf("  %-17s%s: time ~ hosts^%.2f (%d points)\n", all[iv].name,
               all[iv].reference == 1 ? " (reference)" : "", b, n);
        if (out)
            fprintf(out, "# exponent,%s%s,%.4f,%d\n", all[iv].name,
                    all[iv].reference == 1 ? " (reference)" : "", b, n);
    }
    if (out)
        fclose(out);
    free(lx);
    free(ly);
    free(cnt);
    free(res);
    free(codes);
    return failures ? 1 : 0;
}
