/* PRODCONS (b), seed 001 §6 (issue 11): two producers, each looping
 * forever on its own mutex-protected counter bounded by BOUND, and one
 * consumer taking from both; the consumer keeps the last values it read
 * in locals.  POET closes it with 15 maximal configurations (BOUND 6). */
#include <pthread.h>

#ifndef BOUND
#define BOUND 6
#endif

static pthread_mutex_t m[2] = {PTHREAD_MUTEX_INITIALIZER, PTHREAD_MUTEX_INITIALIZER};
static int count[2];

static void *producer(void *arg)
{
    int i = (int)(long)arg;
    for (;;) {
        pthread_mutex_lock(&m[i]);
        if (count[i] < BOUND) count[i]++;
        pthread_mutex_unlock(&m[i]);
    }
    return NULL;
}

static void *consumer(void *arg)
{
    (void)arg;
    /* two scalars, not an array: `int last[2] = {0, 0}` is initialised by
     * one 8-byte write, and a later 4-byte write to one element partially
     * overlaps it, which makes every later state unique (cutoff.c) */
    volatile int last0 = 0, last1 = 0;
    for (;;) {
        pthread_mutex_lock(&m[0]);
        if (count[0] > 0) {
            last0 = count[0];
            count[0]--;
        }
        pthread_mutex_unlock(&m[0]);
        pthread_mutex_lock(&m[1]);
        if (count[1] > 0) {
            last1 = count[1];
            count[1]--;
        }
        pthread_mutex_unlock(&m[1]);
    }
    return NULL;
}

int main(void)
{
    pthread_t p1, p2, c;
    pthread_create(&p1, NULL, producer, (void *)0L);
    pthread_create(&p2, NULL, producer, (void *)1L);
    pthread_create(&c, NULL, consumer, NULL);
    pthread_join(p1, NULL);
    pthread_join(p2, NULL);
    pthread_join(c, NULL);
    return 0;
}
