/*
 * posix_ext.c — the rest of POSIX threads (issue 13): spin locks, timed
 * waits, read-write locks, barriers, and the attributes the runtime
 * accepts.  Each call announces its action (rv_visible) and returns what
 * the model's effect left in self->result; enabledness, value choices and
 * effects are the model's (src/core/model.h), applied by sync.c's generic
 * rv_enabled / rv_domain / rv_apply like every other action.
 *
 *  - Spin locks are normal mutexes (mutex actions flagged RV_AF_SPIN):
 *    pthread_spinlock_t has only 4 bytes, so the model state is packed
 *    into it by apply.c (rv_spin_pack / rv_spin_unpack).  A lock that never
 *    comes is a deadlock report, as for a mutex: ravel never spins.
 *  - Timed waits (DESIGN "Timed waits"): the deadline is not read; timing
 *    out is a value choice of the explorer, possible whenever the call
 *    runs, and the only outcome when the object is not available.
 *  - Read-write locks and barriers live in the program's own storage (the
 *    model's rv_rwlock_st / rv_barrier_st overlays).
 *
 * Owns: pthread_setconcurrency's value; the objects' states are the
 * model's, in the program's objects (apply.c).
 */
#include "rt.h"

#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <semaphore.h>
#include <signal.h>
#include <stddef.h>
#include <string.h>
#include <time.h>

#include "posix_ext.h"
#include "strev.h"

_Static_assert(sizeof(rv_rwlock_st) <= sizeof(pthread_rwlock_t), "rwlock overlay");
_Static_assert(sizeof(rv_barrier_st) <= sizeof(pthread_barrier_t), "barrier overlay");
_Static_assert(sizeof(pthread_spinlock_t) == 4, "spin lock word");

#define PC RV_PC()

/* ---- spin locks (their word: apply.c, rv_spin_pack) ------------------------ */

static rv_action spin_act(rv_kind k, pthread_spinlock_t *l)
{
    rv_action a = rv_act(k, (uint64_t)(uintptr_t)l);
    a.flags = RV_AF_SPIN;
    rv_mutex_st m;
    rv_spin_unpack(a.obj, &m);
    a.len = rv_model_mutex_static_kind(&m); /* the start the unfolding models */
    return a;
}

int __ravel_pthread_spin_init(pthread_spinlock_t *l, int pshared)
{
    (void)pshared; /* one process */
    rv_action a = spin_act(RV_ACT_MUTEX_INIT, l);
    a.arg = RV_MK_NORMAL;
    rv_visible(a, PC);
    return rv_self()->result;
}

int __ravel_pthread_spin_destroy(pthread_spinlock_t *l)
{
    rv_visible(spin_act(RV_ACT_MUTEX_DESTROY, l), PC);
    return rv_self()->result;
}

int __ravel_pthread_spin_lock(pthread_spinlock_t *l)
{
    rv_visible(spin_act(RV_ACT_LOCK, l), PC);
    return rv_self()->result;
}

int __ravel_pthread_spin_trylock(pthread_spinlock_t *l)
{
    rv_visible(spin_act(RV_ACT_TRYLOCK, l), PC);
    return rv_self()->result;
}

int __ravel_pthread_spin_unlock(pthread_spinlock_t *l)
{
    rv_visible(spin_act(RV_ACT_UNLOCK, l), PC);
    return rv_self()->result;
}

/* ---- timed waits ----------------------------------------------------------- */

/* Time does not exist in an exploration: the deadline is not read, and
 * timing out is a choice (DESIGN "Timed waits").  The clock* variants
 * (glibc 2.30) are the timed calls with a clock, which must be one a
 * timed wait can measure (EINVAL otherwise, as glibc). */
static bool wait_clock(clockid_t c)
{
    return c == CLOCK_REALTIME || c == CLOCK_MONOTONIC;
}

