/*
 * sharedring_internal.h — the parts of the SharedRing greedy (Legrand et al. 2004
 * §4.4) shared by its three files: heur/sharedring/sharedring.c (the paper's step:
 * best pair, evaluation of one ring edge's insertions, insertion,
 * refinement, the growth loop), heur/sharedring/sharedring_bounds.c (the exact lower
 * bounds of the fast path: O(1) eq. (5) evaluation, per-edge bounds from
 * full-capacity widths, the share lower bound) and heur/sharedring/sharedring_scan.c
 * (the parallel scan of the ring edges on a persistent thread pool).
 * Internal to the library; names rm_h2_*.
 */
#ifndef RM_RING_SHAREDRING_INTERNAL_H
#define RM_RING_SHAREDRING_INTERNAL_H

#include "heur/heur.h"
#include "model/cost_inline.h"
#include "model/cost_valid.h"

#include <math.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

/* smallest ring on which the fast path scans its edges on several threads */
#define H2_THREAD_MIN_Q 4

typedef struct h2_work h2_work;
typedef struct h2_scan h2_scan;
typedef struct edge_ctx edge_ctx;

/* Symmetry classes of interchangeable hosts (heur/sharedring/sharedring_sym.c). */
typedef struct h2_sym {
    int n_class, n_mem;
    int *cls_start; /* n_class + 1: members of class c at mem[cls_start[c] .. cls_start[c+1]) */
    int *cls_u;     /* n_class: the node every member's access link goes to */
    int *mem;       /* n_mem: host indices, increasing within a class */
    int *mres;      /* n_mem: least resource of each member's access link */
    int *nx;        /* n_mem + 1: first position >= t whose member is out of the ring */
    int *pos_of;    /* H: position of host h in mem, -1: not in a class (a single) */
    int *single;    /* the hosts in no class and out of the ring, increasing */
    int n_single;
    /* this step (rmi_h2_sym_step): the singles and each class's first member
     * out of the ring, increasing; the classes with two or more out */
    int *base, n_base;
    int *multi, n_multi;
    int *tmp; /* n_class + 1 */
    /* the classes no path can cut but at i's or j's own link
     * (rmi_h2_sym_candidates; NULL: none known): closed[c] = 1 when every
     * resource strictly between the class's least and largest member
     * resources is a resource of a link with an end of one link; lres: H x
     * 2, the least and largest resource of host h's one link, -1 -1 when
     * it has several */
    unsigned char *closed;
    int *lres;
    int *cls_of; /* n_mem: the class of each member position (NULL: searched) */
} h2_sym;

/* Interchangeable hosts under fixed routes (heur/sharedring/sharedring_fixed.c). */
typedef struct h2_fixed {
    int *owner;  /* n_res: the host index a resource is private to, -1: none */
    int *rank;   /* n_res: its rank among that host's private resources */
    int *pair;   /* 2 n_res: the two host indices of a resource crossed only by
                    routes between them (and both ways), else -1 -1 */
    int *pstart, *pres; /* H + 1, private resources of host h at pres[pstart[h] ..), increasing */
    int n_class;
    int *cls_start; /* n_class + 1: members at mem[cls_start[c] .. cls_start[c + 1]) */
    int *mem;       /* H: host indices, increasing within a class */
    int *cls_of, *pos_of; /* H: class and position of each host */
    int *nx;        /* H + 1: first position >= m of its class out of the ring */
    int *scr, room; /* scratch of the construction: 2 routes of room arcs */
    int n_host;
    int star;       /* 1: built from one SimGrid star zone's pieces (rmi_fixed_route_star) */
    /* the incremental scan (inc = 1; rmi_h2_fixed_scan_cached): */
    int inc;
    unsigned long step;     /* scans so far */
    unsigned long *res_step; /* n_res: the scan at which its residual last changed */
    double *res_prev;        /* n_res: the residual at the last scan */
    struct fx_hr **hr;       /* H: a ring host's routes to and from each class, NULL: none yet */
    struct fx_ec *ec;        /* H: the cache of the ring edge leaving host index h */
    /* which (ring host, class) routes cross each resource: rv[r] (n_rv
     * entries; rmi_h2_fixed_step pushes a change to their runs) */
    struct fx_rvec *rv;
    int n_rv;
    int *mark_x, *mark_c; /* n_res: the last (host, class) entered for a resource */
    int *pos;             /* H: ring position of a ring host (this step) */
    unsigned char *pushf; /* H: the edge leaving the host has a summary to push into */
    int *up;              /* n_res: this step's resources whose residual went up */
    unsigned long long *cbits; /* H x cwords: (edge, class) already in this step's work */
    int cwords;
    long *work;           /* this step's (edge tail << 32 | class) to push */
    int cap_work;
    size_t inc_bytes;     /* what the joins so far hold: routes, lists, one edge cache each (an estimate) */
    long inc_budget;      /* past it the incremental scan is dropped (rmi_h2_fixed_join) */
} h2_fixed;

/** Twin classes of wk's hosts under the platform's fixed routes (after
 *  rmi_h2_work_init and wk->hidx; NULL when none can be built: fewer than 3
 *  hosts, out of memory, a route that is not a walk: the scan then takes
 *  every host). O(H^2 R) for routes of R arcs (owners, twin checks within
 *  classes, at most 8 H + 64 failed or passed checks); on a SimGrid zone
 *  hierarchy of clusters kept as pieces (rmi_fixed_zones_build: one
 *  cluster, or clusters joined through gateway routes) the owners and
 *  classes come from each host's parts and the C x C middle routes
 *  instead: O(H x depth x R + C^2 R + H log H) for C clusters, plus the
 *  class scan's O(k^2) cheap order checks for k hosts of one key (exact:
 *  the argument above zones_owners, sharedring_fixed.c); a SimGrid
 *  dragonfly likewise, its routers as the blocks
 *  (rmi_fixed_zones_factored); on a SimGrid fat-tree (one cable per
 *  parent) the owners come from its routes gathered destination by
 *  destination (rmi_fixed_rects: O(H x nodes)), the classes from the
 *  probe keys and the route-reading check (O(k H R) for the k hosts of one
 *  key). */
h2_fixed *rmi_h2_fixed_new(const h2_work *wk);

/** 1 when host indices a and b are twins by reading their routes to and
 *  from every host (the check rmi_h2_fixed_new makes off a star zone), 0
 *  not, -1 out of memory. O(H R). Thread-safe (fx's scratch aside: one
 *  thread). For tests. */
int rmi_h2_fixed_twins(const h2_work *wk, const h2_fixed *fx, int a, int b);

/** 1 (default): rmi_h2_fixed_new takes the structural set-up where it
 *  applies; 0 reads every route (tests compare the two). Not thread-safe:
 *  set before mapping. */
extern int rmi_h2_fixed_structural;

/** 1 (default): rmi_h2_fixed_step recomputes a run a raised residual
 *  reaches only when its widths can have risen (wit_holds,
 *  sharedring_fixed.c); 0 recomputes every such run (tests compare the
 *  two). Not thread-safe: set before mapping. */
extern int rmi_h2_fixed_push_bound;

/** 1 (default): when the best ring improves at two sizes in a row, the
 *  best ring becomes the ring of s by its insertion alone (the arrays
 *  shifted at the inserted position, the routes of the three positions it
 *  touches copied; best_take, sharedring.c) instead of a copy of all 2q
 *  routes; 0 copies every route (tests compare the two). Not thread-safe:
 *  set before mapping. */
extern int rmi_h2_best_incremental;
/** Sizes at which best_take took the insertion alone (tests: the path is
 *  taken). Atomic: mappings in several threads add to it. */
extern atomic_long rmi_h2_best_incremental_takes;

/** Runs whose recomputation the push bound skipped (tests: the bound is
 *  taken). Updated by the serial step only. */
extern atomic_long rmi_h2_fixed_push_skips;

/** Entries of the (ring host, class) lists per resource dropped by
 *  rmi_h2_fixed_step once their class is all in the ring (tests: lists
 *  shrink). Updated by the serial step only. */
extern atomic_long rmi_h2_fixed_rev_unlinked;

/** Free fx (NULL is fine). */
void rmi_h2_fixed_destroy(h2_fixed *fx);

/* The default budget of the fixed-route scan's incremental state (bytes;
 * see rmi_h2_fixed_inc_dropped). */
#ifndef H2_FIXED_INC_BUDGET
#define H2_FIXED_INC_BUDGET (4L << 30)
#endif

/** The incremental scan's state (rmi_h2_fixed_inc_init) grows by the
 *  routes of each ring host to and from every class and an edge cache of
 *  one slot a class: O(q x classes), so O(H^2) when no two hosts are twins
 *  (a SimGrid fat-tree whose hosts all route apart: about 200 bytes a
 *  pair, 1.9 GB at 3,000 hosts, 20 GB at 10,000). When rmi_h2_fixed_join
 *  finds it over its budget (rmi_h2_cache_budget when set, a test knob;
 *  else H2_FIXED_INC_BUDGET), it drops that state and the exact plain scan
 *  takes over, as it does on ENOMEM (the same rings; about 10 times slower
 *  a step on a 3,000-host fat-tree). Joins that dropped it (a test
 *  counter). */
