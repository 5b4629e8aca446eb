/* Issue 9: unlock by a thread that does not own an errorcheck (KIND=2) or
 * recursive (KIND=1) mutex fails with EPERM and leaves the mutex held (the
 * unfolding's model used to free it). */
#include <assert.h>
#include <errno.h>
#include <pthread.h>
#include <stddef.h>
static pthread_mutex_t m;
static int x;

static void *owner(void *arg)
{
    pthread_mutex_lock(&m);
    x = 1;
    pthread_mutex_unlock(&m);
    return NULL;
}

static void *intruder(void *arg)
{
    int r = pthread_mutex_unlock(&m);
    assert(r == EPERM);
    pthread_mutex_lock(&m);
    x = 2;
    pthread_mutex_unlock(&m);
    return NULL;
}

int main(void)
{
    pthread_mutexattr_t a;
    pthread_mutexattr_init(&a);
    pthread_mutexattr_settype(&a, KIND);
    pthread_mutex_init(&m, &a);
    pthread_t t1, t2;
    pthread_create(&t1, NULL, owner, NULL);
    pthread_create(&t2, NULL, intruder, NULL);
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    return 0;
}
