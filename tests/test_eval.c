/*
 * test_eval.c — a ring given by the user, valued as the mapper values its
 * own (rm_ring_eval, mapper/eval.c), the ring of host names
 * (rm_ring_of_names, ring/given.c) and the launch files read as a rank order
 * (rm_hostfile_read, ring/hostfile.c):
 *  - the oracle: the 3-host complete graph (w = 1, 2, 4; every pair 1 Mb/s;
 *    full duplex; D_c/D_w = 0.01), ring 0,1,2: Proposition 1's optimum
 *    0.591428571 under both network models (Legrand et al. 2004 §3);
 *  - the mapper's own ring given back: SliceRing's ring (its routes are the
 *    ones rm_ring_eval takes) gives SliceRing's T_step bit for bit under
 *    the fair model, and under the reserved model the final solver's
 *    (GLPK) when it is lower than max-min's, else max-min's; SharedRing
 *    with max-min sharing on the fixed routes of SimGrid files, bit for
 *    bit; shipped, SimGrid-style and random platforms, two D_c/D_w, half
 *    and full duplex, the latency and parallel-send models;
 *  - alphas proportional to speed: eq. (1) recomputed, never below the best
 *    alphas, rm_mapping_check passes and refuses a changed alpha;
 *  - every refusal: router, repeated host, unknown node, empty ring, no
 *    route, a final solver under the fair model, unknown alpha rule, NULLs;
 *    names unknown, ambiguous, repeated (with both origins); hostfiles,
 *    machinefiles and rankfiles with their faults named by line.
 */
#define _POSIX_C_SOURCE 200809L /* mkstemp, fdopen */
#include "support.h"
#include "ringmap.h"

#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* ------------------------------------------------------------ helpers */

/* The 3-host complete graph of the oracle, full duplex. */
static rm_platform *tri(void)
{
    static const double w[3] = {1, 2, 4}, b[3] = {1, 1, 1};
    static const int lu[3] = {0, 1, 0}, lv[3] = {1, 2, 2};
    return rmt_build("tri", 3, 3, w, 3, lu, lv, b, NULL, NULL);
}

static rm_options opts(rm_network_model nm, double dc_dw)
{
    rm_options o;
    rm_options_init(&o);
    o.improve = 0, o.slice_ties = 0; /* the heuristic's own ring and routes */
    o.network = nm;
    o.cost.dc_dw = dc_dw;
    o.threads = 1;
    return o;
}

static rm_mapping *eval_ok(const rm_network *net, const rm_options *o, const int *ring, int q,
                           rm_alpha_rule a)
{
    rm_error err = {RM_OK, ""};
    rm_mapping *m = NULL;
    rm_status st = rm_ring_eval(net, o, ring, q, a, &m, &err);
    ck_assert_msg(st == RM_OK, "rm_ring_eval: %s", err.msg);
    ck_assert_ptr_nonnull(m);
    ck_assert_msg(rm_mapping_check(net, m, 1e-9, &err) == RM_OK, "check: %s", err.msg);
    ck_assert_int_eq(m->ring_given, 1);
    ck_assert_int_eq(m->alphas, a);
    ck_assert_int_eq(m->network, o->network);
    ck_assert_int_eq(m->q, q);
    for (int k = 0; k < q; k++)
        ck_assert_int_eq(m->ring[k], ring[k]);
    return m;
}

/* rm_ring_eval fails with status st and a message containing what. */
static void eval_bad(const rm_network *net, const rm_options *o, const int *ring, int q,
                     rm_alpha_rule a, rm_status st, const char *what)
{
    rm_error err = {RM_OK, ""};
    rm_mapping *m = (rm_mapping *)1;
    ck_assert_int_eq(rm_ring_eval(net, o, ring, q, a, &m, &err), st);
    ck_assert_ptr_null(m);
    ck_assert_msg(strstr(err.msg, what), "'%s' not in '%s'", what, err.msg);
}

