/*
 * test_quiet_library.c — the library never exits, aborts or prints, and never
 * reads a platform silently wrong:
 *  - a read error (/proc/self/mem: a regular file whose read fails) through
 *    every platform format: a status and a message, not igraph's abort of the
 *    process (Check runs each test in a child: an abort fails it);
 *  - a GraphML or SimGrid document whose bytes do not convert from its
 *    declared encoding (ISO-2022-JP): refused, and nothing written on the
 *    process's standard error (libxml2 printed "encoding error : ..." lines);
 *  - rm_mapping_print and rm_mapping_write_json on a mapping whose route ends
 *    or sweep size are out of range: nothing printed, RM_EINVAL, no crash;
 *  - GraphML node ids "+1", "01", " 0" are nodes of their own, not merged with
 *    "1" and "0" (GraphML ids are strings).
 */
#define _POSIX_C_SOURCE 200809L
#include "ringmap.h"

#include "support.h"

#include <check.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define BAD_DIR RM_SOURCE_DIR "/tests/data/bad/"

START_TEST(test_read_error_every_format)
{
    if (access("/proc/self/mem", F_OK) != 0) {
        fprintf(stderr, "SKIP read_error_every_format: no /proc/self/mem\n");
        return;
    }
    int tried = 0;
    const rm_platform_format *fm;
    for (int i = 0; (fm = rm_platform_format_at(i)); i++) {
        if (fm->needs_speeds)
            continue; /* read from two files (CSV) */
        rm_read_options ro;
        rm_read_options_init(&ro);
        ro.warn = rm_warn_silent;
        rm_platform *p = NULL;
        rm_error err = {RM_OK, ""};
        rm_status st = rm_platform_read_format("/proc/self/mem", fm->name, &ro, &p, &err);
        ck_assert_msg(st != RM_OK, "%s: /proc/self/mem read as a platform", fm->name);
        ck_assert_ptr_null(p);
        ck_assert_msg(strstr(err.msg, "/proc/self/mem"), "%s: message '%s' lacks the path",
                      fm->name, err.msg);
        tried++;
    }
    ck_assert_int_ge(tried, 4);
}
END_TEST

/* Run read(path) with the process's standard error redirected to a file;
 * returns what was written there (malloc'ed). */
static char *stderr_of_read(const char *path, rm_status *st)
{
    char tmpl[] = "/tmp/rm_quiet_XXXXXX";
    int fd = mkstemp(tmpl);
    ck_assert_int_ge(fd, 0);
    fflush(stderr);
    int saved = dup(2);
    ck_assert_int_ge(saved, 0);
    ck_assert_int_ge(dup2(fd, 2), 0);
    rm_platform *p = NULL;
    rm_error err = {RM_OK, ""};
    *st = rm_platform_read(path, NULL, &p, &err);
    rm_platform_free(p);
    fflush(stderr);
    dup2(saved, 2);
    close(saved);
    struct stat sb;
    ck_assert_int_eq(fstat(fd, &sb), 0);
    char *text = calloc((size_t)sb.st_size + 1, 1);
    ck_assert_ptr_nonnull(text);
    ck_assert_int_eq(pread(fd, text, (size_t)sb.st_size, 0), sb.st_size);
    close(fd);
    unlink(tmpl);
    return text;
}

START_TEST(test_graphml_encoding_error_silent)
{
    char dir[] = "/tmp/rm_quiet_dir_XXXXXX";
    ck_assert_ptr_nonnull(mkdtemp(dir));
    char path[256];
    snprintf(path, sizeof path, "%s/enc.graphml", dir);
    FILE *f = fopen(path, "w");
    ck_assert_ptr_nonnull(f);
    fputs("<?xml version=\"1.0\" encoding=\"ISO-2022-JP\"?>\n"
          "<graphml xmlns=\"http://graphml.graphdrawing.org/xmlns\">\n"
          "<key id=\"w\" for=\"node\" attr.name=\"w\" attr.type=\"double\"/>\n"
          "<key id=\"l\" for=\"node\" attr.name=\"label\" attr.type=\"string\"/>\n"
          "<graph id=\"G\" edgedefault=\"undirected\">\n"
          "<node id=\"0\"><data key=\"w\">1</data><data key=\"l\">\x1b$B\xff\xff</data></node>\n"
          "</graph>\n</graphml>\n",
          f);
    fclose(f);
    rm_status st;
    char *text = stderr_of_read(path, &st);
    ck_assert_int_eq(st, RM_EINPUT);
    ck_assert_msg(text[0] == '\0', "the library printed on stderr: '%s'", text);
    free(text);
    unlink(path);
    /* the same through the SimGrid reader's check of the XML */
    snprintf(path, sizeof path, "%s/enc.xml", dir);
    f = fopen(path, "w");
    ck_assert_ptr_nonnull(f);
    fputs("<?xml version='1.0' encoding='ISO-2022-JP'?>\n"
          "<platform version=\"4.1\">\n<zone id=\"z\" routing=\"Full\">\n"
          "<host id=\"\x1b$B\xff\xff\" speed=\"1Mf\"/>\n</zone>\n</platform>\n",
          f);
    fclose(f);
    text = stderr_of_read(path, &st);
    ck_assert_int_eq(st, RM_EINPUT);
    ck_assert_msg(text[0] == '\0', "the SimGrid reader printed on stderr: '%s'", text);
    free(text);
    unlink(path);
    rmdir(dir);
}
END_TEST

