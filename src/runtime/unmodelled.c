/*
 * unmodelled.c — C library calls that write the program's memory without
 * events, made conservative (issue 27: "never a wrong answer").
 *
 * Some C library functions write (and read) the program's memory through
 * pointer arguments with no wrapper of the runtime around them (compile.c,
 * writes_through_pointers: the stream scanf family, and whatever else of
 * that list is not wrapped), and a wrapper sometimes falls back to the C
 * library's own function (a sscanf format with more than 32
 * destinations).  Those accesses are no events: another thread's access
 * to the same bytes looks independent of the call, so the explorers never
 * run the other order (thread 1 `fscanf(f, "%d", &g)`, thread 2 reads g:
 * every algorithm but dfs said "no error, exhaustive" for a bug behind the
 * other order; tests/adversary/unmodelled_race.c).
 *
 * Contract: the call's trampoline (compile.c) or the wrapper's fallback
 * calls rv_unmodelled(fn, pc) right before the C library's function.  When
 * the call may be concurrent with another thread's events, the process's
 * results stop being exhaustive (rv_unexplored: exit 3 without an error,
 * SV-COMP UNKNOWN), the reason naming the function and the call site.  The
 * call is ordered with every other thread's events, and so harmless, when
 * the caller is the only thread alive and every other thread created so
 * far has ended and been joined: each such thread's events then happen
 * before the call (a chain of joins leads to the caller: a joiner joins
 * after its joinee ended and itself ends later, so the chain of joiners is
 * finite and ends at the one thread nobody joined, the caller), and the
 * threads created later start after it.  Then the write is ordered by
 * creation and join with every access of another thread in every
 * execution with the same prefix of the caller, exactly as if it were an
 * event: it adds no race, so the explorers run the same executions as
 * they would with the write as an event (docs/DESIGN.md "C library
 * calls").  Anything else (another thread alive, even blocked; a thread
 * ended but not joined, a detached one; a thread stopped by a failed
 * assume) counts as concurrent.  errno is kept.
 * The runtime cannot name source lines: the reason holds the return
 * address as "<pc 0x...>", which the native backend replaces with
 * "file:line (function)" (native.c, copy_result).
 *
 * Owns: the set of threads joined in this execution (put back with the
 * rest of the runtime's data after each execution, as a fork would; part
 * of the state, rv_note_joined).
 */
#include "rt.h"

#include <errno.h>
#include <stdio.h>

static uint64_t joined[RV_MAX_THREADS / 64];

/* The set is part of the state of a configuration (docs/UDPOR.md "What a
 * state contains"): its change goes into the memory image with the join
 * event's (image.c, rv_acct).  Two configurations with equal memory and
 * threads may differ in who was joined (a thread that joined another in
 * one of them and not in the other, both ended), and rv_unmodelled
 * decides differently after them: without this, a cutoff could fold the
 * one where a later call races into the one where it is ordered. */
void rv_note_joined(unsigned tid)
{
    if (tid >= RV_MAX_THREADS) return;
    rv_acct a;
    rv_acct_begin(&a, &joined[tid / 64], sizeof *joined, RV_TAINT_RUNTIME_WRITE);
    joined[tid / 64] |= 1ull << (tid % 64);
    rv_acct_end(&a);
}

static bool was_joined(unsigned tid)
{
    return (joined[tid / 64] >> (tid % 64)) & 1;
}

/* Every other thread's events happen before the running thread's next
 * action (see the contract above). */
static bool ordered_with_all(const rv_thr *self)
{
    for (unsigned i = 0; i < rt.nthreads; i++) {
        const rv_thr *t = rv_thr_at(i);
        if (t == self || t->state == RV_T_NONE) continue; /* never started */
        if (t->state != RV_T_FINISHED || !was_joined(i)) return false;
    }
    return true;
}

void rv_unmodelled(const char *fn, uint64_t pc)
{
    if (!rt.active || !rt.running || ordered_with_all(rt.running)) return;
    int e = errno;
    char why[200];
    snprintf(why, sizeof why,
             "%s at <pc %#llx> accesses the program's memory without events while other "
             "threads run",
             fn, (unsigned long long)pc);
    rv_unexplored(why);
    errno = e;
}

/* Called only from the generated trampolines (compile.c,
 * unmodelled_trampoline), with every argument register of the real call
 * saved; pc: the return address of the program's call. */
void __ravel_unmodelled_call(const char *fn, uint64_t pc)
{
    rv_unmodelled(fn, rv_pc_of(pc));
}
