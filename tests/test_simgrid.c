/*
 * test_simgrid.c — SimGrid platform files read by SimGrid itself (docs/simgrid.md):
 * every platform style of tests/data/simgrid/ is mapped by SharedRing and
 * SliceRing on SimGrid's routes (mappings pass rm_mapping_check), with the
 * hand-computed T_step of the small ones (cluster with a backbone,
 * SPLITDUPLEX + FATPIPE); the model's values (cores, sharing policies,
 * bypass route, links of the routes); medium_tiers as SimGrid XML (version
 * 2, converted by simgrid_update_xml) and as GML give the same mapping;
 * unreachable hosts are left out with a warning; bad files (syntax error,
 * unknown host or link in a route, no version, a SimGrid abort, a directory,
 * a huge file, too many hosts, no conversion script) give RM_EINPUT or
 * RM_ELIMIT with a message naming the file.
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
#include <sys/stat.h>
#include <unistd.h>

#define SG RM_SOURCE_DIR "/tests/data/simgrid/"
#define SHARED RM_SHARED_DIR "/data/simgrid/"
#define STYLES RM_SHARED_DIR "/data/simgrid-styles/"

typedef struct warnings {
    int n;
    char last[1024];
} warnings;

static void collect(void *ctx, const char *msg)
{
    warnings *w = ctx;
    w->n++;
    snprintf(w->last, sizeof w->last, "%s", msg);
}

static rm_platform *load_ex(const char *path, int one_core, warnings *w, rm_simgrid_info *info)
{
    rm_read_options ro;
    rm_read_options_init(&ro);
    ro.one_core = one_core;
    if (w) {
        memset(w, 0, sizeof *w);
        ro.warn = collect;
        ro.warn_ctx = w;
    }
    rm_platform *p = NULL;
    rm_error err = {RM_OK, ""};
    rm_status st = rmi_platform_read_simgrid_ex(path, &ro, &p, info, &err);
    ck_assert_msg(st == RM_OK, "%s: %s", path, err.msg);
    ck_assert_ptr_nonnull(p);
    ck_assert_ptr_nonnull(p->fixed_route_start);
    return p;
}

static rm_mapping *map(const rm_platform *p, rm_network *net, rm_heuristic h, rm_routing r,
                       double dc_dw)
{
    rm_options opt;
    rm_options_init(&opt);
    opt.heuristic = h;
    opt.routing = r;
    opt.cost.dc_dw = dc_dw;
    rm_error err = {RM_OK, ""};
    ck_assert_int_eq(rm_network_init(net, p, opt.duplex, &err), RM_OK);
    rm_mapping *m = NULL;
    rm_status st = h == RM_HEUR_SLICE ? rm_slicering(net, &opt, &m, &err)
                                      : rm_sharedring(net, &opt, &m, &err);
    ck_assert_msg(st == RM_OK, "%s: %s", p->name, err.msg);
    ck_assert_msg(rm_mapping_check(net, m, 1e-9, &err) == RM_OK, "%s: %s", p->name, err.msg);
    ck_assert(m->q >= 1 && m->q <= p->n_hosts);
    ck_assert(m->t_step_per_dw > 0 && isfinite(m->t_step_per_dw));
    return m;
}

static int rel_eq(double a, double b, double tol)
{
    return fabs(a - b) <= tol * fmax(fabs(a), fabs(b));
}

/* Number of SimGrid links (arcs that are not connection links) on the
 * fixed route from host position i to host position j. */
static int sg_links_on_route(const rm_platform *p, const rm_simgrid_info *info, int i, int j)
{
    int H = p->n_hosts, n = 0;
    for (int k = p->fixed_route_start[i * H + j]; k < p->fixed_route_start[i * H + j + 1]; k++)
        n += p->fixed_route_links[k] < info->n_links;
    return n;
}

static int host_by_label(const rm_platform *p, const char *label)
{
    for (int i = 0; i < p->n_hosts; i++)
        if (strcmp(p->nodes[p->hosts[i]].label, label) == 0)
            return i;
    return -1;
}

/* ------------------------------------------------------------ styles */

