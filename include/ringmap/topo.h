/*
 * ringmap/topo.h — platforms (readers, construction, validation), the network view of
 * routing and sharing (arcs, resources), routes and widest paths.
 *
 * Part of the public C API of libringmap (include <ringmap.h> for all of it).
 * Conventions, indices and units: see ringmap.h.
 */
#ifndef RINGMAP_TOPO_H
#define RINGMAP_TOPO_H

#include "ringmap/error.h"

#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif
#pragma GCC visibility push(default)

/* ------------------------------------------------------------------------ */
/* topo: platforms (Legrand et al. 2004 §2.1)                                           */
/* ------------------------------------------------------------------------ */

/** Largest input file the library's readers accept, in bytes: 256 MiB (the
 *  largest shipped platform is a few kB; a 10^5-node GML is ~20 MB). Every
 *  input file (platform, CSV matrix, mapping JSON, a SimGrid platform's
 *  trace files) is a regular file of at most this size; a stream (standard
 *  input) is read up to it (docs/cli.md, "Input and output files"). */
#define RM_INPUT_MAX_BYTES (256LL * 1024 * 1024)

/**
 * Open the input file at path for reading (a CSV matrix for
 * rm_platform_read_matrices, an application's own input such as an
 * emulation spec) after the checks every input file of the library goes
 * through (docs/cli.md, "Input and output files"): a regular file of at
 * most RM_INPUT_MAX_BYTES, checked on the opened file (a FIFO is opened
 * without blocking and refused, never waited on). Returns the stream (close
 * it with fclose) or NULL with err set: RM_EINPUT "PATH: cannot open:
 * REASON", "PATH: not a regular file (a FIFO)" (a directory, a character
 * device such as /dev/zero, ...), "PATH: N bytes, more than the limit of
 * 256 MiB for an input file"; RM_ENOMEM; RM_EINVAL when path is NULL.
 * Thread safety: reentrant. Complexity O(1).
 */
FILE *rm_input_open(const char *path, rm_error *err);

/** A node of the platform: a host (is_host = 1, cycle-time w > 0, s/Mflop)
 *  or a router (is_host = 0, w = 0). Hosts forward traffic like routers. */
typedef struct rm_node {
    long id;     /* id in the input file (GML id) */
    char *label; /* never NULL ("" if the file had none) */
    int is_host;
    double w; /* cycle-time, s/Mflop; 0 for a router */
} rm_node;

/** A physical link between two nodes (indices into rm_platform.nodes).
 *  In an undirected platform a link can be used in both directions; in a
 *  directed one only from source to target. Parallel links are distinct. */
typedef struct rm_link {
    int source, target;
    double bandwidth; /* capacity, Mb/s, > 0 and finite */
    double latency;   /* s, >= 0 (0 when the file gives none) */
    int backbone;     /* 1: every route may use the whole bandwidth (§2.4) */
} rm_link;

