/*
 * ringmap.h — the public C API of libringmap.
 *
 * libringmap maps an iterative computation whose processors only talk to their
 * two ring neighbours onto a heterogeneous platform with a sparse, shared
 * network (A. Legrand, H. Renard, Y. Robert, F. Vivien, "Mapping and
 * Load-Balancing Iterative Computations", IEEE Transactions on Parallel and
 * Distributed Systems, 2004 — "Legrand et al. 2004" below).
 *
 * Other works cited by short name in the headers:
 *   - Boulet et al. 1999: P. Boulet, J. Dongarra, F. Rastello, Y. Robert,
 *     F. Vivien, "Algorithmic issues on heterogeneous computing platforms",
 *     Parallel Processing Letters, 1999 (integer allocation, alloc.h);
 *   - Casanova, ICS 632: H. Casanova, "Principles of High Performance
 *     Computing (ICS 632): Heterogeneous Parallel Computing", lecture slides
 *     (the incremental allocation);
 *   - Lastovetsky and Reddy: A. Lastovetsky, R. Reddy, "Distributed Data
 *     Partitioning for Heterogeneous Processors Based on Partial Estimation
 *     of Their Functional Performance Models" (functional performance
 *     models, DFPA, balance.h);
 *   - Weissman 1995: J. B. Weissman, "Scheduling Parallel Computations in a
 *     Heterogeneous Environment", PhD thesis, University of Virginia, 1995
 *     (the affine latency + size/bandwidth cost).
 * Full references, what is taken from each work and the published numbers
 * the tests check: docs/sources.md.
 * The model, units and equations: docs/model.md; input formats:
 * docs/formats.md; the JSON output: docs/cli.md.
 *
 * Model and units (Legrand et al. 2004 §2):
 *   - host cycle-time w (s/Mflop: time for one unit of work), router w = 0;
 *   - link bandwidth b (Mb/s); a route of bandwidth b costs c = 1/b (s/Mb);
 *   - per step: work D_w (Mflop) shared as alpha_i * D_w, message D_c (Mb) to
 *     each ring neighbour; the library works with the ratio dc_dw = D_c/D_w and
 *     reports T_step/D_w (s/Mflop).
 *
 * Conventions (after igraph, GLPK, SUNDIALS):
 *   - prefix rm_; objects with _init/_destroy (caller-owned storage) or
 *     _new/_free (library-allocated);
 *   - a function that can fail returns rm_status and fills an rm_error
 *     (status + message naming the file, line, node or link); a library
 *     function never exits and never prints, but for the platform readers'
 *     warnings, on stderr unless rm_read_options.warn redirects or silences
 *     them (rm_warn_silent);
 *   - knobs live in option structs initialised by rm_*_init();
 *   - thread safety (stated for every function): any function may run in
 *     several threads at once as long as what a call writes (its non-const
 *     arguments) is not shared; what it only reads (a const platform,
 *     network, options, mapping) may be shared. Routing on a shared network
 *     takes a workspace per call from the network's pool; igraph calls (GML
 *     and GraphML readers, network construction) are serialised by one
 *     process-wide mutex because Debian's igraph is not thread-safe.
 *
 * Indices: a "node" is an index 0..n_nodes-1 into rm_platform.nodes (not the
 * GML id); a "link" is an index 0..n_links-1 into rm_platform.links (= the
 * 0-based position of the edge in the file); an "arc" is a directed use of a
 * link (see rm_network); a "resource" is one capacity constraint.
 */
#ifndef RINGMAP_H
#define RINGMAP_H

/* One header per module (bottom to top); each can be included alone. A new
   module adds its header under include/ringmap/ and one line here. Every
   public header wraps its declarations in "#pragma GCC visibility
   push(default)" / "pop": the library is built with -fvisibility=hidden, so
   only what the public headers declare is exported from libringmap.so
   (tests/install/install.sh checks it). */
#include "ringmap/error.h"  /* version, rm_status, rm_error */
#include "ringmap/model.h"  /* route/host cost, eq. (1), eq. (5), balance */
#include "ringmap/topo.h"   /* platforms, network, routes, widest paths */
#include "ringmap/bw.h"     /* max-min fairness, optimal shares, residual */
#include "ringmap/ring.h"   /* mappings, T_step of a fixed ring */
#include "ringmap/heur.h"   /* options, SharedRing, SliceRing */
#include "ringmap/mapper.h" /* rm_map, rm_map_network */
#include "ringmap/output.h" /* JSON and table */
#include "ringmap/alloc.h"  /* integer allocation (Boulet et al. 1999, Casanova, ICS 632) */

#include "ringmap/shares.h" /* work units, part sizes (docs/launch.md) */
#include "ringmap/mapping_json.h" /* reading the mapping JSON back (docs/cli.md) */
#include "ringmap/balance.h" /* functional performance models, DFPA (Lastovetsky and Reddy) */
#include "ringmap/partition.h" /* a partition of the user's graph that keeps the ring (docs/launch.md) */
#include "ringmap/measured.h" /* measured CSV bandwidth matrix + speeds (docs/measured-matrix.md) */

#endif /* RINGMAP_H */
