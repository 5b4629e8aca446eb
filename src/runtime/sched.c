/*
 * sched.c — the runtime's scheduler, coroutine threads, end of executions,
 * crash handling and the fork server (DESIGN §2.2, §2.3).
 *
 * One scheduling step (step_once): compute the enabled set, pick a thread
 * and value (prefix first, then the policy), append the event to shared
 * memory, apply the action's effect.  The event is written before anything
 * else happens, so a crash right after it loses nothing.
 */
#include "rt.h"
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

rv_rt rt;
rv_thr rv_threads[RV_MASK_THREADS];
rv_thr *rv_threads_hi;

/* A private header when the program runs standalone (no fork server). */
static rv_shm standalone_shm;

extern int __ravel_user_main(int, char **, char **);
/* ctx_x86_64.S: call fn(argc, argv, envp) with every other register clean. */
extern int rv_call_clean(int (*fn)(int, char **, char **), int, char **, char **);

/* ------------------------------------------------------------------ */
/* Registers the program starts from (ctx_x86_64.S, rv_reset_regs).   */

/* An XSAVE area whose header says every component is in its initial
 * state: XRSTOR from it clears the vector registers (MXCSR, at offset
 * 24, is stored there first and so kept). */
_Alignas(64) uint8_t rv_xinit[4096];
/* XRSTOR component masks (0: no XSAVE, the SSE registers are cleared one
 * by one): at a program's or thread's start x87, SSE, AVX and AVX-512
 * (bits 0-2, 5-7); on a return into the program the same without x87,
 * whose control word belongs to the thread.  Never PKRU (bit 9) or
 * state the kernel hands out on request (AMX). */
uint32_t rv_xmask_start, rv_xmask_visible;
/* Which vector registers a return into the program zeroes one by one
 * (ctx_x86_64.S, rv_clear_vec): 2 zmm0-31 and k0-7, 1 ymm0-15, 0 xmm0-15. */
uint32_t rv_vec_kind;

static void xstate_init(void)
{
    uint32_t a, b, c, d;
    __asm__ volatile("cpuid" : "=a"(a), "=b"(b), "=c"(c), "=d"(d) : "a"(1), "c"(0));
    if (!(c & (1u << 27))) return; /* no OSXSAVE: XRSTOR unusable */
    uint32_t lo, hi;
    __asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
    rv_xmask_start = lo & 0xe7u;
    rv_xmask_visible = lo & 0xe6u;
    if ((lo & 0xe6u) == 0xe6u)
        rv_vec_kind = 2; /* SSE, AVX and the three AVX-512 components */
    else if ((lo & 0x6u) == 0x6u && !(lo & 0xe0u))
        rv_vec_kind = 1;
    /* else (some AVX-512 components only): XRSTOR, rv_vec_kind 0 */
}

/* ------------------------------------------------------------------ */
/* Thread-local storage: every thread has a static TLS area of its own. */
/*
 * x86-64 uses TLS variant II: the thread pointer (the %fs base) points at
 * the TCB (glibc's struct pthread, which starts with tcbhead_t: tcb at
 * %fs:0, dtv at 8, self at 0x10, the stack canary at 0x28, the pointer
 * guard at 0x30), and each module's static TLS block lies below it at a
 * fixed negative offset.  Main keeps the process's own area (`home`); every
 * other program thread gets a copy of it at the top of its stack region
 * and its own %fs base, switched with the coroutine, so that &tls_var
 * differs per thread and stays valid while the thread lives, as under
 * POSIX (tests/adversary/tls_pointer.c).  In a copy:
 *  - the executable's block (module 1, the only TLS the program's compiled
 *    code reaches: executables use the local- and initial-exec models) is
 *    set from its initialisation image, as for a new POSIX thread;
 *  - tcb (%fs:0) points to the copy: compiled code computes &tls_var from it;
 *  - self (THREAD_SELF) still names main's struct pthread: to the C
 *    library every coroutine is the one OS thread (stdio locks taken by
 *    one coroutine are its own in another, as before);
 *  - the canary and the pointer guard are copied (same values: a frame or
 *    a jmp_buf set up in one area checks out in another);
 *  - dtv is main's: a shared library's TLS reached through __tls_get_addr
 *    is main's, shared by all threads (not per thread; documented);
 *  - the C library's other TLS (locale, malloc's tcache and arena) starts
 *    as main's values: pointers to objects all coroutines share, which is
 *    safe because they run one at a time and never switch inside such a
 *    C library call; errno starts at 0 and is the thread's own.
 * The runtime runs on the area of whichever thread called it; the reset
 * engine goes home (rv_tls_home) before it puts memory back, because
 * it zeroes the thread stack regions the areas live in.
 */
static struct {
    char *home;    /* main's thread pointer: the process's own area */
    size_t below;  /* static TLS bytes below the thread pointer (every module) */
    size_t tcb;    /* TCB bytes from the thread pointer up (struct pthread) */
    size_t align;  /* alignment of the thread pointer */
    bool fsgsbase; /* wrfsbase is allowed (AT_HWCAP2), else arch_prctl */
} tls;

static int find_tls(struct dl_phdr_info *info, size_t size, void *data)
{
    (void)data;
    for (int i = 0; i < info->dlpi_phnum; i++) {
        const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
        if (ph->p_type != PT_TLS) continue;
        size_t align = ph->p_align ? ph->p_align : 1;
        rt.tls_size = (ph->p_memsz + align - 1) & ~(align - 1);
        rt.tls_image = (const void *)(info->dlpi_addr + ph->p_vaddr);
        rt.tls_image_size = ph->p_filesz;
        if (size >= offsetof(struct dl_phdr_info, dlpi_tls_data) + sizeof info->dlpi_tls_data &&
            info->dlpi_tls_data)
            rt.tls_off = (char *)info->dlpi_tls_data - tls.home;
        else
            rt.tls_off = -(ptrdiff_t)rt.tls_size; /* variant II: module 1 right below the TP */
    }
    return 1; /* the first object is the executable (module 1) */
}

static void tls_init(void)
{
    __asm__("movq %%fs:0, %0" : "=r"(tls.home));
    dl_iterate_phdr(find_tls, NULL);
    /* glibc's own sizes (GLIBC_PRIVATE, as sanitizers read them): the static
     * TLS size includes the TCB, which is a struct pthread */
    void (*info)(size_t *, size_t *);
    *(void **)&info = dlsym(RTLD_DEFAULT, "_dl_get_tls_static_info");
    const uint32_t *pthread_size = dlsym(RTLD_DEFAULT, "_thread_db_sizeof_pthread");
    if (info && pthread_size) {
        size_t size = 0, align = 0;
        info(&size, &align);
        if (size > *pthread_size && *pthread_size >= 0x40) {
            tls.tcb = *pthread_size;
            tls.below = size - tls.tcb;
            tls.align = align < 64 ? 64 : align;
        }
    }
    tls.fsgsbase = (getauxval(AT_HWCAP2) & 2) != 0; /* HWCAP2_FSGSBASE */
}

static inline void set_thread_pointer(char *tp)
{
    if (tls.fsgsbase)
        __asm__ volatile("wrfsbase %0" ::"r"(tp) : "memory");
    else
        rv_syscall6(SYS_arch_prctl, 0x1002 /* ARCH_SET_FS */, (long)tp, 0, 0, 0, 0);
}

void rv_tls_home(void)
{
    if (tls.home) set_thread_pointer(tls.home);
}

/* Thread t's area at the top of its stack region [base, base + span):
 * sets t->tp and returns the lowest byte of the area. */
static char *tls_area_place(rv_thr *t, char *top)
{
    if (!tls.tcb)
        rv_end_exec(RV_END_INTERNAL, 0, 0, "cannot find the C library's static TLS layout");
    t->tp = (char *)((uintptr_t)(top - tls.tcb) & ~(uintptr_t)(tls.align - 1));
    return t->tp - tls.below;
}

/* A new thread's area: main's, with the executable's block fresh from its
 * image and the TCB's self pointer to itself (see above). */
static void tls_area_init(rv_thr *t)
{
    memcpy(t->tp - tls.below, tls.home - tls.below, tls.below + tls.tcb);
    *(char **)t->tp = t->tp; /* tcbhead_t.tcb */
    if (rt.tls_size) {
        char *m1 = t->tp + rt.tls_off;
        memcpy(m1, rt.tls_image, rt.tls_image_size);
        memset(m1 + rt.tls_image_size, 0, rt.tls_size - rt.tls_image_size);
    }
}

