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
 *  - a second <graph> (igraph reads the first only);
 *  - an entity reference (igraph's SAX reader drops an internal entity's
 *    text: `&one;` as w made a router), a <graph> nested in a node, a
 *    <hyperedge> (both ignored by igraph), an edge whose directed="..."
 *    differs from edgedefault, an edgedefault igraph does not know;
 *  - a <data> whose key is undeclared or declared for the other kind of
 *    element, a key given twice in one element (igraph keeps the last), two
 *    <key>s with one attr.name (igraph merges them, values were lost), a NaN
 *    or non-numeric <default> of a number key (NaN means "absent"), a node
 *    attribute named "id" (its values replaced the node ids).
 * The document is parsed without network access and without entity
 * substitution. O(size of the file + N log N).
 */
#define _POSIX_C_SOURCE 200809L /* strdup */
#include "topo/io/graphml_scan.h"
#include "topo/xml_quiet.h"

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

/* A declared <key>: its id, the domain it is for (node, edge, graph, all;
 * "all" when absent), its attr.name (NULL when absent) and line. */
typedef struct key_decl {
    const char *id, *domain, *name;
    long line;
    const xmlNode *seen_in; /* the element whose <data> last named the key */
    long seen_line;         /* and that <data>'s line */
} key_decl;

static int cmp_key_id(const void *a, const void *b)
{
    const key_decl *x = a, *y = b;
    int c = strcmp(x->id, y->id);
    return c ? c : (x->line > y->line) - (x->line < y->line);
}

/* Same attr.name and overlapping domains (the attribute igraph would fill
 * from both keys): sort order for the check. */
static int cmp_key_name(const void *a, const void *b)
{
    const key_decl *x = a, *y = b;
    int c = strcmp(x->name ? x->name : "", y->name ? y->name : "");
    return c ? c : (x->line > y->line) - (x->line < y->line);
}

