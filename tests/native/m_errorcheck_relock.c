/* Issue 9: an errorcheck mutex relocked by its owner fails with EDEADLK and
 * stays held once (the unfolding's model used to count it twice, so the
 * other thread's lock looked disabled after the single unlock). */
#include <assert.h>
#include <errno.h>
#include <pthread.h>
#include <stddef.h>
static pthread_mutex_t m;
static int x;

static void *relocker(void *arg)
{
    assert(pthread_mutex_lock(&m) == 0);
    assert(pthread_mutex_lock(&m) == EDEADLK);
    x = 1;
    assert(pthread_mutex_unlock(&m) == 0);
    return NULL;
}

static void *other(void *arg)
{
    pthread_mutex_lock(&m);
    x = 2;
    pthread_mutex_unlock(&m);
    return NULL;
}

int main(void)
{
    pthread_mutexattr_t a;
    pthread_mutexattr_init(&a);
    pthread_mutexattr_settype(&a, PTHREAD_MUTEX_ERRORCHECK);
    pthread_mutex_init(&m, &a);
    pthread_t t1, t2;
    pthread_create(&t1, NULL, relocker, NULL);
    pthread_create(&t2, NULL, other, NULL);
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    return 0;
}
