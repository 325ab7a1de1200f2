/*
 * test_overlap.c — the overlap model of communication and computation
 * (rm_cost_model.overlap; Weissman 1995 §4.1.2, Eq. 4.10, T_c = max(T_comp,
 * T_comm), with a boundary fraction f that cannot overlap): host time per D_w
 * max(alpha w, d + f alpha w), d = D_c/D_w C.
 *  - hand-solved 2- and 3-host instances of its balance (docs/model.md, "The
 *    overlap model"), against the additive model's on the same numbers;
 *  - the balance is optimal: no transfer of work between two hosts lowers
 *    T_step (random instances), f = 0 gives max(max d, w_cumul), f = 1 the
 *    additive model's T_step (eq. (5) with alpha >= 0);
 *  - Fig. 4.1c's shape: a homogeneous ring whose communication cost is linear
 *    in its size q (2q routes sharing one medium of capacity B: C = 4q/B)
 *    has T(q) = max(w/q, d(q)) falling, then rising, least at the ring size
 *    where T_comp = T_comm, sqrt(w B / (4 D_c/D_w));
 *  - the absolute boundary (overlap_boundary_dw = beta: b_i = min(beta,
 *    alpha_i) D_w on every host, a stencil's boundary columns; every host
 *    holds at least its boundary): hand-solved 2- and 3-host instances,
 *    optimality against a bisection of each host's capacity, beta = 0 as
 *    f = 0 bit for bit, integer columns against every allocation;
 *  - the checks: rm_cost_model_check accepts it, refuses a bad fraction;
 *  - a given ring valued under it (rm_ring_eval: rm_mapping_costs,
 *    rm_mapping_rebalance) passes rm_mapping_check, and its JSON carries
 *    params.overlap back (rm_mapping_read_json).
 */
#define _POSIX_C_SOURCE 200809L /* mkstemp */
#include "ringmap.h"

#include "support.h"

#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NEAR(a, b, tol) (fabs((a) - (b)) <= (tol) * (1.0 + fabs(b)))

/* T_step/D_w of alphas a under the overlap model, for the checks below */
static double t_of(int q, const double *w, const double *a, const double *C, double r, double f)
{
    return rm_tstep_overlap(q, w, a, C, r, f);
}

START_TEST(test_two_hosts)
{
    /* f = 0, communication-bound: w (1, 2), d (0.2, 0.9). The step is at
       least max d = 0.9, within which the hosts can take 0.9/1 + 0.9/2 =
       1.35 >= 1 of the work: T = 0.9, alpha = (0.9, 0.45)/1.35 = (2/3, 1/3).
       Additive: (T - 0.2)/1 + (T - 0.9)/2 = 1, T = 1.1. */
    double w[2] = {1, 2}, C[2] = {0.2, 0.9}, a[2];
    double t = rm_balance_overlap(2, w, C, 1.0, 0.0, a);
    ck_assert_msg(NEAR(t, 0.9, 1e-15), "T %.17g", t);
    ck_assert(NEAR(a[0], 2.0 / 3, 1e-15) && NEAR(a[1], 1.0 / 3, 1e-15));
    ck_assert(NEAR(rm_balance(2, w, C, 1.0, NULL), 1.1, 1e-15));
    ck_assert(NEAR(t_of(2, w, a, C, 1.0, 0.0), 0.9, 1e-15));

    /* f = 0, computation-bound: w (1, 1), d (0.2, 0.3): T = w_cumul = 0.5 */
    double w2[2] = {1, 1}, C2[2] = {0.2, 0.3};
    t = rm_balance_overlap(2, w2, C2, 1.0, 0.0, a);
    ck_assert(NEAR(t, 0.5, 1e-15) && NEAR(a[0], 0.5, 1e-15) && NEAR(a[1], 0.5, 1e-15));

    /* f = 1/2: w (1, 1), d (0.1, 0.4); cap_i(T) = min(T, 2 (T - d_i)).
       Host 0 is computation-bound from e_0 = d_0/(1 - f) = 0.2, host 1 from
       0.8; on [0.4, 0.8]: T + 2 (T - 0.4) = 1, T = 0.6, alpha = (0.6, 0.4):
       host 0 max(0.6, 0.1 + 0.3), host 1 max(0.4, 0.4 + 0.2), both 0.6.
       Additive: (T - 0.1) + (T - 0.4) = 1, T = 0.75. */
    double C3[2] = {0.1, 0.4};
    t = rm_balance_overlap(2, w2, C3, 1.0, 0.5, a);
    ck_assert_msg(NEAR(t, 0.6, 1e-15), "T %.17g", t);
    ck_assert(NEAR(a[0], 0.6, 1e-15) && NEAR(a[1], 0.4, 1e-15));
    ck_assert(NEAR(t_of(2, w2, a, C3, 1.0, 0.5), 0.6, 1e-15));
    ck_assert(NEAR(rm_balance(2, w2, C3, 1.0, NULL), 0.75, 1e-15));

    /* the same through the model dispatch, and the additive model untouched */
    rm_cost_model m;
    rm_cost_model_init(&m);
    m.dc_dw = 1.0;
    ck_assert(rm_balance_model(2, w2, C3, &m, NULL) == rm_balance(2, w2, C3, 1.0, NULL));
    m.overlap = 1;
    m.overlap_boundary = 0.5;
    ck_assert(rm_balance_model(2, w2, C3, &m, NULL) == t);
    ck_assert(NEAR(rm_host_time(&m, 0.4, 1.0, 0.4), 0.6, 1e-15));
    m.overlap = 0;
    m.overlap_boundary = 0;
    ck_assert(rm_host_time(&m, 0.4, 1.0, 0.4) == 0.4 + 0.4);
}
END_TEST

