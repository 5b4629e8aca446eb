/*
 * model.c — the one model of the synchronisation objects (model.h).
 * POSIX semantics for mutex kinds, condition variables with waiter sets and
 * lost signals (seed 004 §3.1: a wait is w1 + w2), semaphores, once,
 * join/detach, atomic sections and nondet.  Spurious wake-ups are not
 * modelled.
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
    if (m->kind0 >= 1 && m->kind0 <= 3) return (uint64_t)m->kind0;
    return RV_MK_NORMAL + 1;
}

void rv_model_start(rv_mutex_st *mx, rv_cond_st *cv, rv_sem_st *sem, int32_t *once,
                    const rv_action *a)
{
    if (mx) {
        memset(mx, 0, sizeof *mx);
        mx->kind = a->len ? norm_kind((int64_t)a->len - 1) : RV_MK_NORMAL;
    }
    if (cv) memset(cv, 0, sizeof *cv);
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

static bool in_other_section(const rv_world_st *w, const rv_action *a)
{
    return w && w->atomic && w->atomic != a->tid + 1u;
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
    case RV_ACT_WAIT2:
        return !((s->cv->waiters >> a->tid) & 1) && s->mx->owner == 0;
    case RV_ACT_JOIN:
        return a->obj < 64 && (((s->w->exited | s->w->detached) >> a->obj) & 1);
    case RV_ACT_SEM_WAIT:
        return s->sem->status != RV_MST_INIT || s->sem->count > 0;
    case RV_ACT_ONCE_BEGIN:
        return *s->once != 1;
    case RV_ACT_NONE:
        return false;
    default:
        return true;
    }
}

uint32_t rv_model_domain(const rv_mstate *s, const rv_action *a)
{
    if (a->kind == RV_ACT_SIGNAL && s->cv && s->cv->waiters)
        return (uint32_t)__builtin_popcountll(s->cv->waiters);
    if (a->kind == RV_ACT_NONDET) return a->ndom ? a->ndom : 1;
    return 1;
}

static int misuse(char *msg, size_t cap, const char *text)
{
    if (msg && cap) snprintf(msg, cap, "%s", text);
    return RV_MODEL_MISUSE;
}

/* A misuse of a mutex that is not usable (destroyed, uninitialised). */
static int mutex_problem(const rv_mutex_st *m, const char *op, char *msg, size_t cap)
{
    const char *p = status_problem(m->status);
    if (!p) return 0;
    if (msg && cap) snprintf(msg, cap, "%s of a%s %s mutex", op, p[0] == 'u' ? "n" : "", p);
    return RV_MODEL_MISUSE;
}

static int apply_lock(rv_mutex_st *m, rv_action *a, char *msg, size_t cap)
{
    int me = (int)a->tid + 1;
    if (mutex_problem(m, "lock", msg, cap)) return RV_MODEL_MISUSE;
    if (m->owner == me) {
        if (m->kind != RV_MK_RECURSIVE) return EDEADLK; /* errorcheck (normal: not enabled) */
        m->count++;
        return 0;
    }
    m->owner = me;
    m->count = 1;
    return 0;
}

static int apply_trylock(rv_mutex_st *m, rv_action *a, char *msg, size_t cap)
{
    int me = (int)a->tid + 1;
    if (mutex_problem(m, "trylock", msg, cap)) return RV_MODEL_MISUSE;
    a->arg = 0;
    if (m->owner == 0) {
        m->owner = me;
        m->count = 1;
    } else if (m->owner == me && m->kind == RV_MK_RECURSIVE) {
        m->count++;
    } else {
        return EBUSY;
    }
    a->arg = 1;
    return 0;
}

