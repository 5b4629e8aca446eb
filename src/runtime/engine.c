/*
 * engine.c — the reset engine: many executions in one process, without a
 * fork per execution (issue 11 part 2, DESIGN §2 "Engines").
 *
 * Contract.  The fork server (start.c, serve) calls rv_engine_start() where
 * it would fork.  It returns true once per execution, in a process whose
 * memory is exactly what a forked child would see, and false (with
 * shm->engine_why filled) when the reset engine cannot be used; the server
 * then forks as before.  An execution ends through rv_exec_exit() (instead
 * of _exit) or exit() (the executable's last destructor); the engine then
 * reports the status, puts every written page back and waits for the next
 * request.
 *
 * How.  At start the engine moves to a stack of its own, leaving the
 * program's main stack frozen inside serve(), and takes a snapshot of all
 * writable private memory: the executable's .data/.bss, the brk heap, the
 * C library's and ld.so's writable data, the static TLS block, the main
 * stack (with serve()'s suspended frame).  Writes are tracked by
 * userfaultfd in asynchronous write-protect mode (UFFD_FEATURE_WP_ASYNC,
 * Linux 6.7): a write to a protected page only clears its protection, and
 * one PAGEMAP_SCAN ioctl lists the pages written since and protects them
 * again in the same walk.  Those pages get their snapshot back (those
 * that differ from it); pages written outside the snapshot (main's stack
 * grown below it) are zeroed.  Pages that every one of the first
 * executions wrote are taken out of the tracking and put back after
 * every execution (a fault each would cost more).  The brk is set back.
 * The runtime's fixed-address mappings (thread stacks, heap arenas, the
 * race detector's shadow) are mapped once and kept: rv_zmap hands out the
 * same region again, zero again after each execution (resident pages
 * cleared, or dropped with MADV_DONTNEED), as fresh as a new mmap in a
 * forked child.  A mapping that something else made during an execution
 * (the C library's malloc of a big block) moves the kernel's next mmap
 * address; a probe mapping notices it and the engine unmaps what was not
 * there at start.  For the probe to notice a mapping of any size, the
 * holes above the kernel's free region are filled with reservations at
 * start (fill_holes); a mapping at a fixed address (MAP_FIXED, only under
 * RV_ENGINE_FORCE) is unmapped only when something also moved the probe.
 *
 * While ravel works on one execution, the engine pre-runs the likely
 * beginning of the next against a shadow of the shared memory, and the
 * request confirms or discards it ("Pre-running the likely prefix").
 *
 * An execution that calls exit() ends where a forked child's exit would
 * have done all the program sees: after every atexit/on_exit handler and
 * every destructor (last_destructor).  The CPU clocks count from the
 * execution's start (rv_engine_cpu_clock).
 *
 * What a reset cannot undo (files opened, signal handlers, fds closed,
 * mmap by the program, ...) is kept out by the compile driver: a program
 * that imports a function outside its known-safe list, links anything but
 * the C library, or holds an instruction that changes process state
 * (a system call in inline assembly) carries the reason in
 * __ravel_reset_unsafe; and at start the engine looks for code of shared
 * objects other than the C library's (LD_PRELOAD: foreign_code).  Either
 * way it refuses (reason in engine_why), unless ravel asked for
 * RV_ENGINE_FORCE.  What no static look sees (code reached through a
 * computed address) is caught by a comparison of the descriptor table
 * after every reset and, unless forced, by a seccomp filter that traps
 * the system calls that change other kernel state ("Kernel state"): the
 * server then leaves and ravel redoes the exploration under fork.
 *
 * Owns: the reset engine's record of the process's memory (E, the zero-
 * filled maps, the late functions).
 */
#include "rt.h"
#include "engine.h"
#include "kernel.h"
#include "sys.h"

#include <errno.h>
#include <fcntl.h>
#include <linux/userfaultfd.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <poll.h>
#include <stddef.h>
#include <sys/ioctl.h>
#include <sys/prctl.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* PAGEMAP_SCAN (Linux 6.7), not in every libc's headers. */
struct rv_page_region {
    uint64_t start, end, categories;
};
struct rv_pm_scan_arg {
    uint64_t size, flags, start, end, walk_end, vec, vec_len, max_pages;
    uint64_t category_inverted, category_mask, category_anyof_mask, return_mask;
};
#define RV_PAGEMAP_SCAN          _IOWR('f', 16, struct rv_pm_scan_arg)
#define RV_PAGE_IS_WPALLOWED     (1u << 0)
#define RV_PAGE_IS_WRITTEN       (1u << 1)
#define RV_PM_SCAN_WP_MATCHING   (1u << 0)
#define RV_PAGE_IS_PRESENT       (1u << 3)
#define RV_UFFD_FEATURE_WP_ASYNC (1u << 15)
#define RV_UFFD_USER_MODE_ONLY   1

#define PAGE         4096ull
#define MAX_RANGES   96
#define MAX_VMAS     256
#define MAX_ZMAPS    (2 * RV_MAX_THREADS + 160) /* a stack and a heap arena per thread */
#define NVEC         256
#define MAX_HOT      64
#define HOT_AFTER    16
#define ENGINE_STACK (256u << 10)
#define RV_PRE_MAX   4096 /* the longest pre-run (the shadow's capacity) */
#define RV_PRE_MIN   8    /* shorter ones save less than they cost */
#define RV_PRE_NREG  256  /* the registry copied into the shadow, at most */
#define FD_LOW       64   /* descriptors compared one by one (see "Kernel state") */

typedef struct range {
    uint64_t lo, hi;
    char *copy; /* snapshot of [lo, hi) (NULL: not a snapshot range) */
} range;

typedef struct zmap {
    uintptr_t key;
    char *addr;
    size_t len;
    bool used;   /* handed out in this execution: dropped after it */
    bool keep;   /* mapped before the engine started: in use in every execution */
    size_t base; /* bytes at its start that are a snapshot range instead */
} zmap;

typedef struct engine {
    int uffd, pagemap;
    bool force;
    volatile bool in_exec;
    int status;
    void *engine_sp, *exec_sp, *dead_sp;
    uint64_t sigmask0;
    /* the process's CPU clocks at the execution's start, by the kernel's
     * clock kind: [0] CPUCLOCK_PROF (user + system), [1] CPUCLOCK_VIRT
     * (user), [2] CPUCLOCK_SCHED (CLOCK_PROCESS_CPUTIME_ID) */
    struct timespec cpu0[3];
    uint64_t brk0;
    uint64_t probe0;
    uint64_t scan_lo, scan_hi; /* every tracked page lies in [scan_lo, scan_hi) */
    unsigned nranges, nvmas, nz;
    range ranges[MAX_RANGES]; /* snapshot: writable private mappings at start */
    range vmas[MAX_VMAS];     /* every mapping at start, and the engine's own */
    zmap z[MAX_ZMAPS];
    struct rv_page_region vec[NVEC];
    char *stack;
    range now[MAX_VMAS];
    range ext[MAX_ZMAPS];         /* zero_zmaps */
    range beyond[RV_MAX_THREADS]; /* zero_zmaps: the heap arenas past their bump pointers */
    /* pages written by every execution: not tracked, always put back */
    unsigned nexec, ncand, nhot;
    struct cand {
        uint64_t addr;
        unsigned count;
    } cand[MAX_HOT];
    struct hot {
        uint64_t addr;
        const char *src;
    } hot[MAX_HOT];
    char maps[64 << 10]; /* /proc/self/maps, read without libc (no errno) */
    /* pre-runs (see "Pre-running the likely prefix" below) */
    rv_shm *real;   /* the shared memory ravel reads */
    rv_shm *shadow; /* a pre-run's request and results */
    size_t shadow_len;
    void *pause_sp;           /* a paused pre-run */
    bool paused;              /* the execution stopped at rt.pause_at, not ended */
    bool pre_off;             /* RAVEL_PRERUN=0 */
    uint32_t nhist;           /* steps in hist */
    uint32_t pre_len;         /* the next pre-run's length */
    rv_step hist[RV_PRE_MAX]; /* the last execution's steps, as a prefix */
    /* the descriptor table at start (see "Kernel state") */
    uint64_t fds0; /* bit i: descriptor i open, for i < FD_LOW */
    long free_hi0; /* the lowest free descriptor >= FD_LOW */
    struct pollfd pfd[FD_LOW];
    bool trapping; /* the seccomp filter is installed (install_trap_filter) */
} engine;

/* In .bss, so part of the snapshot: set before it, the same ever after. */
static engine *E;

/* Kept mappings handed out before the engine existed: a constructor's
 * malloc maps thread 0's 16 GiB heap arena.  The snapshot copies only the
 * part of such an arena below the bump pointer (keep_early_arenas); the
 * whole mapping would be 16 GiB to copy. */
#define MAX_EARLY 8
static zmap early[MAX_EARLY];
static unsigned nearly;

/* Set by the generated stubs.c: the first function the program imports
 * that a reset may not undo ("" or absent: none); whether it may read
 * the CPU clock (rv_engine_cpu_clock). */
extern const char __ravel_reset_unsafe[] __attribute__((weak));
extern const unsigned __ravel_cpu_clock __attribute__((weak));

/* The first "return address" of the engine's own stack (rv_engine_start's
 * initial frame, popped by rv_ctx_switch): aligns the stack and calls
 * rv_engine_main, which never returns.  Here rather than in ctx_x86_64.S,
 * which calls no file above it. */