extern atomic_long rmi_h2_fixed_inc_dropped;

/** Host index h joins the ring. O(class). */
void rmi_h2_fixed_remove(h2_fixed *fx, int h);

/** The candidate host indices of ring edge i -> j (nodes) into out,
 *  increasing: of each class, the first member out of the ring in each run
 *  whose private resources lie alike among the other resources of the four
 *  routes (every member out of the ring when scr is too small). scr:
 *  scratch of scr_cap ints. Reads only fx and wk: thread-safe with
 *  distinct out and scr. O(classes (R log R + S x private x log class)). */
int rmi_h2_fixed_candidates(const h2_work *wk, const h2_fixed *fx, int i, int j, int *out, int *scr,
                            int scr_cap);

/** The runs the incremental scan keeps for ring edge i -> j (nodes; both
 *  joined, rmi_h2_fixed_join), the first member out of the ring of each,
 *  into out (room for H), increasing: the same cut rule as
 *  rmi_h2_fixed_candidates, from the routes read at the joins. -1 when
 *  fx->inc is 0, either end has not joined, or out of memory. For tests.
 *  Not thread-safe with a scan (reads the cache's scratch wk->fx_arcs).
 *  O(classes (R log R + S x private x log class)). */
int rmi_h2_fixed_runs(const h2_work *wk, const h2_fixed *fx, int i, int j, int *out);

/** Start the incremental scan on fx (wk's residual as it is now): 1, or 0
 *  when out of memory (fx->inc stays 0: the plain scan). O(R + H). */
int rmi_h2_fixed_inc_init(const h2_work *wk, h2_fixed *fx);

/** Host index h joined the ring (after rmi_h2_fixed_remove): its routes to
 *  and from one member of every class out of the ring, read once (a
 *  route's links never change): the resources that are not private to the
 *  member nor a backbone, with their multiplicity, and the least width of
 *  the others. Out of memory: fx->inc = 0. O(classes R^2). */
void rmi_h2_fixed_join(const h2_work *wk, h2_fixed *fx, int h);

/** A new scan of ring s: stamp the resources whose residual changed among
 *  the touched ones tl[0 .. nt) (all: every one), and give each run whose
 *  routes cross one of them, on an edge with a summary, its widths on this
 *  step's residual (the edge's routes given back), folded into the edge's
 *  summary. O(q + touched + the runs crossing them). */
void rmi_h2_fixed_step(h2_work *wk, const rm_ring_state *s, const int *tl, int nt, int all);

/** Fixed routes, incremental: a lower bound of every insertion into ring
 *  edge e from its cache's summary (per cycle-time, the least cost of each
 *  of the four routes over its runs: eq. (5) and D_c/D_w C are
 *  nondecreasing in every cost, IEEE operations are monotone), c made exact
 *  (rmi_h2_edge_ctx_exact: the bound is then comparable bit for bit with
 *  every candidate's T_step); -INFINITY when the edge has no summary.
 *  Reads only. O(cycle-times + log q). */
double rmi_h2_fixed_edge_lb(const h2_work *wk, const rm_ring_state *s, int e, edge_ctx *c);

/** The same bound on c's sums as they are, without making them exact: when
 *  c->exact is 0, lowered by the inexact sums' margin (2 H2_CTX_REL), so it
 *  never exceeds rmi_h2_fixed_edge_lb's value; it orders the ring edges
 *  and stops the scan (rmi_h2_edge_bounds_range), and only the edges the
 *  scan visits pay for exact sums. -INFINITY when the edge has no
 *  summary. Reads only. O(cycle-times). */
double rmi_h2_fixed_edge_lb_order(const h2_work *wk, const rm_ring_state *s, int e, const edge_ctx *c);

/** 1 when ring edge e's cache already shows, before its routes are given
 *  back, that rmi_h2_fixed_scan_cached would stop at its summary's bound
 *  (fx->inc; the cache valid for the edge's end and bandwidths): no
 *  insertion there beats or ties earlier than sc's best. Makes the edge's
 *  context wk->ectx[e] exact first (rmi_h2_edge_ctx_exact; the edge's scan,
 *  one thread, is its only writer). O(cycle-times + log q). */
int rmi_h2_fixed_edge_pruned(const h2_scan *sc, int e);

/** The incremental scan of ring edge e under fixed routes (fx->inc,
 *  context c; wk->res2 = wk->residual, the edge's routes given back by
 *  rmi_h2_scan_give_back when a run first reads it, restored on return): each run of each class keeps, across
 *  steps, its candidate's four route widths, then shares and costs, while no
 *  resource of its routes that is not private to the candidate changed (a
 *  private resource of a host out of the ring stays at full capacity; the
 *  twins of a run give the same shares and costs bit for bit); T_step by
 *  the O(1) evaluation each visit. Updates sc's best by the least (T_step,
 *  ring edge, host index). Thread-private writes and the edge's own cache.
 *  O(runs x resources per route) plus the candidates computed again. */
rm_status rmi_h2_fixed_scan_cached(h2_scan *sc, int e, edge_ctx *c, rm_error *err);

/** wk->res2 with ring edge e's two routes given back (their bandwidths
 *  added, clamped at capacity: the residual an insertion into e sees), and
 *  back to wk->residual on those resources; on the fast path O(route
 *  length), else a copy of the residual. Writes wk->res2 only. */
void rmi_h2_scan_give_back(h2_work *wk, const rm_ring_state *s, int e);
void rmi_h2_scan_restore(h2_work *wk, const rm_ring_state *s, int e);

/** The best pair's scan (Legrand et al. 2004 §4.4.1, host indices hi < hj,
 *  of one class or two): 1 when the pair gives the T_step of a pair scanned
 *  before it, bit for bit, so it cannot be the first strictly better one:
 *  hi's class member before it (or hj's, above hi) lies in the same run for
 *  the routes between the pair (the twins' argument on full capacities).
 *  Scratch wk->fx_arcs. O(R x private resources). */
int rmi_h2_fixed_pair_dup(const h2_work *wk, const h2_fixed *fx, int hi, int hj);

/** The cut positions of class members [b, e) (h: one of them) among the
 *  resources S[0 .. ns), increasing, into cut (room for ns x h's private
 *  resources): for each element of S and each non-backbone private rank,
 *  the first member whose resource of that rank is above it, when inside
 *  (b, e); unsorted, with repeats. Reads only. O(ns x private x log(e - b)). */
int rmi_h2_fixed_run_cuts(const rm_network *net, const h2_fixed *fx, int h, int b, int e, const int *S,
                          int ns, int *cut);

/* The best pair over the twin classes of one SimGrid star zone or of a
 * zone hierarchy of clusters (heur/sharedring/sharedring_pair.c; the proofs
 * at its top and above zone_host_res). */
typedef struct h2_pair_first {
    int a, b;       /* host indices, a < b: the first pair of its signature */
    int soff, slen; /* its signature at spool[soff .. soff + slen) */
} h2_pair_first;

typedef struct h2_pairs {
    const struct h2_zw *zw; /* a zone hierarchy (wk->fw.zw): widths and parts from it; wu, wd,
                               loff, lres unused */
    int *za, *zm, zcap; /* zone hierarchy: scratch lists of zcap resources each */
    int *zarcs, zacap;  /* zone hierarchy: scratch arcs of a part */
    double *wu, *wd;  /* H: least capacity of each host's leaving (U) and entering (D) piece */
    int *loff, *lres; /* the non-backbone resources of U(h) and D(h), increasing, at
                         lres[loff[h] .. loff[h + 1]) */
    h2_pair_first *pair; /* rmi_h2_pairs_of's pairs, in (a, b) order */
    int n_pair, cap_pair;
    int *x, xcap, *cut, *sig; /* scratch */
    int *slot, n_slot;        /* signature hash: index into pair, -1 empty */
    int *spool, n_spool, cap_spool;
} h2_pairs;

/** Fixed routes on one SimGrid star zone (rmi_fixed_route_star) whose
 *  pieces cross no link twice: each host's least capacity over its leaving
 *  piece U into wu and over its entering piece D into wd (H each), so that
 *  the full-capacity width of every route a -> b (a != b) is min(wu[a],
 *  wd[b]) clamped at 0, bit for bit rmi_fixed_route_width's (the proof at
 *  the top of sharedring_pair.c). 1 done, 0 not such a platform, -1 out of
 *  memory. O(H x piece length). Thread-safe (reads net). */
int rmi_h2_side_widths(const rm_network *net, double *wu, double *wd);

/** Set pp up for wk's hosts when fx was built from one SimGrid star zone's
 *  pieces (fx->star) and no piece crosses a link twice, or when wk has the
 *  widths of a zone hierarchy of clusters (wk->fw.zw, rmi_h2_zw_build) and
 *  every class of fx lies in one cluster: the full-capacity width of every
 *  route a -> b is then rmi_h2_pairs_width(pp, a, b), bit for bit. 1 done,
 *  0 not this platform (pp empty), -1 out of memory. O(H x piece length)
 *  (O(classes) on a zone hierarchy). Frees with rmi_h2_pairs_free. */
int rmi_h2_pairs_init(h2_pairs *pp, const h2_work *wk, const h2_fixed *fx);

