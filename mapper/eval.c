/*
 * eval.c — the mapping of a ring given by the caller (rm_ring_eval,
 * include/ringmap/mapper.h): the mapper's routes of a fixed ring (SliceRing's:
 * the routing and tie rule on the full capacities), its shares under the
 * network model (max-min fairness, or the reserved optimum of the final
 * solver, never worse than max-min), its alphas (the best, or proportional
 * to speed). Legrand et al. 2004 eq. (1), §2.1, §4.4.3.
 */
#include "ringmap/mapper.h"
#include "ringmap/output.h"
#include "heur/options.h"
#include "heur/route_ties.h"
#include "ring/refine.h"

#include <math.h>
#include <stdlib.h>

static const char *label_of(const rm_platform *p, int v)
{
    const char *l = p->nodes[v].label;
    return l && *l ? l : "?";
}

/* The ring's nodes: each a host of the platform, each once. */
static rm_status check_ring(const rm_platform *p, const int *ring, int q, rm_error *err)
{
    if (q < 1)
        return rm_error_set(err, RM_EINPUT, "empty ring: no host given");
    if (q > p->n_hosts)
        return rm_error_set(err, RM_EINPUT, "a ring of %d positions on a platform of %d hosts",
                            q, p->n_hosts);
    int *first = calloc((size_t)p->n_nodes, sizeof *first);
    if (!first)
        return rm_error_set(err, RM_ENOMEM, "out of memory checking a ring");
    rm_status st = RM_OK;
    for (int k = 0; k < q && !st; k++) {
        int v = ring[k];
        if (v < 0 || v >= p->n_nodes)
            st = rm_error_set(err, RM_EINPUT, "ring position %d: node %d is not in the platform "
                              "(0..%d)", k, v, p->n_nodes - 1);
        else if (!p->nodes[v].is_host)
            st = rm_error_set(err, RM_EINPUT, "ring position %d: '%s' is a router, not a host",
                              k, label_of(p, v));
        else if (first[v])
            st = rm_error_set(err, RM_EINPUT,
                              "ring position %d: host '%s' again (first at position %d)", k,
                              label_of(p, v), first[v] - 1);
        else
            first[v] = k + 1;
    }
    free(first);
    return st;
}

/* Every route of the ring exists (q > 1). */
static rm_status check_routes(const rm_network *net, const rm_options *run, const rm_mapping *m,
                              rm_error *err)
{
    const rm_platform *p = net->platform;
    for (int k = 0; k < 2 * m->q; k++) {
        const rm_route *r = k < m->q ? &m->succ[k] : &m->pred[k - m->q];
        if (r->n_arcs < 1 || !(r->bandwidth > 0.0))
            return rm_error_set(err, RM_EINPUT,
                                "no route from '%s' to '%s' (ring position %d's %s) with "
                                "routing %s",
                                label_of(p, r->src), label_of(p, r->dst), k % m->q,
                                k < m->q ? "successor" : "predecessor",
                                rm_enum_name(RM_ENUM_ROUTING, (int)run->routing));
    }
    return RM_OK;
}

/* RESERVED: the final solver's optimum of T_step from the max-min shares of
 * m, kept only when T_step drops. When it ends no lower, the max-min shares
 * stay with the solver's record (final_solver, final_gap: they are optimal
 * within its gap); when it fails, m is unchanged (final_solver NONE). */
static rm_status reserved_shares(const rm_network *net, const rm_options *run, rm_mapping **m,
                                 rm_error *err)
{
    rm_final_solver which = run->final_solver != RM_FINAL_NONE ? run->final_solver
                                                                : RM_FINAL_GLPK;
    rm_mapping *c = rmi_mapping_copy(*m);
    if (!c)
        return rm_error_set(err, RM_ENOMEM, "out of memory for a mapping");
    rm_error e = {RM_OK, ""};
    rm_status st = rmi_mapping_refine_solver_lim(net, c, which, run->final_tol,
                                                 &run->final_limits, NULL, &e);
    if (st == RM_ENOMEM) {
        rm_mapping_free(c);
        return rm_error_set(err, RM_ENOMEM, "%s", e.msg);
    }
    if (st == RM_OK && c->t_step_per_dw < (*m)->t_step_per_dw) {
        rm_mapping_free(*m);
        *m = c;
        return RM_OK;
    }
    if (st == RM_OK) { /* no lower: the max-min shares are as good, within its gap */
        (*m)->final_solver = c->final_solver;
        (*m)->final_gap = c->final_gap;
        (*m)->final_converged = c->final_converged;
    }
    rm_mapping_free(c);
    return RM_OK;
}

