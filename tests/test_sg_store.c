/*
 * test_sg_store.c — SimGrid's routes kept as pieces (topo/io/sg_store.h)
 * against the route of every pair the reader keeps today (the stream of
 * rmi_sg_child_extract): for every ordered host pair of SimGrid's example
 * styles (clusters flat, with a backbone, of cabinets; fat-tree, torus,
 * dragonfly; zones with zoneRoutes; Full, Floyd and Dijkstra routes) and of
 * Grid'5000's structure with 3 hosts a cluster, the same links (by SimGrid's
 * name) in the same order and the same latency; and the pieces' size
 * against the all-pairs table's. (The whole Grid'5000 file, 2,248,500
 * pairs, gave no difference either when docs/simgrid.md was written: add
 * LARGE "g5k.xml" to files to check it again, about a minute.)
 */
#define _POSIX_C_SOURCE 200809L
#include "topo/io/sg_loader.h"
#include "topo/io/sg_store.h"

#include "support.h"

#include <check.h>
#include <math.h>
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

typedef struct blob {
    unsigned char *d;
    size_t n;
} blob;

/* The stream one of the child functions writes for path. */
static blob child_stream(const char *path, int pieces)
{
    int pfd[2];
    ck_assert_int_eq(pipe(pfd), 0);
    fflush(NULL);
    pid_t pid = fork();
    ck_assert_int_ge(pid, 0);
    if (pid == 0) {
        close(pfd[0]);
        signal(SIGABRT, SIG_DFL);
        FILE *quiet = freopen("/dev/null", "w", stderr); /* SimGrid's warnings (unit-less values) */
        (void)quiet;
        int rc = pieces ? rmi_sg_child_extract_pieces(path, ".", pfd[1], 0)
                        : rmi_sg_child_extract(path, ".", pfd[1], 0, 0);
        _exit(rc);
    }
    close(pfd[1]);
    blob b = {NULL, 0};
    size_t cap = 0;
    for (;;) {
        if (b.n + 65536 > cap) {
            cap = cap ? 2 * cap : 1 << 20;
            b.d = realloc(b.d, cap);
            ck_assert_ptr_nonnull(b.d);
        }
        ssize_t r = read(pfd[0], b.d + b.n, cap - b.n);
        if (r <= 0)
            break;
        b.n += (size_t)r;
    }
    close(pfd[0]);
    int status = 0;
    waitpid(pid, &status, 0);
    ck_assert_msg(WIFEXITED(status) && WEXITSTATUS(status) == 0, "%s: child %d failed (%d)", path,
                  pieces, status);
    return b;
}

/* Today's stream (topo/io/sg_loader.h, version 4), the parts compared. */
typedef struct allpairs {
    int H, L;
    int32_t *len;   /* H*H, -1 none */
    int64_t *start; /* H*H */
    int32_t *links;
    char **lname;
    double *lat;
    char **hname;
} allpairs;

static int32_t rd32(const unsigned char *d, size_t *at)
{
    int32_t v;
    memcpy(&v, d + *at, 4);
    *at += 4;
    return v;
}

static double rdf(const unsigned char *d, size_t *at)
{
    double v;
    memcpy(&v, d + *at, 8);
    *at += 8;
    return v;
}

static char *rds(const unsigned char *d, size_t *at)
{
    uint32_t n;
    memcpy(&n, d + *at, 4);
    *at += 4;
    char *s = malloc(n + 1);
    memcpy(s, d + *at, n);
    s[n] = '\0';
    *at += n;
    return s;
}

