/*
 * ringmap.h — the public C API of libringmap.
 *
 * libringmap maps an iterative computation whose processors only talk to their
 * two ring neighbours onto a heterogeneous platform with a sparse, shared
 * network (Legrand, Renard, Robert, Vivien, "Mapping and Load-Balancing
 * Iterative Computations", IEEE TPDS 2004 — "seed 001" below).
 *
 * Model and units (seed 001 §2):
 *   - host cycle-time w (s/Mflop: time for one unit of work), router w = 0;
 *   - link bandwidth b (Mb/s); a route of bandwidth b costs c = 1/b (s/Mb);
 *   - per step: work D_w (Mflop) shared as alpha_i * D_w, message D_c (Mb) to
 *     each ring neighbour; the library works with the ratio dc_dw = D_c/D_w and
 *     reports T_step/D_w (s/Mflop).
 *
 * Conventions (after igraph, GLPK, SUNDIALS):
 *   - prefix rm_; objects with _init/_destroy (caller-owned storage) or
 *     _new/_free (library-allocated);
 *   - a function that can fail returns rm_status and fills an rm_error
 *     (status + message naming the file, line, node or link); a library
 *     function never prints and never exits;
 *   - knobs live in option structs initialised by rm_*_init().
 *
 * Indices: a "node" is an index 0..n_nodes-1 into rm_platform.nodes (not the
 * GML id); a "link" is an index 0..n_links-1 into rm_platform.links (= the
 * 0-based position of the edge in the file); an "arc" is a directed use of a
 * link (see rm_network); a "resource" is one capacity constraint.
 */
#ifndef RINGMAP_H
#define RINGMAP_H

#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

#define RINGMAP_VERSION "0.1.0"

/* ------------------------------------------------------------------------ */
/* Errors                                                                     */
/* ------------------------------------------------------------------------ */

/** Status codes. RM_EINPUT and RM_ELIMIT are the user's fault (CLI exit 2);
 *  the others are internal failures (CLI exit 1). */
typedef enum rm_status {
    RM_OK = 0,
    RM_EINTERNAL = 1, /* a bug or an unexpected library failure */
    RM_EINPUT = 2,    /* malformed / inconsistent input or option */
    RM_ENOMEM = 3,    /* allocation failed */
    RM_ESOLVER = 4,   /* a numerical solver did not converge / said infeasible */
    RM_ELIMIT = 5     /* instance beyond a documented limit (e.g. exact solvers) */
} rm_status;

/** An error report: the status and a human-readable message. */
typedef struct rm_error {
    rm_status status;
    char msg[1024];
} rm_error;

/** Set err (may be NULL) to status st with a printf-style message; returns st.
 *  Complexity O(len(msg)). */
