/*
 * ringmap/heur.h — the heuristics SharedRing and SliceRing (Legrand et al.
 * 2004 §4.4, §5.2.2) and their options (rm_options).
 *
 * Part of the public C API of libringmap (include <ringmap.h> for all of it).
 * Conventions, indices and units: see ringmap.h.
 */
#ifndef RINGMAP_HEUR_H
#define RINGMAP_HEUR_H

#include "ringmap/ring.h"

#ifdef __cplusplus
extern "C" {
#endif
#pragma GCC visibility push(default)

/** The mapper's knobs (GLPK style: initialise with rm_options_init). */
typedef struct rm_options {
    /* the cost model (model.h): D_c/D_w (Mb/Mflop, default 0.0064), the
       absolute D_c (Mb, 0 = unset; the latency model needs it), the affine
       route cost D_c/b + sum of link latencies (Weissman 1995, SimGrid),
       parallel sends (max, not sum, in eq. (1); Legrand et al. 2004 §2.4).
       Before 1.1 these were the fields dc_dw, dc, latency, parallel_send:
       opt.dc_dw is now opt.cost.dc_dw (docs/library.md, "Migration") */
    rm_cost_model cost;
    rm_heuristic heuristic;  /* default RM_HEUR_BOTH since 1.2 (rm_options_init_paper:
                                RM_HEUR_SHARED, the 1.1 default) */
    /* sharing policy during SharedRing (and its sweep): default
       RM_SHARING_GREEDY; ignored by SliceRing, whose model has no sharing, and
       by the exhaustive SharedRing, which always uses RM_SHARING_EQ5 */
    rm_sharing sharing;
    /* SliceRing's make-feasible step: the ring it chose on its complete-graph
       model gets feasible rates on the real, shared network by this policy:
       RM_SHARING_MAXMIN (default) or RM_SHARING_EQ5 (RM_SHARING_GREEDY is
       refused: SliceRing has no greedy shares); ignored by SharedRing */
    rm_sharing make_feasible;
    /* final solver on the chosen ring; default RM_FINAL_NONE */
    rm_final_solver final_solver;
    rm_duplex duplex;        /* default RM_DUPLEX_HALF */
    int max_q;               /* largest ring size tried; 0 = all hosts */
    /* default RM_ROUTING_AUTO (the platform's fixed routes if it has
       them, else widest paths: rm_routing_resolve); every entry point
       resolves it on its network, and the JSON records the resolved one */
    rm_routing routing;
    /* Optional progress report of the greedy heuristics, called after each
       ring size is built: progress(progress_ctx, q, max_q, best T_step/D_w so
       far). NULL (default): none. It must not call back into the mapper. */
    void (*progress)(void *progress_ctx, int q, int max_q, double t_best);
    void *progress_ctx;
    /* 1: grow the greedy rings up to max_q even when no larger ring can beat
       the best one (every sweep_t entry filled, the full "bath tub" curve);
       0 (default): stop once a provable lower bound of T_step of every larger
       ring (heur/bounds/cut_bound.h) is >= the best T_step — same ring and T_step */
    int full_curve;
    /* threads of the heuristics' scans (SharedRing's ring-edge scan on a
       persistent pool); 0 (default) = all online cores; the result is the
       same for any count */
    int threads;
    /* relative KKT tolerance of the eq. (5) sharing after each insertion of
       SharedRing (sharing RM_SHARING_EQ5); default 1e-10. (SliceRing's
       make-feasible step and rm_mapping_refine_optimal use 1e-12.) */
    double share_tol;
    /* relative tolerance of the final solver: KINSOL's KKT residual, GLPK's
       gap between its bounds; 0 (default) = the solver's own (KINSOL 1e-12
       aimed, 1e-10 reached; GLPK 1e-9) */
    double final_tol;
    /* iteration limits of the final solver (rm_solver_limits, bw.h): KINSOL's
       Newton iterations per solve and active-set changes per stage, GLPK's
       cutting-plane LPs; 0 in a field (default) = the solver's own limit.
       Recorded in the JSON params ("final_limits") when one is set. */
    rm_solver_limits final_limits;
    /* --improve (beyond the paper, docs/improve.md): 1 = after the heuristic, a
       local search on its ring (re-share, re-route an edge, swap, remove,
       replace, insert, move a host), accepting moves that lower T_step
       (shares by eq. (5) or max-min); never worse than the heuristic's ring.
       Default 1 (on) since 1.2 (rm_options_init_paper: 0, the 1.1 default).
       Appended in 1.1 (docs/library.md, ABI notes). */
    int improve;
    /* wall-time cap of the local search, s; 0 = none (default since 1.2;
       10 before). The result is the same for the same input unless this
       cap stops the search (rm_mapping.improve_stop says so); its
       deterministic budget is improve_max_evals. */
    double improve_seconds;
    /* accepted moves at most (the deterministic stop); 0 = no limit;
       default 1000 */
    int improve_max_moves;
    /* SliceRing's near ties (beyond the paper): 1 = a candidate
       (ring edge, host) whose multiset of (D_c/D_w * C, w) pairs is bit for
       bit that of an earlier candidate of the same step (scan order: ring
       edge, then host) is skipped: equal in real arithmetic, the first in
       scan order wins instead of the one whose rm_balance sums round lowest.
       Fast path and reference apply it alike. Default 1 since 1.2
       (rm_options_init_paper: 0, the 1.1 rings). Appended in 1.1. */
    int slice_ties;
    /* --stop-patience N (a heuristic, not in the paper): the
       greedy heuristics (SharedRing, SliceRing) also stop growing the ring
       once N ring sizes in a row have not improved on the best T_step (its
       estimate for SliceRing) — faster where no provable bound stops the
       growth (Tiers-like platforms at small D_c/D_w, clusters), but the
       T_step curve is not always unimodal (Legrand et al. 2004 Figs 5-12), so it may
       miss a better larger ring (docs/scale.md, "Stopping bounds"). 0
       (default): off, the same mapping as --full-curve. Ignored with
       full_curve. */
    int stop_patience;
    /* tie rule between equally wide routes (rm_route_ties; beyond the
       paper, docs/route-ties.md): SliceRing routes its ring's edges by it, one at a
       time in ring order (succ then pred of each position) on the full
       capacities; SharedRing re-routes its final ring's edges by it on the
       full capacities and keeps them only when T_step (max-min shares) is
       lower. Default RM_TIES_INDEX (today's routes, bit for bit). Recorded
       in the JSON params ("route_ties") when not the default. */
    rm_route_ties route_ties;
    /* reserved for fields of later 1.x releases, which take slots from it
       so that the size and the offsets above stay (docs/library.md, "ABI
       notes"); zeroed by rm_options_init */
    union {
        rm_reserved_slot reserved[16];
        struct { /* 1.2 */
            /* the network model (rm_network_model, ring.h): how a link shared
               by routes of the ring splits its bandwidth, and so how every
               T_step is valued. rm_options_init: RM_NETWORK_FAIR (max-min
               shares, no reservation; final solvers and --make-feasible eq5
               refused); rm_options_init_paper: RM_NETWORK_RESERVED. Zero (a
               struct from {0}): RM_NETWORK_RESERVED, the 1.1 behaviour. */
            rm_network_model network;
            /* the local search's deterministic budget: at most this many
               candidate evaluations (a candidate ring built and valued,
               by its estimate or by its shares); 0 = no limit (the 1.1
               behaviour); RM_IMPROVE_EVALS_AUTO (< 0, rm_options_init's
               default) = scaled with the platform (rm_improve_evals_auto)
               so that the same input gives the same mapping on any
               machine; rm_mapping.improve_stop says when it stopped the
               search */
            long long improve_max_evals;
            /* optional progress report of the local search, called after
               each accepted move: search_progress(progress_ctx, moves,
               evaluations so far, T_step/D_w now). NULL (default): none.
               It must not call back into the mapper */
            void (*search_progress)(void *progress_ctx, int moves, long long evaluations,
                                    double t_now);
        };
        struct { /* 1.5 */
            rm_reserved_slot taken_1_2[3]; /* the slots 1.2 took */
            /* the step's columns when the run's are known (iterapp's
               --total-cols; the stencil's N columns of D_w / N Mflop each,
               at least one per ring position): a search result replaces
               the ring before it only when its T_step with whole columns
               (rm_mapping_units with min_units 1, rm_mapping_units_tstep)
               is not higher either (beyond the paper; docs/improve.md,
               "Whole columns"); and, when every route of the final ring
               has one latency, its printed prediction
               (t_step_per_dw_dynamic) is the run's pace over many steps
               with these whole columns (docs/model.md, "With the run's
               columns, over many steps"). 0 (default, and a struct from
               {0}): not known, T_step with rational alphas only (the 1.4
               behaviour) */
            long long columns;
        };
        struct { /* 1.7 */
            rm_reserved_slot taken_1_5[4]; /* the slots 1.2 and 1.5 took */
            /* the SimGrid platform file the platform was read from, for
               SimGrid's run of the default pipeline's final candidates under
               the overlap model (mapper/sim_pick.c; docs/model.md, "SimGrid's
               run of the final candidates"): where rm_mapping_judge's policy
               applies (the fair network model, the latency model on, a
               SimGrid file not calibrated) and the options map under the
               overlap model with the default pipeline, up to
               RM_SIM_PICK_MAX candidates are simulated (rm_mapping_simulate,
               RM_SIMULATE_STEPS steps, columns as above; a candidate of
               more than RM_SIMULATE_BUDGET positions x steps is not run), the fastest is
               handed on (ties: the fluid check's choice) and its printed
               prediction is SimGrid's pace (rm_mapping.t_step_judged).
               Read only, not kept past rm_map. NULL (default, and a struct
               from {0}): no simulation, the 1.6 behaviour */
            const char *simulate_file;
        };
    };
} rm_options;

/** rm_options.improve_max_evals: the budget scaled with the platform
 *  (rm_improve_evals_auto). */
#define RM_IMPROVE_EVALS_AUTO (-1LL)

/** The local search's evaluation budget (what RM_IMPROVE_EVALS_AUTO stands
 *  for) on a platform of n_hosts hosts, n_nodes nodes and n_arcs arcs,
 *  starting from a ring of q hosts: the work allowed, 4e4 H + 250 H^2,
 *  divided by the work of one candidate, N + E + 40 q (its widest paths, its
 *  routes and balance), within [1,000, 200,000] evaluations
 *  (heur/improve.c, docs/improve.md: fitted so that the search costs about
 *  the heuristic's CPU time on the shipped platforms and stays within 3 s
 *  on the 1,000-host platforms of bench_scale). RM_IMPROVE_EVALS_AUTO on
 *  routes fixed by the file (RM_ROUTING_FIXED) passes N = H + 2F and
 *  E = 6F for the F links of the file its routes cross, not the reader's
 *  connection links or hub node (the same budget from the all-pairs table
 *  and the route pieces; docs/improve.md). Beyond the paper. O(1).
 *  Thread safety: reentrant. */
long long rm_improve_evals_auto(int n_hosts, int n_nodes, int n_arcs, int q);

/** Defaults as documented in rm_options: since 1.2 the network model is
 *  RM_NETWORK_FAIR (every link shared max-min fairly, as TCP and SimGrid
 *  share it) and the mapper's pipeline runs both heuristics
 *  (RM_HEUR_BOTH, SliceRing with slice_ties), hands on the better ring and
 *  runs the local search on it (improve = 1, a budget in evaluations);
 *  rm_options_init_paper: the 1.1 defaults, the paper's setup. O(1).
 *  Thread safety: reentrant: no shared state, may be called from any number of
 *  threads at once. */
void rm_options_init(rm_options *opt);

/** The setup of the TPDS 2004 paper (Legrand et al. 2004 §4.4, §5.2.2,
 *  Tables 3-4), to reproduce its numbers: rm_options_init's defaults with
 *  the network model RM_NETWORK_RESERVED (the shares are the mapper's),
 *  SharedRing with the greedy's sharing, no local search, no final solver —
 *  the 1.1 defaults, bit for bit. Added in 1.2. O(1).
 *  Thread safety: reentrant: no shared state. */
void rm_options_init_paper(rm_options *opt);

/** Check an options struct: the cost model by rm_cost_model_check (its
 *  messages), enums in range
 *  (make_feasible MAXMIN or EQ5), max_q >= 0, threads >= 0, share_tol and
 *  final_tol finite and in [0, 0.1], the final_limits fields >= 0; under
 *  the fair network model (network RM_NETWORK_FAIR) a final solver other
 *  than none, and make_feasible EQ5 for a heuristic that makes its ring
 *  feasible (SliceRing, exact SliceRing), are refused: they are reserved
 *  shares (the message names the option and --network reserved).
 *  RM_EINPUT naming the option. O(1).
 *  Thread safety: reentrant: no shared state, may be called from any number of
 *  threads at once. */
rm_status rm_options_check(const rm_options *opt, rm_error *err);

/**
 * SharedRing greedy (H2), Legrand et al. 2004 §4.4.1–4.4.2: start from the best pair;
 * for each candidate insertion of host k between ring neighbours i -> j,
 * give back the bandwidth of the two routes between i and j, compute the
 * four widest routes i->k, k->i, k->j, j->k on the residual network, share
 * the links they have in common optimally for eq. (5) (rm_share_optimal),
 * and evaluate T_step by rm_balance; keep the best insertion, peel its
 * bandwidth off the residual network; grow to max_q; return the best size.
 * Valued under opt->cost (rm_cost_model). Its fast path (O(1) evaluation,
 * pruning by lower bounds, symmetry classes, incremental scan) and the
 * provable stopping bounds of the growth are used only where each is
 * proven for opt->cost, else the reference evaluation: the same ring and
 * T_step (docs/library.md, "Which shortcut holds for which model").
 * Errors: RM_EINPUT (options), RM_EINVAL (NULL net, options or out; a
 * platform not finalized or changed after rm_network_init), RM_ENOMEM,
 * RM_EINTERNAL.
 * Complexity: O(p^3 (E log N + S)) with S the cost of one 4-route sharing.
 * Thread safety: as rm_map_network; SharedRing may scan candidate insertions
 * on a second POSIX thread of its own.
 */
rm_status rm_sharedring(const rm_network *net, const rm_options *opt, rm_mapping **out,
                        rm_error *err);

/**
 * SliceRing greedy (H1), Legrand et al. 2004 §5.2.2: complete graph of widest-path
 * bandwidths (rm_capacity_matrix); start from the fastest host; insert the
 * (host, position) of least T_step (eq. (5) via rm_balance, no sharing);
 * grow to max_q; keep the best size by that estimate. The chosen ring keeps
 * its widest-path routes, which then get feasible shares on the real shared
 * network by its make-feasible step (opt->make_feasible: max-min or eq. (5);
 * t_step_per_dw), the estimate being kept in
 * t_step_per_dw_unshared. Also a second start from the best pair; its fast
 * scan, pruning, pair start and stopping bounds only where each is proven
 * for opt->cost (as rm_sharedring). Errors as rm_sharedring. Complexity
 * O(p^3 + H E log N).
 * Thread safety: as rm_map_network.
 */
rm_status rm_slicering(const rm_network *net, const rm_options *opt, rm_mapping **out,
                       rm_error *err);

#pragma GCC visibility pop
#ifdef __cplusplus
}
#endif
#endif