static int timedlock(pthread_mutex_t *m, uint64_t pc)
{
    rv_action a = rv_act(RV_ACT_TRYLOCK, (uint64_t)(uintptr_t)m);
    a.len = rv_model_mutex_static_kind((const rv_mutex_st *)m);
    a.flags = RV_AF_TIMED;
    rv_visible(a, pc);
    return rv_self()->result;
}
int __ravel_pthread_mutex_timedlock(pthread_mutex_t *m, const struct timespec *abstime)
{
    (void)abstime;
    return timedlock(m, PC);
}
int __ravel_pthread_mutex_clocklock(pthread_mutex_t *m, clockid_t c, const struct timespec *t)
{
    (void)t;
    return wait_clock(c) ? timedlock(m, PC) : EINVAL;
}

static int sem_timed(sem_t *s, uint64_t pc)
{
    rv_action a = rv_act(RV_ACT_SEM_TRYWAIT, (uint64_t)(uintptr_t)s);
    a.flags = RV_AF_TIMED;
    rv_visible(a, pc);
    int r = rv_self()->result;
    if (r) {
        errno = r;
        return -1;
    }
    return 0;
}
int __ravel_sem_timedwait(sem_t *s, const struct timespec *abstime)
{
    (void)abstime;
    return sem_timed(s, PC);
}
int __ravel_sem_clockwait(sem_t *s, clockid_t c, const struct timespec *t)
{
    (void)t;
    if (wait_clock(c)) return sem_timed(s, PC);
    errno = EINVAL;
    return -1;
}

static int cond_timed(pthread_cond_t *c, pthread_mutex_t *m, uint64_t pc)
{
    rv_action a = rv_cond_act(RV_ACT_WAIT1, c);
    a.obj2 = (uint64_t)(uintptr_t)m;
    a.len = rv_model_mutex_static_kind((const rv_mutex_st *)m);
    rv_visible(a, pc);
    a.kind = RV_ACT_WAIT2;
    a.flags |= RV_AF_TIMED; /* wakes when notified, or times out without */
    a.arg = rv_self()->wait_count;
    rv_visible(a, pc);
    return rv_self()->result;
}
int __ravel_pthread_cond_timedwait(pthread_cond_t *c, pthread_mutex_t *m,
                                   const struct timespec *abstime)
{
    (void)abstime;
    return cond_timed(c, m, PC);
}
int __ravel_pthread_cond_clockwait(pthread_cond_t *c, pthread_mutex_t *m, clockid_t k,
                                   const struct timespec *t)
{
    (void)t;
    return wait_clock(k) ? cond_timed(c, m, PC) : EINVAL;
}

/* ---- read-write locks ------------------------------------------------------ */

static rv_action rw_act(rv_kind k, pthread_rwlock_t *l)
{
    rv_action a = rv_act(k, (uint64_t)(uintptr_t)l);
    a.flags = rv_raw_start(a.obj, sizeof(rv_rwlock_st), ((const rv_rwlock_st *)l)->status);
    return a;
}

int __ravel_pthread_rwlock_init(pthread_rwlock_t *l, const pthread_rwlockattr_t *attr)
{
    (void)attr; /* reader preference whatever the attribute says (DESIGN) */
    rv_visible(rw_act(RV_ACT_RW_INIT, l), PC);
    return rv_self()->result;
}

int __ravel_pthread_rwlock_destroy(pthread_rwlock_t *l)
{
    rv_visible(rw_act(RV_ACT_RW_DESTROY, l), PC);
    return rv_self()->result;
}

int __ravel_pthread_rwlock_rdlock(pthread_rwlock_t *l)
{
    rv_visible(rw_act(RV_ACT_RDLOCK, l), PC);
    return rv_self()->result;
}

int __ravel_pthread_rwlock_tryrdlock(pthread_rwlock_t *l)
{
    rv_visible(rw_act(RV_ACT_TRYRDLOCK, l), PC);
    return rv_self()->result;
}

