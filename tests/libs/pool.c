/* A small thread pool: a queue of tasks under one mutex, workers that
 * wait on a condition variable, pool_wait() that polls until the queue is
 * empty and no worker is busy, giving up after a deadline read from the
 * clock, and pool_destroy() that tells the workers to stop and joins them.
 * Its set-up copies a configuration struct that it frees afterwards and
 * clears the pool with memset, as libraries do.
 *   BUG_SHARED_STOP   the stop flag is one global for every pool
 *   BUG_DESTROY_LOCKED destroy destroys the mutex while still holding it
 */
#include <assert.h>
#include <pthread.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#ifndef WORKERS
#define WORKERS 2
#endif
#ifndef TASKS
#define TASKS 2
#endif

struct task {
    void (*fn)(void *);
    void *arg;
    struct task *next;
};
struct config {
    int workers;
    int wait_seconds;
    char name[16];
};
struct pool {
    pthread_mutex_t lock;
    pthread_cond_t work;
    struct task *head, *tail;
    int busy;
    int stop;
    struct config cfg;
    pthread_t thr[WORKERS];
};

#ifdef BUG_SHARED_STOP
static int shared_stop;
#define STOP(p) shared_stop
#else
#define STOP(p) ((p)->stop)
#endif

static void *worker(void *arg)
{
    struct pool *p = arg;
    pthread_mutex_lock(&p->lock);
    for (;;) {
        while (!p->head && !STOP(p)) pthread_cond_wait(&p->work, &p->lock);
        if (!p->head) break; /* stopping and nothing left */
        struct task *t = p->head;
        p->head = t->next;
        if (!p->head) p->tail = 0;
        p->busy++;
        pthread_mutex_unlock(&p->lock);
        t->fn(t->arg);
        free(t);
        pthread_mutex_lock(&p->lock);
        p->busy--;
    }
    pthread_mutex_unlock(&p->lock);
    return 0;
}

static struct pool *pool_create(const struct config *given)
{
    struct config *cfg = malloc(sizeof *cfg);
    memcpy(cfg, given, sizeof *cfg);
    struct pool *p = malloc(sizeof *p);
    memset(p, 0, sizeof *p);
    p->cfg = *cfg;
    free(cfg);
    pthread_mutex_init(&p->lock, 0);
    pthread_cond_init(&p->work, 0);
    for (int i = 0; i < p->cfg.workers; i++) pthread_create(&p->thr[i], 0, worker, p);
    return p;
}

static void pool_submit(struct pool *p, void (*fn)(void *), void *arg)
{
    struct task *t = malloc(sizeof *t);
    t->fn = fn;
    t->arg = arg;
    t->next = 0;
    pthread_mutex_lock(&p->lock);
    if (p->tail) p->tail->next = t;
    else p->head = t;
    p->tail = t;
    pthread_cond_signal(&p->work);
    pthread_mutex_unlock(&p->lock);
}

/* 0 when every task is done, -1 after the deadline */
static int pool_wait(struct pool *p)
{
    time_t deadline = time(0) + p->cfg.wait_seconds;
    for (;;) {
        pthread_mutex_lock(&p->lock);
        int idle = !p->head && p->busy == 0;
        pthread_mutex_unlock(&p->lock);
        if (idle) return 0;
        if (time(0) > deadline) return -1;
        sched_yield();
    }
}

static void pool_destroy(struct pool *p)
{
    pthread_mutex_lock(&p->lock);
    STOP(p) = 1;
    pthread_cond_broadcast(&p->work);
#ifdef BUG_DESTROY_LOCKED
    pthread_mutex_destroy(&p->lock); /* @destroy-locked */
#else
    pthread_mutex_unlock(&p->lock);
#endif
    for (int i = 0; i < p->cfg.workers; i++) pthread_join(p->thr[i], 0);
#ifndef BUG_DESTROY_LOCKED
    pthread_mutex_destroy(&p->lock);
#endif
    pthread_cond_destroy(&p->work);
    free(p);
}


static int done;
static pthread_mutex_t done_lock = PTHREAD_MUTEX_INITIALIZER;
static void count(void *arg)
{
    pthread_mutex_lock(&done_lock);
    done += (int)(long)arg;
    pthread_mutex_unlock(&done_lock);
}

int main(void)
{
    struct config cfg = {WORKERS, 5, "pool"};
    struct pool *p = pool_create(&cfg);
#ifdef BUG_SHARED_STOP
    /* a second pool, destroyed first: its stop must not stop p */
    struct config cfg2 = {1, 5, "other"};
    pool_destroy(pool_create(&cfg2));
#endif
    for (long i = 1; i <= TASKS; i++) pool_submit(p, count, (void *)i);
    if (pool_wait(p) == 0) { /* else the deadline passed: destroy drains the queue */
        pthread_mutex_lock(&done_lock);
        assert(done == TASKS * (TASKS + 1) / 2); /* @waited */
        pthread_mutex_unlock(&done_lock);
    }
    pool_destroy(p);
    assert(done == TASKS * (TASKS + 1) / 2); /* every task ran @ran */
    return 0;
}
