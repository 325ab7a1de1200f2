/*
 * tstep_kinsol_newton.c — one Newton round of rm_tstep_kinsol (solvers.h):
 * the KKT equations of the step-time program restricted to the current
 * active sets, their analytic Jacobian, and the KINSOL solve with fresh
 * scales (tstep_kinsol_internal.h). Legrand et al. 2004 eqs. (1), (5), §4.4.3
 * method 2; Nocedal & Wright, §18.1 (each solve is the SQP step).
 */
#include "solvers/tstep_kinsol_internal.h"

#include <math.h>
#include <stdlib.h>

void rmi_tk_layout(tk_work *t)
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

double rmi_tk_route_weight(const tk_work *t, const double *z, int k)
{
    int g = tk_route_grp(t, k);
    double b = t->eps * t->p->a[k % t->q];
    if (t->gpos[g] >= 0)
        b += z[t->orho + t->gpos[g]];
    return b;
}

/* E1, x-stationarity: beta_k / y_k - Lambda_k y_k (Lambda over W). */
static void eval_routes(tk_work *t, const double *z, double *f, double *mag)
{
    const rm_share_problem *sp = &t->p->sp;
    const double *y = z, *lam = z + t->ol;
    for (int k = 0; k < t->K; k++) {
        double s = 0.0;
        for (int e = sp->col_start[k]; e < sp->col_start[k + 1]; e++) {
            int i = t->wpos[sp->col_row[e]];
            if (i >= 0)
                s += sp->col_coef[e] * lam[i];
        }
        t->Lam[k] = s;
        double b = rmi_tk_route_weight(t, z, k);
        f[k] = b / y[k] - s * y[k];
        if (mag)
            mag[k] = fabs(b) / y[k] + fabs(s) * y[k];
    }
}

/* E2, u-stationarity: sum of the host's rho - (a_i mu_0 + mu_i); E3,
 * sum mu = 1. */
static void eval_hosts(tk_work *t, const double *z, double *f, double *mag)
{
    const rm_tstep_problem *p = t->p;
    int q = t->q;
    const double *mu = z + t->om, *rho = z + t->orho;
    for (int i = 0; i < q; i++) {
        f[t->e2 + i] = 0.0;
        if (mag) /* floor: the host's weight when mu_0 = 1 (a host of weight 0) */
            mag[t->e2 + i] = p->a[i];
    }
    for (int x = 0; x < t->nG; x++) {
        int i = tk_grp_host(t, t->G[x]);
        f[t->e2 + i] += rho[x];
        if (mag)
            mag[t->e2 + i] += fabs(rho[x]);
    }
    double smu = 0.0, amu = 0.0;
    for (int x = 0; x < t->nA; x++) {
        int pc = t->A[x];
        smu += mu[x], amu += fabs(mu[x]);
        if (pc == 0) {
            for (int i = 0; i < q; i++) {
                f[t->e2 + i] -= p->a[i] * mu[x];
                if (mag)
                    mag[t->e2 + i] += p->a[i] * fabs(mu[x]);
            }
        } else {
            f[t->e2 + pc - 1] -= mu[x];
            if (mag)
                mag[t->e2 + pc - 1] += fabs(mu[x]);
        }
    }
    f[t->e3] = smu - 1.0;
    if (mag)
        mag[t->e3] = amu + 1.0;
}

/* E4, binding pieces: F_p - T; E5, binding groups: sum of costs - u_h;
 * E6, saturated rows: (load_j - c_j) / c_j. */
