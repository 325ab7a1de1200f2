/*
 * test_readers.c — the readers of raw Tiers and GraphML files, the
 * Tiers-like generator and the GML writer: counts and values of the shipped
 * data, error messages naming file and line, determinism by seed, and the
 * shipped generated platforms (sizes of Legrand et al. 2004 Figs 3 and 4, reproducible
 * bytes). SimGrid files: tests/test_simgrid.c.
 */
#define _POSIX_C_SOURCE 200809L
#include "ringmap.h"
#include "topo/io/readers.h"

#include "support.h"

#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define SIMGRID RM_SHARED_DIR "/data/simgrid/"
#define PLATFORMS RM_SOURCE_DIR "/platforms/"

/* ---------------------------------------------------------------- helpers */

/* Write text to a fresh temporary directory as file `name`; path receives it. */
static void write_tmp(char *path, size_t n, const char *name, const char *text)
{
    char dir[64] = "/tmp/rm_test_readers_XXXXXX";
    ck_assert_ptr_nonnull(mkdtemp(dir));
    snprintf(path, n, "%s/%s", dir, name);
    FILE *f = fopen(path, "wb");
    ck_assert_ptr_nonnull(f);
    size_t len = strlen(text);
    ck_assert_uint_eq(fwrite(text, 1, len, f), len);
    fclose(f);
}

static void remove_tmp(const char *path)
{
    char dir[512];
    snprintf(dir, sizeof dir, "%s", path);
    unlink(path);
    char *slash = strrchr(dir, '/');
    if (slash) {
        *slash = '\0';
        rmdir(dir);
    }
}

static int node_by_label(const rm_platform *p, const char *label)
{
    for (int v = 0; v < p->n_nodes; v++)
        if (strcmp(p->nodes[v].label, label) == 0)
            return v;
    return -1;
}

/* Index of the link joining the nodes labelled a and b (either way), -1. */
static int link_between(const rm_platform *p, const char *a, const char *b)
{
    int x = node_by_label(p, a), y = node_by_label(p, b);
    for (int l = 0; l < p->n_links; l++)
        if ((p->links[l].source == x && p->links[l].target == y) ||
            (p->links[l].source == y && p->links[l].target == x))
            return l;
    return -1;
}

/* Read a platform written to a temporary file with the reader `rd`;
 * returns the status, fills err. */
typedef rm_status (*reader_fn)(const char *, const rm_read_options *, rm_platform **,
                               rm_error *);

static rm_status read_text(reader_fn rd, const char *name, const char *text, rm_platform **p,
                           rm_error *err, char *path_out, size_t n)
{
    char path[512];
    write_tmp(path, sizeof path, name, text);
    if (path_out)
        snprintf(path_out, n, "%s", path);
    *p = NULL;
    rm_status st = rd(path, NULL, p, err);
    remove_tmp(path);
    return st;
}

/* Expect RM_EINPUT and a message containing every needle. */
static void expect_error(reader_fn rd, const char *name, const char *text,
                         const char *const *needles)
{
    rm_platform *p = NULL;
    rm_error err = {RM_OK, ""};
    char path[512];
    rm_status st = read_text(rd, name, text, &p, &err, path, sizeof path);
    ck_assert_msg(st == RM_EINPUT, "expected RM_EINPUT, got %d (%s)", st, err.msg);
    ck_assert_ptr_null(p);
    ck_assert_msg(strstr(err.msg, path) != NULL, "message does not name the file: %s", err.msg);
    for (int i = 0; needles[i]; i++)
        ck_assert_msg(strstr(err.msg, needles[i]) != NULL, "message lacks '%s': %s", needles[i],
                      err.msg);
}

/* GML text of a platform (no comment), malloc'ed. */
static char *gml_text(const rm_platform *p, const char *comment)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    ck_assert_ptr_nonnull(f);
    rm_error err = {RM_OK, ""};
    ck_assert_int_eq(rmi_platform_write_gml(f, p, comment, &err), RM_OK);
    fclose(f);
    return buf;
}

