/*
 * tstep_kinsol.c — T_step of a fixed ring with fixed routes at its optimum
 * (the real program of solvers.h: alphas >= 0, every cost model) by Newton
 * on the KKT system with KINSOL inside an active set over saturated links,
 * hosts whose alpha is 0, and (parallel send) the larger route of a host.
 * This file: the state of a solve, its start, the certificates, and the
 * stage driver (continuation in eps with step control); one Newton round
 * is in tstep_kinsol_newton.c, the active set in tstep_kinsol_set.c.
 * Legrand et al. 2004 eqs. (1), (5), §4.4.3 method 2.
 */
#include "solvers/tstep_kinsol_internal.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- state ---------------------------------------------------------------- */

static void state_free(tk_state *s)
{
    tk_work *t = &s->t;
    if (s->ctx)
        SUNContext_Free(&s->ctx);
    free(t->W), free(t->wpos), free(t->A), free(t->apos), free(t->G), free(t->gpos), free(t->Lam);
    free(t->dW), free(t->dG);
    free(s->z), free(s->zn), free(s->y), free(s->C), free(s->F), free(s->load), free(s->x0);
    free(s->a0), free(s->v), free(s->ord), free(s->oj), free(s->cover);
    free(s->B.b), free(s->seen), free(s->yc), free(s->ybest);
    free(s->snap.W), free(s->snap.wpos), free(s->snap.A), free(s->snap.apos), free(s->snap.G);
    free(s->snap.gpos), free(s->snap.z);
    free(s->prev.W), free(s->prev.wpos), free(s->prev.A), free(s->prev.apos), free(s->prev.G);
    free(s->prev.gpos), free(s->prev.z), free(s->batch);
}

/* Allocate the state of a solve of p (sets sized for every row, piece and
 * group). RM_ENOMEM (what was allocated is freed by state_free) or RM_OK. */
static rm_status state_init(tk_state *s, const rm_tstep_problem *p, double tol)
{
    int K = p->K, q = p->q, M = p->sp.m, ng = p->parallel ? K : q;
    size_t Nmax = (size_t)K + q + 1 + M + (q + 1) + ng + 1, m1 = (size_t)M + 1;
    size_t q2 = (size_t)q + 2, g1 = (size_t)ng + 1, k = (size_t)K;
    memset(s, 0, sizeof *s);
    s->t = (tk_work){.p = p, .K = K, .q = q, .ng = ng, .eps = TK_EPS};
    s->t.msg[0] = '\0';
    s->tol = tol, s->M = M;
    s->bestT = INFINITY, s->bestg = -INFINITY, s->res = INFINITY;
    s->fac = 0.1;
    s->max_outer = p->ri->limits.kinsol_max_set_changes > 0 ? p->ri->limits.kinsol_max_set_changes
                                                             : 60 + 4 * (M + q + ng);
    tk_work *t = &s->t;
    t->W = malloc(m1 * sizeof(int)), t->wpos = malloc(m1 * sizeof(int));
    t->A = malloc(q2 * sizeof(int)), t->apos = malloc(q2 * sizeof(int));
    t->G = malloc(g1 * sizeof(int)), t->gpos = malloc(g1 * sizeof(int));
    t->Lam = malloc((k + 1) * sizeof(double));
    t->dW = calloc(m1, sizeof(double)), t->dG = calloc(g1, sizeof(double));
    s->z = malloc(Nmax * sizeof(double)), s->zn = malloc(Nmax * sizeof(double));
    s->y = malloc(k * sizeof(double)), s->C = malloc((size_t)q * sizeof(double));
    s->F = malloc(((size_t)q + 1) * sizeof(double)), s->load = malloc(m1 * sizeof(double));
    s->x0 = malloc(k * sizeof(double)), s->a0 = malloc(k * sizeof(double));
    s->v = malloc(k * sizeof(double)), s->ord = malloc(m1 * sizeof(double));
    s->oj = malloc(m1 * sizeof(int)), s->cover = calloc(k, sizeof(int));
    s->B = (tk_basis){.K = K, .n = 0, .b = malloc(k * k * sizeof(double))};
    s->yc = malloc(k * sizeof(double)), s->ybest = malloc(k * sizeof(double));
    s->snap = (tk_snap){.W = malloc(m1 * sizeof(int)), .wpos = malloc(m1 * sizeof(int)),
                        .A = malloc(q2 * sizeof(int)), .apos = malloc(q2 * sizeof(int)),
                        .G = malloc(g1 * sizeof(int)), .gpos = malloc(g1 * sizeof(int)),
                        .z = malloc(Nmax * sizeof(double))};
    s->prev = (tk_snap){.W = malloc(m1 * sizeof(int)), .wpos = malloc(m1 * sizeof(int)),
                        .A = malloc(q2 * sizeof(int)), .apos = malloc(q2 * sizeof(int)),
                        .G = malloc(g1 * sizeof(int)), .gpos = malloc(g1 * sizeof(int)),
                        .z = malloc(Nmax * sizeof(double))};
    s->last_add_kind = -1;
    s->batch_ok = 1;
    s->batch = malloc(q2 * sizeof(int));
    if (!t->dW || !t->dG || !t->W || !t->wpos || !t->A || !t->apos || !t->G || !t->gpos || !t->Lam || !s->z ||
        !s->zn || !s->y || !s->C || !s->F || !s->load || !s->x0 || !s->a0 || !s->v || !s->ord ||
        !s->oj || !s->cover || !s->B.b || !s->yc || !s->ybest || !s->snap.W ||
        !s->snap.wpos || !s->snap.A || !s->snap.apos || !s->snap.G || !s->snap.gpos ||
        !s->snap.z || !s->prev.W || !s->prev.wpos || !s->prev.A || !s->prev.apos ||
        !s->prev.G || !s->prev.gpos || !s->prev.z || !s->batch)
        return RM_ENOMEM;
    return RM_OK;
}

