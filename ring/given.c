/*
 * given.c — a ring given by host names (a hostfile, a list) as node indices
 * of a platform (rm_ring_of_names, include/ringmap/ring.h): each name one
 * host, known by one node, each host once (Legrand et al. 2004 §2.1: one
 * process per processor of the ring).
 */
#include "ringmap/ring.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The origin of position k for the messages: where[k], or "ring position k". */
static const char *origin(const char *const *where, int k, char *buf, size_t n)
{
    if (where && where[k])
        return where[k];
    snprintf(buf, n, "ring position %d", k);
    return buf;
}

rm_status rm_ring_of_names(const rm_platform *p, const char *const *names,
                           const char *const *where, int q, int *ring, rm_error *err)
{
    if (!p || !ring || (q > 0 && !names))
        return rm_error_set(err, RM_EINVAL, "rm_ring_of_names: %s is NULL",
                            !p ? "the platform" : !ring ? "ring" : "names");
    if (q < 1)
        return rm_error_set(err, RM_EINPUT, "empty ring: no host given");
    int *first = calloc((size_t)(p->n_nodes > 0 ? p->n_nodes : 1), sizeof *first);
    if (!first)
        return rm_error_set(err, RM_ENOMEM, "out of memory reading a ring");
    rm_status st = RM_OK;
    char b1[48], b2[48];
    for (int k = 0; k < q && !st; k++) {
        if (!names[k]) {
            st = rm_error_set(err, RM_EINVAL, "rm_ring_of_names: names[%d] is NULL", k);
            break;
        }
        int v = -1, n = 0;
        for (int u = 0; u < p->n_nodes; u++)
            if (p->nodes[u].label && strcmp(p->nodes[u].label, names[k]) == 0)
                v = u, n++;
        const char *at = origin(where, k, b1, sizeof b1);
        if (n == 0)
            st = rm_error_set(err, RM_EINPUT, "%s: no host named '%s' in platform %s", at,
                              names[k], p->name && *p->name ? p->name : "(unnamed)");
        else if (n > 1)
            st = rm_error_set(err, RM_EINPUT,
                              "%s: %d nodes are labelled '%s': the name does not say which host",
                              at, n, names[k]);
        else if (!p->nodes[v].is_host)
            st = rm_error_set(err, RM_EINPUT, "%s: '%s' is a router, not a host", at, names[k]);
        else if (first[v])
            st = rm_error_set(err, RM_EINPUT,
                              "%s: host '%s' again (first at %s): a ring visits each host once",
                              at, names[k], origin(where, first[v] - 1, b2, sizeof b2));
        else {
            first[v] = k + 1;
            ring[k] = v;
        }
    }
    free(first);
    return st;
}
