/*
 * share.c — optimal shares of fixed routes for the balanced ring's step time
 * (Legrand et al. 2004 eq. (5), §4.4.2 "brute force (analytical) method"), and the
 * residual network bookkeeping of the SharedRing greedy ("peeling off the
 * bandwidths").
 *
 * Problem: minimise sum_k a_k / x_k subject to
 *   sum_{k uses r} m_kr x_k <= c_r   for every non-backbone resource r,
 *   x_k <= c_r                       for every backbone resource r of route k,
 * where m_kr is the number of times route k crosses resource r (a walk that
 * crosses a resource twice counts twice on it). Convex and separable; the
 * KKT conditions are
 *   x_k = min(u_k, sqrt(a_k / s_k)),  s_k = sum_{r in k} m_kr lambda_r,
 *   lambda_r >= 0,  load_r <= c_r,  lambda_r (c_r - load_r) = 0.
 *
 * Method (see rm_share_optimal in ringmap.h for the contract):
 *  1. routes crossing a resource of capacity 0 get x = 0 (they are out);
 *     routes with no arcs get INFINITY; routes with a_k = 0 are set aside;
 *  2. "private" constraints become per-route upper bounds u_k: every
 *     backbone resource (u_k <= c_r) and every resource used by one route
 *     only (u_k <= c_r / m_kr); resources of infinite capacity are dropped;
 *  3. the remaining "shared" resources (>= 2 routes) are priced by dual
 *     ascent: Gauss-Seidel coordinate ascent on the concave dual, each price
 *     found exactly by a 1-D safeguarded Newton solve (in mu = lambda^-1/2,
 *     where the load is concave and increasing, so Newton from the left is
 *     monotone; the other prices are summed afresh, never by subtraction,
 *     so prices spanning many decades do not cancel), accelerated after
 *     every sweep by full Newton steps on the prices that are positive or
 *     over capacity (Hessian M_P^T D M_P, Cholesky, ridge if singular) with
 *     a primal-dual active-set correction (prices driven negative are fixed
 *     at 0 and the step recomputed). A Newton step is kept only if it does
 *     not decrease the dual function and cuts the KKT residual by 10%, so
 *     the iteration is a monotone ascent and cannot cycle. Stops when every
 *     shared load is within relative tol of its capacity where the price is
 *     positive, and below (1 + tol) c_r elsewhere;
 *  4. x is scaled down by at most a factor (1 - tol) where rounding left a
 *     load above capacity, so the result is always feasible;
 *  5. the routes with a_k = 0 then share what is left by max-min fairness
 *     (a single such route gets the residual width of its path).
 * Cost: building O(L log L); one sweep O(sum over shared terms of the
 * route length * n1d), n1d ~ 3-6 1-D Newton iterations; one Newton step
 * O(T + sum_k d_k^2 + |P|^3) per active-set round (d_k = shared resources of
 * route k, |P| <= 200, else coordinate ascent only). Once the active set is
 * right Newton converges quadratically: typically 1-3 sweeps and a few
 * Newton steps. Measured (tests/test_bw.c test_speed, -O2, one core):
 * ~1.4 µs per call for the 4 routes of one SharedRing insertion on a
 * 10-link network, ~45 µs for 40 routes on 60 resources; extreme instances
 * (capacities over 20 decades, weights over 14) take up to ~2 ms.
 * Residual capacities below 1e-12 of the link's full capacity (rounding
 * left by rm_residual_apply) count as 0 (bw_clean_cap).
 */
#include "bw/bw_internal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define SHARE_MAX_SWEEPS 20000
#define SHARE_NEWTON_MAX 200 /* largest active set for the dense Newton step */
#define SHARE_NEWTON_TRIES 60

/* The dual problem on the shared resources. */
typedef struct dual {
    int K, nS, nT;
    const double *a; /* K */
    const double *u; /* K, private upper bounds (may be INFINITY) */
    double *c;       /* nS capacities */
    int *sr_start, *sr_route, *sr_mult; /* shared resource -> (route, m) */
    int *rs_start, *rs_res, *rs_mult;   /* route -> (shared resource, m) */
    double *tt;                          /* nT scratch: price of the others */
} dual;

