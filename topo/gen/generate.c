/*
 * generate.c — the Tiers-like WAN/MAN/LAN platform generator (Legrand et al. 2004
 * §5.1), its deterministic PRNG (splitmix64), the LINPACK-like list of host
 * speeds shared with the Tiers reader, and a GML writer.
 */
#include "topo/io/readers.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------------ */
/* splitmix64                                                                 */
/* ------------------------------------------------------------------------ */

void rmi_rng_seed(rm_rng *r, uint64_t seed) { r->state = seed; }

uint64_t rmi_rng_next(rm_rng *r)
{
    uint64_t z = (r->state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

uint64_t rmi_rng_below(rm_rng *r, uint64_t n)
{
    if (n <= 1)
        return 0;
    uint64_t limit = UINT64_MAX - UINT64_MAX % n; /* reject the incomplete last block */
    uint64_t x;
    do
        x = rmi_rng_next(r);
    while (x >= limit);
    return x % n;
}

double rmi_rng_uniform(rm_rng *r) { return (double)(rmi_rng_next(r) >> 11) * 0x1.0p-53; }

const double *rmi_linpack_speeds(int *n)
{
    /* Mflop/s; the distinct host powers of medium_tiers-p.xml (flop/s / 1e6). */
    static const double speeds[] = {22.151, 34.333, 42.917, 48.492, 68.667, 98.095, 114.444};
    if (n)
        *n = (int)(sizeof speeds / sizeof speeds[0]);
    return speeds;
}

/* ------------------------------------------------------------------------ */
/* Generator                                                                  */
/* ------------------------------------------------------------------------ */

void rmi_generate_options_init(rm_generate_options *go)
{
    go->n_wan = 4;
    go->n_man = 6;
    go->n_lan = 20;
    go->man_nodes = 4;
    go->lan_nodes = 5;
    go->wan_extra = -1;
    go->man_extra = 1;
    go->hosts_fraction = 0.3;
    go->prune = 1;
    go->seed = 1;
}

/* Link classes: bandwidth lists (Mb/s) and latency (s). */
enum { GC_LAN, GC_LAN_MAN, GC_MAN, GC_MAN_WAN, GC_WAN, GC_COUNT };
static const double gc_bw_lan[] = {100.0};
static const double gc_bw_lan_man[] = {34.3, 45.0, 100.0};
static const double gc_bw_man[] = {30.5, 45.0, 155.0};
static const double gc_bw_man_wan[] = {10.0, 16.7, 34.3};
static const double gc_bw_wan[] = {2.0, 4.9, 8.2, 10.0};
static const struct {
    const double *bw;
    int n;
    double latency;
} gc_class[GC_COUNT] = {{gc_bw_lan, 1, 1e-4},
                        {gc_bw_lan_man, 3, 5e-4},
                        {gc_bw_man, 3, 1e-3},
                        {gc_bw_man_wan, 3, 5e-3},
                        {gc_bw_wan, 4, 2e-2}};

typedef struct gen_edge {
    int u, v, cls;
    double bw;
} gen_edge;

typedef struct gen {
    int n;           /* nodes */
    int *level;      /* 0 WAN, 1 MAN, 2 LAN */
    int *group;      /* MAN or LAN index (WAN: 0) */
    int *index;      /* index inside its group */
    gen_edge *edges;
    int m, cap;
} gen;

/* The edges of one group (gen_mesh): a set of unordered node pairs, open
 * addressing, so that the adjacency test is O(1) instead of a scan of every
 * edge so far (quadratic in the number of MANs). */
typedef struct pair_set {
    uint64_t *key; /* 0 = empty; pair (a < b) as (a + 1) << 32 | (b + 1) */
    size_t cap;
} pair_set;

static uint64_t pair_key(int u, int v)
{
    uint64_t a = (uint64_t)(u < v ? u : v) + 1, b = (uint64_t)(u < v ? v : u) + 1;
    return a << 32 | b;
}

static size_t pair_slot(const pair_set *s, uint64_t key)
{
    size_t j = (size_t)((key * 0x9E3779B97F4A7C15ULL) >> 17) & (s->cap - 1);
    while (s->key[j] && s->key[j] != key)
        j = (j + 1) & (s->cap - 1);
    return j;
}

static int gen_add_edge(gen *g, rm_rng *r, int u, int v, int cls)
{
    if (g->m == g->cap) {
        int ncap = g->cap ? 2 * g->cap : 64;
        gen_edge *ne = realloc(g->edges, (size_t)ncap * sizeof *ne);
        if (!ne)
            return -1;
        g->edges = ne;
        g->cap = ncap;
    }
    gen_edge *e = &g->edges[g->m++];
    e->u = u;
    e->v = v;
    e->cls = cls;
    e->bw = gc_class[cls].bw[rmi_rng_below(r, (uint64_t)gc_class[cls].n)];
    return 0;
}

/* A random recursive tree on nodes first..first+k-1 plus `extra` edges
 * between non-adjacent pairs (as many as exist). Only pairs inside the group
 * are examined, so the adjacency test is cheap for small groups; for large
 * groups we bound the attempts. */
static int gen_mesh(gen *g, rm_rng *r, int first, int k, int extra, int cls)
{
    for (int i = 1; i < k; i++)
        if (gen_add_edge(g, r, first + (int)rmi_rng_below(r, (uint64_t)i), first + i, cls))
            return -1;
    long max_extra = (long)k * (k - 1) / 2 - (k - 1);
    if (extra > max_extra)
        extra = (int)max_extra;
    if (extra <= 0)
        return 0;
    /* the group's edges so far: the k - 1 just added (no other edge joins
     * two nodes of a group: the groups are meshed first, one after the other) */
    pair_set set = {NULL, 1};
    while (set.cap < 2 * ((size_t)k + (size_t)extra))
        set.cap *= 2;
    set.key = calloc(set.cap, sizeof *set.key);
    if (!set.key)
        return -1;
    for (int e = g->m - (k - 1); e < g->m; e++)
        set.key[pair_slot(&set, pair_key(g->edges[e].u, g->edges[e].v))] =
            pair_key(g->edges[e].u, g->edges[e].v);
    int tries = 0, rc = 0;
    for (int added = 0; added < extra && tries < 1000 * (extra + 1); tries++) {
        int a = first + (int)rmi_rng_below(r, (uint64_t)k);
        int b = first + (int)rmi_rng_below(r, (uint64_t)k);
        if (a == b)
            continue;
        size_t j = pair_slot(&set, pair_key(a, b));
        if (set.key[j])
            continue; /* already adjacent */
        if (gen_add_edge(g, r, a, b, cls)) {
            rc = -1;
            break;
        }
        set.key[j] = pair_key(a, b);
        added++;
    }
    free(set.key);
    return rc;
}

static void gen_free(gen *g)
{
    free(g->level);
    free(g->group);
    free(g->index);
    free(g->edges);
}

/* The options' ranges; *n the node count before pruning. */
static rm_status gen_check(const rm_generate_options *go, long *n, rm_error *err)
{
    if (go->n_wan < 1 || go->n_man < 1 || go->n_lan < 1)
        return rm_error_set(err, RM_EINPUT,
                            "generate tiers: --wan, --man and --lan must be >= 1 (got %d, %d, %d)",
                            go->n_wan, go->n_man, go->n_lan);
    if (go->man_nodes < 1 || go->lan_nodes < 1)
        return rm_error_set(err, RM_EINPUT,
                            "generate tiers: --man-nodes and --lan-nodes must be >= 1 (got %d, %d)",
                            go->man_nodes, go->lan_nodes);
    if (!(go->hosts_fraction > 0 && go->hosts_fraction <= 1))
        return rm_error_set(err, RM_EINPUT,
                            "generate tiers: --hosts-fraction must be in (0, 1] (got %g)",
                            go->hosts_fraction);
    if (go->man_extra < 0 || go->wan_extra < -1)
        return rm_error_set(err, RM_EINPUT, "generate tiers: extra edge counts must be >= 0");
    long n_long = (long)go->n_wan + (long)go->n_man * go->man_nodes +
                  (long)go->n_lan * go->lan_nodes;
    if (n_long > 10000000L)
        return rm_error_set(err, RM_ELIMIT, "generate tiers: %ld nodes is more than 10^7",
                            n_long);
    *n = n_long;
    return RM_OK;
}

/* Nodes: WAN 0..n_wan-1, then the MANs (from *man0), then the LANs, hub
 * first (from *lan0). */
static void gen_nodes(gen *g, const rm_generate_options *go, int *man0, int *lan0)
{
    int v = 0;
    for (int i = 0; i < go->n_wan; i++, v++) {
        g->level[v] = 0;
        g->group[v] = 0;
        g->index[v] = i;
    }
    *man0 = v;
    for (int m = 0; m < go->n_man; m++)
        for (int i = 0; i < go->man_nodes; i++, v++) {
            g->level[v] = 1;
            g->group[v] = m;
            g->index[v] = i;
        }
    *lan0 = v;
    for (int l = 0; l < go->n_lan; l++)
        for (int i = 0; i < go->lan_nodes; i++, v++) {
            g->level[v] = 2;
            g->group[v] = l;
            g->index[v] = i;
        }
}

/* Steps 1-3: the WAN backbone, the MANs each hanging off a WAN node, the
 * LANs as stars whose hub hangs off a node of MAN (l mod n_man). -1 ENOMEM. */
static int gen_edges(gen *g, rm_rng *rng, const rm_generate_options *go, int man0, int lan0)
{
    int wan_extra = go->wan_extra < 0 ? go->n_wan / 2 : go->wan_extra;
    if (gen_mesh(g, rng, 0, go->n_wan, wan_extra, GC_WAN))
        return -1;
    for (int m = 0; m < go->n_man; m++) {
        int first = man0 + m * go->man_nodes;
        if (gen_mesh(g, rng, first, go->man_nodes, go->man_extra, GC_MAN))
            return -1;
        int w = m < go->n_wan ? m : (int)rmi_rng_below(rng, (uint64_t)go->n_wan);
        if (gen_add_edge(g, rng, w, first, GC_MAN_WAN))
            return -1;
    }
    for (int l = 0; l < go->n_lan; l++) {
        int hub = lan0 + l * go->lan_nodes;
        for (int i = 1; i < go->lan_nodes; i++)
            if (gen_add_edge(g, rng, hub, hub + i, GC_LAN))
                return -1;
        int m = l % go->n_man;
        int mn = man0 + m * go->man_nodes + (int)rmi_rng_below(rng, (uint64_t)go->man_nodes);
        if (gen_add_edge(g, rng, mn, hub, GC_LAN_MAN))
            return -1;
    }
    return 0;
}

/* Step 4: hosts by a partial Fisher–Yates shuffle of the LAN nodes (from
 * lan0), then their speeds (host[], speed[] by node). -1 ENOMEM. */
static int gen_hosts(const gen *g, rm_rng *rng, double hosts_fraction, int lan0, int *host,
                     double *speed)
{
    int n_lan_nodes = g->n - lan0;
    int k = (int)lround(hosts_fraction * n_lan_nodes);
    if (k < 1)
        k = 1;
    int *lan_ids = malloc((size_t)n_lan_nodes * sizeof *lan_ids);
    if (!lan_ids)
        return -1;
    for (int i = 0; i < n_lan_nodes; i++)
        lan_ids[i] = lan0 + i;
    for (int i = 0; i < k; i++) {
        int j = i + (int)rmi_rng_below(rng, (uint64_t)(n_lan_nodes - i));
        int t = lan_ids[i];
        lan_ids[i] = lan_ids[j];
        lan_ids[j] = t;
        host[lan_ids[i]] = 1;
    }
    free(lan_ids);
    int n_speeds;
    const double *speeds = rmi_linpack_speeds(&n_speeds);
    for (int u = 0; u < g->n; u++)
        if (host[u])
            speed[u] = speeds[rmi_rng_below(rng, (uint64_t)n_speeds)];
    return 0;
}

/* Step 5: routers of degree <= 1 removed, repeatedly (alive[u] = 0).
 * -1 ENOMEM. */
static int gen_prune(const gen *g, const int *host, int *alive)
{
    int *deg = calloc((size_t)g->n, sizeof *deg);
    int *stack = malloc((size_t)g->n * sizeof *stack);
    /* adjacency in CSR form */
    int *off = calloc((size_t)g->n + 1, sizeof *off);
    int *adj = malloc((size_t)(2 * g->m + 1) * sizeof *adj);
    if (!deg || !stack || !off || !adj) {
        free(deg);
        free(stack);
        free(off);
        free(adj);
        return -1;
    }
    for (int e = 0; e < g->m; e++) {
        off[g->edges[e].u + 1]++;
        off[g->edges[e].v + 1]++;
    }
    for (int u = 0; u < g->n; u++)
        off[u + 1] += off[u];
    for (int e = 0; e < g->m; e++) {
        adj[off[g->edges[e].u] + deg[g->edges[e].u]++] = g->edges[e].v;
        adj[off[g->edges[e].v] + deg[g->edges[e].v]++] = g->edges[e].u;
    }
    int top = 0;
    for (int u = 0; u < g->n; u++)
        if (!host[u] && deg[u] <= 1)
            stack[top++] = u;
    while (top > 0) {
        int u = stack[--top];
        if (!alive[u])
            continue;
        alive[u] = 0;
        for (int a = off[u]; a < off[u + 1]; a++) {
            int x = adj[a];
            if (alive[x] && --deg[x] <= 1 && !host[x])
                stack[top++] = x;
        }
    }
    free(deg);
    free(stack);
    free(off);
    free(adj);
    return 0;
}

/* Build: the alive nodes, renumbered in order (labels H<k>, W<i>,
 * M<m>.<i>, L<l>.<i>), and the edges between them. */
static rm_status gen_build(const gen *g, const rm_generate_options *go, const int *host,
                           const double *speed, const int *alive, rm_platform **out, rm_error *err)
{
    int *newid = malloc((size_t)g->n * sizeof *newid);
    if (!newid)
        return rm_error_set(err, RM_ENOMEM, "generate tiers: out of memory");
    int n_nodes = 0, n_links = 0;
    for (int u = 0; u < g->n; u++)
        newid[u] = alive[u] ? n_nodes++ : -1;
    for (int e = 0; e < g->m; e++)
        if (alive[g->edges[e].u] && alive[g->edges[e].v])
            n_links++;
    char name[96];
    snprintf(name, sizeof name, "tiers-w%d-m%d-l%d-s%llu", go->n_wan, go->n_man, go->n_lan,
             (unsigned long long)go->seed);
    rm_platform *p = rm_platform_new(name, n_nodes, n_links, 0);
    if (!p)
        goto nomem;
    int hcount = 0;
    for (int u = 0; u < g->n; u++) {
        if (!alive[u])
            continue;
        int i = newid[u];
        char label[64];
        if (host[u])
            snprintf(label, sizeof label, "H%d", hcount++);
        else if (g->level[u] == 0)
            snprintf(label, sizeof label, "W%d", g->index[u]);
        else
            snprintf(label, sizeof label, "%c%d.%d", g->level[u] == 1 ? 'M' : 'L', g->group[u],
                     g->index[u]);
        p->nodes[i].id = i;
        p->nodes[i].is_host = host[u];
        p->nodes[i].w = host[u] ? 1.0 / speed[u] : 0.0;
        if (rm_platform_set_label(p, i, label) != RM_OK) {
            rm_platform_free(p);
            goto nomem;
        }
    }
    int li = 0;
    for (int e = 0; e < g->m; e++) {
        const gen_edge *ge = &g->edges[e];
        if (!alive[ge->u] || !alive[ge->v])
            continue;
        /* undirected: the smaller node index first, as the GML reader reports it */
        int a = newid[ge->u], b = newid[ge->v];
        p->links[li].source = a < b ? a : b;
        p->links[li].target = a < b ? b : a;
        p->links[li].bandwidth = ge->bw;
        p->links[li].latency = gc_class[ge->cls].latency;
        p->links[li].backbone = 0;
        li++;
    }
    free(newid);
    rm_status st = rm_platform_finalize(p, err);
    if (st)
        rm_platform_free(p);
    else
        *out = p;
    return st;
nomem:
    free(newid);
    return rm_error_set(err, RM_ENOMEM, "generate tiers: out of memory");
}

rm_status rmi_generate_tiers(const rm_generate_options *go, rm_platform **out, rm_error *err)
{
    rm_generate_options d;
    if (!go) {
        rmi_generate_options_init(&d);
        go = &d;
    }
    if (!out)
        return rm_error_set(err, RM_EINPUT, "rmi_generate_tiers: NULL output");
    *out = NULL;
    long n_long = 0;
    rm_status st = gen_check(go, &n_long, err);
    if (st)
        return st;
    rm_rng rng;
    rmi_rng_seed(&rng, go->seed);
    gen g;
    memset(&g, 0, sizeof g);
    g.n = (int)n_long;
    g.level = malloc((size_t)g.n * sizeof *g.level);
    g.group = malloc((size_t)g.n * sizeof *g.group);
    g.index = malloc((size_t)g.n * sizeof *g.index);
    int *host = calloc((size_t)g.n, sizeof *host);
    double *speed = calloc((size_t)g.n, sizeof *speed);
    int *alive = malloc((size_t)g.n * sizeof *alive);
    int man0, lan0;
    if (!g.level || !g.group || !g.index || !host || !speed || !alive)
        goto nomem;
    gen_nodes(&g, go, &man0, &lan0);
    if (gen_edges(&g, &rng, go, man0, lan0) || gen_hosts(&g, &rng, go->hosts_fraction, lan0, host, speed))
        goto nomem;
    for (int u = 0; u < g.n; u++)
        alive[u] = 1;
    if (go->prune && gen_prune(&g, host, alive))
        goto nomem;
    st = gen_build(&g, go, host, speed, alive, out, err);
    goto done;
nomem:
    st = rm_error_set(err, RM_ENOMEM, "generate tiers: out of memory");
done:
    gen_free(&g);
    free(host);
    free(speed);
    free(alive);
    return st;
}
