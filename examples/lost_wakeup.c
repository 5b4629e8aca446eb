/*
 * lost_wakeup.c — a condition-variable signal that nobody hears.
 *
 * The consumer tests the flag *before* taking the mutex and then waits
 * without re-checking it.  If the producer sets the flag and signals in
 * between — when nobody waits yet — the signal is lost (POSIX: a signal
 * with no waiter has no effect) and the consumer waits forever: ravel
 * reports a deadlock and says which thread waits on what.
 *
 *   ravel check examples/lost_wakeup.c
 *
 * The fix: test the flag under the mutex, in a loop:
 *     pthread_mutex_lock(&m);
 *     while (!ready) pthread_cond_wait(&cv, &m);
 *     pthread_mutex_unlock(&m);
 */
#include <pthread.h>
#include <stdio.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t cv = PTHREAD_COND_INITIALIZER;
static int ready;
static int data;

static void *consumer(void *arg)
{
    if (!ready) {                   /* BUG: checked without the mutex ... */
        pthread_mutex_lock(&m);
        pthread_cond_wait(&cv, &m); /* ... and not re-checked after waking */
        pthread_mutex_unlock(&m);
    }
    printf("consumed %d\n", data);
    return NULL;
}

static void *producer(void *arg)
{
    data = 42;
    pthread_mutex_lock(&m);
    ready = 1;
    pthread_cond_signal(&cv);
    pthread_mutex_unlock(&m);
    return NULL;
}

int main(void)
{
    pthread_t c, p;
    pthread_create(&c, NULL, consumer, NULL);
    pthread_create(&p, NULL, producer, NULL);
    pthread_join(c, NULL);
    pthread_join(p, NULL);
    return 0;
}
