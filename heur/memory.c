/*
 * memory.c — the heuristics' up-front memory check (heur/heur.h): a
 * platform whose all-pairs tables exceed the machine's physical memory is
 * refused with RM_ELIMIT (the user's limit, exit 2) before any work,
 * instead of failing an allocation (RM_ENOMEM, exit 1) or swapping.
 */
#define _DEFAULT_SOURCE /* sysconf(_SC_PHYS_PAGES) */
#include "heur/heur.h"

#include <math.h>
#include <unistd.h>

rm_status rmi_pair_tables_fit(const char *what, int H, double bytes, rm_error *err)
{
    long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
    double ram = pages > 0 && page > 0 ? (double)pages * (double)page : INFINITY;
    if (bytes <= ram)
        return RM_OK;
    return rm_error_set(err, RM_ELIMIT,
                        "%s needs tables over every pair of the %d hosts: about %.3g GiB, more "
                        "than this machine's %.3g GiB of memory (docs/scale.md)",
                        what, H, bytes / 1073741824.0, ram / 1073741824.0);
}
