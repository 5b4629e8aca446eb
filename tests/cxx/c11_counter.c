/* C11 threads: N threads each add their id to a counter under a plain
 * mtx_t and return it; main joins them, checks each result through
 * thrd_join's res and the final counter.  -DBUG drops the lock (lost
 * update: the final assertion fails); -DMISUSE unlocks a mutex no thread
 * holds, reported at the mtx_unlock call (events carry the program's pc,
 * not the C11 layer's).
 *
 * Trace count (verified case): the N critical sections are mutually
 * dependent (same mutex, same counter) and everything else is thread-local
 * or ordered by create/join, so the traces are the orders of the critical
 * sections: N!. */
#include <assert.h>
#include <threads.h>

#ifndef N
#define N 3
#endif

static mtx_t m;
static int counter;

static int worker(void *arg)
{
    int id = (int)(long)arg;
#ifdef MISUSE
    mtx_unlock(&m); /* @misuse */
#endif
#ifndef BUG
    if (mtx_lock(&m) != thrd_success) return -1;
#endif
    int v = counter; /* read and write apart: the lost update of -DBUG */
    counter = v + id;
#ifndef BUG
    mtx_unlock(&m);
#endif
    return 100 + id;
}

int main(void)
{
    thrd_t t[N];
    assert(mtx_init(&m, mtx_plain) == thrd_success);
    for (long i = 0; i < N; i++)
        assert(thrd_create(&t[i], worker, (void *)(i + 1)) == thrd_success);
    int want = 0;
    for (int i = 0; i < N; i++) {
        int res = 0;
        assert(thrd_join(t[i], &res) == thrd_success);
        assert(res == 100 + i + 1);
        want += i + 1;
    }
    assert(counter == want);
    mtx_destroy(&m);
    return 0;
}
