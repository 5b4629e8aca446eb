/*
 * sync.c — threads, mutexes, condition variables, semaphores, once and
 * thread-specific keys, with POSIX semantics, as visible actions.
 *
 * Each API function announces its action (rv_visible) and, once resumed,
 * returns the result the effect left in self->result.  Enabledness, value
 * domains, effects and misuse detection are the model's, applied by
 * apply.c; this file owns only the threads' bookkeeping of this execution
 * (threads_created) and the entry points.
 *
 * Owns: the count of threads this execution created (threads_created); the
 * objects' states are the model's, in the program's objects (apply.c).
 */
#include "rt.h"
#include "kernel.h"
#include "state.h"

#include <stddef.h>

#include <errno.h>
#include <pthread.h>
#include <semaphore.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/uio.h>

#include "../core/model.h"
#include "posix_ext.h"
#include "sys.h"

/* ------------------------------------------------------------------ */
/* Threads.                                                            */

/* pthread_create's attributes, read at a read event of the attribute
 * object (a visible action: here in the objects' layer, not in apply.c,
 * which the scheduler calls). */
/* The stack a thread gets (kernel.c, map_stack): its region less the guard
 * and the TLS area at the top, for which this leaves a generous margin. */
#define RV_THREAD_STACK (RV_STACK_SPAN - RV_GUARD_SIZE - (256u << 10))

int rv_create_attr(const pthread_attr_t *attr, uint64_t pc, rv_spawn_attr *out)
{
    pthread_attr_t c, dflt;
    rv_in(&c, attr, sizeof c, pc);
    int ds = PTHREAD_CREATE_JOINABLE, inherit = PTHREAD_INHERIT_SCHED, policy = SCHED_OTHER;
    struct sched_param sp = {0};
    size_t size = 0, size0 = 0;
    pthread_attr_getdetachstate(&c, &ds);
    pthread_attr_getinheritsched(&c, &inherit);
    pthread_attr_getschedpolicy(&c, &policy);
    pthread_attr_getschedparam(&c, &sp);
    pthread_attr_getstacksize(&c, &size);
    pthread_attr_init(&dflt);
    pthread_attr_getstacksize(&dflt, &size0);
    pthread_attr_destroy(&dflt);
    /* a stack larger than ravel's threads have would overflow where the
     * program's own would not: a limit of ravel, said as such */
    if (size != size0 && size > RV_THREAD_STACK)
        rv_end_exec(RV_END_RESOURCE, pc, (uint64_t)(uintptr_t)attr,
                    "pthread_create: a stack of %zu bytes was asked for; ravel's threads have "
                    "%llu",
                    size, (unsigned long long)RV_THREAD_STACK);
    memset(out, 0, sizeof *out);
    out->detached = ds == PTHREAD_CREATE_DETACHED;
    if (inherit == PTHREAD_EXPLICIT_SCHED) {
        /* the program runs unprivileged: real-time policies are refused, as
         * the kernel refuses them without CAP_SYS_NICE (rv_sched_check) */
        int r = rv_sched_check(policy, sp.sched_priority);
        if (r) return r;
        out->explicit_sched = true;
        out->policy = policy;
        out->prio = sp.sched_priority;
    }
    return 0;
}

#define PC RV_API_PC() /* the program's pc, also through c11threads.c (rt.h) */

/* Threads this execution created, main included (--max-threads; reset
 * with the rest of the runtime's data between executions). */
static unsigned threads_created = 1;

