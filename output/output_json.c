/*
 * output_json.c — the JSON output of a mapping (docs/cli.md, "JSON output ...
 * a stable interface"), built with jansson: the ring in order with each
 * host's cycle-time w, share alpha, successor/predecessor routes (GML node
 * ids, link indices, bandwidth) and time per unit of work (Legrand et al. 2004 eq. (1)),
 * the load of every used link, and T_step/D_w per ring size tried.
 */
#include "ring/args.h"
#include "output/output.h"
#include "ringmap/shares.h"
#include "topo/text.h"

#include <limits.h>
#include <math.h>
#include <stdlib.h>

/* The JSON string of the name of value of kind (output/names.c, the one
 * table of the enums' names); "?" for a value without a name. */
static json_t *jname(rm_enum_kind kind, int value)
{
    const char *n = rm_enum_name(kind, value);
    return json_string(n ? n : "?");
}

/* A JSON number, or null for NAN/INFINITY (JSON has no such numbers). */
static json_t *jnum(double x)
{
    return isfinite(x) ? json_real(x) : json_null();
}

/* Set key of o to v (stealing v); *bad = 1 if v is NULL or the set fails. */
static void put(json_t *o, const char *key, json_t *v, int *bad)
{
    if (!v || json_object_set_new(o, key, v) != 0)
        *bad = 1;
}

static void push(json_t *a, json_t *v, int *bad)
{
    if (!v || json_array_append_new(a, v) != 0)
        *bad = 1;
}

/* {"nodes": [GML ids along the route], "links": [...], "bandwidth": b} */
static json_t *route_json(const rm_network *net, const rm_route *r, int latency, int *bad)
{
    const rm_node *nodes = net->platform->nodes;
    json_t *o = json_object(), *jn = json_array(), *jl = json_array();
    if (!o || !jn || !jl) {
        json_decref(o);
        json_decref(jn);
        json_decref(jl);
        *bad = 1;
        return NULL;
    }
    push(jn, json_integer(nodes[r->src].id), bad);
    for (int i = 0; i < r->n_arcs; i++) {
        int a = r->arcs[i];
        push(jn, json_integer(nodes[net->arc_head[a]].id), bad);
        push(jl, json_integer(net->arc_link[a]), bad);
    }
    put(o, "nodes", jn, bad);
    put(o, "links", jl, bad);
    if (net->platform->link_ids) { /* the file's link ids along the route (SimGrid) */
        json_t *ji = json_array();
        for (int i = 0; ji && i < r->n_arcs; i++) {
            const char *id = net->platform->link_ids[net->arc_link[r->arcs[i]]];
            if (id)
                push(ji, rmi_json_text(id), bad);
        }
        put(o, "simgrid_links", ji, bad);
    }
    put(o, "bandwidth", jnum(r->bandwidth), bad);
    if (latency) /* the affine cost model's L of the route (s) */
        put(o, "latency", jnum(rm_route_latency(net, r)), bad);
    return o;
}

json_t *rmi_json_text(const char *s)
{
    if (!s)
        return json_string("");
    if (rmi_utf8_valid(s))
        return json_string(s);
    char *fixed = rmi_utf8_fix(s); /* invalid bytes -> U+FFFD (topo/text.h) */
    json_t *j = fixed ? json_string(fixed) : NULL;
    free(fixed);
    return j;
}

/* "platform": name, hosts, routers, links. */
static void json_platform(json_t *root, const rm_platform *p, int *bad)
{
    json_t *jp = json_object();
    put(root, "platform", jp, bad);
    if (jp) {
        put(jp, "name", rmi_json_text(p->name), bad);
        put(jp, "hosts", json_integer(p->n_hosts), bad);
        put(jp, "routers", json_integer(rm_platform_routers(p)), bad);
        put(jp, "links", json_integer(p->n_links), bad);
        if (p->link_ids) { /* SimGrid: the file's links among them */
            int n = 0;
            for (int l = 0; l < p->n_links; l++)
                n += p->link_ids[l] != NULL;
            put(jp, "simgrid_links", json_integer(n), bad);
        }
        if (p->directed) /* one-way links (absent: undirected) */
            put(jp, "directed", json_true(), bad);
        if (p->bw_factor > 0.0 || p->lat_factor > 0.0) { /* rm_platform_calibrate */
            json_t *jc = json_object();
            put(jp, "calibration", jc, bad);
            if (jc) {
                put(jc, "bw_factor", jnum(p->bw_factor > 0.0 ? p->bw_factor : 1.0), bad);
                put(jc, "lat_factor", jnum(p->lat_factor > 0.0 ? p->lat_factor : 1.0), bad);
            }
        }
    }
}

