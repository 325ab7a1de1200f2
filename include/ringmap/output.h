/*
 * ringmap/output.h — writing a mapping: the JSON of the stable interface and a table.
 *
 * Part of the public C API of libringmap (include <ringmap.h> for all of it).
 * Conventions, indices and units: see ringmap.h.
 */
#ifndef RINGMAP_OUTPUT_H
#define RINGMAP_OUTPUT_H

#include <stdio.h>
#include "ringmap/heur.h"

#ifdef __cplusplus
extern "C" {
#endif
#pragma GCC visibility push(default)

/* ------------------------------------------------------------------------ */
/* output                                                                     */
/* ------------------------------------------------------------------------ */

/**
 * Write the mapping as the JSON of docs/cli.md (stable field names) to f:
 * the bytes `ringmap --json` writes for a run with options opt (the routing
 * recorded resolved on net, rm_routing_resolve) when that run has no
 * --dc/--dw, --all-shares, --units nor --heuristic both; for those, use
 * rm_mapping_write_json_extras (this is it with extras NULL). opt may be
 * NULL: params then take D_c/D_w from m, the duplex from net, and have no
 * routing, max_q nor search options. Errors: RM_EINVAL (NULL f, net or m;
 * m not a mapping of net), RM_ENOMEM, RM_EINTERNAL (the write failed).
 * O(q + L + E + n_sweep).
 * Thread safety: safe from several threads on distinct streams; net and m are
 * only read.
 */
rm_status rm_mapping_write_json(FILE *f, const rm_network *net, const rm_options *opt,
                                const rm_mapping *m, rm_error *err);

/** Number of share methods of rm_json_extras.share_methods (`--all-shares`):
 *  own, maxmin, eq5, kinsol, glpk. */
#define RM_N_SHARE_METHODS 5

/** What `ringmap --json` writes beyond a mapping and its options
 *  (rm_mapping_write_json_extras). Start from rm_json_extras_init (all
 *  off) or {0}. */
typedef struct rm_json_extras {
    /* the absolute D_w of the run, Mflop (`--dc X --dw Y`): > 0 (finite)
       writes params.dc (the absolute D_c, opt->cost.dc, or m->cost.dc when
       opt is NULL), params.dw and "t_step" = t_step_per_dw x dw (s);
       0 (default): none of them */
    double dw;
    /* NULL (default), or RM_N_SHARE_METHODS values T_step/D_w (s/Mflop) of
       the mapping's ring and routes with the shares of each method of
       `--all-shares`, in this order: the heuristic's own, max-min,
       eq. (5)'s surrogate optimum, KINSOL's and GLPK's optimum of T_step
       (Legrand et al. 2004 §4.4.3, Figs 13-14); NAN: the method failed
       (written null). Written as "share_methods": {"own": t, ...}. */
    const double *share_methods;
    /* `--units N`: > 0 writes "units": {"total": N, "t_step_per_dw": T}
       and ring[k].units, the integer work shares of rm_mapping_units(net,
       m, N, 0, ...) and their T_step/D_w (rm_mapping_units_tstep, shares.h);
       0 (default): none */
    long units;
    /* `--heuristic both`: not NULL, SliceRing's mapping of the same run on
       the same network (m being SharedRing's): the document is then
       {"ringmap_version", "shared": m's JSON with all the above, "slice":
       this mapping's JSON (with params.dc/dw and t_step when dw > 0),
       "improvement_percent": (T_slice - T_shared) / T_slice x 100 (Legrand
       et al. 2004 Tables 3-4)}; NULL (default): m's JSON alone */
    const rm_mapping *both_slice;
    /* reserved for fields of later 1.x releases (docs/library.md, "ABI
       notes"); zeroed by rm_json_extras_init */
    rm_reserved_slot reserved[8];
} rm_json_extras;

/** All extras off (dw 0, share_methods NULL, units 0, both_slice NULL), the
 *  reserved tail zeroed. O(1). Thread safety: reentrant. */
void rm_json_extras_init(rm_json_extras *x);

/**
 * rm_mapping_write_json with the extras x (NULL: none; see rm_json_extras):
 * exactly the bytes `ringmap PLATFORM --json FILE` writes for the run of
 * opt, with --dc/--dw (x->dw), --all-shares (x->share_methods), --units N
 * (x->units) and --heuristic both (x->both_slice) — the one writer of that
 * document (the command calls it; ctest lib_same_json compares them byte
 * for byte). Errors: as rm_mapping_write_json, plus RM_EINVAL for
 * x->both_slice not a mapping of net, RM_EINPUT for x->dw not finite >= 0
 * or x->units < 0 (and rm_mapping_units's errors: units below the ring's
 * minimum). Nothing is written on error. O(q + L + E + n_sweep) per mapping,
 * plus rm_mapping_units's time with units.
 * Thread safety: safe from several threads on distinct streams; net, opt,
 * m and x are only read.
 */
rm_status rm_mapping_write_json_extras(FILE *f, const rm_network *net, const rm_options *opt,
                                       const rm_mapping *m, const rm_json_extras *x,
                                       rm_error *err);

/* ------------------------------------------------------------------------ */
/* the names of the enums                                                     */
/* ------------------------------------------------------------------------ */

/** The enums whose values have names: the spelling of the mapping JSON
 *  (params.heuristic, sharing, ...), of the DOT and table outputs and of
 *  the `ringmap` options (--heuristic, --sharing, ...). One table in the
 *  library (output/names.c) for all of them. */
typedef enum rm_enum_kind {
    RM_ENUM_HEURISTIC = 0,    /* rm_heuristic: shared, slice, exact, slice-exact, both */
    RM_ENUM_SHARING = 1,      /* rm_sharing: greedy, maxmin, eq5 */
    RM_ENUM_FINAL_SOLVER = 2, /* rm_final_solver: none, kinsol, glpk */
    RM_ENUM_ROUTING = 3,      /* rm_routing: widest, direct, fixed, auto (the JSON records the
                                 resolved routing: never auto) */
    RM_ENUM_DUPLEX = 4,       /* rm_duplex: half, full */
    RM_ENUM_ROUTE_TIES = 5,   /* rm_route_ties: index, hops, load, bottleneck2, share, best */
    RM_ENUM_IMPROVE_STOP = 6, /* rm_improve_stop: not_run, local_optimum, move_limit,
                                 time_budget, evaluation_limit (params.improve.stop) */
    RM_ENUM_SHARE_METHOD = 7, /* index k of rm_json_extras.share_methods: own, maxmin, eq5,
                                 kinsol, glpk (the keys of "share_methods") */
    RM_ENUM_NETWORK = 8,      /* rm_network_model: reserved, fair (1.2) */
    RM_ENUM_ALPHA_RULE = 9,   /* rm_alpha_rule: best, speed (1.2; params.alphas of a given
                                 ring, `ringmap eval --alpha`), additive (since 1.7) */
    RM_ENUM_STEP = 10,        /* rm_step_kind: heuristic, search, final_solver (1.2;
                                 params.pipeline[].step), fluid_check (since 1.6),
                                 simulated_pick (since 1.7) */
    RM_ENUM_FINAL_OUTCOME = 11, /* rm_final_outcome: not_run, improved, no_gain, failed
                                 (params.final_outcome; 1.2) */
    RM_ENUM_SYMMETRIC = 12,   /* rm_symmetric (measured.h): auto, none, max, mean, min (1.2;
                                 `ringmap --symmetric`) */
    RM_ENUM_JUDGE = 13        /* rm_judge_outcome (ring.h): not_run, simulated, over_budget,
                                 refused (1.7; t_step_valuation_reason of the JSON) */
} rm_enum_kind;

/** One named value of an enum. */
typedef struct rm_enum_entry {
    const char *name; /* lower case, no space, e.g. "slice-exact" */
    int value;        /* the enum's value, e.g. RM_HEUR_SLICE_EXACT */
} rm_enum_entry;

/** The named values of kind, in the order of their values (the order in
 *  which messages list them); *n (may be NULL) = their number. NULL (and
 *  *n = 0) for a kind not in rm_enum_kind. The rows are the library's
 *  constant data, valid for the life of the program. O(1).
 *  Thread safety: reentrant (constant data). */
const rm_enum_entry *rm_enum_entries(rm_enum_kind kind, int *n);

/** The name of value of kind, e.g. rm_enum_name(RM_ENUM_SHARING,
 *  RM_SHARING_EQ5) = "eq5"; NULL when value (or kind) has none. O(number
 *  of values). Thread safety: reentrant (constant data). */
const char *rm_enum_name(rm_enum_kind kind, int value);

/** The value of kind named name (exact, case-sensitive match) into *value:
 *  RM_OK; RM_EINPUT when no value of kind has that name (*value
 *  unchanged); RM_EINVAL for a NULL name or value or an unknown kind. O(number
 *  of values x |name|). Thread safety: reentrant (constant data). */
rm_status rm_enum_from_name(rm_enum_kind kind, const char *name, int *value);

/** Write a human-readable table of the mapping to f. O(q + L + n_sweep).
 *  Nothing is written when f is NULL or m is not a mapping of net (NULL,
 *  a ring position that is not a host, a route end or arc out of range,
 *  more ring sizes tried than hosts): a bad mapping never crashes it.
 *  Thread safety: safe from several threads on distinct streams; net and m are
 *  only read. */
void rm_mapping_print(FILE *f, const rm_network *net, const rm_mapping *m);

#pragma GCC visibility pop
#ifdef __cplusplus
}
#endif

#endif /* RINGMAP_OUTPUT_H */