rm_status rm_error_set(rm_error *err, rm_status st, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

/** Exit code the CLI uses for a status: 0 for RM_OK, 2 for RM_EINPUT and
 *  RM_ELIMIT, 1 otherwise. */
int rm_status_exit_code(rm_status st);

/** Short name of a status ("ok", "bad input", ...). */
const char *rm_status_name(rm_status st);

/* ------------------------------------------------------------------------ */
/* topo: platforms (seed 001 §2.1)                                           */
/* ------------------------------------------------------------------------ */

/** A node of the platform: a host (is_host = 1, cycle-time w > 0, s/Mflop)
 *  or a router (is_host = 0, w = 0). Hosts forward traffic like routers. */
typedef struct rm_node {
    long id;     /* id in the input file (GML id) */
    char *label; /* never NULL ("" if the file had none) */
    int is_host;
    double w; /* cycle-time, s/Mflop; 0 for a router */
} rm_node;

/** A physical link between two nodes (indices into rm_platform.nodes).
 *  In an undirected platform a link can be used in both directions; in a
 *  directed one only from source to target. Parallel links are distinct. */
typedef struct rm_link {
    int source, target;
    double bandwidth; /* capacity, Mb/s, > 0 and finite */
    double latency;   /* s, >= 0 (0 when the file gives none) */
    int backbone;     /* 1: every route may use the whole bandwidth (§2.4) */
} rm_link;

/** A platform: nodes, links, and the list of hosts. */
typedef struct rm_platform {
    char *name; /* e.g. the file's base name without extension */
    int directed;
    int n_nodes;
    rm_node *nodes;
    int n_links;
    rm_link *links;
    int n_hosts;
    int *hosts; /* node indices of the hosts, ascending */
    /* Routes fixed by the file (SimGrid <route>), used by --routing fixed;
       both NULL when the file fixes none. The route from node a to node b is
       the links fixed_route_links[fixed_route_start[a*n_nodes+b] ..
       fixed_route_start[a*n_nodes+b+1]) in order from a (an empty range: no
       fixed route). fixed_route_start has n_nodes*n_nodes + 1 entries (kept
       for platforms of at most 4096 nodes). */
    int *fixed_route_start;
    int *fixed_route_links;
} rm_platform;

/** Options of the platform readers. */
typedef struct rm_read_options {
    /** > 0: every node without w/speed becomes a host of cycle-time host_w
     *  (Topology Zoo files have no speeds); 0 (default): such nodes are routers. */
    double host_w;
    /** > 0: bandwidth (Mb/s) given to links that have none (default 0: error). */
    double default_bandwidth;
} rm_read_options;

/** Default reader options (host_w = 0, default_bandwidth = 0). O(1). */
void rm_read_options_init(rm_read_options *ro);

/**
 * Read a platform from a GML file (DESIGN.md conventions): node attributes
 * `w` (s/Mflop) or `speed` (Mflop/s, w = 1/speed) make a host, `label`;
 * edge attributes `bandwidth` (Mb/s) or else the Topology Zoo's
 * `LinkSpeedRaw` (bit/s, divided by 1e6), `latency` (s), `backbone` (0/1);
 * graph attribute `directed`.
 * The result is validated with rm_platform_validate().
 * Errors: RM_EINPUT with a message naming the file and the line (parse
 *   errors) or the node/edge (semantic errors); RM_ENOMEM.
 * Complexity: O(N + E) plus validation.
 */
rm_status rm_platform_read_gml(const char *path, const rm_read_options *ro,
                               rm_platform **out, rm_error *err);

/** Read a platform, choosing the format from the extension (".gml" for
 *  now). Same errors as the format's reader. */
rm_status rm_platform_read(const char *path, const rm_read_options *ro,
                           rm_platform **out, rm_error *err);

/**
 * Allocate an empty platform with n_nodes routers (label "", id = index) and
 * n_links zeroed links, for programmatic construction (tests, generators).
 * Fill nodes/links, then call rm_platform_finalize(). Returns NULL on
 * allocation failure. O(N + E).
 */
rm_platform *rm_platform_new(const char *name, int n_nodes, int n_links, int directed);

/** Set a node's label (copied). RM_ENOMEM on failure. */
rm_status rm_platform_set_label(rm_platform *p, int node, const char *label);

/** Rebuild p->hosts from the nodes' is_host flags and validate. Errors as
 *  rm_platform_validate(). O(N + E) plus validation. */
rm_status rm_platform_finalize(rm_platform *p, rm_error *err);

/**
 * Check a platform: at least one host; every host has finite w > 0; every
 * link joins two existing distinct nodes (no self-loop) with finite
 * bandwidth > 0 and finite latency >= 0; every host can reach every other
 * host (and be reached, in a directed platform). The message names the
 * offending node (label and id) or link (index, end labels).
 * Errors: RM_EINPUT. Complexity O(H (N + E)) worst case.
 */
rm_status rm_platform_validate(const rm_platform *p, rm_error *err);

/** Free a platform (NULL is fine). */
void rm_platform_free(rm_platform *p);

/* ------------------------------------------------------------------------ */
/* topo: the network seen by routing and sharing                             */
/* ------------------------------------------------------------------------ */

/** Duplex model (seed 001 §2.4). */
typedef enum rm_duplex {
    RM_DUPLEX_HALF = 0, /* an undirected link is ONE capacity for both directions */
    RM_DUPLEX_FULL = 1  /* each direction of an undirected link has the full capacity */
} rm_duplex;

/**
 * The network as routing and bandwidth sharing see it: arcs (directed uses
 * of links) and resources (capacity constraints). An undirected link gives
 * two arcs (tail->head both ways); a directed link one. In half duplex the
 * two arcs of a link share one resource; in full duplex each has its own.
 * A backbone resource (res_backbone = 1) limits each route separately to
 * res_cap instead of limiting the sum of the routes.
 * Arc a of link l: arc 2l is source->target, arc 2l+1 is target->source
 * (in a directed platform arc 2l+1 exists but is marked unusable:
 * arc_res[2l+1] = -1). So n_arcs = 2 * n_links always.
 */
typedef struct rm_network {
    const rm_platform *platform;
    rm_duplex duplex;
    int n_arcs;
    int *arc_link; /* n_arcs */
    int *arc_tail; /* n_arcs, node index */
    int *arc_head; /* n_arcs, node index */
    int *arc_res;  /* n_arcs, resource index, -1 = arc unusable */
    int n_res;
    double *res_cap;   /* n_res, Mb/s */
    int *res_backbone; /* n_res */
    int *res_link;     /* n_res, the link of each resource */
    void *priv;        /* routing data (CSR adjacency, heap scratch, igraph graph), owned */
} rm_network;

/** Build the network view of a platform. Errors: RM_ENOMEM, RM_EINTERNAL.
 *  O(N + E). The platform must outlive the network. */
rm_status rm_network_init(rm_network *net, const rm_platform *p, rm_duplex duplex,
                          rm_error *err);

/** Release what rm_network_init allocated. */
void rm_network_destroy(rm_network *net);

/** A route: a walk of arcs from node src to node dst, and the bandwidth
 *  (Mb/s) it is given (its share on each of its links; INFINITY for an
 *  empty route, 0 when unassigned). */
typedef struct rm_route {
    int src, dst;
    int n_arcs;
    int *arcs; /* n_arcs arc indices, arcs[0] leaves src, last enters dst */
    double bandwidth;
} rm_route;

/** Free the arcs of a route and reset it to empty. */
void rm_route_clear(rm_route *r);

/** Deep copy src into dst (dst's old arcs are freed). RM_ENOMEM. O(len). */
rm_status rm_route_copy(rm_route *dst, const rm_route *src);

/** Sum of the latencies (s) of the route's links. O(len). */
double rm_route_latency(const rm_network *net, const rm_route *r);

/**
 * Widest (maximum-bottleneck) path from src to dst where usable arc a has
 * width residual[arc_res[a]] (residual may be NULL: full capacities; a
 * backbone resource always counts with its full capacity). A
 * maximum-bottleneck Dijkstra on a CSR adjacency built once by
 * rm_network_init (topo/widest.c; no allocation per call; ties: the
 * smallest node index leaves the heap first, a node keeps the first arc found
 * at its final width); igraph's igraph_get_widest_paths is kept as the
 * reference (rm_widest_tree_igraph, topo/widest.h) and the tests check that
 * both give the same widths. On success *route holds the path and
 * route->bandwidth its width (INFINITY if src == dst; 0 and n_arcs = 0 if dst
 * is unreachable through arcs of positive width).
 * Errors: RM_EINPUT (bad node index), RM_ENOMEM, RM_EINTERNAL.
 * Complexity: O(E log N). Source: seed 001 §4.4.2 ("paths of maximal
 * bandwidth, using a standard shortest path algorithm").
 */
rm_status rm_widest_route(const rm_network *net, const double *residual, int src, int dst,
                          rm_route *route, rm_error *err);

/**
 * Widest paths from one source to every node (one Dijkstra): width[v]
 * (n_nodes entries, 0 = unreachable, INFINITY for v = src) and
 * in_arc[v] (the arc entering v on the widest-path tree, -1 for src or
 * unreachable). Either output may be NULL. Same residual convention and
 * errors as rm_widest_route. If reverse is non-zero the tree is of paths
 * from every node TO src (in_arc[v] is then the arc leaving v).
 * Complexity: O(E log N).
 */
rm_status rm_widest_tree(const rm_network *net, const double *residual, int src, int reverse,
                         double *width, int *in_arc, rm_error *err);

/** Build a route from a tree of rm_widest_tree (same src and reverse
 *  flag): the route src->dst for a forward tree, dst->src for a reverse tree
 *  (route->src = dst then). route->bandwidth is left 0 (INFINITY if
 *  src == dst): the caller sets it from the tree's widths.
 *  RM_EINPUT if dst is unreachable. O(N). */
rm_status rm_route_from_tree(const rm_network *net, int src, int reverse, const int *in_arc,
                             int dst, rm_route *route, rm_error *err);

/**
 * The complete graph of SliceRing (seed 001 §2.2, §5.2.1): bw[i*H + j] =
 * width of the widest path from host i to host j on the full-capacity
 * network (H = n_hosts, indices into platform->hosts; diagonal INFINITY).
 * Errors: RM_ENOMEM, RM_EINTERNAL. Complexity: O(H E log N).
 */
rm_status rm_capacity_matrix(const rm_network *net, double *bw, rm_error *err);

/* ------------------------------------------------------------------------ */
/* bw: bandwidth sharing among routes                                        */
/* ------------------------------------------------------------------------ */

/**
 * Max-min fair rates of a set of routes on capacities cap (n_res entries;
 * NULL = net->res_cap), by progressive filling as SimGrid's lmm does: all
 * unfrozen routes grow at the same rate; when a resource saturates, its
 * routes freeze. A backbone resource limits each route separately. Routes
 * with no arcs get INFINITY. rate[k] is written (n_routes entries); the
 * routes' bandwidth fields are not touched.
 * Errors: RM_EINPUT (a route uses an unusable arc), RM_ENOMEM.
 * Complexity: O(R (K + L)) with R resources, K routes, L = total route length.
 * Source: seed 001 §4.4.3, method 1; Bertsekas & Gallager, Data Networks.
 */
rm_status rm_maxmin(const rm_network *net, const double *cap, int n_routes,
                    const rm_route *routes, double *rate, rm_error *err);

/**
 * Optimal shares for fixed routes: minimise sum_k a[k] / x[k] subject to,
 * for each non-backbone resource r, sum_{k uses r} x[k] <= cap[r], and for
 * each backbone resource x[k] <= cap[r] (cap NULL = net->res_cap). By
 * eq. (5) of seed 001 this minimises T_step of a balanced ring when a[k] is
 * 1/w of route k's sender. Routes with a[k] == 0 get the bandwidth left on
 * their path after the others (0 if none); routes with no arcs get INFINITY.
 * Solved on the dual by coordinate ascent on the link prices (KKT:
 * x_k = sqrt(a_k / sum_{r in k} lambda_r), lambda_r (cap_r - load_r) = 0) to
 * relative accuracy tol (1e-12 if tol <= 0). Meant for the small problems of
 * one insertion (seed 001 §4.4.2, "brute force (analytical) method") but
 * correct for any size.
 * Errors: RM_EINPUT (unusable arc, negative a), RM_ESOLVER (no convergence),
 * RM_ENOMEM. Complexity: O(iterations * L).
 */
rm_status rm_share_optimal(const rm_network *net, const double *cap, int n_routes,
                           const rm_route *routes, const double *a, double tol, double *x,
                           rm_error *err);

/** residual[r] -= sign * x for every non-backbone resource r on the route
 *  (sign = +1 takes bandwidth, -1 gives it back). O(len). Source: seed 001
 *  §4.4.2 ("peeling off the bandwidths"). */
void rm_residual_apply(const rm_network *net, double *residual, const rm_route *route, double x,
                       int sign);

/* ------------------------------------------------------------------------ */
/* ring: T_step, heuristics, mappings                                        */
/* ------------------------------------------------------------------------ */

/** Which heuristic builds the ring. */
typedef enum rm_heuristic {
    RM_HEUR_SHARED = 0, /* SharedRing greedy, H2, seed 001 §4.4 */
    RM_HEUR_SLICE = 1,  /* SliceRing greedy, H1, seed 001 §5.2.2, made feasible by max-min */
    RM_HEUR_SHARED_EXACT = 2, /* SharedRing exhaustive for fixed routing, <= 8 hosts
                                 (ring/exact.h, rm_sharedring_exhaustive); RM_ELIMIT beyond */
    RM_HEUR_SLICE_EXACT = 3   /* SliceRing exact (proven optimum of eq. (2)), <= 12 hosts
                                 (ring/exact.h, rm_slicering_exact); RM_ELIMIT beyond */
} rm_heuristic;

/** How the shares of a built ring are refined. */
typedef enum rm_refine {
    RM_REFINE_NONE = 0,   /* keep the greedy's own shares */
    RM_REFINE_MAXMIN = 1, /* max-min fairness after each insertion (§4.4.3, method 1) */
    RM_REFINE_OPTIMAL = 2, /* optimal shares (rm_share_optimal) after each insertion */
    RM_REFINE_KINSOL = 3,  /* optimal shares of the final ring by KINSOL (solvers/) */
    RM_REFINE_GLPK = 4     /* optimal shares of the final ring by GLPK outer approximation */
} rm_refine;

/** How routes are chosen. */
typedef enum rm_routing {
    RM_ROUTING_WIDEST = 0, /* widest paths on the (residual) network, seed 001 */
    RM_ROUTING_DIRECT = 1, /* only the direct link between two hosts: the widest single
                              arc joining them, no route if none (the complete-graph
                              instance of SliceRing taken as given; Theorem 1) */
    RM_ROUTING_FIXED = 2   /* routes fixed by the platform file (SimGrid) */
} rm_routing;

/** The mapper's knobs (GLPK style: initialise with rm_options_init). */
typedef struct rm_options {
    double dc_dw;            /* D_c / D_w, Mb/Mflop; default 0.0064 */
    rm_heuristic heuristic;  /* default RM_HEUR_SHARED */
    rm_refine refine;        /* default RM_REFINE_NONE */
    rm_duplex duplex;        /* default RM_DUPLEX_HALF */
    int max_q;               /* largest ring size tried; 0 = all hosts */
    rm_routing routing;      /* default RM_ROUTING_WIDEST */
    int latency;             /* 1: affine route cost D_c/b + sum of link latencies (seed 004,
                                SimGrid); needs dc > 0 */
    int parallel_send;       /* 1: a host sends both messages at once (max, not sum, in
                                eq. (1); seed 001 §2.4) */
    double dc;               /* absolute D_c in Mb (only the latency model needs it); 0 = unset */
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
} rm_options;

/** Defaults as documented in rm_options. O(1). */
void rm_options_init(rm_options *opt);

/** Check an options struct: dc_dw finite and >= 0, enums in range, max_q >=
 *  0. RM_EINPUT naming the option. O(1). */
rm_status rm_options_check(const rm_options *opt, rm_error *err);

/**
 * Step time of a ring with given alphas, eq. (1) of seed 001, divided by
 * D_w: max_i [alpha[i] * w[i] + dc_dw * C[i]] over i with alpha[i] > 0 or
 * C[i] > 0 (all q participate), where C[i] = c_{i,pred} + c_{i,succ} (s/Mb).
 * O(q).
 */
double rm_tstep_eq1(int q, const double *w, const double *alpha, const double *C, double dc_dw);

/**
 * Balanced step time, eq. (5) of seed 001, divided by D_w:
 * w_cumul * (1 + dc_dw * sum_i C[i] / w[i]), w_cumul = 1 / sum_i 1/w[i].
 * May correspond to negative alphas (see rm_balance). O(q).
 */
double rm_tstep_eq5(int q, const double *w, const double *C, double dc_dw);

/**
 * Optimal alphas for a fixed ring and fixed route costs, with alpha >= 0
 * (ORACLES.md, "Negative alpha"): T = max(max_i dc_dw*C[i], T*) where
 * sum_i max(0, (T* - dc_dw*C[i]) / w[i]) = 1; alpha[i] = max(0, (T -
 * dc_dw*C[i]) / w[i]) normalised to sum 1. Equals eq. (5) when all its
 * alphas are >= 0. Returns T/D_w; alpha may be NULL. Inputs must be finite,
 * w > 0, C >= 0. Complexity O(q log q).
 */
double rm_balance(int q, const double *w, const double *C, double dc_dw, double *alpha);

/** A mapping: the ring, its routes and shares, the alphas and T_step. */
typedef struct rm_mapping {
    int q;              /* ring size */
    int *ring;          /* q node indices; ring[k+1] succeeds ring[k] cyclically */
    double *alpha;      /* q shares of the work, >= 0, sum 1 */
    rm_route *succ;     /* q routes ring[k] -> ring[k+1] (empty if q == 1) */
    rm_route *pred;     /* q routes ring[k] -> ring[k-1] (empty if q == 1) */
    double dc_dw;
    double t_step_per_dw; /* T_step / D_w by eq. (1) with the alphas */
    /* SliceRing's own estimate on the fully connected model; NAN otherwise */
    double t_step_per_dw_unshared;
    /* best T_step/D_w found for each ring size tried: sweep_t[q-1], NAN if
       not tried; n_sweep entries */
    int n_sweep;
    double *sweep_t;
    double *sweep_t_unshared; /* SliceRing's own estimates (NULL otherwise) */
    rm_heuristic heuristic;
    rm_refine refine;
    /* cost model (see rm_route_cost): latency and parallel-send flags, and the
       absolute D_c (Mb) the latency model needs */
    int latency;
    int parallel_send;
    double dc;
} rm_mapping;

/** Allocate a mapping of ring size q with empty routes and n_sweep sweep
 *  entries (NAN). NULL on allocation failure. O(q + n_sweep). */
rm_mapping *rm_mapping_new(int q, int n_sweep);

/** Free a mapping and its routes (NULL is fine). */
void rm_mapping_free(rm_mapping *m);

/**
 * Cost of one route per Mb of message (s/Mb): 1/bandwidth, plus
 * latency_s/dc when the latency model is on (the affine cost D_c/b + L of
 * seed 004 and SimGrid, divided by D_c). O(1).
 */
double rm_route_cost(double bandwidth, double latency_s, int latency_model, double dc);

/** A host's communication cost C (s/Mb) from its two route costs: their sum
 *  (seed 001 eq. (1): the two messages are sent one after the other) or,
 *  with parallel_send, their maximum (§2.4). O(1). */
double rm_host_cost(double c_succ, double c_pred, int parallel_send);

/** C[k] = rm_host_cost of position k's two routes under the mapping's cost
 *  model (0 for q == 1), s/Mb, written to C (q entries); then
 *  T_step/D_w = rm_balance(q, w, C, dc_dw). O(q + L) (latencies). */
void rm_mapping_costs(const rm_network *net, const rm_mapping *m, double *C);

/**
 * Recompute alphas and t_step_per_dw of m from its routes' bandwidths with
 * rm_balance. O(q log q).
 */
void rm_mapping_rebalance(const rm_network *net, rm_mapping *m);

/**
 * Give the mapping's 2q routes their max-min fair rates on the full
 * capacities (rm_maxmin), then rebalance. Used by --refine maxmin and to
 * make SliceRing's ring feasible on the real network (seed 001 §5.2.2).
 * Errors as rm_maxmin. Complexity as rm_maxmin.
 */
rm_status rm_mapping_refine_maxmin(const rm_network *net, rm_mapping *m, rm_error *err);

/** Same with the optimal shares of rm_share_optimal (a = 1/w of the sender). */
rm_status rm_mapping_refine_optimal(const rm_network *net, rm_mapping *m, rm_error *err);

/**
 * SharedRing greedy (H2), seed 001 §4.4.1–4.4.2: start from the best pair;
 * for each candidate insertion of host k between ring neighbours i -> j,
 * give back the bandwidth of the two routes between i and j, compute the
 * four widest routes i->k, k->i, k->j, j->k on the residual network, share
 * the links they have in common optimally for eq. (5) (rm_share_optimal),
 * and evaluate T_step by rm_balance; keep the best insertion, peel its
 * bandwidth off the residual network; grow to max_q; return the best size.
 * Errors: RM_EINPUT (options), RM_ENOMEM, RM_EINTERNAL.
 * Complexity: O(p^3 (E log N + S)) with S the cost of one 4-route sharing.
 */
rm_status rm_sharedring(const rm_network *net, const rm_options *opt, rm_mapping **out,
                        rm_error *err);

/**
 * SliceRing greedy (H1), seed 001 §5.2.2: complete graph of widest-path
 * bandwidths (rm_capacity_matrix); start from the fastest host; insert the
 * (host, position) of least T_step (eq. (5) via rm_balance, no sharing);
 * grow to max_q; keep the best size by that estimate. The chosen ring keeps
 * its widest-path routes, which then get max-min shares on the real shared
 * network (t_step_per_dw), the estimate being kept in
 * t_step_per_dw_unshared. Errors as rm_sharedring. Complexity O(p^3 + H E log N).
 */
rm_status rm_slicering(const rm_network *net, const rm_options *opt, rm_mapping **out,
                       rm_error *err);

/**
 * Run the heuristic of opt on a built network (SharedRing, SliceRing, or the
 * exact baselines of ring/exact.h); with opt->refine = RM_REFINE_KINSOL or
 * RM_REFINE_GLPK, the heuristic's ring then gets the real optimum of its
 * shares for its fixed routes (min T_step with alpha >= 0, solvers/solvers.h)
 * by that solver. Errors as the heuristic and the solver (RM_ESOLVER with
 * the solver's own status; the mapping is never left half-refined).
 * Complexity: heuristic + solver. Implemented in ring/refine_solvers.c.
 */
rm_status rm_map_network(const rm_network *net, const rm_options *opt, rm_mapping **out,
                         rm_error *err);

/** rm_map_network on the platform (builds the network with opt->duplex).
 *  Errors as rm_map_network. */
rm_status rm_map(const rm_platform *p, const rm_options *opt, rm_mapping **out, rm_error *err);

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
 */
rm_status rm_mapping_check(const rm_network *net, const rm_mapping *m, double tol, rm_error *err);

/* ------------------------------------------------------------------------ */
/* output                                                                     */
/* ------------------------------------------------------------------------ */

/**
 * Write the mapping as the JSON of DESIGN.md (stable field names) to f.
 * RM_ENOMEM / RM_EINTERNAL on failure. O(q + L + E).
 */
rm_status rm_mapping_write_json(FILE *f, const rm_network *net, const rm_options *opt,
                                const rm_mapping *m, rm_error *err);

/** Write a human-readable table of the mapping to f. O(q + L + n_sweep). */
void rm_mapping_print(FILE *f, const rm_network *net, const rm_mapping *m);

#ifdef __cplusplus
}
#endif

#include "ringmap/shares.h" /* work units, part sizes (issue 12) */

#endif /* RINGMAP_H */