static int apply_unlock(rv_mutex_st *m, rv_action *a, char *msg, size_t cap)
{
    int me = (int)a->tid + 1;
    if (mutex_problem(m, "unlock", msg, cap)) return RV_MODEL_MISUSE;
    if (m->owner != me) {
        if (m->kind != RV_MK_NORMAL) return EPERM; /* POSIX: the mutex is unchanged */
        if (!m->owner) return misuse(msg, cap, "unlock of a mutex that is not locked");
        if (msg && cap) snprintf(msg, cap, "unlock of a mutex held by thread %d", m->owner - 1);
        return RV_MODEL_MISUSE;
    }
    if (--m->count == 0) m->owner = 0;
    return 0;
}

static int apply_mutex_init(rv_mutex_st *m, rv_action *a, char *msg, size_t cap)
{
    if (m->status == RV_MST_INIT && m->owner)
        return misuse(msg, cap, "re-initialisation of a locked mutex");
    int32_t kind0 = (int32_t)rv_model_mutex_static_kind(m);
    memset(m, 0, sizeof *m);
    m->kind0 = kind0;
    m->status = RV_MST_INIT;
    m->kind = norm_kind((int64_t)a->arg);
    return 0;
}

static int apply_mutex_destroy(rv_mutex_st *m, char *msg, size_t cap)
{
    if (mutex_problem(m, "destroy", msg, cap)) return RV_MODEL_MISUSE;
    if (m->owner) return misuse(msg, cap, "destroy of a locked mutex");
    m->status = RV_MST_DEAD;
    return 0;
}

static int cond_problem(const rv_cond_st *c, char *msg, size_t cap)
{
    if (c->status != RV_MST_DEAD) return 0;
    return misuse(msg, cap, "use of a destroyed condition variable");
}

/* w1: release the mutex (remembering the recursion count in a->arg, which
 * the runtime copies into w2) and join the waiter set. */
static int apply_wait1(rv_mstate *s, rv_action *a, char *msg, size_t cap)
{
    if (cond_problem(s->cv, msg, cap)) return RV_MODEL_MISUSE;
    if (mutex_problem(s->mx, "pthread_cond_wait", msg, cap)) return RV_MODEL_MISUSE;
    if (s->mx->owner != (int)a->tid + 1)
        return misuse(msg, cap, "pthread_cond_wait with a mutex the thread does not hold");
    a->arg = s->mx->count;
    s->mx->owner = 0;
    s->mx->count = 0;
    s->cv->waiters |= 1ull << a->tid;
    return 0;
}

static void apply_wait2(rv_mstate *s, const rv_action *a)
{
    s->mx->owner = (int)a->tid + 1;
    s->mx->count = a->arg ? (uint32_t)a->arg : 1;
}

/* The val-th waiter in ascending thread order (seed 004: sig(c, j)). */
static int apply_signal(rv_cond_st *c, rv_action *a, uint32_t val, char *msg, size_t cap)
{
    if (cond_problem(c, msg, cap)) return RV_MODEL_MISUSE;
    if (!c->waiters) {
        a->arg = RV_NO_THREAD; /* lost signal */
        return 0;
    }
    uint64_t w = c->waiters;
    for (uint32_t i = 0; i < val && (w & (w - 1)); i++) w &= w - 1;
    unsigned j = (unsigned)__builtin_ctzll(w);
    c->waiters &= ~(1ull << j);
    a->arg = j;
    return 0;
}

static int apply_broadcast(rv_cond_st *c, rv_action *a, char *msg, size_t cap)
{
    if (cond_problem(c, msg, cap)) return RV_MODEL_MISUSE;
    a->arg = c->waiters;
    c->waiters = 0;
    return 0;
}

static int apply_cond_destroy(rv_cond_st *c, char *msg, size_t cap)
{
    if (cond_problem(c, msg, cap)) return RV_MODEL_MISUSE;
    if (c->waiters) return misuse(msg, cap, "destroy of a condition variable with waiting threads");
    c->status = RV_MST_DEAD;
    return 0;
}

