/* Locking a mutex after destroying it: misuse. */
#include <pthread.h>
#include <stddef.h>
static pthread_mutex_t m;

static void *worker(void *arg)
{
    pthread_mutex_lock(&m); /* @misuse */
    pthread_mutex_unlock(&m);
    return NULL;
}

int main(void)
{
    pthread_mutex_init(&m, NULL);
    pthread_mutex_destroy(&m);
    pthread_t t;
    pthread_create(&t, NULL, worker, NULL);
    pthread_join(t, NULL);
    return 0;
}
