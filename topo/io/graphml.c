/*
 * graphml.c — reader of GraphML platforms with igraph's GraphML reader,
 * using the attribute names of the GML platforms (w, speed, label,
 * bandwidth, LinkSpeedRaw, latency, backbone). See rmi_platform_read_graphml
 * in topo/io/readers.h.
 */
#define _POSIX_C_SOURCE 200809L /* fmemopen */
#include "topo/io/graphml_scan.h"
#include "topo/input_file.h"
#include "topo/io/readers.h"
#include "topo/io/unusable.h"

#include "topo/igraph_guard.h"
#include "topo/xml_quiet.h"

#include <errno.h>
#include <igraph.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Value of a vertex (is_edge = 0) or edge attribute at element i.
 * Returns 0 absent (no such attribute, NaN, or empty string), 1 present
 * (*out set), -1 present but not a number. */
static int gm_attr(const igraph_t *g, int is_edge, const char *name, igraph_integer_t i,
                   double *out)
{
    igraph_attribute_elemtype_t et = is_edge ? IGRAPH_ATTRIBUTE_EDGE : IGRAPH_ATTRIBUTE_VERTEX;
    if (!igraph_cattribute_has_attr(g, et, name))
        return 0;
    igraph_attribute_type_t type;
    if (igraph_cattribute_table.gettype(g, &type, et, name) != IGRAPH_SUCCESS)
        return 0;
    if (type == IGRAPH_ATTRIBUTE_NUMERIC) {
        double v = is_edge ? EAN(g, name, i) : VAN(g, name, i);
        if (isnan(v))
            return 0;
        *out = v;
        return 1;
    }
    if (type == IGRAPH_ATTRIBUTE_BOOLEAN) {
        *out = (is_edge ? EAB(g, name, i) : VAB(g, name, i)) ? 1.0 : 0.0;
        return 1;
    }
    if (type == IGRAPH_ATTRIBUTE_STRING) {
        const char *s = is_edge ? EAS(g, name, i) : VAS(g, name, i);
        if (!s || !*s)
            return 0;
        char *end;
        errno = 0;
        double v = strtod(s, &end);
        while (*end == ' ' || *end == '\t')
            end++;
        if (end == s || *end || (errno == ERANGE && !rm_is_subnormal(v))) /* 1e-310 is a number */
            return -1;
        *out = v;
        return 1;
    }
    return 0;
}

static const char *gm_vstr(const igraph_t *g, const char *name, igraph_integer_t i)
{
    igraph_attribute_type_t type;
    if (!igraph_cattribute_has_attr(g, IGRAPH_ATTRIBUTE_VERTEX, name) ||
        igraph_cattribute_table.gettype(g, &type, IGRAPH_ATTRIBUTE_VERTEX, name) != IGRAPH_SUCCESS ||
        type != IGRAPH_ATTRIBUTE_STRING)
        return NULL;
    const char *s = VAS(g, name, i);
    return s && *s ? s : NULL;
}

/* 1 if the GraphML id is an integer written as "%ld" writes it (*out set):
 * "+1", "01", " 0" or "-0" are other ids than "1" and "0" (GraphML ids are
 * strings), so they get fresh numbers instead of sharing one. */
static int gm_integer_id(const char *id, long *out)
{
    if (!id)
        return 0;
    char *end = NULL, canon[32];
    errno = 0;
    long v = strtol(id, &end, 10);
    if (end == id || *end != '\0' || errno)
        return 0;
    snprintf(canon, sizeof canon, "%ld", v);
    if (strcmp(canon, id))
        return 0;
    *out = v;
    return 1;
}

/* Node's display name for messages: label, GraphML id or index. */
static void gm_node_name(const igraph_t *g, igraph_integer_t v, char *buf, size_t n)
{
    const char *id = gm_vstr(g, "id", v);
    const char *label = gm_vstr(g, "label", v);
    if (id && label)
        snprintf(buf, n, "node \"%s\" (id %s)", label, id);
    else if (id)
        snprintf(buf, n, "node id %s", id);
    else
        snprintf(buf, n, "node %ld", (long)v);
}

