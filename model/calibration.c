/*
 * calibration.c — the factors of SMPI's default network model
 * (rm_smpi_factors, include/ringmap/model.h): SimGrid 3.32's defaults of
 * smpi/bw-factor and smpi/lat-factor, piecewise constant in the message
 * size.
 */
#include "ringmap/model.h"

#include <math.h>
#include <stddef.h>

/* SimGrid 3.32's default values of its configuration items smpi/bw-factor,
 * "65472:0.940694;
 * 15424:0.697866;9376:0.58729;5776:1.08739;3484:0.77493;1426:0.608902;
 * 732:0.341987;257:0.338112;0:0.812084", and smpi/lat-factor, "65472:11.6436;
 * 15424:3.48845;9376:2.59299;5776:2.18796;3484:1.88101;1426:1.61075;
 * 732:1.9503;257:1.95341;0:2.01467": the factor of the largest threshold
 * (bytes) <= the message's size. */
static const struct {
    double bytes, bw, lat;
} smpi_factors[] = {
    {65472, 0.940694, 11.6436}, {15424, 0.697866, 3.48845}, {9376, 0.58729, 2.59299},
    {5776, 1.08739, 2.18796},   {3484, 0.77493, 1.88101},   {1426, 0.608902, 1.61075},
    {732, 0.341987, 1.9503},    {257, 0.338112, 1.95341},   {0, 0.812084, 2.01467},
};

rm_status rm_smpi_factors(double dc, double *bw_factor, double *lat_factor, rm_error *err)
{
    if (!bw_factor || !lat_factor)
        return rm_error_set(err, RM_EINVAL, "rm_smpi_factors: %s is NULL",
                            bw_factor ? "lat_factor" : "bw_factor");
    if (!(isfinite(dc) && dc > 0.0))
        return rm_error_set(err, RM_EINPUT,
                            "the SMPI factors depend on the message size: give D_c > 0 (Mb; got %g)",
                            dc);
    double bytes = dc * 1e6 / 8.0;
    size_t n = sizeof smpi_factors / sizeof smpi_factors[0], k = 0;
    while (k + 1 < n && bytes < smpi_factors[k].bytes)
        k++;
    *bw_factor = smpi_factors[k].bw;
    *lat_factor = smpi_factors[k].lat;
    return RM_OK;
}
