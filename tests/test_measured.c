/*
 * test_measured.c — the measured-matrix reader's forgiving paths
 * (rm_platform_read_matrices, topo/io/csv.c; docs/measured-matrix.md): the
 * shared unit table (SimGrid's spellings "MBps", "Gf", the common "GFlop/s",
 * "MiB/s"; a refusal lists the accepted spellings), the plausibility
 * warnings, the layouts (tab, semicolon with decimal commas, whitespace, a
 * header without a corner cell, rows without names, an edge list with
 * latencies, a triangle), and what two directions that differ become
 * (rm_matrix_options.symmetric).
 */
#define _POSIX_C_SOURCE 200809L /* fmemopen */
#include "ringmap.h"
#include "support.h"

#include <check.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

/* the warnings of one read, concatenated */
static char warned[4096];

static void collect(void *ctx, const char *msg)
{
    (void)ctx;
    size_t len = strlen(warned);
    snprintf(warned + len, sizeof warned - len, "%s\n", msg);
}

/* Read bw (+ lat) and sp from strings; the status, *p the platform. */
static rm_status read3(const char *bw, const char *lat, const char *sp, rm_matrix_options *mo,
                       rm_platform **p, rm_error *err)
{
    rm_matrix_options d;
    if (!mo) {
        rm_matrix_options_init(&d);
        mo = &d;
    }
    mo->warn = collect;
    warned[0] = '\0';
    FILE *fb = fmemopen((void *)bw, strlen(bw), "r");
    FILE *fs = fmemopen((void *)sp, strlen(sp), "r");
    FILE *fl = lat ? fmemopen((void *)lat, strlen(lat), "r") : NULL;
    ck_assert(fb && fs && (!lat || fl));
    rm_status st = rm_platform_read_matrices(fb, "bw.csv", fl, "lat.csv", fs, "sp.csv", mo, NULL,
                                             p, err);
    fclose(fb);
    fclose(fs);
    if (fl)
        fclose(fl);
    return st;
}

/* The bandwidth of the link between hosts a and b (either direction of
 * an undirected one; a -> b of a directed one), NaN if none. */
static double bw_of(const rm_platform *p, int a, int b)
{
    for (int l = 0; l < p->n_links; l++) {
        const rm_link *k = &p->links[l];
        if ((k->source == a && k->target == b) || (!p->directed && k->source == b && k->target == a))
            return k->bandwidth;
    }
    return NAN;
}

static const char *SP2 = "host,speed\na,1\nb,2\n";

static void expect_bw(const char *corner, double mbps)
{
    char bw[256];
    snprintf(bw, sizeof bw, "%s,a,b\na,,2\nb,2,\n", corner);
    rm_platform *p = NULL;
    rm_error err = {RM_OK, ""};
    ck_assert_msg(read3(bw, NULL, SP2, NULL, &p, &err) == RM_OK, "%s: %s", corner, err.msg);
    ck_assert_msg(fabs(bw_of(p, 0, 1) - 2 * mbps) <= 1e-12 * mbps, "%s: %g Mb/s, expected %g",
                  corner, bw_of(p, 0, 1), 2 * mbps);
    rm_platform_free(p);
}

