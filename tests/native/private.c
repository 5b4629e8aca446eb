/* K threads each write their own global slot M times: no two visible
 * operations of different threads conflict, so there is one Mazurkiewicz
 * trace, and DFS must enumerate every interleaving of the events
 *   main:     create(1..K), join(1..K), exit
 *   thread i: M writes, exit        (between create(i) and join(i)).
 * main's own bookkeeping (the pthread_t array) is kept out of the
 * instrumentation so that its only visible operations are those above. */
#include <pthread.h>
#include <stddef.h>
#ifndef K
#define K 2
#endif
#ifndef M
#define M 1
#endif
static long slot[K][8];

static void *worker(void *arg)
{
    long id = (long)arg;
    for (int j = 0; j < M; j++) slot[id][0] = j;
    return NULL;
}

__attribute__((no_sanitize("thread"))) static void run(void)
{
    pthread_t t[K];
    for (long i = 0; i < K; i++) pthread_create(&t[i], NULL, worker, (void *)i);
    for (long i = 0; i < K; i++) pthread_join(t[i], NULL);
}

int main(void)
{
    run();
    return 0;
}
