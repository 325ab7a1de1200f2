/*
 * res_bound.h — a third provable lower bound of T_step/D_w of every larger
 * ring SharedRing can still build: a resource that every fixed
 * route crosses (a SimGrid cluster's SHARED backbone, crossed by the route
 * of every host pair), where neither the cut bound (no bridge separates
 * hosts from it) nor the host bound (it is no host's own link) says much.
 * SimGrid's cluster_with_1000_hosts.xml grew its ring to ~600 hosts for a
 * best of 36.
 *
 * Proof (Legrand et al. 2004, eq. (1), with the notation of
 * heur/bounds/cut_bound.h's rm_host_bound, d = D_c/D_w, T = T_step/D_w):
 * 1. Every ring S has T >= (1 + d sum_S C_i/w_i) / sum_S 1/w_i.
 * 2. With fixed routing every route of every ring is the platform's route
 *    of its host pair. If resource r (not a backbone: its capacity c_r
 *    bounds the SUM of the shares crossing it) is on the route of every
 *    host pair that has one, the 2|S| routes of a ring of >= 3 hosts (each
 *    host's route to its successor and to its predecessor) all cross r, so
 *    their shares satisfy sum x <= c_r (a route crossing it twice counts
 *    twice: still <=), whatever the sharing (greedy, max-min, eq. (5): all
 *    feasible).
 * 3. C_i >= 1/x_succ,i + 1/x_pred,i (latency only adds; parallel send:
 *    max >= half the sum), so by Cauchy-Schwarz (sum a_k^2/x_k >= (sum
 *    a_k)^2 / sum x_k) with a_i = w_i^(-1/2) for both routes of host i:
 *        sum_S C_i/w_i >= (2 sum_S a_i)^2 / c_r      (half that: parallel)
 *    and T(S) >= (1 + kappa (sum_S a_i)^2) / sum_S a_i^2, kappa = 4d/c_r
 *    (2d/c_r with parallel send), taking the least c_r of such resources.
 * 4. Every larger ring S contains the current ring R and m >= 1 other
 *    hosts; over the m added hosts, sum_S a_i >= A_R + the m least a and
 *    sum_S a_i^2 <= B_R + the m largest a^2 of the hosts outside R. The
 *    least of these values over m = 1 .. (hosts outside R) bounds T(S) for
 *    every such S: growth may stop once it is >= the best T_step so far.
 *    Homogeneous hosts (w each): exactly min over m of w/(q+m) + kappa
 *    (q+m), the eq. (5) value with equal shares c_r/(2(q+m)).
 */
#ifndef RINGMAP_RING_RES_BOUND_H
#define RINGMAP_RING_RES_BOUND_H

#include "ringmap/heur.h"
#include "ringmap/topo.h"

typedef struct rm_res_bound {
    int active;          /* 0: no such resource (the value is 0) */
    int res;             /* the resource taken (least capacity), -1 if none */
    double kappa_per_d;  /* kappa / d: 4/c_r or 2/c_r (s/Mb) */
    int H;
    double *a;           /* H: w_i^(-1/2) */
    int *ord;            /* H: hosts by increasing a (ties: index) */
    unsigned char *in;   /* H: in the ring */
    int *host_of;        /* n_nodes: host index of a node, -1 for a router */
    double A_R, B_R;     /* sums of a and a^2 over the ring */
} rm_res_bound;

/** The cost models the bound is proven for (the proof above): step 1 is
 *  eq. (5)'s value as a lower bound (eq. (1) with alpha >= 0), step 3 the
 *  sum of the two route costs (>= 1/x each, latencies only adding) or, with
 *  parallel send (kappa halved), their max — Legrand et al. 2004 eq. (1),
 *  §2.4 — and the bound is positive only when D_c/D_w > 0:
 *  rmi_cost_model_eq1 and dc_dw > 0. 1 when valid, else 0 (the heuristic
 *  then does not use it). O(1).
 *  With the network model net (rm_network_model): the proof bounds
 *  T_step for every feasible sharing, and the fair model's max-min shares
 *  are feasible, so both models this version defines are valid
 *  (rmi_network_model_known, model/cost_valid.h). */
int rmi_res_bound_valid_for(const rm_cost_model *m, rm_network_model net);
/** Find the resources every fixed route crosses (only with
 *  opt->routing == RM_ROUTING_FIXED and fixed routes in the platform; else
 *  the bound is inactive). Errors: RM_ENOMEM. O(H^2 L) time (L: route
 *  length), O(N + H + R) memory. Not thread-safe on one rb. */
rm_status rmi_res_bound_init(rm_res_bound *rb, const rm_network *net, const rm_options *opt,
                            rm_error *err);
/** Forget the ring (none in it). O(H). */
void rmi_res_bound_reset(rm_res_bound *rb);
/** Host node v joins the ring. O(1). */
void rmi_res_bound_add(rm_res_bound *rb, int v);
/** A lower bound of T_step/D_w of every ring that holds the current ring
 *  and at least one other host (0 when inactive or no host is left), for a
 *  model rmi_res_bound_valid_for accepts (dc_dw > 0). O(H). */
double rmi_res_bound_value(const rm_res_bound *rb, double dc_dw);
/** Release. Safe on a zeroed or destroyed rb. */
void rmi_res_bound_destroy(rm_res_bound *rb);

#endif
