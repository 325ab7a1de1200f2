/*
 * map.c — the mapper, the library's entry points (the top of the library's
 * layers): run the heuristic the options name (its row of the heuristic
 * table, mapper/heuristics.c: SharedRing, SliceRing or an exact baseline),
 * then the local search and the final solver (KINSOL / GLPK) on the chosen
 * ring, each step kept only when it does not make T_step worse and recorded
 * in the mapping (rm_mapping.steps); rm_map builds the network of a
 * platform first.
 */
#include "ringmap/mapper.h"
#include "mapper/heuristics.h"
#include "mapper/fluid_pick.h"
#include "mapper/sim_pick.h"
#include "ring/args.h"
#include "heur/improve.h"
#include "topo/args.h"
#include "ring/refine.h"
#include "heur/heur.h"
#include "heur/route_ties.h"
#include "ring/steps.h"
#include "ring/dynamic_cols.h"
#include "ringmap/output.h"
#include "ringmap/shares.h"

#include <limits.h>
#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

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
    if (!st) {
        if (opt->heuristic != RM_HEUR_BOTH) /* both: the one whose ring it hands on */
            (*out)->heuristic = opt->heuristic;
        (*out)->network = opt->network; /* every number valued under it */
    }
    return st;
}

rm_status rmi_run_heuristic(const rm_network *net, const rm_options *opt, rm_mapping **out,
                           rm_error *err)
{
    rm_options run; /* opt with its routing resolved (ring/args.h) */
    rm_status st = rmi_heuristic_args_check(net, opt, out, "rmi_run_heuristic", &run, err);
    return st ? st : run_heuristic(net, &run, out, err);
}

/* Hand src's ring, routes, shares, alphas, T_step and final-solver record
 * to dst (the rest of dst, its sweep and steps, stays); src is freed. */
static void adopt(rm_mapping *dst, rm_mapping *src)
{
    rm_mapping t = *dst;
    dst->q = src->q, src->q = t.q;
    dst->ring = src->ring, src->ring = t.ring;
    dst->alpha = src->alpha, src->alpha = t.alpha;
    dst->succ = src->succ, src->succ = t.succ;
    dst->pred = src->pred, src->pred = t.pred;
    dst->t_step_per_dw = src->t_step_per_dw;
    dst->sharing = src->sharing;
    dst->final_solver = src->final_solver;
    dst->final_gap = src->final_gap;
    dst->final_converged = src->final_converged;
    rm_mapping_free(src);
}

/* T_step/D_w of m with whole columns (beyond the paper; docs/improve.md,
 * "Whole columns"): the run's opt->columns columns allocated as iterapp
 * allocates them (rm_mapping_units, at least one per ring position: the
 * integer optimum of eq. (1) of Legrand et al. 2004, Boulet et al. 1999),
 * valued by rm_mapping_units_tstep. NAN when the columns are not known
 * (0), fewer than the ring's positions, or out of memory. O(q^2 + L). */
static double whole_tstep(const rm_network *net, const rm_options *opt, const rm_mapping *m)
{
    if (opt->columns <= 0 || opt->columns > LONG_MAX || m->q < 1)
        return NAN;
    long n = (long)opt->columns, *u = malloc((size_t)m->q * sizeof *u);
    double t = NAN;
    if (u && !rm_mapping_units(net, m, n, 1, u, NULL))
        t = rm_mapping_units_tstep(net, m, n, u);
    free(u);
    return t;
}

/* The whole-column check of a search result c against the ring inc it
 * would replace: 1 when the columns are not known, when inc's whole-column
 * T_step is not defined, or when c's is not higher than inc's (*tc, *ti:
 * the two values, NAN where not defined). A gain of the model smaller than
 * a column's share of a host's time can turn into a loss once the columns
 * are whole numbers. */
static int whole_ok(const rm_network *net, const rm_options *opt, const rm_mapping *inc,
                    const rm_mapping *c, double *ti, double *tc)
{
    *ti = *tc = NAN;
    if (opt->columns <= 0)
        return 1;
    *ti = whole_tstep(net, opt, inc);
    *tc = whole_tstep(net, opt, c);
    if (isnan(*ti))
        return 1;
    return *tc <= *ti;
}

/* The local search (heur/improve.h) on a copy of *m, kept when T_step/D_w
 * drops and rm_mapping_check passes; *pre gets the mapping before it when
 * it was kept (for the final solver's comparison), else NULL. Only
 * RM_ENOMEM is an error: a search that fails leaves *m with a note. */
