/*
 * shares_kinsol.c — optimal link shares for fixed routes (the convex program
 * of solvers.h) by an active-set method whose equality-constrained KKT
 * systems are solved by Newton's method in KINSOL (SUNDIALS 6: SUNContext,
 * dense SUNMatrix, dense SUNLinearSolver, line search). Seed 001 §4.4.3,
 * method 2.
 */
#include "solvers/solvers.h"
#include "solvers/kinsol_common.h"
#include "solvers/share_problem.h"

#include <kinsol/kinsol.h>
#include <math.h>
#include <nvector/nvector_serial.h>
#include <stdlib.h>
#include <string.h>
#include <sundials/sundials_context.h>
#include <sunlinsol/sunlinsol_dense.h>
#include <sunmatrix/sunmatrix_dense.h>

/* The working set W (rows of the problem held as equalities) and what the
 * KINSOL callbacks need. */
typedef struct kin_work {
    const rm_share_problem *p;
    int nw;     /* |W| */
    int *W;     /* nw rows */
    int *wpos;  /* m: position in W or -1 */
    double *Lam; /* n: route prices Lambda_v (scratch) */
    char msg[RM_KINSOL_MSG_SIZE]; /* KINSOL's last error message */
} kin_work;

static void price(const kin_work *kw, const double *u, double *Lam)
{
    const rm_share_problem *p = kw->p;
    for (int v = 0; v < p->n; v++) {
        double s = 0.0;
        for (int e = p->col_start[v]; e < p->col_start[v + 1]; e++) {
            int i = kw->wpos[p->col_row[e]];
            if (i >= 0)
                s += p->col_coef[e] * u[p->n + i];
        }
        Lam[v] = s;
    }
}

/* The KKT equations of working set W in the unknowns u = (y, lambda_W):
 *   F_v = Lambda_v - alpha_v / y_v^2          (stationarity, Newton form), or
 *   F_v = Lambda_v y_v^2 / alpha_v - 1        (relative form, for the test);
 *   G_i = (load_j - c_j) / c_j,  j = W[i]     (saturated rows). */
static void kkt_eval(kin_work *kw, const double *u, double *f, int relative)
{
    const rm_share_problem *p = kw->p;
    price(kw, u, kw->Lam);
    for (int v = 0; v < p->n; v++)
        f[v] = relative ? kw->Lam[v] * u[v] * u[v] / p->alpha[v] - 1.0
                        : kw->Lam[v] - p->alpha[v] / (u[v] * u[v]);
    for (int i = 0; i < kw->nw; i++) {
        int j = kw->W[i];
        double s = 0.0;
        for (int e = p->row_start[j]; e < p->row_start[j + 1]; e++)
            s += p->row_coef[e] * u[p->row_var[e]];
        f[p->n + i] = (s - p->c[j]) / p->c[j];
    }
}

static int kkt_residual(N_Vector uu, N_Vector ff, void *user)
{
    kkt_eval(user, N_VGetArrayPointer(uu), N_VGetArrayPointer(ff), 0);
    return 0;
}

/* Jacobian of kkt_residual: [[diag(2 alpha / y^3), A_W^T], [A_W / c_W, 0]].
 * The Hessian block is positive definite and A_W has full row rank, so the
 * matrix is nonsingular and the Newton step is the SQP step. */
static int kkt_jacobian(N_Vector uu, N_Vector ff, SUNMatrix J, void *user, N_Vector t1,
                        N_Vector t2)
{
    kin_work *kw = user;
    const rm_share_problem *p = kw->p;
    const double *u = N_VGetArrayPointer(uu);
    SUNMatZero(J);
    for (int v = 0; v < p->n; v++) {
        SM_ELEMENT_D(J, v, v) = 2.0 * p->alpha[v] / (u[v] * u[v] * u[v]);
        for (int e = p->col_start[v]; e < p->col_start[v + 1]; e++) {
            int i = kw->wpos[p->col_row[e]];
            if (i >= 0) {
                SM_ELEMENT_D(J, v, p->n + i) = p->col_coef[e];
                SM_ELEMENT_D(J, p->n + i, v) = p->col_coef[e] / p->c[p->col_row[e]];
            }
        }
    }
    return 0;
}

