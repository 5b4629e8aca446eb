/* Timed waits: timing out is a value choice of the explorer (DESIGN "Timed
 * waits"): possible whenever the call runs, the only outcome when the
 * object is not available.  Thread a uses the object plainly, thread b
 * with a timed call; main joins both.
 *
 * MODE 0/1 pthread_mutex_timedlock.  a: lock, x = 1, unlock.  b: r =
 *   timedlock; if acquired, y = x and unlock.  The timedlock is ordered
 *   against a's lock and unlock: before a's lock (free: acquires or times
 *   out, 2), inside a's section (held: times out, 1), after a's unlock
 *   (2): 5 traces (x and y are only touched inside the sections).
 *   MODE 1 asserts r == 0 in b: fails on a time-out.
 * MODE 2/3 sem_timedwait on a semaphore at 0 that a posts once.  Before
 *   the post: times out (1); after: decrements or times out (2): 3 traces.
 *   MODE 3 asserts that the wait succeeded.
 * MODE 4/5 pthread_cond_timedwait.  a: lock, flag = 1, signal, unlock.
 *   b: lock, if !flag timedwait, unlock.  The mutex orders everything:
 *   (i) b's section first: b waits (w1); its w2 either runs before a's
 *   section (no notification: times out; a's signal is then lost) or after
 *   it (the signal woke b: returns 0); (ii) a's section first: b sees
 *   flag = 1 and does not wait: 3 traces.  MODE 5 asserts flag after the
 *   wait: fails when it timed out. */
#include <assert.h>
#include <errno.h>
#include <pthread.h>
#include <semaphore.h>
#include <time.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t c = PTHREAD_COND_INITIALIZER;
static sem_t s;
static int x, y, flag;

static void *fa(void *arg)
{
    if (MODE == 2 || MODE == 3) {
        sem_post(&s);
        return arg;
    }
    pthread_mutex_lock(&m);
    x = 1;
    flag = 1;
    if (MODE >= 4) pthread_cond_signal(&c);
    pthread_mutex_unlock(&m);
    return arg;
}

static void *fb(void *arg)
{
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    ts.tv_sec += 1;
    if (MODE <= 1) {
        int r = pthread_mutex_timedlock(&m, &ts);
        assert(r == 0 || r == ETIMEDOUT);
        if (MODE == 1) assert(r == 0);
        if (r == 0) {
            y = x;
            pthread_mutex_unlock(&m);
        }
    } else if (MODE <= 3) {
        int r = sem_timedwait(&s, &ts);
        assert(r == 0 || errno == ETIMEDOUT);
        if (MODE == 3) assert(r == 0);
    } else {
        pthread_mutex_lock(&m);
        int r = 0;
        if (!flag) r = pthread_cond_timedwait(&c, &m, &ts);
        assert(flag || r == ETIMEDOUT);
        if (MODE == 5) assert(flag);
        pthread_mutex_unlock(&m);
    }
    return arg;
}

int main(void)
{
    pthread_t a, b;
    sem_init(&s, 0, 0);
    pthread_create(&a, 0, fa, 0);
    pthread_create(&b, 0, fb, 0);
    pthread_join(a, 0);
    pthread_join(b, 0);
    return 0;
}
