/*
 * test_formats.c — the platform format table (topo/io/formats.def) as users see
 * it: rm_platform_format_at / _find / _of_path, rm_platform_read choosing the
 * reader by extension and rm_platform_read_format by name, and their
 * messages, whose lists come from the table. Every format read from one
 * file has a sample, tests/data/formats/sample<extension>: it must read the
 * same by extension (any case) and by name, and fail when read as any other
 * format (each name reaches its own reader). A new format is checked here
 * as soon as it has its table line and its sample.
 */
#define _DEFAULT_SOURCE /* mkdtemp, symlink */
#include "support.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <stdlib.h>
#include <unistd.h>

#define FORMATS RM_SOURCE_DIR "/tests/data/formats/"

static int n_formats(void)
{
    int n = 0;
    while (rm_platform_format_at(n))
        n++;
    return n;
}

/* The first extension of f (".gml"). */
static void first_ext(const rm_platform_format *f, char *ext, size_t cap)
{
    snprintf(ext, cap, "%.*s", (int)strcspn(f->extensions, " "), f->extensions);
}

/* a and b are the same platform, bit for bit (nodes, links, fixed routes). */
static void same_platform(const rm_platform *a, const rm_platform *b, const char *what)
{
    ck_assert_msg(a->directed == b->directed && a->n_nodes == b->n_nodes &&
                      a->n_links == b->n_links && a->n_hosts == b->n_hosts,
                  "%s: sizes differ", what);
    ck_assert_str_eq(a->name, b->name);
    for (int v = 0; v < a->n_nodes; v++) {
        ck_assert_str_eq(a->nodes[v].label, b->nodes[v].label);
        ck_assert_msg(a->nodes[v].id == b->nodes[v].id && a->nodes[v].is_host == b->nodes[v].is_host &&
                          a->nodes[v].w == b->nodes[v].w,
                      "%s: node %d differs", what, v);
    }
    for (int l = 0; l < a->n_links; l++) {
        const rm_link *x = &a->links[l], *y = &b->links[l];
        ck_assert_msg(x->source == y->source && x->target == y->target &&
                          x->bandwidth == y->bandwidth && x->latency == y->latency &&
                          x->backbone == y->backbone,
                      "%s: link %d differs", what, l);
    }
    ck_assert_msg(!a->fixed_route_start == !b->fixed_route_start, "%s: fixed routes", what);
    if (a->fixed_route_start) {
        int pairs = a->n_hosts * a->n_hosts;
        ck_assert_mem_eq(a->fixed_route_start, b->fixed_route_start,
                         ((size_t)pairs + 1) * sizeof(int));
        ck_assert_mem_eq(a->fixed_route_links, b->fixed_route_links,
                         (size_t)a->fixed_route_start[pairs] * sizeof(int));
    }
}

START_TEST(test_table)
{
    int n = n_formats();
    ck_assert_int_ge(n, 5);
    ck_assert_ptr_null(rm_platform_format_at(-1));
    ck_assert_ptr_null(rm_platform_format_at(n));
    /* the formats of docs/formats.md, in the order of the messages */
    const char *const known[] = {"gml", "xml", "graphml", "tiers", "csv"};
    for (int i = 0; i < 5; i++)
        ck_assert_str_eq(rm_platform_format_at(i)->name, known[i]);
    ck_assert_str_eq(rm_platform_format_find("xml")->description, "SimGrid");
    ck_assert_int_eq(rm_platform_format_find("csv")->needs_speeds, 1);
    for (int i = 0; i < n; i++) {
        const rm_platform_format *f = rm_platform_format_at(i);
        ck_assert_msg(*f->name, "format %d has no name", i);
        for (const char *c = f->name; *c; c++)
            ck_assert_msg(islower((unsigned char)*c) || isdigit((unsigned char)*c) || *c == '_',
                          "format name '%s': lower case, digits, _", f->name);
        ck_assert_ptr_eq(rm_platform_format_find(f->name), f);
        ck_assert_msg(f->extensions[0] == '.', "%s: extensions '%s' start with '.'", f->name,
                      f->extensions);
        for (const char *c = f->extensions; *c; c++)
            ck_assert_msg(!isupper((unsigned char)*c), "%s: extensions in lower case", f->name);
        ck_assert_ptr_nonnull(f->description);
        for (int j = 0; j < i; j++)
            ck_assert_str_ne(rm_platform_format_at(j)->name, f->name);
        /* each extension, in any case, selects its format */
        char path[64], ext[32];
        first_ext(f, ext, sizeof ext);
        snprintf(path, sizeof path, "dir.x/a%s", ext);
        ck_assert_ptr_eq(rm_platform_format_of_path(path), f);
        for (char *c = path; *c; c++)
            *c = (char)toupper((unsigned char)*c);
        ck_assert_ptr_eq(rm_platform_format_of_path(path), f);
    }
    ck_assert_ptr_null(rm_platform_format_find("GML"));
    ck_assert_ptr_null(rm_platform_format_find(""));
    ck_assert_ptr_null(rm_platform_format_find(NULL));
    ck_assert_ptr_null(rm_platform_format_of_path("a.json"));
    ck_assert_ptr_null(rm_platform_format_of_path("gml"));
    ck_assert_ptr_null(rm_platform_format_of_path(NULL));
}
END_TEST

