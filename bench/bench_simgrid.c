/*
 * bench_simgrid.c — loading SimGrid platforms through libsimgrid
 * (docs/simgrid.md): for clusters of H hosts (a SPLITDUPLEX private link each and a
 * shared backbone, SimGrid's <cluster>; and a two-level FAT_TREE), the time
 * of rmi_platform_read_simgrid (SimGrid's load in the forked child, the H^2
 * route queries, the stream, the platform built), the peak RSS of the
 * loading child and of this process, and the time SharedRing then takes on
 * it (fixed routes, rings of at most 4 hosts) in the same run.
 * Target: a 1,000-host cluster in < 5 s and < 1 GiB.
 * Usage: bench_simgrid [--hosts H[,H...]]   (default 256,512,1024)
 */
#define _POSIX_C_SOURCE 200809L
#include "ringmap.h"
#include "topo/io/readers.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
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

int main(int argc, char **argv)
{
    const char *list = "256,512,1024";
    for (int i = 1; i < argc; i++)
        if (!strcmp(argv[i], "--hosts") && i + 1 < argc)
            list = argv[++i];
    char dir[] = "/tmp/bench_simgrid_XXXXXX";
    if (!mkdtemp(dir)) {
        perror("mkdtemp");
        return 1;
    }
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