/* A finished thread >= RV_MASK_THREADS whose stack and TLS pages go back
 * to the kernel as soon as another thread runs (it switched away from
 * them for good): 10,000 threads created one after another then keep the
 * pages of those alive, not of every thread ever started (bench/README
 * "Thousands of threads").  Threads below keep theirs (at most 64, and
 * an execution would fault them in again: the reset engine clears pages
 * in place, keeping them mapped).  A program that reads a finished
 * thread's stack or TLS (undefined) reads zeros. */
static rv_thr *dead_stack;

static void release_dead_stack(void)
{
    rv_thr *t = dead_stack;
    if (!t) return;
    dead_stack = NULL;
    uint64_t base = RV_STACK_BASE + (uint64_t)rv_tid(t) * RV_STACK_SPAN;
    rv_syscall6(SYS_madvise, (long)(base + RV_GUARD_SIZE), (long)(RV_STACK_SPAN - RV_GUARD_SIZE),
                MADV_DONTNEED, 0, 0, 0);
}

static void switch_to(rv_thr *from, rv_thr *to)
{
    if (from == to) return;
    rt.running = to;
    rt.shm->running = rv_tid(to);
    /* nothing below reads TLS until `to` runs on its own area */
    if (to->tp != from->tp) set_thread_pointer(to->tp);
    /* the record of a deep call is the running thread's (scrub_deep) */
    uint64_t deep[2] = {__ravel_deep[0], __ravel_deep[1]};
    __ravel_deep[0] = __ravel_deep[1] = 0;
    rv_ctx_switch(&from->sp, to->sp);
    /* back in `from` */
    __ravel_deep[0] = deep[0];
    __ravel_deep[1] = deep[1];
    rv_scrub_to = from->ret_to;
    rv_scrub_lo = from->scrub_lo;
    release_dead_stack();
}

/* ------------------------------------------------------------------ */
/* Canonical thread ids (DESIGN §2.4): the k-th child of thread p gets the
 * same id in every execution; the registry lives in shared memory so it
 * survives from one execution to the next. */

int rv_child_id(rv_thr *parent)
{
    rv_shm *s = rt.shm;
    uint16_t p = (uint16_t)rv_tid(parent);
    uint32_t k = parent->nchildren;
    /* the search starts after the last id found: children created in the
     * order they were registered are found at once (10,000 creates
     * scanned 50 M entries from the start) */
    static uint32_t next;
    for (uint32_t j = 1; j < s->nreg; j++) {
        uint32_t i = 1 + (next + j - 1) % (s->nreg - 1);
        if (s->reg_parent[i] == p && s->reg_index[i] == k) {
            next = i;
            return (int)i;
        }
    }
    if (s->nreg >= RV_MAX_THREADS) return -1;
    uint32_t id = s->nreg++;
    s->reg_parent[id] = p;
    s->reg_index[id] = k;
    return (int)id;
}

/* ------------------------------------------------------------------ */
/* Ending an execution.                                                */

/* The bytes thread t's last event wrote (rv_event.wval, len <= 8), read
 * now: only t ran since, and every write of t is an event (issue 9 part 3,
 * the unfolding's values of memory). */
static void capture_wval(rv_thr *t)
{
    if (!rt.recording || t->last_event < 0) return;
    rv_event *ev = &rt.events[t->last_event];
    if ((ev->act.kind != RV_ACT_WRITE && ev->act.kind != RV_ACT_RMW) || ev->act.len > 8 ||
        (ev->vflags & RV_EV_WVAL))
        return;
    uint64_t v = 0;
    memcpy(&v, (const void *)(uintptr_t)ev->act.obj, ev->act.len);
    ev->wval = v;
    ev->vflags |= RV_EV_WVAL;
}

static void snapshot_threads(void)
{
    rv_shm *s = rt.shm;
    s->nthreads = rt.nthreads;
    for (unsigned i = 0; i < rt.nthreads; i++) {
        rv_thr *t = rv_thr_at(i);
        rv_thread_end *te = &s->threads[i];
        memset(te, 0, sizeof *te);
        te->state = t->state;
        te->parent = i ? s->reg_parent[i] : RV_NO_THREAD;
        te->index = i ? s->reg_index[i] : 0;
        if (t->state == RV_T_LIVE) {
            te->pending = t->pending;
            te->pending_pc = t->pending_pc;
            te->enabled = rv_enabled(t);
            te->holder = rv_holder_of(t);
            if (rv_is_cas(&t->pending))
                te->pending_old_ok = rv_peek(t->pending.obj, t->pending.len, &te->pending_old);
        } else {
            te->holder = RV_NO_THREAD;
        }
    }
}

static void report_unexplored(rv_shm *s);

static void finish_report(rv_end end)
{
    rv_shm *s = rt.shm;
    /* the running thread's last write, unless it faulted (its bytes may
     * be unreadable; a lost value is only unknown to the unfolding) */
    if (rt.running && !s->signo) capture_wval(rt.running);
    report_unexplored(s);
    s->end = end;
    s->nevents = rt.step;
    snapshot_threads();
    rv_xl_end();
    rt.active = false;
    rt.ended = end == RV_END_COMPLETE;
}

void rv_end_exec(rv_end end, uint64_t pc, uint64_t addr, const char *fmt, ...)
{
    rv_shm *s = rt.shm;
    if (!s) {
        /* before main (a constructor's assertion, reach_error, ...): no
         * execution to report in yet, so the process ends with status 70,
         * which ravel reports as an end before main, UNKNOWN (native.c,
         * ended_before_main); before, this dereferenced the null report
         * and the process died of SIGSEGV */
        va_list ap;
        va_start(ap, fmt);
        char msg[256];
        vsnprintf(msg, sizeof msg, fmt, ap);
        va_end(ap);
        dprintf(2, "ravel: before main: %s: %s\n", rv_end_name(end), msg);
        _exit(70);
    }
    s->err_tid = rt.running ? rv_tid(rt.running) : RV_NO_THREAD;
    s->err_pc = pc;
    s->err_addr = addr;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(s->msg, sizeof s->msg, fmt, ap);
    va_end(ap);
    finish_report(end);
    if (!rt.server && rv_end_is_bug(end))
        fprintf(stderr, "ravel: %s: %s\n", rv_end_name(end), s->msg);
    fflush(NULL);
    rv_exec_exit(rv_end_is_bug(end) ? 1 : 0);
}

/* Every thread finished, or exit() was called: the program ends normally,
 * running atexit handlers with the scheduler off. */
static void scrub_below(size_t bytes, bool main_stack);
static int exit_clean(int code, char **unused1, char **unused2)
{
    exit(code);
}
void rv_end_complete(int code)
{
    rt.shm->exit_code = code;
    finish_report(RV_END_COMPLETE);
    /* the atexit handlers' frames reuse those of the last action (exit's
     * own, whose return stub never runs) and of the report: the
     * scheduler's and the fingerprint's values, which differ by
     * algorithm (a handler counted 119 nonzero bytes under dfs, 185
     * under udpor: tests/adversary/atexit_stack.c) */
    rv_thr *t = rt.running;
    char *here = __builtin_frame_address(0);
    size_t bytes = 16u << 10;
    /* never into the guard page of a stack ravel mapped (if this is one) */
    if (t && t->stack_lo && here > t->stack_lo && here < t->stack_hi &&
        here - t->stack_lo < (ptrdiff_t)bytes + 8192)
        bytes = here - t->stack_lo > 8192 ? (size_t)(here - t->stack_lo) - 8192 : 0;
    if (bytes) scrub_below(bytes, true);
    /* with the callee-saved registers zeroed: the C library's exit saves
     * them in frames the handlers' frames reuse (the runtime's pointers
     * were the bytes atexit_stack.c's handler counted) */
    rv_call_clean(exit_clean, code, NULL, NULL);
    __builtin_unreachable();
}

/* No thread can move: complete, deadlock, or infeasible (a failed assume). */
static __attribute__((noreturn)) void end_stuck(void)
{
    unsigned live = 0, assumed = 0;
    for (unsigned i = 0; i < rt.nthreads; i++) {
        live += rv_thr_at(i)->state == RV_T_LIVE;
        assumed += rv_thr_at(i)->state == RV_T_ASSUME;
    }
    if (assumed) rv_end_exec(RV_END_INFEASIBLE, 0, 0, "a __VERIFIER_assume condition failed");
    if (!live) rv_end_complete(rt.main_ret);
    rt.running = NULL; /* a deadlock belongs to no single thread */
    /* a thread held at --thread-bound would go on without it: the end of
     * the bounded execution, no deadlock (the explorer counts it as cut) */
    if (rt.shm->nonexhaustive & RV_NONEX_THREAD_BOUND)
        rv_end_exec(RV_END_COMPLETE, 0, 0, "the execution ends at --thread-bound=%u",
                    (unsigned)rt.shm->thread_bound);
    rv_end_exec(RV_END_DEADLOCK, 0, 0, "deadlock: %u thread%s blocked", live, live == 1 ? "" : "s");
}

