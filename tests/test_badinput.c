/*
 * test_badinput.c — hostile and malformed platform files.
 *
 * Table-driven: tests/data/bad/MANIFEST.tsv lists every file of
 * tests/data/bad/ with the status rm_platform_read must return (EINPUT,
 * ELIMIT or OK) and a fragment its message must contain. For a refused
 * file the reader must return no platform and a message naming the file;
 * an accepted one must validate and map (SharedRing and SliceRing, max_q 4)
 * to a mapping that passes rm_mapping_check. The same table is run through
 * the command by tests/cli/badinput.sh (exit 2, message on stderr, nothing
 * on stdout).
 * Generated at run time in a temporary directory (too big to ship): GML
 * and Tiers files declaring a million nodes, GML nested 100000 lists deep,
 * a 1 MB label (valid file, label kept) and a long label in an error
 * message (truncated to the rm_error buffer, still naming the problem);
 * each must finish within a time bound with an error or a valid result.
 */
#define _POSIX_C_SOURCE 200809L
#include "ringmap.h"
#include "topo/io/readers.h"

#include "support.h"

#include <check.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define BAD_DIR RM_SOURCE_DIR "/tests/data/bad/"
#define MANIFEST BAD_DIR "MANIFEST.tsv"
#define MAX_ENTRIES 256

typedef struct bad_entry {
    char file[128];
    rm_status status;
    char fragment[256];
} bad_entry;

/* Parse MANIFEST.tsv: "file<TAB>STATUS<TAB>fragment", '#' comments. Returns
 * the number of entries (fails the test on a malformed line). */
static int load_manifest(bad_entry *e, int max)
{
    FILE *f = fopen(MANIFEST, "r");
    ck_assert_msg(f != NULL, "cannot open %s", MANIFEST);
    char line[1024];
    int n = 0, lineno = 0;
    while (fgets(line, sizeof line, f)) {
        lineno++;
        line[strcspn(line, "\r\n")] = '\0';
        if (line[0] == '#' || line[0] == '\0')
            continue;
        char *t1 = strchr(line, '\t');
        char *t2 = t1 ? strchr(t1 + 1, '\t') : NULL;
        ck_assert_msg(t1 && t2, "MANIFEST.tsv:%d: expected 3 tab-separated fields", lineno);
        *t1 = *t2 = '\0';
        ck_assert_int_lt(n, max);
        ck_assert_msg(strlen(line) < sizeof e[n].file && strlen(t2 + 1) < sizeof e[n].fragment,
                      "MANIFEST.tsv:%d: field too long", lineno);
        memcpy(e[n].file, line, strlen(line) + 1);
        memcpy(e[n].fragment, t2 + 1, strlen(t2 + 1) + 1);
        if (!strcmp(t1 + 1, "EINPUT"))
            e[n].status = RM_EINPUT;
        else if (!strcmp(t1 + 1, "ELIMIT"))
            e[n].status = RM_ELIMIT;
        else if (!strcmp(t1 + 1, "OK"))
            e[n].status = RM_OK;
        else
            ck_abort_msg("MANIFEST.tsv:%d: unknown status '%s'", lineno, t1 + 1);
        n++;
    }
    fclose(f);
    return n;
}

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts); /* CPU time: the bound holds on a loaded machine */
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* Map an accepted platform: both heuristics, max_q 4, invariants hold. */
static void map_and_check(const rm_platform *p, const char *what)
{
    rm_error err = {RM_OK, ""};
    ck_assert_msg(rm_platform_validate(p, &err) == RM_OK, "%s: %s", what, err.msg);
    rm_network net;
    ck_assert_msg(rm_network_init(&net, p, RM_DUPLEX_HALF, &err) == RM_OK, "%s: %s", what,
                  err.msg);
    for (int h = 0; h < 2; h++) {
        rm_options opt;
        rm_options_init(&opt);
        opt.max_q = 4;
        opt.heuristic = h ? RM_HEUR_SLICE : RM_HEUR_SHARED;
        rm_mapping *m = NULL;
        rm_status st = h ? rm_slicering(&net, &opt, &m, &err) : rm_sharedring(&net, &opt, &m, &err);
        ck_assert_msg(st == RM_OK, "%s: heuristic %d: %s", what, h, err.msg);
        ck_assert_msg(rm_mapping_check(&net, m, 1e-9, &err) == RM_OK, "%s: %s", what, err.msg);
        ck_assert_int_ge(m->q, 1);
        rm_mapping_free(m);
    }
    rm_network_destroy(&net);
}

