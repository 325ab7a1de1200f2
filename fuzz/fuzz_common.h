/*
 * fuzz_common.h — shared helpers of the libFuzzer targets: hand a
 * fuzz input to a reader that takes a path (through a memfd reached as
 * /proc/self/fd/N, no disk I/O), then run the mapper on what was read so the
 * network builder, SharedRing/SliceRing and the invariant checker are
 * fuzzed too. Any broken invariant or unexpected status aborts, which
 * libFuzzer reports as a crash.
 */
#ifndef RM_FUZZ_COMMON_H
#define RM_FUZZ_COMMON_H

#define _GNU_SOURCE
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "ringmap.h"

#include <jansson.h>
#include <math.h>

/* Largest platform the mapper is run on (keeps an execution in milliseconds). */
#define FUZZ_MAX_HOSTS 64
#define FUZZ_MAX_LINKS 4096
/* Largest input handed to a reader. */
#define FUZZ_MAX_INPUT (512 * 1024)

/* Write data to a memfd (created once, truncated each time) and put its
 * /proc path in path ("/proc/self/fd/N": no extension, so readers are
 * called by format name, rm_platform_read_format). Returns 0 on success.
 * The fd lives for the whole fuzzing process. */
static int fuzz_to_path(const uint8_t *data, size_t size, char *path, size_t path_size)
{
    static int fd = -1; /* one memfd per process: the fuzzer's own state, not the library's */
    if (fd < 0) {
        fd = memfd_create("ringmap-fuzz", 0);
        if (fd < 0) {
            perror("memfd_create");
            abort();
        }
    }
    if (ftruncate(fd, 0) != 0)
        abort();
    size_t done = 0;
    while (done < size) {
        ssize_t w = pwrite(fd, data + done, size - done, (off_t)done);
        if (w <= 0)
            abort();
        done += (size_t)w;
    }
    snprintf(path, path_size, "/proc/self/fd/%d", fd);
    return 0;
}

/* Statuses a reader may return on hostile input. Anything else (RM_EINTERNAL,
 * an out-of-range value) is a bug. */
static void fuzz_expect_status(const char *what, rm_status st, const rm_error *err)
{
    if (st == RM_OK || st == RM_EINPUT || st == RM_ELIMIT || st == RM_ENOMEM)
        return;
    fprintf(stderr, "fuzz: %s returned status %d (%s): %s\n", what, (int)st, rm_status_name(st),
            err->msg);
    abort();
}

/* A failure must come with a message. */
static void fuzz_expect_message(const char *what, rm_status st, const rm_error *err)
{
    if (st != RM_OK && err->msg[0] == '\0') {
        fprintf(stderr, "fuzz: %s failed (status %d) without a message\n", what, (int)st);
        abort();
    }
}

/* Check the platform invariants every reader promises (validated platform). */
static void fuzz_check_platform(const rm_platform *p)
{
    rm_error err = {RM_OK, ""};
    if (rm_platform_validate(p, &err) != RM_OK) {
        fprintf(stderr, "fuzz: a reader returned a platform that fails validation: %s\n", err.msg);
        abort();
    }
    if (p->n_hosts < 1 || !p->name)
        abort();
    for (int v = 0; v < p->n_nodes; v++)
        if (!p->nodes[v].label)
            abort();
}

/* Property: a mapping's JSON (rm_mapping_write_json)
 * parses with jansson, and the mapping-JSON reader (export-simgrid's,
 * iterapp's) takes it back as the same ring: q, nodes, w, alphas. */
