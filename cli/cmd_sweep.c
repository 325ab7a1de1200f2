/*
 * cmd_sweep.c — `ringmap sweep PLATFORM --dc-dw R1,R2,...`: the curves of
 * Legrand, Renard, Robert, Vivien, "Mapping and Load-Balancing Iterative
 * Computations" (IEEE TPDS 2004) §5 for a platform. For each ratio D_c/D_w,
 * each heuristic (SharedRing §4.4, SliceRing §5.2.2) and each sharing policy
 * (greedy, maxmin, eq5; §4.4.3; SliceRing: its make-feasible step, greedy
 * meaning its default maxmin), one run of the heuristic, which grows
 * the ring one host at a time and keeps the best T_step/D_w for every ring
 * size (rm_mapping.sweep_t: the "bath tub" of Figs 7–12); the size it
 * returns is the optimal ring size (Figs 5–6); the best T_step/D_w per
 * sharing policy gives Figs 13–14. Output: a summary table on stdout, the
 * curves as CSV (--csv) and JSON (--json), and a gnuplot script and picture
 * (--plot). Formats are documented in docs/plots.md.
 */
#define _DEFAULT_SOURCE /* mkstemps, fdopen, posix_spawn, isatty */
#include "cli/commands.h"
#include "cli/input.h"
#include "cli/options.h"
#include "cli/progress.h"
#include "cli/outfile.h"
#include "topo/text.h"
#include "output/output.h"
#include "ringmap.h"

#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define SWEEP_MAX_RATIOS 64
#define SWEEP_CHECK_TOL 1e-9

/* The sharing policies swept: the library's names of rm_sharing (greedy,
 * maxmin, eq5: rm_enum_entries); a run's index r is its rm_sharing value. */
#define N_REF 3

static const char *ref_name(int r)
{
    return rmi_cli_sharing_name((rm_sharing)r);
}

/* One run: heuristic h, refinement, ratio index; its mapping. */
typedef struct sweep_run {
    rm_heuristic h;
    int ref; /* the rm_sharing value */
    int k;   /* index into the ratios */
    rm_mapping *m;
} sweep_run;

typedef struct sweep_args {
    const char *platform;
    rm_options opt; /* duplex, max_q; dc_dw/heuristic/sharing set per run */
    rm_read_options ro;
    int n_ratios;
    double ratios[SWEEP_MAX_RATIOS];
    int n_heur;
    rm_heuristic heur[RM_CLI_N_BOTH];
    int n_ref;
    int refs[N_REF];
    const char *csv, *json, *plot;
    int quiet;
    int progress_lines; /* --progress */
    rm_cli_input input; /* --format, standard input, --bandwidth-matrix */
} sweep_args;

static void usage(FILE *f)
{
    fputs(
        "Usage: ringmap sweep PLATFORM [options]\n"
        "\n"
        "For each ratio D_c/D_w (Mb/Mflop), each heuristic and each sharing policy,\n"
        "grow the ring one host at a time and record the best T_step/D_w\n"
        "(s/Mflop) for every ring size: the 'bath tub' curves of Legrand, Renard,\n"
        "Robert, Vivien, \"Mapping and Load-Balancing Iterative Computations\" (IEEE\n"
        "TPDS 2004) Figs 7-12, the optimal ring size per ratio (Figs 5-6) and the\n"
        "effect of the sharing policy on the best T_step/D_w (Figs 13-14).\n"
        "\n"
        "Options:\n"
        "  --dc-dw LIST          comma-separated distinct ratios, each finite >= 0, at\n"
        "                        most 64 (default 0.64,0.064,0.0064,0.00064)\n",
        f);
    fputs("  --heuristic H         ", f);
    rmi_cli_heuristic_list(f, 1); /* the greedy heuristics and both (cli/options.c) */
    fputs(
        "\n"
        "  --sharing LIST        comma-separated sharing policies among greedy, maxmin,\n"
        "                        eq5 (default: all three; see ringmap --help); the\n"
        "                        curves of the plot use the first one. SliceRing runs\n"
        "                        use it as their make-feasible step (greedy: maxmin,\n"
        "                        its default)\n"
        "  --refine LIST         old spelling of --sharing (none = greedy, optimal =\n"
        "                        eq5), kept with a note on stderr\n"
        "  --duplex D            half (default) or full\n",
        f);
    rmi_cli_network_help(f); /* --network, --paper (cli/options.c) */
    fputs("                        (under fair, --sharing only guides SharedRing's\n"
        "                        construction: every ring size is valued with max-min\n"
        "                        shares; SliceRing is made feasible by max-min)\n"
        "  --max-q N             largest ring size tried (0 = all hosts, default)\n"
        "  --full-curve          the curves up to --max-q; without it a curve ends where\n"
        "                        a lower bound proves that no larger ring can beat its\n"
        "                        best (the best ring and T_step are the same)\n"
        "  --threads N           threads of the heuristics (0 = all cores, default)\n"
        "  --progress            progress lines on standard error even when it is not\n"
        "                        a terminal\n"
        "  --host-w W            cycle-time in s/Mflop (> 0) given to every node without\n"
        "                        w/speed (default: such nodes are routers)\n"
        "  --default-bandwidth B bandwidth in Mb/s (> 0) for links that have none\n"
        "  --csv FILE            write the curves as CSV ('-': standard output)\n"
        "  --json FILE           write the curves as JSON ('-': standard output)\n",
        f);
    rmi_cli_input_help(f);
    fputs(
        "  --plot FILE           draw the curves with gnuplot into FILE (.png, .svg or\n"
        "                        .pdf); the gnuplot script is written next to it as\n"
        "                        FILE with extension .gp. Without gnuplot (Debian\n"
        "                        gnuplot-nox) only the script is written\n"
        "  -q, --quiet           do not print the summary table\n"
        "  -h, --help            print this help and exit\n"
        "\n"
        "Progress is shown on standard error when it is a terminal (--progress:\n"
        "always). Exit status: 0 success; 2 bad input (platform, option, ratio list); 1 internal failure.\n",
        f);
}

