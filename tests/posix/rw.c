/* Read-write locks (reader preference).  Readers r1 (main itself) and r2
 * each take the read lock, read x twice and check they saw the same
 * value; writer w takes the write lock and increments x.  main creates r2
 * and w, reads, then joins them.  Run with --memory=drf: plain accesses
 * are no events (the counts below are of lock orders) and a race is an
 * error.
 *   MODE 0: correct.  Reader actions commute with each other (rdlock,
 *           reads, unlock), and each reader's section lies wholly before
 *           or after w's section: 2 x 2 = 4 traces.
 *   MODE 1: w takes the read lock (bug): its write races with the
 *           readers' reads (and can fall between a reader's two reads).
 *   MODE 2: w uses trywrlock and writes only if it got the lock.  Its
 *           trywrlock depends on each reader's rdlock and unlock: before,
 *           inside or after each reader's section: 3 x 3 = 9 traces (a
 *           reader "after" a successful trywrlock comes after w's unlock).
 *   MODE 3: w uses timedwrlock: where it could take the lock (outside both
 *           sections: 2 x 2 placements) it takes it or times out; inside
 *           one (9 - 4 placements) it times out: 4 x 2 + 5 = 13 traces.
 *   MODE 4: r2 upgrades: wrlock while holding its read lock: it waits for
 *           itself (glibc too): a deadlock.
 *   MODE 5: r2 unlocks twice: a misuse. */
#include <assert.h>
#include <errno.h>
#include <pthread.h>
#include <time.h>

static pthread_rwlock_t l = PTHREAD_RWLOCK_INITIALIZER;
static int x;

static void *reader(void *arg)
{
    pthread_rwlock_rdlock(&l);
    int a = x, b = x;
    assert(a == b);
    if (MODE == 4 && arg) pthread_rwlock_wrlock(&l);
    pthread_rwlock_unlock(&l);
    if (MODE == 5 && arg) pthread_rwlock_unlock(&l);
    return 0;
}

static void *writer(void *arg)
{
    int r = 0;
    if (MODE == 1) {
        r = pthread_rwlock_rdlock(&l);
    } else if (MODE == 2) {
        r = pthread_rwlock_trywrlock(&l);
        assert(r == 0 || r == EBUSY);
    } else if (MODE == 3) {
        struct timespec ts = {0, 0};
        r = pthread_rwlock_timedwrlock(&l, &ts);
        assert(r == 0 || r == ETIMEDOUT);
    } else {
        r = pthread_rwlock_wrlock(&l);
    }
    if (r == 0) {
        x = x + 1;
        pthread_rwlock_unlock(&l);
    }
    return arg;
}

int main(void)
{
    pthread_t r2, w;
    pthread_create(&r2, 0, reader, (void *)1);
    pthread_create(&w, 0, writer, 0);
    reader(0);
    pthread_join(r2, 0);
    pthread_join(w, 0);
    assert(x <= 1);
    pthread_rwlock_destroy(&l);
    return 0;
}
