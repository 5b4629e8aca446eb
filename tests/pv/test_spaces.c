/*
 * test_spaces.c — trace spaces against ground truth.
 *
 *  - the paper's examples and dining philosophers (2^n - 2, seed 003 §2.6);
 *  - Prop. 17/20 on random small spaces: a matrix is alive (grid
 *    reachability in X_M, written here from the definition of E_ij) iff no
 *    dead matrix is below it; rv_sp_alive = maximal alive matrices with
 *    non-zero rows (brute force over all matrices <= B);
 *  - schedulings = dihomotopy classes of total paths (§1.3), by brute
 *    force: all total grid paths, united along filled squares; the
 *    representatives are valid total paths in pairwise distinct classes;
 *  - capacity 1: schedulings = Mazurkiewicz traces (under rv_dependent) of
 *    complete executions of the PV backend, by DFS over all executions.
 * Usage: test_spaces [random programs per cross-check]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backends/pv/pv.h"
#include "core/util.h"
#include "randpv.h"
#include "spaces/spaces.h"

static int failures;
#define CHECK(name, cond, ...)                                                                     \
    do {                                                                                           \
        if (cond)                                                                                  \
            printf("PASS %s\n", name);                                                             \
        else {                                                                                     \
            printf("FAIL %s: ", name);                                                             \
            printf(__VA_ARGS__);                                                                   \
            printf("\n");                                                                          \
            failures++;                                                                            \
        }                                                                                          \
    } while (0)

/* ---- programs and branch combinations ---- */

typedef struct combos {
    int n;
    rv_pv_path **paths;
    long *np, *pick;
    const rv_pv_path **proc;
} combos;

static void combos_init(combos *c, const rv_pv_prog *p)
{
    c->n = p->nthreads;
    c->paths = calloc((size_t)c->n, sizeof *c->paths);
    c->np = calloc((size_t)c->n, sizeof *c->np);
    c->pick = calloc((size_t)c->n, sizeof *c->pick);
    c->proc = calloc((size_t)c->n, sizeof *c->proc);
    for (int t = 0; t < c->n; t++) c->np[t] = rv_pv_paths(p->thread[t], 1000, &c->paths[t]);
    for (int t = 0; t < c->n; t++) c->proc[t] = &c->paths[t][0];
}

static bool combos_next(combos *c)
{
    int t = c->n - 1;
    while (t >= 0 && ++c->pick[t] == c->np[t]) c->pick[t--] = 0;
    for (int u = 0; u < c->n; u++) c->proc[u] = &c->paths[u][c->pick[u]];
    return t >= 0;
}

static void combos_free(combos *c)
{
    for (int t = 0; t < c->n; t++) rv_pv_paths_free(c->paths[t], c->np[t]);
    free(c->paths);
    free(c->np);
    free(c->pick);
    free(c->proc);
}

static rv_pv_prog *parse(const char *text)
{
    char err[256];
    rv_pv_prog *p = rv_pv_parse("test.pv", text, err, sizeof err);
    if (!p) printf("# parse error: %s\n", err);
    return p;
}

/* Schedulings summed over branch combinations. */
static int64_t schedulings(const char *text)
{
    rv_pv_prog *p = parse(text);
    if (!p) return -1;
    combos c;
    combos_init(&c, p);
    int64_t total = 0;
    do {
        rv_sp_result r;
        if (rv_sp_schedulings(c.n, c.proc, p->nres, p->cap, false, 0, &r) != 0) total = -1000000;
        total += (int64_t)r.schedulings;
        rv_sp_result_free(&r);
    } while (combos_next(&c));
    combos_free(&c);
    rv_pv_free(p);
    return total;
}

/* ---- brute force: dihomotopy classes of total paths (§1.3) ---- */

typedef struct grid {
    int n, nres;
    const rv_pv_path *const *proc;
    const int *cap;
    int total;
} grid;

/* Units of each resource held at point k, straight from the ops. */
static bool allowed(const grid *g, const int *k)
{
    for (int a = 0; a < g->nres; a++) {
        int h = 0;
        for (int j = 0; j < g->n; j++)
            for (int s = 0; s < k[j]; s++)
                if (g->proc[j]->op[s].res == a) h += g->proc[j]->op[s].is_p ? 1 : -1;
        if (h > g->cap[a]) return false;
    }
    return true;
}

typedef struct pathset {
    int len;
    size_t count, cap;
    unsigned char *seq; /* count * len */
    size_t hcap;
    uint32_t *slot; /* hash table of indices + 1 */
} pathset;

