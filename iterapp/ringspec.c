/*
 * ringspec.c — reading a ring mapping for the runtime (ringspec.h): the
 * DESIGN.md JSON with jansson, a list of cycle-times, or an rm_mapping.
 */
#include "iterapp/ringspec.h"

#include <errno.h>
#include <jansson.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

static char *dupstr(const char *s)
{
    size_t n = strlen(s) + 1;
    char *d = malloc(n);
    if (d)
        memcpy(d, s, n);
    return d;
}

rm_ringspec *rm_ringspec_new(int q)
{
    if (q < 1)
        return NULL;
    rm_ringspec *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    s->q = q;
    s->label = calloc((size_t)q, sizeof(char *));
    s->node = malloc(sizeof(long) * (size_t)q);
    s->w = malloc(sizeof(double) * (size_t)q);
    s->alpha = malloc(sizeof(double) * (size_t)q);
    s->b_succ = malloc(sizeof(double) * (size_t)q);
    s->b_pred = malloc(sizeof(double) * (size_t)q);
    if (!s->label || !s->node || !s->w || !s->alpha || !s->b_succ || !s->b_pred) {
        rm_ringspec_free(s);
        return NULL;
    }
    for (int k = 0; k < q; k++) {
        s->label[k] = dupstr("");
        if (!s->label[k]) {
            rm_ringspec_free(s);
            return NULL;
        }
        s->node[k] = -1;
        s->w[k] = 1.0;
        s->alpha[k] = 1.0 / q;
        s->b_succ[k] = s->b_pred[k] = INFINITY;
    }
    s->dc_dw = NAN;
    s->t_step_per_dw = NAN;
    return s;
}

void rm_ringspec_free(rm_ringspec *s)
{
    if (!s)
        return;
    if (s->label)
        for (int k = 0; k < s->q; k++)
            free(s->label[k]);
    free(s->label);
    free(s->node);
    free(s->w);
    free(s->alpha);
    free(s->b_succ);
    free(s->b_pred);
    free(s);
}

static int set_label(rm_ringspec *s, int k, const char *l)
{
    char *d = dupstr(l ? l : "");
    if (!d)
        return -1;
    free(s->label[k]);
    s->label[k] = d;
    return 0;
}

/* a route's bandwidth: the route object's "bandwidth", > 0 (null = free) */
static rm_status route_bw(const char *path, int k, const char *key, json_t *e, int q, double *bw,
                          rm_error *err)
{
    json_t *r = json_object_get(e, key);
    if (!r || json_is_null(r)) {
        if (q > 1)
            return rm_error_set(err, RM_EINPUT, "%s: ring[%d].%s: missing (ring of %d hosts)",
                                path, k, key, q);
        *bw = INFINITY;
        return RM_OK;
    }
    json_t *b = json_object_get(r, "bandwidth");
    if (b && json_is_null(b)) {
        *bw = INFINITY;
        return RM_OK;
    }
    if (!b || !json_is_number(b) || !(json_number_value(b) > 0))
        return rm_error_set(err, RM_EINPUT,
                            "%s: ring[%d].%s.bandwidth: expected a number > 0 (Mb/s)", path, k,
                            key);
    *bw = json_number_value(b);
    return RM_OK;
}

