/*
 * test_topo.c — the topo module: GML reading (docs/formats.md conventions, the
 * Topology Zoo's LinkSpeedRaw), error reports on bad input, validation,
 * the network view (arcs, resources, duplex), widest paths and trees
 * (values checked by hand and against an independent O(N^3) max-min
 * closure), residual bandwidth, and the SliceRing capacity matrix.
 */
#define _POSIX_C_SOURCE 200809L
#include "ringmap.h"

#include "support.h"

#include <check.h>
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define DATA RM_SOURCE_DIR "/tests/data/"
#define ZOO RM_SHARED_DIR "/data/topology-zoo/"

/* ---------------------------------------------------------------- helpers */

static rm_platform *read_ok(const char *path, double host_w, double default_bw)
{
    rm_read_options ro;
    rm_read_options_init(&ro);
    ro.host_w = host_w;
    ro.default_bandwidth = default_bw;
    rm_platform *p = NULL;
    rm_error err = {RM_OK, ""};
    rm_status st = rm_platform_read(path, &ro, &p, &err);
    ck_assert_msg(st == RM_OK, "reading %s: %s", path, err.msg);
    ck_assert_ptr_nonnull(p);
    return p;
}

/* Write text to <fresh temporary directory>/platform.gml; path receives it.
 * Remove with remove_tmp(). */
static void write_tmp(char *path, size_t n, const char *text, size_t len)
{
    char dir[64] = "/tmp/rm_test_topo_XXXXXX";
    ck_assert_ptr_nonnull(mkdtemp(dir));
    snprintf(path, n, "%s/platform.gml", dir);
    FILE *f = fopen(path, "wb");
    ck_assert_ptr_nonnull(f);
    if (len)
        ck_assert_uint_eq(fwrite(text, 1, len, f), len);
    fclose(f);
}

static void remove_tmp(const char *path)
{
    char dir[512];
    snprintf(dir, sizeof dir, "%s", path);
    char *slash = strrchr(dir, '/');
    unlink(path);
    if (slash) {
        *slash = '\0';
        rmdir(dir);
    }
}

/* Read GML text that must fail with RM_EINPUT and a message containing each
 * of the fragments (NULL-terminated) and the file's path. */
static void expect_bad_opts(const char *text, double host_w, double default_bw, const char *frag1,
                            const char *frag2)
{
    char path[256];
    write_tmp(path, sizeof path, text, strlen(text));
    rm_read_options ro;
    rm_read_options_init(&ro);
    ro.host_w = host_w;
    ro.default_bandwidth = default_bw;
    rm_platform *p = (rm_platform *)&ro; /* must be reset to NULL */
    rm_error err = {RM_OK, ""};
    rm_status st = rm_platform_read_gml(path, &ro, &p, &err);
    ck_assert_msg(st == RM_EINPUT, "expected RM_EINPUT for:\n%s\ngot %d: %s", text, (int)st, err.msg);
    ck_assert_int_eq(err.status, RM_EINPUT);
    ck_assert_ptr_null(p);
    ck_assert_msg(strstr(err.msg, path) != NULL, "message does not name the file: %s", err.msg);
    ck_assert_msg(strstr(err.msg, frag1) != NULL, "message lacks \"%s\": %s", frag1, err.msg);
    if (frag2)
        ck_assert_msg(strstr(err.msg, frag2) != NULL, "message lacks \"%s\": %s", frag2, err.msg);
    remove_tmp(path);
}

static void expect_bad(const char *text, const char *frag1, const char *frag2)
{
    expect_bad_opts(text, 0, 0, frag1, frag2);
}

/* Independent widest-path widths: max-min closure (Floyd–Warshall over the
 * bottleneck semiring) on usable arcs. W[i*N+j], W[i*N+i] = INFINITY. */
static double *closure_widths(const rm_network *net, const double *residual)
{
    int N = net->platform->n_nodes;
    double *W = calloc((size_t)N * N, sizeof *W);
    ck_assert_ptr_nonnull(W);
    for (int i = 0; i < N; i++)
        W[(size_t)i * N + i] = INFINITY;
    for (int a = 0; a < net->n_arcs; a++) {
        int r = net->arc_res[a];
        if (r < 0)
            continue;
        double x = (residual && !net->res_backbone[r]) ? residual[r] : net->res_cap[r];
        if (x < 0)
            x = 0;
        double *c = &W[(size_t)net->arc_tail[a] * N + net->arc_head[a]];
        if (x > *c)
            *c = x;
    }
    for (int k = 0; k < N; k++)
        for (int i = 0; i < N; i++)
            for (int j = 0; j < N; j++) {
                double via = fmin(W[(size_t)i * N + k], W[(size_t)k * N + j]);
                if (via > W[(size_t)i * N + j])
                    W[(size_t)i * N + j] = via;
            }
    return W;
}

/* The route is a walk of usable arcs from r->src to r->dst; returns its
 * bottleneck width under residual. */
static double route_width(const rm_network *net, const double *residual, const rm_route *r)
{
    int v = r->src;
    double w = INFINITY;
    for (int k = 0; k < r->n_arcs; k++) {
        int a = r->arcs[k];
        ck_assert_int_ge(a, 0);
        ck_assert_int_lt(a, net->n_arcs);
        ck_assert_int_ge(net->arc_res[a], 0);
        ck_assert_int_eq(net->arc_tail[a], v);
        v = net->arc_head[a];
        int res = net->arc_res[a];
        double x = (residual && !net->res_backbone[res]) ? residual[res] : net->res_cap[res];
        w = fmin(w, x);
    }
    ck_assert_int_eq(v, r->dst);
    return w;
}

static int node_by_label(const rm_platform *p, const char *label)
{
    for (int v = 0; v < p->n_nodes; v++)
        if (!strcmp(p->nodes[v].label, label))
            return v;
    ck_abort_msg("no node labelled %s", label);
    return -1;
}

/* ---------------------------------------------------------------- reading */

