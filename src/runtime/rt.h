/*
 * rt.h — internals of the runtime linked into every program under test.
 *
 * The runtime runs all threads of the program as coroutines on one OS
 * thread (DESIGN §2.2).  Every visible operation of a thread goes through
 * rv_visible(): the thread announces its pending action, the scheduler
 * (running in whichever coroutine called it) picks the thread that executes
 * next — from the prefix schedule, then by the policy — records the event,
 * applies the action's effect on the synchronisation objects, and switches
 * to that thread.  A thread resumed by the scheduler therefore always finds
 * its pending action already executed.
 *
 * Invariants:
 *  - exactly one coroutine runs (rt.running); all runtime state is plain
 *    globals, copied into each forked execution
 *    or put back after each execution by the reset engine (engine.c);
 *  - a LIVE thread always has a known pending action (new threads are
 *    "primed": run invisibly up to their first visible operation as part
 *    of the create event);
 *  - synchronisation objects keep their state inside the program's own
 *    pthread_mutex_t / pthread_cond_t / sem_t storage (no side tables), so
 *    fork copies them (a reset puts them back) and addresses name them.
 *  - nothing in the runtime is instrumented, so runtime memory accesses are
 *    never events;
 *  - the program gets nothing of the runtime's back but results: after a
 *    visible action its caller-saved and vector registers are clean
 *    (rv_scrub_regs) and the runtime's dead frames below its stack
 *    pointer zero (rv_return_scrub); main and every thread start with
 *    clean registers (ctx_x86_64.S).
 *
 * Owns: no state: it declares the kernel's (kernel.c: rt, rv_threads,
 * the words the switch and the return stub share); each other file's opening comment
 * says what that file owns.
 */
#ifndef RAVEL_RUNTIME_RT_H
#define RAVEL_RUNTIME_RT_H

#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "protocol.h"

/* atomic functions (__VERIFIER_atomic_*) nested in one another, at most */
#define RV_ATOMIC_FN_NEST 32

#define RV_MAX_KEYS     128
#define RV_HEAP_CLASSES 17 /* free lists for 16 B .. 1 MiB */

typedef struct rv_thr {
    uint8_t state; /* rv_tstate */
    bool priming;  /* running invisibly up to its first visible operation */
    bool waiting;  /* in a condition variable's waiter set (after w1, before notify) */
    bool detached;
    uint16_t tid; /* canonical id (rv_tid) */
    rv_action pending;
    uint64_t pending_pc;
    int result;      /* return value of the pending operation, set by its effect */
    void *sp;        /* saved stack pointer while switched out */
    char *stack_lo;  /* lowest usable stack byte (above the guard) */
    char *stack_hi;  /* one past the highest stack byte */
    char *stack_low; /* lowest frame since its last scrub (its action's or a hooked one) */
    void *(*fn)(void *);
    void *arg;
    void *ret;
    uint32_t nchildren;
    void *(*spawn_fn)(void *); /* the thread this one is creating (CREATE effect) */
    void *spawn_arg;
    uint32_t wait_count; /* recursive count of the mutex released by a condition wait */
    int atomic_depth;    /* __VERIFIER_atomic_begin nesting + atomic functions */
    unsigned func_depth;
    /* call levels (func_depth before the call) at which an atomic
     * function was entered, innermost last; unused entries zero.  (A
     * 64-bit mask of levels lost the exit of an atomic function called
     * deeper than level 63: the section stayed open to the thread's end,
     * tests/adversary/atomic_deep.c.) */
    unsigned atomic_at[RV_ATOMIC_FN_NEST];
    unsigned natomic_at;
    void *keys[RV_MAX_KEYS];
    char *tp; /* thread pointer (%fs base) of its static TLS area (kernel.c) */
    int64_t last_event;
    bool note_old; /* rv_visible_c notes the accessed bytes (rv_note_old) */
    /* the return into the program that rv_return_scrub stands in for
     * (scrub_x86_64.S): the slot holding it, and the real address */
    uint64_t *ret_slot;
    uint64_t ret_to;
    uint64_t scrub_lo; /* ... and how far down it zeroes */
    /* heap arena (bump allocation, per-thread free lists) */
    bool arena_mapped;
    char *heap_next, *heap_end;
    void *free_list[RV_HEAP_CLASSES + 1]; /* per class, then blocks above 1 MiB (memory.c) */
    /* the signal mask (signals 1-64; pthread_sigmask, inherited by the
     * threads it creates) and the cancellability (pthread_setcancelstate,
     * pthread_setcanceltype: RV_CANCEL_*): the thread's own, hashed with
     * its record (posix_ext.c) */
    uint64_t sigmask;
    uint32_t cancel;
    /* the virtual clock (clock.c): this thread's last reading, and the
     * least value its next one may have (a long sleep since) */
    uint64_t clock_last, clock_floor;
} rv_thr;

