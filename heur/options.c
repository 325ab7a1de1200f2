/*
 * options.c — the heuristics' options (rm_options: defaults and checks,
 * include/ringmap/heur.h) and the argument check of their entry points.
 */
#include "heur/options.h"
#include "ring/args.h"
#include "topo/io/readers.h"
#include "ringmap/output.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <stddef.h>

/* rm_options.columns (1.5) follows the slots 1.2 took (docs/library.md,
   "ABI notes"): its own slot, the 4th of the reserved tail */
_Static_assert(offsetof(rm_options, columns) ==
                   offsetof(rm_options, reserved) + 3 * sizeof(rm_reserved_slot),
               "rm_options.columns: the 4th reserved slot");
_Static_assert(offsetof(rm_options, search_progress) + sizeof(void (*)(void)) <=
                   offsetof(rm_options, columns),
               "rm_options.columns after the 1.2 fields");

/* rm_options.simulate_file (1.7): the 5th slot of the reserved tail */
_Static_assert(offsetof(rm_options, simulate_file) ==
                   offsetof(rm_options, reserved) + 4 * sizeof(rm_reserved_slot),
               "rm_options.simulate_file: the 5th reserved slot");

/* The setup of Legrand et al. 2004 (§4.4, Tables 3-4): reserved shares,
 * SharedRing with the greedy's sharing, no search, no final solver. */
void rm_options_init_paper(rm_options *opt)
{
    memset(opt, 0, sizeof *opt);
    rm_cost_model_init(&opt->cost);
    opt->heuristic = RM_HEUR_SHARED;
    opt->sharing = RM_SHARING_GREEDY;
    opt->make_feasible = RM_SHARING_MAXMIN;
    opt->final_solver = RM_FINAL_NONE;
    opt->share_tol = 1e-10;
    opt->final_tol = 0.0;
    opt->final_limits = (rm_solver_limits){0}; /* the solvers' own */
    opt->duplex = RM_DUPLEX_HALF;
    opt->max_q = 0;
    opt->routing = RM_ROUTING_AUTO; /* rm_routing_resolve (topo/route/routing.c) */
    opt->improve = 0;
    opt->improve_seconds = 0.0; /* no wall-clock cap: the budget is improve_max_evals */
    opt->improve_max_moves = 1000;
    opt->improve_max_evals = RM_IMPROVE_EVALS_AUTO; /* scaled with the platform */
    opt->route_ties = RM_TIES_INDEX;
    opt->network = RM_NETWORK_RESERVED;
}

void rm_options_init(rm_options *opt)
{
    rm_options_init_paper(opt);
    /* the links shared as the network shares them without reservation
       (docs/model.md, "Two network models") */
    opt->network = RM_NETWORK_FAIR;
    /* the pipeline (mapper/map.c, docs/improve.md): both heuristics, the
       better ring handed on, the local search on it (its budget in
       evaluations: the same mapping on any machine); SliceRing with its
       near-tie rule (7-25x faster on 1,000-host clusters, docs/scale.md) */
    opt->heuristic = RM_HEUR_BOTH;
    opt->improve = 1;
    opt->slice_ties = 1;
}

/* Under the fair network model the shares are the network's (max-min), so
 * an option that asks for reserved shares is refused, naming the option
 * and the model where it applies. */
static rm_status check_network(const rm_options *opt, rm_error *err)
{
    if (opt->network != RM_NETWORK_FAIR)
        return RM_OK;
    if (opt->final_solver != RM_FINAL_NONE)
        return rm_error_set(err, RM_EINPUT,
                            "--final-solver %s computes reserved shares (the optimum of the "
                            "shares when the platform reserves them); under --network fair the "
                            "network shares every link max-min fairly: use --network reserved "
                            "with it",
                            rm_enum_name(RM_ENUM_FINAL_SOLVER, (int)opt->final_solver));
    /* SharedRing and its exhaustive baseline ignore the make-feasible step */
    if (opt->make_feasible == RM_SHARING_EQ5 && opt->heuristic != RM_HEUR_SHARED &&
        opt->heuristic != RM_HEUR_SHARED_EXACT)
        return rm_error_set(err, RM_EINPUT,
                            "--make-feasible eq5 reserves shares (eq. (5)'s optimum); under "
                            "--network fair the network shares every link max-min fairly "
                            "(--make-feasible maxmin): use --network reserved with it");
    return RM_OK;
}