START_TEST(test_read_star4)
{
    rm_platform *p = read_ok(DATA "star4.gml", 0, 0);
    ck_assert_str_eq(p->name, "star4");
    ck_assert_int_eq(p->directed, 0);
    ck_assert_int_eq(p->n_nodes, 4);
    ck_assert_int_eq(p->n_links, 3);
    ck_assert_int_eq(p->n_hosts, 3);
    ck_assert_int_eq(p->hosts[0], 1);
    ck_assert_int_eq(p->hosts[1], 2);
    ck_assert_int_eq(p->hosts[2], 3);
    ck_assert_str_eq(p->nodes[0].label, "R");
    ck_assert_int_eq(p->nodes[0].is_host, 0);
    ck_assert_double_eq(p->nodes[0].w, 0.0);
    ck_assert_double_eq_tol(p->nodes[2].w, 2.0, 1e-15);
    ck_assert_double_eq_tol(p->nodes[3].w, 4.0, 1e-15); /* speed 0.25 */
    ck_assert_int_eq(p->nodes[3].id, 3);
    /* link 0: "source 1 target 0", undirected: smaller node index first */
    ck_assert_int_eq(p->links[0].source, 0);
    ck_assert_int_eq(p->links[0].target, 1);
    ck_assert_double_eq(p->links[0].bandwidth, 10.0);
    ck_assert_double_eq(p->links[0].latency, 0.0);
    ck_assert_double_eq(p->links[1].latency, 0.5);
    ck_assert_int_eq(p->links[1].backbone, 0);
    ck_assert_int_eq(p->links[2].backbone, 1);
    ck_assert_double_eq(p->links[2].bandwidth, 30.0);
    rm_platform_free(p);
}
END_TEST

START_TEST(test_read_diamond_ids_and_dring)
{
    rm_platform *p = read_ok(DATA "diamond.gml", 0, 0);
    ck_assert_int_eq(p->n_nodes, 5);
    ck_assert_int_eq(p->nodes[0].id, 10); /* GML ids kept, node index = file position */
    ck_assert_int_eq(p->nodes[4].id, 14);
    ck_assert_double_eq_tol(p->nodes[4].w, 0.5, 1e-15);
    ck_assert_int_eq(p->n_hosts, 2);
    /* "source 12 target 10" -> nodes 2 and 0 -> source 0, target 2 */
    ck_assert_int_eq(p->links[2].source, 0);
    ck_assert_int_eq(p->links[2].target, 2);
    rm_platform_free(p);

    p = read_ok(DATA "dring.gml", 0, 0);
    ck_assert_int_eq(p->directed, 1);
    /* directed: source/target as written */
    ck_assert_int_eq(p->links[2].source, 2);
    ck_assert_int_eq(p->links[2].target, 0);
    rm_platform_free(p);

    p = read_ok(DATA "parallel.gml", 0, 0);
    ck_assert_int_eq(p->n_links, 3);
    ck_assert_double_eq(p->links[0].bandwidth, 10);
    ck_assert_double_eq(p->links[1].bandwidth, 25);
    ck_assert_double_eq(p->links[2].bandwidth, 5);
    rm_platform_free(p);
}
END_TEST

START_TEST(test_read_geant_zoo)
{
    rm_platform *p = read_ok(ZOO "Geant2009.gml", 0.01, 0);
    ck_assert_str_eq(p->name, "Geant2009");
    ck_assert_int_eq(p->n_nodes, 34);
    ck_assert_int_eq(p->n_links, 52);
    ck_assert_int_eq(p->n_hosts, 34);
    ck_assert_double_eq(p->nodes[5].w, 0.01);
    /* edge 3 of the file: source 0 (NL) target 13 (MT), LinkSpeedRaw 45000000.0
     * bit/s -> 45 Mb/s; edge 0: NL -- BE, 10000000000.0 bit/s -> 10000 Mb/s */
    ck_assert_str_eq(p->nodes[p->links[3].source].label, "NL");
    ck_assert_str_eq(p->nodes[p->links[3].target].label, "MT");
    ck_assert_int_eq(p->nodes[p->links[3].target].id, 13);
    ck_assert_double_eq_tol(p->links[3].bandwidth, 45.0, 1e-12);
    ck_assert_double_eq_tol(p->links[0].bandwidth, 10000.0, 1e-9);
    rm_platform_free(p);

    /* without host_w: no host at all */
    rm_platform *q = NULL;
    rm_error err = {RM_OK, ""};
    ck_assert_int_eq(rm_platform_read(ZOO "Geant2009.gml", NULL, &q, &err), RM_EINPUT);
    ck_assert_ptr_null(q);
    ck_assert_ptr_nonnull(strstr(err.msg, "no host"));
}
END_TEST

START_TEST(test_read_abilene_no_speeds)
{
    rm_read_options ro;
    rm_read_options_init(&ro);
    ck_assert_double_eq(ro.host_w, 0.0);
    ck_assert_double_eq(ro.default_bandwidth, 0.0);
    ro.host_w = 1.0;
    rm_platform *p = NULL;
    rm_error err = {RM_OK, ""};
    ck_assert_int_eq(rm_platform_read(ZOO "Abilene.gml", &ro, &p, &err), RM_EINPUT);
    ck_assert_ptr_null(p);
    /* first edge of Abilene.gml: source 0 (New York) target 1 (Chicago) */
    ck_assert_msg(strstr(err.msg, "Abilene.gml: edge 0 (New York -- Chicago): no bandwidth") != NULL, "%s",
                  err.msg);
    p = read_ok(ZOO "Abilene.gml", 1.0, 1000.0);
    ck_assert_int_eq(p->n_nodes, 11);
    ck_assert_int_eq(p->n_links, 14);
    ck_assert_int_eq(p->n_hosts, 11);
    for (int l = 0; l < p->n_links; l++)
        ck_assert_double_eq(p->links[l].bandwidth, 1000.0);
    rm_platform_free(p);
}
END_TEST

START_TEST(test_read_comments_and_string_numbers)
{
    /* '#' at column 1 is accepted by igraph 0.10.2's GML lexer; numbers in
     * quotes are parsed by our reader; Version 1 and comment keys ignored */
    const char *text = "# provenance: hand-made [test]\n"
                       "#\n"
                       "graph [\n"
                       "  comment \"a GML comment key\"\n"
                       "  Creator \"test_topo\"\n"
                       "  node [ id 0 label \"a\" w \"0.5\" ]\n"
                       "  node [ id 1 label 7 w 2 ]\n"
                       "  edge [ source 0 target 1 bandwidth \" 12.5 \" latency 1e-3 ]\n"
                       "]\n";
    char path[256];
    write_tmp(path, sizeof path, text, strlen(text));
    rm_platform *p = read_ok(path, 0, 0);
    ck_assert_double_eq(p->nodes[0].w, 0.5);
    ck_assert_str_eq(p->nodes[1].label, "7");
    ck_assert_double_eq(p->links[0].bandwidth, 12.5);
    ck_assert_double_eq(p->links[0].latency, 1e-3);
    rm_platform_free(p);
    remove_tmp(path);
}
END_TEST