static const struct {
    const char *file;
    int hosts;       /* hosts SimGrid declares and ringmap keeps */
    int q;           /* SharedRing's ring size at D_c/D_w = 0.01 (0: not checked) */
    double t;        /* hand-computed T_step/D_w (0: not checked) */
} styles[] = {
    {SG "style_cluster_backbone.xml", 4, 4, 3.3e-4},
    {SG "style_split_fat.xml", 2, 2, 5.5e-4},
    {SG "style_fat_tree.xml", 8, 0, 0},
    {SG "style_torus.xml", 8, 0, 0},
    {SG "style_dragonfly.xml", 16, 0, 0},
    {SG "style_bypass.xml", 3, 0, 0},
    {SG "style_cores.xml", 2, 0, 0},
    {SG "style_vivaldi.xml", 3, 0, 0},
    {SG "style_full_cycle.xml", 4, 4, 0.2501},
    {SG "style_wifi.xml", 2, 2, 2.0 * (1 + 0.01 * 2 * (2 / 6.75) / 0.01) / 400},
    /* version 3 with a profile named relative to the file (found beside the
     * file, not beside the converted copy): 4 routes share 1000 Mb/s */
    {SG "old_profile.xml", 2, 2, 1e-3 / 2 + 2 * 0.01 / 250},
    {STYLES "cluster2.xml", 8, 0, 0},
    {STYLES "zones.xml", 4, 0, 0},
    {STYLES "full.xml", 8, 0, 0},
    {STYLES "floyd.xml", 8, 0, 0},
    {STYLES "floyd_sd2.xml", 8, 0, 0},
    {STYLES "dijkstra.xml", 8, 0, 0},
};

START_TEST(styles_are_mapped)
{
    int i = _i;
    const char *path = styles[i].file;
    rm_simgrid_info info;
    rm_platform *p = load_ex(path, 0, NULL, &info);
    ck_assert_int_eq(p->n_hosts, styles[i].hosts);
    ck_assert_int_eq(info.n_hosts, styles[i].hosts);
    ck_assert_int_eq(info.n_kept, styles[i].hosts);
    ck_assert(p->directed);
    for (int h = 0; h < 2; h++) {
        rm_network net;
        rm_mapping *m = map(p, &net, h ? RM_HEUR_SLICE : RM_HEUR_SHARED, RM_ROUTING_FIXED, 0.01);
        if (!h && styles[i].q)
            ck_assert_int_eq(m->q, styles[i].q);
        if (!h && styles[i].t > 0)
            ck_assert_msg(rel_eq(m->t_step_per_dw, styles[i].t, 1e-12), "%s: T_step/D_w %.17g, want %g",
                          styles[i].file, m->t_step_per_dw, styles[i].t);
        rm_mapping_free(m);
        rm_network_destroy(&net);
    }
    rm_platform_free(p);
}
END_TEST

