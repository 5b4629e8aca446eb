/*
 * space.c — the geometric semantics of linear PV processes as forbidden
 * rectangles in a grid (seed 003 §1.4, §2.1, §2.4); see spaces.h.
 */
#include <stdlib.h>
#include <string.h>

#include "../core/util.h"
#include "spaces.h"

typedef struct rect_list {
    int n, count, cap;
    int *lo, *hi;
} rect_list;

static void push_rect(rect_list *r, const int *lo, const int *hi)
{
    if (r->count == r->cap) {
        r->cap = r->cap ? 2 * r->cap : 16;
        r->lo = rv_xrealloc(r->lo, (size_t)r->cap * (size_t)r->n * sizeof *r->lo);
        r->hi = rv_xrealloc(r->hi, (size_t)r->cap * (size_t)r->n * sizeof *r->hi);
    }
    memcpy(r->lo + (size_t)r->count * (size_t)r->n, lo, (size_t)r->n * sizeof *lo);
    memcpy(r->hi + (size_t)r->count * (size_t)r->n, hi, (size_t)r->n * sizeof *hi);
    r->count++;
}

/* Holding profile of one process for one resource: h[k] for k in [0, len]. */
typedef struct profile {
    int len, maxh;
    int *h;
} profile;

static profile make_profile(const rv_pv_path *p, int res)
{
    profile f = {.len = p->n, .h = rv_xcalloc((size_t)p->n + 1, sizeof(int))};
    for (int k = 1; k <= p->n; k++) {
        const rv_pv_op *o = &p->op[k - 1];
        f.h[k] = f.h[k - 1] + (o->res == res ? (o->is_p ? 1 : -1) : 0);
        if (f.h[k] > f.maxh) f.maxh = f.h[k];
    }
    return f;
}

/* The maximal integer intervals where f.h >= c (c = 0: the whole line). */
static int level_intervals(const profile *f, int c, int *lo, int *hi)
{
    int m = 0;
    for (int k = 0; k <= f->len; k++) {
        if (f->h[k] < c) continue;
        int s = k;
        while (k + 1 <= f->len && f->h[k + 1] >= c) k++;
        lo[m] = s;
        hi[m] = k;
        m++;
    }
    return m;
}

typedef struct gen {
    int n;
    const profile *prof;
    int *c;           /* units per process in the current split */
    int **ilo, **ihi; /* intervals per process for level c[j] */
    int *icount;
    int *lo, *hi; /* rectangle being built */
    rect_list *out;
} gen;

/* All products of one interval per dimension (product of unions). */
static void products(gen *g, int j)
{
    if (j == g->n) {
        push_rect(g->out, g->lo, g->hi);
        return;
    }
    for (int t = 0; t < g->icount[j]; t++) {
        g->lo[j] = g->ilo[j][t];
        g->hi[j] = g->ihi[j][t];
        products(g, j + 1);
    }
}

/* Splits `left` units among processes j.. (c_j <= maxh_j); each split
 * Σ c_j = cap + 1 gives the forbidden set ∏_j {k : h_j(k) >= c_j}. */
static void splits(gen *g, int j, int left)
{
    if (j == g->n) {
        if (left) return;
        for (int t = 0; t < g->n; t++)
            g->icount[t] = level_intervals(&g->prof[t], g->c[t], g->ilo[t], g->ihi[t]);
        products(g, 0);
        return;
    }
    int rest = 0;
    for (int t = j + 1; t < g->n; t++) rest += g->prof[t].maxh;
    for (int c = 0; c <= g->prof[j].maxh && c <= left; c++) {
        if (left - c > rest) continue;
        g->c[j] = c;
        splits(g, j + 1, left - c);
    }
}

static bool contained(const rect_list *r, int a, int b)
{
    const int *la = r->lo + (size_t)a * (size_t)r->n, *ha = r->hi + (size_t)a * (size_t)r->n;
    const int *lb = r->lo + (size_t)b * (size_t)r->n, *hb = r->hi + (size_t)b * (size_t)r->n;
    for (int j = 0; j < r->n; j++)
        if (la[j] < lb[j] || ha[j] > hb[j]) return false;
    return true;
}

rv_space *rv_space_build(int n, const rv_pv_path *const *proc, int nres, const int *cap)
{
    rect_list all = {.n = n};
    profile *prof = rv_xcalloc((size_t)n + 1, sizeof *prof);
    gen g = {.n = n, .prof = prof, .out = &all};
    g.c = rv_xcalloc((size_t)n + 1, sizeof *g.c);
    g.icount = rv_xcalloc((size_t)n + 1, sizeof *g.icount);
    g.lo = rv_xcalloc((size_t)n + 1, sizeof *g.lo);
    g.hi = rv_xcalloc((size_t)n + 1, sizeof *g.hi);
    g.ilo = rv_xcalloc((size_t)n + 1, sizeof *g.ilo);
    g.ihi = rv_xcalloc((size_t)n + 1, sizeof *g.ihi);
    for (int j = 0; j < n; j++) {
        g.ilo[j] = rv_xcalloc((size_t)proc[j]->n + 2, sizeof(int));
        g.ihi[j] = rv_xcalloc((size_t)proc[j]->n + 2, sizeof(int));
    }
    for (int a = 0; a < nres; a++) {
        int total = 0;
        for (int j = 0; j < n; j++) {
            prof[j] = make_profile(proc[j], a);
            total += prof[j].maxh;
        }
        if (total > cap[a]) splits(&g, 0, cap[a] + 1);
        for (int j = 0; j < n; j++) free(prof[j].h);
    }
    /* Keep rectangles not contained in another (the first of equal ones). */
    rv_space *s = rv_xcalloc(1, sizeof *s);
    s->n = n;
    s->len = rv_xcalloc((size_t)n + 1, sizeof *s->len);
    for (int j = 0; j < n; j++) s->len[j] = proc[j]->n;
    s->lo = rv_xmalloc((size_t)all.count * (size_t)n * sizeof(int) + 1);
    s->hi = rv_xmalloc((size_t)all.count * (size_t)n * sizeof(int) + 1);
    for (int a = 0; a < all.count; a++) {
        bool drop = false;
        for (int b = 0; b < all.count && !drop; b++)
            if (b != a && contained(&all, a, b) && (!contained(&all, b, a) || b < a)) drop = true;
        if (drop) continue;
        memcpy(s->lo + (size_t)s->l * (size_t)n, all.lo + (size_t)a * (size_t)n,
               (size_t)n * sizeof(int));
        memcpy(s->hi + (size_t)s->l * (size_t)n, all.hi + (size_t)a * (size_t)n,
               (size_t)n * sizeof(int));
        s->l++;
    }
    for (int j = 0; j < n; j++) {
        free(g.ilo[j]);
        free(g.ihi[j]);
    }
    free(g.ilo);
    free(g.ihi);
    free(g.c);
    free(g.icount);
    free(g.lo);
    free(g.hi);
    free(prof);
    free(all.lo);
    free(all.hi);
    return s;
}

void rv_space_free(rv_space *s)
{
    if (!s) return;
    free(s->len);
    free(s->lo);
    free(s->hi);
    free(s);
}

bool rv_space_forbidden(const rv_space *s, const int *k)
{
    for (int i = 0; i < s->l; i++) {
        const int *lo = s->lo + (size_t)i * (size_t)s->n, *hi = s->hi + (size_t)i * (size_t)s->n;
        int j = 0;
        while (j < s->n && lo[j] <= k[j] && k[j] <= hi[j]) j++;
        if (j == s->n) return true;
    }
    return false;
}
