/*
 * dekker.c — Dekker's algorithm, the first correct mutual exclusion for two
 * threads using only shared memory, with its spin loops.
 *
 * A thread raises its flag; while the other flag is up, the thread whose
 * turn it is not lowers its flag and spins until the turn comes back.  On
 * leaving, it hands the turn over.  The shared variables are sequentially
 * consistent C11 atomics.  The spins make some executions infinite: UDPOR
 * with cutoffs explores this finite-state program exhaustively, plain DFS
 * only up to a bound.  -DBROKEN drops the check of the other thread's flag,
 * and both threads can enter the critical section.
 *
 *   ravel check examples/dekker.c
 *   ravel check examples/dekker.c -- -DBROKEN
 */
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

static atomic_int flag[2];
static atomic_int turn;
static int in_critical;

static void *worker(void *arg)
{
    int me = (int)(long)arg, other = 1 - me;

    atomic_store(&flag[me], 1);
#ifndef BROKEN
    while (atomic_load(&flag[other])) {
        if (atomic_load(&turn) != me) {
            atomic_store(&flag[me], 0);
            while (atomic_load(&turn) != me) {
                /* spin: wait for our turn */
            }
            atomic_store(&flag[me], 1);
        }
    }
#endif

    in_critical++; /* critical section */
    assert(in_critical == 1);
    in_critical--;

    atomic_store(&turn, other);
    atomic_store(&flag[me], 0);
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
