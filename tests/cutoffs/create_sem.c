/* class 1: a thread created in [e] with no event yet (issue 10's example).
 * The worker created in the second execution has no event before fb's
 * sem_wait, so a state without it equals the first execution's. */
#include <assert.h>
#include <pthread.h>
#include <semaphore.h>
int x, q, w;
sem_t s;
pthread_t ta, tb, tw;
void *worker(void *a)
{
    if (q) w = 1;
    return 0;
}
void *fa(void *a)
{
    if (x) pthread_create(&tw, 0, worker, 0);
    sem_post(&s);
    return 0;
}
void *fb(void *a)
{
    x = 1;
    sem_wait(&s);
    q = 1;
    assert(!w);
    return 0;
}
int main(void)
{
    sem_init(&s, 0, 0);
    pthread_create(&ta, 0, fa, 0);
    pthread_create(&tb, 0, fb, 0);
    return 0;
}
