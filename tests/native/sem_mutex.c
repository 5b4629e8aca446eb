/* A semaphore of count 1 used as a lock by N threads: mutual exclusion
 * holds, and the traces are the N! orders of the critical sections. */
#include <assert.h>
#include <pthread.h>
#include <semaphore.h>
#include <stddef.h>
#ifndef N
#define N 3
#endif
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
    sem_init(&s, 0, 1);
    pthread_t t[N];
    for (int i = 0; i < N; i++) pthread_create(&t[i], NULL, worker, NULL);
    for (int i = 0; i < N; i++) pthread_join(t[i], NULL);
    return 0;
}
