/*
 * readers.h — platform readers for the formats of the field (SimGrid
 * platform XML, raw Tiers generator output, GraphML), the Tiers-like
 * platform generator and a GML writer (docs/formats.md).
 *
 * Every reader builds its platform with rm_platform_new() /
 * rm_platform_set_label() / rm_platform_finalize(), so that validation
 * (rm_platform_validate: hosts with w > 0, links with bandwidth > 0,
 * connected hosts) is shared with the GML reader. Units are those of
 * ringmap.h: w in s/Mflop, bandwidth in Mb/s, latency in s.
 *
 * Which reader reads which file: the format table (topo/io/formats.def, read
 * by rm_platform_read and rm_platform_read_format in topo/io/formats.c): ".xml"
 * → rmi_platform_read_simgrid (SimGrid's own loader, topo/io/simgrid.c),
 * ".tiers" → rmi_platform_read_tiers, ".graphml" → rmi_platform_read_graphml.
 *
 * Internal to the library: the rmi_ prefix, hidden by
 * -fvisibility=hidden; the public readers are rm_platform_read* in
 * include/ringmap/topo.h. Thread safety of every function here: reentrant
 * (no global state; caller-owned rm_rng).
 */
#ifndef RM_TOPO_READERS_H
#define RM_TOPO_READERS_H

#include <stdint.h>
#include <stdio.h>

#include "ringmap/topo.h"

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
void rmi_rng_seed(rm_rng *r, uint64_t seed);

/** Next 64 random bits. O(1). */
uint64_t rmi_rng_next(rm_rng *r);

/** Uniform integer in [0, n) (n >= 1; rejection sampling, no modulo bias). O(1)
 *  expected. */
uint64_t rmi_rng_below(rm_rng *r, uint64_t n);

/** Uniform double in [0, 1) with 53 random bits. O(1). */
double rmi_rng_uniform(rm_rng *r);

/**
 * Host speeds (Mflop/s) of the LINPACK-like list used by the Tiers reader
 * and the generator (Legrand et al. 2004 §5.1.1: "a list of values corresponding to the
 * processing powers (expressed in MFlops and evaluated thanks to a benchmark
 * taken from LINPACK) of a wide variety of machines"). The list is the set
 * of distinct host powers of the SimGrid platform medium_tiers-p.xml, which
 * was generated from the same kind of list: 22.151, 34.333, 42.917, 48.492,
 * 68.667, 98.095, 114.444 Mflop/s. Returns the list and sets *n (= 7).
 */
const double *rmi_linpack_speeds(int *n);

/* ------------------------------------------------------------------------ */
/* SimGrid platform XML                                                       */
/* ------------------------------------------------------------------------ */

/** Largest number of hosts a SimGrid platform may have (docs/simgrid.md:
 *  SimGrid's own load of 100,000 hosts takes 5-7 s and 313 MiB; the
 *  pieces are linear in the hosts for a hierarchy of clusters). */
#define RM_SIMGRID_MAX_HOSTS 100000
/** Up to this many hosts the route of every ordered host pair is kept
 *  (rm_platform.fixed_route_start, O(H^2) memory, every output as it has
 *  always been); above it the routes are kept as pieces
 *  (rm_platform.fixed_pieces, topo/io/sg_store.h). */
#define RM_SIMGRID_PAIRS_MAX 2048
/** Largest SimGrid platform file read, in bytes (256 MiB). */
#define RM_SIMGRID_MAX_BYTES ((unsigned long long)256 << 20)

/** What the SimGrid reader saw. */
typedef struct rm_simgrid_info {
    double version;    /* the <platform version> attribute (-1 absent, -2 not found) */
    int converted;     /* 1: older than 4, converted with simgrid_update_xml */
    int n_hosts;       /* hosts SimGrid loaded */
    int n_kept;        /* hosts mapped (mutually reachable) */
    int n_links;       /* SimGrid links crossed by the routes of the kept hosts */
    int n_connections; /* connection links added (see below) */
    int n_splitduplex; /* of n_links: the _UP/_DOWN halves of SPLITDUPLEX links */
    int n_fatpipe;     /* of n_links: FATPIPE links (backbone = 1) */
    int n_wifi;        /* of n_links: WIFI links (their first rate) */
    int pieces;        /* 1: the routes kept as pieces (rm_platform.fixed_pieces) */
} rm_simgrid_info;

