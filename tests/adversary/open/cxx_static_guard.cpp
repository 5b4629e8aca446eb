/* OPEN (not run in CI): a function-local static with a dynamic
 * initialiser, first used by two threads at once, makes ravel report an
 * error the program cannot have (dfs) or give up (udpor).
 * The initialisation goes through the C++ ABI's __cxa_guard_acquire /
 * __cxa_guard_release (libstdc++'s guard.cc, C linkage, so compile.c's
 * cxx_unmodelled, which looks at mangled _Z names, never asks about them;
 * libstdc++ is linked statically: the frames are guard.o, vterminate.o).
 * When thread 1 enters get() while main is inside make() (the guard byte
 * is "pending"), the library's guard code, which sees no other thread
 * (its __gthread_active_p is false under ravel's runtime), throws
 * __gnu_cxx::recursive_init_error, and std::terminate aborts.  Natively
 * the second thread waits for the first (C++11 [stmt.dcl]/4) and the
 * program never fails (200 native runs of clang++ -pthread: 0 failures).
 *   ravel check --algo=dfs tests/adversary/open/cxx_static_guard.cpp
 *     -> exit 1, "error 1: abort() called in thread 1 at vterminate.o
 *        (__gnu_cxx::__verbose_terminate_handler() [clone .cold])",
 *        16 executions (replay shows recursive_init_error's type name)
 *   ravel check tests/adversary/open/cxx_static_guard.cpp   (and --no-cutoffs)
 *     -> exit 3 after 1 execution: "the program behaved differently when
 *        a schedule was replayed: thread 1 did not do read(_ZZL3getvE1v, 4)
 *        again"
 * With -DBUG every mode finds the assertion at the end (main runs get()
 * to completion first), so the bug only shows on the interleaving where
 * the two initialisations overlap.  Fix idea: model the guard functions
 * in the runtime (a per-guard lock with events: acquire returns 0 once
 * the guard byte is set, blocks while another thread holds it; release
 * sets the byte and wakes; abort unlocks), or at least gate them with
 * unmodelled.c like the other library calls.  Found by attack39 on
 * af66930. */
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
