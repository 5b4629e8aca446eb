/*
 * model.h — the one model of the synchronisation objects (issue 9, DESIGN
 * "The one model"): for each object kind a small state and, for each
 * action, whether it is enabled, how many value choices it has, and its
 * effect and result.  Pure functions over plain structs: no globals, no
 * I/O, no allocation.
 *
 * Two callers, one semantics:
 *  - the runtime (src/runtime/sync.c) keeps the states inside the program's
 *    own pthread_mutex_t / pthread_cond_t / sem_t / pthread_once_t storage
 *    (the structs below are laid out to fit, and rv_mutex_st puts `kind`
 *    where glibc's static initialisers put it) plus one rv_world_st for
 *    threads and atomic sections, and calls rv_model_enabled / _domain /
 *    _apply at every scheduling step;
 *  - the unfolding (src/unfolding/extend.c) starts from rv_model_start()
 *    and replays a history's events through rv_model_apply, then asks
 *    rv_model_enabled and rv_model_apply for the action it extends with.
 * Since both only call these functions, they cannot disagree on what an
 * action does; the only inputs are the action (its kind, objects and the
 * constant fields the runtime fills in: a mutex's static kind in `len`, a
 * condition wait's recursion count in WAIT2's `arg`) and the states.
 *
 * Read-write locks and barriers start as all-zero states (a statically
 * initialised rwlock; a barrier nobody initialised), so rv_model_start
 * has nothing to say about them: zero the states.
 *
 * Misuse (unlock of a normal mutex by a non-owner, use of a destroyed
 * object, destroy of a locked mutex or of a condvar with waiters, ...) is
 * a result: rv_model_apply returns RV_MODEL_MISUSE and renders a message.
 * The action is enabled; the runtime ends the execution with a misuse
 * report at that event, which the unfolding then sees as a fatal event.
 */
#ifndef RAVEL_CORE_MODEL_H
#define RAVEL_CORE_MODEL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "action.h"

/* Object status (the `status` fields).  0 = never passed to *_init: a
 * statically initialised object, or storage the program never initialised
 * (heap blocks are filled with 0xbe, which is neither value below). */
#define RV_MST_STATIC 0u
#define RV_MST_INIT   0x52564d31u /* "RVM1" */
#define RV_MST_DEAD   0x44454144u /* "DEAD" */
/* The unfolding's stand-in for storage that never held an object (the
 * runtime sees the heap fill there): uninitialised, like any value other
 * than the three above. */
#define RV_MST_RAW 0x21574152u /* "RAW!" */

/* Did an initialiser, an init or a destroy write this status?  Any other
 * value is storage that never held the object (uninitialised). */
static inline bool rv_model_status_written(uint32_t status)
{
    return status == RV_MST_STATIC || status == RV_MST_INIT || status == RV_MST_DEAD;
}

/* Mutex kinds: the values of glibc's PTHREAD_MUTEX_{NORMAL,RECURSIVE,ERRORCHECK}
 * (checked in sync.c); every other kind (adaptive) behaves as normal. */
enum { RV_MK_NORMAL = 0, RV_MK_RECURSIVE = 1, RV_MK_ERRORCHECK = 2 };
/* rv_model_mutex_static_kind's answer for a mutex whose storage held no
 * valid object before its first init (kind0 keeps it after the init). */
#define RV_MK_RAW 4

/* pthread_mutex_t overlay: glibc's __lock, __count, __owner, __nusers,
 * __kind, so that PTHREAD_RECURSIVE_MUTEX_INITIALIZER_NP and friends work. */
typedef struct rv_mutex_st {
    int32_t
        kind0; /* the static initialiser's kind + 1 (RV_MK_RAW: none), saved by the first init */
    uint32_t count;  /* recursion count of the owner */
    int32_t owner;   /* tid + 1; 0 = free */
    uint32_t status; /* RV_MST_* */
    int32_t kind;    /* RV_MK_* */
} rv_mutex_st;

/* pthread_cond_t overlay.  The waiter set is the mask of its threads
 * below RV_MASK_THREADS and, for the others, a count here and the
 * condition variable in each waiter's rv_mhi (a thread waits on one
 * condition variable at a time). */
typedef struct rv_cond_st {
    uint32_t status;
    uint32_t nhi;     /* waiters >= RV_MASK_THREADS */
    uint64_t waiters; /* threads < RV_MASK_THREADS between w1 and their notification */
    uint32_t hbc;     /* broadcasts that woke threads >= RV_MASK_THREADS (rv_mhi.woke) */
    uint32_t unused;
} rv_cond_st;