static rm_status search_step(const rm_network *net, const rm_options *opt, rm_mapping *m,
                             rm_mapping **pre, rm_error *err)
{
    *pre = NULL;
    double t0 = m->t_step_per_dw;
    rm_mapping *c = rmi_mapping_copy(m);
    if (!c)
        return rm_error_set(err, RM_ENOMEM, "out of memory for the local search");
    rm_improve_info info;
    memset(&info, 0, sizeof info);
    rm_error e = {RM_OK, ""};
    rm_status st = rmi_mapping_improve(net, opt, c, &info, &e);
    if (st == RM_ENOMEM) {
        rm_mapping_free(c);
        return rm_error_set(err, st, "%s", e.msg);
    }
    rm_pipeline_step s = rmi_step_make(RM_STEP_SEARCH, st ? RM_IMPROVE_NOT_RUN : info.stop, t0,
                                       st ? NAN : c->t_step_per_dw);
    double ti, tc;
    s.moves = st ? 0 : info.moves;
    s.evaluations = info.candidates;
    s.budget = info.max_evals;
    m->improve_t_start = t0;
    if (st) {
        snprintf(s.note, sizeof s.note, "failed (%.100s): the previous mapping is kept", e.msg);
    } else if (!(c->t_step_per_dw < t0)) {
        m->improve_stop = info.stop;
        snprintf(s.note, sizeof s.note, "%s: no better ring",
                 rm_enum_name(RM_ENUM_IMPROVE_STOP, info.stop));
    } else if (!whole_ok(net, opt, m, c, &ti, &tc)) {
        m->improve_stop = info.stop;
        snprintf(s.note, sizeof s.note,
                 "%s: its ring is slower with %lld whole columns (%.6g > %.6g): not kept",
                 rm_enum_name(RM_ENUM_IMPROVE_STOP, info.stop), opt->columns, tc, ti);
    } else if (rm_mapping_check(net, c, 1e-9, &e)) {
        m->improve_stop = info.stop;
        snprintf(s.note, sizeof s.note, "its ring fails the invariant check (%.90s): not kept",
                 e.msg);
    } else {
        s.kept = 1;
        snprintf(s.note, sizeof s.note, "%s", rm_enum_name(RM_ENUM_IMPROVE_STOP, info.stop));
        if (!(*pre = rmi_mapping_copy(m))) {
            rm_mapping_free(c);
            return rm_error_set(err, RM_ENOMEM, "out of memory for the local search");
        }
        m->improve_stop = c->improve_stop;
        m->improve_moves = c->improve_moves;
        adopt(m, c);
        c = NULL;
    }
    rm_mapping_free(c);
    return rmi_mapping_add_step(m, &s, err);
}

/* --- the default pipeline's seeds (RM_HEUR_BOTH with the search) --------------------------
 *
 * Beyond the paper (docs/improve.md, "Seed rings"): the search starts from
 * more than the handed-on ring. The seeds are SharedRing's and SliceRing's
 * rings under the options given (the handed-on one first) and, on a
 * platform of at most PIPELINE_SEED_HOSTS hosts, SharedRing's under each
 * other sharing policy and under each with the route-tie rule RM_TIES_BEST
 * (SliceRing's own options, its tie rule and make-feasible, rarely gave a
 * better end on bench_quality --pipeline) — the rings
 * the pipeline's single options hand the search. Equal seeds (same ring,
 * routes and shares) count once. The handed-on ring and the
 * PIPELINE_SEARCHED - 1 others of lowest T_step/D_w (ties: generation
 * order), and the other heuristic's ring when it is not among them, are
 * searched, each on a copy with the same options and evaluation
 * budget (a count: the result is the same on any machine); the lowest
 * T_step/D_w is kept (ties: the handed-on ring, then the earlier seed; under
 * the fair model the lower balance root T*, rm_mapping_better_on) when it
 * is below the handed-on ring's (or ties it with a lower T*) and
 * rm_mapping_check passes. A ring
 * size or a ring the search's moves do not reach from one seed is reached
 * from another (SharedRing under max-min shares stops at 9 hosts on
 * RENATER 2001 at D_c/D_w 0.064 where its greedy shares grow to 19).
 * Cost: up to 2 more SharedRing runs (the tie-rule seeds re-route a
 * SharedRing ring already built: its scan does not read the tie rule), 3
 * re-routings and 2 more searches (3 when the other heuristic's ring is not among the lowest); on larger platforms, one more search
 * (the other heuristic's ring). Under the overlap model the additive
 * pipeline's ring is one more seed (additive_seed): the mapping is never
 * worse under the overlap model than the additive one's ring valued under
 * it, at the cost of one more pipeline run. */
#define PIPELINE_SEED_HOSTS 64
#define PIPELINE_MAX_SEEDS 9
#define PIPELINE_SEARCHED 3

typedef struct seed {
    rm_mapping *m;
    char what[64]; /* e.g. "SharedRing, sharing maxmin" */
} seed;

