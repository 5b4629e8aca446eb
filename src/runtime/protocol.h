/*
 * protocol.h — the contract between ravel (src/backends/native) and the
 * runtime linked into the program under test (src/runtime).
 *
 * ravel starts the program with three inherited descriptors:
 *   RV_FD_SHM  a memfd holding one rv_shm (below), shared read-write;
 *   RV_FD_REQ  ravel -> server: wake-up bytes (see "Doorbells");
 *   RV_FD_RSP  server -> ravel: wake-up bytes.
 * and RAVEL_SERVER=1 in the environment.  Without it the program simply
 * runs once under the runtime's own scheduler (no server).
 *
 * A child past its --timeout first gets SIGXCPU: the runtime then stores
 * where the running thread is (err_tid, err_pc: the program's own frame)
 * and exits; ravel kills it if it has not ended shortly after.
 *
 * Per execution: ravel writes the prefix into shm->steps and sends a
 * request; the server forks a child, answers its pid (shm->pid), and then
 * its wait status (shm->status) once it has ended.  With the reset engine
 * (shm->engine_used == RV_ENGINE_RESET) the server runs the execution
 * itself, and only the first request of a server is answered with a pid
 * (its own; ravel knows it, and learns the engine from that answer): a
 * timeout's SIGXCPU ends just the execution, a SIGKILL the server, which
 * ravel restarts.  (A reset server may have run the request's first
 * steps before the request came, taken from the previous execution's:
 * engine.c "Pre-running the likely prefix"; the result is the same.)  The
 * child replays the prefix, continues by the policy, appends every event
 * to shm->events (so a crash loses nothing already written), fills the
 * result fields and _exits.  Only one child runs at a
 * time, so the child owns the shared memory while it runs and ravel reads
 * it after the status arrives.
 *
 * Doorbells.  A message (a request, a pid, a status) is its fields in
 * shared memory and a bump of its direction's rv_bell.seq.  The receiver
 * spins on seq for a while (bounded by shm->spin_ticks, adapted to how
 * long the waits are: rv_spin_adapt) and then blocks in a read of its
 * pipe, after saying so (rv_bell.sleeping); the sender writes one byte to
 * the pipe only when it takes that flag (rv_bell_ring).  So when both
 * sides are running on their cores no system call is made, and a blocked
 * side keeps the pipe's guarantees: ravel's poll has its deadline and sees
 * a dead server as end of file, the server sees ravel gone the same way.
 * Each byte written is read exactly once (the flag is taken by exactly
 * one side: rv_bell_sleep).  A new server starts asleep in its first read
 * (to_server.sleeping = 1), so ravel's first request always writes, and a
 * program that has already ended is noticed there (EPIPE).
 *
 * Address layout: stacks and heap arenas of canonical thread t live at
 * fixed addresses so that addresses are the same in every execution
 * (DESIGN §2.4); ravel uses them to name addresses in reports.
 */
#ifndef RAVEL_RUNTIME_PROTOCOL_H
#define RAVEL_RUNTIME_PROTOCOL_H

#include "../core/trace.h"

#define RV_FD_SHM 200
#define RV_FD_REQ 201
#define RV_FD_RSP 202

#define RV_PROTOCOL_MAGIC 0x7261766c32ull /* "ravl2" */

/* Thread t's stack: [RV_STACK_BASE + t*RV_STACK_SPAN, + RV_STACK_SPAN); the
 * lowest RV_GUARD_SIZE bytes are a guard.  Thread 0 (main) keeps the
 * process stack. */
#define RV_STACK_BASE 0x100000000000ull
#define RV_STACK_SPAN (16ull << 20)
#define RV_GUARD_SIZE (64ull << 10)
/* Thread t's heap arena: [RV_HEAP_BASE + t*RV_HEAP_SPAN, + RV_HEAP_SPAN).
 * 4 GiB, so that RV_MAX_THREADS arenas fit in user space; a thread that
 * fills its own ends the execution as a resource limit that says so
 * (memory.c), whatever --max-memory allows the execution as a whole. */