static void fuzz_mapping_json_round_trip(const rm_network *net, const rm_options *opt,
                                         const rm_mapping *m)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    if (!f)
        return;
    rm_error err = {RM_OK, ""};
    rm_status st = rm_mapping_write_json(f, net, opt, m, &err);
    fclose(f);
    if (st != RM_OK) {
        fprintf(stderr, "fuzz: rm_mapping_write_json failed: %s\n", err.msg);
        abort();
    }
    json_error_t je;
    json_t *j = json_loadb(buf, len, JSON_REJECT_DUPLICATES, &je);
    if (!j) {
        fprintf(stderr, "fuzz: a mapping's JSON does not parse (jansson): %s at line %d\n", je.text,
                je.line);
        abort();
    }
    json_decref(j);
    rm_mapping_doc *d = NULL;
    if (rm_mapping_parse_json(buf, len, "<fuzz mapping>", &d, &err) != RM_OK) {
        fprintf(stderr, "fuzz: a mapping's JSON is refused by the mapping reader: %s\n", err.msg);
        abort();
    }
    int same = d->q == m->q;
    for (int k = 0; same && k < m->q; k++)
        same = d->ring[k].node == net->platform->nodes[m->ring[k]].id &&
               fabs(d->ring[k].w - net->platform->nodes[m->ring[k]].w) <= 1e-15 * d->ring[k].w &&
               fabs(d->ring[k].alpha - m->alpha[k]) <= 1e-12;
    if (!same) {
        fprintf(stderr, "fuzz: a mapping's JSON reads back as another ring\n%.*s\n", (int)len, buf);
        abort();
    }
    rm_mapping_doc_free(d);
    free(buf);
}

/* Run one heuristic with a small max_q and check the mapping (and its JSON). */
static void fuzz_run_heuristic(const rm_network *net, rm_heuristic h, rm_sharing sharing)
{
    rm_options opt;
    rm_options_init(&opt);
    opt.heuristic = h;
    opt.sharing = sharing;
    opt.max_q = 4;
    if (net->platform->n_latency_routes > 0) {
        /* routes with only a latency (a Vivaldi zone's hosts) are mapped
           under the latency model only (rmi_latency_routes_check refuses
           them without it: tested in tests/cli/simgrid_names.sh) */
        opt.cost.latency = 1;
        opt.cost.dc = 0.064;
    }
    rm_mapping *m = NULL;
    rm_error err = {RM_OK, ""};
    rm_status st = h == RM_HEUR_SLICE ? rm_slicering(net, &opt, &m, &err)
                                      : rm_sharedring(net, &opt, &m, &err);
    if (st == RM_OK) {
        if (!m)
            abort();
        rm_error cerr = {RM_OK, ""};
        if (rm_mapping_check(net, m, 1e-9, &cerr) != RM_OK) {
            fprintf(stderr, "fuzz: %s mapping fails rm_mapping_check: %s\n",
                    h == RM_HEUR_SLICE ? "SliceRing" : "SharedRing", cerr.msg);
            abort();
        }
        fuzz_mapping_json_round_trip(net, &opt, m);
        rm_mapping_free(m);
        return;
    }
    /* A validated platform and valid options: only a solver may give up. */
    if (st != RM_ESOLVER && st != RM_ENOMEM) {
        fprintf(stderr, "fuzz: %s failed on a valid platform with status %d (%s): %s\n",
                h == RM_HEUR_SLICE ? "SliceRing" : "SharedRing", (int)st, rm_status_name(st),
                err.msg);
        abort();
    }
    rm_mapping_free(m);
}

/* Map a platform that a reader accepted: network (both duplex models),
 * SharedRing and SliceRing with max_q = 4, rm_mapping_check on the result. */
static void fuzz_map_platform(const rm_platform *p, unsigned variant)
{
    fuzz_check_platform(p);
    if (p->n_hosts > FUZZ_MAX_HOSTS || p->n_links > FUZZ_MAX_LINKS)
        return;
    rm_network net;
    rm_error err = {RM_OK, ""};
    rm_duplex dup = (variant & 1) ? RM_DUPLEX_FULL : RM_DUPLEX_HALF;
    rm_status st = rm_network_init(&net, p, dup, &err);
    if (st != RM_OK) {
        if (st == RM_ENOMEM)
            return;
        fprintf(stderr, "fuzz: rm_network_init failed on a valid platform: %s\n", err.msg);
        abort();
    }
    static const rm_sharing sharings[] = {RM_SHARING_GREEDY, RM_SHARING_MAXMIN, RM_SHARING_EQ5};
    fuzz_run_heuristic(&net, RM_HEUR_SHARED, sharings[(variant >> 1) % 3]);
    fuzz_run_heuristic(&net, RM_HEUR_SLICE, RM_SHARING_GREEDY);
    rm_network_destroy(&net);
}

/* Cheap hash of the input, to vary the mapper's options deterministically. */
static unsigned fuzz_variant(const uint8_t *data, size_t size)
{
    unsigned h = 2166136261u;
    for (size_t i = 0; i < size; i++)
        h = (h ^ data[i]) * 16777619u;
    return h;
}

#endif
