/*
 * trace.h — one execution as a backend reports it, and the schedules that
 * steer executions.
 *
 * A schedule is a sequence of steps ⟨thread, value⟩: at step i the thread
 * `tid` executes its pending action; `val` (< that action's ndom) resolves
 * the action's value choice (a nondet value, which waiter a signal wakes).
 *
 * A trace is the sequence of events an execution performed, each with the
 * set of threads that were enabled just before it (so an explorer can
 * branch), plus how the execution ended and the pending action of every
 * thread at the end.  Invariant: ev[i].act.tid is in ev[i].enabled.  An
 * explorer that reads neither `enabled` nor `next_en` (udpor) may ask the
 * backend not to compute them (rv_limits.lazy_enabled): then `enabled`
 * holds the acting thread alone and next_en is RV_NO_THREAD.
 */
#ifndef RAVEL_CORE_TRACE_H
#define RAVEL_CORE_TRACE_H

#include "action.h"

typedef struct rv_step {
    uint16_t tid;
    uint16_t pad;
    uint32_t val;
} rv_step;

/* How an execution continues once its prefix schedule is used up. */
typedef enum rv_policy {
    RV_POLICY_FIRST, /* lowest enabled thread, value 0 */
    RV_POLICY_STAY,  /* keep running the last thread while enabled, else the lowest (non-preemptive)
                      */
    RV_POLICY_STOP,  /* stop right after the prefix */
    RV_POLICY_LEAST, /* the enabled thread with the fewest events so far (ties: the lowest),
                        value 0 (udpor's free runs: rv_least_thread) */
} rv_policy;

/* The thread RV_POLICY_LEAST runs among the nonempty set m: the one that has
 * executed the fewest events so far (nev[t]), ties to the lowest.  A free
 * run that keeps the threads level keeps the configurations it builds
 * small, so that the first configuration of a state UDPOR meets tends to
 * be its ◁-least one and the later, larger ones become cutoffs (Alg. 1 line
 * 6 leaves the choice free: any policy is sound; docs/UDPOR.md "The free
 * runs' order").  O(|m|). */
static inline unsigned rv_least_thread(uint64_t m, const uint32_t *nev)
{
    unsigned best = (unsigned)__builtin_ctzll(m);
    for (m &= m - 1; m; m &= m - 1) {
        unsigned i = (unsigned)__builtin_ctzll(m);
        if (nev[i] < nev[best]) best = i;
    }
    return best;
}

/* rv_event.taint (backends): why the state after an event cannot be accounted for by
 * the events (docs/UDPOR.md "What a state contains"); any state holding
 * such an event is unique (never a cutoff nor a witness). */
#define RV_TAINT_LIBC           1u /* a C library function that may write memory or keep state */
#define RV_TAINT_UNINSTRUMENTED 2u /* the program holds code built without instrumentation */
#define RV_TAINT_HEAP_COPY                                                                         \
    4u                             /* heap bytes written without events: the C library's           \
                                    * allocations (%ms, realloc of theirs) */
#define RV_TAINT_RUNTIME_WRITE 8u  /* the runtime wrote program memory without an event */
#define RV_TAINT_DEEP_STACK    16u /* the thread's stack was too deep to hash (RV_FP_STACK_MAX) */
#define RV_TAINT_DYNAMIC_FRAME 32u /* the program has frames of variable size (alloca, VLAs) */
#define RV_TAINT_SYNC_TABLE                                                                        \
    64u /* writes over synchronisation objects' bytes the image                                    \
         * could not follow (image.c's table full) */
/* --memory=drf: a plain access, which is no event.  Whether a later access
 * races with it depends on the happens-before history, which no state
 * holds (docs/UDPOR.md "Cutoffs under --memory=drf"). */
#define RV_TAINT_PLAIN 128u
#define RV_TAINT_ALL   255u

typedef struct rv_event {
    rv_action act;    /* what was done (with its results: trylock success, woken thread) */
    uint64_t enabled; /* threads below RV_MASK_THREADS enabled just before this step */
    uint64_t pc;      /* code address of the operation in the program (0 if none) */
    uint32_t val;     /* value choice taken, < act.ndom */
    uint32_t taint;   /* RV_TAINT_*: state changed without an event after it (unique state) */
    /* Where the taint came from, when known (the first tainting call after
     * the event): taint_pc, the return address of the program's call;
     * taint_fn, an address such that taint_fn - 1 lies in the function
     * called (a generated trampoline __ravel_impure_X or __ravel_deep_X,
     * or the runtime's wrapper __ravel_X), for reports to name it. */
    uint64_t taint_pc, taint_fn;
    /* State fingerprints after this event, filled when the backend was asked
     * for them (rv_limits.fingerprints), zero otherwise; used for cutoffs
     * (DESIGN §2.7).  fp: the acting thread's local state at its next
     * visible operation.  wv (valid when vflags has RV_EV_WV): how the event
     * changed the memory image, H(after) ^ H(before) over the bytes it
     * wrote (rv_memh below), plus the bytes the runtime wrote for its
     * thread without an event before the thread's next visible operation
     * (a fresh block's header and fill, realloc's copy); kept apart from
     * fp so that the memory part of a state depends on the bytes only,
     * not on who wrote them or in how many pieces.  A write without
     * RV_EV_WV (over RV_WV_MAX bytes) makes every state holding it
     * unique. */
    uint64_t fp_lo, fp_hi;
    uint64_t wv_lo, wv_hi;
    /* Values (issue 9 part 3, docs/UDPOR.md "Compare-and-swap"), filled
     * for memory events of len <= 8 whatever was requested, bytes little-
     * endian as in memory: old, the bytes at obj just before the event
     * executed; wval, the bytes a write or RMW left there, read at the
     * acting thread's next visible operation, exit or end (only it ran
     * since).  RV_EV_OLD / RV_EV_WVAL say which are known (a crash can
     * lose wval; writes over 8 bytes have none). */
    uint64_t old, wval;
    uint32_t vflags;
    /* The lowest thread above act.tid enabled just before this step,
     * RV_NO_THREAD if none: with `enabled` it is all --algo=dfs needs of
     * the enabled set of any number of threads (dfs.c). */
    uint32_t next_en;
} rv_event;