/* sem_t overlay. */
typedef struct rv_sem_st {
    uint32_t status;
    int32_t count;
} rv_sem_st;

/* pthread_rwlock_t overlay (32 of its 56 bytes; all-zero storage is
 * PTHREAD_RWLOCK_INITIALIZER).  A thread may hold up to RV_RW_NEST read
 * locks at once (POSIX allows nesting; EAGAIN beyond). */
#define RV_RW_NEST 3
typedef struct rv_rwlock_st {
    uint32_t status;
    int16_t writer;               /* tid + 1; 0 = no writer */
    uint16_t nhi;                 /* readers >= RV_MASK_THREADS (their rv_mhi) */
    uint64_t readers[RV_RW_NEST]; /* readers[k]: threads < 64 holding more than k read locks */
} rv_rwlock_st;

/* pthread_barrier_t overlay (all its 32 bytes).  A thread below
 * RV_MASK_THREADS is a bit of `waiting` from its arrive until its cycle
 * completes, then of `released` until its leave: its leave is enabled by
 * that bit, never by comparing cycles, so the state of a barrier used in
 * a loop repeats (docs/UDPOR.md "What a state contains").  `gen` counts
 * completed cycles; it names the cycles in the actions' args (race.c,
 * dpor.c) and decides the leaves of the threads above the masks (their
 * leave's arg is the cycle they arrived in, kept on their stack); the
 * cutoffs' fold drops it while no such thread is inside (cutoff.c). */
_Static_assert(RV_MAX_THREADS <= UINT16_MAX, "barrier counts of threads fit 16 bits");
typedef struct rv_barrier_st {
    uint32_t status;    /* RV_MST_STATIC here means never initialised: a misuse */
    uint32_t count;     /* threads per cycle */
    uint16_t arrived;   /* threads arrived in the current cycle (< RV_MAX_THREADS) */
    uint16_t hi_inside; /* threads >= RV_MASK_THREADS between their arrive and leave */
    uint32_t gen;       /* completed cycles */
    uint64_t waiting;   /* threads < RV_MASK_THREADS arrived in the current cycle */
    uint64_t released;  /* threads < RV_MASK_THREADS of a completed cycle, not yet left */
} rv_barrier_st;

/* pthread_once_t is an int: 0 not run, 1 the initialiser runs, 2 done. */

/* Threads, atomic sections and the process (no object of the program).
 * Threads below RV_MASK_THREADS are bits of the masks; a thread above has
 * RV_WF_* flags in the caller's table (rv_mstate.whi): every thread's in
 * the runtime, those of the one or two threads a template's state needs
 * in the unfolding (extend.c); a flag with no place is dropped. */
#define RV_WF_CREATED  1u
#define RV_WF_EXITED   2u
#define RV_WF_DETACHED 4u
typedef struct rv_world_st {
    uint64_t created, exited, detached; /* masks of thread ids below RV_MASK_THREADS */
    unsigned atomic;                    /* thread inside an atomic section + 1; 0 = none */
    bool pexit;                         /* the process ended */
} rv_world_st;

/* Where a thread >= RV_MASK_THREADS, which has no bit in the masks of
 * rv_cond_st and rv_rwlock_st, keeps its part of them: the condition
 * variable whose waiter set holds it, and the read locks it holds (on at
 * most RV_HI_RD rwlocks at once: a read lock of another one fails with
 * EAGAIN, POSIX's "maximum number of read locks exceeded").  A dense
 * table by thread in the runtime, an rv_mhi_set in the unfolding.  All
 * zero: no wait, no lock. */
#define RV_HI_RD 8
typedef struct rv_mhi {
    uint64_t cv;           /* condition variable waited on (w1 .. its notification); 0: none */
    uint32_t woke;         /* the broadcast (rv_cond_st.hbc) that notified it; 0: none */
    uint8_t rdn[RV_HI_RD]; /* read locks held on rd[k] (1 .. RV_RW_NEST); 0: free slot */
    uint64_t rd[RV_HI_RD];
} rv_mhi;

/* The unfolding's rv_mhi (src/unfolding/extend.c): entries for the
 * threads >= RV_MASK_THREADS that the replayed events of one object name,
 * not a table by thread (a state is copied per history and value).
 * hi[i] is thread tid[i]'s for i < n, tids increasing; a thread without
 * an entry gets one at its first wait or read lock while n < cap (the
 * caller sizes cap for every such thread of the events it replays). */
