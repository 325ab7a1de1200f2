/*
 * glpk_common.h — internal helpers shared by the two outer-approximation
 * solvers on GLPK (shares_glpk.c, tstep_glpk.c; Legrand et al. 2004 §4.4.3): names of
 * GLPK codes, the capacity rows and tangent cuts of the LP, the simplex with
 * its retries on numerical trouble, the link prices from the LP duals, and
 * the failure reports. Not public.
 */
#ifndef RINGMAP_GLPK_COMMON_H
#define RINGMAP_GLPK_COMMON_H

#include "ringmap/bw.h"
#include "ringmap/model.h"
#include "solvers/share_problem.h"

#include <glpk.h>

/** GLPK keeps its environment in thread-local storage, created by the
 *  first GLPK call of a thread and never freed unless asked (a leak per
 *  thread that uses the library). rmi_glpk_env_begin() creates it if needed
 *  and returns 1 when this call did (0: it existed, the caller's); pass
 *  that to rmi_glpk_env_end(), which frees the environment only then, so
 *  the caller's GLPK objects are never touched. O(1). */
int rmi_glpk_env_begin(void);
void rmi_glpk_env_end(int fresh);

/** Name of a glp_simplex return code ("0 (ok)", "GLP_EBADB", ...,
 *  "GLP_E?" for an unknown one). No errors. O(1). */
const char *rmi_glpk_ret_name(int ret);

/** Name of a glp_get_status solution status ("GLP_OPT", ..., "GLP_?" for
 *  an unknown one). No errors. O(1). */
const char *rmi_glpk_status_name(int s);

/** Simplex parameters of both solvers: messages off, dual then primal
 *  simplex, bound and reduced-cost tolerances 1e-10. No errors. O(1). */
void rmi_glpk_init_smcp(glp_smcp *parm);

/** Tangent cut of alpha/y at y0 on columns (col_y, col_t), divided by
 *  alpha/y0 so that its numbers stay near 1:
 *  y_v / y0 + (y0/alpha) t_v >= 2 (alpha = 1: the cut of 1/y). Adds one
 *  row to lp. No errors (GLPK aborts on bad columns). O(1). */
void rmi_glpk_add_tangent_cut(glp_prob *lp, int col_y, int col_t, double alpha, double y0);

/** The first cuts of route v in [lo, hi]: at hi, and if lo < hi at lo, at
 *  y (if strictly inside) and at 3 geometric points between lo and hi.
 *  Columns col_y, col_t, weight alpha as rmi_glpk_add_tangent_cut. Returns
 *  the number of cuts added (1 to 6). No errors. O(1). */
int rmi_glpk_initial_cuts(glp_prob *lp, int col_y, int col_t, double alpha, double lo, double hi,
                         double y);

/** Capacity rows of sp on lp: row j is sum_e row_coef y_{row_var} <= c_j
 *  with variable v in column col_y0 + v; rows of one route are skipped
 *  (they are its upper bound). lprow (sp->m) gets the LP row of each
 *  problem row, 0 for a skipped one; ind, val are scratch of at least
 *  (longest row + 1) entries. No errors. O(nnz of sp). */
void rmi_glpk_add_capacity_rows(glp_prob *lp, const rm_share_problem *sp, int col_y0, int *lprow,
                               int *ind, double *val);

/** One LP solve: scales lp, sets the iteration limit to
 *  10 (rows + columns) + 500 and runs glp_simplex with parm; on a failure
 *  or a status other than GLP_OPT retries from a fresh basis, first
 *  unscaled with the primal simplex and Dantzig pricing, then scaled with
 *  the dual simplex and the textbook ratio test (*retries counts them).
 *  *ret, *status: the last glp_simplex code and solution status;
 *  *simplex_its += simplex iterations done. Returns 0 if the LP is solved
 *  to optimality, -1 otherwise (the caller reports). Time: GLPK's simplex,
 *  at most 3 runs. */
int rmi_glpk_simplex(glp_prob *lp, glp_smcp *parm, int *ret, int *status, int *retries,
                    long *simplex_its);

/** Link prices from the LP duals: lambda_j = -dual of row lprow[j] where
 *  > 0; route prices Lam_v = sum_j lambda_j coef_jv (Lam, sp->n entries,
 *  overwritten). Returns g - sum_j lambda_j c_j (the link term of the
 *  Lagrangian bound, subtracted from g in row order). No errors.
 *  O(nnz of sp). */
double rmi_glpk_link_prices(glp_prob *lp, const rm_share_problem *sp, const int *lprow,
                           double *Lam, double g);

/** Report a failed LP number it: fills info (status: the return code's
 *  name, or the solution status's if the code is 0) and sets err to
 *  RM_ESOLVER "<who>: glp_simplex returned ..., status ..., at LP it
 *  (n routes, ncuts cuts)". Returns RM_ESOLVER. O(1). */
rm_status rmi_glpk_simplex_failed(const char *who, int ret, int status, int it, int n, int ncuts,
                                 long simplex_its, double gap, int retries, rm_solver_info *info,
                                 rm_error *err);

/** Report a gap still above tol after it LPs (max_lp the limit): fills
 *  info ("gap above tolerance") and sets err to RM_ESOLVER. Returns
 *  RM_ESOLVER. O(1). */
rm_status rmi_glpk_gap_failed(const char *who, double gap, double tol, int it, int max_lp,
                             int ncuts, long simplex_its, int retries, rm_solver_info *info,
                             rm_error *err);

#endif
