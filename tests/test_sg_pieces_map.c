/*
 * test_sg_pieces_map.c — the SimGrid reader on the route pieces
 * (rm_platform.fixed_pieces, what it keeps above RM_SIMGRID_PAIRS_MAX hosts)
 * against the all-pairs table (what it keeps up to there), forced on the
 * same small platforms with rmi_platform_read_simgrid_pairs(..., 1, ...):
 * SharedRing (Legrand et al. 2004 §4.4) on SimGrid's fixed routes gives the
 * same ring (host names in order), the same q and the same T_step/D_w bit
 * for bit, and every ring route crosses the same SimGrid links in the same
 * order with the same width and latency; on generated clusters (flat, with
 * a backbone, fat-tree, dragonfly, five clusters joined by uplinks),
 * SimGrid's example styles and Grid'5000's structure (3 and 8 hosts a
 * cluster). The pieces' survey refuses what the table refuses: a platform
 * with a pair of hosts and no route. On SimGrid clusters and zone
 * hierarchies of clusters (Grid'5000's structure, five clusters joined by
 * uplinks), SharedRing's fixed-route set-up from each host's parts and the
 * middle routes between clusters (rmi_fixed_zones_build) gives the owners,
 * ranks and twin classes that reading every pair's route gives, and the
 * routes it puts together are the pieces' routes arc for arc. On zone
 * hierarchies (the zones style, Grid'5000's structure, random ones) the
 * full-capacity widths from each host's parts are the routes' own bit for
 * bit, the best pair's listed pairs are the first of each signature read
 * from the routes, and SharedRing maps as with the route-reading widths.
 */
#define _POSIX_C_SOURCE 200809L
#include "heur/sharedring/sharedring_internal.h"
#include "ringmap.h"
#include "topo/io/readers.h"
#include "topo/route/widest.h"
#include "topo/io/sg_store.h"

#include "support.h"
#include "bench/sg_styles.h"

#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define SG RM_SOURCE_DIR "/tests/data/simgrid/"
#define BP RM_SOURCE_DIR "/bench/platforms/"
#define LARGE RM_SOURCE_DIR "/bench/platforms/large/"
#define STYLES RM_SHARED_DIR "/data/simgrid-styles/"

static rm_platform *load(const char *path, int pairs_max)
{
    rm_read_options ro;
    rm_read_options_init(&ro);
    ro.warn = rm_warn_silent;
    rm_platform *p = NULL;
    rm_error err = {RM_OK, ""};
    rm_simgrid_info info;
    rm_status st = rmi_platform_read_simgrid_pairs(path, &ro, pairs_max, &p, &info, &err);
    ck_assert_msg(st == RM_OK, "%s (pairs_max %d): %s", path, pairs_max, err.msg);
    ck_assert_int_eq(info.pieces, pairs_max == 1);
    ck_assert_int_eq(p->fixed_pieces != NULL, pairs_max == 1);
    ck_assert_int_eq(rm_platform_fixes_routes(p), 1);
    return p;
}

/* The options of map(): one thread, D_c/D_w dc_dw, SharedRing alone
 * without the search (pipeline 0) or the default pipeline (pipeline 1). */
static rm_options map_opts(double dc_dw, int pipeline)
{
    rm_options opt;
    rm_options_init(&opt);
    if (!pipeline) {
        opt.heuristic = RM_HEUR_SHARED;
        opt.improve = 0;
    }
    opt.threads = 1;
    opt.cost.dc_dw = dc_dw;
    return opt;
}

/* SharedRing's own ring (pipeline 0) or the default pipeline, the local
 * search on (pipeline 1): its automatic budget counts the file's links, not
 * the connection links or the hub node either reader adds. */
static rm_mapping *map(const rm_platform *p, const char *path, double dc_dw, int pipeline)
{
    rm_options opt = map_opts(dc_dw, pipeline);
    rm_mapping *m = NULL;
    rm_error err = {RM_OK, ""};
    ck_assert_msg(rm_map(p, &opt, &m, &err) == RM_OK, "%s: %s", path, err.msg);
    return m;
}

/* The SimGrid links of route r in order, "a,b,c" into out. */
static void route_ids(const rm_platform *p, const rm_route *r, char *out, size_t n)
{
    size_t o = 0;
    out[0] = '\0';
    for (int k = 0; k < r->n_arcs && o + 2 < n; k++) {
        const char *id = p->link_ids[r->arcs[k] / 2];
        if (id)
            o += (size_t)snprintf(out + o, n - o, "%s,", id);
    }
}

/* The search step of m's pipeline (NULL: none). */
static const rm_pipeline_step *search_step(const rm_mapping *m)
{
    for (int k = 0; k < m->n_steps; k++)
        if (m->steps[k].kind == RM_STEP_SEARCH)
            return &m->steps[k];
    return NULL;
}

/* Both readers, then SharedRing (pipeline 0) or the default pipeline with
 * its search (pipeline 1) on each: the same mapping. Returns q; *moves (may
 * be NULL): the search's accepted moves. */
static int same_mapping_with(const char *path, double dc_dw, int pipeline, int *moves)
{
    rm_platform *a = load(path, 0), *b = load(path, 1);
    ck_assert_int_eq(a->n_hosts, b->n_hosts);
    rm_mapping *ma = map(a, path, dc_dw, pipeline), *mb = map(b, path, dc_dw, pipeline);
    if (pipeline) {
        const rm_pipeline_step *sa = search_step(ma), *sb = search_step(mb);
        ck_assert_msg(sa && sb, "%s: the default pipeline ran no search", path);
        ck_assert_msg(sa->budget == sb->budget && sa->budget >= 1000,
                      "%s: the search's budget %lld (table) against %lld (pieces)", path,
                      sa->budget, sb->budget);
        ck_assert_msg(sa->evaluations == sb->evaluations && sa->moves == sb->moves,
                      "%s: the search's evaluations %lld, moves %d (table) against %lld, %d",
                      path, sa->evaluations, sa->moves, sb->evaluations, sb->moves);
        if (moves)
            *moves = sa->moves;
    }
    ck_assert_msg(ma->q == mb->q, "%s: q %d (table) against %d (pieces)", path, ma->q, mb->q);
    ck_assert_msg(ma->t_step_per_dw == mb->t_step_per_dw, "%s: T_step/D_w %.17g against %.17g",
                  path, ma->t_step_per_dw, mb->t_step_per_dw);
    for (int k = 0; k < ma->q; k++) {
        ck_assert_str_eq(a->nodes[ma->ring[k]].label, b->nodes[mb->ring[k]].label);
        for (int side = 0; side < 2 && ma->q > 1; side++) {
            const rm_route *ra = side ? &ma->pred[k] : &ma->succ[k];
            const rm_route *rb = side ? &mb->pred[k] : &mb->succ[k];
            char ia[4096], ib[4096];
            route_ids(a, ra, ia, sizeof ia);
            route_ids(b, rb, ib, sizeof ib);
            ck_assert_msg(!strcmp(ia, ib), "%s: ring edge %d: links %s against %s", path, k, ia,
                          ib);
            ck_assert_msg(ra->bandwidth == rb->bandwidth, "%s: ring edge %d: %.17g against %.17g",
                          path, k, ra->bandwidth, rb->bandwidth);
        }
    }
    int q = ma->q;
    rm_mapping_free(ma);
    rm_mapping_free(mb);
    rm_platform_free(a);
    rm_platform_free(b);
    return q;
}

/* SharedRing's ring and the default pipeline's: the same on both readers. */
static int same_mapping(const char *path, double dc_dw)
{
    int q = same_mapping_with(path, dc_dw, 0, NULL);
    ck_assert_int_ge(same_mapping_with(path, dc_dw, 1, NULL), 1);
    return q;
}

