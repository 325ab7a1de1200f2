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

/** What the reader does with a measured matrix whose two directions of a
 *  pair differ (measurement noise, or a one-sided "triangle"). */
typedef enum rm_symmetric {
    /* 0, the default: a matrix whose pairs differ by at most
       RM_SYMMETRIC_NOISE (relative) is noise around a symmetric network:
       each pair gets the mean of its two figures (one undirected link, as
       ringmap-measure's ping-pong gives); a larger asymmetry keeps one
       directed link per cell (the 1.1 behaviour). Either way a warning names
       the pair of the largest asymmetry and what was done. An upper or lower
       triangle is refused (give one of the others). */
    RM_SYMMETRIC_AUTO = 0,
    RM_SYMMETRIC_NONE = 1, /* every cell its own directed link, no warning */
    RM_SYMMETRIC_MAX = 2,  /* one undirected link per pair: the larger figure */
    RM_SYMMETRIC_MEAN = 3, /* ... the arithmetic mean of the two figures */
    RM_SYMMETRIC_MIN = 4   /* ... the smaller figure */
    /* with MAX, MEAN and MIN a pair with one figure (a triangle, an edge
       list's line) takes it for both directions */
} rm_symmetric;

/** The largest relative asymmetry |a - b| / max(a, b) that RM_SYMMETRIC_AUTO
 *  takes for noise (5 %). */
#define RM_SYMMETRIC_NOISE 0.05

/** Units of the measured CSV files; NULL = from the file's header, else
 *  Mb/s and (speed) Mflop/s / (w) s/Mflop. A unit given both here and in
 *  the header must agree. The unit words: a prefix (k M G T, or binary Ki
 *  Mi Gi Ti) then b/s, bit/s, bps (bits) or B/s, byte/s, Bps (bytes, x 8);
 *  flop/s, flops, f (speed: "GFlop/s", "GFLOPS", SimGrid's "Gf"); s/flop
 *  (cycle-time: "s/Mflop"); s, ms, us, ns (latency). Only b versus B is
 *  case-sensitive. */
typedef struct rm_matrix_options {
    const char *bandwidth_unit; /* b/s, kb/s, Mb/s, Gb/s, Mbps, MiB/s, MBps (= 8 Mb/s), ... */
    const char *speed_unit;     /* flop/s, Mflop/s, GFLOPS, Gf, ... (a speed column)
                                   or s/flop, s/Mflop, s/Gflop, ... (a cycle-time column) */
    /* reserved for fields of later 1.x releases, which take slots from it
       so that the size and the offsets above stay (docs/library.md, "ABI
       notes"); zeroed by rm_matrix_options_init */
    union {
        rm_reserved_slot reserved[4];
        struct { /* 1.2 */
            /* two directions that differ (rm_symmetric); 0 = RM_SYMMETRIC_AUTO */
            rm_symmetric symmetric;
            /* the reader's warnings and notes (implausible magnitudes, the
               asymmetry found): warn(warn_ctx, msg), msg one line naming the
               file; NULL = rm_warn_stderr, rm_warn_silent = none */
            void (*warn)(void *ctx, const char *msg);
            void *warn_ctx;
        };
    };
} rm_matrix_options;

/** NULL units (header or defaults), RM_SYMMETRIC_AUTO, warnings on
 *  standard error. O(1). */
void rm_matrix_options_init(rm_matrix_options *mo);


/**
 * A platform from a measured bandwidth matrix and host speeds (RFC 4180 CSV,
 * parsed by libcsv; the separator — comma, tab, semicolon or blanks — is
 * detected on each file's first line; docs/measured-matrix.md).
 * Bandwidth file (bw, named bw_name in messages), one of two layouts:
 * - a square matrix: row 1 = a corner cell (empty, a label, or a unit such
 *   as "Mb/s" or "bandwidth (Gb/s)"; it may be left out) then the Q host
 *   names; then one row per host, in the same order: its name (may be left
 *   out), then the bandwidth from it to each host. An empty cell or "-" =
 *   no direct link; the diagonal is ignored (empty, "-" or a number);
 * - an edge list: lines "src,dst,bandwidth[,latency]" after an optional
 *   header that may carry the units ("bandwidth (MB/s)", "latency (us)");
 *   hosts numbered in the order they first appear; a pair given one way is
 *   that figure both ways.
 * Two directions of a pair that differ: mo->symmetric (rm_symmetric; by
 * default noise up to 5 % is averaged into one undirected link and a larger
 * asymmetry kept as one directed link per cell, with a warning naming the
 * largest; a triangle is refused unless max, mean or min). A symmetric
 * result gives an undirected platform, one link per pair; any asymmetry
 * left a directed one, one link i -> j per cell.
 * Speeds (sp): header "host,speed" (Mflop/s) or "host,w" (cycle-time,
 * s/Mflop), the value column optionally with its unit ("speed (Gflop/s)"),
 * or the unit alone ("hostname,GFLOPS"); one row per host of the matrix,
 * any order. Units: the words of rm_matrix_options; an unknown one is
 * refused with the accepted spellings. Warnings (mo->warn): a host faster
 * than 100 Tflop/s or a pair faster than 10 Tb/s (a unit slip), and the
 * asymmetry found.
 * Result: Q hosts (labels = names, ids 0..Q-1 in matrix order), no routers,
 * latencies 0; validated (rm_platform_validate: every host reaches every
 * other). Errors: RM_EINVAL (bw, sp or out NULL); RM_EINPUT naming the file, row and column (1-based, the
 * header is row 1): a file of neither layout (the message says what it
 * saw), a triangle under RM_SYMMETRIC_AUTO, an mo->symmetric out of range,
 * malformed CSV, non-numeric or negative or zero value,
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