/* SimGrid platform files are read by SimGrid itself: tests/test_simgrid.c. */

/* ----------------------------------------------------------------- Tiers */

static int in_list(double x, const double *list, int n)
{
    for (int i = 0; i < n; i++)
        if (x == list[i])
            return 1;
    return 0;
}

START_TEST(tiers_small_and_medium)
{
    int ns;
    const double *speeds = rmi_linpack_speeds(&ns);
    ck_assert_int_eq(ns, 7);
    double inv[7];
    for (int i = 0; i < ns; i++)
        inv[i] = 1.0 / speeds[i];

    rm_platform *p = NULL;
    rm_error err = {RM_OK, ""};
    ck_assert_msg(rmi_platform_read_tiers(SIMGRID "small.tiers", NULL, &p, &err) == RM_OK, "%s",
                  err.msg);
    /* 3 WAN + 6 MAN + 18 LAN nodes; 26 distinct edges (a tree); round(0.3*18) = 5 hosts */
    ck_assert_int_eq(p->n_nodes, 27);
    ck_assert_int_eq(p->n_links, 26);
    ck_assert_int_eq(p->n_hosts, 5);
    for (int k = 0; k < p->n_hosts; k++) {
        const rm_node *nd = &p->nodes[p->hosts[k]];
        ck_assert_msg(strncmp(nd->label, "LAN", 3) == 0, "host %s is not a LAN node", nd->label);
        ck_assert(in_list(nd->w, inv, ns));
    }
    ck_assert_str_eq(p->nodes[0].label, "WAN0");
    ck_assert_int_eq(p->nodes[0].id, 0);
    /* per-class bandwidths of the file, as Mb/s; first link is 0 -- 2 */
    ck_assert_int_eq(link_between(p, "WAN0", "WAN2"), 0);
    ck_assert_double_eq(p->links[0].bandwidth, 10.0);
    ck_assert_double_eq(p->links[link_between(p, "LAN9", "LAN10")].bandwidth, 1000.0);
    ck_assert_double_eq(p->links[link_between(p, "MAN4", "LAN9")].bandwidth, 100.0);
    ck_assert_double_eq(p->links[link_between(p, "MAN5", "WAN2")].bandwidth, 10.0);
    ck_assert_double_eq(p->links[0].latency, 0.0);

    /* same seed, same hosts; another seed, other hosts (medium: 9 of 30 LAN nodes) */
    rm_platform *m1 = NULL, *m2 = NULL, *m3 = NULL;
    rm_tiers_options to;
    rmi_tiers_options_init(&to);
    ck_assert_int_eq(rmi_platform_read_tiers_ex(SIMGRID "medium.tiers", NULL, &to, &m1, &err),
                     RM_OK);
    ck_assert_int_eq(rmi_platform_read_tiers(SIMGRID "medium.tiers", NULL, &m2, &err), RM_OK);
    to.seed = 2;
    ck_assert_int_eq(rmi_platform_read_tiers_ex(SIMGRID "medium.tiers", NULL, &to, &m3, &err),
                     RM_OK);
    ck_assert_int_eq(m1->n_nodes, 45);
    ck_assert_int_eq(m1->n_links, 44);
    ck_assert_int_eq(m1->n_hosts, 9);
    int same12 = 1, same13 = 1;
    for (int v = 0; v < m1->n_nodes; v++) {
        same12 &= m1->nodes[v].is_host == m2->nodes[v].is_host && m1->nodes[v].w == m2->nodes[v].w;
        same13 &= m1->nodes[v].is_host == m3->nodes[v].is_host && m1->nodes[v].w == m3->nodes[v].w;
    }
    ck_assert(same12);
    ck_assert(!same13);
    /* hosts_fraction 1: every LAN node a host */
    to.hosts_fraction = 1.0;
    rm_platform *m4 = NULL;
    ck_assert_int_eq(rmi_platform_read_tiers_ex(SIMGRID "medium.tiers", NULL, &to, &m4, &err),
                     RM_OK);
    ck_assert_int_eq(m4->n_hosts, 30);
    rm_platform_free(p);
    rm_platform_free(m1);
    rm_platform_free(m2);
    rm_platform_free(m3);
    rm_platform_free(m4);
}
END_TEST