/* ------------------------------------------------------------------ */
/* Scheduling.                                                         */

/* The enabled set of one step.  Threads below RV_MASK_THREADS are bits of
 * `mask` (rv_event.enabled), computed every step (at most 64 rv_enabled
 * calls); the others are asked only when a query needs them (en_has,
 * lowest_hi), so that a step costs nothing per thread above 63: with
 * 10,000 threads alive a full pass per step made one execution of 40,000
 * events quadratic (issue 13 part 3). */
typedef struct enset {
    uint64_t mask;
    int only;            /* the thread inside an atomic section (it alone runs), -1 if none */
    unsigned first;      /* lowest enabled thread, RV_NO_THREAD if none */
    unsigned first_pref; /* lowest enabled thread not in shm->avoid */
} enset;

static bool thr_enabled(unsigned i)
{
    rv_thr *t = rv_thr_at(i);
    return t->state == RV_T_LIVE && rv_enabled(t);
}

/* Threads >= RV_MASK_THREADS that may be live: a bit per thread set when
 * it starts and cleared lazily, when a search finds it no longer live (a
 * thread never becomes live again within an execution), plus a summary
 * bit per nonzero word.  Part of the runtime's memory, so every execution
 * starts with both empty, like rt.nthreads. */
#define HI_WORDS (RV_MAX_THREADS / 64)
static uint64_t live_hi[HI_WORDS];
static uint64_t live_sum[(HI_WORDS + 63) / 64];

static void live_hi_set(unsigned tid)
{
    live_hi[tid / 64] |= 1ull << (tid % 64);
    live_sum[tid / 4096] |= 1ull << (tid / 64 % 64);
}

static void live_hi_clear(unsigned tid)
{
    if (!(live_hi[tid / 64] &= ~(1ull << (tid % 64))))
        live_sum[tid / 4096] &= ~(1ull << (tid / 64 % 64));
}

/* The lowest thread >= from whose live bit is set, RV_NO_THREAD if none. */
static unsigned live_hi_next(unsigned from)
{
    if (from >= RV_MAX_THREADS) return RV_NO_THREAD;
    unsigned w = from / 64, nw = w + 1; /* nw: the first word after w */
    uint64_t bits = live_hi[w] & (~0ull << (from % 64));
    if (bits) return w * 64 + (unsigned)__builtin_ctzll(bits);
    for (unsigned s = nw / 64; s < sizeof live_sum / sizeof *live_sum; s++) {
        uint64_t sum = live_sum[s] & (s == nw / 64 ? ~0ull << (nw % 64) : ~0ull);
        if (sum) {
            unsigned x = s * 64 + (unsigned)__builtin_ctzll(sum);
            return x * 64 + (unsigned)__builtin_ctzll(live_hi[x]);
        }
    }
    return RV_NO_THREAD;
}

/* The mutex each thread >= RV_MASK_THREADS is about to lock (its pending
 * action is a LOCK of it, not of a spin lock), 0 otherwise: kept by
 * rv_visible_c, a compact copy of what lowest_hi needs to skip the many
 * threads that wait for one held mutex without touching their records. */
static uint64_t pend_lock[RV_MAX_THREADS];

/* The lowest enabled thread >= from (from >= RV_MASK_THREADS), RV_NO_THREAD
 * if none: it asks only the live threads between, in order.  Once one
 * of them is found blocked on a mutex, the others waiting for the same
 * mutex are blocked too (the model's LOCK is enabled for no thread but
 * the owner while the mutex is held and usable), and are skipped by a
 * look at pend_lock.  Cost: the live threads below the answer, a few
 * instructions each when they wait for one mutex, an rv_enabled call each
 * otherwise (none in a program whose low threads run first, as the
 * default policy has them). */
static unsigned lowest_hi(unsigned from)
{
    uint64_t held = 0; /* a mutex found held in this search */
    int32_t owner = 0; /* its owner + 1 */
    for (unsigned i = live_hi_next(from); i != RV_NO_THREAD && i < rt.nthreads;
         i = live_hi_next(i + 1)) {
        if (held && pend_lock[i] == held && (unsigned)owner != i + 1) continue;
        rv_thr *t = rv_thr_at(i);
        if (t->state != RV_T_LIVE) {
            live_hi_clear(i);
        } else if (rv_enabled(t)) {
            return i;
        } else if (pend_lock[i]) {
            held = pend_lock[i];
            owner = rv_mutex_owner(held);
        }
    }
    return RV_NO_THREAD;
}

/* ---- giving way (RV_REQ_GIVE_WAY; issue 28 part 4) ------------------------
 *
 * Lowest-first free runs let a spin-wait of thread 0 run to the event
 * budget before the thread it waits for ever ran (4,313 and 100,000
 * events in the trial).  A thread that, running alone, comes back to a
 * fingerprint it had, with nothing but reads and yields in between, is in
 * a state the whole program had already: nothing else moved.  It gives
 * way (is parked): the free choice takes another enabled thread first,
 * until some thread changes something (any event but a read or a yield),
 * which unparks every thread.  With no other thread enabled it runs on.
 * Any free choice is sound (seed 001 Alg. 1 line 6 leaves it free); only
 * which configurations come first changes.  The repetition is found as
 * Brent finds cycles: the fingerprint at steps 1, 2, 4, 8, ... since the
 * thread started running alone is the anchor, each later one compares
 * with it, so a cycle of any length c is seen within about 2(c + tail)
 * events and O(1) memory.  The state lives in the runtime's memory, so
 * every execution starts with none. */
static struct {
    uint64_t parked; /* threads below RV_MASK_THREADS that gave way */
    unsigned tid;    /* the thread watched; its events since `from` are quiet */
    uint64_t from;   /* step of its first watched event + 1; 0: none watched */
    uint64_t fp_lo, fp_hi;
    uint64_t len, pow; /* events since the anchor, and when it moves next */
} gw;

/* Changes nothing another thread can see: a read or a yield, with
 * fingerprints and no taint. */
static bool gw_quiet(const rv_event *ev)
{
    return (ev->act.kind == RV_ACT_READ || ev->act.kind == RV_ACT_YIELD) && !ev->taint && ev->fp_hi;
}

/* t (running) has just had its last event fingerprinted, and is about to
 * do its next action. */
static void give_way_note(rv_thr *t)
{
    if (!(rt.flags & RV_REQ_GIVE_WAY) || !(rt.flags & RV_REQ_FINGERPRINTS) || !rt.recording ||
        t->last_event < 0)
        return;
    const rv_event *ev = &rt.events[t->last_event];
    unsigned tid = rv_tid(t);
    if (!gw_quiet(ev)) { /* a visible change: everyone may have something to do */
        gw.parked = 0;
        gw.from = 0;
        return;
    }
    /* watched from here when another thread ran in between, or none was */
    if (!gw.from || gw.tid != tid || (uint64_t)t->last_event + 1 != rt.step) {
        gw.tid = tid;
        gw.from = rt.step;
        gw.fp_lo = ev->fp_lo, gw.fp_hi = ev->fp_hi;
        gw.len = 0, gw.pow = 1;
        return;
    }
    if (ev->fp_lo == gw.fp_lo && ev->fp_hi == gw.fp_hi) { /* the same state as before */
        if (tid < RV_MASK_THREADS && rt.step >= rt.shm->nsteps) gw.parked |= 1ull << tid;
        gw.from = 0;
        return;
    }
    if (++gw.len == gw.pow) {
        gw.fp_lo = ev->fp_lo, gw.fp_hi = ev->fp_hi;
        gw.len = 0;
        gw.pow *= 2;
    }
}

