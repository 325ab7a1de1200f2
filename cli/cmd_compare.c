/*
 * cmd_compare.c — `ringmap compare PLATFORM --dc-dw R1,R2,...`: for each
 * ratio D_c/D_w, Tables 3–4 of Legrand, Renard, Robert, Vivien, "Mapping and
 * Load-Balancing Iterative Computations", IEEE TPDS 2004 (SliceRing made
 * feasible by max-min vs SharedRing, ring sizes, improvement in percent)
 * and SharedRing's variants (Figs 13–14): its sharing policy during the
 * greedy (greedy, maxmin, eq5 — eq. (5)'s surrogate) and the final solver
 * on the greedy's ring (greedy_kinsol, greedy_glpk: the optimum of T_step
 * for THAT ring, so a variant that builds another ring may beat it). Text
 * table on stdout, JSON with --json. SliceRing and SharedRing are valued
 * under the chosen network model (--network, --paper); the variants are
 * reservations, valued under the reserved model.
 */
#include "cli/commands.h"
#include "cli/input.h"
#include "cli/options.h"
#include "cli/progress.h"
#include "output/output.h"
#include "ring/refine.h"
#include "ringmap.h"

#include <getopt.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#define MAX_RATIOS 64

/* SharedRing's variants compared: sharing policy during the greedy, final
 * solver on its ring; their names (JSON keys and table columns). */
#define N_REF 5
static const struct {
    const char *name;
    rm_sharing sharing;
    rm_final_solver final;
} variants[N_REF] = {{"greedy", RM_SHARING_GREEDY, RM_FINAL_NONE},
                     {"maxmin", RM_SHARING_MAXMIN, RM_FINAL_NONE},
                     {"eq5", RM_SHARING_EQ5, RM_FINAL_NONE},
                     {"greedy_kinsol", RM_SHARING_GREEDY, RM_FINAL_KINSOL},
                     {"greedy_glpk", RM_SHARING_GREEDY, RM_FINAL_GLPK}};

static void usage(FILE *f)
{
    fputs("Usage: ringmap compare PLATFORM [--dc-dw R1,R2,...] [options]\n"
          "\n"
          "For each ratio D_c/D_w (Mb/Mflop), prints Tables 3-4 of Legrand, Renard,\n"
          "Robert, Vivien, \"Mapping and Load-Balancing Iterative Computations\" (IEEE\n"
          "TPDS 2004): T_step/D_w (s/Mflop) of SliceRing's ring made feasible by max-min\n"
          "fairness on the real shared network, SliceRing's own fully-connected estimate,\n"
          "SharedRing, their ring sizes and the improvement (T_slice - T_shared)/T_slice\n"
          "in percent; then SharedRing's T_step/D_w (ring size) with each sharing policy\n"
          "during the greedy (greedy: the greedy's own shares; maxmin: max-min fairness;\n"
          "eq5: the optimum of eq. (5)'s surrogate, which ignores alpha >= 0) and with a\n"
          "final solver on the greedy's ring (greedy_kinsol, greedy_glpk: the optimum of\n"
          "T_step for that ring and its routes, alphas >= 0, by KINSOL and by GLPK; a\n"
          "sharing policy that leads to another ring can beat it).\n"
          "\n"
          "Options:\n"
          "  --dc-dw LIST          comma-separated ratios, each finite >= 0\n"
          "                        (default 0.64,0.064,0.0064,0.00064)\n"
          "  --duplex D            half (default) | full\n",
          f);
    rmi_cli_network_help(f); /* --network, --paper */
    fputs("                        (the SharedRing variants' columns are reservations:\n"
          "                        always valued under --network reserved)\n"
          "  --max-q N             largest ring size tried (0 = all hosts, default)\n"
          "  --host-w W            cycle-time (s/Mflop, > 0) for nodes without w/speed\n"
          "  --default-bandwidth B bandwidth (Mb/s, > 0) for links that have none\n"
          "  --json FILE           also write the results as JSON ('-': stdout, no table)\n",
        f);
    rmi_cli_input_help(f);
    fputs(
          "  --threads N           threads of the heuristics (0 = all cores, default)\n"
          "  --progress            progress lines on standard error even when it is not\n"
          "                        a terminal (on a terminal: from 50 hosts)\n"
          "  -h, --help            this help\n"
          "Exit status: 0 success, 2 bad input or option, 1 internal failure.\n",
          f);
}

/* Report a bad option or argument on stderr; returns exit code 2. */
RM_CLI_DEFINE_REPORTER(bad_option, "ringmap compare: ", "ringmap compare --help")

/* --progress (cli/progress.h): lines even when stderr is not a terminal */
static int compare_progress_lines;