typedef struct rv_rt {
    bool active;    /* the scheduler controls the program */
    bool ended;     /* the execution ended normally and the program is
                       exiting: its exit handlers and destructors run */
    bool recording; /* events go to shared memory (fork server mode) */
    bool server;
    rv_shm *shm;
    rv_step *steps;
    rv_event *events;
    uint64_t step;     /* events executed so far */
    uint64_t pause_at; /* a pre-run stops before this step (engine.c; 0: none) */
    uint32_t flags;    /* RV_REQ_* */
    unsigned nthreads; /* threads created in this execution (ids < nthreads are valid) */
    rv_thr *running;   /* the coroutine executing right now */
    rv_thr *primer;    /* who to return to after priming */
    unsigned last_tid; /* thread of the previous event (policy STAY) */
    int main_ret;
    uint64_t heap_used;
    /* executable TLS block (module 1), at tp + tls_off in each thread's area */
    ptrdiff_t tls_off;
    size_t tls_size;
    const void *tls_image;
    size_t tls_image_size;
    const void *pending_unused;
    unsigned nkeys;
    void (*key_dtor[RV_MAX_KEYS])(void *);
    bool key_used[RV_MAX_KEYS];
    uint32_t nev[RV_MAX_THREADS]; /* events each thread executed (RV_POLICY_LEAST) */
} rv_rt;

extern rv_rt rt;
/* Threads below RV_MASK_THREADS live in .bss, the others in a table
 * mapped at the first of them (rv_thr_new) at RV_THR_HI_BASE through
 * rv_zmap, so zero again after each execution like every rv_zmap region:
 * 1,024 rv_thr in .bss would be 1.5 MB more for the reset engine to scan
 * after every execution of every program.  rv_thr_at: O(1). */
extern rv_thr rv_threads[RV_MASK_THREADS];
extern rv_thr *rv_threads_hi;            /* [RV_MAX_THREADS - RV_MASK_THREADS], NULL until mapped */
#define RV_THR_HI_BASE 0x0f0000000000ull /* below the stacks (protocol.h) */
static inline rv_thr *rv_thr_at(unsigned i)
{
    return i < RV_MASK_THREADS ? &rv_threads[i] : &rv_threads_hi[i - RV_MASK_THREADS];
}

/* --- sched.c --- */
/* Announce `a` as the running thread's next action and let the scheduler
 * run; returns once that action has been executed (its effect applied). */
void rv_visible(rv_action a, uint64_t pc); /* assembly: stores registers, then: */
void rv_visible_c(rv_action a, uint64_t pc);
/* The end of an execution: the report's threads and the explain log's
 * last records (kernel.h rv_kernel_ops.end_report). */
void rv_sched_end_report(void);
/* --- premain.c: an action before main (constructors) takes effect at once. */
void rv_premain_visible(rv_action a);
/* Whether the once control finished before main (its calls in an
 * execution are then no events: nothing can change it any more). */
bool rv_premain_once_done(const void *once);
/* The running thread (or the runtime or C library on its behalf) changed
 * state without an event (RV_TAINT_*): its last event's state is unique. */
void rv_taint(uint32_t why);
/* The program's memory is accessed without events (why: what does it, for
 * the verdict): no result of this process is exhaustive (sched.c). */
void rv_unexplored(const char *why);
/* --- unmodelled.c --- */
/* The running thread is about to call C library function fn, which
 * accesses the program's memory without events (pc: the program's call):
 * unless every other thread's events happen before the call, no result
 * is exhaustive (rv_unexplored). */
void rv_unmodelled(const char *fn, uint64_t pc);
/* Thread tid was joined (its events happen before the joiner's next). */
void rv_note_joined(unsigned tid);
/* Every thread but self ended and was joined (its events all happen
 * before self's next action; unmodelled.c). */
bool rv_alone(const rv_thr *self);
/* --- pipes.c: descriptors made by pipe, pipe2, socketpair (fn, at the
 * program's pc) and threads created while they may exist make the
 * results non-exhaustive (orders through the kernel are no events). */
void rv_pipe_made(const char *fn, uint64_t pc);
void rv_pipe_thread_created(uint64_t pc);
/* --- image.c: each event's change of the memory image (trace.h rv_memh).
 * rv_image_before: thread t resumed after its event, before its access;
 * rv_image_after: the event's change completed, at its thread's next
 * visible operation (or exit). */
void rv_image_before(rv_thr *t);
void rv_image_after(rv_event *ev);
/* The model is about to change the n bytes of a synchronisation object at
 * p at one of its events (no memory write): the image keeps what it held. */
