/*
 * run.c — the distributed Jacobi stencil on a ring communicator, with per-step
 * timing and the emulation of heterogeneous hosts and links (run.h).
 */
#define _POSIX_C_SOURCE 200809L
#include "iterapp/run.h"

#include "iterapp/ringcomm.h"
#include "iterapp/stencil.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

void rmi_wait_until(double deadline)
{
    double left = deadline - MPI_Wtime();
    if (left > 150e-6) {
        double s = left - 100e-6;
        struct timespec ts;
        ts.tv_sec = (time_t)s;
        ts.tv_nsec = (long)((s - (double)ts.tv_sec) * 1e9);
        nanosleep(&ts, NULL);
    }
    while (MPI_Wtime() < deadline)
        ;
}

/* Post one halo exchange: ghost 0 <- predecessor's last column, ghost c+1 <-
 * successor's first; *nreq requests in rq (at most 4). A ring of one host
 * closes on itself: its ghosts are its own last and first columns, copied in
 * memory, and nothing is posted (*nreq = 0). No message: the model has no
 * communication on a ring of one (eq. (1) of Legrand et al. 2004 with q = 1),
 * and SimGrid would otherwise route the self-messages through the host's link
 * (a 1-host ring on a cluster simulated at 1.43 x its prediction). */
static int halo_post(MPI_Comm ring, long n, long c, double *a, int pred, int succ,
                     MPI_Request rq[4], int *nreq)
{
    int q = 0;
    int rc = MPI_Comm_size(ring, &q);
    *nreq = 0;
    if (rc != MPI_SUCCESS)
        return rc;
    if (q == 1) {
        memcpy(a, a + c * n, sizeof(double) * (size_t)n);
        memcpy(a + (c + 1) * n, a + n, sizeof(double) * (size_t)n);
        return MPI_SUCCESS;
    }
    rc = MPI_Irecv(a, (int)n, MPI_DOUBLE, pred, 1, ring, &rq[0]);
    if (rc == MPI_SUCCESS)
        rc = MPI_Irecv(a + (c + 1) * n, (int)n, MPI_DOUBLE, succ, 2, ring, &rq[1]);
    if (rc == MPI_SUCCESS)
        rc = MPI_Isend(a + c * n, (int)n, MPI_DOUBLE, succ, 1, ring, &rq[2]);
    if (rc == MPI_SUCCESS)
        rc = MPI_Isend(a + n, (int)n, MPI_DOUBLE, pred, 2, ring, &rq[3]);
    if (rc == MPI_SUCCESS)
        *nreq = 4;
    return rc;
}

int rmi_stencil_halo_exchange(MPI_Comm ring, long n, long c, double *a, int pred, int succ)
{
    MPI_Request rq[4];
    int nreq;
    int rc = halo_post(ring, n, c, a, pred, succ, rq, &nreq);
    if (rc == MPI_SUCCESS && nreq)
        rc = MPI_Waitall(nreq, rq, MPI_STATUSES_IGNORE);
    return rc;
}

int rmi_stencil_overlap_step(MPI_Comm ring, long n, long c, int pred, int succ, double col_t,
                             double comm_t, double fac, double *a, double *b, double *tc,
                             double *tm, double *tb)
{
    const long nb = rmi_stencil_boundary_cols(c);
#ifdef RM_SMPI
    col_t = comm_t = 0.0;
#endif
    MPI_Request rq[4];
    int nreq;
    double t0 = MPI_Wtime();
    int rc = halo_post(ring, n, c, a, pred, succ, rq, &nreq);
    if (rc != MPI_SUCCESS)
        return rc; /* a failed post: MPI's error handler has the rest */
    /* the interior reads columns 1..c only, never a ghost being received */
    rmi_stencil_step_cols(n, 2, c - 1, a, b);
#ifdef RM_SMPI
    if (c > nb)
        smpi_execute_flops((double)(c - nb) * (double)(n - 2) * RM_STENCIL_FLOPS_PER_CELL * fac);
#endif
    if (col_t > 0)
        rmi_wait_until(t0 + (double)(c - nb) * col_t * fac);
    double t1 = MPI_Wtime();
    if (nreq)
        rc = MPI_Waitall(nreq, rq, MPI_STATUSES_IGNORE);
    if (comm_t > 0)
        rmi_wait_until(t0 + comm_t);
    double t2 = MPI_Wtime();
    rmi_stencil_step_cols(n, 1, 1, a, b);
    if (c > 1)
        rmi_stencil_step_cols(n, c, c, a, b);
#ifdef RM_SMPI
    smpi_execute_flops((double)nb * (double)(n - 2) * RM_STENCIL_FLOPS_PER_CELL * fac);
#endif
    if (col_t > 0)
        rmi_wait_until(t2 + (double)nb * col_t * fac);
    double t3 = MPI_Wtime();
    *tc = (t1 - t0) + (t3 - t2);
    *tm = t2 - t1;
    *tb = t3 - t2;
    return rc;
}

