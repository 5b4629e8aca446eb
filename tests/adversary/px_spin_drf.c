/* A spin lock protecting a counter, --memory=drf.  BUG 0: two threads
 * try the lock, and block on it when the try fails (ravel never spins):
 * no race, x == 2.  Traces: the trylocks are ordered (t0's first or
 * t1's), and the second one falls inside the first thread's section
 * (fails, then locks) or after it (succeeds): 2 x 2 = 4.  BUG 1: a thread
 * skips the lock; BUG 2: it writes whether or not its trylock succeeded:
 * data races, found by every algorithm. */
#include <assert.h>
#include <pthread.h>
static pthread_spinlock_t s;
static int x;
static void *thr(void *a)
{
    if (BUG == 1) {
        x++;
    } else if (BUG == 2) {
        int r = pthread_spin_trylock(&s);
        x++;
        if (r == 0) pthread_spin_unlock(&s);
    } else {
        while (pthread_spin_trylock(&s) != 0) {
            pthread_spin_lock(&s); /* ravel never spins: block instead */
            break;
        }
        x++;
        pthread_spin_unlock(&s);
    }
    return a;
}
int main(void)
{
    pthread_t t[2];
    pthread_spin_init(&s, PTHREAD_PROCESS_PRIVATE);
    pthread_create(&t[0], 0, thr, 0);
    pthread_create(&t[1], 0, thr, 0);
    pthread_join(t[0], 0);
    pthread_join(t[1], 0);
    assert(x == 2);
    assert(pthread_spin_destroy(&s) == 0);
    return 0;
}
