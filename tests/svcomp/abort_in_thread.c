/* A new thread aborts at once; main can call reach_error right after
 * pthread_create, before the thread runs: FALSE under unreach-call.  ravel
 * runs a new thread at its creation up to its first visible operation, so
 * unless the abort is a step of its own the thread's abort would end every
 * execution inside pthread_create and main's order would be lost. */
#include <pthread.h>
extern void abort(void);
extern void reach_error(void);

void *t(void *arg)
{
    abort();
    return 0;
}

int main(void)
{
    pthread_t th;
    pthread_create(&th, 0, t, 0);
    reach_error(); /* MARK main */
    return 0;
}
