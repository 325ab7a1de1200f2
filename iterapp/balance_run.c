/*
 * balance_run.c — the stencil in periods with DFPA / dynamic rebalancing and
 * real column moves (balance_run.h).
 */
#define _POSIX_C_SOURCE 200809L
#include "iterapp/balance_run.h"

#include "iterapp/ringcomm.h"
#include "iterapp/run.h"
#include "iterapp/stencil.h"

#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static double median(double *x, long n)
{
    qsort(x, (size_t)n, sizeof *x, cmp_double);
    return n % 2 ? x[n / 2] : 0.5 * (x[n / 2 - 1] + x[n / 2]);
}

void rmi_balance_result_destroy(rm_balance_result *r)
{
    if (!r)
        return;
    free(r->period_imbalance);
    free(r->period_tstep);
    free(r->period_end);
    free(r->comp_last);
    free(r->comm_last);
    free(r->pred_last);
    free(r->comm_probe);
    free(r->comm_dfpa);
    free(r->grid);
    memset(r, 0, sizeof *r);
}

/* Move the slabs from distribution oc to nc (both q entries, same sum):
 * every column goes from its old owner to its new one. *a (old slab with
 * ghosts) is replaced by the new slab; *b reallocated. Returns 0 or -1. */
static int redistribute(MPI_Comm ring, int q, int k, long n, const long *oc, const long *nc,
                        double **a, double **b)
{
    long ok0 = 0, nk0 = 0;
    for (int i = 0; i < k; i++) {
        ok0 += oc[i];
        nk0 += nc[i];
    }
    int *sc = calloc((size_t)q * 4, sizeof(int));
    double *na = calloc((size_t)((nc[k] + 2) * n), sizeof(double));
    double *nb = calloc((size_t)((nc[k] + 2) * n), sizeof(double));
    int ok = sc && na && nb, all = 0;
    MPI_Allreduce(&ok, &all, 1, MPI_INT, MPI_MIN, ring);
    if (!all) {
        free(sc);
        free(na);
        free(nb);
        return -1;
    }
    int *sd = sc + q, *rc = sc + 2 * q, *rd = sc + 3 * q;
    long o0 = 0, n0 = 0;
    for (int j = 0; j < q; j++) {
        /* what I send to j: my old range and j's new range */
        long lo = ok0 > n0 ? ok0 : n0, hi = ok0 + oc[k] < n0 + nc[j] ? ok0 + oc[k] : n0 + nc[j];
        if (hi > lo) {
            sc[j] = (int)((hi - lo) * n);
            sd[j] = (int)((lo - ok0 + 1) * n);
        }
        /* what I receive from j: j's old range and my new range */
        lo = o0 > nk0 ? o0 : nk0;
        hi = o0 + oc[j] < nk0 + nc[k] ? o0 + oc[j] : nk0 + nc[k];
        if (hi > lo) {
            rc[j] = (int)((hi - lo) * n);
            rd[j] = (int)((lo - nk0 + 1) * n);
        }
        o0 += oc[j];
        n0 += nc[j];
    }
    int rcode = MPI_Alltoallv(*a, sc, sd, MPI_DOUBLE, na, rc, rd, MPI_DOUBLE, ring);
    free(sc);
    free(*a);
    free(*b);
    *a = na;
    *b = nb;
    return rcode == MPI_SUCCESS ? 0 : -1;
}