typedef struct rv_mhi_set {
    unsigned n, cap;
    uint16_t *tid;
    rv_mhi *hi;
} rv_mhi_set;

/* The states an action reads or changes; members the action does not
 * touch may be NULL.  mx = rv_mutex_of(a); cv, sem, once = a->obj. */
typedef struct rv_mstate {
    rv_mutex_st *mx;
    rv_cond_st *cv;
    rv_sem_st *sem;
    int32_t *once;
    rv_world_st *w;
    rv_rwlock_st *rw;   /* rv_on_rwlock(a): a->obj */
    rv_barrier_st *bar; /* rv_on_barrier(a): a->obj */
    /* RV_WF_* of threads >= RV_MASK_THREADS (rv_world_st): with whi_tid
     * NULL, thread t's at whi[t - RV_MASK_THREADS] (t < RV_MAX_THREADS);
     * else thread whi_tid[i]'s at whi[i], i < nwhi; whi NULL: none */
    uint8_t *whi;
    const uint16_t *whi_tid;
    unsigned nwhi;
    /* thread t >= RV_MASK_THREADS's rv_mhi at hi[t - RV_MASK_THREADS], for
     * t < hi_end (the threads that may hold a place); hi NULL: none */
    rv_mhi *hi;
    unsigned hi_end;
    rv_mhi_set *hs; /* instead of hi (the unfolding); NULL: none */
} rv_mstate;

#define RV_MODEL_MISUSE (-1)

/* Is thread t's creation in s's world? */
bool rv_model_created(const rv_mstate *s, unsigned t);

/* Is a enabled in s?  (Misuses are enabled: they are reported when run.) */
bool rv_model_enabled(const rv_mstate *s, const rv_action *a);

/* Value choices of a in s (>= 1): the waiter a signal wakes, a nondet value. */
uint32_t rv_model_domain(const rv_mstate *s, const rv_action *a);

/* Apply enabled action a with value choice val: updates s, writes the
 * action's recorded result into a->arg (trylock/trywait acquired, signal's
 * woken thread, broadcast's mask, once's "runs the initialiser", nondet's
 * value, wait1's released recursion count, join's EINVAL for a detached
 * thread) and returns the error number the API returns (0, EBUSY, EPERM,
 * EDEADLK, EAGAIN, EINVAL) or RV_MODEL_MISUSE with a message in msg. */
int rv_model_apply(rv_mstate *s, rv_action *a, uint32_t val, char *msg, size_t cap);

/* Apply an executed action again, with its recorded results (the
 * unfolding replaying a history): like rv_model_apply, except that a
 * signal or broadcast wakes the threads it woke when it ran (its arg),
 * whatever else waits in the replayed state — a wait1 concurrent with it
 * (independent: it wakes another thread) may come first in the replay. */
void rv_model_redo(rv_mstate *s, const rv_action *a, uint32_t val);

/* Thread t's rv_mhi in s (t >= RV_MASK_THREADS), made if it has none
 * and there is room; NULL if it cannot have one.  For the unfolding
 * (extend.c), which puts there the read locks a thread holds on other
 * rwlocks than the one replayed. */
rv_mhi *rv_model_hi_slot(const rv_mstate *s, unsigned t);

/* The kind a mutex had before any pthread_mutex_init (its static
 * initialiser), as the runtime records it in the `len` of mutex actions
 * (+1, so that 0 means "unknown": normal; RV_MK_RAW: the storage held no
 * valid mutex, e.g. heap memory used before its init). */
uint64_t rv_model_mutex_static_kind(const rv_mutex_st *m);

/* The state of an object before any event, as far as the action tells:
 * a mutex of the static kind in a->len, a free condvar, a semaphore with
 * the count in a->obj2 (PV; runtime semaphores start uninitialised and
 * get their count from a SEM_INIT event), a once control not run, a free
 * rwlock; uninitialised instead where the action says the storage held no
 * object (RV_MK_RAW, RV_AF_RAW).  NULL pointers are skipped; barriers start
 * all-zero (never initialised) and need no call. */
void rv_model_start(rv_mutex_st *mx, rv_cond_st *cv, rv_sem_st *sem, int32_t *once,
                    rv_rwlock_st *rw, const rv_action *a);

#endif
