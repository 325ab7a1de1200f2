/*
 * cmd_eval.c — `ringmap eval PLATFORM --ring RING`: the T_step/D_w of a ring
 * order the user gives (the rank order of a hostfile, machinefile or
 * rankfile, the ring of a mapping JSON, a comma list, or every host in file
 * order), valued as `ringmap map` values its own ring (rm_ring_eval,
 * include/ringmap/mapper.h: the platform's routing, shares under the network
 * model, the best alphas >= 0 or alphas proportional to speed; Legrand et
 * al. 2004 eq. (1), §4.4.3), printed with the outputs of the map command
 * (table, --json, launch files, pictures). Exit codes: 0 ok, 2 bad input or
 * option, 1 internal failure.
 */
#define _POSIX_C_SOURCE 200809L /* strdup */
#include "cli/commands.h"
#include "cli/input.h"
#include "cli/launch_outputs.h"
#include "cli/options.h"
#include "cli/outfile.h"
#include "cli/ring_opts.h"
#include "ringmap.h"

#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

/* Tolerance of the invariant check run on the mapping before output (as map). */
#define EVAL_CHECK_TOL 1e-9

typedef struct eval_args {
    const char *platform; /* path of the platform file (or the matrix) */
    const char *ring;     /* --ring */
    rm_options opt;
    rm_read_options ro;
    rm_alpha_rule alphas; /* --alpha */
    rm_cli_ring_opts common; /* sizes, --json, --dot, --svg (cli/ring_opts.h) */
    int quiet;
    int simulate;           /* --simulate: rm_mapping_simulate */
    long long sim_cols;     /* --cols: the run's whole columns, for --simulate */
    int sim_steps;          /* --steps: the steps simulated (0: RM_SIMULATE_STEPS) */
    rm_cli_launch launch;   /* --hostfile, --rankfile, ..., --units */
    rm_cli_input input;     /* --format, stdin, --bandwidth-matrix */
} eval_args;

