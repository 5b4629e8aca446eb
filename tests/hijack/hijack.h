/* hijack.h — the skeleton of every tests/hijack program.  The program
 * defines a function the runtime also uses (write, read, fork, mmap,
 * malloc, ...; HIJACK_DEFINE) and calls it from two threads (HIJACK_USE).
 * The definitions count their calls in `called`, so the test sees that the
 * program's calls still reach the program's own function, while ravel must
 * still explore every interleaving: t2 reads x, which t1 writes, and main
 * asserts that t2 read 0 — false in the interleavings where t1 writes
 * first.  ravel must report that assertion (never hang, never crash), with
 * the trace count of --algo=dfs --count-traces. */
#include <assert.h>
#include <pthread.h>

#ifndef HIJACK_USE2 /* what t2 calls (memcpy: nothing, to keep dfs small) */
#define HIJACK_USE2() HIJACK_USE()
#endif
#ifndef HIJACK_CALLS
#define HIJACK_CALLS 2
#endif

int called; /* calls of the program's own definition */
int x, y;

static void count_call(void)
{
    __atomic_fetch_add(&called, 1, __ATOMIC_SEQ_CST);
}

static void *t1(void *a)
{
    HIJACK_USE();
    x = 1;
    return a;
}

static void *t2(void *a)
{
    HIJACK_USE2();
    y = x;
    return a;
}

static void run_threads(void)
{
    pthread_t a, b;
    pthread_create(&a, 0, t1, 0);
    pthread_create(&b, 0, t2, 0);
    pthread_join(a, 0);
    pthread_join(b, 0);
    /* marker: own function */
    assert(__atomic_load_n(&called, __ATOMIC_SEQ_CST) == HIJACK_CALLS);
}

#ifndef HIJACK_OWN_MAIN
int main(void)
{
    run_threads();
    assert(y == 0); /* marker: the race */
    return 0;
}
#endif
