/*
 * tstep_kinsol.c — T_step of a fixed ring with fixed routes at its optimum
 * (the real program of solvers.h: alphas >= 0, every cost model) by Newton
 * on the KKT system with KINSOL inside an active set over saturated links,
 * hosts whose alpha is 0, and (parallel send) the larger route of a host.
 * Seed 001 eqs. (1), (5), §4.4.3 method 2.
 */
#include "solvers/solvers.h"
#include "solvers/kinsol_common.h"
#include "solvers/tstep_problem.h"

#include <kinsol/kinsol.h>
#include <math.h>
#include <nvector/nvector_serial.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sundials/sundials_context.h>
#include <sunlinsol/sunlinsol_dense.h>
#include <sunmatrix/sunmatrix_dense.h>

#define TK_EPS 1e-10     /* final regularisation weight (solvers.h) */
#define TK_PRIMAL 1e-9   /* relative violation that adds a constraint */
#define TK_DUAL 1e-9     /* relative negative multiplier that drops one */
#define TK_GAP 1e-9      /* certified relative duality gap that ends the stages */
#define TK_ACCEPT 1e-7   /* certified gap accepted when a later stage fails */
#define TK_BACKOFFS 40   /* stages restarted with a smaller step in eps */

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
    char msg[RM_KINSOL_MSG_SIZE]; /* KINSOL's last error message */
} tk_work;

static int grp_host(const tk_work *t, int g) { return t->p->parallel ? g % t->q : g; }
static int route_grp(const tk_work *t, int k) { return t->p->parallel ? k : k % t->q; }
static int grp_routes(const tk_work *t, int g, int *r)
{
    if (t->p->parallel) {
        r[0] = g;
        return 1;
    }
    r[0] = g, r[1] = g + t->q;
    return 2;
}

static void layout(tk_work *t)
{
    t->ou = t->K;
    t->oT = t->K + t->q;
    t->ol = t->oT + 1;
    t->om = t->ol + t->nW;
    t->orho = t->om + t->nA;
    t->N = t->orho + t->nG;
    t->e2 = t->K;
    t->e3 = t->K + t->q;
    t->e4 = t->e3 + 1;
    t->e5 = t->e4 + t->nA;
    t->e6 = t->e5 + t->nG;
}

static double route_weight(const tk_work *t, const double *z, int k)
{
    int g = route_grp(t, k);
    double b = t->eps * t->p->a[k % t->q];
    if (t->gpos[g] >= 0)
        b += z[t->orho + t->gpos[g]];
    return b;
}

/* f (N) and, if mag is not NULL, the magnitude of each equation's terms. */
static void tk_eval(tk_work *t, const double *z, double *f, double *mag)
{
    const rm_tstep_problem *p = t->p;
    const rm_share_problem *sp = &p->sp;
    int K = t->K, q = t->q;
    const double *y = z, *u = z + t->ou, *lam = z + t->ol, *mu = z + t->om, *rho = z + t->orho;
    double T = z[t->oT];
    double dummy[1];
    for (int k = 0; k < K; k++) {
        double s = 0.0;
        for (int e = sp->col_start[k]; e < sp->col_start[k + 1]; e++) {
            int i = t->wpos[sp->col_row[e]];
            if (i >= 0)
                s += sp->col_coef[e] * lam[i];
        }
        t->Lam[k] = s;
        double b = route_weight(t, z, k);
        f[k] = b / y[k] - s * y[k];
        if (mag)
            mag[k] = fabs(b) / y[k] + fabs(s) * y[k];
    }
    double *mg = mag ? mag : dummy;
    for (int i = 0; i < q; i++) {
        f[t->e2 + i] = 0.0;
        if (mag) /* floor: the host's weight when mu_0 = 1 (a host of weight 0) */
            mag[t->e2 + i] = p->a[i];
    }
    for (int x = 0; x < t->nG; x++) {
        int i = grp_host(t, t->G[x]);
        f[t->e2 + i] += rho[x];
        if (mag)
            mg[t->e2 + i] += fabs(rho[x]);
    }
    double smu = 0.0, amu = 0.0;
    for (int x = 0; x < t->nA; x++) {
        int pc = t->A[x];
        smu += mu[x], amu += fabs(mu[x]);
        if (pc == 0) {
            for (int i = 0; i < q; i++) {
                f[t->e2 + i] -= p->a[i] * mu[x];
                if (mag)
                    mg[t->e2 + i] += p->a[i] * fabs(mu[x]);
            }
        } else {
            f[t->e2 + pc - 1] -= mu[x];
            if (mag)
                mg[t->e2 + pc - 1] += fabs(mu[x]);
        }
    }
    f[t->e3] = smu - 1.0;
    if (mag)
        mag[t->e3] = amu + 1.0;
    for (int x = 0; x < t->nA; x++) {
        int pc = t->A[x];
        double F, Fm;
        if (pc == 0) {
            F = 1.0, Fm = 1.0;
            for (int i = 0; i < q; i++)
                F += p->D * p->a[i] * u[i], Fm += p->D * p->a[i] * fabs(u[i]);
        } else {
            F = p->D * u[pc - 1], Fm = fabs(F);
        }
        f[t->e4 + x] = F - T;
        if (mag)
            mag[t->e4 + x] = Fm + fabs(T);
    }
    for (int x = 0; x < t->nG; x++) {
        int r[2], n = grp_routes(t, t->G[x], r), h = grp_host(t, t->G[x]);
        double s = 0.0;
        for (int e = 0; e < n; e++)
            s += 1.0 / y[r[e]] + p->lc[r[e]];
        f[t->e5 + x] = s - u[h];
        if (mag)
            mag[t->e5 + x] = fabs(s) + fabs(u[h]);
    }
    for (int x = 0; x < t->nW; x++) {
        int j = t->W[x];
        double s = 0.0;
        for (int e = sp->row_start[j]; e < sp->row_start[j + 1]; e++)
            s += sp->row_coef[e] * y[sp->row_var[e]];
        f[t->e6 + x] = (s - sp->c[j]) / sp->c[j];
        if (mag)
            mag[t->e6 + x] = 1.0;
    }
}

