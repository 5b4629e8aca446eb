/* tests/libs/mcslock: a harness (ravel's) for sysprog21/concurrent-programs'
 * MCS queue lock (vendored beside it).  THREADS threads (main among them)
 * each take the lock ROUNDS times with a node on their own stack and
 * increment a plain counter inside: the lock excludes (no lost update),
 * and under --memory=drf the counter is race-free (the lock's acquire and
 * release order it). */
#include <assert.h>
#include <pthread.h>
#include "mcslock.h"

#ifndef THREADS
#define THREADS 2
#endif
#ifndef ROUNDS
#define ROUNDS 1
#endif

static mcslock_t lock;
static int counter;

static void *worker(void *arg)
{
    for (int i = 0; i < ROUNDS; i++) {
        mcsnode_t node;
        mcslock_acquire(&lock, &node);
        int c = counter; /* @read */
        counter = c + 1;
        mcslock_release(&lock, &node);
    }
    return arg;
}

int main(void)
{
    pthread_t t[THREADS - 1];
    mcslock_init(&lock);
    for (int i = 0; i < THREADS - 1; i++)
        pthread_create(&t[i], 0, worker, 0);
    worker(0);
    for (int i = 0; i < THREADS - 1; i++)
        pthread_join(t[i], 0);
    assert(counter == THREADS * ROUNDS); /* @count */
    return 0;
}