static size_t ps_find(const pathset *s, const unsigned char *q)
{
    rv_hash128 h = rv_hash(q, (size_t)s->len);
    size_t k = h.lo & (s->hcap - 1);
    while (s->slot[k]) {
        if (!memcmp(s->seq + (size_t)(s->slot[k] - 1) * (size_t)s->len, q, (size_t)s->len))
            return k;
        k = (k + 1) & (s->hcap - 1);
    }
    return k;
}

static void ps_add(pathset *s, const unsigned char *q)
{
    if (2 * (s->count + 1) > s->hcap) {
        size_t oc = s->hcap;
        uint32_t *old = s->slot;
        s->hcap = oc ? 2 * oc : 1024;
        s->slot = calloc(s->hcap, sizeof *s->slot);
        for (size_t k = 0; k < oc; k++)
            if (old[k])
                s->slot[ps_find(s, s->seq + (size_t)(old[k] - 1) * (size_t)s->len)] = old[k];
        free(old);
    }
    if (s->count == s->cap) {
        s->cap = s->cap ? 2 * s->cap : 1024;
        s->seq = realloc(s->seq, s->cap * (size_t)s->len + 1);
    }
    memcpy(s->seq + s->count * (size_t)s->len, q, (size_t)s->len);
    s->count++;
    s->slot[ps_find(s, q)] = (uint32_t)s->count;
}

static long ps_index(const pathset *s, const unsigned char *q)
{
    if (!s->hcap) return -1;
    size_t k = ps_find(s, q);
    return s->slot[k] ? (long)s->slot[k] - 1 : -1;
}

static void all_paths(const grid *g, int *k, unsigned char *q, int depth, pathset *out,
                      size_t limit)
{
    if (out->count > limit) return;
    if (depth == g->total) {
        ps_add(out, q);
        return;
    }
    for (int j = 0; j < g->n; j++) {
        if (k[j] == g->proc[j]->n) continue;
        k[j]++;
        if (allowed(g, k)) {
            q[depth] = (unsigned char)j;
            all_paths(g, k, q, depth + 1, out, limit);
        }
        k[j]--;
    }
}

static uint32_t find(uint32_t *p, uint32_t x)
{
    while (p[x] != x) x = p[x] = p[p[x]];
    return x;
}

/* Classes of total paths modulo filled squares; class[i] for path i. */
static long brute_classes(const grid *g, pathset *ps, uint32_t **cls)
{
    int k[64];
    unsigned char q[256];
    memset(k, 0, sizeof k);
    ps->len = g->total;
    if (!allowed(g, k)) return 0;
    all_paths(g, k, q, 0, ps, 3000000);
    if (ps->count > 3000000) return -1;
    uint32_t *par = malloc(ps->count * sizeof *par + 4);
    for (size_t i = 0; i < ps->count; i++) par[i] = (uint32_t)i;
    for (size_t i = 0; i < ps->count; i++) {
        const unsigned char *s = ps->seq + i * (size_t)ps->len;
        memset(k, 0, sizeof k);
        for (int d = 0; d + 1 < ps->len; d++) {
            int a = s[d], b = s[d + 1];
            if (a != b) {
                k[b]++; /* the other corner of the square */
                bool ok = allowed(g, k);
                k[b]--;
                if (ok) {
                    memcpy(q, s, (size_t)ps->len);
                    q[d] = (unsigned char)b;
                    q[d + 1] = (unsigned char)a;
                    long o = ps_index(ps, q);
                    if (o >= 0) par[find(par, (uint32_t)i)] = find(par, (uint32_t)o);
                }
            }
            k[a]++;
        }
    }
    long c = 0;
    for (size_t i = 0; i < ps->count; i++) c += find(par, (uint32_t)i) == i;
    for (size_t i = 0; i < ps->count; i++) par[i] = find(par, (uint32_t)i);
    *cls = par;
    return c;
}

static void ps_free(pathset *s)
{
    free(s->seq);
    free(s->slot);
    memset(s, 0, sizeof *s);
}

/* Compares rv_sp_schedulings with brute force on every branch
 * combination; checks representatives.  Returns 0 or a failure message. */
static int too_big;

