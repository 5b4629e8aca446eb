/* class 1: the start function of a thread created in [e] that has no
 * event yet.  fa creates its worker with w1 if it read x == 1 (and yields:
 * one more event, so that order is the larger configuration), else with
 * w0; the worker's first event comes after fb's sem_wait, and w1 sees
 * q == 1 only in an interleaving explored after the cut. */
#include <assert.h>
#include <pthread.h>
#include <sched.h>
#include <semaphore.h>
int x, q, w;
sem_t s;
pthread_t tw;
void *w0(void *a) { return 0; }
void *w1(void *a)
{
    if (q) w = 1;
    return 0;
}
/* Overwrites what pthread_create left below fa's frame (never an event:
 * the array does not escape). */
__attribute__((noinline)) static void wipe(void)
{
    char z[8192];
    for (int i = 0; i < (int)sizeof z; i++) z[i] = 0;
}
void *fa(void *a)
{
    if (x) {
        pthread_create(&tw, 0, w1, 0);
        sched_yield();
    } else {
        pthread_create(&tw, 0, w0, 0);
    }
    wipe();
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
