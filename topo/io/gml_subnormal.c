/*
 * gml_subnormal.c — subnormal numbers in GML files (hardening: a valid
 * input was refused). igraph's GML lexer rejects a number that strtod
 * reports as out of range, which includes the subnormal ones (1e-310 is a
 * double, but strtod sets ERANGE): "Parse error in GML file". A bandwidth
 * or cycle-time of that size is absurd but valid, so it is read, not
 * refused: the file is given to igraph with each subnormal written as 0, and
 * the values are put back into igraph's attributes before the platform is
 * built. Numbers that underflow to 0 or overflow stay igraph's errors.
 */
#define _POSIX_C_SOURCE 200809L
#include "topo/io/gml_subnormal.h"

#include <errno.h>
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define MAX_DEPTH 64

/* 1 if tok is a whole number that strtod reads as subnormal. */
static int is_subnormal(const char *tok, size_t n, double *x)
{
    char buf[128];
    if (n == 0 || n >= sizeof buf)
        return 0;
    memcpy(buf, tok, n);
    buf[n] = '\0';
    char *end;
    errno = 0;
    double v = strtod(buf, &end);
    if (*end != '\0' || end == buf)
        return 0;
    if (v == 0.0 || !isfinite(v) || fabs(v) >= DBL_MIN)
        return 0;
    *x = v;
    return 1;
}

static rm_status add_patch(rm_gml_subnormals *s, int *cap, int level, long index, const char *key, double v)
{
    if (s->n == *cap) {
        int nc = *cap ? 2 * *cap : 8;
        rm_gml_patch *np = realloc(s->patch, (size_t)nc * sizeof *np);
        if (!np)
            return RM_ENOMEM;
        s->patch = np;
        *cap = nc;
    }
    rm_gml_patch *p = &s->patch[s->n++];
    p->level = level;
    p->index = index;
    snprintf(p->key, sizeof p->key, "%s", key);
    p->value = v;
    return RM_OK;
}

/* The whole of f into a malloc'd buffer (*len bytes); NULL if out of memory. */
static char *read_all(FILE *f, size_t *len_out)
{
    size_t cap = 1 << 16, len = 0;
    char *buf = malloc(cap);
    if (!buf)
        return NULL;
    for (;;) {
        if (len == cap) {
            char *nb = realloc(buf, cap * 2);
            if (!nb) {
                free(buf);
                return NULL;
            }
            buf = nb;
            cap *= 2;
        }
        size_t r = fread(buf + len, 1, cap - len, f);
        len += r;
        if (r == 0)
            break;
    }
    *len_out = len;
    return buf;
}

/* The tokeniser's state (as rmi_gml_scan's, topo/io/gml_scan.c) and the
 * subnormal tokens found so far. */
typedef struct sub_scan {
    char keys[MAX_DEPTH + 1][32]; /* the key of each open list */
    char key[32];                 /* the last key read */
    long node_i, edge_i;          /* index of the current graph node / edge */
    int depth, want_key;
    size_t *at, *tl; /* offsets and lengths of the tokens to zero */
    size_t n_at, cap_at;
    int cap_p; /* capacity of out->patch */
} sub_scan;

/* A '[' or ']' (c): opens or closes a list. 0, or -1 if malformed (igraph
 * says so). */
static int scan_bracket(sub_scan *s, char c)
{
    if (c == '[' && !s->want_key) {
        if (s->depth < MAX_DEPTH) {
            s->depth++;
            snprintf(s->keys[s->depth], sizeof s->keys[s->depth], "%s", s->key);
            if (s->depth == 2 && !strcmp(s->keys[1], "graph")) {
                if (!strcmp(s->key, "node"))
                    s->node_i++;
                else if (!strcmp(s->key, "edge"))
                    s->edge_i++;
            }
        }
        s->want_key = 1;
        return 0;
    }
    if (c == ']' && s->want_key && s->depth > 0) {
        s->depth--;
        return 0;
    }
    return -1;
}

/* The subnormal value v of key s->key, token at offset s0 of n bytes: to be
 * zeroed, and a patch for igraph's attribute when igraph keeps the value
 * (a graph, node or edge attribute). */
static rm_status scan_mark(sub_scan *s, rm_gml_subnormals *out, size_t s0, size_t n, double v)
{
    if (s->n_at == s->cap_at) {
        size_t nc = s->cap_at ? 2 * s->cap_at : 8;
        size_t *na = realloc(s->at, nc * sizeof *na), *nl = na ? realloc(s->tl, nc * sizeof *nl) : NULL;
        if (na)
            s->at = na;
        if (!na || !nl)
            return RM_ENOMEM;
        s->tl = nl;
        s->cap_at = nc;
    }
    s->at[s->n_at] = s0;
    s->tl[s->n_at++] = n;
    int graph_child = s->depth >= 1 && !strcmp(s->keys[1], "graph");
    if (s->depth == 1 && graph_child)
        return add_patch(out, &s->cap_p, 0, 0, s->key, v);
    if (s->depth == 2 && graph_child && !strcmp(s->keys[2], "node"))
        return add_patch(out, &s->cap_p, 1, s->node_i, s->key, v);
    if (s->depth == 2 && graph_child && !strcmp(s->keys[2], "edge"))
        return add_patch(out, &s->cap_p, 2, s->edge_i, s->key, v);
    /* elsewhere (nested lists, top-level keys) igraph drops the value */
    return RM_OK;
}

