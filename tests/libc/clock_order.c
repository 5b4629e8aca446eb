/* Two threads read the one clock: which reads first gets the smaller
 * value, so the readings are dependent and every algorithm must run both
 * orders to find the assertion (2 traces).  With -DSAME both read in one
 * thread after the other: 1 trace, no error. */
#include <assert.h>
#include <pthread.h>
#include <time.h>

static struct timespec ta, tb;

static void *fa(void *x)
{
    clock_gettime(CLOCK_MONOTONIC, &ta);
    return x;
}
static void *fb(void *x)
{
    clock_gettime(CLOCK_MONOTONIC, &tb);
    return x;
}

int main(void)
{
    pthread_t a, b;
#ifdef SAME
    fa(0);
    fb(0);
    (void)a, (void)b;
#else
    pthread_create(&a, 0, fa, 0);
    pthread_create(&b, 0, fb, 0);
    pthread_join(a, 0);
    pthread_join(b, 0);
#endif
    assert(ta.tv_sec < tb.tv_sec); /* fails when fb reads first */
    return 0;
}
