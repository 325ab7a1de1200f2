/*
 * test_mirror.c — on an undirected half-duplex network the widest-path tree
 * TO a node is the mirror image of the tree FROM it (same widths, each arc
 * replaced by its partner arc a^1): SharedRing relies on it to compute two
 * trees per ring edge instead of four (heur/sharedring/sharedring.c).
 */
#include "ringmap.h"

#include "support.h"

#include <check.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static uint64_t rng = 12345;
static double urand(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return (double)(rng >> 11) / 9007199254740992.0;
}

static void check_mirror(const rm_network *net, const double *residual)
{
    int N = net->platform->n_nodes;
    double *wf = malloc(N * sizeof *wf), *wr = malloc(N * sizeof *wr);
    int *af = malloc(N * sizeof *af), *ar = malloc(N * sizeof *ar);
    rm_error err;
    for (int s = 0; s < N; s++) {
        ck_assert_int_eq(rm_widest_tree(net, residual, s, 0, wf, af, &err), RM_OK);
        ck_assert_int_eq(rm_widest_tree(net, residual, s, 1, wr, ar, &err), RM_OK);
        for (int v = 0; v < N; v++) {
            if (!(wf[v] == wr[v]) || ar[v] != (af[v] < 0 ? -1 : (af[v] ^ 1)))
                ck_abort_msg("source %d node %d: forward (%g, arc %d) vs reverse (%g, arc %d)", s,
                             v, wf[v], af[v], wr[v], ar[v]);
        }
    }
    free(wf);
    free(wr);
    free(af);
    free(ar);
}

START_TEST(test_mirror_random)
{
    for (int inst = 0; inst < 150; inst++) {
        int N = 4 + (int)(urand() * 30), extra = (int)(urand() * N);
        int L = N - 1 + extra;
        rm_platform *p = rm_platform_new("rand", N, L, 0);
        for (int v = 0; v < N; v++)
            if (v == 0 || urand() < 0.5) {
                p->nodes[v].is_host = 1;
                p->nodes[v].w = 0.01 + urand();
            }
        /* a random tree plus extra links (parallel links allowed); bandwidths
         * from a small set, so that ties are frequent */
        const double bws[4] = {10, 10, 100, 1000};
        for (int l = 0; l < L; l++) {
            int a, b;
            if (l < N - 1) {
                a = l + 1;
                b = (int)(urand() * (l + 1));
            } else {
                a = (int)(urand() * N);
                do
                    b = (int)(urand() * N);
                while (b == a);
            }
            p->links[l].source = a;
            p->links[l].target = b;
            p->links[l].bandwidth = bws[(int)(urand() * 4)];
            p->links[l].backbone = urand() < 0.1;
        }
        rm_error err;
        ck_assert_msg(rm_platform_finalize(p, &err) == RM_OK, "%s", err.msg);
        rm_network net;
        ck_assert_int_eq(rm_network_init(&net, p, RM_DUPLEX_HALF, &err), RM_OK);
        check_mirror(&net, NULL);
        double *res = malloc(net.n_res * sizeof *res);
        for (int r = 0; r < net.n_res; r++)
            res[r] = urand() < 0.2 ? 0.0 : urand() < 0.5 ? net.res_cap[r] : net.res_cap[r] * urand();
        check_mirror(&net, res);
        free(res);
        rm_network_destroy(&net);
        rm_platform_free(p);
    }
}
END_TEST

START_TEST(test_mirror_shipped)
{
    const char *files[] = {"medium_tiers.gml", "geant2009.gml", "renater2001.gml",
                           "generated/tiers_fig3.gml", "generated/tiers_fig4.gml"};
    for (int f = 0; f < 5; f++) {
        char path[1024];
        snprintf(path, sizeof path, "%s/platforms/%s", RM_SOURCE_DIR, files[f]);
        rm_read_options ro;
        rm_read_options_init(&ro);
        rm_platform *p;
        rm_error err;
        ck_assert_msg(rm_platform_read(path, &ro, &p, &err) == RM_OK, "%s", err.msg);
        rm_network net;
        ck_assert_int_eq(rm_network_init(&net, p, RM_DUPLEX_HALF, &err), RM_OK);
        check_mirror(&net, NULL);
        rm_network_destroy(&net);
        rm_platform_free(p);
    }
}
END_TEST

int main(void)
{
    Suite *s = suite_create("mirror");
    TCase *tc = tcase_create("mirror");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_mirror_random);
    tcase_add_test(tc, test_mirror_shipped);
    suite_add_tcase(s, tc);
    return rmt_run_suite(s);
}
