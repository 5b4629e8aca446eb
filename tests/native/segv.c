/* Thread 1 writes through a null pointer: a crash in thread 1 at the marked
 * line, in every execution. */
#include <pthread.h>
#include <stddef.h>
static int *volatile nowhere;
static int x;

static void *worker(void *arg)
{
    x = 1;
    *nowhere = 7; /* @crash */
    return NULL;
}

int main(void)
{
    pthread_t t;
    pthread_create(&t, NULL, worker, NULL);
    x = 2;
    pthread_join(t, NULL);
    return 0;
}
