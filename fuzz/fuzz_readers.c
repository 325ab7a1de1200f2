/*
 * fuzz_readers.c — libFuzzer targets of the platform readers (issue 7).
 * Compiled once per reader with one of -DFUZZ_GML, -DFUZZ_SIMGRID,
 * -DFUZZ_TIERS, -DFUZZ_GRAPHML: the input is the file's content; the reader
 * must return RM_OK with a valid platform, or RM_EINPUT/RM_ELIMIT/RM_ENOMEM
 * with a message and no platform; an accepted platform is then mapped by
 * SharedRing and SliceRing (max_q = 4) and the mapping must pass
 * rm_mapping_check (fuzz_common.h). Reader options vary with a hash of the
 * input (host_w, default_bandwidth; Tiers host fraction and seed).
 */
#include "fuzz/fuzz_common.h"
#include "topo/readers.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > FUZZ_MAX_INPUT)
        return 0;
    char path[64];
    unsigned v = fuzz_variant(data, size);
    rm_read_options ro;
    rm_read_options_init(&ro);
    if (v & 8)
        ro.host_w = 0.02;
    if (v & 16)
        ro.default_bandwidth = 100.0;
    rm_platform *p = NULL;
    rm_error err = {RM_OK, ""};
    rm_status st;
#if defined(FUZZ_GML)
    fuzz_to_path(data, size, ".gml", path, sizeof path);
    st = rm_platform_read_gml(path, &ro, &p, &err);
    const char *what = "rm_platform_read_gml";
#elif defined(FUZZ_SIMGRID)
    fuzz_to_path(data, size, ".xml", path, sizeof path);
    rm_simgrid_info info;
    memset(&info, 0, sizeof info);
    st = rm_platform_read_simgrid_ex(path, &ro, &p, &info, &err);
    const char *what = "rm_platform_read_simgrid";
    /* SimGrid loads the file in a forked child (topo/simgrid.c): what is
     * fuzzed here is the parent side (file checks, version scan, the
     * child's stream, reachability, the platform built) on whatever
     * SimGrid makes of the input */
    if (st == RM_OK && (info.n_kept < 2 || info.n_kept > info.n_hosts || info.n_links < 0 ||
                        info.n_splitduplex > info.n_links || info.n_fatpipe > info.n_links ||
                        info.n_links + info.n_connections != p->n_links ||
                        p->n_hosts != info.n_kept))
        abort();
#elif defined(FUZZ_TIERS)
    fuzz_to_path(data, size, ".tiers", path, sizeof path);
    rm_tiers_options to;
    rm_tiers_options_init(&to);
    to.seed = v >> 5;
    static const double fractions[] = {0.3, 1.0, 0.01, 0.5};
    to.hosts_fraction = fractions[(v >> 5) & 3];
    st = rm_platform_read_tiers_ex(path, &ro, &to, &p, &err);
    const char *what = "rm_platform_read_tiers";
#elif defined(FUZZ_GRAPHML)
    fuzz_to_path(data, size, ".graphml", path, sizeof path);
    st = rm_platform_read_graphml(path, &ro, &p, &err);
    const char *what = "rm_platform_read_graphml";
#else
#error "define one of FUZZ_GML, FUZZ_SIMGRID, FUZZ_TIERS, FUZZ_GRAPHML"
#endif
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
    fuzz_map_platform(p, v);
    rm_platform_free(p);
    return 0;
}
