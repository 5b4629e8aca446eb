/*
 * cutoff.c — state fingerprints of local configurations and the cutoff
 * predicate (seed 001 §5.2 eq. (7); seed 004 §3.8; DESIGN §2.7).
 *
 * state([e]) is composed, never executed: the fingerprint (backend-supplied,
 * 128-bit XXH3) of the <-maximal event of each thread in [e] — the thread's
 * local state after it — plus the hash of the memory image, H(M) ^ H(M0)
 * = the XOR of the events' changes wv (trace.h rv_memh: exact at the byte
 * level whatever the widths, overlaps and order of the writes; a write the
 * backend did not hash makes the state unique), plus the state of every
 * synchronisation object derived by replaying [e] in a linear extension of
 * < (mutex holders and counts, condition-variable waiters, semaphore
 * counts, once flags, thread existence and exit).
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

/* Per distinct state, its ◁-least configuration seen: its size and either
 * its order key or, until a tie of sizes (or Remove) needs the key, the
 * event whose local configuration it is. */
typedef struct rv_cutslot {
    rv_hash128 st;
    uint64_t size;
    uint64_t *key;
    rv_uevent *ev;
    bool used;
} rv_cutslot;

/* ---- the total adequate order ◁ ----------------------------------------- */

/* Order key of [e]: |[e]|, the sorted labels (Parikh vector), then per
 * Foata level its size and sorted labels; key[0] = total length. */
enum { K_LEN, K_SIZE, K_HDR };

/* The object as u->objkey names it: a key that does not move with the
 * program's layout of globals (symbols.h rv_symbols_key), so that adding
 * a global, or a change of the runtime that moves the program's data,
 * does not reorder ◁ and change which events are cutoffs (tests/cutoffs
 * layout_globals). */
static uint64_t label(const rv_unf *u, const rv_uevent *x)
{
    uint64_t obj = u->objkey ? u->objkey(u->objkey_ctx, x->act.obj) : x->act.obj;
    uint64_t w[4] = {x->act.tid | (uint64_t)x->act.kind << 16 |
                         (uint64_t)(x->act.flags & RV_UF_ERR) << 24,
                     obj, x->choice, 0x9e3779b97f4a7c15ull};
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
static uint64_t *order_key(const rv_unf *u, rv_uevent **lc, size_t n)
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
        for (size_t q = i; q < j; q++) w[q - i] = parikh[m++] = label(u, lc[q]);
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
    uint64_t k1, k2; /* object key (k1 = tag << 56 | ..., never 0) */
    uint64_t v[4];
} kv;

/* ---- object states: a hash map with an order-independent digest ----------
 *
 * state([e]) is the set of (object key, value words) left by folding [e],
 * and the memory image; its fingerprint is Σ hash(entry) (two 64-bit
 * lanes, mod 2^64) with the image's hash, so that a change of one entry
 * updates it in O(1) and the running state of the current execution's
 * prefixes costs O(1) per event (issue 11: a long execution used to
 * rebuild [e] for every event, O(n^2)).  mem: the XOR of the folded
 * events' changes of the memory image (trace.h rv_memh), H(M) ^ H(M0) of
 * the memory M they leave. */
typedef struct kvmap {
    kv *s; /* open addressing, k1 == 0: empty */
    size_t n, cap;
    uint64_t sum_lo, sum_hi;
    rv_memh mem;
} kvmap;

static void kvmap_free(kvmap *m)
{
    free(m->s);
    memset(m, 0, sizeof *m);
}

static size_t kv_slot(const kvmap *m, uint64_t k1, uint64_t k2)
{
    size_t mask = m->cap - 1;
    size_t i = (size_t)(((k1 * 0x9e3779b97f4a7c15ull) ^ k2) * 0xff51afd7ed558ccdull >> 17) & mask;
    while (m->s[i].k1 && (m->s[i].k1 != k1 || m->s[i].k2 != k2)) i = (i + 1) & mask;
    return i;
}

static const kv *kv_find(const kvmap *m, uint64_t k1, uint64_t k2)
{
    if (!m->cap) return NULL;
    const kv *s = &m->s[kv_slot(m, k1, k2)];
    return s->k1 ? s : NULL;
}

static rv_hash128 kv_hash(const kv *s);

static void kv_sum(kvmap *m, const kv *s, int sign)
{
    rv_hash128 h = kv_hash(s);
    m->sum_lo += sign > 0 ? h.lo : -h.lo;
    m->sum_hi += sign > 0 ? h.hi : -h.hi;
}

