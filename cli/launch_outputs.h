/* launch_outputs.h — the files that launch a solver on the computed ring
 * (docs/launch.md), written by `ringmap map` next to the table and JSON:
 *   --hostfile F     Open MPI hostfile, "HOST slots=1" in ring order;
 *   --rankfile F     Open MPI rankfile, "rank k=HOST slot=0";
 *   --machinefile F  MPICH Hydra machinefile, "HOST:1" in ring order (also
 *                    what smpirun takes);
 *   --tpwgts F       METIS target part weights (gpmetis -tpwgts), "k = alpha_k";
 *   --units N        integer work shares of N units (include/ringmap/shares.h)
 *                    in the table and the JSON; --units-csv F as CSV
 *                    "rank,host,w,alpha,units".
 * Rank k = ring position k everywhere. With --heuristic both the files follow
 * SharedRing's ring. Each file is checked before any computation and written
 * through a temporary file renamed at the end (cli/outfile.h); "-" is
 * standard output (then the table is not printed). */
#ifndef RINGMAP_CLI_LAUNCH_OUTPUTS_H
#define RINGMAP_CLI_LAUNCH_OUTPUTS_H

#include "cli/options.h"
#include "ringmap.h"

#include <getopt.h>
#include <stdio.h>

enum {
    RM_CLI_LAUNCH_HOSTFILE = 700,
    RM_CLI_LAUNCH_RANKFILE,
    RM_CLI_LAUNCH_MACHINEFILE,
    RM_CLI_LAUNCH_TPWGTS,
    RM_CLI_LAUNCH_UNITS,
    RM_CLI_LAUNCH_UNITS_CSV,
    RM_CLI_LAUNCH_LABEL_MAP,
    RM_CLI_LAUNCH_END
};

/** The getopt_long entries of the launch options (for a longopts table). */
#define RM_CLI_LAUNCH_LONGOPTS                                                \
    {"hostfile", required_argument, NULL, RM_CLI_LAUNCH_HOSTFILE},            \
    {"rankfile", required_argument, NULL, RM_CLI_LAUNCH_RANKFILE},            \
    {"machinefile", required_argument, NULL, RM_CLI_LAUNCH_MACHINEFILE},      \
    {"tpwgts", required_argument, NULL, RM_CLI_LAUNCH_TPWGTS},                \
    {"units", required_argument, NULL, RM_CLI_LAUNCH_UNITS},                  \
    {"units-csv", required_argument, NULL, RM_CLI_LAUNCH_UNITS_CSV},          \
    {"label-map", required_argument, NULL, RM_CLI_LAUNCH_LABEL_MAP}

/** Is getopt's value c one of the launch options? */
#define RM_CLI_IS_LAUNCH_OPT(c) ((c) >= RM_CLI_LAUNCH_HOSTFILE && (c) < RM_CLI_LAUNCH_END)

/** The help lines of the launch options. */
#define RM_CLI_LAUNCH_HELP                                                               \
    "  --hostfile FILE       Open MPI hostfile of the ring, 'HOST slots=1' in ring\n"    \
    "                        order: mpirun -np Q --hostfile FILE puts rank k on ring\n"  \
    "                        position k\n"                                               \
    "  --rankfile FILE       Open MPI rankfile, 'rank k=HOST slot=0' (Open MPI 4:\n"     \
    "                        mpirun -np Q --rankfile FILE; 5: --map-by rankfile:file=FILE)\n" \
    "  --machinefile FILE    MPICH (Hydra) machinefile, 'HOST:1' in ring order\n"        \
    "                        (mpiexec -f FILE; smpirun -hostfile FILE)\n"                \
    "  --tpwgts FILE         METIS target part weights 'k = alpha_k' (gpmetis\n"         \
    "                        -tpwgts=FILE GRAPH Q): part k for ring position k\n"        \
    "  --units N             integer work shares of N equal units (optimal for eq. (1)\n" \
    "                        with the route costs) in the table and the JSON\n"          \
    "  --units-csv FILE      the same as CSV: rank,host,w,alpha,units (needs --units)\n" \
    "  --label-map FILE      rename nodes before anything is printed or written: CSV\n"  \
    "                        lines 'LABEL,HOSTNAME' (only the ring's hosts need names\n" \
    "                        a hostfile, rankfile or machinefile can carry)\n"

