/* The time zone state lives in the C library and is filled from TZ on the
 * first conversion: a call that reads TZ and changes the time zone state
 * made two events (a read of the environment's family, an RMW of a time
 * family) and then read the input, so main's setenv could run after the
 * read event and before the call really read TZ.  The dependence said
 * "localtime_r read TZ before the setenv", so the explorers ran that
 * trace once, through an execution that saw the new TZ, and never the
 * execution in which the conversion saw the old one (t's localtime_r
 * wholly before the second setenv): "no error, exhaustive" under the
 * default mode and optimal, the assertion under dfs.  Fixed by one RMW of
 * the environment's family (which holds the time zone state), the last
 * event before the call (compile.c libc_family_of, libcout.c tz_state).
 * OP 0: localtime_r; OP 1: localtime (both wrapped, libcout.c, the
 * input read at an event); OP 2: mktime (wrapped: *tm, a local, read and
 * stored at events; the race is on TZ only).
 * Written for issue 27 (2026-11-29); dfs counts 3 traces, 2 failing, for
 * OP 0 and 1. */
#include <assert.h>
#include <pthread.h>
#include <stdlib.h>
#include <time.h>
time_t tv = 7200; /* 02:00 UTC */
int hour = -1;
void *fa(void *a)
{
#if OP == 0
    struct tm tm;
    localtime_r(&tv, &tm);
    hour = tm.tm_hour;
#elif OP == 1
    hour = localtime(&tv)->tm_hour;
#else
    struct tm tm = {.tm_hour = 2, .tm_mday = 1, .tm_year = 70};
    hour = (int)(mktime(&tm) / 3600); /* 2 under UTC0, 7 under EST5 */
#endif
    return 0;
}
int main(void)
{
    pthread_t t;
    setenv("TZ", "UTC0", 1);
    pthread_create(&t, 0, fa, 0);
    setenv("TZ", "EST5", 1);
    tv = 3600 * 12; /* a race with the conversion's read of tv */
    pthread_join(t, 0);
    assert(hour != 2); /* t's conversion wholly before the second setenv */
    return 0;
}
