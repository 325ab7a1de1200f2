/*
 * emulate.c — iterapp's emulation spec (balance_run.h): per ring position a
 * memory cliff (Lastovetsky and Reddy Fig. 4: paging) and a load change in time.
 */
#include "iterapp/balance_run.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

double rmi_emu_factor(const rm_emu_host *h, long cols, long step)
{
    double f = 1.0;
    if (!h)
        return f;
    if (h->cliff_cols > 0 && cols > h->cliff_cols)
        f *= h->cliff_factor;
    if (h->load_step >= 0 && step >= h->load_step)
        f *= h->load_factor;
    return f;
}

rm_status rmi_emu_spec_read(const char *path, const rm_ringspec *spec, rm_emu_host *hosts,
                           rm_error *err)
{
    for (int k = 0; k < spec->q; k++) {
        hosts[k].cliff_cols = 0;
        hosts[k].cliff_factor = 1.0;
        hosts[k].load_step = -1;
        hosts[k].load_factor = 1.0;
    }
    FILE *f = rm_input_open(path, err); /* a regular file of at most 256 MiB */
    if (!f)
        return err->status;
    char line[512];
    int ln = 0;
    rm_status st = RM_OK;
    while (!st && fgets(line, sizeof line, f)) {
        ln++;
        if (!strchr(line, '\n') && !feof(f)) {
            st = rm_error_set(err, RM_EINPUT, "%s:%d: line too long", path, ln);
            break;
        }
        char *hash = strchr(line, '#');
        if (hash)
            *hash = 0;
        char kw[32], pos[256], extra[8];
        double a, b;
        int got = sscanf(line, "%31s %255s %lf %lf %7s", kw, pos, &a, &b, extra);
        if (got <= 0)
            continue;
        if (got != 4 || (strcmp(kw, "cliff") && strcmp(kw, "load"))) {
            st = rm_error_set(err, RM_EINPUT,
                              "%s:%d: expected 'cliff POS X F' or 'load POS S F'", path, ln);
            break;
        }
        int k = -1;
        char *e;
        long v = strtol(pos, &e, 10);
        if (*e == 0 && e != pos && v >= 0 && v < spec->q)
            k = (int)v;
        for (int i = 0; k < 0 && i < spec->q; i++)
            if (spec->label[i][0] && !strcmp(spec->label[i], pos))
                k = i;
        if (k < 0) {
            st = rm_error_set(err, RM_EINPUT, "%s:%d: '%s' is not a ring position (0..%d) or host",
                              path, ln, pos, spec->q - 1);
            break;
        }
        if (!isfinite(a) || a < 0 || a != floor(a) || a > 1e15 || !isfinite(b) || b <= 0) {
            st = rm_error_set(err, RM_EINPUT,
                              "%s:%d: %s needs an integer >= 0 and a factor > 0", path, ln, kw);
            break;
        }
        if (!strcmp(kw, "cliff")) {
            hosts[k].cliff_cols = (long)a;
            hosts[k].cliff_factor = b;
        } else {
            hosts[k].load_step = (long)a;
            hosts[k].load_factor = b;
        }
        /* bounded emulation: a factor of 1e300 slept for ever */
        if (!(hosts[k].cliff_factor * hosts[k].load_factor <= RM_EMU_MAX_FACTOR)) {
            st = rm_error_set(err, RM_EINPUT,
                              "%s:%d: %s %s %.0f %g: position %d's factors (cliff %g x load %g) are "
                              "more than %g",
                              path, ln, kw, pos, a, b, k, hosts[k].cliff_factor,
                              hosts[k].load_factor, RM_EMU_MAX_FACTOR);
            break;
        }
    }
    fclose(f);
    return st;
}
