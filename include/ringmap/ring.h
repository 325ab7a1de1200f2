/*
 * ringmap/ring.h — mappings (ring, routes, shares, alphas), their costs, checks and
 * refinements on a fixed ring, and the names of the choices a mapping records
 * (heuristic, sharing, final solver, route ties). The heuristics and their
 * options are in ringmap/heur.h.
 *
 * Part of the public C API of libringmap (include <ringmap.h> for all of it).
 * Conventions, indices and units: see ringmap.h.
 */
#ifndef RINGMAP_RING_H
#define RINGMAP_RING_H

#include "ringmap/model.h"
#include "ringmap/topo.h"
#include "ringmap/bw.h"

#ifdef __cplusplus
extern "C" {
#endif
#pragma GCC visibility push(default)

/* ------------------------------------------------------------------------ */
/* ring: mappings, T_step of a fixed ring                                       */
/* ------------------------------------------------------------------------ */

/** Which heuristic builds the ring. */
typedef enum rm_heuristic {
    RM_HEUR_SHARED = 0, /* SharedRing greedy, H2, Legrand et al. 2004 §4.4 */
    RM_HEUR_SLICE = 1,  /* SliceRing greedy, H1, Legrand et al. 2004 §5.2.2, then its make-feasible
                           step (rm_options.make_feasible) */
    RM_HEUR_SHARED_EXACT = 2, /* SharedRing exhaustive for fixed routing, <= 8 hosts
                                 (heur/exact.h, rmi_sharedring_exhaustive); RM_ELIMIT beyond */
    RM_HEUR_SLICE_EXACT = 3,  /* SliceRing exact (proven optimum of eq. (2)), <= 12 hosts
                                 (heur/exact.h, rmi_slicering_exact); RM_ELIMIT beyond */
    RM_HEUR_BOTH = 4          /* SharedRing and SliceRing, the ring of lower T_step under
                                 rm_options.network handed on (ties: SharedRing's); the
                                 mapping's heuristic is the one whose ring it is. Added in 1.2 */
} rm_heuristic;

/** How the bandwidth of a link shared by several routes of the ring is split
 *  among them: the sharing policy DURING a heuristic (rm_options.sharing,
 *  SharedRing) and the policy of SliceRing's make-feasible step
 *  (rm_options.make_feasible). Source: Legrand, Renard, Robert, Vivien,
 *  "Mapping and Load-Balancing Iterative Computations", IEEE TPDS 2004,
 *  §4.4.2-4.4.3. */
typedef enum rm_sharing {
    RM_SHARING_GREEDY = 0, /* SharedRing's own split of the 4 new routes at each insertion
                              (eq. (5) optimum of those 4 on the residual network), the
                              routes already in the ring keep their bandwidth */
    RM_SHARING_MAXMIN = 1, /* after each insertion, every route of the ring gets its max-min
                              fair rate on the full capacities (§4.4.3, method 1) */
    RM_SHARING_EQ5 = 2     /* after each insertion, every route of the ring gets the shares
                              that minimise eq. (5)'s surrogate, sum_i C_i / w_i
                              (rm_share_optimal): the balanced T_step of eq. (5), which
                              ignores alpha >= 0 — so NOT always the least T_step; the
                              final solver gives that */
} rm_sharing;

/** The network model a mapping is valued under (rm_options.network,
 *  `--network`; docs/model.md, "Two network models"): how the links
 *  split their bandwidth among the routes of the ring that cross them.
 *  Added in 1.2. */
typedef enum rm_network_model {
    /* the platform reserves each route its share (rate limiting, QoS): the
       shares are the mapper's to choose (the sharing policy, eq. (5), the
       final solver's optimum) — the model of Legrand et al. 2004 §2.4, §4.4.
       0: a struct built from {0} by a 1.1 program gets the 1.1 behaviour */
    RM_NETWORK_RESERVED = 0,
    /* no reservation (TCP, SimGrid's CM02): every link shares its capacity
       max-min fairly among the routes crossing it (half duplex = SimGrid
       SHARED, full duplex and directed = SPLITDUPLEX); the shares are the
       network's, not the mapper's */
    RM_NETWORK_FAIR = 1
} rm_network_model;

/** How the alphas (the shares of the work) of a ring are chosen. Added in
 *  1.2 (rm_mapping.alphas; rm_ring_eval, mapper.h). */
typedef enum rm_alpha_rule {
    /* the least T_step for the ring's route costs with alpha >= 0
       (rm_balance: eq. (5) of Legrand et al. 2004 where its alphas are all
       >= 0, §2.1's alpha >= 0 otherwise): every heuristic's alphas.
       0: a mapping of 1.1 */
    RM_ALPHA_BEST = 0,
    /* alpha_k proportional to 1/w_k (work proportional to speed, the
       communication ignored): the split a user who balances by speed runs;
       T_step is then eq. (1) with these alphas, not the balanced value */
    RM_ALPHA_SPEED = 1,
    /* since 1.7, a mapping valued under the overlap model: the additive
       model's alphas for the ring's route costs (rm_balance, eq. (5) with
       alpha >= 0, rm_cost_model.overlap off), T_step the overlap model's
       with them (rm_tstep_model) — the additive pipeline's mapping as it
       is, which SimGrid's run of the final candidates may hand on
       (rm_options.simulate_file) */
    RM_ALPHA_ADDITIVE = 2
} rm_alpha_rule;

/** The final solver, run once on the ring the heuristic chose (its routes
 *  fixed): the real optimum of T_step over the shares (eq. (1) with
 *  alpha >= 0, the program of the TPDS 2004 paper §4.4.3). */
typedef enum rm_final_solver {
    RM_FINAL_NONE = 0,   /* keep the heuristic's shares */
    RM_FINAL_KINSOL = 1, /* SUNDIALS KINSOL on the KKT system with an active set */
    RM_FINAL_GLPK = 2    /* GLPK outer approximation (cutting planes) */
} rm_final_solver;

/** A mapping: the ring, its routes and shares, the alphas and T_step. */
typedef struct rm_mapping {
    int q;              /* ring size */
    int *ring;          /* q node indices; ring[k+1] succeeds ring[k] cyclically */
    double *alpha;      /* q shares of the work, >= 0, sum 1 */
    rm_route *succ;     /* q routes ring[k] -> ring[k+1] (empty if q == 1) */
    rm_route *pred;     /* q routes ring[k] -> ring[k-1] (empty if q == 1) */
    /* the cost model the mapping is valued under (model.h): D_c/D_w, D_c,
       latency and parallel-send flags (before 1.1: the fields dc_dw, dc,
       latency, parallel_send; m->dc_dw is now m->cost.dc_dw) */
    rm_cost_model cost;
    double t_step_per_dw; /* T_step / D_w by eq. (1) with the alphas */
    /* SliceRing's own estimate on the fully connected model; NAN otherwise */
    double t_step_per_dw_unshared;
    /* best T_step/D_w found for each ring size tried: sweep_t[q-1], NAN if
       not tried; n_sweep entries */
    int n_sweep;
    double *sweep_t;
    double *sweep_t_unshared; /* SliceRing's own estimates (NULL otherwise) */
    rm_heuristic heuristic;
    /* the shares the heuristic left on its ring: SharedRing, the sharing
       policy; SliceRing, its make-feasible policy; exhaustive SharedRing,
       RM_SHARING_EQ5 */
    rm_sharing sharing;
    rm_final_solver final_solver; /* the solver run on the ring afterwards */
    /* the final solver's result (final_solver != RM_FINAL_NONE): its
       certified relative gap on T_step (>= 0: T_step is within this factor
       of the optimum of the shares), and 1 if it reached its tolerance, 0 if
       it stopped at a limit with its best point (rm_solver_info.status
       "gap above tolerance"); NAN and 1 when no final solver ran */
    double final_gap;
    int final_converged;
    /* --improve (rm_options.improve): why the local search stopped, one of
       rm_improve_stop (RM_IMPROVE_NOT_RUN = 0 when it did not run), the moves
       it accepted, and the heuristic's T_step/D_w before it (0 when it did
       not run). Appended in 1.1. */
    int improve_stop;
    int improve_moves;
    double improve_t_start;
    /* the network model every number of the mapping is valued under
       (rm_network_model). Appended in 1.2. */
    rm_network_model network;
    /* 1: the ring was given by the caller and valued as it is by
       rm_ring_eval (mapper.h): no heuristic ran (heuristic means nothing,
       no sweep); 0: a heuristic's ring. Appended in 1.2. */
    int ring_given;
    /* how the alphas were chosen (rm_alpha_rule): RM_ALPHA_BEST (0: every
       heuristic's) or, for a given ring, RM_ALPHA_SPEED. rm_mapping_check
       checks the rule. Appended in 1.2. */
    rm_alpha_rule alphas;
    /* the steps rm_map ran, in order (rm_pipeline_step: the heuristic(s),
       the local search, the final solver), each with T_step/D_w before and
       after and whether its result was kept; library-allocated, freed by
       rm_mapping_free; n_steps = 0 and steps = NULL for a mapping not made
       by rm_map / rm_map_network. Appended in 1.2. */
    int n_steps;
    struct rm_pipeline_step *steps;
    /* what the final solver did (rm_final_outcome; RM_FINAL_OUTCOME_NOT_RUN
       = 0 when none ran): a solver that fails or ends at or above the
       T_step of the shares it started from leaves those shares (and
       alphas) untouched. final_t_start: T_step/D_w of those shares (0 when
       none ran); final_message: the solver's own message when it failed,
       its result when it gained nothing ("" otherwise; NUL-terminated).
       Appended in 1.2. */
    int final_outcome;
    double final_t_start;
    char final_message[256];
    /* the one-step fluid valuation of the mapping (rm_mapping_tstep_dynamic):
       T_step/D_w with each host's communication from one exchange step in
       which a flow holds no bandwidth during its route latency and releases
       it when it ends; the alphas are the mapping's. NAN when not computed
       (rm_map and rm_ring_eval compute it under RM_NETWORK_FAIR with the
       latency model on, q >= 2; since 1.6 also under the overlap model, where a
       host's communication is the fluid one in max(interior, communication)
       + boundary); t_step_per_dw stays the static
       valuation the mapper chose by. c_dynamic: q host costs (s/Mb, the
       dynamic counterpart of rm_mapping_costs' C at D_c = cost.dc), library-
       allocated, NULL when t_step_per_dw_dynamic is NAN. Not copied by the
       library's copies (they are derived from the final mapping). Appended
       in 1.5. */
    double t_step_per_dw_dynamic;
    double *c_dynamic;
    /* T_step (s, not per D_w) of the mapping as SimGrid itself runs it
       (rm_mapping_simulate, mapper.h): the steady-state pace of iterapp's
       steps simulated on the SimGrid platform file under CM02. 0 when not
       simulated (every mapping unless asked: `ringmap eval --simulate`).
       Appended in 1.6. */
    double t_step_simulated;
    /* 1 when rm_mapping_judge (mapper.h) made t_step_simulated the printed
       prediction (rm_mapping_tstep_printed: t_step_simulated / D_w); 0 else.
       t_step_per_dw stays the model's valuation. Appended in 1.6. */
    int t_step_judged;
    /* what rm_mapping_judge (mapper.h) did with this mapping
       (rm_judge_outcome; RM_JUDGE_NOT_RUN = 0 when it was not called or its
       policy does not apply): RM_JUDGE_SIMULATED with t_step_judged set;
       RM_JUDGE_OVER_BUDGET and RM_JUDGE_REFUSED when the policy applies but
       the printed prediction stayed the model's (the JSON's
       t_step_valuation_reason). Appended in 1.7. */
    int judge_outcome;
} rm_mapping;

/** What one step of the mapper's pipeline is (rm_pipeline_step.kind). */
typedef enum rm_step_kind {
    RM_STEP_HEURISTIC = 0, /* a heuristic built a ring (detail: its rm_heuristic) */
    RM_STEP_SEARCH = 1,    /* the local search on the ring (detail: its rm_improve_stop) */
    RM_STEP_FINAL = 2,     /* the final solver of the shares (detail: its rm_final_solver) */
    RM_STEP_FLUID = 3,     /* since 1.6: the fluid check of the final candidates under
                              the overlap model (mapper/fluid_pick.c, docs/model.md;
                              t_before, t_after: the one-step fluid T_step/D_w; detail 0) */
    RM_STEP_SIMULATE = 4   /* since 1.7: SimGrid's run of one final candidate under the
                              overlap model (rm_options.simulate_file, mapper/sim_pick.c),
                              one step per candidate simulated: detail its index (0: the
                              fluid check's choice), t_before its model valuation
                              (T_step/D_w), t_after SimGrid's pace / D_w (NAN: not
                              simulated, note says why), kept: handed on; note names it */
} rm_step_kind;

/** One step of the pipeline of rm_map (mapper/map.c), as the mapping
 *  records it (rm_mapping.steps). A step's result is kept only when its
 *  T_step/D_w under the mapping's network model is not above the previous
 *  one (the search: strictly below) and rm_mapping_check passes; else the
 *  previous mapping stays and note says why in one line. */
typedef struct rm_pipeline_step {
    int kind;          /* rm_step_kind */
    int detail;        /* heuristic: rm_heuristic; search: rm_improve_stop; final:
                          rm_final_solver */
    int kept;          /* 1: the mapping is this step's result (a heuristic: its ring
                          was handed on) */
    int moves;         /* the search's accepted moves (0 otherwise) */
    long long evaluations; /* the search's candidate evaluations, weighted as its
                              budget counts them (a valuation by shares of nq
                              hosts: 1 + nq/16), never above budget when it is
                              > 0; the default pipeline's: the sum over the seed
                              rings searched (0 otherwise) */
    long long budget;  /* the search's budget of evaluations (0 = none; the
                          automatic one resolved; the default pipeline's: the
                          budget of each seed ring searched, summed), 0
                          otherwise */
    double t_before;   /* T_step/D_w of the mapping the step started from (NAN for a
                          heuristic) */
    double t_after;    /* T_step/D_w of the step's result (NAN: it failed) */
    char note[160];    /* why it was not kept, or what stopped it; "" when nothing to say */
} rm_pipeline_step;

/** rm_mapping.final_outcome: what the final solver (rm_options.final_solver)
 *  did to the ring's shares. Never worse: only RM_FINAL_OUTCOME_IMPROVED
 *  changes them. Added in 1.2. */
typedef enum rm_final_outcome {
    RM_FINAL_OUTCOME_NOT_RUN = 0,  /* no final solver asked */
    RM_FINAL_OUTCOME_IMPROVED = 1, /* its shares lower T_step: kept */
    RM_FINAL_OUTCOME_NO_GAIN = 2,  /* it ended at or above the starting T_step (at the
                                      optimum already, or stopped at a limit above
                                      it): the previous shares kept */
    RM_FINAL_OUTCOME_FAILED = 3    /* it failed (final_message says why), or its shares
                                      failed rm_mapping_check: the previous shares kept */
} rm_final_outcome;

/** rm_mapping.judge_outcome: what rm_mapping_judge (mapper.h) did. Added
 *  in 1.7. */
typedef enum rm_judge_outcome {
    RM_JUDGE_NOT_RUN = 0,     /* not called, or its policy does not apply (and the
                                 simulation was not required) */
    RM_JUDGE_SIMULATED = 1,   /* simulated: t_step_simulated set (and the printed
                                 prediction when t_step_judged) */
    RM_JUDGE_OVER_BUDGET = 2, /* the policy applies, but the ring's positions x steps
                                 exceed RM_SIMULATE_BUDGET: the model's value stays */
    RM_JUDGE_REFUSED = 3      /* the policy applies, but the simulation was refused
                                 (timeout, the message cap, SimGrid's failure): the
                                 model's value stays */
} rm_judge_outcome;

/** rm_mapping.improve_stop: why the local search of --improve stopped. */
typedef enum rm_improve_stop {
    RM_IMPROVE_NOT_RUN = 0,
    RM_IMPROVE_STOP_LOCAL = 1,  /* no move lowers T_step: a local optimum */
    RM_IMPROVE_STOP_MOVES = 2,  /* rm_options.improve_max_moves moves accepted */
    RM_IMPROVE_STOP_BUDGET = 3, /* rm_options.improve_seconds of wall time passed: the
                                   result may depend on the machine's speed */
    RM_IMPROVE_STOP_EVALS = 4   /* rm_options.improve_max_evals candidate evaluations
                                   done (the deterministic budget). Added in 1.2 */
} rm_improve_stop;

/** Which of two mappings of the same platform, valued under the same
 *  network model, is handed on when both are offered (RM_HEUR_BOTH, the
 *  CLI's `--heuristic both`): 1 when b's T_step/D_w is strictly lower than
 *  a's (or a's is NaN and b's is not), else 0 (ties: a). A NULL mapping
 *  loses. O(1). Thread safety: reentrant (reads only). */
int rm_mapping_better(const rm_mapping *a, const rm_mapping *b);

/** rm_mapping_better with the fair model's tie rule: the rule every
 *  comparison of rings in rm_map follows (RM_HEUR_BOTH's hand-on, the
 *  default pipeline's seeded search) and the CLI's `--heuristic both`.
 *  When a and b are both valued under RM_NETWORK_FAIR (additive cost
 *  model, q >= 2) and their T_step/D_w are equal within 1e-12 (relative),
 *  returns 1 when b's balance root T* is lower than a's, 0 when a's is
 *  lower; T* = max_k (alpha_k w_k + (D_c/D_w) C_k) over the hosts with
 *  alpha_k > 0, i.e. the root of sum_k max(0, (T* - (D_c/D_w) C_k)/w_k) = 1
 *  of rm_balance (Legrand et al. 2004 eq. (1) with alpha >= 0), in s/Mflop
 *  like T_step/D_w. T* < T_step/D_w exactly when the ring is
 *  communication-bound (T_step/D_w = max_k (D_c/D_w) C_k, the static
 *  max-min time of its slowest route): rings bound by the same route tie,
 *  and a run under max-min sharing (SimGrid's CM02) runs near T*, as
 *  its slowest route gains the bandwidth that the other flows release
 *  when they end (docs/fidelity.md, "The dragonfly tie"). Otherwise (other
 *  network model, no tie, equal T*, overlap model) rm_mapping_better(a, b).
 *  net: the platform both mappings were made on (the hosts' w); NULL
 *  falls back to rm_mapping_better. No errors (an allocation failure
 *  falls back to rm_mapping_better). O(q) time and memory on a tie, O(1)
 *  otherwise. Thread safety: reentrant (reads only). Added in 1.4. */
int rm_mapping_better_on(const rm_network *net, const rm_mapping *a, const rm_mapping *b);

/**
 * The one-step fluid valuation of a mapping (docs/fidelity.md, "The printed
 * prediction"): its 2q routes start together, each holds no bandwidth during
 * its latency (rm_route_latency), then transfers D_c = m->cost.dc Mb sharing
 * the links max-min fairly on their full capacities with the routes
 * transferring at that moment, the rates recomputed at every latency end and
 * route end (SimGrid's CM02 flow model, equal weights). Host k's
 * communication is its two routes' ends (their maximum with parallel_send,
 * else their sum, as rm_host_cost) and c_dynamic[k] that time / D_c (s/Mb);
 * a host cost within 1e-9 (relative) of its static rm_mapping_costs value is
 * that value. t_step_per_dw_dynamic = rm_tstep_model with the mapping's
 * alphas and c_dynamic: eq. (1) (rm_tstep_eq1) or, under the overlap model
 * (since 1.6), T_i = max(alpha_i D_w w_i - b_i, D_c C_i^fluid) + b_i (Weissman
 * 1995 §4.1.2, Eq. 4.10, with the boundary b_i), whose hosts do post their
 * 2q messages together at the step's start. Writes m->t_step_per_dw_dynamic
 * and m->c_dynamic when it applies: m->network RM_NETWORK_FAIR, the latency
 * model on (cost.dc > 0), q >= 2; otherwise sets NAN / NULL and returns
 * RM_OK. The alphas, routes and t_step_per_dw are not changed.
 * Errors: RM_EINVAL (rmi_mapping_args_check: NULL or foreign arguments),
 * RM_ENOMEM (m's dynamic fields left NAN / NULL).
 * Complexity: at most 4q + 1 max-min solutions on the routes' resources
 * (rm_maxmin's cost each), usually a few: routes of equal latency start
 * together, routes of equal rate end together. Once per mapping, not per
 * valuation of the search.
 * Thread safety: writes m (not shared while it runs); net is only read.
 * Source: Legrand et al. 2004 eq. (1) and §4.4.3 (max-min fairness); the
 * latency phase and the released bandwidth of SimGrid's flow model
 * (Casanova, Legrand, Quinson 2008; Velho, Legrand 2009). Added in 1.5.
 */
rm_status rm_mapping_tstep_dynamic(const rm_network *net, rm_mapping *m, rm_error *err);

/** The T_step/D_w a mapping's outputs print (s/Mflop): t_step_simulated
 *  * dc_dw / dc when t_step_judged (rm_mapping_judge, mapper.h; SimGrid's
 *  run of the mapping), else t_step_per_dw_dynamic
 *  when it is finite (rm_mapping_tstep_dynamic), else t_step_per_dw. NAN for
 *  a NULL m. O(1). Thread safety: reentrant (reads only). Source: Legrand et
 *  al. 2004 eq. (1). Added in 1.5. */
double rm_mapping_tstep_printed(const rm_mapping *m);

/** Allocate a mapping of ring size q with empty routes and n_sweep sweep
 *  entries (NAN). NULL on allocation failure. O(q + n_sweep).
 *  Thread safety: reentrant. */
rm_mapping *rm_mapping_new(int q, int n_sweep);

/** Free a mapping and its routes (NULL is fine).
 *  Thread safety: not while another thread uses m. */
void rm_mapping_free(rm_mapping *m);

/** C[k] = rm_host_cost of position k's two routes under the mapping's cost
 *  model (0 for q == 1), s/Mb, written to C (q entries); then
 *  T_step/D_w = rm_balance_model(q, w, C, &m->cost) (rm_balance, or
 *  rm_balance_overlap under the overlap model). O(q + L) (latencies).
 *  Thread safety: reentrant: net and m are only read. */
void rm_mapping_costs(const rm_network *net, const rm_mapping *m, double *C);

/**
 * Recompute alphas and t_step_per_dw of m from its routes' bandwidths with
 * rm_balance_model under m->cost (rm_balance: eq. (5) with alpha >= 0; with
 * m->cost.overlap, rm_balance_overlap). O(q log q).
 * Thread safety: writes m (not shared while it runs); net is only read and may
 * be shared.
 */
void rm_mapping_rebalance(const rm_network *net, rm_mapping *m);

/**
 * Give the mapping's 2q routes their max-min fair rates on the full
 * capacities (rm_maxmin), then rebalance. Used by RM_SHARING_MAXMIN and
 * by SliceRing's make-feasible step on the real network (Legrand et al. 2004 §5.2.2).
 * Errors as rm_maxmin; RM_EINVAL for a NULL net or m, or a mapping whose
 * ring positions or route arcs are not net's. Complexity as rm_maxmin.
 * Thread safety: writes m (not shared while it runs); net is only read and may
 * be shared.
 */
rm_status rm_mapping_refine_maxmin(const rm_network *net, rm_mapping *m, rm_error *err);

/** Same with the shares that optimise eq. (5)'s surrogate (rm_share_optimal,
 *  a = 1/w of the sender, tolerance 1e-10): RM_SHARING_EQ5. Same RM_EINVAL
 *  checks.
 *  Thread safety: writes m (not shared while it runs); net is only read and
 *  may be shared. */
rm_status rm_mapping_refine_optimal(const rm_network *net, rm_mapping *m, rm_error *err);

/**
 * The invariants every printed mapping satisfies (checked to relative
 * tolerance tol, 1e-9 if tol <= 0):
 *  - ring: q >= 1 distinct hosts;
 *  - routes: succ[k] is a walk of usable arcs from ring[k] to ring[k+1],
 *    pred[k] from ring[k] to ring[k-1] (empty when q == 1);
 *  - capacities: on each non-backbone resource the bandwidths of the routes
 *    crossing it sum to at most its capacity; on a backbone one each is at most it;
 *  - every route bandwidth is > 0 and finite (q > 1);
 *  - alpha[k] >= 0, sum alpha = 1;
 *  - t_step_per_dw equals eq. (1) recomputed, and equals rm_balance
 *    (the ring is balanced) — or, with m->alphas = RM_ALPHA_SPEED, every
 *    alpha[k] equals (1/w_k) / sum_j 1/w_j instead.
 * Errors: RM_EINTERNAL with a message naming the first violation.
 * Complexity O(q + L + n_res).
 * Thread safety: reentrant: net and m are only read.
 */
rm_status rm_mapping_check(const rm_network *net, const rm_mapping *m, double tol, rm_error *err);

/**
 * The ring instance of mapping m (rm_ring_instance, bw.h): cycle-times of
 * its ring positions, its 2q routes (succ[i] as route i, pred[i] as route
 * q + i) as resource lists on net's capacities, their latencies
 * (rm_route_latency) and the mapping's cost model (m->cost: D_c/D_w, D_c,
 * latency, parallel send). What the solvers of a fixed ring take. The arrays are allocated
 * here (net's capacity arrays are referenced, not copied: net must outlive
 * ri); free them with rm_ring_instance_free. Bandwidths and alphas of m
 * are not used.
 * Errors: RM_EINVAL (NULL net or m, q < 1), RM_EINPUT (an unusable arc),
 * RM_ENOMEM; ri is zeroed on error. Thread safety: reentrant (net and m
 * only read). Complexity O(q + L).
 */
rm_status rm_ring_instance_of_mapping(const rm_network *net, const rm_mapping *m,
                                      rm_ring_instance *ri, rm_error *err);

/**
 * A ring given by host names (a hostfile, a list), as node indices of p:
 * ring[k] = the node whose label is names[k] (exact, case-sensitive match),
 * for k = 0..q-1. Each position must name a host (not a router), known to
 * p by exactly one node, and no host twice (a ring visits each host once:
 * one ring position, one process per host, Legrand et al. 2004 §2.1).
 * where (may be NULL) gives each position's origin for the messages, e.g.
 * "hosts.txt:7"; NULL: "ring position k". Errors: RM_EINPUT naming the
 * position, the name and the fault ("hosts.txt:7: no host named 'x' in
 * platform P", "...: 'r1' is a router, not a host", "...: 2 nodes are
 * labelled 'a'", "hosts.txt:9: host 'a' again (first at hosts.txt:3)"),
 * q < 1 ("empty ring"); RM_EINVAL for a NULL p, names (q > 0) or ring, or
 * a names[k] that is NULL. ring is written up to the failing position.
 * Thread safety: reentrant (p only read). Complexity O(q N |name|) with
 * N = p->n_nodes (a label scan per position), O(N) memory.
 */
rm_status rm_ring_of_names(const rm_platform *p, const char *const *names,
                           const char *const *where, int q, int *ring, rm_error *err);

/** A ring order read from a hostfile (rm_hostfile_read). Library-allocated
 *  (fields may be appended in a later minor version). Added in 1.2. */
typedef struct rm_hostfile {
    int q;        /* ring positions, >= 1: rank k = position k */
    char **names; /* q host names, in rank order */
    char **where; /* q origins "PATH:LINE" of the names, for messages
                     (rm_ring_of_names' where) */
    int *lines;   /* q line numbers, 1-based */
    long max_slots; /* the largest slot count a line gave (slots=N, HOST:N);
                       1 when none: the counts are not ring positions */
    int rankfile; /* 1: an Open MPI rankfile ("rank N=HOST ..."), the
                     positions by rank number; 0: one position per line */
} rm_hostfile;

/**
 * Read the rank order of an MPI launch file at path: an Open MPI hostfile
 * ("HOST [slots=N] [max_slots=N] ..."), an MPICH (Hydra) or SMPI
 * machinefile ("HOST[:N]"), a plain list (one host per line), or an Open
 * MPI rankfile ("rank N=HOST [slot=...]", every line; ranks 0..q-1 each
 * once). '#' starts a comment (to the end of the line); blank lines are
 * skipped. Each line gives ONE ring position, whatever its slot count: a
 * ring visits each host once (one process per host, Legrand et al. 2004
 * §2.1); the counts are read, checked (an integer >= 1) and their maximum
 * kept in max_slots, so that the caller can say they are not ring
 * positions. A host named on two lines is not refused here but by
 * rm_ring_of_names (with both lines). Errors: RM_EINPUT naming the file and
 * line ("hosts:3: slots=x: expected an integer >= 1", "hosts:4: unexpected
 * 'foo' after the host name", "hosts:2: a control character in the host
 * name", "hosts:5: rank 3 again (first on line 2)", "hosts: rank 1 missing",
 * "hosts: no host in the file (an empty ring)"), and the input-file checks of the
 * readers (a regular file of at most 256 MiB); RM_ENOMEM; RM_EINVAL for a
 * NULL path or out. On success *out is new (rm_hostfile_free).
 * Thread safety: reentrant. Complexity O(size of the file).
 */
rm_status rm_hostfile_read(const char *path, rm_hostfile **out, rm_error *err);

/** Free a hostfile read by rm_hostfile_read (NULL is fine). O(q). */
void rm_hostfile_free(rm_hostfile *h);

/** Free the arrays of an instance built by rm_ring_instance_of_mapping
 *  (ri zeroed; NULL or a zeroed ri is fine). O(1). */
void rm_ring_instance_free(rm_ring_instance *ri);

#pragma GCC visibility pop
#ifdef __cplusplus
}
#endif

#endif /* RINGMAP_RING_H */
