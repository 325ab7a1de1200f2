/*
 * fluid.h — one step of a ring's halo exchange as a fluid, the dynamic
 * counterpart of rm_maxmin (bw/fluid.c). Internal (rmi_*): the library
 * values the final mapping with it (rm_mapping_tstep_dynamic, ring.h).
 */
#ifndef RM_BW_FLUID_H
#define RM_BW_FLUID_H

#include "ringmap/bw.h"

/**
 * One exchange step as a fluid, the way SimGrid's CM02 model runs flows that
 * start together (equal weights): every route k starts at time 0, holds no
 * bandwidth during its latency latency[k] (s), then transfers size Mb sharing
 * the resources max-min fairly (progressive filling, rmi_bw_fill: a backbone
 * resource bounds each route alone) with the routes transferring at that
 * moment, on the resources' full capacities net->res_cap; the rates are
 * recomputed at every latency end and every route end (a route that ends
 * releases its bandwidth). finish[k] (s) gets the end of route k's transfer
 * (latency[k] for a route of no arcs, INFINITY for a route through a zero
 * capacity).
 * Shapes: routes, latency and finish have n_routes entries.
 * Errors: RM_EINVAL (rmi_bw_check_routes; latency or finish NULL, size not a
 * finite number > 0, a latency negative or not finite), RM_EINPUT (an
 * unusable arc), RM_ENOMEM.
 * Complexity: at most 2 n_routes + 1 max-min solutions on the resources the
 * routes use (usually far fewer: routes of equal latency and rate start and
 * end together), each O(rounds (R + K + T)).
 * Thread safety: reentrant (reads net, writes only finish).
 * Source: Legrand et al. 2004 §4.4.3 (max-min fairness), the flow-level model
 * of SimGrid (CM02: latency phase, rates recomputed at every flow event).
 */
rm_status rmi_bw_fluid_step(const rm_network *net, int n_routes, const rm_route *routes,
                            const double *latency, double size, double *finish, rm_error *err);

#endif /* RM_BW_FLUID_H */
