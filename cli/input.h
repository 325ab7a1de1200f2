/* input.h — where `ringmap map` reads its platform from: a file
 * whose format its extension says, any file or standard input ('-') with
 * --format NAME (the library's format table), or a measured bandwidth matrix and
 * host speeds (--bandwidth-matrix F --speeds F, CSV with host names,
 * include/ringmap/measured.h; also PLATFORM --format csv --speeds F). A
 * measured matrix is mapped with --routing direct unless --routing is given
 * (its cells are end-to-end figures, not links to route through). */
#ifndef RINGMAP_CLI_INPUT_H
#define RINGMAP_CLI_INPUT_H

#include "cli/options.h"
#include "ringmap.h"

#include <getopt.h>
#include <stdio.h>

enum {
    RM_CLI_INPUT_FORMAT = 760,
    RM_CLI_INPUT_BW_MATRIX,
    RM_CLI_INPUT_SPEEDS,
    RM_CLI_INPUT_BW_UNIT,
    RM_CLI_INPUT_SPEED_UNIT,
    RM_CLI_INPUT_LAT_MATRIX,
    RM_CLI_INPUT_LAT_UNIT,
    RM_CLI_INPUT_SMPI_FACTORS,
    RM_CLI_INPUT_BW_FACTOR,
    RM_CLI_INPUT_LAT_FACTOR,
    RM_CLI_INPUT_SYMMETRIC,
    RM_CLI_INPUT_END
};

#define RM_CLI_INPUT_LONGOPTS                                                   \
    {"format", required_argument, NULL, RM_CLI_INPUT_FORMAT},                   \
    {"bandwidth-matrix", required_argument, NULL, RM_CLI_INPUT_BW_MATRIX},      \
    {"speeds", required_argument, NULL, RM_CLI_INPUT_SPEEDS},                   \
    {"bandwidth-unit", required_argument, NULL, RM_CLI_INPUT_BW_UNIT},          \
    {"speed-unit", required_argument, NULL, RM_CLI_INPUT_SPEED_UNIT},           \
    {"latency-matrix", required_argument, NULL, RM_CLI_INPUT_LAT_MATRIX},       \
    {"latency-unit", required_argument, NULL, RM_CLI_INPUT_LAT_UNIT},           \
    {"smpi-factors", no_argument, NULL, RM_CLI_INPUT_SMPI_FACTORS},             \
    {"bw-factor", required_argument, NULL, RM_CLI_INPUT_BW_FACTOR},             \
    {"lat-factor", required_argument, NULL, RM_CLI_INPUT_LAT_FACTOR},           \
    {"symmetric", required_argument, NULL, RM_CLI_INPUT_SYMMETRIC}

#define RM_CLI_IS_INPUT_OPT(c) ((c) >= RM_CLI_INPUT_FORMAT && (c) < RM_CLI_INPUT_END)

/* The help of the options but --format (rmi_cli_input_help prints both). */
#define RM_CLI_INPUT_HELP                                                                \
    "  --bandwidth-matrix F  measured input instead of PLATFORM: a matrix with host\n"  \
    "                        names (comma, tab, ';' or blanks; empty cell or '-': no\n"  \
    "                        link) or an edge list src,dst,bandwidth[,latency];\n"      \
    "                        mapped with --routing direct unless --routing is given\n"  \
    "  --speeds F            CSV 'host,speed' (Mflop/s) or 'host,w' (s/Mflop)\n"        \
    "  --symmetric S         two directions of a pair that differ: auto (default: up\n" \
    "                        to 5 % noise averaged, more kept directed; a note),\n"     \
    "                        none (directed), max, mean, min (one link per pair; a\n"   \
    "                        triangle's one figure both ways)\n"                        \
    "  --bandwidth-unit U    unit of the matrix (Mb/s, Gbps, MBps = 8 Mb/s, MiB/s,\n"   \
    "                        ...; default: the corner cell's, else Mb/s)\n"             \
    "  --speed-unit U        unit of the speeds (Mflop/s, GFLOPS, Gf; s/Mflop,\n"         \
    "                        s/Gflop for w; default: the header's, else Mflop/s)\n"     \
    "  --latency-matrix F    with a bandwidth matrix: CSV of the same layout with\n"     \
    "                        each link's latency (s; empty where there is no link)\n"   \
    "  --latency-unit U      unit of the latencies (s, ms, us, ns; default: the\n"      \
    "                        corner cell's, else s)\n"                                  \
    "  --smpi-factors        calibrate the links as SMPI's default network model\n"     \
    "                        sees them for messages of D_c (needs --dc/--dw):\n"        \
    "                        bandwidths and latencies times SimGrid 3.32's\n"           \
    "                        smpi/bw-factor and smpi/lat-factor for that size\n"        \
    "  --bw-factor F         multiply every link's bandwidth by F (> 0)\n"              \
    "  --lat-factor F        multiply every link's latency by F (> 0)\n"

typedef struct rm_cli_input {
    const char *format; /* NULL: from the extension */
    const char *bw_matrix, *speeds, *bw_unit, *speed_unit;
    const char *lat_matrix, *lat_unit; /* --latency-matrix, --latency-unit */
    int routing_given; /* set by the command when --routing is given */
    /* the calibration (rm_platform_calibrate): --smpi-factors, and the
       factors of --bw-factor / --lat-factor (0 = not given) */
    int smpi_factors;
    double bw_factor, lat_factor;
    int symmetric, symmetric_given; /* --symmetric (rm_symmetric) */
} rm_cli_input;

/** Print the help of the input options on out: --format with the names of
 *  the library's format table (rm_platform_format_at), then
 *  RM_CLI_INPUT_HELP. */
void rmi_cli_input_help(FILE *out);

/** Option c (RM_CLI_IS_INPUT_OPT) with value arg. -1 or bad's code. */
int rmi_cli_input_opt(rm_cli_input *in, int c, const char *arg, rm_cli_bad_fn bad);

/** The PLATFORM operand or the matrix: *platform = the file to read (the
 *  matrix with --bandwidth-matrix, then no operand is allowed); --speeds
 *  needed for CSV; standard input used at most once. Sets opt->routing to
 *  direct for a matrix without --routing. -1 or bad's code. */
int rmi_cli_input_operand(rm_cli_input *in, int argc, char **argv, const char **platform,
                         rm_options *opt, rm_cli_bad_fn bad);

/** rmi_cli_load for this input: reads the platform (any format, '-'), builds
 *  the network. -1 or an exit code after a message. */
int rmi_cli_input_load(const rm_cli_input *in, const char *path, const rm_read_options *ro,
                      const rm_options *opt, rm_platform **p, rm_network *net);

#endif
