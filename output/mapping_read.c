/*
 * mapping_read.c — the one reader of the mapping JSON
 * (include/ringmap/mapping_json.h): strict, every element checked and named
 * in the message, used by export-simgrid and iterapp.
 */
#include "ringmap/mapping_json.h"
#include "ringmap/output.h" /* rm_enum_name */
#include "topo/input_file.h"

#include <jansson.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

void rm_mapping_doc_free(rm_mapping_doc *d)
{
    if (!d)
        return;
    for (int k = 0; d->ring && k < d->q; k++) {
        free(d->ring[k].label);
        free(d->ring[k].succ.nodes);
        free(d->ring[k].succ.links);
        free(d->ring[k].pred.nodes);
        free(d->ring[k].pred.links);
    }
    free(d->ring);
    free(d->host_cost_dynamic);
    free(d->columns);
    free(d);
}

/* A finite number (integer or real) into *x; else 0. */
static int finite_number(json_t *j, double *x)
{
    if (!json_is_number(j))
        return 0;
    *x = json_number_value(j);
    return isfinite(*x);
}

/* An integer that fits in long (GML ids): 1 and *v, else 0. */
static int integer_long(json_t *j, long *v)
{
    if (!json_is_integer(j))
        return 0;
    json_int_t x = json_integer_value(j);
    if (x < LONG_MIN || x > LONG_MAX)
        return 0;
    *v = (long)x;
    return 1;
}

static rm_status read_route(const char *name, int k, const char *key, json_t *e, long from,
                            long to, rm_mapping_doc_route *r, rm_error *err)
{
    json_t *jr = json_object_get(e, key);
    if (!json_is_object(jr))
        return rm_error_set(err, RM_EINPUT,
                            "%s: ring[%d].%s: expected a route object {\"nodes\", \"links\", "
                            "\"bandwidth\"}",
                            name, k, key);
    json_t *jn = json_object_get(jr, "nodes"), *jl = json_object_get(jr, "links");
    json_t *jb = json_object_get(jr, "bandwidth");
    size_t nl = json_is_array(jl) ? json_array_size(jl) : 0;
    if (!json_is_array(jn) || !json_is_array(jl) || nl < 1 || nl > INT_MAX / 2 ||
        json_array_size(jn) != nl + 1)
        return rm_error_set(err, RM_EINPUT,
                            "%s: ring[%d].%s: expected \"nodes\" (k+1 GML node ids) and \"links\" "
                            "(k >= 1 link indices)",
                            name, k, key);
    r->n_links = (int)nl;
    r->nodes = malloc(sizeof(long) * (nl + 1));
    r->links = malloc(sizeof(int) * nl);
    if (!r->nodes || !r->links)
        return rm_error_set(err, RM_ENOMEM, "%s: out of memory", name);
    for (size_t i = 0; i <= nl; i++)
        if (!integer_long(json_array_get(jn, i), &r->nodes[i]))
            return rm_error_set(err, RM_EINPUT,
                                "%s: ring[%d].%s.nodes[%zu]: expected an integer GML node id",
                                name, k, key, i);
    for (size_t i = 0; i < nl; i++) {
        long l;
        if (!integer_long(json_array_get(jl, i), &l) || l < 0 || l > INT_MAX / 2)
            return rm_error_set(err, RM_EINPUT,
                                "%s: ring[%d].%s.links[%zu]: expected a link index >= 0", name, k,
                                key, i);
        r->links[i] = (int)l;
    }
    if (r->nodes[0] != from || r->nodes[nl] != to)
        return rm_error_set(err, RM_EINPUT,
                            "%s: ring[%d].%s: the route goes from node %ld to node %ld, expected "
                            "%ld to %ld",
                            name, k, key, r->nodes[0], r->nodes[nl], from, to);
    if (json_is_null(jb))
        r->bandwidth = INFINITY;
    else if (!finite_number(jb, &r->bandwidth) || !(r->bandwidth > 0))
        return rm_error_set(err, RM_EINPUT,
                            "%s: ring[%d].%s.bandwidth: expected a finite number > 0 (Mb/s) or "
                            "null",
                            name, k, key);
    json_t *jlat = json_object_get(jr, "latency"); /* written with --latency */
    r->latency = 0.0;
    if (jlat && (!finite_number(jlat, &r->latency) || !(r->latency >= 0)))
        return rm_error_set(err, RM_EINPUT,
                            "%s: ring[%d].%s.latency: expected a finite number >= 0 (s)", name, k,
                            key);
    return RM_OK;
}

static int cmp_long(const void *a, const void *b)
{
    long x = *(const long *)a, y = *(const long *)b;
    return (x > y) - (x < y);
}

/* the ring's nodes: integer GML ids, each once (the routes' ends are checked
   against them) */
