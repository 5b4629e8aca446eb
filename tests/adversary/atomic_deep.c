/* An atomic function (__VERIFIER_atomic_*) called at call depth DEPTH.
 * The runtime marked the levels that entered one in a 64-bit mask, so
 * past level 63 the exit was never seen: the section stayed open until
 * the thread ended, fb could not run between fa's two reads, and every
 * algorithm (dfs too) said "no error, exhaustive" at DEPTH=70.  The
 * levels are now a stack (rt.h, atomic_at). */
#include <assert.h>
#include <pthread.h>
int x;
void __VERIFIER_atomic_inc(void)
{
    x++;
}
static int rec(int d)
{
    if (d == 0) {
        __VERIFIER_atomic_inc();
        return 0;
    }
    return rec(d - 1) + 1;
}
void *fa(void *a)
{
    rec(DEPTH);
    int r = x;
    int s = x;
    assert(r == s);
    return 0;
}
void *fb(void *a)
{
    __VERIFIER_atomic_inc();
    return 0;
}
int main(void)
{
    pthread_t ta, tb;
    pthread_create(&ta, 0, fa, 0);
    pthread_create(&tb, 0, fb, 0);
    pthread_join(ta, 0);
    pthread_join(tb, 0);
    return 0;
}