static inline double x_of(double a, double u, double sp)
{
    if (sp > 0.0) {
        double v = sqrt(a / sp);
        return v < u ? v : u;
    }
    return u;
}

/* s_k = sum m lambda over the route's shared resources. */
static void prices(const dual *d, const double *lam, double *sp)
{
    for (int k = 0; k < d->K; k++) {
        double s = 0.0;
        for (int t = d->rs_start[k]; t < d->rs_start[k + 1]; t++)
            s += d->rs_mult[t] * lam[d->rs_res[t]];
        sp[k] = s;
    }
}

/* Loads of the shared resources for prices sp, and the KKT residual. */
static double residual(const dual *d, const double *lam, const double *sp, double *load)
{
    double res = 0.0;
    for (int j = 0; j < d->nS; j++) {
        double l = 0.0;
        for (int t = d->sr_start[j]; t < d->sr_start[j + 1]; t++) {
            int k = d->sr_route[t];
            l += d->sr_mult[t] * x_of(d->a[k], d->u[k], sp[k]);
        }
        load[j] = l;
        double v = lam[j] > 0.0 ? fabs(l - d->c[j]) : fmax(0.0, l - d->c[j]);
        v /= d->c[j];
        if (!(v <= res)) /* also catches NaN / INFINITY */
            res = isnan(v) ? INFINITY : v;
    }
    return res;
}

/* Dual function q(lambda) = sum_k min_{0 < x <= u_k} (a_k / x + s_k x)
 * - sum_j lambda_j c_j over the routes with shared resources (the others
 * add a constant). Concave; coordinate ascent never decreases it. */
static double dual_value(const dual *d, const double *lam, const double *sp)
{
    double q = 0.0;
    for (int k = 0; k < d->K; k++) {
        if (d->rs_start[k] == d->rs_start[k + 1])
            continue;
        double a = d->a[k], u = d->u[k], s = sp[k];
        if (s > 0.0 && sqrt(a / s) < u)
            q += 2.0 * sqrt(a * s);
        else if (u < INFINITY)
            q += a / u + s * u;
    }
    for (int j = 0; j < d->nS; j++)
        q -= lam[j] * d->c[j];
    return q;
}

/* Exact price of shared resource j given the others' (coordinate ascent):
 * lambda_j = 0 if the load fits at price 0, else the root of
 * F(mu) = sum_k m_k min(u_k, mu sqrt(a_k / (t_k mu^2 + m_k))) - c_j,
 * mu = lambda_j^-1/2, F concave increasing with F(0) = -c_j. */
static double solve_1d(const dual *d, int j, double lam_old, const double *lam)
{
    double c = d->c[j], load0 = 0.0, S = 0.0;
    int b = d->sr_start[j], e = d->sr_start[j + 1];
    for (int t = b; t < e; t++) {
        int k = d->sr_route[t], m = d->sr_mult[t];
        /* the others' prices, summed afresh: s_k - m lambda_j would cancel
         * catastrophically when lambda_j dwarfs them */
        double tk = 0.0;
        for (int i = d->rs_start[k]; i < d->rs_start[k + 1]; i++)
            if (d->rs_res[i] != j)
                tk += d->rs_mult[i] * lam[d->rs_res[i]];
        d->tt[t] = tk;
        load0 += m * x_of(d->a[k], d->u[k], tk);
        S += sqrt(d->a[k] * m);
    }
    if (load0 <= c)
        return 0.0;
    double mu = lam_old > 0.0 ? 1.0 / sqrt(lam_old) : c / S;
    for (int it = 0; it < 200; it++) {
        double F = -c, dF = 0.0;
        for (int t = b; t < e; t++) {
            int k = d->sr_route[t], m = d->sr_mult[t];
            double q = d->tt[t] * mu * mu + m, sa = sqrt(d->a[k]);
            double v = mu * sa / sqrt(q);
            if (v >= d->u[k]) {
                F += m * d->u[k];
            } else {
                F += m * v;
                dF += (double)m * m * sa / (q * sqrt(q));
            }
        }
        if (fabs(F) <= 1e-14 * c)
            break; /* the rounding level of the load */
        if (F > 0.0) {
            /* Newton lands left of the root (tangent above a concave F),
             * and so does c/S (F(mu) <= mu S - c): take the larger */
            double mn = dF > 0.0 ? mu - F / dF : 0.0;
            mu = mn > c / S ? mn : c / S;
        } else {
            if (!(dF > 0.0))
                break;
            double step = -F / dF;
            if (step <= 2e-16 * mu)
                break;
            mu += step; /* monotone from the left */
        }
    }
    return 1.0 / (mu * mu);
}