static const char *cross_geometric(const rv_pv_prog *p, long *sched, long *brute)
{
    combos c;
    combos_init(&c, p);
    const char *bad = NULL;
    *sched = *brute = 0;
    do {
        grid g = {.n = c.n, .nres = p->nres, .proc = c.proc, .cap = p->cap};
        for (int j = 0; j < c.n; j++) g.total += c.proc[j]->n;
        pathset ps = {0};
        uint32_t *cls = NULL;
        long b = brute_classes(&g, &ps, &cls);
        rv_sp_result r;
        rv_sp_schedulings(c.n, c.proc, p->nres, p->cap, true, 0, &r);
        *sched += (long)r.schedulings;
        *brute += b;
        if (b < 0)
            too_big++; /* more than 3e6 total paths: not checked */
        else if ((long)r.schedulings != b)
            bad = "count differs";
        else if (r.stuck)
            bad = "representative stuck";
        else {
            long *seen = calloc(ps.count + 1, sizeof *seen); /* by class root */
            unsigned char q[256];
            for (uint64_t s = 0; s < r.schedulings && !bad; s++) {
                for (int d = 0; d < g.total; d++) q[d] = (unsigned char)r.reps[s][d];
                long i = ps_index(&ps, q);
                if (i < 0)
                    bad = "representative is not a total path";
                else if (seen[cls[i]]++)
                    bad = "two representatives in one class";
            }
            free(seen);
        }
        rv_sp_result_free(&r);
        free(cls);
        ps_free(&ps);
    } while (!bad && combos_next(&c));
    combos_free(&c);
    return bad;
}

/* ---- Mazurkiewicz traces of the PV backend (capacity 1) ---- */

typedef struct mz {
    rv_backend *b;
    rv_trace tr;
    pathset canon; /* canonical forms of complete executions */
    long executions, complete;
    int keylen;
} mz;

/* Lexicographically least linearisation (by thread id) of the trace's
 * dependency order; encoded as (tid, kind, obj, arg) per event. */
static void canonical(const rv_trace *t, unsigned char *out, int keylen)
{
    size_t m = t->n;
    bool *done = calloc(m + 1, 1);
    memset(out, 0xff, (size_t)keylen);
    for (size_t pos = 0; pos < m; pos++) {
        size_t best = m;
        for (size_t i = 0; i < m; i++) {
            if (done[i]) continue;
            bool minimal = true;
            for (size_t h = 0; h < i && minimal; h++)
                if (!done[h] && rv_dependent(&t->ev[h].act, &t->ev[i].act)) minimal = false;
            if (minimal && (best == m || t->ev[i].act.tid < t->ev[best].act.tid)) best = i;
        }
        done[best] = true;
        const rv_action *a = &t->ev[best].act;
        unsigned char *o = out + pos * 4;
        o[0] = (unsigned char)a->tid;
        o[1] = a->kind;
        o[2] = (unsigned char)a->obj;
        o[3] = (unsigned char)a->arg;
    }
    free(done);
}

/* Would appending `a` to the executed prefix ev[0..n) leave lexicographic
 * normal form?  (Anisimov-Knuth: the word has a factor b.u.a with a
 * independent of b and of all of u, and tid(a) < tid(b).)  Prefixes of
 * normal forms are normal, so the DFS below visits each trace once. */
static bool leaves_normal_form(const rv_event *ev, size_t n, const rv_action *a)
{
    for (size_t i = n; i-- > 0;) {
        if (rv_dependent(&ev[i].act, a)) return false;
        if (ev[i].act.tid > a->tid) return true;
    }
    return false;
}

static void mz_dfs(mz *z, rv_step *prefix, size_t n)
{
    rv_execute(z->b, prefix, n, RV_POLICY_STOP, &z->tr);
    if (z->tr.end != RV_END_PREFIX) {
        z->executions++;
        if (z->tr.end == RV_END_COMPLETE) {
            unsigned char key[1024];
            canonical(&z->tr, key, z->keylen);
            z->complete++;
            if (ps_index(&z->canon, key) < 0) ps_add(&z->canon, key);
        }
        return;
    }
    unsigned nt = z->tr.nthreads; /* on the heap: the recursion is as deep as the prefix */
    rv_thread_end *th = malloc((nt + 1) * sizeof *th);
    if (nt) memcpy(th, z->tr.threads, nt * sizeof *th);
    rv_event *ev = malloc((n + 1) * sizeof *ev);
    if (n) memcpy(ev, z->tr.ev, n * sizeof *ev);
    for (unsigned t = 0; t < nt; t++) {
        if (th[t].state != RV_T_LIVE || !th[t].enabled) continue;
        for (uint32_t v = 0; v < th[t].pending.ndom; v++) {
            rv_action a = th[t].pending;
            if (a.kind == RV_ACT_NONDET) a.arg = v;
            if (leaves_normal_form(ev, n, &a)) continue;
            prefix[n] = (rv_step){.tid = (uint16_t)t, .val = v};
            mz_dfs(z, prefix, n + 1);
        }
    }
    free(ev);
    free(th);
}

