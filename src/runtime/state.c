/*
 * state.c — what a thread's state is (docs/UDPOR.md "What a state
 * contains"): the taint of state changed without an event, the
 * fingerprints of a thread's stack, registers and record, the scrubbing of
 * dead stack below the program's frames (rv_dead_floor, rv_scrub_deep,
 * rv_arm_return_scrub) and the boundary between the program's frames and the
 * runtime's.  It owns the taint words (__ravel_taint, its origin); it
 * reads the threads and the running thread's registers (kernel.c:
 * rv_entry_regs, __ravel_deep, rv_scrub_to) and changes only the threads'
 * dead stack bytes and their last events' fingerprints and taint.
 */

#include "rt.h"
#include "kernel.h"
#include "state.h"
#include "fault.h"
#include "sys.h"

#include <dlfcn.h>
#include <errno.h>
#include <link.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <string.h>
#include <sys/auxv.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#define XXH_INLINE_ALL
#include <xxhash.h>

/* State the program can change without an event (rv_taint); folded into
 * the running thread's next fingerprint, which marks its last event's
 * state unique.  __ravel_taint is also set by the generated trampolines of
 * C library functions that may write memory or keep hidden state
 * (compile.c), with a plain store that clobbers no register. */
__attribute__((weak)) uint32_t __ravel_taint; /* stubs.c may define it too */
/* Nonzero when the program holds code built without instrumentation
 * (defined by the generated stubs.c; weak: standalone runtimes). */
extern const unsigned __ravel_uninstrumented __attribute__((weak));
/* Nonzero when a function of the program has a frame of variable size
 * (alloca, a VLA; -fstack-usage says "dynamic"): such a frame reaches
 * below every bound the dead-stack scrub knows (rv_dead_floor), so what it
 * leaves there survives, deterministically, in every mode; a state then
 * holds bytes no fingerprint sees and is never a cutoff
 * (tests/adversary/uninit_stack.c -DVLA). */
extern const unsigned __ravel_dynamic_frames __attribute__((weak));

/* Where the first taint since the running thread's last event came from
 * (rv_event.taint_pc, taint_fn): set by rv_taint and by the generated
 * trampolines (compile.c, taint_origin_asm), consumed with the taint. */
__attribute__((weak)) uint64_t __ravel_taint_pc, __ravel_taint_fn;

static uint64_t *program_ret_slot_in(const rv_thr *t, char *fp, uint64_t *inner);

void rv_taint(uint32_t why)
{
    const rv_thr *t = rt.running;
    if (!__ravel_taint_pc && t) {
        /* the program's call, and the runtime wrapper it called */
        uint64_t inner = 0, *slot = program_ret_slot_in(t, __builtin_frame_address(0), &inner);
        if (slot) {
            __ravel_taint_pc = *slot == (uint64_t)(uintptr_t)rv_return_scrub ? t->ret_to : *slot;
            __ravel_taint_fn = inner;
        }
    }
    __ravel_taint |= why;
}

/* The fields of the runtime's record of thread t that the program can
 * observe or that decide its future (issue 10, class 2): hashed with its
 * local state.  The key registry is shared, not part of any thread's
 * local state (with it, a thread's state differed by whether another
 * thread had created a key: seed 002's Theorem 1 failed on
 * tests/native/m_keys.c); its whole content is the value of the registry's
 * RMW events instead (image.c, registry_image). */
static void hash_record(XXH3_state_t *st, const rv_thr *t)
{
    struct {
        void *fn, *arg, *spawn_fn, *spawn_arg, *heap_next, *heap_end;
        uint64_t natomic_at, nchildren, wait_count, func_depth, sigmask, cancel;
        int64_t atomic_depth, err;
        uint64_t flags, clock_last, clock_floor;
    } r;
    memset(&r, 0, sizeof r);
    r.fn = (void *)(uintptr_t)t->fn;
    r.arg = t->arg;
    r.spawn_fn = (void *)(uintptr_t)t->spawn_fn;
    r.spawn_arg = t->spawn_arg;
    r.heap_next = t->heap_next;
    r.heap_end = t->heap_end;
    r.sigmask = t->sigmask;
    r.cancel = t->cancel;
    r.natomic_at = t->natomic_at;
    r.nchildren = t->nchildren;
    /* live only while a condition wait is under way (stale afterwards) */
    r.wait_count = t->pending.kind == RV_ACT_WAIT2 ? t->wait_count : 0;
    r.func_depth = t->func_depth;
    r.atomic_depth = t->atomic_depth;
    r.err = errno; /* the thread runs: errno is its own */
    r.flags = (uint64_t)t->detached | (uint64_t)t->arena_mapped << 1 | (uint64_t)t->waiting << 2;
    r.clock_last = t->clock_last; /* the virtual clock's (clock.c) */
    r.clock_floor = t->clock_floor;
    XXH3_128bits_update(st, &r, sizeof r);
    XXH3_128bits_update(st, t->atomic_at, sizeof t->atomic_at);
    XXH3_128bits_update(st, t->keys, sizeof t->keys);
    XXH3_128bits_update(st, t->free_list, sizeof t->free_list);
}

