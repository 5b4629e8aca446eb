/* create_forever.c — the shape of half of SV-COMP's concurrency tasks:
 * main creates workers in an unbounded loop and never joins them.  Each
 * worker adds 1 to x without a lock and checks that x is what it wrote,
 * which fails only when a second worker writes in between: two workers
 * must interleave (each alone, or one after the other, is fine).
 * -DATOMIC: an atomic add and no check, nothing to find.  -DSEM: main
 * waits on a semaphore nobody posts after each create: with the creates
 * held by the thread bound every thread is blocked, which is no deadlock
 * (main would create the next worker). */
#include <assert.h>
#include <pthread.h>
#include <semaphore.h>

static int x;
static sem_t s;

static void *worker(void *a)
{
#ifdef ATOMIC
    __atomic_fetch_add(&x, 1, __ATOMIC_SEQ_CST);
#elif defined SEM
    sem_wait(&s);
#else
    int v = x;
    x = v + 1;
    assert(x == v + 1); /* LINE-ASSERT */
#endif
    return a;
}

int main(void)
{
    sem_init(&s, 0, 0);
    pthread_t t;
    while (1) pthread_create(&t, 0, worker, 0);
}
