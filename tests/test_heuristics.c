/*
 * test_heuristics.c — the mapper's heuristic table (rm_heuristic_count,
 * rm_heuristic_at, rm_heuristic_lookup; mapper/heuristics.c): one row per
 * rm_heuristic in the enum's order, one for each named heuristic, exactly
 * the values rm_options_check accepts; its masks are true — an rm_options
 * field whose bit is clear changes nothing in that heuristic's mapping
 * (ring, alphas, T_step, curve, bit for bit) on random platforms where the
 * same change does change the mapping of a heuristic that honours it, and
 * the progress callback is called exactly by the heuristics that honour
 * it; the exact rows' host limits are the ones rm_map enforces (RM_ELIMIT
 * one host beyond, a mapping at the limit) and the ones their summaries
 * state. A new row is checked by all of this without a new line here.
 */
#include "ringmap.h"
#include "support.h"

#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The bits of rm_honours, with their names for the messages. */
static const struct {
    unsigned bit;
    const char *name;
} bits[] = {{RM_HONOURS_SHARING, "sharing"},
            {RM_HONOURS_MAKE_FEASIBLE, "make_feasible"},
            {RM_HONOURS_ROUTING, "routing"},
            {RM_HONOURS_ROUTE_TIES, "route_ties"},
            {RM_HONOURS_SLICE_TIES, "slice_ties"},
            {RM_HONOURS_MAX_Q, "max_q"},
            {RM_HONOURS_FULL_CURVE, "full_curve"},
            {RM_HONOURS_STOP_PATIENCE, "stop_patience"},
            {RM_HONOURS_THREADS, "threads"},
            {RM_HONOURS_PROGRESS, "progress"},
            {RM_HONOURS_LATENCY, "latency"},
            {RM_HONOURS_PARALLEL_SEND, "parallel_send"}};
#define N_BITS ((int)(sizeof bits / sizeof bits[0]))

static void count_progress(void *ctx, int q, int max_q, double t_best)
{
    (void)q, (void)max_q, (void)t_best;
    ++*(int *)ctx;
}

/* o with the field of bit changed from its default to a value that matters
 * on the platforms below (progress: a counting callback on *calls). */
static void vary(rm_options *o, unsigned bit, int *calls)
{
    switch (bit) {
    case RM_HONOURS_SHARING: o->sharing = RM_SHARING_MAXMIN; break;
    case RM_HONOURS_MAKE_FEASIBLE: o->make_feasible = RM_SHARING_EQ5; break;
    case RM_HONOURS_ROUTING: o->routing = RM_ROUTING_DIRECT; break;
    case RM_HONOURS_ROUTE_TIES: o->route_ties = RM_TIES_HOPS; break;
    case RM_HONOURS_SLICE_TIES: o->slice_ties = 1; break;
    case RM_HONOURS_MAX_Q: o->max_q = 2; break;
    case RM_HONOURS_FULL_CURVE: o->full_curve = 1; break;
    case RM_HONOURS_STOP_PATIENCE: o->stop_patience = 1; break;
    case RM_HONOURS_THREADS: o->threads = 1; break;
    case RM_HONOURS_PROGRESS:
        o->progress = count_progress;
        o->progress_ctx = calls;
        break;
    case RM_HONOURS_LATENCY:
        o->cost.latency = 1;
        o->cost.dc = 2.0;
        break;
    case RM_HONOURS_PARALLEL_SEND: o->cost.parallel_send = 1; break;
    default: ck_abort_msg("bit %#x has no variation in this test", bit);
    }
}

static int same_double(double a, double b)
{
    return (isnan(a) && isnan(b)) || memcmp(&a, &b, sizeof a) == 0;
}

/* a and b the same mapping: status, ring, alphas, T_step, estimate and the
 * curve per ring size, bit for bit */
static int same_mapping(rm_status sa, const rm_mapping *a, rm_status sb, const rm_mapping *b)
{
    if (sa != sb)
        return 0;
    if (sa != RM_OK)
        return 1;
    if (a->q != b->q || !same_double(a->t_step_per_dw, b->t_step_per_dw) ||
        !same_double(a->t_step_per_dw_unshared, b->t_step_per_dw_unshared) ||
        a->n_sweep != b->n_sweep)
        return 0;
    for (int k = 0; k < a->q; k++)
        if (a->ring[k] != b->ring[k] || !same_double(a->alpha[k], b->alpha[k]))
            return 0;
    for (int k = 0; k < a->n_sweep; k++)
        if (!same_double(a->sweep_t[k], b->sweep_t[k]))
            return 0;
    return 1;
}

