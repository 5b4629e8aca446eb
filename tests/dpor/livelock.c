/* Two threads wait for each other forever, politely: each raises its flag
 * and yields while the other's is up.  Under a fair scheduler (seed 002
 * §1.2) this never terminates once both flags are up: a livelock. */
#include <pthread.h>
#include <sched.h>

static volatile int f1, f2;

static void *t1(void *a)
{
    f1 = 1;
    while (f2) sched_yield();
    f1 = 0;
    return a;
}

static void *t2(void *a)
{
    f2 = 1;
    while (f1) sched_yield();
    f2 = 0;
    return a;
}

int main(void)
{
    pthread_t a, b;
    pthread_create(&a, 0, t1, 0);
    pthread_create(&b, 0, t2, 0);
    pthread_join(a, 0);
    pthread_join(b, 0);
    return 0;
}