/* "params.pipeline": the steps rm_map ran (rm_mapping.steps), in order. */
static json_t *json_pipeline(const rm_mapping *m, int *bad)
{
    json_t *ja = json_array();
    for (int i = 0; ja && i < m->n_steps; i++) {
        const rm_pipeline_step *st = &m->steps[i];
        json_t *e = json_object();
        push(ja, e, bad);
        if (!e)
            break;
        put(e, "step", jname(RM_ENUM_STEP, st->kind), bad);
        if (st->kind == RM_STEP_HEURISTIC)
            put(e, "heuristic", jname(RM_ENUM_HEURISTIC, st->detail), bad);
        else if (st->kind == RM_STEP_FINAL)
            put(e, "final_solver", jname(RM_ENUM_FINAL_SOLVER, st->detail), bad);
        else if (st->kind == RM_STEP_SEARCH)
            put(e, "stop", jname(RM_ENUM_IMPROVE_STOP, st->detail), bad);
        put(e, "t_step_per_dw_before", jnum(st->t_before), bad);
        put(e, "t_step_per_dw_after", jnum(st->t_after), bad);
        put(e, "kept", json_boolean(st->kept), bad);
        if (st->kind == RM_STEP_SEARCH) {
            put(e, "moves", json_integer(st->moves), bad);
            put(e, "evaluations", json_integer(st->evaluations), bad);
            put(e, "max_evaluations", json_integer(st->budget), bad);
        }
        if (st->note[0])
            put(e, "note", rmi_json_text(st->note), bad);
    }
    if (!ja)
        *bad = 1;
    return ja;
}

/* "params": the model and the options the mapping was found with, and
   "params.improve" when the local search ran; returns params (or NULL). */
