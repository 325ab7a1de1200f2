/*
 * readers.h — platform readers for the formats of the field (SimGrid
 * platform XML, raw Tiers generator output, GraphML), the Tiers-like
 * platform generator and a GML writer (issue 5).
 *
 * Every reader builds its platform with rm_platform_new() /
 * rm_platform_set_label() / rm_platform_finalize(), so that validation
 * (rm_platform_validate: hosts with w > 0, links with bandwidth > 0,
 * connected hosts) is shared with the GML reader. Units are those of
 * ringmap.h: w in s/Mflop, bandwidth in Mb/s, latency in s.
 *
 * Dispatch by extension (topo/platform.c, rm_platform_read): ".xml" →
 * rm_platform_read_simgrid, ".tiers" → rm_platform_read_tiers, ".graphml" →
 * rm_platform_read_graphml.
 */
#ifndef RM_TOPO_READERS_H
#define RM_TOPO_READERS_H

#include <stdint.h>
#include <stdio.h>

#include "ringmap.h"

/* ------------------------------------------------------------------------ */
/* Deterministic pseudo-random numbers (splitmix64)                           */
/* ------------------------------------------------------------------------ */

/** splitmix64 state (Steele, Lea, Flood, "Fast splittable pseudorandom
 *  number generators", OOPSLA 2014): the same seed gives the same sequence
 *  on every machine. Caller-owned, no global state. */
typedef struct rm_rng {
    uint64_t state;
} rm_rng;

/** Seed the generator. O(1). */
void rm_rng_seed(rm_rng *r, uint64_t seed);

/** Next 64 random bits. O(1). */
uint64_t rm_rng_next(rm_rng *r);

/** Uniform integer in [0, n) (n >= 1; rejection sampling, no modulo bias). O(1)
 *  expected. */
uint64_t rm_rng_below(rm_rng *r, uint64_t n);

/** Uniform double in [0, 1) with 53 random bits. O(1). */
double rm_rng_uniform(rm_rng *r);

/**
 * Host speeds (Mflop/s) of the LINPACK-like list used by the Tiers reader
 * and the generator (seed 001 §5.1.1: "a list of values corresponding to the
 * processing powers (expressed in MFlops and evaluated thanks to a benchmark
 * taken from LINPACK) of a wide variety of machines"). The list is the set
 * of distinct host powers of the SimGrid platform medium_tiers-p.xml, which
 * was generated from the same kind of list: 22.151, 34.333, 42.917, 48.492,
 * 68.667, 98.095, 114.444 Mflop/s. Returns the list and sets *n (= 7).
 */
const double *rm_linpack_speeds(int *n);

/* ------------------------------------------------------------------------ */
/* SimGrid platform XML                                                       */
/* ------------------------------------------------------------------------ */

/** What the SimGrid reader saw that the platform model cannot hold. */
typedef struct rm_simgrid_info {
    int version_major; /* 2, 3 or 4 (platform version attribute; 0 if absent) */
    int n_routes;      /* <route> elements read */
    int n_splitduplex; /* links with sharing_policy SPLITDUPLEX/FULLDUPLEX: the model has
                          no per-link duplex flag; they are read as ordinary links */
    int n_fatpipe;     /* links with sharing_policy FATPIPE (read as backbone = 1) */
} rm_simgrid_info;

/**
 * Read a SimGrid platform XML file (libxml2 DOM parser, no network, DTD not
 * loaded).
 *
 * Version 4.x (and 3.x, `<AS>` for `<zone>`): zones are flattened (their
 * routing attribute Full/Floyd/Dijkstra/... is accepted and ignored — ringmap
 * routes by widest paths, or by the file's routes with --routing fixed);
 * `<host id speed>` (speed with a unit: f, flops, kf, Mf, Gf, Tf, ..., first
 * value of a comma-separated pstate list), `<router id>`, `<link id
 * bandwidth latency sharing_policy>` (bandwidth in bps or Bps with prefixes
 * k, M, G, T, P, E or Ki, Mi, Gi, Ti, Pi, Ei; latency in s, ms, us, ns, ps,
 * m, h, d, w; a value without a unit is in flop/s, bytes/s, s), `<route src
 * dst>` with `<link_ctn id>`.
 * Version 2: `<host id power>` (flop/s), `<link id bandwidth latency>`
 * (bytes/s, s), `<route src dst>` with `<route_element name>` or
 * `<link:ctn id>`.
 *
 * Conversion: w = 1/speed with speed in Mflop/s (flop/s / 1e6); bandwidth in
 * Mb/s (bytes/s * 8 / 1e6); latency in s. sharing_policy FATPIPE →
 * backbone = 1; SHARED (default) → one capacity shared by both directions
 * (half duplex); SPLITDUPLEX/FULLDUPLEX are counted in info->n_splitduplex
 * (no per-link duplex flag in the model: use --duplex full).
 * Nodes are the hosts and routers in document order (label = id; rm_node.id
 * = position); links are the <link> elements in document order.
 *
 * End nodes of the links (SimGrid links are not attached to nodes): read off
 * the routes. A link that is the single link of a route X → Y joins X and Y;
 * then, until nothing changes, each route is walked from its source: a link
 * whose ends are known moves the walk to its other end, and the one unknown
 * link of a route whose other links are all known joins the node reached
 * from the source and the node reached (backwards) from the destination.
 * Errors (RM_EINPUT, naming the file, the line and the element): XML syntax,
 * missing attribute, unknown unit, negative or non-finite number, duplicate
 * id, unknown host or link in a route, a link given two different pairs of
 * end nodes, a link with no determinable end nodes, unsupported element
 * (cluster, zoneRoute/ASroute, bypassRoute, backbone, peer...); RM_ENOMEM;
 * then rm_platform_finalize's validation errors.
 * Complexity: O(S + (R L) * I) for a file of size S, R routes of up to L
 * links, I fixpoint rounds (1 or 2 when one-link routes exist).
 */