START_TEST(tiers_errors_name_line)
{
    expect_error(rmi_platform_read_tiers, "a.tiers",
                 "# NODES\n0 1 1 0\n1 2 2 2\n# EDGES\n0 1 5 10 0 2 3\n0 7 5 10 0 2 3\n",
                 (const char *const[]){":6:", "node 7 is not declared", NULL});
    expect_error(rmi_platform_read_tiers, "b.tiers", "# NODES\n0 1 1 0\n1 2 2\n",
                 (const char *const[]){":3:", "expected 4 numbers", NULL});
    expect_error(rmi_platform_read_tiers, "c.tiers", "# NODES\n0 1 1 0\n1 2 2 5\n",
                 (const char *const[]){":3:", "type 5", NULL});
    expect_error(rmi_platform_read_tiers, "d.tiers",
                 "# NODES\n0 1 1 0\n1 2 2 2\n# EDGES\n0 1 5 10 0 2 3\n1 0 5 20 2 0 3\n",
                 (const char *const[]){":6:", "line 5", "bandwidth", NULL});
    expect_error(rmi_platform_read_tiers, "e.tiers",
                 "# NODES\n0 1 1 0\n1 2 2 2\n# EDGES\n0 1 5 x 0 2 3\n",
                 (const char *const[]){":5:", "expected 7 numbers", NULL});
    expect_error(rmi_platform_read_tiers, "f.tiers",
                 "# NODES\n0 1 1 0\n1 2 2 2\n2 3 3 2\n3 3 3 2\n4 3 3 2\n5 3 3 2\n6 3 3 2\n"
                 "7 3 3 2\n8 3 3 2\n9 3 3 2\n10 3 3 2\n# EDGES\n0 1 5 10 0 2 3\n",
                 (const char *const[]){"cannot reach", NULL});
}
END_TEST

/* --------------------------------------------------------------- GraphML */

static const char *GRAPHML =
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    "<graphml xmlns=\"http://graphml.graphdrawing.org/xmlns\">\n"
    "<key id=\"k0\" for=\"node\" attr.name=\"w\" attr.type=\"double\"/>\n"
    "<key id=\"k1\" for=\"node\" attr.name=\"speed\" attr.type=\"string\"/>\n"
    "<key id=\"k2\" for=\"node\" attr.name=\"label\" attr.type=\"string\"/>\n"
    "<key id=\"k3\" for=\"edge\" attr.name=\"bandwidth\" attr.type=\"double\"/>\n"
    "<key id=\"k4\" for=\"edge\" attr.name=\"latency\" attr.type=\"double\"/>\n"
    "<key id=\"k5\" for=\"edge\" attr.name=\"backbone\" attr.type=\"boolean\"/>\n"
    "<key id=\"k6\" for=\"edge\" attr.name=\"LinkSpeedRaw\" attr.type=\"double\"/>\n"
    "<graph id=\"G\" edgedefault=\"%s\">\n"
    "<node id=\"n0\"><data key=\"k0\">0.0206</data><data key=\"k2\">P0</data></node>\n"
    "<node id=\"n1\"><data key=\"k1\">50</data></node>\n"
    "<node id=\"7\"><data key=\"k2\">R</data></node>\n"
    "<edge source=\"n0\" target=\"7\"><data key=\"k3\">30.51</data><data "
    "key=\"k4\">0.001</data></edge>\n"
    "<edge source=\"7\" target=\"n1\"><data key=\"k6\">1e8</data><data "
    "key=\"k5\">true</data></edge>\n"
    "%s"
    "</graph>\n</graphml>\n";