void rv_engine_trampoline(void);
void rv_engine_main(void);
__asm__(".text\n"
        ".globl rv_engine_trampoline\n"
        ".type rv_engine_trampoline, @function\n"
        "rv_engine_trampoline:\n"
        "    xorl %ebp, %ebp\n"
        "    andq $-16, %rsp\n"
        "    call rv_engine_main\n"
        "    ud2\n"
        ".size rv_engine_trampoline, .-rv_engine_trampoline\n");

static long sys_brk(uint64_t b)
{
    return rv_syscall6(SYS_brk, (long)b, 0, 0, 0, 0, 0);
}

static long sys_munmap(uint64_t a, uint64_t n)
{
    return rv_syscall6(SYS_munmap, (long)a, (long)n, 0, 0, 0, 0);
}

static long sys_madvise(uint64_t a, uint64_t n, int adv)
{
    return rv_syscall6(SYS_madvise, (long)a, (long)n, adv, 0, 0, 0);
}

static long sys_ioctl(int fd, unsigned long req, void *arg)
{
    return rv_syscall6(SYS_ioctl, fd, (long)req, (long)arg, 0, 0, 0);
}

static void why(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void why(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(rt.shm->engine_why, sizeof rt.shm->engine_why, fmt, ap);
    va_end(ap);
}

bool rv_engine_active(void)
{
    return E && E->in_exec;
}

static bool page_is_zero(const char *p)
{
    typedef uint64_t __attribute__((may_alias)) word;
    const word *w = (const word *)p;
    for (unsigned i = 0; i < PAGE / sizeof *w; i += 8)
        if (w[i] | w[i + 1] | w[i + 2] | w[i + 3] | w[i + 4] | w[i + 5] | w[i + 6] | w[i + 7])
            return false;
    return true;
}

/* ------------------------------------------------------------------ */
/* Ending an execution.                                                */

static __attribute__((noreturn)) void finish(int status)
{
    rv_clear_flags(); /* the engine's own code runs next */
    rt.ended = false; /* a fault from here on is the engine's, not the program's */
    E->status = status;
    rv_tls_home(); /* reset() zeroes the thread stack regions, which hold their TLS areas */
    rv_ctx_switch(&E->dead_sp, E->engine_sp);
    __builtin_unreachable();
}

void rv_exec_exit(int code)
{
    if (rv_engine_active()) finish(W_EXITCODE(code & 0xff, 0));
    _exit(code);
}

void rv_exec_signaled(int sig)
{
    if (rv_engine_active()) finish(sig & 0x7f);
}

/* exit() ends an execution where a forked child's exit would have done
 * all the program can see: the C library runs every handler the
 * execution registered (atexit, on_exit, __cxa_atexit: C++ statics),
 * then those the constructors registered before the server started, then
 * ld.so's _dl_fini, which runs the executable's destructors (fini_array,
 * C's __attribute__((destructor))) in reverse priority order.  This
 * function is the executable's last destructor: its fini_array entry
 * sits in the section of priority 0, which the link sorts first and
 * _dl_fini therefore runs after every priority the program can declare
 * (101 and up, and none).  What exit would still do after it (the shared
 * libraries' destructors, stdio's final flush) touches nothing the
 * program reads but its output, which is flushed here as exit flushes it.
 * Before (an atexit hook registered when the engine started) the
 * constructors' handlers and the destructors never ran under reset: a
 * failing assertion in them was missed (issue 27 part 3, tests/engine
 * exit_handlers.c).  Every list exit walks and every flag it sets is in
 * the C library's and ld.so's memory, which the reset puts back; no lock
 * is held here (both release theirs around the calls they make). */
static void end_after_exit(void)
{
    fflush(NULL);
    finish(W_EXITCODE(rt.shm->exit_code & 0xff, 0));
}

/* Handlers registered while the destructors run (an atexit call in a
 * destructor) run after them: the C library's exit goes on with every
 * handler registered meanwhile before it flushes stdio and calls _exit.
 * So when such a handler is pending, the last destructor leaves the end
 * of the execution to the last of them (late_handler).  Before, the
 * execution ended at the last destructor and the handler never ran under
 * reset: an assertion failing in it was missed, "no error" where the fork
 * engine found it (tests/engine/exit_late.c).  In the runtime's memory:
 * the reset puts these back for every execution. */
static unsigned late_pending; /* registered while exiting, not run yet */
static bool in_dtors;         /* exit is running the executable's destructors */

static void last_destructor(void)
{
    if (!rv_engine_active()) return; /* a forked child, or the server: exit goes on */
    if (late_pending) return;        /* late_handler ends the execution */
    end_after_exit();
}
__attribute__((section(".fini_array.00000"),
               used)) static void (*const last_fini)(void) = last_destructor;

/* The executable's first destructor: a plain .fini_array entry, which
 * the link puts after every entry with a priority and after the
 * program's own (the runtime is linked after the program's objects), and
 * _dl_fini runs the array from its end. */
static void first_destructor(void)
{
    if (rv_engine_active() && !rt.active) in_dtors = true;
}
__attribute__((section(".fini_array"),
               used)) static void (*const first_fini)(void) = first_destructor;

/* An exit handler registered while exiting under the reset engine: the
 * C library calls late_handler (or late_handler_status, for on_exit's)
 * with it. */
typedef struct late_fn {
    int kind; /* 0 atexit, 1 on_exit, 2 __cxa_atexit */
    void (*fn)(void);
    void *arg;
} late_fn;
#define LATE_MAX 64
static late_fn late[LATE_MAX];
static unsigned nlate;

static void late_run(late_fn *l, int status)
{
    late_pending--;
    if (l->kind == 0)
        l->fn();
    else if (l->kind == 1)
        ((void (*)(int, void *))(void (*)(void))l->fn)(status, l->arg);
    else
        ((void (*)(void *))(void (*)(void))l->fn)(l->arg);
    if (in_dtors && !late_pending) end_after_exit();
}

static void late_handler(void *l)
{
    late_run(l, 0);
}

static void late_handler_status(int status, void *l)
{
    late_run(l, status);
}

/* Register fn with the C library, through late_handler when exit is
 * already running under the reset engine (atexit.c, rv_engine_late_register). */
int __cxa_atexit(void (*fn)(void *), void *arg, void *dso);
int rv_engine_late_register(int kind, void (*fn)(void), void *arg, void *dso, uint64_t pc)
{
    if (!rv_engine_active() || rt.active) return -1;
    if (nlate == LATE_MAX)
        rv_end_exec(RV_END_UNSUPPORTED, pc, 0,
                    "more than %d exit handlers registered while the program exits", LATE_MAX);
    late_fn *l = &late[nlate++];
    *l = (late_fn){kind, fn, arg};
    late_pending++;
    return kind == 1 ? on_exit(late_handler_status, l) : __cxa_atexit(late_handler, l, dso);
}

/* exit() called again while exiting (by a destructor or a handler): the
 * C library runs the handlers not run yet and then ends the process,
 * without returning to the destructors.  From a destructor, no handler
 * but the late ones is left, so unless one is pending the execution ends
 * here, as the forked child would (the reset engine's process died:
 * tests/engine/exit_late.c -DEXIT_IN_DTOR); from a handler the
 * destructors still run and the last one ends it. */
void rv_engine_exit_again(void)
{
    if (rv_engine_active() && !rt.active && in_dtors && !late_pending) end_after_exit();
}

/* A forked child's CPU clocks start at zero; the engine's process has
 * run every execution before: a reading of the process's or the thread's
 * CPU clock (one OS thread runs every program thread) counts from the
 * execution's start (run_exec), or clock() kept counting across
 * executions (issue 27 part 3, tests/engine cpu_clock.c). */
/* The kind of a CPU clock of this process or thread (-1: not one):
 * CLOCK_PROCESS_CPUTIME_ID and CLOCK_THREAD_CPUTIME_ID, or a clock id as
 * the kernel encodes it for pid or tid 0, "the caller" ((~0 << 3) | kind,
 * | 4 for the thread's: -8 to -2), which a program may name directly, as
 * clock_getcpuclockid(0, ...) and glibc's own clock() do (those ran on in
 * the engine's process: tests/engine/cpu_clock.c -DCLOCKID). */
static int cpu_clock_kind(int c)
{
    if (c == CLOCK_PROCESS_CPUTIME_ID || c == CLOCK_THREAD_CPUTIME_ID) return 2;
    if (c >= -8 && c <= -1 && (c & 3) != 3) return c & 3;
    return -1;
}

void rv_engine_cpu_clock(int c, struct timespec *ts)
{
    int k = cpu_clock_kind(c);
    if (!rv_engine_active() || k < 0) return;
    const struct timespec *z = &E->cpu0[k];
    int64_t ns =
        ((int64_t)ts->tv_sec - (int64_t)z->tv_sec) * 1000000000 + (ts->tv_nsec - z->tv_nsec);
    if (ns < 0) ns = 0;
    ts->tv_sec = (time_t)(ns / 1000000000);
    ts->tv_nsec = (long)(ns % 1000000000);
}

/* ------------------------------------------------------------------ */
/* Mappings the runtime keeps across executions.                       */

void *rv_zmap(uintptr_t key, void *fixed, size_t len, bool *fresh)
{
    *fresh = true;
    if (E) {
        for (unsigned i = 0; i < E->nz; i++)
            if (E->z[i].key == key && E->z[i].len == len) {
                E->z[i].used = true;
                *fresh = false;
                return E->z[i].addr;
            }
    }
    int flags = MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | (fixed ? MAP_FIXED_NOREPLACE : 0);
    void *p = mmap(fixed, len, PROT_READ | PROT_WRITE, flags, -1, 0);
    if (p == MAP_FAILED || (fixed && p != fixed)) return MAP_FAILED;
    /* not tracked by userfaultfd: a scan walks every page table of a
     * registered range, mapped or not, and these are large and sparse */
    if (E && E->nz < MAX_ZMAPS) E->z[E->nz++] = (zmap){key, p, len, true, false, 0};
    if (!E && nearly < MAX_EARLY) early[nearly++] = (zmap){key, p, len, true, true, 0};
    return p;
}

/* ------------------------------------------------------------------ */
/* The snapshot.                                                       */

static uint64_t hexnum(const char **p)
{
    uint64_t v = 0;
    for (;; (*p)++) {
        char c = **p;
        if (c >= '0' && c <= '9')
            v = v * 16 + (uint64_t)(c - '0');
        else if (c >= 'a' && c <= 'f')
            v = v * 16 + (uint64_t)(c - 'a' + 10);
        else
            return v;
    }
}

/* Every mapping of the process (/proc/self/maps) into out[]; the writable
 * private ones also into snap[] (when snap != NULL). */
static int read_maps(range *out, unsigned *nout, unsigned cap, range *snap, unsigned *nsnap)
{
    static const char path[] = "/proc/self/maps";
    long fd = rv_syscall6(SYS_openat, AT_FDCWD, (long)path, O_RDONLY | O_CLOEXEC, 0, 0, 0);
    if (fd < 0) return -1;
    char *buf = E->maps;
    size_t n = 0;
    for (;;) {
        long r = rv_sys_read((int)fd, buf + n, sizeof E->maps - 1 - n);
        if (r <= 0) break;
        n += (size_t)r;
    }
    rv_sys_close((int)fd);
    buf[n] = 0;
    *nout = 0;
    if (snap) *nsnap = 0;
    for (const char *p = buf; *p;) {
        uint64_t lo = hexnum(&p);
        p++;
        uint64_t hi = hexnum(&p);
        p++;
        bool w = p[1] == 'w', priv = p[3] == 'p';
        if (*nout >= cap) return -1;
        out[(*nout)++] = (range){lo, hi, NULL};
        if (snap && w && priv) {
            if (*nsnap >= MAX_RANGES) return -1;
            snap[(*nsnap)++] = (range){lo, hi, NULL};
        }
        while (*p && *p != '\n') p++;
        if (*p) p++;
    }
    return 0;
}

/* The shared objects whose code a program under the reset engine may run
 * besides its own executable: the C library's (reset_safe in compile.c
 * judges their functions). */
static bool glibc_object(const char *path, size_t n)
{
    static const char *const names[] = {"libc.so.6",       "libm.so.6",  "ld-linux-x86-64.so.2",
                                        "libpthread.so.0", "libdl.so.2", "librt.so.1"};
    const char *base = path;
    for (size_t i = 0; i < n; i++)
        if (path[i] == '/') base = path + i + 1;
    size_t k = (size_t)(path + n - base);
    for (size_t i = 0; i < sizeof names / sizeof *names; i++)
        if (strlen(names[i]) == k && !memcmp(base, names[i], k)) return true;
    return false;
}

/* Code mapped in the process that the compile driver did not see (a
 * library that LD_PRELOAD or LD_AUDIT loaded, one the link line brought
 * in some way compile.c does not know): its path into name, and true.
 * Read from E->maps (read_maps), before the snapshot.  Such code may do
 * anything a reset cannot undo, through functions reset_safe takes for
 * the C library's (an interposed strlen). */
static bool foreign_code(char *name, size_t cap)
{
    uint64_t self = (uint64_t)(uintptr_t)&rv_engine_start;
    const char *exe = NULL;
    size_t exe_n = 0;
    for (int pass = 0; pass < 2; pass++)
        for (const char *p = E->maps; *p;) {
            const char *line = p;
            uint64_t lo = hexnum(&p);
            p++;
            uint64_t hi = hexnum(&p);
            bool x = p[3] == 'x';
            const char *end = strchr(line, '\n');
            if (!end) end = line + strlen(line);
            /* the path: after the fifth field (perms, offset, dev, inode) */
            const char *q = p + 1;
            for (int f = 0; f < 4 && q < end; f++) {
                while (q < end && *q != ' ') q++;
                while (q < end && *q == ' ') q++;
            }
            size_t n = (size_t)(end - q);
            if (pass == 0 && self >= lo && self < hi) exe = q, exe_n = n;
            if (pass == 1 && x && n && *q != '[' && !(n == exe_n && !memcmp(q, exe, n)) &&
                !glibc_object(q, n)) {
                snprintf(name, cap, "%.*s", (int)n, q);
                return true;
            }
            p = *end ? end + 1 : end;
        }
    return false;
}

static void add_own(uint64_t lo, uint64_t hi)
{
    if (E->nvmas < MAX_VMAS) E->vmas[E->nvmas++] = (range){lo, hi, NULL};
}

static long wp(uint64_t lo, uint64_t hi, bool on)
{
    struct uffdio_writeprotect w = {.range = {lo, hi - lo},
                                    .mode = on ? UFFDIO_WRITEPROTECT_MODE_WP : 0};
    return sys_ioctl(E->uffd, UFFDIO_WRITEPROTECT, &w);
}

static long reg(uint64_t lo, uint64_t hi)
{
    struct uffdio_register r = {.range = {lo, hi - lo}, .mode = UFFDIO_REGISTER_MODE_WP};
    return sys_ioctl(E->uffd, UFFDIO_REGISTER, &r);
}

static uint64_t probe(void)
{
    long p = rv_sys_mmap(NULL, PAGE, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p < 0 && p > -4096) return 0;
    sys_munmap((uint64_t)p, PAGE);
    return (uint64_t)p;
}

/* Fill the holes between the mappings above the kernel's free region
 * with inaccessible reservations of the engine's own, so that a mapping
 * made without an address in an execution lands at the top of that
 * region, where the probe's page went, whatever its size, and moves the
 * probe (reset).  A mapping too large for the probe's hole went to a
 * lower hole unnoticed: glibc's malloc mapped a 300 KB block in every
 * execution, each a new stray (a leak, and every execution saw other
 * addresses: tests/engine strays.c).  The holes are found from the top
 * down, each by a probe, until the free region proper (the hole of at
 * least FREE_REGION bytes between the thread regions and the
 * libraries). */
#define FREE_REGION (1ull << 40)
static void fill_holes(void)
{
    for (int k = 0; k < 64; k++) {
        uint64_t p = probe(), lo = 0;
        if (!p) return;
        for (unsigned i = 0; i < E->nvmas; i++)
            if (E->vmas[i].hi <= p && E->vmas[i].hi > lo) lo = E->vmas[i].hi;
        uint64_t hi = p + PAGE;
        if (hi - lo >= FREE_REGION || E->nvmas >= MAX_VMAS) return;
        long m =
            rv_sys_mmap((void *)(uintptr_t)lo, hi - lo, PROT_NONE,
                        MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_FIXED_NOREPLACE, -1, 0);
        if ((uint64_t)m != lo) {
            if (m > 0) sys_munmap((uint64_t)m, hi - lo);
            return;
        }
        add_own(lo, hi);
    }
}

static range *snap_range_of(uint64_t a)
{
    for (unsigned i = 0; i < E->nranges; i++)
        if (a >= E->ranges[i].lo && a < E->ranges[i].hi) return &E->ranges[i];
    return NULL;
}

/* Unmap the pages of main's stack (range r) that hold only zeros: they
 * read as zeros all the same, and the snapshot's copy then maps the
 * shared zero page there, so the scrub of the 64 KiB below main's frame
 * at the start of every execution (start.c), which reads them, reads one
 * page that stays in the cache rather than sixteen. */
static void drop_zero_pages(const range *r)
{
    if (!r) return;
    for (uint64_t a = r->lo; a < r->hi;) {
        if (!page_is_zero((const char *)(uintptr_t)a)) {
            a += PAGE;
            continue;
        }
        uint64_t e = a + PAGE;
        while (e < r->hi && page_is_zero((const char *)(uintptr_t)e)) e += PAGE;
        sys_madvise(a, e - a, MADV_DONTNEED);
        a = e;
    }
}

/* Add [lo, hi) minus the holes to the snapshot ranges; false if there is
 * no room. */
static bool keep_range(uint64_t lo, uint64_t hi, const range *holes, unsigned nholes)
{
    if (lo >= hi) return true;
    if (!nholes) {
        if (E->nranges >= MAX_RANGES) return false;
        E->ranges[E->nranges++] = (range){lo, hi, NULL};
        return true;
    }
    if (hi <= holes->lo || lo >= holes->hi) return keep_range(lo, hi, holes + 1, nholes - 1);
    return keep_range(lo, holes->lo, holes + 1, nholes - 1) &&
           keep_range(holes->hi, hi, holes + 1, nholes - 1);
}

static uint64_t zmap_extent(const zmap *z);
static void kernel_state(uint64_t *fds, long *free_hi);

static bool is_arena(const zmap *z)
{
    uint64_t a = (uint64_t)(uintptr_t)z->addr;
    return a >= RV_HEAP_BASE && a < RV_HEAP_BASE + RV_MAX_THREADS * RV_HEAP_SPAN &&
           z->len == RV_HEAP_SPAN;
}

/* The heap arenas mapped before the engine started: the part in use (up
 * to the bump pointer) becomes a snapshot range, the rest a kept mapping
 * whose part past that base is zeroed after every execution, as for an
 * arena mapped later.  False if there is no room. */
static bool keep_early_arenas(void)
{
    for (unsigned i = 0; i < nearly; i++) {
        zmap z = early[i];
        if (!is_arena(&z)) continue;
        z.base = (zmap_extent(&z) + PAGE - 1) & ~(PAGE - 1);
        uint64_t a = (uint64_t)(uintptr_t)z.addr;
        if (E->nz >= MAX_ZMAPS || (z.base && E->nranges >= MAX_RANGES)) return false;
        if (z.base) E->ranges[E->nranges++] = (range){a, a + z.base, NULL};
        E->z[E->nz++] = z;
    }
    return true;
}

/* Snapshot and protect; 0, or -1 with the reason in engine_why.  Runs on
 * the engine's stack while main's stack is frozen. */
static int snapshot(void)
{
    E->uffd = (int)syscall(SYS_userfaultfd, O_CLOEXEC | RV_UFFD_USER_MODE_ONLY);
    if (E->uffd < 0) {
        why("userfaultfd: %s", strerror(errno));
        return -1;
    }
    struct uffdio_api api = {.api = UFFD_API, .features = RV_UFFD_FEATURE_WP_ASYNC};
    if (ioctl(E->uffd, UFFDIO_API, &api)) {
        why("userfaultfd asynchronous write-protect: %s (Linux 6.7 or later needed)",
            strerror(errno));
        return -1;
    }
    E->pagemap = open("/proc/self/pagemap", O_RDONLY | O_CLOEXEC);
    if (E->pagemap < 0) {
        why("/proc/self/pagemap: %s", strerror(errno));
        return -1;
    }
    unsigned nv = 0;
    if (read_maps(E->vmas, &nv, MAX_VMAS - 8, E->ranges, &E->nranges)) {
        why("too many mappings to snapshot");
        return -1;
    }
    char foreign[160];
    if (!E->force && foreign_code(foreign, sizeof foreign)) {
        why("the process runs code of %s, which ravel did not compile", foreign);
        return -1;
    }
    E->nvmas = nv;
    /* the engine's own memory is not the program's; the rest of a
     * mapping the kernel merged with it is */
    uint64_t elo = (uint64_t)(uintptr_t)E, ehi = elo + ((sizeof *E + PAGE - 1) & ~(PAGE - 1));
    uint64_t slo = (uint64_t)(uintptr_t)E->stack, shi = slo + ENGINE_STACK;
    uint64_t hlo = (uint64_t)(uintptr_t)E->shadow, hhi = hlo + E->shadow_len;
    range own[3 + MAX_EARLY] = {{elo, ehi, NULL}, {slo, shi, NULL}, {hlo, hhi, NULL}};
    unsigned nown = 3;
    for (unsigned i = 0; i < nearly; i++)
        if (is_arena(&early[i])) {
            uint64_t a = (uint64_t)(uintptr_t)early[i].addr;
            own[nown++] = (range){a, a + early[i].len, NULL};
        }
    unsigned n = E->nranges;
    memcpy(E->now, E->ranges, n * sizeof *E->ranges);
    E->nranges = 0;
    for (unsigned i = 0; i < n; i++)
        if (!keep_range(E->now[i].lo, E->now[i].hi, own, nown)) {
            why("too many mappings to snapshot");
            return -1;
        }
    if (!keep_early_arenas()) {
        why("too many mappings to snapshot");
        return -1;
    }
    uint64_t total = 0;
    for (unsigned i = 0; i < E->nranges; i++) total += E->ranges[i].hi - E->ranges[i].lo;
    long m = rv_sys_mmap(NULL, total, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (m < 0 && m > -4096) {
        why("cannot map %llu bytes for the snapshot", (unsigned long long)total);
        return -1;
    }
    add_own((uint64_t)m, (uint64_t)m + total);
    drop_zero_pages(snap_range_of((uint64_t)(uintptr_t)E->exec_sp));
    /* register, copy (reading maps every page, the zero page where none
     * was), then protect what is mapped; nothing of the program's is
     * written in between (raw system calls: not even errno).  A page not
     * mapped at all is not reported until written. */
    for (unsigned i = 0; i < E->nranges; i++) {
        range *r = &E->ranges[i];
        long e = reg(r->lo, r->hi);
        if (e) {
            why("cannot track writes to %#llx-%#llx: %s", (unsigned long long)r->lo,
                (unsigned long long)r->hi, strerror((int)-e));
            return -1;
        }
    }
    char *c = (char *)m;
    for (unsigned i = 0; i < E->nranges; i++) {
        range *r = &E->ranges[i];
        r->copy = c;
        memcpy(c, (const void *)(uintptr_t)r->lo, r->hi - r->lo);
        c += r->hi - r->lo;
    }
    for (unsigned i = 0; i < E->nranges; i++) {
        range *r = &E->ranges[i];
        long e = wp(r->lo, r->hi, true);
        if (e) {
            why("cannot write-protect %#llx-%#llx: %s", (unsigned long long)r->lo,
                (unsigned long long)r->hi, strerror((int)-e));
            return -1;
        }
    }
    E->brk0 = (uint64_t)sys_brk(0);
    fill_holes();
    E->probe0 = probe();
    E->scan_lo = E->ranges[0].lo;
    E->scan_hi = E->ranges[0].hi;
    for (unsigned i = 1; i < E->nranges; i++) {
        if (E->ranges[i].lo < E->scan_lo) E->scan_lo = E->ranges[i].lo;
        if (E->ranges[i].hi > E->scan_hi) E->scan_hi = E->ranges[i].hi;
    }
    kernel_state(&E->fds0, &E->free_hi0);
    return 0;
}

/* ------------------------------------------------------------------ */
/* The reset.                                                          */

/* Page a gets bytes src back (NULL: zeros), unless it holds them already:
 * the scan has just write-protected it, and a page left unwritten stays
 * protected, so it costs no fault now and is not listed by the next scan
 * unless the next execution writes it.  True if it was written. */
static bool put_page(uint64_t a, const char *src)
{
    char *p = (char *)(uintptr_t)a;
    if (src) {
        if (!memcmp(p, src, PAGE)) return false;
        memcpy(p, src, PAGE);
    } else {
        if (page_is_zero(p)) return false;
        memset(p, 0, PAGE);
    }
    return true;
}

/* Page a of a snapshot range had to be put back after one of the first
 * HOT_AFTER executions: count it (see take_hot_pages). */
static void count_written(uint64_t a)
{
    for (unsigned i = 0; i < E->ncand; i++)
        if (E->cand[i].addr == a) {
            E->cand[i].count++;
            return;
        }
    if (E->ncand < MAX_HOT) E->cand[E->ncand++] = (struct cand){a, 1};
}

/* Put [lo, hi) back, page by page: snapshot bytes where there are some,
 * zeros elsewhere (main's stack grown below its snapshot).  Zeros are
 * written rather than the pages dropped: a page that stays saves a fault
 * in the next execution. */
static void put_back(uint64_t lo, uint64_t hi)
{
    for (uint64_t a = lo; a < hi;) {
        range *r = snap_range_of(a);
        uint64_t e = r ? (hi < r->hi ? hi : r->hi) : a + PAGE;
        for (; a < e; a += PAGE)
            if (put_page(a, r ? r->copy + (a - r->lo) : NULL) && r && E->nexec <= HOT_AFTER)
                count_written(a);
    }
}

/* The fixed regions of the runtime's kept mappings (thread records,
 * stacks, heap arenas: protocol.h, rt.h): whatever lies there is its. */
static bool in_fixed_regions(uint64_t lo, uint64_t hi)
{
    return lo >= RV_THR_HI_BASE && hi <= RV_HEAP_BASE + RV_MAX_THREADS * RV_HEAP_SPAN;
}

/* Where the runtime's or the start's mappings cover [a, hi) from a on:
 * the end of the covered stretch starting at a (a if none covers a), and
 * in *next the lowest start of one above a (hi if none). */
static uint64_t covered_from(uint64_t a, uint64_t hi, uint64_t *next)
{
    *next = hi;
    for (;;) {
        bool moved = false;
        for (unsigned i = 0; i < E->nvmas + E->nz; i++) {
            uint64_t lo2, hi2;
            if (i < E->nvmas) {
                lo2 = E->vmas[i].lo;
                hi2 = E->vmas[i].hi;
            } else {
                lo2 = (uint64_t)(uintptr_t)E->z[i - E->nvmas].addr;
                hi2 = lo2 + E->z[i - E->nvmas].len;
            }
            if (lo2 <= a && a < hi2) {
                a = hi2;
                moved = true;
            } else if (lo2 > a && lo2 < *next) {
                *next = lo2;
            }
        }
        if (!moved || a >= hi) return a;
        *next = hi;
    }
}

/* Collect into E->now the mappings that are not the runtime's and were
 * not there at start (at most MAX_VMAS; *more: there were more).
 * /proc/self/maps is read a piece at a time and parsed line by line: a
 * run of many threads has more mappings (a stack, its guard and a heap
 * arena per thread) than any fixed buffer or table holds, and reading
 * only the first 256 left every stray in place (tests/engine strays.c,
 * 120 threads). */
static unsigned find_strays(bool *more)
{
    static const char path[] = "/proc/self/maps";
    *more = false;
    long fd = rv_syscall6(SYS_openat, AT_FDCWD, (long)path, O_RDONLY | O_CLOEXEC, 0, 0, 0);
    if (fd < 0) return 0;
    char *buf = E->maps;
    size_t have = 0;
    unsigned n = 0;
    for (;;) {
        long r = rv_sys_read((int)fd, buf + have, sizeof E->maps - 1 - have);
        if (r <= 0) break;
        have += (size_t)r;
        buf[have] = 0;
        const char *p = buf, *end = buf + have;
        for (const char *nl; (nl = memchr(p, '\n', (size_t)(end - p))); p = nl + 1) {
            uint64_t lo = hexnum(&p);
            p++;
            uint64_t hi = hexnum(&p);
            if (in_fixed_regions(lo, hi) || lo >= 0x7ffffffff000ull) continue;
            /* the parts of [lo, hi) that are no mapping of the runtime's
             * or of the start: the kernel merges a new anonymous mapping
             * with an adjacent one of the same protection (the engine's
             * snapshot copy, a heap), so a line may hold both */
            for (uint64_t a = lo, next; a < hi; a = next) {
                a = covered_from(a, hi, &next);
                if (a >= next) continue;
                if (n == MAX_VMAS) {
                    *more = true;
                    break;
                }
                E->now[n++] = (range){a, next < hi ? next : hi, NULL};
            }
        }
        have = (size_t)(end - p);
        memmove(buf, p, have);
    }
    rv_sys_close((int)fd);
    return n;
}

/* Something mapped memory during the execution (the probe moved): unmap
 * every mapping that was not there at start and is not the runtime's. */
static void unmap_strays(void)
{
    bool more = true;
    for (int pass = 0; more && pass < 64; pass++) {
        unsigned n = find_strays(&more);
        for (unsigned i = 0; i < n; i++) sys_munmap(E->now[i].lo, E->now[i].hi - E->now[i].lo);
    }
    E->probe0 = probe();
}

/* Put every page the execution wrote back, in one PAGEMAP_SCAN pass over
 * the tracked ranges: it lists the written pages and write-protects them
 * again in the same walk (PM_SCAN_WP_MATCHING; one TLB flush per call).
 * Putting a page back after that writes it, which takes one write-protect
 * fault and leaves it unprotected, so the next pass lists it again
 * whether the next execution wrote it or not: a superset of what that
 * execution wrote, so still every page it wrote.  put_page leaves a page
 * that already holds its snapshot bytes alone (and protected), so such a
 * page drops out of the pass after next.  (Two passes, one to put back
 * and one to protect, walked every tracked page table twice.) */
static void scan_and_put_back(void)
{
    for (uint64_t start = E->scan_lo; start < E->scan_hi;) {
        struct rv_pm_scan_arg a = {
            .size = sizeof a,
            .flags = RV_PM_SCAN_WP_MATCHING,
            .start = start,
            .end = E->scan_hi,
            .vec = (uint64_t)(uintptr_t)E->vec,
            .vec_len = NVEC,
            .category_mask = RV_PAGE_IS_WRITTEN | RV_PAGE_IS_WPALLOWED,
            .return_mask = RV_PAGE_IS_WRITTEN,
        };
        long n = sys_ioctl(E->pagemap, RV_PAGEMAP_SCAN, &a);
        if (n < 0) rv_sys_exit(71); /* cannot tell what changed: ravel restarts the server */
        for (long i = 0; i < n; i++) put_back(E->vec[i].start, E->vec[i].end);
        if (n < NVEC || a.walk_end >= E->scan_hi) break;
        start = a.walk_end;
    }
}

/* How much of kept mapping z the execution may have touched: a heap
 * arena up to its thread's bump pointer (read before the runtime's state
 * is put back), anything else all of it. */
static uint64_t zmap_extent(const zmap *z)
{
    uint64_t a = (uint64_t)(uintptr_t)z->addr;
    if (is_arena(z)) {
        const rv_thr *t = rv_thr_at((a - RV_HEAP_BASE) / RV_HEAP_SPAN);
        uint64_t next = (uint64_t)(uintptr_t)t->heap_next;
        if (t->arena_mapped && next >= a && next <= a + z->len) return next - a;
    }
    return z->len;
}

/* The runs of present pages in [start, end), at most NVEC of them, into
 * E->vec (PAGEMAP_SCAN, which skips missing page tables cheaply, unlike
 * mincore): their number, or -1; *next is where a further call goes on
 * (end when the walk is done). */
static long scan_present(uint64_t start, uint64_t end, uint64_t *next)
{
    struct rv_pm_scan_arg arg = {
        .size = sizeof arg,
        .start = start,
        .end = end,
        .vec = (uint64_t)(uintptr_t)E->vec,
        .vec_len = NVEC,
        .category_mask = RV_PAGE_IS_PRESENT,
        .return_mask = RV_PAGE_IS_PRESENT,
    };
    long k = sys_ioctl(E->pagemap, RV_PAGEMAP_SCAN, &arg);
    *next = k < 0 || k < NVEC || arg.walk_end >= end ? end : arg.walk_end;
    return k;
}

/* Make [lo, hi) read as zero again: its present pages are cleared in
 * place, which keeps them mapped: no fault and no TLB flush in the next
 * execution.  A page that is zero already is not written (the scrub of a
 * thread's dead stack only reads pages that are zero, mapping the shared
 * zero page there). */
static void zero_present(uint64_t lo, uint64_t hi)
{
    for (uint64_t start = lo, next; start < hi; start = next) {
        long k = scan_present(start, hi, &next);
        if (k < 0) {
            sys_madvise(start, hi - start, MADV_DONTNEED);
            return;
        }
        for (long i = 0; i < k; i++)
            for (uint64_t a = E->vec[i].start; a < E->vec[i].end; a += PAGE)
                if (!page_is_zero((const char *)(uintptr_t)a))
                    memset((void *)(uintptr_t)a, 0, PAGE);
    }
}

/* Insert [lo, hi) into the sorted list r of n ranges. */
static void insert_sorted(range *r, unsigned *n, uint64_t lo, uint64_t hi)
{
    unsigned j = (*n)++;
    for (; j > 0 && r[j - 1].lo > lo; j--) r[j] = r[j - 1];
    r[j] = (range){lo, hi, NULL};
}

/* Drop every present page of the sorted, disjoint ranges r[0..n): one
 * scan for present pages over their whole span, each present run cut to
 * the ranges. */
static void drop_present(const range *r, unsigned n)
{
    if (!n) return;
    unsigned k = 0;
    for (uint64_t start = r[0].lo, end = r[n - 1].hi, next; start < end; start = next) {
        long m = scan_present(start, end, &next);
        if (m < 0) {
            for (; k < n; k++) sys_madvise(r[k].lo, r[k].hi - r[k].lo, MADV_DONTNEED);
            return;
        }
        for (long i = 0; i < m; i++) {
            uint64_t lo = E->vec[i].start, hi = E->vec[i].end;
            while (k < n && r[k].hi <= lo) k++;
            for (unsigned q = k; q < n && r[q].lo < hi; q++) {
                uint64_t a = lo > r[q].lo ? lo : r[q].lo, b = hi < r[q].hi ? hi : r[q].hi;
                sys_madvise(a, b - a, MADV_DONTNEED);
            }
        }
    }
}

/* Make every kept mapping handed out in this execution read as zero
 * again, as a fresh mmap in a forked child would.  Their extents are
 * sorted and the adjacent ones merged (thread t's stack region ends where
 * thread t+1's begins), so that one PAGEMAP_SCAN walks them all, not one
 * per thread.  A large extent (a heap arena grown past 256 MiB) is
 * dropped instead: clearing it would cost more than refaulting it.
 * A heap arena's part past its bump pointer holds nothing the allocator
 * handed out, but a write past the end of the last block lands there
 * (and stayed: the next execution read the previous one's bytes, which
 * a forked child never sees; issue 27 part 3, tests/engine
 * heap_beyond.c): its present pages are dropped, all arenas in one scan.
 * Dropped, not cleared in place: pages cleared there would stay present
 * and be read in every later scan. */
static void zero_zmaps(void)
{
    range *ext = E->ext;
    unsigned n = 0, nb = 0;
    for (unsigned i = 0; i < E->nz; i++) {
        zmap *z = &E->z[i];
        if (!z->used) continue;
        z->used = z->keep;
        uint64_t a0 = (uint64_t)(uintptr_t)z->addr, a = a0 + z->base;
        uint64_t used = (zmap_extent(z) + PAGE - 1) & ~(PAGE - 1);
        if (is_arena(z) && nb < RV_MAX_THREADS) {
            uint64_t from = used > z->base ? used : z->base;
            if (from < z->len) insert_sorted(E->beyond, &nb, a0 + from, a0 + z->len);
        }
        uint64_t len = used > z->base ? used - z->base : 0;
        if (len > (256ull << 20)) {
            sys_madvise(a, len, MADV_DONTNEED);
            continue;
        }
        if (len) insert_sorted(ext, &n, a, a + len);
    }
    for (unsigned i = 0; i < n;) {
        uint64_t lo = ext[i].lo, hi = ext[i].hi;
        for (i++; i < n && ext[i].lo == hi; i++) hi = ext[i].hi;
        zero_present(lo, hi);
    }
    drop_present(E->beyond, nb);
}

/* After HOT_AFTER executions: the pages of the snapshot that every one of
 * them wrote (the runtime's state, the C library's, ...) are taken out of
 * userfaultfd's tracking (UFFDIO_UNREGISTER) and from then on put back
 * after every execution unconditionally (compared, and copied if they
 * differ).  Tracked, each would cost a write-protect fault in every
 * execution (the put-back's, see scan_and_put_back) and a place in the
 * scan.  Not main's stack: a page at its bottom leaving the registered
 * range would take the growth of the stack below it out of tracking. */
static void take_hot_pages(void)
{
    const range *stack = snap_range_of((uint64_t)(uintptr_t)E->exec_sp);
    for (unsigned i = 0; i < E->ncand; i++) {
        uint64_t a = E->cand[i].addr;
        const range *r = snap_range_of(a);
        if (E->cand[i].count < HOT_AFTER || !r || r == stack) continue;
        struct uffdio_range u = {.start = a, .len = PAGE};
        if (sys_ioctl(E->uffd, UFFDIO_UNREGISTER, &u)) continue;
        E->hot[E->nhot].addr = a;
        E->hot[E->nhot].src = r->copy + (a - r->lo);
        E->nhot++;
    }
    E->ncand = 0;
}

static void put_hot_pages(void)
{
    for (unsigned i = 0; i < E->nhot; i++) put_page(E->hot[i].addr, E->hot[i].src);
}

/* ------------------------------------------------------------------ */
/* Kernel state.                                                       */
/*
 * The compile driver keeps out every program whose own code can change
 * what the kernel holds for the process (see the top of this file), but
 * no static look sees code reached through an address the program
 * computes: the bytes `syscall; ret` in the C library's text, called with
 * a system call number in rax (tests/adversary/libc_by_address.c opens a
 * file in every execution: under reset the descriptors piled up in the
 * one process and an assertion failed that no forked child reaches).  So
 * after every reset the engine compares the descriptor table with the
 * one at start, and if it differs the engine leaves (quit_engine): the
 * execution that changed it started from the start's state, as every one
 * before it did, so their results stand, and ravel runs the rest under a
 * fork server (native.c, fall_back_to_fork), the summary saying why.
 * The comparison costs three system calls: descriptors 0 to FD_LOW-1 one
 * by one in a single poll (POLLNVAL marks a closed one), and the lowest
 * free descriptor from FD_LOW on (F_DUPFD).  It does not see a
 * descriptor made above FD_LOW at a chosen number while FD_LOW stays
 * free, nor the other kernel state a system call may change (signal
 * dispositions, the working directory, limits, timers): under auto the
 * seccomp filter below traps the calls that do (dup2, fcntl(F_DUPFD)
 * above FD_LOW, chdir, ...), before they run; docs/DESIGN.md "Engines".
 */
static void kernel_state(uint64_t *fds, long *free_hi)
{
    for (int i = 0; i < FD_LOW; i++) E->pfd[i] = (struct pollfd){.fd = i};
    long r;
    do r = rv_syscall6(SYS_poll, (long)E->pfd, FD_LOW, 0, 0, 0, 0);
    while (r == -EINTR);
    uint64_t m = 0;
    for (int i = 0; i < FD_LOW; i++)
        if (r < 0 || !(E->pfd[i].revents & POLLNVAL)) m |= 1ull << i;
    *fds = m;
    long d = rv_syscall6(SYS_fcntl, E->pagemap, F_DUPFD_CLOEXEC, FD_LOW, 0, 0, 0);
    if (d >= 0) rv_sys_close((int)d);
    *free_hi = d;
}

static __attribute__((noreturn)) void quit_engine(const char *what)
{
    rv_shm *s = E->real;
    snprintf(s->engine_quit, sizeof s->engine_quit,
             "an execution %s (a system call no check of the program saw): the "
             "exploration was redone under fork",
             what);
    rv_sys_exit(72); /* ravel sees the server gone and starts a fork server */
}

/* System calls that change kernel state a reset cannot put back and the
 * descriptor comparison does not see: under --engine=auto they are
 * trapped before they happen (a seccomp filter, SECCOMP_RET_TRAP), and
 * the runtime's SIGSYS handler leaves the engine (rv_engine_seccomp):
 * the exploration is redone under fork.  The reset-safe C library
 * functions and the runtime make none of them during an execution;
 * those that only read (rt_sigaction, prlimit64 and sigaltstack with a
 * null new value) pass.  A descriptor made at a chosen number (dup2)
 * while descriptor 64 stays free was the descriptor check's blind spot
 * (tests/adversary/libc_by_address.c OP=2). */
static const int trapped[] = {
    SYS_dup2,
    SYS_dup3,
    SYS_chdir,
    SYS_fchdir,
    SYS_chroot,
    SYS_umask,
    SYS_setrlimit,
    SYS_setitimer,
    SYS_alarm,
    SYS_timer_create,
    SYS_setsid,
    SYS_setpgid,
    SYS_setuid,
    SYS_setgid,
    SYS_setreuid,
    SYS_setregid,
    SYS_setresuid,
    SYS_setresgid,
    SYS_setgroups,
    SYS_setfsuid,
    SYS_setfsgid,
    SYS_prctl,
    SYS_personality,
    SYS_unshare,
    SYS_setns,
    SYS_fork,
    SYS_vfork,
    SYS_clone,
    SYS_clone3,
    SYS_execve,
    SYS_execveat,
    SYS_ptrace,
    SYS_setpriority,
    SYS_sched_setaffinity,
    SYS_sched_setscheduler,
    SYS_sched_setparam,
    SYS_seccomp,
    SYS_close_range,
    SYS_arch_prctl,
    SYS_set_tid_address,
    SYS_set_robust_list,
    SYS_rseq,
    SYS_shmat,
    SYS_shmdt,
    SYS_ioperm,
    SYS_iopl,
    SYS_signalfd,
    SYS_signalfd4,
};
/* ... trapped when their argument arg (a new value) is not null */
static const struct {
    int nr, arg;
} trapped_if_set[] = {{SYS_rt_sigaction, 1}, {SYS_prlimit64, 2}, {SYS_sigaltstack, 0}};

#define BPF_NR         offsetof(struct seccomp_data, nr)
#define BPF_ARG(k, hi) (offsetof(struct seccomp_data, args) + 8 * (k) + ((hi) ? 4 : 0))

/* fcntl(fd, F_DUPFD or F_DUPFD_CLOEXEC, lo) makes the lowest free
 * descriptor from lo on: with lo above FD_LOW it can make one while
 * FD_LOW stays free, which the descriptor check does not see (like dup2;
 * tests/adversary/libc_by_address.c OP=3), so such a call is trapped.
 * With lo <= FD_LOW the new descriptor is below FD_LOW (compared one by
 * one) or the lowest free from FD_LOW on (compared too).  Appends the
 * block at f[n]; returns the new length. */
static unsigned trap_high_dupfd(struct sock_filter *f, unsigned n)
{
    f[n++] = (struct sock_filter)BPF_STMT(BPF_LD | BPF_W | BPF_ABS, BPF_NR);
    f[n++] = (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, SYS_fcntl, 0, 8);
    f[n++] = (struct sock_filter)BPF_STMT(BPF_LD | BPF_W | BPF_ABS, BPF_ARG(1, 0));
    f[n++] = (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, F_DUPFD, 1, 0);
    f[n++] = (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, F_DUPFD_CLOEXEC, 0, 5);
    f[n++] = (struct sock_filter)BPF_STMT(BPF_LD | BPF_W | BPF_ABS, BPF_ARG(2, 1));
    f[n++] = (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, 0, 0, 2);
    f[n++] = (struct sock_filter)BPF_STMT(BPF_LD | BPF_W | BPF_ABS, BPF_ARG(2, 0));
    f[n++] = (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JGT | BPF_K, FD_LOW, 0, 1);
    f[n++] = (struct sock_filter)BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_TRAP);
    return n;
}

/* Install the seccomp filter f[0..n): 0, or -1. */
static int load_filter(struct sock_filter *f, size_t n)
{
    struct sock_fprog prog = {.len = (unsigned short)n, .filter = f};
    if (rv_syscall6(SYS_prctl, PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0, 0)) return -1;
    return rv_syscall6(SYS_seccomp, SECCOMP_SET_MODE_FILTER, 0, (long)&prog, 0, 0, 0) ? -1 : 0;
}

/* The filter: another ABI (int 0x80, x32) trapped; the list above
 * trapped; everything else allowed.  Returns 0, or -1 (then nothing is
 * trapped: the descriptor check still runs). */
static int install_trap_filter(void)
{
    enum { CAP = 256 };
    struct sock_filter f[CAP];
    unsigned n = 0;
    f[n++] =
        (struct sock_filter)BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, arch));
    f[n++] = (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, AUDIT_ARCH_X86_64, 1, 0);
    f[n++] = (struct sock_filter)BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_TRAP);
    f[n++] = (struct sock_filter)BPF_STMT(BPF_LD | BPF_W | BPF_ABS, BPF_NR);
    f[n++] = (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JGE | BPF_K, 0x40000000u, 0, 1);
    f[n++] = (struct sock_filter)BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_TRAP);
    for (size_t i = 0; i < sizeof trapped_if_set / sizeof *trapped_if_set; i++) {
        /* nr? then trap unless the argument's both halves are zero */
        int k = trapped_if_set[i].arg;
        f[n++] = (struct sock_filter)BPF_STMT(BPF_LD | BPF_W | BPF_ABS, BPF_NR);
        f[n++] = (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K,
                                              (unsigned)trapped_if_set[i].nr, 0, 6);
        f[n++] = (struct sock_filter)BPF_STMT(BPF_LD | BPF_W | BPF_ABS, BPF_ARG(k, 0));
        f[n++] = (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, 0, 0, 3);
        f[n++] = (struct sock_filter)BPF_STMT(BPF_LD | BPF_W | BPF_ABS, BPF_ARG(k, 1));
        f[n++] = (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, 0, 0, 1);
        f[n++] = (struct sock_filter)BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW);
        f[n++] = (struct sock_filter)BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_TRAP);
    }
    n = trap_high_dupfd(f, n);
    f[n++] = (struct sock_filter)BPF_STMT(BPF_LD | BPF_W | BPF_ABS, BPF_NR);
    unsigned nlist = sizeof trapped / sizeof *trapped;
    /* each JEQ jumps to the TRAP after the final ALLOW */
    for (unsigned i = 0; i < nlist; i++)
        f[n++] = (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, (unsigned)trapped[i],
                                              (unsigned char)(nlist - i), 0);
    f[n++] = (struct sock_filter)BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW);
    f[n++] = (struct sock_filter)BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_TRAP);
    return load_filter(f, n);
}

