/*
 * verifier.c — how a program says "this is a bug" or "explore this":
 * assertions, abort, the SV-COMP __VERIFIER_* conventions, process exit,
 * and calls the runtime does not model.
 *
 * Nondeterministic values are value choices of a RV_ACT_NONDET event: the
 * explorer enumerates them.  Types of at most 8 bits are explored over
 * every value; wider types over [nondet_lo, nondet_hi] (--nondet-domain),
 * and the execution is then marked non-exhaustive.
 *
 * Owns: no state: its actions are the scheduler's (sched.c) and the model's
 * (apply.c).
 */
#include "rt.h"
#include "engine.h"
#include "kernel.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define PC RV_PC()

/* abort(), reach_error(), __VERIFIER_error() and a failed assert() end
 * the program: like exit(), a visible action (process-exit), so that the
 * explorers order it against the other threads' steps.  Otherwise the end
 * would happen inside the thread's previous step (or, for a thread that
 * has done nothing visible yet, inside its creator's pthread_create, as
 * new threads run up to their first visible operation when created,
 * kernel.c), and the orders in which the others go first would never be
 * explored: an abort() in main would hide a reach_error() in a thread
 * (--property=unreach-call, where abort() is no error). */
static void fatal_point(uint64_t pc)
{
    /* Only under --property (the CLI sets RAVEL_FATAL_STEPS): the default
     * semantics, and the closed-form counts of its tests, keep the end
     * inside the step, where every end is an error anyway. */
    static int on = -1;
    if (on < 0) on = getenv("RAVEL_FATAL_STEPS") != NULL;
    if (!on || !rt.active || !rt.running) return;
    rv_action a = rv_act(RV_ACT_PEXIT, 0);
    a.arg = 134; /* the status of a process killed by SIGABRT, as the shell reports it */
    rv_visible(a, pc);
}

/* An assertion that fails ends the program.  It is never taken for a call
 * of reach_error by the function name it passes (clang passes "void
 * reach_error()" for __PRETTY_FUNCTION__, gcc "reach_error", a literal
 * anything): a program's own reach_error is caught when it is entered
 * (__ravel___cyg_profile_func_enter below), before its body runs. */
void __ravel___assert_fail(const char *expr, const char *file, unsigned line, const char *func)
{
    fatal_point(PC);
    rv_end_exec(RV_END_ASSERT, PC, 0, "%s:%u: %s: Assertion `%s' failed.", file, line, func, expr);
}

/* SV-COMP: abort() ends the program; it is not a violation of
 * unreach-call (--property decides what counts; the end kind tells). */
void __ravel_abort(void)
{
    fatal_point(PC);
    rv_end_exec(RV_END_ABORT, PC, 0, "abort() called");
}

/* The unreach-call targets for a program that only declares them. */
__attribute__((weak)) void __VERIFIER_error(void)
{
    fatal_point(PC);
    rv_end_exec(RV_END_REACH_ERROR, PC, 0, "__VERIFIER_error() called");
}

__attribute__((weak)) void reach_error(void)
{
    fatal_point(PC);
    rv_end_exec(RV_END_REACH_ERROR, PC, 0, "reach_error() called");
}

/* The targets a program defines itself (with any body, any parameters,
 * static or not): the compile driver builds their objects with
 * -finstrument-functions and lists their addresses here (compile.c,
 * wire_targets).  Entering one is the violation, at its call site; the
 * body never runs. */
typedef struct rv_target_fn {
    const void *start;
    unsigned long size;
    const char *name;
} rv_target_fn;
extern const rv_target_fn __ravel_target_fns[] __attribute__((weak));
extern const unsigned long __ravel_ntarget_fns __attribute__((weak));

static const rv_target_fn *target_named(const void *fn)
{
    if (!&__ravel_ntarget_fns) return NULL;
    for (unsigned long i = 0; i < __ravel_ntarget_fns; i++)
        if (__ravel_target_fns[i].start == fn) return &__ravel_target_fns[i];
    return NULL;
}

/* The call site is the hook's `call_site` when the target runs as a
 * function of its own (the hook is called from inside its body).  Where
 * the compiler inlined the target, `call_site` is the return address of
 * the function it was inlined into, i.e. a line of that function's
 * caller (or the runtime's, for main): the hook's own return address,
 * inside the inlined body, is the place then. */
void __ravel___cyg_profile_func_enter(void *fn, void *call_site)
{
    const rv_target_fn *t = target_named(fn);
    if (!t) return;
    const char *name = t->name;
    uint64_t here = (uint64_t)(uintptr_t)__builtin_return_address(0);
    uint64_t start = (uint64_t)(uintptr_t)t->start;
    bool inlined = here < start || here - start >= t->size;
    uint64_t pc = rv_pc_of(inlined ? here : (uint64_t)(uintptr_t)call_site);
    fatal_point(pc);
    rv_end_exec(RV_END_REACH_ERROR, pc, 0, "%s() called", name);
}

void __ravel___cyg_profile_func_exit(void *fn, void *call_site)
{
    (void)fn, (void)call_site;
}

