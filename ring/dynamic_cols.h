/*
 * dynamic_cols.h — the printed prediction with the run's whole columns
 * (ring/dynamic_cols.c), after rm_mapping_tstep_dynamic. Internal (rmi_*):
 * rm_map calls it when rm_options.columns is known.
 */
#ifndef RM_RING_DYNAMIC_COLS_H
#define RM_RING_DYNAMIC_COLS_H

#include "ringmap/ring.h"

/**
 * The printed prediction of m over many steps with the run's whole columns,
 * where the one-step fluid valuation cannot differ from the static one:
 * when m has a one-step fluid valuation (rm_mapping_tstep_dynamic ran and
 * set t_step_per_dw_dynamic), columns >= q, 2 <= q <= 256 and every route of
 * the ring has one latency, the run's columns are allocated as iterapp
 * allocates them (rm_mapping_units, at least one each) and 40 steps of the
 * ring run as a fluid (rmi_bw_fluid_ring: rendezvous, released bandwidth,
 * positions of unequal columns drifting out of step); then
 * t_step_per_dw_dynamic = its steady pace / D_w and c_dynamic[k] =
 * max(0, pace - comp_k) / D_c, so that iterapp's prediction with those
 * columns is the pace. Otherwise m is unchanged. Routes of one latency are
 * where equal-weight max-min is CM02's RTT-weighted sharing (every weight
 * 1/L equal), so the many-step fluid is SimGrid's flow model there; with
 * unequal latencies it leaves out that weighting and is not used
 * (docs/fidelity.md). Errors: RM_EINVAL (bad arguments), RM_ENOMEM; those
 * of rmi_bw_fluid_ring. O(steps q) max-min solutions. Thread safety:
 * reentrant (writes only *m).
 * Source: Legrand et al. 2004 eq. (1); SimGrid's CM02 flow model and SMPI's
 * rendezvous (Velho et al. 2013).
 */
rm_status rmi_mapping_tstep_columns(const rm_network *net, rm_mapping *m, long long columns,
                                    rm_error *err);

/** The 2q flows of mapping m's exchange step in the fluid valuations'
 * order: routes[2k] = m->succ[k], routes[2k+1] = m->pred[k] (shallow
 * copies: the arcs stay m's), lat[f] their route latencies (s,
 * rm_route_latency). routes and lat hold 2 m->q entries. O(q + route
 * lengths). Thread safety: reentrant. Used by rm_mapping_tstep_dynamic
 * (ring/dynamic.c) and rmi_mapping_tstep_columns. */
void rmi_mapping_flows(const rm_network *net, const rm_mapping *m, rm_route *routes, double *lat);

#endif /* RM_RING_DYNAMIC_COLS_H */
