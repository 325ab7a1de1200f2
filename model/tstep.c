/*
 * tstep.c — (module model/) step time of a ring: eq. (1) and eq. (5) of Legrand et al. 2004, and the
 * optimal alphas with alpha >= 0 for fixed route costs (docs/model.md,
 * "Balanced alphas: eq. (5) and alpha >= 0").
 */
#include "ringmap/model.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

double rm_tstep_eq1(int q, const double *w, const double *alpha, const double *C, double dc_dw)
{
    if (q < 0 || (q > 0 && (!w || !alpha || !C)))
        return NAN; /* an invalid argument, not a crash */
    double t = 0.0;
    for (int i = 0; i < q; i++) {
        double ti = alpha[i] * w[i] + dc_dw * C[i];
        if (ti > t || isnan(ti))
            t = ti;
    }
    return t;
}

double rm_tstep_eq5(int q, const double *w, const double *C, double dc_dw)
{
    if (q < 1 || !w || !C)
        return NAN; /* an invalid argument, not a crash */
    double inv = 0.0, s = 0.0;
    for (int i = 0; i < q; i++) {
        inv += 1.0 / w[i];
        s += C[i] / w[i];
    }
    return (1.0 / inv) * (1.0 + dc_dw * s);
}

typedef struct {
    double d; /* dc_dw * C_i: the host's communication time per D_w */
    double w;
} rm_dw_pair;

static int cmp_d(const void *a, const void *b)
{
    double x = ((const rm_dw_pair *)a)->d, y = ((const rm_dw_pair *)b)->d;
    return (x > y) - (x < y);
}

/* T* solving sum_i max(0, (T* - d_i)/w_i) = 1; pairs sorted by d. O(q). */
static double balance_sorted(int q, const rm_dw_pair *p)
{
    double sum_inv = 0.0, sum_dw = 0.0, t = INFINITY;
    for (int m = 0; m < q; m++) {
        sum_inv += 1.0 / p[m].w;
        sum_dw += p[m].d / p[m].w;
        t = (1.0 + sum_dw) / sum_inv;
        if (m + 1 == q || t <= p[m + 1].d)
            break;
    }
    return t;
}

/* 1: rm_balance sorts a ring of more than 64 hosts by rmi_balance_radix_sort
 * (the default); 0: by qsort, the reference the tests compare it with
 * (model/cost_valid.h). */
int rmi_balance_radix = 1;

/* The key of finite d whose unsigned order is the order of the values
 * (-0.0 and +0.0 one key, as cmp_d has them equal): the sign bit set for
 * d >= 0, every bit flipped for d < 0. */
static uint64_t radix_key(double d)
{
    uint64_t u;
    d += 0.0; /* -0.0 -> +0.0 */
    memcpy(&u, &d, sizeof u);
    return (u >> 63) ? ~u : u | ((uint64_t)1 << 63);
}

/* Sort p[0..q-1] by d, equal d in their input order: the permutation of a
 * stable sort by cmp_d, which glibc's qsort (a merge sort while its buffer
 * fits) gives too, so the same pairs in the same order. An LSD radix sort
 * on the 8 bytes of radix_key, a byte every key shares skipped, none when
 * the keys are already in order. d finite. tmp: q pairs of scratch. O(q)
 * time (at most 9 passes). */
static void rmi_balance_radix_sort(int q, rm_dw_pair *p, rm_dw_pair *tmp)
{
    /* keys already in order (a ring of equal times: a flat cluster's): a
     * stable sort leaves them where they are, one pass to see it */
    uint64_t prev = q > 0 ? radix_key(p[0].d) : 0;
    int i0 = 1;
    for (; i0 < q; i0++) {
        uint64_t k = radix_key(p[i0].d);
        if (k < prev)
            break;
        prev = k;
    }
    if (i0 >= q)
        return;
    size_t cnt[8][256];
    memset(cnt, 0, sizeof cnt);
    for (int i = 0; i < q; i++) {
        uint64_t k = radix_key(p[i].d);
        for (int b = 0; b < 8; b++)
            cnt[b][(k >> (8 * b)) & 0xff]++;
    }
    rm_dw_pair *src = p, *dst = tmp;
    for (int b = 0; b < 8; b++) {
        size_t *c = cnt[b], sum = 0;
        int one = 0;
        for (int v = 0; v < 256; v++)
            one |= c[v] == (size_t)q;
        if (one)
            continue; /* every key has the same byte b: the pass keeps the order */
        for (int v = 0; v < 256; v++) {
            size_t n = c[v];
            c[v] = sum; /* the first slot of byte value v */
            sum += n;
        }
        for (int i = 0; i < q; i++)
            dst[c[(radix_key(src[i].d) >> (8 * b)) & 0xff]++] = src[i];
        rm_dw_pair *t = src;
        src = dst;
        dst = t;
    }
    if (src != p)
        memcpy(p, src, (size_t)q * sizeof *p);
}

