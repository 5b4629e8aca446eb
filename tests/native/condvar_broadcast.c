/* Two waiters released by one broadcast (each re-checks its predicate in a
 * while loop): never an error, never a deadlock. */
#include <assert.h>
#include <pthread.h>
#include <stddef.h>
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t c = PTHREAD_COND_INITIALIZER;
static int go, woken;

static void *waiter(void *arg)
{
    pthread_mutex_lock(&m);
    while (!go) pthread_cond_wait(&c, &m);
    woken++;
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
    pthread_cond_broadcast(&c);
    pthread_mutex_unlock(&m);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    assert(woken == 2);
    return 0;
}
