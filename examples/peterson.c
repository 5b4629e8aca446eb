/*
 * peterson.c — Peterson's mutual exclusion for two threads, with a spin
 * loop.
 *
 * Each thread raises its flag, gives the turn to the other thread, and
 * spins while the other thread has its flag up and the turn.  The shared
 * variables are C11 sequentially consistent atomics, so the algorithm is
 * correct on real hardware too.  The critical section checks mutual
 * exclusion with an assertion.
 *
 * The spin loop makes some executions infinite: plain DFS can only explore
 * them up to a bound (--max-events, --max-executions: exit code 3,
 * incomplete), while UDPOR with cutoffs recognises the repeated states and
 * finishes exhaustively.  Compile with -DBROKEN to give the turn to
 * oneself instead: then both threads can enter together, which ravel finds.
 *
 *   ravel check --algo=dfs --max-executions=1000 examples/peterson.c
 *   ravel check examples/peterson.c -- -DBROKEN
 */
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

static atomic_int flag[2];
static atomic_int turn;
static int in_critical; /* threads inside the critical section */

static void *worker(void *arg)
{
    int me = (int)(long)arg, other = 1 - me;

    atomic_store(&flag[me], 1);
#ifdef BROKEN
    atomic_store(&turn, me);
#else
    atomic_store(&turn, other);
#endif
    while (atomic_load(&flag[other]) && atomic_load(&turn) == other) {
        /* spin */
    }

    in_critical++; /* critical section */
    assert(in_critical == 1);
    in_critical--;

    atomic_store(&flag[me], 0); /* leave */
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