/* Report a bad option or argument on stderr; returns exit code 2. */
RM_CLI_DEFINE_REPORTER(bad_option, "ringmap: sweep: ", "ringmap sweep --help")

/* --sharing LIST, or with old = 1 its old spelling --refine LIST (none,
 * maxmin, optimal: a note on stderr). */
static int parse_refines(const char *s, sweep_args *a, int old)
{
    static const rm_cli_name old_names[N_REF] = {
        {"none", RM_SHARING_GREEDY}, {"maxmin", RM_SHARING_MAXMIN}, {"optimal", RM_SHARING_EQ5}};
    const char *opt = old ? "--refine" : "--sharing";
    a->n_ref = 0;
    const char *p = s;
    if (!*p)
        return bad_option("%s: empty list", opt);
    for (;;) {
        const char *comma = strchr(p, ',');
        size_t len = comma ? (size_t)(comma - p) : strlen(p);
        int found = rmi_cli_name_find(old ? old_names : rm_enum_entries(RM_ENUM_SHARING, NULL),
                                     N_REF, p, len);
        if (found < 0)
            return bad_option(old ? "--refine: expected a list of none, maxmin, optimal, got '%s'"
                                  : "--sharing: expected a list of greedy, maxmin, eq5, got '%s'",
                              s);
        for (int i = 0; i < a->n_ref; i++)
            if (a->refs[i] == found)
                return bad_option("%s: '%.*s' given twice", opt, (int)len, p);
        a->refs[a->n_ref++] = found;
        if (!comma)
            break;
        p = comma + 1;
    }
    return -1;
}

enum {
    OPT_DCDW = 256,
    OPT_HEUR,
    OPT_REFINE,
    OPT_SHARING,
    OPT_DUPLEX,
    OPT_MAXQ,
    OPT_HOSTW,
    OPT_DEFBW,
    OPT_CSV,
    OPT_JSON,
    OPT_PLOT,
    OPT_FULLCURVE,
    OPT_PROGRESS,
    OPT_THREADS,
    OPT_NETWORK,
    OPT_PAPER
};

static const char *extension(const char *path)
{
    const char *slash = strrchr(path, '/');
    const char *dot = strrchr(path, '.');
    return dot && (!slash || dot > slash) ? dot : NULL;
}

/* The gnuplot script written beside picture path: its extension replaced
 * by .gp (a new string, NULL: out of memory). */
static char *script_path(const char *plot)
{
    const char *ext = extension(plot);
    size_t base = ext ? (size_t)(ext - plot) : strlen(plot);
    char *script = malloc(base + 4);
    if (script) {
        memcpy(script, plot, base);
        strcpy(script + base, ".gp");
    }
    return script;
}

