/*
 * map.c — `ringmap [map] PLATFORM [options]`: read a platform, build the
 * ring with SharedRing (Legrand et al. 2004 §4.4), SliceRing (§5.2.2) or both, check
 * every invariant of the mapping (rm_mapping_check), and print it as a
 * table and/or the JSON of docs/cli.md. Exit codes: 0 ok, 2 bad input or
 * option, 1 internal failure.
 */
#define _POSIX_C_SOURCE 200809L /* isatty, fileno */
#include "cli/commands.h"
#include "cli/input.h"
#include "cli/launch_outputs.h"
#include "cli/options.h"
#include "cli/progress.h"
#include "cli/sg_widest.h"
#include "cli/outfile.h"
#include "cli/ring_opts.h"
#include "output/output.h"
#include "ring/refine.h"
#include "heur/heur.h"
#include "ringmap.h"

#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Tolerance of the invariant check run on every mapping before output. */
#define MAP_CHECK_TOL 1e-9

typedef struct map_args {
    const char *platform; /* path of the platform file */
    rm_options opt;
    rm_read_options ro;
    int both;                    /* --heuristic both */
    rm_cli_ring_opts common; /* sizes, --json, --dot, --svg (cli/ring_opts.h) */
    int quiet;
    int all_shares;              /* --all-shares: the five share methods side by side */
    double ref_t[RM_N_REFINE];   /* their T_step/D_w (NAN: failed) */
    rm_cli_launch launch;        /* --hostfile, --rankfile, ..., --units */
    int progress_lines;          /* --progress */
    rm_cli_input input;          /* --format, stdin, --bandwidth-matrix */
    int simulate;                /* rm_mapping_judge: -1 (default) its policy, required 0;
                                    --simulate 1 (required 1); --no-simulate 0 (not called) */
    int simulate_steps;          /* --simulate-steps: rm_simulate_options.steps (0: 40) */
} map_args;

