/*
 * platform.c — the platform object of the model (Legrand et al. 2004 §2.1):
 * hosts (cycle-time w), routers and links (bandwidth, latency, backbone
 * flag); the reader options, programmatic construction, validation (values
 * and host reachability) and freeing. Every reader builds its platform with
 * these; reading a file (the format table) is topo/io/formats.c, which this
 * file does not call.
 */
#include "ringmap/topo.h"
#include "topo/io/sg_store.h"

#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

void rm_read_options_init(rm_read_options *ro)
{
    if (!ro)
        return;
    memset(ro, 0, sizeof *ro); /* and the reserved tail */
    ro->host_w = 0.0;
    ro->default_bandwidth = 0.0;
    ro->one_core = 0;
    ro->warn = NULL;
    ro->warn_ctx = NULL;
}

static char *rm_strdup(const char *s)
{
    size_t n = strlen(s) + 1;
    char *d = malloc(n);
    if (d)
        memcpy(d, s, n);
    return d;
}

rm_platform *rm_platform_new(const char *name, int n_nodes, int n_links, int directed)
{
    if (n_nodes < 0 || n_links < 0)
        return NULL;
    rm_platform *p = calloc(1, sizeof *p);
    if (!p)
        return NULL;
    p->name = rm_strdup(name ? name : "");
    p->directed = directed ? 1 : 0;
    p->nodes = calloc((size_t)n_nodes + 1, sizeof *p->nodes);
    p->links = calloc((size_t)n_links + 1, sizeof *p->links);
    p->hosts = calloc((size_t)n_nodes + 1, sizeof *p->hosts);
    if (!p->name || !p->nodes || !p->links || !p->hosts) {
        rm_platform_free(p);
        return NULL;
    }
    p->n_nodes = n_nodes;
    p->n_links = n_links;
    for (int v = 0; v < n_nodes; v++) {
        p->nodes[v].id = v;
        p->nodes[v].label = rm_strdup("");
        if (!p->nodes[v].label) {
            rm_platform_free(p);
            return NULL;
        }
    }
    return p;
}

rm_status rm_platform_set_label(rm_platform *p, int node, const char *label)
{
    if (!p || node < 0 || node >= p->n_nodes || !p->nodes)
        return RM_EINVAL; /* argument check (no rm_error here: the status alone) */
    char *d = rm_strdup(label ? label : "");
    if (!d)
        return RM_ENOMEM;
    free(p->nodes[node].label);
    p->nodes[node].label = d;
    return RM_OK;
}

rm_status rm_platform_finalize(rm_platform *p, rm_error *err)
{
    if (!p)
        return rm_error_set(err, RM_EINVAL, "rm_platform_finalize: the platform is NULL");
    if (p->n_nodes < 0 || p->n_links < 0 || (p->n_nodes > 0 && (!p->nodes || !p->hosts)) ||
        (p->n_links > 0 && !p->links))
        return rm_error_set(err, RM_EINVAL,
                            "rm_platform_finalize: platform with inconsistent sizes (%d nodes, %d "
                            "links) or NULL arrays (not made by rm_platform_new?)",
                            p->n_nodes, p->n_links);
    p->n_hosts = 0;
    for (int v = 0; v < p->n_nodes; v++)
        if (p->nodes[v].is_host)
            p->hosts[p->n_hosts++] = v;
    return rm_platform_validate(p, err);
}

/* Label of node v for messages ("?" when v is out of range). */
static const char *lbl(const rm_platform *p, int v)
{
    if (v < 0 || v >= p->n_nodes || !p->nodes[v].label)
        return "?";
    return p->nodes[v].label;
}

/*
 * Breadth-first search from node s over the links, forward (dir = 0: tail to
 * head) or backward (dir = 1); seen[v] = 1 for reached nodes. Undirected
 * links are followed both ways. adj_off/adj (CSR of link ends) are built by
 * the caller. O(N + E).
 */
static void bfs(const rm_platform *p, const int *off, const int *adj, int s, char *seen, int *queue)
{
    int head = 0, tail = 0;
    memset(seen, 0, (size_t)p->n_nodes);
    seen[s] = 1;
    queue[tail++] = s;
    while (head < tail) {
        int v = queue[head++];
        for (int k = off[v]; k < off[v + 1]; k++) {
            int u = adj[k];
            if (!seen[u]) {
                seen[u] = 1;
                queue[tail++] = u;
            }
        }
    }
}

/* CSR adjacency: forward (reverse = 0) or backward (reverse = 1) neighbours;
 * both for an undirected platform. Returns 0 on allocation failure. */