/* The entry of key (k1, k2), created zeroed if absent, taken out of the
 * digest until kv_close: change its value words in between.  The pointer
 * is valid until the next kv_open. */
static kv *kv_open(kvmap *m, uint64_t k1, uint64_t k2)
{
    if (2 * (m->n + 1) > m->cap) {
        kv *old = m->s;
        size_t oc = m->cap;
        m->cap = oc ? 2 * oc : 64;
        m->s = rv_xcalloc(m->cap, sizeof *m->s);
        for (size_t i = 0; i < oc; i++)
            if (old[i].k1) m->s[kv_slot(m, old[i].k1, old[i].k2)] = old[i];
        free(old);
    }
    kv *s = &m->s[kv_slot(m, k1, k2)];
    if (s->k1) {
        kv_sum(m, s, -1);
    } else {
        memset(s, 0, sizeof *s);
        s->k1 = k1;
        s->k2 = k2;
        m->n++;
    }
    return s;
}

static void kv_close(kvmap *m, const kv *s)
{
    kv_sum(m, s, +1);
}

static rv_hash128 kv_digest(const kvmap *m)
{
    uint64_t w[5] = {m->sum_lo, m->sum_hi, m->n, m->mem.lo, m->mem.hi};
    return rv_hash(w, sizeof w);
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

enum { K_THREAD = 1, K_MEM, K_MUTEX, K_COND, K_SEM, K_ONCE, K_WORLD, K_RWLOCK, K_BARRIER };

/* The synchronisation objects' states are the model's own (src/core/
 * model.h), kept in the slots' value words: the state of [e] replays [e]
 * through rv_model_redo exactly as the unfolding's enabledness does
 * (extend.c), so the two cannot count different object states. */
_Static_assert(sizeof(rv_mutex_st) <= sizeof(((kv *)0)->v), "mutex state fits a slot");
_Static_assert(sizeof(rv_cond_st) <= sizeof(((kv *)0)->v), "condvar state fits a slot");
_Static_assert(sizeof(rv_sem_st) <= sizeof(((kv *)0)->v), "semaphore state fits a slot");
_Static_assert(sizeof(rv_world_st) <= sizeof(((kv *)0)->v), "world state fits a slot");
_Static_assert(sizeof(rv_rwlock_st) <= sizeof(((kv *)0)->v), "rwlock state fits a slot");
_Static_assert(sizeof(rv_barrier_st) <= sizeof(((kv *)0)->v), "barrier state fits a slot");

/* An entry's part of state([e]): all of it, but for a barrier's
 * generation while no thread above the masks is inside.  Then the
 * generation only names cycles in the actions' args (the leaves of the
 * threads below the masks are decided by `released`, model.h
 * rv_barrier_st), so two configurations that differ in it alone have
 * the same futures up to renaming the cycles, and a barrier loop's state
 * repeats (docs/UDPOR.md "What a state contains").  The slot keeps it:
 * the replay goes on from the true generation. */
static rv_hash128 kv_hash(const kv *s)
{
    if (s->k1 != (uint64_t)K_BARRIER << 56) return rv_hash(s, sizeof *s);
    kv c = *s;
    rv_barrier_st b;
    memcpy(&b, c.v, sizeof b);
    if (!b.hi_inside) b.gen = 0;
    memcpy(c.v, &b, sizeof b);
    return rv_hash(&c, sizeof c);
}

/* Copy the state of object (tag, obj) into dst if it has a slot. */
static void load_obj(const kvmap *m, unsigned tag, uint64_t obj, void *dst, size_t size)
{
    const kv *s = kv_find(m, (uint64_t)tag << 56, obj);
    if (s) memcpy(dst, s->v, size);
}

static void store_obj(kvmap *m, unsigned tag, uint64_t obj, const void *src, size_t size)
{
    kv *s = kv_open(m, (uint64_t)tag << 56, obj);
    memcpy(s->v, src, size);
    kv_close(m, s);
}

/* Replay a's effect on the objects it touches and on the world (threads,
 * atomic sections, process exit) through the model, with its recorded
 * results.  Objects met for the first time start as the model says
 * (rv_model_start: the static mutex kind the action carries, ...). */
static void fold_sync(kvmap *m, const rv_uevent *e)
{
    const rv_action *a = &e->act;
    rv_mutex_st mx;
    rv_cond_st cv;
    rv_sem_st sem;
    int32_t once;
    rv_world_st w;
    rv_rwlock_st rw;
    rv_barrier_st bar;
    memset(&bar, 0, sizeof bar); /* an uninitialised barrier */
    memset(&w, 0, sizeof w);
    rv_model_start(&mx, &cv, &sem, &once, &rw, a); /* sets the other five */
    uint64_t mu = rv_mutex_of(a);
    bool c = rv_on_cond(a), sm = rv_on_sem(a), o = rv_on_once(a);
    bool rl = rv_on_rwlock(a), br = rv_on_barrier(a);
    if (mu) load_obj(m, K_MUTEX, mu, &mx, sizeof mx);
    if (rl) load_obj(m, K_RWLOCK, a->obj, &rw, sizeof rw);
    if (br) load_obj(m, K_BARRIER, a->obj, &bar, sizeof bar);
    if (c) load_obj(m, K_COND, a->obj, &cv, sizeof cv);
    if (sm) load_obj(m, K_SEM, a->obj, &sem, sizeof sem);
    if (o) load_obj(m, K_ONCE, a->obj, &once, sizeof once);
    load_obj(m, K_WORLD, 0, &w, sizeof w);
    rv_mstate st = {.mx = mu ? &mx : NULL,
                    .cv = c ? &cv : NULL,
                    .sem = sm ? &sem : NULL,
                    .once = o ? &once : NULL,
                    .w = &w,
                    .rw = rl ? &rw : NULL,
                    .bar = br ? &bar : NULL};
    rv_model_redo(&st, a, e->val);
    if (rl) store_obj(m, K_RWLOCK, a->obj, &rw, sizeof rw);
    if (br) store_obj(m, K_BARRIER, a->obj, &bar, sizeof bar);
    if (mu) store_obj(m, K_MUTEX, mu, &mx, sizeof mx);
    if (c) store_obj(m, K_COND, a->obj, &cv, sizeof cv);
    if (sm) store_obj(m, K_SEM, a->obj, &sem, sizeof sem);
    if (o) store_obj(m, K_ONCE, a->obj, &once, sizeof once);
    store_obj(m, K_WORLD, 0, &w, sizeof w);
}

/* An event of a thread >= RV_MASK_THREADS, or a create, join or detach of
 * one: the slots here do not hold what the model keeps of such a thread
 * outside the objects' masks, so two configurations that differ only
 * there would fold equal:
 *  - its part of a condition variable or rwlock (waiting, read-holding)
 *    is in its rv_mhi (model.h), and the objects' counts would make two
 *    waiter sets of one size equal;
 *  - its world flags (created, detached, joined) are in rv_mstate.whi.
 * Every configuration that holds one is unique: no cutoff nor witness
 * there, sound, as for any state not accounted for, and as
 * rv_unf_cut_prefix has it (nofp), so that both ways of computing a state
 * agree. */
static bool hi_thread(const rv_action *a)
{
    bool on_thread = a->kind == RV_ACT_CREATE || a->kind == RV_ACT_JOIN || a->kind == RV_ACT_DETACH;
    return a->tid >= RV_MASK_THREADS || (on_thread && a->obj >= RV_MASK_THREADS);
}

/* Does e write memory?  A compare-exchange labelled RMW by the unknown-
 * value rule (values.h) that failed when it ran wrote nothing: a read. */
static bool writes_memory(const rv_uevent *e)
{
    const rv_action *a = &e->act;
    if (!rv_is_memory(a) || a->kind == RV_ACT_READ) return false;
    return !(rv_is_cas(a) && e->executed && e->weff == RV_WEFF_NONE);
}

/* Fold one event into the object states (keys: kind tag << 56 | ...).
 * Memory: the event's change of the image (wv: its own write, apart from
 * the writer's state, and the bytes the runtime wrote for its thread
 * without an event, which any event may carry); everything else through
 * the model (fold_sync).  Returns 0, or why the state is unique
 * (RV_UNIQ_*, RV_TAINT_*). */
static uint32_t fold(kvmap *m, const rv_uevent *e)
{
    const rv_action *a = &e->act;
    if (e->taint) return e->taint; /* changed without an event: unique */
    if (a->kind == RV_ACT_NONE || a->kind >= RV_ACT_KIND_COUNT) return RV_UNIQ_KIND;
    if (hi_thread(a)) return RV_UNIQ_HI_SYNC;
    bool w = writes_memory(e);
    if (w && !e->wv_ok) return RV_UNIQ_BIG_WRITE; /* bytes not hashed */
    if (e->wv_ok) {
        m->mem.lo ^= e->wv_lo;
        m->mem.hi ^= e->wv_hi;
    }
    if (!rv_is_memory(a) || a->kind == RV_ACT_READ) fold_sync(m, e);
    return 0;
}

/* Keep x among the first RV_UNIQUE_SRC_MAX distinct sources of unique
 * states (rv_unf.unique_src). */
static void add_unique_src(rv_unf *u, const rv_unique_src *x)
{
    for (unsigned i = 0; i < u->nunique_src; i++)
        if (!memcmp(&u->unique_src[i], x, sizeof *x)) return;
    if (u->nunique_src < RV_UNIQUE_SRC_MAX)
        u->unique_src[u->nunique_src++] = *x;
    else
        u->unique_src_more = true;
}

/* Where the state became unique at e for a reason the fold found (a
 * write too large to hash, ...): e itself.  Taints are noted with their
 * origin as events are mapped (rv_unf_note_taint). */
static void note_unique(rv_unf *u, const rv_uevent *e, uint32_t why)
{
    if (e->taint) return;
    for (uint32_t w = why; w; w &= w - 1) {
        uint32_t bit = w & -w;
        rv_unique_src x = {
            .why = bit, .len = bit == RV_UNIQ_BIG_WRITE ? (uint32_t)e->act.len : 0, .pc = e->pc};
        add_unique_src(u, &x);
    }
}

/* The build's own reasons (code built without instrumentation, frames of
 * variable size) hold at every event: the backend's taint_note names them.
 * A taint with an origin is the C library call after the event. */
void rv_unf_note_taint(rv_unf *u, const rv_event *ev)
{
    uint32_t why = ev->taint & ~(uint32_t)(RV_TAINT_UNINSTRUMENTED | RV_TAINT_DYNAMIC_FRAME);
    for (uint32_t w = why; w; w &= w - 1) {
        uint32_t bit = w & -w;
        bool origin = bit != RV_TAINT_DEEP_STACK && ev->taint_pc;
        rv_unique_src x = {
            .why = bit, .pc = origin ? ev->taint_pc : ev->pc, .fn = origin ? ev->taint_fn : 0};
        add_unique_src(u, &x);
    }
}

/* Thread t's slot after its event x: its local state. */
static void fold_thread(kvmap *m, unsigned t, const rv_uevent *x)
{
    kv *s = kv_open(m, (uint64_t)K_THREAD << 56, t);
    s->v[0] = x->fp_lo;
    s->v[1] = x->fp_hi;
    s->v[2] = x->act.kind;
    s->v[3] = 0;
    kv_close(m, s);
}

/* A thread created by c that has no event yet (issue 10, class 1): it
 * exists, and its start function and argument are in the creator's
 * record, hashed in the create event's fingerprint. */
static void fold_unstarted_one(kvmap *m, const rv_uevent *c)
{
    kv *s = kv_open(m, (uint64_t)K_THREAD << 56, c->act.obj);
    s->v[0] = c->fp_lo;
    s->v[1] = c->fp_hi;
    s->v[2] = RV_ACT_KIND_COUNT; /* "created, no event yet" */
    s->v[3] = c->act.tid;
    kv_close(m, s);
}

static void fold_unstarted(kvmap *m, rv_uevent *const *lc, size_t nlc, const rv_uevent *e)
{
    for (size_t i = 0; i < nlc; i++) {
        const rv_uevent *c = lc[i];
        if (c->act.kind != RV_ACT_CREATE) continue;
        uint64_t child = c->act.obj;
        if (child < e->nt && e->tmax[child]) continue; /* started: its own maximum counts */
        fold_unstarted_one(m, c);
    }
}

_Static_assert(RV_WV_MAX == 64u << 10, "rv_unf_unique_str names the bound");

void rv_unf_unique_str(uint32_t why, char *out, size_t n)
{
    static const struct {
        uint32_t bit;
        const char *what;
    } names[] = {
        {RV_TAINT_LIBC, "calls to C library functions that may write memory or keep state"},
        {RV_TAINT_UNINSTRUMENTED, "code built without instrumentation"},
        {RV_TAINT_HEAP_COPY, "heap bytes written without events (the C library's allocations)"},
        {RV_TAINT_RUNTIME_WRITE, "memory the runtime wrote without an event"},
        {RV_TAINT_DEEP_STACK, "thread stacks deeper than 256 KiB (not hashed)"},
        {RV_TAINT_DYNAMIC_FRAME, "stack frames of variable size (alloca, VLAs)"},
        {RV_TAINT_SYNC_TABLE,
         "writes after synchronisation objects filled the memory image's table (6144 granules)"},
        {RV_TAINT_PLAIN, "plain accesses under --memory=drf (their happens-before is in no state)"},
        {RV_UNIQ_BIG_WRITE, "writes larger than 64 KiB"},
        {RV_UNIQ_KIND, "event kinds the state does not fold"},
        {RV_UNIQ_HI_SYNC, "threads above 63"},
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

/* The order key of [e] (caller frees). */
static uint64_t *key_of(rv_unf *u, rv_uevent *e)
{
    size_t n;
    rv_uevent **lc = local_config(u, e, &n);
    uint64_t *k = order_key(u, lc, n);
    free(lc);
    return k;
}

/* state([e]) by folding [e] in a linear extension of <; false when not
 * computable (a fingerprint is missing) or deliberately unique (*why: the
 * reasons, every one met in [e]).  O(|[e]| log |[e]|). */
static bool compute_state(rv_unf *u, rv_uevent *e, rv_hash128 *out, uint32_t *why)
{
    size_t n;
    rv_uevent **lc = local_config(u, e, &n);
    bool ok = true;
    *why = 0;
    for (size_t i = 0; i < n && ok; i++) ok = lc[i]->has_fp;
    kvmap m = {0};
    if (ok) {
        qsort(lc, n, sizeof *lc, cmp_lsize);
        for (size_t i = 0; i < n; i++) {
            uint32_t w = fold(&m, lc[i]);
            if (w) note_unique(u, lc[i], w);
            *why |= w;
        }
        ok = !*why;
    }
    if (ok) {
        fold_unstarted(&m, lc, n, e);
        for (unsigned t = 0; t < e->nt; t++)
            if (e->tmax[t]) fold_thread(&m, t, e->tmax[t]);
        *out = kv_digest(&m);
    }
    kvmap_free(&m);
    free(lc);
    return ok;
}

/* ---- the states of the current execution's prefixes ----------------------
 *
 * As an execution is mapped, its prefix C_i (positions 0..i) is folded one
 * event at a time (the same fold as compute_state's, in execution order, a
 * linear extension of <).  For the event e at position i, [e] ⊆ C_i, and
 * C_i \ [e] are events concurrent with e.  When every one of those is
 * *neutral* — it changes no object state, only its thread's slot (a read,
 * yield, nondet or join, untainted, with fingerprints) — state([e]) is the
 * state of C_i with each thread's slot taken from [e] instead (its
 * maximum in [e], its unstarted creation, or none): O(T) per event instead
 * of O(|[e]|) (issue 11: a long execution used to cost O(n^2)).  Whether
 * C_i \ [e] is neutral is a count: nn(x) = the non-neutral events of x's
 * thread up to x, so [e] holds Σ_u nn(tmax_e[u]) of them and C_i holds
 * p->nn. */
typedef struct rv_cutprefix {
    kvmap m;
    size_t len;                               /* positions 0..len-1 folded, contiguously */
    uint64_t nn;                              /* non-neutral events among them */
    uint32_t why;                             /* reasons for uniqueness met so far */
    bool nofp;                                /* an event without fingerprints met */
    unsigned nt;                              /* 1 + the largest thread id seen */
    const rv_uevent *last[RV_MASK_THREADS];   /* each thread's last event in C_i */
    const rv_uevent *create[RV_MASK_THREADS]; /* each thread's creation in C_i */
} rv_cutprefix;

static bool neutral(const rv_uevent *e)
{
    switch (e->act.kind) {
    case RV_ACT_READ:
    case RV_ACT_YIELD:
    case RV_ACT_NONDET:
    case RV_ACT_JOIN:
        /* a read may carry bytes the runtime wrote after it (realloc) */
        return !e->taint && e->has_fp && !rv_unf_is_err(e) && !(e->wv_ok && (e->wv_lo | e->wv_hi));
    default:
        return false;
    }
}

void rv_unf_cut_prefix(rv_unf *u, rv_uevent *e)
{
    if (e->pos < 0) return;
    if (!u->cutpre) u->cutpre = rv_xcalloc(1, sizeof *u->cutpre);
    rv_cutprefix *p = u->cutpre;
    if (e->pos == 0) {
        kvmap_free(&p->m);
        memset(p, 0, sizeof *p);
    }
    if ((size_t)e->pos != p->len) return; /* an event was dropped: no longer a prefix */
    unsigned t = e->act.tid;
    e->nn = (e->tparent ? e->tparent->nn : 0) + !neutral(e);
    p->nn += !neutral(e);
    bool hi_obj = (e->act.kind == RV_ACT_CREATE || e->act.kind == RV_ACT_JOIN ||
                   e->act.kind == RV_ACT_DETACH) &&
                  e->act.obj >= RV_MASK_THREADS;
    if (t >= RV_MASK_THREADS || hi_obj) {
        /* a state with a thread above the world's masks (model.h) is not
         * folded: unique from here on, never a cutoff (issue 13 part 3) */
        p->nofp = true;
    } else if (!e->has_fp) {
        p->nofp = true;
    } else {
        uint32_t w = fold(&p->m, e);
        if (w) note_unique(u, e, w);
        p->why |= w;
        fold_thread(&p->m, t, e);
        p->last[t] = e;
        if (t + 1 > p->nt) p->nt = t + 1;
        if (e->act.kind == RV_ACT_CREATE && e->act.obj < RV_MASK_THREADS) {
            fold_unstarted_one(&p->m, e);
            p->create[e->act.obj] = e;
            if (e->act.obj + 1 > p->nt) p->nt = (unsigned)e->act.obj + 1;
        }
    }
    p->len++;
}

/* Thread u's slot in [x] (x = a thread's last event, or its creation), as
 * fold_thread / fold_unstarted_one write it; false if u has none. */
static bool thread_entry(unsigned t, const rv_uevent *last, const rv_uevent *create, kv *out)
{
    memset(out, 0, sizeof *out);
    out->k1 = (uint64_t)K_THREAD << 56;
    out->k2 = t;
    if (last) {
        out->v[0] = last->fp_lo;
        out->v[1] = last->fp_hi;
        out->v[2] = last->act.kind;
        return true;
    }
    if (create) {
        out->v[0] = create->fp_lo;
        out->v[1] = create->fp_hi;
        out->v[2] = RV_ACT_KIND_COUNT;
        out->v[3] = create->act.tid;
        return true;
    }
    return false;
}

/* state([e]) from the state of the prefix that ends with e, when the rest
 * of that prefix is neutral (see above); false when not applicable. */
static bool prefix_state(const rv_unf *u, const rv_uevent *e, rv_hash128 *out, uint32_t *why,
                         bool *ok)
{
    const rv_cutprefix *p = u->cutpre;
    if (!p || e->pos < 0 || (size_t)e->pos + 1 != p->len || u->cur[e->pos] != e) return false;
    uint64_t nn = 0;
    for (unsigned t = 0; t < e->nt; t++)
        if (e->tmax[t]) nn += e->tmax[t]->nn;
    if (nn != p->nn) return false;
    *why = p->why;
    *ok = !p->why && !p->nofp;
    if (!*ok) return true;
    kvmap m = {.sum_lo = p->m.sum_lo, .sum_hi = p->m.sum_hi, .n = p->m.n, .mem = p->m.mem};
    for (unsigned t = 0; t < p->nt; t++) {
        const rv_uevent *el = t < e->nt ? e->tmax[t] : NULL;
        const rv_uevent *ec = p->create[t] && rv_unf_leq(p->create[t], e) ? p->create[t] : NULL;
        if (el == p->last[t] && (el || ec == p->create[t])) continue;
        kv a, b;
        if (thread_entry(t, p->last[t], p->create[t], &a)) {
            kv_sum(&m, &a, -1);
            m.n--;
        }
        if (thread_entry(t, el, ec, &b)) {
            kv_sum(&m, &b, +1);
            m.n++;
        }
    }
    *out = kv_digest(&m);
    return true;
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

/* ◁ between the slot's configuration and [e], three-way; *ekey receives
 * e's order key when it had to be built.  Sizes decide most comparisons,
 * so order keys (2|[e]| words) are built only on a tie of sizes. */
static int cmp_slot(rv_unf *u, rv_cutslot *s, rv_uevent *e, uint64_t **ekey)
{
    if (s->size != e->lsize) return s->size < e->lsize ? -1 : 1;
    if (!s->key) {
        s->key = key_of(u, s->ev);
        s->ev = NULL;
    }
    *ekey = key_of(u, e);
    return cmp_keys(s->key, *ekey);
}

void rv_unf_cut_materialise(rv_unf *u)
{
    for (size_t i = 0; i < u->capcut; i++) {
        rv_cutslot *s = &u->cut[i];
        if (!s->used || s->key || !s->ev) continue;
        s->key = key_of(u, s->ev);
        s->ev = NULL;
    }
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
    uint32_t why = 0;
    bool ok;
    if (!prefix_state(u, e, &st, &why, &ok)) ok = compute_state(u, e, &st, &why);
    u->unique_why |= why;
    if (!ok) {
        e->state_ok = true; /* unique state: never a cutoff nor a witness */
        return false;
    }
    e->state = st;
    e->state_ok = e->state_known = true;
    if (2 * (u->ncut + 1) > u->capcut) cut_grow(u);
    size_t i = cut_find(u, st);
    rv_cutslot *s = &u->cut[i];
    uint64_t *ekey = NULL;
    int c = s->used ? cmp_slot(u, s, e, &ekey) : 1;
    if (c < 0) { /* seed 001 eq. (7) with ◁ */
        free(ekey);
        e->cutoff = true;
        u->ncutoffs++;
        return true;
    }
    if (!s->used) {
        s->used = true;
        s->st = st;
        u->ncut++;
    }
    if (c > 0) { /* e is the new ◁-least configuration of this state */
        free(s->key);
        s->key = ekey;
        s->ev = ekey ? NULL : e;
        s->size = e->lsize;
    } else {
        free(ekey);
    }
    return false;
}

static void undec_push(rv_unf *u, rv_uevent *e)
{
    if (u->nundec == u->capundec) {
        u->capundec = u->capundec ? 2 * u->capundec : 256;
        u->undec = rv_xrealloc(u->undec, u->capundec * sizeof *u->undec);
    }
    u->undec[u->nundec++] = e;
}

/* The events still undecided from earlier sweeps come first, then the
 * events created since: together U's undecided events in id order, the
 * order in which a scan of all of U would decide them (a decided event's
 * rv_unf_cutoff returns at once and changes nothing, so skipping them
 * leaves every decision as the full scan made it). */
void rv_unf_cut_sweep(rv_unf *u)
{
    if (u->undec_upto > u->n) rv_unf_cut_renumbered(u);
    size_t w = 0, i = 0;
    bool stop = false;
    for (; i < u->nundec; i++) {
        rv_uevent *e = u->undec[i];
        if ((stop = rv_unf_stop(u))) break;
        rv_unf_cutoff(u, e);
        if (!e->state_ok) u->undec[w++] = e;
    }
    for (; i < u->nundec; i++) u->undec[w++] = u->undec[i];
    u->nundec = w;
    for (; u->undec_upto < u->n && !stop; u->undec_upto++) {
        rv_uevent *e = u->ev[u->undec_upto];
        if ((stop = rv_unf_stop(u))) break;
        rv_unf_cutoff(u, e);
        if (!e->state_ok) undec_push(u, e);
    }
}

void rv_unf_cut_renumbered(rv_unf *u)
{
    u->nundec = u->undec_upto = 0;
}

void rv_unf_cut_move(rv_unf *from, rv_unf *to)
{
    rv_unf_cut_materialise(from); /* keys outlive the events they were built from */
    for (size_t i = 0; i < to->capcut; i++) free(to->cut[i].key);
    free(to->cut);
    to->cut = from->cut;
    to->capcut = from->capcut;
    to->ncut = from->ncut;
    from->cut = NULL;
    from->capcut = from->ncut = 0;
}

void rv_unf_cut_free(rv_unf *u)
{
    for (size_t i = 0; i < u->capcut; i++) free(u->cut[i].key);
    free(u->cut);
    u->cut = NULL;
    u->capcut = u->ncut = 0;
    free(u->undec);
    u->undec = NULL;
    u->nundec = u->capundec = u->undec_upto = 0;
    if (u->cutpre) {
        kvmap_free(&u->cutpre->m);
        free(u->cutpre);
        u->cutpre = NULL;
    }
}
