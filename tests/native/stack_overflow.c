/* Unbounded recursion in thread 1 runs into its stack guard. */
#include <pthread.h>
#include <stddef.h>

static int depth(int n)
{
    volatile char frame[2048];
    frame[0] = (char)n;
    return depth(n + 1) + frame[0];
}

static void *worker(void *arg)
{
    return (void *)(long)depth(0);
}

int main(void)
{
    pthread_t t;
    pthread_create(&t, NULL, worker, NULL);
    pthread_join(t, NULL);
    return 0;
}
