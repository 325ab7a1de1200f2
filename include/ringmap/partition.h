/*
 * ringmap/partition.h — a partition of the user's graph (a mesh, the
 * solver's dependency graph) that keeps the ring: part k, computed by ring
 * position k (MPI rank k with the launch files of `ringmap map`), has the
 * mapping's integer units as its size and touches only parts k-1 and k+1
 * wherever the graph allows, so that the solver's halo exchanges use only
 * the routes the mapping provisioned (Legrand et al. 2004 §2: a processor
 * exchanges with its two ring neighbours only). A k-way partitioner (METIS
 * with target part weights, Scotch) gives the sizes but not this adjacency.
 *
 * Graphs are read in the METIS graph format (METIS 5 manual §4.1.1: a
 * header "n m [fmt [ncon]]", then one line per vertex listing its
 * neighbours, 1-based, '%' comment lines) and coordinates as one line per
 * vertex of 1 to 3 numbers (the .xyz files of Chaco and METIS's examples).
 * The partition is written as METIS's part files are: one part number per
 * vertex line, 0-based.
 *
 * Part of the public API of libringmap; included by ringmap.h. Implemented in
 * balance/metis_graph.c and balance/ring_partition.c. No global state; no
 * function prints or exits.
 */
#ifndef RINGMAP_PARTITION_H
#define RINGMAP_PARTITION_H

#include "ringmap/error.h"

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif
#pragma GCC visibility push(default)

/** An undirected graph in compressed rows (METIS's xadj/adjncy), 0-based,
 *  library-allocated (rm_graph_free). Each edge {u, v} appears in both
 *  rows, with one weight. */
typedef struct rm_graph {
    long n;       /* vertices */
    long m;       /* undirected edges; xadj[n] = 2 m */
    long *xadj;   /* n + 1 offsets into adjncy */
    long *adjncy; /* 2 m neighbours, 0-based */
    long *vwgt;   /* n vertex weights >= 0 (1 each when the file gives none) */
    long *adjwgt; /* 2 m edge weights >= 1 (1 each when the file gives none) */
    int dim;      /* coordinates per vertex: 0 (none), 1, 2 or 3 */
    double *xyz;  /* n * dim coordinates (NULL when dim = 0) */
} rm_graph;

/** The largest graph the reader accepts: vertices and edges each. */
#define RM_GRAPH_MAX 100000000L

/**
 * Read a graph in the METIS graph format from path (a regular file of at
 * most 256 MiB; a UTF-8 byte order mark skipped): header "n m [fmt
 * [ncon]]" with fmt one of 0, 1, 10, 11, 100, 101, 110, 111 (vertex sizes,
 * vertex weights, edge weights) and ncon <= 1, then n vertex lines ('%'
 * lines are comments; an empty line is a vertex without neighbours;
 * trailing blank lines allowed). Strict: a neighbour outside 1..n, a
 * self-loop, an edge listed twice in a row, an edge {u, v} not listed in
 * both rows or with two weights, a count of edges other than m, a negative
 * vertex weight, an edge weight < 1, a number that is not an integer, more
 * or fewer than n vertex lines, n or m above RM_GRAPH_MAX: RM_EINPUT with a
 * message "PATH:LINE: ..." naming the line. *out a new graph (dim 0).
 * Errors: RM_EINPUT, RM_ENOMEM, RM_EINVAL (NULL path or out).
 * Thread-safe. O(size of the file + m log m). Source: METIS 5.1 manual §4.1.1.
 */
rm_status rm_graph_read_metis(const char *path, rm_graph **out, rm_error *err);

/** The same from len bytes of text (name: in messages, e.g. "<fuzz>").
 *  O(len + m log m). */
rm_status rm_graph_parse_metis(const char *text, size_t len, const char *name, rm_graph **out,
                               rm_error *err);

/**
 * Read the coordinates of g's vertices from path: g->n lines (comment lines
 * '%' or '#' and blank lines skipped) of the same count, 1 to 3, of finite
 * numbers separated by blanks or commas. Sets g->dim and g->xyz (replacing
 * earlier ones). Errors: RM_EINPUT "PATH:LINE: ..." (a line that is not
 * numbers, another count, more or fewer lines than vertices), RM_ENOMEM,
 * RM_EINVAL. g is unchanged on error. O(size of the file).
 */
