/*
 * simgrid.c — reader of SimGrid platform XML files (versions 2, 3 and 4.x)
 * into an rm_platform, with libxml2. See rm_platform_read_simgrid in
 * topo/readers.h for the accepted subset, the unit conversions and how the
 * end nodes of links are read off the routes.
 */
#define _POSIX_C_SOURCE 200809L /* fileno */
#include "topo/readers.h"

#include <libxml/parser.h>
#include <libxml/tree.h>

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------------ */
/* A small string -> index hash map (open addressing, linear probing).        */
/* ------------------------------------------------------------------------ */

typedef struct sg_map {
    size_t cap;   /* power of two */
    char **keys;  /* borrowed pointers */
    int *vals;
    size_t count;
} sg_map;

static uint64_t sg_hash(const char *s)
{
    uint64_t h = 1469598103934665603ULL; /* FNV-1a */
    for (; *s; s++) {
        h ^= (unsigned char)*s;
        h *= 1099511628211ULL;
    }
    return h;
}

static void sg_map_free(sg_map *m)
{
    free(m->keys);
    free(m->vals);
    memset(m, 0, sizeof *m);
}

static int sg_map_grow(sg_map *m)
{
    size_t ncap = m->cap ? 2 * m->cap : 64;
    char **nk = calloc(ncap, sizeof *nk);
    int *nv = calloc(ncap, sizeof *nv);
    if (!nk || !nv) {
        free(nk);
        free(nv);
        return -1;
    }
    for (size_t i = 0; i < m->cap; i++) {
        if (!m->keys[i])
            continue;
        size_t j = sg_hash(m->keys[i]) & (ncap - 1);
        while (nk[j])
            j = (j + 1) & (ncap - 1);
        nk[j] = m->keys[i];
        nv[j] = m->vals[i];
    }
    free(m->keys);
    free(m->vals);
    m->keys = nk;
    m->vals = nv;
    m->cap = ncap;
    return 0;
}

/* -1 if absent. */
static int sg_map_get(const sg_map *m, const char *key)
{
    if (!m->cap)
        return -1;
    size_t j = sg_hash(key) & (m->cap - 1);
    while (m->keys[j]) {
        if (strcmp(m->keys[j], key) == 0)
            return m->vals[j];
        j = (j + 1) & (m->cap - 1);
    }
    return -1;
}

/* 0 ok, 1 duplicate (existing value left), -1 out of memory. key is borrowed. */
static int sg_map_put(sg_map *m, char *key, int val)
{
    if (sg_map_get(m, key) >= 0)
        return 1;
    if (2 * (m->count + 1) > m->cap && sg_map_grow(m) != 0)
        return -1;
    size_t j = sg_hash(key) & (m->cap - 1);
    while (m->keys[j])
        j = (j + 1) & (m->cap - 1);
    m->keys[j] = key;
    m->vals[j] = val;
    m->count++;
    return 0;
}

/* ------------------------------------------------------------------------ */
/* Parsed content                                                             */
/* ------------------------------------------------------------------------ */

typedef struct sg_node {
    char *id;
    int is_host;
    double speed; /* flop/s, hosts only */
    long line;
} sg_node;

typedef struct sg_link {
    char *id;
    double bandwidth; /* Mb/s */
    double latency;   /* s */
    int backbone;
    long line;
    int a, b;       /* end nodes, -1 = unknown */
    long ends_line; /* line of the route that fixed the ends */
} sg_link;

typedef struct sg_route {
    int src, dst;
    int n;
    int *links;
    long line;
} sg_route;

typedef struct sg_ctx {
    const char *path;
    const rm_read_options *ro;
    rm_error *err;
    rm_simgrid_info info;
    sg_node *nodes;
    int n_nodes, cap_nodes;
    sg_link *links;
    int n_links, cap_links;
    sg_route *routes;
    int n_routes, cap_routes;
    sg_map node_map, link_map;
} sg_ctx;

static void sg_ctx_free(sg_ctx *c)
{
    for (int i = 0; i < c->n_nodes; i++)
        free(c->nodes[i].id);
    for (int i = 0; i < c->n_links; i++)
        free(c->links[i].id);
    for (int i = 0; i < c->n_routes; i++)
        free(c->routes[i].links);
    free(c->nodes);
    free(c->links);
    free(c->routes);
    sg_map_free(&c->node_map);
    sg_map_free(&c->link_map);
}

