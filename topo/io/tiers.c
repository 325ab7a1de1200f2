/*
 * tiers.c — reader of the raw output of the Tiers topology generator (the
 * generator of the platforms of Legrand et al. 2004 §5.1) into an rm_platform: LAN
 * nodes become hosts with a seeded ~30 % rule, speeds from the LINPACK-like
 * list. See rmi_platform_read_tiers in topo/io/readers.h.
 */
#define _POSIX_C_SOURCE 200809L /* getline */
#include "topo/input_file.h"
#include "topo/io/readers.h"
#include "topo/io/unusable.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

void rmi_tiers_options_init(rm_tiers_options *to)
{
    to->hosts_fraction = 0.3;
    to->seed = 1;
}

typedef struct tr_node {
    long id;
    int type;
    long line;
} tr_node;

typedef struct tr_edge {
    long ia, ib; /* the Tiers ids of the ends, as in the file */
    int a, b;    /* node indices, a < b after normalisation */
    double bw;
    long line;
    int pos; /* order of first appearance */
} tr_edge;

static int tr_edge_cmp(const void *x, const void *y)
{
    const tr_edge *e = x, *f = y;
    if (e->a != f->a)
        return e->a < f->a ? -1 : 1;
    if (e->b != f->b)
        return e->b < f->b ? -1 : 1;
    return e->pos < f->pos ? -1 : e->pos > f->pos;
}

static int tr_edge_pos_cmp(const void *x, const void *y)
{
    const tr_edge *e = x, *f = y;
    return e->pos < f->pos ? -1 : e->pos > f->pos;
}

static int tr_id_cmp(const void *x, const void *y)
{
    const tr_node *a = x, *b = y;
    return a->id < b->id ? -1 : a->id > b->id;
}

/* Parse up to max whitespace-separated numbers (tok[k]: where the k-th
 * starts); returns how many, -1 if a token is not a number. */
static int tr_numbers(const char *s, double *v, const char **tok, int max)
{
    int n = 0;
    for (;;) {
        while (isspace((unsigned char)*s))
            s++;
        if (!*s)
            return n;
        if (n == max)
            return -1;
        char *end;
        errno = 0;
        tok[n] = s;
        v[n] = strtod(s, &end);
        if (end == s || (errno == ERANGE && !rm_is_subnormal(v[n])) || !isfinite(v[n]) ||
            (*end && !isspace((unsigned char)*end)))
            return -1;
        n++;
        s = end;
    }
}

/* A node id: the token tok (its value v as a double) as a long. An
 * integer token is read exactly (strtol: every id a long holds, beyond
 * 2^53 too); a token such as "12.0" or "1e3" only below 2^53, where a double
 * is exact. 0, or an error naming the line and the token. */
static rm_status tr_id(const char *path, long lineno, const char *what, const char *tok,
                       double v, long *id, rm_error *err)
{
    int len = (int)strcspn(tok, " \t\r\n\v\f");
    char *end;
    errno = 0;
    long x = strtol(tok, &end, 10);
    if (end == tok + len) {
        if (errno == ERANGE)
            return rm_error_set(err, RM_EINPUT,
                                "%s:%ld: %s '%.*s' is out of range (ids are integers from %ld to %ld)",
                                path, lineno, what, len > 40 ? 40 : len, tok, LONG_MIN, LONG_MAX);
        *id = x;
        return RM_OK;
    }
    if (v != floor(v))
        return rm_error_set(err, RM_EINPUT, "%s:%ld: %s '%.*s' is not an integer", path, lineno,
                            what, len > 40 ? 40 : len, tok);
    if (!(fabs(v) < 9007199254740992.0)) /* 2^53 */
        return rm_error_set(err, RM_EINPUT,
                            "%s:%ld: %s '%.*s' is not exact beyond 2^53: write it as an integer "
                            "(digits only)",
                            path, lineno, what, len > 40 ? 40 : len, tok);
    *id = (long)v;
    return RM_OK;
}

