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
 * Write the mapping as the JSON of docs/cli.md (stable field names) to f.
 * RM_ENOMEM / RM_EINTERNAL on failure. O(q + L + E).
 * Thread safety: safe from several threads on distinct streams; net and m are
 * only read.
 */
rm_status rm_mapping_write_json(FILE *f, const rm_network *net, const rm_options *opt,
                                const rm_mapping *m, rm_error *err);

/** Write a human-readable table of the mapping to f. O(q + L + n_sweep).
 *  Nothing is written when f is NULL or m is not a mapping of net (NULL,
 *  a ring position that is not a host, a route arc out of range).
 *  Thread safety: safe from several threads on distinct streams; net and m are
 *  only read. */
void rm_mapping_print(FILE *f, const rm_network *net, const rm_mapping *m);

#pragma GCC visibility pop
#ifdef __cplusplus
}
#endif

#endif /* RINGMAP_OUTPUT_H */