/* The readers' warnings of one read, concatenated (a valid input: a link
 * too slow for the model is named in a warning). */
static char warnings[4096];

static void collect_warning(void *ctx, const char *msg)
{
    (void)ctx;
    size_t n = strlen(warnings);
    snprintf(warnings + n, sizeof warnings - n, "%s\n", msg);
}

/* Read path and compare with the expectation; returns the platform on RM_OK
 * (caller frees) — else NULL. For RM_OK a non-empty fragment must be in the
 * reader's warnings. */
static rm_platform *expect_read(const char *path, rm_status want, const char *fragment,
                                const char *name_in_msg)
{
    rm_platform *p = (rm_platform *)0x1; /* must be overwritten */
    rm_error err = {RM_OK, ""};
    rm_read_options ro;
    rm_read_options_init(&ro);
    ro.warn = collect_warning;
    warnings[0] = '\0';
    double t0 = now_s();
    rm_status st = rm_platform_read(path, &ro, &p, &err);
    double dt = now_s() - t0;
    ck_assert_msg(st == want, "%s: status %d (%s), expected %d; message: %s", path, (int)st,
                  rm_status_name(st), (int)want, err.msg);
    printf("%s: took %.1f s (CPU/wall time, not asserted: timings belong to bench/)\n", path, dt);
    if (want == RM_OK) {
        ck_assert_ptr_nonnull(p);
        ck_assert_ptr_ne(p, (rm_platform *)0x1);
        ck_assert_msg(!fragment || !fragment[0] || strstr(warnings, fragment),
                      "%s: accepted, but no warning with '%s' (warnings: %s)", path, fragment,
                      warnings);
        return p;
    }
    ck_assert_msg(p == NULL, "%s: failed but *out was not set to NULL", path);
    ck_assert_msg(err.status == want, "%s: err.status %d != returned %d", path, (int)err.status,
                  (int)st);
    ck_assert_msg(strstr(err.msg, fragment) != NULL, "%s: message lacks '%s': %s", path,
                  fragment, err.msg);
    if (name_in_msg)
        ck_assert_msg(strstr(err.msg, name_in_msg) != NULL, "%s: message does not name the file: %s",
                      path, err.msg);
    ck_assert_uint_lt(strlen(err.msg), sizeof err.msg);
    return NULL;
}

START_TEST(manifest_table)
{
    static bad_entry e[MAX_ENTRIES];
    int n = load_manifest(e, MAX_ENTRIES);
    ck_assert_msg(n >= 30, "only %d entries in MANIFEST.tsv (the table keeps >= 30)", n);
    int n_refused = 0, n_formats[64] = {0}; /* per format of the library's table */
    for (int i = 0; i < n; i++) {
        char path[4096];
        int len = snprintf(path, sizeof path, "%s%s", BAD_DIR, e[i].file);
        ck_assert_msg(len > 0 && (size_t)len < sizeof path, "path too long: %s", e[i].file);
        struct stat sb;
        ck_assert_msg(stat(path, &sb) == 0, "%s listed in MANIFEST.tsv is missing", e[i].file);
        rm_platform *p = expect_read(path, e[i].status, e[i].fragment, e[i].file);
        if (p) {
            map_and_check(p, e[i].file);
            rm_platform_free(p);
        } else {
            n_refused++;
        }
        const rm_platform_format *f = rm_platform_format_of_path(e[i].file);
        ck_assert_msg(f && !f->needs_speeds, "%s: not the extension of a platform format", e[i].file);
        for (int k = 0; k < 64 && rm_platform_format_at(k); k++)
            n_formats[k] += rm_platform_format_at(k) == f;
    }
    ck_assert_int_ge(n_refused, 30);
    const rm_platform_format *f;
    for (int k = 0; k < 64 && (f = rm_platform_format_at(k)); k++)
        ck_assert_msg(f->needs_speeds || n_formats[k] >= 4, "format %s has only %d bad files",
                      f->name, n_formats[k]);
}
END_TEST

