/* OPEN (not run by CI): a pointer to another thread's __thread variable.
 * Under real pthreads fb writes fa's tv through pub and the assertion
 * fails.  ravel runs all threads on one OS thread and copies each
 * thread's TLS block into the one real block on every switch
 * (docs/DESIGN.md "TLS and errno ... private by construction"), so &tv is
 * the same address in every thread: fb's store lands in fb's own copy and
 * every algorithm (dfs included) says "no error, exhaustive":
 *   build/release/ravel check --algo=dfs tests/adversary/open/tls_pointer.c
 * All algorithms agree (one semantics holds); the semantics differs from
 * POSIX.  A fix needs per-thread TLS addresses (e.g. a distinct %fs base
 * per coroutine), not a local change. */
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
