/*
 * sharedring_sig.c — the signatures of host pairs for SharedRing's first
 * step (the best pair, Legrand et al. 2004 §4.4.1) under fixed routes, on
 * platforms without twin classes nor factored widths (a SimGrid fat-tree:
 * d-mod-k routing sends the routes to host d through spine d mod S, so two
 * hosts of one leaf are no twins, yet most pairs are alike).
 *
 * Values. The best pair values hosts hi < hj by the four routes hi -> hj
 * (twice) and hj -> hi (twice): their shares (rmi_h2_share_routes: the
 * stamps of routes_share, then bw/system.c's system of the routes, which
 * reads an arc only through its resource, and bw/share.c, which reads a
 * resource only through its index, capacity and backbone flag), their
 * costs (a route's latency: the sum of its arcs' links' latencies in arc
 * order), the hosts' speeds and the routes' widths. Write a pair's
 * signature as: the routes' arc counts, the speeds and widths (their
 * bits), each distinct resource of the two routes in index order with its
 * capacity, backbone flag and its link's latency, then each arc of hi -> hj
 * and of hj -> hi as the rank of its resource in that order. Two pairs of
 * one signature have an order-preserving bijection between their routes'
 * resources that keeps capacities, flags and latencies and sends one
 * pair's routes onto the other's arc by arc; every operation above reads
 * the same values in the same order, so their T_step and shares are equal
 * bit for bit. (An arc without resource, or whose link's latency is not
 * its resource's link's, gives no signature: that pair is valued.)
 *
 * So the first pair of the least T_step in (hi, hj) order — the pair the
 * full scan keeps — is the first pair of its signature in that order, and
 * valuing only the pairs whose signature was not seen before gives that
 * pair, its T_step and shares, bit for bit. A signature is compared in
 * full (the 64-bit hash only finds it); past the set's budget new
 * signatures are no longer kept (their pairs are valued: still exact).
 */
#include "heur/sharedring/sharedring_internal.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Set to 0 (tests only) to value every pair the fixed-route scan keeps. */
int rmi_h2_pair_sigs = 1;

/* Pairs the first step skipped as of a signature seen before (tests). */
long rmi_h2_pair_sig_skips;

static uint64_t dbits(double x)
{
    uint64_t u;
    memcpy(&u, &x, sizeof u);
    return u;
}

static uint64_t mix(uint64_t h, uint64_t v)
{
    return (h ^ v) * 0x100000001b3ULL + (v >> 29);
}

int rmi_h2_sig_init(h2_sig *sg, const rm_network *net, size_t budget_words)
{
    memset(sg, 0, sizeof *sg);
    sg->net = net;
    sg->budget = budget_words;
    sg->rs = calloc((size_t)net->n_res + 1, sizeof *sg->rs);
    sg->arc_ok = malloc((size_t)net->n_arcs + 1);
    sg->mask = 1023;
    sg->slot = calloc(sg->mask + 1, sizeof *sg->slot);
    if (!sg->rs || !sg->arc_ok || !sg->slot) {
        rmi_h2_sig_free(sg);
        return -1;
    }
    const rm_platform *p = net->platform;
    for (int r = 0; r < net->n_res; r++) {
        sg->rs[r].cap = dbits(net->res_cap[r]);
        sg->rs[r].lat = dbits(p->links[net->res_link[r]].latency);
        sg->rs[r].bb = net->res_backbone[r] != 0;
    }
    for (int a = 0; a < net->n_arcs; a++) { /* a resource, its link's latency the arc's */
        int r = net->arc_res[a];
        sg->arc_ok[a] = r >= 0 && p->links[net->arc_link[a]].latency == p->links[net->res_link[r]].latency;
    }
    return 0;
}

void rmi_h2_sig_free(h2_sig *sg)
{
    free(sg->rs);
    free(sg->arc_ok);
    free(sg->slot);
    free(sg->pool);
    free(sg->buf);
    free(sg->res);
    memset(sg, 0, sizeof *sg);
}

/* Room for n words in sg->buf and n resources in sg->res; 0 on ENOMEM. */
static int sig_room(h2_sig *sg, size_t n)
{
    if (n <= sg->bcap)
        return 1;
    size_t c = 2 * n + 64;
    uint64_t *b = realloc(sg->buf, c * sizeof *b);
    if (b)
        sg->buf = b;
    int *r = b ? realloc(sg->res, c * sizeof *r) : NULL;
    if (r)
        sg->res = r;
    if (!b || !r)
        return 0;
    sg->bcap = c;
    return 1;
}