double rm_balance(int q, const double *w, const double *C, double dc_dw, double *alpha)
{
    if (q <= 0 || !w || !C)
        return NAN; /* an invalid argument, not a crash */
    double dmax = 0.0;
    int small = q <= 16;
    rm_dw_pair stackbuf[16];
    /* above 64 hosts, q more pairs: the radix sort's scratch */
    rm_dw_pair *p = small ? stackbuf : malloc((size_t)q * (q > 64 ? 2u : 1u) * sizeof *p);
    if (!p)
        return NAN;
    int has_nan = 0;
    for (int i = 0; i < q; i++) {
        p[i].d = dc_dw * C[i];
        p[i].w = w[i];
        has_nan |= isnan(p[i].d);
        if (!(p[i].d <= dmax))
            dmax = p[i].d; /* also propagates NaN / INFINITY */
    }
    double tstar;
    if (!isfinite(dmax)) {
        tstar = dmax;
    } else {
        if (q <= 64 && !has_nan) { /* a stable insertion sort: qsort's (stable) order,
                                      faster on a ring of a few dozen hosts (the local
                                      search values thousands of rings) */
            for (int i = 1; i < q; i++) {
                rm_dw_pair x = p[i];
                int j = i;
                while (j > 0 && p[j - 1].d > x.d) {
                    p[j] = p[j - 1];
                    j--;
                }
                p[j] = x;
            }
        } else if (rmi_balance_radix && !has_nan) {
            rmi_balance_radix_sort(q, p, p + q); /* qsort's order, in O(q) */
        } else {
            qsort(p, (size_t)q, sizeof *p, cmp_d);
        }
        tstar = balance_sorted(q, p);
    }
    if (!small)
        free(p);
    if (alpha) {
        double s = 0.0;
        for (int i = 0; i < q; i++) {
            double a = isfinite(tstar) ? (tstar - dc_dw * C[i]) / w[i] : 1.0 / q;
            alpha[i] = a > 0.0 ? a : 0.0;
            s += alpha[i];
        }
        for (int i = 0; i < q; i++)
            alpha[i] = s > 0.0 ? alpha[i] / s : 1.0 / q;
    }
    return tstar > dmax ? tstar : dmax;
}

/* ------------------------------------------------------------------------ */
/* The overlap model (Weissman 1995 §4.1.2, Eq. 4.10, with a boundary part  */
/* that cannot overlap): T_i/D_w = max(alpha_i w_i, d_i + f alpha_i w_i)      */
/* ------------------------------------------------------------------------ */

double rm_tstep_overlap(int q, const double *w, const double *alpha, const double *C,
                        double dc_dw, double boundary)
{
    if (q < 0 || (q > 0 && (!w || !alpha || !C)))
        return NAN; /* an invalid argument, not a crash */
    double t = 0.0;
    for (int i = 0; i < q; i++) {
        double comp = alpha[i] * w[i];
        double tail = dc_dw * C[i] + boundary * comp; /* communication, then the boundary */
        double ti = comp > tail ? comp : tail;
        if (isnan(comp) || isnan(tail))
            ti = NAN;
        if (ti > t || isnan(ti))
            t = ti;
    }
    return t;
}

/* The most of the work host (w, d) can take within a step T >= d under
 * the overlap model with boundary fraction f: min(T/w, (T - d)/(f w)); 0
 * below d. */
