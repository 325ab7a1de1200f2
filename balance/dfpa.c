/*
 * dfpa.c — the distributed functional partitioning algorithm of Lastovetsky and Reddy §2
 * as an object a solver drives: it hands out a distribution, the solver runs
 * it and reports the measured times, DFPA refines the partial models with
 * the new points (three insertion cases) and repartitions, until the times
 * agree within eps. The ring's communication (Legrand et al. 2004 eq. (1)) enters as a
 * constant per position.
 */
#include "balance/balance_internal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

struct rm_dfpa {
    int p;
    long n;
    rm_dfpa_options opt; /* comm/start point to the copies below */
    double *comm;        /* p, all 0 when none was given */
    long *d;             /* current distribution (to run next) */
    long *next;          /* scratch for the repartition */
    /* scratch for a repartition over the processors that have a model (a
       processor started at 0 units has none: it keeps 0) */
    int *idx;
    rm_fpm *sub;
    double *sub_comm;
    long *sub_d;
    rm_fpm *models;      /* p partial models */
    rm_dfpa_stats stats;
};

void rm_dfpa_options_init(rm_dfpa_options *opt)
{
    if (!opt)
        return;
    memset(opt, 0, sizeof *opt); /* and the reserved tail */
    opt->eps = 0.05;
    opt->min_units = 0;
    opt->max_iter = 50;
    opt->comm = NULL;
    opt->start = NULL;
}

static long floor_units(const rm_dfpa *a)
{
    return a->opt.min_units > 1 ? a->opt.min_units : 1;
}

static rm_status check_comm(int p, const double *comm, rm_error *err)
{
    if (!comm)
        return RM_OK;
    for (int i = 0; i < p; i++)
        if (!isfinite(comm[i]) || comm[i] < 0)
            return rm_error_set(err, RM_EINPUT,
                                "DFPA: communication time comm[%d] = %g s (need finite >= 0)", i,
                                comm[i]);
    return RM_OK;
}

/* The overlap fields (rm_dfpa_options, 1.3): zero unless overlap is on. */
static rm_status check_overlap(const rm_dfpa_options *o, rm_error *err)
{
    double F = o->overlap_boundary, B = o->overlap_boundary_units;
    if (!o->overlap && (F != 0.0 || B != 0.0))
        return rm_error_set(err, RM_EINPUT,
                            "DFPA: overlap_boundary (%g) and overlap_boundary_units (%g) need "
                            "overlap on",
                            F, B);
    if (!isfinite(F) || F < 0 || F > 1)
        return rm_error_set(err, RM_EINPUT,
                            "DFPA: overlap_boundary = %g (need a fraction, finite in [0, 1])", F);
    if (!isfinite(B) || B < 0)
        return rm_error_set(err, RM_EINPUT,
                            "DFPA: overlap_boundary_units = %g (need finite >= 0)", B);
    return RM_OK;
}

/* start: p entries >= lo summing to n. */
static rm_status check_start(const rm_dfpa *a, const long *start, long lo, rm_error *err)
{
    long sum = 0;
    for (int i = 0; i < a->p; i++) {
        if (start[i] < lo)
            return rm_error_set(err, RM_EINPUT,
                                "DFPA: start distribution gives %ld units to processor %d (need >= %ld)",
                                start[i], i, lo);
        if (start[i] > a->n - sum)
            return rm_error_set(err, RM_EINPUT, "DFPA: start distribution exceeds n = %ld", a->n);
        sum += start[i];
    }
    if (sum != a->n)
        return rm_error_set(err, RM_EINPUT, "DFPA: start distribution sums to %ld, not n = %ld",
                            sum, a->n);
    return RM_OK;
}

static void even_start(rm_dfpa *a)
{
    long q = a->n / a->p, r = a->n % a->p;
    for (int i = 0; i < a->p; i++)
        a->d[i] = q + (i < r ? 1 : 0);
}

static void reset_stats(rm_dfpa *a)
{
    memset(&a->stats, 0, sizeof a->stats);
    a->stats.imbalance = NAN;
    a->stats.t_max = NAN;
    a->stats.state = RM_DFPA_RUNNING;
}

void rm_dfpa_free(rm_dfpa *a)
{
    if (!a)
        return;
    if (a->models)
        for (int i = 0; i < a->p; i++)
            rm_fpm_destroy(&a->models[i]);
    free(a->models);
    free(a->comm);
    free(a->d);
    free(a->next);
    free(a->idx);
    free(a->sub);
    free(a->sub_comm);
    free(a->sub_d);
    free(a);
}

