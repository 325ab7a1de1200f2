/*
 * ringmap/alloc.h — optimal integer allocation of B equal work units (columns of a
 * stencil, chunks of a panel) to heterogeneous processors.
 *
 * Boulet et al. 1999 (Boulet, Dongarra, Rastello, Robert, Vivien, "Algorithmic issues
 * on heterogeneous computing platforms", §2, Table 3, Lemma 1, Prop. 1)
 * and Casanova, ICS 632 (lecture slides, "an incremental algorithm"): processor i
 * takes t_i time units per work unit; an allocation c (sum c_i = B) costs
 * max_i c_i t_i (its makespan), or that divided by B (cost per unit). The
 * incremental algorithm gives the next unit to the processor k minimising
 * t_k (c_k + 1), ties to the lowest index, and is optimal for every prefix
 * B' <= B (Boulet et al. 1999, Lemma 2).
 *
 * The affine generalisation used for the stencil columns: processor i's time
 * is o_i + t_i c_i (o_i = its communication time in eq. (1) of Legrand et al. 2004); the
 * same greedy (next unit to the k minimising o_k + t_k (c_k + 1)) minimises
 * max_i (o_i + t_i c_i), because the cost of processor i is nondecreasing in
 * c_i: the greedy takes the B smallest of the values o_i + t_i j (j >= 1),
 * which is the best any allocation can do.
 *
 * All functions are pure (no global state) and never print: each may be
 * called from several threads at once.
 *
 * Part of the public C API of libringmap (include <ringmap.h> for all of it).
 */
#ifndef RINGMAP_ALLOC_H
#define RINGMAP_ALLOC_H

#include "ringmap/error.h"
#include "ringmap/model.h"

