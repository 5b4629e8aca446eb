/*
 * sync.c — threads, mutexes, condition variables, semaphores, once and
 * thread-specific keys, with POSIX semantics, as visible actions.
 *
 * Each API function announces its action (rv_visible) and, once resumed,
 * returns the result the effect left in self->result.  Enabledness, value
 * domains, effects and misuse detection are the model's (src/core/model.h,
 * shared with the unfolding); this file lays the model's states over the
 * program's objects and adds what only the runtime does (starting a
 * thread's coroutine, writing *thread).
 *
 * Object state lives inside the program's own objects (the model's
 * overlays); all-zero storage is a valid statically initialised object, as
 * in glibc, and so are glibc's *_INITIALIZER_NP mutex initialisers.
 */
#include "rt.h"

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

/* The object states are the model's (src/core/model.h), laid over the
 * program's own storage. */
_Static_assert(sizeof(rv_mutex_st) <= sizeof(pthread_mutex_t), "mutex overlay");
_Static_assert(offsetof(rv_mutex_st, kind) == offsetof(pthread_mutex_t, __data.__kind),
               "the kind sits where glibc's static initialisers put it");
_Static_assert(sizeof(rv_cond_st) <= sizeof(pthread_cond_t), "cond overlay");
_Static_assert(sizeof(rv_sem_st) <= sizeof(sem_t), "sem overlay");
_Static_assert(sizeof(int32_t) == sizeof(pthread_once_t), "once control");
_Static_assert(PTHREAD_MUTEX_NORMAL == RV_MK_NORMAL && PTHREAD_MUTEX_RECURSIVE == RV_MK_RECURSIVE &&
                   PTHREAD_MUTEX_ERRORCHECK == RV_MK_ERRORCHECK,
               "mutex kinds");

/* Threads, atomic sections, process exit: the model's world state (a plain
 * global, copied into each forked execution like the rest of the runtime). */
static rv_world_st rv_world;
static uint8_t rv_world_hi[RV_MAX_THREADS - RV_MASK_THREADS]; /* rv_mstate.whi */

/* The condvar waits and read locks of threads >= RV_MASK_THREADS
 * (rv_mstate.hi): a table by thread mapped at the first action on a
 * condvar or rwlock of an execution with such threads, an rv_zmap region
 * (zero again after each execution, kept out of the .bss that the reset
 * engine scans: 56 B per thread). */
static rv_mhi *rv_hi;
#define RV_HI_TAB_KEY 0x6869u /* rv_zmap's key for it ("hi"; race.c uses 1 ..) */

static rv_mhi *hi_table(void)
{
    if (rv_hi) return rv_hi;
    size_t len = ((RV_MAX_THREADS - RV_MASK_THREADS) * sizeof(rv_mhi) + 4095) & ~(size_t)4095;
    bool fresh;
    void *p = rv_zmap(RV_HI_TAB_KEY, NULL, len, &fresh);
    if (p == MAP_FAILED)
        rv_end_exec(RV_END_INTERNAL, 0, 0, "cannot map the condvar and rwlock table of threads");
    return rv_hi = p;
}

static rv_mutex_st *MX(uint64_t a)
{
    return (rv_mutex_st *)(uintptr_t)a;
}

/* The model states action a reads or changes, in the program's storage;
 * a spin lock's (4 bytes, too small for the overlay) unpacked into *spin
 * (posix_ext.c), to be packed back after an apply. */
static rv_mstate state_of(const rv_action *a, rv_mutex_st *spin)
{
    rv_mstate s = {.w = &rv_world, .whi = rv_world_hi};
    uint64_t m = rv_mutex_of(a);
    if (m) s.mx = MX(m);
    if (m && (a->flags & RV_AF_SPIN)) {
        rv_spin_unpack(m, spin);
        s.mx = spin;
    }
    void *o = (void *)(uintptr_t)a->obj;
    if (rv_on_cond(a)) s.cv = o;
    if (rv_on_sem(a)) s.sem = o;
    if (rv_on_once(a)) s.once = o;
    if (rv_on_rwlock(a)) s.rw = o;
    if (rv_on_barrier(a)) s.bar = o;
    if ((s.cv || s.rw) && rt.nthreads > RV_MASK_THREADS) {
        s.hi = hi_table();
        s.hi_end = rt.nthreads;
    }
    return s;
}

/* ------------------------------------------------------------------ */
/* Enabledness, value domains and effects: the model's.               */

bool rv_enabled(const rv_thr *t)
{
    rv_mutex_st spin;
    rv_mstate s = state_of(&t->pending, &spin);
    return rv_model_enabled(&s, &t->pending);
}