START_TEST(test_read_subnormal_numbers)
{
    /* a valid input: igraph's GML lexer refuses numbers strtod reports
     * as out of range, subnormal ones included (1e-310 is a double); the
     * reader gives igraph 0 and puts the value back (topo/io/gml_subnormal.c).
     * Values on the right element even when nodes and edges interleave and a
     * string-typed attribute, a nested list and a comment hold one too. */
    const char *text = "# 1e-310 in a comment\n"
                       "graph [\n"
                       "  node [ id 5 label \"a\" w 1 ]\n"
                       "  edge [ source 5 target 7 bandwidth 2 latency 4.9e-324 ]\n"
                       "  node [ id 7 label \"b\" w 2.5e-310 graphics [ x 1e-310 ] ]\n"
                       "  node [ id 9 label \"c\" w \"3\" ]\n"
                       "  edge [ source 7 target 9 bandwidth -1e-315 ]\n"
                       "  edge [ source 5 target 9 bandwidth 1e-310 latency 0.5 ]\n"
                       "]\n";
    char path[256];
    write_tmp(path, sizeof path, text, strlen(text));
    rm_read_options ro;
    rm_read_options_init(&ro);
    rm_platform *p = NULL;
    rm_error err = {RM_OK, ""};
    rm_status st = rm_platform_read_gml(path, &ro, &p, &err);
    /* the negative subnormal bandwidth is read as itself, then refused as a
     * bandwidth (must be > 0) naming the edge: not igraph's parse error */
    ck_assert_int_eq(st, RM_EINPUT);
    ck_assert_msg(strstr(err.msg, "Parse error") == NULL, "%s", err.msg);
    ck_assert_msg(strstr(err.msg, "bandwidth") != NULL, "%s", err.msg);
    remove_tmp(path);

    const char *ok = "graph [\n"
                     "  node [ id 5 label \"a\" w 1 ]\n"
                     "  edge [ source 5 target 7 bandwidth 2 latency 4.9e-324 ]\n"
                     "  node [ id 7 label \"b\" w 1e-300 graphics [ x 1e-310 ] ]\n"
                     "  node [ id 9 label \"c\" w \"3\" ]\n"
                     "  edge [ source 7 target 9 bandwidth 1e-310 ]\n"
                     "  edge [ source 5 target 9 bandwidth 4 latency 0.5 ]\n"
                     "]\n";
    write_tmp(path, sizeof path, ok, strlen(ok));
    p = read_ok(path, 0, 0);
    ck_assert_int_eq(p->n_nodes, 3);
    ck_assert_str_eq(p->nodes[1].label, "b");
    ck_assert_double_eq(p->nodes[0].w, 1.0);
    ck_assert_double_eq(p->nodes[1].w, 1e-300);
    ck_assert_double_eq(p->nodes[2].w, 3.0);
    ck_assert_double_eq(p->links[0].bandwidth, 2.0);
    ck_assert_double_eq(p->links[0].latency, 4.9e-324);
    ck_assert_double_eq(p->links[1].bandwidth, 1e-310);
    ck_assert_double_eq(p->links[1].latency, 0.0);
    ck_assert_double_eq(p->links[2].bandwidth, 4.0);
    ck_assert_double_eq(p->links[2].latency, 0.5);
    rm_platform_free(p);
    remove_tmp(path);

    /* a subnormal w is read, then refused by the model: its speed 1/w
     * overflows (alpha would be inf), named with the host */
    expect_bad("graph [\n node [ id 0 w 1 ]\n node [ id 1 label \"fast\" w 2.5e-310 ]\n"
               " edge [ source 0 target 1 bandwidth 1 ]\n]\n",
               "host fast", "too small");
    /* 1e-400 underflows to 0 (not a subnormal): still igraph's error */
    expect_bad("graph [\n node [ id 0 w 1 ]\n node [ id 1 w 1e-400 ]\n"
               " edge [ source 0 target 1 bandwidth 1 ]\n]\n",
               "Parse error", NULL);
}
END_TEST

