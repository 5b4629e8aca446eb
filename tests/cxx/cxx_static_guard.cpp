/* A function-local static with a dynamic initialiser, first used by two
 * threads at once (C++11 [stmt.dcl]/4: the second waits for the first).
 * The initialisation goes through the C++ ABI's __cxa_guard_acquire /
 * __cxa_guard_release (libstdc++'s guard.cc), which take their
 * single-threaded path while __libc_single_threaded is 1: the second
 * thread, finding the guard pending, throws recursive_init_error and
 * std::terminate aborts.  Found by the adversary (attack39) on af66930:
 * `ravel check --algo=dfs` reported "abort() called in thread 1 at
 * vterminate.o" after 16 executions, an error no real run has (200 native
 * runs of clang++ -pthread: 0 failures); the default and --no-cutoffs
 * gave up ("behaved differently when a schedule was replayed").  Now the
 * runtime clears __libc_single_threaded before main (start.c), the
 * library takes its threaded path, and a contended guard waits by futex,
 * which ravel reports as unsupported (naming the contended static) in
 * every mode; an uncontended one runs as before.  Left: modelling the
 * guard as a lock would verify this program.  -DBUG: an assertion after
 * the threads, found where no contention happens first. */
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
