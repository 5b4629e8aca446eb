/* threads_lock_hi.c — main takes mutex m and creates K threads (-DK,
 * default 100) that block on it for good, then N workers (-DN, default 3)
 * that each lock mutex w, add 1 to x and unlock it (-DBUG: the last
 * worker adds without the lock, a lost update).  With K >= 63 the workers
 * are threads above the 64-bit masks, and they block and unblock each
 * other on w: the enabled sets of the DPOR engine above 63 (hien.c) must
 * be right for every count to be the one of K = 0.  main joins the
 * workers, asserts x == N and ends the process with exit(), which ends
 * the blocked threads. */
#include <assert.h>
#include <pthread.h>
#include <stdlib.h>

#ifndef K
#define K 100
#endif
#ifndef N
#define N 3
#endif

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER, w = PTHREAD_MUTEX_INITIALIZER;
static int x;

static void *block(void *a)
{
    pthread_mutex_lock(&m);
    return a;
}

static void *work(void *a)
{
#ifdef BUG
    if (a) {
        int v = x;
        x = v + 1;
        return a;
    }
#endif
    pthread_mutex_lock(&w);
    x++;
    pthread_mutex_unlock(&w);
    return a;
}

int main(void)
{
    pthread_t t, r[N];
    pthread_mutex_lock(&m);
    for (int i = 0; i < K; i++) pthread_create(&t, 0, block, 0);
    for (int i = 0; i < N; i++) pthread_create(&r[i], 0, work, i == N - 1 ? &x : 0);
    for (int i = 0; i < N; i++) pthread_join(r[i], 0);
    assert(x == N);
    exit(0);
}
