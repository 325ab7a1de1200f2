/* options.c — the option values shared by the map, sweep and compare
 * commands (cli/options.h): finite numbers with their ranges and units,
 * the --heuristic values and help (the library's heuristic table,
 * rm_heuristic_at, and "both"), the values of --sharing, --make-feasible,
 * --final-solver, --duplex, --routing and --route-ties (the library's table
 * of the enums' names, rm_enum_entries), the old --refine aliases, the
 * list of ratios D_c/D_w of --dc-dw, and the getopt error cases. Only
 * rmi_cli_vreport prints (for the command's reporter, with its prefix). */
#include "cli/options.h"

#include <errno.h>
#include <float.h>
#include <getopt.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The names of the enums' values: the library's one table (rm_enum_name,
 * include/ringmap/output.h), the JSON's spelling; "?" without a name. */
static const char *enum_name(rm_enum_kind kind, int value)
{
    const char *n = rm_enum_name(kind, value);
    return n ? n : "?";
}

const char *rmi_cli_heuristic_name(rm_heuristic h)
{
    return enum_name(RM_ENUM_HEURISTIC, (int)h);
}

const char *rmi_cli_heuristic_title(rm_heuristic h)
{
    const rm_heuristic_info *info = rm_heuristic_lookup(h);
    return info ? info->title : "?";
}

const rm_heuristic rmi_cli_both[RM_CLI_N_BOTH] = {RM_HEUR_SHARED, RM_HEUR_SLICE};

/* Largest number of --heuristic values (the library's heuristics and "both"). */
#define MAX_HEUR_VALUES 64

/* The --heuristic values in the order of --help: the greedy heuristics of
 * the library's table (rm_heuristic_at), "both", then (unless greedy_only)
 * the others. Their number. */
static int heuristic_values(int greedy_only, rm_cli_name v[MAX_HEUR_VALUES])
{
    int n = 0;
    for (int pass = 0; pass < (greedy_only ? 1 : 2); pass++) {
        for (int i = 0; i < rm_heuristic_count() && n < MAX_HEUR_VALUES - 1; i++) {
            const rm_heuristic_info *h = rm_heuristic_at(i);
            if (h->id == RM_HEUR_BOTH) /* "both" below: the CLI prints the two */
                continue;
            if ((h->kind == RM_HEUR_KIND_GREEDY) == (pass == 0))
                v[n++] = (rm_cli_name){rmi_cli_heuristic_name(h->id), (int)h->id};
        }
        if (pass == 0)
            v[n++] = (rm_cli_name){"both", RM_CLI_HEUR_BOTH};
    }
    return n;
}

int rmi_cli_opt_heuristic(const char *arg, int greedy_only, rm_heuristic *h, int *both,
                         rm_cli_bad_fn bad)
{
    rm_cli_name v[MAX_HEUR_VALUES];
    int n = heuristic_values(greedy_only, v), value, code;
    if ((code = rmi_cli_opt_name("--heuristic", v, n, arg, &value, bad)) >= 0)
        return code;
    *both = value == RM_CLI_HEUR_BOTH;
    *h = *both ? RM_HEUR_BOTH : (rm_heuristic)value;
    return -1;
}

/* The heuristic rm_options_init chooses. */
static rm_heuristic default_heuristic(void)
{
    rm_options o;
    rm_options_init(&o);
    return o.heuristic;
}

void rmi_cli_heuristic_list(FILE *f, int greedy_only)
{
    rm_cli_name v[MAX_HEUR_VALUES];
    int n = heuristic_values(greedy_only, v);
    rm_heuristic def = default_heuristic();
    for (int k = 0; k < n; k++) {
        if (k > 0)
            fputs(k == n - 1 ? " or " : ", ", f);
        fputs(v[k].name, f);
        if (v[k].value == (int)def || (v[k].value == RM_CLI_HEUR_BOTH && def == RM_HEUR_BOTH))
            fputs(" (default)", f);
    }
}

/* The help column of the options (cli/map.c, cmd_sweep.c usage). */
#define HELP_INDENT "                        "