/* The model's values on the small styles. */
START_TEST(model_values)
{
    rm_simgrid_info info;
    /* cluster: 4 hosts 1 Gflop/s, routes _UP, backbone, _DOWN; private
     * links 1000 Mb/s, backbone 2000 Mb/s */
    rm_platform *p = load_ex(SG "style_cluster_backbone.xml", 0, NULL, &info);
    ck_assert_int_eq(info.n_links, 9);
    ck_assert_int_eq(info.n_splitduplex, 8);
    ck_assert_int_eq(info.n_fatpipe, 0);
    for (int i = 0; i < 4; i++) {
        ck_assert(rel_eq(p->nodes[p->hosts[i]].w, 1e-3, 1e-15));
        for (int j = 0; j < 4; j++)
            if (i != j)
                ck_assert_int_eq(sg_links_on_route(p, &info, i, j), 3);
    }
    int bb = 0;
    for (int l = 0; l < info.n_links; l++) {
        ck_assert(p->links[l].bandwidth == 1000.0 || p->links[l].bandwidth == 2000.0);
        bb += p->links[l].bandwidth == 2000.0;
    }
    ck_assert_int_eq(bb, 1);
    ck_assert_str_eq(p->nodes[p->hosts[0]].label, "n-0");
    rm_platform_free(p);

    /* SPLITDUPLEX ab (800 Mb/s each way) and FATPIPE bb (400 Mb/s) */
    p = load_ex(SG "style_split_fat.xml", 0, NULL, &info);
    ck_assert_int_eq(info.n_links, 3); /* ab_UP, ab_DOWN, bb */
    ck_assert_int_eq(info.n_splitduplex, 2);
    ck_assert_int_eq(info.n_fatpipe, 1);
    for (int l = 0; l < info.n_links; l++)
        ck_assert_int_eq(p->links[l].backbone, p->links[l].bandwidth == 400.0);
    rm_platform_free(p);

    /* cores: speed x cores by default, one core on request */
    warnings cw;
    p = load_ex(SG "style_cores.xml", 0, &cw, &info);
    int a = host_by_label(p, "A"), b = host_by_label(p, "B");
    ck_assert(rel_eq(p->nodes[p->hosts[a]].w, 2.5e-4, 1e-15));
    ck_assert(rel_eq(p->nodes[p->hosts[b]].w, 5e-4, 1e-15));
    /* the policy is said (1 host with 4 cores), pointing to --one-core */
    ck_assert_int_eq(cw.n, 1);
    ck_assert_ptr_nonnull(strstr(cw.last, "1 host(s) with several cores (up to 4)"));
    ck_assert_ptr_nonnull(strstr(cw.last, "--one-core"));
    rm_platform_free(p);
    p = load_ex(SG "style_cores.xml", 1, &cw, &info);
    ck_assert_int_eq(cw.n, 0); /* one core: nothing to say */
    ck_assert(rel_eq(p->nodes[p->hosts[a]].w, 1e-3, 1e-15));
    ck_assert(rel_eq(p->nodes[p->hosts[b]].w, 5e-4, 1e-15));
    /* latency of the one link: 10 us */
    ck_assert_int_eq(info.n_links, 1);
    ck_assert(rel_eq(p->links[0].latency, 1e-5, 1e-12));
    ck_assert(rel_eq(p->links[0].bandwidth, 1000.0, 1e-15));
    rm_platform_free(p);

    /* bypass: a0 -> a1 is the one fast link (8000 Mb/s), a1 -> a0 goes via r */
    p = load_ex(SG "style_bypass.xml", 0, NULL, &info);
    int a0 = host_by_label(p, "a0"), a1 = host_by_label(p, "a1");
    ck_assert_int_eq(sg_links_on_route(p, &info, a0, a1), 1);
    ck_assert_int_eq(sg_links_on_route(p, &info, a1, a0), 2);
    int H = p->n_hosts, fast = -1;
    for (int k = p->fixed_route_start[a0 * H + a1]; k < p->fixed_route_start[a0 * H + a1 + 1]; k++)
        if (p->fixed_route_links[k] < info.n_links)
            fast = p->fixed_route_links[k];
    ck_assert(rel_eq(p->links[fast].bandwidth, 8000.0, 1e-15));
    ck_assert_str_eq(p->nodes[p->links[fast].source].label, "link:fast:in");
    rm_platform_free(p);
}
END_TEST

/* medium_tiers: SimGrid XML (version 2: converted with simgrid_update_xml)
 * and the converted GML give the same SharedRing mapping (SliceRing: the
 * same hosts). */
START_TEST(medium_tiers_xml_equals_gml)
{
    warnings w;
    rm_simgrid_info info;
    rm_platform *x = load_ex(SHARED "medium_tiers-p.xml", 0, &w, &info);
    ck_assert_int_eq(info.converted, 1);
    ck_assert(info.version == 2.0);
    ck_assert_int_eq(w.n, 1);
    ck_assert_ptr_nonnull(strstr(w.last, "simgrid_update_xml"));
    ck_assert_int_eq(x->n_hosts, 18);
    rm_platform *g = NULL;
    rm_error err = {RM_OK, ""};
    ck_assert_int_eq(rm_platform_read(RM_SOURCE_DIR "/platforms/medium_tiers.gml", NULL, &g, &err),
                     RM_OK);
    const double ratios[3] = {0.64, 0.0064, 0.00064};
    for (int r = 0; r < 3; r++)
        for (int h = 0; h < 2; h++) {
            rm_network nx, ng;
            rm_heuristic he = h ? RM_HEUR_SLICE : RM_HEUR_SHARED;
            rm_mapping *a = map(x, &nx, he, RM_ROUTING_FIXED, ratios[r]);
            rm_mapping *b = map(g, &ng, he, RM_ROUTING_WIDEST, ratios[r]);
            ck_assert_int_eq(a->q, b->q);
            if (h) {
                /* SliceRing: the same hosts; its ties follow the host order
                 * (SimGrid's: by name), which may mirror the ring */
                for (int k = 0; k < a->q; k++) {
                    int found = 0;
                    for (int j = 0; j < b->q; j++)
                        found |= !strcmp(x->nodes[a->ring[k]].label, g->nodes[b->ring[j]].label);
                    ck_assert(found);
                }
            } else {
                for (int k = 0; k < a->q; k++)
                    ck_assert_str_eq(x->nodes[a->ring[k]].label, g->nodes[b->ring[k]].label);
                ck_assert_msg(rel_eq(a->t_step_per_dw, b->t_step_per_dw, 1e-9), "%.17g vs %.17g",
                              a->t_step_per_dw, b->t_step_per_dw);
            }
            rm_mapping_free(a);
            rm_mapping_free(b);
            rm_network_destroy(&nx);
            rm_network_destroy(&ng);
        }
    rm_platform_free(x);
    rm_platform_free(g);
}
END_TEST

