/* threads_sync_hi.c — condition variables, rwlocks and barriers used by
 * threads above the 64-bit masks (issue 13 part 3, stage 3).  main takes
 * a mutex and creates K threads (-DK, default 100) that block on it for
 * good (they add no choice), then the threads that interact: with K >= 63
 * they are threads K+1, K+2, ..., and every count must be the one of K = 0.
 *   -DCOND: a waiter (waits unless the flag is set; a timed wait, that
 *           may time out, under -DTIMED) and a notifier that sets the flag
 *           and broadcasts; -DBUG: two waiters and a notifier that signals
 *           once, so that one of them may wait for good (a deadlock).
 *           -DMANY: three waiters and a notifier that signals (one of up
 *           to three waiters: a choice among threads above the masks),
 *           then broadcasts in a second critical section (the woken
 *           threads remember which broadcast); with -DBUG it signals
 *           twice instead (a waiter may be left: a deadlock).
 *   -DRW:   a writer that adds 1 to x under the write lock and a reader
 *           that read-locks twice (nested) and reads x; -DBUG: two writers
 *           that take the read lock (a lost update).  -DMANY: two readers
 *           and the writer (readers hold the lock together).
 *   -DBAR:  two threads write their slot, wait at a barrier of 2 and read
 *           the other's; -DBUG: a barrier of 1 (it waits for nobody).
 * main joins the interacting threads, asserts, and ends with exit(). */
#include <assert.h>
#include <pthread.h>
#include <stdlib.h>
#include <time.h>

#ifndef K
#define K 100
#endif

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static int x;

static void *block(void *a)
{
    pthread_mutex_lock(&m);
    return a;
}

#if defined(COND)
static pthread_mutex_t cm = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t c = PTHREAD_COND_INITIALIZER;
static int flag;

static void *waiter(void *a)
{
    pthread_mutex_lock(&cm);
    struct timespec ts = {0, 0};
    if (flag)
        ;
#ifdef TIMED
    else if (!a) /* may time out: no assertion on the flag after it */
        pthread_cond_timedwait(&c, &cm, &ts);
#endif
    else
        pthread_cond_wait(&c, &cm);
    pthread_mutex_unlock(&cm);
    return 0;
}

static void *notifier(void *a)
{
    pthread_mutex_lock(&cm);
    flag = 1;
#if defined(BUG) || defined(MANY)
    pthread_cond_signal(&c);
#else
    pthread_cond_broadcast(&c);
#endif
    pthread_mutex_unlock(&cm);
#ifdef MANY
    pthread_mutex_lock(&cm);
#ifdef BUG
    pthread_cond_signal(&c);
#else
    pthread_cond_broadcast(&c);
#endif
    pthread_mutex_unlock(&cm);
#endif
    return a;
}
#if defined(MANY)
#define N 4
static void *(*fns[N])(void *) = {waiter, waiter, waiter, notifier};
#elif defined(BUG)
#define N 3
static void *(*fns[N])(void *) = {waiter, waiter, notifier};
#else
#define N 2
static void *(*fns[N])(void *) = {waiter, notifier};
#endif
#define CHECK() assert(flag)

#elif defined(RW)
static pthread_rwlock_t rw = PTHREAD_RWLOCK_INITIALIZER;

static void *writer(void *a)
{
#ifdef BUG
    pthread_rwlock_rdlock(&rw);
#else
    pthread_rwlock_wrlock(&rw);
#endif
    int v = x;
    x = v + 1;
    pthread_rwlock_unlock(&rw);
    return a;
}

/* read-locks twice (nested): the lock is the writers' only in between */
static void *reader(void *a)
{
    pthread_rwlock_rdlock(&rw);
    pthread_rwlock_rdlock(&rw);
    pthread_rwlock_unlock(&rw);
    int v = x;
    pthread_rwlock_unlock(&rw);
    return (void *)(long)v;
}
#if defined(BUG)
#define N 2
static void *(*fns[N])(void *) = {writer, writer};
#elif defined(MANY)
#define N 3
static void *(*fns[N])(void *) = {reader, writer, reader};
#else
#define N 2
static void *(*fns[N])(void *) = {writer, reader};
#endif
#define CHECK() assert(x == (N == 2 && fns[0] == writer && fns[1] == writer ? 2 : 1))

#elif defined(BAR)
static pthread_barrier_t b;
static int slot[2], seen[2];

static void *party(void *a)
{
    int i = (int)(long)a;
    slot[i] = 1;
    pthread_barrier_wait(&b);
    seen[i] = slot[1 - i];
    return 0;
}
#define N       2
static void *(*fns[N])(void *) = {party, party};
#define CHECK() assert(seen[0] && seen[1])
#endif

int main(void)
{
    pthread_t t, th[N];
#ifdef BAR
#ifdef BUG
    pthread_barrier_init(&b, 0, 1);
#else
    pthread_barrier_init(&b, 0, 2);
#endif
#endif
    pthread_mutex_lock(&m);
    for (int i = 0; i < K; i++) pthread_create(&t, 0, block, 0);
    for (int i = 0; i < N; i++) pthread_create(&th[i], 0, fns[i], (void *)(long)i);
    for (int i = 0; i < N; i++) pthread_join(th[i], 0);
    CHECK();
    exit(0);
}