static long mazurkiewicz(const char *text)
{
    char err[256];
    rv_limits lim = {.max_events = 200};
    mz z = {.keylen = 4 * 200};
    z.b = rv_pv_open_string("m.pv", text, &lim, err, sizeof err);
    if (!z.b) return -1;
    z.canon.len = z.keylen;
    rv_trace_init(&z.tr);
    rv_step prefix[256];
    mz_dfs(&z, prefix, 0);
    /* each complete normal form must be a distinct trace */
    long r = z.complete == (long)z.canon.count ? (long)z.canon.count : -2;
    ps_free(&z.canon);
    rv_trace_free(&z.tr);
    z.b->ops->destroy(z.b);
    return r;
}

/* ---- Prop. 17 / 20 on random small spaces ---- */

/* Is there a monotone path 0 -> len in X_M?  E_ij written out again. */
static bool alive_brute(const rv_space *s, const uint64_t *M)
{
    int n = s->n, npts = 1;
    for (int j = 0; j < n; j++) npts *= s->len[j] + 1;
    bool *reach = calloc((size_t)npts, 1);
    bool result = false;
    int k[64];
    for (int idx = 0; idx < npts; idx++) {
        int x = idx;
        for (int j = 0; j < n; j++) {
            k[j] = x % (s->len[j] + 1);
            x /= s->len[j] + 1;
        }
        bool in_x = true;
        for (int i = 0; i < s->l && in_x; i++)
            for (int j = 0; j < n && in_x; j++) {
                if (!(M[i] >> j & 1)) continue;
                bool in_e = true;
                for (int t = 0; t < n; t++) {
                    int lo = s->lo[i * n + t], hi = s->hi[i * n + t];
                    if (t == j ? (k[t] < lo || k[t] > hi) : k[t] > hi) in_e = false;
                }
                if (in_e) in_x = false;
            }
        if (!in_x) continue;
        bool r = idx == 0;
        int stride = 1;
        for (int j = 0; j < n && !r; j++) {
            if (k[j] > 0 && reach[idx - stride]) r = true;
            stride *= s->len[j] + 1;
        }
        reach[idx] = r;
        if (idx == npts - 1) result = r;
    }
    free(reach);
    return result;
}