#define RV_HEAP_BASE 0x200000000000ull
#define RV_HEAP_SPAN (4ull << 30)
/* Both are reserved on demand (MAP_NORESERVE), a thread's when it first
 * runs or allocates: for RV_MAX_THREADS (16,384) threads 256 GiB of
 * stacks and 64 TiB of arenas, inside the 128 TiB of user address space. */
_Static_assert(RV_STACK_BASE + RV_MAX_THREADS * RV_STACK_SPAN <= RV_HEAP_BASE,
               "thread stacks below the heap arenas");
_Static_assert(RV_HEAP_BASE + RV_MAX_THREADS * RV_HEAP_SPAN <= 0x7f0000000000ull,
               "heap arenas inside user space, below the kernel's mmap area");

/* Request flags */
#define RV_REQ_POSIX_EXIT   1u /* returning from main ends the program */
#define RV_REQ_FINGERPRINTS 2u /* fill rv_event.fp_* */
#define RV_REQ_SHOW_OUTPUT  4u /* keep the program's stdout/stderr */
#define RV_REQ_DRF          8u /* memory mode drf: plain accesses are not events; races are errors */
#define RV_REQ_SPURIOUS     16u  /* pthread_cond_wait may wake without a notification */
#define RV_REQ_LAZY_ENABLED 32u  /* enabled/next_en unread: ask only what a choice needs */
#define RV_REQ_EXPLAIN      64u  /* fill the explain log (below): stacks and frames for a report */
#define RV_REQ_KEEP_DEAD    128u /* keep dead frame bytes (live.c): a person reads them under gdb */
#define RV_REQ_REAL_CLOCK   256u /* the C library's clocks, not the virtual one (clock.c) */
#define RV_REQ_GIVE_WAY                                                                            \
    512u /* free runs: a thread back in a state it had, having changed                             \
            nothing, gives way (sched.c; needs FINGERPRINTS) */

/* Engines (DESIGN §2 "Engines"): fork per execution, or reset the memory
 * of one process between executions (src/runtime/engine.c).  RESET falls
 * back to FORK when the program imports a function a reset may not undo,
 * unless FORCE is set, and when the kernel lacks what the reset needs. */
#define RV_ENGINE_FORK  0u
#define RV_ENGINE_RESET 1u
#define RV_ENGINE_FORCE 2u

/* One direction's doorbell (see above), on a cache line of its own. */
typedef struct rv_bell {
    _Alignas(64) uint32_t seq; /* messages sent so far (written by the sender) */
    uint32_t sleeping;         /* 1: the receiver blocks, or is about to, in a read of its pipe */
} rv_bell;

