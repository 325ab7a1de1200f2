/*
 * fpm_attr.c — rm_measure_fpm_parse of include/ringmap_measure.h, kept in
 * libringmap_mpi for its ABI: the parser itself is libringmap's
 * rm_fpm_parse_points (include/ringmap/balance.h), which does no MPI.
 */
#include "ringmap_measure.h"

rm_status rm_measure_fpm_parse(const char *fpm_x, const char *fpm_t, rm_fpm *m, rm_error *err)
{
    return rm_fpm_parse_points(fpm_x, fpm_t, m, err);
}
