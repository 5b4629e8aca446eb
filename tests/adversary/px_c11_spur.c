/* C11 threads with spurious wake-ups and timed waits.  A producer thread
 * (thrd_create) sets ready under a mtx_timed mutex and signals; main
 * waits for it with cnd_wait (IF 0: in a while loop, IF 1: with an if,
 * the classic bug) and checks ready.  call_once runs init exactly once
 * (both threads call it); tss values are per thread.  Run with and
 * without --spurious-wakeups.
 *   IF 0: correct with and without spurious wake-ups.
 *   IF 1: without --spurious-wakeups correct (a wait returns only when
 *         signalled); with it, main may wake spuriously: assertion.
 *   TIMEDLOCK 1: the producer takes the mutex with mtx_timedlock and
 *         gives up on thrd_timedout: then nobody sets ready and main
 *         waits forever (deadlock), or, with an if and spurious wake-ups,
 *         wakes and fails the assertion.
 * (IF 0 with --spurious-wakeups has executions of every length: a wait
 * may wake and wait again forever; not run.)  Counts by dfs: 4 (IF 0/1
 * without the option), 7 (IF 1 with it), 10 and 19 with TIMEDLOCK. */
#include <assert.h>
#include <threads.h>
#include <time.h>

static mtx_t m;
static cnd_t c;
static once_flag once = ONCE_FLAG_INIT;
static tss_t key;
static int ready, inits;

static void init(void)
{
    inits++;
}

static int producer(void *arg)
{
    call_once(&once, init);
    tss_set(key, (void *)2);
    struct timespec ts = {0, 0};
    int r = TIMEDLOCK ? mtx_timedlock(&m, &ts) : mtx_lock(&m);
    if (r == thrd_success) {
        ready = 1;
        cnd_signal(&c);
        mtx_unlock(&m);
    } else {
        assert(r == thrd_timedout);
    }
    assert(tss_get(key) == (void *)2);
    return 7;
}

int main(void)
{
    thrd_t t;
    assert(mtx_init(&m, mtx_timed) == thrd_success);
    assert(cnd_init(&c) == thrd_success);
    assert(tss_create(&key, 0) == thrd_success);
    tss_set(key, (void *)1);
    thrd_create(&t, producer, 0);
    call_once(&once, init);
    mtx_lock(&m);
    if (IF) {
        if (!ready) cnd_wait(&c, &m);
    } else {
        while (!ready) cnd_wait(&c, &m);
    }
    assert(ready);
    mtx_unlock(&m);
    int res;
    thrd_join(t, &res);
    assert(res == 7 && inits == 1 && tss_get(key) == (void *)1);
    return 0;
}