/* The signature of the file comment into sg->buf, its hash into *hash:
 * its length, 0 when the pair has none, -1 out of memory. */
static long sig_build(h2_sig *sg, const double *hdr, const int *ab, int n1, const int *ba, int n2,
                      uint64_t *hash)
{
    const rm_network *net = sg->net;
    size_t n = (size_t)n1 + (size_t)n2;
    if (!sig_room(sg, 8 + 3 * n))
        return -1;
    if (++sg->tag == 0) { /* the tags wrapped: clear them */
        for (int r = 0; r < net->n_res; r++)
            sg->rs[r].gen = 0;
        sg->tag = 1;
    }
    int m = 0;
    for (size_t t = 0; t < n; t++) {
        int a = t < (size_t)n1 ? ab[t] : ba[t - (size_t)n1];
        if (!sg->arc_ok[a])
            return 0;
        int r = net->arc_res[a];
        if (sg->rs[r].gen == sg->tag)
            continue;
        sg->rs[r].gen = sg->tag;
        int k = m++;
        for (; k > 0 && sg->res[k - 1] > r; k--) /* insertion: a pair's few resources */
            sg->res[k] = sg->res[k - 1];
        sg->res[k] = r;
    }
    uint64_t *w = sg->buf, h = 0x84222325cbf29ce4ULL;
    size_t L = 0;
#define SIG_PUT(v) (w[L] = (v), h = mix(h, w[L]), L++)
    SIG_PUT((uint64_t)(uint32_t)n1 | (uint64_t)(uint32_t)n2 << 32);
    SIG_PUT((uint64_t)m);
    for (int k = 0; k < 4; k++)
        SIG_PUT(dbits(hdr[k]));
    for (int k = 0; k < m; k++) {
        h2_sig_res *x = &sg->rs[sg->res[k]];
        x->rank = k;
        SIG_PUT(x->cap);
        SIG_PUT(x->lat);
        SIG_PUT((uint64_t)x->bb);
    }
    for (size_t t = 0; t < n; t += 2) {
        int a = t < (size_t)n1 ? ab[t] : ba[t - (size_t)n1];
        uint64_t v = (uint64_t)(uint32_t)sg->rs[net->arc_res[a]].rank;
        if (t + 1 < n) {
            int b = t + 1 < (size_t)n1 ? ab[t + 1] : ba[t + 1 - (size_t)n1];
            v |= (uint64_t)(uint32_t)sg->rs[net->arc_res[b]].rank << 32;
        }
        SIG_PUT(v);
    }
#undef SIG_PUT
    h ^= h >> 33; /* the table's index from every word's bits */
    h *= 0xff51afd7ed558ccdULL;
    *hash = h ^ (h >> 29);
    return (long)L;
}

/* Grow the open-addressing table to twice its slots; 0 on ENOMEM. */
static int sig_grow(h2_sig *sg)
{
    size_t nm = 2 * (sg->mask + 1) - 1;
    size_t *ns = calloc(nm + 1, sizeof *ns);
    if (!ns)
        return 0;
    for (size_t k = 0; k <= sg->mask; k++) {
        size_t o = sg->slot[k];
        if (!o)
            continue;
        size_t i = (size_t)sg->pool[o - 1] & nm; /* the hash, kept before the length */
        while (ns[i])
            i = (i + 1) & nm;
        ns[i] = o;
    }
    free(sg->slot);
    sg->slot = ns;
    sg->mask = nm;
    return 1;
}