bool rv_creates_process(int nr)
{
    return nr == SYS_fork || nr == SYS_vfork || nr == SYS_clone || nr == SYS_clone3;
}

int rv_trap_process_creation(void)
{
    struct sock_filter f[] = {
        BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, arch)),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, AUDIT_ARCH_X86_64, 1, 0),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_TRAP), /* another ABI: no way around */
        BPF_STMT(BPF_LD | BPF_W | BPF_ABS, BPF_NR),
        BPF_JUMP(BPF_JMP | BPF_JGE | BPF_K, 0x40000000u, 4, 0), /* x32 */
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, SYS_clone, 3, 0),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, SYS_clone3, 2, 0),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, SYS_fork, 1, 0),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, SYS_vfork, 0, 1),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_TRAP),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
    };
    return load_filter(f, sizeof f / sizeof *f);
}

/* SIGSYS from the filter (the runtime's fatal-signal handler): the call
 * did not happen, so the process is as it was; the engine leaves and the
 * exploration is redone under fork.  Outside the reset engine (no
 * filter) nothing: the signal is the program's. */
void rv_engine_seccomp(int nr)
{
    if (!E || !E->trapping || rv_creates_process(nr)) return;
    char what[96];
    snprintf(what, sizeof what, "made system call %d, which changes kernel state (trapped)", nr);
    quit_engine(what);
}

