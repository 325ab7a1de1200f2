/*
 * improve.c — local search on a heuristic's ring (better rings, beyond the
 * paper; heur/improve.h, docs/improve.md): re-share, re-route an edge, swap,
 * remove, replace, insert, move; accept a move when T_step (eq. (1) with
 * alpha >= 0, shares by eq. (5) or max-min, Legrand et al. 2004 §4.4.3) strictly
 * decreases (under rm_options.network: max-min shares only under the fair
 * model, the better of eq. (5) and max-min under the reserved one).
 * Deterministic: no threads, ties by generation order, a budget counted in
 * candidate evaluations; wall time only as an optional cap.
 */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include "model/cost_valid.h"
#include "heur/improve.h"
#include "ring/refine.h"
#include "heur/heur.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include <time.h>

enum { MV_RESHARE, MV_REROUTE, MV_SWAP, MV_REMOVE, MV_REPLACE, MV_INSERT, MV_MOVE, MV_CUT };
enum { MET_AUTO, MET_RESID, MET_FAIR, MET_FULL };
/* the move families in generation order (a family's candidates are sampled
   together: sample_plan) */
enum { FAM_RESHARE, FAM_REROUTE, FAM_SWAP, FAM_REMOVE, FAM_CUT, FAM_REPLACE, FAM_INSERT,
       FAM_MOVE, FAM_N };

typedef struct cand {
    int type, k, j, v, metric;
    int order;  /* generation index: ties */
    double est; /* estimated T_step/D_w */
} cand;

/* A candidate ring: nq hosts, edge i from nring[i] to nring[i+1] with
 * routes nF[i] (forward) and nB[i] (back); own[2i], own[2i+1]: the route
 * was built here (freed by build_free), else a shallow copy of cur's. */
typedef struct build {
    int nq, valid;
    int *nring;
    rm_route *nF, *nB;
    char *own;
} build;

typedef struct imp {
    const rm_network *net;
    const rm_options *opt;
    rm_mapping *cur; /* owned current ring */
    int q;
    /* cur's edges: F[k] = &cur->succ[k], B[k] = &cur->pred[k+1] */
    rm_route **F, **B;
    int *pos;      /* n_nodes: ring position of a node in cur, -1 */
    double *resid; /* n_res: capacity - load of cur's routes (the working copy) */
    double *fair;  /* n_res: cap / (count + 1) */
    int *cnt;      /* n_res: crossings of cur's routes */
    int *unused, n_unused;
    /* scratch of size n_hosts (+ a few) */
    int *seq, *edge_old, *edge_rev;
    char *old_used;
    double *w, *C, *alpha, *a, *x, *x2;
    rm_route *routes;
    build b;
    int cap_q; /* capacities of the scratch (ring sizes) */
    /* routing trees of the current residual state, shared by the candidates
       that remove the same ring edges (insert / replace at k, every unused
       host): key (type, k), up to 8 trees (2 roots x 2 directions x 2
       metrics); key_type -1 = no caching */
    int key_type, key_k, n_trees;
    int tree_root[8], tree_rev[8], tree_met[8];
    double *tree_w[8];
    int *tree_arc[8];
    /* the full-capacity widest width between hosts (rm_capacity_matrix,
       capw[hidx[u] * H + hidx[v]]): an upper bound of any route's width */
    double *capw;
    int *hidx;
    /* fixed routes (RM_ROUTING_FIXED): the bound is the file's route's own
       full-capacity width, read per route into farcs (n_links + 1) instead
       of the matrix */
    int *farcs;
    /* symmetric: a route's width is its reverse's (undirected, half duplex:
       both arcs of a link on one resource, widest-path routing, no latency
       term); estimating: building a candidate for its estimate only */
    int symmetric, estimating;
    int gen_budget; /* the budget passed while generating */
    /* sampled neighbourhoods (docs/improve.md, "Sampled rounds"): per move
       family its stride (1: every candidate) and offset this round; pass:
       the rounds on the same ring without an accepted move */
    int stride[FAM_N], offset[FAM_N], pass, max_stride;
    int budget_stop; /* RM_IMPROVE_STOP_EVALS or _BUDGET: which budget passed */
    long long max_evals; /* opt->improve_max_evals resolved (0 = no limit) */
    double t0_clock;
    rm_improve_info info;
} imp;

static double clock_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* The deterministic budget (candidate evaluations) first, then the optional
 * wall-clock cap (read only when one is set). */
static int over_budget(imp *s)
{
    if (s->max_evals > 0 && s->info.candidates >= s->max_evals) {
        s->budget_stop = RM_IMPROVE_STOP_EVALS;
        return 1;
    }
    if (s->opt->improve_seconds > 0 && clock_now() - s->t0_clock > s->opt->improve_seconds) {
        s->budget_stop = RM_IMPROVE_STOP_BUDGET;
        return 1;
    }
    return 0;
}

/* The weighted count of a full evaluation of c on a ring of q hosts (its
 * build and its valuation by shares, evaluate): 1 + nq / IMPROVE_EVAL_Q. */
static long long eval_cost(int q, const cand *c);

/* over_budget, and a full evaluation of c that would take the count above
 * the budget: the budget is never overrun. */
static int eval_over_budget(imp *s, const cand *c)
{
    if (over_budget(s))
        return 1;
    if (s->max_evals > 0 && s->info.candidates + eval_cost(s->q, c) > s->max_evals) {
        s->budget_stop = RM_IMPROVE_STOP_EVALS;
        return 1;
    }
    return 0;
}

/* The automatic budget (docs/improve.md, "Stops and determinism"): work
 * allowed a * H + b * H^2 (the heuristics' own cost grows faster than H),
 * divided by the work of one candidate, N + E (its widest paths) + 40 q (its
 * routes and balance on a ring of q hosts) — fitted to the CPU time per
 * candidate on the shipped platforms and the generated 1,000-host ones of
 * bench_scale. */
