/* Read-write lock, reader preference with a waiting writer.  main takes
 * the read lock, creates writer W and reader R, then unlocks.  W: wrlock,
 * w_in = 1, w_in = 0, unlock.  R: r = tryrdlock (TRY 0) or timedrdlock
 * (TRY 1) or rdlock (TRY 2); a failure is allowed only while W holds the
 * lock (reader preference: a waiting writer does not hold R back).
 *   MODE 0: correct: after a failed tryrdlock R takes the read lock and
 *           sees W's section done (w_done == 1).
 *   MODE 1: R asserts it got the lock: fails when W holds it (try) or on a
 *           time-out (timed); TRY 2 never fails (no assertion error).
 *   MODE 2: R asserts it read w_in == 0 under its read lock and W asserts
 *           R does not hold the read lock inside W's section (r_in == 0):
 *           both hold by mutual exclusion (no error). */
#include <assert.h>
#include <errno.h>
#include <pthread.h>
#include <time.h>

static pthread_rwlock_t l = PTHREAD_RWLOCK_INITIALIZER;
static int w_in, r_in, w_done;

static void *writer(void *a)
{
    pthread_rwlock_wrlock(&l);
    w_in = 1;
    if (MODE == 2) assert(r_in == 0);
    w_in = 0;
    w_done = 1;
    pthread_rwlock_unlock(&l);
    return a;
}

static void *reader(void *a)
{
    struct timespec ts = {0, 0};
    int r = TRY == 0   ? pthread_rwlock_tryrdlock(&l)
            : TRY == 1 ? pthread_rwlock_timedrdlock(&l, &ts)
                       : pthread_rwlock_rdlock(&l);
    if (r == 0) {
        r_in = 1;
        if (MODE == 2) assert(w_in == 0);
        r_in = 0;
        pthread_rwlock_unlock(&l);
    } else {
        assert(r == (TRY == 0 ? EBUSY : ETIMEDOUT));
        if (MODE == 0 && TRY == 0) { /* W held the lock: R gets it after W's section */
            pthread_rwlock_rdlock(&l);
            assert(w_done == 1);
            pthread_rwlock_unlock(&l);
        }
    }
    if (MODE == 1) assert(r == 0);
    return a;
}

int main(void)
{
    pthread_t w, r;
    pthread_rwlock_rdlock(&l);
    pthread_create(&w, 0, writer, 0);
    pthread_create(&r, 0, reader, 0);
    pthread_rwlock_unlock(&l);
    pthread_join(w, 0);
    pthread_join(r, 0);
    assert(pthread_rwlock_destroy(&l) == 0);
    return 0;
}