/* The taint of the segment the running thread just ran, and where it
 * came from, consumed into ev. */
static void take_taint(rv_event *ev)
{
    uint32_t w = __ravel_taint;
    __ravel_taint = 0;
    if (&__ravel_uninstrumented && __ravel_uninstrumented) w |= RV_TAINT_UNINSTRUMENTED;
    if (&__ravel_dynamic_frames && __ravel_dynamic_frames) w |= RV_TAINT_DYNAMIC_FRAME;
    ev->taint |= w;
    if (__ravel_taint_pc && !ev->taint_pc) {
        ev->taint_pc = __ravel_taint_pc;
        ev->taint_fn = __ravel_taint_fn;
    }
    __ravel_taint_pc = __ravel_taint_fn = 0;
}

/* Fingerprints of thread t's last event (DESIGN §2.7, docs/UDPOR.md "What
 * a state contains"): fp, its local state (stack from sp up, the
 * registers it entered the runtime with, TLS copy, its runtime record);
 * taint: what t (or the runtime or C library on its behalf) changed
 * since without an event; such states are unique.  The third part, wv,
 * its change of the memory image, the scheduler completes right after
 * (image.c rv_image_after; sched.c, complete_last): only t ran since, and
 * every write of t is an event. */
/* Stack bytes hashed at most per fingerprint (see rv_fingerprint_last). */
#define RV_FP_STACK_MAX (256u << 10)

void rv_fingerprint_last(rv_thr *t, const void *sp, bool regs)
{
    if (t->last_event < 0) return;
    rv_event *ev = &rt.events[t->last_event];
    XXH3_state_t st;
    XXH3_128bits_reset(&st);
    const char *lo = sp, *hi = t->stack_hi;
    /* Hashing a deep stack at every event costs O(depth) per event, so a
     * deep recursion would cost O(n^2) (issue 11): such a state is made
     * unique instead (never a cutoff nor a witness). */
    if (lo < hi && (size_t)(hi - lo) > RV_FP_STACK_MAX) {
        ev->taint |= RV_TAINT_DEEP_STACK;
        lo = hi;
    }
    if (lo < hi) XXH3_128bits_update(&st, lo, (size_t)(hi - lo));
    if (regs) XXH3_128bits_update(&st, rv_entry_regs, sizeof rv_entry_regs);
    if (rt.tls_size) XXH3_128bits_update(&st, t->tp + rt.tls_off, rt.tls_size);
    hash_record(&st, t);
    XXH128_hash_t h = XXH3_128bits_digest(&st);
    ev->fp_lo = h.low64;
    ev->fp_hi = h.high64 | 1; /* never zero: zero means "no fingerprint" */
    take_taint(ev);
}

/* A finished thread's last event (its exit): its local state is gone; what
 * remains is its return value (join reads it) and its record. */
void rv_fingerprint_exit(rv_thr *t)
{
    if (t->last_event < 0) return;
    rv_event *ev = &rt.events[t->last_event];
    XXH3_state_t st;
    XXH3_128bits_reset(&st);
    int main_ret = t == rv_thr_at(0) ? rt.main_ret : 0;
    XXH3_128bits_update(&st, &t->ret, sizeof t->ret);
    XXH3_128bits_update(&st, &main_ret, sizeof main_ret);
    hash_record(&st, t);
    XXH128_hash_t h = XXH3_128bits_digest(&st);
    ev->fp_lo = h.low64;
    ev->fp_hi = h.high64 | 1;
    take_taint(ev);
}

/* Without fingerprints the taint still goes to t's last event: an explorer
 * names it when the program does not repeat itself (explore.c,
 * rv_nondet_causes). */
void rv_keep_taint(rv_thr *t)
{
    if (rt.recording && t->last_event >= 0) take_taint(&rt.events[t->last_event]);
}

/* Zero [lo, hi) of thread t's stack now (hi below the caller's frame). */
static void zero_range(rv_thr *t, char *lo, char *hi)
{
    if (lo >= hi) return;
    if (t == rv_thr_at(0))
        zero_nonzero(lo, (size_t)(hi - lo)); /* lo 16-byte aligned: rv_dead_floor */
    else
        zero_bytes(lo, (size_t)(hi - lo));
}

