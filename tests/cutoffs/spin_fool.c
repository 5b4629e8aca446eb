/* spin_fool.c — loops built to fool the non-termination check (lasso.c,
 * issue 28 part 3).  Each variant is one -D.  In the first group every
 * real run ends: the loop's progress is somewhere a careless state would
 * not look, so its states only seem to repeat, and a report of
 * non-termination would be a wrong answer.  The loops run longer than
 * the first event budget of a run (256 events past its prefix), so the
 * check does look at them.
 *   WRAP_ENDS    a global 8-bit counter wraps to 0 and the loop ends
 *   LOCAL_ENDS   the same with a local counter (on the stack, or in a
 *                callee-saved register at -O2: no event writes it)
 *   HEAP         the counter is a heap byte
 *   OTHER_STACK  the spinner waits for a byte on another thread's stack,
 *                which that thread counts up and then waits (blocked) on
 *                a semaphore the spinner posts when it leaves
 *   SEMVAL       the exit is a semaphore's value read by sem_getvalue
 *                (a runtime store into the program's memory), raised by
 *                the spinner's own posts; the variable read is zeroed
 *                after each turn, so only the semaphore keeps the count
 *   ATTR         the exit is a stack size read back from an attribute
 *                object with pthread_attr_getstacksize; the turn sets it
 *                one page larger and zeroes the variable read
 *   ERRNO        the count is in errno (the thread's record, not memory)
 *   SPECIFIC     the count is a thread-specific value (pthread_setspecific)
 *   TIMEDLOCK    the flag's setter waits in pthread_mutex_timedlock on a
 *                mutex the spinner holds for good: its deadline passes
 *   CONDTIMED    the setter waits in pthread_cond_timedwait that nobody
 *                signals: its deadline passes
 *   SLEEPER      the setter sleeps (nanosleep) before it sets the flag
 *   ALARM_OTHER  another thread sets an alarm whose SIGALRM handler ends
 *                the spin, and finishes (the taint is not below the spin)
 * In the second group no run ever ends: the state really repeats.
 *   WRAP_SPIN    the spinner counts a global 8-bit counter while it
 *                waits for a flag nobody sets: after 256 turns it is back
 *   SEMVAL_NEVER the spinner polls sem_getvalue on a semaphore nobody
 *                posts
 * Every spin reads the atomic `flag`, so each turn is an event. */
#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <semaphore.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

atomic_int flag, busy;
unsigned char counter;
sem_t sem, done;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
pthread_cond_t cv = PTHREAD_COND_INITIALIZER;
unsigned char *volatile gp;
int got;
size_t gsize;

static __attribute__((unused)) void deadline(struct timespec *ts)
{
    clock_gettime(CLOCK_REALTIME, ts);
    ts->tv_sec += 1;
}

