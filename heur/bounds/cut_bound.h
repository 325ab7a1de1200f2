/*
 * cut_bound.h — a provable lower bound of T_step/D_w for every ring that
 * contains a given set of hosts, from the platform's bridges (to stop the
 * ring growth once it cannot pay; beyond the paper, which grows the ring to
 * every host).
 *
 * A bridge is a link whose removal disconnects the platform. If a ring has
 * hosts on both sides of bridge l, it crosses l with at least two ring edges
 * (a cycle crosses a cut an even number of times), each with one route in
 * each direction: at least 4 routes cross l. Their shares fit in l's
 * capacity c_l (half duplex: one resource for both directions; full duplex:
 * the 2 routes of each direction in c_l), so one of them has a share <= c_l/4
 * (full duplex c_l/2), its owner's cost C_i >= 1/share (a route's cost is
 * 1/bandwidth plus a latency >= 0; C_i is the sum or, with parallel send, the
 * max of its two route costs), and T_step/D_w >= D_c/D_w * max_i C_i
 * (rm_balance, eq. (5) with alpha >= 0). Hence
 *     T_step/D_w >= D_c/D_w * m / c_l,   m = 4 (half duplex) or 2 (full),
 * for EVERY feasible sharing — the greedy's, max-min's, eq. (5)'s optimum —
 * of every ring and every routing that contains hosts on both sides. Without
 * sharing (SliceRing's estimate on the complete graph of widest paths) the
 * crossing route's width is at most c_l: m = 1. Backbone links (no sharing,
 * §2.4) give no bound. On a directed platform (SimGrid SPLITDUPLEX: one
 * link per direction) the links between a node pair are merged into one
 * edge with the capacity of each direction summed; a bridge of that graph
 * is crossed by >= 2 routes in each direction, so c_l = the smaller
 * direction's capacity and m = 2 (as in full duplex; 1 for widths). As rings only grow in both
 * greedy heuristics, the bound of the current ring holds for every larger
 * ring they can still build: once it is >= the best T_step found, growing
 * further cannot change the answer (same ring, same T_step).
 */
#ifndef RM_RING_CUT_BOUND_H
#define RM_RING_CUT_BOUND_H

#include "ringmap/heur.h"

typedef struct rm_cut_bound {
    int n_nodes;
    int n_bridges;
    int *parent;       /* n_nodes: DFS parent node, -1 at a root */
    int *bridge_of;    /* n_nodes: bridge index of the link to the parent, -1 if none */
    double *inv_cap;   /* n_bridges: m / c_l (Mb/s)^-1 */
    int *count;        /* n_bridges: hosts of the set below the bridge (child side) */
    int n_set;         /* hosts in the set */
    double value;      /* max inv_cap over the bridges that separate the set */
} rm_cut_bound;

/**
 * The cost models the cut bound is proven for (the proof above): it needs
 * T_step/D_w >= D_c/D_w max_i C_i (rm_balance, alpha >= 0) and C_i >= 1/x for
 * each of host i's route shares x (a route cost is 1/x plus a latency term
 * >= 0; C_i the sum or, with parallel send, the max of the two) — eq. (1)
 * of Legrand et al. 2004 and §2.4, any D_c/D_w: rmi_cost_model_eq1
 * (model/cost_valid.h). It holds for every feasible sharing (so also for a
 * max-min network model) but a variant of the step's form must be proved
 * again. 1 when valid, else 0: the heuristics then grow without it. O(1).
 * With the network model net (rm_network_model): the proof bounds
 * T_step for every feasible sharing, and the fair model's max-min shares
 * are feasible, so both models this version defines are valid
 * (rmi_network_model_known, model/cost_valid.h).
 */
int rmi_cut_bound_valid_for(const rm_cost_model *m, rm_network_model net);

/**
 * Bridges of net's platform (iterative DFS, O(N + E)), with m = mult_half
 * on a half-duplex network and m = mult_full on a full-duplex one (4 and 2
 * for shared routes, 1 and 1 for widths). A directed platform: the bridges
 * of its node-pair graph, m = mult_full (see above), no Gomory–Hu tree. Errors: RM_ENOMEM. Not thread-safe on one
 * cb; O(N + E) memory.
 */
