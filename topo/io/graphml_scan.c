/*
 * graphml_scan.c — the checks of a GraphML platform that igraph's GraphML
 * reader does not make (hardening: silent wrong readings), with libxml2 before igraph
 * reads the file:
 *  - a node id declared twice (igraph keeps one node: the second replaced
 *    the first);
 *  - an edge whose source or target is not a declared node (igraph adds a
 *    node without attributes: a router the file never mentions);
 *  - a numeric node id out of the range of a long (was clamped to 2^63-1);
 *  - a w, speed, bandwidth, LinkSpeedRaw, latency or backbone value that is
 *    NaN, empty or not a number (igraph stores NaN, which also means
 *    "absent": a NaN cycle-time made a router);
 *  - a second <graph> (igraph reads the first only).
 * The document is parsed without network access and without entity
 * substitution. O(size of the file + N log N).
 */
#define _POSIX_C_SOURCE 200809L /* strdup */
#include "topo/io/graphml_scan.h"

#include <errno.h>
#include <float.h>
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

static int is_elem(const xmlNode *n, const char *name)
{
    return n->type == XML_ELEMENT_NODE && !strcmp((const char *)n->name, name);
}

typedef struct id_line {
    const char *id;
    long line;
} id_line;

static int cmp_id(const void *a, const void *b)
{
    const id_line *x = a, *y = b;
    int c = strcmp(x->id, y->id);
    return c ? c : (x->line > y->line) - (x->line < y->line);
}

static const char *const num_keys[] = {"w", "speed", "bandwidth", "LinkSpeedRaw", "latency",
                                       "backbone", NULL};

/* The attr.name of key id kid among the <key> elements, or NULL. */
static const char *key_name(xmlNode *root, const char *kid, xmlChar **hold)
{
    for (xmlNode *k = root->children; k; k = k->next)
        if (is_elem(k, "key")) {
            xmlChar *id = xmlGetProp(k, (const xmlChar *)"id");
            int same = id && !strcmp((const char *)id, kid);
            xmlFree(id);
            if (same) {
                *hold = xmlGetProp(k, (const xmlChar *)"attr.name");
                return (const char *)*hold;
            }
        }
    return NULL;
}