static int apply_sem(rv_sem_st *s, rv_action *a, char *msg, size_t cap)
{
    if (s->status != RV_MST_INIT)
        return misuse(msg, cap,
                      s->status == RV_MST_DEAD ? "use of a destroyed semaphore"
                                               : "use of an uninitialised semaphore");
    switch (a->kind) {
    case RV_ACT_SEM_WAIT:
        s->count--;
        return 0;
    case RV_ACT_SEM_TRYWAIT:
        a->arg = s->count > 0;
        if (!a->arg) return EAGAIN;
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

static int apply_thread(rv_world_st *w, rv_action *a)
{
    uint64_t bit = a->obj < 64 ? 1ull << a->obj : 0;
    switch (a->kind) {
    case RV_ACT_CREATE:
        w->created |= bit;
        if (a->arg) w->detached |= bit; /* created detached (attribute) */
        return 0;
    case RV_ACT_EXIT:
        w->exited |= 1ull << (a->tid & 63);
        return 0;
    case RV_ACT_JOIN:
        a->arg = (w->detached & bit) ? EINVAL : 0;
        return (int)a->arg;
    case RV_ACT_DETACH:
        if (w->detached & bit) return EINVAL;
        w->detached |= bit;
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

int rv_model_apply(rv_mstate *s, rv_action *a, uint32_t val, char *msg, size_t cap)
{
    if (msg && cap) msg[0] = 0;
    switch (a->kind) {
    case RV_ACT_LOCK:
        return apply_lock(s->mx, a, msg, cap);
    case RV_ACT_TRYLOCK:
        return apply_trylock(s->mx, a, msg, cap);
    case RV_ACT_UNLOCK:
        return apply_unlock(s->mx, a, msg, cap);
    case RV_ACT_MUTEX_INIT:
        return apply_mutex_init(s->mx, a, msg, cap);
    case RV_ACT_MUTEX_DESTROY:
        return apply_mutex_destroy(s->mx, msg, cap);
    case RV_ACT_WAIT1:
        return apply_wait1(s, a, msg, cap);
    case RV_ACT_WAIT2:
        apply_wait2(s, a);
        return 0;
    case RV_ACT_SIGNAL:
        return apply_signal(s->cv, a, val, msg, cap);
    case RV_ACT_BROADCAST:
        return apply_broadcast(s->cv, a, msg, cap);
    case RV_ACT_COND_INIT:
        memset(s->cv, 0, sizeof *s->cv);
        s->cv->status = RV_MST_INIT;
        return 0;
    case RV_ACT_COND_DESTROY:
        return apply_cond_destroy(s->cv, msg, cap);
    case RV_ACT_SEM_WAIT:
    case RV_ACT_SEM_TRYWAIT:
    case RV_ACT_SEM_POST:
        return apply_sem(s->sem, a, msg, cap);
    case RV_ACT_SEM_INIT:
        s->sem->status = RV_MST_INIT;
        s->sem->count = (int32_t)a->arg;
        return 0;
    case RV_ACT_SEM_DESTROY:
        s->sem->status = RV_MST_DEAD;
        return 0;
    case RV_ACT_ONCE_BEGIN:
        return apply_once_begin(s->once, a);
    case RV_ACT_ONCE_END:
        *s->once = 2;
        return 0;
    case RV_ACT_NONDET:
        a->arg = a->obj2 + val; /* obj2 = lowest value of the domain */
        return 0;
    default:
        return s->w ? apply_thread(s->w, a) : 0;
    }
}

void rv_model_redo(rv_mstate *s, const rv_action *a, uint32_t val)
{
    if (a->kind == RV_ACT_SIGNAL) {
        if (a->arg < 64) s->cv->waiters &= ~(1ull << a->arg);
        return;
    }
    if (a->kind == RV_ACT_BROADCAST) {
        s->cv->waiters &= ~a->arg;
        return;
    }
    rv_action b = *a;
    rv_model_apply(s, &b, val, NULL, 0);
}
