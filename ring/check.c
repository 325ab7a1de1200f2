/*
 * check.c — the invariant checker run on every mapping the program prints:
 * ring validity, route validity, link capacities, alphas, and T_step equal to
 * eq. (1) recomputed and to the balanced value (Legrand et al. 2004 eq. (1), (5)),
 * or alphas proportional to speed for a given ring valued so (RM_ALPHA_SPEED),
 * or the additive model's balance valued under the overlap model
 * (RM_ALPHA_ADDITIVE).
 */
#include "ring/args.h"
#include "ringmap/ring.h"

#include <math.h>
#include <stdlib.h>

static const char *label_of(const rm_network *net, int node)
{
    const char *l = net->platform->nodes[node].label;
    return l && *l ? l : "?";
}

static rm_status check_route(const rm_network *net, const rm_route *r, int src, int dst,
                             const char *what, int k, rm_error *err)
{
    if (r->src != src || r->dst != dst)
        return rm_error_set(err, RM_EINTERNAL,
                            "ring position %d: %s route goes %d->%d, expected %s->%s", k, what,
                            r->src, r->dst, label_of(net, src), label_of(net, dst));
    if (r->n_arcs <= 0 || !r->arcs)
        return rm_error_set(err, RM_EINTERNAL, "ring position %d: %s route %s->%s is empty", k,
                            what, label_of(net, src), label_of(net, dst));
    int at = src;
    for (int i = 0; i < r->n_arcs; i++) {
        int a = r->arcs[i];
        if (a < 0 || a >= net->n_arcs || net->arc_res[a] < 0)
            return rm_error_set(err, RM_EINTERNAL, "ring position %d: %s route uses unusable arc %d",
                                k, what, a);
        if (net->arc_tail[a] != at)
            return rm_error_set(err, RM_EINTERNAL,
                                "ring position %d: %s route is not a walk at arc %d (link %d)", k,
                                what, i, net->arc_link[a]);
        at = net->arc_head[a];
    }
    if (at != dst)
        return rm_error_set(err, RM_EINTERNAL, "ring position %d: %s route ends at %s, not %s", k,
                            what, label_of(net, at), label_of(net, dst));
    if (!(r->bandwidth > 0.0) || !isfinite(r->bandwidth))
        return rm_error_set(err, RM_EINTERNAL, "ring position %d: %s route bandwidth %g", k, what,
                            r->bandwidth);
    return RM_OK;
}

static void add_load(const rm_network *net, const rm_route *r, double *load, double *peak)
{
    for (int i = 0; i < r->n_arcs; i++) {
        int res = net->arc_res[r->arcs[i]];
        if (net->res_backbone[res]) {
            if (r->bandwidth > peak[res])
                peak[res] = r->bandwidth;
        } else {
            load[res] += r->bandwidth;
        }
    }
}

/* RM_ALPHA_SPEED: each alpha[k] is (1/w_k) / sum_j 1/w_j, to tol. */
static rm_status check_speed_alphas(const rm_network *net, const rm_mapping *m, const double *w,
                                    double tol, rm_error *err)
{
    double s = 0.0;
    for (int k = 0; k < m->q; k++)
        s += 1.0 / w[k];
    for (int k = 0; k < m->q; k++) {
        double a = 1.0 / w[k] / s;
        if (!(fabs(m->alpha[k] - a) <= tol * a + 1e-15))
            return rm_error_set(err, RM_EINTERNAL,
                                "alpha of %s is %.17g, not %.17g (proportional to its speed)",
                                label_of(net, m->ring[k]), m->alpha[k], a);
    }
    return RM_OK;
}

/* RM_ALPHA_ADDITIVE: the alphas are the additive model's balance for the
 * ring's route costs C (rm_balance_model with the overlap off), to tol. */
static rm_status check_additive_alphas(const rm_network *net, const rm_mapping *m,
                                       const double *w, const double *C, double tol,
                                       rm_error *err)
{
    rm_cost_model a = m->cost;
    a.overlap = 0;
    a.overlap_boundary = 0.0;
    a.overlap_boundary_dw = 0.0;
    rm_cost_model_set_overlap_floor(&a, 0.0);
    double *al = malloc((size_t)m->q * sizeof *al);
    if (!al)
        return rm_error_set(err, RM_ENOMEM, "out of memory in mapping check");
    rm_balance_model(m->q, w, C, &a, al);
    rm_status st = RM_OK;
    for (int k = 0; k < m->q && !st; k++)
        if (!(fabs(m->alpha[k] - al[k]) <= tol * fmax(al[k], 1.0 / m->q) + 1e-15))
            st = rm_error_set(err, RM_EINTERNAL,
                              "alpha of %s is %.17g, not %.17g (the additive model's balance)",
                              label_of(net, m->ring[k]), m->alpha[k], al[k]);
    free(al);
    return st;
}