void rmi_cli_heuristic_help(FILE *f)
{
    rm_cli_name v[MAX_HEUR_VALUES];
    int n = heuristic_values(0, v), limited = 0;
    rm_heuristic def = default_heuristic();
    for (int k = 0; k < n; k++) {
        const rm_heuristic_info *h =
            v[k].value == RM_CLI_HEUR_BOTH ? NULL : rm_heuristic_lookup((rm_heuristic)v[k].value);
        const char *summary = h ? h->summary
                                : "SharedRing and SliceRing, the ring of lower\n"
                                  "T_step handed on (the launch files, pictures);\n"
                                  "given as an option, each is printed with the\n"
                                  "improvement of SharedRing over SliceRing,\n"
                                  "(T_slice - T_shared)/T_slice*100 (%)";
        limited |= h && h->max_hosts > 0;
        fprintf(f, "%s%s: ", k == 0 ? "  --heuristic H         " : HELP_INDENT, v[k].name);
        for (const char *c = summary; *c; c++) {
            fputc(*c, f);
            if (*c == '\n')
                fputs(HELP_INDENT, f);
        }
        if (v[k].value == (int)def || (v[k].value == RM_CLI_HEUR_BOTH && def == RM_HEUR_BOTH))
            fputs(" (default)", f);
        if (k < n - 1)
            fputc(';', f);
        else if (limited)
            fputs(" (larger platforms: exit status 2)", f);
        fputc('\n', f);
    }
}

int rmi_cli_opt_enum(const char *opt, rm_enum_kind kind, const char *arg, int *out,
                    rm_cli_bad_fn bad)
{
    int n;
    const rm_enum_entry *e = rm_enum_entries(kind, &n);
    return rmi_cli_opt_name(opt, e, n, arg, out, bad);
}

/* The old --refine spellings: what each sets, and the notice naming the new
   spelling. */
static const struct {
    const char *old;
    int sharing, feasible, final, all;
    const char *now;
} refine_aliases[] = {
    {"none", RM_SHARING_GREEDY, RM_SHARING_MAXMIN, RM_FINAL_NONE, 0,
     "--sharing greedy (SliceRing: --make-feasible maxmin)"},
    {"maxmin", RM_SHARING_MAXMIN, RM_SHARING_MAXMIN, RM_FINAL_NONE, 0,
     "--sharing maxmin --make-feasible maxmin"},
    {"optimal", RM_SHARING_EQ5, RM_SHARING_EQ5, RM_FINAL_NONE, 0,
     "--sharing eq5 --make-feasible eq5 (the optimum of eq. (5)'s surrogate, not of T_step)"},
    {"kinsol", RM_SHARING_GREEDY, RM_SHARING_MAXMIN, RM_FINAL_KINSOL, 0, "--final-solver kinsol"},
    {"glpk", RM_SHARING_GREEDY, RM_SHARING_MAXMIN, RM_FINAL_GLPK, 0, "--final-solver glpk"},
    {"all", RM_SHARING_GREEDY, RM_SHARING_MAXMIN, RM_FINAL_NONE, 1, "--all-shares"},
};

const char *rmi_cli_sharing_name(rm_sharing s)
{
    return enum_name(RM_ENUM_SHARING, (int)s);
}

const char *rmi_cli_final_solver_name(rm_final_solver s)
{
    return enum_name(RM_ENUM_FINAL_SOLVER, (int)s);
}

const char *rmi_cli_duplex_name(rm_duplex d)
{
    return enum_name(RM_ENUM_DUPLEX, (int)d);
}