static key_decl *find_key(key_decl *keys, size_t n, const char *id)
{
    size_t lo = 0, hi = n;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        int c = strcmp(keys[mid].id, id);
        if (c == 0)
            return &keys[mid];
        if (c < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return NULL;
}

static int is_num_key(const char *name)
{
    for (int i = 0; name && num_keys[i]; i++)
        if (!strcmp(name, num_keys[i]))
            return 1;
    return 0;
}

/* 1 if s (blanks around allowed) is one number that is not NaN (or, for
 * backbone, true/false). */
static int text_is_number(const char *name, const char *s)
{
    while (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\r')
        s++;
    if (!strcmp(name, "backbone") && (!strncmp(s, "true", 4) || !strncmp(s, "false", 5)))
        return 1;
    char *end;
    double v = strtod(s, &end);
    while (*end == ' ' || *end == '\t' || *end == '\n' || *end == '\r')
        end++;
    return end != s && !*end && !isnan(v);
}

/* Check the <data> children of element el (node or edge, of the domain
 * "node" or "edge"): each names a declared key for that domain, at most once
 * per element (igraph keeps the last), and a platform number is a number. */
static rm_status check_data(const char *path, key_decl *keys, size_t n_keys, xmlNode *el,
                            const char *domain, const char *who, rm_error *err)
{
    rm_status st = RM_OK;
    for (xmlNode *d = el->children; d && !st; d = d->next) {
        if (!is_elem(d, "data"))
            continue;
        long line = (long)xmlGetLineNo(d);
        xmlChar *kid = xmlGetProp(d, (const xmlChar *)"key");
        key_decl *k = kid ? find_key(keys, n_keys, (const char *)kid) : NULL;
        if (!kid)
            st = rm_error_set(err, RM_EINPUT, "%s: line %ld: %s: <data> without a key", path, line,
                              who);
        else if (!k)
            st = rm_error_set(err, RM_EINPUT,
                              "%s: line %ld: %s: <data key=\"%.100s\">: no <key> declares it "
                              "(igraph would drop the value)",
                              path, line, who, (const char *)kid);
        else if (strcmp(k->domain, domain) && strcmp(k->domain, "all"))
            st = rm_error_set(err, RM_EINPUT,
                              "%s: line %ld: %s: key \"%.100s\" is declared for=\"%.20s\" (line "
                              "%ld), not for a %s (igraph would drop the value)",
                              path, line, who, k->id, k->domain, k->line, domain);
        else if (k->seen_in == el)
            st = rm_error_set(err, RM_EINPUT,
                              "%s: line %ld: %s: key \"%.100s\" given twice (first at line %ld; "
                              "igraph would keep the last)",
                              path, line, who, k->id, k->seen_line);
        if (!st) {
            k->seen_in = el;
            k->seen_line = line;
        }
        if (!st && k && is_num_key(k->name)) {
            xmlChar *txt = xmlNodeGetContent(d);
            const char *s = txt ? (const char *)txt : "";
            if (!text_is_number(k->name, s)) {
                while (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\r')
                    s++;
                st = rm_error_set(err, RM_EINPUT, "%s: line %ld: %s: %s = '%.100s' is not a number",
                                  path, line, who, k->name, s);
            }
            xmlFree(txt);
        }
        xmlFree(kid);
    }
    return st;
}

/* What igraph's reader drops or misreads anywhere in the document: an
 * entity reference (igraph's SAX reader drops the text of an internal
 * entity: `<data key="w">&one;</data>` made a router), a <graph> that is not
 * a child of <graphml> (a nested graph: igraph ignores its nodes), a
 * <hyperedge> (ignored). Recursive: libxml2 caps the depth at 256. */
static rm_status check_tree(const char *path, xmlNode *root, xmlNode *n, rm_error *err)
{
    for (; n; n = n->next) {
        long line = (long)xmlGetLineNo(n);
        if (n->type == XML_ENTITY_REF_NODE)
            return rm_error_set(err, RM_EINPUT,
                                "%s: line %ld: entity reference &%.100s;: entities are not "
                                "supported (igraph's GraphML reader drops their text); write the "
                                "value itself",
                                path, line > 0 ? line : (long)xmlGetLineNo(n->parent),
                                (const char *)n->name);
        if (n->type != XML_ELEMENT_NODE)
            continue;
        for (xmlAttr *a = n->properties; a; a = a->next)
            for (xmlNode *c = a->children; c; c = c->next)
                if (c->type == XML_ENTITY_REF_NODE)
                    return rm_error_set(err, RM_EINPUT,
                                        "%s: line %ld: entity reference &%.100s; in attribute "
                                        "%.100s: entities are not supported; write the value "
                                        "itself",
                                        path, line, (const char *)c->name, (const char *)a->name);
        if (is_elem(n, "graph") && n->parent != root)
            return rm_error_set(err, RM_EINPUT,
                                "%s: line %ld: a nested <graph> (inside <%.40s>): one flat "
                                "platform per file (igraph would drop its nodes)",
                                path, line, n->parent ? (const char *)n->parent->name : "?");
        if (is_elem(n, "hyperedge"))
            return rm_error_set(err, RM_EINPUT,
                                "%s: line %ld: a <hyperedge>: not supported (igraph would drop it); "
                                "write one <edge> per link",
                                path, line);
        rm_status st = check_tree(path, root, n->children, err);
        if (st)
            return st;
    }
    return RM_OK;
}

/* The <key> declarations: no id twice, no attr.name twice for overlapping
 * domains (igraph merges them into one attribute: a value given through the
 * second key was lost), a platform number's <default> a number. On RM_OK
 * *out (sorted by id, strings owned by doc) for check_data. */
static rm_status read_keys(const char *path, xmlNode *root, key_decl **out, size_t *n_out,
                           rm_error *err)
{
    size_t n = 0;
    for (xmlNode *k = root->children; k; k = k->next)
        n += is_elem(k, "key");
    key_decl *keys = calloc(n ? n : 1, sizeof *keys);
    if (!keys)
        return rm_error_set(err, RM_ENOMEM, "%s: out of memory", path);
    size_t i = 0;
    rm_status st = RM_OK;
    for (xmlNode *k = root->children; k && !st; k = k->next) {
        if (!is_elem(k, "key"))
            continue;
        key_decl *d = &keys[i++];
        d->line = (long)xmlGetLineNo(k);
        for (xmlAttr *a = k->properties; a; a = a->next) {
            const char *v = a->children && a->children->type == XML_TEXT_NODE
                                ? (const char *)a->children->content
                                : "";
            if (!strcmp((const char *)a->name, "id"))
                d->id = v;
            else if (!strcmp((const char *)a->name, "for"))
                d->domain = v;
            else if (!strcmp((const char *)a->name, "attr.name"))
                d->name = v;
        }
        if (!d->id)
            d->id = ""; /* igraph's message */
        if (!d->domain)
            d->domain = "all";
        if (!d->name)
            d->name = d->id; /* as igraph: the id names the attribute */
        if (!strcmp(d->name, "id") && strcmp(d->domain, "edge") && strcmp(d->domain, "graph"))
            st = rm_error_set(err, RM_EINPUT,
                              "%s: line %ld: key \"%.100s\" declares a node attribute 'id': igraph "
                              "keeps the node ids under that name, its values would replace them",
                              path, d->line, d->id);
        for (xmlNode *c = k->children; c && !st; c = c->next) {
            if (!is_elem(c, "default") || !is_num_key(d->name))
                continue;
            xmlChar *txt = xmlNodeGetContent(c);
            const char *s = txt ? (const char *)txt : "";
            if (!text_is_number(d->name, s)) {
                while (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\r')
                    s++;
                st = rm_error_set(err, RM_EINPUT,
                                  "%s: line %ld: key \"%.100s\": default %s = '%.100s' is not a "
                                  "number (igraph would take it as absent)",
                                  path, (long)xmlGetLineNo(c), d->id, d->name, s);
            }
            xmlFree(txt);
        }
    }
    if (!st && n > 1) {
        qsort(keys, n, sizeof *keys, cmp_key_name);
        for (size_t a = 0; a < n && !st; a++)
            for (size_t b = a + 1; b < n && !st && !strcmp(keys[a].name, keys[b].name); b++) {
                const char *x = keys[a].domain, *y = keys[b].domain;
                if (!strcmp(x, y) || !strcmp(x, "all") || !strcmp(y, "all"))
                    st = rm_error_set(err, RM_EINPUT,
                                      "%s: line %ld: keys \"%.100s\" and \"%.100s\" (line %ld) both "
                                      "declare attribute '%.100s' (igraph would merge them and "
                                      "drop values)",
                                      path, keys[b].line, keys[b].id, keys[a].id, keys[a].line,
                                      keys[a].name);
            }
    }
    if (!st && n > 1) {
        qsort(keys, n, sizeof *keys, cmp_key_id);
        for (size_t a = 1; a < n && !st; a++)
            if (!strcmp(keys[a].id, keys[a - 1].id))
                st = rm_error_set(err, RM_EINPUT,
                                  "%s: line %ld: key id \"%.100s\" declared twice (first at line "
                                  "%ld)",
                                  path, keys[a].line, keys[a].id, keys[a - 1].line);
    }
    if (st) {
        free(keys);
        return st;
    }
    *out = keys;
    *n_out = n;
    return RM_OK;
}

/* A <graph>'s edgedefault and its edges' own directed="...": igraph reads a
 * graph as directed or undirected as a whole and ignores an edge's own
 * direction (a mixed graph was read as all-undirected or all-directed), and
 * an edgedefault it does not know was taken as undirected. */
static rm_status check_direction(const char *path, xmlNode *graph, rm_error *err)
{
    xmlChar *ed = xmlGetProp(graph, (const xmlChar *)"edgedefault");
    rm_status st = RM_OK;
    if (ed && strcmp((const char *)ed, "directed") && strcmp((const char *)ed, "undirected"))
        st = rm_error_set(err, RM_EINPUT,
                          "%s: line %ld: edgedefault=\"%.100s\": expected \"directed\" or "
                          "\"undirected\"",
                          path, (long)xmlGetLineNo(graph), (const char *)ed);
    int directed = ed && !strcmp((const char *)ed, "directed");
    xmlFree(ed);
    long e_no = 0;
    for (xmlNode *e = graph->children; e && !st; e = e->next) {
        if (!is_elem(e, "edge"))
            continue;
        xmlChar *d = xmlGetProp(e, (const xmlChar *)"directed");
        if (d && strcmp((const char *)d, directed ? "true" : "false"))
            st = rm_error_set(err, RM_EINPUT,
                              "%s: line %ld: edge %ld: directed=\"%.100s\" in a graph whose "
                              "edgedefault is %s: mixed graphs are not supported (igraph would "
                              "ignore it)",
                              path, (long)xmlGetLineNo(e), e_no, (const char *)d,
                              directed ? "directed" : "undirected");
        xmlFree(d);
        e_no++;
    }
    return st;
}

rm_status rmi_graphml_scan(const char *path, rm_error *err)
{
    xmlDoc *doc = rmi_xml_read_quiet(path); /* nothing printed (topo/xml_quiet.h) */
    if (!doc)
        return RM_OK; /* not XML: igraph's reader gives the parse error */
    xmlNode *root = xmlDocGetRootElement(doc);
    rm_status st = RM_OK;
    id_line *ids = NULL;
    size_t n = 0, cap = 0;
    int n_graphs = 0;
    xmlNode *graph = NULL;
    key_decl *keys = NULL;
    size_t n_keys = 0;
    st = check_tree(path, root, root, err);
    if (!st && root)
        st = read_keys(path, root, &keys, &n_keys, err);
    for (xmlNode *g = root ? root->children : NULL; g && !st; g = g->next)
        if (is_elem(g, "graph") && ++n_graphs == 1)
            graph = g;
        else if (is_elem(g, "graph"))
            st = rm_error_set(err, RM_EINPUT,
                              "%s: line %ld: a second <graph>: one platform per file (igraph "
                              "would read the first only)",
                              path, (long)xmlGetLineNo(g));
    if (!st && graph)
        st = check_direction(path, graph, err);
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
            st = check_data(path, keys, n_keys, v, "node", who, err);
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
            st = check_data(path, keys, n_keys, e, "edge", who, err);
    }
    for (size_t i = 0; i < n; i++)
        free((char *)ids[i].id);
    free(ids);
    free(keys);
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
    xmlDoc *doc = rmi_xml_read_quiet(path); /* nothing printed (topo/xml_quiet.h) */
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
