/* Two waiters released by one broadcast from main (each re-checks its
 * predicate in a while loop): never an error, never a deadlock.  With
 * -DSIGNAL main signals instead, and one waiter can sleep forever. */
#include <pthread.h>
#include <stddef.h>
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t c = PTHREAD_COND_INITIALIZER;
static int go;

static void *waiter(void *arg)
{
    pthread_mutex_lock(&m);
    while (!go) pthread_cond_wait(&c, &m);
    pthread_mutex_unlock(&m);
    return NULL;
}

int main(void)
{
    pthread_t a, b;
    pthread_create(&a, NULL, waiter, NULL);
    pthread_create(&b, NULL, waiter, NULL);
    pthread_mutex_lock(&m);
    go = 1;
#ifdef SIGNAL
    pthread_cond_signal(&c);
#else
    pthread_cond_broadcast(&c);
#endif
    pthread_mutex_unlock(&m);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    return 0;
}
