/*
 * ringmap/mapping_json.h — reading back the mapping JSON that `ringmap
 * --json` writes (docs/cli.md, "JSON output"): the ring in order with each
 * position's GML node id, label, cycle-time w, share alpha and the routes to
 * its successor and predecessor (GML node ids, link indices, bandwidth),
 * plus the cost model of its params (dc_dw, dc, latency, parallel_send) and
 * t_step_per_dw. The one reader of that JSON, used by
 * `ringmap export-simgrid` and by iterapp; strict (rm_mapping_read_json).
 * Included by ringmap.h. Implemented in output/mapping_read.c.
 */
#ifndef RINGMAP_MAPPING_JSON_H
#define RINGMAP_MAPPING_JSON_H

#include "ringmap/balance.h" /* rm_dfpa */
#include "ringmap/error.h"
#include "ringmap/model.h"
#include "ringmap/ring.h" /* rm_network_model */

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif
#pragma GCC visibility push(default)

/** A route of the mapping JSON: {"nodes": [...], "links": [...], "bandwidth": b}. */
typedef struct rm_mapping_doc_route {
    int n_links;      /* hops (>= 1); nodes has n_links + 1 entries */
    long *nodes;      /* GML node ids, from the ring host to its neighbour */
    int *links;       /* link indices (0-based position of the edge in the platform file) */
    double bandwidth; /* Mb/s, finite > 0; INFINITY when the JSON says null (free route) */
    double latency;   /* s, finite >= 0: "latency" (written with --latency), 0 if absent */
} rm_mapping_doc_route;

/** One ring position. */
typedef struct rm_mapping_doc_host {
    long node;                       /* GML node id */
    char *label;                     /* "" when absent, never NULL */
    double w;                        /* cycle-time, s/Mflop, finite > 0 */
    double alpha;                    /* share of the work, finite >= 0 */
    rm_mapping_doc_route succ, pred; /* n_links = 0, NULL arrays when q = 1 */
} rm_mapping_doc_host;

/** A mapping read from its JSON. ring[k+1] succeeds ring[k] (mod q). */
typedef struct rm_mapping_doc {
    int q;                     /* ring size >= 1 */
    rm_mapping_doc_host *ring; /* q entries */
    /* the mapping's cost model (model.h) from its params: cost.dc_dw =
       params.dc_dw (Mb/Mflop, finite >= 0), NAN if absent/null; cost.dc =
       params.dc (Mb, finite >= 0; written with --latency), 0 if absent/null;
       cost.latency = params.latency (the affine route cost D_c/b + L) and
       cost.parallel_send = params.parallel_send (max, not sum, of the two
       costs), 0 if absent; reserved 0. Before 1.1 the fields dc_dw, latency,
       parallel_send: d->dc_dw is now d->cost.dc_dw */
    rm_cost_model cost;
    double t_step_per_dw;      /* s/Mflop (finite > 0), NAN if absent/null */
    int from_both;             /* 1: a --heuristic both JSON: its "handed_on" mapping
                                  (before 1.2: "shared") */
    /* params.network ("reserved" or "fair", rm_network_model: the model its
       shares and T_step are valued under); RM_NETWORK_RESERVED when absent
       (a 1.1 JSON). Appended in 1.2 (the document is library-allocated). */
    rm_network_model network;
    /* ring[k].host_cost_dynamic of every position (s/Mb at D_c = cost.dc:
       the host's communication in the one-step fluid valuation,
       rm_mapping_tstep_dynamic; written under the fair model with the
       latency model on), q entries; NULL when the JSON has none. Appended
       in 1.5. */
    double *host_cost_dynamic;
    /* ring[k].columns of every position: the run's whole columns the
       mapping was made and judged with (`ringmap --cols N`: rm_mapping_units
       with at least one each, shares.h), integers >= 1 summing to N; q
       entries, NULL when the JSON has none. iterapp runs them as they are
       when its total columns are their sum and it runs the mapping's
       model's step. Appended in 1.8. */
    long *columns;
} rm_mapping_doc;

