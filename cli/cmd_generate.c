/*
 * cmd_generate.c — `ringmap generate tiers [options]`: write a three-level
 * WAN/MAN/LAN platform in the spirit of the Tiers generator (Legrand et al. 2004 §5.1)
 * as GML, deterministic for a seed (rmi_generate_tiers in topo/io/readers.h).
 * Exit codes: 0 ok, 2 bad option, 1 internal failure.
 */
#include "cli/commands.h"
#include "cli/outfile.h"
#include "ringmap.h"
#include "topo/gen/generators.h"
#include "topo/io/readers.h"

#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void gen_usage(FILE *f)
{
    fputs("Usage: ringmap generate tiers [options] [-o FILE.gml]\n"
          "       ringmap generate star|cluster|fattree|tiers --hosts N [--seed S] [-o FILE.gml]\n"
          "\n"
          "Generate a three-level WAN/MAN/LAN platform in the spirit of the Tiers\n"
          "generator (Legrand et al., IEEE TPDS 2004, section 5.1): a WAN backbone,\n"
          "MANs hanging off WAN nodes, LANs (stars) hanging off MAN nodes; a fraction\n"
          "of the LAN nodes become hosts with speeds drawn from a LINPACK-like list\n"
          "(22.151 to 114.444 Mflop/s); link bandwidths by link class (LAN 100 Mb/s,\n"
          "LAN/MAN, MAN, MAN/WAN, WAN). Routers left as leaves are pruned. The output\n"
          "is GML (w as speed in Mflop/s, bandwidth in Mb/s, latency in s) and is\n"
          "byte-identical for identical options.\n"
          "\n"
          "Options:\n"
          "  --wan N              WAN backbone nodes (default 4)\n"
          "  --man N              MANs, each hanging off a WAN node (default 6)\n"
          "  --lan N              LANs, each a star hanging off a MAN node (default 20)\n"
          "  --man-nodes N        nodes per MAN (default 4)\n"
          "  --lan-nodes N        nodes per LAN, hub included (default 5)\n"
          "  --wan-extra N        WAN edges beyond a spanning tree (default wan/2)\n"
          "  --man-extra N        edges per MAN beyond a spanning tree (default 1)\n"
          "  --hosts-fraction F   fraction of LAN nodes that become hosts, in (0, 1]\n"
          "                       (default 0.3)\n"
          "  --no-prune           keep routers that are leaves\n"
          "  --seed S             seed of the generator, integer >= 0 (default 1)\n"
          "  --hosts N            platform of N hosts (as in bench/bench_scale):\n"
          "                       star: N hosts on one switch (1 or 10 Gb/s links);\n"
          "                       cluster: cabinets of 40 hosts (1 Gb/s), cabinet switches\n"
          "                       (10 Gb/s) on a shared 40 Gb/s backbone; fattree: leaf\n"
          "                       switches of 40 hosts, each linked to every spine\n"
          "                       (10 Gb/s); tiers: the counts above scaled to ~N hosts\n"
          "                       (not combined with --wan ... --no-prune)\n"
          "  -o, --output FILE    write the GML to FILE (default: standard output)\n"
          "  -h, --help           print this help and exit\n",
          f);
}

static int gen_int(const char *opt, const char *s, int min, int *out)
{
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (end == s || *end || errno || v < min || v > INT_MAX) {
        fprintf(stderr, "ringmap generate: %s: expected an integer >= %d, got '%s'\n", opt, min,
                s);
        return 2;
    }
    *out = (int)v;
    return 0;
}

