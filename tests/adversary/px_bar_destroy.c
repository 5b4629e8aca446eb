/* A barrier destroyed right after its cycle completed.  main and t wait
 * once on a barrier of count 2; then main destroys it (MODE 0), before
 * joining t.  The cycle is complete when main's wait returns, so t is
 * released, not blocked: POSIX allows the destroy, and glibc's destroy
 * waits for t to leave.  Was a misuse ("destroy of a barrier with
 * waiting threads") when main was the serial thread and destroyed before
 * t's leave.  Traces: t arrives first (main is serial; its destroy and
 * t's leave in either order: 2) or main arrives first (t is serial, main
 * leaves, then destroys: 1): 3.
 *   MODE 1: t waits twice: its second arrive meets a destroyed barrier
 *           (misuse) or, before the destroy, makes the destroy meet a
 *           blocked waiter (misuse).
 *   MODE 2: destroy, then re-init for a second cycle of main and t: the
 *           leave of the first cycle may come after the re-init (the
 *           generation is kept): no error. */
#include <assert.h>
#include <pthread.h>

static pthread_barrier_t b;
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static int reinit;

static void *thr(void *a)
{
    pthread_barrier_wait(&b);
    if (MODE == 1) pthread_barrier_wait(&b);
    if (MODE == 2) {
        int go = 0;
        while (!go) { /* bounded: main re-initialises once */
            pthread_mutex_lock(&m);
            go = reinit;
            pthread_mutex_unlock(&m);
            if (!go) return a;
        }
        pthread_barrier_wait(&b);
    }
    return a;
}

int main(void)
{
    pthread_t t;
    pthread_barrier_init(&b, 0, 2);
    pthread_create(&t, 0, thr, 0);
    pthread_barrier_wait(&b);
    assert(pthread_barrier_destroy(&b) == 0);
    if (MODE == 2) {
        assert(pthread_barrier_init(&b, 0, 1) == 0);
        pthread_mutex_lock(&m);
        reinit = 1;
        pthread_mutex_unlock(&m);
    }
    pthread_join(t, 0);
    return 0;
}
