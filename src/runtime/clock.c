/*
 * clock.c — the program's clocks (issue 28 part 6): a virtual clock, the
 * same in every execution, or the real one under --real-clock.
 *
 * A program that reads the time is not repeatable: a pool that polls
 * time() until a deadline loops a different number of times in each run,
 * so the same schedule gives other events and no explorer can replay it.
 * By default every clock the program can read (time, gettimeofday,
 * clock_gettime of every clock id, clock, timespec_get, and the
 * resolutions clock_getres and timespec_getres) reads one virtual clock:
 *  - a 64-bit count of nanoseconds, `virtual_clock`, zero at the start of
 *    every execution (runtime .bss: the fork child inherits it from the
 *    server, the reset engine puts the snapshot back);
 *  - each reading is an atomic RMW event on it (RV_AF_ATOMIC: never a data
 *    race) that advances it by RV_CLOCK_STEP_NS, a little over a second, so
 *    that every field a program may look at changes (seconds, milli-,
 *    micro- and nanoseconds) and a loop that waits for a deadline of a few
 *    seconds ends after as many readings;
 *  - readings of two threads are therefore dependent (the values they get
 *    depend on their order, as on a real clock), and the clock's value is
 *    part of every state through the event's written bytes (the fold of
 *    cutoff.c): a spin that polls the clock never repeats a state, and
 *    ends when its deadline passes, not by a cutoff;
 *  - a sleep longer than one step (sync.c calls rv_clock_slept) makes the
 *    sleeping thread's next reading at least that far past its previous
 *    one (rv_thr.clock_floor, hashed with its record).  The longest such
 *    sleep since the reading counts, not their sum: a sum would change
 *    the thread's state at every turn of a sleep-polling loop and cost it
 *    its cutoffs.  Other threads see time pass only by their own readings.
 * The clocks differ only by their origin: CLOCK_REALTIME and its variants
 * (and timespec_get's TIME_UTC) start at RV_CLOCK_EPOCH (2025-01-01, UTC),
 * CLOCK_TAI 37 s later, every other clock (monotonic, boot time, process
 * and thread CPU time, clock()) at 0.  A timed wait that times out does
 * not move the clock to its deadline (timing out is the explorer's
 * choice, DESIGN §3b).
 *
 * Under --real-clock (RV_REQ_REAL_CLOCK) the wrappers return the C
 * library's answer, writing the outputs at events; a reading is still an
 * RMW event on virtual_clock (dependent, and named when the program does
 * not repeat itself) and taints the state (the time is outside it).
 * Outside an execution (constructors, atexit handlers after the end) the
 * real clock answers.
 *
 * Owns: the virtual clock (virtual_clock); sleeping is a yield that
 * advances it.
 */
#include "rt.h"
#include "engine.h"

#include <errno.h>
#include <string.h>
#include <sys/time.h>
#include <time.h>

#define PC RV_PC()

#define NS_PER_S         1000000000ull
#define RV_CLOCK_STEP_NS 1001001001ull /* 1 s + 1 ms + 1 us + 1 ns per reading */
#define RV_CLOCK_EPOCH   1735689600ull /* 2025-01-01T00:00:00Z, CLOCK_REALTIME's origin */
#define RV_CLOCK_TAI     37ull         /* TAI - UTC since 2017, in seconds */

/* Nanoseconds since the start of the execution: the object of every
 * reading's event (reports name it). */
static uint64_t virtual_clock;

static bool virtual_on(void)
{
    return rt.active && rt.running && !(rt.flags & RV_REQ_REAL_CLOCK);
}

/* One reading: the event, then the clock advances (this thread's turn:
 * nothing else runs until its next event); errno stays as it was. */
static uint64_t tick(uint64_t pc)
{
    int e = errno;
    rv_mem_event(RV_ACT_RMW, &virtual_clock, sizeof virtual_clock, pc, RV_AF_ATOMIC);
    rv_thr *t = rt.running;
    uint64_t v = virtual_clock + RV_CLOCK_STEP_NS;
    if (v < t->clock_floor) v = t->clock_floor;
    virtual_clock = v;
    t->clock_last = t->clock_floor = v;
    errno = e;
    return v;
}

