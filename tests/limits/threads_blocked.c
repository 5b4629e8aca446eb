/* threads_blocked.c — main takes a mutex and creates K threads (-DK,
 * default 100) that block on it for good, then two threads that add 1 to
 * x without a lock; it joins those, asserts x == 2 (a lost update breaks
 * it) and ends the process with exit(), which ends the blocked threads.
 * The blocked threads add no choice, and the racers are threads K+1 and
 * K+2: with K >= 63 they have no bit in a 64-bit mask, and every count
 * must be the one of K = 0 (issue 13 part 3). */
#include <assert.h>
#include <pthread.h>
#include <stdlib.h>

#ifndef K
#define K 100
#endif

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static int x;

static void *block(void *a)
{
    pthread_mutex_lock(&m);
    return a;
}

static void *add(void *a)
{
    int v = x;
    x = v + 1;
    return a;
}

int main(void)
{
    pthread_t t, r1, r2;
    pthread_mutex_lock(&m);
    for (int i = 0; i < K; i++) pthread_create(&t, 0, block, 0);
    pthread_create(&r1, 0, add, 0);
    pthread_create(&r2, 0, add, 0);
    pthread_join(r1, 0);
    pthread_join(r2, 0);
    assert(x == 2);
    exit(0);
}
