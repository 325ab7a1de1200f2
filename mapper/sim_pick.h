/*
 * sim_pick.h — (module mapper/) SimGrid's run of the default pipeline's
 * final candidates under the overlap model (docs/model.md, "SimGrid's run
 * of the final candidates"), and the judge's policy it shares with
 * rm_mapping_judge. Internal to the library.
 */
#ifndef RINGMAP_MAPPER_SIM_PICK_H
#define RINGMAP_MAPPER_SIM_PICK_H

#include "ringmap/mapper.h"

/* At most this many candidates are simulated, the fluid check's choice
 * included: each costs one SimGrid run (a forked child loading the file). */
#define RM_SIM_PICK_MAX 4

/* 1 when rm_mapping_judge's policy applies to m made under opt on net: the
 * fair network model, the latency model on (m->cost: latency, dc > 0,
 * dc_dw > 0), a platform read from a SimGrid file (link_ids) whose factors
 * are 1 (not calibrated), q >= 2. O(1). (mapper/simulate.c) */
int rmi_judge_policy(const rm_network *net, const rm_mapping *m, const rm_options *opt);

/* 1 when the pipeline's SimGrid pick runs: opt->simulate_file set, the
 * overlap model, and rmi_judge_policy. O(1). */
int rmi_sim_pick_applies(const rm_network *net, const rm_mapping *m, const rm_options *opt);

/* Simulate m (the fluid check's choice) and the n <= RM_SIM_PICK_MAX - 1
 * candidates cand[i] (what[i] names them) on opt->simulate_file
 * (rm_mapping_simulate: RM_SIMULATE_STEPS steps, opt->columns) and pick the
 * fastest: *pick its index, -1 for m (ties within a relative 1e-6: m, then
 * the earlier candidate; a candidate must pass rm_mapping_check). One
 * RM_STEP_SIMULATE step per mapping simulated is recorded in m; m's
 * t_step_simulated is the pace of the one handed on and t_step_judged 1.
 * When m's own simulation is refused, nothing else is simulated and m
 * keeps the model's prediction (the step's note says why). With a pick, m
 * takes the candidate's heuristic and alpha rule and its search steps are
 * marked not kept; the caller moves the candidate's ring, routes, shares
 * and alphas into m. Errors: RM_ENOMEM only. Cost: n + 1 SimGrid runs.
 * Thread safety: not thread-safe (fork, as rm_mapping_simulate). */
rm_status rmi_sim_pick(const rm_network *net, const rm_options *opt, rm_mapping *m,
                       rm_mapping *const *cand, char (*what)[64], int n, int *pick,
                       rm_error *err);

#endif