static int parse_args(int argc, char **argv, sweep_args *a)
{
    static const struct option longopts[] = {
        {"dc-dw", required_argument, NULL, OPT_DCDW},
        {"heuristic", required_argument, NULL, OPT_HEUR},
        {"refine", required_argument, NULL, OPT_REFINE},
        {"sharing", required_argument, NULL, OPT_SHARING},
        {"duplex", required_argument, NULL, OPT_DUPLEX},
        {"max-q", required_argument, NULL, OPT_MAXQ},
        {"host-w", required_argument, NULL, OPT_HOSTW},
        {"default-bandwidth", required_argument, NULL, OPT_DEFBW},
        {"csv", required_argument, NULL, OPT_CSV},
        {"json", required_argument, NULL, OPT_JSON},
        {"plot", required_argument, NULL, OPT_PLOT},
        {"full-curve", no_argument, NULL, OPT_FULLCURVE},
        {"progress", no_argument, NULL, OPT_PROGRESS},
        {"threads", required_argument, NULL, OPT_THREADS},
        {"network", required_argument, NULL, OPT_NETWORK},
        {"overlap", optional_argument, NULL, OPT_NETWORK}, /* rmi_cli_opt_common */
        {"paper", no_argument, NULL, OPT_PAPER},
        {"quiet", no_argument, NULL, 'q'},
        {"help", no_argument, NULL, 'h'},
        RM_CLI_INPUT_LONGOPTS,
        {NULL, 0, NULL, 0}};
    memset(a, 0, sizeof *a);
    /* --paper: the paper's setup as the base, the explicit options on top */
    rmi_cli_options_base(argc, argv, ":qh", longopts, OPT_PAPER, &a->opt);
    rm_read_options_init(&a->ro);
    static const double def_ratios[] = {0.64, 0.064, 0.0064, 0.00064};
    a->n_ratios = 4;
    memcpy(a->ratios, def_ratios, sizeof def_ratios);
    a->n_heur = 1;
    /* rm_options_init's, or SharedRing when it is the pipeline of both (a
       sweep draws each heuristic's own curve: --heuristic both for the two) */
    a->heur[0] = a->opt.heuristic == RM_HEUR_BOTH ? RM_HEUR_SHARED : a->opt.heuristic;
    a->n_ref = N_REF;
    for (int r = 0; r < N_REF; r++)
        a->refs[r] = r;
    opterr = 0;
    optind = 0; /* a full restart after rmi_cli_options_base's pass */
    int c, code, li = 0;
    while ((c = getopt_long(argc, argv, ":qh", longopts, &li)) != -1) {
        const char *arg = optarg;
        switch (c) {
        case OPT_DCDW:
            if ((code = rmi_cli_opt_ratio_list(arg, a->ratios, SWEEP_MAX_RATIOS, &a->n_ratios, 1,
                                              bad_option)) >= 0)
                return code;
            break;
        case OPT_HEUR: {
            /* the greedy heuristics (their curves per ring size) or both */
            int both;
            if ((code = rmi_cli_opt_heuristic(arg, 1, &a->heur[0], &both, bad_option)) >= 0)
                return code;
            a->n_heur = both ? RM_CLI_N_BOTH : 1;
            for (int h = 0; both && h < RM_CLI_N_BOTH; h++)
                a->heur[h] = rmi_cli_both[h];
            break;
        }
        case OPT_REFINE:
        case OPT_SHARING:
            if ((code = parse_refines(arg, a, c == OPT_REFINE)) >= 0)
                return code;
            if (c == OPT_REFINE)
                fprintf(stderr, "ringmap: note: --refine LIST is an old spelling of --sharing "
                                "LIST (none = greedy, optimal = eq5)\n");
            break;
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
        case OPT_THREADS:
        case OPT_NETWORK:
            if ((code = rmi_cli_opt_common(longopts[li].name, arg, &a->opt, &a->ro, bad_option)) >= 0)
                return code;
            break;
        case OPT_PAPER: break; /* the base options (rmi_cli_options_base) */
        case OPT_CSV:
            if (!*arg)
                return bad_option("--csv: expected a file name or '-'");
            a->csv = arg;
            break;
        case OPT_JSON:
            if (!*arg)
                return bad_option("--json: expected a file name or '-'");
            a->json = arg;
            break;
        case OPT_PLOT: {
            const char *e = extension(arg);
            if (!e || (strcmp(e, ".png") && strcmp(e, ".svg") && strcmp(e, ".pdf")))
                return bad_option("--plot: expected a file name ending in .png, .svg or .pdf, "
                                  "got '%s'",
                                  arg);
            a->plot = arg;
            break;
        }
        case 'q': a->quiet = 1; break;
        case 'h': usage(stdout); return 0;
        default:
            if (RM_CLI_IS_INPUT_OPT(c)) {
                if ((code = rmi_cli_input_opt(&a->input, c, arg, bad_option)) >= 0)
                    return code;
                break;
            }
            return rmi_cli_getopt_error(c, argv, bad_option);
        }
    }
    if (a->csv && a->json && strcmp(a->csv, "-") == 0 && strcmp(a->json, "-") == 0)
        return bad_option("--csv - and --json - cannot both write to standard output");
    if ((code = rmi_cli_input_operand(&a->input, argc, argv, &a->platform, &a->opt,
                                     bad_option)) >= 0)
        return code;
    /* the outputs, before any computation (cli/outfile.h); --plot also writes FILE.gp */
    char *script = a->plot ? script_path(a->plot) : NULL;
    if (a->plot && !script)
        return bad_option("out of memory");
    code = rmi_out_check_all((const char *[]){a->platform, a->input.speeds, a->input.lat_matrix}, 3,
                            (const char *[]){"--csv", "--json", "--plot", "--plot (script)"},
                            (const char *[]){a->csv, a->json, a->plot, script}, 4);
    free(script);
    return code;
}


static const char *heur_name(rm_heuristic h)
{
    return rmi_cli_heuristic_name(h);
}

/* Heuristic h chooses its ring on the unshared model, then makes it
 * feasible (SliceRing): its runs record the make-feasible step and the
 * unshared estimate. */
static int heur_unshared(rm_heuristic h)
{
    const rm_heuristic_info *info = rm_heuristic_lookup(h);
    return info && (info->honours & RM_HONOURS_MAKE_FEASIBLE);
}

