/* A thread that loops forever without a visible operation, inside a libc
 * call (a leaf without a frame of its own): killed at --timeout, and the
 * report names the loop. */
#include <pthread.h>
#include <unistd.h>

static void wait_forever(void)
{
    for (;;) (void)getppid(); /* marker: silent loop */
}

static void *worker(void *a)
{
    wait_forever();
    return a;
}

int main(void)
{
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    pthread_join(t, 0);
    return 0;
}