/** A platform: nodes, links, and the list of hosts. */
typedef struct rm_platform {
    char *name; /* e.g. the file's base name without extension */
    int directed;
    int n_nodes;
    rm_node *nodes;
    int n_links;
    rm_link *links;
    int n_hosts;
    int *hosts; /* node indices of the hosts, ascending */
    /* Routes fixed by the file (SimGrid's route of every host pair), used by
       --routing fixed; both NULL when the file fixes none. The route from
       host a = hosts[i] to host b = hosts[j] is the links
       fixed_route_links[fixed_route_start[i*n_hosts+j] ..
       fixed_route_start[i*n_hosts+j+1]) in order from a (an empty range: no
       fixed route). Routes join hosts only: fixed_route_start has
       n_hosts*n_hosts + 1 entries. */
    int *fixed_route_start;
    int *fixed_route_links;
    /* The calibration applied by rm_platform_calibrate (products of its
       factors; 0 = never calibrated, i.e. 1): every link's bandwidth is the
       file's times bw_factor, every latency the file's times lat_factor.
       Recorded in the mapping JSON ("platform.calibration"). Appended in
       1.2. */
    double bw_factor;
    double lat_factor;
    /* The file's own names, for the outputs (the table's routes, the JSON,
       the pictures, export-simgrid); appended in 1.2. All NULL / 0 for a
       file that has none (GML, GraphML, Tiers, a measured matrix, a
       generated platform): its outputs name nodes and links as before.
       A SimGrid platform (docs/simgrid.md) sets them:
       - link_ids (n_links entries): the SimGrid id of link l ("47",
         "c_link_3_UP"), NULL for a connection link (one ringmap adds between
         a host and a SimGrid link or between two SimGrid links: no link of
         the file);
       - n_file_routers: SimGrid's own routers (<router>, a cluster's
         router); ringmap's non-host nodes are link ends, not routers;
       - n_groups, group_names (n_groups), node_group (n_nodes: the group of
         node v, -1 for none): the file's clusters (each <cluster>'s zone),
         whose hosts the pictures draw as one box;
       - n_latency_routes: routes that cross no link of the file and take
         their latency from coordinates (a Vivaldi zone's hosts): mapped
         only with a latency in the cost model (rm_cost_model.latency). */
    char **link_ids;
    int n_file_routers;
    int n_groups;
    char **group_names;
    int *node_group;
    long n_latency_routes;
    /* Routes fixed by the file kept as pieces instead of the route of every
       pair: a SimGrid platform of more hosts than the
       all-pairs table is kept for (docs/simgrid.md, "How the file is
       loaded") has fixed_route_start and fixed_route_links NULL and this
       set (appended in 1.4); the routes are the same SimGrid routes, put together on demand
       (rm_route_from_tree, the JSON and table outputs). Opaque, owned and
       freed by the platform; NULL for every other platform. Test for fixed
       routes with rm_platform_fixes_routes, not fixed_route_start. */
    struct rm_fixed_pieces *fixed_pieces;
} rm_platform;

/** 1 when the platform fixes its routes (a SimGrid file: the all-pairs
 *  table fixed_route_start, or the pieces fixed_pieces), else 0 (also for a
 *  NULL p). O(1). Thread safety: reentrant (p only read). Source: the
 *  routes SimGrid 3.32 gives (Host::route_to), docs/simgrid.md. */
int rm_platform_fixes_routes(const rm_platform *p);

/** The platform's routers as its file counts them: SimGrid's own routers
 *  for a SimGrid platform (rm_platform.link_ids set), else every node that
 *  is not a host (n_nodes - n_hosts). 0 for a NULL p. O(1).
 *  Thread safety: reentrant (p only read). */
int rm_platform_routers(const rm_platform *p);

/** Options of the platform readers. */
typedef struct rm_read_options {
    /** > 0: every node without w/speed becomes a host of cycle-time host_w
     *  (Topology Zoo files have no speeds); 0 (default): such nodes are routers. */
    double host_w;
    /** > 0: bandwidth (Mb/s) given to links that have none (default 0: error). */
    double default_bandwidth;
    /** SimGrid platforms: 1 = w from one core's speed (one single-threaded
     *  rank per host); 0 (default) = speed x core count. */
    int one_core;
    /** Called with each warning of a reader (e.g. SimGrid hosts left out,
     *  a converted file, links too slow for the model, a GML key given
     *  twice): warn(warn_ctx, msg), msg one line without a newline that
     *  names the file first ("FILE: ..."), valid during the call only. NULL
     *  (the default of rm_read_options_init, and of a zeroed struct, and a
     *  NULL ro): printed on standard error by rm_warn_stderr. To silence the
     *  warnings set rm_warn_silent; to redirect them, your own callback. It
     *  is called by the reading thread, during the read. (Before 1.1, NULL
     *  dropped them.) */
    void (*warn)(void *ctx, const char *msg);
    void *warn_ctx;
    /* reserved for fields of later 1.x releases, which take slots from it
       so that the size and the offsets above stay (docs/library.md, "ABI
       notes"); zeroed by rm_read_options_init */
    rm_reserved_slot reserved[8];
} rm_read_options;

/** Default reader options (host_w = 0, default_bandwidth = 0, one_core = 0,
 *  warn = NULL: warnings on standard error). O(1).
 *  Thread safety: reentrant: no shared state, may be called from any number of
 *  threads at once. */