static void usage(FILE *f)
{
    fputs(
        "Usage: ringmap [map] PLATFORM [options]\n"
        "       ringmap [map] --bandwidth-matrix BW.csv --speeds SPEEDS.csv [options]\n"
        "\n"
        "Map an iterative computation whose processors talk to their two ring\n"
        "neighbours onto the hosts of PLATFORM (a GML file): choose the hosts, their\n"
        "order on the ring, the routes and their bandwidth shares, and each host's\n"
        "share alpha of the work so that the step time T_step is minimal (Legrand,\n"
        "Renard, Robert, Vivien, \"Mapping and Load-Balancing Iterative Computations\",\n"
        "IEEE TPDS 2004; the model: docs/model.md). Units: cycle-time w in s/Mflop,\n"
        "bandwidth in Mb/s, D_c (message to each neighbour per step) in Mb, D_w\n"
        "(total work per step) in Mflop, T_step/D_w in s/Mflop.\n"
        "\n"
        "Options:\n"
        "  --dc-dw R             ratio D_c/D_w in Mb/Mflop, finite, >= 0 (default 0.0064)\n"
        "  --dc X --dw Y         absolute D_c (Mb, >= 0) and D_w (Mflop, > 0), both\n"
        "                        required; sets D_c/D_w = X/Y and also prints T_step (s)\n",
        f);
    rmi_cli_heuristic_help(f); /* the library's heuristics (cli/options.c) */
    fputs(
        "  --routing R           widest: widest paths through the network;\n"
        "                        direct: only a direct link between two hosts (the\n"
        "                        complete-graph instance taken as given);\n"
        "                        fixed: the routes the platform file fixes (SimGrid's\n"
        "                        route of every host pair), as real IP routing does;\n"
        "                        auto (default): fixed for a platform that fixes its\n"
        "                        routes (SimGrid .xml files), else widest\n"
        "  --one-core            SimGrid hosts: w from one core's speed (one single-\n"
        "                        threaded rank per host; default: speed x cores)\n",
        f);
    rmi_cli_network_help(f); /* --network, --paper (cli/options.c) */
    fputs(
        "  --sharing S           how SharedRing shares a link among the ring's routes\n"
        "                        while it builds the ring: greedy (each insertion\n"
        "                        splits the residual bandwidth among its 4 new routes,\n"
        "                        default), maxmin (after each insertion, max-min\n"
        "                        fairness over all routes), eq5 (after each insertion,\n"
        "                        the optimum of eq. (5)'s surrogate sum C_i/w_i, which\n"
        "                        ignores alpha >= 0: not always the least T_step);\n"
        "                        under --network fair it only guides the construction:\n"
        "                        every ring size is valued with max-min shares\n"
        "  --make-feasible S     SliceRing's step that gives its ring feasible shares\n"
        "                        on the real shared network: maxmin (default) or eq5\n"
        "                        (a reservation: --network reserved only)\n"
        "  --final-solver F      once the ring is chosen, its shares for its fixed\n"
        "                        routes (--network reserved only: reserved shares):\n"
        "                        none (keep the heuristic's, default), kinsol\n"
        "                        or glpk (the real optimum of T_step, alphas >= 0, by\n"
        "                        KINSOL or by GLPK); never worse: a solver that fails\n"
        "                        or does not lower T_step leaves the heuristic's\n"
        "                        shares, with a note on stderr\n"
        "  --all-shares          the chosen ring with the five share methods side by\n"
        "                        side (own, maxmin, eq5, kinsol, glpk); the KINSOL one\n"
        "                        is printed (--network reserved only)\n"
        "  --refine M            old spelling, kept (a note on stderr): none = --sharing\n"
        "                        greedy, maxmin = --sharing maxmin --make-feasible\n"
        "                        maxmin, optimal = --sharing eq5 --make-feasible eq5,\n"
        "                        kinsol / glpk = --final-solver, all = --all-shares\n"
        "  --duplex D            half: an undirected link is one capacity shared by both\n"
        "                        directions (default); full: each direction has it all\n"
        "  --latency             affine route cost D_c/b + sum of the links' latencies\n"
        "                        (GML edge attribute latency, s); needs --dc/--dw\n"
        "  --parallel-send       a host sends its two messages at once: max, not sum,\n"
        "                        of the two route costs in eq. (1)\n"
        "  --max-q N             largest ring size tried, integer >= 0 (0 = all hosts,\n"
        "                        default)\n"
        "  --full-curve          grow the ring to --max-q even when a lower bound proves\n"
        "                        that no larger ring can beat the best (same mapping;\n"
        "                        the whole T_step curve per ring size in the JSON)\n"
        "  --stop-patience N     a heuristic stop, off by default (0): also stop growing\n"
        "                        the ring once N sizes in a row did not improve on the\n"
        "                        best T_step (may miss a better larger ring: the curve\n"
        "                        is not always unimodal); ignored with --full-curve\n"
        "  --threads N           threads of the heuristics (0 = all cores, default); the\n"
        "                        mapping is the same for any N\n"
        "  --improve             after the heuristic, a local search on its ring (not in\n"
        "                        the paper): re-route a ring edge, swap neighbours,\n"
        "                        remove, replace, insert or move a host, keeping a move\n"
        "                        when T_step (eq. (5) or max-min shares) drops; never\n"
        "                        worse than the heuristic's ring; on by default\n"
        "  --no-improve          no local search (the heuristic's ring as it is)\n"
        "  --improve-evals N     its budget: at most N candidate evaluations (default\n"
        "                        auto: scaled with the platform; 0 = no limit); the\n"
        "                        same input gives the same mapping on any machine\n"
        "  --improve-seconds S   a wall-time cap, s (default 0 = none); the result may\n"
        "                        then depend on the machine (the JSON's\n"
        "                        params.improve.stop says what stopped it)\n"
        "  --improve-moves N     at most N accepted moves (default 1000; 0 = no limit)\n"
        "  --cols N              the run's N columns (iterapp's --total-cols), at least\n"
        "                        one per host: the search's ring is kept only when its\n"
        "                        T_step with whole columns is not higher either, and\n"
        "                        on routes of one latency the printed T_step is the\n"
        "                        run's pace over many steps (default 0: not known)\n"
        "  --simulate            simulate the mapping's steps in SimGrid itself even\n"
        "                        where the default does not (any SimGrid platform file\n"
        "                        with --dc/--dw; rings over the default's size budget):\n"
        "                        writes the steady pace (JSON t_step_simulated)\n"
        "  --no-simulate         never simulate: the model's T_step is printed\n"
        "                        By default, on an uncalibrated SimGrid platform file\n"
        "                        under the fair network model with --latency, the\n"
        "                        printed T_step is SimGrid's run of the mapping\n"
        "                        (iterapp's exchange and computation, CM02, 40 steps,\n"
        "                        with --cols the run's columns; JSON t_step_valuation\n"
        "                        \"simgrid\"); the mapping is unchanged (docs/simgrid.md,\n"
        "                        \"The judge\"); with --overlap, the pipeline's final\n"
        "                        candidates (at most 4) are each run and the fastest\n"
        "                        is handed on. A ring over 10000 positions x steps\n"
        "                        (250 hosts at 40 steps) or a refused simulation\n"
        "                        keeps the model's value, with a note (JSON\n"
        "                        t_step_valuation_reason)\n"
        "  --simulate-steps N    steps simulated (default 40; the steady pace is\n"
        "                        measured over the second half)\n"
        "  --slice-ties          SliceRing: among candidates equal in real arithmetic\n"
        "                        (the same multiset of (D_c/D_w C, w) pairs), the first\n"
        "                        in scan order wins, not the one whose sums round\n"
        "                        lowest (7-25x faster on large clusters; not in the\n"
        "                        paper; the default, off with --paper)\n"
        "  --no-slice-ties       SliceRing: the paper's rule, the candidate whose sums\n"
        "                        round lowest wins\n"
        "  --route-ties RULE     which of several equally wide routes a ring edge takes\n"
        "                        (not in the paper; widths unchanged): index (default,\n"
        "                        the widest-path search's own), hops (fewest links),\n"
        "                        load (fewest routes of the ring already on its links,\n"
        "                        then fewest links), bottleneck2 (widest second\n"
        "                        bottleneck), share (largest equal share of its links\n"
        "                        among the routes already on them), best (the lowest\n"
        "                        T_step of index, hops, load, share; never worse than\n"
        "                        index); SliceRing routes its ring by it,\n"
        "                        SharedRing re-routes its final ring by it and keeps\n"
        "                        that only when T_step (max-min shares) is lower\n"
        "  --progress            print progress lines on standard error even when it is\n"
        "                        not a terminal (on a terminal progress is always shown\n"
        "                        from 50 hosts)\n"
        "  --host-w W            cycle-time in s/Mflop (> 0) given to every node without\n"
        "                        w/speed (default: such nodes are routers)\n"
        "  --default-bandwidth B bandwidth in Mb/s (> 0) for links that have none\n"
        "                        (default: such a link is an error)\n"
        "  --json FILE           also write the mapping as JSON to FILE; '-' writes it\n"
        "                        to standard output instead of the table\n"
        "  --dot FILE            also draw the platform with the ring's routes over it\n"
        "                        as a Graphviz DOT file (the better ring's with 'both')\n"
        "  --svg FILE            the same picture as SVG, made by Graphviz 'dot' when\n"
        "                        it is installed\n",
        f);
    rmi_cli_input_help(f);
    fputs(
        RM_CLI_LAUNCH_HELP
        "  -q, --quiet           do not print the table\n"
        "  -h, --help            print this help and exit\n"
        "  -V, --version         print the version and exit\n"
        "\n"
        "Subcommands:\n",
        f);
    rmi_cli_print_commands(f);
    fputs("\n"
          "Exit status: 0 success; 2 bad input (unreadable or invalid platform file,\n"
          "bad or missing option); 1 internal failure (including a mapping that fails\n"
          "the invariant check, which is never printed).\n",
          f);
}