static int tk_residual(N_Vector zz, N_Vector ff, void *user)
{
    tk_eval(user, N_VGetArrayPointer(zz), N_VGetArrayPointer(ff), NULL);
    return 0;
}

static int tk_jacobian(N_Vector zz, N_Vector ff, SUNMatrix J, void *user, N_Vector t1, N_Vector t2)
{
    tk_work *t = user;
    const rm_tstep_problem *p = t->p;
    const rm_share_problem *sp = &p->sp;
    const double *z = N_VGetArrayPointer(zz), *y = z;
    int K = t->K, q = t->q;
    SUNMatZero(J);
    /* Lam from the current multipliers */
    for (int k = 0; k < K; k++) {
        double s = 0.0;
        for (int e = sp->col_start[k]; e < sp->col_start[k + 1]; e++) {
            int i = t->wpos[sp->col_row[e]];
            if (i >= 0) {
                s += sp->col_coef[e] * z[t->ol + i];
                SM_ELEMENT_D(J, k, t->ol + i) = -sp->col_coef[e] * y[k];
                SM_ELEMENT_D(J, t->e6 + i, k) = sp->col_coef[e] / sp->c[sp->col_row[e]];
            }
        }
        double b = route_weight(t, z, k);
        SM_ELEMENT_D(J, k, k) = -b / (y[k] * y[k]) - s;
        int g = route_grp(t, k);
        if (t->gpos[g] >= 0)
            SM_ELEMENT_D(J, k, t->orho + t->gpos[g]) = 1.0 / y[k];
    }
    for (int x = 0; x < t->nG; x++) {
        int r[2], n = grp_routes(t, t->G[x], r), h = grp_host(t, t->G[x]);
        SM_ELEMENT_D(J, t->e2 + h, t->orho + x) = 1.0;
        for (int e = 0; e < n; e++)
            SM_ELEMENT_D(J, t->e5 + x, r[e]) = -1.0 / (y[r[e]] * y[r[e]]);
        SM_ELEMENT_D(J, t->e5 + x, t->ou + h) = -1.0;
    }
    for (int x = 0; x < t->nA; x++) {
        int pc = t->A[x];
        SM_ELEMENT_D(J, t->e3, t->om + x) = 1.0;
        if (pc == 0) {
            for (int i = 0; i < q; i++) {
                SM_ELEMENT_D(J, t->e2 + i, t->om + x) = -p->a[i];
                SM_ELEMENT_D(J, t->e4 + x, t->ou + i) = p->D * p->a[i];
            }
        } else {
            SM_ELEMENT_D(J, t->e2 + pc - 1, t->om + x) = -1.0;
            SM_ELEMENT_D(J, t->e4 + x, t->ou + pc - 1) = p->D;
        }
        SM_ELEMENT_D(J, t->e4 + x, t->oT) = -1.0;
    }
    return 0;
}

/* Relative residual max |f_i| / mag_i of z. Scratch f, mag (N). */
static double tk_relres(tk_work *t, const double *z, double *f, double *mag)
{
    tk_eval(t, z, f, mag);
    double r = 0.0;
    for (int i = 0; i < t->N; i++) {
        double v = mag[i] > 0.0 ? fabs(f[i]) / mag[i] : fabs(f[i]);
        if (!(v <= r))
            r = v;
    }
    return r;
}

/* Solve the equations of the current sets from z (N entries, overwritten).
 * Returns KINSOL's last flag (-1000: setup failure); *res the relative
 * residual at the end. */
