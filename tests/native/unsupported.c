/* pthread_rwlock_* is not modelled by ravel: it must be reported by name,
 * with its source line, never run silently. */
#include <pthread.h>
#include <stddef.h>
static pthread_rwlock_t rw = PTHREAD_RWLOCK_INITIALIZER;
static int x;

static void *worker(void *arg)
{
    pthread_rwlock_rdlock(&rw); /* @unsupported */
    x = 1;
    pthread_rwlock_unlock(&rw);
    return NULL;
}

int main(void)
{
    pthread_t t;
    pthread_create(&t, NULL, worker, NULL);
    pthread_join(t, NULL);
    return 0;
}