START_TEST(test_units)
{
    expect_bw("MBps", 8);          /* SimGrid: bytes */
    expect_bw("Mbps", 1);          /* SimGrid: bits */
    expect_bw("GBps", 8000);
    expect_bw("Bps", 8e-6);
    expect_bw("kBps", 8e-3);
    expect_bw("MiBps", 8 * 1.048576);
    expect_bw("bw (MiB/s)", 8 * 1.048576);
    expect_bw("Gb/s", 1000);
    expect_bw("bandwidth [gbit/s]", 1000);
    expect_bw("MB/s", 8);
    expect_bw("mbps", 1);          /* the prefix in any case */
    expect_bw("host", 1);          /* a label, not a unit: the default Mb/s */
    /* the speeds: w = 1 / (speed in Mflop/s) */
    static const struct {
        const char *hdr;
        double mflops; /* per unit of the file */
    } sp[] = {{"speed (GFlop/s)", 1e3}, {"GFLOPS", 1e3}, {"gflops", 1e3}, {"Gf", 1e3},
              {"Mf", 1}, {"speed [kflop/s]", 1e-3}, {"Tf", 1e6}};
    for (size_t k = 0; k < sizeof sp / sizeof sp[0]; k++) {
        char s[128];
        snprintf(s, sizeof s, "hostname,%s\na,4\nb,2\n", sp[k].hdr);
        rm_platform *p = NULL;
        rm_error err = {RM_OK, ""};
        ck_assert_msg(read3(",a,b\na,,2\nb,2,\n", NULL, s, NULL, &p, &err) == RM_OK, "%s: %s",
                      sp[k].hdr, err.msg);
        ck_assert_msg(fabs(p->nodes[0].w - 1 / (4 * sp[k].mflops)) <= 1e-12 * p->nodes[0].w,
                      "%s: w %g", sp[k].hdr, p->nodes[0].w);
        rm_platform_free(p);
    }
    /* a cycle-time column named by its unit alone */
    rm_platform *p = NULL;
    rm_error err = {RM_OK, ""};
    ck_assert_int_eq(read3(",a,b\na,,2\nb,2,\n", NULL, "host,s/Gflop\na,4\nb,2\n", NULL, &p, &err),
                     RM_OK);
    ck_assert_double_eq_tol(p->nodes[0].w, 4e-3, 1e-15);
    rm_platform_free(p);
    /* refusals name the word and list the accepted spellings */
    ck_assert_int_eq(read3("bw (furlongs/s),a,b\na,,2\nb,2,\n", NULL, SP2, NULL, &p, &err),
                     RM_EINPUT);
    ck_assert_ptr_nonnull(strstr(err.msg, "'bw (furlongs/s)': unknown bandwidth unit"));
    ck_assert_ptr_nonnull(strstr(err.msg, "MBps"));
    ck_assert_int_eq(read3("Mbytes per s,a,b\na,,2\nb,2,\n", NULL, SP2, NULL, &p, &err), RM_OK);
    rm_platform_free(p); /* "Mbytes per s": a label */
    ck_assert_int_eq(read3(",a,b\na,,2\nb,2,\n", NULL, "host,speed (parsecs)\na,1\nb,1\n", NULL,
                           &p, &err), RM_EINPUT);
    ck_assert_ptr_nonnull(strstr(err.msg, "unknown unit"));
    ck_assert_ptr_nonnull(strstr(err.msg, "GFLOPS"));
    rm_matrix_options mo;
    rm_matrix_options_init(&mo);
    mo.bandwidth_unit = "Mflop/s";
    ck_assert_int_eq(read3(",a,b\na,,2\nb,2,\n", NULL, SP2, &mo, &p, &err), RM_EINPUT);
    ck_assert_ptr_nonnull(strstr(err.msg, "unknown bandwidth unit 'Mflop/s'"));
    rm_matrix_options_init(&mo);
    mo.bandwidth_unit = "MBps";
    ck_assert_int_eq(read3("Mb/s,a,b\na,,2\nb,2,\n", NULL, SP2, &mo, &p, &err), RM_EINPUT);
    ck_assert_ptr_nonnull(strstr(err.msg, "the header says bandwidth in Mb/s, the option MBps"));
}
END_TEST