static int tk_solve(SUNContext ctx, tk_work *t, double *z, double accept, long *nni,
                    int *restarts, double *res)
{
    sunindextype N = t->N;
    int flag = RM_KINSOL_SETUP_FAILED;
    N_Vector u = N_VNew_Serial(N, ctx), us = N_VNew_Serial(N, ctx);
    N_Vector cons = N_VNew_Serial(N, ctx), fs = N_VNew_Serial(N, ctx);
    double *f = malloc((size_t)N * sizeof *f), *mag = malloc((size_t)N * sizeof *mag);
    rm_kinsol ks = {NULL, NULL, NULL};
    *res = INFINITY;
    if (!u || !us || !cons || !fs || !f || !mag)
        goto done;
    double *ud = N_VGetArrayPointer(u), *cd = N_VGetArrayPointer(cons);
    for (sunindextype i = 0; i < N; i++) {
        ud[i] = z[i];
        cd[i] = i < t->K ? 2.0 : 0.0; /* y > 0, the rest free */
    }
    double fnormtol = accept * 0.01 > 1e-14 ? accept * 0.01 : 1e-14;
    if (rm_kinsol_create(&ks, ctx, u, cons, tk_residual, tk_jacobian, t, t->msg, fnormtol))
        goto done;
    double *sd = N_VGetArrayPointer(us), *fd = N_VGetArrayPointer(fs);
    for (int round = 0; round < 5; round++) {
        /* scales from the current point */
        tk_eval(t, ud, f, mag);
        for (sunindextype i = 0; i < N; i++) {
            fd[i] = mag[i] > 0.0 ? 1.0 / mag[i] : 1.0;
            double v = fabs(ud[i]);
            sd[i] = 1.0;
            if (i < t->K)
                sd[i] = 1.0 / ud[i];
            else if (i < t->ol && v > 0.0)
                sd[i] = 1.0 / v;
        }
        for (int x = 0; x < t->nW; x++) {
            /* price level of the row's routes */
            const rm_share_problem *sp = &t->p->sp;
            int j = t->W[x];
            double pm = 0.0;
            for (int e = sp->row_start[j]; e < sp->row_start[j + 1]; e++) {
                int k = sp->row_var[e];
                double pr = route_weight(t, ud, k) / (ud[k] * ud[k]);
                if (pr > pm)
                    pm = pr;
            }
            sd[t->ol + x] = pm > 0.0 ? 1.0 / pm : 1.0;
        }
        flag = rm_kinsol_solve(&ks, u, us, fs, nni);
        *res = tk_relres(t, ud, f, mag);
        if (*res <= accept)
            break;
        if (round < 4)
            (*restarts)++;
    }
    for (sunindextype i = 0; i < N; i++)
        z[i] = ud[i];
done:
    rm_kinsol_free(&ks);
    rm_kinsol_destroy_vectors((N_Vector[]){u, us, cons, fs}, 4);
    free(f);
    free(mag);
    return flag;
}

/* Orthonormal basis of the working rows (dense, K columns), to add only
 * rows independent of W. */
typedef struct tk_basis {
    int K, n;
    double *b; /* n x K */
} tk_basis;

static void row_dense(const rm_share_problem *sp, int j, double *v, int K)
{
    for (int k = 0; k < K; k++)
        v[k] = 0.0;
    for (int e = sp->row_start[j]; e < sp->row_start[j + 1]; e++)
        v[sp->row_var[e]] = sp->row_coef[e];
}

/* Try to add row j: 1 if independent (added), 0 if not. v scratch K. */
static int basis_add(tk_basis *B, const rm_share_problem *sp, int j, double *v)
{
    int K = B->K;
    row_dense(sp, j, v, K);
    double n0 = 0.0;
    for (int k = 0; k < K; k++)
        n0 += v[k] * v[k];
    n0 = sqrt(n0);
    for (int pass = 0; pass < 2; pass++)
        for (int i = 0; i < B->n; i++) {
            const double *bi = B->b + (size_t)i * K;
            double d = 0.0;
            for (int k = 0; k < K; k++)
                d += bi[k] * v[k];
            for (int k = 0; k < K; k++)
                v[k] -= d * bi[k];
        }
    double n1 = 0.0;
    for (int k = 0; k < K; k++)
        n1 += v[k] * v[k];
    n1 = sqrt(n1);
    if (!(n1 > 1e-9 * n0) || B->n >= K)
        return 0;
    double *bn = B->b + (size_t)B->n * K;
    for (int k = 0; k < K; k++)
        bn[k] = v[k] / n1;
    B->n++;
    return 1;
}

static void basis_rebuild(tk_basis *B, const rm_share_problem *sp, const int *W, int nW, double *v)
{
    B->n = 0;
    for (int x = 0; x < nW; x++)
        basis_add(B, sp, W[x], v);
}

static uint64_t set_hash(const tk_work *t, int m)
{
    uint64_t h = 1469598103934665603ULL;
    for (int j = 0; j < m; j++)
        h = (h ^ (uint64_t)(t->wpos[j] >= 0)) * 1099511628211ULL;
    for (int pc = 0; pc <= t->q; pc++)
        h = (h ^ (uint64_t)(t->apos[pc] >= 0 ? 2 : 0)) * 1099511628211ULL;
    for (int g = 0; g < t->ng; g++)
        h = (h ^ (uint64_t)(t->gpos[g] >= 0 ? 4 : 0)) * 1099511628211ULL;
    return h;
}

/* Remove element at position x of set S (positions in pos). */
static void set_remove(int *S, int *pos, int *n, int x)
{
    int e = S[x];
    S[x] = S[*n - 1];
    pos[S[x]] = x;
    pos[e] = -1;
    (*n)--;
}

/* The KKT point that ended the last stage of the continuation in eps
 * (sets, unknowns, eps), to return to with a smaller step in eps when the
 * next stage fails. */