/* ------------------------------------------------------------ the oracle */

START_TEST(test_oracle)
{
    rm_platform *p = tri();
    rm_network net;
    rm_error err = {RM_OK, ""};
    ck_assert_int_eq(rm_network_init(&net, p, RM_DUPLEX_FULL, &err), RM_OK);
    const int ring[3] = {0, 1, 2};
    for (int nm = 0; nm < 2; nm++) {
        rm_options o = opts((rm_network_model)nm, 0.01);
        rm_mapping *m = eval_ok(&net, &o, ring, 3, RM_ALPHA_BEST);
        ck_assert_msg(fabs(m->t_step_per_dw - 0.591428571) < 1e-9, "%s: %.12g",
                      nm ? "fair" : "reserved", m->t_step_per_dw);
        /* every route alone on its direction of its link: 1 Mb/s */
        for (int k = 0; k < 3; k++)
            ck_assert(m->succ[k].bandwidth == 1.0 && m->pred[k].bandwidth == 1.0);
        ck_assert_int_eq(m->sharing, RM_SHARING_MAXMIN);
        ck_assert_int_eq(m->final_solver, nm == RM_NETWORK_RESERVED ? RM_FINAL_GLPK
                                                                    : RM_FINAL_NONE);
        rm_mapping_free(m);
        /* speed alphas: 4/7, 2/7, 1/7, the same here (equal C), eq. (1) */
        m = eval_ok(&net, &o, ring, 3, RM_ALPHA_SPEED);
        ck_assert_double_eq_tol(m->alpha[0], 4.0 / 7, 1e-15);
        ck_assert_double_eq_tol(m->alpha[2], 1.0 / 7, 1e-15);
        ck_assert_msg(fabs(m->t_step_per_dw - 0.591428571) < 1e-9, "%.12g", m->t_step_per_dw);
        rm_mapping_free(m);
    }
    /* the paper's default (greedy shares) gets 0.6 on this ring; a ring of
       one host is valued too: w = 1 */
    rm_options o = opts(RM_NETWORK_FAIR, 0.01);
    rm_mapping *m = eval_ok(&net, &o, ring, 1, RM_ALPHA_BEST);
    ck_assert(m->t_step_per_dw == 1.0);
    rm_mapping_free(m);
    rm_network_destroy(&net);
    rm_platform_free(p);
}
END_TEST

/* ------------------------------------------------------------ the mapper's ring */

/* The mapper's SliceRing ring given back: fair = its T_step bit for bit;
 * reserved = min(its max-min T_step, its GLPK T_step), bit for bit. */
