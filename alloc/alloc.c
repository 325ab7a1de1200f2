/*
 * alloc.c — optimal integer allocation of B equal work units (Boulet et al. 1999 §2,
 * Lemma 1/2, Table 3/4/5; Casanova, ICS 632): the incremental algorithm, its fast
 * equivalent (threshold start + greedy finish), the affine variant for the
 * stencil columns of a ring mapping (eq. (1) of Legrand et al. 2004), the Lemma 1
 * certificate, the best allocation over panel sizes <= u, and the naive
 * rounding baseline.
 */
#include "ringmap/alloc.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Largest number of units: 2^53, so that every unit index j is exact as a
 * double and B + 1 never overflows. */
#define RM_ALLOC_MAX_UNITS (1L << 53)
/* Largest B of the functions that replay the greedy unit by unit
 * (rm_alloc_units_order, rm_alloc_best_upto: O(n B)): 2^26 units. */
#define RM_ALLOC_MAX_REPLAY (1L << 26)

/* Value of the j-th unit of processor k: o_k + t_k j. One expression used by
 * every comparison, so the threshold start and the unit-by-unit greedy see
 * exactly the same doubles (and therefore the same ties). */
static double unit_value(double o, double t, long j)
{
    return o + t * (double)j;
}

static rm_status check_t(int n, const double *t, const double *o, long B, const long *c,
                         const char *fn, rm_error *err)
{
    if (n < 1)
        return rm_error_set(err, RM_EINPUT, "allocation: %d processors (need >= 1)", n);
    if (!t || !c) /* argument check: the function and the argument */
        return rm_error_set(err, RM_EINVAL, "%s: %s is NULL", fn, !t ? "t" : "c");
    if (B < 0)
        return rm_error_set(err, RM_EINPUT, "allocation: %ld units (need >= 0)", B);
    if (B > RM_ALLOC_MAX_UNITS)
        return rm_error_set(err, RM_ELIMIT,
                            "allocation: %ld units, more than the limit of 2^53 (integers exact "
                            "in double precision)",
                            B);
    for (int i = 0; i < n; i++) {
        if (!isfinite(t[i]) || t[i] <= 0)
            return rm_error_set(err, RM_EINPUT,
                                "allocation: unit time t[%d] = %g (need finite > 0)", i, t[i]);
        if (o && (!isfinite(o[i]) || o[i] < 0))
            return rm_error_set(err, RM_EINPUT,
                                "allocation: offset o[%d] = %g (need finite >= 0)", i, o[i]);
    }
    return RM_OK;
}

/* The units of processor k that lie at or below the threshold X, counted
 * from min and at most cap: the largest j in [min, cap] with j == min or
 * unit_value(o, t, j) <= X. unit_value is nondecreasing in j (t > 0, and
 * the conversion (double)j, the product and the sum are monotone under
 * IEEE rounding), so a binary search is exact; the loop halves [lo, hi]
 * each time, hence at most 64 iterations (hardening: the former linear walk
 * ran ~1e15 steps or forever when t was tiny against X). */
static long count_below(double o, double t, long min, long cap, double X)
{
    long lo = min, hi = cap; /* lo qualifies; no unit above hi is counted */
    while (lo < hi) {
        long mid = lo + (hi - lo + 1) / 2;
        if (unit_value(o, t, mid) <= X)
            lo = mid;
        else
            hi = mid - 1;
    }
    return lo;
}

/* Greedy from the current c until sum c = B: next unit to the k of least
 * o_k + t_k (c_k + 1), ties to the lowest index. */
static void greedy_finish(int n, const double *t, const double *o, long have, long B, long *c,
                          int *order)
{
    for (long s = have; s < B; s++) {
        int best = 0;
        double bv = unit_value(o ? o[0] : 0.0, t[0], c[0] + 1);
        for (int k = 1; k < n; k++) {
            double v = unit_value(o ? o[k] : 0.0, t[k], c[k] + 1);
            if (v < bv) {
                bv = v;
                best = k;
            }
        }
        c[best]++;
        if (order)
            order[s] = best;
    }
}

