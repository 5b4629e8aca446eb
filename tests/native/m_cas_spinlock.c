/* Issue 9 part 3: a CAS spinlock (K attempts of CAS(lock, 0 -> 1), then
 * __VERIFIER_assume(0); unlock = store 0) protecting counter++ in two
 * threads; main asserts counter == 2.
 *
 * Traces (K attempts): only the events on `lock` can be ordered in more
 * than one way (counter is touched by the owner only, between its winning
 * CAS and its release, so every access to it is ordered by the lock
 * events; main's joins and read come after the exits).  Say A's first CAS
 * comes first: it succeeds (lock = 1).  B's attempts then fail (reads of
 * lock = 1) until one runs after A's release and succeeds: B fails j
 * times, j = 0..K-1, then wins (K traces), or fails K times and stops at
 * its assume (1 infeasible trace).  Failed attempts read, so they commute
 * with A's events other than the release and with each other: nothing
 * else is ordered.  Symmetrically for B first: 2 (K + 1) traces, 2 of them
 * infeasible.  -DBUG: after K failures a thread increments without the
 * lock, so counter can end at 1 (an assertion failure). */
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

extern void __VERIFIER_assume(int);

#ifndef K
#define K 2
#endif

static _Atomic int lock;
static int counter;

static int acquire(void)
{
    for (int i = 0; i < K; i++) {
        int exp = 0;
        if (atomic_compare_exchange_strong(&lock, &exp, 1)) return 1;
    }
#ifndef BUG
    __VERIFIER_assume(0);
#endif
    return 0;
}

static void *run(void *arg)
{
    int held = acquire();
    counter++;
    if (held) atomic_store(&lock, 0);
    return NULL;
}

int main(void)
{
    pthread_t a, b;
    pthread_create(&a, NULL, run, NULL);
    pthread_create(&b, NULL, run, NULL);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    assert(counter == 2);
    return 0;
}
