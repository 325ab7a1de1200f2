/*
 * test_mapping_json.c — the one reader of the mapping JSON,
 * rm_mapping_read_json (include/ringmap/mapping_json.h; strict: no silent
 * wrong reading):
 *  - the table tests/data/badmap/MANIFEST.tsv: each hostile file gives
 *    RM_EINPUT, no document, and a message naming the file and the element;
 *    the valid ones are read with the values `ringmap --json` wrote;
 *  - round trip: every shipped test platform mapped (SharedRing and
 *    SliceRing), written by rm_mapping_write_json, read back: same ring
 *    (GML ids), w, alpha, routes (nodes, links) and bandwidths, bit for bit
 *    (17 significant digits), and the cost model (dc_dw, dc, latency,
 *    parallel_send) with and without latency and parallel sends;
 *  - the special files of class 2 (directory, FIFO, /dev/zero) refused at
 *    once, and NULL arguments give RM_EINVAL.
 */
#define _POSIX_C_SOURCE 200809L
#include "ringmap.h"

#include "support.h"

#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define BADMAP RM_SOURCE_DIR "/tests/data/badmap/"

START_TEST(test_table)
{
    FILE *f = fopen(BADMAP "MANIFEST.tsv", "r");
    ck_assert_ptr_nonnull(f);
    char line[1024];
    int n = 0, n_bad = 0;
    while (fgets(line, sizeof line, f)) {
        line[strcspn(line, "\r\n")] = '\0';
        if (line[0] == '#' || !line[0])
            continue;
        char *t1 = strchr(line, '\t'), *t2 = t1 ? strchr(t1 + 1, '\t') : NULL;
        ck_assert_msg(t1 && t2, "MANIFEST.tsv: 3 tab-separated fields expected: %s", line);
        *t1 = *t2 = '\0';
        char path[2048];
        snprintf(path, sizeof path, BADMAP "%s", line);
        rm_mapping_doc *d = (rm_mapping_doc *)1;
        rm_error err = {RM_OK, ""};
        rm_status st = rm_mapping_read_json(path, &d, &err);
        n++;
        if (strcmp(t1 + 1, "OK") == 0) {
            ck_assert_msg(st == RM_OK, "%s: refused: %s", line, err.msg);
            ck_assert_int_ge(d->q, 1);
            rm_mapping_doc_free(d);
            continue;
        }
        n_bad++;
        ck_assert_msg(st == RM_EINPUT, "%s: status %d, expected RM_EINPUT (msg '%s')", line, st,
                      err.msg);
        ck_assert_ptr_null(d);
        ck_assert_msg(strstr(err.msg, line), "%s: message does not name the file: %s", line,
                      err.msg);
        ck_assert_msg(strstr(err.msg, t2 + 1), "%s: message lacks '%s': %s", line, t2 + 1,
                      err.msg);
    }
    fclose(f);
    ck_assert_int_ge(n_bad, 30);
    printf("mapping JSON table: %d files, %d refused\n", n, n_bad);
}
END_TEST