unsigned rv_atomic_owner(void)
{
    return rv_world.atomic;
}

bool rv_thread_detached(unsigned t)
{
    if (t < RV_MASK_THREADS) return (rv_world.detached >> t) & 1;
    return (rv_world_hi[t - RV_MASK_THREADS] & RV_WF_DETACHED) != 0;
}

int32_t rv_mutex_owner(uint64_t m)
{
    return MX(m)->owner;
}

uint32_t rv_domain(const rv_thr *t)
{
    rv_mutex_st spin;
    rv_mstate s = state_of(&t->pending, &spin);
    return rv_model_domain(&s, &t->pending);
}

/* A reader >= RV_MASK_THREADS of rwlock rw (one that holds one exists). */
static uint64_t hi_reader(uint64_t rw)
{
    for (unsigned t = RV_MASK_THREADS; t < rt.nthreads; t++) {
        const rv_mhi *h = &hi_table()[t - RV_MASK_THREADS];
        for (int k = 0; k < RV_HI_RD; k++)
            if (h->rdn[k] && h->rd[k] == rw) return t;
    }
    return RV_NO_THREAD;
}

uint64_t rv_holder_of(const rv_thr *t)
{
    const rv_action *a = &t->pending;
    if (a->kind == RV_ACT_LOCK || a->kind == RV_ACT_WAIT2) {
        rv_mutex_st spin;
        const rv_mutex_st *m = state_of(a, &spin).mx;
        return m->owner ? (uint64_t)(m->owner - 1) : RV_NO_THREAD;
    }
    if (a->kind == RV_ACT_RDLOCK || a->kind == RV_ACT_WRLOCK) {
        const rv_rwlock_st *r = (const rv_rwlock_st *)(uintptr_t)a->obj;
        if (r->writer) return (uint64_t)(r->writer - 1);
        if (r->readers[0]) return (uint64_t)__builtin_ctzll(r->readers[0]);
        return r->nhi ? hi_reader(a->obj) : RV_NO_THREAD;
    }
    if (a->kind == RV_ACT_JOIN) return a->obj;
    return RV_NO_THREAD;
}

static void misuse(rv_thr *t, uint64_t obj, const char *what)
{
    rt.running = t;
    rv_end_exec(RV_END_MISUSE, t->pending_pc, obj, "%s", what);
}

/* The object a misuse report names: the mutex of a condition wait when
 * the message is about it, else the action's object. */
static uint64_t misused_obj(const rv_action *a, const char *msg)
{
    if ((a->kind == RV_ACT_WAIT1 || a->kind == RV_ACT_WAIT2) && strstr(msg, "mutex"))
        return a->obj2;
    return a->obj;
}

bool rv_peek(uint64_t addr, uint64_t len, uint64_t *out)
{
    static long pid; /* set in the execution's child only (the server runs no program code) */
    if (len > 8) return false;
    if (!pid) pid = rv_syscall6(SYS_getpid, 0, 0, 0, 0, 0, 0);
    uint64_t v = 0;
    struct iovec local = {&v, len}, remote = {(void *)(uintptr_t)addr, len};
    long r = rv_syscall6(SYS_process_vm_readv, pid, (long)&local, 1, (long)&remote, 1, 0);
    if (r == -EFAULT) return false;
    if (r != (long)len) { /* the call itself refused (seccomp, old kernel): read directly */
        if (addr < 65536) return false;
        memcpy(&v, (const void *)(uintptr_t)addr, len);
    }
    *out = v;
    return true;
}

/* A compare-exchange is decided now, as its event is taken: nothing runs
 * until its thread performs it (memory.c), so the bytes at obj are the
 * ones it will compare.  A failed one only reads (action.h). */
static void decide_cas(rv_event *ev)
{
    uint64_t cur;
    if (!rv_peek(ev->act.obj, ev->act.len, &cur)) return; /* faults in the thread: stays RMW */
    if (cur != ev->act.arg) ev->act.kind = RV_ACT_READ;
}

/* The program's bytes the model is about to change for action a (its
 * objects in state s; a spin lock's packed word): the memory image keeps
 * what it held there (image.c). */
static void note_objects(const rv_mstate *s, const rv_action *a, const rv_mutex_st *spin)
{
    if (s->mx == spin)
        rv_image_obj((const void *)(uintptr_t)a->obj, sizeof(uint32_t)); /* rv_spin_pack */
    else if (s->mx)
        rv_image_obj(s->mx, sizeof *s->mx);
    if (s->cv) rv_image_obj(s->cv, sizeof *s->cv);
    if (s->sem) rv_image_obj(s->sem, sizeof *s->sem);
    if (s->once) rv_image_obj(s->once, sizeof *s->once);
    if (s->rw) rv_image_obj(s->rw, sizeof *s->rw);
    if (s->bar) rv_image_obj(s->bar, sizeof *s->bar);
}

