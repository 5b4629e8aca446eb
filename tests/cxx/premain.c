/* Synchronisation before main (src/runtime/premain.c): a constructor runs
 * the once function and locks and unlocks a mutex, as libstdc++'s locale
 * set-up does; in main, a worker and main use both again.  The once is
 * done for everyone (its function ran once), the mutex is free.
 * Traces: the two critical sections in either order; the once checks only
 * read a finished once: 2.  -DBUG: the worker's critical section unlocks
 * twice (a misuse, found as in any mutex). */
#include <assert.h>
#include <pthread.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_once_t once = PTHREAD_ONCE_INIT;
static int inits, held;

static void init(void)
{
    inits++;
}

__attribute__((constructor)) static void ctor(void)
{
    pthread_once(&once, init);
    pthread_mutex_lock(&m);
    held = 1;
    pthread_mutex_unlock(&m);
}

static void *worker(void *arg)
{
    pthread_once(&once, init);
    pthread_mutex_lock(&m);
    held++;
    pthread_mutex_unlock(&m);
#ifdef BUG
    pthread_mutex_unlock(&m);
#endif
    return arg;
}

int main(void)
{
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    pthread_once(&once, init);
    pthread_mutex_lock(&m);
    held++;
    pthread_mutex_unlock(&m);
    pthread_join(t, 0);
    assert(inits == 1 && held == 3);
    return 0;
}
