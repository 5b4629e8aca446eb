/* class 1: the start function of a thread created in [e] that has no
 * event yet.  fa creates its worker with w1 or w0 depending on x; the
 * worker's first event comes after fb's sem_wait. */
#include <assert.h>
#include <pthread.h>
#include <semaphore.h>
int x, q, w;
sem_t s;
pthread_t tw;
void *w0(void *a)
{
    return 0;
}
void *w1(void *a)
{
    if (q) w = 1;
    return 0;
}
void *fa(void *a)
{
    pthread_create(&tw, 0, x ? w1 : w0, 0);
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
    pthread_t ta, tb;
    sem_init(&s, 0, 0);
    pthread_create(&ta, 0, fa, 0);
    pthread_create(&tb, 0, fb, 0);
    return 0;
}
