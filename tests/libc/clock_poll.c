/* A pool's wait with a deadline (the shape of C-Thread-Pool's
 * thpool_wait): poll time() until the workers are idle or a second has
 * passed.  On the real clock the loop turns a different number of times
 * in each run, so a replayed schedule gives other events; on the virtual
 * clock it ends after at most two readings, the same in every run.
 * -DBUG: the wait gives up at its deadline and the pool is torn down
 * under a worker that still runs. */
#include <assert.h>
#include <pthread.h>
#include <time.h>

#ifndef WORKERS
#define WORKERS 2
#endif
static int working = WORKERS, torn;

static void *worker(void *x)
{
    assert(!torn); /* the job runs on a live pool */
    __atomic_fetch_sub(&working, 1, __ATOMIC_SEQ_CST);
    return x;
}

int main(void)
{
    pthread_t t[WORKERS];
    for (int i = 0; i < WORKERS; i++) pthread_create(&t[i], 0, worker, 0);
    time_t start, end;
    double passed = 0;
    time(&start);
    while (passed < 1.0 && __atomic_load_n(&working, __ATOMIC_SEQ_CST)) {
        time(&end);
        passed = difftime(end, start);
    }
#ifdef BUG
    torn = 1;
#endif
    for (int i = 0; i < WORKERS; i++) pthread_join(t[i], 0);
    return 0;
}