void rm_read_options_init(rm_read_options *ro);

/** The readers' default warning printer (rm_read_options.warn = NULL):
 *  writes "ringmap: warning: MSG" and a newline on standard error (MSG
 *  starts with the file's name: "ringmap: warning: FILE: ..."), as the
 *  `ringmap` command does; ctx is not used. One stdio call per line, so
 *  lines of several threads do not mix. O(|msg|).
 *  Thread safety: safe from several threads at once. */
void rm_warn_stderr(void *ctx, const char *msg);

/** A warning callback that drops every warning: set
 *  rm_read_options.warn = rm_warn_silent to read quietly. O(1).
 *  Thread safety: reentrant. */
void rm_warn_silent(void *ctx, const char *msg);

/**
 * Read a platform from a GML file (docs/formats.md): node attributes
 * `w` (s/Mflop) or `speed` (Mflop/s, w = 1/speed) make a host, `label`;
 * edge attributes `bandwidth` (Mb/s) or else the Topology Zoo's
 * `LinkSpeedRaw` (bit/s, divided by 1e6), `latency` (s), `backbone` (0/1);
 * graph attribute `directed`.
 * The result is validated with rm_platform_validate().
 * Errors: RM_EINPUT with a message naming the file and the line (parse
 *   errors) or the node/edge (semantic errors); RM_ENOMEM; RM_EINVAL
 *   "rm_platform_read_gml: path is NULL" (or out).
 * Complexity: O(N + E) plus validation.
 * Thread safety: safe from several threads at once; igraph's part is
 * serialised by the library's process-wide igraph mutex (Debian's igraph is
 * not thread-safe).
 */
rm_status rm_platform_read_gml(const char *path, const rm_read_options *ro,
                               rm_platform **out, rm_error *err);

/** A platform file format the library reads (docs/formats.md). The
 *  library's table holds one per format, in the order of its messages. */
typedef struct rm_platform_format {
    /** The format's name, rm_platform_read_format's argument and the
     *  command's --format value: "gml", "xml" (SimGrid), "graphml", "tiers",
     *  "csv". */
    const char *name;
    /** The file name endings that select it in rm_platform_read, lower case,
     *  space-separated (".gml"); matched case-insensitively. */
    const char *extensions;
    /** A few words shown after the name in lists ("SimGrid" for xml); ""
     *  when the name says it. */
    const char *description;
    /** 1: the file alone is not a platform: a measured bandwidth matrix
     *  ("csv") needs host speeds from another file and is read with
     *  rm_platform_read_matrices (ringmap/measured.h); rm_platform_read
     *  does not choose it by extension and rm_platform_read_format refuses
     *  it. 0: rm_platform_read_format reads it. */
    int needs_speeds;
} rm_platform_format;

/** The i-th format of the table (0 <= i), NULL past the last one: loop
 *  `for (i = 0; (f = rm_platform_format_at(i)); i++)`. The entries are
 *  constant and live as long as the library. Errors: none (NULL for i < 0).
 *  Thread safety: reentrant. O(1). */
const rm_platform_format *rm_platform_format_at(int i);

/** The format named name (exact, case-sensitive: "gml"), or NULL when no
 *  format has that name or name is NULL. Thread safety: reentrant.
 *  O(number of formats). */
const rm_platform_format *rm_platform_format_find(const char *name);

/** The format whose extension path ends with (case-insensitive: "A.GML" is
 *  gml), including those that need speeds ("x.csv" is csv); NULL when none
 *  does or path is NULL. Only the name is looked at, not the file.
 *  Thread safety: reentrant. O(length of path x number of extensions). */
const rm_platform_format *rm_platform_format_of_path(const char *path);