static uint64_t dbits(double x)
{
    uint64_t b;
    memcpy(&b, &x, sizeof b);
    return b;
}

static double bitsd(uint64_t b)
{
    double x;
    memcpy(&x, &b, sizeof x);
    return x;
}

/* Sum of count_below over the processors, stopping once it exceeds B. */
static long count_all(int n, const double *t, const double *o, long min, long B, double X)
{
    long sum = 0;
    for (int k = 0; k < n && sum <= B; k++)
        sum += count_below(o ? o[k] : 0.0, t[k], min, B + 1, X);
    return sum;
}

/* The greedy's allocation of B units without replaying it (shared by
 * rm_alloc_units and rm_alloc_affine). Every unit value o_k + t_k j (j >
 * min) is > 0. The greedy hands units out in nondecreasing value, ties to
 * the lowest index. Let X_lo < X_hi be adjacent doubles with count(X_lo) <=
 * B < count(X_hi) (count(X) = units of value <= X): the first count(X_lo)
 * units are those of value <= X_lo, and the rest are taken from the units of
 * value exactly X_hi, which the greedy gives in index order (the lowest
 * index keeps winning while its next unit is worth X_hi). X_lo is found by
 * bisection over the bit patterns of the nonnegative doubles (monotone in
 * the value): at most 64 iterations of O(n log B). Total O(n log^2 B), for
 * any t and o (hardening: no endless loop on ratios of 1e18 or w of 1e-300). */
static void alloc_fast(int n, const double *t, const double *o, long min, long B, long *c)
{
    for (int k = 0; k < n; k++)
        c[k] = min;
    if (B <= (long)n * min)
        return;
    /* hi: a value at which some processor alone has B units, so count(hi) >= B */
    double hi = 0.0;
    for (int k = 0; k < n; k++) {
        double v = unit_value(o ? o[k] : 0.0, t[k], B);
        if (v > hi)
            hi = v;
    }
    uint64_t lo_b = dbits(0.0), hi_b = dbits(hi); /* count(0) = n min <= B */
    if (count_all(n, t, o, min, B, hi) <= B)
        lo_b = hi_b; /* count(hi) = B: every unit of value <= hi */
    while (hi_b - lo_b > 1) { /* at most 64 halvings */
        uint64_t mid = lo_b + (hi_b - lo_b) / 2;
        if (count_all(n, t, o, min, B, bitsd(mid)) <= B)
            lo_b = mid;
        else
            hi_b = mid;
    }
    double X_lo = bitsd(lo_b), X_hi = bitsd(hi_b);
    long sum = 0;
    for (int k = 0; k < n; k++) {
        c[k] = count_below(o ? o[k] : 0.0, t[k], min, B + 1, X_lo);
        sum += c[k]; /* <= count(X_lo) <= B: no overflow */
    }
    for (int k = 0; k < n && sum < B; k++) { /* the tie block at X_hi, in index order */
        long avail = count_below(o ? o[k] : 0.0, t[k], min, B + 1, X_hi) - c[k];
        long take = avail < B - sum ? avail : B - sum;
        c[k] += take;
        sum += take;
    }
}

rm_status rm_alloc_units(int n, const double *t, long B, long *c, rm_error *err)
{
    if (!t || !c) /* argument check */
        return rm_error_set(err, RM_EINVAL, "rm_alloc_units: %s is NULL", !t ? "t" : "c");
    return rm_alloc_affine(n, t, NULL, 0, B, c, err);
}

rm_status rm_alloc_units_order(int n, const double *t, long B, long *c, int *order,
                               rm_error *err)
{
    rm_status st = check_t(n, t, NULL, B, c, "rm_alloc_units_order", err);
    if (st)
        return st;
    if (B > RM_ALLOC_MAX_REPLAY)
        return rm_error_set(err, RM_ELIMIT,
                            "allocation: replaying %ld units one by one, more than the limit of "
                            "2^26 (use rm_alloc_units)",
                            B);
    for (int k = 0; k < n; k++)
        c[k] = 0;
    greedy_finish(n, t, NULL, 0, B, c, order); /* B iterations of O(n) */
    return RM_OK;
}