/**
 * Read a SimGrid platform file with SimGrid itself (libsimgrid 3.32:
 * s4u::Engine::load_platform, then Host::route_to for every ordered host
 * pair), so that every platform SimGrid loads is read as SimGrid sees it:
 * clusters (flat, backbone, FAT_TREE, TORUS, DRAGONFLY), zones and
 * zoneRoutes, bypassRoutes, cabinets, Full/Floyd/Dijkstra/... routing.
 *
 * SimGrid's engine is a process singleton that may abort: the file is loaded
 * in a forked child (topo/io/sg_loader.cpp) that sends the hosts, links and
 * routes through a pipe and leaves with _exit; SimGrid's messages go to a
 * temporary file and a failure (exception or abort) becomes RM_EINPUT with
 * SimGrid's message. The file must be a regular file of at most
 * RM_SIMGRID_MAX_BYTES; a <platform> without a version attribute is
 * refused; version < 4 is converted on a temporary copy with SimGrid's
 * simgrid_update_xml (ro->warn says so), or refused with that advice when
 * the script is not installed. More than RM_SIMGRID_MAX_HOSTS hosts:
 * RM_ELIMIT, as soon as SimGrid creates the extra host.
 *
 * The model (docs/simgrid.md):
 *  - host: w = 1e6 / (speed x cores) s/Mflop (speed in flop/s, SimGrid's
 *    first pstate; one multi-threaded rank per host), or with ro->one_core
 *    w = 1e6 / speed (one single-threaded rank per host);
 *  - link (each SimGrid link crossed by some route): bandwidth bytes/s x 8 /
 *    1e6 Mb/s, latency s; SHARED: one capacity for both directions (one
 *    resource); SPLITDUPLEX: SimGrid's <id>_UP and <id>_DOWN links, each its
 *    own capacity; FATPIPE: backbone = 1 (each route alone up to the
 *    capacity); WIFI: the bandwidth SimGrid reports (first rate, warned);
 *    NONLINEAR: refused;
 *  - routes: SimGrid's route of every ordered host pair, loopbacks aside,
 *    kept as the platform's fixed routes (rm_platform.fixed_route_*, used by
 *    --routing fixed, which is the CLI's default for .xml files); above
 *    RM_SIMGRID_PAIRS_MAX hosts kept as SimGrid's pieces
 *    (rm_platform.fixed_pieces, rmi_platform_read_simgrid_pairs).
 * SimGrid links have no end nodes: the platform is a directed graph whose
 * nodes are the hosts (first, in SimGrid's order; labels = host names) and,
 * for each link l, an entry node "link:<l>:in" and an exit node
 * "link:<l>:out" joined by the one arc that carries l's capacity and
 * latency. Connection links (backbone, latency 0, capacity 1000 x the
 * widest link) join a host to the entry of the first link of its routes,
 * the exit of a link to the entry of the next link of a route, and the last
 * exit to the destination host. Each route is then a walk of the graph
 * crossing exactly SimGrid's links, and every flow that crosses link l
 * shares l's one arc, whatever the direction. --routing widest finds widest
 * paths on this graph (it may combine links in orders no SimGrid route
 * uses); --duplex has no effect (SimGrid's sharing policies decide).
 *
 * Hosts without a route (of positive bandwidth) to or from some other host
 * (zones without a route between them): the hosts missing the most routes
 * are left out, one at a time, until all kept pairs have routes (greedy);
 * ro->warn names them; RM_EINPUT when fewer than two hosts are left.
 * Errors: RM_EINPUT (not a regular file, no version, SimGrid's parse or
 * routing error with its message, a host speed <= 0, a NONLINEAR link),
 * RM_ELIMIT (file or host count over the limits), RM_ENOMEM, RM_EINTERNAL
 * (fork/pipe failure), then rm_platform_finalize's validation.
 * Thread safety: forks; safe to call from several threads (each load is its
 * own child). Complexity: SimGrid's load plus H^2 route queries, O(H^2 R)
 * memory for routes of R links.
 */
rm_status rmi_platform_read_simgrid(const char *path, const rm_read_options *ro,
                                    rm_platform **out, rm_error *err);

/** Same, also filling *info (may be NULL). */
rm_status rmi_platform_read_simgrid_ex(const char *path, const rm_read_options *ro,
                                       rm_platform **out, rm_simgrid_info *info, rm_error *err);

/** rmi_platform_read_simgrid_ex with the all-pairs table kept up to
 *  pairs_max hosts (0: RM_SIMGRID_PAIRS_MAX; 1: the pieces for every
 *  platform, as the tests and bench_simgrid compare them): above it the
 *  routes are kept as pieces (rm_platform.fixed_pieces: the same routes,
 *  one hub node instead of a connection link per consecutive link pair,
 *  the same widths; every kept pair must have a route, else RM_EINPUT
 *  naming the pair). O(H x Zh x R) beyond SimGrid's load for Zh zones
 *  holding hosts (a zone that is not a star: its squared size). */