static const char *const files[] = {
    BP "cluster_backbone.xml", BP "cluster_fat_tree.xml", BP "cluster_torus.xml",
    BP "cluster_dragonfly.xml", BP "cluster_multi.xml", BP "meta_cluster.xml",
    BP "griffon_like.xml", BP "small_platform.xml", BP "small_platform_with_routers.xml",
    SG "cluster_backbone_160.xml", SG "cluster_shared_backbone.xml", SG "full_shared_core.xml",
    SG "style_cluster_backbone.xml", SG "style_cores.xml", SG "style_dragonfly.xml",
    SG "style_fat_tree.xml", SG "style_full_cycle.xml", SG "style_split_fat.xml",
    SG "style_torus.xml", SG "style_zero_speed.xml", STYLES "cluster2.xml", STYLES "dijkstra.xml",
    STYLES "floyd.xml", STYLES "floyd_sd2.xml", STYLES "full.xml", STYLES "zones.xml"};

START_TEST(test_files)
{
    ck_assert_int_ge(same_mapping(files[_i], 0.01), 1);
}
END_TEST

/* bench_simgrid's generated styles (bench/sg_styles.c), at 40 and 120 hosts. */
static void write_style(const char *path, int hosts, int st)
{
    ck_assert_int_ge(rmb_sg_style_file(path, hosts, st, NULL), 0);
}

START_TEST(test_styles)
{
    char dir[] = "/tmp/rm-sg-pieces-XXXXXX";
    ck_assert_ptr_nonnull(mkdtemp(dir));
    char path[128];
    for (int hosts = 40; hosts <= 120; hosts += 80) {
        snprintf(path, sizeof path, "%s/style%d_%d.xml", dir, _i, hosts);
        write_style(path, hosts, _i);
        ck_assert_int_ge(same_mapping(path, 0.01), 2);
        unlink(path);
    }
    rmdir(dir);
}
END_TEST

/* Grid'5000's structure with n hosts a cluster (radical="1-N" -> "1-n"). */
static void g5k_with(const char *path, int n)
{
    FILE *in = fopen(LARGE "g5k.xml", "r");
    ck_assert_ptr_nonnull(in);
    FILE *out = fopen(path, "w");
    ck_assert_ptr_nonnull(out);
    char line[4096];
    int clusters = 0;
    while (fgets(line, sizeof line, in)) {
        char *r = strstr(line, "radical=\"1-");
        if (r) {
            char *q = strchr(r + 11, '"');
            ck_assert_ptr_nonnull(q);
            fprintf(out, "%.*s%d%s", (int)(r + 11 - line), line, n, q);
            clusters++;
        } else
            fputs(line, out);
    }
    fclose(in);
    fclose(out);
    ck_assert_int_eq(clusters, 23);
}

START_TEST(test_g5k_structure)
{
    char dir[] = "/tmp/rm-sg-pieces-XXXXXX";
    ck_assert_ptr_nonnull(mkdtemp(dir));
    char path[128];
    snprintf(path, sizeof path, "%s/g5k.xml", dir);
    g5k_with(path, _i ? 8 : 3);
    ck_assert_int_ge(same_mapping(path, 1e-5), 2);
    unlink(path);
    rmdir(dir);
}
END_TEST

/* SharedRing's fixed-route set-up (rmi_h2_fixed_new) on p, structural or
 * reading every route. */
static h2_fixed *setup(const rm_platform *p, rm_network *net, h2_work *wk, int structural)
{
    rm_error err = {RM_OK, ""};
    ck_assert_int_eq(rm_network_init(net, p, RM_DUPLEX_HALF, &err), RM_OK);
    int H = p->n_hosts, N = p->n_nodes;
    ck_assert_int_eq(rmi_h2_work_init(wk, net, 4, &err), RM_OK);
    wk->routing = RM_ROUTING_FIXED;
    wk->fast = 1;
    wk->H = H;
    wk->hidx = malloc((size_t)N * sizeof *wk->hidx);
    ck_assert_ptr_nonnull(wk->hidx);
    for (int v = 0; v < N; v++)
        wk->hidx[v] = -1;
    for (int h = 0; h < H; h++)
        wk->hidx[p->hosts[h]] = h;
    for (int r = 0; r < net->n_res; r++)
        wk->residual[r] = net->res_cap[r];
    ck_assert_int_eq(rmi_h2_adjacency(wk, &err), RM_OK);
    ck_assert_int_eq(rmi_h2_fullw_init(wk, &err), RM_OK);
    ck_assert_int_eq(rmi_h2_kres_init(wk, &err), RM_OK);
    rmi_h2_fixed_structural = structural;
    h2_fixed *fx = wk->fx = rmi_h2_fixed_new(wk);
    rmi_h2_fixed_structural = 1;
    return fx;
}

/* The route ia -> ib put together from the two-level form (fz): the parts
 * and the middle, as rmi_fixed_zones_build describes them. */
static int zones_route(const rm_network *net, const rmi_fixed_zones *fz, int ia, int ib, int *arcs, int cap)
{
    int A = fz->blk[ia], B = fz->blk[ib], m;
    if (A == B) {
        int u[4096], d[4096];
        int nu = rmi_fixed_zones_part(net, fz, ia, 0, 0, u, 4096), nd = rmi_fixed_zones_part(net, fz, ib, 1, 0, d, 4096);
        ck_assert_int_ge(nu, 1);
        ck_assert_int_ge(nd, 1);
        memcpy(arcs, u, (size_t)nu * sizeof *arcs);
        m = nu;
        /* D's links (hub -> entry, link, exit -> hub) not met in U, then
         * the hub to the host */
        for (int t = 0; t + 3 < nd; t += 3) {
            int seen = 0;
            for (int v = 2; v < nu && !seen; v += 3)
                seen = u[v] == d[t + 1];
            for (int k = 0; k < 3 && !seen; k++) {
                ck_assert_int_lt(m, cap);
                arcs[m++] = d[t + k];
            }
        }
        ck_assert_int_lt(m, cap);
        arcs[m++] = d[nd - 1];
        return m;
    }
    size_t e = (size_t)A * fz->C + B;
    int n = rmi_fixed_zones_part(net, fz, ia, 2, fz->slot[2 * e], arcs, cap);
    ck_assert_int_ge(n, 1);
    m = n;
    for (int t = fz->mid_off[e]; t < fz->mid_off[e + 1]; t++)
        arcs[m++] = fz->mid[t];
    n = rmi_fixed_zones_part(net, fz, ib, 3, fz->slot[2 * e + 1], arcs + m, cap - m);
    ck_assert_int_ge(n, 1);
    return m + n;
}

/* The structural set-up (rmi_h2_fixed_new) on p against reading every
 * route: zoned, p must be read in two levels (of C blocks, when C > 0);
 * every route put together from the two-level form is the pieces' route,
 * arc for arc; owners, ranks and pairs array for array; every class
 * pairwise twins by the route-reading check, in host order, and no
 * route-reading class split. */