/* How far below the runtime's frame `here` the runtime's own frames for
 * one visible action reach (the scheduler, the fingerprint's hash state,
 * the race detector; the wrappers' calls after the action): at most about
 * 2 KiB over the test programs, checked by RAVEL_CHECK_SCRUB
 * (rv_check_below_floor, tests/adversary t_scrub_check_*). */
#define RV_RETURN_SCRUB_BELOW 4096u

/* Further bytes below the deepest program frame that code built without
 * instrumentation (libstdc++, linked code, no_sanitize functions: no
 * trampoline sees its calls of deep code) may have written since its
 * last visible action.  No fixed margin bounds what deep code writes
 * (glibc's printf allocas 27 KiB for "%.*f" with 5000 digits): such a
 * program's states are all unique (RV_TAINT_UNINSTRUMENTED), so what
 * lies below the margin never makes a cutoff unsound; an instrumented
 * program's calls of deep code are recorded instead (rv_scrub_deep). */
#define RV_DEEP_MARGIN 8192u
extern const unsigned long __ravel_max_frame __attribute__((weak));
extern const char __ravel_deep_callee[] __attribute__((weak));

/* Bytes below the lowest hooked frame (or below `here`) that the program
 * may have written: the largest static frame of its functions
 * (__ravel_max_frame, -fstack-usage: a hook-less leaf, tests/adversary
 * uninit_stack.c -DZ=12000) with the x86-64 red zone below a leaf's stack
 * pointer, and RV_DEEP_MARGIN when it holds uninstrumented code. */
static size_t below_program(void)
{
    size_t r = &__ravel_max_frame ? __ravel_max_frame + 128 : RV_DEEP_MARGIN;
    if (!&__ravel_deep_callee || !&__ravel_uninstrumented || __ravel_uninstrumented)
        r += RV_DEEP_MARGIN;
    return r;
}

/* After thread t's action that followed a deep call: make its whole dead
 * stack below `floor` (above it, rv_scrub_dead's) read as zero, however deep
 * the call's frames reached.  A stack ravel mapped: the pages below are
 * given back (MADV_DONTNEED: a private anonymous page then reads as zero
 * and costs nothing until touched again; a page table walk that skips
 * what was never mapped), the page holding the floor is zeroed up to it.
 * Main's stack (the process's, tracked by the reset engine's
 * write-protection, which a dropped page would escape) is zeroed where it
 * is not zero, from the floor down to the bottom of its mapping, which
 * holds every page ever touched (the kernel grows it by faults). */
static char *main_stack_bottom;
static bool mapped(uintptr_t lo, uintptr_t hi)
{
    return rv_syscall6(SYS_msync, (long)lo, (long)(hi - lo), 0, 0, 0, 0) == 0;
}
__attribute__((noinline)) void rv_scrub_deep(rv_thr *t, char *here, char *floor)
{
    uintptr_t f = (uintptr_t)floor, page = f & ~(uintptr_t)4095;
    if (t->stack_lo) {
        if (here < t->stack_lo || here >= t->stack_hi) return; /* on a program's own stack */
        zero_bytes((char *)page, f - page);
        if (page > (uintptr_t)t->stack_lo)
            rv_syscall6(SYS_madvise, (long)t->stack_lo, (long)(page - (uintptr_t)t->stack_lo),
                        MADV_DONTNEED, 0, 0, 0);
        return;
    }
    if (t != rv_thr_at(0) || here >= t->stack_hi || here < t->stack_hi - RV_STACK_SPAN * 64) return;
    /* the lowest mapped page: known, unless the stack grew since (the
     * page below it mapped); else the lowest `lo` with [lo, page) all
     * mapped, by halving (the stack's mapping is contiguous) */
    uintptr_t lo = (uintptr_t)main_stack_bottom;
    if (!lo || lo > page || mapped(lo - 4096, lo)) {
        uintptr_t span = 4096; /* [page - span, page) not all mapped */
        while (span < ((uintptr_t)1 << 32) && page > span && mapped(page - span, page)) span <<= 1;
        uintptr_t ok = span >> 1; /* [page - ok, page) mapped (ok 2048: none below) */
        while (span - ok > 4096) {
            uintptr_t mid = ((ok + span) / 2) & ~(uintptr_t)4095;
            if (mapped(page - mid, page))
                ok = mid;
            else
                span = mid;
        }
        lo = page - (ok < 4096 ? 0 : ok);
        main_stack_bottom = (char *)lo;
    }
    if (lo < f) zero_nonzero((char *)lo, f - lo);
}

