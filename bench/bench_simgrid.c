/*
 * bench_simgrid.c — loading and mapping SimGrid platforms through libsimgrid
 * (docs/simgrid.md, docs/scale.md).
 * Table 1 (the loader): for clusters of H hosts (a SPLITDUPLEX private link
 * each and a shared backbone, SimGrid's <cluster>; and a two-level
 * FAT_TREE), the time of rmi_platform_read_simgrid (SimGrid's load in the
 * forked child, the H^2 route queries, the stream, the platform built), the
 * peak RSS of the loading child and of this process, and the time SharedRing
 * then takes on it (fixed routes, rings of at most 4 hosts) in the same run.
 * Target: a 1,000-host cluster in < 5 s and < 1 GiB.
 * Table 2 (--styles): hosts x style (flat cluster, cluster with a backbone,
 * fat-tree, dragonfly, a zone of five heterogeneous clusters joined by
 * uplinks like Grid'5000's sites; and the files given by --file): load s and
 * map s (CPU, SharedRing on the file's fixed routes with its stopping
 * bounds, the library's default network model), the peak RSS, q, T_step.
 * With --reference also SharedRing's reference path on the same platform
 * (every ring edge's routes to and from every host at every step: the cost
 * of fixed routes without the fast path), and the ratio.
 * Targets (Legrand et al. 2004 §4.4 SharedRing on SimGrid's own routes):
 * a 1,000-host fat-tree and a 1,000-host multi-cluster grid in <= 2 s each.
 * Table 3 (--pieces): per size and style, SimGrid's own load and the pieces
 * a route store without the all-pairs table keeps (topo/io/sg_loader.cpp's
 * composer: the routes of every host to and from two hosts), time, peak RSS
 * and entries, beside today's all-pairs loader where it loads
 * (docs/simgrid.md, "Routes without the all-pairs store").
 * With --pairs-max N the reader keeps the all-pairs table up to N hosts only
 * (1: the route pieces for every platform, rm_platform.fixed_pieces).
 * With --load-only table 2 stops after each load (load CPU s, peak RSS).
 * With --walk SharedRing's fixed-route set-up reads every pair's route for
 * the owners and twin classes (rmi_h2_fixed_structural = 0: the set-up
 * before the structural ones, for before/after rows in one binary).
 * With --pair-walk the reader's survey and link order compose every pair
 * of a fat-tree zone (rmi_sg_store_ft_walk = 0: before its destination
 * walk, for before/after rows in one binary).
 * With --every-pair SharedRing's first step values every host pair after
 * the tree pass (rmi_h2_pair_sigs = 0: before the pairs' signatures, for
 * before/after rows in one binary).
 * With --max-q Q SharedRing grows its ring to Q hosts at most (2: its
 * first step alone, the best pair, with the set-up before it).
 * Usage: bench_simgrid [--hosts H[,H...]] [--styles] [--only STYLE] [--file F]... [--reference]
 *                      [--pairs-max N] [--load-only] [--walk] [--pair-walk] [--max-q Q]
 *                      [--every-pair]
 *        bench_simgrid --pieces [--hosts H[,H...]]
 *        (default hosts 256,512,1024; with --styles 1000; with --pieces
 *        1000,10000,100000)
 */
#define _POSIX_C_SOURCE 200809L
#include "ringmap.h"
#include "heur/heur.h"
#include "heur/sharedring/sharedring_internal.h"
#include "topo/io/readers.h"
#include "topo/io/sg_loader.h"
#include "topo/io/sg_store.h"
#include "bench/sg_styles.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* CPU seconds (user + system) of this process and of its waited children. */
static double cpu(void)
{
    struct rusage a, b;
    getrusage(RUSAGE_SELF, &a);
    getrusage(RUSAGE_CHILDREN, &b);
    return (double)(a.ru_utime.tv_sec + a.ru_stime.tv_sec + b.ru_utime.tv_sec + b.ru_stime.tv_sec) +
           1e-6 * (double)(a.ru_utime.tv_usec + a.ru_stime.tv_usec + b.ru_utime.tv_usec +
                           b.ru_stime.tv_usec);
}