/* Checks Prop. 20 and the maximal alive set on one space; NULL if fine. */
static const char *check_index(const rv_space *s)
{
    int l = s->l, n = s->n;
    if (l * n > 14 || l == 0) return NULL;
    uint64_t B[64];
    int bits[64][2], nb = 0;
    for (int i = 0; i < l; i++) {
        B[i] = 0;
        for (int j = 0; j < n; j++)
            if (s->lo[i * n + j] > 0) {
                B[i] |= 1ull << j;
                bits[nb][0] = i;
                bits[nb][1] = j;
                nb++;
            }
    }
    rv_deadset dall, dmin;
    rv_sp_dead(s, &dall, false, 0, 0);
    rv_sp_dead(s, &dmin, true, 0, 0);
    rv_matset c;
    rv_sp_alive(s, &dmin, &c, 0, 0);
    const char *bad = NULL;
    size_t nmax = 0;
    bool *alive = calloc((size_t)1 << nb, 1);
    for (uint32_t mask = 0; mask < (1u << nb); mask++) {
        uint64_t M[64] = {0};
        for (int b = 0; b < nb; b++)
            if (mask >> b & 1) M[bits[b][0]] |= 1ull << bits[b][1];
        alive[mask] = alive_brute(s, M);
        if (alive[mask] != !rv_sp_has_dead_below(&dall, M))
            bad = "Prop. 20 fails with all dead matrices";
        if (alive[mask] != !rv_sp_has_dead_below(&dmin, M))
            bad = "Prop. 20 fails with minimal dead matrices";
    }
    /* maximal alive with non-zero rows, against rv_sp_alive */
    for (uint32_t mask = 0; mask < (1u << nb) && !bad; mask++) {
        if (!alive[mask]) continue;
        bool maximal = true;
        for (int b = 0; b < nb && maximal; b++)
            if (!(mask >> b & 1) && alive[mask | 1u << b]) maximal = false;
        uint64_t M[64] = {0};
        for (int b = 0; b < nb; b++)
            if (mask >> b & 1) M[bits[b][0]] |= 1ull << bits[b][1];
        bool rows = true;
        for (int i = 0; i < l; i++) rows &= M[i] != 0;
        if (!maximal || !rows) continue;
        nmax++;
        bool found = false;
        for (size_t x = 0; x < c.count && !found; x++)
            found = !memcmp(rv_mat(&c, x), M, (size_t)l * 8);
        if (!found) bad = "a maximal alive matrix is missing";
    }
    if (!bad && nmax != c.count) bad = "rv_sp_alive returned non-maximal matrices";
    if (!bad && c.count) { /* both component methods give the same partition */
        uint32_t *c1 = malloc(c.count * sizeof *c1), *c2 = malloc(c.count * sizeof *c2);
        size_t k1 = rv_sp_components(&c, n, c1), k2 = rv_sp_components_with(&c, n, c2, 0);
        if (k1 != k2 || memcmp(c1, c2, c.count * sizeof *c1)) bad = "component methods disagree";
        for (size_t x = 0; x < c.count && !bad; x++) /* and Def. 14 holds pairwise */
            for (size_t y = 0; y < c.count && !bad; y++) {
                bool conn = true;
                for (int i = 0; i < l; i++) conn &= (rv_mat(&c, x)[i] & rv_mat(&c, y)[i]) != 0;
                if (conn && c1[x] != c1[y]) bad = "connected matrices in different components";
            }
        free(c1);
        free(c2);
    }
    free(alive);
    rv_matset_free(&c);
    rv_deadset_free(&dall);
    rv_deadset_free(&dmin);
    return bad;
}

/* ---- tests ---- */

static void test_paper(void)
{
    CHECK("example9-first",
          schedulings("resource a, b;\nP(a).V(a).P(b).V(b) | P(a).V(a).P(b).V(b)") == 4, "got %lld",
          (long long)schedulings("resource a, b; P(a).V(a).P(b).V(b) | P(a).V(a).P(b).V(b)"));
    CHECK("example9-second",
          schedulings("resource a, b;\nP(a).V(a).P(b).V(b) | P(b).V(b).P(a).V(a)") == 3, "got %lld",
          (long long)schedulings("resource a, b; P(a).V(a).P(b).V(b) | P(b).V(b).P(a).V(a)"));
    CHECK("example5-mutex", schedulings("resource a; P(a).V(a) | P(a).V(a)") == 2, "expected 2");
    CHECK("example5-swiss-flag",
          schedulings("resource a, b; P(a).P(b).V(b).V(a) | P(b).P(a).V(a).V(b)") == 2, "got %lld",
          (long long)schedulings("resource a, b; P(a).P(b).V(b).V(a) | P(b).P(a).V(a).V(b)"));
    CHECK("example16-capacity2",
          schedulings("resource a : 2; P(a).V(a) | P(a).V(a) | P(a).V(a)") == 1, "got %lld",
          (long long)schedulings("resource a : 2; P(a).V(a) | P(a).V(a) | P(a).V(a)"));
    CHECK("boundary-capacity1", schedulings("resource a; P(a).V(a) | P(a).V(a) | P(a).V(a)") == 6,
          "expected 3! = 6");
    CHECK("example12-capacity2",
          schedulings("resource a : 2, b : 2; P(a).V(a).P(b).V(b) | P(a).V(a).P(b).V(b) | "
                      "P(a).V(a).P(b).V(b)") == 1,
          "expected 1");
    /* choice: sum over branches (2 + 1), and the empty program */
    CHECK("choice-branches", schedulings("resource a; (P(a).V(a) + 1) | P(a).V(a)") == 3,
          "expected 3");
    CHECK("empty-process", schedulings("resource a; 1 | 1") == 1, "expected 1");
    CHECK("self-deadlock", schedulings("resource a; P(a).P(a).V(a).V(a) | 1") == 0, "expected 0");
    CHECK("ends-holding", schedulings("resource a; P(a) | P(a)") == 0,
          "expected 0 (top corner forbidden)");
    CHECK("ends-holding-one", schedulings("resource a; P(a) | P(a).V(a)") == 1, "expected 1");
}