START_TEST(test_three_hosts)
{
    /* f = 1/4, w (1, 2, 4), d (0.3, 0.6, 0.1); cap_i(T) = min(T/w_i,
       4 (T - d_i)/w_i); e = d/(3/4) = (0.4, 0.8, 0.1333). At T = max d =
       0.6 the hosts take 0.6 + 0 + 0.15 < 1; on [0.6, 0.8] hosts 0 and 2
       are computation-bound, host 1 communication-bound:
       T/1 + T/4 + 4 (T - 0.6)/2 = 1, T = 2.2/3.25 = 44/65;
       alpha = (44, 10, 11)/65. */
    double w[3] = {1, 2, 4}, C[3] = {0.3, 0.6, 0.1}, a[3];
    double t = rm_balance_overlap(3, w, C, 1.0, 0.25, a);
    ck_assert_msg(NEAR(t, 44.0 / 65, 1e-15), "T %.17g", t);
    ck_assert_msg(NEAR(a[0], 44.0 / 65, 1e-15) && NEAR(a[1], 10.0 / 65, 1e-15) &&
                      NEAR(a[2], 11.0 / 65, 1e-15),
                  "alpha %.17g %.17g %.17g", a[0], a[1], a[2]);
    /* every host ends at T: host 1 max(20/65, 0.6 + 5/65) = 44/65 */
    for (int i = 0; i < 3; i++) {
        double ti = t_of(1, &w[i], &a[i], &C[i], 1.0, 0.25);
        ck_assert_msg(NEAR(ti, 44.0 / 65, 1e-14), "host %d: %.17g", i, ti);
    }
    /* additive: (T - 0.3) + (T - 0.6)/2 + (T - 0.1)/4 = 1, T = 1.425/1.75 */
    ck_assert(NEAR(rm_balance(3, w, C, 1.0, NULL), 1.625 / 1.75, 1e-15));
    ck_assert(t < rm_balance(3, w, C, 1.0, NULL));

    /* f = 0: Weissman's max form, T = max(max d, w_cumul) = max(0.6, 4/7) */
    t = rm_balance_overlap(3, w, C, 1.0, 0.0, a);
    ck_assert(NEAR(t, 0.6, 1e-15));
    /* alpha proportional to 1/w: each host's share of what it can take */
    ck_assert(NEAR(a[0], 4.0 / 7, 1e-15) && NEAR(a[1], 2.0 / 7, 1e-15) &&
              NEAR(a[2], 1.0 / 7, 1e-15));
}
END_TEST

/* The absolute boundary: host time max(alpha w, d + min(beta, alpha) w). */
static double t_abs(int q, const double *w, const double *a, const double *C, double r,
                    double beta)
{
    return rm_tstep_overlap_abs(q, w, a, C, r, beta);
}

START_TEST(test_abs_two_hosts)
{
    /* beta = 0.2, w (1, 1), d (0.1, 0.4): every host holds at least its
       boundary 0.2 and ends within T iff T >= e_i = d_i + beta w_i = (0.3,
       0.6) and alpha_i <= T; w_cumul = 0.5, so T = max(0.6, 0.5) = 0.6.
       The hosts can take (0.6, 0.6): lambda = (1 - 0.4)/(1.2 - 0.4) = 3/4,
       alpha = 0.2 + 3/4 (0.4, 0.4) = (0.5, 0.5): host 0 max(0.5, 0.1 + 0.2),
       host 1 max(0.5, 0.4 + 0.2) = 0.6. The additive model: 0.75. */
    double w[2] = {1, 1}, C[2] = {0.1, 0.4}, a[2];
    double t = rm_balance_overlap_abs(2, w, C, 1.0, 0.2, a);
    ck_assert_msg(NEAR(t, 0.6, 1e-15), "T %.17g", t);
    ck_assert_msg(NEAR(a[0], 0.5, 1e-15) && NEAR(a[1], 0.5, 1e-15), "alpha %.17g %.17g", a[0],
                  a[1]);
    ck_assert(NEAR(t_abs(2, w, a, C, 1.0, 0.2), 0.6, 1e-15));
    ck_assert(NEAR(rm_balance(2, w, C, 1.0, NULL), 0.75, 1e-15));

    /* beta = 0.1, d (0.1, 0.3): e = (0.2, 0.4) below w_cumul 0.5: T = 0.5,
       alpha = (0.5, 0.5), computation covers communication and boundary */
    double C2[2] = {0.1, 0.3};
    t = rm_balance_overlap_abs(2, w, C2, 1.0, 0.1, a);
    ck_assert(NEAR(t, 0.5, 1e-15) && NEAR(a[0], 0.5, 1e-15) && NEAR(a[1], 0.5, 1e-15));

    /* q beta >= 1 (beta = 0.8): every host at 1/q, all of it boundary:
       T = max_i (d_i + w_i/2) = 0.9 */
    t = rm_balance_overlap_abs(2, w, C, 1.0, 0.8, a);
    ck_assert(NEAR(t, 0.9, 1e-15) && a[0] == 0.5 && a[1] == 0.5);
    ck_assert(NEAR(t_abs(2, w, a, C, 1.0, 0.8), 0.9, 1e-15));

    /* the model dispatch */
    rm_cost_model m;
    rm_cost_model_init(&m);
    m.dc_dw = 1.0;
    m.overlap = 1;
    m.overlap_boundary_dw = 0.2;
    ck_assert_int_eq(rm_cost_model_check(&m, NULL), RM_OK);
    ck_assert(rm_balance_model(2, w, C, &m, NULL) == rm_balance_overlap_abs(2, w, C, 1.0, 0.2, NULL));
    /* host time: all boundary below beta (d + alpha w), then max(alpha w, d + beta w) */
    ck_assert(NEAR(rm_host_time(&m, 0.1, 1.0, 0.4), 0.5, 1e-15));
    ck_assert(NEAR(rm_host_time(&m, 0.5, 1.0, 0.4), 0.6, 1e-15));
    ck_assert(NEAR(rm_host_time(&m, 0.7, 1.0, 0.1), 0.7, 1e-15));
    ck_assert(rm_tstep_model(2, w, a, C, &m) == t_abs(2, w, a, C, 1.0, 0.2));
}
END_TEST

