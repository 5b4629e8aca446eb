/*
 * action.h — the one action vocabulary of ravel, shared by every backend and
 * every explorer (DESIGN §2.6), and the one dependence relation over it.
 *
 * An action is what a thread does at a visible operation: the kind, the
 * object(s) it touches and a kind-specific argument.  Actions are plain
 * 40-byte values with no pointers so that the runtime can write them into
 * shared memory and the explorer can hash and compare them bytewise.
 *
 * Invariants:
 *  - Thread ids are canonical (DESIGN §2.4): small integers, stable across
 *    executions of one program; RV_NO_THREAD marks "none".
 *  - Objects are named by address (native) or by index (PV).  Two actions
 *    touch the same object iff their `obj` (or `obj2`) fields are equal, with
 *    the exception of memory actions, which touch the byte range
 *    [obj, obj + size).
 *  - rv_dependent() is symmetric, and true for any two actions of the same
 *    thread (program order).  It is the relation under which Mazurkiewicz
 *    traces are defined everywhere in ravel: trace counting, UDPOR, DPOR.
 */
#ifndef RAVEL_CORE_ACTION_H
#define RAVEL_CORE_ACTION_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Threads per execution, main included: the hard maximum of --max-threads
 * (per-thread tables are sized by it; docs/CLI.md).  Thread ids below
 * RV_MASK_THREADS are also bits of 64-bit masks: rv_event.enabled, the
 * model's condition-variable waiter and rwlock reader sets (a thread above
 * has its place in a table by thread instead: model.h rv_mhi), the
 * inline word of DPOR's thread sets (dpor.c keeps the threads above in
 * overflow words, and gets their enabledness from a replay through the
 * model: hien.c), the backend's avoid set, udpor's avoid set and conflict
 * filter.  The race detector caps --max-threads at RV_DRF_MAX_THREADS
 * (its clocks as wide as the bound), udpor at RV_UNF_MAX_THREADS and
 * stops at a condition wait or read lock of a thread above (issue 13
 * part 3; DESIGN §2 "Many threads"). */
#define RV_MAX_THREADS  16384
#define RV_MASK_THREADS 64
/* --memory=drf: its vector clocks have an entry per thread up to the
 * --max-threads of the run (64 unless given), at most this many. */
#define RV_DRF_MAX_THREADS 1024
#define RV_NO_THREAD       0xffffu

