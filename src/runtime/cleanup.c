/*
 * cleanup.c — pthread_cleanup_push handlers, run by pthread_exit.
 *
 * glibc's C macros (pthread.h without -fexceptions) keep a buffer on the
 * pushing function's frame: pthread_cleanup_push sets a jump buffer in it
 * (__sigsetjmp), then registers it (__pthread_register_cancel);
 * pthread_cleanup_pop unregisters it (__pthread_unregister_cancel) and
 * calls the handler itself when asked to.  An exit jumps to the innermost
 * buffer, where the macro's code calls the handler and then
 * __pthread_unwind_next, which goes on to the next buffer and, after the
 * last, ends the thread.  glibc keeps the list in the OS thread's
 * descriptor, which every ravel thread shares (the handlers never ran:
 * a false deadlock, tests/adversary/cleanup_push.c), so the runtime wraps
 * the three functions and keeps a list per thread.
 *
 * The list is program state (what pthread_exit will run): its head lives
 * in the executable's TLS block, of which every thread has its own copy
 * that its fingerprint hashes (state.c, rv_fingerprint_last), and the links
 * in the buffers, on the threads' stacks.  This file is linked only into
 * programs that use the macros (sync.c refers to it weakly), so other
 * programs keep a layout without a TLS block.
 *
 * Not supported: cancellation (pthread_cancel is an unsupported function;
 * __pthread_unwind_next outside an exit ends the execution saying so),
 * and C++'s __pthread_cleanup_class (-fexceptions), whose destructor
 * needs the unwinder.
 *
 * Owns: each thread's list of cleanup buffers (its TLS: top, exit_value,
 * exiting).
 */
#include "rt.h"
#include "state.h"

#include <pthread.h>
#include <setjmp.h>

#define TLS __thread __attribute__((tls_model("initial-exec")))

/* The running thread's innermost registered buffer; the value its
 * pthread_exit ends it with while the handlers run, and whether one is
 * under way. */
static TLS __pthread_unwind_buf_t *top;
static TLS void *exit_value;
static TLS int exiting;

/* The link in the program's buffer (glibc's own use of its padding) is
 * written and read at events, as every runtime access to the program's
 * memory (progmem.c). */
static void *outer_of(__pthread_unwind_buf_t *buf, uint64_t pc)
{
    void *o;
    rv_in(&o, &buf->__pad[0], sizeof o, pc);
    return o;
}

void __ravel___pthread_register_cancel(__pthread_unwind_buf_t *buf)
{
    void *o = top;
    rv_out(&buf->__pad[0], &o, sizeof o, RV_PC()); /* the link to the outer buffer */
    top = buf;
}

void __ravel___pthread_unregister_cancel(__pthread_unwind_buf_t *buf)
{
    top = outer_of(buf, RV_PC());
}

/* Run the innermost handler (a jump into its push's frame, where the
 * macro calls it and then __pthread_unwind_next), or, with none left,
 * end the thread as pthread_exit does. */
static __attribute__((noreturn, noinline)) void unwind(void)
{
    __pthread_unwind_buf_t *b = top;
    if (!b) {
        exiting = 0;
        rv_thread_finish(exit_value);
        __builtin_unreachable();
    }
    top = outer_of(b, 0); /* (no program call site: pthread_exit is unwinding) */
    /* the handler's frames reuse the runtime's: zeroed below this frame
     * as before a key destructor (sched.c), and this frame's own bytes
     * are within the next action's scrub, as the deepest frame the
     * thread reached since its last action (dead_floor) */
    rv_scrub_before_callback();
    rv_thr *t = rv_self();
    char *low = (char *)__builtin_frame_address(0) - 1024;
    if (!t->stack_low || low < t->stack_low) t->stack_low = low;
    siglongjmp((struct __jmp_buf_tag *)(void *)b->__cancel_jmp_buf, 1);
}

/* pthread_exit (sync.c): runs the handlers first, if there are any. */
void rv_cleanup_exit(void *ret)
{
    if (!top) return;
    exit_value = ret;
    exiting = 1;
    unwind();
}

void __ravel___pthread_unwind_next(__pthread_unwind_buf_t *buf)
{
    (void)buf; /* unregistered already, by unwind */
    if (!exiting)
        rv_end_exec(RV_END_UNSUPPORTED, RV_PC(), 0,
                    "__pthread_unwind_next outside pthread_exit (thread cancellation is not "
                    "supported)");
    unwind();
}
