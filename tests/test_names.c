/*
 * test_names.c — the one table of the enums' names (output/names.c,
 * rm_enum_name / rm_enum_from_name / rm_enum_entries): every value of each
 * enum has one name, in the order of the values, the names are distinct
 * within an enum and round-trip; unknown names and NULL arguments are
 * refused; the spelling is the JSON's and the CLI's of today (the names
 * below are the stable interface of docs/cli.md); the mapping JSON, its
 * reader and the heuristic table agree with it.
 */
#define _POSIX_C_SOURCE 200809L
#include "ringmap.h"

#include "support.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Each kind with the names of its values 0, 1, 2, ... (the enums have no
 * gaps), as docs/cli.md spells them. */
static const struct {
    rm_enum_kind kind;
    int n;
    const char *names[8];
} expected[] = {
    {RM_ENUM_HEURISTIC, 5, {"shared", "slice", "exact", "slice-exact", "both"}},
    {RM_ENUM_SHARING, 3, {"greedy", "maxmin", "eq5"}},
    {RM_ENUM_FINAL_SOLVER, 3, {"none", "kinsol", "glpk"}},
    {RM_ENUM_ROUTING, 4, {"widest", "direct", "fixed", "auto"}},
    {RM_ENUM_DUPLEX, 2, {"half", "full"}},
    {RM_ENUM_ROUTE_TIES, 6, {"index", "hops", "load", "bottleneck2", "share", "best"}},
    {RM_ENUM_IMPROVE_STOP, 5,
     {"not_run", "local_optimum", "move_limit", "time_budget", "evaluation_limit"}},
    {RM_ENUM_SHARE_METHOD, RM_N_SHARE_METHODS, {"own", "maxmin", "eq5", "kinsol", "glpk"}},
    {RM_ENUM_NETWORK, 2, {"reserved", "fair"}},
    {RM_ENUM_ALPHA_RULE, 3, {"best", "speed", "additive"}},
    {RM_ENUM_STEP, 5, {"heuristic", "search", "final_solver", "fluid_check", "simulated_pick"}},
    {RM_ENUM_FINAL_OUTCOME, 4, {"not_run", "improved", "no_gain", "failed"}},
    {RM_ENUM_SYMMETRIC, 5, {"auto", "none", "max", "mean", "min"}},
    {RM_ENUM_JUDGE, 4, {"not_run", "simulated", "over_budget", "refused"}},
};
#define N_KINDS ((int)(sizeof expected / sizeof expected[0]))

START_TEST(test_table)
{
    for (int k = 0; k < N_KINDS; k++) {
        int n = -1;
        const rm_enum_entry *e = rm_enum_entries(expected[k].kind, &n);
        ck_assert_ptr_nonnull(e);
        ck_assert_int_eq(n, expected[k].n);
        for (int i = 0; i < n; i++) {
            ck_assert_int_eq(e[i].value, i); /* in the order of the values */
            ck_assert_str_eq(e[i].name, expected[k].names[i]);
            ck_assert_str_eq(rm_enum_name(expected[k].kind, i), expected[k].names[i]);
            int v = -7;
            ck_assert_int_eq(rm_enum_from_name(expected[k].kind, e[i].name, &v), RM_OK);
            ck_assert_int_eq(v, i);
            for (int j = 0; j < i; j++)
                ck_assert_str_ne(e[i].name, e[j].name);
        }
        /* beyond the values, and names that are not there */
        ck_assert_ptr_null(rm_enum_name(expected[k].kind, n));
        ck_assert_ptr_null(rm_enum_name(expected[k].kind, -1));
        int v = -7;
        ck_assert_int_eq(rm_enum_from_name(expected[k].kind, "nonesuch", &v), RM_EINPUT);
        ck_assert_int_eq(rm_enum_from_name(expected[k].kind, "", &v), RM_EINPUT);
        char upper[32];
        snprintf(upper, sizeof upper, "%s", expected[k].names[0]);
        upper[0] = (char)(upper[0] - 'a' + 'A');
        ck_assert_int_eq(rm_enum_from_name(expected[k].kind, upper, &v), RM_EINPUT);
        ck_assert_int_eq(v, -7); /* unchanged */
        ck_assert_int_eq(rm_enum_from_name(expected[k].kind, NULL, &v), RM_EINVAL);
        ck_assert_int_eq(rm_enum_from_name(expected[k].kind, "half", NULL), RM_EINVAL);
    }
    int n = 5;
    ck_assert_ptr_null(rm_enum_entries((rm_enum_kind)N_KINDS, &n));
    ck_assert_int_eq(n, 0);
    ck_assert_ptr_null(rm_enum_entries((rm_enum_kind)-1, NULL));
    ck_assert_ptr_null(rm_enum_name((rm_enum_kind)N_KINDS, 0));
    int v;
    ck_assert_int_eq(rm_enum_from_name((rm_enum_kind)N_KINDS, "half", &v), RM_EINVAL);
}
END_TEST

