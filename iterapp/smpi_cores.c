/*
 * smpi_cores.c — under SimGrid SMPI only: say when the mapping iterapp runs
 * was computed with ringmap's multi-core default (w = 1e6 / (speed x cores),
 * one multi-threaded rank per host) while iterapp's ranks are
 * single-threaded (each computes at one core's speed): the prediction then
 * undercounts the computation by the core count (docs/simgrid.md, "Core
 * count"). Not built into the Open MPI iterapp (no SimGrid host to ask).
 */
#include "iterapp/smpi_cores.h"

#include <math.h>
#include <simgrid/host.h>

/* For each ring host found on SMPI's platform by its label: w of the
 * mapping against 1e6 / (speed x cores) (several cores) — equal to 1e-9
 * relative: computed with the multi-core default. Writes one line to out
 * when some host is; returns the number of such hosts. O(q). */
int rm_smpi_check_cores(const rm_ringspec *spec, FILE *out)
{
    int n = 0, first = -1, cores = 1;
    for (int k = 0; k < spec->q; k++) {
        sg_host_t h = spec->label[k][0] ? sg_host_by_name(spec->label[k]) : NULL;
        if (!h)
            continue;
        int c = sg_host_core_count(h);
        double sp = sg_host_get_speed(h);
        if (c < 2 || !(sp > 0))
            continue;
        double wm = 1e6 / (sp * c);
        if (fabs(spec->w[k] - wm) <= 1e-9 * wm) {
            if (first < 0) {
                first = k;
                cores = c;
            }
            n++;
        }
    }
    if (n && out)
        fprintf(out,
                "iterapp: the mapping takes %d host(s) at speed x cores (e.g. %s: %d cores), "
                "ringmap's default for one multi-threaded rank per host; iterapp's ranks are "
                "single-threaded (one core each): the prediction is too low; map with "
                "--one-core\n",
                n, spec->label[first], cores);
    return n;
}