typedef enum rv_kind {
    RV_ACT_NONE = 0,
    /* threads.  obj = the other thread's canonical id. */
    RV_ACT_CREATE, /* create thread obj; arg = 1 if created detached; the id is written to
                    * [obj2, obj2 + len) (pthread_create's *thread) as part of the event */
    RV_ACT_JOIN,   /* wait for thread obj to exit */
    RV_ACT_EXIT,   /* this thread ends (return from its start routine, pthread_exit) */
    RV_ACT_PEXIT,  /* the whole program ends now (exit(), or main returning with --posix-exit) */
    /* mutexes.  obj = mutex; len = the kind its storage had before any
     * pthread_mutex_init (static initialiser) + 1, 0 if unknown (model.h). */
    RV_ACT_LOCK, /* blocks while the mutex is held (by another thread, or by self if not recursive)
                  */
    RV_ACT_TRYLOCK, /* never blocks; arg = 1 if it acquired the mutex */
    RV_ACT_UNLOCK,
    RV_ACT_MUTEX_INIT,
    RV_ACT_MUTEX_DESTROY,
    /* condition variables (seed 004 §3.1).  obj = condvar, obj2 = mutex. */
    RV_ACT_WAIT1,     /* release obj2 and start waiting on obj */
    RV_ACT_WAIT2,     /* woken up: re-acquire obj2; enabled once notified and obj2 free;
                       * arg = the recursion count w1 released (restored), and
                       * for a thread >= RV_MASK_THREADS woken by a broadcast
                       * that broadcast's len << 32 (the model's result) */
    RV_ACT_SIGNAL,    /* arg = thread woken, or RV_NO_THREAD for a lost signal */
    RV_ACT_BROADCAST, /* arg = mask of threads < RV_MASK_THREADS woken; len = its number
                       * among the condvar's broadcasts that woke threads above
                       * (1, 2, ...; 0: none); lost: arg = len = 0 */
    /* counting semaphores (PV resources, sem_t).  obj = semaphore; obj2 =
     * initial count + 1 for PV, which has no init events; 0 for the native
     * runtime, whose sem_init is an event (RV_ACT_SEM_INIT). */
    RV_ACT_SEM_WAIT,    /* P: blocks while the count is 0 */
    RV_ACT_SEM_TRYWAIT, /* never blocks; arg = 1 if it decremented */
    RV_ACT_SEM_POST,    /* V */
    /* memory.  obj = address, size = bytes (obj2 unused). */
    RV_ACT_READ,
    RV_ACT_WRITE,
    RV_ACT_RMW, /* atomic read-modify-write (fetch_add, exchange, successful CAS, ...) */
    /* pthread_once.  obj = once control.  BEGIN blocks while another thread
     * runs the initialiser; arg = 1 if this thread runs it. */
    RV_ACT_ONCE_BEGIN,
    RV_ACT_ONCE_END,
    /* nondeterministic choice: a value picked by the explorer among `ndom`. */
    RV_ACT_NONDET,
    /* sched_yield(): a scheduling point with no effect. */
    RV_ACT_YIELD,
    /* __VERIFIER_atomic_begin/end and __VERIFIER_atomic_* functions (the
     * outermost entry and exit): while a thread is inside, no other thread
     * runs, so both depend on every action of another thread. */
    RV_ACT_ATOMIC_BEGIN,
    RV_ACT_ATOMIC_END,
    /* pthread_detach(obj): depends on join and detach of obj (join's
     * EINVAL for a detached thread is the model's result). */
    RV_ACT_DETACH,
    /* pthread_cond_init/destroy (obj = condvar): depend on every action on
     * the condvar (destroy checks that no thread waits). */
    RV_ACT_COND_INIT,
    RV_ACT_COND_DESTROY,
    /* sem_init (arg = initial count) and sem_destroy, obj = semaphore. */
    RV_ACT_SEM_INIT,
    RV_ACT_SEM_DESTROY,
    /* read-write locks (pthread_rwlock_t), obj = the lock; reader
     * preference as glibc's default (a waiting writer does not hold back
     * new readers).  The reader class (rdlock, tryrdlock, rdunlock)
     * commutes with itself; every other rwlock action depends on every
     * action on the lock (DESIGN "Read-write locks"). */
    RV_ACT_RDLOCK,    /* blocks while a writer holds the lock */
    RV_ACT_TRYRDLOCK, /* never blocks; arg = 1 if it acquired (RV_AF_TIMED: timedrdlock) */
    RV_ACT_WRLOCK,    /* blocks while the lock is held */
    RV_ACT_TRYWRLOCK, /* never blocks; arg = 1 if it acquired (RV_AF_TIMED: timedwrlock) */
    RV_ACT_RDUNLOCK,  /* pthread_rwlock_unlock by a thread that is not the writer */
    RV_ACT_WRUNLOCK,  /* pthread_rwlock_unlock by the writer */
    RV_ACT_RW_INIT,
    RV_ACT_RW_DESTROY,
    /* barriers (pthread_barrier_t), obj = the barrier.  A wait is arrive +
     * leave, like a condition wait: arrive never blocks; its arg = the
     * generation it arrived in << 1 | 1 if it completed the cycle (that
     * thread returns PTHREAD_BARRIER_SERIAL_THREAD and has no leave);
     * leave (arg = arrive's generation, set by rv_visible from the
     * arrive's result) blocks until the cycle is over (model.h). */
    RV_ACT_BAR_INIT, /* arg = count */
    RV_ACT_BAR_DESTROY,
    RV_ACT_BAR_ARRIVE,
    RV_ACT_BAR_LEAVE,
    RV_ACT_KIND_COUNT
} rv_kind;