#define IMPROVE_WORK_A 4.0e4
#define IMPROVE_WORK_B 250.0
#define IMPROVE_WORK_Q 40.0
#define IMPROVE_EVALS_MIN 1000LL
#define IMPROVE_EVALS_MAX 200000LL
/* a valuation by shares of a ring of nq hosts counts 1 + nq / IMPROVE_EVAL_Q */
#define IMPROVE_EVAL_Q 16

long long rm_improve_evals_auto(int n_hosts, int n_nodes, int n_arcs, int q)
{
    double h = n_hosts > 0 ? n_hosts : 0;
    double size = (double)(n_nodes > 0 ? n_nodes : 0) + (double)(n_arcs > 0 ? n_arcs : 0) +
                  IMPROVE_WORK_Q * (q > 0 ? q : 0);
    double b = (IMPROVE_WORK_A * h + IMPROVE_WORK_B * h * h) / (size > 1.0 ? size : 1.0);
    if (b < (double)IMPROVE_EVALS_MIN)
        return IMPROVE_EVALS_MIN;
    if (b > (double)IMPROVE_EVALS_MAX)
        return IMPROVE_EVALS_MAX;
    return (long long)b;
}

/* RM_IMPROVE_EVALS_AUTO on net: rm_improve_evals_auto with the nodes and
 * arcs the search's routes walk. Widest paths (or direct): the network's
 * own. Fixed routes (a SimGrid file): counted by the F links of the file
 * the routes cross (rmi_fixed_route_links) — their 2F ends and hosts as the
 * nodes, 6F arcs (each link and the hops into and out of it, both ways) —
 * never by the connection links or the hub node a reader adds, so that the
 * all-pairs table and the route pieces give one budget, and so one ring. On
 * SimGrid's cluster styles the table holds about 2F connection links, so its
 * N + E is this count within 1 %. */
static long long evals_auto(const rm_network *net, const rm_options *opt, int q)
{
    const rm_platform *p = net->platform;
    int links = opt->routing == RM_ROUTING_FIXED ? rmi_fixed_route_links(p) : -1;
    if (links < 0)
        return rm_improve_evals_auto(p->n_hosts, p->n_nodes, net->n_arcs, q);
    long long nodes = (long long)p->n_hosts + 2LL * links, arcs = 6LL * links;
    return rm_improve_evals_auto(p->n_hosts, nodes > INT32_MAX ? INT32_MAX : (int)nodes,
                                 arcs > INT32_MAX ? INT32_MAX : (int)arcs, q);
}

static double host_w(const imp *s, int node)
{
    return s->net->platform->nodes[node].w;
}

/* --- the residual network of the current ring ------------------------------------------ */

static void res_apply(imp *s, const rm_route *r, int sign)
{
    const rm_network *net = s->net;
    for (int i = 0; i < r->n_arcs; i++) {
        int res = net->arc_res[r->arcs[i]];
        if (res < 0)
            continue;
        if (!net->res_backbone[res])
            s->resid[res] += sign * r->bandwidth; /* sign -1: the route takes it */
        s->cnt[res] -= sign;
        s->fair[res] = net->res_cap[res] / (double)(s->cnt[res] + 1);
    }
}

static void res_reset(imp *s)
{
    const rm_network *net = s->net;
    for (int r = 0; r < net->n_res; r++) {
        s->resid[r] = net->res_cap[r];
        s->cnt[r] = 0;
        s->fair[r] = net->res_cap[r];
    }
    if (s->q < 2)
        return;
    for (int k = 0; k < s->q; k++) {
        res_apply(s, s->F[k], -1);
        res_apply(s, s->B[k], -1);
    }
}

/* The current ring's views, positions, residual and unused hosts. */
static void cur_views(imp *s)
{
    rm_mapping *m = s->cur;
    const rm_platform *p = s->net->platform;
    s->q = m->q;
    for (int v = 0; v < p->n_nodes; v++)
        s->pos[v] = -1;
    for (int k = 0; k < m->q; k++) {
        s->pos[m->ring[k]] = k;
        s->F[k] = &m->succ[k];
        s->B[k] = &m->pred[(k + 1) % m->q];
    }
    res_reset(s);
    s->n_trees = 0; /* a new ring: no cached tree is valid */
    s->key_type = -1;
    /* unused hosts, fastest first (ties: lowest node index), at most RM_IMPROVE_MAX_UNUSED */
    s->n_unused = 0;
    for (int h = 0; h < p->n_hosts; h++) {
        int v = p->hosts[h];
        if (s->pos[v] >= 0)
            continue;
        int i = s->n_unused < RM_IMPROVE_MAX_UNUSED ? s->n_unused++ : RM_IMPROVE_MAX_UNUSED;
        if (i == RM_IMPROVE_MAX_UNUSED) { /* full: replace the slowest if v is faster */
            if (!(p->nodes[v].w < p->nodes[s->unused[i - 1]].w))
                continue;
            i--;
        }
        while (i > 0 && p->nodes[s->unused[i - 1]].w > p->nodes[v].w) {
            s->unused[i] = s->unused[i - 1];
            i--;
        }
        s->unused[i] = v;
    }
}

/* --- candidates --------------------------------------------------------------------------- */

/* The new host sequence of a candidate in s->seq; returns its size and sets
 * *forced to the edge re-routed (-1 for none). */