static void same_as_mapper(const rm_network *net, rm_options base, const char *what)
{
    char msg[512];
    rm_error err = {RM_OK, ""};
    rm_options o = base;
    o.heuristic = RM_HEUR_SLICE;
    o.network = RM_NETWORK_FAIR;
    rm_mapping *s = NULL, *g = NULL;
    ck_assert_msg(rm_map_network(net, &o, &s, &err) == RM_OK, "%s: %s", what, err.msg);
    rm_mapping *e = eval_ok(net, &o, s->ring, s->q, RM_ALPHA_BEST);
    snprintf(msg, sizeof msg, "%s fair: eval %.17g, SliceRing %.17g", what, e->t_step_per_dw,
             s->t_step_per_dw);
    ck_assert_msg(e->t_step_per_dw == s->t_step_per_dw, "%s", msg);
    for (int k = 0; k < s->q; k++)
        ck_assert_msg(e->alpha[k] == s->alpha[k], "%s: alpha %d", msg, k);
    rm_mapping_free(e);

    o.network = RM_NETWORK_RESERVED;
    o.final_solver = RM_FINAL_GLPK;
    ck_assert_msg(rm_map_network(net, &o, &g, &err) == RM_OK, "%s: %s", what, err.msg);
    o.final_solver = RM_FINAL_NONE; /* eval's default under reserved: GLPK */
    e = eval_ok(net, &o, s->ring, s->q, RM_ALPHA_BEST);
    double want = g->t_step_per_dw < s->t_step_per_dw ? g->t_step_per_dw : s->t_step_per_dw;
    snprintf(msg, sizeof msg, "%s reserved: eval %.17g, SliceRing+GLPK %.17g, max-min %.17g",
             what, e->t_step_per_dw, g->t_step_per_dw, s->t_step_per_dw);
    ck_assert_msg(e->t_step_per_dw == want, "%s", msg);
    ck_assert_msg(e->t_step_per_dw <= s->t_step_per_dw, "%s: worse than max-min", msg);
    rm_mapping_free(e);
    rm_mapping_free(g);
    rm_mapping_free(s);

    /* any mapping under fair (the default pipeline: SharedRing's routes are
     * widest paths on residual bandwidths) given back with its own routes
     * (rm_ring_eval_routes): its T_step and alphas bit for bit */
    o = base;
    o.network = RM_NETWORK_FAIR;
    ck_assert_msg(rm_map_network(net, &o, &s, &err) == RM_OK, "%s: %s", what, err.msg);
    ck_assert_int_eq(rm_ring_eval_routes(net, &o, s->ring, s->q, s->succ, s->pred,
                                         RM_ALPHA_BEST, &e, &err), RM_OK);
    snprintf(msg, sizeof msg, "%s own routes: eval %.17g, mapping %.17g", what,
             e->t_step_per_dw, s->t_step_per_dw);
    ck_assert_msg(e->t_step_per_dw == s->t_step_per_dw, "%s", msg);
    for (int k = 0; k < s->q; k++)
        ck_assert_msg(e->alpha[k] == s->alpha[k], "%s: alpha %d", msg, k);
    rm_mapping_free(e);
    if (s->q > 1 && s->succ[0].n_arcs > 0) { /* a hop that does not follow: refused */
        int a0 = s->succ[0].arcs[0];
        s->succ[0].arcs[0] = a0 ^ 1; /* the link's other direction */
        e = NULL;
        ck_assert_int_eq(rm_ring_eval_routes(net, &o, s->ring, s->q, s->succ, s->pred,
                                             RM_ALPHA_BEST, &e, &err), RM_EINPUT);
        ck_assert_msg(strstr(err.msg, "ring position 0") != NULL, "%s: %s", what, err.msg);
        ck_assert_ptr_null(e);
        s->succ[0].arcs[0] = a0;
    }
    ck_assert_int_eq(rm_ring_eval_routes(net, &o, s->ring, s->q, NULL, s->pred, RM_ALPHA_BEST,
                                         &e, &err), s->q > 1 ? RM_EINVAL : RM_OK);
    if (s->q == 1)
        rm_mapping_free(e);
    rm_mapping_free(s);
}

static void each_model(const rm_platform *p, const char *name)
{
    static const double ratios[2] = {0.064, 0.0064};
    for (int d = 0; d < 2; d++) {
        rm_network net;
        rm_error err = {RM_OK, ""};
        ck_assert_int_eq(rm_network_init(&net, p, (rm_duplex)d, &err), RM_OK);
        for (int r = 0; r < 2; r++)
            for (int v = 0; v < 3; v++) { /* eq. (1), parallel sends, latency */
                rm_options o = opts(RM_NETWORK_FAIR, ratios[r]);
                o.duplex = (rm_duplex)d;
                o.cost.parallel_send = v == 1;
                if (v == 2) {
                    o.cost.latency = 1;
                    o.cost.dc = ratios[r] * 100.0;
                }
                char what[160];
                snprintf(what, sizeof what, "%s %s duplex D_c/D_w %g model %d", name,
                         d ? "full" : "half", ratios[r], v);
                same_as_mapper(&net, o, what);
            }
        rm_network_destroy(&net);
    }
}