/* The shared region: header, then steps[max_steps], then events[max_events]. */
typedef struct rv_shm {
    uint64_t magic;
    /* --- request (written by ravel before each execution) --- */
    uint32_t nsteps;      /* prefix length */
    uint32_t policy;      /* rv_policy */
    uint32_t flags;       /* RV_REQ_* */
    uint32_t engine;      /* RV_ENGINE_*: asked for by ravel at server start */
    uint64_t max_steps;   /* capacity of steps[] */
    uint64_t max_events;  /* capacity of events[] = event limit */
    uint64_t budget;      /* this execution stops after min(budget, max_events) events */
    uint64_t avoid;       /* threads RV_POLICY_FIRST and _LEAST pick last */
    uint64_t max_heap;    /* bytes of heap per execution */
    uint32_t max_threads; /* threads one execution may create, main included (--max-threads) */
    /* creates a thread may make before its next is held (RV_AF_BOUND,
     * --thread-bound); 0 = no bound */
    uint32_t thread_bound;
    int64_t nondet_lo, nondet_hi;
    /* canonical thread registry, kept across executions (ravel may preload
     * it): thread t is the reg_index[t]-th thread created by reg_parent[t]. */
    uint32_t nreg;
    uint16_t reg_parent[RV_MAX_THREADS];
    uint32_t reg_index[RV_MAX_THREADS];
    /* --- result (written by the child) --- */
    uint64_t nevents; /* kept current at every step, so a killed child loses nothing */
    uint32_t running; /* thread running now (kept current; names the culprit of a timeout) */
    uint32_t end;     /* rv_end */
    int32_t exit_code;
    int32_t signo;
    uint32_t err_tid;
    uint64_t err_pc;
    uint64_t err_addr;
    uint64_t err_pc2; /* data race: the other access */
    uint32_t nonexhaustive;
    uint32_t nthreads;
    rv_thread_end threads[RV_MAX_THREADS];
    char msg[512];
    /* --- written by the server once, before its first answer --- */
    uint32_t engine_used; /* RV_ENGINE_FORK or RV_ENGINE_RESET */
    char engine_why[160]; /* why a reset was asked for and not used ("" otherwise) */
    /* written by a reset server just before it leaves because an
     * execution changed kernel state a reset cannot put back (engine.c,
     * "Kernel state"): why; ravel then starts a fork server for the rest
     * (native.c).  "" otherwise. */
    char engine_quit[160];
    /* what in the build makes states unique (compile.c, the generated
     * __ravel_taint_note: the tainting C library functions called,
     * uninstrumented code, frames of variable size), "" if nothing */
    char taint_note[512];
    /* pre-runs so far (engine.c): confirmed, thrown away, steps confirmed */
    uint64_t pre_confirmed, pre_redone, pre_steps;
    /* --- doorbells (above); set by ravel before it starts a server --- */
    uint64_t spin_ticks; /* longest spin before blocking, in rv_ticks (0: do not spin); ravel
                          * changes it as the machine gets busy (native.c, spin_gate) */
    int32_t pid;         /* answers: the child's pid (-1: fork failed) */
    int32_t status;      /* its wait status */
    rv_bell to_server, to_ravel;
    /* steps[] and events[] follow, aligned to 64 bytes */
} rv_shm;

/* The result fields as every execution starts with them: ravel clears
 * them with each request, the reset engine in a pre-run's shadow. */
static inline void rv_shm_clear_results(rv_shm *s)
{
    s->nevents = 0;
    s->running = 0;
    s->end = RV_END_NONE;
    s->exit_code = 0;
    s->signo = 0;
    s->err_tid = RV_NO_THREAD;
    s->err_pc = s->err_addr = s->err_pc2 = 0;
    s->nonexhaustive = 0;
    s->nthreads = 0;
    s->msg[0] = 0;
}

static inline size_t rv_shm_header_size(void)
{
    return (sizeof(rv_shm) + 63) & ~(size_t)63;
}
static inline rv_step *rv_shm_steps(rv_shm *s)
{
    return (rv_step *)((char *)s + rv_shm_header_size());
}
static inline rv_event *rv_shm_events(rv_shm *s)
{
    return (rv_event *)((char *)rv_shm_steps(s) +
                        ((s->max_steps * sizeof(rv_step) + 63) & ~(size_t)63));
}
static inline size_t rv_shm_size(uint64_t max_steps, uint64_t max_events)
{
    return rv_shm_header_size() + ((max_steps * sizeof(rv_step) + 63) & ~(size_t)63) +
           max_events * sizeof(rv_event);
}

/* The explain log (RV_REQ_EXPLAIN; src/runtime/explain.c writes it,
 * ravel's reports read it, src/cli/explain.c).  A report replays a failing
 * schedule once more with this flag; nothing else sets it, so exploration
 * pays only a test of the flag per function entry and exit.  It lies after
 * events[], RV_XL_BYTES long (sparse: pages are touched only by explain
 * runs): a header that ravel clears (and may set a watch in) before the
 * request, then fixed-size records appended by the child:
 *   RV_XL_EVENT  (index = the event's index) the acting thread's stack at
 *                the event, innermost frame first: pc[0] is the event's pc,
 *                pc[k] the call site of frame k-1's function;
 *   RV_XL_THREAD (index = events executed) at the end, each thread with a
 *                pending action: its stack there (pc[0] = the pending pc);
 *   RV_XL_ERROR  at the end of a failing execution: the stack of err_tid
 *                at err_pc;
 *   RV_XL_WATCH  a plain access by watch_tid at watch_pc covering
 *                watch_addr (a race's other access, found by a first
 *                explain run): its stack, and index = the events executed
 *                before it; the last such access is kept.
 * fb[k] is frame k's frame pointer (rbp, 0 if unknown: code that keeps
 * none); frame[] holds the bytes [frame_lo, frame_lo + frame_len) of the
 * innermost frame (its locals, for naming objects through pointers).
 * The call stack is a shadow stack kept by TSan's function entry/exit
 * hooks in explain runs only: the program's instrumented functions,
 * never the runtime's or the C library's frames.  Records that do not fit
 * are dropped (truncated = 1). */