/** Read a platform, choosing the format from the extension of path
 *  (rm_platform_format_of_path, case-insensitive: .gml, .xml (SimGrid),
 *  .graphml, .tiers; not formats that need speeds). Then as
 *  rm_platform_read_format. Errors: RM_EINPUT "PATH: unknown platform
 *  format (expected .gml, .xml (SimGrid), .graphml or .tiers)" (the list is
 *  the table's) for another extension; RM_EINPUT when path is not a
 *  regular file of at most 256 MiB; then the format's reader's errors;
 *  RM_EINVAL "rm_platform_read: path is NULL" (or out).
 *  Thread safety: safe from several threads at once; igraph's part is
 *  serialised by the library's process-wide igraph mutex (Debian's igraph is
 *  not thread-safe). Complexity: the format's reader's. */
rm_status rm_platform_read(const char *path, const rm_read_options *ro,
                           rm_platform **out, rm_error *err);

/**
 * Read path as the format named format ("gml", "xml", "graphml", "tiers":
 * rm_platform_format_find), whatever its file name (standard input copied
 * to a file, /proc/self/fd/N); format NULL: by the extension, exactly as
 * rm_platform_read. Options ro (NULL: defaults, rm_read_options_init) and
 * units as the format's reader (docs/formats.md; w in s/Mflop, bandwidth
 * in Mb/s, latency in s); *out is a validated platform (rm_platform_validate)
 * to free with rm_platform_free, or NULL on error.
 * Errors: RM_EINVAL "rm_platform_read_format: unknown format 'F' (expected
 *   gml, xml, graphml, tiers or csv)" (the list is the table's); RM_EINVAL
 *   for a format that needs speeds ("csv": read it with
 *   rm_platform_read_matrices); RM_EINPUT when path is not a regular file of
 *   at most 256 MiB; then the reader's errors (RM_EINPUT naming the file and
 *   the line, node or link; RM_ELIMIT; RM_ENOMEM); RM_EINVAL
 *   "rm_platform_read_format: path is NULL" (or out).
 * Thread safety: as rm_platform_read (safe from several threads at once).
 * Complexity: the reader's (O(N + E) plus validation for GML, GraphML and
 * Tiers; SimGrid's load plus H^2 route queries for xml) plus O(number of
 * formats) to find the format.
 * Source: the platform model of Legrand et al. 2004 §2.1; the formats are
 * those of docs/formats.md.
 */
rm_status rm_platform_read_format(const char *path, const char *format,
                                  const rm_read_options *ro, rm_platform **out,
                                  rm_error *err);

/**
 * Allocate an empty platform with n_nodes routers (label "", id = index) and
 * n_links zeroed links, for programmatic construction (tests, generators).
 * Fill nodes/links, then call rm_platform_finalize(). Returns NULL on
 * allocation failure. O(N + E).
 * Thread safety: reentrant.
 */
rm_platform *rm_platform_new(const char *name, int n_nodes, int n_links, int directed);

/** Set a node's label (copied). RM_ENOMEM on failure; RM_EINVAL when p is
 *  NULL or node is not in 0..n_nodes-1 (no message: there is no rm_error).
 *  Thread safety: writes p (not shared while it runs). */
rm_status rm_platform_set_label(rm_platform *p, int node, const char *label);

/** Rebuild p->hosts from the nodes' is_host flags and validate. Errors as
 *  rm_platform_validate(); RM_EINVAL for a NULL p or one whose arrays do
 *  not match its sizes (not made by rm_platform_new). O(N + E) plus validation.
 *  Thread safety: writes p (not shared while it runs). */
rm_status rm_platform_finalize(rm_platform *p, rm_error *err);

/**
 * Check a platform: at least one host; every host has finite w > 0; every
 * link joins two existing distinct nodes (no self-loop) with finite
 * bandwidth > 0 and finite latency >= 0; every host can reach every other
 * host (and be reached, in a directed platform). The message names the
 * offending node (label and id) or link (index, end labels).
 * Errors: RM_EINPUT; RM_EINVAL when p is NULL. Complexity O(H (N + E)) worst case.
 * Thread safety: reentrant: p is only read.
 */
rm_status rm_platform_validate(const rm_platform *p, rm_error *err);

/** Free a platform (NULL is fine).
 *  Thread safety: not while another thread (or a network) uses p. */
void rm_platform_free(rm_platform *p);