START_TEST(test_mapper_ring_shipped)
{
    static const char *const shipped[] = {"geant2009.gml", "renater2001.gml",
                                           "medium_tiers.gml"};
    for (int i = 0; i < 3; i++) {
        rm_platform *p = rmt_shipped(shipped[i]);
        each_model(p, shipped[i]);
        rm_platform_free(p);
    }
}
END_TEST

static rm_platform *read_simgrid(const char *rel)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/tests/data/simgrid/%s", RM_SOURCE_DIR, rel);
    rm_read_options ro;
    rm_read_options_init(&ro);
    rm_platform *p = NULL;
    rm_error err = {RM_OK, ""};
    ck_assert_msg(rm_platform_read(path, &ro, &p, &err) == RM_OK, "%s: %s", rel, err.msg);
    return p;
}

START_TEST(test_mapper_ring_simgrid)
{
    static const char *const files[] = {"style_fat_tree.xml", "style_torus.xml",
                                        "style_cluster_backbone.xml"};
    for (int i = 0; i < 3; i++) {
        rm_platform *p = read_simgrid(files[i]);
        each_model(p, files[i]);
        /* SharedRing with max-min sharing on the platform's fixed routes:
           the same routes, the same shares, the same T_step */
        rm_network net;
        rm_error err = {RM_OK, ""};
        ck_assert_int_eq(rm_network_init(&net, p, RM_DUPLEX_HALF, &err), RM_OK);
        rm_options o = opts(RM_NETWORK_FAIR, 0.0064);
        o.sharing = RM_SHARING_MAXMIN;
        rm_mapping *s = NULL;
        ck_assert_msg(rm_map_network(&net, &o, &s, &err) == RM_OK, "%s", err.msg);
        rm_mapping *e = eval_ok(&net, &o, s->ring, s->q, RM_ALPHA_BEST);
        ck_assert_msg(e->t_step_per_dw == s->t_step_per_dw, "%s SharedRing: %.17g vs %.17g",
                      files[i], e->t_step_per_dw, s->t_step_per_dw);
        rm_mapping_free(e);
        rm_mapping_free(s);
        rm_network_destroy(&net);
        rm_platform_free(p);
    }
}
END_TEST

/* A random connected platform: a spanning tree plus extra links, some
 * routers. */
static rm_platform *random_platform(unsigned long long *s, int n, int h)
{
    int lu[64], lv[64];
    double w[32], b[64];
    int L = 0;
    for (int v = 1; v < n; v++) {
        lu[L] = rmt_rndint(s, 0, v - 1), lv[L] = v;
        b[L++] = 1 + 99 * rmt_rnd(s);
    }
    for (int e = 0; e < n / 2; e++) {
        int u = rmt_rndint(s, 0, n - 1), v = rmt_rndint(s, 0, n - 1);
        if (u == v)
            continue;
        lu[L] = u, lv[L] = v;
        b[L++] = 1 + 99 * rmt_rnd(s);
    }
    for (int v = 0; v < h; v++)
        w[v] = 0.1 + rmt_rnd(s);
    return rmt_build("random", n, h, w, L, lu, lv, b, NULL, NULL);
}

START_TEST(test_mapper_ring_random)
{
    unsigned long long s = 2026;
    for (int t = 0; t < 12; t++) {
        int n = rmt_rndint(&s, 4, 16), h = rmt_rndint(&s, 3, n);
        rm_platform *p = random_platform(&s, n, h);
        char name[32];
        snprintf(name, sizeof name, "random %d", t);
        each_model(p, name);
        rm_platform_free(p);
    }
}
END_TEST

/* ------------------------------------------------------------ alphas by speed */

