/*
 * racy_counter.c — a lost update.
 *
 * Two threads each increment a shared counter N times without a lock.
 * `counter++` is a read followed by a write, so if both threads read the
 * same value before either writes, one increment is lost and the final
 * assertion fails.  ravel finds the interleaving and writes a schedule that
 * `ravel replay` steps through:
 *
 *   ravel check --out=bugs examples/racy_counter.c
 *   ravel replay examples/racy_counter.c bugs/<file>.schedule
 *
 * The fix is to hold a mutex around the increment (compile with -DFIXED).
 */
#include <assert.h>
#include <pthread.h>
#include <stdio.h>

#ifndef N
#define N 1
#endif

static int counter;
#ifdef FIXED
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
#endif

static void *incrementer(void *arg)
{
    for (int i = 0; i < N; i++) {
#ifdef FIXED
        pthread_mutex_lock(&lock);
#endif
        counter++; /* read counter, then write counter + 1 */
#ifdef FIXED
        pthread_mutex_unlock(&lock);
#endif
    }
    return NULL;
}

int main(void)
{
    pthread_t a, b;
    pthread_create(&a, NULL, incrementer, NULL);
    pthread_create(&b, NULL, incrementer, NULL);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    printf("counter = %d\n", counter);
    assert(counter == 2 * N);
    return 0;
}
