/*
 * ringmap/mapper.h — the entry points: map a platform (or a built network) with the
 * heuristic, sharing and final solver the options name.
 *
 * Part of the public C API of libringmap (include <ringmap.h> for all of it).
 * Conventions, indices and units: see ringmap.h.
 */
#ifndef RINGMAP_MAPPER_H
#define RINGMAP_MAPPER_H

#include "ringmap/heur.h"

#ifdef __cplusplus
extern "C" {
#endif
#pragma GCC visibility push(default)

/* ------------------------------------------------------------------------ */
/* mapper: the entry points                                                   */
/* ------------------------------------------------------------------------ */

/**
 * Run the heuristic of opt on a built network (SharedRing, SliceRing, or the
 * exact baselines) with the sharing policy opt->sharing (SharedRing) or the
 * make-feasible step opt->make_feasible (SliceRing); then, with
 * opt->final_solver = RM_FINAL_KINSOL or RM_FINAL_GLPK, the heuristic's ring
 * gets the real optimum of its shares for its fixed routes (min T_step with
 * alpha >= 0) by that solver, to tolerance opt->final_tol. Errors as the heuristic and the solver (RM_ESOLVER with
 * the solver's own status; the mapping is never left half-refined).
 * Complexity: heuristic + solver. Implemented in mapper/map.c.
 * Thread safety: safe to call from several threads at once on the same network
 * and options (each call has its own workspaces; the result is the one of a
 * single thread, tests/test_threads.c); the progress callback is called by the
 * calling thread.
 */
rm_status rm_map_network(const rm_network *net, const rm_options *opt, rm_mapping **out,
                         rm_error *err);

/** rm_map_network on the platform (builds the network with opt->duplex).
 *  Errors as rm_map_network.
 *  Thread safety: safe to call from several threads at once on the same
 *  platform and options (each call builds its own network;
 *  tests/test_threads.c). */
rm_status rm_map(const rm_platform *p, const rm_options *opt, rm_mapping **out, rm_error *err);

#pragma GCC visibility pop
#ifdef __cplusplus
}
#endif

#endif /* RINGMAP_MAPPER_H */