rm_status rmi_cut_bound_init(rm_cut_bound *cb, const rm_network *net, double mult_half,
                            double mult_full, rm_error *err);

/** Forget the set (no host in it). O(N). */
void rmi_cut_bound_reset(rm_cut_bound *cb);

/** Add host node v to the set. O(depth of v + bridges) — the bridges that
 *  separate the set are re-scanned. */
void rmi_cut_bound_add(rm_cut_bound *cb, int v);

/** The bound for the current set, in (Mb/s)^-1: T_step/D_w of every ring
 *  containing the set is >= D_c/D_w times it. 0 if no bridge separates the
 *  set. O(1). */
static inline double rm_cut_bound_value(const rm_cut_bound *cb) { return cb->value; }

void rmi_cut_bound_destroy(rm_cut_bound *cb);

/*
 * rm_host_bound — a second provable lower bound of T_step/D_w of every ring
 * the greedy can still build, from every host's own cost (for stars and
 * Tiers at small D_c/D_w, where one bridge says little).
 *
 * 1. Per ring (Legrand et al. 2004, eq. (1)): T_step/D_w = T >= alpha_i w_i
 *    + d C_i for every host i of the ring (d = D_c/D_w; rm_balance, alpha
 *    >= 0, every host participates), with sum alpha_i = 1. Hence alpha_i <=
 *    (T - d C_i)/w_i, and summing, 1 <= sum_i (T - d C_i)/w_i:
 *        T >= (1 + d sum_i C_i/w_i) / sum_i 1/w_i          (the eq. (5) value)
 *    and T >= d max_i C_i. Both grow with every C_i, so replacing C_i by a
 *    lower bound L_i <= C_i valid in every ring keeps them lower bounds.
 * 2. L_i, SharedRing (shares on the real network): both routes of host i
 *    (to its successor and predecessor, eq. (1)) leave node i through the
 *    resources of its incident links, of total capacity c_i (a backbone
 *    resource counts twice: it limits each route, not their sum), so their
 *    shares satisfy x1 + x2 <= c_i and C_i >= 1/x1 + 1/x2 >= 4/c_i (parallel
 *    send: max(1/x1, 1/x2) >= 2/c_i; latency only adds). In half duplex with
 *    no backbone link at i, the two routes that END at i (from its
 *    neighbours p, s) share the same resources: x1 + x2 + y1 + y2 <= c_i;
 *    and in a ring of T_step/D_w = T', d/y1 <= d C_p <= T' gives y1 >= d/T'
 *    (same for y2): x1 + x2 <= c_i - 2d/T' and C_i >= 4/(c_i - 2d/T')
 *    (no such ring if c_i <= 2d/T'). For a ring with T' < T0 this is >
 *    L_i(T0) = 4/(c_i - 2d/T0): every host of a ring better than T0 has
 *    C_i >= L_i(T0).
 *    L_i, SliceRing (its estimate on the complete graph of widest paths,
 *    route cost c_ij = 1/width + latency/D_c): in a ring of >= 3 hosts the
 *    two neighbours differ, so C_i >= host cost of the two least c_ij.
 * 3. Every larger ring S the greedy can still build contains the current
 *    ring R (both heuristics only insert) and at least one other host. A
 *    host j with d L_j >= T0 makes T(S) >= T0. Over the other hosts U', the
 *    least value of f(S) = (1 + d sum_S L_i/w_i) / sum_S 1/w_i over S = R +
 *    a non-empty subset of U' is exact in O(|U'|) with U' sorted by L: it is
 *    the least of (a) the best prefix of U' by increasing L (when the
 *    minimiser holds some j with d L_j below the optimum, it holds all of
 *    them: adding j lowers a ratio iff d L_j is below it) and (b) the best
 *    single host (when every d L_j is above the optimum, one host is better
 *    than any set containing it). So every larger ring has
 *        T(S) >= min(T0, max(d max_R L, min(d L_first outside U', (a), (b)))).
 *    SliceRing's L does not depend on T0 (so with T0 = the least estimate so
 *    far this is a lower bound of every larger estimate); SharedRing's does,
 *    and growth may stop when the value is >= T0 = the best T_step so far.
 */
