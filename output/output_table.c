/*
 * output_table.c — the human-readable outputs of a mapping: one row per ring
 * position (host, cycle-time w, share alpha, successor and predecessor
 * routes with their bandwidths, time per unit of work of Legrand et al. 2004 eq. (1)),
 * T_step/D_w and the ring size, the T_step/D_w of every ring size tried, and
 * the SliceRing vs SharedRing line of Legrand et al. 2004 Tables 3–4.
 */
#include "ring/args.h"
#include "output/output.h"

#include "model/text_escape.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Write the name of node v (its label, or "#<GML id>" if it has none). */
static int node_name(char *buf, size_t n, const rm_platform *p, int v)
{
    const char *l = p->nodes[v].label;
    if (l && *l) /* control characters (escape sequences) shown as \xHH */
        return rmi_text_needs_escape(l) ? (int)rmi_text_escape(buf, n, l)
                                        : snprintf(buf, n, "%s", l);
    return snprintf(buf, n, "#%ld", p->nodes[v].id);
}

/* Append the n bytes of t to s (length *len, capacity *cap): 0, or -1
 * (no memory: s freed). */
static int text_append(char **s, size_t *len, size_t *cap, const char *t, size_t n)
{
    if (*len + n + 1 > *cap) {
        size_t c = *cap;
        while (c < *len + n + 1)
            c *= 2;
        char *x = realloc(*s, c);
        if (!x) {
            free(*s);
            *s = NULL;
            return -1;
        }
        *s = x;
        *cap = c;
    }
    memcpy(*s + *len, t, n);
    *len += n;
    (*s)[*len] = '\0';
    return 0;
}

/* A route of a platform that names its links (SimGrid: rm_platform
 * .link_ids) as the file names it: "Boivin -[47,44,11]-> Fafard (12.5)",
 * the file's links in the route's order (its connection links, which the
 * file has not, left out); malloc'ed, NULL: no memory. */
static char *route_text_ids(const rm_network *net, const rm_route *r)
{
    const rm_platform *p = net->platform;
    size_t cap = 64, len = 0;
    char *s = malloc(cap);
    char buf[256];
    if (!s)
        return NULL;
    s[0] = '\0';
    int n = node_name(buf, sizeof buf, p, r->src);
    n = n < 0 ? 0 : (size_t)n >= sizeof buf ? (int)sizeof buf - 1 : n;
    if (text_append(&s, &len, &cap, buf, (size_t)n) || text_append(&s, &len, &cap, " -[", 3))
        return NULL;
    int first = 1;
    for (int i = 0; i < r->n_arcs; i++) {
        const char *id = p->link_ids[net->arc_link[r->arcs[i]]];
        if (!id)
            continue;
        n = rmi_text_needs_escape(id) ? (int)rmi_text_escape(buf, sizeof buf, id)
                                      : snprintf(buf, sizeof buf, "%s", id);
        n = n < 0 ? 0 : (size_t)n >= sizeof buf ? (int)sizeof buf - 1 : n;
        if ((!first && text_append(&s, &len, &cap, ",", 1)) ||
            text_append(&s, &len, &cap, buf, (size_t)n))
            return NULL;
        first = 0;
    }
    n = node_name(buf, sizeof buf, p, r->dst);
    n = n < 0 ? 0 : (size_t)n >= sizeof buf ? (int)sizeof buf - 1 : n;
    if (text_append(&s, &len, &cap, "]-> ", 4) || text_append(&s, &len, &cap, buf, (size_t)n))
        return NULL;
    n = snprintf(buf, sizeof buf, " (%.6g)", r->bandwidth);
    if (text_append(&s, &len, &cap, buf, (size_t)n))
        return NULL;
    return s;
}

