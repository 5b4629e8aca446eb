/*
 * philo_flags.c — dining philosophers (examples/philosophers.c) where each
 * philosopher also writes its own flag after eating, and main reads every
 * flag after the joins (issue 11's scaling benchmark).  The flags add one
 * memory event per thread and N reads to main: the traces are those of the
 * forks (2^N - 2 complete, 1 deadlock), but the unfolding and the
 * executions are longer.
 *   ravel check --no-cutoffs --keep-going bench/udpor/philo_flags.c -- -DN=10
 */
#include <pthread.h>

#ifndef N
#define N 4
#endif

static pthread_mutex_t fork_[N];
static int done[N];

static void *philosopher(void *arg)
{
    long i = (long)arg;
    pthread_mutex_t *left = &fork_[i], *right = &fork_[(i + 1) % N];
    pthread_mutex_lock(left);
    pthread_mutex_lock(right);
    pthread_mutex_unlock(right);
    pthread_mutex_unlock(left);
    done[i] = 1;
    return NULL;
}

int main(void)
{
    pthread_t t[N];
    for (int i = 0; i < N; i++) pthread_mutex_init(&fork_[i], NULL);
    for (long i = 0; i < N; i++) pthread_create(&t[i], NULL, philosopher, (void *)i);
    for (int i = 0; i < N; i++) pthread_join(t[i], NULL);
    int sum = 0;
    for (int i = 0; i < N; i++) sum += done[i];
    return sum == N ? 0 : 1;
}