static int cand_seq(imp *s, const cand *c, int *forced)
{
    int q = s->q, n = 0;
    const int *ring = s->cur->ring;
    *forced = -1;
    switch (c->type) {
    case MV_REROUTE: *forced = c->k; /* fall through */
    case MV_RESHARE:
        memcpy(s->seq, ring, (size_t)q * sizeof *ring);
        return q;
    case MV_SWAP:
        memcpy(s->seq, ring, (size_t)q * sizeof *ring);
        s->seq[c->k] = ring[(c->k + 1) % q];
        s->seq[(c->k + 1) % q] = ring[c->k];
        return q;
    case MV_REMOVE:
        for (int i = 0; i < q; i++)
            if (i != c->k)
                s->seq[n++] = ring[i];
        return n;
    case MV_CUT: /* remove the j >= 2 consecutive hosts from position k on */
        for (int i = 0; i < q; i++)
            if ((i - c->k + q) % q >= c->j)
                s->seq[n++] = ring[i];
        return n;
    case MV_REPLACE:
        memcpy(s->seq, ring, (size_t)q * sizeof *ring);
        s->seq[c->k] = c->v;
        return q;
    case MV_INSERT: /* v after position k */
        for (int i = 0; i < q; i++) {
            s->seq[n++] = ring[i];
            if (i == c->k)
                s->seq[n++] = c->v;
        }
        return n;
    default: { /* MV_MOVE: the host at k after position j of the ring without it */
        int h = ring[c->k];
        for (int i = 0; i < q; i++)
            if (i != c->k) {
                s->seq[n++] = ring[i];
                if (n - 1 == c->j)
                    s->seq[n++] = h;
            }
        return n;
    }
    }
}

static void build_free(build *b)
{
    for (int i = 0; i < b->nq; i++) {
        if (b->own[2 * i])
            rm_route_clear(&b->nF[i]);
        if (b->own[2 * i + 1])
            rm_route_clear(&b->nB[i]);
        b->own[2 * i] = b->own[2 * i + 1] = 0;
    }
    b->nq = 0;
}

static int same_arcs(const rm_route *a, const rm_route *b)
{
    return a->n_arcs == b->n_arcs &&
           (a->n_arcs == 0 || memcmp(a->arcs, b->arcs, (size_t)a->n_arcs * sizeof *a->arcs) == 0);
}

/* The tree of the current residual state rooted at root (reverse: paths to
 * it) for metric met (MET_RESID / MET_FAIR), from the cache or computed. */
static rm_status cached_tree(imp *s, int root, int rev, int met, int *idx, rm_error *err)
{
    for (int t = 0; t < s->n_trees; t++)
        if (s->tree_root[t] == root && s->tree_rev[t] == rev && s->tree_met[t] == met) {
            *idx = t;
            return RM_OK;
        }
    int t = s->n_trees < 8 ? s->n_trees++ : 7;
    s->tree_root[t] = root, s->tree_rev[t] = rev, s->tree_met[t] = met;
    *idx = t;
    rm_status st = rmi_routing_tree(s->net, s->opt->routing, met == MET_RESID ? s->resid : s->fair,
                                   root, rev, s->tree_w[t], s->tree_arc[t], err);
    if (st)
        s->n_trees = 0;
    return st;
}

int rmi_improve_fixed_pair = 1;
atomic_long rmi_improve_fixed_pair_hits;

/* Under fixed routes, the route src -> dst alone (rmi_routing_route: the
 * file's route, O(log H + R^2)) as the cached tree would give it: the tree's
 * entry is that route with that width (rmi_fixed_route_width), and a pair
 * whose width is not > 0 reads as no route (no arcs, bandwidth 0). The tree
 * builds all H routes from one host to take one of them. */
static rm_status fixed_pair(imp *s, int met, int src, int dst, rm_route *r, rm_error *err)
{
    rm_status st = rmi_routing_route(s->net, RM_ROUTING_FIXED, met == MET_RESID ? s->resid : s->fair,
                                     src, dst, r, err);
    if (st)
        return st;
    atomic_fetch_add_explicit(&rmi_improve_fixed_pair_hits, 1, memory_order_relaxed);
    if (!(r->bandwidth > 0.0)) {
        rm_route_clear(r);
        memset(r, 0, sizeof *r);
        r->src = src, r->dst = dst;
    }
    return RM_OK;
}

/* One route src -> dst under metric met (MET_RESID, MET_FAIR or MET_FULL) on
 * the residual state of s, from a cached tree when caching is on and one
 * end is a ring host (under fixed routes: the pair's own route, fixed_pair);
 * r zeroed on entry. */
static rm_status one_route(imp *s, int met, int src, int dst, rm_route *r, rm_error *err)
{
    memset(r, 0, sizeof *r);
    if (s->key_type < 0 || met == MET_FULL || (s->pos[src] < 0) == (s->pos[dst] < 0))
        return rmi_routing_route(s->net, s->opt->routing,
                                met == MET_FULL ? NULL : met == MET_RESID ? s->resid : s->fair, src,
                                dst, r, err);
    if (s->opt->routing == RM_ROUTING_FIXED && rmi_improve_fixed_pair)
        return fixed_pair(s, met, src, dst, r, err);
    int rev = s->pos[src] < 0, root = rev ? dst : src, other = rev ? src : dst, t;
    rm_status st = cached_tree(s, root, rev, met, &t, err);
    if (st)
        return st;
    double wd = s->tree_w[t][other];
    if (!(wd > 0.0)) { /* unreachable: no route (bandwidth 0, no arcs) */
        r->src = src, r->dst = dst;
        return RM_OK;
    }
    if ((st = rm_route_from_tree(s->net, root, rev, s->tree_arc[t], other, r, err)))
        return st;
    r->bandwidth = wd;
    return RM_OK;
}

int rmi_improve_fixed_bound = 1;
atomic_long rmi_improve_fixed_bound_hits;

/* One new route src -> dst under metric met (MET_AUTO: the wider of the
 * residual and the fair-share routes, ties to the residual one); r is zeroed
 * on entry. Sets *ok = 0 when there is none. */