void rm_alloc_reverse(long B, int *order)
{
    if (!order)
        return; /* argument check: nothing to reverse */
    for (long i = 0, j = B - 1; i < j; i++, j--) {
        int x = order[i];
        order[i] = order[j];
        order[j] = x;
    }
}

double rm_alloc_makespan(int n, const double *t, const long *c)
{
    if (n < 0 || (n > 0 && (!t || !c)))
        return NAN; /* an invalid argument, not a crash */
    double m = 0.0;
    for (int i = 0; i < n; i++) {
        double v = t[i] * (double)c[i];
        if (v > m)
            m = v;
    }
    return m;
}

double rm_alloc_cost(int n, const double *t, const long *c)
{
    if (n < 0 || (n > 0 && (!t || !c)))
        return NAN; /* an invalid argument, not a crash */
    long s = 0;
    for (int i = 0; i < n; i++)
        s += c[i];
    if (s == 0)
        return INFINITY;
    return rm_alloc_makespan(n, t, c) / (double)s;
}

static int leq_tol(double a, double b, double tol)
{
    if (tol <= 0)
        return a <= b;
    return a <= b + tol * fmax(fabs(a), fabs(b));
}

int rm_alloc_certificate(int n, const double *t, const long *c, double tol)
{
    if (n < 0 || (n > 0 && (!t || !c)))
        return 0; /* an invalid argument: nothing certified */
    double m = rm_alloc_makespan(n, t, c);
    for (int i = 0; i < n; i++) {
        if (c[i] < 0)
            return 0;
        if (!leq_tol(t[i] * (double)c[i], m, tol) || !leq_tol(m, t[i] * (double)(c[i] + 1), tol))
            return 0;
    }
    return 1;
}

int rm_alloc_is_optimal(int n, const double *t, const long *c, double tol)
{
    if (n < 1 || !t || !c)
        return -1;
    long B = 0;
    for (int i = 0; i < n; i++) {
        if (c[i] < 0)
            return -1;
        B += c[i];
    }
    long *opt = malloc(sizeof(long) * (size_t)n);
    if (!opt)
        return -1;
    int r = -1;
    if (rm_alloc_units(n, t, B, opt, NULL) == RM_OK) {
        double m = rm_alloc_makespan(n, t, c), mo = rm_alloc_makespan(n, t, opt);
        r = leq_tol(m, mo, tol);
    }
    free(opt);
    return r;
}

rm_status rm_alloc_best_upto(int n, const double *t, long u, long *c, long *b_best,
                             rm_error *err)
{
    rm_status st = check_t(n, t, NULL, u, c, "rm_alloc_best_upto", err);
    if (st)
        return st;
    if (u < 1)
        return rm_error_set(err, RM_EINPUT, "allocation: panel bound u = %ld (need >= 1)", u);
    if (u > RM_ALLOC_MAX_REPLAY)
        return rm_error_set(err, RM_ELIMIT,
                            "allocation: panel bound u = %ld, more than the limit of 2^26", u);
    long *cur = calloc((size_t)n, sizeof(long));
    if (!cur)
        return rm_error_set(err, RM_ENOMEM, "allocation: out of memory");
    double best_m = 0.0;
    long best_b = 0;
    for (long b = 1; b <= u; b++) {
        greedy_finish(n, t, NULL, b - 1, b, cur, NULL);
        double m = rm_alloc_makespan(n, t, cur);
        /* cost m / b < best_m / best_b, exactly as cross products */
        if (best_b == 0 || m * (double)best_b < best_m * (double)b) {
            best_m = m;
            best_b = b;
            for (int k = 0; k < n; k++)
                c[k] = cur[k];
        }
    }
    free(cur);
    if (b_best)
        *b_best = best_b;
    return RM_OK;
}

