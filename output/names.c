/*
 * names.c — the one table of the names of the library's enums (the
 * spelling of the mapping JSON, of the DOT and table outputs and of the
 * command's options): heuristic, sharing policy, final solver, routing,
 * duplex, route tie rule, --improve's stop, share method, network model,
 * alpha rule, final solver's outcome, the judge's outcome
 * (include/ringmap/output.h, rm_enum_name / rm_enum_from_name). The JSON
 * writer and reader, the DOT writer, the table and the CLI's option parser
 * read it; a new enum value gets its name here only.
 */
#include "ringmap/output.h"
#include "ringmap/measured.h"

#include <stddef.h>
#include <string.h>

static const rm_enum_entry heuristics[] = {{"shared", RM_HEUR_SHARED},
                                           {"slice", RM_HEUR_SLICE},
                                           {"exact", RM_HEUR_SHARED_EXACT},
                                           {"slice-exact", RM_HEUR_SLICE_EXACT},
                                           {"both", RM_HEUR_BOTH}};
static const rm_enum_entry sharings[] = {
    {"greedy", RM_SHARING_GREEDY}, {"maxmin", RM_SHARING_MAXMIN}, {"eq5", RM_SHARING_EQ5}};
static const rm_enum_entry final_solvers[] = {
    {"none", RM_FINAL_NONE}, {"kinsol", RM_FINAL_KINSOL}, {"glpk", RM_FINAL_GLPK}};
static const rm_enum_entry routings[] = {{"widest", RM_ROUTING_WIDEST},
                                         {"direct", RM_ROUTING_DIRECT},
                                         {"fixed", RM_ROUTING_FIXED},
                                         {"auto", RM_ROUTING_AUTO}};
static const rm_enum_entry duplexes[] = {{"half", RM_DUPLEX_HALF}, {"full", RM_DUPLEX_FULL}};
static const rm_enum_entry route_ties[] = {
    {"index", RM_TIES_INDEX}, {"hops", RM_TIES_HOPS},   {"load", RM_TIES_LOAD},
    {"bottleneck2", RM_TIES_BOTTLENECK2}, {"share", RM_TIES_SHARE}, {"best", RM_TIES_BEST}};
static const rm_enum_entry improve_stops[] = {{"not_run", RM_IMPROVE_NOT_RUN},
                                              {"local_optimum", RM_IMPROVE_STOP_LOCAL},
                                              {"move_limit", RM_IMPROVE_STOP_MOVES},
                                              {"time_budget", RM_IMPROVE_STOP_BUDGET},
                                              {"evaluation_limit", RM_IMPROVE_STOP_EVALS}};
static const rm_enum_entry steps[] = {
    {"heuristic", RM_STEP_HEURISTIC}, {"search", RM_STEP_SEARCH}, {"final_solver", RM_STEP_FINAL},
    {"fluid_check", RM_STEP_FLUID}, {"simulated_pick", RM_STEP_SIMULATE}};
static const rm_enum_entry networks[] = {{"reserved", RM_NETWORK_RESERVED},
                                         {"fair", RM_NETWORK_FAIR}};
static const rm_enum_entry alpha_rules[] = {{"best", RM_ALPHA_BEST}, {"speed", RM_ALPHA_SPEED},
                                            {"additive", RM_ALPHA_ADDITIVE}};
static const rm_enum_entry final_outcomes[] = {{"not_run", RM_FINAL_OUTCOME_NOT_RUN},
                                               {"improved", RM_FINAL_OUTCOME_IMPROVED},
                                               {"no_gain", RM_FINAL_OUTCOME_NO_GAIN},
                                               {"failed", RM_FINAL_OUTCOME_FAILED}};
static const rm_enum_entry symmetrics[] = {{"auto", RM_SYMMETRIC_AUTO},
                                           {"none", RM_SYMMETRIC_NONE},
                                           {"max", RM_SYMMETRIC_MAX},
                                           {"mean", RM_SYMMETRIC_MEAN},
                                           {"min", RM_SYMMETRIC_MIN}};
static const rm_enum_entry judges[] = {{"not_run", RM_JUDGE_NOT_RUN},
                                       {"simulated", RM_JUDGE_SIMULATED},
                                       {"over_budget", RM_JUDGE_OVER_BUDGET},
                                       {"refused", RM_JUDGE_REFUSED}};
static const rm_enum_entry share_methods[RM_N_SHARE_METHODS] = {
    {"own", 0}, {"maxmin", 1}, {"eq5", 2}, {"kinsol", 3}, {"glpk", 4}};

#define ROWS(t) t, (int)(sizeof t / sizeof t[0])
static const struct {
    const rm_enum_entry *rows;
    int n;
} tables[] = {
    [RM_ENUM_HEURISTIC] = {ROWS(heuristics)},       [RM_ENUM_SHARING] = {ROWS(sharings)},
    [RM_ENUM_FINAL_SOLVER] = {ROWS(final_solvers)}, [RM_ENUM_ROUTING] = {ROWS(routings)},
    [RM_ENUM_DUPLEX] = {ROWS(duplexes)},            [RM_ENUM_ROUTE_TIES] = {ROWS(route_ties)},
    [RM_ENUM_IMPROVE_STOP] = {ROWS(improve_stops)}, [RM_ENUM_SHARE_METHOD] = {ROWS(share_methods)},
    [RM_ENUM_NETWORK] = {ROWS(networks)},           [RM_ENUM_ALPHA_RULE] = {ROWS(alpha_rules)},
    [RM_ENUM_STEP] = {ROWS(steps)},
    [RM_ENUM_FINAL_OUTCOME] = {ROWS(final_outcomes)},
    [RM_ENUM_SYMMETRIC] = {ROWS(symmetrics)},
    [RM_ENUM_JUDGE] = {ROWS(judges)},
};
#define N_KINDS ((int)(sizeof tables / sizeof tables[0]))

const rm_enum_entry *rm_enum_entries(rm_enum_kind kind, int *n)
{
    int k = (int)kind;
    if (k < 0 || k >= N_KINDS) {
        if (n)
            *n = 0;
        return NULL;
    }
    if (n)
        *n = tables[k].n;
    return tables[k].rows;
}

const char *rm_enum_name(rm_enum_kind kind, int value)
{
    int n;
    const rm_enum_entry *e = rm_enum_entries(kind, &n);
    for (int i = 0; i < n; i++)
        if (e[i].value == value)
            return e[i].name;
    return NULL;
}

rm_status rm_enum_from_name(rm_enum_kind kind, const char *name, int *value)
{
    int n;
    const rm_enum_entry *e = rm_enum_entries(kind, &n);
    if (!e || !name || !value)
        return RM_EINVAL;
    for (int i = 0; i < n; i++)
        if (strcmp(e[i].name, name) == 0) {
            *value = e[i].value;
            return RM_OK;
        }
    return RM_EINPUT;
}