/* The lowest byte of thread t's stack that may have been written since
 * its last visible action: below the deepest frame the program reached
 * (t->stack_low, kept by __tsan_func_entry, starting from the previous
 * action's frame) by below_program(), and at least RV_RETURN_SCRUB_BELOW
 * under the runtime's frame `here`; never in the guard page of a stack
 * ravel mapped.  Restarts the low-water mark at `here`. */
char *rv_dead_floor(rv_thr *t, char *here)
{
    char *top = here, *m = t->stack_low;
    /* a mark on another stack (swapcontext: a coroutine's stack in the
     * program's data) says nothing about this one, and reaching down to
     * it zeroed all in between (main crashed: swapcontext_main.c) */
    if (m && m < here && (size_t)(here - m) <= RV_STACK_SPAN && (!t->stack_lo || m >= t->stack_lo))
        top = m;
    char *lo = top - below_program();
    if (here - RV_RETURN_SCRUB_BELOW < lo) lo = here - RV_RETURN_SCRUB_BELOW;
    lo = (char *)((uintptr_t)lo & ~(uintptr_t)63);
    if (t->stack_lo && lo < t->stack_lo + 4096) lo = t->stack_lo + 4096;
    /* not NULL: the program's frames live at this action (above `here`)
     * may die by returns that call no hook before the next action, and
     * their bytes must be within that action's floor too (a recursion
     * with an event at its bottom kept its pattern 20 KiB deep, the
     * default udpor said "no error, exhaustive": tests/adversary
     * uninit_stack.c -DREC -DRET) */
    t->stack_low = here;
    return lo;
}

/* RAVEL_CHECK_SCRUB=1: before each scrub of a thread ravel mapped, check
 * that nothing below the floor was written (the 16 KiB under it are still
 * zero, as every scrub left them); a byte that is not ends the execution
 * as an internal error naming its depth.  A test of the bounds above on
 * real programs, off by default (it reads 16 KiB per event). */
static int check_scrub = -1;
#define CHECK_SPAN (16u << 10)
void rv_check_below_floor(rv_thr *t, char *floor, char *here, rv_kind k, uint64_t pc, bool deep)
{
    if (check_scrub < 0) {
        const char *e = getenv("RAVEL_CHECK_SCRUB");
        check_scrub = e && *e == '1';
    }
    if (!check_scrub || !t->stack_lo || deep) return; /* rv_scrub_deep zeroes all below */
    char *lo = floor - CHECK_SPAN < t->stack_lo + 4096 ? t->stack_lo + 4096 : floor - CHECK_SPAN;
    for (char *q = lo; q < floor; q++)
        if (*q)
            rv_end_exec(RV_END_INTERNAL, pc, 0,
                        "scrub check: thread %u's %s wrote %td bytes below the runtime's "
                        "frame, under the scrub's floor (%td bytes below it; deep callee \"%s\")",
                        rv_tid(t), rv_kind_name(k), here - q, here - floor,
                        &__ravel_deep_callee ? __ravel_deep_callee : "?");
}

/* After thread t's visible action, before it runs on: zero its dead stack
 * down to rv_dead_floor.  Dead bytes below the hashed stack range
 * (rv_fingerprint_last hashes from the runtime's frame up) would otherwise
 * survive into uninitialised locals of later calls: a state hashed equal
 * would have different futures (an unsound cutoff), and because the scrub
 * is done in every mode, every explorer runs the same program (it was
 * done only with fingerprints, so udpor with cutoffs and dfs read
 * different uninitialised values: tests/adversary/uninit_stack.c).  When
 * the thread returns into the program through rv_return_scrub (stub_lo:
 * how far down that reaches), only what lies below stub_lo is zeroed
 * here; the rest, the runtime's own frames, dies at that return (so a
 * wrapper that calls back into the program after its action scrubs
 * first: rv_scrub_before_callback).  Limits: frames of variable size
 * (their states are unique instead: __ravel_dynamic_frames), and
 * uninstrumented code reaching below the floor. */
void rv_scrub_dead(rv_thr *t, char *here, char *floor, char *stub_lo)
{
    if (stub_lo) {
        zero_range(t, floor, stub_lo);
        return;
    }
    if (here > floor) rv_scrub_below((size_t)(here - floor), t == rv_thr_at(0));
}

/* ------------------------------------------------------------------ */
/* The boundary between the program's stack and the runtime's frames.  */