/**
 * Calibrate a platform to what an MPI library on its network delivers:
 * multiply every link's bandwidth by bw_factor and every latency by
 * lat_factor, and record the factors (p->bw_factor, p->lat_factor, their
 * products over successive calls). The factors of SMPI's default network
 * model for one message size come from rm_smpi_factors (model.h).
 * Uniform factors commute with the model: a route's bandwidth is its
 * narrowest link's, and max-min fair rates scale with the capacities, so
 * mapping the calibrated platform is mapping the calibrated network
 * (SimGrid's network models scale every flow by such factors: its
 * configuration items network/bandwidth-factor, smpi/bw-factor,
 * smpi/lat-factor).
 * Do it before rm_network_init: a network built earlier keeps the old
 * capacities.
 * Errors: RM_EINVAL (p NULL), RM_EINPUT when a factor is not finite and
 * > 0, or when a calibrated bandwidth or latency would not be finite or a
 * bandwidth would be 0 (p is then unchanged).
 * Thread safety: writes p: not while another thread reads it. O(links).
 */
rm_status rm_platform_calibrate(rm_platform *p, double bw_factor, double lat_factor,
                                rm_error *err);

/* ------------------------------------------------------------------------ */
/* topo: the network seen by routing and sharing                             */
/* ------------------------------------------------------------------------ */

/** How routes are chosen. */
typedef enum rm_routing {
    RM_ROUTING_WIDEST = 0, /* widest paths on the (residual) network, Legrand et al. 2004 */
    RM_ROUTING_DIRECT = 1, /* only the direct link between two hosts: the widest single
                              arc joining them, no route if none (the complete-graph
                              instance of SliceRing taken as given; Theorem 1) */
    RM_ROUTING_FIXED = 2,  /* routes fixed by the platform file (SimGrid) */
    RM_ROUTING_AUTO = 3    /* the default: RM_ROUTING_FIXED when the platform fixes its
                              routes (rm_platform.fixed_route_start: a SimGrid file, whose
                              routes are what SimGrid/SMPI will use), else
                              RM_ROUTING_WIDEST; resolved by rm_routing_resolve when the
                              network is known. Appended in 1.1. */
} rm_routing;

/** Tie rule between equally wide routes (rm_options.route_ties; beyond the
 *  paper, docs/route-ties.md). Every route keeps the widest-path width (the maximum
 *  bottleneck, Legrand et al. 2004 §4.4.2, unique); a rule only chooses which of the
 *  routes of that width is taken. Exact per route: the width W first, then
 *  a second search over the arcs of width >= W (a widest path on the rule's
 *  own value, then a least-cost path), so the lexicographic optimum is
 *  found although "widest, then shortest" is not isotone. Applies to widest
 *  routing (RM_ROUTING_WIDEST) only; direct and fixed routes have no ties. */
typedef enum rm_route_ties {
    RM_TIES_INDEX = 0,      /* the widest-path Dijkstra's own route (smallest node index
                               among equal widths, first arc reaching the width;
                               topo/route/widest.h): the default, the paper's results */
    RM_TIES_HOPS = 1,       /* fewest links; then as INDEX-like order (node index) */
    RM_TIES_LOAD = 2,       /* fewest routes already placed on its links (the ring's
                               routes routed before it, counted per resource: half
                               duplex counts both directions; backbones count none),
                               then fewest links */
    RM_TIES_BOTTLENECK2 = 3, /* largest second bottleneck (the narrowest of its links
                               wider than the width W; none: +inf), then fewest links */
    RM_TIES_SHARE = 4,      /* largest equal share min over its links of width / (routes
                               already on it + 1) (backbones: width), then as LOAD; a
                               ring's routes then get two rounds of re-routing, each
                               route against all the others */
    RM_TIES_BEST = 5        /* each of INDEX, HOPS, LOAD, SHARE for the whole ring, keeping
                               the lowest T_step (SliceRing: its make-feasible shares;
                               SharedRing: max-min); ties to the earlier: never worse
                               than INDEX */
} rm_route_ties;

/** Duplex model (Legrand et al. 2004 §2.4). */
typedef enum rm_duplex {
    RM_DUPLEX_HALF = 0, /* an undirected link is ONE capacity for both directions */
    RM_DUPLEX_FULL = 1  /* each direction of an undirected link has the full capacity */
} rm_duplex;