rm_status rm_options_check(const rm_options *opt, rm_error *err)
{
    if (!opt)
        return rm_error_set(err, RM_EINVAL, "options are NULL (use rm_options_init)");
    rm_status st = rm_cost_model_check(&opt->cost, err);
    if (st)
        return st;
    /* the heuristics are the named values of rm_heuristic (output/names.c;
       the mapper's table runs exactly these, tests/test_heuristics.c) */
    if (!rm_enum_name(RM_ENUM_HEURISTIC, (int)opt->heuristic))
        return rm_error_set(err, RM_EINPUT, "unknown heuristic %d", (int)opt->heuristic);
    if ((int)opt->sharing < RM_SHARING_GREEDY || opt->sharing > RM_SHARING_EQ5)
        return rm_error_set(err, RM_EINPUT, "unknown sharing policy %d", (int)opt->sharing);
    if (opt->make_feasible != RM_SHARING_MAXMIN && opt->make_feasible != RM_SHARING_EQ5)
        return rm_error_set(err, RM_EINPUT,
                            "SliceRing's make-feasible step must be max-min or eq. (5) (got %d)",
                            (int)opt->make_feasible);
    if (!rm_enum_name(RM_ENUM_NETWORK, (int)opt->network))
        return rm_error_set(err, RM_EINPUT, "unknown network model %d", (int)opt->network);
    if ((int)opt->final_solver < RM_FINAL_NONE || opt->final_solver > RM_FINAL_GLPK)
        return rm_error_set(err, RM_EINPUT, "unknown final solver %d", (int)opt->final_solver);
    if ((st = check_network(opt, err)))
        return st;
    if (!(opt->share_tol >= 0.0 && opt->share_tol <= 0.1))
        return rm_error_set(err, RM_EINPUT, "share_tol must be in [0, 0.1] (got %g)",
                            opt->share_tol);
    if (!(opt->final_tol >= 0.0 && opt->final_tol <= 0.1))
        return rm_error_set(err, RM_EINPUT, "final_tol must be in [0, 0.1] (got %g)",
                            opt->final_tol);
    const rm_solver_limits *fl = &opt->final_limits;
    if (fl->kinsol_max_newton < 0 || fl->kinsol_max_set_changes < 0 || fl->glpk_max_lps < 0)
        return rm_error_set(err, RM_EINPUT, "final_limits.%s must be >= 0 (0 = the solver's own; got %d)",
                            fl->kinsol_max_newton < 0        ? "kinsol_max_newton"
                            : fl->kinsol_max_set_changes < 0 ? "kinsol_max_set_changes"
                                                             : "glpk_max_lps",
                            fl->kinsol_max_newton < 0        ? fl->kinsol_max_newton
                            : fl->kinsol_max_set_changes < 0 ? fl->kinsol_max_set_changes
                                                             : fl->glpk_max_lps);
    if (opt->duplex != RM_DUPLEX_HALF && opt->duplex != RM_DUPLEX_FULL)
        return rm_error_set(err, RM_EINPUT, "unknown duplex model %d", (int)opt->duplex);
    if (opt->threads < 0)
        return rm_error_set(err, RM_EINPUT, "thread count must be >= 0 (0 = all cores; got %d)",
                            opt->threads);
    if (opt->max_q < 0)
        return rm_error_set(err, RM_EINPUT, "maximum ring size must be >= 0 (got %d)", opt->max_q);
    if (opt->routing != RM_ROUTING_WIDEST && opt->routing != RM_ROUTING_DIRECT &&
        opt->routing != RM_ROUTING_FIXED && opt->routing != RM_ROUTING_AUTO)
        return rm_error_set(err, RM_EINPUT, "unknown routing %d", (int)opt->routing);
    if (opt->improve != 0 && opt->improve != 1)
        return rm_error_set(err, RM_EINPUT, "improve must be 0 or 1 (got %d)", opt->improve);
    if (!isfinite(opt->improve_seconds) || opt->improve_seconds < 0.0)
        return rm_error_set(err, RM_EINPUT,
                            "improve_seconds must be a finite number >= 0 (0 = no budget; got %g)",
                            opt->improve_seconds);
    if (opt->stop_patience < 0)
        return rm_error_set(err, RM_EINPUT, "stop_patience must be >= 0 (0 = off; got %d)",
                            opt->stop_patience);
    if (opt->improve_max_moves < 0)
        return rm_error_set(err, RM_EINPUT, "improve_max_moves must be >= 0 (0 = no limit; got %d)",
                            opt->improve_max_moves);
    if (opt->improve_max_evals < 0 && opt->improve_max_evals != RM_IMPROVE_EVALS_AUTO)
        return rm_error_set(err, RM_EINPUT,
                            "improve_max_evals must be >= 0 (0 = no limit) or "
                            "RM_IMPROVE_EVALS_AUTO (got %lld)",
                            opt->improve_max_evals);
    if (opt->columns < 0)
        return rm_error_set(err, RM_EINPUT, "columns must be >= 0 (0 = not known; got %lld)",
                            opt->columns);
    if ((int)opt->route_ties < RM_TIES_INDEX || opt->route_ties > RM_TIES_BEST)
        return rm_error_set(err, RM_EINPUT,
                            "unknown route tie rule %d (index, hops, load, bottleneck2, share or best)",
                            (int)opt->route_ties);
    return RM_OK;
}

