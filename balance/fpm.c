/*
 * fpm.c — functional performance models (Lastovetsky and Reddy §2): the piecewise-linear
 * speed function through measured points, DFPA's insertion cases, its time
 * function, the increasing hull the partitioning uses, and its inverse.
 */
#include "balance/balance_internal.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

void rm_fpm_init(rm_fpm *m)
{
    if (m)
        memset(m, 0, sizeof *m);
}

void rm_fpm_destroy(rm_fpm *m)
{
    if (!m)
        return;
    free(m->x);
    free(m->t);
    free(m->s);
    memset(m, 0, sizeof *m);
}

void rm_fpm_clear(rm_fpm *m)
{
    if (m)
        m->n = 0;
}

rm_status rmi_fpm_reserve(rm_fpm *m, int cap, rm_error *err)
{
    if (cap <= m->cap)
        return RM_OK;
    if (cap < 8)
        cap = 8;
    double *x = malloc(sizeof *x * (size_t)cap), *t = malloc(sizeof *t * (size_t)cap),
           *s = malloc(sizeof *s * (size_t)cap);
    if (!x || !t || !s) {
        free(x);
        free(t);
        free(s);
        return rm_error_set(err, RM_ENOMEM, "functional performance model: out of memory");
    }
    if (m->n) {
        memcpy(x, m->x, sizeof *x * (size_t)m->n);
        memcpy(t, m->t, sizeof *t * (size_t)m->n);
        memcpy(s, m->s, sizeof *s * (size_t)m->n);
    }
    free(m->x);
    free(m->t);
    free(m->s);
    m->x = x;
    m->t = t;
    m->s = s;
    m->cap = cap;
    return RM_OK;
}

rm_status rm_fpm_add(rm_fpm *m, double x, double t, rm_fpm_case *which, rm_error *err)
{
    if (!m)
        return rm_error_set(err, RM_EINVAL, "rm_fpm_add: m is NULL");
    if (m->n < 0 || m->n > m->cap || (m->n > 0 && (!m->x || !m->t || !m->s)))
        return rm_error_set(err, RM_EINVAL, "rm_fpm_add: model with %d points and room for %d "
                                            "(not made by rm_fpm_init?)", m->n, m->cap);
    if (!isfinite(x) || x <= 0)
        return rm_error_set(err, RM_EINPUT,
                            "functional performance model: size x = %g units (need finite > 0)", x);
    if (!isfinite(t) || t <= 0)
        return rm_error_set(err, RM_EINPUT,
                            "functional performance model: time t = %g s for %g units (need finite > 0)",
                            t, x);
    double s = x / t;
    if (!isfinite(s) || s <= 0)
        return rm_error_set(err, RM_EINPUT,
                            "functional performance model: speed %g / %g is not finite and > 0", x, t);
    /* position: first k with x_k >= x */
    int lo = 0, hi = m->n;
    while (lo < hi) {
        int mid = lo + (hi - lo) / 2;
        if (m->x[mid] < x)
            lo = mid + 1;
        else
            hi = mid;
    }
    int k = lo;
    rm_fpm_case c;
    if (k < m->n && m->x[k] == x) {
        m->t[k] = t;
        m->s[k] = s;
        if (which)
            *which = RM_FPM_REPLACE;
        return RM_OK;
    }
    if (m->n == 0)
        c = RM_FPM_FIRST;
    else if (k == 0)
        c = RM_FPM_BELOW;
    else if (k == m->n)
        c = RM_FPM_ABOVE;
    else
        c = RM_FPM_BETWEEN;
    rm_status st = rmi_fpm_reserve(m, m->n + 1, err);
    if (st)
        return st;
    size_t tail = (size_t)(m->n - k);
    memmove(m->x + k + 1, m->x + k, sizeof *m->x * tail);
    memmove(m->t + k + 1, m->t + k, sizeof *m->t * tail);
    memmove(m->s + k + 1, m->s + k, sizeof *m->s * tail);
    m->x[k] = x;
    m->t[k] = t;
    m->s[k] = s;
    m->n++;
    if (which)
        *which = c;
    return RM_OK;
}

rm_status rm_fpm_copy(rm_fpm *dst, const rm_fpm *src, rm_error *err)
{
    if (!dst || !src)
        return rm_error_set(err, RM_EINVAL, "rm_fpm_copy: %s is NULL", !dst ? "dst" : "src");
    if (src->n < 0 || (src->n > 0 && (!src->x || !src->t || !src->s)))
        return rm_error_set(err, RM_EINVAL, "rm_fpm_copy: src has %d points and NULL arrays", src->n);
    rm_status st = rmi_fpm_reserve(dst, src->n, err);
    if (st)
        return st;
    if (src->n) {
        memcpy(dst->x, src->x, sizeof *dst->x * (size_t)src->n);
        memcpy(dst->t, src->t, sizeof *dst->t * (size_t)src->n);
        memcpy(dst->s, src->s, sizeof *dst->s * (size_t)src->n);
    }
    dst->n = src->n;
    return RM_OK;
}

