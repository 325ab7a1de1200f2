/*
 * ringmap/ring.h — the mapper's options, mappings (ring, routes, shares, alphas), their
 * costs and checks, and the heuristics SharedRing and SliceRing.
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
/* ring: T_step, heuristics, mappings                                        */
/* ------------------------------------------------------------------------ */

/** Which heuristic builds the ring. */
typedef enum rm_heuristic {
    RM_HEUR_SHARED = 0, /* SharedRing greedy, H2, Legrand et al. 2004 §4.4 */
    RM_HEUR_SLICE = 1,  /* SliceRing greedy, H1, Legrand et al. 2004 §5.2.2, then its make-feasible
                           step (rm_options.make_feasible) */
    RM_HEUR_SHARED_EXACT = 2, /* SharedRing exhaustive for fixed routing, <= 8 hosts
                                 (ring/exact.h, rmi_sharedring_exhaustive); RM_ELIMIT beyond */
    RM_HEUR_SLICE_EXACT = 3   /* SliceRing exact (proven optimum of eq. (2)), <= 12 hosts
                                 (ring/exact.h, rmi_slicering_exact); RM_ELIMIT beyond */
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

/** The final solver, run once on the ring the heuristic chose (its routes
 *  fixed): the real optimum of T_step over the shares (eq. (1) with
 *  alpha >= 0, the program of the TPDS 2004 paper §4.4.3). */
typedef enum rm_final_solver {
    RM_FINAL_NONE = 0,   /* keep the heuristic's shares */
    RM_FINAL_KINSOL = 1, /* SUNDIALS KINSOL on the KKT system with an active set */
    RM_FINAL_GLPK = 2    /* GLPK outer approximation (cutting planes) */
} rm_final_solver;

/** How routes are chosen. */
typedef enum rm_routing {
    RM_ROUTING_WIDEST = 0, /* widest paths on the (residual) network, Legrand et al. 2004 */
    RM_ROUTING_DIRECT = 1, /* only the direct link between two hosts: the widest single
                              arc joining them, no route if none (the complete-graph
                              instance of SliceRing taken as given; Theorem 1) */
    RM_ROUTING_FIXED = 2,  /* routes fixed by the platform file (SimGrid) */
    RM_ROUTING_AUTO = 3    /* the default: RM_ROUTING_FIXED when the platform fixes its
                              routes (rm_platform.fixed_route_start: a SimGrid file, whose
                              routes are what SimGrid/SMPI will use), else
                              RM_ROUTING_WIDEST; resolved by rm_routing_resolve when the
                              network is known. Appended in 1.1. */
} rm_routing;

/** Tie rule between equally wide routes (rm_options.route_ties; issue 15,
 *  beyond the paper). Every route keeps the widest-path width (the maximum
 *  bottleneck, seed 001 §4.4.2, unique); a rule only chooses which of the
 *  routes of that width is taken. Exact per route: the width W first, then
 *  a second search over the arcs of width >= W (a widest path on the rule's
 *  own value, then a least-cost path), so the lexicographic optimum is
 *  found although "widest, then shortest" is not isotone. Applies to widest
 *  routing (RM_ROUTING_WIDEST) only; direct and fixed routes have no ties. */
typedef enum rm_route_ties {
    RM_TIES_INDEX = 0,      /* the widest-path Dijkstra's own route (smallest node index
                               among equal widths, first arc reaching the width;
                               topo/widest.h): the default, the paper's results */
    RM_TIES_HOPS = 1,       /* fewest links; then as INDEX-like order (node index) */
    RM_TIES_LOAD = 2,       /* fewest routes already placed on its links (the ring's
                               routes routed before it, counted per resource: half
                               duplex counts both directions; backbones count none),
                               then fewest links */
    RM_TIES_BOTTLENECK2 = 3, /* largest second bottleneck (the narrowest of its links
                               wider than the width W; none: +inf), then fewest links */
    RM_TIES_SHARE = 4,      /* largest equal share min over its links of width / (routes
                               already on it + 1) (backbones: width), then as LOAD; a
                               ring's routes then get two rounds of re-routing, each
                               route against all the others */
    RM_TIES_BEST = 5        /* each of INDEX, HOPS, LOAD, SHARE for the whole ring, keeping
                               the lowest T_step (SliceRing: its make-feasible shares;
                               SharedRing: max-min); ties to the earlier: never worse
                               than INDEX */
} rm_route_ties;

/** The mapper's knobs (GLPK style: initialise with rm_options_init). */
typedef struct rm_options {
    /* the cost model (model.h): D_c/D_w (Mb/Mflop, default 0.0064), the
       absolute D_c (Mb, 0 = unset; the latency model needs it), the affine
       route cost D_c/b + sum of link latencies (Weissman 1995, SimGrid),
       parallel sends (max, not sum, in eq. (1); Legrand et al. 2004 §2.4).
       Before 1.1 these were the fields dc_dw, dc, latency, parallel_send:
       opt.dc_dw is now opt.cost.dc_dw (docs/library.md, "Migration") */
    rm_cost_model cost;
    rm_heuristic heuristic;  /* default RM_HEUR_SHARED */
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
       ring (ring/cut_bound.h) is >= the best T_step — same ring and T_step */
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
    /* --improve (issue 15, beyond the paper): 1 = after the heuristic, a
       local search on its ring (re-share, re-route an edge, swap, remove,
       replace, insert, move a host), accepting moves that lower T_step
       (shares by eq. (5) or max-min); never worse than the heuristic's ring.
       Default 0 (off). Appended in 1.1 (docs/library.md, ABI notes). */
    int improve;
    /* wall-time budget of the local search, s; 0 = none; default 10. The
       result is the same for the same input unless this budget stops the
       search (rm_mapping.improve_stop says so). */
    double improve_seconds;
    /* accepted moves at most (the deterministic stop); 0 = no limit;
       default 1000 */
    int improve_max_moves;
    /* SliceRing's near ties (issue 15, beyond the paper): 1 = a candidate
       (ring edge, host) whose multiset of (D_c/D_w * C, w) pairs is bit for
       bit that of an earlier candidate of the same step (scan order: ring
       edge, then host) is skipped: equal in real arithmetic, the first in
       scan order wins instead of the one whose rm_balance sums round lowest.
       Fast path and reference apply it alike. Default 0 (off: today's
       rings). Appended in 1.1. */
    int slice_ties;
    /* --stop-patience N (issue 15, a heuristic, not in the paper): the
       greedy heuristics (SharedRing, SliceRing) also stop growing the ring
       once N ring sizes in a row have not improved on the best T_step (its
       estimate for SliceRing) — faster where no provable bound stops the
       growth (Tiers-like platforms at small D_c/D_w, clusters), but the
       T_step curve is not always unimodal (seed 001 Figs 5-12), so it may
       miss a better larger ring (docs/scale.md, "Stopping bounds, session
       6"). 0 (default): off, the same mapping as --full-curve. Ignored with
       full_curve. */
    int stop_patience;
    /* tie rule between equally wide routes (rm_route_ties; issue 15,
       beyond the paper): SliceRing routes its ring's edges by it, one at a
       time in ring order (succ then pred of each position) on the full
       capacities; SharedRing re-routes its final ring's edges by it on the
       full capacities and keeps them only when T_step (max-min shares) is
       lower. Default RM_TIES_INDEX (today's routes, bit for bit). Recorded
       in the JSON params ("route_ties") when not the default. */
    rm_route_ties route_ties;
    /* reserved for fields of later 1.x releases, which take slots from it
       so that the size and the offsets above stay (docs/library.md, "ABI
       notes"); zeroed by rm_options_init */
    rm_reserved_slot reserved[16];
} rm_options;

/** Defaults as documented in rm_options. O(1).
 *  Thread safety: reentrant: no shared state, may be called from any number of
 *  threads at once. */
void rm_options_init(rm_options *opt);

/**
 * The routing the mapper runs for routing on net: RM_ROUTING_AUTO becomes
 * RM_ROUTING_FIXED when net's platform fixes its routes (fixed_route_start
 * not NULL: a SimGrid file, mapped on the routes SimGrid/SMPI will use) and
 * RM_ROUTING_WIDEST otherwise (widest paths, Legrand et al. 2004 §4.4.2);
 * any other value is returned as it is (RM_ROUTING_FIXED on a platform
 * without fixed routes stays FIXED, which the heuristics refuse with
 * RM_EINPUT). The one
 * place this policy is decided: rm_map, rm_map_network, rm_sharedring,
 * rm_slicering and the JSON writers call it, and so does the CLI. A NULL net
 * (or net->platform) resolves AUTO to RM_ROUTING_WIDEST. O(1).
 * Thread safety: reentrant (net only read).
 */
rm_routing rm_routing_resolve(const rm_network *net, rm_routing routing);

/** Check an options struct: the cost model by rm_cost_model_check (its
 *  messages), enums in range
 *  (make_feasible MAXMIN or EQ5), max_q >= 0, threads >= 0, share_tol and
 *  final_tol finite and in [0, 0.1], the final_limits fields >= 0.
 *  RM_EINPUT naming the option. O(1).
 *  Thread safety: reentrant: no shared state, may be called from any number of
 *  threads at once. */
rm_status rm_options_check(const rm_options *opt, rm_error *err);

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
} rm_mapping;

