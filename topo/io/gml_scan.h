/*
 * gml_scan.h — the structural checks of a GML platform that igraph's reader
 * does not make (topo/io/gml_scan.c). Internal to the library.
 */
#ifndef RM_TOPO_GML_SCAN_H
#define RM_TOPO_GML_SCAN_H

#include "ringmap/topo.h"

#include <stdio.h>

/** Scan the GML text of f (from its current position; the caller rewinds
 *  afterwards): RM_EINPUT "PATH: line N: ..." for a second top-level graph
 *  or a node/edge platform key whose value is a list (`w [ x 1 ]`) or, for
 *  a number key, an empty string (`w ""`); a key
 *  given twice in one block is reported through ro->warn (ro or ro->warn
 *  NULL: on stderr, topo/io/warn.h) as
 *  "PATH: line N: node: key 'w' given twice (first at line M); the last
 *  value is used". RM_EINPUT "PATH: line N: a string of more than 65536
 *  bytes ..." for a string or word longer than RMI_GML_MAX_TOKEN; RM_ELIMIT
 *  when (distinct node keys) x nodes + (distinct edge keys) x edges is more
 *  than rmi_gml_max_cells(file size). RM_ENOMEM. Thread-safe. O(size of
 *  the file). */
/** Longest string or word of a GML platform, in bytes. */
#define RMI_GML_MAX_TOKEN 65536
/** The attribute values igraph may store whatever the file's size. */
#define RMI_GML_MIN_CELLS 1048576.0

/** Most attribute values igraph may store for a file of the given size:
 *  the larger of RMI_GML_MIN_CELLS and bytes / 4 (a file where every node
 *  has every key stays below bytes / 4). O(1). */
double rmi_gml_max_cells(long long bytes);

rm_status rmi_gml_scan(FILE *f, const char *path, const rm_read_options *ro, rm_error *err);

#endif
