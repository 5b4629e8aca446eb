/*
 * cutoff.c — state fingerprints of local configurations and the cutoff
 * predicate (seed 001 §5.2 eq. (7); seed 004 §3.8; DESIGN §2.7).
 *
 * state([e]) is composed, never executed: the fingerprint (backend-supplied,
 * 128-bit XXH3) of the <-maximal event of each thread in [e] — the thread's
 * local state after it — plus, for every memory range, the hash of the
 * bytes the last write to it in [e] wrote (the values only, whoever wrote
 * them; a range the backend did not hash makes the state unique), plus the state
 * of every synchronisation object derived by replaying [e] in a linear
 * extension of < (mutex holders and counts, condition-variable waiters,
 * semaphore counts, once flags, thread existence and exit).  Writes to
 * partially overlapping ranges make the state unique (no cutoff): the set of
 * last writes would not determine the memory then.
 *
 * cutoff(e) holds iff some event e' seen before, itself neither a cutoff nor
 * above one, has state([e']) = state([e]) and [e'] ◁ [e] for the total
 * adequate order ◁ of Esparza, Römer and Vogler (seed 000 App. C.1 asks
 * for an adequate order): |[e']| < |[e]|, else the Parikh vectors (label
 * counts) compare lexicographically, else the Foata normal forms do, step
 * by step.  Being total, it leaves at most one non-cutoff event per state,
 * so the cutoff-free prefix is bounded by the number of states; the size
 * order alone keeps every event of minimal size per state, which grew
 * three-thread loop programs to prefixes far above their state spaces.  A
 * label is a 64-bit hash of (thread, kind, object, choice, fatal flag);
 * two labels sharing a hash only make a tie, and ties are never cut.
 * The table keeps, per state, the key of the ◁-least configuration seen
 * (2|[e]| + levels words), also after rv_unf_remove freed its event.  An event and
 * the events above a cutoff are decided once, when all the fingerprints
 * they need are known (i.e. once executed); undecided events count as
 * non-cutoffs.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/model.h"
#include "unfolding.h"

typedef struct rv_cutslot {
    rv_hash128 st;
    uint64_t *key; /* order key of the ◁-least configuration with this state */
    bool used;
} rv_cutslot;

/* ---- the total adequate order ◁ ----------------------------------------- */

/* Order key of [e]: |[e]|, the sorted labels (Parikh vector), then per
 * Foata level its size and sorted labels; key[0] = total length. */
enum { K_LEN, K_SIZE, K_HDR };

static uint64_t label(const rv_uevent *x)
{
    uint64_t w[4] = {x->act.tid | (uint64_t)x->act.kind << 16 |
                         (uint64_t)(x->act.flags & RV_UF_ERR) << 24,
                     x->act.obj, x->choice, 0x9e3779b97f4a7c15ull};
    return rv_hash(w, sizeof w).lo;
}

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

static int cmp_level(const void *a, const void *b)
{
    const rv_uevent *x = *(rv_uevent *const *)a, *y = *(rv_uevent *const *)b;
    return x->flevel < y->flevel ? -1 : x->flevel > y->flevel;
}

/* lc = [e] (n events; reordered by level). */
static uint64_t *order_key(rv_uevent **lc, size_t n)
{
    unsigned levels = 0;
    for (size_t i = 0; i < n; i++)
        if (lc[i]->flevel > levels) levels = lc[i]->flevel;
    size_t len = K_HDR + 2 * n + levels;
    uint64_t *k = rv_xmalloc(len * sizeof *k);
    k[K_LEN] = len;
    k[K_SIZE] = n;
    uint64_t *parikh = k + K_HDR, *w = parikh + n;
    qsort(lc, n, sizeof *lc, cmp_level);
    for (size_t i = 0, m = 0; i < n;) { /* each label hashed once */
        size_t j = i;
        while (j < n && lc[j]->flevel == lc[i]->flevel) j++;
        *w++ = j - i;
        for (size_t q = i; q < j; q++) w[q - i] = parikh[m++] = label(lc[q]);
        qsort(w, j - i, sizeof *w, cmp_u64);
        w += j - i;
        i = j;
    }
    qsort(parikh, n, sizeof *parikh, cmp_u64);
    return k;
}

/* Parikh vectors given as sorted label lists, compared lexicographically
 * by label counts (smallest label first): at the first difference the
 * list that holds the smaller label there has more of it. */
static int cmp_counts(const uint64_t *a, size_t na, const uint64_t *b, size_t nb)
{
    for (size_t i = 0;; i++) {
        if (i == na || i == nb) return na == nb ? 0 : (i == na ? -1 : 1);
        if (a[i] != b[i]) return a[i] < b[i] ? 1 : -1;
    }
}

