/*
 * ringmap/balance.h — functional performance models and DFPA (part of the
 * public API of libringmap; included by ringmap.h).
 *
 * Lastovetsky and Reddy, "Distributed Data Partitioning for
 * Heterogeneous Processors Based on Partial Estimation of Their Functional
 * Performance Models" (Euro-Par 2009 workshops) — "DFPA" below; its
 * reference [3] (Lastovetsky & Reddy, IJHPCA 21(1), 2007) for the geometric
 * partitioning by speed functions. Boulet et al. 1999 and Casanova, ICS 632 for the integer
 * allocation of equal units (the constant-speed special case), Legrand et al. 2004
 * eq. (1) for the ring's communication term.
 *
 * Units and model:
 *   - a "unit" is one of n equal, independent pieces of work (a stencil
 *     column, a block row); x is a number of units (real or integer);
 *   - a processor's speed s(x) is in units/s, its time t(x) = x / s(x) in s;
 *   - a functional performance model (FPM, rm_fpm) is the piecewise-linear
 *     speed function through measured points (x_k, s_k), x_1 < ... < x_m,
 *     flat (s = s_1) on [0, x_1] and flat (s = s_m) beyond x_m (Lastovetsky and Reddy §2,
 *     Fig. 2);
 *   - shape assumption of [3] (and of DFPA's convergence proposition): every
 *     line through the origin meets the graph of s once, i.e. t(x) is
 *     increasing. Measured points may violate it (noise, cache effects); the
 *     partitioning then uses the increasing hull t^(x) = max_{y <= x} t(y)
 *     (the first crossing of the line), so it stays well defined;
 *   - ring communication (Legrand et al. 2004 eq. (1) with speed functions): position
 *     i's step time is comm[i] + t_i(d_i), comm[i] = D_c * C_i in s (D_c in
 *     Mb, C_i = c_{i,pred} + c_{i,succ} in s/Mb, see rm_mapping_costs); with
 *     comm = NULL the times are computation only (Lastovetsky and Reddy's setting).
 *
 * Thread safety: no global state. Functions taking a const object may run
 * concurrently on the same object; an object being modified must not be used
 * by another thread at the same time. No function prints or exits.
 */
#ifndef RINGMAP_BALANCE_H
#define RINGMAP_BALANCE_H

#include "ringmap/ring.h"