static void sweep(const dual *d, double *lam)
{
    for (int j = 0; j < d->nS; j++)
        lam[j] = solve_1d(d, j, lam[j], lam);
}

/* Minus the Hessian of the dual on the positive prices (pos[j] >= 0):
 * H = sum over routes not at their bound of m m^T x_k / (2 s_k). */
static void newton_hessian(const dual *d, const double *sp, const int *pos, int nA, double *H)
{
    memset(H, 0, (size_t)nA * nA * sizeof(double));
    for (int k = 0; k < d->K; k++) {
        if (!(sp[k] > 0.0))
            continue;
        double v = sqrt(d->a[k] / sp[k]);
        if (!(v < d->u[k]))
            continue; /* at its private bound: insensitive to prices */
        double dk = v / (2.0 * sp[k]);
        for (int t1 = d->rs_start[k]; t1 < d->rs_start[k + 1]; t1++) {
            int p1 = pos[d->rs_res[t1]];
            if (p1 < 0)
                continue;
            for (int t2 = d->rs_start[k]; t2 < d->rs_start[k + 1]; t2++) {
                int p2 = pos[d->rs_res[t2]];
                if (p2 >= 0)
                    H[p1 * nA + p2] += d->rs_mult[t1] * d->rs_mult[t2] * dk;
            }
        }
    }
}

/* In-place Cholesky H + ridge I = L L^T (lower triangle); 0 if a pivot
 * falls below pivmin. */
static int cholesky(double *H, int n, double pivmin, double ridge)
{
    for (int i = 0; i < n; i++) {
        for (int j = 0; j <= i; j++) {
            double s = H[i * n + j] + (i == j ? ridge : 0.0);
            for (int l = 0; l < j; l++)
                s -= H[i * n + l] * H[j * n + l];
            if (i == j) {
                if (!(s > pivmin))
                    return 0;
                H[i * n + i] = sqrt(s);
            } else {
                H[i * n + j] = s / H[j * n + j];
            }
        }
    }
    return 1;
}

/* Workspace of the Newton steps (nN = largest active set). */
typedef struct newton_ws {
    double *H, *Hc;    /* nN * nN each */
    double *g, *rhs;   /* nN each */
    int *pos, *act;    /* nS, nN */
    int *in, *sub;     /* nN each */
} newton_ws;

/* The priced set P (positive price, or resource over capacity): w->pos,
 * w->act; returns |P|, or -1 when it exceeds SHARE_NEWTON_MAX. */
static int newton_active(const dual *d, const double *lam, const double *load, newton_ws *w)
{
    int nP = 0;
    for (int j = 0; j < d->nS; j++) {
        w->pos[j] = -1;
        if (lam[j] > 0.0 || load[j] > d->c[j]) { /* priced, or over capacity */
            if (nP >= SHARE_NEWTON_MAX)
                return -1;
            w->pos[j] = nP;
            w->act[nP++] = j;
        }
    }
    return nP;
}

/* The Newton direction on the prices of P still in (w->in): solve
 * Hc delta = g + (H on the dropped prices) lambda by Cholesky (a slightly
 * regularised one if singular) into w->rhs (nA entries, w->sub the rows).
 * Returns nA (0: none left), or -1 when no step can be computed. */
