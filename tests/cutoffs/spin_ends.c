/* spin_ends.c — spin-waits that look like a repeating spin but end in
 * every fair run (issue 28 part 3: a non-termination report for any of
 * them would be a wrong answer).  Each variant is one -D:
 *   ABA          the spinner's exit value comes and goes again: the
 *                writer waits for an acknowledgement before it changes
 *                the value back, and the spinner then waits for that
 *   NOT_CREATED  the setter is created by a thread that waits on a
 *                semaphore the spinner posts once, after a few turns of a
 *                saturating counter (its state repeats after that)
 *   COND         the setter waits on a condition variable, with no
 *                predicate, that the spinner signals in every turn
 *   SEM          the spinner polls sem_trywait on a semaphore a thread
 *                posts after it was let go by a semaphore main posted
 *   TRYLOCK      the spinner polls pthread_mutex_trylock on a mutex the
 *                other thread holds until main posts a semaphore
 *   CLOCK        the spin gives up at a deadline of the monotonic clock,
 *                while main waits to join it
 *   COUNTER      the spin gives up after N turns of a local counter,
 *                while main waits to join it
 *   TWO          two spinners each wait for the other's flag to drop
 *                to 0 after they raised it, with a bounded back-off
 * The loops yield, so that --fair-bound serves as the oracle.  Two more
 * spin where the setter is held by something that is not the program:
 *   ASSUME       the setter's __VERIFIER_assume fails in some runs: those
 *                are infeasible (no real run goes there; a deadlock there
 *                is not reported either), the others end
 *   GRANDCHILD   the setter is the second thread a child creates: under
 *                --thread-bound=1 that create is held back, and the spin
 *                is cut by the bound, not by the program */
#include <pthread.h>
#include <sched.h>
#include <semaphore.h>
#include <stdatomic.h>
#include <time.h>

extern void __VERIFIER_assume(int);
extern _Bool __VERIFIER_nondet_bool(void);

atomic_int flag, ack;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
pthread_cond_t cv = PTHREAD_COND_INITIALIZER;
sem_t go, done;

static __attribute__((unused)) void *setter(void *a)
{
    atomic_store(&flag, 1);
    return a;
}

#if defined(ABA)
static void *worker(void *a)
{
    atomic_store(&flag, 1);
    while (!atomic_load(&ack)) sched_yield();
    atomic_store(&flag, 0);
    return a;
}
#elif defined(NOT_CREATED)
static void *worker(void *a)
{
    pthread_t s;
    sem_wait(&go);
    pthread_create(&s, 0, setter, 0);
    pthread_join(s, 0);
    return a;
}
#elif defined(COND)
static void *worker(void *a)
{
    pthread_mutex_lock(&m);
    pthread_cond_wait(&cv, &m); /* no predicate: the next signal wakes it */
    atomic_store(&flag, 1);
    pthread_mutex_unlock(&m);
    return a;
}
#elif defined(SEM)
static void *worker(void *a)
{
    sem_wait(&go);
    sem_post(&done);
    return a;
}
#elif defined(TRYLOCK)
static void *worker(void *a)
{
    pthread_mutex_lock(&m);
    sem_wait(&go);
    pthread_mutex_unlock(&m);
    return a;
}
#elif defined(CLOCK) || defined(COUNTER)
static void *worker(void *a)
{
#if defined(CLOCK)
    struct timespec t0, t;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    for (;;) {
        if (atomic_load(&flag)) break; /* nobody sets it */
        clock_gettime(CLOCK_MONOTONIC, &t);
        if ((t.tv_sec - t0.tv_sec) * 1000000000L + (t.tv_nsec - t0.tv_nsec) > 20000) break;
        sched_yield();
    }
#else
    for (int i = 0; i < 300 && !atomic_load(&flag); i++) sched_yield();
#endif
    return a;
}
#elif defined(ASSUME)
static void *worker(void *a)
{
    __VERIFIER_assume(__VERIFIER_nondet_bool());
    atomic_store(&flag, 1);
    return a;
}
#elif defined(GRANDCHILD)
static void *nothing(void *a)
{
    return a;
}
static void *worker(void *a)
{
    pthread_t x, y;
    pthread_create(&x, 0, nothing, 0);
    pthread_create(&y, 0, setter, 0); /* held at --thread-bound=1 */
    pthread_join(x, 0);
    pthread_join(y, 0);
    return a;
}
#elif defined(TWO)
atomic_int up[2];
static void *worker(void *a)
{
    int me = (int)(long)a;
    atomic_store(&up[me], 1);
    for (int i = 0; i < 3 && atomic_load(&up[1 - me]); i++) sched_yield();
    atomic_store(&up[me], 0);
    return a;
}
#endif

int main(void)
{
    pthread_t t, t2;
    sem_init(&go, 0, 0);
    sem_init(&done, 0, 0);
    pthread_create(&t, 0, worker, 0);
#if defined(ABA)
    while (!atomic_load(&flag)) sched_yield();
    atomic_store(&ack, 1);
    while (atomic_load(&flag)) sched_yield();
#elif defined(NOT_CREATED)
    int turns = 0;
    while (!atomic_load(&flag)) {
        if (turns < 3 && ++turns == 3) sem_post(&go);
        sched_yield();
    }
#elif defined(COND)
    while (!atomic_load(&flag)) {
        pthread_mutex_lock(&m);
        pthread_cond_signal(&cv);
        pthread_mutex_unlock(&m);
        sched_yield();
    }
#elif defined(SEM)
    sem_post(&go);
    while (sem_trywait(&done) != 0) sched_yield();
#elif defined(TRYLOCK)
    sem_post(&go);
    while (pthread_mutex_trylock(&m) != 0) sched_yield();
    pthread_mutex_unlock(&m);
#elif defined(TWO)
    pthread_create(&t2, 0, worker, (void *)1L);
    pthread_join(t2, 0);
#elif defined(ASSUME) || defined(GRANDCHILD)
    while (!atomic_load(&flag)) sched_yield(); /* marker: spin */
#endif
    pthread_join(t, 0);
    (void)t2;
    return 0;
}
