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
 *    into it here (rv_spin_pack / rv_spin_unpack).  A lock that never
 *    comes is a deadlock report, as for a mutex: ravel never spins.
 *  - Timed waits (DESIGN "Timed waits"): the deadline is not read; timing
 *    out is a value choice of the explorer, possible whenever the call
 *    runs, and the only outcome when the object is not available.
 *  - Read-write locks and barriers live in the program's own storage (the
 *    model's rv_rwlock_st / rv_barrier_st overlays).
 */
#include "rt.h"

#include <errno.h>
#include <pthread.h>
#include <semaphore.h>
#include <stddef.h>
#include <string.h>
#include <time.h>

#include "posix_ext.h"

_Static_assert(sizeof(rv_rwlock_st) <= sizeof(pthread_rwlock_t), "rwlock overlay");
_Static_assert(sizeof(rv_barrier_st) <= sizeof(pthread_barrier_t), "barrier overlay");
_Static_assert(sizeof(pthread_spinlock_t) == 4, "spin lock word");

#define PC RV_PC()

/* ---- spin locks ------------------------------------------------------------ */

/* The word: 0 = free and never initialised (a zero-filled lock is usable,
 * as in glibc); else SPIN_TAG | status code << 8 | owner (tid + 1), the
 * code's SPIN_RAW bit set when the lock was initialised over garbage (the
 * start every action reports: RV_MK_RAW).  Any other value (heap garbage)
 * is an uninitialised lock. */
#define SPIN_TAG 0x5a000000u
enum { SPIN_STATIC, SPIN_INIT, SPIN_DEAD, SPIN_CODE = 0x7f, SPIN_RAW = 0x80 };

void rv_spin_unpack(uint64_t addr, rv_mutex_st *m)
{
    uint32_t w = *(const volatile uint32_t *)(uintptr_t)addr;
    static const uint32_t status[] = {RV_MST_STATIC, RV_MST_INIT, RV_MST_DEAD};
    memset(m, 0, sizeof *m);
    m->kind = RV_MK_NORMAL;
    if (w == 0) return;
    unsigned code = (w >> 8) & SPIN_CODE;
    if ((w & 0xff000000u) != SPIN_TAG || code > SPIN_DEAD) {
        m->status = 0xbadu; /* neither static, initialised nor destroyed */
        return;
    }
    m->status = status[code];
    if (w & SPIN_RAW << 8) m->kind0 = RV_MK_RAW;
    m->owner = (int32_t)(w & 0xff);
    m->count = m->owner ? 1 : 0;
}

void rv_spin_pack(uint64_t addr, const rv_mutex_st *m)
{
    unsigned code;
    if (m->status == RV_MST_STATIC)
        code = SPIN_STATIC;
    else if (m->status == RV_MST_INIT)
        code = SPIN_INIT;
    else if (m->status == RV_MST_DEAD)
        code = SPIN_DEAD;
    else
        return; /* still uninitialised (a misuse): leave the bytes */
    if (m->kind0 == RV_MK_RAW) code |= SPIN_RAW; /* initialised over garbage */
    uint32_t w = code == SPIN_STATIC && !m->owner ? 0 : SPIN_TAG | code << 8 | (uint32_t)m->owner;
    *(volatile uint32_t *)(uintptr_t)addr = w;
}

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

int __ravel_pthread_mutex_timedlock(pthread_mutex_t *m, const struct timespec *abstime)
{
    (void)abstime; /* time does not exist in an exploration: timing out is a choice */
    rv_action a = rv_act(RV_ACT_TRYLOCK, (uint64_t)(uintptr_t)m);
    a.len = rv_model_mutex_static_kind((const rv_mutex_st *)m);
    a.flags = RV_AF_TIMED;
    rv_visible(a, PC);
    return rv_self()->result;
}

int __ravel_sem_timedwait(sem_t *s, const struct timespec *abstime)
{
    (void)abstime;
    rv_action a = rv_act(RV_ACT_SEM_TRYWAIT, (uint64_t)(uintptr_t)s);
    a.flags = RV_AF_TIMED;
    rv_visible(a, PC);
    int r = rv_self()->result;
    if (r) {
        errno = r;
        return -1;
    }
    return 0;
}