/* Check the <data> children of element el (node or edge). */
static rm_status check_data(const char *path, xmlNode *root, xmlNode *el, const char *who,
                            rm_error *err)
{
    for (xmlNode *d = el->children; d; d = d->next) {
        if (!is_elem(d, "data"))
            continue;
        xmlChar *kid = xmlGetProp(d, (const xmlChar *)"key"), *hold = NULL;
        const char *name = kid ? key_name(root, (const char *)kid, &hold) : NULL;
        int numeric = 0;
        for (int i = 0; name && num_keys[i]; i++)
            numeric |= !strcmp(name, num_keys[i]);
        rm_status st = RM_OK;
        if (numeric) {
            xmlChar *txt = xmlNodeGetContent(d);
            const char *s = txt ? (const char *)txt : "";
            while (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\r')
                s++;
            char *end;
            double v = strtod(s, &end);
            while (*end == ' ' || *end == '\t' || *end == '\n' || *end == '\r')
                end++;
            int is_bool = !strcmp(name, "backbone") && (!strncmp(s, "true", 4) || !strncmp(s, "false", 5));
            if (!is_bool && (end == s || *end || isnan(v)))
                st = rm_error_set(err, RM_EINPUT, "%s: line %ld: %s: %s = '%s' is not a number",
                                  path, (long)xmlGetLineNo(d), who, name, s);
            xmlFree(txt);
        }
        xmlFree(hold);
        xmlFree(kid);
        if (st)
            return st;
    }
    return RM_OK;
}

rm_status rmi_graphml_scan(const char *path, rm_error *err)
{
    xmlDoc *doc = xmlReadFile(path, NULL, XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING);
    if (!doc)
        return RM_OK; /* not XML: igraph's reader gives the parse error */
    xmlNode *root = xmlDocGetRootElement(doc);
    rm_status st = RM_OK;
    id_line *ids = NULL;
    size_t n = 0, cap = 0;
    int n_graphs = 0;
    xmlNode *graph = NULL;
    for (xmlNode *g = root ? root->children : NULL; g && !st; g = g->next)
        if (is_elem(g, "graph") && ++n_graphs == 1)
            graph = g;
        else if (is_elem(g, "graph"))
            st = rm_error_set(err, RM_EINPUT,
                              "%s: line %ld: a second <graph>: one platform per file (igraph "
                              "would read the first only)",
                              path, (long)xmlGetLineNo(g));
    for (xmlNode *v = graph ? graph->children : NULL; v && !st; v = v->next) {
        if (!is_elem(v, "node"))
            continue;
        xmlChar *id = xmlGetProp(v, (const xmlChar *)"id");
        if (!id)
            continue; /* igraph's message */
        char who[200];
        snprintf(who, sizeof who, "node id \"%.150s\"", (const char *)id);
        char *end;
        errno = 0;
        (void)strtol((const char *)id, &end, 10);
        if (end != (char *)id && *end == '\0' && errno == ERANGE)
            st = rm_error_set(err, RM_EINPUT, "%s: line %ld: %s: out of range (|id| < 2^63)",
                              path, (long)xmlGetLineNo(v), who);
        if (!st)
            st = check_data(path, root, v, who, err);
        if (!st && n == cap) {
            cap = cap ? 2 * cap : 64;
            id_line *t = realloc(ids, cap * sizeof *ids);
            if (!t)
                st = rm_error_set(err, RM_ENOMEM, "%s: out of memory", path);
            else
                ids = t;
        }
        if (!st)
            ids[n++] = (id_line){strdup((const char *)id), (long)xmlGetLineNo(v)};
        xmlFree(id);
        if (!st && !ids[n - 1].id)
            st = rm_error_set(err, RM_ENOMEM, "%s: out of memory", path);
    }
    if (!st && n > 1) {
        qsort(ids, n, sizeof *ids, cmp_id);
        for (size_t i = 1; i < n && !st; i++)
            if (!strcmp(ids[i].id, ids[i - 1].id))
                st = rm_error_set(err, RM_EINPUT,
                                  "%s: line %ld: node id \"%.150s\" declared twice (first at line "
                                  "%ld)",
                                  path, ids[i].line, ids[i].id, ids[i - 1].line);
    }
    long e_no = 0;
    for (xmlNode *e = graph ? graph->children : NULL; e && !st; e = e->next) {
        if (!is_elem(e, "edge"))
            continue;
        char who[64];
        snprintf(who, sizeof who, "edge %ld", e_no++);
        const char *ends[2] = {"source", "target"};
        for (int s = 0; s < 2 && !st; s++) {
            xmlChar *x = xmlGetProp(e, (const xmlChar *)ends[s]);
            id_line key = {x ? (const char *)x : "", 0};
            size_t lo = 0, hi = n; /* binary search by id in the sorted ids */
            int found = 0;
            while (lo < hi) {
                size_t mid = (lo + hi) / 2;
                int c = strcmp(ids[mid].id, key.id);
                if (c == 0) {
                    found = 1;
                    break;
                }
                if (c < 0)
                    lo = mid + 1;
                else
                    hi = mid;
            }
            if (x && !found)
                st = rm_error_set(err, RM_EINPUT,
                                  "%s: line %ld: %s: %s \"%.150s\" is not a declared node", path,
                                  (long)xmlGetLineNo(e), who, ends[s], (const char *)x);
            xmlFree(x);
        }
        if (!st)
            st = check_data(path, root, e, who, err);
    }
    for (size_t i = 0; i < n; i++)
        free((char *)ids[i].id);
    free(ids);
    xmlFreeDoc(doc);
    return st;
}

/* ---- subnormal values (a valid input, not to be refused) ----------------- */

/* 1 if the text s (surrounding blanks allowed) is one number strtod reads
 * as subnormal; *x set. */
static int text_subnormal(const char *s, double *x)
{
    while (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\r')
        s++;
    char *end;
    errno = 0;
    double v = strtod(s, &end);
    if (end == s)
        return 0;
    while (*end == ' ' || *end == '\t' || *end == '\n' || *end == '\r')
        end++;
    if (*end || v == 0.0 || !isfinite(v) || fabs(v) >= DBL_MIN)
        return 0;
    *x = v;
    return 1;
}

/* The <data> children of el: patch and zero each subnormal value. */
static rm_status sub_data(xmlNode *root, xmlNode *el, int is_edge, long index, rm_graphml_subnormals *out,
                          int *cap)
{
    for (xmlNode *d = el->children; d; d = d->next) {
        if (!is_elem(d, "data"))
            continue;
        xmlChar *txt = xmlNodeGetContent(d);
        double v;
        int sub = txt && text_subnormal((const char *)txt, &v);
        xmlFree(txt);
        if (!sub)
            continue;
        xmlChar *kid = xmlGetProp(d, (const xmlChar *)"key"), *hold = NULL;
        const char *name = kid ? key_name(root, (const char *)kid, &hold) : NULL;
        rm_status st = RM_OK;
        if (name && strlen(name) < sizeof out->patch[0].key) {
            if (out->n == *cap) {
                int nc = *cap ? 2 * *cap : 8;
                rm_graphml_patch *np = realloc(out->patch, (size_t)nc * sizeof *np);
                if (!np)
                    st = RM_ENOMEM;
                else {
                    out->patch = np;
                    *cap = nc;
                }
            }
            xmlChar *id = is_edge ? NULL : xmlGetProp(el, (const xmlChar *)"id");
            if (!st) {
                rm_graphml_patch *p = &out->patch[out->n];
                p->is_edge = is_edge;
                p->index = index;
                p->node_id = id ? strdup((const char *)id) : NULL;
                snprintf(p->key, sizeof p->key, "%s", name);
                p->value = v;
                if (!is_edge && !p->node_id)
                    st = id ? RM_ENOMEM : RM_OK; /* a node without id: igraph's error */
                else
                    out->n++;
            }
            xmlFree(id);
            if (!st)
                xmlNodeSetContent(d, (const xmlChar *)"0");
        }
        xmlFree(hold);
        xmlFree(kid);
        if (st)
            return st;
    }
    return RM_OK;
}

rm_status rmi_graphml_subnormal_scan(const char *path, rm_graphml_subnormals *out, rm_error *err)
{
    memset(out, 0, sizeof *out);
    xmlDoc *doc = xmlReadFile(path, NULL, XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING);
    if (!doc)
        return RM_OK; /* not XML: igraph's reader gives the parse error */
    xmlNode *root = xmlDocGetRootElement(doc);
    xmlNode *graph = NULL;
    for (xmlNode *g = root ? root->children : NULL; g && !graph; g = g->next)
        if (is_elem(g, "graph"))
            graph = g;
    rm_status st = RM_OK;
    int cap = 0;
    long e_no = 0;
    for (xmlNode *v = graph ? graph->children : NULL; v && !st; v = v->next) {
        if (is_elem(v, "node"))
            st = sub_data(root, v, 0, -1, out, &cap);
        else if (is_elem(v, "edge"))
            st = sub_data(root, v, 1, e_no++, out, &cap);
    }
    if (!st && out->n > 0) {
        xmlChar *mem = NULL;
        int len = 0;
        xmlDocDumpMemory(doc, &mem, &len);
        out->text = mem && len > 0 ? malloc((size_t)len) : NULL;
        if (out->text) {
            memcpy(out->text, mem, (size_t)len);
            out->len = (size_t)len;
        } else
            st = RM_ENOMEM;
        xmlFree(mem);
    }
    xmlFreeDoc(doc);
    if (st) {
        rmi_graphml_subnormal_free(out);
        return rm_error_set(err, RM_ENOMEM, "%s: out of memory", path);
    }
    return RM_OK;
}

typedef struct id_vertex {
    const char *id;
    igraph_integer_t v;
} id_vertex;

static int cmp_id_vertex(const void *a, const void *b)
{
    return strcmp(((const id_vertex *)a)->id, ((const id_vertex *)b)->id);
}

rm_status rmi_graphml_subnormal_apply(const rm_graphml_subnormals *s, igraph_t *g, const char *path,
                                     rm_error *err)
{
    if (s->n == 0)
        return RM_OK;
    igraph_integer_t nv = igraph_vcount(g), ne = igraph_ecount(g);
    int have_ids = igraph_cattribute_has_attr(g, IGRAPH_ATTRIBUTE_VERTEX, "id");
    igraph_attribute_type_t idt = IGRAPH_ATTRIBUTE_UNSPECIFIED;
    if (have_ids && igraph_cattribute_table.gettype(g, &idt, IGRAPH_ATTRIBUTE_VERTEX, "id") != IGRAPH_SUCCESS)
        have_ids = 0;
    have_ids = have_ids && idt == IGRAPH_ATTRIBUTE_STRING;
    id_vertex *ix = have_ids ? malloc(((size_t)nv + 1) * sizeof *ix) : NULL;
    if (have_ids && !ix)
        return rm_error_set(err, RM_ENOMEM, "%s: out of memory", path);
    for (igraph_integer_t v = 0; ix && v < nv; v++) {
        const char *id = VAS(g, "id", v);
        ix[v] = (id_vertex){id ? id : "", v};
    }
    if (ix)
        qsort(ix, (size_t)nv, sizeof *ix, cmp_id_vertex);
    rm_status st = RM_OK;
    for (int k = 0; k < s->n && !st; k++) {
        const rm_graphml_patch *p = &s->patch[k];
        igraph_attribute_elemtype_t et = p->is_edge ? IGRAPH_ATTRIBUTE_EDGE : IGRAPH_ATTRIBUTE_VERTEX;
        igraph_integer_t at = -1;
        if (p->is_edge) {
            at = p->index < ne ? (igraph_integer_t)p->index : -1;
        } else if (ix) {
            id_vertex key = {p->node_id, 0};
            id_vertex *f = bsearch(&key, ix, (size_t)nv, sizeof *ix, cmp_id_vertex);
            at = f ? f->v : -1;
        }
        igraph_attribute_type_t type;
        if (at < 0 || !igraph_cattribute_has_attr(g, et, p->key) ||
            igraph_cattribute_table.gettype(g, &type, et, p->key) != IGRAPH_SUCCESS)
            continue; /* igraph kept no such value: nothing to put back */
        igraph_error_t ie = IGRAPH_SUCCESS;
        if (type == IGRAPH_ATTRIBUTE_NUMERIC) {
            ie = p->is_edge ? igraph_cattribute_EAN_set(g, p->key, at, p->value)
                            : igraph_cattribute_VAN_set(g, p->key, at, p->value);
        } else if (type == IGRAPH_ATTRIBUTE_STRING) {
            char num[64];
            snprintf(num, sizeof num, "%.17g", p->value);
            ie = p->is_edge ? igraph_cattribute_EAS_set(g, p->key, at, num)
                            : igraph_cattribute_VAS_set(g, p->key, at, num);
        }
        if (ie != IGRAPH_SUCCESS)
            st = rm_error_set(err, RM_ENOMEM, "%s: out of memory putting back subnormal numbers", path);
    }
    free(ix);
    return st;
}

void rmi_graphml_subnormal_free(rm_graphml_subnormals *s)
{
    for (int k = 0; k < s->n; k++)
        free(s->patch[k].node_id);
    free(s->patch);
    free(s->text);
    memset(s, 0, sizeof *s);
}
