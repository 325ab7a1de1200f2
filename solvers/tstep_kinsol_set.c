/*
 * tstep_kinsol_set.c — the active set of rm_tstep_kinsol (solvers.h):
 * saturated capacity rows W (kept linearly independent by an orthonormal
 * basis), binding pieces A (host i's alpha clamped at 0, or F_0) and, with
 * parallel send, the binding route costs G of each host; the initial sets,
 * the primal check (most violated constraint), the dual check (most
 * negative multiplier), a change of sets, and the step control of the
 * continuation in eps (tstep_kinsol_internal.h). Nocedal & Wright, §16.5.
 */
#include "solvers/tstep_kinsol_internal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static void row_dense(const rm_share_problem *sp, int j, double *v, int K)
{
    for (int k = 0; k < K; k++)
        v[k] = 0.0;
    for (int e = sp->row_start[j]; e < sp->row_start[j + 1]; e++)
        v[sp->row_var[e]] = sp->row_coef[e];
}

int rmi_tk_basis_add(tk_basis *B, const rm_share_problem *sp, int j, double *v)
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

void rmi_tk_basis_rebuild(tk_basis *B, const rm_share_problem *sp, const int *W, int nW, double *v)
{
    B->n = 0;
    for (int x = 0; x < nW; x++)
        rmi_tk_basis_add(B, sp, W[x], v);
}

uint64_t rmi_tk_set_hash(const tk_work *t, int m)
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

/* Sort the indices oj[0..n) by ord[] descending (insertion sort: the
 * number of rows is small). */
static void sort_desc(int *oj, int n, const double *ord)
{
    for (int i = 1; i < n; i++)
        for (int k = i; k > 0 && ord[oj[k]] > ord[oj[k - 1]]; k--) {
            int tmp = oj[k];
            oj[k] = oj[k - 1], oj[k - 1] = tmp;
        }
}

/* Add row j to W (it is in the basis already) and count its routes. */
static void working_add(tk_state *s, int j)
{
    const rm_share_problem *sp = &s->t.p->sp;
    s->t.wpos[j] = s->t.nW;
    s->t.W[s->t.nW++] = j;
    for (int e = sp->row_start[j]; e < sp->row_start[j + 1]; e++)
        s->cover[sp->row_var[e]]++;
}

/* The pieces at the max plus F_0, and the groups at the max, at s->y. */
static void initial_pieces_groups(tk_state *s, double T0)
{
    tk_work *t = &s->t;
    const rm_tstep_problem *p = t->p;
    t->nA = 0;
    for (int pc = 0; pc <= t->q; pc++) {
        t->apos[pc] = -1;
        if (pc == 0 || s->F[pc] >= T0 * (1.0 - 1e-9)) { /* F_0 binds but in degenerate cases */
            t->apos[pc] = t->nA;
            t->A[t->nA++] = pc;
        }
    }
    t->nG = 0;
    for (int g = 0; g < t->ng; g++) {
        t->gpos[g] = -1;
        int h = tk_grp_host(t, g), r[2], n = tk_grp_routes(t, g, r);
        double sum = 0.0;
        for (int e = 0; e < n; e++)
            sum += 1.0 / s->y[r[e]] + p->lc[r[e]];
        /* parallel send, second attempt (s->all_groups): both route
           bounds of every host. A host's two route costs are equal at the
           optimum unless one route is free (its links unsaturated); a
           bound left out gives its route the weight eps only, and Newton's
           first step collapses its share to 1e-9 of the others. Dependent
           bounds are fine: the rows and groups are stabilised
           (tstep_kinsol_newton.c). */
        if (!p->parallel || s->all_groups || sum >= s->C[h] * (1.0 - 1e-9)) {
            t->gpos[g] = t->nG;
            t->G[t->nG++] = g;
        }
    }
}

/* The saturated rows at s->y, most loaded first, linearly independent;
 * then for each route no such row covers, its most loaded independent
 * row. */
