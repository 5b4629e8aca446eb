/*
 * sync.c — threads, mutexes, condition variables, semaphores, once and
 * thread-specific keys, with POSIX semantics, as visible actions.
 *
 * Each API function announces its action (rv_visible) and, once resumed,
 * returns the result the effect left in self->result.  The effects live in
 * rv_apply(); enabledness in rv_enabled().  Condition variables follow seed
 * 004 §3.1: a wait is two actions, w1 (release the mutex, join the waiter
 * set) and w2 (after a notification, re-acquire the mutex); a signal wakes
 * one waiter chosen by the explorer (its value choice) or is lost.
 * Spurious wake-ups are not modelled.
 *
 * Object state lives inside the program's own objects (see the overlays);
 * all-zero storage is a valid statically initialised object, as in glibc.
 */
#include "rt.h"

#include <errno.h>
#include <pthread.h>
#include <semaphore.h>
#include <stdio.h>
#include <string.h>

#define MAGIC_INIT 0x52564d31u /* "RVM1": initialised by *_init */
#define MAGIC_DEAD 0x44454144u /* "DEAD": destroyed */

/* pthread_mutex_t overlay; the kind sits where glibc keeps __kind so that
 * PTHREAD_RECURSIVE_MUTEX_INITIALIZER_NP and friends work. */
typedef struct rv_mutex {
    int32_t unused;
    uint32_t count;
    int32_t owner; /* tid + 1; 0 = free */
    uint32_t magic;
    int32_t kind; /* PTHREAD_MUTEX_NORMAL / RECURSIVE / ERRORCHECK */
} rv_mutex;

typedef struct rv_cond {
    uint32_t magic;
    uint32_t unused;
    uint64_t waiters; /* threads between w1 and their notification */
} rv_cond;

typedef struct rv_sem {
    uint32_t magic;
    int32_t count;
    int32_t init; /* initial value, reported in obj2 (action.h) */
} rv_sem;

_Static_assert(sizeof(rv_mutex) <= sizeof(pthread_mutex_t), "mutex overlay");
_Static_assert(sizeof(rv_cond) <= sizeof(pthread_cond_t), "cond overlay");
_Static_assert(sizeof(rv_sem) <= sizeof(sem_t), "sem overlay");

static rv_mutex *MX(uint64_t a)
{
    return (rv_mutex *)(uintptr_t)a;
}
static rv_cond *CV(uint64_t a)
{
    return (rv_cond *)(uintptr_t)a;
}
static rv_sem *SM(uint64_t a)
{
    return (rv_sem *)(uintptr_t)a;
}

static const char *mutex_problem(const rv_mutex *m)
{
    if (m->magic == 0 || m->magic == MAGIC_INIT) return NULL;
    return m->magic == MAGIC_DEAD ? "destroyed" : "uninitialised";
}

static bool mutex_free(const rv_mutex *m)
{
    return m->owner == 0;
}

/* ------------------------------------------------------------------ */
/* Enabledness and value domains.                                      */

bool rv_enabled(const rv_thr *t)
{
    const rv_action *a = &t->pending;
    unsigned me = rv_tid(t) + 1;
    switch (a->kind) {
    case RV_ACT_LOCK: {
        const rv_mutex *m = MX(a->obj);
        if (mutex_problem(m) || mutex_free(m)) return true; /* a misuse is reported when it runs */
        return (unsigned)m->owner == me && m->kind != PTHREAD_MUTEX_NORMAL;
    }
    case RV_ACT_JOIN:
        return rv_threads[a->obj].state == RV_T_FINISHED;
    case RV_ACT_WAIT2:
        return !t->waiting && mutex_free(MX(a->obj2));
    case RV_ACT_SEM_WAIT: {
        const rv_sem *s = SM(a->obj);
        return s->magic != MAGIC_INIT || s->count > 0;
    }
    case RV_ACT_ONCE_BEGIN:
        return *(volatile int *)(uintptr_t)a->obj != 1;
    case RV_ACT_NONE:
        return false;
    default:
        return true;
    }
}

