/*
 * kernel.h — kernel.c's contract with the layers above it, beyond what
 * rt.h declares for every file (rt, the threads, rv_end_exec,
 * rv_end_complete, rv_child_id, rv_thread_start, rv_tls_home).
 *
 * kernel.c owns the execution's state and the threads; these are the
 * operations the scheduler (sched.c) and the process's start (proto.c)
 * need on them, and no other file calls them.
 */
#ifndef RAVEL_RUNTIME_KERNEL_H
#define RAVEL_RUNTIME_KERNEL_H

#include "rt.h"

/* The running thread's callee-saved registers, MXCSR and x87 control word
 * as it entered rv_visible (stored by ctx_x86_64.S; fingerprinted by
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
