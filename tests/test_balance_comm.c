/*
 * test_balance_comm.c — the ring's communication term of the partitioning by
 * speed functions (rm_fpm_ring_comm, include/ringmap/balance.h; Legrand et al. 2004
 * eq. (1)) on a real mapping: the SharedRing mapping of medium_tiers that
 * `ringmap --json` wrote (iterapp/testdata/ring4.json, D_c/D_w = 0.0064,
 * half duplex), read back with rm_mapping_read_json and laid onto the
 * network of platforms/medium_tiers.gml (every route's links matched to the
 * platform's arcs). Checked against numbers computed by hand from the
 * JSON's route bandwidths, and the continuous partitioning with constant
 * speed functions against the mapping's own alphas and T_step/D_w.
 */
#include "ringmap.h"

#include "support.h"

#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define PLAT RM_SOURCE_DIR "/platforms/medium_tiers.gml"
#define MAPJSON RM_SOURCE_DIR "/iterapp/testdata/ring4.json"

static int node_index(const rm_platform *p, long id)
{
    for (int i = 0; i < p->n_nodes; i++)
        if (p->nodes[i].id == id)
            return i;
    return -1;
}

/* The route of the JSON as arcs of net: link links[i] crossed from nodes[i]
 * to nodes[i+1]. */
static void route_from_doc(const rm_network *net, const rm_platform *p,
                           const rm_mapping_doc_route *dr, rm_route *r)
{
    r->src = node_index(p, dr->nodes[0]);
    r->dst = node_index(p, dr->nodes[dr->n_links]);
    r->n_arcs = dr->n_links;
    r->arcs = malloc(sizeof(int) * (size_t)dr->n_links);
    ck_assert_ptr_nonnull(r->arcs);
    r->bandwidth = dr->bandwidth;
    for (int i = 0; i < dr->n_links; i++) {
        int t = node_index(p, dr->nodes[i]), h = node_index(p, dr->nodes[i + 1]);
        int a = -1;
        for (int s = 0; s < 2; s++) {
            int c = 2 * dr->links[i] + s;
            if (net->arc_tail[c] == t && net->arc_head[c] == h)
                a = c;
        }
        ck_assert_msg(a >= 0, "link %d does not join nodes %ld and %ld", dr->links[i],
                      dr->nodes[i], dr->nodes[i + 1]);
        r->arcs[i] = a;
    }
}

typedef struct fixture {
    rm_platform *p;
    rm_network net;
    rm_mapping_doc *d;
    rm_mapping *m;
} fixture;

static void load(fixture *f)
{
    rm_error err = {RM_OK, ""};
    ck_assert_msg(rm_platform_read(PLAT, NULL, &f->p, &err) == RM_OK, "%s", err.msg);
    ck_assert_int_eq(rm_network_init(&f->net, f->p, RM_DUPLEX_HALF, &err), RM_OK);
    ck_assert_msg(rm_mapping_read_json(MAPJSON, &f->d, &err) == RM_OK, "%s", err.msg);
    ck_assert_int_eq(f->d->q, 4);
    f->m = rm_mapping_new(f->d->q, 0);
    ck_assert_ptr_nonnull(f->m);
    for (int k = 0; k < f->d->q; k++) {
        f->m->ring[k] = node_index(f->p, f->d->ring[k].node);
        ck_assert_int_ge(f->m->ring[k], 0);
        ck_assert(f->p->nodes[f->m->ring[k]].w == f->d->ring[k].w);
        f->m->alpha[k] = f->d->ring[k].alpha;
        route_from_doc(&f->net, f->p, &f->d->ring[k].succ, &f->m->succ[k]);
        route_from_doc(&f->net, f->p, &f->d->ring[k].pred, &f->m->pred[k]);
    }
    f->m->cost.dc_dw = f->d->cost.dc_dw;
    f->m->t_step_per_dw = f->d->t_step_per_dw;
}

static void unload(fixture *f)
{
    rm_mapping_free(f->m);
    rm_mapping_doc_free(f->d);
    rm_network_destroy(&f->net);
    rm_platform_free(f->p);
}

/* comm[k] = D_c (1/b_succ + 1/b_pred): Legrand et al. 2004 eq. (1), the two messages
 * one after the other; and, with parallel send (§2.4), D_c max(1/b_succ, 1/b_pred). */
