/* The CPU clock under the reset engine (issue 27 part 3): a forked
 * child's clock() starts at zero; the engine's one process ran every
 * execution before, and clock() kept counting.  Each execution here finds
 * less than LIMIT of CPU time used at its start, then burns more than
 * LIMIT of CPU (a fixed amount of work, so that every execution has the
 * same events): the second execution of the engine started past LIMIT.
 *   -DGETTIME  clock_gettime(CLOCK_PROCESS_CPUTIME_ID) instead of clock()
 *   -DCLOCKID=C clock_gettime(C): a CPU clock named as the kernel encodes
 *              it for the calling process or thread (-8, -7, -6: this
 *              process's user+system, user, scheduler time; -4, -3, -2:
 *              this thread's), as clock_getcpuclockid(0) returns it (on
 *              the commit before the fix these kept counting under reset:
 *              the adversary of issue 27)
 * (CPU time, not wall-clock time: a loaded machine does not change it.) */
#include <assert.h>
#include <time.h>

#include "racers.h"

#define LIMIT_MS 10

static long used_ms(void)
{
#if defined GETTIME || defined CLOCKID
    struct timespec ts;
#ifdef CLOCKID
    clock_gettime(CLOCKID, &ts);
#else
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
#endif
    return ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
#else
    return (long)(clock() / (CLOCKS_PER_SEC / 1000));
#endif
}

int main(void)
{
    assert(used_ms() < LIMIT_MS);
    /* 300M dependent additions: at least 75 ms on a 4 GHz core */
    unsigned long s = 0;
    for (unsigned long i = 0; i < 300000000ul; i++)
        __asm__ volatile("add %1, %0" : "+r"(s) : "r"(i));
    pthread_t t[2];
    race_start(t, NULL);
    race_join(t);
    return 0;
}
