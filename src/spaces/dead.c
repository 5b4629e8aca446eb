/*
 * dead.c — dead matrices by the pruned column-by-column search of seed 003
 * §2.5, Fig. 1, with the discrete conditions of spaces.h.
 *
 * A matrix with at most one 1 per column, at row i_j for the non-null
 * columns T, rows R = {i_j}, is dead (§2.3 Prop. 17, §2.4 eq. 10) when
 *   (9)  for j in T:      lo[i_j][j] <= min_{i in R} hi[i][j] + 1
 *        (x < y^R of the paper: process j waits at lo - 1 for some other
 *        process to pass R's upper bounds, and none ever can), and
 *   (10) for j not in T:  min_{i in R} hi[i][j] = len[j]
 *        (a finished process j releases none of the waiters),
 * with T non-empty and lo[i_j][j] > 0 (B(i_j, j) = 1).  Every dead matrix
 * of M^R dominates one of these (a reachable deadlock z yields one: the
 * blocked processes are T, each blocked by one wall), so they are enough
 * for Prop. 20.  ymin[j] = min_{i in R} hi[i][j] only decreases as R grows,
 * which gives the pruning: a failed check never recovers.
 */
#include <stdlib.h>
#include <string.h>

#include "../core/util.h"
#include "spaces.h"

typedef struct search {
    const rv_space *s;
    int n, l;
    int16_t *col; /* current assignment of columns [0, j) */
    int *ymin;    /* (n + 1) x n: ymin at each depth */
    int *rowcnt;  /* how many columns chose each row */
    int *minlo;   /* per column: least positive lo, or INT_MAX-ish */
    rv_deadset *out;
    double deadline;
    size_t max_dead;
    unsigned long ticks;
    bool stop;
    bool minimal; /* prune subtrees above an already found dead matrix */
} search;

/* With minimal set: is the assignment of columns [0, j) already above a
 * found dead matrix whose non-null columns all lie in [0, j)?  Then every
 * completion is non-minimal and the subtree is skipped.  Only the first
 * PRUNE_CHECK found matrices are consulted (the check is per node). */
#define PRUNE_CHECK 256
static bool covered(const search *q, int j)
{
    const rv_deadset *d = q->out;
    size_t m = d->count < PRUNE_CHECK ? d->count : PRUNE_CHECK;
    for (size_t k = 0; k < m; k++) {
        const int16_t *c = d->col + k * (size_t)q->n;
        int t = 0;
        while (t < q->n && (c[t] < 0 || (t < j && c[t] == q->col[t]))) t++;
        if (t == q->n) return true;
    }
    return false;
}

static void push_dead(search *q)
{
    rv_deadset *d = q->out;
    if (d->count == d->cap) {
        d->cap = d->cap ? 2 * d->cap : 64;
        d->col = rv_xrealloc(d->col, d->cap * (size_t)q->n * sizeof *d->col);
    }
    memcpy(d->col + d->count * (size_t)q->n, q->col, (size_t)q->n * sizeof *q->col);
    d->count++;
    if (q->max_dead && d->count > q->max_dead) q->stop = true;
}

/* Conditions (9)/(10) on columns [0, upto) and feasibility of the columns
 * after `upto` under the bounds y. */
static bool consistent(const search *q, const int *y, int upto)
{
    const rv_space *s = q->s;
    int n = q->n;
    for (int j = 0; j < upto; j++) {
        int r = q->col[j];
        if (r < 0 ? y[j] != s->len[j] : s->lo[r * n + j] > y[j] + 1) return false;
    }
    for (int j = upto; j < n; j++)
        if (y[j] != s->len[j] && q->minlo[j] > y[j] + 1) return false;
    return true;
}

static void dead_col(search *q, int j)
{
    if (q->stop) return;
    if ((++q->ticks & 0xffff) == 0 && q->deadline && rv_now() > q->deadline) {
        q->stop = true;
        return;
    }
    const rv_space *s = q->s;
    int n = q->n;
    const int *y = q->ymin + (size_t)j * (size_t)n;
    int *y2 = q->ymin + (size_t)(j + 1) * (size_t)n;
    if (q->minimal && j > 0 && q->col[j - 1] >= 0 && covered(q, j)) return;
    if (j == n) {
        for (int t = 0; t < n; t++)
            if (q->col[t] >= 0) {
                push_dead(q);
                return;
            }
        return;
    }
    /* null column: (10) must already hold, it can only get worse */
    if (y[j] == s->len[j]) {
        q->col[j] = -1;
        memcpy(y2, y, (size_t)n * sizeof *y);
        dead_col(q, j + 1);
    }
    for (int i = 0; i < q->l && !q->stop; i++) {
        int lo = s->lo[i * n + j];
        if (lo == 0) continue; /* B(i, j) = 0 */
        q->col[j] = (int16_t)i;
        if (q->rowcnt[i]) {
            /* R unchanged ("changed_rows" false in Fig. 1): only (9) for j */
            if (lo > y[j] + 1) continue;
            memcpy(y2, y, (size_t)n * sizeof *y);
        } else {
            const int *hi = s->hi + (size_t)i * (size_t)n;
            for (int t = 0; t < n; t++) y2[t] = hi[t] < y[t] ? hi[t] : y[t];
            if (!consistent(q, y2, j + 1)) continue;
        }
        q->rowcnt[i]++;
        dead_col(q, j + 1);
        q->rowcnt[i]--;
    }
}

