/* A barrier initialised after the thread that waits on it was created
 * (STATIC 0: heap storage, 1: static storage; COUNT 1).  Trace 1: main's
 * init, then t's arrive (serial with count 1); trace 2: t's arrive first:
 * "use of an uninitialised barrier" (misuse); dfs counts 3 (the read of b
 * by t against main's write).  udpor stopped as "predicted result differs:
 * barrier-arrive": it predicted the misused arrive from the executed one
 * (serial: arg 1), while the runtime's misuse left the announced arg 0
 * (model.c: a misused arrive's result is now 0 in both).  With COUNT 2
 * the executed arrive's arg was 0 already: t blocks, a deadlock. */
#include <pthread.h>
#include <stdlib.h>
static pthread_barrier_t *b;
static void *thr(void *a)
{
    pthread_barrier_wait(b);
    return a;
}
int main(void)
{
    pthread_t t;
    b = malloc(sizeof *b);
#if STATIC
    static pthread_barrier_t sb;
    b = &sb;
#endif
    pthread_create(&t, 0, thr, 0);
    pthread_barrier_init(b, 0, COUNT);
    pthread_join(t, 0);
    return 0;
}
