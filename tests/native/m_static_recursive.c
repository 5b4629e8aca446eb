#define _GNU_SOURCE
/* Issue 9: a mutex made recursive by its static initialiser (the unfolding's
 * model treated it as normal: the relock looked like a self-deadlock). */
#include <assert.h>
#include <pthread.h>
#include <stddef.h>
static pthread_mutex_t m = PTHREAD_RECURSIVE_MUTEX_INITIALIZER_NP;
static int x;

static void *twice(void *arg)
{
    pthread_mutex_lock(&m);
    pthread_mutex_lock(&m);
    x++;
    pthread_mutex_unlock(&m);
    pthread_mutex_unlock(&m);
    return NULL;
}

int main(void)
{
    pthread_t t[N];
    for (int i = 0; i < N; i++) pthread_create(&t[i], NULL, twice, NULL);
    for (int i = 0; i < N; i++) pthread_join(t[i], NULL);
    assert(x == N);
    return 0;
}
