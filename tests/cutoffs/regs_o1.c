/* class 3: a value kept in a callee-saved register across calls (built
 * with -O1 by run.sh): fa's copy of x lives in a register, not on the
 * stack, while it waits.  The order in which fa reads x == 1 has one more
 * event (a yield), so it is the larger configuration; fa uses the value
 * only in an interleaving explored after the cut (y set first). */
#include <assert.h>
#include <pthread.h>
#include <sched.h>
#include <semaphore.h>
int x, y;
sem_t s, t;
__attribute__((noinline)) void *fa(void *a)
{
    int v = x;
    if (v) sched_yield();
    sem_post(&s);
    sem_wait(&t);
    if (y) assert(!v);
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
