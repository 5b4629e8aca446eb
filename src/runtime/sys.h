/*
 * sys.h — raw Linux x86-64 system calls for the runtime's protocol with
 * ravel (the fork server's pipes, its shared memory, waiting for the child,
 * ending a process).
 *
 * Why not libc: these calls carry the protocol, and no symbol of the
 * program, of a library it links or of an LD_PRELOAD may stand between the
 * runtime and the kernel there (DESIGN §2.1, "A runtime the program cannot
 * hijack").  The compile driver already renames a program's own `write`,
 * `read`, ... so that the runtime's libc calls reach libc; the raw calls
 * here also hold when the replacement comes from a shared library.  They
 * set no errno: each returns the kernel's result, -errno on failure.
 *
 * fork() stays libc's: the child needs glibc's bookkeeping (the thread's
 * cached tid, stdio and malloc locks, atfork handlers), which a raw clone
 * would skip; the compile driver keeps the program from replacing it.
 *
 * Owns: no state: system calls only.
 */
#ifndef RAVEL_RUNTIME_SYS_H
#define RAVEL_RUNTIME_SYS_H

#include <stddef.h>
#include <stdint.h>
#include <sys/syscall.h>
#include <sys/types.h>

static inline long rv_syscall6(long n, long a, long b, long c, long d, long e, long f)
{
    register long r10 __asm__("r10") = d;
    register long r8 __asm__("r8") = e;
    register long r9 __asm__("r9") = f;
    long ret;
    __asm__ volatile("syscall"
                     : "=a"(ret)
                     : "a"(n), "D"(a), "S"(b), "d"(c), "r"(r10), "r"(r8), "r"(r9)
                     : "rcx", "r11", "memory");
    return ret;
}

static inline long rv_sys_read(int fd, void *p, size_t n)
{
    return rv_syscall6(SYS_read, fd, (long)p, (long)n, 0, 0, 0);
}

static inline long rv_sys_write(int fd, const void *p, size_t n)
{
    return rv_syscall6(SYS_write, fd, (long)p, (long)n, 0, 0, 0);
}

static inline long rv_sys_pread(int fd, void *p, size_t n, long off)
{
    return rv_syscall6(SYS_pread64, fd, (long)p, (long)n, off, 0, 0);
}

static inline long rv_sys_close(int fd)
{
    return rv_syscall6(SYS_close, fd, 0, 0, 0, 0, 0);
}

/* The mapped address, or a value in [-4095, -1] (-errno). */
static inline long rv_sys_mmap(void *addr, size_t len, int prot, int flags, int fd, long off)
{
    return rv_syscall6(SYS_mmap, (long)addr, (long)len, prot, flags, fd, off);
}

static inline long rv_sys_wait4(pid_t pid, int *status, int options)
{
    return rv_syscall6(SYS_wait4, pid, (long)status, options, 0, 0, 0);
}

static inline __attribute__((noreturn)) void rv_sys_exit(int code)
{
    for (;;) rv_syscall6(SYS_exit_group, code, 0, 0, 0, 0, 0);
}

#endif