/* ◁ as a three-way comparison of order keys. */
static int cmp_keys(const uint64_t *a, const uint64_t *b)
{
    if (a[K_SIZE] != b[K_SIZE]) return a[K_SIZE] < b[K_SIZE] ? -1 : 1;
    size_t n = a[K_SIZE];
    int c = cmp_counts(a + K_HDR, n, b + K_HDR, n);
    if (c) return c;
    const uint64_t *x = a + K_HDR + n, *y = b + K_HDR + n;
    const uint64_t *xe = a + a[K_LEN], *ye = b + b[K_LEN];
    while (x < xe && y < ye) {
        c = cmp_counts(x + 1, x[0], y + 1, y[0]);
        if (c) return c;
        x += 1 + x[0];
        y += 1 + y[0];
    }
    return 0; /* equal Parikh vectors and equal steps: the same configuration */
}

typedef struct kv {
    uint64_t k1, k2; /* object key */
    uint64_t v[4];
} kv;

static int cmp_kv(const void *a, const void *b)
{
    const kv *x = a, *y = b;
    if (x->k1 != y->k1) return x->k1 < y->k1 ? -1 : 1;
    if (x->k2 != y->k2) return x->k2 < y->k2 ? -1 : 1;
    return 0;
}

static int cmp_lsize(const void *a, const void *b)
{
    const rv_uevent *x = *(rv_uevent *const *)a, *y = *(rv_uevent *const *)b;
    if (x->lsize != y->lsize) return x->lsize < y->lsize ? -1 : 1;
    return x->id < y->id ? -1 : x->id > y->id;
}

/* [e] as an array (walk over predecessors). */
static rv_uevent **local_config(rv_unf *u, rv_uevent *e, size_t *n)
{
    size_t cap = e->lsize + 1, m = 0;
    rv_uevent **v = rv_xmalloc(cap * sizeof *v);
    u->epoch++;
    e->mark = u->epoch;
    v[m++] = e;
    for (size_t i = 0; i < m; i++) {
        rv_uevent *x = v[i];
        for (size_t k = 0; k <= x->npred; k++) {
            rv_uevent *y = k < x->npred ? x->pred[k] : x->tparent;
            if (!y || y->mark == u->epoch) continue;
            y->mark = u->epoch;
            if (m == cap) v = rv_xrealloc(v, (cap *= 2) * sizeof *v);
            v[m++] = y;
        }
    }
    *n = m;
    return v;
}

static kv *slot(kv **v, size_t *n, size_t *cap, uint64_t k1, uint64_t k2)
{
    for (size_t i = *n; i-- > 0;)
        if ((*v)[i].k1 == k1 && (*v)[i].k2 == k2) return &(*v)[i];
    if (*n == *cap) {
        *cap = *cap ? 2 * *cap : 32;
        *v = rv_xrealloc(*v, *cap * sizeof **v);
    }
    kv *s = &(*v)[(*n)++];
    memset(s, 0, sizeof *s);
    s->k1 = k1;
    s->k2 = k2;
    return s;
}

enum { K_THREAD = 1, K_MEM, K_MUTEX, K_COND, K_SEM, K_ONCE, K_WORLD };

/* The synchronisation objects' states are the model's own (src/core/
 * model.h), kept in the slots' value words: the state of [e] replays [e]
 * through rv_model_redo exactly as the unfolding's enabledness does
 * (extend.c), so the two cannot count different object states. */
_Static_assert(sizeof(rv_mutex_st) <= sizeof(((kv *)0)->v), "mutex state fits a slot");
_Static_assert(sizeof(rv_cond_st) <= sizeof(((kv *)0)->v), "condvar state fits a slot");
_Static_assert(sizeof(rv_sem_st) <= sizeof(((kv *)0)->v), "semaphore state fits a slot");
_Static_assert(sizeof(rv_world_st) <= sizeof(((kv *)0)->v), "world state fits a slot");

/* Copy the state of object (tag, obj) into dst if it has a slot. */
static void load_obj(kv *v, size_t n, unsigned tag, uint64_t obj, void *dst, size_t size)
{
    for (size_t i = n; i-- > 0;)
        if (v[i].k1 == (uint64_t)tag << 56 && v[i].k2 == obj) {
            memcpy(dst, v[i].v, size);
            return;
        }
}

static void store_obj(kv **v, size_t *n, size_t *cap, unsigned tag, uint64_t obj, const void *src,
                      size_t size)
{
    kv *s = slot(v, n, cap, (uint64_t)tag << 56, obj);
    memcpy(s->v, src, size);
}

/* Replay a's effect on the objects it touches and on the world (threads,
 * atomic sections, process exit) through the model, with its recorded
 * results.  Objects met for the first time start as the model says
 * (rv_model_start: the static mutex kind the action carries, ...). */