uint32_t rv_domain(const rv_thr *t)
{
    if (t->pending.kind == RV_ACT_SIGNAL) {
        uint64_t w = CV(t->pending.obj)->waiters;
        return w ? (uint32_t)__builtin_popcountll(w) : 1;
    }
    return t->pending.ndom ? t->pending.ndom : 1;
}

uint64_t rv_holder_of(const rv_thr *t)
{
    const rv_action *a = &t->pending;
    if (a->kind == RV_ACT_LOCK || a->kind == RV_ACT_WAIT2) {
        const rv_mutex *m = MX(rv_mutex_of(a));
        return m->owner ? (uint64_t)(m->owner - 1) : RV_NO_THREAD;
    }
    if (a->kind == RV_ACT_JOIN) return a->obj;
    return RV_NO_THREAD;
}

/* ------------------------------------------------------------------ */
/* Effects.                                                            */

static void misuse(rv_thr *t, uint64_t obj, const char *what)
{
    rt.running = t;
    rv_end_exec(RV_END_MISUSE, t->pending_pc, obj, "%s", what);
}

static void check_mutex(rv_thr *t, uint64_t obj, const char *op)
{
    const char *p = mutex_problem(MX(obj));
    if (!p) return;
    char msg[160];
    snprintf(msg, sizeof msg, "%s of a%s %s mutex", op, p[0] == 'u' ? "n" : "", p);
    misuse(t, obj, msg);
}

static void apply_lock(rv_thr *t, rv_mutex *m, rv_event *ev)
{
    int me = (int)rv_tid(t) + 1;
    check_mutex(t, ev->act.obj, "lock");
    if (m->owner == me) {
        if (m->kind == PTHREAD_MUTEX_RECURSIVE)
            m->count++;
        else
            t->result = EDEADLK; /* errorcheck; normal mutexes never get here (not enabled) */
        return;
    }
    m->owner = me;
    m->count = 1;
}

static void apply_trylock(rv_thr *t, rv_mutex *m, rv_event *ev)
{
    int me = (int)rv_tid(t) + 1;
    check_mutex(t, ev->act.obj, "trylock");
    if (m->owner == 0) {
        m->owner = me;
        m->count = 1;
        ev->act.arg = 1;
    } else if (m->owner == me && m->kind == PTHREAD_MUTEX_RECURSIVE) {
        m->count++;
        ev->act.arg = 1;
    } else {
        t->result = EBUSY;
    }
}

static void apply_unlock(rv_thr *t, rv_mutex *m, rv_event *ev)
{
    int me = (int)rv_tid(t) + 1;
    check_mutex(t, ev->act.obj, "unlock");
    if (m->owner != me) {
        if (m->kind != PTHREAD_MUTEX_NORMAL) { /* POSIX: EPERM for errorcheck and recursive */
            t->result = EPERM;
            return;
        }
        char msg[128];
        if (m->owner)
            snprintf(msg, sizeof msg, "unlock of a mutex held by thread %d", m->owner - 1);
        else
            snprintf(msg, sizeof msg, "unlock of a mutex that is not locked");
        misuse(t, ev->act.obj, msg);
    }
    if (--m->count == 0) m->owner = 0;
}

static void apply_wait1(rv_thr *t, rv_event *ev)
{
    rv_mutex *m = MX(ev->act.obj2);
    check_mutex(t, ev->act.obj2, "pthread_cond_wait");
    if (m->owner != (int)rv_tid(t) + 1)
        misuse(t, ev->act.obj2, "pthread_cond_wait with a mutex the thread does not hold");
    t->wait_count = m->count;
    m->owner = 0;
    m->count = 0;
    CV(ev->act.obj)->waiters |= 1ull << rv_tid(t);
    t->waiting = true;
}

static void apply_wait2(rv_thr *t, rv_event *ev)
{
    rv_mutex *m = MX(ev->act.obj2);
    m->owner = (int)rv_tid(t) + 1;
    m->count = t->wait_count;
}