/** Free pp's arrays (an empty pp is fine). */
void rmi_h2_pairs_free(h2_pairs *pp);

/** Width at full capacity of the fixed route host index a -> host index b
 *  (a != b): min(wu[a], wd[b]), 0 when not positive; the value
 *  rmi_fixed_route_width gives (file comment). O(1). */
double rmi_h2_pairs_width(const h2_pairs *pp, int a, int b);

/** The pairs (a, b), a < b, a in class A and b in class B (A may be B),
 *  that are the first in (a, b) order of their signature (the order of
 *  the non-backbone resources of the pair's four routes, which fixes their
 *  T_step bit for bit: Legrand et al. 2004 §4.4.1 with the twins' argument
 *  at the top of sharedring_pair.c; on a zone hierarchy the routes are
 *  made of the hosts' parts and the middles) into pp->pair, in (a, b)
 *  order: their count, -1 out of memory. O(|B| x (R log R + R x private x
 *  log |A|)). */
int rmi_h2_pairs_of(h2_pairs *pp, const h2_work *wk, const h2_fixed *fx, int A, int B);

/** 1 (default): SharedRing's best pair takes rmi_h2_pairs_of's pairs on a
 *  SimGrid star zone or zone hierarchy; 0 scans every host pair there too
 *  (tests compare the two). Not thread-safe: set before mapping. */
extern int rmi_h2_pair_classes;

/** Host pairs' signatures for SharedRing's first step under fixed routes
 *  (heur/sharedring/sharedring_sig.c: pairs of one signature have the same
 *  T_step and shares bit for bit). One thread. */
typedef struct h2_sig_res {
    uint64_t cap, lat;   /* the resource's capacity, its link's latency (bits) */
    unsigned gen;        /* seen for the current pair (h2_sig.tag) */
    int rank;            /* its rank among the pair's resources */
    int bb;              /* a backbone */
} h2_sig_res;

typedef struct h2_sig {
    const rm_network *net;
    h2_sig_res *rs;      /* n_res + 1 */
    unsigned char *arc_ok; /* n_arcs + 1: a resource, its link's latency the arc's link's */
    unsigned tag;
    int *res;            /* the pair's distinct resources, increasing */
    uint64_t *buf;       /* the signature being built */
    size_t bcap;
    uint64_t *pool;      /* kept signatures: hash, length, words */
    size_t n, cap, budget;
    size_t *slot, mask, used; /* open addressing: offset of a length word + 0 (0: empty) */
} h2_sig;

/** Set up sg for net (budget_words: the kept signatures' room, in 8-byte
 *  words). 0, -1 out of memory. O(n_res). */
int rmi_h2_sig_init(h2_sig *sg, const rm_network *net, size_t budget_words);

/** Free what sg holds. */
void rmi_h2_sig_free(h2_sig *sg);

/** The pair of host speeds and widths hdr (w_i, w_j, width i -> j, width
 *  j -> i) and routes ab (n1 arcs) and ba (n2 arcs): 1 when a pair of the
 *  same signature was given before, 0 when not (now kept, room allowing)
 *  or the pair has no signature, -1 out of memory. O((n1 + n2)^2) for the
 *  resources' order, O(n1 + n2) expected for the set. */
int rmi_h2_sig_seen(h2_sig *sg, const double hdr[4], const int *ab, int n1, const int *ba, int n2);

/** 1 (default): SharedRing's best pair under fixed routes without twin
 *  classes nor factored widths values only the first pair of each
 *  signature (rmi_h2_sig_seen) and fills the widths from the routes it
 *  reads; 0 values every pair (tests compare the two). Not thread-safe:
 *  set before mapping. */
extern int rmi_h2_pair_sigs;

/** Pairs skipped so far by rmi_h2_pair_sigs' first step as of a signature
 *  seen before (a count for tests; not thread-safe). */
extern long rmi_h2_pair_sig_skips;

/** The first member out of the ring of every class (host indices,
 *  increasing) into out: twins give the same edge bounds (the same
 *  full-capacity widths, cycle-time and access resources). O(classes). */
int rmi_h2_fixed_base(const h2_fixed *fx, int *out);

/* Incremental scan (heur/sharedring/sharedring_inc.c): one candidate's shares and route
 * costs for one ring edge, as of step `step`, and the tree paths they were
 * computed from (the arcs of its four routes walked from the candidate:
 * arcs[a0 ..] of its edge's pool, len[t] each, -1 ends a path that does not
 * reach the root). */
typedef struct h2_cent {
    int h;     /* host index */
    int ok;    /* 1: four shares > 0, x and c valid; 0: the host cannot be inserted there */
    int a0, len[4];
    unsigned long step;
    unsigned long long sig; /* the resources of its paths, hashed (rm_h2_res_bit) */
    double x[4], c[4];
} h2_cent;

/* The cache of ring edge i -> j (kept at i's host index): j, its routes'
 * bandwidths (its give-back), and the entries of its candidates by
 * increasing host index (ent/arcs; ent2/arcs2: the lists being built by a
 * visit). */
typedef struct h2_ecache {
    int j; /* -1: empty */
    double bw[2];
    h2_cent *ent, *ent2;
    int n_ent, cap_ent, n_ent2, cap_ent2;
    int *arcs, *arcs2;
    int n_arcs, cap_arcs, n_arcs2, cap_arcs2;
    long n_chk, n_bad; /* entries checked, found stale (since the edge's cache was emptied) */
    /* the edge's widest-path trees at the core nodes as of step tstep (0:
     * none): trees 0 and 2 (mirror) or 0 .. 3, n_core widths and arcs each
     * (rmi_h2_trees_store / rmi_h2_trees_reuse) */
    unsigned long tstep;
    double *twid;
    int *tarc;
    /* the changes up to step tchk are folded into tacc: tree t is exact
     * above tacc[t] (rmi_h2_trees_reuse) */
    unsigned long tchk;
    double tacc[4];
    /* the visit at step vstep (0: none since the cache was emptied) left
     * every entry valid, with the stored trees of step vtstep */
    unsigned long vstep, vtstep;
    /* the edge's local bound (rmi_h2_edge_local_store): sl is at most
     * D_c/D_w times the largest of the new C_i, C_j, C_k of every
     * insertion into the edge while its stored trees are those of step
     * sl_tstep with the exact levels sl_tlow, and its hosts' cycle-times
     * and kept routes' costs are sl_ctx (wi, wj, ci_keep, cj_keep); sl_tstep
     * 0: none */
    unsigned long sl_tstep;
    double sl, sl_tlow[4], sl_ctx[4];
} h2_ecache;

/* One change of a resource's residual between two steps: at the start of
 * step `step`, resource r changed from `old` (its value during the scans
 * of the steps before) */
typedef struct h2_clog {
    unsigned long step;
    int r;
    double old;
} h2_clog;

/* Full-capacity widths between hosts without an H x H matrix (for the
 * memory at 10,000 hosts). A host is a core node of the routing graph or a
 * leaf on one core node (topo/route/widest.h): every route from leaf a leaves by
 * one of its arcs to its node u_a and every route to leaf b enters by one of
 * u_b's arcs to b, and no widest path crosses a leaf, so the width host a ->
 * host b (a != b) is min(out[a], core[u_a][u_b], in[b]) — the bottleneck
 * value of the Dijkstra, bit for bit (min is exact). O(nc^2) doubles. */
typedef struct h2_fullw {
    int nc;          /* core nodes (rmi_widest_core_nodes) */
    const int *cnode; /* nc: the core nodes (the network's list) */
    int *cpos;       /* N: index of a core node in cnode, -1: a leaf */
    int *anchor;     /* H: core index of the host (a core node) or of its leaf's node */
    double *out, *in; /* H: widest usable arc host -> node, node -> host; INFINITY: a core host */
    double *core;    /* nc * nc: width core x -> core y at full capacity, INFINITY at x = y */
    double *su, *sd; /* H, fixed routes on one SimGrid star zone (no core): each host's
                        pieces' least capacities (rmi_h2_side_widths), else NULL */
    struct h2_zw *zw; /* fixed routes on a zone hierarchy (no core, no su): the widths
                         from each host's parts (rmi_h2_zw_build), else NULL */
} h2_fullw;

/* Full-capacity widths of the fixed routes of a SimGrid zone hierarchy of
 * clusters (rmi_fixed_zones_build) from each host's parts
 * (heur/sharedring/sharedring_zones.c; the proof at its top): route a -> b
 * inside block A min(wu[a], wd[b]); from block A to block B (e = A C + B)
 * min(wo[ooff[a] + slot[2e]], wm[e], wi[ioff[b] + slot[2e + 1]]). On a
 * dragonfly (rmi_fixed_zones_factored, fact = 1: its routers as the
 * blocks) every route is the second form, in its block or not (the middle
 * of (A, A) is what lies between two hosts of router A). */
typedef struct h2_zw {
    int H, C;
    int fact;          /* 1: rmi_fixed_zones_factored's form (no U, D) */
    int *blk;          /* H: the host's block */
    int *slot;         /* 2 C x C: rmi_fixed_zones.slot */
    double *wu, *wd;   /* H: least capacity of U(h), D(h) (INFINITY: a block of one) */
    int *ooff, *ioff;  /* H + 1: h's out (in) slots' widths at wo[ooff[h] ..] (wi[ioff[h] ..]) */
    double *wo, *wi;
    double *wm;        /* C x C: least capacity of each middle (INFINITY: none) */
    struct rmi_fixed_zones *fz; /* the zones' form (topo/route/widest.h): the parts */
} h2_zw;

