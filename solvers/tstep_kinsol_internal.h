/*
 * tstep_kinsol_internal.h — the pieces of rm_tstep_kinsol (solvers.h), the
 * KINSOL solver of the step-time program of a fixed ring, in four parts
 * (not public):
 *   - the state of one solve (tk_state: problem, active sets, unknowns,
 *     scratch, progress; tstep_kinsol.c);
 *   - one Newton round: the KKT equations of the current sets, their
 *     Jacobian and the KINSOL solve (tstep_kinsol_newton.c);
 *   - the active set: the independent working rows, the initial sets, the
 *     most violated constraint, the most negative multiplier, a change of
 *     sets, the snapshot of a stage and the step control in eps
 *     (tstep_kinsol_set.c);
 *   - the stage driver: the continuation in eps, certificates, the result
 *     (tstep_kinsol.c).
 * Legrand et al. 2004 eqs. (1), (5), §4.4.3 method 2; Nocedal & Wright, §16.5, §18.1.
 */
#ifndef RINGMAP_TSTEP_KINSOL_INTERNAL_H
#define RINGMAP_TSTEP_KINSOL_INTERNAL_H

#include "solvers/kinsol_common.h"
#include "solvers/solvers.h"
#include "solvers/tstep_problem.h"

#include <stdint.h>

#define TK_EPS 1e-10     /* final regularisation weight (solvers.h) */
#define TK_PRIMAL 1e-9   /* relative violation that adds a constraint */
#define TK_DUAL 1e-9     /* relative negative multiplier that drops one */
#define TK_GAP 1e-9      /* certified relative duality gap that ends the stages */
#define TK_ACCEPT 1e-7   /* certified gap accepted when a later stage fails */
#define TK_BACKOFFS 40   /* stages restarted with a smaller step in eps */
#define TK_SPARSE_N 200  /* from this many unknowns on: sparse Jacobian and KLU */
#define TK_BATCH 0.5      /* pieces violated by >= this part of the most violated join it */
#define TK_TABU 16       /* additions skipped in a stage after their solve failed */
#define TK_STAB 1e-10    /* relative stabilisation of rows and groups (parallel send) */

/* Active sets and the layout of the unknowns z = (y, u, T, lambda_W, mu_A,
 * rho_G) and of the equations (E1 K, E2 q, E3 1, E4 nA, E5 nG, E6 nW). */
typedef struct tk_work {
    const rm_tstep_problem *p;
    int K, q, ng; /* routes, hosts, groups */
    int nW, *W, *wpos;
    int nA, *A, *apos; /* pieces 0..q */
    int nG, *G, *gpos;
    int ou, oT, ol, om, orho, N;
    int e2, e3, e4, e5, e6;
    double eps;  /* regularisation weight of this stage */
    double *Lam; /* K scratch */
    /* stabilisation of the working rows and groups (parallel send only):
       equation E6 of row x gets + dW[x] lambda_x, E5 of group x gets
       + dG[x] rho_x, fixed for one KINSOL solve; 0 without parallel send */
    double *dW, *dG;
    /* the Jacobian as triplets (rmi_tk_solve allocates jcap entries) */
    int jn, jcap, *jr, *jc, *jperm;
    double *jv;
    char msg[RM_KINSOL_MSG_SIZE]; /* KINSOL's last error message */
} tk_work;

/* Orthonormal basis of the working rows (dense, K columns), to add only
 * rows independent of W. */
typedef struct tk_basis {
    int K, n;
    double *b; /* n x K */
} tk_basis;

/* The KKT point that ended the last stage of the continuation in eps
 * (sets, unknowns, eps), to return to with a smaller step in eps when the
 * next stage fails. */
typedef struct tk_snap {
    int have, nW, nA, nG;
    int *W, *wpos, *A, *apos, *G, *gpos;
    double *z, eps;
} tk_snap;

/* The whole state of one rm_tstep_kinsol solve. */
typedef struct tk_state {
    tk_work t;
    double tol; /* accepted relative KKT residual of a Newton solve */
    int M;      /* capacity rows */
    double *z, *zn; /* unknowns (N <= Nmax), and the previous ones */
    double *y, *C, *F, *load, *x0, *a0, *v, *ord; /* scratch */
    int *oj, *cover;
    tk_basis B;          /* basis of the working rows */
    double *yc, *ybest;  /* certified shares: last, best */
    uint64_t *seen;      /* hashes of the sets met in this stage */
    int n_seen, cap_seen;
    tk_snap snap;        /* the last stage's KKT point */
    tk_snap prev;        /* the last solved point before the current set change */
    int last_add_kind, last_add_id; /* the addition that made the current sets (-1: none) */
    int last_batch;      /* the current sets came from a batch of pieces */
    int batch_ok;        /* the next addition of a piece may be a batch */
    int *batch;          /* q + 1: the other pieces of a batch */
    int ntabu, tabu_kind[TK_TABU], tabu_id[TK_TABU]; /* additions skipped in this stage */
    int backoffs;        /* stages restarted so far */
    int all_groups;      /* parallel send: start with both route bounds of every host */
    int cont_tried;      /* the continuation in eps restarted after a failed first stage */
    double fac;          /* eps ratio of the next stage */
    SUNContext ctx;
    double bestT, bestg; /* best certified upper and lower bounds (scaled) */
    double res;          /* relative residual of the last solve */
    int outer, stage_outer, max_outer, restarts, stage;
    long nni; /* Newton iterations */
} tk_state;