START_TEST(test_abs_three_hosts)
{
    /* beta = 0.1, w (1, 2, 4), d (0.3, 0.6, 0.1): e = d + beta w = (0.4,
       0.8, 0.5), w_cumul = 4/7: T = 0.8 (host 1's communication and
       boundary). The hosts can take T/w = (0.8, 0.4, 0.2): lambda =
       (1 - 0.3)/(1.4 - 0.3) = 7/11, alpha = 0.1 + 7/11 (0.7, 0.3, 0.1) =
       (30, 16, 9)/55. The additive model: 1.625/1.75. */
    double w[3] = {1, 2, 4}, C[3] = {0.3, 0.6, 0.1}, a[3];
    double t = rm_balance_overlap_abs(3, w, C, 1.0, 0.1, a);
    ck_assert_msg(NEAR(t, 0.8, 1e-15), "T %.17g", t);
    ck_assert_msg(NEAR(a[0], 30.0 / 55, 1e-15) && NEAR(a[1], 16.0 / 55, 1e-15) &&
                      NEAR(a[2], 9.0 / 55, 1e-15),
                  "alpha %.17g %.17g %.17g", a[0], a[1], a[2]);
    ck_assert(NEAR(t_abs(3, w, a, C, 1.0, 0.1), 0.8, 1e-15));
    ck_assert(t < rm_balance(3, w, C, 1.0, NULL));
    /* beta = 0: Weissman's max form, rm_balance_overlap with f = 0 bit for bit */
    double b[3];
    ck_assert(rm_balance_overlap_abs(3, w, C, 1.0, 0.0, a) ==
              rm_balance_overlap(3, w, C, 1.0, 0.0, b));
    ck_assert(memcmp(a, b, sizeof a) == 0);
}
END_TEST

/* The most of the work one host can take within T: bisection of its host
 * time (nondecreasing in alpha), independent of rm_balance_overlap_abs. */
static double cap_bisect(double T, double w, double C, double r, double beta)
{
    double lo = 0.0, hi = 1.0;
    if (t_abs(1, &w, &hi, &C, r, beta) <= T)
        return 1.0;
    if (!(t_abs(1, &w, &lo, &C, r, beta) <= T))
        return -1.0; /* below its communication */
    for (int k = 0; k < 80; k++) {
        double mid = 0.5 * (lo + hi);
        if (t_abs(1, &w, &mid, &C, r, beta) <= T)
            lo = mid;
        else
            hi = mid;
    }
    return lo;
}

/* alpha (q) and T of a balance under the absolute boundary beta whose
 * hosts hold at least least: the shares are >= least and sum to 1, reach
 * T, and no step below T is feasible (a host cannot take its least share,
 * or the hosts cannot take the work; cap_bisect). */
static void check_optimal(int it, int q, const double *w, const double *C, double r,
                          double beta, double least, double t, const double *a)
{
    double s = 0.0;
    for (int i = 0; i < q; i++) {
        ck_assert_msg(a[i] >= least * (1 - 1e-12), "it %d: alpha %.17g < %.17g", it, a[i], least);
        s += a[i];
    }
    ck_assert(NEAR(s, 1.0, 1e-12));
    ck_assert_msg(NEAR(t_abs(q, w, a, C, r, beta), t, 1e-12), "it %d: %.17g vs %.17g", it,
                  t_abs(q, w, a, C, r, beta), t);
    if (q * least < 1.0) {
        double tl = t * (1 - 1e-9), sum = 0.0;
        int short_host = 0;
        for (int i = 0; i < q; i++) {
            double c = cap_bisect(tl, w[i], C[i], r, beta);
            short_host |= c < least;
            sum += fmax(0.0, c);
        }
        ck_assert_msg(short_host || sum < 1.0, "it %d: %.17g below T %.17g takes %.17g", it, tl,
                      t, sum);
    }
}