/** Builds *out for net's platform when its fixed routes are a SimGrid zone
 *  hierarchy of clusters (rmi_fixed_zones_build), or one SimGrid dragonfly
 *  kept factored (rmi_fixed_zones_factored), whose routes cross no
 *  non-backbone resource twice, checked part by part and resource by
 *  resource (sharedring_zones.c): then rmi_h2_zw_width gives every route's
 *  full-capacity width, rmi_fixed_route_width's bit for bit. 1 done, 0 not
 *  such a platform (*out NULL), -1 out of memory. O(H x slots x R + C^2 R
 *  + M log M) for M part memberships of non-backbone resources. Thread-safe
 *  (reads net). */
int rmi_h2_zw_build(const rm_network *net, h2_zw **out);

/** Free zw (NULL is fine). */
void rmi_h2_zw_free(h2_zw *zw);

/** 1 (default): SharedRing's fast path takes rmi_h2_zw_build's widths on
 *  a zone hierarchy; 0 the H x H table read route by route (tests compare
 *  the two). Not thread-safe: set before mapping. */
extern int rmi_h2_zone_widths;

/** Width at full capacity of the route host index a -> host index b under
 *  zw (INFINITY when a == b, 0 when not positive). O(1). Thread-safe. */
static inline double rmi_h2_zw_width(const h2_zw *zw, int a, int b)
{
    if (a == b)
        return INFINITY;
    int A = zw->blk[a], B = zw->blk[b];
    double w;
    if (A == B && !zw->fact) {
        w = zw->wu[a] < zw->wd[b] ? zw->wu[a] : zw->wd[b];
    } else {
        size_t e = (size_t)A * (size_t)zw->C + (size_t)B;
        w = zw->wo[zw->ooff[a] + zw->slot[2 * e]];
        if (zw->wm[e] < w)
            w = zw->wm[e];
        double y = zw->wi[zw->ioff[b] + zw->slot[2 * e + 1]];
        if (y < w)
            w = y;
    }
    return w > 0.0 ? w : 0.0;
}

/* longest log of residual changes rmi_h2_trees_reuse reads (else the
 * trees are searched again and stored) */
#define H2_TREE_LOG_MAX 4096

/* Sequential sums in O(log n) per query (rm_h2_seq_*): the value of
 * s = s0; for k in k0 .. k1 - 1: s = fl(s + a[k]) (IEEE double, round to
 * nearest), bit for bit, for positive terms a[0 .. n). While s stays in one
 * binade [2^E, 2^(E+1)), every double there is a multiple of u = 2^(E-52),
 * and fl(s + a) = s + u rnd(a / u) when a / u is not a half-integer (a tie
 * would depend on the parity of s) and the exact sum stays below 2^(E+1):
 * runs of such steps are prefix sums of integers (R, 128-bit), found by
 * binary search; the other steps (a binade crossed, a tie, a term of 2^53
 * units or more: T counts them) are done one by one. */
typedef struct h2_seq {
    int n, cap;      /* terms; room */
    int e_lo, n_bin; /* binades e_lo .. e_lo + n_bin - 1 tabulated */
    int bin_cap;
    const double *a; /* n terms (not owned) */
    double *pre;     /* n + 1: the sequential prefix sums from 0.0 */
    /* binade b: positions win[2b] .. win[2b + 1] (where a running sum can be
     * in it; elsewhere one by one) at off[b] of R and T */
    int *win, *off;
    long tab_cap;
    void *R;         /* unsigned 128-bit integers (NULL: no tables) */
    int *T;
    /* runs of bitwise-equal terms: rs[k] the first position of k's run;
     * for a run starting at b of at least H2_SEQ_RUN_MIN terms, re[b] its
     * end (exclusive) and rv[b] the sum without positions b and b + 1 (the
     * same bits without any two adjacent positions of the run: the terms
     * left are the same sequence); re[b] = -1 for shorter runs. NULL when
     * not tabulated (no memory). */
    int *rs, *re;
    double *rv;
    int run_cap;
} h2_seq;

/* least run of equal terms whose sum without two adjacent positions is
 * tabulated (one rmi_h2_seq_sum per such run and step, saving one per
 * ring edge inside it but the first) */
#define H2_SEQ_RUN_MIN 8

/** Tabulate the sequential sums of a[0 .. n) (a kept, not copied; read
 *  while the tables are used). Without 128-bit integers or memory, or when
 *  all n terms are equal (rmi_h2_seq_skip2 then answers from the runs'
 *  table): prefix sums only (rmi_h2_seq_sum then adds one by one).
 *  O(n x binades). */
void rmi_h2_seq_build(h2_seq *sq, const double *a, int n);

/** fl-sequential sum of a[k0 .. k1) onto s0 (see h2_seq), bit for bit.
 *  Thread-safe (reads only). O((binades + ties) log n). */
double rmi_h2_seq_sum(const h2_seq *sq, double s0, int k0, int k1);

/** fl-sequential sum of a[0 .. n) without positions e and (e + 1) % n
 *  (e in [0, n), n >= 2): rmi_h2_seq_sum's value bit for bit, from the
 *  runs' table when both positions lie in one run of at least
 *  H2_SEQ_RUN_MIN equal terms (for the wrap edge: when all n terms are
 *  equal), in O(1); else rmi_h2_seq_sum. Thread-safe (reads only). */
double rmi_h2_seq_skip2(const h2_seq *sq, int e);

/** Free sq's tables. */
void rmi_h2_seq_free(h2_seq *sq);

/* candidates per ring edge up to which the incremental scan keeps every
 * candidate (above: those that pass the pruning bounds) and the edge
 * bounds leave the edge unbounded */
#define H2_CACHE_MAX_CAND 64