/* The val-th waiter in ascending thread order (seed 004: sig(c, j)). */
static void apply_signal(rv_event *ev, uint32_t val)
{
    rv_cond *c = CV(ev->act.obj);
    if (!c->waiters) {
        ev->act.arg = RV_NO_THREAD; /* lost signal */
        return;
    }
    uint64_t w = c->waiters;
    for (uint32_t i = 0; i < val; i++) w &= w - 1;
    unsigned j = (unsigned)__builtin_ctzll(w);
    c->waiters &= ~(1ull << j);
    rv_threads[j].waiting = false;
    ev->act.arg = j;
}

static void apply_broadcast(rv_event *ev)
{
    rv_cond *c = CV(ev->act.obj);
    ev->act.arg = c->waiters;
    for (uint64_t w = c->waiters; w; w &= w - 1) rv_threads[__builtin_ctzll(w)].waiting = false;
    c->waiters = 0;
}

static void apply_sem(rv_thr *t, rv_event *ev)
{
    rv_sem *s = SM(ev->act.obj);
    if (s->magic != MAGIC_INIT)
        misuse(t, ev->act.obj,
               s->magic == MAGIC_DEAD ? "use of a destroyed semaphore"
                                      : "use of an uninitialised semaphore");
    switch (ev->act.kind) {
    case RV_ACT_SEM_WAIT:
        s->count--;
        break;
    case RV_ACT_SEM_TRYWAIT:
        if (s->count > 0) {
            s->count--;
            ev->act.arg = 1;
        } else {
            t->result = EAGAIN;
        }
        break;
    default:
        s->count++;
    }
}

void rv_apply(rv_thr *t, rv_event *ev, uint32_t val)
{
    t->result = 0;
    rv_mutex *m = MX(ev->act.obj);
    switch (ev->act.kind) {
    case RV_ACT_CREATE:
        t->nchildren++;
        if (rt.flags & RV_REQ_DRF) rv_race_thread_start(rv_tid(t), (unsigned)ev->act.obj);
        rv_thread_start((unsigned)ev->act.obj, t->spawn_fn, t->spawn_arg);
        break;
    case RV_ACT_EXIT:
        t->state = RV_T_FINISHED;
        break;
    case RV_ACT_LOCK:
        apply_lock(t, m, ev);
        break;
    case RV_ACT_TRYLOCK:
        apply_trylock(t, m, ev);
        break;
    case RV_ACT_UNLOCK:
        apply_unlock(t, m, ev);
        break;
    case RV_ACT_MUTEX_INIT:
        if (m->magic == MAGIC_INIT && m->owner)
            misuse(t, ev->act.obj, "re-initialisation of a locked mutex");
        memset(m, 0, sizeof *m);
        m->magic = MAGIC_INIT;
        m->kind = (int32_t)ev->act.arg;
        break;
    case RV_ACT_MUTEX_DESTROY:
        check_mutex(t, ev->act.obj, "destroy");
        if (m->owner) misuse(t, ev->act.obj, "destroy of a locked mutex");
        m->magic = MAGIC_DEAD;
        break;
    case RV_ACT_WAIT1:
        apply_wait1(t, ev);
        break;
    case RV_ACT_WAIT2:
        apply_wait2(t, ev);
        break;
    case RV_ACT_SIGNAL:
        apply_signal(ev, val);
        break;
    case RV_ACT_BROADCAST:
        apply_broadcast(ev);
        break;
    case RV_ACT_SEM_WAIT:
    case RV_ACT_SEM_TRYWAIT:
    case RV_ACT_SEM_POST:
        apply_sem(t, ev);
        break;
    case RV_ACT_ONCE_BEGIN: {
        volatile int *o = (volatile int *)(uintptr_t)ev->act.obj;
        ev->act.arg = *o == 0;
        t->result = *o == 0; /* this thread runs the initialiser */
        if (*o == 0) *o = 1;
        break;
    }
    case RV_ACT_ONCE_END:
        *(volatile int *)(uintptr_t)ev->act.obj = 2;
        break;
    case RV_ACT_NONDET:
        ev->act.arg = ev->act.obj2 + val; /* obj2 = lowest value of the domain */
        break;
    default: /* memory and yield: the thread itself acts once resumed */
        break;
    }
}