rm_status rm_platform_read_simgrid(const char *path, const rm_read_options *ro,
                                   rm_platform **out, rm_error *err);

/** Same, also filling *info (may be NULL). */
rm_status rm_platform_read_simgrid_ex(const char *path, const rm_read_options *ro,
                                      rm_platform **out, rm_simgrid_info *info, rm_error *err);

/* ------------------------------------------------------------------------ */
/* Tiers generator output                                                     */
/* ------------------------------------------------------------------------ */

/** How a raw Tiers file becomes a platform. */
typedef struct rm_tiers_options {
    double hosts_fraction; /* fraction of the LAN nodes that become hosts; default 0.3 */
    uint64_t seed;         /* seed of the host choice and of the speeds; default 1 */
} rm_tiers_options;

/** Defaults: hosts_fraction 0.3 (seed 001 §5.1.1), seed 1. O(1). */
void rm_tiers_options_init(rm_tiers_options *to);

/**
 * Read the raw output of the Tiers topology generator (Calvert, Doar,
 * Zegura; Doar, "A better model for generating test networks", 1996), as
 * the platforms of seed 001 §5.1. Lines after "# NODES" are `id x y type`
 * (type 0 WAN, 1 MAN, 2 LAN); lines after "# EDGES" are `from to delay
 * bandwidth fromtype totype state`; other lines starting with '#' are
 * comments.
 * Hosts: k = max(1, round(hosts_fraction * n_LAN)) LAN nodes chosen by a
 * partial Fisher–Yates shuffle (splitmix64 seeded with to->seed) of the LAN
 * nodes in file order; each host then draws its speed uniformly from
 * rm_linpack_speeds() in ascending node order (w = 1/speed). All other nodes
 * are routers. Labels: "WAN<id>", "MAN<id>", "LAN<id>"; rm_node.id = Tiers id.
 * Links: Tiers lists each edge in both directions (and internetwork edges
 * twice): the edges are merged by unordered pair, one undirected link per
 * pair, in order of first appearance. Bandwidth: the file's per-class value
 * taken as Mb/s (Tiers' default classes 10 WAN, 100 MAN, 1000 LAN are then
 * plausible Mb/s). Latency: 0 (Tiers' delay has no physical unit).
 * Errors (RM_EINPUT naming file and line): malformed line, unknown node
 * type, edge to an undeclared node, self-loop, same pair with two
 * bandwidths, non-positive bandwidth; RM_ENOMEM; then validation.
 * Complexity: O(N + E log E).
 */
rm_status rm_platform_read_tiers(const char *path, const rm_read_options *ro,
                                 rm_platform **out, rm_error *err);

/** Same with explicit Tiers options (NULL = defaults). */
rm_status rm_platform_read_tiers_ex(const char *path, const rm_read_options *ro,
                                    const rm_tiers_options *to, rm_platform **out,
                                    rm_error *err);

/* ------------------------------------------------------------------------ */
/* GraphML                                                                    */
/* ------------------------------------------------------------------------ */