/* Start shares s->y: the eq. (5) optimum (rm_share_optimal_sys, bw's one
 * eq. (5) solver; made exactly feasible), or the max-min rates if that
 * fails or leaves a route at 0. */
static void start_point(tk_state *s)
{
    const rm_tstep_problem *p = s->t.p;
    const rm_share_problem *sp = &p->sp;
    int K = p->K, q = p->q;
    for (int k = 0; k < K; k++)
        s->a0[k] = p->a[k % q];
    rm_error e2 = {RM_OK, ""};
    int ok = rm_share_optimal_sys(&p->ri->sys, s->a0, 1e-12, s->x0, &e2) == RM_OK;
    for (int k = 0; k < K && ok; k++)
        ok = s->x0[k] > 0.0 && isfinite(s->x0[k]);
    if (ok) {
        for (int k = 0; k < K; k++)
            s->y[k] = s->x0[k] / sp->S;
        rmi_share_make_feasible(sp, s->y, s->load);
    } else {
        rmi_share_maxmin(sp, s->y, NULL, NULL);
    }
}

/* ---- certificates --------------------------------------------------------- */

/* Certificate of the current KKT point: T(yf) of the shares made exactly
 * feasible (yf, K entries) and a Lagrangian lower bound g on the optimum
 * from the multipliers (solvers.h, rm_tstep_glpk: any m >= 0 of sum 1,
 * rho, lambda >= 0 give one), both scaled. Scratch C (q), load (m). */
static void tk_certify(tk_work *t, const double *z, double *yf, double *C, double *load,
                       double *Tout, double *gout)
{
    const rm_tstep_problem *p = t->p;
    const rm_share_problem *sp = &p->sp;
    int K = t->K, q = t->q;
    for (int k = 0; k < K; k++)
        yf[k] = z[k];
    rmi_share_make_feasible(sp, yf, load);
    *Tout = rmi_tstep_value(p, yf, C, NULL);
    /* host prices m_i = a_i mu_0 + mu_i (mu clamped at 0), normalised */
    double mu0 = t->apos[0] >= 0 ? z[t->om + t->apos[0]] : 0.0, sm = 0.0;
    mu0 = mu0 > 0.0 ? mu0 : 0.0;
    for (int i = 0; i < q; i++) {
        double mi = t->apos[i + 1] >= 0 ? z[t->om + t->apos[i + 1]] : 0.0;
        C[i] = p->a[i] * mu0 + (mi > 0.0 ? mi : 0.0);
        sm += C[i];
    }
    double g = INFINITY;
    for (int i = 0; i < q; i++) {
        C[i] = sm > 0.0 ? C[i] / sm : 1.0 / q;
        if (C[i] * p->w[i] < g)
            g = C[i] * p->w[i];
    }
    for (int j = 0; j < sp->m; j++) {
        double lam = t->wpos[j] >= 0 ? p->D * z[t->ol + t->wpos[j]] : 0.0;
        load[j] = lam > 0.0 ? lam : 0.0;
        g -= load[j] * sp->c[j];
    }
    for (int k = 0; k < K; k++) {
        int i = k % q;
        double rho = p->D * C[i];
        if (p->parallel) {
            double r[2];
            for (int e = 0; e < 2; e++) {
                int kk = e ? q + i : i, gp = t->gpos[tk_route_grp(t, kk)];
                r[e] = gp >= 0 && z[t->orho + gp] > 0.0 ? z[t->orho + gp] : 0.0;
            }
            double rk = k < q ? r[0] : r[1];
            rho = r[0] + r[1] > 0.0 ? p->D * C[i] * rk / (r[0] + r[1]) : 0.5 * p->D * C[i];
        }
        double Lam = 0.0;
        for (int e = sp->col_start[k]; e < sp->col_start[k + 1]; e++)
            Lam += sp->col_coef[e] * load[sp->col_row[e]];
        double h;
        if (rho <= 0.0)
            h = 0.0;
        else if (Lam <= 0.0)
            h = rho / sp->ub[k];
        else {
            double yk = sqrt(rho / Lam);
            if (yk > sp->ub[k])
                yk = sp->ub[k];
            h = rho / yk + Lam * yk;
        }
        g += rho * p->lc[k] + h;
    }
    *gout = g;
}

