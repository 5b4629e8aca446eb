/* OPEN (not run in CI): a barrier reused forever has no cutoff, and a
 * long udpor execution ignores --time-limit.  main and t wait on a
 * barrier of count 2 in an endless loop (OBJ 0); OBJ 1 is the same loop
 * with a write lock instead.  OBJ 1: udpor ends with cutoffs (3
 * executions, 5 cutoffs, exhaustive, exit 0).  OBJ 0: the barrier state
 * carries the generation (completed cycles), which grows every cycle, so
 * no two states are equal and the first execution runs to --max-events
 * (default 100000).  The unfolding's cost per execution was about
 * quadratic in its length (2000 events 0.2 s, 8000 2.8 s, 16000 14 s on
 * a loaded machine); Extend is now linear on it (100,000 events in about
 * 2 s, exit 3; docs/UDPOR.md "Long mutex loops", bench/udpor/lockloop),
 * as on tests/limits/lock_loop.c.  --time-limit is checked inside the
 * unfolding's Extend (tests/limits time_limit_udpor_extend).  Still
 * open: no cutoff.  Idea: leaves enabled by a "released" mask instead of
 * the generation (states would repeat: cutoffs). */
#include <pthread.h>
static pthread_barrier_t b;
static pthread_rwlock_t l = PTHREAD_RWLOCK_INITIALIZER;
static void *thr(void *a)
{
    for (;;) {
#if OBJ == 0
        pthread_barrier_wait(&b);
#else
        pthread_rwlock_wrlock(&l);
        pthread_rwlock_unlock(&l);
#endif
    }
    return a;
}
int main(void)
{
    pthread_t t;
    pthread_barrier_init(&b, 0, 2);
    pthread_create(&t, 0, thr, 0);
    thr(0);
    return 0;
}
