/* class 2: the recursive count of a mutex across a condition-variable wait.
 * fa locks the recursive mutex twice if it read x == 1, then waits on a
 * condition variable (which releases the mutex whatever its count and
 * restores the count when it returns).  After the wait fa unlocks once:
 * the mutex is still held iff the count was 2, which fb's trylock sees. */
#include <assert.h>
#include <pthread.h>
#include <semaphore.h>
int x, go;
pthread_mutex_t m;
pthread_cond_t c = PTHREAD_COND_INITIALIZER;
sem_t s;
void *fa(void *a)
{
    pthread_mutex_lock(&m);
    if (x) pthread_mutex_lock(&m);
    while (!go) pthread_cond_wait(&c, &m);
    pthread_mutex_unlock(&m);
    sem_post(&s);
    return 0;
}
void *fb(void *a)
{
    x = 1;
    pthread_mutex_lock(&m);
    go = 1;
    pthread_cond_signal(&c);
    pthread_mutex_unlock(&m);
    sem_wait(&s);
    int r = pthread_mutex_trylock(&m);
    assert(r == 0); /* fails when fa still holds it (count 2) */
    pthread_mutex_unlock(&m);
    return 0;
}
int main(void)
{
    pthread_mutexattr_t at;
    pthread_mutexattr_init(&at);
    pthread_mutexattr_settype(&at, PTHREAD_MUTEX_RECURSIVE);
    pthread_mutex_init(&m, &at);
    sem_init(&s, 0, 0);
    pthread_t ta, tb;
    pthread_create(&ta, 0, fa, 0);
    pthread_create(&tb, 0, fb, 0);
    pthread_join(tb, 0);
    return 0;
}
