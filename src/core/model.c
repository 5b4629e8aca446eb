/*
 * model.c — the one model of the synchronisation objects (model.h).
 * POSIX semantics for mutex kinds, condition variables with waiter sets and
 * lost signals (seed 004 §3.1: a wait is w1 + w2), semaphores, once,
 * join/detach, atomic sections and nondet; spin locks (normal mutexes),
 * read-write locks with reader preference, barriers, and timed waits whose
 * time-out is a value choice (DESIGN "Timed waits").  A spurious wake-up
 * is a timed condition wake-up whose time-out returns 0 (the runtime's
 * --spurious-wakeups).
 */
#include "model.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

static int norm_kind(int64_t k)
{
    return k == RV_MK_RECURSIVE || k == RV_MK_ERRORCHECK ? (int)k : RV_MK_NORMAL;
}

uint64_t rv_model_mutex_static_kind(const rv_mutex_st *m)
{
    if (m->status == RV_MST_STATIC) return (uint64_t)norm_kind(m->kind) + 1;
    if (!rv_model_status_written(m->status)) return RV_MK_RAW; /* never initialised storage */
    if (m->kind0 >= 1 && m->kind0 <= RV_MK_RAW) return (uint64_t)m->kind0;
    return RV_MK_NORMAL + 1;
}

void rv_model_start(rv_mutex_st *mx, rv_cond_st *cv, rv_sem_st *sem, int32_t *once,
                    rv_rwlock_st *rw, const rv_action *a)
{
    if (mx) {
        memset(mx, 0, sizeof *mx);
        if (a->len == RV_MK_RAW) {
            mx->status = RV_MST_RAW;
            mx->kind0 = RV_MK_RAW;
        } else {
            mx->kind = a->len ? norm_kind((int64_t)a->len - 1) : RV_MK_NORMAL;
        }
    }
    bool raw = (a->flags & RV_AF_RAW) != 0;
    if (cv) {
        memset(cv, 0, sizeof *cv);
        if (raw && rv_on_cond(a)) cv->status = RV_MST_RAW;
    }
    if (rw) {
        memset(rw, 0, sizeof *rw);
        if (raw && rv_on_rwlock(a)) rw->status = RV_MST_RAW;
    }
    if (sem) {
        memset(sem, 0, sizeof *sem);
        bool is_sem = a->kind == RV_ACT_SEM_WAIT || a->kind == RV_ACT_SEM_TRYWAIT ||
                      a->kind == RV_ACT_SEM_POST;
        if (is_sem && a->obj2) { /* PV: the initial count is part of the action */
            sem->status = RV_MST_INIT;
            sem->count = (int32_t)(a->obj2 - 1);
        }
    }
    if (once) *once = 0;
}

/* "destroyed" / "uninitialised" for a status that is not usable, else NULL. */
static const char *status_problem(uint32_t status)
{
    if (status == RV_MST_STATIC || status == RV_MST_INIT) return NULL;
    return status == RV_MST_DEAD ? "destroyed" : "uninitialised";
}

/* The RV_WF_* flags of thread t >= RV_MASK_THREADS (rv_world_st), NULL if
 * they have no place. */
static uint8_t *world_slot(const rv_mstate *s, uint64_t t)
{
    if (!s->whi || t < RV_MASK_THREADS) return NULL;
    if (!s->whi_tid) return t < RV_MAX_THREADS ? &s->whi[t - RV_MASK_THREADS] : NULL;
    for (unsigned i = 0; i < s->nwhi; i++)
        if (s->whi_tid[i] == t) return &s->whi[i];
    return NULL;
}

static unsigned world_flags(const rv_mstate *s, uint64_t t)
{
    const uint8_t *f = world_slot(s, t);
    return f ? *f : 0;
}

bool rv_model_created(const rv_mstate *s, unsigned t)
{
    return t < RV_MASK_THREADS ? (s->w->created >> t) & 1
                               : (world_flags(s, t) & RV_WF_CREATED) != 0;
}