static int rw_timed(pthread_rwlock_t *l, rv_kind k, uint64_t pc)
{
    rv_action a = rw_act(k, l);
    a.flags |= RV_AF_TIMED;
    rv_visible(a, pc);
    return rv_self()->result;
}
int __ravel_pthread_rwlock_timedrdlock(pthread_rwlock_t *l, const struct timespec *abstime)
{
    (void)abstime;
    return rw_timed(l, RV_ACT_TRYRDLOCK, PC);
}
int __ravel_pthread_rwlock_clockrdlock(pthread_rwlock_t *l, clockid_t c, const struct timespec *t)
{
    (void)t;
    return wait_clock(c) ? rw_timed(l, RV_ACT_TRYRDLOCK, PC) : EINVAL;
}

int __ravel_pthread_rwlock_wrlock(pthread_rwlock_t *l)
{
    rv_visible(rw_act(RV_ACT_WRLOCK, l), PC);
    return rv_self()->result;
}

int __ravel_pthread_rwlock_trywrlock(pthread_rwlock_t *l)
{
    rv_visible(rw_act(RV_ACT_TRYWRLOCK, l), PC);
    return rv_self()->result;
}

int __ravel_pthread_rwlock_timedwrlock(pthread_rwlock_t *l, const struct timespec *abstime)
{
    (void)abstime;
    return rw_timed(l, RV_ACT_TRYWRLOCK, PC);
}
int __ravel_pthread_rwlock_clockwrlock(pthread_rwlock_t *l, clockid_t c, const struct timespec *t)
{
    (void)t;
    return wait_clock(c) ? rw_timed(l, RV_ACT_TRYWRLOCK, PC) : EINVAL;
}

/* Which unlock this is depends only on the calling thread's own history
 * (whether it holds the write lock), so it is fixed when announced: the
 * reader class commutes with other readers (action.h). */
int __ravel_pthread_rwlock_unlock(pthread_rwlock_t *l)
{
    const rv_rwlock_st *r = (const rv_rwlock_st *)l;
    bool writer = r->writer == (int32_t)rv_tid(rv_self()) + 1;
    rv_visible(rw_act(writer ? RV_ACT_WRUNLOCK : RV_ACT_RDUNLOCK, l), PC);
    return rv_self()->result;
}

/* ---- barriers -------------------------------------------------------------- */

int __ravel_pthread_barrier_init(pthread_barrier_t *b, const pthread_barrierattr_t *attr,
                                 unsigned count)
{
    (void)attr;
    rv_action a = rv_act(RV_ACT_BAR_INIT, (uint64_t)(uintptr_t)b);
    a.arg = count;
    rv_visible(a, PC);
    return rv_self()->result;
}

int __ravel_pthread_barrier_destroy(pthread_barrier_t *b)
{
    rv_visible(rv_act(RV_ACT_BAR_DESTROY, (uint64_t)(uintptr_t)b), PC);
    return rv_self()->result;
}

/* arrive, then (unless this thread completed the cycle) leave once the
 * cycle it arrived in is over.  The leave's arg (that cycle) is set by
 * rv_visible from the arrive's result (rv_pending_leave), not kept here:
 * this frame is hashed with the thread's state, and a cycle number in it
 * would make the states of a barrier loop all differ (no cutoff).  A
 * thread above the masks does keep it here (in its action): its leave is
 * decided by comparing it with the generation, so it is part of its
 * state (model.h rv_barrier_st). */
int __ravel_pthread_barrier_wait(pthread_barrier_t *b)
{
    uint64_t pc = PC;
    rv_visible(rv_act(RV_ACT_BAR_ARRIVE, (uint64_t)(uintptr_t)b), pc);
    if (rv_self()->result & 1) return PTHREAD_BARRIER_SERIAL_THREAD;
    rv_action a = rv_act(RV_ACT_BAR_LEAVE, (uint64_t)(uintptr_t)b);
    if (a.tid >= RV_MASK_THREADS) a.arg = (uint32_t)rv_self()->result >> 1;
    rv_visible(a, pc);
    return 0;
}