static rm_status new_route(imp *s, int met, int src, int dst, rm_route *r, int *ok, rm_error *err)
{
    rm_status st;
    if (met != MET_AUTO) {
        if ((st = one_route(s, met, src, dst, r, err)))
            return st;
    } else {
        rm_route r2;
        if ((st = one_route(s, MET_RESID, src, dst, r, err)))
            return st;
        /* the fair-share route is taken only when strictly wider, and no
           route is wider than the full-capacity widest path: when the
           residual one is that wide, the fair-share one is not computed */
        int H = s->net->platform->n_hosts;
        double wf = -1.0; /* the bound, -1: none */
        if (s->capw && r->n_arcs > 0 && s->hidx[src] >= 0 && s->hidx[dst] >= 0)
            wf = s->capw[(size_t)s->hidx[src] * (size_t)H + (size_t)s->hidx[dst]];
        else if (s->farcs && r->n_arcs > 0 && rmi_fixed_route_width(s->net, NULL, src, dst, s->farcs, &wf) <= 0)
            wf = -1.0;
        if (wf >= 0.0 && r->bandwidth >= wf) {
            if (s->farcs)
                atomic_fetch_add_explicit(&rmi_improve_fixed_bound_hits, 1, memory_order_relaxed);
            if (!(r->bandwidth > 0.0))
                *ok = 0;
            return RM_OK;
        }
        if ((st = one_route(s, MET_FAIR, src, dst, &r2, err))) {
            rm_route_clear(r);
            return st;
        }
        if (r2.n_arcs > 0 && r2.bandwidth > r->bandwidth) {
            rm_route_clear(r);
            *r = r2;
        } else {
            rm_route_clear(&r2);
        }
    }
    if (r->n_arcs <= 0 || !(r->bandwidth > 0.0))
        *ok = 0;
    return RM_OK;
}

static long long eval_cost(int q, const cand *c)
{
    int nq = c->type == MV_REMOVE   ? q - 1
             : c->type == MV_CUT    ? q - c->j
             : c->type == MV_INSERT ? q + 1
                                    : q;
    return 1 + (nq >= 2 ? nq / IMPROVE_EVAL_Q : 0);
}

/* Build candidate c in s->b: host sequence, kept edges (shallow), new
 * routes (owned) routed on the residual left by the kept routes. */
static rm_status build_cand(imp *s, const cand *c, rm_error *err)
{
    build *b = &s->b;
    build_free(b);
    s->info.candidates++;
    int forced, q = s->q;
    int nq = cand_seq(s, c, &forced);
    /* insert / replace at k remove the same ring edges for every unused host:
       their routing trees are shared (the cache holds the state of one key) */
    int kt = c->type == MV_INSERT || c->type == MV_REPLACE ? c->type : -1;
    if (kt < 0 || kt != s->key_type || c->k != s->key_k)
        s->n_trees = 0;
    s->key_type = kt, s->key_k = c->k;
    memcpy(b->nring, s->seq, (size_t)nq * sizeof *b->nring);
    b->nq = nq;
    b->valid = 1;
    if (nq < 2)
        return RM_OK;
    memset(s->old_used, 0, (size_t)q);
    for (int i = 0; i < nq; i++) {
        int oa = s->pos[b->nring[i]], ob = s->pos[b->nring[(i + 1) % nq]];
        s->edge_old[i] = -1;
        s->edge_rev[i] = 0;
        if (q < 2 || oa < 0 || ob < 0)
            continue;
        if ((oa + 1) % q == ob && oa != forced && !s->old_used[oa])
            s->edge_old[i] = oa;
        else if ((ob + 1) % q == oa && ob != forced && !s->old_used[ob])
            s->edge_old[i] = ob, s->edge_rev[i] = 1;
        if (s->edge_old[i] >= 0)
            s->old_used[s->edge_old[i]] = 1;
    }
    /* give back the bandwidth of the old edges that go */
    if (q >= 2)
        for (int e = 0; e < q; e++)
            if (!s->old_used[e]) {
                res_apply(s, s->F[e], +1);
                res_apply(s, s->B[e], +1);
            }
    rm_status st = RM_OK;
    for (int i = 0; i < nq && !st && b->valid; i++) {
        int e = s->edge_old[i];
        if (e >= 0) {
            b->nF[i] = s->edge_rev[i] ? *s->B[e] : *s->F[e];
            b->nB[i] = s->edge_rev[i] ? *s->F[e] : *s->B[e];
            continue;
        }
        int met = c->type == MV_REROUTE ? c->metric : MET_AUTO;
        int u = b->nring[i], v = b->nring[(i + 1) % nq];
        b->own[2 * i] = b->own[2 * i + 1] = 1;
        if ((st = new_route(s, met, u, v, &b->nF[i], &b->valid, err)) == RM_OK) {
            if (s->estimating && s->symmetric && c->type != MV_REROUTE) {
                /* only its width is read (estimate), and it is the forward
                   route's: the reverse of a path crosses the same resources */
                memset(&b->nB[i], 0, sizeof b->nB[i]);
                b->nB[i].src = v, b->nB[i].dst = u;
                b->nB[i].bandwidth = b->nF[i].bandwidth;
            } else {
                st = new_route(s, met, v, u, &b->nB[i], &b->valid, err);
            }
        }
        if (!st && c->type == MV_REROUTE && same_arcs(&b->nF[i], s->F[c->k]) &&
            same_arcs(&b->nB[i], s->B[c->k]))
            b->valid = 0; /* the same routes: nothing to try */
    }
    if (q >= 2)
        for (int e = 0; e < q; e++)
            if (!s->old_used[e]) {
                res_apply(s, s->F[e], -1);
                res_apply(s, s->B[e], -1);
            }
    return st;
}

/* The routes of the built ring in mapping order: succ[i] = nF[i],
 * pred[i] = nB[i-1]. */
static void gather(imp *s)
{
    build *b = &s->b;
    int nq = b->nq;
    for (int i = 0; i < nq; i++) {
        s->routes[i] = b->nF[i];
        s->routes[nq + i] = b->nB[(i + nq - 1) % nq];
        s->w[i] = host_w(s, b->nring[i]);
        s->a[i] = s->a[nq + i] = 1.0 / s->w[i];
    }
}

