/*
 * index.c — the index poset of seed 003 §2.3: maximal alive matrices from
 * the dead ones (Prop. 20 and the incremental algorithm of Example 21),
 * connected components (Def. 14, Prop. 15) and a representative
 * interleaving per component (end of §2.5).
 */
#include <stdlib.h>
#include <string.h>

#include "../core/util.h"
#include "spaces.h"

static uint64_t *mat_push(rv_matset *s)
{
    if (s->count == s->cap) {
        s->cap = s->cap ? 2 * s->cap : 64;
        s->m = rv_xrealloc(s->m, s->cap * (size_t)s->l * sizeof *s->m);
    }
    return rv_mat(s, s->count++);
}

void rv_matset_free(rv_matset *s)
{
    free(s->m);
    memset(s, 0, sizeof *s);
}

/* Which bits of dead matrix d (columns c[]) M lacks: returns how many (0,
 * 1 or 2 meaning "two or more") and the column of the first. */
static int lacking(const int16_t *c, int n, const uint64_t *M, int *first)
{
    int k = 0;
    for (int j = 0; j < n; j++) {
        if (c[j] < 0 || (M[c[j]] >> j & 1)) continue;
        if (k++ == 0)
            *first = j;
        else
            return 2;
    }
    return k;
}

static bool leq(const uint64_t *a, const uint64_t *b, int l)
{
    for (int i = 0; i < l; i++)
        if (a[i] & ~b[i]) return false;
    return true;
}

/*
 * One step of Example 21 for dead matrix d: every M >= d leaves C and is
 * replaced by its children M - (i_j, j) for the 1s of d, keeping a child
 * only if its row stays non-zero (rule 2': M^R) and no survivor is above
 * it.  C stays an antichain, which makes two shortcuts exact: children never
 * dominate each other (for M1 != M2 both >= d, M1 - b1 <= M2 - b2 forces
 * b1 = b2 and M1 <= M2), and a survivor S above a child M - b must lack
 * exactly the bit b of d.
 */
static void refine(rv_matset *C, const int16_t *d, int n, rv_matset *hits, uint64_t *tmp,
                   size_t **cand, size_t *ncand, size_t *capcand)
{
    int l = C->l;
    hits->count = 0;
    for (int j = 0; j < n; j++) ncand[j] = 0;
    size_t w = 0;
    for (size_t k = 0; k < C->count; k++) {
        uint64_t *M = rv_mat(C, k);
        int b = -1;
        int lack = lacking(d, n, M, &b);
        if (lack == 0) {
            memcpy(mat_push(hits), M, (size_t)l * sizeof *M);
            continue;
        }
        if (lack == 1) {
            if (ncand[b] == capcand[b]) {
                capcand[b] = capcand[b] ? 2 * capcand[b] : 16;
                cand[b] = rv_xrealloc(cand[b], capcand[b] * sizeof **cand);
            }
            cand[b][ncand[b]++] = w;
        }
        if (w != k) memcpy(rv_mat(C, w), M, (size_t)l * sizeof *M);
        w++;
    }
    C->count = w;
    if (!hits->count) return;
    for (size_t h = 0; h < hits->count; h++) {
        const uint64_t *M = rv_mat(hits, h);
        for (int j = 0; j < n; j++) {
            int i = d[j];
            if (i < 0) continue;
            if (!(M[i] & ~(1ull << j))) continue; /* row i would become 0 */
            memcpy(tmp, M, (size_t)l * sizeof *tmp);
            tmp[i] &= ~(1ull << j);
            bool dominated = false;
            for (size_t c = 0; c < ncand[j] && !dominated; c++)
                dominated = leq(tmp, rv_mat(C, cand[j][c]), l);
            if (!dominated) memcpy(mat_push(C), tmp, (size_t)l * sizeof *tmp);
        }
    }
}