rm_status rmi_heuristic_args_check(const rm_network *net, const rm_options *opt,
                                   rm_mapping **out, const char *fn, rm_options *run,
                                   rm_error *err)
{
    if (!out)
        return rm_error_set(err, RM_EINVAL, "%s: out is NULL", fn);
    *out = NULL;
    rm_status st = rmi_network_args_check(net, fn, err);
    if (!st)
        st = rm_options_check(opt, err);
    if (!st)
        st = rmi_latency_routes_check(net->platform, opt, err);
    /* the overlap model (rm_cost_model.overlap): the final solvers' problem
       (solvers/tstep_problem.c) is the additive T_step of eq. (1) */
    if (!st && opt->cost.overlap && opt->final_solver != RM_FINAL_NONE) {
        const char *fs = rm_enum_name(RM_ENUM_FINAL_SOLVER, (int)opt->final_solver);
        st = rm_error_set(err, RM_EINPUT,
                          "final solver %s: its reserved shares minimise the additive model's "
                          "T_step (eq. (1)), not the overlap model's (--overlap); use "
                          "--final-solver none",
                          fs ? fs : "?");
    }
    if (!st) {
        *run = *opt;
        run->routing = rm_routing_resolve(net, opt->routing); /* the one policy (ring.h) */
    }
    return st;
}

rm_status rmi_latency_routes_check(const rm_platform *p, const rm_options *opt, rm_error *err)
{
    if (p && p->fixed_pieces && opt->routing == RM_ROUTING_WIDEST)
        return rm_error_set(err, RM_EINPUT,
                            "%s: --routing widest: the platform's SimGrid routes are kept as "
                            "pieces (above %d hosts), its links joined at one hub node, "
                            "where widest paths would skip every link; map on SimGrid's own "
                            "routes (--routing fixed, the default)",
                            p->name && *p->name ? p->name : "platform", RM_SIMGRID_PAIRS_MAX);
    if (!p || p->n_latency_routes <= 0 || opt->cost.latency)
        return RM_OK;
    return rm_error_set(err, RM_EINPUT,
                        "%s: %ld route(s) cross no link and have only a latency (a Vivaldi "
                        "zone's hosts: the distance of their coordinates), which costs nothing "
                        "without the latency in the cost model: map with --latency --dc D_c "
                        "(Mb) (rm_options.cost.latency = 1 and cost.dc)",
                        p->name && *p->name ? p->name : "platform", p->n_latency_routes);
}
