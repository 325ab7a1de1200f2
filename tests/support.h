/*
 * support.h — helpers shared by the Check tests (tests/support.c, linked into
 * every tests/test_*.c): one random stream and one platform builder, instead
 * of a copy in each test file.
 */
#ifndef RINGMAP_TESTS_SUPPORT_H
#define RINGMAP_TESTS_SUPPORT_H

#include "ringmap.h"

#include <check.h>

/** xorshift64* (Vigna): the next double in [0, 1) of the stream *s (53 bits);
 *  a zero state is replaced by a fixed non-zero one. Local state, no global:
 *  each test seeds its own stream and is reproducible. O(1). */
double rmt_rnd(unsigned long long *s);

/** An integer uniform in [lo, hi] from the stream *s. O(1). */
int rmt_rndint(unsigned long long *s, int lo, int hi);

/** A finalised platform named name: nodes 0..n_hosts-1 are hosts of
 *  cycle-times w (s/Mflop), n_hosts..n_nodes-1 routers; link l joins lu[l]
 *  and lv[l] with bandwidth b[l] (Mb/s), latency lat[l] (s; lat may be NULL:
 *  0) and the backbone flag bb[l] (bb may be NULL: 0). Fails the running
 *  Check test on any error. O(n_nodes + n_links). */
rm_platform *rmt_build(const char *name, int n_nodes, int n_hosts, const double *w, int n_links,
                       const int *lu, const int *lv, const double *b, const double *lat,
                       const int *bb);

/** A random sparse platform as bench_quality's, "random": nh hosts (w uniform
 *  in 0.005..0.05 s/Mflop) and nr routers joined by a random spanning tree
 *  plus `extra` links between distinct nodes not yet joined, each of 10..1000
 *  Mb/s and, when with_latency, of latency 0..1e-4 s (else 0). The draws
 *  from *s come in one fixed order, so a seed gives the same platform in
 *  every test. Fails the running Check test on any error. O(N + extra * E). */
rm_platform *rmt_random_sparse(unsigned long long *s, int nh, int nr, int extra, int with_latency);

/** A random connected platform "random" seeded by seed (its own stream):
 *  n_nodes nodes, each a host with probability 0.6 (nodes 0 and 1 always),
 *  a random spanning tree plus `extra` links (parallel links allowed); with
 *  discrete, cycle-times in {0.01, 0.02, 0.03} s/Mflop and bandwidths in
 *  {10, 34.3, 100, 155} Mb/s (ties, as in Tiers platforms), else continuous
 *  (0.005..0.055, 5..155); with with_latency, link l has latency
 *  1e-4 (1 + l mod 3) s, else 0. Fails the running Check test on any error.
 *  O(n_nodes + extra). */
rm_platform *rmt_random_ties(unsigned long long seed, int n_nodes, int extra, int discrete,
                             int with_latency);

/** The hand-solved 3-host star (docs/sources.md, "Oracles"): hosts 0, 1 (w 1), 2 (w 2), router 3; links
 *  0-3, 1-3, 2-3 of 10, 10, 20 Mb/s. */
rm_platform *rmt_star3(void);

/** A finalised star "star": hosts 0..n-1 labelled P0..P(n-1), of cycle-times
 *  w (s/Mflop), router n; link i joins host i and the router with bandwidth
 *  b[i] (Mb/s), or b_all for every link when b is NULL. Fails the running
 *  Check test on any error. O(n). */
rm_platform *rmt_star(int n, const double *w, const double *b, double b_all);

/** The shipped platform RM_SOURCE_DIR/platforms/rel (e.g. "medium_tiers.gml"),
 *  read with the default options; fails the running Check test, naming the
 *  reader's message, when it cannot be read. */
rm_platform *rmt_shipped(const char *rel);

/** Fails the running Check test, naming what, unless SliceRing mappings a
 *  and b have the same q, T_step/D_w, ring and estimate of every ring size
 *  (sweep_t_unshared; NaN equals NaN), bit for bit. O(q + n_sweep). */
void rmt_same_slice_mapping(const rm_mapping *a, const rm_mapping *b, const char *what);

/** Run every test of suite s (Check's default fork mode, CK_NORMAL output),
 *  free the runner and return the test program's exit status: 0 when every
 *  test passed, 1 otherwise. The main() of every tests/test_*.c. */
int rmt_run_suite(Suite *s);

#endif