/* Vivaldi: the coordinates' latency is outside the links: taken from
 * SimGrid's route latency, warned */
START_TEST(vivaldi_warned)
{
    warnings w;
    rm_simgrid_info info;
    rm_platform *p = load_ex(SG "style_vivaldi.xml", 0, &w, &info);
    ck_assert_int_eq(p->n_hosts, 3);
    ck_assert_int_eq(w.n, 1);
    ck_assert_ptr_nonnull(strstr(w.last, "Vivaldi"));
    ck_assert_ptr_nonnull(strstr(w.last, "taken with SimGrid's route latency"));
    /* each route's latency is SimGrid's (Host::route_to): the coordinates'
     * distance, by hand for peer-0 -> peer-1: sqrt(74^2 + 39.5^2) + 0.1 +
     * 0.6 ms = 84.58235808 ms (SimGrid 3.32 gives the peers' private links
     * no latency of their own) */
    int a = host_by_label(p, "peer-0"), b = host_by_label(p, "peer-1");
    int H = p->n_hosts;
    for (int dir = 0; dir < 2; dir++) {
        int i = dir ? b : a, j = dir ? a : b;
        double lat = 0.0;
        for (int k = p->fixed_route_start[i * H + j]; k < p->fixed_route_start[i * H + j + 1]; k++)
            lat += p->links[p->fixed_route_links[k]].latency;
        double want = 1e-3 * (sqrt(74.0 * 74.0 + 39.5 * 39.5) + 0.7);
        ck_assert_msg(rel_eq(lat, want, 1e-9), "route latency %.12g, want %.12g", lat, want);
    }
    rm_platform_free(p);
}
END_TEST

/* Wifi: the access point's link taken at its first rate (from the file:
 * SimGrid's API gives none), said on stderr; a route between the stations
 * crosses it twice */
START_TEST(wifi_first_rate)
{
    warnings w;
    rm_simgrid_info info;
    rm_platform *p = load_ex(SG "style_wifi.xml", 0, &w, &info);
    ck_assert_int_eq(p->n_hosts, 2);
    ck_assert_int_eq(info.n_wifi, 1);
    ck_assert_int_eq(w.n, 1);
    ck_assert_ptr_nonnull(strstr(w.last, "WIFI link \"AP1\": rates 54, 36, 24 Mb/s; taken at "
                                         "its first rate, 54 Mb/s"));
    ck_assert(rel_eq(p->links[0].bandwidth, 54.0, 1e-12));
    ck_assert_int_eq(sg_links_on_route(p, &info, 0, 1), 2); /* AP1 up, AP1 down */
    rm_platform_free(p);
}
END_TEST

START_TEST(unreachable_hosts_left_out)
{
    warnings w;
    rm_simgrid_info info;
    rm_platform *p = load_ex(SG "style_unreachable.xml", 0, &w, &info);
    ck_assert_int_eq(info.n_hosts, 4);
    ck_assert_int_eq(info.n_kept, 3);
    ck_assert_int_eq(p->n_hosts, 3);
    ck_assert_int_eq(host_by_label(p, "x0"), -1);
    ck_assert_int_eq(w.n, 1);
    ck_assert_ptr_nonnull(strstr(w.last, "x0"));
    ck_assert_ptr_nonnull(strstr(w.last, "1 of 4 hosts left out"));
    rm_network net;
    rm_mapping *m = map(p, &net, RM_HEUR_SHARED, RM_ROUTING_FIXED, 0.01);
    rm_mapping_free(m);
    rm_network_destroy(&net);
    rm_platform_free(p);
}
END_TEST

