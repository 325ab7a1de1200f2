/*
 * mapping_dfpa_example.c — from a ring mapping to DFPA in one call (no MPI):
 * map a platform (or read back the JSON of `ringmap map --json`), take the
 * mapping's optimal integer work units as DFPA's starting distribution
 * (rm_mapping_dfpa, rm_mapping_doc_dfpa), then let DFPA (Lastovetsky and
 * Reddy) correct them from measured times.
 *
 *   mapping_dfpa_example PLATFORM N [DC]     map PLATFORM, N units, D_c in Mb
 *   mapping_dfpa_example MAPPING.json N [DC] the same from a mapping JSON
 *
 * Position k is ring position k (MPI rank k with the launch files of
 * `ringmap map`). The "measured" times are emulated so that the example is
 * deterministic: a host of cycle-time w needs x * w * u seconds for x units
 * (u = 1 / N of the work), and 30 % more above 1.2 N/q units (a cache
 * cliff the constant-speed model does not know). Prints the units, each DFPA
 * iteration and "DFPA: K iterations, state S". Exit 0 when DFPA stopped
 * balanced or stable, 1 otherwise, 2 on bad input.
 */
#include <ringmap.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static double kernel_time(double w, long x, long n, int q)
{
    double t = (double)x * w / (double)n;
    return x > 1.2 * (double)n / q ? 1.3 * t : t;
}

int main(int argc, char **argv)
{
    if (argc < 3 || argc > 4) {
        fprintf(stderr, "usage: %s PLATFORM|MAPPING.json N [DC]\n", argv[0]);
        return 2;
    }
    char *end;
    long n = strtol(argv[2], &end, 10);
    double dc = argc > 3 ? strtod(argv[3], NULL) : 0.0;
    if (*end || n < 1) {
        fprintf(stderr, "%s: N '%s' is not an integer >= 1\n", argv[0], argv[2]);
        return 2;
    }
    size_t len = strlen(argv[1]);
    int from_json = len > 5 && !strcmp(argv[1] + len - 5, ".json");
    rm_error err;
    rm_dfpa *dfpa = NULL;
    int q = 0;
    double *w = NULL;
    long *units = NULL;
    rm_status st;
    if (from_json) { /* a mapping read back: no platform needed */
        rm_mapping_doc *d = NULL;
        st = rm_mapping_read_json(argv[1], &d, &err);
        if (!st) {
            q = d->q;
            units = malloc(sizeof *units * (size_t)q);
            w = malloc(sizeof *w * (size_t)q);
            for (int k = 0; k < q && w; k++)
                w[k] = d->ring[k].w;
            st = units && w ? rm_mapping_doc_dfpa(d, n, dc, NULL, units, &dfpa, &err) : RM_ENOMEM;
        }
        rm_mapping_doc_free(d);
    } else { /* a mapping computed here */
        rm_read_options ro;
        rm_read_options_init(&ro);
        rm_options opt;
        rm_options_init(&opt);
        rm_platform *p = NULL;
        rm_network net;
        rm_mapping *m = NULL;
        int have_net = 0;
        st = rm_platform_read(argv[1], &ro, &p, &err);
        if (!st)
            st = rm_network_init(&net, p, opt.duplex, &err);
        have_net = !st;
        if (!st)
            st = rm_map_network(&net, &opt, &m, &err);
        if (!st) {
            q = m->q;
            units = malloc(sizeof *units * (size_t)q);
            w = malloc(sizeof *w * (size_t)q);
            for (int k = 0; k < q && w; k++)
                w[k] = p->nodes[m->ring[k]].w;
            st = units && w ? rm_mapping_dfpa(&net, m, n, dc, NULL, units, &dfpa, &err) : RM_ENOMEM;
        }
        rm_mapping_free(m);
        if (have_net)
            rm_network_destroy(&net);
        rm_platform_free(p);
    }
    if (st) {
        fprintf(stderr, "%s: %s\n", argv[0], st == RM_ENOMEM ? "out of memory" : err.msg);
        free(units);
        free(w);
        return rm_status_exit_code(st);
    }
    printf("units from the mapping (ring order):");
    for (int k = 0; k < q; k++)
        printf(" %ld", units[k]);
    printf("\n");
    rm_dfpa_state state = RM_DFPA_RUNNING;
    double *times = malloc(sizeof *times * (size_t)q);
    int code = times ? 0 : 1;
    while (!code && state == RM_DFPA_RUNNING) {
        const long *d = rm_dfpa_distribution(dfpa);
        printf("run  d =");
        for (int k = 0; k < q; k++) {
            times[k] = d[k] > 0 ? kernel_time(w[k], d[k], n, q) : 0.0; /* 0 units: not run */
            printf(" %ld", d[k]);
        }
        printf("\n");
        if (rm_dfpa_step(dfpa, times, NULL, &state, &err)) {
            fprintf(stderr, "%s: %s\n", argv[0], err.msg);
            code = 1;
        }
    }
    rm_dfpa_stats sts;
    rm_dfpa_stats_get(dfpa, &sts);
    if (!code) {
        printf("DFPA: %d iterations, state %s, imbalance %.4f\n", sts.iterations,
               state == RM_DFPA_BALANCED ? "balanced"
               : state == RM_DFPA_STABLE ? "stable"
                                         : "max_iter",
               sts.imbalance);
        code = state == RM_DFPA_BALANCED || state == RM_DFPA_STABLE ? 0 : 1;
    }
    free(times);
    free(units);
    free(w);
    rm_dfpa_free(dfpa);
    return code;
}
