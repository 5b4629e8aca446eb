/* fatal_exit.c — a failing assertion raced by another thread's step that
 * commutes with it (Optimal-DPOR, docs/DESIGN.md §4; reduced from fuzzer
 * seed 533).  main asserts v != 2 while w0 writes 2 (twice with -DTWICE)
 * and w1 only exits (with -DGUARD it first writes 3 if it reads 0).
 *
 * A failing trace is the trace of the events before the fatal step (main's
 * read of v) plus that step, which depends on everything: w1's exit before
 * or after it are two failing traces.  Reversing the race of the fatal
 * step with w1's cut-off exit inserted the wakeup sequence "w1 exits"
 * alone, and w0's pending write (independent of the exit, not of the
 * read) was taken to cover it: without -DGUARD, --algo=optimal explored 6
 * executions for dfs's 7 traces, one failing trace missing.  With -DGUARD
 * w1's write is a real race with the read (the assertion may then pass):
 * the sequence must stay "w1 writes" alone, or a sleeping exit blocks an
 * execution.  tests/dpor/run.sh checks it against dfs --count-traces. */
#include <assert.h>
#include <pthread.h>
#include <stddef.h>

static int v;

static void *w0(void *arg)
{
    (void)arg;
    v = 2;
#ifdef TWICE
    v = 2;
#endif
    return NULL;
}

static void *w1(void *arg)
{
    (void)arg;
#ifdef GUARD
    if (v == 0) v = 3;
#endif
    return NULL;
}

int main(void)
{
    pthread_t t0, t1;
    pthread_create(&t0, NULL, w0, NULL);
    pthread_create(&t1, NULL, w1, NULL);
    assert(v != 2);
    pthread_join(t0, NULL);
    pthread_join(t1, NULL);
    return 0;
}