/* Certify the solved point z: keep the best upper bound (and its shares)
 * and the best lower bound. */
static void certify(tk_state *s)
{
    double Tc, gc;
    tk_certify(&s->t, s->z, s->yc, s->C, s->load, &Tc, &gc);
    if (Tc < s->bestT) {
        s->bestT = Tc;
        memcpy(s->ybest, s->yc, (size_t)s->t.K * sizeof *s->yc);
    }
    if (gc > s->bestg)
        s->bestg = gc;
}

/* A previous point is certified within TK_ACCEPT of the optimum. */
static int accepted(const tk_state *s)
{
    return s->bestT < INFINITY && s->bestT - s->bestg <= TK_ACCEPT * s->bestT;
}

/* ---- the stage driver ----------------------------------------------------- */

/* What one step of the driver ends with. */
enum { TK_SOLVED, TK_RESTART, TK_RESULT, TK_FAIL, TK_REVERTED };

/* A failed solve after a change of sets, with no stage to back off to:
 * return to the last solved point; after a batch of pieces, take them one
 * at a time, else skip that change (addition or drop) in this stage (at
 * most TK_TABU of them). On SliceRing's 300-host ring of the 999-host
 * Tiers platform at D_c/D_w 0.0002, the 13th clamped host made Newton
 * fail in the first stage, which ended the solve at a certified gap of
 * 0.086. Returns 1 if reverted. O(N + M + nW^2 K). */
static int revert_change(tk_state *s)
{
    if (s->last_add_kind < 0 || !s->prev.have)
        return 0;
    if (s->last_batch) {
        s->batch_ok = 0;
    } else {
        if (s->ntabu >= TK_TABU)
            return 0;
        s->tabu_kind[s->ntabu] = s->last_add_kind;
        s->tabu_id[s->ntabu++] = s->last_add_id;
    }
    rmi_tk_snap_restore(s, &s->prev);
    s->last_add_kind = -1, s->last_batch = 0;
    s->prev.have = 0;
    return 1;
}

/* The first stage started at the final eps (no alpha clamped at the start:
 * the eq. (5) optimum is usually the optimum's neighbourhood) and failed
 * before any stage ended: start again from the initial sets with the
 * continuation in eps from 1e-2, which moves the routes whose weight is
 * only eps (parallel send: a host's cheaper route) a step at a time.
 * Once. Returns 1 if restarted. */
static int restart_continuation(tk_state *s)
{
    tk_work *t = &s->t;
    if (s->cont_tried || s->snap.have || s->stage > 0 || t->eps > TK_EPS)
        return 0;
    s->cont_tried = 1;
    start_point(s);
    rmi_tk_basis_rebuild(&s->B, &t->p->sp, t->W, 0, s->v);
    memset(s->cover, 0, (size_t)t->K * sizeof *s->cover);
    rmi_tk_initial_sets(s);
    t->eps = 1e-2;
    s->n_seen = 0, s->stage_outer = 0, s->ntabu = 0;
    s->prev.have = 0, s->last_add_kind = -1, s->last_batch = 0;
    return 1;
}