static rm_status gm_convert(const char *path, const rm_read_options *ro, const igraph_t *g,
                            rm_platform **out, rm_error *err)
{
    igraph_integer_t nv = igraph_vcount(g), ne = igraph_ecount(g);
    if (nv > 100000000 || ne > 100000000)
        return rm_error_set(err, RM_ELIMIT, "%s: graph too large", path);
    char *name = rmi_path_stem(path);
    if (!name)
        return rm_error_set(err, RM_ENOMEM, "%s: out of memory", path);
    rm_platform *p = rm_platform_new(name, (int)nv, (int)ne, igraph_is_directed(g) ? 1 : 0);
    free(name);
    if (!p)
        return rm_error_set(err, RM_ENOMEM, "%s: out of memory", path);
    rm_status st = RM_OK;
    char who[320];
    /* node ids: an integer GraphML id is kept; any other id ("a", "n0", "01") gets
     * max numeric id + 1 + index, so that two nodes never share an id (ids
     * "1" and "a" were both 1: a silent wrong reading); the id text stays the
     * label when there is none */
    long max_id = -1, lid;
    for (igraph_integer_t v = 0; v < nv; v++)
        if (gm_integer_id(gm_vstr(g, "id", v), &lid) && lid > max_id)
            max_id = lid;
    if (max_id > LONG_MAX - 1 - (long)nv) {
        rm_platform_free(p);
        return rm_error_set(err, RM_ELIMIT, "%s: node ids up to %ld leave no room to number the "
                                            "nodes with other ids", path, max_id);
    }
    for (igraph_integer_t v = 0; v < nv && !st; v++) {
        rm_node *nd = &p->nodes[v];
        const char *id = gm_vstr(g, "id", v);
        nd->id = gm_integer_id(id, &lid) ? lid : max_id + 1 + (long)v;
        const char *label = gm_vstr(g, "label", v);
        if (rm_platform_set_label(p, (int)v, label ? label : (id ? id : "")) != RM_OK) {
            st = rm_error_set(err, RM_ENOMEM, "%s: out of memory", path);
            break;
        }
        double w = 0, speed = 0;
        int hw = gm_attr(g, 0, "w", v, &w);
        int hs = gm_attr(g, 0, "speed", v, &speed);
        gm_node_name(g, v, who, sizeof who);
        if (hw < 0 || hs < 0) {
            st = rm_error_set(err, RM_EINPUT, "%s: %s: %s is not a number", path, who,
                              hw < 0 ? "w" : "speed");
        } else if (hw > 0) {
            if (!(w > 0) || !isfinite(w))
                st = rm_error_set(err, RM_EINPUT, "%s: %s: w = %g must be finite and > 0", path,
                                  who, w);
            nd->is_host = 1;
            nd->w = w;
        } else if (hs > 0) {
            if (!(speed > 0) || !isfinite(speed))
                st = rm_error_set(err, RM_EINPUT, "%s: %s: speed = %g must be finite and > 0",
                                  path, who, speed);
            nd->is_host = 1;
            nd->w = 1.0 / speed;
        } else if (ro->host_w > 0) {
            nd->is_host = 1;
            nd->w = ro->host_w;
        } else {
            nd->is_host = 0;
            nd->w = 0.0;
        }
    }
    for (igraph_integer_t e = 0; e < ne && !st; e++) {
        rm_link *k = &p->links[e];
        k->source = (int)IGRAPH_FROM(g, e);
        k->target = (int)IGRAPH_TO(g, e);
        char a[128], b[128];
        gm_node_name(g, k->source, a, sizeof a);
        gm_node_name(g, k->target, b, sizeof b);
        snprintf(who, sizeof who, "edge %ld (%s -- %s)", (long)e, a, b);
        double bw = 0, raw = 0, lat = 0, bb = 0;
        int hb = gm_attr(g, 1, "bandwidth", e, &bw);
        int hr = gm_attr(g, 1, "LinkSpeedRaw", e, &raw);
        int hl = gm_attr(g, 1, "latency", e, &lat);
        int hbb = gm_attr(g, 1, "backbone", e, &bb);
        if (hb < 0 || hr < 0 || hl < 0 || hbb < 0) {
            st = rm_error_set(err, RM_EINPUT, "%s: %s: %s is not a number", path, who,
                              hb < 0 ? "bandwidth"
                              : hr < 0 ? "LinkSpeedRaw"
                              : hl < 0 ? "latency"
                                       : "backbone");
            break;
        }
        if (hb > 0)
            k->bandwidth = bw;
        else if (hr > 0)
            k->bandwidth = raw / 1e6;
        else if (ro->default_bandwidth > 0)
            k->bandwidth = ro->default_bandwidth;
        else {
            st = rm_error_set(err, RM_EINPUT,
                              "%s: %s: no bandwidth (give 'bandwidth' in Mb/s or "
                              "'LinkSpeedRaw' in bit/s, or a default bandwidth)",
                              path, who);
            break;
        }
        if (!(k->bandwidth > 0) || !isfinite(k->bandwidth)) {
            st = rm_error_set(err, RM_EINPUT, "%s: %s: bandwidth %g must be finite and > 0", path,
                              who, k->bandwidth);
            break;
        }
        k->latency = hl > 0 ? lat : 0.0;
        if (!(k->latency >= 0) || !isfinite(k->latency)) {
            st = rm_error_set(err, RM_EINPUT, "%s: %s: latency %g must be finite and >= 0", path,
                              who, k->latency);
            break;
        }
        if (hbb > 0 && bb != 0 && bb != 1) {
            st = rm_error_set(err, RM_EINPUT, "%s: %s: backbone must be 0 or 1 (got %g)", path,
                              who, bb);
            break;
        }
        k->backbone = hbb > 0 && bb == 1;
    }
    if (!st) {
        st = rm_platform_finalize(p, err);
        if (st) {
            char msg[sizeof err->msg];
            snprintf(msg, sizeof msg, "%s", err ? err->msg : "");
            st = rm_error_set(err, st, "%s: %s", path, msg);
        }
    }
    if (st) {
        rm_platform_free(p);
        return st;
    }
    rmi_platform_warn_unusable(p, path, ro); /* links too slow for the model (topo/io/unusable.h) */
    *out = p;
    return RM_OK;
}