static void test_philosophers(void)
{
    for (int n = 2; n <= 12; n++) {
        char buf[2048], name[64];
        int k = snprintf(buf, sizeof buf, "resource ");
        for (int i = 0; i < n; i++)
            k += snprintf(buf + k, sizeof buf - (size_t)k, "%sa%d", i ? ", " : "", i);
        k += snprintf(buf + k, sizeof buf - (size_t)k, ";\n");
        for (int i = 0; i < n; i++)
            k += snprintf(buf + k, sizeof buf - (size_t)k, "%sP(a%d).P(a%d).V(a%d).V(a%d)",
                          i ? " | " : "", i, (i + 1) % n, i, (i + 1) % n);
        snprintf(name, sizeof name, "philosophers-%d", n);
        int64_t got = schedulings(buf);
        CHECK(name, got == (1ll << n) - 2, "got %lld, expected %lld", (long long)got,
              (1ll << n) - 2);
    }
}

static void test_automaton(void)
{
    rv_pv_prog *p = parse("resource a; (P(a).V(a))* | (P(a).V(a))*");
    rv_pv_path *body[2];
    rv_pv_paths(p->thread[0]->a, 1, &body[0]);
    rv_pv_paths(p->thread[1]->a, 1, &body[1]);
    rv_sp_automaton a;
    char msg[256];
    int rc = rv_sp_automaton_build(2, (const rv_pv_path *const *)body, 1, p->cap, 0, &a, msg,
                                   sizeof msg);
    /* Example 29 / 36: vertices M0 = (1 0), M1 = (0 1); every transition
     * but M0 -0-> M1 exists (M0 ⊕_0 M1 is dead, Example 24). */
    bool ok =
        rc == 0 && a.vert.count == 2 && a.nedges == 7 - 1 && a.nreduced == 2 && a.nredges == 6;
    int v10 = -1, v01 = -1;
    for (size_t v = 0; ok && v < a.vert.count; v++) {
        uint64_t r = rv_mat(&a.vert, v)[0];
        if (r == 1) v10 = (int)v;
        if (r == 2) v01 = (int)v;
    }
    ok = ok && v10 >= 0 && v01 >= 0;
    for (size_t e = 0; ok && e < a.nedges; e++)
        if (a.src[e] == v10 && a.dst[e] == v01 && a.lab[e] == 0) ok = false;
    CHECK("example29-automaton", ok, "rc %d, %zu vertices, %zu edges", rc, a.vert.count, a.nedges);
    rv_sp_automaton_free(&a);
    rv_pv_paths_free(body[0], 1);
    rv_pv_paths_free(body[1], 1);
    rv_pv_free(p);
    p = parse("resource a; (P(a).V(a))* | (P(a).V(a))* | (P(a).V(a))*");
    rv_pv_path *b3[3];
    for (int t = 0; t < 3; t++) rv_pv_paths(p->thread[t]->a, 1, &b3[t]);
    rc = rv_sp_automaton_build(3, (const rv_pv_path *const *)b3, 1, p->cap, 0, &a, msg, sizeof msg);
    CHECK("automaton-boundary-refused", rc == -2, "rc %d", rc);
    rv_sp_automaton_free(&a);
    for (int t = 0; t < 3; t++) rv_pv_paths_free(b3[t], 1);
    rv_pv_free(p);
}

