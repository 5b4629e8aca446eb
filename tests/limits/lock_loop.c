/* lock_loop.c — two threads taking one mutex forever, incrementing a
 * counter: no state repeats (no cutoff).  Each acquisition may follow any
 * earlier release, and Extend's enumeration of histories tested every
 * candidate below the ones chosen and replayed the mutex from the start
 * for each history: quadratic in the execution's length (500 s to the
 * default --max-events before; docs/UDPOR.md "Cost").  With -DM=k each
 * thread takes the mutex k times and main joins: C(2k, k) Mazurkiewicz
 * traces (the critical sections conflict: x++ reads and writes x). */
#include <pthread.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static int x;

static void *loop(void *a)
{
#ifdef M
    for (int i = 0; i < M; i++) {
#else
    for (;;) {
#endif
        pthread_mutex_lock(&m);
        x++;
        pthread_mutex_unlock(&m);
    }
    return a;
}

int main(void)
{
    pthread_t t;
    pthread_create(&t, 0, loop, 0);
    loop(0);
#ifdef M
    pthread_join(t, 0);
#endif
    return 0;
}
