/*
 * kinsol_common.c — helpers shared by shares_kinsol.c and tstep_kinsol.c
 * (Newton with KINSOL on the KKT systems of Legrand et al. 2004 §4.4.3, method 2);
 * see kinsol_common.h.
 */
#include "solvers/kinsol_common.h"

#include <stdio.h>
#include <stdlib.h>

/* KINSOL's error handler: keep the last message in the buffer eh_data. */
static void error_to_buffer(int code, const char *module, const char *function, char *msg,
                            void *eh_data)
{
    snprintf(eh_data, RM_KINSOL_MSG_SIZE, "%s: %s", function ? function : "KINSOL",
             msg ? msg : "");
}

/* KINSOL memory and options on the linear solver s->LS, s->J. */
static int kinsol_setup(rm_kinsol *s, SUNContext ctx, N_Vector u, N_Vector cons, KINSysFn F,
                        KINLsJacFn jac, void *user, char *msg, double fnormtol)
{
    s->mem = s->LS ? KINCreate(ctx) : NULL;
    if (!s->mem)
        return -1;
    if (KINSetErrHandlerFn(s->mem, error_to_buffer, msg) || KINInit(s->mem, F, u) ||
        KINSetUserData(s->mem, user) || KINSetLinearSolver(s->mem, s->LS, s->J) ||
        KINSetJacFn(s->mem, jac) || KINSetConstraints(s->mem, cons) ||
        KINSetFuncNormTol(s->mem, fnormtol) || KINSetScaledStepTol(s->mem, 1e-16) ||
        KINSetMaxSetupCalls(s->mem, 1) || KINSetNumMaxIters(s->mem, 200))
        return -1;
    return 0;
}

int rmi_kinsol_create(rm_kinsol *s, SUNContext ctx, N_Vector u, N_Vector cons, KINSysFn F,
                     KINLsJacFn jac, void *user, char *msg, double fnormtol)
{
    sunindextype N = N_VGetLength(u);
    s->J = SUNDenseMatrix(N, N, ctx);
    s->LS = s->J ? SUNLinSol_Dense(u, s->J, ctx) : NULL;
    return kinsol_setup(s, ctx, u, cons, F, jac, user, msg, fnormtol);
}

int rmi_kinsol_create_sparse(rm_kinsol *s, SUNContext ctx, N_Vector u, N_Vector cons, KINSysFn F,
                            KINLsJacFn jac, void *user, char *msg, double fnormtol,
                            sunindextype nnz)
{
    sunindextype N = N_VGetLength(u);
    s->J = SUNSparseMatrix(N, N, nnz > 0 ? nnz : 1, CSC_MAT, ctx);
    s->LS = s->J ? SUNLinSol_KLU(u, s->J, ctx) : NULL;
    return kinsol_setup(s, ctx, u, cons, F, jac, user, msg, fnormtol);
}

int rmi_kinsol_fill(SUNMatrix J, int n, const int *row, const int *col, const double *val,
                   int *perm)
{
    if (SUNMatGetID(J) == SUNMATRIX_DENSE) {
        SUNMatZero(J);
        for (int e = 0; e < n; e++)
            SM_ELEMENT_D(J, row[e], col[e]) = val[e];
        return 0;
    }
    if (SM_NNZ_S(J) < n)
        return -1;
    int N = (int)SM_COLUMNS_S(J);
    int *by_row = perm, *by_col = perm + n, *cnt = perm + 2 * n;
    /* counting sort by row, then a stable one by column: CSC, rows sorted */
    for (int i = 0; i <= N; i++)
        cnt[i] = 0;
    for (int e = 0; e < n; e++)
        cnt[row[e] + 1]++;
    for (int i = 0; i < N; i++)
        cnt[i + 1] += cnt[i];
    for (int e = 0; e < n; e++)
        by_row[cnt[row[e]]++] = e;
    for (int i = 0; i <= N; i++)
        cnt[i] = 0;
    for (int e = 0; e < n; e++)
        cnt[col[e] + 1]++;
    for (int i = 0; i < N; i++)
        cnt[i + 1] += cnt[i];
    for (int x = 0; x < n; x++) {
        int e = by_row[x];
        by_col[cnt[col[e]]++] = e;
    }
    sunindextype *cp = SM_INDEXPTRS_S(J), *ri = SM_INDEXVALS_S(J);
    realtype *d = SM_DATA_S(J);
    int nz = 0, x = 0;
    for (int c = 0; c < N; c++) {
        cp[c] = nz;
        int first = nz;
        for (; x < n && col[by_col[x]] == c; x++) {
            int e = by_col[x];
            if (nz > first && ri[nz - 1] == row[e]) {
                d[nz - 1] += val[e];
            } else {
                ri[nz] = row[e];
                d[nz] = val[e];
                nz++;
            }
        }
    }
    cp[N] = nz;
    return 0;
}

int rmi_kinsol_solve(rm_kinsol *s, N_Vector u, N_Vector us, N_Vector fs, long *nni)
{
    int flag = KINSol(s->mem, u, KIN_LINESEARCH, us, fs);
    long it = 0;
    KINGetNumNonlinSolvIters(s->mem, &it);
    *nni += it;
    return flag;
}

void rmi_kinsol_free(rm_kinsol *s)
{
    if (s->mem)
        KINFree(&s->mem);
    if (s->LS)
        SUNLinSolFree(s->LS);
    if (s->J)
        SUNMatDestroy(s->J);
    s->mem = NULL, s->LS = NULL, s->J = NULL;
}

void rmi_kinsol_destroy_vectors(N_Vector *v, int n)
{
    for (int i = 0; i < n; i++)
        if (v[i])
            N_VDestroy(v[i]);
}

void rmi_kinsol_flag_name(int flag, char *buf, size_t size)
{
    char *name = flag == RM_KINSOL_SETUP_FAILED ? NULL : KINGetReturnFlagName(flag);
    snprintf(buf, size, "%s", name ? name : "KINSOL setup failed");
    free(name);
}