static void write_platform(const char *path, int hosts, int fat_tree)
{
    FILE *f = fopen(path, "w");
    if (!f) {
        perror(path);
        exit(1);
    }
    fprintf(f, "<?xml version='1.0'?>\n<!DOCTYPE platform SYSTEM "
               "\"https://simgrid.org/simgrid.dtd\">\n<platform version=\"4.1\">\n");
    if (fat_tree) /* leaves of 32 hosts (hosts a multiple of 32), one spine per leaf group */
        fprintf(f,
                "<cluster id=\"ft\" topology=\"FAT_TREE\" topo_parameters=\"2;32,%d;1,2;1,1\" "
                "prefix=\"n\" suffix=\"\" radical=\"0-%d\" speed=\"1Gf\" bw=\"125MBps\" "
                "lat=\"50us\"/>\n",
                hosts / 32, hosts - 1);
    else
        fprintf(f,
                "<cluster id=\"c\" prefix=\"n\" suffix=\"\" radical=\"0-%d\" speed=\"1Gf\" "
                "bw=\"125MBps\" lat=\"50us\" bb_bw=\"10GBps\" bb_lat=\"500us\"/>\n",
                hosts - 1);
    fprintf(f, "</platform>\n");
    fclose(f);
}

/* CPU seconds (user + system) of this process only. */
static double cpu_self(void)
{
    struct rusage a;
    getrusage(RUSAGE_SELF, &a);
    return (double)(a.ru_utime.tv_sec + a.ru_stime.tv_sec) +
           1e-6 * (double)(a.ru_utime.tv_usec + a.ru_stime.tv_usec);
}

/* A SimGrid platform of `hosts` hosts in style st (sg_styles.h); 0 when the
 * host count does not fit the style's shape. */
static int write_style(const char *path, int hosts, int st)
{
    int ok = rmb_sg_style_file(path, hosts, st, NULL);
    if (ok < 0) {
        perror(path);
        exit(1);
    }
    return ok;
}

/* --pairs-max N: the all-pairs table up to N hosts, the route pieces above
 * (rmi_platform_read_simgrid_pairs; 0: the reader's default, 1: the pieces
 * always, to compare the two on one platform) */
static int g_pairs_max;
static int g_max_q; /* --max-q: SharedRing's largest ring (0: every host) */

/* --load-only: table 2's rows stop after the load (load s, peak RSS) */
static int g_load_only;

/* One row of table 2: load path (name, hosts), SharedRing on its fixed
 * routes, and with reference its reference path. 0 when it mapped. */
static int style_row(const char *path, const char *name, int hosts, int reference)
{
    rm_platform *pl = NULL;
    rm_error err = {RM_OK, ""};
    double c0 = cpu();
    rm_status st = rmi_platform_read_simgrid_pairs(path, NULL, g_pairs_max, &pl, NULL, &err);
    double c1 = cpu();
    if (st) {
        printf("%-10s %6d  load refused: %s\n", name, hosts, err.msg);
        return 1;
    }
    if (g_load_only) {
        struct rusage rc, rs;
        getrusage(RUSAGE_CHILDREN, &rc);
        getrusage(RUSAGE_SELF, &rs);
        printf("%-10s %6d %8.2f %8s %9.1f (load only; the child's and this process's peak)\n", name,
               pl->n_hosts, c1 - c0, "-",
               (rc.ru_maxrss > rs.ru_maxrss ? rc.ru_maxrss : rs.ru_maxrss) / 1024.0);
        rm_platform_free(pl);
        return 0;
    }
    rm_options opt;
    rm_options_init(&opt);
    opt.heuristic = RM_HEUR_SHARED;
    opt.routing = RM_ROUTING_FIXED;
    opt.threads = 1;
    opt.max_q = g_max_q;
    rm_mapping *m = NULL;
    double m0 = cpu_self();
    st = rm_map(pl, &opt, &m, &err);
    double m1 = cpu_self();
    struct rusage rc, rs;
    getrusage(RUSAGE_CHILDREN, &rc);
    getrusage(RUSAGE_SELF, &rs);
    double rss = (rc.ru_maxrss > rs.ru_maxrss ? rc.ru_maxrss : rs.ru_maxrss) / 1024.0;
    if (st) {
        printf("%-10s %6d %8.2f  map failed: %s\n", name, pl->n_hosts, c1 - c0, err.msg);
        rm_platform_free(pl);
        return 1;
    }
    unsigned long ring = 1469598103934665603UL; /* FNV-1a of the ring's host names */
    for (int k = 0; k < m->q; k++)
        for (const char *c = pl->nodes[m->ring[k]].label; ; c++) {
            ring = (ring ^ (unsigned char)*c) * 1099511628211UL;
            if (!*c)
                break;
        }
    printf("%-10s %6d %8.2f %8.2f %9.1f %5d %12.6g %08lx", name, pl->n_hosts, c1 - c0, m1 - m0, rss,
           m->q, m->t_step_per_dw, ring & 0xffffffffUL);
    if (reference) {
        rm_network net;
        rm_mapping *b = NULL;
        double r0 = cpu_self(), r1 = r0;
        if (rm_network_init(&net, pl, opt.duplex, &err) == RM_OK) {
            if (rmi_sharedring_reference(&net, &opt, &b, &err) == RM_OK) {
                r1 = cpu_self();
                printf(" %9.2f %7.1fx %s", r1 - r0, (r1 - r0) / (m1 - m0 > 1e-3 ? m1 - m0 : 1e-3),
                       b->q == m->q && b->t_step_per_dw == m->t_step_per_dw ? "same" : "DIFFERS");
            }
            rm_mapping_free(b);
            rm_network_destroy(&net);
        }
    }
    printf("\n");
    rm_mapping_free(m);
    rm_platform_free(pl);
    return 0;
}

