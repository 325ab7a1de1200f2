/*
 * test_threads.c — thread safety of the library: the same
 * platform mapped from 4 threads at once gives the same result as one
 * thread, bit for bit (ring, routes, route bandwidths, alphas, T_step).
 *
 *  - rm_map on one shared `const rm_platform` (each call builds its own
 *    network): SharedRing and SliceRing, and the final KINSOL and GLPK
 *    solvers, on medium_tiers, geant2009 and renater2001;
 *  - rm_map_network on one shared `const rm_network` (routing workspaces
 *    from the network's pool) and rm_widest_tree / rm_widest_tree_igraph /
 *    rm_capacity_matrix on it (igraph under the library's igraph mutex);
 *  - rm_platform_read of GML (igraph's reader, its process-wide attribute
 *    table) from 4 threads while the others map.
 * Each thread runs every job of the list, starting at a different one, so
 * that different jobs overlap. The reference is computed first by one
 * thread. tools/thread-check runs this test under ThreadSanitizer (and
 * helgrind) to look for races beyond wrong results.
 */
#define _POSIX_C_SOURCE 200809L
#include "ringmap.h"
#include "topo/route/widest.h"

#include "support.h"

#include <check.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NTHREADS 4
#define PLAT(f) RM_SOURCE_DIR "/platforms/" f

typedef struct job {
    const char *platform; /* index into the loaded platforms by name */
    rm_heuristic heuristic;
    rm_sharing sharing;
    rm_final_solver final_solver;
    double dc_dw;
    int on_network; /* 1: rm_map_network on the shared network */
} job;

static const job JOBS[] = {
    {"medium_tiers.gml", RM_HEUR_SHARED, RM_SHARING_GREEDY, RM_FINAL_NONE, 0.0064, 0},
    {"medium_tiers.gml", RM_HEUR_SLICE, RM_SHARING_MAXMIN, RM_FINAL_NONE, 0.0064, 0},
    {"medium_tiers.gml", RM_HEUR_SHARED, RM_SHARING_GREEDY, RM_FINAL_NONE, 0.064, 1},
    {"geant2009.gml", RM_HEUR_SHARED, RM_SHARING_EQ5, RM_FINAL_NONE, 0.0064, 0},
    {"geant2009.gml", RM_HEUR_SHARED, RM_SHARING_GREEDY, RM_FINAL_KINSOL, 0.0064, 1},
    {"renater2001.gml", RM_HEUR_SLICE, RM_SHARING_GREEDY, RM_FINAL_GLPK, 0.064, 0},
    {"renater2001.gml", RM_HEUR_SHARED, RM_SHARING_GREEDY, RM_FINAL_NONE, 0.00064, 1},
};
#define NJOBS ((int)(sizeof JOBS / sizeof JOBS[0]))
static const char *PLATFORMS[] = {"medium_tiers.gml", "geant2009.gml", "renater2001.gml"};
#define NPLAT 3

static rm_platform *plat[NPLAT];
static rm_network net[NPLAT];
static rm_mapping *ref[NJOBS];
static double *ref_cap[NPLAT]; /* rm_capacity_matrix */

static int plat_index(const char *name)
{
    for (int i = 0; i < NPLAT; i++)
        if (!strcmp(PLATFORMS[i], name))
            return i;
    return -1;
}

static rm_status run_job(int j, rm_mapping **out, rm_error *err)
{
    const job *b = &JOBS[j];
    int i = plat_index(b->platform);
    rm_options opt;
    rm_options_init_paper(&opt);
    opt.heuristic = b->heuristic;
    opt.sharing = b->sharing;
    opt.final_solver = b->final_solver;
    opt.cost.dc_dw = b->dc_dw;
    return b->on_network ? rm_map_network(&net[i], &opt, out, err) : rm_map(plat[i], &opt, out, err);
}

/* 0 if a and b are the same mapping bit for bit, else 1 with a message. */
static int same_mapping(const rm_mapping *a, const rm_mapping *b, char *why, size_t n)
{
    if (a->q != b->q) {
        snprintf(why, n, "ring size %d vs %d", a->q, b->q);
        return 1;
    }
    if (memcmp(&a->t_step_per_dw, &b->t_step_per_dw, sizeof(double))) {
        snprintf(why, n, "T_step/D_w %.17g vs %.17g", a->t_step_per_dw, b->t_step_per_dw);
        return 1;
    }
    for (int k = 0; k < a->q; k++) {
        if (a->ring[k] != b->ring[k] || memcmp(&a->alpha[k], &b->alpha[k], sizeof(double))) {
            snprintf(why, n, "position %d: node %d alpha %.17g vs node %d alpha %.17g", k, a->ring[k],
                     a->alpha[k], b->ring[k], b->alpha[k]);
            return 1;
        }
        const rm_route *ra[2] = {&a->succ[k], &a->pred[k]}, *rb[2] = {&b->succ[k], &b->pred[k]};
        for (int d = 0; d < 2; d++) {
            if (ra[d]->n_arcs != rb[d]->n_arcs ||
                (ra[d]->n_arcs &&
                 memcmp(ra[d]->arcs, rb[d]->arcs, (size_t)ra[d]->n_arcs * sizeof(int))) ||
                memcmp(&ra[d]->bandwidth, &rb[d]->bandwidth, sizeof(double))) {
                snprintf(why, n, "position %d: %s route differs", k, d ? "pred" : "succ");
                return 1;
            }
        }
    }
    return 0;
}

typedef struct worker {
    int id;
    int failures;
    char why[2048];
} worker;

