/* A function-local static with a dynamic initialiser, first used by two
 * threads at once (C++11 [stmt.dcl]/4: the second waits for the first).
 * Found by the adversary (attack39) on af66930: libstdc++'s guard.cc took
 * its single-threaded path (__libc_single_threaded was 1 under ravel), the
 * second thread found the guard pending and threw recursive_init_error:
 * `ravel check --algo=dfs` reported "abort() called in thread 1 at
 * vterminate.o" after 16 executions, an error no real run has (200 native
 * runs: 0 failures); the default and --no-cutoffs gave up ("behaved
 * differently when a schedule was replayed": the guard's stores were no
 * events).  Now the runtime replaces __cxa_guard_acquire/release/abort
 * (sync.c: the guard holds a once control of the model; byte 0 is stored
 * at an event): exhaustive, no error, 4 traces (dfs --count-traces) and 4
 * executions under udpor and optimal.  -DBUG: an assertion after the
 * threads, found. */
#include <cassert>
#include <pthread.h>
#include <sched.h>
int inits, g;
static int make()
{
    inits++;
    sched_yield();
    return 42;
}
static int get()
{
    static int v = make();
    return v;
}
void *t(void *)
{
    g = get();
    return 0;
}
int main()
{
    pthread_t th;
    pthread_create(&th, 0, t, 0);
    int m = get();
    pthread_join(th, 0);
    assert(m == 42 && g == 42);
    assert(inits == 1);
#ifdef BUG
    assert(0 && "reached");
#endif
}