typedef struct h2_work {
    const rm_network *net;
    const rm_platform *p;
    rm_routing routing; /* widest paths or direct links (topo/route/routing.c) */
    int N;
    double *residual; /* n_res: what the ring's routes left */
    double *res2;     /* n_res: residual with one ring edge given back */
    double *wid[4];   /* N each: trees from i, to i, from j, to j */
    int *arc[4];
    int *stamp; /* n_res, for detecting shared resources */
    unsigned char *rmask; /* n_res, all 0 between calls: which of 4 routes cross it */
    int stamp_now;
    int *in_ring; /* N */
    double *tw, *tC; /* q+1 scratch for rm_balance */
    const rm_cost_model *cost; /* the run's model: every candidate valued under it
                                  (rmi_balance_in; the overlap model skips the
                                  closed form of eq. (5)) */
    /* fast path: full-capacity widths between hosts, an upper
     * bound of every residual width, for lower bounds of insertions */
    int fast;
    int H;
    int *hidx;      /* N: host index of a node, -1 for a router */
    double *full;   /* H*H: full[a*H + b] = width host a -> host b (NULL: reference, fw,
                       or full8) */
    unsigned char *full8; /* H*H: the same widths as codes, fval[full8[a*H + b]], while at
                             most rmi_h2_wtab_max distinct widths were stored
                             (rmi_h2_wtab_init; NULL: full, reference, or fw) */
    double *fval;   /* 256: the distinct widths full8 codes, in the order first stored */
    short *fhash;   /* H2_WHASH: 1 + code of a width, by a hash of its bits (0: empty) */
    int n_fval;
    h2_fullw fw;    /* fw.core != NULL: the factored widths instead of full (rmi_h2_fullw_init) */
    int *kres_out, *kres_in; /* H: the one non-backbone resource of every usable arc
                                leaving / entering a host, -1: none or several */
    int tree_opt;   /* rmi_h2_share_tree_bound (rmi_h2_tree_bound_init): 0 off (fixed
                       routes), 1 on, 2 on mirrored trees (half duplex), 3 also the
                       mirrored routes' common bottlenecks (no backbone) */
    double cap_max; /* the largest finite resource capacity (Mb/s) */
    double *edge_lb; /* max_q: lower bound of each ring edge's best insertion */
    int *order;      /* max_q: ring edges by increasing edge_lb */
    int tier_hint;   /* the last scan_tiers step's winning ring edge + 1 (0: none) */
    rm_route cand[4];
    rm_route best[4];
    /* fast path: the persistent pool of scan threads (heur/sharedring/sharedring_scan.c),
     * NULL: one scan in the calling thread */
    struct h2_pool *pool;
    int last_k; /* the host inserted by the last insert_best */
    int last_pos; /* its ring position, -1 before the first insert_best */
    int best_q;   /* the size at which the best ring was last made the ring of
                     s (best_take), -1: never; see rmi_h2_best_incremental */
    /* fast path, widest routing: symmetry classes (shared, read-only during
     * a scan; NULL: every host is a candidate) and the scan's scratch */
    h2_sym *sym;
    int *cand_h;  /* H: the candidate hosts of one ring edge */
    int *cand_x;  /* H: scratch of rmi_h2_sym_candidates */
    int *sym_r;   /* sym_rcap: resources cutting the classes */
    int sym_rcap;
    /* fast path: the arcs leaving / entering each node (edge bounds from
     * the residual capacity around the edge's hosts) */
    int *out_start, *out_arc, *in_start, *in_arc;
    /* fast path: per ring position 1/w, C/w, D_c/D_w * C of this step
     * (rmi_h2_scan_all; shared, read-only during the scan) */
    double *pinv, *pcw, *pd, *pmax_pre, *pmax_suf;
    double *psuf; /* 2 (max_q + 2): suffix sums of pinv, then of pcw (rmi_h2_edge_bounds) */
    struct edge_ctx *ectx; /* max_q: each edge's context of this step (rmi_h2_edge_bounds) */
    /* fast path, widest routing, greedy sharing: the incremental scan
     * (heur/sharedring/sharedring_inc.c; NULL: off). ecache: H edge caches by tail host
     * index (shared: each edge is visited by one scan per step); res_step:
     * the step at which each resource's residual last changed; res_prev: the
     * residual at the last step */
    h2_ecache *ecache;
    /* the edge caches' bytes (entries, paths, stored trees; shared by every
     * scan's view, so a pointer) and their budget (rmi_h2_cache_budget) */
    atomic_long *cache_bytes;
    long cache_budget;
    unsigned long *res_step;
    double *res_prev;
    unsigned long step;
    /* the log of residual changes (rmi_h2_cache_step): clog[clog_at[s] ..
     * clog_at[s + 1]) are the changes at the start of step s; the arcs of
     * each resource (ra_start / ra_arc) and the core nodes' positions
     * (core_pos, -1: a leaf) for rmi_h2_trees_reuse */
    h2_clog *clog;
    long n_clog, cap_clog;
    long *clog_at;
    unsigned long cap_clog_at;
    int *ra_start, *ra_arc;
    int *core_pos;
    int n_core;
    const int *core;
    /* the core nodes as runs of consecutive node ids: run x covers core
     * positions core_run[2x] .. core_run[2x + 2] - 1 (n_core_run runs,
     * core_run[2 n_core_run] = n_core), from node core_run[2x + 1]; the
     * stored trees are copied run by run (rmi_h2_trees_reuse / _store) */
    int *core_run;
    int n_core_run;
    int *kanchor; /* H: the node a host hangs off (itself when a core node) */
    /* rmi_h2_trees_reuse's result (thread-private): tree t is exact at the
     * nodes of width > tlow[t] (every node when tlow[t] < 0); a node of
     * width <= tlow[t] has width <= tlow[t] in the exact tree too */
    double tlow[4];
    int *cand_f; /* H: scratch of the candidates kept (rmi_h2_scan_edge) */
    int *cand_j; /* H: scratch of rmi_h2_scan_cached (its entries of hosts in the ring) */
    double *bnd_t; /* H: scratch of rmi_h2_edge_bounds_range (each candidate's width bound) */
    /* fixed routes (a platform that fixes them): room for the arcs of a
     * candidate's four routes, fx_room each (rmi_h2_scan_edge); the twin
     * classes (shared, read-only during a scan; NULL: every host) */
    int *fx_arcs, fx_room;
    h2_fixed *fx;
    /* fast path: this step's sequential sums of pinv and pcw
     * (rmi_h2_edge_bounds; rmi_h2_edge_ctx_exact) */
    h2_seq seq_inv, seq_cw;
    /* the resources whose residual changed since the last scan (main work:
     * touch[0 .. n_touch), tmark[r] = 1 for them; touch_all: every resource,
     * after a refinement or an allocation failure), so that a step costs
     * O(changed resources), not O(resources): rmi_h2_touch_flush */
    int *touch, n_touch, cap_touch, touch_all;
    unsigned char *tmark;
    int res2_ok; /* res2 == residual as of the last flush (else copied whole) */
    /* fast path: the max-min shares of each size's ring kept from the last
     * size, solved again where the insertion changed them
     * (bw/maxmin_ring.h: rm_maxmin's rates bit for bit); NULL until used */
    struct rmi_mm_ring *mmr;
    double *fair_x; /* the fair valuation's rates (succ, then pred), fair_cap of them */
    int fair_cap;
} h2_work;

/** Record that the residual of the resources of route r changed (main work
 *  only). O(len). */
void rmi_h2_touch_route(h2_work *wk, const rm_route *r);

/** The resources touched since the last call, increasing, into *out (n of
 *  them; *all = 1: every resource), the marks cleared by
 *  rmi_h2_touch_clear. O(touched log touched). */
void rmi_h2_touch_list(h2_work *wk, const int **out, int *n, int *all);

/** Forget the touched resources. O(touched). */
void rmi_h2_touch_clear(h2_work *wk);

/** Non-zero when node u (a core node, not the root of tree t) has a stored
 *  width <= wk->tlow[t] in some tree t after rmi_h2_trees_reuse (ring edge
 *  i -> j): the exact routes through it are at most that wide. O(1). */
static inline int rm_h2_node_low(const h2_work *wk, int u, int i, int j)
{
    if (u < 0 || !wk->core_pos || wk->core_pos[u] < 0)
        return 0;
    for (int t = 0; t < 4; t++)
        if (wk->tlow[t] >= 0.0 && u != (t < 2 ? i : j) && wk->wid[t][u] <= wk->tlow[t])
            return 1;
    return 0;
}

/** Full-capacity width host index a -> host index b (INFINITY when a == b),
 *  from wk->fw (factored) or wk->full (the H x H matrix). O(1). */
static inline double rm_h2_full(const h2_work *wk, int a, int b)
{
    const h2_fullw *f = &wk->fw;
    if (!f->core && f->su) { /* one star zone: min(U(a), D(b)) (sharedring_pair.c) */
        if (a == b)
            return INFINITY;
        double w = f->su[a] < f->sd[b] ? f->su[a] : f->sd[b];
        return w > 0.0 ? w : 0.0;
    }
    if (!f->core && f->zw) /* a zone hierarchy: from the parts (sharedring_zones.c) */
        return rmi_h2_zw_width(f->zw, a, b);
    if (!f->core && wk->full8)
        return wk->fval[wk->full8[(size_t)a * (size_t)wk->H + (size_t)b]];
    if (!f->core)
        return wk->full[(size_t)a * (size_t)wk->H + (size_t)b];
    if (a == b)
        return INFINITY;
    double w = f->core[(size_t)f->anchor[a] * (size_t)f->nc + (size_t)f->anchor[b]];
    if (f->out[a] < w)
        w = f->out[a];
    if (f->in[b] < w)
        w = f->in[b];
    return w;
}

/** Fast path (after rmi_h2_adjacency, wk->hidx and wk->H set): the factored
 *  full-capacity widths wk->fw when routing is widest and every leaf host's
 *  node is a core node; under fixed routes on one SimGrid star zone each
 *  host's pieces' least capacities (wk->fw.su, sd: rmi_h2_side_widths), on
 *  a zone hierarchy of clusters each host's parts' and each middle's
 *  (wk->fw.zw: rmi_h2_zw_build); else the H x H matrix wk->full (filled by
 *  best_pair). nc widest-path trees of the core, O(H x piece length) for
 *  the pieces. RM_ENOMEM. */
rm_status rmi_h2_fullw_init(h2_work *wk, rm_error *err);

/* The slots of the width codes' hash (a power of 2, at least 4 x 256). */
#define H2_WHASH 1024

/** The most distinct widths the H x H width table keeps as one-byte codes
 *  (1 .. 256; default 256): past it the table is widened to one double a
 *  pair (rmi_h2_wtab_put); 0: doubles from the start. Tests lower it. Not
 *  thread-safe: set before mapping. */
extern int rmi_h2_wtab_max;

/** Tables widened from codes to doubles (tests: the path is taken). Atomic:
 *  mappings in several threads add to it. */
extern atomic_long rmi_h2_wtab_widened;

/** The H x H full-capacity width table of the fast path when neither
 *  factored nor zone widths apply (filled by best_pair: every pair's
 *  width, then read by rm_h2_full): one byte a pair (wk->full8, codes into
 *  the distinct widths wk->fval; a SimGrid fat-tree has a handful, so 100
 *  MB instead of 800 at 10,000 hosts) while rmi_h2_wtab_max allows, else
 *  one double a pair (wk->full). Every width is kept bit for bit.
 *  RM_ENOMEM. O(H^2) memory, lazily zeroed. */
rm_status rmi_h2_wtab_init(h2_work *wk, rm_error *err);

/** Store width w of host index pair at (a x H + b) in the code table: its
 *  code when w's bits were stored before, else a new code, else (past
 *  rmi_h2_wtab_max codes) the table widened to doubles (O(H^2) once). 0, -1
 *  out of memory (the codes then stay as they were). O(1) expected. Not
 *  thread-safe (one writer: best_pair). */
int rmi_h2_wtab_put(h2_work *wk, size_t at, double w);

/** Free the width table (codes and doubles). */
void rmi_h2_wtab_free(h2_work *wk);

/** Store the full-capacity width host index a -> host index b (rm_h2_full
 *  reads it back bit for bit): 0, -1 out of memory. O(1). */
