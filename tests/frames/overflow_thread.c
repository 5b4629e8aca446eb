/* Unbounded recursion in thread 1: the fault usually happens inside the
 * runtime (the visible write's scheduler), but the report must name the
 * program's function. */
#include <pthread.h>

static int depth(int n) /* marker: depth begins */
{
    volatile char frame[2048];
    frame[0] = (char)n;
    return depth(n + 1) + frame[0];
} /* marker: depth ends */

static void *worker(void *arg)
{
    return (void *)(long)depth(0);
}

int main(void)
{
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    pthread_join(t, 0);
    return 0;
}
