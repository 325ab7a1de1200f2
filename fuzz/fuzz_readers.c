/*
 * fuzz_readers.c — libFuzzer targets of the platform readers.
 * Compiled once per format of the library's format table (topo/io/formats.def,
 * read by fuzz/CMakeLists.txt) with -DFUZZ_FORMAT='"name"' and
 * -DFUZZ_FORMAT_<NAME>: the input is the file's content, read with
 * rm_platform_read_format(path, FUZZ_FORMAT, ...) (the table's reader), or
 * for xml and tiers with the reader's _ex variant, which these targets also
 * check (SimGrid's counts; Tiers options); the reader
 * must return RM_OK with a valid platform, or RM_EINPUT/RM_ELIMIT/RM_ENOMEM
 * with a message and no platform; an accepted platform is then mapped by
 * SharedRing and SliceRing (max_q = 4) and the mapping must pass
 * rm_mapping_check (fuzz_common.h), its JSON must parse with jansson and
 * read back as the same ring, and the platform written as GML must read
 * back as the same platform (property checks). Reader options vary with a hash of the
 * input (host_w, default_bandwidth; Tiers host fraction and seed).
 */
#include "fuzz/fuzz_common.h"
#include "topo/io/readers.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Property: a platform a reader accepted, written as GML
 * (rmi_platform_write_gml) and read back by the GML reader, is the same
 * platform: directedness, nodes (host or router, w exactly), links (ends,
 * bandwidth, latency, backbone exactly). Fixed routes (SimGrid) are not part
 * of GML. Subnormal and huge values (1e-310, 1.7e308) take part: the writer
 * gives each number with the digits that read back to the same double
 * (%.15g to %.17g) and the GML reader reads subnormals
 * (topo/io/gml_subnormal.h). */
static void fuzz_gml_round_trip(const rm_platform *p)
{
    if (p->n_nodes > 4096 || p->n_links > FUZZ_MAX_LINKS)
        return;
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    if (!f)
        return;
    rm_error err = {RM_OK, ""};
    rm_status st = rmi_platform_write_gml(f, p, "fuzz round trip", &err);
    fclose(f);
    if (st != RM_OK) {
        fprintf(stderr, "fuzz: rmi_platform_write_gml failed: %s\n", err.msg);
        abort();
    }
    char path[64];
    fuzz_to_path((const uint8_t *)buf, len, path, sizeof path);
    rm_read_options ro;
    rm_read_options_init(&ro);
    ro.warn = rm_warn_silent; /* the inputs' warnings are not the fuzzer's output */
    rm_platform *q = NULL;
    st = rm_platform_read_gml(path, &ro, &q, &err);
    if (st != RM_OK) {
        fprintf(stderr, "fuzz: the GML written for an accepted platform does not read back: %s\n",
                err.msg);
        abort();
    }
    int same = q->directed == p->directed && q->n_nodes == p->n_nodes &&
               q->n_links == p->n_links && q->n_hosts == p->n_hosts;
    for (int v = 0; same && v < p->n_nodes; v++)
        same = q->nodes[v].is_host == p->nodes[v].is_host &&
               (!p->nodes[v].is_host || q->nodes[v].w == p->nodes[v].w);
    for (int l = 0; same && l < p->n_links; l++) {
        const rm_link *a = &p->links[l], *b = &q->links[l];
        /* an undirected link's ends in either order (igraph orders them) */
        same = ((a->source == b->source && a->target == b->target) ||
                (!p->directed && a->source == b->target && a->target == b->source)) &&
               a->bandwidth == b->bandwidth && a->latency == b->latency &&
               !a->backbone == !b->backbone;
    }
    if (!same) {
        fprintf(stderr, "fuzz: GML round trip gives another platform:\n%.*s\n", (int)len, buf);
        abort();
    }
    rm_platform_free(q);
    free(buf);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > FUZZ_MAX_INPUT)
        return 0;
    char path[64];
    unsigned v = fuzz_variant(data, size);
    rm_read_options ro;
    rm_read_options_init(&ro);
    ro.warn = rm_warn_silent; /* the inputs' warnings are not the fuzzer's output */
    if (v & 8)
        ro.host_w = 0.02;
    if (v & 16)
        ro.default_bandwidth = 100.0;
    rm_platform *p = NULL;
    rm_error err = {RM_OK, ""};
    rm_status st;
#ifndef FUZZ_FORMAT
#error "define FUZZ_FORMAT (a name of topo/io/formats.def) and FUZZ_FORMAT_<NAME>"
#endif
    fuzz_to_path(data, size, path, sizeof path);
#if defined(FUZZ_FORMAT_XML)
    rm_simgrid_info info;
    memset(&info, 0, sizeof info);
    st = rmi_platform_read_simgrid_ex(path, &ro, &p, &info, &err);
    const char *what = "rmi_platform_read_simgrid";
    /* SimGrid loads the file in a forked child (topo/io/simgrid.c): what is
     * fuzzed here is the parent side (file checks, version scan, the
     * child's stream, reachability, the platform built) on whatever
     * SimGrid makes of the input. A one-host platform is valid (it maps to
     * the single-host ring), so n_kept >= 1, not 2 (CI's fuzzing found
     * fuzz/regressions/fuzz_xml/one_host.xml aborting here). */
    if (st == RM_OK && (info.n_kept < 1 || info.n_kept > info.n_hosts || info.n_links < 0 ||
                        info.n_splitduplex > info.n_links || info.n_fatpipe > info.n_links ||
                        info.n_links + info.n_connections != p->n_links ||
                        p->n_hosts != info.n_kept))
        abort();
#elif defined(FUZZ_FORMAT_TIERS)
    rm_tiers_options to;
    rmi_tiers_options_init(&to);
    to.seed = v >> 5;
    static const double fractions[] = {0.3, 1.0, 0.01, 0.5};
    to.hosts_fraction = fractions[(v >> 5) & 3];
    st = rmi_platform_read_tiers_ex(path, &ro, &to, &p, &err);
    const char *what = "rmi_platform_read_tiers";
#else
    st = rm_platform_read_format(path, FUZZ_FORMAT, &ro, &p, &err);
    const char *what = "rm_platform_read_format(" FUZZ_FORMAT ")";
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
    fuzz_gml_round_trip(p);
    rm_platform_free(p);
    return 0;
}