static void test_random(int count)
{
    char buf[4096], name[64];
    const char *bad = NULL;
    int checked = 0, index_checked = 0;
    long sum = 0;
    /* geometric ground truth, capacities 1..2 */
    rp_opts o = {.max_threads = 3,
                 .max_res = 3,
                 .max_cap = 2,
                 .max_ops = 5,
                 .choice_pct = 30,
                 .leak_pct = 10};
    for (int s = 1; s <= count && !bad; s++) {
        rp_program((uint64_t)s, &o, buf, sizeof buf);
        rv_pv_prog *p = parse(buf);
        if (!p) {
            bad = "generator produced a bad program";
            break;
        }
        long a, b;
        bad = cross_geometric(p, &a, &b);
        if (bad) printf("# seed %d: %s (spaces %ld, brute %ld)\n# %s", s, bad, a, b, buf);
        sum += a;
        combos c;
        combos_init(&c, p);
        do {
            rv_space *sp = rv_space_build(c.n, c.proc, p->nres, p->cap);
            const char *e = check_index(sp);
            index_checked += sp->l * sp->n <= 14 && sp->l > 0;
            if (e && !bad) {
                bad = e;
                printf("# seed %d: %s\n# %s", s, e, buf);
            }
            rv_space_free(sp);
        } while (combos_next(&c));
        combos_free(&c);
        rv_pv_free(p);
        checked++;
    }
    /* wider: 4 processes, capacities 1..3, shorter processes */
    rp_opts w = {.max_threads = 4,
                 .max_res = 2,
                 .max_cap = 3,
                 .max_ops = 3,
                 .choice_pct = 20,
                 .leak_pct = 10};
    for (int s = 1; s <= count / 3 && !bad; s++) {
        rp_program((uint64_t)s + 200000, &w, buf, sizeof buf);
        rv_pv_prog *p = parse(buf);
        if (!p) {
            bad = "generator produced a bad program";
            break;
        }
        long a, b;
        bad = cross_geometric(p, &a, &b);
        if (bad) printf("# seed %d: %s (spaces %ld, brute %ld)\n# %s", s + 200000, bad, a, b, buf);
        sum += a;
        rv_pv_free(p);
        checked++;
    }
    snprintf(name, sizeof name, "random-geometric-%d", checked);
    CHECK(name, !bad, "%s", bad);
    printf("# %d programs, %ld schedulings in all, %d index posets checked exhaustively, %d branch "
           "combinations too big for brute force\n",
           checked, sum, index_checked, too_big);
    /* capacity 1: Mazurkiewicz traces of the backend */
    o.max_cap = 1;
    o.max_ops = 4;
    bad = NULL;
    sum = 0;
    for (int s = 1; s <= count && !bad; s++) {
        rp_program((uint64_t)s + 100000, &o, buf, sizeof buf);
        long sp = (long)schedulings(buf), mzc = mazurkiewicz(buf);
        sum += sp;
        if (sp != mzc) {
            bad = "schedulings != Mazurkiewicz traces";
            printf("# seed %d: spaces %ld, traces %ld\n# %s", s + 100000, sp, mzc, buf);
        }
    }
    snprintf(name, sizeof name, "random-mazurkiewicz-%d", count);
    CHECK(name, !bad, "%s", bad);
    printf("# capacity 1: %ld schedulings = complete traces in all\n", sum);
}

/* Def. 28 against brute force: M -j-> N iff the matrix M ⊕_j N has a
 * total path in the space of the program whose body j runs twice, built
 * here from scratch (rv_space_build on the doubled body) with rows matched
 * to the two copies by their coordinates. */
static const char *check_automaton(int n, const rv_pv_path *const *body, int nres, const int *cap,
                                   int *built)
{
    rv_sp_automaton a;
    char msg[256];
    int rc = rv_sp_automaton_build(n, body, nres, cap, 0, &a, msg, sizeof msg);
    const char *bad = NULL;
    if (rc != 0) {
        rv_sp_automaton_free(&a);
        return rc == -2 ? NULL : "automaton failed";
    }
    ++*built;
    rv_space *s = rv_space_build(n, body, nres, cap);
    int l = s->l;
    for (int j = 0; j < n && !bad; j++) {
        rv_pv_path twice = *body[j];
        twice.n = 2 * body[j]->n;
        twice.op = malloc((size_t)twice.n * sizeof *twice.op + 1);
        memcpy(twice.op, body[j]->op, (size_t)body[j]->n * sizeof *twice.op);
        memcpy(twice.op + body[j]->n, body[j]->op, (size_t)body[j]->n * sizeof *twice.op);
        const rv_pv_path *proc2[64];
        for (int t = 0; t < n; t++) proc2[t] = t == j ? &twice : body[t];
        rv_space *s2 = rv_space_build(n, proc2, nres, cap);
        int *row = malloc((size_t)s2->l * sizeof *row + 4); /* row of s, +l for the second copy */
        for (int r = 0; r < s2->l && !bad; r++) {
            row[r] = -1;
            for (int i = 0; i < l && row[r] < 0; i++)
                for (int copy = 0; copy < 2 && row[r] < 0; copy++) {
                    bool eq = true;
                    for (int t = 0; t < n; t++) {
                        int sh = t == j ? copy * body[j]->n : 0;
                        eq &= s2->lo[r * n + t] == s->lo[i * n + t] + sh &&
                              s2->hi[r * n + t] == s->hi[i * n + t] + sh;
                    }
                    if (eq) row[r] = i + copy * l;
                }
            if (row[r] < 0) bad = "doubled space has a rectangle that is not a copy";
        }
        if (!bad && s2->l != 2 * l) bad = "doubled space has the wrong number of rectangles";
        for (size_t x = 0; x < a.vert.count && !bad; x++)
            for (size_t y = 0; y < a.vert.count && !bad; y++) {
                uint64_t M[128];
                for (int r = 0; r < s2->l; r++)
                    M[r] = row[r] < l ? rv_mat(&a.vert, x)[row[r]] : rv_mat(&a.vert, y)[row[r] - l];
                bool edge = false;
                for (size_t e = 0; e < a.nedges; e++)
                    edge |= a.src[e] == (int)x && a.dst[e] == (int)y && a.lab[e] == j;
                if (edge != alive_brute(s2, M)) bad = "a transition disagrees with brute force";
            }
        free(row);
        free(twice.op);
        rv_space_free(s2);
    }
    rv_space_free(s);
    rv_sp_automaton_free(&a);
    return bad;
}

