#ifndef RM_TOPO_GML_SUBNORMAL_H
#define RM_TOPO_GML_SUBNORMAL_H

#include "ringmap/topo.h"

#include <igraph.h>
#include <stdio.h>

/* One subnormal number of a GML file (igraph's lexer refuses them): where it
 * belongs and its value. level: 0 graph, 1 node, 2 edge; index: the node's
 * or edge's position in the file (= igraph's vertex or edge index). */
typedef struct rm_gml_patch {
    int level;
    long index;
    char key[32];
    double value;
} rm_gml_patch;

typedef struct rm_gml_subnormals {
    char *text;           /* the file with every subnormal written as 0; NULL if none */
    size_t len;
    rm_gml_patch *patch;  /* the values to put back after igraph read `text` */
    int n;
} rm_gml_subnormals;

/* Find the subnormal numbers (0 < |x| < DBL_MIN, e.g. 1e-310) of the GML
 * file f (read from its current position to EOF). None: out->text = NULL
 * and f is left at EOF (rewind it). Otherwise out->text is the file with each
 * such number written as 0 (igraph reads it), and out->patch the values
 * rmi_gml_subnormal_apply puts back. Tokens as igraph's lexer ('#' comment
 * lines, "..." strings, [ ]). RM_ENOMEM on allocation failure. O(size of
 * the file) time and memory. Not thread-safe on one FILE. */
rm_status rmi_gml_subnormal_scan(FILE *f, const char *path, rm_gml_subnormals *out, rm_error *err);

/* Type (igraph_attribute_type_t, or -1 if igraph did not keep it) of the
 * graph (level 0), vertex (1) or edge (2) attribute `key`. */
typedef int (*rm_gml_attr_type_fn)(void *ctx, int level, const char *key);

/* Put the scanned values back into the graph igraph read from out->text
 * (numeric attribute; a string attribute gets the number as "%.17g"),
 * types from the caller's attribute listing. O(number of values). */
rm_status rmi_gml_subnormal_apply(const rm_gml_subnormals *s, igraph_t *g, rm_gml_attr_type_fn type_of,
                                 void *ctx, const char *path, rm_error *err);

/* A stream over s->text (fmemopen); NULL on failure. */
FILE *rmi_gml_subnormal_open(const rm_gml_subnormals *s);

void rmi_gml_subnormal_free(rm_gml_subnormals *s);

#endif