int rmi_cli_opt_shares(const char *name, const char *arg, rm_options *opt, int *all_shares,
                      rm_cli_bad_fn bad)
{
    int v, code;
    if (strcmp(name, "sharing") == 0) {
        if ((code = rmi_cli_opt_enum("--sharing", RM_ENUM_SHARING, arg, &v, bad)) >= 0)
            return code;
        opt->sharing = (rm_sharing)v;
        return -1;
    }
    if (strcmp(name, "make-feasible") == 0) {
        /* the sharing policies but greedy (SliceRing has no greedy shares) */
        int n, k = 0;
        const rm_enum_entry *e = rm_enum_entries(RM_ENUM_SHARING, &n);
        rm_cli_name feasible[8];
        for (int i = 0; i < n && k < 8; i++)
            if (e[i].value != RM_SHARING_GREEDY)
                feasible[k++] = e[i];
        if ((code = rmi_cli_opt_name("--make-feasible", feasible, k, arg, &v, bad)) >= 0)
            return code;
        opt->make_feasible = (rm_sharing)v;
        return -1;
    }
    if (strcmp(name, "final-solver") == 0) {
        if ((code = rmi_cli_opt_enum("--final-solver", RM_ENUM_FINAL_SOLVER, arg, &v, bad)) >= 0)
            return code;
        opt->final_solver = (rm_final_solver)v;
        return -1;
    }
    if (strcmp(name, "refine") == 0) {
        int n = (int)(sizeof refine_aliases / sizeof refine_aliases[0]) - (all_shares ? 0 : 1);
        for (int k = 0; k < n; k++)
            if (strcmp(arg, refine_aliases[k].old) == 0) {
                opt->sharing = (rm_sharing)refine_aliases[k].sharing;
                opt->make_feasible = (rm_sharing)refine_aliases[k].feasible;
                opt->final_solver = (rm_final_solver)refine_aliases[k].final;
                if (all_shares)
                    *all_shares = refine_aliases[k].all;
                fprintf(stderr, "ringmap: note: --refine %s is an old spelling of %s\n", arg,
                        refine_aliases[k].now);
                return -1;
            }
        return bad("--refine (old spelling of --sharing, --make-feasible, --final-solver): "
                   "expected none, maxmin, optimal, kinsol, glpk%s, got '%s'",
                   all_shares ? " or all" : "", arg);
    }
    return bad("unknown option '--%s'", name);
}

int rmi_cli_name_find(const rm_cli_name *table, int n, const char *s, size_t len)
{
    for (int i = 0; i < n; i++)
        if (strlen(table[i].name) == len && strncmp(s, table[i].name, len) == 0)
            return i;
    return -1;
}

int rmi_cli_opt_name(const char *opt, const rm_cli_name *table, int n, const char *arg, int *out,
                    rm_cli_bad_fn bad)
{
    int i = rmi_cli_name_find(table, n, arg, strlen(arg));
    if (i >= 0) {
        *out = table[i].value;
        return -1;
    }
    /* "a, b or c": the names are short and the tables small */
    char list[256] = "";
    for (int k = 0; k < n; k++) {
        if (k > 0)
            strncat(list, k == n - 1 ? " or " : ", ", sizeof list - strlen(list) - 1);
        strncat(list, table[k].name, sizeof list - strlen(list) - 1);
    }
    return bad("%s: expected %s, got '%s'", opt, list, arg);
}

int rmi_cli_parse_double(const char *s, double *out)
{
    char *end = NULL;
    errno = 0;
    double x = strtod(s, &end);
    /* ERANGE with a finite result is an underflow: a subnormal (1e-320) or
       0, the nearest double, accepted (a valid input); an overflow gives
       HUGE_VAL, refused as not finite */
    if (end == s || *end != '\0' || !isfinite(x) || (errno == ERANGE && fabs(x) > DBL_MIN))
        return -1;
    *out = x;
    return 0;
}

int rmi_cli_opt_nonneg(const char *opt, const char *unit, const char *arg, double *out,
                      rm_cli_bad_fn bad)
{
    double x;
    if (rmi_cli_parse_double(arg, &x) || x < 0)
        return bad("%s: expected a finite number >= 0 (%s), got '%s'", opt, unit, arg);
    *out = x;
    return -1;
}

int rmi_cli_opt_positive(const char *opt, const char *unit, const char *arg, double *out,
                        rm_cli_bad_fn bad)
{
    double x;
    if (rmi_cli_parse_double(arg, &x) || !(x > 0))
        return bad("%s: expected a finite number > 0 (%s), got '%s'", opt, unit, arg);
    *out = x;
    return -1;
}

