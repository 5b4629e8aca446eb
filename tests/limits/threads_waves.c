/* threads_waves.c — main creates W waves (-DW, default 10) of K threads
 * (-DK, default 1000): each thread locks a mutex once and adds 1 to a
 * counter, main joins the wave before it creates the next, and checks the
 * sum at the end.  W*K threads over the execution, at most K + 1 alive at
 * once (issue 13 part 3).  -DBUG: the workers add without the lock, and
 * an interleaving of two of them loses an update. */
#include <assert.h>
#include <pthread.h>

#ifndef W
#define W 10
#endif
#ifndef K
#define K 1000
#endif

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static int sum;
static pthread_t t[K];

static void *work(void *a)
{
#ifdef BUG
    sum++;
#else
    pthread_mutex_lock(&m);
    sum++;
    pthread_mutex_unlock(&m);
#endif
    return a;
}

int main(void)
{
    for (int w = 0; w < W; w++) {
        for (int i = 0; i < K; i++) pthread_create(&t[i], 0, work, 0);
        for (int i = 0; i < K; i++) pthread_join(t[i], 0);
    }
    assert(sum == W * K);
    return 0;
}
