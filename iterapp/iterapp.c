/*
 * iterapp.c — the MPI runtime program: runs a Jacobi 5-point heat stencil on
 * the ring of a mapping, with integer column counts from the optimal
 * allocation (include/ringmap/alloc.h), and reports per rank and per step the
 * computation and communication times, and the predicted T_step (eq. (1) of
 * Legrand et al. 2004 with the mapping's w and route bandwidths) against the measured
 * one, as a table and as JSON.
 *
 *   mpirun -np 4 iterapp --mapping MAP.json [--emulate] [--check] [--json F]
 *   mpirun -np 4 iterapp --weights 0.02,0.01,0.04 --rows 64 --check
 *   mpirun -np 4 iterapp --platform P.gml [--dc-dw R] [--heuristic slice]
 *
 * Units: a column of the n x m grid is (n-2) cell updates of 7 flops, so
 * D_w = m (n-2) 7e-6 Mflop per step; D_c = one column = 64 n bits = 64 n
 * 1e-6 Mb. Without --total-cols, m is chosen so that the run's D_c/D_w
 * equals the mapping's params.dc_dw: m = 64 n / (7 (n-2) dc_dw).
 * --emulate: ring position k behaves as a host of cycle-time w_k with routes
 * of the mapping's bandwidths (run.h: computation padded to cols_k (n-2) 7e-6
 * w_k s, communication to D_c (1/b_succ + 1/b_pred) s, times --time-scale).
 * Exit codes: 0 ok, 2 bad input, 1 internal failure, 3 --check mismatch.
 */
#include "iterapp/balance_main.h"
#include "iterapp/ringcomm.h"
#include "iterapp/ringspec.h"
#include "iterapp/run.h"
#include "iterapp/stencil.h"
#ifdef RM_SMPI
#include "iterapp/smpi_cores.h"
#endif
#include "ringmap/alloc.h"

#include <errno.h>
#include <float.h>
#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

typedef struct args {
    const char *mapping, *weights, *platform, *cols, *placement, *json, *alloc, *heuristic;
    long n, m, steps;
    double time_scale, dc_dw;
    int emulate, check, quiet, by_name, overlap, blocking;
    const char *balance, *emu_spec; /* --balance, --emulate SPEC: balance_main.h */
    const char *dfpa_comm;          /* --dfpa-comm measured|predicted|none, NULL = default */
    double eps;
    long period;
} args;

static void usage(FILE *f)
{
    fprintf(f,
            "Usage: mpirun -np P iterapp (--mapping MAP.json | --weights w0,w1,... |\n"
            "                             --platform P.gml [--dc-dw R] [--heuristic shared|slice])\n"
            "  [--rows n] [--total-cols m] [--steps N] [--cols c0,c1,...] [--alloc columns|alpha]\n"
            "  [--placement r0,r1,... | --by-name] [--emulate] [--time-scale s] [--check]\n"
            "  [--json FILE|-] [--quiet] [--overlap | --blocking]\n"
            "Runs a Jacobi 5-point stencil on the ring of the mapping (rank k = ring position k,\n"
            "vertical slabs of columns in ring order, periodic in x) and prints per-rank\n"
            "computation/communication times and predicted vs measured T_step.\n"
            "  --rows n          grid rows (>= 3, default 256; rows x columns <= 2^28)\n"
            "  --total-cols m    grid columns (default: D_c/D_w of the run = the mapping's dc_dw)\n"
            "  --steps N         iterations (default 100)\n"
            "  --cols LIST       explicit columns per ring position (default: the mapping's\n"
            "                    own columns when it has them for this many (ringmap --cols)\n"
            "                    and this run is its model's step, else the optimal integer\n"
            "                    allocation of eq. (1),\n"
            "                    include/ringmap/alloc.h rm_alloc_columns)\n"
            "  --alloc alpha     columns from the mapping's alpha only (rm_alloc_from_alpha)\n"
            "  --placement LIST  ring position of each MPI rank (-1 = idle); default rank k -> k\n"
            "  --by-name         place position k on a process whose host name is its label\n"
            "  --emulate         position k runs as a host of cycle-time w_k with the mapping's\n"
            "                    route bandwidths (padded computation and communication)\n"
            "  --time-scale s    multiply emulated times by s (default 1)\n"
            "  --check           compare the gathered grid with a sequential run, bit for bit\n"
            "  --overlap         overlapping stencil: post the halo exchange, compute the\n"
            "                    interior columns meanwhile, wait, compute the 2 boundary\n"
            "                    columns; predicted T_i = max(interior, comm) + boundary\n"
            "                    (the default for a mapping of the overlap model); with\n"
            "                    --balance, DFPA balances max(interior, comm) + boundary\n"
            "  --blocking        the blocking stencil (exchange, then all columns) even for a\n"
            "                    mapping of the overlap model\n"
            "  --json FILE       write the report as JSON ('-' = stdout)\n"
            "  --balance P       static|dfpa|dynamic: measure per period, DFPA (Lastovetsky\n"
            "                    and Reddy) at the start / again when the imbalance exceeds\n"
            "                    --eps; columns move\n"
            "  --eps E           balance accuracy (default 0.05); --period K steps (default 4)\n"
            "  --dfpa-comm S     DFPA's communication times: measured (each period, the least\n"
            "                    of 3 halo exchanges started together; the default without\n"
            "                    --emulate), predicted (D_c C_k of the mapping; the default\n"
            "                    with --emulate) or none (computation only)\n"
            "  --emulate SPEC    emulate (as --emulate) plus a spec file: 'cliff POS X F' (time\n"
            "                    per column x F above X columns), 'load POS S F' (F x slower\n"
            "                    from step S)\n");
}

