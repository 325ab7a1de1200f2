/* options.h — parsing of the VALUES of the command-line options shared by
 * `ringmap map`, `ringmap sweep` and `ringmap compare` (cli/options.c): the
 * number checks with their messages, the --heuristic values (the library's
 * heuristic table and "both"), the name tables of the sharing policies,
 * make-feasible steps, final solvers, duplex and routing values (and the
 * old --refine spellings, kept as aliases), and the comma-separated list of
 * ratios D_c/D_w. Each parser reports a bad value through the command's own
 * reporting function (its "ringmap: ..." prefix and "see --help" suffix) and
 * returns that function's exit code (2), or -1 when the value is good, so
 * that a getopt loop can write `if ((code = rm_cli_...(...)) >= 0) return code;`. */
#ifndef RINGMAP_CLI_OPTIONS_H
#define RINGMAP_CLI_OPTIONS_H

#include "ring/refine.h" /* RM_N_REFINE */
#include "ringmap.h"

#include <stdarg.h>
#include <stdio.h>

/** A command's reporter of a bad option: prints the printf-style message
 *  with the command's prefix and suffix on stderr and returns the exit
 *  code 2. */
typedef int (*rm_cli_bad_fn)(const char *fmt, ...);

/** One accepted name of an option value and the value it stands for: a row
 *  of the library's table of the enums' names (rm_enum_entry, {name, value}). */
typedef rm_enum_entry rm_cli_name;

/** Value of "both" among the --heuristic values (rmi_cli_opt_heuristic). */
#define RM_CLI_HEUR_BOTH (-1)

/** `--heuristic both`: the heuristics compared side by side, in the order
 *  of their output — SharedRing, then SliceRing (Legrand et al. 2004
 *  Tables 3-4; also the pair of `ringmap compare`). */
#define RM_CLI_N_BOTH 2
extern const rm_heuristic rmi_cli_both[RM_CLI_N_BOTH];

/** The name of heuristic h (--heuristic, the JSON's "heuristic"), "?" if
 *  unknown; its title in prose (rm_heuristic_info.title, e.g.
 *  "SharedRing"), "?" if unknown. O(number of heuristics). */
const char *rmi_cli_heuristic_name(rm_heuristic h);
const char *rmi_cli_heuristic_title(rm_heuristic h);

/** --heuristic ARG: a heuristic of the library's table (rm_heuristic_at) by
 *  name into *h with *both = 0, or "both" (*both = 1, *h unchanged); with
 *  greedy_only, only the greedy ones (RM_HEUR_KIND_GREEDY) and "both". Else
 *  bad("--heuristic: expected shared, slice, both, exact or slice-exact, got
 *  'ARG'"): the greedy heuristics, "both", then the others, in the table's
 *  order. Returns -1 or bad's exit code. O(number of heuristics |arg|). */
int rmi_cli_opt_heuristic(const char *arg, int greedy_only, rm_heuristic *h, int *both,
                         rm_cli_bad_fn bad);

/** The --heuristic values as prose on f, e.g. "shared (default), slice or
 *  both" (greedy_only: as rmi_cli_opt_heuristic). */
void rmi_cli_heuristic_list(FILE *f, int greedy_only);

/** The --heuristic entry of `ringmap --help` on f: each value with its
 *  summary (rm_heuristic_info.summary), lines indented to the help's column. */
void rmi_cli_heuristic_help(FILE *f);

/** Option opt (e.g. "--duplex") with value arg, one of the names of the
 *  enum kind (rm_enum_entries: the library's one table, the JSON's
 *  spelling): *out = its value and -1; else bad("OPT: expected A, B or C,
 *  got 'ARG'") listing the names in the table's order. */
int rmi_cli_opt_enum(const char *opt, rm_enum_kind kind, const char *arg, int *out,
                    rm_cli_bad_fn bad);

/** The name of a sharing policy ("greedy", "maxmin", "eq5"), of a final
 *  solver ("none", "kinsol", "glpk") and of a duplex model ("half",
 *  "full"): rm_enum_name, "?" without a name. */
const char *rmi_cli_sharing_name(rm_sharing s);
const char *rmi_cli_final_solver_name(rm_final_solver s);
const char *rmi_cli_duplex_name(rm_duplex d);

/**
 * The options that choose the shares, by long name without "--":
 * "sharing" (greedy | maxmin | eq5) into opt->sharing, "make-feasible"
 * (maxmin | eq5) into opt->make_feasible, "final-solver" (none | kinsol |
 * glpk) into opt->final_solver, and the old spelling "refine" (none |
 * maxmin | optimal | kinsol | glpk | all), kept as an alias that sets the
 * new options as the old value did and prints one line "ringmap: note:
 * --refine X is an old spelling of ..." on stderr; "all" sets *all_shares
 * (may be NULL: then "all" is refused). Returns -1 or bad's exit code (also
 * for a name not in this list). O(|arg|).
 */