static int build_adj(const rm_platform *p, int reverse, int **off_out, int **adj_out)
{
    int n = p->n_nodes, m = p->n_links;
    int *off = calloc((size_t)n + 2, sizeof *off);
    int *adj = malloc(((size_t)2 * m + 1) * sizeof *adj);
    if (!off || !adj) {
        free(off);
        free(adj);
        return 0;
    }
    for (int l = 0; l < m; l++) {
        const rm_link *e = &p->links[l];
        int a = reverse ? e->target : e->source, b = reverse ? e->source : e->target;
        off[a + 1]++;
        if (!p->directed)
            off[b + 1]++;
    }
    for (int v = 0; v < n; v++)
        off[v + 1] += off[v];
    int *fill = malloc(((size_t)n + 1) * sizeof *fill);
    if (!fill) {
        free(off);
        free(adj);
        return 0;
    }
    memcpy(fill, off, (size_t)n * sizeof *fill);
    for (int l = 0; l < m; l++) {
        const rm_link *e = &p->links[l];
        int a = reverse ? e->target : e->source, b = reverse ? e->source : e->target;
        adj[fill[a]++] = b;
        if (!p->directed)
            adj[fill[b]++] = a;
    }
    free(fill);
    *off_out = off;
    *adj_out = adj;
    return 1;
}

rm_status rm_platform_validate(const rm_platform *p, rm_error *err)
{
    if (!p)
        return rm_error_set(err, RM_EINVAL, "rm_platform_validate: the platform is NULL");
    if (p->n_nodes < 0 || p->n_links < 0 || (p->n_nodes > 0 && !p->nodes) ||
        (p->n_links > 0 && !p->links))
        return rm_error_set(err, RM_EINPUT, "platform %s: inconsistent sizes", p->name ? p->name : "");
    const char *name = p->name ? p->name : "";
    for (int v = 0; v < p->n_nodes; v++) {
        const rm_node *nd = &p->nodes[v];
        if (!nd->label)
            return rm_error_set(err, RM_EINPUT, "platform %s: node %d (id %ld) has a NULL label", name,
                                v, nd->id);
        if (nd->is_host && !(isfinite(nd->w) && nd->w > 0.0))
            return rm_error_set(err, RM_EINPUT,
                                "platform %s: host %s (id %ld): cycle-time w = %g must be finite and > 0",
                                name, nd->label, nd->id, nd->w);
        if (nd->is_host && !isfinite(1.0 / nd->w)) /* subnormal w: the speed 1/w and alpha overflow */
            return rm_error_set(err, RM_EINPUT,
                                "platform %s: host %s (id %ld): cycle-time w = %g s/Mflop is too small: "
                                "its speed 1/w is not a finite number (w must be >= %g)",
                                name, nd->label, nd->id, nd->w, 1.0 / DBL_MAX);
    }
    for (int l = 0; l < p->n_links; l++) {
        const rm_link *e = &p->links[l];
        if (e->source < 0 || e->source >= p->n_nodes || e->target < 0 || e->target >= p->n_nodes)
            return rm_error_set(err, RM_EINPUT,
                                "platform %s: link %d joins node %d and node %d, not both in 0..%d", name,
                                l, e->source, e->target, p->n_nodes - 1);
        const char *a = lbl(p, e->source), *b = lbl(p, e->target);
        if (e->source == e->target)
            return rm_error_set(err, RM_EINPUT, "platform %s: link %d (%s -- %s): self-loop on node id %ld",
                                name, l, a, b, p->nodes[e->source].id);
        if (!(isfinite(e->bandwidth) && e->bandwidth > 0.0))
            return rm_error_set(err, RM_EINPUT,
                                "platform %s: link %d (%s -- %s): bandwidth %g must be finite and > 0", name,
                                l, a, b, e->bandwidth);
        if (!(isfinite(e->latency) && e->latency >= 0.0))
            return rm_error_set(err, RM_EINPUT,
                                "platform %s: link %d (%s -- %s): latency %g must be finite and >= 0", name,
                                l, a, b, e->latency);
        if (e->backbone != 0 && e->backbone != 1)
            return rm_error_set(err, RM_EINPUT, "platform %s: link %d (%s -- %s): backbone %d must be 0 or 1",
                                name, l, a, b, e->backbone);
    }
    /* the host list must match the is_host flags */
    int nh = 0;
    for (int v = 0; v < p->n_nodes; v++)
        if (p->nodes[v].is_host) {
            if (nh >= p->n_hosts || !p->hosts || p->hosts[nh] != v)
                return rm_error_set(err, RM_EINPUT,
                                    "platform %s: host list out of date (call rm_platform_finalize)", name);
            nh++;
        }
    if (nh != p->n_hosts)
        return rm_error_set(err, RM_EINPUT, "platform %s: host list out of date (call rm_platform_finalize)",
                            name);
    if (p->n_hosts == 0)
        return rm_error_set(err, RM_EINPUT, "platform %s: no host (no node has a cycle-time w or speed)",
                            name);
    if (p->n_hosts == 1)
        return RM_OK;

    /* Reachability among hosts: every host reached from the first one (and,
     * in a directed platform, the first one reached from every host). */
    rm_status st = RM_OK;
    int *off = NULL, *adj = NULL, *queue = malloc(((size_t)p->n_nodes + 1) * sizeof *queue);
    char *seen = malloc((size_t)p->n_nodes + 1);
    if (!queue || !seen || !build_adj(p, 0, &off, &adj)) {
        st = rm_error_set(err, RM_ENOMEM, "out of memory validating platform %s", name);
        goto out;
    }
    int h0 = p->hosts[0];
    bfs(p, off, adj, h0, seen, queue);
    for (int k = 1; k < p->n_hosts; k++) {
        int v = p->hosts[k];
        if (!seen[v]) {
            st = rm_error_set(err, RM_EINPUT, "platform %s: host %s (id %ld) cannot reach host %s (id %ld)",
                              name, lbl(p, h0), p->nodes[h0].id, lbl(p, v), p->nodes[v].id);
            goto out;
        }
    }
    if (p->directed) {
        free(off);
        free(adj);
        off = adj = NULL;
        if (!build_adj(p, 1, &off, &adj)) {
            st = rm_error_set(err, RM_ENOMEM, "out of memory validating platform %s", name);
            goto out;
        }
        bfs(p, off, adj, h0, seen, queue);
        for (int k = 1; k < p->n_hosts; k++) {
            int v = p->hosts[k];
            if (!seen[v]) {
                st = rm_error_set(err, RM_EINPUT,
                                  "platform %s: host %s (id %ld) cannot reach host %s (id %ld)", name,
                                  lbl(p, v), p->nodes[v].id, lbl(p, h0), p->nodes[h0].id);
                goto out;
            }
        }
    }
out:
    free(off);
    free(adj);
    free(queue);
    free(seen);
    return st;
}