#define RV_XL_BYTES (64ull << 20)
#define RV_XL_DEPTH 32  /* frames per record (the innermost ones) */
#define RV_XL_FRAME 512 /* bytes of the innermost frame per record */
enum { RV_XL_EVENT = 1, RV_XL_THREAD, RV_XL_ERROR, RV_XL_WATCH };
typedef struct rv_xl_head {
    uint64_t used;      /* bytes of records after the header */
    uint32_t truncated; /* a record did not fit */
    uint32_t watch_tid; /* RV_NO_THREAD: no watch */
    uint64_t watch_pc, watch_addr;
} rv_xl_head;
typedef struct rv_xl_rec {
    uint32_t kind, tid;
    uint64_t index;
    uint32_t nframes; /* valid entries of pc[] and fb[] */
    uint32_t depth; /* the thread's call depth + 1: more than nframes when outer frames are lost */
    uint64_t pc[RV_XL_DEPTH], fb[RV_XL_DEPTH];
    uint64_t frame_lo;
    uint32_t frame_len, pad;
    uint8_t frame[RV_XL_FRAME];
} rv_xl_rec;
static inline rv_xl_head *rv_shm_explain(rv_shm *s)
{
    return (rv_xl_head *)((char *)rv_shm_events(s) +
                          ((s->max_events * sizeof(rv_event) + 63) & ~(size_t)63));
}
/* The whole shared region: rv_shm_size and the explain log. */
static inline size_t rv_shm_full_size(uint64_t max_steps, uint64_t max_events)
{
    return rv_shm_header_size() + ((max_steps * sizeof(rv_step) + 63) & ~(size_t)63) +
           ((max_events * sizeof(rv_event) + 63) & ~(size_t)63) + RV_XL_BYTES;
}

/* A clock for bounding spins: the time-stamp counter (no system call). */
static inline uint64_t rv_ticks(void)
{
    return __builtin_ia32_rdtsc();
}

/* Sender: the message's fields are written.  True if the receiver sleeps:
 * then one byte must be written to its pipe. */
static inline bool rv_bell_ring(rv_bell *b)
{
    __atomic_store_n(&b->seq, __atomic_load_n(&b->seq, __ATOMIC_RELAXED) + 1, __ATOMIC_SEQ_CST);
    return __atomic_exchange_n(&b->sleeping, 0, __ATOMIC_SEQ_CST) != 0;
}

/* Receiver: has message number `want` (counted from 1) been sent? */
static inline bool rv_bell_arrived(rv_bell *b, uint32_t want)
{
    return (int32_t)(__atomic_load_n(&b->seq, __ATOMIC_ACQUIRE) - want) >= 0;
}

/* A receiver's spinning state (rv_bell_spin). */
typedef struct rv_spinner {
    uint64_t limit; /* the next spin's limit, in ticks */
    uint32_t rest;  /* waits left that do not spin (it was preempted while spinning) */
    uint32_t waits; /* waits so far: every 64th at the lowest limit spins the longest */
    uint32_t outs;  /* spins that ran out in a row */
    bool probe;     /* this wait spins the longest */
} rv_spinner;

/* Receiver: spin for message `want` up to sp->limit ticks, of at most
 * `max` (shm->spin_ticks).  A spin that is itself preempted (a gap of
 * max/4 in the clock) means more runnable threads than CPUs, where
 * spinning takes a CPU from someone, perhaps the sender: the next 64
 * waits do not spin. */