typedef struct tk_snap {
    int have, nW, nA, nG;
    int *W, *wpos, *A, *apos, *G, *gpos;
    double *z, eps;
} tk_snap;

static void tk_snap_save(tk_snap *s, const tk_work *t, const double *z)
{
    int M = t->p->sp.m;
    s->have = 1, s->eps = t->eps;
    s->nW = t->nW, s->nA = t->nA, s->nG = t->nG;
    memcpy(s->W, t->W, (size_t)t->nW * sizeof(int));
    memcpy(s->wpos, t->wpos, (size_t)M * sizeof(int));
    memcpy(s->A, t->A, (size_t)t->nA * sizeof(int));
    memcpy(s->apos, t->apos, (size_t)(t->q + 1) * sizeof(int));
    memcpy(s->G, t->G, (size_t)t->nG * sizeof(int));
    memcpy(s->gpos, t->gpos, (size_t)t->ng * sizeof(int));
    memcpy(s->z, z, (size_t)t->N * sizeof *z);
}

/* Step control of the continuation: if a snapshot exists, the step from
 * its eps can still shrink and fewer than TK_BACKOFFS restarts were made,
 * restore its sets and unknowns (layout, basis B of W rebuilt; v scratch
 * K), take *fac = sqrt(*fac) and eps = max(snapshot eps * fac, TK_EPS),
 * and return 1 (the caller restarts the stage); else 0. */
static int tk_backoff(const tk_snap *s, tk_work *t, double *z, double *fac, int *backoffs,
                      tk_basis *B, double *v)
{
    double eps = s->eps * sqrt(*fac);
    if (eps < TK_EPS)
        eps = TK_EPS;
    if (!s->have || !(s->eps / eps > 1.02) || *backoffs >= TK_BACKOFFS)
        return 0;
    (*backoffs)++;
    *fac = sqrt(*fac);
    t->eps = eps;
    int M = t->p->sp.m;
    t->nW = s->nW, t->nA = s->nA, t->nG = s->nG;
    memcpy(t->W, s->W, (size_t)s->nW * sizeof(int));
    memcpy(t->wpos, s->wpos, (size_t)M * sizeof(int));
    memcpy(t->A, s->A, (size_t)s->nA * sizeof(int));
    memcpy(t->apos, s->apos, (size_t)(t->q + 1) * sizeof(int));
    memcpy(t->G, s->G, (size_t)s->nG * sizeof(int));
    memcpy(t->gpos, s->gpos, (size_t)t->ng * sizeof(int));
    layout(t);
    memcpy(z, s->z, (size_t)t->N * sizeof *z);
    basis_rebuild(B, &t->p->sp, t->W, t->nW, v);
    return 1;
}

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
    rm_share_make_feasible(sp, yf, load);
    *Tout = rm_tstep_value(p, yf, C, NULL);
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
                int kk = e ? q + i : i, gp = t->gpos[route_grp(t, kk)];
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