static int newton_direction(const dual *d, const double *lam, int nP, const double *H,
                            newton_ws *w)
{
    double *Hc = w->Hc, *x = w->rhs;
    int nA = 0;
    for (int i = 0; i < nP; i++)
        if (w->in[i])
            w->sub[nA++] = i;
    if (nA == 0)
        return 0;
    double dmax = 0.0;
    for (int a = 0; a < nA; a++) {
        int i = w->sub[a];
        double r = w->g[i];
        for (int l = 0; l < nP; l++)
            if (!w->in[l])
                r += H[i * nP + l] * lam[w->act[l]];
        x[a] = r;
        for (int b = 0; b < nA; b++)
            Hc[a * nA + b] = H[i * nP + w->sub[b]];
        dmax = fmax(dmax, Hc[a * nA + a]);
    }
    if (!(dmax > 0.0))
        return -1;
    if (!cholesky(Hc, nA, 1e-13 * dmax, 0.0)) {
        /* singular (e.g. two resources crossed by the same routes): a
         * slightly regularised step, still checked by the residual */
        for (int a = 0; a < nA; a++)
            for (int b = 0; b < nA; b++)
                Hc[a * nA + b] = H[w->sub[a] * nP + w->sub[b]];
        if (!cholesky(Hc, nA, 1e-15 * dmax, 1e-9 * dmax))
            return -1; /* leave it to coordinate ascent */
    }
    for (int a = 0; a < nA; a++) { /* L y = rhs */
        double t = x[a];
        for (int l = 0; l < a; l++)
            t -= Hc[a * nA + l] * x[l];
        x[a] = t / Hc[a * nA + a];
    }
    for (int a = nA - 1; a >= 0; a--) { /* L^T delta = y */
        double t = x[a];
        for (int l = a + 1; l < nA; l++)
            t -= Hc[l * nA + a] * x[l];
        x[a] = t / Hc[a * nA + a];
    }
    return nA;
}

/* One Newton step on the prices P that are positive or whose resource is
 * over capacity, with a primal-dual active-set
 * correction: prices the step would make negative are fixed at 0 and the
 * step is recomputed on the others (the linearised loads of P accounting
 * for the dropped prices), until no price goes negative. Writes the trial
 * prices to lam_t (and sp_t, load_t) and returns their residual, or
 * INFINITY if no step. O(T + sum_k d_k^2 + |P|^4) worst case, |P|^3 typical. */
static double newton_step(const dual *d, const double *lam, const double *sp, const double *load,
                          newton_ws *w, double *lam_t, double *sp_t, double *load_t)
{
    int nP = newton_active(d, lam, load, w);
    if (nP <= 0)
        return INFINITY;
    for (int i = 0; i < nP; i++) {
        w->g[i] = load[w->act[i]] - d->c[w->act[i]];
        w->in[i] = 1;
    }
    newton_hessian(d, sp, w->pos, nP, w->H);
    for (int round = 0; round <= nP; round++) {
        int nA = newton_direction(d, lam, nP, w->H, w);
        if (nA < 0)
            return INFINITY;
        if (nA == 0)
            break;
        int dropped = 0;
        for (int a = 0; a < nA; a++) {
            int i = w->sub[a];
            lam_t[w->act[i]] = lam[w->act[i]] + w->rhs[a];
            if (lam_t[w->act[i]] < 0.0) {
                w->in[i] = 0;
                dropped = 1;
            }
        }
        if (!dropped)
            break;
    }
    for (int j = 0; j < d->nS; j++) {
        if (w->pos[j] < 0)
            lam_t[j] = lam[j]; /* 0 */
        else if (!w->in[w->pos[j]])
            lam_t[j] = 0.0;
        else
            lam_t[j] = fmax(0.0, lam_t[j]);
    }
    prices(d, lam_t, sp_t);
    return residual(d, lam_t, sp_t, load_t);
}

/* Solve the dual; on return lam, sp hold the prices. RM_ESOLVER on failure.
 * Every step (sweep or accepted Newton step) is an ascent step of the dual
 * function, so the iteration cannot cycle; a Newton step is kept only if it
 * also cuts the KKT residual by 10%. */