/* ------------------------------------------------------------------ */
/* Threads.                                                            */

#define PC RV_PC()

int __ravel_pthread_create(pthread_t *th, const pthread_attr_t *attr, void *(*fn)(void *),
                           void *arg)
{
    uint64_t pc = PC;
    rv_thr *self = rv_self();
    int id = rv_child_id(self);
    if (id < 0) rv_end_exec(RV_END_RESOURCE, pc, 0, "more than %d threads", RV_MAX_THREADS);
    int ds = PTHREAD_CREATE_JOINABLE;
    if (attr) pthread_attr_getdetachstate(attr, &ds);
    self->spawn_fn = fn;
    self->spawn_arg = arg;
    rv_visible(rv_act(RV_ACT_CREATE, (uint64_t)id), pc);
    rv_threads[id].detached = ds == PTHREAD_CREATE_DETACHED;
    *th = (pthread_t)id;
    return 0;
}

int __ravel_pthread_join(pthread_t th, void **retval)
{
    uint64_t pc = PC;
    rv_thr *self = rv_self();
    if (th >= rt.nthreads || rv_threads[th].state == RV_T_NONE) return ESRCH;
    if (&rv_threads[th] == self) return EDEADLK;
    if (rv_threads[th].detached) return EINVAL;
    rv_visible(rv_act(RV_ACT_JOIN, th), pc);
    if (retval) *retval = rv_threads[th].ret;
    return 0;
}

void rv_run_key_destructors(rv_thr *t)
{
    for (int round = 0; round < 4; round++) { /* PTHREAD_DESTRUCTOR_ITERATIONS */
        bool any = false;
        for (unsigned k = 0; k < rt.nkeys; k++) {
            void *v = t->keys[k];
            if (!v || !rt.key_used[k] || !rt.key_dtor[k]) continue;
            t->keys[k] = NULL;
            rt.key_dtor[k](v);
            any = true;
        }
        if (!any) break;
    }
}

void rv_thread_finish(void *ret)
{
    rv_thr *self = rv_self();
    if (self != &rv_threads[0]) self->ret = ret;
    rv_run_key_destructors(self);
    rv_visible(rv_act(RV_ACT_EXIT, 0), 0);
    rv_leave();
}

void __ravel_pthread_exit(void *ret)
{
    rv_thread_finish(ret);
}
pthread_t __ravel_pthread_self(void)
{
    return (pthread_t)rv_tid(rv_self());
}
int __ravel_pthread_equal(pthread_t a, pthread_t b)
{
    return a == b;
}

int __ravel_pthread_detach(pthread_t th)
{
    if (th >= rt.nthreads) return ESRCH;
    rv_threads[th].detached = true;
    rv_taint(RV_TAINT_RUNTIME_WRITE); /* no event yet: cutoffs must not merge states */
    return 0;
}

int __ravel_pthread_once(pthread_once_t *once, void (*init)(void))
{
    uint64_t pc = PC;
    rv_visible(rv_act(RV_ACT_ONCE_BEGIN, (uint64_t)(uintptr_t)once), pc);
    if (!rv_self()->result) return 0;
    init();
    rv_visible(rv_act(RV_ACT_ONCE_END, (uint64_t)(uintptr_t)once), pc);
    return 0;
}

int __ravel_sched_yield(void)
{
    rv_visible(rv_act(RV_ACT_YIELD, 0), PC);
    return 0;
}

/* Sleeping is a yield: time does not exist in an exploration. */
unsigned __ravel_sleep(unsigned s)
{
    rv_visible(rv_act(RV_ACT_YIELD, 0), PC);
    return 0;
}
int __ravel_usleep(unsigned us)
{
    rv_visible(rv_act(RV_ACT_YIELD, 0), PC);
    return 0;
}
int __ravel_nanosleep(const void *req, void *rem)
{
    rv_visible(rv_act(RV_ACT_YIELD, 0), PC);
    return 0;
}

