/*
 * fib.c — seed 001's FIB benchmark (Table 1, after SV-COMP's fib_bench):
 * two threads, one adding j to i and one adding i to j, ROUNDS times each;
 * every access is an event of one of two hot objects.  8,953 Mazurkiewicz
 * traces for ROUNDS=5 (Nidhugg's count).
 *   ravel check --no-cutoffs --keep-going bench/udpor/fib.c -- -DROUNDS=5
 */
#include <pthread.h>

#ifndef ROUNDS
#define ROUNDS 5
#endif

static int i = 1, j = 1;

static void *t1(void *arg)
{
    (void)arg;
    for (int k = 0; k < ROUNDS; k++) i = i + j;
    return NULL;
}

static void *t2(void *arg)
{
    (void)arg;
    for (int k = 0; k < ROUNDS; k++) j = j + i;
    return NULL;
}

int main(void)
{
    pthread_t a, b;
    pthread_create(&a, NULL, t1, NULL);
    pthread_create(&b, NULL, t2, NULL);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    return 0;
}