static allpairs parse_allpairs(const blob *b)
{
    allpairs a;
    memset(&a, 0, sizeof a);
    size_t at = 0;
    ck_assert_msg(b->n > 8 && memcmp(b->d, "RMSG", 4) == 0, "not an all-pairs stream");
    at = 4;
    ck_assert_int_eq(rd32(b->d, &at), 4);
    a.H = rd32(b->d, &at);
    a.hname = calloc((size_t)a.H, sizeof *a.hname);
    for (int i = 0; i < a.H; i++) {
        a.hname[i] = rds(b->d, &at);
        (void)rdf(b->d, &at);
        (void)rd32(b->d, &at);
    }
    size_t H2 = (size_t)a.H * a.H;
    a.len = malloc(H2 * sizeof *a.len);
    a.start = malloc(H2 * sizeof *a.start);
    size_t cap = 1024, n = 0;
    a.links = malloc(cap * sizeof *a.links);
    for (size_t k = 0; k < H2; k++) {
        a.start[k] = (int64_t)n;
        if (k / a.H == k % a.H) {
            a.len[k] = -1;
            continue;
        }
        int32_t m = rd32(b->d, &at);
        a.len[k] = m;
        for (int32_t t = 0; t < m; t++) {
            if (n == cap) {
                cap *= 2;
                a.links = realloc(a.links, cap * sizeof *a.links);
            }
            a.links[n++] = rd32(b->d, &at);
        }
        if (m >= 0)
            (void)rdf(b->d, &at);
    }
    (void)rd32(b->d, &at);
    (void)rdf(b->d, &at);
    a.L = rd32(b->d, &at);
    a.lname = calloc((size_t)a.L + 1, sizeof *a.lname);
    a.lat = malloc(((size_t)a.L + 1) * sizeof *a.lat);
    for (int l = 0; l < a.L; l++) {
        a.lname[l] = rds(b->d, &at);
        (void)rdf(b->d, &at);
        a.lat[l] = rdf(b->d, &at);
        (void)rd32(b->d, &at);
    }
    return a;
}

static void allpairs_free(allpairs *a)
{
    for (int i = 0; i < a->H; i++)
        free(a->hname[i]);
    for (int l = 0; l < a->L; l++)
        free(a->lname[l]);
    free(a->hname);
    free(a->lname);
    free(a->lat);
    free(a->len);
    free(a->start);
    free(a->links);
}

/* The survey and the link order of the hosts with alive[h], a fat-tree
 * zone's own pairs from its destination walk against every pair composed
 * (rmi_sg_store_ft_walk 0): the same flags, pairs and order. */
static void walk_same(const rmi_sg_store *st, const char *path, const char *alive)
{
    rmi_sg_survey sv[2];
    int L = st->L, *lo[2], *lp[2], nu[2];
    for (int k = 0; k < 2; k++) {
        rmi_sg_store_ft_walk = k;
        lo[k] = malloc(((size_t)L + 1) * sizeof(int));
        lp[k] = malloc(((size_t)L + 1) * sizeof(int));
        ck_assert_int_eq(rmi_sg_store_survey(st, alive, &sv[k]), 0);
        ck_assert_int_eq(rmi_sg_store_link_order(st, alive, lo[k], lp[k], &nu[k]), 0);
    }
    rmi_sg_store_ft_walk = 1;
    ck_assert_int_eq(sv[0].miss_s, sv[1].miss_s);
    ck_assert_int_eq(sv[0].miss_d, sv[1].miss_d);
    ck_assert_int_eq(sv[0].twice_l, sv[1].twice_l);
    ck_assert_int_eq(sv[0].twice_s, sv[1].twice_s);
    ck_assert_int_eq(sv[0].twice_d, sv[1].twice_d);
    if (sv[0].miss_s < 0 && sv[0].twice_l < 0) /* the walk stops at neither */
        ck_assert_int_eq(sv[0].max_links, sv[1].max_links);
    ck_assert_int_eq(nu[0], nu[1]);
    for (int l = 0; l < L; l++) {
        ck_assert_msg(sv[0].every[l] == sv[1].every[l], "%s: link %s on every route: %d, walk %d", path,
                      st->lname[l], sv[0].every[l], sv[1].every[l]);
        ck_assert_msg(lo[0][l] == lo[1][l], "%s: link %d: %s, walk %s", path, l, st->lname[lo[0][l]],
                      st->lname[lo[1][l]]);
        ck_assert_int_eq(lp[0][l], lp[1][l]);
    }
    for (int k = 0; k < 2; k++) {
        free(sv[k].every);
        free(lo[k]);
        free(lp[k]);
    }
}

