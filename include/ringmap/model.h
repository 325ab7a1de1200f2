/*
 * ringmap/model.h — the cost model of Legrand et al. 2004 (bottom layer): cost of a route and of a host,
 * T_step by eq. (1), the balanced T_step of eq. (5), and the alpha >= 0 balance.
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
 * (ORACLES.md, "Negative alpha"): T = max(max_i dc_dw*C[i], T*) where
 * sum_i max(0, (T* - dc_dw*C[i]) / w[i]) = 1; alpha[i] = max(0, (T -
 * dc_dw*C[i]) / w[i]) normalised to sum 1. Equals eq. (5) when all its
 * alphas are >= 0. Returns T/D_w; alpha may be NULL. Inputs must be finite,
 * w > 0, C >= 0; NaN when q < 1 or w or C is NULL. Complexity O(q log q).
 * Thread safety: reentrant: no shared state, may be called from any number of
 * threads at once.
 */
double rm_balance(int q, const double *w, const double *C, double dc_dw, double *alpha);

#pragma GCC visibility pop
#ifdef __cplusplus
}
#endif

#endif /* RINGMAP_MODEL_H */