rm_status rmi_balance_stencil_run(MPI_Comm ring, const rm_balance_run_opts *o,
                                 rm_balance_result *res, rm_error *err)
{
    memset(res, 0, sizeof *res);
    int q, k;
    if (ring == MPI_COMM_NULL || MPI_Comm_size(ring, &q) != MPI_SUCCESS ||
        MPI_Comm_rank(ring, &k) != MPI_SUCCESS)
        return rm_error_set(err, RM_EINPUT, "balance: not a ring communicator");
    if (o->n < 1 || o->steps < 0 || o->period < 1 || !o->cols)
        return rm_error_set(err, RM_EINPUT, "balance: n = %ld, steps = %ld, period = %ld", o->n,
                            o->steps, o->period);
    long m = 0;
    for (int i = 0; i < q; i++) {
        if (o->cols[i] < 1)
            return rm_error_set(err, RM_EINPUT, "balance: ring position %d has %ld columns", i,
                                o->cols[i]);
        m += o->cols[i];
    }
    if ((double)o->n * (double)(m + 2) > (double)INT_MAX)
        return rm_error_set(err, RM_EINPUT, "balance: %ld x %ld grid too large", o->n, m);
    const long n = o->n, steps = o->steps, K = o->period;
    int pred, succ;
    rm_status st = rm_mpi_ring_neighbors(ring, &pred, &succ, err);
    if (st)
        return st;
    long *cols = o->cols, *ncols = malloc(sizeof(long) * (size_t)q);
    long c = cols[k], j0 = 0;
    for (int i = 0; i < k; i++)
        j0 += cols[i];
    double *a = calloc((size_t)((c + 2) * n), sizeof(double));
    double *b = calloc((size_t)((c + 2) * n), sizeof(double));
    /* a period's times: at most min(K, steps) steps (K may be far larger) */
    size_t kt = (size_t)(K < steps ? K : steps) + 1;
    double *tc = malloc(sizeof(double) * kt), *tm = malloc(sizeof(double) * kt);
    double *tb = malloc(sizeof(double) * kt);
    double *gc = malloc(sizeof(double) * (size_t)q * 4);
    long np_max = steps / K + 2;
    res->period_imbalance = malloc(sizeof(double) * (size_t)np_max);
    res->period_tstep = malloc(sizeof(double) * (size_t)np_max);
    res->period_end = malloc(sizeof(long) * (size_t)np_max);
    res->comp_last = calloc((size_t)q, sizeof(double));
    res->comm_last = calloc((size_t)q, sizeof(double));
    res->pred_last = malloc(sizeof(double) * (size_t)q);
    res->comm_probe = malloc(sizeof(double) * (size_t)q);
    res->comm_dfpa = calloc((size_t)q, sizeof(double));
    rm_dfpa *dfpa = NULL;
    int ok = ncols && a && b && tc && tm && tb && gc && res->period_imbalance && res->period_tstep &&
             res->period_end && res->comp_last && res->comm_last && res->pred_last &&
             res->comm_probe && res->comm_dfpa, all = 0;
    for (int i = 0; ok && i < q; i++) {
        res->comm_probe[i] = NAN;
        res->comm_dfpa[i] = !o->comm_measured && o->comm_pred ? o->comm_pred[i] : 0.0;
    }
    if (ok && k == 0 && o->policy != RM_POLICY_STATIC) {
        rm_dfpa_options dopt;
        rm_dfpa_options_init(&dopt);
        dopt.eps = o->eps;
        dopt.min_units = 1;
        dopt.max_iter = 1000000;
        dopt.comm = o->comm_measured ? NULL : o->comm_pred; /* measured: set per period */
        dopt.start = cols;
        if (o->overlap) { /* docs/balance.md, "DFPA under overlap": iterapp's
                             boundary is its 2 columns, timed by the model */
            dopt.overlap = 1;
            dopt.overlap_boundary_units = 2;
        }
        ok = rm_dfpa_new(q, m, &dopt, &dfpa, err) == RM_OK;
    }
    if (k == 0 && o->gather) {
        res->grid = malloc(sizeof(double) * (size_t)(n * m));
        ok = ok && res->grid;
    }
    MPI_Allreduce(&ok, &all, 1, MPI_INT, MPI_MIN, ring);
    if (!all) {
        free(ncols);
        free(a);
        free(b);
        free(tc);
        free(tm);
        free(tb);
        free(gc);
        rm_dfpa_free(dfpa);
        rmi_balance_result_destroy(res);
        return rm_error_set(err, RM_ENOMEM, "balance: out of memory or bad DFPA setup");
    }
    rmi_stencil_init_slab(a, n, c, j0, m);
    const double comm_t = o->emu_comm_time ? o->emu_comm_time[k] : 0.0;
    (void)comm_t;
    int dfpa_active = o->policy == RM_POLICY_DFPA, dfpa_phase = o->policy == RM_POLICY_DFPA;
    int rc = MPI_SUCCESS;
    MPI_Barrier(ring);
    double start = MPI_Wtime();
    long s = 0;
    while (s < steps && rc == MPI_SUCCESS) {
        long len = steps - s < K ? steps - s : K;
        double col_t = o->emu_col_time ? o->emu_col_time[k] : 0.0;
        for (long u = 0; u < len && rc == MPI_SUCCESS; u++, s++) {
            if (o->overlap) { /* post, interior, wait, boundary (run.h) */
                double fo = rmi_emu_factor(o->emu ? &o->emu[k] : NULL, c, s);
                rc = rmi_stencil_overlap_step(ring, n, c, pred, succ, col_t, comm_t, fo, a, b,
                                              &tc[u], &tm[u], &tb[u]);
                double *xo = a;
                a = b;
                b = xo;
                continue;
            }
            tb[u] = 0.0;
            double t0 = MPI_Wtime();
            rc = rmi_stencil_halo_exchange(ring, n, c, a, pred, succ);
#ifndef RM_SMPI
            if (comm_t > 0)
                rmi_wait_until(MPI_Wtime() + comm_t);
#endif
            double t1 = MPI_Wtime();
            rmi_stencil_step_slab(n, c, a, b);
            double *x = a;
            a = b;
            b = x;
            double fac = rmi_emu_factor(o->emu ? &o->emu[k] : NULL, c, s);
            double pad = col_t * (double)c * fac;
#ifdef RM_SMPI
            /* SimGrid SMPI: the slab's work on the simulated host, times the
               emulated cliff / load factor (the host's speed function) */
            smpi_execute_flops((double)c * (double)(n - 2) * RM_STENCIL_FLOPS_PER_CELL * fac);
            pad = 0;
#endif
            if (pad > 0)
                rmi_wait_until(t1 + pad);
            tm[u] = t1 - t0;
            tc[u] = MPI_Wtime() - t1;
        }
        /* the position's communication time, measured: the least of a few
           halo exchanges started together (a barrier each), so that no
           neighbour's late computation is counted as this position's
           communication, as it is in the steps' waits. The ghosts it fills
           are the ones the next step receives: the grid is unchanged. */
        double probe = NAN;
        for (int r = 0; o->comm_measured && r < RM_COMM_PROBES && rc == MPI_SUCCESS; r++) {
            MPI_Barrier(ring);
            double p0 = MPI_Wtime();
            rc = rmi_stencil_halo_exchange(ring, n, c, a, pred, succ);
#ifndef RM_SMPI
            if (comm_t > 0)
                rmi_wait_until(p0 + comm_t);
#endif
            double p1 = MPI_Wtime() - p0;
            probe = r == 0 || p1 < probe ? p1 : probe;
        }
        if (rc != MPI_SUCCESS)
            break;
        /* the period's medians at ring rank 0 */
        double me[4] = {median(tc, len), median(tm, len), median(tb, len), probe};
        MPI_Gather(me, 4, MPI_DOUBLE, gc, 4, MPI_DOUBLE, 0, ring);
        int changed = 0;
        if (k == 0) {
            double tmax = 0, tmin = INFINITY, tstep = 0;
            if (o->comm_measured)
                for (int i = 0; i < q; i++)
                    res->comm_probe[i] = res->comm_dfpa[i] = fmax(gc[4 * i + 3], 0.0);
            for (int i = 0; i < q; i++) {
                res->comp_last[i] = gc[4 * i];
                res->comm_last[i] = gc[4 * i + 1];
                double ci = res->comm_dfpa[i];
                /* overlapping: max(interior, communication) + boundary */
                double Ti = o->overlap ? fmax(gc[4 * i] - gc[4 * i + 2], ci) + gc[4 * i + 2]
                                       : gc[4 * i] + ci;
                double Tr = gc[4 * i] + gc[4 * i + 1];
                tmax = Ti > tmax ? Ti : tmax;
                if (cols[i] > 1 && Ti < tmin)
                    tmin = Ti;
                tstep = Tr > tstep ? Tr : tstep;
            }
            double imb = isfinite(tmin) && tmin > 0 ? (tmax - tmin) / tmin : 0.0;
            res->period_imbalance[res->n_periods] = imb;
            res->period_tstep[res->n_periods] = tstep;
            res->period_end[res->n_periods] = s;
            res->n_periods++;
            if (o->comm_measured && dfpa && rm_dfpa_set_comm(dfpa, res->comm_dfpa, err) != RM_OK)
                dfpa_active = 0; /* a time that is not finite: keep the distribution */
            if (o->policy == RM_POLICY_DYNAMIC && !dfpa_active && imb > o->eps &&
                rm_dfpa_restart(dfpa, cols, NULL, err) == RM_OK)
                dfpa_active = 1;
            for (int i = 0; i < q; i++)
                ncols[i] = cols[i];
            if (dfpa_active && s < steps) {
                rm_dfpa_state state;
                double times[64], *tp = q <= 64 ? times : malloc(sizeof(double) * (size_t)q);
                for (int i = 0; tp && i < q; i++)
                    tp[i] = gc[4 * i] > 0 ? gc[4 * i] : 1e-9;
                if (tp && rm_dfpa_step(dfpa, tp, ncols, &state, err) == RM_OK) {
                    res->dfpa_iterations++;
                    if (state != RM_DFPA_RUNNING)
                        dfpa_active = 0;
                } else {
                    dfpa_active = 0;
                }
                if (tp != times)
                    free(tp);
            }
            for (int i = 0; i < q; i++)
                changed |= ncols[i] != cols[i];
        }
        MPI_Bcast(&changed, 1, MPI_INT, 0, ring);
        if (changed) {
            MPI_Bcast(ncols, q, MPI_LONG, 0, ring);
            if (redistribute(ring, q, k, n, cols, ncols, &a, &b)) {
                rc = MPI_ERR_OTHER;
                break;
            }
            long moved = 0, p0 = 0, q0 = 0;
            for (int i = 0; i < q; i++) { /* columns whose owner changed */
                long lo = p0 > q0 ? p0 : q0, hi = p0 + cols[i] < q0 + ncols[i] ? p0 + cols[i] : q0 + ncols[i];
                moved += cols[i] - (hi > lo ? hi - lo : 0);
                p0 += cols[i];
                q0 += ncols[i];
            }
            res->cols_moved += moved;
            res->rebalances++;
            memcpy(cols, ncols, sizeof(long) * (size_t)q);
            c = cols[k];
        }
        MPI_Bcast(&dfpa_active, 1, MPI_INT, 0, ring);
        if (dfpa_phase && !dfpa_active) {
            dfpa_phase = 0;
            res->dfpa_time = MPI_Wtime() - start;
            res->dfpa_steps = s;
        }
    }
    double wall = MPI_Wtime() - start;
    int bad = rc != MPI_SUCCESS, bad_all = 0;
    MPI_Allreduce(&bad, &bad_all, 1, MPI_INT, MPI_MAX, ring);
    if (!bad_all) {
        MPI_Allreduce(&wall, &res->wall, 1, MPI_DOUBLE, MPI_MAX, ring);
        if (dfpa_phase) { /* still running at the end */
            res->dfpa_time = wall;
            res->dfpa_steps = steps;
        }
        if (k == 0) {
            for (int i = 0; i < q; i++)
                res->pred_last[i] = NAN;
            if (dfpa) {
                double *pt = malloc(sizeof(double) * (size_t)q);
                const long *d = rm_dfpa_distribution(dfpa);
                int same = pt && !memcmp(d, cols, sizeof(long) * (size_t)q);
                if (same && !isnan(rm_dfpa_predict(dfpa, pt)))
                    for (int i = 0; i < q; i++)
                        res->pred_last[i] =
                            o->overlap ? rm_fpm_time_hull(rm_dfpa_model(dfpa, i), (double)d[i])
                                       : pt[i] - res->comm_dfpa[i];
                free(pt);
            }
        }
        if (o->gather && !rmi_stencil_gather_grid(ring, q, k, n, cols, a, res->grid))
            bad_all = 1;
    }
    free(ncols);
    free(a);
    free(b);
    free(tc);
    free(tm);
    free(tb);
    free(gc);
    rm_dfpa_free(dfpa);
    if (bad_all) {
        rmi_balance_result_destroy(res);
        return rm_error_set(err, RM_EINTERNAL, "balance: MPI communication or memory failure");
    }
    return RM_OK;
}