static double overlap_cap(double T, double w, double d, double f)
{
    if (!(T >= d))
        return 0.0;
    double c = T / w;
    if (f > 0.0) {
        double c2 = (T - d) / (f * w);
        if (c2 < c)
            c = c2;
    }
    return c;
}

typedef struct {
    double e; /* d/(1-f): the step from which the host's computation covers its
                 communication (INFINITY when f = 1) */
    double d, w;
} rm_overlap_host;

static int cmp_e(const void *a, const void *b)
{
    double x = ((const rm_overlap_host *)a)->e, y = ((const rm_overlap_host *)b)->e;
    return (x > y) - (x < y);
}

/* The root T >= dmax of sum_i cap_i(T) = 1, given sum_i cap_i(dmax) < 1;
 * hosts sorted by e. On a segment where the hosts with e <= T form the set
 * A (computation-bound: cap = T/w) and the others B (communication-bound:
 * cap = (T - d)/(f w)), sum cap = T S_A + (T S_B - D_B)/f with S = sum 1/w,
 * D = sum d/w, so T = (f + D_B)/(f S_A + S_B) (B is empty when f = 0: then
 * T = 1/S_A). A is a prefix of the sorted hosts; the segment is found by
 * walking the prefix from those with e <= dmax. O(q). */
static double overlap_root(int q, const rm_overlap_host *h, double dmax, double f,
                           double *sufS, double *sufD)
{
    sufS[q] = sufD[q] = 0.0;
    for (int k = q - 1; k >= 0; k--) {
        sufS[k] = sufS[k + 1] + 1.0 / h[k].w;
        sufD[k] = sufD[k + 1] + h[k].d / h[k].w;
    }
    int m = 0; /* hosts 0..m-1 form A */
    double SA = 0.0;
    while (m < q && h[m].e <= dmax)
        SA += 1.0 / h[m++].w;
    for (;;) {
        double T = m == q ? 1.0 / SA : (f + sufD[m]) / (f * SA + sufS[m]);
        if (m == q || T <= h[m].e)
            return T;
        SA += 1.0 / h[m++].w;
    }
}

double rm_balance_overlap(int q, const double *w, const double *C, double dc_dw,
                          double boundary, double *alpha)
{
    if (q <= 0 || !w || !C)
        return NAN; /* an invalid argument, not a crash */
    double f = boundary, dmax = 0.0;
    for (int i = 0; i < q; i++) {
        double d = dc_dw * C[i];
        if (!(d <= dmax))
            dmax = d; /* also propagates NaN / INFINITY */
    }
    double T = dmax;
    if (isfinite(dmax) && !isnan(f)) {
        double g = 0.0;
        for (int i = 0; i < q; i++)
            g += overlap_cap(dmax, w[i], dc_dw * C[i], f);
        if (!(g >= 1.0)) {
            /* the communication bound leaves work over: the equal-time point */
            rm_overlap_host *h = malloc((size_t)q * sizeof *h);
            double *suf = malloc((size_t)(2 * (q + 1)) * sizeof *suf);
            if (!h || !suf) {
                free(h);
                free(suf);
                return NAN;
            }
            for (int i = 0; i < q; i++) {
                h[i].d = dc_dw * C[i];
                h[i].w = w[i];
                h[i].e = f < 1.0 ? h[i].d / (1.0 - f) : INFINITY;
            }
            qsort(h, (size_t)q, sizeof *h, cmp_e);
            T = overlap_root(q, h, dmax, f, suf, suf + q + 1);
            free(h);
            free(suf);
            if (!(T >= dmax) && !isnan(T))
                T = dmax; /* rounding */
        }
    }
    if (alpha) {
        double s = 0.0;
        for (int i = 0; i < q; i++) {
            alpha[i] = isfinite(T) ? overlap_cap(T, w[i], dc_dw * C[i], f) : 1.0 / q;
            if (!(alpha[i] > 0.0))
                alpha[i] = 0.0;
            s += alpha[i];
        }
        for (int i = 0; i < q; i++)
            alpha[i] = s > 0.0 && isfinite(s) ? alpha[i] / s : 1.0 / q;
    }
    return T;
}

