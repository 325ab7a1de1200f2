/*
 * fuzz_metis_graph.c — libFuzzer target of the METIS graph reader
 * (rm_graph_parse_metis, what `ringmap partition` reads; a property check).
 * The reader must return RM_OK with a graph that keeps its promises
 * (xadj increasing from 0 to 2 m, neighbours in range, no self-loop, every
 * edge in both rows with one weight >= 1, weights >= 0), or RM_EINPUT /
 * RM_ENOMEM with a message and no graph. An accepted graph is partitioned
 * in ring order into 3 parts (rm_ring_partition_compute): every vertex in a
 * part, the sizes summing to the graph's weight.
 */
#include "fuzz/fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check_graph(const rm_graph *g)
{
    if (!g || g->n < 1 || !g->xadj || g->xadj[0] != 0 || g->xadj[g->n] != 2 * g->m)
        abort();
    for (long u = 0; u < g->n; u++) {
        if (g->xadj[u + 1] < g->xadj[u] || g->vwgt[u] < 0)
            abort();
        for (long i = g->xadj[u]; i < g->xadj[u + 1]; i++) {
            long v = g->adjncy[i];
            if (v < 0 || v >= g->n || v == u || g->adjwgt[i] < 1)
                abort();
            int back = 0;
            for (long j = g->xadj[v]; j < g->xadj[v + 1]; j++)
                back += g->adjncy[j] == u && g->adjwgt[j] == g->adjwgt[i];
            if (back != 1)
                abort();
        }
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > FUZZ_MAX_INPUT)
        return 0;
    rm_graph *g = NULL;
    rm_error err = {RM_OK, ""};
    rm_status st = rm_graph_parse_metis((const char *)data, size, "<fuzz>", &g, &err);
    if (st != RM_OK) {
        if ((st != RM_EINPUT && st != RM_ENOMEM) || g || !err.msg[0]) {
            fprintf(stderr, "fuzz: rm_graph_parse_metis: status %d, graph %p: %s\n", (int)st,
                    (void *)g, err.msg);
            abort();
        }
        return 0;
    }
    check_graph(g);
    long W = 0;
    for (long v = 0; v < g->n; v++)
        W += g->vwgt[v];
    if (g->n <= 4096 && g->m <= 65536) {
        long units[3] = {1, 2, 3};
        rm_ring_partition *r = NULL;
        st = rm_ring_partition_compute(g, 3, units, RM_RING_ORDER_LEVELS, &r, &err);
        if (W == 0 ? st != RM_EINPUT : st != RM_OK) {
            fprintf(stderr, "fuzz: rm_ring_partition_compute: status %d: %s\n", (int)st, err.msg);
            abort();
        }
        if (r) {
            long sum = 0;
            for (int k = 0; k < 3; k++)
                sum += r->size[k];
            for (long v = 0; v < g->n; v++)
                if (r->part[v] < 0 || r->part[v] >= 3)
                    abort();
            if (sum != W)
                abort();
        }
        rm_ring_partition_free(r);
    }
    rm_graph_free(g);
    return 0;
}
