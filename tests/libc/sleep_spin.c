/* Sleep-polling loops keep their cutoffs: a sleep shorter than the
 * clock's step changes no state, a longer one sets the thread's floor
 * once (the same value at every turn), so the loop's states repeat and
 * the exploration is exhaustive.  -DUS: usleep, else sleep(2). */
#include <pthread.h>
#include <unistd.h>

static int done;

static void *w(void *x)
{
    __atomic_store_n(&done, 1, __ATOMIC_SEQ_CST);
    return x;
}

int main(void)
{
    pthread_t t;
    pthread_create(&t, 0, w, 0);
    while (!__atomic_load_n(&done, __ATOMIC_SEQ_CST)) {
#if defined US
        usleep(1000);
#else /* -DLONG */
        sleep(2);
#endif
    }
    pthread_join(t, 0);
    return 0;
}