int __ravel_pthread_create(pthread_t *th, const pthread_attr_t *attr, void *(*fn)(void *),
                           void *arg)
{
    uint64_t pc = PC;
    rv_thr *self = rv_self();
    rv_spawn_attr sa = {0};
    int err = attr ? rv_create_attr(attr, pc, &sa) : 0;
    if (err) return err;
    unsigned cap = rv_thread_cap();
    /* --thread-bound: a create past the creator's bound waits for good
     * (never enabled: action.h RV_AF_BOUND) */
    bool held = rt.shm->thread_bound && self->nchildren >= rt.shm->thread_bound;
    if (held) rt.shm->nonexhaustive |= RV_NONEX_THREAD_BOUND;
    if (!held && threads_created >= cap) {
        rt.shm->nonexhaustive |= RV_NONEX_THREAD_CAP;
        rv_end_exec(RV_END_RESOURCE, pc, 0, "more than %u threads (--max-threads)", cap);
    }
    int id = rv_child_id(self);
    if (id < 0) /* canonical ids are never reused: this many over all executions */
        rv_end_exec(RV_END_RESOURCE, pc, 0, "more than %d thread ids over the exploration",
                    RV_MAX_THREADS);
    if (!held) threads_created++;
    if (!held) rv_pipe_thread_created(pc); /* pipes.c: orders through a pipe */
    /* the child's scheduling attributes (thrattr.c); a held create's
     * thread never starts */
    if (!held && rv_tattr_spawn) rv_tattr_spawn((unsigned)id, &sa, pc);
    self->spawn_fn = fn;
    self->spawn_arg = arg;
    /* *th is written by the create event itself (action.h), so a thread
     * that reads it is ordered after the create. */
    if (rt.flags & RV_REQ_DRF) rv_race_access(th, sizeof *th, true, pc);
    rv_action a = rv_act(RV_ACT_CREATE, (uint64_t)id);
    a.obj2 = (uint64_t)(uintptr_t)th;
    a.len = sizeof *th;
    a.arg = sa.detached;
    if (held) a.flags |= RV_AF_BOUND;
    rv_visible(a, pc);
    return 0;
}

int rv_join(pthread_t th, void **ret, uint64_t pc)
{
    rv_thr *self = rv_self();
    if (th >= rt.nthreads || rv_thr_at(th)->state == RV_T_NONE) return ESRCH;
    if (rv_thr_at(th) == self) return EDEADLK;
    rv_visible(rv_act(RV_ACT_JOIN, th), pc); /* EINVAL for a detached thread: the model's */
    int r = self->result;
    if (!r) {
        *ret = rv_thr_at(th)->ret;
        rv_note_joined((unsigned)th); /* unmodelled.c: th's events happen before ours */
    }
    return r;
}

int __ravel_pthread_join(pthread_t th, void **retval)
{
    uint64_t pc = PC;
    void *ret;
    int r = rv_join(th, &ret, pc);
    if (!r && retval) rv_out(retval, &ret, sizeof ret, pc); /* at a write event (progmem.c) */
    return r;
}

void rv_run_key_destructors(rv_thr *t)
{
    for (int round = 0; round < 4; round++) { /* PTHREAD_DESTRUCTOR_ITERATIONS */
        bool any = false;
        for (unsigned k = 0; k < rt.nkeys; k++) {
            void *v = t->keys[k];
            if (!v || !rt.key_used[k] || !rt.key_dtor[k]) continue;
            t->keys[k] = NULL;
            /* the destructor's frames reuse those of the thread's last
             * action, whose return stub never runs when the program called
             * pthread_exit (the scheduler's and the fingerprint's frames
             * were there: a destructor read udpor's hash state, not dfs's
             * values, tests/adversary/dtor_stack.c) */
            rv_scrub_before_callback();
            rt.key_dtor[k](v);
            any = true;
        }
        if (!any) break;
    }
}

void rv_thread_finish(void *ret)
{
    rv_thr *self = rv_self();
    if (self->atomic_depth > 0) { /* a thread ends its atomic section by exiting */
        self->atomic_depth = 1;
        rv_atomic_exit(0);
    }
    if (self != rv_thr_at(0)) self->ret = ret;
    rv_run_key_destructors(self);
    rv_visible(rv_act(RV_ACT_EXIT, 0), 0);
    rv_leave();
}

/* cleanup.c, linked only into programs that push cleanup handlers: runs
 * the thread's handlers, innermost first, then ends the thread; returns
 * when there are none. */
extern void rv_cleanup_exit(void *ret) __attribute__((weak));