void __ravel_unsupported(const char *name, void *pc)
{
    rv_end_exec(RV_END_UNSUPPORTED, (uint64_t)(uintptr_t)pc, 0,
                "call to %s, which ravel does not model", name);
}

/* exit() is a visible action: it ends every thread, so its place in the
 * interleaving matters. */
void __ravel_exit(int code)
{
    if (rt.active) {
        rv_action a = rv_act(RV_ACT_PEXIT, 0);
        a.arg = (uint64_t)(int64_t)code;
        rv_visible(a, PC);
        rv_end_complete(code);
    }
    rv_engine_exit_again();
    exit(code);
}

void __ravel__exit(int code)
{
    if (rt.active) {
        rv_action a = rv_act(RV_ACT_PEXIT, 0);
        a.arg = (uint64_t)(int64_t)code;
        rv_visible(a, PC);
        rt.shm->exit_code = code;
        rt.shm->end = RV_END_COMPLETE;
        rt.shm->nevents = rt.step;
        rt.active = false;
    }
    rv_exec_exit(code);
}

void __ravel__Exit(int code)
{
    __ravel__exit(code);
}

/* A __VERIFIER_* choice or assumption outside an execution: before main
 * (a constructor: nothing is explored there yet, and there is no
 * execution to report in, so the process ends with a message, as for a
 * blocking call there: premain.c) or after its end (an atexit handler or
 * a destructor, which run with the scheduler off: the execution is
 * reported already).  Taking the first value, or ignoring a false
 * assumption, as these once did, explored one branch as if it were all
 * of them: a wrong TRUE for a constructor that drew the value leading to
 * reach_error, a wrong FALSE for an exit handler that assumed false
 * before calling it (tests/svcomp/outside.c). */
static void outside_execution(const char *what, uint64_t pc)
{
    if (!rt.shm) {
        dprintf(2, "ravel: %s before main (in a constructor) is not supported\n", what);
        _exit(70);
    }
    rv_end_exec(RV_END_UNSUPPORTED, pc, 0,
                "%s after the program ended (in an exit handler or a destructor), which ravel "
                "does not explore",
                what);
}

void __VERIFIER_assume(int cond)
{
    if (cond) return;
    if (!rt.active) {
        /* a false assumption: the execution was infeasible after all */
        if (rt.shm) rv_end_exec(RV_END_INFEASIBLE, PC, 0, "a __VERIFIER_assume condition failed");
        outside_execution("__VERIFIER_assume(0)", PC);
    }
    rv_thr *self = rv_self();
    self->state = RV_T_ASSUME; /* blocked forever: this execution is infeasible */
    rv_leave();
}

void __VERIFIER_atomic_begin(void)
{
    rv_atomic_enter(PC);
}

void __VERIFIER_atomic_end(void)
{
    rv_atomic_exit(PC);
}

/* One nondet event choosing among [lo, lo + n). */
static int64_t nondet(int64_t lo, uint64_t n, bool exhaustive, uint64_t pc)
{
    if (!rt.active) outside_execution("a __VERIFIER_nondet_* value", pc);
    if (!exhaustive) rt.shm->nonexhaustive |= RV_NONEX_NONDET;
    rv_action a = rv_act(RV_ACT_NONDET, 0);
    a.obj2 = (uint64_t)lo;
    a.ndom = (uint32_t)n;
    rv_visible(a, pc);
    return lo + (int64_t)(rt.recording ? rt.events[rv_self()->last_event].val : 0);
}

static int64_t nondet_wide(uint64_t pc)
{
    int64_t lo = rt.shm->nondet_lo, hi = rt.shm->nondet_hi;
    if (hi < lo) hi = lo;
    return nondet(lo, (uint64_t)(hi - lo + 1), false, pc);
}

_Bool __VERIFIER_nondet_bool(void)
{
    return (_Bool)nondet(0, 2, true, PC);
}
char __VERIFIER_nondet_char(void)
{
    return (char)nondet(-128, 256, true, PC);
}
unsigned char __VERIFIER_nondet_uchar(void)
{
    return (unsigned char)nondet(0, 256, true, PC);
}
short __VERIFIER_nondet_short(void)
{
    return (short)nondet_wide(PC);
}
unsigned short __VERIFIER_nondet_ushort(void)
{
    return (unsigned short)nondet_wide(PC);
}
int __VERIFIER_nondet_int(void)
{
    return (int)nondet_wide(PC);
}
unsigned __VERIFIER_nondet_uint(void)
{
    return (unsigned)nondet_wide(PC);
}
long __VERIFIER_nondet_long(void)
{
    return (long)nondet_wide(PC);
}
unsigned long __VERIFIER_nondet_ulong(void)
{
    return (unsigned long)nondet_wide(PC);
}
long long __VERIFIER_nondet_longlong(void)
{
    return (long long)nondet_wide(PC);
}
unsigned long long __VERIFIER_nondet_ulonglong(void)
{
    return (unsigned long long)nondet_wide(PC);
}
unsigned long __VERIFIER_nondet_size_t(void)
{
    return (unsigned long)nondet_wide(PC);
}
void *__VERIFIER_nondet_pointer(void)
{
    return (void *)(uintptr_t)nondet_wide(PC);
}
