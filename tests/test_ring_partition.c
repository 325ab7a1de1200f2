/*
 * test_ring_partition.c — a partition of the user's graph that keeps the
 * ring (include/ringmap/partition.h): the METIS graph reader (strict, the
 * line named), the partition's sizes (the units scaled to the graph's
 * weight), its adjacency (part k touches only k-1 and k+1: Legrand et al.
 * 2004 §2, a processor exchanges with its ring neighbours only), the cut and
 * halo per ring edge, and the contacts it reports where the graph does not
 * allow better.
 */
#include "ringmap.h"

#include "support.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static rm_graph *parse(const char *text)
{
    rm_graph *g = NULL;
    rm_error err;
    ck_assert_msg(rm_graph_parse_metis(text, strlen(text), "t", &g, &err) == RM_OK, "%s", err.msg);
    return g;
}

/* An nx x ny grid as METIS text (caller frees). */
static char *grid_text(int nx, int ny)
{
    size_t cap = (size_t)nx * ny * 32 + 64, len = 0;
    char *s = malloc(cap);
    ck_assert_ptr_nonnull(s);
    len += (size_t)snprintf(s, cap, "%d %d\n", nx * ny, (nx - 1) * ny + nx * (ny - 1));
    for (int i = 0; i < nx; i++)
        for (int j = 0; j < ny; j++) {
            int u = i * ny + j + 1;
            if (i > 0)
                len += (size_t)snprintf(s + len, cap - len, "%d ", u - ny);
            if (j > 0)
                len += (size_t)snprintf(s + len, cap - len, "%d ", u - 1);
            if (j < ny - 1)
                len += (size_t)snprintf(s + len, cap - len, "%d ", u + 1);
            if (i < nx - 1)
                len += (size_t)snprintf(s + len, cap - len, "%d ", u + ny);
            len += (size_t)snprintf(s + len, cap - len, "\n");
        }
    return s;
}