#ifdef __cplusplus
extern "C" {
#endif
#pragma GCC visibility push(default)

/* ------------------------------------------------------------------------ */
/* Functional performance models (Lastovetsky and Reddy §1-2)                             */
/* ------------------------------------------------------------------------ */

/** A piecewise-linear speed function built from measured points (Lastovetsky and Reddy
 *  §2). Caller-owned storage: rm_fpm_init / rm_fpm_destroy. Read-only for
 *  the caller (use rm_fpm_add to change it). */
typedef struct rm_fpm {
    int n;      /* number of points, 0 = no measurement yet */
    int cap;    /* allocated entries */
    double *x;  /* n sizes in units, strictly increasing, > 0 */
    double *t;  /* n measured times in s, > 0 */
    double *s;  /* n speeds s = x / t in units/s */
    /* reserved for fields of later 1.x releases, which take slots from it
       so that the size and the offsets above stay (docs/library.md, "ABI
       notes"); zeroed by rm_fpm_init */
    rm_reserved_slot reserved[4];
} rm_fpm;

/** Which of DFPA's insertion cases (Lastovetsky and Reddy §2) a new point fell in. */
typedef enum rm_fpm_case {
    RM_FPM_FIRST = 0,   /* first point: the constant model s(x) = s(d) */
    RM_FPM_BELOW = 1,   /* d < x_1: segment (0,s_1)->(x_1,s_1) replaced by
                           (0,s(d))->(d,s(d))->(x_1,s_1) */
    RM_FPM_ABOVE = 2,   /* d > x_m: (x_m,s_m)->(inf,s_m) replaced by
                           (x_m,s_m)->(d,s(d))->(inf,s(d)) */
    RM_FPM_BETWEEN = 3, /* x_k < d < x_{k+1}: segment split at (d,s(d)) */
    RM_FPM_REPLACE = 4  /* d = x_k: the newer measurement replaces the point
                           (not in Lastovetsky and Reddy; keeps the model a function and
                           lets it follow load changes) */
} rm_fpm_case;

#define RM_FPM_NCASES 5

/** Empty model (no points). Never fails; O(1). */
void rm_fpm_init(rm_fpm *m);

/** Free the points of m (m may be NULL); m is then empty and reusable. O(1). */
void rm_fpm_destroy(rm_fpm *m);

/** Drop every point, keep the storage (m becomes empty). O(1). */
void rm_fpm_clear(rm_fpm *m);

/**
 * Add the measurement "x units took t seconds" (speed x / t) by DFPA's
 * insertion rule (Lastovetsky and Reddy §2, the three cases; see rm_fpm_case). which (may
 * be NULL) gets the case. Errors: RM_EINPUT (x or t not finite or <= 0),
 * RM_EINVAL (m NULL or not made by rm_fpm_init), RM_ENOMEM (m unchanged). Complexity O(m->n) (sorted insertion).
 */
rm_status rm_fpm_add(rm_fpm *m, double x, double t, rm_fpm_case *which, rm_error *err);

/** Speed s(x) in units/s of the piecewise-linear model (flat before the first
 *  and after the last point; linear interpolation of s in between), x >= 0.
 *  NAN if m has no point or x is negative/NaN. O(log n). */
double rm_fpm_speed(const rm_fpm *m, double x);

/** Time t(x) = x / s(x) in s for x units (0 for x = 0). At a measured point
 *  it returns the measured time exactly; on the flat parts x * (t_k / x_k),
 *  so a model with the single point (1, w) gives exactly x * w (the
 *  cycle-time model of Boulet et al. 1999 and Legrand et al. 2004). NAN as rm_fpm_speed. O(log n). */
double rm_fpm_time(const rm_fpm *m, double x);

/** The increasing hull max_{0 <= y <= x} t(y) that the partitioning uses
 *  (= rm_fpm_time when the shape assumption holds). NAN as rm_fpm_speed.
 *  O(n). */
double rm_fpm_time_hull(const rm_fpm *m, double x);

/** 1 if the model satisfies the shape assumption of [3] (t(x) strictly
 *  increasing: every segment's line s = a + b x has a > 0), 0 if not, -1 if
 *  m is NULL or empty. O(n). */
int rm_fpm_check_shape(const rm_fpm *m);

/** Copy src into dst (dst initialised, its old points dropped).
 *  Errors: RM_ENOMEM (dst unchanged), RM_EINVAL (dst or src NULL). O(n). */
rm_status rm_fpm_copy(rm_fpm *dst, const rm_fpm *src, rm_error *err);

/* ------------------------------------------------------------------------ */
/* Partitioning by speed functions ([3] of Lastovetsky and Reddy; Boulet et al. 1999) */
/* ------------------------------------------------------------------------ */

/**
 * Rational partitioning (the geometric algorithm of Lastovetsky and Reddy's [3], Fig. 1):
 * find T such that sum_i x_i = n with x_i = max(0, inverse of comm_i +
 * t^_i at T) — the intersections of the speed graphs with the line through
 * the origin of slope 1/(T - comm_i) — by bisection on T (relative precision
 * 1e-15). p models (each with >= 1 point), comm: p times in s (>= 0, finite)
 * or NULL, n > 0 units (real). x (p entries) gets the shares (sum n up to
 * rounding), *T (may be NULL) the common step time in s. A position with
 * comm_i >= T gets x_i = 0 (the alpha = 0 case of rm_balance, ringmap/model.h).
 * Errors: RM_EINPUT (p < 1, an empty model, bad comm, n not finite or <= 0),
 * RM_EINVAL (models or x NULL, naming the function and the argument). Thread-safe on const models. Complexity O(p n_pts log(1/prec)).
 */
rm_status rm_fpm_partition_real(int p, const rm_fpm *models, const double *comm, double n,
                                double *x, double *T, rm_error *err);

/**
 * Integer partitioning: the distribution d of n units (d_i >= min_units,
 * sum d = n) minimising max_i (comm_i + t^_i(d_i)), exactly (not a rounding
 * of the rational shares). The units are handed out like Boulet et al. 1999's
 * incremental algorithm generalised to increasing costs (the next unit goes
 * to the k minimising comm_k + t^_k(d_k + 1), ties to the lowest index),
 * computed fast: every unit whose cost is at or below a threshold found by
 * bisection is given at once, then the greedy finishes. For constant models
 * (one point (1, w_i) each) this is exactly rm_alloc_affine of include/ringmap/alloc.h,
 * and with comm = NULL, min_units = 0 exactly the optimum of Boulet et al. 1999 and Casanova, ICS 632
 * (t = (3,5,8), n = 10 -> (5,3,2)). *T (may be NULL) gets the makespan max_i
 * (comm_i + t^_i(d_i)) in s (Legrand et al. 2004 eq. (1) with speed functions).
 * Errors: RM_EINPUT (as rm_fpm_partition_real, n < 0, min_units < 0,
 * p * min_units > n), RM_ELIMIT (n > 2^53: unit counts beyond are not
 * exact doubles), RM_EINVAL (models or d NULL). Thread-safe on const models.
 * Complexity O(p n_pts (log(1/prec) + log n)^2): units of equal cost (a flat
 * model, large n) are handed out together, not one at a time.
 */
rm_status rm_fpm_partition(int p, const rm_fpm *models, const double *comm, long n,
                           long min_units, long *d, double *T, rm_error *err);

/**
 * Predicted step times of a distribution: times[i] = comm_i + t^_i(d_i) (0
 * for d_i = 0 and comm_i = 0), times may be NULL; returns their maximum, the
 * step time of Legrand et al. 2004 eq. (1) with speed functions (NAN on bad input:
 * p < 1, empty model, d_i < 0, NULL models/d). O(p n_pts).
 */
double rm_fpm_step_time(int p, const rm_fpm *models, const double *comm, const long *d,
                        double *times);

/**
 * The ring's communication term for rm_fpm_partition: comm[k] = dc *
 * C_k in s for the q positions of mapping m (C_k from rm_mapping_costs:
 * s/Mb under the mapping's cost model), dc = D_c in Mb (the message each
 * position sends to each ring neighbour per step, > 0, finite). comm gets
 * m->q entries. Errors: RM_EINPUT (bad dc), RM_EINVAL (net, m or comm NULL,
 * m not a mapping of net), RM_ENOMEM. O(q + L).
 * Source: Legrand et al. 2004 eq. (1).
 */
rm_status rm_fpm_ring_comm(const rm_network *net, const rm_mapping *m, double dc, double *comm,
                           rm_error *err);

/* ------------------------------------------------------------------------ */
/* The overlap model with speed functions (docs/balance.md, "DFPA under      */
/* overlap"; Weissman 1995 §4.1.2, Eq. 4.10)                                  */
/* ------------------------------------------------------------------------ */

/**
 * One position's step time under the overlap model with its speed
 * function: H(x) = max(t - b, comm) + b = max(t, comm + b) with t =
 * t^(x) (the increasing hull of rm_fpm_time_hull) and the boundary b =
 * min(t, boundary t + t^(min(x, boundary_units))) that cannot overlap its
 * communication (boundary = F in [0, 1], boundary_units = B units >= 0;
 * both 0: Weissman's max(T_comp, T_comm); F = 1: comm + t, eq. (1)).
 * Nondecreasing in x; H(0) = comm. x >= 0 units, comm >= 0 s; returns s,
 * NAN for an empty or NULL model or a bad argument. Thread-safe on const m.
 * O(n_pts). Source: Weissman 1995 §4.1.2 (Eq. 4.10) with Lastovetsky and
 * Reddy §2's speed functions.
 */
double rm_fpm_host_time_overlap(const rm_fpm *m, double x, double comm, double boundary,
                                double boundary_units);

/**
 * rm_fpm_partition_real under the overlap model (boundary F in [0, 1],
 * boundary_units B >= 0, as rm_fpm_host_time_overlap): x_i(T) is the
 * largest x with H_i(x) <= T, i.e. min(t^-1(T), max(t^-1(T - comm_i),
 * the largest x >= B with F t^(x) + t^(B) <= T - comm_i)), 0 for T <
 * comm_i; T = max(max_i comm_i, the root of sum_i x_i(T) = n) (every
 * position communicates whatever its share). At the root x_i = x_i(T);
 * when the communication bound dominates (sum_i x_i(max comm) >= n), every
 * share up to x_i(T) gives the same T and each position gets the same
 * fraction of what it can take, x_i = n x_i(T) / sum_j x_j(T) — with
 * constant models (one point (1, w_i)), B = 0 and comm_i = dc_dw C_i,
 * x / n is rm_balance_overlap's alpha (ringmap/model.h). Shapes, units and
 * errors as rm_fpm_partition_real, plus RM_EINPUT for a bad boundary or
 * boundary_units. Thread-safe on const models. O(p n_pts log(1/prec)).
 */
rm_status rm_fpm_partition_real_overlap(int p, const rm_fpm *models, const double *comm,
                                        double boundary, double boundary_units, double n,
                                        double *x, double *T, rm_error *err);

/**
 * rm_fpm_partition under the overlap model: the distribution d of n units
 * (d_i >= min_units, sum n) minimising max_i H_i(d_i) exactly
 * (rm_fpm_host_time_overlap), by the same greedy (the next unit to the k
 * minimising H_k(d_k + 1), ties to the lowest index) with the same
 * threshold start: optimal, every H_k being nondecreasing (Boulet et al.
 * 1999's argument). When the communication bound dominates, every
 * distribution within it is optimal and the greedy's (the cheapest units
 * first) is returned. *T (may be NULL) gets max_i H_i(d_i). Errors as
 * rm_fpm_partition, plus RM_EINPUT for a bad boundary or boundary_units.
 * Thread-safe on const models. Complexity as rm_fpm_partition.
 */
rm_status rm_fpm_partition_overlap(int p, const rm_fpm *models, const double *comm,
                                   double boundary, double boundary_units, long n,
                                   long min_units, long *d, double *T, rm_error *err);

/**
 * rm_fpm_step_time under the overlap model: times[i] = H_i(d_i) (comm_i for
 * d_i = 0), times may be NULL; returns their maximum (NAN on bad input as
 * rm_fpm_step_time, or a bad boundary). Shapes: models, comm, d and times
 * of length p; d in units, comm and the result in s. O(p n_pts).
 * Thread-safe on const models. Source: Weissman 1995 §4.1.2 (Eq. 4.10)
 * with Lastovetsky and Reddy §2's speed functions.
 */
double rm_fpm_step_time_overlap(int p, const rm_fpm *models, const double *comm,
                                double boundary, double boundary_units, const long *d,
                                double *times);

/* ------------------------------------------------------------------------ */
/* DFPA: distributed functional partitioning (Lastovetsky and Reddy §2)                   */
/* ------------------------------------------------------------------------ */

/** Knobs of DFPA; rm_dfpa_options_init sets the defaults given here. */
typedef struct rm_dfpa_options {
    double eps;          /* relative accuracy: done when max_{i,j} |T_i - T_j| / T_i
                            <= eps (default 0.05) */
    long min_units;      /* every processor keeps >= this many units (default 0;
                            iterapp's stencil needs 1) */
    int max_iter;        /* stop after this many steps (default 50) */
    const double *comm;  /* p communication times in s (eq. (1)), copied at
                            rm_dfpa_new; NULL = computation only (default) */
    const long *start;   /* p units to start from (sum n, each >= min_units:
                            with min_units 0 a position may start at 0 and
                            then keeps 0, as an alpha = 0 position of
                            Legrand et al. 2004 eq. (1)), copied; NULL = n/p
                            each, the remainder one each to the lowest
                            indices (default) */
    /* reserved for fields of later 1.x releases, which take slots from it
       so that the size and the offsets above stay (docs/library.md, "ABI
       notes"); zeroed by rm_dfpa_options_init */
    union {
        rm_reserved_slot reserved[8];
        struct { /* 1.4: the overlap model (docs/balance.md, "DFPA under overlap") */
            /* 0 (default): position i's step is comm_i + t_i (eq. (1), bit
               for bit). Nonzero: it posts its messages, computes meanwhile
               and finishes its boundary b_i: max(t_i - b_i, comm_i) + b_i
               (Weissman 1995 §4.1.2, Eq. 4.10, with a boundary part) */
            int overlap;
            /* the boundary as a fraction F of the computation, finite in
               [0, 1]; must be 0 when overlap is 0 */
            double overlap_boundary;
            /* the boundary as B units per step (finite >= 0; iterapp's 2
               boundary columns), timed by the position's model: t^_i(min(x,
               B)); must be 0 when overlap is 0. With both, b_i =
               min(t_i, F t_i + t^_i(min(x, B))) */
            double overlap_boundary_units;
        };
    };
} rm_dfpa_options;

/** Why DFPA is done (or not yet). */
typedef enum rm_dfpa_state {
    RM_DFPA_RUNNING = 0,  /* run rm_dfpa_distribution() and call rm_dfpa_step */
    RM_DFPA_BALANCED = 1, /* the measured times meet eps (Lastovetsky and Reddy's stop) */
    RM_DFPA_STABLE = 2,   /* the models' integer optimum is the distribution just
                             measured: eps cannot be met at this granularity */
    RM_DFPA_MAX_ITER = 3  /* max_iter steps without either */
} rm_dfpa_state;

/** Counters of a DFPA run (rm_dfpa_stats). */
typedef struct rm_dfpa_stats {
    int iterations;            /* rm_dfpa_step calls since new/restart */
    int cases[RM_FPM_NCASES];  /* insertions by rm_fpm_case, all processors */
    double imbalance;          /* of the last measurement (see rm_dfpa_step), NAN before */
    double t_max;              /* its max_i (comm_i + t_i) in s, NAN before */
    rm_dfpa_state state;
    /* reserved for fields of later 1.x releases, which take slots from it
       so that the size and the offsets above stay (docs/library.md, "ABI
       notes"); zeroed by rm_dfpa_stats_get */
    rm_reserved_slot reserved[4];
} rm_dfpa_stats;

/** An opaque DFPA run: p partial FPMs, the current distribution, the state. */
typedef struct rm_dfpa rm_dfpa;

/** Defaults: eps 0.05, min_units 0, max_iter 50, comm NULL, start NULL. O(1). */
void rm_dfpa_options_init(rm_dfpa_options *opt);

/**
 * Start DFPA for n units on p processors (Lastovetsky and Reddy §2, "Initialization"):
 * empty models, the starting distribution (opt->start or n/p each).
 * opt NULL = defaults. Errors: RM_EINVAL (out NULL), RM_EINPUT (p < 1, n < 1,
 * n < p * max(1, min_units) without a start, n < p * min_units with one,
 * eps not finite or < 0, max_iter < 1, bad comm, start with sum != n or an
 * entry < min_units; overlap_boundary outside [0, 1], overlap_boundary_units
 * not finite or < 0, either nonzero without overlap), RM_ENOMEM; *out =
 * NULL on error. A processor started
 * at 0 units is never measured and keeps 0 units (rm_dfpa_step partitions
 * the n units over the others).
 * Complexity O(p). The object is not thread-safe (one driver at a time).
 */
rm_status rm_dfpa_new(int p, long n, const rm_dfpa_options *opt, rm_dfpa **out, rm_error *err);

/** Free a DFPA run (NULL is fine). O(p). */
void rm_dfpa_free(rm_dfpa *a);

/** The distribution to execute and measure next (p entries, sum n; owned by
 *  a, valid until the next step/restart/free). O(1). */
const long *rm_dfpa_distribution(const rm_dfpa *a);

/**
 * One DFPA step (Lastovetsky and Reddy §2, "Iterating"): times[i] = measured computation
 * time in s of processor i on rm_dfpa_distribution()[i] units (> 0 and
 * finite where that count is > 0; ignored where it is 0). Adds the points
 * (d_i, d_i / t_i) to the models by the insertion cases, computes the
 * imbalance of T_i = comm_i + t_i as (max_i T_i - min_i T_i) / min_i T_i,
 * the min over processors above min_units (those at the bound may finish
 * early, like alpha = 0 positions of Legrand et al. 2004), and:
 *   - under the overlap model (opt->overlap), T_i = max(t_i, comm_i + b_i)
 *     with b_i = min(t_i, F t_i + t^_i(min(d_i, B))) (t_i for d_i <= B),
 *     the min is raised to the largest floor max_i T_i(min_units) (comm_i
 *     with min_units 0: no distribution is faster, docs/balance.md) and
 *     the repartition is rm_fpm_partition_overlap;
 *   - imbalance <= eps: state RM_DFPA_BALANCED, distribution kept;
 *   - otherwise the integer optimum of the updated models (rm_fpm_partition)
 *     becomes the next distribution; if it equals the measured one, state
 *     RM_DFPA_STABLE; after max_iter steps RM_DFPA_MAX_ITER.
 * next (p entries, may be NULL) gets the distribution to run next (the same
 * one when done). Returns the state through *state (may be NULL).
 * Calling it when done is allowed (it refines the models and re-tests).
 * Errors: RM_EINPUT (a bad time; a naming its index), RM_EINVAL (a or times
 * NULL), RM_ENOMEM; the object
 * is unchanged on error. Complexity O(p n_pts (log(1/prec) + log n)).
 */
rm_status rm_dfpa_step(rm_dfpa *a, const double *times, long *next, rm_dfpa_state *state,
                       rm_error *err);

/** Counters and state (see rm_dfpa_stats). O(1). */
void rm_dfpa_stats_get(const rm_dfpa *a, rm_dfpa_stats *st);

/** Processor i's current partial model (owned by a), NULL if i is out of
 *  range. O(1). */
const rm_fpm *rm_dfpa_model(const rm_dfpa *a, int i);

/** Predicted times comm_i + t^_i(d_i) in s of the current distribution under
 *  the current models (p entries; under the overlap model
 *  rm_fpm_step_time_overlap's); returns their max, NAN before the first
 *  step. O(p n_pts). */
double rm_dfpa_predict(const rm_dfpa *a, double *times);

/**
 * Restart for a changed platform (dynamic rebalancing, Boulet et al. 1999 §3.2.2:
 * "use the past to predict the future"): drop every model point (they may
 * be stale after a load change), reset the counters, state RM_DFPA_RUNNING,
 * start from start (p entries, sum n, >= max(1, min_units)) or, if NULL, the
 * current distribution; comm (p entries, may be NULL = keep) replaces the
 * communication times. Errors: RM_EINPUT (bad start/comm; a unchanged),
 * RM_EINVAL (a NULL).
 * Complexity O(p).
 */
rm_status rm_dfpa_restart(rm_dfpa *a, const long *start, const double *comm, rm_error *err);

/**
 * Replace the communication times (p entries, s per step, finite >= 0) and
 * keep everything else: the models, the distribution, the counters and the
 * state. For a driver that measures each position's communication per
 * period (iterapp: a synchronised halo exchange after each period) rather
 * than knowing it beforehand; the next rm_dfpa_step and rm_dfpa_predict use
 * the new times (eq. (1)'s comm_i, or the overlap model's). Unlike
 * rm_dfpa_restart, no model point is dropped: the models are of the
 * computation only, which a change of communication does not touch.
 * Errors: RM_EINVAL (a or comm NULL), RM_EINPUT (a bad time, naming its
 * index; a unchanged). Not thread-safe (one driver at a time). O(p).
 * Source: Lastovetsky and Reddy §2 (DFPA), Legrand et al. 2004 eq. (1).
 */
rm_status rm_dfpa_set_comm(rm_dfpa *a, const double *comm, rm_error *err);

/**
 * DFPA seeded with a given integer distribution: rm_dfpa_new(q, n_units)
 * with opt (NULL: defaults) whose start is units (q entries, sum n_units,
 * each >= opt->min_units; 0 allowed when min_units is 0) and whose comm, when
 * opt gives none, is comm (q times in s, may be NULL). Errors as
 * rm_dfpa_new. O(q). Source: Lastovetsky and Reddy §2 ("Initialization").
 */
rm_status rm_dfpa_seeded(int q, long n_units, const long *units, const double *comm,
                         const rm_dfpa_options *opt, rm_dfpa **out, rm_error *err);

/**
 * From a ring mapping to DFPA in one call: the optimal integer work shares
 * of n_units units on mapping m of net (rm_mapping_units with
 * opt->min_units, default 0: a position may get 0 units), copied to units
 * (m->q entries, may be NULL), and a new DFPA run *out seeded with them
 * (rm_dfpa_seeded) whose communication times are comm[k] = dc * C_k in s
 * (rm_fpm_ring_comm; dc = D_c in Mb, finite >= 0; 0 = computation only),
 * unless opt->comm gives them. DFPA position k is ring position k (MPI
 * rank k with the launch files of `ringmap map`). A mapping of the overlap
 * model (m->cost.overlap) seeds DFPA under it: opt's overlap fields, unless
 * opt->overlap is set, become overlap 1, overlap_boundary =
 * m->cost.overlap_boundary and overlap_boundary_units =
 * m->cost.overlap_boundary_dw n_units (the absolute boundary in units; the
 * units are already the model's integer optimum, rm_mapping_units). For a mapping read back from its JSON,
 * rm_mapping_doc_dfpa (ringmap/mapping_json.h).
 * Errors: RM_EINVAL (net, m or out NULL; m not a mapping of net), RM_EINPUT
 * (dc; rm_mapping_units's and rm_dfpa_new's), RM_ENOMEM; *out = NULL on
 * error. Thread safety: reentrant (reads net and m). Complexity O(q^2 + L).
 * Source: Boulet et al. 1999 §3 and Legrand et al. 2004 eq. (1) (the
 * units); Lastovetsky and Reddy §2 (DFPA).
 */
rm_status rm_mapping_dfpa(const rm_network *net, const rm_mapping *m, long n_units, double dc,
                          const rm_dfpa_options *opt, long *units, rm_dfpa **out,
                          rm_error *err);

/**
 * A functional performance model from its points as text: xs = "x1 x2 ..."
 * (sizes in units, strictly increasing, > 0) and ts = "t1 t2 ..." (times in
 * s, > 0), numbers separated by blanks, as many of each — the node
 * attributes fpm_x and fpm_t that ringmap-measure writes into its GML
 * (rm_platform_read_fpm reads them for a whole platform). m (initialised with
 * rm_fpm_init) is cleared, then gets the points by rm_fpm_add, so that
 * rm_fpm_time(m, x_k) = t_k. Errors: RM_EINPUT naming the point ("fpm_x/fpm_t:
 * point 3: ..."), RM_ENOMEM, RM_EINVAL (NULL). Reentrant. O(n^2) for n
 * points (sorted insertion). Source: Lastovetsky and Reddy §2 (the model).
 */
rm_status rm_fpm_parse_points(const char *xs, const char *ts, rm_fpm *m, rm_error *err);

/**
 * The functional performance models of a measured platform: the GML file
 * at path that ringmap-measure wrote (node attributes fpm_x "x1 x2 ..." in
 * units and fpm_t "t1 t2 ..." in s) and p, the platform rm_platform_read
 * made from that same file. models[h] (p->n_hosts entries, each initialised
 * with rm_fpm_init) gets host h's model (host h = node p->hosts[h]) by
 * rm_fpm_parse_points, or is left empty (n = 0) for a host without the two
 * attributes; *n_found (may be NULL) counts the hosts with a model.
 * Errors: RM_EINPUT (the file's errors; a file whose nodes are not p's; bad
 * points, naming the host node), RM_ENOMEM, RM_EINVAL (NULL path, p or
 * models). Thread-safe (igraph under the library's lock). O(file + H n^2)
 * for n points per host. Source: Lastovetsky and Reddy §2 (the models).
 */
rm_status rm_platform_read_fpm(const char *path, const rm_platform *p, rm_fpm *models,
                               int *n_found, rm_error *err);

#pragma GCC visibility pop
#ifdef __cplusplus
}
#endif

#endif /* RINGMAP_BALANCE_H */
