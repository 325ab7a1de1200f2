/*
 * gml.c — read a platform from a GML file with igraph's GML reader
 * (docs/formats.md, "GML"), mapping igraph's vertex/edge attributes onto
 * rm_node / rm_link and reporting every problem as RM_EINPUT naming the
 * file and the node (label and GML id) or edge (index and end labels).
 *
 * Conventions implemented:
 *   graph:  directed 0|1 (igraph's own handling; any other value -> error);
 *   node:   id (integer, required), label (string or number; "" if none),
 *           w (s/Mflop) or speed (Mflop/s, w = 1/speed) -> host; both given
 *           must agree to 1e-9 relative; neither -> router, or a host of
 *           cycle-time ro->host_w when that is > 0;
 *   edge:   bandwidth (Mb/s), else LinkSpeedRaw (bit/s, / 1e6), else
 *           ro->default_bandwidth when > 0, else error; latency (s, default
 *           0); backbone (0 or 1, default 0).
 * Numbers may also be written as quoted strings ("0.5"): igraph makes an
 * attribute a string attribute as soon as one element has a string value,
 * so such values are parsed here with strtod (an unparsable string is an
 * error naming the element).
 * Links keep the file order (link l = l-th edge in the file; parallel edges
 * stay distinct). In an undirected file igraph does not keep which end was
 * written as "source", so the link's source is the end with the smaller node
 * index (node index = position of the node in the file), its target the
 * larger one: arc 2l goes from the smaller to the larger index.
 */
#include "topo/io/gml_scan.h"
#include "topo/io/gml_subnormal.h"
#include "topo/io/unusable.h"
#include "topo/input_file.h"
#include "ringmap/topo.h"
#include "topo/igraph_guard.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Attribute value classes: absent, a number, or a string that is not one. */
enum { VAL_ABSENT = 0, VAL_NUM = 1, VAL_BAD = 2 };

/* Parse a whole string as a finite-or-not double; 1 on success. */
static int parse_number(const char *s, double *x)
{
    while (*s == ' ' || *s == '\t')
        s++;
    if (*s == '\0')
        return 0;
    char *end;
    errno = 0;
    double v = strtod(s, &end);
    while (*end == ' ' || *end == '\t')
        end++;
    if (*end != '\0')
        return 0;
    *x = v;
    return 1;
}

/* Attribute kinds present in the graph (cattribute type or -1). */
typedef struct attr_info {
    int v_w, v_speed, v_label, v_id;
    int e_bandwidth, e_raw, e_latency, e_backbone;
} attr_info;

static int find_type(const igraph_strvector_t *names, const igraph_vector_int_t *types, const char *name)
{
    for (igraph_integer_t i = 0; i < igraph_strvector_size(names); i++)
        if (!strcmp(igraph_strvector_get(names, i), name))
            return (int)VECTOR(*types)[i];
    return -1;
}

/* Value of vertex (is_edge = 0) or edge attribute `name` of element k.
 * On VAL_BAD, *str points to the offending string (owned by igraph). */
static int get_val(const igraph_t *g, int is_edge, int type, const char *name, igraph_integer_t k,
                   double *x, const char **str)
{
    if (type == IGRAPH_ATTRIBUTE_NUMERIC) {
        double v = is_edge ? EAN(g, name, k) : VAN(g, name, k);
        if (isnan(v))
            return VAL_ABSENT;
        *x = v;
        return VAL_NUM;
    }
    if (type == IGRAPH_ATTRIBUTE_STRING) {
        const char *s = is_edge ? EAS(g, name, k) : VAS(g, name, k);
        if (!s || s[0] == '\0')
            return VAL_ABSENT;
        if (parse_number(s, x))
            return VAL_NUM;
        *str = s;
        return VAL_BAD;
    }
    if (type == IGRAPH_ATTRIBUTE_BOOLEAN) {
        *x = (is_edge ? EAB(g, name, k) : VAB(g, name, k)) ? 1.0 : 0.0;
        return VAL_NUM;
    }
    return VAL_ABSENT;
}

/*
 * igraph 0.10.2 reads an unquoted nan (any case, optional sign) as a NaN
 * number, which its attribute tables also use for "absent": `w nan` would
 * silently make a router. Find such a token before parsing; returns its line
 * (0 if none). Quoted strings and '#' comment lines are skipped. O(size).
 */