static void *work(void *arg)
{
    worker *w = arg;
    rm_error err;
    for (int round = 0; round < 2; round++) {
        for (int t = 0; t < NJOBS; t++) {
            int j = (t + w->id * 2) % NJOBS;
            rm_mapping *m = NULL;
            if (run_job(j, &m, &err) != RM_OK) {
                snprintf(w->why, sizeof w->why, "job %d: %s", j, err.msg);
                w->failures++;
                continue;
            }
            char why[256];
            if (same_mapping(ref[j], m, why, sizeof why)) {
                snprintf(w->why, sizeof w->why, "job %d (%s): %s", j, JOBS[j].platform, why);
                w->failures++;
            }
            rm_mapping_free(m);
        }
        /* routing on the shared networks, igraph reference included */
        for (int i = 0; i < NPLAT; i++) {
            const rm_platform *p = plat[i];
            int H = p->n_hosts, N = p->n_nodes;
            double *cap = malloc((size_t)H * H * sizeof *cap);
            double *w1 = malloc((size_t)N * sizeof *w1), *w2 = malloc((size_t)N * sizeof *w2);
            ck_assert(cap && w1 && w2);
            if (rm_capacity_matrix(&net[i], cap, &err) != RM_OK ||
                memcmp(cap, ref_cap[i], (size_t)H * H * sizeof *cap)) {
                snprintf(w->why, sizeof w->why, "%s: capacity matrix differs", PLATFORMS[i]);
                w->failures++;
            }
            for (int h = 0; h < H; h++) {
                int src = p->hosts[(h + w->id) % H];
                if (rm_widest_tree(&net[i], NULL, src, 0, w1, NULL, &err) != RM_OK ||
                    rm_widest_tree_igraph(&net[i], NULL, src, 0, w2, NULL, &err) != RM_OK ||
                    memcmp(w1, w2, (size_t)N * sizeof *w1)) {
                    snprintf(w->why, sizeof w->why, "%s: widest tree from %d differs from igraph's",
                             PLATFORMS[i], src);
                    w->failures++;
                }
            }
            free(cap);
            free(w1);
            free(w2);
        }
        /* the GML reader (igraph, process-wide attribute table) */
        rm_read_options ro;
        rm_read_options_init(&ro);
        rm_platform *p = NULL;
        int i = (w->id + round) % NPLAT;
        char path[256];
        snprintf(path, sizeof path, "%s/platforms/%s", RM_SOURCE_DIR, PLATFORMS[i]);
        if (rm_platform_read(path, &ro, &p, &err) != RM_OK) {
            snprintf(w->why, sizeof w->why, "reading %s: %s", path, err.msg);
            w->failures++;
        } else if (p->n_nodes != plat[i]->n_nodes || p->n_links != plat[i]->n_links ||
                   p->n_hosts != plat[i]->n_hosts ||
                   memcmp(&p->links[0].bandwidth, &plat[i]->links[0].bandwidth, sizeof(double))) {
            snprintf(w->why, sizeof w->why, "%s read in a thread differs", path);
            w->failures++;
        }
        rm_platform_free(p);
    }
    return NULL;
}

static void setup(void)
{
    rm_read_options ro;
    rm_read_options_init(&ro);
    rm_error err;
    for (int i = 0; i < NPLAT; i++) {
        char path[512];
        snprintf(path, sizeof path, "%s/platforms/%s", RM_SOURCE_DIR, PLATFORMS[i]);
        ck_assert_msg(rm_platform_read(path, &ro, &plat[i], &err) == RM_OK, "%s", err.msg);
        ck_assert_msg(rm_network_init(&net[i], plat[i], RM_DUPLEX_HALF, &err) == RM_OK, "%s",
                      err.msg);
        int H = plat[i]->n_hosts;
        ref_cap[i] = malloc((size_t)H * H * sizeof(double));
        ck_assert(ref_cap[i]);
        ck_assert_int_eq(rm_capacity_matrix(&net[i], ref_cap[i], &err), RM_OK);
    }
    for (int j = 0; j < NJOBS; j++) {
        ck_assert_msg(run_job(j, &ref[j], &err) == RM_OK, "job %d: %s", j, err.msg);
        ck_assert_int_eq(rm_mapping_check(&net[plat_index(JOBS[j].platform)], ref[j], 0, &err),
                         RM_OK);
    }
}

static void teardown(void)
{
    for (int j = 0; j < NJOBS; j++)
        rm_mapping_free(ref[j]);
    for (int i = 0; i < NPLAT; i++) {
        free(ref_cap[i]);
        rm_network_destroy(&net[i]);
        rm_platform_free(plat[i]);
    }
}

START_TEST(test_four_threads_same_result)
{
    setup();
    pthread_t th[NTHREADS];
    worker w[NTHREADS];
    for (int t = 0; t < NTHREADS; t++) {
        memset(&w[t], 0, sizeof w[t]);
        w[t].id = t;
        ck_assert_int_eq(pthread_create(&th[t], NULL, work, &w[t]), 0);
    }
    for (int t = 0; t < NTHREADS; t++)
        pthread_join(th[t], NULL);
    for (int t = 0; t < NTHREADS; t++)
        ck_assert_msg(w[t].failures == 0, "thread %d: %d failures, last: %s", t, w[t].failures,
                      w[t].why);
    teardown();
}
END_TEST

int main(void)
{
    Suite *s = suite_create("threads");
    TCase *tc = tcase_create("threads");
    tcase_set_timeout(tc, 300);
    tcase_add_test(tc, test_four_threads_same_result);
    suite_add_tcase(s, tc);
    return rmt_run_suite(s);
}