/* ---- attribute objects ----------------------------------------------------- */

/* Attribute objects are the program's memory in the C library's format:
 * each call runs the C library's function on a copy read at a read event
 * (rv_in), and writes the copy back at a write event when the call
 * changed it, and a getter's result at a write event of its destination
 * (rv_out; progmem.c).  So another thread's use of the object is ordered
 * with the call, and the state sees every byte the call writes (before,
 * pthread_mutexattr_gettype and pthread_attr_getstacksize wrote without
 * an event: the default mode cut off a configuration with a bug,
 * tests/cutoffs/outparam.c).  What the attributes change is in DESIGN
 * "Attributes": robustness is not modelled (a robust mutex whose owner
 * exits stays locked: the next locker is reported blocked, never
 * EOWNERDEAD), so pthread_mutex_consistent has no inconsistent mutex to
 * repair; priority protocols, ceilings, scopes, affinities and stack
 * addresses change nothing, since every interleaving is explored
 * whatever they say; pshared is accepted (one process). */

/* The copy c (of n bytes, orig as read) back into the program's object. */
static void attr_back(void *a, const void *c, const void *orig, size_t n, uint64_t pc)
{
    if (memcmp(c, orig, n)) rv_out(a, c, n, pc);
}

/* The copy c back into the program's object after a setter that keeps
 * its value outside the object: glibc's pthread_attr_setaffinity_np and
 * pthread_attr_setsigmask_np store the set in an extension the C library
 * allocates, and the object's bytes (a pointer to it) need not change.
 * A write event over the whole object, changed or not, orders the call
 * with every later use of the attributes (a getter, pthread_create); and
 * the extension's bytes are in no memory image, so the state after it is
 * unique (RV_TAINT_HEAP_COPY).  Before, the call was a read event only:
 * a getter in another thread looked independent of it, and udpor said
 * "no error, exhaustive" where dfs found the assertion
 * (tests/adversary/attr_ext.c, adversary of issue 27). */
static void attr_ext_back(void *a, const void *c, size_t n, uint64_t pc)
{
    rv_out(a, c, n, pc);
    rv_taint(RV_TAINT_HEAP_COPY);
}

/* NAME(a): initialises the whole object */
#define ATTR_INIT(NAME, T)                                                                         \
    int __ravel_##NAME(T *a)                                                                       \
    {                                                                                              \
        uint64_t pc = PC;                                                                          \
        T c;                                                                                       \
        memset(&c, 0, sizeof c);                                                                   \
        int r = NAME(&c);                                                                          \
        if (!r) rv_out(a, &c, sizeof c, pc);                                                       \
        return r;                                                                                  \
    }
/* NAME(a, args...): reads the object and may change it */
#define ATTR_SET(NAME, T, PARAMS, ARGS)                                                            \
    int __ravel_##NAME PARAMS                                                                      \
    {                                                                                              \
        uint64_t pc = PC;                                                                          \
        T c, o;                                                                                    \
        rv_in(&c, a, sizeof c, pc);                                                                \
        o = c;                                                                                     \
        int r = NAME ARGS;                                                                         \
        attr_back(a, &c, &o, sizeof c, pc);                                                        \
        return r;                                                                                  \
    }
#define ATTR_SET1(NAME, T, V) ATTR_SET(NAME, T, (T * a, V v), (&c, v))
#define ATTR_DESTROY(NAME, T) ATTR_SET(NAME, T, (T * a), (&c))
/* NAME(a, &v): reads the object, writes *out */
#define ATTR_GET1(NAME, T, V)                                                                      \
    int __ravel_##NAME(const T *a, V *out)                                                         \
    {                                                                                              \
        uint64_t pc = PC;                                                                          \
        T c;                                                                                       \
        V v;                                                                                       \
        memset(&v, 0, sizeof v);                                                                   \
        rv_in(&c, a, sizeof c, pc);                                                                \
        int r = NAME(&c, &v);                                                                      \
        if (!r) rv_out(out, &v, sizeof v, pc);                                                     \
        return r;                                                                                  \
    }

