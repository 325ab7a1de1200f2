/*
 * stencil.c — the Jacobi 5-point kernel on a slab of columns and the
 * sequential reference run (see stencil.h). MPI-free.
 */
#include "iterapp/stencil.h"

#include <stdlib.h>
#include <string.h>

double rmi_stencil_init_value(long i, long j, long n, long m)
{
    unsigned long long h = (unsigned long long)i * 0x9E3779B97F4A7C15ULL ^
                           ((unsigned long long)j + 0x632BE59BD9B4E019ULL) * 0xC2B2AE3D27D4EB4FULL;
    h ^= h >> 29;
    h *= 0xBF58476D1CE4E5B9ULL;
    h ^= h >> 32;
    (void)n;
    (void)m;
    return (double)(h >> 11) / 9007199254740992.0; /* 2^53 */
}

void rmi_stencil_init_slab(double *slab, long n, long c, long j0, long m)
{
    for (long j = 0; j < c; j++)
        for (long i = 0; i < n; i++)
            slab[(j + 1) * n + i] = rmi_stencil_init_value(i, j0 + j, n, m);
}

void rmi_stencil_step_slab(long n, long c, const double *in, double *out)
{
    rmi_stencil_step_cols(n, 1, c, in, out);
}

void rmi_stencil_step_cols(long n, long j_lo, long j_hi, const double *in, double *out)
{
    for (long j = j_lo; j <= j_hi; j++) {
        const double *l = in + (j - 1) * n, *x = in + j * n, *r = in + (j + 1) * n;
        double *o = out + j * n;
        o[0] = x[0];
        for (long i = 1; i < n - 1; i++)
            o[i] = rm_stencil_cell(x[i], x[i - 1], x[i + 1], l[i], r[i]);
        if (n > 1)
            o[n - 1] = x[n - 1];
    }
}

int rmi_stencil_sequential(long n, long m, long nsteps, double *grid)
{
    double *a = grid, *b = malloc(sizeof(double) * (size_t)(n * m));
    if (!b)
        return -1;
    for (long j = 0; j < m; j++)
        for (long i = 0; i < n; i++)
            a[j * n + i] = rmi_stencil_init_value(i, j, n, m);
    for (long s = 0; s < nsteps; s++) {
        for (long j = 0; j < m; j++) {
            long jl = (j + m - 1) % m, jr = (j + 1) % m;
            for (long i = 0; i < n; i++) {
                if (i == 0 || i == n - 1)
                    b[j * n + i] = a[j * n + i];
                else
                    b[j * n + i] = rm_stencil_cell(a[j * n + i], a[j * n + i - 1],
                                                   a[j * n + i + 1], a[jl * n + i], a[jr * n + i]);
            }
        }
        double *t = a;
        a = b;
        b = t;
    }
    if (a != grid) {
        memcpy(grid, a, sizeof(double) * (size_t)(n * m));
        free(a);
    } else {
        free(b);
    }
    return 0;
}