/* A host of speed 0 (energy plugins' batteries, solar panels) is left out
 * with a warning; the rest is style_split_fat.xml, T_step/D_w 5.5e-4. */
START_TEST(zero_speed_left_out)
{
    warnings w;
    rm_simgrid_info info;
    rm_platform *p = load_ex(SG "style_zero_speed.xml", 0, &w, &info);
    ck_assert_int_eq(info.n_hosts, 3);
    ck_assert_int_eq(info.n_kept, 2);
    ck_assert_int_eq(p->n_hosts, 2);
    ck_assert_int_eq(host_by_label(p, "panel"), -1);
    ck_assert_int_ge(host_by_label(p, "A"), 0);
    ck_assert_int_eq(w.n, 1);
    ck_assert_ptr_nonnull(strstr(w.last, "1 host(s) of speed 0 left out"));
    ck_assert_ptr_nonnull(strstr(w.last, "panel"));
    rm_network net;
    rm_mapping *m = map(p, &net, RM_HEUR_SHARED, RM_ROUTING_FIXED, 0.01);
    ck_assert_int_eq(m->q, 2);
    ck_assert_msg(rel_eq(m->t_step_per_dw, 5.5e-4, 1e-12), "T_step/D_w %.17g", m->t_step_per_dw);
    rm_mapping_free(m);
    rm_network_destroy(&net);
    rm_platform_free(p);
}
END_TEST

/* ------------------------------------------------------------ bad files */

static void expect_bad(const char *path, rm_status want, const char *needle)
{
    rm_platform *p = NULL;
    rm_error err = {RM_OK, ""};
    rm_status st = rmi_platform_read_simgrid(path, NULL, &p, &err);
    ck_assert_msg(st == want, "%s: status %d, want %d (%s)", path, st, want, err.msg);
    ck_assert_ptr_null(p);
    ck_assert_msg(strstr(err.msg, path) != NULL, "message does not name the file: %s", err.msg);
    ck_assert_msg(strstr(err.msg, needle) != NULL, "message lacks '%s': %s", needle, err.msg);
}

static void expect_bad_not(const char *path, const char *needle)
{
    rm_platform *p = NULL;
    rm_error err = {RM_OK, ""};
    ck_assert_int_ne(rmi_platform_read_simgrid(path, NULL, &p, &err), RM_OK);
    ck_assert_msg(strstr(err.msg, needle) == NULL, "message has '%s': %s", needle, err.msg);
}

