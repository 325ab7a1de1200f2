/* ring_opts.h — the options of the commands that value one ring, `ringmap
 * map` and `ringmap eval` (cli/ring_opts.c): the step's sizes (--dc-dw,
 * --dc/--dw), the cost model (--latency, --parallel-send), the routing
 * (--routing), SimGrid hosts' one core (--one-core) and the mapping's
 * outputs (--json, --dot, --svg). Their long options share one range of
 * getopt codes, so that each command's loop hands them on in one case; then
 * rmi_cli_ring_other takes the input and launch-file options and reports
 * the rest. Every parser returns -1 when the value is good, else the exit
 * code of the command's reporter (cli/options.h). */
#ifndef RINGMAP_CLI_RING_OPTS_H
#define RINGMAP_CLI_RING_OPTS_H

#include "cli/input.h"
#include "cli/launch_outputs.h"
#include "cli/options.h"
#include "ringmap.h"

#include <getopt.h>

enum {
    RM_CLI_RING_DCDW = 820,
    RM_CLI_RING_DC,
    RM_CLI_RING_DW,
    RM_CLI_RING_LATENCY,
    RM_CLI_RING_PARSEND,
    RM_CLI_RING_ROUTING,
    RM_CLI_RING_ONECORE,
    RM_CLI_RING_JSON,
    RM_CLI_RING_DOT,
    RM_CLI_RING_SVG,
    RM_CLI_RING_END
};

#define RM_CLI_RING_LONGOPTS                                                    \
    {"dc-dw", required_argument, NULL, RM_CLI_RING_DCDW},                       \
    {"dc", required_argument, NULL, RM_CLI_RING_DC},                            \
    {"dw", required_argument, NULL, RM_CLI_RING_DW},                            \
    {"latency", no_argument, NULL, RM_CLI_RING_LATENCY},                        \
    {"parallel-send", no_argument, NULL, RM_CLI_RING_PARSEND},                  \
    {"routing", required_argument, NULL, RM_CLI_RING_ROUTING},                  \
    {"one-core", no_argument, NULL, RM_CLI_RING_ONECORE},                       \
    {"json", required_argument, NULL, RM_CLI_RING_JSON},                        \
    {"dot", required_argument, NULL, RM_CLI_RING_DOT},                          \
    {"svg", required_argument, NULL, RM_CLI_RING_SVG}

#define RM_CLI_IS_RING_OPT(c) ((c) >= RM_CLI_RING_DCDW && (c) < RM_CLI_RING_END)

/** What those options set besides rm_options and rm_read_options. */
typedef struct rm_cli_ring_opts {
    rm_cli_sizes sz;       /* --dc-dw, --dc/--dw */
    const char *json;      /* NULL, "-" or a file name */
    const char *dot, *svg; /* --dot / --svg pictures (cli/pictures.c) */
} rm_cli_ring_opts;

/** One of the options above (getopt code c, RM_CLI_IS_RING_OPT) with its
 *  argument: the sizes into r->sz and opt->cost.dc_dw (rmi_cli_opt_size),
 *  --latency and --parallel-send into opt->cost, --routing into
 *  opt->routing (and in->routing_given), --one-core into ro->one_core, the
 *  outputs into r (rmi_cli_opt_output). Returns -1 or bad's exit code. */
int rmi_cli_ring_opt(int c, const char *arg, rm_cli_ring_opts *r, rm_options *opt,
                     rm_read_options *ro, rm_cli_input *in, rm_cli_bad_fn bad);

/** The codes a command's getopt loop leaves to its default case: one of the
 *  options above (rmi_cli_ring_opt), an input option (rmi_cli_input_opt), a
 *  launch-file option (rmi_cli_launch_opt), else the getopt error
 *  (rmi_cli_getopt_error). Returns -1 or bad's exit code. */
int rmi_cli_ring_other(int c, const char *arg, char **argv, rm_cli_ring_opts *r,
                       rm_options *opt, rm_read_options *ro, rm_cli_input *in,
                       rm_cli_launch *launch, rm_cli_bad_fn bad);

#endif
