/* Each thread writes its own __thread variable through a pointer it
 * publishes in a shared array; main, while both threads still live,
 * checks that the addresses are distinct (and not main's own) and that
 * each holds its thread's value, then writes a new value through each
 * pointer; each thread finds it in its own variable, and main's copy is
 * untouched.  errno, the C library's TLS, starts at 0 in each thread and
 * keeps the thread's own value while the other runs.  With one TLS
 * address for all threads (ravel before per-thread TLS areas) the first
 * assertion fails.  No error in any trace. */
#include <assert.h>
#include <errno.h>
#include <pthread.h>
#include <semaphore.h>
__thread int tv;
int *volatile slot[2];
sem_t ready, go[2];
void *f(void *a)
{
    long i = (long)a;
    assert(errno == 0); /* the C library's TLS is per thread too */
    errno = 40 + (int)i;
    int *p = &tv;
    *p = (int)i + 10;
    slot[i] = p;
    sem_post(&ready);
    sem_wait(&go[i]);
    assert(tv == (int)i + 110 && errno == 40 + (int)i);
    return 0;
}
int main(void)
{
    pthread_t t0, t1;
    sem_init(&ready, 0, 0);
    sem_init(&go[0], 0, 0);
    sem_init(&go[1], 0, 0);
    /* one thread at a time: few interleavings for dfs, the ground truth */
    pthread_create(&t0, 0, f, (void *)0);
    sem_wait(&ready);
    pthread_create(&t1, 0, f, (void *)1);
    sem_wait(&ready);
    int *p0 = slot[0], *p1 = slot[1];
    assert(p0 != p1 && p0 != &tv && p1 != &tv);
    assert(*p0 == 10 && *p1 == 11);
    *p0 = 110;
    *p1 = 111;
    sem_post(&go[0]);
    pthread_join(t0, 0);
    sem_post(&go[1]);
    pthread_join(t1, 0);
    assert(tv == 0);
    return 0;
}
