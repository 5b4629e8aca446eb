/* bench: a bounded buffer of one slot with two condition variables; a
 * producer puts ITEMS items, a consumer takes them, checking the order. */
#include <assert.h>
#include <pthread.h>
#include <stddef.h>
#ifndef ITEMS
#define ITEMS 2
#endif
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t not_full = PTHREAD_COND_INITIALIZER, not_empty = PTHREAD_COND_INITIALIZER;
static int full, slot;

static void *producer(void *arg)
{
    for (int i = 1; i <= ITEMS; i++) {
        pthread_mutex_lock(&m);
        while (full) pthread_cond_wait(&not_full, &m);
        slot = i;
        full = 1;
        pthread_cond_signal(&not_empty);
        pthread_mutex_unlock(&m);
    }
    return NULL;
}

static void *consumer(void *arg)
{
    for (int i = 1; i <= ITEMS; i++) {
        pthread_mutex_lock(&m);
        while (!full) pthread_cond_wait(&not_empty, &m);
        assert(slot == i);
        full = 0;
        pthread_cond_signal(&not_full);
        pthread_mutex_unlock(&m);
    }
    return NULL;
}

int main(void)
{
    pthread_t p, c;
    pthread_create(&p, NULL, producer, NULL);
    pthread_create(&c, NULL, consumer, NULL);
    pthread_join(p, NULL);
    pthread_join(c, NULL);
    return 0;
}
