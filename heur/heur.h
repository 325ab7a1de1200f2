/* heur/heur.h — the ring being grown by the greedy heuristics and the
   heuristics' internal entry points (not public). */
#ifndef RINGMAP_HEUR_HEUR_H
#define RINGMAP_HEUR_HEUR_H

#include "ringmap/heur.h"
#include "heur/options.h"
#include "topo/route/routing.h"

/** A ring being grown: positions, routes (owned), per-position cost
 *  C = c_pred + c_succ (s/Mb) and cycle-time w. Capacity max_q. */
typedef struct rm_ring_state {
    int q, max_q;
    rm_cost_model cost; /* the cost model (rm_route_cost, rm_host_cost) */
    int *ring;
    double *w, *C;
    rm_route *succ, *pred;
} rm_ring_state;

/** An empty ring of capacity max_q with the cost model of opt (opt->cost). RM_ENOMEM. O(max_q). Source: Legrand et al. 2004 §4.4.1. */
rm_status rmi_ring_state_init(rm_ring_state *s, int max_q, const rm_options *opt, rm_error *err);
/** Free the ring's arrays and routes. O(max_q + L). */
void rmi_ring_state_destroy(rm_ring_state *s);
/** Recompute C from the routes' bandwidths (and latencies). O(q + L). */
void rmi_ring_state_costs(const rm_network *net, rm_ring_state *s);
/** Cost (s/Mb) of one route of the state under its cost model. O(len). */
double rmi_ring_state_route_cost(const rm_network *net, const rm_ring_state *s, const rm_route *r,
                                double bandwidth);
/** Deep-copy the state into a new mapping (alphas and T_step by rm_balance). */
rm_status rmi_ring_state_to_mapping(const rm_network *net, const rm_ring_state *s, double dc_dw,
                                   rm_mapping **out, rm_error *err);
/** Insert node v with cycle-time w at position pos (shifting the rest);
 *  its routes are left empty. Capacity must allow it. O(q). */
void rmi_ring_state_insert(rm_ring_state *s, int pos, int v, double w);
/** Deep copy src into dst (same max_q). RM_ENOMEM. O(q + L). */
rm_status rmi_ring_state_copy(rm_ring_state *dst, const rm_ring_state *src, rm_error *err);
/** Index of the fastest host (smallest w, ties: lowest index). */
int rmi_fastest_host(const rm_platform *p);



/** Run the heuristic opt->heuristic on a built network: the run function
 *  of its row in the mapper's heuristic table (mapper/heuristics.c:
 *  rm_sharedring, rm_slicering, rmi_sharedring_exhaustive,
 *  rmi_slicering_exact); the mapping's heuristic field is set to
 *  opt->heuristic. Checks net, opt and out once
 *  (rmi_heuristic_args_check), then runs the unchecked internals. Errors as
 *  the heuristic (RM_ELIMIT beyond the exact solvers' limits). */
rm_status rmi_run_heuristic(const rm_network *net, const rm_options *opt, rm_mapping **out,
                           rm_error *err);

/** SharedRing and SliceRing on arguments ALREADY checked: net usable
 *  (rmi_network_args_check, or built by rm_network_init), opt valid
 *  (rm_options_check), out not NULL. The public rm_sharedring /
 *  rm_slicering check once, then call these; the mapper (mapper/map.c)
 *  calls them after its own single check. Same results, errors (but
 *  RM_EINVAL / RM_EINPUT of the checks), complexity and thread safety as
 *  rm_sharedring / rm_slicering (include/ringmap/heur.h). */
rm_status rmi_sharedring(const rm_network *net, const rm_options *opt, rm_mapping **out,
                         rm_error *err);
rm_status rmi_slicering(const rm_network *net, const rm_options *opt, rm_mapping **out,
                        rm_error *err);