START_TEST(test_speed_alphas)
{
    rm_platform *p = rmt_shipped("geant2009.gml");
    rm_network net;
    rm_error err = {RM_OK, ""};
    ck_assert_int_eq(rm_network_init(&net, p, RM_DUPLEX_HALF, &err), RM_OK);
    int q = p->n_hosts < 8 ? p->n_hosts : 8, ring[8];
    for (int k = 0; k < q; k++)
        ring[k] = p->hosts[q - 1 - k];
    for (int nm = 0; nm < 2; nm++) {
        rm_options o = opts((rm_network_model)nm, 0.064);
        rm_mapping *b = eval_ok(&net, &o, ring, q, RM_ALPHA_BEST);
        rm_mapping *s = eval_ok(&net, &o, ring, q, RM_ALPHA_SPEED);
        double sum = 0, C[8], w[8];
        for (int k = 0; k < q; k++)
            sum += 1.0 / p->nodes[ring[k]].w;
        for (int k = 0; k < q; k++) {
            w[k] = p->nodes[ring[k]].w;
            ck_assert_double_eq_tol(s->alpha[k], 1.0 / w[k] / sum, 1e-15);
            /* the same routes and shares as the best alphas' */
            ck_assert(s->succ[k].bandwidth == b->succ[k].bandwidth);
        }
        rm_mapping_costs(&net, s, C);
        ck_assert(s->t_step_per_dw == rm_tstep_eq1(q, w, s->alpha, C, o.cost.dc_dw));
        ck_assert(s->t_step_per_dw >= b->t_step_per_dw);
        /* a changed alpha is not the speed rule: the check refuses it */
        double a0 = s->alpha[0], a1 = s->alpha[1];
        s->alpha[0] = a0 + 1e-3, s->alpha[1] = a1 - 1e-3;
        s->t_step_per_dw = rm_tstep_eq1(q, w, s->alpha, C, o.cost.dc_dw);
        ck_assert_int_eq(rm_mapping_check(&net, s, 1e-9, &err), RM_EINTERNAL);
        ck_assert_msg(strstr(err.msg, "proportional to its speed"), "%s", err.msg);
        rm_mapping_free(b);
        rm_mapping_free(s);
    }
    rm_network_destroy(&net);
    rm_platform_free(p);
}
END_TEST

/* ------------------------------------------------------------ refusals */

START_TEST(test_refusals)
{
    /* star4: router R (node 0), hosts A, B, C (1, 2, 3) */
    rm_read_options ro;
    rm_read_options_init(&ro);
    rm_platform *p = NULL;
    rm_error err = {RM_OK, ""};
    ck_assert_int_eq(rm_platform_read(RM_SOURCE_DIR "/tests/data/star4.gml", &ro, &p, &err),
                     RM_OK);
    rm_network net;
    ck_assert_int_eq(rm_network_init(&net, p, RM_DUPLEX_HALF, &err), RM_OK);
    rm_options o = opts(RM_NETWORK_FAIR, 0.0064);
    const int ok[3] = {1, 2, 3}, router[2] = {1, 0}, twice[3] = {1, 2, 1}, out[2] = {1, 9};
    eval_bad(&net, &o, router, 2, RM_ALPHA_BEST, RM_EINPUT, "ring position 1: 'R' is a router");
    eval_bad(&net, &o, twice, 3, RM_ALPHA_BEST, RM_EINPUT,
             "ring position 2: host 'A' again (first at position 0)");
    eval_bad(&net, &o, out, 2, RM_ALPHA_BEST, RM_EINPUT, "node 9 is not in the platform");
    eval_bad(&net, &o, ok, 0, RM_ALPHA_BEST, RM_EINPUT, "empty ring");
    eval_bad(&net, &o, ok, 3, (rm_alpha_rule)7, RM_EINPUT, "unknown alpha rule 7");
    eval_bad(&net, &o, NULL, 3, RM_ALPHA_BEST, RM_EINVAL, "ring is NULL");
    eval_bad(NULL, &o, ok, 3, RM_ALPHA_BEST, RM_EINVAL, "rm_ring_eval");
    ck_assert_int_eq(rm_ring_eval(&net, &o, ok, 3, RM_ALPHA_BEST, NULL, &err), RM_EINVAL);
    rm_options f = o;
    f.final_solver = RM_FINAL_KINSOL;
    eval_bad(&net, &f, ok, 3, RM_ALPHA_BEST, RM_EINPUT, "--final-solver kinsol");
    /* the hosts are not adjacent: no direct route */
    rm_options d = o;
    d.routing = RM_ROUTING_DIRECT;
    eval_bad(&net, &d, ok, 3, RM_ALPHA_BEST, RM_EINPUT, "no route from 'A' to 'B'");
    /* under the reserved model, KINSOL as asked: the result is checked */
    f.network = RM_NETWORK_RESERVED;
    rm_mapping *m = eval_ok(&net, &f, ok, 3, RM_ALPHA_BEST);
    rm_mapping_free(m);
    rm_network_destroy(&net);
    rm_platform_free(p);
}
END_TEST