/* Same ring, routes and route bandwidths: the search goes the same way. */
static int same_seed(const rm_mapping *a, const rm_mapping *b)
{
    if (a->q != b->q || a->t_step_per_dw != b->t_step_per_dw)
        return 0;
    for (int k = 0; k < a->q; k++) {
        if (a->ring[k] != b->ring[k])
            return 0;
        if (a->q < 2)
            continue;
        const rm_route *r[4] = {&a->succ[k], &b->succ[k], &a->pred[k], &b->pred[k]};
        for (int j = 0; j < 4; j += 2)
            if (r[j]->n_arcs != r[j + 1]->n_arcs || r[j]->bandwidth != r[j + 1]->bandwidth ||
                (r[j]->n_arcs > 0 &&
                 memcmp(r[j]->arcs, r[j + 1]->arcs, (size_t)r[j]->n_arcs * sizeof *r[j]->arcs)))
                return 0;
    }
    return 1;
}

/* Append m (owned) to the seeds unless an equal one is there (then freed). */
static void add_seed(seed *sd, int *n, rm_mapping *m, const char *what)
{
    for (int i = 0; i < *n; i++)
        if (same_seed(sd[i].m, m)) {
            rm_mapping_free(m);
            return;
        }
    sd[*n].m = m;
    snprintf(sd[*n].what, sizeof sd[*n].what, "%s", what);
    (*n)++;
}

/* One more seed: SharedRing under o (checked options with the sharing
 * changed from the pipeline's); *raw gets a copy of its ring before it
 * joins the seeds (the base of its tie-rule seed). Only RM_ENOMEM is an
 * error: a seed that fails is left out (*raw NULL). */
static rm_status extra_seed(const rm_network *net, const rm_options *o, const char *what,
                            seed *sd, int *n, rm_mapping **raw, rm_error *err)
{
    rm_options run = *o;
    run.heuristic = RM_HEUR_SHARED;
    run.search_progress = NULL; /* the handed-on ring's heuristics report progress */
    run.progress = NULL;
    rm_mapping *m = NULL;
    rm_error e = {RM_OK, ""};
    if (raw)
        *raw = NULL;
    rm_status st = run_heuristic(net, &run, &m, &e);
    if (st == RM_ENOMEM)
        return rm_error_set(err, st, "%s", e.msg);
    if (st)
        return RM_OK;
    if (raw && !(*raw = rmi_mapping_copy(m))) {
        rm_mapping_free(m);
        return rm_error_set(err, RM_ENOMEM, "out of memory for the seed rings");
    }
    add_seed(sd, n, m, what);
    return RM_OK;
}

/* The tie-rule seed: base (owned: SharedRing's ring under o's sharing, tie
 * rule index) re-routed by RM_TIES_BEST (rmi_ties_reshare, as SharedRing
 * under --route-ties best does to its own final ring: SharedRing's scan
 * does not read the tie rule, so the result is that run's bit for bit at
 * the cost of the re-routing only). */
static rm_status ties_seed(const rm_network *net, const rm_options *o, rm_mapping *base,
                           const char *what, seed *sd, int *n, rm_error *err)
{
    rm_options run = *o;
    run.heuristic = RM_HEUR_SHARED;
    run.route_ties = RM_TIES_BEST;
    run.search_progress = NULL;
    run.progress = NULL;
    rm_error e = {RM_OK, ""};
    rm_status st = rmi_ties_reshare(net, &run, RM_TIES_BEST, base, NULL, &e);
    if (st) {
        rm_mapping_free(base);
        return st == RM_ENOMEM ? rm_error_set(err, st, "%s", e.msg) : RM_OK;
    }
    base->heuristic = RM_HEUR_SHARED;
    base->network = o->network;
    add_seed(sd, n, base, what);
    return RM_OK;
}

static rm_status map_network(const rm_network *net, const rm_options *opt, rm_mapping **out,
                             rm_error *err);

/* *own: a copy of the additive pipeline's mapping m with its own alphas,
 * valued under opt's overlap model (T_step/D_w by rm_tstep_model; alpha rule
 * RM_ALPHA_ADDITIVE), or NULL when one of its alphas is 0. With the run's
 * columns (opt->columns) its whole columns are the additive model's integer
 * allocation (rm_mapping_units under RM_ALPHA_ADDITIVE), which SimGrid's
 * pick runs and the JSON hands on. Only RM_ENOMEM is an error. */
static rm_status own_alphas(const rm_network *net, const rm_options *opt, const rm_mapping *m,
                            rm_mapping **own, rm_error *err)
{
    *own = NULL;
    for (int k = 0; k < m->q; k++)
        if (!(m->alpha[k] > 0.0))
            return RM_OK;
    rm_mapping *c = rmi_mapping_copy(m);
    double *w = malloc((size_t)m->q * sizeof *w), *C = malloc((size_t)m->q * sizeof *C);
    if (!c || !w || !C) {
        rm_mapping_free(c);
        free(w), free(C);
        return rm_error_set(err, RM_ENOMEM, "out of memory for the additive mapping");
    }
    c->cost = opt->cost;
    c->network = opt->network;
    for (int k = 0; k < c->q; k++)
        w[k] = net->platform->nodes[c->ring[k]].w;
    rm_mapping_costs(net, c, C);
    c->t_step_per_dw = rm_tstep_model(c->q, w, c->alpha, C, &c->cost);
    c->alphas = RM_ALPHA_ADDITIVE;
    free(w), free(C);
    *own = c;
    return RM_OK;
}

