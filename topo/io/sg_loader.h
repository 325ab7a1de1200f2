/*
 * sg_loader.h — the C interface of the SimGrid adapter (topo/io/sg_loader.cpp,
 * the only C++ of the project). SimGrid's engine is a process singleton that
 * reports errors by C++ exceptions and may abort (xbt_die, xbt_assert): it
 * is only ever run in a forked child (topo/io/simgrid.c), which calls
 * rmi_sg_child_extract and leaves with _exit.
 *
 * Stream written by the child to fd (native byte order, the parent is the
 * same executable):
 *   "RMSG" u32 version=4
 *   i32 H, then H times: str name, f64 speed (flop/s), i32 cores
 *   then for every ordered pair (i, j), i != j, in row-major order:
 *     i32 n  (-1: SimGrid has no route; else the route's n link ids follow)
 *     n times i32 link id (ids numbered by first appearance)
 *     f64 extra (when n >= 0): the route's latency (Host::route_to) beyond
 *       the sum of its links' latencies (Vivaldi coordinates), s, else 0
 *   i32 E, f64 X: the number of routes whose latency (Host::route_to) exceeds
 *     the sum of their links' latencies (Vivaldi coordinates), the largest excess (s)
 *   i32 L, then L times: str name, f64 bandwidth (bytes/s), f64 latency (s),
 *     i32 policy (rm_sg_policy)
 *   i32 R: SimGrid's routers (netpoints that are routers)
 *   i32 Z, then Z times: str zone name, i32 cluster (1: a <cluster>'s zone)
 *   then H times i32: the zone of host i (0 .. Z-1, its englobing zone)
 *   "END!"
 * str = u32 length + bytes (no NUL). On an error the child writes
 *   "ERR!" str message
 * instead (at any point) and exits with status 3; "LIM!" str message when
 * the platform is beyond max_hosts.
 */
#ifndef RM_TOPO_SG_LOADER_H
#define RM_TOPO_SG_LOADER_H

#ifdef __cplusplus
extern "C" {
#endif

/** Sharing policies, as simgrid::s4u::Link::SharingPolicy. */
enum rm_sg_policy {
    RM_SG_FATPIPE = 0,
    RM_SG_SHARED = 1,
    RM_SG_SPLITDUPLEX = 2,
    RM_SG_WIFI = 3,
    RM_SG_NONLINEAR = 4
};

/** In the child only: load the platform at path with SimGrid's engine (dir,
 *  the user's platform file's directory, on SimGrid's search path for the
 *  trace and profile files it names) and write the stream above to fd; a
 *  platform of more than pairs_max hosts (pairs_max > 0) gets the pieces
 *  stream of rmi_sg_child_extract_pieces instead ("RMSP", O(H) for a
 *  hierarchy of clusters, not O(H^2)); more than max_hosts (> 0): "LIM!",
 *  as soon as SimGrid creates the extra host. Returns 0 when the stream was written
 *  completely, 3 after writing an "ERR!" record (a C++ exception of SimGrid
 *  or of the adapter), 4 when fd could not be written. Never returns
 *  normally after SimGrid aborts (the child dies of SIGABRT). Not
 *  thread-safe, not reentrant: one call per process. */
int rmi_sg_child_extract(const char *path, const char *dir, int fd, int max_hosts,
                         int pairs_max);

/** In a forked child only (the tests): load the platform at path with
 *  SimGrid's engine and check every ordered host pair's route composed from
 *  SimGrid's zone structure (the pieces of sg_loader.cpp's composer: star
 *  members' links UP and DOWN, other zones' local routes, routes to
 *  gateways) against Host::route_to, link for link and latency; the pairs
 *  from every host when src_stride <= 1, else from every src_stride-th host
 *  (in SimGrid's host order) to every other host. Writes
 *  "key value" lines to fd: hosts, pairs, no_route (pairs without a route
 *  either way), mismatch, all_pairs_entries (links + 1 per route, the
 *  all-pairs store), piece_entries (the pieces' size), star_members,
 *  table_routes, gateway_routes, first_mismatch; or "error MESSAGE".
 *  Returns 0, or 4 when fd could not be written. O(H^2 R) time for routes
 *  of R links. Not thread-safe, one call per process. */
int rmi_sg_child_compose_check(const char *path, int src_stride, int fd);

/** In a forked child only (bench_simgrid --pieces): load the platform at
 *  path with SimGrid's engine and build the composer's pieces of every host
 *  (its routes to and from the first and the last host composed), without
 *  the route of every pair. Writes "key value" lines to fd: hosts, load_s
 *  (SimGrid's load and seal, wall s), pieces_s (wall s), composed (routes),
 *  piece_entries, star_members, table_routes, gateway_routes, rss_kib (the
 *  child's peak RSS); or "error MESSAGE". Returns 0, or 4 when fd could not
 *  be written. O(H (depth + R)) beyond SimGrid's load. Not thread-safe. */
int rmi_sg_child_compose_pieces(const char *path, int fd);

/** In the child only: load the platform at path (dir on SimGrid's search
 *  path, as rmi_sg_child_extract) and write the composer's pieces instead of
 *  the route of every pair (topo/io/sg_store.h decodes and composes them):
 *   "RMSP" u32 version=2
 *   i32 H, H times: str name, f64 speed, i32 cores (SimGrid's host order)
 *   i32 P, P times: str name, i32 zone: the netpoints (hosts first, 0..H-1,
 *     then the routers and zones the pieces name), each one's englobing zone
 *   i32 Z, Z times: str name, i32 parent (-1: the root), i32 netpoint (-1),
 *     i32 star router netpoint (-1: not a star), i32 cluster (1: a <cluster>)
 *   then four piece lists: star links UP (i32 n, n times i32 netpoint +
 *     piece), star links DOWN (the same), local routes and gateway routes
 *     (i32 n, n times i32 from, i32 to + piece); a piece: i32 gw_src,
 *     i32 gw_dst (netpoints, -1), f64 latency (s), i32 m, m times i32 link
 *   i32 L, L times: str name, f64 bandwidth (bytes/s), f64 latency (s),
 *     i32 policy
 *   i32 R: SimGrid's routers (version 2)
 *   "END!"
 *  "ERR!" str message on an error (a Vivaldi, WIFI or None zone included:
 *  their routes are not made of pieces), "LIM!" beyond max_hosts. Returns
 *  as rmi_sg_child_extract. O(H x leaf zones + sum of non-star leaf zones'
 *  squared sizes) routes composed. Not thread-safe, one call per process. */
int rmi_sg_child_extract_pieces(const char *path, const char *dir, int fd, int max_hosts);

#ifdef __cplusplus
}
#endif

#endif