START_TEST(test_abs_optimal_random)
{
    unsigned long long sd = 0x26b;
    for (int it = 0; it < 3000; it++) {
        int q = rmt_rndint(&sd, 1, 9);
        double w[9], C[9], a[9];
        for (int i = 0; i < q; i++) {
            w[i] = 0.2 + 3.0 * rmt_rnd(&sd);
            C[i] = q == 1 ? 0.0 : 2.0 * rmt_rnd(&sd);
        }
        double r = it % 5 == 0 ? 0.0 : rmt_rnd(&sd);
        double beta = it % 4 == 0 ? 2.0 / rmt_rndint(&sd, 2, 400) : 0.3 * rmt_rnd(&sd);
        double least = q * beta >= 1.0 ? 1.0 / q : beta; /* every host's least share */
        double t = rm_balance_overlap_abs(q, w, C, r, beta, a);
        check_optimal(it, q, w, C, r, beta, least, t, a);
        /* never below Weissman's max form (the least step with no boundary) */
        ck_assert(t >= rm_balance_overlap(q, w, C, r, 0.0, NULL) * (1 - 1e-12));
    }
}
END_TEST

static unsigned long long seed = 0x26;

START_TEST(test_floor_two_hosts)
{
    /* beta = 0.4, least share phi = 0.1, w (1, 1), d (0.1, 0.5): host 1's
       communication and boundary take 0.9, so with every host at >= beta
       (rm_balance_overlap_abs) T = 0.9, alpha (0.5, 0.5) — worse than the
       additive model's 0.8. With phi, host 1 may hold less than its
       boundary (all of its work boundary, d + alpha w): hosts fit their
       floor from max(d + phi w) = 0.6; there host 0 takes 0.6 (beyond its
       0.5 = d + beta w), host 1 0.1: 0.7 < 1. Below the next breakpoint
       (0.9) the capacities sum to 2T - 0.5: T = 0.75, alpha (0.75, 0.25):
       host 0 max(0.75, 0.1 + 0.4), host 1 0.5 + 0.25. */
    double w[2] = {1, 1}, C[2] = {0.1, 0.5}, a[2];
    double t = rm_balance_overlap_floor(2, w, C, 1.0, 0.4, 0.1, a);
    ck_assert_msg(NEAR(t, 0.75, 1e-15), "T %.17g", t);
    ck_assert_msg(NEAR(a[0], 0.75, 1e-15) && NEAR(a[1], 0.25, 1e-15), "alpha %.17g %.17g", a[0],
                  a[1]);
    ck_assert(NEAR(t_abs(2, w, a, C, 1.0, 0.4), 0.75, 1e-15));
    ck_assert(NEAR(rm_balance_overlap_abs(2, w, C, 1.0, 0.4, NULL), 0.9, 1e-15));
    ck_assert(NEAR(rm_balance(2, w, C, 1.0, NULL), 0.8, 1e-15));
    /* phi = beta, and phi = 0: rm_balance_overlap_abs bit for bit */
    double b[2];
    for (int k = 0; k < 2; k++) {
        double phi = k ? 0.4 : 0.0;
        ck_assert(rm_balance_overlap_floor(2, w, C, 1.0, 0.4, phi, a) ==
                  rm_balance_overlap_abs(2, w, C, 1.0, 0.4, b));
        ck_assert(memcmp(a, b, sizeof a) == 0);
    }
    /* the model: its least share dispatches, and is checked */
    rm_cost_model m;
    rm_cost_model_init(&m);
    m.dc_dw = 1.0;
    m.overlap = 1;
    m.overlap_boundary_dw = 0.4;
    rm_cost_model_set_overlap_floor(&m, 0.1);
    ck_assert_int_eq(rm_cost_model_check(&m, NULL), RM_OK);
    ck_assert(rm_cost_model_overlap_floor(&m) == 0.1 && isnan(rm_cost_model_overlap_floor(NULL)));
    ck_assert(rm_balance_model(2, w, C, &m, NULL) == t);
    rm_error err = {RM_OK, ""};
    rm_cost_model_set_overlap_floor(&m, 0.5); /* above the boundary */
    ck_assert_int_eq(rm_cost_model_check(&m, &err), RM_EINPUT);
    ck_assert_msg(strstr(err.msg, "least share"), "%s", err.msg);
    rm_cost_model_set_overlap_floor(&m, 0.1);
    m.overlap_boundary_dw = 0.0; /* a floor without the absolute boundary */
    ck_assert_int_eq(rm_cost_model_check(&m, NULL), RM_EINPUT);
}
END_TEST

