/*
 * shares_kinsol.c — optimal link shares for fixed routes (the convex program
 * of solvers.h) by an active-set method whose equality-constrained KKT
 * systems are solved by Newton's method in KINSOL (SUNDIALS 6: SUNContext,
 * dense SUNMatrix, dense SUNLinearSolver, line search). Seed 001 §4.4.3,
 * method 2.
 */
#include "solvers/solvers.h"
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
    char msg[256]; /* KINSOL's last error message */
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

/* F_v = Lambda_v y_v^2 / alpha_v - 1;  G_i = (load_j - c_j) / c_j, j = W[i]. */
static int kkt_residual(N_Vector uu, N_Vector ff, void *user)
{
    kin_work *kw = user;
    const rm_share_problem *p = kw->p;
    const double *u = N_VGetArrayPointer(uu);
    double *f = N_VGetArrayPointer(ff);
    price(kw, u, kw->Lam);
    for (int v = 0; v < p->n; v++)
        f[v] = kw->Lam[v] * u[v] * u[v] / p->alpha[v] - 1.0;
    for (int i = 0; i < kw->nw; i++) {
        int j = kw->W[i];
        double s = 0.0;
        for (int e = p->row_start[j]; e < p->row_start[j + 1]; e++)
            s += p->row_coef[e] * u[p->row_var[e]];
        f[p->n + i] = (s - p->c[j]) / p->c[j];
    }
    return 0;
}

static int kkt_jacobian(N_Vector uu, N_Vector ff, SUNMatrix J, void *user, N_Vector t1,
                        N_Vector t2)
{
    kin_work *kw = user;
    const rm_share_problem *p = kw->p;
    const double *u = N_VGetArrayPointer(uu);
    SUNMatZero(J);
    price(kw, u, kw->Lam);
    for (int v = 0; v < p->n; v++) {
        SM_ELEMENT_D(J, v, v) = 2.0 * kw->Lam[v] * u[v] / p->alpha[v];
        for (int e = p->col_start[v]; e < p->col_start[v + 1]; e++) {
            int i = kw->wpos[p->col_row[e]];
            if (i >= 0) {
                SM_ELEMENT_D(J, v, p->n + i) = p->col_coef[e] * u[v] * u[v] / p->alpha[v];
                SM_ELEMENT_D(J, p->n + i, v) = p->col_coef[e] / p->c[p->col_row[e]];
            }
        }
    }
    return 0;
}

static void kin_error_handler(int code, const char *module, const char *function, char *msg,
                              void *user)
{
    kin_work *kw = user;
    snprintf(kw->msg, sizeof kw->msg, "%s: %s", function ? function : "KINSOL", msg ? msg : "");
}

/* Solve the KKT equations of working set W from the start u0 (n + nw
 * entries, overwritten with the solution). Returns KINSOL's flag (>= 0 on
 * success) or an internal -1000 for a setup failure; *nni += iterations. */