/* Index of the last point with x_k <= x, -1 if x < x_0. */
static int last_at_or_below(const rm_fpm *m, double x)
{
    int lo = 0, hi = m->n; /* first k with x_k > x */
    while (lo < hi) {
        int mid = lo + (hi - lo) / 2;
        if (m->x[mid] <= x)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo - 1;
}

/* Speed line of segment k (between points k and k+1): s = a + b x. */
static void segment_line(const rm_fpm *m, int k, double *a, double *b)
{
    double bb = (m->s[k + 1] - m->s[k]) / (m->x[k + 1] - m->x[k]);
    *b = bb;
    *a = m->s[k] - bb * m->x[k];
}

double rm_fpm_speed(const rm_fpm *m, double x)
{
    if (!m || m->n < 1 || !(x >= 0))
        return NAN;
    int k = last_at_or_below(m, x);
    if (k < 0)
        return m->s[0];
    if (k == m->n - 1 || m->x[k] == x)
        return m->s[k];
    double f = (x - m->x[k]) / (m->x[k + 1] - m->x[k]);
    return m->s[k] + (m->s[k + 1] - m->s[k]) * f;
}

double rm_fpm_time(const rm_fpm *m, double x)
{
    if (!m || m->n < 1 || !(x >= 0))
        return NAN;
    if (x == 0)
        return 0.0;
    int k = last_at_or_below(m, x);
    if (k < 0)
        return x * (m->t[0] / m->x[0]);
    if (m->x[k] == x)
        return m->t[k];
    if (k == m->n - 1)
        return x * (m->t[k] / m->x[k]);
    return x / rm_fpm_speed(m, x);
}

double rm_fpm_time_hull(const rm_fpm *m, double x)
{
    if (!m)
        return NAN; /* an invalid argument, not a crash */
    double t = rm_fpm_time(m, x);
    if (isnan(t))
        return t;
    /* t is monotone on each piece (x / (a + b x) with a + b x > 0), so the
       max over [0, x] is reached at a point or at x itself */
    for (int k = 0; k < m->n && m->x[k] <= x; k++)
        if (m->t[k] > t)
            t = m->t[k];
    return t;
}

int rm_fpm_check_shape(const rm_fpm *m)
{
    if (!m || m->n < 1)
        return -1;
    for (int k = 0; k + 1 < m->n; k++) {
        double a, b;
        segment_line(m, k, &a, &b);
        (void)b;
        if (!(a > 0) || !(m->t[k + 1] > m->t[k]))
            return 0;
    }
    return 1;
}

double rmi_fpm_hull_inverse(const rm_fpm *m, double T)
{
    if (!(T > 0))
        return 0.0;
    if (m->t[0] > T) /* on the flat start: t = x * t_0 / x_0 */
        return T / (m->t[0] / m->x[0]);
    for (int k = 0; k + 1 < m->n; k++) {
        if (m->t[k + 1] <= T)
            continue;
        /* t_k <= T < t_{k+1}: t increases on this segment; x = T a / (1 - T b) */
        double a, b;
        segment_line(m, k, &a, &b);
        double den = 1.0 - T * b, x = m->x[k];
        if (den > 0)
            x = T * a / den;
        if (!(x >= m->x[k]))
            x = m->x[k];
        if (x > m->x[k + 1])
            x = m->x[k + 1];
        return x;
    }
    return T / (m->t[m->n - 1] / m->x[m->n - 1]);
}

/* The points of fpm_x / fpm_t (ringmap-measure's GML attributes). */
rm_status rm_fpm_parse_points(const char *fpm_x, const char *fpm_t, rm_fpm *m, rm_error *err)
{
    if (!fpm_x || !fpm_t || !m)
        return rm_error_set(err, RM_EINVAL, "rm_fpm_parse_points: NULL argument");
    rm_fpm_clear(m);
    const char *a = fpm_x, *b = fpm_t;
    double last = 0;
    for (int k = 1;; k++) {
        char *ea, *eb;
        errno = 0;
        double x = strtod(a, &ea);
        int xe = errno;
        errno = 0;
        double t = strtod(b, &eb);
        int te = errno;
        int end_a = ea == a, end_b = eb == b;
        if (end_a || end_b) {
            while (*a == ' ' || *a == '\t')
                a++;
            while (*b == ' ' || *b == '\t')
                b++;
            if ((end_a && *a) || (end_b && *b))
                return rm_error_set(err, RM_EINPUT, "fpm_x/fpm_t: point %d: not a number", k);
            if (end_a && end_b && k > 1)
                return RM_OK;
            return rm_error_set(err, RM_EINPUT, "fpm_x/fpm_t: point %d: %s", k,
                                end_a && end_b ? "no point" : "not as many sizes as times");
        }
        if (xe || te || !isfinite(x) || !isfinite(t) || !(x > last) || !(t > 0))
            return rm_error_set(err, RM_EINPUT,
                                "fpm_x/fpm_t: point %d: size %g and time %g: sizes must be > 0 "
                                "and increasing, times > 0",
                                k, x, t);
        rm_status st = rm_fpm_add(m, x, t, NULL, err);
        if (st)
            return st;
        last = x;
        a = ea;
        b = eb;
    }
}
