/*
 * kernel.h — kernel.c's contract with the layers above it, beyond what
 * rt.h declares for every file (rt and the threads, rv_end_exec,
 * rv_unexplored, the thread-id and pc helpers).
 *
 * kernel.c owns the execution's state and the threads.  The first part
 * below is for any layer above; the rest (the switch, the live bits, the
 * stack zeroing, the start-up) is for the scheduler, the state and the
 * process's start only.
 */
#ifndef RAVEL_RUNTIME_KERNEL_H
#define RAVEL_RUNTIME_KERNEL_H

#include "rt.h"

/* The program ends normally with this status (atexit handlers run). */
__attribute__((noreturn)) void rv_end_complete(int code);
/* Threads an execution may create, main included: --max-threads, and
 * under --memory=drf at most RV_DRF_MAX_THREADS (race.c's clocks are as
 * wide as this). */
unsigned rv_thread_cap(void);
/* A thread struct for a canonical id (creating its registry entry). */
int rv_child_id(rv_thr *parent);
/* Copy len <= 8 bytes at addr into *out without faulting; false if they
 * cannot be read. */
bool rv_peek(uint64_t addr, uint64_t len, uint64_t *out);
/* Start thread tid as parent's spawn_fn(spawn_arg), with what it inherits
 * from parent (the signal mask). */
void rv_thread_start(unsigned tid, const rv_thr *parent);
/* Back to main's TLS area (the process's own), e.g. before the reset
 * engine puts memory back. */
void rv_tls_home(void);

/* ---- what the layers above provide ----------------------------------------
 * The kernel uses no other file of the runtime but the assembly
 * (ctx_x86_64.S; scripts/layers checks it): what it needs from above or
 * beside it, it calls through these, which start.c sets once, before
 * anything else runs (runtime_main) and so before the first execution and
 * the reset engine's snapshot; they never change after.  Each must be set:
 * the kernel does not check. */
typedef struct rv_kernel_ops {
    /* A thread's start function returned `ret`: the thread finishes as by
     * pthread_exit (sync.c, rv_thread_finish).  Never returns. */
    __attribute__((noreturn)) void (*thread_return)(void *ret);
    /* The execution ends (rv_end_exec, rv_end_complete): the report holds
     * its verdict and event count and the scheduler still runs (rt.active);
     * fill the rest of the report from the layers above (sched.c,
     * rv_sched_end_report: the threads' pending actions, the explain log). */
    void (*end_report)(void);
    /* End the execution's process with exit status `code`, or with the
     * reset engine back to its loop (engine.c, rv_exec_exit).  Never
     * returns. */
    __attribute__((noreturn)) void (*exit)(int code);
    /* A zero-filled mapping kept across executions (engine.c, rv_zmap):
     * the threads' stacks and the table of threads above RV_MASK_THREADS. */
    void *(*zmap)(uintptr_t key, void *fixed, size_t len, bool *fresh);
} rv_kernel_ops;
void rv_kernel_set_ops(const rv_kernel_ops *ops);

/* The running thread's callee-saved registers, MXCSR and x87 control word
 * as it entered rv_visible (stored by sched.c's assembly; fingerprinted by
 * state.c). */
extern uint64_t rv_entry_regs[7];

/* Once per process, before the first execution: the vector registers'
 * start state (rv_xinit, rv_xmask_*) and the program's TLS image. */
void rv_xstate_init(void);
void rv_tls_init(void);
/* Main's thread pointer: the process's own TLS area, which thread 0 keeps. */
char *rv_tls_main(void);

/* ctx_x86_64.S: call fn(argc, argv, envp) with every other register clean. */
extern int rv_call_clean(int (*fn)(int, char **, char **), int, char **, char **);

/* ctx_x86_64.S's data (described there), set by this file: what a new
 * coroutine calls (rv_thread_entry, set by rv_kernel_set_ops), and the
 * register start state (rv_xstate_init). */
