/*
 * ring_comm.c — the ring's communication term of Legrand et al. 2004 eq. (1) for the
 * partitioning by speed functions (kept apart from partition.c, which the
 * SMPI build of iterapp compiles without the mapping code).
 */
#include "balance/balance_internal.h"
#include "ring/args.h"

#include <math.h>
#include <stdlib.h>

rm_status rm_fpm_ring_comm(const rm_network *net, const rm_mapping *m, double dc, double *comm,
                           rm_error *err)
{
    rm_status ast = rmi_mapping_args_check(net, m, "rm_fpm_ring_comm", err); /* ring/args.h */
    if (ast)
        return ast;
    if (!comm)
        return rm_error_set(err, RM_EINVAL, "rm_fpm_ring_comm: comm is NULL");
    if (!isfinite(dc) || dc <= 0)
        return rm_error_set(err, RM_EINPUT, "ring communication: D_c = %g Mb (need finite > 0)", dc);
    double *C = malloc(sizeof *C * (size_t)(m->q > 0 ? m->q : 1));
    if (!C)
        return rm_error_set(err, RM_ENOMEM, "ring communication: out of memory");
    rm_mapping_costs(net, m, C);
    for (int k = 0; k < m->q; k++)
        comm[k] = dc * C[k];
    free(C);
    return RM_OK;
}