static int parse_long(const char *s, long *v)
{
    char *e;
    errno = 0;
    long x = strtol(s, &e, 10);
    if (e == s || *e || errno)
        return -1;
    *v = x;
    return 0;
}

static int parse_double(const char *s, double *v)
{
    char *e;
    errno = 0;
    double x = strtod(s, &e);
    if (e == s || *e || !isfinite(x) || (errno && !(errno == ERANGE && fabs(x) <= DBL_MIN)))
        return -1; /* an underflow (subnormal, 1e-320) is accepted */
    *v = x;
    return 0;
}

/* Limits (hardening: refuse what cannot be computed): the grid
 * has at most 2^28 cells (2 GiB of doubles for --check), at most 10^9
 * steps, and an emulated run (--emulate, --time-scale) at most one day. */
#define ITERAPP_MAX_CELLS (1L << 28)
#define ITERAPP_MAX_STEPS 1000000000L
#define ITERAPP_MAX_EMULATED_S 86400.0

/* Parse "a,b,c" into at most cap longs, each in [lo, hi]; returns the count
 * or -1 (also for a value out of range: 4294967296 is not 0). */
static int parse_list(const char *s, long *out, int cap, long lo, long hi)
{
    int k = 0;
    const char *p = s;
    while (*p) {
        char *e;
        errno = 0;
        long x = strtol(p, &e, 10);
        if (e == p || errno || k >= cap || (*e != ',' && *e) || x < lo || x > hi)
            return -1;
        out[k++] = x;
        p = *e ? e + 1 : e;
    }
    return k;
}

