/*
 * ringmap_measure.h — measuring a platform with MPI (part of libringmap_mpi,
 * included by ringmap_mpi.h): each host's cycle-time with a computational
 * kernel at several problem sizes (the points of a functional performance
 * model, Lastovetsky & Reddy, "Distributed Data Partitioning for
 * Heterogeneous Processors Based on Partial Estimation of Their Functional
 * Performance Models"), and the bandwidth and latency of every pair of hosts
 * by ping-pong, pairs measured in the rounds of a round-robin tournament.
 * The result is written as a GML platform that `ringmap` reads directly:
 * the program `ringmap-measure` (measure/main.c) is a thin layer over it.
 *
 * One MPI process per host: process r of the communicator is host r.
 *
 * Units (those of the model, Legrand et al. 2004 §2: Legrand, Renard, Robert, Vivien,
 * "Mapping and Load-Balancing Iterative Computations"):
 *   - a kernel "unit" is one of the equal pieces of work of the user's
 *     computation (a stencil column, a block row) worth mflop_per_unit Mflop;
 *   - cycle-time w in s/Mflop: time of x units / (x * mflop_per_unit);
 *   - bandwidth in Mb/s (10^6 bit/s), latency in s: a message of s bytes
 *     takes latency + 8 s / (10^6 bandwidth) one way.
 *
 * Thread safety: as the MPI calls made (one thread per process calling);
 * no global state. Never prints, never aborts.
 */
#ifndef RINGMAP_MEASURE_H
#define RINGMAP_MEASURE_H

#include <mpi.h>
#include <stdio.h>

#include "ringmap.h"

