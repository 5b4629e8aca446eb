/*
 * start.c — the runtime's entry point, the top of the runtime: main, the
 * fork server that serves executions until ravel closes the request pipe
 * (serve), a standalone run, and the start of each execution with the
 * program's main as thread 0.  It owns the process's start and the
 * standalone header (standalone_shm), and may call every layer below.
 */
#include "rt.h"
#include "engine.h"
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
#include <sys/single_threaded.h>
#include <string.h>
#include <sys/auxv.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#define XXH_INLINE_ALL
#include <xxhash.h>

extern int __ravel_user_main(int, char **, char **);

/* A private header when the program runs standalone (no fork server). */
static rv_shm standalone_shm;

/* The program's main, with thread 0's fingerprinted stack starting at this
 * frame: the runtime's main above it keeps fork-server state (pids,
 * counters) that must not enter the fingerprints. */
static __attribute__((noinline)) int run_user_main(rv_thr *m, int argc, char **argv, char **envp)
{
    m->stack_hi = (char *)__builtin_frame_address(0);
    /* The program is multithreaded, though its threads share one OS
     * thread: glibc clears this at a program's first pthread_create, which
     * ravel's runtime replaces.  Left at 1, libstdc++ takes its
     * single-threaded paths: std::shared_ptr's counts become plain
     * read-modify-writes whose interleavings lose updates (a use_count()
     * no real run has: tests/cxx cxx_shared_ptr.cpp), and a static
     * local's guard contended by two threads throws recursive_init_error
     * (tests/cxx cxx_static_guard.cpp).  Set in every execution (both
     * engines), after the constructors, which run alone. */
    __libc_single_threaded = 0;
    /* with the callee-saved registers zeroed: the fork server's values
     * (pids, counters) would otherwise sit in them for the whole run */
    return rv_call_clean(__ravel_user_main, argc, argv, envp);
}

/* ------------------------------------------------------------------ */
/* The fork server and the program's entry point.                      */

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
            rv_trap_process_creation(); /* best effort: on failure, as before */
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
    /* before anything else: the kernel's calls up (kernel.h) */
    static const rv_kernel_ops kernel_ops = {
        .thread_return = rv_thread_finish,
        .end_report = rv_sched_end_report,
        .exit = rv_exec_exit,
        .zmap = rv_zmap,
    };
    rv_kernel_set_ops(&kernel_ops);
    rv_xstate_init();
    rv_install_crash_handlers();
    rv_tls_init();
    rv_live_load();
    if (getenv("RAVEL_SERVER")) {
        /* the scrub below at the start of every execution then finds
         * zeros but for serve()'s frames: the reset engine's snapshot of
         * main's stack is taken in serve() */
        rv_scrub_below(64 << 10, true);
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
    m->tp = rv_tls_main(); /* main keeps the process's own TLS area */
    rt.nthreads = 1;
    rt.running = m;
    if (rt.flags & RV_REQ_DRF) rv_race_thread_start(0, 0);
    rt.ended = false;
    rt.active = true;
    rv_scrub_below(64 << 10, true); /* the fork server's frames (every mode: one semantics) */
    int r = run_user_main(m, argc, argv, envp);
    if (rt.flags & RV_REQ_POSIX_EXIT) {
        extern void __ravel_exit(int);
        __ravel_exit(r);
    }
    rt.main_ret = r;
    rv_thread_finish(NULL);
}
