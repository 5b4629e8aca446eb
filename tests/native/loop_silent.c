/* A thread that loops forever without a single visible operation: only the
 * per-execution --timeout ends it. */
#include <pthread.h>
#include <stddef.h>

static void *spinner(void *arg)
{
    for (;;) {
    }
    return NULL;
}

int main(void)
{
    pthread_t t;
    pthread_create(&t, NULL, spinner, NULL);
    pthread_join(t, NULL);
    return 0;
}