/* Index of Tiers id in the sorted copy, or -1. */
static int tr_find(const tr_node *sorted, const int *idx_of_sorted, int n, long id)
{
    int lo = 0, hi = n - 1;
    while (lo <= hi) {
        int mid = (lo + hi) / 2;
        if (sorted[mid].id == id)
            return idx_of_sorted[mid];
        if (sorted[mid].id < id)
            lo = mid + 1;
        else
            hi = mid - 1;
    }
    return -1;
}

/* What the first pass reads: the nodes in file order and the raw edges
 * (Tiers ids in a and b until tr_resolve turns them into node indices). */
typedef struct tr_file {
    tr_node *nodes;
    tr_edge *edges;
    int n_nodes, cap_nodes, n_edges, cap_edges;
} tr_file;

static rm_status tr_nomem(const char *path, rm_error *err)
{
    return rm_error_set(err, RM_ENOMEM, "%s: out of memory", path);
}

/* A line of the NODES section: 'id x y type' (v, k numbers). */
static rm_status tr_parse_node(const char *path, long lineno, const double *v,
                               const char *const *tok, int k, tr_file *t, rm_error *err)
{
    if (k != 4)
        return rm_error_set(err, RM_EINPUT, "%s:%ld: node line: expected 4 numbers 'id x y type'",
                            path, lineno);
    long id;
    rm_status st = tr_id(path, lineno, "node id", tok[0], v[0], &id, err);
    if (st)
        return st;
    if (v[3] != 0 && v[3] != 1 && v[3] != 2)
        return rm_error_set(err, RM_EINPUT,
                            "%s:%ld: node %ld: type %g is not 0 (WAN), 1 (MAN) or 2 (LAN)", path,
                            lineno, id, v[3]);
    if (t->n_nodes == t->cap_nodes) {
        t->cap_nodes = t->cap_nodes ? 2 * t->cap_nodes : 64;
        tr_node *nn = realloc(t->nodes, (size_t)t->cap_nodes * sizeof *nn);
        if (!nn)
            return tr_nomem(path, err);
        t->nodes = nn;
    }
    t->nodes[t->n_nodes].id = id;
    t->nodes[t->n_nodes].type = (int)v[3];
    t->nodes[t->n_nodes].line = lineno;
    t->n_nodes++;
    return RM_OK;
}

/* A line of the EDGES section: 'from to delay bandwidth fromtype totype state'. */
static rm_status tr_parse_edge(const char *path, long lineno, const double *v,
                               const char *const *tok, int k, tr_file *t, rm_error *err)
{
    if (k != 7)
        return rm_error_set(err, RM_EINPUT,
                            "%s:%ld: edge line: expected 7 numbers 'from to delay "
                            "bandwidth fromtype totype state'",
                            path, lineno);
    long ia, ib;
    rm_status st = tr_id(path, lineno, "edge end", tok[0], v[0], &ia, err);
    if (!st)
        st = tr_id(path, lineno, "edge end", tok[1], v[1], &ib, err);
    if (st)
        return st;
    if (!(v[3] > 0))
        return rm_error_set(err, RM_EINPUT, "%s:%ld: edge %ld -- %ld: bandwidth %g must be > 0",
                            path, lineno, ia, ib, v[3]);
    if (t->n_edges == t->cap_edges) {
        t->cap_edges = t->cap_edges ? 2 * t->cap_edges : 128;
        tr_edge *ne = realloc(t->edges, (size_t)t->cap_edges * sizeof *ne);
        if (!ne)
            return tr_nomem(path, err);
        t->edges = ne;
    }
    tr_edge *e = &t->edges[t->n_edges];
    e->ia = ia;
    e->ib = ib;
    e->bw = v[3];
    e->line = lineno;
    e->pos = t->n_edges;
    t->n_edges++;
    return RM_OK;
}