/**
 * The cost models the host bound is proven for (the proof above): eq. (5)'s
 * value and D_c/D_w max_i C_i bound T_step/D_w from below (eq. (1) with
 * alpha >= 0, every host taking part) and grow with every C_i; L_i bounds
 * C_i from below as the sum of the two route costs or, with parallel send
 * (its factor 2 instead of 4), their max, latencies >= 0 only adding —
 * Legrand et al. 2004 eq. (1), §2.4, any D_c/D_w: rmi_cost_model_eq1. A
 * model whose step is not additive (e.g. computation overlapping
 * communication) breaks step 1 of the proof. 1 when valid, else 0. O(1).
 * With the network model net (rm_network_model): the proof bounds
 * T_step for every feasible sharing, and the fair model's max-min shares
 * are feasible, so both models this version defines are valid
 * (rmi_network_model_known, model/cost_valid.h).
 */
int rmi_host_bound_valid_for(const rm_cost_model *m, rm_network_model net);

typedef struct rm_host_bound {
    int n_nodes, n_hosts;
    int *host_of;            /* n_nodes: host index of a node, -1 for a router */
    double *invw;            /* n_hosts: 1/w (s/Mflop)^-1 */
    double *cap;             /* n_hosts: c_i (Mb/s), SharedRing mode */
    double *L;               /* n_hosts: L_i (s/Mb) of the last evaluation (SliceRing: fixed) */
    unsigned char *coupled;  /* n_hosts: the incoming routes share c_i (half duplex) */
    unsigned char *in;       /* n_hosts: in the set */
    int *ord_c, n_c;         /* coupled hosts by decreasing c_i (increasing L_i for any T0) */
    int *ord_u, n_u;         /* the others by increasing L_i */
    int n_in;
    int parallel_send, costs; /* costs: SliceRing mode (fixed L) */
} rm_host_bound;

/**
 * SharedRing mode: c_i and coupling of every host from net's resources (see
 * above); parallel_send as rm_options. Errors: RM_ENOMEM. O(N + E + H log H)
 * time, O(N + H) memory. Not thread-safe on one hb.
 */
rm_status rmi_host_bound_init_shared(rm_host_bound *hb, const rm_network *net, int parallel_send,
                                    rm_error *err);

/**
 * SliceRing mode: L_i = rm_host_cost of the two least c[i*H + j], j != i
 * (c: H x H route costs, s/Mb, host indices; INFINITY with fewer than two
 * finite). Errors: RM_ENOMEM. O(H^2) time, O(N + H) memory.
 */
rm_status rmi_host_bound_init_costs(rm_host_bound *hb, const rm_platform *p, const double *c,
                                   int parallel_send, rm_error *err);

/** Forget the set. O(H). */
void rmi_host_bound_reset(rm_host_bound *hb);

/** Add host node v to the set. O(1). */
void rmi_host_bound_add(rm_host_bound *hb, int v);

/**
 * A lower bound of T_step/D_w of every ring that strictly contains the set
 * (see above; dc_dw = D_c/D_w, t0 > 0 = T0): SliceRing mode, every such
 * estimate is >= the returned value; SharedRing mode (L depends on t0),
 * every such T_step/D_w is >= min(t0, returned value), so growth may stop
 * once the value is >= t0. INFINITY if every host is in the set. The
 * caller keeps a relative margin (the value is computed in floating
 * point). Needs a set of >= 2 hosts in SliceRing mode (rings of >= 3
 * hosts). O(H) (one pass over the hosts). Not thread-safe on one hb
 * (writes its L in SharedRing mode).
 */
double rmi_host_bound_value(rm_host_bound *hb, double dc_dw, double t0);

void rmi_host_bound_destroy(rm_host_bound *hb);

#endif