int rmi_cli_opt_size(const char *name, const char *arg, rm_cli_sizes *s, rm_options *opt,
                     rm_cli_bad_fn bad)
{
    int code;
    if (!strcmp(name, "dc-dw")) {
        if ((code = rmi_cli_opt_nonneg("--dc-dw", "Mb/Mflop", arg, &opt->cost.dc_dw, bad)) >= 0)
            return code;
        s->have_dcdw = 1;
    } else if (!strcmp(name, "dc")) {
        if ((code = rmi_cli_opt_nonneg("--dc", "Mb", arg, &s->dc, bad)) >= 0)
            return code;
        s->have_dc = 1;
    } else if (!strcmp(name, "dw")) {
        if ((code = rmi_cli_opt_positive("--dw", "Mflop", arg, &s->dw, bad)) >= 0)
            return code;
        s->have_dw = 1;
    } else {
        return bad("unknown option '--%s'", name);
    }
    return -1;
}

int rmi_cli_sizes_check(const rm_cli_sizes *s, rm_cli_bad_fn bad)
{
    if (s->have_dc != s->have_dw)
        return bad("%s given without %s", s->have_dc ? "--dc" : "--dw",
                   s->have_dc ? "--dw" : "--dc");
    if (s->have_dc && s->have_dcdw)
        return bad("--dc-dw cannot be combined with --dc/--dw");
    return -1;
}

int rmi_cli_sizes_apply(const rm_cli_sizes *s, rm_options *opt, rm_cli_bad_fn bad)
{
    if (opt->cost.latency && !s->have_dc)
        return bad("--latency needs the absolute sizes --dc X --dw Y");
    if (opt->cost.latency && !(s->dc > 0))
        return bad("--latency needs --dc > 0");
    if (s->have_dc) {
        opt->cost.dc = s->dc;
        opt->cost.dc_dw = s->dc / s->dw;
        if (!isfinite(opt->cost.dc_dw))
            return bad("--dc/--dw: the ratio D_c/D_w is not finite");
    }
    return -1;
}

void rmi_cli_print_absolute(FILE *f, const rm_cli_sizes *s, const rm_mapping *m)
{
    if (s->have_dc)
        fprintf(f, "T_step = %.6g s (D_c = %.6g Mb, D_w = %.6g Mflop)\n",
                rm_mapping_tstep_printed(m) * s->dw, s->dc, s->dw);
}

int rmi_cli_opt_output(const char *name, const char *arg, const char **json, const char **dot,
                       const char **svg, rm_cli_bad_fn bad)
{
    if (!strcmp(name, "json")) {
        if (!*arg)
            return bad("--json: expected a file name or '-'");
        *json = arg;
    } else if (!strcmp(name, "dot") || !strcmp(name, "svg")) {
        if (!*arg)
            return bad("--%s: expected a file name", name);
        *(!strcmp(name, "dot") ? dot : svg) = arg;
    } else {
        return bad("unknown option '--%s'", name);
    }
    return -1;
}

int rmi_cli_opt_max_q(const char *arg, int *out, rm_cli_bad_fn bad)
{
    char *end = NULL;
    errno = 0;
    long n = strtol(arg, &end, 10);
    if (end == arg || *end != '\0' || errno == ERANGE || n < 0 || n > INT_MAX)
        return bad("--max-q: expected an integer >= 0 (0 = all hosts), got '%s'", arg);
    *out = (int)n;
    return -1;
}

