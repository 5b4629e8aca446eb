/* OPEN (not run in CI): accesses of code built without instrumentation
 * are no events, so their interleavings are never explored, in any mode
 * (adversary of issue 27 part 5).  Two threads each load x and store
 * x + 1 with C11 atomics; the final assertion fails when both load 0 (a
 * lost update).  With -fno-sanitize-thread-atomics (or no_sanitize, an
 * ignore list, -fno-sanitize=thread) the atomics are plain instructions:
 * the build's object scan notices them (the summary's "unique ... code
 * built without instrumentation: uninstr_atomics.c (f)"), which keeps the
 * cutoffs sound, but dfs and udpor each run the threads' bodies as one
 * step and say "no error, exhaustive" (exit 0).  Seen on ee4a129:
 *   ravel check --algo=dfs tests/adversary/open/uninstr_atomics.c                            -> assertion (21 executions)
 *   ravel check --algo=dfs tests/adversary/open/uninstr_atomics.c -- -fno-sanitize-thread-atomics -> exit 0, exhaustive (14)
 *   ravel check tests/adversary/open/uninstr_atomics.c -- -fno-sanitize-thread-atomics       -> exit 0, exhaustive (1)
 * Ideas: a program with uninstrumented code that writes memory another
 * thread can reach gets no "exhaustive" (exit 3 with the reason), or a
 * warning in the summary that races through that code are not explored
 * (as the build warns for unwrapped C library writes). */
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>
atomic_int x;
void *f(void *a)
{
    int v = atomic_load(&x);
    atomic_store(&x, v + 1);
    return 0;
}
int main(void)
{
    pthread_t a, b;
    pthread_create(&a, 0, f, 0);
    pthread_create(&b, 0, f, 0);
    pthread_join(a, 0);
    pthread_join(b, 0);
    assert(atomic_load(&x) == 2);
    return 0;
}