/* Parse: the nodes and raw edges of the file (ids resolved afterwards). */
static rm_status tr_parse(FILE *f, const char *path, tr_file *t, rm_error *err)
{
    /* lines of any length (the file is at most RM_INPUT_MAX_BYTES) */
    char *line = NULL;
    size_t cap = 0;
    ssize_t len;
    long lineno = 0;
    int section = 0; /* 0 header, 1 nodes, 2 edges */
    rm_status st = RM_OK;
    while (!st && (len = getline(&line, &cap, f)) != -1) {
        lineno++;
        if (memchr(line, '\0', (size_t)len)) {
            st = rm_error_set(err, RM_EINPUT, "%s:%ld: a NUL byte (not a text file)", path,
                              lineno);
            break;
        }
        char *s = line;
        while (isspace((unsigned char)*s))
            s++;
        if (*s == '#') {
            if (strncmp(s, "# NODES", 7) == 0)
                section = 1;
            else if (strncmp(s, "# EDGES", 7) == 0)
                section = 2;
            continue;
        }
        if (!*s)
            continue;
        double v[8];
        const char *tok[8];
        int k = tr_numbers(s, v, tok, 8);
        if (section == 1)
            st = tr_parse_node(path, lineno, v, tok, k, t, err);
        else if (section == 2)
            st = tr_parse_edge(path, lineno, v, tok, k, t, err);
        else
            st = rm_error_set(err, RM_EINPUT,
                              "%s:%ld: data before a '# NODES' or '# EDGES' section line", path,
                              lineno);
    }
    free(line);
    if (st)
        return st;
    if (ferror(f))
        return rm_error_set(err, RM_EINPUT, "%s: read error", path);
    if (t->n_nodes == 0)
        return rm_error_set(err, RM_EINPUT, "%s: no '# NODES' section with nodes", path);
    return RM_OK;
}

/* The node ids sorted (sorted[], n_nodes) and idx[sorted position] = file
 * position; fails on an id declared twice. */
static rm_status tr_sort_ids(const char *path, const tr_file *t, tr_node *sorted, int *idx,
                             rm_error *err)
{
    int n_nodes = t->n_nodes;
    const tr_node *nodes = t->nodes;
    memcpy(sorted, nodes, (size_t)n_nodes * sizeof *sorted);
    qsort(sorted, (size_t)n_nodes, sizeof *sorted, tr_id_cmp);
    for (int i = 1; i < n_nodes; i++)
        if (sorted[i].id == sorted[i - 1].id)
            return rm_error_set(err, RM_EINPUT, "%s:%ld: node %ld declared twice (also line %ld)",
                                path,
                                sorted[i].line > sorted[i - 1].line ? sorted[i].line
                                                                    : sorted[i - 1].line,
                                sorted[i].id,
                                sorted[i].line > sorted[i - 1].line ? sorted[i - 1].line
                                                                    : sorted[i].line);
    /* idx[sorted position] = file position: ids are unique, so match by id */
    for (int i = 0; i < n_nodes; i++) {
        /* binary search of nodes[i].id in sorted */
        int lo = 0, hi = n_nodes - 1;
        while (lo <= hi) {
            int mid = (lo + hi) / 2;
            if (sorted[mid].id == nodes[i].id) {
                idx[mid] = i;
                break;
            }
            if (sorted[mid].id < nodes[i].id)
                lo = mid + 1;
            else
                hi = mid - 1;
        }
    }
    return RM_OK;
}

/* Convert: edge ends from Tiers ids to node indices (a < b), then the
 * edges merged by unordered pair, the first appearance kept, in file order;
 * *m = the number of links. */
