/* Issue 9 part 3: a failed CAS only reads.  x = 0 and never written;
 * T1's CAS(x, 1 -> 2) always fails, T2 reads x: two reads commute, so 1
 * trace.  -DWRITE: T2 writes x = 1 instead (the CAS succeeds iff it runs
 * after the write): 2 traces.  -DBUG: assert the CAS failed, which fails
 * in the WRITE variant's trace where T2 wrote first. */
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

static _Atomic int x;
static int ok, seen;

static void *t1(void *arg)
{
    int exp = 1;
    ok = atomic_compare_exchange_strong(&x, &exp, 2);
    return NULL;
}

static void *t2(void *arg)
{
#ifdef WRITE
    atomic_store(&x, 1);
#else
    seen = atomic_load(&x);
#endif
    return NULL;
}

int main(void)
{
    pthread_t a, b;
    pthread_create(&a, NULL, t1, NULL);
    pthread_create(&b, NULL, t2, NULL);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
#ifdef BUG
    assert(!ok);
#endif
    return 0;
}
