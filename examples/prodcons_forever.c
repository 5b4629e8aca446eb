/*
 * prodcons_forever.c — a one-slot buffer between a producer and a consumer
 * that both loop forever (a server that never stops), with a mutex and two
 * condition variables.
 *
 * Every execution is infinite, but the program has finitely many states
 * (the items alternate between 0 and 1), so UDPOR with cutoffs explores it
 * exhaustively and says so.  The consumer checks that items arrive in
 * order.  With -DBROKEN the producer does not wait for the slot to be
 * empty, so it can overwrite an item the consumer has not taken yet, which
 * the consumer notices.
 *
 *   ravel check examples/prodcons_forever.c
 *   ravel check examples/prodcons_forever.c -- -DBROKEN
 */
#include <assert.h>
#include <pthread.h>
#include <stddef.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t not_full = PTHREAD_COND_INITIALIZER;
static pthread_cond_t not_empty = PTHREAD_COND_INITIALIZER;
static int full, slot;

static void *producer(void *arg)
{
    (void)arg;
    for (int item = 0;; item = 1 - item) {
        pthread_mutex_lock(&m);
#ifndef BROKEN
        while (full) pthread_cond_wait(&not_full, &m);
#endif
        slot = item;
        full = 1;
        pthread_cond_signal(&not_empty);
        pthread_mutex_unlock(&m);
    }
    return NULL;
}

static void *consumer(void *arg)
{
    (void)arg;
    for (int expect = 0;; expect = 1 - expect) {
        pthread_mutex_lock(&m);
        while (!full) pthread_cond_wait(&not_empty, &m);
        assert(slot == expect); /* no item lost or overwritten */
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
