/*
 * dynamic_cols.c — rmi_mapping_tstep_columns (ring/dynamic_cols.h): the
 * printed prediction of a ring of one route latency over many steps with
 * the run's whole columns (bw/fluid_ring.h).
 */
#include "ring/dynamic_cols.h"
#include "ring/args.h"
#include "bw/fluid_ring.h"
#include "ringmap/shares.h"

#include <limits.h>
#include <math.h>
#include <stdlib.h>

/* Steps of the ring run as a fluid (the pace is that of the second half). */
#define COLS_STEPS 40
/* Rings up to this size (a max-min solution per flow event). */
#define COLS_MAX_Q 256
/* Relative distance under which two route latencies are one. */
#define COLS_SAME_LAT 1e-9

rm_status rmi_mapping_tstep_columns(const rm_network *net, rm_mapping *m, long long columns,
                                    rm_error *err)
{
    rm_status st = rmi_mapping_args_check(net, m, "rmi_mapping_tstep_columns", err);
    if (st)
        return st;
    int q = m->q;
    /* the ring fluid runs blocking steps (compute, then exchange): under the
       overlap model the one-step valuation stays */
    if (m->cost.overlap || !isfinite(m->t_step_per_dw_dynamic) || !m->c_dynamic || q < 2 ||
        q > COLS_MAX_Q ||
        columns < q || columns > LONG_MAX || !(m->cost.dc > 0.0) || !(m->cost.dc_dw > 0.0))
        return RM_OK;
    rm_route *routes = malloc((size_t)(2 * q) * sizeof *routes);
    double *lat = malloc((size_t)(2 * q) * sizeof *lat), *comp = malloc((size_t)q * sizeof *comp);
    double *cd = malloc((size_t)q * sizeof *cd);
    long *cols = malloc((size_t)q * sizeof *cols);
    if (!routes || !lat || !comp || !cd || !cols) {
        st = rm_error_set(err, RM_ENOMEM, "rmi_mapping_tstep_columns: out of memory (q = %d)", q);
        goto out;
    }
    rmi_mapping_flows(net, m, routes, lat);
    for (int f = 1; f < 2 * q; f++)
        if (fabs(lat[f] - lat[0]) > COLS_SAME_LAT * lat[0])
            goto out; /* latencies differ: the one-step valuation stays */
    rm_error e2 = {RM_OK, ""};
    if (rm_mapping_units(net, m, (long)columns, 1, cols, &e2) != RM_OK)
        goto out; /* no allocation of these columns: the one-step valuation stays */
    double dw = m->cost.dc / m->cost.dc_dw; /* D_w, Mflop */
    for (int k = 0; k < q; k++)
        comp[k] = (double)cols[k] / (double)columns * dw * net->platform->nodes[m->ring[k]].w;
    double pace;
    if ((st = rmi_bw_fluid_ring(net, q, routes, lat, m->cost.dc, comp, COLS_STEPS, &pace, err)))
        goto out;
    if (!isfinite(pace))
        goto out;
    for (int k = 0; k < q; k++)
        cd[k] = fmax(0.0, pace - comp[k]) / m->cost.dc;
    free(m->c_dynamic);
    m->c_dynamic = cd;
    cd = NULL;
    m->t_step_per_dw_dynamic = pace / dw;
out:
    free(routes);
    free(lat);
    free(comp);
    free(cd);
    free(cols);
    return st;
}