START_TEST(test_plausibility)
{
    rm_platform *p = NULL;
    rm_error err = {RM_OK, ""};
    /* flop/s and B/s read as Mflop/s and Mb/s */
    ck_assert_int_eq(read3(",a,b\na,,1.25e9\nb,1.25e9,\n", NULL, "host,speed\na,12.5e9\nb,1e3\n",
                           NULL, &p, &err), RM_OK);
    ck_assert_ptr_nonnull(strstr(warned, "host 'a' computes 1.25e+10 Mflop/s"));
    ck_assert_ptr_nonnull(strstr(warned, "are the values in flop/s?"));
    ck_assert_ptr_nonnull(strstr(warned, "a -> b: 1.25e+09 Mb/s"));
    ck_assert_ptr_nonnull(strstr(warned, "are the values in b/s or B/s?"));
    rm_platform_free(p);
    /* the same values in their units: no warning */
    ck_assert_int_eq(read3("Bps,a,b\na,,1.25e9\nb,1.25e9,\n", NULL, "host,flops\na,12.5e9\nb,1e3\n",
                           NULL, &p, &err), RM_OK);
    ck_assert_str_eq(warned, "");
    ck_assert_double_eq_tol(bw_of(p, 0, 1), 1e4, 1e-9);
    rm_platform_free(p);
}
END_TEST

/* The 4-host matrix of docs/measured-matrix.md in another layout: the
 * same platform (mean of the two directions, within noise). */
static void expect_doc_matrix(const char *bw, const char *sp, const char *what)
{
    rm_platform *p = NULL;
    rm_error err = {RM_OK, ""};
    ck_assert_msg(read3(bw, NULL, sp, NULL, &p, &err) == RM_OK, "%s: %s", what, err.msg);
    ck_assert_msg(p->n_hosts == 4 && p->n_links == 5 && !p->directed, "%s: %d hosts, %d links",
                  what, p->n_hosts, p->n_links);
    ck_assert_str_eq(p->nodes[3].label, "node4");
    ck_assert_double_eq_tol(bw_of(p, 1, 2), 111, 1e-12);
    ck_assert_double_eq_tol(bw_of(p, 0, 1), 939, 1e-12);
    ck_assert_double_eq_tol(p->nodes[2].w, 1 / 3.2e3, 1e-15);
    rm_platform_free(p);
}