/* Every file of tests/data/bad/ is in the table (none forgotten). */
START_TEST(manifest_complete)
{
    static bad_entry e[MAX_ENTRIES];
    int n = load_manifest(e, MAX_ENTRIES);
    DIR *d = opendir(BAD_DIR);
    ck_assert_ptr_nonnull(d);
    struct dirent *de;
    int files = 0;
    while ((de = readdir(d))) {
        if (de->d_name[0] == '.' || !strcmp(de->d_name, "MANIFEST.tsv") ||
            !strcmp(de->d_name, "README.md"))
            continue;
        files++;
        int found = 0;
        for (int i = 0; i < n && !found; i++)
            found = !strcmp(e[i].file, de->d_name);
        ck_assert_msg(found, "tests/data/bad/%s is not listed in MANIFEST.tsv", de->d_name);
    }
    closedir(d);
    ck_assert_int_eq(files, n);
}
END_TEST

/* ------------------------------------------------------ generated files */

typedef struct tmpdir {
    char dir[64];
    char path[128];
} tmpdir;

static FILE *tmp_open(tmpdir *t, const char *name)
{
    snprintf(t->dir, sizeof t->dir, "/tmp/rm_test_badinput_XXXXXX");
    ck_assert_ptr_nonnull(mkdtemp(t->dir));
    snprintf(t->path, sizeof t->path, "%s/%s", t->dir, name);
    FILE *f = fopen(t->path, "w");
    ck_assert_ptr_nonnull(f);
    return f;
}

static void tmp_remove(tmpdir *t)
{
    unlink(t->path);
    rmdir(t->dir);
}

/* Valid inputs: subnormal GraphML values (double- and string-typed,
 * igraph's reader refused "1e-310") are read onto the right elements: nodes
 * found by their GraphML id (an edge naming "b" and "a" before they are
 * declared makes igraph number them b = 0, a = 1), edges by position; a link
 * below 1e-140 Mb/s is named in one warning and left out of routing. */