/* T_step/D_w of the built ring with route bandwidths x (2nq, mapping order);
 * INFINITY when a route has none. */
static double tstep_of(imp *s, const double *x)
{
    const rm_network *net = s->net;
    int nq = s->b.nq;
    if (nq < 2)
        return rmi_balance_in(&s->opt->cost, 1, s->w, (double[]){0.0}, s->opt->cost.dc_dw,
                              s->alpha);
    const rm_options *o = s->opt;
    for (int i = 0; i < nq; i++) {
        if (!(x[i] > 0.0) || !(x[nq + i] > 0.0) || !isfinite(x[i]) || !isfinite(x[nq + i]))
            return INFINITY;
        double ls = o->cost.latency ? rm_route_latency(net, &s->routes[i]) : 0.0;
        double lp = o->cost.latency ? rm_route_latency(net, &s->routes[nq + i]) : 0.0;
        s->C[i] = rm_host_cost(rm_route_cost(x[i], ls, o->cost.latency, o->cost.dc),
                               rm_route_cost(x[nq + i], lp, o->cost.latency, o->cost.dc), o->cost.parallel_send);
        if (!isfinite(s->C[i]))
            return INFINITY;
    }
    return rmi_balance_in(&o->cost, nq, s->w, s->C, o->cost.dc_dw, s->alpha);
}

/* Estimate: kept routes at their current bandwidths, new ones at their widths. */
static double estimate(imp *s)
{
    if (!s->b.valid)
        return INFINITY;
    gather(s);
    int nq = s->b.nq;
    for (int i = 0; i < 2 * nq; i++)
        s->x[i] = s->routes[i].bandwidth;
    if (nq < 2)
        s->w[0] = host_w(s, s->b.nring[0]);
    return tstep_of(s, s->x);
}

/* Full evaluation: eq. (5) shares and max-min shares on the full capacities,
 * the better T_step; its shares in s->x, *sharing which. */
static rm_status evaluate(imp *s, double *t, rm_sharing *sharing, rm_error *err)
{
    *t = INFINITY;
    if (!s->b.valid)
        return RM_OK;
    gather(s);
    int nq = s->b.nq;
    s->info.evaluations++;
    /* a valuation by shares counts more on a larger ring (docs/improve.md,
       "Stops and determinism"): the sharing of its 2 nq routes costs about
       nq / IMPROVE_EVAL_Q candidates built and valued by their estimate */
    s->info.candidates += nq / IMPROVE_EVAL_Q;
    if (nq < 2) {
        s->w[0] = host_w(s, s->b.nring[0]);
        *t = tstep_of(s, s->x);
        *sharing = RM_SHARING_EQ5;
        return RM_OK;
    }
    rm_status st;
    if (s->opt->network == RM_NETWORK_FAIR) { /* the network's shares: max-min only */
        if ((st = rm_maxmin(s->net, NULL, 2 * nq, s->routes, s->x, err)))
            return st;
        *t = tstep_of(s, s->x);
        *sharing = RM_SHARING_MAXMIN;
        return RM_OK;
    }
    rm_error e2;
    st = rm_share_optimal(s->net, NULL, 2 * nq, s->routes, s->a, 0.0, s->x, &e2);
    double t5 = INFINITY, tm = INFINITY;
    if (st == RM_OK)
        t5 = tstep_of(s, s->x);
    else if (st != RM_ESOLVER) /* no convergence: max-min only */
        return rm_error_set(err, st, "%s", e2.msg);
    if ((st = rm_maxmin(s->net, NULL, 2 * nq, s->routes, s->x2, err)))
        return st;
    tm = tstep_of(s, s->x2);
    if (tm < t5) {
        memcpy(s->x, s->x2, (size_t)(2 * nq) * sizeof *s->x);
        *t = tm;
        *sharing = RM_SHARING_MAXMIN;
    } else {
        *t = t5;
        *sharing = RM_SHARING_EQ5;
    }
    return RM_OK;
}

/* The built ring with shares s->x as a new mapping (checked). NULL with
 * *bad = 1 when it fails the invariant check. */
static rm_status to_mapping(imp *s, rm_sharing sharing, rm_mapping **out, rm_error *err)
{
    build *b = &s->b;
    int nq = b->nq;
    rm_mapping *m = rm_mapping_new(nq, 0);
    if (!m)
        return rm_error_set(err, RM_ENOMEM, "out of memory for an improved ring");
    const rm_mapping *c = s->cur;
    m->cost = c->cost;
    m->network = c->network;
    m->heuristic = c->heuristic;
    m->sharing = sharing;
    m->final_solver = RM_FINAL_NONE;
    m->t_step_per_dw_unshared = c->t_step_per_dw_unshared;
    for (int i = 0; i < nq; i++) {
        m->ring[i] = b->nring[i];
        if (nq < 2)
            continue;
        if (rm_route_copy(&m->succ[i], &s->routes[i]) ||
            rm_route_copy(&m->pred[i], &s->routes[nq + i])) {
            rm_mapping_free(m);
            return rm_error_set(err, RM_ENOMEM, "out of memory for an improved ring");
        }
        m->succ[i].bandwidth = s->x[i];
        m->pred[i].bandwidth = s->x[nq + i];
    }
    rm_mapping_rebalance(s->net, m);
    *out = m;
    return RM_OK;
}

static int cmp_cand(const void *pa, const void *pb)
{
    const cand *a = pa, *b = pb;
    if (a->est < b->est)
        return -1;
    if (a->est > b->est)
        return 1;
    return (a->order > b->order) - (a->order < b->order);
}

