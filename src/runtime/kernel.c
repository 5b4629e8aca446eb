/*
 * kernel.c — the bottom of the runtime (DESIGN §2.2, §2.3): the
 * execution's state (rt), the table of threads (rv_threads, rv_threads_hi,
 * the live bits of the threads above RV_MASK_THREADS), their stacks, TLS
 * areas and vector-register start state, the coroutine switch, canonical
 * thread ids, and the end of an execution (rv_end_exec, rv_end_complete).
 * It owns that state; the layers above read it and change it only through
 * the functions declared for kernel.c in rt.h and kernel.h.  It calls no
 * other runtime file but the assembly (ctx_x86_64.S): what it needs from
 * above goes through rv_kernel_ops (kernel.h), set by start.c.
 */

#include "rt.h"
#include "kernel.h"
#include "state.h"
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
#include <sys/uio.h>
#include <sys/wait.h>
#include <unistd.h>

#define XXH_INLINE_ALL
#include <xxhash.h>

rv_rt rt;
rv_thr rv_threads[RV_MASK_THREADS];
rv_thr *rv_threads_hi;

/* What the layers above provide (kernel.h): set once by start.c before
 * the first execution, the same in every execution after (the reset
 * engine's snapshot is taken later). */
static rv_kernel_ops ops;

void rv_kernel_set_ops(const rv_kernel_ops *o)
{
    ops = *o;
    rv_ctx_entry = rv_thread_entry; /* what a new coroutine calls (ctx_x86_64.S) */
}

/* ------------------------------------------------------------------ */
/* The running thread's registers and records that the assembly (ctx_x86_64.S)
 * and the switch keep; state.c reads and scrubs with them.             */

/* Callee-saved registers, MXCSR and the x87 control word of the running
 * thread as they were when it called into the runtime's rv_visible
 * (stored by the assembly entry in sched.c before anything could
 * change them): a program built with -O1 keeps values there across calls,
 * below the hashed stack range. */
uint64_t rv_entry_regs[7];

/* The record of a call of deep code (a C library function not
 * stack_light, compile.c): the generated trampoline stores the caller's
 * return-address slot and the return address, unless a higher slot is
 * recorded already (an outer deep call).  Per thread: rv_switch_to keeps
 * the record of the thread it leaves.  Nonzero: the thread's dead stack
 * may hold bytes of deep frames anywhere down to the guard page.
 * rv_scrub_to, rv_scrub_lo: what rv_return_scrub (scrub_x86_64.S) does
 * for the running thread: jump to rv_scrub_to after zeroing the stack
 * down to rv_scrub_lo.  All three are written at every switch; here, in
 * kernel.c's .bss, they share a page with rt, which every execution
 * writes anyway (in the assembly's own .bss they were a page more for the
 * reset engine to compare and put back after every execution). */
uint64_t __ravel_deep[2];
uint64_t rv_scrub_to, rv_scrub_lo;

/* ------------------------------------------------------------------ */
/* Registers the program starts from (ctx_x86_64.S, rv_reset_regs): the
 * masks and the kind of vector registers the assembly's data holds.   */

void rv_xstate_init(void)
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

void rv_tls_init(void)
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

