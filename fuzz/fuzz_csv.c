/*
 * fuzz_csv.c — libFuzzer target of the measured-input reader
 * (topo/io/csv.c, rm_platform_read_matrices): the input holds the bandwidth
 * matrix, the speeds and optionally the latency matrix, separated by form
 * feeds ('\f', a byte CSV files do not use): "BW\fSPEEDS[\fLATENCIES]". The
 * reader must return RM_OK with a valid platform (every host labelled, every
 * bandwidth > 0 and latency >= 0 finite, mapped by SharedRing and SliceRing
 * with max_q = 4 into mappings that pass rm_mapping_check), or
 * RM_EINPUT/RM_ELIMIT/RM_ENOMEM with a message and no platform
 * (fuzz_common.h). Unit options and the --symmetric mode vary with a hash of
 * the input.
 * Seeds: fuzz/seeds/csv/; kept crashes: fuzz/regressions/fuzz_csv/.
 */
#include "fuzz/fuzz_common.h"

#include <math.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > FUZZ_MAX_INPUT)
        return 0;
    /* the parts */
    const char *part[3] = {(const char *)data, NULL, NULL};
    size_t len[3] = {size, 0, 0};
    int n = 1;
    for (size_t i = 0; i < size && n < 3; i++)
        if (data[i] == '\f') {
            len[n - 1] = (size_t)((const char *)data + i - part[n - 1]);
            part[n] = (const char *)data + i + 1;
            len[n] = size - i - 1;
            n++;
        }
    if (n < 2)
        return 0; /* no speeds: not an input of the reader */
    static const char empty[1] = {0};
    FILE *f[3] = {NULL, NULL, NULL};
    for (int k = 0; k < n; k++) {
        /* fmemopen of 0 bytes fails on some libcs: an empty part reads "" */
        f[k] = len[k] ? fmemopen((void *)part[k], len[k], "rb") : fmemopen((void *)empty, 1, "rb");
        if (!f[k])
            abort();
        if (!len[k])
            fgetc(f[k]); /* consume the NUL: empty stream */
    }
    unsigned v = fuzz_variant(data, size);
    static const char *const bw_units[] = {NULL, "Mb/s", "GB/s", "bogus"};
    static const char *const sp_units[] = {NULL, "Gflop/s", "s/Mflop", "Mb/s"};
    static const char *const lat_units[] = {NULL, "ms", "us", "Mflop/s"};
    rm_matrix_options mo;
    rm_matrix_options_init(&mo);
    mo.bandwidth_unit = bw_units[(v >> 3) & 3];
    mo.speed_unit = sp_units[(v >> 5) & 3];
    mo.symmetric = (rm_symmetric)((v >> 9) % 6); /* 5: out of range, refused */
    mo.warn = rm_warn_silent;
    rm_platform *p = NULL;
    rm_error err = {RM_OK, ""};
    rm_status st = rm_platform_read_matrices(f[0], "bw.csv", n > 2 ? f[2] : NULL, "lat.csv", f[1],
                                             "speeds.csv", &mo, lat_units[(v >> 7) & 3], &p, &err);
    for (int k = 0; k < n; k++)
        fclose(f[k]);
    const char *what = "rm_platform_read_matrices";
    fuzz_expect_status(what, st, &err);
    fuzz_expect_message(what, st, &err);
    if (st != RM_OK) {
        if (p) {
            fprintf(stderr, "fuzz: %s failed but returned a platform\n", what);
            abort();
        }
        return 0;
    }
    if (!p)
        abort();
    fuzz_check_platform(p);
    if (p->n_nodes != p->n_hosts) {
        fprintf(stderr, "fuzz: a measured platform with routers\n");
        abort();
    }
    for (int l = 0; l < p->n_links; l++)
        if (!(p->links[l].bandwidth > 0) || !isfinite(p->links[l].bandwidth) ||
            !(p->links[l].latency >= 0) || !isfinite(p->links[l].latency)) {
            fprintf(stderr, "fuzz: link %d: bandwidth %g, latency %g\n", l, p->links[l].bandwidth,
                    p->links[l].latency);
            abort();
        }
    fuzz_map_platform(p, v);
    rm_platform_free(p);
    return 0;
}
