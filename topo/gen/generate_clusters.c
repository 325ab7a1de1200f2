/*
 * generate_clusters.c — deterministic generators of cluster-like platforms
 * (star, two-level cluster with a backbone, leaf-spine fat-tree) and a
 * Tiers-like platform of a given host count, for bench/bench_scale (docs/scale.md).
 * See topo/gen/generators.h.
 */
#include "topo/gen/generators.h"
#include "topo/io/readers.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static const char *const topo_names[RM_GEN_COUNT] = {"tiers", "star", "cluster", "fattree"};

const char *rmi_gen_topology_name(rm_gen_topology t)
{
    return (int)t >= 0 && t < RM_GEN_COUNT ? topo_names[t] : NULL;
}

int rmi_gen_topology_parse(const char *name)
{
    for (int t = 0; t < RM_GEN_COUNT; t++)
        if (name && strcmp(name, topo_names[t]) == 0)
            return t;
    return -1;
}

/* hosts per cabinet (cluster) or per leaf switch (fattree) */
#define GEN_CAB 40

/* A platform under construction: nodes 0..H-1 are the hosts (labels
 * "h<i>"), then the routers; links appended in order. */
typedef struct builder {
    rm_platform *p;
    int n_links;
} builder;

static void add_link(builder *b, int u, int v, double bw, double lat)
{
    rm_link *l = &b->p->links[b->n_links++];
    l->source = u < v ? u : v;
    l->target = u < v ? v : u;
    l->bandwidth = bw;
    l->latency = lat;
    l->backbone = 0;
}

static rm_status label_nodes(rm_platform *p, int H, const char *const *router_prefix,
                             const int *router_count, int n_kinds)
{
    char label[64];
    for (int h = 0; h < H; h++) {
        snprintf(label, sizeof label, "h%d", h);
        if (rm_platform_set_label(p, h, label) != RM_OK)
            return RM_ENOMEM;
    }
    int v = H;
    for (int k = 0; k < n_kinds; k++)
        for (int i = 0; i < router_count[k]; i++, v++) {
            snprintf(label, sizeof label, "%s%d", router_prefix[k], i);
            if (rm_platform_set_label(p, v, label) != RM_OK)
                return RM_ENOMEM;
        }
    return RM_OK;
}

static double draw_w(rm_rng *r)
{
    int n;
    const double *speeds = rmi_linpack_speeds(&n);
    return 1.0 / speeds[rmi_rng_below(r, (uint64_t)n)];
}

static rm_status gen_tiers(int H, uint64_t seed, rm_platform **out, rm_error *err)
{
    rm_generate_options go;
    rmi_generate_options_init(&go);
    go.lan_nodes = 30;
    go.man_nodes = 6;
    go.hosts_fraction = 0.3;
    go.n_lan = (int)lround(H / 9.0) < 1 ? 1 : (int)lround(H / 9.0);
    go.n_man = (int)lround(go.n_lan / 7.0) < 2 ? 2 : (int)lround(go.n_lan / 7.0);
    go.n_wan = (int)lround(0.75 * sqrt((double)go.n_lan)) < 3 ? 3
                                                              : (int)lround(0.75 * sqrt((double)go.n_lan));
    go.wan_extra = go.n_wan / 2;
    go.man_extra = 2;
    go.seed = seed;
    return rmi_generate_tiers(&go, out, err);
}

rm_status rmi_generate_topology(rm_gen_topology t, int H, uint64_t seed, rm_platform **out,
                               rm_error *err)
{
    if (!out)
        return rm_error_set(err, RM_EINPUT, "rmi_generate_topology: NULL output");
    *out = NULL;
    if (H < 2 || H > 1000000)
        return rm_error_set(err, RM_EINPUT, "generate: the host count must be in [2, 10^6] (got %d)", H);
    if (t == RM_GEN_TIERS)
        return gen_tiers(H, seed, out, err);
    if ((int)t < 0 || t >= RM_GEN_COUNT)
        return rm_error_set(err, RM_EINPUT, "generate: unknown topology %d", (int)t);
    rm_rng rng;
    rmi_rng_seed(&rng, seed);
    int n_cab = (H + GEN_CAB - 1) / GEN_CAB;
    int n_routers, n_links;
    const char *prefix[3];
    int count[3], kinds;
    if (t == RM_GEN_STAR) {
        n_routers = 1;
        n_links = H;
        prefix[0] = "switch";
        count[0] = 1;
        kinds = 1;
    } else if (t == RM_GEN_CLUSTER) {
        n_routers = n_cab + 2;
        n_links = H + n_cab + 1;
        prefix[0] = "cab";
        count[0] = n_cab;
        prefix[1] = "bb";
        count[1] = 2;
        kinds = 2;
    } else {
        int n_spine = n_cab / 8 < 4 ? 4 : n_cab / 8;
        n_routers = n_cab + n_spine;
        n_links = H + n_cab * n_spine;
        prefix[0] = "leaf";
        count[0] = n_cab;
        prefix[1] = "spine";
        count[1] = n_spine;
        kinds = 2;
    }
    char name[64];
    snprintf(name, sizeof name, "%s-%d-s%llu", topo_names[t], H, (unsigned long long)seed);
    rm_platform *p = rm_platform_new(name, H + n_routers, n_links, 0);
    if (!p)
        return rm_error_set(err, RM_ENOMEM, "generate %s: out of memory", topo_names[t]);
    if (label_nodes(p, H, prefix, count, kinds) != RM_OK) {
        rm_platform_free(p);
        return rm_error_set(err, RM_ENOMEM, "generate %s: out of memory", topo_names[t]);
    }
    builder b = {p, 0};
    double cab_w = 0.0;
    for (int h = 0; h < H; h++) {
        p->nodes[h].is_host = 1;
        if (t == RM_GEN_STAR) {
            p->nodes[h].w = draw_w(&rng);
            add_link(&b, h, H, rmi_rng_below(&rng, 5) == 0 ? 10000.0 : 1000.0, 5e-5);
        } else {
            if (h % GEN_CAB == 0)
                cab_w = draw_w(&rng);
            p->nodes[h].w = cab_w;
            add_link(&b, h, H + h / GEN_CAB, 1000.0, 5e-5);
        }
    }
    if (t == RM_GEN_CLUSTER) {
        int bb0 = H + n_cab, bb1 = bb0 + 1;
        for (int c = 0; c < n_cab; c++)
            add_link(&b, H + c, c % 2 ? bb1 : bb0, 10000.0, 1e-4);
        add_link(&b, bb0, bb1, 40000.0, 1e-4);
    } else if (t == RM_GEN_FATTREE) {
        int n_spine = count[1];
        for (int c = 0; c < n_cab; c++)
            for (int s = 0; s < n_spine; s++)
                add_link(&b, H + c, H + n_cab + s, 10000.0, 1e-4);
    }
    rm_status st = rm_platform_finalize(p, err);
    if (st) {
        rm_platform_free(p);
        return st;
    }
    *out = p;
    return RM_OK;
}