/* Every heuristic of the mapper's table has a name, and the names are those
 * of rm_heuristic's values. */
START_TEST(test_heuristics_named)
{
    int n;
    rm_enum_entries(RM_ENUM_HEURISTIC, &n);
    ck_assert_int_eq(n, rm_heuristic_count());
    for (int i = 0; i < rm_heuristic_count(); i++)
        ck_assert_ptr_nonnull(rm_enum_name(RM_ENUM_HEURISTIC, (int)rm_heuristic_at(i)->id));
}
END_TEST

/* The JSON writer spells params with the table, and the reader finds the
 * "shared" mapping of a --heuristic both document by it. */
START_TEST(test_json_uses_the_table)
{
    rm_platform *p = rmt_star3();
    rm_network net;
    rm_error err;
    ck_assert_int_eq(rm_network_init(&net, p, RM_DUPLEX_FULL, &err), RM_OK);
    rm_options opt;
    rm_options_init_paper(&opt);
    opt.duplex = RM_DUPLEX_FULL;
    opt.heuristic = RM_HEUR_SLICE;
    opt.make_feasible = RM_SHARING_EQ5;
    opt.final_solver = RM_FINAL_GLPK;
    opt.route_ties = RM_TIES_BOTTLENECK2;
    rm_mapping *m = NULL, *s = NULL;
    ck_assert_msg(rm_map_network(&net, &opt, &m, &err) == RM_OK, "%s", err.msg);
    opt.heuristic = RM_HEUR_SHARED;
    ck_assert_msg(rm_map_network(&net, &opt, &s, &err) == RM_OK, "%s", err.msg);
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    ck_assert_ptr_nonnull(f);
    ck_assert_int_eq(rm_mapping_write_json(f, &net, &opt, m, &err), RM_OK);
    fclose(f);
    char want[128];
    const struct {
        const char *key;
        rm_enum_kind kind;
        int value;
    } fields[] = {{"heuristic", RM_ENUM_HEURISTIC, RM_HEUR_SLICE},
                  {"make_feasible", RM_ENUM_SHARING, RM_SHARING_EQ5},
                  {"final_solver", RM_ENUM_FINAL_SOLVER, RM_FINAL_GLPK},
                  {"duplex", RM_ENUM_DUPLEX, RM_DUPLEX_FULL},
                  {"routing", RM_ENUM_ROUTING, RM_ROUTING_WIDEST},
                  {"route_ties", RM_ENUM_ROUTE_TIES, RM_TIES_BOTTLENECK2}};
    for (size_t i = 0; i < sizeof fields / sizeof fields[0]; i++) {
        snprintf(want, sizeof want, "\"%s\": \"%s\"", fields[i].key,
                 rm_enum_name(fields[i].kind, fields[i].value));
        ck_assert_msg(strstr(buf, want), "no %s in %s", want, buf);
    }
    free(buf);
    /* the both document: its shared mapping read back by its name */
    rm_json_extras x;
    rm_json_extras_init(&x);
    x.both_slice = m;
    buf = NULL;
    f = open_memstream(&buf, &len);
    ck_assert_int_eq(rm_mapping_write_json_extras(f, &net, &opt, s, &x, &err), RM_OK);
    fclose(f);
    snprintf(want, sizeof want, "\"%s\": {", rm_enum_name(RM_ENUM_HEURISTIC, RM_HEUR_SHARED));
    ck_assert_ptr_nonnull(strstr(buf, want));
    rm_mapping_doc *d = NULL;
    ck_assert_msg(rm_mapping_parse_json(buf, len, "<both>", &d, &err) == RM_OK, "%s", err.msg);
    ck_assert_int_eq(d->from_both, 1);
    ck_assert_int_eq(d->q, s->q);
    rm_mapping_doc_free(d);
    free(buf);
    rm_mapping_free(m);
    rm_mapping_free(s);
    rm_network_destroy(&net);
    rm_platform_free(p);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("names");
    TCase *tc = tcase_create("names");
    tcase_add_test(tc, test_table);
    tcase_add_test(tc, test_heuristics_named);
    tcase_add_test(tc, test_json_uses_the_table);
    suite_add_tcase(s, tc);
    return rmt_run_suite(s);
}
