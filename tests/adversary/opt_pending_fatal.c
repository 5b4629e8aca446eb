/* Optimal-DPOR and a thread that never ran when another failed.  main
 * creates the signaler, then (mutex held) waits on a condition with a
 * time-out unless flag is set, and fails an assertion on a time-out
 * (line 40) and, with WOKEN, when woken (line 42).  The first execution
 * runs main alone: it times out and fails before the signaler's first
 * step (its lock) ran.  optimal raced that pending lock only with main's
 * fatal step (its unlock, where the mutex is held: not reversible), so it
 * explored 1 execution of dfs's 3 traces (WOKEN 0) or of 5 (WOKEN 1),
 * and missed the error at line 42 (src/explorers/dpor.c optimal_at: the
 * pending step now also races with the events the fatal step follows).
 * Traces (WOKEN 0): the signaler's section before main's (no wait), or
 * after main's w1 and before its timed w2 (woken), or after it (timed
 * out; the signal is lost): 3.  WOKEN 1 splits those by the assertion
 * (with nondeterministic flag reads counted by dfs): 5. */
#include <assert.h>
#include <errno.h>
#include <pthread.h>
#include <time.h>
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t c = PTHREAD_COND_INITIALIZER;
static int flag;
static void *signaler(void *a)
{
    pthread_mutex_lock(&m);
    flag = 1;
    pthread_cond_signal(&c);
    pthread_mutex_unlock(&m);
    return a;
}
int main(void)
{
    pthread_t t;
    struct timespec ts = {0, 0};
    pthread_create(&t, 0, signaler, 0);
    int r = 0;
    pthread_mutex_lock(&m);
    if (!flag) r = pthread_cond_timedwait(&c, &m, &ts);
    int got = flag;
    pthread_mutex_unlock(&m);
    if (r == ETIMEDOUT) assert(0); /* timed out */
#if WOKEN
    if (r == 0 && got == 1 && WOKEN == 1) assert(0); /* any path with got */
#endif
    pthread_join(t, 0);
    return 0;
}