static inline int rm_h2_wtab_set(h2_work *wk, int a, int b, double w)
{
    size_t at = (size_t)a * (size_t)wk->H + (size_t)b;
    if (!wk->full8) {
        wk->full[at] = w;
        return 0;
    }
    return rmi_h2_wtab_put(wk, at, w);
}

/** 1 when the fast path holds the H x H width table (codes or doubles). */
static inline int rm_h2_has_wtab(const h2_work *wk)
{
    return wk->full8 || wk->full;
}

/** Fast path (after rmi_h2_adjacency): wk->kres_out / kres_in. RM_ENOMEM. O(H deg). */
rm_status rmi_h2_kres_init(h2_work *wk, rm_error *err);

/** Free wk->fw. */
void rmi_h2_fullw_destroy(h2_work *wk);

/** Symmetry classes of net's hosts (undirected platforms only; NULL when
 *  none or out of memory: the scan then takes every host). O(H log H + L). */
h2_sym *rmi_h2_sym_new(const rm_network *net);

/** Free sy (NULL is fine). */
void rmi_h2_sym_destroy(h2_sym *sy);

/** 1 (default): rmi_h2_sym_candidates skips the path walk of a closed
 *  class that neither end of the ring edge can cut (h2_sym.closed); 0
 *  walks every class (tests compare the two). Not thread-safe: set before
 *  mapping. */
extern int rmi_h2_sym_closed_on;

/** Host index h joins the ring: no longer a candidate. Amortised O(class). */
void rmi_h2_sym_remove(h2_sym *sy, int h);

/** The step's base list and multi classes (see h2_sym), after the ring
 *  changed. O(H + C log C). */
void rmi_h2_sym_step(h2_sym *sy);

/** The candidate host indices of ring edge i -> j, increasing (*n of them):
 *  the hosts out of the ring in no class, and of each class the first
 *  member out of the ring in each run between the resources of the four
 *  routes' common part (trees wk->arc[0..3] when trees != 0; trees == 0:
 *  one per class, for bounds that depend on widths only: the step's base
 *  list). Either the base list or wk->cand_h. Reads only sym and the trees:
 *  thread-safe with distinct scratch. O(base + multi classes' paths). */
const int *rmi_h2_sym_candidates(h2_work *wk, int i, int j, int trees, int *n);

/** Scratch of one scan for a network (routes, trees, residual copies) and a
 *  ring of up to max_q hosts; residual = the network's capacities.
 *  RM_ENOMEM (everything freed). O(N + R). */
rm_status rmi_h2_work_init(h2_work *wk, const rm_network *net, int max_q, rm_error *err);

/** Free what rmi_h2_work_init and the fast path allocated (pool included). */
void rmi_h2_work_destroy(h2_work *wk);

/** The cost models SharedRing's fast path is proven for (its O(1) evaluation
 *  and the lower bounds of heur/sharedring/sharedring_bounds.c, and the pair start's
 *  unshared bound): the incremental form of eq. (5) equals rm_balance, and
 *  the bounds take full-capacity widths (>= every share) with latencies
 *  left out (>= 0, they only add) and the sum or, with parallel send, the
 *  max of the two route costs — eq. (1) of Legrand et al. 2004 and §2.4:
 *  rmi_cost_model_eq1 (model/cost_valid.h), any D_c/D_w, latency on or off.
 *  1 when valid, else 0: SharedRing then runs its reference path (every
 *  ring edge and candidate evaluated by rm_balance). O(1). */
int rmi_h2_fast_valid_for(const rm_cost_model *m);

/** The cost models the incremental scan (heur/sharedring/sharedring_inc.c) is proven
 *  for: a candidate's stored shares and route costs are reused while its
 *  routes and their residuals are unchanged and its T_step is re-evaluated
 *  by the fast path's O(1) form — so the models of rmi_h2_fast_valid_for.
 *  (It also needs the symmetry classes and the greedy sharing: not cost
 *  model conditions, checked by the caller.) O(1). */
int rmi_h2_inc_valid_for(const rm_cost_model *m);

/** The cost models the symmetry classes (heur/sharedring/sharedring_sym.c) are proven
 *  for: members of a class give bit for bit the same route shares, route
 *  costs (same capacity and latency of their own link) and w, and T_step is
 *  a function of those under eq. (1) (rm_balance): rmi_cost_model_eq1.
 *  (Widest-path routing is needed too: checked by the caller.) O(1). */
int rmi_h2_sym_valid_for(const rm_cost_model *m);

/* O(1) evaluation of T_step after an insertion (eq. (5) in incremental
 * form), exact when every alpha stays >= 0; otherwise rm_balance. The m
 * unchanged hosts are in tw/tC[0..m-1]; the three changed ones are passed. */
typedef struct fast_eval {
    double sum_inv, sum_cw, dmax, dc_dw;
} fast_eval;

/** Sums of the m unchanged hosts (w, C) for the O(1) evaluations. O(m). */
void rmi_h2_fast_eval_init(fast_eval *ev, const double *w, const double *C, int m, double dc_dw);

/** T_step/D_w after an insertion: eq. (5) in incremental form when every
 *  alpha stays >= 0, else rm_balance over wk->tw/tC (m unchanged hosts
 *  there) plus the three changed ones. O(1) or O(q log q). */
double rmi_h2_fast_eval_T(const fast_eval *ev, h2_work *wk, int m, double wi, double Ci, double wj,
                         double Cj, double wk3, double Ck);

/* fmax and fmin as glibc gives them on x86-64 (maxsd / minsd when ordered:
 * y when x == y, so the same zero's sign; the number when one is a NaN),
 * inline: the scans' O(1) evaluations call them millions of times, and
 * without -ffinite-math-only GCC calls libm */
static inline double rm_h2_fmax(double x, double y)
{
    return (x > y || isnan(y)) ? x : y;
}

static inline double rm_h2_fmin(double x, double y)
{
    return (x < y || isnan(y)) ? x : y;
}

/** rmi_h2_fast_eval_T when it needs no rm_balance (*ok = 1): T5 >= D, or
 *  T5 < D (1 - 1e-9), where rm_balance returns D bit for bit; else *ok = 0.
 *  Inline (the scans' inner loops): the same operations in the same order
 *  as the function it replaces, so the same bits. O(1). */
static inline double rmi_h2_fast_eval_T_try(const fast_eval *ev, double wi, double Ci, double wj,
                                            double Cj, double wk3, double Ck, int *ok)
{
    double r = ev->dc_dw;
    double inv = ev->sum_inv + 1.0 / wi + 1.0 / wj + 1.0 / wk3;
    double T5 = (1.0 + r * (ev->sum_cw + Ci / wi + Cj / wj + Ck / wk3)) / inv;
    double d = rm_h2_fmax(ev->dmax, rm_h2_fmax(r * Ci, rm_h2_fmax(r * Cj, r * Ck)));
    *ok = 1;
    if (T5 >= d)
        return T5;
    /* T5 clearly below the largest D_c/D_w * C: rm_balance's active prefix
     * stops at a t <= the next d <= dmax (or takes every host: t = T5 in
     * another order, within the margin), and it returns its dmax, the
     * largest of the same products: d bit for bit */
    if (T5 < d * (1.0 - 1e-9))
        return d;
    *ok = 0;
    return NAN;
}

/** max(T5, D): a lower bound of rmi_h2_fast_eval_T, equal to it when T5 >=
 *  D. Inline (see rmi_h2_fast_eval_T_try). O(1). */
static inline double rmi_h2_fast_eval_lb(const fast_eval *ev, double wi, double Ci, double wj,
                                         double Cj, double wk3, double Ck)
{
    double r = ev->dc_dw;
    double inv = ev->sum_inv + 1.0 / wi + 1.0 / wj + 1.0 / wk3;
    double T5 = (1.0 + r * (ev->sum_cw + Ci / wi + Cj / wj + Ck / wk3)) / inv;
    double d = rm_h2_fmax(ev->dmax, rm_h2_fmax(r * Ci, rm_h2_fmax(r * Cj, r * Ck)));
    return T5 >= d ? T5 : d;
}

/* What the evaluation of insertions into ring edge e (i -> j) needs: the
 * unchanged hosts (all but i and j) summed into ev, their count m in
 * wk->tw/tC, the cycle-times of i and j and the costs of the routes of i and
 * j that stay (i's predecessor route, j's successor route). O(q + len). */
struct edge_ctx { /* struct tag used by h2_work */
    int ni, i, j, m;
    int exact; /* 2: rmi_h2_edge_ctx_init's (tw/tC filled); 1: its sums bit for
                  bit, tw/tC not filled; 0: sums within a relative H2_CTX_REL of
                  them, tw/tC not filled (rmi_h2_edge_bounds) */
    fast_eval ev;
    double wi, wj, ci_keep, cj_keep;
};

/* relative error bound of an inexact edge_ctx's sums and of the T_step
 * values computed from them (rounding of q <= 10^6 positive terms added in
 * another order: (q + 3) 2^-53 < 2e-10) */
#define H2_CTX_REL 1e-9

/** The sums of c (ring edge e, from rmi_h2_edge_bounds) bit for bit those of
 *  rmi_h2_edge_ctx_init, from the step's sequential-sum tables; c->exact = 1
 *  (tw/tC not filled). Thread-safe. O((binades + ties) log q). */