static rm_status sg_nomem(sg_ctx *c)
{
    return rm_error_set(c->err, RM_ENOMEM, "%s: out of memory", c->path);
}

/* Grow an array of elements of size sz to hold n + 1 elements. */
static int sg_reserve(void **arr, int *cap, int n, size_t sz)
{
    if (n < *cap)
        return 0;
    int ncap = *cap ? 2 * *cap : 32;
    void *p = realloc(*arr, (size_t)ncap * sz);
    if (!p)
        return -1;
    *arr = p;
    *cap = ncap;
    return 0;
}

/* An attribute's value as a malloc'ed string, or NULL. */
static char *sg_attr(xmlNodePtr n, const char *name)
{
    xmlChar *v = xmlGetProp(n, (const xmlChar *)name);
    if (!v)
        return NULL;
    size_t len = strlen((const char *)v);
    char *s = malloc(len + 1);
    if (s)
        memcpy(s, v, len + 1);
    xmlFree(v);
    return s;
}

/* ------------------------------------------------------------------------ */
/* Numbers with units                                                         */
/* ------------------------------------------------------------------------ */

typedef enum sg_kind { SG_SPEED, SG_BANDWIDTH, SG_LATENCY } sg_kind;

/* Multiplier of a decimal (k, M, G, ...) or binary (Ki, Mi, ...) prefix; 0 if
 * unknown. */
static double sg_prefix(const char *p, size_t len)
{
    static const struct {
        const char *s;
        double f;
    } tab[] = {{"", 1.0},
               {"k", 1e3},
               {"K", 1e3},
               {"M", 1e6},
               {"G", 1e9},
               {"T", 1e12},
               {"P", 1e15},
               {"E", 1e18},
               {"Z", 1e21},
               {"Y", 1e24},
               {"Ki", 1024.0},
               {"Mi", 1048576.0},
               {"Gi", 1073741824.0},
               {"Ti", 1099511627776.0},
               {"Pi", 1125899906842624.0},
               {"Ei", 1152921504606846976.0}};
    for (size_t i = 0; i < sizeof tab / sizeof tab[0]; i++)
        if (strlen(tab[i].s) == len && strncmp(tab[i].s, p, len) == 0)
            return tab[i].f;
    return 0.0;
}

static int sg_ends_with(const char *s, const char *suf, size_t *prefix_len)
{
    size_t ls = strlen(s), lf = strlen(suf);
    if (ls < lf || strcmp(s + ls - lf, suf) != 0)
        return 0;
    *prefix_len = ls - lf;
    return 1;
}

/*
 * Parse "value[unit]" of the given kind into base units: flop/s, bit/s, s.
 * A value without unit is flop/s, BYTES/s (SimGrid's historical default) or
 * s. Returns 0 on success, 1 bad number, 2 unknown unit, 3 negative or not
 * finite.
 */
static int sg_parse_value(const char *text, sg_kind kind, double *out)
{
    char buf[128];
    size_t len = strlen(text);
    if (kind == SG_SPEED) { /* pstate list: first value */
        const char *comma = strchr(text, ',');
        if (comma)
            len = (size_t)(comma - text);
    }
    if (len >= sizeof buf)
        return 1;
    memcpy(buf, text, len);
    buf[len] = '\0';
    char *s = buf;
    while (isspace((unsigned char)*s))
        s++;
    char *end = s + strlen(s);
    while (end > s && isspace((unsigned char)end[-1]))
        *--end = '\0';
    errno = 0;
    char *rest;
    double v = strtod(s, &rest);
    if (rest == s || errno == ERANGE)
        return 1;
    while (isspace((unsigned char)*rest))
        rest++;
    double f = 0.0;
    size_t pl;
    if (*rest == '\0') {
        f = kind == SG_BANDWIDTH ? 8.0 : 1.0;
    } else if (kind == SG_SPEED) {
        if (sg_ends_with(rest, "flops", &pl) || sg_ends_with(rest, "f", &pl))
            f = sg_prefix(rest, pl);
    } else if (kind == SG_BANDWIDTH) {
        if (sg_ends_with(rest, "Bps", &pl))
            f = 8.0 * sg_prefix(rest, pl);
        else if (sg_ends_with(rest, "bps", &pl))
            f = sg_prefix(rest, pl);
    } else {
        static const struct {
            const char *s;
            double f;
        } tab[] = {{"s", 1.0},    {"ms", 1e-3},       {"us", 1e-6}, {"ns", 1e-9},
                   {"ps", 1e-12}, {"m", 60.0},        {"h", 3600.0}, {"d", 86400.0},
                   {"w", 604800.0}};
        for (size_t i = 0; i < sizeof tab / sizeof tab[0]; i++)
            if (strcmp(rest, tab[i].s) == 0)
                f = tab[i].f;
    }
    if (f == 0.0)
        return 2;
    v *= f;
    if (!isfinite(v) || v < 0)
        return 3;
    *out = v;
    return 0;
}

