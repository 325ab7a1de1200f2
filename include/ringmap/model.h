/*
 * ringmap/model.h — the cost model of Legrand et al. 2004 (bottom layer): the
 * rm_cost_model struct, cost of a route and of a host, T_step by eq. (1), the
 * balanced T_step of eq. (5), and the alpha >= 0 balance.
 *
 * Part of the public C API of libringmap (include <ringmap.h> for all of it).
 * Conventions, indices and units: see ringmap.h.
 */
#ifndef RINGMAP_MODEL_H
#define RINGMAP_MODEL_H

#include "ringmap/error.h"

#ifdef __cplusplus
extern "C" {
#endif
#pragma GCC visibility push(default)

/* ------------------------------------------------------------------------ */
/* The cost model                                                             */
/* ------------------------------------------------------------------------ */

/**
 * The cost model of one iteration step: what a host's step costs in
 * computation and communication, the one struct every part of the library
 * takes it from (rm_options.cost, rm_mapping.cost, rm_ring_instance.cost,
 * rm_mapping_doc.cost).
 *
 * The model (Legrand et al. 2004 §2, eq. (1)): host i of a ring computes
 * alpha_i D_w Mflop at w_i s/Mflop, then sends D_c Mb to each of its two ring
 * neighbours; T_step = max_i (alpha_i D_w w_i + D_c C_i), where C_i (s/Mb)
 * is the host's communication cost from its two route costs c = 1/x (x the
 * route's share of bandwidth, Mb/s): their sum (eq. (1): the two messages one
 * after the other) or, with parallel_send, their maximum (§2.4: both at
 * once). With latency on, a route's cost is affine in the message size,
 * D_c/x + L (L the sum of its links' latencies, s; the affine cost of
 * Weissman 1995, as in SimGrid), i.e. c = 1/x + L/D_c per Mb: the
 * absolute D_c is then needed. The library divides T_step by D_w and works
 * with the ratio dc_dw = D_c/D_w (§2.4, §5: the computation-communication
 * ratio).
 *
 * The overlap model (overlap nonzero; Weissman 1995 §4.1.2, Eq. 4.10 and
 * Fig. 4.1c, with a boundary part that cannot overlap): host i posts its two
 * messages, computes its interior meanwhile, waits, then computes its
 * boundary b_i = f alpha_i D_w w_i (f = overlap_boundary):
 * T_i = max(alpha_i D_w w_i - b_i, D_c C_i) + b_i, i.e. per D_w
 * T_i/D_w = max(alpha_i w_i, dc_dw C_i + f alpha_i w_i). f = 0 gives
 * Weissman's max(T_comp, T_comm); f = 1 the additive host time of eq. (1).
 * T_step = max_i T_i; rm_balance_overlap is its optimum for a fixed ring
 * (docs/model.md, "The overlap model"). The absolute boundary
 * (overlap_boundary_dw = beta > 0): b_i = min(beta, alpha_i) D_w, the same
 * work on every host, T_i/D_w = max(alpha_i w_i, dc_dw C_i + min(beta,
 * alpha_i) w_i); rm_balance_overlap_abs is its optimum with every host
 * holding at least its boundary.
 *
 * Fields and units:
 *   dc_dw          D_c/D_w, Mb/Mflop, finite >= 0 (default 0.0064)
 *   dc             absolute D_c, Mb, finite >= 0; 0 = unset (default).
 *                  Only the latency model uses it, and needs it > 0
 *   latency        0 (default) or nonzero: the affine route cost above
 *   parallel_send  0 (default) or nonzero: C_i = max instead of the sum
 *   overlap        0 (default) or nonzero: the overlap model (below)
 *   overlap_boundary  fraction of a host's computation that cannot overlap
 *                  its communication, [0, 1]; 0 (default)
 *   overlap_boundary_dw  or the boundary as an absolute amount of work per
 *                  step and host, b/D_w in [0, 1] (1.4); 0 (default).
 *                  At most one of the two boundary fields is nonzero
 *   reserved       the slots after overlap_boundary_dw must be 0
 *                  (rm_cost_model_init zeroes them): room for the
 *                  model variants of later versions
 *                  without changing the size of the structs that carry it.
 *                  The fast evaluators and stopping bounds of the heuristics
 *                  each declare the models they are proven for (see
 *                  docs/library.md, "The cost model"); a model none of them
 *                  knows is mapped by the heuristics' reference evaluation.
 */
typedef struct rm_cost_model {
    double dc_dw;       /* D_c / D_w, Mb/Mflop, finite >= 0; default 0.0064 */
    double dc;          /* absolute D_c, Mb, finite >= 0; 0 = unset (the latency model needs > 0) */
    int latency;        /* 1: affine route cost D_c/b + L (Weissman 1995; SimGrid); needs dc > 0 */
    int parallel_send;  /* 1: a host sends both messages at once: C_i = max, not sum
                           (Legrand et al. 2004 §2.4) */
    union {
        double reserved[6]; /* 0: room for later model variants (see above) */
        struct {            /* 1.3: overlap of communication and computation */
            /* 0 (default): eq. (1), a host computes, then communicates (the
               additive model, bit for bit). Nonzero: the overlap model, a
               host posts its two messages, computes meanwhile, then
               finishes its boundary computation (Weissman 1995 §4.1.2,
               Eq. 4.10, T_c = max(T_comp, T_comm)): host i's step is
               T_i = max(alpha_i D_w w_i - b_i, D_c C_i) + b_i */
            int overlap;
            /* the boundary part b_i that cannot overlap, as a fraction of
               the host's computation: b_i = overlap_boundary alpha_i D_w w_i,
               finite in [0, 1]; 0 = Weissman's max form (default); 1 = the
               additive model's host time. Must be 0 when overlap is 0 */
            double overlap_boundary;
            /* 1.4: the boundary as an absolute amount per step instead,
               the same on every host (a stencil's boundary columns), in
               units of D_w: b_i = min(overlap_boundary_dw, alpha_i) D_w
               Mflop (a host's boundary is never more than its work; e.g.
               2/N for 2 boundary columns of a grid of N columns); the
               balance gives every host at least its boundary
               (rm_balance_overlap_abs). Finite in [0, 1]; 0 (default) =
               the fraction form above. Nonzero only with overlap on and
               overlap_boundary 0 */
            double overlap_boundary_dw;
        };
    };
} rm_cost_model;

/**
 * The overlap model's least share of a ring host under the absolute
 * boundary, in units of D_w (one column of the grid: 1/N; a host of 1
 * column has a boundary of 1 column, min(beta, alpha)): finite in
 * (0, overlap_boundary_dw]; 0 (rm_cost_model_init) = the boundary itself,
 * every host at least overlap_boundary_dw, as in 1.4.0
 * (rm_balance_overlap_floor, docs/model.md "Absolute boundary").
 * `ringmap --overlap=K/N` with K >= 2 sets 1/N. It is kept in slot 3 of
 * the reserved tail, which these two functions name (the struct's layout
 * and 1.4.0's stored ABI unchanged); rm_cost_model_check checks it. The
 * setter writes only *m (m NULL: nothing); the getter returns NaN for a
 * NULL m. O(1). Thread safety: reentrant.
 */
void rm_cost_model_set_overlap_floor(rm_cost_model *m, double floor_dw);
double rm_cost_model_overlap_floor(const rm_cost_model *m);

/** The default model: dc_dw = 0.0064 Mb/Mflop, dc = 0 (unset), latency and
 *  parallel_send off, reserved zeroed — Legrand et al. 2004 eq. (1). O(1).
 *  Thread safety: reentrant (writes only *m). */
void rm_cost_model_init(rm_cost_model *m);

/** Check a cost model: dc_dw finite and >= 0; with latency, dc finite and
 *  > 0; dc finite and >= 0; overlap_boundary finite in [0, 1], and 0
 *  unless overlap is on ("the overlap model's boundary fraction must be a
 *  finite number in [0, 1] (got %g)", "overlap_boundary needs overlap on");
 *  overlap_boundary_dw likewise ("the overlap model's absolute boundary
 *  b/D_w must be a finite number in [0, 1] (got %g)", "overlap_boundary_dw
 *  (%g) needs overlap on"), and not both boundaries nonzero ("give the
 *  overlap model's boundary as a fraction or as an absolute amount, not
 *  both"); the least share (rm_cost_model_overlap_floor) finite in [0,
 *  overlap_boundary_dw] ("the overlap model's least share (one column,
 *  rm_cost_model_set_overlap_floor) must be a
 *  finite number in (0, b/D_w = %g] (got %g)");
 *  the reserved slots after them all 0. RM_EINPUT naming the field (the
 *  messages of rm_options_check: "D_c/D_w must be a finite number >= 0 (got
 *  %g)", "the latency model needs the absolute message size D_c > 0 (Mb)",
 *  "D_c must be a finite number >= 0 (got %g)"); RM_EINVAL for a NULL m.
 *  O(1). Thread safety: reentrant: no shared state. */
rm_status rm_cost_model_check(const rm_cost_model *m, rm_error *err);

/* ------------------------------------------------------------------------ */
/* model: route and host costs, eq. (1), eq. (5), balance                    */
/* ------------------------------------------------------------------------ */

/**
 * Cost of one route per Mb of message (s/Mb): 1/bandwidth, plus
 * latency_s/dc when the latency model is on (the affine cost D_c/b + L of
 * Weissman 1995 and SimGrid, divided by D_c). O(1).
 * Thread safety: reentrant: no shared state, may be called from any number of
 * threads at once.
 */
double rm_route_cost(double bandwidth, double latency_s, int latency_model, double dc);

/** A host's communication cost C (s/Mb) from its two route costs: their sum
 *  (Legrand et al. 2004 eq. (1): the two messages are sent one after the other) or,
 *  with parallel_send, their maximum (§2.4). O(1).
 *  Thread safety: reentrant: no shared state, may be called from any number of
 *  threads at once. */
double rm_host_cost(double c_succ, double c_pred, int parallel_send);

/**
 * Step time of a ring with given alphas, eq. (1) of Legrand et al. 2004, divided by
 * D_w: max_i [alpha[i] * w[i] + dc_dw * C[i]] over i with alpha[i] > 0 or
 * C[i] > 0 (all q participate), where C[i] = c_{i,pred} + c_{i,succ} (s/Mb).
 * NaN when q < 0 or (q > 0) an array is NULL. O(q).
 * Thread safety: reentrant: no shared state, may be called from any number of
 * threads at once.
 */
double rm_tstep_eq1(int q, const double *w, const double *alpha, const double *C, double dc_dw);

/**
 * Balanced step time, eq. (5) of Legrand et al. 2004, divided by D_w:
 * w_cumul * (1 + dc_dw * sum_i C[i] / w[i]), w_cumul = 1 / sum_i 1/w[i].
 * May correspond to negative alphas (see rm_balance). NaN when q < 1 or w
 * or C is NULL. O(q).
 * Thread safety: reentrant: no shared state, may be called from any number of
 * threads at once.
 */
double rm_tstep_eq5(int q, const double *w, const double *C, double dc_dw);

/**
 * Optimal alphas for a fixed ring and fixed route costs, with alpha >= 0
 * (docs/model.md, "Balanced alphas: eq. (5) and alpha >= 0"; Legrand et al.
 * 2004 §2.1 asks alpha >= 0): T = max(max_i dc_dw*C[i], T*) where
 * sum_i max(0, (T* - dc_dw*C[i]) / w[i]) = 1; alpha[i] = max(0, (T -
 * dc_dw*C[i]) / w[i]) normalised to sum 1. Equals eq. (5) when all its
 * alphas are >= 0. Returns T/D_w; alpha may be NULL. Inputs must be finite,
 * w > 0, C >= 0; NaN when q < 1 or w or C is NULL (or out of memory for
 * q > 16). Complexity O(q): the times dc_dw*C[i] ordered by a radix sort
 * (an insertion sort up to 64 hosts), equal times in input order; the
 * result is that of a stable comparison sort, bit for bit.
 * Thread safety: reentrant: no shared state, may be called from any number of
 * threads at once.
 */
double rm_balance(int q, const double *w, const double *C, double dc_dw, double *alpha);

/**
 * Step time of a ring with given alphas under the overlap model, divided by
 * D_w: max_i max(alpha[i] w[i], dc_dw C[i] + boundary alpha[i] w[i])
 * (rm_cost_model, "The overlap model"; Weissman 1995 §4.1.2, Eq. 4.10, with
 * a boundary fraction that cannot overlap). Shapes as rm_tstep_eq1;
 * boundary in [0, 1]. NaN when q < 0 or (q > 0) an array is NULL. O(q).
 * Thread safety: reentrant: no shared state.
 */
double rm_tstep_overlap(int q, const double *w, const double *alpha, const double *C,
                        double dc_dw, double boundary);

/**
 * Optimal alphas (alpha >= 0, sum 1) for a fixed ring and fixed route costs
 * under the overlap model (docs/model.md, "The overlap model": derivation and
 * a hand-solved example). With d_i = dc_dw C[i] and f = boundary, host i
 * can take at most cap_i(T) = min(T/w_i, (T - d_i)/(f w_i)) of the work
 * within a step T >= d_i (the second term absent when f = 0); T_step/D_w is
 * T = max(max_i d_i, the root of sum_i cap_i(T) = 1), alpha[i] =
 * cap_i(T) / sum_j cap_j(T) (exactly cap_i(T) at the root; when the
 * communication bound max_i d_i dominates, every host gets the same share
 * of what it can take within it). f = 0: T = max(max_i d_i, w_cumul),
 * Weissman's T_c = max(T_comp, T_comm), with alpha proportional to 1/w.
 * Returns T/D_w; alpha may be NULL. Inputs must be finite, w > 0, C >= 0,
 * boundary in [0, 1]; NaN when q < 1 or w or C is NULL. O(q log q).
 * Thread safety: reentrant: no shared state.
 */
double rm_balance_overlap(int q, const double *w, const double *C, double dc_dw,
                          double boundary, double *alpha);

/**
 * Step time of a ring with given alphas under the overlap model with an
 * absolute boundary, divided by D_w: max_i max(alpha[i] w[i], dc_dw C[i] +
 * min(boundary_dw, alpha[i]) w[i]) (rm_cost_model.overlap_boundary_dw:
 * the boundary is boundary_dw D_w Mflop on every host, or its whole work
 * when that is less; Weissman 1995 §4.1.2, Eq. 4.10 with a boundary that
 * cannot overlap). Shapes as rm_tstep_eq1; boundary_dw in [0, 1]; 0 gives
 * rm_tstep_overlap with boundary 0. NaN when q < 0 or (q > 0) an array is
 * NULL. O(q). Thread safety: reentrant: no shared state.
 */
double rm_tstep_overlap_abs(int q, const double *w, const double *alpha, const double *C,
                            double dc_dw, double boundary_dw);

/**
 * Optimal alphas for a fixed ring and fixed route costs under the overlap
 * model with an absolute boundary beta = boundary_dw, every host of the
 * ring holding at least its boundary: alpha_i >= beta (a stencil position
 * holds its boundary columns; without it the optimum can keep a host in
 * the ring with no work, relaying nothing a stencil runs), or alpha_i =
 * 1/q for all when q beta >= 1 (docs/model.md, "The overlap model",
 * "Absolute boundary": derivation and hand-solved examples). With d_i =
 * dc_dw C[i], host i ends within T iff T >= e_i = d_i + beta w_i (its
 * communication, then its boundary) and alpha_i w_i <= T, so T_step/D_w =
 * max(max_i e_i, 1/sum_i (1/w_i)); alpha proportional to 1/w when the
 * second term decides, else alpha_i = beta + lambda (T/w_i - beta) with
 * lambda in [0, 1] (each host the same fraction of what it can take
 * beyond its boundary). beta = 0 is rm_balance_overlap with boundary 0
 * (Weissman's max form), bit for bit. Returns T/D_w; alpha may be NULL.
 * Inputs must be finite, w > 0, C >= 0, boundary_dw in [0, 1]; NaN when
 * q < 1 or w or C is NULL. Shapes: w, C and alpha of length q (w in
 * s/Mflop, C in s/Mb). O(q). Thread safety: reentrant: no shared state.
 * Source: Weissman 1995 §4.1.2 (Eq. 4.10) with a boundary that cannot
 * overlap; Legrand et al. 2004 §3 eq. (1) for C.
 */
double rm_balance_overlap_abs(int q, const double *w, const double *C, double dc_dw,
                              double boundary_dw, double *alpha);

/**
 * The balanced T_step/D_w of a ring under the absolute boundary beta with a
 * least share phi below it (every host alpha_i >= phi, 0 < phi <= beta; a
 * stencil's host holds at least one column, and with fewer columns than
 * its boundary all of them are boundary): host i ends within T iff
 * alpha_i <= X_i(T) = T/w_i when T >= d_i + beta w_i (its communication
 * then its boundary), (T - d_i)/w_i when d_i + phi w_i <= T < d_i + beta w_i
 * (all its work is boundary), d_i = dc_dw C_i. T is the least T >= max_i
 * (d_i + phi w_i) with sum_i X_i(T) >= 1 (X_i is nondecreasing, with a
 * jump at d_i + beta w_i); alpha_i = phi + lambda (X_i(T) - phi), the same
 * fraction lambda of what each host can take beyond phi (all 1/q when q phi
 * >= 1). phi >= beta (or phi = 0) is rm_balance_overlap_abs bit for bit.
 * Shapes: w, C, alpha (may be NULL) q entries; w in s/Mflop, C in s/Mb,
 * dc_dw in Mb/Mflop. Returns T_step/D_w in s/Mflop; NaN for q <= 0 or a
 * NULL w or C. O(q^2) (q breakpoints, each summed in O(q)). Thread safety:
 * reentrant. Source: Weissman 1995 §4.1.2 (Eq. 4.10) with a boundary that
 * cannot overlap; Legrand et al. 2004 §3 eq. (1) for C; docs/model.md,
 * "Absolute boundary".
 */
double rm_balance_overlap_floor(int q, const double *w, const double *C, double dc_dw,
                                double boundary_dw, double floor_dw, double *alpha);

/** One host's step time per D_w under the model m, from its alpha, w
 *  (s/Mflop) and communication cost C (s/Mb): alpha w + dc_dw C (eq. (1)),
 *  or with m->overlap max(alpha w, dc_dw C + overlap_boundary alpha w)
 *  (with overlap_boundary_dw > 0: max(alpha w, dc_dw C +
 *  min(overlap_boundary_dw, alpha) w)).
 *  NaN for a NULL m. O(1). Thread safety: reentrant. */
double rm_host_time(const rm_cost_model *m, double alpha, double w, double C);

/** T_step/D_w of a ring with given alphas under the model m: rm_tstep_eq1
 *  (eq. (1)) or, with m->overlap, rm_tstep_overlap (rm_tstep_overlap_abs
 *  with overlap_boundary_dw > 0). NaN for a NULL m.
 *  O(q). Thread safety: reentrant. */
double rm_tstep_model(int q, const double *w, const double *alpha, const double *C,
                      const rm_cost_model *m);

/** Optimal alphas >= 0 under the model m: rm_balance (eq. (5) with
 *  alpha >= 0) or, with m->overlap, rm_balance_overlap
 *  (rm_balance_overlap_floor with overlap_boundary_dw > 0 and the
 *  least share rm_cost_model_overlap_floor: with 0, rm_balance_overlap_abs). NaN for a NULL m.
 *  O(q log q). Thread safety: reentrant. */
double rm_balance_model(int q, const double *w, const double *C, const rm_cost_model *m,
                        double *alpha);

/* ------------------------------------------------------------------------ */
/* calibration: SMPI's default network factors                               */
/* ------------------------------------------------------------------------ */

/**
 * The bandwidth and latency factors SMPI's default network model applies to
 * a message of dc Mb (dc x 10^6 / 8 bytes): SimGrid 3.32's defaults of
 * smpi/bw-factor and smpi/lat-factor (piecewise constant in the message
 * size, from its calibration on a Gigabit Ethernet cluster; SimGrid's
 * documentation, "Configuring SimGrid", smpi/bw-factor). A route of
 * bandwidth b and latency L then carries the message in
 * lat_factor L + dc / (bw_factor b) seconds; rm_platform_calibrate applies
 * them to a platform. The sizes (bytes) and factors:
 *   >= 65472: bw 0.940694, lat 11.6436;  >= 15424: 0.697866, 3.48845;
 *   >= 9376: 0.58729, 2.59299;  >= 5776: 1.08739, 2.18796;
 *   >= 3484: 0.77493, 1.88101;  >= 1426: 0.608902, 1.61075;
 *   >= 732: 0.341987, 1.9503;  >= 257: 0.338112, 1.95341;
 *   else: 0.812084, 2.01467.
 * What the factors do not model (SMPI's RTT-weighted sharing, its cross
 * traffic, its rendezvous protocol): docs/model.md, "Calibration".
 * Errors: RM_EINVAL when bw_factor or lat_factor is NULL; RM_EINPUT when dc
 * is not finite and > 0 ("the SMPI factors depend on the message size: give
 * D_c > 0 (Mb)"). O(1). Thread safety: reentrant (constant data).
 */
rm_status rm_smpi_factors(double dc, double *bw_factor, double *lat_factor, rm_error *err);

#pragma GCC visibility pop
#ifdef __cplusplus
}
#endif

#endif /* RINGMAP_MODEL_H */
