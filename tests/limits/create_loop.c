/* create_loop.c — main creates threads in an unbounded loop, each adding
 * 1 to x without a lock; after the second it joins both and asserts x == 2,
 * which a lost update breaks.  --max-threads=N ends every execution at the
 * N-th create (main counts): with 3 the assertion is reachable and found
 * (exit 1), with 2 only one thread runs, everything within the bound is
 * explored and the limit is reported (exit 3). */
#include <assert.h>
#include <pthread.h>

static int x;

static void *add(void *a)
{
    int v = x;
    x = v + 1;
    return a;
}

int main(void)
{
    pthread_t t[2];
    for (unsigned n = 0;; n++) {
        pthread_create(&t[n % 2], 0, add, 0);
        if (n == 1) {
            pthread_join(t[0], 0);
            pthread_join(t[1], 0);
            assert(x == 2);
        }
    }
}