/* The values of ok_star3.json (ringmap star3.gml --dc-dw 0.01 --json). */
START_TEST(test_values)
{
    rm_mapping_doc *d = NULL;
    rm_error err = {RM_OK, ""};
    ck_assert_int_eq(rm_mapping_read_json(BADMAP "ok_star3.json", &d, &err), RM_OK);
    ck_assert_int_eq(d->q, 3);
    ck_assert_int_eq(d->from_both, 0);
    ck_assert(d->cost.dc_dw == 0.01);
    long nodes[3] = {0, 2, 1};
    for (int k = 0; k < 3; k++) {
        ck_assert_int_eq(d->ring[k].node, nodes[k]);
        ck_assert_int_eq(d->ring[k].succ.n_links, 2);
        ck_assert_int_eq(d->ring[k].succ.nodes[0], nodes[k]);
        ck_assert_int_eq(d->ring[k].succ.nodes[2], nodes[(k + 1) % 3]);
        ck_assert_int_eq(d->ring[k].pred.nodes[2], nodes[(k + 2) % 3]);
    }
    ck_assert_str_eq(d->ring[1].label, "P2");
    ck_assert(d->ring[1].w == 2);
    ck_assert(d->ring[0].pred.bandwidth == 2.5);
    ck_assert(d->columns == NULL); /* written only with --cols */
    rm_mapping_doc_free(d);
    /* the run's whole columns (ring[].columns, ringmap --cols) */
    ck_assert_int_eq(rm_mapping_read_json(BADMAP "ok_columns.json", &d, &err), RM_OK);
    ck_assert(d->columns && d->columns[0] == 3 && d->columns[1] == 2 && d->columns[2] == 4);
    rm_mapping_doc_free(d);
    ck_assert_int_eq(rm_mapping_read_json(BADMAP "ok_both.json", &d, &err), RM_OK);
    ck_assert_int_eq(d->from_both, 1);
    ck_assert_int_eq(d->q, 3);
    rm_mapping_doc_free(d);
    ck_assert_int_eq(rm_mapping_read_json(BADMAP "ok_q1.json", &d, &err), RM_OK);
    ck_assert_int_eq(d->q, 1);
    ck_assert(isinf(d->ring[0].succ.bandwidth) && d->ring[0].succ.n_links == 0);
    ck_assert(isnan(d->cost.dc_dw) && isnan(d->t_step_per_dw));
    rm_mapping_doc_free(d);
}
END_TEST

/* write -> read: the document is the mapping, bit for bit. */
static void round_trip(const char *plat, rm_heuristic h, double dc_dw, int latency, int parallel)
{
    rm_platform *p = NULL;
    rm_error err = {RM_OK, ""};
    ck_assert_msg(rm_platform_read(plat, NULL, &p, &err) == RM_OK, "%s", err.msg);
    rm_network net;
    ck_assert_int_eq(rm_network_init(&net, p, RM_DUPLEX_HALF, &err), RM_OK);
    rm_options o;
    rm_options_init(&o);
    o.heuristic = h;
    o.cost.dc_dw = dc_dw;
    o.cost.latency = latency;
    o.cost.dc = latency ? 0.5 : 0.0;
    o.cost.parallel_send = parallel;
    o.max_q = 8;
    rm_mapping *m = NULL;
    ck_assert_msg(rm_map_network(&net, &o, &m, &err) == RM_OK, "%s", err.msg);
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    ck_assert_int_eq(rm_mapping_write_json(f, &net, &o, m, &err), RM_OK);
    fclose(f);
    rm_mapping_doc *d = NULL;
    ck_assert_msg(rm_mapping_parse_json(buf, len, plat, &d, &err) == RM_OK, "%s: %s", plat,
                  err.msg);
    ck_assert_int_eq(d->q, m->q);
    ck_assert(d->cost.dc_dw == dc_dw);
    /* the cost model comes back whole (params.dc only with the latency model) */
    ck_assert(d->cost.dc == m->cost.dc && d->cost.dc == (latency ? 0.5 : 0.0));
    ck_assert_int_eq(d->cost.latency, latency);
    ck_assert_int_eq(d->cost.parallel_send, parallel);
    ck_assert_int_eq(m->cost.latency, latency);
    ck_assert_int_eq(m->cost.parallel_send, parallel);
    /* the printed valuation: the one-step fluid one under fair + latency */
    ck_assert(d->t_step_per_dw == rm_mapping_tstep_printed(m));
    ck_assert((d->host_cost_dynamic != NULL) == (m->c_dynamic != NULL));
    for (int k = 0; m->c_dynamic && k < m->q; k++)
        ck_assert(d->host_cost_dynamic[k] == m->c_dynamic[k]);
    for (int k = 0; k < m->q; k++) {
        const rm_node *nd = &p->nodes[m->ring[k]];
        ck_assert_int_eq(d->ring[k].node, nd->id);
        ck_assert_str_eq(d->ring[k].label, nd->label ? nd->label : "");
        ck_assert(d->ring[k].w == nd->w);
        ck_assert(d->ring[k].alpha == m->alpha[k]);
        if (m->q == 1)
            continue;
        const rm_route *rs[2] = {&m->succ[k], &m->pred[k]};
        const rm_mapping_doc_route *ds[2] = {&d->ring[k].succ, &d->ring[k].pred};
        for (int s = 0; s < 2; s++) {
            ck_assert_int_eq(ds[s]->n_links, rs[s]->n_arcs);
            ck_assert(ds[s]->bandwidth == rs[s]->bandwidth);
            for (int i = 0; i < rs[s]->n_arcs; i++) {
                ck_assert_int_eq(ds[s]->links[i], net.arc_link[rs[s]->arcs[i]]);
                ck_assert_int_eq(ds[s]->nodes[i + 1], p->nodes[net.arc_head[rs[s]->arcs[i]]].id);
            }
        }
    }
    rm_mapping_doc_free(d);
    free(buf);
    rm_mapping_free(m);
    rm_network_destroy(&net);
    rm_platform_free(p);
}