void rv_image_obj(const void *p, size_t n);
/* Bytes of the program's memory that the runtime writes for the running
 * thread without an event (trace.h rv_memh, image.c): bracket the write
 * with rv_acct_begin/rv_acct_end and its change of the memory image goes
 * to the thread's last event, so the state stays exact.  Only for bytes
 * no other thread can reach meanwhile (a block being allocated, the
 * runtime's own block headers).  Over RV_WV_MAX bytes the state is
 * unique instead (rv_taint(taint)). */
typedef struct rv_acct {
    void *p;
    size_t n;
    bool on;
    rv_memh before;
} rv_acct;
void rv_acct_begin(rv_acct *a, void *p, size_t n, uint32_t taint);
void rv_acct_end(rv_acct *a);
/* *d = s[0..n) as part of event ev (the scheduler applying it: a create's
 * *thread), its change of the image added to ev's. */
void rv_acct_event_store(rv_event *ev, void *d, const void *s, size_t n);
/* Enter / leave an atomic section (counted; the outermost are events;
 * sched.c). */
void rv_atomic_enter(uint64_t pc);
void rv_atomic_exit(uint64_t pc);
/* The running thread leaves forever (exit, failed assume); never returns. */
__attribute__((noreturn)) void rv_leave(void);
/* End the execution now with a verdict; never returns. */
__attribute__((noreturn)) void rv_end_exec(rv_end end, uint64_t pc, uint64_t addr, const char *fmt,
                                           ...) __attribute__((format(printf, 4, 5)));
void rv_thread_finish(void *ret) __attribute__((noreturn));
static inline unsigned rv_tid(const rv_thr *t)
{
    return t->tid;
}
static inline rv_thr *rv_self(void)
{
    return rt.running;
}
static inline rv_action rv_act(rv_kind k, uint64_t obj)
{
    rv_action a = {0};
    a.kind = (uint8_t)k;
    a.tid = (uint16_t)rv_tid(rt.running);
    a.ndom = 1;
    a.obj = obj;
    return a;
}

/* --- apply.c: enabledness, value domains and effects of actions --- */
bool rv_enabled(const rv_thr *t);
/* The thread inside an atomic section + 1, 0 if none (the model's world). */
unsigned rv_atomic_owner(void);
/* Whether thread t is detached (created so, or by pthread_detach). */
bool rv_thread_detached(unsigned t);
/* The owner + 1 of the (non-spin) mutex at address m, 0 if it is free. */
int32_t rv_mutex_owner(uint64_t m);
uint32_t rv_domain(const rv_thr *t);
void rv_apply(rv_thr *t, rv_event *ev, uint32_t val);
uint64_t rv_holder_of(const rv_thr *t); /* thread holding what t waits for */
/* --- sync.c: threads, mutexes, condition variables, semaphores, keys --- */
void rv_run_key_destructors(rv_thr *t);
/* pthread_join without its store: the joined thread's value in *ret (the
 * runtime's own variable; the caller writes the program's). */
int rv_join(pthread_t th, void **ret, uint64_t pc);
/* pthread_mutex_init of a mutex of kind `kind` (PTHREAD_MUTEX_*). */
int rv_mutex_init(pthread_mutex_t *m, int kind, uint64_t pc);

/* --- clock.c --- */
/* The running thread slept ns (or *req) nanoseconds (sync.c's sleeps). */
struct timespec;
void rv_clock_slept(uint64_t ns);
void rv_clock_slept_ts(const struct timespec *req);

/* --- sched.c: after a memory event of the running thread was taken:
 * record the bytes at addr in its rv_event.old (len <= 8). */
void rv_note_old(const void *addr, uint64_t len);
/* --- memory.c --- */
void rv_heap_thread_init(rv_thr *t);

/* --- progmem.c: the runtime's accesses to the program's memory --- */
/* The only ways the runtime stores into memory the program can reach
 * (progmem.c lists the exceptions and how the state accounts for them):
 * a write event over [dst, dst + n), then the bytes; */
void rv_out(void *dst, const void *src, size_t n, uint64_t pc);
void rv_out_fill(void *dst, int c, size_t n, uint64_t pc);
/* or the event alone, after which the caller stores into [dst, dst + n)
 * before the thread's next event.  All keep errno. */
void rv_out_event(void *dst, size_t n, uint64_t pc);
/* [src, src + n) of the program's memory copied to dst at a read event. */
void rv_in(void *dst, const void *src, size_t n, uint64_t pc);

/* --- race.c: memory mode drf --- */
void rv_race_thread_start(unsigned parent, unsigned child);
void rv_race_sync(unsigned t, const rv_action *a);
void rv_race_access(const void *addr, uint64_t len, bool write, uint64_t pc);
void rv_race_order(int mo, int fmo); /* order of the running thread's next atomic */
void rv_race_fence(int mo);          /* atomic_thread_fence by the running thread */

