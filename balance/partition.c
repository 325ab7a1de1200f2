/*
 * partition.c — partitioning n units over p processors by their functional
 * performance models: the geometric algorithm of Lastovetsky and Reddy's [3] (the line
 * through the origin, found by bisection) and its exact integer version
 * (Boulet et al. 1999's incremental algorithm generalised to increasing costs, with
 * a threshold start), plus the ring's communication term of Legrand et al. 2004 eq. (1).
 */
#include "balance/balance_internal.h"

#include <math.h>
#include <stdlib.h>

static rm_status check_models(int p, const rm_fpm *models, const double *comm, const char *fn,
                              rm_error *err)
{
    if (p < 1)
        return rm_error_set(err, RM_EINPUT, "partitioning: %d processors (need >= 1)", p);
    if (!models)
        return rm_error_set(err, RM_EINVAL, "%s: models is NULL", fn);
    for (int i = 0; i < p; i++) {
        if (models[i].n < 1)
            return rm_error_set(err, RM_EINPUT,
                                "partitioning: processor %d has no measured point", i);
        if (comm && (!isfinite(comm[i]) || comm[i] < 0))
            return rm_error_set(err, RM_EINPUT,
                                "partitioning: communication time comm[%d] = %g s (need finite >= 0)",
                                i, comm[i]);
    }
    return RM_OK;
}

/* The most units rm_fpm_partition hands out: 2^53, every count exact as a double. */
#define RMI_FPM_MAX_UNITS 9007199254740992L

static double comm_of(const double *comm, int i)
{
    return comm ? comm[i] : 0.0;
}

/* Cost of the j-th unit of processor i: comm_i + t^_i(j). One expression for
 * every comparison, so the threshold start and the greedy see the same
 * doubles (and ties). With a one-point model (1, w) it is comm + j * w, the
 * unit value of alloc/alloc.c. */
static double unit_cost_additive(const rm_fpm *m, double comm, long j)
{
    return comm + rm_fpm_time_hull(m, (double)j);
}

/* The overlap model with speed functions (docs/balance.md, "DFPA under
 * overlap"): H(x) = max(t, comm + b), t = t^(x), b = min(t, F t +
 * t^(min(x, B))); nondecreasing in x, H(0) = comm. */
static double ov_time(const rm_fpm *m, double x, double comm, double F, double B)
{
    if (!(x > 0))
        return comm;
    double t = rm_fpm_time_hull(m, x);
    double b = F * t;
    if (B > 0)
        b += rm_fpm_time_hull(m, x < B ? x : B);
    if (b > t)
        b = t;
    double h = comm + b;
    return h > t ? h : t;
}

/* Largest x >= 0 with H(x) <= T (0 when T < comm: even x = 0 takes comm):
 * t^(x) <= T, and b(x) <= R = T - comm, i.e. t^(x) <= R (the whole work
 * as boundary) or, for x >= B, F t^(x) + t^(B) <= R. */
static double ov_inverse(const rm_fpm *m, double T, double comm, double F, double B)
{
    double R = T - comm;
    if (!(R >= 0))
        return 0.0;
    double xt = rmi_fpm_hull_inverse(m, T), xr = rmi_fpm_hull_inverse(m, R);
    double tB = B > 0 ? rm_fpm_time_hull(m, B) : 0.0;
    if (R >= tB) {
        double y = F > 0 ? rmi_fpm_hull_inverse(m, (R - tB) / F) : INFINITY;
        if (y >= B && y > xr)
            xr = y;
    }
    return xt < xr ? xt : xr;
}

/* How a processor's step time depends on its units: eq. (1)'s comm + t^
 * (ov = 0) or the overlap model's H (ov = 1, boundary F and B units). */
typedef struct fcost {
    const double *comm;
    int ov;
    double F, B;
} fcost;

static double unit_cost(const rm_fpm *m, const fcost *fc, int i, long j)
{
    double c = comm_of(fc->comm, i);
    return fc->ov ? ov_time(m, (double)j, c, fc->F, fc->B) : unit_cost_additive(m, c, j);
}