/* The index of the first entry of hs whose thread is >= t. */
static unsigned hs_lower(const rv_mhi_set *hs, uint64_t t)
{
    unsigned lo = 0, hi = hs->n;
    while (lo < hi) {
        unsigned mid = (lo + hi) / 2;
        if (hs->tid[mid] < t)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

/* Thread t's rv_mhi (t >= RV_MASK_THREADS), NULL if it has none. */
static rv_mhi *hi_of(const rv_mstate *s, uint64_t t)
{
    if (t < RV_MASK_THREADS) return NULL;
    if (s->hs) {
        unsigned i = hs_lower(s->hs, t);
        return i < s->hs->n && s->hs->tid[i] == t ? &s->hs->hi[i] : NULL;
    }
    if (!s->hi || t >= s->hi_end) return NULL;
    return &s->hi[t - RV_MASK_THREADS];
}

/* Thread t's rv_mhi, made (all zero) if it has none and there is room:
 * for a wait or read lock, the first thing of t an object holds. */
static rv_mhi *hi_make(const rv_mstate *s, uint64_t t)
{
    rv_mhi *h = hi_of(s, t);
    rv_mhi_set *hs = s->hs;
    if (h || t < RV_MASK_THREADS || !hs || hs->n == hs->cap) return h;
    unsigned i = hs_lower(hs, t);
    memmove(&hs->tid[i + 1], &hs->tid[i], (hs->n - i) * sizeof *hs->tid);
    memmove(&hs->hi[i + 1], &hs->hi[i], (hs->n - i) * sizeof *hs->hi);
    hs->n++;
    hs->tid[i] = (uint16_t)t;
    memset(&hs->hi[i], 0, sizeof hs->hi[i]);
    return &hs->hi[i];
}

static bool has_hi(const rv_mstate *s)
{
    return s->hi || s->hs;
}

/* The first thread >= `from` whose rv_mhi satisfies `is` for obj: the
 * walks over the table that only objects holding threads above 63 make
 * (their counts say so), so that programs of fewer threads never pay. */
static unsigned hi_next(const rv_mstate *s, unsigned from, uint64_t obj,
                        bool (*is)(const rv_mhi *, uint64_t))
{
    if (from < RV_MASK_THREADS) from = RV_MASK_THREADS;
    if (s->hs) {
        for (unsigned i = hs_lower(s->hs, from); i < s->hs->n; i++)
            if (is(&s->hs->hi[i], obj)) return s->hs->tid[i];
        return RV_NO_THREAD;
    }
    for (unsigned t = from; t < s->hi_end; t++)
        if (is(&s->hi[t - RV_MASK_THREADS], obj)) return t;
    return RV_NO_THREAD;
}

static bool hi_waits_on(const rv_mhi *h, uint64_t cv)
{
    return h->cv == cv;
}

/* The slot of h's read locks that names rwlock rw, -1 if none. */
static int hi_rd_slot(const rv_mhi *h, uint64_t rw)
{
    for (int k = 0; k < RV_HI_RD; k++)
        if (h->rdn[k] && h->rd[k] == rw) return k;
    return -1;
}

static bool in_other_section(const rv_world_st *w, const rv_action *a)
{
    return w && w->atomic && w->atomic != a->tid + 1u;
}

/* Is a's thread in the waiter set of condition variable a->obj? */
static bool cv_waits(const rv_mstate *s, const rv_action *a)
{
    if (a->tid < RV_MASK_THREADS) return (s->cv->waiters >> a->tid) & 1;
    const rv_mhi *h = hi_of(s, a->tid);
    return h && h->cv == a->obj;
}

/* ---- read-write locks --------------------------------------------------- */

static bool rw_holds_read(const rv_mstate *s, const rv_action *a)
{
    if (a->tid < RV_MASK_THREADS) return (s->rw->readers[0] >> a->tid) & 1;
    const rv_mhi *h = hi_of(s, a->tid);
    return h && hi_rd_slot(h, a->obj) >= 0;
}

static bool rw_has_readers(const rv_rwlock_st *r)
{
    return r->readers[0] != 0 || r->nhi != 0;
}

/* Could a read (write) acquire by a's thread succeed now?  Reader
 * preference: only a writer holds readers back. */
static bool rw_can_read(const rv_rwlock_st *r)
{
    return r->writer == 0;
}

static bool rw_can_write(const rv_rwlock_st *r)
{
    return r->writer == 0 && !rw_has_readers(r);
}

/* Can a's thread not take one more read lock (EAGAIN)?  It holds
 * RV_RW_NEST of this lock already; or, above 63, it holds read locks on
 * RV_HI_RD other rwlocks (or has no rv_mhi and no room for one). */
static bool rw_nest_full(const rv_mstate *s, const rv_action *a)
{
    if (a->tid < RV_MASK_THREADS) return (s->rw->readers[RV_RW_NEST - 1] >> a->tid) & 1;
    const rv_mhi *h = hi_of(s, a->tid);
    if (!h) return !s->hs || s->hs->n == s->hs->cap;
    int k = hi_rd_slot(h, a->obj);
    if (k >= 0) return h->rdn[k] >= RV_RW_NEST;
    for (k = 0; k < RV_HI_RD; k++)
        if (!h->rdn[k]) return false;
    return true;
}

static bool rw_enabled(const rv_rwlock_st *r, const rv_action *a)
{
    int me = (int)a->tid + 1;
    if (status_problem(r->status) || r->writer == me) return true; /* misuse, EDEADLK */
    return a->kind == RV_ACT_RDLOCK ? rw_can_read(r) : rw_can_write(r);
}

bool rv_model_enabled(const rv_mstate *s, const rv_action *a)
{
    if (s->w && s->w->pexit) return false;
    /* Atomic sections (DESIGN "The one model"): while a thread is inside
     * one, no other thread runs, also when the owner blocks there (then
     * the execution deadlocks, or is infeasible after a failed assume). */
    if (in_other_section(s->w, a)) return false;
    unsigned me = a->tid + 1u;
    switch (a->kind) {
    case RV_ACT_LOCK: {
        const rv_mutex_st *m = s->mx;
        if (status_problem(m->status) || m->owner == 0) return true; /* misuse: reported when run */
        return (unsigned)m->owner == me && m->kind != RV_MK_NORMAL;
    }
    case RV_ACT_WAIT2: /* a timed one need not be notified: it times out */
        return ((a->flags & RV_AF_TIMED) || !cv_waits(s, a)) && s->mx->owner == 0;
    case RV_ACT_RDLOCK:
    case RV_ACT_WRLOCK:
        return rw_enabled(s->rw, a);
    case RV_ACT_BAR_LEAVE: /* the cycle it arrived in is over */
        return a->tid < RV_MASK_THREADS ? (s->bar->released >> a->tid) & 1
                                        : s->bar->gen != (uint32_t)a->arg;
    case RV_ACT_JOIN:
        return a->obj < RV_MASK_THREADS
                   ? ((s->w->exited | s->w->detached) >> a->obj) & 1
                   : (world_flags(s, a->obj) & (RV_WF_EXITED | RV_WF_DETACHED)) != 0;
    case RV_ACT_SEM_WAIT:
        return s->sem->status != RV_MST_INIT || s->sem->count > 0;
    case RV_ACT_ONCE_BEGIN:
        return *s->once != 1;
    case RV_ACT_NONE:
        return false;
    case RV_ACT_CREATE:
        return !(a->flags & RV_AF_BOUND);
    default:
        return true;
    }
}

/* Would timed acquire a succeed now (so that timing out is its second
 * value)?  A usable object only: a misuse is reported, not chosen. */
static bool timed_can_acquire(const rv_mstate *s, const rv_action *a)
{
    int me = (int)a->tid + 1;
    switch (a->kind) {
    case RV_ACT_TRYLOCK: {
        const rv_mutex_st *m = s->mx;
        if (status_problem(m->status)) return false;
        return m->owner == 0 || (m->owner == me && m->kind == RV_MK_RECURSIVE);
    }
    case RV_ACT_SEM_TRYWAIT:
        return s->sem->status == RV_MST_INIT && s->sem->count > 0;
    case RV_ACT_TRYRDLOCK:
        return !status_problem(s->rw->status) && rw_can_read(s->rw) && !rw_nest_full(s, a);
    case RV_ACT_TRYWRLOCK:
        return !status_problem(s->rw->status) && rw_can_write(s->rw);
    default:
        return false;
    }
}

uint32_t rv_model_domain(const rv_mstate *s, const rv_action *a)
{
    if (a->kind == RV_ACT_SIGNAL && s->cv && (s->cv->waiters || s->cv->nhi) &&
        !status_problem(s->cv->status))
        return (uint32_t)__builtin_popcountll(s->cv->waiters) + s->cv->nhi;
    if (a->kind == RV_ACT_NONDET) return a->ndom ? a->ndom : 1;
    if (a->flags & RV_AF_TIMED) return timed_can_acquire(s, a) ? 2 : 1;
    return 1;
}

static int misuse(char *msg, size_t cap, const char *text)
{
    if (msg && cap) snprintf(msg, cap, "%s", text);
    return RV_MODEL_MISUSE;
}

/* What the program calls the object of mutex action a. */
static const char *mutex_noun(const rv_action *a)
{
    return (a->flags & RV_AF_SPIN) ? "spin lock" : "mutex";
}

/* A misuse of a mutex that is not usable (destroyed, uninitialised). */
static int mutex_problem(const rv_mutex_st *m, const rv_action *a, const char *op, char *msg,
                         size_t cap)
{
    const char *p = status_problem(m->status);
    if (!p) return 0;
    if (msg && cap)
        snprintf(msg, cap, "%s of a%s %s %s", op, p[0] == 'u' ? "n" : "", p, mutex_noun(a));
    return RV_MODEL_MISUSE;
}

static int apply_lock(rv_mutex_st *m, rv_action *a, char *msg, size_t cap)
{
    int me = (int)a->tid + 1;
    if (mutex_problem(m, a, "lock", msg, cap)) return RV_MODEL_MISUSE;
    if (m->owner == me) {
        if (m->kind != RV_MK_RECURSIVE) return EDEADLK; /* errorcheck (normal: not enabled) */
        m->count++;
        return 0;
    }
    m->owner = me;
    m->count = 1;
    return 0;
}

/* trylock, and timedlock (RV_AF_TIMED): val 0 times out, val 1 (offered
 * when the mutex can be taken) takes it; on an errorcheck mutex its
 * thread holds, EDEADLK (as glibc). */
static int apply_trylock(rv_mutex_st *m, rv_action *a, uint32_t val, char *msg, size_t cap)
{
    int me = (int)a->tid + 1;
    bool timed = (a->flags & RV_AF_TIMED) != 0;
    if (mutex_problem(m, a, timed ? "timedlock" : "trylock", msg, cap)) return RV_MODEL_MISUSE;
    a->arg = 0;
    if (timed && m->owner == me && m->kind == RV_MK_ERRORCHECK) return EDEADLK;
    if (timed && val == 0) return ETIMEDOUT;
    if (m->owner == 0) {
        m->owner = me;
        m->count = 1;
    } else if (m->owner == me && m->kind == RV_MK_RECURSIVE) {
        m->count++;
    } else {
        return timed ? ETIMEDOUT : EBUSY;
    }
    a->arg = 1;
    return 0;
}

static int apply_unlock(rv_mutex_st *m, rv_action *a, char *msg, size_t cap)
{
    int me = (int)a->tid + 1;
    if (mutex_problem(m, a, "unlock", msg, cap)) return RV_MODEL_MISUSE;
    if (m->owner != me) {
        if (m->kind != RV_MK_NORMAL) return EPERM; /* POSIX: the mutex is unchanged */
        if (msg && cap && !m->owner)
            snprintf(msg, cap, "unlock of a %s that is not locked", mutex_noun(a));
        else if (msg && cap)
            snprintf(msg, cap, "unlock of a %s held by thread %d", mutex_noun(a), m->owner - 1);
        return RV_MODEL_MISUSE;
    }
    if (--m->count == 0) m->owner = 0;
    return 0;
}

static int apply_mutex_init(rv_mutex_st *m, rv_action *a, char *msg, size_t cap)
{
    if (m->status == RV_MST_INIT && m->owner) {
        if (msg && cap) snprintf(msg, cap, "re-initialisation of a locked %s", mutex_noun(a));
        return RV_MODEL_MISUSE;
    }
    int32_t kind0 = (int32_t)rv_model_mutex_static_kind(m);
    memset(m, 0, sizeof *m);
    m->kind0 = kind0;
    m->status = RV_MST_INIT;
    m->kind = norm_kind((int64_t)a->arg);
    return 0;
}

static int apply_mutex_destroy(rv_mutex_st *m, const rv_action *a, char *msg, size_t cap)
{
    if (mutex_problem(m, a, "destroy", msg, cap)) return RV_MODEL_MISUSE;
    if (m->owner) {
        if (msg && cap) snprintf(msg, cap, "destroy of a locked %s", mutex_noun(a));
        return RV_MODEL_MISUSE;
    }
    m->status = RV_MST_DEAD;
    return 0;
}

static int cond_problem(const rv_cond_st *c, char *msg, size_t cap)
{
    const char *p = status_problem(c->status);
    if (!p) return 0;
    if (msg && cap)
        snprintf(msg, cap, "use of a%s %s condition variable", p[0] == 'u' ? "n" : "", p);
    return RV_MODEL_MISUSE;
}

/* w1: release the mutex (remembering the recursion count in a->arg, which
 * the runtime copies into w2) and join the waiter set. */
static int apply_wait1(rv_mstate *s, rv_action *a, char *msg, size_t cap)
{
    if (cond_problem(s->cv, msg, cap)) return RV_MODEL_MISUSE;
    if (mutex_problem(s->mx, a, "pthread_cond_wait", msg, cap)) return RV_MODEL_MISUSE;
    if (s->mx->owner != (int)a->tid + 1)
        return misuse(msg, cap, "pthread_cond_wait with a mutex the thread does not hold");
    a->arg = s->mx->count;
    s->mx->owner = 0;
    s->mx->count = 0;
    if (a->tid < RV_MASK_THREADS) {
        s->cv->waiters |= 1ull << a->tid;
        return 0;
    }
    rv_mhi *h = hi_make(s, a->tid);
    if (h) { /* none: a state that only counts them (the unfolding's, extend.c) */
        h->cv = a->obj;
        h->woke = 0;
    }
    s->cv->nhi++;
    return 0;
}

/* w2 re-acquires the mutex; a timed one still in the waiter set (no
 * notification came) leaves it and times out. */
static int apply_wait2(rv_mstate *s, rv_action *a)
{
    s->mx->owner = (int)a->tid + 1;
    s->mx->count = (uint32_t)a->arg ? (uint32_t)a->arg : 1;
    if (a->tid >= RV_MASK_THREADS) {
        rv_mhi *h = hi_of(s, a->tid);
        a->arg = (uint32_t)a->arg; /* the broadcast that woke it: the dependence's */
        if (!h) return 0;
        if (h->cv != a->obj) {
            a->arg |= (uint64_t)h->woke << 32;
            return 0;
        }
        h->cv = 0; /* only a timed w2 is enabled here */
        s->cv->nhi--;
        return ETIMEDOUT;
    }
    uint64_t me = 1ull << a->tid;
    if (!(s->cv->waiters & me)) return 0;
    s->cv->waiters &= ~me; /* only a timed w2 is enabled here */
    return ETIMEDOUT;
}

/* Take thread t >= RV_MASK_THREADS out of cv's waiter set, noting the
 * broadcast that did (0: a signal). */
static void hi_unwait(const rv_mstate *s, unsigned t, uint32_t woke)
{
    if (!s->cv->nhi) return;
    s->cv->nhi--;
    rv_mhi *h = hi_of(s, t);
    if (!h) return;
    h->cv = 0;
    h->woke = woke;
}

/* Take every waiter >= RV_MASK_THREADS out of cv a->obj's waiter set. */
static void hi_unwait_all(const rv_mstate *s, const rv_action *a, uint32_t woke)
{
    for (unsigned t = RV_MASK_THREADS; s->cv->nhi && has_hi(s);) {
        t = hi_next(s, t, a->obj, hi_waits_on);
        if (t == RV_NO_THREAD) break;
        hi_unwait(s, t, woke);
    }
    s->cv->nhi = 0;
}

/* The val-th waiter in ascending thread order (seed 004: sig(c, j)): the
 * threads below 64 come first, then those above (their rv_mhi). */
static int apply_signal(const rv_mstate *s, rv_action *a, uint32_t val, char *msg, size_t cap)
{
    rv_cond_st *c = s->cv;
    a->arg = RV_NO_THREAD; /* lost signal, or a misuse: it wakes nobody */
    if (cond_problem(c, msg, cap)) return RV_MODEL_MISUSE;
    uint32_t nlo = (uint32_t)__builtin_popcountll(c->waiters);
    if (val >= nlo && c->nhi && has_hi(s)) {
        unsigned t = RV_MASK_THREADS - 1;
        for (uint32_t i = nlo; i <= val && t != RV_NO_THREAD; i++)
            t = hi_next(s, t + 1, a->obj, hi_waits_on);
        if (t == RV_NO_THREAD) return 0;
        hi_unwait(s, t, 0);
        a->arg = t;
        return 0;
    }
    if (!c->waiters) return 0;
    uint64_t w = c->waiters;
    for (uint32_t i = 0; i < val && (w & (w - 1)); i++) w &= w - 1;
    unsigned j = (unsigned)__builtin_ctzll(w);
    c->waiters &= ~(1ull << j);
    a->arg = j;
    return 0;
}

/* Wakes every waiter; one that wakes threads above 63 gets the next
 * number (len), which they remember (rv_mhi.woke): their w2 depend on it
 * (action.c).  Non-lost notifications of a condvar are totally ordered
 * (mutually dependent), so the numbers are the same in every execution
 * of a trace. */
static int apply_broadcast(const rv_mstate *s, rv_action *a, char *msg, size_t cap)
{
    rv_cond_st *c = s->cv;
    a->arg = 0; /* a misuse wakes nobody */
    a->len = 0;
    if (cond_problem(c, msg, cap)) return RV_MODEL_MISUSE;
    a->arg = c->waiters;
    c->waiters = 0;
    if (c->nhi) {
        a->len = ++c->hbc;
        hi_unwait_all(s, a, c->hbc);
    }
    return 0;
}

static int apply_cond_destroy(rv_cond_st *c, char *msg, size_t cap)
{
    if (cond_problem(c, msg, cap)) return RV_MODEL_MISUSE;
    if (c->waiters || c->nhi)
        return misuse(msg, cap, "destroy of a condition variable with waiting threads");
    c->status = RV_MST_DEAD;
    return 0;
}

static int apply_sem(rv_sem_st *s, rv_action *a, uint32_t val, char *msg, size_t cap)
{
    bool timed = (a->flags & RV_AF_TIMED) != 0;
    if (s->status != RV_MST_INIT)
        return misuse(msg, cap,
                      s->status == RV_MST_DEAD ? "use of a destroyed semaphore"
                                               : "use of an uninitialised semaphore");
    if (a->flags & RV_AF_PEEK) { /* sem_getvalue: reads the count */
        a->arg = 0;
        return 0;
    }
    switch (a->kind) {
    case RV_ACT_SEM_WAIT:
        s->count--;
        return 0;
    case RV_ACT_SEM_TRYWAIT: /* and sem_timedwait (RV_AF_TIMED: val 0 times out) */
        a->arg = s->count > 0 && !(timed && val == 0);
        if (!a->arg) return timed ? ETIMEDOUT : EAGAIN;
        s->count--;
        return 0;
    default:
        s->count++;
        return 0;
    }
}

static int apply_once_begin(int32_t *o, rv_action *a)
{
    a->arg = *o == 0; /* this thread runs the initialiser */
    if (*o == 0) *o = 1;
    return 0;
}

/* Thread t's flag f: a bit of mask m below RV_MASK_THREADS, else its slot. */
static bool wf_get(const rv_mstate *s, const uint64_t *m, uint64_t t, unsigned f)
{
    return t < RV_MASK_THREADS ? (*m >> t) & 1 : (world_flags(s, t) & f) != 0;
}

static void wf_set(const rv_mstate *s, uint64_t *m, uint64_t t, unsigned f)
{
    if (t < RV_MASK_THREADS) {
        *m |= 1ull << t;
        return;
    }
    uint8_t *slot = world_slot(s, t);
    if (slot) *slot |= (uint8_t)f;
}

static int apply_thread(const rv_mstate *s, rv_action *a)
{
    rv_world_st *w = s->w;
    switch (a->kind) {
    case RV_ACT_CREATE:
        wf_set(s, &w->created, a->obj, RV_WF_CREATED);
        if (a->arg) wf_set(s, &w->detached, a->obj, RV_WF_DETACHED); /* created detached */
        return 0;
    case RV_ACT_EXIT:
        wf_set(s, &w->exited, a->tid, RV_WF_EXITED);
        return 0;
    case RV_ACT_JOIN:
        a->arg = wf_get(s, &w->detached, a->obj, RV_WF_DETACHED) ? EINVAL : 0;
        return (int)a->arg;
    case RV_ACT_DETACH:
        if (wf_get(s, &w->detached, a->obj, RV_WF_DETACHED)) return EINVAL;
        wf_set(s, &w->detached, a->obj, RV_WF_DETACHED);
        return 0;
    case RV_ACT_PEXIT:
        w->pexit = true;
        return 0;
    case RV_ACT_ATOMIC_BEGIN:
        w->atomic = a->tid + 1u;
        return 0;
    case RV_ACT_ATOMIC_END:
        w->atomic = 0;
        return 0;
    default:
        return 0;
    }
}

static int rw_problem(const rv_rwlock_st *r, const char *op, char *msg, size_t cap)
{
    const char *p = status_problem(r->status);
    if (!p) return 0;
    if (msg && cap) snprintf(msg, cap, "%s of a%s %s rwlock", op, p[0] == 'u' ? "n" : "", p);
    return RV_MODEL_MISUSE;
}

/* Add one read holding of a's thread (not rw_nest_full). */
static void rw_add_reader(const rv_mstate *s, const rv_action *a)
{
    rv_rwlock_st *r = s->rw;
    if (a->tid >= RV_MASK_THREADS) {
        rv_mhi *h = hi_make(s, a->tid);
        int k = hi_rd_slot(h, a->obj);
        if (k < 0) { /* a free slot: rw_nest_full said there is one */
            for (k = 0; h->rdn[k]; k++) continue;
            h->rd[k] = a->obj;
            r->nhi++;
        }
        h->rdn[k]++;
        return;
    }
    uint64_t bit = 1ull << a->tid;
    for (int k = 0; k < RV_RW_NEST; k++)
        if (!(r->readers[k] & bit)) {
            r->readers[k] |= bit;
            return;
        }
}

/* Drop one read holding of a's thread (rw_holds_read). */
static void rw_drop_reader(const rv_mstate *s, const rv_action *a)
{
    rv_rwlock_st *r = s->rw;
    if (a->tid >= RV_MASK_THREADS) {
        rv_mhi *h = hi_of(s, a->tid);
        int k = hi_rd_slot(h, a->obj);
        if (--h->rdn[k] == 0) {
            h->rd[k] = 0;
            r->nhi--;
        }
        return;
    }
    uint64_t bit = 1ull << a->tid;
    for (int k = RV_RW_NEST - 1; k >= 0; k--)
        if (r->readers[k] & bit) {
            r->readers[k] &= ~bit;
            return;
        }
}

/* The acquires: rdlock/wrlock (enabled: they can take the lock, or the
 * thread is the writer: EDEADLK), tryrdlock/trywrlock (EBUSY), and their
 * timed versions (RV_AF_TIMED; val 0 times out, val 1 takes the lock when
 * it can; a writer's timed re-acquire is EDEADLK, as glibc). */
static int rw_acquire(const rv_mstate *s, rv_action *a, uint32_t val)
{
    rv_rwlock_st *r = s->rw;
    int me = (int)a->tid + 1;
    bool timed = (a->flags & RV_AF_TIMED) != 0;
    bool rd = a->kind == RV_ACT_RDLOCK || a->kind == RV_ACT_TRYRDLOCK;
    bool try = a->kind == RV_ACT_TRYRDLOCK || a->kind == RV_ACT_TRYWRLOCK;
    a->arg = 0;
    if (r->writer == me) return try && !timed ? EBUSY : EDEADLK;
    if (rd && rw_nest_full(s, a)) return EAGAIN;
    if (timed && val == 0) return ETIMEDOUT;
    if (!(rd ? rw_can_read(r) : rw_can_write(r))) return timed ? ETIMEDOUT : EBUSY;
    if (rd) {
        rw_add_reader(s, a);
    } else {
        r->writer = me;
    }
    a->arg = 1;
    return 0;
}

static int apply_rwlock(const rv_mstate *s, rv_action *a, uint32_t val, char *msg, size_t cap)
{
    rv_rwlock_st *r = s->rw;
    int me = (int)a->tid + 1;
    switch (a->kind) {
    case RV_ACT_RW_INIT:
        if (r->status == RV_MST_INIT && (r->writer || rw_has_readers(r)))
            return misuse(msg, cap, "re-initialisation of a locked rwlock");
        memset(r, 0, sizeof *r);
        r->status = RV_MST_INIT;
        return 0;
    case RV_ACT_RW_DESTROY:
        if (rw_problem(r, "destroy", msg, cap)) return RV_MODEL_MISUSE;
        if (r->writer || rw_has_readers(r)) return misuse(msg, cap, "destroy of a locked rwlock");
        r->status = RV_MST_DEAD;
        return 0;
    case RV_ACT_WRUNLOCK:
    case RV_ACT_RDUNLOCK:
        if (rw_problem(r, "unlock", msg, cap)) return RV_MODEL_MISUSE;
        if (a->kind == RV_ACT_WRUNLOCK && r->writer == me) {
            r->writer = 0;
            return 0;
        }
        if (a->kind == RV_ACT_RDUNLOCK && rw_holds_read(s, a)) {
            rw_drop_reader(s, a);
            return 0;
        }
        return misuse(msg, cap, "unlock of a rwlock the thread does not hold");
    default:
        if (rw_problem(r, "lock", msg, cap)) return RV_MODEL_MISUSE;
        return rw_acquire(s, a, val);
    }
}

/* ---- barriers ------------------------------------------------------------ */

/* Arrive: the count-th arriver of a cycle ends it (next generation) and
 * is the serial thread (glibc gives PTHREAD_BARRIER_SERIAL_THREAD to the
 * last arriver too); the others stay inside until their leave: those
 * below RV_MASK_THREADS move from `waiting` to `released` as the cycle
 * completes, those above are counted in hi_inside (their leave compares
 * its cycle with gen). */
static int apply_barrier(rv_barrier_st *b, rv_action *a, char *msg, size_t cap)
{
    bool lo = a->tid < RV_MASK_THREADS;
    if (a->kind == RV_ACT_BAR_INIT) {
        if (b->status == RV_MST_INIT && b->arrived)
            return misuse(msg, cap, "re-initialisation of a barrier with waiting threads");
        if (a->arg == 0 || a->arg > UINT32_MAX) return EINVAL; /* POSIX: count 0 */
        /* threads of a completed cycle may still be inside (destroy below):
         * they stay released */
        bool was = b->status == RV_MST_INIT || b->status == RV_MST_DEAD;
        rv_barrier_st keep = *b;
        memset(b, 0, sizeof *b);
        b->status = RV_MST_INIT;
        b->count = (uint32_t)a->arg;
        if (was) {
            b->gen = keep.gen;
            b->hi_inside = keep.hi_inside;
            b->released = keep.released;
        }
        return 0;
    }
    if (a->kind == RV_ACT_BAR_LEAVE) {
        if (lo)
            b->released &= ~(1ull << a->tid);
        else
            b->hi_inside--;
        return 0;
    }
    if (b->status != RV_MST_INIT) {
        /* the result of a misused arrive: none, whatever the action carried
         * (the unfolding predicts it from an executed arrive's action) */
        if (a->kind == RV_ACT_BAR_ARRIVE) a->arg = 0;
        return misuse(msg, cap,
                      b->status == RV_MST_DEAD ? "use of a destroyed barrier"
                                               : "use of an uninitialised barrier");
    }
    if (a->kind == RV_ACT_BAR_DESTROY) {
        /* a thread blocked in the current cycle is a misuse; threads of a
         * completed cycle are released: they leave the destroyed barrier
         * (glibc's destroy waits for them: destroying right after one's
         * own wait returned is allowed) */
        if (b->arrived) return misuse(msg, cap, "destroy of a barrier with waiting threads");
        b->status = RV_MST_DEAD;
        return 0;
    }
    uint32_t gen = b->gen;
    if (++b->arrived == b->count) {
        b->arrived = 0;
        b->gen++;
        b->released |= b->waiting;
        b->waiting = 0;
        a->arg = (uint64_t)gen << 1 | 1;
        return 0;
    }
    if (lo)
        b->waiting |= 1ull << a->tid;
    else
        b->hi_inside++;
    a->arg = (uint64_t)gen << 1;
    return 0;
}

int rv_model_apply(rv_mstate *s, rv_action *a, uint32_t val, char *msg, size_t cap)
{
    if (msg && cap) msg[0] = 0;
    /* results only: a misuse leaves none, whatever the action carried (the
     * unfolding predicts an event from another execution's action) */
    if (a->kind == RV_ACT_TRYLOCK || a->kind == RV_ACT_SEM_TRYWAIT || a->kind == RV_ACT_TRYRDLOCK ||
        a->kind == RV_ACT_TRYWRLOCK)
        a->arg = 0;
    switch (a->kind) {
    case RV_ACT_LOCK:
        return apply_lock(s->mx, a, msg, cap);
    case RV_ACT_TRYLOCK:
        return apply_trylock(s->mx, a, val, msg, cap);
    case RV_ACT_UNLOCK:
        return apply_unlock(s->mx, a, msg, cap);
    case RV_ACT_MUTEX_INIT:
        return apply_mutex_init(s->mx, a, msg, cap);
    case RV_ACT_MUTEX_DESTROY:
        return apply_mutex_destroy(s->mx, a, msg, cap);
    case RV_ACT_WAIT1:
        return apply_wait1(s, a, msg, cap);
    case RV_ACT_WAIT2:
        return apply_wait2(s, a);
    case RV_ACT_SIGNAL:
        return apply_signal(s, a, val, msg, cap);
    case RV_ACT_BROADCAST:
        return apply_broadcast(s, a, msg, cap);
    case RV_ACT_COND_INIT:
        /* (re-initialising one with waiters is undefined: they are woken) */
        if (s->cv->nhi) hi_unwait_all(s, a, 0);
        memset(s->cv, 0, sizeof *s->cv);
        s->cv->status = RV_MST_INIT;
        return 0;
    case RV_ACT_COND_DESTROY:
        return apply_cond_destroy(s->cv, msg, cap);
    case RV_ACT_SEM_WAIT:
    case RV_ACT_SEM_TRYWAIT:
    case RV_ACT_SEM_POST:
        return apply_sem(s->sem, a, val, msg, cap);
    case RV_ACT_SEM_INIT:
        s->sem->status = RV_MST_INIT;
        s->sem->count = (int32_t)a->arg;
        return 0;
    case RV_ACT_SEM_DESTROY:
        s->sem->status = RV_MST_DEAD;
        return 0;
    case RV_ACT_RDLOCK:
    case RV_ACT_TRYRDLOCK:
    case RV_ACT_WRLOCK:
    case RV_ACT_TRYWRLOCK:
    case RV_ACT_RDUNLOCK:
    case RV_ACT_WRUNLOCK:
    case RV_ACT_RW_INIT:
    case RV_ACT_RW_DESTROY:
        return apply_rwlock(s, a, val, msg, cap);
    case RV_ACT_BAR_INIT:
    case RV_ACT_BAR_DESTROY:
    case RV_ACT_BAR_ARRIVE:
    case RV_ACT_BAR_LEAVE:
        return apply_barrier(s->bar, a, msg, cap);
    case RV_ACT_ONCE_BEGIN:
        return apply_once_begin(s->once, a);
    case RV_ACT_ONCE_END:
        *s->once = 2;
        return 0;
    case RV_ACT_NONDET:
        a->arg = a->obj2 + val; /* obj2 = lowest value of the domain */
        return 0;
    default:
        return s->w ? apply_thread(s, a) : 0;
    }
}

rv_mhi *rv_model_hi_slot(const rv_mstate *s, unsigned t)
{
    return hi_make(s, t);
}

void rv_model_redo(rv_mstate *s, const rv_action *a, uint32_t val)
{
    /* a read acquire that failed (arg 0: EAGAIN, EBUSY, a time-out,
     * EDEADLK) changed nothing, whatever a replay of its object alone
     * would say: above thread 63 its EAGAIN may come from read locks on
     * other rwlocks, which such a replay does not hold */
    if ((a->kind == RV_ACT_RDLOCK || a->kind == RV_ACT_TRYRDLOCK) && !a->arg) return;
    if (a->kind == RV_ACT_SIGNAL) {
        if (a->arg < RV_MASK_THREADS)
            s->cv->waiters &= ~(1ull << a->arg);
        else if (a->arg != RV_NO_THREAD)
            hi_unwait(s, (unsigned)a->arg, 0);
        return;
    }
    if (a->kind == RV_ACT_BROADCAST) {
        s->cv->waiters &= ~a->arg;
        if (a->len) { /* no wait1 is concurrent with a broadcast: every waiter above */
            s->cv->hbc = (uint32_t)a->len;
            hi_unwait_all(s, a, s->cv->hbc);
        }
        return;
    }
    rv_action b = *a;
    rv_model_apply(s, &b, val, NULL, 0);
}
