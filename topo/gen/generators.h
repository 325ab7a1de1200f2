/*
 * generators.h — deterministic platform generators at the scale of real
 * clusters (bench/bench_scale, docs/scale.md): a star (hosts behind one switch), a two-level cluster
 * (cabinets of hosts, cabinet switches on a shared backbone), a two-level
 * fat-tree (leaf-spine folded Clos), and a Tiers-like WAN/MAN/LAN platform
 * of a given size (rmi_generate_tiers of topo/io/readers.h with scaled counts).
 * Every generator is deterministic for a seed (splitmix64, rm_rng of
 * topo/io/readers.h): the same arguments give the same platform on every machine.
 * Units as in ringmap.h: w in s/Mflop, bandwidth in Mb/s, latency in s.
 */
#ifndef RM_TOPO_GENERATORS_H
#define RM_TOPO_GENERATORS_H

#include "ringmap/topo.h"

#include <stdint.h>

/** The generated topologies. */
typedef enum rm_gen_topology {
    RM_GEN_TIERS = 0, /* Tiers-like WAN/MAN/LAN (Legrand et al. 2004 §5.1), hosts ~ n_hosts */
    RM_GEN_STAR,      /* n_hosts hosts, one switch */
    RM_GEN_CLUSTER,   /* cabinets of 40 hosts, cabinet switches on one backbone link */
    RM_GEN_FATTREE,   /* leaf switches of 40 hosts, every leaf linked to every spine */
    RM_GEN_COUNT
} rm_gen_topology;

/** Name of a topology ("tiers", "star", "cluster", "fattree"); NULL if out of range. */
const char *rmi_gen_topology_name(rm_gen_topology t);

/** Topology from its name; -1 if unknown. */
int rmi_gen_topology_parse(const char *name);

/**
 * Generate a platform of the given topology with about n_hosts hosts
 * (exactly n_hosts except for tiers: 30 % of LAN nodes of 30-node LANs,
 * i.e. 9 * ceil(n_hosts / 9) rounded as rmi_generate_tiers does, 999 for
 * 1,000). Host speeds come from the LINPACK-like list (rmi_linpack_speeds);
 * in star every host draws its speed and its access link (1 or 10 Gb/s);
 * in cluster and fattree the hosts of one cabinet / leaf share one speed
 * (bought together), drawn per cabinet. Links (Mb/s, s):
 *   star:    host - switch 1000 (80 %) or 10000 (20 %), 5e-5;
 *   cluster: host - cabinet switch 1000, 5e-5; cabinet switch - backbone
 *            router 10000, 1e-4; the backbone router pairs are joined by
 *            one shared backbone link of 40000 Mb/s, 1e-4 (two routers
 *            "bb0"/"bb1", cabinets alternately on each side);
 *   fattree: host - leaf 1000, 5e-5; leaf - spine 10000, 1e-4, every leaf
 *            to every one of max(4, leaves / 8) spines.
 * Errors: RM_EINPUT (n_hosts < 2 or > 10^6, unknown topology), RM_ENOMEM.
 * Thread-safe (no shared state). O(H + E) except tiers (see rmi_generate_tiers).
 */
rm_status rmi_generate_topology(rm_gen_topology t, int n_hosts, uint64_t seed, rm_platform **out,
                               rm_error *err);

#endif
