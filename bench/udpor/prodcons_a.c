/* PRODCONS (a), seed 001 §6: two producers (+1, +2) and a consumer loop
 * forever over one mutex-protected counter bounded by 6; the consumer
 * keeps the last value it read in a local. */
#include <pthread.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
#ifndef BOUND
#define BOUND 6
#endif

static int count;

static void *producer(void *arg)
{
    int inc = (int)(long)arg;
    for (;;) {
        pthread_mutex_lock(&m);
        if (count + inc <= BOUND) count += inc;
        pthread_mutex_unlock(&m);
    }
    return NULL;
}

static void *consumer(void *arg)
{
    (void)arg;
    volatile int last = 0;
    for (;;) {
        pthread_mutex_lock(&m);
        if (count > 0) {
            last = count;
            count--;
        }
        pthread_mutex_unlock(&m);
    }
    return NULL;
}

int main(void)
{
    pthread_t p1, p2, c;
    pthread_create(&p1, NULL, producer, (void *)1L);
    pthread_create(&p2, NULL, producer, (void *)2L);
    pthread_create(&c, NULL, consumer, NULL);
    pthread_join(p1, NULL);
    pthread_join(p2, NULL);
    pthread_join(c, NULL);
    return 0;
}