rm_status rm_alloc_round_shares(int n, const double *t, long B, long *c, rm_error *err)
{
    rm_status st = check_t(n, t, NULL, B, c, "rm_alloc_round_shares", err);
    if (st)
        return st;
    double inv = 0.0;
    for (int i = 0; i < n; i++)
        inv += 1.0 / t[i];
    long sum = 0;
    for (int i = 0; i < n; i++) {
        double share = (double)B * (1.0 / t[i]) / inv;
        c[i] = (long)floor(share);
        if (c[i] < 0)
            c[i] = 0;
        sum += c[i];
    }
    while (sum > B) { /* rounding noise: take back from the largest */
        int k = 0;
        for (int i = 1; i < n; i++)
            if (c[i] > c[k])
                k = i;
        c[k]--;
        sum--;
    }
    while (sum < B) { /* one more unit to the largest remainder */
        int k = -1;
        double bestr = -INFINITY;
        for (int i = 0; i < n; i++) {
            double r = (double)B * (1.0 / t[i]) / inv - (double)c[i];
            if (r > bestr) {
                bestr = r;
                k = i;
            }
        }
        c[k]++;
        sum++;
    }
    return RM_OK;
}

rm_status rm_alloc_affine(int n, const double *t, const double *o, long min_units, long B,
                          long *c, rm_error *err)
{
    rm_status st = check_t(n, t, o, B, c, "rm_alloc_affine", err);
    if (st)
        return st;
    if (min_units < 0)
        return rm_error_set(err, RM_EINPUT, "allocation: min_units = %ld (need >= 0)",
                            min_units);
    if ((double)n * (double)min_units > (double)B)
        return rm_error_set(err, RM_EINPUT,
                            "allocation: %ld units cannot give %ld to each of %d processors", B,
                            min_units, n);
    alloc_fast(n, t, o, min_units, B, c);
    return RM_OK;
}

rm_status rm_alloc_columns(int q, const double *w, const double *C, double dc_dw, long N,
                           long min_cols, long *cols, rm_error *err)
{
    if (!w || !cols)
        return rm_error_set(err, RM_EINVAL, "rm_alloc_columns: %s is NULL", !w ? "w" : "cols");
    if (q < 1)
        return rm_error_set(err, RM_EINPUT, "columns: ring size %d (need >= 1)", q);
    if (N < 1)
        return rm_error_set(err, RM_EINPUT, "columns: N = %ld (need >= 1)", N);
    if (!isfinite(dc_dw) || dc_dw < 0)
        return rm_error_set(err, RM_EINPUT, "columns: dc_dw = %g (need finite >= 0)", dc_dw);
    double *t = malloc(sizeof(double) * (size_t)q * 2);
    if (!t)
        return rm_error_set(err, RM_ENOMEM, "columns: out of memory");
    double *o = t + q;
    for (int k = 0; k < q; k++) {
        t[k] = w[k] / (double)N;
        o[k] = (C && dc_dw > 0) ? dc_dw * C[k] : 0.0;
        if (C && !(C[k] >= 0 && isfinite(C[k]))) {
            free(t);
            return rm_error_set(err, RM_EINPUT,
                                "columns: route cost C[%d] = %g (need finite >= 0)", k, C[k]);
        }
    }
    rm_status st = rm_alloc_affine(q, t, o, min_cols, N, cols, err);
    free(t);
    return st;
}

/* The overlap model's cost of position k with c columns (per D_w): the
 * boundary the fraction f of its work or, with beta > 0, min(beta, c/N) of
 * D_w (the absolute boundary). */
static double ov_cost(double c, double w, double N, double d, double f, double beta)
{
    double comp = c * w / N;
    double tail = beta > 0.0 ? d + (c / N < beta ? c / N : beta) * w : d + f * comp;
    return comp > tail ? comp : tail;
}

/* binary min-heap of positions keyed by (cost after one more column, the
 * computation after it, index) */
typedef struct {
    double key, comp;
    int k;
} ov_item;

static int ov_less(const ov_item *a, const ov_item *b)
{
    return a->key < b->key ||
           (a->key == b->key && (a->comp < b->comp || (a->comp == b->comp && a->k < b->k)));
}