static void fold_sync(kv **v, size_t *n, size_t *cap, const rv_uevent *e)
{
    const rv_action *a = &e->act;
    rv_mutex_st mx;
    rv_cond_st cv;
    rv_sem_st sem;
    int32_t once;
    rv_world_st w;
    memset(&mx, 0, sizeof mx);
    memset(&cv, 0, sizeof cv);
    memset(&sem, 0, sizeof sem);
    memset(&w, 0, sizeof w);
    once = 0;
    rv_model_start(&mx, &cv, &sem, &once, a);
    uint64_t m = rv_mutex_of(a);
    bool c = rv_on_cond(a), sm = rv_on_sem(a), o = rv_on_once(a);
    if (m) load_obj(*v, *n, K_MUTEX, m, &mx, sizeof mx);
    if (c) load_obj(*v, *n, K_COND, a->obj, &cv, sizeof cv);
    if (sm) load_obj(*v, *n, K_SEM, a->obj, &sem, sizeof sem);
    if (o) load_obj(*v, *n, K_ONCE, a->obj, &once, sizeof once);
    load_obj(*v, *n, K_WORLD, 0, &w, sizeof w);
    rv_mstate st = {.mx = m ? &mx : NULL,
                    .cv = c ? &cv : NULL,
                    .sem = sm ? &sem : NULL,
                    .once = o ? &once : NULL,
                    .w = &w};
    rv_model_redo(&st, a, e->val);
    if (m) store_obj(v, n, cap, K_MUTEX, m, &mx, sizeof mx);
    if (c) store_obj(v, n, cap, K_COND, a->obj, &cv, sizeof cv);
    if (sm) store_obj(v, n, cap, K_SEM, a->obj, &sem, sizeof sem);
    if (o) store_obj(v, n, cap, K_ONCE, a->obj, &once, sizeof once);
    store_obj(v, n, cap, K_WORLD, 0, &w, sizeof w);
}

/* Fold one event into the object states (keys: kind tag << 56 | ...).
 * Memory: the bytes a write left (hashed apart from the writer's state);
 * everything else through the model (fold_sync).  Returns 0, or why the
 * state is unique (RV_UNIQ_*, RV_TAINT_*). */
static uint32_t fold(kv **v, size_t *n, size_t *cap, const rv_uevent *e)
{
    const rv_action *a = &e->act;
    if (e->taint) return e->taint; /* changed without an event: unique */
    if (a->kind == RV_ACT_NONE || a->kind >= RV_ACT_KIND_COUNT) return RV_UNIQ_KIND;
    if (rv_is_memory(a) && a->kind != RV_ACT_READ) {
        /* a different range overlapping a written one: give up (unique) */
        for (size_t i = 0; i < *n; i++) {
            kv *o = &(*v)[i];
            if (o->k1 >> 56 != K_MEM) continue;
            uint64_t ob = o->k2, ol = o->k1 & ((1ull << 56) - 1);
            if (!(ob == a->obj && ol == a->len) && ob < a->obj + a->len && a->obj < ob + ol)
                return RV_UNIQ_OVERLAP;
        }
        if (!e->wv_lo && !e->wv_hi) return RV_UNIQ_BIG_WRITE; /* bytes not hashed */
        kv *s = slot(v, n, cap, (uint64_t)K_MEM << 56 | a->len, a->obj);
        s->v[0] = e->wv_lo;
        s->v[1] = e->wv_hi;
        return 0;
    }
    fold_sync(v, n, cap, e);
    return 0;
}

/* Threads created in [e] without an event in [e] (issue 10, class 1):
 * they exist, and their start function and argument are in the creator's
 * record, hashed in the create event's fingerprint. */
static void fold_unstarted(kv **v, size_t *n, size_t *cap, rv_uevent *const *lc, size_t nlc,
                           const rv_uevent *e)
{
    for (size_t i = 0; i < nlc; i++) {
        const rv_uevent *c = lc[i];
        if (c->act.kind != RV_ACT_CREATE) continue;
        uint64_t child = c->act.obj;
        if (child < e->nt && e->tmax[child]) continue; /* started: its own maximum counts */
        kv *s = slot(v, n, cap, (uint64_t)K_THREAD << 56, child);
        s->v[0] = c->fp_lo;
        s->v[1] = c->fp_hi;
        s->v[2] = RV_ACT_KIND_COUNT; /* "created, no event yet" */
        s->v[3] = c->act.tid;
    }
}