/* thread attributes */
ATTR_INIT(pthread_attr_init, pthread_attr_t)
ATTR_DESTROY(pthread_attr_destroy, pthread_attr_t)
ATTR_SET1(pthread_attr_setdetachstate, pthread_attr_t, int)
ATTR_GET1(pthread_attr_getdetachstate, pthread_attr_t, int)
ATTR_SET1(pthread_attr_setstacksize, pthread_attr_t, size_t)
ATTR_GET1(pthread_attr_getstacksize, pthread_attr_t, size_t)
ATTR_SET1(pthread_attr_setguardsize, pthread_attr_t, size_t)
ATTR_GET1(pthread_attr_getguardsize, pthread_attr_t, size_t)
ATTR_SET1(pthread_attr_setscope, pthread_attr_t, int)
ATTR_GET1(pthread_attr_getscope, pthread_attr_t, int)
ATTR_SET1(pthread_attr_setinheritsched, pthread_attr_t, int)
ATTR_GET1(pthread_attr_getinheritsched, pthread_attr_t, int)
ATTR_SET1(pthread_attr_setschedpolicy, pthread_attr_t, int)
ATTR_GET1(pthread_attr_getschedpolicy, pthread_attr_t, int)
ATTR_GET1(pthread_attr_getschedparam, pthread_attr_t, struct sched_param)
ATTR_SET(pthread_attr_setstack, pthread_attr_t, (pthread_attr_t * a, void *addr, size_t n),
         (&c, addr, n))

int __ravel_pthread_attr_setschedparam(pthread_attr_t *a, const struct sched_param *p)
{
    uint64_t pc = PC;
    struct sched_param v;
    rv_in(&v, p, sizeof v, pc);
    pthread_attr_t c, o;
    rv_in(&c, a, sizeof c, pc);
    o = c;
    int r = pthread_attr_setschedparam(&c, &v);
    attr_back(a, &c, &o, sizeof c, pc);
    return r;
}

int __ravel_pthread_attr_setsigmask_np(pthread_attr_t *a, const sigset_t *m)
{
    uint64_t pc = PC;
    sigset_t v;
    if (m) rv_in(&v, m, sizeof v, pc);
    pthread_attr_t c;
    rv_in(&c, a, sizeof c, pc);
    int r = pthread_attr_setsigmask_np(&c, m ? &v : NULL);
    attr_ext_back(a, &c, sizeof c, pc);
    return r;
}

/* With no mask set it returns PTHREAD_ATTR_NO_SIGMASK_NP and an empty
 * set: the set is written whatever it returns. */
int __ravel_pthread_attr_getsigmask_np(const pthread_attr_t *a, sigset_t *m)
{
    uint64_t pc = PC;
    pthread_attr_t c;
    rv_in(&c, a, sizeof c, pc);
    sigset_t v;
    sigemptyset(&v);
    int r = pthread_attr_getsigmask_np(&c, &v);
    if (r == 0 || r == PTHREAD_ATTR_NO_SIGMASK_NP) rv_out(m, &v, sizeof v, pc);
    return r;
}

int __ravel_pthread_attr_getstack(const pthread_attr_t *a, void **addr, size_t *n)
{
    uint64_t pc = PC;
    pthread_attr_t c;
    rv_in(&c, a, sizeof c, pc);
    void *x = NULL;
    size_t k = 0;
    int r = pthread_attr_getstack(&c, &x, &k);
    if (r) return r;
    rv_out(addr, &x, sizeof x, pc);
    rv_out(n, &k, sizeof k, pc);
    return 0;
}

