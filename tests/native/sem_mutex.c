/* A semaphore of count 1 used as a lock by N threads: the traces are the
 * N! orders of the critical sections (two posts commute). */
#include <pthread.h>
#include <semaphore.h>
#include <stddef.h>
#ifndef N
#define N 2
#endif
static sem_t s;

static void *worker(void *arg)
{
    sem_wait(&s);
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