void rv_unf_unique_str(uint32_t why, char *out, size_t n)
{
    static const struct {
        uint32_t bit;
        const char *what;
    } names[] = {
        {RV_TAINT_LIBC, "calls to C library functions that may write memory or keep state"},
        {RV_TAINT_UNINSTRUMENTED, "code built without instrumentation"},
        {RV_TAINT_HEAP_COPY, "bytes copied by realloc/strdup"},
        {RV_TAINT_RUNTIME_WRITE, "memory the runtime wrote without an event"},
        {RV_UNIQ_BIG_WRITE, "writes larger than 4 KiB"},
        {RV_UNIQ_OVERLAP, "writes to partially overlapping ranges"},
        {RV_UNIQ_KIND, "event kinds the state does not fold"},
    };
    size_t k = 0;
    if (n) out[0] = 0;
    for (size_t i = 0; i < sizeof names / sizeof *names; i++) {
        if (!(why & names[i].bit) || k + 1 >= n) continue;
        int w = snprintf(out + k, n - k, "%s%s", k ? "; " : "", names[i].what);
        if (w < 0) break;
        k += (size_t)w < n - k ? (size_t)w : n - k - 1;
    }
}

/* state([e]) and the order key of [e] (*key, caller frees); false when
 * not computable (a fingerprint is missing) or deliberately unique (the
 * reason is added to u->unique_why). */
static bool compute_state(rv_unf *u, rv_uevent *e, rv_hash128 *out, uint64_t **key)
{
    size_t n;
    rv_uevent **lc = local_config(u, e, &n);
    bool ok = true;
    for (size_t i = 0; i < n && ok; i++) ok = lc[i]->has_fp;
    kv *v = NULL;
    size_t nv = 0, cv = 0;
    if (ok) {
        qsort(lc, n, sizeof *lc, cmp_lsize);
        for (size_t i = 0; i < n && ok; i++) {
            uint32_t why = fold(&v, &nv, &cv, lc[i]);
            u->unique_why |= why;
            ok = !why;
        }
    }
    if (ok) {
        fold_unstarted(&v, &nv, &cv, lc, n, e);
        for (unsigned t = 0; t < e->nt; t++) {
            const rv_uevent *m = e->tmax[t];
            if (!m) continue;
            kv *s = slot(&v, &nv, &cv, (uint64_t)K_THREAD << 56, t);
            s->v[0] = m->fp_lo;
            s->v[1] = m->fp_hi;
            s->v[2] = m->act.kind;
        }
        qsort(v, nv, sizeof *v, cmp_kv);
        *out = rv_hash(v, nv * sizeof *v);
        *key = order_key(lc, n);
    }
    free(v);
    free(lc);
    return ok;
}

static size_t cut_find(rv_unf *u, rv_hash128 st)
{
    size_t mask = u->capcut - 1, i = (size_t)st.lo & mask;
    while (u->cut[i].used && (u->cut[i].st.lo != st.lo || u->cut[i].st.hi != st.hi))
        i = (i + 1) & mask;
    return i;
}

static void cut_grow(rv_unf *u)
{
    rv_cutslot *old = u->cut;
    size_t oc = u->capcut;
    u->capcut = oc ? 2 * oc : 1024;
    u->cut = rv_xcalloc(u->capcut, sizeof *u->cut);
    for (size_t i = 0; i < oc; i++)
        if (old[i].used) u->cut[cut_find(u, old[i].st)] = old[i];
    free(old);
}

bool rv_unf_cutoff(rv_unf *u, rv_uevent *e)
{
    if (e->state_ok) return e->cutoff;
    for (size_t k = 0; k <= e->npred; k++) {
        rv_uevent *y = k < e->npred ? e->pred[k] : e->tparent;
        if (!y) continue;
        if (!y->state_ok) return false; /* undecided yet */
        if (y->cutoff) {
            e->state_ok = e->cutoff = true; /* above a cutoff: not in U */
            return true;
        }
    }
    if (!e->has_fp) return false;
    if (rv_unf_is_err(e)) { /* the error must be reported, not cut */
        e->state_ok = true;
        return false;
    }
    rv_hash128 st;
    uint64_t *key = NULL;
    if (!compute_state(u, e, &st, &key)) {
        e->state_ok = true; /* unique state: never a cutoff nor a witness */
        return false;
    }
    e->state = st;
    e->state_ok = true;
    if (2 * (u->ncut + 1) > u->capcut) cut_grow(u);
    size_t i = cut_find(u, st);
    rv_cutslot *s = &u->cut[i];
    int c = s->used ? cmp_keys(s->key, key) : 1;
    if (c < 0) { /* seed 001 eq. (7) with ◁ */
        free(key);
        e->cutoff = true;
        u->ncutoffs++;
        return true;
    }
    if (!s->used) {
        s->used = true;
        s->st = st;
        u->ncut++;
    }
    if (c > 0) {
        free(s->key);
        s->key = key;
    } else {
        free(key);
    }
    return false;
}

void rv_unf_cut_free(rv_unf *u)
{
    for (size_t i = 0; i < u->capcut; i++) free(u->cut[i].key);
    free(u->cut);
    u->cut = NULL;
    u->capcut = u->ncut = 0;
}