static const char *sg_unit_help(sg_kind kind)
{
    switch (kind) {
    case SG_SPEED:
        return "a speed such as 1.5Gf, 300Mf, 2e9 (flop/s), 1Gflops";
    case SG_BANDWIDTH:
        return "a bandwidth such as 125MBps, 1Gbps, 10KiBps, 1e6 (bytes/s)";
    default:
        return "a latency such as 50us, 1.5ms, 0.01s, 0.01 (s)";
    }
}

/* Read attribute `name` of element `el` as a number of the given kind.
 * *present = 0 and RM_OK if absent and !required. */
static rm_status sg_number_attr(sg_ctx *c, xmlNodePtr el, const char *elid, const char *name,
                                sg_kind kind, int required, double *out, int *present)
{
    char *v = sg_attr(el, name);
    if (present)
        *present = v != NULL;
    if (!v) {
        if (!required)
            return RM_OK;
        return rm_error_set(c->err, RM_EINPUT, "%s:%ld: <%s id=\"%s\">: missing attribute '%s'",
                            c->path, xmlGetLineNo(el), (const char *)el->name, elid, name);
    }
    int rc = sg_parse_value(v, kind, out);
    rm_status st = RM_OK;
    if (rc == 1)
        st = rm_error_set(c->err, RM_EINPUT, "%s:%ld: <%s id=\"%s\">: %s=\"%s\" is not a number",
                          c->path, xmlGetLineNo(el), (const char *)el->name, elid, name, v);
    else if (rc == 2)
        st = rm_error_set(c->err, RM_EINPUT,
                          "%s:%ld: <%s id=\"%s\">: %s=\"%s\": unknown unit (expected %s)", c->path,
                          xmlGetLineNo(el), (const char *)el->name, elid, name, v,
                          sg_unit_help(kind));
    else if (rc == 3)
        st = rm_error_set(c->err, RM_EINPUT,
                          "%s:%ld: <%s id=\"%s\">: %s=\"%s\" must be finite and >= 0", c->path,
                          xmlGetLineNo(el), (const char *)el->name, elid, name, v);
    free(v);
    return st;
}

/* ------------------------------------------------------------------------ */
/* Elements                                                                   */
/* ------------------------------------------------------------------------ */

static int sg_is(xmlNodePtr n, const char *name)
{
    return strcmp((const char *)n->name, name) == 0;
}

static rm_status sg_required_id(sg_ctx *c, xmlNodePtr el, const char *attr, char **out)
{
    *out = sg_attr(el, attr);
    if (!*out)
        return rm_error_set(c->err, RM_EINPUT, "%s:%ld: <%s>: missing attribute '%s'", c->path,
                            xmlGetLineNo(el), (const char *)el->name, attr);
    return RM_OK;
}