/* The overlapping mode's steps (run.h): rmi_stencil_overlap_step, *pa and
 * *pb swapping each step as in the blocking loop. Returns MPI_SUCCESS or
 * the first MPI error. */
static int overlap_steps(MPI_Comm ring, long n, long c, long steps, int pred, int succ,
                         double col_t, double comm_t, double **pa, double **pb, double *tc,
                         double *tm, double *tb)
{
    double *a = *pa, *b = *pb;
    int rc = MPI_SUCCESS;
    for (long s = 0; s < steps && rc == MPI_SUCCESS; s++) {
        rc = rmi_stencil_overlap_step(ring, n, c, pred, succ, col_t, comm_t, 1.0, a, b, &tc[s],
                                      &tm[s], &tb[s]);
        if (rc != MPI_SUCCESS)
            break;
        double *x = a;
        a = b;
        b = x;
    }
    *pa = a;
    *pb = b;
    return rc;
}

void rmi_stencil_result_destroy(rm_stencil_result *res)
{
    if (!res)
        return;
    free(res->comp);
    free(res->comm);
    free(res->bnd);
    free(res->grid);
    memset(res, 0, sizeof *res);
}

int rmi_stencil_gather_grid(MPI_Comm ring, int q, int k, long n, const long *cols, const double *a,
                            double *grid)
{
    int *counts = NULL, *displs = NULL;
    if (k == 0) {
        counts = malloc(sizeof(int) * (size_t)q);
        displs = malloc(sizeof(int) * (size_t)q);
    }
    int ok = k != 0 || (counts && displs), all_ok = 0;
    MPI_Allreduce(&ok, &all_ok, 1, MPI_INT, MPI_MIN, ring);
    if (all_ok) {
        if (k == 0)
            for (int i = 0, d = 0; i < q; i++) {
                counts[i] = (int)(cols[i] * n);
                displs[i] = d;
                d += counts[i];
            }
        MPI_Gatherv(a + n, (int)(cols[k] * n), MPI_DOUBLE, grid, counts, displs, MPI_DOUBLE, 0,
                    ring);
    }
    free(counts);
    free(displs);
    return all_ok;
}