/* The messages list the table: the extensions read from one file (with
 * their descriptions) and every name. */
START_TEST(test_messages)
{
    char ext_list[512] = "", name_list[512] = "";
    int n = n_formats(), n_one = 0, k_one = 0;
    for (int i = 0; i < n; i++)
        n_one += !rm_platform_format_at(i)->needs_speeds;
    for (int i = 0; i < n; i++) {
        const rm_platform_format *f = rm_platform_format_at(i);
        size_t len = strlen(name_list);
        snprintf(name_list + len, sizeof name_list - len, "%s%s",
                 i == 0 ? "" : i == n - 1 ? " or " : ", ", f->name);
        if (f->needs_speeds)
            continue;
        char ext[32];
        first_ext(f, ext, sizeof ext);
        len = strlen(ext_list);
        snprintf(ext_list + len, sizeof ext_list - len, "%s%s%s%s%s",
                 k_one == 0 ? "" : k_one == n_one - 1 ? " or " : ", ", ext,
                 *f->description ? " (" : "", f->description, *f->description ? ")" : "");
        k_one++;
    }
    rm_platform *p = (rm_platform *)1;
    rm_error err = {RM_OK, ""};
    char want[1024];
    ck_assert_int_eq(rm_platform_read(FORMATS "none.json", NULL, &p, &err), RM_EINPUT);
    ck_assert_ptr_null(p);
    snprintf(want, sizeof want, "%s: unknown platform format (expected %s)", FORMATS "none.json",
             ext_list);
    ck_assert_str_eq(err.msg, want);
    ck_assert_ptr_nonnull(strstr(err.msg, "(expected .gml, .xml (SimGrid), .graphml"));
    /* a matrix needs speeds: not chosen by its extension */
    ck_assert_int_eq(rm_platform_read(FORMATS "m.csv", NULL, &p, &err), RM_EINPUT);
    ck_assert_ptr_nonnull(strstr(err.msg, "m.csv: unknown platform format"));

    p = (rm_platform *)1;
    ck_assert_int_eq(rm_platform_read_format(FORMATS "sample.gml", "json", NULL, &p, &err),
                     RM_EINVAL);
    ck_assert_ptr_null(p);
    snprintf(want, sizeof want,
             "rm_platform_read_format: unknown format 'json' (expected %s)", name_list);
    ck_assert_str_eq(err.msg, want);
    ck_assert_ptr_nonnull(strstr(err.msg, "(expected gml, xml, graphml, tiers"));
    ck_assert_int_eq(rm_platform_read_format(FORMATS "sample.gml", "GML", NULL, &p, &err),
                     RM_EINVAL);
    ck_assert_int_eq(rm_platform_read_format(FORMATS "sample.gml", "csv", NULL, &p, &err),
                     RM_EINVAL);
    ck_assert_ptr_nonnull(strstr(err.msg, "sample.gml: a measured bandwidth matrix (csv) needs"));
    ck_assert_ptr_nonnull(strstr(err.msg, "rm_platform_read_matrices"));
    ck_assert_ptr_null(p);

    ck_assert_int_eq(rm_platform_read_format(NULL, "gml", NULL, &p, &err), RM_EINVAL);
    ck_assert_str_eq(err.msg, "rm_platform_read_format: path is NULL");
    ck_assert_int_eq(rm_platform_read_format(FORMATS "sample.gml", "gml", NULL, NULL, &err),
                     RM_EINVAL);
    ck_assert_str_eq(err.msg, "rm_platform_read_format: out is NULL");
    /* the file checks come first: a directory, a missing file */
    ck_assert_int_eq(rm_platform_read_format(FORMATS, "gml", NULL, &p, &err), RM_EINPUT);
    ck_assert_ptr_nonnull(strstr(err.msg, "not a regular file (a directory)"));
    ck_assert_int_eq(rm_platform_read_format(FORMATS "missing.gml", "tiers", NULL, &p, &err),
                     RM_EINPUT);
    ck_assert_ptr_nonnull(strstr(err.msg, "missing.gml: cannot open"));
}
END_TEST