/* The slot of the running thread's return address into the program
 * (issue 12): up the frame-pointer chain from the runtime's frame fp
 * (the runtime keeps frame pointers), the first return address into
 * program code, or the return stub that stands for one.  The program's
 * stack pointer before its call is slot + 1.  NULL when there is none
 * (the runtime calling itself). */
uint64_t *rv_program_ret_slot(const rv_thr *t, char *fp)
{
    uint64_t inner;
    return program_ret_slot_in(t, fp, &inner);
}

/* ... and *inner: the return address into the runtime function the
 * program called (0 if that is fp's own function). */
static uint64_t *program_ret_slot_in(const rv_thr *t, char *fp, uint64_t *inner)
{
    uint64_t lo = (uint64_t)(uintptr_t)fp, hi = (uint64_t)(uintptr_t)t->stack_hi, f = lo;
    *inner = 0;
    for (int i = 0; i < 64 && f >= lo && f + 16 <= hi && !(f & 7); i++) {
        uint64_t *frame = (uint64_t *)(uintptr_t)f;
        if (frame[1] == (uint64_t)(uintptr_t)rv_return_scrub || rv_program_code(frame[1]))
            return &frame[1];
        *inner = frame[1];
        lo = f + 16;
        f = frame[0];
    }
    return NULL;
}

/* Before thread t returns from its visible action: its return into the
 * program (slot) goes through rv_return_scrub, which zeroes the stack
 * below the program's stack pointer down to RV_RETURN_SCRUB_BELOW under
 * the scheduler's frame `here` (or the floor, if that is higher).  The
 * runtime's frames die there: the wrappers', the scheduler's (locals such
 * as an event's index, the interleaving's), the fingerprint's hash state.
 * Left in place, they would be the bytes of uninitialised slots in the
 * program's and the runtime's next frames (the fingerprints differed for
 * equal states: fuzzer seed 184), which the program could read, too.  A
 * wrapper that has two events arms its slot once and the stub reaches the
 * lower of the two depths; an armed slot further up, abandoned for a
 * deeper one (pthread_once's init routine), gets its address back and is
 * not scrubbed.  Returns how far down the stub will zero (NULL: no slot). */
char *rv_arm_return_scrub(rv_thr *t, uint64_t *slot, char *here, char *floor)
{
    const uint64_t stub = (uint64_t)(uintptr_t)rv_return_scrub;
    if (!slot) return NULL;
    char *lo = here - RV_RETURN_SCRUB_BELOW;
    if (lo < floor) lo = floor;
    if (*slot != stub) {
        if (t->ret_slot && t->ret_slot > slot && *t->ret_slot == stub) *t->ret_slot = t->ret_to;
        t->ret_to = *slot;
        t->ret_slot = slot;
        *slot = stub;
    } else if ((char *)(uintptr_t)t->scrub_lo < lo) {
        lo = (char *)(uintptr_t)t->scrub_lo; /* the wrapper's earlier event reached lower */
    }
    t->scrub_lo = (uint64_t)(uintptr_t)lo;
    rv_scrub_to = t->ret_to;
    rv_scrub_lo = t->scrub_lo;
    return lo;
}

/* A wrapper about to call program code after a visible action
 * (pthread_once's init routine): the runtime's frames of that action,
 * which the return stub would have zeroed, are zeroed now, since the
 * program's frames are about to reuse them. */
void __attribute__((noinline)) rv_scrub_before_callback(void)
{
    rv_thr *t = rt.running;
    char *here = __builtin_frame_address(0);
    char *lo = t && t->scrub_lo ? (char *)(uintptr_t)t->scrub_lo : here - RV_RETURN_SCRUB_BELOW;
    if (t && here > lo) rv_scrub_below((size_t)(here - lo), t == rv_thr_at(0));
}

/* Is the thread, at an action whose return into the program is at slot,
 * still inside the recorded deep call (its frames may write more below
 * after the action: a wrapper's vprintf after its events, bsearch after
 * a callback's action)?  Yes when the action's slot is deeper than the
 * call's (a callback), or is the call's own slot still holding the
 * call's return address (the wrapper's own events); not when the call
 * has returned and the caller made another call from the same frame.
 * Where there is no slot to tell, yes (an action more zeroes more). */
bool rv_deep_inside(const rv_thr *t, const uint64_t *slot, const uint64_t *deep)
{
    if (!slot || deep[0] == UINT64_MAX) return true;
    uint64_t s = (uint64_t)(uintptr_t)slot;
    uint64_t ret = *slot == (uint64_t)(uintptr_t)rv_return_scrub ? t->ret_to : *slot;
    return s < deep[0] || (s == deep[0] && ret == deep[1]);
}
