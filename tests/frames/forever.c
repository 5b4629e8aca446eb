/* A thread that loops forever with a visible write in every iteration. */
#include <pthread.h>

int x;

static void *loop(void *a)
{
    for (;;) x = x + 1; /* marker: loop */
    return a;
}

int main(void)
{
    pthread_t t;
    pthread_create(&t, 0, loop, 0);
    pthread_join(t, 0);
    return 0;
}