static int solve_working_set(SUNContext ctx, kin_work *kw, double *u0, double fnormtol,
                             long *nni, double *fnorm_out)
{
    const rm_share_problem *p = kw->p;
    sunindextype N = p->n + kw->nw;
    int flag = -1000;
    N_Vector u = N_VNew_Serial(N, ctx), scale = N_VNew_Serial(N, ctx);
    N_Vector cons = N_VNew_Serial(N, ctx), fv = N_VNew_Serial(N, ctx);
    SUNMatrix J = NULL;
    SUNLinearSolver LS = NULL;
    void *mem = NULL;
    if (!u || !scale || !cons || !fv)
        goto done;
    double *ud = N_VGetArrayPointer(u), *cd = N_VGetArrayPointer(cons);
    for (sunindextype i = 0; i < N; i++) {
        ud[i] = u0[i];
        cd[i] = i < p->n ? 2.0 : 0.0; /* y_v > 0; multipliers free */
    }
    N_VConst(1.0, scale);
    J = SUNDenseMatrix(N, N, ctx);
    LS = J ? SUNLinSol_Dense(u, J, ctx) : NULL;
    mem = LS ? KINCreate(ctx) : NULL;
    if (!mem)
        goto done;
    if (KINSetErrHandlerFn(mem, kin_error_handler, kw) || KINInit(mem, kkt_residual, u) ||
        KINSetUserData(mem, kw) || KINSetLinearSolver(mem, LS, J) ||
        KINSetJacFn(mem, kkt_jacobian) || KINSetConstraints(mem, cons) ||
        KINSetFuncNormTol(mem, fnormtol) || KINSetScaledStepTol(mem, 1e-16) ||
        KINSetMaxSetupCalls(mem, 1) || KINSetNumMaxIters(mem, 200))
        goto done;
    flag = KINSol(mem, u, KIN_LINESEARCH, scale, scale);
    long it = 0;
    KINGetNumNonlinSolvIters(mem, &it);
    *nni += it;
    /* the true residual, whatever KINSOL's stopping reason */
    kkt_residual(u, fv, kw);
    *fnorm_out = N_VMaxNorm(fv);
    for (sunindextype i = 0; i < N; i++)
        u0[i] = ud[i];
done:
    if (mem)
        KINFree(&mem);
    if (LS)
        SUNLinSolFree(LS);
    if (J)
        SUNMatDestroy(J);
    if (u)
        N_VDestroy(u);
    if (scale)
        N_VDestroy(scale);
    if (cons)
        N_VDestroy(cons);
    if (fv)
        N_VDestroy(fv);
    return flag;
}

/* Solve the dense system G z = b (n x n, row-major, destroyed) by Gaussian
 * elimination with partial pivoting. Returns -1 if singular. O(n^3). */
static int dense_solve(int n, double *G, double *b)
{
    for (int c = 0; c < n; c++) {
        int piv = c;
        for (int r = c + 1; r < n; r++)
            if (fabs(G[r * n + c]) > fabs(G[piv * n + c]))
                piv = r;
        if (!(fabs(G[piv * n + c]) > 1e-300))
            return -1;
        if (piv != c) {
            for (int k = 0; k < n; k++) {
                double t = G[c * n + k];
                G[c * n + k] = G[piv * n + k], G[piv * n + k] = t;
            }
            double t = b[c];
            b[c] = b[piv], b[piv] = t;
        }
        for (int r = c + 1; r < n; r++) {
            double f = G[r * n + c] / G[c * n + c];
            if (f == 0.0)
                continue;
            for (int k = c; k < n; k++)
                G[r * n + k] -= f * G[c * n + k];
            b[r] -= f * b[c];
        }
    }
    for (int c = n - 1; c >= 0; c--) {
        double s = b[c];
        for (int k = c + 1; k < n; k++)
            s -= G[c * n + k] * b[k];
        b[c] = s / G[c * n + c];
    }
    return 0;
}

/* Is row j a combination of the rows of W? If so, beta (nw) holds the
 * coefficients (row_j = sum_i beta_i row_W[i]) and 1 is returned.
 * dense: scratch of (nw + 1) * n doubles, G: nw * nw, O(nw^2 n). */
static int depends_on_w(const kin_work *kw, int j, double *dense, double *G, double *beta)
{
    const rm_share_problem *p = kw->p;
    int n = p->n, nw = kw->nw;
    memset(dense, 0, (size_t)(nw + 1) * (size_t)n * sizeof *dense);
    for (int i = 0; i <= nw; i++) {
        int row = i < nw ? kw->W[i] : j;
        for (int e = p->row_start[row]; e < p->row_start[row + 1]; e++)
            dense[(size_t)i * n + p->row_var[e]] = p->row_coef[e];
    }
    const double *r = dense + (size_t)nw * n;
    for (int i = 0; i < nw; i++) {
        double s = 0.0;
        for (int v = 0; v < n; v++)
            s += dense[(size_t)i * n + v] * r[v];
        beta[i] = s;
        for (int k = 0; k < nw; k++) {
            double g = 0.0;
            for (int v = 0; v < n; v++)
                g += dense[(size_t)i * n + v] * dense[(size_t)k * n + v];
            G[i * nw + k] = g;
        }
    }
    if (nw == 0 || dense_solve(nw, G, beta))
        return 0;
    double rmax = 0.0, res = 0.0;
    for (int v = 0; v < n; v++) {
        double s = r[v];
        for (int i = 0; i < nw; i++)
            s -= beta[i] * dense[(size_t)i * n + v];
        if (fabs(s) > res)
            res = fabs(s);
        if (fabs(r[v]) > rmax)
            rmax = fabs(r[v]);
    }
    return res <= 1e-9 * rmax;
}

