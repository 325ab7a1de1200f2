/*
 * improve.h — local search on a heuristic's ring (better rings, beyond the
 * paper; rm_options.improve, `--improve`, docs/improve.md): after SharedRing or
 * SliceRing, moves on the ring (re-share, re-route one ring edge, swap two
 * neighbours, remove a host, replace a host by an unused one, insert an
 * unused host, move a host) accepted when T_step strictly decreases.
 * Internal to the library (rmi_ prefix); the public switch is rm_options.
 */
#ifndef RINGMAP_RING_IMPROVE_H
#define RINGMAP_RING_IMPROVE_H

#include "ringmap/heur.h"

#include <stdatomic.h>

/** Relative decrease of T_step a move must bring to be accepted:
 *  t_new < t_cur (1 - RM_IMPROVE_MIN_GAIN). */
#define RM_IMPROVE_MIN_GAIN 1e-12

/** Candidates fully evaluated per round at most (best first by the
 *  estimate): the rest of a round's candidates is not tried. 64 missed
 *  improving moves on rings of 30+ hosts (tiers_1000 at 0.0064: 1 move
 *  instead of 9); 1024 and 4096 give the same values on the shipped
 *  platforms, 1024 in half the time (docs/improve.md). */
#define RM_IMPROVE_EVALS_PER_ROUND 1024

/** Unused hosts tried by insertions and replacements per round: all when
 *  there are at most this many, else the fastest ones (ties: lowest index). */
#define RM_IMPROVE_MAX_UNUSED 64

/** What rmi_mapping_improve did (also left in the mapping's improve_*
 *  fields). */
typedef struct rm_improve_info {
    int moves;         /* accepted moves */
    int rounds;        /* rounds (candidate scans) */
    long evaluations;  /* candidates whose shares were computed */
    long long candidates; /* candidates built and valued (estimate or shares): what
                             rm_options.improve_max_evals counts (a valuation by
                             shares of nq hosts 1 + nq/16), never above it */
    long long max_evals;  /* the budget it ran with (0 = none; the automatic one
                             resolved) */
    int stop;          /* RM_IMPROVE_STOP_* */
    double t_start;    /* T_step/D_w of the mapping given (the greedy's) */
    double t_end;      /* T_step/D_w of the mapping returned (<= t_start) */
    double seconds;    /* wall time */
} rm_improve_info;