static void test_automaton_random(int count)
{
    const char *bad = NULL;
    int built = 0;
    for (int seed = 1; seed <= count && !bad; seed++) {
        rp_rng r = {(uint64_t)seed * 7919 + 3};
        int n = 2 + rp_below(&r, 2), nres = 1 + rp_below(&r, 2);
        int cap[2] = {n == 3 ? 2 : 1, 1 + rp_below(&r, n - 1)};
        char buf[1024];
        rp_buf b = {buf, 0, sizeof buf};
        buf[0] = 0;
        rp_put(&b, "resource r0 : ");
        rp_put(&b, cap[0] == 1 ? "1" : "2");
        rp_put(&b, nres == 2 ? (cap[1] == 1 ? ", r1 : 1;" : ", r1 : 2;") : ";");
        for (int t = 0; t < n; t++) {
            int held[8] = {0}, first = 1;
            rp_put(&b, t ? " | (" : " (");
            rp_walk(&r, &b, nres, held, 1 + rp_below(&r, 4), &first, 0);
            if (first) rp_put(&b, "1");
            rp_put(&b, ")*");
        }
        rv_pv_prog *p = parse(buf);
        if (!p) {
            bad = "bad program";
            break;
        }
        const rv_pv_path *body[3];
        rv_pv_path *paths[3];
        for (int t = 0; t < n; t++) {
            rv_pv_paths(p->thread[t]->a, 1, &paths[t]);
            body[t] = paths[t];
        }
        bad = check_automaton(n, body, p->nres, p->cap, &built);
        if (bad) printf("# seed %d: %s\n# %s\n", seed, bad, buf);
        for (int t = 0; t < n; t++) rv_pv_paths_free(paths[t], 1);
        rv_pv_free(p);
    }
    char name[64];
    snprintf(name, sizeof name, "random-automaton-%d", count);
    CHECK(name, !bad && built > count / 10, "%s (%d built)", bad ? bad : "too few automata", built);
    printf("# %d automata checked against brute force\n", built);
}

static void test_mazurkiewicz_examples(void)
{
    const char *ex[] = {
        "resource a, b; P(a).V(a).P(b).V(b) | P(a).V(a).P(b).V(b)",
        "resource a, b; P(a).V(a).P(b).V(b) | P(b).V(b).P(a).V(a)",
        "resource a, b; P(a).P(b).V(b).V(a) | P(b).P(a).V(a).V(b)",
        "resource a; P(a).V(a) | P(a).V(a) | P(a).V(a)",
        ("resource a0, a1, a2; P(a0).P(a1).V(a0).V(a1) | P(a1).P(a2).V(a1).V(a2) | "
         "P(a2).P(a0).V(a2).V(a0)"),
    };
    for (size_t i = 0; i < sizeof ex / sizeof *ex; i++) {
        char name[64];
        snprintf(name, sizeof name, "mazurkiewicz-example-%zu", i);
        long a = (long)schedulings(ex[i]), b = mazurkiewicz(ex[i]);
        CHECK(name, a == b && a > 0, "spaces %ld, traces %ld", a, b);
    }
}

int main(int argc, char **argv)
{
    setvbuf(stdout, NULL, _IOLBF, 0);
    int count = argc > 1 ? atoi(argv[1]) : 300;
    test_paper();
    test_philosophers();
    test_automaton();
    test_mazurkiewicz_examples();
    test_random(count);
    test_automaton_random(count);
    return failures ? 1 : 0;
}