START_TEST(test_floor_optimal_random)
{
    /* against a bisection of each host's capacity (cap_bisect), on 3,000
       random instances with a boundary of K of N columns and a floor of one */
    unsigned long long sd = 0x26f;
    for (int it = 0; it < 3000; it++) {
        int q = rmt_rndint(&sd, 1, 9);
        double w[9], C[9], a[9];
        for (int i = 0; i < q; i++) {
            w[i] = 0.2 + 3.0 * rmt_rnd(&sd);
            C[i] = q == 1 ? 0.0 : 2.0 * rmt_rnd(&sd);
        }
        double r = it % 5 == 0 ? 0.0 : rmt_rnd(&sd);
        long N = rmt_rndint(&sd, 4, 400);
        int K = rmt_rndint(&sd, 2, 4);
        double beta = (double)K / (double)N, phi = 1.0 / (double)N;
        double t = rm_balance_overlap_floor(q, w, C, r, beta, phi, a);
        check_optimal(it, q, w, C, r, beta, q * phi >= 1.0 ? 1.0 / q : phi, t, a);
        /* the floor only lets hosts hold less: never above the 1.4.0 balance */
        ck_assert(t <= rm_balance_overlap_abs(q, w, C, r, beta, NULL) * (1 + 1e-12));
    }
}
END_TEST


START_TEST(test_optimal_random)
{
    for (int it = 0; it < 3000; it++) {
        int q = rmt_rndint(&seed, 1, 9);
        double w[9], C[9], a[9], b[9];
        for (int i = 0; i < q; i++) {
            w[i] = 0.2 + 3.0 * rmt_rnd(&seed);
            C[i] = q == 1 ? 0.0 : 2.0 * rmt_rnd(&seed);
        }
        double r = it % 5 == 0 ? 0.0 : rmt_rnd(&seed);
        double f = it % 3 == 0 ? 0.0 : it % 7 == 0 ? 1.0 : rmt_rnd(&seed);
        double t = rm_balance_overlap(q, w, C, r, f, a);
        double s = 0.0, dmax = 0.0;
        for (int i = 0; i < q; i++) {
            ck_assert(a[i] >= 0.0);
            s += a[i];
            dmax = fmax(dmax, r * C[i]);
        }
        ck_assert(NEAR(s, 1.0, 1e-12));
        /* the alphas reach T, and T is at least the communication bound */
        ck_assert_msg(NEAR(t_of(q, w, a, C, r, f), t, 1e-12), "it %d: %.17g vs %.17g", it,
                      t_of(q, w, a, C, r, f), t);
        ck_assert(t >= dmax);
        /* no transfer of work between two hosts lowers T_step */
        for (int i = 0; i < q; i++)
            for (int j = 0; j < q; j++) {
                if (i == j || a[i] <= 0.0)
                    continue;
                for (int k = 1; k <= 3; k++) {
                    memcpy(b, a, (size_t)q * sizeof *a);
                    double eps = a[i] * (k == 1 ? 1e-6 : k == 2 ? 0.1 : 1.0);
                    b[i] -= eps;
                    b[j] += eps;
                    ck_assert_msg(t_of(q, w, b, C, r, f) >= t * (1 - 1e-12),
                                  "it %d: moving %g from %d to %d gives %.17g < %.17g", it, eps,
                                  i, j, t_of(q, w, b, C, r, f), t);
                }
            }
        /* f = 0: max(max d, w_cumul); f = 1: the additive model's T_step */
        if (f == 0.0) {
            double inv = 0.0;
            for (int i = 0; i < q; i++)
                inv += 1.0 / w[i];
            ck_assert(NEAR(t, fmax(dmax, 1.0 / inv), 1e-14));
        }
        if (f == 1.0)
            ck_assert_msg(NEAR(t, rm_balance(q, w, C, r, NULL), 1e-12), "it %d", it);
        /* never above the additive model's step */
        ck_assert(t <= rm_balance(q, w, C, r, NULL) * (1 + 1e-12));
    }
}
END_TEST

/* Weissman 1995 Fig. 4.1c: homogeneous hosts (w), a communication cost
 * linear in the ring size (2q routes share one medium of B Mb/s: each gets
 * B/(2q), a host's C = 2 (2q/B)), full overlap (f = 0): T(q) = max(w/q,
 * r 4q/B) falls while computation dominates and rises once communication
 * does; least where they are equal, q* = sqrt(w B / (4 r)). */
START_TEST(test_fig_4_1c)
{
    const double wh = 2.0, B = 100.0, r = 0.05; /* q* = sqrt(2 * 100 / 0.2) = 31.6 */
    double qstar = sqrt(wh * B / (4 * r));
    double w[64], C[64], T[65], Tadd[65];
    int best = 0, best_add = 0;
    for (int q = 2; q <= 64; q++) {
        for (int i = 0; i < q; i++)
            w[i] = wh, C[i] = 4.0 * q / B;
        T[q] = rm_balance_overlap(q, w, C, r, 0.0, NULL);
        Tadd[q] = rm_balance(q, w, C, r, NULL);
        double comp = wh / q, comm = r * 4.0 * q / B;
        ck_assert_msg(NEAR(T[q], fmax(comp, comm), 1e-14), "q %d: %.17g", q, T[q]);
        ck_assert(NEAR(Tadd[q], comp + comm, 1e-14));
        if (!best || T[q] < T[best])
            best = q;
        if (!best_add || Tadd[q] < Tadd[best_add])
            best_add = q;
    }
    /* the V shape: strictly down to the equal point, strictly up after */
    for (int q = 3; q <= 64; q++) {
        if (q <= (int)floor(qstar))
            ck_assert_msg(T[q] < T[q - 1], "q %d", q);
        else if (q - 1 >= (int)ceil(qstar))
            ck_assert_msg(T[q] > T[q - 1], "q %d", q);
    }
    ck_assert_msg(best == (int)floor(qstar) || best == (int)ceil(qstar), "best q %d, q* %g", best,
                  qstar);
    ck_assert_int_eq(best, 32); /* max(2/31, 0.062) = 0.0645 vs max(0.0625, 0.064) = 0.064 */
    ck_assert(NEAR(T[32], 0.064, 1e-14));
    /* the additive model's least step is the sum, here about twice as long */
    ck_assert(NEAR(Tadd[best_add], 2.0 / best_add + 0.002 * best_add, 1e-14));
    ck_assert(Tadd[best_add] > 1.9 * T[best]);
}
END_TEST