rm_status rmi_platform_read_graphml(const char *path, const rm_read_options *ro,
                                    rm_platform **out, rm_error *err)
{
    rm_read_options defaults;
    if (!ro) {
        rm_read_options_init(&defaults);
        ro = &defaults;
    }
    if (!path || !out)
        return rm_error_set(err, RM_EINVAL, "rmi_platform_read_graphml: %s is NULL", !path ? "path" : "out");
    *out = NULL;
    FILE *f = rmi_input_fopen(path, err); /* a regular file of bounded size */
    if (!f)
        return err ? err->status : RM_EINPUT;
    rm_status sst = rmi_graphml_scan(path, err); /* what igraph would get wrong (graphml_scan.h) */
    if (sst) {
        fclose(f);
        return sst;
    }
    rm_graphml_subnormals sub; /* 1e-310: igraph's reader refuses it (graphml_scan.h) */
    if ((sst = rmi_graphml_subnormal_scan(path, &sub, err))) {
        fclose(f);
        return sst;
    }
    if (sub.text) {
        FILE *mf = fmemopen(sub.text, sub.len, "r");
        fclose(f);
        if (!mf) {
            rmi_graphml_subnormal_free(&sub);
            return rm_error_set(err, RM_ENOMEM, "%s: out of memory", path);
        }
        f = mf;
    }
    igraph_t g;
    rm_igraph_guard guard;
    rmi_igraph_guard_begin(&guard);
    igraph_attribute_table_t *old = igraph_set_attribute_table(&igraph_cattribute_table);
    rm_xml_quiet quiet; /* libxml2's encoding errors are not printed (topo/xml_quiet.h) */
    rmi_xml_quiet_begin(&quiet);
    igraph_error_t ie = igraph_read_graph_graphml(&g, f, 0);
    rmi_xml_quiet_end(&quiet);
    fclose(f);
    rm_status st;
    if (ie == IGRAPH_SUCCESS && (st = rmi_graphml_subnormal_apply(&sub, &g, path, err))) {
        igraph_destroy(&g);
    } else if (ie != IGRAPH_SUCCESS) {
        if (ie == IGRAPH_ENOMEM)
            st = rm_error_set(err, RM_ENOMEM, "%s: out of memory", path);
        else
            st = rm_error_set(err, RM_EINPUT, "%s: GraphML error: %s", path,
                              rmi_igraph_last_error()[0] ? rmi_igraph_last_error()
                                                        : "cannot parse");
    } else {
        st = gm_convert(path, ro, &g, out, err);
        igraph_destroy(&g);
    }
    igraph_set_attribute_table(old);
    rmi_igraph_guard_end(&guard);
    rmi_graphml_subnormal_free(&sub);
    return st;
}
