/* A value choice whose one value fails, next to a thread whose steps
 * commute with it (issue 12).  -DASSERT: 4 traces (c = 0 complete; c = 1
 * failing after 0, 1 or 2 of the writer's steps).  Optimal-DPOR ran 6:
 * the failure's races re-run c = 1 after the writer's steps, and there the
 * other value (c = 0, whose traces were all covered at the nondet state)
 * was added again as a sibling. */
#include <assert.h>
#include <pthread.h>
extern _Bool __VERIFIER_nondet_bool(void);
extern void __VERIFIER_assume(int);
static int x;
static void *writer(void *arg)
{
    x = 1;
    return 0;
}
int main(void)
{
    pthread_t t;
    pthread_create(&t, 0, writer, 0);
    _Bool c = __VERIFIER_nondet_bool();
#ifdef ASSUME
    __VERIFIER_assume(c);
#endif
#ifdef ASSERT
    assert(!c);
#endif
    pthread_join(t, 0);
    return 0;
}
