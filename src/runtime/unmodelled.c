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
 * A C++ build asks the same question for every virtual call into
 * libstdc++'s compiled code through libstdc++'s own vtables (code inlined
 * from its headers calls them: std::stringbuf::sputc calls overflow()):
 * compile.c (cxx_vtables) lists their slots in __ravel_cxx_slots and
 * gives each a stub; before the program's constructors run,
 * patch_cxx_vtables points each slot that was linked at its stub, and
 * the stub's call asks rv_unmodelled before it jumps on to the library's
 * function.  The calls by name and the vtables of the program's own
 * classes are the trampolines' (compile.c cxx_unmodelled).
 *
 * Owns: the set of threads joined in this execution (put back with the
 * rest of the runtime's data after each execution, as a fork would; part
 * of the state, rv_note_joined); the vtable slots patched once per
 * process, before any execution, and what they held (stubs.c's
 * __ravel_cxx_orig).
 */
#include "rt.h"

#include <errno.h>
#include <stdio.h>
#include <sys/mman.h>
#include <unistd.h>

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
 * action (see the contract above; rt.h). */
bool rv_alone(const rv_thr *self)
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
    if (!rt.active || !rt.running || rv_alone(rt.running)) return;
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

/* ---- libstdc++'s vtables (see the contract above) ---- */

/* One slot of one of libstdc++'s vtables (compile.c cxx_vtables): the
 * vtable (NULL: not linked; a weak reference), the slot's byte offset in
 * it and the function's name for the reason. */
typedef struct {
    const char *vtable;
    unsigned long off;
    const char *name;
} rv_cxx_slot;

extern const rv_cxx_slot __ravel_cxx_slots[] __attribute__((weak));
extern const unsigned long __ravel_cxx_nslots __attribute__((weak));
/* what each slot held: the library's function its stub jumps on to */
extern void *__ravel_cxx_orig[] __attribute__((weak));
/* slot i's stub is at __ravel_cxx_stubs + 16 * i: it loads i into r11
 * and jumps to __ravel_cxx_virtual */
extern const char __ravel_cxx_stubs[] __attribute__((weak));

/* Called from __ravel_cxx_virtual with every argument register saved:
 * slot i's call, pc its return address.  Returns the function to run. */
void *rv_cxx_virtual(unsigned long i, uint64_t pc);
void *rv_cxx_virtual(unsigned long i, uint64_t pc)
{
    rv_unmodelled(__ravel_cxx_slots[i].name, rv_pc_of(pc));
    return __ravel_cxx_orig[i];
}

/* The stubs' common part: saves the argument registers (rdi, rsi, rdx,
 * rcx, r8, r9, rax: a variadic call's vector count, xmm0-xmm7; the stack
 * 16-byte aligned: 8 at entry + 7 pushes + 128), asks rv_cxx_virtual,
 * restores them and jumps to the library's function, which returns to
 * the caller (the layout of compile.c's hooked_trampoline). */
__asm__(".pushsection .text\n"
        ".globl __ravel_cxx_virtual\n"
        ".type __ravel_cxx_virtual, @function\n"
        "__ravel_cxx_virtual:\n"
        "    pushq %rdi\n    pushq %rsi\n    pushq %rdx\n    pushq %rcx\n"
        "    pushq %r8\n    pushq %r9\n    pushq %rax\n"
        "    subq $128, %rsp\n"
        "    movups %xmm0, 0(%rsp)\n    movups %xmm1, 16(%rsp)\n"
        "    movups %xmm2, 32(%rsp)\n    movups %xmm3, 48(%rsp)\n"
        "    movups %xmm4, 64(%rsp)\n    movups %xmm5, 80(%rsp)\n"
        "    movups %xmm6, 96(%rsp)\n    movups %xmm7, 112(%rsp)\n"
        "    movl %r11d, %edi\n"
        "    movq 184(%rsp), %rsi\n"
        "    call rv_cxx_virtual\n"
        "    movq %rax, %r11\n"
        "    movups 0(%rsp), %xmm0\n    movups 16(%rsp), %xmm1\n"
        "    movups 32(%rsp), %xmm2\n    movups 48(%rsp), %xmm3\n"
        "    movups 64(%rsp), %xmm4\n    movups 80(%rsp), %xmm5\n"
        "    movups 96(%rsp), %xmm6\n    movups 112(%rsp), %xmm7\n"
        "    addq $128, %rsp\n"
        "    popq %rax\n    popq %r9\n    popq %r8\n    popq %rcx\n"
        "    popq %rdx\n    popq %rsi\n    popq %rdi\n"
        "    jmp *%r11\n"
        ".size __ravel_cxx_virtual, .-__ravel_cxx_virtual\n"
        ".popsection\n");

/* Points every linked slot at its stub, once per process, before the
 * program's constructors (priority 101) and so before any thread.  The
 * vtables are read-only after relocation (RELRO): their pages are made
 * writable and stay so (a page of a build without RELRO was writable
 * already).  A page that cannot be made writable leaves the process
 * unexplored: its virtual calls would go unasked. */
__attribute__((constructor(101))) static void patch_cxx_vtables(void)
{
    if (!&__ravel_cxx_nslots || !&__ravel_cxx_stubs) return;
    uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
    for (unsigned long i = 0; i < __ravel_cxx_nslots; i++) {
        const rv_cxx_slot *s = &__ravel_cxx_slots[i];
        if (!s->vtable) continue;
        void **slot = (void **)(uintptr_t)(s->vtable + s->off);
        uintptr_t lo = (uintptr_t)slot & ~(page - 1);
        uintptr_t hi = ((uintptr_t)(slot + 1) + page - 1) & ~(page - 1);
        if (mprotect((void *)lo, hi - lo, PROT_READ | PROT_WRITE) != 0) {
            rv_unexplored("a vtable of libstdc++ that ravel cannot patch: its virtual calls "
                          "access the program's memory without events");
            return;
        }
        __ravel_cxx_orig[i] = *slot;
        *slot = (void *)(uintptr_t)(__ravel_cxx_stubs + 16 * i);
    }
}
