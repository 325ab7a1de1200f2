/* A hash map of ordered pairs of nonnegative ints to ints (internal).
 *
 * Used by the SimGrid reader: the connection links of the all-pairs table
 * (topo/io/simgrid.c: (tail, head) -> link index) and the route pieces'
 * tables (topo/io/sg_store.c: (from, to) -> piece index). Open addressing
 * with linear probing, a power-of-two capacity at most half full; key
 * (a + 1) << 32 | (b + 1), 0 = an empty slot. A zeroed struct is an empty
 * map; free key and val to release it. Not thread-safe for writers;
 * expected O(1) per operation, O(count) for a growth. */
#ifndef RINGMAP_TOPO_IO_SG_PAIRMAP_H
#define RINGMAP_TOPO_IO_SG_PAIRMAP_H

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

typedef struct rmi_sg_pairmap {
    uint64_t *key; /* (a + 1) << 32 | (b + 1), 0 = empty */
    int *val;
    size_t cap, count;
} rmi_sg_pairmap;

static inline uint64_t rmi_sg_pair_mix(uint64_t x)
{
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdULL;
    x ^= x >> 33;
    return x;
}

static inline uint64_t rmi_sg_pair_key(int a, int b)
{
    return ((uint64_t)(uint32_t)(a + 1) << 32) | (uint32_t)(b + 1);
}

/* The slot of (a, b), added with value -1 if new (*added = 1) after growing
 * the map (first capacity first_cap, a power of two); NULL when out of
 * memory (the map unchanged). */
static inline int *rmi_sg_pairmap_slot(rmi_sg_pairmap *m, int a, int b, size_t first_cap,
                                       int *added)
{
    *added = 0;
    if (2 * (m->count + 1) > m->cap) {
        size_t nc = m->cap ? 2 * m->cap : first_cap;
        uint64_t *nk = calloc(nc, sizeof *nk);
        int *nv = malloc(nc * sizeof *nv);
        if (!nk || !nv) {
            free(nk);
            free(nv);
            return NULL;
        }
        for (size_t i = 0; i < m->cap; i++)
            if (m->key[i]) {
                size_t j = rmi_sg_pair_mix(m->key[i]) & (nc - 1);
                while (nk[j])
                    j = (j + 1) & (nc - 1);
                nk[j] = m->key[i];
                nv[j] = m->val[i];
            }
        free(m->key);
        free(m->val);
        m->key = nk;
        m->val = nv;
        m->cap = nc;
    }
    uint64_t k = rmi_sg_pair_key(a, b);
    size_t j = rmi_sg_pair_mix(k) & (m->cap - 1);
    while (m->key[j] && m->key[j] != k)
        j = (j + 1) & (m->cap - 1);
    if (!m->key[j]) {
        m->key[j] = k;
        m->val[j] = -1;
        m->count++;
        *added = 1;
    }
    return &m->val[j];
}

/* The value of (a, b), or -1 when absent. */
static inline int rmi_sg_pairmap_get(const rmi_sg_pairmap *m, int a, int b)
{
    if (!m->cap)
        return -1;
    uint64_t k = rmi_sg_pair_key(a, b);
    size_t j = rmi_sg_pair_mix(k) & (m->cap - 1);
    while (m->key[j]) {
        if (m->key[j] == k)
            return m->val[j];
        j = (j + 1) & (m->cap - 1);
    }
    return -1;
}

#endif
