/* C11 threads: main hands one value to a consumer thread through a cnd_t
 * and a flag under a mtx_t; the consumer waits in the usual while loop.
 * Traces: the consumer locks first (and waits; the signal then follows
 * main's critical section) or main does (no wait): 2.
 * -DBUG: the consumer waits without looking at the flag, so a signal sent
 * before it waits is lost and it blocks forever (a deadlock). */
#include <assert.h>
#include <threads.h>

static mtx_t m;
static cnd_t cv;
static int ready, value;

static void produce(void)
{
    mtx_lock(&m);
    value = 42;
    ready = 1;
    mtx_unlock(&m);
    cnd_signal(&cv);
}

static int consumer(void *arg)
{
    mtx_lock(&m);
#ifdef BUG
    cnd_wait(&cv, &m);
#else
    while (!ready) assert(cnd_wait(&cv, &m) == thrd_success);
#endif
    int v = value;
    mtx_unlock(&m);
    return v;
}

int main(void)
{
    thrd_t c;
    mtx_init(&m, mtx_plain);
    cnd_init(&cv);
    thrd_create(&c, consumer, NULL);
    produce();
    int got = 0;
    thrd_join(c, &got);
    assert(got == 42);
    cnd_destroy(&cv);
    mtx_destroy(&m);
    return 0;
}