/* ------------------------------------------------------------------------ */
/* The absolute boundary: b_i = min(beta, alpha_i) D_w, the same work on    */
/* every host: T_i/D_w = max(alpha_i w_i, d_i + min(beta, alpha_i) w_i)      */
/* ------------------------------------------------------------------------ */

double rm_tstep_overlap_abs(int q, const double *w, const double *alpha, const double *C,
                            double dc_dw, double boundary_dw)
{
    if (q < 0 || (q > 0 && (!w || !alpha || !C)))
        return NAN; /* an invalid argument, not a crash */
    double t = 0.0;
    for (int i = 0; i < q; i++) {
        double comp = alpha[i] * w[i];
        double b = alpha[i] < boundary_dw ? alpha[i] : boundary_dw;
        double tail = dc_dw * C[i] + b * w[i]; /* communication, then the boundary */
        double ti = comp > tail ? comp : tail;
        if (isnan(comp) || isnan(tail))
            ti = NAN;
        if (ti > t || isnan(ti))
            t = ti;
    }
    return t;
}

/* Every host at 1/q (its least share covers the work): the step under the
 * absolute boundary beta, alpha (may be NULL) all 1/q. O(q). */
static double even_shares(int q, const double *w, const double *C, double dc_dw, double beta,
                          double *alpha)
{
    double T = 0.0;
    for (int i = 0; i < q; i++) {
        double a = 1.0 / q;
        double ti = rm_tstep_overlap_abs(1, &w[i], &a, &C[i], dc_dw, beta);
        if (ti > T || isnan(ti))
            T = ti;
        if (alpha)
            alpha[i] = a;
    }
    return T;
}

/* The balance under the absolute boundary beta, every host holding at
 * least its boundary (alpha_i >= beta; all 1/q when q beta >= 1): host i
 * ends within T iff T >= e_i = d_i + beta w_i (its communication, then its
 * boundary) and alpha_i w_i <= T, so T = max(max_i e_i, 1/sum_i (1/w_i));
 * alphas: proportional to 1/w_i when the second term decides, else
 * beta + lambda (T/w_i - beta), lambda in [0, 1] making them sum to 1. */
double rm_balance_overlap_abs(int q, const double *w, const double *C, double dc_dw,
                              double boundary_dw, double *alpha)
{
    if (q <= 0 || !w || !C)
        return NAN; /* an invalid argument, not a crash */
    double beta = boundary_dw;
    if (beta == 0.0)
        return rm_balance_overlap(q, w, C, dc_dw, 0.0, alpha); /* Weissman's max form */
    if ((double)q * beta >= 1.0) /* every host at its least share, 1/q, all boundary */
        return even_shares(q, w, C, dc_dw, beta, alpha);
    double E = 0.0, S = 0.0;
    for (int i = 0; i < q; i++) {
        double e = dc_dw * C[i] + beta * w[i];
        if (!(e <= E))
            E = e; /* also propagates NaN / INFINITY */
        S += 1.0 / w[i];
    }
    double W = 1.0 / S; /* w_cumul: every host computation-bound */
    double T = W >= E ? W : E;
    if (alpha) {
        if (!isfinite(T)) {
            for (int i = 0; i < q; i++)
                alpha[i] = 1.0 / q;
        } else if (W >= E) {
            for (int i = 0; i < q; i++)
                alpha[i] = (1.0 / w[i]) / S;
        } else {
            double lambda = (1.0 - q * beta) / (T * S - q * beta);
            for (int i = 0; i < q; i++)
                alpha[i] = beta + lambda * (T / w[i] - beta);
        }
    }
    return T;
}

/* Host i's capacity within T under the boundary beta and the floor phi
 * (rm_balance_overlap_floor): T/w beyond d + beta w, (T - d)/w in [d + phi
 * w, d + beta w), -1 below (T infeasible for it). */
static double floor_cap(double T, double w, double d, double beta, double phi)
{
    if (T >= d + beta * w)
        return T / w;
    return T >= d + phi * w ? (T - d) / w : -1.0;
}

