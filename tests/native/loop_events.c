/* A thread that never stops doing visible operations: every execution
 * is infinite; only --max-events ends them. */
#include <pthread.h>
#include <stddef.h>
static int x;

static void *spinner(void *arg)
{
    for (;;) x++;
    return NULL;
}

int main(void)
{
    pthread_t t;
    pthread_create(&t, NULL, spinner, NULL);
    pthread_join(t, NULL);
    return 0;
}
