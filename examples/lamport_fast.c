/*
 * lamport_fast.c — Lamport's fast mutual exclusion algorithm (1987) for two
 * threads: without contention a thread enters after a constant number of
 * shared accesses (write x, read y, write y, read x).
 *
 * Thread ids are 1 and 2; y == 0 means "free".  Every wait is a spin loop
 * on shared atomics, and a thread that loses restarts from the beginning,
 * so some executions are infinite; the program has finitely many states, so
 * UDPOR with cutoffs explores it exhaustively.  -DBROKEN skips the
 * contention check after `y = i` and two threads can enter together.
 *
 *   ravel check examples/lamport_fast.c
 *   ravel check examples/lamport_fast.c -- -DBROKEN
 */
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

#define NT 2
static atomic_int b[NT + 1]; /* b[i]: thread i wants to enter */
static atomic_int x, y;
static int in_critical;

static void lock(int i)
{
    for (;;) {
        atomic_store(&b[i], 1);
        atomic_store(&x, i);
        if (atomic_load(&y) != 0) {
            atomic_store(&b[i], 0);
            while (atomic_load(&y) != 0) {
                /* spin */
            }
            continue; /* start over */
        }
        atomic_store(&y, i);
#ifndef BROKEN
        if (atomic_load(&x) != i) {
            atomic_store(&b[i], 0);
            for (int j = 1; j <= NT; j++)
                while (atomic_load(&b[j])) {
                    /* spin */
                }
            if (atomic_load(&y) != i) {
                while (atomic_load(&y) != 0) {
                    /* spin */
                }
                continue; /* start over */
            }
        }
#endif
        return;
    }
}

static void unlock(int i)
{
    atomic_store(&y, 0);
    atomic_store(&b[i], 0);
}

static void *worker(void *arg)
{
    int i = (int)(long)arg;
    lock(i);
    in_critical++; /* critical section */
    assert(in_critical == 1);
    in_critical--;
    unlock(i);
    return NULL;
}

int main(void)
{
    pthread_t t1, t2;
    pthread_create(&t1, NULL, worker, (void *)1);
    pthread_create(&t2, NULL, worker, (void *)2);
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    return 0;
}
