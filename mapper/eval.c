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

/* RM_ALPHA_SPEED: alpha_k = (1/w_k) / sum_j 1/w_j, T_step by eq. (1). */
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
    m->t_step_per_dw = rm_tstep_eq1(q, w, m->alpha, C, m->cost.dc_dw);
    m->alphas = RM_ALPHA_SPEED;
    free(w), free(C);
    return RM_OK;
}

rm_status rm_ring_eval(const rm_network *net, const rm_options *opt, const int *ring, int q,
                       rm_alpha_rule alphas, rm_mapping **out, rm_error *err)
{
    rm_options run; /* opt checked, its routing resolved on net (heur/options.h) */
    rm_status st = rmi_heuristic_args_check(net, opt, out, "rm_ring_eval", &run, err);
    if (st)
        return st;
    if (!ring && q > 0)
        return rm_error_set(err, RM_EINVAL, "rm_ring_eval: ring is NULL");
    if (alphas != RM_ALPHA_BEST && alphas != RM_ALPHA_SPEED)
        return rm_error_set(err, RM_EINPUT, "unknown alpha rule %d (best or speed)", (int)alphas);
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
    if (q > 1 && !(st = rmi_ring_routes(net, &run, m, err))) /* heur/route_ties.h */
        st = check_routes(net, &run, m, err);
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
    }
    if (st) {
        rm_mapping_free(m);
        return st;
    }
    *out = m;
    return RM_OK;
}