START_TEST(test_bad_inputs)
{
    rm_platform *p = NULL;
    rm_error err = {RM_OK, ""};
    /* unreadable file */
    ck_assert_int_eq(rm_platform_read("/nonexistent/dir/x.gml", NULL, &p, &err), RM_EINPUT);
    ck_assert_ptr_nonnull(strstr(err.msg, "/nonexistent/dir/x.gml: cannot open"));
    ck_assert_ptr_null(p);
    /* unknown format */
    ck_assert_int_eq(rm_platform_read(DATA "star4.txt", NULL, &p, &err), RM_EINPUT);
    ck_assert_ptr_nonnull(strstr(err.msg, "unknown platform format"));
    ck_assert_int_eq(rm_status_exit_code(err.status), 2);
    ck_assert_int_eq(rm_platform_read(DATA "noext", NULL, &p, &err), RM_EINPUT);
    ck_assert_ptr_nonnull(strstr(err.msg, "noext: unknown platform format"));
    /* the extension test is case-insensitive */
    {
        char path[256], upper[300];
        const char *text = "graph [\n node [ id 0 w 1 ]\n]\n";
        write_tmp(path, sizeof path, text, strlen(text));
        snprintf(upper, sizeof upper, "%.*s.GML", (int)(strlen(path) - 4), path);
        ck_assert_int_eq(rename(path, upper), 0);
        p = read_ok(upper, 0, 0);
        ck_assert_int_eq(p->n_hosts, 1);
        ck_assert_str_eq(p->name, "platform");
        rm_platform_free(p);
        remove_tmp(upper);
    }

    /* empty file, binary junk, truncated file, syntax errors with the line */
    expect_bad("", "No 'graph' object", NULL);
    {
        char junk[300], path[256];
        for (int i = 0; i < 300; i++)
            junk[i] = (char)((i * 73 + 11) % 256);
        write_tmp(path, sizeof path, junk, sizeof junk);
        ck_assert_int_eq(rm_platform_read_gml(path, NULL, &p, &err), RM_EINPUT);
        ck_assert_ptr_nonnull(strstr(err.msg, path));
        ck_assert_ptr_null(p);
        remove_tmp(path);
    }
    expect_bad("graph [\n node [ id 0 w 1 ]\n", "Parse error", "line 3");
    expect_bad("graph [\n  directed 0 # trailing comment\n node [ id 0 w 1 ]\n]\n", "line 2", NULL);
    /* igraph 0.10.2 reads nan as a number, which would look like a missing w */
    expect_bad("graph [\n node [ id 0 w 1 ]\n node [ id 1 w nan ]\n]\n", "line 3: NaN", NULL);
    expect_bad("graph [\n node [ id 0 w 1 ]\n edge [ source 0 target 0\n bandwidth -NaN ]\n]\n", "line 4: NaN",
               NULL);
    expect_bad("graph [\n node [ id 0 w 1 ]\n node [ id 0 w 1 ]\n]\n", "Duplicate node id", "line 3");
    expect_bad("graph [\n node [ id 0.5 w 1 ]\n]\n", "Non-integer node id", "line 2");
    expect_bad("graph [\n directed 2\n node [ id 0 w 1 ]\n]\n", "'directed'", NULL);

    /* string where a number is expected */
    expect_bad("graph [\n node [ id 0 label \"P0\" w 1 ]\n node [ id 7 label \"P1\" w \"fast\" ]\n]\n",
               "node \"P1\" (id 7): w \"fast\" is not a number", NULL);
    expect_bad("graph [\n node [ id 0 label \"P0\" speed \"x\" ]\n]\n", "speed \"x\"", NULL);
    /* bad cycle-times / speeds */
    expect_bad("graph [\n node [ id 3 label \"P3\" w -1 ]\n]\n", "node \"P3\" (id 3): cycle-time w -1", NULL);
    expect_bad("graph [\n node [ id 3 label \"P3\" w 0 ]\n]\n", "cycle-time w 0", NULL);
    expect_bad("graph [\n node [ id 3 label \"P3\" w inf ]\n]\n", "cycle-time w inf", NULL);
    expect_bad("graph [\n node [ id 3 label \"P3\" speed 0 ]\n]\n", "node \"P3\" (id 3): speed 0", NULL);
    expect_bad("graph [\n node [ id 3 label \"P3\" speed -2 ]\n]\n", "speed -2", NULL);
    expect_bad("graph [\n node [ id 3 label \"P3\" w 1 speed 2 ]\n]\n", "disagree", NULL);
    /* bad bandwidths, latency, backbone: edge index and end labels */
    const char *two = "graph [\n node [ id 0 label \"A\" w 1 ]\n node [ id 1 label \"B\" w 1 ]\n"
                      " edge [ source 0 target 1 bandwidth 3 ]\n";
    char buf[512];
    snprintf(buf, sizeof buf, "%s edge [ source 1 target 0 bandwidth 0 ]\n]\n", two);
    expect_bad(buf, "edge 1 (A -- B): bandwidth 0 must be finite and > 0", NULL);
    snprintf(buf, sizeof buf, "%s edge [ source 1 target 0 bandwidth -5 ]\n]\n", two);
    expect_bad(buf, "edge 1 (A -- B): bandwidth -5", NULL);
    snprintf(buf, sizeof buf, "%s edge [ source 1 target 0 bandwidth inf ]\n]\n", two);
    expect_bad(buf, "edge 1 (A -- B): bandwidth inf", NULL);
    snprintf(buf, sizeof buf, "%s edge [ source 1 target 0 bandwidth 1e400 ]\n]\n", two);
    expect_bad(buf, "line 5", NULL); /* overflow: igraph's lexer rejects it */
    snprintf(buf, sizeof buf, "%s edge [ source 1 target 0 bandwidth \"fast\" ]\n]\n", two);
    expect_bad(buf, "edge 1 (A -- B): bandwidth \"fast\" is not a number", NULL);
    snprintf(buf, sizeof buf, "%s edge [ source 1 target 0 LinkSpeedRaw 0 ]\n]\n", two);
    expect_bad(buf, "edge 1 (A -- B): bandwidth 0", NULL);
    snprintf(buf, sizeof buf, "%s edge [ source 1 target 0 ]\n]\n", two);
    expect_bad(buf, "edge 1 (A -- B): no bandwidth", NULL);
    snprintf(buf, sizeof buf, "%s edge [ source 1 target 0 bandwidth 1 latency -1 ]\n]\n", two);
    expect_bad(buf, "link 1 (A -- B): latency -1", NULL);
    snprintf(buf, sizeof buf, "%s edge [ source 1 target 0 bandwidth 1 backbone 2 ]\n]\n", two);
    expect_bad(buf, "edge 1 (A -- B): backbone must be 0 or 1", NULL);
    /* self-loop */
    snprintf(buf, sizeof buf, "%s edge [ source 1 target 1 bandwidth 2 ]\n]\n", two);
    expect_bad(buf, "link 1 (B -- B): self-loop on node id 1", NULL);
    /* edge to a missing node */
    snprintf(buf, sizeof buf, "%s edge [ source 1 target 9 bandwidth 2 ]\n]\n", two);
    expect_bad(buf, "Unknown target node id", "line 5");
    /* no host */
    expect_bad("graph [\n node [ id 0 label \"R\" ]\n node [ id 1 label \"S\" ]\n"
               " edge [ source 0 target 1 bandwidth 1 ]\n]\n",
               "no host", NULL);
    /* a host that cannot reach the others */
    expect_bad("graph [\n node [ id 0 label \"A\" w 1 ]\n node [ id 1 label \"B\" w 1 ]\n"
               " node [ id 5 label \"Lonely\" w 1 ]\n edge [ source 0 target 1 bandwidth 1 ]\n]\n",
               "host A (id 0) cannot reach host Lonely (id 5)", NULL);
    /* directed: reachable one way only */
    expect_bad("graph [\n directed 1\n node [ id 0 label \"A\" w 1 ]\n node [ id 1 label \"B\" w 1 ]\n"
               " edge [ source 0 target 1 bandwidth 1 ]\n]\n",
               "host B (id 1) cannot reach host A (id 0)", NULL);
    /* bad reader options */
    expect_bad_opts("graph [\n node [ id 0 w 1 ]\n]\n", -1, 0, "host cycle-time option", NULL);
    expect_bad_opts("graph [\n node [ id 0 w 1 ]\n]\n", 0, NAN, "default bandwidth option", NULL);
}
END_TEST