START_TEST(test_layouts)
{
    static const char *sp = "host,speed (Gflop/s)\nnode1,12.5\nnode2,12.1\nnode3,3.2\nnode4,12.4\n";
    expect_doc_matrix("Mb/s,node1,node2,node3,node4\nnode1,,940,935,\nnode2,938,,112,941\n"
                      "node3,936,110,,939\nnode4,,942,940,\n", sp, "comma");
    expect_doc_matrix("Mb/s\tnode1\tnode2\tnode3\tnode4\nnode1\t\t940\t935\t\nnode2\t938\t\t112\t941\n"
                      "node3\t936\t110\t\t939\nnode4\t\t942\t940\t\n",
                      "host\tspeed (Gflop/s)\nnode1\t12.5\nnode2\t12.1\nnode3\t3.2\nnode4\t12.4\n",
                      "tab");
    expect_doc_matrix("Mb/s;node1;node2;node3;node4\nnode1;;940;935;\nnode2;938;;112;941\n"
                      "node3;936;110;;939\nnode4;;942;940;\n",
                      "host;speed (Gflop/s)\nnode1;12,5\nnode2;12,1\nnode3;3,2\nnode4;12,4\n",
                      "semicolon, decimal commas");
    expect_doc_matrix("node1 node2 node3 node4\nnode1 - 940 935 -\nnode2 938 - 112 941\n"
                      "node3  936 110 - 939\nnode4 - 942 940 -\n",
                      "host speed (Gflop/s)\nnode1 12.5\nnode2 12.1\nnode3 3.2\nnode4 12.4\n",
                      "whitespace, no corner cell");
    expect_doc_matrix("node1,node2,node3,node4\nnode1,,940,935,\nnode2,938,,112,941\n"
                      "node3,936,110,,939\nnode4,,942,940,\n", sp, "no corner cell");
    expect_doc_matrix("Mb/s,node1,node2,node3,node4\n,940,935,\n938,,112,941\n"
                      "936,110,,939\n,942,940,\n", sp, "rows without names");
    expect_doc_matrix("node1,node2,node3,node4\n-,940,935,-\n938,-,112,941\n"
                      "936,110,-,939\n-,942,940,-\n", sp, "no corner, rows without names");
    expect_doc_matrix("src,dst,bandwidth\nnode1,node2,940\nnode2,node1,938\nnode1,node3,935\n"
                      "node3,node1,936\nnode2,node3,112\nnode3,node2,110\nnode2,node4,941\n"
                      "node4,node2,942\nnode3,node4,939\nnode4,node3,940\n", sp,
                      "edge list, both directions");
    /* an edge list, one line per pair, with units and latencies */
    rm_platform *p = NULL;
    rm_error err = {RM_OK, ""};
    ck_assert_int_eq(read3("src,dst,bandwidth (MB/s),latency (us)\na,b,100,50\nb,c,10,70\n"
                           "c,a,20,65\n", NULL, "host,Gf\nc,1\nb,1\na,2\n", NULL, &p, &err),
                     RM_OK);
    ck_assert_int_eq(p->n_links, 3);
    ck_assert(!p->directed);
    ck_assert_str_eq(p->nodes[2].label, "c");
    ck_assert_double_eq_tol(bw_of(p, 0, 1), 800, 1e-12);
    for (int l = 0; l < 3; l++)
        if (p->links[l].bandwidth == 80)
            ck_assert_double_eq_tol(p->links[l].latency, 70e-6, 1e-18);
    ck_assert_str_eq(warned, "");
    rm_platform_free(p);
    /* an edge list without a header */
    ck_assert_int_eq(read3("a,b,3\n", NULL, SP2, NULL, &p, &err), RM_OK);
    ck_assert_int_eq(p->n_links, 1);
    rm_platform_free(p);
    ck_assert_int_eq(read3("a,b,3\nb,a,3\na,b,4\n", NULL, SP2, NULL, &p, &err), RM_EINPUT);
    ck_assert_ptr_nonnull(strstr(err.msg, "bw.csv: row 3: the pair a -> b a second time"));
    ck_assert_int_eq(read3("a,a,3\n", NULL, SP2, NULL, &p, &err), RM_EINPUT);
    ck_assert_ptr_nonnull(strstr(err.msg, "to itself"));
    /* a refusal says what layout it saw */
    ck_assert_int_eq(read3("x,a,b,c\na,1\nb,1,2,3,4,5\n", NULL, SP2, NULL, &p, &err), RM_EINPUT);
    ck_assert_ptr_nonnull(strstr(err.msg, "saw comma-separated, a first row of 4 fields, then 2 "
                                          "rows, the first of 2 fields (ragged)"));
    ck_assert_ptr_nonnull(strstr(err.msg, "or an edge list"));
}
END_TEST

