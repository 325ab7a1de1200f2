/*
 * graphml_scan.h — the checks of a GraphML platform that igraph's reader
 * does not make (topo/io/graphml_scan.c). Internal to the library.
 */
#ifndef RM_TOPO_GRAPHML_SCAN_H
#define RM_TOPO_GRAPHML_SCAN_H

#include "ringmap/topo.h"

#include <igraph.h>

/** RM_EINPUT "PATH: line N: ..." for a node id declared twice, an edge end
 *  that is not a declared node, a numeric node id out of range, a NaN /
 *  empty / non-numeric w, speed, bandwidth, LinkSpeedRaw, latency or
 *  backbone (value or <default>), a second <graph>, and what igraph's reader
 *  drops: an entity reference, a nested <graph>, a <hyperedge>, an edge's
 *  own direction, an unknown edgedefault, a <data> of an undeclared key or of
 *  a key for the other kind of element, a key given twice in one element,
 *  two <key>s of one attribute name; RM_OK otherwise (also for a file that
 *  is not XML: igraph reports it). Prints nothing (topo/xml_quiet.h).
 *  Thread-safe. O(size + (N + K) log K). */
rm_status rmi_graphml_scan(const char *path, rm_error *err);

/* A subnormal <data> value of a node or edge (igraph's GraphML reader
 * refuses 1e-310: "Cannot parse GraphML file", a valid input refused): the
 * element (is_edge; an edge's position among the <edge> elements, a node's
 * GraphML id), the key's attr.name and the value. */
typedef struct rm_graphml_patch {
    int is_edge;
    long index;    /* edges: igraph's edge index */
    char *node_id; /* nodes: the GraphML id (igraph's vertex attribute "id") */
    char key[64];
    double value;
} rm_graphml_patch;

typedef struct rm_graphml_subnormals {
    char *text; /* the document with each such value written as 0; NULL if none */
    size_t len;
    rm_graphml_patch *patch;
    int n;
} rm_graphml_subnormals;

/** Find the subnormal <data> values (0 < |x| < DBL_MIN) of the nodes and
 *  edges of the file's <graph>. None: out->text = NULL. Otherwise out->text
 *  is the document (libxml2's serialisation) with each written as 0, for
 *  igraph, and out->patch the values to put back (rmi_graphml_subnormal_apply).
 *  A file that is not XML: none (igraph reports it). RM_ENOMEM. O(size). */
rm_status rmi_graphml_subnormal_scan(const char *path, rm_graphml_subnormals *out, rm_error *err);

/** Put the values back into the graph igraph read from out->text: numeric
 *  attributes get the value, string ones "%.17g". RM_ENOMEM. O(N log N + n). */
rm_status rmi_graphml_subnormal_apply(const rm_graphml_subnormals *s, igraph_t *g, const char *path,
                                     rm_error *err);

void rmi_graphml_subnormal_free(rm_graphml_subnormals *s);

#endif