static void report(const tk_state *s, rm_solver_info *info, double obj, double gap,
                   const char *status)
{
    const tk_work *t = &s->t;
    rmi_solver_info_fill(info, s->outer, s->nni, t->nW + t->nA + t->nG, obj, gap, status,
                        s->restarts);
}

/* Remember the sets about to be solved; 1 if this stage met them already
 * (cycling). *nomem on a failed allocation. */
static int seen_before(tk_state *s, int *nomem)
{
    uint64_t h = rmi_tk_set_hash(&s->t, s->M);
    *nomem = 0;
    for (int i = 0; i < s->n_seen; i++)
        if (s->seen[i] == h)
            return 1;
    if (s->n_seen == s->cap_seen) {
        int cap = s->cap_seen ? 2 * s->cap_seen : 64;
        uint64_t *ns = realloc(s->seen, (size_t)cap * sizeof *ns);
        if (!ns) {
            *nomem = 1;
            return 0;
        }
        s->seen = ns, s->cap_seen = cap;
    }
    s->seen[s->n_seen++] = h;
    return 0;
}

static int stage_done(tk_state *s);

/* One Newton round: unless the sets cycle, solve the KKT equations of the
 * current sets and certify the point. TK_SOLVED, TK_RESTART (a failed
 * stage restarted with a smaller step in eps), TK_RESULT (a failure after
 * a point certified close enough), TK_FAIL (*st set). */
static int newton_round(tk_state *s, rm_solver_info *info, rm_error *err, rm_status *st)
{
    tk_work *t = &s->t;
    int nomem;
    if (seen_before(s, &nomem)) { /* a failed stage: smaller step in eps first */
        if (t->p->parallel && t->eps > TK_EPS && s->prev.have) {
            /* cycling at an intermediate eps (parallel send: a host's two
               route bounds taken and dropped in turn): the last solved
               point of the stage starts the next one */
            rmi_tk_snap_restore(s, &s->prev);
            s->prev.have = 0;
            return stage_done(s) ? TK_RESULT : TK_RESTART;
        }
        if (rmi_tk_backoff(s))
            return TK_RESTART;
        if (accepted(s))
            return TK_RESULT;
        report(s, info, NAN, s->res, "active set cycling");
        *st = rm_error_set(err, RM_ESOLVER, "rm_tstep_kinsol: active set cycling after %d changes",
                           s->outer);
        return TK_FAIL;
    }
    if (nomem) {
        *st = rm_error_set(err, RM_ENOMEM, "rm_tstep_kinsol: out of memory");
        return TK_FAIL;
    }
    /* a batch of pieces has a fallback (one at a time): fewer restarts */
    int flag = rmi_tk_solve(s->ctx, t, s->z, s->tol, s->last_batch ? 2 : 5, &s->nni, &s->restarts,
                        &s->res);
    if (!(s->res <= s->tol)) {
        /* the certificate holds at any point (tk_certify): a Newton solve
           that stalls next to the optimum (latency terms, parallel send)
           may still close the gap */
        if (isfinite(s->res))
            certify(s);
        if (accepted(s))
            return TK_RESULT; /* a previous stage is certified close enough */
        if (s->last_batch && revert_change(s))
            return TK_REVERTED;
        if (rmi_tk_backoff(s)) /* a failed stage: smaller step in eps first */
            return TK_RESTART;
        if (revert_change(s))
            return TK_REVERTED;
        if (restart_continuation(s))
            return TK_RESTART;
        char buf[64];
        rmi_kinsol_flag_name(flag, buf, sizeof buf);
        report(s, info, NAN, s->res, buf);
        *st = rm_error_set(err, RM_ESOLVER,
                           "rm_tstep_kinsol: KINSOL returned %s (flag %d, relative residual "
                           "%.3g) on the KKT system of %d routes, %d saturated links, %d "
                           "binding hosts%s%s",
                           buf, flag, s->res, t->K, t->nW, t->nA, t->msg[0] ? ": " : "", t->msg);
        return TK_FAIL;
    }
    /* every solved point is certified: T of its shares made feasible, and
       a Lagrangian lower bound from its multipliers */
    certify(s);
    s->batch_ok = 1;
    return TK_SOLVED;
}

/* The KKT point of a stage: done when eps is final or the gap is closed
 * (1), else the next stage from this point (0). */