START_TEST(graphml_subnormal_values)
{
    tmpdir t;
    FILE *f = tmp_open(&t, "sub.graphml");
    fputs("<?xml version=\"1.0\"?>\n"
          "<graphml xmlns=\"http://graphml.graphdrawing.org/xmlns\">\n"
          "<key id=\"w\" for=\"node\" attr.name=\"w\" attr.type=\"double\"/>\n"
          "<key id=\"b\" for=\"edge\" attr.name=\"bandwidth\" attr.type=\"double\"/>\n"
          "<key id=\"l\" for=\"edge\" attr.name=\"latency\" attr.type=\"string\"/>\n"
          "<graph id=\"G\" edgedefault=\"undirected\">\n"
          "<edge source=\"b\" target=\"a\"><data key=\"b\">10</data><data key=\"l\">4.9e-324</data></edge>\n"
          "<node id=\"a\"><data key=\"w\">1</data></node>\n"
          "<node id=\"b\"><data key=\"w\">2</data></node>\n"
          "<node id=\"c\"><data key=\"w\">3</data></node>\n"
          "<edge source=\"a\" target=\"c\"><data key=\"b\"> 2e-310 </data></edge>\n"
          "<edge source=\"b\" target=\"c\"><data key=\"b\">1e-300</data><data key=\"l\">0.5</data></edge>\n"
          "<edge source=\"a\" target=\"c\"><data key=\"b\">5</data></edge>\n"
          "</graph>\n</graphml>\n",
          f);
    fclose(f);
    rm_platform *p = expect_read(t.path, RM_OK, "2 links with a bandwidth below 1e-140 Mb/s", NULL);
    ck_assert(strstr(warnings, "link 1 (c -- a) 2e-310 Mb/s, link 2 (c -- b) 1e-300 Mb/s") != NULL);
    ck_assert_int_eq(p->n_links, 4);
    ck_assert_double_eq(p->links[0].bandwidth, 10.0);
    ck_assert_double_eq(p->links[0].latency, 4.9e-324);
    ck_assert_double_eq(p->links[1].bandwidth, 2e-310);
    ck_assert_double_eq(p->links[2].bandwidth, 1e-300);
    ck_assert_double_eq(p->links[2].latency, 0.5);
    ck_assert_double_eq(p->links[3].bandwidth, 5.0);
    for (int v = 0; v < 3; v++) /* w by label, whatever igraph's order */
        ck_assert_double_eq(p->nodes[v].w, p->nodes[v].label[0] == 'a' ? 1.0 : p->nodes[v].label[0] == 'b' ? 2.0 : 3.0);
    /* routing: a -- c only by link 3 (5 Mb/s); b reaches a by link 0 */
    rm_network net;
    rm_error err = {RM_OK, ""};
    ck_assert_int_eq(rm_network_init(&net, p, RM_DUPLEX_HALF, &err), RM_OK);
    for (int l = 1; l <= 2; l++)
        ck_assert(net.arc_res[2 * l] < 0 && net.arc_res[2 * l + 1] < 0);
    ck_assert(net.arc_res[0] >= 0 && net.arc_res[6] >= 0);
    int a = -1, c = -1;
    for (int v = 0; v < 3; v++) {
        if (p->nodes[v].label[0] == 'a')
            a = v;
        if (p->nodes[v].label[0] == 'c')
            c = v;
    }
    rm_route r = {0};
    ck_assert_int_eq(rm_widest_route(&net, NULL, a, c, &r, &err), RM_OK);
    ck_assert_int_eq(r.n_arcs, 1);
    ck_assert_int_eq(net.arc_link[r.arcs[0]], 3);
    ck_assert_double_eq(r.bandwidth, 5.0);
    rm_route_clear(&r);
    map_and_check(p, "sub.graphml");
    rm_network_destroy(&net);
    rm_platform_free(p);
    tmp_remove(&t);
}
END_TEST

/* A GML file declaring a million nodes (all hosts, no links): refused as
 * disconnected, quickly. */
START_TEST(million_nodes_gml)
{
    tmpdir t;
    FILE *f = tmp_open(&t, "million.gml");
    fputs("graph [\n  directed 0\n", f);
    for (int i = 0; i < 1000000; i++)
        fprintf(f, "  node [ id %d w 1 ]\n", i);
    fputs("]\n", f);
    fclose(f);
    double t0 = now_s();
    expect_read(t.path, RM_EINPUT, "reach", "million.gml");
    double dt = now_s() - t0;
    tmp_remove(&t);
    printf("million_nodes_gml: refused in %.2f s\n", dt);
    printf("a million GML nodes took %.1f s (CPU/wall time, not asserted: timings belong to bench/)\n", dt);
}
END_TEST

/* A Tiers file with a million LAN nodes and no edges: refused (hosts
 * cannot reach each other), quickly. */
START_TEST(million_nodes_tiers)
{
    tmpdir t;
    FILE *f = tmp_open(&t, "million.tiers");
    fputs("# NODES\n", f);
    for (int i = 0; i < 1000000; i++)
        fprintf(f, "%d %d %d 2\n", i, i % 1000, i / 1000);
    fputs("# EDGES\n", f);
    fclose(f);
    double t0 = now_s();
    expect_read(t.path, RM_EINPUT, "reach", "million.tiers");
    double dt = now_s() - t0;
    tmp_remove(&t);
    printf("million_nodes_tiers: refused in %.2f s\n", dt);
    printf("a million Tiers nodes took %.1f s (CPU/wall time, not asserted: timings belong to bench/)\n", dt);
}
END_TEST

/* GML lists nested 100000 deep inside a node: no stack overflow; the file
 * is otherwise valid, so either a parse error or a valid platform. */