/* Solve the KKT equations of working set W from the start u0 (n + nw
 * entries, overwritten with the solution). Returns KINSOL's flag (>= 0 on
 * success) or an internal -1000 for a setup failure; *nni += iterations. */
static int solve_working_set(SUNContext ctx, kin_work *kw, double *u0, double fnormtol,
                             double accept, long *nni, int *restarts, double *fnorm_out)
{
    const rm_share_problem *p = kw->p;
    sunindextype N = p->n + kw->nw;
    int flag = RM_KINSOL_SETUP_FAILED;
    N_Vector u = N_VNew_Serial(N, ctx), scale = N_VNew_Serial(N, ctx);
    N_Vector cons = N_VNew_Serial(N, ctx), fv = N_VNew_Serial(N, ctx);
    N_Vector fscale = N_VNew_Serial(N, ctx);
    rm_kinsol ks = {NULL, NULL, NULL};
    if (!u || !scale || !cons || !fv || !fscale)
        goto done;
    double *ud = N_VGetArrayPointer(u), *cd = N_VGetArrayPointer(cons);
    for (sunindextype i = 0; i < N; i++) {
        ud[i] = u0[i];
        cd[i] = i < p->n ? 2.0 : 0.0; /* y_v > 0; multipliers free */
    }
    if (rm_kinsol_create(&ks, ctx, u, cons, kkt_residual, kkt_jacobian, kw, kw->msg, fnormtol))
        goto done;
    /* scales from the current point: y_v^2 / alpha_v makes F_v relative,
       1/y_v and 1/max price the unknowns; KINSOL is restarted with fresh
       scales while the relative residual is above the tolerance */
    double *sd = N_VGetArrayPointer(scale), *fd = N_VGetArrayPointer(fscale);
    for (int round = 0; round < 5; round++) {
        for (int v = 0; v < p->n; v++) {
            sd[v] = 1.0 / ud[v];
            fd[v] = ud[v] * ud[v] / p->alpha[v];
        }
        for (int i = 0; i < kw->nw; i++) {
            int j = kw->W[i];
            double pm = 0.0;
            for (int e = p->row_start[j]; e < p->row_start[j + 1]; e++) {
                int v = p->row_var[e];
                double pr = p->alpha[v] / (ud[v] * ud[v]);
                if (pr > pm)
                    pm = pr;
            }
            sd[p->n + i] = 1.0 / pm;
            fd[p->n + i] = 1.0;
        }
        flag = rm_kinsol_solve(&ks, u, scale, fscale, nni);
        /* the relative residual decides, whatever KINSOL's stopping reason */
        kkt_eval(kw, ud, N_VGetArrayPointer(fv), 1);
        *fnorm_out = N_VMaxNorm(fv);
        if (*fnorm_out <= accept)
            break;
        if (round < 4)
            (*restarts)++;
    }
    for (sunindextype i = 0; i < N; i++)
        u0[i] = ud[i];
done:
    rm_kinsol_free(&ks);
    rm_kinsol_destroy_vectors((N_Vector[]){u, scale, cons, fv, fscale}, 5);
    return flag;
}