START_TEST(test_programmatic_and_validate)
{
    rm_platform *p = rm_platform_new("prog", 3, 2, 0);
    ck_assert_ptr_nonnull(p);
    ck_assert_str_eq(p->nodes[2].label, "");
    ck_assert_int_eq(p->nodes[2].id, 2);
    ck_assert_int_eq(rm_platform_set_label(p, 0, "h0"), RM_OK);
    ck_assert_int_eq(rm_platform_set_label(p, 2, "h2"), RM_OK);
    ck_assert_int_eq(rm_platform_set_label(p, 3, "x"), RM_EINVAL); /* argument check */
    p->nodes[0].is_host = p->nodes[2].is_host = 1;
    p->nodes[0].w = 1;
    p->nodes[2].w = 3;
    p->links[0] = (rm_link){0, 1, 10, 0, 0};
    p->links[1] = (rm_link){1, 2, 20, 0, 0};
    rm_error err = {RM_OK, ""};
    ck_assert_int_eq(rm_platform_finalize(p, &err), RM_OK);
    ck_assert_int_eq(p->n_hosts, 2);
    ck_assert_int_eq(p->hosts[1], 2);
    p->links[1].target = 1; /* self-loop */
    ck_assert_int_eq(rm_platform_validate(p, &err), RM_EINPUT);
    ck_assert_ptr_nonnull(strstr(err.msg, "platform prog: link 1 ( -- ): self-loop on node id 1"));
    p->links[1].target = 7; /* missing node */
    ck_assert_int_eq(rm_platform_validate(p, &err), RM_EINPUT);
    ck_assert_ptr_nonnull(strstr(err.msg, "link 1 joins node 1 and node 7"));
    p->links[1].target = 2;
    p->links[1].bandwidth = NAN;
    ck_assert_int_eq(rm_platform_validate(p, &err), RM_EINPUT);
    ck_assert_ptr_nonnull(strstr(err.msg, "link 1 ( -- h2): bandwidth nan"));
    p->links[1].bandwidth = 20;
    p->nodes[2].w = NAN;
    ck_assert_int_eq(rm_platform_validate(p, &err), RM_EINPUT);
    ck_assert_ptr_nonnull(strstr(err.msg, "host h2 (id 2): cycle-time w = nan"));
    p->nodes[2].w = 3;
    p->nodes[1].is_host = 1; /* host list now stale */
    p->nodes[1].w = 1;
    ck_assert_int_eq(rm_platform_validate(p, &err), RM_EINPUT);
    ck_assert_ptr_nonnull(strstr(err.msg, "rm_platform_finalize"));
    ck_assert_int_eq(rm_platform_finalize(p, &err), RM_OK);
    ck_assert_int_eq(p->n_hosts, 3);
    rm_platform_free(p);
    rm_platform_free(NULL);
    ck_assert_ptr_null(rm_platform_new("neg", -1, 0, 0));
}
END_TEST

/* ---------------------------------------------------------------- network */

START_TEST(test_network_resources)
{
    rm_platform *p = read_ok(DATA "star4.gml", 0, 0);
    rm_network net;
    rm_error err = {RM_OK, ""};
    ck_assert_int_eq(rm_network_init(&net, p, RM_DUPLEX_HALF, &err), RM_OK);
    ck_assert_int_eq(net.n_arcs, 6);
    ck_assert_int_eq(net.n_res, 3);
    for (int a = 0; a < 6; a++) {
        ck_assert_int_eq(net.arc_link[a], a / 2);
        ck_assert_int_eq(net.arc_res[a], a / 2);
    }
    /* link 0 = R(0) -- A(1): arc 0 is R->A, arc 1 A->R */
    ck_assert_int_eq(net.arc_tail[0], 0);
    ck_assert_int_eq(net.arc_head[0], 1);
    ck_assert_int_eq(net.arc_tail[1], 1);
    ck_assert_int_eq(net.arc_head[1], 0);
    ck_assert_double_eq(net.res_cap[1], 20);
    ck_assert_int_eq(net.res_backbone[2], 1);
    ck_assert_int_eq(net.res_backbone[0], 0);
    ck_assert_int_eq(net.res_link[2], 2);
    rm_network_destroy(&net);

    ck_assert_int_eq(rm_network_init(&net, p, RM_DUPLEX_FULL, &err), RM_OK);
    ck_assert_int_eq(net.n_arcs, 6);
    ck_assert_int_eq(net.n_res, 6);
    for (int a = 0; a < 6; a++) {
        ck_assert_int_eq(net.arc_res[a], a);
        ck_assert_int_eq(net.res_link[a], a / 2);
        ck_assert_double_eq(net.res_cap[a], p->links[a / 2].bandwidth);
    }
    rm_network_destroy(&net);
    rm_platform_free(p);

    /* directed: one resource per link in both duplex models, arc 2l+1 unusable */
    p = read_ok(DATA "dring.gml", 0, 0);
    for (int d = 0; d < 2; d++) {
        ck_assert_int_eq(rm_network_init(&net, p, d ? RM_DUPLEX_FULL : RM_DUPLEX_HALF, &err), RM_OK);
        ck_assert_int_eq(net.n_arcs, 6);
        ck_assert_int_eq(net.n_res, 3);
        for (int l = 0; l < 3; l++) {
            ck_assert_int_eq(net.arc_res[2 * l], l);
            ck_assert_int_eq(net.arc_res[2 * l + 1], -1);
            ck_assert_int_eq(net.arc_tail[2 * l], p->links[l].source);
        }
        rm_network_destroy(&net);
    }
    rm_platform_free(p);
}
END_TEST

START_TEST(test_routes_basic)
{
    rm_route a = {0, 0, 0, NULL, 0}, b = {0, 0, 0, NULL, 0};
    a.src = 1;
    a.dst = 2;
    a.n_arcs = 3;
    a.arcs = malloc(3 * sizeof(int));
    a.arcs[0] = 4;
    a.arcs[1] = 6;
    a.arcs[2] = 8;
    a.bandwidth = 7.5;
    ck_assert_int_eq(rm_route_copy(&b, &a), RM_OK);
    ck_assert_int_eq(b.n_arcs, 3);
    ck_assert_ptr_ne(b.arcs, a.arcs);
    ck_assert_int_eq(b.arcs[2], 8);
    ck_assert_double_eq(b.bandwidth, 7.5);
    ck_assert_int_eq(b.src, 1);
    rm_route_clear(&a);
    ck_assert_int_eq(a.n_arcs, 0);
    ck_assert_ptr_null(a.arcs);
    ck_assert_int_eq(rm_route_copy(&b, &a), RM_OK); /* copy of an empty route */
    ck_assert_int_eq(b.n_arcs, 0);
    rm_route_clear(&b);
}
END_TEST