/* Under the overlap model, one more seed: the ring of the additive
 * pipeline (the same options under eq. (1): heuristics, seeds, search),
 * with its routes and shares, valued under the overlap model
 * (rm_mapping_rebalance: rm_balance_model's alphas). The heuristics value
 * their candidates under the overlap model but grow them greedily: a ring
 * the additive pipeline reaches (e.g. a whole cluster behind one link) can
 * be one they pass by, and the search then starts from it. *own (when not
 * NULL): a copy of that mapping with its own alphas, the additive model's,
 * valued under the overlap model (RM_ALPHA_ADDITIVE; a candidate of SimGrid's
 * pick, mapper/sim_pick.c), NULL when a position has no work (a run needs at
 * least one column per position). Only RM_ENOMEM is an error. */
static rm_status additive_seed(const rm_network *net, const rm_options *opt, seed *sd, int *n,
                               rm_mapping **own, rm_error *err)
{
    rm_options a = *opt;
    a.cost.overlap = 0;
    a.cost.overlap_boundary = 0.0;
    a.cost.overlap_boundary_dw = 0.0;
    rm_cost_model_set_overlap_floor(&a.cost, 0.0);
    a.search_progress = NULL;
    a.progress = NULL;
    rm_mapping *m = NULL;
    rm_error e = {RM_OK, ""};
    rm_status st = map_network(net, &a, &m, &e);
    if (st == RM_ENOMEM)
        return rm_error_set(err, st, "%s", e.msg);
    if (st)
        return RM_OK;
    if (own && m->q >= 2 && (st = own_alphas(net, opt, m, own, err))) {
        rm_mapping_free(m);
        return st;
    }
    m->cost = opt->cost;
    rm_mapping_rebalance(net, m);
    if (!isfinite(m->t_step_per_dw)) {
        rm_mapping_free(m);
        return RM_OK;
    }
    add_seed(sd, n, m, "the additive pipeline");
    return RM_OK;
}

/* The seeds of the default pipeline: sd[0] the handed-on ring (*m, with
 * RM_HEUR_BOTH's steps), then the others (under the overlap model, the
 * additive pipeline's ring first); *bar the T_step/D_w a search result must
 * go below to replace the handed-on ring (rmi_mapping_bar: its balance root
 * T* when it won a tie against the other heuristic's ring under the fair
 * model and is communication-bound, else its T_step/D_w). */
static rm_status pipeline_seeds(const rm_network *net, const rm_options *opt, seed *sd, int *n,
                                double *bar, rm_mapping **own, rm_error *err)
{
    rm_mapping *b = NULL, *other = NULL;
    *n = 0;
    rm_status st = rmi_run_both(net, opt, &b, &other, err);
    if (st)
        return st;
    b->network = opt->network;
    if (other) /* NULL: SliceRing refused by a limit (rmi_run_both) */
        other->network = opt->network;
    /* what a search result must beat */
    *bar = other ? rmi_mapping_bar(net, b, other) : b->t_step_per_dw;
    int small = net->platform->n_hosts <= PIPELINE_SEED_HOSTS;
    /* the base of the tie-rule seeds: SharedRing's ring under each sharing
       policy with the tie rule index (raw[k]: the policy opt->sharing + k) */
    rm_mapping *raw[3] = {NULL, NULL, NULL};
    int derive = small && opt->route_ties == RM_TIES_INDEX;
    if (derive) {
        const rm_mapping *shared = b->heuristic == RM_HEUR_SHARED ? b : other;
        if (!(raw[0] = rmi_mapping_copy(shared))) {
            rm_mapping_free(b);
            rm_mapping_free(other);
            return rm_error_set(err, RM_ENOMEM, "out of memory for the seed rings");
        }
    }
    add_seed(sd, n, b, rm_heuristic_lookup(b->heuristic)->title);
    if (other)
        add_seed(sd, n, other, rm_heuristic_lookup(other->heuristic)->title);
    if (opt->cost.overlap && (st = additive_seed(net, opt, sd, n, own, err))) {
        rm_mapping_free(raw[0]);
        return st;
    }
    if (!small)
        return RM_OK;
    /* SharedRing under each other sharing policy, then under the route-tie
       rule RM_TIES_BEST (the options that most often beat the pair's
       search on bench_quality --pipeline; SliceRing's own options, its tie
       rule and make-feasible, rarely do) */
    int n_ties = opt->route_ties == RM_TIES_BEST ? 1 : 2;
    for (int t = 0; t < n_ties && !st; t++)
        for (int k = t ? 0 : 1; k < 3 && !st; k++) {
            int sh = ((int)opt->sharing + k) % 3; /* rm_sharing: greedy, maxmin, eq5 */
            rm_options o = *opt;
            o.sharing = (rm_sharing)sh;
            o.route_ties = t ? RM_TIES_BEST : opt->route_ties;
            char what[64];
            snprintf(what, sizeof what, "SharedRing, sharing %s%s",
                     rm_enum_name(RM_ENUM_SHARING, sh), t ? ", route ties best" : "");
            if (t && derive) {
                if (raw[k]) { /* a sharing whose SharedRing failed has no tie seed */
                    st = ties_seed(net, &o, raw[k], what, sd, n, err);
                    raw[k] = NULL;
                }
            } else {
                st = extra_seed(net, &o, what, sd, n, derive ? &raw[k] : NULL, err);
            }
        }
    for (int k = 0; k < 3; k++)
        rm_mapping_free(raw[k]);
    return st;
}