/* The active set on the built problem p (n > 0; destroyed here). */
static rm_status share_kinsol_solve(rm_share_problem p, const double *a, double tol, double *x,
                                    rm_solver_info *info, rm_error *err)
{
    rm_status st = RM_OK;
    int n = p.n, m = p.m;
    kin_work kw = {.p = &p, .nw = 0};
    kw.msg[0] = '\0';
    size_t nm = (size_t)n + (size_t)m + 1;
    kw.W = malloc(((size_t)m + 1) * sizeof *kw.W);
    kw.wpos = malloc(((size_t)m + 1) * sizeof *kw.wpos);
    kw.Lam = malloc(((size_t)n + 1) * sizeof *kw.Lam);
    double *u = malloc(nm * sizeof *u), *load = malloc(((size_t)m + 1) * sizeof *load);
    double *lam = calloc((size_t)m + 1, sizeof *lam); /* multiplier of every row, 0 off W */
    double *ystar = malloc(nm * sizeof *ystar);
    int *cover = calloc((size_t)n + 1, sizeof *cover);
    SUNContext ctx = NULL;
    if (!kw.W || !kw.wpos || !kw.Lam || !u || !load || !lam || !ystar || !cover) {
        st = rm_error_set(err, RM_ENOMEM, "rm_share_kinsol: out of memory");
        goto done;
    }
    if (SUNContext_Create(NULL, &ctx) || !ctx) {
        st = rm_error_set(err, RM_ESOLVER, "rm_share_kinsol: SUNContext_Create failed");
        goto done;
    }
    /* start: max-min rates; the bottleneck rows form W */
    if (rm_share_maxmin(&p, u, kw.W, &kw.nw)) {
        st = rm_error_set(err, RM_ENOMEM, "rm_share_kinsol: out of memory");
        goto done;
    }
    for (int j = 0; j < m; j++)
        kw.wpos[j] = -1;
    for (int i = 0; i < kw.nw; i++) {
        int j = kw.W[i];
        kw.wpos[j] = i;
        for (int e = p.row_start[j]; e < p.row_start[j + 1]; e++)
            cover[p.row_var[e]]++;
    }
    for (int i = 0; i < kw.nw; i++) {
        int j = kw.W[i], cnt = 0;
        double s = 0.0;
        for (int e = p.row_start[j]; e < p.row_start[j + 1]; e++) {
            int v = p.row_var[e];
            s += p.alpha[v] / (u[v] * u[v]) / cover[v];
            cnt++;
        }
        lam[j] = s / cnt;
    }
    /* KINSOL aims at tol/100; a subproblem is accepted at a relative KKT
       residual of max(tol, 1e-10), the rounding level of the dense LU for a
       few hundred unknowns */
    double fnormtol = tol * 0.01;
    if (fnormtol < 1e-14)
        fnormtol = 1e-14;
    double accept = tol > 1e-10 ? tol : 1e-10;
    int max_outer = 50 + 4 * m, outer = 0;
    long nni = 0;
    int restarts = 0;
    double kkt = INFINITY;
    for (;;) {
        outer++;
        /* u = (y*, lambda_W): solve the subproblem from the feasible y */
        memcpy(ystar, u, (size_t)n * sizeof *u);
        for (int i = 0; i < kw.nw; i++)
            ystar[n + i] = lam[kw.W[i]];
        double fnorm = INFINITY;
        int flag = solve_working_set(ctx, &kw, ystar, fnormtol, accept, &nni, &restarts, &fnorm);
        /* the KKT residual decides: KINSOL may stop with a line-search
           failure at a point that already solves the system to rounding */
        if (!(fnorm <= accept)) {
            char buf[64];
            rm_kinsol_flag_name(flag, buf, sizeof buf);
            rm_solver_info_fill(info, outer, nni, kw.nw, NAN, fnorm, buf, restarts);
            st = rm_error_set(err, RM_ESOLVER,
                              "rm_share_kinsol: KINSOL returned %s (flag %d, residual %.3g) on "
                              "the KKT system of %d routes and %d saturated links%s%s",
                              buf, flag, fnorm, n, kw.nw, kw.msg[0] ? ": " : "", kw.msg);
            goto done;
        }
        for (int j = 0; j < m; j++)
            lam[j] = kw.wpos[j] >= 0 ? ystar[n + kw.wpos[j]] : 0.0;
        /* (a) step from y towards y*, stopped by the first row outside W
           that it would overflow (that row is independent of W's rows:
           W's loads do not change along the step) */
        rm_share_loads(&p, u, load);
        for (int v = 0; v < n; v++)
            ystar[v] -= u[v]; /* the direction d */
        int block = -1;
        double tstep = 1.0;
        for (int j = 0; j < m; j++) {
            if (kw.wpos[j] >= 0)
                continue;
            double ld = 0.0;
            for (int e = p.row_start[j]; e < p.row_start[j + 1]; e++)
                ld += p.row_coef[e] * ystar[p.row_var[e]];
            if (ld > 0.0) {
                double t = (p.c[j] - load[j]) / ld;
                if (t < 0.0)
                    t = 0.0;
                if (t < tstep)
                    tstep = t, block = j;
            }
        }
        for (int v = 0; v < n; v++)
            u[v] += block < 0 ? ystar[v] : tstep * ystar[v];
        price(&kw, ystar, kw.Lam); /* reads only the multipliers ystar[n..] */
        /* KKT violations at y* (meaningful when the full step was taken) */
        double neg = 0.0;
        int drop = -1;
        for (int i = 0; i < kw.nw; i++) {
            int j = kw.W[i];
            double scale = 0.0;
            for (int e = p.row_start[j]; e < p.row_start[j + 1]; e++)
                if (kw.Lam[p.row_var[e]] > scale)
                    scale = kw.Lam[p.row_var[e]];
            double rel = scale > 0.0 ? lam[j] / scale : lam[j];
            if (rel < neg)
                neg = rel, drop = i;
        }
        kkt = fnorm > -neg ? fnorm : -neg;
        if (block < 0 && !(neg < -tol))
            break; /* y* is feasible and every multiplier >= 0 */
        if (outer >= max_outer) {
            rm_solver_info_fill(info, outer, nni, kw.nw, NAN, kkt, "active set not settled",
                                restarts);
            st = rm_error_set(err, RM_ESOLVER,
                              "rm_share_kinsol: active set not settled after %d changes "
                              "(KKT violation %.3g)",
                              outer, kkt);
            goto done;
        }
        if (block >= 0) {
            kw.W[kw.nw] = block;
            kw.wpos[block] = kw.nw++;
            lam[block] = 0.0;
            continue;
        }
        /* y = y*, some multiplier negative: release its row */
        int j = kw.W[drop];
        lam[j] = 0.0;
        kw.W[drop] = kw.W[kw.nw - 1];
        kw.wpos[kw.W[drop]] = drop;
        kw.wpos[j] = -1; /* after the move: j may have been the last */
        kw.nw--;
    }
    {
        /* final report: loads vs capacities at the returned point */
        rm_share_loads(&p, u, load);
        for (int j = 0; j < m; j++) {
            double r = (load[j] - p.c[j]) / p.c[j];
            if (r > kkt)
                kkt = r;
        }
    }
    rm_share_make_feasible(&p, u, load);
    double obj = rm_share_objective(&p, u) * p.A / p.S;
    rm_share_finish(&p, a, u, x);
    rm_solver_info_fill(info, outer, nni, kw.nw, obj, kkt, "optimal", restarts);
done:
    if (ctx)
        SUNContext_Free(&ctx);
    free(kw.W), free(kw.wpos), free(kw.Lam);
    free(u), free(load), free(lam), free(ystar), free(cover);
    rm_share_problem_destroy(&p);
    return st;
}

rm_status rm_share_kinsol(const rm_network *net, const double *cap, int n_routes,
                          const rm_route *routes, const double *a, double tol, double *x,
                          rm_solver_info *info, rm_error *err)
{
    rm_share_problem p;
    rm_status st;
    if (rm_share_start_net(&p, "rm_share_kinsol", net, cap, n_routes, routes, a, x, info, err,
                           &st))
        return st;
    return share_kinsol_solve(p, a, tol > 0.0 ? tol : 1e-12, x, info, err);
}

rm_status rm_share_kinsol_sys(const rm_share_system *sys, const double *a, double tol, double *x,
                              rm_solver_info *info, rm_error *err)
{
    rm_share_problem p;
    rm_status st;
    if (rm_share_start(&p, "rm_share_kinsol", sys, a, x, info, err, &st))
        return st;
    return share_kinsol_solve(p, a, tol > 0.0 ? tol : 1e-12, x, info, err);
}