void __ravel_pthread_exit(void *ret)
{
    if (rv_cleanup_exit) rv_cleanup_exit(ret); /* before the key destructors, as POSIX says */
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
    uint64_t pc = PC;
    if (th >= rt.nthreads || rv_thr_at(th)->state == RV_T_NONE) return ESRCH;
    rv_visible(rv_act(RV_ACT_DETACH, th), pc);
    return rv_self()->result;
}

int __ravel_pthread_once(pthread_once_t *once, void (*init)(void))
{
    uint64_t pc = PC;
    if (rv_premain_once_done(once)) return 0; /* finished before main: no event (premain.c) */
    rv_visible(rv_act(RV_ACT_ONCE_BEGIN, (uint64_t)(uintptr_t)once), pc);
    if (!rv_self()->result) return 0;
    rv_scrub_before_callback(); /* init's frames reuse the action's (sched.c) */
    init();
    rv_visible(rv_act(RV_ACT_ONCE_END, (uint64_t)(uintptr_t)once), pc);
    return 0;
}

/* A C++ function-local static's guard (Itanium C++ ABI §3.3.2, 64
 * bits): byte 0 set means initialised, which the compiler's inline test
 * reads (an acquire load: an event) before it calls these; bytes 4..7
 * hold a once control of the model (0 not run, 1 running, 2 done), so a
 * second thread waits while the first initialises ([stmt.dcl]/4) and the
 * wait is the model's, not libstdc++'s futex.  Byte 0 is stored at a
 * write event, which the inline tests' loads depend on.  Left to
 * libstdc++ (tests/cxx cxx_static_guard.cpp), the guard's stores were no
 * events and a contended guard was unsupported. */
static pthread_once_t *guard_once(uint64_t *g)
{
    return (pthread_once_t *)(void *)((char *)g + 4);
}
int __ravel___cxa_guard_acquire(uint64_t *g)
{
    uint64_t pc = PC;
    pthread_once_t *once = guard_once(g);
    if (rv_premain_once_done(once)) return 0;
    rv_visible(rv_act(RV_ACT_ONCE_BEGIN, (uint64_t)(uintptr_t)once), pc);
    return rv_self()->result ? 1 : 0;
}
void __ravel___cxa_guard_release(uint64_t *g)
{
    uint64_t pc = PC;
    static const unsigned char done = 1;
    rv_out(g, &done, 1, pc);
    rv_visible(rv_act(RV_ACT_ONCE_END, (uint64_t)(uintptr_t)guard_once(g)), pc);
}
/* An exception left the initialiser: the guard would go back to "not
 * run", which the model's once cannot. */
void __ravel___cxa_guard_abort(uint64_t *g)
{
    (void)g;
    rv_end_exec(RV_END_UNSUPPORTED, PC, 0,
                "call to __cxa_guard_abort (an exception left a static local's initialiser), "
                "which ravel does not model");
}

/* ------------------------------------------------------------------ */
/* Mutexes.                                                            */

/* A mutex action carries the mutex's static kind (action.h): the
 * unfolding's model starts from it. */
static rv_action mutex_act(rv_kind k, pthread_mutex_t *m)
{
    rv_action a = rv_act(k, (uint64_t)(uintptr_t)m);
    a.len = rv_model_mutex_static_kind((const rv_mutex_st *)m);
    return a;
}

int rv_mutex_init(pthread_mutex_t *m, int kind, uint64_t pc)
{
    if (kind != PTHREAD_MUTEX_RECURSIVE && kind != PTHREAD_MUTEX_ERRORCHECK)
        kind = PTHREAD_MUTEX_NORMAL;
    rv_action a = mutex_act(RV_ACT_MUTEX_INIT, m);
    a.arg = (uint64_t)kind;
    rv_visible(a, pc);
    return rv_self()->result;
}

int __ravel_pthread_mutex_init(pthread_mutex_t *m, const pthread_mutexattr_t *attr)
{
    uint64_t pc = PC;
    int kind = PTHREAD_MUTEX_NORMAL;
    if (attr) { /* read at an event: another thread may change it (progmem.c) */
        pthread_mutexattr_t c;
        rv_in(&c, attr, sizeof c, pc);
        pthread_mutexattr_gettype(&c, &kind);
    }
    return rv_mutex_init(m, kind, pc);
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
    rv_visible(rv_cond_act(RV_ACT_COND_INIT, c), PC);
    return 0;
}