START_TEST(test_printers_bad_mapping)
{
    rm_platform *p = rmt_star3();
    rm_network net;
    rm_error e0 = {RM_OK, ""};
    ck_assert_int_eq(rm_network_init(&net, p, RM_DUPLEX_HALF, &e0), RM_OK);
    rm_options opt;
    rm_options_init(&opt);
    rm_mapping *m = NULL;
    ck_assert_int_eq(rm_map_network(&net, &opt, &m, &e0), RM_OK);
    ck_assert_int_ge(m->q, 2);
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    ck_assert_ptr_nonnull(f);
    /* each corruption alone: printed nothing, the JSON writer says why */
    for (int c = 0; c < 4; c++) {
        int *field = c == 0 ? &m->succ[0].src : c == 1 ? &m->pred[1].dst : c == 2 ? &m->succ[0].src : &m->n_sweep;
        int keep = *field, bad = c == 0 ? 100000 : c == 1 ? -5 : c == 2 ? -1 : 1000000;
        *field = bad;
        rm_mapping_print(f, &net, m);
        fflush(f);
        ck_assert_msg(len == 0, "case %d: printed a corrupt mapping", c);
        rm_error err = {RM_OK, ""};
        ck_assert_int_eq(rm_mapping_write_json(f, &net, &opt, m, &err), RM_EINVAL);
        fflush(f);
        ck_assert_uint_eq(len, 0);
        ck_assert_msg(strstr(err.msg, c == 3 ? "ring sizes tried" : "not in 0..3"),
                      "case %d: message '%s'", c, err.msg);
        *field = keep;
    }
    rm_mapping_print(f, &net, m);
    fclose(f);
    ck_assert_uint_gt(len, 0); /* the mapping itself prints */
    free(buf);
    rm_mapping_free(m);
    rm_network_destroy(&net);
    rm_platform_free(p);
}
END_TEST

START_TEST(test_graphml_id_forms)
{
    rm_read_options ro;
    rm_read_options_init(&ro);
    rm_platform *p = NULL;
    rm_error err = {RM_OK, ""};
    ck_assert_int_eq(rm_platform_read(BAD_DIR "gm_id_forms.graphml", &ro, &p, &err), RM_OK);
    ck_assert_int_eq(p->n_nodes, 5);
    for (int a = 0; a < p->n_nodes; a++)
        for (int b = a + 1; b < p->n_nodes; b++)
            ck_assert_msg(p->nodes[a].id != p->nodes[b].id, "nodes '%s' and '%s' share id %ld",
                          p->nodes[a].label, p->nodes[b].label, p->nodes[a].id);
    /* the integer ids written as integers keep their value */
    for (int v = 0; v < p->n_nodes; v++) {
        if (!strcmp(p->nodes[v].label, "1"))
            ck_assert_int_eq(p->nodes[v].id, 1);
        if (!strcmp(p->nodes[v].label, "0"))
            ck_assert_int_eq(p->nodes[v].id, 0);
        if (!strcmp(p->nodes[v].label, "01") || !strcmp(p->nodes[v].label, "+1") ||
            !strcmp(p->nodes[v].label, " 0"))
            ck_assert_int_gt(p->nodes[v].id, 1);
    }
    rm_platform_free(p);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("quiet_library");
    TCase *tc = tcase_create("quiet");
    tcase_add_test(tc, test_read_error_every_format);
    tcase_add_test(tc, test_graphml_encoding_error_silent);
    tcase_add_test(tc, test_printers_bad_mapping);
    tcase_add_test(tc, test_graphml_id_forms);
    suite_add_tcase(s, tc);
    return rmt_run_suite(s);
}