START_TEST(graphml_attributes)
{
    char text[4096];
    snprintf(text, sizeof text, GRAPHML, "undirected", "");
    rm_platform *p = NULL;
    rm_error err = {RM_OK, ""};
    ck_assert_msg(read_text(rmi_platform_read_graphml, "g.graphml", text, &p, &err, NULL, 0) ==
                      RM_OK,
                  "%s", err.msg);
    ck_assert_int_eq(p->n_nodes, 3);
    ck_assert_int_eq(p->n_hosts, 2);
    ck_assert_int_eq(p->n_links, 2);
    ck_assert_int_eq(p->directed, 0);
    ck_assert_str_eq(p->nodes[0].label, "P0");
    ck_assert_double_eq(p->nodes[0].w, 0.0206);
    ck_assert_str_eq(p->nodes[1].label, "n1"); /* no label: the GraphML id */
    ck_assert_double_eq(p->nodes[1].w, 1.0 / 50);
    ck_assert_int_eq(p->nodes[2].is_host, 0);
    ck_assert_int_eq(p->nodes[2].id, 7);
    ck_assert_int_eq(p->nodes[0].id, 8); /* non-numeric id: largest numeric id (7) + 1 + position (0), never another node's id */
    ck_assert_double_eq(p->links[0].bandwidth, 30.51);
    ck_assert_double_eq(p->links[0].latency, 0.001);
    ck_assert_int_eq(p->links[0].backbone, 0);
    ck_assert_double_eq(p->links[1].bandwidth, 100.0); /* LinkSpeedRaw 1e8 bit/s */
    ck_assert_int_eq(p->links[1].backbone, 1);
    ck_assert_int_eq(p->links[1].source, 2);
    ck_assert_int_eq(p->links[1].target, 1);
    rm_platform_free(p);

    /* directed: n0 -> R -> n1 only: n1 cannot reach n0 */
    snprintf(text, sizeof text, GRAPHML, "directed", "");
    ck_assert_int_eq(read_text(rmi_platform_read_graphml, "d.graphml", text, &p, &err, NULL, 0),
                     RM_EINPUT);
    ck_assert_ptr_nonnull(strstr(err.msg, "reach"));
    snprintf(text, sizeof text, GRAPHML, "directed",
             "<edge source=\"n1\" target=\"n0\"><data key=\"k3\">5</data></edge>\n");
    ck_assert_int_eq(read_text(rmi_platform_read_graphml, "d.graphml", text, &p, &err, NULL, 0),
                     RM_OK);
    ck_assert_int_eq(p->directed, 1);
    ck_assert_int_eq(p->n_links, 3);
    rm_platform_free(p);

    /* errors: an edge without bandwidth names the edge; bad XML */
    snprintf(text, sizeof text, GRAPHML, "undirected", "<edge source=\"n1\" target=\"n0\"/>\n");
    expect_error(rmi_platform_read_graphml, "e.graphml", text,
                 (const char *const[]){"edge 2", "no bandwidth", NULL});
    expect_error(rmi_platform_read_graphml, "x.graphml", "<graphml><graph>\n<node id=\"a\">\n",
                 (const char *const[]){"GraphML error", NULL});
}
END_TEST

/* ------------------------------------------------------------- generator */

