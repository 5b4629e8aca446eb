/* Imports that the reset engine cannot undo, or that tell the engines
 * apart, make `--engine=auto` fork (issue 27 part 3); the results are the
 * fork engine's.
 *   -DGETPID      a forked child's pid differs from the one its
 *                 constructors saw; the engine's process keeps its pid,
 *                 and getpid was on the reset-safe list: the assertion
 *                 failed under reset only
 *   -DQUICK_EXIT  quick_exit ends the process without exit's path, on
 *                 which the engine ends an execution
 *   -DSBRK        the program moves the break itself
 *   -DSIGNAL      a constructor sets a signal's disposition */
#include <assert.h>
#include <signal.h>
#include <stdlib.h>
#include <unistd.h>

#include "racers.h"

static pid_t pid0;

static void on_usr1(int sig)
{
    (void)sig;
}
static void at_quick(void)
{
    assert(racers_x == 0);
}

__attribute__((constructor)) static void setup(void)
{
#ifdef GETPID
    pid0 = getpid();
#endif
#ifdef SIGNAL
    signal(SIGUSR1, on_usr1);
#endif
#ifdef QUICK_EXIT
    at_quick_exit(at_quick);
#endif
}

int main(void)
{
#ifdef GETPID
    assert(getpid() != pid0); /* a forked child is a process of its own */
#endif
#ifdef SBRK
    char *b = sbrk(4096);
    assert(b != (char *)-1);
    b[0] = 1;
#endif
    pthread_t t[2];
    race_start(t, NULL);
#ifdef QUICK_EXIT
    if (racers_x == 1) quick_exit(0);
#endif
    race_join(t);
    (void)on_usr1, (void)at_quick, (void)pid0;
    return 0;
}