char *rv_tls_main(void)
{
    return tls.home;
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
rv_thr *rv_dead_stack;

static void release_dead_stack(void)
{
    rv_thr *t = rv_dead_stack;
    if (!t) return;
    rv_dead_stack = NULL;
    uint64_t base = RV_STACK_BASE + (uint64_t)rv_tid(t) * RV_STACK_SPAN;
    rv_syscall6(SYS_madvise, (long)(base + RV_GUARD_SIZE), (long)(RV_STACK_SPAN - RV_GUARD_SIZE),
                MADV_DONTNEED, 0, 0, 0);
}

void rv_switch_to(rv_thr *from, rv_thr *to)
{
    if (from == to) return;
    rt.running = to;
    rt.shm->running = rv_tid(to);
    /* nothing below reads TLS until `to` runs on its own area */
    if (to->tp != from->tp) set_thread_pointer(to->tp);
    /* the record of a deep call is the running thread's (rv_scrub_deep) */
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

/* Copy len <= 8 bytes at addr into *out without faulting (rt.h). */
bool rv_peek(uint64_t addr, uint64_t len, uint64_t *out)
{
    static long pid; /* set in the execution's child only (the server runs no program code) */
    if (len > 8) return false;
    if (!pid) pid = rv_syscall6(SYS_getpid, 0, 0, 0, 0, 0, 0);
    uint64_t v = 0;
    struct iovec local = {&v, len}, remote = {(void *)(uintptr_t)addr, len};
    long r = rv_syscall6(SYS_process_vm_readv, pid, (long)&local, 1, (long)&remote, 1, 0);
    if (r == -EFAULT) return false;
    if (r != (long)len) { /* the call itself refused (seccomp, old kernel): read directly */
        if (addr < 65536) return false;
        memcpy(&v, (const void *)(uintptr_t)addr, len);
    }
    *out = v;
    return true;
}

/* The program's pc for a call that c11threads.c makes into sync.c on the
 * program's behalf (rt.h, rv_api_pc); 0 otherwise. */
uint64_t rv_pc_override;

/* The most threads an execution may create: --max-threads, capped by the
 * table and, under --memory=drf, by the race detector's clocks. */
unsigned rv_thread_cap(void)
{
    unsigned cap = rt.shm->max_threads ? rt.shm->max_threads : RV_MAX_THREADS;
    if (cap > RV_MAX_THREADS) cap = RV_MAX_THREADS;
    if ((rt.flags & RV_REQ_DRF) && cap > RV_DRF_MAX_THREADS) cap = RV_DRF_MAX_THREADS;
    return cap;
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
void rv_capture_wval(rv_thr *t)
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

static void finish_report(rv_end end)
{
    rv_shm *s = rt.shm;
    /* the running thread's last write, unless it faulted (its bytes may
     * be unreadable; a lost value is only unknown to the unfolding) */
    if (rt.running && !s->signo) rv_capture_wval(rt.running);
    report_unexplored(s);
    s->end = end;
    s->nevents = rt.step;
    ops.end_report();
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
    ops.exit(rv_end_is_bug(end) ? 1 : 0);
}

/* Zero the stack just below the caller's frame.  The runtime's own frames
 * (scheduler, fork server) leave values there that depend on the
 * interleaving or on the execution count (step numbers, enabled masks,
 * event pointers); the program's later frames would inherit them in
 * uninitialised slots and the fingerprints of equal states would differ
 * (cutoffs, seed 001 §5.2). */
__attribute__((noinline)) void rv_scrub_below(size_t bytes, bool main_stack)
{
    char *area = __builtin_alloca(bytes);
    if (main_stack)
        zero_nonzero(area, bytes);
    else
        zero_bytes(area, bytes);
}

/* Every thread finished, or exit() was called: the program ends normally,
 * running atexit handlers with the scheduler off. */
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
    if (bytes) rv_scrub_below(bytes, true);
    /* with the callee-saved registers zeroed: the C library's exit saves
     * them in frames the handlers' frames reuse (the runtime's pointers
     * were the bytes atexit_stack.c's handler counted) */
    rv_call_clean(exit_clean, code, NULL, NULL);
    __builtin_unreachable();
}

/* Threads >= RV_MASK_THREADS that may be live: a bit per thread set when
 * it starts and cleared lazily, when a search finds it no longer live (a
 * thread never becomes live again within an execution), plus a summary
 * bit per nonzero word.  Part of the runtime's memory, so every execution
 * starts with both empty, like rt.nthreads. */
#define HI_WORDS (RV_MAX_THREADS / 64)
static uint64_t live_hi[HI_WORDS];
static uint64_t live_sum[(HI_WORDS + 63) / 64];

void rv_live_hi_set(unsigned tid)
{
    live_hi[tid / 64] |= 1ull << (tid % 64);
    live_sum[tid / 4096] |= 1ull << (tid / 64 % 64);
}

void rv_live_hi_clear(unsigned tid)
{
    if (!(live_hi[tid / 64] &= ~(1ull << (tid % 64))))
        live_sum[tid / 4096] &= ~(1ull << (tid / 64 % 64));
}

/* The lowest thread >= from whose live bit is set, RV_NO_THREAD if none. */
unsigned rv_live_hi_next(unsigned from)
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

/* ------------------------------------------------------------------ */
/* Coroutine threads.                                                  */

static void map_stack(unsigned tid, rv_thr *t)
{
    char *base = (char *)(uintptr_t)(RV_STACK_BASE + (uint64_t)tid * RV_STACK_SPAN);
    bool fresh;
    void *p = ops.zmap((uintptr_t)base, base, RV_STACK_SPAN, &fresh);
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
    ops.thread_return(ret);
}

void rv_thread_start(unsigned tid, const rv_thr *parent)
{
    void *(*fn)(void *) = parent->spawn_fn;
    void *arg = parent->spawn_arg;
    uint64_t sigmask = parent->sigmask;
    if (tid >= RV_MASK_THREADS && !rv_threads_hi) { /* rt.h */
        size_t len = ((RV_MAX_THREADS - RV_MASK_THREADS) * sizeof(rv_thr) + 4095) & ~(size_t)4095;
        bool fresh;
        void *p = ops.zmap(RV_THR_HI_BASE, (void *)(uintptr_t)RV_THR_HI_BASE, len, &fresh);
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
    if (tid >= RV_MASK_THREADS) rv_live_hi_set(tid);
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
    rv_switch_to(self, t);
    rt.primer = saved_primer;
}
