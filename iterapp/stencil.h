/*
 * stencil.h — the iterative computation that iterapp runs on a ring: a
 * Jacobi 5-point heat-equation step on an n x m grid (n rows, m columns),
 * periodic in x (column m-1 neighbours column 0: the ring closes), with the
 * first and last rows held fixed (Dirichlet). The grid is cut in vertical
 * slabs of whole columns, one slab per ring position, in ring order; each
 * step a slab needs one ghost column from its predecessor and one from its
 * successor (D_c = one column of n doubles, Legrand et al. 2004 §2).
 *
 * Storage is column-major: column j of a slab is n contiguous doubles, so a
 * boundary column is one contiguous message. A slab of c columns is stored
 * with two ghost columns: (c + 2) * n doubles, ghost 0, interior 1..c,
 * ghost c+1.
 *
 * Bit-exactness: every update goes through rm_stencil_cell(), one expression
 * in a fixed order, and iterapp is compiled with -ffp-contract=off, so the
 * distributed run equals the sequential one bit for bit whatever the cut.
 * This file is MPI-free.
 */
#ifndef RINGMAP_ITERAPP_STENCIL_H
#define RINGMAP_ITERAPP_STENCIL_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/** Diffusion number r of the explicit scheme (stable for r <= 1/4). */
#define RM_STENCIL_R 0.2

/** Floating-point operations per cell update (for D_w in Mflop): two
 *  multiplications and five additions/subtractions in rm_stencil_cell. */
#define RM_STENCIL_FLOPS_PER_CELL 7

/** One cell update: c + r ((up + down) + (left + right) - 4 c). */
static inline double rm_stencil_cell(double c, double up, double down, double left,
                                     double right)
{
    return c + RM_STENCIL_R * ((up + down) + (left + right) - 4.0 * c);
}

/** Initial value of cell (row i, global column j) of an n x m grid: a
 *  deterministic, irregular pattern (hash of i, j) in [0, 1), so that any
 *  misplaced column changes the result. O(1). */
double rmi_stencil_init_value(long i, long j, long n, long m);

/** Fill the interior columns 1..c of a slab whose first column is global
 *  column j0 with the initial values. O(n c). */
void rmi_stencil_init_slab(double *slab, long n, long c, long j0, long m);

/**
 * One Jacobi step on a slab: out's interior columns 1..c from in's columns
 * 0..c+1 (ghosts must be filled); rows 0 and n-1 are copied unchanged.
 * out's ghosts are not written. Work: (n - 2) c cell updates. O(n c).
 */
void rmi_stencil_step_slab(long n, long c, const double *in, double *out);

/**
 * Columns j_lo..j_hi (slab indices, 1 <= j_lo, j_hi <= c; none if j_lo >
 * j_hi) of one Jacobi step, from in's columns j_lo-1..j_hi+1: the same
 * updates as rmi_stencil_step_slab, so that a step computed in pieces (the
 * interior 2..c-1 while the halo exchange runs, then the boundary columns 1
 * and c) equals it bit for bit. O(n (j_hi - j_lo + 1)).
 */
void rmi_stencil_step_cols(long n, long j_lo, long j_hi, const double *in, double *out);

/**
 * Reference: nsteps sequential steps on the whole n x m grid (column-major,
 * n*m doubles, initialised with rmi_stencil_init_value), periodic in x, with
 * its own straightforward indexing (j-1 and j+1 modulo m), independent of
 * the slab code. Returns 0, or -1 if out of memory. O(nsteps n m).
 */
int rmi_stencil_sequential(long n, long m, long nsteps, double *grid);

#ifdef __cplusplus
}
#endif

#endif