/* Run fn(path, fd) in a forked child; its "key value" output into buf. */
static int child_lines(int (*fn)(const char *, int), const char *path, char *buf, size_t n)
{
    int pfd[2];
    if (pipe(pfd))
        return -1;
    fflush(NULL);
    pid_t pid = fork();
    if (pid < 0)
        return -1;
    if (pid == 0) {
        close(pfd[0]);
        _exit(fn(path, pfd[1]));
    }
    close(pfd[1]);
    size_t k = 0;
    for (;;) {
        ssize_t r = read(pfd[0], buf + k, n - 1 - k);
        if (r <= 0)
            break;
        k += (size_t)r;
    }
    buf[k] = '\0';
    close(pfd[0]);
    int status = 0;
    waitpid(pid, &status, 0);
    return WIFEXITED(status) && WEXITSTATUS(status) == 0 ? 0 : -1;
}

static double key_of(const char *buf, const char *key)
{
    char k[64];
    snprintf(k, sizeof k, "%s ", key);
    const char *p = strstr(buf, k);
    return p ? atof(p + strlen(k)) : -1.0;
}

/* Today's loader in a forked child: rmi_platform_read_simgrid, then its CPU
 * seconds (with the loading grandchild) and its peak RSS (the larger of
 * itself and the grandchild), as "key value" lines. */
static int today_loader(const char *path, int fd)
{
    rm_platform *pl = NULL;
    rm_error err = {RM_OK, ""};
    double c0 = cpu();
    rm_status st = rmi_platform_read_simgrid(path, NULL, &pl, &err);
    double c1 = cpu();
    struct rusage rs, rc;
    getrusage(RUSAGE_SELF, &rs);
    getrusage(RUSAGE_CHILDREN, &rc);
    char out[1200];
    int n = st ? snprintf(out, sizeof out, "error %s\n", err.msg)
               : snprintf(out, sizeof out, "cpu_s %.3f\nrss_kib %ld\n", c1 - c0,
                          rs.ru_maxrss > rc.ru_maxrss ? rs.ru_maxrss : rc.ru_maxrss);
    rm_platform_free(pl);
    return write(fd, out, (size_t)n) == n ? 0 : 4;
}

/* Table 3 (--pieces): SimGrid's load and the composer's pieces (the routes
 * of every host to and from two hosts, without every pair) at each size and
 * style, beside today's all-pairs loader where it loads (<= 2,048 hosts). */