typedef struct rv_action {
    uint8_t kind;  /* rv_kind */
    uint8_t flags; /* RV_AF_* */
    uint16_t tid;  /* acting thread */
    uint32_t ndom; /* value choices available to the explorer at this action (>= 1) */
    uint64_t obj;
    uint64_t obj2;
    uint64_t arg;
    uint64_t len; /* memory actions: bytes accessed */
} rv_action;

/* rv_action.flags */
#define RV_AF_ATOMIC 1u /* memory action made by an atomic builtin (never a data race) */
#define RV_AF_CAS    2u /* a compare-exchange of len <= 8 bytes; arg = the expected bytes */
/* A timed acquire (DESIGN "Timed waits"): on TRYLOCK (pthread_mutex_timedlock),
 * SEM_TRYWAIT (sem_timedwait), TRYRDLOCK and TRYWRLOCK a value choice: val 0
 * times out (always offered, so that it means the same in every state: a
 * DPOR wakeup sequence may replay it elsewhere), val 1 (offered only when
 * the object can be taken) acquires.  On WAIT2 (pthread_cond_timedwait,
 * and every wait under --spurious-wakeups) the wake-up does not wait for a
 * notification: it times out if none came (no value choice). */
#define RV_AF_TIMED 4u
/* A mutex action (lock, trylock, unlock, init, destroy) on a
 * pthread_spinlock_t: a normal mutex whose state the runtime packs into
 * the lock's 4 bytes (sync.c); the model only names it differently. */
#define RV_AF_SPIN 8u
/* On condition-variable and rwlock actions: the object's storage held no
 * valid object before its first *_init (uninitialised heap memory), so the
 * model starts it uninitialised (rv_model_start; a mutex or spin lock
 * says so in `len` instead: RV_MK_RAW).  The runtime keeps this for the
 * object's whole life, so that every action on it tells the same start. */
#define RV_AF_RAW 16u
/* A create the thread bound holds back (--thread-bound, rv_shm.thread_bound:
 * the creator has created that many threads already): never enabled, so
 * its thread waits there for the rest of the execution.  The bound counts
 * the creator's own children, known from its record, so that whether a
 * create is held depends on no other thread (no new dependence: every
 * algorithm stays sound within the bound). */
#define RV_AF_BOUND 32u
/* On SEM_TRYWAIT: sem_getvalue, which reads the count and never takes
 * the semaphore (arg stays 0, as a trywait that failed: it depends on
 * what a trywait depends on, and changes nothing); the runtime reads the
 * count the event saw from the semaphore. */
#define RV_AF_PEEK 64u

/* Dependence of the atomic builtins (issue 9 part 3; docs/UDPOR.md
 * "Compare-and-swap").  Every atomic is one memory action on [obj, obj+len)
 * with RV_AF_ATOMIC, and depends like a plain access of its kind:
 *   load                       READ   (depends on writes and RMWs)
 *   store                      WRITE  (depends on every access)
 *   exchange, fetch_<op>       RMW    (depends on every access)
 *   compare-exchange, <= 8 B   RV_AF_CAS, arg = expected value (the bytes
 *                              as in memory, zero-extended): READ if it
 *                              fails, RMW if it succeeds.  Announced
 *                              (pending) as RMW, an over-approximation; the
 *                              kind is decided when the event executes, by
 *                              comparing the bytes at obj with arg (sync.c
 *                              rv_apply).  Its outcome changes only through
 *                              a write to its bytes, which depends on both
 *                              kinds, so "a thread's next action does not
 *                              change while it does not run" still holds
 *                              up to dependent events.
 *   compare-exchange, 16 B     RMW always (no RV_AF_CAS).
 * rv_dependent() needs nothing special: an executed failed CAS is a read. */
static inline bool rv_is_cas(const rv_action *a)
{
    return (a->flags & RV_AF_CAS) != 0;
}

/* True when a and b do not commute (seed 004 §3.1 for mutexes and condition
 * variables; read/read on any range and accesses to disjoint ranges commute;
 * create(t) and join(t) order against every action of thread t; the ends
 * of an atomic section order against every action of another thread). */