typedef struct rm_cli_launch {
    const char *hostfile, *rankfile, *machinefile, *tpwgts, *units_csv;
    const char *label_map; /* --label-map FILE, NULL: none */
    long units;       /* N of --units, -1: not asked */
    long *unit_count; /* q entries once prepared */
    double units_t;   /* T_step/D_w of the integer shares */
    int q;
} rm_cli_launch;

/** Zero l (no launch output asked). */
void rmi_cli_launch_init(rm_cli_launch *l);

/** Option c (RM_CLI_IS_LAUNCH_OPT) with value arg into l. -1 or bad's code. */
int rmi_cli_launch_opt(rm_cli_launch *l, int c, const char *arg, rm_cli_bad_fn bad);

/** After parsing, before reading anything: --units-csv needs --units; at
 *  most one output (--json included) on standard output; then every output
 *  of the command (the launch files, json, dot, svg; NULL: not asked)
 *  through rmi_out_check_all against the n_in inputs (cli/outfile.h: not a
 *  directory, not an input, not two on one file), and the directory of each
 *  launch file must exist and be writable. -1 or an exit code (2) after a
 *  message. */
int rmi_cli_launch_check(const rm_cli_launch *l, const char *const *inputs, int n_in,
                        const char *json, const char *dot, const char *svg, rm_cli_bad_fn bad);

/** 1 if a launch output goes to standard output. */
int rmi_cli_launch_stdout(const rm_cli_launch *l);

/** After reading the platform, before mapping: with --label-map, rename the
 *  nodes it names (CSV lines 'LABEL,HOSTNAME', '#' comments and blank lines
 *  skipped; each LABEL names exactly one node, each HOSTNAME a name the launch
 *  files can carry). -1, or 2 (1: out of memory) after a message naming the
 *  file and line. O(lines * N). */
int rmi_cli_launch_apply_labels(const rm_cli_launch *l, rm_platform *p);

/** Compute the integer shares of --units for mapping m, after checking,
 *  with a hostfile, rankfile or machinefile asked, that every host of the
 *  ring (only those: other nodes' labels may be anything) has a name those
 *  files can carry (letters, digits, '.', '-', '_'; not empty, not starting
 *  with '-') and that no two ring hosts share one (compared ignoring case
 *  and a final '.', as the resolver does): the files would name one machine
 *  twice. The refusal (exit 2) names the ring position and node, and
 *  suggests --label-map. With both_title
 *  (the --heuristic both run: the title of the heuristic whose ring is
 *  handed on) says on stderr which ring the launch outputs follow; NULL
 *  otherwise. -1 or an exit code. */
int rmi_cli_launch_prepare(rm_cli_launch *l, const rm_network *net, const rm_mapping *m,
                           const char *both_title);

/** Print the integer shares under the table (nothing without --units). */
void rmi_cli_launch_print(FILE *f, const rm_cli_launch *l, const rm_network *net,
                         const rm_mapping *m);

/** Write every launch file asked for mapping m. 0 or an exit code. */
int rmi_cli_launch_write(const rm_cli_launch *l, const rm_network *net, const rm_mapping *m);

/** Free what prepare allocated. */
void rmi_cli_launch_free(rm_cli_launch *l);

/** The mapping document of m (rm_mapping_write_json_extras with opt and
 *  x) to path ("-": standard output) through rmi_out_write: map's and
 *  eval's --json. A writer error is reported by fail (the command's
 *  prefix). Returns 0 or the exit code. */
int rmi_cli_write_mapping_json(const char *path, const rm_network *net, const rm_options *opt,
                               const rm_mapping *m, const rm_json_extras *x,
                               int (*fail)(const rm_error *err));

#endif
