/*
 * cost_valid.h — internal: the cost models this version of the library
 * defines, the common ground of the valid_for declarations of the
 * heuristics' fast evaluators and stopping bounds (each says, next to its
 * proof, for which rm_cost_model it holds; the heuristics ask it and fall
 * back to their reference evaluation when it does not).
 *
 * The model of this version is eq. (1) of Legrand et al. 2004 (§2):
 * T_step/D_w = max_i (alpha_i w_i + (D_c/D_w) C_i), with C_i the sum of a
 * host's two route costs, or their maximum with parallel sends (§2.4), and a
 * route cost 1/x, plus L/D_c with the latency model (Weissman 1995's affine
 * cost; L >= 0 only adds). rm_balance (alpha >= 0) is its optimum for a fixed
 * ring. The overlap model (rm_cost_model.overlap; Weissman 1995 §4.1.2,
 * Eq. 4.10) is a variant none of the shortcuts is proven for:
 * rmi_cost_model_eq1 returns 0 for it, and the heuristics value every
 * candidate by the reference evaluation (rm_balance_model). A model with a
 * nonzero reserved field is a variant this version does not know (rm_cost_model_check refuses it at the public entry points): no
 * fast evaluator or bound is proven for it.
 */
#ifndef RINGMAP_MODEL_COST_VALID_H
#define RINGMAP_MODEL_COST_VALID_H

#include "ringmap/model.h"

#include <stddef.h>

/** The first slot of rm_cost_model.reserved no field of this version takes
 *  (overlap, overlap_boundary, overlap_boundary_dw take slots 0 to 2, the
 *  least share of rm_cost_model_set_overlap_floor slot 3). */
#define RMI_COST_RESERVED_FIRST 4

/** The slot of the reserved tail that holds the overlap model's least share
 *  (rm_cost_model_set_overlap_floor). */
#define RMI_COST_FLOOR_SLOT 3

/** 1 when m is a model of eq. (1) as above (overlap off, every reserved field 0: sum or
 *  max of the route costs, with or without latency, any D_c/D_w), else 0.
 *  The models the proofs of heur/bounds/cut_bound.h, res_bound.h, cross_bound.h,
 *  the SharedRing fast path and the SliceRing fast scan are written for.
 *  O(1). */
static inline int rmi_cost_model_eq1(const rm_cost_model *m)
{
    if (m->overlap || m->overlap_boundary != 0.0 || m->overlap_boundary_dw != 0.0 ||
        m->reserved[RMI_COST_FLOOR_SLOT] != 0.0)
        return 0; /* the overlap model: no shortcut is proven for it */
    for (size_t k = RMI_COST_RESERVED_FIRST; k < sizeof m->reserved / sizeof m->reserved[0]; k++)
        if (m->reserved[k] != 0.0)
            return 0;
    return 1;
}

/** 1 (the default): rm_balance orders a ring of more than 64 hosts by an
 *  LSD radix sort of the communication times (model/tstep.c), O(q); 0: by
 *  qsort, O(q log q). Both give the permutation of a stable sort, so the
 *  same T_step and alphas bit for bit (tests/test_balance.c compares them).
 *  For the tests only; not thread-safe to change while a map runs. */
extern int rmi_balance_radix;

/** The balanced T_step/D_w of a ring (alpha >= 0) under m at the ratio dc_dw
 *  (the heuristics carry the ratio apart from the model: sweeps over
 *  D_c/D_w): rm_balance (eq. (5) with alpha >= 0, bit for bit) or, with
 *  m->overlap, rm_balance_overlap with m->overlap_boundary (or
 *  rm_balance_overlap_floor with m->overlap_boundary_dw > 0). m may be NULL
 *  (eq. (1)). The reference evaluation every heuristic values its
 *  candidates by. O(q log q). */
static inline double rmi_balance_in(const rm_cost_model *m, int q, const double *w,
                                    const double *C, double dc_dw, double *alpha)
{
    if (m && m->overlap && m->overlap_boundary_dw > 0.0)
        return rm_balance_overlap_floor(q, w, C, dc_dw, m->overlap_boundary_dw,
                                        m->reserved[RMI_COST_FLOOR_SLOT], alpha);
    if (m && m->overlap)
        return rm_balance_overlap(q, w, C, dc_dw, m->overlap_boundary, alpha);
    return rm_balance(q, w, C, dc_dw, alpha);
}

/** 1 when net is a network model this version defines (rm_network_model,
 *  include/ringmap/ring.h, passed as its int value: this room is below
 *  ring's): 0 = RM_NETWORK_RESERVED (the shares are the mapper's: the
 *  greedy's, eq. (5)'s, the final solver's), 1 = RM_NETWORK_FAIR (every
 *  link shares its capacity max-min fairly among the routes crossing it),
 *  else 0. The stopping bounds of heur/bounds/ take it with the cost model:
 *  their proofs bound T_step for EVERY feasible sharing of a larger ring,
 *  and max-min shares are feasible, so they hold under both models; a
 *  model whose shares are not a feasible split of the capacities (e.g.
 *  TCP's RTT-weighted sharing with a window bound, or a calibrated
 *  bandwidth factor below 1) must be proved again. The fast evaluators of
 *  SharedRing and SliceRing value the construction's candidates (the
 *  greedy's four routes, SliceRing's complete-graph estimate), not the
 *  reported T_step, so they do not depend on the network model. O(1). */
static inline int rmi_network_model_known(int net)
{
    return net == 0 || net == 1;
}

#endif
