/* forever.c — a thread that loops forever (issue 11): under default
 * `ravel check` the exploration must stop with exit 3 (event-limit). */
#include <pthread.h>

static volatile int x;

static void *spin(void *arg)
{
    (void)arg;
    for (;;) x = x + 1;
    return NULL;
}

int main(void)
{
    pthread_t t;
    pthread_create(&t, NULL, spin, NULL);
    pthread_join(t, NULL);
    return 0;
}