static void ov_down(ov_item *h, int n, int i)
{
    for (;;) {
        int l = 2 * i + 1, r = l + 1, s = i;
        if (l < n && ov_less(&h[l], &h[s]))
            s = l;
        if (r < n && ov_less(&h[r], &h[s]))
            s = r;
        if (s == i)
            return;
        ov_item t = h[i];
        h[i] = h[s];
        h[s] = t;
        i = s;
    }
}

/* The greedy's optimum T* = max_k cost_k(cols[k]) kept, its columns
 * spread: each position may take up to cap_k columns, the most whose cost
 * stays <= T* (>= cols[k]; cost_k is nondecreasing, so a binary search),
 * and the N columns are handed out again, each to the position below its cap
 * whose computation after it, c w_k / N, is least (ties to the lowest
 * index): of the allocations whose max cost is T*, one of least max
 * computation. Under the communication floor (cost_k = D_c C_k + boundary
 * whatever the interior) the greedy piles the columns on the positions of
 * the lowest floor up to it (e.g. 164 x 4, 132, 131 x 5 of 1443 columns on
 * 10 equal hosts), which SimGrid and SMPI run 5 % slower than the spread
 * 145 x 3, 144 x 7 (the floor is the model's: in a run the interior is not
 * hidden for free); computation-bound, cost_k is the computation and the
 * columns stay the greedy's. cols is rewritten only when the spread fits
 * (it always does: the greedy's own columns are under the caps); h is
 * scratch of q items. O(q log N + (N - q min_cols) log q). */
static void ov_spread(int q, const double *w, const double *C, const rm_cost_model *m, long N,
                      long min_cols, long *cols, ov_item *h)
{
    double f = m->overlap_boundary, beta = m->overlap_boundary_dw, n = (double)N, t = 0.0;
    for (int k = 0; k < q; k++) {
        double c = ov_cost((double)cols[k], w[k], n, C ? m->dc_dw * C[k] : 0.0, f, beta);
        if (c > t)
            t = c;
    }
    long *cap = malloc((size_t)q * sizeof *cap), have = 0;
    if (!cap)
        return; /* the greedy's columns stay (optimal too) */
    int nh = 0;
    for (int k = 0; k < q; k++) {
        double d = C ? m->dc_dw * C[k] : 0.0;
        long lo = cols[k], hi = N; /* cost(lo) <= t */
        while (lo < hi) {
            long mid = lo + (hi - lo + 1) / 2;
            if (ov_cost((double)mid, w[k], n, d, f, beta) <= t)
                lo = mid;
            else
                hi = mid - 1;
        }
        cap[k] = lo;
        have += min_cols;
        if (cap[k] > min_cols) {
            h[nh].k = k;
            h[nh].comp = h[nh].key = (double)(min_cols + 1) * w[k] / n;
            nh++;
        }
    }
    for (int i = nh / 2 - 1; i >= 0; i--)
        ov_down(h, nh, i);
    long *c2 = malloc((size_t)q * sizeof *c2);
    if (!c2) {
        free(cap);
        return;
    }
    for (int k = 0; k < q; k++)
        c2[k] = min_cols;
    for (; have < N && nh > 0; have++) {
        int k = h[0].k;
        c2[k]++;
        if (c2[k] >= cap[k])
            h[0] = h[--nh];
        else
            h[0].comp = h[0].key = (double)(c2[k] + 1) * w[k] / n;
        ov_down(h, nh, 0);
    }
    if (have == N)
        memcpy(cols, c2, (size_t)q * sizeof *cols);
    free(c2);
    free(cap);
}

