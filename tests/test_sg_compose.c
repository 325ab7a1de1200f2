/*
 * test_sg_compose.c — routes composed from SimGrid's zone structure
 * (topo/io/sg_loader.cpp, the composer: each <cluster> member's links UP and
 * DOWN, the other zones' local routes, the routes to gateways, put together as
 * SimGrid 3.32's NetZoneImpl::get_global_route does) against SimGrid's own
 * Host::route_to, for every ordered host pair, link for link and latency, on
 * every platform style the project ships or tests (flat and backbone
 * clusters, cabinets, fat-tree, torus, dragonfly, zones with zoneRoutes,
 * Full/Floyd/Dijkstra routes, bypass routes, Vivaldi, WIFI, Grid'5000). The
 * pieces of a hierarchy of clusters grow linearly with the hosts (checked on
 * generated clusters of 64 to 512 hosts and on Grid'5000), where the routes
 * of every pair grow quadratically: the structure a route store without the
 * all-pairs table keeps (docs/simgrid.md, "Routes without the all-pairs
 * store"). Run with every pair of Grid'5000 (2,248,500 routes) when the
 * docs' numbers are measured again: bench_simgrid --pieces, and the
 * composer's check with a stride of 1.
 */
#define _POSIX_C_SOURCE 200809L
#include "topo/io/sg_loader.h"

#include "support.h"

#include <check.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#define SG RM_SOURCE_DIR "/tests/data/simgrid/"
#define BP RM_SOURCE_DIR "/bench/platforms/"
#define LARGE RM_SOURCE_DIR "/bench/platforms/large/"
#define STYLES RM_SHARED_DIR "/data/simgrid-styles/"

typedef struct check_out {
    long hosts, pairs, no_route, mismatch, all_pairs, pieces, star, table, gw;
    char first[512], error[512];
} check_out;

static long field(const char *text, const char *key)
{
    char k[64];
    snprintf(k, sizeof k, "%s ", key);
    const char *p = strstr(text, k);
    return p ? atol(p + strlen(k)) : -1;
}

/* Run the check in a forked child (SimGrid's engine is a process singleton). */
static check_out run_check(const char *path, int stride)
{
    check_out c;
    memset(&c, 0, sizeof c);
    int pfd[2];
    ck_assert_int_eq(pipe(pfd), 0);
    fflush(NULL);
    pid_t pid = fork();
    ck_assert_int_ge(pid, 0);
    if (pid == 0) {
        close(pfd[0]);
        signal(SIGABRT, SIG_DFL);
        int rc = rmi_sg_child_compose_check(path, stride, pfd[1]);
        _exit(rc);
    }
    close(pfd[1]);
    char buf[8192];
    size_t n = 0;
    for (;;) {
        ssize_t r = read(pfd[0], buf + n, sizeof buf - 1 - n);
        if (r <= 0)
            break;
        n += (size_t)r;
    }
    buf[n] = '\0';
    close(pfd[0]);
    int status = 0;
    waitpid(pid, &status, 0);
    ck_assert_msg(WIFEXITED(status) && WEXITSTATUS(status) == 0, "%s: the check's child failed (%d)",
                  path, status);
    const char *e = strstr(buf, "error ");
    if (e == buf)
        snprintf(c.error, sizeof c.error, "%.500s", e + 6);
    c.hosts = field(buf, "hosts");
    c.pairs = field(buf, "pairs");
    c.no_route = field(buf, "no_route");
    c.mismatch = field(buf, "mismatch");
    c.all_pairs = field(buf, "all_pairs_entries");
    c.pieces = field(buf, "piece_entries");
    c.star = field(buf, "star_members");
    c.table = field(buf, "table_routes");
    c.gw = field(buf, "gateway_routes");
    const char *f = strstr(buf, "first_mismatch ");
    if (f)
        snprintf(c.first, sizeof c.first, "%.*s", (int)strcspn(f + 15, "\n"), f + 15);
    return c;
}

static check_out expect_same(const char *path, int stride)
{
    check_out c = run_check(path, stride);
    ck_assert_msg(!c.error[0], "%s: %s", path, c.error);
    ck_assert_msg(c.hosts >= 1 && c.pairs >= 1, "%s: %ld hosts, %ld pairs", path, c.hosts, c.pairs);
    ck_assert_msg(c.mismatch == 0, "%s: %ld of %ld composed routes differ from SimGrid's (first: %s)",
                  path, c.mismatch, c.pairs, c.first);
    printf("%-28s %5ld hosts %8ld pairs: all-pairs %9ld entries, pieces %7ld (star members %ld, "
           "local routes %ld, gateway routes %ld)\n",
           strrchr(path, '/') + 1, c.hosts, c.pairs, c.all_pairs, c.pieces, c.star, c.table, c.gw);
    return c;
}

static const char *const files[] = {
    BP "cluster_backbone.xml", BP "cluster_fat_tree.xml", BP "cluster_torus.xml",
    BP "cluster_dragonfly.xml", BP "cluster_multi.xml", BP "meta_cluster.xml",
    BP "griffon_like.xml", BP "small_platform.xml", BP "small_platform_with_routers.xml",
    BP "zoo_geant2009.xml", BP "zoo_renater2001.xml", BP "zoo_abilene.xml", BP "tiers_medium.xml",
    SG "cluster_backbone_160.xml", SG "cluster_shared_backbone.xml", SG "full_shared_core.xml",
    SG "names.xml", SG "style_bypass.xml", SG "style_cluster_backbone.xml", SG "style_cores.xml",
    SG "style_dragonfly.xml", SG "style_fat_tree.xml", SG "style_full_cycle.xml",
    SG "style_split_fat.xml", SG "style_torus.xml", SG "style_unreachable.xml",
    SG "style_vivaldi.xml", SG "style_wifi.xml", SG "style_zero_speed.xml", SG "vivaldi_hosts.xml",
    STYLES "cluster2.xml", STYLES "dijkstra.xml", STYLES "floyd.xml", STYLES "floyd_sd2.xml",
    STYLES "full.xml", STYLES "zones.xml"};