static enset enabled_set(void)
{
    enset e = {0, -1, RV_NO_THREAD, RV_NO_THREAD};
    unsigned own = rv_atomic_owner();
    if (own) { /* inside an atomic section: it alone runs (the model disables the others) */
        unsigned i = own - 1;
        if (i >= rt.nthreads || !thr_enabled(i)) return e;
        return (enset){i < RV_MASK_THREADS ? 1ull << i : 0, (int)i, i, i};
    }
    unsigned n = rt.nthreads < RV_MASK_THREADS ? rt.nthreads : RV_MASK_THREADS;
    for (unsigned i = 0; i < n; i++)
        if (thr_enabled(i)) e.mask |= 1ull << i;
    uint64_t pref = e.mask & ~rt.shm->avoid;   /* threads above 63 are never avoided */
    if (pref & ~gw.parked) pref &= ~gw.parked; /* given way: the others first */
    unsigned hi = e.mask && pref ? RV_NO_THREAD : lowest_hi(RV_MASK_THREADS);
    e.first = e.mask ? (unsigned)__builtin_ctzll(e.mask) : hi;
    e.first_pref = pref ? (unsigned)__builtin_ctzll(pref) : hi != RV_NO_THREAD ? hi : e.first;
    return e;
}

static bool en_has(const enset *e, unsigned tid)
{
    if (e->only >= 0) return tid == (unsigned)e->only;
    if (tid < RV_MASK_THREADS) return (e->mask >> tid) & 1;
    return tid < rt.nthreads && thr_enabled(tid);
}

/* rv_event.next_en: the lowest enabled thread above tid. */
static uint32_t next_enabled(const enset *e, unsigned tid)
{
    if (e->only >= 0) return RV_NO_THREAD;
    if (tid + 1 < RV_MASK_THREADS) {
        uint64_t m = e->mask >> (tid + 1) << (tid + 1);
        if (m) return (uint32_t)__builtin_ctzll(m);
    }
    return lowest_hi(tid + 1 > RV_MASK_THREADS ? tid + 1 : RV_MASK_THREADS);
}

/* The prefix's step s, its thread known enabled: its value checked
 * against the action's domain, which is returned. */
static uint32_t take_step(rv_step s, unsigned *tid, uint32_t *val)
{
    uint32_t dom = rv_domain(rv_thr_at(s.tid));
    if (s.val >= dom)
        rv_end_exec(RV_END_DIVERGED, 0, 0,
                    "schedule step %llu asks for value %u of thread %u, which has %u",
                    (unsigned long long)rt.step, (unsigned)s.val, (unsigned)s.tid, dom);
    *tid = s.tid;
    *val = s.val;
    return dom;
}

/* The step's thread and value from the whole set; returns the action's
 * domain when the choice asked for it (a prefix step), else 0. */
static uint32_t pick(const enset *en, unsigned *tid, uint32_t *val)
{
    if (rt.step < rt.shm->nsteps) {
        rv_step s = rt.steps[rt.step];
        if (s.tid >= rt.nthreads || !en_has(en, s.tid))
            rv_end_exec(RV_END_DIVERGED, 0, 0,
                        "schedule step %llu names thread %u, which is not enabled",
                        (unsigned long long)rt.step, (unsigned)s.tid);
        return take_step(s, tid, val);
    }
    switch (rt.shm->policy) {
    case RV_POLICY_STOP:
        rv_end_exec(RV_END_PREFIX, 0, 0, "end of the schedule");
    case RV_POLICY_STAY:
        *tid = en_has(en, rt.last_tid) ? rt.last_tid : en->first;
        break;
    case RV_POLICY_LEAST: { /* among the threads of the mask; the others as FIRST */
        uint64_t pref = en->mask & ~rt.shm->avoid;
        if (pref & ~gw.parked) pref &= ~gw.parked; /* given way: the others first */
        /* all avoided and none above the mask enabled: the least of the avoided */
        if (!pref && en->first_pref < RV_MASK_THREADS) pref = en->mask;
        *tid = pref ? rv_least_thread(pref, rt.nev) : en->first_pref;
        break;
    }
    default:
        *tid = en->first_pref;
    }
    *val = 0;
    return 0;
}

/* Callee-saved registers, MXCSR and the x87 control word of the running
 * thread as they were when it called into the runtime's rv_visible
 * (stored by the assembly entry in ctx_x86_64.S before anything could
 * change them): a program built with -O1 keeps values there across calls,
 * below the hashed stack range. */
uint64_t rv_entry_regs[7];

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
 * below every bound the dead-stack scrub knows (dead_floor), so what it
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

/* Accesses of the program's memory that are no events (RV_NONEX_UNEXPLORED):
 * the first reason seen in this process, kept across executions (a
 * constructor's setvbuf acts in every execution after it) and reported
 * with every execution that ends (finish_report).  The generated stubs.c
 * defines __ravel_unexplored when the program holds code built without
 * instrumentation that may access shared memory (objscan.h); weak:
 * standalone runtimes. */
extern const char __ravel_unexplored[] __attribute__((weak));
static char unexplored_why[256];

void rv_unexplored(const char *why)
{
    if (unexplored_why[0]) return;
    size_t i = 0;
    for (; i + 1 < sizeof unexplored_why && why[i]; i++) unexplored_why[i] = why[i];
    unexplored_why[i] = 0;
}

static void report_unexplored(rv_shm *s)
{
    if (!unexplored_why[0] && &__ravel_unexplored && __ravel_unexplored[0])
        rv_unexplored(__ravel_unexplored);
    if (!unexplored_why[0]) return;
    s->nonexhaustive |= RV_NONEX_UNEXPLORED;
    memcpy(s->unexplored, unexplored_why, sizeof s->unexplored);
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
 * wv, its change of the memory image (above), completed now: only t ran
 * since, and every write of t is an event.  taint: what t (or the runtime
 * or C library on its behalf) changed since without an event; such states
 * are unique. */
/* Stack bytes hashed at most per fingerprint (see fingerprint_last). */
#define RV_FP_STACK_MAX (256u << 10)

static void fingerprint_last(rv_thr *t, const void *sp, bool regs)
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
    rv_image_after(ev);
}

/* A finished thread's last event (its exit): its local state is gone; what
 * remains is its return value (join reads it) and its record. */
static void fingerprint_exit(rv_thr *t)
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
    rv_image_after(ev);
}

/* Without fingerprints the taint still goes to t's last event: an explorer
 * names it when the program does not repeat itself (explore.c,
 * rv_nondet_causes). */
static void keep_taint(rv_thr *t)
{
    if (rt.recording && t->last_event >= 0) take_taint(&rt.events[t->last_event]);
}

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
 * scrub_below would leave its return address below the area. */
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
    __asm__ volatile("" : : "r"(p) : "memory"); /* the stores are not dead (scrub_below's alloca) */
}

/* Zero the stack just below the caller's frame.  The runtime's own frames
 * (scheduler, fork server) leave values there that depend on the
 * interleaving or on the execution count (step numbers, enabled masks,
 * event pointers); the program's later frames would inherit them in
 * uninitialised slots and the fingerprints of equal states would differ
 * (cutoffs, seed 001 §5.2). */
static __attribute__((noinline)) void scrub_below(size_t bytes, bool main_stack)
{
    char *area = __builtin_alloca(bytes);
    if (main_stack)
        zero_nonzero(area, bytes);
    else
        zero_bytes(area, bytes);
}

/* Zero [lo, hi) of thread t's stack now (hi below the caller's frame). */
static void zero_range(rv_thr *t, char *lo, char *hi)
{
    if (lo >= hi) return;
    if (t == rv_thr_at(0))
        zero_nonzero(lo, (size_t)(hi - lo)); /* lo 16-byte aligned: dead_floor */
    else
        zero_bytes(lo, (size_t)(hi - lo));
}

/* How far below the runtime's frame `here` the runtime's own frames for
 * one visible action reach (the scheduler, the fingerprint's hash state,
 * the race detector; the wrappers' calls after the action): at most about
 * 2 KiB over the test programs, checked by RAVEL_CHECK_SCRUB
 * (check_below_floor, tests/adversary t_scrub_check_*). */
#define RV_RETURN_SCRUB_BELOW 4096u

/* Further bytes below the deepest program frame that code built without
 * instrumentation (libstdc++, linked code, no_sanitize functions: no
 * trampoline sees its calls of deep code) may have written since its
 * last visible action.  No fixed margin bounds what deep code writes
 * (glibc's printf allocas 27 KiB for "%.*f" with 5000 digits): such a
 * program's states are all unique (RV_TAINT_UNINSTRUMENTED), so what
 * lies below the margin never makes a cutoff unsound; an instrumented
 * program's calls of deep code are recorded instead (scrub_deep). */
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

/* The record of a call of deep code (a C library function not
 * stack_light, compile.c): the generated trampoline stores the caller's
 * return-address slot and the return address, unless a higher slot is
 * recorded already (an outer deep call).  Per thread: switch_to keeps the
 * record of the thread it leaves.  Nonzero: the thread's dead stack may
 * hold bytes of deep frames anywhere down to the guard page. */
