/* pthread_cancel is not modelled by ravel (cancellation is not part of
 * the model): it must be reported by name, with its source line, never
 * run silently. */
#include <pthread.h>
#include <stddef.h>
static int x;

static void *worker(void *arg)
{
    x = 1;
    pthread_cancel(pthread_self()); /* @unsupported */
    return arg;
}

int main(void)
{
    pthread_t t;
    pthread_create(&t, NULL, worker, NULL);
    pthread_join(t, NULL);
    return 0;
}