static rm_status solve_dual(const dual *d, double tol, double *lam, double *sp, double *load,
                            newton_ws *w, double *lam_t, double *sp_t, double *load_t, rm_error *err)
{
    double res = INFINITY;
    size_t nb = (size_t)d->nS * sizeof(double);
    for (int j = 0; j < d->nS; j++)
        lam[j] = 0.0;
    prices(d, lam, sp);
    for (int it = 0; it < SHARE_MAX_SWEEPS; it++) {
        sweep(d, lam);
        prices(d, lam, sp);
        res = residual(d, lam, sp, load);
        if (res <= tol)
            return RM_OK;
        double q = dual_value(d, lam, sp);
        for (int nt = 0; nt < SHARE_NEWTON_TRIES; nt++) {
            double r2 = newton_step(d, lam, sp, load, w, lam_t, sp_t, load_t);
            if (!(r2 <= 0.9 * res))
                break; /* not a clear gain: back to coordinate ascent */
            double q2 = dual_value(d, lam_t, sp_t);
            if (!(q2 >= q - 1e-14 * fabs(q)))
                break; /* not an ascent step (wrong active set) */
            res = r2;
            q = q2;
            memcpy(lam, lam_t, nb);
            memcpy(sp, sp_t, (size_t)d->K * sizeof(double));
            memcpy(load, load_t, nb);
            if (res <= tol)
                return RM_OK;
        }
    }
    return rm_error_set(err, RM_ESOLVER,
                        "optimal sharing: no convergence after %d sweeps on %d shared resources "
                        "(relative KKT residual %g, tol %g)",
                        SHARE_MAX_SWEEPS, d->nS, res, tol);
}

/* ---- one solve, step by step (the method at the top of this file) ------- */

enum { EMPTY = 0, ZERO = 1, FREE = 2, ACTIVE = 3 }; /* route states */

/* The data of one solve: the system of the routes, the local capacities,
 * the route states and the dual's arrays, carved from two blocks. */
typedef struct share_run {
    const bw_system *s;
    int K, R, T, nN, nS, nT;
    const double *a;
    double *x, tol;
    double *dw; /* doubles */
    int *iw;    /* ints */
    double *u, *sp, *sp_t, *fillw, *capl, *sc, *lam, *lam_t, *load, *load_t, *g, *tt, *H, *Hc,
        *rhs;
    int *state, *bb, *sidx, *cnt, *sr_start, *sr_route, *sr_mult, *rs_start, *rs_res, *rs_mult,
        *pos, *act, *filli, *in, *sub;
} share_run;

/* Allocate and carve the workspace of run (K, R, T, nN set). RM_ENOMEM. */
static rm_status share_alloc(share_run *run, const char *who, rm_error *err)
{
    int K = run->K, R = run->R, T = run->T, nN = run->nN;
    size_t nd = (size_t)4 * K + 11 * (size_t)R + (size_t)T + 2 * (size_t)nN * nN + 4;
    size_t ni = (size_t)4 * K + 9 * (size_t)R + 4 * (size_t)T + 8;
    run->dw = malloc(nd * sizeof(double));
    run->iw = malloc(ni * sizeof(int));
    if (!run->dw || !run->iw)
        return rm_error_set(err, RM_ENOMEM, "%s: out of memory (%d routes)", who, K);
    double *d = run->dw;
    run->u = d, run->sp = d + K, run->sp_t = d + 2 * K, run->fillw = d + 3 * K; /* 2R + K */
    run->capl = run->fillw + 2 * R + K, run->sc = run->capl + R, run->lam = run->sc + R;
    run->lam_t = run->lam + R, run->load = run->lam_t + R, run->load_t = run->load + R;
    run->g = run->load_t + R, run->tt = run->g + R, run->H = run->tt + T;
    run->Hc = run->H + (size_t)nN * nN, run->rhs = run->Hc + (size_t)nN * nN;
    int *i = run->iw;
    run->state = i, run->bb = i + K, run->sidx = run->bb + R, run->cnt = run->sidx + R;
    run->sr_start = run->cnt + R, run->sr_route = run->sr_start + R + 1;
    run->sr_mult = run->sr_route + T, run->rs_start = run->sr_mult + T;
    run->rs_res = run->rs_start + K + 1, run->rs_mult = run->rs_res + T;
    run->pos = run->rs_mult + T, run->act = run->pos + R, run->filli = run->act + R; /* R + K */
    run->in = run->filli + R + K, run->sub = run->in + R;
    return RM_OK;
}