static long find_nan_token(FILE *f)
{
    long line = 1;
    int c, in_str = 0, at_bol = 1, in_comment = 0;
    char tok[8];
    int nt = 0, tok_long = 0;
    for (;;) {
        c = getc(f);
        int sep = c == EOF || c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '[' || c == ']' ||
                  c == '"';
        if (!in_str && !in_comment && sep && nt > 0) {
            tok[nt] = '\0';
            const char *t = tok + (tok[0] == '+' || tok[0] == '-');
            if (!tok_long && strlen(t) == 3 && (t[0] | 32) == 'n' && (t[1] | 32) == 'a' && (t[2] | 32) == 'n')
                return line;
            nt = 0;
            tok_long = 0;
        }
        if (c == EOF)
            return 0;
        if (c == '\n') {
            line++;
            at_bol = 1;
            in_comment = 0;
            continue;
        }
        if (at_bol && c == '#' && !in_str)
            in_comment = 1;
        at_bol = 0;
        if (in_comment)
            continue;
        if (c == '"') {
            in_str = !in_str;
            continue;
        }
        if (in_str || sep)
            continue;
        if (nt < (int)sizeof tok - 1)
            tok[nt++] = (char)c;
        else
            tok_long = 1;
    }
}

/* The file's base name without its extension. */
static void base_name(const char *path, char *buf, size_t n)
{
    const char *b = strrchr(path, '/');
    b = b ? b + 1 : path;
    snprintf(buf, n, "%s", b);
    char *dot = strrchr(buf, '.');
    if (dot && dot != buf)
        *dot = '\0';
}

/* The attribute listing of convert(), for rmi_gml_subnormal_apply. */
typedef struct attr_lists {
    const igraph_strvector_t *names[3];
    const igraph_vector_int_t *types[3];
} attr_lists;

static int list_type(void *ctx, int level, const char *key)
{
    const attr_lists *l = ctx;
    return find_type(l->names[level], l->types[level], key);
}

/* Node v of the graph into p->nodes[v]: label, id, and a host's w (from w,
 * or 1/speed, or ro->host_w) or a router. */
static rm_status convert_node(const char *path, const rm_read_options *ro, const igraph_t *g,
                              const attr_info *ai, rm_platform *p, int v, rm_error *err)
{
    rm_node *nd = &p->nodes[v];
    const char *bad = NULL;
    double x = 0;
    char num[64];
    /* label first, so that later messages can name the node */
    if (ai->v_label == IGRAPH_ATTRIBUTE_STRING) {
        const char *s = VAS(g, "label", v);
        if (rm_platform_set_label(p, v, s ? s : ""))
            return rm_error_set(err, RM_ENOMEM, "%s: out of memory", path);
    } else if (ai->v_label == IGRAPH_ATTRIBUTE_NUMERIC && !isnan(VAN(g, "label", v))) {
        snprintf(num, sizeof num, "%.17g", VAN(g, "label", v));
        if (rm_platform_set_label(p, v, num))
            return rm_error_set(err, RM_ENOMEM, "%s: out of memory", path);
    }
    int kid = ai->v_id < 0 ? VAL_ABSENT : get_val(g, 0, ai->v_id, "id", v, &x, &bad);
    if (kid != VAL_NUM)
        return rm_error_set(err, RM_EINPUT, "%s: node %d (label \"%s\"): no id", path, v, nd->label);
    nd->id = (long)x;
    double w = 0, speed = 0;
    int kw = ai->v_w < 0 ? VAL_ABSENT : get_val(g, 0, ai->v_w, "w", v, &w, &bad);
    if (kw == VAL_BAD)
        return rm_error_set(err, RM_EINPUT, "%s: node \"%s\" (id %ld): w \"%s\" is not a number", path,
                            nd->label, nd->id, bad);
    int ks = ai->v_speed < 0 ? VAL_ABSENT : get_val(g, 0, ai->v_speed, "speed", v, &speed, &bad);
    if (ks == VAL_BAD)
        return rm_error_set(err, RM_EINPUT, "%s: node \"%s\" (id %ld): speed \"%s\" is not a number", path,
                            nd->label, nd->id, bad);
    if (ks == VAL_NUM && !(isfinite(speed) && speed > 0.0))
        return rm_error_set(err, RM_EINPUT, "%s: node \"%s\" (id %ld): speed %g must be finite and > 0",
                            path, nd->label, nd->id, speed);
    if (kw == VAL_NUM && !(isfinite(w) && w > 0.0))
        return rm_error_set(err, RM_EINPUT,
                            "%s: node \"%s\" (id %ld): cycle-time w %g must be finite and > 0", path,
                            nd->label, nd->id, w);
    if (kw == VAL_NUM && ks == VAL_NUM && fabs(w * speed - 1.0) > 1e-9)
        return rm_error_set(err, RM_EINPUT,
                            "%s: node \"%s\" (id %ld): w %g and speed %g disagree (w must be 1/speed)",
                            path, nd->label, nd->id, w, speed);
    if (kw == VAL_NUM) {
        nd->is_host = 1;
        nd->w = w;
    } else if (ks == VAL_NUM) {
        nd->is_host = 1;
        nd->w = 1.0 / speed;
    } else if (ro->host_w > 0.0) {
        nd->is_host = 1;
        nd->w = ro->host_w;
    } else {
        nd->is_host = 0;
        nd->w = 0.0;
    }
    return RM_OK;
}