static void usage(FILE *f)
{
    fputs(
        "Usage: ringmap eval PLATFORM --ring RING [options]\n"
        "       ringmap eval --bandwidth-matrix BW.csv --speeds SPEEDS.csv --ring RING [options]\n"
        "\n"
        "The step time of a ring order you give, valued as `ringmap map` values its\n"
        "own ring: each ring edge routed by the platform's routing, the links shared\n"
        "under the network model, then each host's share alpha of the work (the best\n"
        "alphas >= 0, or proportional to speed). Compare the rank order you run today\n"
        "with ringmap's mapping. Units as `ringmap --help`: T_step/D_w in s/Mflop.\n"
        "\n"
        "RING (rank k = ring position k):\n"
        "  FILE                  a launch file, one ring position per line in order:\n"
        "                        an Open MPI hostfile ('HOST slots=N', '#' comments),\n"
        "                        an MPICH or SMPI machinefile ('HOST:N'), a plain list\n"
        "                        of host names, or an Open MPI rankfile ('rank N=HOST',\n"
        "                        positions by rank). Slot counts are not positions: a\n"
        "                        ring visits each host once (a host on two lines is an\n"
        "                        error)\n"
        "  MAPPING.json          the ring of a mapping JSON (`ringmap --json`) with\n"
        "                        its own routes; its shares are computed again\n"
        "  file-order            every host of PLATFORM in the order of the file\n"
        "  A,B,C                 host names separated by commas (when no file has that\n"
        "                        name)\n"
        "\n"
        "Options:\n"
        "  --ring RING           the ring to value (required)\n"
        "  --network M           how the links split their bandwidth among the ring's\n"
        "                        routes: fair (max-min fairness, as TCP and SimGrid\n"
        "                        share a link) or reserved (the best reserved shares\n"
        "                        for this ring: the final solver's optimum, never worse\n"
        "                        than max-min); default: the library's (rm_options_init)\n"
        "  --alpha A             best (default: the least T_step, alphas >= 0), speed\n"
        "                        (work proportional to speed, alpha_k ~ 1/w_k, as a\n"
        "                        split by speed alone does) or additive (eq. (1)'s\n"
        "                        best alphas; with --overlap valued under it)\n"
        "  --final-solver F      under --network reserved: glpk (default) or kinsol\n"
        "  --dc-dw R             ratio D_c/D_w in Mb/Mflop, finite, >= 0 (default 0.0064)\n"
        "  --dc X --dw Y         absolute D_c (Mb, >= 0) and D_w (Mflop, > 0), both\n"
        "                        required; sets D_c/D_w = X/Y and also prints T_step (s)\n"
        "  --latency             affine route cost D_c/b + sum of the links' latencies;\n"
        "                        needs --dc/--dw\n"
        "  --parallel-send       a host sends its two messages at once (max, not sum)\n"
        "  --overlap[=F|K/N]     the overlap model, boundary fraction F (default 0) or\n"
        "                        absolute boundary K of N columns, as `ringmap map`\n"
        "  --duplex D            half (default) or full\n"
        "  --routing R           widest, direct, fixed or auto (default), as `ringmap\n"
        "                        map`\n"
        "  --route-ties RULE     which of equally wide routes a ring edge takes, as\n"
        "                        `ringmap map` (index, default; hops, load, bottleneck2,\n"
        "                        share, best)\n"
        "  --one-core            SimGrid hosts: w from one core's speed\n"
        "  --host-w W            cycle-time (s/Mflop, > 0) for nodes without w/speed\n"
        "  --default-bandwidth B bandwidth (Mb/s, > 0) for links that have none\n"
        "  --json FILE           also write the mapping as JSON to FILE ('-': standard\n"
        "                        output instead of the table); export-simgrid and\n"
        "                        iterapp take it\n"
        "  --dot FILE            the platform with the ring's routes, Graphviz DOT\n"
        "  --svg FILE            the same picture as SVG (Graphviz 'dot')\n"
        "  --simulate            also run the ring's steps in SimGrid itself (a SimGrid\n"
        "                        platform file; needs --dc): iterapp's exchange and\n"
        "                        computation per step, CM02, 40 steps, with --cols the\n"
        "                        run's whole columns; prints and writes (JSON\n"
        "                        t_step_simulated) the steady pace, s per step\n"
        "  --cols N              the run's N columns (iterapp's --total-cols), for\n"
        "                        --simulate: whole columns as iterapp runs them\n"
        "  --steps K             steps simulated by --simulate (default 40; the pace\n"
        "                        is over the second half)\n",
        f);
    rmi_cli_input_help(f);
    fputs(RM_CLI_LAUNCH_HELP
          "  -q, --quiet           do not print the table\n"
          "  -h, --help            print this help and exit\n"
          "\n"
          "Exit status: 0 success; 2 bad input (platform, ring: an unknown host, a host\n"
          "twice, a router, an empty ring, no route between neighbours; bad option);\n"
          "1 internal failure.\n",
          f);
}

/* Report a bad option or argument on stderr; returns exit code 2. */
RM_CLI_DEFINE_REPORTER(bad_option, "ringmap eval: ", "ringmap eval --help")

enum {
    OPT_RING = 256,
    OPT_NETWORK,
    OPT_ALPHA,
    OPT_FINAL,
    OPT_SIMULATE,
    OPT_COLS,
    OPT_STEPS,
    OPT_COMMON /* duplex, host-w, default-bandwidth, route-ties: rmi_cli_opt_common */
};

/* The options after the loop: --dc/--dw and --latency as `ringmap map`. */
static int finish_args(int argc, char **argv, eval_args *a)
{
    if (!a->ring)
        return bad_option("--ring RING is required (a hostfile, a mapping JSON, file-order "
                          "or a comma list of hosts)");
    int code;
    if ((code = rmi_cli_sizes_check(&a->common.sz, bad_option)) >= 0 ||
        (code = rmi_cli_sizes_apply(&a->common.sz, &a->opt, bad_option)) >= 0)
        return code;
    if ((code = rmi_cli_input_operand(&a->input, argc, argv, &a->platform, &a->opt,
                                     bad_option)) >= 0)
        return code;
    return rmi_cli_launch_check(&a->launch,
                               (const char *[]){a->platform, a->input.speeds,
                                                a->input.lat_matrix, a->ring},
                               4, a->common.json, a->common.dot, a->common.svg, bad_option);
}

