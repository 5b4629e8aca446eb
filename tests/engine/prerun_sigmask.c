/* A pre-run thrown away leaves the signal mask of its execution, which
 * has not ended: the next execution must still start with the mask every
 * execution starts with (the engine puts it back after an execution that
 * ends, engine.c).  The program blocks a signal at its start, so the
 * reset engine runs it only when asked (--engine=reset).  Under dpor the
 * third execution's pre-run is thrown away (main's early race with `s`
 * comes after its late one with `t`), and the fourth too. */
#include <assert.h>
#include <pthread.h>
#include <signal.h>

static int s, t, g;

static void *ta(void *arg)
{
    t = 1;
    s = 1;
    return NULL;
}

int main(void)
{
    sigset_t old, usr1;
    sigprocmask(SIG_BLOCK, NULL, &old);
    assert(!sigismember(&old, SIGUSR1));
    sigemptyset(&usr1);
    sigaddset(&usr1, SIGUSR1);
    sigprocmask(SIG_BLOCK, &usr1, NULL);
    pthread_t a;
    pthread_create(&a, NULL, ta, NULL);
    s = 2;
    for (int i = 0; i < 30; i++) g = i;
    t = 2;
    pthread_join(a, NULL);
    return 0;
}
