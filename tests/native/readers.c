/* One writer and N readers of x: each read sees x before or after the
 * write, independently: 2^N traces. */
#include <pthread.h>
#include <stddef.h>
#ifndef N
#define N 2
#endif
static int x;

static void *writer(void *arg)
{
    x = 1;
    return NULL;
}

static void *reader(void *arg)
{
    int v = x;
    return (void *)(long)v;
}

int main(void)
{
    pthread_t w, r[N];
    pthread_create(&w, NULL, writer, NULL);
    for (int i = 0; i < N; i++) pthread_create(&r[i], NULL, reader, NULL);
    pthread_join(w, NULL);
    for (int i = 0; i < N; i++) pthread_join(r[i], NULL);
    return 0;
}
