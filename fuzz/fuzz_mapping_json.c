/*
 * fuzz_mapping_json.c — libFuzzer target of the mapping-JSON reader
 * (rm_mapping_parse_json, what rm_mapping_read_json, export-simgrid and
 * iterapp read; a property check). The reader must return RM_OK with a
 * document that keeps its promises (q >= 1, hosts distinct, w finite > 0,
 * alphas >= 0 summing to 1, routes of n_links >= 1 hops from the host to
 * its neighbour with bandwidth > 0), or RM_EINPUT/RM_ENOMEM with a message
 * and no document. An accepted document is written back as JSON with
 * jansson and read again: the same document (property check).
 */
#include "fuzz/fuzz_common.h"

#include <jansson.h>
#include <math.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check_doc(const rm_mapping_doc *d)
{
    if (!d || d->q < 1 || !d->ring)
        abort();
    double sum = 0.0;
    for (int k = 0; k < d->q; k++) {
        const rm_mapping_doc_host *h = &d->ring[k];
        if (!h->label || !(h->w > 0) || !isfinite(h->w) || !(h->alpha >= 0) || !isfinite(h->alpha))
            abort();
        sum += h->alpha;
        for (int j = 0; j < k; j++)
            if (d->ring[j].node == h->node)
                abort(); /* a host twice */
        if (d->q == 1)
            continue;
        const rm_mapping_doc_route *r[2] = {&h->succ, &h->pred};
        const long nb[2] = {d->ring[(k + 1) % d->q].node, d->ring[(k + d->q - 1) % d->q].node};
        for (int s = 0; s < 2; s++) {
            if (r[s]->n_links < 1 || !r[s]->nodes || !r[s]->links)
                abort();
            if (r[s]->nodes[0] != h->node || r[s]->nodes[r[s]->n_links] != nb[s])
                abort();
            if (!(r[s]->bandwidth > 0) || !(r[s]->latency >= 0) || !isfinite(r[s]->latency))
                abort();
        }
    }
    if (!(fabs(sum - 1.0) <= 1e-6))
        abort();
    if (!(d->cost.dc >= 0) || !isfinite(d->cost.dc) || !(isnan(d->cost.dc_dw) || d->cost.dc_dw >= 0))
        abort();
}

/* The document as JSON again (the fields the reader takes). */
static char *doc_json(const rm_mapping_doc *d)
{
    json_t *root = json_object(), *ring = json_array();
    json_object_set_new(root, "ring", ring);
    json_t *par = json_object();
    json_object_set_new(root, "params", par);
    if (!isnan(d->cost.dc_dw))
        json_object_set_new(par, "dc_dw", json_real(d->cost.dc_dw));
    if (d->cost.dc != 0.0)
        json_object_set_new(par, "dc", json_real(d->cost.dc));
    json_object_set_new(par, "latency", json_boolean(d->cost.latency));
    json_object_set_new(par, "parallel_send", json_boolean(d->cost.parallel_send));
    if (!isnan(d->t_step_per_dw))
        json_object_set_new(root, "t_step_per_dw", json_real(d->t_step_per_dw));
    for (int k = 0; k < d->q; k++) {
        const rm_mapping_doc_host *h = &d->ring[k];
        json_t *e = json_object();
        json_object_set_new(e, "node", json_integer(h->node));
        json_object_set_new(e, "label", json_string(h->label));
        json_object_set_new(e, "w", json_real(h->w));
        json_object_set_new(e, "alpha", json_real(h->alpha));
        for (int s = 0; s < 2 && d->q > 1; s++) {
            const rm_mapping_doc_route *r = s ? &h->pred : &h->succ;
            json_t *o = json_object(), *jn = json_array(), *jl = json_array();
            for (int i = 0; i <= r->n_links; i++)
                json_array_append_new(jn, json_integer(r->nodes[i]));
            for (int i = 0; i < r->n_links; i++)
                json_array_append_new(jl, json_integer(r->links[i]));
            json_object_set_new(o, "nodes", jn);
            json_object_set_new(o, "links", jl);
            json_object_set_new(o, "bandwidth",
                                isinf(r->bandwidth) ? json_null() : json_real(r->bandwidth));
            json_object_set_new(o, "latency", json_real(r->latency));
            json_object_set_new(e, s ? "pred" : "succ", o);
        }
        json_array_append_new(ring, e);
    }
    char *text = json_dumps(root, JSON_COMPACT | JSON_REAL_PRECISION(17));
    json_decref(root);
    return text;
}

static int same_doc(const rm_mapping_doc *a, const rm_mapping_doc *b)
{
    if (a->q != b->q || a->cost.latency != b->cost.latency || a->cost.dc != b->cost.dc ||
        a->cost.parallel_send != b->cost.parallel_send)
        return 0;
    for (int k = 0; k < a->q; k++) {
        const rm_mapping_doc_host *x = &a->ring[k], *y = &b->ring[k];
        if (x->node != y->node || strcmp(x->label, y->label) || x->w != y->w ||
            x->alpha != y->alpha)
            return 0;
        for (int s = 0; s < 2 && a->q > 1; s++) {
            const rm_mapping_doc_route *r = s ? &x->pred : &x->succ, *t = s ? &y->pred : &y->succ;
            if (r->n_links != t->n_links || r->bandwidth != t->bandwidth ||
                r->latency != t->latency)
                return 0;
            for (int i = 0; i <= r->n_links; i++)
                if (r->nodes[i] != t->nodes[i] || (i < r->n_links && r->links[i] != t->links[i]))
                    return 0;
        }
    }
    return 1;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > FUZZ_MAX_INPUT)
        return 0;
    rm_mapping_doc *d = NULL;
    rm_error err = {RM_OK, ""};
    rm_status st = rm_mapping_parse_json((const char *)data, size, "<fuzz>", &d, &err);
    if (st != RM_OK) {
        if ((st != RM_EINPUT && st != RM_ENOMEM) || d || !err.msg[0]) {
            fprintf(stderr, "fuzz: rm_mapping_parse_json: status %d, doc %p: %s\n", (int)st,
                    (void *)d, err.msg);
            abort();
        }
        return 0;
    }
    check_doc(d);
    /* property: written back and read again, the same document */
    char *text = doc_json(d);
    if (text) {
        rm_mapping_doc *d2 = NULL;
        rm_error e2 = {RM_OK, ""};
        if (rm_mapping_parse_json(text, strlen(text), "<round trip>", &d2, &e2) != RM_OK) {
            fprintf(stderr, "fuzz: the document written back is refused: %s\n%s\n", e2.msg, text);
            abort();
        }
        if (!same_doc(d, d2)) {
            fprintf(stderr, "fuzz: the document written back reads as another one\n%s\n", text);
            abort();
        }
        rm_mapping_doc_free(d2);
        free(text);
    }
    rm_mapping_doc_free(d);
    return 0;
}