START_TEST(test_widest_diamond)
{
    rm_platform *p = read_ok(DATA "diamond.gml", 0, 0);
    int S = 0, A = 1, B = 2, C = 3, T = 4;
    rm_network net;
    rm_error err = {RM_OK, ""};
    ck_assert_int_eq(rm_network_init(&net, p, RM_DUPLEX_HALF, &err), RM_OK);
    rm_route r = {0, 0, 0, NULL, 0};
    /* widest S -> T: S-B-C-T, width 40 (the shortest S-A-T has width 5);
     * links 2, 3, 4 with smaller index first: arcs 4 (S->B), 6 (B->C), 8 (C->T) */
    ck_assert_int_eq(rm_widest_route(&net, NULL, S, T, &r, &err), RM_OK);
    ck_assert_double_eq(r.bandwidth, 40.0);
    ck_assert_int_eq(r.src, S);
    ck_assert_int_eq(r.dst, T);
    ck_assert_int_eq(r.n_arcs, 3);
    ck_assert_int_eq(r.arcs[0], 4);
    ck_assert_int_eq(r.arcs[1], 6);
    ck_assert_int_eq(r.arcs[2], 8);
    ck_assert_double_eq(route_width(&net, NULL, &r), 40.0);
    ck_assert_double_eq_tol(rm_route_latency(&net, &r), 0.007, 1e-15);
    /* T -> S uses the reverse arcs of the same links */
    ck_assert_int_eq(rm_widest_route(&net, NULL, T, S, &r, &err), RM_OK);
    ck_assert_int_eq(r.n_arcs, 3);
    ck_assert_int_eq(r.arcs[0], 9);
    ck_assert_int_eq(r.arcs[1], 7);
    ck_assert_int_eq(r.arcs[2], 5);
    /* src == dst: empty route of infinite bandwidth */
    ck_assert_int_eq(rm_widest_route(&net, NULL, S, S, &r, &err), RM_OK);
    ck_assert_int_eq(r.n_arcs, 0);
    ck_assert(isinf(r.bandwidth));
    /* bad index */
    ck_assert_int_eq(rm_widest_route(&net, NULL, S, 5, &r, &err), RM_EINPUT);
    ck_assert_int_eq(rm_widest_tree(&net, NULL, -1, 0, NULL, NULL, &err), RM_EINPUT);

    /* residual: link 3 (B-C) has only 3 Mb/s left -> the route goes S-A-T (width 5) */
    double res[5];
    for (int k = 0; k < 5; k++)
        res[k] = net.res_cap[k];
    res[3] = 3.0;
    ck_assert_int_eq(rm_widest_route(&net, res, S, T, &r, &err), RM_OK);
    ck_assert_double_eq(r.bandwidth, 5.0);
    ck_assert_int_eq(r.n_arcs, 2);
    ck_assert_int_eq(r.arcs[0], 0); /* S->A */
    ck_assert_int_eq(r.arcs[1], 2); /* A->T */
    /* and with S-A exhausted too (0 = unusable): back to S-B-C-T at width 3 */
    res[0] = 0.0;
    ck_assert_int_eq(rm_widest_route(&net, res, S, T, &r, &err), RM_OK);
    ck_assert_double_eq(r.bandwidth, 3.0);
    ck_assert_int_eq(r.n_arcs, 3);
    /* everything around T exhausted (negative counts as 0): unreachable */
    res[1] = -1.0;
    res[4] = 0.0;
    ck_assert_int_eq(rm_widest_route(&net, res, S, T, &r, &err), RM_OK);
    ck_assert_double_eq(r.bandwidth, 0.0);
    ck_assert_int_eq(r.n_arcs, 0);

    /* trees: forward from S and reverse (paths to T) */
    double width[5];
    int in_arc[5];
    ck_assert_int_eq(rm_widest_tree(&net, NULL, S, 0, width, in_arc, &err), RM_OK);
    ck_assert(isinf(width[S]));
    ck_assert_int_eq(in_arc[S], -1);
    ck_assert_double_eq(width[A], 40.0); /* S-B-C-T-A beats the direct 5 */
    ck_assert_double_eq(width[B], 50.0);
    ck_assert_double_eq(width[C], 40.0);
    ck_assert_double_eq(width[T], 40.0);
    ck_assert_int_eq(in_arc[B], 4);
    ck_assert_int_eq(in_arc[A], 3); /* T->A (link 1 = A(1) -- T(4), arc 3 = T->A) */
    ck_assert_int_eq(rm_route_from_tree(&net, S, 0, in_arc, A, &r, &err), RM_OK);
    ck_assert_int_eq(r.src, S);
    ck_assert_int_eq(r.dst, A);
    ck_assert_int_eq(r.n_arcs, 4);
    ck_assert_double_eq(route_width(&net, NULL, &r), 40.0);

    ck_assert_int_eq(rm_widest_tree(&net, NULL, T, 1, width, in_arc, &err), RM_OK);
    ck_assert(isinf(width[T]));
    ck_assert_double_eq(width[S], 40.0);
    ck_assert_double_eq(width[A], 100.0);
    ck_assert_int_eq(in_arc[S], 4); /* the arc LEAVING S towards T */
    ck_assert_int_eq(in_arc[A], 2); /* A->T */
    ck_assert_int_eq(rm_route_from_tree(&net, T, 1, in_arc, S, &r, &err), RM_OK);
    ck_assert_int_eq(r.src, S); /* reverse tree: the route S -> T */
    ck_assert_int_eq(r.dst, T);
    ck_assert_int_eq(r.n_arcs, 3);
    ck_assert_int_eq(r.arcs[0], 4);
    ck_assert_int_eq(r.arcs[2], 8);
    ck_assert_double_eq(route_width(&net, NULL, &r), 40.0);

    /* a tree with an unreachable node: rm_route_from_tree says so */
    res[0] = res[1] = res[2] = res[3] = res[4] = 10.0;
    res[4] = 0.0; /* C-T */
    res[1] = 0.0; /* A-T */
    ck_assert_int_eq(rm_widest_tree(&net, res, S, 0, width, in_arc, &err), RM_OK);
    ck_assert_double_eq(width[T], 0.0);
    ck_assert_int_eq(in_arc[T], -1);
    ck_assert_double_eq(width[C], 10.0);
    ck_assert_int_eq(rm_route_from_tree(&net, S, 0, in_arc, T, &r, &err), RM_EINPUT);
    ck_assert_ptr_nonnull(strstr(err.msg, "unreachable"));
    /* either output may be NULL */
    ck_assert_int_eq(rm_widest_tree(&net, NULL, S, 0, NULL, in_arc, &err), RM_OK);
    ck_assert_int_eq(rm_widest_tree(&net, NULL, S, 0, width, NULL, &err), RM_OK);
    ck_assert_double_eq(width[T], 40.0);

    rm_route_clear(&r);
    rm_network_destroy(&net);

    /* full duplex: exhausting S->B does not touch B->S */
    ck_assert_int_eq(rm_network_init(&net, p, RM_DUPLEX_FULL, &err), RM_OK);
    double res2[10];
    for (int k = 0; k < 10; k++)
        res2[k] = net.res_cap[k];
    res2[4] = 1.0; /* resource of arc 4 = S->B */
    ck_assert_int_eq(rm_widest_route(&net, res2, S, T, &r, &err), RM_OK);
    ck_assert_double_eq(r.bandwidth, 5.0); /* via A */
    ck_assert_int_eq(rm_widest_route(&net, res2, T, S, &r, &err), RM_OK);
    ck_assert_double_eq(r.bandwidth, 40.0); /* T-C-B-S unaffected */
    rm_route_clear(&r);
    rm_network_destroy(&net);
    rm_platform_free(p);
}
END_TEST

