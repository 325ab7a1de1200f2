/*
 * graphml_scan.h — the checks of a GraphML platform that igraph's reader
 * does not make (topo/graphml_scan.c). Internal to the library.
 */
#ifndef RM_TOPO_GRAPHML_SCAN_H
#define RM_TOPO_GRAPHML_SCAN_H

#include "ringmap.h"

/** RM_EINPUT "PATH: line N: ..." for a node id declared twice, an edge end
 *  that is not a declared node, a numeric node id out of range, a NaN /
 *  empty / non-numeric w, speed, bandwidth, LinkSpeedRaw, latency or
 *  backbone, a second <graph>; RM_OK otherwise (also for a file that is not
 *  XML: igraph reports it). Thread-safe. O(size + N log N). */
rm_status rm_graphml_scan(const char *path, rm_error *err);

#endif
