/* The parent's reader of the SimGrid child's byte stream (internal).
 *
 * The SimGrid loader runs SimGrid in a child process (topo/io/sg_loader.cpp)
 * that writes what it loaded as a byte stream: 4-byte record tags, int32 and
 * float64 values in the machine's order, strings as a uint32 length and
 * their bytes. topo/io/simgrid.c (the all-pairs table) and
 * topo/io/sg_store.c (the route pieces) decode it with these bounded reads:
 * a read past the end sets bad and returns 0 / NULL, never reads outside
 * the buffer; a failed allocation sets nomem. Not thread-safe on one
 * reader; O(1) per read (O(length) for a string). */
#ifndef RINGMAP_TOPO_IO_SG_WIRE_H
#define RINGMAP_TOPO_IO_SG_WIRE_H

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef struct rmi_sg_rd {
    const unsigned char *p; /* the stream */
    size_t n, at;           /* its length, the read position */
    int bad, nomem;         /* a read past the end, a failed allocation */
} rmi_sg_rd;

static inline int rmi_sg_take(rmi_sg_rd *r, void *dst, size_t k)
{
    if (r->bad || r->n - r->at < k) {
        r->bad = 1;
        return -1;
    }
    memcpy(dst, r->p + r->at, k);
    r->at += k;
    return 0;
}

static inline int32_t rmi_sg_i32(rmi_sg_rd *r)
{
    int32_t v = 0;
    rmi_sg_take(r, &v, sizeof v);
    return v;
}

static inline double rmi_sg_f64(rmi_sg_rd *r)
{
    double v = 0;
    rmi_sg_take(r, &v, sizeof v);
    return v;
}

/* A string (caller frees), NULL on a bad stream (bad) or no memory (nomem). */
static inline char *rmi_sg_str(rmi_sg_rd *r)
{
    uint32_t len = 0;
    if (rmi_sg_take(r, &len, sizeof len) || r->n - r->at < len) {
        r->bad = 1;
        return NULL;
    }
    char *s = malloc((size_t)len + 1);
    if (!s) {
        r->nomem = 1;
        return NULL;
    }
    memcpy(s, r->p + r->at, len);
    s[len] = '\0';
    r->at += len;
    return s;
}

/* 1 and the tag consumed when the next 4 bytes are m, else 0. */
static inline int rmi_sg_magic(rmi_sg_rd *r, const char *m)
{
    if (r->n - r->at < 4 || memcmp(r->p + r->at, m, 4) != 0)
        return 0;
    r->at += 4;
    return 1;
}

/* n records of a name, one or two float64 and an int32 (a host: name,
 * speed, cores, b NULL; a link: name, bandwidth, latency, policy) into the
 * caller's arrays of n entries. 0; -1 nomem; -2 bad. O(n + bytes). */
static inline int rmi_sg_records(rmi_sg_rd *r, int n, char **name, double *a, double *b, int *c)
{
    for (int i = 0; i < n; i++) {
        name[i] = rmi_sg_str(r);
        a[i] = rmi_sg_f64(r);
        if (b)
            b[i] = rmi_sg_f64(r);
        c[i] = rmi_sg_i32(r);
        if (r->nomem)
            return -1;
        if (r->bad)
            return -2;
    }
    return 0;
}

#endif