/* The sample of a round (beyond the paper; docs/improve.md, "Sampled
 * rounds"): with an evaluation budget, a round generates at most half the
 * budget left (at least IMPROVE_GEN_MIN candidates), so that the best ones
 * by estimate are also evaluated — on a ring of q hosts the neighbourhood
 * has about 2 q^2 + 2 q U candidates (U unused hosts), more than the whole
 * budget from q ~ 25 on. When the neighbourhood is larger, the quota is
 * shared among the move families max-min fairly (a family smaller than its
 * share is generated whole, the rest split the remainder) and a family of
 * n candidates with quota c takes every s-th one, s = ceil(n / c), from an
 * offset that changes each round: after s rounds on the same ring without
 * an accepted move every candidate was generated once, and only then is
 * the ring a local optimum. Without a budget (improve_max_evals 0) or when
 * the whole neighbourhood fits, every candidate is generated (stride 1), as
 * before. Deterministic: the strides and offsets depend only on the ring,
 * the budget left and the round. The strides are fixed on a ring's first
 * round (pass 0) and kept while it stays. */
#define IMPROVE_GEN_MIN 256LL
static void sample_plan(imp *s, int first_round)
{
    int q = s->q, U = s->n_unused, max_q = s->opt->max_q;
    if (s->pass > 0) { /* the same ring: the same strides, the next offsets */
        for (int f = 0; f < FAM_N; f++)
            s->offset[f] = s->stride[f] > 1 ? (s->offset[f] + 1) % s->stride[f] : 0;
        return;
    }
    long long n[FAM_N] = {0}, total = 0;
    n[FAM_RESHARE] = first_round && q >= 2;
    n[FAM_REROUTE] = q >= 2 && s->opt->routing != RM_ROUTING_FIXED ? 3LL * q : 0;
    n[FAM_SWAP] = q >= 4 ? q : 0;
    n[FAM_REMOVE] = q >= 2 ? q : 0;
    n[FAM_CUT] = q >= 3 ? (long long)q * (q - 2) : 0;
    n[FAM_REPLACE] = (long long)q * U;
    n[FAM_INSERT] = max_q == 0 || q < max_q ? (long long)q * U : 0;
    n[FAM_MOVE] = q >= 4 ? (long long)q * (q - 2) : 0;
    for (int f = 0; f < FAM_N; f++) {
        total += n[f];
        s->stride[f] = 1;
        s->offset[f] = 0;
    }
    s->max_stride = 1;
    if (s->max_evals <= 0)
        return;
    long long left = s->max_evals - s->info.candidates, quota = left / 2;
    if (quota < IMPROVE_GEN_MIN)
        quota = IMPROVE_GEN_MIN;
    if (total <= quota)
        return;
    /* max-min fair quotas (water-filling) over the nonempty families */
    long long c[FAM_N] = {0};
    int active[FAM_N], n_active = 0;
    for (int f = 0; f < FAM_N; f++)
        if (n[f] > 0)
            active[n_active++] = f;
    long long rest = quota;
    while (n_active > 0) {
        long long share = rest / n_active;
        int kept = 0;
        for (int i = 0; i < n_active; i++) {
            int f = active[i];
            if (n[f] <= share) {
                c[f] = n[f];
                rest -= n[f];
            } else {
                active[kept++] = f;
            }
        }
        if (kept == n_active) { /* every family left is larger than its share */
            for (int i = 0; i < n_active; i++)
                c[active[i]] = share > 0 ? share : 1;
            break;
        }
        n_active = kept;
    }
    for (int f = 0; f < FAM_N; f++) {
        if (n[f] <= 0 || c[f] >= n[f])
            continue;
        long long st = (n[f] + c[f] - 1) / c[f];
        s->stride[f] = st > INT32_MAX ? INT32_MAX : (int)st;
        /* a ring's first offset shifts with the moves made: another part of
           the neighbourhood first on each new ring */
        s->offset[f] = (int)((long long)s->info.moves % s->stride[f]);
        if (s->stride[f] > s->max_stride)
            s->max_stride = s->stride[f];
    }
}

/* Every candidate of the current ring, with its estimate. */
static rm_status generate(imp *s, cand **cs, int *n, int *cap, int first_round, rm_error *err)
{
    int q = s->q, max_q = s->opt->max_q;
    *n = 0;
    rm_status st;
    long long seen[FAM_N] = {0}; /* each family's candidates so far (sampled or not) */
    sample_plan(s, first_round);
#define ADD(F, T, K, J, V, M)                                                                  \
    do {                                                                                       \
        if (seen[F]++ % s->stride[F] != s->offset[F])                                          \
            break; /* not in this round's sample */                                            \
        if (*n == *cap) {                                                                      \
            int nc = *cap ? 2 * *cap : 256;                                                    \
            cand *t_ = realloc(*cs, (size_t)nc * sizeof *t_);                                  \
            if (!t_)                                                                           \
                return rm_error_set(err, RM_ENOMEM, "out of memory for the local search");     \
            *cs = t_, *cap = nc;                                                               \
        }                                                                                      \
        if (over_budget(s)) { /* generation alone can exceed the budget on large rings */   \
            s->gen_budget = 1;                                                                 \
            goto sorted;                                                                       \
        }                                                                                      \
        cand c_ = {T, K, J, V, M, *n, 0.0};                                                    \
        s->estimating = 1;                                                                     \
        st = build_cand(s, &c_, err);                                                          \
        s->estimating = 0;                                                                     \
        if (st)                                                                                \
            return st;                                                                         \
        c_.est = c_.type == MV_RESHARE ? -INFINITY : estimate(s);                              \
        if (isfinite(c_.est) || c_.type == MV_RESHARE)                                         \
            (*cs)[(*n)++] = c_;                                                                \
    } while (0)
    if (first_round && q >= 2)
        ADD(FAM_RESHARE, MV_RESHARE, 0, 0, 0, 0);
    if (q >= 2 && s->opt->routing != RM_ROUTING_FIXED)
        for (int k = 0; k < q; k++)
            for (int met = MET_RESID; met <= MET_FULL; met++)
                ADD(FAM_REROUTE, MV_REROUTE, k, 0, 0, met);
    if (q >= 4)
        for (int k = 0; k < q; k++)
            ADD(FAM_SWAP, MV_SWAP, k, 0, 0, 0);
    if (q >= 2)
        for (int k = 0; k < q; k++)
            ADD(FAM_REMOVE, MV_REMOVE, k, 0, 0, 0);
    for (int len = 2; len < q; len++) /* a block of len consecutive hosts */
        for (int k = 0; k < q; k++)
            ADD(FAM_CUT, MV_CUT, k, len, 0, 0);
    for (int k = 0; k < q; k++)
        for (int u = 0; u < s->n_unused; u++)
            ADD(FAM_REPLACE, MV_REPLACE, k, 0, s->unused[u], 0);
    if (max_q == 0 || q < max_q)
        for (int k = 0; k < q; k++)
            for (int u = 0; u < s->n_unused; u++)
                ADD(FAM_INSERT, MV_INSERT, k, 0, s->unused[u], 0);
    if (q >= 4) /* j: position in the ring without k; j == k-1 puts it back */
        for (int k = 0; k < q; k++)
            for (int j = 0; j < q - 1; j++)
                if (j != (k + q - 2) % (q - 1) && !(k == 0 && j == q - 2))
                    ADD(FAM_MOVE, MV_MOVE, k, j, 0, 0);
#undef ADD
sorted:
    if (*n > 1) /* no candidate: *cs may be NULL, which qsort must not get */
        qsort(*cs, (size_t)*n, sizeof **cs, cmp_cand);
    return RM_OK;
}