void rmi_h2_edge_ctx_exact(edge_ctx *c, const h2_work *wk, const rm_ring_state *s, int e);

/** Fill c for ring edge e (see edge_ctx); writes wk->tw/tC; c->exact = 2. O(q + len). */
void rmi_h2_edge_ctx_init(edge_ctx *c, h2_work *wk, const rm_ring_state *s, int e, double dc_dw);

/** Fast path: a lower bound of T_step/D_w of inserting host index h (cycle-time
 *  wkk) into the edge of context c, when its four routes' shares are at most
 *  u[t] (their widths) and routes 1, 2 (leaving k) share kres_out[h], routes
 *  0, 3 (entering k) kres_in[h], of capacities cap[] (both ways one resource:
 *  all four share it): D_c/D_w C_k >= D_c/D_w (1/x_1 + 1/x_2) (half that
 *  with parallel send) and, without parallel send, eq. (5)'s T5 with
 *  sum_t a_t c_t >= the least sum_t a_t / x_t under those constraints (the
 *  group bound of rmi_h2_share_lower_bound on k's resources, without the
 *  routes). A lower bound of rmi_h2_share_lower_bound's value. O(1). */
double rmi_h2_k_bound(const h2_work *wk, const edge_ctx *c, int h, double wkk, const double *u,
                     const double *cap, int par, double dc_dw);

/** Fast path: wk->ectx[e] = edge e's context with sums from prefix and
 *  suffix sums (exact = 0, except the wrap edge: exact = 1 without tw/tC),
 *  wk->edge_lb[e] = a lower bound of the best insertion into ring
 *  edge e (full-capacity widths, capped by the widest residual arc around
 *  the edge's hosts with its routes given back), wk->order = the edges by
 *  increasing bound. O(q H + q log q). */
void rmi_h2_edge_bounds(h2_work *wk, const rm_ring_state *s, double dc_dw);

/** rmi_h2_edge_bounds in three parts, for the scan threads: _begin (the
 *  step's prefix and suffix sums and maxima, the sequential sums; O(q)),
 *  _range (edges e0 .. e1 - 1: wk->ectx[e] and wk->edge_lb[e], bit for bit
 *  the values of the whole pass; reads wk's shared state only, writes those
 *  entries and wk's thread-private scratch: disjoint ranges may run at once
 *  on twin views, except with fixed routes, wk->fx, whose candidates use
 *  shared scratch), _end (wk->order; O(q log q)). */
void rmi_h2_edge_bounds_begin(h2_work *wk, const rm_ring_state *s);
void rmi_h2_edge_bounds_range(h2_work *wk, const rm_ring_state *s, double dc_dw, int e0, int e1);
void rmi_h2_edge_bounds_end(h2_work *wk, int q);

/** The largest D_c/D_w C of the ring's hosts other than ring edge e's two
 *  (positions e and e + 1 mod q): the ev.dmax of its context, bit for bit
 *  (after rmi_h2_edge_bounds_begin: the step's prefix and suffix maxima;
 *  a maximum by `>` from 0.0, NaN never counts). Reads only. O(1), O(q)
 *  for the wrap edge e = q - 1. */
double rmi_h2_edge_dmax(const h2_work *wk, int q, int e);

/** Sort the ring edges a[0 .. n) by (wk->edge_lb, edge index), NaN last
 *  (a merge sort; scratch wk->tw, n <= its q + 1). O(n log n). */
void rmi_h2_sort_edges(h2_work *wk, int *a, int n);

/** Fast path: wk's lists of the arcs leaving and entering each node.
 *  RM_ENOMEM. O(N + A). */
rm_status rmi_h2_adjacency(h2_work *wk, rm_error *err);

/** Fast path: a lower bound of min sum_t a_t / x_t over the shares x of the
 *  four routes r on capacities cap; *k_lb = one of 1/x_1 + 1/x_2. O(L). */
double rmi_h2_share_lower_bound(h2_work *wk, const double *cap, const rm_route *r, const double *a,
                               double *k_lb);

/** Fast path: lower bounds of 1 / x_t (inv_lb[4]) and of 1 / x_1 + 1 / x_2
 *  (*k_lb) for the shares x that rmi_h2_share_routes gives the four routes
 *  r (weights a > 0) on cap when its optimal split converges: tighter than
 *  rmi_h2_share_lower_bound's (which hold for every feasible split), from
 *  weak duality (proof at the definition). 0 (bounds 0) when it does not
 *  apply. O(L). */
int rmi_h2_share_opt_bound(h2_work *wk, const double *cap, const rm_route *r, const double *a,
                           double *inv_lb, double *k_lb);

/** Candidates that rmi_h2_share_opt_bound's bounds pruned before their
 *  share computation (the fast scans; a statistic for the tests). */
extern atomic_long rmi_h2_opt_prunes;

/** Fast path, routes read from trees (widest paths or direct links): the
 *  bounds of rmi_h2_share_opt_bound for candidate host index h (node k) of
 *  ring edge i -> j (nodes) before its routes are built, from the trees in
 *  wk->arc (as the scans build the routes from them): the four widths u
 *  (route order: 0 = i->k, 1 = k->i, 2 = k->j, 3 = j->k), k's access
 *  resources (wk->kres_out, kres_in), the arcs that the paths from k share
 *  in the trees from i and from j (to i and to j), and, on a half-duplex
 *  mirror network without backbones (wk->tree_opt == 3), the common
 *  bottleneck of routes 0 and 1 and of routes 2 and 3. Lower bounds of
 *  1 / x_t (inv_lb[4]) and of 1 / x_1 + 1 / x_2 (*k_lb) for the shares
 *  rmi_h2_share_routes gives the built routes on cap (weights a > 0: a_t
 *  the sender's 1/w, Mflop/s; cap and u in Mb/s, bounds in s/Mb) when its
 *  optimal split converges; in exact arithmetic at most
 *  rmi_h2_share_opt_bound's on the built routes (proof at the definition;
 *  Legrand et al. 2004 §4.4.2). 0 (bounds 0) when it does not apply.
 *  Reads only: thread-safe. O(1) plus the shared arcs. */
int rmi_h2_share_tree_bound(const h2_work *wk, const double *cap, int i, int j, int h, int k,
                            const double *u, const double *a, double *inv_lb, double *k_lb);

/** wk->tree_opt and wk->cap_max for rmi_h2_share_tree_bound (after
 *  rmi_h2_kres_init; mirror: the trees to a node mirror those from it, on
 *  an undirected half-duplex network). O(resources). */
void rmi_h2_tree_bound_init(h2_work *wk, int mirror);

/** Candidates that rmi_h2_share_tree_bound pruned before their routes were
 *  built (a statistic for the tests). */
extern atomic_long rmi_h2_tree_prunes;

/* Ring edges whose visit the local bound ruled out (rmi_h2_edge_local_skip;
 * tests check that it ran), and the switch of that skip (tests turn it
 * off to compare). */
extern atomic_long rmi_h2_local_skips;
extern int rmi_h2_local_skip_on;

/** 1 (default): SharedRing's scans take rmi_h2_share_tree_bound; 0 they
 *  build the routes of every candidate the width bounds keep (tests compare
 *  the two). Not thread-safe: set before mapping. */
extern int rmi_h2_tree_bound_on;

/** A lower bound of the T_step/D_w of inserting host k (cycle-time wkk)
 *  into the edge of c, from lower bounds of its routes' costs: Tlow (the
 *  widths' bound), k_lb <= 1 / x_1 + 1 / x_2, sum_lb <= sum_t a_t / x_t,
 *  inv0 <= 1 / x_0, inv3 <= 1 / x_3 (0: none). As rmi_h2_fast_eval_lb:
 *  T_step >= max(T5, D_c/D_w C_h) for h = i, j, k, every cost growing with
 *  1 / x_t (latencies >= 0); with parallel send C_k >= k_lb / 2 and no T5
 *  term. O(1). */
static inline double rmi_h2_share_T_lb(const edge_ctx *c, double wkk, double Tlow, int par,
                                       double dc_dw, double k_lb, double sum_lb, double inv0,
                                       double inv3)
{
    double Tb = Tlow, dk = dc_dw * (par ? 0.5 * k_lb : k_lb);
    double di = dc_dw * rmi_host_cost(inv0, c->ci_keep, par);
    double dj = dc_dw * rmi_host_cost(c->cj_keep, inv3, par);
    Tb = rm_h2_fmax(Tb, rm_h2_fmax(dk, rm_h2_fmax(di, dj)));
    if (!par) {
        double phi = c->ci_keep / c->wi + c->cj_keep / c->wj + sum_lb;
        double inv = c->ev.sum_inv + 1.0 / c->wi + 1.0 / c->wj + 1.0 / wkk;
        double T5 = (1.0 + dc_dw * (c->ev.sum_cw + phi)) / inv;
        Tb = rm_h2_fmax(Tb, T5);
    }
    return Tb;
}

/* One scan of the edge loop: its work (thread-private scratch), its own best
 * insertion so far (least T_step, ties: least ring edge, then first host in
 * host order — the reference's first strict improvement in scan order). */
