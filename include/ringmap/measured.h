/*
 * ringmap/measured.h — platforms from measurements: a bandwidth matrix and
 * host speeds as CSV files with host names (docs/measured-matrix.md).
 * Included by ringmap.h. Implemented in topo/io/csv.c (CSV syntax by libcsv).
 */
#ifndef RINGMAP_MEASURED_H
#define RINGMAP_MEASURED_H

#include "ringmap/topo.h"

#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif
#pragma GCC visibility push(default)

/** Units of the measured CSV files; NULL = from the file's header, else
 *  Mb/s and (speed) Mflop/s / (w) s/Mflop. A unit given both here and in
 *  the header must agree. */
typedef struct rm_matrix_options {
    const char *bandwidth_unit; /* b/s, kb/s, Mb/s, Gb/s (also bit/s, Mbit/s, Mbps, ...);
                                   B/s, kB/s, MB/s, GB/s (bytes: x 8) */
    const char *speed_unit;     /* flop/s, kflop/s, Mflop/s, Gflop/s (a "speed" column)
                                   or s/flop, s/kflop, s/Mflop, s/Gflop (a "w" column) */
    /* reserved for fields of later 1.x releases, which take slots from it
       so that the size and the offsets above stay (docs/library.md, "ABI
       notes"); zeroed by rm_matrix_options_init */
    rm_reserved_slot reserved[4];
} rm_matrix_options;

/** NULL units (header or defaults). O(1). */
void rm_matrix_options_init(rm_matrix_options *mo);


/**
 * A platform from a measured bandwidth matrix and host speeds (RFC 4180 CSV,
 * parsed by libcsv).
 * Bandwidth matrix (bw, named bw_name in messages): first row = a corner
 * cell (empty, or a unit such as "Mb/s" or "bandwidth (Gb/s)") then the Q
 * host names; then one row per host, in the same order: its name, then the
 * bandwidth from it to each host. An empty cell = no direct link; the
 * diagonal is ignored (empty, "-" or a number). A symmetric matrix (cells
 * (i,j) and (j,i) equal or both empty) gives an undirected platform with
 * one link per pair; any asymmetry gives a directed one, one link i -> j per
 * cell.
 * Speeds (sp): header "host,speed" (Mflop/s) or "host,w" (cycle-time,
 * s/Mflop), the value column optionally with its unit ("speed (Gflop/s)");
 * one row per host of the matrix, any order.
 * Result: Q hosts (labels = names, ids 0..Q-1 in matrix order), no routers,
 * latencies 0; validated (rm_platform_validate: every host reaches every
 * other). Errors: RM_EINVAL (bw, sp or out NULL); RM_EINPUT naming the file, row and column (1-based, the
 * header is row 1): malformed CSV, non-numeric or negative or zero value,
 * ragged row, size mismatch (rows vs header), duplicate host name, a row
 * naming another host than its column, a host missing from the speeds or
 * unknown to the matrix, unknown or conflicting unit, a field longer
 * than 4096 characters; RM_EINPUT for a stream that is a directory, a
 * device other than a terminal (/dev/zero) or a socket, or that holds more
 * than 256 MiB (a regular file is refused at once, a pipe once 256 MiB
 * were read: open a file with rm_input_open); RM_ELIMIT beyond 4096
 * hosts; RM_ENOMEM. Thread safety: reentrant. Complexity O(Q^2), time and
 * memory linear in the bytes read.
 */
rm_status rm_platform_read_matrix(FILE *bw, const char *bw_name, FILE *sp, const char *sp_name,
                                  const rm_matrix_options *mo, rm_platform **out, rm_error *err);

/**
 * rm_platform_read_matrix with a latency matrix lt (named lt_name; NULL: no
 * latencies, as rm_platform_read_matrix): the same layout as the bandwidth
 * matrix — a corner cell (empty, or a unit "s", "ms", "us", "ns", or
 * "latency (ms)"; else latency_unit, else s), then the same host names in
 * the same order; one row per host, in that order: the latency (>= 0) from
 * it to each host, exactly where the bandwidth matrix has a link (an empty
 * cell where it has none; the diagonal ignored). Each link gets its latency
 * (s); an asymmetric latency matrix makes the platform directed, as an
 * asymmetric bandwidth matrix does. Errors as rm_platform_read_matrix, the
 * latency matrix's naming its file, row and column (a latency for a pair
 * without a link, a missing or negative or non-numeric one, other host
 * names or order, ragged rows, an unknown or conflicting unit). Thread
 * safety: reentrant. Complexity O(Q^2).
 */
rm_status rm_platform_read_matrices(FILE *bw, const char *bw_name, FILE *lt, const char *lt_name,
                                    FILE *sp, const char *sp_name, const rm_matrix_options *mo,
                                    const char *latency_unit, rm_platform **out, rm_error *err);

#pragma GCC visibility pop
#ifdef __cplusplus
}
#endif

#endif