/* "A->R1->B (12.5)" for a route; returns a malloc'ed string (NULL: no memory). */
static char *route_text(const rm_network *net, const rm_route *r)
{
    const rm_platform *p = net->platform;
    if (p->link_ids) /* the file's link ids (SimGrid) */
        return route_text_ids(net, r);
    size_t cap = 64, len = 0;
    char *s = malloc(cap);
    if (!s)
        return NULL;
    s[0] = '\0';
    for (int i = -1; i < r->n_arcs; i++) {
        int v = i < 0 ? r->src : net->arc_head[r->arcs[i]];
        char name[256];
        int n = node_name(name, sizeof name, p, v);
        if (n < 0)
            n = 0;
        if ((size_t)n >= sizeof name)
            n = (int)sizeof name - 1;
        size_t need = len + (size_t)n + 48;
        if (need > cap) {
            while (cap < need)
                cap *= 2;
            char *t = realloc(s, cap);
            if (!t) {
                free(s);
                return NULL;
            }
            s = t;
        }
        len += (size_t)snprintf(s + len, cap - len, "%s%s", i < 0 ? "" : "->", name);
    }
    snprintf(s + len, cap - len, " (%.6g)", r->bandwidth);
    return s;
}

static const char *heuristic_title(rm_heuristic h)
{
    switch (h) {
    case RM_HEUR_SLICE: return "SliceRing (H1)";
    case RM_HEUR_SHARED_EXACT: return "SharedRing exhaustive (exact for fixed routing)";
    case RM_HEUR_SLICE_EXACT: return "SliceRing exact (proven optimum of eq. (2))";
    case RM_HEUR_SHARED: return "SharedRing (H2)";
    case RM_HEUR_BOTH: return "SharedRing and SliceRing";
    default: { /* another heuristic: its name (output/names.c) */
        const char *name = rm_enum_name(RM_ENUM_HEURISTIC, (int)h);
        return name ? name : "?";
    }
    }
}

static const char *sharing_title(rm_sharing s)
{
    switch (s) {
    case RM_SHARING_GREEDY: return "greedy shares";
    case RM_SHARING_MAXMIN: return "max-min fairness";
    case RM_SHARING_EQ5: return "eq. (5) surrogate optimum";
    }
    return "unknown";
}

static const char *final_title(rm_final_solver s)
{
    switch (s) {
    case RM_FINAL_NONE: return "none";
    case RM_FINAL_KINSOL: return "optimum of T_step by KINSOL";
    case RM_FINAL_GLPK: return "optimum of T_step by GLPK";
    }
    return "unknown";
}

/* The RM_STEP_SIMULATE steps from i on (mapper/sim_pick.c), on one line:
 * each candidate's SimGrid pace in ms per step (D_w from the cost model)
 * and which one was handed on. */
static void print_sim_pick(FILE *f, const rm_mapping *m, int i)
{
    double dw = m->cost.dc_dw > 0.0 ? m->cost.dc / m->cost.dc_dw : 0.0;
    fputs("  SimGrid's run of the final candidates (ms per step):", f);
    for (int j = i; j < m->n_steps && m->steps[j].kind == RM_STEP_SIMULATE; j++) {
        const rm_pipeline_step *st = &m->steps[j];
        if (isfinite(st->t_after))
            fprintf(f, "%s %s %.4f%s", j > i ? ";" : "", st->note, st->t_after * dw * 1e3,
                    st->kept ? " (handed on)" : "");
        else
            fprintf(f, "%s %s not simulated", j > i ? ";" : "", st->note);
    }
    fputc('\n', f);
}

/* The steps of rm_map's pipeline (rm_mapping.steps) and what each gained,
 * when more than the heuristic ran. */
