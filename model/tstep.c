/*
 * tstep.c — (module model/) step time of a ring: eq. (1) and eq. (5) of Legrand et al. 2004, and the
 * optimal alphas with alpha >= 0 for fixed route costs (docs/model.md,
 * "Balanced alphas: eq. (5) and alpha >= 0").
 */
#include "ringmap/model.h"

#include <math.h>
#include <stdlib.h>

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

double rm_balance(int q, const double *w, const double *C, double dc_dw, double *alpha)
{
    if (q <= 0 || !w || !C)
        return NAN; /* an invalid argument, not a crash */
    double dmax = 0.0;
    int small = q <= 16;
    rm_dw_pair stackbuf[16];
    rm_dw_pair *p = small ? stackbuf : malloc((size_t)q * sizeof *p);
    if (!p)
        return NAN;
    for (int i = 0; i < q; i++) {
        p[i].d = dc_dw * C[i];
        p[i].w = w[i];
        if (!(p[i].d <= dmax))
            dmax = p[i].d; /* also propagates NaN / INFINITY */
    }
    double tstar;
    if (!isfinite(dmax)) {
        tstar = dmax;
    } else {
        qsort(p, (size_t)q, sizeof *p, cmp_d);
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
