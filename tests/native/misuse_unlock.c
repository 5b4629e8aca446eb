/* Thread 1 unlocks a (normal) mutex that main holds: misuse. */
#include <pthread.h>
#include <stddef.h>
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void *worker(void *arg)
{
    pthread_mutex_unlock(&m); /* @misuse */
    return NULL;
}

int main(void)
{
    pthread_mutex_lock(&m);
    pthread_t t;
    pthread_create(&t, NULL, worker, NULL);
    pthread_join(t, NULL);
    return 0;
}