int rv_sp_alive(const rv_space *s, const rv_deadset *d, rv_matset *out, double deadline,
                size_t max_alive)
{
    int l = s->l, n = s->n;
    memset(out, 0, sizeof *out);
    out->l = l;
    /* C_0 = {B}: B(i, j) = [lo_ij > 0]; with l = 0 the empty matrix. */
    uint64_t *B = mat_push(out);
    for (int i = 0; i < l; i++) {
        B[i] = 0;
        for (int j = 0; j < n; j++)
            if (s->lo[i * n + j] > 0) B[i] |= 1ull << j;
    }
    rv_matset hits = {.l = l};
    uint64_t *tmp = rv_xmalloc((size_t)l * sizeof *tmp + 8);
    size_t **cand = rv_xcalloc((size_t)n + 1, sizeof *cand);
    size_t *ncand = rv_xcalloc((size_t)n + 1, sizeof *ncand);
    size_t *capcand = rv_xcalloc((size_t)n + 1, sizeof *capcand);
    int rc = 0;
    for (size_t k = 0; k < d->count; k++) {
        refine(out, d->col + k * (size_t)n, n, &hits, tmp, cand, ncand, capcand);
        if ((max_alive && out->count > max_alive) || (deadline && rv_now() > deadline)) {
            rc = -1;
            break;
        }
    }
    for (int j = 0; j < n; j++) free(cand[j]);
    free(cand);
    free(ncand);
    free(capcand);
    free(tmp);
    rv_matset_free(&hits);
    return rc;
}

/* ---- connected components ---- */

static uint32_t uf_find(uint32_t *p, uint32_t x)
{
    while (p[x] != x) {
        p[x] = p[p[x]];
        x = p[x];
    }
    return x;
}

/* Def. 14: connected when M ∧ N has no zero row. */
static bool connected(const uint64_t *a, const uint64_t *b, int l)
{
    for (int i = 0; i < l; i++)
        if (!(a[i] & b[i])) return false;
    return true;
}

/* Σ over matrices of ∏ over rows of popcount(row), saturated at cap. */
static size_t selections(const rv_matset *c, size_t cap)
{
    size_t total = 0;
    for (size_t k = 0; k < c->count && total <= cap; k++) {
        size_t prod = 1;
        for (int i = 0; i < c->l && prod <= cap; i++)
            prod *= (size_t)__builtin_popcountll(rv_mat(c, k)[i]);
        total += prod;
    }
    return total;
}

/* Open-addressing map from a selection (one column per row, l bytes) to
 * the first matrix containing it. */
typedef struct selmap {
    size_t cap, used;
    int l;
    unsigned char *keys; /* cap * l */
    uint32_t *val;       /* UINT32_MAX = empty */
} selmap;

static void selmap_init(selmap *m, size_t expect, int l)
{
    m->cap = 16;
    while (m->cap < 2 * expect) m->cap *= 2;
    m->l = l;
    m->used = 0;
    m->keys = rv_xmalloc(m->cap * (size_t)l);
    m->val = rv_xmalloc(m->cap * sizeof *m->val);
    for (size_t k = 0; k < m->cap; k++) m->val[k] = UINT32_MAX;
}

/* Returns the matrix already stored for key, or stores v and returns v. */
static uint32_t selmap_get_or_put(selmap *m, const unsigned char *key, uint32_t v)
{
    rv_hash128 h = rv_hash(key, (size_t)m->l);
    size_t k = (size_t)h.lo & (m->cap - 1);
    while (m->val[k] != UINT32_MAX) {
        if (!memcmp(m->keys + k * (size_t)m->l, key, (size_t)m->l)) return m->val[k];
        k = (k + 1) & (m->cap - 1);
    }
    memcpy(m->keys + k * (size_t)m->l, key, (size_t)m->l);
    m->val[k] = v;
    m->used++;
    return v;
}

static void uf_union(uint32_t *par, uint32_t a, uint32_t b)
{
    uint32_t ra = uf_find(par, a), rb = uf_find(par, b);
    if (ra != rb) par[ra < rb ? rb : ra] = ra < rb ? ra : rb;
}