/* Largest real x with cost <= X: the guess count_below starts from. */
static double cost_inverse(const rm_fpm *m, const fcost *fc, int i, double X)
{
    double c = comm_of(fc->comm, i);
    return fc->ov ? ov_inverse(m, X, c, fc->F, fc->B) : rmi_fpm_hull_inverse(m, X - c);
}

/* The arguments of a rational partition (fn names it in the messages). */
static rm_status check_real(int p, const rm_fpm *models, const double *comm, double n,
                            const double *x, const char *fn, rm_error *err)
{
    rm_status st = check_models(p, models, comm, fn, err);
    if (st)
        return st;
    if (!x)
        return rm_error_set(err, RM_EINVAL, "%s: x is NULL", fn);
    if (!isfinite(n) || n <= 0)
        return rm_error_set(err, RM_EINPUT, "partitioning: n = %g units (need finite > 0)", n);
    return RM_OK;
}

/* The rational partition's step T in [lo, hi]: the root of sum_i x_i(T) =
 * n, x_i(T) = cost_inverse (nondecreasing in T), by bisection to the
 * doubles' resolution (Lastovetsky and Reddy §2's geometric partitioning);
 * x (p) gets the shares at it, *T (may be NULL) the step. O(p log(hi/eps)). */
static void real_root(int p, const rm_fpm *models, const fcost *fc, double n, double lo,
                      double hi, double *x, double *T)
{
    for (int it = 0; it < 2000; it++) {
        double mid = lo + (hi - lo) / 2;
        if (!(mid > lo && mid < hi) || hi - lo <= 1e-15 * hi)
            break;
        double sum = 0;
        for (int i = 0; i < p; i++)
            sum += cost_inverse(&models[i], fc, i, mid);
        if (sum < n)
            lo = mid;
        else
            hi = mid;
    }
    double Tm = lo + (hi - lo) / 2;
    for (int i = 0; i < p; i++)
        x[i] = cost_inverse(&models[i], fc, i, Tm);
    if (T)
        *T = Tm;
}

static rm_status check_boundary(double F, double B, rm_error *err)
{
    if (!isfinite(F) || F < 0 || F > 1)
        return rm_error_set(err, RM_EINPUT,
                            "partitioning: overlap boundary fraction %g (need finite in [0, 1])", F);
    if (!isfinite(B) || B < 0)
        return rm_error_set(err, RM_EINPUT,
                            "partitioning: overlap boundary of %g units (need finite >= 0)", B);
    return RM_OK;
}

rm_status rm_fpm_partition_real(int p, const rm_fpm *models, const double *comm, double n,
                                double *x, double *T, rm_error *err)
{
    rm_status st = check_real(p, models, comm, n, x, "rm_fpm_partition_real", err);
    if (st)
        return st;
    double lo = INFINITY, hi = 0.0;
    for (int i = 0; i < p; i++) {
        double c = comm_of(comm, i);
        if (c < lo)
            lo = c; /* no processor has work below: sum x = 0 < n */
        double v = c + rm_fpm_time_hull(&models[i], n); /* each x_i >= n above */
        if (v > hi)
            hi = v;
    }
    const fcost fc = {comm, 0, 0.0, 0.0};
    real_root(p, models, &fc, n, lo, hi, x, T);
    return RM_OK;
}

/* Units j in [min, cap] of processor i with cost <= X (at least min): the
 * largest such j, the model's cost being nondecreasing in j. Found from
 * the hull's inverse by a galloping then binary search (O(log) evaluations
 * also where many units cost the same double: a flat model, large j). */
static long count_below(const rm_fpm *m, const fcost *fc, int i, long min, long cap, double X)
{
    if (cap <= min || unit_cost(m, fc, i, min + 1) > X)
        return min;
    double q = floor(cost_inverse(m, fc, i, X));
    long g = !(q > (double)(min + 1)) ? min + 1 : q >= (double)cap ? cap : (long)q;
    long a, b, step = 1; /* cost(a) <= X; b > a is cap + 1 or cost(b) > X */
    if (unit_cost(m, fc, i, g) <= X) {
        a = g;
        b = g + 1;
        while (b <= cap && unit_cost(m, fc, i, b) <= X) {
            a = b;
            step *= 2;
            b = cap - a > step ? a + step : cap + 1;
        }
    } else {
        b = g;
        a = g - 1;
        while (unit_cost(m, fc, i, a) > X) { /* a = min + 1 is below X */
            b = a;
            step *= 2;
            a = a - (min + 1) > step ? a - step : min + 1;
        }
    }
    while (b - a > 1) {
        long mid = a + (b - a) / 2;
        if (unit_cost(m, fc, i, mid) <= X)
            a = mid;
        else
            b = mid;
    }
    return a;
}

