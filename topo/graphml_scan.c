/*
 * graphml_scan.c — the checks of a GraphML platform that igraph's GraphML
 * reader does not make (issue 13, class 5), with libxml2 before igraph
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
#include "topo/graphml_scan.h"

#include <errno.h>
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

rm_status rm_graphml_scan(const char *path, rm_error *err)
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