rm_status rmi_stencil_run(MPI_Comm ring, const rm_stencil_run_opts *o, rm_stencil_result *res,
                         rm_error *err)
{
    memset(res, 0, sizeof *res);
    int q, k;
    if (ring == MPI_COMM_NULL || MPI_Comm_size(ring, &q) != MPI_SUCCESS ||
        MPI_Comm_rank(ring, &k) != MPI_SUCCESS)
        return rm_error_set(err, RM_EINPUT, "stencil: not a ring communicator");
    if (o->n < 1 || o->steps < 0 || !o->cols)
        return rm_error_set(err, RM_EINPUT, "stencil: n = %ld rows, %ld steps", o->n, o->steps);
    long m = 0, j0 = 0;
    for (int i = 0; i < q; i++) {
        if (o->cols[i] < 1)
            return rm_error_set(err, RM_EINPUT,
                                "stencil: ring position %d has %ld columns (need >= 1)", i,
                                o->cols[i]);
        if (i < k)
            j0 += o->cols[i];
        m += o->cols[i];
    }
    if ((double)o->n * (double)m > (double)INT_MAX)
        return rm_error_set(err, RM_EINPUT, "stencil: %ld x %ld grid too large", o->n, m);
    const long n = o->n, c = o->cols[k], steps = o->steps;
    int pred, succ;
    rm_status st = rm_mpi_ring_neighbors(ring, &pred, &succ, err);
    if (st)
        return st;

    double *a = calloc((size_t)((c + 2) * n), sizeof(double));
    double *b = calloc((size_t)((c + 2) * n), sizeof(double));
    double *tc = malloc(sizeof(double) * (size_t)(steps + 1));
    double *tm = malloc(sizeof(double) * (size_t)(steps + 1));
    double *tb = o->overlap ? malloc(sizeof(double) * (size_t)(steps + 1)) : NULL;
    int ok = a && b && tc && tm && (!o->overlap || tb), all_ok = 0;
    if (k == 0) {
        res->comp = malloc(sizeof(double) * (size_t)(q * steps + 1));
        res->comm = malloc(sizeof(double) * (size_t)(q * steps + 1));
        if (o->overlap)
            res->bnd = malloc(sizeof(double) * (size_t)(q * steps + 1));
        if (o->gather)
            res->grid = malloc(sizeof(double) * (size_t)(n * m));
        ok = ok && res->comp && res->comm && (!o->overlap || res->bnd) &&
             (!o->gather || res->grid);
    }
    MPI_Allreduce(&ok, &all_ok, 1, MPI_INT, MPI_MIN, ring);
    if (!all_ok) {
        free(a);
        free(b);
        free(tc);
        free(tm);
        free(tb);
        rmi_stencil_result_destroy(res);
        return rm_error_set(err, RM_ENOMEM, "stencil: out of memory");
    }
    res->q = q;
    res->steps = steps;
    res->m = m;
    rmi_stencil_init_slab(a, n, c, j0, m);
    double col_t = o->emu_col_time ? o->emu_col_time[k] * (double)c : 0.0;
    double comm_t = o->emu_comm_time ? o->emu_comm_time[k] : 0.0;
#ifdef RM_SMPI
    col_t = comm_t = 0.0; /* the simulator times hosts and links itself */
#endif
    int rc = MPI_SUCCESS;

    MPI_Barrier(ring);
    double start = MPI_Wtime();
    if (o->overlap)
        rc = overlap_steps(ring, n, c, steps, pred, succ, o->emu_col_time ? o->emu_col_time[k] : 0.0,
                           comm_t, &a, &b, tc, tm, tb);
    for (long s = 0; s < steps && rc == MPI_SUCCESS && !o->overlap; s++) {
        double t0 = MPI_Wtime();
        rc = rmi_stencil_halo_exchange(ring, n, c, a, pred, succ);
        if (comm_t > 0)
            rmi_wait_until(MPI_Wtime() + comm_t);
        double t1 = MPI_Wtime();
        rmi_stencil_step_slab(n, c, a, b);
#ifdef RM_SMPI
        /* SimGrid SMPI: the slab's work, (n-2) c cell updates of 7 flops, on the
         * simulated host (run with smpi/simulate-computation:no) */
        smpi_execute_flops((double)c * (double)(n - 2) * RM_STENCIL_FLOPS_PER_CELL);
#endif
        double *x = a;
        a = b;
        b = x;
        if (col_t > 0)
            rmi_wait_until(t1 + col_t);
        double t2 = MPI_Wtime();
        tm[s] = t1 - t0;
        tc[s] = t2 - t1;
    }
    double wall = MPI_Wtime() - start;
    int rc_all = 0, bad = rc != MPI_SUCCESS;
    MPI_Allreduce(&bad, &rc_all, 1, MPI_INT, MPI_MAX, ring);
    if (rc_all) {
        free(a);
        free(b);
        free(tc);
        free(tm);
        free(tb);
        rmi_stencil_result_destroy(res);
        return rm_error_set(err, RM_EINTERNAL, "stencil: MPI communication failed");
    }
    MPI_Allreduce(&wall, &res->wall, 1, MPI_DOUBLE, MPI_MAX, ring);
    MPI_Gather(tc, (int)steps, MPI_DOUBLE, res->comp, (int)steps, MPI_DOUBLE, 0, ring);
    MPI_Gather(tm, (int)steps, MPI_DOUBLE, res->comm, (int)steps, MPI_DOUBLE, 0, ring);
    if (o->overlap)
        MPI_Gather(tb, (int)steps, MPI_DOUBLE, res->bnd, (int)steps, MPI_DOUBLE, 0, ring);
    if (o->gather) {
        all_ok = rmi_stencil_gather_grid(ring, q, k, n, o->cols, a, res->grid);
        if (!all_ok) {
            free(a);
            free(b);
            free(tc);
            free(tm);
            free(tb);
            rmi_stencil_result_destroy(res);
            return rm_error_set(err, RM_ENOMEM, "stencil: out of memory");
        }
    }
    free(a);
    free(b);
    free(tc);
    free(tm);
    free(tb);
    return RM_OK;
}
