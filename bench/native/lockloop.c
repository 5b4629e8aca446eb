/* bench: N threads each increment a shared counter M times under one
 * mutex; the final assertion holds. */
#include <assert.h>
#include <pthread.h>
#include <stddef.h>
#ifndef N
#define N 3
#endif
#ifndef M
#define M 2
#endif
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static int counter;

static void *worker(void *arg)
{
    for (int i = 0; i < M; i++) {
        pthread_mutex_lock(&m);
        counter++;
        pthread_mutex_unlock(&m);
    }
    return NULL;
}

int main(void)
{
    pthread_t t[N];
    for (int i = 0; i < N; i++) pthread_create(&t[i], NULL, worker, NULL);
    for (int i = 0; i < N; i++) pthread_join(t[i], NULL);
    assert(counter == N * M);
    return 0;
}
