/* A robust mutex whose owner exits holding it: glibc would give the next
 * locker EOWNERDEAD; ravel does not model robustness (DESIGN §3b): the
 * mutex stays locked and main, locking it after joining t, is blocked
 * forever: a deadlock, in the one trace there is. */
#include <pthread.h>

static pthread_mutex_t m;

static void *thr(void *arg)
{
    pthread_mutex_lock(&m);
    return arg;
}

int main(void)
{
    pthread_mutexattr_t a;
    pthread_t t;
    pthread_mutexattr_init(&a);
    pthread_mutexattr_setrobust(&a, PTHREAD_MUTEX_ROBUST);
    pthread_mutex_init(&m, &a);
    pthread_create(&t, 0, thr, 0);
    pthread_join(t, 0);
    pthread_mutex_lock(&m);
    return 0;
}