static rm_status partition_int(int p, const rm_fpm *models, const fcost *fc, long n,
                               long min_units, long *d, const char *fn, rm_error *err)
{
    const double *comm = fc->comm;
    rm_status st = check_models(p, models, comm, fn, err);
    if (st)
        return st;
    if (!d)
        return rm_error_set(err, RM_EINVAL, "%s: d is NULL", fn);
    if (n < 0 || min_units < 0)
        return rm_error_set(err, RM_EINPUT, "partitioning: n = %ld, min_units = %ld (need >= 0)",
                            n, min_units);
    if (n > RMI_FPM_MAX_UNITS) /* beyond, unit counts are not exact doubles */
        return rm_error_set(err, RM_ELIMIT, "partitioning: n = %ld units, more than 2^53", n);
    if (min_units > 0 && (long)p > n / min_units)
        return rm_error_set(err, RM_EINPUT,
                            "partitioning: %d processors x %ld units minimum exceed n = %ld", p,
                            min_units, n);
    long base = (long)p * min_units;
    for (int i = 0; i < p; i++)
        d[i] = min_units;
    if (n > base) {
        /* lo: strictly below every processor's next unit, so count(lo) = base */
        double lo = INFINITY, hi = -INFINITY;
        for (int i = 0; i < p; i++) {
            double first = unit_cost(&models[i], fc, i, min_units + 1);
            if (first < lo)
                lo = first;
            double last = unit_cost(&models[i], fc, i, n); /* count_i(hi) = n */
            if (last > hi)
                hi = last;
        }
        lo = lo - fabs(lo) * 1e-9 - 1e-300;
        for (int it = 0; it < 2000; it++) {
            double mid = lo + (hi - lo) / 2;
            if (!(mid > lo && mid < hi))
                break;
            long sum = 0;
            for (int i = 0; i < p && sum <= n; i++)
                sum += count_below(&models[i], fc, i, min_units, n, mid);
            if (sum <= n)
                lo = mid;
            else
                hi = mid;
        }
        long sum = 0;
        for (int i = 0; i < p; i++) {
            d[i] = count_below(&models[i], fc, i, min_units, n, lo);
            sum += d[i];
        }
        if (sum > n) { /* cannot happen (count(lo) <= n by construction); be safe */
            for (int i = 0; i < p; i++)
                d[i] = min_units;
            sum = base;
        }
        /* greedy finish: next unit to the k of least comm_k + t^_k(d_k + 1),
           ties to the lowest index (Boulet et al. 1999's incremental algorithm).
           More than 65536 units left (a flat model or a huge n left
           billions of tied units, one at a time) with the bisection ended on
           adjacent doubles lo < hi: every unit left costs hi or more and
           those at hi are enough, and for costs nondecreasing in the units
           the greedy gives them in index order, each k taking its units of
           cost hi — done in one pass. A few units left (the usual case)
           take the greedy itself, also where rounding makes a model's costs
           wiggle. */
        if (n - sum > 65536 && nextafter(lo, INFINITY) == hi)
            for (int k = 0; k < p && sum < n; k++) {
                long upto = count_below(&models[k], fc, k, min_units, n, hi);
                long take = upto - d[k] < n - sum ? upto - d[k] : n - sum;
                if (take > 0) {
                    d[k] += take;
                    sum += take;
                }
            }
        for (; sum < n; sum++) {
            int best = 0;
            double bv = unit_cost(&models[0], fc, 0, d[0] + 1);
            for (int k = 1; k < p; k++) {
                double v = unit_cost(&models[k], fc, k, d[k] + 1);
                if (v < bv) {
                    bv = v;
                    best = k;
                }
            }
            d[best]++;
        }
    }
    return RM_OK;
}