static rm_status sg_add_node(sg_ctx *c, xmlNodePtr el, int is_host)
{
    char *id;
    rm_status st = sg_required_id(c, el, "id", &id);
    if (st)
        return st;
    double speed = 0.0;
    if (is_host) {
        int present = 0;
        /* v2/v3: power (flop/s); v4: speed with a unit */
        const char *attr = xmlHasProp(el, (const xmlChar *)"speed")   ? "speed"
                           : xmlHasProp(el, (const xmlChar *)"power") ? "power"
                           : c->info.version_major >= 4              ? "speed"
                                                                     : "power";
        st = sg_number_attr(c, el, id, attr, SG_SPEED, c->ro->host_w <= 0, &speed, &present);
        if (st) {
            free(id);
            return st;
        }
        if (!present)
            speed = 1e6 / c->ro->host_w;
        if (!(speed > 0)) {
            st = rm_error_set(c->err, RM_EINPUT, "%s:%ld: <host id=\"%s\">: speed must be > 0",
                              c->path, xmlGetLineNo(el), id);
            free(id);
            return st;
        }
    }
    if (sg_reserve((void **)&c->nodes, &c->cap_nodes, c->n_nodes, sizeof *c->nodes)) {
        free(id);
        return sg_nomem(c);
    }
    int rc = sg_map_put(&c->node_map, id, c->n_nodes);
    if (rc != 0) {
        if (rc < 0) {
            free(id);
            return sg_nomem(c);
        }
        int prev = sg_map_get(&c->node_map, id);
        st = rm_error_set(c->err, RM_EINPUT,
                          "%s:%ld: <%s id=\"%s\">: duplicate id (already declared line %ld)",
                          c->path, xmlGetLineNo(el), (const char *)el->name, id,
                          c->nodes[prev].line);
        free(id);
        return st;
    }
    sg_node *nd = &c->nodes[c->n_nodes++];
    nd->id = id;
    nd->is_host = is_host;
    nd->speed = speed;
    nd->line = xmlGetLineNo(el);
    return RM_OK;
}

static rm_status sg_add_link(sg_ctx *c, xmlNodePtr el)
{
    char *id;
    rm_status st = sg_required_id(c, el, "id", &id);
    if (st)
        return st;
    double bw = 0.0, lat = 0.0;
    int present = 0;
    st = sg_number_attr(c, el, id, "bandwidth", SG_BANDWIDTH, c->ro->default_bandwidth <= 0, &bw,
                        &present);
    if (!st && !present)
        bw = c->ro->default_bandwidth * 1e6;
    if (!st)
        st = sg_number_attr(c, el, id, "latency", SG_LATENCY, 0, &lat, NULL);
    if (!st && !(bw > 0))
        st = rm_error_set(c->err, RM_EINPUT, "%s:%ld: <link id=\"%s\">: bandwidth must be > 0",
                          c->path, xmlGetLineNo(el), id);
    int backbone = 0;
    if (!st) {
        char *pol = sg_attr(el, "sharing_policy");
        if (pol) {
            if (strcmp(pol, "FATPIPE") == 0) {
                backbone = 1;
                c->info.n_fatpipe++;
            } else if (strcmp(pol, "SPLITDUPLEX") == 0 || strcmp(pol, "FULLDUPLEX") == 0) {
                c->info.n_splitduplex++;
            } else if (strcmp(pol, "SHARED") != 0 && strcmp(pol, "WIFI") != 0) {
                st = rm_error_set(c->err, RM_EINPUT,
                                  "%s:%ld: <link id=\"%s\">: unknown sharing_policy \"%s\" "
                                  "(expected SHARED, SPLITDUPLEX, FULLDUPLEX or FATPIPE)",
                                  c->path, xmlGetLineNo(el), id, pol);
            }
            free(pol);
        }
    }
    if (st) {
        free(id);
        return st;
    }
    if (sg_reserve((void **)&c->links, &c->cap_links, c->n_links, sizeof *c->links)) {
        free(id);
        return sg_nomem(c);
    }
    int rc = sg_map_put(&c->link_map, id, c->n_links);
    if (rc != 0) {
        if (rc < 0) {
            free(id);
            return sg_nomem(c);
        }
        int prev = sg_map_get(&c->link_map, id);
        st = rm_error_set(c->err, RM_EINPUT,
                          "%s:%ld: <link id=\"%s\">: duplicate id (already declared line %ld)",
                          c->path, xmlGetLineNo(el), id, c->links[prev].line);
        free(id);
        return st;
    }
    sg_link *l = &c->links[c->n_links++];
    l->id = id;
    l->bandwidth = bw / 1e6; /* bit/s -> Mb/s */
    l->latency = lat;
    l->backbone = backbone;
    l->line = xmlGetLineNo(el);
    l->a = l->b = -1;
    l->ends_line = 0;
    return RM_OK;
}