static void initial_rows(tk_state *s)
{
    tk_work *t = &s->t;
    const rm_share_problem *sp = &t->p->sp;
    int M = s->M;
    rmi_share_loads(sp, s->y, s->load);
    for (int j = 0; j < M; j++) {
        t->wpos[j] = -1;
        s->ord[j] = s->load[j] / sp->c[j];
        s->oj[j] = j;
    }
    sort_desc(s->oj, M, s->ord);
    t->nW = 0;
    for (int i = 0; i < M && s->ord[s->oj[i]] >= 1.0 - 1e-7; i++)
        if (rmi_tk_basis_add(&s->B, sp, s->oj[i], s->v))
            working_add(s, s->oj[i]);
    for (int k = 0; k < t->K; k++) {
        if (s->cover[k])
            continue;
        int best = -1;
        double bl = -1.0;
        for (int e = sp->col_start[k]; e < sp->col_start[k + 1]; e++) {
            int j = sp->col_row[e];
            if (t->wpos[j] < 0 && s->ord[j] > bl)
                bl = s->ord[j], best = j;
        }
        if (best >= 0 && rmi_tk_basis_add(&s->B, sp, best, s->v))
            working_add(s, best);
    }
}

/* Initial unknowns: y, u = C, T = T0, mu evenly over A, rho from the host
 * weights, lambda from the route prices of each row. */
static void initial_unknowns(tk_state *s, double T0)
{
    tk_work *t = &s->t;
    const rm_tstep_problem *p = t->p;
    const rm_share_problem *sp = &p->sp;
    double *z = s->z, *y = s->y;
    rmi_tk_layout(t);
    for (int k = 0; k < t->K; k++)
        z[k] = y[k];
    for (int i = 0; i < t->q; i++)
        z[t->ou + i] = s->C[i];
    z[t->oT] = T0;
    for (int xA = 0; xA < t->nA; xA++)
        z[t->om + xA] = 1.0 / t->nA;
    for (int xG = 0; xG < t->nG; xG++) {
        int g = t->G[xG], h = tk_grp_host(t, g), cnt = 0;
        for (int x2 = 0; x2 < t->nG; x2++)
            cnt += tk_grp_host(t, t->G[x2]) == h;
        double wt = (t->apos[0] >= 0 ? p->a[h] / t->nA : 0.0) +
                    (t->apos[h + 1] >= 0 ? 1.0 / t->nA : 0.0);
        z[t->orho + xG] = wt / cnt;
    }
    for (int xW = 0; xW < t->nW; xW++) {
        int j = t->W[xW], cnt = 0;
        double sum = 0.0;
        for (int e = sp->row_start[j]; e < sp->row_start[j + 1]; e++) {
            int k = sp->row_var[e];
            sum += rmi_tk_route_weight(t, z, k) / (y[k] * y[k]) / (s->cover[k] ? s->cover[k] : 1);
            cnt++;
        }
        z[t->ol + xW] = cnt ? sum / cnt : 0.0;
    }
}

void rmi_tk_initial_sets(tk_state *s)
{
    double T0 = rmi_tstep_value(s->t.p, s->y, s->C, s->F);
    initial_pieces_groups(s, T0);
    initial_rows(s);
    initial_unknowns(s, T0);
}

void rmi_tk_find_addition(tk_state *s, int *kind, int *id)
{
    tk_work *t = &s->t;
    const rm_tstep_problem *p = t->p;
    const rm_share_problem *sp = &p->sp;
    const double *z = s->z, *u = z + t->ou;
    double *y = s->y, T = z[t->oT], worst = TK_PRIMAL;
    int q = t->q;
    for (int k = 0; k < t->K; k++)
        y[k] = z[k];
    *kind = -1, *id = -1;
    for (int pc = 0; pc <= q; pc++) {
        if (t->apos[pc] >= 0)
            continue;
        double Fp = 1.0;
        if (pc == 0)
            for (int i = 0; i < q; i++)
                Fp += p->D * p->a[i] * u[i];
        else
            Fp = p->D * u[pc - 1];
        double vio = (Fp - T) / fabs(T);
        /* all q + 1 pieces cannot bind together (F_0 = 1 + sum a_i F_i) */
        if (vio > worst && t->nA < q && !rmi_tk_tabu(s, 1, pc))
            worst = vio, *kind = 1, *id = pc;
    }
    for (int g = 0; g < t->ng; g++) {
        if (t->gpos[g] >= 0)
            continue;
        int r[2], n = tk_grp_routes(t, g, r), hh = tk_grp_host(t, g);
        double sum = 0.0;
        for (int e = 0; e < n; e++)
            sum += 1.0 / y[r[e]] + p->lc[r[e]];
        double vio = (sum - u[hh]) / fabs(u[hh]);
        if (vio > worst && !rmi_tk_tabu(s, 2, g))
            worst = vio, *kind = 2, *id = g;
    }
    rmi_share_loads(sp, y, s->load);
    /* rows, most violated first among the independent ones */
    int nc = 0;
    for (int j = 0; j < s->M; j++)
        if (t->wpos[j] < 0 && s->load[j] / sp->c[j] - 1.0 > worst && !rmi_tk_tabu(s, 0, j)) {
            s->ord[j] = s->load[j] / sp->c[j] - 1.0;
            s->oj[nc++] = j;
        }
    sort_desc(s->oj, nc, s->ord);
    for (int i = 0; i < nc; i++)
        if (rmi_tk_basis_add(&s->B, sp, s->oj[i], s->v)) {
            *kind = 0, *id = s->oj[i];
            break;
        }
}