/* Every pair the same; the number of pairs with a route. */
static long compare(const char *path)
{
    blob b4 = child_stream(path, 0), bp = child_stream(path, 1);
    allpairs a = parse_allpairs(&b4);
    rmi_sg_store st;
    rm_error err = {RM_OK, ""};
    ck_assert_msg(rmi_sg_store_decode(bp.d, bp.n, &st, &err, path) == RM_OK, "%s", err.msg);
    ck_assert_int_eq(st.H, a.H);
    for (int i = 0; i < a.H; i++)
        ck_assert_str_eq(st.hname[i], a.hname[i]);
    int cap = 4096;
    int *links = malloc((size_t)cap * sizeof *links);
    long routed = 0, entries = 0;
    for (int i = 0; i < a.H; i++)
        for (int j = 0; j < a.H; j++) {
            if (i == j)
                continue;
            size_t k = (size_t)i * a.H + j;
            double lat = 0.0;
            int n = rmi_sg_store_route(&st, i, j, links, cap, &lat);
            ck_assert_msg(n != -2, "%s: route %s -> %s longer than %d links", path, a.hname[i],
                          a.hname[j], cap);
            ck_assert_msg((n >= 0) == (a.len[k] >= 0), "%s: %s -> %s: %d links, SimGrid %d", path,
                          a.hname[i], a.hname[j], n, a.len[k]);
            if (n < 0)
                continue;
            routed++;
            entries += n + 1;
            ck_assert_msg(n == a.len[k], "%s: %s -> %s: %d links, SimGrid %d", path, a.hname[i],
                          a.hname[j], n, a.len[k]);
            double want = 0.0;
            for (int t = 0; t < n; t++) {
                const char *sn = st.lname[links[t]], *an = a.lname[a.links[a.start[k] + t]];
                ck_assert_msg(strcmp(sn, an) == 0, "%s: %s -> %s: link %d is %s, SimGrid %s", path,
                              a.hname[i], a.hname[j], t, sn, an);
                want += a.lat[a.links[a.start[k] + t]];
            }
            ck_assert_msg(fabs(lat - want) <= 1e-12 * want + 1e-18, "%s: %s -> %s: latency %g, %g",
                          path, a.hname[i], a.hname[j], lat, want);
        }
    char *alive = malloc((size_t)st.H + 1);
    for (int h = 0; h < st.H; h++)
        alive[h] = 1;
    walk_same(&st, path, alive);
    for (int h = 0; h < st.H; h++) /* a third of the hosts left out */
        alive[h] = h % 3 != 1;
    walk_same(&st, path, alive);
    free(alive);
    printf("%-28s %5d hosts %8ld routes: all-pairs %10ld entries, pieces %8zu entries, %9zu "
           "bytes\n",
           strrchr(path, '/') + 1, a.H, routed, entries, st.npl + (size_t)st.npc, rmi_sg_store_bytes(&st));
    free(links);
    rmi_sg_store_free(&st);
    allpairs_free(&a);
    free(b4.d);
    free(bp.d);
    return routed;
}

static const char *const files[] = {
    BP "cluster_backbone.xml", BP "cluster_fat_tree.xml", BP "cluster_torus.xml",
    BP "cluster_dragonfly.xml", BP "cluster_multi.xml", BP "meta_cluster.xml",
    BP "griffon_like.xml", BP "small_platform.xml", BP "small_platform_with_routers.xml",
    BP "zoo_geant2009.xml", BP "tiers_medium.xml", SG "cluster_backbone_160.xml",
    SG "cluster_shared_backbone.xml", SG "full_shared_core.xml", SG "names.xml",
    SG "style_cluster_backbone.xml", SG "style_cores.xml", SG "style_dragonfly.xml",
    SG "style_fat_tree.xml", SG "style_full_cycle.xml", SG "style_split_fat.xml",
    SG "style_torus.xml", SG "style_unreachable.xml", SG "style_zero_speed.xml",
    STYLES "cluster2.xml", STYLES "dijkstra.xml", STYLES "floyd.xml", STYLES "floyd_sd2.xml",
    STYLES "full.xml", STYLES "zones.xml"};

START_TEST(test_same_as_all_pairs)
{
    ck_assert_int_ge(compare(files[_i]), 1);
}
END_TEST