/* The CPU set is kept by the C library outside the object (the pointer
 * in the copy is the object's own): affinities change nothing here. */
int __ravel_pthread_attr_setaffinity_np(pthread_attr_t *a, size_t n, const cpu_set_t *set)
{
    uint64_t pc = PC;
    char small[BOUNCE_STACK];
    char *v = rv_bounce_alloc(n, small);
    rv_in(v, set, n, pc);
    pthread_attr_t c;
    rv_in(&c, a, sizeof c, pc);
    int r = pthread_attr_setaffinity_np(&c, n, (const cpu_set_t *)(void *)v);
    attr_ext_back(a, &c, sizeof c, pc);
    rv_bounce_free(v, small);
    return r;
}

int __ravel_pthread_attr_getaffinity_np(const pthread_attr_t *a, size_t n, cpu_set_t *set)
{
    uint64_t pc = PC;
    pthread_attr_t c;
    rv_in(&c, a, sizeof c, pc);
    char small[BOUNCE_STACK];
    char *v = rv_bounce_alloc(n, small);
    memset(v, 0, n);
    int r = pthread_attr_getaffinity_np(&c, n, (cpu_set_t *)(void *)v);
    if (!r) rv_out(set, v, n, pc);
    rv_bounce_free(v, small);
    return r;
}

/* mutex attributes */
ATTR_INIT(pthread_mutexattr_init, pthread_mutexattr_t)
ATTR_DESTROY(pthread_mutexattr_destroy, pthread_mutexattr_t)
ATTR_SET1(pthread_mutexattr_settype, pthread_mutexattr_t, int)
ATTR_GET1(pthread_mutexattr_gettype, pthread_mutexattr_t, int)
ATTR_SET1(pthread_mutexattr_setrobust, pthread_mutexattr_t, int)
ATTR_GET1(pthread_mutexattr_getrobust, pthread_mutexattr_t, int)
ATTR_SET1(pthread_mutexattr_setprotocol, pthread_mutexattr_t, int)
ATTR_GET1(pthread_mutexattr_getprotocol, pthread_mutexattr_t, int)
ATTR_SET1(pthread_mutexattr_setprioceiling, pthread_mutexattr_t, int)
ATTR_GET1(pthread_mutexattr_getprioceiling, pthread_mutexattr_t, int)
ATTR_SET1(pthread_mutexattr_setpshared, pthread_mutexattr_t, int)
ATTR_GET1(pthread_mutexattr_getpshared, pthread_mutexattr_t, int)

int __ravel_pthread_mutex_consistent(pthread_mutex_t *m)
{
    (void)m;
    return EINVAL; /* no mutex is ever left inconsistent (see above) */
}

/* condition variable attributes.  The clock a timed wait measures is
 * accepted: time does not exist in an exploration (DESIGN "Timed waits"). */
ATTR_INIT(pthread_condattr_init, pthread_condattr_t)
ATTR_DESTROY(pthread_condattr_destroy, pthread_condattr_t)
ATTR_SET1(pthread_condattr_setpshared, pthread_condattr_t, int)
ATTR_GET1(pthread_condattr_getpshared, pthread_condattr_t, int)
ATTR_SET1(pthread_condattr_setclock, pthread_condattr_t, clockid_t)
ATTR_GET1(pthread_condattr_getclock, pthread_condattr_t, clockid_t)

/* read-write lock attributes.  The model's locks prefer readers, as
 * glibc's default kind (PTHREAD_RWLOCK_PREFER_READER_NP) and
 * PTHREAD_RWLOCK_PREFER_WRITER_NP (which glibc treats as the default).
 * PTHREAD_RWLOCK_PREFER_WRITER_NONRECURSIVE_NP (a reader waits behind a
 * waiting writer, and a thread that read-locks twice can deadlock) is not
 * modelled: asking for it ends the execution as unsupported rather than
 * exploring the wrong lock. */