/**
 * Local search on the ring of m (any heuristic's mapping on net; opt as
 * checked by rm_options_check, its dc_dw, routing, cost model, max_q and
 * the improve_* fields). Rounds: every candidate move of the current ring
 * is generated with its new routes and an estimate of its T_step (the kept
 * routes at their current bandwidths, the new ones at their widths); the
 * RM_IMPROVE_EVALS_PER_ROUND (1024) best by estimate (ties: generation order) get
 * their shares by eq. (5) (rm_share_optimal) and by max-min (rm_maxmin) on
 * the full capacities and T_step by rm_balance (the better of the two);
 * the first that lowers T_step by more than RM_IMPROVE_MIN_GAIN (relative)
 * and passes rm_mapping_check is applied, and the next round starts. Stops
 * at a round with no such move (a local optimum: stop
 * RM_IMPROVE_STOP_LOCAL), after opt->improve_max_moves accepted moves
 * (RM_IMPROVE_STOP_MOVES; 0 = no limit), or when opt->improve_seconds of
 * wall time have passed (RM_IMPROVE_STOP_BUDGET; 0 = no limit; checked
 * before each candidate, while generating and while evaluating). Without the time budget stopping it, the result
 * depends only on the input (no timing, no threads).
 * Moves: re-share the ring (same routes); re-route one ring edge (both of
 * its routes: widest on the residual network left by the other routes at
 * their bandwidths, widest for the fair share cap/(n+1) of each link with n
 * other routes on it, or widest on the full network); swap two neighbours
 * (q >= 4); remove a host (q >= 2) or a block of 2..q-1 consecutive hosts
 * (what no single removal reaches when each one alone makes T_step worse); replace a host by an unused one;
 * insert an unused host in a ring edge (q < max_q when max_q > 0); move a
 * host to another ring edge (q >= 4). A new ring edge's two routes are
 * each the wider of the residual and the fair-share widest path (ties:
 * residual) under opt->routing; the insertions and replacements at one ring
 * position share the routing trees of their ring hosts (one tree per root,
 * direction and metric for every unused host).
 * On success m holds the best ring found (never worse than the given one:
 * it is the start), its routes and shares (m->sharing: RM_SHARING_EQ5 or
 * RM_SHARING_MAXMIN once a move was accepted), alphas and T_step, and the
 * improve_* fields; its sweep and SliceRing's unshared estimate are the
 * heuristic's (they describe the greedy's rings). info may be NULL.
 * Errors: RM_ENOMEM, errors of routing (m unchanged on error).
 * Complexity per round: O(Q (R + S)) with Q <= 3q + q + q + q^2 + 2 q U + q^2
 * candidates (U <= RM_IMPROVE_MAX_UNUSED unused hosts), R the widest paths
 * of a candidate (<= 6 x 2 x O(E log N); insertions and replacements: 8
 * trees per ring position; under fixed routes O(log H + R^2) per route of
 * R links, read for its pair), S one sharing (at most 1024 per round);
 * with a budget, a round generates at most half of it left (sampled
 * rounds, docs/improve.md: each move family strided, the offset moving on
 * each round on the same ring; a local optimum only once every offset was
 * tried), and a valuation by shares of nq hosts counts 1 + nq/16.
 * Thread safety: reentrant (net and opt only read; m written).
 * Source: Legrand et al. 2004 eqs. (1), (5), §4.4.2-4.4.3 (widest paths on the
 * residual network, max-min and eq. (5) shares); the local search itself is
 * beyond the paper (docs/improve.md).
 */
rm_status rmi_mapping_improve(const rm_network *net, const rm_options *opt, rm_mapping *m,
                              rm_improve_info *info, rm_error *err);

/**
 * rmi_mapping_improve with a bar for its first move: the first accepted
 * move lowers T_step/D_w below bar (s/Mflop) by more than
 * RM_IMPROVE_MIN_GAIN, the later ones below the current ring's. bar is
 * rmi_mapping_bar (ring/refine.h): below m's T_step/D_w only when m is a
 * tie-won, communication-bound ring under the fair model (its balance root
 * T*); NAN or a bar >= m's T_step/D_w: the plain search. Same errors,
 * complexity and thread safety as rmi_mapping_improve. Beyond the paper
 * (docs/improve.md, "Seed rings").
 */
rm_status rmi_mapping_improve_from(const rm_network *net, const rm_options *opt, rm_mapping *m,
                                   double bar, rm_improve_info *info, rm_error *err);

/** 1 (default): under fixed routes (RM_ROUTING_FIXED) the fair-share
 *  shortcut's bound is each route's own full-capacity width, read per
 *  route; 0: the full-capacity widest-path matrix of every host pair, as
 *  under widest paths (tests compare the two). Not thread-safe: set before
 *  searching. */
extern int rmi_improve_fixed_bound;

/** Routes for which the per-route bound above spared the fair-share route
 *  (tests: the bound is taken). */
extern atomic_long rmi_improve_fixed_bound_hits;

/** 1 (default): under fixed routes (RM_ROUTING_FIXED) a new ring edge's
 *  route is read for its pair alone (the file's route and its width on the
 *  residual or fair-share state, O(log H + R^2) for R links), bit for bit
 *  the entry of the routing tree the insertions and replacements at one ring
 *  position share; 0: that tree (all H routes from the ring host, O(H R^2))
 *  as under widest paths (tests compare the two). Not thread-safe: set
 *  before searching. */
extern int rmi_improve_fixed_pair;

/** Routes read by their pair alone under the flag above (tests: the path is
 *  taken). */
extern atomic_long rmi_improve_fixed_pair_hits;

#endif