/* Parse the command line into a; returns -1 to go on, else an exit code. */
static int parse_args(int argc, char **argv, eval_args *a)
{
    static const struct option longopts[] = {
        {"ring", required_argument, NULL, OPT_RING},
        {"network", required_argument, NULL, OPT_NETWORK},
        {"alpha", required_argument, NULL, OPT_ALPHA},
        {"final-solver", required_argument, NULL, OPT_FINAL},
        {"simulate", no_argument, NULL, OPT_SIMULATE},
        {"cols", required_argument, NULL, OPT_COLS},
        {"steps", required_argument, NULL, OPT_STEPS},
        {"duplex", required_argument, NULL, OPT_COMMON},
        {"overlap", optional_argument, NULL, OPT_COMMON}, /* rmi_cli_opt_common */
        {"host-w", required_argument, NULL, OPT_COMMON},
        {"default-bandwidth", required_argument, NULL, OPT_COMMON},
        {"route-ties", required_argument, NULL, OPT_COMMON},
        RM_CLI_RING_LONGOPTS,
        RM_CLI_INPUT_LONGOPTS,
        RM_CLI_LAUNCH_LONGOPTS,
        {"quiet", no_argument, NULL, 'q'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0}};
    memset(a, 0, sizeof *a);
    rmi_cli_launch_init(&a->launch);
    rm_options_init(&a->opt);
    rm_read_options_init(&a->ro);
    a->alphas = RM_ALPHA_BEST;
    opterr = 0;
    optind = 1;
    int c, code, li = 0, v;
    while ((c = getopt_long(argc, argv, ":qh", longopts, &li)) != -1) {
        const char *arg = optarg;
        switch (c) {
        case OPT_RING:
            if (!*arg)
                return bad_option("--ring: expected a file, file-order or a comma list of "
                                  "hosts, got ''");
            a->ring = arg;
            break;
        case OPT_NETWORK:
            if ((code = rmi_cli_opt_enum("--network", RM_ENUM_NETWORK, arg, &v, bad_option)) >= 0)
                return code;
            a->opt.network = (rm_network_model)v;
            break;
        case OPT_ALPHA:
            if ((code = rmi_cli_opt_enum("--alpha", RM_ENUM_ALPHA_RULE, arg, &v, bad_option)) >= 0)
                return code;
            a->alphas = (rm_alpha_rule)v;
            break;
        case OPT_FINAL:
            if ((code = rmi_cli_opt_shares("final-solver", arg, &a->opt, NULL, bad_option)) >= 0)
                return code;
            break;
        case OPT_COMMON:
            if ((code = rmi_cli_opt_common(longopts[li].name, arg, &a->opt, &a->ro,
                                          bad_option)) >= 0)
                return code;
            break;
        case OPT_SIMULATE: a->simulate = 1; break;
        case OPT_COLS: {
            char *end;
            errno = 0;
            long long v = strtoll(arg, &end, 10);
            if (end == arg || *end || errno || v < 0)
                return bad_option("--cols: expected the number of columns, an integer >= 0 "
                                  "(0 = the alphas as they are), got '%s'",
                                  arg);
            a->sim_cols = v;
            break;
        }
        case OPT_STEPS: {
            char *end;
            errno = 0;
            long v = strtol(arg, &end, 10);
            if (end == arg || *end || errno || v < 2 || v > 100000)
                return bad_option("--steps: expected an integer in [2, 100000], got '%s'", arg);
            a->sim_steps = (int)v;
            break;
        }
        case 'q': a->quiet = 1; break;
        case 'h': usage(stdout); return 0;
        default: /* cli/ring_opts.h */
            if ((code = rmi_cli_ring_other(c, arg, argv, &a->common, &a->opt, &a->ro, &a->input,
                                           &a->launch, bad_option)) >= 0)
                return code;
        }
    }
    return finish_args(argc, argv, a);
}

/* A library error as "ringmap eval: MESSAGE"; its exit code. */
static int lib_failure(const rm_error *err)
{
    fprintf(stderr, "ringmap eval: %s\n", err->msg);
    int code = rm_status_exit_code(err->status);
    return code ? code : 1;
}

/* The ring as host names: a launch file (rm_hostfile_read) or a comma list;
 * into node indices of p by rm_ring_of_names (messages name the line or
 * the item). Exit code or -1. */
