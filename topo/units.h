/*
 * units.h — the one table of measurement units (bandwidth, speed,
 * cycle-time, latency) shared by every reader and option that takes a unit
 * word (the measured CSV files' headers, --bandwidth-unit, --speed-unit,
 * --latency-unit). SimGrid's spellings (its platform parser: "Bps" bytes/s,
 * "bps" bits/s, "Mf" Mflop/s, with the prefixes k M G T and Ki Mi Gi Ti) and
 * the common ones ("MB/s", "Gb/s", "GFlop/s", "GFLOPS", "Gflops"). Internal.
 */
#ifndef RM_TOPO_UNITS_H
#define RM_TOPO_UNITS_H

#include <stddef.h>

/** The quantity a unit measures. */
typedef enum rmi_unit_kind {
    RMI_UNIT_BANDWIDTH = 0, /* to Mb/s */
    RMI_UNIT_SPEED = 1,     /* to Mflop/s */
    RMI_UNIT_CYCLE = 2,     /* to s/Mflop */
    RMI_UNIT_LATENCY = 3    /* to s */
} rmi_unit_kind;

typedef struct rmi_unit {
    rmi_unit_kind kind;
    double factor; /* value in the unit x factor = value in Mb/s, Mflop/s, s/Mflop or s */
} rmi_unit;

/** Parse the unit word s[0..len) (blanks around it ignored): a prefix
 *  (none, k, M, G, T: powers of 1000; Ki, Mi, Gi, Ti: powers of 1024; any
 *  case), then for a bandwidth "b/s", "bit/s", "bits/s", "bps" (bits) or
 *  "B/s", "byte/s", "bytes/s", "Bps" (bytes, x 8) — the letter b/B is the
 *  only case that matters; for a speed "f", "flop/s", "flops", "flops/s"
 *  (any case: "Gf", "GFLOPS", "GFlop/s"); for a cycle-time "s/" then a speed
 *  word without "/s" ("s/Mflop", "s/Gf"); for a latency "s", "ms", "us",
 *  "ns" (any case). 0 and *u, or -1 for an unknown word. O(len). */
int rmi_unit_parse(const char *s, size_t len, rmi_unit *u);

/** The accepted spellings of the kinds in kind_mask (bit 1 << kind), for a
 *  refusal's message: a constant string. O(1). */
const char *rmi_unit_spellings(int kind_mask);

/** "bandwidth", "speed", "cycle-time" or "latency". O(1). */
const char *rmi_unit_kind_name(rmi_unit_kind kind);

#endif