/* Edge l of the graph into p->links[l]: ends (undirected: smaller index
 * first), bandwidth (bandwidth, else LinkSpeedRaw / 1e6, else
 * ro->default_bandwidth), latency, backbone. */
static rm_status convert_link(const char *path, const rm_read_options *ro, const igraph_t *g,
                              const attr_info *ai, rm_platform *p, int l, rm_error *err)
{
    rm_link *e = &p->links[l];
    const char *bad = NULL;
    double x = 0;
    e->source = (int)IGRAPH_FROM(g, l);
    e->target = (int)IGRAPH_TO(g, l);
    if (!p->directed && e->source > e->target) { /* undirected: smaller index first */
        int t = e->source;
        e->source = e->target;
        e->target = t;
    }
    const char *a = p->nodes[e->source].label, *b = p->nodes[e->target].label;
    int kb = ai->e_bandwidth < 0 ? VAL_ABSENT : get_val(g, 1, ai->e_bandwidth, "bandwidth", l, &x, &bad);
    if (kb == VAL_BAD)
        return rm_error_set(err, RM_EINPUT, "%s: edge %d (%s -- %s): bandwidth \"%s\" is not a number",
                            path, l, a, b, bad);
    if (kb == VAL_NUM) {
        e->bandwidth = x;
    } else {
        int kr = ai->e_raw < 0 ? VAL_ABSENT : get_val(g, 1, ai->e_raw, "LinkSpeedRaw", l, &x, &bad);
        if (kr == VAL_BAD)
            return rm_error_set(err, RM_EINPUT,
                                "%s: edge %d (%s -- %s): LinkSpeedRaw \"%s\" is not a number", path,
                                l, a, b, bad);
        if (kr == VAL_NUM)
            e->bandwidth = x / 1e6;
        else if (ro->default_bandwidth > 0.0)
            e->bandwidth = ro->default_bandwidth;
        else
            return rm_error_set(err, RM_EINPUT,
                                "%s: edge %d (%s -- %s): no bandwidth (neither 'bandwidth' nor "
                                "'LinkSpeedRaw'; give a default bandwidth)",
                                path, l, a, b);
    }
    if (!(isfinite(e->bandwidth) && e->bandwidth > 0.0))
        return rm_error_set(err, RM_EINPUT, "%s: edge %d (%s -- %s): bandwidth %g must be finite and > 0",
                            path, l, a, b, e->bandwidth);
    int kl = ai->e_latency < 0 ? VAL_ABSENT : get_val(g, 1, ai->e_latency, "latency", l, &x, &bad);
    if (kl == VAL_BAD)
        return rm_error_set(err, RM_EINPUT, "%s: edge %d (%s -- %s): latency \"%s\" is not a number", path,
                            l, a, b, bad);
    e->latency = kl == VAL_NUM ? x : 0.0;
    int kk = ai->e_backbone < 0 ? VAL_ABSENT : get_val(g, 1, ai->e_backbone, "backbone", l, &x, &bad);
    if (kk == VAL_BAD || (kk == VAL_NUM && x != 0.0 && x != 1.0))
        return rm_error_set(err, RM_EINPUT, "%s: edge %d (%s -- %s): backbone must be 0 or 1", path, l, a,
                            b);
    e->backbone = kk == VAL_NUM && x == 1.0;
    return RM_OK;
}