ATTR_INIT(pthread_rwlockattr_init, pthread_rwlockattr_t)
ATTR_DESTROY(pthread_rwlockattr_destroy, pthread_rwlockattr_t)
ATTR_SET1(pthread_rwlockattr_setpshared, pthread_rwlockattr_t, int)
ATTR_GET1(pthread_rwlockattr_getpshared, pthread_rwlockattr_t, int)
ATTR_GET1(pthread_rwlockattr_getkind_np, pthread_rwlockattr_t, int)

int __ravel_pthread_rwlockattr_setkind_np(pthread_rwlockattr_t *a, int kind)
{
    uint64_t pc = PC;
    if (kind == PTHREAD_RWLOCK_PREFER_WRITER_NONRECURSIVE_NP)
        rv_end_exec(RV_END_UNSUPPORTED, pc, (uint64_t)(uintptr_t)a,
                    "pthread_rwlockattr_setkind_np: read-write locks that prefer writers "
                    "(PTHREAD_RWLOCK_PREFER_WRITER_NONRECURSIVE_NP) are not modelled");
    pthread_rwlockattr_t c, o;
    rv_in(&c, a, sizeof c, pc);
    o = c;
    int r = pthread_rwlockattr_setkind_np(&c, kind);
    attr_back(a, &c, &o, sizeof c, pc);
    return r;
}

/* barrier attributes */
ATTR_INIT(pthread_barrierattr_init, pthread_barrierattr_t)
ATTR_DESTROY(pthread_barrierattr_destroy, pthread_barrierattr_t)
ATTR_SET1(pthread_barrierattr_setpshared, pthread_barrierattr_t, int)
ATTR_GET1(pthread_barrierattr_getpshared, pthread_barrierattr_t, int)

/* ---- signal masks, cancellability and the rest ---------------------------- */

/* A thread's signal mask is its own (only it changes it; a new thread
 * inherits its creator's, kernel.c rv_thread_start), kept in its record,
 * which its fingerprint hashes.  Signals are not modelled: the mask is
 * what pthread_sigmask and sigprocmask report and change, and the kernel's
 * mask of the runtime's one OS thread stays as it is (a signal the
 * program raises is delivered as the kernel decides; DESIGN §3b).
 * SIGKILL and SIGSTOP cannot be blocked, nor the two signals glibc keeps
 * for itself (32, 33), as with glibc.  Only signals 1-64 exist on Linux:
 * the rest of a sigset_t reads as zero. */
static uint64_t sig_bit(int s)
{
    return 1ull << (s - 1);
}

static int set_mask(int how, const sigset_t *set, sigset_t *old, uint64_t pc)
{
    rv_thr *self = rv_self();
    uint64_t cur = self->sigmask, v = 0;
    if (set) {
        sigset_t c;
        rv_in(&c, set, sizeof c, pc);
        memcpy(&v, &c, sizeof v);
        if (how != SIG_BLOCK && how != SIG_UNBLOCK && how != SIG_SETMASK) return EINVAL;
    }
    if (old) {
        sigset_t o;
        memset(&o, 0, sizeof o);
        memcpy(&o, &cur, sizeof cur);
        rv_out(old, &o, sizeof o, pc);
    }
    if (!set) return 0;
    uint64_t fixed = sig_bit(SIGKILL) | sig_bit(SIGSTOP) | sig_bit(32) | sig_bit(33);
    uint64_t next = how == SIG_BLOCK ? cur | v : how == SIG_UNBLOCK ? cur & ~v : v;
    self->sigmask = next & ~fixed;
    return 0;
}

int __ravel_pthread_sigmask(int how, const sigset_t *set, sigset_t *old)
{
    return set_mask(how, set, old, PC);
}

int __ravel_sigprocmask(int how, const sigset_t *set, sigset_t *old)
{
    int r = set_mask(how, set, old, PC); /* in a threaded process: the caller's (Linux) */
    if (!r) return 0;
    errno = r;
    return -1;
}