START_TEST(test_check)
{
    rm_cost_model m;
    rm_cost_model_init(&m);
    ck_assert_int_eq(m.overlap, 0);
    ck_assert(m.overlap_boundary == 0.0);
    rm_error err = {RM_OK, ""};
    m.overlap = 1;
    ck_assert_int_eq(rm_cost_model_check(&m, &err), RM_OK);
    m.overlap_boundary = 1.0;
    ck_assert_int_eq(rm_cost_model_check(&m, &err), RM_OK);
    const double bad[] = {-0.1, 1.5, NAN, INFINITY};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        m.overlap_boundary = bad[i];
        ck_assert_int_eq(rm_cost_model_check(&m, &err), RM_EINPUT);
        ck_assert_msg(strstr(err.msg, "boundary fraction must be a finite number in [0, 1]"), "%s",
                      err.msg);
    }
    m.overlap = 0;
    m.overlap_boundary = 0.5;
    ck_assert_int_eq(rm_cost_model_check(&m, &err), RM_EINPUT);
    ck_assert_msg(strstr(err.msg, "needs overlap on"), "%s", err.msg);
    /* the absolute boundary b/D_w */
    m.overlap_boundary = 0.0;
    m.overlap_boundary_dw = 0.002;
    ck_assert_int_eq(rm_cost_model_check(&m, &err), RM_EINPUT);
    ck_assert_msg(strstr(err.msg, "overlap_boundary_dw (0.002) needs overlap on"), "%s", err.msg);
    m.overlap = 1;
    ck_assert_int_eq(rm_cost_model_check(&m, &err), RM_OK);
    m.overlap_boundary = 0.1;
    ck_assert_int_eq(rm_cost_model_check(&m, &err), RM_EINPUT);
    ck_assert_msg(strstr(err.msg, "as a fraction") && strstr(err.msg, "not both"), "%s", err.msg);
    m.overlap_boundary = 0.0;
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        m.overlap_boundary_dw = bad[i];
        ck_assert_int_eq(rm_cost_model_check(&m, &err), RM_EINPUT);
        ck_assert_msg(strstr(err.msg, "absolute boundary b/D_w must be a finite number in [0, 1]"),
                      "%s", err.msg);
    }
    m.overlap_boundary_dw = 0.0;
    m.reserved[4] = 1.0; /* a later variant's slot */
    ck_assert_int_eq(rm_cost_model_check(&m, &err), RM_EINPUT);
    ck_assert_msg(strstr(err.msg, "reserved[4]"), "%s", err.msg);
    rm_options o;
    rm_options_init(&o);
    o.cost.overlap = 1;
    o.cost.overlap_boundary = 0.3;
    ck_assert_int_eq(rm_options_check(&o, &err), RM_OK);
    o.cost.overlap_boundary = 0.0;
    o.cost.overlap_boundary_dw = 0.3;
    ck_assert_int_eq(rm_options_check(&o, &err), RM_OK);
}
END_TEST

