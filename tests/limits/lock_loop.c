/* lock_loop.c — two threads taking one mutex forever, incrementing a
 * counter: no state repeats (no cutoff), and the unfolding's extensions
 * of one long execution cost more than linear time in its length (each
 * acquisition may follow any earlier release), so udpor's first
 * execution would take minutes to reach --max-events.  --time-limit must
 * stop it inside that work. */
#include <pthread.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static int x;

static void *loop(void *a)
{
    for (;;) {
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
    return 0;
}
