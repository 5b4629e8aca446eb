/* thread_bomb.c — creates threads forever, each blocked for good on a
 * mutex main holds: --max-threads ends the execution, or, under an
 * address-space limit, the first thread whose stack cannot be mapped
 * (a resource limit that says so, not an internal error). */
#include <pthread.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void *wait_forever(void *a)
{
    pthread_mutex_lock(&m);
    return a;
}

int main(void)
{
    pthread_mutex_lock(&m);
    for (;;) {
        pthread_t t;
        if (pthread_create(&t, 0, wait_forever, 0)) break;
    }
    return 0;
}
