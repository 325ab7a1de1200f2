/*
 * bench_map.c — mapping time of SliceRing (H1) and SharedRing (H2, with and
 * without max-min refinement) for each platform given, at the four ratios of
 * Legrand et al. 2004, with the ratio of each time to H1's measured in the same run.
 * Prints a table; --csv FILE also writes the rows as CSV.
 * Usage: bench_map [--repeat N] [--csv FILE] PLATFORM...
 */
#define _POSIX_C_SOURCE 200809L
#include "ringmap.h"

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

typedef struct {
    const char *name;
    rm_heuristic heur;
    rm_sharing sharing;
} variant;

int main(int argc, char **argv)
{
    int repeat = 3;
    const char *csv = NULL;
    int first = 1;
    for (; first < argc && argv[first][0] == '-'; first++) {
        if (!strcmp(argv[first], "--repeat") && first + 1 < argc)
            repeat = atoi(argv[++first]);
        else if (!strcmp(argv[first], "--csv") && first + 1 < argc)
            csv = argv[++first];
        else {
            fprintf(stderr, "usage: bench_map [--repeat N] [--csv FILE] PLATFORM...\n");
            return 2;
        }
    }
    if (repeat < 1 || first >= argc) {
        fprintf(stderr, "usage: bench_map [--repeat N] [--csv FILE] PLATFORM...\n");
        return 2;
    }
    FILE *out = csv ? fopen(csv, "w") : NULL;
    if (csv && !out) {
        perror(csv);
        return 2;
    }
    if (out)
        fprintf(out, "platform,hosts,links,dc_dw,heuristic,seconds,ratio_to_H1,q,t_step_per_dw\n");
    const double ratios[4] = {0.64, 0.064, 0.0064, 0.00064};
    const variant vs[3] = {{"H1 slice", RM_HEUR_SLICE, RM_SHARING_MAXMIN},
                           {"H2 shared", RM_HEUR_SHARED, RM_SHARING_GREEDY},
                           {"H2 shared+maxmin", RM_HEUR_SHARED, RM_SHARING_MAXMIN}};
    printf("%-22s %5s %5s %8s %-17s %10s %8s %4s %12s\n", "platform", "hosts", "links", "dc_dw",
           "heuristic", "seconds", "x H1", "q", "T_step/D_w");
    int rc = 0;
    for (int f = first; f < argc; f++) {
        rm_read_options ro;
        rm_read_options_init(&ro);
        rm_platform *p;
        rm_error err;
        if (rm_platform_read(argv[f], &ro, &p, &err)) {
            fprintf(stderr, "bench_map: %s\n", err.msg);
            return 2;
        }
        rm_network net;
        if (rm_network_init(&net, p, RM_DUPLEX_HALF, &err)) {
            fprintf(stderr, "bench_map: %s\n", err.msg);
            return 1;
        }
        for (int r = 0; r < 4; r++) {
            double t_h1 = 0;
            for (int v = 0; v < 3; v++) {
                rm_options opt;
                rm_options_init(&opt);
                opt.cost.dc_dw = ratios[r];
                opt.heuristic = vs[v].heur;
                opt.sharing = vs[v].sharing;
                double best = 1e300;
                rm_mapping *m = NULL;
                for (int k = 0; k < repeat; k++) {
                    rm_mapping_free(m);
                    double t0 = now();
                    /* the heuristic alone (no final solver, no --improve) */
                    rm_status st = rm_map_network(&net, &opt, &m, &err);
                    double dt = now() - t0;
                    if (st) {
                        fprintf(stderr, "bench_map: %s: %s\n", p->name, err.msg);
                        return 1;
                    }
                    if (dt < best)
                        best = dt;
                }
                if (rm_mapping_check(&net, m, 1e-9, &err)) {
                    fprintf(stderr, "bench_map: %s: invalid mapping: %s\n", p->name, err.msg);
                    rc = 1;
                }
                if (v == 0)
                    t_h1 = best;
                printf("%-22s %5d %5d %8g %-17s %10.6f %8.2f %4d %12.6g\n", p->name, p->n_hosts,
                       p->n_links, ratios[r], vs[v].name, best, best / t_h1, m->q,
                       m->t_step_per_dw);
                if (out)
                    fprintf(out, "%s,%d,%d,%g,%s,%.6f,%.3f,%d,%.9g\n", p->name, p->n_hosts,
                            p->n_links, ratios[r], vs[v].name, best, best / t_h1, m->q,
                            m->t_step_per_dw);
                rm_mapping_free(m);
            }
        }
        rm_network_destroy(&net);
        rm_platform_free(p);
    }
    if (out)
        fclose(out);
    return rc;
}
