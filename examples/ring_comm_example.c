/*
 * ring_comm_example.c — embedding the mapper in your own MPI solver: map a
 * platform, get an MPI communicator in ring order, and use it. Each ring
 * position gets its integer share of N = 1000 columns (optimal allocation
 * of eq. (1) of Legrand, Renard, Robert, Vivien, "Mapping and
 * Load-Balancing Iterative Computations", rm_alloc_columns) and passes a
 * token to its successor; the token must come from its predecessor.
 *
 *   mpirun -np 4 ring_comm_example PLATFORM.gml [DC_DW]
 *
 * Every process maps the platform (SharedRing, D_c/D_w = DC_DW or 0.0064, at
 * most one ring position per process: the same deterministic result
 * everywhere, the ring `ringmap PLATFORM --dc-dw DC_DW` prints when it has at
 * most as many hosts as there are processes); processes beyond the
 * ring size stay idle (MPI_COMM_NULL). Exit 0 on success.
 * Uses only the installed public API: <ringmap.h> (libringmap) and
 * <ringmap_mpi.h> (libringmap_mpi); build it with examples/CMakeLists.txt
 * (find_package(ringmap)) or examples/Makefile (pkg-config ringmap-mpi).
 */
#include <ringmap.h>
#include <ringmap_mpi.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int wrank, wsize, code = 0;
    MPI_Comm_rank(MPI_COMM_WORLD, &wrank);
    MPI_Comm_size(MPI_COMM_WORLD, &wsize);
    rm_options opt;
    rm_options_init(&opt);
    opt.max_q = wsize;
    char *end = NULL;
    if (argc == 3)
        opt.cost.dc_dw = strtod(argv[2], &end);
    if (argc < 2 || argc > 3 || (end && *end)) {
        if (wrank == 0)
            fprintf(stderr, "usage: mpirun -np P %s PLATFORM.gml [DC_DW]\n", argv[0]);
        MPI_Finalize();
        return 2;
    }
    rm_error err;
    rm_read_options ro;
    rm_read_options_init(&ro);
    rm_platform *p = NULL;
    rm_mapping *m = NULL;
    rm_network net;
    int have_net = 0;
    MPI_Comm ring = MPI_COMM_NULL;
    /* 1. map the platform in-process */
    rm_status st = rm_options_check(&opt, &err);
    if (!st)
        st = rm_platform_read(argv[1], &ro, &p, &err);
    if (!st)
        st = rm_network_init(&net, p, opt.duplex, &err);
    have_net = !st;
    if (!st)
        st = rm_map_network(&net, &opt, &m, &err);
    /* 2. the communicator in ring order: rank k runs ring position k */
    if (!st)
        st = rm_mpi_ring_comm_for_mapping(MPI_COMM_WORLD, p, m, RM_PLACE_BY_RANK, &ring, &err);
    if (st) {
        if (wrank == 0)
            fprintf(stderr, "ring_comm_example: %s\n", err.msg);
        code = rm_status_exit_code(st);
    } else if (ring != MPI_COMM_NULL) {
        int k, q, pred, succ;
        MPI_Comm_rank(ring, &k);
        MPI_Comm_size(ring, &q);
        rm_mpi_ring_neighbors(ring, &pred, &succ, &err);
        /* 3. integer columns: optimal for eq. (1) with the mapping's routes */
        double *C = malloc(sizeof(double) * (size_t)q);
        double *w = malloc(sizeof(double) * (size_t)q);
        long *cols = calloc((size_t)q, sizeof(long));
        if (!C || !w || !cols) {
            code = 1;
        } else {
            rm_mapping_costs(&net, m, C);
            for (int i = 0; i < q; i++)
                w[i] = p->nodes[m->ring[i]].w;
            if (rm_alloc_columns(q, w, C, m->cost.dc_dw, 1000, 1, cols, &err))
                code = 1;
        }
        /* 4. use it: a token around the ring */
        int token = k, got = -1;
        MPI_Sendrecv(&token, 1, MPI_INT, succ, 0, &got, 1, MPI_INT, pred, 0, ring,
                     MPI_STATUS_IGNORE);
        if (got != pred)
            code = 1;
        printf("ring position %d of %d (host %s) on MPI rank %d: pred %d, succ %d, "
               "alpha %.4f, %ld of 1000 columns, token from %d %s\n",
               k, q, p->nodes[m->ring[k]].label, wrank, pred, succ, m->alpha[k],
               cols ? cols[k] : 0L, got, got == pred ? "ok" : "WRONG");
        free(C);
        free(w);
        free(cols);
        MPI_Comm_free(&ring);
    }
    rm_mapping_free(m);
    if (have_net)
        rm_network_destroy(&net);
    rm_platform_free(p);
    int all = 0;
    MPI_Allreduce(&code, &all, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    MPI_Finalize();
    return all;
}