static void imp_free(imp *s)
{
    build_free(&s->b);
    free(s->b.nring), free(s->b.nF), free(s->b.nB), free(s->b.own);
    free(s->F), free(s->B), free(s->pos), free(s->resid), free(s->fair), free(s->cnt);
    free(s->unused), free(s->seq), free(s->edge_old), free(s->edge_rev), free(s->old_used);
    free(s->w), free(s->C), free(s->alpha), free(s->a), free(s->x), free(s->x2), free(s->routes);
    for (int t = 0; t < 8; t++)
        free(s->tree_w[t]), free(s->tree_arc[t]);
    free(s->capw), free(s->hidx), free(s->farcs);
}

/* Move the ring, routes, alphas and T_step of src into dst (src freed). */
static void take_ring(rm_mapping *dst, rm_mapping *src)
{
    for (int k = 0; k < dst->q; k++) {
        rm_route_clear(&dst->succ[k]);
        rm_route_clear(&dst->pred[k]);
    }
    free(dst->ring), free(dst->alpha), free(dst->succ), free(dst->pred);
    dst->q = src->q;
    dst->ring = src->ring, dst->alpha = src->alpha, dst->succ = src->succ, dst->pred = src->pred;
    dst->t_step_per_dw = src->t_step_per_dw;
    dst->sharing = src->sharing;
    src->ring = NULL, src->alpha = NULL, src->succ = NULL, src->pred = NULL;
    src->q = 0;
    rm_mapping_free(src);
}

rm_status rmi_mapping_improve(const rm_network *net, const rm_options *opt, rm_mapping *m,
                              rm_improve_info *info, rm_error *err)
{
    return rmi_mapping_improve_from(net, opt, m, NAN, info, err);
}

/* The search's state for the ring m: its copy, the per-host and per-resource
   arrays, the widest-path trees and the fair-share shortcut's bound (the
   capacity matrix, or the fixed routes' arcs). On RM_ENOMEM everything is
   freed. O(N + R + H) memory, and O(H^2) for the capacity matrix where
   H^2 <= 2^24. */
