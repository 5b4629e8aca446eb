/* The adversary's (attack39): a barrier of count 3 in the heap, reused
 * for R rounds (the generation is not state: docs/UDPOR.md "Barriers"),
 * with thread 1's write of x only in the last round, before its wait;
 * main's read of x in that round races with it, and the assertion fails
 * when the read comes second.  -DREINIT: the barrier is destroyed and
 * initialised again with count 2 for a second series of rounds.
 * Ground truth (af66930): --no-cutoffs --keep-going finds
 * assertion@barrier_heap3.c:46 (4664 executions; 6399 with REINIT, not
 * exhaustive in 2 min), dfs too; the default finds it, exhaustive
 * (122 and 146 executions). */
#include <assert.h>
#include <pthread.h>
#include <stdlib.h>
#ifndef R
#define R 3
#endif
pthread_barrier_t *b;
int x, seen;
void *f(void *a)
{
    long id = (long)a;
    for (int r = 0; r < R; r++) {
        if (id == 1 && r == R - 1) x = 1; /* only in the last round */
        pthread_barrier_wait(b);
    }
    return a;
}
int main(void)
{
    b = malloc(sizeof *b);
    pthread_barrier_init(b, 0, 3);
    pthread_t t[2];
    for (long i = 0; i < 2; i++) pthread_create(&t[i], 0, f, (void *)(i + 1));
    for (int r = 0; r < R; r++) {
        seen |= x;
        pthread_barrier_wait(b);
    }
    for (int i = 0; i < 2; i++) pthread_join(t[i], 0);
    pthread_barrier_destroy(b);
#ifdef REINIT
    pthread_barrier_init(b, 0, 2);
    pthread_create(&t[0], 0, f, (void *)2);
    for (int r = 0; r < R; r++) { seen |= x << 1; pthread_barrier_wait(b); }
    pthread_join(t[0], 0);
#endif
    assert(!seen); /* fails when main's last-round read comes after thread 1's write */
    return 0;
}