static void check_kernel_state(void)
{
    uint64_t fds;
    long free_hi;
    kernel_state(&fds, &free_hi);
    if (fds != E->fds0 || free_hi != E->free_hi0)
        quit_engine("changed the process's open descriptors");
}

static void reset(void)
{
    E->nexec++;
    zero_zmaps();
    uint64_t cur = (uint64_t)sys_brk(0);
    if (cur != E->brk0) {
        sys_brk(E->brk0);
        if (cur < E->brk0) {
            /* the C library trimmed the heap below its start: the pages
             * come back as a new, untracked mapping, zero */
            uint64_t lo = (cur + PAGE - 1) & ~(PAGE - 1), hi = (E->brk0 + PAGE - 1) & ~(PAGE - 1);
            if (lo < hi) {
                reg(lo, hi);
                put_back(lo, hi);
            }
        }
    }
    /* main's stack, the highest range, may have grown below its snapshot:
     * still inside the scanned range */
    scan_and_put_back();
    put_hot_pages();
    if (E->nexec == HOT_AFTER) take_hot_pages();
    if (probe() != E->probe0) unmap_strays();
    check_kernel_state();
}

/* ------------------------------------------------------------------ */
/* Pre-running the likely prefix (issue 11).                           */
/*
 * ravel and the program take turns: while ravel maps an execution and
 * searches for the next one, the program has only its reset to do, and
 * while the program runs, ravel waits.  Most of a request's schedule
 * repeats the previous execution's beginning (udpor on philosophers N=14:
 * 94 of its 95 steps, of 141 events an execution), and the program
 * replays it on the critical path.  So after its reset the engine runs
 * the previous execution's first pre_len steps as a prefix of its own,
 * against a shadow of the shared memory (request and results: ravel may
 * still be reading the real one), and stops before step pre_len
 * (rt.pause_at, rv_engine_pause).  When the request comes:
 *   - it confirms the pre-run when everything the first pre_len steps
 *     read from a request is the same: those steps of the schedule (the
 *     prefix goes at least that far), the flags, a budget of at least
 *     pre_len, the heap and thread limits, the nondet range.  Avoid set
 *     and policy matter only past the prefix.  The program is
 *     deterministic given its schedule (the premise of stateless model
 *     checking, and of every replay ravel makes), so the execution is the
 *     one a fresh start would have made: the shadow's events and results
 *     are copied out, the runtime is pointed at the real memory, and the
 *     execution goes on from where it stopped;
 *   - otherwise the pre-run is thrown away (one more reset, on the
 *     critical path) and the execution starts afresh.
 * pre_len is half the steps the last request shared with the execution
 * before it: ravel's depth-first order backtracks only a little at a
 * time, and a pre-run that guesses too far costs a reset.  Not for a
 * request that shows the program's output (it would be written twice),
 * nor after an explain run (its log is written to the real memory only),
 * nor past RV_PRE_MAX steps or RV_PRE_NREG registered threads (what the
 * shadow holds and what copying it costs).  RAVEL_PRERUN=0 turns it off.
 */

