/* Issue 9 part 3: a CAS whose value the unfolding cannot know.  s.a
 * starts at 5; T1 overwrites the whole 16-byte struct with zeroes
 * (memset, or memcpy with -DMEMCPY: a write of more than 8 bytes, whose
 * bytes ravel does not report), T2 does CAS(s.a, 0 -> 1), main loads s.a
 * after creating both.
 *
 * Traces (W = T1's write, C = the CAS, R = the load): C succeeds (an RMW)
 * iff it runs after W, else it fails (a read).  C before W: C commutes
 * with R, and R is before or after W: 2 traces.  C after W: R before W,
 * or after W and then before or after C: 3 traces.  5 in all.
 * The unfolding may not know s.a's value before W (the first execution
 * touches s.a first with W), so it may treat C before W as an RMW
 * (docs/UDPOR.md "Compare-and-swap": unknown values make a CAS an RMW),
 * which orders it with R: 6 executions then, never fewer than 5.
 * -DBUG: assert that C did not succeed while R saw 5, which fails in the
 * one trace R < W < C. */
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>
#include <string.h>

static struct {
    _Atomic int a;
    int b, c, d;
} s = {5, 0, 0, 0};

static void *t1(void *arg)
{
#ifdef MEMCPY
    static const int zero[4];
    memcpy((void *)&s, zero, sizeof s);
#else
    memset((void *)&s, 0, sizeof s);
#endif
    return NULL;
}

static void *t2(void *arg)
{
    int exp = 0;
    return (void *)(long)atomic_compare_exchange_strong(&s.a, &exp, 1);
}

int main(void)
{
    pthread_t a, b;
    void *ok;
    pthread_create(&a, NULL, t1, NULL);
    pthread_create(&b, NULL, t2, NULL);
    int seen = atomic_load(&s.a);
    pthread_join(a, NULL);
    pthread_join(b, &ok);
#ifdef BUG
    assert(!(ok && seen == 5));
#endif
    return 0;
}