static rm_status read_nodes(json_t *ring, const char *name, rm_mapping_doc *d, rm_error *err)
{
    int q = d->q;
    long *sorted = malloc(sizeof(long) * (size_t)q);
    if (!sorted)
        return rm_error_set(err, RM_ENOMEM, "%s: out of memory", name);
    rm_status st = RM_OK;
    for (int k = 0; k < q && !st; k++) {
        json_t *e = json_array_get(ring, (size_t)k);
        if (!json_is_object(e))
            st = rm_error_set(err, RM_EINPUT, "%s: ring[%d]: expected an object", name, k);
        else if (!integer_long(json_object_get(e, "node"), &d->ring[k].node))
            st = rm_error_set(err, RM_EINPUT, "%s: ring[%d].node: expected an integer GML node id",
                              name, k);
        else
            sorted[k] = d->ring[k].node;
    }
    if (!st) {
        qsort(sorted, (size_t)q, sizeof(long), cmp_long);
        for (int k = 1; k < q && !st; k++)
            if (sorted[k] == sorted[k - 1]) {
                int first = -1, second = -1;
                for (int j = 0; j < q && second < 0; j++)
                    if (d->ring[j].node == sorted[k]) {
                        if (first < 0)
                            first = j;
                        else
                            second = j;
                    }
                st = rm_error_set(err, RM_EINPUT,
                                  "%s: ring[%d].node: node %ld is already ring[%d]; a ring visits "
                                  "each host once",
                                  name, second, sorted[k], first);
            }
    }
    free(sorted);
    return st;
}

/* each ring position's label, cycle-time, share and routes; *asum the sum of
   the shares */
static rm_status read_hosts(json_t *ring, const char *name, rm_mapping_doc *d, double *asum,
                            rm_error *err)
{
    int q = d->q;
    rm_status st = RM_OK;
    for (int k = 0; k < q && !st; k++) {
        json_t *e = json_array_get(ring, (size_t)k);
        rm_mapping_doc_host *h = &d->ring[k];
        json_t *jl = json_object_get(e, "label");
        if (jl && !json_is_string(jl)) {
            st = rm_error_set(err, RM_EINPUT, "%s: ring[%d].label: expected a string", name, k);
            break;
        }
        const char *l = jl ? json_string_value(jl) : "";
        h->label = malloc(strlen(l) + 1);
        if (!h->label) {
            st = rm_error_set(err, RM_ENOMEM, "%s: out of memory", name);
            break;
        }
        strcpy(h->label, l);
        if (!finite_number(json_object_get(e, "w"), &h->w) || !(h->w > 0)) {
            st = rm_error_set(err, RM_EINPUT,
                              "%s: ring[%d].w: expected a finite cycle-time > 0 (s/Mflop)", name,
                              k);
            break;
        }
        if (!finite_number(json_object_get(e, "alpha"), &h->alpha) || !(h->alpha >= 0)) {
            st = rm_error_set(err, RM_EINPUT, "%s: ring[%d].alpha: expected a finite number >= 0",
                              name, k);
            break;
        }
        *asum += h->alpha;
        if (q > 1) {
            long succ = d->ring[(k + 1) % q].node, pred = d->ring[(k + q - 1) % q].node;
            if ((st = read_route(name, k, "succ", e, h->node, succ, &h->succ, err)) ||
                (st = read_route(name, k, "pred", e, h->node, pred, &h->pred, err)))
                break;
        } else {
            h->succ.bandwidth = h->pred.bandwidth = INFINITY;
            for (int s = 0; s < 2 && !st; s++) {
                json_t *r = json_object_get(e, s ? "pred" : "succ");
                if (r && !json_is_null(r))
                    st = rm_error_set(err, RM_EINPUT,
                                      "%s: ring[0].%s: expected null (a ring of one host has no "
                                      "route)",
                                      name, s ? "pred" : "succ");
            }
        }
    }
    return st;
}

/* params: D_c/D_w, D_c, the latency and parallel-send flags, the overlap model
   and the network model */