static int ring_of_names(const rm_platform *p, const char *spec, int is_file, int **ring, int *q)
{
    rm_error err = {RM_OK, ""};
    rm_hostfile *h = NULL;
    char **names = NULL, **where = NULL, *list = NULL;
    int n = 0, code = -1;
    if (is_file) {
        if (rm_hostfile_read(spec, &h, &err))
            return lib_failure(&err);
        n = h->q;
        names = h->names;
        where = h->where;
        if (h->max_slots > 1)
            fprintf(stderr,
                    "ringmap eval: note: %s: slot counts (up to %ld) are not ring positions: "
                    "one position per %s, one process per host\n",
                    spec, h->max_slots, h->rankfile ? "rank" : "line");
    } else { /* A,B,C */
        list = strdup(spec);
        n = 1;
        for (const char *c = spec; *c; c++)
            n += *c == ',';
        names = calloc((size_t)n, sizeof *names);
        where = calloc((size_t)n, sizeof *where);
        if (!list || !names || !where) {
            fprintf(stderr, "ringmap eval: out of memory\n");
            code = 1;
            goto out;
        }
        char *s = list;
        for (int k = 0; k < n; k++) {
            char *comma = strchr(s, ',');
            if (comma)
                *comma = '\0';
            names[k] = s;
            where[k] = malloc(32);
            if (!where[k]) {
                fprintf(stderr, "ringmap eval: out of memory\n");
                code = 1;
                goto out;
            }
            snprintf(where[k], 32, "--ring item %d", k + 1);
            if (!*s) {
                fprintf(stderr, "ringmap eval: --ring item %d is empty (a list is A,B,C)\n",
                        k + 1);
                code = 2;
                goto out;
            }
            s = comma ? comma + 1 : s + strlen(s);
        }
    }
    *ring = malloc((size_t)n * sizeof **ring);
    if (!*ring) {
        fprintf(stderr, "ringmap eval: out of memory\n");
        code = 1;
    } else if (rm_ring_of_names(p, (const char *const *)names, (const char *const *)where, n,
                                *ring, &err)) {
        code = lib_failure(&err);
    } else {
        *q = n;
    }
out:
    if (h) {
        rm_hostfile_free(h);
    } else {
        for (int k = 0; where && k < n; k++)
            free(where[k]);
        free(names);
        free(where);
        free(list);
    }
    if (code >= 0) {
        free(*ring);
        *ring = NULL;
    }
    return code;
}

/* The node index of GML node id gid in p, or -1. O(nodes). */
static int node_of_id(const rm_platform *p, long gid)
{
    for (int u = 0; u < p->n_nodes; u++)
        if (p->nodes[u].id == gid)
            return u;
    return -1;
}

/* A route of a mapping JSON (GML node ids, link indices) as arcs of net: hop
 * i crosses link links[i] from nodes[i] to nodes[i+1] (arc 2l or 2l + 1).
 * Exit code or -1; the message names the file, the position and the hop. */
static int route_of_json(const rm_network *net, const char *path, int k, const char *which,
                         const rm_mapping_doc_route *dr, rm_route *r)
{
    const rm_platform *p = net->platform;
    r->n_arcs = 0;
    r->arcs = malloc((size_t)(dr->n_links > 0 ? dr->n_links : 1) * sizeof *r->arcs);
    if (!r->arcs) {
        fprintf(stderr, "ringmap eval: out of memory\n");
        return 1;
    }
    for (int i = 0; i < dr->n_links; i++) {
        int u = node_of_id(p, dr->nodes[i]), v = node_of_id(p, dr->nodes[i + 1]);
        int l = dr->links[i], arc = -1;
        if (u >= 0 && v >= 0 && l >= 0 && l < p->n_links)
            for (int d = 0; d < 2 && arc < 0; d++)
                if (net->arc_tail[2 * l + d] == u && net->arc_head[2 * l + d] == v)
                    arc = 2 * l + d;
        if (arc < 0) {
            fprintf(stderr, "ringmap eval: %s: ring[%d].%s hop %d: link %d from node %ld to "
                            "node %ld is not a link of platform %s\n",
                    path, k, which, i + 1, l, dr->nodes[i], dr->nodes[i + 1],
                    p->name ? p->name : "");
            return 2;
        }
        r->arcs[r->n_arcs++] = arc;
    }
    return -1;
}

/* The routes of a mapping JSON as arcs of net (a ring of q > 1 positions):
 * new arrays *succ and *pred of q routes (free_routes). Exit code or -1. */
