/* A signal the C library sends itself (the adversary of issue 27 part
 * 3): with -fstack-protector-all, the executions where an increment is
 * lost overflow a buffer on the stack, and the C library's
 * __stack_chk_fail aborts with SIGABRT (a tgkill, not a call of the
 * abort() ravel wraps).  Such a signal's siginfo holds the sender's pid
 * where a fault's holds its address: the crash handler reported it as
 * the "fault address", one per forked child, so the fork engine listed
 * one error per execution that aborted and the reset engine (one pid)
 * one in all.  Both report one now. */
#include <string.h>

#include "racers.h"

__attribute__((noinline)) static void fill(char *b, int n)
{
    memset(b, 'a', (size_t)n);
}

__attribute__((noinline)) static void smash(int n)
{
    char buf[8];
    fill(buf, n);
    __asm__ volatile("" : : "r"(buf) : "memory");
}

int main(void)
{
    pthread_t t[2];
    race_start(t, NULL);
    race_join(t);
    smash(racers_x == 1 ? 64 : 4);
    return 0;
}