rm_status rm_dfpa_new(int p, long n, const rm_dfpa_options *opt, rm_dfpa **out, rm_error *err)
{
    if (!out)
        return rm_error_set(err, RM_EINVAL, "rm_dfpa_new: out is NULL");
    *out = NULL;
    rm_dfpa_options def;
    if (!opt) {
        rm_dfpa_options_init(&def);
        opt = &def;
    }
    if (p < 1)
        return rm_error_set(err, RM_EINPUT, "DFPA: %d processors (need >= 1)", p);
    if (!isfinite(opt->eps) || opt->eps < 0)
        return rm_error_set(err, RM_EINPUT, "DFPA: eps = %g (need finite >= 0)", opt->eps);
    if (opt->max_iter < 1)
        return rm_error_set(err, RM_EINPUT, "DFPA: max_iter = %d (need >= 1)", opt->max_iter);
    if (opt->min_units < 0)
        return rm_error_set(err, RM_EINPUT, "DFPA: min_units = %ld (need >= 0)", opt->min_units);
    /* a given start may hold 0-unit positions when min_units is 0 (the
       alpha = 0 positions of Legrand et al. 2004 eq. (1)); the even start needs
       a unit each */
    long lo = opt->start ? opt->min_units : (opt->min_units > 1 ? opt->min_units : 1);
    if (n < 1 || (lo > 0 && (long)p > n / lo))
        return rm_error_set(err, RM_EINPUT,
                            "DFPA: n = %ld units cannot give %d processors %ld each", n, p, lo);
    rm_status st = check_comm(p, opt->comm, err);
    if (st)
        return st;
    st = check_overlap(opt, err);
    if (st)
        return st;
    rm_dfpa *a = calloc(1, sizeof *a);
    if (!a)
        return rm_error_set(err, RM_ENOMEM, "DFPA: out of memory");
    a->p = p;
    a->n = n;
    a->opt = *opt;
    a->comm = calloc((size_t)p, sizeof *a->comm);
    a->d = calloc((size_t)p, sizeof *a->d);
    a->next = calloc((size_t)p, sizeof *a->next);
    a->models = calloc((size_t)p, sizeof *a->models);
    a->idx = calloc((size_t)p, sizeof *a->idx);
    a->sub = calloc((size_t)p, sizeof *a->sub);
    a->sub_comm = calloc((size_t)p, sizeof *a->sub_comm);
    a->sub_d = calloc((size_t)p, sizeof *a->sub_d);
    if (!a->comm || !a->d || !a->next || !a->models || !a->idx || !a->sub || !a->sub_comm ||
        !a->sub_d) {
        rm_dfpa_free(a);
        return rm_error_set(err, RM_ENOMEM, "DFPA: out of memory");
    }
    for (int i = 0; i < p; i++)
        rm_fpm_init(&a->models[i]);
    if (opt->comm)
        memcpy(a->comm, opt->comm, sizeof *a->comm * (size_t)p);
    a->opt.comm = NULL;
    a->opt.start = NULL;
    if (opt->start) {
        st = check_start(a, opt->start, opt->min_units, err);
        if (st) {
            rm_dfpa_free(a);
            return st;
        }
        memcpy(a->d, opt->start, sizeof *a->d * (size_t)p);
    } else {
        even_start(a);
    }
    reset_stats(a);
    *out = a;
    return RM_OK;
}

const long *rm_dfpa_distribution(const rm_dfpa *a)
{
    return a ? a->d : NULL;
}

const rm_fpm *rm_dfpa_model(const rm_dfpa *a, int i)
{
    if (!a || i < 0 || i >= a->p)
        return NULL;
    return &a->models[i];
}

void rm_dfpa_stats_get(const rm_dfpa *a, rm_dfpa_stats *st)
{
    if (a && st)
        *st = a->stats;
}

double rm_dfpa_predict(const rm_dfpa *a, double *times)
{
    if (!a || a->stats.iterations == 0)
        return NAN;
    if (a->opt.overlap)
        return rm_fpm_step_time_overlap(a->p, a->models, a->comm, a->opt.overlap_boundary,
                                        a->opt.overlap_boundary_units, a->d, times);
    return rm_fpm_step_time(a->p, a->models, a->comm, a->d, times);
}