/**
 * The network as routing and bandwidth sharing see it: arcs (directed uses
 * of links) and resources (capacity constraints). An undirected link gives
 * two arcs (tail->head both ways); a directed link one. In half duplex the
 * two arcs of a link share one resource; in full duplex each has its own.
 * A backbone resource (res_backbone = 1) limits each route separately to
 * res_cap instead of limiting the sum of the routes.
 * Arc a of link l: arc 2l is source->target, arc 2l+1 is target->source
 * (in a directed platform arc 2l+1 exists but is marked unusable:
 * arc_res[2l+1] = -1). So n_arcs = 2 * n_links always.
 */
typedef struct rm_network {
    const rm_platform *platform;
    rm_duplex duplex;
    int n_arcs;
    int *arc_link; /* n_arcs */
    int *arc_tail; /* n_arcs, node index */
    int *arc_head; /* n_arcs, node index */
    int *arc_res;  /* n_arcs, resource index, -1 = arc unusable */
    int n_res;
    double *res_cap;   /* n_res, Mb/s */
    int *res_backbone; /* n_res */
    int *res_link;     /* n_res, the link of each resource */
    void *priv;        /* routing data (CSR adjacency: read-only; a mutex-guarded
                          pool of routing workspaces; the igraph reference's
                          graph, built by its first call), owned */
    /* reserved for fields of later 1.x releases, which take slots from it
       so that the size and the offsets above stay (docs/library.md, "ABI
       notes"); zeroed by rm_network_init */
    rm_reserved_slot reserved[8];
} rm_network;

/** Build the network view of a platform. Errors: RM_ENOMEM, RM_EINTERNAL.
 *  O(N + E). The platform must outlive the network.
 *  Thread safety: reentrant: p is only read (several networks of one platform
 *  may be built at once, in parallel: no igraph call, no process-wide lock). */
rm_status rm_network_init(rm_network *net, const rm_platform *p, rm_duplex duplex,
                          rm_error *err);

/** Release what rm_network_init allocated.
 *  Thread safety: not while another thread uses net. */
void rm_network_destroy(rm_network *net);

/** A route: a walk of arcs from node src to node dst, and the bandwidth
 *  (Mb/s) it is given (its share on each of its links; INFINITY for an
 *  empty route, 0 when unassigned). */
typedef struct rm_route {
    int src, dst;
    int n_arcs;
    int *arcs; /* n_arcs arc indices, arcs[0] leaves src, last enters dst */
    double bandwidth;
} rm_route;

/** Free the arcs of a route and reset it to empty.
 *  Thread safety: writes only the destination route. */
void rm_route_clear(rm_route *r);

/** Deep copy src into dst (dst's old arcs are freed, or kept when they
 *  are of src's length). RM_ENOMEM; RM_EINVAL when dst or src is NULL or
 *  src has arcs but a NULL array. O(len).
 *  Thread safety: writes only the destination route. */
rm_status rm_route_copy(rm_route *dst, const rm_route *src);

/** Sum of the latencies (s) of the route's links; NaN when net or r is NULL
 *  or an arc is not in 0..n_arcs-1. O(len).
 *  Thread safety: reentrant: only reads. */
double rm_route_latency(const rm_network *net, const rm_route *r);

/**
 * Widest (maximum-bottleneck) path from src to dst where usable arc a has
 * width residual[arc_res[a]] (residual may be NULL: full capacities; a
 * backbone resource always counts with its full capacity). A
 * maximum-bottleneck Dijkstra on a CSR adjacency built once by
 * rm_network_init (topo/route/widest.c; no allocation per call; ties: the
 * smallest node index leaves the heap first, a node keeps the first arc found
 * at its final width); igraph's igraph_get_widest_paths is kept as the
 * reference (rm_widest_tree_igraph, topo/route/widest.h) and the tests check that
 * both give the same widths. On success *route holds the path and
 * route->bandwidth its width (INFINITY if src == dst; 0 and n_arcs = 0 if dst
 * is unreachable through arcs of positive width).
 * Errors: RM_EINPUT (bad node index), RM_ENOMEM, RM_EINTERNAL.
 * Complexity: O(E log N). Source: Legrand et al. 2004 §4.4.2 ("paths of maximal
 * bandwidth, using a standard shortest path algorithm").
 * Thread safety: safe from several threads on one shared network: each call
 * takes its own routing workspace from the network's pool (no allocation once
 * every thread has one).
 */