static rm_status sg_route_node(sg_ctx *c, xmlNodePtr el, const char *attr, int *out)
{
    char *name;
    rm_status st = sg_required_id(c, el, attr, &name);
    if (st)
        return st;
    *out = sg_map_get(&c->node_map, name);
    if (*out < 0)
        st = rm_error_set(c->err, RM_EINPUT,
                          "%s:%ld: <route>: %s=\"%s\" is not a host or router declared before",
                          c->path, xmlGetLineNo(el), attr, name);
    free(name);
    return st;
}

static rm_status sg_add_route(sg_ctx *c, xmlNodePtr el)
{
    int src, dst;
    rm_status st = sg_route_node(c, el, "src", &src);
    if (!st)
        st = sg_route_node(c, el, "dst", &dst);
    if (st)
        return st;
    int n = 0;
    for (xmlNodePtr ch = el->children; ch; ch = ch->next)
        if (ch->type == XML_ELEMENT_NODE)
            n++;
    int *links = malloc((size_t)(n ? n : 1) * sizeof *links);
    if (!links)
        return sg_nomem(c);
    n = 0;
    for (xmlNodePtr ch = el->children; ch; ch = ch->next) {
        if (ch->type != XML_ELEMENT_NODE)
            continue;
        const char *attr;
        if (sg_is(ch, "link_ctn") || sg_is(ch, "link:ctn"))
            attr = "id";
        else if (sg_is(ch, "route_element"))
            attr = "name";
        else if (sg_is(ch, "prop"))
            continue;
        else {
            free(links);
            return rm_error_set(c->err, RM_EINPUT,
                                "%s:%ld: <%s> in a <route>: expected <link_ctn id>, <link:ctn id> "
                                "or <route_element name>",
                                c->path, xmlGetLineNo(ch), (const char *)ch->name);
        }
        char *lid;
        st = sg_required_id(c, ch, attr, &lid);
        if (st) {
            free(links);
            return st;
        }
        int l = sg_map_get(&c->link_map, lid);
        if (l < 0) {
            st = rm_error_set(c->err, RM_EINPUT,
                              "%s:%ld: <%s %s=\"%s\">: no link of that id declared before",
                              c->path, xmlGetLineNo(ch), (const char *)ch->name, attr, lid);
            free(lid);
            free(links);
            return st;
        }
        free(lid);
        links[n++] = l;
    }
    if (sg_reserve((void **)&c->routes, &c->cap_routes, c->n_routes, sizeof *c->routes)) {
        free(links);
        return sg_nomem(c);
    }
    sg_route *r = &c->routes[c->n_routes++];
    r->src = src;
    r->dst = dst;
    r->n = n;
    r->links = links;
    r->line = xmlGetLineNo(el);
    c->info.n_routes++;
    return RM_OK;
}

static rm_status sg_walk(sg_ctx *c, xmlNodePtr parent, int depth)
{
    static const char *const ignored[] = {"prop",   "config", "actor", "process", "argument",
                                          "trace",  "trace_connect", "disk", "storage_type",
                                          "storage", "mount",  "model_prop"};
    if (depth > 64)
        return rm_error_set(c->err, RM_EINPUT, "%s:%ld: zones nested too deeply", c->path,
                            xmlGetLineNo(parent));
    for (xmlNodePtr el = parent->children; el; el = el->next) {
        if (el->type != XML_ELEMENT_NODE)
            continue;
        rm_status st = RM_OK;
        if (sg_is(el, "zone") || sg_is(el, "AS"))
            st = sg_walk(c, el, depth + 1);
        else if (sg_is(el, "host"))
            st = sg_add_node(c, el, 1);
        else if (sg_is(el, "router"))
            st = sg_add_node(c, el, 0);
        else if (sg_is(el, "link"))
            st = sg_add_link(c, el);
        else {
            int skip = 0;
            for (size_t i = 0; i < sizeof ignored / sizeof ignored[0]; i++)
                if (sg_is(el, ignored[i]))
                    skip = 1;
            if (!skip && !sg_is(el, "route"))
                return rm_error_set(c->err, RM_EINPUT,
                                    "%s:%ld: <%s>: element not supported by ringmap's SimGrid "
                                    "reader (hosts, routers, links and routes inside zones only)",
                                    c->path, xmlGetLineNo(el), (const char *)el->name);
        }
        if (st)
            return st;
    }
    /* Routes after the declarations of this level (SimGrid requires that order
     * anyway; nested zones have been read above). */
    for (xmlNodePtr el = parent->children; el; el = el->next) {
        if (el->type == XML_ELEMENT_NODE && sg_is(el, "route")) {
            rm_status st = sg_add_route(c, el);
            if (st)
                return st;
        }
    }
    return RM_OK;
}