START_TEST(rng_splitmix64)
{
    /* reference outputs of splitmix64 seeded with 0 (Vigna's splitmix64.c) */
    rm_rng r;
    rmi_rng_seed(&r, 0);
    ck_assert_uint_eq(rmi_rng_next(&r), 0xE220A8397B1DCDAFULL);
    ck_assert_uint_eq(rmi_rng_next(&r), 0x6E789E6AA1B965F4ULL);
    rmi_rng_seed(&r, 42);
    int hist[5] = {0};
    for (int i = 0; i < 50000; i++) {
        uint64_t k = rmi_rng_below(&r, 5);
        ck_assert_uint_lt(k, 5);
        hist[k]++;
        double u = rmi_rng_uniform(&r);
        ck_assert(u >= 0 && u < 1);
    }
    for (int k = 0; k < 5; k++) /* 10000 expected, sd ~ 90 */
        ck_assert_msg(abs(hist[k] - 10000) < 500, "bucket %d: %d", k, hist[k]);
}
END_TEST

static void fig3_options(rm_generate_options *go)
{
    rmi_generate_options_init(go);
    go->n_wan = 5;
    go->n_man = 5;
    go->n_lan = 25;
    go->man_nodes = 5;
    go->lan_nodes = 5;
    go->wan_extra = 1;
    go->man_extra = 1;
    go->seed = 20;
}

static void fig4_options(rm_generate_options *go)
{
    rmi_generate_options_init(go);
    go->n_wan = 3;
    go->n_man = 3;
    go->n_lan = 30;
    go->man_nodes = 5;
    go->lan_nodes = 10;
    go->wan_extra = 1;
    go->man_extra = 1;
    go->seed = 22;
}

static void big_options(rm_generate_options *go)
{
    rmi_generate_options_init(go);
    go->n_wan = 8;
    go->n_man = 16;
    go->n_lan = 111;
    go->man_nodes = 6;
    go->lan_nodes = 30;
    go->wan_extra = 4;
    go->man_extra = 2;
    go->seed = 1;
}

START_TEST(generate_deterministic)
{
    rm_generate_options go;
    fig3_options(&go);
    rm_platform *a = NULL, *b = NULL, *c = NULL;
    rm_error err = {RM_OK, ""};
    ck_assert_msg(rmi_generate_tiers(&go, &a, &err) == RM_OK, "%s", err.msg);
    ck_assert_int_eq(rmi_generate_tiers(&go, &b, &err), RM_OK);
    go.seed = 21;
    ck_assert_int_eq(rmi_generate_tiers(&go, &c, &err), RM_OK);
    /* Legrand et al. 2004 Fig. 3: 38 hosts, 49 routers, 92 links */
    ck_assert_int_eq(a->n_hosts, 38);
    ck_assert_int_eq(a->n_nodes - a->n_hosts, 49);
    ck_assert_int_eq(a->n_links, 92);
    char *ta = gml_text(a, "x"), *tb = gml_text(b, "x"), *tc = gml_text(c, "x");
    ck_assert_str_eq(ta, tb);
    ck_assert_str_ne(ta, tc);
    free(ta);
    free(tb);
    free(tc);

    /* hosts: speeds from the list; links: bandwidths from the class lists */
    int ns;
    const double *speeds = rmi_linpack_speeds(&ns);
    static const double bws[] = {100, 34.3, 45, 100, 30.5, 45, 155, 10, 16.7, 34.3, 2.0, 4.9,
                                 8.2, 10};
    for (int k = 0; k < a->n_hosts; k++) {
        const rm_node *nd = &a->nodes[a->hosts[k]];
        ck_assert(nd->label[0] == 'H');
        int ok = 0;
        for (int i = 0; i < ns; i++)
            ok |= nd->w == 1.0 / speeds[i];
        ck_assert(ok);
    }
    /* no router is a leaf after pruning */
    int *deg = calloc((size_t)a->n_nodes, sizeof *deg);
    for (int l = 0; l < a->n_links; l++) {
        deg[a->links[l].source]++;
        deg[a->links[l].target]++;
        ck_assert(in_list(a->links[l].bandwidth, bws, 14));
        ck_assert(a->links[l].latency > 0);
    }
    for (int v = 0; v < a->n_nodes; v++)
        if (!a->nodes[v].is_host)
            ck_assert_int_ge(deg[v], 2);
    free(deg);
    rm_platform_free(a);
    rm_platform_free(b);
    rm_platform_free(c);

    /* without pruning: all 25*5 LAN nodes, 5 WAN, 25 MAN nodes; round(0.3*125) = 38 hosts */
    fig3_options(&go);
    go.prune = 0;
    ck_assert_int_eq(rmi_generate_tiers(&go, &a, &err), RM_OK);
    ck_assert_int_eq(a->n_nodes, 5 + 25 + 125);
    ck_assert_int_eq(a->n_hosts, 38);
    /* edges: WAN tree 4 + 1 extra; MANs 5*(4 + 1) + 5 uplinks; LANs 25*(4 + 1) */
    ck_assert_int_eq(a->n_links, 5 + 30 + 125);
    rm_platform_free(a);

    /* bad options */
    rmi_generate_options_init(&go);
    go.n_wan = 0;
    ck_assert_int_eq(rmi_generate_tiers(&go, &a, &err), RM_EINPUT);
    ck_assert_ptr_nonnull(strstr(err.msg, "--wan"));
    rmi_generate_options_init(&go);
    go.hosts_fraction = 0;
    ck_assert_int_eq(rmi_generate_tiers(&go, &a, &err), RM_EINPUT);
    ck_assert_ptr_null(a);
}
END_TEST