void rv_apply(rv_thr *t, rv_event *ev, uint32_t val)
{
    if (rv_is_cas(&ev->act)) decide_cas(ev);
    rv_mutex_st spin;
    rv_mstate s = state_of(&ev->act, &spin);
    note_objects(&s, &ev->act, &spin);
    char msg[160];
    int r = rv_model_apply(&s, &ev->act, val, msg, sizeof msg);
    if (ev->act.flags & RV_AF_SPIN) rv_spin_pack(ev->act.obj, &spin);
    if (r == RV_MODEL_MISUSE) misuse(t, misused_obj(&ev->act, msg), msg);
    t->result = r;
    switch (ev->act.kind) {
    case RV_ACT_CREATE: {
        t->nchildren++;
        pthread_t id = (pthread_t)ev->act.obj; /* *thread: part of the event, and of its wv */
        rv_acct_event_store(ev, (void *)(uintptr_t)ev->act.obj2, &id, sizeof id);
        if (rt.flags & RV_REQ_DRF) rv_race_thread_start(rv_tid(t), (unsigned)ev->act.obj);
        rv_thread_start((unsigned)ev->act.obj, t);
        break;
    }
    case RV_ACT_EXIT:
        t->state = RV_T_FINISHED;
        break;
    case RV_ACT_WAIT1:
        t->wait_count = (uint32_t)ev->act.arg; /* restored by w2 (its arg) */
        break;
    case RV_ACT_ONCE_BEGIN:
        t->result = (int)ev->act.arg; /* this thread runs the initialiser */
        break;
    case RV_ACT_BAR_ARRIVE:
        t->result = (int)(uint32_t)ev->act.arg; /* generation << 1 | serial */
        break;
    default: /* memory, nondet and yield: the thread itself acts once resumed */
        break;
    }
}

/* ------------------------------------------------------------------ */
/* Threads.                                                            */

#define PC RV_API_PC() /* the program's pc, also through c11threads.c (rt.h) */

/* Threads this execution created, main included (--max-threads; reset
 * with the rest of the runtime's data between executions). */
static unsigned threads_created = 1;

unsigned rv_thread_cap(void)
{
    unsigned cap = rt.shm->max_threads ? rt.shm->max_threads : RV_MAX_THREADS;
    if (cap > RV_MAX_THREADS) cap = RV_MAX_THREADS;
    if ((rt.flags & RV_REQ_DRF) && cap > RV_DRF_MAX_THREADS) cap = RV_DRF_MAX_THREADS;
    return cap;
}

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
    if (!r) *ret = rv_thr_at(th)->ret;
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

int __ravel_sched_yield(void)
{
    rv_visible(rv_act(RV_ACT_YIELD, 0), PC);
    return 0;
}

/* Sleeping is a yield; the virtual clock (clock.c) shows the sleeping
 * thread that the time passed. */
unsigned __ravel_sleep(unsigned s)
{
    rv_visible(rv_act(RV_ACT_YIELD, 0), PC);
    rv_clock_slept(s * 1000000000ull);
    return 0;
}
int __ravel_usleep(unsigned us)
{
    rv_visible(rv_act(RV_ACT_YIELD, 0), PC);
    rv_clock_slept(us * 1000ull);
    return 0;
}
int __ravel_nanosleep(const void *req, void *rem)
{
    rv_visible(rv_act(RV_ACT_YIELD, 0), PC);
    rv_clock_slept_ts(req);
    return 0;
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

#define RAW_TAG 0x21574152u /* past the overlay: "this object started raw" */

uint8_t rv_raw_start(uint64_t obj, size_t overlay, uint32_t status)
{
    volatile uint32_t *tag = (volatile uint32_t *)(uintptr_t)(obj + overlay);
    bool raw = *tag == RAW_TAG || !rv_model_status_written(status);
    if (!raw) return 0;
    rv_image_obj((const void *)tag, sizeof *tag); /* no event writes it (image.c) */
    *tag = RAW_TAG;
    return RV_AF_RAW;
}

rv_action rv_cond_act(rv_kind k, pthread_cond_t *c)
{
    rv_action a = rv_act(k, (uint64_t)(uintptr_t)c);
    a.flags = rv_raw_start(a.obj, sizeof(rv_cond_st), ((const rv_cond_st *)c)->status);
    return a;
}

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