/* ------------------------------------------------------------------------ */
/* End nodes of the links                                                     */
/* ------------------------------------------------------------------------ */

static rm_status sg_set_ends(sg_ctx *c, int l, int x, int y, const sg_route *r)
{
    sg_link *k = &c->links[l];
    if (x == y)
        return rm_error_set(c->err, RM_EINPUT,
                            "%s:%ld: <route src=\"%s\" dst=\"%s\">: link \"%s\" would join node "
                            "\"%s\" to itself",
                            c->path, r->line, c->nodes[r->src].id, c->nodes[r->dst].id, k->id,
                            c->nodes[x].id);
    if (k->a < 0) {
        k->a = x < y ? x : y;
        k->b = x < y ? y : x;
        k->ends_line = r->line;
        return RM_OK;
    }
    if ((k->a == x && k->b == y) || (k->a == y && k->b == x))
        return RM_OK;
    return rm_error_set(c->err, RM_EINPUT,
                        "%s:%ld: <route src=\"%s\" dst=\"%s\">: link \"%s\" (line %ld) would join "
                        "\"%s\" and \"%s\", but the route of line %ld makes it join \"%s\" and "
                        "\"%s\"",
                        c->path, r->line, c->nodes[r->src].id, c->nodes[r->dst].id, k->id,
                        k->line, c->nodes[x].id, c->nodes[y].id, k->ends_line,
                        c->nodes[k->a].id, c->nodes[k->b].id);
}

static int sg_other_end(const sg_link *k, int v)
{
    if (k->a == v)
        return k->b;
    if (k->b == v)
        return k->a;
    return -1;
}

static rm_status sg_not_walk(sg_ctx *c, const sg_route *r, const sg_link *k, int at)
{
    return rm_error_set(c->err, RM_EINPUT,
                        "%s:%ld: <route src=\"%s\" dst=\"%s\">: not a path: link \"%s\" joins "
                        "\"%s\" and \"%s\" (route of line %ld), not node \"%s\" reached so far",
                        c->path, r->line, c->nodes[r->src].id, c->nodes[r->dst].id, k->id,
                        c->nodes[k->a].id, c->nodes[k->b].id, k->ends_line, c->nodes[at].id);
}

/* One pass over a route: walk known links from both ends; if exactly one
 * link is unknown, fix it. *changed is set when a link got its ends. */
static rm_status sg_route_pass(sg_ctx *c, const sg_route *r, int *changed)
{
    if (r->n == 1) { /* the single link of a route joins its two ends */
        int was_known = c->links[r->links[0]].a >= 0;
        rm_status st = sg_set_ends(c, r->links[0], r->src, r->dst, r);
        if (!st && !was_known)
            *changed = 1;
        return st;
    }
    int i = 0, fwd = r->src;
    while (i < r->n && c->links[r->links[i]].a >= 0) {
        int nx = sg_other_end(&c->links[r->links[i]], fwd);
        if (nx < 0)
            return sg_not_walk(c, r, &c->links[r->links[i]], fwd);
        fwd = nx;
        i++;
    }
    if (i == r->n) {
        if (fwd != r->dst)
            return rm_error_set(c->err, RM_EINPUT,
                                "%s:%ld: <route src=\"%s\" dst=\"%s\">: its links lead to \"%s\", "
                                "not to the destination",
                                c->path, r->line, c->nodes[r->src].id, c->nodes[r->dst].id,
                                c->nodes[fwd].id);
        return RM_OK;
    }
    int j = r->n - 1, bwd = r->dst;
    while (j > i && c->links[r->links[j]].a >= 0) {
        int nx = sg_other_end(&c->links[r->links[j]], bwd);
        if (nx < 0)
            return sg_not_walk(c, r, &c->links[r->links[j]], bwd);
        bwd = nx;
        j--;
    }
    if (i == j) {
        rm_status st = sg_set_ends(c, r->links[i], fwd, bwd, r);
        if (st)
            return st;
        *changed = 1;
    }
    return RM_OK;
}