/* Local capacities capl (bw_clean_cap of cap against full) and backbone
 * flags of the system's resources (global arrays cap, full, backbone).
 * RM_EINPUT on a NaN capacity (res_link, may be NULL, names the link). */
static rm_status share_local_caps(share_run *run, const double *cap, const double *full,
                                  const int *backbone, const int *res_link, const char *who,
                                  rm_error *err)
{
    for (int j = 0; j < run->R; j++) {
        int gi = run->s->res[j];
        double c = cap[gi];
        if (isnan(c))
            return rm_error_set(err, RM_EINPUT, "%s: capacity of resource %d (link %d) is NaN",
                                who, gi, res_link ? res_link[gi] : -1);
        run->capl[j] = bw_clean_cap(c, full[gi]);
        run->bb[j] = backbone ? backbone[gi] != 0 : 0;
    }
    return RM_OK;
}

/* Step 1: route states; x = INFINITY for routes with no arcs, 0 for routes
 * crossing a resource of capacity 0. */
static void share_route_states(share_run *run)
{
    const bw_system *s = run->s;
    for (int k = 0; k < run->K; k++) {
        run->u[k] = INFINITY;
        if (s->rt_start[k] == s->rt_start[k + 1]) {
            run->state[k] = EMPTY;
            run->x[k] = INFINITY;
            continue;
        }
        run->state[k] = run->a[k] > 0.0 ? ACTIVE : FREE;
        for (int t = s->rt_start[k]; t < s->rt_start[k + 1]; t++)
            if (run->capl[s->rt_res[t]] == 0.0)
                run->state[k] = ZERO;
        if (run->state[k] == ZERO)
            run->x[k] = 0.0;
    }
}

/* Step 2: private constraints (backbones, resources of one active route)
 * become the upper bounds u; the others are the shared resources (sidx,
 * capacities sc, nS of them). Infinite capacities are dropped. */
static void share_private_bounds(share_run *run)
{
    const bw_system *s = run->s;
    int nS = 0;
    for (int j = 0; j < run->R; j++) {
        run->sidx[j] = -1;
        run->cnt[j] = 0;
        int last = -1, lm = 0;
        for (int t = s->res_start[j]; t < s->res_start[j + 1]; t++)
            if (run->state[s->res_route[t]] == ACTIVE) {
                run->cnt[j]++;
                last = s->res_route[t];
                lm = s->res_mult[t];
            }
        if (run->cnt[j] == 0 || run->capl[j] == INFINITY)
            continue;
        if (run->bb[j]) {
            for (int t = s->res_start[j]; t < s->res_start[j + 1]; t++)
                if (run->state[s->res_route[t]] == ACTIVE)
                    run->u[s->res_route[t]] = fmin(run->u[s->res_route[t]], run->capl[j]);
        } else if (run->cnt[j] == 1) {
            run->u[last] = fmin(run->u[last], run->capl[j] / lm);
        } else {
            run->sidx[j] = nS;
            run->sc[nS++] = run->capl[j];
        }
    }
    run->nS = nS;
}

/* The incidence of the active routes and the shared resources, both ways
 * (sr_*: by shared resource, rs_*: by route). */