rm_status rm_tstep_kinsol(const rm_network *net, const rm_mapping *m, double tol, double *x,
                          double *t_step, rm_solver_info *info, rm_error *err)
{
    if (tol <= 0.0)
        tol = 1e-10;
    rm_tstep_problem p;
    rm_status st;
    if (rm_tstep_start(&p, "rm_tstep_kinsol", net, m, x, t_step, info, err, &st))
        return st;
    const rm_share_problem *sp = &p.sp;
    int K = p.K, q = p.q, M = sp->m;
    int ng = p.parallel ? K : q;
    tk_work t = {.p = &p, .K = K, .q = q, .ng = ng, .eps = TK_EPS};
    t.msg[0] = '\0';
    size_t Nmax = (size_t)K + q + 1 + M + (q + 1) + ng + 1;
    t.W = malloc(((size_t)M + 1) * sizeof(int));
    t.wpos = malloc(((size_t)M + 1) * sizeof(int));
    t.A = malloc(((size_t)q + 2) * sizeof(int));
    t.apos = malloc(((size_t)q + 2) * sizeof(int));
    t.G = malloc(((size_t)ng + 1) * sizeof(int));
    t.gpos = malloc(((size_t)ng + 1) * sizeof(int));
    t.Lam = malloc(((size_t)K + 1) * sizeof(double));
    double *z = malloc(Nmax * sizeof *z), *zn = malloc(Nmax * sizeof *zn);
    double *y = malloc((size_t)K * sizeof *y), *C = malloc((size_t)q * sizeof *C);
    double *F = malloc(((size_t)q + 1) * sizeof *F), *load = malloc(((size_t)M + 1) * sizeof *load);
    double *x0 = malloc((size_t)K * sizeof *x0), *a0 = malloc((size_t)K * sizeof *a0);
    double *v = malloc((size_t)K * sizeof *v), *ord = malloc(((size_t)M + 1) * sizeof *ord);
    int *oj = malloc(((size_t)M + 1) * sizeof *oj), *cover = calloc((size_t)K, sizeof *cover);
    rm_route *flat = malloc((size_t)K * sizeof *flat);
    tk_basis B = {.K = K, .n = 0, .b = malloc((size_t)K * K * sizeof(double))};
    double *yc = malloc((size_t)K * sizeof *yc), *ybest = malloc((size_t)K * sizeof *ybest);
    uint64_t *seen = NULL;
    int n_seen = 0, cap_seen = 0;
    /* the KKT point that ended the last stage (sets, unknowns, eps), to
       return to with a smaller step in eps when a stage fails */
    tk_snap snap = {.W = malloc(((size_t)M + 1) * sizeof(int)),
                    .wpos = malloc(((size_t)M + 1) * sizeof(int)),
                    .A = malloc(((size_t)q + 2) * sizeof(int)),
                    .apos = malloc(((size_t)q + 2) * sizeof(int)),
                    .G = malloc(((size_t)ng + 1) * sizeof(int)),
                    .gpos = malloc(((size_t)ng + 1) * sizeof(int)),
                    .z = malloc(Nmax * sizeof(double))};
    int backoffs = 0;
    double fac = 0.1; /* eps ratio of the next stage */
    SUNContext ctx = NULL;
    if (!t.W || !t.wpos || !t.A || !t.apos || !t.G || !t.gpos || !t.Lam || !z || !zn || !y || !C ||
        !F || !load || !x0 || !a0 || !v || !ord || !oj || !cover || !flat || !B.b || !yc || !ybest ||
        !snap.W || !snap.wpos || !snap.A || !snap.apos || !snap.G || !snap.gpos || !snap.z) {
        st = rm_error_set(err, RM_ENOMEM, "rm_tstep_kinsol: out of memory");
        goto done;
    }
    if (p.D == 0.0) {
        /* no communication cost: every share gives T = w_cumul */
        rm_share_maxmin(sp, y, NULL, NULL);
        for (int k = 0; k < K; k++)
            x[k] = sp->S * y[k];
        double tt = rm_tstep_true(net, m, x);
        if (t_step)
            *t_step = tt;
        rm_solver_info_fill(info, 0, 0, 0, tt, 0.0, "optimal", 0);
        goto done;
    }
    /* start: the eq. (5) optimum (max-min rates if that fails) */
    for (int k = 0; k < K; k++) {
        flat[k] = *p.route[k];
        a0[k] = p.a[k % q];
    }
    {
        rm_error e2 = {RM_OK, ""};
        if (rm_share_kinsol(net, NULL, K, flat, a0, 1e-12, x0, NULL, &e2) == RM_OK) {
            for (int k = 0; k < K; k++)
                y[k] = x0[k] / sp->S;
            rm_share_make_feasible(sp, y, load);
        } else {
            rm_share_maxmin(sp, y, NULL, NULL);
        }
    }
    if (!(SUNContext_Create(NULL, &ctx) == 0 && ctx)) {
        st = rm_error_set(err, RM_ESOLVER, "rm_tstep_kinsol: SUNContext_Create failed");
        goto done;
    }
    /* initial sets */
    double T0 = rm_tstep_value(&p, y, C, F);
    t.nA = 0;
    for (int pc = 0; pc <= q; pc++) {
        t.apos[pc] = -1;
        if (pc == 0 || F[pc] >= T0 * (1.0 - 1e-9)) { /* F_0 binds but in degenerate cases */
            t.apos[pc] = t.nA;
            t.A[t.nA++] = pc;
        }
    }
    t.nG = 0;
    for (int g = 0; g < ng; g++) {
        t.gpos[g] = -1;
        int h = grp_host(&t, g), r[2], n = grp_routes(&t, g, r);
        double s = 0.0;
        for (int e = 0; e < n; e++)
            s += 1.0 / y[r[e]] + p.lc[r[e]];
        if (!p.parallel || s >= C[h] * (1.0 - 1e-9)) {
            t.gpos[g] = t.nG;
            t.G[t.nG++] = g;
        }
    }
    rm_share_loads(sp, y, load);
    for (int j = 0; j < M; j++) {
        t.wpos[j] = -1;
        ord[j] = load[j] / sp->c[j];
        oj[j] = j;
    }
    /* saturated rows, most loaded first (insertion sort: m is small) */
    for (int i = 1; i < M; i++)
        for (int k = i; k > 0 && ord[oj[k]] > ord[oj[k - 1]]; k--) {
            int tmp = oj[k];
            oj[k] = oj[k - 1], oj[k - 1] = tmp;
        }
    t.nW = 0;
    for (int i = 0; i < M && ord[oj[i]] >= 1.0 - 1e-7; i++) {
        int j = oj[i];
        if (basis_add(&B, sp, j, v)) {
            t.wpos[j] = t.nW;
            t.W[t.nW++] = j;
            for (int e = sp->row_start[j]; e < sp->row_start[j + 1]; e++)
                cover[sp->row_var[e]]++;
        }
    }
    for (int k = 0; k < K; k++) {
        if (cover[k])
            continue;
        /* a route with no saturated row: its most loaded independent row */
        int best = -1;
        double bl = -1.0;
        for (int e = sp->col_start[k]; e < sp->col_start[k + 1]; e++) {
            int j = sp->col_row[e];
            if (t.wpos[j] < 0 && ord[j] > bl)
                bl = ord[j], best = j;
        }
        if (best >= 0 && basis_add(&B, sp, best, v)) {
            t.wpos[best] = t.nW;
            t.W[t.nW++] = best;
            for (int e = sp->row_start[best]; e < sp->row_start[best + 1]; e++)
                cover[sp->row_var[e]]++;
        }
    }
    /* initial unknowns */
    layout(&t);
    for (int k = 0; k < K; k++)
        z[k] = y[k];
    for (int i = 0; i < q; i++)
        z[t.ou + i] = C[i];
    z[t.oT] = T0;
    for (int xA = 0; xA < t.nA; xA++)
        z[t.om + xA] = 1.0 / t.nA;
    for (int xG = 0; xG < t.nG; xG++) {
        int g = t.G[xG], h = grp_host(&t, g), cnt = 0;
        for (int x2 = 0; x2 < t.nG; x2++)
            cnt += grp_host(&t, t.G[x2]) == h;
        double wt = (t.apos[0] >= 0 ? p.a[h] / t.nA : 0.0) + (t.apos[h + 1] >= 0 ? 1.0 / t.nA : 0.0);
        z[t.orho + xG] = wt / cnt;
    }
    for (int xW = 0; xW < t.nW; xW++) {
        int j = t.W[xW], cnt = 0;
        double s = 0.0;
        for (int e = sp->row_start[j]; e < sp->row_start[j + 1]; e++) {
            int k = sp->row_var[e];
            s += route_weight(&t, z, k) / (y[k] * y[k]) / (cover[k] ? cover[k] : 1);
            cnt++;
        }
        z[t.ol + xW] = cnt ? s / cnt : 0.0;
    }
    double bestT = INFINITY, bestg = -INFINITY;
    int max_outer = 60 + 4 * (M + q + ng), outer = 0, restarts = 0, stage_outer = 0;
    long nni = 0;
    double res = INFINITY;
    /* When an alpha is clamped at the start (a piece i > 0 at the max),
       continuation in eps from 1e-2 down to TK_EPS: with a tiny eps the
       routes of a host whose weight is 0 collapse towards 0 between two
       changes of the sets, too far for Newton; each stage starts from the
       previous one's optimum. Otherwise the eq. (5) start is already the
       optimum's neighbourhood: one stage at TK_EPS. Step control: when a
       stage fails (KINSOL, cycling, not settled) it restarts from the last
       stage's KKT point with the eps ratio fac square-rooted (0.1, 0.32,
       0.56, ...; at most TK_BACKOFFS times); after a stage that settles fac
       is squared back towards 0.1. In degenerate SliceRing rings (many
       hosts end with alpha = 0, tiny multipliers) a step of 10 in eps moves
       the point too far from the next stage's sets: F_0, dropped at a large
       eps, must come back with a dozen clamped pieces and Newton fails. */
    int stage = 0;
    t.eps = t.nA == 1 ? TK_EPS : 1e-2;
    for (;;) {
        outer++;
        stage_outer++;
        uint64_t h = set_hash(&t, M);
        int cycling = 0;
        for (int s = 0; s < n_seen; s++)
            cycling |= seen[s] == h;
        if (cycling) { /* a failed stage: smaller step in eps first */
            if (tk_backoff(&snap, &t, z, &fac, &backoffs, &B, v)) {
                n_seen = 0;
                stage_outer = 0;
                continue;
            }
        }
        for (int s = 0; s < n_seen; s++)
            if (seen[s] == h) {
                if (bestT < INFINITY && bestT - bestg <= TK_ACCEPT * bestT)
                    goto result;
                rm_solver_info_fill(info, outer, nni, t.nW + t.nA + t.nG, NAN, res,
                                    "active set cycling", restarts);
                st = rm_error_set(err, RM_ESOLVER,
                                  "rm_tstep_kinsol: active set cycling after %d changes", outer);
                goto done;
            }
        if (n_seen == cap_seen) {
            cap_seen = cap_seen ? 2 * cap_seen : 64;
            uint64_t *ns = realloc(seen, (size_t)cap_seen * sizeof *ns);
            if (!ns) {
                st = rm_error_set(err, RM_ENOMEM, "rm_tstep_kinsol: out of memory");
                goto done;
            }
            seen = ns;
        }
        seen[n_seen++] = h;
        int flag = tk_solve(ctx, &t, z, tol, &nni, &restarts, &res);
        if (!(res <= tol) && bestT < INFINITY && bestT - bestg <= TK_ACCEPT * bestT)
            break; /* a previous stage is certified close enough */
        if (!(res <= tol)) { /* a failed stage: smaller step in eps first */
            if (tk_backoff(&snap, &t, z, &fac, &backoffs, &B, v)) {
                n_seen = 0;
                stage_outer = 0;
                continue;
            }
        }
        if (!(res <= tol)) {
            char buf[64];
            rm_kinsol_flag_name(flag, buf, sizeof buf);
            rm_solver_info_fill(info, outer, nni, t.nW + t.nA + t.nG, NAN, res, buf, restarts);
            st = rm_error_set(err, RM_ESOLVER,
                              "rm_tstep_kinsol: KINSOL returned %s (flag %d, relative residual "
                              "%.3g) on the KKT system of %d routes, %d saturated links, %d "
                              "binding hosts%s%s",
                              buf, flag, res, K, t.nW, t.nA, t.msg[0] ? ": " : "", t.msg);
            goto done;
        }
        {
            /* every solved point is certified: T of its shares made
               feasible, and a Lagrangian lower bound from its multipliers */
            double Tc, gc;
            tk_certify(&t, z, yc, C, load, &Tc, &gc);
            if (Tc < bestT) {
                bestT = Tc;
                memcpy(ybest, yc, (size_t)K * sizeof *yc);
            }
            if (gc > bestg)
                bestg = gc;
        }
        /* primal checks: the most violated constraint outside the sets */
        for (int k = 0; k < K; k++)
            y[k] = z[k];
        const double *u = z + t.ou;
        double T = z[t.oT];
        int add_kind = -1, add_id = -1;
        double worst = TK_PRIMAL;
        for (int pc = 0; pc <= q; pc++) {
            if (t.apos[pc] >= 0)
                continue;
            double Fp = 1.0;
            if (pc == 0)
                for (int i = 0; i < q; i++)
                    Fp += p.D * p.a[i] * u[i];
            else
                Fp = p.D * u[pc - 1];
            double vio = (Fp - T) / fabs(T);
            /* all q + 1 pieces cannot bind together (F_0 = 1 + sum a_i F_i) */
            if (vio > worst && t.nA < q)
                worst = vio, add_kind = 1, add_id = pc;
        }
        for (int g = 0; g < ng; g++) {
            if (t.gpos[g] >= 0)
                continue;
            int r[2], n = grp_routes(&t, g, r), hh = grp_host(&t, g);
            double s = 0.0;
            for (int e = 0; e < n; e++)
                s += 1.0 / y[r[e]] + p.lc[r[e]];
            double vio = (s - u[hh]) / fabs(u[hh]);
            if (vio > worst)
                worst = vio, add_kind = 2, add_id = g;
        }
        rm_share_loads(sp, y, load);
        {
            /* rows, most violated first among the independent ones */
            int nc = 0;
            for (int j = 0; j < M; j++)
                if (t.wpos[j] < 0 && load[j] / sp->c[j] - 1.0 > worst) {
                    ord[j] = load[j] / sp->c[j] - 1.0;
                    oj[nc++] = j;
                }
            for (int i = 1; i < nc; i++)
                for (int k = i; k > 0 && ord[oj[k]] > ord[oj[k - 1]]; k--) {
                    int tmp = oj[k];
                    oj[k] = oj[k - 1], oj[k - 1] = tmp;
                }
            for (int i = 0; i < nc; i++)
                if (basis_add(&B, sp, oj[i], v)) {
                    add_kind = 0, add_id = oj[i];
                    break;
                }
        }
        int drop_kind = -1, drop_x = -1;
        {
            /* dual checks: the most negative multiplier (dropped first, as
               in dual active-set methods, before any addition) */
            double neg = -TK_DUAL;
            for (int xW = 0; xW < t.nW; xW++) {
                int j = t.W[xW];
                double scale = 0.0;
                for (int e = sp->row_start[j]; e < sp->row_start[j + 1]; e++) {
                    int k = sp->row_var[e];
                    double pr = route_weight(&t, z, k) / (y[k] * y[k]);
                    if (pr > scale)
                        scale = pr;
                }
                double rel = scale > 0.0 ? z[t.ol + xW] / scale : z[t.ol + xW];
                if (rel < neg)
                    neg = rel, drop_kind = 0, drop_x = xW;
            }
            if (t.nA > 1)
                for (int xA = 0; xA < t.nA; xA++)
                    if (z[t.om + xA] < neg)
                        neg = z[t.om + xA], drop_kind = 1, drop_x = xA;
            if (p.parallel)
                for (int xG = 0; xG < t.nG; xG++) {
                    int g = t.G[xG], hh = grp_host(&t, g), cnt = 0;
                    for (int x2 = 0; x2 < t.nG; x2++)
                        cnt += grp_host(&t, t.G[x2]) == hh;
                    double wt = 0.0;
                    if (t.apos[0] >= 0)
                        wt += p.a[hh] * z[t.om + t.apos[0]];
                    if (t.apos[hh + 1] >= 0)
                        wt += z[t.om + t.apos[hh + 1]];
                    double rel = z[t.orho + xG] / (fabs(wt) > 1e-300 ? fabs(wt) : 1.0);
                    if (cnt > 1 && rel < neg)
                        neg = rel, drop_kind = 2, drop_x = xG;
                }
            if (drop_kind < 0 && add_kind < 0) {
                /* every KKT condition holds: next stage or done */
                if (t.eps <= TK_EPS || (bestT - bestg) <= TK_GAP * bestT)
                    break;
                stage++;
                tk_snap_save(&snap, &t, z);
                fac = fac * fac < 0.1 ? 0.1 : fac * fac; /* a stage went well: longer steps */
                t.eps = t.eps * fac > TK_EPS ? t.eps * fac : TK_EPS;
                n_seen = 0;
                stage_outer = 0;
                continue;
            }
        }
        if (stage_outer >= max_outer && bestT < INFINITY && bestT - bestg <= TK_ACCEPT * bestT)
            break;
        if (stage_outer >= max_outer) { /* a failed stage: smaller step in eps first */
            if (tk_backoff(&snap, &t, z, &fac, &backoffs, &B, v)) {
                n_seen = 0;
                stage_outer = 0;
                continue;
            }
        }
        if (stage_outer >= max_outer) {
            rm_solver_info_fill(info, outer, nni, t.nW + t.nA + t.nG, NAN, res,
                                "active set not settled", restarts);
            st = rm_error_set(err, RM_ESOLVER,
                              "rm_tstep_kinsol: active set not settled after %d changes", outer);
            goto done;
        }
        /* change the sets, carrying the unknowns over to the new layout:
           the primal part unchanged, multipliers by element, new ones 0 */
        tk_work old = t;
        double *zo = zn;
        memcpy(zo, z, (size_t)t.N * sizeof *z);
        int *Wold = malloc(((size_t)t.nW + 1) * sizeof(int)), *Aold = malloc(((size_t)t.nA + 1) * sizeof(int));
        int *Gold = malloc(((size_t)t.nG + 1) * sizeof(int));
        if (!Wold || !Aold || !Gold) {
            free(Wold), free(Aold), free(Gold);
            st = rm_error_set(err, RM_ENOMEM, "rm_tstep_kinsol: out of memory");
            goto done;
        }
        memcpy(Wold, t.W, (size_t)t.nW * sizeof(int));
        memcpy(Aold, t.A, (size_t)t.nA * sizeof(int));
        memcpy(Gold, t.G, (size_t)t.nG * sizeof(int));
        if (drop_kind == 0) {
            set_remove(t.W, t.wpos, &t.nW, drop_x);
        } else if (drop_kind == 1) {
            set_remove(t.A, t.apos, &t.nA, drop_x);
        } else if (drop_kind == 2) {
            set_remove(t.G, t.gpos, &t.nG, drop_x);
        } else if (add_kind == 0) {
            t.wpos[add_id] = t.nW;
            t.W[t.nW++] = add_id;
        } else if (add_kind == 1) {
            t.apos[add_id] = t.nA;
            t.A[t.nA++] = add_id;
        } else {
            t.gpos[add_id] = t.nG;
            t.G[t.nG++] = add_id;
        }
        basis_rebuild(&B, sp, t.W, t.nW, v); /* the row test above may have grown it */
        layout(&t);
        /* primal part unchanged; multipliers by element */
        for (int i = 0; i < old.ol; i++)
            z[i] = zo[i];
        for (int xW = 0; xW < t.nW; xW++)
            z[t.ol + xW] = 0.0;
        for (int xo = 0; xo < old.nW; xo++)
            if (t.wpos[Wold[xo]] >= 0)
                z[t.ol + t.wpos[Wold[xo]]] = zo[old.ol + xo];
        for (int xA = 0; xA < t.nA; xA++)
            z[t.om + xA] = 0.0;
        for (int xo = 0; xo < old.nA; xo++)
            if (t.apos[Aold[xo]] >= 0)
                z[t.om + t.apos[Aold[xo]]] = zo[old.om + xo];
        for (int xG = 0; xG < t.nG; xG++)
            z[t.orho + xG] = 0.0;
        for (int xo = 0; xo < old.nG; xo++)
            if (t.gpos[Gold[xo]] >= 0)
                z[t.orho + t.gpos[Gold[xo]]] = zo[old.orho + xo];
        free(Wold), free(Aold), free(Gold);
    }
result:
    /* the result: the best certified shares (exactly feasible), T of them */
    for (int k = 0; k < K; k++)
        x[k] = sp->S * ybest[k];
    double tt = rm_tstep_true(net, m, x);
    double gap = (bestT - bestg) / bestT;
    if (!(gap <= TK_ACCEPT)) {
        rm_solver_info_fill(info, outer, nni, t.nW + t.nA + t.nG, tt, gap,
                            "duality gap too large", restarts);
        st = rm_error_set(err, RM_ESOLVER,
                          "rm_tstep_kinsol: duality gap %.3g of the KKT point above %.3g", gap,
                          TK_ACCEPT);
        goto done;
    }
    if (t_step)
        *t_step = tt;
    rm_solver_info_fill(info, outer, nni, t.nW + t.nA + t.nG, tt, gap, "optimal", restarts);
done:
    if (ctx)
        SUNContext_Free(&ctx);
    free(t.W), free(t.wpos), free(t.A), free(t.apos), free(t.G), free(t.gpos), free(t.Lam);
    free(z), free(zn), free(y), free(C), free(F), free(load), free(x0), free(a0), free(v);
    free(ord), free(oj), free(cover), free(flat), free(B.b), free(seen);
    free(yc), free(ybest);
    free(snap.W), free(snap.wpos), free(snap.A), free(snap.apos), free(snap.G), free(snap.gpos);
    free(snap.z);
    rm_tstep_problem_destroy(&p);
    return st;
}