START_TEST(bad_files)
{
    expect_bad(SG "bad_syntax.xml", RM_EINPUT, "line 3: not well-formed XML");
    expect_bad(SG "bad_unknown_host.xml", RM_EINPUT, "'Z'");
    expect_bad(SG "bad_unknown_link.xml", RM_EINPUT, "nolink");
    expect_bad(SG "bad_noversion.xml", RM_EINPUT, "no version attribute");
    /* SimGrid aborts (xbt_die) on a duplicate route: the child dies, the
     * message is SimGrid's */
    expect_bad(SG "bad_duproute.xml", RM_EINPUT, "already exists");
    /* SimGrid's abort reason, not the unit warnings logged before it */
    expect_bad(SG "bad_duproute_unitless.xml", RM_EINPUT,
               "The route between B and A already exists");
    expect_bad_not(SG "bad_duproute_unitless.xml", "Deprecated");
    /* RuleBased routing (gone from SimGrid): SimGrid's "Not a valid model!"
     * names nothing; ringmap names the zone and its line */
    expect_bad(SG "bad_rulebased.xml", RM_EINPUT,
               "line 7: <zone id=\"rules\" routing=\"RuleBased\">");
    /* an option 3.32 has not: its line, without SimGrid's list of all keys */
    expect_bad(SG "bad_config_key.xml", RM_EINPUT,
               "line 7: <config> <prop id=\"network/coordinates\">");
    expect_bad_not(SG "bad_config_key.xml", "Existing config keys");
    /* routing="None" (Constant network model): no route to map on, and no
     * SimGrid abort from asking one */
    expect_bad(SG "bad_routing_none.xml", RM_EINPUT, "SimGrid gives no route");
    expect_bad_not(SG "bad_routing_none.xml", "Empty zone");
    expect_bad("/nonexistent/x.xml", RM_EINPUT, "cannot open");
    char dir[] = "/tmp/rm_test_simgrid_XXXXXX";
    ck_assert_ptr_nonnull(mkdtemp(dir));
    char path[256];
    snprintf(path, sizeof path, "%s/d.xml", dir);
    ck_assert_int_eq(mkdir(path, 0700), 0);
    expect_bad(path, RM_EINPUT, "not a regular file");
    rmdir(path);
    /* a huge (sparse) file: refused before anything is read */
    snprintf(path, sizeof path, "%s/huge.xml", dir);
    FILE *f = fopen(path, "wb");
    ck_assert_ptr_nonnull(f);
    ck_assert_int_eq(ftruncate(fileno(f), (off_t)RM_SIMGRID_MAX_BYTES + 1), 0);
    fclose(f);
    expect_bad(path, RM_ELIMIT, "larger than");
    unlink(path);
    /* more hosts than the routes of every pair can be kept for */
    snprintf(path, sizeof path, "%s/big.xml", dir);
    f = fopen(path, "w");
    ck_assert_ptr_nonnull(f);
    fprintf(f, "<?xml version='1.0'?>\n<!DOCTYPE platform SYSTEM "
               "\"https://simgrid.org/simgrid.dtd\">\n<platform version=\"4.1\">\n"
               "<cluster id=\"c\" prefix=\"n\" suffix=\"\" radical=\"0-%d\" speed=\"1Gf\" "
               "bw=\"1GBps\" lat=\"1us\"/>\n</platform>\n",
            RM_SIMGRID_MAX_HOSTS);
    fclose(f);
    expect_bad(path, RM_ELIMIT, "more than ringmap maps");
    unlink(path);
    /* a million hosts: refused when host RM_SIMGRID_MAX_HOSTS + 1 is
     * created, before SimGrid builds the rest */
    snprintf(path, sizeof path, "%s/huge_cluster.xml", dir);
    f = fopen(path, "w");
    ck_assert_ptr_nonnull(f);
    fprintf(f, "<?xml version='1.0'?>\n<!DOCTYPE platform SYSTEM "
               "\"https://simgrid.org/simgrid.dtd\">\n<platform version=\"4.1\">\n"
               "<zone id=\"w\" routing=\"Full\"><cluster id=\"c\" prefix=\"n\" suffix=\"\" "
               "radical=\"0-999999\" speed=\"1Gf\" bw=\"1GBps\" lat=\"1us\"/></zone>\n"
               "</platform>\n");
    fclose(f);
    char more[64];
    snprintf(more, sizeof more, "more than %d hosts", RM_SIMGRID_MAX_HOSTS);
    expect_bad(path, RM_ELIMIT, more);
    unlink(path);
    rmdir(dir);
}
END_TEST

/* Version 2 without simgrid_update_xml on the PATH: refused with the advice. */

/* ------------------------------------------- a platform file is data */

/* A two-host platform with `config` inside <config> (may be ""), a host
 * speed trace `trace` (may be NULL) named relative to the file, written to
 * dir/name. */
static void write_cfg_platform(const char *path, const char *config, const char *trace)
{
    FILE *f = fopen(path, "w");
    ck_assert_ptr_nonnull(f);
    fprintf(f, "<?xml version='1.0'?>\n<!DOCTYPE platform SYSTEM "
               "\"https://simgrid.org/simgrid.dtd\">\n<platform version=\"4.1\">\n"
               "  <config id=\"General\">\n%s\n  </config>\n"
               "  <zone id=\"w\" routing=\"Full\">\n"
               "    <host id=\"a\" speed=\"1Gf\"%s%s%s/>\n    <host id=\"b\" speed=\"2Gf\"/>\n"
               "    <link id=\"l\" bandwidth=\"1MBps\" latency=\"0\"/>\n"
               "    <route src=\"a\" dst=\"b\"><link_ctn id=\"l\"/></route>\n"
               "  </zone>\n</platform>\n",
               config, trace ? " speed_file=\"" : "", trace ? trace : "", trace ? "\"" : "");
    ck_assert_int_eq(fclose(f), 0);
}