/* Run (and check) every heuristic x refinement x ratio; exit code or -1. */
static int run_all(const rm_network *net, const sweep_args *a, sweep_run *runs, int n_runs)
{
    rm_cli_progress pr; /* cli/progress.h: the run, then the ring sizes */
    rmi_cli_progress_init(&pr, "ringmap sweep", a->progress_lines, net->platform->n_hosts);
    for (int i = 0; i < n_runs; i++) {
        sweep_run *r = &runs[i];
        rm_options o = a->opt;
        o.cost.dc_dw = a->ratios[r->k];
        o.heuristic = r->h;
        o.improve = 0; /* the heuristic alone: its curve */
        o.sharing = (rm_sharing)r->ref;
        /* under the fair network model SliceRing's ring is made feasible by
           max-min whatever the policy (eq. (5)'s shares are a reservation);
           SharedRing's policy guides its construction, every size valued
           under max-min */
        o.make_feasible = r->ref == RM_SHARING_EQ5 && o.network == RM_NETWORK_RESERVED
                              ? RM_SHARING_EQ5
                              : RM_SHARING_MAXMIN;
        char what[128];
        snprintf(what, sizeof what, "run %d/%d (%s, sharing %s, D_c/D_w = %g)", i + 1, n_runs,
                 heur_name(r->h), ref_name(r->ref), o.cost.dc_dw);
        rmi_cli_progress_note(&pr, "%s", what);
        rmi_cli_progress_attach(&pr, &o, what);
        rm_error err = {RM_OK, ""};
        /* the heuristic alone: no final solver, no --improve in a sweep */
        rm_status st = rm_map_network(net, &o, &r->m, &err);
        if (st) {
            r->m = NULL;
            rmi_cli_progress_done(&pr);
            if (err.status == RM_OK)
                err.status = st;
            return rmi_cli_lib_failure(&err);
        }
        if (rm_mapping_check(net, r->m, SWEEP_CHECK_TOL, &err)) {
            rmi_cli_progress_done(&pr);
            fprintf(stderr,
                    "ringmap: internal error: the %s mapping (sharing %s, D_c/D_w = %g) violates "
                    "an invariant: %s\n",
                    heur_name(r->h), ref_name(r->ref), o.cost.dc_dw, err.msg);
            return 1;
        }
    }
    if (pr.mode == 1 && pr.shown)
        fputs("\r\033[K", stderr);
    return -1;
}

/* The run of (heuristic index hi, refinement index ri, ratio k). */
static sweep_run *find_run(sweep_run *runs, int n_runs, rm_heuristic h, int ref, int k)
{
    for (int i = 0; i < n_runs; i++)
        if (runs[i].h == h && runs[i].ref == ref && runs[i].k == k)
            return &runs[i];
    return NULL;
}

static void print_summary(FILE *f, const rm_platform *p, const sweep_args *a, sweep_run *runs,
                          int n_runs)
{
    fprintf(f, "%s: %d hosts, %d routers, %d links; %s duplex\n", p->name ? p->name : "platform",
            p->n_hosts, rm_platform_routers(p), p->n_links,
            rmi_cli_duplex_name(a->opt.duplex));
    fprintf(f, "network: %s\n", rmi_cli_network_title(a->opt.network));
    fprintf(f, "%-9s %-12s %-8s %6s %14s %14s %9s\n", "heuristic", "D_c/D_w", "sharing", "best q",
            "T_step/D_w", "unshared est.", "vs none");
    for (int i = 0; i < n_runs; i++) {
        const sweep_run *r = &runs[i];
        const rm_mapping *m = r->m;
        fprintf(f, "%-9s %-12.6g %-8s %6d %14.6g ", heur_name(r->h), a->ratios[r->k],
                ref_name(r->ref), m->q, m->t_step_per_dw);
        if (isfinite(m->t_step_per_dw_unshared))
            fprintf(f, "%14.6g ", m->t_step_per_dw_unshared);
        else
            fprintf(f, "%14s ", "-");
        const sweep_run *none = find_run(runs, n_runs, r->h, 0, r->k);
        if (none && r->ref != 0)
            fprintf(f, "%+8.3f%%\n",
                    100 * (none->m->t_step_per_dw - m->t_step_per_dw) / none->m->t_step_per_dw);
        else
            fprintf(f, "%9s\n", "-");
    }
    fputs("(T_step/D_w in s/Mflop; 'vs none' = (T_none - T)/T_none, positive = faster; full "
          "curves: --csv, --json, --plot)\n",
          f);
}

/* What the writers of sweep's outputs read (rmi_out_write's ctx). */
typedef struct sweep_out {
    const rm_platform *p;
    const sweep_args *a;
    sweep_run *runs;
    int n_runs;
    json_t *j; /* --json: the document */
} sweep_out;

/* x with the fewest significant digits (15..17) that read back as x. */
static const char *num(char buf[32], double x)
{
    for (int prec = 15; prec <= 17; prec++) {
        snprintf(buf, 32, "%.*g", prec, x);
        if (strtod(buf, NULL) == x)
            break;
    }
    return buf;
}

/* CSV: one row per (heuristic, sharing, ratio, ring size tried). */
static int csv_writer(FILE *f, const void *ctx, rm_error *err)
{
    const sweep_out *c = ctx;
    const sweep_args *a = c->a;
    const sweep_run *runs = c->runs;
    int n_runs = c->n_runs;
    (void)err; /* write errors: rmi_out_commit */
    fputs("heuristic,sharing,dc_dw,q,t_step_per_dw,t_step_per_dw_unshared,best_q,"
          "best_t_step_per_dw\n",
          f);
    for (int i = 0; i < n_runs; i++) {
        const rm_mapping *m = runs[i].m;
        for (int j = 0; j < m->n_sweep; j++) {
            if (!isfinite(m->sweep_t[j]))
                continue;
            char b1[32], b2[32];
            fprintf(f, "%s,%s,%s,%d,%s,", heur_name(runs[i].h), ref_name(runs[i].ref),
                    num(b1, a->ratios[runs[i].k]), j + 1, num(b2, m->sweep_t[j]));
            if (m->sweep_t_unshared && isfinite(m->sweep_t_unshared[j]))
                fputs(num(b1, m->sweep_t_unshared[j]), f);
            fprintf(f, ",%d,%s\n", m->q, num(b1, m->t_step_per_dw));
        }
    }
    return 0;
}

