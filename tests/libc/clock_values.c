#define _GNU_SOURCE /* timespec_getres (C23) */
/* The virtual clock (src/runtime/clock.c): every reading advances one
 * clock by 1.001001001 s; the clocks differ by their origin only.  The
 * values below are its closed form: reading k (from 1) is k * STEP ns
 * past the origin, unless a sleep longer than a step moved the thread's
 * floor.  One thread, so one trace. */
#include <assert.h>
#include <stdint.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

#define EPOCH 1735689600LL /* 2025-01-01T00:00:00Z */
#define STEP  1001001001LL

static long long ns(struct timespec t)
{
    return (long long)t.tv_sec * 1000000000LL + t.tv_nsec;
}

int main(void)
{
    time_t t;
    struct timespec a, r;
    struct timeval tv;
    struct timezone tz = {99, 99};

    assert(time(&t) == EPOCH + 1 && t == EPOCH + 1); /* reading 1 */
    assert(clock_gettime(CLOCK_REALTIME, &a) == 0 && ns(a) == EPOCH * 1000000000LL + 2 * STEP);
    assert(clock_gettime(CLOCK_MONOTONIC, &a) == 0 && ns(a) == 3 * STEP);
    assert(clock_gettime(CLOCK_TAI, &a) == 0 && ns(a) == (EPOCH + 37) * 1000000000LL + 4 * STEP);
    assert(clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &a) == 0 && ns(a) == 5 * STEP);
    assert(clock_gettime(CLOCK_THREAD_CPUTIME_ID, &a) == 0 && ns(a) == 6 * STEP);
    assert(gettimeofday(&tv, &tz) == 0 && tv.tv_sec == EPOCH + 7 && tv.tv_usec == 7007 &&
           tz.tz_minuteswest == 0 && tz.tz_dsttime == 0);
    assert(clock() == (clock_t)(8 * STEP / 1000));
    assert(timespec_get(&a, TIME_UTC) == TIME_UTC && ns(a) == EPOCH * 1000000000LL + 9 * STEP);
    /* resolutions are no readings */
    assert(clock_getres(CLOCK_MONOTONIC, &r) == 0 && r.tv_sec == 0 && r.tv_nsec == 1);
    assert(timespec_getres(&r, TIME_UTC) == TIME_UTC && r.tv_nsec == 1);
    assert(clock_gettime((clockid_t)12345, &a) == -1); /* no such clock: no reading */
    /* a sleep shorter than a step changes nothing; a longer one is a floor */
    usleep(500000);
    assert(time(NULL) == EPOCH + 10);
    sleep(5);
    assert(clock_gettime(CLOCK_MONOTONIC, &a) == 0 && ns(a) == 10 * STEP + 5000000000LL);
    struct timespec until = {a.tv_sec + 20, 0};
    assert(clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &until, NULL) == 0);
    assert(clock_gettime(CLOCK_MONOTONIC, &a) == 0 && ns(a) == ns(until));
    assert(clock_gettime(CLOCK_MONOTONIC, &a) == 0 && ns(a) == ns(until) + STEP);
    return 0;
}