/* Every configuration key a file may set but the short list is refused
 * naming the key, its line and the file, before SimGrid runs: the file it
 * names is neither created nor truncated (SimGrid 3.32 would truncate
 * tracing/filename, exit 0). */
START_TEST(config_keys_refused)
{
    char dir[] = "/tmp/rm_test_sgcfg_XXXXXX";
    ck_assert_ptr_nonnull(mkdtemp(dir));
    char path[512], victim[512], prop[1024];
    snprintf(path, sizeof path, "%s/p.xml", dir);
    snprintf(victim, sizeof victim, "%s/victim", dir);
    static const char *const keys[] = {
        "tracing/filename", "tracing", "tracing/platform", "tracing/comment-file", "path",
        "plugin", "smpi/comp-adjustment-file", "smpi/hostfile", "model-check/replay",
        "contexts/factory", "exception/cutpath", "debug/breakpoint", "Network/Model",
        "network/model ", "network/coordinates", ""};
    for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++) {
        FILE *v = fopen(victim, "w");
        ck_assert_ptr_nonnull(v);
        fputs("keep\n", v);
        fclose(v);
        snprintf(prop, sizeof prop, "    <prop id=\"%s\" value=\"%s\"/>", keys[i], victim);
        write_cfg_platform(path, prop, NULL);
        char want[256];
        snprintf(want, sizeof want, "line 5: <config> <prop id=\"%s\">", keys[i]);
        expect_bad(path, RM_EINPUT, want);
        struct stat sb;
        ck_assert_int_eq(stat(victim, &sb), 0);
        ck_assert_msg(sb.st_size == 5, "%s: the file it names was changed", keys[i]);
    }
    /* tracing through the whole set SimGrid's documentation gives */
    write_cfg_platform(path,
                       "    <prop id=\"network/model\" value=\"CM02\"/>\n"
                       "    <prop id=\"tracing\" value=\"yes\"/>",
                       NULL);
    expect_bad(path, RM_EINPUT, "line 6: <config> <prop id=\"tracing\">");
    /* an allowed key with a value that is not a model name or numbers */
    write_cfg_platform(path, "    <prop id=\"network/model\" value=\"../x\"/>", NULL);
    expect_bad(path, RM_EINPUT, "value=\"../x\">: the value must be");
    /* the allowed keys are taken (and change nothing ringmap reads) */
    write_cfg_platform(path,
                       "    <prop id=\"network/model\" value=\"CM02\"/>\n"
                       "    <prop id=\"network/TCP-gamma\" value=\"4194304\"/>\n"
                       "    <prop id=\"cpu/model\" value=\"Cas01\"/>",
                       NULL);
    rm_platform *p = load_ex(path, 0, NULL, NULL);
    ck_assert_int_eq(p->n_hosts, 2);
    rm_platform_free(p);
    /* not XML: a shared object (SimGrid would dlopen a name ending in .so),
     * an entity declaration, another root element */
    snprintf(path, sizeof path, "%s/lib.so", dir);
    FILE *f = fopen(path, "wb");
    ck_assert_ptr_nonnull(f);
    fwrite("\177ELF\2\1\1\0", 1, 8, f);
    fclose(f);
    expect_bad(path, RM_EINPUT, "not an XML document");
    snprintf(path, sizeof path, "%s/ent.xml", dir);
    f = fopen(path, "w");
    fprintf(f, "<?xml version='1.0'?>\n<!DOCTYPE platform [<!ENTITY t \"tracing\">]>\n"
               "<platform version=\"4.1\"><config><prop id=\"&t;\" value=\"yes\"/></config>"
               "</platform>\n");
    fclose(f);
    expect_bad(path, RM_EINPUT, "SimGrid reads no declarations");
    f = fopen(path, "w");
    fprintf(f, "<?xml version='1.0'?>\n<graphml version=\"4.1\"/>\n");
    fclose(f);
    expect_bad(path, RM_EINPUT, "root element <graphml>, not <platform>");
    /* a well-formed platform named .so: loaded as XML (by its descriptor) */
    snprintf(path, sizeof path, "%s/plat.so", dir);
    write_cfg_platform(path, "", NULL);
    p = load_ex(path, 0, NULL, NULL);
    ck_assert_int_eq(p->n_hosts, 2);
    rm_platform_free(p);
    unlink(path);
    snprintf(path, sizeof path, "%s/ent.xml", dir);
    unlink(path);
    snprintf(path, sizeof path, "%s/lib.so", dir);
    unlink(path);
    snprintf(path, sizeof path, "%s/p.xml", dir);
    unlink(path);
    unlink(victim);
    rmdir(dir);
}
END_TEST