struct h2_scan {
    h2_work *wk;
    const rm_ring_state *s;
    double dc_dw;
    atomic_int *next; /* next position in the edge order, shared by the scans */
    int n_order;      /* positions of wk->order to take (q, or a tier's edges) */
    _Atomic double *gbest; /* least T_step found by any scan (fast path pruning) */
    double bestT, bx[4];
    int bk, bs;
    rm_status st;
    rm_error err;
};

/** The paper's step (§4.4.1–4.4.2) for ring edge e: every candidate host's
 *  four widest routes on the residual with e's routes given back, their
 *  shares, T_step; updates sc's best. Thread-private writes only. */
rm_status rmi_h2_scan_edge(h2_scan *sc, int e, rm_error *err);

/** The winning insertion of a scan of all ring edges. */
typedef struct h2_choice {
    int bk, bs;       /* host node, ring edge; bk < 0: none */
    double bx[4];     /* shares of the four routes */
    rm_route *best;   /* the four routes (scratch of the winning scan) */
} h2_choice;

/** Scan every ring edge (on the fast path: edges by increasing bound, pruned
 *  exactly, on the pool's threads when there is one) and return the
 *  insertion of least T_step, ties to the least ring edge then the first
 *  host: the same choice for any thread count. */
rm_status rmi_h2_scan_all(h2_work *wk, const rm_ring_state *s, double dc_dw, h2_choice *out,
                         rm_error *err);

/** 1 (default): a scan with one thread and no fixed routes takes the ring
 *  edges by tiers of their dmax (scan_tiers, sharedring_scan.c): the one
 *  or two edges next to the ring's largest D_c/D_w C first, the others
 *  bounded and scanned only when that best does not beat it; 0: every
 *  edge bounded and scanned in one order (tests compare the two). Not
 *  thread-safe: set before mapping. */
extern int rmi_h2_scan_tiers_on;

/** Ring edges scan_tiers left out, unbounded, because the low tier's best
 *  beat their dmax (a statistic for the tests). */
extern atomic_long rmi_h2_tier_skips;

/** Start the persistent pool of threads - 1 scan threads for wk (each with
 *  its own network and scratch); on any failure fewer (or none: wk->pool
 *  stays NULL and the scans run in the caller). threads <= 1: none. */
void rmi_h2_pool_create(h2_work *wk, int threads, int max_q);

/** opt->threads, or the number of online cores when it is 0 (at least 1). */
int rmi_h2_threads(const rm_options *opt);

/** Stop and free wk's pool (NULL is fine). */
void rmi_h2_pool_destroy(h2_work *wk);

/** Bandwidths of n routes computed independently on cap: their widths if
 *  they share nothing, else rm_share_optimal's split (max-min if the
 *  solver fails). Thread-private scratch of wk. */
rm_status rmi_h2_share_routes(h2_work *wk, const double *cap, int n, const rm_route *r, const double *a,
                             double *x, rm_error *err);

/** 1 (default): an edge's cached entry whose signature check (entry_same)
 *  fails is checked on its stored path (entry_stored, sharedring_inc.c)
 *  before the walk of the trees (entry_valid) when the edge's trees are
 *  the stored ones of its last visit; 0: the walk (tests compare the two).
 *  Not thread-safe: set before mapping. */
extern int rmi_h2_entry_stored_on;

/** Entries entry_stored found valid (a statistic for the tests). */
extern atomic_long rmi_h2_entry_stored_hits;

/** Tests: when 1, each entry entry_stored finds valid is also walked by
 *  entry_valid, and rmi_h2_entry_stored_mismatch counts those the walk
 *  finds stale (0 when the check is right). Set before mapping. */
extern int rmi_h2_entry_stored_verify;
extern atomic_long rmi_h2_entry_stored_mismatch;

/** Start the incremental scan on wk (main work, after wk->residual is the
 *  network's capacities): H empty edge caches, resource stamps. RM_ENOMEM. */
rm_status rmi_h2_cache_init(h2_work *wk, rm_error *err);

/** Free the incremental scan's state (NULL fields are fine). */
void rmi_h2_cache_destroy(h2_work *wk);

/* The default memory budget of the edge caches (bytes): entries, their
 * paths and the stored trees of all ring edges together. */
#ifndef H2_CACHE_BUDGET
#define H2_CACHE_BUDGET (512L << 20)
#endif

/** The budget of the edge caches in bytes (<= 0: H2_CACHE_BUDGET), read by
 *  rmi_h2_cache_init; a test knob (tests/test_symmetry.c), set before a run,
 *  never during one. */
extern atomic_long rmi_h2_cache_budget;
/** Ring-edge visits that took the uncached scan because the caches were
 *  over their budget (a test counter). */
extern atomic_long rmi_h2_cache_fallbacks;

/** 1 when ring edge e may use its cache (rmi_h2_scan_cached): the caches
 *  hold at most their budget. Else 0: the edge's cache is released (its
 *  bytes given back) and the edge takes the exact uncached scan of
 *  rmi_h2_scan_edge (the same candidates, order and rule: the same
 *  insertion). Thread-safe for distinct edges. O(1). */
int rmi_h2_cache_admit(h2_work *wk, const rm_ring_state *s, int e);

/** A new step: stamp the resources whose residual changed since the last,
 *  among the touched ones tl[0 .. nt) (increasing; all: every resource).
 *  O(touched), O(R) when all. */
void rmi_h2_cache_step(h2_work *wk, const int *tl, int nt, int all);

/** The cache of ring edge e emptied unless it holds e (same head, same
 *  give-back bandwidths). O(1). */
void rmi_h2_edge_prepare(h2_work *wk, const rm_ring_state *s, int e);

/** Incremental scan, core trees (wk->sym): writes the trees of ring edge e
 *  stored at an earlier step into wk->wid / wk->arc (trees 0 and 2 when
 *  mirror, else 0 .. 3) at the core nodes and the roots and returns 1 when
 *  they provably agree with the widest-path searches on this step's
 *  wk->res2 at every node of stored width > wk->tlow[t] (tlow[t] < 0: at
 *  every node), a node of stored width <= tlow[t] having width <= tlow[t]
 *  in the exact tree; else 0 (a resource of the edge's own routes changed,
 *  or the log since the last check is longer than H2_TREE_LOG_MAX).
 *  Proof: a search reads an arc's width only through m = min(width(u),
 *  width of a) when it relaxes arc a from a node u it pops (the root, or a
 *  core node of width > 0, towards a core node). Nodes are popped by
 *  decreasing width (ties: node index) and a node keeps the first arc
 *  reaching its final width, so relaxations of value <= X never give a
 *  node of width > X its width or arc, and a node of width <= X only
 *  relaxes values <= X: two searches whose relaxations of value > X agree
 *  pop the nodes of width > X in the same order with the same widths and
 *  arcs. Each check folds the resources changed since the last one (the
 *  log: old value, the residual now; off the edge's own routes, whose
 *  give-back is the same) into X = tacc[t]: the largest old or new m of an
 *  arc whose m changed, u of stored width > X. Thread-private writes (wk's
 *  trees, tlow, stamp, rmask) and the edge's cache. O(logged changes since
 *  the last check x arcs per resource + core nodes). */
int rmi_h2_trees_reuse(h2_work *wk, const rm_ring_state *s, int e, int mirror);

/** rmi_h2_trees_reuse in two parts: the check (the log folded into the
 *  edge's exact levels, wk->tlow set; 1 when the stored trees hold) and,
 *  after a check that held, the copy of the stored trees into wk's. The
 *  same thread safety; O(logged changes x arcs per resource) and O(core
 *  nodes). */
int rmi_h2_trees_check(h2_work *wk, const rm_ring_state *s, int e, int mirror);
void rmi_h2_trees_copy(h2_work *wk, const rm_ring_state *s, int e, int mirror);

/** Fast path with symmetry classes and edge caches: a lower bound of the
 *  T_step/D_w of every insertion into ring edge e (after this step's edge
 *  context wk->ectx[e]), from the local bound its last visit stored with
 *  its trees when rmi_h2_trees_check proves them still this step's
 *  (heur/sharedring/sharedring.c, edge_local_store), raised to the kept
 *  hosts' dmax; -1 when there is none. Writes the edge's cache and wk's
 *  tlow, stamp and rmask (thread-private as rmi_h2_trees_check). O(logged
 *  changes x arcs per resource). */
double rmi_h2_edge_local_lb(h2_work *wk, const rm_ring_state *s, int e);

/** Store wk's trees of ring edge e (just computed on wk->res2) in its
 *  cache, as of this step (no store when out of memory). O(core nodes). */
void rmi_h2_trees_store(h2_work *wk, const rm_ring_state *s, int e, int mirror);

/** rmi_h2_scan_edge's candidate loop for ring edge e (context c, trees in
 *  wk, candidates cands[0 .. n_cand) of the symmetry classes; c made exact
 *  when a candidate may win) from the edge's cache: costs reused while valid, computed otherwise; updates sc's
 *  best by the same rule. Thread-private writes and the edge's own cache. */
rm_status rmi_h2_scan_cached(h2_scan *sc, int e, edge_ctx *c, const int *cands, int n_cand,
                            rm_error *err);

#endif