/* A reading of the real clock (--real-clock): an event all the same, so
 * that readings stay dependent and an explorer can name the clock when
 * the program does not repeat itself; the word then counts readings.  The
 * time itself is outside the program: the state is unique. */
static void real_reading(uint64_t pc)
{
    int e = errno;
    rv_mem_event(RV_ACT_RMW, &virtual_clock, sizeof virtual_clock, pc, RV_AF_ATOMIC);
    if (rt.active && rt.running) virtual_clock++;
    rv_taint(RV_TAINT_LIBC);
    errno = e;
}

void rv_clock_slept(uint64_t ns)
{
    if (!virtual_on() || ns <= RV_CLOCK_STEP_NS) return; /* the next reading steps past it */
    rv_thr *t = rt.running;
    uint64_t f = t->clock_last + ns < t->clock_last ? UINT64_MAX : t->clock_last + ns;
    if (f > t->clock_floor) t->clock_floor = f;
}

void rv_clock_slept_ts(const struct timespec *req)
{
    if (!virtual_on() || !req || req->tv_sec < 0) return;
    uint64_t s = (uint64_t)req->tv_sec;
    rv_clock_slept(s > UINT64_MAX / NS_PER_S - 1 ? UINT64_MAX
                                                 : s * NS_PER_S + (uint64_t)req->tv_nsec);
}

static uint64_t origin_of(clockid_t c);

/* Sleeping is a yield (sync.c); clock_nanosleep is one too.  An absolute
 * deadline (TIMER_ABSTIME) on the virtual clock becomes the thread's floor.
 * The request is read without an event, like nanosleep's (sync.c): a
 * timespec another thread changes during the call is not modelled. */
int __ravel_clock_nanosleep(clockid_t c, int flags, const struct timespec *req,
                            struct timespec *rem)
{
    (void)rem; /* never interrupted: nothing remains */
    if (clock_getres(c, NULL) != 0 || c == CLOCK_THREAD_CPUTIME_ID) return EINVAL;
    if (!req || req->tv_nsec < 0 || req->tv_nsec >= (long)NS_PER_S) return EINVAL;
    rv_visible(rv_act(RV_ACT_YIELD, 0), PC);
    if (!(flags & TIMER_ABSTIME)) {
        rv_clock_slept_ts(req);
    } else if (virtual_on() && req->tv_sec >= 0) {
        uint64_t s = (uint64_t)req->tv_sec, o = origin_of(c);
        uint64_t v = s < o ? 0
                     : s - o > UINT64_MAX / NS_PER_S - 1
                         ? UINT64_MAX
                         : (s - o) * NS_PER_S + (uint64_t)req->tv_nsec;
        rv_thr *t = rt.running;
        if (v > t->clock_floor) t->clock_floor = v;
    }
    return 0;
}

static bool realtime_clock(clockid_t c)
{
    return c == CLOCK_REALTIME || c == CLOCK_REALTIME_COARSE || c == CLOCK_REALTIME_ALARM ||
           c == CLOCK_TAI;
}

/* Clock c's origin in seconds: its reading at virtual_clock == 0. */
static uint64_t origin_of(clockid_t c)
{
    return c == CLOCK_TAI ? RV_CLOCK_EPOCH + RV_CLOCK_TAI : realtime_clock(c) ? RV_CLOCK_EPOCH : 0;
}

/* The reading v of clock c: its origin plus v. */
static struct timespec as_timespec(clockid_t c, uint64_t v)
{
    struct timespec ts = {(time_t)(origin_of(c) + v / NS_PER_S), (long)(v % NS_PER_S)};
    return ts;
}

time_t __ravel_time(time_t *t)
{
    uint64_t pc = PC;
    time_t r;
    if (virtual_on()) {
        r = as_timespec(CLOCK_REALTIME, tick(pc)).tv_sec;
    } else {
        real_reading(pc);
        r = time(NULL);
        if (r == (time_t)-1) return r;
    }
    if (t) rv_out(t, &r, sizeof r, pc);
    return r;
}

