/*
 * counter.c — issue 29's counter: two threads each run `v = c; c = v + 1;`
 * K times on one shared int, and main checks nothing (every execution is
 * correct).  All 4K accesses of the threads are on one object, the shape
 * where an unfolding's events pile up on one address.
 *   ravel check --no-cutoffs bench/seeds/own/counter.c -- -DK=4
 */
#include <pthread.h>

#ifndef K
#define K 3
#endif

static int c;

static void *inc(void *arg)
{
    (void)arg;
    for (int k = 0; k < K; k++) {
        int v = c;
        c = v + 1;
    }
    return NULL;
}

int main(void)
{
    pthread_t a, b;
    pthread_create(&a, NULL, inc, NULL);
    pthread_create(&b, NULL, inc, NULL);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    return 0;
}