void rmi_tk_find_drop(const tk_state *s, int *kind, int *x)
{
    /* the most negative multiplier (dropped first, as in dual active-set
       methods, before any addition) */
    const tk_work *t = &s->t;
    const rm_tstep_problem *p = t->p;
    const rm_share_problem *sp = &p->sp;
    const double *z = s->z, *y = s->y;
    double neg = -TK_DUAL;
    *kind = -1, *x = -1;
    for (int xW = 0; xW < t->nW; xW++) {
        int j = t->W[xW];
        double scale = 0.0;
        for (int e = sp->row_start[j]; e < sp->row_start[j + 1]; e++) {
            int k = sp->row_var[e];
            double pr = rmi_tk_route_weight(t, z, k) / (y[k] * y[k]);
            if (pr > scale)
                scale = pr;
        }
        double rel = scale > 0.0 ? z[t->ol + xW] / scale : z[t->ol + xW];
        if (rel < neg && !rmi_tk_tabu(s, 3, j))
            neg = rel, *kind = 0, *x = xW;
    }
    if (t->nA > 1)
        for (int xA = 0; xA < t->nA; xA++)
            if (z[t->om + xA] < neg && !rmi_tk_tabu(s, 4, t->A[xA]))
                neg = z[t->om + xA], *kind = 1, *x = xA;
    if (!p->parallel)
        return;
    for (int xG = 0; xG < t->nG; xG++) {
        int g = t->G[xG], hh = tk_grp_host(t, g), cnt = 0;
        for (int x2 = 0; x2 < t->nG; x2++)
            cnt += tk_grp_host(t, t->G[x2]) == hh;
        double wt = 0.0;
        if (t->apos[0] >= 0)
            wt += p->a[hh] * z[t->om + t->apos[0]];
        if (t->apos[hh + 1] >= 0)
            wt += z[t->om + t->apos[hh + 1]];
        double rel = z[t->orho + xG] / (fabs(wt) > 1e-300 ? fabs(wt) : 1.0);
        if (cnt > 1 && rel < neg && !rmi_tk_tabu(s, 5, g))
            neg = rel, *kind = 2, *x = xG;
    }
}

/* new[pos[old[x]]] = oldv[x] for the elements of an old set still in the
 * new one (its multipliers), the others 0. */
static void carry(double *nz, int n_new, const int *pos, const int *old, int n_old,
                  const double *oz)
{
    for (int x = 0; x < n_new; x++)
        nz[x] = 0.0;
    for (int x = 0; x < n_old; x++)
        if (pos[old[x]] >= 0)
            nz[pos[old[x]]] = oz[x];
}

int rmi_tk_violated_pieces(const tk_state *s, int skip, int *list)
{
    const tk_work *t = &s->t;
    const rm_tstep_problem *p = t->p;
    const double *z = s->z, *u = z + t->ou;
    double T = z[t->oT];
    int n = 0, room = t->q - 1 - t->nA;
    double top = skip >= 1 ? (p->D * u[skip - 1] - T) / fabs(T) : 0.0;
    for (int pc = 1; pc <= t->q && n < room; pc++) {
        if (pc == skip || t->apos[pc] >= 0 || rmi_tk_tabu(s, 1, pc))
            continue;
        double vio = (p->D * u[pc - 1] - T) / fabs(T);
        if (vio > TK_PRIMAL && vio >= TK_BATCH * top)
            list[n++] = pc;
    }
    return n;
}