START_TEST(test_round_trip)
{
    static const char *plats[] = {RM_SOURCE_DIR "/platforms/test/star3.gml",
                                  RM_SOURCE_DIR "/platforms/medium_tiers.gml",
                                  RM_SOURCE_DIR "/platforms/geant2009.gml"};
    static const double ratios[] = {0.64, 0.0064};
    for (int i = 0; i < 3; i++)
        for (int r = 0; r < 2; r++) {
            round_trip(plats[i], RM_HEUR_SHARED, ratios[r], 0, 0);
            round_trip(plats[i], RM_HEUR_SLICE, ratios[r], 0, 0);
            round_trip(plats[i], RM_HEUR_SHARED, ratios[r], 1, r);
            round_trip(plats[i], RM_HEUR_SLICE, ratios[r], r, 1);
        }
}
END_TEST

START_TEST(test_special_and_null)
{
    rm_mapping_doc *d = NULL;
    rm_error err = {RM_OK, ""};
    char dir[] = "/tmp/rm_mapjson_XXXXXX";
    ck_assert_ptr_nonnull(mkdtemp(dir));
    char fifo[600];
    snprintf(fifo, sizeof fifo, "%s/fifo.json", dir);
    ck_assert_int_eq(mkfifo(fifo, 0600), 0);
    ck_assert_int_eq(rm_mapping_read_json(dir, &d, &err), RM_EINPUT);
    ck_assert_ptr_nonnull(strstr(err.msg, "not a regular file (a directory)"));
    ck_assert_int_eq(rm_mapping_read_json(fifo, &d, &err), RM_EINPUT); /* no hang */
    ck_assert_ptr_nonnull(strstr(err.msg, "not a regular file (a FIFO)"));
    ck_assert_int_eq(rm_mapping_read_json("/dev/zero", &d, &err), RM_EINPUT);
    ck_assert_ptr_nonnull(strstr(err.msg, "character device"));
    unlink(fifo);
    rmdir(dir);
    ck_assert_int_eq(rm_mapping_read_json(NULL, &d, &err), RM_EINVAL);
    ck_assert_ptr_nonnull(strstr(err.msg, "path is NULL"));
    ck_assert_int_eq(rm_mapping_read_json(BADMAP "ok_q1.json", NULL, &err), RM_EINVAL);
    ck_assert_int_eq(rm_mapping_parse_json(NULL, 3, "x", &d, &err), RM_EINVAL);
    ck_assert_int_eq(rm_mapping_parse_json("{}", 2, NULL, &d, &err), RM_EINPUT);
    ck_assert_ptr_nonnull(strstr(err.msg, "\"ring\""));
    rm_mapping_doc_free(NULL);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("mapping_json");
    TCase *tc = tcase_create("read");
    tcase_add_test(tc, test_table);
    tcase_add_test(tc, test_values);
    tcase_add_test(tc, test_round_trip);
    tcase_add_test(tc, test_special_and_null);
    suite_add_tcase(s, tc);
    return rmt_run_suite(s);
}