/* A given ring on the 3-host star valued under the overlap model. */
START_TEST(test_ring_eval)
{
    rm_platform *p = rmt_star3();
    rm_network net;
    rm_error err = {RM_OK, ""};
    ck_assert_int_eq(rm_network_init(&net, p, RM_DUPLEX_HALF, &err), RM_OK);
    static const int ring[3] = {0, 1, 2};
    for (int f10 = 0; f10 <= 11; f10 += f10 == 10 ? 1 : 5) /* 11: the absolute boundary 0.1 */
        for (int nm = 0; nm < 2; nm++) {
            const int ab = f10 == 11;
            const double fr = ab ? 0.0 : f10 / 10.0, bdw = ab ? 0.1 : 0.0;
            rm_options o;
            rm_options_init(&o);
            o.network = nm ? RM_NETWORK_FAIR : RM_NETWORK_RESERVED;
            o.cost.dc_dw = 1.0;
            o.cost.overlap = 1;
            o.cost.overlap_boundary = fr;
            o.cost.overlap_boundary_dw = bdw;
            o.threads = 1;
            rm_mapping *m = NULL;
            ck_assert_msg(rm_ring_eval(&net, &o, ring, 3, RM_ALPHA_BEST, &m, &err) == RM_OK, "%s",
                          err.msg);
            ck_assert_msg(rm_mapping_check(&net, m, 1e-9, &err) == RM_OK, "%s", err.msg);
            ck_assert(m->cost.overlap == 1 && m->cost.overlap_boundary == fr &&
                      m->cost.overlap_boundary_dw == bdw);
            double w[3], C[3];
            for (int k = 0; k < 3; k++)
                w[k] = p->nodes[m->ring[k]].w;
            rm_mapping_costs(&net, m, C);
            ck_assert(m->t_step_per_dw == (ab ? rm_balance_overlap_abs(3, w, C, 1.0, bdw, NULL)
                                              : rm_balance_overlap(3, w, C, 1.0, fr, NULL)));
            /* the additive model on the same ring: never faster */
            rm_options ad = o;
            ad.cost.overlap = 0;
            ad.cost.overlap_boundary = 0.0;
            ad.cost.overlap_boundary_dw = 0.0;
            rm_mapping *m2 = NULL;
            ck_assert(rm_ring_eval(&net, &ad, ring, 3, RM_ALPHA_BEST, &m2, &err) == RM_OK);
            ck_assert(m->t_step_per_dw <= m2->t_step_per_dw * (1 + 1e-12));
            if (f10 == 10)
                ck_assert(NEAR(m->t_step_per_dw, m2->t_step_per_dw, 1e-12));
            /* speed alphas valued under the overlap model */
            rm_mapping *m3 = NULL;
            ck_assert(rm_ring_eval(&net, &o, ring, 3, RM_ALPHA_SPEED, &m3, &err) == RM_OK);
            ck_assert(rm_mapping_check(&net, m3, 1e-9, &err) == RM_OK);
            ck_assert(m3->t_step_per_dw ==
                      (ab ? rm_tstep_overlap_abs(3, w, m3->alpha, C, 1.0, bdw)
                          : rm_tstep_overlap(3, w, m3->alpha, C, 1.0, fr)));
            /* JSON: params.overlap, read back */
            char path[] = "/tmp/rm_overlap_XXXXXX";
            int fd = mkstemp(path);
            ck_assert(fd >= 0);
            FILE *fp = fdopen(fd, "w");
            ck_assert_int_eq(rm_mapping_write_json(fp, &net, &o, m, &err), RM_OK);
            fclose(fp);
            rm_mapping_doc *d = NULL;
            ck_assert_msg(rm_mapping_read_json(path, &d, &err) == RM_OK, "%s", err.msg);
            ck_assert(d->cost.overlap == 1 && d->cost.overlap_boundary == fr &&
                      d->cost.overlap_boundary_dw == bdw);
            rm_mapping_doc_free(d);
            remove(path);
            rm_mapping_free(m);
            rm_mapping_free(m2);
            rm_mapping_free(m3);
        }
    rm_network_destroy(&net);
    rm_platform_free(p);
}
END_TEST

/* Integer columns under the overlap model (rm_alloc_columns_model): the
 * hand-solved 2-host instance in units, the additive model bit for bit as
 * rm_alloc_columns, a hand-solved instance under the communication floor,
 * and the greedy against every allocation of small instances (the least
 * max cost, and of those the least max computation). */
static double units_beta; /* the absolute boundary of units_T (0: the fraction f) */

static double units_T(int q, const double *w, const double *C, double r, double f, long N,
                      const long *c)
{
    double t = 0.0;
    for (int k = 0; k < q; k++) {
        double comp = (double)c[k] * w[k] / (double)N, tail = r * C[k] + f * comp;
        if (units_beta > 0.0)
            tail = r * C[k] + fmin(units_beta, (double)c[k] / (double)N) * w[k];
        t = fmax(t, fmax(comp, tail));
    }
    return t;
}

static double best_T(int q, const double *w, const double *C, double r, double f, long N,
                     long mn, long *c, int k, long left)
{
    if (k == q - 1) {
        if (left < mn)
            return INFINITY;
        c[k] = left;
        return units_T(q, w, C, r, f, N, c);
    }
    double b = INFINITY;
    for (long x = mn; x <= left; x++) {
        c[k] = x;
        b = fmin(b, best_T(q, w, C, r, f, N, mn, c, k + 1, left - x));
    }
    return b;
}

/* the least max computation max_k c_k w_k / N over the allocations (>= mn
 * each, sum N) whose max cost is at most t */
static double best_comp(int q, const double *w, const double *C, double r, double f, long N,
                        long mn, double t, long *c, int k, long left)
{
    if (k == q - 1) {
        if (left < mn)
            return INFINITY;
        c[k] = left;
        if (units_T(q, w, C, r, f, N, c) > t)
            return INFINITY;
        double m = 0.0;
        for (int j = 0; j < q; j++)
            m = fmax(m, (double)c[j] * w[j] / (double)N);
        return m;
    }
    double b = INFINITY;
    for (long x = mn; x <= left; x++) {
        c[k] = x;
        b = fmin(b, best_comp(q, w, C, r, f, N, mn, t, c, k + 1, left - x));
    }
    return b;
}