/* A memory access of len bytes at addr by the running thread, announced to
 * the scheduler as a visible action of kind k (RV_ACT_READ, WRITE, RMW;
 * flags RV_AF_*); under --memory=drf a plain access goes to the race
 * detector instead.  A no-op outside an execution.  Inline: the objects
 * (memory.c's access hooks above all) share it without calling each
 * other. */
static inline void rv_mem_event(rv_kind k, const void *addr, uint64_t len, uint64_t pc,
                                uint8_t flags)
{
    uint64_t a = (uint64_t)(uintptr_t)addr;
    /* a wild length (memset(p, 0, (size_t)-1), recorded before it faults)
     * ends where the address space does, so that no reader of the event
     * computes an end obj + len that wraps around */
    if (len > UINT64_MAX - a) len = UINT64_MAX - a;
    if (!rt.active || !len) return;
    if ((rt.flags & RV_REQ_DRF) && !(flags & RV_AF_ATOMIC)) {
        rv_race_access(addr, len, k != RV_ACT_READ, pc);
        return;
    }
    rv_action act = rv_act(k, a);
    act.len = len;
    act.flags = flags;
    rt.running->note_old = true;
    rv_visible(act, pc);
}

/* --- proto.c: the server's protocol I/O (raw system calls, sys.h) --- */
/* The server's side of the doorbells (protocol.h); all zero but asleep
 * (true: the server starts in a read of its pipe). */
typedef struct rv_server_bells {
    rv_shm *shm;   /* ravel's shared memory (rt.shm may be a pre-run's shadow: engine.c) */
    uint32_t seen; /* requests received */
    rv_spinner spin;
    bool asleep;
} rv_server_bells;
/* Wait for ravel's next request; false when ravel has gone. */
bool rv_proto_wait_request(rv_server_bells *v);
/* Answer *field = v (v->shm's pid or status); exits the process (status
 * 70) when ravel has gone. */
void rv_proto_answer(rv_server_bells *v, int32_t *field, int32_t val);

/* --- standalone.c: a schedule from the environment (replay under gdb) --- */
void rv_standalone_schedule(rv_shm *s);

/* --- platform --- */
void rv_ctx_switch(void **save_sp, void *new_sp);
void rv_ctx_trampoline(void);
void rv_return_scrub(void);               /* see scrub_x86_64.S */
extern uint64_t __ravel_deep[2];          /* kernel.c: the record of a deep call (rv_scrub_deep) */
extern uint64_t rv_scrub_to, rv_scrub_lo; /* kernel.c: the running thread's ret_to, scrub_lo */

/* live.c: the liveness table of the program (src/backends/native/liveness.h),
 * loaded once before the first execution; at a visible action of thread
 * t, whose return into the program is at slot (NULL: none), zero the
 * bytes of the program's frames that are dead there. */
void rv_live_load(void);
void rv_live_scrub(const rv_thr *t, uint64_t *slot);

/* A return address as the program's: the return stub stands for the
 * address it will jump back to (state.c, rv_arm_return_scrub). */
static inline uint64_t rv_pc_of(uint64_t ret)
{
    return ret == (uint64_t)(uintptr_t)rv_return_scrub ? rv_scrub_to : ret;
}

#define RV_PC() rv_pc_of((uint64_t)(uintptr_t)__builtin_return_address(0))

/* Clear the direction flag and the alignment-check flag, which the
 * program may have set (`std`, or `popf`/`iretq` hidden where the compile
 * driver's search does not look: rawinsn.h): with AC set, the first
 * unaligned access faults, in the C library or in the runtime's crash
 * handler itself, which then killed the process (a forked child: "killed
 * by signal 7", no location; the reset engine's process: ravel could only
 * restart it, exit 3: tests/engine/raw_insn.c -DHIDDEN_AC). */
static inline void rv_clear_flags(void)
{
    __asm__ volatile("cld\n\tpushfq\n\tandq $~0x40000, (%%rsp)\n\tpopfq" ::: "cc", "memory");
}

/* The program's pc of an API call that reaches sync.c through another
 * API's layer (c11threads.c: thrd_create calls __ravel_pthread_create):
 * the layer stores its own return address here, and sync.c's first
 * RV_API_PC() takes it instead of the layer's pc, so events, misuse
 * reports and schedules name the program's line.  Zero when unused. */
extern uint64_t rv_pc_override;
static inline uint64_t rv_api_pc(uint64_t own)
{
    uint64_t o = rv_pc_override;
    if (!o) return own;
    rv_pc_override = 0;
    return o;
}
#define RV_API_PC() rv_api_pc(RV_PC())

#endif