static void print_pipeline(FILE *f, const rm_mapping *m)
{
    if (m->n_steps < 2 || !m->steps)
        return;
    fputs("\nPipeline (a step is kept only when T_step/D_w does not rise):\n", f);
    for (int i = 0; i < m->n_steps; i++) {
        const rm_pipeline_step *st = &m->steps[i];
        switch (st->kind) {
        case RM_STEP_HEURISTIC:
            if (isfinite(st->t_after))
                fprintf(f, "  %s: %.6g s/Mflop", heuristic_title((rm_heuristic)st->detail),
                        st->t_after);
            else
                fprintf(f, "  %s", heuristic_title((rm_heuristic)st->detail));
            break;
        case RM_STEP_SEARCH:
            fprintf(f, "  search: %.6g -> %.6g s/Mflop, %d move%s, %lld evaluations",
                    st->t_before, st->t_after, st->moves, st->moves == 1 ? "" : "s",
                    st->evaluations);
            break;
        case RM_STEP_FLUID:
            fprintf(f, "  fluid check: %.6g -> %.6g s/Mflop (one exchange step as the network "
                       "runs it)",
                    st->t_before, st->t_after);
            break;
        case RM_STEP_SIMULATE: /* one line for the candidates simulated (sim_pick.c) */
            if (i > 0 && m->steps[i - 1].kind == RM_STEP_SIMULATE)
                continue;
            print_sim_pick(f, m, i);
            continue;
        default:
            fprintf(f, "  final solver %s: %.6g -> %.6g s/Mflop",
                    rm_enum_name(RM_ENUM_FINAL_SOLVER, st->detail), st->t_before, st->t_after);
            break;
        }
        fprintf(f, "%s%s%s\n", st->kept ? ", kept" : ", not kept", st->note[0] ? ": " : "",
                st->note);
    }
}

/* T_step/D_w of every ring size the heuristic valued (rm_mapping.sweep_t),
 * the chosen one marked; with SliceRing's unshared estimate beside it when
 * unshared. Nothing when no size has a value. */
static void print_sweep(FILE *f, const rm_mapping *m, int unshared)
{
    int q = m->q;
    int any = 0;
    for (int i = 0; m->sweep_t && i < m->n_sweep; i++)
        any |= isfinite(m->sweep_t[i]);
    if (any) {
        fprintf(f, "\nT_step/D_w per ring size:\n%6s  %s\n", "q",
                unshared ? "T_step/D_w    unshared estimate" : "T_step/D_w");
        for (int i = 0; i < m->n_sweep; i++) {
            if (!isfinite(m->sweep_t[i]))
                continue;
            char t[96];
            int n = snprintf(t, sizeof t, "%.6g", m->sweep_t[i]);
            if (unshared && m->sweep_t_unshared && n > 0 && n < (int)sizeof t)
                snprintf(t + n, sizeof t - (size_t)n, "%*s%.6g", n < 12 ? 14 - n : 2, "",
                         m->sweep_t_unshared[i]);
            if (i + 1 == q)
                fprintf(f, "%6d  %-30s  <- chosen\n", i + 1, t);
            else
                fprintf(f, "%6d  %s\n", i + 1, t);
        }
    }
}