static rm_status sg_infer_ends(sg_ctx *c)
{
    int changed = 1;
    while (changed) {
        changed = 0;
        for (int k = 0; k < c->n_routes; k++) {
            const sg_route *r = &c->routes[k];
            if (r->src == r->dst || r->n == 0)
                continue;
            rm_status st = sg_route_pass(c, r, &changed);
            if (st)
                return st;
        }
    }
    for (int l = 0; l < c->n_links; l++)
        if (c->links[l].a < 0)
            return rm_error_set(c->err, RM_EINPUT,
                                "%s:%ld: <link id=\"%s\">: no determinable end nodes (it is "
                                "neither the single link of a route nor the one link of a route "
                                "whose other links are known)",
                                c->path, c->links[l].line, c->links[l].id);
    return RM_OK;
}

/* ------------------------------------------------------------------------ */
/* Entry points                                                               */
/* ------------------------------------------------------------------------ */

static char *sg_stem(const char *path)
{
    const char *b = strrchr(path, '/');
    b = b ? b + 1 : path;
    const char *dot = strrchr(b, '.');
    size_t n = dot && dot != b ? (size_t)(dot - b) : strlen(b);
    char *s = malloc(n + 1);
    if (s) {
        memcpy(s, b, n);
        s[n] = '\0';
    }
    return s;
}

/* The file's routes, kept for --routing fixed (rm_platform.fixed_route_*):
 * CSR over ordered node pairs; a pair given no route of its own takes the
 * reverse of the route the other way (SimGrid's symmetrical routes). The
 * routes were checked to be walks by sg_infer_ends. Returns -1 on ENOMEM. */
static int sg_fixed_routes(const sg_ctx *c, rm_platform *p)
{
    size_t N = (size_t)c->n_nodes;
    int *fwd = malloc(N * N * sizeof *fwd); /* route index for (a,b), -1 none */
    if (!fwd)
        return -1;
    for (size_t k = 0; k < N * N; k++)
        fwd[k] = -1;
    for (int r = 0; r < c->n_routes; r++)
        fwd[(size_t)c->routes[r].src * N + (size_t)c->routes[r].dst] = r;
    size_t total = 0;
    for (size_t a = 0; a < N; a++)
        for (size_t b = 0; b < N; b++) {
            int r = fwd[a * N + b], rev = fwd[b * N + a];
            total += (size_t)(r >= 0 ? c->routes[r].n : rev >= 0 ? c->routes[rev].n : 0);
        }
    p->fixed_route_start = malloc((N * N + 1) * sizeof(int));
    p->fixed_route_links = malloc((total ? total : 1) * sizeof(int));
    if (!p->fixed_route_start || !p->fixed_route_links) {
        free(fwd);
        return -1;
    }
    size_t at = 0;
    for (size_t a = 0; a < N; a++)
        for (size_t b = 0; b < N; b++) {
            p->fixed_route_start[a * N + b] = (int)at;
            int r = fwd[a * N + b], rev = fwd[b * N + a];
            if (r >= 0)
                for (int i = 0; i < c->routes[r].n; i++)
                    p->fixed_route_links[at++] = c->routes[r].links[i];
            else if (rev >= 0)
                for (int i = c->routes[rev].n - 1; i >= 0; i--)
                    p->fixed_route_links[at++] = c->routes[rev].links[i];
        }
    p->fixed_route_start[N * N] = (int)at;
    free(fwd);
    return 0;
}