rm_status rm_dfpa_step(rm_dfpa *a, const double *times, long *next, rm_dfpa_state *state,
                       rm_error *err)
{
    if (!a || !times)
        return rm_error_set(err, RM_EINVAL, "rm_dfpa_step: %s is NULL", !a ? "a" : "times");
    int p = a->p;
    for (int i = 0; i < p; i++)
        if (a->d[i] > 0 && (!isfinite(times[i]) || times[i] <= 0))
            return rm_error_set(err, RM_EINPUT,
                                "DFPA: measured time of processor %d = %g s for %ld units (need finite > 0)",
                                i, times[i], a->d[i]);
    /* room first, so that the insertions below cannot fail half-way */
    for (int i = 0; i < p; i++) {
        rm_status st = rmi_fpm_reserve(&a->models[i], a->models[i].n + 1, err);
        if (st)
            return st;
    }
    double tmax = 0.0, tmin = INFINITY, floor_max = 0.0;
    const int ov = a->opt.overlap;
    const double F = a->opt.overlap_boundary, B = a->opt.overlap_boundary_units;
    for (int i = 0; i < p; i++) {
        double Ti = a->comm[i];
        if (a->d[i] > 0) {
            rm_fpm_case c;
            if (rm_fpm_add(&a->models[i], (double)a->d[i], times[i], &c, err))
                return rm_error_set(err, RM_EINTERNAL, "DFPA: point insertion failed");
            a->stats.cases[c]++;
            if (!ov) {
                Ti += times[i];
            } else {
                /* max(t - b, comm) + b = max(t, comm + b), b = min(t, F t +
                   t^(min(d, B))): the measured t, the boundary of the model */
                double t = times[i], b = F * t;
                if (B > 0)
                    b += (double)a->d[i] <= B ? t : rm_fpm_time_hull(&a->models[i], B);
                if (b > t)
                    b = t;
                Ti = a->comm[i] + b > t ? a->comm[i] + b : t;
            }
        }
        if (Ti > tmax)
            tmax = Ti;
        if (a->d[i] > a->opt.min_units && Ti < tmin)
            tmin = Ti;
        if (ov) { /* the least time position i can have: at min_units (or 0) */
            double f = a->d[i] > a->opt.min_units && a->opt.min_units > 0
                           ? rm_fpm_host_time_overlap(&a->models[i], (double)a->opt.min_units,
                                                      a->comm[i], F, B)
                       : a->d[i] > a->opt.min_units ? a->comm[i] : Ti;
            if (f > floor_max)
                floor_max = f;
        }
    }
    /* under overlap a position's time has a floor (its communication, plus
       its boundary): when the slowest is at the largest floor no
       distribution is faster, and the times below it need not rise to it */
    if (ov && isfinite(tmin) && floor_max > tmin)
        tmin = floor_max < tmax ? floor_max : tmax;
    a->stats.iterations++;
    a->stats.t_max = tmax;
    a->stats.imbalance = (isfinite(tmin) && tmin > 0) ? (tmax - tmin) / tmin : 0.0;
    if (a->stats.imbalance <= a->opt.eps) {
        a->stats.state = RM_DFPA_BALANCED;
    } else {
        /* every processor with units has a model; one without units and
           without a model (a 0-unit start, min_units 0) cannot be placed:
           it keeps 0 and the others share the n units */
        int pm = 0;
        for (int i = 0; i < p; i++)
            if (a->models[i].n > 0)
                a->idx[pm++] = i;
        rm_status st;
        if (pm == p) {
            st = ov ? rm_fpm_partition_overlap(p, a->models, a->comm, F, B, a->n,
                                               a->opt.min_units, a->next, NULL, err)
                    : rm_fpm_partition(p, a->models, a->comm, a->n, a->opt.min_units, a->next,
                                       NULL, err);
        } else {
            for (int j = 0; j < pm; j++) {
                a->sub[j] = a->models[a->idx[j]]; /* read-only views */
                a->sub_comm[j] = a->comm[a->idx[j]];
            }
            st = ov ? rm_fpm_partition_overlap(pm, a->sub, a->sub_comm, F, B, a->n,
                                               a->opt.min_units, a->sub_d, NULL, err)
                    : rm_fpm_partition(pm, a->sub, a->sub_comm, a->n, a->opt.min_units,
                                       a->sub_d, NULL, err);
            if (!st) {
                memset(a->next, 0, sizeof *a->next * (size_t)p);
                for (int j = 0; j < pm; j++)
                    a->next[a->idx[j]] = a->sub_d[j];
            }
        }
        if (st)
            return st;
        if (!memcmp(a->next, a->d, sizeof *a->d * (size_t)p))
            a->stats.state = RM_DFPA_STABLE;
        else if (a->stats.iterations >= a->opt.max_iter)
            a->stats.state = RM_DFPA_MAX_ITER;
        else
            a->stats.state = RM_DFPA_RUNNING;
        if (a->stats.state == RM_DFPA_RUNNING)
            memcpy(a->d, a->next, sizeof *a->d * (size_t)p);
    }
    if (next)
        memcpy(next, a->d, sizeof *a->d * (size_t)p);
    if (state)
        *state = a->stats.state;
    return RM_OK;
}

rm_status rm_dfpa_set_comm(rm_dfpa *a, const double *comm, rm_error *err)
{
    if (!a || !comm)
        return rm_error_set(err, RM_EINVAL, "rm_dfpa_set_comm: %s is NULL", a ? "comm" : "a");
    rm_status st = check_comm(a->p, comm, err);
    if (st)
        return st;
    memcpy(a->comm, comm, sizeof *a->comm * (size_t)a->p);
    return RM_OK;
}

rm_status rm_dfpa_restart(rm_dfpa *a, const long *start, const double *comm, rm_error *err)
{
    if (!a)
        return rm_error_set(err, RM_EINVAL, "rm_dfpa_restart: a is NULL");
    rm_status st = check_comm(a->p, comm, err);
    if (st)
        return st;
    int use_even = 0;
    if (start) {
        st = check_start(a, start, a->opt.min_units, err);
        if (st)
            return st;
    } else if (check_start(a, a->d, floor_units(a), NULL)) {
        use_even = 1; /* a processor at 0 units would have no model */
    }
    if (comm)
        memcpy(a->comm, comm, sizeof *a->comm * (size_t)a->p);
    if (start)
        memcpy(a->d, start, sizeof *a->d * (size_t)a->p);
    else if (use_even)
        even_start(a);
    for (int i = 0; i < a->p; i++)
        rm_fpm_clear(&a->models[i]);
    reset_stats(a);
    return RM_OK;
}