static rm_status tr_resolve(const char *path, tr_file *t, int *m, rm_error *err)
{
    int n_nodes = t->n_nodes, n_edges = t->n_edges;
    tr_edge *edges = t->edges;
    tr_node *sorted = malloc((size_t)n_nodes * sizeof *sorted);
    int *idx = malloc((size_t)n_nodes * sizeof *idx);
    rm_status st = RM_OK;
    if (!sorted || !idx) {
        st = tr_nomem(path, err);
        goto done;
    }
    if ((st = tr_sort_ids(path, t, sorted, idx, err)))
        goto done;
    for (int e = 0; e < n_edges; e++) {
        int a = tr_find(sorted, idx, n_nodes, edges[e].ia);
        int b = tr_find(sorted, idx, n_nodes, edges[e].ib);
        if (a < 0 || b < 0) {
            st = rm_error_set(err, RM_EINPUT, "%s:%ld: edge %ld -- %ld: node %ld is not declared",
                              path, edges[e].line, edges[e].ia, edges[e].ib,
                              a < 0 ? edges[e].ia : edges[e].ib);
            goto done;
        }
        if (a == b) {
            st = rm_error_set(err, RM_EINPUT, "%s:%ld: edge %ld -- %ld is a self-loop", path,
                              edges[e].line, edges[e].ia, edges[e].ib);
            goto done;
        }
        edges[e].a = a < b ? a : b;
        edges[e].b = a < b ? b : a;
    }
    if (n_edges > 0) /* edges is NULL without an EDGES section: qsort(NULL) is UB */
        qsort(edges, (size_t)n_edges, sizeof *edges, tr_edge_cmp);
    int k = 0;
    for (int e = 0; e < n_edges; e++) {
        if (k > 0 && edges[k - 1].a == edges[e].a && edges[k - 1].b == edges[e].b) {
            if (edges[k - 1].bw != edges[e].bw) {
                st = rm_error_set(err, RM_EINPUT,
                                  "%s:%ld: edge %ld -- %ld: bandwidth %g, but line %ld gives %g",
                                  path, edges[e].line, t->nodes[edges[e].a].id,
                                  t->nodes[edges[e].b].id, edges[e].bw, edges[k - 1].line,
                                  edges[k - 1].bw);
                goto done;
            }
            continue;
        }
        edges[k++] = edges[e];
    }
    if (k > 0)
        qsort(edges, (size_t)k, sizeof *edges, tr_edge_pos_cmp);
    *m = k;
done:
    free(sorted);
    free(idx);
    return st;
}

/* Hosts: a partial Fisher–Yates over the LAN nodes in file order picks
 * round(hosts_fraction * LAN nodes) of them (at least one), then each host
 * draws its speed from the LINPACK-like list (is_host[], speed[] by node). */
static rm_status tr_pick_hosts(const char *path, const tr_file *t, const rm_tiers_options *to,
                               int *is_host, double *speed, rm_error *err)
{
    int n_nodes = t->n_nodes;
    int *lan = malloc((size_t)n_nodes * sizeof *lan);
    if (!lan)
        return tr_nomem(path, err);
    int n_lan = 0;
    for (int i = 0; i < n_nodes; i++)
        if (t->nodes[i].type == 2)
            lan[n_lan++] = i;
    if (n_lan == 0) {
        free(lan);
        return rm_error_set(err, RM_EINPUT, "%s: no LAN node (type 2): no host", path);
    }
    int k = (int)lround(to->hosts_fraction * n_lan);
    if (k < 1)
        k = 1;
    rm_rng rng;
    rmi_rng_seed(&rng, to->seed);
    for (int i = 0; i < k; i++) {
        int j = i + (int)rmi_rng_below(&rng, (uint64_t)(n_lan - i));
        int tmp = lan[i];
        lan[i] = lan[j];
        lan[j] = tmp;
        is_host[lan[i]] = 1;
    }
    free(lan);
    int n_speeds;
    const double *speeds = rmi_linpack_speeds(&n_speeds);
    for (int i = 0; i < n_nodes; i++)
        if (is_host[i])
            speed[i] = speeds[rmi_rng_below(&rng, (uint64_t)n_speeds)];
    return RM_OK;
}

/* Build: the platform named after the file's stem, nodes labelled
 * WAN<id>/MAN<id>/LAN<id>, the m merged edges as links (Mb/s, no latency). */