/**
 * Read the mapping JSON at path (a regular file of at most 256 MiB; the
 * JSON of `ringmap --json`, or of `--heuristic both`, whose "shared"
 * mapping is taken (the one "handed_on" names, when present) and from_both set). Strict: duplicate keys, a "ring"
 * that is not a non-empty array, a "node" that is not an integer (a string,
 * a real, missing), a host that appears twice in the ring, w not finite > 0,
 * alpha not finite >= 0 or alphas not summing to 1 (1e-6), a route (q > 1)
 * that is missing, whose "nodes"/"links" are not integer arrays of lengths
 * k+1 and k >= 1, that does not go from ring[k].node to its neighbour's
 * node, or whose bandwidth is not finite > 0 (or null) or whose latency (if
 * there) is not finite >= 0, params.dc_dw or params.dc not finite >= 0, params.latency or
 * params.parallel_send (if there) not booleans, params.network (if there) not
 * "reserved" or "fair", t_step_per_dw not finite > 0, ring[k].host_cost_dynamic
 * not a finite number >= 0 or on some positions only, ring[k].columns not an
 * integer >= 1 or on some positions only (or summing past 2^53):
 * RM_EINPUT with a message
 * naming the file and the element ("FILE: ring[3].node: expected an
 * integer GML node id"), jansson's line and column for syntax errors.
 * Node ids and link indices are not checked against a platform (the caller
 * does that). On success *out is a new document (rm_mapping_doc_free).
 * Errors: RM_EINPUT, RM_ENOMEM; RM_EINVAL for NULL path or out.
 * Thread-safe (no shared state). O(size of the file + q log q).
 */
rm_status rm_mapping_read_json(const char *path, rm_mapping_doc **out, rm_error *err);

/** The same from len bytes of text (name: used in messages, e.g. "<fuzz>").
 *  O(len + q log q). */
rm_status rm_mapping_parse_json(const char *text, size_t len, const char *name,
                                rm_mapping_doc **out, rm_error *err);

/** Free a document (NULL is fine). O(q + route lengths). */
void rm_mapping_doc_free(rm_mapping_doc *d);

/**
 * Integer work shares of a mapping read back from its JSON, as
 * rm_mapping_units (ringmap/shares.h) gives them for the computed mapping:
 * n_units equal units (each D_w / n_units) to the d->q ring positions so
 * that max_k (units[k] w_k / n_units + dc_dw C_k) (under the overlap model,
 * params.overlap: rm_host_time's, by rm_alloc_columns_model) is minimal, each >=
 * min_units (0: a position may get none); C_k from the document's route
 * bandwidths and latencies under its cost model (rm_route_cost,
 * rm_host_cost), dc_dw = d->cost.dc_dw. units gets d->q entries (sum
 * n_units), *t_step_per_dw (may be NULL) their T_step/D_w in s/Mflop.
 * Errors: RM_EINVAL (d or units NULL), RM_EINPUT (a document without
 * params.dc_dw; n_units < 0, min_units < 0, q * min_units > n_units),
 * RM_ENOMEM. Thread safety: reentrant (reads d). Complexity O(q^2).
 * Source: Boulet et al. 1999 §3 (the greedy), Legrand et al. 2004 eq. (1).
 */
rm_status rm_mapping_doc_units(const rm_mapping_doc *d, long n_units, long min_units, long *units,
                               double *t_step_per_dw, rm_error *err);

/**
 * DFPA seeded with a read-back mapping's units in one call (rm_mapping_dfpa
 * for a computed one): units (d->q entries, may be NULL) from
 * rm_mapping_doc_units with opt->min_units (opt NULL: defaults, min_units
 * 0), communication times comm[k] = dc * C_k in s (dc = D_c in Mb, finite
 * >= 0; 0 = computation only) unless opt->comm gives them; *out a new run
 * (rm_dfpa_free). A document of the overlap model (params.overlap) gives
 * its units under that model and seeds DFPA under it, as rm_mapping_dfpa. Errors as rm_mapping_doc_units and rm_dfpa_new, RM_EINPUT
 * for a bad dc; *out = NULL on error. Thread safety: reentrant (reads d).
 * Complexity O(q^2). Source: Lastovetsky and Reddy §2 (DFPA), Boulet et al.
 * 1999 §3, Legrand et al. 2004 eq. (1).
 */
rm_status rm_mapping_doc_dfpa(const rm_mapping_doc *d, long n_units, double dc,
                              const rm_dfpa_options *opt, long *units, rm_dfpa **out,
                              rm_error *err);

#pragma GCC visibility pop
#ifdef __cplusplus
}
#endif

#endif