rm_status rm_graph_read_coords(rm_graph *g, const char *path, rm_error *err);

/** Free a graph (NULL is fine). O(1). */
void rm_graph_free(rm_graph *g);

/** How rm_ring_partition orders the vertices before cutting the order
 *  into q contiguous parts. */
typedef enum rm_ring_order {
    RM_RING_ORDER_AUTO = 0,   /* levels; with coordinates, slabs too, the one with less
                                 weight between non-neighbour parts kept (then the
                                 smaller ring cut; ties: slabs) */
    RM_RING_ORDER_LEVELS = 1, /* breadth-first levels from a pseudo-peripheral vertex of
                                 each connected component (Gibbs, Poole and Stockmeyer 1976;
                                 igraph_pseudo_diameter, igraph_bfs_simple) */
    RM_RING_ORDER_SLABS = 2   /* slabs along the coordinate axis of widest extent */
} rm_ring_order;

/** A partition in ring order and its report (library-allocated:
 *  rm_ring_partition_free). Ring edge k joins parts k and k+1 (mod q). */
typedef struct rm_ring_partition {
    int q;              /* parts = ring positions */
    long n;             /* vertices */
    rm_ring_order order; /* the order used (never AUTO) */
    int *part;          /* n: the part (ring position) of each vertex */
    long *target;       /* q: the vertex weight asked of each part */
    long *size;         /* q: the vertex weight each part got */
    long *cut;          /* q: total weight of the edges across ring edge k */
    long *halo;         /* q: halo volume of ring edge k: the vertices of part k
                           with a neighbour in part k+1 plus those of part k+1
                           with a neighbour in part k (with q = 2 both ring edges
                           are one pair: all in entry 0) */
    int n_contacts;     /* pairs of parts that touch but are not ring neighbours */
    int *contact;       /* 2 n_contacts: the pairs (i, j), i < j, sorted */
    long *contact_cut;  /* n_contacts: the edge weight between each pair */
} rm_ring_partition;

/**
 * Partition g into q parts in ring order: the vertices are ordered (by
 * order: breadth-first levels from a pseudo-peripheral vertex, component
 * after component, or slabs along the widest axis of the coordinates; AUTO:
 * see rm_ring_order) and the order is cut into q contiguous chunks,
 * chunk k of vertex weight target[k], where target is units (q entries >=
 * 0, sum > 0: a mapping's integer units, rm_mapping_units or
 * rm_mapping_doc_units) scaled to g's total vertex weight W (largest
 * remainders; target = units when their sum is W). With unit vertex
 * weights every size equals its target. Edges of a level structure join
 * the same or consecutive levels, so part k touches only parts k-1 and k+1
 * whenever each part holds at least a level's worth of vertices (a slab at
 * least an edge's length); where the graph does not allow it (a part
 * smaller than a level, a 0-unit part between two others) the touching
 * pairs are reported in n_contacts / contact, not hidden. The ring being a
 * cycle, the order may start at any ring position and run either way round
 * (the ring edge closing the cycle then carries no halo): the start and
 * direction with the least weight between non-neighbour parts are kept (all
 * 2q tried when 2q (n + m) <= 1e8, else the plain one).
 * Errors: RM_EINVAL (g, units or out NULL), RM_EINPUT (q < 1, a negative
 * unit or all 0, a graph of 0 total weight, RM_RING_ORDER_SLABS without
 * coordinates, an unknown order), RM_ENOMEM, RM_EINTERNAL (igraph).
 * Thread-safe on a const g. Complexity O(n log n + q (n + m)).
 * Source: Legrand et al. 2004 §2 (ring neighbours only); the level
 * structure of Gibbs, Poole and Stockmeyer 1976 (pseudo-peripheral start).
 */
rm_status rm_ring_partition_compute(const rm_graph *g, int q, const long *units,
                                    rm_ring_order order, rm_ring_partition **out, rm_error *err);

/** Free a partition (NULL is fine). O(1). */
void rm_ring_partition_free(rm_ring_partition *p);

#pragma GCC visibility pop
#ifdef __cplusplus
}
#endif

#endif
