/* Pre-runs against the state a prefix leaves (tests/engine run.sh
 * t_prerun_attack_*): main races with thread ta early (s) and late (t),
 * with 30 events between, so that dpor and udpor both confirm pre-runs
 * and throw some away (the early race's alternative comes after the late
 * one's).  Each -D adds state the prefix sets up or an end after it:
 * a nondet value, thread-specific keys, errno and TLS across events, a
 * condition variable, a semaphore, a barrier, a rwlock, reads of
 * uninitialised stack, pthread_exit, detach, atexit, exit, abort, a
 * crash.  The fork engine's results are the truth. */
#include <assert.h>
#include <errno.h>
#include <pthread.h>
#include <semaphore.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

extern int __VERIFIER_nondet_int(void);
static int s, t, g;
static __thread int tl;
static pthread_key_t key;
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t cv = PTHREAD_COND_INITIALIZER;
static pthread_rwlock_t rw = PTHREAD_RWLOCK_INITIALIZER;
static sem_t sem;
static pthread_barrier_t bar;
static int flag;
static void at_end(void)
{
    printf("end %d %d\n", s, t);
}

static int probe(void)
{
    volatile char buf[32]; /* uninitialised on purpose */
    int sum = 0;
    for (int i = 0; i < 32; i++) sum += buf[i];
    return sum;
}

static void *ta(void *arg)
{
    tl = 7;
    errno = 33;
    t = 1;
    assert(errno == 33);
#ifdef COND
    pthread_mutex_lock(&m);
    while (!flag) pthread_cond_wait(&cv, &m);
    pthread_mutex_unlock(&m);
#endif
#ifdef SEM
    sem_wait(&sem);
#endif
#ifdef BARRIER
    pthread_barrier_wait(&bar);
#endif
    s = 1;
    assert(tl == 7);
#ifdef UNINIT
    if (probe()) printf("dirty %d\n", probe());
    assert(probe() == 0);
#endif
#ifdef PEXIT
    pthread_exit((void *)3);
#endif
    return NULL;
}

int main(void)
{
    int nd = 0;
#ifdef NONDET
    nd = __VERIFIER_nondet_int();
    if (nd > 100) g = 5;
#endif
#ifdef KEYS
    pthread_key_create(&key, free);
#endif
#ifdef SEM
    sem_init(&sem, 0, 0);
#endif
#ifdef BARRIER
    pthread_barrier_init(&bar, NULL, 2);
#endif
#ifdef ATEXIT
    atexit(at_end);
#endif
    char *p = malloc(100 + nd % 7);
    memset(p, 1, 50);
    pthread_t a;
    pthread_create(&a, NULL, ta, NULL);
#ifdef DETACH
    pthread_detach(a);
#endif
    s = 2;
#ifdef KEYS
    pthread_setspecific(key, malloc(10));
#endif
    for (int i = 0; i < 30; i++) {
#ifdef RW
        if (i % 3 == 0) {
            pthread_rwlock_rdlock(&rw);
            g = i;
            pthread_rwlock_unlock(&rw);
            continue;
        }
#endif
#ifdef UNINIT
        assert(probe() == 0);
#endif
        g = i;
    }
    free(p);
    p = malloc(1000);
    t = 2;
#ifdef COND
    pthread_mutex_lock(&m);
    flag = 1;
    pthread_cond_signal(&cv);
    pthread_mutex_unlock(&m);
#endif
#ifdef SEM
    sem_post(&sem);
#endif
#ifdef BARRIER
    pthread_barrier_wait(&bar);
#endif
#ifdef EXIT
    if (s == 1) exit(4);
#endif
#ifdef ABORT
    if (s == 1) abort();
#endif
#ifdef CRASH
    if (s == 1) *(volatile int *)8 = 1;
#endif
#ifndef DETACH
    void *r;
    pthread_join(a, &r);
#endif
    assert(s != 1 || t != 2 || g == 29);
    return 0;
}