rm_status rm_mapping_check(const rm_network *net, const rm_mapping *m, double tol, rm_error *err)
{
    if (!net || !net->platform || !m)
        return rm_error_set(err, RM_EINVAL, "rm_mapping_check: %s is NULL",
                            !net ? "net" : !m ? "the mapping" : "net->platform");
    rm_status ast = rmi_mapping_args_check(net, m, "rm_mapping_check", err); /* indices in range */
    if (ast)
        return ast;
    if (tol <= 0.0)
        tol = 1e-9;
    const rm_platform *p = net->platform;
    int q = m->q;
    if (q < 1 || q > p->n_hosts)
        return rm_error_set(err, RM_EINTERNAL, "ring size %d out of range 1..%d", q, p->n_hosts);
    for (int k = 0; k < q; k++) {
        int v = m->ring[k];
        if (v < 0 || v >= p->n_nodes || !p->nodes[v].is_host)
            return rm_error_set(err, RM_EINTERNAL, "ring position %d is not a host (node %d)", k, v);
        for (int l = 0; l < k; l++)
            if (m->ring[l] == v)
                return rm_error_set(err, RM_EINTERNAL, "host %s appears twice in the ring",
                                    label_of(net, v));
    }
    rm_status st = RM_OK;
    double *load = calloc((size_t)net->n_res + 1, sizeof *load);
    double *peak = calloc((size_t)net->n_res + 1, sizeof *peak);
    double *w = malloc((size_t)q * sizeof *w), *C = malloc((size_t)q * sizeof *C);
    if (!load || !peak || !w || !C) {
        st = rm_error_set(err, RM_ENOMEM, "out of memory in mapping check");
        goto done;
    }
    if (q > 1) {
        for (int k = 0; k < q; k++) {
            int next = m->ring[(k + 1) % q], prev = m->ring[(k + q - 1) % q];
            if ((st = check_route(net, &m->succ[k], m->ring[k], next, "successor", k, err)))
                goto done;
            if ((st = check_route(net, &m->pred[k], m->ring[k], prev, "predecessor", k, err)))
                goto done;
            add_load(net, &m->succ[k], load, peak);
            add_load(net, &m->pred[k], load, peak);
        }
        for (int r = 0; r < net->n_res; r++) {
            double cap = net->res_cap[r], used = net->res_backbone[r] ? peak[r] : load[r];
            if (used > cap * (1.0 + tol) + 1e-12) {
                int l = net->res_link[r];
                st = rm_error_set(err, RM_EINTERNAL,
                                  "link %d (%s -- %s) carries %.17g Mb/s, capacity %.17g", l,
                                  label_of(net, p->links[l].source),
                                  label_of(net, p->links[l].target), used, cap);
                goto done;
            }
        }
    }
    double sum = 0.0;
    for (int k = 0; k < q; k++) {
        if (!(m->alpha[k] >= 0.0) || !isfinite(m->alpha[k])) {
            st = rm_error_set(err, RM_EINTERNAL, "alpha of %s is %g",
                              label_of(net, m->ring[k]), m->alpha[k]);
            goto done;
        }
        sum += m->alpha[k];
        w[k] = p->nodes[m->ring[k]].w;
    }
    if (fabs(sum - 1.0) > tol * q + 1e-12) {
        st = rm_error_set(err, RM_EINTERNAL, "alphas sum to %.17g, not 1", sum);
        goto done;
    }
    rm_mapping_costs(net, m, C);
    double t1 = rm_tstep_model(q, w, m->alpha, C, &m->cost);
    double tb = rm_balance_model(q, w, C, &m->cost, NULL);
    if (!(fabs(t1 - m->t_step_per_dw) <= tol * fabs(t1)))
        st = rm_error_set(err, RM_EINTERNAL, "T_step/D_w %.17g differs from eq. (1) %.17g",
                          m->t_step_per_dw, t1);
    else if (m->alphas == RM_ALPHA_SPEED) /* alpha_k = (1/w_k) / sum_j 1/w_j */
        st = check_speed_alphas(net, m, w, tol, err);
    else if (m->alphas == RM_ALPHA_ADDITIVE) /* the additive balance, valued under overlap */
        st = check_additive_alphas(net, m, w, C, tol, err);
    else if (m->alphas != RM_ALPHA_BEST)
        st = rm_error_set(err, RM_EINTERNAL, "unknown alpha rule %d", (int)m->alphas);
    else if (!(fabs(tb - m->t_step_per_dw) <= tol * fabs(tb)))
        st = rm_error_set(err, RM_EINTERNAL,
                          "T_step/D_w %.17g is not the balanced value %.17g", m->t_step_per_dw, tb);
done:
    free(load);
    free(peak);
    free(w);
    free(C);
    return st;
}