static void setup_same(const char *path, const rm_platform *p, int zoned, int C)
{
    rm_network na, nb;
    h2_work wa, wb;
    h2_fixed *a = setup(p, &na, &wa, 1), *b = setup(p, &nb, &wb, 0);
    int R = na.n_res, H = p->n_hosts;
    rmi_fixed_zones fz;
    int zs = rmi_fixed_zones_build(&na, &fz);
    ck_assert_int_ge(zs, 0);
    if (zoned)
        ck_assert_msg(zs == 1, "%s: not read as zones of clusters", path);
    if (C > 0)
        ck_assert_int_eq(fz.C, C);
    ck_assert_int_eq(a != NULL, b != NULL);
    if (zs) { /* the two-level form gives the routes the pieces give */
        int *x = malloc(2 * (size_t)(p->n_links + 2) * sizeof *x), *y = x + p->n_links + 2;
        ck_assert_ptr_nonnull(x);
        for (int s = 0; s < H; s++)
            for (int d = 0; d < H; d++) {
                if (s == d)
                    continue;
                int n = rmi_fixed_route_arcs_at(&na, s, d, x, p->n_links + 1);
                int m = zones_route(&na, &fz, s, d, y, p->n_links + 2);
                ck_assert_msg(n == m && !memcmp(x, y, (size_t)n * sizeof *x),
                              "%s: route %d -> %d: %d arcs, composed %d", path, s, d, n, m);
            }
        free(x);
    }
    for (int r = 0; a && r < R; r++) {
        ck_assert_msg(a->owner[r] == b->owner[r], "%s: resource %d: owner %d, by the routes %d", path, r,
                      a->owner[r], b->owner[r]);
        ck_assert_int_eq(a->rank[r], b->rank[r]);
        ck_assert_int_eq(a->pair[2 * r], b->pair[2 * r]);
        ck_assert_int_eq(a->pair[2 * r + 1], b->pair[2 * r + 1]);
    }
    /* the classes: each a class of twins (the route-reading check, member
     * against member), in host order, at least as coarse as reading the
     * routes (which keeps three probe hosts alone and has a budget) */
    for (int c = 0; a && c < a->n_class; c++)
        for (int m = a->cls_start[c]; m < a->cls_start[c + 1]; m++) {
            ck_assert_int_eq(a->cls_of[a->mem[m]], c);
            if (m > a->cls_start[c])
                ck_assert_int_lt(a->mem[m - 1], a->mem[m]);
            for (int m2 = a->cls_start[c]; m2 < m; m2++)
                ck_assert_msg(rmi_h2_fixed_twins(&wa, a, a->mem[m2], a->mem[m]) == 1,
                              "%s: hosts %d and %d in one class, not twins", path, a->mem[m2], a->mem[m]);
        }
    for (int h = 0; a && h < H; h++)
        for (int g = 0; g < h; g++)
            if (b->cls_of[g] == b->cls_of[h])
                ck_assert_msg(a->cls_of[g] == a->cls_of[h], "%s: hosts %d and %d twins by the routes, split",
                              path, g, h);
    if (a && zs)
        ck_assert_int_le(a->n_class, b->n_class);
    rmi_fixed_zones_free(&fz);
    rmi_h2_work_destroy(&wa);
    rmi_h2_work_destroy(&wb);
    rm_network_destroy(&na);
    rm_network_destroy(&nb);
}

/* Zones of clusters: five clusters joined by uplinks at 5 hosts (one a
 * cluster: its uplinks its own), 10, 40 and 120 hosts; Grid'5000's
 * structure at 3 and 8 hosts a cluster. */
START_TEST(test_zones_setup)
{
    char dir[] = "/tmp/rm-sg-pieces-XXXXXX", path[128];
    ck_assert_ptr_nonnull(mkdtemp(dir));
    static const int zh[4] = {5, 10, 40, 120};
    if (_i < 4) {
        snprintf(path, sizeof path, "%s/zones%d.xml", dir, zh[_i]);
        write_style(path, zh[_i], 4);
    } else {
        snprintf(path, sizeof path, "%s/g5k.xml", dir);
        g5k_with(path, _i == 4 ? 3 : 8);
    }
    rm_platform *p = load(path, 1);
    setup_same(path, p, 1, _i < 4 ? 5 : 23);
    rm_platform_free(p);
    unlink(path);
    rmdir(dir);
}
END_TEST

/* Fat-trees and dragonflies on the pieces: the set-up from their structure
 * (rmi_fixed_rects: a fat-tree's owners destination by destination;
 * rmi_fixed_zones_factored: a dragonfly's routers as blocks) against
 * reading every route (setup_same), over parameters that reach each part
 * of their routing: several parents per host, three levels, parallel
 * cables (K > 1: the sources in groups by position modulo the counts),
 * split-duplex and shared links, a loopback, one host per router;
 * SimGrid's example files and the
 * generated styles. ft: 1 the fat-tree form applies, 0 not; df likewise
 * for the dragonfly form. */
static const struct {
    const char *xml; /* a cluster element, or a file (path) when it starts with '/' */
    int ft, df, zw; /* zw: SharedRing's widths from the routers' parts apply (sharedring_zones.c) */
} ft_df[] = {
    {"<cluster id=\"ft\" topology=\"FAT_TREE\" topo_parameters=\"2;4,3;2,2;1,1\" prefix=\"f-\" suffix=\"\" "
     "radical=\"0-11\" speed=\"1Gf\" bw=\"125MBps\" lat=\"50us\"/>", 1, 0, 0},
    {"<cluster id=\"ft\" topology=\"FAT_TREE\" topo_parameters=\"3;2,2,3;1,2,2;1,1,1\" prefix=\"f-\" "
     "suffix=\"\" radical=\"0-11\" speed=\"1Gf\" bw=\"125MBps\" lat=\"50us\"/>", 1, 0, 0},
    {"<cluster id=\"ft\" topology=\"FAT_TREE\" topo_parameters=\"2;3,4;2,3;2,1\" prefix=\"f-\" suffix=\"\" "
     "radical=\"0-11\" speed=\"1Gf\" bw=\"125MBps\" lat=\"50us\"/>", 1, 0, 0}, /* parallel cables */
    {"<cluster id=\"ft\" topology=\"FAT_TREE\" topo_parameters=\"3;2,3,2;2,1,2;1,1,1\" prefix=\"f-\" "
     "suffix=\"\" radical=\"0-11\" speed=\"1Gf\" bw=\"125MBps\" lat=\"50us\" sharing_policy=\"SPLITDUPLEX\"/>",
     1, 0, 0},
    {"<cluster id=\"ft\" topology=\"FAT_TREE\" topo_parameters=\"2;8,5;1,5;1,1\" prefix=\"f-\" suffix=\"\" "
     "radical=\"0-39\" speed=\"1Gf\" bw=\"125MBps\" lat=\"50us\" loopback_bw=\"1GBps\" loopback_lat=\"0\"/>",
     1, 0, 0},
    {"<cluster id=\"ft\" topology=\"FAT_TREE\" topo_parameters=\"2;6,4;1,3;1,1\" prefix=\"f-\" suffix=\"\" "
     "radical=\"0-23\" speed=\"1Gf\" bw=\"125MBps\" lat=\"50us\"/>", 1, 0, 0},
    {"<cluster id=\"ft\" topology=\"FAT_TREE\" topo_parameters=\"2;3,4;2,4;2,3\" prefix=\"f-\" suffix=\"\" "
     "radical=\"0-11\" speed=\"1Gf\" bw=\"125MBps\" lat=\"50us\"/>", 1, 0, 0}, /* cables 2 and 3 */
    {"<cluster id=\"ft\" topology=\"FAT_TREE\" topo_parameters=\"3;2,2,3;2,2,1;3,1,2\" prefix=\"f-\" "
     "suffix=\"\" radical=\"0-11\" speed=\"1Gf\" bw=\"125MBps\" lat=\"50us\" sharing_policy=\"SHARED\"/>",
     1, 0, 0},
    {"<cluster id=\"d\" topology=\"DRAGONFLY\" topo_parameters=\"2,1;2,1;2,1;3\" prefix=\"d-\" suffix=\"\" "
     "radical=\"0-23\" speed=\"1Gf\" bw=\"125MBps\" lat=\"50us\"/>", 0, 1, 1},
    {"<cluster id=\"d\" topology=\"DRAGONFLY\" topo_parameters=\"3,1;2,2;3,1;2\" prefix=\"d-\" suffix=\"\" "
     "radical=\"0-35\" speed=\"1Gf\" bw=\"125MBps\" lat=\"50us\" sharing_policy=\"SPLITDUPLEX\"/>", 0, 1, 1},
    {"<cluster id=\"d\" topology=\"DRAGONFLY\" topo_parameters=\"2,1;2,1;2,1;1\" prefix=\"d-\" suffix=\"\" "
     "radical=\"0-7\" speed=\"1Gf\" bw=\"125MBps\" lat=\"50us\" loopback_bw=\"1GBps\" loopback_lat=\"0\"/>",
     0, 1, 1},
    {"<cluster id=\"d\" topology=\"DRAGONFLY\" topo_parameters=\"2,1;2,1;2,1;6\" prefix=\"d-\" suffix=\"\" "
     "radical=\"0-47\" speed=\"1Gf\" bw=\"125MBps\" lat=\"50us\"/>", 0, 1, 1},
    {SG "style_fat_tree.xml", 1, 0, 0},
    {SG "style_dragonfly.xml", 0, 1, 1},
    {BP "cluster_fat_tree.xml", 1, 0, 0}, /* two parallel cables */
    {BP "cluster_dragonfly.xml", 0, 1, 1},
};

