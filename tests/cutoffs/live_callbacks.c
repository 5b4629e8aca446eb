/* Liveness attack: program code entered from elsewhere.  qsort and
 * bsearch callbacks doing pthread calls (the walk up the frames must
 * stop at the C library's frame), a pthread function called through a
 * function pointer kept in a local, a thread function also called
 * directly, a signal handler (raise) reading main's local through a
 * global pointer, __attribute__((cleanup)) reading a local at scope exit,
 * and a VLA and alloca (frames of variable size: left out).
 * Must report: only `seen == 0` (thr ran first). */
#include <alloca.h>
#include <assert.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int g, cleaned;
volatile int *sig_target;
volatile int sig_seen;

static void *thr(void *p)
{
    int local = 9;
    pthread_mutex_lock(&m);
    g += p ? 0 : 1;
    pthread_mutex_unlock(&m);
    return (void *)(long)local;
}

static int cmp(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    pthread_mutex_lock(&m);
    pthread_mutex_unlock(&m);
    return (x > y) - (x < y);
}

static void on_sig(int s)
{
    pthread_mutex_lock(&m);
    sig_seen = *sig_target + s - s;
    pthread_mutex_unlock(&m);
}

static void done(int *p) { cleaned = *p; }

static int scoped(int v)
{
    int guard __attribute__((cleanup(done))) = v;
    pthread_mutex_lock(&m);
    pthread_mutex_unlock(&m);
    return v + 1;
}

static int vla(int n)
{
    int a[n];
    int *b = alloca(n * sizeof *b);
    for (int i = 0; i < n; i++) a[i] = i, b[i] = 2 * i;
    pthread_mutex_lock(&m);
    pthread_mutex_unlock(&m);
    int s = 0;
    for (int i = 0; i < n; i++) s += a[i] + b[i];
    return s;
}

int main(void)
{
    int v[6] = {5, 3, 6, 1, 4, 2};
    qsort(v, 6, sizeof *v, cmp);
    int key = 4;
    int *hit = bsearch(&key, v, 6, sizeof *v, cmp);
    int (*lock)(pthread_mutex_t *) = pthread_mutex_lock;
    int (*unlock)(pthread_mutex_t *) = pthread_mutex_unlock;
    lock(&m);
    unlock(&m);
    void *direct = thr((void *)1);
    volatile int target = 42;
    sig_target = &target;
    signal(SIGUSR1, on_sig);
    raise(SIGUSR1);
    int sc = scoped(10);
    int sv = vla(5);
    pthread_t t;
    pthread_create(&t, 0, thr, 0);
    lock(&m);
    int seen = g;
    unlock(&m);
    void *ret;
    pthread_join(t, &ret);
    assert(v[0] == 1 && v[5] == 6 && hit && *hit == 4);
    assert(direct == (void *)9L && ret == (void *)9L);
    assert(sig_seen == 42);
    assert(sc == 11 && cleaned == 10);
    assert(sv == 30);
    assert(seen == 0); /* fails when thr ran first */
    return 0;
}