START_TEST(reader_strict)
{
    struct {
        const char *text, *msg;
    } bad[] = {
        {"3\n2\n1 3\n2\n", "t:1: header"},
        {"3 2\n2\n1 4\n2\n", "t:3: neighbour 4 of vertex 2 is not a vertex (1..3)"},
        {"2 1\n1\n1\n", "t:2: vertex 1 lists itself"},
        {"3 2\n2\n1 3\n1\n", "t:3: vertex 2 lists neighbour 3, but vertex 3 (line 4) does not list 2"},
        {"3 1\n2\n1\n", "the file has 2 vertex lines"},
        {"2 1 1\n2 5\n1 3\n", "edge 1-2 has weight 5 here and 3"},
        {"2 1 10 3\n1 2\n1 1\n", "ncon = 3"},
        {"2 1 10\n-1 2\n1 1\n", "t:2: vertex weight -1"},
        {"2 1 1\n2 0\n1 0\n", "t:2: edge weight 0"},
        {"2 1\n2\n1\nx\n", "t:4: more vertex lines"},
        {"1000000 1\n", "cannot fit"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        rm_graph *g = NULL;
        rm_error err;
        ck_assert_int_eq(rm_graph_parse_metis(bad[i].text, strlen(bad[i].text), "t", &g, &err),
                         RM_EINPUT);
        ck_assert_ptr_null(g);
        ck_assert_msg(strstr(err.msg, bad[i].msg), "case %zu: '%s' lacks '%s'", i, err.msg,
                      bad[i].msg);
    }
    /* comments, a byte order mark, CRLF, weights, an isolated vertex, trailing blank lines */
    rm_graph *g = parse("\xEF\xBB\xBF%% c\r\n4 2 11\r\n3 2 4\r\n1 1 4 3 2\r\n1 2 2\r\n7\r\n\r\n\r\n");
    ck_assert_int_eq(g->n, 4);
    ck_assert_int_eq(g->m, 2);
    ck_assert_int_eq(g->vwgt[0], 3);
    ck_assert_int_eq(g->vwgt[3], 7);
    ck_assert_int_eq(g->xadj[4] - g->xadj[3], 0);
    ck_assert_int_eq(g->adjwgt[g->xadj[1] + 1], 2);
    rm_graph_free(g);
}
END_TEST

/* No edge joins parts that are not ring neighbours. */
static int contacts(const rm_graph *g, const rm_ring_partition *r)
{
    int bad = 0;
    for (long u = 0; u < g->n; u++)
        for (long i = g->xadj[u]; i < g->xadj[u + 1]; i++) {
            int a = r->part[u], b = r->part[g->adjncy[i]];
            int d = a > b ? a - b : b - a;
            bad += d > 1 && d < r->q - 1;
        }
    return bad;
}

START_TEST(grid_keeps_the_ring)
{
    char *t = grid_text(30, 20);
    rm_graph *g = parse(t);
    free(t);
    long units[5] = {300, 100, 50, 250, 300}; /* sum 1000, scaled to 600 vertices */
    rm_ring_partition *r = NULL;
    rm_error err;
    ck_assert_msg(rm_ring_partition_compute(g, 5, units, RM_RING_ORDER_AUTO, &r, &err) == RM_OK,
                  "%s", err.msg);
    ck_assert_int_eq(r->order, RM_RING_ORDER_LEVELS);
    long want[5] = {180, 60, 30, 150, 180};
    for (int k = 0; k < 5; k++) {
        ck_assert_int_eq(r->target[k], want[k]);
        ck_assert_int_eq(r->size[k], want[k]);
    }
    ck_assert_int_eq(r->n_contacts, 0);
    ck_assert_int_eq(contacts(g, r), 0);
    int zero_edges = 0;
    for (int k = 0; k < 5; k++) {
        zero_edges += r->cut[k] == 0;
        ck_assert_int_eq(r->cut[k] == 0, r->halo[k] == 0);
        ck_assert_int_ge(r->halo[k], r->cut[k] > 0 ? 2 : 0); /* both sides of the cut */
    }
    ck_assert_int_eq(zero_edges, 1); /* the edge closing the linear order */
    rm_ring_partition_free(r);
    /* slabs along the widest axis (x: 30 > 20) */
    g->dim = 2;
    g->xyz = malloc(sizeof(double) * 2 * (size_t)g->n);
    for (long v = 0; v < g->n; v++) {
        g->xyz[2 * v] = (double)(v / 20);
        g->xyz[2 * v + 1] = (double)(v % 20);
    }
    long eq[3] = {1, 1, 1};
    ck_assert_int_eq(rm_ring_partition_compute(g, 3, eq, RM_RING_ORDER_SLABS, &r, &err), RM_OK);
    for (long v = 0; v < g->n; v++)
        ck_assert_int_eq(r->part[v], (int)(v / 200)); /* x < 10, < 20, < 30 */
    ck_assert_int_eq(r->cut[0], 20);
    ck_assert_int_eq(r->halo[0], 40);
    ck_assert_int_eq(r->cut[2], 0);
    rm_ring_partition_free(r);
    rm_graph_free(g);
}
END_TEST

START_TEST(cycle_start_and_contacts)
{
    /* a path of 6 and a 0-unit part: plain order 0,1,2,3 makes parts 0 and 2
       touch; starting after the empty part avoids it */
    rm_graph *g = parse("6 5\n2\n1 3\n2 4\n3 5\n4 6\n5\n");
    long u[4] = {2, 0, 2, 2};
    rm_ring_partition *r = NULL;
    rm_error err;
    ck_assert_int_eq(rm_ring_partition_compute(g, 4, u, RM_RING_ORDER_LEVELS, &r, &err), RM_OK);
    ck_assert_int_eq(r->n_contacts, 0);
    ck_assert_int_eq(contacts(g, r), 0);
    ck_assert_int_eq(r->size[1], 0);
    rm_ring_partition_free(r);
    rm_graph_free(g);
    /* a star: the centre's part touches every other: contacts reported */
    g = parse("7 6\n2 3 4 5 6 7\n1\n1\n1\n1\n1\n1\n");
    long e[6] = {1, 1, 1, 1, 1, 2};
    ck_assert_int_eq(rm_ring_partition_compute(g, 6, e, RM_RING_ORDER_LEVELS, &r, &err), RM_OK);
    ck_assert_int_gt(r->n_contacts, 0);
    ck_assert_int_eq(r->n_contacts * 2 > 0, contacts(g, r) > 0);
    for (int i = 0; i < r->n_contacts; i++) {
        int a = r->contact[2 * i], b = r->contact[2 * i + 1];
        ck_assert_int_lt(a, b);
        ck_assert(b - a > 1 && b - a < 5);
        ck_assert_int_ge(r->contact_cut[i], 1);
    }
    rm_ring_partition_free(r);
    /* errors */
    long z[2] = {0, 0}, neg[2] = {1, -1};
    ck_assert_int_eq(rm_ring_partition_compute(g, 2, z, RM_RING_ORDER_LEVELS, &r, &err), RM_EINPUT);
    ck_assert_int_eq(rm_ring_partition_compute(g, 2, neg, RM_RING_ORDER_LEVELS, &r, &err), RM_EINPUT);
    ck_assert_int_eq(rm_ring_partition_compute(g, 0, e, RM_RING_ORDER_LEVELS, &r, &err), RM_EINPUT);
    ck_assert_int_eq(rm_ring_partition_compute(g, 2, e, RM_RING_ORDER_SLABS, &r, &err), RM_EINPUT);
    ck_assert_ptr_nonnull(strstr(err.msg, "coordinates"));
    ck_assert_ptr_null(r);
    rm_graph_free(g);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("ring_partition");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, reader_strict);
    tcase_add_test(tc, grid_keeps_the_ring);
    tcase_add_test(tc, cycle_start_and_contacts);
    suite_add_tcase(s, tc);
    return rmt_run_suite(s);
}
