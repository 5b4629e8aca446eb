/* N threads each write one int once: to one shared variable with
 * -DSHARED (every two writes conflict: N! Mazurkiewicz traces), else to
 * their own (nothing conflicts: 1 trace).  main creates them all, then
 * joins them all; its pthread_t array is kept out of the instrumentation
 * so that create, join and exit are its only visible operations. */
#include <pthread.h>
#ifndef N
#define N 3
#endif
static int x[N][16];

static void *worker(void *arg)
{
    long id = (long)arg;
#ifdef SHARED
    x[0][0] = (int)id;
#else
    x[id][0] = (int)id;
#endif
    return NULL;
}

__attribute__((no_sanitize("thread"))) static void run(void)
{
    pthread_t t[N];
    for (long i = 0; i < N; i++) pthread_create(&t[i], NULL, worker, (void *)i);
    for (long i = 0; i < N; i++) pthread_join(t[i], NULL);
}

int main(void)
{
    run();
    return 0;
}