/* The platform's directory reaches SimGrid's search path as one directory,
 * whatever it holds (SimGrid's option parser split "--cfg=path:DIR" at ','
 * and ' '): a trace file named relative to a platform in "My Platforms, x"
 * is found; a directory named "x,tracing:yes,tracing/filename:F" turns on
 * nothing. */
START_TEST(platform_directory_is_data)
{
    char top[] = "/tmp/rm_test_sgdir_XXXXXX";
    ck_assert_ptr_nonnull(mkdtemp(top));
    char d1[512], d2[512], path[1024], trace[1024], victim[1024];
    snprintf(d1, sizeof d1, "%s/My Platforms, x", top);
    ck_assert_int_eq(mkdir(d1, 0700), 0);
    snprintf(trace, sizeof trace, "%s/speed.txt", d1);
    FILE *f = fopen(trace, "w");
    ck_assert_ptr_nonnull(f);
    fprintf(f, "0 1.0\n");
    fclose(f);
    snprintf(path, sizeof path, "%s/p.xml", d1);
    write_cfg_platform(path, "", "speed.txt");
    rm_platform *p = load_ex(path, 0, NULL, NULL);
    ck_assert_int_eq(p->n_hosts, 2);
    rm_platform_free(p);
    unlink(path);
    unlink(trace);
    rmdir(d1);
    snprintf(victim, sizeof victim, "%s/F", top);
    /* a directory's name holds no '/': the victim F is named relative to
     * the working directory SimGrid would write in, top */
    snprintf(d2, sizeof d2, "%s/x,tracing:yes,tracing", top);
    ck_assert_int_eq(mkdir(d2, 0700), 0);
    snprintf(d2, sizeof d2, "%s/x,tracing:yes,tracing/filename:F", top);
    ck_assert_int_eq(mkdir(d2, 0700), 0);
    snprintf(path, sizeof path, "%s/p.xml", d2);
    write_cfg_platform(path, "", NULL);
    char cwd[4096];
    ck_assert_ptr_nonnull(getcwd(cwd, sizeof cwd));
    ck_assert_int_eq(chdir(top), 0);
    p = load_ex(path, 0, NULL, NULL);
    ck_assert_int_eq(chdir(cwd), 0);
    ck_assert_int_eq(p->n_hosts, 2);
    rm_platform_free(p);
    struct stat sb;
    ck_assert_msg(stat(victim, &sb) != 0, "a trace file was created from the directory's name");
    unlink(path);
    rmdir(d2);
    snprintf(d2, sizeof d2, "%s/x,tracing:yes,tracing", top);
    rmdir(d2);
    rmdir(top);
}
END_TEST

START_TEST(old_version_without_update_script)
{
    const char *old = getenv("PATH");
    char *saved = old ? strdup(old) : NULL;
    setenv("PATH", "/nonexistent", 1);
    expect_bad(SHARED "medium_tiers-p.xml", RM_EINPUT, "simgrid_update_xml");
    if (saved) {
        setenv("PATH", saved, 1);
        free(saved);
    } else
        unsetenv("PATH");
}
END_TEST

int main(void)
{
    Suite *s = suite_create("simgrid");
    TCase *tc = tcase_create("simgrid");
    tcase_set_timeout(tc, 120);
    tcase_add_loop_test(tc, styles_are_mapped, 0, (int)(sizeof styles / sizeof styles[0]));
    tcase_add_test(tc, model_values);
    tcase_add_test(tc, medium_tiers_xml_equals_gml);
    tcase_add_test(tc, unreachable_hosts_left_out);
    tcase_add_test(tc, zero_speed_left_out);
    tcase_add_test(tc, vivaldi_warned);
    tcase_add_test(tc, wifi_first_rate);
    tcase_add_test(tc, bad_files);
    tcase_add_test(tc, old_version_without_update_script);
    tcase_add_test(tc, config_keys_refused);
    tcase_add_test(tc, platform_directory_is_data);
    suite_add_tcase(s, tc);
    return rmt_run_suite(s);
}