/** The pre-issue-6 code paths, kept to check that the fast ones return the
 *  same ring and T_step (tests/test_speed.c, bench_speed --reference):
 *  SharedRing computing every ring edge's four widest-path trees at every
 *  step; SliceRing with rm_balance for every candidate, one start (the
 *  fastest host, as Legrand et al. 2004 §5.2.2) and a feasible mapping for every ring
 *  size. Same contracts and errors as rm_sharedring / rm_slicering. */
rm_status rmi_sharedring_reference(const rm_network *net, const rm_options *opt, rm_mapping **out,
                                  rm_error *err);
rm_status rmi_slicering_reference(const rm_network *net, const rm_options *opt, rm_mapping **out,
                                 rm_error *err);

/** Flags of rmi_slicering_mode. rm_slicering uses all three; the reference
 *  (rmi_slicering_reference) none. */
enum {
    RM_SLICE_FAST = 1,       /* O(1) candidate values, exact re-evaluation of near ties:
                                same rings as the reference */
    RM_SLICE_PAIR_START = 2, /* second greedy start from the best pair (improvement over
                                Legrand et al. 2004 §5.2.2): may change the ring, never for the worse
                                by SliceRing's own estimate */
    RM_SLICE_LAZY_SWEEP = 4  /* beyond 100 hosts, only the chosen ring size is made feasible */
};
/** The cost models SliceRing's fast scan (RM_SLICE_FAST: the O(1) value
 *  max(T5, D) of every candidate, equal to rm_balance per heur/exact.h, with
 *  the exact re-evaluation of near ties, and the classes of interchangeable
 *  hosts — bitwise equal w and route costs give bitwise equal values) is
 *  proven for: eq. (1) of Legrand et al. 2004 with the sum or, with
 *  parallel send (§2.4), the max of the route costs, latency on or off (the
 *  costs include it), any D_c/D_w: rmi_cost_model_eq1 (model/cost_valid.h).
 *  1 when valid, else 0: the scan then evaluates every candidate by
 *  rm_balance, as rmi_slicering_reference. O(1). */
int rmi_slice_fast_valid_for(const rm_cost_model *m);

/** The cost models the fast scan's candidate pruning (slice_prune in
 *  heur/slicering.c) is proven for: its bound writes a candidate's eq. (5)
 *  sum with C = c_succ + c_pred (the sum, not the max: no parallel send) and
 *  divides by D_c/D_w (0 < D_c/D_w < inf): rmi_cost_model_eq1, parallel_send
 *  off, 0 < dc_dw < inf. Else the fast scan takes every candidate. O(1). */
int rmi_slice_prune_valid_for(const rm_cost_model *m);

/** The cost models the second greedy start (RM_SLICE_PAIR_START: the best
 *  pair by SliceRing's estimate, never worse than the fastest-host start by
 *  that estimate) is proven for: the estimate is rm_balance under eq. (1)
 *  (sum or max, latency in the costs): rmi_cost_model_eq1. Else one start,
 *  the fastest host (Legrand et al. 2004 §5.2.2), as the reference. O(1). */
int rmi_slice_pair_start_valid_for(const rm_cost_model *m);

/** SliceRing with a choice of the issue-6 changes (flags above), on
 *  arguments already checked (as rmi_slicering). Same results and errors
 *  as rm_slicering. A flag whose valid_for (above) refuses opt->cost is
 *  dropped: the run falls back to the reference's evaluation for it. (The
 *  two reference entries above check their arguments and options once, as
 *  rm_slicering.) */
rm_status rmi_slicering_mode(const rm_network *net, const rm_options *opt, int flags,
                            rm_mapping **out, rm_error *err);
/* RM_OK when tables of bytes bytes over the pairs of H hosts fit in the
 * machine's physical memory; else RM_ELIMIT naming what (the step that needs
 * them), H, the size and the memory (heur/memory.c). O(1), reentrant. */
rm_status rmi_pair_tables_fit(const char *what, int H, double bytes, rm_error *err);

#endif
