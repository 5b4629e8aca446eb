/* A timed acquire of a mutex (RW=0) or rwlock (RW=1) that main destroys
 * concurrently: after the destroy the acquire is a misuse and offers only
 * value 0, so a DPOR wakeup sequence must not replay "acquired" (value 1)
 * there (dpor.c timed_object_usable; the program would look
 * nondeterministic).  dfs: 6 and 5 traces, two misuses each. */
#include <pthread.h>
#include <time.h>
static pthread_mutex_t m;
static pthread_rwlock_t l;
static void *thr(void *a) {
    struct timespec ts = {0, 0};
#if RW
    if (pthread_rwlock_timedwrlock(&l, &ts) == 0) pthread_rwlock_unlock(&l);
#else
    if (pthread_mutex_timedlock(&m, &ts) == 0) pthread_mutex_unlock(&m);
#endif
    return a;
}
int main(void) {
    pthread_t t;
    pthread_mutex_init(&m, 0);
    pthread_rwlock_init(&l, 0);
    pthread_create(&t, 0, thr, 0);
    pthread_mutex_destroy(&m);
    pthread_rwlock_destroy(&l);
    pthread_join(t, 0);
    return 0;
}
