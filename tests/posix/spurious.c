/* Spurious wake-ups (--spurious-wakeups).  a: lock, flag = 1, signal,
 * unlock.  b: lock, if (!flag) wait (no loop), unlock.
 * Without spurious wake-ups b's wake-up waits for a's signal: either b
 * waits first and wakes after a's section, or a's section comes first and
 * b does not wait: 2 traces.  With them, b's wake-up may also come before
 * a's section (no notification; a's signal is then lost): 3 traces.
 *   MODE 0: b does not rely on flag after the wait (correct either way;
 *           under a property the verdict is TRUE only with the option).
 *   MODE 1: b asserts flag after the wait: fails only with spurious
 *           wake-ups. */
#include <assert.h>
#include <pthread.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t c = PTHREAD_COND_INITIALIZER;
static int flag;

static void *fa(void *arg)
{
    pthread_mutex_lock(&m);
    flag = 1;
    pthread_cond_signal(&c);
    pthread_mutex_unlock(&m);
    return arg;
}

static void *fb(void *arg)
{
    pthread_mutex_lock(&m);
    if (!flag) pthread_cond_wait(&c, &m);
    if (MODE == 1) assert(flag);
    pthread_mutex_unlock(&m);
    return arg;
}

int main(void)
{
    pthread_t a, b;
    pthread_create(&a, 0, fa, 0);
    pthread_create(&b, 0, fb, 0);
    pthread_join(a, 0);
    pthread_join(b, 0);
    return 0;
}