/* Returns 0 ok, 2 bad usage, 1 help printed. */
static int parse_args(int argc, char **argv, args *a, char *msg, size_t msz)
{
    memset(a, 0, sizeof *a);
    a->n = 256;
    a->m = 0;
    a->steps = 100;
    a->time_scale = 1.0;
    a->dc_dw = 0.0064;
    a->alloc = "columns";
    a->heuristic = "shared";
    a->eps = 0.05;
    a->period = 4;
    for (int i = 1; i < argc; i++) {
        const char *o = argv[i];
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
        int takes = 1;
        if (!strcmp(o, "--help") || !strcmp(o, "-h"))
            return 1;
        else if (!strcmp(o, "--emulate")) {
            a->emulate = 1, takes = 0;
            if (v && v[0] != '-') /* --emulate SPEC (docs/balance.md) */
                a->emu_spec = v, takes = 1;
        } else if (!strcmp(o, "--balance") && v)
            a->balance = v;
        else if (!strcmp(o, "--dfpa-comm") && v)
            a->dfpa_comm = v;
        else if (!strcmp(o, "--eps") && v) {
            if (parse_double(v, &a->eps) || a->eps < 0) {
                snprintf(msg, msz, "--eps %s: expected a number >= 0", v);
                return 2;
            }
        } else if (!strcmp(o, "--period") && v) {
            if (parse_long(v, &a->period) || a->period < 1 || a->period > ITERAPP_MAX_STEPS) {
                snprintf(msg, msz, "--period %s: expected an integer in [1, 10^9]", v);
                return 2;
            }
        }
        else if (!strcmp(o, "--check"))
            a->check = 1, takes = 0;
        else if (!strcmp(o, "--overlap"))
            a->overlap = 1, takes = 0;
        else if (!strcmp(o, "--blocking"))
            a->blocking = 1, takes = 0;
        else if (!strcmp(o, "--quiet"))
            a->quiet = 1, takes = 0;
        else if (!strcmp(o, "--by-name"))
            a->by_name = 1, takes = 0;
        else if (!v) {
            snprintf(msg, msz, "%s: missing value (or unknown option)", o);
            return 2;
        } else if (!strcmp(o, "--mapping"))
            a->mapping = v;
        else if (!strcmp(o, "--weights"))
            a->weights = v;
        else if (!strcmp(o, "--platform"))
            a->platform = v;
        else if (!strcmp(o, "--cols"))
            a->cols = v;
        else if (!strcmp(o, "--placement"))
            a->placement = v;
        else if (!strcmp(o, "--json"))
            a->json = v;
        else if (!strcmp(o, "--alloc"))
            a->alloc = v;
        else if (!strcmp(o, "--heuristic"))
            a->heuristic = v;
        else if (!strcmp(o, "--rows")) {
            if (parse_long(v, &a->n) || a->n < 3 || a->n > ITERAPP_MAX_CELLS) {
                snprintf(msg, msz, "--rows %s: expected an integer in [3, 2^28]", v);
                return 2;
            }
        } else if (!strcmp(o, "--total-cols")) {
            if (parse_long(v, &a->m) || a->m < 1 || a->m > ITERAPP_MAX_CELLS) {
                snprintf(msg, msz, "--total-cols %s: expected an integer in [1, 2^28]", v);
                return 2;
            }
        } else if (!strcmp(o, "--steps")) {
            if (parse_long(v, &a->steps) || a->steps < 0 || a->steps > ITERAPP_MAX_STEPS) {
                snprintf(msg, msz, "--steps %s: expected an integer in [0, 10^9]", v);
                return 2;
            }
        } else if (!strcmp(o, "--time-scale")) {
            if (parse_double(v, &a->time_scale) || a->time_scale <= 0) {
                snprintf(msg, msz, "--time-scale %s: expected a number > 0", v);
                return 2;
            }
        } else if (!strcmp(o, "--dc-dw")) {
            if (parse_double(v, &a->dc_dw) || a->dc_dw < 0) {
                snprintf(msg, msz, "--dc-dw %s: expected a number >= 0", v);
                return 2;
            }
        } else {
            snprintf(msg, msz, "%s: unknown option", o);
            return 2;
        }
        i += takes;
    }
    int src = !!a->mapping + !!a->weights + !!a->platform;
    if (src != 1) {
        snprintf(msg, msz, "give exactly one of --mapping, --weights, --platform");
        return 2;
    }
    /* --json never overwrites an input (the mapping or platform read) */
    const char *inputs[] = {a->mapping, a->platform};
    for (size_t k = 0; a->json && strcmp(a->json, "-") && k < 2; k++) {
        struct stat so, si;
        if (inputs[k] &&
            (!strcmp(inputs[k], a->json) ||
             (stat(a->json, &so) == 0 && stat(inputs[k], &si) == 0 && so.st_dev == si.st_dev &&
              so.st_ino == si.st_ino && S_ISREG(so.st_mode)))) {
            snprintf(msg, msz, "--json %s: it is the input file %s; refusing to overwrite it",
                     a->json, inputs[k]);
            return 2;
        }
    }
    if (a->m && a->m > ITERAPP_MAX_CELLS / a->n) {
        snprintf(msg, msz, "--rows %ld --total-cols %ld: more than 2^28 grid cells", a->n, a->m);
        return 2;
    }
    if (strcmp(a->alloc, "columns") && strcmp(a->alloc, "alpha")) {
        snprintf(msg, msz, "--alloc %s: expected columns or alpha", a->alloc);
        return 2;
    }
    if (a->dfpa_comm && strcmp(a->dfpa_comm, "measured") && strcmp(a->dfpa_comm, "predicted") &&
        strcmp(a->dfpa_comm, "none")) {
        snprintf(msg, msz, "--dfpa-comm %s: expected measured, predicted or none", a->dfpa_comm);
        return 2;
    }
    if (a->balance && strcmp(a->balance, "static") && strcmp(a->balance, "dfpa") &&
        strcmp(a->balance, "dynamic")) {
        snprintf(msg, msz, "--balance %s: expected static, dfpa or dynamic", a->balance);
        return 2;
    }
    if (a->overlap && a->blocking) {
        snprintf(msg, msz, "--overlap and --blocking: give one");
        return 2;
    }
    int h; /* the greedy heuristics by the library's names (rm_enum_from_name) */
    if (rm_enum_from_name(RM_ENUM_HEURISTIC, a->heuristic, &h) ||
        (h != RM_HEUR_SHARED && h != RM_HEUR_SLICE)) {
        snprintf(msg, msz, "--heuristic %s: expected shared or slice", a->heuristic);
        return 2;
    }
    return 0;
}

static rm_status load_spec(const args *a, rm_ringspec **spec, rm_error *err)
{
    if (a->mapping)
        return rmi_ringspec_read_json(a->mapping, spec, err);
    if (a->weights)
        return rmi_ringspec_from_weights(a->weights, spec, err);
#ifdef RM_ITERAPP_NO_PLATFORM /* the SMPI build links only what it needs */
    return rm_error_set(err, RM_EINPUT, "--platform: not in this build (use --mapping)");
#else
    rm_read_options ro;
    rm_read_options_init(&ro);
    rm_platform *p = NULL;
    rm_status st = rm_platform_read(a->platform, &ro, &p, err);
    if (st)
        return st;
    rm_options opt;
    rm_options_init(&opt);
    opt.cost.dc_dw = a->dc_dw;
    int h = RM_HEUR_SHARED; /* checked by the argument parser: shared or slice */
    rm_enum_from_name(RM_ENUM_HEURISTIC, a->heuristic, &h);
    opt.heuristic = (rm_heuristic)h;
    rm_mapping *m = NULL;
    st = rm_map(p, &opt, &m, err);
    if (st == RM_OK)
        st = rmi_ringspec_from_mapping(p, m, spec, err);
    rm_mapping_free(m);
    rm_platform_free(p);
    return st;
#endif
}

