/*
 * fluid_ring.h — many exchange steps of a ring as a fluid (bw/fluid_ring.c),
 * the counterpart over many steps of rmi_bw_fluid_step (bw/fluid.h).
 * Internal (rmi_*): the printed prediction of a ring whose routes all have
 * one latency, with the run's whole columns (rmi_mapping_tstep_columns,
 * ring/dynamic.c).
 */
#ifndef RM_BW_FLUID_RING_H
#define RM_BW_FLUID_RING_H

#include "ringmap/bw.h"

/**
 * Many exchange steps of a ring as a fluid, iterapp's loop: position k
 * computes comp[k] s, then posts its two receives and its two sends; route
 * 2k (k -> k+1) and route 2k+1 (k -> k-1) of a step start their latency
 * phase when their sender and their receiver have both posted that step
 * (SMPI's rendezvous: a transfer starts when its receive is posted), then
 * transfer size Mb sharing the resources max-min fairly with the routes
 * transferring at that moment (as rmi_bw_fluid_step; rates recomputed at
 * every latency end and route end); k's step ends when its two sends and
 * its two receives are done, and its next computation starts. *pace (s) is
 * the steady step time: the slope, over the second half of the steps, of
 * the time at which the last position ends each step (bench_fidelity's
 * measure of a run); INFINITY when a route cannot move (zero capacity).
 * Positions of unequal computation drift out of step and their flows
 * overlap less, which one step cannot show.
 * Shapes: routes and latency 2q entries, comp q entries (s, >= 0).
 * Errors: RM_EINVAL (q or steps < 2, NULL arrays, size not finite > 0, a
 * latency or computation time negative or not finite; rmi_bw_check_routes),
 * RM_EINPUT (an unusable arc), RM_ENOMEM.
 * Complexity: at most 4 q steps + 16 max-min solutions (one per event),
 * each O(rounds (R + K + T)).
 * Thread safety: reentrant (reads net, writes only *pace).
 * Source: Legrand et al. 2004 eq. (1) (the step of a ring); SimGrid's flow
 * model (CM02) and SMPI's rendezvous protocol.
 */
rm_status rmi_bw_fluid_ring(const rm_network *net, int q, const rm_route *routes,
                            const double *latency, double size, const double *comp, int steps,
                            double *pace, rm_error *err);

#endif /* RM_BW_FLUID_RING_H */