/* Every sample: by extension, by name, by name under another file name (an
 * upper-case extension, no extension), and as every other format (fails). */
START_TEST(test_samples)
{
    int n = n_formats(), n_read = 0;
    for (int i = 0; i < n; i++) {
        const rm_platform_format *f = rm_platform_format_at(i);
        if (f->needs_speeds)
            continue;
        char path[512], ext[32];
        first_ext(f, ext, sizeof ext);
        snprintf(path, sizeof path, FORMATS "sample%s", ext);
        ck_assert_msg(access(path, R_OK) == 0,
                      "format %s has no sample %s (tests/data/formats/, see topo/io/formats.def)",
                      f->name, path);
        rm_error err = {RM_OK, ""};
        rm_platform *a = NULL, *b = NULL, *c = NULL, *d = NULL;
        ck_assert_msg(rm_platform_read(path, NULL, &a, &err) == RM_OK, "%s: %s", path, err.msg);
        ck_assert_int_ge(a->n_hosts, 2);
        ck_assert_msg(rm_platform_read_format(path, f->name, NULL, &b, &err) == RM_OK, "%s: %s",
                      path, err.msg);
        same_platform(a, b, f->name);
        ck_assert_msg(rm_platform_read_format(path, NULL, NULL, &c, &err) == RM_OK, "%s: %s", path,
                      err.msg);
        same_platform(a, c, f->name);
        /* another name: SAMPLE.<EXT> by extension, "sample" (no extension) by name */
        char tmp[64], upper[64];
        snprintf(tmp, sizeof tmp, "/tmp/rm-test-formats-%d-XXXXXX", (int)getpid());
        ck_assert_ptr_nonnull(mkdtemp(tmp));
        for (size_t k = 0; k <= strlen(ext); k++)
            upper[k] = (char)toupper((unsigned char)ext[k]);
        char copy[160], bare[160];
        snprintf(copy, sizeof copy, "%s/sample%s", tmp, upper);
        snprintf(bare, sizeof bare, "%s/sample", tmp);
        ck_assert_int_eq(symlink(path, copy), 0);
        ck_assert_int_eq(symlink(path, bare), 0);
        rm_platform_free(c);
        c = NULL;
        ck_assert_msg(rm_platform_read(copy, NULL, &c, &err) == RM_OK, "%s: %s", copy, err.msg);
        ck_assert_msg(rm_platform_read_format(bare, f->name, NULL, &d, &err) == RM_OK, "%s: %s",
                      bare, err.msg);
        same_platform(a, c, f->name);
        same_platform(a, d, f->name);
        rm_platform_free(d);
        d = NULL;
        ck_assert_int_eq(rm_platform_read(bare, NULL, &d, &err), RM_EINPUT);
        ck_assert_ptr_nonnull(strstr(err.msg, "unknown platform format"));
        unlink(copy);
        unlink(bare);
        rmdir(tmp);
        /* read as each other format, the sample is refused */
        for (int j = 0; j < n; j++) {
            const rm_platform_format *g = rm_platform_format_at(j);
            if (j == i)
                continue;
            rm_platform *q = (rm_platform *)1;
            rm_status st = rm_platform_read_format(path, g->name, NULL, &q, &err);
            ck_assert_msg(st != RM_OK, "%s read as %s", path, g->name);
            ck_assert_ptr_null(q);
            ck_assert_msg(err.msg[0], "%s read as %s: no message", path, g->name);
        }
        rm_platform_free(a);
        rm_platform_free(b);
        rm_platform_free(c);
        n_read++;
    }
    ck_assert_int_ge(n_read, 4);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("formats");
    TCase *tc = tcase_create("table");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_table);
    tcase_add_test(tc, test_messages);
    tcase_add_test(tc, test_samples);
    suite_add_tcase(s, tc);
    return rmt_run_suite(s);
}