static void fill_info(rm_solver_info *info, int iters, long nni, int nact, double obj, double gap,
                      const char *status)
{
    if (!info)
        return;
    info->iterations = iters;
    info->inner_iterations = nni;
    info->n_active = nact;
    info->objective = obj;
    info->gap = gap;
    snprintf(info->status, sizeof info->status, "%s", status);
}

rm_status rm_share_kinsol(const rm_network *net, const double *cap, int n_routes,
                          const rm_route *routes, const double *a, double tol, double *x,
                          rm_solver_info *info, rm_error *err)
{
    if (tol <= 0.0)
        tol = 1e-12;
    fill_info(info, 0, 0, 0, NAN, NAN, "not run");
    if (n_routes > 0 && !x)
        return rm_error_set(err, RM_EINPUT, "rm_share_kinsol: no output array");
    rm_share_problem p;
    rm_status st = rm_share_problem_init(&p, net, cap, n_routes, routes, a, 0, err);
    if (st)
        return st;
    int n = p.n, m = p.m;
    if (n == 0) {
        st = rm_share_finish(&p, net, cap, routes, a, NULL, x, err);
        fill_info(info, 0, 0, 0, 0.0, 0.0, "optimal");
        rm_share_problem_destroy(&p);
        return st;
    }
    kin_work kw = {.p = &p, .nw = 0};
    kw.msg[0] = '\0';
    size_t nm = (size_t)n + (size_t)m + 1;
    kw.W = malloc(((size_t)m + 1) * sizeof *kw.W);
    kw.wpos = malloc(((size_t)m + 1) * sizeof *kw.wpos);
    kw.Lam = malloc(((size_t)n + 1) * sizeof *kw.Lam);
    double *u = malloc(nm * sizeof *u), *load = malloc(((size_t)m + 1) * sizeof *load);
    double *lam = calloc((size_t)m + 1, sizeof *lam); /* multiplier of every row, 0 off W */
    double *dense = malloc(((size_t)m + 1) * (size_t)n * sizeof *dense);
    double *G = malloc(((size_t)m * m + 1) * sizeof *G), *beta = malloc(((size_t)m + 1) * sizeof *beta);
    int *cover = calloc((size_t)n + 1, sizeof *cover);
    SUNContext ctx = NULL;
    if (!kw.W || !kw.wpos || !kw.Lam || !u || !load || !lam || !dense || !G || !beta || !cover) {
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
    double fnormtol = tol * 0.01;
    if (fnormtol < 1e-14)
        fnormtol = 1e-14;
    int max_outer = 50 + 4 * m, outer = 0;
    long nni = 0;
    double kkt = INFINITY;
    for (;;) {
        outer++;
        for (int i = 0; i < kw.nw; i++)
            u[n + i] = lam[kw.W[i]];
        double fnorm = INFINITY;
        int flag = solve_working_set(ctx, &kw, u, fnormtol, &nni, &fnorm);
        /* the KKT residual decides: KINSOL may stop with a line-search
           failure at a point that already solves the system to rounding */
        if (!(fnorm <= 100.0 * fnormtol)) {
            char *name = flag == -1000 ? NULL : KINGetReturnFlagName(flag);
            char buf[64];
            snprintf(buf, sizeof buf, "%s", name ? name : "KINSOL setup failed");
            free(name);
            fill_info(info, outer, nni, kw.nw, NAN, fnorm, buf);
            st = rm_error_set(err, RM_ESOLVER,
                              "rm_share_kinsol: KINSOL returned %s (flag %d, residual %.3g) on "
                              "the KKT system of %d routes and %d saturated links%s%s",
                              buf, flag, fnorm, n, kw.nw, kw.msg[0] ? ": " : "", kw.msg);
            goto done;
        }
        for (int j = 0; j < m; j++)
            lam[j] = kw.wpos[j] >= 0 ? u[n + kw.wpos[j]] : 0.0;
        price(&kw, u, kw.Lam);
        /* (a) a negative multiplier: drop the most negative */
        int drop = -1;
        double worst = -tol, neg = 0.0;
        for (int i = 0; i < kw.nw; i++) {
            int j = kw.W[i];
            double scale = 0.0;
            for (int e = p.row_start[j]; e < p.row_start[j + 1]; e++)
                if (kw.Lam[p.row_var[e]] > scale)
                    scale = kw.Lam[p.row_var[e]];
            double rel = scale > 0.0 ? lam[j] / scale : lam[j];
            if (rel < neg)
                neg = rel;
            if (rel < worst)
                worst = rel, drop = i;
        }
        /* (b) the most violated row outside W */
        rm_share_loads(&p, u, load);
        int add = -1;
        double viol = tol, vmax = 0.0;
        for (int j = 0; j < m; j++) {
            double r = (load[j] - p.c[j]) / p.c[j];
            if (kw.wpos[j] < 0 && r > vmax)
                vmax = r;
            if (kw.wpos[j] < 0 && r > viol)
                viol = r, add = j;
        }
        kkt = fnorm;
        if (-neg > kkt)
            kkt = -neg;
        if (vmax > kkt)
            kkt = vmax;
        if (drop < 0 && add < 0)
            break;
        if (outer >= max_outer) {
            fill_info(info, outer, nni, kw.nw, NAN, kkt, "active set not settled");
            st = rm_error_set(err, RM_ESOLVER,
                              "rm_share_kinsol: active set not settled after %d changes "
                              "(KKT violation %.3g)",
                              outer, kkt);
            goto done;
        }
        if (drop >= 0) {
            int j = kw.W[drop];
            lam[j] = 0.0;
            kw.wpos[j] = -1;
            kw.W[drop] = kw.W[kw.nw - 1];
            kw.wpos[kw.W[drop]] = drop;
            kw.nw--;
            /* u's multipliers are reloaded from lam at the next solve */
            continue;
        }
        if (!depends_on_w(&kw, add, dense, G, beta)) {
            kw.W[kw.nw] = add;
            kw.wpos[add] = kw.nw++;
            lam[add] = 0.0;
            continue;
        }
        /* dependent row: it replaces the row whose multiplier reaches 0
           first along lambda_W - t beta (Goldfarb–Idnani ratio test) */
        int out = -1;
        double tmin = INFINITY;
        for (int i = 0; i < kw.nw; i++)
            if (beta[i] > 1e-12) {
                double t = lam[kw.W[i]] / beta[i];
                if (t < tmin)
                    tmin = t, out = i;
            }
        if (out < 0) {
            fill_info(info, outer, nni, kw.nw, NAN, kkt, "infeasible");
            st = rm_error_set(err, RM_ESOLVER,
                              "rm_share_kinsol: capacity constraints inconsistent (row %d)", add);
            goto done;
        }
        for (int i = 0; i < kw.nw; i++)
            lam[kw.W[i]] -= tmin * beta[i];
        int jout = kw.W[out];
        lam[jout] = 0.0;
        kw.wpos[jout] = -1;
        kw.W[out] = add;
        kw.wpos[add] = out;
        lam[add] = tmin;
    }
    rm_share_make_feasible(&p, u, load);
    double obj = rm_share_objective(&p, u) * p.A / p.S;
    st = rm_share_finish(&p, net, cap, routes, a, u, x, err);
    if (st == RM_OK)
        fill_info(info, outer, nni, kw.nw, obj, kkt, "optimal");
done:
    if (ctx)
        SUNContext_Free(&ctx);
    free(kw.W), free(kw.wpos), free(kw.Lam);
    free(u), free(load), free(lam), free(dense), free(G), free(beta), free(cover);
    rm_share_problem_destroy(&p);
    return st;
}