static void share_incidence(share_run *run)
{
    const bw_system *s = run->s;
    int nT = 0;
    for (int j = 0; j < run->R; j++) {
        if (run->sidx[j] < 0)
            continue;
        run->sr_start[run->sidx[j]] = nT;
        for (int t = s->res_start[j]; t < s->res_start[j + 1]; t++)
            if (run->state[s->res_route[t]] == ACTIVE) {
                run->sr_route[nT] = s->res_route[t];
                run->sr_mult[nT] = s->res_mult[t];
                nT++;
            }
    }
    run->sr_start[run->nS] = nT;
    run->nT = nT;
    int nr = 0;
    for (int k = 0; k < run->K; k++) {
        run->rs_start[k] = nr;
        if (run->state[k] != ACTIVE)
            continue;
        for (int t = s->rt_start[k]; t < s->rt_start[k + 1]; t++)
            if (run->sidx[s->rt_res[t]] >= 0) {
                run->rs_res[nr] = run->sidx[s->rt_res[t]];
                run->rs_mult[nr] = s->rt_mult[t];
                nr++;
            }
    }
    run->rs_start[run->K] = nr;
}

/* Step 3: the prices of the shared resources (dual ascent) and the shares
 * of the active routes; step 4: exact feasibility. RM_ESOLVER. */
static rm_status share_prices(share_run *run, rm_error *err)
{
    int K = run->K;
    if (run->nS > 0) {
        dual d = {K,         run->nS,      run->nT,      run->a,        run->u,
                  run->sc,   run->sr_start, run->sr_route, run->sr_mult, run->rs_start,
                  run->rs_res, run->rs_mult, run->tt};
        newton_ws w = {run->H, run->Hc, run->g, run->rhs, run->pos, run->act, run->in, run->sub};
        rm_status st = solve_dual(&d, run->tol, run->lam, run->sp, run->load, &w, run->lam_t,
                                  run->sp_t, run->load_t, err);
        if (st)
            return st;
    } else {
        for (int k = 0; k < K; k++)
            run->sp[k] = 0.0;
    }
    for (int k = 0; k < K; k++)
        if (run->state[k] == ACTIVE)
            run->x[k] = x_of(run->a[k], run->u[k], run->sp[k]);
    for (int k = 0; k < K; k++)
        run->filli[k] = run->state[k] == ACTIVE;
    rmi_bw_make_feasible(run->s, run->capl, run->bb, run->filli, 1.0, run->x, run->fillw);
    return RM_OK;
}

/* Step 5: the routes of weight 0 share what the active ones left by
 * max-min fairness. */
static void share_zero_weight(share_run *run)
{
    const bw_system *s = run->s;
    int n_free = 0;
    for (int k = 0; k < run->K; k++)
        n_free += run->state[k] == FREE;
    if (n_free == 0)
        return;
    double *left = run->sc; /* reuse: R entries */
    for (int j = 0; j < run->R; j++) {
        left[j] = run->capl[j];
        if (run->bb[j] || run->capl[j] == INFINITY)
            continue;
        for (int t = s->res_start[j]; t < s->res_start[j + 1]; t++)
            if (run->state[s->res_route[t]] == ACTIVE)
                left[j] -= s->res_mult[t] * run->x[s->res_route[t]];
        if (!(left[j] > 0.0))
            left[j] = 0.0;
    }
    int *mask = run->rs_start; /* K + 1 entries, no longer needed */
    for (int k = 0; k < run->K; k++)
        mask[k] = run->state[k] == FREE;
    rmi_bw_fill(s, left, run->bb, mask, run->x, run->fillw, run->filli, NULL, NULL);
    rmi_bw_make_feasible(s, left, run->bb, mask, 1.0, run->x, run->fillw);
}

/* The whole solve on a built system s: weights a (checked here: RM_EINPUT
 * naming the route), global capacity arrays cap / full / backbone (see
 * share_local_caps), tolerance tol (1e-12 if <= 0), result x. */