START_TEST(test_names)
{
    rm_read_options ro;
    rm_read_options_init(&ro);
    rm_platform *p = NULL;
    rm_error err = {RM_OK, ""};
    ck_assert_int_eq(rm_platform_read(RM_SOURCE_DIR "/tests/data/star4.gml", &ro, &p, &err),
                     RM_OK);
    int ring[4];
    const char *abc[3] = {"C", "A", "B"};
    ck_assert_int_eq(rm_ring_of_names(p, abc, NULL, 3, ring, &err), RM_OK);
    ck_assert(ring[0] == 3 && ring[1] == 1 && ring[2] == 2);
    const char *where[3] = {"h:1", "h:4", "h:7"};
    const char *unknown[3] = {"A", "Z", "B"}, *rt[2] = {"A", "R"}, *dup[3] = {"A", "B", "A"};
    ck_assert_int_eq(rm_ring_of_names(p, unknown, where, 3, ring, &err), RM_EINPUT);
    ck_assert_msg(strstr(err.msg, "h:4: no host named 'Z'"), "%s", err.msg);
    ck_assert_int_eq(rm_ring_of_names(p, rt, NULL, 2, ring, &err), RM_EINPUT);
    ck_assert_msg(strstr(err.msg, "ring position 1: 'R' is a router"), "%s", err.msg);
    ck_assert_int_eq(rm_ring_of_names(p, dup, where, 3, ring, &err), RM_EINPUT);
    ck_assert_msg(strstr(err.msg, "h:7: host 'A' again (first at h:1)"), "%s", err.msg);
    ck_assert_int_eq(rm_ring_of_names(p, abc, NULL, 0, ring, &err), RM_EINPUT);
    ck_assert_msg(strstr(err.msg, "empty ring"), "%s", err.msg);
    ck_assert_int_eq(rm_ring_of_names(NULL, abc, NULL, 3, ring, &err), RM_EINVAL);
    ck_assert_int_eq(rm_platform_set_label(p, 2, "A"), RM_OK); /* two nodes labelled A */
    ck_assert_int_eq(rm_ring_of_names(p, abc, NULL, 3, ring, &err), RM_EINPUT);
    ck_assert_msg(strstr(err.msg, "2 nodes are labelled 'A'"), "%s", err.msg);
    rm_platform_free(p);
}
END_TEST

/* ------------------------------------------------------------ launch files */

/* Write text to a temporary file; its path in buf. */
static void tmpfile_with(char *buf, size_t n, const char *text)
{
    snprintf(buf, n, "/tmp/rm_test_eval_XXXXXX");
    int fd = mkstemp(buf);
    ck_assert_int_ge(fd, 0);
    FILE *f = fdopen(fd, "w");
    ck_assert_ptr_nonnull(f);
    fputs(text, f);
    fclose(f);
}

static rm_hostfile *read_ok(const char *text)
{
    char path[64];
    tmpfile_with(path, sizeof path, text);
    rm_hostfile *h = NULL;
    rm_error err = {RM_OK, ""};
    rm_status st = rm_hostfile_read(path, &h, &err);
    unlink(path);
    ck_assert_msg(st == RM_OK, "%s", err.msg);
    return h;
}