static int stage_done(tk_state *s)
{
    tk_work *t = &s->t;
    if (t->eps <= TK_EPS || (s->bestT - s->bestg) <= TK_GAP * s->bestT)
        return 1;
    s->stage++;
    rmi_tk_snap_save(&s->snap, t, s->z);
    s->fac = s->fac * s->fac < 0.1 ? 0.1 : s->fac * s->fac; /* a stage went well: longer steps */
    t->eps = t->eps * s->fac > TK_EPS ? t->eps * s->fac : TK_EPS;
    s->n_seen = 0;
    s->stage_outer = 0;
    s->ntabu = 0;
    s->prev.have = 0, s->last_add_kind = -1, s->last_batch = 0;
    return 0;
}

/* The continuation in eps. When an alpha is clamped at the start (a piece
 * i > 0 at the max), eps goes from 1e-2 down to TK_EPS: with a tiny eps
 * the routes of a host whose weight is 0 collapse towards 0 between two
 * changes of the sets, too far for Newton; each stage starts from the
 * previous one's optimum. Otherwise the eq. (5) start is already the
 * optimum's neighbourhood: one stage at TK_EPS. Step control: when a stage
 * fails (KINSOL, cycling, not settled) it restarts from the last stage's
 * KKT point with the eps ratio fac square-rooted (0.1, 0.32, 0.56, ...; at
 * most TK_BACKOFFS times); after a stage that settles fac is squared back
 * towards 0.1. In degenerate SliceRing rings (many hosts end with alpha =
 * 0, tiny multipliers) a step of 10 in eps moves the point too far from
 * the next stage's sets: F_0, dropped at a large eps, must come back with
 * a dozen clamped pieces and Newton fails. Returns TK_RESULT (s->ybest
 * holds the best certified shares) or TK_FAIL (*st set). */
static int drive(tk_state *s, rm_solver_info *info, rm_error *err, rm_status *st)
{
    tk_work *t = &s->t;
    s->stage = 0;
    t->eps = t->nA == 1 ? TK_EPS : 1e-2;
    for (;;) {
        s->outer++;
        s->stage_outer++;
        int r = newton_round(s, info, err, st);
        if (r == TK_RESTART)
            continue;
        if (r != TK_SOLVED && r != TK_REVERTED) /* reverted: the last solved point again */
            return r;
        int add_kind, add_id, drop_kind, drop_x;
        rmi_tk_find_addition(s, &add_kind, &add_id);
        rmi_tk_find_drop(s, &drop_kind, &drop_x);
        if (drop_kind < 0 && add_kind < 0) { /* every KKT condition holds */
            if (stage_done(s))
                return TK_RESULT;
            continue;
        }
        if (s->stage_outer >= s->max_outer) {
            if (accepted(s))
                return TK_RESULT;
            if (rmi_tk_backoff(s)) /* a failed stage: smaller step in eps first */
                continue;
            report(s, info, NAN, s->res, "active set not settled");
            *st = rm_error_set(err, RM_ESOLVER,
                               "rm_tstep_kinsol: active set not settled after %d changes",
                               s->outer);
            return TK_FAIL;
        }
        /* pieces in a batch: every violated one (SliceRing's large rings
           clamp dozens of alphas, one Newton round each otherwise) */
        int nb = drop_kind < 0 && add_kind == 1 && s->batch_ok
                     ? rmi_tk_violated_pieces(s, add_id, s->batch)
                     : 0;
        rmi_tk_snap_save(&s->prev, t, s->z);
        /* the change, for revert_change: kind 0-2 an addition, 3-5 a drop */
        s->last_add_kind = drop_kind < 0 ? add_kind : 3 + drop_kind;
        s->last_add_id = drop_kind < 0 ? add_id
                         : drop_kind == 0 ? t->W[drop_x]
                         : drop_kind == 1 ? t->A[drop_x]
                                          : t->G[drop_x];
        s->last_batch = nb > 0;
        if (rmi_tk_change_sets(s, drop_kind, drop_x, add_kind, add_id, s->batch, nb)) {
            *st = rm_error_set(err, RM_ENOMEM, "rm_tstep_kinsol: out of memory");
            return TK_FAIL;
        }
    }
}