rm_status rm_fpm_partition(int p, const rm_fpm *models, const double *comm, long n,
                           long min_units, long *d, double *T, rm_error *err)
{
    fcost fc = {comm, 0, 0.0, 0.0};
    rm_status st = partition_int(p, models, &fc, n, min_units, d, "rm_fpm_partition", err);
    if (!st && T)
        *T = rm_fpm_step_time(p, models, comm, d, NULL);
    return st;
}

rm_status rm_fpm_partition_overlap(int p, const rm_fpm *models, const double *comm,
                                   double boundary, double boundary_units, long n,
                                   long min_units, long *d, double *T, rm_error *err)
{
    rm_status st = check_boundary(boundary, boundary_units, err);
    if (st)
        return st;
    fcost fc = {comm, 1, boundary, boundary_units};
    st = partition_int(p, models, &fc, n, min_units, d, "rm_fpm_partition_overlap", err);
    if (!st && T)
        *T = rm_fpm_step_time_overlap(p, models, comm, boundary, boundary_units, d, NULL);
    return st;
}

double rm_fpm_step_time(int p, const rm_fpm *models, const double *comm, const long *d,
                        double *times)
{
    if (p < 1 || !models || !d)
        return NAN;
    double mx = 0.0;
    for (int i = 0; i < p; i++) {
        if (d[i] < 0 || (d[i] > 0 && models[i].n < 1))
            return NAN;
        double c = comm_of(comm, i);
        double v = c + (d[i] > 0 ? rm_fpm_time_hull(&models[i], (double)d[i]) : 0.0);
        if (times)
            times[i] = v;
        if (v > mx || isnan(v))
            mx = v;
    }
    return mx;
}

double rm_fpm_host_time_overlap(const rm_fpm *m, double x, double comm, double boundary,
                                double boundary_units)
{
    if (!m || m->n < 1 || !(x >= 0) || !isfinite(x) || !(comm >= 0) || !isfinite(comm) ||
        check_boundary(boundary, boundary_units, NULL))
        return NAN;
    return ov_time(m, x, comm, boundary, boundary_units);
}

double rm_fpm_step_time_overlap(int p, const rm_fpm *models, const double *comm,
                                double boundary, double boundary_units, const long *d,
                                double *times)
{
    if (p < 1 || !models || !d || check_boundary(boundary, boundary_units, NULL))
        return NAN;
    double mx = 0.0;
    for (int i = 0; i < p; i++) {
        if (d[i] < 0 || (d[i] > 0 && models[i].n < 1))
            return NAN;
        double c = comm_of(comm, i);
        double v = d[i] > 0 ? ov_time(&models[i], (double)d[i], c, boundary, boundary_units) : c;
        if (times)
            times[i] = v;
        if (v > mx || isnan(v))
            mx = v;
    }
    return mx;
}

rm_status rm_fpm_partition_real_overlap(int p, const rm_fpm *models, const double *comm,
                                        double boundary, double boundary_units, double n,
                                        double *x, double *T, rm_error *err)
{
    rm_status st = check_real(p, models, comm, n, x, "rm_fpm_partition_real_overlap", err);
    if (!st)
        st = check_boundary(boundary, boundary_units, err);
    if (st)
        return st;
    const double F = boundary, B = boundary_units;
    /* every position communicates whatever its share: T >= max comm */
    double cmax = 0.0, hi = 0.0, S = 0.0;
    for (int i = 0; i < p; i++) {
        double c = comm_of(comm, i);
        if (c > cmax)
            cmax = c;
        double v = ov_time(&models[i], n, c, F, B); /* each x_i >= n above */
        if (v > hi)
            hi = v;
    }
    for (int i = 0; i < p; i++)
        S += ov_inverse(&models[i], cmax, comm_of(comm, i), F, B);
    if (S >= n) {
        /* the communication bound dominates: each position gets the same
           fraction of what it can take within it (rm_balance_overlap) */
        for (int i = 0; i < p; i++)
            x[i] = ov_inverse(&models[i], cmax, comm_of(comm, i), F, B) * (n / S);
        if (T)
            *T = cmax;
        return RM_OK;
    }
    double lo = cmax;
    if (hi < lo)
        hi = lo;
    const fcost fc = {comm, 1, F, B};
    real_root(p, models, &fc, n, lo, hi, x, T);
    return RM_OK;
}