static rm_status read_params(json_t *top, const char *name, rm_mapping_doc *d, rm_error *err)
{
    json_t *par = json_object_get(top, "params");
    json_t *dc = json_is_object(par) ? json_object_get(par, "dc_dw") : NULL;
    if (dc && !json_is_null(dc) && (!finite_number(dc, &d->cost.dc_dw) || !(d->cost.dc_dw >= 0)))
        return rm_error_set(err, RM_EINPUT,
                            "%s: params.dc_dw: expected a finite number >= 0 (Mb/Mflop)", name);
    json_t *jdc = json_is_object(par) ? json_object_get(par, "dc") : NULL; /* with --latency */
    if (jdc && !json_is_null(jdc) && (!finite_number(jdc, &d->cost.dc) || !(d->cost.dc >= 0)))
        return rm_error_set(err, RM_EINPUT, "%s: params.dc: expected a finite number >= 0 (Mb)",
                            name);
    const char *flags[2] = {"latency", "parallel_send"};
    int *fv[2] = {&d->cost.latency, &d->cost.parallel_send};
    for (int i = 0; i < 2; i++) {
        json_t *f = json_is_object(par) ? json_object_get(par, flags[i]) : NULL;
        if (f && !json_is_boolean(f))
            return rm_error_set(err, RM_EINPUT, "%s: params.%s: expected true or false", name,
                                flags[i]);
        *fv[i] = f && json_is_true(f);
    }
    /* the overlap model's boundary fraction (absent: the additive model) */
    json_t *jo = json_is_object(par) ? json_object_get(par, "overlap") : NULL;
    if (jo && !json_is_null(jo)) {
        if (!finite_number(jo, &d->cost.overlap_boundary) ||
            !(d->cost.overlap_boundary >= 0.0 && d->cost.overlap_boundary <= 1.0))
            return rm_error_set(err, RM_EINPUT,
                                "%s: params.overlap: expected the boundary fraction, a number in "
                                "[0, 1]",
                                name);
        d->cost.overlap = 1;
    }
    /* its absolute boundary b/D_w (absent: the fraction above) */
    json_t *jb = json_is_object(par) ? json_object_get(par, "overlap_boundary_dw") : NULL;
    if (jb && !json_is_null(jb)) {
        if (!d->cost.overlap)
            return rm_error_set(err, RM_EINPUT,
                                "%s: params.overlap_boundary_dw needs params.overlap (the overlap "
                                "model)",
                                name);
        if (!finite_number(jb, &d->cost.overlap_boundary_dw) ||
            !(d->cost.overlap_boundary_dw >= 0.0 && d->cost.overlap_boundary_dw <= 1.0) ||
            (d->cost.overlap_boundary_dw > 0.0 && d->cost.overlap_boundary != 0.0))
            return rm_error_set(err, RM_EINPUT,
                                "%s: params.overlap_boundary_dw: expected the absolute boundary "
                                "b/D_w, a number in [0, 1], with params.overlap 0",
                                name);
    }
    /* the network model (absent: reserved, the only model before 1.2) */
    json_t *jn = json_is_object(par) ? json_object_get(par, "network") : NULL;
    d->network = RM_NETWORK_RESERVED;
    if (jn && !json_is_null(jn)) {
        int v;
        if (!json_is_string(jn) || rm_enum_from_name(RM_ENUM_NETWORK, json_string_value(jn), &v))
            return rm_error_set(err, RM_EINPUT,
                                "%s: params.network: expected \"reserved\" or \"fair\"", name);
        d->network = (rm_network_model)v;
    }
    return RM_OK;
}

/* the hosts' costs in the one-step fluid valuation: on every position or none */
static rm_status read_dynamic(json_t *ring, const char *name, rm_mapping_doc *d, rm_error *err)
{
    int q = d->q;
    int n_dyn = 0;
    for (int k = 0; k < q; k++)
        n_dyn += json_object_get(json_array_get(ring, (size_t)k), "host_cost_dynamic") != NULL;
    if (n_dyn == 0)
        return RM_OK;
    if (!(d->host_cost_dynamic = malloc((size_t)q * sizeof *d->host_cost_dynamic)))
        return rm_error_set(err, RM_ENOMEM, "%s: out of memory", name);
    for (int k = 0; k < q; k++) {
        json_t *c = json_object_get(json_array_get(ring, (size_t)k), "host_cost_dynamic");
        if (!c)
            return rm_error_set(err, RM_EINPUT,
                                "%s: ring[%d].host_cost_dynamic: missing (other positions have it)",
                                name, k);
        if (!finite_number(c, &d->host_cost_dynamic[k]) || !(d->host_cost_dynamic[k] >= 0))
            return rm_error_set(err, RM_EINPUT,
                                "%s: ring[%d].host_cost_dynamic: expected a finite number >= 0 "
                                "(s/Mb)",
                                name, k);
    }
    return RM_OK;
}

/* the run's whole columns (ring[k].columns, written with --cols): integers
 * >= 1 on every position or none, their sum at most 2^53 */
static rm_status read_columns(json_t *ring, const char *name, rm_mapping_doc *d, rm_error *err)
{
    int q = d->q, n = 0;
    for (int k = 0; k < q; k++)
        n += json_object_get(json_array_get(ring, (size_t)k), "columns") != NULL;
    if (n == 0)
        return RM_OK;
    if (!(d->columns = malloc((size_t)q * sizeof *d->columns)))
        return rm_error_set(err, RM_ENOMEM, "%s: out of memory", name);
    long long sum = 0;
    for (int k = 0; k < q; k++) {
        json_t *c = json_object_get(json_array_get(ring, (size_t)k), "columns");
        if (!c)
            return rm_error_set(err, RM_EINPUT,
                                "%s: ring[%d].columns: missing (other positions have it)", name, k);
        json_int_t v = json_is_integer(c) ? json_integer_value(c) : 0;
        if (v < 1 || v > (1LL << 53) - sum)
            return rm_error_set(err, RM_EINPUT,
                                "%s: ring[%d].columns: expected an integer >= 1 (the run's whole "
                                "columns, at most 2^53 in all)",
                                name, k);
        sum += v;
        d->columns[k] = (long)v;
    }
    return RM_OK;
}

