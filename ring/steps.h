/*
 * steps.h — the record of the mapper's pipeline in a mapping
 * (rm_mapping.steps, rm_pipeline_step: include/ringmap/ring.h): append a
 * step, move the record from one mapping to another. Internal to the
 * library (rmi_ prefix).
 */
#ifndef RINGMAP_RING_STEPS_H
#define RINGMAP_RING_STEPS_H

#include "ringmap/ring.h"

/** Append a copy of *s to m->steps (n_steps + 1). RM_ENOMEM (m unchanged).
 *  O(n_steps). Not thread safe on the same m. */
rm_status rmi_mapping_add_step(rm_mapping *m, const rm_pipeline_step *s, rm_error *err);

/** Move the steps of src to the front of dst's (src left with none): the
 *  record follows the mapping a pipeline hands on. RM_ENOMEM (both
 *  unchanged). O(n_steps). */
rm_status rmi_mapping_take_steps(rm_mapping *dst, rm_mapping *src, rm_error *err);

/** A step of kind and detail with T_step/D_w before and after, not kept,
 *  no moves, no note. O(1). */
rm_pipeline_step rmi_step_make(rm_step_kind kind, int detail, double t_before, double t_after);

#endif