static void read_bad(const char *text, const char *what)
{
    char path[64];
    tmpfile_with(path, sizeof path, text);
    rm_hostfile *h = (rm_hostfile *)1;
    rm_error err = {RM_OK, ""};
    ck_assert_int_eq(rm_hostfile_read(path, &h, &err), RM_EINPUT);
    unlink(path);
    ck_assert_ptr_null(h);
    ck_assert_msg(strstr(err.msg, what), "'%s' not in '%s'", what, err.msg);
}

START_TEST(test_hostfiles)
{
    /* Open MPI hostfile: comments, slots, blank lines */
    rm_hostfile *h = read_ok("# ring\nB slots=4 max_slots=8\n\n  A   # first\nC slots=1\n");
    ck_assert_int_eq(h->q, 3);
    ck_assert_str_eq(h->names[0], "B");
    ck_assert_str_eq(h->names[1], "A");
    ck_assert_int_eq(h->lines[1], 4);
    ck_assert_int_eq(h->max_slots, 4);
    ck_assert_int_eq(h->rankfile, 0);
    ck_assert_msg(strstr(h->where[2], ":5"), "%s", h->where[2]);
    rm_hostfile_free(h);
    /* MPICH / SMPI machinefile */
    h = read_ok("C:1\nA:2\nB\n");
    ck_assert_int_eq(h->q, 3);
    ck_assert_str_eq(h->names[0], "C");
    ck_assert_str_eq(h->names[1], "A");
    ck_assert_int_eq(h->max_slots, 2);
    rm_hostfile_free(h);
    /* Open MPI rankfile: positions by rank */
    h = read_ok("rank 2=C slot=0\nrank 0=A slot=0\nrank 1=B slot=0:1\n");
    ck_assert_int_eq(h->q, 3);
    ck_assert_str_eq(h->names[0], "A");
    ck_assert_str_eq(h->names[2], "C");
    ck_assert_int_eq(h->lines[0], 2);
    ck_assert_int_eq(h->rankfile, 1);
    rm_hostfile_free(h);
    read_bad("# nothing\n\n", "no host in the file");
    read_bad("A slots=x\n", ":1: slots=x: expected an integer >= 1");
    read_bad("A\nB slots=0\n", ":2: slots=0: expected an integer >= 1");
    read_bad("A foo\n", ":1: unexpected 'foo' after the host name");
    read_bad("A:two\n", ":1: 'A:two': expected HOST:N");
    read_bad(":3\n", ":1: an empty host name");
    read_bad("A\x01" "B\n", ":1: a control character");
    read_bad("rank 0=A\nrank 0=B\n", ":2: rank 0 again (first on line 1)");
    read_bad("rank 0=A\nrank 2=B\n", "rank 1 missing");
    read_bad("rank x=A\n", "rank 'x': expected an integer >= 0");
    read_bad("rank 0=A\nB\n", ":2: a rankfile ('rank N=HOST') and hostfile lines mixed");
    rm_error err = {RM_OK, ""};
    ck_assert_int_eq(rm_hostfile_read("/nonexistent/hosts", &h, &err), RM_EINPUT);
    ck_assert_int_eq(rm_hostfile_read("/tmp", &h, &err), RM_EINPUT);
    ck_assert_msg(strstr(err.msg, "not a regular file"), "%s", err.msg);
    ck_assert_int_eq(rm_hostfile_read(NULL, &h, &err), RM_EINVAL);
    rm_hostfile_free(NULL);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("eval");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, test_oracle);
    tcase_add_test(tc, test_mapper_ring_shipped);
    tcase_add_test(tc, test_mapper_ring_simgrid);
    tcase_add_test(tc, test_mapper_ring_random);
    tcase_add_test(tc, test_speed_alphas);
    tcase_add_test(tc, test_refusals);
    tcase_add_test(tc, test_names);
    tcase_add_test(tc, test_hostfiles);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return rmt_run_suite(suite());
}