/* Fat-tree or dragonfly f of ft_df loaded (its fixed routes): its XML
 * written into dir as ft.xml (path gets the name) unless it names a file. */
static rm_platform *ft_df_load(int f, const char *dir, char *path, size_t cap)
{
    if (ft_df[f].xml[0] != '/') {
        snprintf(path, cap, "%s/ft.xml", dir);
        FILE *o = fopen(path, "w");
        ck_assert_ptr_nonnull(o);
        fprintf(o, "<?xml version='1.0'?>\n<!DOCTYPE platform SYSTEM \"https://simgrid.org/simgrid.dtd\">\n"
                   "<platform version=\"4.1\">\n%s\n</platform>\n",
                ft_df[f].xml);
        fclose(o);
    } else
        snprintf(path, cap, "%s", ft_df[f].xml);
    return load(path, 1);
}

/* With speeds, each host's cycle-time times 1, 2 or 1.5; with bws, each
 * finite link bandwidth times 1, 2 or 0.5; drawn from *rs in that order. */
static void ft_df_vary(rm_platform *p, unsigned long long *rs, int speeds, int bws)
{
    static const double sf[3] = {1.0, 2.0, 1.5}, bf[3] = {1.0, 2.0, 0.5};
    for (int h = 0; speeds && h < p->n_hosts; h++)
        p->nodes[p->hosts[h]].w *= sf[rmt_rndint(rs, 0, 2)];
    for (int l = 0; bws && l < p->n_links; l++)
        if (isfinite(p->links[l].bandwidth) && p->links[l].bandwidth < 1e12)
            p->links[l].bandwidth *= bf[rmt_rndint(rs, 0, 2)];
}

/* The dragonfly's route ia -> ib from its factored form: the out part,
 * the middle, the in part. */
static int factored_route(const rm_network *net, const rmi_fixed_zones *fz, int ia, int ib, int *arcs, int cap)
{
    size_t e = (size_t)fz->blk[ia] * fz->C + fz->blk[ib];
    int m = rmi_fixed_zones_part(net, fz, ia, 2, 0, arcs, cap);
    ck_assert_int_ge(m, 1);
    for (int t = fz->mid_off[e]; t < fz->mid_off[e + 1]; t++) {
        ck_assert_int_lt(m, cap);
        arcs[m++] = fz->mid[t];
    }
    int n = rmi_fixed_zones_part(net, fz, ib, 3, 0, arcs + m, cap - m);
    ck_assert_int_ge(n, 1);
    return m + n;
}

static void zone_width_check(const char *path, int must);

static void count_rect(void *ctx, rmi_host_set S, rmi_host_set T, const int *arcs, int n)
{
    (void)S, (void)T, (void)arcs;
    *(long *)ctx += n;
}

START_TEST(test_ft_df_setup)
{
    char dir[] = "/tmp/rm-sg-pieces-XXXXXX", path[160];
    ck_assert_ptr_nonnull(mkdtemp(dir));
    int own = ft_df[_i].xml[0] != '/';
    rm_platform *p = ft_df_load(_i, dir, path, sizeof path);
    rm_network net;
    rm_error err = {RM_OK, ""};
    ck_assert_int_eq(rm_network_init(&net, p, RM_DUPLEX_HALF, &err), RM_OK);
    long calls = 0;
    ck_assert_msg(rmi_fixed_rects(&net, count_rect, &calls) == ft_df[_i].ft, "%s: fat-tree form", path);
    ck_assert(!ft_df[_i].ft || calls > 0);
    rmi_fixed_zones fz;
    ck_assert_msg(rmi_fixed_zones_factored(&net, &fz) == ft_df[_i].df, "%s: dragonfly form", path);
    if (ft_df[_i].df) { /* every route as the factored form composes it */
        int H = p->n_hosts, cap = p->n_links + 2;
        int *x = malloc(2 * (size_t)cap * sizeof *x), *y = x + cap;
        ck_assert_ptr_nonnull(x);
        ck_assert_int_eq(fz.fact, 1);
        ck_assert_int_ge(fz.C, 1);
        for (int s = 0; s < H; s++)
            for (int d = 0; d < H; d++)
                if (s != d) {
                    int n = rmi_fixed_route_arcs_at(&net, s, d, x, cap - 1);
                    int m = factored_route(&net, &fz, s, d, y, cap);
                    ck_assert_msg(n == m && !memcmp(x, y, (size_t)n * sizeof *x),
                                  "%s: route %d -> %d: %d arcs, composed %d", path, s, d, n, m);
                    ck_assert_int_le(n, fz.max_arcs);
                }
        free(x);
    }
    rmi_fixed_zones_free(&fz);
    rm_network_destroy(&net);
    setup_same(path, p, 0, 0);
    rm_platform_free(p);
    if (ft_df[_i].df) /* SharedRing's widths and best pair from the routers' parts */
        zone_width_check(path, ft_df[_i].zw);
    if (own)
        unlink(path);
    rmdir(dir);
}
END_TEST

static void same_maps(const char *path, const char *what, const rm_mapping *m0, const rm_mapping *m1);

/* SharedRing's first step on the fat-trees of ft_df by the pairs'
 * signatures (heur/sharedring/sharedring_sig.c: the first pair of each
 * signature valued, the widths from the routes it reads) against every
 * pair valued after the tree pass (rmi_h2_pair_sigs = 0): the same ring,
 * q, T_step and sweep (its size 2: the best pair's T_step) bit for bit, on
 * the file as read (alike pairs: some skipped), with random host speeds,
 * and with random speeds and link bandwidths too (few pairs alike). */
START_TEST(test_ft_pair_sigs)
{
    int f = _i / 4, v = _i % 4;
    if (!ft_df[f].ft)
        return; /* a dragonfly: its best pair is zone_width_check's */
    char dir[] = "/tmp/rm-sg-pieces-XXXXXX", path[160];
    ck_assert_ptr_nonnull(mkdtemp(dir));
    int own = ft_df[f].xml[0] != '/';
    rm_platform *p = ft_df_load(f, dir, path, sizeof path);
    unsigned long long rs = 977ULL * (unsigned long long)_i + 5;
    ft_df_vary(p, &rs, v == 1 || v == 2, 0);
    if (v == 3) { /* the first host and the last two twice as fast: the
                     pair of the last two (one leaf) beats the earlier
                     pairs of the same speeds and widths across leaves */
        p->nodes[p->hosts[0]].w *= 2.0;
        p->nodes[p->hosts[p->n_hosts - 2]].w *= 2.0;
        p->nodes[p->hosts[p->n_hosts - 1]].w *= 2.0;
    }
    ft_df_vary(p, &rs, 0, v == 2);
    for (int d = 0; d < 4; d++) {
        rm_options opt = map_opts(d % 2 ? 1e-5 : 0.01, 0);
        if (d >= 2) { /* the affine route cost: a route's latency counts */
            opt.cost.latency = 1;
            opt.cost.dc = 0.5;
        }
        rm_mapping *m0 = NULL, *m1 = NULL;
        rm_error err = {RM_OK, ""};
        rmi_h2_pair_sigs = 0;
        long before = rmi_h2_pair_sig_skips;
        ck_assert_msg(rm_map(p, &opt, &m0, &err) == RM_OK, "%s: %s", path, err.msg);
        rmi_h2_pair_sigs = 1;
        ck_assert_int_eq(rmi_h2_pair_sig_skips, before);
        ck_assert_msg(rm_map(p, &opt, &m1, &err) == RM_OK, "%s: %s", path, err.msg);
        ck_assert_msg(m0->q >= 2, "%s: q %d", path, m0->q);
        if (v == 0) /* homogeneous: pairs alike, skipped */
            ck_assert_msg(rmi_h2_pair_sig_skips > before, "%s: no pair skipped by its signature", path);
        same_maps(path, "every pair valued, the first pair of each signature", m0, m1);
        rm_mapping_free(m0);
        rm_mapping_free(m1);
    }
    rm_platform_free(p);
    if (own)
        unlink(path);
    rmdir(dir);
}
END_TEST

