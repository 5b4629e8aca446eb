/* The POSIX thread functions added by issue 27 part 2 (DESIGN §3b):
 * sem_getvalue, thread names, scheduling, pthread_getattr_np, signal
 * masks, cancellability, the clock variants of the timed waits and the
 * rest.  MODE 0 checks their results (no error in any interleaving);
 * MODEs 1-3 race a reader with a writer (an assertion that only one
 * order violates: every algorithm must find it, so the calls are events
 * that depend on each other); MODE 4 asks for a writer-preferring
 * read-write lock (unsupported); MODE 5 for more stack than ravel's
 * threads have (a resource limit). */
#define _GNU_SOURCE
#include <assert.h>
#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <semaphore.h>
#include <signal.h>
#include <string.h>
#include <time.h>

sem_t s;
pthread_t main_id, t1;
struct timespec ts;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static int is_blocked(int sig)
{
    sigset_t cur;
    pthread_sigmask(SIG_BLOCK, NULL, &cur);
    return (cur.__val[0] >> (sig - 1)) & 1;
}

/* a child of main after main named itself, took SCHED_BATCH and blocked
 * SIGUSR1: it inherits all three */
static void *child(void *a)
{
    char n[16];
    assert(pthread_getname_np(pthread_self(), n, sizeof n) == 0 && !strcmp(n, "main-x"));
    int pol;
    struct sched_param sp;
    assert(pthread_getschedparam(pthread_self(), &pol, &sp) == 0 && pol == SCHED_BATCH);
    assert(is_blocked(SIGUSR1) && !is_blocked(SIGUSR2));
    pthread_attr_t at;
    assert(pthread_getattr_np(pthread_self(), &at) == 0);
    int ds;
    size_t size;
    void *lo;
    assert(pthread_attr_getdetachstate(&at, &ds) == 0 && ds == (a ? PTHREAD_CREATE_DETACHED
                                                                   : PTHREAD_CREATE_JOINABLE));
    assert(pthread_attr_getstack(&at, &lo, &size) == 0 && size >= (1u << 20));
    assert((char *)&n > (char *)lo && (char *)&n < (char *)lo + size); /* its own stack */
    pthread_attr_destroy(&at);
    if (a) sem_post(&s);
    return 0;
}

