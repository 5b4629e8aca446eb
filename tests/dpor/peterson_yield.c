/* Peterson's mutual exclusion (examples/peterson.c) with sched_yield in
 * the spin loops, as CHESS-style fair schedulers expect (seed 002 §1.2):
 * under the fair bound a waiter that has yielded more than K times more
 * than the other thread cannot run, so every execution is finite and the
 * search terminates.  -DBROKEN gives the turn to oneself: both threads can
 * enter together.  -DROUNDS=N: each thread enters N times. */
#include <assert.h>
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>

#ifndef ROUNDS
#define ROUNDS 1
#endif

static atomic_int flag[2];
static atomic_int turn;
static int in_critical;

static void *worker(void *arg)
{
    int me = (int)(long)arg, other = 1 - me;
    for (int r = 0; r < ROUNDS; r++) {
        atomic_store(&flag[me], 1);
#ifdef BROKEN
        atomic_store(&turn, me);
#else
        atomic_store(&turn, other);
#endif
        while (atomic_load(&flag[other]) && atomic_load(&turn) == other) sched_yield();
        in_critical++; /* @cs */
        assert(in_critical == 1); /* @bug */
        in_critical--;
        atomic_store(&flag[me], 0);
    }
    return NULL;
}

int main(void)
{
    pthread_t a, b;
    pthread_create(&a, NULL, worker, (void *)0);
    pthread_create(&b, NULL, worker, (void *)1);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    return 0;
}
