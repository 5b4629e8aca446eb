/* N threads each do K plain writes to their own slot of a shared array,
 * then add their result to a counter under a mutex.  The program is free
 * of data races: under --memory=drf only the N lock/unlock pairs (and
 * thread creation and joins) are events, under sc every write is one too.
 * The traces are the N! orders of the critical sections in both modes. */
#include <assert.h>
#include <pthread.h>
#include <stddef.h>
#ifndef N
#define N 3
#endif
#ifndef K
#define K 3
#endif
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static int work[N][K];
static int total;

static void *worker(void *arg)
{
    int id = (int)(long)arg, sum = 0;
    for (int k = 0; k < K; k++) {
        work[id][k] = id + k; /* private part of a shared array */
        sum += work[id][k];
    }
    pthread_mutex_lock(&m);
    total += sum;
    pthread_mutex_unlock(&m);
    return NULL;
}

int main(void)
{
    pthread_t t[N];
    for (long i = 0; i < N; i++) pthread_create(&t[i], NULL, worker, (void *)i);
    for (int i = 0; i < N; i++) pthread_join(t[i], NULL);
    int want = 0;
    for (int i = 0; i < N; i++)
        for (int k = 0; k < K; k++) want += i + k;
    assert(total == want);
    return 0;
}
