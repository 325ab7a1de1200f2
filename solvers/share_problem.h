/*
 * share_problem.h — the convex share program of solvers.h in a compact,
 * scaled form shared by the final solvers of a fixed ring (tstep_kinsol.c,
 * tstep_glpk.c) and the tests' GLPK cross-check (not public).
 *
 * Variables y_v (v = 0..n-1) are the routes with a_k > 0 and at least one
 * arc, in units of S Mb/s (x = S y); weights alpha_v = a_k / A. Constraint j
 * (0..m-1) is sum_v coef y_v <= c_j over its row (CSR: row_start, row_var,
 * row_coef); the same in columns (CSC: col_start, col_row, col_coef).
 * Backbone resources become one-route rows; rows with the same routes and
 * coefficients are merged (smallest capacity kept).
 * The constraints are bw's system of the routes (bw/bw_internal.h: the one
 * constraint system, routes x resources), kept in sys with the scaled
 * capacities: max-min fairness and make-feasible are bw's (rmi_bw_fill,
 * rmi_bw_make_feasible); the rows are its resources merged and scaled.
 */
#ifndef RINGMAP_SHARE_PROBLEM_H
#define RINGMAP_SHARE_PROBLEM_H

#include "ringmap/bw.h"
#include "ringmap/model.h"
#include "solvers/solvers.h"

struct bw_system;

typedef struct rm_share_problem {
    int n_routes;   /* routes given */
    int n;          /* variables */
    int *var_route; /* n: the route of each variable */
    double *alpha;  /* n: scaled weights, max 1 */
    double *ub;     /* n: min_j c_j / coef over the rows of v */
    int m;          /* constraints */
    double *c;      /* m: scaled capacities, max 1 */
    int *row_start; /* m + 1 */
    int *row_var;   /* nnz */
    double *row_coef;
    int *col_start; /* n + 1 */
    int *col_row;   /* nnz */
    double *col_coef;
    double S, A; /* scales: x = S y (Mb/s), a = A alpha */
    int *route_var; /* n_routes: the variable of each route, -1 if none */
    int *bb_row;    /* n: the row of each variable's backbone bound, -1 if none */
    /* bw's system of the routes (R resources), for max-min and make-feasible */
    struct bw_system *sys;
    double *caps;  /* R: scaled capacities (the rows' c) */
    int *bb;       /* R: backbone flags */
    int *take;     /* n_routes: 1 for the variables */
    int *res_row;  /* R: the (merged) row of each non-backbone resource, else -1 */
    double *xw;    /* n_routes: scratch rates */
    double *fw;    /* 3 R + 2 n_routes: scratch */
    int *iw;       /* R + 3 n_routes: scratch */
} rm_share_problem;

/**
 * Build the problem of the routes of in (resource lists and capacities)
 * with a[k] > 0 (the routes with a[k] == 0 are filled on the residual
 * capacities by rmi_share_finish). Validates the resource indices, a and
 * the capacities (RM_EINPUT: NULL or malformed route lists, a resource index out of range, a[k] or a capacity negative or not finite; RM_ESOLVER: a route of weight > 0 on a capacity of 0; RM_ENOMEM). O(L log L + m^2 d)
 * with L the total route length, d the row length.
 */
rm_status rmi_share_problem_init(rm_share_problem *p, const rm_share_system *in, const double *a,
                                rm_error *err);

/** Free what rmi_share_problem_init allocated (p may be zeroed). O(1). */
void rmi_share_problem_destroy(rm_share_problem *p);

/** Max-min fair y (rmi_bw_fill: progressive filling) on p's constraints. If
 *  bott is not NULL it receives the rows that froze new routes, in order
 *  (their rows are linearly independent and cover every variable); *n_bott
 *  their count. Always RM_OK (the scratch is p's). O(rounds (R + K + T)). */
rm_status rmi_share_maxmin(const rm_share_problem *p, double *y, int *bott, int *n_bott);

/** load[j] = sum_v coef y_v. O(nnz). */
void rmi_share_loads(const rm_share_problem *p, const double *y, double *load);

/** Make-feasible (rmi_bw_make_feasible with margin 1 - 2e-15): scale every y_v
 *  down by min(1, c_j / load_j) over its rows: the result is feasible.
 *  load (m entries) receives the loads before the scaling. O(nnz). */
void rmi_share_make_feasible(const rm_share_problem *p, double *y, double *load);

/** Scaled objective sum_v alpha_v / y_v. O(n). */
double rmi_share_objective(const rm_share_problem *p, const double *y);

/**
 * Write the result: x[k] = S y_v for the variables, INFINITY for routes
 * without resources, and max-min fair shares (rmi_bw_fill) of the residual
 * capacities for the routes with a[k] == 0. No errors. O(L + rounds (R +
 * K + T)).
 */
void rmi_share_finish(const rm_share_problem *p, const double *a, const double *y, double *x);

/**
 * Fill the solver report info (nothing if info is NULL): iterations,
 * inner iterations, n_active, objective, gap, restarts, and status (copied,
 * truncated to the field). No errors. O(1).
 */
void rmi_solver_info_fill(rm_solver_info *info, int iters, long inner, int n_active, double obj,
                         double gap, const char *status, int restarts);

#endif