/* M and N are connected iff they share one 1 in every row, i.e. contain a
 * common "selection" (a matrix with exactly one 1 per row).  Enumerate the
 * selections of every matrix and union matrices meeting on one: linear in
 * the number of selections. */
static void components_by_selection(const rv_matset *c, uint32_t *par, size_t total)
{
    int l = c->l;
    selmap map;
    selmap_init(&map, total, l);
    unsigned char *key = rv_xmalloc((size_t)l);
    uint64_t *rest = rv_xmalloc((size_t)l * sizeof *rest);
    for (size_t k = 0; k < c->count; k++) {
        const uint64_t *M = rv_mat(c, k);
        /* odometer over the bits of each row */
        for (int i = 0; i < l; i++) {
            rest[i] = M[i];
            key[i] = (unsigned char)__builtin_ctzll(M[i]);
        }
        for (;;) {
            uf_union(par, (uint32_t)k, selmap_get_or_put(&map, key, (uint32_t)k));
            int i = l - 1;
            for (; i >= 0; i--) {
                rest[i] &= rest[i] - 1; /* drop the current lowest bit */
                if (rest[i]) {
                    key[i] = (unsigned char)__builtin_ctzll(rest[i]);
                    break;
                }
                rest[i] = M[i];
                key[i] = (unsigned char)__builtin_ctzll(M[i]);
            }
            if (i < 0) break;
        }
    }
    free(key);
    free(rest);
    free(map.keys);
    free(map.val);
}

/* Pairwise test, for matrices with too many selections: connected
 * matrices share a 1 in every row, so bucket by the row whose buckets are
 * smallest (Σ size²) and compare within buckets only. */
static void components_pairwise(const rv_matset *c, int n, uint32_t *par)
{
    size_t m = c->count;
    int l = c->l;
    size_t *cnt = rv_xcalloc((size_t)n, sizeof *cnt);
    int best = 0;
    double bestcost = -1;
    for (int i = 0; i < l; i++) {
        memset(cnt, 0, (size_t)n * sizeof *cnt);
        for (size_t k = 0; k < m; k++)
            for (uint64_t r = rv_mat(c, k)[i]; r; r &= r - 1) cnt[__builtin_ctzll(r)]++;
        double cost = 0;
        for (int j = 0; j < n; j++) cost += (double)cnt[j] * (double)cnt[j];
        if (bestcost < 0 || cost < bestcost) {
            bestcost = cost;
            best = i;
        }
    }
    size_t *idx = rv_xmalloc(m * sizeof *idx + 1);
    for (int j = 0; j < n; j++) {
        size_t b = 0;
        for (size_t k = 0; k < m; k++)
            if (rv_mat(c, k)[best] >> j & 1) idx[b++] = k;
        for (size_t x = 0; x < b; x++)
            for (size_t y = x + 1; y < b; y++) {
                uint32_t rx = uf_find(par, (uint32_t)idx[x]), ry = uf_find(par, (uint32_t)idx[y]);
                if (rx == ry || !connected(rv_mat(c, idx[x]), rv_mat(c, idx[y]), l)) continue;
                par[rx < ry ? ry : rx] = rx < ry ? rx : ry;
            }
    }
    free(idx);
    free(cnt);
}

size_t rv_sp_components(const rv_matset *c, int n, uint32_t *comp)
{
    return rv_sp_components_with(c, n, comp, 16 * c->count + (1u << 20));
}