static int routes_of_json(const rm_network *net, const char *path, const rm_mapping_doc *d,
                          rm_route **succ, rm_route **pred)
{
    *succ = calloc((size_t)d->q, sizeof **succ);
    *pred = calloc((size_t)d->q, sizeof **pred);
    if (!*succ || !*pred) {
        fprintf(stderr, "ringmap eval: out of memory\n");
        return 1;
    }
    int code = -1;
    for (int k = 0; k < d->q && code < 0; k++) {
        code = route_of_json(net, path, k, "succ", &d->ring[k].succ, &(*succ)[k]);
        if (code < 0)
            code = route_of_json(net, path, k, "pred", &d->ring[k].pred, &(*pred)[k]);
    }
    return code;
}

static void free_routes(rm_route *r, int q)
{
    for (int k = 0; r && k < q; k++)
        rm_route_clear(&r[k]);
    free(r);
}

/* The ring order of a mapping JSON: its GML node ids as node indices of p;
 * with q > 1 its routes too (*succ, *pred: arcs of net, kept by
 * rm_ring_eval_routes). Exit code or -1. */
static int ring_of_json(const eval_args *a, const rm_network *net, const char *path, int **ring,
                        int *q, rm_route **succ, rm_route **pred)
{
    const rm_platform *p = net->platform;
    rm_error err = {RM_OK, ""};
    rm_mapping_doc *d = NULL;
    if (rm_mapping_read_json(path, &d, &err))
        return lib_failure(&err);
    int code = -1;
    *ring = malloc((size_t)d->q * sizeof **ring);
    if (!*ring) {
        fprintf(stderr, "ringmap eval: out of memory\n");
        code = 1;
    }
    for (int k = 0; code < 0 && k < d->q; k++) {
        int v = node_of_id(p, d->ring[k].node);
        if (v < 0) {
            fprintf(stderr, "ringmap eval: %s: ring[%d].node: GML node id %ld is not in "
                            "platform %s\n", path, k, d->ring[k].node, p->name ? p->name : "");
            code = 2;
        }
        (*ring)[k] = v;
    }
    if (code < 0 && d->q > 1 && (code = routes_of_json(net, path, d, succ, pred)) >= 0) {
        free_routes(*succ, d->q);
        free_routes(*pred, d->q);
        *succ = *pred = NULL;
    }
    if (code < 0 && isfinite(d->cost.dc_dw) && d->cost.dc_dw != a->opt.cost.dc_dw)
        fprintf(stderr, "ringmap eval: note: %s was mapped at D_c/D_w = %.6g; valued here at "
                        "%.6g Mb/Mflop (--dc-dw, --dc/--dw)\n",
                path, d->cost.dc_dw, a->opt.cost.dc_dw);
    if (code < 0)
        *q = d->q;
    else {
        free(*ring);
        *ring = NULL;
    }
    rm_mapping_doc_free(d);
    return code;
}

/* --ring's value as node indices of net's platform: file-order, a mapping
 * JSON (and its routes: *succ, *pred, else NULL), a launch file, or a comma
 * list. Exit code or -1. */
static int read_ring(const eval_args *a, const rm_network *net, int **ring, int *q,
                     rm_route **succ, rm_route **pred)
{
    const rm_platform *p = net->platform;
    const char *s = a->ring;
    size_t len = strlen(s);
    struct stat sb;
    int exists = stat(s, &sb) == 0;
    if (!strcmp(s, "file-order")) {
        *ring = malloc((size_t)(p->n_hosts > 0 ? p->n_hosts : 1) * sizeof **ring);
        if (!*ring) {
            fprintf(stderr, "ringmap eval: out of memory\n");
            return 1;
        }
        for (int k = 0; k < p->n_hosts; k++)
            (*ring)[k] = p->hosts[k];
        *q = p->n_hosts;
        return -1;
    }
    if (len > 5 && !strcasecmp(s + len - 5, ".json"))
        return ring_of_json(a, net, s, ring, q, succ, pred);
    return ring_of_names(p, s, exists || strchr(s, '/') != NULL, ring, q);
}

