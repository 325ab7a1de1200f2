/*
 * fluid_pick.h — (module mapper/) the fluid check of the default pipeline's
 * final candidates under the overlap model (docs/model.md, "The fluid
 * check of the final candidates"). Internal to the library.
 */
#ifndef RINGMAP_MAPPER_FLUID_PICK_H
#define RINGMAP_MAPPER_FLUID_PICK_H

#include "ringmap/mapper.h"

/* 1 when the fluid check runs for these (checked) options: the overlap
 * model, the fair network model and the latency model (D_c > 0), where the
 * one-step fluid valuation (rm_mapping_tstep_dynamic) applies and the 2q
 * flows of a step are posted together. O(1). */
int rmi_fluid_pick_applies(const rm_options *opt);

/* Value m and the n candidates cand[i] (rings the pipeline had: the seeds
 * before the search; NULL entries skipped; what[i] names them) by the
 * one-step fluid valuation and pick the lowest (at least 1 % below m's,
 * rm_mapping_check passing; ties: m, then the earlier
 * candidate): *pick its index, -1 for m. One RM_STEP_FLUID step is
 * recorded in m (t_before, t_after: fluid T_step/D_w; note: what ran);
 * with a pick, m takes the candidate's heuristic and its search steps are
 * marked not kept, and the caller moves the candidate's ring, routes,
 * shares and alphas into m (then values m's dynamic fields again).
 * Errors: RM_ENOMEM only (a candidate that cannot be valued is left out).
 * Cost: n + 1 fluid valuations, each at most 4q + 1 max-min solutions.
 * Thread safety: writes m and the candidates' dynamic fields; net only
 * read. */
rm_status rmi_fluid_pick(const rm_network *net, rm_mapping *m, rm_mapping **cand,
                         char (*what)[64], int n, int *pick, rm_error *err);

#endif