int __ravel_gettimeofday(struct timeval *tv, void *tz)
{
    uint64_t pc = PC;
    struct timeval a;
    struct timezone z = {0, 0}; /* UTC, no daylight saving time */
    if (virtual_on()) {
        struct timespec ts = as_timespec(CLOCK_REALTIME, tick(pc));
        a.tv_sec = ts.tv_sec;
        a.tv_usec = ts.tv_nsec / 1000;
    } else {
        real_reading(pc);
        if (gettimeofday(&a, tz ? &z : NULL) != 0) return -1;
    }
    if (tv) rv_out(tv, &a, sizeof a, pc);
    if (tz) rv_out(tz, &z, sizeof z, pc);
    return 0;
}

int __ravel_clock_gettime(clockid_t c, struct timespec *ts)
{
    uint64_t pc = PC;
    struct timespec a;
    if (!ts) {
        errno = EFAULT;
        return -1;
    }
    if (virtual_on()) {
        /* the C library says which ids are clocks (CPU-time clocks of a
         * process or thread are negative ids) */
        if (clock_getres(c, NULL) != 0) return -1;
        a = as_timespec(c, tick(pc));
    } else {
        real_reading(pc);
        if (clock_gettime(c, &a) != 0) return -1;
        rv_engine_cpu_clock(c, &a); /* from the execution's start, as in a forked child */
    }
    rv_out(ts, &a, sizeof a, pc);
    return 0;
}

int __ravel_clock_getres(clockid_t c, struct timespec *res)
{
    uint64_t pc = PC;
    struct timespec a;
    if (clock_getres(c, &a) != 0) return -1;
    if (virtual_on()) a = (struct timespec){0, 1}; /* the virtual clock counts nanoseconds */
    if (res) rv_out(res, &a, sizeof a, pc);
    return 0;
}

clock_t __ravel_clock(void)
{
    uint64_t pc = PC;
    if (!virtual_on()) {
        /* the C library's clock() from the process's CPU clock, counted
         * from the execution's start under the reset engine as in a
         * forked child (engine.c, rv_engine_cpu_clock) */
        real_reading(pc);
        struct timespec a;
        if (clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &a)) return (clock_t)-1;
        rv_engine_cpu_clock(CLOCK_PROCESS_CPUTIME_ID, &a);
        return (clock_t)(a.tv_sec * CLOCKS_PER_SEC + a.tv_nsec / (NS_PER_S / CLOCKS_PER_SEC));
    }
    return (clock_t)(tick(pc) / (NS_PER_S / CLOCKS_PER_SEC));
}

int __ravel_timespec_get(struct timespec *ts, int base)
{
    uint64_t pc = PC;
    struct timespec a;
    if (base != TIME_UTC) return 0; /* the only base the C library knows */
    if (virtual_on()) {
        a = as_timespec(CLOCK_REALTIME, tick(pc));
    } else {
        real_reading(pc);
        if (!timespec_get(&a, base)) return 0;
    }
    rv_out(ts, &a, sizeof a, pc);
    return base;
}

int __ravel_timespec_getres(struct timespec *res, int base)
{
    uint64_t pc = PC;
    struct timespec a;
    if (base != TIME_UTC || !timespec_getres(&a, base)) return 0;
    if (virtual_on()) a = (struct timespec){0, 1};
    if (res) rv_out(res, &a, sizeof a, pc);
    return base;
}

/* ---- sleeping (sync.c's before; c11threads.c calls nanosleep as the
 * program: RV_API_PC) ------------------------------------------------------- */

/* Sleeping is a yield; the virtual clock (clock.c) shows the sleeping
 * thread that the time passed. */
unsigned __ravel_sleep(unsigned s)
{
    rv_visible(rv_act(RV_ACT_YIELD, 0), RV_API_PC());
    rv_clock_slept(s * 1000000000ull);
    return 0;
}
int __ravel_usleep(unsigned us)
{
    rv_visible(rv_act(RV_ACT_YIELD, 0), RV_API_PC());
    rv_clock_slept(us * 1000ull);
    return 0;
}
int __ravel_nanosleep(const void *req, void *rem)
{
    rv_visible(rv_act(RV_ACT_YIELD, 0), RV_API_PC());
    rv_clock_slept_ts(req);
    return 0;
}