#ifdef __cplusplus
extern "C" {
#endif
#pragma GCC visibility push(default)

/** A computational kernel to time: the user's own (a library callback) or
 *  the stencil of iterapp (ringmap-measure's default). */
typedef struct rm_measure_kernel {
    const char *name;      /* for the output ("stencil"); may be NULL */
    double mflop_per_unit; /* work of one unit, Mflop, > 0 (gives w in s/Mflop) */
    /* Untimed set-up before the runs at a size (allocate, initialise); may be
     * NULL. Returns 0, or nonzero to stop with RM_EINPUT. */
    int (*prepare)(long units, void *user);
    /* One timed run on `units` units. Returns 0, or nonzero to stop. */
    int (*run)(long units, void *user);
    void *user; /* passed to prepare and run */
    /* reserved for fields of later 1.x releases, which take slots from it
       so that the size and the offsets above stay (docs/library.md, "ABI
       notes"); start from {0} or a designated initializer, which zero it */
    rm_reserved_slot reserved[4];
} rm_measure_kernel;

/** Progress report, called on rank 0 only: `done` of `total` steps of the
 *  phase `what` ("kernel", "ping-pong"). */
typedef void (*rm_measure_progress_fn)(void *user, const char *what, int done, int total);

/** What to measure; rm_measure_opts_init sets the defaults given here. */
typedef struct rm_measure_opts {
    int n_sizes;          /* kernel problem sizes (units): 3 */
    const long *sizes;    /* strictly increasing, >= 1: {16, 64, 256} */
    int kernel_reps;      /* timed runs per size, median kept: 5 */
    int n_msg;            /* ping-pong message sizes (bytes): 8 */
    const long *msg_sizes;/* strictly increasing, >= 8: 8, 64, ..., 4 MiB (x 8) */
    int reps_small;       /* ping-pongs per size up to large_size: 100 */
    int reps_large;       /* ping-pongs per larger size: 20 */
    long large_size;      /* 8192 bytes, as the OSU benchmarks */
    int warmup;           /* untimed ping-pongs first, per size: 2 */
    int concurrent;       /* 1: the pairs of a round at the same time; 0: one pair at a time: 1 */
    /* Emulation of a heterogeneous network on one machine (tests): NULL, or
     * p*p row-major matrices (p = communicator size): a message from r to s
     * is delivered no earlier than emu_latency[r*p+s] + 8 bytes / (10^6
     * emu_bandwidth[r*p+s]) after it was sent (0 bandwidth: not emulated),
     * timed with CLOCK_MONOTONIC, which all processes must share (one
     * machine). Refused under SimGrid SMPI. */
    const double *emu_bandwidth; /* Mb/s */
    const double *emu_latency;   /* s */
    rm_measure_progress_fn progress; /* NULL: none */
    void *progress_user;
    /* reserved for fields of later 1.x releases, which take slots from it
       so that the size and the offsets above stay (docs/library.md, "ABI
       notes"); zeroed by rm_measure_opts_init */
    rm_reserved_slot reserved[8];
} rm_measure_opts;

/** Defaults above. O(1). */
void rm_measure_opts_init(rm_measure_opts *o);

/** Measurements, gathered at rank 0 (other ranks: only p and names). */
typedef struct rm_measure_result {
    int p;                /* hosts (communicator size) */
    char **names;         /* p processor names (MPI_Get_processor_name) */
    double mflop_per_unit;
    int n_sizes;
    long *sizes;          /* n_sizes kernel sizes (units) */
    double *kernel_time;  /* p * n_sizes: median time (s) of host r at size k: [r*n_sizes+k] */
    double *w;            /* p cycle-times (s/Mflop) at the largest size */
    int n_msg;
    long *msg_sizes;      /* n_msg message sizes (bytes) */
    double *oneway;       /* p * p * n_msg: median one-way time (half round trip), s */
    double *bandwidth;    /* p * p, Mb/s, symmetric (0 on the diagonal) */
    double *latency;      /* p * p, s, symmetric */
    /* reserved for fields of later 1.x releases, which take slots from it
       so that the size and the offsets above stay (docs/library.md, "ABI
       notes"); zeroed by rm_measure_platform */
    rm_reserved_slot reserved[8];
} rm_measure_result;

/**
 * The partner of `rank` in round `round` (0 <= round < rm_measure_rounds(p))
 * of a round-robin tournament on p players (the circle method: player p-1,
 * or a bye when p is odd, fixed; the others rotate), or -1 when rank sits
 * out. Every pair meets in exactly one round, and each rank is in at most
 * one pair per round, so no host's network interface carries two
 * measurements at once. O(1).
 */
int rm_measure_partner(int p, int round, int rank);

/** Rounds of the tournament: p - 1 for even p, p for odd p (0 for p < 2). O(1). */
int rm_measure_rounds(int p);

/**
 * Measure the platform of communicator comm, collectively. Every host runs
 * the kernel at each size (prepare, then kernel_reps timed runs; all hosts at
 * the same time, as they are distinct machines), then every pair ping-pongs
 * in the tournament's rounds (a barrier between rounds): for each message
 * size, warmup untimed then reps timed round trips; one-way time = median
 * round trip / 2. The affine cost t(s) = latency + 8e-6 s / bandwidth through
 * the smallest and the largest size gives bandwidth = (largest - smallest
 * size) * 8e-6 / (one-way time difference) Mb/s (its slope) and latency =
 * its intercept (s, >= 0). Sizes in between are kept in oneway.
 * res is zeroed first, filled at rank 0 (see rm_measure_result); free with
 * rm_measure_result_destroy on every rank.
 * Errors (same verdict on every rank): RM_EINPUT (bad options, kernel
 * failed, a time not > 0, emulation under SMPI), RM_ENOMEM, RM_EINTERNAL
 * (MPI failure). Complexity: p - 1 rounds (p for odd p) of
 * sum_sizes (warmup + reps) round trips each, plus the kernel runs.
 */
rm_status rm_measure_platform(MPI_Comm comm, const rm_measure_kernel *kernel,
                              const rm_measure_opts *opts, rm_measure_result *res, rm_error *err);

/** Free what rm_measure_platform put in res (res may be zeroed). */
void rm_measure_result_destroy(rm_measure_result *res);

/**
 * Write res (rank 0) as a GML platform (DESIGN's format; `ringmap map`
 * reads it): `directed 0`, one host node per rank (label = name, w in
 * s/Mflop, and the functional performance model's points as attributes
 * fpm_x "x1 x2 ..." (units) and fpm_t "t1 t2 ..." (s), fpm_mflop_per_unit),
 * and one edge per pair (the complete graph) with bandwidth (Mb/s) and
 * latency (s). Labels must be distinct (RM_EINPUT otherwise) and are
 * written with '"' and '&' escaped as GML entities. Errors: RM_EINPUT,
 * RM_EINTERNAL (a write failed). O(p^2).
 */
rm_status rm_measure_write_gml(FILE *f, const rm_measure_result *res, const char *comment,
                               rm_error *err);

/**
 * The functional performance model (Lastovetsky and Reddy; rm_fpm, include/ringmap/balance.h)
 * of one host from the node attributes rm_measure_write_gml writes: fpm_x
 * ("x1 x2 ...", units) and fpm_t ("t1 t2 ...", s, the median time of one
 * run at each size), numbers separated by blanks, as many of each, x
 * strictly increasing > 0, t > 0. m (initialised with rm_fpm_init) is
 * cleared, then gets the points by rm_fpm_add; rm_fpm_time(m, x_k) is then
 * t_k. Read the two strings with any GML reader (igraph: string vertex
 * attributes). Errors: RM_EINPUT naming the point, RM_ENOMEM, RM_EINVAL
 * (NULL). Reentrant. O(n^2) for n points (sorted insertion).
 */
rm_status rm_measure_fpm_parse(const char *fpm_x, const char *fpm_t, rm_fpm *m, rm_error *err);

#pragma GCC visibility pop
#ifdef __cplusplus
}
#endif

#endif /* RINGMAP_MEASURE_H */
