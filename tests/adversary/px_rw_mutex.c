/* A read-write lock and a mutex taken in opposite orders.  a: mutex m,
 * then the rwlock (rdlock, RD 1, or wrlock, RD 0), then unlocks both.
 * b: the rwlock (rdlock or wrlock: B_RD), then m.  --memory=drf.
 *   RD=0 B_RD=0: the classic lock-order deadlock (a holds m waiting for
 *     the write lock b holds, b waits for m).
 *   RD=1 B_RD=1: readers do not exclude each other, but b's m still waits
 *     for a's m while a's rdlock is free: no deadlock (2 traces: the m
 *     sections in either order; the rdlocks commute).
 *   RD=1 B_RD=0: a's rdlock waits for b's write lock: deadlock.
 *   TIMED 1: a uses timedrdlock/timedwrlock and gives up on a time-out:
 *     never a deadlock. */
#include <errno.h>
#include <pthread.h>
#include <time.h>

static pthread_rwlock_t l = PTHREAD_RWLOCK_INITIALIZER;
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void *ta(void *arg)
{
    struct timespec ts = {0, 0};
    pthread_mutex_lock(&m);
    int r;
    if (TIMED)
        r = RD ? pthread_rwlock_timedrdlock(&l, &ts) : pthread_rwlock_timedwrlock(&l, &ts);
    else
        r = RD ? pthread_rwlock_rdlock(&l) : pthread_rwlock_wrlock(&l);
    if (r == 0) pthread_rwlock_unlock(&l);
    pthread_mutex_unlock(&m);
    return arg;
}

static void *tb(void *arg)
{
    if (B_RD)
        pthread_rwlock_rdlock(&l);
    else
        pthread_rwlock_wrlock(&l);
    pthread_mutex_lock(&m);
    pthread_mutex_unlock(&m);
    pthread_rwlock_unlock(&l);
    return arg;
}

int main(void)
{
    pthread_t a, b;
    pthread_create(&a, 0, ta, 0);
    pthread_create(&b, 0, tb, 0);
    pthread_join(a, 0);
    pthread_join(b, 0);
    return 0;
}
