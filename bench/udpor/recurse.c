/* recurse.c — unbounded recursion in a thread (issue 11): the stack
 * overflows after tens of thousands of events; `ravel check` must report
 * stack-overflow. */
#include <pthread.h>

static volatile int depth;

static int down(int n)
{
    volatile char frame[512]; /* the stack overflows within --max-events */
    frame[0] = (char)n;
    depth = n; /* one visible event per frame */
    return down(n + 1) + frame[0];
}

static void *worker(void *arg)
{
    (void)arg;
    return (void *)(long)down(0);
}

int main(void)
{
    pthread_t t;
    pthread_create(&t, NULL, worker, NULL);
    pthread_join(t, NULL);
    return 0;
}