/* Report a bad option or argument on stderr; returns exit code 2. */
RM_CLI_DEFINE_REPORTER(bad_option, "ringmap: ", "ringmap --help")

enum {
    OPT_HEUR = 256,
    OPT_REFINE,
    OPT_SHARING,
    OPT_FEASIBLE,
    OPT_FINAL,
    OPT_ALLSHARES,
    OPT_DUPLEX,
    OPT_MAXQ,
    OPT_HOSTW,
    OPT_DEFBW,
    OPT_FULLCURVE,
    OPT_PROGRESS,
    OPT_THREADS,
    OPT_IMPROVE,
    OPT_NOIMPROVE,
    OPT_IMPROVE_ARG,
    OPT_SLICETIES,
    OPT_NOSLICETIES,
    OPT_ROUTE_TIES,
    OPT_NETWORK,
    OPT_PAPER,
    OPT_SIMULATE,
    OPT_NO_SIMULATE,
    OPT_SIMULATE_STEPS
};

/* Parse the command line into a; returns -1 to go on, else an exit code. */
static int parse_args(int argc, char **argv, map_args *a)
{
    static const struct option longopts[] = {
        {"heuristic", required_argument, NULL, OPT_HEUR},
        {"refine", required_argument, NULL, OPT_REFINE},
        {"sharing", required_argument, NULL, OPT_SHARING},
        {"make-feasible", required_argument, NULL, OPT_FEASIBLE},
        {"final-solver", required_argument, NULL, OPT_FINAL},
        {"all-shares", no_argument, NULL, OPT_ALLSHARES},
        {"duplex", required_argument, NULL, OPT_DUPLEX},
        {"max-q", required_argument, NULL, OPT_MAXQ},
        {"host-w", required_argument, NULL, OPT_HOSTW},
        {"default-bandwidth", required_argument, NULL, OPT_DEFBW},
        {"full-curve", no_argument, NULL, OPT_FULLCURVE},
        {"progress", no_argument, NULL, OPT_PROGRESS},
        {"threads", required_argument, NULL, OPT_THREADS},
        {"improve", no_argument, NULL, OPT_IMPROVE},
        {"no-improve", no_argument, NULL, OPT_NOIMPROVE},
        {"improve-seconds", required_argument, NULL, OPT_IMPROVE_ARG},
        {"improve-moves", required_argument, NULL, OPT_IMPROVE_ARG},
        {"improve-evals", required_argument, NULL, OPT_IMPROVE_ARG},
        {"cols", required_argument, NULL, OPT_IMPROVE_ARG},
        {"slice-ties", no_argument, NULL, OPT_SLICETIES},
        {"no-slice-ties", no_argument, NULL, OPT_NOSLICETIES},
        {"stop-patience", required_argument, NULL, OPT_THREADS}, /* rmi_cli_opt_common */
        {"route-ties", required_argument, NULL, OPT_ROUTE_TIES},
        {"network", required_argument, NULL, OPT_NETWORK},
        {"overlap", optional_argument, NULL, OPT_NETWORK}, /* rmi_cli_opt_common */
        {"paper", no_argument, NULL, OPT_PAPER},
        {"simulate", no_argument, NULL, OPT_SIMULATE},
        {"no-simulate", no_argument, NULL, OPT_NO_SIMULATE},
        {"simulate-steps", required_argument, NULL, OPT_SIMULATE_STEPS},
        RM_CLI_RING_LONGOPTS,
        RM_CLI_INPUT_LONGOPTS,
        RM_CLI_LAUNCH_LONGOPTS,
        {"quiet", no_argument, NULL, 'q'},
        {"help", no_argument, NULL, 'h'},
        {"version", no_argument, NULL, 'V'},
        {NULL, 0, NULL, 0}};
    memset(a, 0, sizeof *a);
    a->simulate = -1;
    rmi_cli_launch_init(&a->launch);
    /* --paper: the paper's setup as the base, the explicit options on top */
    rmi_cli_options_base(argc, argv, ":qhV", longopts, OPT_PAPER, &a->opt);
    rm_read_options_init(&a->ro);
    opterr = 0;
    optind = 0; /* a full restart after rmi_cli_options_base's pass */
    int c, code, li = 0;
    while ((c = getopt_long(argc, argv, ":qhV", longopts, &li)) != -1) {
        const char *arg = optarg;
        switch (c) {
        case OPT_HEUR:
            if ((code = rmi_cli_opt_heuristic(arg, 0, &a->opt.heuristic, &a->both,
                                             bad_option)) >= 0)
                return code;
            break;
        case OPT_REFINE: /* old spelling: an alias with a note */
        case OPT_SHARING:
        case OPT_FEASIBLE:
        case OPT_FINAL:
            if ((code = rmi_cli_opt_shares(longopts[li].name, arg, &a->opt, &a->all_shares,
                                          bad_option)) >= 0)
                return code;
            break;
        case OPT_ALLSHARES: a->all_shares = 1; break;
        case OPT_DUPLEX: /* the options map, sweep and compare share */
        case OPT_MAXQ:
        case OPT_HOSTW:
        case OPT_DEFBW:
            if ((code = rmi_cli_opt_common(longopts[li].name, arg, &a->opt, &a->ro,
                                          bad_option)) >= 0)
                return code;
            break;
        case OPT_FULLCURVE: a->opt.full_curve = 1; break;
        case OPT_PROGRESS: a->progress_lines = 1; break;
        case OPT_IMPROVE: a->opt.improve = 1; break;
        case OPT_NOIMPROVE: a->opt.improve = 0; break;
        case OPT_SLICETIES: a->opt.slice_ties = 1; break;
        case OPT_NOSLICETIES: a->opt.slice_ties = 0; break;
        case OPT_IMPROVE_ARG: /* cli/options.c; either sets --improve */
        case OPT_THREADS:
        case OPT_ROUTE_TIES:
        case OPT_NETWORK:
            if ((code = rmi_cli_opt_common(longopts[li].name, arg, &a->opt, &a->ro, bad_option)) >= 0)
                return code;
            break;
        case OPT_PAPER: break; /* the base options (rmi_cli_options_base) */
        case OPT_SIMULATE: a->simulate = 1; break;
        case OPT_NO_SIMULATE: a->simulate = 0; break;
        case OPT_SIMULATE_STEPS: {
            char *end = NULL;
            errno = 0;
            long v = strtol(arg, &end, 10);
            if (errno || end == arg || *end || v < 2 || v > 100000000)
                return bad_option("--simulate-steps: '%s' is not a whole number of steps in "
                                  "[2, 100000000]",
                                  arg);
            a->simulate_steps = (int)v;
            break;
        }
        case 'q': a->quiet = 1; break;
        case 'h': usage(stdout); return 0;
        case 'V': printf("ringmap %s\n", RINGMAP_VERSION); return 0;
        default: /* cli/ring_opts.h */
            if ((code = rmi_cli_ring_other(c, arg, argv, &a->common, &a->opt, &a->ro, &a->input,
                                           &a->launch, bad_option)) >= 0)
                return code;
        }
    }
    if ((code = rmi_cli_sizes_check(&a->common.sz, bad_option)) >= 0)
        return code;
    if (a->all_shares && a->opt.network == RM_NETWORK_FAIR)
        return bad_option("--all-shares compares the reserved share methods (eq5, kinsol, "
                          "glpk) on the chosen ring: under --network fair the network shares "
                          "every link max-min fairly; use --network reserved with it");
    if ((code = rmi_cli_sizes_apply(&a->common.sz, &a->opt, bad_option)) >= 0)
        return code;
    if ((code = rmi_cli_input_operand(&a->input, argc, argv, &a->platform, &a->opt,
                                     bad_option)) >= 0)
        return code;
    return rmi_cli_launch_check(&a->launch,
                               (const char *[]){a->platform, a->input.speeds, a->input.lat_matrix}, 3,
                               a->common.json, a->common.dot, a->common.svg, bad_option); /* cli/outfile.h */
}


