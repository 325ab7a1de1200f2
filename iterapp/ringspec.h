/*
 * ringspec.h — what the runtime needs to know of a ring mapping: the ring
 * in order with each position's host label, cycle-time w (s/Mflop), share
 * alpha and the bandwidths (Mb/s) of its routes to successor and
 * predecessor, plus the mapping's D_c/D_w and T_step/D_w. Read from the
 * mapping JSON of docs/cli.md (jansson), built from a list of cycle-times
 * (tests), or from an rm_mapping computed in-process. MPI-free.
 */
#ifndef RINGMAP_ITERAPP_RINGSPEC_H
#define RINGMAP_ITERAPP_RINGSPEC_H

#include "ringmap.h"

#ifdef __cplusplus
extern "C" {
#endif

/** A ring mapping as the runtime sees it; position k's successor is k+1
 *  (mod q). All arrays have q entries. */
typedef struct rm_ringspec {
    int q;
    char **label;         /* host labels ("" if unknown), never NULL */
    long *node;           /* GML node ids, -1 if unknown */
    double *w;            /* cycle-times, s/Mflop, > 0 */
    double *alpha;        /* shares of the work, >= 0, sum 1 */
    double *b_succ;       /* route bandwidth to the successor, Mb/s (INFINITY: free) */
    double *b_pred;       /* route bandwidth to the predecessor, Mb/s */
    double *l_succ;       /* route latency to the successor, s (0 if unknown) */
    double *l_pred;       /* route latency to the predecessor, s */
    /* the mapping's cost model (rm_cost_model): cost.dc_dw its D_c/D_w, NAN if
       unknown; cost.latency 1 = affine route cost D_c/b + L; cost.parallel_send
       1 = a host's two sends at once (max, not sum, of the costs); cost.dc its
       D_c (Mb), 0 if unknown */
    rm_cost_model cost;
    double t_step_per_dw; /* the mapping's T_step/D_w, NAN if unknown */
    int from_both;        /* 1: read from the "shared" mapping of a --heuristic both JSON */
    /* the hosts' costs in the mapping's one-step fluid valuation (s/Mb at
       D_c = cost.dc; rm_mapping_tstep_dynamic), q entries, NULL if none */
    double *c_dyn;
    /* the run's whole columns the mapping was made and judged with
       (ring[k].columns of its JSON, `ringmap --cols N`), q entries summing
       to N, NULL if none: run as they are when the run has N columns */
    long *cols;
} rm_ringspec;

/** Allocate a spec of size q (labels "", nodes -1, w 1, alpha 1/q, free
 *  routes, NANs). NULL on allocation failure or q < 1. O(q). */
rm_ringspec *rmi_ringspec_new(int q);

/** Free a spec (NULL is fine). */
void rmi_ringspec_free(rm_ringspec *s);

/**
 * Read the mapping JSON of docs/cli.md: ring[].label, .node, .w, .alpha,
 * .succ.bandwidth, .pred.bandwidth (succ/pred null when q = 1),
 * .succ.latency, .pred.latency (s, written with --latency; else 0),
 * params.dc_dw, params.latency, params.parallel_send, t_step_per_dw. The JSON of `ringmap --heuristic both` (no
 * "ring", a "shared" and a "slice" mapping) gives its "shared" mapping
 * (from_both = 1). Errors: RM_EINPUT naming the file and the
 * field (with jansson's line/column for syntax errors), RM_ENOMEM.
 * O(size of the file).
 */
rm_status rmi_ringspec_read_json(const char *path, rm_ringspec **out, rm_error *err);

/**
 * A ring from a comma-separated list of cycle-times "w0,w1,..." (ring
 * order), with free communication (bandwidth INFINITY) and alpha_k
 * proportional to 1/w_k (eq. (5) of Legrand et al. 2004 without communication).
 * Errors: RM_EINPUT (empty list, a value not a finite number > 0). O(q).
 */
rm_status rmi_ringspec_from_weights(const char *list, rm_ringspec **out, rm_error *err);

/** A spec from a mapping computed in-process on platform p (labels, GML ids,
 *  w, alpha, route bandwidths, dc_dw, t_step_per_dw). RM_ENOMEM. O(q). */
rm_status rmi_ringspec_from_mapping(const rm_platform *p, const rm_mapping *m, rm_ringspec **out,
                                   rm_error *err);

/** C[k] = 1/b_succ[k] + 1/b_pred[k] (s/Mb; 0 when q = 1 or free routes), or
 *  their max with s->cost.parallel_send. O(q). */
void rmi_ringspec_costs(const rm_ringspec *s, double *C);

/** The mapping's own cost model for messages of dc Mb (libringmap's
 *  rm_route_cost / rm_host_cost): route cost 1/b + L/dc when s->latency
 *  (L = the route's latency from the JSON), combined by sum or, with
 *  s->cost.parallel_send, max; C[k] in s/Mb, so that D_c C[k] is position k's
 *  communication time of eq. (1). dc <= 0 or NAN: latencies left out. O(q). */
void rmi_ringspec_costs_dc(const rm_ringspec *s, double dc, double *C);

/** The cost the prediction uses for position k at messages of dc Mb: the
 *  mapping's one-step fluid cost s->c_dyn[k] when there is one and dc is the
 *  mapping's D_c (relative 1e-9: that valuation is for that size only), else
 *  C[k] (rmi_ringspec_costs_dc's). O(1). */
double rmi_ringspec_cost_predicted(const rm_ringspec *s, double dc, const double *C, int k);

#ifdef __cplusplus
}
#endif

#endif