START_TEST(deep_nesting_gml)
{
    tmpdir t;
    FILE *f = tmp_open(&t, "deep.gml");
    const int depth = 100000;
    fputs("graph [\n  directed 0\n  node [ id 0 label \"P0\" w 1 junk ", f);
    for (int i = 0; i < depth; i++)
        fputs("[ a ", f);
    fputs("1 ", f);
    for (int i = 0; i < depth; i++)
        fputs("] ", f);
    fputs("]\n  node [ id 1 label \"P1\" w 2 ]\n  edge [ source 0 target 1 bandwidth 10 ]\n]\n",
          f);
    fclose(f);
    rm_platform *p = NULL;
    rm_error err = {RM_OK, ""};
    double t0 = now_s();
    rm_status st = rm_platform_read(t.path, NULL, &p, &err);
    double dt = now_s() - t0;
    tmp_remove(&t);
    printf("deep_nesting_gml: status %d in %.2f s (%s)\n", (int)st, dt, err.msg);
    ck_assert_msg(st == RM_OK || st == RM_EINPUT || st == RM_ELIMIT, "status %d: %s", (int)st,
                  err.msg);
    if (st == RM_OK) {
        ck_assert_int_eq(p->n_hosts, 2);
        ck_assert_int_eq(p->n_links, 1);
        map_and_check(p, "deep.gml");
        rm_platform_free(p);
    } else {
        ck_assert_ptr_null(p);
        ck_assert_ptr_nonnull(strstr(err.msg, "deep.gml"));
    }
    printf("deep nesting took %.1f s (CPU/wall time, not asserted: timings belong to bench/)\n", dt);
}
END_TEST

/* A label of the longest length (65536 bytes, topo/io/gml_scan.h) on a
 * valid platform is kept whole; a long label on a node with a bad
 * cycle-time gives a message truncated to the buffer; one byte more is
 * refused before igraph's lexer, whose time is quadratic in a token's
 * length, reads it. */
START_TEST(long_labels)
{
    const size_t len = 65536;
    char *label = malloc(len + 1);
    ck_assert_ptr_nonnull(label);
    for (size_t i = 0; i < len; i++)
        label[i] = (char)('a' + i % 26);
    label[len] = '\0';
    for (int bad = 0; bad < 2; bad++) {
        tmpdir t;
        FILE *f = tmp_open(&t, "label.gml");
        fprintf(f, "graph [\n  directed 0\n  node [ id 0 label \"%s\" w %s ]\n", label,
                bad ? "-1" : "1");
        fputs("  node [ id 1 label \"P1\" w 2 ]\n  edge [ source 0 target 1 bandwidth 10 ]\n]\n",
              f);
        fclose(f);
        rm_platform *p = NULL;
        rm_error err = {RM_OK, ""};
        rm_status st = rm_platform_read(t.path, NULL, &p, &err);
        tmp_remove(&t);
        if (!bad) {
            ck_assert_msg(st == RM_OK, "%s", err.msg);
            ck_assert_uint_eq(strlen(p->nodes[0].label), len);
            ck_assert_int_eq(memcmp(p->nodes[0].label, label, len), 0);
            map_and_check(p, "label.gml");
            rm_platform_free(p);
        } else {
            ck_assert_int_eq(st, RM_EINPUT);
            ck_assert_ptr_null(p);
            ck_assert_uint_lt(strlen(err.msg), sizeof err.msg);
            ck_assert_ptr_nonnull(strstr(err.msg, "label.gml"));
        }
    }
    free(label);
    tmpdir t;
    FILE *f = tmp_open(&t, "longer.gml");
    fputs("graph [\n  node [ id 0 w 1 label \"", f);
    for (size_t i = 0; i <= len; i++)
        fputc('x', f);
    fputs("\" ]\n  node [ id 1 w 1 ]\n  edge [ source 0 target 1 bandwidth 1 ]\n]\n", f);
    fclose(f);
    rm_platform *p = NULL;
    rm_error err = {RM_OK, ""};
    rm_status st = rm_platform_read(t.path, NULL, &p, &err);
    tmp_remove(&t);
    ck_assert_int_eq(st, RM_EINPUT);
    ck_assert_ptr_null(p);
    ck_assert_msg(strstr(err.msg, "longer.gml: line 2: a string of more than 65536 bytes"), "%s",
                  err.msg);
}
END_TEST