/* The table (stdout) and the JSON. Exit code. */
static int write_outputs(const rm_network *net, const eval_args *a, const rm_mapping *m)
{
    int json_stdout = a->common.json && strcmp(a->common.json, "-") == 0;
    if (!a->quiet && !json_stdout && !rmi_cli_launch_stdout(&a->launch)) {
        rm_mapping_print(stdout, net, m);
        rmi_cli_print_absolute(stdout, &a->common.sz, m);
        rmi_cli_launch_print(stdout, &a->launch, net, m);
        if (fflush(stdout) != 0) {
            fprintf(stderr, "ringmap eval: cannot write the table to standard output\n");
            return 1;
        }
    }
    if (!a->common.json)
        return 0;
    rm_json_extras x;
    rm_json_extras_init(&x);
    x.dw = a->common.sz.have_dc ? a->common.sz.dw : 0.0;
    x.units = a->launch.units > 0 ? a->launch.units : 0;
    return rmi_cli_write_mapping_json(a->common.json, net, &a->opt, m, &x, lib_failure);
}

/* rm_ring_eval (rm_ring_eval_routes with a mapping's routes) and the
 * invariant check. Exit code or -1. */
static int evaluate(const rm_network *net, const eval_args *a, const int *ring, int q,
                    const rm_route *succ, const rm_route *pred, rm_mapping **m)
{
    rm_error err = {RM_OK, ""};
    rm_status st = succ ? rm_ring_eval_routes(net, &a->opt, ring, q, succ, pred, a->alphas, m, &err)
                        : rm_ring_eval(net, &a->opt, ring, q, a->alphas, m, &err);
    if (st) {
        *m = NULL;
        return lib_failure(&err);
    }
    if (rm_mapping_check(net, *m, EVAL_CHECK_TOL, &err)) {
        fprintf(stderr, "ringmap eval: internal error: the mapping violates an invariant: %s\n",
                err.msg);
        return 1;
    }
    if ((*m)->network == RM_NETWORK_RESERVED && q > 1 && (*m)->final_solver == RM_FINAL_NONE)
        fprintf(stderr, "ringmap eval: note: the final solver (%s) failed: the max-min "
                        "shares are kept\n",
                rm_enum_name(RM_ENUM_FINAL_SOLVER, a->opt.final_solver != RM_FINAL_NONE
                                                       ? (int)a->opt.final_solver
                                                       : (int)RM_FINAL_GLPK));
    return -1;
}

int rmi_cmd_eval(int argc, char **argv)
{
    eval_args a;
    int code = parse_args(argc, argv, &a);
    if (code >= 0)
        return code;
    rm_platform *p;
    rm_network net;
    if ((code = rmi_cli_input_load(&a.input, a.platform, &a.ro, &a.opt, &p, &net)) >= 0)
        return code;
    int *ring = NULL, q = 0;
    rm_route *succ = NULL, *pred = NULL; /* a mapping JSON's routes */
    rm_mapping *m = NULL;
    code = rmi_cli_launch_apply_labels(&a.launch, p);
    if (code < 0)
        code = read_ring(&a, &net, &ring, &q, &succ, &pred);
    if (code < 0)
        code = evaluate(&net, &a, ring, q, succ, pred, &m);
    if (code < 0 && a.simulate) {
        rm_simulate_options so;
        memset(&so, 0, sizeof so);
        so.columns = a.sim_cols;
        so.steps = a.sim_steps;
        rm_error err = {RM_OK, ""};
        if (rm_mapping_simulate(&net, m, a.platform ? a.platform : "", &so, &m->t_step_simulated, &err)) {
            m->t_step_simulated = 0.0;
            code = lib_failure(&err);
        }
    }
    if (code < 0)
        code = rmi_cli_launch_prepare(&a.launch, &net, m, 0);
    /* every output file appears only if all were written (cli/outfile.h) */
    rmi_out_batch_begin();
    if (code < 0)
        code = write_outputs(&net, &a, m);
    if (code == 0)
        code = rmi_cli_launch_write(&a.launch, &net, m);
    if (code == 0)
        code = rmi_cli_write_pictures(&net, m, a.common.dot, a.common.svg);
    int bc = rmi_out_batch_end(code == 0);
    if (code == 0)
        code = bc;
    rmi_cli_launch_free(&a.launch);
    rm_mapping_free(m);
    free_routes(succ, q);
    free_routes(pred, q);
    free(ring);
    rm_network_destroy(&net);
    rm_platform_free(p);
    return code;
}