/* RM_ALPHA_SPEED: alpha_k = (1/w_k) / sum_j 1/w_j, T_step by eq. (1) (or the overlap model). */
static rm_status speed_alphas(const rm_network *net, rm_mapping *m, rm_error *err)
{
    int q = m->q;
    double *w = malloc((size_t)q * sizeof *w), *C = malloc((size_t)q * sizeof *C);
    if (!w || !C) {
        free(w), free(C);
        return rm_error_set(err, RM_ENOMEM, "out of memory for the alphas");
    }
    double s = 0.0;
    for (int k = 0; k < q; k++) {
        w[k] = net->platform->nodes[m->ring[k]].w;
        s += 1.0 / w[k];
    }
    for (int k = 0; k < q; k++)
        m->alpha[k] = 1.0 / w[k] / s;
    rm_mapping_costs(net, m, C);
    m->t_step_per_dw = rm_tstep_model(q, w, m->alpha, C, &m->cost);
    m->alphas = RM_ALPHA_SPEED;
    free(w), free(C);
    return RM_OK;
}

/* RM_ALPHA_ADDITIVE: the alphas of eq. (1)'s balance (rm_balance_model with
 * the overlap off) for the ring's route costs, T_step under the mapping's
 * cost model with them (the overlap model's host time under --overlap). */
static rm_status additive_alphas(const rm_network *net, rm_mapping *m, rm_error *err)
{
    int q = m->q;
    double *w = malloc((size_t)q * sizeof *w), *C = malloc((size_t)q * sizeof *C);
    if (!w || !C) {
        free(w), free(C);
        return rm_error_set(err, RM_ENOMEM, "out of memory for the alphas");
    }
    for (int k = 0; k < q; k++)
        w[k] = net->platform->nodes[m->ring[k]].w;
    rm_mapping_costs(net, m, C);
    rm_cost_model a = m->cost;
    a.overlap = 0;
    a.overlap_boundary = 0.0;
    a.overlap_boundary_dw = 0.0;
    rm_cost_model_set_overlap_floor(&a, 0.0);
    rm_balance_model(q, w, C, &a, m->alpha);
    m->t_step_per_dw = rm_tstep_model(q, w, m->alpha, C, &m->cost);
    m->alphas = RM_ALPHA_ADDITIVE;
    free(w), free(C);
    return RM_OK;
}

/* The caller's route of position k's successor (succ) or predecessor: a
 * walk of usable arcs of net from ring[k] to that neighbour, copied into r
 * with its bottleneck capacity as bandwidth (max-min then shares it). */
static rm_status given_route(const rm_network *net, const rm_route *g, int from, int to, int k,
                             int succ, rm_route *r, rm_error *err)
{
    const rm_platform *p = net->platform;
    const char *what = succ ? "successor" : "predecessor";
    if (!g || g->n_arcs < 1 || !g->arcs)
        return rm_error_set(err, RM_EINPUT, "ring position %d: no route given to its %s '%s'", k,
                            what, label_of(p, to));
    double bw = INFINITY;
    int at = from;
    for (int i = 0; i < g->n_arcs; i++) {
        int a = g->arcs[i];
        if (a < 0 || a >= net->n_arcs)
            return rm_error_set(err, RM_EINPUT, "ring position %d: the route to its %s: arc %d "
                                "is not in the network (0..%d)", k, what, a, net->n_arcs - 1);
        if (net->arc_tail[a] != at)
            return rm_error_set(err, RM_EINPUT, "ring position %d: the route to its %s: hop %d "
                                "leaves '%s', not '%s'", k, what, i + 1,
                                label_of(p, net->arc_tail[a]), label_of(p, at));
        if (net->arc_res[a] < 0)
            return rm_error_set(err, RM_EINPUT, "ring position %d: the route to its %s: hop %d "
                                "('%s' -> '%s') is not usable in this direction", k, what, i + 1,
                                label_of(p, net->arc_tail[a]), label_of(p, net->arc_head[a]));
        double c = net->res_cap[net->arc_res[a]];
        bw = c < bw ? c : bw;
        at = net->arc_head[a];
    }
    if (at != to)
        return rm_error_set(err, RM_EINPUT, "ring position %d: the route to its %s '%s' ends at "
                            "'%s'", k, what, label_of(p, to), label_of(p, at));
    if (rm_route_copy(r, g))
        return rm_error_set(err, RM_ENOMEM, "out of memory for a route");
    r->src = from;
    r->dst = to;
    r->bandwidth = bw;
    return RM_OK;
}