static int write_csv(const sweep_args *a, sweep_run *runs, int n_runs)
{
    sweep_out c = {NULL, a, runs, n_runs, NULL};
    return rmi_out_write("--csv", a->csv, csv_writer, &c, rmi_cli_lib_failure);
}

static int jset(json_t *o, const char *key, json_t *v)
{
    return !v || json_object_set_new(o, key, v) != 0;
}

static int jpush(json_t *arr, json_t *v)
{
    return !v || json_array_append_new(arr, v) != 0;
}

static json_t *build_json(const rm_network *net, const sweep_args *a, sweep_run *runs,
                          int n_runs, rm_error *err)
{
    const rm_platform *p = net->platform;
    json_t *root = json_object(), *jp = json_object(), *jpar = json_object();
    json_t *jr = json_array(), *jh = json_array(), *jf = json_array(), *jruns = json_array();
    int bad = !root || !jp || !jpar || !jr || !jh || !jf || !jruns;
    if (bad) {
        json_decref(root);
        json_decref(jp);
        json_decref(jpar);
        json_decref(jr);
        json_decref(jh);
        json_decref(jf);
        json_decref(jruns);
        rm_error_set(err, RM_ENOMEM, "out of memory building the JSON");
        return NULL;
    }
    bad |= jset(root, "ringmap_version", json_string(RINGMAP_VERSION));
    bad |= jset(root, "platform", jp);
    bad |= jset(jp, "name", rmi_json_text(p->name));
    bad |= jset(jp, "hosts", json_integer(p->n_hosts));
    bad |= jset(jp, "routers", json_integer(rm_platform_routers(p)));
    bad |= jset(jp, "links", json_integer(p->n_links));
    bad |= jset(root, "params", jpar);
    for (int k = 0; k < a->n_ratios; k++)
        bad |= jpush(jr, json_real(a->ratios[k]));
    bad |= jset(jpar, "dc_dw", jr);
    for (int h = 0; h < a->n_heur; h++)
        bad |= jpush(jh, json_string(heur_name(a->heur[h])));
    bad |= jset(jpar, "heuristics", jh);
    for (int r = 0; r < a->n_ref; r++)
        bad |= jpush(jf, json_string(ref_name(a->refs[r])));
    bad |= jset(jpar, "sharings", jf);
    bad |= jset(jpar, "duplex", json_string(rmi_cli_duplex_name(a->opt.duplex)));
    bad |= jset(jpar, "network", json_string(rm_enum_name(RM_ENUM_NETWORK, a->opt.network)));
    bad |= jset(jpar, "max_q", json_integer(a->opt.max_q));
    bad |= jset(root, "runs", jruns);
    for (int i = 0; !bad && i < n_runs; i++) {
        const sweep_run *r = &runs[i];
        rm_options o = a->opt;
        o.cost.dc_dw = a->ratios[r->k];
        /* the map command's own JSON of this mapping: its sweep is reused as is */
        json_t *mj = rmi_mapping_json(net, &o, r->m, err);
        if (!mj)
            break;
        json_t *e = json_object();
        bad |= jpush(jruns, e);
        if (!bad) {
            bad |= jset(e, "heuristic", json_string(heur_name(r->h)));
            bad |= jset(e, "sharing", json_string(ref_name(r->ref)));
            if (heur_unshared(r->h))
                bad |= jset(e, "make_feasible", json_string(ref_name(r->m->sharing)));
            bad |= jset(e, "dc_dw", json_real(a->ratios[r->k]));
            bad |= jset(e, "q", json_integer(r->m->q));
            bad |= jset(e, "t_step_per_dw", json_incref(json_object_get(mj, "t_step_per_dw")));
            if (heur_unshared(r->h))
                bad |= jset(e, "t_step_per_dw_unshared",
                            json_incref(json_object_get(mj, "t_step_per_dw_unshared")));
            bad |= jset(e, "sweep", json_incref(json_object_get(mj, "sweep")));
        }
        json_decref(mj);
    }
    if (bad || (err && err->status != RM_OK)) {
        json_decref(root);
        if (err && err->status == RM_OK)
            rm_error_set(err, RM_ENOMEM, "out of memory building the JSON");
        return NULL;
    }
    return root;
}

static int json_writer(FILE *f, const void *ctx, rm_error *err)
{
    rm_status st = rmi_json_write(f, ((const sweep_out *)ctx)->j, err);
    if (st && err->status == RM_OK) /* reported by rmi_cli_lib_failure */
        err->status = st;
    return st != RM_OK;
}

static int write_json(const rm_network *net, const sweep_args *a, sweep_run *runs, int n_runs)
{
    rm_error err = {RM_OK, ""};
    json_t *j = build_json(net, a, runs, n_runs, &err);
    if (!j)
        return rmi_cli_lib_failure(&err);
    sweep_out c = {NULL, a, runs, n_runs, j};
    int code = rmi_out_write("--json", a->json, json_writer, &c, rmi_cli_lib_failure);
    json_decref(j);
    return code;
}

/* A gnuplot single-quoted string for enhanced text: _ ^ { } @ & ~ \ are
 * shown literally (& as U+FF06), ' is doubled, control characters dropped,
 * bytes that are not UTF-8 written as U+FFFD (the SVG/PDF terminals copy
 * text as is). */