bool rv_dependent(const rv_action *a, const rv_action *b);

/* A 64-bit summary of what an action touches such that rv_dependent(a, b)
 * implies rv_dep_sig(a) & rv_dep_sig(b) != 0: a constant-time filter in
 * front of rv_dependent on hot paths (the unfolding's conflict lists).
 * Bits 0-15: the acting thread and, for create/join, the target thread
 * (mod 16); bits 16-63: hashed mutexes, condition variables, semaphores,
 * once objects and 8-byte memory granules; actions that depend on every
 * other thread's action (process exit, atomic sections) set every bit. */
uint64_t rv_dep_sig(const rv_action *a);

/* Levels of memory units for indexes of accesses by address (issue 27
 * part 6): level l's units are 2^rv_mem_shift(l) bytes (level 0: 8-byte
 * granules, level 10: 2^63 bytes).  An access [lo, hi] (hi its last byte,
 * rv_mem_last) is filed at rv_mem_level, the finest level at which it
 * spans at most RV_MEM_SPAN units, so that filing it costs O(1) whatever
 * its length: filed per granule, one memset of 64 MiB made 8 M index
 * entries in ravel.  The levels reach 2^64 bytes, so that even a wild
 * length (a memset of (size_t)-1, recorded before it faults) spans at
 * most 2 units of the top level. */
#define RV_MEM_LEVELS 11
#define RV_MEM_SPAN   64

static inline unsigned rv_mem_shift(unsigned l)
{
    return 3 + 6 * l;
}

/* The last byte of [lo, lo + len) (a length of 0 counts as 1), at most
 * the last address (a range past it is cut there). */
static inline uint64_t rv_mem_last(uint64_t lo, uint64_t len)
{
    uint64_t n = len ? len : 1;
    return n - 1 > UINT64_MAX - lo ? UINT64_MAX : lo + (n - 1);
}

static inline unsigned rv_mem_level(uint64_t lo, uint64_t hi)
{
    unsigned l = 0;
    while (l + 1 < RV_MEM_LEVELS &&
           (hi >> rv_mem_shift(l)) - (lo >> rv_mem_shift(l)) >= RV_MEM_SPAN)
        l++;
    return l;
}

/* A code of memory unit u of level l that no other (level, unit) pair
 * has: the indexes by address (extend.c ml_key, tracecount.c mem_key)
 * build their chain keys from it, so that two units never share a chain.
 *
 * Injective, with values in [1, 2^62): a unit of level l is an address
 * shifted right by rv_mem_shift(l) = 3 + 6l, so u < 2^(61 - 6l).  Level 0:
 * u < 2^61, coded 2^61 + u, in [2^61, 2^62).  Levels 1..10: u < 2^55 and
 * l < 16, coded u * 16 + l < 2^59, below 2^61; u * 16 + l determines u and
 * l, and l >= 1 makes it nonzero.  The two ranges are disjoint, so the
 * code determines (l, u).  (The indexes do not rely on it for their
 * answers: a walk tests every event it meets with rv_dependent and stops
 * only at a write covering the access, both exact; a shared chain would
 * cost time, not a dependence.  With 11 levels the level needs 4 bits:
 * with 3, level 9's unit u and level 1's unit u + 1 would share a code
 * for every even u.) */
static inline uint64_t rv_mem_code(unsigned l, uint64_t u)
{
    return l ? u << 4 | l : (uint64_t)1 << 61 | u;
}

/* True for the two ends of an atomic section. */
static inline bool rv_is_atomic_section(const rv_action *a)
{
    return a->kind == RV_ACT_ATOMIC_BEGIN || a->kind == RV_ACT_ATOMIC_END;
}

/* True for actions that touch memory (read, write, rmw). */
static inline bool rv_is_memory(const rv_action *a)
{
    return a->kind == RV_ACT_READ || a->kind == RV_ACT_WRITE || a->kind == RV_ACT_RMW;
}