/* Grid'5000's structure (23 clusters in 9 Full site zones with a gateway
 * zone each, under Floyd zones) with 3 hosts per cluster: every pair of the
 * 1,500-host file takes minutes under the sanitizers (the all-pairs table is
 * the slow side). */
START_TEST(test_g5k_structure)
{
    FILE *in = fopen(LARGE "g5k.xml", "r");
    ck_assert_ptr_nonnull(in);
    char dir[] = "/tmp/rm-sg-store-XXXXXX";
    ck_assert_ptr_nonnull(mkdtemp(dir));
    char path[128];
    snprintf(path, sizeof path, "%s/g5k3.xml", dir);
    FILE *out = fopen(path, "w");
    ck_assert_ptr_nonnull(out);
    char line[4096];
    int clusters = 0;
    while (fgets(line, sizeof line, in)) {
        char *r = strstr(line, "radical=\"1-");
        if (r) { /* radical="1-N" -> radical="1-3" */
            char *q = strchr(r + 11, '"');
            ck_assert_ptr_nonnull(q);
            fprintf(out, "%.*s3%s", (int)(r + 11 - line), line, q);
            clusters++;
        } else
            fputs(line, out);
    }
    fclose(in);
    fclose(out);
    ck_assert_int_eq(clusters, 23);
    ck_assert_int_eq(compare(path), 69L * 68);
    unlink(path);
    rmdir(dir);
}
END_TEST

/* SimGrid's fat-trees kept as their structure (rmi_sg_ft) and dragonflies
 * factored (node links, router pairs; with limiters: cluster_dragonfly.xml
 * above), not per pair:
 * every pair's route from it against SimGrid's own, over parameters that
 * reach each part of its routing: hosts with several parents (the
 * d-mod-k choice at level 0), three levels, parallel cables (picked by the
 * source's position on the way down), split-duplex links, a loopback,
 * and two fat-trees in one zone (the second one's positions continue the
 * first's; no route between them). (A limiter_link on a fat-tree cluster
 * makes SimGrid 3.32 abort: "declared several times".) */
