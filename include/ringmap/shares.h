/*
 * ringmap/shares.h — a mapping's work shares in the forms that solvers and
 * partitioners take: integer units per ring position (the optimal integer
 * allocation of Boulet et al. 1999 and Casanova, ICS 632 with the route costs of eq. (1) of Legrand et al. 2004)
 * and relative part sizes for Zoltan (Zoltan_LB_Set_Part_Sizes) or METIS
 * (tpwgts). Part k is ring position k, i.e. MPI rank k when the solver is
 * launched with the hostfile/rankfile of `ringmap map`.
 * Included by ringmap.h. Implemented in ring/shares.c.
 */
#ifndef RINGMAP_SHARES_H
#define RINGMAP_SHARES_H

#include "ringmap.h"

#ifdef __cplusplus
extern "C" {
#endif
#pragma GCC visibility push(default)
#pragma GCC visibility push(default)

/**
 * Integer work shares: n_units equal units of work (each D_w / n_units)
 * given to the q ring positions of m so that the integer version of eq. (1)
 * of Legrand et al. 2004, max_k (units[k] w_k / n_units + dc_dw C_k), is minimal, each
 * position getting at least min_units (C_k = rm_mapping_costs, s/Mb; w_k the
 * cycle-time of host ring[k], s/Mflop). The greedy of Boulet et al. 1999 and Casanova, ICS 632 (next
 * unit to the position whose time grows least) with the route costs as a
 * constant term, which is optimal (ring/alloc.h, rm_alloc_affine; ties to the
 * lowest ring position). Without communication (dc_dw = 0) these are the
 * allocations of Boulet et al. 1999 Table 3 (ORACLES.md: t = (3,5,8), 10 units ->
 * (5,3,2)). As n_units grows units[k] / n_units tends to m->alpha[k].
 * Shapes: units has m->q entries, sum = n_units.
 * Errors: RM_EINPUT (n_units < 0, min_units < 0, q * min_units > n_units),
 * RM_EINVAL (NULL arguments; a mapping whose ring positions or route arcs
 * are not net's), RM_ENOMEM. Thread safety: reentrant (reads net and m
 * only). Complexity: O(q^2) in practice (rm_alloc_units), O(q + L) for the
 * costs.
 */
rm_status rm_mapping_units(const rm_network *net, const rm_mapping *m, long n_units,
                           long min_units, long *units, rm_error *err);

/**
 * T_step / D_w (s/Mflop) of an integer allocation units (q entries, sum
 * n_units > 0) on the ring of m: max_k (units[k] w_k / n_units + dc_dw C_k)
 * over every position (a position with 0 units still sends its messages).
 * NAN on invalid input. Reentrant. O(q + L).
 */
double rm_mapping_units_tstep(const rm_network *net, const rm_mapping *m, long n_units,
                              const long *units);

/**
 * Zoltan part sizes of the mapping: part_ids[k] = k and part_sizes[k] =
 * alpha_k (relative sizes summing to 1), k = 0..q-1, ready for
 * Zoltan_LB_Set_Part_Sizes(zz, 1, q, part_ids, wgt_idx (all 0), part_sizes)
 * when part k is computed by MPI rank k = ring position k. len must be >=
 * m->q; part_ids may be NULL. Errors: RM_EINPUT (len < q), RM_EINVAL
 * (NULL mapping or part_sizes, a mapping without alphas). Reentrant. O(q).
 */
rm_status rm_mapping_part_sizes(const rm_mapping *m, int len, int *part_ids, float *part_sizes,
                                rm_error *err);

#pragma GCC visibility pop
#pragma GCC visibility pop
#ifdef __cplusplus
}
#endif

#endif
