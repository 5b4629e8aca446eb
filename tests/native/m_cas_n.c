/* Issue 9 part 3 (GenMC's `cas`): N threads each CAS x from 0 to tid+1.
 * The first CAS (in any order) succeeds and writes; every later one fails
 * and only reads x after that write, and failed CASes commute with each
 * other: a trace is determined by the winner, so there are exactly N
 * traces (with a failed CAS as an RMW there were N!).
 * VARIANT 1: atomic_compare_exchange_weak; 2: __sync_val_compare_and_swap;
 * 3: __sync_bool_compare_and_swap; 4: __atomic_compare_exchange_n;
 * default: atomic_compare_exchange_strong.  -DT=char / short / long:
 * the width of x (1, 2, 8 bytes).  -DBUG: assert that thread 1 never wins
 * (fails in exactly one trace). */
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

#ifndef N
#define N 3
#endif
#ifndef VARIANT
#define VARIANT 0
#endif

#ifndef T
#define T int
#endif

static _Atomic T x;

static int cas(int id)
{
    T exp = 0;
#if VARIANT == 1
    return atomic_compare_exchange_weak(&x, &exp, id + 1);
#elif VARIANT == 2
    return __sync_val_compare_and_swap((T *)&x, exp, id + 1) == exp;
#elif VARIANT == 3
    return __sync_bool_compare_and_swap((T *)&x, exp, id + 1);
#elif VARIANT == 4
    return __atomic_compare_exchange_n((T *)&x, &exp, id + 1, 0, __ATOMIC_SEQ_CST,
                                       __ATOMIC_SEQ_CST);
#else
    return atomic_compare_exchange_strong(&x, &exp, id + 1);
#endif
}

static void *run(void *arg)
{
    return (void *)(long)cas((int)(long)arg); /* no memory event: join passes it */
}

int main(void)
{
    pthread_t t[N];
    for (long i = 0; i < N; i++) pthread_create(&t[i], NULL, run, (void *)i);
    int won[N], winners = 0;
    for (int i = 0; i < N; i++) {
        void *r;
        pthread_join(t[i], &r);
        won[i] = (int)(long)r;
        winners += won[i];
    }
    assert(winners == 1);
    assert(x >= 1 && x <= N && won[x - 1]);
#ifdef BUG
    assert(!won[1]);
#endif
    return 0;
}