static void eval_sets(tk_work *t, const double *z, double *f, double *mag)
{
    const rm_tstep_problem *p = t->p;
    const rm_share_problem *sp = &p->sp;
    const double *y = z, *u = z + t->ou;
    double T = z[t->oT];
    for (int x = 0; x < t->nA; x++) {
        int pc = t->A[x];
        double F, Fm;
        if (pc == 0) {
            F = 1.0, Fm = 1.0;
            for (int i = 0; i < t->q; i++)
                F += p->D * p->a[i] * u[i], Fm += p->D * p->a[i] * fabs(u[i]);
        } else {
            F = p->D * u[pc - 1], Fm = fabs(F);
        }
        f[t->e4 + x] = F - T;
        if (mag)
            mag[t->e4 + x] = Fm + fabs(T);
    }
    for (int x = 0; x < t->nG; x++) {
        int r[2], n = tk_grp_routes(t, t->G[x], r), h = tk_grp_host(t, t->G[x]);
        double s = 0.0;
        for (int e = 0; e < n; e++)
            s += 1.0 / y[r[e]] + p->lc[r[e]];
        f[t->e5 + x] = s - u[h] + t->dG[x] * z[t->orho + x];
        if (mag)
            mag[t->e5 + x] = fabs(s) + fabs(u[h]);
    }
    for (int x = 0; x < t->nW; x++) {
        int j = t->W[x];
        double s = 0.0;
        for (int e = sp->row_start[j]; e < sp->row_start[j + 1]; e++)
            s += sp->row_coef[e] * y[sp->row_var[e]];
        f[t->e6 + x] = (s - sp->c[j]) / sp->c[j] + t->dW[x] * z[t->ol + x];
        if (mag)
            mag[t->e6 + x] = 1.0;
    }
}

void rmi_tk_eval(tk_work *t, const double *z, double *f, double *mag)
{
    eval_routes(t, z, f, mag);
    eval_hosts(t, z, f, mag);
    eval_sets(t, z, f, mag);
}

static int tk_residual(N_Vector zz, N_Vector ff, void *user)
{
    rmi_tk_eval(user, N_VGetArrayPointer(zz), N_VGetArrayPointer(ff), NULL);
    return 0;
}

/* One Jacobian entry (row, column, value) into the triplet list. */
static void jset(tk_work *t, int r, int c, double v)
{
    t->jr[t->jn] = r, t->jc[t->jn] = c, t->jv[t->jn] = v;
    t->jn++;
}

/* Upper bound on the number of Jacobian entries for the current sets. */
static int jac_capacity(const tk_work *t)
{
    return 2 * t->p->sp.col_start[t->K] + 2 * t->K + 5 * t->nG + 4 * t->nA + 2 * t->q + t->nW +
           8;
}

static int tk_jacobian(N_Vector zz, N_Vector ff, SUNMatrix J, void *user, N_Vector t1, N_Vector t2)
{
    (void)ff, (void)t1, (void)t2;
    tk_work *t = user;
    const rm_tstep_problem *p = t->p;
    const rm_share_problem *sp = &p->sp;
    const double *z = N_VGetArrayPointer(zz), *y = z;
    int K = t->K, q = t->q;
    t->jn = 0;
    /* Lam from the current multipliers */
    for (int k = 0; k < K; k++) {
        double s = 0.0;
        for (int e = sp->col_start[k]; e < sp->col_start[k + 1]; e++) {
            int i = t->wpos[sp->col_row[e]];
            if (i >= 0) {
                s += sp->col_coef[e] * z[t->ol + i];
                jset(t, k, t->ol + i, -sp->col_coef[e] * y[k]);
                jset(t, t->e6 + i, k, sp->col_coef[e] / sp->c[sp->col_row[e]]);
            }
        }
        double b = rmi_tk_route_weight(t, z, k);
        jset(t, k, k, -b / (y[k] * y[k]) - s);
        int g = tk_route_grp(t, k);
        if (t->gpos[g] >= 0)
            jset(t, k, t->orho + t->gpos[g], 1.0 / y[k]);
    }
    for (int x = 0; x < t->nG; x++) {
        int r[2], n = tk_grp_routes(t, t->G[x], r), h = tk_grp_host(t, t->G[x]);
        jset(t, t->e2 + h, t->orho + x, 1.0);
        for (int e = 0; e < n; e++)
            jset(t, t->e5 + x, r[e], -1.0 / (y[r[e]] * y[r[e]]));
        jset(t, t->e5 + x, t->ou + h, -1.0);
        if (t->dG[x] != 0.0)
            jset(t, t->e5 + x, t->orho + x, t->dG[x]);
    }
    for (int x = 0; x < t->nW; x++)
        if (t->dW[x] != 0.0)
            jset(t, t->e6 + x, t->ol + x, t->dW[x]);
    for (int x = 0; x < t->nA; x++) {
        int pc = t->A[x];
        jset(t, t->e3, t->om + x, 1.0);
        if (pc == 0) {
            for (int i = 0; i < q; i++) {
                jset(t, t->e2 + i, t->om + x, -p->a[i]);
                jset(t, t->e4 + x, t->ou + i, p->D * p->a[i]);
            }
        } else {
            jset(t, t->e2 + pc - 1, t->om + x, -1.0);
            jset(t, t->e4 + x, t->ou + pc - 1, p->D);
        }
        jset(t, t->e4 + x, t->oT, -1.0);
    }
    return rmi_kinsol_fill(J, t->jn, t->jr, t->jc, t->jv, t->jperm);
}