/* The default pipeline's search: every seed searched (rmi_mapping_improve
 * on a copy; the handed-on ring's first move below bar), the lowest
 * T_step/D_w kept when it replaces the handed-on ring (rmi_mapping_replaces:
 * below bar, or below its T_step / a tie with a lower T*) and
 * rm_mapping_check passes; one search step recorded (its evaluations the
 * weighted counts summed over the seeds searched, its budget theirs: each
 * search has the options' budget and never overruns it). *m: the handed-on
 * ring on entry, the result on return. Only RM_ENOMEM is an error. */
static rm_status seeded_search(const rm_network *net, const rm_options *opt, seed *sd, int n,
                               double bar, rm_mapping *m, rm_mapping **pre, rm_error *err)
{
    *pre = NULL;
    double t0 = m->t_step_per_dw, tbest = t0;
    int bi = -1, bstop = RM_IMPROVE_NOT_RUN, bmoves = 0, failed = 0;
    long long evals = 0, budget = 0;
    int n_whole = 0; /* results lower by the model, slower with whole columns */
    double whole_t[2] = {NAN, NAN};
    rm_mapping *best = NULL;
    char fail_msg[120] = "";
    /* which seeds are searched: the handed-on ring, then the others by
       T_step/D_w (ties: generation order), PIPELINE_SEARCHED in all */
    int order[PIPELINE_MAX_SEEDS], n_search = n < PIPELINE_SEARCHED ? n : PIPELINE_SEARCHED;
    for (int i = 0; i < n; i++) {
        int j = i;
        while (j > 1 && sd[order[j - 1]].m->t_step_per_dw > sd[i].m->t_step_per_dw)
            order[j] = order[j - 1], j--;
        order[j] = i;
    }
    /* and the other heuristic's ring (the first seed of another heuristic)
       when it is not among them: its search can end lowest from the
       highest start (SliceRing's ring on a random 8-host platform at
       D_c/D_w 0.064: 7.9 % below the other ends). The seeds searched are a
       superset of the lowest ones, so the result is never higher */
    for (int i = 1; i < n && n_search < n && n_search < PIPELINE_SEARCHED + 1; i++)
        if (sd[i].m && sd[i].m->heuristic != m->heuristic) {
            int at = 0;
            while (order[at] != i)
                at++;
            if (at >= n_search) { /* move it to position n_search */
                for (int j = at; j > n_search; j--)
                    order[j] = order[j - 1];
                order[n_search++] = i;
            }
            break;
        }
    /* the ends of the searches that stopped at a local optimum: a seed
       equal to one of them (same ring, routes and shares) is not searched,
       its search would make no move (every candidate of that ring was tried
       without a gain) */
    rm_mapping *ends[PIPELINE_SEARCHED + 1] = {NULL}; /* and the other heuristic's */
    int n_ends = 0, n_known = 0;
    for (int ii = 0; ii < n_search; ii++) {
        int i = order[ii], known = 0;
        for (int j = 0; j < n_ends && i > 0 && !known; j++)
            known = same_seed(sd[i].m, ends[j]);
        if (known) {
            n_known++;
            continue;
        }
        rm_mapping *c = i == 0 ? rmi_mapping_copy(m) : sd[i].m;
        if (i > 0)
            sd[i].m = NULL;
        if (!c) {
            for (int j = 0; j < n_ends; j++)
                rm_mapping_free(ends[j]);
            rm_mapping_free(best);
            return rm_error_set(err, RM_ENOMEM, "out of memory for the local search");
        }
        rm_improve_info info;
        memset(&info, 0, sizeof info);
        rm_error e = {RM_OK, ""};
        rm_options o = *opt;
        if (i > 0)
            o.search_progress = NULL; /* the handed-on ring's search reports progress */
        rm_status st = rmi_mapping_improve_from(net, &o, c, i == 0 ? bar : NAN, &info, &e);
        if (st == RM_ENOMEM) {
            rm_mapping_free(c);
            for (int j = 0; j < n_ends; j++)
                rm_mapping_free(ends[j]);
            rm_mapping_free(best);
            return rm_error_set(err, st, "%s", e.msg);
        }
        evals += info.candidates;
        if (budget >= 0) /* the budgets of the searches run (0: one had none) */
            budget = info.max_evals > 0 ? budget + info.max_evals : -1;
        if (!st && info.stop == RM_IMPROVE_STOP_LOCAL && !(ends[n_ends] = rmi_mapping_copy(c))) {
            rm_mapping_free(c);
            for (int j = 0; j < n_ends; j++)
                rm_mapping_free(ends[j]);
            rm_mapping_free(best);
            return rm_error_set(err, RM_ENOMEM, "out of memory for the local search");
        }
        n_ends += !st && info.stop == RM_IMPROVE_STOP_LOCAL;
        if (i == 0) {
            bstop = st ? RM_IMPROVE_NOT_RUN : info.stop;
        }
        if (st) {
            failed++;
            if (!fail_msg[0])
                snprintf(fail_msg, sizeof fail_msg, "%.110s", e.msg);
        } else if ((best ? rm_mapping_better_on(net, best, c)
                         : rmi_mapping_replaces(net, m, bar, c)) &&
                   !rm_mapping_check(net, c, 1e-9, &e)) {
            double ti, tc;
            if (!whole_ok(net, opt, best ? best : m, c, &ti, &tc)) {
                if (!n_whole++)
                    whole_t[0] = tc, whole_t[1] = ti;
                rm_mapping_free(c);
                continue;
            }
            rm_mapping_free(best);
            best = c, c = NULL;
            tbest = best->t_step_per_dw;
            bi = i, bstop = info.stop, bmoves = info.moves;
        }
        rm_mapping_free(c);
    }
    for (int j = 0; j < n_ends; j++)
        rm_mapping_free(ends[j]);
    rm_pipeline_step s = rmi_step_make(RM_STEP_SEARCH, bstop, t0, tbest);
    s.evaluations = evals;
    s.budget = budget > 0 ? budget : 0;
    m->improve_t_start = t0;
    m->improve_stop = bstop;
    if (!best) {
        if (failed == n_search)
            snprintf(s.note, sizeof s.note, "failed (%s): the previous mapping is kept", fail_msg);
        else if (n_whole > 0)
            snprintf(s.note, sizeof s.note,
                     "%s: %d ring(s) lower but slower with %lld whole columns (%.6g > %.6g; "
                     "%d of %d seed rings searched)",
                     rm_enum_name(RM_ENUM_IMPROVE_STOP, bstop), n_whole, opt->columns,
                     whole_t[0], whole_t[1], n_search - n_known, n);
        else if (bar < t0) /* the handed-on ring won a tie, communication-bound */
            snprintf(s.note, sizeof s.note,
                     "%s: no ring below the tie-won ring's balance root T* %.6g (%d of %d seed "
                     "rings searched)",
                     rm_enum_name(RM_ENUM_IMPROVE_STOP, bstop), bar, n_search - n_known, n);
        else
            snprintf(s.note, sizeof s.note, "%s: no better ring (%d of %d seed rings searched)",
                     rm_enum_name(RM_ENUM_IMPROVE_STOP, bstop), n_search - n_known, n);
        return rmi_mapping_add_step(m, &s, err);
    }
    s.kept = 1;
    s.moves = bmoves;
    snprintf(s.note, sizeof s.note, "%s; from the ring of %s (%d of %d seed rings searched)",
             rm_enum_name(RM_ENUM_IMPROVE_STOP, bstop), sd[bi].what, n_search - n_known, n);
    if (!(*pre = rmi_mapping_copy(m))) {
        rm_mapping_free(best);
        return rm_error_set(err, RM_ENOMEM, "out of memory for the local search");
    }
    m->heuristic = best->heuristic;
    m->improve_stop = bstop;
    m->improve_moves = bmoves;
    adopt(m, best);
    return rmi_mapping_add_step(m, &s, err);
}