rm_status rm_alloc_columns_model(int q, const double *w, const double *C,
                                 const rm_cost_model *m, long N, long min_cols, long *cols,
                                 rm_error *err)
{
    if (!m)
        return rm_error_set(err, RM_EINVAL, "rm_alloc_columns_model: the cost model is NULL");
    rm_status st = rm_cost_model_check(m, err);
    if (st)
        return st;
    if (!m->overlap)
        return rm_alloc_columns(q, w, C, m->dc_dw, N, min_cols, cols, err);
    if (!w || !cols)
        return rm_error_set(err, RM_EINVAL, "rm_alloc_columns_model: %s is NULL",
                            !w ? "w" : "cols");
    if (q < 1)
        return rm_error_set(err, RM_EINPUT, "columns: ring size %d (need >= 1)", q);
    if (N < 1)
        return rm_error_set(err, RM_EINPUT, "columns: N = %ld (need >= 1)", N);
    if (min_cols < 0)
        return rm_error_set(err, RM_EINPUT, "allocation: min_units = %ld (need >= 0)", min_cols);
    if ((double)q * (double)min_cols > (double)N)
        return rm_error_set(err, RM_EINPUT,
                            "allocation: %ld units cannot give %ld to each of %d processors", N,
                            min_cols, q);
    for (int k = 0; k < q; k++) {
        if (!isfinite(w[k]) || !(w[k] > 0))
            return rm_error_set(err, RM_EINPUT, "columns: w[%d] = %g (need finite > 0)", k, w[k]);
        if (C && !(C[k] >= 0 && isfinite(C[k])))
            return rm_error_set(err, RM_EINPUT,
                                "columns: route cost C[%d] = %g (need finite >= 0)", k, C[k]);
    }
    ov_item *h = malloc((size_t)q * sizeof *h);
    if (!h)
        return rm_error_set(err, RM_ENOMEM, "columns: out of memory");
    double f = m->overlap_boundary, beta = m->overlap_boundary_dw, n = (double)N;
    for (int k = 0; k < q; k++) {
        double d = C ? m->dc_dw * C[k] : 0.0;
        cols[k] = min_cols;
        h[k].k = k;
        h[k].key = ov_cost((double)(min_cols + 1), w[k], n, d, f, beta);
        h[k].comp = (double)(min_cols + 1) * w[k] / n;
    }
    for (int i = q / 2 - 1; i >= 0; i--)
        ov_down(h, q, i);
    for (long left = N - (long)q * min_cols; left > 0; left--) {
        int k = h[0].k;
        cols[k]++;
        double d = C ? m->dc_dw * C[k] : 0.0;
        h[0].key = ov_cost((double)(cols[k] + 1), w[k], n, d, f, beta);
        h[0].comp = (double)(cols[k] + 1) * w[k] / n;
        ov_down(h, q, 0);
    }
    ov_spread(q, w, C, m, N, min_cols, cols, h);
    free(h);
    return RM_OK;
}

rm_status rm_alloc_from_alpha(int q, const double *alpha, long N, long *cols, rm_error *err)
{
    if (!alpha || !cols)
        return rm_error_set(err, RM_EINVAL, "rm_alloc_from_alpha: %s is NULL", !alpha ? "alpha" : "cols");
    if (q < 1)
        return rm_error_set(err, RM_EINPUT, "columns: ring size %d (need >= 1)", q);
    if (N < 0)
        return rm_error_set(err, RM_EINPUT, "columns: N = %ld (need >= 0)", N);
    int npos = 0;
    for (int k = 0; k < q; k++) {
        if (!(alpha[k] >= 0) || !isfinite(alpha[k]))
            return rm_error_set(err, RM_EINPUT, "columns: alpha[%d] = %g (need finite >= 0)",
                                k, alpha[k]);
        if (alpha[k] > 0)
            npos++;
    }
    if (npos == 0)
        return rm_error_set(err, RM_EINPUT, "columns: every alpha is 0");
    double *t = malloc(sizeof(double) * (size_t)npos);
    long *cp = malloc(sizeof(long) * (size_t)npos);
    if (!t || !cp) {
        free(t);
        free(cp);
        return rm_error_set(err, RM_ENOMEM, "columns: out of memory");
    }
    for (int k = 0, j = 0; k < q; k++)
        if (alpha[k] > 0)
            t[j++] = 1.0 / alpha[k];
    rm_status st = rm_alloc_units(npos, t, N, cp, err);
    if (st == RM_OK)
        for (int k = 0, j = 0; k < q; k++)
            cols[k] = alpha[k] > 0 ? cp[j++] : 0;
    free(t);
    free(cp);
    return st;
}