/* Relative residual max |f_i| / mag_i of z. Scratch f, mag (N). */
static double tk_relres(tk_work *t, const double *z, double *f, double *mag)
{
    rmi_tk_eval(t, z, f, mag);
    double r = 0.0;
    for (int i = 0; i < t->N; i++) {
        double v = mag[i] > 0.0 ? fabs(f[i]) / mag[i] : fabs(f[i]);
        if (!(v <= r))
            r = v;
    }
    return r;
}

/* The stabilisation of the working rows and groups at the point ud (a
 * stabilised Newton step on the KKT system, beyond Legrand et al. 2004): with parallel
 * send, the saturated links and the binding route costs of a symmetric
 * ring (fat-tree, dragonfly) are often more than the unknowns they bind
 * (their gradients dependent: the KKT matrix is singular and KINSOL's LU
 * fails). E6 of row x gets + dW[x] lambda_x and E5 of group x gets
 * + dG[x] rho_x, TK_STAB relative to the price of the row's routes and to
 * the host's weight: the matrix is nonsingular, the multipliers unique,
 * and the point moves by about TK_STAB (to the feasible side: load <= c,
 * route cost <= u), which the certificate absorbs. Without parallel send
 * nothing changes (0). O(nnz + nG^2). */
static void set_stabilisation(tk_work *t, const double *ud)
{
    const rm_tstep_problem *p = t->p;
    const rm_share_problem *sp = &p->sp;
    for (int x = 0; x < t->nW; x++)
        t->dW[x] = 0.0;
    for (int x = 0; x < t->nG; x++)
        t->dG[x] = 0.0;
    if (!p->parallel)
        return;
    for (int x = 0; x < t->nW; x++) {
        int j = t->W[x];
        double pm = 0.0;
        for (int e = sp->row_start[j]; e < sp->row_start[j + 1]; e++) {
            int k = sp->row_var[e];
            double pr = rmi_tk_route_weight(t, ud, k) / (ud[k] * ud[k]);
            if (pr > pm)
                pm = pr;
        }
        t->dW[x] = pm > 0.0 ? TK_STAB / pm : TK_STAB;
    }
    for (int x = 0; x < t->nG; x++) {
        int h = tk_grp_host(t, t->G[x]);
        double wt = p->a[h]; /* the host's weight when mu_0 = 1 */
        if (t->apos[0] >= 0 && ud[t->om + t->apos[0]] > 0.0)
            wt = p->a[h] * ud[t->om + t->apos[0]];
        if (t->apos[h + 1] >= 0 && ud[t->om + t->apos[h + 1]] > 0.0)
            wt += ud[t->om + t->apos[h + 1]];
        double uh = fabs(ud[t->ou + h]);
        t->dG[x] = TK_STAB * (uh > 0.0 ? uh : 1.0) / (wt > 0.0 ? wt : 1.0);
    }
}

/* KINSOL's scales from the point ud: equations by the magnitude of their
 * terms, y and (u, T) by their size, lambda_j by the price level of row
 * j's routes. Scratch f, mag (N). */