/* A source of unique states, for reports (docs/UDPOR.md "What a state
 * contains"): the reason (one RV_TAINT_* or RV_UNIQ_* bit), where (a
 * return address into the program, as rv_event.pc), the function (as
 * rv_event.taint_fn, 0 if none) and, for a write, its length. */
typedef struct rv_unique_src {
    uint32_t why;
    uint32_t len;
    uint64_t pc, fn;
} rv_unique_src;
#define RV_UNIQUE_SRC_MAX 8

/* rv_event.vflags */
#define RV_EV_OLD  1u
#define RV_EV_WVAL 2u
#define RV_EV_WV   4u /* wv_lo/wv_hi hold the event's change of the memory image */
#define RV_EV_WV0  8u /* (runtime only) wv holds H(before) of the event's own write */

/* The memory image hash (docs/UDPOR.md "What a state contains").
 *
 * H(M) = XOR over the 8-byte granules g of memory of r(g) * w(g) in
 * GF(2^64) (polynomial x^64 + x^4 + x^3 + x + 1), w(g) the granule's
 * bytes as a little-endian word, r(g) a fixed pseudo-random coefficient
 * per granule; two lanes with independent coefficients make 128 bits.
 * H is linear: a write of bytes b to [a, a + n) changes H by
 * rv_memh_range(a, before) ^ rv_memh_range(a, after), in which the bytes
 * outside the range contribute nothing, so the change of one event does
 * not depend on what other threads wrote next to it, and the changes of
 * the writes of a configuration XOR to H(M) ^ H(M0) whatever their
 * widths, overlaps and order: equal memory hashes equal however it was
 * written.  Two different images hash equal with probability 2^-128 over
 * the coefficients (for granules g whose words differ by D(g) != 0, the
 * XOR of r(g) * D(g) is uniform).  Writes of more than RV_WV_MAX bytes
 * are not hashed (the runtime hashes every write twice, before and after). */
typedef struct rv_memh {
    uint64_t lo, hi;
} rv_memh;
#define RV_WV_MAX (64u << 10)
/* H of the image holding the n bytes at p as the bytes at address addr,
 * and zero everywhere else.  O(n). */
rv_memh rv_memh_range(uint64_t addr, const void *p, size_t n);
/* The same without PCLMULQDQ (what rv_memh_range falls back to; tests
 * compare the two). */
rv_memh rv_memh_range_soft(uint64_t addr, const void *p, size_t n);
static inline rv_memh rv_memh_xor(rv_memh a, rv_memh b)
{
    rv_memh r = {a.lo ^ b.lo, a.hi ^ b.hi};
    return r;
}

/* How an execution ended.  Everything from RV_END_ASSERT on is a bug. */
typedef enum rv_end {
    RV_END_NONE = 0,       /* still running / not reported */
    RV_END_COMPLETE,       /* every thread finished, or the program called exit() */
    RV_END_INFEASIBLE,     /* a thread's __VERIFIER_assume failed: not a real execution */
    RV_END_PREFIX,         /* policy "stop": the prefix was replayed, then stopped */
    RV_END_EVENT_LIMIT,    /* --max-events reached: incomplete */
    RV_END_TIMEOUT,        /* --timeout reached: incomplete */
    RV_END_DIVERGED,       /* the prefix asked for a thread that was not enabled */
    RV_END_RESOURCE,       /* memory limit or too many threads: incomplete */
    RV_END_ASSERT,         /* assertion failure */
    RV_END_ABORT,          /* abort() (before RV_END_REACH_ERROR existed: also reach_error()) */
    RV_END_DEADLOCK,       /* unfinished threads, none enabled */
    RV_END_CRASH,          /* fatal signal */
    RV_END_STACK_OVERFLOW, /* fault in a thread's stack guard */
    RV_END_MISUSE,         /* API misuse: uninitialised/destroyed mutex, unlock not owned, ... */
    RV_END_UNSUPPORTED,    /* the program called a function ravel does not model */
    RV_END_RACE,           /* data race (memory mode drf) */
    RV_END_INTERNAL,       /* the backend failed; never the program's fault */
    /* reach_error(), __VERIFIER_error(), or an assertion failing inside
     * reach_error (SV-COMP's unreach-call target; --property).  Appended
     * so that the values above stay what they were. */
    RV_END_REACH_ERROR,
    /* A fair infinite execution found by the explorer (never by a
     * backend): one thread runs around a cycle of states forever while
     * every other thread has finished or stays blocked (udpor with
     * cutoffs, src/unfolding/lasso.c). */
    RV_END_NONTERM,
    RV_END_COUNT
} rv_end;