int rmi_cmd_generate(int argc, char **argv)
{
    if (argc < 2 || strcmp(argv[1], "-h") == 0 || strcmp(argv[1], "--help") == 0) {
        gen_usage(argc < 2 ? stderr : stdout);
        return argc < 2 ? 2 : 0;
    }
    int topo = rmi_gen_topology_parse(argv[1]);
    if (topo < 0) {
        fprintf(stderr, "ringmap generate: unknown generator '%s' (expected: tiers, star, cluster, "
                        "fattree)\n",
                argv[1]);
        return 2;
    }
    /* The command line, for the GML header comment. */
    size_t cl_len = 64;
    for (int i = 0; i < argc; i++)
        cl_len += strlen(argv[i]) + 1;
    char *cmdline = malloc(cl_len);
    if (!cmdline) {
        fprintf(stderr, "ringmap generate: out of memory\n");
        return 1;
    }
    strcpy(cmdline, "ringmap");
    for (int i = 0; i < argc; i++) {
        /* leave -o/--output FILE out: the file name does not change the content */
        if ((strcmp(argv[i], "-o") == 0 || strcmp(argv[i], "--output") == 0) && i + 1 < argc) {
            i++;
            continue;
        }
        if (strncmp(argv[i], "--output=", 9) == 0)
            continue;
        strcat(cmdline, " ");
        strcat(cmdline, argv[i]);
    }

    rm_generate_options go;
    rmi_generate_options_init(&go);
    const char *output = NULL;
    enum { O_WAN = 1000, O_MAN, O_LAN, O_MANN, O_LANN, O_WANX, O_MANX, O_FRAC, O_NOPRUNE,
           O_SEED, O_HOSTS };
    int n_hosts = 0, layout_given = 0;
    static const struct option longopts[] = {
        {"wan", required_argument, NULL, O_WAN},
        {"man", required_argument, NULL, O_MAN},
        {"lan", required_argument, NULL, O_LAN},
        {"man-nodes", required_argument, NULL, O_MANN},
        {"lan-nodes", required_argument, NULL, O_LANN},
        {"wan-extra", required_argument, NULL, O_WANX},
        {"man-extra", required_argument, NULL, O_MANX},
        {"hosts-fraction", required_argument, NULL, O_FRAC},
        {"no-prune", no_argument, NULL, O_NOPRUNE},
        {"seed", required_argument, NULL, O_SEED},
        {"hosts", required_argument, NULL, O_HOSTS},
        {"output", required_argument, NULL, 'o'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0}};
    int rc = 0, c;
    optind = 1;
    opterr = 0;
    /* argv[1] = "tiers": parse from there */
    int ac = argc - 1;
    char **av = argv + 1;
    while (rc == 0 && (c = getopt_long(ac, av, ":o:h", longopts, NULL)) != -1) {
        if (c >= O_WAN && c <= O_NOPRUNE)
            layout_given = 1;
        switch (c) {
        case O_HOSTS: rc = gen_int("--hosts", optarg, 2, &n_hosts); break;
        case O_WAN: rc = gen_int("--wan", optarg, 1, &go.n_wan); break;
        case O_MAN: rc = gen_int("--man", optarg, 1, &go.n_man); break;
        case O_LAN: rc = gen_int("--lan", optarg, 1, &go.n_lan); break;
        case O_MANN: rc = gen_int("--man-nodes", optarg, 1, &go.man_nodes); break;
        case O_LANN: rc = gen_int("--lan-nodes", optarg, 1, &go.lan_nodes); break;
        case O_WANX: rc = gen_int("--wan-extra", optarg, 0, &go.wan_extra); break;
        case O_MANX: rc = gen_int("--man-extra", optarg, 0, &go.man_extra); break;
        case O_FRAC: {
            char *end;
            errno = 0;
            double f = strtod(optarg, &end);
            if (end == optarg || *end || errno || !(f > 0 && f <= 1)) {
                fprintf(stderr, "ringmap generate: --hosts-fraction: expected a number in (0, 1], "
                                "got '%s'\n",
                        optarg);
                rc = 2;
            } else
                go.hosts_fraction = f;
            break;
        }
        case O_NOPRUNE: go.prune = 0; break;
        case O_SEED: {
            char *end;
            errno = 0;
            unsigned long long s = strtoull(optarg, &end, 10);
            if (end == optarg || *end || errno || optarg[0] == '-') {
                fprintf(stderr, "ringmap generate: --seed: expected an integer >= 0, got '%s'\n",
                        optarg);
                rc = 2;
            } else
                go.seed = (uint64_t)s;
            break;
        }
        case 'o': output = optarg; break;
        case 'h':
            gen_usage(stdout);
            free(cmdline);
            return 0;
        case ':':
            fprintf(stderr, "ringmap generate: option %s needs a value\n", av[optind - 1]);
            rc = 2;
            break;
        default:
            fprintf(stderr, "ringmap generate: unknown option '%s' (see ringmap generate --help)\n",
                    av[optind - 1]);
            rc = 2;
            break;
        }
    }
    if (rc == 0 && optind < ac) {
        fprintf(stderr, "ringmap generate: unexpected argument '%s'\n", av[optind]);
        rc = 2;
    }
    if (rc == 0 && topo != RM_GEN_TIERS && (layout_given || n_hosts == 0)) {
        fprintf(stderr, "ringmap generate %s: needs --hosts N and takes no tiers layout option\n",
                argv[1]);
        rc = 2;
    }
    if (rc == 0 && topo == RM_GEN_TIERS && layout_given && n_hosts > 0) {
        fprintf(stderr, "ringmap generate tiers: --hosts is not combined with --wan, --man, --lan, "
                        "--man-nodes, --lan-nodes, --wan-extra, --man-extra, --hosts-fraction, "
                        "--no-prune\n");
        rc = 2;
    }
    if (rc == 0 && output && (rc = rmi_out_check("generate -o", output, NULL, 0)) < 0)
        rc = 0;
    if (rc) {
        free(cmdline);
        return rc;
    }

    rm_platform *p = NULL;
    rm_error err = {RM_OK, ""};
    rm_status st = n_hosts > 0 ? rmi_generate_topology((rm_gen_topology)topo, n_hosts, go.seed, &p, &err)
                               : rmi_generate_tiers(&go, &p, &err);
    if (st) {
        fprintf(stderr, "ringmap generate: %s\n", err.msg[0] ? err.msg : rm_status_name(st));
        free(cmdline);
        return rm_status_exit_code(st);
    }
    char comment[4096];
    snprintf(comment, sizeof comment,
             "Generated by: %s\n"
             "%s platform (ringmap %s): %d hosts, %d routers, %d links.\n"
             "Units: speed Mflop/s (w = 1/speed, s/Mflop), bandwidth Mb/s, latency s.",
             cmdline,
             topo == RM_GEN_TIERS ? "Tiers-like WAN/MAN/LAN"
             : topo == RM_GEN_STAR ? "Star" : topo == RM_GEN_CLUSTER ? "Two-level cluster"
                                                                      : "Leaf-spine fat-tree",
             RINGMAP_VERSION, p->n_hosts, rm_platform_routers(p), p->n_links);
    free(cmdline);
    rm_out o; /* through a temporary file (cli/outfile.h) */
    int oc = rmi_out_open(&o, "generate -o", output ? output : "-");
    if (oc >= 0) {
        rm_platform_free(p);
        return oc;
    }
    st = rmi_platform_write_gml(o.f, p, comment, &err);
    if (st)
        rmi_out_abort(&o);
    if (st || rmi_out_commit(&o) != 0) {
        if (st)
            fprintf(stderr, "ringmap generate: write error: %s\n", err.msg);
        rm_platform_free(p);
        return 1;
    }
    fprintf(stderr, "ringmap generate: %d hosts, %d routers, %d links\n", p->n_hosts,
            rm_platform_routers(p), p->n_links);
    rm_platform_free(p);
    return 0;
}