/**
 * Read a GraphML platform with igraph's GraphML reader (igraph 0.10 built
 * with libxml2), with the GML attribute names of DESIGN.md: node `w`
 * (s/Mflop) or `speed` (Mflop/s) makes a host (else ro->host_w, else a
 * router), `label` (else the GraphML node id); edge `bandwidth` (Mb/s, else
 * LinkSpeedRaw in bit/s / 1e6, else ro->default_bandwidth), `latency` (s),
 * `backbone` (0/1). Attributes may be declared double, int, boolean or
 * string (strings must then hold numbers). edgedefault="directed" gives a
 * directed platform. rm_node.id = the GraphML id if it is an integer, else
 * the node's position.
 * igraph's C attribute handler is installed for the call and the caller's
 * restored afterwards (igraph keeps it process-wide: not thread-safe).
 * Errors: RM_EINPUT naming the file and igraph's message (XML line when
 * libxml2 gives one) or the node/edge; RM_ENOMEM; then validation.
 * Complexity: O(S + N + E).
 */
rm_status rm_platform_read_graphml(const char *path, const rm_read_options *ro,
                                   rm_platform **out, rm_error *err);

/* ------------------------------------------------------------------------ */
/* Generator and writer                                                       */
/* ------------------------------------------------------------------------ */

/** Parameters of the Tiers-like generator (see rm_generate_tiers). */
typedef struct rm_generate_options {
    int n_wan;             /* WAN backbone nodes; default 4 */
    int n_man;             /* MANs (each hangs off a WAN node); default 6 */
    int n_lan;             /* LANs (each a star hanging off a MAN node); default 20 */
    int man_nodes;         /* nodes per MAN; default 4 */
    int lan_nodes;         /* nodes per LAN (hub + leaves); default 5 */
    int wan_extra;         /* extra WAN edges beyond a spanning tree; default n_wan/2 */
    int man_extra;         /* extra edges per MAN beyond a spanning tree; default 1 */
    double hosts_fraction; /* fraction of LAN nodes that become hosts; default 0.3 */
    int prune;             /* 1 (default): remove routers left as leaves, repeatedly */
    uint64_t seed;         /* default 1 */
} rm_generate_options;

/** Defaults as documented in rm_generate_options (wan_extra = -1 means
 *  n_wan/2). O(1). */
void rm_generate_options_init(rm_generate_options *go);

/**
 * Generate a three-level WAN/MAN/LAN platform in the spirit of Tiers (seed
 * 001 §5.1), deterministic for a seed (splitmix64, see rm_rng):
 *  1. WAN: n_wan nodes, random recursive tree (node i joins a uniform j < i)
 *     plus wan_extra edges between uniform non-adjacent pairs (capped at the
 *     number of such pairs; the same cap for man_extra);
 *  2. MAN m: man_nodes nodes, random recursive tree plus man_extra edges;
 *     its node 0 joins a uniform WAN node (m < n_wan: WAN node m, so each WAN
 *     node gets a MAN when possible);
 *  3. LAN l: a star (hub + lan_nodes - 1 leaves); the hub joins a uniform
 *     node of MAN (l mod n_man);
 *  4. hosts: k = max(1, round(hosts_fraction * n_lan * lan_nodes)) LAN nodes
 *     by partial Fisher–Yates shuffle; speeds drawn from rm_linpack_speeds();
 *  5. prune (as the platforms of the paper's Figs 3 and 4, whose routers are
 *     all on paths between hosts): routers of degree <= 1 are removed until
 *     none is left.
 * Link classes (bandwidth Mb/s drawn from the class's list; latency s),
 * illustrative values in the spirit of the pathchar measurements of §5.1.1
 * (the paper does not publish its values):
 *   LAN      100                   1e-4
 *   LAN/MAN  34.3, 45, 100         5e-4
 *   MAN      30.5, 45, 155         1e-3
 *   MAN/WAN  10, 16.7, 34.3        5e-3
 *   WAN      2.0, 4.9, 8.2, 10     2e-2
 * Labels: hosts "H<k>", routers "W<i>", "M<m>.<i>", "L<l>.<i>"; node ids 0..N-1.
 * Errors: RM_EINPUT (a count < 1, lan_nodes < 1, fraction outside (0, 1],
 * negative extra), RM_ENOMEM, and validation. Complexity: O(N + E) plus
 * the extra-edge draws.
 */
rm_status rm_generate_tiers(const rm_generate_options *go, rm_platform **out, rm_error *err);

/**
 * Write p as GML (DESIGN.md format, readable by rm_platform_read_gml):
 * `# ` comment lines (comment may be NULL or hold several lines), then
 * graph [ directed ... node [ id label speed|w ] ... edge [ source target
 * bandwidth latency backbone ] ]. A host is written `speed S` when S =
 * 1/w printed with %.15g gives back exactly w, else `w` with %.17g; numbers
 * are printed with %.17g at most, so output is byte-identical for identical
 * platforms. Errors: RM_EINTERNAL on a write error. O(N + E).
 */
rm_status rm_platform_write_gml(FILE *f, const rm_platform *p, const char *comment,
                                rm_error *err);

#endif