int rmi_cli_opt_ratio_list(const char *s, double *ratios, int max, int *n, int distinct,
                          rm_cli_bad_fn bad)
{
    *n = 0;
    const char *p = s;
    if (!*p)
        return bad("--dc-dw: empty list of ratios");
    for (;;) {
        const char *comma = strchr(p, ',');
        size_t len = comma ? (size_t)(comma - p) : strlen(p);
        char item[64];
        if (len == 0)
            return bad("--dc-dw: empty item in the list '%s'", s);
        if (len >= sizeof item)
            return bad("--dc-dw: item too long in the list '%s'", s);
        memcpy(item, p, len);
        item[len] = '\0';
        double x;
        if (rmi_cli_parse_double(item, &x) || x < 0)
            return bad("--dc-dw: expected finite numbers >= 0 (Mb/Mflop), got '%s'", item);
        if (*n >= max)
            return bad("--dc-dw: more than %d ratios", max);
        for (int i = 0; distinct && i < *n; i++)
            if (ratios[i] == x)
                return bad("--dc-dw: ratio '%s' given twice", item);
        ratios[(*n)++] = x;
        if (!comma)
            break;
        p = comma + 1;
    }
    return -1;
}

int rmi_cli_getopt_error(int c, char **argv, rm_cli_bad_fn bad)
{
    if (c == ':')
        return bad("option '%s' needs an argument", argv[optind - 1]);
    if (optopt && optopt < 256)
        return bad("unknown option '-%c'", optopt);
    return bad("unknown option '%s'", argv[optind - 1]);
}

int rmi_cli_platform_operand(int argc, char **argv, const char **platform, rm_cli_bad_fn bad)
{
    if (optind >= argc)
        return bad("missing PLATFORM file");
    if (argc - optind > 1)
        return bad("one PLATFORM file expected, got '%s' and '%s'", argv[optind],
                   argv[optind + 1]);
    *platform = argv[optind];
    return -1;
}