int rv_sp_dead(const rv_space *s, rv_deadset *out, bool minimal, double deadline, size_t max_dead)
{
    int n = s->n, l = s->l;
    memset(out, 0, sizeof *out);
    out->n = n;
    if (l == 0 || n == 0) return 0;
    if (l > INT16_MAX) return -1; /* rows are stored as int16_t */
    search q = {.s = s,
                .n = n,
                .l = l,
                .out = out,
                .deadline = deadline,
                .max_dead = max_dead,
                .minimal = minimal};
    q.col = rv_xcalloc((size_t)n, sizeof *q.col);
    q.ymin = rv_xmalloc((size_t)(n + 1) * (size_t)n * sizeof *q.ymin);
    q.rowcnt = rv_xcalloc((size_t)l, sizeof *q.rowcnt);
    q.minlo = rv_xmalloc((size_t)n * sizeof *q.minlo);
    for (int j = 0; j < n; j++) {
        q.ymin[j] = s->len[j]; /* y^∅ = ∞ */
        q.minlo[j] = 1 << 30;
        for (int i = 0; i < l; i++) {
            int lo = s->lo[i * n + j];
            if (lo > 0 && lo < q.minlo[j]) q.minlo[j] = lo;
        }
    }
    dead_col(&q, 0);
    if (minimal && !q.stop) rv_sp_dead_minimize(out);
    free(q.col);
    free(q.ymin);
    free(q.rowcnt);
    free(q.minlo);
    return q.stop ? -1 : 0;
}

void rv_deadset_free(rv_deadset *d)
{
    free(d->col);
    memset(d, 0, sizeof *d);
}

bool rv_sp_has_dead_below(const rv_deadset *d, const uint64_t *M)
{
    int n = d->n;
    for (size_t k = 0; k < d->count; k++) {
        const int16_t *c = d->col + k * (size_t)n;
        int j = 0;
        while (j < n && (c[j] < 0 || (M[c[j]] >> j & 1))) j++;
        if (j == n) return true;
    }
    return false;
}

/* Is dead matrix a (columns ca) <= dead matrix b (cb)? */
static bool dead_leq(const int16_t *ca, const int16_t *cb, int n)
{
    for (int j = 0; j < n; j++)
        if (ca[j] >= 0 && ca[j] != cb[j]) return false;
    return true;
}

size_t rv_sp_dead_minimize(rv_deadset *d)
{
    int n = d->n;
    size_t m = d->count;
    if (m == 0) return 0;
    /* Counting sort by number of non-null columns: a matrix can only be
     * above matrices with fewer 1s. */
    size_t *bucket = rv_xcalloc((size_t)n + 2, sizeof *bucket);
    int *ones = rv_xmalloc(m * sizeof *ones);
    for (size_t k = 0; k < m; k++) {
        const int16_t *c = d->col + k * (size_t)n;
        int o = 0;
        for (int j = 0; j < n; j++) o += c[j] >= 0;
        ones[k] = o;
        bucket[o + 1]++;
    }
    for (int o = 1; o <= n + 1; o++) bucket[o] += bucket[o - 1];
    size_t *order = rv_xmalloc(m * sizeof *order);
    for (size_t k = 0; k < m; k++) order[bucket[ones[k]]++] = k;
    int16_t *keep = rv_xmalloc(m * (size_t)n * sizeof *keep);
    size_t nk = 0;
    for (size_t x = 0; x < m; x++) {
        const int16_t *c = d->col + order[x] * (size_t)n;
        bool above = false;
        for (size_t y = 0; y < nk && !above; y++) above = dead_leq(keep + y * (size_t)n, c, n);
        if (!above) memcpy(keep + nk++ * (size_t)n, c, (size_t)n * sizeof *c);
    }
    free(d->col);
    d->col = keep;
    d->count = nk;
    d->cap = m;
    free(order);
    free(ones);
    free(bucket);
    return nk;
}
