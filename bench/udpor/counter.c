/*
 * counter.c — issue 29's hot object: two threads each do `v = c; c = v + 1;`
 * K times on one shared counter (plain ints: every access is an event of
 * the one object c).  Mazurkiewicz traces: 3,334 for K=4, 34,904 for K=5
 * (the same counts as GenMC with --disable-sr and Nidhugg report).
 *   ravel check --no-cutoffs --keep-going bench/udpor/counter.c -- -DK=4
 */
#include <pthread.h>

#ifndef K
#define K 4
#endif

static int c;

static void *inc(void *arg)
{
    (void)arg;
    for (int i = 0; i < K; i++) {
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