int rmi_cli_opt_common(const char *name, const char *arg, rm_options *opt, rm_read_options *ro,
                      rm_cli_bad_fn bad)
{
    int v, code;
    if (strcmp(name, "duplex") == 0) {
        if ((code = rmi_cli_opt_enum("--duplex", RM_ENUM_DUPLEX, arg, &v, bad)) >= 0)
            return code;
        opt->duplex = (rm_duplex)v;
        return -1;
    }
    if (strcmp(name, "max-q") == 0)
        return rmi_cli_opt_max_q(arg, &opt->max_q, bad);
    if (strcmp(name, "threads") == 0) {
        char *end;
        errno = 0;
        long v = strtol(arg, &end, 10);
        if (end == arg || *end || errno || v < 0 || v > 1024)
            return bad("--threads: expected an integer in [0, 1024] (0 = all cores), got '%s'", arg);
        opt->threads = (int)v;
        return -1;
    }
    if (strcmp(name, "improve-seconds") == 0) { /* --improve's budget (heur/improve.h) */
        opt->improve = 1;
        return rmi_cli_opt_nonneg("--improve-seconds", "s, 0 = no budget", arg,
                                 &opt->improve_seconds, bad);
    }
    if (strcmp(name, "improve-evals") == 0) { /* the deterministic budget */
        char *end;
        errno = 0;
        long long v = strtoll(arg, &end, 10);
        if (strcmp(arg, "auto") == 0) {
            v = RM_IMPROVE_EVALS_AUTO;
        } else if (end == arg || *end || errno || v < 0) {
            return bad("--improve-evals: expected an integer >= 0 (0 = no limit) or auto, "
                       "got '%s'", arg);
        }
        opt->improve = 1;
        opt->improve_max_evals = v;
        return -1;
    }
    if (strcmp(name, "cols") == 0) { /* the run's columns: whole-column check of the search */
        char *end;
        errno = 0;
        long long v = strtoll(arg, &end, 10);
        if (end == arg || *end || errno || v < 0)
            return bad("--cols: expected the number of columns, an integer >= 0 (0 = not "
                       "known), got '%s'", arg);
        opt->columns = v;
        return -1;
    }
    if (strcmp(name, "improve-moves") == 0) {
        char *end;
        errno = 0;
        long v = strtol(arg, &end, 10);
        if (end == arg || *end || errno || v < 0 || v > INT_MAX)
            return bad("--improve-moves: expected an integer >= 0 (0 = no limit), got '%s'", arg);
        opt->improve = 1;
        opt->improve_max_moves = (int)v;
        return -1;
    }
    if (strcmp(name, "stop-patience") == 0) { /* a heuristic stop (docs/scale.md) */
        char *end;
        errno = 0;
        long v = strtol(arg, &end, 10);
        if (end == arg || *end || errno || v < 0 || v > INT_MAX)
            return bad("--stop-patience: expected an integer >= 0 (0 = off), got '%s'", arg);
        opt->stop_patience = (int)v;
        return -1;
    }
    if (strcmp(name, "route-ties") == 0) { /* rm_options.route_ties (heur/route_ties.h) */
        if ((code = rmi_cli_opt_enum("--route-ties", RM_ENUM_ROUTE_TIES, arg, &v, bad)) >= 0)
            return code;
        opt->route_ties = (rm_route_ties)v;
        return -1;
    }
    if (strcmp(name, "network") == 0) { /* rm_options.network (docs/model.md) */
        if ((code = rmi_cli_opt_enum("--network", RM_ENUM_NETWORK, arg, &v, bad)) >= 0)
            return code;
        opt->network = (rm_network_model)v;
        return -1;
    }
    if (strcmp(name, "overlap") == 0) { /* rm_cost_model.overlap (docs/model.md) */
        double f = 0.0; /* --overlap alone: Weissman's max form */
        const char *slash = arg ? strchr(arg, '/') : NULL;
        if (slash) { /* K/N: the absolute boundary, K of the step's N columns on every host */
            char kbuf[64];
            double k = 0.0, n = 0.0;
            size_t len = (size_t)(slash - arg);
            if (len < sizeof kbuf) {
                memcpy(kbuf, arg, len);
                kbuf[len] = '\0';
            } else {
                kbuf[0] = '\0'; /* too long for a number: refused below */
            }
            if (rmi_cli_parse_double(kbuf, &k) || rmi_cli_parse_double(slash + 1, &n) ||
                !(n > 0.0) || !isfinite(n) || !(k >= 0.0 && k <= n))
                return bad("--overlap=K/N: expected the absolute boundary, K of the N columns "
                           "of a step's work on every host (or b of D_w Mflop), 0 <= K <= N, "
                           "N > 0, got '%s'",
                           arg);
            opt->cost.overlap = 1;
            opt->cost.overlap_boundary = 0.0;
            opt->cost.overlap_boundary_dw = k / n;
            /* a host holds at least one of the N columns (all boundary when
               it holds fewer than K): K = 1 is the boundary itself */
            rm_cost_model_set_overlap_floor(&opt->cost, k > 1.0 ? 1.0 / n : 0.0);
            return -1;
        }
        if (arg && (rmi_cli_parse_double(arg, &f) || !(f >= 0.0 && f <= 1.0)))
            return bad("--overlap: expected the boundary fraction, a number in [0, 1] (the part "
                       "of a host's computation that cannot overlap its communication), got '%s'",
                       arg);
        opt->cost.overlap = 1;
        opt->cost.overlap_boundary = f;
        opt->cost.overlap_boundary_dw = 0.0;
        rm_cost_model_set_overlap_floor(&opt->cost, 0.0);
        return -1;
    }
    if (strcmp(name, "host-w") == 0)
        return rmi_cli_opt_positive("--host-w", "s/Mflop", arg, &ro->host_w, bad);
    if (strcmp(name, "default-bandwidth") == 0)
        return rmi_cli_opt_positive("--default-bandwidth", "Mb/s", arg, &ro->default_bandwidth,
                                   bad);
    return bad("unknown option '--%s'", name);
}

int rmi_cli_vreport(const char *prefix, const char *help, const char *fmt, va_list ap)
{
    fputs(prefix, stderr);
    vfprintf(stderr, fmt, ap);
    fprintf(stderr, " (see %s)\n", help);
    return 2;
}

int rmi_cli_lib_failure(const rm_error *err)
{
    fprintf(stderr, "ringmap: %s\n", err->msg[0] ? err->msg : rm_status_name(err->status));
    int code = rm_status_exit_code(err->status);
    return code ? code : 1;
}