/* The result: the best certified shares (exactly feasible), T of them. */
static rm_status result(tk_state *s, double *x, double *t_step, rm_solver_info *info,
                        rm_error *err)
{
    const rm_share_problem *sp = &s->t.p->sp;
    for (int k = 0; k < s->t.K; k++)
        x[k] = sp->S * s->ybest[k];
    double tt = rmi_tstep_true(s->t.p->ri, x);
    double gap = (s->bestT - s->bestg) / s->bestT;
    if (t_step)
        *t_step = tt;
    /* above TK_ACCEPT: the best certified point, saying so in info */
    report(s, info, tt, gap, gap <= TK_ACCEPT ? "optimal" : "gap above tolerance");
    return RM_OK;
}

/* No communication cost: every share gives T = w_cumul; x = max-min. */
static void no_communication(tk_state *s, double *x, double *t_step, rm_solver_info *info)
{
    const rm_share_problem *sp = &s->t.p->sp;
    rmi_share_maxmin(sp, s->y, NULL, NULL);
    for (int k = 0; k < s->t.K; k++)
        x[k] = sp->S * s->y[k];
    double tt = rmi_tstep_true(s->t.p->ri, x);
    if (t_step)
        *t_step = tt;
    rmi_solver_info_fill(info, 0, 0, 0, tt, 0.0, "optimal", 0);
}

/* One attempt from the start point: the initial sets (with parallel send,
 * both route bounds of every host when all_groups), then the stage driver.
 * Returns drive's TK_RESULT / TK_FAIL (*st set) or TK_FAIL with
 * RM_ESOLVER when the context cannot be made. */
static int attempt(tk_state *s, int all_groups, rm_solver_info *info, rm_error *err,
                   rm_status *st)
{
    start_point(s);
    if (!(SUNContext_Create(NULL, &s->ctx) == 0 && s->ctx)) {
        *st = rm_error_set(err, RM_ESOLVER, "rm_tstep_kinsol: SUNContext_Create failed");
        return TK_FAIL;
    }
    s->all_groups = all_groups;
    rmi_tk_initial_sets(s);
    *st = RM_OK;
    return drive(s, info, err, st);
}

/* The attempt ended with a certified point (a KINSOL failure after one is
 * that point with its gap, not a failure). */
static int certified(const tk_state *s, int r, rm_status st)
{
    return r == TK_RESULT || (st == RM_ESOLVER && s->bestT < INFINITY && s->bestg > -INFINITY);
}

rm_status rm_tstep_kinsol(const rm_ring_instance *ri, double tol, double *x, double *t_step,
                          rm_solver_info *info, rm_error *err)
{
    if (isnan(tol))
        return rm_error_set(err, RM_EINVAL, "rm_tstep_kinsol: tol is NaN");
    if (tol <= 0.0)
        tol = 1e-10;
    rm_tstep_problem p;
    rm_status st;
    if (rmi_tstep_start(&p, "rm_tstep_kinsol", ri, x, t_step, info, err, &st))
        return st;
    tk_state s;
    if (state_init(&s, &p, tol)) {
        st = rm_error_set(err, RM_ENOMEM, "rm_tstep_kinsol: out of memory");
    } else if (p.D == 0.0) {
        no_communication(&s, x, t_step, info);
        st = RM_OK;
    } else {
        int r = attempt(&s, 0, info, err, &st), ok = certified(&s, r, st);
        if (p.parallel && st != RM_ENOMEM && !(ok && s.bestT - s.bestg <= TK_GAP * s.bestT)) {
            /* parallel send, not closed: a second attempt with both route
               bounds of every host in the initial sets; both attempts'
               bounds hold, the best of each is kept */
            tk_state s2;
            rm_error e2 = {RM_OK, ""};
            rm_status st2 = RM_OK;
            if (state_init(&s2, &p, tol) == RM_OK) {
                int r2 = attempt(&s2, 1, info, &e2, &st2);
                if (certified(&s2, r2, st2)) {
                    if (!ok || s2.bestT < s.bestT) {
                        s.bestT = s2.bestT;
                        memcpy(s.ybest, s2.ybest, (size_t)s.t.K * sizeof *s.ybest);
                    }
                    if (!ok || s2.bestg > s.bestg)
                        s.bestg = s2.bestg;
                    s.outer += s2.outer, s.nni += s2.nni, s.restarts += s2.restarts;
                    ok = 1;
                }
            }
            state_free(&s2);
        }
        /* a KINSOL failure after a certified point: that point, with its
           certified gap (info->status says so), not a failure */
        if (ok) {
            if (err)
                err->status = RM_OK, err->msg[0] = '\0';
            st = result(&s, x, t_step, info, err);
        }
    }
    state_free(&s);
    rmi_tstep_problem_destroy(&p);
    return st;
}