static rm_status ring_eval(const rm_network *net, const rm_options *opt, const int *ring, int q,
                           const rm_route *succ, const rm_route *pred, rm_alpha_rule alphas,
                           rm_mapping **out, rm_error *err)
{
    rm_options run; /* opt checked, its routing resolved on net (heur/options.h) */
    rm_status st = rmi_heuristic_args_check(net, opt, out, "rm_ring_eval", &run, err);
    if (st)
        return st;
    if (!ring && q > 0)
        return rm_error_set(err, RM_EINVAL, "rm_ring_eval: ring is NULL");
    if (alphas != RM_ALPHA_BEST && alphas != RM_ALPHA_SPEED && alphas != RM_ALPHA_ADDITIVE)
        return rm_error_set(err, RM_EINPUT, "unknown alpha rule %d (best, speed or additive)",
                            (int)alphas);
    if (run.network == RM_NETWORK_FAIR && run.final_solver != RM_FINAL_NONE)
        return rm_error_set(err, RM_EINPUT,
                            "final solver %s: its shares are reservations, which the fair "
                            "network model does not make (use the reserved network model)",
                            rm_enum_name(RM_ENUM_FINAL_SOLVER, (int)run.final_solver));
    if ((st = check_ring(net->platform, ring, q, err)))
        return st;
    rm_mapping *m = rm_mapping_new(q, 0);
    if (!m)
        return rm_error_set(err, RM_ENOMEM, "out of memory for a mapping");
    m->cost = run.cost;
    m->network = run.network;
    for (int k = 0; k < q; k++)
        m->ring[k] = ring[k];
    if (q > 1 && (succ || pred)) { /* the caller's routes */
        for (int k = 0; k < q && !st; k++) {
            st = given_route(net, succ ? &succ[k] : NULL, ring[k], ring[(k + 1) % q], k, 1,
                             &m->succ[k], err);
            if (!st)
                st = given_route(net, pred ? &pred[k] : NULL, ring[k], ring[(k + q - 1) % q], k,
                                 0, &m->pred[k], err);
        }
    } else if (q > 1 && !(st = rmi_ring_routes(net, &run, m, err))) { /* heur/route_ties.h */
        st = check_routes(net, &run, m, err);
    }
    if (!st) /* fair, and the start of reserved */
        st = rm_mapping_refine_maxmin(net, m, err);
    if (!st && run.network == RM_NETWORK_RESERVED && q > 1)
        st = reserved_shares(net, &run, &m, err);
    if (!st) {
        m->ring_given = 1;
        m->sharing = RM_SHARING_MAXMIN;
        m->n_sweep = 0;
        if (alphas == RM_ALPHA_SPEED)
            st = speed_alphas(net, m, err);
        else if (alphas == RM_ALPHA_ADDITIVE)
            st = additive_alphas(net, m, err);
    }
    if (!st) /* the printed prediction (fair model, latency on) */
        st = rm_mapping_tstep_dynamic(net, m, err);
    if (st) {
        rm_mapping_free(m);
        return st;
    }
    *out = m;
    return RM_OK;
}

rm_status rm_ring_eval(const rm_network *net, const rm_options *opt, const int *ring, int q,
                       rm_alpha_rule alphas, rm_mapping **out, rm_error *err)
{
    return ring_eval(net, opt, ring, q, NULL, NULL, alphas, out, err);
}

rm_status rm_ring_eval_routes(const rm_network *net, const rm_options *opt, const int *ring,
                              int q, const rm_route *succ, const rm_route *pred,
                              rm_alpha_rule alphas, rm_mapping **out, rm_error *err)
{
    if (q > 1 && (!succ || !pred))
        return rm_error_set(err, RM_EINVAL, "rm_ring_eval_routes: succ or pred is NULL");
    return ring_eval(net, opt, ring, q, succ, pred, alphas, out, err);
}
