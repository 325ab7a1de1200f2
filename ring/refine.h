/*
 * refine.h — the real optimum of the shares of a fixed ring (--final-solver):
 * KINSOL and GLPK solvers of solvers.h applied to a mapping, and the
 * mapper entry point that runs a heuristic then refines its ring.
 */
#ifndef RINGMAP_REFINE_H
#define RINGMAP_REFINE_H

#include "ringmap/ring.h"
#include "solvers/solvers.h"

/** The five share methods compared on one ring (rmi_mapping_refinements, the
 *  CLI's --all-shares and `compare`): the heuristic's own shares, max-min,
 *  eq. (5)'s surrogate optimum, and the real optimum of T_step by KINSOL and
 *  by GLPK. Internal: the public options are rm_sharing and rm_final_solver. */
typedef enum rm_refine {
    RM_REFINE_NONE = 0,
    RM_REFINE_MAXMIN = 1,
    RM_REFINE_OPTIMAL = 2, /* eq. (5)'s surrogate optimum (RM_SHARING_EQ5) */
    RM_REFINE_KINSOL = 3,
    RM_REFINE_GLPK = 4
} rm_refine;

/**
 * Give the routes of m the bandwidths that minimise T_step of its ring
 * with its routes (the real program of solvers.h: alphas >= 0, the
 * mapping's cost model), computed by rm_tstep_kinsol (which =
 * RM_FINAL_KINSOL) or rm_tstep_glpk (RM_FINAL_GLPK) to relative tolerance
 * tol (0: the solver's default, below); then
 * rm_mapping_rebalance, and check the result with rm_mapping_check
 * (tolerance 1e-9). m->final_solver records which. The new T_step is <= that of
 * any feasible shares of the same ring and routes (the greedy's own,
 * max-min's, eq. (5)-optimal's), up to the solver's tolerance (KINSOL:
 * 1e-10; GLPK: a relative gap of 1e-9).
 * info (may be NULL) receives what the solver did.
 * On any error m is left unchanged. Errors: RM_EINPUT (which is not KINSOL
 * or GLPK), RM_ESOLVER (the solver's own status in the message),
 * RM_EINTERNAL (the refined mapping fails the invariant check), RM_ENOMEM.
 * Complexity: that of the solver. Source: Legrand et al. 2004 §4.4.3, eqs. (1), (5).
 */
rm_status rmi_mapping_refine_solver(const rm_network *net, rm_mapping *m, rm_final_solver which,
                                   double tol, rm_solver_info *info, rm_error *err);

/** rmi_mapping_refine_solver with the solver's iteration limits lim
 *  (rm_options.final_limits; NULL or zero fields = the solver's own). Same
 *  results with the own limits, same errors (RM_ESOLVER when a limit is
 *  reached before tol), complexity and thread safety. */
rm_status rmi_mapping_refine_solver_lim(const rm_network *net, rm_mapping *m,
                                        rm_final_solver which, double tol,
                                        const rm_solver_limits *lim, rm_solver_info *info,
                                        rm_error *err);

/**
 * The final solver as a step of the mapper, never worse: on a copy of m,
 * rmi_mapping_refine_solver_lim(which, tol, lim); its shares and alphas
 * replace m's only when its T_step/D_w is strictly below m's (the shares
 * it started from) and the result passes rm_mapping_check (tolerance 1e-9,
 * inside rmi_mapping_refine_solver_lim). Otherwise m's ring, routes,
 * shares, alphas and T_step stay bit for bit. Either way m records it:
 * m->final_solver = which, m->final_outcome (rm_final_outcome: improved,
 * no_gain, failed), m->final_t_start = the starting T_step/D_w,
 * m->final_message (the solver's message on failure; its T_step, status and
 * gap when it gained nothing), m->final_gap / final_converged (improved:
 * the solver's; no gain: the starting shares' certified gap when the
 * solver's point is certified, else NAN and 0; failed: NAN and 0).
 * which = RM_FINAL_NONE: nothing is done (outcome not_run, message "").
 * Returns RM_OK whatever the solver did, except: RM_EINPUT (which is not a
 * final solver), RM_ENOMEM (m unchanged). Thread safety: writes m only; net
 * is read. Complexity: that of the solver, plus O(q + route lengths) for
 * the copy. Source: Legrand et al. 2004 §4.4.3, eqs. (1), (5); keeping
 * the better of the two is beyond the paper.
 */