/* ---- groups: the routes whose cost sum bounds a host's u ---------------- */
static inline int tk_grp_host(const tk_work *t, int g) { return t->p->parallel ? g % t->q : g; }
static inline int tk_route_grp(const tk_work *t, int k) { return t->p->parallel ? k : k % t->q; }
static inline int tk_grp_routes(const tk_work *t, int g, int *r)
{
    if (t->p->parallel) {
        r[0] = g;
        return 1;
    }
    r[0] = g, r[1] = g + t->q;
    return 2;
}

/* ---- one Newton round (tstep_kinsol_newton.c) --------------------------- */

/** Offsets of the unknowns and equations for the current set sizes. O(1). */
void rmi_tk_layout(tk_work *t);

/** Weight beta_k of route k: rho of its group + eps d w_cumul / w_s. O(1). */
double rmi_tk_route_weight(const tk_work *t, const double *z, int k);

/** The KKT equations f (N) at z and, if mag is not NULL, the magnitude of
 *  each equation's terms. O(nnz + K + q + nA q + nW d). */
void rmi_tk_eval(tk_work *t, const double *z, double *f, double *mag);

/** Solve the equations of the current sets from z (N entries,
 *  overwritten): KINSOL restarted with fresh scales (at most calls calls)
 *  until the relative residual is <= accept. The Jacobian is dense (dense
 *  LU) below TK_SPARSE_N unknowns, else sparse, factorised by KLU: its
 *  O(K + q + nnz) entries make each Newton step near linear in N instead
 *  of N^3 (about 100 s -> 3.4 s on a 218-host ring, bench_solvers). Returns KINSOL's last flag
 *  (RM_KINSOL_SETUP_FAILED on a setup failure); *res the relative
 *  residual at the end; *nni += Newton iterations; *restarts += restarts.
 *  O(calls * Newton steps * N^3) dense, KLU's time sparse. */
int rmi_tk_solve(SUNContext ctx, tk_work *t, double *z, double accept, int calls, long *nni,
             int *restarts, double *res);

/* ---- the active set (tstep_kinsol_set.c) -------------------------------- */

/** Try to add row j to the basis: 1 if independent (added), 0 if not.
 *  v scratch K. O(n K). */
int rmi_tk_basis_add(tk_basis *B, const rm_share_problem *sp, int j, double *v);

/** The basis of the rows W[0..nW). O(nW^2 K). */
void rmi_tk_basis_rebuild(tk_basis *B, const rm_share_problem *sp, const int *W, int nW, double *v);

/** Hash of the current sets (rows of M, pieces, groups). O(M + q + ng). */
uint64_t rmi_tk_set_hash(const tk_work *t, int m);

/** Initial sets at the start shares s->y: the pieces at the max plus F_0,
 *  the groups at the max, the saturated rows (most loaded first, linearly
 *  independent), then for each uncovered route its most loaded
 *  independent row; then the initial unknowns z. O(M^2 + M K^2). */
void rmi_tk_initial_sets(tk_state *s);

/** The most violated constraint outside the sets (primal check; sets
 *  s->y = the shares of z and s->load their loads): *kind 0 row, 1 piece,
 *  2 group, -1 none; *id which. A row is taken only if independent of W
 *  (s->B grows then). O(q + ng + nnz + M K). */
void rmi_tk_find_addition(tk_state *s, int *kind, int *id);

/** The most negative multiplier (dual check, with s->y the shares of z):
 *  *kind 0 row, 1 piece, 2 group, -1 none; *x its position in its set.
 *  O(nnz + nA + nG^2). */
void rmi_tk_find_drop(const tk_state *s, int *kind, int *x);

/** Drop (drop_kind >= 0) or else add one constraint, and with an added
 *  piece the n_more pieces more[] too, carrying the unknowns over to the
 *  new layout (primal part unchanged, multipliers by element, new ones 0)
 *  and rebuilding the basis. RM_ENOMEM or RM_OK. O(N + nW^2 K). */
rm_status rmi_tk_change_sets(tk_state *s, int drop_kind, int drop_x, int add_kind, int add_id,
                         const int *more, int n_more);

/** The violated pieces outside A other than the piece skip (relative
 *  violation above TK_PRIMAL and at least TK_BATCH times that of skip, the
 *  most violated; not skipped in this stage), at most q - 1 -
 *  nA of them (F_0 = 1 + sum a_i F_i: not all q + 1 pieces bind), into
 *  list; returns their number. Reads s->z. O(q). */
int rmi_tk_violated_pieces(const tk_state *s, int skip, int *list);

/** Save the current KKT point as the end of a stage. O(N + M). */
void rmi_tk_snap_save(tk_snap *s, const tk_work *t, const double *z);

/** Restore the sets and unknowns of a snapshot (eps unchanged) and rebuild
 *  the basis. O(N + M + nW^2 K). */
void rmi_tk_snap_restore(tk_state *st, const tk_snap *s);

/** 1 if the addition (kind, id) is skipped in this stage (its solve
 *  failed; rmi_tk_find_addition passes over it). O(TK_TABU). */
int rmi_tk_tabu(const tk_state *s, int kind, int id);

/** Step control of the continuation: if a snapshot exists, the step from
 *  its eps can still shrink and fewer than TK_BACKOFFS restarts were
 *  made, restore its sets and unknowns, take fac = sqrt(fac) and eps =
 *  max(snapshot eps * fac, TK_EPS), forget the sets seen in the stage and
 *  return 1 (the caller restarts the stage); else 0. O(N + M + nW^2 K). */
int rmi_tk_backoff(tk_state *s);

#endif
