/*
 * szymanski.c — Szymanski's mutual exclusion algorithm (1988) for two
 * threads, with spin loops.
 *
 * flag[i] walks through 0 (idle), 1 (wants in), 2 (waiting for others),
 * 3 (in the doorway), 4 (inside).  A thread enters the waiting room, waits
 * until the door is open (no flag 3 or 4), closes it, waits for everyone
 * in the waiting room to pass, then for every lower-numbered thread to
 * leave.  C11 sequentially consistent atomics, so the algorithm is correct
 * on real hardware too; the critical section checks mutual exclusion.
 *
 * The spin loops make executions infinite: UDPOR with cutoffs recognises
 * the repeated states and finishes exhaustively.  With -DBROKEN the
 * doorway check (the wait for the door to be closed behind everyone) is
 * left out and both threads can enter together, which ravel finds.
 *
 *   ravel check examples/szymanski.c
 *   ravel check examples/szymanski.c -- -DBROKEN
 */
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

#define N 2
static atomic_int flag[N];
static int in_critical; /* threads inside the critical section */

static int any_flag(int lo, int hi, int a, int b) /* some flag[j], lo<=j<hi, is a or b */
{
    for (int j = lo; j < hi; j++) {
        int f = atomic_load(&flag[j]);
        if (f == a || f == b) return 1;
    }
    return 0;
}

static void *worker(void *arg)
{
    int me = (int)(long)arg;

    atomic_store(&flag[me], 1);    /* standing outside the waiting room */
    while (any_flag(0, N, 3, 4)) { /* wait for the door to open */
    }
    atomic_store(&flag[me], 3); /* in the doorway */
    if (any_flag(0, N, 1, 1)) { /* someone else wants in: wait for them */
        atomic_store(&flag[me], 2);
        while (!any_flag(0, N, 4, 4)) { /* until someone closes the door */
        }
    }
    atomic_store(&flag[me], 4); /* the door is closed */
#ifndef BROKEN
    while (any_flag(0, me, 2, 3) || any_flag(0, me, 4, 4)) { /* lower ids go first */
    }
#endif
    in_critical++; /* critical section */
    assert(in_critical == 1);
    in_critical--;
#ifndef BROKEN
    while (any_flag(me + 1, N, 2, 3)) { /* let the waiting room through */
    }
#endif
    atomic_store(&flag[me], 0); /* leave */
    return NULL;
}

int main(void)
{
    pthread_t t[N];
    for (long i = 0; i < N; i++) pthread_create(&t[i], NULL, worker, (void *)i);
    for (int i = 0; i < N; i++) pthread_join(t[i], NULL);
    return 0;
}
