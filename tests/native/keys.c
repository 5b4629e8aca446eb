/* Thread-specific data: each thread sees its own value under one key, and
 * the destructor runs once per thread that set a non-NULL value. */
#include <assert.h>
#include <pthread.h>
#include <stddef.h>
static pthread_key_t key;
static int shared, destroyed;
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void dtor(void *v)
{
    pthread_mutex_lock(&m);
    destroyed++;
    pthread_mutex_unlock(&m);
}

static void *worker(void *arg)
{
    assert(pthread_getspecific(key) == NULL);
    pthread_setspecific(key, arg);
    shared = 1; /* a scheduling point */
    assert(pthread_getspecific(key) == arg);
    return NULL;
}

int main(void)
{
    pthread_key_create(&key, dtor);
    pthread_t a, b;
    pthread_create(&a, NULL, worker, (void *)1);
    pthread_create(&b, NULL, worker, (void *)2);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    assert(pthread_getspecific(key) == NULL);
    assert(destroyed == 2);
    return 0;
}