/* The H x H width table as one-byte codes (rmi_h2_wtab_put,
 * heur/sharedring/sharedring_sig.c): every width stored is read back by
 * rm_h2_full bit for bit (0 and -0, infinities, a NaN, rewrites of a
 * pair), with codes (few widths: no double table), and widened to doubles
 * mid-fill (rmi_h2_wtab_max 3 and 1), against a plain double table. */
START_TEST(test_wtab_codes_bits)
{
    static const double vals[] = {0.0, -0.0, 125.0, 1250.0, 1250.0 / 3.0, INFINITY, 1e-300, 7.5};
    static const int maxes[] = {256, 3, 1, 0};
    double nan = NAN;
    for (int mx = 0; mx < 4; mx++) {
        for (int H = 1; H <= 40; H += 13) {
            h2_work wk;
            memset(&wk, 0, sizeof wk);
            wk.H = H;
            rmi_h2_wtab_max = maxes[mx];
            long widened = atomic_load(&rmi_h2_wtab_widened);
            rm_error err = {RM_OK, ""};
            ck_assert_int_eq(rmi_h2_wtab_init(&wk, &err), RM_OK);
            ck_assert(maxes[mx] ? wk.full8 && !wk.full : !wk.full8 && wk.full);
            double *ref = malloc((size_t)H * H * sizeof *ref);
            ck_assert_ptr_nonnull(ref);
            unsigned long long rs = 31ULL * (unsigned long long)H + (unsigned long long)mx;
            int nd = H > 1 ? 7 : 1; /* distinct widths stored */
            for (int pass = 0; pass < 2; pass++) { /* every pair, then rewritten */
                for (int a = 0; a < H; a++)
                    for (int b = 0; b < H; b++) {
                        int k = rmt_rndint(&rs, 0, nd - 1);
                        double w = k == 6 ? nan : vals[k];
                        ref[(size_t)a * H + b] = w;
                        ck_assert_int_eq(rm_h2_wtab_set(&wk, a, b, w), 0);
                    }
                for (int a = 0; a < H; a++)
                    for (int b = 0; b < H; b++) {
                        double w = ref[(size_t)a * H + b], v = rm_h2_full(&wk, a, b);
                        ck_assert_msg(memcmp(&w, &v, sizeof w) == 0,
                                      "max %d, H %d, pass %d: %d -> %d stored %.17g, read %.17g", maxes[mx], H, pass,
                                      a, b, w, v);
                    }
            }
            /* codes kept while the distinct widths fit, else widened once */
            int fit = maxes[mx] >= nd;
            if (maxes[mx])
                ck_assert_msg(fit ? wk.full8 != NULL : (wk.full != NULL &&
                                                         atomic_load(&rmi_h2_wtab_widened) == widened + 1),
                              "max %d, H %d: codes %p, doubles %p", maxes[mx], H, (void *)wk.full8, (void *)wk.full);
            free(ref);
            rmi_h2_wtab_free(&wk);
            ck_assert(!wk.full8 && !wk.full);
        }
    }
    rmi_h2_wtab_max = 256;
}
END_TEST

/* SharedRing on the fat-trees of ft_df (the width table's path) with the
 * widths as codes, as doubles, and widened mid-fill: the same ring, q,
 * T_step and sweep bit for bit; the file as read and with random speeds
 * and link bandwidths. */
START_TEST(test_ft_wtab_same)
{
    int f = _i / 2, v = _i % 2;
    if (!ft_df[f].ft)
        return; /* a dragonfly: its widths are the zones' */
    char dir[] = "/tmp/rm-sg-pieces-XXXXXX", path[160];
    ck_assert_ptr_nonnull(mkdtemp(dir));
    int own = ft_df[f].xml[0] != '/';
    rm_platform *p = ft_df_load(f, dir, path, sizeof path);
    unsigned long long rs = 613ULL * (unsigned long long)_i + 11;
    ft_df_vary(p, &rs, v == 1, v == 1);
    for (int d = 0; d < 2; d++) {
        rm_options opt = map_opts(d ? 1e-5 : 0.01, 0);
        rm_mapping *m0 = NULL, *m1 = NULL, *m2 = NULL;
        rm_error err = {RM_OK, ""};
        rmi_h2_wtab_max = 0;
        ck_assert_msg(rm_map(p, &opt, &m0, &err) == RM_OK, "%s: %s", path, err.msg);
        rmi_h2_wtab_max = 256;
        ck_assert_msg(rm_map(p, &opt, &m1, &err) == RM_OK, "%s: %s", path, err.msg);
        long widened = atomic_load(&rmi_h2_wtab_widened);
        rmi_h2_wtab_max = 1;
        ck_assert_msg(rm_map(p, &opt, &m2, &err) == RM_OK, "%s: %s", path, err.msg);
        rmi_h2_wtab_max = 256;
        ck_assert_msg(atomic_load(&rmi_h2_wtab_widened) > widened, "%s: the table was not widened", path);
        ck_assert_msg(m0->q >= 2, "%s: q %d", path, m0->q);
        same_maps(path, "widths as doubles, as codes", m0, m1);
        same_maps(path, "widths as doubles, widened from codes", m0, m2);
        rm_mapping_free(m0);
        rm_mapping_free(m1);
        rm_mapping_free(m2);
    }
    rm_platform_free(p);
    if (own)
        unlink(path);
    rmdir(dir);
}
END_TEST

/* SimGrid's cluster files and zone hierarchies of clusters (the ones read
 * in two levels marked), generated clusters (flat, with a backbone) on the
 * pieces: setup_same. */
static const char *const star_files[] = {SG "cluster_backbone_160.xml", SG "cluster_shared_backbone.xml",
                                         SG "style_cluster_backbone.xml", SG "style_cores.xml",
                                         SG "style_zero_speed.xml", STYLES "cluster2.xml",
                                         BP "cluster_multi.xml", BP "griffon_like.xml",
                                         BP "meta_cluster.xml", STYLES "zones.xml"};
static const int star_zoned[] = {1, 1, 1, 0, 0, 1, 1, 1, 1, 0};
static const int n_star_files = (int)(sizeof star_files / sizeof *star_files);

START_TEST(test_star_setup)
{
    char dir[] = "/tmp/rm-sg-pieces-XXXXXX", path[128];
    ck_assert_ptr_nonnull(mkdtemp(dir));
    if (_i < n_star_files)
        snprintf(path, sizeof path, "%s", star_files[_i]);
    else {
        snprintf(path, sizeof path, "%s/style%d.xml", dir, _i - n_star_files);
        write_style(path, 40, _i - n_star_files); /* 0 flat, 1 backbone */
    }
    rm_platform *p = load(path, 1);
    setup_same(path, p, _i >= n_star_files || star_zoned[_i], _i >= n_star_files);
    rm_platform_free(p);
    if (_i >= n_star_files)
        unlink(path);
    rmdir(dir);
}
END_TEST

/* A random SimGrid star zone into path (seed): odd seeds a <cluster> with
 * random sharing policies (private links SHARED, SPLITDUPLEX or FATPIPE; a
 * SHARED or FATPIPE backbone, or none), even seeds a Cluster zone of 1 to 4
 * <cabinet>s of their own speeds, bandwidths and latencies (classes of
 * several sizes) and a router, with or without a backbone. */