rm_status rm_ringspec_read_json(const char *path, rm_ringspec **out, rm_error *err)
{
    *out = NULL;
    json_error_t je;
    json_t *root = json_load_file(path, 0, &je);
    if (!root)
        return rm_error_set(err, RM_EINPUT, "%s:%d:%d: %s", path, je.line, je.column, je.text);
    rm_status st = RM_OK;
    rm_ringspec *s = NULL;
    json_t *top = root, *shared = json_object_get(root, "shared");
    int from_both = !json_object_get(root, "ring") && json_is_object(shared);
    if (from_both)
        top = shared; /* --heuristic both: SharedRing's mapping */
    json_t *ring = json_object_get(top, "ring");
    if (!json_is_array(ring) || json_array_size(ring) < 1) {
        st = rm_error_set(err, RM_EINPUT, "%s: \"ring\": expected a non-empty array", path);
        goto done;
    }
    int q = (int)json_array_size(ring);
    s = rm_ringspec_new(q);
    if (!s) {
        st = rm_error_set(err, RM_ENOMEM, "%s: out of memory", path);
        goto done;
    }
    double asum = 0;
    for (int k = 0; k < q; k++) {
        json_t *e = json_array_get(ring, (size_t)k);
        if (!json_is_object(e)) {
            st = rm_error_set(err, RM_EINPUT, "%s: ring[%d]: expected an object", path, k);
            goto done;
        }
        json_t *jw = json_object_get(e, "w"), *ja = json_object_get(e, "alpha");
        if (!json_is_number(jw) || !(json_number_value(jw) > 0) ||
            !isfinite(json_number_value(jw))) {
            st = rm_error_set(err, RM_EINPUT,
                              "%s: ring[%d].w: expected a cycle-time > 0 (s/Mflop)", path, k);
            goto done;
        }
        if (!json_is_number(ja) || !(json_number_value(ja) >= 0)) {
            st = rm_error_set(err, RM_EINPUT, "%s: ring[%d].alpha: expected a number >= 0",
                              path, k);
            goto done;
        }
        s->w[k] = json_number_value(jw);
        s->alpha[k] = json_number_value(ja);
        asum += s->alpha[k];
        json_t *jl = json_object_get(e, "label"), *jn = json_object_get(e, "node");
        if (set_label(s, k, json_is_string(jl) ? json_string_value(jl) : "")) {
            st = rm_error_set(err, RM_ENOMEM, "%s: out of memory", path);
            goto done;
        }
        s->node[k] = json_is_integer(jn) ? (long)json_integer_value(jn) : -1;
        if ((st = route_bw(path, k, "succ", e, q, &s->b_succ[k], err)) ||
            (st = route_bw(path, k, "pred", e, q, &s->b_pred[k], err)))
            goto done;
    }
    if (fabs(asum - 1.0) > 1e-6) {
        st = rm_error_set(err, RM_EINPUT, "%s: ring[].alpha: sum is %.9g, expected 1", path,
                          asum);
        goto done;
    }
    s->from_both = from_both;
    json_t *par = json_object_get(top, "params"), *t = json_object_get(top, "t_step_per_dw");
    json_t *dc = par ? json_object_get(par, "dc_dw") : NULL;
    if (json_is_number(dc))
        s->dc_dw = json_number_value(dc);
    if (json_is_number(t))
        s->t_step_per_dw = json_number_value(t);
done:
    json_decref(root);
    if (st) {
        rm_ringspec_free(s);
        return st;
    }
    *out = s;
    return RM_OK;
}

rm_status rm_ringspec_from_weights(const char *list, rm_ringspec **out, rm_error *err)
{
    *out = NULL;
    if (!list || !*list)
        return rm_error_set(err, RM_EINPUT, "--weights: empty list");
    int q = 1;
    for (const char *c = list; *c; c++)
        q += *c == ',';
    rm_ringspec *s = rm_ringspec_new(q);
    if (!s)
        return rm_error_set(err, RM_ENOMEM, "--weights: out of memory");
    const char *p = list;
    double inv = 0;
    for (int k = 0; k < q; k++) {
        char *end;
        errno = 0;
        double v = strtod(p, &end);
        if (end == p || errno || !isfinite(v) || v <= 0 || (*end != ',' && *end != '\0')) {
            rm_ringspec_free(s);
            return rm_error_set(err, RM_EINPUT,
                                "--weights: item %d of \"%s\": expected a cycle-time > 0", k + 1,
                                list);
        }
        s->w[k] = v;
        inv += 1.0 / v;
        p = end + 1;
    }
    for (int k = 0; k < q; k++) {
        char buf[32];
        snprintf(buf, sizeof buf, "P%d", k);
        if (set_label(s, k, buf)) {
            rm_ringspec_free(s);
            return rm_error_set(err, RM_ENOMEM, "--weights: out of memory");
        }
        s->alpha[k] = (1.0 / s->w[k]) / inv;
    }
    s->dc_dw = 0.0;
    s->t_step_per_dw = 1.0 / inv;
    *out = s;
    return RM_OK;
}

rm_status rm_ringspec_from_mapping(const rm_platform *p, const rm_mapping *m, rm_ringspec **out,
                                   rm_error *err)
{
    *out = NULL;
    rm_ringspec *s = rm_ringspec_new(m->q);
    if (!s)
        return rm_error_set(err, RM_ENOMEM, "ring spec: out of memory");
    for (int k = 0; k < m->q; k++) {
        const rm_node *nd = &p->nodes[m->ring[k]];
        if (set_label(s, k, nd->label)) {
            rm_ringspec_free(s);
            return rm_error_set(err, RM_ENOMEM, "ring spec: out of memory");
        }
        s->node[k] = nd->id;
        s->w[k] = nd->w;
        s->alpha[k] = m->alpha[k];
        if (m->q > 1) {
            s->b_succ[k] = m->succ[k].bandwidth;
            s->b_pred[k] = m->pred[k].bandwidth;
        }
    }
    s->dc_dw = m->dc_dw;
    s->t_step_per_dw = m->t_step_per_dw;
    *out = s;
    return RM_OK;
}

void rm_ringspec_costs(const rm_ringspec *s, double *C)
{
    for (int k = 0; k < s->q; k++)
        C[k] = s->q == 1 ? 0.0 : 1.0 / s->b_succ[k] + 1.0 / s->b_pred[k];
}
