/* A try-lock on an atomic_flag guards data (tests/drf): each of two
 * threads increments data if it wins the flag, then clears it.  The second
 * winner's test-and-set reads the first one's clear, so the increments are
 * ordered iff the clear releases and the test-and-set acquires (C11
 * 5.1.2.4; an RMW reading a store synchronises like a load).
 *   -DLOCK_MO=<order of test_and_set>  -DUNLOCK_MO=<order of clear>
 *   -DSYNC: GCC's __sync_lock_test_and_set (an acquire barrier) and
 *           __sync_lock_release (a release barrier) instead: race-free. */
#include <pthread.h>
#include <stdatomic.h>

#ifndef LOCK_MO
#define LOCK_MO memory_order_acquire
#endif
#ifndef UNLOCK_MO
#define UNLOCK_MO memory_order_release
#endif

#ifdef SYNC
int flag;
#define TRY()    (!__sync_lock_test_and_set(&flag, 1))
#define UNLOCK() __sync_lock_release(&flag)
#else
atomic_flag flag = ATOMIC_FLAG_INIT;
#define TRY()    (!atomic_flag_test_and_set_explicit(&flag, LOCK_MO))
#define UNLOCK() atomic_flag_clear_explicit(&flag, UNLOCK_MO)
#endif

int data;

static void *worker(void *arg)
{
    (void)arg;
    if (TRY()) {
        data++; /* the increment */
        UNLOCK();
    }
    return 0;
}

int main(void)
{
    pthread_t a, b;
    pthread_create(&a, 0, worker, 0);
    pthread_create(&b, 0, worker, 0);
    pthread_join(a, 0);
    pthread_join(b, 0);
    return 0;
}
