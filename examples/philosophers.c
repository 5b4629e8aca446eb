/*
 * philosophers.c — the dining philosophers, with the classic deadlock.
 *
 * N philosophers sit around a table with one fork between each pair of
 * neighbours.  Philosopher i picks up the fork on the left (fork i), then
 * the one on the right (fork i+1 mod N), eats, and puts both down.  If every
 * philosopher picks up the left fork before anyone picks up a right one,
 * nobody can continue: a deadlock that ravel finds and reports with the
 * schedule that reaches it.
 *
 *   ravel check examples/philosophers.c                 # N = 3
 *   ravel check --keep-going --count-traces examples/philosophers.c -- -DN=4
 *
 * With --keep-going --count-traces ravel finds 2^N - 2 complete traces and
 * one deadlocking trace: each fork is taken first by one of its two
 * neighbours (2^N choices), and the two cyclic choices are the deadlock and
 * an impossible cycle.
 */
#include <pthread.h>
#include <stdio.h>

#ifndef N
#define N 3
#endif

static pthread_mutex_t fork_[N];

static void *philosopher(void *arg)
{
    long i = (long)arg;
    pthread_mutex_t *left = &fork_[i], *right = &fork_[(i + 1) % N];

    pthread_mutex_lock(left);
    pthread_mutex_lock(right); /* waits forever if the right neighbour holds it */
    /* eat: nothing shared is touched while eating */
    pthread_mutex_unlock(right);
    pthread_mutex_unlock(left);
    return NULL;
}

int main(void)
{
    pthread_t t[N];
    for (int i = 0; i < N; i++) pthread_mutex_init(&fork_[i], NULL);
    for (long i = 0; i < N; i++) pthread_create(&t[i], NULL, philosopher, (void *)i);
    for (int i = 0; i < N; i++) pthread_join(t[i], NULL);
    printf("all %d philosophers have eaten\n", N);
    return 0;
}