static int pieces_table(const char *list, const char *dir)
{
    printf("%-10s %7s %9s %9s %10s %10s %9s %6s | %12s %10s\n", "style", "hosts", "sg load",
           "pieces", "child RSS", "entries", "per host", "pairs", "today cpu(s)", "today RSS");
    int status = 0;
    for (const char *p = list; *p;) {
        int H = atoi(p);
        for (int stl = 0; stl < RMB_SG_N_STYLES && H > 1; stl++) {
            char path[256], buf[2048];
            snprintf(path, sizeof path, "%s/%s%d.xml", dir, rmb_sg_style_names[stl], H);
            if (!write_style(path, H, stl)) {
                unlink(path);
                continue;
            }
            if (child_lines(rmi_sg_child_compose_pieces, path, buf, sizeof buf) ||
                strncmp(buf, "error", 5) == 0) {
                printf("%-10s %7d  failed: %.200s\n", rmb_sg_style_names[stl], H, buf);
                status = 1;
                unlink(path);
                continue;
            }
            double ent = key_of(buf, "piece_entries");
            /* the composer keeps the dragonfly's local routes per pair (the
             * reader's store factors them; fat-trees: their structure) */
            int per_pair = stl == RMB_SG_DRAGONFLY;
            printf("%-10s %7d %8.2fs %8.2fs %6.0f MiB %10.0f %9.1f %6s |", rmb_sg_style_names[stl], H,
                   key_of(buf, "load_s"), key_of(buf, "pieces_s"), key_of(buf, "rss_kib") / 1024.0,
                   ent, ent / H, per_pair ? "kept" : "none");
            if (H <= RM_SIMGRID_MAX_HOSTS && !child_lines(today_loader, path, buf, sizeof buf) &&
                strncmp(buf, "error", 5) != 0)
                printf(" %12.2f %6.0f MiB\n", key_of(buf, "cpu_s"), key_of(buf, "rss_kib") / 1024.0);
            else
                printf(" %12s %10s\n", "-", "-");
            unlink(path);
        }
        p = strchr(p, ',');
        if (!p)
            break;
        p++;
    }
    printf("(sg load: SimGrid's load and seal in the child, wall s; pieces: the composer's "
           "pieces of every host, wall s; child RSS: its peak; entries: links and route ends "
           "kept; pairs: local routes the composer keeps per pair (the dragonfly's; the reader's "
           "store factors them and keeps fat-trees as their structure: --styles --load-only); "
           "today: the all-pairs loader, CPU s "
           "with its child and peak RSS, up to its %d-host cap)\n",
           RM_SIMGRID_MAX_HOSTS);
    return status;
}