typedef enum { PRE_NONE, PRE_CONFIRMED, PRE_REDONE, PRE_GONE } prerun_result;

/* Run (or resume) the execution at sp until it ends or pauses. */
static void run_exec(void *sp)
{
    if (sp == E->exec_sp && &__ravel_cpu_clock && __ravel_cpu_clock)
        for (int k = 0; k < 3; k++) /* -8, -7, -6: this process's PROF, VIRT, SCHED clocks */
            rv_syscall6(SYS_clock_gettime, -8 + k, (long)&E->cpu0[k], 0, 0, 0, 0);
    E->paused = false;
    E->in_exec = true;
    rv_ctx_switch(&E->engine_sp, sp);
    E->in_exec = false;
}

void rv_engine_pause(void)
{
    rt.pause_at = 0;
    E->paused = true;
    rv_ctx_switch(&E->pause_sp, E->engine_sp);
    /* resumed: the request confirmed what ran (prerun_confirm) */
}

/* ravel sends SIGXCPU only after a request, so a pre-run still short of
 * its pause then runs a prefix slower than ravel's turn: the request may
 * be its own.  It ends (prerun: "ended before its pause") and the request
 * starts afresh until ravel kills the server; what ravel reads about
 * where the program was must not stay in the shadow. */
void rv_engine_where(uint32_t tid, uint64_t pc)
{
    if (!E || rt.shm != E->shadow) return;
    E->real->err_tid = tid;
    E->real->err_pc = pc;
    E->real->running = tid;
}