/* True for actions that operate on a mutex (lock, trylock, unlock, init,
 * destroy, and the two halves of a condition wait through obj2). */
uint64_t rv_mutex_of(const rv_action *a);

/* Which synchronisation object an action touches besides its mutex
 * (rv_mutex_of): a condition variable, a semaphore or a once control, each
 * named by a->obj.  The one list of these kinds: the model's states, the
 * cutoff state, the unfolding's indexes and trace counting all ask here. */
static inline bool rv_on_cond(const rv_action *a)
{
    switch (a->kind) {
    case RV_ACT_WAIT1:
    case RV_ACT_WAIT2:
    case RV_ACT_SIGNAL:
    case RV_ACT_BROADCAST:
    case RV_ACT_COND_INIT:
    case RV_ACT_COND_DESTROY:
        return true;
    default:
        return false;
    }
}

static inline bool rv_on_sem(const rv_action *a)
{
    switch (a->kind) {
    case RV_ACT_SEM_WAIT:
    case RV_ACT_SEM_TRYWAIT:
    case RV_ACT_SEM_POST:
    case RV_ACT_SEM_INIT:
    case RV_ACT_SEM_DESTROY:
        return true;
    default:
        return false;
    }
}

static inline bool rv_on_once(const rv_action *a)
{
    return a->kind == RV_ACT_ONCE_BEGIN || a->kind == RV_ACT_ONCE_END;
}

static inline bool rv_on_rwlock(const rv_action *a)
{
    return a->kind >= RV_ACT_RDLOCK && a->kind <= RV_ACT_RW_DESTROY;
}

/* The reader class of a read-write lock: pairwise independent. */
static inline bool rv_is_rw_reader(const rv_action *a)
{
    return a->kind == RV_ACT_RDLOCK || a->kind == RV_ACT_TRYRDLOCK || a->kind == RV_ACT_RDUNLOCK;
}

static inline bool rv_on_barrier(const rv_action *a)
{
    return a->kind >= RV_ACT_BAR_INIT && a->kind <= RV_ACT_BAR_LEAVE;
}

/* True for actions on a condition variable, semaphore, once control,
 * read-write lock or barrier. */
static inline bool rv_on_sync_obj(const rv_action *a)
{
    return rv_on_cond(a) || rv_on_sem(a) || rv_on_once(a) || rv_on_rwlock(a) || rv_on_barrier(a);
}

/* Does a, an action on an object named by obj, depend on every action on
 * that object that any other action on it depends on?  Then a walk back
 * over the object's events may stop at a (the unfolding's and the trace
 * counter's chains). */
static inline bool rv_obj_dominates(const rv_action *a)
{
    switch (a->kind) {
    case RV_ACT_SEM_WAIT:
    case RV_ACT_SEM_TRYWAIT:
    case RV_ACT_SEM_INIT:
    case RV_ACT_SEM_DESTROY:
    case RV_ACT_ONCE_BEGIN:
    case RV_ACT_ONCE_END:
    case RV_ACT_COND_INIT:
    case RV_ACT_COND_DESTROY:
    case RV_ACT_BAR_INIT:
    case RV_ACT_BAR_DESTROY:
    case RV_ACT_BAR_ARRIVE:
        return true;
    default:
        return rv_on_rwlock(a) && !rv_is_rw_reader(a);
    }
}

const char *rv_kind_name(rv_kind k);

/* Render "lock(0x601040)" and the like into buf; returns buf. */
char *rv_action_str(const rv_action *a, char *buf, size_t cap);

/* True for kinds whose obj (and obj2) are addresses, not thread ids. */
bool rv_action_names_objects(const rv_action *a);

/* a rendered with object names n1 (for obj) and n2 (obj2), either NULL:
 * the first "0x<hex>" of each address (not the prefix of a longer
 * number) becomes its name.  Used by the reports (cli/explain.c) and by
 * the explorer's own messages (explore.c). */
char *rv_action_str_named(const rv_action *a, const char *n1, const char *n2, char *buf,
                          size_t cap);

#endif