static void gp_str(FILE *f, const char *s)
{
    fputc('\'', f);
    while (s && *s) {
        size_t n = rmi_utf8_seq(s); /* topo/text.h */
        if (n == 0) {
            fputs("\xef\xbf\xbd", f);
            s++;
            continue;
        }
        if (*s == '&') { /* gnuplot's SVG terminal writes "\&" as a bare & (not XML) */
            fputs("\xef\xbc\x86", f); /* U+FF06 FULLWIDTH AMPERSAND */
            s++;
            continue;
        }
        if (n == 1 && strchr("_^{}@~\\", *s))
            fputc('\\', f);
        if (*s == '\'')
            fputc('\'', f);
        if (n > 1 || ((unsigned char)*s >= 0x20 && *s != 0x7f))
            fwrite(s, 1, n, f);
        s += n;
    }
    fputc('\'', f);
}

/* A gnuplot single-quoted string taken literally (file names). */
static void gp_path(FILE *f, const char *s)
{
    fputc('\'', f);
    for (; s && *s; s++) {
        if (*s == '\'')
            fputc('\'', f);
        fputc(*s, f);
    }
    fputc('\'', f);
}

static int cmp_double(const void *x, const void *y)
{
    double a = *(const double *)x, b = *(const double *)y;
    return (a > b) - (a < b);
}

/*
 * The gnuplot script: data in datablocks, three panels — the bath tubs
 * (T_step/D_w vs ring size, log scale, one curve per ratio, first
 * refinement; SliceRing dashed), the optimal ring size vs D_c/D_w, and the
 * gain of each sharing policy over greedy (or the best T_step/D_w without none).
 */