START_TEST(test_units)
{
    rm_cost_model m;
    rm_cost_model_init(&m);
    m.dc_dw = 1.0;
    m.overlap = 1;
    m.overlap_boundary = 0.5;
    rm_error err = {RM_OK, ""};
    double w[2] = {1, 1}, C[2] = {0.1, 0.4};
    long c[4];
    ck_assert_int_eq(rm_alloc_columns_model(2, w, C, &m, 10, 0, c, &err), RM_OK);
    ck_assert_msg(c[0] == 6 && c[1] == 4, "%ld %ld", c[0], c[1]); /* alpha (0.6, 0.4) */
    /* the additive model: rm_alloc_columns */
    long c2[4];
    m.overlap = 0;
    m.overlap_boundary = 0;
    ck_assert_int_eq(rm_alloc_columns_model(2, w, C, &m, 10, 1, c, &err), RM_OK);
    ck_assert_int_eq(rm_alloc_columns(2, w, C, 1.0, 10, 1, c2, &err), RM_OK);
    ck_assert(c[0] == c2[0] && c[1] == c2[1]);
    ck_assert_int_eq(rm_alloc_columns_model(2, w, C, NULL, 10, 1, c, &err), RM_EINVAL);
    /* under the communication floor, hand-solved: 3 equal hosts, C = (0.5, 1,
       1), D_c/D_w 1, one boundary column of 9: cost_k(c) = max(c/9, C_k +
       min(1, c)/9); the optimum T* = 10/9 is the floor of positions 1 and 2,
       which the greedy alone reaches with (7, 1, 1) (position 0's units are
       worth at most 1 < 10/9); of the allocations at T*, (3, 3, 3) computes
       least */
    {
        double w3[3] = {1, 1, 1}, C3[3] = {0.5, 1, 1};
        rm_cost_model m3;
        rm_cost_model_init(&m3);
        m3.dc_dw = 1.0;
        m3.overlap = 1;
        m3.overlap_boundary_dw = 1.0 / 9.0;
        long c3[3];
        ck_assert_int_eq(rm_alloc_columns_model(3, w3, C3, &m3, 9, 1, c3, &err), RM_OK);
        ck_assert_msg(c3[0] == 3 && c3[1] == 3 && c3[2] == 3, "%ld %ld %ld", c3[0], c3[1], c3[2]);
    }
    m.overlap_boundary = 2.0;
    m.overlap = 1;
    ck_assert_int_eq(rm_alloc_columns_model(2, w, C, &m, 10, 1, c, &err), RM_EINPUT);
    /* random small instances: the greedy reaches the least max */
    unsigned long long s = 0x2626;
    for (int it = 0; it < 400; it++) {
        int q = rmt_rndint(&s, 1, 4);
        long N = rmt_rndint(&s, q, 12), mn = rmt_rndint(&s, 0, 1);
        double ww[4], CC[4], r = rmt_rnd(&s), f = it % 2 ? rmt_rnd(&s) : 0.0;
        for (int k = 0; k < q; k++)
            ww[k] = 0.2 + 2 * rmt_rnd(&s), CC[k] = rmt_rnd(&s);
        /* every third instance: the absolute boundary, K of the N columns */
        units_beta = it % 3 == 2 ? (double)rmt_rndint(&s, 1, N < 3 ? (int)N : 3) / (double)N : 0.0;
        if (units_beta > 0.0)
            f = 0.0;
        m.dc_dw = r;
        m.overlap_boundary = f;
        m.overlap_boundary_dw = units_beta;
        ck_assert_int_eq(rm_alloc_columns_model(q, ww, CC, &m, N, mn, c, &err), RM_OK);
        long sum = 0;
        for (int k = 0; k < q; k++) {
            ck_assert(c[k] >= mn);
            sum += c[k];
        }
        ck_assert_int_eq(sum, N);
        double got = units_T(q, ww, CC, r, f, N, c);
        double want = best_T(q, ww, CC, r, f, N, mn, c2, 0, N);
        ck_assert_msg(got <= want * (1 + 1e-12), "it %d: %.17g vs best %.17g", it, got, want);
        /* and of the optimal allocations, one of least max computation */
        double comp = 0.0;
        for (int k = 0; k < q; k++)
            comp = fmax(comp, (double)c[k] * ww[k] / (double)N);
        double cwant = best_comp(q, ww, CC, r, f, N, mn, got, c2, 0, N);
        ck_assert_msg(comp <= cwant * (1 + 1e-12), "it %d: computation %.17g vs least %.17g", it,
                      comp, cwant);
    }
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("overlap");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, test_two_hosts);
    tcase_add_test(tc, test_three_hosts);
    tcase_add_test(tc, test_abs_two_hosts);
    tcase_add_test(tc, test_abs_three_hosts);
    tcase_add_test(tc, test_abs_optimal_random);
    tcase_add_test(tc, test_floor_two_hosts);
    tcase_add_test(tc, test_floor_optimal_random);
    tcase_add_test(tc, test_optimal_random);
    tcase_add_test(tc, test_fig_4_1c);
    tcase_add_test(tc, test_check);
    tcase_add_test(tc, test_ring_eval);
    tcase_add_test(tc, test_units);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return rmt_run_suite(suite());
}
