/* Barriers, reused for two cycles by main and thread t (count 2).  Each
 * writes its own slot, waits, and reads the other's slot; then both wait
 * a second time.  Exactly one waiter per cycle gets
 * PTHREAD_BARRIER_SERIAL_THREAD: the last to arrive (as glibc).  Run with
 * --memory=drf: plain accesses are no events (the program is race free).
 *   MODE 0: correct.  Cycle 1: the first arriver F (main or t) leaves
 *           after the other's (serial) arrive S.  Cycle 2: S arrives again
 *           either before F's leave (then S is first in cycle 2) or after
 *           it (then either may be first): 3 orders.  An arrive and a leave
 *           on one barrier are dependent (a conservative relation, DESIGN
 *           "Barriers"), so these are 2 x 3 = 6 traces.
 *   MODE 1: count 3 with two threads: nobody leaves: a deadlock.
 *   MODE 2: t skips the first wait: its read of main's slot races.
 *   MODE 3: main assumes it is always the serial thread: assertion. */
#include <assert.h>
#include <pthread.h>

static pthread_barrier_t b;
static int slot[2], serial[2][2];

static void body(int me)
{
    slot[me] = 1;
    if (!(MODE == 2 && me == 1))
        serial[0][me] = pthread_barrier_wait(&b) == PTHREAD_BARRIER_SERIAL_THREAD;
    assert(slot[1 - me] == 1);
    if (MODE == 3 && me == 0) assert(serial[0][0]);
    serial[1][me] = pthread_barrier_wait(&b) == PTHREAD_BARRIER_SERIAL_THREAD;
}

static void *thr(void *arg)
{
    body(1);
    return arg;
}

int main(void)
{
    pthread_t t;
    pthread_barrier_init(&b, 0, MODE == 1 ? 3 : 2);
    pthread_create(&t, 0, thr, 0);
    body(0);
    pthread_join(t, 0);
    if (MODE != 2) assert(serial[0][0] + serial[0][1] == 1);
    assert(serial[1][0] + serial[1][1] == 1);
    pthread_barrier_destroy(&b);
    return 0;
}