static double mean(const double *x, long n)
{
    double s = 0;
    for (long i = 0; i < n; i++)
        s += x[i];
    return n ? s / (double)n : 0.0;
}

/* The report at ring rank 0; returns the exit code (0, or 3 on mismatch). */
static int report(const args *a, const rm_ringspec *spec, const long *cols, long m,
                  const int *world_of_pos, const double *C, const rm_stencil_result *res,
                  int checked, int bitexact, long first_diff)
{
    const int q = spec->q;
    const long n = a->n, steps = a->steps;
    const double colwork = (double)(n - 2) * RM_STENCIL_FLOPS_PER_CELL * 1e-6; /* Mflop */
    const double D_w = colwork * (double)m, D_c = 64.0 * (double)n * 1e-6;   /* Mflop, Mb */
    const double dc_dw_run = D_c / D_w, sc = a->time_scale;
    double t_pred = 0.0;
    long nb_all = 0;
    double *pc = malloc(sizeof(double) * (size_t)q * 8);
    if (!pc)
        return 1;
    double *pm = pc + q, *mc = pc + 2 * q, *mm = pc + 3 * q, *alpha_run = pc + 4 * q;
    double *pb = pc + 5 * q, *mb = pc + 6 * q, *pt = pc + 7 * q; /* overlapping mode */
    for (int k = 0; k < q; k++) {
        long nb = rmi_stencil_boundary_cols(cols[k]);
        nb_all += nb;
        pc[k] = (double)cols[k] * colwork * spec->w[k] * sc;
        /* the mapping's one-step fluid cost where it has one for this D_c */
        pm[k] = D_c * rmi_ringspec_cost_predicted(spec, D_c, C, k) * sc;
        /* blocking: eq. (1) of Legrand et al. 2004; overlapping: the interior
         * hides the exchange, the boundary cannot (Weissman §4.1.2 Eq. 4.10
         * with a boundary part b_k = nb colwork w_k) */
        pb[k] = a->overlap ? (double)nb * colwork * spec->w[k] * sc : 0.0;
        pt[k] = a->overlap ? fmax(pc[k] - pb[k], pm[k]) + pb[k] : pc[k] + pm[k];
        if (pt[k] > t_pred)
            t_pred = pt[k];
        mc[k] = mean(res->comp + (size_t)k * (size_t)steps, steps);
        mm[k] = mean(res->comm + (size_t)k * (size_t)steps, steps);
        mb[k] = res->bnd ? mean(res->bnd + (size_t)k * (size_t)steps, steps) : 0.0;
    }
    /* measured communication far above the prediction: name the likely cause */
    double mm_sum = 0.0, pm_sum = 0.0;
    for (int k = 0; k < q; k++)
        mm_sum += mm[k], pm_sum += pm[k];
    if (q > 1 && pm_sum > 0.0 && mm_sum > 2.0 * pm_sum)
        fprintf(stderr,
                "iterapp: warning: the measured communication, %.4g ms per step (mean of the "
                "ranks), is %.3g x its prediction %.4g ms: %s\n",
                mm_sum / q * 1e3, mm_sum / pm_sum, pm_sum / q * 1e3,
                spec->cost.latency
                    ? "the links deliver less than the platform says (remeasure them, or other "
                      "traffic shares them)"
                    : "the mapping counts no latency (cost D_c/b alone): if the platform was "
                      "measured, its latencies may dwarf the transfers; map with --latency "
                      "--dc X --dw Y (docs/cluster-to-run.md)");
    /* rational alphas at this D_c/D_w: eq. (5), or the overlap model's balance
     * (rm_balance_model) with the run's absolute boundary, 2 of the m columns
     * on every position (b/D_w = 2/m: the integer prediction above at
     * rational columns) */
    rm_cost_model cm = spec->cost;
    cm.dc_dw = dc_dw_run;
    cm.overlap = a->overlap;
    cm.overlap_boundary = 0.0;
    cm.overlap_boundary_dw = a->overlap ? rmi_iterapp_boundary_dw(m) : 0.0;
    /* a position holds at least one column (ringmap's --overlap=2/m) */
    rm_cost_model_set_overlap_floor(
        &cm, a->overlap && m > 0 && 1.0 / (double)m < cm.overlap_boundary_dw ? 1.0 / (double)m
                                                                               : 0.0);
    double t_rat = rm_balance_model(q, spec->w, C, &cm, alpha_run) * D_w * sc;
    double t_map = spec->t_step_per_dw * D_w * sc;
    double t_meas = steps ? res->wall / (double)steps : 0.0;
    /* per step: the slowest rank's comp + comm */
    double *stepmax = malloc(sizeof(double) * (size_t)(steps + 1));
    if (!stepmax) {
        free(pc);
        return 1;
    }
    for (long s = 0; s < steps; s++) {
        double x = 0;
        for (int k = 0; k < q; k++) {
            double v = res->comp[(size_t)k * (size_t)steps + (size_t)s] +
                       res->comm[(size_t)k * (size_t)steps + (size_t)s];
            if (v > x)
                x = v;
        }
        stepmax[s] = x;
    }
    if (!a->quiet) {
#ifdef RM_SMPI
        const char *mode = ", simulated by SimGrid SMPI";
#else
        const char *mode = a->emulate ? ", emulated hosts and links"
                                      : " (not emulated: times are this machine's)";
#endif
        printf("iterapp: Jacobi 5-point, %ld x %ld grid, %ld steps, ring of %d%s\n", n, m, steps,
               q, mode);
        printf("D_w = %.6g Mflop/step, D_c = %.6g Mb (one column), D_c/D_w = %.6g (mapping: "
               "%.6g), time scale %g\n",
               D_w, D_c, dc_dw_run, spec->cost.dc_dw, sc);
        if (a->overlap) {
            printf("overlapping stencil: boundary columns %ld of %ld (%ld on each position: "
                   "b/D_w %.6g)\n",
                   nb_all, m, rmi_stencil_boundary_cols(m), cm.overlap_boundary_dw);
            printf("%4s %5s %-12s %11s %9s %8s %6s %10s %10s %10s %10s %10s %10s %10s\n", "pos",
                   "rank", "host", "w(s/Mflop)", "alpha", "cols", "bnd", "inter(ms)", "pred(ms)",
                   "wait(ms)", "comm_pred", "bound(ms)", "pred(ms)", "T_i pred");
            for (int k = 0; k < q; k++)
                printf("%4d %5d %-12s %11.6g %9.5f %8ld %6ld %10.4f %10.4f %10.4f %10.4f %10.4f "
                       "%10.4f %10.4f\n",
                       k, world_of_pos[k], spec->label[k], spec->w[k], spec->alpha[k], cols[k],
                       rmi_stencil_boundary_cols(cols[k]), (mc[k] - mb[k]) * 1e3,
                       (pc[k] - pb[k]) * 1e3, mm[k] * 1e3, pm[k] * 1e3, mb[k] * 1e3,
                       pb[k] * 1e3, pt[k] * 1e3);
            printf("T_step predicted: %.4f ms (max(interior, communication) + boundary, integer "
                   "columns); %.4f ms (rational alphas, overlap model, absolute boundary "
                   "b/D_w %.4g); mapping's T_step/D_w * D_w: %.4f ms%s\n",
                   t_pred * 1e3, t_rat * 1e3, cm.overlap_boundary_dw, t_map * 1e3,
                   spec->cost.overlap ? "" : " (an additive mapping)");
        } else {
        printf("%4s %5s %-12s %11s %9s %9s %8s %8s %10s %10s %10s %10s\n", "pos", "rank", "host",
               "w(s/Mflop)", "alpha", "alpha_run", "cols", "cols/m", "comp(ms)", "pred(ms)",
               "comm(ms)", "pred(ms)");
        for (int k = 0; k < q; k++)
            printf("%4d %5d %-12s %11.6g %9.5f %9.5f %8ld %8.5f %10.4f %10.4f %10.4f %10.4f\n", k,
                   world_of_pos[k], spec->label[k], spec->w[k], spec->alpha[k], alpha_run[k],
                   cols[k], (double)cols[k] / (double)m, mc[k] * 1e3, pc[k] * 1e3, mm[k] * 1e3,
                   pm[k] * 1e3);
        printf("T_step predicted: %.4f ms (eq. (1), integer columns); %.4f ms (rational alphas "
               "at this D_c/D_w); mapping's T_step/D_w * D_w: %.4f ms\n",
               t_pred * 1e3, t_rat * 1e3, t_map * 1e3);
        }
        printf("T_step measured:  %.4f ms (wall / steps); mean slowest rank per step %.4f ms; "
               "measured/predicted = %.4f\n",
               t_meas * 1e3, mean(stepmax, steps) * 1e3, t_pred > 0 ? t_meas / t_pred : NAN);
        if (checked)
            printf("check: gathered grid %s the sequential run bit for bit%s\n",
                   bitexact ? "equals" : "DIFFERS from", bitexact ? "" : " (first difference "
                                                                        "reported in JSON)");
    }
    if (a->json) {
        json_t *r = json_object(), *ranks = json_array(), *sm = json_array();
        json_object_set_new(r, "n", json_integer(n));
        json_object_set_new(r, "m", json_integer(m));
        json_object_set_new(r, "steps", json_integer(steps));
        json_object_set_new(r, "q", json_integer(q));
        json_object_set_new(r, "emulate", json_boolean(a->emulate));
        json_object_set_new(r, "time_scale", json_real(sc));
        json_object_set_new(r, "d_w_mflop", json_real(D_w));
        json_object_set_new(r, "d_c_mb", json_real(D_c));
        json_object_set_new(r, "dc_dw_run", json_real(dc_dw_run));
        json_object_set_new(r, "dc_dw_mapping", isfinite(spec->cost.dc_dw) ? json_real(spec->cost.dc_dw)
                                                                       : json_null());
        json_object_set_new(r, "t_step_predicted", json_real(t_pred));
        json_object_set_new(r, "overlap", json_boolean(a->overlap));
        if (a->overlap) {
            json_object_set_new(r, "boundary_cols", json_integer(nb_all));
            json_object_set_new(r, "boundary_fraction", json_real((double)nb_all / (double)m));
            json_object_set_new(r, "boundary_dw", json_real(cm.overlap_boundary_dw));
        }
        json_object_set_new(r, "t_step_predicted_rational",
                            isfinite(t_rat) ? json_real(t_rat) : json_null());
        json_object_set_new(r, "t_step_mapping", isfinite(t_map) ? json_real(t_map) : json_null());
        json_object_set_new(r, "t_step_measured", json_real(t_meas));
        json_object_set_new(r, "t_step_measured_slowest_rank", json_real(mean(stepmax, steps)));
        json_object_set_new(r, "ratio_measured_predicted",
                            t_pred > 0 ? json_real(t_meas / t_pred) : json_null());
        json_object_set_new(r, "wall", json_real(res->wall));
        if (checked) {
            json_object_set_new(r, "bitexact", json_boolean(bitexact));
            json_object_set_new(r, "first_difference", bitexact ? json_null()
                                                                : json_integer(first_diff));
        }
        for (int k = 0; k < q; k++) {
            json_t *e = json_object(), *jc = json_array(), *jm = json_array();
            json_object_set_new(e, "pos", json_integer(k));
            json_object_set_new(e, "rank", json_integer(world_of_pos[k]));
            json_object_set_new(e, "label", json_string(spec->label[k]));
            json_object_set_new(e, "w", json_real(spec->w[k]));
            json_object_set_new(e, "alpha", json_real(spec->alpha[k]));
            json_object_set_new(e, "alpha_run", json_real(alpha_run[k]));
            json_object_set_new(e, "cols", json_integer(cols[k]));
            json_object_set_new(e, "comp_mean", json_real(mc[k]));
            json_object_set_new(e, "comm_mean", json_real(mm[k]));
            json_object_set_new(e, "comp_predicted", json_real(pc[k]));
            json_object_set_new(e, "comm_predicted", json_real(pm[k]));
            json_object_set_new(e, "t_predicted", json_real(pt[k]));
            json_t *jb = NULL;
            if (a->overlap) { /* comp = interior + boundary, comm = the wait */
                json_object_set_new(e, "boundary_cols",
                                    json_integer(rmi_stencil_boundary_cols(cols[k])));
                json_object_set_new(e, "interior_mean", json_real(mc[k] - mb[k]));
                json_object_set_new(e, "wait_mean", json_real(mm[k]));
                json_object_set_new(e, "boundary_mean", json_real(mb[k]));
                json_object_set_new(e, "interior_predicted", json_real(pc[k] - pb[k]));
                json_object_set_new(e, "boundary_predicted", json_real(pb[k]));
                jb = json_array();
                for (long s = 0; s < steps; s++)
                    json_array_append_new(
                        jb, json_real(res->bnd[(size_t)k * (size_t)steps + (size_t)s]));
            }
            for (long s = 0; s < steps; s++) {
                json_array_append_new(jc, json_real(res->comp[(size_t)k * (size_t)steps + (size_t)s]));
                json_array_append_new(jm, json_real(res->comm[(size_t)k * (size_t)steps + (size_t)s]));
            }
            json_object_set_new(e, "comp", jc);
            json_object_set_new(e, "comm", jm);
            if (jb)
                json_object_set_new(e, "boundary", jb);
            json_array_append_new(ranks, e);
        }
        for (long s = 0; s < steps; s++)
            json_array_append_new(sm, json_real(stepmax[s]));
        json_object_set_new(r, "ranks", ranks);
        json_object_set_new(r, "step_slowest_rank", sm);
        int rc = strcmp(a->json, "-") ? json_dump_file(r, a->json, JSON_INDENT(1) | JSON_REAL_PRECISION(10))
                                      : json_dumpf(r, stdout, JSON_INDENT(1) | JSON_REAL_PRECISION(10));
        json_decref(r);
        if (rc) {
            fprintf(stderr, "iterapp: cannot write %s\n", a->json);
            free(stepmax);
            free(pc);
            return 1;
        }
    }
    free(stepmax);
    free(pc);
    return checked && !bitexact ? 3 : 0;
}