size_t rv_sp_components_with(const rv_matset *c, int n, uint32_t *comp, size_t budget)
{
    size_t m = c->count;
    if (m == 0) return 0;
    uint32_t *par = rv_xmalloc(m * sizeof *par);
    for (size_t k = 0; k < m; k++) par[k] = (uint32_t)k;
    if (c->l > 0) {
        size_t total = selections(c, budget);
        /* With one selection per matrix (one 1 per row) nothing is to be
         * done: C is an antichain, so the matrices are distinct and no two
         * are connected. */
        if (total != m && total <= budget)
            components_by_selection(c, par, total);
        else if (total != m)
            components_pairwise(c, n, par);
    } else {
        for (size_t k = 1; k < m; k++) par[k] = 0;
    }
    /* Number components by their first matrix. */
    size_t nc = 0;
    uint32_t *num = rv_xmalloc(m * sizeof *num);
    for (size_t k = 0; k < m; k++) num[k] = UINT32_MAX;
    for (size_t k = 0; k < m; k++) {
        uint32_t r = uf_find(par, (uint32_t)k);
        if (num[r] == UINT32_MAX) num[r] = (uint32_t)nc++;
        comp[k] = num[r];
    }
    free(num);
    free(par);
    return nc;
}

/* ---- representatives ---- */

/* May process j move from k[j] to k[j] + 1 in X_M?  Blocked when the new
 * point lies in an extended rectangle E_ij with M(i, j') = 1. */
static bool may_move(const rv_space *s, const uint64_t *M, const int *k, int j)
{
    int n = s->n;
    if (k[j] == s->len[j]) return false;
    for (int i = 0; i < s->l; i++) {
        const int *lo = s->lo + (size_t)i * (size_t)n, *hi = s->hi + (size_t)i * (size_t)n;
        for (uint64_t r = M[i]; r; r &= r - 1) {
            int jj = __builtin_ctzll(r);
            bool in = true;
            for (int t = 0; t < n && in; t++) {
                int v = t == j ? k[t] + 1 : k[t];
                in = t == jj ? (lo[t] <= v && v <= hi[t]) : v <= hi[t];
            }
            if (in) return false;
        }
    }
    return true;
}

int rv_sp_path(const rv_space *s, const uint64_t *M, int *out)
{
    int n = s->n, total = 0, steps = 0;
    int *k = rv_xcalloc((size_t)n + 1, sizeof *k);
    for (int j = 0; j < n; j++) total += s->len[j];
    while (steps < total) {
        int j = 0;
        while (j < n && !may_move(s, M, k, j)) j++;
        if (j == n) break;
        k[j]++;
        out[steps++] = j;
    }
    free(k);
    return steps == total ? 0 : -1;
}

/* ---- schedulings of linear processes ---- */

int rv_sp_schedulings(int n, const rv_pv_path *const *proc, int nres, const int *cap,
                      bool want_reps, double deadline, rv_sp_result *res)
{
    memset(res, 0, sizeof *res);
    rv_space *s = rv_space_build(n, proc, nres, cap);
    for (int j = 0; j < n; j++) res->total_len += s->len[j];
    rv_deadset d;
    rv_matset c = {0};
    int rc = rv_sp_dead(s, &d, true, deadline, 0);
    res->dead = d.count;
    if (rc == 0) rc = rv_sp_alive(s, &d, &c, deadline, 0);
    if (rc != 0) {
        res->limit = true;
    } else {
        res->alive = c.count;
        uint32_t *comp = rv_xmalloc(c.count * sizeof *comp + 1);
        res->schedulings = rv_sp_components(&c, n, comp);
        if (want_reps) {
            res->reps = rv_xcalloc(res->schedulings + 1, sizeof *res->reps);
            for (size_t k = 0; k < c.count; k++) {
                if (res->reps[comp[k]]) continue;
                int *p = rv_xmalloc((size_t)res->total_len * sizeof *p + 1);
                if (rv_sp_path(s, rv_mat(&c, k), p) != 0) res->stuck = true;
                res->reps[comp[k]] = p;
            }
        }
        free(comp);
    }
    rv_matset_free(&c);
    rv_deadset_free(&d);
    rv_space_free(s);
    return rc;
}

void rv_sp_result_free(rv_sp_result *r)
{
    if (r->reps)
        for (uint64_t k = 0; k < r->schedulings; k++) free(r->reps[k]);
    free(r->reps);
    r->reps = NULL;
}