/* Cancellation is not supported (pthread_cancel ends the execution as
 * unsupported), so no request is ever pending: the state and type are
 * bookkeeping the thread reads back, and pthread_testcancel does
 * nothing. */
enum { RV_CANCEL_OFF = 1, RV_CANCEL_ASYNC = 2 };

static int set_cancel(int v, int *old, uint32_t bit, uint64_t pc)
{
    if (v != 0 && v != 1) return EINVAL; /* ENABLE/DEFERRED 0, DISABLE/ASYNCHRONOUS 1 */
    rv_thr *self = rv_self();
    int o = (self->cancel & bit) != 0;
    if (old) rv_out(old, &o, sizeof o, pc);
    self->cancel = v ? self->cancel | bit : self->cancel & ~bit;
    return 0;
}
_Static_assert(PTHREAD_CANCEL_ENABLE == 0 && PTHREAD_CANCEL_DISABLE == 1 &&
                   PTHREAD_CANCEL_DEFERRED == 0 && PTHREAD_CANCEL_ASYNCHRONOUS == 1,
               "cancellability values");

int __ravel_pthread_setcancelstate(int state, int *old)
{
    return set_cancel(state, old, RV_CANCEL_OFF, PC);
}
int __ravel_pthread_setcanceltype(int type, int *old)
{
    return set_cancel(type, old, RV_CANCEL_ASYNC, PC);
}
void __ravel_pthread_testcancel(void) {}

/* fork is not supported (the execution ends there), so handlers
 * registered for it never run: registering one changes nothing. */
int __ravel_pthread_atfork(void (*prepare)(void), void (*parent)(void), void (*child)(void))
{
    (void)prepare, (void)parent, (void)child;
    return 0;
}

/* Signal 0 only checks that the thread exists; signals are not modelled. */
int __ravel_pthread_kill(pthread_t t, int sig)
{
    uint64_t pc = PC;
    if (sig < 0 || sig > 64) return EINVAL;
    if (t >= rt.nthreads || rv_thr_at((unsigned)t)->state == RV_T_NONE) return ESRCH;
    if (sig)
        rv_end_exec(RV_END_UNSUPPORTED, pc, 0,
                    "pthread_kill with signal %d: signals between threads are not modelled", sig);
    return 0;
}

/* The program's threads run on one CPU as far as it can tell (DESIGN
 * §3b): no CPU number varies between executions. */
int __ravel_sched_getcpu(void)
{
    return 0;
}

/* A thread's CPU-time clock: the runtime runs every thread on one OS
 * thread, whose clock this is; time is not modelled (reading a clock
 * makes the state unique, docs/UDPOR.md). */
int __ravel_pthread_getcpuclockid(pthread_t t, clockid_t *c)
{
    uint64_t pc = PC;
    if (t >= rt.nthreads || rv_thr_at((unsigned)t)->state == RV_T_NONE) return ESRCH;
    clockid_t v = CLOCK_THREAD_CPUTIME_ID;
    rv_out(c, &v, sizeof v, pc);
    return 0;
}

int __ravel_sched_yield(void);
int __ravel_pthread_yield(void)
{
    return __ravel_sched_yield(); /* (its event names the wrapper's line: a yield has no effect) */
}

/* The concurrency level: process-wide, written and read at atomic events
 * of a runtime word that the state folds as memory; it changes nothing
 * else (POSIX: a hint). */
static int concurrency;

int __ravel_pthread_setconcurrency(int n)
{
    if (n < 0) return EINVAL;
    rv_mem_event(RV_ACT_WRITE, &concurrency, sizeof concurrency, PC, RV_AF_ATOMIC);
    concurrency = n;
    return 0;
}
int __ravel_pthread_getconcurrency(void)
{
    rv_mem_event(RV_ACT_READ, &concurrency, sizeof concurrency, PC, RV_AF_ATOMIC);
    return concurrency;
}