void rmi_cli_print_warning(void *ctx, const char *msg)
{
    (void)ctx;
    fprintf(stderr, "ringmap: warning: %s\n", msg);
}

int rmi_cli_load(const char *path, const rm_read_options *ro, const rm_options *opt,
                rm_platform **p, rm_network *net)
{
    rm_error err = {RM_OK, ""};
    rm_status st = rm_options_check(opt, &err);
    if (st)
        return rmi_cli_lib_failure(&err);
    *p = NULL;
    rm_read_options ro_warn = *ro; /* readers' warnings on stderr */
    if (!ro_warn.warn)
        ro_warn.warn = rmi_cli_print_warning;
    if ((st = rm_platform_read(path, &ro_warn, p, &err))) {
        if (err.status == RM_OK)
            err.status = st;
        return rmi_cli_lib_failure(&err);
    }
    if ((st = rm_network_init(net, *p, opt->duplex, &err))) {
        if (err.status == RM_OK)
            err.status = st;
        rm_platform_free(*p);
        *p = NULL;
        return rmi_cli_lib_failure(&err);
    }
    return -1;
}

int rmi_cli_options_base(int argc, char **argv, const char *optstring,
                         const struct option *longopts, int paper_code, rm_options *opt)
{
    int paper = 0, c;
    /* on a copy of argv: GNU getopt permutes the array it scans, and a
       permuted argv would change what the command's own loop reads (an
       option missing its argument would take the PLATFORM operand) */
    char **copy = malloc((size_t)(argc + 1) * sizeof *copy);
    if (copy) {
        memcpy(copy, argv, (size_t)argc * sizeof *copy);
        copy[argc] = NULL;
        opterr = 0;
        optind = 0; /* a full restart of getopt (glibc) */
        while ((c = getopt_long(argc, copy, optstring, longopts, NULL)) != -1)
            paper |= c == paper_code;
        free(copy);
    } else { /* no memory for the copy: look for the exact word */
        for (int i = 1; i < argc && strcmp(argv[i], "--"); i++)
            paper |= strcmp(argv[i], "--paper") == 0;
    }
    optind = 0;
    if (paper)
        rm_options_init_paper(opt);
    else
        rm_options_init(opt);
    return paper;
}

const char *rmi_cli_network_title(rm_network_model n)
{
    return n == RM_NETWORK_FAIR
               ? "fair (max-min, no reservation: every link shared as TCP shares it)"
               : "reserved (the mapper's shares, as Legrand et al. 2004)";
}

void rmi_cli_network_help(FILE *f)
{
    rm_options o;
    rm_options_init(&o);
    fprintf(f,
            "  --network M           fair%s: each link shared max-min fairly among\n"
            "                        the ring's routes crossing it, as TCP and SimGrid\n"
            "                        share it (no reservation);\n"
            "                        reserved%s: the platform reserves each route the\n"
            "                        share the mapper chooses (the paper's model;\n"
            "                        --final-solver and --make-feasible eq5 need it).\n"
            "                        Every T_step is valued under it (docs/model.md,\n"
            "                        \"Two network models\")\n"
            "  --paper               the setup of the TPDS 2004 paper, to reproduce its\n"
            "                        tables: --network reserved, --heuristic shared,\n"
            "                        --sharing greedy, no search, no final solver; the\n"
            "                        options given with it apply on top, in any order\n"
            "  --overlap[=F|K/N]     the overlap model: a host computes while its\n"
            "                        messages travel, then its boundary, the fraction F\n"
            "                        of its computation (default 0): host time\n"
            "                        max(alpha w, D_c/D_w C + F alpha w); or K/N, an\n"
            "                        absolute boundary, the same on every host: K of the\n"
            "                        step's N columns (b of D_w Mflop), host time\n"
            "                        max(alpha w, D_c/D_w C + min(K/N, alpha) w), every\n"
            "                        host at least one column, 1/N\n"
            "                        (docs/model.md, \"The overlap model\")\n",
            o.network == RM_NETWORK_FAIR ? " (default)" : "",
            o.network == RM_NETWORK_RESERVED ? " (default)" : "");
}
