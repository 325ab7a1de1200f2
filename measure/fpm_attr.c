/*
 * fpm_attr.c — a functional performance model (Lastovetsky and Reddy, rm_fpm of
 * include/ringmap/balance.h) from the node attributes fpm_x / fpm_t that
 * ringmap-measure writes (include/ringmap_measure.h). Apart from measure.c
 * because it needs the balance module (not in the SMPI build).
 */
#include "ringmap_measure.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>

rm_status rm_measure_fpm_parse(const char *fpm_x, const char *fpm_t, rm_fpm *m, rm_error *err)
{
    if (!fpm_x || !fpm_t || !m)
        return rm_error_set(err, RM_EINVAL, "rm_measure_fpm_parse: NULL argument");
    rm_fpm_clear(m);
    const char *a = fpm_x, *b = fpm_t;
    double last = 0;
    for (int k = 1;; k++) {
        char *ea, *eb;
        errno = 0;
        double x = strtod(a, &ea);
        int xe = errno;
        errno = 0;
        double t = strtod(b, &eb);
        int te = errno;
        int end_a = ea == a, end_b = eb == b;
        if (end_a || end_b) {
            while (*a == ' ' || *a == '\t')
                a++;
            while (*b == ' ' || *b == '\t')
                b++;
            if ((end_a && *a) || (end_b && *b))
                return rm_error_set(err, RM_EINPUT, "fpm_x/fpm_t: point %d: not a number", k);
            if (end_a && end_b && k > 1)
                return RM_OK;
            return rm_error_set(err, RM_EINPUT, "fpm_x/fpm_t: point %d: %s", k,
                                end_a && end_b ? "no point" : "not as many sizes as times");
        }
        if (xe || te || !isfinite(x) || !isfinite(t) || !(x > last) || !(t > 0))
            return rm_error_set(err, RM_EINPUT,
                                "fpm_x/fpm_t: point %d: size %g and time %g: sizes must be > 0 "
                                "and increasing, times > 0",
                                k, x, t);
        rm_status st = rm_fpm_add(m, x, t, NULL, err);
        if (st)
            return st;
        last = x;
        a = ea;
        b = eb;
    }
}