static json_t *json_params(json_t *root, const rm_network *net, const rm_options *opt,
                           const rm_mapping *m, double dc_dw, rm_duplex duplex, int *bad)
{
    json_t *jpar = json_object();
    put(root, "params", jpar, bad);
    if (!jpar)
        return NULL;
    put(jpar, "dc_dw", jnum(dc_dw), bad);
    if (m->ring_given) { /* rm_ring_eval: a given ring, no heuristic (mapper.h) */
        put(jpar, "given_ring", json_true(), bad);
        put(jpar, "alphas", jname(RM_ENUM_ALPHA_RULE, (int)m->alphas), bad);
        put(jpar, "network", jname(RM_ENUM_NETWORK, (int)m->network), bad);
        put(jpar, "sharing", jname(RM_ENUM_SHARING, (int)m->sharing), bad);
    } else {
        put(jpar, "heuristic", jname(RM_ENUM_HEURISTIC, (int)m->heuristic), bad);
        /* the shares the heuristic left: SharedRing's sharing policy, or
           SliceRing's make-feasible step (its model has no sharing); what
           was asked, and "shares" what the mapping's shares are when a later
           step (the search) changed them */
        int sl = m->heuristic == RM_HEUR_SLICE || m->heuristic == RM_HEUR_SLICE_EXACT;
        rm_sharing asked = m->sharing;
        if (opt && m->heuristic == RM_HEUR_SHARED)
            asked = opt->sharing;
        else if (opt && m->heuristic == RM_HEUR_SLICE)
            asked = opt->make_feasible;
        put(jpar, sl ? "make_feasible" : "sharing", jname(RM_ENUM_SHARING, (int)asked), bad);
        if (asked != m->sharing)
            put(jpar, "shares", jname(RM_ENUM_SHARING, (int)m->sharing), bad);
        if (m->alphas != RM_ALPHA_BEST) /* SimGrid's run handed on the additive alphas */
            put(jpar, "alphas", jname(RM_ENUM_ALPHA_RULE, (int)m->alphas), bad);
    }
    int slice = !m->ring_given &&
                (m->heuristic == RM_HEUR_SLICE || m->heuristic == RM_HEUR_SLICE_EXACT);
    put(jpar, "final_solver", jname(RM_ENUM_FINAL_SOLVER, (int)m->final_solver), bad);
    if (m->final_outcome != RM_FINAL_OUTCOME_NOT_RUN) { /* never worse (ring/refine.h) */
        put(jpar, "final_outcome", jname(RM_ENUM_FINAL_OUTCOME, m->final_outcome), bad);
        put(jpar, "t_step_per_dw_before_final", jnum(m->final_t_start), bad);
        if (m->final_message[0])
            put(jpar, "final_message", rmi_json_text(m->final_message), bad);
    }
    put(jpar, "duplex", jname(RM_ENUM_DUPLEX, (int)duplex), bad);
    /* the network model every number is valued under (absent before 1.2:
       reserved) */
    put(jpar, "network", jname(RM_ENUM_NETWORK, (int)m->network), bad);
    if (opt)
        put(jpar, "routing", jname(RM_ENUM_ROUTING, (int)rm_routing_resolve(net, opt->routing)),
            bad);
    put(jpar, "latency", json_boolean(m->cost.latency), bad);
    put(jpar, "parallel_send", json_boolean(m->cost.parallel_send), bad);
    if (m->cost.latency)
        put(jpar, "dc", jnum(m->cost.dc), bad);
    if (m->cost.overlap) /* the overlap model: its boundary fraction (absent: additive) */
        put(jpar, "overlap", jnum(m->cost.overlap_boundary), bad);
    if (m->cost.overlap && m->cost.overlap_boundary_dw > 0.0) /* the absolute boundary, b/D_w */
        put(jpar, "overlap_boundary_dw", jnum(m->cost.overlap_boundary_dw), bad);
    if (m->cost.overlap && rm_cost_model_overlap_floor(&m->cost) > 0.0) /* least share */
        put(jpar, "overlap_floor_dw", jnum(rm_cost_model_overlap_floor(&m->cost)), bad);
    if (opt && !m->ring_given)
        put(jpar, "max_q", json_integer(opt->max_q), bad);
    if (opt && opt->route_ties != RM_TIES_INDEX) /* heur/route_ties.h */
        put(jpar, "route_ties", jname(RM_ENUM_ROUTE_TIES, (int)opt->route_ties), bad);
    if (opt && opt->slice_ties && slice) /* --slice-ties: SliceRing's near-tie rule */
        put(jpar, "slice_ties", json_true(), bad);
    if (opt && opt->stop_patience > 0 && !opt->full_curve && !m->ring_given) /* --stop-patience */
        put(jpar, "stop_patience", json_integer(opt->stop_patience), bad);
    /* the final solver's own tolerance and limits are not written (0) */
    const rm_solver_limits *fl = opt ? &opt->final_limits : NULL;
    if (fl && m->final_solver != RM_FINAL_NONE &&
        (fl->kinsol_max_newton || fl->kinsol_max_set_changes || fl->glpk_max_lps)) {
        json_t *jl = json_object();
        put(jpar, "final_limits", jl, bad);
        if (jl) {
            put(jl, "kinsol_max_newton", json_integer(fl->kinsol_max_newton), bad);
            put(jl, "kinsol_max_set_changes", json_integer(fl->kinsol_max_set_changes), bad);
            put(jl, "glpk_max_lps", json_integer(fl->glpk_max_lps), bad);
        }
    }
    if (m->improve_stop != RM_IMPROVE_NOT_RUN) { /* --improve (heur/improve.h) */
        json_t *ji = json_object();
        put(jpar, "improve", ji, bad);
        if (ji) {
            put(ji, "stop", jname(RM_ENUM_IMPROVE_STOP, m->improve_stop), bad);
            put(ji, "moves", json_integer(m->improve_moves), bad);
            put(ji, "t_step_per_dw_heuristic", jnum(m->improve_t_start), bad);
            if (opt) {
                put(ji, "max_moves", json_integer(opt->improve_max_moves), bad);
                put(ji, "seconds", jnum(opt->improve_seconds), bad);
                if (opt->columns > 0) /* --cols: the whole-column check */
                    put(ji, "columns", json_integer(opt->columns), bad);
                for (int k = 0; k < m->n_steps; k++) /* the budget it ran with */
                    if (m->steps[k].kind == RM_STEP_SEARCH)
                        put(ji, "max_evaluations", json_integer(m->steps[k].budget), bad);
            }
        }
    }
    if (m->n_steps >= 2 && m->steps) /* the pipeline of rm_map (mapper/map.c) */
        put(jpar, "pipeline", json_pipeline(m, bad), bad);
    return jpar;
}