/* The final solver's record (ring.h: final_solver .. final_message) of src
 * into dst. */
static void take_final_record(rm_mapping *dst, const rm_mapping *src)
{
    dst->final_solver = src->final_solver;
    dst->final_gap = src->final_gap;
    dst->final_converged = src->final_converged;
    dst->final_outcome = src->final_outcome;
    dst->final_t_start = src->final_t_start;
    memcpy(dst->final_message, src->final_message, sizeof dst->final_message);
}

/* The final solver (RM_NETWORK_RESERVED: the shares are the mapper's), the
 * never-worse step of ring/refine.h (rmi_mapping_final_solver: its shares
 * only when T_step drops and rm_mapping_check passes, its outcome recorded)
 * on a copy of *m — and, when the search moved the ring, on a copy of the
 * ring before it (pre) — the lower T_step kept (ties: pre's, as in 1.1).
 * Only RM_ENOMEM is an error. */
static rm_status final_step(const rm_network *net, const rm_options *opt, rm_mapping *m,
                            const rm_mapping *pre, rm_error *err)
{
    double t0 = m->t_step_per_dw;
    const char *solver = rm_enum_name(RM_ENUM_FINAL_SOLVER, (int)opt->final_solver);
    rm_pipeline_step s = rmi_step_make(RM_STEP_FINAL, (int)opt->final_solver, t0, NAN);
    if (opt->network != RM_NETWORK_RESERVED) {
        snprintf(s.note, sizeof s.note,
                 "not run: %s computes reserved shares, the network model is %s", solver,
                 rm_enum_name(RM_ENUM_NETWORK, (int)opt->network));
        return rmi_mapping_add_step(m, &s, err);
    }
    const rm_mapping *from[2] = {m, pre};
    rm_mapping *c[2] = {NULL, NULL};
    for (int i = 0; i < 2; i++) {
        if (!from[i])
            continue;
        rm_status st = RM_ENOMEM;
        if (!(c[i] = rmi_mapping_copy(from[i])) ||
            (st = rmi_mapping_final_solver(net, c[i], opt->final_solver, opt->final_tol,
                                           &opt->final_limits, err))) {
            rm_mapping_free(c[0]);
            rm_mapping_free(c[1]);
            return st == RM_ENOMEM && !c[i]
                       ? rm_error_set(err, RM_ENOMEM, "out of memory for the final solver")
                       : st;
        }
    }
    int b = c[1] && c[1]->t_step_per_dw <= c[0]->t_step_per_dw;
    s.t_after = c[b]->t_step_per_dw;
    if (c[b]->t_step_per_dw < t0 || b == 1) {
        s.kept = 1;
        if (b == 1) { /* the ring before the search wins after the solver */
            snprintf(s.note, sizeof s.note, "on the ring before the search (lower after %s)",
                     solver);
            m->improve_moves = 0;
            for (int k = 0; k < m->n_steps; k++)
                if (m->steps[k].kind == RM_STEP_SEARCH)
                    m->steps[k].kept = 0;
        }
        take_final_record(m, c[b]);
        adopt(m, c[b]);
        c[b] = NULL;
    } else { /* never worse: the previous shares, the solver's outcome recorded */
        take_final_record(m, c[0]);
        snprintf(s.note, sizeof s.note, "%s: %.120s", rm_enum_name(RM_ENUM_FINAL_OUTCOME,
                 c[0]->final_outcome), c[0]->final_message);
    }
    rm_mapping_free(c[0]);
    rm_mapping_free(c[1]);
    return rmi_mapping_add_step(m, &s, err);
}