/* Run one heuristic and check the mapping's invariants; exit code or -1. */
static int run_heuristic(const rm_network *net, const rm_options *opt, rm_heuristic h,
                         int progress_lines, rm_mapping **out)
{
    rm_options o = *opt;
    o.heuristic = h;
    rm_cli_progress pr; /* cli/progress.h */
    rmi_cli_progress_init(&pr, "ringmap", progress_lines, net->platform->n_hosts);
    rmi_cli_progress_attach(&pr, &o, rmi_cli_heuristic_title(h));
    rm_error err = {RM_OK, ""};
    rm_status st = rm_map_network(net, &o, out, &err);
    rmi_cli_progress_done(&pr);
    if (st) {
        *out = NULL;
        if (err.status == RM_OK)
            err.status = st;
        return rmi_cli_lib_failure(&err);
    }
    if (rm_mapping_check(net, *out, MAP_CHECK_TOL, &err)) {
        fprintf(stderr, "ringmap: internal error: the %s mapping violates an invariant: %s\n",
                rmi_cli_heuristic_title(h), err.msg);
        rm_mapping_free(*out);
        *out = NULL;
        return 1;
    }
    const rm_mapping *m = *out;
    if (m->final_outcome == RM_FINAL_OUTCOME_FAILED || m->final_outcome == RM_FINAL_OUTCOME_NO_GAIN)
        /* never worse: the library kept the heuristic's shares */
        fprintf(stderr, "ringmap: note: the final solver (%s) %s; the heuristic's shares are kept "
                        "(T_step/D_w %.6g s/Mflop): %s\n",
                rmi_cli_final_solver_name(m->final_solver),
                m->final_outcome == RM_FINAL_OUTCOME_FAILED ? "failed" : "did not lower T_step",
                m->t_step_per_dw, m->final_message);
    else if (m->final_solver != RM_FINAL_NONE && !m->final_converged)
        fprintf(stderr,
                "ringmap: warning: the final solver (%s) stopped at its limit before its "
                "tolerance: T_step is its best point, certified within a relative gap of %.3g "
                "of the optimum of the shares (JSON final_gap)\n",
                rmi_cli_final_solver_name((*out)->final_solver), (*out)->final_gap);
    return -1;
}