/* "ring": each position's host, w, alpha, routes and time per D_w (eq. (1)
   of Legrand et al. 2004 divided by D_w); adds each route's bandwidth to
   alloc[link] and marks used[link]. */
static void json_ring(json_t *root, const rm_network *net, const rm_mapping *m, double dc_dw,
                      const double *Cs, double *alloc, char *used, int *bad)
{
    const rm_platform *p = net->platform;
    int q = m->q;
    json_t *jring = json_array();
    put(root, "ring", jring, bad);
    for (int k = 0; jring && k < q; k++) {
        const rm_node *nd = &p->nodes[m->ring[k]];
        json_t *e = json_object();
        push(jring, e, bad);
        if (!e)
            break;
        put(e, "node", json_integer(nd->id), bad);
        put(e, "label", rmi_json_text(nd->label), bad);
        put(e, "w", jnum(nd->w), bad);
        put(e, "alpha", jnum(m->alpha[k]), bad);
        double C = Cs ? Cs[k] : NAN;
        if (q > 1) {
            put(e, "succ", route_json(net, &m->succ[k], m->cost.latency, bad), bad);
            put(e, "pred", route_json(net, &m->pred[k], m->cost.latency, bad), bad);
            const rm_route *rs[2] = {&m->succ[k], &m->pred[k]};
            for (int s = 0; s < 2; s++)
                for (int i = 0; i < rs[s]->n_arcs; i++) {
                    int l = net->arc_link[rs[s]->arcs[i]];
                    alloc[l] += rs[s]->bandwidth;
                    used[l] = 1;
                }
        } else {
            put(e, "succ", json_null(), bad);
            put(e, "pred", json_null(), bad);
        }
        /* Legrand et al. 2004 eq. (1) divided by D_w (or the overlap model's) */
        rm_cost_model cm = m->cost;
        cm.dc_dw = dc_dw;
        put(e, "time_per_dw", jnum(rm_host_time(&cm, m->alpha[k], nd->w, C)), bad);
        if (m->c_dynamic && isfinite(m->t_step_per_dw_dynamic) && dc_dw == m->cost.dc_dw)
            /* s/Mb at D_c: the host's communication in the one-step fluid
               valuation (rm_mapping_tstep_dynamic), what iterapp predicts with */
            put(e, "host_cost_dynamic", jnum(m->c_dynamic[k]), bad);
    }
}

/* With the run's whole columns (opt->columns >= q): ring[k].columns, the
 * columns the mapping runs with (rm_mapping_units, at least one each: the
 * ones SimGrid's judge runs; for RM_ALPHA_ADDITIVE the additive model's),
 * which iterapp runs as they are when its total columns are their sum and
 * it runs the mapping's model's step (overlapping under overlap). */
static rm_status json_columns(json_t *root, const rm_network *net, const rm_options *opt,
                              const rm_mapping *m, int *bad, rm_error *err)
{
    json_t *ring = json_object_get(root, "ring");
    if (*bad || !opt || opt->columns < m->q || opt->columns > LONG_MAX || !json_is_array(ring) ||
        (int)json_array_size(ring) != m->q)
        return RM_OK;
    long *u = malloc((size_t)m->q * sizeof *u);
    if (!u)
        return rm_error_set(err, RM_ENOMEM, "out of memory writing the JSON of a mapping");
    rm_status st = rm_mapping_units(net, m, (long)opt->columns, 1, u, err);
    for (int k = 0; !st && k < m->q; k++)
        put(json_array_get(ring, (size_t)k), "columns", json_integer(u[k]), bad);
    free(u);
    return st;
}

