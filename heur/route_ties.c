/*
 * route_ties.c — tie rules between equally wide routes applied to a whole
 * ring (beyond Legrand et al. 2004; heur/route_ties.h): SliceRing's routes
 * of its ring and SharedRing's re-routing of its final ring, the per-route
 * rules being those of topo/route/route_ties.h.
 */
#include "heur/route_ties.h"
#include "heur/heur.h"
#include "ring/refine.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Rounds of re-routing after the first pass of the share rule. */
#define RM_TIES_SHARE_ROUNDS 2

/* The 2q routes of m's ring under rule (rmi_ring_routes). */
static rm_status ring_routes_rule(const rm_network *net, rm_routing routing, rm_route_ties rule,
                                  rm_mapping *m, rm_error *err)
{
    int q = m->q;
    rmi_ties *t;
    rm_status st = rmi_ties_new(net, routing, rule, &t, err);
    for (int k = 0; k < q && !st; k++) {
        st = rmi_ties_route(t, net, routing, NULL, m->ring[k], m->ring[(k + 1) % q], &m->succ[k],
                            err);
        if (!st)
            st = rmi_ties_route(t, net, routing, NULL, m->ring[k], m->ring[(k + q - 1) % q],
                                &m->pred[k], err);
    }
    /* share: RM_TIES_SHARE_ROUNDS rounds re-routing each route (same order)
     * against all the others' loads: a route placed early no longer ignores
     * the routes placed after it (bench_quality --route-ties: fewer and
     * smaller losses than one pass; load gets worse with rounds: one pass) */
    int rounds = rule == RM_TIES_SHARE ? RM_TIES_SHARE_ROUNDS : 0;
    for (int r = 0; t && r < rounds && !st; r++)
        for (int k = 0; k < 2 * q && !st; k++) {
            rm_route *x = k % 2 ? &m->pred[k / 2] : &m->succ[k / 2];
            rmi_ties_unload(t, net, x);
            st = rmi_ties_route(t, net, routing, NULL, x->src, x->dst, x, err);
        }
    rmi_ties_free(t);
    return st;
}

/* The rules RM_TIES_BEST tries, in this order (ties of T_step: the first). */
static const rm_route_ties best_rules[] = {RM_TIES_INDEX, RM_TIES_HOPS, RM_TIES_LOAD,
                                           RM_TIES_SHARE};
#define N_BEST_RULES ((int)(sizeof best_rules / sizeof best_rules[0]))

/* Swap the routes of two mappings of the same ring. */
static void swap_routes(rm_mapping *a, rm_mapping *b)
{
    rm_route *r = a->succ;
    a->succ = b->succ, b->succ = r;
    r = a->pred;
    a->pred = b->pred, b->pred = r;
}

rm_status rmi_ring_routes(const rm_network *net, const rm_options *opt, rm_mapping *m,
                          rm_error *err)
{
    if (opt->route_ties != RM_TIES_BEST)
        return ring_routes_rule(net, opt->routing, opt->route_ties, m, err);
    /* best of the rules by T_step with SliceRing's make-feasible shares */
    rm_mapping *c = rmi_mapping_copy(m), *best = rmi_mapping_copy(m);
    rm_status st = c && best ? RM_OK : rm_error_set(err, RM_ENOMEM, "out of memory for a mapping");
    double tb = INFINITY;
    for (int k = 0; k < N_BEST_RULES && !st; k++) {
        if (k > 0 && opt->routing != RM_ROUTING_WIDEST)
            break; /* no ties: one route per pair */
        if ((st = ring_routes_rule(net, opt->routing, best_rules[k], c, err)))
            break;
        st = opt->make_feasible == RM_SHARING_EQ5 ? rm_mapping_refine_optimal(net, c, err)
                                                  : rm_mapping_refine_maxmin(net, c, err);
        if (!st && c->t_step_per_dw < tb) {
            tb = c->t_step_per_dw;
            swap_routes(best, c);
        }
    }
    if (!st)
        swap_routes(m, best);
    rm_mapping_free(c);
    rm_mapping_free(best);
    return st;
}

rm_status rmi_ties_reshare(const rm_network *net, const rm_options *opt, rm_route_ties rule,
                           rm_mapping *m, int *kept, rm_error *err)
{
    if (kept)
        *kept = 0;
    if (m->q < 2 || opt->routing != RM_ROUTING_WIDEST)
        return RM_OK;
    rm_mapping *c = rmi_mapping_copy(m);
    if (!c)
        return rm_error_set(err, RM_ENOMEM, "out of memory for a mapping");
    rm_status st = RM_OK;
    int n = rule == RM_TIES_BEST ? N_BEST_RULES : 1;
    for (int k = 0; k < n && !st; k++) {
        st = ring_routes_rule(net, opt->routing, rule == RM_TIES_BEST ? best_rules[k] : rule, c,
                              err);
        if (!st)
            st = rm_mapping_refine_maxmin(net, c, err);
        if (!st && c->t_step_per_dw < m->t_step_per_dw) {
            swap_routes(m, c);
            double *a = m->alpha;
            m->alpha = c->alpha, c->alpha = a;
            m->t_step_per_dw = c->t_step_per_dw;
            m->sharing = RM_SHARING_MAXMIN;
            if (kept)
                *kept = 1;
        }
    }
    rm_mapping_free(c);
    return st;
}
