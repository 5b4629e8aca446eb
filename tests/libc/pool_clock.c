/* A thread pool in the shape of C-Thread-Pool (thpool.c): workers take
 * jobs from a queue guarded by a mutex and a binary semaphore made of a
 * mutex and a condition variable; thpool_wait polls the queue for a second
 * with time(), then sleeps; thpool_destroy tells the workers to stop, posts
 * the semaphore to every worker for a second (time()), then polls with
 * sleep(1) until none is alive.  On the virtual clock (src/runtime/clock.c)
 * both deadlines pass after two readings, the same in every execution.
 * -DBUG: thpool_wait gives up at its deadline and the jobs are checked
 * then. */
#include <assert.h>
#include <pthread.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#ifndef WORKERS
#define WORKERS 2
#endif
#ifndef JOBS
#define JOBS 2
#endif

typedef struct bsem {
    pthread_mutex_t m;
    pthread_cond_t c;
    int v;
} bsem;

static void bsem_post(bsem *b)
{
    pthread_mutex_lock(&b->m);
    b->v = 1;
    pthread_cond_signal(&b->c);
    pthread_mutex_unlock(&b->m);
}
static void bsem_post_all(bsem *b)
{
    pthread_mutex_lock(&b->m);
    b->v = 1;
    pthread_cond_broadcast(&b->c);
    pthread_mutex_unlock(&b->m);
}
static void bsem_wait(bsem *b)
{
    pthread_mutex_lock(&b->m);
    while (b->v != 1) pthread_cond_wait(&b->c, &b->m);
    b->v = 0;
    pthread_mutex_unlock(&b->m);
}

static pthread_mutex_t qm = PTHREAD_MUTEX_INITIALIZER;
static bsem has_jobs = {PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER, 0};
static int queued, working, alive, keepalive = 1, done;

static void *worker(void *a)
{
    pthread_mutex_lock(&qm);
    alive++;
    pthread_mutex_unlock(&qm);
    while (keepalive) {
        bsem_wait(&has_jobs);
        if (!keepalive) break;
        pthread_mutex_lock(&qm);
        int job = queued > 0;
        if (job) {
            queued--;
            working++;
        }
        if (queued) bsem_post(&has_jobs);
        pthread_mutex_unlock(&qm);
        if (job) {
            __atomic_fetch_add(&done, 1, __ATOMIC_SEQ_CST); /* the job */
            pthread_mutex_lock(&qm);
            working--;
            pthread_mutex_unlock(&qm);
        }
    }
    pthread_mutex_lock(&qm);
    alive--;
    pthread_mutex_unlock(&qm);
    return a;
}

static int busy(void)
{
    pthread_mutex_lock(&qm);
    int b = queued || working;
    pthread_mutex_unlock(&qm);
    return b;
}

int main(void)
{
    pthread_t t[WORKERS];
    for (int i = 0; i < WORKERS; i++) pthread_create(&t[i], 0, worker, 0);
    for (int j = 0; j < JOBS; j++) {
        pthread_mutex_lock(&qm);
        queued++;
        pthread_mutex_unlock(&qm);
        bsem_post(&has_jobs);
    }
    /* thpool_wait: poll for a second, then sleep between polls */
    time_t start, end;
    time(&start);
    double passed = 0;
    while (passed < 1.0 && busy()) {
        time(&end);
        passed = difftime(end, start);
    }
#ifndef BUG /* -DBUG: trust the deadline: the jobs may not be done */
    while (busy()) usleep(1000);
#endif
    assert(done == JOBS); /* LINE-ASSERT */
    /* thpool_destroy */
    keepalive = 0;
    time(&start);
    passed = 0;
    while (passed < 1.0 && __atomic_load_n(&alive, __ATOMIC_SEQ_CST)) {
        bsem_post_all(&has_jobs);
        time(&end);
        passed = difftime(end, start);
    }
    while (__atomic_load_n(&alive, __ATOMIC_SEQ_CST)) {
        bsem_post_all(&has_jobs);
        sleep(1);
    }
    for (int i = 0; i < WORKERS; i++) pthread_join(t[i], 0);
    return 0;
}
