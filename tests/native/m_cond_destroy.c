/* Issue 9: pthread_cond_init/destroy are events; destroying a condition
 * variable a thread waits on is a misuse.  With -DBUG main sets the flag
 * without signalling and destroys the condvar: a misuse in the
 * interleavings where the waiter waits already. */
#include <pthread.h>
#include <stddef.h>
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t c;
static int flag;

static void *waiter(void *arg)
{
    pthread_mutex_lock(&m);
    while (!flag) pthread_cond_wait(&c, &m);
    pthread_mutex_unlock(&m);
    return NULL;
}

int main(void)
{
    pthread_cond_init(&c, NULL);
    pthread_t t;
    pthread_create(&t, NULL, waiter, NULL);
    pthread_mutex_lock(&m);
    flag = 1;
#ifdef BUG
    pthread_mutex_unlock(&m);
    pthread_cond_destroy(&c);
    pthread_join(t, NULL);
#else
    pthread_cond_signal(&c);
    pthread_mutex_unlock(&m);
    pthread_join(t, NULL);
    pthread_cond_destroy(&c);
#endif
    return 0;
}