rm_status rmi_platform_read_simgrid_pairs(const char *path, const rm_read_options *ro,
                                          int pairs_max, rm_platform **out,
                                          rm_simgrid_info *info, rm_error *err);

/* ------------------------------------------------------------------------ */
/* Tiers generator output                                                     */
/* ------------------------------------------------------------------------ */

/** How a raw Tiers file becomes a platform. */
typedef struct rm_tiers_options {
    double hosts_fraction; /* fraction of the LAN nodes that become hosts; default 0.3 */
    uint64_t seed;         /* seed of the host choice and of the speeds; default 1 */
} rm_tiers_options;

/** Defaults: hosts_fraction 0.3 (Legrand et al. 2004 §5.1.1), seed 1. O(1). */
void rmi_tiers_options_init(rm_tiers_options *to);

/**
 * Read the raw output of the Tiers topology generator (Calvert, Doar,
 * Zegura; Doar, "A better model for generating test networks", 1996), as
 * the platforms of Legrand et al. 2004 §5.1. Lines after "# NODES" are `id x y type`
 * (type 0 WAN, 1 MAN, 2 LAN); lines after "# EDGES" are `from to delay
 * bandwidth fromtype totype state`; other lines starting with '#' are
 * comments.
 * Hosts: k = max(1, round(hosts_fraction * n_LAN)) LAN nodes chosen by a
 * partial Fisher–Yates shuffle (splitmix64 seeded with to->seed) of the LAN
 * nodes in file order; each host then draws its speed uniformly from
 * rmi_linpack_speeds() in ascending node order (w = 1/speed). All other nodes
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
rm_status rmi_platform_read_tiers(const char *path, const rm_read_options *ro,
                                  rm_platform **out, rm_error *err);

/** Same with explicit Tiers options (NULL = defaults). */
rm_status rmi_platform_read_tiers_ex(const char *path, const rm_read_options *ro,
                                     const rm_tiers_options *to, rm_platform **out,
                                     rm_error *err);

/* ------------------------------------------------------------------------ */
/* GraphML                                                                    */
/* ------------------------------------------------------------------------ */

/**
 * Read a GraphML platform with igraph's GraphML reader (igraph 0.10 built
 * with libxml2), with the GML attribute names of docs/formats.md: node `w`
 * (s/Mflop) or `speed` (Mflop/s) makes a host (else ro->host_w, else a
 * router), `label` (else the GraphML node id); edge `bandwidth` (Mb/s, else
 * LinkSpeedRaw in bit/s / 1e6, else ro->default_bandwidth), `latency` (s),
 * `backbone` (0/1). Attributes may be declared double, int, boolean or
 * string (strings must then hold numbers). edgedefault="directed" gives a
 * directed platform. rm_node.id = the GraphML id if it is an integer, else
 * (largest integer id of the file) + 1 + the node's position, so that no two
 * nodes share an id. The file is checked first (topo/io/graphml_scan.h).
 * igraph's C attribute handler is installed for the call and the caller's
 * restored afterwards (igraph keeps it process-wide: not thread-safe).
 * Errors: RM_EINPUT naming the file and igraph's message (XML line when
 * libxml2 gives one) or the node/edge; RM_ENOMEM; then validation.
 * Complexity: O(S + N + E).
 */
rm_status rmi_platform_read_graphml(const char *path, const rm_read_options *ro,
                                    rm_platform **out, rm_error *err);

/* ------------------------------------------------------------------------ */
/* Generator and writer                                                       */
/* ------------------------------------------------------------------------ */

/** Parameters of the Tiers-like generator (see rmi_generate_tiers). */
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
void rmi_generate_options_init(rm_generate_options *go);

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
 *     by partial Fisher–Yates shuffle; speeds drawn from rmi_linpack_speeds();
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
rm_status rmi_generate_tiers(const rm_generate_options *go, rm_platform **out, rm_error *err);

/**
 * Write p as GML (docs/formats.md format, readable by rm_platform_read_gml):
 * `# ` comment lines (comment may be NULL or hold several lines), then
 * graph [ directed ... node [ id label speed|w ] ... edge [ source target
 * bandwidth latency backbone ] ]. A host is written `speed S` when S =
 * 1/w printed with %.15g gives back exactly w, else `w` with %.17g; numbers
 * are printed with %.17g at most, so output is byte-identical for identical
 * platforms. Errors: RM_EINTERNAL on a write error. O(N + E).
 */
rm_status rmi_platform_write_gml(FILE *f, const rm_platform *p, const char *comment,
                                 rm_error *err);

/** The file name of path without its folders and its last extension (a
 *  leading dot is kept: ".gml" stays ".gml"), malloc'ed; NULL when out of
 *  memory. The platform name the one-file readers give. O(|path|). */
char *rmi_path_stem(const char *path);

#endif
