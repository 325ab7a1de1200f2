/*
 * sg_styles.h — the generated SimGrid platform styles of bench_simgrid
 * --styles, written by one function for the benchmark and the tests
 * (test_fixed_fast, test_sg_pieces_map, test_res_bound), so that a test runs
 * on the very platforms the benchmark measures.
 */
#ifndef RINGMAP_BENCH_SG_STYLES_H
#define RINGMAP_BENCH_SG_STYLES_H

#include <stdio.h>

/** The styles, in bench_simgrid's table order. */
enum {
    RMB_SG_FLAT,      /**< one <cluster>: a private link per host, no backbone */
    RMB_SG_BACKBONE,  /**< one <cluster> with a shared backbone (bb_bw, 500 us) */
    RMB_SG_FAT_TREE,  /**< a two-level FAT_TREE cluster: leaves of `leaf` hosts, as many spines */
    RMB_SG_DRAGONFLY, /**< a DRAGONFLY cluster: 2 groups of 2 chassis of 2 routers */
    RMB_SG_ZONES,     /**< five clusters of their own speeds and links, an uplink each, in a
                           Full zone (Grid'5000's shape) */
    RMB_SG_N_STYLES
};

/** The styles' names ("flat", "backbone", "fat-tree", "dragonfly", "zones"). */
extern const char *const rmb_sg_style_names[RMB_SG_N_STYLES];

/** Options of a style; a NULL options pointer or a 0 / NULL field takes the default. */
typedef struct {
    int leaf;          /**< fat-tree hosts per leaf (default: 40 when it divides hosts, else 32) */
    const char *bb_bw; /**< the backbone style's backbone bandwidth (default "10GBps") */
} rmb_sg_style_opts;

/** Writes the SimGrid platform (version 4.1, one complete document) of
 *  `hosts` hosts in style `style` to f. Hosts of 1 Gf/s (the zones: 1, 2,
 *  1.5, 3 and 2.5 Gf/s by cluster) behind 125 MB/s, 50 us links (the zones:
 *  1.25 GB/s in clusters 1 and 3). Returns 1 when the host count fits the
 *  style's shape (fat-tree: a multiple of the leaf; dragonfly: of 8; zones:
 *  of 5), 0 when it does not (the file is written anyway, with the shape's
 *  integer divisions), -1 for an unknown style (nothing written). Not
 *  thread-safe on one f. O(1) for the clusters, O(1) for the zones (5
 *  clusters, 10 zone routes). Source: SimGrid 3.32's platform DTD. */
int rmb_sg_style_write(FILE *f, int hosts, int style, const rmb_sg_style_opts *o);

/** rmb_sg_style_write into the file path (created or truncated). Returns as
 *  rmb_sg_style_write, or -2 when path cannot be written (errno set). */
int rmb_sg_style_file(const char *path, int hosts, int style, const rmb_sg_style_opts *o);

#endif