/* The steps of the execution that just ended, as a prefix schedule: n
 * is its event count, read before the answer (ravel clears it with its
 * next request, which may come before this runs); the events themselves
 * stay until the next execution writes them. */
static void keep_history(uint64_t n)
{
    if (E->pre_off) return;
    const rv_event *ev = rv_shm_events(E->real);
    if (n > RV_PRE_MAX) n = RV_PRE_MAX;
    for (uint64_t i = 0; i < n; i++)
        E->hist[i] = (rv_step){.tid = (uint16_t)ev[i].act.tid, .val = ev[i].val};
    E->nhist = (uint32_t)n;
}

/* The next pre-run's length from the request that has just come: half
 * the steps its schedule shares with the last execution. */
static void next_pre_len(void)
{
    const rv_shm *r = E->real;
    const rv_step *st = rv_shm_steps(E->real);
    uint32_t n = r->nsteps < E->nhist ? r->nsteps : E->nhist, c = 0;
    while (c < n && st[c].tid == E->hist[c].tid && st[c].val == E->hist[c].val) c++;
    E->pre_len = c / 2;
}

/* The request fields the shadow gets: the last request's (those a prefix
 * reads are compared when the next one comes), and results as ravel
 * clears them (native.c prepare_request). */
static void fill_shadow(uint32_t len)
{
    rv_shm *s = E->shadow, *r = E->real;
    s->nsteps = len;
    s->policy = r->policy;
    s->flags = r->flags;
    s->budget = r->budget;
    s->avoid = r->avoid;
    s->max_heap = r->max_heap;
    s->max_threads = r->max_threads;
    s->nondet_lo = r->nondet_lo;
    s->nondet_hi = r->nondet_hi;
    s->nreg = r->nreg;
    memcpy(s->reg_parent, r->reg_parent, r->nreg * sizeof *r->reg_parent);
    memcpy(s->reg_index, r->reg_index, r->nreg * sizeof *r->reg_index);
    rv_shm_clear_results(s);
    s->engine_used = RV_ENGINE_RESET;
    memcpy(rv_shm_steps(s), E->hist, len * sizeof *E->hist);
}