/* Same ring, routes and alphas. */
static int same_mapping(const rm_mapping *a, const rm_mapping *b)
{
    return same_seed(a, b) && !memcmp(a->alpha, b->alpha, (size_t)a->q * sizeof *a->alpha);
}

/* SimGrid's run of the final candidates (mapper/sim_pick.c), under the
 * overlap model where rm_mapping_judge's policy applies: m (the fluid
 * check's choice), the additive pipeline's ring re-balanced under the
 * overlap model, the additive pipeline's mapping with its own alphas (own),
 * and the other candidate lowest by the one-step fluid valuation (ties: the
 * earlier), each once (the same ring, routes and alphas as one before: left
 * out). The fastest is moved into m. Only RM_ENOMEM is an error. */
static rm_status sim_pick_step(const rm_network *net, const rm_options *opt, rm_mapping *m,
                               rm_mapping **cand, char (*cand_what)[64], int n_cand,
                               rm_mapping *own, rm_error *err)
{
    rm_mapping *sc[RM_SIM_PICK_MAX - 1];
    char sw[RM_SIM_PICK_MAX - 1][64];
    int ns = 0, used[PIPELINE_MAX_SEEDS] = {0};
    const rm_mapping *in[RM_SIM_PICK_MAX] = {m};
    int n_in = 1;
#define SIM_DUP(c, dup)                                                                       \
    do {                                                                                      \
        dup = 0;                                                                              \
        for (int j_ = 0; j_ < n_in; j_++)                                                     \
            dup |= same_mapping(in[j_], (c));                                                 \
    } while (0)
#define SIM_ADD(c, name)                                                                      \
    do {                                                                                      \
        int dup_;                                                                             \
        SIM_DUP(c, dup_);                                                                     \
        if (!dup_ && ns < RM_SIM_PICK_MAX - 1) {                                              \
            sc[ns] = (c);                                                                     \
            snprintf(sw[ns], sizeof sw[ns], "%s", (name));                                    \
            in[n_in++] = (c);                                                                 \
            ns++;                                                                             \
        }                                                                                     \
    } while (0)
    for (int i = 0; i < n_cand; i++)
        if (cand[i] && !strcmp(cand_what[i], "the additive pipeline")) {
            used[i] = 1;
            SIM_ADD(cand[i], "the additive pipeline's ring, overlap alphas");
        }
    if (own)
        SIM_ADD(own, "the additive pipeline's mapping, its own alphas");
    int bf = -1;
    double tf = INFINITY;
    for (int i = 0; i < n_cand; i++) {
        int dup;
        if (!cand[i] || used[i])
            continue;
        SIM_DUP(cand[i], dup);
        if (dup)
            continue;
        double ti = isfinite(cand[i]->t_step_per_dw_dynamic) ? cand[i]->t_step_per_dw_dynamic
                                                            : cand[i]->t_step_per_dw;
        if (ti < tf)
            tf = ti, bf = i;
    }
    if (bf >= 0)
        SIM_ADD(cand[bf], cand_what[bf]);
#undef SIM_ADD
#undef SIM_DUP
    int pick = -1;
    rm_status st = rmi_sim_pick(net, opt, m, sc, sw, ns, &pick, err);
    if (st || pick < 0)
        return st;
    rm_mapping *c = rmi_mapping_copy(sc[pick]);
    if (!c)
        return rm_error_set(err, RM_ENOMEM, "out of memory for SimGrid's pick");
    adopt(m, c);
    return RM_OK;
}

