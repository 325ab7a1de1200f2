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

#include "ringmap/ring.h"

#ifdef __cplusplus
extern "C" {
#endif
#pragma GCC visibility push(default)

/**
 * Integer work shares: n_units equal units of work (each D_w / n_units)
 * given to the q ring positions of m so that the integer version of eq. (1)
 * of Legrand et al. 2004, max_k (units[k] w_k / n_units + dc_dw C_k), is minimal, each
 * position getting at least min_units (C_k = rm_mapping_costs, s/Mb; w_k the
 * cycle-time of host ring[k], s/Mflop). The greedy of Boulet et al. 1999 and Casanova, ICS 632 (next
 * unit to the position whose time grows least) with the route costs as a
 * constant term, which is optimal (include/ringmap/alloc.h, rm_alloc_affine; ties to the
 * lowest ring position). Without communication (dc_dw = 0) these are the
 * allocations of Boulet et al. 1999 Table 3 (t = (3,5,8), 10 units ->
 * (5,3,2)). As n_units grows units[k] / n_units tends to m->alpha[k].
 * Under the overlap model (m->cost.overlap; include/ringmap/model.h) the
 * same greedy minimises max_k max(units[k] w_k / n_units, dc_dw C_k + F
 * units[k] w_k / n_units) (rm_alloc_columns_model), except for a mapping
 * whose alphas are eq. (1)'s balance (m->alphas == RM_ALPHA_ADDITIVE, since
 * 1.8): its units are the additive model's, the integer version of those
 * alphas (rm_alloc_columns), whatever m->cost.overlap.
 * Shapes and units: m is a mapping on net (q >= 1 ring positions, routes
 * of net's arcs); units has m->q entries (written only on success), sum =
 * n_units; a unit is D_w / n_units Mflop.
 * Errors: RM_EINVAL "rm_mapping_units: ..." naming the argument (NULL net,
 * m or units; a mapping whose ring positions are not hosts of net or
 * whose route arcs are out of range); RM_EINPUT "rm_mapping_units: ..."
 * (n_units < 0, min_units < 0, q * min_units > n_units); RM_ENOMEM.
 * Thread safety: reentrant (reads net and m only).
 * Complexity: O(q^2) in practice (rm_alloc_units), O(q + L) for the costs
 * (L = total route length).
 * Source: Boulet, Dongarra, Rastello, Robert, Vivien, "Algorithmic issues
 * on heterogeneous computing platforms" (1999) §3 (the greedy and its
 * optimality); Legrand et al., "Mapping and Load-Balancing Iterative
 * Computations", eq. (1) (the route costs).
 */
rm_status rm_mapping_units(const rm_network *net, const rm_mapping *m, long n_units,
                           long min_units, long *units, rm_error *err);

/**
 * T_step / D_w (s/Mflop) of an integer allocation units (m->q entries, sum
 * n_units > 0) on the ring of m: max_k (units[k] w_k / n_units + dc_dw C_k)
 * over every position (a position with 0 units still sends its messages);
 * eq. (1) of Legrand et al. with alpha_k = units[k] / n_units (under the
 * overlap model, rm_host_time of m->cost with that alpha).
 * Errors: none reported: NAN on invalid input (NULL net, m or units,
 * n_units < 1, a mapping that is not net's), or when out of memory.
 * Thread safety: reentrant (reads only). Complexity: O(q + L).
 */
double rm_mapping_units_tstep(const rm_network *net, const rm_mapping *m, long n_units,
                              const long *units);

/**
 * Zoltan part sizes of the mapping: part_ids[k] = k and part_sizes[k] =
 * alpha_k (relative sizes summing to 1), k = 0..q-1, ready for
 * Zoltan_LB_Set_Part_Sizes(zz, 1, q, part_ids, wgt_idx (all 0), part_sizes)
 * when part k is computed by MPI rank k = ring position k. len must be >=
 * m->q; part_ids may be NULL. Shapes: part_ids and part_sizes have len
 * entries, the first m->q written (only on success); sizes are fractions
 * of the work (no unit).
 * Errors: RM_EINVAL "rm_mapping_part_sizes: ..." (NULL mapping or
 * part_sizes, ring size < 1, a mapping without alphas); RM_EINPUT
 * "rm_mapping_part_sizes: len = ..." (len < q).
 * Thread safety: reentrant (reads m only). Complexity: O(q).
 * Source: Zoltan User's Guide, Zoltan_LB_Set_Part_Sizes; METIS 5 manual,
 * tpwgts; alpha from Legrand et al. eq. (1).
 */
rm_status rm_mapping_part_sizes(const rm_mapping *m, int len, int *part_ids, float *part_sizes,
                                rm_error *err);

#pragma GCC visibility pop
#ifdef __cplusplus
}
#endif

#endif