int __ravel_pthread_cond_timedwait(pthread_cond_t *c, pthread_mutex_t *m,
                                   const struct timespec *abstime)
{
    (void)abstime;
    uint64_t pc = PC;
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

int __ravel_pthread_rwlock_timedrdlock(pthread_rwlock_t *l, const struct timespec *abstime)
{
    (void)abstime;
    rv_action a = rw_act(RV_ACT_TRYRDLOCK, l);
    a.flags |= RV_AF_TIMED;
    rv_visible(a, PC);
    return rv_self()->result;
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
    rv_action a = rw_act(RV_ACT_TRYWRLOCK, l);
    a.flags |= RV_AF_TIMED;
    rv_visible(a, PC);
    return rv_self()->result;
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

int __ravel_pthread_rwlockattr_init(pthread_rwlockattr_t *a)
{
    return pthread_rwlockattr_init(a);
}
int __ravel_pthread_rwlockattr_destroy(pthread_rwlockattr_t *a)
{
    return pthread_rwlockattr_destroy(a);
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
 * cycle it arrived in is over. */
int __ravel_pthread_barrier_wait(pthread_barrier_t *b)
{
    uint64_t pc = PC;
    rv_visible(rv_act(RV_ACT_BAR_ARRIVE, (uint64_t)(uintptr_t)b), pc);
    uint32_t r = (uint32_t)rv_self()->result; /* generation << 1 | serial */
    if (r & 1) return PTHREAD_BARRIER_SERIAL_THREAD;
    rv_action a = rv_act(RV_ACT_BAR_LEAVE, (uint64_t)(uintptr_t)b);
    a.arg = r >> 1;
    rv_visible(a, pc);
    return 0;
}

int __ravel_pthread_barrierattr_init(pthread_barrierattr_t *a)
{
    return pthread_barrierattr_init(a);
}
int __ravel_pthread_barrierattr_destroy(pthread_barrierattr_t *a)
{
    return pthread_barrierattr_destroy(a);
}

/* ---- attributes ---------------------------------------------------------- */

/* Attribute objects are the calling thread's data: the C library keeps
 * them.  What they change (DESIGN "Attributes"): robustness is not
 * modelled (a robust mutex whose owner exits stays locked: the next
 * locker is reported blocked, never EOWNERDEAD), so consistent() has no
 * inconsistent mutex to repair; priority protocols and ceilings change
 * nothing, since every interleaving is explored whatever the priorities;
 * pshared is accepted (one process). */
int __ravel_pthread_mutexattr_setrobust(pthread_mutexattr_t *a, int r)
{
    return pthread_mutexattr_setrobust(a, r);
}
int __ravel_pthread_mutexattr_getrobust(const pthread_mutexattr_t *a, int *r)
{
    return pthread_mutexattr_getrobust(a, r);
}
int __ravel_pthread_mutexattr_setprotocol(pthread_mutexattr_t *a, int p)
{
    return pthread_mutexattr_setprotocol(a, p);
}
int __ravel_pthread_mutexattr_getprotocol(const pthread_mutexattr_t *a, int *p)
{
    return pthread_mutexattr_getprotocol(a, p);
}
int __ravel_pthread_mutexattr_setprioceiling(pthread_mutexattr_t *a, int c)
{
    return pthread_mutexattr_setprioceiling(a, c);
}
int __ravel_pthread_mutexattr_getprioceiling(const pthread_mutexattr_t *a, int *c)
{
    return pthread_mutexattr_getprioceiling(a, c);
}
int __ravel_pthread_mutexattr_setpshared(pthread_mutexattr_t *a, int s)
{
    return pthread_mutexattr_setpshared(a, s);
}
int __ravel_pthread_mutexattr_getpshared(const pthread_mutexattr_t *a, int *s)
{
    return pthread_mutexattr_getpshared(a, s);
}
int __ravel_pthread_mutex_consistent(pthread_mutex_t *m)
{
    (void)m;
    return EINVAL; /* no mutex is ever left inconsistent (see above) */
}
int __ravel_pthread_condattr_setpshared(pthread_condattr_t *a, int s)
{
    return pthread_condattr_setpshared(a, s);
}
int __ravel_pthread_condattr_getpshared(const pthread_condattr_t *a, int *s)
{
    return pthread_condattr_getpshared(a, s);
}
int __ravel_pthread_rwlockattr_setpshared(pthread_rwlockattr_t *a, int s)
{
    return pthread_rwlockattr_setpshared(a, s);
}
int __ravel_pthread_rwlockattr_getpshared(const pthread_rwlockattr_t *a, int *s)
{
    return pthread_rwlockattr_getpshared(a, s);
}
int __ravel_pthread_barrierattr_setpshared(pthread_barrierattr_t *a, int s)
{
    return pthread_barrierattr_setpshared(a, s);
}
int __ravel_pthread_barrierattr_getpshared(const pthread_barrierattr_t *a, int *s)
{
    return pthread_barrierattr_getpshared(a, s);
}