static rm_status imp_new(imp *s, const rm_network *net, const rm_options *opt, const rm_mapping *m,
                         rm_error *err)
{
    memset(s, 0, sizeof *s);
    s->net = net;
    s->opt = opt;
    s->t0_clock = clock_now();
    s->info.t_start = s->info.t_end = m->t_step_per_dw;
    const rm_platform *p = net->platform;
    int H = p->n_hosts, N = p->n_nodes, R = net->n_res;
    size_t nh = (size_t)H + 2;
    s->cur = rmi_mapping_copy(m);
    s->F = calloc(nh, sizeof *s->F), s->B = calloc(nh, sizeof *s->B);
    s->pos = calloc((size_t)N, sizeof *s->pos);
    s->resid = calloc((size_t)R + 1, sizeof *s->resid), s->fair = calloc((size_t)R + 1, sizeof *s->fair);
    s->cnt = calloc((size_t)R + 1, sizeof *s->cnt);
    s->unused = calloc(RM_IMPROVE_MAX_UNUSED + 1, sizeof *s->unused);
    s->seq = calloc(nh, sizeof *s->seq), s->edge_old = calloc(nh, sizeof *s->edge_old);
    s->edge_rev = calloc(nh, sizeof *s->edge_rev), s->old_used = calloc(nh, 1);
    s->w = calloc(nh, sizeof *s->w), s->C = calloc(nh, sizeof *s->C), s->alpha = calloc(nh, sizeof *s->alpha);
    s->a = calloc(2 * nh, sizeof *s->a), s->x = calloc(2 * nh, sizeof *s->x), s->x2 = calloc(2 * nh, sizeof *s->x2);
    s->routes = calloc(2 * nh, sizeof *s->routes);
    s->key_type = -1;
    s->max_evals = opt->improve_max_evals >= 0 ? opt->improve_max_evals : evals_auto(net, opt, m->q);
    s->info.max_evals = s->max_evals;
    int trees_ok = 1;
    for (int t = 0; t < 8; t++) {
        s->tree_w[t] = calloc((size_t)N, sizeof *s->tree_w[t]);
        s->tree_arc[t] = calloc((size_t)N, sizeof *s->tree_arc[t]);
        trees_ok &= s->tree_w[t] && s->tree_arc[t];
    }
    s->b.nring = calloc(nh, sizeof *s->b.nring), s->b.nF = calloc(nh, sizeof *s->b.nF);
    s->b.nB = calloc(nh, sizeof *s->b.nB), s->b.own = calloc(2 * nh, 1);
    if (!trees_ok || !s->cur || !s->F || !s->B || !s->pos || !s->resid || !s->fair || !s->cnt || !s->unused ||
        !s->seq || !s->edge_old || !s->edge_rev || !s->old_used || !s->w || !s->C || !s->alpha || !s->a || !s->x ||
        !s->x2 || !s->routes || !s->b.nring || !s->b.nF || !s->b.nB || !s->b.own) {
        rm_mapping_free(s->cur);
        s->cur = NULL;
        imp_free(s);
        return rm_error_set(err, RM_ENOMEM, "out of memory for the local search");
    }
    /* the bound of the fair-share shortcut (new_route): optional, the
       search is the same without it. Under fixed routes the fair-share
       route is the residual one's path, so its width (on shares at most
       the capacities) is at most that path's full-capacity width: that
       bound, per route, replaces the widest-path matrix (H widest-path
       trees) */
    if (opt->routing == RM_ROUTING_FIXED && rmi_improve_fixed_bound) {
        s->farcs = malloc(((size_t)p->n_links + 1) * sizeof *s->farcs);
    } else if ((size_t)H * (size_t)H <= ((size_t)1 << 24)) {
        s->capw = malloc((size_t)H * (size_t)H * sizeof *s->capw);
        s->hidx = malloc((size_t)N * sizeof *s->hidx);
        rm_error e2;
        if (s->capw && s->hidx && !rm_capacity_matrix(net, s->capw, &e2)) {
            for (int v = 0; v < N; v++)
                s->hidx[v] = -1;
            for (int h = 0; h < H; h++)
                s->hidx[p->hosts[h]] = h;
        } else {
            free(s->capw), free(s->hidx);
            s->capw = NULL, s->hidx = NULL;
        }
    }
    return RM_OK;
}

rm_status rmi_mapping_improve_from(const rm_network *net, const rm_options *opt, rm_mapping *m,
                                   double bar, rm_improve_info *info, rm_error *err)
{
    imp s;
    rm_status st = imp_new(&s, net, opt, m, err);
    if (st)
        return st;
    const rm_platform *p = net->platform;
    s.symmetric = !p->directed && net->n_res == p->n_links && opt->routing == RM_ROUTING_WIDEST &&
                  !opt->cost.latency;
    cand *cs = NULL;
    int ncs = 0, cap = 0;
    int stop = RM_IMPROVE_STOP_LOCAL;
    for (;;) {
        if (opt->improve_max_moves > 0 && s.info.moves >= opt->improve_max_moves) {
            stop = RM_IMPROVE_STOP_MOVES;
            break;
        }
        if (over_budget(&s)) {
            stop = s.budget_stop;
            break;
        }
        cur_views(&s);
        s.info.rounds++;
        if ((st = generate(&s, &cs, &ncs, &cap, s.info.rounds == 1, err)))
            break;
        /* the first move from a tie-won, communication-bound ring goes below
           its bar (rmi_mapping_bar), the later ones below the current T_step */
        double tcur = s.cur->t_step_per_dw;
        if (s.info.moves == 0 && bar < tcur)
            tcur = bar;
        int accepted = 0, budget = s.gen_budget;
        for (int i = 0; i < ncs && i < RM_IMPROVE_EVALS_PER_ROUND && !accepted; i++) {
            if (eval_over_budget(&s, &cs[i])) {
                budget = 1;
                break;
            }
            double t;
            rm_sharing sh = RM_SHARING_EQ5;
            if ((st = build_cand(&s, &cs[i], err)) || (st = evaluate(&s, &t, &sh, err)))
                break;
            if (!(t < tcur * (1.0 - RM_IMPROVE_MIN_GAIN)))
                continue;
            rm_mapping *nm = NULL;
            if ((st = to_mapping(&s, sh, &nm, err)))
                break;
            rm_error e2;
            if (!(nm->t_step_per_dw < tcur * (1.0 - RM_IMPROVE_MIN_GAIN)) ||
                rm_mapping_check(net, nm, 1e-9, &e2)) {
                rm_mapping_free(nm); /* fails the invariants: not taken */
                continue;
            }
            build_free(&s.b);
            rm_mapping_free(s.cur);
            s.cur = nm;
            s.info.moves++;
            accepted = 1;
            if (opt->search_progress)
                opt->search_progress(opt->progress_ctx, s.info.moves, s.info.candidates,
                                     nm->t_step_per_dw);
        }
        if (st)
            break;
        if (budget) {
            stop = s.budget_stop;
            break;
        }
        if (accepted) {
            s.pass = 0;
        } else if (s.pass + 1 < s.max_stride) {
            s.pass++; /* a sampled round: the next part of the same ring's neighbourhood */
        } else {
            break; /* a local optimum: every candidate of the ring tried */
        }
    }
    build_free(&s.b);
    free(cs);
    if (st) {
        rm_mapping_free(s.cur);
        imp_free(&s);
        return st;
    }
    s.info.stop = stop;
    s.info.t_end = s.cur->t_step_per_dw;
    s.info.seconds = clock_now() - s.t0_clock;
    double t_start = m->t_step_per_dw;
    if (s.info.moves > 0)
        take_ring(m, s.cur);
    else
        rm_mapping_free(s.cur);
    m->improve_stop = stop;
    m->improve_moves = s.info.moves;
    m->improve_t_start = t_start;
    if (info)
        *info = s.info;
    imp_free(&s);
    return RM_OK;
}