static void set_scales(tk_work *t, const double *ud, double *sd, double *fd, double *f,
                       double *mag)
{
    rmi_tk_eval(t, ud, f, mag);
    for (int i = 0; i < t->N; i++) {
        fd[i] = mag[i] > 0.0 ? 1.0 / mag[i] : 1.0;
        double v = fabs(ud[i]);
        sd[i] = 1.0;
        if (i < t->K)
            sd[i] = 1.0 / ud[i];
        else if (i < t->ol && v > 0.0)
            sd[i] = 1.0 / v;
    }
    const rm_share_problem *sp = &t->p->sp;
    for (int x = 0; x < t->nW; x++) {
        int j = t->W[x];
        double pm = 0.0;
        for (int e = sp->row_start[j]; e < sp->row_start[j + 1]; e++) {
            int k = sp->row_var[e];
            double pr = rmi_tk_route_weight(t, ud, k) / (ud[k] * ud[k]);
            if (pr > pm)
                pm = pr;
        }
        sd[t->ol + x] = pm > 0.0 ? 1.0 / pm : 1.0;
    }
    set_stabilisation(t, ud);
}

int rmi_tk_solve(SUNContext ctx, tk_work *t, double *z, double accept, int calls, long *nni,
             int *restarts, double *res)
{
    sunindextype N = t->N;
    int flag = RM_KINSOL_SETUP_FAILED;
    N_Vector u = N_VNew_Serial(N, ctx), us = N_VNew_Serial(N, ctx);
    N_Vector cons = N_VNew_Serial(N, ctx), fs = N_VNew_Serial(N, ctx);
    double *f = malloc((size_t)N * sizeof *f), *mag = malloc((size_t)N * sizeof *mag);
    rm_kinsol ks = {NULL, NULL, NULL};
    *res = INFINITY;
    t->jcap = jac_capacity(t);
    t->jr = malloc((size_t)t->jcap * sizeof *t->jr), t->jc = malloc((size_t)t->jcap * sizeof *t->jc);
    t->jv = malloc((size_t)t->jcap * sizeof *t->jv);
    t->jperm = malloc((2 * (size_t)t->jcap + (size_t)N + 1) * sizeof *t->jperm);
    if (!u || !us || !cons || !fs || !f || !mag || !t->jr || !t->jc || !t->jv || !t->jperm)
        goto done;
    double *ud = N_VGetArrayPointer(u), *cd = N_VGetArrayPointer(cons);
    for (sunindextype i = 0; i < N; i++) {
        ud[i] = z[i];
        cd[i] = i < t->K ? 2.0 : 0.0; /* y > 0, the rest free */
    }
    double fnormtol = accept * 0.01 > 1e-14 ? accept * 0.01 : 1e-14;
    if (N < TK_SPARSE_N ? rmi_kinsol_create(&ks, ctx, u, cons, tk_residual, tk_jacobian, t, t->msg,
                                           fnormtol)
                        : rmi_kinsol_create_sparse(&ks, ctx, u, cons, tk_residual, tk_jacobian, t,
                                                  t->msg, fnormtol, t->jcap))
        goto done;
    if (t->p->ri->limits.kinsol_max_newton > 0) /* rm_options.final_limits (own: 200) */
        KINSetNumMaxIters(ks.mem, t->p->ri->limits.kinsol_max_newton);
    double *sd = N_VGetArrayPointer(us), *fd = N_VGetArrayPointer(fs);
    for (int round = 0; round < calls; round++) {
        set_scales(t, ud, sd, fd, f, mag);
        flag = rmi_kinsol_solve(&ks, u, us, fs, nni);
        *res = tk_relres(t, ud, f, mag);
        if (*res <= accept)
            break;
        if (round < calls - 1)
            (*restarts)++;
    }
    for (sunindextype i = 0; i < N; i++)
        z[i] = ud[i];
done:
    rmi_kinsol_free(&ks);
    rmi_kinsol_destroy_vectors((N_Vector[]){u, us, cons, fs}, 4);
    free(f);
    free(mag);
    free(t->jr), free(t->jc), free(t->jv), free(t->jperm);
    t->jr = t->jc = t->jperm = NULL, t->jv = NULL;
    return flag;
}
