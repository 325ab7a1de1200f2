/*
 * kinsol_common.h — internal helpers shared by the two active-set solvers
 * on KINSOL (shares_kinsol.c, tstep_kinsol.c; Legrand et al. 2004 §4.4.3 method 2):
 * the Newton solver's setup (dense matrix, dense linear solver, options),
 * its error-message plumbing, one scaled solve, and the release of what it
 * holds. Not public.
 */
#ifndef RINGMAP_KINSOL_COMMON_H
#define RINGMAP_KINSOL_COMMON_H

#include <kinsol/kinsol.h>
#include <nvector/nvector_serial.h>
#include <stddef.h>
#include <sundials/sundials_context.h>
#include <sunlinsol/sunlinsol_dense.h>
#include <sunlinsol/sunlinsol_klu.h>
#include <sunmatrix/sunmatrix_dense.h>
#include <sunmatrix/sunmatrix_sparse.h>

/** Size of the buffer that receives KINSOL's last error message. */
#define RM_KINSOL_MSG_SIZE 256

/** Flag returned by the solvers' solve helpers for a setup failure (no
 *  KINSOL flag). */
#define RM_KINSOL_SETUP_FAILED (-1000)

/** A KINSOL instance with its Jacobian and linear solver: dense J and
 *  dense LU (rmi_kinsol_create), or compressed-sparse-column J and KLU
 *  (rmi_kinsol_create_sparse). */
typedef struct rm_kinsol {
    SUNMatrix J;
    SUNLinearSolver LS;
    void *mem;
} rm_kinsol;

/**
 * Create the solver for N = length(u) unknowns: dense J, dense LS, KINSOL
 * memory; error messages go to msg (RM_KINSOL_MSG_SIZE chars, "function:
 * message"); residual F and Jacobian jac get user; constraints cons;
 * function-norm tolerance fnormtol, scaled step tolerance 1e-16, one
 * Jacobian setup per Newton iteration, at most 200 iterations. Returns 0,
 * or -1 on any failure (what was created is kept in s for
 * rmi_kinsol_free). O(N^2) memory and time.
 */
int rmi_kinsol_create(rm_kinsol *s, SUNContext ctx, N_Vector u, N_Vector cons, KINSysFn F,
                     KINLsJacFn jac, void *user, char *msg, double fnormtol);

/**
 * rmi_kinsol_create with a sparse Jacobian: J compressed sparse column
 * (SUNSparseMatrix, CSC_MAT) with room for nnz entries, solved by KLU
 * (SuiteSparse, through SUNLinSol_KLU: sparse LU with fill-reducing
 * ordering, refactorisation on the same pattern). jac must fill J in CSC
 * form (rm_kinsol_fill_csc). Same options and return values. O(N + nnz)
 * memory.
 */
int rmi_kinsol_create_sparse(rm_kinsol *s, SUNContext ctx, N_Vector u, N_Vector cons, KINSysFn F,
                            KINLsJacFn jac, void *user, char *msg, double fnormtol,
                            sunindextype nnz);

/**
 * Fill J from n triplets (row[e], col[e], val[e]): a dense J is zeroed and
 * each entry assigned; a sparse (CSC) J gets the entries sorted by column,
 * then row, duplicates summed (J must have room for n entries). perm is
 * scratch of 2n + N + 1 ints. Returns 0, or -1 if a sparse J is too small.
 * O(n + N).
 */
int rmi_kinsol_fill(SUNMatrix J, int n, const int *row, const int *col, const double *val,
                   int *perm);

/** One KINSOL run with line search from u (overwritten) with the scales
 *  us, fs; *nni += its Newton iterations. Returns KINSOL's flag. Time:
 *  KINSOL's, O(N^3) per iteration (dense LU), KLU's with a sparse J. */
int rmi_kinsol_solve(rm_kinsol *s, N_Vector u, N_Vector us, N_Vector fs, long *nni);

/** Free what rmi_kinsol_create made (NULL members are skipped). O(1). */
void rmi_kinsol_free(rm_kinsol *s);

/** Destroy the n vectors v[0..n-1], skipping NULL ones. O(n). */
void rmi_kinsol_destroy_vectors(N_Vector *v, int n);

/** The name of a failed solve for the reports: KINSOL's name of flag, or
 *  "KINSOL setup failed" for RM_KINSOL_SETUP_FAILED (or no name),
 *  copied to buf (size bytes, truncated). No errors. O(size). */
void rmi_kinsol_flag_name(int flag, char *buf, size_t size);

#endif