static rm_status read_doc(json_t *root, const char *name, rm_mapping_doc *d, rm_error *err)
{
    if (!json_is_object(root))
        return rm_error_set(err, RM_EINPUT, "%s: expected a JSON object (the mapping of "
                                            "`ringmap --json`)", name);
    /* a --heuristic both document: {"shared": ..., "slice": ...} (output/names.c) */
    json_t *top = root;
    json_t *shared = json_object_get(root, rm_enum_name(RM_ENUM_HEURISTIC, RM_HEUR_SHARED));
    if (!json_object_get(root, "ring") && json_is_object(shared)) {
        /* --heuristic both: the ring it hands on ("handed_on", since 1.2;
           SharedRing's before) */
        top = shared;
        const char *h = json_string_value(json_object_get(root, "handed_on"));
        json_t *hm = h ? json_object_get(root, h) : NULL;
        if (json_is_object(hm))
            top = hm;
        d->from_both = 1;
    }
    json_t *ring = json_object_get(top, "ring");
    if (!json_is_array(ring) || json_array_size(ring) < 1 || json_array_size(ring) > INT_MAX / 4)
        return rm_error_set(err, RM_EINPUT, "%s: \"ring\": expected a non-empty array", name);
    int q = (int)json_array_size(ring);
    d->ring = calloc((size_t)q, sizeof *d->ring);
    if (!d->ring)
        return rm_error_set(err, RM_ENOMEM, "%s: out of memory", name);
    d->q = q;
    double asum = 0;
    rm_status st = read_nodes(ring, name, d, err);
    if (!st)
        st = read_hosts(ring, name, d, &asum, err);
    if (!st && !(fabs(asum - 1.0) <= 1e-6))
        st = rm_error_set(err, RM_EINPUT, "%s: ring[].alpha: sum is %.9g, expected 1", name, asum);
    if (st)
        return st;
    d->cost.dc_dw = d->t_step_per_dw = NAN;
    if ((st = read_params(top, name, d, err)))
        return st;
    json_t *t = json_object_get(top, "t_step_per_dw");
    if (t && !json_is_null(t) && (!finite_number(t, &d->t_step_per_dw) || !(d->t_step_per_dw > 0)))
        return rm_error_set(err, RM_EINPUT,
                            "%s: t_step_per_dw: expected a finite number > 0 (s/Mflop)", name);
    if ((st = read_dynamic(ring, name, d, err)))
        return st;
    return read_columns(ring, name, d, err);
}

static rm_status finish(json_t *root, const json_error_t *je, const char *name,
                        rm_mapping_doc **out, rm_error *err)
{
    if (!root)
        return rm_error_set(err, RM_EINPUT, "%s:%d:%d: %s", name, je->line, je->column, je->text);
    rm_mapping_doc *d = calloc(1, sizeof *d);
    rm_status st = d ? read_doc(root, name, d, err)
                     : rm_error_set(err, RM_ENOMEM, "%s: out of memory", name);
    json_decref(root);
    if (st) {
        rm_mapping_doc_free(d);
        return st;
    }
    *out = d;
    return RM_OK;
}

rm_status rm_mapping_read_json(const char *path, rm_mapping_doc **out, rm_error *err)
{
    if (out)
        *out = NULL;
    if (!path || !out)
        return rm_error_set(err, RM_EINVAL, "rm_mapping_read_json: %s is NULL",
                            !path ? "path" : "out");
    FILE *f = rmi_input_fopen(path, err); /* a regular file of bounded size */
    if (!f)
        return err ? err->status : RM_EINPUT;
    json_error_t je;
    json_t *root = json_loadf(f, JSON_REJECT_DUPLICATES, &je);
    fclose(f);
    return finish(root, &je, path, out, err);
}

rm_status rm_mapping_parse_json(const char *text, size_t len, const char *name,
                                rm_mapping_doc **out, rm_error *err)
{
    if (out)
        *out = NULL;
    if (!text || !out)
        return rm_error_set(err, RM_EINVAL, "rm_mapping_parse_json: %s is NULL",
                            !text ? "text" : "out");
    if (!name)
        name = "<mapping JSON>";
    json_error_t je;
    json_t *root = json_loadb(text, len, JSON_REJECT_DUPLICATES, &je);
    return finish(root, &je, name, out, err);
}