/* --all-shares: the five share methods on the chosen ring (TPDS 2004 Figs
 * 13-14 and the real optimum); *m is replaced by its KINSOL-refined copy
 * (GLPK if KINSOL failed). Exit code or -1. */
static int all_shares(const rm_network *net, map_args *a, rm_mapping **m)
{
    rm_error err = {RM_OK, ""};
    rm_mapping *best = NULL;
    rm_status st = rmi_mapping_refinements(net, *m, a->ref_t, NULL, &best, &err);
    if (st)
        return rmi_cli_lib_failure(&err);
    if (!best) {
        fprintf(stderr, "ringmap: --all-shares: both the KINSOL and the GLPK solvers failed\n");
        return 1;
    }
    best->improve_stop = (*m)->improve_stop; /* --improve's record (same ring) */
    best->improve_moves = (*m)->improve_moves;
    best->improve_t_start = (*m)->improve_t_start;
    rm_mapping_free(*m);
    *m = best;
    return -1;
}

static void print_refinements(FILE *f, const map_args *a)
{
    if (!a->all_shares)
        return;
    fputs("\nShares of this ring and routes (T_step/D_w, s/Mflop; kinsol and glpk: the\n"
          "optimum of T_step, eq5: of eq. (5)'s surrogate):\n", f);
    for (int k = 0; k < RM_N_REFINE; k++)
        fprintf(f, " %-12s", rm_enum_name(RM_ENUM_SHARE_METHOD, k)); /* own, maxmin, ... */
    fputc('\n', f);
    for (int k = 0; k < RM_N_REFINE; k++) {
        if (isnan(a->ref_t[k]))
            fprintf(f, " %-12s", "failed");
        else
            fprintf(f, " %-12.7g", a->ref_t[k]);
    }
    fputc('\n', f);
}