int rmi_h2_sig_seen(h2_sig *sg, const double hdr[4], const int *ab, int n1, const int *ba, int n2)
{
    uint64_t h;
    long L = sig_build(sg, hdr, ab, n1, ba, n2, &h);
    if (L <= 0)
        return (int)L;
    size_t i = (size_t)h & sg->mask;
    for (; sg->slot[i]; i = (i + 1) & sg->mask) {
        const uint64_t *e = sg->pool + sg->slot[i]; /* hash, length, words */
        if (e[-1] == h && e[0] == (uint64_t)L && !memcmp(e + 1, sg->buf, (size_t)L * sizeof *e))
            return 1;
    }
    if (sg->n + (size_t)L + 2 > sg->budget)
        return 0; /* full: not kept, the pair is valued */
    if (sg->n + (size_t)L + 2 > sg->cap) {
        size_t c = sg->cap ? 2 * sg->cap : 65536;
        while (c < sg->n + (size_t)L + 2)
            c *= 2;
        uint64_t *np = realloc(sg->pool, c * sizeof *np);
        if (!np)
            return -1;
        sg->pool = np;
        sg->cap = c;
    }
    sg->pool[sg->n] = h;
    sg->pool[sg->n + 1] = (uint64_t)L;
    memcpy(sg->pool + sg->n + 2, sg->buf, (size_t)L * sizeof *sg->buf);
    sg->slot[i] = sg->n + 1; /* points at the length; the hash before it */
    sg->n += (size_t)L + 2;
    if (++sg->used * 2 > sg->mask + 1 && !sig_grow(sg))
        return -1;
    return 0;
}

/*
 * The H x H width table of the first step (rm_h2_full's widths when neither
 * factored nor zone widths apply) as one byte a pair: a code into the
 * distinct widths stored so far (a SimGrid fat-tree's routes take a handful
 * of least capacities). A width is found by its bits (the hash below
 * compares them in full), so rm_h2_full reads back the stored double bit
 * for bit; past rmi_h2_wtab_max codes the table becomes the double table
 * it replaces, each code expanded to its width.
 */
int rmi_h2_wtab_max = 256;
atomic_long rmi_h2_wtab_widened;

static void wtab_codes_free(h2_work *wk)
{
    free(wk->full8);
    free(wk->fval);
    free(wk->fhash);
    wk->full8 = NULL;
    wk->fval = NULL;
    wk->fhash = NULL;
    wk->n_fval = 0;
}

void rmi_h2_wtab_free(h2_work *wk)
{
    wtab_codes_free(wk);
    free(wk->full);
    wk->full = NULL;
}

rm_status rmi_h2_wtab_init(h2_work *wk, rm_error *err)
{
    size_t n = (size_t)wk->H * (size_t)wk->H;
    rmi_h2_wtab_free(wk);
    if (rmi_h2_wtab_max > 0) {
        wk->full8 = calloc(n + 1, 1);
        wk->fval = calloc(256, sizeof *wk->fval);
        wk->fhash = calloc(H2_WHASH, sizeof *wk->fhash);
        if (!wk->full8 || !wk->fval || !wk->fhash) {
            wtab_codes_free(wk);
            return rm_error_set(err, RM_ENOMEM, "out of memory in SharedRing (%d hosts)", wk->H);
        }
        return RM_OK;
    }
    wk->full = malloc((n + 1) * sizeof *wk->full);
    if (!wk->full)
        return rm_error_set(err, RM_ENOMEM, "out of memory in SharedRing (%d hosts)", wk->H);
    return RM_OK;
}

int rmi_h2_wtab_put(h2_work *wk, size_t at, double w)
{
    uint64_t u = dbits(w);
    size_t k = (size_t)((u * 0x9e3779b97f4a7c15ULL) >> 40) & (H2_WHASH - 1);
    for (; wk->fhash[k]; k = (k + 1) & (H2_WHASH - 1))
        if (dbits(wk->fval[wk->fhash[k] - 1]) == u) {
            wk->full8[at] = (unsigned char)(wk->fhash[k] - 1);
            return 0;
        }
    int most = rmi_h2_wtab_max < 256 ? rmi_h2_wtab_max : 256;
    if (wk->n_fval < most) {
        int c = wk->n_fval++;
        wk->fval[c] = w;
        wk->fhash[k] = (short)(c + 1);
        wk->full8[at] = (unsigned char)c;
        return 0;
    }
    /* one width too many: the double table, each code expanded */
    size_t n = (size_t)wk->H * (size_t)wk->H;
    double *full = malloc((n + 1) * sizeof *full);
    if (!full)
        return -1;
    for (size_t x = 0; x < n; x++)
        full[x] = wk->fval[wk->full8[x]];
    full[at] = w;
    wtab_codes_free(wk);
    wk->full = full;
    atomic_fetch_add(&rmi_h2_wtab_widened, 1);
    return 0;
}
