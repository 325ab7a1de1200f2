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
 * Fields and units:
 *   dc_dw          D_c/D_w, Mb/Mflop, finite >= 0 (default 0.0064)
 *   dc             absolute D_c, Mb, finite >= 0; 0 = unset (default).
 *                  Only the latency model uses it, and needs it > 0
 *   latency        0 (default) or nonzero: the affine route cost above
 *   parallel_send  0 (default) or nonzero: C_i = max instead of the sum
 *   reserved       must be 0 (rm_cost_model_init zeroes it): room for the
 *                  model variants of later versions (e.g. the network's
 *                  sharing model, overlap of communication and computation)
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
    double reserved[6]; /* 0: room for later model variants (see above) */
} rm_cost_model;

/** The default model: dc_dw = 0.0064 Mb/Mflop, dc = 0 (unset), latency and
 *  parallel_send off, reserved zeroed — Legrand et al. 2004 eq. (1). O(1).
 *  Thread safety: reentrant (writes only *m). */
void rm_cost_model_init(rm_cost_model *m);

/** Check a cost model: dc_dw finite and >= 0; with latency, dc finite and
 *  > 0; dc finite and >= 0; reserved all 0. RM_EINPUT naming the field (the
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
 * w > 0, C >= 0; NaN when q < 1 or w or C is NULL. Complexity O(q log q).
 * Thread safety: reentrant: no shared state, may be called from any number of
 * threads at once.
 */
double rm_balance(int q, const double *w, const double *C, double dc_dw, double *alpha);

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