/* Attribute objects are thread-local data: the C library handles them. */
int __ravel_pthread_attr_init(pthread_attr_t *a)
{
    return pthread_attr_init(a);
}
int __ravel_pthread_attr_destroy(pthread_attr_t *a)
{
    return pthread_attr_destroy(a);
}
int __ravel_pthread_attr_setdetachstate(pthread_attr_t *a, int s)
{
    return pthread_attr_setdetachstate(a, s);
}
int __ravel_pthread_attr_getdetachstate(const pthread_attr_t *a, int *s)
{
    return pthread_attr_getdetachstate(a, s);
}
int __ravel_pthread_attr_setstacksize(pthread_attr_t *a, size_t s)
{
    return pthread_attr_setstacksize(a, s);
}
int __ravel_pthread_attr_getstacksize(const pthread_attr_t *a, size_t *s)
{
    return pthread_attr_getstacksize(a, s);
}
int __ravel_pthread_mutexattr_init(pthread_mutexattr_t *a)
{
    return pthread_mutexattr_init(a);
}
int __ravel_pthread_mutexattr_destroy(pthread_mutexattr_t *a)
{
    return pthread_mutexattr_destroy(a);
}
int __ravel_pthread_mutexattr_settype(pthread_mutexattr_t *a, int t)
{
    return pthread_mutexattr_settype(a, t);
}
int __ravel_pthread_mutexattr_gettype(const pthread_mutexattr_t *a, int *t)
{
    return pthread_mutexattr_gettype(a, t);
}
int __ravel_pthread_condattr_init(pthread_condattr_t *a)
{
    return pthread_condattr_init(a);
}
int __ravel_pthread_condattr_destroy(pthread_condattr_t *a)
{
    return pthread_condattr_destroy(a);
}

/* ------------------------------------------------------------------ */
/* Mutexes.                                                            */

static rv_action mutex_act(rv_kind k, pthread_mutex_t *m)
{
    return rv_act(k, (uint64_t)(uintptr_t)m);
}

int __ravel_pthread_mutex_init(pthread_mutex_t *m, const pthread_mutexattr_t *attr)
{
    uint64_t pc = PC;
    int kind = PTHREAD_MUTEX_NORMAL;
    if (attr) pthread_mutexattr_gettype(attr, &kind);
    if (kind != PTHREAD_MUTEX_RECURSIVE && kind != PTHREAD_MUTEX_ERRORCHECK)
        kind = PTHREAD_MUTEX_NORMAL;
    rv_action a = mutex_act(RV_ACT_MUTEX_INIT, m);
    a.arg = (uint64_t)kind;
    rv_visible(a, pc);
    return rv_self()->result;
}

int __ravel_pthread_mutex_destroy(pthread_mutex_t *m)
{
    rv_visible(mutex_act(RV_ACT_MUTEX_DESTROY, m), PC);
    return rv_self()->result;
}

int __ravel_pthread_mutex_lock(pthread_mutex_t *m)
{
    rv_visible(mutex_act(RV_ACT_LOCK, m), PC);
    return rv_self()->result;
}

int __ravel_pthread_mutex_trylock(pthread_mutex_t *m)
{
    rv_visible(mutex_act(RV_ACT_TRYLOCK, m), PC);
    return rv_self()->result;
}

int __ravel_pthread_mutex_unlock(pthread_mutex_t *m)
{
    rv_visible(mutex_act(RV_ACT_UNLOCK, m), PC);
    return rv_self()->result;
}

/* ------------------------------------------------------------------ */
/* Condition variables.                                                */

int __ravel_pthread_cond_init(pthread_cond_t *c, const pthread_condattr_t *attr)
{
    rv_cond *cv = (rv_cond *)c;
    if (cv->magic == MAGIC_DEAD || cv->waiters) rv_taint(RV_TAINT_RUNTIME_WRITE); /* no event */
    memset(cv, 0, sizeof *cv);
    cv->magic = MAGIC_INIT;
    return 0;
}

int __ravel_pthread_cond_destroy(pthread_cond_t *c)
{
    rv_cond *cv = (rv_cond *)c;
    if (cv->waiters)
        rv_end_exec(RV_END_MISUSE, PC, (uint64_t)(uintptr_t)c,
                    "destroy of a condition variable with waiting threads");
    cv->magic = MAGIC_DEAD;
    rv_taint(RV_TAINT_RUNTIME_WRITE); /* no event: later uses differ */
    return 0;
}

