/* Attributes: every setter ravel accepts, on objects then used.  main
 * creates t detached (detachstate attribute; stacksize is accepted, every
 * thread has ravel's own 16 MiB stack) and joins it: EINVAL, whether t has
 * exited yet or not.  Only join(t) and t's exit are dependent across
 * threads (main's mutex, condvar, rwlock and barrier are its own): 2
 * traces.  MODE 1 assumes the join succeeds: assertion. */
#include <assert.h>
#include <errno.h>
#include <pthread.h>

static void *thr(void *arg)
{
    return arg;
}

int main(void)
{
    pthread_attr_t ta;
    pthread_mutexattr_t ma;
    pthread_condattr_t ca;
    pthread_rwlockattr_t ra;
    pthread_barrierattr_t ba;
    pthread_mutex_t m;
    pthread_cond_t c;
    pthread_rwlock_t rw;
    pthread_barrier_t b;
    pthread_t t;
    int v;
    assert(pthread_attr_init(&ta) == 0);
    assert(pthread_attr_setdetachstate(&ta, PTHREAD_CREATE_DETACHED) == 0);
    assert(pthread_attr_setstacksize(&ta, 1 << 20) == 0);
    assert(pthread_mutexattr_init(&ma) == 0);
    assert(pthread_mutexattr_setrobust(&ma, PTHREAD_MUTEX_ROBUST) == 0);
    assert(pthread_mutexattr_getrobust(&ma, &v) == 0 && v == PTHREAD_MUTEX_ROBUST);
    assert(pthread_mutexattr_setprotocol(&ma, PTHREAD_PRIO_INHERIT) == 0);
    assert(pthread_mutexattr_getprotocol(&ma, &v) == 0 && v == PTHREAD_PRIO_INHERIT);
    assert(pthread_mutexattr_setprotocol(&ma, PTHREAD_PRIO_PROTECT) == 0);
    assert(pthread_mutexattr_setprioceiling(&ma, 1) == 0);
    assert(pthread_mutexattr_getprioceiling(&ma, &v) == 0 && v == 1);
    assert(pthread_mutexattr_setpshared(&ma, PTHREAD_PROCESS_PRIVATE) == 0);
    assert(pthread_condattr_init(&ca) == 0);
    assert(pthread_condattr_setpshared(&ca, PTHREAD_PROCESS_PRIVATE) == 0);
    assert(pthread_rwlockattr_init(&ra) == 0);
    assert(pthread_rwlockattr_setpshared(&ra, PTHREAD_PROCESS_PRIVATE) == 0);
    assert(pthread_barrierattr_init(&ba) == 0);
    assert(pthread_barrierattr_setpshared(&ba, PTHREAD_PROCESS_PRIVATE) == 0);
    assert(pthread_mutex_init(&m, &ma) == 0);
    assert(pthread_cond_init(&c, &ca) == 0);
    assert(pthread_rwlock_init(&rw, &ra) == 0);
    assert(pthread_barrier_init(&b, &ba, 1) == 0);
    assert(pthread_create(&t, &ta, thr, 0) == 0);
    int r = pthread_join(t, 0);
    assert(r == EINVAL);
    if (MODE == 1) assert(r == 0);
    assert(pthread_mutex_lock(&m) == 0 && pthread_mutex_unlock(&m) == 0);
    assert(pthread_mutex_consistent(&m) == EINVAL);
    assert(pthread_rwlock_wrlock(&rw) == 0 && pthread_rwlock_unlock(&rw) == 0);
    assert(pthread_barrier_wait(&b) == PTHREAD_BARRIER_SERIAL_THREAD);
    assert(pthread_barrier_destroy(&b) == 0 && pthread_rwlock_destroy(&rw) == 0);
    assert(pthread_cond_destroy(&c) == 0 && pthread_mutex_destroy(&m) == 0);
    pthread_barrierattr_destroy(&ba);
    pthread_rwlockattr_destroy(&ra);
    pthread_condattr_destroy(&ca);
    pthread_mutexattr_destroy(&ma);
    pthread_attr_destroy(&ta);
    return 0;
}
