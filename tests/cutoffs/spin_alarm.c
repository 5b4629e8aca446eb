/* spin_alarm.c — a spin that a SIGALRM handler ends: every real run ends
 * (after 100 s).  alarm() is state outside the program's memory and its
 * threads' fingerprints (a C library call that keeps state: the states
 * after it are unique), so the repeating reads of the spin are no
 * evidence of a cycle: ravel must not report non-termination. */
#include <signal.h>
#include <sched.h>
#include <unistd.h>

static volatile sig_atomic_t flag;

static void on_alarm(int s)
{
    (void)s;
    flag = 1;
}

int main(void)
{
    signal(SIGALRM, on_alarm);
    alarm(100);
    while (!flag) sched_yield(); /* marker: spin */
    return 0;
}
