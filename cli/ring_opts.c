/*
 * ring_opts.c — the options `ringmap map` and `ringmap eval` share (see
 * ring_opts.h).
 */
#include "cli/ring_opts.h"

int rmi_cli_ring_opt(int c, const char *arg, rm_cli_ring_opts *r, rm_options *opt,
                     rm_read_options *ro, rm_cli_input *in, rm_cli_bad_fn bad)
{
    int code, v;
    switch (c) {
    case RM_CLI_RING_DCDW: return rmi_cli_opt_size("dc-dw", arg, &r->sz, opt, bad);
    case RM_CLI_RING_DC: return rmi_cli_opt_size("dc", arg, &r->sz, opt, bad);
    case RM_CLI_RING_DW: return rmi_cli_opt_size("dw", arg, &r->sz, opt, bad);
    case RM_CLI_RING_LATENCY: opt->cost.latency = 1; return -1;
    case RM_CLI_RING_PARSEND: opt->cost.parallel_send = 1; return -1;
    case RM_CLI_RING_ROUTING:
        if ((code = rmi_cli_opt_enum("--routing", RM_ENUM_ROUTING, arg, &v, bad)) >= 0)
            return code;
        opt->routing = (rm_routing)v;
        in->routing_given = 1;
        return -1;
    case RM_CLI_RING_ONECORE: ro->one_core = 1; return -1;
    case RM_CLI_RING_JSON: return rmi_cli_opt_output("json", arg, &r->json, &r->dot, &r->svg, bad);
    case RM_CLI_RING_DOT: return rmi_cli_opt_output("dot", arg, &r->json, &r->dot, &r->svg, bad);
    case RM_CLI_RING_SVG: return rmi_cli_opt_output("svg", arg, &r->json, &r->dot, &r->svg, bad);
    default: return bad("unknown option code %d", c);
    }
}

int rmi_cli_ring_other(int c, const char *arg, char **argv, rm_cli_ring_opts *r,
                       rm_options *opt, rm_read_options *ro, rm_cli_input *in,
                       rm_cli_launch *launch, rm_cli_bad_fn bad)
{
    if (RM_CLI_IS_RING_OPT(c))
        return rmi_cli_ring_opt(c, arg, r, opt, ro, in, bad);
    if (RM_CLI_IS_INPUT_OPT(c))
        return rmi_cli_input_opt(in, c, arg, bad);
    if (!RM_CLI_IS_LAUNCH_OPT(c))
        return rmi_cli_getopt_error(c, argv, bad);
    return rmi_cli_launch_opt(launch, c, arg, bad);
}