/* "link_usage": capacity and allocated bandwidth of every link a route uses. */
static void json_link_usage(json_t *root, const rm_platform *p, const double *alloc,
                            const char *used, int *bad)
{
    json_t *jlu = json_array();
    put(root, "link_usage", jlu, bad);
    for (int l = 0; jlu && l < p->n_links; l++) {
        if (!used[l])
            continue;
        json_t *e = json_object();
        push(jlu, e, bad);
        if (!e)
            break;
        put(e, "link", json_integer(l), bad);
        if (p->link_ids) /* SimGrid: the link's id, null for a connection */
            put(e, "simgrid_link", p->link_ids[l] ? rmi_json_text(p->link_ids[l]) : json_null(),
                bad);
        put(e, "capacity", jnum(p->links[l].bandwidth), bad);
        put(e, "allocated", jnum(alloc[l]), bad);
    }
}

/* "sweep": T_step/D_w of every ring size the heuristic built. */
static void json_sweep(json_t *root, const rm_mapping *m, int *bad)
{
    json_t *jsw = json_array();
    put(root, "sweep", jsw, bad);
    for (int i = 0; jsw && m->sweep_t && i < m->n_sweep; i++) {
        if (!isfinite(m->sweep_t[i]))
            continue;
        json_t *e = json_object();
        push(jsw, e, bad);
        if (!e)
            break;
        put(e, "q", json_integer(i + 1), bad);
        put(e, "t_step_per_dw", jnum(m->sweep_t[i]), bad);
        if ((m->heuristic == RM_HEUR_SLICE || m->heuristic == RM_HEUR_SLICE_EXACT))
            put(e, "t_step_per_dw_unshared",
                jnum(m->sweep_t_unshared ? m->sweep_t_unshared[i] : NAN), bad);
    }
}

json_t *rmi_mapping_json(const rm_network *net, const rm_options *opt, const rm_mapping *m,
                        rm_error *err)
{
    const rm_platform *p = net->platform;
    int bad = 0;
    int q = m->q;
    double dc_dw = opt ? opt->cost.dc_dw : m->cost.dc_dw;
    rm_duplex duplex = opt ? opt->duplex : net->duplex;
    double *alloc = calloc((size_t)p->n_links + 1, sizeof *alloc);
    char *used = calloc((size_t)p->n_links + 1, 1);
    double *Cs = malloc((size_t)q * sizeof *Cs);
    json_t *root = json_object();
    if (Cs)
        rm_mapping_costs(net, m, Cs);
    if (!alloc || !used || !root || !Cs) {
        free(alloc);
        free(used);
        free(Cs);
        json_decref(root);
        rm_error_set(err, RM_ENOMEM, "out of memory writing the JSON of a mapping");
        return NULL;
    }

    put(root, "ringmap_version", json_string(RINGMAP_VERSION), &bad);
    json_platform(root, p, &bad);
    json_params(root, net, opt, m, dc_dw, duplex, &bad);
    put(root, "t_step_per_dw", jnum(rm_mapping_tstep_printed(m)), &bad);
    if (m->t_step_judged) {
        /* the printed value is SimGrid's run of the mapping (rm_mapping_judge);
           the models' valuations beside it */
        put(root, "t_step_per_dw_static", jnum(m->t_step_per_dw), &bad);
        if (isfinite(m->t_step_per_dw_dynamic))
            put(root, "t_step_per_dw_fluid", jnum(m->t_step_per_dw_dynamic), &bad);
        put(root, "t_step_valuation", json_string("simgrid"), &bad);
    } else if (isfinite(m->t_step_per_dw_dynamic)) {
        /* the printed value is the one-step fluid valuation; the static
           max-min one is what the mapper chose by */
        put(root, "t_step_per_dw_static", jnum(m->t_step_per_dw), &bad);
        put(root, "t_step_valuation", json_string("fluid"), &bad);
    }
    if (m->judge_outcome == RM_JUDGE_OVER_BUDGET || m->judge_outcome == RM_JUDGE_REFUSED)
        /* the judge's policy applied, but the model's value is printed: why
           (rm_mapping_judge: over its size budget, or the simulation refused) */
        put(root, "t_step_valuation_reason",
            json_string(rm_enum_name(RM_ENUM_JUDGE, m->judge_outcome)), &bad);
    if (m->t_step_simulated > 0.0) /* SimGrid's run of the ring (rm_mapping_simulate), s */
        put(root, "t_step_simulated", jnum(m->t_step_simulated), &bad);
    if (m->final_solver != RM_FINAL_NONE && isfinite(m->final_gap)) {
        /* the final solver's certified gap: T_step is optimal within it */
        put(root, "final_gap", jnum(m->final_gap), &bad);
        put(root, "final_converged", json_boolean(m->final_converged), &bad);
    }
    if (!m->ring_given && (m->heuristic == RM_HEUR_SLICE || m->heuristic == RM_HEUR_SLICE_EXACT))
        put(root, "t_step_per_dw_unshared", jnum(m->t_step_per_dw_unshared), &bad);
    json_ring(root, net, m, dc_dw, Cs, alloc, used, &bad);
    rm_status cst = json_columns(root, net, opt, m, &bad, err);
    json_link_usage(root, p, alloc, used, &bad);
    json_sweep(root, m, &bad);

    free(alloc);
    free(used);
    free(Cs);
    if (bad || cst) {
        json_decref(root);
        if (!cst)
            rm_error_set(err, RM_ENOMEM, "out of memory writing the JSON of a mapping");
        return NULL;
    }
    return root;
}

