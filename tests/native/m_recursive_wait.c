/* Issue 9: a condition wait on a recursive mutex held twice releases it
 * completely and restores the count of 2 (the unfolding's model restored 1,
 * so the waiter's first unlock looked like it freed the mutex). */
#include <assert.h>
#include <pthread.h>
#include <stddef.h>
static pthread_mutex_t m;
static pthread_cond_t c = PTHREAD_COND_INITIALIZER;
static int flag, x;

static void *waiter(void *arg)
{
    pthread_mutex_lock(&m);
    pthread_mutex_lock(&m);
    while (!flag) pthread_cond_wait(&c, &m);
    pthread_mutex_unlock(&m);
    x = 1; /* still held once */
    pthread_mutex_unlock(&m);
    return NULL;
}

static void *other(void *arg)
{
    pthread_mutex_lock(&m);
    flag = 1;
    pthread_cond_signal(&c);
    x = 2;
    pthread_mutex_unlock(&m);
    return NULL;
}

int main(void)
{
    pthread_mutexattr_t a;
    pthread_mutexattr_init(&a);
    pthread_mutexattr_settype(&a, PTHREAD_MUTEX_RECURSIVE);
    pthread_mutex_init(&m, &a);
    pthread_t t1, t2;
    pthread_create(&t1, NULL, waiter, NULL);
    pthread_create(&t2, NULL, other, NULL);
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    return 0;
}