#if defined(WRAP_ENDS)
int main(void)
{
    counter = 1;
    while (counter != 0) { /* marker: loop */
        (void)atomic_load(&flag);
        counter++;
    }
    return 0;
}
#elif defined(LOCAL_ENDS)
int main(void)
{
    for (unsigned char i = 1; i != 0; i++) /* marker: loop */
        (void)atomic_load(&flag);
    return 0;
}
#elif defined(HEAP)
int main(void)
{
    unsigned char *p = malloc(1);
    *p = 1;
    while (*p != 0) { /* marker: loop */
        (void)atomic_load(&flag);
        (*p)++;
    }
    free(p);
    return 0;
}
#elif defined(OTHER_STACK)
static void *counter_thread(void *a)
{
    unsigned char mine = 0;
    gp = &mine;
    while (mine != 200) mine++;
    sem_wait(&done); /* keeps the frame alive until the spinner is gone */
    return a;
}
int main(void)
{
    pthread_t t;
    sem_init(&done, 0, 0);
    pthread_create(&t, NULL, counter_thread, NULL);
    while (!gp) sched_yield();
    while (*gp != 200) (void)atomic_load(&flag); /* marker: loop */
    sem_post(&done);
    pthread_join(t, NULL);
    return 0;
}
#elif defined(SEMVAL)
int main(void)
{
    sem_init(&sem, 0, 0);
    for (;;) { /* marker: loop */
        (void)atomic_load(&flag);
        sem_post(&sem);
        sem_getvalue(&sem, &got);
        if (got >= 150) break;
        got = 0;
    }
    return 0;
}
#elif defined(ATTR)
int main(void)
{
    pthread_attr_t a;
    pthread_attr_init(&a);
    pthread_attr_getstacksize(&a, &gsize);
    size_t base = gsize;
    for (;;) { /* marker: loop */
        (void)atomic_load(&flag);
        pthread_attr_getstacksize(&a, &gsize);
        if (gsize >= base + 150 * 4096) break;
        pthread_attr_setstacksize(&a, gsize + 4096);
        gsize = 0;
    }
    pthread_attr_destroy(&a);
    return 0;
}
#elif defined(ERRNO)
int main(void)
{
    errno = 0;
    while (errno < 300) { /* marker: loop */
        (void)atomic_load(&flag);
        errno++;
    }
    return 0;
}
#elif defined(SPECIFIC)
int main(void)
{
    pthread_key_t k;
    pthread_key_create(&k, NULL);
    for (;;) { /* marker: loop */
        (void)atomic_load(&flag);
        long n = (long)pthread_getspecific(k);
        if (n >= 300) break;
        pthread_setspecific(k, (void *)(n + 1));
    }
    return 0;
}
#elif defined(TIMEDLOCK)
static void *setter(void *a)
{
    struct timespec ts;
    deadline(&ts);
    if (pthread_mutex_timedlock(&m, &ts) == 0) pthread_mutex_unlock(&m);
    atomic_store(&flag, 1);
    return a;
}
int main(void)
{
    pthread_t t;
    pthread_mutex_lock(&m);
    pthread_create(&t, NULL, setter, NULL);
    while (!atomic_load(&flag)) sched_yield(); /* marker: loop */
    pthread_mutex_unlock(&m);
    pthread_join(t, NULL);
    return 0;
}
#elif defined(CONDTIMED)
static void *setter(void *a)
{
    struct timespec ts;
    deadline(&ts);
    pthread_mutex_lock(&m);
    pthread_cond_timedwait(&cv, &m, &ts);
    pthread_mutex_unlock(&m);
    atomic_store(&flag, 1);
    return a;
}
#elif defined(SLEEPER)
static void *setter(void *a)
{
    struct timespec ts = {0, 1000000};
    nanosleep(&ts, NULL);
    atomic_store(&flag, 1);
    return a;
}
#elif defined(ALARM_OTHER)
static void on_alarm(int s)
{
    (void)s;
    atomic_store(&flag, 1);
}
static void *arm(void *a)
{
    (void)atomic_load(&flag); /* a visible action first: the taint is this thread's */
    signal(SIGALRM, on_alarm);
    alarm(100);
    return a;
}
int main(void)
{
    pthread_t t;
    pthread_create(&t, NULL, arm, NULL);
    while (!atomic_load(&flag)) atomic_store(&busy, 1); /* marker: loop */
    pthread_join(t, NULL);
    return 0;
}
#elif defined(WRAP_SPIN)
int main(void)
{
    while (!atomic_load(&flag)) counter++; /* marker: loop WRAP_SPIN */
    return 0;
}
#elif defined(SEMVAL_NEVER)
int main(void)
{
    sem_init(&sem, 0, 0);
    do sem_getvalue(&sem, &got); /* marker: loop SEMVAL_NEVER */
    while (got == 0 && !atomic_load(&flag));
    return 0;
}
#else
#error "pick a variant"
#endif

#if defined(CONDTIMED) || defined(SLEEPER)
/* the setter ends the spin */
int main(void)
{
    pthread_t t;
    pthread_create(&t, NULL, setter, NULL);
    while (!atomic_load(&flag)) sched_yield(); /* marker: loop */
    pthread_join(t, NULL);
    return 0;
}
#endif