/* Fill the platform from the igraph graph (subnormal values `sub` put back
 * first, topo/io/gml_subnormal.h); RM_EINPUT naming the element. */
static rm_status convert(const char *path, const rm_read_options *ro, igraph_t *g,
                         const rm_gml_subnormals *sub, rm_platform *p,
                         rm_error *err)
{
    igraph_strvector_t gn, vn, en;
    igraph_vector_int_t gt, vt, et;
    attr_info ai;
    rm_status st = RM_OK;
    int init = 0;
    if (igraph_strvector_init(&gn, 0) == IGRAPH_SUCCESS)
        init |= 1;
    if (igraph_strvector_init(&vn, 0) == IGRAPH_SUCCESS)
        init |= 2;
    if (igraph_strvector_init(&en, 0) == IGRAPH_SUCCESS)
        init |= 4;
    if (igraph_vector_int_init(&gt, 0) == IGRAPH_SUCCESS)
        init |= 8;
    if (igraph_vector_int_init(&vt, 0) == IGRAPH_SUCCESS)
        init |= 16;
    if (igraph_vector_int_init(&et, 0) == IGRAPH_SUCCESS)
        init |= 32;
    if (init != 63 || igraph_cattribute_list(g, &gn, &gt, &vn, &vt, &en, &et) != IGRAPH_SUCCESS) {
        st = rm_error_set(err, RM_ENOMEM, "%s: out of memory listing GML attributes", path);
        goto out;
    }
    {
        attr_lists lists = {{&gn, &vn, &en}, {&gt, &vt, &et}};
        if ((st = rmi_gml_subnormal_apply(sub, g, list_type, &lists, path, err)))
            goto out;
    }
    ai.v_w = find_type(&vn, &vt, "w");
    ai.v_speed = find_type(&vn, &vt, "speed");
    ai.v_label = find_type(&vn, &vt, "label");
    ai.v_id = find_type(&vn, &vt, "id");
    ai.e_bandwidth = find_type(&en, &et, "bandwidth");
    ai.e_raw = find_type(&en, &et, "LinkSpeedRaw");
    ai.e_latency = find_type(&en, &et, "latency");
    ai.e_backbone = find_type(&en, &et, "backbone");
    /* nodes (GML ids are unique: igraph checks), then links in file order */
    for (int v = 0; !st && v < p->n_nodes; v++)
        st = convert_node(path, ro, g, &ai, p, v, err);
    for (int l = 0; !st && l < p->n_links; l++)
        st = convert_link(path, ro, g, &ai, p, l, err);
out:
    if (init & 1)
        igraph_strvector_destroy(&gn);
    if (init & 2)
        igraph_strvector_destroy(&vn);
    if (init & 4)
        igraph_strvector_destroy(&en);
    if (init & 8)
        igraph_vector_int_destroy(&gt);
    if (init & 16)
        igraph_vector_int_destroy(&vt);
    if (init & 32)
        igraph_vector_int_destroy(&et);
    return st;
}

