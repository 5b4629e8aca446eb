/* An errorcheck mutex held by main: another thread's unlock returns EPERM
 * and trylock returns EBUSY (POSIX), which the program asserts. */
#include <assert.h>
#include <errno.h>
#include <pthread.h>
#include <stddef.h>
static pthread_mutex_t ec;

static void *worker(void *arg)
{
    assert(pthread_mutex_unlock(&ec) == EPERM);
    assert(pthread_mutex_trylock(&ec) == EBUSY);
    return NULL;
}

int main(void)
{
    pthread_mutexattr_t a;
    pthread_mutexattr_init(&a);
    pthread_mutexattr_settype(&a, PTHREAD_MUTEX_ERRORCHECK);
    pthread_mutex_init(&ec, &a);
    pthread_mutex_lock(&ec);
    pthread_t t;
    pthread_create(&t, NULL, worker, NULL);
    pthread_join(t, NULL);
    pthread_mutex_unlock(&ec);
    return 0;
}
