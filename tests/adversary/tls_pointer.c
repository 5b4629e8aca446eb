/* A pointer to another thread's __thread variable.  fa publishes &tv; fb
 * writes 6 through it, ordered by the semaphores between fa's store of 5
 * and fa's check, so the assertion fails in every execution (one trace),
 * as under POSIX threads.  Was open: ravel ran all threads with one TLS
 * block copied in and out on each switch, so &tv was the same address in
 * every thread, fb's store landed in fb's own copy and every algorithm
 * said "no error, exhaustive".  Each thread now has its own TLS area and
 * %fs base (docs/DESIGN.md "TLS"). */
#include <assert.h>
#include <pthread.h>
#include <semaphore.h>
__thread int tv;
int *volatile pub;
sem_t s, t;
void *fa(void *a)
{
    tv = 5;
    pub = &tv;
    sem_post(&s);
    sem_wait(&t);
    assert(tv == 5);
    return 0;
}
void *fb(void *a)
{
    sem_wait(&s);
    *pub = 6;
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