int rm_platform_fixes_routes(const rm_platform *p)
{
    return p && (p->fixed_route_start || p->fixed_pieces);
}

void rm_platform_free(rm_platform *p)
{
    if (!p)
        return;
    if (p->nodes)
        for (int v = 0; v < p->n_nodes; v++)
            free(p->nodes[v].label);
    free(p->nodes);
    free(p->links);
    free(p->hosts);
    free(p->fixed_route_start);
    free(p->fixed_route_links);
    rmi_fixed_pieces_free(p->fixed_pieces);
    if (p->link_ids)
        for (int l = 0; l < p->n_links; l++)
            free(p->link_ids[l]);
    free(p->link_ids);
    if (p->group_names)
        for (int g = 0; g < p->n_groups; g++)
            free(p->group_names[g]);
    free(p->group_names);
    free(p->node_group);
    free(p->name);
    free(p);
}

int rm_platform_routers(const rm_platform *p)
{
    if (!p)
        return 0;
    return p->link_ids ? p->n_file_routers : p->n_nodes - p->n_hosts;
}

rm_status rm_platform_calibrate(rm_platform *p, double bw_factor, double lat_factor,
                                rm_error *err)
{
    if (!p)
        return rm_error_set(err, RM_EINVAL, "rm_platform_calibrate: p is NULL");
    if (!(isfinite(bw_factor) && bw_factor > 0.0) || !(isfinite(lat_factor) && lat_factor > 0.0))
        return rm_error_set(err, RM_EINPUT,
                            "the %s factor must be a finite number > 0 (got %g)",
                            isfinite(bw_factor) && bw_factor > 0.0 ? "latency" : "bandwidth",
                            isfinite(bw_factor) && bw_factor > 0.0 ? lat_factor : bw_factor);
    for (int l = 0; l < p->n_links; l++) { /* check all first: p unchanged on error */
        double b = p->links[l].bandwidth * bw_factor, lat = p->links[l].latency * lat_factor;
        if (!(isfinite(b) && b > 0.0) || !isfinite(lat))
            return rm_error_set(err, RM_EINPUT,
                                "link %d: its calibrated %s is not a finite number%s (%g x %g)", l,
                                isfinite(b) && b > 0.0 ? "latency" : "bandwidth",
                                isfinite(b) && b > 0.0 ? "" : " > 0",
                                isfinite(b) && b > 0.0 ? p->links[l].latency : p->links[l].bandwidth,
                                isfinite(b) && b > 0.0 ? lat_factor : bw_factor);
    }
    for (int l = 0; l < p->n_links; l++) {
        p->links[l].bandwidth *= bw_factor;
        p->links[l].latency *= lat_factor;
    }
    p->bw_factor = (p->bw_factor > 0.0 ? p->bw_factor : 1.0) * bw_factor;
    p->lat_factor = (p->lat_factor > 0.0 ? p->lat_factor : 1.0) * lat_factor;
    return RM_OK;
}