static rm_status sg_build(sg_ctx *c, rm_platform **out)
{
    char *name = sg_stem(c->path);
    if (!name)
        return sg_nomem(c);
    rm_platform *p = rm_platform_new(name, c->n_nodes, c->n_links, 0);
    free(name);
    if (!p)
        return sg_nomem(c);
    for (int i = 0; i < c->n_nodes; i++) {
        rm_node *nd = &p->nodes[i];
        nd->id = i;
        nd->is_host = c->nodes[i].is_host;
        nd->w = nd->is_host ? 1e6 / c->nodes[i].speed : 0.0; /* s/Mflop */
        if (rm_platform_set_label(p, i, c->nodes[i].id) != RM_OK) {
            rm_platform_free(p);
            return sg_nomem(c);
        }
    }
    for (int l = 0; l < c->n_links; l++) {
        rm_link *k = &p->links[l];
        k->source = c->links[l].a;
        k->target = c->links[l].b;
        k->bandwidth = c->links[l].bandwidth;
        k->latency = c->links[l].latency;
        k->backbone = c->links[l].backbone;
    }
    /* the fixed routes take n_nodes^2 offsets: kept up to 4096 nodes */
    if (c->n_routes > 0 && c->n_nodes <= 4096 && sg_fixed_routes(c, p)) {
        rm_platform_free(p);
        return sg_nomem(c);
    }
    rm_status st = rm_platform_finalize(p, c->err);
    if (st) {
        char msg[sizeof c->err->msg];
        snprintf(msg, sizeof msg, "%s", c->err ? c->err->msg : "");
        rm_platform_free(p);
        return rm_error_set(c->err, st, "%s: %s", c->path, msg);
    }
    *out = p;
    return RM_OK;
}

rm_status rm_platform_read_simgrid_ex(const char *path, const rm_read_options *ro,
                                      rm_platform **out, rm_simgrid_info *info, rm_error *err)
{
    rm_read_options defaults;
    if (!ro) {
        rm_read_options_init(&defaults);
        ro = &defaults;
    }
    if (!path || !out)
        return rm_error_set(err, RM_EINPUT, "rm_platform_read_simgrid: NULL argument");
    *out = NULL;
    sg_ctx c;
    memset(&c, 0, sizeof c);
    c.path = path;
    c.ro = ro;
    c.err = err;

    /* Open the file ourselves: libxml2 prints I/O warnings on its own. */
    FILE *fp = fopen(path, "rb");
    if (!fp)
        return rm_error_set(err, RM_EINPUT, "%s: cannot open file: %s", path, strerror(errno));
    xmlParserCtxtPtr px = xmlNewParserCtxt();
    if (!px) {
        fclose(fp);
        return sg_nomem(&c);
    }
    xmlDocPtr doc = xmlCtxtReadFd(px, fileno(fp), path, NULL,
                                  XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING |
                                      XML_PARSE_BIG_LINES);
    fclose(fp);
    if (!doc) {
        const xmlError *e = xmlCtxtGetLastError(px);
        rm_status st;
        if (e && e->code == XML_IO_LOAD_ERROR)
            st = rm_error_set(err, RM_EINPUT, "%s: cannot open file", path);
        else if (e) {
            char msg[512];
            snprintf(msg, sizeof msg, "%s", e->message ? e->message : "syntax error");
            size_t n = strlen(msg);
            while (n && (msg[n - 1] == '\n' || msg[n - 1] == ' '))
                msg[--n] = '\0';
            st = rm_error_set(err, RM_EINPUT, "%s:%d: XML error: %s", path, e->line, msg);
        } else
            st = rm_error_set(err, RM_EINPUT, "%s: cannot read XML", path);
        xmlFreeParserCtxt(px);
        return st;
    }
    xmlFreeParserCtxt(px);

    rm_status st = RM_OK;
    xmlNodePtr root = xmlDocGetRootElement(doc);
    if (!root || strcmp((const char *)root->name, "platform") != 0) {
        st = rm_error_set(err, RM_EINPUT, "%s:%ld: root element is <%s>, expected <platform>",
                          path, root ? xmlGetLineNo(root) : 0L,
                          root ? (const char *)root->name : "(none)");
    } else {
        char *ver = sg_attr(root, "version");
        c.info.version_major = ver ? atoi(ver) : 0;
        free(ver);
        st = sg_walk(&c, root, 0);
    }
    xmlFreeDoc(doc);
    if (!st && c.n_nodes == 0)
        st = rm_error_set(err, RM_EINPUT, "%s: no <host> or <router>", path);
    if (!st)
        st = sg_infer_ends(&c);
    if (!st)
        st = sg_build(&c, out);
    if (info)
        *info = c.info;
    sg_ctx_free(&c);
    return st;
}

rm_status rm_platform_read_simgrid(const char *path, const rm_read_options *ro,
                                   rm_platform **out, rm_error *err)
{
    return rm_platform_read_simgrid_ex(path, ro, out, NULL, err);
}