rm_status rmi_tk_change_sets(tk_state *s, int drop_kind, int drop_x, int add_kind, int add_id,
                         const int *more, int n_more)
{
    tk_work *t = &s->t, old = s->t;
    double *z = s->z, *zo = s->zn;
    memcpy(zo, z, (size_t)t->N * sizeof *z);
    int *Wold = malloc(((size_t)t->nW + 1) * sizeof(int));
    int *Aold = malloc(((size_t)t->nA + 1) * sizeof(int));
    int *Gold = malloc(((size_t)t->nG + 1) * sizeof(int));
    if (!Wold || !Aold || !Gold) {
        free(Wold), free(Aold), free(Gold);
        return RM_ENOMEM;
    }
    memcpy(Wold, t->W, (size_t)t->nW * sizeof(int));
    memcpy(Aold, t->A, (size_t)t->nA * sizeof(int));
    memcpy(Gold, t->G, (size_t)t->nG * sizeof(int));
    if (drop_kind == 0) {
        set_remove(t->W, t->wpos, &t->nW, drop_x);
    } else if (drop_kind == 1) {
        set_remove(t->A, t->apos, &t->nA, drop_x);
    } else if (drop_kind == 2) {
        set_remove(t->G, t->gpos, &t->nG, drop_x);
    } else if (add_kind == 0) {
        t->wpos[add_id] = t->nW;
        t->W[t->nW++] = add_id;
    } else if (add_kind == 1) {
        t->apos[add_id] = t->nA;
        t->A[t->nA++] = add_id;
        for (int i = 0; i < n_more; i++) {
            t->apos[more[i]] = t->nA;
            t->A[t->nA++] = more[i];
        }
    } else {
        t->gpos[add_id] = t->nG;
        t->G[t->nG++] = add_id;
    }
    /* the row test of rmi_tk_find_addition may have grown the basis */
    rmi_tk_basis_rebuild(&s->B, &t->p->sp, t->W, t->nW, s->v);
    rmi_tk_layout(t);
    for (int i = 0; i < old.ol; i++) /* primal part unchanged */
        z[i] = zo[i];
    if (drop_kind < 0 && add_kind == 2 && t->p->parallel) {
        /* a route bound taken with parallel send: its route had only the
           weight eps, so its share collapsed to sqrt(eps a / Lambda) (1e-9
           of the others: too far for Newton); it starts where its cost
           meets the host's, c_k = u_h */
        int k = add_id, h = tk_grp_host(t, add_id);
        double uc = z[t->ou + h] - t->p->lc[k];
        if (uc > 0.0 && 1.0 / uc > z[k])
            z[k] = 1.0 / uc;
    }
    carry(z + t->ol, t->nW, t->wpos, Wold, old.nW, zo + old.ol);
    carry(z + t->om, t->nA, t->apos, Aold, old.nA, zo + old.om);
    carry(z + t->orho, t->nG, t->gpos, Gold, old.nG, zo + old.orho);
    free(Wold), free(Aold), free(Gold);
    return RM_OK;
}

void rmi_tk_snap_save(tk_snap *s, const tk_work *t, const double *z)
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

int rmi_tk_backoff(tk_state *st)
{
    const tk_snap *s = &st->snap;
    tk_work *t = &st->t;
    double eps = s->eps * sqrt(st->fac);
    if (eps < TK_EPS)
        eps = TK_EPS;
    if (!s->have || !(s->eps / eps > 1.02) || st->backoffs >= TK_BACKOFFS)
        return 0;
    st->backoffs++;
    st->fac = sqrt(st->fac);
    t->eps = eps;
    rmi_tk_snap_restore(st, s);
    st->n_seen = 0;
    st->stage_outer = 0;
    st->ntabu = 0;
    st->prev.have = 0, st->last_add_kind = -1, st->last_batch = 0;
    return 1;
}

void rmi_tk_snap_restore(tk_state *st, const tk_snap *s)
{
    tk_work *t = &st->t;
    int M = t->p->sp.m;
    t->nW = s->nW, t->nA = s->nA, t->nG = s->nG;
    memcpy(t->W, s->W, (size_t)s->nW * sizeof(int));
    memcpy(t->wpos, s->wpos, (size_t)M * sizeof(int));
    memcpy(t->A, s->A, (size_t)s->nA * sizeof(int));
    memcpy(t->apos, s->apos, (size_t)(t->q + 1) * sizeof(int));
    memcpy(t->G, s->G, (size_t)s->nG * sizeof(int));
    memcpy(t->gpos, s->gpos, (size_t)t->ng * sizeof(int));
    rmi_tk_layout(t);
    memcpy(st->z, s->z, (size_t)t->N * sizeof *st->z);
    rmi_tk_basis_rebuild(&st->B, &t->p->sp, t->W, t->nW, st->v);
}

int rmi_tk_tabu(const tk_state *s, int kind, int id)
{
    for (int i = 0; i < s->ntabu; i++)
        if (s->tabu_kind[i] == kind && s->tabu_id[i] == id)
            return 1;
    return 0;
}