static int write_gnuplot(FILE *f, const rm_platform *p, const sweep_args *a, sweep_run *runs,
                         int n_runs)
{
    const char *ext = extension(a->plot);
    int ref0 = a->refs[0];
    fputs("# gnuplot script written by `ringmap sweep` (cli/cmd_sweep.c); run: gnuplot FILE.gp\n",
          f);
    fputs("# platform: ", f);
    for (const char *c = p->name ? p->name : ""; *c; c++) /* no line break in a comment */
        fputc((unsigned char)*c < 0x20 || *c == 0x7f ? '?' : *c, f);
    fputs("; data: T_step/D_w (s/Mflop) per ring size q\n", f);
    if (strcmp(ext, ".png") == 0)
        fputs("if (strstrt(GPVAL_TERMINALS, 'pngcairo') > 0) {\n"
              "  set terminal pngcairo size 1200,900 enhanced font 'DejaVu Sans,11' linewidth 1.5\n"
              "} else {\n"
              "  set terminal png size 1200,900 enhanced\n"
              "}\n",
              f);
    else if (strcmp(ext, ".svg") == 0)
        fputs("set terminal svg size 1200,900 enhanced font 'Helvetica,13' linewidth 1.5 "
              "background '#ffffff'\n",
              f);
    else
        fputs("set terminal pdfcairo size 12in,9in enhanced font 'Helvetica,11'\n", f);
    /* `gnuplot -e "ringmap_output='...'" FILE.gp` (write_plot) writes elsewhere */
    fputs("if (!exists('ringmap_output')) ringmap_output = ", f);
    gp_path(f, a->plot);
    fputs("\nset output ringmap_output\n\n", f);

    /* datablocks: $T_h_r_k (q t [t_unshared]) per run; $B_h_r (ratio best_q best_t gain) */
    for (int i = 0; i < n_runs; i++) {
        const rm_mapping *m = runs[i].m;
        fprintf(f, "$T_%s_%s_%d << EOD\n", heur_name(runs[i].h), ref_name(runs[i].ref),
                runs[i].k);
        for (int j = 0; j < m->n_sweep; j++)
            if (isfinite(m->sweep_t[j]))
                fprintf(f, "%d %.10g\n", j + 1, m->sweep_t[j]);
        fputs("EOD\n", f);
        fprintf(f, "$P_%s_%s_%d << EOD\n%d %.10g\nEOD\n", heur_name(runs[i].h),
                ref_name(runs[i].ref), runs[i].k, m->q, m->t_step_per_dw);
    }
    double sorted[SWEEP_MAX_RATIOS];
    memcpy(sorted, a->ratios, sizeof sorted);
    qsort(sorted, (size_t)a->n_ratios, sizeof sorted[0], cmp_double);
    for (int h = 0; h < a->n_heur; h++)
        for (int r = 0; r < a->n_ref; r++) {
            fprintf(f, "$B_%s_%s << EOD\n", heur_name(a->heur[h]), ref_name(a->refs[r]));
            for (int s = 0; s < a->n_ratios; s++) {
                int k = 0;
                while (a->ratios[k] != sorted[s])
                    k++;
                if (!(sorted[s] > 0))
                    continue; /* log axis */
                const sweep_run *run = find_run(runs, n_runs, a->heur[h], a->refs[r], k);
                const sweep_run *none = find_run(runs, n_runs, a->heur[h], 0, k);
                double gain = none ? 100 * (none->m->t_step_per_dw - run->m->t_step_per_dw) /
                                         none->m->t_step_per_dw
                                   : NAN;
                fprintf(f, "%.10g %d %.10g %.6g\n", sorted[s], run->m->q,
                        run->m->t_step_per_dw, isfinite(gain) ? gain : 0.0);
            }
            fputs("EOD\n", f);
        }

    fputs("\nset multiplot title 'ringmap sweep: '.", f);
    gp_str(f, p->name ? p->name : "");
    char title[512];
    snprintf(title, sizeof title, " (%d hosts, %d routers, %d links, %s duplex)", p->n_hosts,
             rm_platform_routers(p), p->n_links,
             rmi_cli_duplex_name(a->opt.duplex));
    fputs(".", f);
    gp_str(f, title);
    fputs(" font ',14'\n", f);
    fputs("set grid lc rgb '#dddddd'\nset key top left box opaque\nset border lw 1\n"
          "set style data linespoints\n",
          f);
    static const char *const colours[] = {"#1b4f9c", "#d1495b", "#2a9d4b", "#e39b1b",
                                          "#7b3fa0", "#00a6b8", "#8c564b", "#555555"};
    const int n_col = (int)(sizeof colours / sizeof colours[0]);

    /* panel 1: the bath tubs */
    fputs("\n# 1. T_step/D_w vs ring size, one curve per ratio (Legrand et al. 2004 Figs 7-12)\n"
          "set origin 0,0.47\nset size 1,0.49\n"
          "set logscale y\nset format y '10^{%L}'\nset xlabel 'ring size q (hosts)'\n"
          "set ylabel 'T_{step}/D_w (s/Mflop)'\nset xrange [0.5:*]\n",
          f);
    fputs("set title ", f);
    char heurs[128];
    if (a->n_heur == 2)
        snprintf(heurs, sizeof heurs, "%s solid, %s dashed", rmi_cli_heuristic_title(a->heur[0]),
                 rmi_cli_heuristic_title(a->heur[1]));
    else
        snprintf(heurs, sizeof heurs, "%s", rmi_cli_heuristic_title(a->heur[0]));
    snprintf(title, sizeof title,
             "'T_{step}/D_w of the best ring of each size (%s, sharing %s; big dot: size "
             "returned)'",
             heurs, ref_name(ref0));
    fputs(title, f);
    fputs("\nplot \\\n", f);
    int first = 1;
    for (int h = 0; h < a->n_heur; h++)
        for (int k = 0; k < a->n_ratios; k++) {
            char lbl[64];
            snprintf(lbl, sizeof lbl, "D_c/D_w = %g", a->ratios[k]);
            const char *hn = heur_name(a->heur[h]);
            fprintf(f, "%s  $T_%s_%s_%d using 1:2 with linespoints pt 7 ps 0.5 lc rgb '%s' dt %d ",
                    first ? "" : ", \\\n", hn, ref_name(ref0), k, colours[k % n_col],
                    h == 0 ? 1 : 2);
            if (h == 0 || a->n_heur == 1)
                fprintf(f, "title '%s'", lbl);
            else
                fputs("notitle", f);
            fprintf(f, ", \\\n  $P_%s_%s_%d using 1:2 with points pt %d ps 1.8 lc rgb '%s' notitle",
                    hn, ref_name(ref0), k, h == 0 ? 7 : 5, colours[k % n_col]);
            first = 0;
        }
    fputs("\n", f);

    /* panel 2: optimal ring size vs ratio */
    fputs("\n# 2. optimal ring size vs D_c/D_w (Legrand et al. 2004 Figs 5-6)\n"
          "set origin 0,0\nset size 0.5,0.47\n"
          "unset logscale\nset logscale x\nset format x '10^{%L}'\nset format y '%g'\n"
          "set xrange [*:*]\nset yrange [0:*]\nset xlabel 'D_c/D_w (Mb/Mflop)'\n"
          "set key top right\n"
          "set ylabel 'ring size q'\n",
          f);
    fputs("set title ", f);
    snprintf(title, sizeof title, "optimal ring size (sharing %s)", ref_name(ref0));
    gp_str(f, title);
    fputs("\nplot \\\n", f);
    for (int h = 0; h < a->n_heur; h++)
        fprintf(f, "%s  $B_%s_%s using 1:2 with linespoints pt %d ps 1.2 lw 2 lc rgb '%s' "
                   "title '%s'",
                h ? ", \\\n" : "", heur_name(a->heur[h]), ref_name(ref0), h == 0 ? 7 : 5,
                h == 0 ? "#1b4f9c" : "#d1495b", rmi_cli_heuristic_title(a->heur[h]));
    fputs("\n", f);

    /* panel 3: effect of the refinements */
    int have_none = 0;
    for (int r = 0; r < a->n_ref; r++)
        have_none |= a->refs[r] == 0;
    fputs("\n# 3. effect of the sharing policy (TPDS 2004 Figs 13-14)\n"
          "set origin 0.5,0\nset size 0.5,0.47\nset yrange [*:*]\n"
          "set key below horizontal maxrows 2\n",
          f);
    if (have_none)
        fputs("set format y '%g'\nset ylabel 'gain over none (%)'\n"
              "set title 'best T_{step}/D_w: gain of each sharing policy over greedy'\n",
              f);
    else
        fputs("set logscale y\nset format y '10^{%L}'\nset ylabel 'best T_{step}/D_w (s/Mflop)'\n"
              "set title 'best T_{step}/D_w per sharing policy'\n",
              f);
    fputs("plot \\\n", f);
    first = 1;
    for (int h = 0; h < a->n_heur; h++)
        for (int r = 0; r < a->n_ref; r++) {
            int ri = a->refs[r];
            if (have_none && ri == 0 && a->n_ref > 1)
                continue; /* its gain over itself is 0 */
            char lbl[64];
            snprintf(lbl, sizeof lbl, "%s, %s", rmi_cli_heuristic_title(a->heur[h]), ref_name(ri));
            fprintf(f, "%s  $B_%s_%s using 1:%d with linespoints pt %d ps 1.2 lw 2 lc rgb '%s' "
                       "dt %d title ",
                    first ? "" : ", \\\n", heur_name(a->heur[h]), ref_name(ri),
                    have_none ? 4 : 3, 4 + 2 * ri, colours[(ri + 1) % n_col], h == 0 ? 1 : 2);
            gp_str(f, lbl);
            first = 0;
        }
    fputs("\nunset multiplot\n", f);
    return ferror(f);
}