static void point_runtime_at(rv_shm *s)
{
    rt.shm = s;
    rt.steps = rv_shm_steps(s);
    rt.events = rv_shm_events(s);
}

/* Whether the request that has come asks for what the pre-run of len
 * steps did (see above). */
static bool prerun_matches(uint32_t len)
{
    const rv_shm *r = E->real, *s = E->shadow;
    return r->nsteps >= len && r->flags == s->flags && r->budget >= len &&
           r->max_heap == s->max_heap && r->max_threads == s->max_threads &&
           r->nondet_lo == s->nondet_lo && r->nondet_hi == s->nondet_hi &&
           !memcmp(rv_shm_steps(E->real), rv_shm_steps(E->shadow), len * sizeof(rv_step));
}

/* The pre-run becomes the requested execution: its events and results
 * into the real memory, new registry entries appended. */
static void prerun_confirm(uint32_t len)
{
    rv_shm *r = E->real, *s = E->shadow;
    memcpy(rv_shm_events(r), rv_shm_events(s), len * sizeof(rv_event));
    for (uint32_t i = r->nreg; i < s->nreg; i++) {
        r->reg_parent[i] = s->reg_parent[i];
        r->reg_index[i] = s->reg_index[i];
    }
    if (s->nreg > r->nreg) r->nreg = s->nreg;
    r->nevents = s->nevents;
    r->running = s->running;
    r->nonexhaustive = s->nonexhaustive;
    memcpy(r->unexplored, s->unexplored, sizeof r->unexplored);
    point_runtime_at(r);
}

