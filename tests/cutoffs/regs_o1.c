/* class 3: a value kept in a callee-saved register across calls (built
 * with -O1 by run.sh): fa's copy of x lives in a register, not on the
 * stack, while it waits. */
#include <assert.h>
#include <pthread.h>
#include <semaphore.h>
int x;
sem_t s, t;
__attribute__((noinline)) void *fa(void *a)
{
    int v = x;
    sem_post(&s);
    sem_wait(&t);
    assert(!v);
    return 0;
}
void *fb(void *a)
{
    x = 1;
    sem_wait(&s);
    sem_post(&t);
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
