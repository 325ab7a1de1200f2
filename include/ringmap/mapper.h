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
 * alpha >= 0) by that solver, to tolerance opt->final_tol — never worse:
 * when the solver fails, or ends at or above the T_step of the heuristic's
 * shares, those shares and alphas are kept and the mapping says so
 * (rm_mapping.final_outcome, final_message; 1.2: before, a failing solver
 * was an RM_ESOLVER error). With opt->simulate_file (since 1.7), the
 * default pipeline under the overlap model where rm_mapping_judge's policy
 * applies runs its final candidates (at most 4) in SimGrid
 * (rm_mapping_simulate; a candidate of more than RM_SIMULATE_BUDGET
 * positions x steps is not run) and hands on the fastest, its pace the printed
 * prediction (t_step_judged; docs/model.md, "SimGrid's run of the final
 * candidates"; beyond the paper). Errors as the heuristic, and RM_ENOMEM
 * (a refused simulation is a step's note, not an error).
 * Complexity: heuristic + solver (+ up to 4 SimGrid runs).
 * Implemented in mapper/map.c.
 * Thread safety: safe to call from several threads at once on the same network
 * and options (each call has its own workspaces; the result is the one of a
 * single thread, tests/test_threads.c); the progress callback is called by the
 * calling thread. With opt->simulate_file under the overlap model it forks
 * (rm_mapping_simulate): not thread-safe then.
 */
rm_status rm_map_network(const rm_network *net, const rm_options *opt, rm_mapping **out,
                         rm_error *err);

/** rm_map_network on the platform (builds the network with opt->duplex).
 *  Errors as rm_map_network.
 *  Thread safety: safe to call from several threads at once on the same
 *  platform and options (each call builds its own network;
 *  tests/test_threads.c). */
rm_status rm_map(const rm_platform *p, const rm_options *opt, rm_mapping **out, rm_error *err);

/* ------------------------------------------------------------------------ */
/* mapper: value a ring given by the user                                     */
/* ------------------------------------------------------------------------ */

/**
 * The mapping of a ring given by the caller (a user's rank order, a
 * hostfile, another tool's ring), valued as the mapper values its own:
 * ring[0..q) node indices of net's platform (hosts, each once; ring[k+1]
 * succeeds ring[k] cyclically; rm_ring_of_names gives them from host
 * names). Steps:
 *  1. routes: the 2q routes ring[k] -> ring[k+1] and ring[k] -> ring[k-1]
 *     on the full capacities by opt->routing (resolved by
 *     rm_routing_resolve: the platform's fixed routes, else widest paths,
 *     Legrand et al. 2004 §4.4.2) with ties by opt->route_ties, succ then
 *     pred of each position in ring order — SliceRing's routes of its ring;
 *  2. shares under the network model opt->network: RM_NETWORK_FAIR, every
 *     route its max-min fair rate on the full capacities
 *     (rm_mapping_refine_maxmin; opt->final_solver must be RM_FINAL_NONE:
 *     a solver's shares are reservations); RM_NETWORK_RESERVED, the best
 *     reserved shares for that ring and routes: the final solver's optimum
 *     of T_step (opt->final_solver, RM_FINAL_GLPK when RM_FINAL_NONE; tolerance
 *     opt->final_tol, limits opt->final_limits; §4.4.3), started from and
 *     never worse than the max-min shares: when the solver ends no lower,
 *     the max-min shares stay with the solver's record (final_solver,
 *     final_gap, final_converged: they are optimal within its gap); when it
 *     fails, the max-min shares stay and final_solver = RM_FINAL_NONE;
 *  3. alphas by the rule alphas: RM_ALPHA_BEST, the least T_step with
 *     alpha >= 0 for the route costs (rm_balance; eq. (5) where its alphas
 *     are >= 0); RM_ALPHA_SPEED, alpha_k proportional to 1/w_k, T_step by
 *     eq. (1) with those alphas (the shares of step 2 are chosen for the
 *     best alphas, not re-chosen for these); RM_ALPHA_ADDITIVE (since
 *     1.7), eq. (1)'s best alphas (the overlap off), T_step under
 *     opt->cost with them (the overlap model's host time under overlap).
 * Valued under opt->cost (eq. (1) of Legrand et al. 2004: D_c/D_w, the
 * affine route cost with latency, parallel sends). The other options
 * (heuristic, sharing, max_q, improve, ...) are not used; net's duplex is
 * the network's. On success *out is a new mapping (rm_mapping_free) with
 * ring_given = 1, alphas, network = opt->network, sharing =
 * RM_SHARING_MAXMIN (the shares started from), final_solver as above,
 * n_sweep = 0; it passes rm_mapping_check. With ring the ring of a mapping
 * of rm_map_network whose routes are those of step 1 (SliceRing's, or any
 * heuristic's on fixed or direct routing) and the same shares, T_step is
 * that mapping's, bit for bit (tests/test_eval.c).
 * Errors: RM_EINVAL (NULL net, opt, out, or ring with q > 0; a network not
 * usable); RM_EINPUT (options, rm_options_check; q < 1 "empty ring"; a
 * ring[k] that is not a node or not a host, a host twice, naming the ring
 * position; no route between two ring neighbours under the routing; a final
 * solver under RM_NETWORK_FAIR; alphas not an rm_alpha_rule); RM_ENOMEM;
 * those of max-min sharing. A solver's failure is not an error (above).
 * Complexity: O(q (E log N)) for the routes (widest paths), plus max-min
 * sharing O(q L) and, under RESERVED, the final solver.
 * Thread safety: reentrant: net and opt only read (safe from several
 * threads on the same network).
 * Source: Legrand et al. 2004 eq. (1), §2.1 (alpha >= 0), §4.4.3 (the
 * shares of a fixed ring: max-min fairness, the optimum of T_step).
 */
rm_status rm_ring_eval(const rm_network *net, const rm_options *opt, const int *ring, int q,
                       rm_alpha_rule alphas, rm_mapping **out, rm_error *err);

/**
 * rm_ring_eval with the ring's routes given: succ[k] is the route from
 * ring[k] to ring[k+1 mod q], pred[k] from ring[k] to ring[k-1 mod q], each
 * a walk of net's arcs (rm_route.arcs: arc indices, arc 2l + d of link l;
 * src, dst and bandwidth are not read) — the routes of a mapping (its
 * succ/pred, or those of its JSON), kept as they are instead of step 1's
 * routes on the full capacities. Then steps 2 and 3 of rm_ring_eval on
 * them. So a mapping of rm_map_network under RM_NETWORK_FAIR, given back
 * with its ring and routes, is valued at its own T_step (max-min shares of
 * its routes, the best alphas), whichever routes its heuristic chose
 * (SharedRing's widest paths on residual bandwidths differ from those on
 * the full capacities). q = 1: succ and pred not read (may be NULL).
 * Errors: those of rm_ring_eval; RM_EINVAL (succ or pred NULL with q > 1);
 * RM_EINPUT naming the ring position and hop: an empty route, an arc not
 * in net, a hop that does not leave where the previous one ended, an arc
 * not usable in that direction (a directed link's reverse, a link too slow
 * for the model), a route that does not end at the neighbour.
 * Complexity: O(sum of the routes' lengths) to check and copy them, plus
 * max-min sharing O(q L) and, under RESERVED, the final solver.
 * Thread safety: reentrant, as rm_ring_eval.
 * Source: Legrand et al. 2004 eq. (1), §2.1, §4.4.3, as rm_ring_eval.
 */
rm_status rm_ring_eval_routes(const rm_network *net, const rm_options *opt, const int *ring,
                              int q, const rm_route *succ, const rm_route *pred,
                              rm_alpha_rule alphas, rm_mapping **out, rm_error *err);

/* ------------------------------------------------------------------------ */
/* mapper: the heuristic table                                                */
/* ------------------------------------------------------------------------ */

/** Bits of rm_heuristic_info.honours: the rm_options fields a heuristic
 *  reads. A field whose bit is clear is ignored by that heuristic (its value
 *  changes nothing in the mapping). cost.dc_dw, duplex (the network) and the steps
 *  the mapper runs after every heuristic (final_solver, final_tol,
 *  final_limits, improve, improve_seconds, improve_max_moves) have no bit:
 *  every heuristic honours them. */
typedef enum rm_honours {
    RM_HONOURS_SHARING = 1 << 0,       /* sharing and share_tol: the sharing policy while the
                                          ring is built */
    RM_HONOURS_MAKE_FEASIBLE = 1 << 1, /* make_feasible: the ring is chosen on the unshared
                                          complete-graph model, then given feasible shares;
                                          the mapping's t_step_per_dw_unshared (and
                                          sweep_t_unshared) hold that model's estimate */
    RM_HONOURS_ROUTING = 1 << 2,       /* routing */
    RM_HONOURS_ROUTE_TIES = 1 << 3,    /* route_ties */
    RM_HONOURS_SLICE_TIES = 1 << 4,    /* slice_ties */
    RM_HONOURS_MAX_Q = 1 << 5,         /* max_q */
    RM_HONOURS_FULL_CURVE = 1 << 6,    /* full_curve */
    RM_HONOURS_STOP_PATIENCE = 1 << 7, /* stop_patience */
    RM_HONOURS_THREADS = 1 << 8,       /* threads */
    RM_HONOURS_PROGRESS = 1 << 9,      /* progress, progress_ctx */
    RM_HONOURS_LATENCY = 1 << 10,      /* cost.latency and cost.dc (the affine route cost) */
    RM_HONOURS_PARALLEL_SEND = 1 << 11 /* cost.parallel_send */
} rm_honours;

/** How a heuristic searches. */
typedef enum rm_heuristic_kind {
    RM_HEUR_KIND_GREEDY = 0, /* grows the ring one host at a time, keeping the best ring of
                                each size: sweep_t is its T_step curve per ring size (the
                                "bath tub" of Legrand et al. 2004 §5, Figs 7-12); no host
                                limit */
    RM_HEUR_KIND_EXACT = 1   /* the proven optimum over its search space, exponential in
                                the hosts: at most max_hosts hosts (RM_ELIMIT beyond) */
} rm_heuristic_kind;

/** What the mapper's table says of one heuristic. Owned by the library
 *  (static, read only): never allocated by the caller, so fields may be
 *  appended in a later minor version. */
typedef struct rm_heuristic_info {
    rm_heuristic id;
    rm_heuristic_kind kind;
    unsigned honours;    /* rm_honours bits: the rm_options fields it reads */
    int max_hosts;       /* largest platform it accepts, in hosts; 0 = no limit */
    const char *title;   /* its name in prose and messages, e.g. "SharedRing",
                            "exhaustive SharedRing" */
    const char *summary; /* what it does, for a --help listing: lines of at most 55
                            characters separated by '\n', no final period */
    const char *source;  /* the paper and section it follows */
} rm_heuristic_info;

/** Number of heuristics in the mapper's table (every rm_heuristic value
 *  rm_map accepts). O(1). Thread safety: reentrant (constant data). */
int rm_heuristic_count(void);

/** Row i of the mapper's table, 0 <= i < rm_heuristic_count(), in the order
 *  of rm_heuristic; NULL for any other i. The pointer stays valid for the
 *  life of the program. O(1). Thread safety: reentrant (constant data). */
const rm_heuristic_info *rm_heuristic_at(int i);

/** The row of heuristic h; NULL if h is not an rm_heuristic rm_map accepts
 *  (rm_options_check refuses such a value with RM_EINPUT). O(number of
 *  heuristics). Thread safety: reentrant (constant data). */
const rm_heuristic_info *rm_heuristic_lookup(rm_heuristic h);

/** Options of rm_mapping_simulate; zero (a struct from {0}) = the defaults. */
typedef struct rm_simulate_options {
    int steps;           /* steps simulated, >= 2; 0: RM_SIMULATE_STEPS */
    long long columns;   /* > 0: the run's N whole columns (rm_mapping_units with at
                            least one column per position, each D_w / N Mflop), as
                            iterapp runs them; 0: the mapping's alphas as they are */
    double timeout_s;    /* wall-time budget of the simulation, s; 0: 600 */
    double reserved[4];  /* 0 */
} rm_simulate_options;

/** The default number of simulated steps of rm_mapping_simulate. */
#define RM_SIMULATE_STEPS 40

/** rm_mapping_judge's size budget where it simulates by its policy (not
 *  required): at most this many ring positions x simulated steps (q x 40
 *  steps by default: rings of up to 250 hosts). A deterministic cap, not
 *  wall time, so that the same input gets the same printed prediction on
 *  any machine; chosen from measurements of SimGrid's cost per position and
 *  step (about 15-35 us on the shipped platforms, growing with the ring as
 *  more flows share the same links: docs/simgrid.md, "The judge"). Since
 *  1.7. */
#define RM_SIMULATE_BUDGET 10000

/**
 * T_step of mapping m (of net) as SimGrid itself runs it: SimGrid 3.32's
 * engine (s4u) loads the SimGrid platform file the mapping was made on
 * (simgrid_path) and runs one actor per ring position on its host, each
 * doing what iterapp's stencil does per step (docs/simgrid.md, "The judge"):
 * post a receive from both neighbours, send D_c to both (D_c * 1e6 / 8
 * bytes each; below 64 KiB detached, as SMPI sends them), then under the
 * additive model wait and compute alpha_k D_w Mflop, under the overlap model
 * (m->cost.overlap) compute alpha_k D_w - b_k, wait, compute the boundary
 * b_k. Computations run on one core at the SimGrid host's speed (as
 * iterapp_smpi's smpi_execute_flops). The network is CM02 without cross
 * traffic (max-min sharing, factors 1, the TCP window bound): the settings
 * of bench_fidelity's cm02 runs. *t_step (s) is the steady-state pace: the
 * slope, over the second half of the steps, of the time at which the last
 * position ends each step (bench_fidelity's measure of an SMPI run).
 * SimGrid runs in a forked child (its engine never touches the caller).
 * Shapes and units: m->cost.dc > 0 (Mb) and dc_dw > 0 give D_w =
 * dc / dc_dw Mflop; net->platform must be the one read from simgrid_path
 * (its hosts' labels are SimGrid's host names).
 * Errors: RM_EINVAL (NULL net, m, simgrid_path or t_step; a nonzero
 * reserved slot; steps == 1 or < 0; columns < 0; timeout < 0); RM_EINPUT
 * (a platform not read from a SimGrid file, no D_c, a host unknown to the
 * file, SimGrid's own failure with its message; rm_mapping_units');
 * RM_ELIMIT (more than 4,000,000 messages, the timeout passed);
 * RM_EINTERNAL (fork, pipe); RM_ENOMEM. *t_step is NAN on error.
 * Thread safety: not thread-safe (fork). Complexity: SimGrid's simulation of
 * 2 q steps messages and q steps computations.
 * Source: Legrand et al. 2004 eq. (1) (the step it values); Weissman 1995
 * §4.1.2, Eq. 4.10 (the overlapping step); SimGrid 3.32's documentation,
 * "Configuring SimGrid", network/model CM02 (the sharing simulated).
 */
rm_status rm_mapping_simulate(const rm_network *net, const rm_mapping *m, const char *simgrid_path,
                              const rm_simulate_options *o, double *t_step, rm_error *err);

/**
 * The mapper's policy for the printed prediction of a mapping made on a
 * SimGrid platform file, the default of `ringmap map` (since 1.7): when the
 * mapping was made under the fair network model (opt->network
 * RM_NETWORK_FAIR) with the latency model on (m->cost: latency, dc > 0,
 * dc_dw > 0), on a platform read from a SimGrid file and not calibrated
 * (rm_platform_calibrate's factors 1: SMPI's factors value SMPI's model,
 * not the CM02 sharing simulated), with a ring of 2 or more hosts, m is
 * simulated by rm_mapping_simulate (o: its options, NULL = defaults) and
 * its printed prediction becomes SimGrid's pace: m->t_step_simulated set,
 * m->t_step_judged = 1 (rm_mapping_tstep_printed), m->judge_outcome
 * RM_JUDGE_SIMULATED; m->t_step_per_dw, the model's valuation the mapper
 * chose by, is unchanged. Where the policy applies and required is 0, a
 * ring of more than RM_SIMULATE_BUDGET positions x steps is not simulated
 * (m->judge_outcome RM_JUDGE_OVER_BUDGET); a refused simulation (the
 * message cap, timeout, a host unknown to the file, SimGrid's failure)
 * leaves RM_JUDGE_REFUSED. In both cases it returns RM_OK with m's printed
 * prediction the model's and the reason in *err as a note (err->status
 * nonzero, its message one line); err->status is RM_OK when there is
 * nothing to note. Outside the policy m is left as it is
 * (RM_JUDGE_NOT_RUN), unless required: then m is simulated all the same
 * (only t_step_simulated set, the printed prediction unchanged), and a
 * refusal is rm_mapping_simulate's error. required also lifts the budget
 * (rm_mapping_simulate's own cap and timeout stay). A mapping the
 * pipeline's SimGrid pick already judged (rm_options.simulate_file under
 * the overlap model: t_step_judged set by rm_map) is not run again when o
 * asks for the same steps (0 or RM_SIMULATE_STEPS) and opt->columns;
 * required, a ring over the budget, which the pick left out, is run here.
 * `ringmap map` calls it
 * with required 0 by default, with required 1 under --simulate, and not at
 * all under --no-simulate.
 * Errors: RM_EINVAL (NULL net, m, opt or simgrid_path); outside the
 * policy, when required, rm_mapping_simulate's.
 * Thread safety: not thread-safe (fork, as rm_mapping_simulate).
 * Complexity: rm_mapping_simulate's, or O(1) when the policy does not apply
 * or the ring is over the budget.
 * Source: Legrand et al. 2004 eq. (1) (the step valued); SimGrid 3.32's
 * documentation, network/model CM02 (the sharing simulated); Velho, Legrand
 * 2009 (the flow model's accuracy).
 */
rm_status rm_mapping_judge(const rm_network *net, rm_mapping *m, const rm_options *opt,
                           const char *simgrid_path, const rm_simulate_options *o, int required,
                           rm_error *err);

#pragma GCC visibility pop
#ifdef __cplusplus
}
#endif

#endif /* RINGMAP_MAPPER_H */