int __ravel_pthread_cond_destroy(pthread_cond_t *c)
{
    rv_visible(rv_cond_act(RV_ACT_COND_DESTROY, c), PC);
    return 0;
}

int __ravel_pthread_cond_wait(pthread_cond_t *c, pthread_mutex_t *m)
{
    uint64_t pc = PC;
    rv_action a = rv_cond_act(RV_ACT_WAIT1, c);
    a.obj2 = (uint64_t)(uintptr_t)m;
    a.len = rv_model_mutex_static_kind((const rv_mutex_st *)m);
    rv_visible(a, pc);
    a.kind = RV_ACT_WAIT2;
    a.arg = rv_self()->wait_count; /* the recursion count w1 released */
    /* --spurious-wakeups: the wake-up need not wait for a notification,
     * as a timed wait's (model.h), and returns 0 all the same */
    if (rt.flags & RV_REQ_SPURIOUS) a.flags |= RV_AF_TIMED;
    rv_visible(a, pc);
    return 0;
}

int __ravel_pthread_cond_signal(pthread_cond_t *c)
{
    rv_visible(rv_cond_act(RV_ACT_SIGNAL, c), PC);
    return 0;
}

int __ravel_pthread_cond_broadcast(pthread_cond_t *c)
{
    rv_visible(rv_cond_act(RV_ACT_BROADCAST, c), PC);
    return 0;
}

/* ------------------------------------------------------------------ */
/* Semaphores and thread-specific data.                                */

int __ravel_sem_init(sem_t *s, int pshared, unsigned value)
{
    rv_action a = rv_act(RV_ACT_SEM_INIT, (uint64_t)(uintptr_t)s);
    a.arg = value;
    rv_visible(a, PC);
    return 0;
}

int __ravel_sem_destroy(sem_t *s)
{
    rv_visible(rv_act(RV_ACT_SEM_DESTROY, (uint64_t)(uintptr_t)s), PC);
    return 0;
}

static rv_action sem_act(rv_kind k, sem_t *s)
{
    return rv_act(k, (uint64_t)(uintptr_t)s);
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

/* The count, read at an event that depends on what a trywait depends on
 * and changes nothing (RV_AF_PEEK, action.h); written to *v at a write
 * event.  glibc's count is never negative (waiters are not subtracted). */
int __ravel_sem_getvalue(sem_t *s, int *v)
{
    uint64_t pc = PC;
    rv_action a = sem_act(RV_ACT_SEM_TRYWAIT, s);
    a.flags = RV_AF_PEEK;
    rv_visible(a, pc);
    int n = ((const rv_sem_st *)(const void *)s)->count;
    rv_out(v, &n, sizeof n, pc);
    return 0;
}

int __ravel_sem_post(sem_t *s)
{
    rv_visible(sem_act(RV_ACT_SEM_POST, s), PC);
    return 0;
}

/* The key registry is shared: creating or deleting a key is an atomic
 * read-modify-write of it (the index a create gets depends on the order of
 * creates), and the create writes *key, both as events. */
static void key_registry_event(uint64_t pc)
{
    rv_mem_event(RV_ACT_RMW, &rt.nkeys, sizeof rt.nkeys, pc, RV_AF_ATOMIC);
}

int __ravel_pthread_key_create(pthread_key_t *key, void (*dtor)(void *))
{
    uint64_t pc = PC;
    key_registry_event(pc);
    if (rt.nkeys >= RV_MAX_KEYS) return EAGAIN;
    unsigned k = rt.nkeys++;
    rt.key_used[k] = true;
    rt.key_dtor[k] = dtor;
    pthread_key_t v = k;
    rv_out(key, &v, sizeof v, pc);
    return 0;
}

int __ravel_pthread_key_delete(pthread_key_t key)
{
    key_registry_event(PC);
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