static rm_status share_solve(const bw_system *s, const double *cap, const double *full,
                             const int *backbone, const int *res_link, const double *a,
                             double tol, double *x, const char *who, rm_error *err)
{
    for (int k = 0; k < s->n_routes; k++)
        if (!(a[k] >= 0.0) || !isfinite(a[k]))
            return rm_error_set(err, RM_EINPUT,
                                "%s: route %d has weight a = %g (must be finite and >= 0)", who, k,
                                a[k]);
    share_run run = {.s = s, .K = s->n_routes, .R = s->n_res, .T = s->n_terms, .a = a, .x = x,
                     .tol = tol > 0.0 ? tol : 1e-12};
    run.nN = run.R < SHARE_NEWTON_MAX ? run.R : SHARE_NEWTON_MAX;
    rm_status st = share_alloc(&run, who, err);
    if (!st)
        st = share_local_caps(&run, cap, full, backbone, res_link, who, err);
    if (!st) {
        share_route_states(&run);
        share_private_bounds(&run);
        share_incidence(&run);
        st = share_prices(&run, err);
    }
    if (!st)
        share_zero_weight(&run);
    free(run.dw);
    free(run.iw);
    return st;
}

/* rm_share_optimal (bw.h): the argument checks, bw's system of the routes,
 * then the steps above. A route that crosses a resource of capacity 0 (or
 * below the noise level, or negative: an over-used residual) gets x = 0 and
 * is left out — the objective is then infinite and the caller (SharedRing)
 * discards the candidate by testing x > 0; a walk counts m times on a
 * resource it crosses m times (once on a backbone). */
rm_status rm_share_optimal(const rm_network *net, const double *cap, int n_routes,
                           const rm_route *routes, const double *a, double tol, double *x,
                           rm_error *err)
{
    rm_status st = rmi_bw_check_routes(net, n_routes, routes, "rm_share_optimal", err);
    if (st)
        return st;
    if (n_routes > 0 && !a)
        return rm_error_set(err, RM_EINVAL, "rm_share_optimal: a is NULL (%d routes)", n_routes);
    if (n_routes > 0 && !x)
        return rm_error_set(err, RM_EINVAL, "rm_share_optimal: x is NULL (%d routes)", n_routes);
    bw_system s;
    if ((st = rmi_bw_system_build(&s, net, n_routes, routes, "rm_share_optimal", err)))
        return st;
    st = share_solve(&s, cap ? cap : net->res_cap, net->res_cap, net->res_backbone, net->res_link,
                     a, tol, x, "rm_share_optimal", err);
    rmi_bw_system_free(&s);
    return st;
}

/* rm_share_optimal_sys (bw.h): the same on resource lists; a capacity is
 * its own full capacity (only values <= 0 count as 0). */
rm_status rm_share_optimal_sys(const rm_share_system *sys, const double *a, double tol, double *x,
                               rm_error *err)
{
    rm_status st = rmi_bw_check_share_system(sys, "rm_share_optimal_sys", err);
    if (st)
        return st;
    if (sys->n_routes > 0 && !a)
        return rm_error_set(err, RM_EINVAL, "rm_share_optimal_sys: a is NULL (%d routes)",
                            sys->n_routes);
    if (sys->n_routes > 0 && !x)
        return rm_error_set(err, RM_EINVAL, "rm_share_optimal_sys: x is NULL (%d routes)",
                            sys->n_routes);
    bw_system s;
    s.heap = NULL;
    if ((st = rmi_bw_system_build_lists(&s, sys, "rm_share_optimal_sys", err)))
        return st;
    st = share_solve(&s, sys->res_cap, sys->res_cap, sys->res_backbone, NULL, a, tol, x,
                     "rm_share_optimal_sys", err);
    rmi_bw_system_free(&s);
    return st;
}

/* rm_residual_apply (ringmap.h): residual[r] -= sign * x once per crossing
 * of a non-backbone resource (a walk crossing r twice takes 2x); unusable
 * or unknown arcs are skipped. O(len). */
void rm_residual_apply(const rm_network *net, double *residual, const rm_route *route, double x,
                       int sign)
{
    if (!net || !residual || !route || !route->arcs)
        return;
    for (int i = 0; i < route->n_arcs; i++) {
        int a = route->arcs[i];
        if (a < 0 || a >= net->n_arcs)
            continue;
        int r = net->arc_res[a];
        if (r < 0 || (net->res_backbone && net->res_backbone[r]))
            continue;
        residual[r] -= sign * x;
    }
}