static const char *const fat_trees[] = {
    "  <cluster id=\"ft\" topology=\"FAT_TREE\" topo_parameters=\"2;4,3;2,2;1,1\" prefix=\"f-\" "
    "suffix=\"\" radical=\"0-11\" speed=\"1Gf\" bw=\"125MBps\" lat=\"50us\"/>\n",
    "  <cluster id=\"ft\" topology=\"FAT_TREE\" topo_parameters=\"3;2,2,3;1,2,2;1,1,1\" "
    "prefix=\"f-\" suffix=\"\" radical=\"0-11\" speed=\"1Gf\" bw=\"125MBps\" lat=\"50us\"/>\n",
    "  <cluster id=\"ft\" topology=\"FAT_TREE\" topo_parameters=\"2;3,4;2,3;2,1\" prefix=\"f-\" "
    "suffix=\"\" radical=\"0-11\" speed=\"1Gf\" bw=\"125MBps\" lat=\"50us\"/>\n",
    "  <cluster id=\"ft\" topology=\"FAT_TREE\" topo_parameters=\"3;2,3,2;2,1,2;1,2,1\" "
    "prefix=\"f-\" suffix=\"\" radical=\"0-11\" speed=\"1Gf\" bw=\"125MBps\" lat=\"50us\" "
    "sharing_policy=\"SPLITDUPLEX\"/>\n",
    "  <cluster id=\"ft\" topology=\"FAT_TREE\" topo_parameters=\"2;8,5;1,5;1,1\" prefix=\"f-\" "
    "suffix=\"\" radical=\"0-39\" speed=\"1Gf\" bw=\"125MBps\" lat=\"50us\" "
    "loopback_bw=\"1GBps\" loopback_lat=\"0\"/>\n",
    "  <cluster id=\"a\" topology=\"FAT_TREE\" topo_parameters=\"2;2,3;1,2;1,1\" prefix=\"a-\" "
    "suffix=\"\" radical=\"0-5\" speed=\"1Gf\" bw=\"125MBps\" lat=\"50us\"/>\n"
    "  <cluster id=\"b\" topology=\"FAT_TREE\" topo_parameters=\"2;3,2;2,2;1,2\" prefix=\"b-\" "
    "suffix=\"\" radical=\"0-5\" speed=\"1Gf\" bw=\"125MBps\" lat=\"50us\"/>\n",
    /* parallel cables at both levels, of two counts (the walk's groups:
     * positions modulo 6) */
    "  <cluster id=\"ft\" topology=\"FAT_TREE\" topo_parameters=\"2;3,4;2,4;2,3\" prefix=\"f-\" "
    "suffix=\"\" radical=\"0-11\" speed=\"1Gf\" bw=\"125MBps\" lat=\"50us\"/>\n",
    "  <cluster id=\"ft\" topology=\"FAT_TREE\" topo_parameters=\"3;2,2,3;2,2,1;3,1,2\" "
    "prefix=\"f-\" suffix=\"\" radical=\"0-11\" speed=\"1Gf\" bw=\"125MBps\" lat=\"50us\" "
    "sharing_policy=\"SHARED\"/>\n",
    /* dragonflies (factored: node links, router pairs) */
    "  <cluster id=\"d\" topology=\"DRAGONFLY\" topo_parameters=\"2,1;2,1;2,1;3\" prefix=\"d-\" "
    "suffix=\"\" radical=\"0-23\" speed=\"1Gf\" bw=\"125MBps\" lat=\"50us\"/>\n",
    "  <cluster id=\"d\" topology=\"DRAGONFLY\" topo_parameters=\"3,1;2,2;3,1;2\" prefix=\"d-\" "
    "suffix=\"\" radical=\"0-35\" speed=\"1Gf\" bw=\"125MBps\" lat=\"50us\" "
    "sharing_policy=\"SPLITDUPLEX\"/>\n",
    "  <cluster id=\"d\" topology=\"DRAGONFLY\" topo_parameters=\"2,1;2,1;2,1;1\" prefix=\"d-\" "
    "suffix=\"\" radical=\"0-7\" speed=\"1Gf\" bw=\"125MBps\" lat=\"50us\" "
    "loopback_bw=\"1GBps\" loopback_lat=\"0\"/>\n"};

START_TEST(test_structured_zones)
{
    char dir[] = "/tmp/rm-sg-ft-XXXXXX";
    ck_assert_ptr_nonnull(mkdtemp(dir));
    char path[128];
    snprintf(path, sizeof path, "%s/ft.xml", dir);
    FILE *out = fopen(path, "w");
    ck_assert_ptr_nonnull(out);
    fprintf(out, "<?xml version='1.0'?>\n<!DOCTYPE platform SYSTEM "
                 "\"https://simgrid.org/simgrid.dtd\">\n<platform version=\"4.1\">\n"
                 "<zone id=\"world\" routing=\"Full\">\n%s</zone>\n</platform>\n",
            fat_trees[_i]);
    fclose(out);
    blob bp = child_stream(path, 1);
    rmi_sg_store st;
    rm_error err = {RM_OK, ""};
    ck_assert_msg(rmi_sg_store_decode(bp.d, bp.n, &st, &err, path) == RM_OK, "%s", err.msg);
    ck_assert_int_ge(st.nft + st.nfz, 1); /* the structure, not the pairs */
    ck_assert_int_lt((long)st.tab.count, st.H); /* no per-pair table */
    rmi_sg_store_free(&st);
    free(bp.d);
    long pairs = compare(path);
    ck_assert_int_ge(pairs, 8L * 7); /* the two fat-trees: 2 x 6 x 5, none across */
    unlink(path);
    rmdir(dir);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("sg_store");
    TCase *tc = tcase_create("same");
    tcase_set_timeout(tc, 600);
    tcase_add_loop_test(tc, test_same_as_all_pairs, 0, (int)(sizeof files / sizeof *files));
    tcase_add_test(tc, test_g5k_structure);
    tcase_add_loop_test(tc, test_structured_zones, 0, (int)(sizeof fat_trees / sizeof *fat_trees));
    suite_add_tcase(s, tc);
    return rmt_run_suite(s);
}
