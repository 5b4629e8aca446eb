/* Issue 9 part 3 (GenMC's `cas`): N threads each CAS x from 0 to tid+1.
 * The first CAS (in any order) succeeds and writes; every later one fails
 * and only reads x after that write, and failed CASes commute with each
 * other: a trace is determined by the winner, so there are exactly N
 * traces (with a failed CAS as an RMW there were N!).
 * VARIANT 1: atomic_compare_exchange_weak; 2: __sync_val_compare_and_swap;
 * 3: __sync_bool_compare_and_swap; 4: __atomic_compare_exchange_n;
 * default: atomic_compare_exchange_strong.  -DBUG: assert that thread 1
 * never wins (fails in exactly one trace). */
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

#ifndef N
#define N 3
#endif
#ifndef VARIANT
#define VARIANT 0
#endif

static _Atomic int x;
static int won[N];

static int cas(int id)
{
    int exp = 0;
#if VARIANT == 1
    return atomic_compare_exchange_weak(&x, &exp, id + 1);
#elif VARIANT == 2
    return __sync_val_compare_and_swap((int *)&x, exp, id + 1) == exp;
#elif VARIANT == 3
    return __sync_bool_compare_and_swap((int *)&x, exp, id + 1);
#elif VARIANT == 4
    return __atomic_compare_exchange_n((int *)&x, &exp, id + 1, 0, __ATOMIC_SEQ_CST,
                                       __ATOMIC_SEQ_CST);
#else
    return atomic_compare_exchange_strong(&x, &exp, id + 1);
#endif
}

static void *run(void *arg)
{
    int id = (int)(long)arg;
    won[id] = cas(id);
    return NULL;
}

int main(void)
{
    pthread_t t[N];
    for (long i = 0; i < N; i++) pthread_create(&t[i], NULL, run, (void *)i);
    for (int i = 0; i < N; i++) pthread_join(t[i], NULL);
    int winners = 0;
    for (int i = 0; i < N; i++) winners += won[i];
    assert(winners == 1);
    assert(x >= 1 && x <= N && won[x - 1]);
#ifdef BUG
    assert(!won[1]);
#endif
    return 0;
}
