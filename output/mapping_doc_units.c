/*
 * mapping_doc_units.c — the integer work units of a mapping read back from
 * its JSON (rm_mapping_doc), and DFPA seeded with them: the costs of eq. (1)
 * of Legrand et al. 2004 from the document's routes (bandwidth, latency) and
 * cost model, the optimal integer allocation of Boulet et al. 1999 §3 with
 * those costs as constant terms (rm_alloc_columns), as rm_mapping_units does
 * for a computed mapping.
 */
#include "ringmap/alloc.h"
#include "ringmap/balance.h"
#include "ringmap/mapping_json.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* C_k (s/Mb) of the document's q positions, as rm_mapping_costs. */
static void doc_costs(const rm_mapping_doc *d, double *C)
{
    for (int k = 0; k < d->q; k++) {
        if (d->q == 1) {
            C[k] = 0;
            continue;
        }
        const rm_mapping_doc_route *s = &d->ring[k].succ, *p = &d->ring[k].pred;
        double cs = rm_route_cost(s->bandwidth, s->latency, d->cost.latency, d->cost.dc);
        double cp = rm_route_cost(p->bandwidth, p->latency, d->cost.latency, d->cost.dc);
        C[k] = rm_host_cost(cs, cp, d->cost.parallel_send);
    }
}

static rm_status doc_check(const rm_mapping_doc *d, const char *fn, rm_error *err)
{
    if (!d || d->q < 1 || !d->ring)
        return rm_error_set(err, RM_EINVAL, "%s: no mapping document", fn);
    if (!isfinite(d->cost.dc_dw) || d->cost.dc_dw < 0)
        return rm_error_set(err, RM_EINPUT,
                            "%s: the document has no params.dc_dw (D_c/D_w), which the units "
                            "depend on",
                            fn);
    return RM_OK;
}

rm_status rm_mapping_doc_units(const rm_mapping_doc *d, long n_units, long min_units, long *units,
                               double *t_step_per_dw, rm_error *err)
{
    rm_status st = doc_check(d, "rm_mapping_doc_units", err);
    if (st)
        return st;
    if (!units)
        return rm_error_set(err, RM_EINVAL, "rm_mapping_doc_units: units is NULL");
    if (n_units < 0 || min_units < 0 || (min_units > 0 && (long)d->q > n_units / min_units))
        return rm_error_set(err, RM_EINPUT,
                            "rm_mapping_doc_units: %ld units cannot give %d positions %ld each",
                            n_units, d->q, min_units);
    double *w = malloc((size_t)d->q * sizeof *w), *C = malloc((size_t)d->q * sizeof *C);
    long *u = malloc((size_t)d->q * sizeof *u);
    if (!w || !C || !u) {
        free(w), free(C), free(u);
        return rm_error_set(err, RM_ENOMEM, "rm_mapping_doc_units: out of memory");
    }
    for (int k = 0; k < d->q; k++)
        w[k] = d->ring[k].w;
    doc_costs(d, C);
    /* the document's model: eq. (1), or the overlap model's host times */
    st = d->cost.overlap ? rm_alloc_columns_model(d->q, w, C, &d->cost, n_units, min_units, u, err)
                         : rm_alloc_columns(d->q, w, C, d->cost.dc_dw, n_units, min_units, u, err);
    if (!st) {
        if (t_step_per_dw) {
            double t = 0;
            for (int k = 0; k < d->q && n_units > 0; k++) {
                double tk = d->cost.overlap
                                ? rm_host_time(&d->cost, (double)u[k] / (double)n_units, w[k], C[k])
                                : (double)u[k] * w[k] / (double)n_units + d->cost.dc_dw * C[k];
                if (tk > t)
                    t = tk;
            }
            *t_step_per_dw = n_units > 0 ? t : NAN;
        }
        memcpy(units, u, (size_t)d->q * sizeof *u);
    }
    free(w), free(C), free(u);
    return st;
}

rm_status rm_mapping_doc_dfpa(const rm_mapping_doc *d, long n_units, double dc,
                              const rm_dfpa_options *opt, long *units, rm_dfpa **out,
                              rm_error *err)
{
    if (out)
        *out = NULL;
    rm_status st = doc_check(d, "rm_mapping_doc_dfpa", err);
    if (st)
        return st;
    if (!out)
        return rm_error_set(err, RM_EINVAL, "rm_mapping_doc_dfpa: out is NULL");
    if (!isfinite(dc) || dc < 0)
        return rm_error_set(err, RM_EINPUT, "rm_mapping_doc_dfpa: dc = %g Mb (need finite >= 0)",
                            dc);
    long *u = malloc((size_t)d->q * sizeof *u);
    double *comm = malloc((size_t)d->q * sizeof *comm);
    if (!u || !comm) {
        free(u), free(comm);
        return rm_error_set(err, RM_ENOMEM, "rm_mapping_doc_dfpa: out of memory");
    }
    st = rm_mapping_doc_units(d, n_units, opt ? opt->min_units : 0, u, NULL, err);
    if (!st) {
        doc_costs(d, comm);
        for (int k = 0; k < d->q; k++)
            comm[k] *= dc;
        rm_dfpa_options o; /* a document of the overlap model: DFPA under it */
        const rm_dfpa_options *use = opt;
        if (d->cost.overlap && !(opt && opt->overlap)) {
            if (opt)
                o = *opt;
            else
                rm_dfpa_options_init(&o);
            o.overlap = 1;
            o.overlap_boundary = d->cost.overlap_boundary;
            /* the absolute boundary b/D_w of the work, in units */
            o.overlap_boundary_units = d->cost.overlap_boundary_dw * (double)n_units;
            use = &o;
        }
        st = rm_dfpa_seeded(d->q, n_units, u, dc > 0 ? comm : NULL, use, out, err);
    }
    if (!st && units)
        memcpy(units, u, (size_t)d->q * sizeof *u);
    free(u), free(comm);
    return st;
}