/* The shipped generated platforms: their sizes, that they read and
 * validate, and that the generator still produces exactly their bytes
 * (comment lines aside). */
static void check_shipped(const char *file, void (*opts)(rm_generate_options *), int hosts,
                          int routers, int links)
{
    char path[512];
    snprintf(path, sizeof path, PLATFORMS "generated/%s", file);
    rm_platform *p = NULL, *g = NULL;
    rm_error err = {RM_OK, ""};
    ck_assert_msg(rm_platform_read(path, NULL, &p, &err) == RM_OK, "%s", err.msg);
    ck_assert_int_eq(p->n_hosts, hosts);
    ck_assert_int_eq(p->n_nodes - p->n_hosts, routers);
    ck_assert_int_eq(p->n_links, links);
    rm_generate_options go;
    opts(&go);
    ck_assert_int_eq(rmi_generate_tiers(&go, &g, &err), RM_OK);
    /* values read back equal the generated ones exactly */
    ck_assert_int_eq(g->n_nodes, p->n_nodes);
    for (int v = 0; v < p->n_nodes; v++) {
        ck_assert_str_eq(g->nodes[v].label, p->nodes[v].label);
        ck_assert_double_eq(g->nodes[v].w, p->nodes[v].w);
    }
    for (int l = 0; l < p->n_links; l++) {
        ck_assert_int_eq(g->links[l].source, p->links[l].source);
        ck_assert_int_eq(g->links[l].target, p->links[l].target);
        ck_assert_double_eq(g->links[l].bandwidth, p->links[l].bandwidth);
        ck_assert_double_eq(g->links[l].latency, p->links[l].latency);
    }
    /* bytes */
    FILE *f = fopen(path, "rb");
    ck_assert_ptr_nonnull(f);
    char *file_text = NULL;
    size_t cap = 0, len = 0;
    char line[4096];
    FILE *mem = open_memstream(&file_text, &cap);
    while (fgets(line, sizeof line, f))
        if (line[0] != '#')
            fputs(line, mem);
    fclose(mem);
    fclose(f);
    len = strlen(file_text);
    char *gen = gml_text(g, NULL);
    ck_assert_uint_eq(strlen(gen), len);
    ck_assert_str_eq(gen, file_text);
    free(gen);
    free(file_text);
    rm_platform_free(p);
    rm_platform_free(g);
}

START_TEST(generated_platforms_shipped)
{
    check_shipped("tiers_fig3.gml", fig3_options, 38, 49, 92);
    check_shipped("tiers_fig4.gml", fig4_options, 90, 43, 136);
    check_shipped("tiers_1000.gml", big_options, 999, 176, 1210);
}
END_TEST

