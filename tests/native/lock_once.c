/* N threads each take one mutex once: the traces are the N! orders of the
 * critical sections. */
#include <pthread.h>
#include <stddef.h>
#ifndef N
#define N 3
#endif
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void *worker(void *arg)
{
    pthread_mutex_lock(&m);
    pthread_mutex_unlock(&m);
    return NULL;
}

int main(void)
{
    pthread_t t[N];
    for (int i = 0; i < N; i++) pthread_create(&t[i], NULL, worker, NULL);
    for (int i = 0; i < N; i++) pthread_join(t[i], NULL);
    return 0;
}
