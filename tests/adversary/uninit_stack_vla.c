/* Stale stack below a thread's frame, written through a VLA: fa, only
 * when it read x == 1, fills a variable-length array of Z bytes (no
 * events); later, when y is set, a VLA as long is read uninitialised.
 * No bound the dead-stack scrub knows reaches a frame of variable size
 * (-fstack-usage reports "dynamic" without a size), so the pattern
 * survives in every mode alike: dfs finds the assertion.  The default
 * udpor used to cut the state (3 executions, "no error, exhaustive");
 * now a program with such a frame has unique states
 * (RV_TAINT_DYNAMIC_FRAME) and every mode finds it. */
#ifndef Z
#define Z 6000
#endif
#include <assert.h>
#include <pthread.h>
#include <semaphore.h>
#include <sched.h>
int x, y;
sem_t s, t;
__attribute__((noinline)) static void deep_write(int n)
{
    char z[n];
    for (int i = 0; i < n; i++) z[i] = 0x42;
}
__attribute__((noinline)) static int deep_read(int n)
{
    char z[n];
    return z[0];
}
void *fa(void *a)
{
    if (x) {
        deep_write(Z);
        sched_yield();
    }
    sem_post(&s);
    sem_wait(&t);
    if (y) assert(deep_read(Z) != 0x42);
    return 0;
}
void *fb(void *a)
{
    x = 1;
    sem_wait(&s);
    sem_post(&t);
    y = 1;
    return 0;
}
int main(void)
{
    pthread_t ta, tb;
    sem_init(&s, 0, 0);
    sem_init(&t, 0, 0);
    pthread_create(&ta, 0, fa, 0);
    pthread_create(&tb, 0, fb, 0);
    pthread_join(ta, 0);
    pthread_join(tb, 0);
    return 0;
}
