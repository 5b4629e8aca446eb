/* tests/dpor/cas_loop.c — N threads (main and N-1 created ones) each add 1
 * to c with a compare-exchange loop (issue 12).  The kind of a CAS event
 * depends on the value it reads: a failed CAS is a read, a successful one
 * an RMW, so a sleeping thread whose step was a successful CAS must wake
 * up at another thread's load even if, later in the execution, that CAS
 * fails.  For N = 2 there are 4 Mazurkiewicz traces; persistent-set and
 * Source-DPOR used to explore 3, missing the one in which the created
 * thread's first CAS fails.  -DBUG: a created thread asserts its first CAS
 * succeeded, which fails in exactly that missed trace for N = 2. */
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

#ifndef N
#define N 2
#endif

static atomic_int c;

static void *inc(void *arg)
{
    int v = atomic_load(&c);
    int failed = 0;
    while (!atomic_compare_exchange_weak(&c, &v, v + 1)) failed = 1;
#ifdef BUG
    assert(!arg || !failed);
#endif
    (void)arg;
    (void)failed;
    return 0;
}

int main(void)
{
    pthread_t t[N - 1];
    for (int i = 0; i < N - 1; i++) pthread_create(&t[i], 0, inc, &t[i]);
    inc(0);
    for (int i = 0; i < N - 1; i++) pthread_join(t[i], 0);
    assert(atomic_load(&c) == N);
    return 0;
}
