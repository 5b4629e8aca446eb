/* pthread_cond_timedwait in a predicate loop racing with a signal.
 * waiter: lock; while (!flag) { r = timedwait; if (r == ETIMEDOUT) break; }
 * got = flag; unlock.  signaler: lock; flag = 1; signal (BCAST:
 * broadcast); unlock.  --memory=drf (flag and got are under the mutex).
 * The mutex orders the two sections: signaler first (the waiter does not
 * wait: 1); waiter first: it waits (w1), and its timed w2 runs either
 * before the signaler's section (times out; the signal is lost) or after
 * it (woken: the signal woke it, it sees flag and leaves the loop):
 * 1 + 2 = 3 traces, for signal and broadcast alike.
 *   MODE 0: correct: assert(got || r == ETIMEDOUT).
 *   MODE 1: asserts got after the loop: fails on a time-out.
 *   MODE 2: C11 (mtx_timed, cnd_timedwait, thrd_timedout): the same 3
 *           traces, no error.
 *   MODE 3: C11, asserts got: fails on a time-out. */
#include <assert.h>
#include <errno.h>
#include <pthread.h>
#include <threads.h>
#include <time.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t c = PTHREAD_COND_INITIALIZER;
static mtx_t cm;
static cnd_t cc;
static int flag;

static void *signaler(void *a)
{
    if (MODE >= 2) {
        mtx_lock(&cm);
        flag = 1;
        if (BCAST)
            cnd_broadcast(&cc);
        else
            cnd_signal(&cc);
        mtx_unlock(&cm);
        return a;
    }
    pthread_mutex_lock(&m);
    flag = 1;
    if (BCAST)
        pthread_cond_broadcast(&c);
    else
        pthread_cond_signal(&c);
    pthread_mutex_unlock(&m);
    return a;
}

int main(void)
{
    pthread_t t;
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    if (MODE >= 2) {
        assert(mtx_init(&cm, mtx_timed) == thrd_success);
        assert(cnd_init(&cc) == thrd_success);
    }
    pthread_create(&t, 0, signaler, 0);
    int r = 0, got;
    if (MODE >= 2) {
        mtx_lock(&cm);
        while (!flag) {
            r = cnd_timedwait(&cc, &cm, &ts);
            if (r == thrd_timedout) break;
            assert(r == thrd_success);
        }
        got = flag;
        mtx_unlock(&cm);
        assert(got || r == thrd_timedout);
    } else {
        pthread_mutex_lock(&m);
        while (!flag) {
            r = pthread_cond_timedwait(&c, &m, &ts);
            if (r == ETIMEDOUT) break;
            assert(r == 0);
        }
        got = flag;
        pthread_mutex_unlock(&m);
        assert(got || r == ETIMEDOUT);
    }
    if (MODE == 1 || MODE == 3) assert(got);
    pthread_join(t, 0);
    return 0;
}