static void write_random_star(const char *path, unsigned long long seed)
{
    unsigned long long rs = seed * 0x9e3779b97f4a7c15ULL + 1;
    static const char *sp[3] = {"1Gf", "2Gf", "1.5Gf"}, *bw[3] = {"125MBps", "1GBps", "125MBps"},
                      *lat[3] = {"50us", "100us", "10us"}, *pol[3] = {"SHARED", "SPLITDUPLEX", "FATPIPE"};
    FILE *f = fopen(path, "w");
    ck_assert_ptr_nonnull(f);
    fprintf(f, "<?xml version='1.0'?>\n<!DOCTYPE platform SYSTEM "
               "\"https://simgrid.org/simgrid.dtd\">\n<platform version=\"4.1\">\n");
    if (seed % 2) {
        int bb = rmt_rndint(&rs, 0, 2);
        fprintf(f,
                "<cluster id=\"c\" prefix=\"n\" suffix=\"\" radical=\"0-%d\" speed=\"%s\" bw=\"%s\" "
                "lat=\"%s\" sharing_policy=\"%s\"",
                rmt_rndint(&rs, 3, 60), sp[rmt_rndint(&rs, 0, 2)], bw[rmt_rndint(&rs, 0, 2)],
                lat[rmt_rndint(&rs, 0, 2)], pol[rmt_rndint(&rs, 0, 2)]);
        if (bb)
            fprintf(f, " bb_bw=\"%s\" bb_lat=\"%s\" bb_sharing_policy=\"%s\"", rmt_rndint(&rs, 0, 1) ? "10GBps" : "200MBps",
                    lat[rmt_rndint(&rs, 0, 2)], bb == 1 ? "SHARED" : "FATPIPE");
        fprintf(f, "/>\n");
    } else {
        int nc = rmt_rndint(&rs, 1, 4), at = 0;
        fprintf(f, "<zone id=\"z\" routing=\"Cluster\">\n");
        for (int c = 0; c < nc; c++) {
            int n = rmt_rndint(&rs, 1, 15);
            fprintf(f,
                    "<cabinet id=\"k%d\" prefix=\"n\" suffix=\"\" speed=\"%s\" bw=\"%s\" lat=\"%s\" "
                    "radical=\"%d-%d\"/>\n",
                    c, sp[rmt_rndint(&rs, 0, 2)], bw[rmt_rndint(&rs, 0, 2)], lat[rmt_rndint(&rs, 0, 2)], at,
                    at + n - 1);
            at += n;
        }
        if (at < 3)
            fprintf(f, "<cabinet id=\"kx\" prefix=\"n\" suffix=\"\" speed=\"1Gf\" bw=\"1GBps\" lat=\"50us\" "
                       "radical=\"%d-%d\"/>\n", at, at + 2);
        fprintf(f, "<router id=\"z-router\"/>\n"); /* the zone's probe: not a member */
        if (rmt_rndint(&rs, 0, 1))
            fprintf(f, "<backbone id=\"bb\" bandwidth=\"%s\" latency=\"500us\"/>\n",
                    rmt_rndint(&rs, 0, 1) ? "2.25GBps" : "300MBps");
        fprintf(f, "</zone>\n");
    }
    fprintf(f, "</platform>\n");
    fclose(f);
}

/* Adds the non-backbone resources of arcs[0..m) not in sig[0..n) to sig;
 * the new length. */
static int sig_add(const rm_network *net, const int *arcs, int m, int *sig, int n)
{
    for (int k = 0; k < m; k++) {
        int r = net->arc_res[arcs[k]], dup = 0;
        if (r < 0 || net->res_backbone[r])
            continue;
        for (int u = 0; u < n && !dup; u++)
            dup = sig[u] == r;
        if (!dup)
            sig[n++] = r;
    }
    return n;
}

/* sig[0..n) increasing, each written as (a's, rank), (b's, rank) or
 * itself. n. */
static int sig_finish(const h2_fixed *fx, int a, int b, int *sig, int n)
{
    for (int x = 1; x < n; x++) /* insertion sort: a few resources */
        for (int y = x; y > 0 && sig[y - 1] > sig[y]; y--) {
            int z = sig[y];
            sig[y] = sig[y - 1];
            sig[y - 1] = z;
        }
    for (int u = 0; u < n; u++) {
        int r = sig[u], o = fx->owner[r];
        sig[u] = o == a ? 3 * fx->rank[r] + 1 : o == b ? 3 * fx->rank[r] + 2 : 3 * r;
    }
    return n;
}

/* Pair (a, b)'s signature written independently of sharedring_pair.c:
 * from its hosts' sides (routes = 0: the non-backbone resources of U(a),
 * D(a), U(b), D(b)) or from its two routes a -> b and b -> a (routes = 1),
 * increasing, as (a's, rank), (b's, rank) or themselves. Its length;
 * arcs holds 2 cap. */
static int brute_signature(const rm_network *net, const h2_fixed *fx, int a, int b, int routes, int *sig,
                           int *arcs, int cap)
{
    int n = 0;
    if (routes) {
        int m1 = rmi_fixed_route_arcs_at(net, a, b, arcs, cap);
        int m2 = rmi_fixed_route_arcs_at(net, b, a, arcs + m1, cap);
        ck_assert(m1 > 0 && m2 > 0);
        n = sig_add(net, arcs, m1 + m2, sig, n);
    } else
        for (int t = 0; t < 4; t++) {
            int m = rmi_fixed_route_side(net, t < 2 ? a : b, t % 2, arcs, cap);
            ck_assert_int_gt(m, 0);
            n = sig_add(net, arcs, m, sig, n);
        }
    return sig_finish(fx, a, b, sig, n);
}

/* Per ordered class pair (A, B) of fx, the pairs rmi_h2_pairs_of lists
 * are exactly the first pair (a < b, in (a, b) order) of each signature
 * (brute_signature with routes), listed in that order when ordered. */
static void check_listed_pairs(const char *path, const rm_network *net, h2_work *wk, const h2_fixed *fx,
                               h2_pairs *pp, int routes, int ordered)
{
    int H = net->platform->n_hosts, cap = net->platform->n_links + 2;
    int *fa = malloc((size_t)H * H * sizeof *fa), *fb = malloc((size_t)H * H * sizeof *fb);
    int *soff = malloc(((size_t)H * H + 1) * sizeof *soff), *pool = NULL, npool = 0;
    int *sig = malloc(4 * (size_t)cap * sizeof *sig), *arcs = malloc(2 * (size_t)cap * sizeof *arcs);
    ck_assert(fa && fb && soff && sig && arcs);
    for (int A = 0; A < fx->n_class; A++)
        for (int B = 0; B < fx->n_class; B++) {
            int nf = 0;
            npool = 0;
            soff[0] = 0;
            for (int a = 0; a < H; a++)
                for (int b = a + 1; b < H; b++) {
                    if (fx->cls_of[a] != A || fx->cls_of[b] != B)
                        continue;
                    int n = brute_signature(net, fx, a, b, routes, sig, arcs, cap), seen = 0;
                    for (int f = 0; f < nf && !seen; f++)
                        seen = soff[f + 1] - soff[f] == n && (!n || !memcmp(pool + soff[f], sig, (size_t)n * sizeof *sig));
                    if (seen)
                        continue;
                    pool = realloc(pool, (size_t)(npool + n + 1) * sizeof *pool);
                    ck_assert_ptr_nonnull(pool);
                    memcpy(pool + npool, sig, (size_t)n * sizeof *sig);
                    npool += n;
                    fa[nf] = a;
                    fb[nf] = b;
                    soff[++nf] = npool;
                }
            int n = rmi_h2_pairs_of(pp, wk, fx, A, B);
            ck_assert_msg(n == nf, "%s: classes %d, %d: %d pairs listed, %d signatures", path, A, B, n, nf);
            for (int k = 0; k < n; k++) {
                int hit = 0;
                for (int f = 0; f < nf && !hit; f++)
                    hit = fa[f] == pp->pair[k].a && fb[f] == pp->pair[k].b;
                ck_assert_msg(hit, "%s: classes %d, %d: pair %d, %d is not a signature's first", path, A, B,
                              pp->pair[k].a, pp->pair[k].b);
                if (k && ordered)
                    ck_assert(pp->pair[k - 1].a < pp->pair[k].a ||
                              (pp->pair[k - 1].a == pp->pair[k].a && pp->pair[k - 1].b < pp->pair[k].b));
            }
        }
    free(fa);
    free(fb);
    free(soff);
    free(pool);
    free(sig);
    free(arcs);
}

/* m0 and m1 are the same mapping (path, what): q, T_step/D_w, the ring
 * and the sweep, bit for bit. */