/* Pre-run the likely prefix and wait for the request: PRE_NONE if no
 * pre-run was made (the request is still to be waited for), PRE_CONFIRMED
 * if the execution has run to its end from the pre-run, PRE_REDONE if the
 * request has come and the memory is fresh for it, PRE_GONE if ravel has
 * gone. */
static prerun_result prerun(rv_server_bells *bells)
{
    uint32_t len = E->pre_len;
    const rv_shm *r = E->real;
    if (E->pre_off || len < RV_PRE_MIN || len >= E->nhist || len > r->budget ||
        (r->flags & (RV_REQ_SHOW_OUTPUT | RV_REQ_EXPLAIN)) || r->nreg > RV_PRE_NREG)
        return PRE_NONE;
    fill_shadow(len);
    point_runtime_at(E->shadow);
    rt.pause_at = len;
    E->status = 0;
    run_exec(E->exec_sp);
    if (!E->paused) { /* ended before its pause: not what the last execution did */
        rv_syscall6(SYS_rt_sigprocmask, SIG_SETMASK, (long)&E->sigmask0, 0, 8, 0, 0);
        E->nhist = 0;
        reset();
        return PRE_NONE;
    }
    if (!rv_proto_wait_request(bells)) return PRE_GONE;
    bool same = prerun_matches(len);
    next_pre_len();
    if (same) {
        E->real->pre_confirmed++;
        E->real->pre_steps += len;
        prerun_confirm(len);
        run_exec(E->pause_sp);
        return PRE_CONFIRMED;
    }
    E->real->pre_redone++;
    rv_tls_home(); /* reset() zeroes the thread stack regions, which hold their TLS areas */
    /* the signal mask, too, is the process's, not memory: the paused
     * execution never ended, so the main loop's restore after run_exec
     * did not run for it, and a prefix that blocked a signal left it
     * blocked in the fresh execution (tests/engine prerun_sigmask.c: its
     * start found SIGUSR1 blocked under dpor, an assertion failure the
     * fork engine and RAVEL_PRERUN=0 do not have) */
    rv_syscall6(SYS_rt_sigprocmask, SIG_SETMASK, (long)&E->sigmask0, 0, 8, 0, 0);
    reset();
    return PRE_REDONE;
}

/* ------------------------------------------------------------------ */
/* The engine's loop, on its own stack.                                */

void rv_engine_main(void)
{
    if (snapshot()) {
        E->status = -1; /* back to serve(): fork instead */
        rv_ctx_switch(&E->engine_sp, E->exec_sp);
    }
    rt.shm->engine_used = RV_ENGINE_RESET;
    E->real = rt.shm;
    /* --engine=auto only: --engine=reset trusts the program */
    if (!E->force)
        E->trapping = install_trap_filter() == 0;
    else
        rv_trap_process_creation(); /* trusted, but not to create processes */
    int32_t pid = (int32_t)rv_syscall6(SYS_getpid, 0, 0, 0, 0, 0, 0);
    /* on this stack: a reset puts the program's memory back, not this */
    rv_server_bells bells = {.shm = rt.shm, .spin.limit = rt.shm->spin_ticks, .asleep = true};
    for (;;) {
        /* while ravel works: the part of the next execution it will most
         * likely ask for; the request then confirms it or throws it away */
        prerun_result pre = prerun(&bells);
        if (pre == PRE_GONE) rv_sys_exit(0);
        if (pre == PRE_NONE) {
            if (!rv_proto_wait_request(&bells)) rv_sys_exit(0);
            next_pre_len(); /* prerun() did it for the other outcomes */
        }
        if (pre != PRE_CONFIRMED) {
            /* ravel knows the pid, and learns the engine from the first answer */
            if (bells.seen == 1) rv_proto_answer(&bells, &E->real->pid, pid);
            E->status = 0;
            run_exec(E->exec_sp);
        }
        /* an execution that ended in a signal handler left its signal blocked */
        rv_syscall6(SYS_rt_sigprocmask, SIG_SETMASK, (long)&E->sigmask0, 0, 8, 0, 0);
        /* ravel reads the results while the memory is put back */
        uint64_t nevents = E->real->nevents;
        rv_proto_answer(&bells, &E->real->status, E->status);
        keep_history(nevents);
        reset();
    }
}

bool rv_engine_start(rv_shm *s)
{
    s->engine_used = RV_ENGINE_FORK;
    s->engine_why[0] = 0;
    bool force = s->engine & RV_ENGINE_FORCE;
    if (!force && &__ravel_reset_unsafe && __ravel_reset_unsafe[0]) {
        why("the program uses %s, which a reset may not undo", __ravel_reset_unsafe);
        return false;
    }
    long m = rv_sys_mmap(NULL, (sizeof(engine) + PAGE - 1) & ~(PAGE - 1), PROT_READ | PROT_WRITE,
                         MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    long st =
        rv_sys_mmap(NULL, ENGINE_STACK, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    /* the pre-runs' shadow of the shared memory: a header, RV_PRE_MAX
     * steps and events; only what a pre-run touches is ever resident */
    size_t shadow_len = (rv_shm_size(RV_PRE_MAX, RV_PRE_MAX) + PAGE - 1) & ~(PAGE - 1);
    long sh = rv_sys_mmap(NULL, shadow_len, PROT_READ | PROT_WRITE,
                          MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if ((m < 0 && m > -4096) || (st < 0 && st > -4096) || (sh < 0 && sh > -4096)) {
        why("cannot map the engine's memory");
        return false;
    }
    E = (engine *)m;
    E->force = force;
    E->shadow = (rv_shm *)sh;
    E->shadow_len = shadow_len;
    E->shadow->magic = RV_PROTOCOL_MAGIC;
    E->shadow->max_steps = E->shadow->max_events = RV_PRE_MAX;
    const char *pre = getenv("RAVEL_PRERUN");
    E->pre_off = pre && !strcmp(pre, "0");
    add_own((uint64_t)sh, (uint64_t)sh + shadow_len);
    E->stack = (char *)st;
    add_own((uint64_t)m, (uint64_t)m + ((sizeof(engine) + PAGE - 1) & ~(PAGE - 1)));
    add_own((uint64_t)st, (uint64_t)st + ENGINE_STACK);
    rv_syscall6(SYS_rt_sigprocmask, SIG_SETMASK, 0, (long)&E->sigmask0, 8, 0, 0);
    /* initial frame popped by rv_ctx_switch (as for a thread, kernel.c) */
    uint64_t *sp = (uint64_t *)(((uintptr_t)E->stack + ENGINE_STACK - 64) & ~(uintptr_t)15);
    *--sp = (uint64_t)(uintptr_t)rv_engine_trampoline;
    for (int i = 0; i < 6; i++) *--sp = 0;
    *--sp = 0x037f00001f80ull;
    E->engine_sp = sp;
    rv_ctx_switch(&E->exec_sp, E->engine_sp);
    /* here once per execution, or once with status -1 if the snapshot failed */
    if (E->status == -1 && !E->in_exec) {
        if (E->uffd > 0) close(E->uffd);
        if (E->pagemap > 0) close(E->pagemap);
        E = NULL;
        return false;
    }
    return true;
}
