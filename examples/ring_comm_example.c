/*
 * ring_comm_example.c — embedding the mapper in your own MPI solver: compute
 * (or read) a ring mapping, get an MPI communicator in ring order, and use
 * it. Here each ring position gets its integer share of N = 1000 columns
 * (optimal allocation of eq. (1), ring/alloc.h) and passes a token to its
 * successor; the token must come from its predecessor.
 *
 *   mpirun -np 4 ring_comm_example PLATFORM.gml   (maps it: rm_map, SharedRing)
 *   mpirun -np 4 ring_comm_example MAPPING.json   (a `ringmap --json` output)
 *
 * Processes beyond the ring size stay idle (MPI_COMM_NULL). Exit 0 on success.
 */
#include "iterapp/ringcomm.h"
#include "iterapp/ringspec.h"
#include "ring/alloc.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int wrank, wsize, code = 0;
    MPI_Comm_rank(MPI_COMM_WORLD, &wrank);
    MPI_Comm_size(MPI_COMM_WORLD, &wsize);
    if (argc != 2) {
        if (wrank == 0)
            fprintf(stderr, "usage: mpirun -np P %s PLATFORM.gml|MAPPING.json\n", argv[0]);
        MPI_Finalize();
        return 2;
    }
    rm_error err;
    rm_ringspec *spec = NULL;
    MPI_Comm ring = MPI_COMM_NULL;
    rm_status st;
    size_t len = strlen(argv[1]);
    if (len > 4 && !strcmp(argv[1] + len - 4, ".gml")) {
        /* 1. map the platform in-process, at most one ring position per process */
        rm_read_options ro;
        rm_read_options_init(&ro);
        rm_platform *p = NULL;
        rm_mapping *m = NULL;
        rm_options opt;
        rm_options_init(&opt);
        opt.max_q = wsize;
        st = rm_platform_read(argv[1], &ro, &p, &err);
        if (!st)
            st = rm_map(p, &opt, &m, &err);
        /* 2. the communicator in ring order: rank k runs ring position k */
        if (!st)
            st = rm_mpi_ring_comm_for_mapping(MPI_COMM_WORLD, p, m, RM_PLACE_BY_RANK, &ring, &err);
        if (!st)
            st = rm_ringspec_from_mapping(p, m, &spec, &err);
        rm_mapping_free(m);
        rm_platform_free(p);
    } else {
        st = rm_ringspec_read_json(argv[1], &spec, &err);
        if (!st) {
            int *pos = malloc(sizeof(int) * (size_t)wsize);
            for (int r = 0; r < wsize; r++)
                pos[r] = r < spec->q ? r : -1;
            st = rm_mpi_ring_comm(MPI_COMM_WORLD, spec->q, pos, &ring, &err);
            free(pos);
        }
    }
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
        long cols[64] = {0};
        double C[64];
        if (q <= 64) {
            rm_ringspec_costs(spec, C);
            rm_alloc_columns(q, spec->w, C, isfinite(spec->dc_dw) ? spec->dc_dw : 0.0, 1000, 1,
                             cols, &err);
        }
        /* 4. use it: a token around the ring */
        int token = k, got = -1;
        MPI_Sendrecv(&token, 1, MPI_INT, succ, 0, &got, 1, MPI_INT, pred, 0, ring,
                     MPI_STATUS_IGNORE);
        if (got != pred)
            code = 1;
        printf("ring position %d of %d (host %s) on MPI rank %d: pred %d, succ %d, "
               "alpha %.4f, %ld of 1000 columns, token from %d %s\n",
               k, q, spec->label[k], wrank, pred, succ, spec->alpha[k], cols[k], got,
               got == pred ? "ok" : "WRONG");
        MPI_Comm_free(&ring);
    }
    rm_ringspec_free(spec);
    int all = 0;
    MPI_Allreduce(&code, &all, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    MPI_Finalize();
    return all;
}