START_TEST(test_asymmetry)
{
    static const char *doc = "Mb/s,node1,node2,node3,node4\nnode1,,940,935,\nnode2,938,,112,941\n"
                             "node3,936,110,,939\nnode4,,942,940,\n";
    static const char *sp = "host,w\nnode1,1\nnode2,1\nnode3,1\nnode4,1\n";
    rm_platform *p = NULL;
    rm_error err = {RM_OK, ""};
    rm_matrix_options mo;
    /* the default: 1.8 % is noise, averaged, and said */
    ck_assert_int_eq(read3(doc, NULL, sp, NULL, &p, &err), RM_OK);
    ck_assert(!p->directed);
    ck_assert_ptr_nonnull(strstr(warned, "bw.csv: the largest asymmetry, 1.79 % (node2 -> node3 "
                                         "112 Mb/s, node3 -> node2 110 Mb/s)"));
    ck_assert_ptr_nonnull(strstr(warned, "the mean of its two figures"));
    rm_platform_free(p);
    /* none: every cell its link, as before 1.2; no note */
    rm_matrix_options_init(&mo);
    mo.symmetric = RM_SYMMETRIC_NONE;
    ck_assert_int_eq(read3(doc, NULL, sp, &mo, &p, &err), RM_OK);
    ck_assert(p->directed);
    ck_assert_int_eq(p->n_links, 10);
    ck_assert_str_eq(warned, "");
    rm_platform_free(p);
    /* max and min */
    mo.symmetric = RM_SYMMETRIC_MAX;
    ck_assert_int_eq(read3(doc, NULL, sp, &mo, &p, &err), RM_OK);
    ck_assert_double_eq(bw_of(p, 1, 2), 112);
    rm_platform_free(p);
    mo.symmetric = RM_SYMMETRIC_MIN;
    ck_assert_int_eq(read3(doc, NULL, sp, &mo, &p, &err), RM_OK);
    ck_assert_double_eq(bw_of(p, 1, 2), 110);
    ck_assert_int_eq(p->n_links, 5);
    rm_platform_free(p);
    /* beyond noise: directed, and said */
    static const char *far = "Mb/s,a,b,c\na,,10,20\nb,15,,10\nc,20,10,\n";
    static const char *sp3 = "host,w\na,1\nb,1\nc,1\n";
    ck_assert_int_eq(read3(far, NULL, sp3, NULL, &p, &err), RM_OK);
    ck_assert(p->directed);
    ck_assert_ptr_nonnull(strstr(warned, "the largest asymmetry 33.3 % (a -> b 10 Mb/s, b -> a 15 "
                                         "Mb/s): a directed platform"));
    rm_platform_free(p);
    /* a triangle: refused by default, read with max|mean|min */
    static const char *tri = ",a,b,c\na,,10,20\nb,,,30\nc,,,\n";
    ck_assert_int_eq(read3(tri, NULL, sp3, NULL, &p, &err), RM_EINPUT);
    ck_assert_ptr_nonnull(strstr(err.msg, "bw.csv: an upper triangle"));
    ck_assert_ptr_nonnull(strstr(err.msg, "--symmetric max|mean|min"));
    mo.symmetric = RM_SYMMETRIC_MEAN;
    ck_assert_int_eq(read3(tri, NULL, sp3, &mo, &p, &err), RM_OK);
    ck_assert(!p->directed);
    ck_assert_int_eq(p->n_links, 3);
    ck_assert_double_eq(bw_of(p, 2, 1), 30);
    rm_platform_free(p);
    /* latencies averaged with their bandwidths */
    static const char *lat = "us,node1,node2,node3,node4\nnode1,,65,70,\nnode2,67,,570,66\n"
                             "node3,70,560,,68\nnode4,,66,68,\n";
    ck_assert_int_eq(read3(doc, lat, sp, NULL, &p, &err), RM_OK);
    ck_assert(!p->directed);
    for (int l = 0; l < p->n_links; l++)
        if (fabs(p->links[l].bandwidth - 111) < 1e-9)
            ck_assert_double_eq_tol(p->links[l].latency, 565e-6, 1e-15);
    rm_platform_free(p);
    /* an unknown mode */
    mo.symmetric = (rm_symmetric)9;
    ck_assert_int_eq(read3(doc, NULL, sp, &mo, &p, &err), RM_EINPUT);
    ck_assert_ptr_nonnull(strstr(err.msg, "symmetric 9"));
    ck_assert_str_eq(rm_enum_name(RM_ENUM_SYMMETRIC, RM_SYMMETRIC_MEAN), "mean");
}
END_TEST

int main(void)
{
    Suite *s = suite_create("measured");
    TCase *tc = tcase_create("reader");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_units);
    tcase_add_test(tc, test_plausibility);
    tcase_add_test(tc, test_layouts);
    tcase_add_test(tc, test_asymmetry);
    suite_add_tcase(s, tc);
    return rmt_run_suite(s);
}
