/* Liveness attack: an uninitialised local reading what a returned frame
 * left (the reason live.c zeroes dead bytes rather than leaving them out
 * of the fingerprint).  f's x (40 or 41, by interleaving) is dead at its
 * unlock and zeroed there; h's uninitialised y lies at the same place, so
 * with the table y is 0 in every execution, and two states that differ
 * only in x are equal and have equal futures.  Had x merely been left
 * out of the hash, a cutoff could have hidden the execution where y is
 * 41.  With RAVEL_LIVENESS=0 (or without a table) y is x, and
 * `y != 41` fails too: the zeroing is part of ravel's semantics (live.c),
 * so only the cutoffs are compared here (same_errors).
 * Must report (with the table): only `seen == 0` (thr ran first). */
#include <assert.h>
#include <pthread.h>
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int g;
pthread_t t;
static void *thr(void *p) { pthread_mutex_lock(&m); g = 1; pthread_mutex_unlock(&m); return 0; }
__attribute__((noinline)) static void f(void)
{
    pthread_mutex_lock(&m);
    volatile int x = g + 40;
    pthread_mutex_unlock(&m);
}
__attribute__((noinline)) static int h(void)
{
    volatile int y;
    return y;
}
int main(void)
{
    pthread_create(&t, 0, thr, 0);
    f();
    int y = h();
    pthread_mutex_lock(&m);
    int seen = g;
    pthread_mutex_unlock(&m);
    pthread_join(t, 0);
    assert(y != 41);
    assert(seen == 0);
    return 0;
}