static rm_status tr_build(const char *path, const rm_read_options *ro, const tr_file *t, int m,
                          const int *is_host, const double *speed, rm_platform **out,
                          rm_error *err)
{
    int n_nodes = t->n_nodes;
    char *name = rmi_path_stem(path);
    if (!name)
        return tr_nomem(path, err);
    rm_platform *p = rm_platform_new(name, n_nodes, m, 0);
    free(name);
    if (!p)
        return tr_nomem(path, err);
    static const char *const prefix[3] = {"WAN", "MAN", "LAN"};
    for (int i = 0; i < n_nodes; i++) {
        char label[64];
        snprintf(label, sizeof label, "%s%ld", prefix[t->nodes[i].type], t->nodes[i].id);
        p->nodes[i].id = t->nodes[i].id;
        p->nodes[i].is_host = is_host[i];
        p->nodes[i].w = is_host[i] ? 1.0 / speed[i] : 0.0;
        if (rm_platform_set_label(p, i, label) != RM_OK) {
            rm_platform_free(p);
            return tr_nomem(path, err);
        }
    }
    for (int e = 0; e < m; e++) {
        p->links[e].source = t->edges[e].a;
        p->links[e].target = t->edges[e].b;
        p->links[e].bandwidth = t->edges[e].bw; /* taken as Mb/s */
        p->links[e].latency = 0.0;
        p->links[e].backbone = 0;
    }
    rm_status st = rm_platform_finalize(p, err);
    if (st) {
        char msg[sizeof err->msg];
        snprintf(msg, sizeof msg, "%s", err ? err->msg : "");
        rm_platform_free(p);
        return rm_error_set(err, st, "%s: %s", path, msg);
    }
    rmi_platform_warn_unusable(p, path, ro); /* links too slow for the model (topo/io/unusable.h) */
    *out = p;
    return RM_OK;
}

rm_status rmi_platform_read_tiers_ex(const char *path, const rm_read_options *ro,
                                     const rm_tiers_options *to, rm_platform **out,
                                     rm_error *err)
{
    rm_tiers_options tdef;
    if (!to) {
        rmi_tiers_options_init(&tdef);
        to = &tdef;
    }
    /* ro: only its warning callback (Tiers files carry neither speeds nor missing bandwidths) */
    if (!path || !out)
        return rm_error_set(err, RM_EINVAL, "rmi_platform_read_tiers: %s is NULL", !path ? "path" : "out");
    *out = NULL;
    if (!(to->hosts_fraction > 0 && to->hosts_fraction <= 1))
        return rm_error_set(err, RM_EINPUT, "%s: hosts fraction must be in (0, 1] (got %g)", path,
                            to->hosts_fraction);
    FILE *f = rmi_input_fopen(path, err); /* a regular file of bounded size */
    if (!f)
        return err ? err->status : RM_EINPUT;

    (void)rmi_input_skip_bom(f); /* a UTF-8 byte order mark: skipped, as CSV does */
    tr_file t = {0};
    int *is_host = NULL;
    double *speed = NULL;
    int m = 0;
    rm_status st = tr_parse(f, path, &t, err);
    if (!st)
        st = tr_resolve(path, &t, &m, err);
    if (!st) {
        is_host = calloc((size_t)t.n_nodes, sizeof *is_host);
        speed = calloc((size_t)t.n_nodes, sizeof *speed);
        st = is_host && speed ? RM_OK : tr_nomem(path, err);
    }
    if (!st)
        st = tr_pick_hosts(path, &t, to, is_host, speed, err);
    if (!st)
        st = tr_build(path, ro, &t, m, is_host, speed, out, err);
    fclose(f);
    free(t.nodes);
    free(t.edges);
    free(is_host);
    free(speed);
    return st;
}

rm_status rmi_platform_read_tiers(const char *path, const rm_read_options *ro,
                                  rm_platform **out, rm_error *err)
{
    return rmi_platform_read_tiers_ex(path, ro, NULL, out, err);
}
