/* Issue 9: sem_init is an event carrying the initial count (the unfolding
 * used to guess semaphore bounds from executions).  A thread initialises
 * the semaphore with INIT; N threads try to take it once it is ready. */
#include <pthread.h>
#include <semaphore.h>
#include <stddef.h>
static sem_t s;
static int ready;

static void *initer(void *arg)
{
    sem_init(&s, 0, INIT);
    ready = 1;
    return NULL;
}

static void *user(void *arg)
{
    if (ready) sem_trywait(&s);
    return NULL;
}

int main(void)
{
    pthread_t t[N + 1];
    pthread_create(&t[0], NULL, initer, NULL);
    for (int k = 1; k <= N; k++) pthread_create(&t[k], NULL, user, NULL);
    return 0;
}