rm_status rm_platform_read_gml(const char *path, const rm_read_options *ro_in, rm_platform **out,
                               rm_error *err)
{
    rm_read_options ro_def;
    const rm_read_options *ro = ro_in;
    if (out)
        *out = NULL;
    if (!path || !out)
        return rm_error_set(err, RM_EINVAL, "rm_platform_read_gml: %s is NULL", !path ? "path" : "out");
    if (!ro) {
        rm_read_options_init(&ro_def);
        ro = &ro_def;
    }
    if (!(isfinite(ro->host_w) && ro->host_w >= 0.0))
        return rm_error_set(err, RM_EINPUT, "%s: host cycle-time option %g must be finite and >= 0", path,
                            ro->host_w);
    if (!(isfinite(ro->default_bandwidth) && ro->default_bandwidth >= 0.0))
        return rm_error_set(err, RM_EINPUT, "%s: default bandwidth option %g must be finite and >= 0", path,
                            ro->default_bandwidth);
    FILE *f = rmi_input_fopen(path, err); /* a regular file of bounded size */
    if (!f)
        return err ? err->status : RM_EINPUT;
    long start = rmi_input_skip_bom(f); /* a UTF-8 byte order mark: skipped, as CSV does */

    long nan_line = find_nan_token(f);
    if (ferror(f)) { /* e.g. /proc/self/mem: igraph's lexer would abort the process on it */
        int e = errno;
        fclose(f);
        return rm_error_set(err, RM_EINPUT, "%s: read error: %s", path, strerror(e));
    }
    if (nan_line > 0) {
        fclose(f);
        return rm_error_set(err, RM_EINPUT, "%s: line %ld: NaN is not a valid value", path, nan_line);
    }
    fseek(f, start, SEEK_SET);
    rm_status scan = rmi_gml_scan(f, path, ro, err); /* what igraph would drop (topo/io/gml_scan.h) */
    if (scan) {
        fclose(f);
        return scan;
    }
    fseek(f, start, SEEK_SET);
    rm_gml_subnormals sub; /* 1e-310 etc.: igraph's lexer refuses them (topo/io/gml_subnormal.h) */
    if ((scan = rmi_gml_subnormal_scan(f, path, &sub, err))) {
        fclose(f);
        return scan;
    }
    if (sub.text) {
        FILE *mf = rmi_gml_subnormal_open(&sub);
        if (!mf) {
            fclose(f);
            rmi_gml_subnormal_free(&sub);
            return rm_error_set(err, RM_ENOMEM, "%s: out of memory", path);
        }
        fclose(f);
        f = mf;
    } else {
        fseek(f, start, SEEK_SET);
    }
    if (ferror(f)) { /* igraph's GML lexer aborts the process on a read error: none may reach it */
        int e = errno;
        fclose(f);
        rmi_gml_subnormal_free(&sub);
        return rm_error_set(err, RM_EINPUT, "%s: read error: %s", path, strerror(e));
    }
    rm_igraph_guard guard;
    igraph_t g;
    rm_status st = RM_OK;
    rm_platform *p = NULL;
    rmi_igraph_guard_begin(&guard);
    const igraph_attribute_table_t *old_table = igraph_set_attribute_table(&igraph_cattribute_table);
    igraph_error_t ie = igraph_read_graph_gml(&g, f);
    fclose(f);
    if (ie != IGRAPH_SUCCESS) {
        const char *m = rmi_igraph_last_error();
        st = rm_error_set(err, ie == IGRAPH_ENOMEM ? RM_ENOMEM : RM_EINPUT, "%s: %s", path,
                          m[0] ? m : "cannot read GML file");
        goto restore;
    }
    if (strstr(rmi_igraph_first_warning(), "'directed'")) {
        st = rm_error_set(err, RM_EINPUT, "%s: %s", path, rmi_igraph_first_warning());
        goto destroy;
    }
    {
        char name[256];
        base_name(path, name, sizeof name);
        igraph_integer_t nv = igraph_vcount(&g), ne = igraph_ecount(&g);
        if (nv > 100000000 || ne > 100000000) {
            st = rm_error_set(err, RM_ELIMIT, "%s: too large (%ld nodes, %ld edges)", path, (long)nv,
                              (long)ne);
            goto destroy;
        }
        p = rm_platform_new(name, (int)nv, (int)ne, igraph_is_directed(&g));
        if (!p) {
            st = rm_error_set(err, RM_ENOMEM, "%s: out of memory", path);
            goto destroy;
        }
        if ((st = convert(path, ro, &g, &sub, p, err)))
            goto destroy;
    }
destroy:
    igraph_destroy(&g);
restore:
    igraph_set_attribute_table(old_table);
    rmi_igraph_guard_end(&guard);
    rmi_gml_subnormal_free(&sub);
    if (st == RM_OK) {
        rm_error verr;
        verr.status = RM_OK;
        verr.msg[0] = '\0';
        if ((st = rm_platform_finalize(p, &verr))) {
            /* replace "platform NAME: " by the file's path */
            const char *m = verr.msg, *pre = "platform ";
            size_t np = strlen(pre), nn = strlen(p->name);
            if (!strncmp(m, pre, np) && !strncmp(m + np, p->name, nn) && !strncmp(m + np + nn, ": ", 2))
                m += np + nn + 2;
            rm_error_set(err, st, "%s: %s", path, m);
        }
    }
    if (st != RM_OK) {
        rm_platform_free(p);
        return st;
    }
    rmi_platform_warn_unusable(p, path, ro); /* links too slow for the model (topo/io/unusable.h) */
    *out = p;
    return RM_OK;
}
