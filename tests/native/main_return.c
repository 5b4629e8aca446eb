/* main returns while holding a mutex another thread waits for.  By
 * default returning from main ends only main, so the thread blocks forever
 * (deadlock); with --posix-exit the return ends the program (no error). */
#include <pthread.h>
#include <stddef.h>
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void *worker(void *arg)
{
    pthread_mutex_lock(&m);
    pthread_mutex_unlock(&m);
    return NULL;
}

int main(void)
{
    pthread_mutex_lock(&m);
    pthread_t t;
    pthread_create(&t, NULL, worker, NULL);
    return 0;
}