rm_status rmi_json_write(FILE *f, const json_t *j, rm_error *err)
{
    if (json_dumpf(j, f, RM_JSON_FLAGS) != 0 || fputc('\n', f) == EOF || fflush(f) != 0)
        return rm_error_set(err, RM_EINTERNAL, "cannot write the JSON output");
    return RM_OK;
}

void rm_json_extras_init(rm_json_extras *x)
{
    if (x)
        *x = (rm_json_extras){0};
}

/* --dc/--dw: params.dc (replaced in place when the latency model wrote it),
 * params.dw, then "t_step" (s) at the end of the mapping's object. */
static void add_absolute(json_t *j, double dc, double dw, const rm_mapping *m, int *bad)
{
    json_t *par = json_object_get(j, "params");
    if (!par) {
        *bad = 1;
        return;
    }
    put(par, "dc", json_real(dc), bad);
    put(par, "dw", json_real(dw), bad);
    put(j, "t_step", json_real(rm_mapping_tstep_printed(m) * dw), bad);
    if (isfinite(m->t_step_per_dw_dynamic))
        put(j, "t_step_static", json_real(m->t_step_per_dw * dw), bad);
}

/* --all-shares: "share_methods": {"own": t, ...}, null where a method failed. */
static void add_share_methods(json_t *j, const double *t, int *bad)
{
    json_t *r = json_object();
    for (int k = 0; r && k < RM_N_SHARE_METHODS; k++)
        put(r, rm_enum_name(RM_ENUM_SHARE_METHOD, k), isnan(t[k]) ? json_null() : json_real(t[k]),
            bad);
    put(j, "share_methods", r, bad);
}

/* --units N: ring[k].units (at the end of each ring entry), then "units":
 * {"total", "t_step_per_dw"} (rm_mapping_units, shares.h). */
static rm_status add_units(json_t *j, const rm_network *net, const rm_mapping *m, long n,
                           int *bad, rm_error *err)
{
    long *count = calloc((size_t)m->q, sizeof *count);
    if (!count)
        return rm_error_set(err, RM_ENOMEM, "out of memory writing the JSON of a mapping");
    rm_status st = rm_mapping_units(net, m, n, 0, count, err);
    json_t *ring = json_object_get(j, "ring");
    if (!st && (!json_is_array(ring) || (int)json_array_size(ring) != m->q))
        *bad = 1;
    if (!st && !*bad) {
        json_t *u = json_object();
        put(u, "total", json_integer(n), bad);
        put(u, "t_step_per_dw", json_real(rm_mapping_units_tstep(net, m, n, count)), bad);
        for (int k = 0; k < m->q; k++)
            put(json_array_get(ring, (size_t)k), "units", json_integer(count[k]), bad);
        put(j, "units", u, bad);
    }
    free(count);
    return st;
}

/* The JSON of m with the extras x that apply to it (first: m is the
 * document's first mapping, which carries share_methods and units). */
static json_t *mapping_json_extras(const rm_network *net, const rm_options *opt,
                                   const rm_mapping *m, const rm_json_extras *x, int first,
                                   rm_error *err)
{
    json_t *j = rmi_mapping_json(net, opt, m, err);
    if (!j)
        return NULL;
    int bad = 0;
    rm_status st = RM_OK;
    if (x->dw > 0)
        add_absolute(j, opt ? opt->cost.dc : m->cost.dc, x->dw, m, &bad);
    if (first && x->share_methods)
        add_share_methods(j, x->share_methods, &bad);
    if (first && x->units > 0 && !bad)
        st = add_units(j, net, m, x->units, &bad, err);
    if (st || bad) {
        json_decref(j);
        if (!st)
            rm_error_set(err, RM_ENOMEM, "out of memory writing the JSON of a mapping");
        return NULL;
    }
    return j;
}

