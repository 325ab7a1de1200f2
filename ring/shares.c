/*
 * shares.c — a mapping's work shares as integer units and as part sizes
 * (include/ringmap/shares.h): the optimal integer allocation of Boulet et
 * al. 1999 and Casanova, ICS 632 with the route costs of eq. (1) of Legrand et al. 2004 (include/ringmap/alloc.h), and
 * alpha as Zoltan/METIS relative part sizes.
 */
#include "ring/args.h"
#include "ringmap/alloc.h"
#include "ringmap/shares.h"

#include <math.h>
#include <stdlib.h>

/* w (cycle-times) and C (route costs) of the ring positions of m, in two
 * freshly allocated arrays (freed by the caller). */
static rm_status ring_w_c(const rm_network *net, const rm_mapping *m, double **w, double **C,
                          rm_error *err)
{
    *w = malloc((size_t)m->q * sizeof(double));
    *C = malloc((size_t)m->q * sizeof(double));
    if (!*w || !*C) {
        free(*w);
        free(*C);
        *w = *C = NULL;
        return rm_error_set(err, RM_ENOMEM, "out of memory for the work units");
    }
    for (int k = 0; k < m->q; k++)
        (*w)[k] = net->platform->nodes[m->ring[k]].w;
    rm_mapping_costs(net, m, *C);
    return RM_OK;
}

rm_status rm_mapping_units(const rm_network *net, const rm_mapping *m, long n_units,
                           long min_units, long *units, rm_error *err)
{
    rm_status ast = rmi_mapping_args_check(net, m, "rm_mapping_units", err); /* ring/args.h */
    if (ast)
        return ast;
    if (!units)
        return rm_error_set(err, RM_EINVAL, "rm_mapping_units: units is NULL");
    if (n_units < 0 || min_units < 0)
        return rm_error_set(err, RM_EINPUT,
                            "rm_mapping_units: work units: expected n_units >= 0 and min_units "
                            ">= 0, got %ld and %ld", n_units, min_units);
    if (min_units > 0 && (long)m->q > n_units / min_units)
        return rm_error_set(err, RM_EINPUT,
                            "rm_mapping_units: work units: n_units = %ld cannot give min_units "
                            "= %ld to each of the %d ring positions", n_units, min_units, m->q);
    double *w, *C;
    rm_status st = ring_w_c(net, m, &w, &C, err);
    if (st)
        return st;
    /* alphas of eq. (1)'s balance valued under overlap (RM_ALPHA_ADDITIVE):
       the integer allocation of that balance, the additive model's */
    if (m->alphas == RM_ALPHA_ADDITIVE)
        st = rm_alloc_columns(m->q, w, C, m->cost.dc_dw, n_units, min_units, units, err);
    else
        st = rm_alloc_columns_model(m->q, w, C, &m->cost, n_units, min_units, units, err);
    free(w);
    free(C);
    return st;
}

double rm_mapping_units_tstep(const rm_network *net, const rm_mapping *m, long n_units,
                              const long *units)
{
    if (!units || n_units < 1 || rmi_mapping_args_check(net, m, "rm_mapping_units_tstep", NULL))
        return NAN;
    double *w, *C;
    if (ring_w_c(net, m, &w, &C, NULL))
        return NAN;
    double t = 0;
    for (int k = 0; k < m->q; k++) {
        double tk = m->cost.overlap /* the overlap model (rm_host_time) */
                        ? rm_host_time(&m->cost, (double)units[k] / (double)n_units, w[k], C[k])
                        : (double)units[k] * w[k] / (double)n_units + m->cost.dc_dw * C[k];
        if (tk > t)
            t = tk;
    }
    free(w);
    free(C);
    return t;
}

rm_status rm_mapping_part_sizes(const rm_mapping *m, int len, int *part_ids, float *part_sizes,
                                rm_error *err)
{
    if (!m || !part_sizes)
        return rm_error_set(err, RM_EINVAL, "rm_mapping_part_sizes: %s is NULL",
                            !m ? "the mapping" : "part_sizes");
    if (m->q < 1 || !m->alpha)
        return rm_error_set(err, RM_EINVAL, "rm_mapping_part_sizes: mapping of ring size %d%s",
                            m->q, m->alpha ? "" : " without alphas");
    if (len < m->q)
        return rm_error_set(err, RM_EINPUT,
                            "rm_mapping_part_sizes: part sizes: len = %d leaves room for %d "
                            "parts, the ring has %d", len, len, m->q);
    for (int k = 0; k < m->q; k++) {
        if (part_ids)
            part_ids[k] = k;
        part_sizes[k] = (float)m->alpha[k];
    }
    return RM_OK;
}
