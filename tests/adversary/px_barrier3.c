/* A barrier of count 2 shared by three threads: a waits twice, b and c
 * once each, so four arrivals make two cycles whose pairs are chosen by
 * the schedule (a can be in both: as the serial thread of the first
 * cycle it arrives again without a leave).  Each wait's return value
 * feeds a counter; exactly one waiter per cycle is the serial thread.
 * --memory=drf: the counters are atomics.
 *   MODE 0: when b and c form the first cycle, a's second arrival is
 *           alone: a deadlock; otherwise two serial returns (main's
 *           assertion holds) and main destroys the barrier.
 *   MODE 1: a asserts it is never the serial thread twice: fails when
 *           a completes both cycles (b, a | c, a).
 *   MODE 2: count 3 with the same four arrivals: the fourth waiter
 *           waits forever (deadlock in every trace).
 *   MODE 4: b destroys the barrier right after its own wait returns
 *           (allowed once its cycle completed); a later arrival uses a
 *           destroyed barrier, or the destroy meets a blocked arriver:
 *           misuses.
 * (MODE 0, 1 and 4 take 10^5 dfs executions: run by hand.) */
#include <assert.h>
#include <pthread.h>

static pthread_barrier_t b;
static int serial_total, a_serial;

static int wait_once(void)
{
    int r = pthread_barrier_wait(&b);
    assert(r == 0 || r == PTHREAD_BARRIER_SERIAL_THREAD);
    int s = r == PTHREAD_BARRIER_SERIAL_THREAD;
    __atomic_fetch_add(&serial_total, s, __ATOMIC_SEQ_CST);
    return s;
}

static void *ta(void *arg)
{
    a_serial += wait_once();
    a_serial += wait_once();
    if (MODE == 1) assert(a_serial < 2);
    return arg;
}

static void *tb(void *arg)
{
    wait_once();
    if (MODE == 4) pthread_barrier_destroy(&b);
    return arg;
}

static void *tc(void *arg)
{
    wait_once();
    return arg;
}

int main(void)
{
    pthread_t x, y, z;
    pthread_barrier_init(&b, 0, MODE == 2 ? 3 : 2);
    pthread_create(&x, 0, ta, 0);
    pthread_create(&y, 0, tb, 0);
    pthread_create(&z, 0, tc, 0);
    pthread_join(x, 0);
    pthread_join(y, 0);
    pthread_join(z, 0);
    assert(serial_total == 2);
    if (MODE != 4) assert(pthread_barrier_destroy(&b) == 0);
    return 0;
}