/* The whole document: m's JSON, or the --heuristic both document. */
static json_t *document_json(const rm_network *net, const rm_options *opt, const rm_mapping *m,
                             const rm_json_extras *x, rm_error *err)
{
    json_t *js = mapping_json_extras(net, opt, m, x, 1, err);
    if (!js || !x->both_slice)
        return js;
    json_t *jl = mapping_json_extras(net, opt, x->both_slice, x, 0, err);
    if (!jl) {
        json_decref(js);
        return NULL;
    }
    json_t *root = json_object();
    int bad = !root;
    if (root) {
        put(root, "ringmap_version", json_string(RINGMAP_VERSION), &bad);
        put(root, rm_enum_name(RM_ENUM_HEURISTIC, RM_HEUR_SHARED), js, &bad);
        js = NULL;
        put(root, rm_enum_name(RM_ENUM_HEURISTIC, RM_HEUR_SLICE), jl, &bad);
        jl = NULL;
        put(root, "improvement_percent",
            json_real(rmi_improvement_percent(x->both_slice->t_step_per_dw, m->t_step_per_dw)),
            &bad);
        /* the ring the launch files follow: the better (rm_mapping_better_on) */
        put(root, "handed_on",
            jname(RM_ENUM_HEURISTIC,
                  rm_mapping_better_on(net, m, x->both_slice) ? RM_HEUR_SLICE : RM_HEUR_SHARED),
            &bad);
    }
    json_decref(js);
    json_decref(jl);
    if (bad) {
        json_decref(root);
        rm_error_set(err, RM_ENOMEM, "out of memory writing the JSON of a mapping");
        return NULL;
    }
    return root;
}

/* The checks of the two writers (fn: the public name in messages). */
static rm_status writer_args(FILE *f, const rm_network *net, const rm_mapping *m,
                             const rm_json_extras *x, const char *fn, rm_error *err)
{
    if (!f || !net || !net->platform || !m)
        return rm_error_set(err, RM_EINVAL, "%s: %s is NULL", fn,
                            !f ? "the stream" : !net ? "net" : !m ? "the mapping" : "net->platform");
    rm_status st = rmi_mapping_args_check(net, m, fn, err);
    if (st || !x)
        return st;
    if (!(isfinite(x->dw) && x->dw >= 0))
        return rm_error_set(err, RM_EINPUT, "%s: extras dw = %g: expected a finite D_w >= 0 "
                                            "(Mflop; 0 = none)", fn, x->dw);
    if (x->units < 0)
        return rm_error_set(err, RM_EINPUT, "%s: extras units = %ld: expected >= 0 (0 = none)",
                            fn, x->units);
    return x->both_slice ? rmi_mapping_args_check(net, x->both_slice, fn, err) : RM_OK;
}

rm_status rm_mapping_write_json_extras(FILE *f, const rm_network *net, const rm_options *opt,
                                       const rm_mapping *m, const rm_json_extras *x,
                                       rm_error *err)
{
    rm_status st = writer_args(f, net, m, x, "rm_mapping_write_json_extras", err);
    if (st)
        return st;
    rm_json_extras none;
    rm_json_extras_init(&none);
    json_t *j = document_json(net, opt, m, x ? x : &none, err);
    if (!j)
        return err ? err->status : RM_ENOMEM;
    st = rmi_json_write(f, j, err);
    json_decref(j);
    return st;
}

rm_status rm_mapping_write_json(FILE *f, const rm_network *net, const rm_options *opt,
                                const rm_mapping *m, rm_error *err)
{
    rm_status st = writer_args(f, net, m, NULL, "rm_mapping_write_json", err);
    if (st)
        return st;
    json_t *j = rmi_mapping_json(net, opt, m, err);
    if (!j)
        return err ? err->status : RM_ENOMEM;
    st = rmi_json_write(f, j, err);
    json_decref(j);
    return st;
}
