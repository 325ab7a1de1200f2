/*
 * measure_kernel_example.c — measuring the platform with your own kernel:
 * the library behind ringmap-measure (rm_measure_platform, <ringmap_mpi.h>)
 * times a user's computation through a callback at several problem sizes
 * (the points of a functional performance model of Lastovetsky and
 * Reddy), and ping-pongs every pair of processes in the rounds of a
 * round-robin tournament. Here the kernel is a dense matrix-vector product:
 * one unit = one row of N = 500 doubles (2 N flops), and the model's points
 * come back through rm_measure_fpm_parse as a library user would read them
 * from the GML.
 *
 *   mpirun -np P measure_kernel_example
 *
 * Rank 0 prints every host's cycle-time w (s/Mflop) and every pair's
 * bandwidth (Mb/s) and latency (s); with distinct host names it also writes
 * the GML platform that `ringmap map` reads (measured.gml). Exit 0 on success.
 */
#include <ringmap.h>
#include <ringmap_mpi.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define N 500 /* columns of the matrix: one unit = one row */

typedef struct mv_kernel {
    double *a, *x, *y;
    long rows;
} mv_kernel;

/* untimed: allocate and fill `units` rows */
static int mv_prepare(long units, void *user)
{
    mv_kernel *k = user;
    free(k->a);
    free(k->y);
    k->a = malloc(sizeof(double) * (size_t)units * N);
    k->y = malloc(sizeof(double) * (size_t)units);
    if (!k->x)
        k->x = malloc(sizeof(double) * N);
    if (!k->a || !k->y || !k->x)
        return 1;
    for (long i = 0; i < units * N; i++)
        k->a[i] = (double)(i % 7) * 0.125;
    for (int j = 0; j < N; j++)
        k->x[j] = 1.0 / (j + 1);
    k->rows = units;
    return 0;
}

/* timed: y = A x over `units` rows */
static int mv_run(long units, void *user)
{
    mv_kernel *k = user;
    for (long i = 0; i < units; i++) {
        double s = 0;
        for (int j = 0; j < N; j++)
            s += k->a[i * N + j] * k->x[j];
        k->y[i] = s;
    }
    return 0;
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, p, code = 0;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &p);

    mv_kernel state = {NULL, NULL, NULL, 0};
    rm_measure_kernel k = {.name = "matvec",
                           .mflop_per_unit = 2.0 * N * 1e-6,
                           .prepare = mv_prepare,
                           .run = mv_run,
                           .user = &state};
    static const long sizes[] = {100, 400, 1600};
    static const long msg[] = {8, 4096, 262144};
    rm_measure_opts o;
    rm_measure_opts_init(&o);
    o.n_sizes = 3;
    o.sizes = sizes;
    o.n_msg = 3;
    o.msg_sizes = msg;
    o.reps_small = 20;
    o.reps_large = 10;
    /* --emulate (tests on one loaded machine): every link 100 Mb/s, 1 ms, so
     * that the times grow with the message size well above the scheduling
     * noise of oversubscribed processes (a few ms); a real cluster needs none */
    double *emu_b = NULL, *emu_l = NULL;
    if (argc > 1 && !strcmp(argv[1], "--emulate")) {
        emu_b = malloc((size_t)p * p * sizeof *emu_b);
        emu_l = malloc((size_t)p * p * sizeof *emu_l);
        if (!emu_b || !emu_l)
            MPI_Abort(MPI_COMM_WORLD, 1);
        for (int i = 0; i < p * p; i++) {
            emu_b[i] = 100.0;
            emu_l[i] = 1e-3;
        }
        o.emu_bandwidth = emu_b;
        o.emu_latency = emu_l;
    }

    rm_measure_result res;
    rm_error err;
    rm_status st = rm_measure_platform(MPI_COMM_WORLD, &k, &o, &res, &err);
    if (st) {
        if (rank == 0)
            fprintf(stderr, "measure_kernel_example: %s\n", err.msg);
        code = rm_status_exit_code(st);
    } else if (rank == 0) {
        for (int r = 0; r < p; r++) {
            /* the model's points, as a reader of the GML gets them back */
            char xs[256] = "", ts[256] = "";
            for (int s = 0; s < res.n_sizes; s++) {
                size_t lx = strlen(xs), lt = strlen(ts);
                snprintf(xs + lx, sizeof xs - lx, "%s%ld", s ? " " : "", res.sizes[s]);
                snprintf(ts + lt, sizeof ts - lt, "%s%.17g", s ? " " : "",
                         res.kernel_time[(size_t)r * res.n_sizes + s]);
            }
            rm_fpm m;
            rm_fpm_init(&m);
            if (rm_measure_fpm_parse(xs, ts, &m, &err) != RM_OK) {
                fprintf(stderr, "measure_kernel_example: %s\n", err.msg);
                code = 1;
            }
            printf("host %d (%s): w = %.4g s/Mflop; model: %.4g rows/s at 100 rows, %.4g at "
                   "1600\n",
                   r, res.names[r], res.w[r], rm_fpm_speed(&m, 100), rm_fpm_speed(&m, 1600));
            rm_fpm_destroy(&m);
        }
        for (int r = 0; r < p; r++)
            for (int s = r + 1; s < p; s++)
                printf("pair %d-%d: bandwidth %.4g Mb/s, latency %.3g s\n", r, s,
                       res.bandwidth[(size_t)r * p + s], res.latency[(size_t)r * p + s]);
        int distinct = 1; /* several ranks on one machine: the same name */
        for (int r = 0; r < p; r++)
            for (int s = 0; s < r; s++)
                distinct &= strcmp(res.names[r], res.names[s]) != 0;
        FILE *f = distinct ? fopen("measured.gml", "w") : NULL;
        if (f && rm_measure_write_gml(f, &res, "measure_kernel_example", &err) == RM_OK)
            printf("wrote measured.gml\n");
        else
            printf("no GML: %s\n", !distinct ? "several ranks share a host name"
                                    : f      ? err.msg
                                             : "cannot open measured.gml");
        if (f && fclose(f) != 0)
            code = 1;
    }
    rm_measure_result_destroy(&res);
    free(state.a);
    free(state.x);
    free(state.y);
    free(emu_b);
    free(emu_l);
    MPI_Finalize();
    return code;
}