rm_status rm_widest_route(const rm_network *net, const double *residual, int src, int dst,
                          rm_route *route, rm_error *err);

/**
 * Widest paths from one source to every node (one Dijkstra): width[v]
 * (n_nodes entries, 0 = unreachable, INFINITY for v = src) and
 * in_arc[v] (the arc entering v on the widest-path tree, -1 for src or
 * unreachable). Either output may be NULL. Same residual convention and
 * errors as rm_widest_route. If reverse is non-zero the tree is of paths
 * from every node TO src (in_arc[v] is then the arc leaving v).
 * Complexity: O(E log N).
 * Thread safety: safe from several threads on one shared network: each call
 * takes its own routing workspace from the network's pool (no allocation once
 * every thread has one).
 */
rm_status rm_widest_tree(const rm_network *net, const double *residual, int src, int reverse,
                         double *width, int *in_arc, rm_error *err);

/** in_arc value of a routing tree for a host reached by the platform's
 *  fixed route (rm_platform.fixed_route_*, --routing fixed): the routes of a
 *  file need not form a tree (a SimGrid Full zone's hand-written routes), so
 *  rm_route_from_tree takes that host's route from the platform. */
#define RM_ARC_FIXED (-2)

/** Build a route from a tree of rm_widest_tree (same src and reverse
 *  flag): the route src->dst for a forward tree, dst->src for a reverse tree
 *  (route->src = dst then). route->bandwidth is left 0 (INFINITY if
 *  src == dst): the caller sets it from the tree's widths. When
 *  in_arc[dst] == RM_ARC_FIXED the route is the platform's fixed route
 *  between the two hosts (O(R^2) for a route of R links).
 *  RM_EINPUT if dst is unreachable. O(N).
 *  Thread safety: reentrant: the network and the tree are only read. */
rm_status rm_route_from_tree(const rm_network *net, int src, int reverse, const int *in_arc,
                             int dst, rm_route *route, rm_error *err);

/**
 * The complete graph of SliceRing (Legrand et al. 2004 §2.2, §5.2.1): bw[i*H + j] =
 * width of the widest path from host i to host j on the full-capacity
 * network (H = n_hosts, indices into platform->hosts; diagonal INFINITY).
 * Errors: RM_ENOMEM, RM_EINTERNAL. Complexity: O(H E log N).
 * Thread safety: safe from several threads on one shared network: each call
 * takes its own routing workspace from the network's pool (no allocation once
 * every thread has one).
 */
rm_status rm_capacity_matrix(const rm_network *net, double *bw, rm_error *err);

/**
 * The routing the mapper runs for routing on net: RM_ROUTING_AUTO becomes
 * RM_ROUTING_FIXED when net's platform fixes its routes
 * (rm_platform_fixes_routes: a SimGrid file, mapped on the routes SimGrid/SMPI will use) and
 * RM_ROUTING_WIDEST otherwise (widest paths, Legrand et al. 2004 §4.4.2);
 * any other value is returned as it is (RM_ROUTING_FIXED on a platform
 * without fixed routes stays FIXED, which the heuristics refuse with
 * RM_EINPUT). The one
 * place this policy is decided: rm_map, rm_map_network, rm_sharedring,
 * rm_slicering and the JSON writers call it, and so does the CLI. A NULL net
 * (or net->platform) resolves AUTO to RM_ROUTING_WIDEST. O(1).
 * Thread safety: reentrant (net only read).
 */
rm_routing rm_routing_resolve(const rm_network *net, rm_routing routing);

#pragma GCC visibility pop
#ifdef __cplusplus
}
#endif

#endif /* RINGMAP_TOPO_H */