static void semantics(void)
{
    int v;
    /* semaphores */
    sem_init(&s, 0, 2);
    assert(sem_getvalue(&s, &v) == 0 && v == 2);
    sem_wait(&s);
    assert(sem_getvalue(&s, &v) == 0 && v == 1);
    sem_wait(&s);
    /* names */
    char n[16];
    assert(pthread_getname_np(pthread_self(), n, 8) == ERANGE);
    assert(pthread_getname_np(pthread_self(), n, sizeof n) == 0 && n[0]); /* the executable's */
    assert(pthread_setname_np(pthread_self(), "0123456789abcdef") == ERANGE);
    assert(pthread_setname_np(pthread_self(), "main-x") == 0);
    assert(pthread_getname_np(pthread_self(), n, sizeof n) == 0 && !strcmp(n, "main-x"));
    assert(pthread_setname_np((pthread_t)999, "x") == ESRCH);
    /* scheduling: unprivileged */
    int pol;
    struct sched_param sp = {0};
    assert(pthread_getschedparam(pthread_self(), &pol, &sp) == 0 && pol == SCHED_OTHER &&
           sp.sched_priority == 0);
    sp.sched_priority = 10;
    assert(pthread_setschedparam(pthread_self(), SCHED_FIFO, &sp) == EPERM);
    assert(pthread_setschedparam(pthread_self(), SCHED_OTHER, &sp) == EINVAL);
    sp.sched_priority = 0;
    assert(pthread_setschedparam(pthread_self(), SCHED_BATCH, &sp) == 0);
    assert(pthread_setschedprio(pthread_self(), 1) == EINVAL);
    assert(pthread_setschedprio(pthread_self(), 0) == 0);
    /* signal masks */
    sigset_t set, old;
    memset(&set, 0, sizeof set);
    set.__val[0] = 1ul << (SIGUSR1 - 1) | 1ul << (SIGKILL - 1);
    assert(pthread_sigmask(SIG_BLOCK, &set, &old) == 0 && old.__val[0] == 0);
    assert(is_blocked(SIGUSR1) && !is_blocked(SIGKILL));
    assert(pthread_sigmask(12345, &set, NULL) == EINVAL);
    /* cancellability */
    int o;
    assert(pthread_setcancelstate(PTHREAD_CANCEL_DISABLE, &o) == 0 && o == PTHREAD_CANCEL_ENABLE);
    assert(pthread_setcancelstate(PTHREAD_CANCEL_ENABLE, &o) == 0 && o == PTHREAD_CANCEL_DISABLE);
    assert(pthread_setcanceltype(7, &o) == EINVAL);
    pthread_testcancel();
    /* the rest */
    assert(pthread_kill(pthread_self(), 0) == 0);
    assert(sched_getcpu() == 0);
    clockid_t c;
    assert(pthread_getcpuclockid(pthread_self(), &c) == 0);
    assert(pthread_atfork(0, 0, 0) == 0);
    assert(pthread_setconcurrency(3) == 0 && pthread_getconcurrency() == 3);
    pthread_rwlockattr_t ra;
    pthread_rwlockattr_init(&ra);
    assert(pthread_rwlockattr_setkind_np(&ra, PTHREAD_RWLOCK_PREFER_WRITER_NP) == 0);
    assert(pthread_rwlockattr_getkind_np(&ra, &o) == 0 && o == PTHREAD_RWLOCK_PREFER_WRITER_NP);
    assert(pthread_mutex_clocklock(&m, CLOCK_PROCESS_CPUTIME_ID, &ts) == EINVAL);
    int r = pthread_mutex_clocklock(&m, CLOCK_MONOTONIC, &ts);
    assert(r == 0 || r == ETIMEDOUT);
    if (r == 0) pthread_mutex_unlock(&m);
    pthread_attr_t at;
    pthread_attr_init(&at);
    assert(pthread_getattr_np(pthread_self(), &at) == 0);
    size_t size;
    void *lo;
    assert(pthread_attr_getstack(&at, &lo, &size) == 0 && (char *)&at > (char *)lo &&
           (char *)&at < (char *)lo + size); /* main's is the process's */
    pthread_attr_destroy(&at);
    /* a real-time policy named explicitly: refused */
    pthread_attr_init(&at);
    pthread_attr_setinheritsched(&at, PTHREAD_EXPLICIT_SCHED);
    pthread_attr_setschedpolicy(&at, SCHED_RR);
    sp.sched_priority = 1;
    pthread_attr_setschedparam(&at, &sp);
    pthread_t t;
    assert(pthread_create(&t, &at, child, 0) == EPERM);
    pthread_attr_destroy(&at);
    /* children inherit; one created detached says so (one at a time:
     * the check is of the results, not of the interleavings) */
    pthread_create(&t, 0, child, 0);
    pthread_join(t, 0);
    pthread_attr_init(&at);
    pthread_attr_setdetachstate(&at, PTHREAD_CREATE_DETACHED);
    pthread_t d;
    pthread_create(&d, &at, child, (void *)1);
    sem_wait(&s); /* the detached child is done */
}

static void *poster(void *a)
{
    sem_post(&s);
    return 0;
}
static void *namer(void *a)
{
    pthread_setname_np(main_id, "other");
    return 0;
}
static void *detacher(void *a)
{
    pthread_detach(t1);
    return 0;
}
static void *idle(void *a)
{
    return 0;
}

int main(void)
{
    main_id = pthread_self();
#if MODE == 0
    semantics();
#elif MODE == 1 /* sem_getvalue depends on sem_post */
    pthread_t t;
    sem_init(&s, 0, 0);
    pthread_create(&t, 0, poster, 0);
    int v;
    sem_getvalue(&s, &v);
    assert(v == 0);
    pthread_join(t, 0);
#elif MODE == 2 /* pthread_getname_np depends on another thread's pthread_setname_np */
    pthread_t t;
    pthread_create(&t, 0, namer, 0);
    char n[16];
    pthread_getname_np(pthread_self(), n, sizeof n);
    assert(strcmp(n, "other"));
    pthread_join(t, 0);
#elif MODE == 3 /* pthread_getattr_np's detach state depends on pthread_detach */
    pthread_t t;
    pthread_create(&t1, 0, idle, 0);
    pthread_create(&t, 0, detacher, 0);
    pthread_attr_t at;
    int ds;
    pthread_getattr_np(t1, &at);
    pthread_attr_getdetachstate(&at, &ds);
    assert(ds == PTHREAD_CREATE_JOINABLE);
    pthread_join(t, 0);
#elif MODE == 4
    pthread_rwlockattr_t ra;
    pthread_rwlockattr_init(&ra);
    pthread_rwlockattr_setkind_np(&ra, PTHREAD_RWLOCK_PREFER_WRITER_NONRECURSIVE_NP);
#elif MODE == 5
    pthread_attr_t at;
    pthread_attr_init(&at);
    pthread_attr_setstacksize(&at, 64u << 20);
    pthread_t t;
    pthread_create(&t, &at, idle, 0);
    pthread_join(t, 0);
#endif
    return 0;
}