/* The table (stdout) and the JSON of m[0] (with --heuristic both, the
 * document of m[0] and m[1], rm_mapping_write_json_extras); the launch
 * lines of m[hand]. Exit code. */
static int write_outputs(const rm_network *net, const map_args *a, rm_mapping *const m[],
                         int hand)
{
    int json_stdout = a->common.json && strcmp(a->common.json, "-") == 0;
    if (!a->quiet && !json_stdout && !rmi_cli_launch_stdout(&a->launch)) {
        if (a->both) {
            puts("== SharedRing (H2) ==");
            rm_mapping_print(stdout, net, m[0]);
            rmi_cli_print_absolute(stdout, &a->common.sz, m[0]);
            print_refinements(stdout, a);
            puts("\n== SliceRing (H1), made feasible by max-min fairness ==");
            rm_mapping_print(stdout, net, m[1]);
            rmi_cli_print_absolute(stdout, &a->common.sz, m[1]);
            puts("\n== SliceRing vs SharedRing (Legrand et al. 2004, Tables 3-4) ==");
            rmi_compare_print(stdout, m[1], m[0]);
        } else {
            rm_mapping_print(stdout, net, m[0]);
            rmi_cli_print_absolute(stdout, &a->common.sz, m[0]);
            print_refinements(stdout, a);
        }
        if (a->both)
            printf("\nHanded on: %s's ring (the lower T_step/D_w, rm_mapping_better_on)\n",
                   rmi_cli_heuristic_title(rmi_cli_both[hand]));
        rmi_cli_launch_print(stdout, &a->launch, net, m[hand]);
        if (fflush(stdout) != 0) {
            fprintf(stderr, "ringmap: cannot write the table to standard output\n");
            return 1;
        }
    }
    if (!a->common.json)
        return 0;
    /* the library's writer of the mapping document: --dc/--dw, --all-shares,
       --units and --heuristic both as its extras (output/output_json.c) */
    rm_json_extras x;
    rm_json_extras_init(&x);
    x.dw = a->common.sz.have_dc ? a->common.sz.dw : 0.0;
    x.share_methods = a->all_shares ? a->ref_t : NULL;
    x.units = a->launch.units > 0 ? a->launch.units : 0;
    x.both_slice = a->both ? m[1] : NULL;
    return rmi_cli_write_mapping_json(a->common.json, net, &a->opt, m[0], &x, rmi_cli_lib_failure);
}

