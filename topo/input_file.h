/*
 * input_file.h — the checks every input file of the library goes through
 * before a parser sees it (hardening: no crash or hang on special files):
 * it must be a regular file (not a directory, FIFO, device such as
 * /dev/zero, socket) of at most RM_INPUT_MAX_BYTES bytes. igraph's GML
 * lexer aborts the process on a directory and every reader would wait
 * forever on a FIFO or read /dev/zero without end, so the check comes first.
 * Internal to the library (platform readers, mapping-JSON reader).
 */
#ifndef RM_TOPO_INPUT_FILE_H
#define RM_TOPO_INPUT_FILE_H

#include "ringmap/topo.h"

#include <stdio.h>

/* RM_INPUT_MAX_BYTES, the largest input file: ringmap/topo.h */

/** Check path without opening it (stat): RM_EINPUT "PATH: cannot open: ..."
 *  if it does not exist, "PATH: not a regular file (a directory)" etc., or
 *  "PATH: N bytes, more than the limit of 256 MiB". Thread-safe. O(1). */
rm_status rmi_input_check(const char *path, rm_error *err);

/** Open path for reading after the same checks, made on the opened file
 *  itself (open with O_NONBLOCK, so a FIFO cannot block, then fstat): a
 *  stream positioned at the start, or NULL with err set (RM_EINPUT, or
 *  RM_ENOMEM). Thread-safe. O(1). */
FILE *rmi_input_fopen(const char *path, rm_error *err);

/** Skip a UTF-8 byte order mark (EF BB BF) at the start of the stream f,
 *  just opened: returns the offset the text starts at (3 after a mark, else
 *  0, f positioned there). Every text reader skips it (Windows editors write
 *  it; CSV, GML, Tiers and, through libxml2, GraphML agree). O(1). */
long rmi_input_skip_bom(FILE *f);

#endif
