/*
 * seed.c — from a ring mapping to DFPA in one call: the mapping's optimal
 * integer work units (Boulet et al. 1999 §3 with the route costs of Legrand
 * et al. 2004 eq. (1): rm_mapping_units) become the starting distribution of
 * a DFPA run (Lastovetsky and Reddy §2), with the ring's communication
 * times (rm_fpm_ring_comm) as its constant terms.
 */
#include "balance/balance_internal.h"

#include "ringmap/shares.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

rm_status rm_dfpa_seeded(int q, long n_units, const long *units, const double *comm,
                         const rm_dfpa_options *opt, rm_dfpa **out, rm_error *err)
{
    rm_dfpa_options o;
    if (opt)
        o = *opt;
    else
        rm_dfpa_options_init(&o);
    o.start = units;
    if (!o.comm)
        o.comm = comm;
    return rm_dfpa_new(q, n_units, &o, out, err);
}

rm_status rm_mapping_dfpa(const rm_network *net, const rm_mapping *m, long n_units, double dc,
                          const rm_dfpa_options *opt, long *units, rm_dfpa **out,
                          rm_error *err)
{
    if (out)
        *out = NULL;
    if (!net || !m || !out)
        return rm_error_set(err, RM_EINVAL, "rm_mapping_dfpa: %s is NULL",
                            !net ? "net" : !m ? "m" : "out");
    if (!isfinite(dc) || dc < 0)
        return rm_error_set(err, RM_EINPUT, "rm_mapping_dfpa: dc = %g Mb (need finite >= 0)", dc);
    if (m->q < 1)
        return rm_error_set(err, RM_EINVAL, "rm_mapping_dfpa: a ring of %d positions", m->q);
    long min_units = opt ? opt->min_units : 0;
    long *u = malloc((size_t)m->q * sizeof *u);
    double *comm = dc > 0 ? malloc((size_t)m->q * sizeof *comm) : NULL;
    if (!u || (dc > 0 && !comm)) {
        free(u);
        free(comm);
        return rm_error_set(err, RM_ENOMEM, "rm_mapping_dfpa: out of memory");
    }
    rm_status st = rm_mapping_units(net, m, n_units, min_units, u, err);
    if (!st && comm && !(opt && opt->comm))
        st = rm_fpm_ring_comm(net, m, dc, comm, err);
    /* a mapping of the overlap model: DFPA balances its host times
       (docs/balance.md, "DFPA under overlap"), unless opt says otherwise */
    rm_dfpa_options o;
    const rm_dfpa_options *use = opt;
    if (m->cost.overlap && !(opt && opt->overlap)) {
        if (opt)
            o = *opt;
        else
            rm_dfpa_options_init(&o);
        o.overlap = 1;
        o.overlap_boundary = m->cost.overlap_boundary;
        /* the absolute boundary b/D_w of the work, in units */
        o.overlap_boundary_units = m->cost.overlap_boundary_dw * (double)n_units;
        use = &o;
    }
    if (!st)
        st = rm_dfpa_seeded(m->q, n_units, u, comm, use, out, err);
    if (!st && units)
        memcpy(units, u, (size_t)m->q * sizeof *u);
    free(u);
    free(comm);
    return st;
}