int rmi_cli_opt_shares(const char *name, const char *arg, rm_options *opt, int *all_shares,
                      rm_cli_bad_fn bad);

/** Index in table[0..n) of the name equal to the len characters at s, or -1.
 *  O(n len). */
int rmi_cli_name_find(const rm_cli_name *table, int n, const char *s, size_t len);

/** Option opt (e.g. "--duplex") with value arg, one of the names of
 *  table[0..n): *out = its value and -1; else bad("OPT: expected A, B or C,
 *  got 'ARG'"). O(n |arg|). */
int rmi_cli_opt_name(const char *opt, const rm_cli_name *table, int n, const char *arg, int *out,
                    rm_cli_bad_fn bad);

/** Parse a whole string as a finite double (no overflow, no trailing
 *  characters); 0 on success, -1 otherwise. O(|s|). */
int rmi_cli_parse_double(const char *s, double *out);

/** Option opt with a finite value >= 0 in unit (e.g. --dc-dw in Mb/Mflop,
 *  --dc in Mb); else bad("OPT: expected a finite number >= 0 (UNIT), got
 *  'ARG'"). Returns -1 or bad's exit code. */
int rmi_cli_opt_nonneg(const char *opt, const char *unit, const char *arg, double *out,
                      rm_cli_bad_fn bad);

/** Option opt with a finite value > 0 in unit (--dw in Mflop, --host-w in
 *  s/Mflop, --default-bandwidth in Mb/s); else bad("OPT: expected a finite
 *  number > 0 (UNIT), got 'ARG'"). Returns -1 or bad's exit code. */
int rmi_cli_opt_positive(const char *opt, const char *unit, const char *arg, double *out,
                        rm_cli_bad_fn bad);

/** --max-q N: an integer in [0, INT_MAX] (0 = all hosts) into *out; else
 *  bad("--max-q: expected an integer >= 0 (0 = all hosts), got 'ARG'"). */
int rmi_cli_opt_max_q(const char *arg, int *out, rm_cli_bad_fn bad);

/** --dc-dw R1,R2,...: at most max comma-separated ratios D_c/D_w (Mb/Mflop),
 *  each finite >= 0, into ratios[0..*n); with distinct, a ratio given twice
 *  is refused. Messages: empty list, empty item (also a trailing comma),
 *  item too long (>= 64 characters), a bad number, more than max ratios,
 *  a ratio given twice. Returns -1 or bad's exit code (*n is then
 *  unspecified). O(|s| + n^2). */
int rmi_cli_opt_ratio_list(const char *s, double *ratios, int max, int *n, int distinct,
                          rm_cli_bad_fn bad);

/** The options map, sweep and compare share, by long name without "--":
 *  "duplex" (half or full) into opt->duplex, "network" (reserved or fair)
 *  into opt->network, "max-q" into opt->max_q, "overlap" (arg NULL or the
 *  boundary fraction in [0, 1], or K/N: the absolute boundary K of N
 *  columns) into opt->cost.overlap and overlap_boundary (or
 *  overlap_boundary_dw = K/N),
 *  "host-w" (s/Mflop, > 0) into ro->host_w, "default-bandwidth" (Mb/s, > 0)
 *  into ro->default_bandwidth. Returns -1 or bad's exit code (also for a
 *  name not in this list, "unknown option '--NAME'"). */
int rmi_cli_opt_common(const char *name, const char *arg, rm_options *opt, rm_read_options *ro,
                      rm_cli_bad_fn bad);

/** The sizes of a step as map and eval take them: --dc-dw R (have_dcdw), or
 *  the absolute --dc X (Mb) and --dw Y (Mflop), both or neither. */
typedef struct rm_cli_sizes {
    int have_dcdw, have_dc, have_dw;
    double dc, dw; /* Mb, Mflop (with --dc/--dw) */
} rm_cli_sizes;

/** A size option by long name without "--": "dc-dw" (finite >= 0, into
 *  opt->cost.dc_dw), "dc" (finite >= 0) or "dw" (finite > 0) into s, with
 *  the messages of rmi_cli_opt_nonneg / rmi_cli_opt_positive. Returns -1 or
 *  bad's exit code (also "unknown option '--NAME'" for another name). */
int rmi_cli_opt_size(const char *name, const char *arg, rm_cli_sizes *s, rm_options *opt,
                     rm_cli_bad_fn bad);

/** After the getopt loop, the pairs: bad("--dc given without --dw") (or
 *  the converse), bad("--dc-dw cannot be combined with --dc/--dw").
 *  Returns -1 or bad's exit code. */
int rmi_cli_sizes_check(const rm_cli_sizes *s, rm_cli_bad_fn bad);

