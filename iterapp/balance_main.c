/*
 * balance_main.c — iterapp's --balance / --emulate SPEC driver: runs
 * rmi_balance_stencil_run on the ring, checks the grid against the
 * sequential run, and reports DFPA iterations, their share of the run, the
 * per-period imbalance, and per rank measured vs predicted times.
 */
#include "iterapp/balance_main.h"

#include "iterapp/stencil.h"

#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int rmi_iterapp_balance(MPI_Comm ring, const rm_iterapp_balance_args *ba, rm_error *err)
{
    int q, k;
    MPI_Comm_size(ring, &q);
    MPI_Comm_rank(ring, &k);
    const rm_ringspec *spec = ba->spec;
    rm_emu_host *emu = NULL;
    int code = 0;
    if (ba->emu_spec) {
        emu = malloc(sizeof *emu * (size_t)q);
        rm_status st = emu ? rmi_emu_spec_read(ba->emu_spec, spec, emu, err)
                           : rm_error_set(err, RM_ENOMEM, "out of memory");
        /* an emulated run ends within a day (iterapp.c's rule) with the
           spec's factors too: at worst a position holds every column */
        long m = 0;
        for (int i = 0; i < q; i++)
            m += ba->cols[i];
        for (int i = 0; !st && ba->emu_col && i < q; i++) {
            double f = emu[i].cliff_factor * emu[i].load_factor;
            double run = (double)ba->steps *
                         (ba->emu_col[i] * (double)m * f + (ba->emu_comm ? ba->emu_comm[i] : 0));
            if (!(run <= RM_EMU_MAX_SECONDS))
                st = rm_error_set(err, RM_EINPUT,
                                  "%s: ring position %d (factor %g) could run %.3g s (%ld steps, "
                                  "%ld columns), more than one day",
                                  ba->emu_spec, i, f, run, ba->steps, m);
        }
        if (st) {
            if (k == 0)
                fprintf(stderr, "iterapp: %s\n", err->msg);
            free(emu);
            return rm_status_exit_code(st);
        }
    }
    rm_balance_run_opts o = {ba->n, ba->steps, ba->period, ba->cols, ba->policy, ba->eps,
                             ba->emu_col, ba->emu_comm, emu, ba->check, ba->overlap,
                             ba->comm_measured ? NULL : ba->comm_pred, ba->comm_measured};
    long *cols0 = malloc(sizeof(long) * (size_t)q);
    if (cols0)
        memcpy(cols0, ba->cols, sizeof(long) * (size_t)q);
    rm_balance_result r;
    rm_status st = cols0 ? rmi_balance_stencil_run(ring, &o, &r, err) : RM_ENOMEM;
    if (st) {
        if (k == 0)
            fprintf(stderr, "iterapp: %s\n", cols0 ? err->msg : "out of memory");
        free(emu);
        free(cols0);
        return rm_status_exit_code(st ? st : RM_ENOMEM);
    }
    if (k != 0)
        goto out;
    long m = 0;
    for (int i = 0; i < q; i++)
        m += ba->cols[i];
    int bitexact = -1;
    if (ba->check) {
        double *ref = malloc(sizeof(double) * (size_t)(ba->n * m));
        if (!ref || rmi_stencil_sequential(ba->n, m, ba->steps, ref)) {
            fprintf(stderr, "iterapp: out of memory for the sequential check\n");
            code = 1;
        } else {
            bitexact = memcmp(ref, r.grid, sizeof(double) * (size_t)(ba->n * m)) == 0;
        }
        free(ref);
    }
    static const char *pname[] = {"static", "dfpa", "dynamic"};
    double tstep = ba->steps ? r.wall / (double)ba->steps : 0.0;
    double last = r.n_periods ? r.period_tstep[r.n_periods - 1] : NAN;
    double last_imb = r.n_periods ? r.period_imbalance[r.n_periods - 1] : NAN;
    /* static prediction: the emulated w without the cliff/load (what the
       platform file says) */
    if (!ba->quiet) {
        printf("iterapp --balance %s: %ld x %ld grid, %ld steps in periods of %ld, ring of %d%s%s\n",
               pname[ba->policy], ba->n, m, ba->steps, ba->period, q,
               ba->emu_col ? ", emulated" : "",
               ba->overlap ? ", overlapping (DFPA under the overlap model)" : "");
        printf("T_step measured: %.4f ms (wall / steps); last period %.4f ms, imbalance %.4f "
               "(eps %.3g)\n", tstep * 1e3, last * 1e3, last_imb, ba->eps);
        printf("DFPA: %d iterations; initial phase %.4f s over %ld steps = %.1f %% of the run; "
               "%d redistributions, %ld columns moved\n",
               r.dfpa_iterations, r.dfpa_time, r.dfpa_steps,
               r.wall > 0 ? 100.0 * r.dfpa_time / r.wall : 0.0, r.rebalances, r.cols_moved);
        printf("%4s %-12s %8s %8s %12s %12s %12s %12s\n", "pos", "host", "cols0", "cols",
               "comp(ms)", "pred_w(ms)", "pred_fpm(ms)", "comm(ms)");
        for (int i = 0; i < q; i++)
            printf("%4d %-12s %8ld %8ld %12.4f %12.4f %12.4f %12.4f\n", i, spec->label[i],
                   cols0[i], ba->cols[i], r.comp_last[i] * 1e3,
                   ba->emu_col ? ba->emu_col[i] * (double)ba->cols[i] * 1e3 : NAN,
                   r.pred_last[i] * 1e3, r.comm_last[i] * 1e3);
        printf("imbalance per period:");
        for (int p = 0; p < r.n_periods; p++)
            printf(" %.3f", r.period_imbalance[p]);
        printf("\n");
        if (ba->check)
            printf("check: gathered grid %s the sequential run bit for bit\n",
                   bitexact == 1 ? "equals" : "DIFFERS from");
    }
    if (ba->json) {
        json_t *j = json_object(), *ranks = json_array(), *per = json_array();
        json_object_set_new(j, "balance", json_string(pname[ba->policy]));
        json_object_set_new(j, "n", json_integer(ba->n));
        json_object_set_new(j, "m", json_integer(m));
        json_object_set_new(j, "steps", json_integer(ba->steps));
        json_object_set_new(j, "period", json_integer(ba->period));
        json_object_set_new(j, "eps", json_real(ba->eps));
        json_object_set_new(j, "overlap", json_boolean(ba->overlap));
        json_object_set_new(j, "dfpa_comm", json_string(ba->comm_measured ? "measured"
                                                        : ba->comm_pred   ? "predicted"
                                                                          : "none"));
        json_object_set_new(j, "q", json_integer(q));
        json_object_set_new(j, "wall", json_real(r.wall));
        json_object_set_new(j, "t_step_measured", json_real(tstep));
        json_object_set_new(j, "t_step_last_period", json_real(last));
        json_object_set_new(j, "imbalance_last_period", json_real(last_imb));
        json_object_set_new(j, "dfpa_iterations", json_integer(r.dfpa_iterations));
        json_object_set_new(j, "dfpa_time", json_real(r.dfpa_time));
        json_object_set_new(j, "dfpa_steps", json_integer(r.dfpa_steps));
        json_object_set_new(j, "dfpa_share", json_real(r.wall > 0 ? r.dfpa_time / r.wall : 0));
        json_object_set_new(j, "redistributions", json_integer(r.rebalances));
        json_object_set_new(j, "cols_moved", json_integer(r.cols_moved));
        if (ba->check)
            json_object_set_new(j, "bitexact", json_boolean(bitexact == 1));
        for (int p = 0; p < r.n_periods; p++) {
            json_t *e = json_object();
            json_object_set_new(e, "end_step", json_integer(r.period_end[p]));
            json_object_set_new(e, "imbalance", json_real(r.period_imbalance[p]));
            json_object_set_new(e, "t_step", json_real(r.period_tstep[p]));
            json_array_append_new(per, e);
        }
        for (int i = 0; i < q; i++) {
            json_t *e = json_object();
            json_object_set_new(e, "pos", json_integer(i));
            json_object_set_new(e, "label", json_string(spec->label[i]));
            json_object_set_new(e, "cols_start", json_integer(cols0[i]));
            json_object_set_new(e, "cols", json_integer(ba->cols[i]));
            json_object_set_new(e, "comp", json_real(r.comp_last[i]));
            json_object_set_new(e, "comm", json_real(r.comm_last[i]));
            json_object_set_new(e, "comm_measured", isfinite(r.comm_probe[i])
                                                        ? json_real(r.comm_probe[i])
                                                        : json_null());
            json_object_set_new(e, "comm_dfpa", json_real(r.comm_dfpa[i]));
            json_object_set_new(e, "comp_predicted_w",
                                ba->emu_col ? json_real(ba->emu_col[i] * (double)ba->cols[i])
                                            : json_null());
            json_object_set_new(e, "comp_predicted_fpm",
                                isfinite(r.pred_last[i]) ? json_real(r.pred_last[i]) : json_null());
            json_array_append_new(ranks, e);
        }
        json_object_set_new(j, "periods", per);
        json_object_set_new(j, "ranks", ranks);
        int rc = strcmp(ba->json, "-") ? json_dump_file(j, ba->json, JSON_INDENT(1) | JSON_REAL_PRECISION(10))
                                       : json_dumpf(j, stdout, JSON_INDENT(1) | JSON_REAL_PRECISION(10));
        json_decref(j);
        if (rc) {
            fprintf(stderr, "iterapp: cannot write %s\n", ba->json);
            code = 1;
        }
    }
    if (!code && ba->check && bitexact != 1)
        code = 3;
out:
    rmi_balance_result_destroy(&r);
    free(emu);
    free(cols0);
    return code;
}
