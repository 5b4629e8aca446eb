/* threads_rw_nine.c — a thread above the masks that read-locks a 9th
 * rwlock while it holds 8 others: the runtime fails it with EAGAIN (a
 * thread >= 64 keeps at most RV_HI_RD = 8 read-held rwlocks, model.h;
 * a thread below 64 has no such limit), and udpor's unfolding, which
 * replays one rwlock at a time, must predict that from the thread's own
 * events (extend.c hi_other_reads) and replay the failure as nothing
 * (model.c rv_model_redo).  main takes a mutex and creates K threads
 * (-DK, default 100) that block on it for good, then a writer of x under
 * rw[8] and the reader (K >= 63: threads K+1, K+2; the writer first, so
 * that the reader's acquire of rw[8] is met as an extension before it
 * runs).  -DTRY: the 9th acquire is a tryrdlock.
 * Traces (the 9th acquire r9, the writer's w-lock, write, unlock; the
 * reader reads x after r9):
 *   K = 0, rdlock:   r9 first (the writer waits: read before write), or
 *                    the writer's section first: 2;
 *   K = 0, try:      r9 before the w-lock (read first), inside (EBUSY:
 *                    the read before or after the write), after: 4;
 *   K >= 63, rdlock: r9 (EAGAIN, never held) before the w-lock with the
 *                    read on either side of the write, or after: 3;
 *   K >= 63, try:    before (2), inside (2), after (1): 5. */
#include <assert.h>
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>

#ifndef K
#define K 100
#endif

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_rwlock_t rw[9] = {
    PTHREAD_RWLOCK_INITIALIZER, PTHREAD_RWLOCK_INITIALIZER, PTHREAD_RWLOCK_INITIALIZER,
    PTHREAD_RWLOCK_INITIALIZER, PTHREAD_RWLOCK_INITIALIZER, PTHREAD_RWLOCK_INITIALIZER,
    PTHREAD_RWLOCK_INITIALIZER, PTHREAD_RWLOCK_INITIALIZER, PTHREAD_RWLOCK_INITIALIZER};
static int x, got;

static void *block(void *a)
{
    pthread_mutex_lock(&m);
    return a;
}

static void *reader(void *a)
{
    for (int i = 0; i < 8; i++) pthread_rwlock_rdlock(&rw[i]);
#ifdef TRY
    got = pthread_rwlock_tryrdlock(&rw[8]);
#else
    got = pthread_rwlock_rdlock(&rw[8]);
#endif
    int v = x;
    if (!got) pthread_rwlock_unlock(&rw[8]);
    for (int i = 0; i < 8; i++) pthread_rwlock_unlock(&rw[i]);
    return (void *)(long)v;
}

static void *writer(void *a)
{
    pthread_rwlock_wrlock(&rw[8]);
    x = 1;
    pthread_rwlock_unlock(&rw[8]);
    return a;
}

int main(void)
{
    pthread_t t, r, w;
    pthread_mutex_lock(&m);
    for (int i = 0; i < K; i++) pthread_create(&t, 0, block, 0);
    pthread_create(&w, 0, writer, 0);
    pthread_create(&r, 0, reader, 0);
    pthread_join(r, 0);
    pthread_join(w, 0);
    assert(K >= 63 ? got == EAGAIN : got != EAGAIN);
    exit(0);
}