void rm_mapping_print(FILE *f, const rm_network *net, const rm_mapping *m)
{
    if (!f || rmi_mapping_args_check(net, m, "rm_mapping_print", NULL)) /* ring/args.h */
        return; /* nothing printed for an invalid argument */
    const rm_platform *p = net->platform;
    int q = m->q;
    char **succ = calloc((size_t)q + 1, sizeof *succ);
    char **pred = calloc((size_t)q + 1, sizeof *pred);
    double *Cs = malloc((size_t)q * sizeof *Cs);
    if (Cs)
        rm_mapping_costs(net, m, Cs);
    int wl = 4, ws = 17, wp = 17; /* column widths: host, succ route, pred route */
    for (int k = 0; k < q; k++) {
        char name[256];
        int n = node_name(name, sizeof name, p, m->ring[k]);
        if (n > wl)
            wl = n > 40 ? 40 : n;
        if (q > 1 && succ && pred) {
            succ[k] = route_text(net, &m->succ[k]);
            pred[k] = route_text(net, &m->pred[k]);
            if (succ[k] && (int)strlen(succ[k]) > ws)
                ws = (int)strlen(succ[k]);
            if (pred[k] && (int)strlen(pred[k]) > wp)
                wp = (int)strlen(pred[k]);
        }
    }
    char pname[512];
    rmi_text_escape(pname, sizeof pname, p->name ? p->name : "");
    int n_links = p->n_links; /* a SimGrid platform: the file's links (not the connections) */
    for (int l = 0; p->link_ids && l < p->n_links; l++)
        n_links -= !p->link_ids[l];
    if (p->directed) /* one-way links: --duplex does not apply */
        fprintf(f, "platform %s: %d hosts, %d routers, %d links; directed (one-way links, each "
                "its own capacity)\n", pname, p->n_hosts, rm_platform_routers(p), n_links);
    else
        fprintf(f, "platform %s: %d hosts, %d routers, %d links; %s duplex\n",
                pname, p->n_hosts, rm_platform_routers(p), n_links,
                rm_enum_name(RM_ENUM_DUPLEX, (int)net->duplex)); /* output/names.c */
    if (p->bw_factor > 0.0 || p->lat_factor > 0.0) /* rm_platform_calibrate */
        fprintf(f, "calibrated: bandwidths x %.6g, latencies x %.6g\n",
                p->bw_factor > 0.0 ? p->bw_factor : 1.0, p->lat_factor > 0.0 ? p->lat_factor : 1.0);
    int slice = !m->ring_given &&
                (m->heuristic == RM_HEUR_SLICE || m->heuristic == RM_HEUR_SLICE_EXACT);
    int not_kept = m->final_outcome == RM_FINAL_OUTCOME_NO_GAIN ||
                   m->final_outcome == RM_FINAL_OUTCOME_FAILED;
    if (m->ring_given) /* rm_ring_eval (mapper.h): a given ring, no heuristic */
        fprintf(f, "given ring, network %s: shares %s, alphas %s, D_c/D_w = %.6g Mb/Mflop\n",
                m->network == RM_NETWORK_FAIR ? "fair (max-min, no reservation)"
                                              : "reserved (the shares are reserved)",
                m->final_solver != RM_FINAL_NONE ? final_title(m->final_solver)
                                                 : sharing_title(m->sharing),
                m->alphas == RM_ALPHA_SPEED ? "proportional to speed (1/w)"
                                            : "best (least T_step, alpha >= 0)",
                m->cost.dc_dw);
    else {
        fprintf(f, "heuristic %s, %s %s, final solver %s%s, D_c/D_w = %.6g Mb/Mflop\n",
                heuristic_title(m->heuristic), slice ? "made feasible by" : "sharing",
                sharing_title(m->sharing), final_title(m->final_solver),
                not_kept ? " (not kept)" : "", m->cost.dc_dw);
        fprintf(f, "network: %s\n",
                m->network == RM_NETWORK_FAIR
                    ? "fair (max-min, no reservation: every link shared as TCP shares it)"
                    : "reserved (the mapper's shares, as Legrand et al. 2004)");
    }
    if (m->cost.overlap && m->cost.overlap_boundary_dw > 0.0) /* its absolute boundary */
        fprintf(f,
                "cost model: overlap of communication and computation, absolute boundary "
                "b/D_w %.6g on every host (host time max(alpha w, D_c/D_w C + min(%.6g, alpha) "
                "w))%s\n",
                m->cost.overlap_boundary_dw, m->cost.overlap_boundary_dw,
                rm_cost_model_overlap_floor(&m->cost) > 0.0 ? ", every host at least one column" : "");
    else if (m->cost.overlap) /* the overlap model (Weissman 1995 §4.1.2, Eq. 4.10) */
        fprintf(f,
                "cost model: overlap of communication and computation, boundary fraction %.6g "
                "(host time max(alpha w, D_c/D_w C + %.6g alpha w))\n",
                m->cost.overlap_boundary, m->cost.overlap_boundary);
    if (!m->ring_given && m->alphas == RM_ALPHA_ADDITIVE) /* SimGrid's pick (sim_pick.c) */
        fprintf(f, "alphas: the additive model's balance (eq. (1)), valued under the overlap "
                   "model\n");
    if (not_kept) /* never worse (ring/refine.h): the solver's note */
        fprintf(f, "final solver %s: %s, the heuristic's shares kept (T_step/D_w %.6g s/Mflop): %s\n",
                rm_enum_name(RM_ENUM_FINAL_SOLVER, (int)m->final_solver),
                m->final_outcome == RM_FINAL_OUTCOME_FAILED ? "failed" : "no gain",
                m->final_t_start, m->final_message);
    fprintf(f, "\n%4s  %-*s  %-11s  %-10s  %-*s  %-*s  %s\n", "pos", wl, "host", "w(s/Mflop)",
            "alpha", ws, "succ route (Mb/s)", wp, "pred route (Mb/s)", "time/D_w(s/Mflop)");
    for (int k = 0; k < q; k++) {
        const rm_node *nd = &p->nodes[m->ring[k]];
        char name[256];
        node_name(name, sizeof name, p, m->ring[k]);
        double C = Cs ? Cs[k] : NAN;
        const char *s = q == 1 ? "-" : (succ && succ[k] ? succ[k] : "?");
        const char *r = q == 1 ? "-" : (pred && pred[k] ? pred[k] : "?");
        fprintf(f, "%4d  %-*s  %-11.6g  %-10.6g  %-*s  %-*s  %.6g\n", k, wl, name, nd->w,
                m->alpha[k], ws, s, wp, r, rm_host_time(&m->cost, m->alpha[k], nd->w, C));
    }
    fprintf(f, "\nT_step/D_w = %.6g s/Mflop with a ring of %d host%s\n", rm_mapping_tstep_printed(m),
            q, q == 1 ? "" : "s");
    if (m->t_step_judged)
        fprintf(f, "  (simulated by SimGrid: CM02, iterapp's steps, steady pace, T_step = %.6g s; "
                   "the fluid model's valuation: %.6g s/Mflop; the static max-min one, which "
                   "the mapper chose by: %.6g s/Mflop)\n",
                m->t_step_simulated,
                isfinite(m->t_step_per_dw_dynamic) ? m->t_step_per_dw_dynamic : m->t_step_per_dw,
                m->t_step_per_dw);
    else if (isfinite(m->t_step_per_dw_dynamic) && m->t_step_per_dw_dynamic != m->t_step_per_dw)
        fprintf(f, "  (one exchange step as the network runs it: a flow holds no bandwidth during "
                   "its latency and releases it when it ends; static max-min valuation, which "
                   "the mapper chose by: %.6g s/Mflop)\n",
                m->t_step_per_dw);
    if (m->t_step_simulated > 0.0 && !m->t_step_judged)
        fprintf(f, "  simulated by SimGrid (CM02, iterapp's steps, steady pace): T_step = %.6g s "
                   "(T_step/D_w = %.6g s/Mflop)\n",
                m->t_step_simulated,
                m->cost.dc > 0.0 ? m->t_step_simulated * m->cost.dc_dw / m->cost.dc : NAN);
    int unshared = slice;
    if (unshared)
        fprintf(f, "  (SliceRing's ring with max-min shares on the real network; its own "
                   "estimate on the fully connected model: %.6g s/Mflop)\n",
                m->t_step_per_dw_unshared);
    print_pipeline(f, m);
    print_sweep(f, m, unshared);
    for (int k = 0; k < q; k++) {
        if (succ)
            free(succ[k]);
        if (pred)
            free(pred[k]);
    }
    free(succ);
    free(pred);
    free(Cs);
}

double rmi_improvement_percent(double t_slice, double t_shared)
{
    return (t_slice - t_shared) / t_slice * 100.0;
}

void rmi_compare_print(FILE *f, const rm_mapping *slice, const rm_mapping *shared)
{
    fprintf(f, "%-10s  %-22s  %-22s  %-22s  %s\n", "D_c/D_w", "H1: SliceRing (q)",
            "H1 unshared est. (q)", "H2: SharedRing (q)", "Improvement");
    char a[64], b[64], c[64];
    snprintf(a, sizeof a, "%.6g (%d)", slice->t_step_per_dw, slice->q);
    snprintf(b, sizeof b, "%.6g (%d)", slice->t_step_per_dw_unshared, slice->q);
    snprintf(c, sizeof c, "%.6g (%d)", shared->t_step_per_dw, shared->q);
    fprintf(f, "%-10.6g  %-22s  %-22s  %-22s  %.2f%%\n", shared->cost.dc_dw, a, b, c,
            rmi_improvement_percent(slice->t_step_per_dw, shared->t_step_per_dw));
}
