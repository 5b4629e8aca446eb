/* A bug that needs exactly 2 preemptions (seed 002, Definition 1.5).
 * Thread 3 fails when it sees x == 1 and y == 1: both writers must be
 * stopped between their two writes while still enabled, one preemption
 * each; main only creates and joins (blocking in join is no preemption). */
#include <assert.h>
#include <pthread.h>

static volatile int x, y;

static void *t1(void *arg)
{
    x = 1;
    x = 0;
    return arg;
}

static void *t2(void *arg)
{
    y = 1;
    y = 0;
    return arg;
}

static void *t3(void *arg)
{
    int a = x, b = y;
    assert(!(a == 1 && b == 1)); /* @bug */
    return arg;
}

int main(void)
{
    pthread_t a, b, c;
    pthread_create(&a, 0, t1, 0);
    pthread_create(&b, 0, t2, 0);
    pthread_create(&c, 0, t3, 0);
    pthread_join(a, 0);
    pthread_join(b, 0);
    pthread_join(c, 0);
    return 0;
}