/** Then the latency model and the absolute sizes: --latency needs --dc/--dw
 *  and --dc > 0; with --dc/--dw, opt->cost.dc = dc and opt->cost.dc_dw =
 *  dc/dw (bad when not finite). Returns -1 or bad's exit code. */
int rmi_cli_sizes_apply(const rm_cli_sizes *s, rm_options *opt, rm_cli_bad_fn bad);

/** The output file options map and eval share, by long name without "--":
 *  "json" (a file name or "-") into *json, "dot" and "svg" (file names) into
 *  *dot and *svg; an empty value is refused (bad). Returns -1 or bad's exit
 *  code (also "unknown option '--NAME'" for another name). */
int rmi_cli_opt_output(const char *name, const char *arg, const char **json, const char **dot,
                       const char **svg, rm_cli_bad_fn bad);

/** "T_step = X s (D_c = Mb, D_w = Mflop)" on f when the sizes are absolute
 *  (--dc/--dw), nothing otherwise: the line under map's and eval's table. */
void rmi_cli_print_absolute(FILE *f, const rm_cli_sizes *s, const rm_mapping *m);

struct option;

/** The base options of a command: the paper's setup (rm_options_init_paper)
 *  when --paper (getopt_long code paper_code among longopts) is anywhere on
 *  the command line, else rm_options_init's defaults; the command's own
 *  getopt loop then applies its explicit options on top, whatever their
 *  order. A first getopt_long pass over a copy of argv (errors ignored: the
 *  loop reports them; argv itself is not permuted); optind is reset for the
 *  loop. Returns 1 with
 *  --paper, else 0. O(argc). */
int rmi_cli_options_base(int argc, char **argv, const char *optstring,
                         const struct option *longopts, int paper_code, rm_options *opt);

/** The network model in prose for the text outputs: "fair (max-min, no
 *  reservation: ...)" or "reserved (the mapper's shares, ...)". */
const char *rmi_cli_network_title(rm_network_model n);

/** The --network and --paper entries of a command's --help on f, the
 *  default (rm_options_init's) marked. */
void rmi_cli_network_help(FILE *f);

/** What a command's bad-option reporter prints on stderr: prefix (e.g.
 *  "ringmap: sweep: "), the message fmt/ap, " (see HELP)" (e.g. help =
 *  "ringmap sweep --help") and a newline. Returns the exit code 2. */
int rmi_cli_vreport(const char *prefix, const char *help, const char *fmt, va_list ap);

/** printf-style format checking of a reporter's (fmt, ...) under GCC/Clang. */
#if defined(__GNUC__)
#define RM_CLI_PRINTF(fmt_arg, first_arg) __attribute__((format(printf, fmt_arg, first_arg)))
#else
#define RM_CLI_PRINTF(fmt_arg, first_arg)
#endif

/** Define `static int NAME(const char *fmt, ...)`, a command's reporter of a
 *  bad option (an rm_cli_bad_fn): rmi_cli_vreport(PREFIX, HELP, fmt, ...). */
#define RM_CLI_DEFINE_REPORTER(name, prefix, help)                                  \
    RM_CLI_PRINTF(1, 2) static int name(const char *fmt, ...)                        \
    {                                                                                \
        va_list ap;                                                                  \
        va_start(ap, fmt);                                                           \
        int code = rmi_cli_vreport(prefix, help, fmt, ap);                            \
        va_end(ap);                                                                  \
        return code;                                                                 \
    }

/** The error cases of a getopt_long loop run with a leading ':' in its
 *  optstring and opterr = 0: c == ':' gives bad("option 'X' needs an
 *  argument"), anything else bad("unknown option '-c'") or bad("unknown
 *  option 'X'"). Returns bad's exit code. */
int rmi_cli_getopt_error(int c, char **argv, rm_cli_bad_fn bad);

/** The one PLATFORM operand left after getopt: *platform = argv[optind] and
 *  -1; else bad("missing PLATFORM file") or bad("one PLATFORM file
 *  expected, got 'A' and 'B'"). */
int rmi_cli_platform_operand(int argc, char **argv, const char **platform, rm_cli_bad_fn bad);


/** Print a library error as "ringmap: MESSAGE" on stderr and return its exit
 *  code (rm_status_exit_code; 1 if that is 0). O(1). */
int rmi_cli_lib_failure(const rm_error *err);

/**
 * The preamble of the commands that map: check the options, read the
 * platform (ro), build its network with opt->duplex. Returns -1 on success
 * (*p and *net to be freed by the caller), else the exit code after printing
 * the library's message (rmi_cli_lib_failure); nothing to free then.
 * Complexity: reading + rm_network_init.
 */
/** Reader warnings (rm_read_options.warn) printed as "ringmap: warning: MSG". */
void rmi_cli_print_warning(void *ctx, const char *msg);

int rmi_cli_load(const char *path, const rm_read_options *ro, const rm_options *opt,
                rm_platform **p, rm_network *net);

#endif