uint64_t __ravel_deep[2];
/* Nonzero when the program names a deep C library function without
 * calling it (its address taken): its calls are not recorded, so every
 * visible action zeroes the whole dead stack (compile.c, deep_always). */
extern const unsigned __ravel_deep_always __attribute__((weak));

/* After thread t's action that followed a deep call: make its whole dead
 * stack below `floor` (above it, scrub_dead's) read as zero, however deep
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
static __attribute__((noinline)) void scrub_deep(rv_thr *t, char *here, char *floor)
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
static char *dead_floor(rv_thr *t, char *here)
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
static void check_below_floor(rv_thr *t, char *floor, char *here, rv_kind k, uint64_t pc, bool deep)
{
    if (check_scrub < 0) {
        const char *e = getenv("RAVEL_CHECK_SCRUB");
        check_scrub = e && *e == '1';
    }
    if (!check_scrub || !t->stack_lo || deep) return; /* scrub_deep zeroes all below */
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
 * down to dead_floor.  Dead bytes below the hashed stack range
 * (fingerprint_last hashes from the runtime's frame up) would otherwise
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
static void scrub_dead(rv_thr *t, char *here, char *floor, char *stub_lo)
{
    if (stub_lo) {
        zero_range(t, floor, stub_lo);
        return;
    }
    if (here > floor) scrub_below((size_t)(here - floor), t == rv_thr_at(0));
}

/* The program's main, with thread 0's fingerprinted stack starting at this
 * frame: the runtime's main above it keeps fork-server state (pids,
 * counters) that must not enter the fingerprints. */
static __attribute__((noinline)) int run_user_main(rv_thr *m, int argc, char **argv, char **envp)
{
    m->stack_hi = (char *)__builtin_frame_address(0);
    /* with the callee-saved registers zeroed: the fork server's values
     * (pids, counters) would otherwise sit in them for the whole run */
    return rv_call_clean(__ravel_user_main, argc, argv, envp);
}

/* ------------------------------------------------------------------ */
/* The boundary between the program's stack and the runtime's frames.  */

static bool program_code(uint64_t pc);

/* What rv_return_scrub (ctx_x86_64.S) does for the running thread: jump
 * to rv_scrub_to after zeroing the stack down to rv_scrub_lo. */
uint64_t rv_scrub_to, rv_scrub_lo;

/* The slot of the running thread's return address into the program
 * (issue 12): up the frame-pointer chain from the runtime's frame fp
 * (the runtime keeps frame pointers), the first return address into
 * program code, or the return stub that stands for one.  The program's
 * stack pointer before its call is slot + 1.  NULL when there is none
 * (the runtime calling itself). */
static uint64_t *program_ret_slot(const rv_thr *t, char *fp)
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
        if (frame[1] == (uint64_t)(uintptr_t)rv_return_scrub || program_code(frame[1]))
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
static char *arm_return_scrub(rv_thr *t, uint64_t *slot, char *here, char *floor)
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
    if (t && here > lo) scrub_below((size_t)(here - lo), t == rv_thr_at(0));
}

/* Is the thread, at an action whose return into the program is at slot,
 * still inside the recorded deep call (its frames may write more below
 * after the action: a wrapper's vprintf after its events, bsearch after
 * a callback's action)?  Yes when the action's slot is deeper than the
 * call's (a callback), or is the call's own slot still holding the
 * call's return address (the wrapper's own events); not when the call
 * has returned and the caller made another call from the same frame.
 * Where there is no slot to tell, yes (an action more zeroes more). */
static bool deep_inside(const rv_thr *t, const uint64_t *slot, const uint64_t *deep)
{
    if (!slot || deep[0] == UINT64_MAX) return true;
    uint64_t s = (uint64_t)(uintptr_t)slot;
    uint64_t ret = *slot == (uint64_t)(uintptr_t)rv_return_scrub ? t->ret_to : *slot;
    return s < deep[0] || (s == deep[0] && ret == deep[1]);
}

/* ctx_x86_64.S: the vector and caller-saved registers zeroed (kept MXCSR
 * and x87): the last call of rv_visible_c, so that the program does not
 * get the scheduler's values in them. */
void rv_scrub_regs(void);

/* The choice of a step without the enabled set (RV_REQ_LAZY_ENABLED: the
 * explorer reads neither rv_event.enabled nor next_en), for the common
 * cases: a prefix step whose thread is enabled (one model query instead
 * of one per thread), and the lowest thread below RV_MASK_THREADS that is
 * enabled and not avoided (queries up to it).  The same choice as pick()
 * on the whole set; false when it cannot tell (an atomic section, a
 * prefix thread not enabled, another policy, no such thread), and the
 * whole set decides, with its reports (divergence, deadlock).  In
 * philosophers N=14 the whole set's fifteen queries per step were about
 * half of the scheduler's samples (issue 11). */
static bool lazy_pick(unsigned *tid, uint32_t *val, uint32_t *dom)
{
    if (rv_atomic_owner()) return false;
    if (rt.step < rt.shm->nsteps) {
        rv_step s = rt.steps[rt.step];
        if (s.tid >= rt.nthreads || !thr_enabled(s.tid)) return false;
        *dom = take_step(s, tid, val);
        return true;
    }
    if (rt.shm->policy != RV_POLICY_FIRST) return false;
    unsigned n = rt.nthreads < RV_MASK_THREADS ? rt.nthreads : RV_MASK_THREADS;
    uint64_t avoid = rt.shm->avoid | gw.parked; /* the parked: the whole set decides */
    for (unsigned i = 0; i < n; i++)
        if (!((avoid >> i) & 1) && thr_enabled(i)) {
            *tid = i;
            *val = 0;
            return true;
        }
    return false;
}

/* One scheduling step; returns the thread whose action was executed. */
static rv_thr *step_once(void)
{
    if (rt.pause_at && rt.step == rt.pause_at) rv_engine_pause();
    unsigned tid;
    uint32_t val;
    uint32_t dom = 0; /* the action's domain, if the choice asked for it */
    bool lazy = (rt.flags & RV_REQ_LAZY_ENABLED) && lazy_pick(&tid, &val, &dom);
    enset en = {0, -1, RV_NO_THREAD, RV_NO_THREAD};
    if (!lazy) {
        en = enabled_set();
        if (en.first == RV_NO_THREAD) end_stuck();
        dom = pick(&en, &tid, &val);
    }
    rv_thr *t = rv_thr_at(tid);
    /* the explorer's budget for this run (udpor) is no --max-events: a
     * message that said "raise --max-events" named the wrong limit */
    if (rt.step >= rt.shm->budget && rt.shm->budget < rt.shm->max_events)
        rv_end_exec(RV_END_EVENT_LIMIT, t->pending_pc, 0,
                    "execution stopped after %llu events by the explorer (its budget for this "
                    "run; --max-events=%llu was not reached)",
                    (unsigned long long)rt.shm->budget, (unsigned long long)rt.shm->max_events);
    if (rt.step >= rt.shm->budget)
        rv_end_exec(RV_END_EVENT_LIMIT, t->pending_pc, 0,
                    "execution exceeded %llu events (non-terminating? raise --max-events)",
                    (unsigned long long)rt.shm->budget);
    static rv_event scratch; /* standalone runs record nothing */
    rv_event *ev = rt.recording ? &rt.events[rt.step] : &scratch;
    memset(ev, 0, sizeof *ev);
    ev->act = t->pending;
    ev->act.ndom = dom ? dom : rv_domain(t);
    /* lazily: the set holds the acting thread alone (trace.h) */
    ev->enabled = !lazy ? en.mask : tid < RV_MASK_THREADS ? 1ull << tid : 0;
    ev->next_en = !lazy ? next_enabled(&en, tid) : RV_NO_THREAD;
    ev->pc = t->pending_pc;
    ev->val = val;
    rv_xl_event(t, rt.step, ev->pc);
    t->last_event = (int64_t)rt.step;
    rt.nev[tid]++;
    rt.step++;
    rt.shm->nevents = rt.step;
    rt.last_tid = tid;
    rv_apply(t, ev, val);
    if (rt.flags & RV_REQ_DRF) rv_race_sync(tid, &ev->act);
    return t;
}

/* Entered from the assembly rv_visible (ctx_x86_64.S), which stored the
 * caller's callee-saved registers in rv_entry_regs and jumped here. */