double rm_balance_overlap_floor(int q, const double *w, const double *C, double dc_dw,
                                double boundary_dw, double floor_dw, double *alpha)
{
    if (q <= 0 || !w || !C)
        return NAN; /* an invalid argument, not a crash */
    double beta = boundary_dw, phi = floor_dw;
    if (!(phi > 0.0 && phi < beta)) /* the floor is the boundary: 1.4.0's balance */
        return rm_balance_overlap_abs(q, w, C, dc_dw, beta, alpha);
    if ((double)q * phi >= 1.0) /* every host at its least share, 1/q */
        return even_shares(q, w, C, dc_dw, beta, alpha);
    /* the least T at which every host fits its floor, then the breakpoints
       d_i + beta w_i above it in increasing order: between two, sum X is
       linear (slope sum 1/w); the root is in the first piece that reaches 1 */
    double T = 0.0;
    for (int i = 0; i < q; i++) {
        double e = dc_dw * C[i] + phi * w[i];
        if (!(e <= T))
            T = e; /* also propagates NaN / INFINITY */
    }
    for (int guard = 0; isfinite(T) && guard <= q; guard++) {
        double S = 0.0, A = 0.0, next = INFINITY;
        for (int i = 0; i < q; i++) {
            double d = dc_dw * C[i], bk = d + beta * w[i];
            S += floor_cap(T, w[i], d, beta, phi);
            if (bk > T && bk < next)
                next = bk;
            A += T >= bk ? 0.0 : d / w[i]; /* sum X(t) = t sum 1/w - A before next */
        }
        if (S >= 1.0)
            break; /* T itself */
        double inv = 0.0;
        for (int i = 0; i < q; i++)
            inv += 1.0 / w[i];
        double r = (1.0 + A) / inv;
        if (r < next) {
            T = r > T ? r : T;
            break;
        }
        T = next;
    }
    if (alpha) {
        double S = 0.0;
        for (int i = 0; isfinite(T) && i < q; i++)
            S += floor_cap(T, w[i], dc_dw * C[i], beta, phi);
        if (!isfinite(T) || !(S > (double)q * phi)) {
            for (int i = 0; i < q; i++)
                alpha[i] = 1.0 / q;
        } else {
            double lambda = (1.0 - q * phi) / (S - q * phi);
            if (lambda > 1.0)
                lambda = 1.0;
            for (int i = 0; i < q; i++)
                alpha[i] = phi + lambda * (floor_cap(T, w[i], dc_dw * C[i], beta, phi) - phi);
        }
    }
    return T;
}

double rm_tstep_model(int q, const double *w, const double *alpha, const double *C,
                      const rm_cost_model *m)
{
    if (!m)
        return NAN;
    if (m->overlap && m->overlap_boundary_dw > 0.0)
        return rm_tstep_overlap_abs(q, w, alpha, C, m->dc_dw, m->overlap_boundary_dw);
    if (m->overlap)
        return rm_tstep_overlap(q, w, alpha, C, m->dc_dw, m->overlap_boundary);
    return rm_tstep_eq1(q, w, alpha, C, m->dc_dw);
}

double rm_balance_model(int q, const double *w, const double *C, const rm_cost_model *m,
                        double *alpha)
{
    if (!m)
        return NAN;
    if (m->overlap && m->overlap_boundary_dw > 0.0)
        return rm_balance_overlap_floor(q, w, C, m->dc_dw, m->overlap_boundary_dw,
                                        rm_cost_model_overlap_floor(m), alpha);
    if (m->overlap)
        return rm_balance_overlap(q, w, C, m->dc_dw, m->overlap_boundary, alpha);
    return rm_balance(q, w, C, m->dc_dw, alpha);
}

double rm_host_time(const rm_cost_model *m, double alpha, double w, double C)
{
    if (!m)
        return NAN;
    if (m->overlap && m->overlap_boundary_dw > 0.0)
        return rm_tstep_overlap_abs(1, &w, &alpha, &C, m->dc_dw, m->overlap_boundary_dw);
    if (m->overlap)
        return rm_tstep_overlap(1, &w, &alpha, &C, m->dc_dw, m->overlap_boundary);
    return alpha * w + m->dc_dw * C;
}
