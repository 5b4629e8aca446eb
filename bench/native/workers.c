/* bench: K threads each write their own variable M times — no conflicts,
 * so DFS explores every interleaving (one trace): raw executions/second. */
#include <pthread.h>
#include <stddef.h>
#ifndef K
#define K 3
#endif
#ifndef M
#define M 2
#endif
static long slot[K][8];

static void *worker(void *arg)
{
    long id = (long)arg;
    for (int j = 0; j < M; j++) slot[id][0] = j;
    return NULL;
}

int main(void)
{
    pthread_t t[K];
    for (long i = 0; i < K; i++) pthread_create(&t[i], NULL, worker, (void *)i);
    for (long i = 0; i < K; i++) pthread_join(t[i], NULL);
    return 0;
}