extern void (*rv_ctx_entry)(void);
void rv_thread_entry(void);
extern uint8_t rv_xinit[4096];
extern uint32_t rv_xmask_start, rv_xmask_visible, rv_vec_kind;

/* Run `to` (the running thread is `from`); returns when some thread
 * switches back to `from`.  Releases the stack of a thread above
 * RV_MASK_THREADS that finished (rv_dead_stack, set by its last switch). */
void rv_switch_to(rv_thr *from, rv_thr *to);
extern rv_thr *rv_dead_stack;

/* Read now the bytes t's last event wrote (rv_event.wval), while only t
 * has run since. */
void rv_capture_wval(rv_thr *t);

/* The live bits of the threads >= RV_MASK_THREADS: set when one starts,
 * cleared by whoever finds it finished; next: the lowest thread >= from
 * whose bit is set, RV_NO_THREAD if none. */
void rv_live_hi_set(unsigned tid);
void rv_live_hi_clear(unsigned tid);
unsigned rv_live_hi_next(unsigned from);

/* ---- zeroing the stack (state.c's scrubs, the end of an execution) ----- */

/* 16 bytes, loaded and stored as SSE2 vectors (the x86-64 baseline). */
typedef uint64_t __attribute__((vector_size(16), may_alias)) rv_v16;

/* Zero [p, p + n) without a call: a callee's frame (memset's return
 * address) would land below the area, in stack the scrub has just
 * declared dead and zero (RAVEL_CHECK_SCRUB found explicit_bzero's). */
static inline void zero_bytes(char *p, size_t n)
{
    __asm__ volatile("rep stosb" : "+D"(p), "+c"(n) : "a"(0) : "memory");
}

/* Is [p, p + 64) all zero?  p 16-byte aligned. */
static inline bool line_zero(const char *p)
{
    const rv_v16 *v = (const rv_v16 *)p;
    rv_v16 x = v[0] | v[1] | v[2] | v[3];
    return !(x[0] | x[1]);
}

static inline void line_clear(char *p)
{
    rv_v16 *v = (rv_v16 *)p, z = {0, 0};
    v[0] = z;
    v[1] = z;
    v[2] = z;
    v[3] = z;
}

/* Zero [p, p + n), p 16-byte aligned, writing only the 64-byte blocks
 * that are not zero already: main's stack is tracked page by page by the
 * reset engine (engine.c), where the first write to a page costs a
 * write-protect fault and the page's put-back after the execution; most
 * of the area is zero already.  Reads 256 bytes at a time as vectors (a
 * word-by-word loop was 4% of philo_flags N=14's samples, for main's
 * share of the events).  (The threads' stacks are not tracked: there a
 * plain store is cheaper than the reads.)  Inlined: a call from
 * rv_scrub_below would leave its return address below the area. */
static inline __attribute__((always_inline)) void zero_nonzero(char *p, size_t n)
{
    size_t i = 0;
    for (; i + 256 <= n; i += 256) {
        const rv_v16 *v = (const rv_v16 *)(p + i);
        rv_v16 x = (v[0] | v[1] | v[2] | v[3]) | (v[4] | v[5] | v[6] | v[7]) |
                   (v[8] | v[9] | v[10] | v[11]) | (v[12] | v[13] | v[14] | v[15]);
        if (!(x[0] | x[1])) continue;
        for (size_t j = i; j < i + 256; j += 64)
            if (!line_zero(p + j)) line_clear(p + j);
    }
    for (; i + 64 <= n; i += 64)
        if (!line_zero(p + i)) line_clear(p + i);
    if (i < n) zero_bytes(p + i, n - i);
    __asm__ volatile(""
                     :
                     : "r"(p)
                     : "memory"); /* the stores are not dead (rv_scrub_below's alloca) */
}

/* Zero `bytes` of stack just below the caller's frame (main_stack: thread
 * 0's, write-tracked by the reset engine: only blocks not zero already). */
void rv_scrub_below(size_t bytes, bool main_stack);

#endif
