/* nonterm.c — spin-waits whose exit never comes, and others whose exit
 * comes under fair scheduling (issue 28 part 3, src/unfolding/lasso.c).
 * Each variant is one -D:
 *   reported as non-termination (the spin's state repeats, and every
 *   other thread has finished or waits for something the spin never
 *   gives):
 *     PLAIN          the only other thread was joined; nobody sets flag
 *     LOCK_LOOP      the same, the flag read under a mutex in the loop
 *     BLOCKED_MUTEX  the setter waits for a mutex main holds while it spins
 *     COND           the other thread waits on a condition variable
 *     RACE           the worker sets flag only if it reads x before main
 *                    writes it: some schedules end, the others spin
 *   exhaustive, no error (another thread will set flag):
 *     SETTER         a thread that sets flag
 *     LOCKED_SETTER  main's loop takes the mutex the setter needs: the
 *                    setter gets it whenever main lets it go
 *     LATE_SETTER    the setter waits for the mutex main releases in
 *                    every turn of its loop
 * The loops yield, so that --fair-bound (seed 002) can serve as the
 * oracle: it reports a livelock exactly for the first group. */
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>

atomic_int flag;
int x;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
pthread_cond_t cv = PTHREAD_COND_INITIALIZER;

#if defined(BLOCKED_MUTEX) || defined(LATE_SETTER) || defined(LOCKED_SETTER)
#define LOCKING_SETTER 1
#endif
#if defined(BLOCKED_MUTEX) || defined(LATE_SETTER)
#define MAIN_HOLDS 1
#endif
#if defined(PLAIN) || defined(LOCK_LOOP)
#define JOINED 1
#endif

static void *worker(void *a)
{
#if defined(SETTER)
    atomic_store(&flag, 1);
#elif defined(LOCKING_SETTER)
    pthread_mutex_lock(&m);
    atomic_store(&flag, 1);
    pthread_mutex_unlock(&m);
#elif defined(COND)
    pthread_mutex_lock(&m);
    pthread_cond_wait(&cv, &m); /* nobody signals */
    pthread_mutex_unlock(&m);
#elif defined(RACE)
    if (x == 0) atomic_store(&flag, 1);
#endif
    return a;
}

int main(void)
{
    pthread_t t;
#ifdef MAIN_HOLDS
    pthread_mutex_lock(&m);
#endif
    pthread_create(&t, 0, worker, 0);
#ifdef JOINED
    pthread_join(t, 0);
#endif
#ifdef RACE
    x = 1;
#endif
#if defined(LOCK_LOOP) || defined(LOCKED_SETTER)
    for (;;) {
        pthread_mutex_lock(&m); /* marker: lock loop */
        int f = atomic_load(&flag);
        pthread_mutex_unlock(&m);
        if (f) break;
        sched_yield();
    }
#elif defined(LATE_SETTER)
    while (!atomic_load(&flag)) {
        pthread_mutex_unlock(&m);
        sched_yield();
        pthread_mutex_lock(&m);
    }
    pthread_mutex_unlock(&m);
#else
    while (!atomic_load(&flag)) sched_yield(); /* marker: spin */
#endif
    return 0;
}