static int run_one(const rm_network *net, rm_options *opt, rm_mapping **m, rm_error *err)
{
    rm_cli_progress pr;
    rmi_cli_progress_init(&pr, "ringmap compare", compare_progress_lines, net->platform->n_hosts);
    rm_options o = *opt;
    o.improve = 0; /* the heuristics themselves (Legrand et al. 2004 Tables 3-4), no search */
    rmi_cli_progress_attach(&pr, &o, rmi_cli_heuristic_title(opt->heuristic));
    rm_status st = rm_map_network(net, &o, m, err);
    rmi_cli_progress_done(&pr);
    if (st == RM_OK && (st = rm_mapping_check(net, *m, 1e-9, err)) != RM_OK) {
        rm_mapping_free(*m);
        *m = NULL;
    }
    return st;
}

int rmi_cmd_compare(int argc, char **argv)
{
    double ratios[MAX_RATIOS] = {0.64, 0.064, 0.0064, 0.00064};
    int n_ratios = 4;
    rm_options base;
    rm_read_options ro;
    rm_read_options_init(&ro);
    const char *json_path = NULL;
    static const struct option longopts[] = {
        {"dc-dw", required_argument, NULL, 'r'},   {"duplex", required_argument, NULL, 'd'},
        {"max-q", required_argument, NULL, 'm'},   {"host-w", required_argument, NULL, 'w'},
        {"default-bandwidth", required_argument, NULL, 'b'},
        {"json", required_argument, NULL, 'j'},    {"help", no_argument, NULL, 'h'},
        {"threads", required_argument, NULL, 't'}, {"progress", no_argument, NULL, 'P'},
        {"network", required_argument, NULL, 'n'}, {"overlap", optional_argument, NULL, 'n'}, {"paper", no_argument, NULL, 'p'},
        RM_CLI_INPUT_LONGOPTS,
        {NULL, 0, NULL, 0}};
    rm_cli_input input;
    memset(&input, 0, sizeof input);
    /* --paper: the paper's setup as the base, the explicit options on top */
    rmi_cli_options_base(argc, argv, ":h", longopts, 'p', &base);
    optind = 0; /* a full restart after rmi_cli_options_base's pass */
    opterr = 0;
    int c, code, li = 0;
    while ((c = getopt_long(argc, argv, ":h", longopts, &li)) != -1) {
        switch (c) {
        case 'r':
            /* a ratio may be given twice here: its row is printed twice */
            if ((code = rmi_cli_opt_ratio_list(optarg, ratios, MAX_RATIOS, &n_ratios, 0,
                                              bad_option)) >= 0)
                return code;
            break;
        case 'd': /* the options map, sweep and compare share */
        case 'm':
        case 'w':
        case 'b':
        case 't':
        case 'n':
            if ((code = rmi_cli_opt_common(longopts[li].name, optarg, &base, &ro,
                                          bad_option)) >= 0)
                return code;
            break;
        case 'p': break; /* the base options (rmi_cli_options_base) */
        case 'j': json_path = optarg; break;
        case 'P': compare_progress_lines = 1; break;
        case 'h': usage(stdout); return 0;
        default:
            if (RM_CLI_IS_INPUT_OPT(c)) {
                if ((code = rmi_cli_input_opt(&input, c, optarg, bad_option)) >= 0)
                    return code;
                break;
            }
            return rmi_cli_getopt_error(c, argv, bad_option);
        }
    }
    const char *platform = NULL;
    if ((code = rmi_cli_input_operand(&input, argc, argv, &platform, &base, bad_option)) >= 0)
        return code;
    rm_platform *p;
    rm_error err = {0};
    rm_network net;
    if ((code = rmi_cli_input_load(&input, platform, &ro, &base, &p, &net)) >= 0)
        return code;
    rm_status st = RM_OK;
    int to_stdout = json_path && !strcmp(json_path, "-");
    json_t *jroot = json_object(), *jrows = json_array();
    json_object_set_new(jroot, "ringmap_version", json_string(RINGMAP_VERSION));
    json_object_set_new(jroot, "platform", rmi_json_text(p->name));
    json_object_set_new(jroot, "rows", jrows);
    /* SliceRing and SharedRing under the chosen network model; SharedRing's
       variants (sharing policies, final solvers) are reservations: valued
       under the reserved model whatever the choice */
    json_object_set_new(jroot, "network", json_string(rm_enum_name(RM_ENUM_NETWORK, base.network)));
    json_object_set_new(jroot, "variants_network",
                        json_string(rm_enum_name(RM_ENUM_NETWORK, RM_NETWORK_RESERVED)));
    if (!to_stdout) {
        printf("platform %s: %d hosts, %d routers, %d links; %s duplex\n", p->name, p->n_hosts,
               rm_platform_routers(p), p->n_links, rmi_cli_duplex_name(base.duplex));
        printf("network: %s; SharedRing's variants (the last %d columns): reserved\n\n",
               rmi_cli_network_title(base.network), N_REF);
        printf("%-9s %-20s %-20s %-20s %-13s", "D_c/D_w", "H1 SliceRing (q)", "H1 unshared (q)",
               "H2 SharedRing (q)", "improvement");
        for (int k = 0; k < N_REF; k++)
            printf(" %-20s", variants[k].name);
        printf("\n");
    }
    int rc = 0;
    for (int r = 0; r < n_ratios && !rc; r++) {
        rm_options opt = base;
        opt.cost.dc_dw = ratios[r];
        /* the pair of --heuristic both (cli/options.h): SliceRing made
           feasible by max-min, then SharedRing's variants */
        rm_mapping *slice = NULL, *shared[N_REF] = {NULL};
        opt.heuristic = rmi_cli_both[1];
        opt.make_feasible = RM_SHARING_MAXMIN;
        if ((st = run_one(&net, &opt, &slice, &err))) {
            fprintf(stderr, "ringmap compare: %s at D_c/D_w = %g: %s\n",
                    rmi_cli_heuristic_title(opt.heuristic), ratios[r], err.msg);
            rc = rm_status_exit_code(st);
            break;
        }
        opt.heuristic = rmi_cli_both[0];
        rm_mapping *shared_net = NULL; /* SharedRing under a fair base */
        if (base.network != RM_NETWORK_RESERVED &&
            (st = run_one(&net, &opt, &shared_net, &err))) {
            fprintf(stderr, "ringmap compare: %s at D_c/D_w = %g: %s\n",
                    rmi_cli_heuristic_title(opt.heuristic), ratios[r], err.msg);
            rc = rm_status_exit_code(st);
            rm_mapping_free(slice);
            break;
        }
        opt.network = RM_NETWORK_RESERVED; /* the variants are reservations */
        for (int k = 0; k < N_REF && !rc; k++) {
            opt.sharing = variants[k].sharing;
            opt.final_solver = variants[k].final;
            if ((st = run_one(&net, &opt, &shared[k], &err))) {
                fprintf(stderr, "ringmap compare: %s (%s) at D_c/D_w = %g: %s\n",
                        rmi_cli_heuristic_title(opt.heuristic), variants[k].name, ratios[r],
                        err.msg);
                rc = rm_status_exit_code(st);
            }
        }
        if (!rc) {
            const rm_mapping *sh = shared_net ? shared_net : shared[0];
            double impr = rmi_improvement_percent(slice->t_step_per_dw, sh->t_step_per_dw);
            if (!to_stdout) {
                char a[64], b[64], d[64];
                snprintf(a, sizeof a, "%.6g (%d)", slice->t_step_per_dw, slice->q);
                snprintf(b, sizeof b, "%.6g (%d)", slice->t_step_per_dw_unshared, slice->q);
                snprintf(d, sizeof d, "%.6g (%d)", sh->t_step_per_dw, sh->q);
                printf("%-9g %-20s %-20s %-20s %10.2f%%  ", ratios[r], a, b, d, impr);
                for (int k = 0; k < N_REF; k++) {
                    snprintf(a, sizeof a, "%.6g (%d)", shared[k]->t_step_per_dw, shared[k]->q);
                    printf(" %-20s", a);
                }
                printf("\n");
            }
            json_t *row = json_object(), *jref = json_object();
            json_object_set_new(row, "dc_dw", json_real(ratios[r]));
            json_object_set_new(row, "slice", json_pack("{s:f,s:f,s:i}", "t_step_per_dw",
                                                        slice->t_step_per_dw, "t_step_per_dw_unshared",
                                                        slice->t_step_per_dw_unshared, "q", slice->q));
            json_object_set_new(row, "shared", json_pack("{s:f,s:i}", "t_step_per_dw",
                                                         sh->t_step_per_dw, "q", sh->q));
            json_object_set_new(row, "improvement_percent", json_real(impr));
            for (int k = 0; k < N_REF; k++)
                json_object_set_new(jref, variants[k].name,
                                    json_pack("{s:f,s:i}", "t_step_per_dw", shared[k]->t_step_per_dw,
                                              "q", shared[k]->q));
            json_object_set_new(row, "shared_variants", jref);
            json_array_append_new(jrows, row);
        }
        rm_mapping_free(slice);
        rm_mapping_free(shared_net);
        for (int k = 0; k < N_REF; k++)
            rm_mapping_free(shared[k]);
    }
    if (!rc && json_path) {
        FILE *f = to_stdout ? stdout : fopen(json_path, "w");
        if (!f) {
            fprintf(stderr, "ringmap compare: cannot write %s\n", json_path);
            rc = 2;
        } else {
            if ((st = rmi_json_write(f, jroot, &err))) {
                fprintf(stderr, "ringmap compare: %s\n", err.msg);
                rc = 1;
            }
            if (!to_stdout)
                fclose(f);
        }
    }
    json_decref(jroot);
    rm_network_destroy(&net);
    rm_platform_free(p);
    return rc;
}