int rmi_cmd_map(int argc, char **argv)
{
    map_args a;
    int code = parse_args(argc, argv, &a);
    if (code >= 0)
        return code;
    rm_platform *p;
    rm_network net;
    if ((code = rmi_cli_input_load(&a.input, a.platform, &a.ro, &a.opt, &p, &net)) >= 0)
        return code;
    /* --routing widest on a SimGrid platform (the default, RM_ROUTING_AUTO, is
       SimGrid's own routes: rm_routing_resolve) */
    int sg_widest = rm_platform_fixes_routes(p) && a.opt.routing == RM_ROUTING_WIDEST;
    if (sg_widest)
        rmi_cli_sg_widest_notice(p);
    /* m[0]: the mapping (with --heuristic both, rmi_cli_both's: SharedRing's,
       then SliceRing's in m[1], each through the library's pipeline); the
       launch files and pictures are m[hand]'s: the better one by the
       library's rule (rm_mapping_better_on, as RM_HEUR_BOTH hands on) */
    rm_mapping *m[RM_CLI_N_BOTH] = {NULL};
    int n = a.both ? RM_CLI_N_BOTH : 1;
    /* unless --no-simulate: the library's SimGrid pick of the final
       candidates under --overlap where rm_mapping_judge's policy applies
       (rm_options.simulate_file), under the judge's default budget */
    a.opt.simulate_file = a.simulate != 0 && a.platform ? a.platform : NULL;
    code = rmi_cli_launch_apply_labels(&a.launch, p);
    for (int i = 0; i < n && code < 0; i++)
        code = run_heuristic(&net, &a.opt, a.both ? rmi_cli_both[i] : a.opt.heuristic,
                             a.progress_lines, &m[i]);
    for (int i = 0; i < n && code < 0 && sg_widest; i++)
        code = rmi_cli_sg_widest_check(&net, m[i]);
    if (code < 0 && a.all_shares)
        code = all_shares(&net, &a, &m[0]);
    int hand = code < 0 && a.both ? rm_mapping_better_on(&net, m[0], m[1]) : 0;
    if (code < 0 && a.simulate) { /* SimGrid's own run of the mapping handed on:
                                     the library's policy (rm_mapping_judge) */
        rm_simulate_options so;
        memset(&so, 0, sizeof so);
        so.columns = a.opt.columns;
        so.steps = a.simulate_steps;
        rm_error err = {RM_OK, ""};
        if (rm_mapping_judge(&net, m[hand], &a.opt, a.platform ? a.platform : "", &so,
                             a.simulate > 0, &err))
            code = rmi_cli_lib_failure(&err);
        else if (err.status)
            fprintf(stderr, "ringmap: note: not simulated, the model's T_step printed: %s\n",
                    err.msg);
    }
    if (code < 0)
        code = rmi_cli_launch_prepare(&a.launch, &net, m[hand],
                                      a.both ? rmi_cli_heuristic_title(rmi_cli_both[hand]) : NULL);
    /* every output file appears only if all were written (cli/outfile.h) */
    rmi_out_batch_begin();
    if (code < 0)
        code = write_outputs(&net, &a, m, hand);
    if (code == 0)
        code = rmi_cli_launch_write(&a.launch, &net, m[hand]);
    if (code == 0)
        code = rmi_cli_write_pictures(&net, m[hand], a.common.dot, a.common.svg);
    int bc = rmi_out_batch_end(code == 0);
    if (code == 0)
        code = bc;
    rmi_cli_launch_free(&a.launch);
    for (int i = 0; i < n; i++)
        rm_mapping_free(m[i]);
    rm_network_destroy(&net);
    rm_platform_free(p);
    return code;
}
