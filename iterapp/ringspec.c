/*
 * ringspec.c — reading a ring mapping for the runtime (ringspec.h): the
 * docs/cli.md JSON with jansson, a list of cycle-times, or an rm_mapping.
 */
#include "iterapp/ringspec.h"

#include <errno.h>
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

rm_ringspec *rmi_ringspec_new(int q)
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
    s->l_succ = calloc((size_t)q, sizeof(double));
    s->l_pred = calloc((size_t)q, sizeof(double));
    if (!s->label || !s->node || !s->w || !s->alpha || !s->b_succ || !s->b_pred || !s->l_succ ||
        !s->l_pred) {
        rmi_ringspec_free(s);
        return NULL;
    }
    for (int k = 0; k < q; k++) {
        s->label[k] = dupstr("");
        if (!s->label[k]) {
            rmi_ringspec_free(s);
            return NULL;
        }
        s->node[k] = -1;
        s->w[k] = 1.0;
        s->alpha[k] = 1.0 / q;
        s->b_succ[k] = s->b_pred[k] = INFINITY;
    }
    s->cost.dc_dw = NAN;
    s->t_step_per_dw = NAN;
    return s;
}

void rmi_ringspec_free(rm_ringspec *s)
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
    free(s->l_succ);
    free(s->l_pred);
    free(s->c_dyn);
    free(s->cols);
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

rm_status rmi_ringspec_read_json(const char *path, rm_ringspec **out, rm_error *err)
{
    *out = NULL;
    rm_mapping_doc *d = NULL; /* the one strict reader (include/ringmap/mapping_json.h) */
    rm_status st = rm_mapping_read_json(path, &d, err);
    if (st)
        return st;
    rm_ringspec *s = rmi_ringspec_new(d->q);
    if (!s) {
        rm_mapping_doc_free(d);
        return rm_error_set(err, RM_ENOMEM, "%s: out of memory", path);
    }
    for (int k = 0; k < d->q; k++) {
        const rm_mapping_doc_host *h = &d->ring[k];
        if (set_label(s, k, h->label)) {
            rmi_ringspec_free(s);
            rm_mapping_doc_free(d);
            return rm_error_set(err, RM_ENOMEM, "%s: out of memory", path);
        }
        s->node[k] = h->node;
        s->w[k] = h->w;
        s->alpha[k] = h->alpha;
        s->b_succ[k] = h->succ.bandwidth;
        s->b_pred[k] = h->pred.bandwidth;
        s->l_succ[k] = h->succ.latency;
        s->l_pred[k] = h->pred.latency;
    }
    s->from_both = d->from_both;
    s->cost = d->cost;
    s->t_step_per_dw = d->t_step_per_dw;
    s->c_dyn = d->host_cost_dynamic; /* taken over */
    d->host_cost_dynamic = NULL;
    s->cols = d->columns; /* taken over */
    d->columns = NULL;
    rm_mapping_doc_free(d);
    *out = s;
    return RM_OK;
}

rm_status rmi_ringspec_from_weights(const char *list, rm_ringspec **out, rm_error *err)
{
    *out = NULL;
    if (!list || !*list)
        return rm_error_set(err, RM_EINPUT, "--weights: empty list");
    int q = 1;
    for (const char *c = list; *c; c++)
        q += *c == ',';
    rm_ringspec *s = rmi_ringspec_new(q);
    if (!s)
        return rm_error_set(err, RM_ENOMEM, "--weights: out of memory");
    const char *p = list;
    double inv = 0;
    for (int k = 0; k < q; k++) {
        char *end;
        errno = 0;
        double v = strtod(p, &end);
        if (end == p || errno || !isfinite(v) || v <= 0 || (*end != ',' && *end != '\0')) {
            rmi_ringspec_free(s);
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
            rmi_ringspec_free(s);
            return rm_error_set(err, RM_ENOMEM, "--weights: out of memory");
        }
        s->alpha[k] = (1.0 / s->w[k]) / inv;
    }
    s->cost.dc_dw = 0.0;
    s->t_step_per_dw = 1.0 / inv;
    *out = s;
    return RM_OK;
}

rm_status rmi_ringspec_from_mapping(const rm_platform *p, const rm_mapping *m, rm_ringspec **out,
                                   rm_error *err)
{
    *out = NULL;
    rm_ringspec *s = rmi_ringspec_new(m->q);
    if (!s)
        return rm_error_set(err, RM_ENOMEM, "ring spec: out of memory");
    for (int k = 0; k < m->q; k++) {
        const rm_node *nd = &p->nodes[m->ring[k]];
        if (set_label(s, k, nd->label)) {
            rmi_ringspec_free(s);
            return rm_error_set(err, RM_ENOMEM, "ring spec: out of memory");
        }
        s->node[k] = nd->id;
        s->w[k] = nd->w;
        s->alpha[k] = m->alpha[k];
        if (m->q > 1) {
            s->b_succ[k] = m->succ[k].bandwidth;
            s->b_pred[k] = m->pred[k].bandwidth;
            /* arc a is a use of link a / 2 (rm_network) */
            for (int i = 0; i < m->succ[k].n_arcs; i++)
                s->l_succ[k] += p->links[m->succ[k].arcs[i] / 2].latency;
            for (int i = 0; i < m->pred[k].n_arcs; i++)
                s->l_pred[k] += p->links[m->pred[k].arcs[i] / 2].latency;
        }
    }
    s->cost = m->cost;
    /* the printed valuation (rm_mapping_tstep_printed; written out here:
       iterapp_smpi links only the reader's part of the library) */
    s->t_step_per_dw = isfinite(m->t_step_per_dw_dynamic) ? m->t_step_per_dw_dynamic
                                                          : m->t_step_per_dw;
    if (m->t_step_judged && m->t_step_simulated > 0.0 && m->cost.dc > 0.0 && m->cost.dc_dw > 0.0)
        s->t_step_per_dw = m->t_step_simulated * m->cost.dc_dw / m->cost.dc;
    if (m->c_dynamic) {
        if (!(s->c_dyn = malloc((size_t)m->q * sizeof *s->c_dyn))) {
            rmi_ringspec_free(s);
            return rm_error_set(err, RM_ENOMEM, "ring spec: out of memory");
        }
        for (int k = 0; k < m->q; k++)
            s->c_dyn[k] = m->c_dynamic[k];
    }
    *out = s;
    return RM_OK;
}

void rmi_ringspec_costs(const rm_ringspec *s, double *C)
{
    rmi_ringspec_costs_dc(s, NAN, C);
}

/* rm_route_cost and rm_host_cost of ring/mapping.c, repeated here so that
 * the SMPI build (iterapp/CMakeLists.txt, smpicc) needs no more sources */
void rmi_ringspec_costs_dc(const rm_ringspec *s, double dc, double *C)
{
    int lat = s->cost.latency && dc > 0 && isfinite(dc);
    for (int k = 0; k < s->q; k++) {
        if (s->q == 1) {
            C[k] = 0.0;
            continue;
        }
        double cs = 1.0 / s->b_succ[k], cp = 1.0 / s->b_pred[k];
        if (lat) {
            cs += s->l_succ[k] / dc;
            cp += s->l_pred[k] / dc;
        }
        C[k] = s->cost.parallel_send ? (cs > cp ? cs : cp) : cs + cp;
    }
}

double rmi_ringspec_cost_predicted(const rm_ringspec *s, double dc, const double *C, int k)
{
    if (s->c_dyn && s->cost.dc > 0 && fabs(dc - s->cost.dc) <= 1e-9 * s->cost.dc)
        return s->c_dyn[k];
    return C[k];
}
