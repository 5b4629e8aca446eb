/* threads_many.c — main creates N threads (-DN, default 1000), each locks
 * a mutex once and adds 1 to a counter; main then joins them all and
 * checks the sum.  All N are alive at once (main, the lowest thread,
 * creates them all before any runs).  Issue 13 part 3: more threads than
 * a 64-bit mask holds.  -DW: W waves of N threads, main joining each
 * wave before it creates the next (W*N threads over the execution, at
 * most N + 1 alive at once).  -DBUG: the workers add without the lock,
 * and an interleaving of two of them loses an update (the assertion
 * fails). */
#include <assert.h>
#include <pthread.h>

#ifndef N
#define N 1000
#endif
#ifndef W
#define W 1
#endif

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static int sum;
static pthread_t t[N];

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
        for (int i = 0; i < N; i++) pthread_create(&t[i], 0, work, 0);
        for (int i = 0; i < N; i++) pthread_join(t[i], 0);
    }
    assert(sum == W * N);
    return 0;
}
