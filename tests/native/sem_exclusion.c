/* Mutual exclusion through a semaphore of count 1, checked by assertion. */
#include <assert.h>
#include <pthread.h>
#include <semaphore.h>
#include <stddef.h>
static sem_t s;
static int inside;

static void *worker(void *arg)
{
    sem_wait(&s);
    inside++;
    assert(inside == 1);
    inside--;
    sem_post(&s);
    return NULL;
}

int main(void)
{
    sem_init(&s, 0, INIT);
    pthread_t a, b;
    pthread_create(&a, NULL, worker, NULL);
    pthread_create(&b, NULL, worker, NULL);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    return 0;
}
