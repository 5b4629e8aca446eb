/* A key destructor reading the dead stack of its thread's last action:
 * t1 sets a key, enters an atomic section and calls pthread_exit, whose
 * first visible action (the section's end, verifier.c rv_atomic_exit) arms
 * the return stub on pthread_exit's return into t1, a return that never
 * happens; the destructor then runs (sync.c rv_run_key_destructors) on
 * the frames the scheduler and the fingerprint had just used, counting
 * the nonzero bytes of its uninitialised 4,000-byte array.  The
 * program's behaviour depended on the algorithm: dfs and --no-cutoffs
 * counted at most 116 bytes, the default udpor (fingerprints: the hash
 * state) 182, so with assert(seen <= 150) dfs said "no error,
 * exhaustive" (15 executions, 3 traces) and udpor found the assertion
 * (3 executions).  The runtime now zeroes those frames before each
 * destructor (sync.c, rv_scrub_before_callback, as before
 * pthread_once's init): every mode counts 0. */
#include <assert.h>
#include <pthread.h>
extern void __VERIFIER_atomic_begin(void);
#define SPAN 4000
int x, seen = -1;
pthread_key_t k;
__attribute__((noinline)) static void dtor(void *v)
{
    unsigned char z[SPAN];
    int n = 0;
    for (int i = 0; i < SPAN; i++) n += z[i] != 0;
    seen = n;
}
static void *t1(void *a)
{
    pthread_setspecific(k, &x);
    __VERIFIER_atomic_begin();
    x = 1;
    pthread_exit(0);
}
int main(void)
{
    pthread_t a;
    pthread_key_create(&k, dtor);
    pthread_create(&a, 0, t1, 0);
    int v = x;
    pthread_join(a, 0);
    assert(seen == 0);
    return v;
}
