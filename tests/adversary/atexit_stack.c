/* An atexit handler reading the dead stack of exit()'s action: t1 calls
 * exit(0) (a visible action, verifier.c __ravel_exit, which arms the
 * return stub on exit's return into t1, a return that never happens);
 * the runtime writes its report and calls the C library's exit, which
 * runs the handler on the frames the scheduler, the fingerprint and the
 * report had just used; the handler counts the nonzero bytes of its
 * uninitialised 4,000-byte array.  The program's behaviour depended on
 * the algorithm: dfs, --no-cutoffs and optimal counted at most 119
 * bytes, the default udpor (fingerprints: the hash state) 185, so with
 * assert(n <= 150) dfs said "no error, exhaustive" (6 executions) and
 * udpor found the assertion (5).  The runtime now zeroes 16 KiB below
 * its frame before the C library's exit (sched.c, rv_end_complete):
 * every mode counts 0. */
#include <assert.h>
#include <pthread.h>
#include <stdlib.h>
#define SPAN 4000
int x;
__attribute__((noinline)) static void handler(void)
{
    unsigned char z[SPAN];
    int n = 0;
    for (int i = 0; i < SPAN; i++) n += z[i] != 0;
    assert(n == 0);
}
static void *t1(void *a)
{
    x = 1;
    exit(0);
}
int main(void)
{
    pthread_t a;
    atexit(handler);
    pthread_create(&a, 0, t1, 0);
    int v = x;
    pthread_join(a, 0);
    return v;
}