/* write_gnuplot as an rmi_out_write writer (a stream error: exit 1). */
static int gnuplot_writer(FILE *f, const void *ctx, rm_error *err)
{
    const sweep_out *c = ctx;
    (void)err;
    return write_gnuplot(f, c->p, c->a, c->runs, c->n_runs);
}

/* The script FILE.gp (kept), then gnuplot run on it without a shell, its
 * picture written to a temporary file beside FILE (passed with -e, quoted)
 * and renamed over FILE when gnuplot succeeded. Exit code. */
static int write_plot(const rm_platform *p, const sweep_args *a, sweep_run *runs, int n_runs)
{
    char *script = script_path(a->plot);
    if (!script) {
        fputs("ringmap: sweep: out of memory\n", stderr);
        return 1;
    }
    sweep_out c = {p, a, runs, n_runs, NULL};
    int code = rmi_out_write("--plot (script)", script, gnuplot_writer, &c, rmi_cli_lib_failure);
    /* gnuplot reads the script where it is until the outputs are renamed
       together (rmi_out_batch_begin) */
    char *script_arg = code ? NULL : rmi_cli_safe_arg(rmi_out_written_path(script));
    if (!code && !script_arg) {
        free(script);
        fputs("ringmap: sweep: out of memory\n", stderr);
        return 1;
    }
    rm_out pic;
    if (!code && (code = rmi_out_open_tool(&pic, "--plot", a->plot)) < 0) {
        /* -e "ringmap_output='TMP'": a gnuplot single-quoted string, ' doubled;
           the path has no control character (rmi_out_check) */
        const char *tp = rmi_out_tool_path(&pic);
        char *e = malloc(2 * strlen(tp) + 32);
        if (!e) {
            rmi_out_abort(&pic);
            code = 1;
        } else {
            char *w = e + sprintf(e, "ringmap_output='");
            for (const char *c = tp; *c; c++) {
                if (*c == '\'')
                    *w++ = '\'';
                *w++ = *c;
            }
            strcpy(w, "'");
            char *argv[] = {"gnuplot", "-e", e, script_arg, NULL};
            int rc = rmi_cli_run_tool(argv);
            free(e);
            if (rc < 0) {
                rmi_out_abort(&pic);
                fprintf(stderr,
                        "ringmap: sweep: --plot: gnuplot is not installed (Debian package "
                        "gnuplot-nox); wrote the script '%s' only\n",
                        script);
                code = 0;
            } else if (rc > 0) {
                rmi_out_abort(&pic);
                fprintf(stderr, "ringmap: sweep: --plot: gnuplot failed on '%s'; '%s' left as it was\n",
                        script, a->plot);
                code = 1;
            } else
                code = rmi_out_commit(&pic);
        }
    }
    free(script);
    free(script_arg);
    return code;
}

int rmi_cmd_sweep(int argc, char **argv)
{
    sweep_args a;
    int code = parse_args(argc, argv, &a);
    if (code >= 0)
        return code;
    rm_platform *p;
    rm_network net;
    if ((code = rmi_cli_input_load(&a.input, a.platform, &a.ro, &a.opt, &p, &net)) >= 0)
        return code;
    int n_runs = a.n_ratios * a.n_heur * a.n_ref;
    sweep_run *runs = calloc((size_t)n_runs, sizeof *runs);
    if (!runs) {
        fputs("ringmap: sweep: out of memory\n", stderr);
        code = 1;
    } else {
        int i = 0;
        for (int k = 0; k < a.n_ratios; k++)
            for (int h = 0; h < a.n_heur; h++)
                for (int r = 0; r < a.n_ref; r++)
                    runs[i++] = (sweep_run){a.heur[h], a.refs[r], k, NULL};
        code = run_all(&net, &a, runs, n_runs);
    }
    int to_stdout = (a.csv && !strcmp(a.csv, "-")) || (a.json && !strcmp(a.json, "-"));
    if (code < 0 && !a.quiet && !to_stdout) {
        print_summary(stdout, p, &a, runs, n_runs);
        if (fflush(stdout) != 0) {
            fputs("ringmap: sweep: cannot write the table to standard output\n", stderr);
            code = 1;
        }
    }
    /* the output files appear together or not at all (cli/outfile.h) */
    rmi_out_batch_begin();
    if (code < 0 && a.csv && (code = write_csv(&a, runs, n_runs)) == 0)
        code = -1;
    if (code < 0 && a.json && (code = write_json(&net, &a, runs, n_runs)) == 0)
        code = -1;
    if (code < 0 && a.plot && (code = write_plot(p, &a, runs, n_runs)) == 0)
        code = -1;
    int bc = rmi_out_batch_end(code < 0);
    if (code < 0)
        code = bc;
    for (int i = 0; runs && i < n_runs; i++)
        rm_mapping_free(runs[i].m);
    free(runs);
    rm_network_destroy(&net);
    rm_platform_free(p);
    return code;
}
