/*
 * heuristics.h — the mapper's heuristic table (mapper/heuristics.c): one row
 * per rm_heuristic with its public description (rm_heuristic_info: kind,
 * the rm_options fields it honours, its host limit, title, summary) and the
 * function that runs it. rmi_run_heuristic, rm_map and rm_map_network
 * dispatch through it; the CLI and the benchmarks read the public part
 * (rm_heuristic_count, rm_heuristic_at, rm_heuristic_lookup in
 * include/ringmap/mapper.h). Adding a heuristic: its code, one row here,
 * its tests. Internal to the library.
 */
#ifndef RINGMAP_MAPPER_HEURISTICS_H
#define RINGMAP_MAPPER_HEURISTICS_H

#include "ringmap/mapper.h"

/** A heuristic on arguments and options already checked (net usable, opt
 *  valid, out not NULL): *out its mapping, or an error with *out NULL. */
typedef rm_status (*rmi_heuristic_fn)(const rm_network *net, const rm_options *opt,
                                      rm_mapping **out, rm_error *err);

/** One row of the table: what the public accessors give, and the run. */
typedef struct rmi_heuristic_row {
    rm_heuristic_info info;
    rmi_heuristic_fn run;
} rmi_heuristic_row;

/** The row of heuristic h, NULL if h is not in the table. O(rows). */
const rmi_heuristic_row *rmi_heuristic_row_of(rm_heuristic h);

/** RM_HEUR_BOTH's run (SharedRing, then SliceRing, on checked arguments;
 *  the ring of lower T_step/D_w in *out with both runs recorded as its
 *  first steps, ties to SharedRing's); *other, when other is not NULL,
 *  gets the other ring (its own steps none; the caller frees it). On an
 *  error both are NULL. Cost: the two heuristics'. Legrand et al. 2004
 *  §4.4, §5.2.2. */
rm_status rmi_run_both(const rm_network *net, const rm_options *opt, rm_mapping **out,
                       rm_mapping **other, rm_error *err);

#endif
