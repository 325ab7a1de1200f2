/*
 * map_example.c — a solver embedding the mapper (no MPI): read a platform,
 * map it with the default options (SharedRing, D_c/D_w = 0.0064 unless given),
 * print the ring, each host's share alpha and its integer number of N = 1000
 * columns (rm_alloc_columns: the optimal integer version of eq. (1) of
 * Legrand, Renard, Robert, Vivien, "Mapping and Load-Balancing Iterative
 * Computations"), and T_step/D_w.
 *
 *   map_example PLATFORM.gml [DC_DW]
 *
 * Output: one line per ring position, then "t_step_per_dw <value>" (%.17g,
 * the same number as `ringmap PLATFORM --json -` prints). Exit 0 on success,
 * 2 on bad input, 1 otherwise. Uses only the installed public API
 * (<ringmap.h>, libringmap); build it with examples/CMakeLists.txt
 * (find_package(ringmap)) or examples/Makefile (pkg-config ringmap).
 */
#include <ringmap.h>

#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    if (argc < 2 || argc > 3) {
        fprintf(stderr, "usage: %s PLATFORM.gml [DC_DW]\n", argv[0]);
        return 2;
    }
    rm_error err;
    rm_read_options ro;
    rm_read_options_init(&ro);
    rm_options opt;
    rm_options_init(&opt);
    if (argc == 3) {
        char *end;
        opt.cost.dc_dw = strtod(argv[2], &end);
        if (*end) {
            fprintf(stderr, "%s: DC_DW '%s' is not a number\n", argv[0], argv[2]);
            return 2;
        }
    }
    rm_platform *p = NULL;
    rm_mapping *m = NULL;
    rm_network net;
    int have_net = 0, code = 0;
    rm_status st = rm_options_check(&opt, &err);
    if (!st)
        st = rm_platform_read(argv[1], &ro, &p, &err);
    if (!st)
        st = rm_network_init(&net, p, opt.duplex, &err);
    have_net = !st;
    if (!st)
        st = rm_map_network(&net, &opt, &m, &err);
    if (!st)
        st = rm_mapping_check(&net, m, 0, &err);
    double *C = NULL, *w = NULL;
    long *cols = NULL;
    if (!st) {
        C = malloc(sizeof(double) * (size_t)m->q);
        w = malloc(sizeof(double) * (size_t)m->q);
        cols = malloc(sizeof(long) * (size_t)m->q);
        if (!C || !w || !cols)
            st = rm_error_set(&err, RM_ENOMEM, "out of memory");
    }
    if (!st) {
        rm_mapping_costs(&net, m, C);
        for (int k = 0; k < m->q; k++)
            w[k] = p->nodes[m->ring[k]].w;
        st = rm_alloc_columns(m->q, w, C, m->cost.dc_dw, 1000, 1, cols, &err);
    }
    if (st) {
        fprintf(stderr, "%s: %s\n", argv[0], err.msg);
        code = rm_status_exit_code(st);
    } else {
        for (int k = 0; k < m->q; k++)
            printf("position %d: host %s (w %g s/Mflop), alpha %.6f, %ld of 1000 columns\n", k,
                   p->nodes[m->ring[k]].label, w[k], m->alpha[k], cols[k]);
        printf("t_step_per_dw %.17g\n", m->t_step_per_dw);
    }
    free(C);
    free(w);
    free(cols);
    rm_mapping_free(m);
    if (have_net)
        rm_network_destroy(&net);
    rm_platform_free(p);
    return code;
}