/* Tokenise buf as rmi_gml_scan (topo/io/gml_scan.c) does; mark subnormal
 * values. Stops quietly at malformed text (igraph reports it). */
static rm_status scan_tokens(const char *buf, size_t len, sub_scan *s, rm_gml_subnormals *out)
{
    int bol = 1;
    long line = 1;
    rm_status st = RM_OK;
    size_t i = 0;
    while (i < len && st == RM_OK) {
        char c = buf[i];
        if (c == '\n') {
            line++;
            bol = 1;
            i++;
            continue;
        }
        if (c == '#' && (bol || line == 1)) {
            while (i < len && buf[i] != '\n')
                i++;
            continue;
        }
        if (c == ' ' || c == '\t' || c == '\r') {
            i++;
            continue;
        }
        bol = 0;
        if (c == '[' || c == ']') {
            i++;
            if (scan_bracket(s, c))
                break; /* malformed: igraph says so */
            continue;
        }
        size_t s0 = i;
        if (c == '"') {
            i++;
            while (i < len && buf[i] != '"') {
                if (buf[i] == '\n')
                    line++;
                i++;
            }
            i++;
            if (s->want_key)
                break;
            s->want_key = 1;
            continue;
        }
        while (i < len && buf[i] != ' ' && buf[i] != '\t' && buf[i] != '\r' && buf[i] != '\n' &&
               buf[i] != '[' && buf[i] != ']' && buf[i] != '"')
            i++;
        if (s->want_key) {
            size_t n = i - s0 < sizeof s->key ? i - s0 : sizeof s->key - 1;
            memcpy(s->key, buf + s0, n);
            s->key[n] = '\0';
            s->want_key = 0;
            continue;
        }
        s->want_key = 1;
        double v;
        if (is_subnormal(buf + s0, i - s0, &v))
            st = scan_mark(s, out, s0, i - s0, v);
    }
    return st;
}

/* The text with each marked token replaced by "0" (never longer), into
 * out->text and out->len. */
static rm_status zero_marked(const char *buf, size_t len, const sub_scan *s, rm_gml_subnormals *out)
{
    char *t = malloc(len + 1);
    if (!t)
        return RM_ENOMEM;
    size_t o = 0, prev = 0;
    for (size_t k = 0; k < s->n_at; k++) {
        memcpy(t + o, buf + prev, s->at[k] - prev);
        o += s->at[k] - prev;
        t[o++] = '0';
        prev = s->at[k] + s->tl[k];
    }
    memcpy(t + o, buf + prev, len - prev);
    o += len - prev;
    t[o] = '\0';
    out->text = t;
    out->len = o;
    return RM_OK;
}

rm_status rmi_gml_subnormal_scan(FILE *f, const char *path, rm_gml_subnormals *out, rm_error *err)
{
    memset(out, 0, sizeof *out);
    size_t len = 0;
    char *buf = read_all(f, &len);
    if (!buf)
        return rm_error_set(err, RM_ENOMEM, "%s: out of memory", path);
    sub_scan s;
    memset(&s, 0, sizeof s);
    s.node_i = s.edge_i = -1;
    s.want_key = 1;
    rm_status st = scan_tokens(buf, len, &s, out);
    if (st == RM_OK && s.n_at > 0)
        st = zero_marked(buf, len, &s, out);
    free(s.at);
    free(s.tl);
    free(buf);
    if (st != RM_OK) {
        rmi_gml_subnormal_free(out);
        return rm_error_set(err, RM_ENOMEM, "%s: out of memory", path);
    }
    if (!out->text) {
        free(out->patch);
        out->patch = NULL;
        out->n = 0;
    }
    return RM_OK;
}

rm_status rmi_gml_subnormal_apply(const rm_gml_subnormals *s, igraph_t *g, rm_gml_attr_type_fn type_of,
                                 void *ctx, const char *path, rm_error *err)
{
    for (int k = 0; k < s->n; k++) {
        const rm_gml_patch *p = &s->patch[k];
        int type = type_of(ctx, p->level, p->key);
        igraph_error_t ie = IGRAPH_SUCCESS;
        if (type == IGRAPH_ATTRIBUTE_NUMERIC) {
            ie = p->level == 0   ? igraph_cattribute_GAN_set(g, p->key, p->value)
                 : p->level == 1 ? igraph_cattribute_VAN_set(g, p->key, p->index, p->value)
                                 : igraph_cattribute_EAN_set(g, p->key, p->index, p->value);
        } else if (type == IGRAPH_ATTRIBUTE_STRING) {
            char num[64];
            snprintf(num, sizeof num, "%.17g", p->value);
            ie = p->level == 0   ? igraph_cattribute_GAS_set(g, p->key, num)
                 : p->level == 1 ? igraph_cattribute_VAS_set(g, p->key, p->index, num)
                                 : igraph_cattribute_EAS_set(g, p->key, p->index, num);
        } /* else: igraph did not keep this key (or made it boolean: 0 = false either way) */
        if (ie != IGRAPH_SUCCESS)
            return rm_error_set(err, RM_ENOMEM, "%s: out of memory putting back subnormal numbers", path);
    }
    return RM_OK;
}

FILE *rmi_gml_subnormal_open(const rm_gml_subnormals *s)
{
    return fmemopen(s->text, s->len, "r");
}

void rmi_gml_subnormal_free(rm_gml_subnormals *s)
{
    free(s->text);
    free(s->patch);
    memset(s, 0, sizeof *s);
}