/* GML writer round trip through the GML reader, on the SimGrid platform
 * (w not a short decimal: written as w with 17 digits or as speed). */
START_TEST(gml_writer_round_trip)
{
    rm_platform *a = NULL, *b = NULL;
    rm_error err = {RM_OK, ""};
    ck_assert_int_eq(rm_platform_read(PLATFORMS "medium_tiers.gml", NULL, &a, &err), RM_OK);
    char *text = gml_text(a, "round trip\nsecond line");
    const char *want = "# round trip\n# second line\ngraph [\n";
    ck_assert(strncmp(text, want, strlen(want)) == 0);
    ck_assert_int_eq(read_text(rm_platform_read_gml, "rt.gml", text, &b, &err, NULL, 0), RM_OK);
    free(text);
    ck_assert_int_eq(a->n_nodes, b->n_nodes);
    ck_assert_int_eq(a->n_links, b->n_links);
    for (int v = 0; v < a->n_nodes; v++) {
        ck_assert_str_eq(a->nodes[v].label, b->nodes[v].label);
        ck_assert_int_eq(a->nodes[v].is_host, b->nodes[v].is_host);
        ck_assert_double_eq(a->nodes[v].w, b->nodes[v].w);
    }
    for (int l = 0; l < a->n_links; l++) {
        ck_assert_int_eq(a->links[l].source, b->links[l].source);
        ck_assert_int_eq(a->links[l].target, b->links[l].target);
        ck_assert_double_eq(a->links[l].bandwidth, b->links[l].bandwidth);
        ck_assert_double_eq(a->links[l].latency, b->links[l].latency);
        ck_assert_int_eq(a->links[l].backbone, b->links[l].backbone);
    }
    rm_platform_free(a);
    rm_platform_free(b);
}
END_TEST

/* ------------------------------------------------- the readers' warnings */

/* A GML file whose node 0 gives w twice: the reader warns once, "PATH: line
 * 3: node: key 'w' given twice (first at line 3); the last value is used". */
static const char *const REPEATED_W = "graph [\n"
                                      "  directed 0\n"
                                      "  node [ id 0 label \"a\" w 1 w 3 ]\n"
                                      "  node [ id 1 label \"b\" w 1 ]\n"
                                      "  edge [ source 0 target 1 bandwidth 10 ]\n"
                                      "]\n";

/* Read path with ro (may be NULL) while standard error goes to a file;
 * returns what was written there (static buffer). With repeated_w, node 0
 * must have w = 3 (REPEATED_W's last value). */
static const char *capture_read(const char *path, const rm_read_options *ro, int repeated_w)
{
    static char got[4096];
    char cap[64] = "/tmp/rm_test_stderr_XXXXXX";
    int fd = mkstemp(cap);
    ck_assert_int_ge(fd, 0);
    fflush(stderr);
    int saved = dup(2);
    ck_assert_int_ge(saved, 0);
    ck_assert_int_eq(dup2(fd, 2), 2);
    rm_platform *p = NULL;
    rm_error err = {RM_OK, ""};
    rm_status st = rm_platform_read(path, ro, &p, &err);
    fflush(stderr);
    dup2(saved, 2);
    close(saved);
    ck_assert_msg(st == RM_OK, "%s", err.msg);
    ck_assert_ptr_nonnull(p);
    if (repeated_w)
        ck_assert_double_eq(p->nodes[0].w, 3.0); /* the last value */
    rm_platform_free(p);
    ssize_t n = pread(fd, got, sizeof got - 1, 0);
    ck_assert_int_ge(n, 0);
    got[n] = '\0';
    close(fd);
    unlink(cap);
    return got;
}

static char redirected[1024];
static int n_redirected;

static void redirect(void *ctx, const char *msg)
{
    ck_assert_ptr_eq(ctx, (void *)redirected);
    n_redirected++;
    snprintf(redirected, sizeof redirected, "%s", msg);
}

