/* A correct hand-off through a condition variable: the consumer waits in a
 * while loop under the mutex, so no wake-up can be lost. */
#include <assert.h>
#include <pthread.h>
#include <stddef.h>
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t c = PTHREAD_COND_INITIALIZER;
static int ready;

static void *producer(void *arg)
{
    pthread_mutex_lock(&m);
    ready = 1;
    pthread_cond_signal(&c);
    pthread_mutex_unlock(&m);
    return NULL;
}

static void *consumer(void *arg)
{
    pthread_mutex_lock(&m);
    while (!ready) pthread_cond_wait(&c, &m);
    pthread_mutex_unlock(&m);
    return NULL;
}

int main(void)
{
    pthread_t p, q;
    pthread_create(&q, NULL, consumer, NULL);
    pthread_create(&p, NULL, producer, NULL);
    pthread_join(p, NULL);
    pthread_join(q, NULL);
    assert(ready == 1);
    return 0;
}
