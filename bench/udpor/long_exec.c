/*
 * long_exec.c — one long execution: a thread increments a global M times
 * (2M memory events) and main reads it after the join; one Mazurkiewicz
 * trace.  Measures the cost of mapping and extending a long execution
 * (issue 11: linear in its length).
 *   ravel check --algo=udpor --no-cutoffs bench/udpor/long_exec.c -- -DM=50000
 */
#include <pthread.h>

#ifndef M
#define M 1000
#endif

static volatile int x;

static void *worker(void *arg)
{
    (void)arg;
    for (int i = 0; i < M; i++) x = x + 1;
    return NULL;
}

int main(void)
{
    pthread_t t;
    pthread_create(&t, NULL, worker, NULL);
    pthread_join(t, NULL);
    return x == M ? 0 : 1;
}