/* Reader warnings reach standard error by default (rm_read_options_init, a
 * zeroed struct, a NULL ro: rm_warn_stderr, "ringmap: warning: FILE: ...");
 * rm_warn_silent drops them; a callback of one's own gets them instead. */
START_TEST(warnings_default_silent_redirect)
{
    char path[512], msg[1024], want[1100];
    write_tmp(path, sizeof path, "rep.gml", REPEATED_W);
    snprintf(msg, sizeof msg,
             "%s: line 3: node: key 'w' given twice (first at line 3); the last value is used",
             path);
    snprintf(want, sizeof want, "ringmap: warning: %s\n", msg);
    rm_read_options ro;
    rm_read_options_init(&ro);
    ck_assert_ptr_null(ro.warn);
    ck_assert_str_eq(capture_read(path, &ro, 1), want);
    memset(&ro, 0, sizeof ro);
    ck_assert_str_eq(capture_read(path, &ro, 1), want);
    ck_assert_str_eq(capture_read(path, NULL, 1), want);
    /* silenced */
    rm_read_options_init(&ro);
    ro.warn = rm_warn_silent;
    ck_assert_str_eq(capture_read(path, &ro, 1), "");
    /* redirected: the callback alone, with its context */
    ro.warn = redirect;
    ro.warn_ctx = redirected;
    n_redirected = 0;
    ck_assert_str_eq(capture_read(path, &ro, 1), "");
    ck_assert_int_eq(n_redirected, 1);
    ck_assert_str_eq(redirected, msg); /* one line, no newline */
    remove_tmp(path);
}
END_TEST

/* The default printer of another reader's warning: a SimGrid file whose
 * hosts have several cores, and a GML link too slow for the model. */
START_TEST(warnings_default_other_readers)
{
    rm_read_options ro;
    rm_read_options_init(&ro);
    const char *got =
        capture_read(RM_SOURCE_DIR "/tests/data/simgrid/style_cores.xml", &ro, 0);
    ck_assert_msg(strstr(got, "ringmap: warning: ") == got && strstr(got, "style_cores.xml: ") &&
                      strstr(got, "several cores"),
                  "%s", got);
    char path[512];
    write_tmp(path, sizeof path, "slow.gml",
              "graph [\n  node [ id 0 w 1 ]\n  node [ id 1 w 1 ]\n  node [ id 2 w 1 ]\n"
              "  edge [ source 0 target 1 bandwidth 10 ]\n"
              "  edge [ source 1 target 2 bandwidth 10 ]\n"
              "  edge [ source 0 target 2 bandwidth 1e-200 ]\n]\n");
    got = capture_read(path, &ro, 0);
    ck_assert_msg(strstr(got, "ringmap: warning: ") == got && strstr(got, "slow.gml: 1 link with"),
                  "%s", got);
    remove_tmp(path);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("readers");
    TCase *tc = tcase_create("gml");
    tcase_add_test(tc, gml_writer_round_trip);
    suite_add_tcase(s, tc);
    tc = tcase_create("warnings");
    tcase_add_test(tc, warnings_default_silent_redirect);
    tcase_add_test(tc, warnings_default_other_readers);
    suite_add_tcase(s, tc);
    tc = tcase_create("tiers");
    tcase_add_test(tc, tiers_small_and_medium);
    tcase_add_test(tc, tiers_errors_name_line);
    suite_add_tcase(s, tc);
    tc = tcase_create("graphml");
    tcase_add_test(tc, graphml_attributes);
    suite_add_tcase(s, tc);
    tc = tcase_create("generate");
    tcase_add_test(tc, rng_splitmix64);
    tcase_add_test(tc, generate_deterministic);
    tcase_add_test(tc, generated_platforms_shipped);
    suite_add_tcase(s, tc);
    return rmt_run_suite(s);
}
