/* A process or thread made without pthread_create or thrd_create: the C
 * library's fork, vfork and clone are refused by name at compile time,
 * but the raw system calls went through.  Under either engine the child
 * ran outside every explorer's control (a second process with its own
 * copy of memory, or for vfork and CLONE_VM one sharing it) and ravel
 * said "no error, exhaustive" (OP 0-3, 5; OP 4: exit 3, no error).  Each
 * is now trapped by a seccomp filter before it
 * runs (engine.c rv_trap_process_creation; the reset engine's filter)
 * and reported as unsupported, as fork() is.
 * OP 0: syscall(SYS_fork); 1: syscall(SYS_clone, SIGCHLD); 2:
 * syscall(SYS_vfork); 3: syscall(SYS_clone3); 4: fork in inline asm; 5:
 * syscall(SYS_clone, SIGCHLD) from a second thread.
 * Written for issue 27 (2026-11-29). */
#define _GNU_SOURCE
#include <assert.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>
int x;
static long make(void)
{
#if OP == 0
    return syscall(SYS_fork);
#elif OP == 1 || OP == 5
    return syscall(SYS_clone, SIGCHLD, 0, 0, 0, 0);
#elif OP == 2
    return syscall(SYS_vfork);
#elif OP == 3
    uint64_t args[11];
    memset(args, 0, sizeof args);
    args[4] = SIGCHLD; /* struct clone_args: exit_signal */
    return syscall(SYS_clone3, args, 88);
#else
    long r;
    __asm__ volatile("syscall" : "=a"(r) : "a"(SYS_fork) : "rcx", "r11", "memory");
    return r;
#endif
}
static void *child_maker(void *a)
{
    long r = make();
    if (r == 0) syscall(SYS_exit, 0); /* the child: gone at once */
    x = 1;
    return a;
}
int main(void)
{
#if OP == 5
    pthread_t t;
    pthread_create(&t, 0, child_maker, 0);
    pthread_join(t, 0);
#else
    child_maker(0);
#endif
    assert(x == 1);
    return 0;
}