START_TEST(test_comm_by_hand)
{
    fixture f;
    load(&f);
    rm_error err = {RM_OK, ""};
    const double dc = 2.5; /* Mb */
    /* the bandwidths of ring4.json (Mb/s), succ and pred of each position,
       written out here as read in the file (not through the reader) */
    static const double bs[4] = {7.991, 7.991, 13.661338188301164, 20.280347297443534};
    static const double bp[4] = {31.155652702556473, 7.991, 7.991, 8.89266181169884};
    /* by hand (python3, from the numbers above): 2.5 (1/7.991 +
       1/31.155652702556473) = 0.3930942189466458, ... */
    static const double hand[4] = {0.3930942189466458, 0.6257039169065198,
                                   0.49585013663618976, 0.4044027236999906};
    double comm[4];
    ck_assert_msg(rm_fpm_ring_comm(&f.net, f.m, dc, comm, &err) == RM_OK, "%s", err.msg);
    for (int k = 0; k < 4; k++) {
        ck_assert(f.d->ring[k].succ.bandwidth == bs[k] && f.d->ring[k].pred.bandwidth == bp[k]);
        double v = dc * (1.0 / bs[k] + 1.0 / bp[k]);
        ck_assert_double_eq_tol(comm[k], v, 1e-15 * v);
        ck_assert_double_eq_tol(comm[k], hand[k], 1e-13);
    }
    f.m->cost.parallel_send = 1;
    ck_assert_int_eq(rm_fpm_ring_comm(&f.net, f.m, dc, comm, &err), RM_OK);
    for (int k = 0; k < 4; k++) {
        double v = dc * fmax(1.0 / bs[k], 1.0 / bp[k]);
        ck_assert_double_eq_tol(comm[k], v, 1e-15 * v);
    }
    /* bad D_c */
    ck_assert_int_eq(rm_fpm_ring_comm(&f.net, f.m, 0.0, comm, &err), RM_EINPUT);
    ck_assert_int_eq(rm_fpm_ring_comm(&f.net, f.m, NAN, comm, &err), RM_EINPUT);
    ck_assert_int_eq(rm_fpm_ring_comm(NULL, f.m, dc, comm, &err), RM_EINVAL); /* argument check */
    unload(&f);
}
END_TEST

/* With constant speed functions (time w_k per Mflop) and the communication
 * term at D_w = 1 Mflop (D_c = D_c/D_w Mb), the partitioning of one unit of
 * work is the mapping's own balance: x_k = alpha_k of the JSON and T =
 * its t_step_per_dw (eq. (1) balanced, what `ringmap` computed) */
START_TEST(test_partition_is_the_mapping)
{
    fixture f;
    load(&f);
    rm_error err = {RM_OK, ""};
    const int q = f.d->q;
    double comm[4], x[4], T = 0;
    ck_assert_int_eq(rm_fpm_ring_comm(&f.net, f.m, f.d->cost.dc_dw, comm, &err), RM_OK);
    rm_fpm models[4];
    for (int k = 0; k < q; k++) {
        rm_fpm_init(&models[k]);
        ck_assert_int_eq(rm_fpm_add(&models[k], 1.0, f.d->ring[k].w, NULL, &err), RM_OK);
    }
    ck_assert_msg(rm_fpm_partition_real(q, models, comm, 1.0, x, &T, &err) == RM_OK, "%s",
                  err.msg);
    ck_assert_double_eq_tol(T, f.d->t_step_per_dw, 1e-9 * f.d->t_step_per_dw);
    for (int k = 0; k < q; k++) {
        ck_assert_double_eq_tol(x[k], f.d->ring[k].alpha, 1e-8);
        /* every position finishes at T: alpha_k w_k + D_c/D_w C_k */
        ck_assert_double_eq_tol(x[k] * f.d->ring[k].w + comm[k], T, 1e-9 * T);
    }
    /* integer columns: 1000 columns of D_w/1000 each; the step time of the
       partition is eq. (1) of the integer allocation, within one column's
       time of the continuous optimum */
    long d[4];
    double t[4];
    for (int k = 0; k < q; k++) {
        rm_fpm_clear(&models[k]);
        ck_assert_int_eq(rm_fpm_add(&models[k], 1.0, f.d->ring[k].w / 1000.0, NULL, &err), RM_OK);
    }
    ck_assert_int_eq(rm_fpm_partition(q, models, comm, 1000, 1, d, &T, &err), RM_OK);
    long sum = 0;
    double wmax = 0;
    for (int k = 0; k < q; k++) {
        sum += d[k];
        wmax = fmax(wmax, f.d->ring[k].w / 1000.0);
        ck_assert_int_le(labs(d[k] - lround(1000.0 * f.d->ring[k].alpha)), 1);
    }
    ck_assert_int_eq(sum, 1000);
    double Ts = rm_fpm_step_time(q, models, comm, d, t);
    ck_assert_double_eq_tol(Ts, T, 1e-12 * T);
    ck_assert(Ts >= f.d->t_step_per_dw * (1 - 1e-12) && Ts <= f.d->t_step_per_dw + wmax);
    for (int k = 0; k < q; k++)
        rm_fpm_destroy(&models[k]);
    unload(&f);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("balance_comm");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, test_comm_by_hand);
    tcase_add_test(tc, test_partition_is_the_mapping);
    suite_add_tcase(s, tc);
    return rmt_run_suite(s);
}