static inline bool rv_end_is_bug(rv_end e)
{
    return e >= RV_END_ASSERT && e != RV_END_INTERNAL;
}
static inline bool rv_end_is_incomplete(rv_end e)
{
    return e == RV_END_EVENT_LIMIT || e == RV_END_TIMEOUT || e == RV_END_RESOURCE;
}
const char *rv_end_name(rv_end e); /* stable, used as the JSON error "kind" */

/* rv_trace.nonexhaustive (and rv_shm's): why an execution does not stand
 * for every behaviour past it. */
#define RV_NONEX_NONDET       1u /* a value choice was sampled from a wider domain */
#define RV_NONEX_THREAD_BOUND 2u /* a create was held back by --thread-bound (RV_AF_BOUND) */
#define RV_NONEX_THREAD_CAP   4u /* it ended at the thread cap (--max-threads) */
/* the program's memory was accessed without events during it (a stream
 * over a program buffer, code built without instrumentation that may
 * reach shared memory): interleavings through those accesses are not
 * explored; rv_trace.unexplored says which (docs/DESIGN.md) */
#define RV_NONEX_UNEXPLORED 8u
/* the program's memory was accessed without events during it (a stream
 * over a program buffer, code built without instrumentation that reaches
 * shared memory): interleavings through those accesses are not explored;
 * rv_trace.unexplored says which (docs/DESIGN.md "Accesses without events") */
#define RV_NONEX_UNEXPLORED 8u

/* Per-thread status at the end of an execution. */
typedef enum rv_tstate {
    RV_T_NONE = 0, /* never created */
    RV_T_LIVE,     /* has a pending action */
    RV_T_FINISHED, /* exited */
    RV_T_ASSUME,   /* blocked forever by a failed __VERIFIER_assume */
} rv_tstate;

typedef struct rv_thread_end {
    uint8_t state;     /* rv_tstate */
    uint8_t enabled;   /* pending action enabled at the end */
    uint16_t parent;   /* creator, RV_NO_THREAD for the main thread */
    uint32_t index;    /* this is the index-th thread its parent created */
    rv_action pending; /* valid when state == RV_T_LIVE */
    uint64_t pending_pc;
    uint64_t holder;      /* for a blocked lock/wait: thread holding the mutex, or RV_NO_THREAD */
    uint64_t pending_old; /* a pending CAS: the bytes at its obj at the end (if pending_old_ok) */
    uint32_t pending_old_ok;
    uint32_t pad;
} rv_thread_end;

typedef struct rv_trace {
    rv_event *ev;
    size_t n, cap;
    rv_end end;
    int exit_code;        /* COMPLETE: the program's exit status */
    int signo;            /* CRASH / STACK_OVERFLOW */
    uint16_t err_tid;     /* thread that hit the error (RV_NO_THREAD if none) */
    uint64_t err_pc;      /* where (0 if unknown) */
    uint64_t err_addr;    /* faulting address, the object misused, ... */
    uint64_t err_pc2;     /* data race: where the other access was (0 if none) */
    char msg[512];        /* human detail: the failed assertion, the misuse, ... */
    char unexplored[256]; /* RV_NONEX_UNEXPLORED: what accessed memory without events */
    /* RV_NONEX_*: why it does not stand for every behaviour past it */
    uint8_t nonexhaustive;
    uint32_t cycle;    /* RV_END_NONTERM: err_tid's events among the last `cycle` repeat forever */
    unsigned nthreads; /* threads[0..nthreads) valid */
    /* on the heap, grown by rv_trace_set_nthreads: RV_MAX_THREADS records
     * in the struct made it 1.3 MB, too much for the stack frames that
     * hold traces; records in [nthreads, capthreads) are zero */
    unsigned capthreads;
    rv_thread_end *threads;
} rv_trace;

void rv_trace_init(rv_trace *t);
void rv_trace_free(rv_trace *t);
void rv_trace_reset(rv_trace *t);     /* n = 0, end = NONE; keeps the buffer */
rv_event *rv_trace_push(rv_trace *t); /* appends a zeroed event */
void rv_trace_copy(rv_trace *dst, const rv_trace *src);
/* nthreads = n (<= RV_MAX_THREADS), with room for the n records; the
 * records past the old nthreads are zero, for the caller to fill. */
void rv_trace_set_nthreads(rv_trace *t, unsigned n);

/* The schedule that replays the first n events of t. */
void rv_trace_schedule(const rv_trace *t, size_t n, rv_step *out);

#endif