START_TEST(test_styles_same_routes)
{
    expect_same(files[_i], 1);
}
END_TEST

/* Grid'5000 (1,500 hosts, 23 clusters in 9 Full site zones under Floyd
 * zones): the routes from every 8th host (every cluster is a source) to every
 * other host as SimGrid gives them (every pair: 2.2 million routes, minutes
 * under the sanitizers), from pieces linear in the hosts. */
START_TEST(test_g5k_same_routes)
{
    check_out c = expect_same(LARGE "g5k.xml", 8);
    ck_assert_int_eq(c.hosts, 1500);
    ck_assert_int_eq(c.pairs, 188L * 1499);
    ck_assert_int_eq(c.star, 188); /* each source host: its links UP in its cluster */
    ck_assert_msg(c.pieces <= 24 * c.hosts, "%ld piece entries for %ld hosts", c.pieces, c.hosts);
}
END_TEST

/* Generated clusters (flat without a backbone, with one, and a two-level
 * zone of clusters joined by uplinks): the same routes, and pieces that grow
 * linearly (a fixed number of entries per host) where the pairs grow as H^2. */
static void write_cluster(const char *path, int hosts, int style)
{
    FILE *f = fopen(path, "w");
    ck_assert_ptr_nonnull(f);
    fprintf(f, "<?xml version='1.0'?>\n<!DOCTYPE platform SYSTEM "
               "\"https://simgrid.org/simgrid.dtd\">\n<platform version=\"4.1\">\n");
    if (style == 0)
        fprintf(f,
                "<cluster id=\"c\" prefix=\"n\" suffix=\"\" radical=\"0-%d\" speed=\"1Gf\" "
                "bw=\"125MBps\" lat=\"50us\" sharing_policy=\"SPLITDUPLEX\"/>\n",
                hosts - 1);
    else if (style == 1)
        fprintf(f,
                "<cluster id=\"c\" prefix=\"n\" suffix=\"\" radical=\"0-%d\" speed=\"1Gf\" "
                "bw=\"125MBps\" lat=\"50us\" bb_bw=\"10GBps\" bb_lat=\"500us\"/>\n",
                hosts - 1);
    else {
        fprintf(f, "<zone id=\"grid\" routing=\"Full\">\n");
        for (int k = 0; k < 4; k++)
            fprintf(f,
                    "<cluster id=\"c%d\" prefix=\"c%d-\" suffix=\"\" radical=\"0-%d\" "
                    "speed=\"%dGf\" bw=\"125MBps\" lat=\"50us\" bb_bw=\"10GBps\" "
                    "bb_lat=\"100us\"/>\n<link id=\"up%d\" bandwidth=\"1GBps\" latency=\"1ms\"/>\n",
                    k, k, hosts / 4 - 1, k + 1, k);
        for (int a = 0; a < 4; a++)
            for (int b = a + 1; b < 4; b++)
                fprintf(f,
                        "<zoneRoute src=\"c%d\" dst=\"c%d\" gw_src=\"c%d-c%d_router\" "
                        "gw_dst=\"c%d-c%d_router\"><link_ctn id=\"up%d\"/><link_ctn "
                        "id=\"up%d\"/></zoneRoute>\n",
                        a, b, a, a, b, b, a, b);
        fprintf(f, "</zone>\n");
    }
    fprintf(f, "</platform>\n");
    fclose(f);
}

START_TEST(test_generated_linear)
{
    for (int style = 0; style < 3; style++) {
        long per_host[2] = {0, 0};
        for (int s = 0; s < 2; s++) {
            int hosts = s ? 512 : 64;
            char dir[] = "/tmp/rm-sg-compose-XXXXXX";
            ck_assert_ptr_nonnull(mkdtemp(dir));
            char path[128];
            snprintf(path, sizeof path, "%s/p.xml", dir);
            write_cluster(path, hosts, style);
            check_out c = expect_same(path, 1);
            unlink(path);
            rmdir(dir);
            ck_assert_int_eq(c.hosts, hosts);
            ck_assert_int_eq(c.pairs, (long)hosts * (hosts - 1));
            per_host[s] = c.pieces / hosts;
            /* the pieces: a few entries per host, never a share of the pairs */
            ck_assert_msg(c.pieces <= 16L * hosts + 64, "style %d, %d hosts: %ld piece entries",
                          style, hosts, c.pieces);
            ck_assert_msg(c.all_pairs >= (long)hosts * (hosts - 1) * 3,
                          "style %d: %ld all-pairs entries", style, c.all_pairs);
        }
        ck_assert_msg(per_host[1] <= per_host[0] + 1, "style %d: %ld then %ld entries per host",
                      style, per_host[0], per_host[1]);
    }
}
END_TEST

int main(void)
{
    Suite *s = suite_create("sg_compose");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 600);
    tcase_add_loop_test(tc, test_styles_same_routes, 0, (int)(sizeof files / sizeof files[0]));
    tcase_add_test(tc, test_g5k_same_routes);
    tcase_add_test(tc, test_generated_linear);
    suite_add_tcase(s, tc);
    return rmt_run_suite(s);
}