static void check_cond(pthread_cond_t *c, uint64_t pc)
{
    rv_cond *cv = (rv_cond *)c;
    if (cv->magic == MAGIC_DEAD)
        rv_end_exec(RV_END_MISUSE, pc, (uint64_t)(uintptr_t)c,
                    "use of a destroyed condition variable");
}

int __ravel_pthread_cond_wait(pthread_cond_t *c, pthread_mutex_t *m)
{
    uint64_t pc = PC;
    check_cond(c, pc);
    rv_action a = rv_act(RV_ACT_WAIT1, (uint64_t)(uintptr_t)c);
    a.obj2 = (uint64_t)(uintptr_t)m;
    rv_visible(a, pc);
    a.kind = RV_ACT_WAIT2;
    rv_visible(a, pc);
    return 0;
}

int __ravel_pthread_cond_signal(pthread_cond_t *c)
{
    uint64_t pc = PC;
    check_cond(c, pc);
    rv_visible(rv_act(RV_ACT_SIGNAL, (uint64_t)(uintptr_t)c), pc);
    return 0;
}

int __ravel_pthread_cond_broadcast(pthread_cond_t *c)
{
    uint64_t pc = PC;
    check_cond(c, pc);
    rv_visible(rv_act(RV_ACT_BROADCAST, (uint64_t)(uintptr_t)c), pc);
    return 0;
}

/* ------------------------------------------------------------------ */
/* Semaphores and thread-specific data.                                */

int __ravel_sem_init(sem_t *s, int pshared, unsigned value)
{
    rv_sem *sm = (rv_sem *)s;
    /* no event: a count other than the one the events imply (0 + posts -
     * waits) makes the states after it unique */
    if (value || (sm->magic == MAGIC_INIT && sm->count)) rv_taint(RV_TAINT_RUNTIME_WRITE);
    sm->magic = MAGIC_INIT;
    sm->count = (int32_t)value;
    sm->init = (int32_t)value;
    return 0;
}

int __ravel_sem_destroy(sem_t *s)
{
    ((rv_sem *)s)->magic = MAGIC_DEAD;
    return 0;
}

static rv_action sem_act(rv_kind k, sem_t *s)
{
    rv_action a = rv_act(k, (uint64_t)(uintptr_t)s);
    const rv_sem *sm = (const rv_sem *)s;
    if (sm->magic == MAGIC_INIT) a.obj2 = (uint64_t)sm->init + 1;
    return a;
}

int __ravel_sem_wait(sem_t *s)
{
    rv_visible(sem_act(RV_ACT_SEM_WAIT, s), PC);
    return 0;
}

int __ravel_sem_trywait(sem_t *s)
{
    rv_visible(sem_act(RV_ACT_SEM_TRYWAIT, s), PC);
    int r = rv_self()->result;
    if (r) {
        errno = r;
        return -1;
    }
    return 0;
}

int __ravel_sem_post(sem_t *s)
{
    rv_visible(sem_act(RV_ACT_SEM_POST, s), PC);
    return 0;
}

int __ravel_pthread_key_create(pthread_key_t *key, void (*dtor)(void *))
{
    if (rt.nkeys >= RV_MAX_KEYS) return EAGAIN;
    unsigned k = rt.nkeys++;
    rt.key_used[k] = true;
    rt.key_dtor[k] = dtor;
    *key = k;
    return 0;
}

int __ravel_pthread_key_delete(pthread_key_t key)
{
    if (key >= rt.nkeys || !rt.key_used[key]) return EINVAL;
    rt.key_used[key] = false;
    return 0;
}

void *__ravel_pthread_getspecific(pthread_key_t key)
{
    return key < RV_MAX_KEYS ? rv_self()->keys[key] : NULL;
}

int __ravel_pthread_setspecific(pthread_key_t key, const void *v)
{
    if (key >= rt.nkeys || !rt.key_used[key]) return EINVAL;
    rv_self()->keys[key] = (void *)v;
    return 0;
}