void rv_visible_c(rv_action a, uint64_t pc)
{
    if (!rt.active) { /* a constructor, before main: premain.c */
        rv_premain_visible(a);
        return;
    }
    rv_thr *self = rt.running;
    char *here = __builtin_frame_address(0);
    /* the record of a deep call since the thread's last action (it stays
     * in this frame while other threads run) */
    uint64_t deep[2] = {__ravel_deep[0], __ravel_deep[1]};
    __ravel_deep[0] = __ravel_deep[1] = 0;
    if (&__ravel_deep_always && __ravel_deep_always) deep[0] = deep[1] = UINT64_MAX;
    self->pending = a;
    self->pending_pc = pc;
    if (rv_tid(self) >= RV_MASK_THREADS)
        pend_lock[rv_tid(self)] = a.kind == RV_ACT_LOCK && !(a.flags & RV_AF_SPIN) ? a.obj : 0;
    capture_wval(self);
    uint64_t *slot = program_ret_slot(self, here);
    rv_live_scrub(self, slot); /* before the fingerprint, which hashes every byte */
    if ((rt.flags & RV_REQ_FINGERPRINTS) && rt.recording)
        fingerprint_last(self, here, true);
    else
        keep_taint(self);
    give_way_note(self);
    if (self->priming) { /* first visible action of a new thread: back to its creator */
        self->priming = false;
        switch_to(self, rt.primer);
    } else {
        rv_thr *next = step_once();
        switch_to(self, next);
    }
    if (self->note_old) { /* a memory access: the bytes it is about to access */
        self->note_old = false;
        rv_note_old((const void *)(uintptr_t)a.obj, a.len);
        rv_image_before(self);
    }
    char *floor = dead_floor(self, here);
    check_below_floor(self, floor, here, a.kind, pc, deep[0] != 0);
    if (deep[0]) scrub_deep(self, here, floor); /* before scrub_dead: its frame is above floor */
    scrub_dead(self, here, floor, arm_return_scrub(self, slot, here, floor));
    if (deep[0] && deep_inside(self, slot, deep)) {
        __ravel_deep[0] = deep[0];
        __ravel_deep[1] = deep[1];
    }
    rv_scrub_regs();
}

void rv_leave(void)
{
    rv_thr *self = rt.running;
    if ((rt.flags & RV_REQ_FINGERPRINTS) && rt.recording)
        fingerprint_exit(self);
    else
        keep_taint(self);
    give_way_note(self); /* an exit: a visible change */
    if (self->priming) {
        /* stopped before its first visible action (a failed assume): the
         * creator's create event is still running and takes control back,
         * as from a first action; scheduling from here would record the
         * create a second time (fuzzer seed 19983, tests/native
         * m_assume_prime.c) */
        self->priming = false;
        switch_to(self, rt.primer);
        __builtin_unreachable();
    }
    for (;;) {
        rv_thr *next = step_once();
        if (next != self) {
            if (rv_tid(self) >= RV_MASK_THREADS) dead_stack = self;
            switch_to(self, next);
            break;
        }
    }
    __builtin_unreachable(); /* a finished thread is never picked again */
}

/* ------------------------------------------------------------------ */
/* Coroutine threads.                                                  */

static void map_stack(unsigned tid, rv_thr *t)
{
    char *base = (char *)(uintptr_t)(RV_STACK_BASE + (uint64_t)tid * RV_STACK_SPAN);
    bool fresh;
    void *p = rv_zmap((uintptr_t)base, base, RV_STACK_SPAN, &fresh);
    /* ENOMEM: the address-space limit (ulimit -v), a limit of the run */
    if (p != base)
        rv_end_exec(RV_END_RESOURCE, 0, 0,
                    "cannot map the %llu MiB stack of thread %u: %s (an address-space limit, "
                    "ulimit -v?)",
                    (unsigned long long)(RV_STACK_SPAN >> 20), tid, strerror(errno));
    if (fresh) mprotect(base, RV_GUARD_SIZE, PROT_NONE);
    /* the thread's TLS area sits at the top of the region, the stack below it */
    char *area = tls_area_place(t, base + RV_STACK_SPAN);
    t->stack_lo = base + RV_GUARD_SIZE;
    t->stack_hi = (char *)((uintptr_t)area & ~(uintptr_t)63);
}

void rv_thread_entry(void)
{
    rv_thr *self = rt.running;
    release_dead_stack(); /* a thread that just finished may have started this one */
    errno = 0;            /* the area's errno is a copy of main's */
    void *ret = self->fn(self->arg);
    rv_thread_finish(ret);
}

void rv_thread_start(unsigned tid, const rv_thr *parent)
{
    void *(*fn)(void *) = parent->spawn_fn;
    void *arg = parent->spawn_arg;
    uint64_t sigmask = parent->sigmask;
    if (tid >= RV_MASK_THREADS && !rv_threads_hi) { /* rt.h */
        size_t len = ((RV_MAX_THREADS - RV_MASK_THREADS) * sizeof(rv_thr) + 4095) & ~(size_t)4095;
        bool fresh;
        void *p = rv_zmap(RV_THR_HI_BASE, (void *)(uintptr_t)RV_THR_HI_BASE, len, &fresh);
        if (p == MAP_FAILED)
            rv_end_exec(RV_END_INTERNAL, 0, 0, "cannot map the table of threads above %d",
                        RV_MASK_THREADS);
        rv_threads_hi = p;
    }
    rv_thr *t = rv_thr_at(tid);
    memset(t, 0, sizeof *t);
    rt.nev[tid] = 0;
    t->tid = (uint16_t)tid;
    map_stack(tid, t);
    tls_area_init(t);
    t->fn = fn;
    t->arg = arg;
    t->sigmask = sigmask;
    t->state = RV_T_LIVE;
    t->last_event = -1;
    if (tid >= RV_MASK_THREADS) live_hi_set(tid);
    if (tid >= rt.nthreads) rt.nthreads = tid + 1;
    /* initial frame popped by rv_ctx_switch: control words, six registers, return address */
    uint64_t *sp = (uint64_t *)(((uintptr_t)t->stack_hi - 64) & ~(uintptr_t)15);
    *--sp = (uint64_t)(uintptr_t)rv_ctx_trampoline;
    for (int i = 0; i < 6; i++) *--sp = 0;
    *--sp = 0x037f00001f80ull; /* fcw 0x037f (high half), mxcsr 0x1f80 */
    t->sp = sp;
    /* prime: run it up to its first visible action */
    t->priming = true;
    rv_thr *self = rt.running;
    rv_thr *saved_primer = rt.primer;
    rt.primer = self;
    switch_to(self, t);
    rt.primer = saved_primer;
}

/* ------------------------------------------------------------------ */
/* Crashes: fatal signals become a verdict with the faulting thread.   */

static char altstack[64 * 1024];

static bool in_guard(uint64_t addr)
{
    if (addr >= RV_STACK_BASE && addr < RV_STACK_BASE + RV_MAX_THREADS * RV_STACK_SPAN)
        return (addr - RV_STACK_BASE) % RV_STACK_SPAN < RV_GUARD_SIZE;
    return false;
}

/* The runtime's code lies between these two markers, which the compile
 * driver links right before and right after libravel_rt.a (compile.c,
 * link_program); weak, so that a program linked otherwise still runs. */
extern void __ravel_rt_begin(void) __attribute__((weak));
extern void __ravel_rt_end(void) __attribute__((weak));
extern char __executable_start[], etext[];

/* Code of the program itself: in the executable, outside the runtime (a
 * frame of libc or of the runtime is not where the user should look). */
static bool program_code(uint64_t pc)
{
    uint64_t b = (uint64_t)(uintptr_t)__ravel_rt_begin, e = (uint64_t)(uintptr_t)__ravel_rt_end;
    if (!b || !e) return true; /* no markers: cannot tell, keep the faulting pc */
    bool exe = pc >= (uint64_t)(uintptr_t)__executable_start && pc < (uint64_t)(uintptr_t)etext;
    return exe && !(pc >= b && pc < e);
}

/* The generated frameless trampolines (compile.c, section ravel_leaf; the
 * linker defines these bounds when the section exists). */
extern char __start_ravel_leaf[] __attribute__((weak));
extern char __stop_ravel_leaf[] __attribute__((weak));

/* pc is in code that pushes no frame and keeps the caller's return address
 * at sp: a trampoline of ravel_leaf, or the one instruction of a PLT entry
 * that runs with immediate binding (jmp *GOT(%rip), 16-byte aligned, after
 * an endbr64 with IBT).  A thread stopped there is reported at its caller
 * (tests/frames timeout_loop: a SIGXCPU in getppid's trampoline gave a raw
 * address). */