static inline bool rv_bell_spin(rv_bell *b, uint32_t want, rv_spinner *sp, uint64_t max)
{
    sp->probe = false;
    if (rv_bell_arrived(b, want)) return true;
    if (!max) return false;
    if (sp->rest) {
        sp->rest--;
        return false;
    }
    uint64_t limit = sp->limit;
    if (limit <= max / 64 && ++sp->waits % 64 == 0) {
        limit = max;
        sp->probe = true;
    }
    uint64_t t0 = rv_ticks(), t = t0, gap = max / 4;
    while (t - t0 < limit) {
        for (int i = 0; i < 8; i++) __builtin_ia32_pause();
        if (rv_bell_arrived(b, want)) return true;
        uint64_t now = rv_ticks();
        if (now - t > gap) {
            sp->rest = 64;
            return false;
        }
        t = now;
    }
    return false;
}

/* After a wait of `waited` ticks, caught by the spin or not, as an
 * adaptive mutex does: a caught one lets the next spin last twice as long
 * as it did (or a quarter more, up to max); the second spin in a row that
 * ran out halves the limit, down to max/64, where every 64th wait probes
 * with max.  A spin that ran out is never a reason to spin longer: the
 * sender may have waited for this very CPU (2 CPUs, one busy with
 * something else: measured, lockloop took 5 times as long when such a
 * wait doubled it).  A single one is no reason to spin shorter: ravel's
 * work per execution varies, and halving at each long one left the
 * limit under the common short waits, which then slept (issue 11:
 * philo_flags N=14 had about 1,000 such sleeps a side, each a pipe write
 * and a wake-up on the critical path; bench/README "Doorbells, second pass"). */
static inline void rv_spin_adapt(rv_spinner *sp, uint64_t max, uint64_t waited, bool spun)
{
    uint64_t l = sp->limit;
    if (!max) return;
    if (spun) {
        l = l + l / 4 > 2 * waited ? l + l / 4 : 2 * waited;
        sp->limit = l < max ? l : max;
        sp->outs = 0;
    } else if (!sp->probe && ++sp->outs >= 2) {
        sp->limit = l / 2 > max / 64 ? l / 2 : max / 64;
    }
}

/* Receiver, before blocking: true if it must read one byte from its pipe
 * (and then look again), false if the message came meanwhile and the
 * flag was taken back before the sender took it (no byte comes).  The
 * flag's store and the sender's bump are both sequentially consistent:
 * either the receiver sees the message or the sender sees the flag. */
static inline bool rv_bell_sleep(rv_bell *b, uint32_t want)
{
    __atomic_store_n(&b->sleeping, 1, __ATOMIC_SEQ_CST);
    if (!rv_bell_arrived(b, want)) return true;
    return __atomic_exchange_n(&b->sleeping, 0, __ATOMIC_SEQ_CST) == 0;
}

/* Receiver, giving up (a deadline passed): false if the sender has taken
 * the flag, so that its byte must still be read. */
static inline bool rv_bell_wake(rv_bell *b)
{
    return __atomic_exchange_n(&b->sleeping, 0, __ATOMIC_SEQ_CST) != 0;
}

/* Symbols the compile driver wires up (src/backends/native/compile.c):
 *  - the program's `main` is renamed __ravel_user_main; the runtime's main
 *    runs the fork server and then calls it as thread 0;
 *  - every undefined symbol X of the program for which the runtime defines
 *    __ravel_X is renamed to __ravel_X (pthread_*, sem_*, malloc, memcpy,
 *    exit, abort, ...), so only the program's own calls are intercepted;
 *  - every other undefined thread/process function (pthread_*, sem_*,
 *    thrd_*, fork, exec*, ...) is renamed __ravel_unsup_X and bound to a
 *    generated stub calling __ravel_unsupported("X", return address);
 *  - every global the program defines under a name the runtime binds to
 *    (its imports such as write, read, fork, mmap, malloc; its internal
 *    globals) is renamed __ravel_own_X, so the runtime reaches libc's;
 *  - functions named __VERIFIER_atomic_* are listed in __ravel_atomic_fns
 *    (start address and size) so that the runtime runs them atomically.
 */
typedef struct rv_atomic_fn {
    const void *start;
    unsigned long size;
} rv_atomic_fn;

#endif