rm_status rmi_mapping_final_solver(const rm_network *net, rm_mapping *m, rm_final_solver which,
                                   double tol, const rm_solver_limits *lim, rm_error *err);

/* rm_map_network, the mapper's entry: include/ringmap/mapper.h (mapper/map.c). */

/** Number of share methods compared by rmi_mapping_refinements
 *  (RM_REFINE_NONE .. RM_REFINE_GLPK). */
#define RM_N_REFINE 5

/* Deep copy of a mapping's ring, alphas, routes (q > 1), cost and network model, T_step
 * and final-solver record (outcome included); no sweep. NULL when out of memory. O(q + route
 * lengths). Reentrant: reads m only. Used by the final solvers' comparison
 * and by --improve. */
rm_mapping *rmi_mapping_copy(const rm_mapping *m);

/**
 * The fair model's rule for a search result against a tie-won ring (beyond
 * the paper; docs/model.md, "The dragonfly tie"): the T_step/D_w a ring
 * must go below to replace m, the ring handed on after a tie with `tied`.
 * When both are valued under RM_NETWORK_FAIR (additive cost model, q >= 2),
 * their T_step/D_w are equal within 1e-12 (relative), m won the tie by its
 * lower balance root T* (rm_mapping_better_on) and m is communication-bound
 * (T* < T_step/D_w: its T_step is the static max-min time of its slowest
 * route, which a run under max-min sharing, SimGrid's CM02, beats: it runs
 * near T*), returns m's T* (s/Mflop); otherwise (other network model,
 * overlap, no tie, tied NULL) m->t_step_per_dw. Legrand et al. 2004 eq. (1)
 * with alpha >= 0 gives T*. No errors (an allocation failure gives
 * m->t_step_per_dw). O(q) time and memory. Reentrant (reads only).
 */
double rmi_mapping_bar(const rm_network *net, const rm_mapping *m, const rm_mapping *tied);

/**
 * 1 when c replaces the incumbent inc whose bar is `bar`
 * (rmi_mapping_bar(net, inc, tied), or inc->t_step_per_dw): below a bar
 * lower than inc's T_step (a tie-won, communication-bound ring),
 * c->t_step_per_dw < bar; otherwise rm_mapping_better_on(net, inc, c) (a
 * NULL inc is replaced by any c). 0 when c is NULL. The rule of the default
 * pipeline's final choice among the searched seeds (mapper/map.c) and of
 * the local search's first move (rmi_mapping_improve_from). O(q) on a tie,
 * O(1) otherwise. Reentrant.
 */
int rmi_mapping_replaces(const rm_network *net, const rm_mapping *inc, double bar,
                         const rm_mapping *c);

/**
 * The five share methods on the same ring and routes (Legrand et al. 2004 Figs 13-14,
 * with the real optimum): t[r] (RM_N_REFINE entries, indexed by rm_refine)
 * = T_step/D_w with the mapping's own shares (NONE), max-min fair shares
 * (rm_mapping_refine_maxmin), eq. (5)-optimal shares
 * (rm_mapping_refine_optimal), and the real optimum by KINSOL and by GLPK
 * (rmi_mapping_refine_solver); NAN where a method failed, its status in
 * st[r] (st may be NULL). m is not changed. If best is not NULL it
 * receives, never worse than m: the KINSOL-refined copy when its T_step is
 * below m's, else the GLPK one when below, else a copy of m with the
 * outcome recorded (final_outcome failed or no_gain, final_message); to
 * be freed by the caller.
 * Errors: RM_ENOMEM only (a failing method gives NAN). Complexity: the
 * sum of the five.
 */
rm_status rmi_mapping_refinements(const rm_network *net, const rm_mapping *m, double *t,
                                 rm_status *st, rm_mapping **best, rm_error *err);

#endif
