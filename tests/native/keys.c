/* Thread-specific data: each thread sees its own value under one key, and
 * the destructor runs once per thread that set a non-NULL value. */
#include <assert.h>
#include <pthread.h>
#include <sched.h>
#include <stddef.h>
static pthread_key_t key;
static int destroyed;

static void dtor(void *v)
{
    __atomic_fetch_add(&destroyed, 1, __ATOMIC_SEQ_CST);
}

static void *worker(void *arg)
{
    pthread_setspecific(key, arg);
    sched_yield(); /* let the other thread set its value */
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
    assert(__atomic_load_n(&destroyed, __ATOMIC_SEQ_CST) == 2);
    return 0;
}