/* igraph stores every key any node has for every node: a distinct key per
 * node (2000 nodes: 4 million values, seconds and 100 MB in igraph) is
 * refused before igraph reads it; the same nodes with shared keys are read. */
START_TEST(distinct_keys_gml)
{
    for (int distinct = 0; distinct < 2; distinct++) {
        tmpdir t;
        FILE *f = tmp_open(&t, "keys.gml");
        fputs("graph [\n  directed 0\n", f);
        for (int i = 0; i < 2000; i++)
            fprintf(f, "  node [ id %d w 1 k%d 1 ]\n", i, distinct ? i : 0);
        for (int i = 1; i < 2000; i++)
            fprintf(f, "  edge [ source 0 target %d bandwidth 10 ]\n", i);
        fputs("]\n", f);
        fclose(f);
        rm_platform *p = NULL;
        rm_error err = {RM_OK, ""};
        rm_status st = rm_platform_read(t.path, NULL, &p, &err);
        tmp_remove(&t);
        if (!distinct) {
            ck_assert_msg(st == RM_OK, "%s", err.msg);
            ck_assert_int_eq(p->n_hosts, 2000);
            rm_platform_free(p);
        } else {
            ck_assert_int_eq(st, RM_ELIMIT);
            ck_assert_ptr_null(p);
            ck_assert_msg(strstr(err.msg, "keys.gml: 2002 distinct node keys over 2000 nodes and 3 "
                                          "distinct edge keys over 1999 edges: 4009997 attribute "
                                          "values for igraph, more than the limit of 1048576"),
                          "%s", err.msg);
        }
    }
}
END_TEST

/* A large GML file that is valid: a chain of 250000 nodes, routers between
 * two hosts (finishes with a valid result, both hosts and every link kept;
 * the million-node case is the refused one above). */
START_TEST(million_nodes_valid_chain)
{
    tmpdir t;
    FILE *f = tmp_open(&t, "chain.gml");
    const int n = 250000;
    fputs("graph [\n  directed 0\n  node [ id 0 w 1 ]\n", f);
    for (int i = 1; i < n - 1; i++)
        fprintf(f, "  node [ id %d ]\n", i);
    fprintf(f, "  node [ id %d w 2 ]\n", n - 1);
    for (int i = 0; i < n - 1; i++)
        fprintf(f, "  edge [ source %d target %d bandwidth 10 ]\n", i, i + 1);
    fputs("]\n", f);
    fclose(f);
    rm_platform *p = NULL;
    rm_error err = {RM_OK, ""};
    double t0 = now_s();
    rm_status st = rm_platform_read(t.path, NULL, &p, &err);
    double dt = now_s() - t0;
    tmp_remove(&t);
    printf("million_nodes_valid_chain: read in %.2f s\n", dt);
    ck_assert_msg(st == RM_OK, "%s", err.msg);
    ck_assert_int_eq(p->n_nodes, n);
    ck_assert_int_eq(p->n_hosts, 2);
    ck_assert_int_eq(p->n_links, n - 1);
    rm_platform_free(p);
    printf("reading a 250000-node chain took %.1f s (CPU/wall time, not asserted: timings belong to bench/)\n", dt);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("badinput");
    TCase *tc = tcase_create("table");
    tcase_add_test(tc, manifest_table);
    tcase_add_test(tc, manifest_complete);
    tcase_set_timeout(tc, 60);
    suite_add_tcase(s, tc);
    tc = tcase_create("generated");
    tcase_add_test(tc, million_nodes_gml);
    tcase_add_test(tc, million_nodes_tiers);
    tcase_add_test(tc, deep_nesting_gml);
    tcase_add_test(tc, long_labels);
    tcase_add_test(tc, distinct_keys_gml);
    tcase_add_test(tc, million_nodes_valid_chain);
    tcase_add_test(tc, graphml_subnormal_values);
    tcase_set_timeout(tc, 120);
    suite_add_tcase(s, tc);
    return rmt_run_suite(s);
}
