/* Two threads each take one mutex N times: the traces are the C(2N, N)
 * interleavings of the two sequences of critical sections. */
#include <pthread.h>
#include <stddef.h>
#ifndef N
#define N 2
#endif
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void *worker(void *arg)
{
    for (int i = 0; i < N; i++) {
        pthread_mutex_lock(&m);
        pthread_mutex_unlock(&m);
    }
    return NULL;
}

int main(void)
{
    pthread_t a, b;
    pthread_create(&a, NULL, worker, NULL);
    pthread_create(&b, NULL, worker, NULL);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    return 0;
}