/* A random connected platform of 6 hosts (w in {1, 2, 3} s/Mflop) and 3
 * routers: a random tree plus 4 links, bandwidths in {10, 20, 40} Mb/s (so
 * that equally wide routes exist), latencies in [0, 0.05) s. */
static rm_platform *random_platform(unsigned long long *s)
{
    enum { H = 6, N = 9, L = N - 1 + 4 };
    double w[H], b[L], lat[L];
    int lu[L], lv[L];
    for (int i = 0; i < H; i++)
        w[i] = rmt_rndint(s, 1, 3);
    for (int l = 0; l < L; l++) {
        if (l < N - 1) {
            lu[l] = l + 1;
            lv[l] = rmt_rndint(s, 0, l);
        } else {
            lu[l] = rmt_rndint(s, 0, N - 1);
            do
                lv[l] = rmt_rndint(s, 0, N - 1);
            while (lv[l] == lu[l]);
        }
        b[l] = 10.0 * (1 << rmt_rndint(s, 0, 2));
        lat[l] = 0.05 * rmt_rnd(s);
    }
    return rmt_build("random", N, H, w, L, lu, lv, b, lat, NULL);
}

/* ------------------------------------------------------------ tests */

START_TEST(test_rows)
{
    /* a row for each named heuristic (output/names.c), at least the paper's
       two and the two exact baselines */
    int n = rm_heuristic_count(), named;
    const rm_enum_entry *names = rm_enum_entries(RM_ENUM_HEURISTIC, &named);
    ck_assert_int_ge(n, 4);
    ck_assert_int_eq(n, named);
    for (int k = 0; k < named; k++)
        ck_assert_msg(rm_heuristic_lookup((rm_heuristic)names[k].value), "'%s' has no row",
                      names[k].name);
    ck_assert_ptr_null(rm_heuristic_at(-1));
    ck_assert_ptr_null(rm_heuristic_at(n));
    for (int i = 0; i < n; i++) {
        const rm_heuristic_info *h = rm_heuristic_at(i);
        ck_assert_ptr_nonnull(h);
        ck_assert_int_eq((int)h->id, i); /* the order of rm_heuristic */
        ck_assert_ptr_eq(rm_heuristic_lookup(h->id), h);
        ck_assert_msg(h->title && *h->title && h->source && *h->source, "row %d: title, source", i);
        ck_assert_msg(h->kind == RM_HEUR_KIND_GREEDY || h->kind == RM_HEUR_KIND_EXACT, "row %d: kind",
                      i);
        ck_assert_msg((h->kind == RM_HEUR_KIND_EXACT) == (h->max_hosts > 0),
                      "%s: an exact row and only it has a host limit", h->title);
        /* the summary: lines of at most 55 characters, no final period */
        size_t len = strlen(h->summary);
        ck_assert_msg(len > 0 && h->summary[len - 1] != '.', "%s: summary", h->title);
        for (const char *line = h->summary; line;) {
            const char *nl = strchr(line, '\n');
            size_t ll = nl ? (size_t)(nl - line) : strlen(line);
            ck_assert_msg(ll > 0 && ll <= 55, "%s: a summary line of %zu characters", h->title, ll);
            line = nl ? nl + 1 : NULL;
        }
        if (h->max_hosts > 0) { /* the limit the summary states */
            char at_most[64];
            snprintf(at_most, sizeof at_most, "at most %d hosts", h->max_hosts);
            ck_assert_msg(strstr(h->summary, at_most), "%s: summary without '%s'", h->title,
                          at_most);
        }
    }
    /* rm_options_check accepts exactly the table's heuristics */
    for (int v = -3; v < n + 3; v++) {
        rm_options o;
        rm_options_init(&o);
        o.heuristic = (rm_heuristic)v;
        rm_error err = {RM_OK, ""};
        ck_assert_msg((rm_options_check(&o, &err) == RM_OK) == (rm_heuristic_lookup(o.heuristic) != NULL),
                      "heuristic %d: rm_options_check and the table disagree", v);
    }
}
END_TEST

