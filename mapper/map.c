/*
 * map.c — the mapper, the library's entry points (the top of the library's
 * layers): run the heuristic the options name (its row of the heuristic
 * table, mapper/heuristics.c: SharedRing, SliceRing or an exact baseline),
 * then the final solver (KINSOL / GLPK) on the chosen ring; rm_map builds
 * the network of a platform first.
 */
#include "ringmap/mapper.h"
#include "mapper/heuristics.h"
#include "ring/args.h"
#include "heur/improve.h"
#include "topo/args.h"
#include "ring/refine.h"
#include "heur/heur.h"

#include <stddef.h>

/* The heuristic opt names, through the table (mapper/heuristics.c), on
 * arguments and options already checked: each entry point below checks them
 * ONCE (rm_options_check, and the network by rmi_network_args_check or
 * rm_network_init) and resolves the routing on the network
 * (rm_routing_resolve: RM_ROUTING_AUTO is the platform's fixed routes when
 * it has them, else widest paths), then only the row's unchecked run
 * function runs. */
static rm_status run_heuristic(const rm_network *net, const rm_options *opt, rm_mapping **out,
                               rm_error *err)
{
    const rmi_heuristic_row *row = rmi_heuristic_row_of(opt->heuristic);
    if (!row) /* rm_options_check lets through only the table's values */
        return rm_error_set(err, RM_EINPUT, "unknown heuristic %d", (int)opt->heuristic);
    rm_status st = row->run(net, opt, out, err);
    if (!st)
        (*out)->heuristic = opt->heuristic;
    return st;
}

rm_status rmi_run_heuristic(const rm_network *net, const rm_options *opt, rm_mapping **out,
                           rm_error *err)
{
    rm_options run; /* opt with its routing resolved (ring/args.h) */
    rm_status st = rmi_heuristic_args_check(net, opt, out, "rmi_run_heuristic", &run, err);
    return st ? st : run_heuristic(net, &run, out, err);
}

/* rm_map_network on checked arguments and options, routing resolved: the
 * heuristic, then the final solver on its ring. */
static rm_status map_network(const rm_network *net, const rm_options *opt, rm_mapping **out,
                             rm_error *err)
{
    rm_mapping *m = NULL;
    rm_status st = run_heuristic(net, opt, &m, err);
    if (st)
        return st;
    if (opt->improve ? (st = rmi_improve_step(net, opt, &m, err)) /* heur/improve.h */
        : opt->final_solver != RM_FINAL_NONE &&
              (st = rmi_mapping_refine_solver_lim(net, m, opt->final_solver, opt->final_tol,
                                                  &opt->final_limits, NULL, err))) {
        rm_mapping_free(m);
        return st;
    }
    *out = m;
    return RM_OK;
}

rm_status rm_map(const rm_platform *p, const rm_options *opt, rm_mapping **out, rm_error *err)
{
    if (out)
        *out = NULL;
    rm_status st = rmi_arg_nonnull(out, "rm_map", "out", err); /* topo/args.h */
    if (!st)
        st = rm_options_check(opt, err);
    if (st)
        return st;
    rm_network net;
    if ((st = rm_network_init(&net, p, opt->duplex, err)))
        return st;
    rm_options run = *opt; /* checked above; the routing resolved on the network */
    run.routing = rm_routing_resolve(&net, opt->routing);
    st = map_network(&net, &run, out, err);
    rm_network_destroy(&net);
    return st;
}

rm_status rm_map_network(const rm_network *net, const rm_options *opt, rm_mapping **out,
                         rm_error *err)
{
    /* out, the network (and its platform) and the options, once; the
       routing resolved on the network (ring/args.h) */
    rm_options run;
    rm_status st = rmi_heuristic_args_check(net, opt, out, "rm_map_network", &run, err);
    return st ? st : map_network(net, &run, out, err);
}