START_TEST(test_widest_parallel_backbone)
{
    rm_platform *p = read_ok(DATA "parallel.gml", 0, 0);
    rm_network net;
    rm_error err = {RM_OK, ""};
    ck_assert_int_eq(rm_network_init(&net, p, RM_DUPLEX_HALF, &err), RM_OK);
    rm_route r = {0, 0, 0, NULL, 0};
    ck_assert_int_eq(rm_widest_route(&net, NULL, 0, 1, &r, &err), RM_OK);
    ck_assert_double_eq(r.bandwidth, 25.0);
    ck_assert_int_eq(r.n_arcs, 1);
    ck_assert_int_eq(net.arc_link[r.arcs[0]], 1);
    ck_assert_int_eq(r.arcs[0], 2); /* link 1, P (index 0) -> Q */
    double res[3] = {10, 2, 5};
    ck_assert_int_eq(rm_widest_route(&net, res, 1, 0, &r, &err), RM_OK);
    ck_assert_double_eq(r.bandwidth, 10.0);
    ck_assert_int_eq(r.arcs[0], 1); /* link 0, Q -> P */
    rm_route_clear(&r);
    rm_network_destroy(&net);
    rm_platform_free(p);

    /* backbone: star4's link 2 (R -- C) is a backbone: residual ignored */
    p = read_ok(DATA "star4.gml", 0, 0);
    ck_assert_int_eq(rm_network_init(&net, p, RM_DUPLEX_HALF, &err), RM_OK);
    double res3[3] = {10, 20, 0};
    ck_assert_int_eq(rm_widest_route(&net, res3, 2, 3, &r, &err), RM_OK);
    ck_assert_double_eq(r.bandwidth, 20.0);
    ck_assert_int_eq(r.n_arcs, 2);
    res3[1] = 7;
    ck_assert_int_eq(rm_widest_route(&net, res3, 3, 2, &r, &err), RM_OK);
    ck_assert_double_eq(r.bandwidth, 7.0);
    ck_assert_int_eq(r.src, 3);
    ck_assert_int_eq(r.arcs[0], 5); /* C -> R */
    ck_assert_int_eq(r.arcs[1], 2); /* R -> B */
    ck_assert_double_eq(rm_route_latency(&net, &r), 0.5);
    rm_route_clear(&r);
    rm_network_destroy(&net);
    rm_platform_free(p);
}
END_TEST

START_TEST(test_directed_ring)
{
    rm_platform *p = read_ok(DATA "dring.gml", 0, 0);
    rm_network net;
    rm_error err = {RM_OK, ""};
    ck_assert_int_eq(rm_network_init(&net, p, RM_DUPLEX_HALF, &err), RM_OK);
    double bw[9];
    ck_assert_int_eq(rm_capacity_matrix(&net, bw, &err), RM_OK);
    /* 0->1 direct 10; 0->2 via 1: min(10,20) = 10; 1->2 20; 1->0 via 2: 20;
     * 2->0 30; 2->1 via 0: min(30,10) = 10 */
    const double want[9] = {INFINITY, 10, 10, 20, INFINITY, 20, 30, 10, INFINITY};
    for (int k = 0; k < 9; k++)
        ck_assert_double_eq(bw[k], want[k]);
    rm_route r = {0, 0, 0, NULL, 0};
    ck_assert_int_eq(rm_widest_route(&net, NULL, 2, 1, &r, &err), RM_OK);
    ck_assert_int_eq(r.n_arcs, 2);
    ck_assert_int_eq(r.arcs[0], 4); /* 2->0 */
    ck_assert_int_eq(r.arcs[1], 0); /* 0->1 */
    /* reverse tree to node 0: 1 reaches 0 via 2 */
    double width[3];
    int in_arc[3];
    ck_assert_int_eq(rm_widest_tree(&net, NULL, 0, 1, width, in_arc, &err), RM_OK);
    ck_assert_double_eq(width[1], 20);
    ck_assert_double_eq(width[2], 30);
    ck_assert_int_eq(in_arc[1], 2);
    ck_assert_int_eq(in_arc[2], 4);
    ck_assert_int_eq(rm_route_from_tree(&net, 0, 1, in_arc, 1, &r, &err), RM_OK);
    ck_assert_int_eq(r.src, 1);
    ck_assert_int_eq(r.dst, 0);
    ck_assert_int_eq(r.n_arcs, 2);
    /* exhausting 1->2 leaves 1 unable to reach anyone */
    double res[3] = {10, 0, 30};
    ck_assert_int_eq(rm_widest_tree(&net, res, 1, 0, width, in_arc, &err), RM_OK);
    ck_assert_double_eq(width[0], 0);
    ck_assert_double_eq(width[2], 0);
    ck_assert_int_eq(in_arc[2], -1);
    rm_route_clear(&r);
    rm_network_destroy(&net);
    rm_platform_free(p);
}
END_TEST