/* Everything after MPI_Init; returns the local exit code. */
static int run(int argc, char **argv, int wrank, int wsize)
{
    args a;
    char msg[512] = "";
    int pr = parse_args(argc, argv, &a, msg, sizeof msg);
    if (pr == 1) {
        if (wrank == 0)
            usage(stdout);
        return 0;
    }
    if (pr == 2) {
        if (wrank == 0)
            fprintf(stderr, "iterapp: %s\n", msg);
        return 2;
    }
    rm_error err = {RM_OK, ""};
    rm_ringspec *spec = NULL;
    rm_status st = load_spec(&a, &spec, &err);
    if (st) {
        if (wrank == 0)
            fprintf(stderr, "iterapp: %s\n", err.msg);
        return rm_status_exit_code(st);
    }
#ifdef RM_SMPI
    if (wrank == 0) /* a multi-core mapping run by single-threaded ranks: said */
        rm_smpi_check_cores(spec, stderr);
#endif
    /* a mapping of the overlap model is run overlapping (its prediction is the
     * overlap model's; the run-time balance's DFPA under it), unless --blocking */
    if (spec->cost.overlap && !a.blocking)
        a.overlap = 1;
    if (wrank == 0 && spec->from_both)
        fprintf(stderr, "iterapp: %s: a --heuristic both mapping: running the ring it hands on\n",
                a.mapping);
    const int q = spec->q;
    int code = 0;
    long *cols = calloc((size_t)q, sizeof(long));
    int *pos = malloc(sizeof(int) * (size_t)wsize);
    int *world_of_pos = malloc(sizeof(int) * (size_t)q);
    double *C = malloc(sizeof(double) * (size_t)q * 3);
    if (!cols || !pos || !world_of_pos || !C) {
        code = 1;
        goto out;
    }
    double *emu_col = C + q, *emu_comm = C + 2 * q;
    const long n = a.n;
    const double colwork = (double)(n - 2) * RM_STENCIL_FLOPS_PER_CELL * 1e-6;
    const double D_c = 64.0 * (double)n * 1e-6;
    /* the mapping's own cost model (latency, parallel send) at this run's D_c */
    rmi_ringspec_costs_dc(spec, D_c, C);
    long m = a.m;
    if (a.cols) {
        int got = parse_list(a.cols, cols, q, 1, ITERAPP_MAX_CELLS);
        m = 0;
        for (int k = 0; k < got; k++)
            m += cols[k]; /* <= q 2^28: no overflow */
        if (got != q || m > ITERAPP_MAX_CELLS / n) {
            snprintf(msg, sizeof msg,
                     "--cols %s: expected %d integers >= 1 (ring of %d), at most 2^28 grid "
                     "cells in all",
                     a.cols, q, q);
            code = 2;
        }
    } else {
        if (m == 0) {
            double md = isfinite(spec->cost.dc_dw) && spec->cost.dc_dw > 0
                            ? round(D_c / (colwork * spec->cost.dc_dw)) : (double)n;
            if (!(md <= (double)(ITERAPP_MAX_CELLS / n))) {
                snprintf(msg, sizeof msg,
                         "D_c/D_w = %g of the mapping needs %.3g columns of %ld rows, more than "
                         "2^28 grid cells (give --total-cols)",
                         spec->cost.dc_dw, md, n);
                code = 2;
                goto out_msg;
            }
            m = (long)md;
            if (m < q)
                m = q;
        }
        double dc_dw_run = D_c / (colwork * (double)m);
        /* the mapping's own whole columns (ringmap --cols), made and judged
         * for its model's step: run as they are when this run is that step
         * (overlapping for a mapping of the overlap model, blocking for an
         * additive one) with as many columns */
        long given = 0;
        for (int k = 0; spec->cols && k < q; k++)
            given += spec->cols[k];
        if (!strcmp(a.alloc, "columns") && spec->cols && given == m &&
            !a.overlap == !spec->cost.overlap)
            memcpy(cols, spec->cols, (size_t)q * sizeof *cols);
        else if (!strcmp(a.alloc, "alpha"))
            st = rm_alloc_from_alpha(q, spec->alpha, m, cols, &err);
        else if (a.overlap) {
            /* overlapping: position k's step is max((c_k - b_k) t_k, D_c C_k) + b_k t_k
             * = max(c_k t_k, D_c C_k + b_k t_k), b_k = min(2, c_k) (t_k = one
             * column's time): the overlap model with the absolute boundary 2/m,
             * whose integer optimum is rm_alloc_columns_model's */
            rm_cost_model cm = spec->cost;
            cm.dc_dw = dc_dw_run;
            cm.overlap = 1;
            cm.overlap_boundary = 0.0;
            cm.overlap_boundary_dw = rmi_iterapp_boundary_dw(m);
            st = rm_alloc_columns_model(q, spec->w, C, &cm, m, 1, cols, &err);
        } else
            st = rm_alloc_columns(q, spec->w, C, dc_dw_run, m, 1, cols, &err);
        if (st) {
            snprintf(msg, sizeof msg, "%s", err.msg);
            code = rm_status_exit_code(st);
        }
    }
    for (int k = 0; !code && k < q; k++)
        if (cols[k] < 1) {
            snprintf(msg, sizeof msg,
                     "ring position %d (%s) gets %ld columns; the stencil needs >= 1 each "
                     "(more columns, or --alloc columns)",
                     k, spec->label[k], cols[k]);
            code = 2;
        }
    if (!code && q > wsize) {
        snprintf(msg, sizeof msg, "ring of %d positions needs at least %d MPI processes (have %d)",
                 q, q, wsize);
        code = 2;
    }
    for (int i = 0; !code && a.emulate && i < q; i++) { /* an emulated run ends within a day */
        double step = (double)cols[i] * spec->w[i] * colwork * a.time_scale + D_c * C[i] * a.time_scale;
        if (!(step * (double)a.steps <= ITERAPP_MAX_EMULATED_S)) {
            snprintf(msg, sizeof msg,
                     "--emulate: ring position %d would run %.3g s (%ld steps, time scale %g), "
                     "more than one day",
                     i, step * (double)a.steps, a.steps, a.time_scale);
            code = 2;
        }
    }
out_msg:
    if (code) {
        if (wrank == 0)
            fprintf(stderr, "iterapp: %s\n", msg);
        goto out;
    }
    /* the ring communicator */
    MPI_Comm ring = MPI_COMM_NULL;
    if (a.by_name) {
        st = rm_mpi_ring_comm_by_name(MPI_COMM_WORLD, q, (const char *const *)spec->label, &ring,
                                      &err);
    } else {
        for (int r = 0; r < wsize; r++)
            pos[r] = r < q ? r : -1;
        if (a.placement) {
            long *pl = malloc(sizeof(long) * (size_t)wsize);
            int got = pl ? parse_list(a.placement, pl, wsize, -1, q - 1) : -1;
            if (got < 0) {
                free(pl);
                if (wrank == 0)
                    fprintf(stderr,
                            "iterapp: --placement %s: expected at most %d integers in [-1, %d]\n",
                            a.placement, wsize, q - 1);
                code = 2;
                goto out;
            }
            for (int r = 0; r < wsize; r++)
                pos[r] = r < got ? (int)pl[r] : -1;
            free(pl);
        }
        st = rm_mpi_ring_comm(MPI_COMM_WORLD, q, pos, &ring, &err);
    }
    if (st) {
        if (wrank == 0)
            fprintf(stderr, "iterapp: %s\n", err.msg);
        code = rm_status_exit_code(st);
        goto out;
    }
    if (ring == MPI_COMM_NULL)
        goto out; /* idle process */
    int k;
    MPI_Comm_rank(ring, &k);
    MPI_Gather(&wrank, 1, MPI_INT, world_of_pos, 1, MPI_INT, 0, ring);
    for (int i = 0; i < q; i++) {
        emu_col[i] = spec->w[i] * colwork * a.time_scale;
        emu_comm[i] = D_c * C[i] * a.time_scale;
    }
    if (a.balance || a.emu_spec) { /* run-time balance: balance_main.c */
        rm_iterapp_balance_args ba = {spec, n, a.steps, a.period, cols,
            !a.balance || !strcmp(a.balance, "static") ? RM_POLICY_STATIC
            : !strcmp(a.balance, "dfpa")               ? RM_POLICY_DFPA
                                                       : RM_POLICY_DYNAMIC,
            a.eps, a.emulate ? emu_col : NULL, a.emulate ? emu_comm : NULL, a.emu_spec,
            a.check, a.quiet, a.json, a.overlap, NULL, 0};
        /* DFPA's communication: what the emulation sleeps when emulated,
           measured on a real run, unless --dfpa-comm says */
        const char *dc = a.dfpa_comm ? a.dfpa_comm : a.emulate ? "predicted" : "measured";
        ba.comm_measured = !strcmp(dc, "measured");
        ba.comm_pred = !strcmp(dc, "predicted") ? emu_comm : NULL;
        code = rmi_iterapp_balance(ring, &ba, &err);
        MPI_Comm_free(&ring);
        goto out;
    }
    rm_stencil_run_opts ro = {n, a.steps, cols, a.emulate ? emu_col : NULL,
                              a.emulate ? emu_comm : NULL, a.check, a.overlap};
    rm_stencil_result res;
    st = rmi_stencil_run(ring, &ro, &res, &err);
    if (st) {
        if (k == 0)
            fprintf(stderr, "iterapp: %s\n", err.msg);
        code = rm_status_exit_code(st);
    } else if (k == 0) {
        int bitexact = 0;
        long first = -1;
        if (a.check) {
            double *ref = malloc(sizeof(double) * (size_t)(n * m));
            if (!ref || rmi_stencil_sequential(n, m, a.steps, ref)) {
                fprintf(stderr, "iterapp: out of memory for the sequential check\n");
                free(ref);
                code = 1;
            } else {
                bitexact = memcmp(ref, res.grid, sizeof(double) * (size_t)(n * m)) == 0;
                for (long i = 0; !bitexact && i < n * m && first < 0; i++)
                    if (memcmp(&ref[i], &res.grid[i], sizeof(double)))
                        first = i;
                free(ref);
            }
        }
        if (!code)
            code = report(&a, spec, cols, m, world_of_pos, C, &res, a.check, bitexact, first);
    }
    rmi_stencil_result_destroy(&res);
    MPI_Comm_free(&ring);
out:
    free(cols);
    free(pos);
    free(world_of_pos);
    free(C);
    rmi_ringspec_free(spec);
    return code;
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int wrank, wsize;
    MPI_Comm_rank(MPI_COMM_WORLD, &wrank);
    MPI_Comm_size(MPI_COMM_WORLD, &wsize);
    int code = run(argc, argv, wrank, wsize), all = 0;
    MPI_Allreduce(&code, &all, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    MPI_Finalize();
    return all;
}