static void same_maps(const char *path, const char *what, const rm_mapping *m0, const rm_mapping *m1)
{
    ck_assert_msg(m0->q == m1->q, "%s: q %d against %d (%s)", path, m0->q, m1->q, what);
    ck_assert_msg(memcmp(&m0->t_step_per_dw, &m1->t_step_per_dw, sizeof(double)) == 0,
                  "%s: T_step/D_w %.17g against %.17g (%s)", path, m0->t_step_per_dw, m1->t_step_per_dw, what);
    for (int k = 0; k < m0->q; k++)
        ck_assert_int_eq(m0->ring[k], m1->ring[k]);
    ck_assert_int_eq(m0->n_sweep, m1->n_sweep);
    for (int k = 0; k < m0->n_sweep; k++)
        ck_assert_msg(memcmp(&m0->sweep_t[k], &m1->sweep_t[k], sizeof(double)) == 0,
                      "%s: size %d: %.17g against %.17g (%s)", path, k + 1, m0->sweep_t[k], m1->sweep_t[k], what);
}

/* On a SimGrid star zone p (path), the best pair over the twin classes
 * (heur/sharedring/sharedring_pair.c): every route's width from U and D is
 * rmi_fixed_route_width's, bit for bit (also the scan's widths,
 * rm_h2_full, with no H x H matrix); each ordered class pair's listed
 * pairs are exactly the first pair (a < b) of each signature; SharedRing
 * maps to the same ring, q, T_step and sweep with every host pair scanned
 * (rmi_h2_pair_classes = 0). must: the path applies (1 asserted). */
static void star_pair_check(const char *path, int must)
{
    rm_platform *p = load(path, 1);
    rm_network net;
    h2_work wk;
    h2_fixed *fx = setup(p, &net, &wk, 1);
    h2_pairs pp;
    int H = p->n_hosts, cap = p->n_links + 2;
    int ok = fx && fx->star ? rmi_h2_pairs_init(&pp, &wk, fx) : 0;
    if (must)
        ck_assert_msg(ok == 1, "%s: not a star zone's pieces (%d)", path, ok);
    int *arcs = malloc((size_t)cap * sizeof *arcs);
    ck_assert_ptr_nonnull(arcs);
    if (ok == 1) {
        for (int a = 0; a < H; a++)
            for (int b = 0; b < H; b++) {
                if (a == b)
                    continue;
                double w, v = rmi_h2_pairs_width(&pp, a, b);
                ck_assert_int_gt(rmi_fixed_route_width_at(&net, NULL, a, b, p->hosts[a], p->hosts[b], arcs, &w), 0);
                ck_assert_msg(memcmp(&w, &v, sizeof w) == 0, "%s: width %d -> %d: %.17g, from U and D %.17g",
                              path, a, b, w, v);
                /* the scan's full-capacity widths: the same, no H x H matrix */
                v = rm_h2_full(&wk, a, b);
                ck_assert_msg(memcmp(&w, &v, sizeof w) == 0 && wk.fw.su && !wk.full,
                              "%s: rm_h2_full %d -> %d: %.17g", path, a, b, v);
            }
        check_listed_pairs(path, &net, &wk, fx, &pp, 0, 1);
        rmi_h2_pairs_free(&pp);
    }
    free(arcs);
    rmi_h2_work_destroy(&wk);
    rm_network_destroy(&net);
    /* SharedRing with the classes' pairs and with every pair */
    for (int d = 0; d < 2; d++) {
        double dc_dw = d ? 1e-5 : 0.01;
        rmi_h2_pair_classes = 0;
        rm_mapping *m0 = map(p, path, dc_dw, 0);
        rmi_h2_pair_classes = 1;
        rm_mapping *m1 = map(p, path, dc_dw, 0);
        same_maps(path, "every pair, the classes' pairs", m0, m1);
        rm_mapping_free(m0);
        rm_mapping_free(m1);
    }
    rm_platform_free(p);
}

/* The star files, generated flat and backbone clusters of 40 and 120
 * hosts, and 16 random star zones. */
START_TEST(test_star_pairs)
{
    char dir[] = "/tmp/rm-sg-pieces-XXXXXX", path[128];
    ck_assert_ptr_nonnull(mkdtemp(dir));
    if (_i < n_star_files) {
        star_pair_check(star_files[_i], 0);
    } else if (_i < n_star_files + 4) {
        int k = _i - n_star_files;
        snprintf(path, sizeof path, "%s/style%d.xml", dir, k);
        write_style(path, k / 2 ? 120 : 40, k % 2); /* 0 flat, 1 backbone */
        star_pair_check(path, 1);
        unlink(path);
    } else {
        snprintf(path, sizeof path, "%s/random.xml", dir);
        write_random_star(path, (unsigned long long)(_i - n_star_files - 4));
        star_pair_check(path, 1);
        unlink(path);
    }
    rmdir(dir);
}
END_TEST

/* A random zone hierarchy of clusters into path (seed): 2 to 5 clusters of
 * 1 to 12 hosts (random speeds, bandwidths, latencies, private links
 * SHARED, SPLITDUPLEX or FATPIPE, a SHARED or FATPIPE backbone or none)
 * in a Full zone, each pair of clusters joined by a route through their
 * uplinks (SHARED or FATPIPE) and, on some pairs, a shared core link. */
static void write_random_zones(const char *path, unsigned long long seed)
{
    unsigned long long rs = seed * 0x9e3779b97f4a7c15ULL + 7;
    static const char *sp[3] = {"1Gf", "2Gf", "1.5Gf"}, *bw[3] = {"125MBps", "1GBps", "125MBps"},
                      *lat[3] = {"50us", "100us", "10us"}, *pol[3] = {"SHARED", "SPLITDUPLEX", "FATPIPE"};
    FILE *f = fopen(path, "w");
    ck_assert_ptr_nonnull(f);
    fprintf(f, "<?xml version='1.0'?>\n<!DOCTYPE platform SYSTEM "
               "\"https://simgrid.org/simgrid.dtd\">\n<platform version=\"4.1\">\n"
               "<zone id=\"grid\" routing=\"Full\">\n");
    int nc = rmt_rndint(&rs, 2, 5), hosts = 0;
    for (int c = 0; c < nc; c++) {
        int n = rmt_rndint(&rs, 1, 12), bb = rmt_rndint(&rs, 0, 2);
        hosts += n;
        fprintf(f,
                "<cluster id=\"c%d\" prefix=\"c%d-\" suffix=\"\" radical=\"0-%d\" speed=\"%s\" bw=\"%s\" "
                "lat=\"%s\" sharing_policy=\"%s\"",
                c, c, n - 1, sp[rmt_rndint(&rs, 0, 2)], bw[rmt_rndint(&rs, 0, 2)], lat[rmt_rndint(&rs, 0, 2)],
                pol[rmt_rndint(&rs, 0, 2)]);
        if (bb)
            fprintf(f, " bb_bw=\"%s\" bb_lat=\"%s\" bb_sharing_policy=\"%s\"",
                    rmt_rndint(&rs, 0, 1) ? "10GBps" : "200MBps", lat[rmt_rndint(&rs, 0, 2)],
                    bb == 1 ? "SHARED" : "FATPIPE");
        fprintf(f, "/>\n");
    }
    if (hosts < 3) /* SharedRing needs 3 hosts for the classes */
        fprintf(f, "<cluster id=\"c%d\" prefix=\"c%d-\" suffix=\"\" radical=\"0-2\" speed=\"1Gf\" "
                   "bw=\"1GBps\" lat=\"50us\"/>\n", nc, nc), nc++;
    for (int c = 0; c < nc; c++)
        fprintf(f, "<link id=\"up%d\" bandwidth=\"%s\" latency=\"1ms\" sharing_policy=\"%s\"/>\n", c,
                rmt_rndint(&rs, 0, 1) ? "1.25GBps" : "100MBps", rmt_rndint(&rs, 0, 1) ? "SHARED" : "FATPIPE");
    fprintf(f, "<link id=\"core\" bandwidth=\"%s\" latency=\"2ms\"/>\n",
            rmt_rndint(&rs, 0, 1) ? "5GBps" : "80MBps");
    for (int a = 0; a < nc; a++)
        for (int b = a + 1; b < nc; b++) {
            fprintf(f,
                    "<zoneRoute src=\"c%d\" dst=\"c%d\" gw_src=\"c%d-c%d_router\" gw_dst=\"c%d-c%d_router\">"
                    "<link_ctn id=\"up%d\"/>",
                    a, b, a, a, b, b, a);
            if (rmt_rndint(&rs, 0, 1))
                fprintf(f, "<link_ctn id=\"core\"/>");
            fprintf(f, "<link_ctn id=\"up%d\"/></zoneRoute>\n", b);
        }
    fprintf(f, "</zone>\n</platform>\n");
    fclose(f);
}