START_TEST(test_capacity_matrix_star_and_geant)
{
    rm_platform *p = read_ok(DATA "star4.gml", 0, 0);
    rm_network net;
    rm_error err = {RM_OK, ""};
    ck_assert_int_eq(rm_network_init(&net, p, RM_DUPLEX_HALF, &err), RM_OK);
    double bw[9];
    ck_assert_int_eq(rm_capacity_matrix(&net, bw, &err), RM_OK);
    const double want[9] = {INFINITY, 10, 10, 10, INFINITY, 20, 10, 20, INFINITY};
    for (int k = 0; k < 9; k++)
        ck_assert_double_eq(bw[k], want[k]);
    rm_network_destroy(&net);
    rm_platform_free(p);

    /* Geant2009: symmetric (undirected), equal to the max-min closure */
    p = read_ok(ZOO "Geant2009.gml", 0.01, 0);
    ck_assert_int_eq(rm_network_init(&net, p, RM_DUPLEX_HALF, &err), RM_OK);
    int H = p->n_hosts, N = p->n_nodes;
    double *m = malloc((size_t)H * H * sizeof *m);
    ck_assert_int_eq(rm_capacity_matrix(&net, m, &err), RM_OK);
    double *W = closure_widths(&net, NULL);
    int n45 = 0;
    for (int i = 0; i < H; i++)
        for (int j = 0; j < H; j++) {
            ck_assert_double_eq(m[i * H + j], m[j * H + i]);
            ck_assert_double_eq(m[i * H + j], W[(size_t)p->hosts[i] * N + p->hosts[j]]);
            n45 += m[i * H + j] == 45.0;
        }
    /* by hand from the file: MT's only links are NL -- MT and IT -- MT, both
     * 45 Mb/s, so every width to or from MT is 45; CY's links (to IT and GR)
     * are 155 Mb/s; every other link is >= 310 Mb/s. */
    ck_assert_int_eq(n45, 2 * (H - 1));
    int mt = node_by_label(p, "MT"), cy = node_by_label(p, "CY"), nl = node_by_label(p, "NL");
    ck_assert_int_eq(p->nodes[mt].id, 13);
    ck_assert_double_eq(m[mt * H + nl], 45.0); /* all nodes are hosts: host index = node index */
    ck_assert_double_eq(m[cy * H + nl], 155.0);
    ck_assert_double_eq(m[cy * H + mt], 45.0);
    free(W);
    free(m);
    rm_network_destroy(&net);
    rm_platform_free(p);
}
END_TEST

/* Random residuals on Geant2009 (half and full duplex): every widest tree,
 * forward and reverse, equals the max-min closure, and every tree route is a
 * valid walk of that width. Then time rm_widest_tree. */
START_TEST(test_widest_geant_crosscheck_and_time)
{
    rm_platform *p = read_ok(ZOO "Geant2009.gml", 0.01, 0);
    int N = p->n_nodes;
    unsigned long long seed = 12345;
    for (int d = 0; d < 2; d++) {
        rm_network net;
        rm_error err = {RM_OK, ""};
        ck_assert_int_eq(rm_network_init(&net, p, d ? RM_DUPLEX_FULL : RM_DUPLEX_HALF, &err), RM_OK);
        double *res = malloc((size_t)net.n_res * sizeof *res);
        double *width = malloc((size_t)N * sizeof *width);
        int *in_arc = malloc((size_t)N * sizeof *in_arc);
        rm_route r = {0, 0, 0, NULL, 0};
        for (int trial = 0; trial < 20; trial++) {
            for (int k = 0; k < net.n_res; k++) {
                seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
                double u = (double)(seed >> 11) / 9007199254740992.0;
                /* some resources exhausted, others a random fraction */
                res[k] = u < 0.15 ? 0.0 : net.res_cap[k] * u;
            }
            double *W = closure_widths(&net, res);
            for (int s = 0; s < N; s += 3) {
                for (int rev = 0; rev < 2; rev++) {
                    ck_assert_int_eq(rm_widest_tree(&net, res, s, rev, width, in_arc, &err), RM_OK);
                    for (int v = 0; v < N; v++) {
                        double want = rev ? W[(size_t)v * N + s] : W[(size_t)s * N + v];
                        ck_assert_double_eq(width[v], want);
                        if (v == s || !(want > 0))
                            continue;
                        ck_assert_int_eq(rm_route_from_tree(&net, s, rev, in_arc, v, &r, &err), RM_OK);
                        ck_assert_double_eq(route_width(&net, res, &r), want);
                    }
                }
                int t = (s * 7 + 5) % N;
                ck_assert_int_eq(rm_widest_route(&net, res, s, t, &r, &err), RM_OK);
                if (s != t)
                    ck_assert_double_eq(r.bandwidth, W[(size_t)s * N + t]);
                if (r.n_arcs > 0)
                    ck_assert_double_eq(route_width(&net, res, &r), r.bandwidth);
            }
            free(W);
        }
        if (d == 0) {
            /* timing: one rm_widest_tree on Geant2009 (34 nodes, 104 arcs) */
            int reps = 20000;
            struct timespec t0, t1;
            clock_gettime(CLOCK_MONOTONIC, &t0);
            for (int k = 0; k < reps; k++)
                ck_assert_int_eq(rm_widest_tree(&net, res, k % N, k & 1, width, in_arc, &err), RM_OK);
            clock_gettime(CLOCK_MONOTONIC, &t1);
            double us = ((double)(t1.tv_sec - t0.tv_sec) * 1e6 + (double)(t1.tv_nsec - t0.tv_nsec) / 1e3) / reps;
            printf("rm_widest_tree on Geant2009 (34 nodes, 52 links): %.2f us per call\n", us);
            double *cm = malloc((size_t)p->n_hosts * p->n_hosts * sizeof *cm);
            clock_gettime(CLOCK_MONOTONIC, &t0);
            for (int k = 0; k < 200; k++)
                ck_assert_int_eq(rm_capacity_matrix(&net, cm, &err), RM_OK);
            clock_gettime(CLOCK_MONOTONIC, &t1);
            us = ((double)(t1.tv_sec - t0.tv_sec) * 1e6 + (double)(t1.tv_nsec - t0.tv_nsec) / 1e3) / 200;
            printf("rm_capacity_matrix on Geant2009 (34 hosts): %.1f us per call\n", us);
            free(cm);
        }
        rm_route_clear(&r);
        free(res);
        free(width);
        free(in_arc);
        rm_network_destroy(&net);
    }
    rm_platform_free(p);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("topo");
    TCase *tc = tcase_create("read");
    tcase_add_test(tc, test_read_star4);
    tcase_add_test(tc, test_read_diamond_ids_and_dring);
    tcase_add_test(tc, test_read_geant_zoo);
    tcase_add_test(tc, test_read_abilene_no_speeds);
    tcase_add_test(tc, test_read_subnormal_numbers);
    tcase_add_test(tc, test_read_comments_and_string_numbers);
    tcase_add_test(tc, test_bad_inputs);
    tcase_add_test(tc, test_programmatic_and_validate);
    suite_add_tcase(s, tc);
    tc = tcase_create("network");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_network_resources);
    tcase_add_test(tc, test_routes_basic);
    tcase_add_test(tc, test_widest_diamond);
    tcase_add_test(tc, test_widest_parallel_backbone);
    tcase_add_test(tc, test_directed_ring);
    tcase_add_test(tc, test_capacity_matrix_star_and_geant);
    tcase_add_test(tc, test_widest_geant_crosscheck_and_time);
    suite_add_tcase(s, tc);
    return rmt_run_suite(s);
}