static bool frameless_stub(uint64_t pc)
{
    uint64_t b = (uint64_t)(uintptr_t)__start_ravel_leaf,
             e = (uint64_t)(uintptr_t)__stop_ravel_leaf;
    if (b && pc >= b && pc < e) return true;
    const uint8_t *p = (const uint8_t *)(uintptr_t)pc;
    bool jmp = (p[0] == 0xff && p[1] == 0x25) || (p[0] == 0xf2 && p[1] == 0xff && p[2] == 0x25);
    bool endbr = p[0] == 0xf3 && p[1] == 0x0f && p[2] == 0x1e && p[3] == 0xfa;
    if ((pc & 15) == 0 && (jmp || endbr)) return true;
    return (pc & 15) == 4 && jmp && p[-4] == 0xf3 && p[-3] == 0x0f && p[-2] == 0x1e &&
           p[-1] == 0xfa;
}

/* ret follows a call instruction: e8 rel32, or ff /2 (indirect) of 2, 3,
 * 6 or 7 bytes.  ret is in the executable's text, so the bytes before it
 * are readable. */
static bool after_call(uint64_t ret)
{
    const uint8_t *p = (const uint8_t *)(uintptr_t)ret;
    if (p[-5] == 0xe8) return true;
    static const int len[] = {2, 3, 6, 7};
    for (int i = 0; i < 4; i++)
        if (p[-len[i]] == 0xff && (p[-len[i] + 1] & 0x38) == 0x10) return true;
    return false;
}

/* The program's own frame of a fault at pc (issue 11 part 4): the
 * faulting pc + 1 if it is program code (locations are looked up at pc -
 * 1), else the first return address into program code.  Outside the
 * executable (libc, whose leaf functions push no frame), the word at sp is
 * taken if it is a return address into the program (it follows a call);
 * then the frame-pointer chain from fp is followed (the runtime and the
 * program keep frame pointers; libc's frames leave rbp to their caller).
 * Only words inside the running thread's stack are read, upwards, at most
 * 256 frames; 0 if none is found. */
static uint64_t program_frame(uint64_t pc, uint64_t sp, uint64_t fp)
{
    bool in_exe = pc >= (uint64_t)(uintptr_t)__executable_start && pc < (uint64_t)(uintptr_t)etext;
    bool leaf = in_exe && frameless_stub(pc);
    if (program_code(pc) && !leaf) return pc + 1;
    rv_thr *t = rt.running;
    uint64_t lo = sp, hi = t && t->stack_hi ? (uint64_t)(uintptr_t)t->stack_hi : 0;
    if ((!in_exe || leaf) && sp + 8 <= hi && !(sp & 7)) {
        uint64_t ret = rv_pc_of(*(const uint64_t *)(uintptr_t)sp);
        if (program_code(ret) && after_call(ret)) return ret;
    }
    for (int i = 0; i < 256 && fp >= lo && fp + 16 <= hi && !(fp & 7); i++) {
        const uint64_t *frame = (const uint64_t *)(uintptr_t)fp;
        uint64_t ret = rv_pc_of(frame[1]);
        if (program_code(ret)) return ret;
        lo = fp + 16;
        fp = frame[0];
    }
    return 0;
}

static void on_fatal(int sig, siginfo_t *si, void *uc_)
{
    rv_clear_flags(); /* before any unaligned access of this handler's */
    if (sig == SIGSYS && si->si_code == 1 /* SYS_SECCOMP */) rv_engine_seccomp(si->si_syscall);
    ucontext_t *uc = uc_;
    uint64_t pc = (uint64_t)uc->uc_mcontext.gregs[REG_RIP];
    uint64_t sp = (uint64_t)uc->uc_mcontext.gregs[REG_RSP];
    uint64_t fp = (uint64_t)uc->uc_mcontext.gregs[REG_RBP];
    /* si_addr is a fault's address only for a signal the kernel raised
     * for an instruction (si_code > 0); for one sent (abort(), raise(),
     * kill(): SI_USER, SI_TKILL) the same bytes hold the sender's pid,
     * which differs with every forked child: the fork engine reported
     * one error per pid where the reset engine reported one, for the
     * same abort inside the C library (tests/engine/libc_abort.c) */
    bool fault = si->si_code > 0;
    uint64_t addr = fault ? (uint64_t)(uintptr_t)si->si_addr : 0;
    /* the program's stdio flushed at the end of an execution that a write
     * past --max-output ended already: that write fails (EFBIG) */
    if (sig == SIGXFSZ && !rt.active) return;
    if (!rt.active && rt.ended) {
        /* in an exit handler or a destructor, after the execution's
         * normal end: the program crashed all the same.  Before, the
         * report already said "complete" and both engines answered no
         * error for a program that faults in a destructor
         * (tests/engine/exit_late.c -DCRASH_IN_DTOR, -DCRASH_IN_HANDLER;
         * an assertion there was reported, a fault was not) */
        rt.ended = false;
        rt.shm->signo = sig;
        rv_end_exec(RV_END_CRASH, pc + 1, addr, "%s %s", strsignal(sig),
                    fault ? "(after the program's end, in an exit handler or destructor)"
                          : "(a signal sent to the process, after the program's end)");
    }
    if (!rt.active) {
        rv_exec_signaled(sig); /* reset engine: the execution ends as killed by sig */
        signal(sig, SIG_DFL);
        raise(sig);
        return;
    }
    uint64_t own = program_frame(pc, sp, fp);
    pc = own ? own : pc + 1; /* locations are looked up at pc-1 (return addresses) */
    /* a write past RLIMIT_FSIZE, which ravel sets from --max-output
     * (native.c limit_file_size): a limit of the run, not a crash */
    if (sig == SIGXFSZ) {
        struct rlimit r;
        unsigned long long mb =
            getrlimit(RLIMIT_FSIZE, &r) ? 0 : (unsigned long long)(r.rlim_cur >> 20);
        rv_end_exec(RV_END_RESOURCE, pc, 0,
                    "the program wrote a file past its size limit of %llu MB (--max-output)", mb);
    }
    rt.shm->signo = sig;
    /* main's stack has no guard of ours: a fault within 64 KiB of sp is
     * taken as its overflow, on either side (the faulting access may be
     * the call's push below sp or a store into the new frame above it,
     * depending on where the stack limit falls, i.e. on the size of the
     * environment and arguments at the top of the stack) */
    bool overflow = (sig == SIGSEGV || sig == SIGBUS) &&
                    (in_guard(addr) || (addr < sp + 65536 && addr + 65536 > sp));
    if (overflow)
        rv_end_exec(RV_END_STACK_OVERFLOW, pc, addr, "stack overflow (fault at %p)", si->si_addr);
    if (!fault)
        rv_end_exec(RV_END_CRASH, pc, 0, "%s (a signal sent to the process)", strsignal(sig));
    rv_end_exec(RV_END_CRASH, pc, addr, "%s (fault address %p)", strsignal(sig), si->si_addr);
}

/* ravel sends SIGXCPU to a child past its --timeout before it kills it
 * (protocol.h): note where the running thread is, in the program's own
 * code, and end.  The execution's verdict stays ravel's (timeout). */
static void on_where(int sig, siginfo_t *si, void *uc_)
{
    (void)sig, (void)si;
    ucontext_t *uc = uc_;
    /* the reset engine between executions: the execution already ended */
    if (rt.server && !rv_engine_active() && rt.shm && rt.shm->engine_used == RV_ENGINE_RESET)
        return;
    if (rt.active && rt.shm) {
        rt.shm->err_tid = rt.running ? rv_tid(rt.running) : RV_NO_THREAD;
        rt.shm->err_pc = program_frame((uint64_t)uc->uc_mcontext.gregs[REG_RIP],
                                       (uint64_t)uc->uc_mcontext.gregs[REG_RSP],
                                       (uint64_t)uc->uc_mcontext.gregs[REG_RBP]);
        rv_engine_where(rt.shm->err_tid, rt.shm->err_pc);
    }
    if (rv_engine_active()) rv_exec_exit(0);
    rv_sys_exit(0);
}

static void install_crash_handlers(void)
{
    stack_t ss = {.ss_sp = altstack, .ss_size = sizeof altstack};
    sigaltstack(&ss, NULL);
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_sigaction = on_fatal;
    sa.sa_flags = SA_SIGINFO | SA_ONSTACK;
    int sigs[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT, SIGTRAP, SIGSYS, SIGXFSZ};
    for (size_t i = 0; i < sizeof sigs / sizeof *sigs; i++) sigaction(sigs[i], &sa, NULL);
    sa.sa_sigaction = on_where;
    sigaction(SIGXCPU, &sa, NULL);
}