/* On a zone hierarchy of clusters p (path), the widths from the hosts'
 * parts (heur/sharedring/sharedring_zones.c): every route's full-capacity
 * width is rmi_fixed_route_width's, bit for bit (rmi_h2_zw_width, and the
 * scan's rm_h2_full with no H x H matrix); SharedRing maps to the same
 * ring, q, T_step and sweep as with the route-reading widths
 * (rmi_h2_zone_widths = 0). must: the widths apply (1 asserted). */
static void zone_width_check(const char *path, int must)
{
    rm_platform *p = load(path, 1);
    rm_network net;
    h2_work wk;
    h2_fixed *fx = setup(p, &net, &wk, 1);
    (void)fx;
    int H = p->n_hosts, cap = p->n_links + 2;
    h2_zw *zw = NULL;
    int ok = rmi_h2_zw_build(&net, &zw);
    ck_assert_int_ge(ok, 0);
    if (must)
        ck_assert_msg(ok == 1 && zw, "%s: no widths from the zones' parts (%d)", path, ok);
    ck_assert_msg(ok != 1 || ((wk.fw.zw || wk.fw.su) && !wk.full), "%s: the scan's widths", path);
    int *arcs = malloc((size_t)cap * sizeof *arcs);
    ck_assert_ptr_nonnull(arcs);
    for (int a = 0; ok == 1 && a < H; a++)
        for (int b = 0; b < H; b++) {
            if (a == b)
                continue;
            double w, v = rmi_h2_zw_width(zw, a, b), u = rm_h2_full(&wk, a, b);
            ck_assert_int_gt(rmi_fixed_route_width_at(&net, NULL, a, b, p->hosts[a], p->hosts[b], arcs, &w), 0);
            ck_assert_msg(memcmp(&w, &v, sizeof w) == 0 && memcmp(&w, &u, sizeof w) == 0,
                          "%s: width %d -> %d: %.17g, from the parts %.17g, the scan's %.17g", path, a, b, w, v,
                          u);
        }
    /* the best pair's listed pairs: per ordered class pair, the first pair
     * (a < b) of each signature read from the two routes themselves */
    h2_pairs pp;
    int pk = ok == 1 && fx && !fx->star ? rmi_h2_pairs_init(&pp, &wk, fx) : 0;
    if (must && fx && !fx->star)
        ck_assert_msg(pk == 1 && pp.zw, "%s: no best pair over the zones' classes (%d)", path, pk);
    if (pk == 1) {
        check_listed_pairs(path, &net, &wk, fx, &pp, 1, 0);
        rmi_h2_pairs_free(&pp);
    }
    free(arcs);
    rmi_h2_zw_free(zw);
    rmi_h2_work_destroy(&wk);
    rm_network_destroy(&net);
    /* SharedRing: the route-reading widths and every pair, the parts'
     * widths and every pair, the parts' widths and the classes' pairs */
    for (int d = 0; d < 2; d++) {
        double dc_dw = d ? 1e-5 : 0.01;
        rmi_h2_pair_classes = 0;
        rm_mapping *mp = map(p, path, dc_dw, 0);
        rmi_h2_pair_classes = 1;
        ck_assert_msg(mp->q >= 1, "%s: q %d", path, mp->q);
        rmi_h2_zone_widths = 0;
        rm_mapping *m0 = map(p, path, dc_dw, 0);
        same_maps(path, "every pair, the classes' pairs", mp, m0);
        rm_mapping_free(mp);
        rmi_h2_zone_widths = 1;
        rm_mapping *m1 = map(p, path, dc_dw, 0);
        same_maps(path, "the routes read, the parts' widths", m0, m1);
        rm_mapping_free(m0);
        rm_mapping_free(m1);
    }
    rm_platform_free(p);
}

/* The zones style at 10 and 40 hosts, Grid'5000's structure at 3 hosts a
 * cluster, the zoned star files, and 12 random zone hierarchies. */
START_TEST(test_zone_widths)
{
    char dir[] = "/tmp/rm-sg-pieces-XXXXXX", path[128];
    ck_assert_ptr_nonnull(mkdtemp(dir));
    if (_i < 2) {
        snprintf(path, sizeof path, "%s/zones.xml", dir);
        write_style(path, _i ? 40 : 10, 4);
        zone_width_check(path, 1);
        unlink(path);
    } else if (_i == 2) {
        snprintf(path, sizeof path, "%s/g5k.xml", dir);
        g5k_with(path, 3);
        zone_width_check(path, 1);
        unlink(path);
    } else if (_i < 3 + n_star_files) {
        if (star_zoned[_i - 3])
            zone_width_check(star_files[_i - 3], 0);
    } else {
        snprintf(path, sizeof path, "%s/random.xml", dir);
        write_random_zones(path, (unsigned long long)(_i - 3 - n_star_files));
        zone_width_check(path, 1);
        unlink(path);
    }
    rmdir(dir);
}
END_TEST

/* Two zones without a route between them: the table leaves a host out
 * (warned); above the cap the pieces refuse it, naming a pair. */
START_TEST(test_no_route_refused)
{
    rm_read_options ro;
    rm_read_options_init(&ro);
    ro.warn = rm_warn_silent;
    rm_platform *p = NULL;
    rm_error err = {RM_OK, ""};
    rm_status st = rmi_platform_read_simgrid_pairs(SG "style_unreachable.xml", &ro, 1, &p, NULL, &err);
    ck_assert_int_eq(st, RM_EINPUT);
    ck_assert_ptr_null(p);
    ck_assert_msg(strstr(err.msg, "no route") && strstr(err.msg, "\"x0\""), "%s", err.msg);
}
END_TEST

/* --routing widest on the pieces' hub: refused, not host - hub - host. */
START_TEST(test_widest_refused)
{
    rm_platform *p = load(SG "style_cluster_backbone.xml", 1);
    rm_options opt;
    rm_options_init(&opt);
    opt.routing = RM_ROUTING_WIDEST;
    rm_mapping *m = NULL;
    rm_error err = {RM_OK, ""};
    ck_assert_int_eq(rm_map(p, &opt, &m, &err), RM_EINPUT);
    ck_assert_ptr_null(m);
    ck_assert_msg(strstr(err.msg, "--routing widest") && strstr(err.msg, "hub"), "%s", err.msg);
    rm_platform_free(p);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("sg_pieces_map");
    TCase *tc = tcase_create("same");
    tcase_set_timeout(tc, 600);
    tcase_add_loop_test(tc, test_files, 0, (int)(sizeof files / sizeof *files));
    tcase_add_loop_test(tc, test_styles, 0, 5);
    tcase_add_loop_test(tc, test_g5k_structure, 0, 2);
    tcase_add_loop_test(tc, test_zones_setup, 0, 6);
    tcase_add_test(tc, test_no_route_refused);
    tcase_add_test(tc, test_widest_refused);
    tcase_add_loop_test(tc, test_star_setup, 0, n_star_files + 2);
    tcase_add_loop_test(tc, test_star_pairs, 0, n_star_files + 4 + 16);
    tcase_add_loop_test(tc, test_zone_widths, 0, 3 + n_star_files + 12);
    suite_add_tcase(s, tc);
    TCase *tf = tcase_create("ftdf"); /* fat-trees and dragonflies: the set-up from their structure */
    tcase_set_timeout(tf, 600);
    tcase_add_loop_test(tf, test_ft_df_setup, 0, (int)(sizeof ft_df / sizeof *ft_df));
    tcase_add_loop_test(tf, test_ft_pair_sigs, 0, 4 * (int)(sizeof ft_df / sizeof *ft_df));
    tcase_add_loop_test(tf, test_ft_wtab_same, 0, 2 * (int)(sizeof ft_df / sizeof *ft_df));
    tcase_add_test(tf, test_wtab_codes_bits);
    suite_add_tcase(s, tf);
    return rmt_run_suite(s);
}
