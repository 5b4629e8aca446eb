/* Barriers reused in loops must reach cutoffs, soundly (issue 28: spin
 * loops end).  A barrier's generation (completed cycles) grows every
 * cycle; while it was part of the state compared by cutoffs, no two
 * states of a barrier loop were equal and the first execution ran to
 * --max-events (exit 3).  Now a thread's leave is enabled by its bit of
 * the barrier's `released` set and the generation is left out of the
 * compared state (model.h rv_barrier_st, docs/UDPOR.md "What a state
 * contains"), so the states repeat.
 *
 * BOUND < 0 (the default): each thread loops forever (only cutoffs end
 * it); BOUND >= 0: BOUND waits each (the ground truth of --algo=dfs and
 * --no-cutoffs).
 *  - plain: main and t wait on a barrier of count 2: no error.
 *  - -DBUG: the serial thread keeps the cycles mod 3 in `phase` and
 *    asserts that t is not the serial thread of a cycle that starts
 *    with phase 2: reachable in the third cycle (and every third after),
 *    never before, so a cutoff that equated the state after cycle 0 with
 *    one after cycle 1 or 2 would miss it.
 *  - -DLAG: three threads on a barrier of count 2.  A thread released
 *    from a cycle may stay inside while the other two complete more
 *    cycles (the released set then holds threads of different cycles);
 *    `done` (cycles completed mod 4, under a mutex) read by main after
 *    its first wait is 3 only if main lagged two cycles behind: the
 *    assertion.  With a bound, the waits do not pair up in every order:
 *    a thread left alone in its last wait deadlocks. */
#include <assert.h>
#include <pthread.h>
#ifndef BOUND
#define BOUND (-1)
#endif
static pthread_barrier_t b;
static unsigned phase;
#ifdef LAG
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static unsigned done;
#endif

static void wait_once(int me, int i)
{
    int r = pthread_barrier_wait(&b);
#ifdef LAG
    if (r == PTHREAD_BARRIER_SERIAL_THREAD) {
        pthread_mutex_lock(&m);
        done = (done + 1) % 4;
        pthread_mutex_unlock(&m);
    }
    if (me == 0 && i == 0) {
        pthread_mutex_lock(&m);
        assert(done != 3);
        pthread_mutex_unlock(&m);
    }
#else
    (void)i;
    if (r == PTHREAD_BARRIER_SERIAL_THREAD) {
#ifdef BUG
        assert(!(phase == 2 && me == 1));
#endif
        phase = (phase + 1) % 3;
    }
#endif
    (void)me;
}

static void *thr(void *a)
{
    int me = (int)(long)a;
    /* endless: i stops at 1 (only the first wait is told apart), or the
     * counter alone would make every state unique */
    for (int i = 0; BOUND < 0 || i < BOUND; i = BOUND < 0 && i ? 1 : i + 1) wait_once(me, i);
    return 0;
}

int main(void)
{
    pthread_t t;
    pthread_barrier_init(&b, 0, 2);
    pthread_create(&t, 0, thr, (void *)1L);
#ifdef LAG
    pthread_t u;
    pthread_create(&u, 0, thr, (void *)2L);
#endif
    thr(0);
    return 0;
}
