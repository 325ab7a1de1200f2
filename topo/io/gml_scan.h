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
 *  or a node/edge platform key whose value is a list (`w [ x 1 ]`); a key
 *  given twice in one block is reported through ro->warn (ro or ro->warn
 *  NULL: on stderr, topo/io/warn.h) as
 *  "PATH: line N: node: key 'w' given twice (first at line M); the last
 *  value is used". RM_ENOMEM. Thread-safe. O(size of the file). */
rm_status rmi_gml_scan(FILE *f, const char *path, const rm_read_options *ro, rm_error *err);

#endif