/* rm_map_network on checked arguments and options, routing resolved: the
 * pipeline — the heuristic(s), the local search (opt->improve), the final
 * solver (opt->final_solver), each step kept only when it does not make
 * T_step worse, all recorded in the mapping's steps. */
static rm_status map_network(const rm_network *net, const rm_options *opt, rm_mapping **out,
                             rm_error *err)
{
    rm_mapping *m = NULL, *pre = NULL;
    seed sd[PIPELINE_MAX_SEEDS];
    int n_seeds = 0;
    double bar = NAN;
    int seeded = opt->heuristic == RM_HEUR_BOTH && opt->improve;
    /* SimGrid's pick (mapper/sim_pick.c) also runs the additive pipeline's
       mapping with its own alphas */
    rm_mapping *own = NULL;
    int sim = seeded && opt->simulate_file && opt->cost.overlap;
    rm_status st = seeded ? pipeline_seeds(net, opt, sd, &n_seeds, &bar, sim ? &own : NULL, err)
                          : run_heuristic(net, opt, &m, err);
    if (seeded && !st)
        m = sd[0].m, sd[0].m = NULL;
    if (st) {
        for (int i = 0; i < n_seeds; i++)
            rm_mapping_free(sd[i].m);
        return st;
    }
    m->network = opt->network;
    if (m->n_steps == 0) { /* one heuristic (RM_HEUR_BOTH records its two runs) */
        rm_pipeline_step s = rmi_step_make(RM_STEP_HEURISTIC, (int)m->heuristic, NAN,
                                           m->t_step_per_dw);
        s.kept = 1;
        st = rmi_mapping_add_step(m, &s, err);
    }
    /* under the overlap model, the seeds before the search are the fluid
       check's candidates (rmi_fluid_pick, mapper/fluid_pick.c) */
    rm_mapping *cand[PIPELINE_MAX_SEEDS] = {NULL};
    char cand_what[PIPELINE_MAX_SEEDS][64];
    int n_cand = !st && seeded && rmi_fluid_pick_applies(opt) ? n_seeds : 0;
    for (int i = 0; i < n_cand && !st; i++) {
        snprintf(cand_what[i], sizeof cand_what[i], "%s", sd[i].what);
        if (!(cand[i] = rmi_mapping_copy(i ? sd[i].m : m)))
            st = rm_error_set(err, RM_ENOMEM, "out of memory for the fluid check");
    }
    if (!st && seeded)
        st = seeded_search(net, opt, sd, n_seeds, bar, m, &pre, err);
    else if (!st && opt->improve)
        st = search_step(net, opt, m, &pre, err);
    for (int i = 0; i < n_seeds; i++)
        rm_mapping_free(sd[i].m);
    if (!st && opt->final_solver != RM_FINAL_NONE)
        st = final_step(net, opt, m, pre, err);
    rm_mapping_free(pre);
    if (!st && n_cand) {
        int pick = -1;
        st = rmi_fluid_pick(net, m, cand, cand_what, n_cand, &pick, err);
        if (!st && pick >= 0) {
            adopt(m, cand[pick]);
            cand[pick] = NULL;
        }
    }
    if (!st && n_cand && rmi_sim_pick_applies(net, m, opt))
        st = sim_pick_step(net, opt, m, cand, cand_what, n_cand, own, err);
    rm_mapping_free(own);
    for (int i = 0; i < n_cand; i++)
        rm_mapping_free(cand[i]);
    if (!st) /* the printed prediction of the final mapping (fair model, latency on) */
        st = rm_mapping_tstep_dynamic(net, m, err);
    if (!st && opt->columns > 0) /* over many steps with the run's columns, one latency */
        st = rmi_mapping_tstep_columns(net, m, opt->columns, err);
    if (st) {
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
    if ((st = rmi_latency_routes_check(p, opt, err))) /* heur/options.h */
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