#ifdef __cplusplus
extern "C" {
#endif
#pragma GCC visibility push(default)

/**
 * Optimal allocation of B units to n processors of unit times t (n entries,
 * finite, > 0), the result of Boulet et al. 1999's incremental algorithm (next unit to
 * the k minimising t_k (c_k + 1), ties to the lowest index) for exactly B
 * units: c (n entries) gets the counts, sum c = B.
 * Computed without replaying all B steps: every unit whose value t_k j lies
 * at or below a threshold near the rational optimum B / sum(1/t) is given at
 * once (they are exactly the first units the incremental algorithm hands
 * out), then the greedy finishes; so the result is identical to
 * rm_alloc_units_order() (tested) and the cost is O(n^2) in practice
 * (O(n log(range)) for the threshold search plus O(n) per remaining unit).
 * Errors: RM_EINPUT (n < 1, B < 0, a t_i not finite or <= 0); RM_EINVAL
 * "FUNCTION: t is NULL" (or c) for a NULL array (every rm_alloc_* entry).
 * Thread safety: reentrant: no shared state, may be called from any number of
 * threads at once.
 */
rm_status rm_alloc_units(int n, const double *t, long B, long *c, rm_error *err);

/**
 * The incremental algorithm itself (Boulet et al. 1999 Table 3, Casanova, ICS 632), replayed unit
 * by unit from c = 0: c gets the allocation for B units and order (B entries,
 * may be NULL) the 0-based processor index that received unit s+1, s =
 * 0..B-1 (Boulet et al. 1999 Table 5: P1 P2 P1 P3 P1 P2 P1 P1 P2 P3 for t = (3,5,8)).
 * For LU-like shrinking domains use the order backwards (rm_alloc_reverse,
 * Boulet et al. 1999 §5.1): when the s leftmost units of a slice have been consumed,
 * the B - s that remain are the first B - s of the forward order, an optimal
 * allocation for B - s units.
 * Errors as rm_alloc_units. Complexity O(n B).
 * Thread safety: reentrant: no shared state, may be called from any number of
 * threads at once.
 */
rm_status rm_alloc_units_order(int n, const double *t, long B, long *c, int *order,
                               rm_error *err);

/** Reverse an order of B units in place (Boulet et al. 1999 §5.1, LU: "reading the
 *  second line of Table 5 from right to left"); nothing when order is NULL. O(B).
 *  Thread safety: reentrant (writes only order). */
void rm_alloc_reverse(long B, int *order);

/** Makespan max_i c_i t_i of an allocation (0 for n = 0; NaN when n < 0 or
 *  t or c is NULL). O(n).
 *  Thread safety: reentrant: no shared state, may be called from any number of
 *  threads at once. */
double rm_alloc_makespan(int n, const double *t, const long *c);

/** Cost per unit of an allocation, Boulet et al. 1999 §2: max_i c_i t_i / sum_i c_i
 *  (INFINITY if sum c = 0; NaN when n < 0 or t or c is NULL). O(n).
 *  Thread safety: reentrant: no shared state, may be called from any number of
 *  threads at once. */
double rm_alloc_cost(int n, const double *t, const long *c);

/**
 * Optimality certificate of Boulet et al. 1999, Lemma 1: with m = max_i t_i c_i,
 * returns 1 if t_i c_i <= m <= t_i (c_i + 1) for every i (relative tolerance
 * tol, exact comparison if tol <= 0), else 0.
 * The condition is SUFFICIENT for optimality (Lemma 1), and every allocation
 * of the incremental algorithm satisfies it (Lemma 2). It is not necessary
 * when the makespan is reached by two processors: t = (2, 2, 1.5), c =
 * (1, 1, 0) is optimal for B = 2 (makespan 2, as (1, 0, 1)) but 1.5 (0+1) < 2.
 * Use rm_alloc_is_optimal() for the exact test. 0 when n < 0 or t or c is
 * NULL. O(n).
 * Thread safety: reentrant: no shared state, may be called from any number of
 * threads at once.
 */
int rm_alloc_certificate(int n, const double *t, const long *c, double tol);

/**
 * Exact optimality test: 1 if the makespan of c equals (relative tolerance
 * tol, exact if tol <= 0) the optimal makespan for B = sum c, i.e. that of
 * rm_alloc_units(); 0 if not; -1 on invalid input. O(n^2).
 * Thread safety: reentrant: no shared state, may be called from any number of
 * threads at once.
 */
int rm_alloc_is_optimal(int n, const double *t, const long *c, double tol);

/**
 * Best allocation over panel sizes b <= u (Boulet et al. 1999 §3.2, Table 4, "C_u"):
 * run the incremental algorithm for b = 1..u and keep the allocation of
 * least cost per unit max_i c_i t_i / b; ties go to the smallest b (the
 * smaller panel). c (n entries) gets the allocation, *b_best (may be NULL)
 * its number of units. For t = (11,26,33,33,38,40,528,530): u = 25 gives
 * b = 18, (7,3,2,2,2,2,0,0), cost 80/18 = 4.44.
 * Costs are compared exactly as cross products m_a * b_b < m_b * b_a.
 * Errors: RM_EINPUT (u < 1, bad t), RM_ENOMEM. Complexity O(n u).
 * Thread safety: reentrant: no shared state, may be called from any number of
 * threads at once.
 */
rm_status rm_alloc_best_upto(int n, const double *t, long u, long *c, long *b_best,
                             rm_error *err);

/**
 * Naive baseline of Boulet et al. 1999 §2: round the rational shares B (1/t_i) /
 * sum(1/t) by largest remainders (floor each, then one more unit to the
 * largest fractional parts, ties to the lowest index) so that sum c = B.
 * For t = (3,5,8), B = 9 it gives (4,3,2), cost 16/9 = 1.78 against the
 * optimum (5,3,1), 15/9 = 1.67. Errors as rm_alloc_units. O(n^2).
 * Thread safety: reentrant: no shared state, may be called from any number of
 * threads at once.
 */
rm_status rm_alloc_round_shares(int n, const double *t, long B, long *c, rm_error *err);

/**
 * Affine allocation: minimise max_i (o_i + t_i c_i) over integer c_i >=
 * min_units with sum c = B, by the greedy from c_i = min_units (next unit to
 * the k minimising o_k + t_k (c_k + 1), ties to the lowest index); o = NULL
 * means all zero (then, with min_units = 0, this is rm_alloc_units). The
 * optimality argument is the one of Boulet et al. 1999 Lemma 1/2 with the
 * nondecreasing costs o_i + t_i c_i. o_i must be finite and >= 0.
 * Errors: RM_EINPUT (bad t or o, min_units < 0, n * min_units > B).
 * Complexity as rm_alloc_units.
 * Thread safety: reentrant: no shared state, may be called from any number of
 * threads at once.
 */
rm_status rm_alloc_affine(int n, const double *t, const double *o, long min_units, long B,
                          long *c, rm_error *err);

/**
 * Columns of a stencil for a ring mapping: the integer version of eq. (1)
 * of Legrand et al. 2004. N equal columns (each D_w / N of the work) go to the q ring
 * positions so that max_k (c_k w_k / N + dc_dw C_k) is minimal, with at
 * least min_cols columns each (the stencil runtime needs 1); C_k =
 * c_{k,pred} + c_{k,succ} in s/Mb (NULL or dc_dw = 0: no communication term,
 * i.e. plain rm_alloc_units with t_k = w_k). This is rm_alloc_affine with
 * t_k = w_k / N and o_k = dc_dw C_k; it uses w and the route costs rather
 * than the rational alpha, so it is exact for eq. (1); as N grows c_k / N
 * tends to the rm_balance alphas.
 * Errors as rm_alloc_affine. Complexity as rm_alloc_units.
 * Thread safety: reentrant: no shared state, may be called from any number of
 * threads at once.
 */
rm_status rm_alloc_columns(int q, const double *w, const double *C, double dc_dw, long N,
                           long min_cols, long *cols, rm_error *err);

/**
 * Columns of a stencil for a ring mapping under the cost model m: with
 * m->overlap 0, rm_alloc_columns(q, w, C, m->dc_dw, ...) bit for bit; with
 * the overlap model (include/ringmap/model.h; Weissman 1995 §4.1.2,
 * Eq. 4.10) the integer c minimising max_k max(c_k w_k / N, dc_dw C_k +
 * F c_k w_k / N) (F = m->overlap_boundary; with the absolute boundary
 * beta = m->overlap_boundary_dw > 0 the second term is dc_dw C_k +
 * min(beta, c_k / N) w_k: K boundary columns of N are beta = K/N; positions
 * with no column still communicate: dc_dw C_k), at least min_cols each: the greedy of Boulet et
 * al. 1999 (each next column to the position whose cost after it is least;
 * ties to the least computation c_k w_k / N after it, then to the lowest
 * index), optimal because every position's cost is nondecreasing in its
 * columns (Lemma 1/2's argument); then, its max cost T* kept, the columns
 * spread: handed out again by least computation after the column, each
 * position up to the most columns whose cost stays <= T*, so that of the
 * optimal allocations one of least max computation is returned (under the
 * communication floor the greedy alone piles the columns on the positions
 * of the lowest floor; computation-bound the two coincide). As N grows c_k / N
 * tends to rm_balance_overlap's alphas when they are unique (computation-
 * bound). Shapes, errors as rm_alloc_columns; RM_EINVAL for a NULL m,
 * RM_EINPUT for a model rm_cost_model_check refuses. O(q log N + (N - q
 * min_cols) log q). Thread safety: reentrant.
 */
rm_status rm_alloc_columns_model(int q, const double *w, const double *C,
                                 const rm_cost_model *m, long N, long min_cols, long *cols,
                                 rm_error *err);

/**
 * Columns directly from rational shares alpha (q entries, >= 0, not all
 * 0): the optimal allocation for t_k = 1/alpha_k (positions with alpha_k =
 * 0 get no column), i.e. the integer c minimising max_k c_k / alpha_k — the
 * one closest to alpha in the minimax sense. Use it when only alpha is
 * known. Errors: RM_EINPUT. Complexity as rm_alloc_units.
 * Thread safety: reentrant: no shared state, may be called from any number of
 * threads at once.
 */
rm_status rm_alloc_from_alpha(int q, const double *alpha, long N, long *cols, rm_error *err);

#pragma GCC visibility pop
#ifdef __cplusplus
}
#endif

#endif /* RINGMAP_ALLOC_H */
