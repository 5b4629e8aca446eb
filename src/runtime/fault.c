/*
 * fault.c — crashes: fatal signals become a verdict with the faulting
 * thread and the program's frame (on_fatal), and ravel's question "where
 * is the running thread" (on_where).  It owns the alternate signal stack
 * and the test of which code is the program's (rv_program_code,
 * rv_program_frame), which state.c's scrubs use too.
 */

#include "rt.h"
#include "engine.h"
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
#include <sys/syscall.h>
#include <string.h>
#include <sys/auxv.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#define XXH_INLINE_ALL
#include <xxhash.h>

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
bool rv_program_code(uint64_t pc)
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
    if (rv_program_code(pc) && !leaf) return pc + 1;
    rv_thr *t = rt.running;
    uint64_t lo = sp, hi = t && t->stack_hi ? (uint64_t)(uintptr_t)t->stack_hi : 0;
    if ((!in_exe || leaf) && sp + 8 <= hi && !(sp & 7)) {
        uint64_t ret = rv_pc_of(*(const uint64_t *)(uintptr_t)sp);
        if (rv_program_code(ret) && after_call(ret)) return ret;
    }
    for (int i = 0; i < 256 && fp >= lo && fp + 16 <= hi && !(fp & 7); i++) {
        const uint64_t *frame = (const uint64_t *)(uintptr_t)fp;
        uint64_t ret = rv_pc_of(frame[1]);
        if (rv_program_code(ret)) return ret;
        lo = fp + 16;
        fp = frame[0];
    }
    return 0;
}

static const char *process_call_name(int nr)
{
    return nr == SYS_fork    ? "fork"
           : nr == SYS_vfork ? "vfork"
           : nr == SYS_clone ? "clone"
                             : "clone3";
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
    /* a raw fork, vfork, clone or clone3 (syscall(SYS_clone, ...), inline
     * asm), trapped before it ran (engine.c rv_trap_process_creation) */
    if (sig == SIGSYS && si->si_code == 1 && rv_creates_process(si->si_syscall))
        rv_end_exec(RV_END_UNSUPPORTED, pc, 0,
                    "system call %d (%s), which creates a process or thread outside "
                    "pthread_create and thrd_create: ravel does not model it",
                    si->si_syscall, process_call_name(si->si_syscall));
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

void rv_install_crash_handlers(void)
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