/* ------------------------------------------------------------------ */
/* The fork server and the program's entry point.                      */

/* Protocol I/O goes through raw system calls (sys.h): nothing the program
 * defines or preloads can intercept it. */
static void proto_write(int fd, const void *p, size_t n)
{
    const char *c = p;
    while (n) {
        long r = rv_sys_write(fd, c, n);
        if (r == -EINTR) continue;
        if (r <= 0) rv_sys_exit(70);
        c += r;
        n -= (size_t)r;
    }
}

bool rv_proto_wait_request(rv_server_bells *v)
{
    rv_shm *s = v->shm;
    rv_bell *b = &s->to_server;
    uint32_t want = ++v->seen;
    uint64_t t0 = rv_ticks(), max = __atomic_load_n(&s->spin_ticks, __ATOMIC_RELAXED);
    bool spun = !v->asleep && rv_bell_spin(b, want, &v->spin, max);
    if (!spun) {
        bool byte = v->asleep; /* a new server's first request always writes one */
        v->asleep = false;
        for (;;) {
            if (!byte && !rv_bell_sleep(b, want)) break;
            byte = false;
            char c;
            long r;
            while ((r = rv_sys_read(RV_FD_REQ, &c, 1)) == -EINTR) {
            }
            if (r <= 0) return false;
            if (rv_bell_arrived(b, want)) break;
        }
    }
    rv_spin_adapt(&v->spin, max, rv_ticks() - t0, spun);
    return true;
}

void rv_proto_answer(rv_server_bells *v, int32_t *field, int32_t val)
{
    __atomic_store_n(field, val, __ATOMIC_RELAXED);
    if (rv_bell_ring(&v->shm->to_ravel)) proto_write(RV_FD_RSP, "", 1);
}

/* What in the build makes states unique, for the reports (protocol.h
 * taint_note; defined by the generated stubs.c). */
extern const char __ravel_taint_note[] __attribute__((weak));
static void copy_taint_note(rv_shm *s)
{
    size_t i = 0;
    if (&__ravel_taint_note)
        for (; i + 1 < sizeof s->taint_note && __ravel_taint_note[i]; i++)
            s->taint_note[i] = __ravel_taint_note[i];
    s->taint_note[i] = 0;
}

/* Serve executions until ravel closes the request pipe; returns in each
 * forked child, or in each execution of the reset engine (engine.c). */
static void serve(void)
{
    /* only the fields the size needs: a whole rv_shm (over 1 MiB with its
     * per-thread tables) on main's stack crashed every program at start
     * under a stack limit of 1 MiB (tests/cli small_stack_limit) */
    char hdr[offsetof(rv_shm, budget)];
    uint64_t magic, max_steps, max_events;
    if (rv_sys_pread(RV_FD_SHM, hdr, sizeof hdr, 0) != (long)sizeof hdr ||
        (memcpy(&magic, hdr + offsetof(rv_shm, magic), sizeof magic), magic != RV_PROTOCOL_MAGIC)) {
        static const char bad[] = "ravel runtime: bad shared memory\n";
        rv_sys_write(2, bad, sizeof bad - 1);
        rv_sys_exit(70);
    }
    memcpy(&max_steps, hdr + offsetof(rv_shm, max_steps), sizeof max_steps);
    memcpy(&max_events, hdr + offsetof(rv_shm, max_events), sizeof max_events);
    size_t size = rv_shm_full_size(max_steps, max_events);
    long m = rv_sys_mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, RV_FD_SHM, 0);
    if (m < 0 && m > -4096) rv_sys_exit(70);
    rv_shm *s = (rv_shm *)m;
    rt.shm = s;
    rt.steps = rv_shm_steps(s);
    rt.events = rv_shm_events(s);
    rt.server = true;
    rt.recording = true;
    copy_taint_note(s);
    if ((s->engine & RV_ENGINE_RESET) && rv_engine_start(s)) return; /* in each execution */
    rv_server_bells bells = {.shm = s, .spin.limit = s->spin_ticks, .asleep = true};
    for (;;) {
        if (!rv_proto_wait_request(&bells)) rv_sys_exit(0);
        pid_t pid = fork();
        if (pid == 0) {
            rv_sys_close(RV_FD_REQ);
            rv_sys_close(RV_FD_RSP);
            return;
        }
        rv_proto_answer(&bells, &s->pid, pid > 0 ? pid : -1);
        int status = 0;
        if (pid > 0)
            while (rv_sys_wait4(pid, &status, 0) == -EINTR) {
            }
        else
            status = -1;
        rv_proto_answer(&bells, &s->status, status);
    }
}

static void standalone(void)
{
    rv_shm *s = &standalone_shm;
    s->magic = RV_PROTOCOL_MAGIC;
    s->max_events = UINT64_MAX;
    s->budget = UINT64_MAX;
    s->max_heap = UINT64_MAX;
    s->max_threads = RV_MAX_THREADS;
    s->policy = RV_POLICY_FIRST;
    s->nondet_lo = -1;
    s->nondet_hi = 2;
    s->nreg = 1;
    rt.shm = s;
    rv_standalone_schedule(s); /* replay under gdb: the schedule, from the environment */
}

/* The highest address at which the runtime's main runs, below the top of
 * the process stack (address randomisation is off: native.c), which holds
 * argv, the environment and the auxiliary vector: with their size every
 * frame of thread 0 moved, and with it the address of every object a
 * program shares from main's stack.  Addresses are part of the events'
 * labels, so the order in which cutoffs are decided, and the number of
 * executions under cutoffs, depended on the length of the environment
 * (PRODCONS (b) with its mutexes in main's frame: 406 executions with an
 * empty environment, 417 with one of 200 bytes: tests/cutoffs
 * layout_env), and a program that hashes addresses behaved differently
 * when its schedule was replayed under another environment. */
#define RV_MAIN_FRAME (0x7ffffffff000ull - (256u << 10))

static __attribute__((noinline, noreturn)) void runtime_main(int argc, char **argv, char **envp);

/* Move the stack pointer down to RV_MAIN_FRAME (the bytes in between are
 * never touched) when it is above it, as it is but for an environment of
 * over 200 KiB, randomised addresses or a stack limit under 4 MiB (then
 * nothing moves). */
int main(int argc, char **argv, char **envp)
{
    uintptr_t fp = (uintptr_t)__builtin_frame_address(0);
    struct rlimit st;
    bool room = getrlimit(RLIMIT_STACK, &st) == 0 &&
                (st.rlim_cur == RLIM_INFINITY || st.rlim_cur >= (4u << 20));
    if (room && fp > RV_MAIN_FRAME && fp - RV_MAIN_FRAME < (256u << 10)) {
        char *pad = __builtin_alloca(fp - RV_MAIN_FRAME);
        __asm__ volatile("" : : "r"(pad) : "memory");
    }
    runtime_main(argc, argv, envp);
}

static void runtime_main(int argc, char **argv, char **envp)
{
    xstate_init();
    install_crash_handlers();
    tls_init();
    rv_live_load();
    if (getenv("RAVEL_SERVER")) {
        /* the scrub below at the start of every execution then finds
         * zeros but for serve()'s frames: the reset engine's snapshot of
         * main's stack is taken in serve() */
        scrub_below(64 << 10, true);
        serve();
    } else
        standalone();

    rv_shm *s = rt.shm;
    s->nevents = 0;
    s->end = RV_END_NONE;
    s->nonexhaustive = 0;
    s->unexplored[0] = 0;
    if (s->nreg == 0) s->nreg = 1;
    rt.flags = s->flags;
    rv_thr *m = rv_thr_at(0);
    m->state = RV_T_LIVE;
    m->last_event = -1;
    m->tp = tls.home; /* main keeps the process's own TLS area */
    rt.nthreads = 1;
    rt.running = m;
    if (rt.flags & RV_REQ_DRF) rv_race_thread_start(0, 0);
    rt.ended = false;
    rt.active = true;
    scrub_below(64 << 10, true); /* the fork server's frames (every mode: one semantics) */
    int r = run_user_main(m, argc, argv, envp);
    if (rt.flags & RV_REQ_POSIX_EXIT) {
        extern void __ravel_exit(int);
        __ravel_exit(r);
    }
    rt.main_ret = r;
    rv_thread_finish(NULL);
}
