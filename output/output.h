/*
 * output.h — builders behind the mapping outputs (not part of the public
 * header ringmap.h because they expose jansson types): the JSON object of
 * one mapping (docs/cli.md, "JSON output (a stable interface)"), a dumper
 * with the project's fixed formatting flags, and the side-by-side table of
 * SliceRing vs SharedRing (Legrand et al. 2004, Tables 3–4).
 */
#ifndef RINGMAP_RING_OUTPUT_H
#define RINGMAP_RING_OUTPUT_H

#include "ringmap/output.h"

#include <jansson.h>
#include <stdio.h>

/** Flags used for every JSON the project writes: indented, keys in
 *  insertion order (deterministic), 17 significant digits (doubles
 *  round-trip exactly). */
#define RM_JSON_FLAGS (JSON_INDENT(2) | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(17))

/**
 * The JSON object of one mapping, the schema of docs/cli.md ("JSON output"):
 * ringmap_version, platform{name,hosts,routers,links},
 * params{dc_dw, heuristic, sharing (SharedRing) | make_feasible (SliceRing),
 * final_solver, duplex, routing (if opt), latency, parallel_send, dc (if
 * latency), max_q (if opt)}, t_step_per_dw (s/Mflop),
 * [t_step_per_dw_unshared for SliceRing], ring[{node,label,w,alpha,succ,pred,
 * time_per_dw}], link_usage[{link,capacity,allocated}],
 * sweep[{q,t_step_per_dw[,t_step_per_dw_unshared]}].
 * "node" and the route "nodes" are GML ids (rm_node.id), "link" the 0-based
 * position of the edge in the file. params.heuristic, sharing /
 * make_feasible and final_solver are those of the mapping (m->heuristic,
 * m->sharing, m->final_solver: what was actually done); dc_dw, duplex,
 * routing and max_q come from opt (opt may be NULL: then m->cost.dc_dw and
 * net->duplex, no routing nor max_q); the routing is written resolved on
 * net (rm_routing_resolve: "fixed" or "widest", never "auto").
 * Non-finite numbers are written as null; sweep lists only the ring sizes
 * tried (finite sweep_t). Returns a new reference, or NULL with err set
 * (RM_ENOMEM). Complexity O(q + L + E + n_sweep), L = total route length.
 */
json_t *rmi_mapping_json(const rm_network *net, const rm_options *opt, const rm_mapping *m,
                        rm_error *err);

/** A JSON string of a user string (label, platform name, file name): the
 *  bytes that are not well-formed UTF-8 replaced by U+FFFD (JSON text is
 *  UTF-8; jansson refuses anything else), control characters escaped by
 *  the writer; NULL s gives "". NULL on allocation failure. O(|s|). */
json_t *rmi_json_text(const char *s);

/** Dump j to f with RM_JSON_FLAGS and a final newline. RM_EINTERNAL if the
 *  write fails. O(size of j). */
rm_status rmi_json_write(FILE *f, const json_t *j, rm_error *err);

/** Improvement of SharedRing over SliceRing in percent, Legrand et al. 2004 Tables 3–4:
 *  (T_slice - T_shared) / T_slice * 100. O(1). */
double rmi_improvement_percent(double t_slice, double t_shared);

/**
 * Print the comparison line of Legrand et al. 2004 Tables 3–4 for one D_c/D_w:
 * SliceRing's feasible T_step/D_w (ring size), its own unshared estimate,
 * SharedRing's T_step/D_w (ring size) and the improvement in percent.
 * O(1).
 */
void rmi_compare_print(FILE *f, const rm_mapping *slice, const rm_mapping *shared);

#endif