START_TEST(test_masks)
{
    unsigned long long s = 20240521ULL;
    int n = rm_heuristic_count();
    int matters[N_BITS] = {0}; /* a heuristic honouring the bit changed its mapping */
    for (int plat = 0; plat < 12; plat++) {
        rm_platform *p = random_platform(&s);
        for (int r = 0; r < 3; r++) {
            rm_options base;
            rm_options_init(&base);
            base.improve = 0, base.slice_ties = 0; /* the heuristics alone: their masks */
            base.cost.dc_dw = (double[]){0.02, 0.4, 5.0}[r];
            for (int i = 0; i < n; i++) {
                const rm_heuristic_info *h = rm_heuristic_at(i);
                base.heuristic = h->id;
                rm_error err = {RM_OK, ""};
                rm_mapping *m0 = NULL;
                rm_status s0 = rm_map(p, &base, &m0, &err);
                ck_assert_msg(s0 == RM_OK, "%s: %s", h->title, err.msg);
                for (int k = 0; k < N_BITS; k++) {
                    rm_options o = base;
                    int calls = 0;
                    vary(&o, bits[k].bit, &calls);
                    rm_mapping *m = NULL;
                    rm_status st = rm_map(p, &o, &m, &err);
                    int honours = (h->honours & bits[k].bit) != 0;
                    if (bits[k].bit == RM_HONOURS_PROGRESS)
                        ck_assert_msg((calls > 0) == honours,
                                      "%s: progress called %d times, honours %d", h->title, calls,
                                      honours);
                    if (!honours)
                        ck_assert_msg(same_mapping(s0, m0, st, m),
                                      "%s ignores %s by its mask, but its mapping changed "
                                      "(platform %d, D_c/D_w %g)",
                                      h->title, bits[k].name, plat, base.cost.dc_dw);
                    else if (!same_mapping(s0, m0, st, m))
                        matters[k] = 1;
                    rm_mapping_free(m);
                }
                rm_mapping_free(m0);
            }
        }
        rm_platform_free(p);
    }
    /* each bit some row clears was seen to matter where it is honoured, so
       that the checks above can fail (threads never changes a mapping, by
       design; progress was checked by its calls) */
    for (int k = 0; k < N_BITS; k++) {
        int cleared = 0;
        for (int i = 0; i < n; i++)
            cleared |= !(rm_heuristic_at(i)->honours & bits[k].bit);
        if (cleared && bits[k].bit != RM_HONOURS_THREADS && bits[k].bit != RM_HONOURS_PROGRESS)
            ck_assert_msg(matters[k], "%s never changed a mapping: the platforms do not test it",
                          bits[k].name);
    }
}
END_TEST

START_TEST(test_limits)
{
    for (int i = 0; i < rm_heuristic_count(); i++) {
        const rm_heuristic_info *h = rm_heuristic_at(i);
        if (!h->max_hosts)
            continue;
        for (int extra = 0; extra <= 1; extra++) {
            /* a star of max_hosts (+ 1) hosts around one router */
            int H = h->max_hosts + extra;
            double *w = malloc((size_t)H * sizeof *w), *b = malloc((size_t)H * sizeof *b);
            int *lu = malloc((size_t)H * sizeof *lu), *lv = malloc((size_t)H * sizeof *lv);
            ck_assert(w && b && lu && lv);
            for (int k = 0; k < H; k++) {
                w[k] = 1.0 + k % 3;
                b[k] = 10.0 * (1 + k % 2);
                lu[k] = k;
                lv[k] = H;
            }
            rm_platform *p = rmt_build("star", H + 1, H, w, H, lu, lv, b, NULL, NULL);
            rm_options o;
            rm_options_init(&o);
            o.improve = 0, o.slice_ties = 0; /* the heuristic alone */
            o.heuristic = h->id;
            o.max_q = 3; /* the limit is on the platform's hosts, not on the ring */
            rm_error err = {RM_OK, ""};
            rm_mapping *m = NULL;
            rm_status st = rm_map(p, &o, &m, &err);
            if (extra) {
                ck_assert_msg(st == RM_ELIMIT && !m, "%s on %d hosts: status %d", h->title, H, st);
                char lim[32];
                snprintf(lim, sizeof lim, "%d hosts", h->max_hosts);
                ck_assert_msg(strstr(err.msg, lim), "%s: message '%s' without '%s'", h->title,
                              err.msg, lim);
            } else {
                ck_assert_msg(st == RM_OK, "%s on %d hosts: %s", h->title, H, err.msg);
                ck_assert_int_eq((int)m->heuristic, (int)h->id);
            }
            rm_mapping_free(m);
            rm_platform_free(p);
            free(w);
            free(b);
            free(lu);
            free(lv);
        }
    }
}
END_TEST

int main(void)
{
    Suite *s = suite_create("heuristics");
    TCase *tc = tcase_create("table");
    tcase_set_timeout(tc, 300);
    tcase_add_test(tc, test_rows);
    tcase_add_test(tc, test_masks);
    tcase_add_test(tc, test_limits);
    suite_add_tcase(s, tc);
    return rmt_run_suite(s);
}
