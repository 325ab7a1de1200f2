/*
 * test_iterapp_mpi.c — MPI test (run with 4 processes): the distributed
 * Jacobi stencil equals the sequential run bit for bit for many
 * distributions — ring sizes 1..4, uneven column counts (down to one
 * column, pred == succ for q = 2, a single process closing the ring on
 * itself), permuted placements of ring positions on MPI ranks, idle ranks,
 * columns from the optimal allocation; the ring communicator's ranks and
 * neighbours; placement errors reported on every rank without deadlock; and
 * the emulation's lower bound (a step lasts at least max_k of the emulated
 * computation + communication, eq. (1) of Legrand et al. 2004). Every
 * distribution runs in both modes, blocking and overlapping (exchange posted,
 * interior, wait, boundary columns): both equal the sequential run bit for
 * bit; the overlapping mode's emulated step lasts max(interior,
 * communication) + boundary, below the blocking sum when the interior hides
 * the exchange (Weissman §4.1.2 Eq. 4.10).
 * Exit 0 if every check passes on every rank.
 */
#include "iterapp/ringcomm.h"
#include "iterapp/run.h"
#include "iterapp/stencil.h"
#include "ringmap/alloc.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct failures {
    int n;
} failures;

#define CHECK(f, cond, ...)                                                                    \
    do {                                                                                       \
        if (!(cond)) {                                                                         \
            (f)->n++;                                                                          \
            fprintf(stderr, "[rank %d] FAIL %s:%d: %s: ", wrank, __FILE__, __LINE__, #cond);   \
            fprintf(stderr, __VA_ARGS__);                                                      \
            fprintf(stderr, "\n");                                                             \
        }                                                                                      \
    } while (0)

/* One distribution: ring of q positions with the given columns, placed by
 * pos_of_rank (4 entries); after steps steps the grid gathered at ring rank
 * 0 must equal rmi_stencil_sequential bit for bit. If off_by_one, compares
 * with steps - 1 sequential steps instead and expects a difference (the
 * test can fail). */
static void one_mode(failures *f, int wrank, const char *name, long n, int q, const long *cols,
                     const int *pos_of_rank, long steps, int off_by_one, int overlap)
{
    MPI_Comm ring;
    rm_error err;
    rm_status st = rm_mpi_ring_comm(MPI_COMM_WORLD, q, pos_of_rank, &ring, &err);
    CHECK(f, st == RM_OK, "%s: ring comm: %s", name, err.msg);
    if (st)
        return;
    CHECK(f, (ring == MPI_COMM_NULL) == (pos_of_rank[wrank] < 0), "%s: membership", name);
    if (ring == MPI_COMM_NULL)
        return;
    int k, size, pred, succ;
    MPI_Comm_rank(ring, &k);
    MPI_Comm_size(ring, &size);
    CHECK(f, k == pos_of_rank[wrank], "%s: ring rank %d != position %d", name, k,
          pos_of_rank[wrank]);
    CHECK(f, size == q, "%s: ring size %d", name, size);
    rm_mpi_ring_neighbors(ring, &pred, &succ, &err);
    CHECK(f, pred == (k + q - 1) % q && succ == (k + 1) % q, "%s: neighbours %d %d of %d", name,
          pred, succ, k);
    rm_stencil_run_opts o = {n, steps, cols, NULL, NULL, 1, overlap};
    rm_stencil_result res;
    st = rmi_stencil_run(ring, &o, &res, &err);
    CHECK(f, st == RM_OK, "%s: run: %s", name, err.msg);
    if (st == RM_OK && k == 0) {
        long m = res.m;
        double *ref = malloc(sizeof(double) * (size_t)(n * m));
        CHECK(f, ref && rmi_stencil_sequential(n, m, off_by_one ? steps - 1 : steps, ref) == 0,
              "%s: sequential", name);
        if (ref) {
            int same = memcmp(ref, res.grid, sizeof(double) * (size_t)(n * m)) == 0;
            if (off_by_one)
                CHECK(f, !same, "%s: a run one step longer should differ", name);
            else
                CHECK(f, same, "%s: distributed grid differs from the sequential run", name);
            /* the grid moved away from the initial state */
            CHECK(f, steps == 0 || res.grid[n + 1] != rmi_stencil_init_value(1, 1, n, m),
                  "%s: nothing computed", name);
        }
        free(ref);
        CHECK(f, res.wall >= 0 && res.comp && res.comm, "%s: timings", name);
        CHECK(f, !res.bnd == !overlap, "%s: boundary times only when overlapping", name);
    }
    rmi_stencil_result_destroy(&res);
    MPI_Comm_free(&ring);
}

/* one distribution in the blocking and the overlapping mode */
static void one(failures *f, int wrank, const char *name, long n, int q, const long *cols,
                const int *pos_of_rank, long steps, int off_by_one)
{
    char nm[160];
    for (int ov = 0; ov <= 1; ov++) {
        snprintf(nm, sizeof nm, "%s (%s)", name, ov ? "overlapping" : "blocking");
        one_mode(f, wrank, nm, n, q, cols, pos_of_rank, steps, off_by_one, ov);
    }
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int wrank, wsize;
    MPI_Comm_rank(MPI_COMM_WORLD, &wrank);
    MPI_Comm_size(MPI_COMM_WORLD, &wsize);
    failures f = {0};
    if (wsize != 4) {
        if (wrank == 0)
            fprintf(stderr, "test_iterapp_mpi: run with 4 processes (mpirun -np 4)\n");
        MPI_Finalize();
        return 2;
    }

    /* ring sizes 4..1, uneven, permuted placements, idle ranks */
    {
        long c[4] = {1, 7, 3, 13};
        int p[4] = {0, 1, 2, 3};
        one(&f, wrank, "q4 identity uneven", 33, 4, c, p, 25, 0);
        one(&f, wrank, "q4 identity off-by-one", 33, 4, c, p, 25, 1);
    }
    {
        long c[4] = {10, 1, 1, 5};
        int p[4] = {3, 0, 2, 1};
        one(&f, wrank, "q4 permuted", 20, 4, c, p, 40, 0);
    }
    {
        long c[4] = {2, 2, 2, 2};
        int p[4] = {1, 3, 0, 2};
        one(&f, wrank, "q4 even permuted", 3, 4, c, p, 17, 0); /* one interior row */
    }
    {
        long c[3] = {2, 9, 4};
        int p[4] = {-1, 2, 0, 1};
        one(&f, wrank, "q3 idle rank 0", 24, 3, c, p, 30, 0);
    }
    {
        long c[2] = {1, 1};
        int p[4] = {1, -1, 0, -1};
        one(&f, wrank, "q2 one column each", 16, 2, c, p, 12, 0);
    }
    {
        long c[2] = {6, 11};
        int p[4] = {-1, 0, -1, 1};
        one(&f, wrank, "q2 uneven", 18, 2, c, p, 21, 0);
    }
    {
        long c[1] = {17};
        int p[4] = {-1, -1, 0, -1};
        one(&f, wrank, "q1 ring closes on itself", 12, 1, c, p, 15, 0);
    }
    {
        long c[1] = {1};
        int p[4] = {0, -1, -1, -1};
        one(&f, wrank, "q1 one column", 9, 1, c, p, 6, 0);
    }
    {
        /* columns from the optimal allocation, t = (3,5,8,1) over 31 columns */
        static const double w[4] = {3, 5, 8, 1};
        long c[4];
        rm_error err;
        CHECK(&f, rm_alloc_columns(4, w, NULL, 0, 31, 1, c, &err) == RM_OK, "alloc: %s", err.msg);
        CHECK(&f, c[0] + c[1] + c[2] + c[3] == 31 && c[2] >= 1, "alloc sum");
        int p[4] = {2, 3, 1, 0};
        one(&f, wrank, "q4 optimal allocation", 26, 4, c, p, 20, 0);
    }

    /* placement errors: the same verdict on every rank, no deadlock */
    {
        MPI_Comm ring;
        rm_error err;
        int twice[4] = {0, 1, 1, -1};
        CHECK(&f, rm_mpi_ring_comm(MPI_COMM_WORLD, 3, twice, &ring, &err) == RM_EINPUT,
              "position taken twice accepted");
        CHECK(&f, ring == MPI_COMM_NULL && strstr(err.msg, "already taken"), "msg %s", err.msg);
        int missing[4] = {0, 1, -1, -1};
        CHECK(&f, rm_mpi_ring_comm(MPI_COMM_WORLD, 3, missing, &ring, &err) == RM_EINPUT,
              "missing position accepted");
        CHECK(&f, rm_mpi_ring_comm(MPI_COMM_WORLD, 5, missing, &ring, &err) == RM_EINPUT,
              "ring larger than the communicator accepted");
        /* by host name: every process of mpirun runs on this host */
        char name[MPI_MAX_PROCESSOR_NAME];
        int len;
        MPI_Get_processor_name(name, &len);
        const char *labels[4] = {name, name, name, name};
        CHECK(&f, rm_mpi_ring_comm_by_name(MPI_COMM_WORLD, 4, labels, &ring, &err) == RM_OK,
              "by name: %s", err.msg);
        if (ring != MPI_COMM_NULL) {
            int k;
            MPI_Comm_rank(ring, &k);
            CHECK(&f, k == wrank, "by name: same host keeps rank order (%d vs %d)", k, wrank);
            MPI_Comm_free(&ring);
        }
        const char *bad[2] = {name, "no-such-host.invalid"};
        CHECK(&f, rm_mpi_ring_comm_by_name(MPI_COMM_WORLD, 2, bad, &ring, &err) == RM_EINPUT,
              "unknown host accepted");
        CHECK(&f, strstr(err.msg, "no-such-host.invalid") != NULL, "msg %s", err.msg);
    }

    /* emulation: each step lasts at least max_k (cols_k * col_time_k + comm_k) */
    {
        MPI_Comm ring;
        rm_error err;
        int p[4] = {0, 1, 2, 3};
        rm_mpi_ring_comm(MPI_COMM_WORLD, 4, p, &ring, &err);
        long c[4] = {4, 2, 1, 3};
        double col_t[4] = {1e-3, 2e-3, 4e-3, 0.5e-3}; /* comp: 4, 4, 4, 1.5 ms */
        double comm_t[4] = {0.5e-3, 1e-3, 2e-3, 0.2e-3}; /* slowest: pos 2, 6 ms */
        rm_stencil_run_opts o = {16, 20, c, col_t, comm_t, 0, 0};
        rm_stencil_result res;
        CHECK(&f, rmi_stencil_run(ring, &o, &res, &err) == RM_OK, "emulated run: %s", err.msg);
        double t = res.wall / 20;
        if (wrank == 0) {
            /* the fastest step: max over ranks of comp + comm (comm holds the
             * wait for the neighbours) */
            double fastest = INFINITY;
            for (int s = 0; s < 20; s++) {
                double x = 0.0;
                for (int k = 0; k < 4; k++)
                    if (res.comp[k * 20 + s] + res.comm[k * 20 + s] > x)
                        x = res.comp[k * 20 + s] + res.comm[k * 20 + s];
                if (x < fastest)
                    fastest = x;
            }
            printf("emulated run: T_step measured %.4f ms, eq. (1) predicts 6.0000 ms, ratio %.4f; "
                   "fastest step %.4f ms, ratio %.4f\n",
                   t * 1e3, t / 6e-3, fastest * 1e3, fastest / 6e-3);
            /* Bands (tight, so that a regression shows): below, exact (the emulation waits at least
             * the predicted times). Above, the tightest that held on this
             * 2-core machine loaded by other builds and tests plus two busy
             * loops (load average 6-7.5, 4 ranks oversubscribed; 22 runs):
             * the mean step up to 3.72 x the prediction, the fastest step
             * up to 1.87 x; bands 5 x and 2.5 x (a third above the worst
             * seen). Unloaded both are 1.00-1.02 x. A tighter band on the
             * mean would fail under load: the ranks wait for CPU time, not
             * for the emulated hosts and links. */
            CHECK(&f, t >= 6e-3 * 0.999, "T_step %.6f below the emulated bound", t);
            CHECK(&f, fastest >= 6e-3 * 0.999, "fastest step %.6f below the emulated bound",
                  fastest);
            CHECK(&f, t <= 6e-3 * 5, "T_step %.6f far above the emulated 6 ms", t);
            CHECK(&f, fastest <= 6e-3 * 2.5, "fastest step %.6f far above the emulated 6 ms",
                  fastest);
            for (int k = 0; k < 4; k++)
                for (int s = 0; s < 20; s++)
                    CHECK(&f, res.comp[k * 20 + s] >= c[k] * col_t[k] * 0.999,
                          "pos %d step %d comp %.6f", k, s, res.comp[k * 20 + s]);
        }
        rmi_stencil_result_destroy(&res);
        MPI_Comm_free(&ring);
    }

    /* overlapping emulation: 10 columns of 1 ms, 8 ms of communication on every
     * position: a step is max(8 ms interior, 8 ms exchange) + 2 ms boundary =
     * 10 ms, against 10 + 8 = 18 ms blocking */
    {
        MPI_Comm ring;
        rm_error err;
        int p[4] = {0, 1, 2, 3};
        rm_mpi_ring_comm(MPI_COMM_WORLD, 4, p, &ring, &err);
        long c[4] = {10, 10, 10, 10};
        double col_t[4] = {1e-3, 1e-3, 1e-3, 1e-3}, comm_t[4] = {8e-3, 8e-3, 8e-3, 8e-3};
        rm_stencil_run_opts o = {16, 20, c, col_t, comm_t, 0, 1};
        rm_stencil_result res;
        CHECK(&f, rmi_stencil_run(ring, &o, &res, &err) == RM_OK, "overlapping emulated run: %s",
              err.msg);
        double t = res.wall / 20;
        if (wrank == 0 && res.bnd) {
            double fastest = INFINITY;
            for (int s = 0; s < 20; s++) {
                double x = 0.0;
                for (int k = 0; k < 4; k++)
                    x = fmax(x, res.comp[k * 20 + s] + res.comm[k * 20 + s]);
                fastest = fmin(fastest, x);
            }
            printf("overlapping emulated run: T_step measured %.4f ms, predicted max(8, 8) + 2 = "
                   "10 ms (blocking 18 ms), ratio %.4f; fastest step %.4f ms\n",
                   t * 1e3, t / 10e-3, fastest * 1e3);
            CHECK(&f, t >= 10e-3 * 0.999, "T_step %.6f below the overlapping bound", t);
            CHECK(&f, fastest >= 10e-3 * 0.999, "fastest step %.6f below the bound", fastest);
            /* the exchange is hidden: a blocking step can never last less than
             * 10 + 8 = 18 ms (the emulation waits at least each part), so a
             * fastest step below 18 ms shows the overlap whatever the load
             * (unloaded 10.0-10.2 ms; a fixed 15 ms band failed at load 11) */
            CHECK(&f, fastest < 18e-3 * 0.999, "fastest step %.6f: the exchange is not hidden",
                  fastest);
            for (int k = 0; k < 4; k++)
                for (int s = 0; s < 20; s++) {
                    double in = res.comp[k * 20 + s] - res.bnd[k * 20 + s];
                    CHECK(&f, in >= 8e-3 * 0.999 && res.bnd[k * 20 + s] >= 2e-3 * 0.999,
                          "pos %d step %d interior %.6f boundary %.6f", k, s, in,
                          res.bnd[k * 20 + s]);
                    /* interior and wait together at least the 8 ms exchange */
                    CHECK(&f, in + res.comm[k * 20 + s] >= 8e-3 * 0.999,
                          "pos %d step %d interior + wait %.6f", k, s,
                          in + res.comm[k * 20 + s]);
                }
        }
        rmi_stencil_result_destroy(&res);
        MPI_Comm_free(&ring);
    }

    int all = 0;
    MPI_Allreduce(&f.n, &all, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (wrank == 0)
        printf("test_iterapp_mpi: %s (%d failures)\n", all ? "FAILED" : "all checks passed", all);
    MPI_Finalize();
    return all ? 1 : 0;
}