/** rm_mapping.improve_stop: why the local search of --improve stopped. */
typedef enum rm_improve_stop {
    RM_IMPROVE_NOT_RUN = 0,
    RM_IMPROVE_STOP_LOCAL = 1,  /* no move lowers T_step: a local optimum */
    RM_IMPROVE_STOP_MOVES = 2,  /* rm_options.improve_max_moves moves accepted */
    RM_IMPROVE_STOP_BUDGET = 3  /* rm_options.improve_seconds of wall time passed: the
                                   result may depend on the machine's speed */
} rm_improve_stop;

/** Allocate a mapping of ring size q with empty routes and n_sweep sweep
 *  entries (NAN). NULL on allocation failure. O(q + n_sweep).
 *  Thread safety: reentrant. */
rm_mapping *rm_mapping_new(int q, int n_sweep);

/** Free a mapping and its routes (NULL is fine).
 *  Thread safety: not while another thread uses m. */
void rm_mapping_free(rm_mapping *m);

/** C[k] = rm_host_cost of position k's two routes under the mapping's cost
 *  model (0 for q == 1), s/Mb, written to C (q entries); then
 *  T_step/D_w = rm_balance(q, w, C, m->cost.dc_dw). O(q + L) (latencies).
 *  Thread safety: reentrant: net and m are only read. */
void rm_mapping_costs(const rm_network *net, const rm_mapping *m, double *C);

/**
 * Recompute alphas and t_step_per_dw of m from its routes' bandwidths with
 * rm_balance. O(q log q).
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
 *    (the ring is balanced).
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

/** Free the arrays of an instance built by rm_ring_instance_of_mapping
 *  (ri zeroed; NULL or a zeroed ri is fine). O(1). */
void rm_ring_instance_free(rm_ring_instance *ri);

#pragma GCC visibility pop
#ifdef __cplusplus
}
#endif

#endif /* RINGMAP_RING_H */