int main(int argc, char **argv)
{
    const char *list = NULL;
    const char *files[16];
    int n_files = 0, styles = 0, reference = 0, pieces = 0;
    const char *only = NULL; /* --only STYLE: that style's rows alone */
    for (int i = 1; i < argc; i++)
        if (!strcmp(argv[i], "--hosts") && i + 1 < argc)
            list = argv[++i];
        else if (!strcmp(argv[i], "--styles"))
            styles = 1;
        else if (!strcmp(argv[i], "--reference"))
            reference = 1;
        else if (!strcmp(argv[i], "--only") && i + 1 < argc)
            only = argv[++i];
        else if (!strcmp(argv[i], "--pieces"))
            pieces = 1;
        else if (!strcmp(argv[i], "--load-only"))
            g_load_only = 1;
        else if (!strcmp(argv[i], "--walk"))
            rmi_h2_fixed_structural = 0;
        else if (!strcmp(argv[i], "--pair-walk"))
            rmi_sg_store_ft_walk = 0;
        else if (!strcmp(argv[i], "--pairs-max") && i + 1 < argc)
            g_pairs_max = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--every-pair"))
            rmi_h2_pair_sigs = 0;
        else if (!strcmp(argv[i], "--max-q") && i + 1 < argc)
            g_max_q = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--file") && i + 1 < argc && n_files < 16)
            files[n_files++] = argv[++i];
    char dir[] = "/tmp/bench_simgrid_XXXXXX";
    if (!mkdtemp(dir)) {
        perror("mkdtemp");
        return 1;
    }
    if (pieces) {
        int status = pieces_table(list ? list : "1000,10000,100000", dir);
        rmdir(dir);
        return status;
    }
    if (styles || n_files) {
        int status = 0;
        printf("%-10s %6s %8s %8s %9s %5s %12s %8s%s\n", "style", "hosts", "load(s)", "map(s)",
               "RSS(MiB)", "q", "T_step/D_w", "ring#", reference ? "    ref(s)   ratio" : "");
        for (const char *p = styles ? (list ? list : "1000") : ""; *p;) {
            int H = atoi(p);
            for (int stl = 0; stl < RMB_SG_N_STYLES && H > 1; stl++) {
                if (only && strcmp(only, rmb_sg_style_names[stl]))
                    continue;
                char path[256];
                snprintf(path, sizeof path, "%s/%s%d.xml", dir, rmb_sg_style_names[stl], H);
                if (write_style(path, H, stl))
                    status |= style_row(path, rmb_sg_style_names[stl], H, reference);
                unlink(path);
            }
            p = strchr(p, ',');
            if (!p)
                break;
            p++;
        }
        for (int k = 0; k < n_files; k++) {
            const char *b = strrchr(files[k], '/');
            status |= style_row(files[k], b ? b + 1 : files[k], 0, reference);
        }
        rmdir(dir);
        printf("(load: CPU s of this process and the loading child; map: CPU s of SharedRing, one "
               "thread, fixed routes, stopping bounds; RSS: the larger peak of this process and "
               "the loading children so far; ring#: a hash of the ring's host names in order; ref: the reference path, every ring edge's routes "
               "to and from every host; targets: fat-tree and zones at 1000 hosts <= 2 s)\n");
        return status;
    }
    if (!list)
        list = "256,512,1024";
    printf("%-9s %6s %8s %8s %9s %9s %12s %12s %12s\n", "platform", "hosts", "nodes", "links",
           "load(s)", "cpu(s)", "child RSS", "self RSS", "map q<=4(s)");
    int status = 0;
    for (const char *p = list; *p;) {
        int H = atoi(p);
        for (int ft = 0; ft < 2 && H > 0; ft++) {
            if (ft && H % 32)
                continue;
            char path[256];
            snprintf(path, sizeof path, "%s/%s%d.xml", dir, ft ? "fattree" : "cluster", H);
            write_platform(path, H, ft);
            rm_platform *pl = NULL;
            rm_error err = {RM_OK, ""};
            double c0 = cpu(), t0 = now();
            rm_status st = rmi_platform_read_simgrid(path, NULL, &pl, &err);
            double t1 = now(), c1 = cpu();
            if (st) {
                fprintf(stderr, "bench_simgrid: %s\n", err.msg);
                status = 1;
                unlink(path);
                continue;
            }
            /* in the same run: SharedRing on it (fixed routes, rings of at
             * most 4 hosts), what a mapping then costs */
            rm_options opt;
            rm_options_init(&opt);
            opt.routing = RM_ROUTING_FIXED;
            opt.max_q = 4;
            rm_mapping *m = NULL;
            double t2 = now();
            if (rm_map(pl, &opt, &m, &err)) {
                fprintf(stderr, "bench_simgrid: map: %s\n", err.msg);
                status = 1;
            }
            double t3 = now();
            rm_mapping_free(m);
            struct rusage rc, rs;
            getrusage(RUSAGE_CHILDREN, &rc);
            getrusage(RUSAGE_SELF, &rs);
            printf("%-9s %6d %8d %8d %9.3f %9.3f %8.1f MiB %8.1f MiB %12.4f\n",
                   ft ? "fat-tree" : "cluster", H, pl->n_nodes, pl->n_links, t1 - t0, c1 - c0,
                   rc.ru_maxrss / 1024.0, rs.ru_maxrss / 1024.0, t3 - t2);
            rm_platform_free(pl);
            unlink(path);
        }
        p = strchr(p, ',');
        if (!p)
            break;
        p++;
    }
    rmdir(dir);
    printf("(load: wall time; cpu: user + system time of this process and the loading child, "
           "what the load costs on an idle machine; child RSS: the largest of the loading "
           "children so far; target for 1000 hosts: load < 5 s, RSS < 1 GiB)\n");
    return status;
}
